/*
 * bench_search.c - make bench, part: cfx search (issue 13).
 *
 *   screen_1000_64 S, screen_1000_64_cpu S: the quick screen of 1000
 *     seeded random odd 64-bit multipliers spread over the processors
 *     (src/sys/pool) as `cfx search` spreads its candidates; wall and
 *     processor seconds; screen_failed, screen_predicted: how many failed
 *     (by the stride prediction alone).
 *   screen_quick_cpu_each, screen_full_cpu_each: processor seconds per
 *     multiplier of the quick screen and of the full one, one thread, in
 *     pairs: multiplier i's full screen once and its quick one QUICK_REPS
 *     times, in turn (the order alternating), PAIRS of them; the baseline
 *     of the quick screen is the full one, in the same run.
 *     screen_ratio, screen_ratio_lo, screen_ratio_hi: the pairs' ratios
 *     (quick per screen / full), their median and spread.
 *   With --once LEVEL N (quick, full or none): only the screens of the
 *     first N multipliers at that level, one thread, nothing printed, for
 *     callgrind's instruction counts (none: the set-up alone).
 *   enum_32 S, scan_32 S: the 32-bit K = 7 search near 1/phi (window
 *     2^-8) on one thread, branch and bound against its baseline, the
 *     naive scan of every odd p in the window (NAF weight by the
 *     (3x ^ x) identity), which must find the same count (enum_found,
 *     scan_found).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gsl/gsl_errno.h>

#include "cfx/pool.h"
#include "cfx/search.h"

#define COUNT 1000
#define PAIRS 9
#define QUICK_REPS 10   /* a quick screen is a twentieth of a full one */

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

static void multipliers(uint64_t *p)
{
	uint64_t s = 2026;
	size_t i;

	for (i = 0; i < COUNT; i++) {        /* splitmix64 */
		uint64_t z = (s += 0x9E3779B97F4A7C15ull);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		p[i] = (z ^ (z >> 31)) | 1;
	}
}

static int dcmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* Processor seconds of reps screens of p at level. */
static double timed(uint64_t p, search_level level, int reps)
{
	search_verdict v;
	cfx_err e;
	double c0 = cpu();
	int r;

	for (r = 0; r < reps; r++)
		search_screen(p, 64, level, NULL, &v, &e);
	return cpu() - c0;
}

static void screens(void)
{
	static job j;
	double a, b, c0, c1, ratio[PAIRS], quick = 0, full = 0;
	size_t i, failed = 0, predicted = 0;

	multipliers(j.p);
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
	for (i = 0; i < PAIRS; i++) {        /* in turn, the order alternating */
		double q, f;
		if (i % 2) {
			f = timed(j.p[i], SEARCH_FULL, 1);
			q = timed(j.p[i], SEARCH_QUICK, QUICK_REPS) / QUICK_REPS;
		} else {
			q = timed(j.p[i], SEARCH_QUICK, QUICK_REPS) / QUICK_REPS;
			f = timed(j.p[i], SEARCH_FULL, 1);
		}
		quick += q;
		full += f;
		ratio[i] = f > 0 ? q / f : 0;
	}
	qsort(ratio, PAIRS, sizeof *ratio, dcmp);
	printf("screen_quick_cpu_each %.5f\nscreen_full_cpu_each %.5f\n",
	       quick / PAIRS, full / PAIRS);
	printf("screen_ratio %.4f\nscreen_ratio_lo %.4f\nscreen_ratio_hi %.4f\n",
	       ratio[PAIRS / 2], ratio[0], ratio[PAIRS - 1]);
}

/* --once LEVEL N: the screens alone, for callgrind. */
static int once(const char *level, const char *count)
{
	static uint64_t p[COUNT];
	size_t n = strtoul(count, NULL, 10), i;

	multipliers(p);
	if (n > COUNT)
		n = COUNT;
	for (i = 0; i < n; i++)
		if (!strcmp(level, "quick"))
			timed(p[i], SEARCH_QUICK, 1);
		else if (!strcmp(level, "full"))
			timed(p[i], SEARCH_FULL, 1);
	return 0;
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

int main(int argc, char **argv)
{
	gsl_set_error_handler_off();
	if (argc == 4 && !strcmp(argv[1], "--once"))
		return once(argv[2], argv[3]);
	enumeration();
	screens();
	return 0;
}
