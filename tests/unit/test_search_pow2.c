/*
 * test_search_pow2.c - search's screen and cfx verify agree on the
 * strides 2^s (issue 21's rule: one screen for verify, search and the
 * dashboard; h21f point 2).
 *
 * The stride map's set stops at 4096, and search's quick battery counts
 * tables 2^6 and 2^10 only, so a constant that collapses a stride 2^s
 * past the map in a small table passed search's quick screen while cfx
 * verify FAILed it: 0x4623cfff (2^20 p mod 2^32 = 0xfff << 20: keys k
 * 2^20 hash as -k on 12 bits, R 21.3 at 2^5 x4).  Here:
 *
 *  - constants built to collapse a chosen stride 2^s, s = 13..20 (p's
 *    low n - s bits m: keys k 2^s hash as k m on n - s bits; m = -1, or
 *    d q^-1, whose keys k and k + q hash d apart, crowding only tables
 *    of more than q buckets; the bits above random), and 0x4623cfff
 *    (which the quick battery's table 2^6 FAILs too): whenever cfx verify's
 *    battery (verify_run_screen, the standard tables) FAILs a family
 *    "stride 2^s", search's quick screen FAILs p; each such family's
 *    worst R equals the worst over its cells counted here key by key
 *    (keys k 2^s from 0, a plain loop, R as score.h defines it);
 *  - random odd multipliers (32 and 64 bits) and the built ones: a quick
 *    screen that FAILs on a stride 2^s names a family cfx verify FAILs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/search.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "testutil.h"

/* R of keys k 2^s (k < K) at 2^b buckets, counted in a plain loop */
static double pow2_r(uint64_t p, unsigned n, unsigned s, uint64_t K,
                     unsigned b)
{
	uint64_t M = (uint64_t)1 << b, k, i;
	uint32_t *loads = calloc(M, sizeof *loads);
	double s2 = 0, kk = (double)K;

	for (k = 0; k < K; k++)
		loads[(((k << s) * p) & tmask(n)) >> (n - b)]++;
	for (i = 0; i < M; i++)
		s2 += (double)loads[i] * loads[i];
	free(loads);
	return (s2 + kk) / 2 / ((kk * (1 - 1 / (double)M) + kk * kk / (double)M
	       + kk) / 2);
}

/* The quick screen's verdict and cfx verify's on the strides 2^s: every
 * family "stride 2^s" verify FAILs is recounted; returns how many. */
static size_t agree(uint64_t p, unsigned n)
{
	verify_battery bt;
	search_verdict v;
	cfx_err err;
	size_t i, c, fails = 0;
	int named = 0;

	cr_assert(search_screen((search_word)p, n, SEARCH_QUICK, NULL, &v,
	                        &err) == 0);
	cr_assert(verify_run_screen(p, n, VERIFY_STANDARD, &bt, &err) == 0);
	for (i = 0; i < bt.nfam; i++) {
		const verify_family *f = &bt.fam[i];
		double worst = 0;
		if (f->kind != VERIFY_POW2)
			continue;
		if (!strcmp(v.family, f->name))
			named = f->status == VERIFY_FAIL;
		if (f->status != VERIFY_FAIL)
			continue;
		fails++;
		for (c = 0; c < f->ncells; c++) {
			double r = pow2_r(p, n, f->arg, f->cells[c].sc.keys,
			                  f->cells[c].b);
			worst = r > worst ? r : worst;
		}
		CHECK(fabs(worst - f->worst_r) <= 1e-9 * worst, "%u-bit %#llx "
		      "%s: verify's R %.10g, key by key %.10g", n,
		      (unsigned long long)p, f->name, f->worst_r, worst);
		CHECK(v.status == SEARCH_FAIL, "%u-bit %#llx: verify FAILs %s (%s)"
		      " but search's quick screen says %s (%s)", n,
		      (unsigned long long)p, f->name, f->reason,
		      search_status_name(v.status), v.reason);
	}
	if (v.status == SEARCH_FAIL && !strncmp(v.family, "stride 2^", 9))
		CHECK(named, "%u-bit %#llx: search FAILs %s (%s), which cfx "
		      "verify does not FAIL", n, (unsigned long long)p, v.family,
		      v.reason);
	verify_free(&bt);
	return fails;
}

static uint64_t inverse(uint64_t u)      /* u odd, mod 2^64 */
{
	uint64_t x = u;
	int i;

	for (i = 0; i < 6; i++)
		x *= 2 - u * x;
	return x;
}

Test(search_pow2, built_to_collapse, .timeout = 600)
{
	static const unsigned ss[] = { 13, 16, 20 };
	/* the low bits m: -1 (keys k 2^s hash as -k: one run, crowded in
	 * small tables), or d q^-1 (keys k and k + q hash d apart: q runs,
	 * crowded only in tables of more than q buckets, which the quick
	 * battery's 2^6 and 2^10 are not) */
	static const uint64_t qs[] = { 1, 4095, 1023 }, ds[] = { 1, 1, 3 };
	trng r = { 4623 };
	size_t failed = 0, tried = 0, i, j, w;

	failed += agree(0x4623cfff, 32) > 0;
	tried++;
	for (w = 0; w < 2; w++)
		for (i = 0; i < sizeof ss / sizeof *ss; i++)
			for (j = 0; j < sizeof qs / sizeof *qs; j++) {
				unsigned n = w ? 64 : 32, low = n - ss[i];
				uint64_t m = j ? ds[j] * inverse(qs[j]) : (uint64_t)-1,
				         p = ((trng_next(&r) << low) | (m & tmask(low))) &
				             tmask(n);
				failed += agree(p | 1, n) > 0;
				tried++;
			}
	/* most of them collapse their stride beyond random multipliers */
	cr_assert(failed >= tried / 2, "only %zu of %zu built constants FAIL a "
	          "stride 2^s", failed, tried);
}

Test(search_pow2, random_multipliers, .timeout = 600)
{
	trng r = { 2021 };
	int i;

	for (i = 0; i < 12; i++) {
		unsigned n = i % 3 == 2 ? 64 : 32;
		agree((trng_next(&r) & tmask(n)) | 1, n);
	}
}
