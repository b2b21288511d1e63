#!/bin/bash
# cfx review A BAD B: a bad input among several FILEs (/dev/zero, a
# directory, a FIFO whose writer sends no diff, a file that is not there,
# one that is no diff and no C, an unreadable one when not root) is one
# line on stderr naming it, the others are still reviewed (stdout the
# same as `cfx review A B`: the two are read beside each other either
# way), and the status is 2, as --help and the man page say of bad input.
# An empty one is nothing to review: the status is the others' (1 here:
# their ERRORs).  Before issue 23's fix the first bad input stopped the
# whole review: nothing on stdout.  Oracle: the files' kinds, made here,
# and the review of the good files alone.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
cfx=$root/cfx

a=$fx/wrong_shift.patch b=$fx/even.patch
$cfx review $a $b > "$tmp/want" 2> "$tmp/want.err"; want_rc=$?
expect "control: A and B alone are reviewed, their ERRORs exit 1, stderr empty" \
	'[ $want_rc = 1 ] && [ -s "$tmp/want" ] && [ ! -s "$tmp/want.err" ]'

# among NAME WANT_RC FILE: review A FILE B; one stderr line naming FILE,
# stdout as A and B's, exit WANT_RC
among() {
	local name=$1 want=$2 bad=$3 rc
	timeout 60 $cfx review $a "$bad" $b > "$tmp/o" 2> "$tmp/e"; rc=$?
	expect "$name between two patches: one line naming it, exit $want (got $rc)" \
		'[ $rc = $want ] && [ "$(wc -l < "$tmp/e")" = 1 ] &&
		 grep -qF "($bad)" "$tmp/e" && grep -q "^cfx: review: " "$tmp/e"'
	expect "  the two patches still reviewed: stdout as theirs alone" \
		'cmp -s "$tmp/o" "$tmp/want"'
}
among /dev/zero 2 /dev/zero
mkdir "$tmp/dir"
among "a directory" 2 "$tmp/dir"
among "a file that is not there" 2 "$tmp/not-there.patch"
printf 'hello\nthis is no patch\n' > "$tmp/prose"
among "a file that is no diff and no C" 2 "$tmp/prose"
mkfifo "$tmp/fifo"
timeout 60 sh -c 'printf "no diff here\n" > "$1"' sh "$tmp/fifo" &
among "a FIFO whose writer sends no diff" 2 "$tmp/fifo"
wait
: > "$tmp/empty"
among "an empty file (nothing to review: the others' status)" 1 "$tmp/empty"
if [ "$(id -u)" != 0 ]; then
	printf 'x\n' > "$tmp/unreadable"; chmod 000 "$tmp/unreadable"
	among "an unreadable file" 2 "$tmp/unreadable"
fi

# two bad ones: a line each, in order
timeout 60 $cfx review $a /dev/zero "$tmp/dir" $b > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "two bad inputs: two lines, /dev/zero's then the directory's, exit 2" \
	'[ $rc = 2 ] && [ "$(wc -l < "$tmp/e")" = 2 ] &&
	 sed -n 1p "$tmp/e" | grep -qF "(/dev/zero)" &&
	 sed -n 2p "$tmp/e" | grep -qF "($tmp/dir)" && cmp -s "$tmp/o" "$tmp/want"'
# --json: the good files' objects, the bad one on stderr
timeout 60 $cfx review --json $a /dev/zero $b > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "--json: the two good files in \"files\" (python's json), /dev/zero on stderr, exit 2" \
	'[ $rc = 2 ] && python3 -c "import json,sys; d = json.load(open(sys.argv[1]));
assert [f[\"input\"] for f in d[\"files\"]] == sys.argv[2:]" "$tmp/o" $a $b &&
	 [ "$(wc -l < "$tmp/e")" = 1 ] && grep -qF "(/dev/zero)" "$tmp/e"'
# one bad FILE alone: as before, nothing on stdout
timeout 60 $cfx review /dev/zero > "$tmp/o" 2> "$tmp/e"; rc=$?
expect "control: /dev/zero alone: exit 2, one line, nothing on stdout" \
	'[ $rc = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l < "$tmp/e")" = 1 ]'

done_suite bad_files
