/*
 * cf.h - continued fractions (prefix cf_).
 *
 * x = a0 + 1/(a1 + 1/(a2 + ...)), written [a0; a1, a2, ...].  A rational
 * has a finite expansion, computed by Euclid's algorithm and written in
 * canonical form (last quotient >= 2 unless the expansion is [a0] or the
 * number is 1).  A quadratic irrational has an eventually periodic one,
 * found exactly with integer (P + sqrt D)/Q arithmetic.  Any other real is
 * known only through an enclosing interval: its certain quotients are the
 * ones shared by every number in the interval, and cf_of_tree raises the
 * precision until it has as many as were asked for.
 *
 * Closeness to the golden ratio: 1/phi = [0; 1, 1, 1, ...], so the run of
 * 1s after a0 says how long x tracks 1/phi.  A multiplier c and 2^n - c
 * hash alike (Knuth, TAOCP 6.4 ex. 9), and 1 - x = [0; 1, a1 - 1, a2, ...],
 * so the golden prefix counts the longer run of x and of 1 - x, the
 * mirror for 0 < x < 1 only (a0 = 0, where a multiplier's p/2^n is).
 */
#ifndef CFX_CF_H
#define CFX_CF_H

#include <stddef.h>
#include <gmp.h>
#include <signal.h>

#include "cfx/err.h"
#include "cfx/expr.h"

typedef enum {
	CF_FINITE,    /* the complete expansion of a rational */
	CF_PERIODIC,  /* a[0..pre) then a[pre..n) repeated forever */
	CF_PREFIX     /* only the first n quotients are known (all certain) */
} cf_kind;

typedef struct cf_seq {
	cf_kind kind;
	mpz_t *a;             /* quotients a_0 .. a_{n-1} */
	size_t n, cap;
	size_t pre;           /* CF_PERIODIC: length of the pre-period */
	mpfr_prec_t prec;     /* CF_PREFIX from an interval: precision used */
} cf_seq;

/* An empty expansion; free with cf_clear.  No operation on NULL. */
void cf_init(cf_seq *cf);
void cf_clear(cf_seq *cf);

/* Expansion of the rational x (any size, any sign). */
void cf_of_rational(cf_seq *cf, const mpq_t x);

/* cf_of_rational polling stop (may be NULL) every 64 quotients: 0, or -1
 * once *stop is set (cf then holds the quotients found so far, kind
 * CF_FINITE: the caller discards it).  A rational of a million bits has
 * some 10^5 quotients, seconds of work. */
int cf_of_rational_poll(cf_seq *cf, const mpq_t x,
                        const volatile sig_atomic_t *stop);

/* Expansion of p / 2^bits. */
void cf_of_multiplier(cf_seq *cf, const mpz_t p, unsigned long bits);

/* Expansion of q + r*sqrt(d) (d > 1 not a square, r != 0): pre-period and
 * one period.  If no period shows within max_terms terms, the first
 * max_terms quotients as a CF_PREFIX. */
void cf_of_quadratic(cf_seq *cf, const mpq_t q, const mpq_t r, const mpz_t d,
                     size_t max_terms);

/* The quotients shared by every number in [lo, hi], at most max_terms. */
void cf_of_interval(cf_seq *cf, const mpfr_t lo, const mpfr_t hi,
                    size_t max_terms);

/*
 * Expansion of an expression: exact for rationals and quadratic numbers,
 * else at least `terms` certain quotients, raising the precision up to
 * 2^20 bits (fewer terms, CF_PREFIX, if even that cannot decide them).
 * ~ and the shifts act on a word of `word` bits (0: none, and ~ and <<
 * fail asking for --bits, as expr_eval_word).  A quadratic number's period is sought while terms x the
 * size of its D stays below 2^25 (a second or two; 32 terms at least);
 * asking for more terms than that allows fails with CFX_ELIMIT.  Returns 0 or -1 with err set.
 */
int cf_of_tree(cf_seq *cf, const expr_tree *t, expr_lookup look, void *ctx,
               unsigned long word, size_t terms, cfx_err *err);

/* cf_of_tree drawing on the caller's budget b (NULL: a fresh one), as
 * expr_eval_budget: every precision it tries draws on the same one. */
int cf_of_tree_budget(cf_seq *cf, const expr_tree *t, expr_lookup look,
                      void *ctx, unsigned long word, size_t terms,
                      expr_budget *b, cfx_err *err);

/* Number of periods: 0 unless CF_PERIODIC. */
size_t cf_period(const cf_seq *cf);

/* Quotient a_k, unrolling a period; NULL past the end of what is known. */
mpz_srcptr cf_term(const cf_seq *cf, size_t k);

/*
 * Convergents p_k/q_k for k = 0 .. count-1 into p[] and q[] (initialised
 * by the caller).  count must not exceed the known terms (unrolled for a
 * periodic expansion).  Consecutive convergents satisfy
 * p_k q_{k-1} - p_{k-1} q_k = (-1)^(k-1).
 */
void cf_convergents(const cf_seq *cf, size_t count, mpz_t *p, mpz_t *q);

/* Like cf_convergents, stopping once the convergents computed pass
 * max_bits bits in all (numerators and denominators; they grow about
 * quadratically, and a caller that keeps them caps them with this).
 * Returns how many were computed: count, or fewer. */
size_t cf_convergents_within(const cf_seq *cf, size_t count, size_t max_bits,
                             mpz_t *p, mpz_t *q);

typedef struct cf_golden {
	long prefix;       /* run of 1s after a0 (of x or 1-x); -1: endless */
	int mirrored;      /* the run counted is that of 1 - x */
	size_t max_index;  /* k >= 1 of the largest a_k (first one); 0: none */
	int outside;       /* x is not in (0, 1): no mirror 1 - x (negative
	                    * or 0 there); the run is that of frac(x) */
} cf_golden;

/* Golden prefix and largest quotient of an expansion. */
cf_golden cf_golden_stats(const cf_seq *cf);

/*
 * The largest a_k (k >= 1) whose preceding denominator q_{k-1} is below
 * 2^limit_bits: the quotients that shape the spectrum of up to 2^limit_bits
 * points.  Returns k, or 0 if there is none; *big receives a_k.
 */
size_t cf_max_early(const cf_seq *cf, unsigned long limit_bits, mpz_t big);

/* |x - 1/phi| for a value, or with mirror |(1 - x) - 1/phi|: as a double,
 * and -log2 of it (INFINITY when it is 0).  An interval value uses its
 * midpoint. */
void cf_phi_distance(const expr_value *v, int mirror, double *dist,
                     double *bits);

#endif
