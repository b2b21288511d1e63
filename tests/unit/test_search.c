/*
 * test_search.c - the exact search for cheap multipliers (search.h).
 *
 * Oracles, all written here:
 *   - brute force: every odd p in a window, its signed-digit weight mod
 *     2^N from the identity "the NAF of x has its non-zero digits where
 *     (3x XOR x) >> 1 has ones" (weight mod 2^N = min over x = p and
 *     x = 2^N - p), itself checked against all 3^N digit vectors for
 *     N <= 8;
 *   - exact integer windows for rational targets, and long double for
 *     1/phi at small N;
 *   - GMP's mpz_probab_prime_p and known strong pseudoprimes for primes;
 *   - the cf module (cf_golden_stats, cf_max_early) for the ranking keys.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <gmp.h>

#include "cfx/cf.h"
#include "cfx/expr.h"
#include "cfx/search.h"
#include "testutil.h"

/* ---- the oracle ---------------------------------------------------------- */

static unsigned naf_int_weight(uint64_t x)
{
	return (unsigned)__builtin_popcountll(((3 * (unsigned __int128)x) ^ x)
	                                      >> 1);
}

static unsigned oracle_weight(uint64_t p, unsigned n)
{
	unsigned a = naf_int_weight(p), b = naf_int_weight((1ull << n) - p);

	return a < b ? a : b;
}

Test(search, oracle_weight_is_the_minimum_over_all_digit_vectors)
{
	unsigned n;

	for (n = 1; n <= 8; n++) {
		unsigned best[256], total = 1, v, i;

		for (i = 0; i < n; i++)
			total *= 3;
		for (i = 0; i < (1u << n); i++)
			best[i] = 99;
		for (v = 0; v < total; v++) {
			unsigned t = v, w = 0;
			long val = 0;
			for (i = 0; i < n; i++, t /= 3) {
				int d = (int)(t % 3) - 1;
				val += d * (1L << i);
				w += d != 0;
			}
			val &= (1L << n) - 1;
			if (w < best[val])
				best[val] = w;
		}
		for (i = 1; i < (1u << n); i++)
			CHECK(oracle_weight(i, n) == best[i],
			      "n %u p %u: %u vs %u", n, i, oracle_weight(i, n),
			      best[i]);
	}
}

/* A target with the window [lo, hi] given directly. */
static search_target window(unsigned n, uint64_t lo, uint64_t hi)
{
	search_target t;

	memset(&t, 0, sizeof t);
	t.bits = n;
	t.window = 1;
	t.lo = lo | 1;
	t.hi = (hi & 1) ? hi : hi - 1;
	t.center = lo;
	return t;
}

/* Run every task of a plan on this thread into out (sorted). */
static uint64_t run_all(const search_target *t, unsigned k, int primes,
                        search_list *out)
{
	search_plan pl;
	uint64_t seen = 0;
	size_t i;
	cfx_err e;
	atomic_size_t found;

	atomic_init(&found, 0);
	cr_assert_eq(search_plan_make(&pl, t, k, primes, 16, &e), 0);
	for (i = 0; i < pl.ntask; i++)
		cr_assert_eq(search_task_run(&pl, i, out, &seen, &found, NULL, &e),
		             0);
	search_plan_free(&pl);
	search_sort(out->c, out->n);
	return seen;
}

/* The search's set equals the brute force's, with no p twice. */
static void compare(unsigned n, unsigned k, uint64_t lo, uint64_t hi)
{
	search_target t = window(n, lo, hi);
	search_list got = { 0 };
	uint64_t *mine, p;
	size_t m = 0, i, want = 0;

	if (t.lo > t.hi)
		return;
	run_all(&t, k, 0, &got);
	mine = malloc((got.n + 1) * sizeof *mine);
	for (i = 0; i < got.n; i++) {
		mine[i] = (uint64_t)got.c[i].p;
		CHECK(got.c[i].weight == oracle_weight(mine[i], n),
		      "weight of %llu", (unsigned long long)mine[i]);
	}
	qsort(mine, got.n, sizeof *mine, cmp_u64);
	for (p = t.lo; p <= t.hi; p += 2) {
		if (oracle_weight(p, n) > k)
			continue;
		want++;
		CHECK(m < got.n && mine[m] == p, "n %u k %u [%llu, %llu]: %llu "
		      "missing", n, k, (unsigned long long)lo,
		      (unsigned long long)hi, (unsigned long long)p);
		m++;
	}
	CHECK(got.n == want, "n %u k %u: %zu found, %zu expected", n, k, got.n,
	      want);
	free(mine);
	search_list_free(&got);
}

Test(search, exact_against_brute_force_n_le_20_k_le_6, .timeout = 120)
{
	trng r = { 13 };
	unsigned n, k, j;

	for (n = 1; n <= 20; n++)
		for (k = 1; k <= 6; k++) {
			uint64_t top = (1ull << n) - 1;
			compare(n, k, 1, top);            /* the whole word */
			for (j = 0; j < 6; j++) {         /* random windows */
				uint64_t a = 1 + trng_below(&r, top);
				uint64_t w = 1 + trng_below(&r, 1 + (top >> (j % 4 * 3)));
				compare(n, k, a, a + w > top ? top : a + w);
			}
			compare(n, k, top - (top >> 3), top);   /* near 2^n: wraps */
		}
}

Test(search, the_plan_does_not_change_the_result)
{
	search_target t = window(18, 100000, 200000);
	search_list a = { 0 }, b = { 0 };
	search_plan pl;
	uint64_t s1 = 0, s2 = 0;
	size_t i;
	cfx_err e;
	atomic_size_t found;

	atomic_init(&found, 0);
	cr_assert_eq(search_plan_make(&pl, &t, 5, 0, 1, &e), 0);
	for (i = 0; i < pl.ntask; i++)
		search_task_run(&pl, i, &a, &s1, &found, NULL, &e);
	search_plan_free(&pl);
	cr_assert_eq(search_plan_make(&pl, &t, 5, 0, 500, &e), 0);
	cr_assert_gt(pl.ntask, 10);
	for (i = 0; i < pl.ntask; i++)
		search_task_run(&pl, i, &b, &s2, &found, NULL, &e);
	search_plan_free(&pl);
	search_sort(a.c, a.n);
	search_sort(b.c, b.n);
	cr_assert_eq(a.n, b.n);
	cr_assert_eq(s1, s2, "enumerated %llu vs %llu", (unsigned long long)s1,
	             (unsigned long long)s2);
	for (i = 0; i < a.n; i++)
		cr_assert(a.c[i].p == b.c[i].p);
	search_list_free(&a);
	search_list_free(&b);
}

/* ---- the window ------------------------------------------------------------ */

static int target(search_target *t, const char *expr, unsigned n,
                  unsigned w, cfx_err *e)
{
	expr_tree *tr = expr ? expr_parse(expr, e) : NULL;
	int rc;

	if (expr)
		cr_assert(tr);
	rc = search_target_make(t, tr, NULL, NULL, 0, n, w, e);
	expr_free(tr);
	return rc;
}

Test(search, window_of_rational_targets_is_exact)
{
	static const struct { const char *x; unsigned num, den; } cases[] = {
		{ "5/8", 5, 8 }, { "1/3", 1, 3 }, { "2/7", 2, 7 }, { "99/100", 99, 100 },
	};
	size_t i;
	unsigned n, w;
	cfx_err e;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (n = 4; n <= 40; n += 6)
			for (w = 1; w <= n; w += 3) {
				search_target t;
				/* lo = ceil((num 2^n - den 2^(n-w)) / den), exactly */
				__int128 den = cases[i].den;
				__int128 c = (__int128)cases[i].num << n;
				__int128 h = den << (n - w);
				__int128 lo = (c - h) <= 0 ? 1 : (c - h + den - 1) / den;
				__int128 hi = (c + h) / den;
				__int128 top = ((__int128)1 << n) - 1;

				if (hi > top)
					hi = top;
				lo |= 1;
				if (!(hi & 1))
					hi--;
				if (lo > hi) {
					cr_assert_eq(target(&t, cases[i].x, n, w, &e), -1);
					continue;
				}
				cr_assert_eq(target(&t, cases[i].x, n, w, &e), 0,
				             "%s n %u w %u: %s", cases[i].x, n, w, e.msg);
				CHECK(t.lo == (search_word)lo && t.hi == (search_word)hi,
				      "%s n %u w %u", cases[i].x, n, w);
			}
}

Test(search, window_of_the_golden_target)
{
	unsigned n;
	cfx_err e;

	for (n = 20; n <= 40; n++) {
		search_target t;
		long double c = (sqrtl(5.0L) - 1) / 2 * ldexpl(1, (int)n);
		long double h = ldexpl(1, (int)n - 8);
		uint64_t lo = (uint64_t)ceill(c - h) | 1;
		uint64_t hi = (uint64_t)floorl(c + h);

		hi -= !(hi & 1);
		cr_assert_eq(target(&t, NULL, n, 8, &e), 0);
		cr_assert(t.golden);
		CHECK(t.lo == lo && t.hi == hi, "n %u", n);
		cr_assert(t.nq >= 100 && t.q[0] == 1 && t.q[99] == 1);
	}
}

Test(search, bad_targets_and_limits)
{
	search_target t;
	search_plan pl;
	cfx_err e;

	cr_assert_eq(target(&t, "0", 32, 8, &e), -1);
	cr_assert_eq(target(&t, "1", 32, 8, &e), -1);
	cr_assert_eq(target(&t, "3/2", 32, 8, &e), -1);
	cr_assert_eq(target(&t, "-1/3", 32, 8, &e), -1);
	cr_assert(strstr(e.msg, "between 0 and 1"));
	cr_assert_eq(target(&t, NULL, 0, 1, &e), -1);
	cr_assert_eq(target(&t, NULL, SEARCH_MAX_BITS + 1, 8, &e), -1);
	cr_assert(strstr(e.msg, "126"));
	cr_assert_eq(target(&t, NULL, 32, 0, &e), -1);
	cr_assert_eq(target(&t, NULL, 32, 33, &e), -1);
	cr_assert_eq(target(&t, NULL, SEARCH_MAX_BITS, 8, &e), 0);
	cr_assert_eq(search_plan_make(&pl, &t, 0, 0, 4, &e), -1);
	cr_assert_eq(search_plan_make(&pl, &t, SEARCH_MAX_TERMS + 1, 0, 4, &e),
	             -1);
}

/* ---- primes and ranking ------------------------------------------------------ */

Test(search, primes_agree_with_gmp_and_resist_pseudoprimes)
{
	static const uint64_t psp[] = {
		2047, 1373653, 25326001, 3215031751ull, 2152302898747ull,
		3474749660383ull, 341550071728321ull, 3825123056546413051ull,
	};
	trng r = { 99 };
	mpz_t z;
	size_t i;

	mpz_init(z);
	for (i = 0; i < sizeof psp / sizeof psp[0]; i++)
		cr_assert_eq(search_prime(psp[i]), 0, "%llu",
		             (unsigned long long)psp[i]);
	for (i = 0; i < 200000; i++) {
		uint64_t p = trng_next(&r) | 1;
		if (i < 1000)
			p = i;
		mpz_set_ui(z, p);
		CHECK((search_prime(p) != 0) == (mpz_probab_prime_p(z, 40) != 0),
		      "%llu", (unsigned long long)p);
	}
	cr_assert_eq(search_prime(0x9e370001), 2);
	cr_assert_eq(search_prime(0x9e37fffffffc0001ull), 2);
	/* beyond 64 bits: GMP, probable */
	cr_assert_eq(search_prime(((search_word)1 << 89) - 1), 1);
	cr_assert_eq(search_prime(((search_word)1 << 89) + 1), 0);
	mpz_clear(z);
}

Test(search, ranking_keys_agree_with_the_cf_module)
{
	trng r = { 5 };
	search_target t;
	cfx_err e;
	mpz_t z, big;
	size_t i;

	mpz_inits(z, big, NULL);
	cr_assert_eq(target(&t, NULL, 64, 8, &e), 0);
	for (i = 0; i < 3000; i++) {
		uint64_t p = trng_next(&r) | 1;
		search_cand c;
		cf_seq cf;
		cf_golden g;
		size_t k;

		if (i % 3 == 0)    /* near 1/phi, long golden prefixes */
			p = 0x9e3779b97f4a7c15ull ^ (trng_next(&r) >> (20 + i % 30));
		search_rank(&t, p, &c);
		mpz_set_ui(z, p);
		cf_init(&cf);
		cf_of_multiplier(&cf, z, 64);
		g = cf_golden_stats(&cf);
		k = cf_max_early(&cf, SEARCH_EARLY_BITS, big);
		if (!g.mirrored && g.prefix >= 0)
			CHECK(c.prefix == (unsigned)g.prefix, "%llx: prefix %u vs %ld",
			      (unsigned long long)p, c.prefix, g.prefix);
		CHECK(c.big_index == k && mpz_cmp_ui(big, (unsigned long)c.big) == 0,
		      "%llx: a_%u vs a_%zu", (unsigned long long)p, c.big_index, k);
		cf_clear(&cf);
	}
	mpz_clears(z, big, NULL);
}

/* ---- the 2002 seeds ---------------------------------------------------------- */

static int found(unsigned n, uint64_t p)
{
	search_target t;
	search_list l = { 0 };
	cfx_err e;
	size_t i;
	int hit = 0;

	cr_assert_eq(target(&t, NULL, n, SEARCH_DEFAULT_WINDOW, &e), 0);
	run_all(&t, 7, 1, &l);
	for (i = 0; i < l.n; i++) {
		CHECK(l.c[i].prime == 2, "not proven prime");
		hit |= l.c[i].p == p;
	}
	search_list_free(&l);
	return hit;
}

Test(search, the_seed_primes_are_found_and_dropped_for_a_stride)
{
	search_verdict v;
	cfx_err e;

	cr_assert(found(32, 0x9e370001));
	cr_assert(found(64, 0x9e37fffffffc0001ull));
	cr_assert_eq(search_screen(0x9e370001, 32, SEARCH_QUICK, NULL, &v,
	                           &e), 0);
	cr_assert_eq(v.status, SEARCH_FAIL);
	cr_assert(strstr(v.family, "stride"), "%s", v.reason);
	cr_assert_eq(search_screen(0x9e37fffffffc0001ull, 64, SEARCH_QUICK,
	                           NULL, &v, &e), 0);
	cr_assert_eq(v.status, SEARCH_FAIL);
	cr_assert(strstr(v.family, "stride"), "%s", v.reason);
	/* the golden constants pass */
	cr_assert_eq(search_screen(0x61C8864680B583EBull, 64, SEARCH_QUICK,
	                           NULL, &v, &e), 0);
	cr_assert_neq(v.status, SEARCH_FAIL, "%s", v.reason);
	cr_assert_eq(search_screen(0x9e3779b9, 32, SEARCH_QUICK, NULL, &v,
	                           &e), 0);
	cr_assert_neq(v.status, SEARCH_FAIL, "%s", v.reason);
}

/* Ctrl-C stops the battery between its families (cfx search --screen
 * full took its ~3 s per candidate to stop): with the flag set the
 * battery runs no family and the candidate stays unscreened, no
 * verdict, whichever level; the prediction, which is cheap, still runs
 * first (a stride FAIL needs no battery). */
Test(search, screen_stops_on_the_flag)
{
	volatile sig_atomic_t stop = 1;
	search_verdict v;
	cfx_err e;

	cr_assert_eq(search_screen(0x61C8864680B583EBull, 64, SEARCH_FULL,
	                           &stop, &v, &e), 1);
	cr_expect_eq(v.status, SEARCH_UNSCREENED);
	cr_expect_str_eq(v.family, "");
	cr_assert_eq(search_screen(0x9e3779b9, 32, SEARCH_QUICK, &stop, &v,
	                           &e), 1);
	cr_expect_eq(v.status, SEARCH_UNSCREENED);
	/* the stride map's prediction drops it before the battery */
	cr_assert_eq(search_screen(0x9e37fffffffc0001ull, 64, SEARCH_FULL, &stop,
	                           &v, &e), 0);
	cr_expect_eq(v.status, SEARCH_FAIL);
	stop = 0;
	cr_assert_eq(search_screen(0x9e3779b9, 32, SEARCH_QUICK, &stop, &v,
	                           &e), 0);
	cr_expect_neq(v.status, SEARCH_UNSCREENED);
}

/* ---- the front ------------------------------------------------------------- */

/* A candidate and its verdict as search_front reads them: weight, adders
 * and depth (adders 0: the cost is the NAF's, else exact), quality,
 * status. */
typedef struct front_row {
	unsigned w, a, d;
	double q;
	search_status s;
} front_row;

/* search_front of the n (at most 8) rows r; the indices of the front go
 * to idx.  Returns how many. */
static size_t front(const front_row *r, size_t n, size_t *idx)
{
	search_cand c[8];
	search_verdict v[8];
	size_t i;

	cr_assert_leq(n, 8);
	memset(c, 0, sizeof c);
	memset(v, 0, sizeof v);
	for (i = 0; i < n; i++) {
		c[i].weight = r[i].w;
		c[i].adders = r[i].a;
		c[i].depth = r[i].d;
		c[i].cost = r[i].a ? SEARCH_COST_EXACT : SEARCH_COST_NAF;
		v[i].quality = r[i].q;
		v[i].status = r[i].s;
	}
	return search_front(c, v, n, idx);
}

Test(search, front_keeps_what_each_adder_buys)
{
	/* cost (weight - 1), quality, status */
	static const struct { unsigned w; double q; search_status s; } in[] = {
		{ 4, 3.0, SEARCH_PASS },   /* 0: cost 3, R 3   front */
		{ 4, 2.5, SEARCH_WARN },   /* 1: cost 3, R 2.5 front (better) */
		{ 5, 2.7, SEARCH_PASS },   /* 2: cost 4, worse than 1: no */
		{ 6, 1.0, SEARCH_FAIL },   /* 3: failed: never */
		{ 6, 1.2, SEARCH_PASS },   /* 4: cost 5, R 1.2 front */
		{ 7, 1.2, SEARCH_PASS },   /* 5: cost 6, equal: no */
		{ 8, 0.9, SEARCH_UNSCREENED }, /* 6: not screened: no */
		{ 9, 0.95, SEARCH_PASS },  /* 7: cost 8 front */
	};
	front_row r[8];
	size_t idx[8], n, i;

	for (i = 0; i < 8; i++)
		r[i] = (front_row){ in[i].w, 0, 0, in[i].q, in[i].s };
	n = front(r, 8, idx);
	cr_assert_eq(n, 3);
	cr_assert_eq(idx[0], 1);
	cr_assert_eq(idx[1], 4);
	cr_assert_eq(idx[2], 7);
}

Test(search, optimal_cost_is_a_graph_that_multiplies)
{
	static const uint64_t ps[] = { 0x9e370001, 0x9e3f0101, 0x9e37fffffffc0001ull };
	mcm_ctx *m = mcm_new();
	size_t i;

	for (i = 0; i < sizeof ps / sizeof ps[0]; i++) {
		unsigned bits = ps[i] >> 32 ? 64 : 32;
		search_cand c;
		search_target t;
		mcm_graph g;
		mcm_result r;
		cfx_err e;

		cr_assert_eq(target(&t, NULL, bits, 8, &e), 0);
		search_rank(&t, ps[i], &c);
		cr_assert_eq(search_cost(&c), c.weight - 1);   /* NAF before */
		search_optimal(m, &c, bits);
		cr_assert_eq(mcm_solve(m, ps[i], bits, NULL, &g, &r, &e), 0);
		cr_assert(mcm_check(&g, ps[i]));
		cr_assert_leq(c.adders, c.weight - 1);
		cr_assert_leq(r.adders, c.adders);
		cr_assert_eq(search_cost(&c), c.adders);
	}
	mcm_free(m);
}

/* Beyond 64 bits: every signed-digit string of at most K digits on N
 * positions, reduced mod 2^N, is exactly the candidate set (a p of
 * minimal weight <= K is the value of such a string, and every such
 * value has minimal weight <= K). */
static int cmp_word(const void *a, const void *b)
{
	search_word x = *(const search_word *)a, y = *(const search_word *)b;
	return x < y ? -1 : x > y;
}

Test(search, exact_against_all_digit_strings_at_100_bits, .timeout = 120)
{
	const unsigned n = 100, kmax = 3;
	search_word mask = ((search_word)1 << n) - 1, *want;
	search_target t;
	search_list got = { 0 };
	size_t m = 0, cap = 1 << 22, i, u;
	unsigned a, b, c, k;
	int sa, sb, sc;
	cfx_err e;

	cr_assert_eq(target(&t, NULL, n, 1, &e), 0);
	want = malloc(cap * sizeof *want);
	/* strings of 1, 2 and 3 digits at positions a > b > c (c = 0 for
	 * odd values is forced below by the window's oddness check) */
	for (a = 0; a < n; a++)
		for (sa = -1; sa <= 1; sa += 2) {
			search_word va = sa > 0 ? (search_word)1 << a
			                 : (search_word)0 - ((search_word)1 << a);
			#define KEEP(v) do { search_word p_ = (v) & mask; \
				if ((p_ & 1) && p_ >= t.lo && p_ <= t.hi) { \
					cr_assert_lt(m, cap); want[m++] = p_; } } while (0)
			KEEP(va);
			for (b = 0; b < a; b++)
				for (sb = -1; sb <= 1; sb += 2) {
					search_word vb = va + (sb > 0 ? (search_word)1 << b
					                 : (search_word)0 - ((search_word)1 << b));
					KEEP(vb);
					for (c = 0; c < b; c++)
						for (sc = -1; sc <= 1; sc += 2)
							KEEP(vb + (sc > 0 ? (search_word)1 << c
							      : (search_word)0 - ((search_word)1 << c)));
				}
		}
	qsort(want, m, sizeof *want, cmp_word);
	for (i = u = 0; i < m; i++)                /* distinct values */
		if (!u || want[u - 1] != want[i])
			want[u++] = want[i];
	cr_assert_gt(u, 10000, "%zu", u);
	k = kmax;
	run_all(&t, k, 0, &got);
	cr_assert_eq(got.n, u, "%zu found, %zu strings' values", got.n, u);
	{
		search_word *mine = malloc((got.n + 1) * sizeof *mine);
		for (i = 0; i < got.n; i++)
			mine[i] = got.c[i].p;
		qsort(mine, got.n, sizeof *mine, cmp_word);
		for (i = 0; i < u; i++)
			CHECK(mine[i] == want[i], "value %zu differs", i);
		free(mine);
	}
	search_list_free(&got);
	free(want);
}

/* ---- by adders --------------------------------------------------------------
 *
 * Oracle: mcm.h's definition taken literally.  A graph is nodes
 * t_k = (t_a << sa) + (t_b << sb) or (t_a << sa) - (t_b << sb) mod 2^N,
 * 0 <= sa, sb < N, at least one of them 0, every node odd; the output is
 * +-t_last.  Every graph of at most A nodes is built, node by node from
 * any two earlier ones, and each value keeps its fewest nodes, then its
 * least depth (best[v >> 1] = cost * 16 + depth).  No sign folding:
 * that is the search's.  One shortcut, for time: a last node (the A-th)
 * that does not use node A - 1 was met one level earlier, from the same
 * nodes without node A - 1, at fewer nodes and no more depth.
 */
typedef struct brute {
	unsigned n, amax;
	uint64_t mask, t[6];
	unsigned d[6];
	unsigned char *best;
} brute;

static void brute_note(brute *b, uint64_t v, unsigned k, unsigned d)
{
	uint64_t x[2] = { v & b->mask, (0 - v) & b->mask };
	unsigned char code = (unsigned char)(k * 16 + d);
	int i;

	for (i = 0; i < 2; i++)
		if (code < b->best[x[i] >> 1])
			b->best[x[i] >> 1] = code;
}

static void brute_grow(brute *b, unsigned k)   /* t[0..k) are made */
{
	unsigned i, j, sa, sb, op;

	if (k > b->amax)
		return;
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++) {
			if (k == b->amax && k > 1 && i != k - 1 && j != k - 1)
				continue;
			for (sa = 0; sa < b->n; sa++)
				for (sb = 0; sb < b->n; sb++) {
					uint64_t x = (b->t[i] << sa) & b->mask;
					uint64_t y = (b->t[j] << sb) & b->mask;
					unsigned dep = 1 + (b->d[i] > b->d[j] ? b->d[i] : b->d[j]);
					if (sa && sb)
						continue;
					for (op = 0; op < 2; op++) {
						uint64_t v = (op ? x - y : x + y) & b->mask;
						if (!(v & 1))
							continue;
						brute_note(b, v, k, dep);
						b->t[k] = v;
						b->d[k] = dep;
						brute_grow(b, k + 1);
					}
				}
		}
}

static unsigned char *brute_costs(unsigned n, unsigned amax)
{
	brute b;

	memset(&b, 0, sizeof b);
	b.n = n;
	b.amax = amax;
	b.mask = (1ull << n) - 1;
	b.best = malloc(1ull << (n - 1));
	memset(b.best, 0xff, 1ull << (n - 1));
	b.t[0] = 1;
	brute_note(&b, 1, 0, 0);
	brute_grow(&b, 1);
	return b.best;
}

/* The search by adders over [lo, hi] equals the brute force's set, with
 * the same adders and depth for each p, and no p twice. */
static void compare_adders(const unsigned char *best, unsigned n,
                           unsigned a, uint64_t lo, uint64_t hi)
{
	search_target t = window(n, lo, hi);
	search_list got = { 0 };
	search_plan pl;
	uint64_t seen = 0, p;
	size_t i, m = 0;
	cfx_err e;
	atomic_size_t found;

	if (t.lo > t.hi)
		return;
	atomic_init(&found, 0);
	cr_assert_eq(search_plan_adders(&pl, &t, a, 0, &e), 0, "%s", e.msg);
	for (i = 0; i < pl.ntask; i++)
		cr_assert_eq(search_task_run(&pl, i, &got, &seen, &found, NULL, &e),
		             0);
	search_plan_free(&pl);
	search_list_unique(&got);
	for (p = t.lo; p <= t.hi; p += 2) {
		unsigned k = best[p >> 1] >> 4, d = best[p >> 1] & 15;
		if (best[p >> 1] == 0xff || k > a)
			continue;
		CHECK(m < got.n && got.c[m].p == p, "n %u A %u: %llu (cost %u) "
		      "missing", n, a, (unsigned long long)p, k);
		CHECK(got.c[m].adders == k && got.c[m].depth == d &&
		      got.c[m].cost == SEARCH_COST_EXACT && search_cost(&got.c[m])
		      == k, "n %u: %llu adders/depth %u/%u, brute force %u/%u", n,
		      (unsigned long long)p, got.c[m].adders, got.c[m].depth, k, d);
		m++;
	}
	CHECK(m == got.n, "n %u A %u [%llu, %llu]: %zu found, %zu expected", n,
	      a, (unsigned long long)lo, (unsigned long long)hi, got.n, m);
	search_list_free(&got);
}

static void adders_against_brute_force(unsigned n, unsigned amax)
{
	unsigned char *best = brute_costs(n, amax);
	uint64_t top = (1ull << n) - 1;
	trng r = { n };
	unsigned a, j;

	for (a = 0; a <= amax; a++) {
		compare_adders(best, n, a, 1, top);
		for (j = 0; j < 4; j++) {
			uint64_t lo = 1 + trng_below(&r, top);
			uint64_t w = 1 + trng_below(&r, 1 + (top >> (j * 3)));
			compare_adders(best, n, a, lo, lo + w > top ? top : lo + w);
		}
	}
	free(best);
}

Test(search, adders_against_brute_force_n_le_20_a_le_3, .timeout = 300)
{
	unsigned n;

	for (n = 2; n <= 20; n += n < 12 ? 1 : 4)
		adders_against_brute_force(n, 3);
}

/* Every odd constant below 2^10 needs at most 3 adders mod 2^N (the
 * test above sees them all); at 11 bits 6 need more.  The brute force
 * of 4 nodes is too slow to run whole here, so: the search by 4 adders
 * over the word must give every constant of at most 3 as the brute force
 * does, and each other one with 4 adders, which a 4-node graph of cfx's
 * exact shift/add search (checked by running it) confirms. */
Test(search, adders_four_against_brute_force, .timeout = 300)
{
	const unsigned n = 11;
	unsigned char *best = brute_costs(n, 3);
	uint64_t p, top = (1ull << n) - 1, seen = 0;
	search_target t = window(n, 1, top);
	search_list got = { 0 };
	search_plan pl;
	size_t i, m = 0, four = 0;
	cfx_err e;
	atomic_size_t found;
	mcm_ctx *mc = mcm_new();

	atomic_init(&found, 0);
	cr_assert_eq(search_plan_adders(&pl, &t, 4, 0, &e), 0);
	for (i = 0; i < pl.ntask; i++)
		cr_assert_eq(search_task_run(&pl, i, &got, &seen, &found, NULL, &e),
		             0);
	search_plan_free(&pl);
	search_list_unique(&got);
	for (p = 1; p <= top; p += 2) {
		CHECK(m < got.n && got.c[m].p == p, "%llu missing",
		      (unsigned long long)p);
		if (best[p >> 1] != 0xff) {
			CHECK(got.c[m].adders == best[p >> 1] >> 4u &&
			      got.c[m].depth == (best[p >> 1] & 15u), "%llu",
			      (unsigned long long)p);
		} else {
			mcm_graph g;
			mcm_result r;
			mcm_opts o = { 0, 1, 0, NULL };
			cr_assert_eq(mcm_solve(mc, p, n, &o, &g, &r, &e), 0);
			CHECK(got.c[m].adders == 4 && r.adders == 4 &&
			      g.n == 4 && mcm_check(&g, p), "%llu: %u adders, mcm %u",
			      (unsigned long long)p, got.c[m].adders, r.adders);
			four++;
		}
		m++;
	}
	cr_assert_eq(four, 6);
	search_list_free(&got);
	free(best);
	mcm_free(mc);
}

/* The search by adders tells exact counts: the wrap-around graph
 * ((15 << 25) + 1) * 65 makes 0x9e000041 mod 2^32 in 3 adders (checked
 * by hand: (15 * 2^25 + 1) * 65 = 975 * 2^25 + 65, and 975 mod 128 = 79,
 * 0x9e000041 = 79 * 2^25 + 65), and no graph of cfx's shift/add search
 * for a candidate has fewer adders than the enumeration says. */
Test(search, adders_exact_at_32_bits_and_mcm_never_beats_it, .timeout = 120)
{
	search_target t;
	search_list got = { 0 };
	search_plan pl;
	uint64_t seen = 0;
	size_t i, hit = 0;
	cfx_err e;
	atomic_size_t found;
	mcm_ctx *m = mcm_new();

	atomic_init(&found, 0);
	cr_assert_eq(target(&t, NULL, 32, 6, &e), 0);
	cr_assert_eq(search_plan_adders(&pl, &t, 3, 0, &e), 0);
	for (i = 0; i < pl.ntask; i++)
		cr_assert_eq(search_task_run(&pl, i, &got, &seen, &found, NULL, &e),
		             0);
	search_plan_free(&pl);
	search_list_unique(&got);
	cr_assert_gt(got.n, 100);
	for (i = 0; i < got.n; i++) {
		search_cand c = got.c[i];
		mcm_graph g;
		mcm_result r;

		if (c.p == 0x9e000041) {
			hit = 1;
			cr_assert_eq(c.adders, 3);
		}
		cr_assert_eq(mcm_solve(m, (uint64_t)c.p, 32, NULL, &g, &r, &e), 0);
		cr_assert_geq(r.adders, c.adders, "0x%llx: mcm %u, exact %u",
		              (unsigned long long)c.p, r.adders, c.adders);
		search_optimal(m, &c, 32);             /* keeps the exact cost */
		cr_assert_eq(c.cost, SEARCH_COST_EXACT);
	}
	cr_assert(hit);
	search_list_free(&got);
	mcm_free(m);
}

Test(search, adders_limits)
{
	search_target t;
	search_plan pl;
	cfx_err e;

	cr_assert_eq(target(&t, NULL, 64, 8, &e), 0);
	cr_assert_eq(search_plan_adders(&pl, &t, 5, 0, &e), -1);
	cr_assert(strstr(e.msg, "between 0 and 4"), "%s", e.msg);
	cr_assert_eq(search_plan_adders(&pl, &t, 4, 0, &e), -1);
	cr_assert(strstr(e.msg, "at most 24"), "%s", e.msg);
	cr_assert_eq(target(&t, NULL, 100, 8, &e), 0);
	cr_assert_eq(search_plan_adders(&pl, &t, 2, 0, &e), -1);
	cr_assert(strstr(e.msg, "at most 64"), "%s", e.msg);
}

/* The front orders cost by adders, then depth: at equal adders a deeper
 * constant is on it only when its quality is better. */
Test(search, front_orders_by_adders_then_depth)
{
	static const struct { unsigned a, d; double q; } in[] = {
		{ 3, 3, 4.0 },   /* 0: front (cheapest) */
		{ 3, 2, 5.0 },   /* 1: front: shallower comes first */
		{ 3, 4, 4.5 },   /* 2: deeper and no better than 0: no */
		{ 3, 5, 3.5 },   /* 3: deeper but better: front */
		{ 4, 2, 3.6 },   /* 4: more adders, worse than 3: no */
		{ 4, 3, 2.0 },   /* 5: front */
	};
	front_row r[6];
	size_t idx[6], n, i;

	for (i = 0; i < 6; i++)   /* weight 9: not used once adders are known */
		r[i] = (front_row){ 9, in[i].a, in[i].d, in[i].q, SEARCH_PASS };
	n = front(r, 6, idx);
	cr_assert_eq(n, 4);
	cr_assert_eq(idx[0], 1);
	cr_assert_eq(idx[1], 0);
	cr_assert_eq(idx[2], 3);
	cr_assert_eq(idx[3], 5);
}

/* mcm_small (search's small costs: every graph of at most three adders,
 * one constant at a time and backwards, mcm.c's three()), against the
 * brute force's table (forwards, every graph): every odd constant of 6 to
 * 12 bits, and 1500 of 16 and of 20. */
Test(search, small_cost_against_brute_force, .timeout = 120)
{
	unsigned n;

	for (n = 6; n <= 20; n += n < 12 ? 2 : 4) {
		unsigned char *best = brute_costs(n, 3);
		uint64_t p, step = n <= 12 ? 2 : ((1ull << n) / 1500) & ~1ull;

		for (p = 1; p < (1ull << n); p += step) {
			unsigned d = 77, k = mcm_small(p, n, &d);
			if (best[p >> 1] == 0xff)
				CHECK(k == 4 && d == 0, "n %u p %llu: %u, brute > 3", n,
				      (unsigned long long)p, k);
			else
				CHECK(k == best[p >> 1] >> 4u && d == (best[p >> 1] & 15u),
				      "n %u p %llu: %u/%u, brute %u/%u", n,
				      (unsigned long long)p, k, d, best[p >> 1] >> 4u,
				      best[p >> 1] & 15u);
		}
		free(best);
	}
}

/* At 32 and 64 bits, against the search by adders (forwards, over a
 * window): what it found has that cost and depth, the other odd p of a
 * narrow window need 4 or more; and in terms mode search_optimal makes
 * 0x9e000041 (mcm's full search: 4) 3 adders. */
Test(search, small_cost_agrees_with_the_search_by_adders, .timeout = 120)
{
	static const unsigned bits[] = { 32, 64 };
	size_t b;
	mcm_ctx *m = mcm_new();
	search_cand c;
	search_target t;
	cfx_err e;

	for (b = 0; b < 2; b++) {
		search_list got = { 0 };
		search_plan pl;
		uint64_t seen = 0, p, lo, hi;
		size_t i, at = 0;
		atomic_size_t found;

		atomic_init(&found, 0);
		cr_assert_eq(target(&t, NULL, bits[b], bits[b] == 32 ? 5 : 8, &e), 0);
		cr_assert_eq(search_plan_adders(&pl, &t, 3, 0, &e), 0);
		for (i = 0; i < pl.ntask; i++)
			search_task_run(&pl, i, &got, &seen, &found, NULL, &e);
		search_plan_free(&pl);
		search_list_unique(&got);
		cr_assert_gt(got.n, 50);
		for (i = 0; i < got.n; i++) {
			unsigned d, k = mcm_small(got.c[i].p, bits[b], &d);
			CHECK(k == got.c[i].adders && d == got.c[i].depth, "0x%llx: "
			      "%u/%u, search %u/%u", (unsigned long long)got.c[i].p, k,
			      d, got.c[i].adders, got.c[i].depth);
		}
		/* odd p from the middle of the window, in order */
		lo = (uint64_t)t.center | 1;
		hi = lo + (bits[b] == 32 ? 2000 : 300);
		while (at < got.n && (uint64_t)got.c[at].p < lo)
			at++;
		for (p = lo; p < hi; p += 2) {
			unsigned d, k = mcm_small(p, bits[b], &d);
			int listed = at < got.n && (uint64_t)got.c[at].p == p;
			CHECK(listed ? k <= 3 : k == 4, "0x%llx: %u, listed %d",
			      (unsigned long long)p, k, listed);
			at += listed;
		}
		search_list_free(&got);
	}
	cr_assert_eq(target(&t, NULL, 32, 8, &e), 0);
	search_rank(&t, 0x9e000041, &c);
	search_optimal(m, &c, 32);
	cr_assert_eq(c.adders, 3);
	cr_assert_eq(c.cost, SEARCH_COST_EXACT);
	mcm_free(m);
}
