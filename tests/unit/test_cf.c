/*
 * test_cf.c - continued fractions (cf.h).
 *
 * Oracles, all written here:
 *   - rebuilding a rational from its quotients (x = a_k + 1/x backwards);
 *   - Euclid's algorithm on exact rationals (for prefixes and mirrors);
 *   - the convergent recurrence p_k = a_k p_{k-1} + p_{k-2};
 *   - a brute-force floor iteration on MPFR intervals with directed
 *     rounding, so every quotient it reports is certain;
 *   - the classic (m, d, a) recurrence for the period of sqrt(D);
 *   - Euler's pattern e = [2; 1, 2, 1, 1, 4, 1, 1, 6, ...].
 */
#include <math.h>
#include <stdio.h>
#include <gmp.h>
#include <mpfr.h>

#include "cfx/cf.h"
#include "cfx/expr.h"
#include "testutil.h"

/* ---- helpers ------------------------------------------------------------- */

/* x from its quotients a[0..n) */
static void rebuild(mpz_t *a, size_t n, mpq_t x)
{
	mpq_t t;
	size_t k;

	mpq_init(t);
	mpq_set_z(x, a[n - 1]);
	for (k = n - 1; k-- > 0;) {
		mpq_inv(x, x);
		mpq_set_z(t, a[k]);
		mpq_add(x, x, t);
	}
	mpq_clear(t);
}

/* canonical expansion of the rational x by Euclid; returns its length */
typedef struct { mpz_t *a; size_t n, cap; } zvec;

static void zv_push(zvec *v, const mpz_t z)
{
	if (v->n == v->cap) {
		size_t i, cap = v->cap ? 2 * v->cap : 64;
		v->a = realloc(v->a, cap * sizeof *v->a);
		cr_assert(v->a);
		for (i = v->cap; i < cap; i++)
			mpz_init(v->a[i]);
		v->cap = cap;
	}
	mpz_set(v->a[v->n++], z);
}

static void zv_free(zvec *v)
{
	size_t i;

	for (i = 0; i < v->cap; i++)
		mpz_clear(v->a[i]);
	free(v->a);
	v->a = NULL;
	v->n = v->cap = 0;
}

static void euclid(const mpq_t x, zvec *out)
{
	mpz_t num, den, q, r;

	out->n = 0;
	mpz_inits(num, den, q, r, NULL);
	mpz_set(num, mpq_numref(x));
	mpz_set(den, mpq_denref(x));
	for (;;) {
		mpz_fdiv_qr(q, r, num, den);
		zv_push(out, q);
		if (mpz_sgn(r) == 0)
			break;
		mpz_set(num, den);
		mpz_set(den, r);
	}
	mpz_clears(num, den, q, r, NULL);
}

/*
 * Brute force: expand the real number enclosed by [lo, hi] (consumed)
 * while the floor is certain.  Stops at max terms.
 */
static void brute_interval(mpfr_t lo, mpfr_t hi, zvec *out, size_t max)
{
	mpz_t a, b;
	mpfr_t tl, th;
	mpfr_prec_t prec = mpfr_get_prec(lo);

	out->n = 0;
	mpz_inits(a, b, NULL);
	mpfr_inits2(prec, tl, th, (mpfr_ptr)0);
	while (out->n < max) {
		mpfr_get_z(a, lo, MPFR_RNDD);
		mpfr_get_z(b, hi, MPFR_RNDD);
		if (mpz_cmp(a, b) != 0)
			break;
		mpfr_sub_z(tl, lo, a, MPFR_RNDD);
		mpfr_sub_z(th, hi, a, MPFR_RNDU);
		if (mpfr_sgn(tl) <= 0)          /* x - a might be 0: undecided */
			break;
		zv_push(out, a);
		mpfr_ui_div(lo, 1, th, MPFR_RNDD);
		mpfr_ui_div(hi, 1, tl, MPFR_RNDU);
	}
	mpfr_clears(tl, th, (mpfr_ptr)0);
	mpz_clears(a, b, NULL);
}

/* q + r sqrt(d) by brute force at precision prec */
static void brute_quad(const mpq_t q, const mpq_t r, const mpz_t d, mpfr_prec_t prec,
                       zvec *out, size_t max)
{
	mpfr_t sl, sh, lo, hi;

	mpfr_inits2(prec, sl, sh, lo, hi, (mpfr_ptr)0);
	mpfr_set_z(sl, d, MPFR_RNDD);
	mpfr_sqrt(sl, sl, MPFR_RNDD);
	mpfr_set_z(sh, d, MPFR_RNDU);
	mpfr_sqrt(sh, sh, MPFR_RNDU);
	if (mpq_sgn(r) > 0) {
		mpfr_mul_q(lo, sl, r, MPFR_RNDD);
		mpfr_mul_q(hi, sh, r, MPFR_RNDU);
	} else {
		mpfr_mul_q(lo, sh, r, MPFR_RNDD);
		mpfr_mul_q(hi, sl, r, MPFR_RNDU);
	}
	mpfr_add_q(lo, lo, q, MPFR_RNDD);
	mpfr_add_q(hi, hi, q, MPFR_RNDU);
	brute_interval(lo, hi, out, max);
	mpfr_clears(sl, sh, lo, hi, (mpfr_ptr)0);
}

/* brute force with the precision raised until `need` terms are certain */
static void brute_quad_n(const mpq_t q, const mpq_t r, const mpz_t d, size_t need,
                         zvec *out)
{
	mpfr_prec_t prec = 64 + 12 * (mpfr_prec_t)need;

	for (;;) {
		brute_quad(q, r, d, prec, out, need);
		if (out->n >= need)
			return;
		cr_assert(prec < (1 << 22), "oracle cannot reach %zu terms", need);
		prec *= 2;
	}
}

static void set_q(mpq_t x, long num, unsigned long den)
{
	mpq_set_si(x, num, den);
	mpq_canonicalize(x);
}

/* build a cf_seq by hand (cf_clear frees it) */
static void cf_make(cf_seq *cf, cf_kind kind, const unsigned long *a, size_t n,
                    size_t pre)
{
	size_t i;

	cf_init(cf);
	cf->a = malloc((n ? n : 1) * sizeof *cf->a);
	cr_assert(cf->a);
	for (i = 0; i < n; i++)
		mpz_init_set_ui(cf->a[i], a[i]);
	cf->n = cf->cap = n;
	cf->kind = kind;
	cf->pre = pre;
}

/* ---- rationals ------------------------------------------------------------ */

static void check_rational(const mpq_t x)
{
	cf_seq cf;
	mpq_t y;
	size_t k;

	cf_init(&cf);
	mpq_init(y);
	cf_of_rational(&cf, x);
	CHECK(cf.kind == CF_FINITE, "kind %d", cf.kind);
	CHECK(cf.n >= 1, "empty expansion");
	for (k = 1; k < cf.n; k++)
		CHECK(mpz_sgn(cf.a[k]) > 0, "a_%zu <= 0", k);
	/* canonical: the last quotient is >= 2 unless the expansion is [a0] */
	CHECK(cf.n == 1 || mpz_cmp_ui(cf.a[cf.n - 1], 2) >= 0,
	      "not canonical: last quotient of %zu is 1", cf.n);
	rebuild(cf.a, cf.n, y);
	CHECK(mpq_equal(x, y), "quotients do not rebuild x (%zu terms)", cf.n);
	CHECK(cf_period(&cf) == 0, "period of a rational");
	CHECK(cf_term(&cf, cf.n) == NULL, "a term past the end");
	mpq_clear(y);
	cf_clear(&cf);
}

Test(cf, rationals_rebuild_and_are_canonical, .timeout = 60)
{
	gmp_randstate_t gr;
	mpq_t x;
	int t;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 1);
	mpq_init(x);
	for (t = 0; t < 3000; t++) {
		unsigned long nb = 1 + gmp_urandomm_ui(gr, t < 2500 ? 300 : 5000);
		unsigned long db = 1 + gmp_urandomm_ui(gr, t < 2500 ? 300 : 5000);

		mpz_urandomb(mpq_numref(x), gr, nb);
		mpz_urandomb(mpq_denref(x), gr, db);
		if (t % 3 == 0)
			mpz_rrandomb(mpq_numref(x), gr, nb);   /* long runs of bits */
		if (mpz_sgn(mpq_denref(x)) == 0)
			mpz_set_ui(mpq_denref(x), 1);
		if (t & 1)
			mpz_neg(mpq_numref(x), mpq_numref(x));
		mpq_canonicalize(x);
		check_rational(x);
	}
	/* small and special values */
	{
		static const long v[][2] = { { 0, 1 }, { 1, 1 }, { -1, 1 }, { 1, 2 },
		                             { -1, 2 }, { 7, 1 }, { -7, 3 }, { 13, 8 },
		                             { 1, 1000000 }, { 999999, 1000000 } };
		size_t i;
		for (i = 0; i < sizeof v / sizeof v[0]; i++) {
			set_q(x, v[i][0], (unsigned long)v[i][1]);
			check_rational(x);
		}
	}
	mpq_clear(x);
	gmp_randclear(gr);
}

Test(cf, known_small_expansions)
{
	static const struct { long n, d; int len; long a[8]; } c[] = {
		{ 13, 8, 5, { 1, 1, 1, 1, 2 } },      /* worked by hand in cli/cf.t */
		{ 355, 113, 3, { 3, 7, 16 } },
		{ -1, 2, 2, { -1, 2 } },
		{ 1, 1, 1, { 1 } },
		{ 0, 1, 1, { 0 } },
		{ -7, 3, 3, { -3, 1, 2 } },
		{ 1, 2, 2, { 0, 2 } },
	};
	size_t i;
	int k;
	mpq_t x;

	mpq_init(x);
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		cf_seq cf;
		cf_init(&cf);
		set_q(x, c[i].n, (unsigned long)c[i].d);
		cf_of_rational(&cf, x);
		cr_assert_eq(cf.n, (size_t)c[i].len, "%ld/%ld", c[i].n, c[i].d);
		for (k = 0; k < c[i].len; k++)
			cr_assert(mpz_cmp_si(cf.a[k], c[i].a[k]) == 0, "%ld/%ld a_%d", c[i].n,
			          c[i].d, k);
		cf_clear(&cf);
	}
	mpq_clear(x);
	cf_clear(NULL);
}

Test(cf, multiplier_is_p_over_2_to_bits)
{
	gmp_randstate_t gr;
	mpz_t p;
	mpq_t x;
	int t;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 2);
	mpz_init(p);
	mpq_init(x);
	for (t = 0; t < 2000; t++) {
		unsigned long bits = 1 + gmp_urandomm_ui(gr, 2000);
		cf_seq cf;
		zvec e = { 0 };
		size_t k;

		mpz_urandomb(p, gr, bits);
		if (t % 5 == 0)
			mpz_mul_2exp(p, p, gmp_urandomm_ui(gr, 10));  /* may pass 2^bits */
		mpq_set_num(x, p);
		mpz_set_ui(mpq_denref(x), 0);
		mpz_setbit(mpq_denref(x), bits);
		mpq_canonicalize(x);
		euclid(x, &e);
		cf_init(&cf);
		cf_of_multiplier(&cf, p, bits);
		CHECK(cf.n == e.n, "bits=%lu: %zu terms, Euclid %zu", bits, cf.n, e.n);
		for (k = 0; k < e.n; k++)
			CHECK(mpz_cmp(cf.a[k], e.a[k]) == 0, "a_%zu", k);
		cf_clear(&cf);
		zv_free(&e);
	}
	mpz_clear(p);
	mpq_clear(x);
	gmp_randclear(gr);
}

/* ---- convergents ----------------------------------------------------------- */

static void check_convergents(const cf_seq *cf, size_t count, const mpq_t *exact)
{
	mpz_t *p = malloc(count * sizeof *p), *q = malloc(count * sizeof *q);
	mpz_t pm2, pm1, qm2, qm1, t, u;
	mpq_t c, diff, bound;
	size_t k;

	cr_assert(p && q);
	for (k = 0; k < count; k++)
		mpz_inits(p[k], q[k], NULL);
	mpz_inits(pm2, pm1, qm2, qm1, t, u, NULL);
	mpq_inits(c, diff, bound, NULL);
	cf_convergents(cf, count, p, q);
	/* p_{-2} = 0, p_{-1} = 1, q_{-2} = 1, q_{-1} = 0 */
	mpz_set_ui(pm2, 0);
	mpz_set_ui(pm1, 1);
	mpz_set_ui(qm2, 1);
	mpz_set_ui(qm1, 0);
	for (k = 0; k < count; k++) {
		mpz_srcptr a = cf_term(cf, k);

		mpz_mul(t, a, pm1);
		mpz_add(t, t, pm2);
		mpz_mul(u, a, qm1);
		mpz_add(u, u, qm2);
		CHECK(mpz_cmp(p[k], t) == 0 && mpz_cmp(q[k], u) == 0,
		      "convergent %zu differs from the recurrence", k);
		if (k > 0) {
			/* p_k q_{k-1} - p_{k-1} q_k = (-1)^(k-1) */
			mpz_mul(t, p[k], q[k - 1]);
			mpz_submul(t, p[k - 1], q[k]);
			CHECK(mpz_cmp_si(t, (k - 1) % 2 ? -1 : 1) == 0, "determinant at %zu", k);
			CHECK(mpz_cmp(q[k], q[k - 1]) >= 0 && (k < 2 || mpz_cmp(q[k], q[k - 1]) > 0),
			      "denominators not increasing at %zu", k);
		}
		/* |x - p_k/q_k| <= 1/q_k^2 for an exact x */
		if (exact) {
			mpz_set(mpq_numref(c), p[k]);
			mpz_set(mpq_denref(c), q[k]);
			mpq_canonicalize(c);
			mpq_sub(diff, *exact, c);
			mpq_abs(diff, diff);
			mpz_set_ui(mpq_numref(bound), 1);
			mpz_mul(mpq_denref(bound), q[k], q[k]);
			CHECK(mpq_cmp(diff, bound) <= 0, "convergent %zu too far from x", k);
			/* even convergents below x, odd ones above (but the last) */
			if (k + 1 < count && mpq_sgn(diff) != 0) {
				mpq_sub(diff, c, *exact);
				CHECK((k % 2 == 0) == (mpq_sgn(diff) < 0), "convergent %zu on the "
				      "wrong side", k);
			}
		}
		mpz_set(pm2, pm1);
		mpz_set(pm1, t);
		mpz_set(qm2, qm1);
		mpz_set(qm1, u);
		mpz_set(pm1, p[k]);
		mpz_set(qm1, q[k]);
	}
	if (exact && cf->kind == CF_FINITE && count == cf->n) {
		mpz_set(mpq_numref(c), p[count - 1]);
		mpz_set(mpq_denref(c), q[count - 1]);
		mpq_canonicalize(c);
		CHECK(mpq_equal(c, *exact), "last convergent is not x");
	}
	for (k = 0; k < count; k++)
		mpz_clears(p[k], q[k], NULL);
	free(p);
	free(q);
	mpz_clears(pm2, pm1, qm2, qm1, t, u, NULL);
	mpq_clears(c, diff, bound, NULL);
}

Test(cf, convergents_of_rationals)
{
	gmp_randstate_t gr;
	mpq_t x;
	int t;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 3);
	mpq_init(x);
	for (t = 0; t < 500; t++) {
		cf_seq cf;

		mpz_urandomb(mpq_numref(x), gr, 1 + gmp_urandomm_ui(gr, 2000));
		mpz_urandomb(mpq_denref(x), gr, 1 + gmp_urandomm_ui(gr, 2000));
		mpz_add_ui(mpq_denref(x), mpq_denref(x), 1);
		if (t & 1)
			mpz_neg(mpq_numref(x), mpq_numref(x));
		mpq_canonicalize(x);
		cf_init(&cf);
		cf_of_rational(&cf, x);
		check_convergents(&cf, cf.n, (const mpq_t *)&x);
		check_convergents(&cf, (cf.n + 1) / 2, (const mpq_t *)&x);
		cf_clear(&cf);
	}
	mpq_clear(x);
	gmp_randclear(gr);
}

Test(cf, convergents_of_quadratics_approach_x)
{
	static const struct { long q, qd, r, rd; unsigned long d; } c[] = {
		{ 0, 1, 1, 1, 2 }, { 1, 2, 1, 2, 5 }, { 3, 7, -2, 5, 13 }, { 0, 1, 1, 3, 991 },
	};
	size_t i, k;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		mpq_t q, r;
		mpz_t d;
		cf_seq cf;
		size_t count = 300;
		mpz_t *p = malloc(count * sizeof *p), *qq = malloc(count * sizeof *qq);
		mpfr_t x, y, err;

		mpq_inits(q, r, NULL);
		mpz_init_set_ui(d, c[i].d);
		set_q(q, c[i].q, (unsigned long)c[i].qd);
		set_q(r, c[i].r, (unsigned long)c[i].rd);
		cf_init(&cf);
		cf_of_quadratic(&cf, q, r, d, 100000);
		cr_assert_eq(cf.kind, CF_PERIODIC);
		check_convergents(&cf, count, NULL);
		for (k = 0; k < count; k++)
			mpz_inits(p[k], qq[k], NULL);
		cf_convergents(&cf, count, p, qq);
		mpfr_inits2(20000, x, y, err, (mpfr_ptr)0);
		mpfr_set_z(x, d, MPFR_RNDN);
		mpfr_sqrt(x, x, MPFR_RNDN);
		mpfr_mul_q(x, x, r, MPFR_RNDN);
		mpfr_add_q(x, x, q, MPFR_RNDN);
		for (k = 0; k < count; k++) {
			/* |x - p_k/q_k| < 1/q_k^2, checked as |x q_k - p_k| q_k < 1 */
			mpfr_mul_z(y, x, qq[k], MPFR_RNDN);
			mpfr_sub_z(y, y, p[k], MPFR_RNDN);
			mpfr_abs(y, y, MPFR_RNDN);
			mpfr_mul_z(err, y, qq[k], MPFR_RNDN);
			if (mpz_sizeinbase(qq[k], 2) * 2 + 64 < 20000)
				CHECK(mpfr_cmp_ui(err, 1) < 0, "case %zu: convergent %zu", i, k);
		}
		mpfr_clears(x, y, err, (mpfr_ptr)0);
		for (k = 0; k < count; k++)
			mpz_clears(p[k], qq[k], NULL);
		free(p);
		free(qq);
		cf_clear(&cf);
		mpq_clears(q, r, NULL);
		mpz_clear(d);
	}
}

/* ---- quadratic irrationals ------------------------------------------------- */

static int is_square(unsigned long d)
{
	unsigned long s = (unsigned long)sqrt((double)d);
	while (s * s > d)
		s--;
	while ((s + 1) * (s + 1) <= d)
		s++;
	return s * s == d;
}

/* the expansion is correct, the period and pre-period minimal */
static void check_quadratic(const mpq_t q, const mpq_t r, const mpz_t d, const char *what)
{
	cf_seq cf;
	zvec b = { 0 };
	size_t need, k, L, t;

	cf_init(&cf);
	cf_of_quadratic(&cf, q, r, d, 1u << 17);
	CHECK(cf.kind == CF_PERIODIC || cf.kind == CF_PREFIX, "%s: kind %d", what, cf.kind);
	if (cf.kind == CF_PREFIX) {
		CHECK(cf.n == 1u << 17, "%s: prefix of %zu terms, asked 2^17", what, cf.n);
		need = 400;
	} else {
		CHECK(cf.pre < cf.n, "%s: empty period", what);
		L = cf.n - cf.pre;
		CHECK(cf_period(&cf) == L, "cf_period");
		need = cf.pre + 2 * L + 3;
		if (need > 1200)
			need = 1200;
		/* minimal pre-period: the term before the period differs from the
		 * period's last term */
		CHECK(cf.pre == 0 || mpz_cmp(cf.a[cf.pre - 1], cf.a[cf.n - 1]) != 0,
		      "%s: pre-period %zu not minimal", what, cf.pre);
		/* minimal period: no proper divisor t repeats it */
		for (t = 1; t < L; t++) {
			if (L % t)
				continue;
			for (k = cf.pre + t; k < cf.n; k++)
				if (mpz_cmp(cf.a[k], cf.a[k - t]) != 0)
					break;
			CHECK(k < cf.n, "%s: period %zu is %zu repeated", what, L, t);
		}
	}
	brute_quad_n(q, r, d, need, &b);
	for (k = 0; k < need; k++) {
		mpz_srcptr a = cf_term(&cf, k);
		if (!a && cf.kind == CF_PREFIX && k >= cf.n)
			break;
		CHECK(a != NULL, "%s: no term %zu", what, k);
		CHECK(mpz_cmp(a, b.a[k]) == 0, "%s: a_%zu differs from brute force", what, k);
	}
	zv_free(&b);
	cf_clear(&cf);
}

Test(cf, quadratic_vs_brute_force, .timeout = 60)
{
	trng rg = { 5 };
	mpq_t q, r;
	mpz_t d;
	int t;
	char what[128];

	mpq_inits(q, r, NULL);
	mpz_init(d);
	for (t = 0; t < 250; t++) {
		long qn = (long)trng_below(&rg, 2001) - 1000, rn = 0;
		unsigned long qd = 1 + trng_below(&rg, 12), rd = 1 + trng_below(&rg, 12), dd;

		while (rn == 0)
			rn = (long)trng_below(&rg, 41) - 20;
		do
			dd = 2 + trng_below(&rg, t < 200 ? 300 : 100000);
		while (is_square(dd));
		set_q(q, qn, qd);
		set_q(r, rn, rd);
		mpz_set_ui(d, dd);
		snprintf(what, sizeof what, "%ld/%lu + %ld/%lu sqrt(%lu)", qn, qd, rn, rd, dd);
		check_quadratic(q, r, d, what);
	}
	/* named ones: phi, 1/phi, -sqrt 2, sqrt(2)/3, big d */
	set_q(q, 1, 2); set_q(r, 1, 2); mpz_set_ui(d, 5);
	check_quadratic(q, r, d, "phi");
	set_q(q, -1, 2); set_q(r, 1, 2);
	check_quadratic(q, r, d, "1/phi");
	set_q(q, 0, 1); set_q(r, -1, 1); mpz_set_ui(d, 2);
	check_quadratic(q, r, d, "-sqrt 2");
	set_q(r, 1, 3);
	check_quadratic(q, r, d, "sqrt(2)/3");
	mpz_set_str(d, "1000000000000000000000000000000000000000000000000000000001", 10);
	set_q(r, 1, 1);
	check_quadratic(q, r, d, "sqrt(10^57+1)");
	mpq_clears(q, r, NULL);
	mpz_clear(d);
}

Test(cf, known_quadratics)
{
	mpq_t q, r;
	mpz_t d;
	cf_seq cf;

	mpq_inits(q, r, NULL);
	mpz_init(d);
	cf_init(&cf);
	/* phi = [(1)] */
	set_q(q, 1, 2); set_q(r, 1, 2); mpz_set_ui(d, 5);
	cf_of_quadratic(&cf, q, r, d, 1000);
	cr_assert_eq(cf.kind, CF_PERIODIC);
	cr_assert_eq(cf.pre, 0);
	cr_assert_eq(cf_period(&cf), 1);
	cr_assert(mpz_cmp_ui(cf.a[0], 1) == 0);
	cr_assert(mpz_cmp_ui(cf_term(&cf, 12345), 1) == 0);
	/* sqrt 2 = [1; (2)] */
	set_q(q, 0, 1); set_q(r, 1, 1); mpz_set_ui(d, 2);
	cf_of_quadratic(&cf, q, r, d, 1000);
	cr_assert_eq(cf.kind, CF_PERIODIC);
	cr_assert_eq(cf.pre, 1);
	cr_assert_eq(cf_period(&cf), 1);
	cr_assert(mpz_cmp_ui(cf_term(&cf, 0), 1) == 0);
	cr_assert(mpz_cmp_ui(cf_term(&cf, 777), 2) == 0);
	/* a max_terms too small for the period: a prefix */
	mpz_set_ui(d, 94);   /* sqrt 94 = [9; (1, 2, 3, 1, 1, 5, 1, 8, 1, 5, 1, 1, 3, 2, 1, 18)] */
	cf_of_quadratic(&cf, q, r, d, 5);
	cr_assert_eq(cf.kind, CF_PREFIX);
	cr_assert_eq(cf.n, 5);
	cr_assert_null(cf_term(&cf, 5));
	cr_assert_eq(cf_period(&cf), 0);
	cf_clear(&cf);
	mpq_clears(q, r, NULL);
	mpz_clear(d);
}

Test(cf, sqrt_D_period_vs_classic_recurrence, .timeout = 60)
{
	mpq_t q, r;
	mpz_t d;
	uint64_t D;
	trng rg = { 8 };
	int t;

	mpq_inits(q, r, NULL);
	mpz_init(d);
	set_q(q, 0, 1);
	set_q(r, 1, 1);
	for (t = 0; t < 10000 + 20; t++) {
		uint64_t a0, m = 0, den = 1, a;
		cf_seq cf;
		size_t k;

		D = t < 10000 ? (uint64_t)t + 2 : 2 + trng_below(&rg, (uint64_t)1 << 40);
		a0 = (uint64_t)sqrtl((long double)D);
		while (a0 * a0 > D)
			a0--;
		while ((a0 + 1) * (a0 + 1) <= D)
			a0++;
		if (a0 * a0 == D)
			continue;
		mpz_set_ui(d, D);
		cf_init(&cf);
		cf_of_quadratic(&cf, q, r, d, 1u << 17);
		CHECK(mpz_cmp_ui(cf.a[0], a0) == 0, "sqrt(%llu): a0", (unsigned long long)D);
		/* m' = d a - m, d' = (D - m'^2)/d, a' = (a0 + m')/d' until a = 2 a0 */
		a = a0;
		for (k = 1;; k++) {
			m = den * a - m;
			den = (D - m * m) / den;
			a = (a0 + m) / den;
			if (cf.kind == CF_PREFIX && k >= cf.n)
				break;
			CHECK(k < cf.n && mpz_cmp_ui(cf.a[k], a) == 0,
			      "sqrt(%llu): a_%zu differs from the recurrence",
			      (unsigned long long)D, k);
			if (a == 2 * a0)
				break;
		}
		if (cf.kind == CF_PERIODIC)
			CHECK(cf.pre == 1 && cf.n == k + 1, "sqrt(%llu): pre %zu period %zu, "
			      "recurrence says 1 and %zu", (unsigned long long)D, cf.pre,
			      cf.n - cf.pre, k);
		else
			CHECK(t >= 10000, "sqrt(%llu): no period in 2^17 terms",
			      (unsigned long long)D);
		cf_clear(&cf);
	}
	mpq_clears(q, r, NULL);
	mpz_clear(d);
}

/* ---- intervals ------------------------------------------------------------ */

static size_t common_prefix(const zvec *a, const zvec *b)
{
	size_t k = 0;

	while (k < a->n && k < b->n && mpz_cmp(a->a[k], b->a[k]) == 0)
		k++;
	return k;
}

static int is_prefix(const cf_seq *cf, const zvec *e)
{
	size_t k;

	if (cf->n > e->n)
		return 0;
	for (k = 0; k < cf->n; k++)
		if (mpz_cmp(cf->a[k], e->a[k]) != 0)
			return 0;
	return 1;
}

Test(cf, interval_quotients_are_shared, .timeout = 60)
{
	gmp_randstate_t gr;
	trng rg = { 13 };
	int t, j;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 13);
	for (t = 0; t < 1500; t++) {
		static const mpfr_prec_t precs[] = { 24, 53, 100, 300, 1000 };
		mpfr_prec_t prec = precs[trng_below(&rg, 5)];
		mpfr_t lo, hi, w;
		mpq_t ql, qh, x, span;
		zvec el = { 0 }, eh = { 0 }, ex = { 0 };
		cf_seq cf;
		size_t max = t % 4 ? (size_t)-1 / 2 : 1 + trng_below(&rg, 30), want;

		mpfr_inits2(prec, lo, hi, w, (mpfr_ptr)0);
		mpq_inits(ql, qh, x, span, NULL);
		/* lo in [-20, 20), hi = lo + a width from 2^-(prec-2) to 2 */
		mpfr_urandomb(lo, gr);
		mpfr_mul_ui(lo, lo, 40, MPFR_RNDN);
		mpfr_sub_ui(lo, lo, 20, MPFR_RNDN);
		if (t % 10 == 0)
			mpfr_set_si(lo, (long)trng_below(&rg, 9) - 4, MPFR_RNDN);  /* integers */
		mpfr_urandomb(w, gr);
		mpfr_mul_2si(w, w, 1 - (long)trng_below(&rg, (unsigned long)prec), MPFR_RNDN);
		mpfr_add(hi, lo, w, MPFR_RNDU);
		if (t % 17 == 0)
			mpfr_set(hi, lo, MPFR_RNDN);                  /* a single point */
		cf_init(&cf);
		cf_of_interval(&cf, lo, hi, max);
		CHECK(cf.kind == CF_PREFIX, "kind %d", cf.kind);
		CHECK(cf.n <= max, "%zu terms, max %zu", cf.n, max);
		CHECK(cf.prec == prec, "prec %ld", (long)cf.prec);
		mpfr_get_q(ql, lo);
		mpfr_get_q(qh, hi);
		euclid(ql, &el);
		euclid(qh, &eh);
		/* sound: a prefix of both ends and of rationals in between */
		CHECK(is_prefix(&cf, &el) && is_prefix(&cf, &eh), "t=%d: not a prefix of "
		      "the ends' expansions", t);
		mpq_sub(span, qh, ql);
		for (j = 0; j < 30; j++) {
			/* x = lo + span * u / 2^64, u random */
			mpz_set_ui(mpq_numref(x), trng_next(&rg));
			mpz_set_ui(mpq_denref(x), 0);
			mpz_setbit(mpq_denref(x), 64);
			mpq_canonicalize(x);
			mpq_mul(x, x, span);
			mpq_add(x, x, ql);
			euclid(x, &ex);
			CHECK(is_prefix(&cf, &ex), "t=%d: the %zu quotients are not all "
			      "shared by a number inside", t, cf.n);
		}
		/* complete up to the first difference or an end's last quotient */
		want = common_prefix(&el, &eh);
		if (el.n - 1 < want)
			want = el.n - 1;
		if (eh.n - 1 < want)
			want = eh.n - 1;
		if (max < want)
			want = max;
		CHECK(cf.n >= want, "t=%d: only %zu certain quotients of %zu", t, cf.n, want);
		cf_clear(&cf);
		zv_free(&el);
		zv_free(&eh);
		zv_free(&ex);
		mpfr_clears(lo, hi, w, (mpfr_ptr)0);
		mpq_clears(ql, qh, x, span, NULL);
	}
	gmp_randclear(gr);
}

Test(cf, interval_of_pi)
{
	mpfr_t lo, hi;
	cf_seq cf;
	static const long pi_cf[] = { 3, 7, 15, 1, 292, 1, 1, 1, 2, 1, 3, 1, 14 };
	size_t k;

	mpfr_inits2(200, lo, hi, (mpfr_ptr)0);
	mpfr_const_pi(lo, MPFR_RNDD);
	mpfr_const_pi(hi, MPFR_RNDU);
	cf_init(&cf);
	cf_of_interval(&cf, lo, hi, 1000);
	cr_assert(cf.n >= 13 && cf.n < 200, "%zu terms", cf.n);
	for (k = 0; k < 13; k++)
		cr_assert(mpz_cmp_si(cf.a[k], pi_cf[k]) == 0, "a_%zu", k);
	mpfr_set_nan(lo);
	cf_of_interval(&cf, lo, hi, 1000);
	cr_assert_eq(cf.n, 0);
	mpfr_set_inf(lo, -1);
	cf_of_interval(&cf, lo, hi, 1000);
	cr_assert_eq(cf.n, 0);
	cf_clear(&cf);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* ---- golden statistics ------------------------------------------------------ */

/* run of 1s in a[from..n); -1 if it reaches the end of an endless list */
static long ones(const zvec *a, size_t from, int endless_tail)
{
	size_t k = from;

	while (k < a->n && mpz_cmp_ui(a->a[k], 1) == 0)
		k++;
	if (k == a->n && endless_tail)
		return -1;
	return (long)(k - from);
}

static void expect_golden(const cf_seq *cf, long prefix, int mirrored, size_t max_index,
                          const char *what)
{
	cf_golden g = cf_golden_stats(cf);

	CHECK(g.prefix == prefix, "%s: prefix %ld, want %ld", what, g.prefix, prefix);
	CHECK(g.mirrored == mirrored, "%s: mirrored %d, want %d", what, g.mirrored, mirrored);
	CHECK(g.max_index == max_index, "%s: largest quotient at %zu, want %zu", what,
	      g.max_index, max_index);
}

/* first k >= 1 of the largest a_k in a[1..n) (0 if none) */
static size_t argmax(const zvec *a)
{
	size_t k, best = 0;

	for (k = 1; k < a->n; k++)
		if (!best || mpz_cmp(a->a[k], a->a[best]) > 0)
			best = k;
	return best;
}

/* the oracle for a rational: x's own run, and the run of 1 - frac(x)
 * expanded by Euclid */
static void golden_rational(const mpq_t x, const char *what)
{
	zvec e = { 0 }, m = { 0 };
	mpq_t y;
	mpz_t fl;
	cf_seq cf;
	long rx, ry;

	mpq_init(y);
	mpz_init(fl);
	euclid(x, &e);
	mpz_fdiv_q(fl, mpq_numref(x), mpq_denref(x));
	mpq_set_z(y, fl);
	mpq_sub(y, x, y);                 /* frac(x) */
	mpq_neg(y, y);
	mpz_add(mpq_numref(y), mpq_numref(y), mpq_denref(y));   /* 1 - frac(x) */
	euclid(y, &m);
	rx = e.n >= 2 ? ones(&e, 1, 0) : 0;
	/* the mirror 1 - frac(x) counts for 0 < x < 1 only (a0 = 0) */
	ry = m.n >= 2 && mpz_sgn(e.a[0]) == 0 ? ones(&m, 1, 0) : 0;
	cf_init(&cf);
	cf_of_rational(&cf, x);
	expect_golden(&cf, ry > rx ? ry : rx, ry > rx, argmax(&e), what);
	cf_clear(&cf);
	zv_free(&e);
	zv_free(&m);
	mpq_clear(y);
	mpz_clear(fl);
}

static void q_of_list(mpq_t x, const unsigned long *a, size_t n)
{
	mpz_t *z = malloc(n * sizeof *z);
	size_t i;

	for (i = 0; i < n; i++)
		mpz_init_set_ui(z[i], a[i]);
	rebuild(z, n, x);
	for (i = 0; i < n; i++)
		mpz_clear(z[i]);
	free(z);
}

Test(cf, golden_stats_rationals)
{
	static const struct { size_t n; unsigned long a[24]; } c[] = {
		{ 5, { 1, 1, 1, 1, 2 } },                       /* 13/8 */
		{ 2, { 0, 2 } },                                /* 1/2, its own mirror */
		{ 3, { 0, 2, 5 } },                             /* mirror [0; 1, 1, 5] */
		{ 4, { 0, 2, 1, 3 } },                          /* mirror [0; 1, 1, 1, 3] */
		{ 6, { 0, 2, 1, 1, 1, 4 } },
		{ 2, { 0, 3 } },                                /* mirror [0; 1, 2] */
		{ 3, { 0, 7, 2 } },
		{ 3, { 0, 1, 5 } },                             /* mirror [0; 6] */
		{ 1, { 5 } },
		{ 1, { 0 } },
		{ 7, { 0, 1, 1, 1, 9, 1, 2 } },
		{ 8, { 2, 1, 1, 1, 1, 1, 1, 3 } },
		{ 10, { 0, 1, 3, 1, 1, 1, 1, 1, 1, 2 } },
		{ 9, { 0, 2, 1, 1, 1, 1, 1, 1, 2 } },
		{ 6, { 0, 5, 9, 9, 2, 9 } },                    /* first of equal maxima */
		{ 30, { 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 18, 7, 1, 3, 7, 18, 1, 1, 1,
		        1, 1 } },
	};
	size_t i;
	mpq_t x;
	char what[64];
	gmp_randstate_t gr;
	int t;

	mpq_init(x);
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		size_t n = c[i].n > 24 ? 24 : c[i].n;
		q_of_list(x, c[i].a, n);
		snprintf(what, sizeof what, "case %zu", i);
		golden_rational(x, what);
	}
	/* 0x9e370001 / 2^32, whose run is 12 (tests/cli/cf.t, from PARI/GP) */
	mpz_set_ui(mpq_numref(x), 0x9e370001u);
	mpz_set_ui(mpq_denref(x), 0);
	mpz_setbit(mpq_denref(x), 32);
	mpq_canonicalize(x);
	golden_rational(x, "0x9e370001");
	/* random quotient lists rich in 1s and 2s */
	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 21);
	for (t = 0; t < 3000; t++) {
		unsigned long a[40];
		size_t n = 1 + gmp_urandomm_ui(gr, 40), k;
		for (k = 0; k < n; k++) {
			unsigned long u = gmp_urandomm_ui(gr, 10);
			a[k] = u < 6 ? 1 : u < 8 ? 2 : 1 + gmp_urandomm_ui(gr, 50);
		}
		a[0] = gmp_urandomm_ui(gr, 3);
		if (n > 1 && a[n - 1] == 1)
			a[n - 1] = 2;
		q_of_list(x, a, n);
		snprintf(what, sizeof what, "random list %d", t);
		golden_rational(x, what);
	}
	gmp_randclear(gr);
	mpq_clear(x);
}

/* the oracle for q + r sqrt(d): brute-force expansions of x and of
 * 1 - frac(x) = (1 + a0 - q) - r sqrt(d), H terms; a run reaching H is
 * endless (periods here are far shorter than H) */
static void golden_quadratic(const mpq_t q, const mpq_t r, const mpz_t d, const char *what)
{
	const size_t H = 600;
	zvec e = { 0 }, m = { 0 };
	mpq_t q2, r2, t;
	cf_seq cf;
	long rx, ry, want;
	size_t horizon, k, best = 0;

	mpq_inits(q2, r2, t, NULL);
	brute_quad_n(q, r, d, H, &e);
	mpq_set_z(t, e.a[0]);
	mpq_set_ui(q2, 1, 1);
	mpq_add(q2, q2, t);
	mpq_sub(q2, q2, q);
	mpq_neg(r2, r);
	brute_quad_n(q2, r2, d, H, &m);
	rx = ones(&e, 1, 1);
	ry = mpz_sgn(e.a[0]) == 0 ? ones(&m, 1, 1) : 0;   /* 0 < x < 1 only */
	want = rx < 0 || ry < 0 ? -1 : rx > ry ? rx : ry;
	cf_init(&cf);
	cf_of_quadratic(&cf, q, r, d, 100000);
	cr_assert_eq(cf.kind, CF_PERIODIC, "%s", what);
	/* the largest a_k, k >= 1, over a stretch that holds every term */
	horizon = cf.n + cf_period(&cf) + 1;
	cr_assert(horizon < H);
	for (k = 1; k < horizon; k++)
		if (!best || mpz_cmp(e.a[k], e.a[best]) > 0)
			best = k;
	expect_golden(&cf, want, (ry < 0 && rx >= 0) || (rx >= 0 && ry > rx), best, what);
	cf_clear(&cf);
	zv_free(&e);
	zv_free(&m);
	mpq_clears(q2, r2, t, NULL);
}

Test(cf, golden_stats_quadratics, .timeout = 60)
{
	static const struct { long q, qd, r, rd; unsigned long d; const char *name; } c[] = {
		{ 1, 2, 1, 2, 5, "phi" },
		{ -1, 2, 1, 2, 5, "1/phi" },
		{ 3, 2, 1, 2, 5, "phi^2" },
		{ 3, 2, -1, 2, 5, "2 - phi = [0; 2, 1, 1, ...]" },
		{ 5, 2, -1, 2, 5, "3 - phi" },
		{ 0, 1, 1, 1, 2, "sqrt 2" },
		{ 0, 1, 1, 1, 3, "sqrt 3 = [1; (1, 2)]" },
		{ 1, 1, 1, 1, 3, "1 + sqrt 3 = [(2, 1)]" },
		{ 2, 1, 1, 1, 7, "2 + sqrt 7 = [(4, 1, 1, 1)]" },
		{ 3, 2, 1, 2, 13, "(3 + sqrt 13)/2 = [(3)]" },
		{ 1, 1, 1, 1, 2, "1 + sqrt 2 = [(2)]" },
		{ 0, 1, 1, 1, 94, "sqrt 94" },
		{ 7, 1, 1, 1, 51, "7 + sqrt 51" },
		{ 0, 1, 1, 100, 5, "sqrt(5)/100" },
		{ 1, 2, 1, 2000, 5, "1/2 + sqrt(5)/2000" },
	};
	size_t i;
	mpq_t q, r;
	mpz_t d;
	trng rg = { 34 };
	int t;
	char what[96];

	mpq_inits(q, r, NULL);
	mpz_init(d);
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		set_q(q, c[i].q, (unsigned long)c[i].qd);
		set_q(r, c[i].r, (unsigned long)c[i].rd);
		mpz_set_ui(d, c[i].d);
		golden_quadratic(q, r, d, c[i].name);
	}
	for (t = 0; t < 150; t++) {
		long qn = (long)trng_below(&rg, 41) - 20, rn = 0;
		unsigned long qd = 1 + trng_below(&rg, 4), rd = 1 + trng_below(&rg, 4), dd;

		while (rn == 0)
			rn = (long)trng_below(&rg, 7) - 3;
		do
			dd = 2 + trng_below(&rg, 60);
		while (is_square(dd));
		set_q(q, qn, qd);
		set_q(r, rn, rd);
		mpz_set_ui(d, dd);
		snprintf(what, sizeof what, "%ld/%lu + %ld/%lu sqrt(%lu)", qn, qd, rn, rd, dd);
		golden_quadratic(q, r, d, what);
	}
	mpq_clears(q, r, NULL);
	mpz_clear(d);
}

Test(cf, golden_stats_constructed_periodic)
{
	cf_seq cf;
	/* [0; 1, 1, (1)]: endless */
	static const unsigned long a1[] = { 0, 1, 1, 1 };
	/* [0; 2, (1)]: the mirror [0; 1, 1, 1, ...] is endless */
	static const unsigned long a2[] = { 0, 2, 1 };
	/* [0; (1, 1, 5)]: runs of 2 */
	static const unsigned long a3[] = { 0, 1, 1, 5 };
	/* [(3, 1, 2)]: pure period, a_3 = 3 is the largest after a0 */
	static const unsigned long a4[] = { 3, 1, 2 };
	/* [(7)]: every a_k is 7, the first at k = 1; x > 1: no mirror */
	static const unsigned long a5[] = { 7 };
	/* [4; 1, 1, (1, 9)] */
	static const unsigned long a6[] = { 4, 1, 1, 1, 9 };

	cf_make(&cf, CF_PERIODIC, a1, 4, 3);
	expect_golden(&cf, -1, 0, 1, "[0; 1, 1, (1)]");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a2, 3, 2);
	expect_golden(&cf, -1, 1, 1, "[0; 2, (1)]");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a3, 4, 1);
	expect_golden(&cf, 2, 0, 3, "[0; (1, 1, 5)]");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a4, 3, 0);
	expect_golden(&cf, 1, 0, 3, "[(3, 1, 2)]");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a5, 1, 0);
	expect_golden(&cf, 0, 0, 1, "[(7)]");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a6, 5, 3);
	expect_golden(&cf, 3, 0, 4, "[4; 1, 1, (1, 9)]");
	cf_clear(&cf);
}

/* ---- cf_max_early ----------------------------------------------------------- */

/* brute force: the first largest a_k (k >= 1) with q_{k-1} < 2^limit */
static size_t max_early_oracle(const cf_seq *cf, size_t horizon, unsigned long limit,
                               mpz_t big)
{
	mpz_t qm1, q0, t, lim;
	size_t k, best = 0;

	mpz_inits(qm1, q0, t, lim, NULL);
	mpz_set_ui(lim, 0);
	mpz_setbit(lim, limit);
	mpz_set_ui(qm1, 0);      /* q_{-1} */
	mpz_set_ui(q0, 1);       /* q_0 */
	mpz_set_ui(big, 0);
	for (k = 1; k < horizon; k++) {
		mpz_srcptr a = cf_term(cf, k);
		if (!a || mpz_cmp(q0, lim) >= 0)     /* q0 holds q_{k-1} */
			break;
		if (!best || mpz_cmp(a, big) > 0) {
			best = k;
			mpz_set(big, a);
		}
		mpz_mul(t, a, q0);
		mpz_add(t, t, qm1);
		mpz_set(qm1, q0);
		mpz_set(q0, t);
	}
	mpz_clears(qm1, q0, t, lim, NULL);
	return best;
}

static void check_max_early(const cf_seq *cf, size_t horizon, const char *what)
{
	mpz_t b1, b2;
	unsigned long limit;

	mpz_inits(b1, b2, NULL);
	for (limit = 0; limit < 200; limit++) {
		size_t k1 = cf_max_early(cf, limit, b1), k2 = max_early_oracle(cf, horizon, limit, b2);
		CHECK(k1 == k2 && mpz_cmp(b1, b2) == 0, "%s, limit %lu: index %zu, want %zu",
		      what, limit, k1, k2);
	}
	mpz_clears(b1, b2, NULL);
}

Test(cf, max_early_constructed)
{
	static const unsigned long a1[] = { 0, 1, 100, 1, 1, 1000, 2, 5000, 3, 3 };
	static const unsigned long a2[] = { 0, 7, 7, 7, 7 };
	static const unsigned long a3[] = { 5 };
	static const unsigned long a4[] = { 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	                                    1, 1, 1, 1, 1, 1, 1, 70000, 2 };
	static const unsigned long a5[] = { 0, 2, 1, 30 };   /* periodic from 1 */
	static const unsigned long a6[] = { 9, 1, 4 };        /* purely periodic */
	cf_seq cf;
	gmp_randstate_t gr;
	mpq_t x;
	int t;

	cf_make(&cf, CF_FINITE, a1, 10, 0);
	check_max_early(&cf, 100, "a1");
	cf_clear(&cf);
	cf_make(&cf, CF_FINITE, a2, 5, 0);
	check_max_early(&cf, 100, "a2");
	cf_clear(&cf);
	cf_make(&cf, CF_FINITE, a3, 1, 0);
	check_max_early(&cf, 100, "a3");
	cf_clear(&cf);
	cf_make(&cf, CF_FINITE, a4, 23, 0);
	check_max_early(&cf, 100, "a4");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a5, 4, 1);
	check_max_early(&cf, 5000, "a5");
	cf_clear(&cf);
	cf_make(&cf, CF_PERIODIC, a6, 3, 0);
	check_max_early(&cf, 5000, "a6");
	cf_clear(&cf);
	/* random rationals */
	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 55);
	mpq_init(x);
	for (t = 0; t < 300; t++) {
		mpz_urandomb(mpq_numref(x), gr, 1 + gmp_urandomm_ui(gr, 150));
		mpz_urandomb(mpq_denref(x), gr, 1 + gmp_urandomm_ui(gr, 150));
		mpz_add_ui(mpq_denref(x), mpq_denref(x), 1);
		mpq_canonicalize(x);
		cf_init(&cf);
		cf_of_rational(&cf, x);
		check_max_early(&cf, 100000, "random");
		cf_clear(&cf);
	}
	mpq_clear(x);
	gmp_randclear(gr);
}

/* ---- cf_of_tree ----------------------------------------------------------- */

static void tree_cf(cf_seq *cf, const char *src, unsigned long word, size_t terms)
{
	cfx_err e;
	expr_tree *t = expr_parse(src, &e);

	cr_assert(t, "parse \"%s\": %s", src, e.msg);
	cr_assert_eq(cf_of_tree(cf, t, NULL, NULL, word, terms, &e), 0, "\"%s\": %s", src,
	             e.msg);
	expr_free(t);
}

Test(cf, tree_exact_values)
{
	cf_seq cf;
	zvec e = { 0 };
	mpq_t x;
	size_t k;

	cf_init(&cf);
	mpq_init(x);
	/* ~ on the 32-bit word: ~0x61c88646 / 2^32 is 0x9e3779b9 / 2^32 */
	tree_cf(&cf, "~0x61c88646 / 2^32", 32, 20);
	mpq_set_ui(x, 0x9e3779b9u, 1);
	mpz_set_ui(mpq_denref(x), 0);
	mpz_setbit(mpq_denref(x), 32);
	mpq_canonicalize(x);
	euclid(x, &e);
	cr_assert_eq(cf.kind, CF_FINITE);
	cr_assert_eq(cf.n, e.n);
	for (k = 0; k < e.n; k++)
		cr_assert(mpz_cmp(cf.a[k], e.a[k]) == 0);
	/* an integer is the integer itself, word or not */
	tree_cf(&cf, "0x9e3779b9", 0, 20);
	cr_assert_eq(cf.n, 1);
	cr_assert(mpz_cmp_ui(cf.a[0], 0x9e3779b9u) == 0);
	/* a rational ignores the word */
	tree_cf(&cf, "355/113", 32, 20);
	cr_assert_eq(cf.n, 3);
	cr_assert(mpz_cmp_ui(cf.a[2], 16) == 0);
	/* quadratics are exact and periodic */
	tree_cf(&cf, "sqrt(2)", 0, 20);
	cr_assert_eq(cf.kind, CF_PERIODIC);
	cr_assert_eq(cf.pre, 1);
	cr_assert_eq(cf_period(&cf), 1);
	tree_cf(&cf, "1/phi", 0, 20);
	cr_assert_eq(cf.kind, CF_PERIODIC);
	cr_assert(mpz_cmp_ui(cf_term(&cf, 0), 0) == 0 && mpz_cmp_ui(cf_term(&cf, 99), 1) == 0);
	/* pi^0 is the rational 1 */
	tree_cf(&cf, "pi^0", 0, 20);
	cr_assert_eq(cf.kind, CF_FINITE);
	cr_assert_eq(cf.n, 1);
	cr_assert(mpz_cmp_ui(cf.a[0], 1) == 0);
	zv_free(&e);
	mpq_clear(x);
	cf_clear(&cf);
}

static void check_real_tree(const char *src, size_t terms, mpfr_t lo, mpfr_t hi)
{
	cf_seq cf;
	zvec b = { 0 };
	size_t k;

	cf_init(&cf);
	tree_cf(&cf, src, 0, terms);
	brute_interval(lo, hi, &b, 100000);
	cr_assert(b.n > terms + 10, "oracle too short for %s", src);
	CHECK(cf.kind == CF_PREFIX, "%s: kind %d", src, cf.kind);
	CHECK(cf.n >= terms, "%s: %zu certain terms, asked %zu", src, cf.n, terms);
	for (k = 0; k < cf.n && k < b.n; k++)
		CHECK(mpz_cmp(cf.a[k], b.a[k]) == 0, "%s: a_%zu differs from brute force", src, k);
	zv_free(&b);
	cf_clear(&cf);
}

Test(cf, tree_reals_vs_brute_force)
{
	mpfr_t lo, hi, t;

	mpfr_inits2(20000, lo, hi, t, (mpfr_ptr)0);
	mpfr_const_pi(lo, MPFR_RNDD);
	mpfr_const_pi(hi, MPFR_RNDU);
	check_real_tree("pi", 100, lo, hi);
	mpfr_const_pi(lo, MPFR_RNDD);
	mpfr_const_pi(hi, MPFR_RNDU);
	check_real_tree("pi", 1000, lo, hi);
	/* sqrt 2 + sqrt 3: two fields, so an interval */
	mpfr_sqrt_ui(lo, 2, MPFR_RNDD);
	mpfr_sqrt_ui(t, 3, MPFR_RNDD);
	mpfr_add(lo, lo, t, MPFR_RNDD);
	mpfr_sqrt_ui(hi, 2, MPFR_RNDU);
	mpfr_sqrt_ui(t, 3, MPFR_RNDU);
	mpfr_add(hi, hi, t, MPFR_RNDU);
	check_real_tree("sqrt(2) + sqrt(3)", 200, lo, hi);
	mpfr_clears(lo, hi, t, (mpfr_ptr)0);
}

Test(cf, tree_e_follows_euler)
{
	cf_seq cf;
	size_t k;

	cf_init(&cf);
	tree_cf(&cf, "e", 0, 400);
	cr_assert(cf.n >= 400, "%zu terms", cf.n);
	/* e = [2; 1, 2, 1, 1, 4, 1, 1, 6, ...]: a_k = 2(k+1)/3 when k = 2 mod 3 */
	cr_assert(mpz_cmp_ui(cf.a[0], 2) == 0);
	for (k = 1; k < cf.n; k++)
		CHECK(mpz_cmp_ui(cf.a[k], k % 3 == 2 ? 2 * (k + 1) / 3 : 1) == 0,
		      "e: a_%zu", k);
	cf_clear(&cf);
}

static const expr_tree *look_pi(void *ctx, const char *name)
{
	return !strcmp(name, "x") ? ctx : NULL;
}

Test(cf, tree_errors_and_names)
{
	cf_seq cf;
	cfx_err e;
	expr_tree *t = expr_parse("1/0", &e), *x = expr_parse("pi", &e);

	cf_init(&cf);
	cr_assert_eq(cf_of_tree(&cf, t, NULL, NULL, 0, 10, &e), -1);
	cr_assert_eq(e.code, CFX_EZERODIV);
	expr_free(t);
	/* ~ with no word asks for one */
	t = expr_parse("sqrt(~0)", &e);
	cr_assert_eq(cf_of_tree(&cf, t, NULL, NULL, 0, 10, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_str_eq(e.token, "~");
	expr_free(t);
	t = expr_parse("y + 1", &e);
	cr_assert_eq(cf_of_tree(&cf, t, look_pi, x, 0, 10, &e), -1);
	cr_assert_eq(e.code, CFX_ESYNTAX);
	expr_free(t);
	t = expr_parse("x - 3", &e);
	cr_assert_eq(cf_of_tree(&cf, t, look_pi, x, 0, 10, &e), 0);
	cr_assert(cf.n >= 10);
	cr_assert(mpz_cmp_ui(cf.a[0], 0) == 0 && mpz_cmp_ui(cf.a[1], 7) == 0 &&
	          mpz_cmp_ui(cf.a[2], 15) == 0);
	expr_free(t);
	expr_free(x);
	cf_clear(&cf);
}

/* ---- distance to 1/phi ------------------------------------------------------ */

static void expect_distance(const char *src, int mirror)
{
	cfx_err e;
	expr_tree *t = expr_parse(src, &e);
	expr_value v;
	mpfr_t x, g;
	double dist, bits, want;

	cr_assert(t);
	expr_value_init(&v, 256);
	cr_assert_eq(expr_eval(t, NULL, NULL, 256, &v, &e), 0, "%s", e.msg);
	mpfr_inits2(3000, x, g, (mpfr_ptr)0);
	/* x at 3000 bits, from the value's own kind */
	if (v.kind == EXPR_RAT) {
		mpfr_set_q(x, v.q, MPFR_RNDN);
	} else if (v.kind == EXPR_QUAD) {
		mpfr_set_z(x, v.d, MPFR_RNDN);
		mpfr_sqrt(x, x, MPFR_RNDN);
		mpfr_mul_q(x, x, v.r, MPFR_RNDN);
		mpfr_add_q(x, x, v.q, MPFR_RNDN);
	} else {
		mpfr_add(x, v.lo, v.hi, MPFR_RNDN);
		mpfr_div_2ui(x, x, 1, MPFR_RNDN);
	}
	if (mirror)
		mpfr_ui_sub(x, 1, x, MPFR_RNDN);
	mpfr_sqrt_ui(g, 5, MPFR_RNDN);       /* 1/phi = (sqrt 5 - 1)/2 */
	mpfr_sub_ui(g, g, 1, MPFR_RNDN);
	mpfr_div_2ui(g, g, 1, MPFR_RNDN);
	mpfr_sub(x, x, g, MPFR_RNDN);
	mpfr_abs(x, x, MPFR_RNDN);
	want = mpfr_get_d(x, MPFR_RNDN);
	cf_phi_distance(&v, mirror, &dist, &bits);
	CHECK(fabs(dist - want) <= 1e-14 * want, "%s: distance %.17g, want %.17g", src, dist,
	      want);
	mpfr_log2(x, x, MPFR_RNDN);
	CHECK(fabs(bits + mpfr_get_d(x, MPFR_RNDN)) < 1e-9, "%s: %g bits, want %g", src, bits,
	      -mpfr_get_d(x, MPFR_RNDN));
	mpfr_clears(x, g, (mpfr_ptr)0);
	expr_value_clear(&v);
	expr_free(t);
}

Test(cf, phi_distance)
{
	char src[64];
	cfx_err e;
	expr_tree *t;
	expr_value v;
	double dist, bits;

	expect_distance("1/2", 0);
	expect_distance("1/2", 1);
	expect_distance("golden(64)/2^64", 0);
	expect_distance("0x9e370001/2^32", 0);
	expect_distance("0x61c88647/2^32", 1);        /* 2^32 - golden(32): the mirror */
	expect_distance("sqrt(2)", 0);
	expect_distance("phi", 0);
	expect_distance("pi", 0);
	expect_distance("pi/5", 1);
	/* F_99 / F_100: about 138 bits from 1/phi, beyond a double */
	{
		mpz_t a, b;
		mpz_inits(a, b, NULL);
		mpz_fib_ui(a, 99);
		mpz_fib_ui(b, 100);
		gmp_snprintf(src, sizeof src, "%Zd/%Zd", a, b);
		mpz_clears(a, b, NULL);
	}
	expect_distance(src, 0);
	/* exactly 1/phi and, mirrored, 1 - 1/phi: distance 0, infinite bits */
	t = expr_parse("1/phi", &e);
	expr_value_init(&v, 64);
	cr_assert_eq(expr_eval(t, NULL, NULL, 64, &v, &e), 0);
	cf_phi_distance(&v, 0, &dist, &bits);
	cr_assert(dist == 0 && isinf(bits) && bits > 0);
	expr_free(t);
	t = expr_parse("2 - phi", &e);
	cr_assert_eq(expr_eval(t, NULL, NULL, 64, &v, &e), 0);
	cf_phi_distance(&v, 1, &dist, &bits);
	cr_assert(dist == 0 && isinf(bits) && bits > 0);
	expr_free(t);
	expr_value_clear(&v);
}
