#!/bin/bash
# cfx search draws one progress bar on stderr when it is a terminal
# ("search [###...] N/M UNITS, PHASE, S s": the enumeration fills its
# first tenth, the screens the rest), and clears it; redirected, stderr
# stays empty.
. "$(dirname "$0")/../lib/tmux.sh"

# --terms 7: two seconds of processor time, enough for the bar to be
# drawn and read; the wait for the end is a guard against a hang, not a
# time limit (under the sanitizers on a loaded machine --terms 9 took
# more than 120 s of wall time)
tm_start 100 10 "./cfx search --bits 64 --terms 7 --window 12 --prime >/dev/null"
check "a progress bar on a terminal" tm_wait 'search \[[#.]+\] [0-9]+/[0-9]+ (subtrees|first adders|candidates), [a-z]'
st=$(tm_exited 900)
if [ "$st" = 0 ]; then ok "search exits 0"; else bad "search exits 0: status $st"; fi
check "the bar is cleared at the end" tm_gone 'search \[' 5

err=$(cd "$root" && ./cfx search --bits 32 --prime 2>&1 >/dev/null)
check "no progress when stderr is not a terminal" test -z "$err"
tm_summary
