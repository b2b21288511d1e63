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

/* The exact table of every odd constant below 2^bits: the average over
 * the constants of exactly `bits` bits (top bit set, the published
 * tables' population) as a fraction and to 4 places, the most, how many
 * are left without a proven count, and the first constant needing each
 * count. */
static void table(unsigned bits)
{
	mcm_ctx *c = mcm_new();
	double t0 = cpu();
	unsigned char *t = mcm_cost_table(c, bits);
	unsigned long v, n = 0, sum = 0, open = 0, first_open = 0, first[6] = { 0 };
	int max = 0, k;

	if (!t) {
		printf("table%u_failed 1\n", bits);
		exit(1);
	}
	for (v = 1; v < 1ul << bits; v += 2) {
		k = t[v >> 1];
		if (k == 255) {
			if (!open++)
				first_open = v;
			continue;
		}
		if (k > max)
			max = k;
		if (k < 6 && !first[k])
			first[k] = v;
		if (v >> (bits - 1)) {
			sum += (unsigned long)k;
			n++;
		}
	}
	printf("table%u_sum %lu\ntable%u_count %lu\ntable%u_avg %.4f\n"
	       "table%u_max %d\ntable%u_open %lu\ntable%u_first_open %lu\n"
	       "table%u_seconds %.2f\n", bits, sum, bits, n, bits,
	       n ? (double)sum / (double)n : -1.0, bits, max, bits, open, bits,
	       first_open, bits, cpu() - t0);
	for (k = 1; k <= 5; k++)
		printf("table%u_first%d %lu\n", bits, k, first[k]);
	free(t);
	mcm_free(c);
}

static void random32(void)
{
	mcm_ctx *c = mcm_new();
	uint64_t s = 2002;
	static const char *targets[] = { "x86-64", "arm64", "rv32i", "m68k" };
	double sum = 0, naf = 0, nafi = 0, worst = 0, total = 0, t0, tworst = 0;
	int i, ti, worse = 0, tworse = 0, n = 1000;
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
		if (i % 5 == 0)   /* 200 of them on each target */
			for (ti = 0; ti < 4; ti++) {
				mcm_result rt;
				o.target = mcm_target_find(targets[ti]);
				t0 = cpu();
				mcm_solve(c, p, 32, &o, &g, &rt, NULL);
				t = cpu() - t0;
				if (t > tworst)
					tworst = t;
				tworse += rt.adders > r.adders;
				o.target = NULL;
			}
	}
	printf("random32_avg %.3f\nrandom32_naf_mod %.3f\nrandom32_naf_int %.3f\n"
	       "random32_worse_than_naf %d\nrandom32_max_ms %.1f\n"
	       "random32_mean_ms %.2f\n", sum / n, naf / n, nafi / n, worse,
	       worst * 1e3, total / n * 1e3);
	printf("random32_target_worse_than_generic %d\nrandom32_target_max_ms "
	       "%.1f\n", tworse, tworst * 1e3);
	mcm_free(c);
}

/* The slowest of 100 random odd 64-bit constants, generic and on each
 * target (a target runs the generic search too). */
static void random64(void)
{
	static const char *names[] = { "generic", "x86-64", "arm64", "rv32i",
	                               "m68k" };
	mcm_ctx *c = mcm_new();
	uint64_t s = 2002;
	double worst = 0, total = 0;
	int i, ti, n = 100;

	for (i = 0; i < n; i++) {
		uint64_t p = splitmix(&s) | 1;
		for (ti = 0; ti < 5; ti++) {
			mcm_opts o = { 0, 0, 0, ti ? mcm_target_find(names[ti]) : NULL };
			mcm_graph g;
			mcm_result r;
			double t0 = cpu(), t;
			mcm_solve(c, p, 64, &o, &g, &r, NULL);
			t = cpu() - t0;
			total += t;
			if (t > worst)
				worst = t;
		}
	}
	printf("random64_max_ms %.1f\nrandom64_mean_ms %.2f\n", worst * 1e3,
	       total / (5 * n) * 1e3);
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

/* One solver: the single-constant path (mcm_solve, defaults) against the
 * table path (mcm_cost_table) on 19 bits, for the audit's misses and 2000
 * random odd constants: never more adders than the table (mod 2^19 a
 * wrapping graph may have fewer), always proven.  And the bounds
 * shifts --optimal proves (mcm_set_prove) on 32 and 64 bits. */
static void one_solver(void)
{
	static const uint64_t audit[] = { 301683, 435413, 14709, 683, 43, 11 };
	mcm_ctx *c = mcm_new(), *t = mcm_new();
	unsigned char *tab = mcm_cost_table(t, 19);
	uint64_t s = 1925;
	unsigned long worse = 0, unproven = 0, n = 0, i;
	double t0, max_ms = 0;

	if (!tab) {
		printf("onesolver_failed 1\n");
		exit(1);
	}
	for (i = 0; i < 2000 + sizeof audit / sizeof audit[0]; i++) {
		uint64_t p;
		mcm_graph g;
		mcm_result r;
		if (i < sizeof audit / sizeof audit[0]) {
			p = audit[i];
		} else {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			p = (s >> 40) & 0x7ffff;
			p |= 1;
		}
		t0 = cpu();
		mcm_solve(c, p, 19, NULL, &g, &r, NULL);
		if ((cpu() - t0) * 1e3 > max_ms)
			max_ms = (cpu() - t0) * 1e3;
		worse += r.adders > tab[p >> 1];
		unproven += !r.exact_wrap;
		n++;
		if (i < sizeof audit / sizeof audit[0])
			printf("audit_%llu %u %u\n", (unsigned long long)p, r.adders,
			       tab[p >> 1]);
	}
	printf("onesolver_count %lu\nonesolver_worse %lu\nonesolver_unproven "
	       "%lu\nonesolver_max_ms %.1f\n", n, worse, unproven, max_ms);
	free(tab);
	mcm_set_prove(c, 1);
	{
		static const struct { const char *name; uint64_t p; unsigned bits; } k[] = {
			{ "golden32", 0x61C88647, 32 }, { "golden32_neg", 0x9E3779B9, 32 },
			{ "golden64", 0x61C8864680B583EBull, 64 },
		};
		for (i = 0; i < 3; i++) {
			mcm_graph g;
			mcm_result r;
			t0 = cpu();
			mcm_solve(c, k[i].p, k[i].bits, NULL, &g, &r, NULL);
			printf("%s_lb %u\n%s_prove_ms %.1f\n", k[i].name, r.lb_wrap,
			       k[i].name, (cpu() - t0) * 1e3);
		}
	}
	mcm_free(c);
	mcm_free(t);
}

int main(int argc, char **argv)
{
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	named();
	one_solver();
	random32();
	random64();
	for (i = 1; i < argc; i++)
		table((unsigned)atoi(argv[i]));
	return 0;
}
