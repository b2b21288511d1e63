#!/bin/bash
# Bad input names its token (issue 21, the trial's point 5): one line on
# stderr, exit 2, and the line names what was typed wrong.  Before,
# --fields abc said "--fields needs two fields or more" (abc only as the
# token, not as what is wrong), a --keys past 8 families of yours said
# "at most 8 key families of yours" naming none, and TMPDIR=/proc said
# "cannot make a temporary directory: ..." without saying in which.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
P=0x9e370001
# one_line NAME WANT CMD...: exit 2, one line on stderr holding WANT
one_line() {
	local name=$1 want=$2 rc
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "$name: exit 2 (got $rc)" '[ $rc = 2 ]'
	expect "$name: one line ($(wc -l <"$tmp/err"))" \
		'[ "$(wc -l <"$tmp/err")" = 1 ]'
	expect "$name: says '$want' ($(cat "$tmp/err"))" \
		'grep -qF -- "$want" "$tmp/err"'
	expect "$name: nothing on stdout" '[ ! -s "$tmp/out" ]'
}
one_line "--fields abc" "abc is not a number nor a layout" \
	./cfx verify $P --fields abc
one_line "--fields zz9" "zz9 is not a number nor a layout" \
	./cfx verify $P --fields zz9
# 8 strides of yours, then a 9th family: the --keys text named as the 9th
one_line "9th family" "--keys stride:9 is the 9th, after 8 strides" \
	./cfx verify $P --stride 1,2,3,4,5,6,7,8 --keys stride:9
one_line "9th family, seq" "--keys seq:12 is the 9th" \
	./cfx verify $P --stride 11,12,13,14,15,16,17,18 --keys seq:12
# the directory named in the sentence, its path after it: TMPDIR=/proc
TMPDIR=/proc ./cfx bench 5 --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "TMPDIR=/proc bench: exit 2 (got $rc)" '[ $rc = 2 ]'
expect "TMPDIR=/proc bench: names \$TMPDIR and /proc ($(cat "$tmp/err"))" \
	'grep -qF "temporary directory in \$TMPDIR: " "$tmp/err" &&
	 grep -qF "(/proc)" "$tmp/err"'
TMPDIR=/proc ./cfx verify $P --json >"$tmp/j" 2>/dev/null
expect "TMPDIR=/proc verify: the INFO names \$TMPDIR and /proc" \
	'grep -qF "temporary directory in \$TMPDIR: " "$tmp/j" &&
	 grep -qF "(/proc)" "$tmp/j"'
done_suite bad_tokens
