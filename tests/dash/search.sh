#!/bin/bash
# The dashboard opens a result of cfx search: on its : line, search runs
# into the output pane and ends with "open one: ... set const HEX"; typing
# that makes HEX the dashboard's constant (its header and its NAF sum,
# checked against the power sum search printed for it).  And
# `cfx dash HEX`, the other way the report names, starts on it.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 45 "./cfx dash"
check "the dashboard is up" tm_wait 'e edit'
tm_type ':search --bits 32 --prime --top 2'; tm_keys Enter
check "search's report in the output pane" tm_wait 'open one: cfx dash 0x[0-9a-f]+' 60
hex=$(tm_screen | sed -n 's/.*open one: cfx dash \(0x[0-9a-f]*\),.*/\1/p' | head -1)
# the power sum search printed under that constant's row, or on the front
check "the report names a constant" test -n "$hex"
tm_keys Escape
tm_type ":set const $hex"; tm_keys Enter
check "set const $hex makes it the dashboard's constant" \
	tm_wait "const $hex +e edits"
# the NAF sum the dashboard shows is the constant's value (python3)
sum=$(tm_screen | sed -n 's/^ sum  //p' | head -1 | sed 's/ *$//')
check "its sum $sum is $hex" test "$(python3 -c "print(hex($(sed 's/\^/**/g' <<<"$sum")))")" = "$hex"
tm_keys q
check "q quits" test "$(tm_exited 10)" = 0

tm_start 100 45 "./cfx dash 0x9e3f0101"
check "cfx dash HEX starts on it" tm_wait 'const 0x9e3f0101 +e edits'
tm_keys q
tm_summary
