#!/bin/bash
# The smaller findings of issue 22 (11): $CC with arguments is in
# compilers.sh; here TERM=dumb for the dashboard (bad $LINES and
# $COLUMNS: harden/env_sizes.sh), the mean
# of four points of 1e308, bench's memory bound counting all it holds,
# and a read-only progress directory's warning.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
# TERM=dumb drew a blind dashboard: refused as an unknown TERM is
TERM=dumb script -qec './cfx dash' /dev/null >"$tmp/out" 2>&1; rc=$?
expect "TERM=dumb: status 2 (got $rc)" '[ $rc = 2 ]'
expect "TERM=dumb: said ($(tr -d '\r' <"$tmp/out"))" \
	'[ "$(tr -d "\r" <"$tmp/out")" = "cfx: dash: cannot drive this terminal (TERM=dumb)" ]'


# four points of 1e308: the mean is representable (it was refused as
# "mean overflows a double"); python says what it is
printf '1e308\n1e308\n1e308\n1e308\n' >"$tmp/big"
./cfx stats "$tmp/big" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "stats of 4 x 1e308: status 0 (got $rc: $(cat "$tmp/err"))" '[ $rc = 0 ]'
expect "  no warnings (an equal sample has no outliers)" '[ ! -s "$tmp/err" ]'
want=$(python3 -c 'from fractions import Fraction as F
xs = [F(1e308)] * 4
m = sum(xs) / 4
print("%g %g %g" % (float(m), float((xs[1] + xs[2]) / 2), float(sum((x - m) ** 2 for x in xs) / 3) ** 0.5))')
got=$(awk '$1 == "x" && $2 == 4 { print $6, $5, $7 }' "$tmp/out")
expect "  mean, median, stddev as python's ($got; $want)" \
	'[ "$(printf "%g %g %g" $got)" = "$want" ]'

# bench's memory bound counts the keys, their copies, each with its
# table, and one table more (one copy at this size, 10 MiB not fitting
# two): at
# --bits 64 --table-bits 24 that is 2^26 keys * 16 bytes + 2 * 2^24 * 4
# bytes = 1152 MiB, over the 1 GiB cap (it reached 1.18 GB)
./cfx bench 5 --bits 64 --table-bits 24 --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
mib=$(( ((1 << 26) * 16 + 2 * (1 << 24) * 4) >> 20 ))
expect "bench --bits 64 --table-bits 24: status 2 (got $rc)" '[ $rc = 2 ]'
expect "  $mib MiB named ($(cat "$tmp/err"))" \
	'grep -q "would take $mib MiB, over the 1024 MiB one request may take" "$tmp/err"'
# and names the bad token, as every bad input does: the count follows
# from --table-bits (it ended "may take" with no token)
expect "  one line, naming --table-bits' 24" \
	'[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "one request may take (24)\$" "$tmp/err"'
./cfx bench 5 --bits 64 --table-bits 23 --count 67108864 --runs 3 >/dev/null 2>"$tmp/err"; rc=$?
expect "  with --count too, the count named ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 2 ] && grep -q "one request may take (67108864)\$" "$tmp/err"'

# a read-only progress directory with one good line and one bad: the
# warning said "progress starts afresh" though the good line was read
export CFX_LESSONS=$root/tests/lessons/fixtures
if unshare -m true 2>/dev/null; then
	d=$tmp/state
	mkdir -p "$d/cfx"
	printf 'mini 1 +..\nthis is junk\n' >"$d/cfx/progress"
	unshare -m sh -c "mount --bind '$d' '$d' && mount -o remount,ro,bind '$d' &&
		XDG_STATE_HOME='$d' ./cfx learn --list >/dev/null 2>'$tmp/err'"
	expect "read-only progress: the good line kept ($(cat "$tmp/err"))" \
		'grep -q "and is left as it is: its lock $d/cfx/progress.lock cannot be made (Read-only file system); the 1 lesson read is kept for this run" "$tmp/err"'
	expect "  not 'starts afresh'" '! grep -q afresh "$tmp/err"'
else
	echo "skip read-only progress: unshare -m is not permitted here"
fi
done_suite harden/small
