/*
 * bench_score.c - keys hashed per second: cfx's score core against a bare
 * C loop doing the same multiply-shift-increment, on the same keys, in the
 * same run.  Also peak memory of `cfx score` and start-up times.
 *
 * usage: bench_score CFX_BINARY
 * Prints "name value unit" lines for bench/run.sh.
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

int main(int argc, char **argv)
{
	static const struct { const char *name, *family; } fams[] = {
		{ "seq", "seq" }, { "random", "random:1" },
	};
	uint64_t p = 0x9e3779b97f4a7c15ULL;
	size_t n = (size_t)1 << KEYS_LOG, f;
	char *cfx = argc > 1 ? argv[1] : "./cfx";
	long rss_small, rss_big;

	for (f = 0; f < 2; f++) {
		keys_spec ks;
		keys_set set;
		cfx_err err;
		double tc, tb;

		keys_parse(&ks, fams[f].family, &err);
		if (keys_make(&set, &ks, 64, n, &err) < 0) {
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
	}
	return 0;
}
