#!/bin/bash
# Nothing on the screen gives a prediction's answer away while it waits:
# every prediction step of every lesson, in cfx learn and in cfx dash
# --learn, its screen read with tmux capture-pane and scanned for the
# answer, computed independently (python, PARI/GP): screens.py says how.
. "$(dirname "$0")/../lib/tmux.sh"
export TM_SOCK TM_DIR
python3 "$(dirname "$0")/screens.py"
