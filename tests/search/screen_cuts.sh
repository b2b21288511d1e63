#!/bin/bash
# The screens' shortcuts change no answer (issue 21 speed).  A screen
# (search's quick and full screens, the strip before its last family)
# leaves cells out by a proven bound: lattice.c's screen_tables (a
# table's cells of 1, 2 and 4 keys a bucket bounded on the walk of its
# cell of 8, those below the R that FAILs left out) and verify's fields
# cut (a fields family's largest cells left out where a lattice bound
# shows they change no status nor the worst R of all).  CFX_TEST_NO_CUTS=1
# turns both off: every cell walked and counted, as before they were
# written.  Here both runs must print the same, byte for byte: cfx search
# (text and --json, quick and full screens) on the constants themselves
# and on their neighbours, and cfx verify --json of each.  The
# constants: random 64- and 32-bit multipliers (a fixed seed), the 2002
# primes, GOLDEN_RATIO_32/64, and constants built here to collapse at a
# stride (c p = 2^(n-3) + 1 mod 2^n) or at a field offset (the hash of
# x<<h|y a function of 3x + y: 2^h p = 3p + s mod 2^n, s small).  The
# cut-off run is the baseline: it shares no shortcut with the other.
. "$(dirname "$0")/../build/lib.sh"
. "$(dirname "$0")/../lib/sample.sh"
cd "$root" || exit 2
python3 - >"$tmp/consts" <<'EOF'
import random
r = random.Random(2126)
out = [(r.getrandbits(64) | 1, 64, "random") for _ in range(3)]
out += [(r.getrandbits(32) | 1, 32, "random") for _ in range(3)]
out += [(0x9e370001, 32, "2002 prime"), (0x9e37fffffffc0001, 64, "2002 prime"),
        (0x61C88647, 32, "GOLDEN_RATIO_32"),
        (0x61C8864680B583EB, 64, "GOLDEN_RATIO_64")]
def inv(a, n):
    return pow(a, -1, 1 << n)
# c p = 2^(n-3) + 1 mod 2^n, c = 2^t u: u p = 2^(n-3-t) + 1 mod 2^(n-t)
for c, n in ((104, 64), (233, 64), (152, 32)):
    t = (c & -c).bit_length() - 1
    p = ((1 << (n - 3 - t)) + 1) * inv(c >> t, n) % (1 << n) | 1
    assert (c >> t) * p % (1 << (n - t)) == (1 << (n - 3 - t)) + 1
    out.append((p, n, "stride %d" % c))
# 2^h p = 3 p + s mod 2^n: x<<h|y hashes as (3x + y) p + x s
# (h = n/2 is the battery's family x<<h|y, whose largest cells the
# fields cut may leave out)
for h, s, n in ((24, (1 << 40) + 1, 64), (37, (1 << 44) + 3, 64),
                (32, (1 << 50) + 1, 64), (12, (1 << 17) + 1, 32),
                (16, (1 << 25) + 1, 32)):
    p = s * inv((1 << h) - 3, n) % (1 << n)
    assert p & 1 and ((p << h) - 3 * p - s) % (1 << n) == 0
    out.append((p, n, "offset %d" % h))
for p, n, why in out:
    print("%#x %d %s" % (p, n, why.replace(" ", "_")))
EOF
expect "constants made ($(wc -l <"$tmp/consts"))" '[ "$(wc -l <"$tmp/consts")" = 18 ]'
both() {   # NAME ARGS...: cfx ARGS with the cuts and without, compared
	local name=$1
	shift
	./cfx "$@" >"$tmp/a" 2>&1
	echo "exit $?" >>"$tmp/a"
	CFX_TEST_NO_CUTS=1 ./cfx "$@" >"$tmp/b" 2>&1
	echo "exit $?" >>"$tmp/b"
	expect "$name: the same with the cuts as without ($(wc -c <"$tmp/a") bytes)" \
		'cmp -s "$tmp/a" "$tmp/b"'
}
while read -r p n why; do
	sample_keep || continue
	t="$p/2^$n"
	both "search $why $p itself, quick" search --bits "$n" --near "$t" \
		--window "$n" --terms "$n" --top 1 --all
	both "search $why $p itself, full, json" search --bits "$n" --near "$t" \
		--window "$n" --terms "$n" --top 1 --all --screen full --json
	both "search $why $p neighbours, json" search --bits "$n" --near "$t" \
		--window $((n - 6)) --terms "$n" --top 4 --all --json
	both "verify $why $p, json" verify --bits "$n" "$p" --json
done <"$tmp/consts"
sample_note screen_cuts
both "search --bits 32 --prime --all --json" search --bits 32 --prime --all --json
both "search --bits 64 --prime --all" search --bits 64 --prime --all
# that the switch turns the cuts off at all (else both runs would agree
# by default): unit/test_verify_lattice.c's cuts_leave_cells_out
done_suite screen_cuts
