#!/bin/bash
# The REPL at a terminal: completion, carets, Ctrl-C, history, Ctrl-D.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 30 ./cfx repl
check "banner and prompt" tm_wait '^cfx>$'

tm_type 'spe'; tm_keys Tab
check "TAB completes a command name" tm_wait '^cfx> spectrum$'
tm_keys C-u
tm_type 'cf 5 --conv'; tm_keys Tab
check "TAB completes an option" tm_wait '^cfx> cf 5 --convergents$'
tm_keys C-u
tm_type 'score 5 --keys stri'; tm_keys Tab
check "TAB completes a key family" tm_wait '^cfx> score 5 --keys stride:$'
tm_keys C-u
tm_type 'set fo'; tm_keys Tab; tm_type 'j'; tm_keys Tab
check "TAB completes set words in context" tm_wait '^cfx> set format json$'
tm_keys C-u
# an option's own values, not expression words (search offered golden(,
# nextprime( ... after --screen)
tm_type 'search --screen f'; tm_keys Tab
check "TAB completes search --screen's value" tm_wait '^cfx> search --screen full$'
tm_keys C-u
tm_type 'shifts 45 --target x'; tm_keys Tab
check "TAB completes shifts --target's value" tm_wait '^cfx> shifts 45 --target x86-64$'
tm_keys C-u
tm_type 'let seedconst = 0x9e370001'; tm_keys Enter
tm_type 'naf seedc'; tm_keys Tab
check "TAB completes a variable" tm_wait '^cfx> naf seedconst$'
tm_keys Enter
check "a variable works in a command" tm_wait 'power sum  2\^31 \+ 2\^29 - 2\^25'

tm_keys C-l
tm_type 'cf 2 + 0x1g * 3'; tm_keys Enter
check "an error shows the input" tm_wait '^  cf 2 \+ 0x1g \* 3$'
check "a caret under the bad token" tm_wait '^         \^~~~$'
check "and the message" tm_wait '^cf: bad hex digit in number \(0x1g\)$'
check "the session survives an error" tm_wait '^cfx>$'

tm_keys C-l
tm_type 'sweep 0x9e3779b97f4a7c15 --table-bits 20 --count 2^24'; tm_keys Enter
check "a long sweep shows progress" tm_wait 'sweep \[[#.]+\] [0-9]+/64 strides'
tm_keys C-c
check "Ctrl-C interrupts it" tm_wait '^sweep: interrupted$'
tm_type 'cf 13/8'; tm_keys Enter
check "and the prompt works after" tm_wait '^cf +\[1; 1, 1, 1, 2\]$'

# stats and bench draw ministat's plot to the terminal's width less 2, as
# cfx stats does at a shell (readline must not export COLUMNS: ministat's
# rule takes it whole, and the plot would wrap)
tm_keys C-l
tm_type 'stats tests/stats/ns_mul.txt'; tm_keys Enter
check "stats: the plot fits the terminal" tm_wait '^\+-{98}\+$'
tm_keys C-l
tm_type 'bench 0x9e370001 --runs 100000 --table-bits 4'; tm_keys Enter
check "bench shows its rounds" tm_wait 'bench \[[#.]+\] [0-9]+/100000 rounds'
tm_keys C-c
check "Ctrl-C interrupts bench, the bar cleared" tm_wait '^bench: interrupted$'
tm_type 'cf 13/8'; tm_keys Enter
check "and the prompt works after bench" tm_wait '^cf +\[1; 1, 1, 1, 2\]$'

# wait for readline to echo the text first: a ^C that reaches the terminal
# while the characters are still queued makes the line discipline flush
# them (no NOFLSH), so the screen shows 'cfx> half-ty^C' on a loaded machine
tm_type 'half-typed line'
tm_wait '^cfx> half-typed line$' >/dev/null
tm_keys C-c
check "Ctrl-C at the prompt clears the line" tm_wait '^cfx> half-typed line\^C$'
tm_type 'cf 1/3'; tm_keys Enter
check "and the next line runs alone" tm_wait '^cf +\[0; 3\]$'

tm_type 'cf 21/13'; tm_keys Enter
tm_keys C-d
check "Ctrl-D exits with status 0" test "$(tm_exited)" = 0
check "history is written" grep -qx 'cf 21/13' "$XDG_STATE_HOME/cfx/history"

# a second run recalls the first one's lines
tm_start 100 30 ./cfx repl
tm_wait '^cfx>$' >/dev/null
tm_keys Up
check "history recalled across runs" tm_wait '^cfx> cf 21/13$'
tm_keys C-u C-d
tm_exited >/dev/null

# history stays bounded
for i in $(seq 1 1200); do echo "cf $i"; done > "$XDG_STATE_HOME/cfx/history"
tm_start 100 30 ./cfx repl
tm_wait '^cfx>$' >/dev/null
tm_type 'cf 1/7'; tm_keys Enter
tm_keys C-d
tm_exited >/dev/null
check "history file bounded to 1000 lines" test "$(wc -l < "$XDG_STATE_HOME/cfx/history")" -le 1000

# a FIFO in the history file's place: said once, not opened (readline's
# open hung the prompt before it appeared, and again at every line)
rm -f "$XDG_STATE_HOME/cfx/history"; mkfifo "$XDG_STATE_HOME/cfx/history"
tm_start 100 30 ./cfx repl
msg="cfx: repl: history is not kept: not a regular file ($XDG_STATE_HOME/cfx/history)"
check "history a FIFO: said" tm_wait "^$(printf '%s' "$msg" | sed 's/[().]/\\&/g')$"
check "    the prompt comes" tm_wait '^cfx>$'
tm_type 'cf 13/8'; tm_keys Enter
check "    and works" tm_wait '^cf +\[1; 1, 1, 1, 2\]$'
tm_keys C-d
check "    Ctrl-D exits with status 0" test "$(tm_exited)" = 0
tm kill-server 2>/dev/null
rm -f "$XDG_STATE_HOME/cfx/history"

tm_summary
