/*
 * bench_mcm.c - figures of the fewest-adder search (mcm.h) for make bench,
 * one "key value" per line (bench/optimal.sh judges them).
 *
 * usage: bench_mcm [table-bits ...]   or   bench_mcm cse (those figures only)
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

/* The constant of a random graph of five adders mod 2^bits: node i an
 * A-operation of node i - 1 and a random earlier node (tests/cost/cse.sh
 * draws its graphs the same way, in python). */
static uint64_t graph5(uint64_t *s, unsigned bits)
{
	uint64_t v[6] = { 1 }, mk = bits >= 64 ? ~0ull : (1ull << bits) - 1;
	int i;

	for (i = 1; i <= 5; i++) {
		uint64_t r = splitmix(s), u = v[i - 1], w = v[r % (uint64_t)i];
		unsigned sh = 1 + (unsigned)((r >> 8) % (bits - 1));
		if (r >> 20 & 1) {
			uint64_t x = u;
			u = w;
			w = x;
		}
		switch ((r >> 24) % 3) {
		case 0: v[i] = (u << sh) + w; break;
		case 1: v[i] = (u << sh) - w; break;
		default: v[i] = w - (u << sh); break;
		}
		v[i] &= mk;
	}
	return v[5];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* shifts --optimal (MCM_PROVE_ALL) with the NAF's common sub-expressions
 * (mcm_cse.c) and without them (the heuristic before them), timed in
 * the same run by pairs: each constant solved by one context, then by
 * the other (the order alternating), on processor time; per pair the
 * ratio with/without; the median of the pairs' ratios and the 10th and
 * 90th percentiles.  n constants (random odd ones, or with graph5 those
 * of random graphs of five adders, where a count above 5 is a miss),
 * `rounds` times over.  The adders are summed on the first round. */
static void cse_pairs(const char *name, unsigned bits, int graphs, int n,
                      int rounds)
{
	mcm_ctx *c[2] = { mcm_new(), mcm_new() };
	double *ratio = calloc((size_t)(n * rounds), sizeof *ratio), tt[2] = { 0 };
	unsigned long add[2] = { 0 }, miss[2] = { 0 };
	unsigned d;
	int r, i, j, np = 0;

	mcm_set_cse(c[1], 0);
	for (j = 0; j < 2; j++) {
		mcm_set_prove(c[j], MCM_PROVE_ALL);
		mcm_adders(c[j], 0x61C88647, 32, 0, &d, NULL, NULL);   /* tables */
	}
	for (r = 0; r < rounds; r++) {
		uint64_t s = 2526 + bits + (uint64_t)graphs;
		for (i = 0; i < n; i++) {
			uint64_t p = graphs ? graph5(&s, bits) : splitmix(&s) | 1;
			double t[2];
			for (j = 0; j < 2; j++) {
				int k = (i + r + j) & 1;
				mcm_opts o = { 0, 0, 0, NULL };
				mcm_graph g;
				mcm_result res;
				double t0 = cpu();
				mcm_solve(c[k], p, bits, &o, &g, &res, NULL);
				t[k] = cpu() - t0;
				tt[k] += t[k];
				if (r == 0) {
					add[k] += res.adders;
					miss[k] += graphs && res.adders > 5;
				}
			}
			ratio[np++] = t[0] / t[1];
		}
	}
	qsort(ratio, (size_t)np, sizeof *ratio, cmp_double);
	printf("%s_ratio %.2f\n%s_ratio_p10 %.2f\n%s_ratio_p90 %.2f\n"
	       "%s_ms %.1f\n%s_old_ms %.1f\n%s_adders %lu\n%s_old_adders %lu\n",
	       name, ratio[np / 2], name, ratio[np / 10], name,
	       ratio[np - 1 - np / 10], name, tt[0] / np * 1e3, name,
	       tt[1] / np * 1e3, name, add[0], name, add[1]);
	if (graphs)
		printf("%s_missed %lu\n%s_old_missed %lu\n%s_count %d\n", name,
		       miss[0], name, miss[1], name, n);
	free(ratio);
	mcm_free(c[0]);
	mcm_free(c[1]);
}

/* 32 and 64 bits: random constants (time), graphs of five (misses) */
static void cse_all(void)
{
	cse_pairs("cse32", 32, 0, 8, 3);
	cse_pairs("cse64", 64, 0, 12, 3);
	cse_pairs("cse64_graphs", 64, 1, 40, 3);
}

int main(int argc, char **argv)
{
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "cse")) {   /* those figures only */
		cse_all();
		return 0;
	}
	named();
	one_solver();
	random32();
	random64();
	cse_all();
	for (i = 1; i < argc; i++)
		table((unsigned)atoi(argv[i]));
	return 0;
}
