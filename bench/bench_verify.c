/*
 * bench_verify.c - make bench, part: verify's battery.
 *
 *   bench_verify time        seconds of one battery (both cores, median
 *                            of 3) at 64 and 32 bits, and the baseline
 *                            measured in the same run: the same families
 *                            counted the way verify did before, each
 *                            table on its own and keys in index order
 *                            (one thread, against one thread of ours);
 *   bench_verify rate N S [C]  the share of N random odd multipliers per
 *                            word size (GSL mt19937, seed S, not the
 *                            calibration's) that FAIL, with each FAIL's
 *                            reasons, so a reader can judge them.  Only
 *                            the families that can FAIL or WARN (joint
 *                            rule) are counted
 *                            (verify_family_can_fail); the first C of
 *                            each width are also judged by the whole
 *                            battery, and any disagreement is exit 1.
 *
 *   bench_verify joint N S [C]  the whole battery's WARN counts on N
 *                            random odd multipliers per word size (GSL
 *                            mt19937 seeded S + bits, as tools/calibrate.c
 *                            draws them), from the families that can WARN
 *                            (the rest cannot: the same counts, ten times
 *                            faster); the first C of each width also by
 *                            every family, any disagreement exit 1.  Per
 *                            multiplier its WARN count, the sum over the
 *                            counted families of -log10 min(1, P F) and
 *                            its verdict; then the distribution of WARN
 *                            counts and how many FAIL (the false-FAIL
 *                            rate, joint rule included).
 *
 * Output: "key value" lines (rate also prints the FAILs as comments).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_rng.h>

#include "cfx/pool.h"
#include "cfx/score.h"
#include "cfx/lattice.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One battery on `threads` workers; seconds. */
static double battery(uint64_t p, unsigned bits, unsigned threads)
{
	verify_battery bt;
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t);
	double s = now();

	if (verify_plan(&bt, p, bits, t, n, NULL) < 0)
		exit(2);
	verify_run_battery(&bt, &(verify_run_opts){ .threads = threads });
	verify_judge(&bt, 0, NULL);
	s = now() - s;
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
	char (*why)[400];
	size_t *ran;              /* families counted (the rest cannot FAIL) */
	size_t check;             /* the first `check` also run in full */
	int *mismatch;
} rate_ctx;

/* The FAILs of a judged battery: the first with its reason, then the
 * names of the others. */
static void fails(const verify_battery *bt, char *buf, size_t n)
{
	size_t f, at = 0, nf = bt->nforms + bt->nfam;

	buf[0] = '\0';
	for (f = 0; f < nf && at < n; f++) {
		int form = f < bt->nforms;
		const verify_check *k = form ? &bt->forms[f] : NULL;
		const verify_family *fa = form ? NULL : &bt->fam[f - bt->nforms];
		if ((form ? k->status : fa->status) != VERIFY_FAIL)
			continue;
		if (!at)
			at += (size_t)snprintf(buf, n, "%s: %s", form ? k->name
			                       : fa->name, form ? k->detail : fa->reason);
		else
			at += (size_t)snprintf(buf + at, n - at, "%s%s",
			                       strchr(buf, '[') ? ", " : " [also ",
			                       form ? k->name : fa->name);
	}
	if (strchr(buf, '[') && at + 2 < n)
		strcat(buf, "]");
}

/* The verdict alone: plan, count only the families that can FAIL or WARN
 * (verify_family_can_fail), judge; bt is left judged (verify_free it).
 * Returns how many families were counted. */
static size_t verdict_alone(uint64_t p, unsigned bits, verify_battery *bt)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t), f, ran = 0;

	if (verify_plan(bt, p, bits, t, n, NULL) < 0)
		exit(2);
	verify_run_battery(bt, &(verify_run_opts){ .verdict_only = 1 });
	for (f = 0; f < bt->nfam; f++)
		ran += bt->fam[f].ran;
	verify_judge(bt, 0, NULL);
	return ran;
}

/* The first r->check multipliers are also judged by the whole battery
 * (verify_run_screen), and must agree. */
static void judge_one(void *c, size_t i, unsigned w)
{
	rate_ctx *r = c;
	verify_battery bt;

	(void)w;
	r->ran[i] = verdict_alone(r->p[i], r->bits, &bt);
	r->st[i] = bt.status;
	fails(&bt, r->why[i], sizeof r->why[i]);
	verify_free(&bt);
	if (i < r->check) {
		char whole[400];
		if (verify_run_screen(r->p[i], r->bits, VERIFY_STANDARD, &bt, NULL) < 0)
			exit(2);
		fails(&bt, whole, sizeof whole);
		if (bt.status != r->st[i] || strcmp(whole, r->why[i]))
			r->mismatch[i] = 1;
		verify_free(&bt);
	}
}

typedef struct joint_ctx {
	unsigned bits;
	uint64_t *p;
	size_t *nwarn, *nfail;
	verify_status *st;
	double *sum;
	size_t check;             /* the first `check` also run in full */
	int *mismatch;
} joint_ctx;

static size_t warns_of(const verify_battery *bt, size_t *nfail, double *sum)
{
	size_t f, w = 0;

	*nfail = 0;
	*sum = 0;
	for (f = 0; f < bt->nfam; f++) {
		double pf = bt->fam[f].tail * (double)bt->judged;
		w += bt->fam[f].status == VERIFY_WARN;
		*nfail += bt->fam[f].status == VERIFY_FAIL;
		if (pf < 1 && bt->fam[f].worst_r >= VERIFY_NOTICE_R)
			*sum -= log10(pf > 1e-300 ? pf : 1e-300);
	}
	return w;
}

/* WARN counts need only the families that can WARN (verify_family_can_fail
 * is exact: test_verify can_fail_is_sound), so the verdict alone gives the
 * whole battery's counts and verdict; the first r->check are run in full
 * too and must agree. */
static void joint_one(void *c, size_t i, unsigned w)
{
	joint_ctx *r = c;
	verify_battery bt;
	size_t nf;
	double sum;

	(void)w;
	verdict_alone(r->p[i], r->bits, &bt);
	r->nwarn[i] = warns_of(&bt, &r->nfail[i], &r->sum[i]);
	r->st[i] = bt.status;
	verify_free(&bt);
	if (i < r->check) {
		if (verify_run_screen(r->p[i], r->bits, VERIFY_STANDARD, &bt, NULL) < 0)
			exit(2);
		if (warns_of(&bt, &nf, &sum) != r->nwarn[i] || nf != r->nfail[i] ||
		    bt.status != r->st[i])
			r->mismatch[i] = 1;
		verify_free(&bt);
	}
}

static int joint(size_t n, unsigned long seed, size_t check)
{
	unsigned widths[2] = { 32, 64 }, w;
	size_t i;

	for (w = 0; w < 2; w++) {
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
		joint_ctx r;
		size_t hist[64] = { 0 }, k, nbad = 0, disagree = 0;
		double *ss = malloc(n * sizeof *ss);
		gsl_rng_set(rng, seed + widths[w]);
		r.bits = widths[w];
		r.p = malloc(n * sizeof *r.p);
		r.nwarn = malloc(n * sizeof *r.nwarn);
		r.nfail = malloc(n * sizeof *r.nfail);
		r.sum = malloc(n * sizeof *r.sum);
		r.st = malloc(n * sizeof *r.st);
		r.check = check < n ? check : n;
		r.mismatch = calloc(n, sizeof *r.mismatch);
		for (i = 0; i < n; i++) {
			uint64_t hi = gsl_rng_get(rng), lo = gsl_rng_get(rng);
			r.p[i] = (widths[w] == 64 ? hi << 32 | lo : lo) | 1;
		}
		gsl_rng_free(rng);
		pool_run(n, pool_cpus(), joint_one, NULL, &r);
		for (i = 0; i < n; i++) {
			printf("# %u 0x%llx warn %zu fail %zu sum %.2f %s\n",
			       widths[w], (unsigned long long)r.p[i], r.nwarn[i],
			       r.nfail[i], r.sum[i], verify_status_name(r.st[i]));
			nbad += r.st[i] == VERIFY_FAIL;
			if (r.mismatch[i]) {
				printf("# %u-bit 0x%llx: the verdict alone and the whole "
				       "battery disagree\n", widths[w],
				       (unsigned long long)r.p[i]);
				disagree++;
			}
			hist[r.nwarn[i] < 63 ? r.nwarn[i] : 63]++;
			ss[i] = r.sum[i];
		}
		printf("joint_count_%u %zu\njoint_verdict_fail_%u %zu\n"
		       "joint_whole_checked_%u %zu, %zu disagree\n", widths[w], n,
		       widths[w], nbad, widths[w], r.check, disagree);
		for (k = 0; k < 64; k++)
			if (hist[k])
				printf("warns_%u_%zu %zu\n", widths[w], k, hist[k]);
		qsort(ss, n, sizeof *ss, cmpd);
		printf("sum_%u_median %.2f\nsum_%u_p90 %.2f\nsum_%u_p99 %.2f\n"
		       "sum_%u_max %.2f\n", widths[w], ss[n / 2], widths[w],
		       ss[n * 9 / 10], widths[w], ss[n * 99 / 100], widths[w],
		       ss[n - 1]);
		fflush(stdout);
		free(ss);
		free(r.p);
		free(r.nwarn);
		free(r.nfail);
		free(r.sum);
		free(r.st);
		free(r.mismatch);
		if (disagree)
			return 1;
	}
	return 0;
}

static int cmp_time(const void *a, const void *b);

/* The screens alone (issue 21), one core, the median of 5: every stride
 * c <= 65536 (gated at R 4), the stride map (736 strides, every cell),
 * and packed fields at every offset (FLINT LLL, predicted, not counted). */
static int screens(void)
{
	static const struct { uint64_t p; unsigned n; } c[] = {
		{ 0x9e3779b97f4a7c15ULL, 64 }, { 0x9e3779b9, 32 },
	};
	static stride_hit hits[64], map[STRIDE_MAP_COUNT];
	unsigned tables[STRIDE_MAX_TABLES];
	size_t i, nt;
	int r, k;

	for (i = 0; i < 2; i++) {
		double t[3][5], m[3];
		nt = stride_tables(c[i].n, tables);
		for (r = 0; r < 5; r++) {
			lattice_cell w;
			unsigned h;
			double t0 = now();
			stride_screen(c[i].p, c[i].n, STRIDE_SCREEN_TOP, tables, nt,
			              STRIDE_COLLAPSE_R, hits, 64);
			t[0][r] = now() - t0;
			t0 = now();
			stride_map(c[i].p, c[i].n, tables, nt, map);
			t[1][r] = now() - t0;
			t0 = now();
			lattice_offsets(c[i].p, c[i].n, tables, nt, &w, &h, NULL);
			t[2][r] = now() - t0;
		}
		for (k = 0; k < 3; k++) {
			qsort(t[k], 5, sizeof t[k][0], cmp_time);
			m[k] = t[k][2];
		}
		printf("strides_%u %.4f\nmap_%u %.4f\noffsets_%u %.4f\n", c[i].n,
		       m[0], c[i].n, m[1], c[i].n, m[2]);
	}
	return 0;
}

static int cmp_time(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "joint"))
		return joint(strtoul(argv[2], NULL, 10), strtoul(argv[3], NULL, 10),
		             argc >= 5 ? strtoul(argv[4], NULL, 10) : 0);
	if (argc >= 2 && !strcmp(argv[1], "screens"))
		return screens();
	if (argc >= 2 && !strcmp(argv[1], "time")) {
		unsigned th = pool_cpus();
		printf("battery_64 %.3f\n", med3(battery, 0x61C8864680B583EBULL, 64,
		                                 th));
		printf("battery_32 %.3f\n", med3(battery, 0x61C88647ULL, 32, th));
		printf("ck_ours_1thread_64 %.3f\n", ours_ck(0x61C8864680B583EBULL,
		                                            64));
		printf("ck_baseline_1thread_64 %.3f\n",
		       baseline(0x61C8864680B583EBULL, 64));
		printf("ck_ours_1thread_32 %.3f\n", ours_ck(0x61C88647ULL, 32));
		printf("ck_baseline_1thread_32 %.3f\n", baseline(0x61C88647ULL, 32));
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "rate")) {
		size_t n = strtoul(argv[2], NULL, 10), i, nfail, ran, bad;
		unsigned long seed = strtoul(argv[3], NULL, 10);
		size_t check = argc >= 5 ? strtoul(argv[4], NULL, 10) : 0;
		unsigned widths[2] = { 32, 64 }, w;
		double s;

		for (w = 0; w < 2; w++) {
			gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
			rate_ctx r;
			gsl_rng_set(rng, seed + widths[w]);
			r.bits = widths[w];
			r.check = check < n ? check : n;
			r.p = malloc(n * sizeof *r.p);
			r.st = malloc(n * sizeof *r.st);
			r.why = malloc(n * sizeof *r.why);
			r.ran = malloc(n * sizeof *r.ran);
			r.mismatch = calloc(n, sizeof *r.mismatch);
			for (i = 0; i < n; i++) {
				uint64_t hi = gsl_rng_get(rng), lo = gsl_rng_get(rng);
				r.p[i] = (widths[w] == 64 ? hi << 32 | lo : lo) | 1;
			}
			gsl_rng_free(rng);
			s = now();
			pool_run(n, pool_cpus(), judge_one, NULL, &r);
			s = now() - s;
			for (i = 0, nfail = ran = bad = 0; i < n; i++) {
				ran += r.ran[i];
				bad += r.mismatch[i];
				if (r.mismatch[i])
					printf("# %u-bit 0x%llx: the verdict alone and the "
					       "whole battery disagree\n", widths[w],
					       (unsigned long long)r.p[i]);
				if (r.st[i] == VERIFY_FAIL) {
					nfail++;
					printf("# %u-bit 0x%llx FAIL %s\n", widths[w],
					       (unsigned long long)r.p[i], r.why[i]);
				}
			}
			printf("fail_rate_%u %.3f\nfail_count_%u %zu of %zu\n"
			       "families_counted_%u %.2f a multiplier\n"
			       "rate_seconds_%u %.1f\nwhole_checked_%u %zu, %zu disagree\n",
			       widths[w], (double)nfail / (double)n, widths[w], nfail, n,
			       widths[w], (double)ran / (double)n, widths[w], s,
			       widths[w], r.check, bad);
			fflush(stdout);
			free(r.p);
			free(r.st);
			free(r.why);
			free(r.ran);
			free(r.mismatch);
			if (bad)
				return 1;
		}
		return 0;
	}
	fprintf(stderr, "usage: bench_verify time | rate N SEED | joint N SEED\n");
	return 2;
}
