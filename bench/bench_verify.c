/*
 * bench_verify.c - make bench, part: verify's battery.
 *
 *   bench_verify time        seconds of one battery (both cores, median
 *                            of 3) at 64 and 32 bits, and the baseline
 *                            measured in the same run: the same families
 *                            counted the way verify did before, each
 *                            table on its own and keys in index order
 *                            (one thread, against one thread of ours);
 *   bench_verify rate N S    the share of N random odd multipliers per
 *                            word size (GSL mt19937, seed S, not the
 *                            calibration's) that FAIL, with each FAIL's
 *                            reason, so a reader can judge them.
 *
 * Output: "key value" lines (rate also prints the FAILs as comments).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_rng.h>

#include "cfx/pool.h"
#include "cfx/score.h"
#include "cfx/verify.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct ctx {
	verify_battery *bt;
	void *scratch[POOL_MAX];
} ctx;

static void fam(void *c, size_t i, unsigned w)
{
	ctx *x = c;

	verify_family_run(x->bt, i, x->scratch[w]);
}

/* One battery on `threads` workers; seconds. */
static double battery(uint64_t p, unsigned bits, unsigned threads)
{
	verify_battery bt;
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t), i;
	ctx x;
	double s;

	memset(&x, 0, sizeof x);
	s = now();
	if (verify_plan(&bt, p, bits, t, n, NULL) < 0)
		exit(2);
	x.bt = &bt;
	for (i = 0; i < threads; i++)
		x.scratch[i] = malloc(verify_scratch_size(&bt));
	pool_run(bt.nfam, threads, fam, NULL, &x);
	verify_judge(&bt, 0, NULL);
	s = now() - s;
	for (i = 0; i < threads; i++)
		free(x.scratch[i]);
	verify_free(&bt);
	return s;
}

/* The old way, one thread: every table counted on its own, keys in index
 * order (score_add_progression), for the c k families. */
static double baseline(uint64_t p, unsigned bits)
{
	verify_battery bt;
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t), i, k;
	uint32_t *loads = malloc(sizeof *loads << 20);
	uint64_t mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
	score_result r;
	double s = now();

	verify_plan(&bt, p, bits, t, n, NULL);
	for (i = 0; i < bt.nfam; i++) {
		const verify_family *f = &bt.fam[i];
		if (!f->ck)
			continue;
		for (k = 0; k < n; k++) {
			size_t K = (size_t)8 << t[k], have = 0, l;
			memset(loads, 0, sizeof *loads << t[k]);
			for (l = 0; l < 4; l++) {
				size_t want = (size_t)1 << (t[k] + l);
				if (want > f->keys || want > K)
					break;
				score_add_progression((f->start * p + have * f->step * p) &
				                      mask, (f->step * p) & mask, want - have,
				                      bits, t[k], loads);
				have = want;
				score_stats(loads, t[k], have, &r);
			}
		}
	}
	s = now() - s;
	verify_free(&bt);
	free(loads);
	return s;
}

/* The same c k families by verify_family_run, one thread. */
static double ours_ck(uint64_t p, unsigned bits)
{
	verify_battery bt;
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t), i;
	void *scratch;
	double s = now();

	verify_plan(&bt, p, bits, t, n, NULL);
	scratch = malloc(verify_scratch_size(&bt));
	for (i = 0; i < bt.nfam; i++)
		if (bt.fam[i].ck)
			verify_family_run(&bt, i, scratch);
	s = now() - s;
	free(scratch);
	verify_free(&bt);
	return s;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double med3(double (*f)(uint64_t, unsigned, unsigned), uint64_t p,
                   unsigned bits, unsigned th)
{
	double v[3];
	int i;

	for (i = 0; i < 3; i++)
		v[i] = f(p, bits, th);
	qsort(v, 3, sizeof *v, cmpd);
	return v[1];
}

typedef struct rate_ctx {
	unsigned bits;
	uint64_t *p;
	verify_status *st;
	char (*why)[160];
} rate_ctx;

static void judge_one(void *c, size_t i, unsigned w)
{
	rate_ctx *r = c;
	verify_battery bt;
	size_t f;

	(void)w;
	if (verify_screen(r->p[i], r->bits, VERIFY_STANDARD, &bt, NULL) < 0)
		exit(2);
	r->st[i] = bt.status;
	r->why[i][0] = '\0';
	for (f = 0; f < bt.nfam; f++)
		if (bt.fam[f].status == VERIFY_FAIL) {
			snprintf(r->why[i], sizeof r->why[i], "%s: %s", bt.fam[f].name,
			         bt.fam[f].reason);
			break;
		}
	for (f = 0; f < bt.nforms && !r->why[i][0]; f++)
		if (bt.forms[f].status == VERIFY_FAIL)
			snprintf(r->why[i], sizeof r->why[i], "%s: %s", bt.forms[f].name,
			         bt.forms[f].detail);
	verify_free(&bt);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "time")) {
		unsigned th = pool_cpus();
		printf("battery_64 %.3f\n", med3(battery, 0x61C8864680B583EBULL, 64,
		                                 th));
		printf("battery_32 %.3f\n", med3(battery, 0x61C88647ULL, 32, th));
		printf("ck_ours_1thread_64 %.3f\n", ours_ck(0x61C8864680B583EBULL,
		                                            64));
		printf("ck_baseline_1thread_64 %.3f\n",
		       baseline(0x61C8864680B583EBULL, 64));
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "rate")) {
		size_t n = strtoul(argv[2], NULL, 10), i, fails;
		unsigned long seed = strtoul(argv[3], NULL, 10);
		unsigned widths[2] = { 32, 64 }, w;

		for (w = 0; w < 2; w++) {
			gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
			rate_ctx r;
			gsl_rng_set(rng, seed + widths[w]);
			r.bits = widths[w];
			r.p = malloc(n * sizeof *r.p);
			r.st = malloc(n * sizeof *r.st);
			r.why = malloc(n * sizeof *r.why);
			for (i = 0; i < n; i++) {
				uint64_t hi = gsl_rng_get(rng), lo = gsl_rng_get(rng);
				r.p[i] = (widths[w] == 64 ? hi << 32 | lo : lo) | 1;
			}
			gsl_rng_free(rng);
			pool_run(n, pool_cpus(), judge_one, NULL, &r);
			for (i = 0, fails = 0; i < n; i++)
				if (r.st[i] == VERIFY_FAIL) {
					fails++;
					printf("# %u-bit 0x%llx FAIL %s\n", widths[w],
					       (unsigned long long)r.p[i], r.why[i]);
				}
			printf("fail_rate_%u %.3f\nfail_count_%u %zu of %zu\n", widths[w],
			       (double)fails / (double)n, widths[w], fails, n);
			fflush(stdout);
			free(r.p);
			free(r.st);
			free(r.why);
		}
		return 0;
	}
	fprintf(stderr, "usage: bench_verify time | rate N SEED\n");
	return 2;
}
