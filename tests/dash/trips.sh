#!/bin/bash
# The dashboard at 80x24, a newcomer's trips of issue 26: ~ and << typed
# with no word say what sets one here (Esc, then w or :set bits N; --bits
# is the command line's), and after w the same text is taken on the
# word; :set keys misspelt gets the nearest family, as the command line
# does; a bare constant on the : line says what takes it.  Expected
# values: python's ~1 on 64 bits.
. "$(dirname "$0")/lib.bash"

dash_start 80 24 dash 5
tm_wait 'const 5' >/dev/null
tm_type '/~1'
check "/~1 with no word: Esc, then w or :set bits N" \
	tm_wait '~ needs a word size: Esc, then w or :set bits N \(~\)'
check "    and not the command line's --bits" tm_gone 'give --bits'
tm_keys BSpace BSpace
tm_type '1<<3'
check "/1<<3 with no word: the same advice" \
	tm_wait '<< needs a word size: Esc, then w or :set bits N'
tm_keys Escape
tm_wait 'const 5' >/dev/null
# the advice works: w asks a word, then ~1 is taken on it
tm_type 'w'
tm_wait 'n = 64' >/dev/null
want=$(python3 -c 'print("0x%016x" % (~1 & (2**64 - 1)))')
tm_type '/~1'; tm_keys Enter
check "w, then /~1: $want on 64 bits" tm_wait "= $want"
tm_type ':set keys strde:'; tm_keys Enter
check ":set keys strde: did you mean stride:?" \
	tm_wait 'unknown key family \(strde:\); did you mean stride:\?'
tm_type ':0x61C88647'; tm_keys Enter
check ":0x61C88647: a constant, what takes it" \
	tm_wait '0x61C88647: a constant: try cf 0x61C88647, or set const 0x61C88647'
tm_keys Escape
tm_type 'q'
tm_exited >/dev/null
tm_summary
