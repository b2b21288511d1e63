#!/bin/bash
# tools/verify_mutations.sh - do verify's tests see a broken verdict?
# (issue 16, point 8).  Each mutation below breaks src/core/verify.c in a
# copy of the tree (git archive HEAD, in a temporary directory); the copy
# is built and its unit tests of the verdict and tests/verify/verify.sh
# run.  A mutation the suite does not notice is printed as SURVIVED, and
# the script exits 1.  Not part of make check: each mutation rebuilds cfx
# and runs verify's suites (a few minutes each on two shared cores).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$root" archive HEAD | tar -x -C "$tmp" || exit 2
survived=0

# mutate NAME OLD NEW: OLD (exact text, first occurrence) becomes NEW
mutate() {
	local name=$1
	cp "$tmp/src/core/verify.c" "$tmp/verify.c.orig"
	python3 - "$tmp/src/core/verify.c" "$2" "$3" <<'PY' || exit 2
import sys
p, old, new = sys.argv[1:]
s = open(p).read()
assert old in s, "mutation text not found: " + old
open(p, "w").write(s.replace(old, new, 1))
PY
	if ! make -C "$tmp" -s -j2 cfx build/tests/test_verify >/dev/null 2>&1; then
		echo "$name: does not build (killed by the compiler)"
	else
		local u v
		u=$(cd "$tmp" && build/tests/test_verify 2>&1 | grep -o 'Failing: [0-9]*')
		v=$(cd "$tmp" && tests/verify/verify.sh 2>&1 | tail -1)
		if [ "$u" = "Failing: 0" ] && [[ "$v" == *" 0 failed" ]]; then
			echo "SURVIVED $name: unit $u; $v"; survived=1
		else
			echo "killed   $name: unit tests $u; $v"
		fi
	fi
	cp "$tmp/verify.c.orig" "$tmp/src/core/verify.c"
}

mutate "drop the sparse-key families" \
	'	for (i = 0; i < 2; i++) {
		bt->nsparse[i] = sparse_keys' \
	'	for (i = 0; i < 0; i++) {
		bt->nsparse[i] = sparse_keys'
mutate "drop the strides 3..10^6 family" \
	'	for (i = 0; i < sizeof multiples / sizeof *multiples; i++)' \
	'	for (i = 0; i < 0; i++)'
mutate "drop the packed-fields families" \
	'		if (h < 2 || (i && h == n / 2))' \
	'		if (1)'
mutate "drop the correction (P, not P F)" \
	'double adjusted = tail * (double)(judged ? judged : 1);' \
	'double adjusted = tail; (void)judged;'
mutate "F = 1 for the whole battery" \
	'	return bt->nfam + 2;' '	return 1;'
mutate "judge one cell, not the worst" \
	'		if (f->cells[i].sc.probe_ratio > f->worst_r) {' \
	'		if (i == 0) {'
exit $survived
