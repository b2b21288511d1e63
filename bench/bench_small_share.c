/*
 * bench_small_share.c - recount verify_small_share (include/cfx/verify.h):
 * every odd multiplier of an n-bit word through verify_run_screen, counting
 * those with some c k family other than the sequential keys at worst
 * R >= VERIFY_BAD_R.  Prints "n counted table" a line.  The unit test
 * recounts 8, 10 and 12 bits against a key-by-key count; this covers the
 * rest (16 bits: a few minutes).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cfx/verify.h"
#include "cfx/verify_run.h"

int main(int argc, char **argv)
{
	unsigned lo = argc > 1 ? (unsigned)atoi(argv[1]) : VERIFY_MIN_BITS;
	unsigned hi = argc > 2 ? (unsigned)atoi(argv[2]) : 14, n;

	if (lo < VERIFY_MIN_BITS || hi > VERIFY_SMALL_BITS || lo > hi) {
		fprintf(stderr, "usage: bench_small_share [LO [HI]] (%u..%u)\n",
		        VERIFY_MIN_BITS, VERIFY_SMALL_BITS);
		return 2;
	}
	for (n = lo; n <= hi; n++) {
		uint64_t p, M = (uint64_t)1 << n;
		size_t have = 0, count, of, i;

		for (p = 1; p < M; p += 2) {
			verify_battery bt;
			int any = 0;

			if (verify_run_screen(p, n, VERIFY_STANDARD, &bt, NULL) < 0)
				return 1;
			for (i = 0; i < bt.nfam; i++)
				any |= bt.fam[i].ck && bt.fam[i].ncells &&
				       bt.fam[i].kind != VERIFY_SEQ &&
				       bt.fam[i].worst_r >= VERIFY_BAD_R;
			have += (size_t)any;
			verify_free(&bt);
		}
		if (!verify_small_share(n, &count, &of))
			return 1;
		printf("%u %zu %zu\n", n, have, count);
		fflush(stdout);
	}
	return 0;
}
