#!/bin/bash
# CC of blanks only (issue 22): CC="   " said "no C compiler found
# (   )" though a CC of no words names no compiler at all, as CC="" does
# (unset: cc).  Now blanks are as empty: verify's compiled check and bench
# run cc.  The oracle: a compiler is on PATH as cc (command -v, the shell's
# own lookup), so the check must say "checked" (compiled) and bench must
# run; with CC="" both already did.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
P=0x61C88647
if ! command -v cc >/dev/null; then
	echo "skip: no cc on PATH"
	ok "no cc: nothing to compare"
	done_suite harden/cc_blank
	exit
fi
shiftadd() {
	python3 -c 'import json,sys
d = json.load(sys.stdin)
print([c["status"] + ": " + c["detail"] for c in d["checks"] if c["name"] == "shift/add"][0])'
}
for cc in "" "   " $'\t' $' \t \n'; do
	shown=$(printf '%q' "$cc")
	v=$(CC=$cc timeout 120 ./cfx verify $P --json 2>"$tmp/err" | shiftadd)
	expect "CC=$shown: verify compiles its check ($v)" \
		'grep -q "^PASS: .*compiled with" <<<"$v" && ! grep -q "no C compiler" <<<"$v$(cat "$tmp/err")"'
	CC=$cc timeout 120 ./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "CC=$shown: bench runs (status $rc: $(grep -m1 "no C compiler" "$tmp/err"))" \
		'[ $rc = 0 ] && ! grep -q "no C compiler" "$tmp/err" && grep -q "0x61c88647" "$tmp/out"'
done
# what is still refused: a CC whose word names nothing
CC="   /nonexistent/cc  " timeout 120 ./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "a CC naming no program: one line naming it, status 2 ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "no C compiler found.*/nonexistent/cc" "$tmp/err"'
done_suite harden/cc_blank
