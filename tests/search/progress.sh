#!/bin/bash
# cfx search draws a progress bar on stderr when it is a terminal (the
# enumeration, then the screen), and clears it; redirected, stderr stays
# empty.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 10 "./cfx search --bits 64 --terms 9 --window 12 --prime >/dev/null"
check "a progress bar on a terminal" tm_wait 'enumerating \[[#.]+\] [0-9]+/[0-9]+ subtrees'
check "search exits 0" test "$(tm_exited 120)" = 0
check "the bar is cleared at the end" tm_gone 'subtrees' 5

err=$(cd "$root" && ./cfx search --bits 32 --prime 2>&1 >/dev/null)
check "no progress when stderr is not a terminal" test -z "$err"
tm_summary
