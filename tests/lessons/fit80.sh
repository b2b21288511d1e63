#!/bin/bash
# The lesson pane at 80x24: every step of every lesson played in cfx dash
# --learn N under tmux; at its start its first sentence and its whole
# question on the screen, nothing past the pane's edge, and paged with
# Ctrl-U/Ctrl-D from top to bottom every line of its text seen, no scroll
# mark over a row of it.  What should show is read from the lesson files
# by fit80.py, not asked of cfx (issues 24 and 26).
. "$(dirname "$0")/../lib/tmux.sh"
export TM_SOCK TM_DIR
python3 "$(dirname "$0")/fit80.py"
