#!/bin/bash
# cfx stats against FreeBSD's ministat (the Debian package is the oracle):
# byte-for-byte the same standard output on the committed samples, for
# every ministat option; and the figures quoted in seed 003 (the uidinfo
# mails), reproduced from samples rebuilt to match their summaries.
#
# Where cfx departs from ministat on purpose there is no byte comparison
# (see man cfx, STATS): -c 99.5 (ministat's column holds 99.8 % values),
# more than 100 degrees of freedom (ministat falls back to the normal
# quantile) and -q (not in Debian's ministat; checked against its output
# with the legend and header removed).
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "ministat.sh: ./cfx not built (make cfx)"; exit 2; }
command -v ministat >/dev/null || { echo "ministat.sh: ministat not installed (scripts/deps.sh check)"; exit 2; }
d=tests/stats
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

same() {   # same OPTIONS... : cfx stats and ministat print the same
	# (standard input: the file $in, /dev/null by default)
	ministat "$@" <"${in:-/dev/null}" >"$tmp/want" 2>"$tmp/want.err"; local wrc=$?
	./cfx stats "$@" <"${in:-/dev/null}" >"$tmp/got" 2>"$tmp/got.err"; local grc=$?
	if [ $wrc = 0 ] && [ $grc = 0 ] && cmp -s "$tmp/want" "$tmp/got"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: stats $* (status cfx $grc, ministat $wrc)"
		diff "$tmp/want" "$tmp/got" | head -20
		head -3 "$tmp/got.err"
	fi
}

u=$d/uidinfo
for opts in "" "-A" "-n" "-s" "-w 40" "-w 120" "-c 80" "-c 90" "-c 98" "-c 99" "-s -c 99 -w 60"; do
	# shellcheck disable=SC2086
	same $opts ${u}_lockfree.txt ${u}_waitfree.txt
done
same ${u}_waitfree.txt ${u}_none.txt
same ${u}_up_waitfree.txt ${u}_up_none.txt
same ${u}_lockfree.txt ${u}_waitfree.txt ${u}_none.txt
same -s ${u}_lockfree.txt ${u}_waitfree.txt ${u}_none.txt ${u}_up_waitfree.txt \
	${u}_up_none.txt $d/ns_mul.txt $d/ns_naf.txt
same $d/even_a.txt $d/even_b.txt
same $d/even_b.txt $d/even_a.txt
same $d/ties_a.txt $d/ties_b.txt
same -s $d/ties_b.txt $d/ties_a.txt $d/tied_mw_b.txt
same $d/ns_mul.txt $d/ns_naf.txt $d/ns_opt.txt
same -c 80 $d/ns_mul.txt $d/ns_opt.txt
same -C 2 -d , $d/runs.csv $d/runs.csv
same -C 3 -d , -w 30 $d/runs.csv
same $d/neg.txt $d/neg.txt $d/skew_a.txt
same $d/skew_a.txt $d/skew_b.txt
same -A $d/big_a.txt $d/big_b.txt
same -n $d/big_a.txt $d/big_b.txt $d/ns_mul.txt
same -w 10 $d/tied_mw_a.txt $d/tied_mw_b.txt
same $d/ns_naf.txt
# standard input, with no file and with -
in=$d/ns_mul.txt same
in=$d/ns_mul.txt same -
in=${u}_waitfree.txt same ${u}_none.txt -

# -q: ministat's output without the legend and the table header
ministat ${u}_lockfree.txt ${u}_waitfree.txt | sed -e '1,2d' -e '/^    N  /d' >"$tmp/want"
./cfx stats -q ${u}_lockfree.txt ${u}_waitfree.txt 2>/dev/null >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: -q"; diff "$tmp/want" "$tmp/got"; fi

# seed 003, as quoted in the mails (N, Min, Max, Median, Avg, Stddev and
# the verdicts), from the rebuilt samples
seed() {   # seed A B EXPECTED-LINES
	./cfx stats -n "${u}_$1.txt" "${u}_$2.txt" 2>/dev/null | tail -n 2 >"$tmp/got"
	./cfx stats -A "${u}_$1.txt" "${u}_$2.txt" 2>/dev/null | tail -n 3 >>"$tmp/got"
	if printf '%s\n' "$3" | cmp -s - "$tmp/got"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: seed $1 $2"
		printf '%s\n' "$3" | diff - "$tmp/got"; fi
}
tab=$'\t'
seed lockfree waitfree "x   5       1561566       1575987       1568964       1569767     5853.1399
+   5       1662362       1665936       1665810     1664881.8     1541.2693
${tab}95114.8 +/- 6241.96
${tab}6.05917% +/- 0.397636%
${tab}(Student's t, pooled s = 4279.88)"
seed waitfree none "x   5       1662362       1665936       1665810     1664881.8     1541.2693
+   5       1718287       1744448       1726343     1728176.6     10271.936
${tab}63294.8 +/- 10711.8
${tab}3.80176% +/- 0.643395%
${tab}(Student's t, pooled s = 7344.66)"
seed up_waitfree up_none "x   5        419799        431017        422877      424180.2     4265.4168
+   5        433705        434955        434696      434509.6        519.68
${tab}10329.4 +/- 4431.34
${tab}2.43514% +/- 1.04468%
${tab}(Student's t, pooled s = 3038.41)"
# the seed's Difference lines exactly
./cfx stats -A ${u}_lockfree.txt ${u}_waitfree.txt 2>/dev/null | grep -q '^Difference at 95.0% confidence$' &&
	pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: seed Difference line"; }

echo "ministat.sh: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
