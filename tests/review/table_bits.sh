#!/bin/bash
# cfx review: the note on a table index h >> (32 - bits) names how many of
# the product's top bits index the table.  It said "the top 32 -
# (32-bits) bits"; it says "as many as bits" now, and keeps "the top
# 32 - shift bits" where the shift is not 32 minus a name.  The
# compiler is the oracle for the count: the function is compiled and run
# for every bits = 1..31 over sample keys, and its largest index must have
# exactly `bits` bits (below 2^bits, at least 2^(bits-1)).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# the multiply by 0x9e370001 open-coded (2^31 + 2^29 - 2^25 + 2^22 -
# 2^19 - 2^16 + 1), then the table index
cat > "$tmp/hash.h" <<'C'
#include <stdint.h>
static inline uint32_t hash32(uint32_t x, unsigned bits)
{
	uint32_t n = x, h = x;
	n <<= 16; h -= n;
	n <<= 3; h -= n;
	n <<= 3; h += n;
	n <<= 3; h -= n;
	n <<= 4; h += n;
	n <<= 2; h += n;
	return h >> (32 - bits);
}
C
cat > "$tmp/probe.c" <<'C'
#include <stdio.h>
#include "hash.h"
int main(void)
{
	for (unsigned b = 1; b < 32; b++) {
		uint32_t max = 0;
		for (uint32_t x = 0; x < 1u << 16; x++)
			if (hash32(x * 2654435761u, b) > max)
				max = hash32(x * 2654435761u, b);
		if (max >= (1ull << b) || max < (1ull << (b - 1)))
			return printf("bits %u: largest index %u\n", b, max), 1;
	}
	return 0;
}
C
if cc -O2 -I"$tmp" -o "$tmp/probe" "$tmp/probe.c" && "$tmp/probe"; then
	ok "cc: h >> (32 - bits) indexes with exactly bits bits, bits = 1..31"
else
	bad "cc: the probe failed"
fi
out=$(./cfx review "$tmp/hash.h")
grep -qF 'then h >> (32-bits): the product'"'"'s top bits, as many as bits, index the table' <<<"$out" &&
	ok "review names the count: as many as bits" ||
	bad "review: $(grep -i 'top' <<<"$out")"
grep -q '32 - (32-bits)' <<<"$out" && bad "still says 32 - (32-bits)" ||
	ok "no '32 - (32-bits)'"

# a shift that is not 32 minus a name keeps the arithmetic
sed 's/(32 - bits)/shift/; s/unsigned bits)/unsigned shift)/' "$tmp/hash.h" > "$tmp/h2.h"
out=$(./cfx review "$tmp/h2.h")
grep -qF "the top 32 - shift bits of the product index the table" <<<"$out" &&
	ok "h >> shift: the top 32 - shift bits, as before" || bad "shift: $(grep -i 'top' <<<"$out")"
done_suite table_bits
