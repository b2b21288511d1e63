/*
 * test_sweep.c - the stride sweep (sweep.h).
 *
 * Each row is checked against keys k * 2^s generated here and scored with
 * score_keys, against the identity of sweep.h (the loads equal those of
 * the effective multiplier p mod 2^(n-s) on n-s bits), and its continued
 * fraction against Euclid's algorithm written here.
 */
#include <gmp.h>

#include "cfx/score.h"
#include "cfx/sweep.h"
#include "testutil.h"

/* quotients of x / 2^e by Euclid, canonical (reduced first) */
static size_t euclid(uint64_t x, unsigned e, mpz_t *a, size_t max)
{
	mpz_t num, den, r;
	size_t n = 0;

	mpz_inits(num, den, r, NULL);
	mpz_set_ui(num, x);
	mpz_set_ui(den, 1);
	mpz_mul_2exp(den, den, e);
	mpz_gcd(r, num, den);
	mpz_divexact(num, num, r);
	mpz_divexact(den, den, r);
	for (;;) {
		mpz_fdiv_qr(a[n < max ? n : max - 1], r, num, den);
		n++;
		if (mpz_sgn(r) == 0)
			break;
		mpz_swap(num, den);
		mpz_swap(den, r);
	}
	mpz_clears(num, den, r, NULL);
	return n;
}

static int same_score(const score_result *a, const score_result *b)
{
	return a->keys == b->keys && a->buckets == b->buckets &&
	       a->chi2 == b->chi2 && a->p_value == b->p_value &&
	       a->max_load == b->max_load && a->empty == b->empty &&
	       a->probe_ratio == b->probe_ratio && a->verdict == b->verdict;
}

static void check_row(const sweep_row *row, uint64_t p, unsigned bits,
                      unsigned b, size_t K, unsigned s)
{
	unsigned eb = bits - s;
	uint64_t distinct = eb >= 64 ? UINT64_MAX : (uint64_t)1 << eb;
	size_t want_n = K < distinct ? K : (size_t)distinct, k, i, total;
	uint64_t *keys = malloc((want_n ? want_n : 1) * sizeof *keys), eff;
	uint32_t *l1 = malloc(sizeof *l1 << b), *l2 = malloc(sizeof *l2 << b);
	score_result r, r2;
	mpz_t a[4096], q0, q1, t;

	cr_assert(keys && l1 && l2);
	CHECK(row->shift == s, "row %u has shift %u", s, row->shift);
	CHECK(row->score.keys == want_n, "s=%u: %zu keys, want min(K, 2^(n-s)) = %zu",
	      s, row->score.keys, want_n);
	eff = p & tmask(eb);
	CHECK(row->effective == eff, "s=%u: effective %llx, want %llx", s,
	      (unsigned long long)row->effective, (unsigned long long)eff);
	/* the score of the keys k 2^s, k < min(K, 2^(n-s)) */
	for (k = 0; k < want_n; k++)
		keys[k] = (uint64_t)k << s;
	score_keys(keys, want_n, p, bits, b, l1, &r);
	CHECK(same_score(&row->score, &r), "s=%u: row score differs from score_keys", s);
	/* sweep.h's identity: the same loads as p mod 2^(n-s) on n-s bits */
	if (b <= eb) {
		for (k = 0; k < want_n; k++)
			keys[k] = k;
		score_keys(keys, want_n, eff, eb, b, l2, &r2);
		CHECK(!memcmp(l1, l2, sizeof *l1 << b), "s=%u: loads differ from the "
		      "effective multiplier's", s);
	}
	/* the expansion of eff / 2^(n-s) */
	for (i = 0; i < 4096; i++)
		mpz_init(a[i]);
	total = euclid(eff, eb, a, 4096);
	CHECK(row->total_terms == total, "s=%u: %zu terms, Euclid %zu", s,
	      row->total_terms, total);
	CHECK(row->nterms == (total < SWEEP_TERMS ? total : SWEEP_TERMS), "nterms");
	for (i = 0; i < row->nterms; i++)
		CHECK(mpz_cmp(row->terms[i], a[i]) == 0, "s=%u: term %zu", s, i);
	/* the largest early quotient: a real quotient, and no quotient whose
	 * preceding denominator is at most the key count is larger */
	if (row->big_index) {
		CHECK(row->big_index < total && mpz_cmp(row->big, a[row->big_index]) == 0,
		      "s=%u: big %zu is not a_%zu", s, row->big_index, row->big_index);
	} else {
		CHECK(mpz_sgn(row->big) == 0, "no index but big set");
	}
	mpz_inits(q0, q1, t, NULL);
	mpz_set_ui(q0, 0);
	mpz_set_ui(q1, 1);
	for (i = 1; i < total && mpz_cmp_ui(q1, want_n) <= 0; i++) {
		CHECK(row->big_index != 0 && mpz_cmp(a[i], row->big) <= 0,
		      "s=%u: a_%zu exceeds the reported largest early quotient", s, i);
		if (mpz_cmp(a[i], row->big) == 0)
			CHECK(row->big_index <= i, "s=%u: not the first largest", s);
		mpz_mul(t, a[i], q1);
		mpz_add(t, t, q0);
		mpz_swap(q0, q1);
		mpz_swap(q1, t);
	}
	mpz_clears(q0, q1, t, NULL);
	for (i = 0; i < 4096; i++)
		mpz_clear(a[i]);
	free(keys);
	free(l1);
	free(l2);
}

static void run_and_check(uint64_t p, unsigned bits, unsigned b, size_t K)
{
	sweep_result res;
	cfx_err e;
	unsigned s, worst = 0;
	int judged[64], any = 0;

	cr_assert_eq(sweep_run(&res, p, bits, b, K, NULL, NULL, &e), 0, "%s", e.msg);
	cr_assert_eq(res.bits, bits);
	cr_assert_eq(res.table_bits, b);
	cr_assert_eq(res.count, K);
	/* the worst row is the largest R among the judged rows, those with
	 * at least SCORE_MIN_KEYS distinct keys: k 2^s mod 2^bits, k < K,
	 * takes min(K, 2^(bits - s)) values (any row when none is judged) */
	for (s = 0; s < bits; s++) {
		check_row(&res.rows[s], p, bits, b, K, s);
		judged[s] = bits - s >= 64 || (K < ((uint64_t)1 << (bits - s)) ? K :
		            ((uint64_t)1 << (bits - s))) >= SCORE_MIN_KEYS;
		any |= judged[s];
	}
	for (s = 0; s < bits; s++)
		if (judged[s] || !any) {
			worst = s;
			break;
		}
	for (; s < bits; s++)
		if ((judged[s] || !any) &&
		    res.rows[s].score.probe_ratio > res.rows[worst].score.probe_ratio)
			worst = s;
	CHECK(res.worst == worst, "worst row %u, the largest judged R is at %u", res.worst, worst);
	sweep_free(&res);
}

Test(sweep, rows_match_explicit_keys, .timeout = 60)
{
	run_and_check(0x9E3779B97F4A7C15ull, 64, 10, 5000);
	/* the sparse constant of sweep.h: low bits 2^51 - 2^18 + 1 */
	run_and_check((uint64_t)1 << 63 | (((uint64_t)1 << 51) - ((uint64_t)1 << 18) + 1),
	              64, 10, 5000);
	run_and_check(0x9E3779B9u, 32, 8, 3000);
	run_and_check(0x9E37u, 16, 8, 1000);
	run_and_check(0x8000u, 16, 4, 1000);      /* effective multiplier 0 often */
	run_and_check(0xFFFFFFFFFFFFFFFFull, 64, 12, 2000);
	run_and_check(5, 12, 12, 4096);            /* b = bits */
	run_and_check(0x9E3779B97F4A7C15ull >> 24, 40, 6, 1);
}

Test(sweep, random_multipliers, .timeout = 60)
{
	trng rg = { 71 };
	int t;

	for (t = 0; t < 12; t++) {
		unsigned bits = 8 + (unsigned)trng_below(&rg, 57);
		unsigned b = 1 + (unsigned)trng_below(&rg, bits < 12 ? bits : 12);
		uint64_t p = trng_next(&rg) & tmask(bits);
		size_t K = 1 + trng_below(&rg, 3000);
		run_and_check(p | 1, bits, b, K);
	}
}

Test(sweep, row_run_alone)
{
	trng rg = { 81 };
	uint64_t keys[3000];
	uint32_t loads[1024];
	int t;

	for (t = 0; t < 40; t++) {
		unsigned bits = 16 + (unsigned)trng_below(&rg, 49), s = (unsigned)trng_below(&rg, bits);
		uint64_t p = trng_next(&rg) & tmask(bits);
		sweep_row row;
		int i;

		memset(&row, 0, sizeof row);
		for (i = 0; i < SWEEP_TERMS; i++)
			mpz_init(row.terms[i]);
		mpz_init(row.big);
		cr_assert_eq(sweep_row_run(&row, p, bits, 10, 3000, s, keys, loads), 0);
		check_row(&row, p, bits, 10, 3000, s);
		for (i = 0; i < SWEEP_TERMS; i++)
			mpz_clear(row.terms[i]);
		mpz_clear(row.big);
	}
}

typedef struct { unsigned calls, stop_at, last_done, bad; } prog_ctx;

static int progress(void *ctx, unsigned done, unsigned total)
{
	prog_ctx *c = ctx;

	c->calls++;
	if (done != c->last_done + 1 || total != 32)
		c->bad++;
	c->last_done = done;
	return c->stop_at && done >= c->stop_at;
}

Test(sweep, progress_and_interrupt)
{
	sweep_result res;
	cfx_err e;
	prog_ctx c = { 0, 0, 0, 0 };

	cr_assert_eq(sweep_run(&res, 0x9E3779B9u, 32, 8, 500, progress, &c, &e), 0);
	cr_assert_eq(c.calls, 32);
	cr_assert_eq(c.bad, 0);
	sweep_free(&res);

	memset(&c, 0, sizeof c);
	c.stop_at = 3;
	cr_assert_eq(sweep_run(&res, 0x9E3779B9u, 32, 8, 500, progress, &c, &e), -1);
	cr_assert_eq(e.code, CFX_EINTR);
	cr_assert_eq(c.calls, 3);
	/* the rows done are complete */
	check_row(&res.rows[0], 0x9E3779B9u, 32, 8, 500, 0);
	check_row(&res.rows[2], 0x9E3779B9u, 32, 8, 500, 2);
	sweep_free(&res);
	sweep_free(&res);    /* twice is harmless */
}
