#!/bin/bash
# GMP's allocation failures (issue 22, a non-author trial): under ulimit -v a
# big number's allocation failed inside GMP, which printed "GNU MP: Cannot
# allocate memory" and aborted (status 134; in the dashboard the screen was
# left as it was).  Now GMP (and MPFR, which allocates through it) allocate
# through xalloc: one line "cfx: out of memory ..." and status 2, as for cfx's
# own allocations.  3^200000/2^500000 (python checks its sizes: about 317000
# and 500000 bits) with --convergents needs far more than these limits allow.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
python3 -c 'assert (3**200000).bit_length() == 316993' || exit 2
# (AddressSanitizer maps terabytes of shadow memory first: under ulimit -v
# a SANITIZE=1 build cannot start, so there the same number is computed
# without a limit, under the sanitizers, and the limits are the release
# build's to check, as in tests/harden/bounds.sh)
if grep -qa __asan_init ./cfx; then
	echo "skip ulimit -v: a sanitizer build cannot start under it"
	./cfx cf '3^200000/2^500000' --convergents >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "no limit, sanitizers: status 0, nothing on stderr (got $rc: $(head -c 200 "$tmp/err"))" \
		'[ $rc = 0 ] && [ ! -s "$tmp/err" ] && [ -s "$tmp/out" ]'
	done_suite harden/gmp_oom
	exit
fi
for v in 6000 9000 14000 20000 32000 48000 64000; do
	(ulimit -v $v; exec ./cfx cf '3^200000/2^500000' --convergents) \
		>/dev/null 2>"$tmp/err"
	rc=$?
	expect "ulimit -v $v: status 2 (got $rc: $(head -c 200 "$tmp/err"))" '[ $rc = 2 ]'
	expect "  one line, cfx's out of memory ($(head -c 200 "$tmp/err"))" \
		'[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "^cfx: out of memory" "$tmp/err"'
	expect "  not GMP's abort" '! grep -q "GNU MP" "$tmp/err"'
done
done_suite harden/gmp_oom
