/*
 * bench_search.c - make bench, part: cfx search (issue 13).
 *
 *   screen_1000_64 S, screen_1000_64_cpu S: the quick screen of 1000
 *     seeded random odd 64-bit multipliers spread over the processors
 *     (src/sys/pool) as `cfx search` spreads its candidates; wall and
 *     processor seconds; screen_failed, screen_predicted: how many failed
 *     (by the stride prediction alone).
 *   screen_quick_cpu_each, screen_full_cpu_each: processor seconds per
 *     multiplier of the quick screen (the first 100 of them) and of the
 *     full one (the first 3), one thread: the baseline of the quick
 *     screen is the full one, in the same run.
 *   enum_32 S, scan_32 S: the 32-bit K = 7 search near 1/phi (window
 *     2^-8) on one thread, branch and bound against its baseline, the
 *     naive scan of every odd p in the window (NAF weight by the
 *     (3x ^ x) identity), which must find the same count (enum_found,
 *     scan_found).
 */
#include <stdio.h>
#include <time.h>
#include <gsl/gsl_errno.h>

#include "cfx/pool.h"
#include "cfx/search.h"

#define COUNT 1000
#define SERIAL 100
#define SERIAL_FULL 3   /* the full battery takes seconds each */

typedef struct job {
	uint64_t p[COUNT];
	search_verdict v[COUNT];
} job;

static void screen_one(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;
	cfx_err e;

	(void)w;
	search_screen(j->p[i], 64, SEARCH_QUICK, NULL, &j->v[i], &e);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void screens(void)
{
	static job j;
	uint64_t s = 2026;
	double a, b, c0, c1;
	size_t i, failed = 0, predicted = 0;
	search_verdict v;
	cfx_err e;

	for (i = 0; i < COUNT; i++) {        /* splitmix64 */
		uint64_t z = (s += 0x9E3779B97F4A7C15ull);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		j.p[i] = (z ^ (z >> 31)) | 1;
	}
	a = now();
	c0 = cpu();
	pool_run(COUNT, pool_cpus(), screen_one, NULL, &j);
	c1 = cpu();
	b = now();
	for (i = 0; i < COUNT; i++) {
		failed += j.v[i].status == SEARCH_FAIL;
		predicted += j.v[i].status == SEARCH_FAIL && j.v[i].quality > 1e300;
	}
	printf("screen_1000_64 %.3f\nscreen_1000_64_cpu %.3f\n", b - a, c1 - c0);
	printf("screen_failed %zu\nscreen_predicted %zu\n", failed, predicted);
	c0 = cpu();
	for (i = 0; i < SERIAL; i++)
		search_screen(j.p[i], 64, SEARCH_QUICK, NULL, &v, &e);
	c1 = cpu();
	printf("screen_quick_cpu_each %.5f\n", (c1 - c0) / SERIAL);
	c0 = cpu();
	for (i = 0; i < SERIAL_FULL; i++)
		search_screen(j.p[i], 64, SEARCH_FULL, NULL, &v, &e);
	printf("screen_full_cpu_each %.5f\n", (cpu() - c0) / SERIAL_FULL);
}

static void enumeration(void)
{
	search_target t;
	search_plan pl;
	search_list l = { 0 };
	uint64_t seen = 0, p, found = 0;
	atomic_size_t n;
	cfx_err e;
	double a;
	size_t i;

	atomic_init(&n, 0);
	if (search_target_make(&t, NULL, NULL, NULL, 0, 32, 8, &e) < 0)
		return;
	a = cpu();
	search_plan_make(&pl, &t, 7, 0, 1, &e);
	for (i = 0; i < pl.ntask; i++)
		search_task_run(&pl, i, &l, &seen, &n, NULL, &e);
	printf("enum_32 %.4f\nenum_found %zu\n", cpu() - a, l.n);
	search_plan_free(&pl);
	search_list_free(&l);
	a = cpu();
	for (p = (uint64_t)t.lo; p <= (uint64_t)t.hi; p += 2) {
		unsigned w = (unsigned)__builtin_popcountll(((3 * p) ^ p) >> 1);
		unsigned v = (unsigned)__builtin_popcountll(
		              ((3 * ((1ull << 32) - p)) ^ ((1ull << 32) - p)) >> 1);
		found += (w < v ? w : v) <= 7;
	}
	printf("scan_32 %.4f\nscan_found %llu\n", cpu() - a,
	       (unsigned long long)found);
}

int main(void)
{
	gsl_set_error_handler_off();
	enumeration();
	screens();
	return 0;
}
