/*
 * bench_search.c - make bench, part: the quick screen of cfx search on
 * 1000 seeded random odd 64-bit multipliers, spread over the processors
 * the way cfx search spreads it (src/sys/pool), as `cfx search` does for
 * the candidates it screens.  Prints "screen_1000_64 SECONDS" and how
 * many failed.
 */
#include <stdio.h>
#include <time.h>
#include <gsl/gsl_errno.h>

#include "cfx/pool.h"
#include "cfx/search.h"

#define COUNT 1000

typedef struct job {
	uint64_t p[COUNT];
	search_verdict v[COUNT];
} job;

static void screen_one(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;
	cfx_err e;

	(void)w;
	search_screen(j->p[i], 64, SEARCH_QUICK, &j->v[i], &e);
}

int main(void)
{
	static job j;
	uint64_t s = 2026;
	struct timespec a, b;
	size_t i, failed = 0, predicted = 0;
	clock_t c0, c1;

	gsl_set_error_handler_off();
	for (i = 0; i < COUNT; i++) {        /* splitmix64 */
		uint64_t z = (s += 0x9E3779B97F4A7C15ull);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		j.p[i] = (z ^ (z >> 31)) | 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	c0 = clock();
	pool_run(COUNT, pool_cpus(), screen_one, NULL, &j);
	c1 = clock();
	clock_gettime(CLOCK_MONOTONIC, &b);
	for (i = 0; i < COUNT; i++) {
		failed += j.v[i].status == SEARCH_FAIL;
		predicted += j.v[i].status == SEARCH_FAIL && j.v[i].quality > 1e300;
	}
	printf("screen_1000_64 %.3f\n", (double)(b.tv_sec - a.tv_sec) +
	       (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	printf("screen_1000_64_cpu %.3f\n", (double)(c1 - c0) / CLOCKS_PER_SEC);
	printf("screen_failed %zu\nscreen_predicted %zu\n", failed, predicted);
	return 0;
}
