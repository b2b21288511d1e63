/*
 * cf.c - continued fractions of rationals, quadratic irrationals and
 * intervals (see cf.h).
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "cfx/cf.h"
#include "util/xalloc.h"

#define PREC_MAX (1L << 20)
#define PERIOD_MAX ((size_t)1 << 17)   /* terms searched for a period */
#define QUAD_WORK ((size_t)1 << 25)    /* terms x bits of D: a second or two */
#define QUAD_TERMS 32                  /* terms always allowed, whatever D */

void cf_init(cf_seq *cf)
{
	cf->kind = CF_FINITE;
	cf->a = NULL;
	cf->n = cf->cap = 0;
	cf->pre = 0;
	cf->prec = 0;
}

void cf_clear(cf_seq *cf)
{
	size_t i;

	if (!cf)
		return;
	for (i = 0; i < cf->cap; i++)
		mpz_clear(cf->a[i]);
	free(cf->a);
	cf_init(cf);
}

static void reset(cf_seq *cf, cf_kind kind)
{
	cf->kind = kind;
	cf->n = 0;
	cf->pre = 0;
	cf->prec = 0;
}

static mpz_ptr push(cf_seq *cf)
{
	if (cf->n == cf->cap) {
		size_t i, old = cf->cap;

		XGROW(cf->a, cf->cap, cf->n + 1, "continued fraction");
		for (i = old; i < cf->cap; i++)
			mpz_init(cf->a[i]);
	}
	return cf->a[cf->n++];
}

int cf_of_rational_poll(cf_seq *cf, const mpq_t x,
                        const volatile sig_atomic_t *stop)
{
	mpz_t num, den, r;
	int rc = 0;

	reset(cf, CF_FINITE);
	mpz_inits(num, den, r, NULL);
	mpz_set(num, mpq_numref(x));
	mpz_set(den, mpq_denref(x));
	/* Euclid: a = floor(num/den), then (num, den) = (den, num - a den) */
	for (;;) {
		mpz_fdiv_qr(push(cf), r, num, den);
		if (mpz_sgn(r) == 0)
			break;
		if (stop && cf->n % 64 == 0 && *stop) {
			rc = -1;
			break;
		}
		mpz_swap(num, den);
		mpz_swap(den, r);
	}
	mpz_clears(num, den, r, NULL);
	return rc;
}

void cf_of_rational(cf_seq *cf, const mpq_t x)
{
	cf_of_rational_poll(cf, x, NULL);
}

void cf_of_multiplier(cf_seq *cf, const mpz_t p, unsigned long bits)
{
	mpq_t x;

	mpq_init(x);
	mpz_set(mpq_numref(x), p);
	mpz_set_ui(mpq_denref(x), 1);
	mpz_mul_2exp(mpq_denref(x), mpq_denref(x), bits);
	mpq_canonicalize(x);
	cf_of_rational(cf, x);
	mpq_clear(x);
}

/*
 * Complete quotients x = (P + sqrt D)/Q with Q | D - P^2.  x is reduced
 * (x > 1, -1 < conjugate < 0) iff Q > 0, P <= s, P + Q > s and P + s >= Q,
 * with s = isqrt(D); the expansion is purely periodic from the first
 * reduced complete quotient on (Galois), so the period ends when that
 * (P, Q) comes round again.
 */
void cf_of_quadratic(cf_seq *cf, const mpq_t q, const mpq_t r, const mpz_t d,
                     size_t max_terms)
{
	mpz_t P, Q, D, s, t, L, P0, Q0;
	int have_start = 0;
	size_t start = 0;

	reset(cf, CF_PREFIX);
	mpz_inits(P, Q, D, s, t, L, P0, Q0, NULL);
	/* q + r sqrt d = (A + B sqrt d)/L with L = lcm of the denominators */
	mpz_lcm(L, mpq_denref(q), mpq_denref(r));
	mpz_divexact(t, L, mpq_denref(q));
	mpz_mul(P, mpq_numref(q), t);
	mpz_divexact(t, L, mpq_denref(r));
	mpz_mul(t, mpq_numref(r), t);               /* B */
	mpz_mul(D, t, t);
	mpz_mul(D, D, d);                           /* B^2 d */
	mpz_set(Q, L);
	if (mpz_sgn(t) < 0) {                       /* (A - sqrt D)/L */
		mpz_neg(P, P);
		mpz_neg(Q, Q);
	}
	/* make Q divide D - P^2 */
	mpz_mul(t, P, P);
	mpz_sub(t, D, t);
	if (!mpz_divisible_p(t, Q)) {
		mpz_abs(t, Q);
		mpz_mul(P, P, t);
		mpz_mul(D, D, t);
		mpz_mul(D, D, t);
		mpz_mul(Q, Q, t);
	}
	mpz_sqrt(s, D);
	while (cf->n < max_terms) {
		mpz_ptr a;

		if (!have_start && mpz_sgn(Q) > 0 && mpz_cmp(P, s) <= 0) {
			mpz_add(t, P, Q);
			if (mpz_cmp(t, s) > 0) {
				mpz_add(t, P, s);
				if (mpz_cmp(t, Q) >= 0) {
					have_start = 1;
					start = cf->n;
					mpz_set(P0, P);
					mpz_set(Q0, Q);
				}
			}
		} else if (have_start && mpz_cmp(P, P0) == 0 &&
		           mpz_cmp(Q, Q0) == 0) {
			cf->kind = CF_PERIODIC;
			cf->pre = start;
			break;
		}
		a = push(cf);
		mpz_add(t, P, s);
		if (mpz_sgn(Q) < 0)
			mpz_add_ui(t, t, 1);
		mpz_fdiv_q(a, t, Q);
		/* P' = a Q - P, Q' = (D - P'^2)/Q */
		mpz_mul(t, a, Q);
		mpz_sub(P, t, P);
		mpz_mul(t, P, P);
		mpz_sub(t, D, t);
		mpz_divexact(Q, t, Q);
	}
	mpz_clears(P, Q, D, s, t, L, P0, Q0, NULL);
}

/* Below this many bits the interval's ends are stepped one quotient at a
 * time; above it, the quotients of truncated ends come first (see run). */
#define FAST_BITS 2048

/* One quotient both ends agree on, with neither end stopping there
 * ([.., a] = [.., a-1, 1] makes that ambiguous): pushed, and the ends
 * replaced by their complete quotients.  0 when there is none. */
static int interval_step(cf_seq *cf, mpz_t n1, mpz_t d1, mpz_t n2, mpz_t d2)
{
	mpz_t a1, a2, r1, r2;
	int ok;

	mpz_inits(a1, a2, r1, r2, NULL);
	mpz_fdiv_qr(a1, r1, n1, d1);
	mpz_fdiv_qr(a2, r2, n2, d2);
	ok = mpz_cmp(a1, a2) == 0 && mpz_sgn(r1) != 0 && mpz_sgn(r2) != 0;
	if (ok) {
		mpz_set(push(cf), a1);
		mpz_swap(n1, d1);
		mpz_swap(d1, r1);
		mpz_swap(n2, d2);
		mpz_swap(d2, r2);
	}
	mpz_clears(a1, a2, r1, r2, NULL);
	return ok;
}

/* m = [[p, p'], [q, q']] for the terms a[i..j-1]: the product of
 * [[a, 1], [1, 0]] over them, taken by halves (a product tree). */
static void terms_matrix(const cf_seq *cf, size_t i, size_t j, mpz_t m[4])
{
	mpz_t l[4], r[4];
	size_t h = i + (j - i) / 2, k;

	assert(j > i);
	if (j - i == 1) {
		mpz_set(m[0], cf->a[i]);
		mpz_set_ui(m[1], 1);
		mpz_set_ui(m[2], 1);
		mpz_set_ui(m[3], 0);
		return;
	}
	for (k = 0; k < 4; k++)
		mpz_inits(l[k], r[k], NULL);
	terms_matrix(cf, i, h, l);
	terms_matrix(cf, h, j, r);
	for (k = 0; k < 2; k++) {
		mpz_mul(m[2 * k], l[2 * k], r[0]);
		mpz_addmul(m[2 * k], l[2 * k + 1], r[2]);
		mpz_mul(m[2 * k + 1], l[2 * k], r[1]);
		mpz_addmul(m[2 * k + 1], l[2 * k + 1], r[3]);
	}
	for (k = 0; k < 4; k++)
		mpz_clears(l[k], r[k], NULL);
}

/* n/d <- its complete quotient after the terms of m: (n, d) M^-1, which
 * is what stepping would leave (both positive there). */
static void apply_inverse(const mpz_t m[4], mpz_t n, mpz_t d, mpz_t t)
{
	/* n' = +-(q' n - p' d), d' = +-(p d - q n) */
	mpz_mul(t, m[3], n);
	mpz_submul(t, m[1], d);
	mpz_mul(d, m[0], d);
	mpz_submul(d, m[2], n);
	mpz_abs(n, t);
	mpz_abs(d, d);
}

/* lo/hi of the truncations of n/d by s bits: n/d lies in
 * [(n>>s)/((d>>s)+1), ((n>>s)+1)/(d>>s)]. */
static void truncate_ends(const mpz_t n, const mpz_t d, mp_bitcnt_t s,
                          mpz_t ln, mpz_t ld, mpz_t hn, mpz_t hd)
{
	mpz_fdiv_q_2exp(ln, n, s);
	mpz_fdiv_q_2exp(hd, d, s);
	mpz_add_ui(ld, hd, 1);
	mpz_add_ui(hn, ln, 1);
}

/* a/b < c/e, all positive */
static int less(const mpz_t a, const mpz_t b, const mpz_t c, const mpz_t e,
                mpz_t t, mpz_t u)
{
	mpz_mul(t, a, e);
	mpz_mul(u, c, b);
	return mpz_cmp(t, u) < 0;
}

/*
 * The quotients both ends agree on, up to max_terms, the ends left as
 * their complete quotients: exactly what interval_step would give one by
 * one.  On big positive ends, the agreed quotients of an interval holding
 * both ends' truncations to half their size come first (every number in
 * it shares them, so both ends do), applied to the ends as one matrix.
 */
static void interval_run(cf_seq *cf, mpz_t n1, mpz_t d1, mpz_t n2, mpz_t d2,
                         size_t max_terms)
{
	mpz_t e[8], m[4], t, u;
	size_t k, start, bits;

	for (k = 0; k < 8; k++)
		mpz_init(e[k]);
	for (k = 0; k < 4; k++)
		mpz_init(m[k]);
	mpz_inits(t, u, NULL);
	while (cf->n < max_terms) {
		bits = mpz_sizeinbase(d1, 2);
		if (mpz_sizeinbase(d2, 2) < bits)
			bits = mpz_sizeinbase(d2, 2);
		start = cf->n;
		if (bits > FAST_BITS && mpz_sgn(n1) > 0 && mpz_sgn(n2) > 0) {
			mp_bitcnt_t s = bits / 2;

			truncate_ends(n1, d1, s, e[0], e[1], e[2], e[3]);
			truncate_ends(n2, d2, s, e[4], e[5], e[6], e[7]);
			/* the lower of the lows, the higher of the highs */
			if (less(e[4], e[5], e[0], e[1], t, u)) {
				mpz_swap(e[0], e[4]);
				mpz_swap(e[1], e[5]);
			}
			if (less(e[2], e[3], e[6], e[7], t, u)) {
				mpz_swap(e[2], e[6]);
				mpz_swap(e[3], e[7]);
			}
			interval_run(cf, e[0], e[1], e[2], e[3], max_terms);
			if (cf->n > start) {
				terms_matrix(cf, start, cf->n, m);
				apply_inverse(m, n1, d1, t);
				apply_inverse(m, n2, d2, t);
				continue;
			}
		}
		if (!interval_step(cf, n1, d1, n2, d2))
			break;
	}
	for (k = 0; k < 8; k++)
		mpz_clear(e[k]);
	for (k = 0; k < 4; k++)
		mpz_clear(m[k]);
	mpz_clears(t, u, NULL);
}

void cf_of_interval(cf_seq *cf, const mpfr_t lo, const mpfr_t hi,
                    size_t max_terms)
{
	mpz_t n1, d1, n2, d2;
	mpq_t x;

	reset(cf, CF_PREFIX);
	cf->prec = mpfr_get_prec(lo);
	if (!mpfr_number_p(lo) || !mpfr_number_p(hi))
		return;
	mpz_inits(n1, d1, n2, d2, NULL);
	mpq_init(x);
	mpfr_get_q(x, lo);
	mpz_set(n1, mpq_numref(x));
	mpz_set(d1, mpq_denref(x));
	mpfr_get_q(x, hi);
	mpz_set(n2, mpq_numref(x));
	mpz_set(d2, mpq_denref(x));
	/*
	 * Numbers sharing the quotients a_0..a_k form an interval, so a
	 * quotient both ends agree on (with neither end stopping there, where
	 * [.., a] = [.., a-1, 1] makes it ambiguous) is the true one.
	 */
	interval_run(cf, n1, d1, n2, d2, max_terms);
	mpq_clear(x);
	mpz_clears(n1, d1, n2, d2, NULL);
}

/* The size in bits of the D in (P + sqrt D)/Q for q + r sqrt d: about
 * that of (r L)^2 d, L the common denominator.  At least 1. */
static size_t quad_bits(const expr_value *v)
{
	return 2 * (mpz_sizeinbase(mpq_numref(v->r), 2) +
	            mpz_sizeinbase(mpq_denref(v->r), 2) +
	            mpz_sizeinbase(mpq_denref(v->q), 2)) +
	       mpz_sizeinbase(v->d, 2);
}

int cf_of_tree(cf_seq *cf, const expr_tree *t, expr_lookup look, void *ctx,
               unsigned long word, size_t terms, cfx_err *err)
{
	return cf_of_tree_budget(cf, t, look, ctx, word, terms, NULL, err);
}

int cf_of_tree_budget(cf_seq *cf, const expr_tree *t, expr_lookup look,
                      void *ctx, unsigned long word, size_t terms,
                      expr_budget *b, cfx_err *err)
{
	expr_value v;
	mpfr_prec_t prec = 64 + 8 * (mpfr_prec_t)terms;
	/* every precision tried draws on one budget (the caller's if it has
	 * one): a costly expression is refused after its first 2 s, not
	 * after 2 s at each of up to 15 precisions */
	expr_budget own = { 0, 0, NULL, NULL };
	int rc;

	if (!b)
		b = &own;
	if (prec > PREC_MAX)
		prec = PREC_MAX;
	expr_value_init(&v, prec);
	for (;;) {
		rc = expr_eval_budget(t, look, ctx, prec, word, b, &v, err);
		if (rc < 0 && (!err || err->code != CFX_ELIMIT || prec >= PREC_MAX))
			break;
		if (rc == 0 && v.kind == EXPR_RAT) {
			cf_of_rational(cf, v.q);
			break;
		}
		if (rc == 0 && v.kind == EXPR_QUAD) {
			/* a term costs a few operations on numbers of dbits; the
			 * period is sought only as far as QUAD_WORK allows */
			size_t dbits = quad_bits(&v), search = QUAD_WORK / dbits;
			if (search < QUAD_TERMS)
				search = QUAD_TERMS;
			if (terms > search) {
				rc = cfx_err_set(err, CFX_ELIMIT, -1, NULL, "%zu terms of a "
				                 "quadratic number of %zu bits are too much "
				                 "work (at most %zu)", terms, dbits, search);
				break;
			}
			if (search > PERIOD_MAX)
				search = terms > PERIOD_MAX ? terms : PERIOD_MAX;
			cf_of_quadratic(cf, v.q, v.r, v.d, search);
			break;
		}
		if (rc == 0) {
			cf_of_interval(cf, v.lo, v.hi, terms);
			if (cf->n >= terms || prec >= PREC_MAX)
				break;
		}
		prec = prec * 2 > PREC_MAX ? PREC_MAX : prec * 2;
	}
	expr_value_clear(&v);
	return rc;
}

size_t cf_period(const cf_seq *cf)
{
	return cf->kind == CF_PERIODIC ? cf->n - cf->pre : 0;
}

mpz_srcptr cf_term(const cf_seq *cf, size_t k)
{
	if (k < cf->n)
		return cf->a[k];
	if (cf->kind != CF_PERIODIC || cf->n == cf->pre)
		return NULL;
	return cf->a[cf->pre + (k - cf->pre) % (cf->n - cf->pre)];
}

void cf_convergents(const cf_seq *cf, size_t count, mpz_t *p, mpz_t *q)
{
	cf_convergents_within(cf, count, (size_t)-1, p, q);
}

size_t cf_convergents_within(const cf_seq *cf, size_t count, size_t max_bits,
                             mpz_t *p, mpz_t *q)
{
	size_t k, total = 0;

	for (k = 0; k < count; k++) {
		mpz_srcptr a = cf_term(cf, k);

		assert(a);
		/* p_k = a_k p_{k-1} + p_{k-2}, from p_{-1} = 1, p_{-2} = 0 */
		if (k == 0) {
			mpz_set(p[0], a);
			mpz_set_ui(q[0], 1);
		} else if (k == 1) {
			mpz_mul(p[1], a, p[0]);
			mpz_add_ui(p[1], p[1], 1);
			mpz_set(q[1], a);
		} else {
			mpz_mul(p[k], a, p[k - 1]);
			mpz_add(p[k], p[k], p[k - 2]);
			mpz_mul(q[k], a, q[k - 1]);
			mpz_add(q[k], q[k], q[k - 2]);
		}
#ifndef NDEBUG
		if (k > 0) {
			mpz_t det, t;

			mpz_inits(det, t, NULL);
			mpz_mul(det, p[k], q[k - 1]);
			mpz_mul(t, p[k - 1], q[k]);
			mpz_sub(det, det, t);
			assert(mpz_cmp_si(det, (k & 1) ? 1 : -1) == 0);
			mpz_clears(det, t, NULL);
		}
#endif
		total += mpz_sizeinbase(p[k], 2) + mpz_sizeinbase(q[k], 2);
		if (total > max_bits)
			return k + 1;
	}
	return count;
}

/* Run of quotients equal to 1 from a_from on. */
static long ones_from(const cf_seq *cf, size_t from)
{
	size_t k;

	if (cf->kind == CF_PERIODIC) {
		/* an all-ones period after the run makes it endless */
		int endless = cf->n > cf->pre;
		for (k = cf->pre; k < cf->n; k++)
			endless &= mpz_cmp_ui(cf->a[k], 1) == 0;
		if (endless) {
			for (k = from; k < cf->pre; k++)
				if (mpz_cmp_ui(cf->a[k], 1) != 0)
					break;
			if (k >= cf->pre || from >= cf->pre)
				return -1;
		}
	}
	for (k = from;; k++) {
		mpz_srcptr a = cf_term(cf, k);
		if (!a || mpz_cmp_ui(a, 1) != 0)
			return (long)(k - from);
	}
}

cf_golden cf_golden_stats(const cf_seq *cf)
{
	cf_golden g = { 0, 0, 0, 0 };
	long mirror = 0;
	size_t k;

	/* 0 < x < 1: a0 = 0 and a term after it */
	g.outside = cf->n < 1 || mpz_sgn(cf->a[0]) != 0 ||
	            (cf->n < 2 && cf->kind != CF_PERIODIC);
	if (cf->n < 2 && cf->kind != CF_PERIODIC)
		return g;
	g.prefix = ones_from(cf, 1);
	/* 1 - frac(x) = [0; 1, a1 - 1, a2, ...] if a1 >= 2, and x = 1/2 is
	 * its own mirror; if a1 = 1 the mirror starts with a2 + 1 >= 2 */
	if (cf_term(cf, 1) && mpz_cmp_ui(cf_term(cf, 1), 2) == 0 &&
	    cf_term(cf, 2)) {
		mirror = ones_from(cf, 2);
		mirror = mirror < 0 ? -1 : mirror + 2;
	} else if (cf_term(cf, 1) && mpz_cmp_ui(cf_term(cf, 1), 2) > 0) {
		mirror = 1;
	}
	if (!g.outside && g.prefix >= 0 && (mirror < 0 || mirror > g.prefix)) {
		g.prefix = mirror;
		g.mirrored = 1;
	}
	/* a period that starts at a0 has a_n = a0 among its terms after a0 */
	for (k = 1; k < cf->n + (cf->kind == CF_PERIODIC && cf->pre == 0); k++)
		if (!g.max_index || mpz_cmp(cf_term(cf, k), cf_term(cf, g.max_index)) > 0)
			g.max_index = k;
	return g;
}

size_t cf_max_early(const cf_seq *cf, unsigned long limit_bits, mpz_t big)
{
	mpz_t q0, q1, t;
	size_t k, best = 0;

	mpz_inits(q0, q1, t, NULL);
	mpz_set_ui(q0, 0);            /* q_{-1} */
	mpz_set_ui(q1, 1);            /* q_0 */
	mpz_set_ui(big, 0);
	for (k = 1; k < cf->n || (cf->kind == CF_PERIODIC && k < 4096); k++) {
		mpz_srcptr a = cf_term(cf, k);

		if (!a || mpz_sizeinbase(q1, 2) > limit_bits)
			break;
		if (mpz_cmp(a, big) > 0) {
			mpz_set(big, a);
			best = k;
		}
		mpz_mul(t, a, q1);
		mpz_add(t, t, q0);
		mpz_swap(q0, q1);
		mpz_swap(q1, t);
	}
	mpz_clears(q0, q1, t, NULL);
	return best;
}

void cf_phi_distance(const expr_value *v, int mirror, double *dist,
                     double *bits)
{
	mpfr_prec_t prec = 128;
	mpfr_t x, g;

	if (v->kind == EXPR_RAT)
		prec += mpz_sizeinbase(mpq_numref(v->q), 2) +
		        mpz_sizeinbase(mpq_denref(v->q), 2);
	else if (v->kind == EXPR_REAL)
		prec = mpfr_get_prec(v->lo);
	/* exactly 1/phi = (sqrt 5 - 1)/2, or 1 - 1/phi = (3 - sqrt 5)/2 */
	if (v->kind == EXPR_QUAD && mpz_cmp_ui(v->d, 5) == 0 &&
	    mpq_cmp_si(v->q, mirror ? 3 : -1, 2) == 0 &&
	    mpq_cmp_si(v->r, mirror ? -1 : 1, 2) == 0) {
		*dist = 0;
		*bits = INFINITY;
		return;
	}
	if (v->kind == EXPR_QUAD)
		prec += mpz_sizeinbase(mpq_numref(v->q), 2) +
		        mpz_sizeinbase(mpq_denref(v->q), 2) +
		        mpz_sizeinbase(mpq_numref(v->r), 2) +
		        mpz_sizeinbase(mpq_denref(v->r), 2) +
		        mpz_sizeinbase(v->d, 2);
	mpfr_inits2(prec, x, g, (mpfr_ptr)0);
	expr_value_mid(v, x);
	/* 1/phi = (sqrt 5 - 1)/2 */
	mpfr_sqrt_ui(g, 5, MPFR_RNDN);
	mpfr_sub_ui(g, g, 1, MPFR_RNDN);
	mpfr_div_2ui(g, g, 1, MPFR_RNDN);
	if (mirror)
		mpfr_ui_sub(g, 1, g, MPFR_RNDN);
	mpfr_sub(x, x, g, MPFR_RNDN);
	mpfr_abs(x, x, MPFR_RNDN);
	*dist = mpfr_get_d(x, MPFR_RNDN);
	if (mpfr_zero_p(x)) {
		*bits = INFINITY;
	} else {
		/* a double's worth: log2 at the full precision costs seconds */
		mpfr_prec_round(x, 64, MPFR_RNDN);
		mpfr_log2(x, x, MPFR_RNDN);
		*bits = -mpfr_get_d(x, MPFR_RNDN);
	}
	mpfr_clears(x, g, (mpfr_ptr)0);
}
