/*
 * bench_mcm.c - figures of the fewest-adder search (mcm.h) for make bench,
 * one "key value" per line (bench/optimal.sh judges them).
 *
 * usage: bench_mcm [table-bits ...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfx/mcm.h"

static double cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Adders of the NAF of odd p as an integer (no wrap). */
static unsigned naf_int(uint64_t p)
{
	unsigned __int128 x = p;
	unsigned w = 0;

	while (x) {
		if (x & 1) {
			x = (x & 2) ? x + 1 : x - 1;
			w++;
		}
		x >>= 1;
	}
	return w - 1;
}

/* The exact table of every odd constant below 2^bits. */
static void table(unsigned bits)
{
	mcm_ctx *c = mcm_new();
	double t0 = cpu(), sum = 0;
	unsigned char *t = mcm_cost_table(c, bits);
	unsigned long v, n = 0, open = 0, first_open = 0;
	int max = 0;

	for (v = (1ul << (bits - 1)) | 1; v < 1ul << bits; v += 2) {
		int k = t[v >> 1];
		if (k == 255) {
			if (!open++)
				first_open = v;
			continue;
		}
		sum += k;
		n++;
		if (k > max)
			max = k;
	}
	for (v = 1; v < 1ul << (bits - 1); v += 2)
		if (t[v >> 1] == 255) {
			if (!open++ || v < first_open)
				first_open = v;
		} else if (t[v >> 1] > max) {
			max = t[v >> 1];
		}
	printf("table%u_avg %.4f\ntable%u_max %d\ntable%u_open %lu\n"
	       "table%u_first_open %lu\ntable%u_seconds %.2f\n", bits,
	       sum / (double)n, bits, max, bits, open, bits, first_open, bits,
	       cpu() - t0);
	free(t);
	mcm_free(c);
}

static void random32(void)
{
	mcm_ctx *c = mcm_new();
	uint64_t s = 2002;
	double sum = 0, naf = 0, nafi = 0, worst = 0, total = 0, t0;
	int i, worse = 0, n = 1000;
	unsigned d;

	t0 = cpu();
	mcm_adders(c, 0x61C88647, 32, 0, &d, NULL, NULL);   /* builds tables */
	printf("heuristic_table_seconds %.3f\n", cpu() - t0);
	for (i = 0; i < n; i++) {
		uint64_t p = (splitmix(&s) & 0xffffffffu) | 1;
		mcm_opts o = { 0, 0, 0, NULL };
		mcm_graph g;
		mcm_result r;
		double t;

		t0 = cpu();
		mcm_solve(c, p, 32, &o, &g, &r, NULL);
		t = cpu() - t0;
		total += t;
		if (t > worst)
			worst = t;
		sum += r.adders;
		naf += r.naf_adders;
		nafi += naf_int(p);
		worse += r.adders > r.naf_adders;
	}
	printf("random32_avg %.3f\nrandom32_naf_mod %.3f\nrandom32_naf_int %.3f\n"
	       "random32_worse_than_naf %d\nrandom32_max_ms %.1f\n"
	       "random32_mean_ms %.2f\n", sum / n, naf / n, nafi / n, worse,
	       worst * 1e3, total / n * 1e3);
	mcm_free(c);
}

static void named(void)
{
	static const struct { const char *name; uint64_t p; unsigned bits; } k[] = {
		{ "golden32", 0x61C88647, 32 },
		{ "golden32_neg", 0x9E3779B9, 32 },
		{ "golden64", 0x61C8864680B583EBull, 64 },
		{ "seed64", 0x9e37fffffffc0001ull, 64 },
	};
	mcm_ctx *c = mcm_new();
	size_t i;

	for (i = 0; i < sizeof k / sizeof k[0]; i++) {
		mcm_graph g;
		mcm_result r;
		double t0 = cpu();
		mcm_solve(c, k[i].p, k[i].bits, NULL, &g, &r, NULL);
		printf("%s_adders %u\n%s_naf %u\n%s_depth %u\n%s_ms %.1f\n", k[i].name,
		       r.adders, k[i].name, r.naf_adders, k[i].name, r.depth,
		       k[i].name, (cpu() - t0) * 1e3);
	}
	mcm_free(c);
}

int main(int argc, char **argv)
{
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	named();
	random32();
	for (i = 1; i < argc; i++)
		table((unsigned)atoi(argv[i]));
	return 0;
}
