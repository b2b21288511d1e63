#!/bin/bash
# The dashboard opens a result of cfx search: on its : line, search runs
# into the output pane and ends with "open one: ... set const HEX, then
# set bits N"; typing those makes HEX, on N bits, the dashboard's constant
# (its header, and its NAF sum, checked against HEX by python3).  The
# search is on 20 bits, where the constant alone would be read as 32-bit.
# And `cfx dash --bits N HEX`, the other way the report names, starts on
# it.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 45 "./cfx dash"
check "the dashboard is up" tm_wait 'e edit'
tm_type ':search --bits 20 --prime --top 2'; tm_keys Enter
check "search's report in the output pane" \
	tm_wait 'set const 0x[0-9a-f]+, then set bits 20' 60
hex=$(tm_screen | sed -n 's/.*set const \(0x[0-9a-f]*\), then set bits 20.*/\1/p' | head -1)
check "the report names a constant" test -n "$hex"
tm_keys Escape
tm_type ":set const $hex"; tm_keys Enter
tm_type ':set bits 20'; tm_keys Enter
check "set const $hex makes it the dashboard's constant" \
	tm_wait "const $hex +e edits"
check "on 20 bits" tm_wait "n = 20 "
sum=$(tm_screen | sed -n 's/^ sum  //p' | head -1 | sed 's/ *$//')
check "its sum $sum is $hex" test "$(python3 -c "print(hex($(sed 's/\^/**/g' <<<"$sum")))")" = "$hex"
tm_keys q
check "q quits" test "$(tm_exited 10)" = 0

tm_start 100 45 "./cfx dash 0x9e370001"
check "the dashboard is up on 0x9e370001" tm_wait 'n = 32 '
tm_type ':search --bits 20 --terms 4'; tm_keys Enter
check "search on 20 bits reports" tm_wait 'enumerated [0-9]+ forms' 60
check "the dashboard's constant stays on 32 bits" tm_wait 'n = 32 '
not_refused() { ! tm_screen | grep -q 'does not fit'; }
check "and is not refused on search's 20 bits" not_refused
tm_keys q
check "q quits" test "$(tm_exited 10)" = 0

tm_start 100 45 "./cfx dash --bits 20 $hex"
check "cfx dash --bits 20 $hex starts on it" tm_wait "const $hex +e edits"
check "on 20 bits" tm_wait "n = 20 "
tm_keys q
tm_summary
