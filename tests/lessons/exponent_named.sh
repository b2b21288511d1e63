#!/bin/bash
# Issue 24 (an answer that cannot be read gets the parser's message,
# naming the token), found in a newcomer's trial: `answer 1e99999` said
# "bad digit in number (1e99999)", and so did `cfx naf 1e3`, where no
# digit is bad: the exponent is the problem.  A lesson's answer takes an
# exponent up to 10000 either way (lessons/FORMAT.md: 1.5e6), the
# expressions of the commands take none.  Each message names the
# exponent, the token cut here from what was typed (from its e on), one
# line on stderr, status 2, nothing on stdout; a hex literal with an e
# digit is still a number (python's int(..., 16)).
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
for typed in "naf 1e3" "cf 1.5e-3" "score 2 * 1e99999" "naf 7E+2"; do
	num=${typed##* }
	tok=${num#"${num%%[eE]*}"}      # from the e on
	read -ra args <<<"$typed"     # words, no glob: the * stays a *
	"$cfx" "${args[@]}" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
		grep -q "exponent.*($tok)\$" "$tmp/err" &&
		ok "cfx $typed: one line naming the exponent ($tok), status 2" ||
		bad "cfx $typed: status $rc, '$(cat "$tmp/err")', stdout $(
		     wc -c <"$tmp/out") bytes"
done
hex=$(python3 -c 'print(int("1e3", 16))')
"$cfx" naf 0x1e3 2>&1 | grep -q "= $hex " &&
	ok "cfx naf 0x1e3 is the hex number $hex" ||
	bad "cfx naf 0x1e3: $("$cfx" naf 0x1e3 2>&1 | head -n 2)"
# a lesson: lesson 1 step 4 takes one try; an exponent past 10000 costs
# none of it, and the right answer then solves the step (+)
out=$(play 01 4 'answer 1e99999' 'answer 1e-99999' 'answer 1' quit)
flat=$(tr '\n' ' ' <<<"$out" | tr -s ' ')
grep -q "cannot be read: [^.]*exponent[^.]* (e99999)\. Nothing is counted" \
	<<<"$flat" &&
	grep -q "cannot be read: [^.]*exponent[^.]* (e-99999)\. Nothing is" \
	<<<"$flat" && [ "$(mark 01 4)" = "+" ] &&
	ok "lesson 1 step 4: 1e99999 and 1e-99999 named, free; 1 solves it (+)" ||
	bad "lesson 1 step 4: mark '$(mark 01 4)', $(
	     grep -m3 'cannot\|Not\|done' <<<"$out")"
finish exponent_named
