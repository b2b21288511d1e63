/*
 * four_possible.c - prints mcm_four_possible (src/core/mcm_four.c) for
 * each constant: "Q 0" (no graph of four adders) or "Q 1" (maybe), for
 * tests/cost/four.sh.
 *
 * usage: four_possible BITS Q...
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/mcm_int.h"

int main(int argc, char **argv)
{
	unsigned m;
	int i;

	if (argc < 2 || (m = (unsigned)atoi(argv[1])) < 1 || m > 64) {
		fprintf(stderr, "usage: four_possible BITS Q...\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		unsigned long long q = strtoull(argv[i], NULL, 0);
		printf("%llu %d\n", q, mcm_four_possible(q, m));
	}
	return 0;
}
