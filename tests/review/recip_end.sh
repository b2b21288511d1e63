#!/bin/bash
# cfx review: a reciprocal ((u64)x * C >> k, C = ceil(2^k/d)) is x / d
# only below the first x it gets wrong, and the note says which x (a trial of
# issue 23: 0x24924925 >> 32 was called x / 7 "over the inputs it is written for",
# wrong on 613,566,756 u32 inputs).  Oracle: the C compiler, counting x up
# from 0 until the shift and x / d differ.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
for row in "0x24924925 32 7" "0x10624DD3 38 1000"; do
	set -- $row
	c=$1 k=$2 d=$3
	cat > "$tmp/f.c" <<C
#include <stdio.h>
#include <stdint.h>
int main(void)
{
	for (uint64_t x = 0; x < (1ull << 40); x++)
		if ((unsigned __int128)x * $c >> $k != x / $d) {
			printf("%llu\n", (unsigned long long)x);
			return 0;
		}
	return 1;
}
C
	first=$(cc -O2 -o "$tmp/f" "$tmp/f.c" && "$tmp/f")
	printf 'u32 f(u32 x)\n{\n\treturn (u64)x * %sull >> %d;\n}\n' "$c" "$k" > "$tmp/r.c"
	./cfx review "$tmp/r.c" > "$tmp/o" 2>&1
	expect "(u64)x * $c >> $k: x / $d below $first, not at it (cc counts up to the first difference)" \
		'[ -n "$first" ] && grep -q "is x / $d, rounded down, for every x below $first (2^[0-9.]*), and not for x = $first" "$tmp/o"'
done
done_suite recip_end
