/*
 * test_spec.c - spectra and the three-distance theorem (spec.h).
 *
 * Oracle: the points k p mod 2^n (k = 1..K) computed here, sorted with
 * qsort, their K gaps (with the wrap-around) sorted and grouped.
 */
#include <gmp.h>

#include "cfx/spec.h"
#include "testutil.h"

typedef unsigned __int128 u128;

typedef struct { u128 len; uint64_t count; } bgap;

static int cmp_u128(const void *a, const void *b)
{
	u128 x = *(const u128 *)a, y = *(const u128 *)b;
	return x < y ? -1 : x > y;
}

/* brute force: distinct gap lengths (ascending) with counts; returns how
 * many distinct lengths (may exceed 3 if the theorem were false) */
static int brute_gaps(uint64_t p, unsigned n, uint64_t K, bgap *out, int max)
{
	uint64_t *pt = malloc(K * sizeof *pt), k;
	u128 *g = malloc(K * sizeof *g);
	int ng = 0;

	cr_assert(pt && g);
	for (k = 1; k <= K; k++)
		pt[k - 1] = (uint64_t)(((u128)k * p) % ((u128)1 << n));
	qsort(pt, K, sizeof *pt, cmp_u64);
	for (k = 0; k + 1 < K; k++)
		g[k] = (u128)pt[k + 1] - pt[k];
	g[K - 1] = ((u128)1 << n) - pt[K - 1] + pt[0];
	qsort(g, K, sizeof *g, cmp_u128);
	for (k = 0; k < K; k++) {
		if (ng > 0 && out[ng - 1].len == g[k]) {
			out[ng - 1].count++;
			continue;
		}
		if (ng < max) {
			out[ng].len = g[k];
			out[ng].count = 1;
		}
		ng++;
	}
	free(pt);
	free(g);
	return ng;
}

/* number of distinct points k p mod 2^n: 2^(n - t), t = trailing zeros */
static u128 distinct_points(uint64_t p, unsigned n)
{
	unsigned t = 0;

	p &= tmask(n);
	while (t < n && !((p >> t) & 1))
		t++;
	return (u128)1 << (n - t);
}

static void compare(uint64_t p, unsigned n, uint64_t K)
{
	bgap b[8];
	spec_result r;
	cfx_err e;
	int nb, i;
	u128 total = 0;
	uint64_t cnt = 0;

	cfx_err_clear(&e);
	memset(&r, 0x5a, sizeof r);
	CHECK(spec_compute(p, n, K, &r, &e) == 0, "p=%llx n=%u K=%llu: %s",
	      (unsigned long long)p, n, (unsigned long long)K, e.msg);
	nb = brute_gaps(p & tmask(n), n, K, b, 8);
	CHECK(nb <= 3, "brute force found %d lengths: the oracle is broken", nb);
	CHECK(r.count == K, "count %llu", (unsigned long long)r.count);
	CHECK(r.ngaps == nb, "p=%llx n=%u K=%llu: %d lengths, brute force %d",
	      (unsigned long long)p, n, (unsigned long long)K, r.ngaps, nb);
	for (i = 0; i < nb; i++) {
		CHECK(r.gap[i].length == b[i].len && r.gap[i].count == b[i].count,
		      "p=%llx n=%u K=%llu: gap %d is %llu x %llu, brute force %llu x %llu",
		      (unsigned long long)p, n, (unsigned long long)K, i,
		      (unsigned long long)r.gap[i].count, (unsigned long long)r.gap[i].length,
		      (unsigned long long)b[i].count, (unsigned long long)b[i].len);
		total += r.gap[i].length * r.gap[i].count;
		cnt += r.gap[i].count;
	}
	CHECK(total == (u128)1 << n && cnt == K, "gaps do not cover the circle");
	CHECK(r.three_sum == (nb == 3 && b[2].len == b[0].len + b[1].len),
	      "three_sum %d", r.three_sum);
	CHECK(r.max_min_ratio == (double)b[nb - 1].len / (double)b[0].len,
	      "max/min ratio %g", r.max_min_ratio);
}

Test(spec, random_p_vs_brute_force, .timeout = 60)
{
	trng rg = { 11 };
	int t;

	for (t = 0; t < 600; t++) {
		unsigned n = 1 + (unsigned)trng_below(&rg, 64);
		uint64_t p = trng_next(&rg) & tmask(n);
		u128 d;
		uint64_t K;

		if (t % 5 == 0)        /* even multipliers too */
			p &= ~tmask((unsigned)trng_below(&rg, n));
		d = distinct_points(p, n);
		K = 1 + trng_below(&rg, d < 10000 ? (uint64_t)d : 10000);
		compare(p, n, K);
	}
}

Test(spec, full_circle_and_golden)
{
	unsigned n;

	/* K = all distinct points: one gap length 2^t */
	compare(1, 1, 2);
	compare(3, 10, 1024);
	compare(12, 10, 256);
	compare(0, 8, 1);          /* p = 0: one point, gap 2^n */
	compare(256, 8, 1);        /* p = 2^n reduces to 0 */
	for (n = 8; n <= 64; n += 8)
		compare(0x9E3779B97F4A7C15ull >> (64 - n) | 1, n, n < 14 ? (1u << n) : 10000);
	compare(~(uint64_t)0, 64, 10000);
	compare((uint64_t)1 << 63, 64, 2);
}

Test(spec, three_distance_all_odd_p_n10)
{
	uint64_t p, K;

	for (p = 1; p < 1024; p += 2)
		for (K = 1; K <= 64; K++) {
			spec_result r;
			cfx_err e;

			CHECK(spec_compute(p, 10, K, &r, &e) == 0, "p=%llu K=%llu",
			      (unsigned long long)p, (unsigned long long)K);
			CHECK(r.ngaps >= 1 && r.ngaps <= 3, "%d gap lengths", r.ngaps);
			if (r.ngaps == 3)
				CHECK(r.gap[2].length == r.gap[0].length + r.gap[1].length &&
				      r.three_sum, "largest gap is not the sum of the others");
			compare(p, 10, K);
		}
	/* even p at n = 10 with as many points as exist */
	for (p = 2; p < 1024; p += 2)
		for (K = 1; K <= 64 && K <= distinct_points(p, 10); K++)
			compare(p, 10, K);
}

Test(spec, errors)
{
	spec_result r;
	cfx_err e;

	/* more points than distinct ones: p = 4 on 10 bits has 2^8 */
	cr_assert_eq(spec_compute(4, 10, 257, &r, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(spec_compute(4, 10, 256, &r, &e), 0);
	cr_assert_eq(spec_compute(1, 8, 257, &r, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(spec_compute(0, 8, 2, &r, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(spec_compute((uint64_t)1 << 40, 64, (1u << 24) + 1, &r, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	/* zero points */
	cr_assert_eq(spec_compute(1, 8, 0, &r, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	/* beyond the documented limit of 2^26 */
	cr_assert_eq(spec_compute(0x9E3779B97F4A7C15ull, 64, SPEC_MAX_COUNT + 1, &r, &e), -1);
	cr_assert_eq(e.code, CFX_ELIMIT);
}

Test(spec, point_floor_bucket_vs_gmp)
{
	trng rg = { 21 };
	mpz_t a, m;
	int t;

	mpz_inits(a, m, NULL);
	for (t = 0; t < 200000; t++) {
		unsigned n = 1 + (unsigned)trng_below(&rg, 64);
		unsigned b = 1 + (unsigned)trng_below(&rg, n);
		uint64_t p = trng_next(&rg) & tmask(n), k = trng_next(&rg) >> trng_below(&rg, 64);
		uint64_t pt, fl, bu;

		/* k p as an exact integer */
		mpz_set_ui(a, 0);
		mpz_import(a, 1, 1, sizeof k, 0, 0, &k);
		mpz_set_ui(m, 0);
		mpz_import(m, 1, 1, sizeof p, 0, 0, &p);
		mpz_mul(a, a, m);
		mpz_fdiv_r_2exp(m, a, n);
		pt = mpz_get_ui(m);
		mpz_fdiv_q_2exp(a, a, n);
		fl = mpz_get_ui(a);            /* floor(k p / 2^n) < 2^64 as p < 2^n */
		bu = pt >> (n - b);
		CHECK(spec_point(p, n, k) == pt, "point n=%u", n);
		CHECK(spec_floor(p, n, k) == fl, "floor n=%u p=%llx k=%llx", n,
		      (unsigned long long)p, (unsigned long long)k);
		CHECK(spec_bucket(p, n, b, k) == bu, "bucket n=%u b=%u", n, b);
	}
	mpz_clears(a, m, NULL);
}
