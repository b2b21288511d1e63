#!/bin/bash
# verify draws a progress bar on stderr when it is a terminal, and clears
# it; redirected, stderr stays empty.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 10 "./cfx verify 0x9e37fffffffc0001 >/dev/null"
check "a progress bar on a terminal" tm_wait 'verify \[[#.]+\] [0-9]+/[0-9]+ families'
check "verify exits 1 (FAIL)" test "$(tm_exited 60)" = 1
check "the bar is cleared at the end" tm_gone 'families' 5

err=$(cd "$root" && ./cfx verify 0x61C88647 --table-bits 4-8 2>&1 >/dev/null)
check "no progress when stderr is not a terminal" test -z "$err"
tm_summary
