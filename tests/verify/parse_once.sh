#!/bin/bash
# cfx verify evaluates its constant once (issue 27 point 5: subject_parse
# ran constant_value to learn the word, then constant_make evaluated the
# text again).  The oracle is gdb: a breakpoint on expr_parse, where every
# evaluation of a constant's text begins, counts the parses of a run that
# stops right after the constant is made (--emit kunit), for the automatic
# widths, --bits and --against (two constants: two parses).  The old code
# parsed twice per constant.  The errors of the word rule (zero, negative,
# too wide, ~ without a word) still name the constant, exit 2.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
CFX=${CFX:-./cfx}     # CFX=another-binary tries another build
if ! command -v gdb >/dev/null; then
	echo "skip: no gdb"; done_suite parse_once; exit
fi
# parses TEXT ARGS...: how many times cfx ARGS parses the text TEXT (the
# options' own values, --bits 48, are parsed as expressions too)
parses() {
	printf 'set breakpoint pending on\nbreak expr_parse if $_streq(src, "%s")\ncommands 1\nsilent\ncontinue\nend\nrun\ninfo breakpoints\n' "$1" >"$tmp/gdb"
	shift
	gdb -q -batch -x "$tmp/gdb" --args "$CFX" "$@" 2>/dev/null |
		sed -n 's/.*already hit \([0-9]*\) time.*/\1/p'
}
for args in "verify 0x9e3779b9 --emit kunit" \
            "verify 0x9e3779b97f4a7c15 --emit kunit" \
            "verify --bits 48 0x9e3779b97f4a --emit kunit" \
            "verify 2654435769+0 --emit kunit"; do
	c=${args% --emit kunit}; c=${c##* }
	# shellcheck disable=SC2086
	n=$(parses "$c" $args)
	expect "cfx $args: the constant parsed once (${n:-no} parses)" '[ "${n:-0}" = 1 ]'
done
# shellcheck disable=SC2086
for c in 0x9e3779b9 0x61c88647; do
	n=$(parses $c verify --bits 32 0x9e3779b9 --against 0x61c88647 \
	    --table-bits 4)
	expect "verify A --against B: $c parsed once (${n:-no} parses)" \
	       '[ "${n:-0}" = 1 ]'
done
for c in 0 -3 '2^64+1' '~1'; do
	"$CFX" verify -- "$c" >"$tmp/o" 2>&1; rc=$?
	expect "verify $c: exit 2 ($rc)" '[ "$rc" = 2 ]'
	if grep -q "^cfx: verify: .*($(printf '%s' "$c" | sed 's/[]^$.*[]/\\&/g'))\$" \
	   "$tmp/o" || grep -q "^cfx: verify: .*(~)\$" "$tmp/o"; then
		ok "verify $c: one line naming it"
	else bad "verify $c: $(head -2 "$tmp/o")"; fi
done
done_suite parse_once
