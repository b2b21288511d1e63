/*
 * bench_score.c - keys hashed per second: cfx's score core against a bare
 * C loop doing the same multiply-shift-increment, on the same keys, in the
 * same run.  Also peak memory of `cfx score` and start-up times (`cfx cf
 * 0x61C88647` in 101 pairs with /bin/true, the order alternating).
 *
 * usage: bench_score CFX_BINARY
 * Prints "name value unit" lines for bench/run.sh.
 *
 *   bench_score --families LOG PAIRS
 * score on every family at 2^LOG keys (64-bit words, the default table)
 * against the bare loop, in PAIRS pairs of runs (the order alternating):
 * one "family NAME LOG median min max core_s bare_s" line each, the ratio
 * core time / bare time of each pair, its median and spread.
 *   bench_score --once FAMILY LOG none|core|bare
 * makes the keys and counts them once, for callgrind (bench/run.sh takes
 * the instructions of "none" from the other two).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cfx/keys.h"
#include "cfx/score.h"

#define KEYS_LOG 24
#define TABLE_LOG 16
#define REPS 9

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The baselines: the loops anyone would write, over stored keys, and
 * over the keys 0..n-1 made as they go (what score does for seq). */
__attribute__((noinline)) static void bare(const uint64_t *k, size_t n,
                                           uint64_t p, uint32_t *loads)
{
	size_t i;

	memset(loads, 0, sizeof(uint32_t) << TABLE_LOG);
	if (!k) {
		for (i = 0; i < n; i++)
			loads[((uint64_t)i * p) >> (64 - TABLE_LOG)]++;
		return;
	}
	for (i = 0; i < n; i++)
		loads[(k[i] * p) >> (64 - TABLE_LOG)]++;
}

/* The families score is raced on: every generated one, with the
 * multiplier cfx shows first, and strided keys under the 2002 constant,
 * whose few buckets chain the increments (score.c's lanes). */
static const struct fam {
	const char *name, *spec;
	uint64_t p;
} fams_all[] = {
	{ "seq", "seq", 0x9e3779b97f4a7c15ULL },
	{ "stride:4096", "stride:4096", 0x9e3779b97f4a7c15ULL },
	{ "stride:4096@0x9e37fffffffc0001", "stride:4096", 0x9e37fffffffc0001ULL },
	{ "random", "random:1", 0x9e3779b97f4a7c15ULL },
	{ "ptr:64", "ptr:64", 0x9e3779b97f4a7c15ULL },
	{ "high:16", "high:16", 0x9e3779b97f4a7c15ULL },
	{ "sparse:12", "sparse:12", 0x9e3779b97f4a7c15ULL },
};
#define NFAMS (sizeof fams_all / sizeof fams_all[0])

/* The bare loop on a family: stored keys, or k0 + i S made as they go. */
__attribute__((noinline)) static void bare_fam(const uint64_t *k, uint64_t k0,
                                               uint64_t S, size_t n, uint64_t p,
                                               unsigned b, uint32_t *loads)
{
	size_t i;

	memset(loads, 0, sizeof(uint32_t) << b);
	if (!k) {
		for (i = 0; i < n; i++)
			loads[((k0 + i * S) * p) >> (64 - b)]++;
		return;
	}
	for (i = 0; i < n; i++)
		loads[(k[i] * p) >> (64 - b)]++;
}

/* The keys of family f: a progression (*k NULL) or stored (free *k). */
static int fam_keys(const struct fam *f, size_t n, uint64_t **k, uint64_t *k0,
                    uint64_t *S)
{
	keys_spec ks;
	keys_set set;
	cfx_err err;

	*k = NULL;
	if (keys_parse(&ks, f->spec, &err) < 0)
		return -1;
	if (!keys_progression(&ks, 64, n, k0, S)) {
		if (keys_generate(&set, &ks, 64, n, NULL, NULL, &err) < 0) {
			fprintf(stderr, "bench: %s\n", err.msg);
			keys_spec_free(&ks);
			return -1;
		}
		*k = set.k;
	}
	keys_spec_free(&ks);
	return 0;
}

static void core_fam(const uint64_t *k, uint64_t k0, uint64_t S, size_t n,
                     uint64_t p, unsigned b, uint32_t *loads)
{
	if (k)
		score_count(k, n, p, 64, b, loads);
	else
		score_count_progression(k0 * p, S * p, n, 64, b, loads);
}

static int cmp_d(const void *a, const void *b);

/* --families LOG PAIRS */
static int families(unsigned lg, int pairs)
{
	unsigned b = score_default_table(64);
	size_t n = (size_t)1 << lg, f;
	uint32_t *l1 = malloc(sizeof(uint32_t) << b), *l2 = malloc(sizeof(uint32_t) << b);

	for (f = 0; f < NFAMS; f++) {
		double ratio[64], tc[64], tb[64], t;
		uint64_t *k, k0 = 0, S = 0;
		int r;

		if (fam_keys(&fams_all[f], n, &k, &k0, &S) < 0)
			return 1;
		for (r = 0; r < pairs && r < 64; r++) {
			int core_first = !(r & 1), w;
			for (w = 0; w < 2; w++) {
				t = now();
				if (w == !core_first)
					bare_fam(k, k0, S, n, fams_all[f].p, b, l2);
				else
					core_fam(k, k0, S, n, fams_all[f].p, b, l1);
				t = now() - t;
				if (w == !core_first)
					tb[r] = t;
				else
					tc[r] = t;
			}
			if (memcmp(l1, l2, sizeof(uint32_t) << b)) {
				fprintf(stderr, "bench: %s: score and the bare loop differ\n",
				        fams_all[f].name);
				return 1;
			}
			ratio[r] = tc[r] / tb[r];
		}
		free(k);
		qsort(ratio, (size_t)pairs, sizeof ratio[0], cmp_d);
		qsort(tc, (size_t)pairs, sizeof tc[0], cmp_d);
		qsort(tb, (size_t)pairs, sizeof tb[0], cmp_d);
		printf("family %s %u %.3f %.3f %.3f %.4f %.4f\n", fams_all[f].name, lg,
		       ratio[pairs / 2], ratio[0], ratio[pairs - 1], tc[pairs / 2],
		       tb[pairs / 2]);
		fflush(stdout);
	}
	free(l1);
	free(l2);
	return 0;
}

/* --once FAMILY LOG none|core|bare */
static int once(const char *name, unsigned lg, const char *what)
{
	unsigned b = score_default_table(64);
	size_t n = (size_t)1 << lg, f;
	uint32_t *l = malloc(sizeof(uint32_t) << b);
	uint64_t *k, k0 = 0, S = 0;

	for (f = 0; f < NFAMS && strcmp(fams_all[f].name, name); f++)
		;
	if (f == NFAMS || fam_keys(&fams_all[f], n, &k, &k0, &S) < 0)
		return 1;
	if (!strcmp(what, "core"))
		core_fam(k, k0, S, n, fams_all[f].p, b, l);
	else if (!strcmp(what, "bare"))
		bare_fam(k, k0, S, n, fams_all[f].p, b, l);
	free(k);
	free(l);
	return 0;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median of REPS timings of one of the two loops, alternating runs so
 * that machine noise hits both alike. */
static void race(const uint64_t *k, size_t n, uint64_t p, double *t_core,
                 double *t_bare)
{
	uint32_t *loads = malloc(sizeof(uint32_t) << TABLE_LOG);
	double a[REPS], b[REPS], t;
	int r;

	for (r = 0; r < REPS; r++) {
		t = now();
		if (k)
			score_count(k, n, p, 64, TABLE_LOG, loads);
		else
			score_count_progression(0, p, n, 64, TABLE_LOG, loads);
		a[r] = now() - t;
		t = now();
		bare(k, n, p, loads);
		b[r] = now() - t;
	}
	qsort(a, REPS, sizeof a[0], cmp_d);
	qsort(b, REPS, sizeof b[0], cmp_d);
	*t_core = a[REPS / 2];
	*t_bare = b[REPS / 2];
	free(loads);
}

/* Run argv, return wall seconds and peak RSS in KiB. */
static double run(char *const argv[], long *rss_kib)
{
	struct rusage ru;
	double t;
	int status;
	pid_t pid;

	fflush(stdout);           /* or the child's freopen would repeat it */
	t = now();
	pid = fork();

	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execv(argv[0], argv);
		_exit(127);
	}
	wait4(pid, &status, 0, &ru);
	t = now() - t;
	if (rss_kib)
		*rss_kib = ru.ru_maxrss;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench: %s failed\n", argv[1]);
		exit(1);
	}
	return t;
}

static double median_run(char *const argv[], int reps)
{
	double t[64];
	int i;

	for (i = 0; i < reps; i++)
		t[i] = run(argv, NULL);
	qsort(t, (size_t)reps, sizeof t[0], cmp_d);
	return t[reps / 2];
}

/* Start-up against /bin/true, in reps pairs whose order alternates (the
 * machine's noise hits both alike): the median time of argv, of
 * /bin/true, and the median of the pairs' ratios. */
static void startup_pairs(char *const argv[], int reps, double *t_cmd,
                          double *t_true, double *ratio)
{
	char *tru[] = { "/bin/true", NULL };
	double a[256], b[256], q[256];
	int i;

	for (i = 0; i < reps; i++) {
		if (i & 1) {
			b[i] = run(tru, NULL);
			a[i] = run(argv, NULL);
		} else {
			a[i] = run(argv, NULL);
			b[i] = run(tru, NULL);
		}
		q[i] = a[i] / b[i];
	}
	qsort(a, (size_t)reps, sizeof a[0], cmp_d);
	qsort(b, (size_t)reps, sizeof b[0], cmp_d);
	qsort(q, (size_t)reps, sizeof q[0], cmp_d);
	*t_cmd = a[reps / 2];
	*t_true = b[reps / 2];
	*ratio = q[reps / 2];
}

int main(int argc, char **argv)
{
	static const struct { const char *name, *family; } fams[] = {
		{ "seq", "seq" }, { "random", "random:1" },
	};
	uint64_t p = 0x9e3779b97f4a7c15ULL;
	size_t n = (size_t)1 << KEYS_LOG, f;
	char *cfx = argc > 1 ? argv[1] : "./cfx";
	long rss_small, rss_big;

	if (argc == 4 && !strcmp(argv[1], "--families"))
		return families((unsigned)atoi(argv[2]), atoi(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "--once"))
		return once(argv[2], (unsigned)atoi(argv[3]), argv[4]);

	for (f = 0; f < 2; f++) {
		keys_spec ks;
		keys_set set;
		cfx_err err;
		double tc, tb;

		keys_parse(&ks, fams[f].family, &err);
		if (keys_make(&set, &ks, 64, n, NULL, &err) < 0) {
			fprintf(stderr, "bench: %s\n", err.msg);
			return 1;
		}
		/* score hashes seq keys as it makes them, random ones stored */
		race(f == 0 ? NULL : set.k, set.n, p, &tc, &tb);
		printf("score_core_%s %.0f keys/s\n", fams[f].name, set.n / tc);
		printf("bare_loop_%s %.0f keys/s\n", fams[f].name, set.n / tb);
		printf("core_over_bare_%s %.3f x\n", fams[f].name, tc / tb);
		keys_free(&set);
		keys_spec_free(&ks);
	}
	{
		char *big[12] = { cfx, "score", "0x9e3779b97f4a7c15", "--table-bits",
		                  "16", "--count", "2^24", NULL };
		char *small[12] = { cfx, "score", "0x9e3779b97f4a7c15",
		                    "--table-bits", "16", "--count", "2^20", NULL };
		char *cf[] = { cfx, "cf", "0x9e37fffffffc0001", NULL };
		char *ver[] = { cfx, "--version", NULL };
		char *rnd[] = { cfx, "score", "0x9e3779b97f4a7c15", "--table-bits",
		                "16", "--count", "2^24", "--keys", "random", NULL };
		double t = run(big, &rss_big);

		run(small, &rss_small);
		printf("score_command_seq_2^24 %.3f s\n", t);
		printf("score_command_random_2^24 %.3f s\n", run(rnd, NULL));
		printf("peak_rss_2^20 %ld KiB\n", rss_small);
		printf("peak_rss_2^24 %ld KiB\n", rss_big);
		printf("rss_bytes_per_key %.2f B\n",
		       (rss_big - rss_small) * 1024.0 / (double)(n - (n >> 4)));
		big[7] = "--keys", big[8] = "random", big[9] = NULL;
		small[7] = "--keys", small[8] = "random", small[9] = NULL;
		run(big, &rss_big);
		run(small, &rss_small);
		printf("rss_bytes_per_key_random %.2f B\n",
		       (rss_big - rss_small) * 1024.0 / (double)(n - (n >> 4)));
		printf("cf_64bit %.2f ms\n", median_run(cf, 41) * 1e3);
		printf("startup %.2f ms\n", median_run(ver, 41) * 1e3);
		{
			char *golden[] = { cfx, "cf", "0x61C88647", NULL };
			double tc, tt, q;
			startup_pairs(golden, 101, &tc, &tt, &q);
			printf("startup_cf32 %.2f ms\nstartup_true %.2f ms\n"
			       "startup_cf32_over_true %.2f x\n", tc * 1e3, tt * 1e3, q);
		}
	}
	return 0;
}
