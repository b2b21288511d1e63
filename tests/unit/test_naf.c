/*
 * test_naf.c - signed-digit forms (naf.h).
 *
 * Oracles: exhaustive enumeration of all 3^n digit vectors for n <= 10
 * (the minimal weight of every residue mod 2^n), the uniqueness of the
 * non-adjacent form of an integer (a non-adjacent digit vector with value
 * v IS the NAF of v), and for wide words the closed form of the NAF
 * (x3 = x + (x >> 1), c = x3 ^ (x >> 1): non-zero digits where c has ones).
 */
#include <stdio.h>
#include <gmp.h>

#include "cfx/expr.h"
#include "cfx/naf.h"
#include "testutil.h"

/* integer value sum d_i 2^i of a form, not reduced */
static void form_int(const naf_form *f, mpz_t v)
{
	unsigned long i;

	mpz_set_ui(v, 0);
	for (i = f->bits; i-- > 0;) {
		mpz_mul_2exp(v, v, 1);
		if (f->d[i] == 1)
			mpz_add_ui(v, v, 1);
		else if (f->d[i] == -1)
			mpz_sub_ui(v, v, 1);
	}
}

static int digits_ok(const naf_form *f)
{
	unsigned long i;

	for (i = 0; i < f->bits; i++)
		if (f->d[i] < -1 || f->d[i] > 1)
			return 0;
	return 1;
}

static int adjacent_free(const naf_form *f)
{
	unsigned long i;

	for (i = 1; i < f->bits; i++)
		if (f->d[i] && f->d[i - 1])
			return 0;
	return 1;
}

static size_t count_nonzero(const naf_form *f)
{
	size_t w = 0;
	unsigned long i;

	for (i = 0; i < f->bits; i++)
		w += f->d[i] != 0;
	return w;
}

/*
 * Parse a power sum "2^31 + 2^29 - 1" into digits (independently of
 * expr_eval_text_int) and compare with the form: the same non-zero digits, high to
 * low, spelled 1 for 2^0 (as in naf.h's example), 2 or 2^k otherwise.
 */
static int power_sum_matches(const char *s, const naf_form *f, char *why,
                             size_t whylen)
{
	unsigned long i = f->bits;
	const char *p = s;
	int first = 1;

	if (count_nonzero(f) == 0) {
		if (strcmp(s, "0")) {
			snprintf(why, whylen, "zero form gives \"%s\"", s);
			return 0;
		}
		return 1;
	}
	while (*p) {
		int sign = 1;
		unsigned long e;

		if (first) {
			if (*p == '-')
				sign = -1, p++;
		} else {
			if (!strncmp(p, " + ", 3))
				p += 3;
			else if (!strncmp(p, " - ", 3))
				sign = -1, p += 3;
			else {
				snprintf(why, whylen, "bad separator at \"%s\"", p);
				return 0;
			}
		}
		first = 0;
		if (!strncmp(p, "2^", 2)) {
			char *end;
			e = strtoul(p + 2, &end, 10);
			if (end == p + 2 || e < 1) {
				snprintf(why, whylen, "bad exponent at \"%s\"", p);
				return 0;
			}
			p = end;
		} else if (*p == '2') {
			e = 1, p++;
		} else if (*p == '1') {
			e = 0, p++;
		} else {
			snprintf(why, whylen, "bad term at \"%s\"", p);
			return 0;
		}
		/* the next non-zero digit below i must be this term */
		while (i > 0 && f->d[i - 1] == 0)
			i--;
		if (i == 0 || i - 1 != e || f->d[i - 1] != sign) {
			snprintf(why, whylen, "term 2^%lu sign %d does not match digits",
			         e, sign);
			return 0;
		}
		i--;
	}
	while (i > 0 && f->d[i - 1] == 0)
		i--;
	if (i != 0) {
		snprintf(why, whylen, "digit at 2^%lu missing", i - 1);
		return 0;
	}
	return 1;
}

/* min weight of each residue mod 2^n over all 3^n digit vectors */
static void min_weights(unsigned n, unsigned char *minw)
{
	int d[16] = { 0 };
	unsigned long total = 1, k, m = 1ul << n;
	unsigned i;

	for (i = 0; i < n; i++)
		total *= 3;
	memset(minw, 0xff, m);
	for (k = 0; k < total; k++) {
		unsigned long t = k;
		long v = 0;
		unsigned w = 0;

		for (i = 0; i < n; i++) {
			d[i] = (int)(t % 3) - 1;
			t /= 3;
			v += (long)d[i] * (1L << i);   /* d may be -1: no shift of a negative */
			w += d[i] != 0;
		}
		v = ((v % (long)m) + (long)m) % (long)m;
		if (w < minw[v])
			minw[v] = (unsigned char)w;
	}
}

Test(naf, exhaustive_minimal_weight_n_le_10, .timeout = 60)
{
	unsigned char minw[1024];
	unsigned n;
	mpz_t p, v, rr;
	char why[200];

	mpz_inits(p, v, rr, NULL);
	for (n = 1; n <= 10; n++) {
		unsigned long r, m = 1ul << n;

		min_weights(n, minw);
		for (r = 0; r < m; r++) {
			naf_form f;
			char *ps;
			cfx_err e;

			mpz_set_ui(p, r);
			naf_of(&f, p, n);
			CHECK(f.bits == n, "bits");
			CHECK(digits_ok(&f), "n=%u r=%lu: digit outside -1..1", n, r);
			CHECK(naf_weight(&f) == count_nonzero(&f), "naf_weight miscounts");
			CHECK(naf_weight(&f) == minw[r],
			      "n=%u r=%lu: weight %zu, minimum over all 3^n forms is %u",
			      n, r, naf_weight(&f), minw[r]);
			CHECK(adjacent_free(&f), "n=%u r=%lu: adjacent non-zero digits", n, r);
			CHECK(naf_is_naf(&f), "n=%u r=%lu: naf_is_naf says no", n, r);
			naf_value(&f, v);
			CHECK(mpz_cmp_ui(v, r) == 0, "n=%u r=%lu: value round trip", n, r);
			/* as an integer the form is r or r - 2^n; wrapped iff the latter */
			form_int(&f, v);
			if (mpz_cmp_ui(v, r) == 0) {
				CHECK(!f.wrapped || r == 0, "n=%u r=%lu: wrapped but value r", n, r);
			} else {
				mpz_set_ui(p, 1);
				mpz_mul_2exp(p, p, n);
				mpz_set_ui(rr, r);
				mpz_sub(rr, rr, p);           /* r - 2^n */
				CHECK(mpz_cmp(v, rr) == 0, "n=%u r=%lu: integer value neither "
				      "r nor r - 2^n", n, r);
				CHECK(f.wrapped, "n=%u r=%lu: value r - 2^n but not wrapped", n, r);
			}
			/* power sum: spelled as documented, and parses back to r */
			ps = naf_power_sum(&f);
			CHECK(power_sum_matches(ps, &f, why, sizeof why), "n=%u r=%lu: \"%s\": %s",
			      n, r, ps, why);
			CHECK(expr_eval_text_int(ps, v, &e) == 0, "power sum \"%s\" does not parse: %s",
			      ps, e.msg);
			mpz_fdiv_r_2exp(v, v, n);
			CHECK(mpz_cmp_ui(v, r) == 0, "n=%u r=%lu: \"%s\" parses to another "
			      "value", n, r, ps);
			free(ps);
			naf_clear(&f);
		}
	}
	mpz_clears(p, v, rr, NULL);
}

Test(naf, reduces_p_mod_2n_first)
{
	trng r = { 3 };
	mpz_t p, q;
	int i;

	mpz_inits(p, q, NULL);
	for (i = 0; i < 2000; i++) {
		unsigned n = 1 + (unsigned)trng_below(&r, 70);
		naf_form a, b;
		unsigned long j;

		/* p = r + k 2^n for random k of either sign */
		mpz_set_ui(q, trng_next(&r));
		mpz_fdiv_r_2exp(q, q, n);
		mpz_set_si(p, (long)(trng_next(&r) >> 1) * (i & 1 ? 1 : -1));
		mpz_mul_2exp(p, p, n);
		mpz_add(p, p, q);
		naf_of(&a, q, n);
		naf_of(&b, p, n);
		for (j = 0; j < n; j++)
			CHECK(a.d[j] == b.d[j], "n=%u: digit %lu differs for p + k 2^n", n, j);
		CHECK(a.wrapped == b.wrapped, "wrapped differs");
		naf_clear(&a);
		naf_clear(&b);
	}
	mpz_clears(p, q, NULL);
}

/* weight and length of NAF(x), x >= 0, from the closed form */
static void naf_closed(const mpz_t x, size_t *weight, size_t *len)
{
	mpz_t xh, c;

	mpz_inits(xh, c, NULL);
	mpz_fdiv_q_2exp(xh, x, 1);
	mpz_add(c, x, xh);
	mpz_xor(c, c, xh);
	*weight = mpz_popcount(c);
	*len = mpz_sgn(c) ? mpz_sizeinbase(c, 2) : 0;
	mpz_clears(xh, c, NULL);
}

Test(naf, wide_words_minimal_and_valid)
{
	static const unsigned long widths[] = { 11, 16, 31, 32, 33, 63, 64, 65, 127,
	                                        128, 256, 1000, 4096 };
	gmp_randstate_t gr;
	mpz_t p, v, y;
	size_t wi;
	int i;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 99);
	mpz_inits(p, v, y, NULL);
	for (wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
		unsigned long n = widths[wi];
		for (i = 0; i < 300; i++) {
			naf_form f;
			size_t w1, l1, w2, l2, best = (size_t)-1;

			if (i % 3 == 0)
				mpz_rrandomb(p, gr, n);       /* long runs of 0s and 1s */
			else
				mpz_urandomb(p, gr, n);
			naf_of(&f, p, n);
			/* candidates: r itself, or r - 2^n = -(2^n - r), if they fit */
			naf_closed(p, &w1, &l1);
			if (l1 <= n)
				best = w1;
			mpz_set_ui(y, 0);
			mpz_setbit(y, n);
			mpz_sub(y, y, p);
			naf_closed(y, &w2, &l2);
			if (l2 <= n && w2 < best)
				best = w2;
			if (mpz_sgn(p) == 0)
				best = 0;
			CHECK(naf_weight(&f) == best, "n=%lu: weight %zu, minimum %zu", n,
			      naf_weight(&f), best);
			CHECK(adjacent_free(&f) && naf_is_naf(&f), "n=%lu: not a NAF", n);
			naf_value(&f, v);
			CHECK(mpz_cmp(v, p) == 0, "n=%lu: value round trip", n);
			naf_clear(&f);
		}
	}
	mpz_clears(p, v, y, NULL);
	gmp_randclear(gr);
}

Test(naf, documented_examples)
{
	mpz_t p, v;
	naf_form f;
	char *s;
	cfx_err e;

	mpz_inits(p, v, NULL);
	/* 2^32 - 1 becomes -1, marked wrapped */
	mpz_set_str(p, "ffffffff", 16);
	naf_of(&f, p, 32);
	cr_assert_eq(naf_weight(&f), 1);
	cr_assert_eq(f.d[0], -1);
	cr_assert(f.wrapped);
	s = naf_power_sum(&f);
	cr_assert_str_eq(s, "-1");
	free(s);
	naf_clear(&f);
	/* the 2002 patch's power sum, from the header */
	cr_assert_eq(expr_eval_text_int("2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1", p, &e), 0);
	naf_of(&f, p, 32);
	s = naf_power_sum(&f);
	cr_assert_str_eq(s, "2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1");
	cr_assert_eq(naf_weight(&f), 7);
	cr_assert(!f.wrapped);
	free(s);
	naf_clear(&f);
	/* 2^3 + 2^1 */
	mpz_set_ui(p, 2 + 8);
	naf_of(&f, p, 8);
	s = naf_power_sum(&f);
	cr_assert(!strcmp(s, "2^3 + 2") || !strcmp(s, "2^3 + 2^1"), "%s", s);
	free(s);
	naf_clear(&f);
	/* zero: no digits, "0" */
	mpz_set_ui(p, 256);
	naf_of(&f, p, 8);
	cr_assert_eq(naf_weight(&f), 0);
	s = naf_power_sum(&f);
	cr_assert_str_eq(s, "0");
	free(s);
	naf_clear(&f);
	naf_zero(&f, 12);
	cr_assert_eq(f.bits, 12);
	cr_assert_eq(naf_weight(&f), 0);
	cr_assert(naf_is_naf(&f));
	naf_value(&f, v);
	cr_assert_eq(mpz_sgn(v), 0);
	s = naf_power_sum(&f);
	cr_assert_str_eq(s, "0");
	free(s);
	/* naf_is_naf sees adjacent digits */
	f.d[3] = 1;
	f.d[4] = -1;
	cr_assert(!naf_is_naf(&f));
	f.d[4] = 0;
	f.d[5] = -1;
	cr_assert(naf_is_naf(&f));
	naf_value(&f, v);   /* 8 - 32 mod 2^12 */
	cr_assert_eq(mpz_get_ui(v), 4096 + 8 - 32);
	naf_clear(&f);
	naf_clear(NULL);
	mpz_clears(p, v, NULL);
}

Test(naf, binary_weight_is_popcount)
{
	trng r = { 5 };
	gmp_randstate_t gr;
	mpz_t p;
	int i;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 5);
	mpz_init(p);
	for (i = 0; i < 20000; i++) {
		uint64_t x = trng_next(&r) >> trng_below(&r, 64);
		mpz_set_ui(p, 0);
		mpz_import(p, 1, 1, sizeof x, 0, 0, &x);
		CHECK(naf_binary_weight(p) == (size_t)__builtin_popcountll(x),
		      "popcount of %llx", (unsigned long long)x);
	}
	for (i = 0; i < 500; i++) {
		size_t want = 0, b, nb = 1 + trng_below(&r, 5000);
		mpz_urandomb(p, gr, nb);
		for (b = 0; b < nb; b++)
			want += mpz_tstbit(p, b);
		CHECK(naf_binary_weight(p) == want, "popcount of a %zu-bit number", nb);
	}
	mpz_set_ui(p, 0);
	cr_assert_eq(naf_binary_weight(p), 0);
	mpz_clear(p);
	gmp_randclear(gr);
}
