/*
 * test_verify_stride.c - the stride screen (stride.c) against independent
 * computations:
 *
 *  - the prediction is the mean R over every start: recounted key by key
 *    for every start of small words, and pair by pair (a naive loop over
 *    the differences d < K, no lattice) on 16- to 64-bit words;
 *  - counts at random starts scatter around it (their mean agrees);
 *  - the screen's gate (cells whose quotient is small are not examined)
 *    loses no stride that the full evaluation finds;
 *  - constants built here from a continued fraction with one huge
 *    quotient, made to act on keys k c for a chosen struct size c, are
 *    predicted to collapse at c (R >= 8), the keys k c counted one by
 *    one from 0 collapse there too, and the map holds c;
 *  - search's stride flag (search_predict) is verify's map's FAIL, for
 *    random and built constants, its R python's brute force.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/search.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "testutil.h"

typedef unsigned __int128 u128;

static double ratio_of(double s2, double K, double M)
{
	double expect = (K * (1 - 1 / M) + K * K / M + K) / 2;

	return (s2 + K) / 2 / expect;
}

/* E S2 over a random start, pair by pair. */
static double naive(uint64_t m, unsigned n, uint64_t K, unsigned b)
{
	uint64_t mask = tmask(n), d;
	double W = ldexp(1, (int)(n - b)), N = ldexp(1, (int)n), s2 = (double)K;

	for (d = 1; d < K; d++) {
		double e = (double)((d * m) & mask);
		if (e >= N / 2)
			e = N - e;
		if (e < W)
			s2 += 2.0 * (double)(K - d) * (W - e) / W;
	}
	return ratio_of(s2, (double)K, ldexp(1, (int)b));
}

/* R of keys start + k c, counted. */
static double counted(uint64_t p, unsigned n, uint64_t c, uint64_t start,
                      uint64_t K, unsigned b)
{
	uint64_t mask = tmask(n), k, M = (uint64_t)1 << b;
	uint32_t *loads = calloc(M, sizeof *loads);
	double s2 = 0;

	for (k = 0; k < K; k++)
		loads[(((start + k * c) * p) & mask) >> (n - b)]++;
	for (k = 0; k < M; k++)
		s2 += (double)loads[k] * loads[k];
	free(loads);
	return ratio_of(s2, (double)K, (double)M);
}

Test(stride, mean_over_every_start)
{
	trng r = { 11 };
	int i;

	for (i = 0; i < 40; i++) {
		unsigned n = 12, b = 3 + (unsigned)trng_below(&r, 5),
		         l = (unsigned)trng_below(&r, 4);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1,
		         c = 1 + trng_below(&r, 40), s, K = (uint64_t)1 << (b + l);
		double sum = 0, pred;
		if (i % 5 == 0)
			p = 1 + 2 * trng_below(&r, 8);         /* tiny: collapses */
		if (b + l + (unsigned)__builtin_ctzll(c) > n)
			continue;
		for (s = 0; s < ((uint64_t)1 << n); s++)
			sum += counted(p, n, c, s, K, b);
		sum /= ldexp(1, (int)n);
		pred = stride_predict((c * p) & tmask(n), n, K, b);
		CHECK(fabs(pred - sum) <= 1e-9 * sum, "p %#llx c %llu K %llu b %u: "
		      "predicted %.12g, mean over starts %.12g",
		      (unsigned long long)p, (unsigned long long)c,
		      (unsigned long long)K, b, pred, sum);
	}
}

Test(stride, pair_sum)
{
	static const unsigned widths[] = { 16, 24, 32, 48, 64 };
	trng r = { 12 };
	int i, big = 0;

	for (i = 0; i < 3000; i++) {
		unsigned n = widths[i % 5], b = 4 + (unsigned)trng_below(&r, 9),
		         l = (unsigned)trng_below(&r, 4);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1,
		         c = 1 + trng_below(&r, 5000), K = (uint64_t)1 << (b + l);
		double pred, want;
		if (i % 7 == 0)
			p = 1 + 2 * trng_below(&r, 200);
		if (i % 11 == 0)
			p = (0 - p) & tmask(n);
		if (b + l + (unsigned)__builtin_ctzll(c) > n || b + 4 > n)
			continue;
		pred = stride_predict((c * p) & tmask(n), n, K, b);
		want = naive((c * p) & tmask(n), n, K, b);
		big += want >= 4;
		CHECK(fabs(pred - want) <= 1e-9 * want, "n %u p %#llx c %llu K %llu "
		      "b %u: predicted %.12g, pair sum %.12g", n,
		      (unsigned long long)p, (unsigned long long)c,
		      (unsigned long long)K, b, pred, want);
	}
	cr_assert(big > 50, "only %d collapsing cells drawn", big);
}

/* Counts at random starts: their mean is the prediction's (within the
 * scatter of 64 starts). */
Test(stride, counts_scatter_around)
{
	unsigned tables[STRIDE_MAX_TABLES];
	trng r = { 13 };
	int i, strong = 0;

	for (i = 0; i < 60; i++) {
		unsigned n = i % 2 ? 64 : 32;
		size_t nt = stride_tables(n, tables);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1,
		         c = 1 + trng_below(&r, 4096), K;
		stride_cell w;
		double pred, mean = 0;
		int s;
		/* keep the counts cheap: tables up to 2^14 */
		nt = nt > 11 ? 11 : nt;
		pred = stride_worst(p, n, c, tables, nt, &w);
		K = (uint64_t)w.load << w.b;
		for (s = 0; s < 64; s++)
			mean += counted(p, n, c, trng_next(&r), K, w.b) / 64;
		strong += pred >= 2;
		CHECK(fabs(mean - pred) <= 0.1 * pred + 0.02, "n %u p %#llx c %llu "
		      "2^%u x%u: predicted %.4g, mean count %.4g", n,
		      (unsigned long long)p, (unsigned long long)c, w.b, w.load,
		      pred, mean);
	}
	cr_assert(strong >= 5, "only %d strides at R >= 2", strong);
}

/* The gate: the screen finds what examining every cell finds. */
Test(stride, gate_loses_nothing)
{
	unsigned tables[STRIDE_MAX_TABLES];
	static stride_hit hits[4096];
	trng r = { 14 };
	int i;

	for (i = 0; i < 24; i++) {
		unsigned n = i % 2 ? 64 : 32;
		size_t nt = stride_tables(n, tables), found, want = 0, k;
		uint64_t p = (trng_next(&r) & tmask(n)) | 1, c;
		double rmin = i % 3 ? 4 : 2.5;
		found = stride_screen(p, n, 2000, tables, nt, rmin, hits, 4096);
		for (c = 1; c <= 2000; c++) {
			stride_cell w;
			if (stride_worst(p, n, c, tables, nt, &w) < rmin)
				continue;
			want++;
			for (k = 0; k < found && hits[k].c != c; k++)
				;
			CHECK(k < found && fabs(hits[k].worst.r - w.r) < 1e-9 * w.r,
			      "p %#llx stride %llu (R %.3g) missed by the screen",
			      (unsigned long long)p, (unsigned long long)c, w.r);
		}
		CHECK(found == want, "p %#llx: screen %zu, every cell %zu",
		      (unsigned long long)p, found, want);
	}
}

/* Build m odd on w bits whose continued fraction has the quotient about
 * 2^logA after a convergent p_k / q_k with q_k near 2^logq: m = (p_k 2^w +
 * e) / q_k with e = q_k m - p_k 2^w about 2^w / (2^logA q_k). */
static uint64_t collapsing(trng *r, unsigned w, unsigned logq,
                           unsigned logA)
{
	u128 pp = 0, qq = 1, p0 = 1, q0 = 0, E, e, mm;
	/* [0; a_1, a_2, ...] with small random quotients: p/q = pp/qq */
	while (qq < ((u128)1 << logq)) {
		u128 a = 1 + trng_below(r, 3), np = a * pp + p0, nq = a * qq + q0;
		p0 = pp;
		q0 = qq;
		pp = np;
		qq = nq;
	}
	E = ((u128)1 << w) / ((u128)qq << logA);
	/* e >= E with q_k | p_k 2^w + e (E is far above q_k) */
	e = E + (qq - (E + (pp << w)) % qq) % qq;
	mm = ((pp << w) + e) / qq;
	if (!(mm & 1))
		mm++;                     /* e + q_k: still about E */
	return (uint64_t)mm & tmask(w);
}

static uint64_t inverse(uint64_t u, unsigned w)     /* u odd, mod 2^w */
{
	uint64_t x = u;
	int i;

	for (i = 0; i < 6; i++)
		x *= 2 - u * x;
	return x & tmask(w);
}

Test(stride, constructed_struct_sizes)
{
	static const uint64_t sizes[] = { 88, 104, 152, 184, 233, 24, 1000 };
	unsigned tables[STRIDE_MAX_TABLES];
	static stride_hit map[STRIDE_MAP_COUNT];
	trng r = { 15 };
	size_t i, k;

	for (i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		unsigned n = i % 2 ? 32 : 64, t = (unsigned)__builtin_ctzll(sizes[i]),
		         w = n - t;
		size_t nt = stride_tables(n, tables);
		uint64_t m = n == 64 ? collapsing(&r, w, 10, 16)
		                      : collapsing(&r, w, 6, 12),
		         u = sizes[i] >> t,
		         p = ((m * inverse(u, w)) & tmask(w)) |
		             (w < 64 ? (trng_next(&r) << w) & tmask(n) : 0);
		stride_cell cw;
		double pred, cnt;
		uint64_t K;
		p |= 1;
		pred = stride_worst(p, n, sizes[i], tables, nt, &cw);
		K = (uint64_t)cw.load << cw.b;
		cnt = counted(p, n, sizes[i], 0, K, cw.b);
		CHECK(pred >= 8, "%u-bit p %#llx built for stride %llu: predicted "
		      "R %.3g", n, (unsigned long long)p,
		      (unsigned long long)sizes[i], pred);
		CHECK(cnt >= 0.5 * pred, "%u-bit p %#llx stride %llu 2^%u x%u: "
		      "predicted %.3g, counted from 0 %.3g", n,
		      (unsigned long long)p, (unsigned long long)sizes[i], cw.b,
		      cw.load, pred, cnt);
		/* the map holds it, with the same cell (a constant built so
		 * collapses at other strides too: c' p is near a fraction of
		 * denominator c q_k / gcd for every c', so it need not lead) */
		stride_map(p, n, tables, nt, map);
		for (k = 0; k < STRIDE_MAP_COUNT && map[k].c != sizes[i]; k++)
			;
		CHECK(k < STRIDE_MAP_COUNT || (sizes[i] > STRIDE_MAP_SMALL &&
		      sizes[i] % STRIDE_MAP_STEP), "stride %llu not in the map",
		      (unsigned long long)sizes[i]);
		CHECK(k == STRIDE_MAP_COUNT || map[k].worst.r == pred,
		      "stride %llu: map R %.4g, worst %.4g",
		      (unsigned long long)sizes[i], map[k].worst.r, pred);
		CHECK(k == STRIDE_MAP_COUNT || map[k].worst.r >= 8,
		      "stride %llu: map R %.4g", (unsigned long long)sizes[i],
		      map[k].worst.r);
	}
}

Test(stride, map_set)
{
	uint64_t cs[STRIDE_MAP_COUNT];
	size_t n = stride_map_set(cs), i, small = 0, eights = 0;

	cr_assert_eq(n, STRIDE_MAP_COUNT);
	for (i = 0; i < n; i++) {
		cr_assert(i == 0 || cs[i] > cs[i - 1]);
		small += cs[i] <= 256;
		eights += cs[i] > 256 && cs[i] % 8 == 0 && cs[i] <= 4096;
	}
	cr_assert_eq(small, 256);
	cr_assert_eq(eights, (4096 - 256) / 8);
	cr_assert_eq(small + eights, n);
}

/* The map's verdict on random odd multipliers (a fixed seed, not the
 * calibration's): its rule FAILs almost none (at most 1%; with F near
 * 60..95 the rule's share is about 0.05 / F), WARNs few, and the
 * reference's share agrees with these: the share at or above each
 * multiplier's worst, averaged, is about 1/2. */
Test(stride, random_multipliers_rarely_fail, .timeout = 120)
{
	static const unsigned widths[] = { 32, 64 };
	trng r = { 9001 };
	size_t w, i;

	for (w = 0; w < 2; w++) {
		unsigned n = widths[w];
		size_t fails = 0, warns = 0, N = 150;
		size_t F = verify_judged_default(n);
		double mean_tail = 0;
		for (i = 0; i < N; i++) {
			verify_smap sm;
			uint64_t p = (trng_next(&r) & tmask(n)) | 1;
			verify_stride ws;
			memset(&sm, 0, sizeof sm);
			verify_strides(p, n, F, &sm);
			fails += sm.status == VERIFY_FAIL;
			warns += sm.status == VERIFY_WARN;
			mean_tail += sm.tail / (double)N;
			/* the cheap FAIL test agrees with the whole map */
			CHECK(verify_strides_fail(p, n, F, &ws) ==
			      (sm.status == VERIFY_FAIL), "%u-bit %#llx: map %s, "
			      "screen disagrees", n, (unsigned long long)p,
			      verify_status_name(sm.status));
			verify_smap_free(&sm);
		}
		cr_assert(fails * 100 <= N, "%u bits: %zu of %zu FAIL", n, fails, N);
		cr_assert(warns * 100 <= 5 * N, "%u bits: %zu of %zu WARN", n, warns,
		          N);
		cr_assert(mean_tail > 0.4 && mean_tail < 0.6, "%u bits: mean tail "
		          "%.3g", n, mean_tail);
	}
}

/* Built to collapse far beyond random multipliers, a constant FAILs the
 * map, and the cheap FAIL test finds the same. */
Test(stride, built_collapse_fails)
{
	trng r = { 16 };
	unsigned n = 64;
	size_t F = verify_judged_default(n);
	int i;

	for (i = 0; i < 6; i++) {
		uint64_t c = 1 + 2 * trng_below(&r, 100), m = collapsing(&r, n, 8, 30),
		         p = (m * inverse(c, n)) | 1;
		verify_smap sm;
		verify_stride ws;
		memset(&sm, 0, sizeof sm);
		cr_assert_eq(verify_strides(p, n, F, &sm), VERIFY_FAIL, "%#llx (built "
		             "for stride %llu): worst R %.3g", (unsigned long long)p,
		             (unsigned long long)c, sm.worst);
		cr_assert(verify_strides_fail(p, n, F, &ws));
		cr_assert(ws.r >= sm.s[0].r * (1 - 1e-9) && ws.r <= sm.s[0].r *
		          (1 + 1e-9), "screen %.4g, map %.4g", ws.r, sm.s[0].r);
		verify_smap_free(&sm);
	}
}

/* R b load of stride c's worst cell by python's brute force (every pair
 * of keys over a uniform start: tests/verify/stride_brute.py, numpy, no
 * lattice); 0 when python did not answer. */
static int brute_worst(uint64_t p, unsigned n, uint64_t c, double *r,
                       unsigned *b, unsigned *load)
{
	char cmd[256], line[128] = "";
	FILE *f;
	int ok;

	snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/verify/stride_brute.py "
	         "worst %#llx %u %llu", (unsigned long long)p, n,
	         (unsigned long long)c);
	if (!(f = popen(cmd, "r")))
		return 0;
	ok = fgets(line, sizeof line, f) && sscanf(line, "%lf %u %u", r, b,
	                                           load) == 3;
	pclose(f);
	return ok;
}

/* Search's stride flag (search_predict, the first half of its screen) is
 * verify's stride map (issue 21 point 1: one screen for verify, search
 * and the dashboard): for random odd multipliers, constants built to
 * collapse at a stride of the map, and constants built to collapse at a
 * power of two past the map (2^13, 2^16: keys the battery counts as its
 * stride 2^s families, not the map), search drops p exactly when cfx
 * verify's map FAILs, naming the map's worst stride, cell and R; and that
 * R is python's brute force of that stride (every pair, no lattice). */
Test(stride, search_flag_is_verify_map, .timeout = 300)
{
	static const unsigned widths[] = { 32, 64 };
	trng r = { 21 };
	size_t w, i, brute = 0;

	for (w = 0; w < 2; w++) {
		unsigned n = widths[w];
		size_t F = verify_judged_default(n);
		for (i = 0; i < 64; i++) {
			uint64_t p = (trng_next(&r) & tmask(n)) | 1;
			search_verdict v;
			verify_smap sm;
			int drops, fails;
			char want[96];
			if (i >= 56) {
				/* built: a collapse at stride c of the map (i < 60)
				 * or at 2^s past it, s = 13 or 16 */
				unsigned s = i < 60 ? 0 : i % 2 ? 13 : 16;
				uint64_t c = s ? (uint64_t)1 << s : 1 + 2 * trng_below(&r, 60),
				         wb = n - s, m = n == 64
				         ? collapsing(&r, (unsigned)wb, 8, 30)
				         : collapsing(&r, (unsigned)wb, 4, 14);
				p = s ? (m | (trng_next(&r) << wb)) & tmask(n)
				      : (m * inverse(c, n)) & tmask(n);
				p |= 1;
			}
			memset(&v, 0, sizeof v);
			memset(&sm, 0, sizeof sm);
			drops = !search_predict((search_word)p, n, &v);
			fails = verify_strides(p, n, F, &sm) == VERIFY_FAIL;
			CHECK(drops == fails, "%u-bit %#llx: search %s, verify's map %s "
			      "(%s)", n, (unsigned long long)p, drops ? "drops it"
			      : "keeps it", verify_status_name(sm.status), v.reason);
			if (drops && fails) {
				double br = 0;
				unsigned bb = 0, bl = 0;
				snprintf(want, sizeof want, "keys k*%llu at 2^%u buckets x%u ",
				         (unsigned long long)sm.s[0].c, sm.s[0].b,
				         sm.s[0].load);
				CHECK(strstr(v.reason, want) && fabs(v.quality - sm.s[0].r) <=
				      1e-9 * sm.s[0].r, "%u-bit %#llx: search says '%s', "
				      "verify's map %s R %.4g", n, (unsigned long long)p,
				      v.reason, want, sm.s[0].r);
				if (brute < 6 && brute_worst(p, n, sm.s[0].c, &br, &bb, &bl)) {
					brute++;
					CHECK(bb == sm.s[0].b && bl == sm.s[0].load &&
					      fabs(br - sm.s[0].r) <= 1e-6 * br, "%u-bit %#llx "
					      "stride %llu: python 2^%u x%u R %.6g, cfx 2^%u x%u "
					      "R %.6g", n, (unsigned long long)p,
					      (unsigned long long)sm.s[0].c, bb, bl, br,
					      sm.s[0].b, sm.s[0].load, sm.s[0].r);
				}
			}
			verify_smap_free(&sm);
		}
	}
	cr_assert(brute >= 4, "python recounted %zu strides", brute);
}
