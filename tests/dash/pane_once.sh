#!/bin/bash
# Issue 26, the output pane and the smallest word, at 80x24:
#  1. A ':' command's report is wrapped once, at the pane's width: cfx
#     fills its lines to the pane (78 columns inside at 80x24, 38 beside
#     a lesson), and the pane shows them as they are.  It had filled them
#     to 80 and the pane broke them again at 78 (cf 2^64/phi's golden line
#     left "909591 at a_80159" on a row of its own), beside a lesson every
#     filled line.  The rows are read back and compared with the report of
#     `cfx cf 2^64/phi` filled once at the pane's width by the rule that
#     tests/dash/pane_once.py states (greedy, hanging indent 11, Python's
#     textwrap), never by the dashboard; :verify --full's last rows are
#     the command line's last lines (72 columns: nothing to wrap).
#  2. The word at its smallest, 1 bit (the dashboard takes 1..64,
#     cli_word.c): every panel read, each figure Python's (pane_once.py
#     onebit): none cut (the spectrum panel said "only 2^1 distinct points
#     exist f"), none blank without a word, none wrong; { { { ] brings K
#     to 2, where the spectrum is drawn.
. "$(dirname "$0")/lib.bash"
read_py() { python3 "$(dirname "$0")/pane_once.py" "$@"; }

# read_checks PREFIX MODE ARGS... (lib.bash): the screen read by
# pane_once.py

./cfx cf '2^64/phi' > "$TM_DIR/cf.txt"
./cfx verify --full 0x9e370001 > "$TM_DIR/verify.txt"

# 1. at 80x24: the pane is 78 columns inside
dash_start 80 24
tm_wait 'R +[0-9]' 60 >/dev/null
tm_type ':cf 2^64/phi'; tm_keys Enter
tm_wait ':cf 2\^64/phi done' 30 >/dev/null
read_checks "80x24 :cf 2^64/phi: " pane 78 "$TM_DIR/cf.txt" ':cf 2^64/phi'
# :verify with options runs on a thread of its own, filled to the pane
tm_type ':verify --full 0x9e370001'; tm_keys Enter
tm_wait ':verify --full 0x9e370001 ran' 120 >/dev/null
read_checks "80x24 :verify --full 0x9e370001: " pane 78 "$TM_DIR/verify.txt" \
	':verify --full 0x9e370001'
tm_type q; tm_exited >/dev/null

# beside a lesson at 80x24 the pane is the left half: 38 inside
dash_start 80 24 dash --learn 9
tm_wait 'Lesson 9' 30 >/dev/null
tm_type ':cf 2^64/phi'; tm_keys Enter
tm_wait ':cf 2\^64/phi done' 30 >/dev/null
read_checks "80x24 beside lesson 9, :cf 2^64/phi: " pane 38 "$TM_DIR/cf.txt" \
	':cf 2^64/phi' left
tm_type ':quit'; tm_keys Enter
tm_type q; tm_exited >/dev/null

# 2. the 1-bit word
dash_start 80 24 dash --bits 1 1
tm_wait 'verify judges words' 60 >/dev/null
tm_wait 'worst s=0' 60 >/dev/null
read_checks "--bits 1 1: " onebit
tm_keys '{'; tm_wait 'K = 6' 5 >/dev/null
tm_keys '{'; tm_wait 'K = 3' 5 >/dev/null
tm_keys '{'; tm_wait 'K = 1' 5 >/dev/null
tm_keys ']'; tm_wait 'K = 2 ' 5 >/dev/null
read_checks "--bits 1 1, K = 2: " spec2
tm_type q; tm_exited >/dev/null

# the same word set on the dashboard's line (:set bits at its low edge)
dash_start 80 24 dash 1
tm_wait 'R +[0-9]' 60 >/dev/null
tm_type ':set bits 1'; tm_keys Enter
tm_wait 'n = 1 ' 10 >/dev/null
tm_wait 'worst s=0' 60 >/dev/null
read_checks ":set bits 1: " onebit
# a pane over the spectrum's last row names the panel it is over
tm_type ':naf'; tm_keys Enter
tm_wait ':naf done' 10 >/dev/null
tm_settle
check ":set bits 1, :naf's pane: its title names the spectrum it is over" \
	eval 'tm_screen | grep -q "^─ Output.*over.*spectrum"'
tm_type q; tm_exited >/dev/null

tm_summary
