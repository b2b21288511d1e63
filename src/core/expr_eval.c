/*
 * expr_eval.c - evaluating expression trees (see expr.h).
 *
 * Three kinds of value, promoted as needed: exact rationals; exact numbers
 * q + r*sqrt(d) of a single quadratic field; and intervals [lo, hi] of MPFR
 * numbers computed with outward rounding, so that the true value always
 * lies inside.  An operation whose answer would leave its kind (two
 * different square roots, pi) falls through to intervals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "cfx/word.h"

/* The work of one evaluation (or of several, expr_eval_budget), against
 * EXPR_COST_BUDGET, and its costliest single step so far. */
typedef expr_budget budget;

typedef struct env {
	expr_lookup look;
	void *ctx;
	mpfr_prec_t prec;
	unsigned long bits;     /* the word of ~ and the shifts; 0: none */
	const char *src;
	cfx_err *err;
	int depth;
	budget *cost;            /* shared by the names it looks up */
	int estimate;            /* expr_cost: charge nextprime's search,
	                          * skip it (the value stays its argument) */
} env;

/* Thread's stop flag (expr_stop_flag): polled at every node. */
static _Thread_local const volatile sig_atomic_t *eval_stop;

void expr_stop_flag(const volatile sig_atomic_t *stop)
{
	eval_stop = stop;
}

/* The source span of n's subtree, a call's closing parenthesis too. */
static void span(const char *src, const expr_node *n, int *lo, int *hi)
{
	if (n->col < *lo)
		*lo = n->col;
	if (n->col + n->len > *hi)
		*hi = n->col + n->len;
	if (n->kind == EXPR_NAME)
		return;
	if (n->a)
		span(src, n->a, lo, hi);
	if (n->b)
		span(src, n->b, lo, hi);
	if (n->a && !n->b && n->kind >= EXPR_GOLDEN) {
		while (src[*hi] == ' ')
			(*hi)++;
		if (src[*hi] == ')')
			(*hi)++;
	}
}

/* Add units of work; over the budget, the costly subexpression is named:
 * n's whole text when this step costs at least as much as any before it,
 * else the costliest earlier step's (a cheap literal that happens to
 * cross the line is not what made the expression costly), and named
 * again by any later step on a budget already spent (expr_eval_budget).
 * Polls the stop flag first. */
static int charge(env *ev, const expr_node *n, double units)
{
	budget *b = ev->cost;
	const char *src = ev->src;
	int lo, hi;

	if (eval_stop && *eval_stop)
		return cfx_err_set(ev->err, CFX_EINTR, -1, NULL, "interrupted");
	if (b->used <= EXPR_COST_BUDGET) {
		b->used += units;
		if (b->used <= EXPR_COST_BUDGET ? units > b->worst
		                                : units >= b->worst) {
			b->worst = units;
			b->worst_node = n;
			b->worst_src = src;
		}
		if (b->used <= EXPR_COST_BUDGET)
			return 0;
	}
	/* over (now, or before: a shared budget names the same step again) */
	n = b->worst_node;
	src = b->worst_src;
	lo = n->col;
	hi = n->col + n->len;
	span(src, n, &lo, &hi);
	return cfx_err_setn(ev->err, CFX_ELIMIT, lo, src + lo, hi - lo,
	                    "too costly to evaluate (more than about 2 s of "
	                    "work)");
}

static int node_err(env *ev, const expr_node *n, enum cfx_code code,
                    const char *msg)
{
	return cfx_err_setn(ev->err, code, n->col, ev->src + n->col, n->len,
	                    "%s", msg);
}

/* An operand's error: it names the operand's whole text, -1, -(2^70) or
 * (1-1)^-1, its parentheses balanced (a ')' in it takes its '(' from the
 * left, a '(' its ')' from the right), not the token at its root. */
static int operand_err(env *ev, const expr_node *n, enum cfx_code code,
                       const char *msg)
{
	const char *s = ev->src;
	int lo = n->col, hi = n->col + n->len, open = 0, shut = 0, i;

	span(s, n, &lo, &hi);
	for (i = lo; i < hi; i++) {
		if (s[i] == '(')
			open++;
		else if (s[i] == ')' && open > 0)
			open--;
		else if (s[i] == ')')
			shut++;             /* its '(' is left of lo */
	}
	for (; shut > 0 && lo > 0; lo--)
		shut -= (s[lo - 1] == '(') - (s[lo - 1] == ')');
	for (; open > 0 && s[hi]; hi++)
		open -= (s[hi] == ')') - (s[hi] == '(');
	return cfx_err_setn(ev->err, code, lo, s + lo, hi - lo, "%s", msg);
}

/* log2 |z|, 0 for z = 0 or +-1. */
static double log2_abs(const mpz_t z)
{
	long e;
	double d;

	if (mpz_cmpabs_ui(z, 1) <= 0)
		return 0;
	d = mpz_get_d_2exp(&e, z);
	return (double)e + log2(fabs(d));
}

static size_t qbits(const mpq_t q)
{
	return mpz_sizeinbase(mpq_numref(q), 2) + mpz_sizeinbase(mpq_denref(q), 2);
}

/* ---- intervals --------------------------------------------------------- */

static void set_prec(expr_value *v, mpfr_prec_t prec)
{
	if (mpfr_get_prec(v->lo) != prec) {
		mpfr_set_prec(v->lo, prec);
		mpfr_set_prec(v->hi, prec);
	}
}

/* sqrt(d) rounded in direction rnd (both steps round the same way). */
static void sqrt_z(mpfr_t s, const mpz_t d, mpfr_rnd_t rnd)
{
	mpfr_set_z(s, d, rnd);
	mpfr_sqrt(s, s, rnd);
}

/* Turn any value into an interval enclosing it. */
static void to_real(expr_value *v, mpfr_prec_t prec)
{
	mpfr_t s, t;

	if (v->kind == EXPR_REAL)
		return;
	set_prec(v, prec);
	if (v->kind == EXPR_RAT) {
		mpfr_set_q(v->lo, v->q, MPFR_RNDD);
		mpfr_set_q(v->hi, v->q, MPFR_RNDU);
	} else {
		/* q + r*sqrt(d): bound sqrt(d), scale by r (sign decides
		 * which end goes where), then add q */
		mpfr_inits2(prec, s, t, (mpfr_ptr)0);
		sqrt_z(s, v->d, mpq_sgn(v->r) > 0 ? MPFR_RNDD : MPFR_RNDU);
		sqrt_z(t, v->d, mpq_sgn(v->r) > 0 ? MPFR_RNDU : MPFR_RNDD);
		mpfr_mul_q(s, s, v->r, MPFR_RNDD);
		mpfr_mul_q(t, t, v->r, MPFR_RNDU);
		mpfr_add_q(v->lo, s, v->q, MPFR_RNDD);
		mpfr_add_q(v->hi, t, v->q, MPFR_RNDU);
		mpfr_clears(s, t, (mpfr_ptr)0);
	}
	v->kind = EXPR_REAL;
}

/* The least (rnd MPFR_RNDD) or the greatest (MPFR_RNDU) of the four
 * products of the ends of a and b, rounded outward, into out. */
static void real_corner(mpfr_t out, const expr_value *a, const expr_value *b,
                        mpfr_rnd_t rnd, mpfr_prec_t prec)
{
	mpfr_t p;
	int i;

	mpfr_init2(p, prec);
	for (i = 0; i < 4; i++) {
		mpfr_mul(i ? p : out, i < 2 ? a->lo : a->hi, i % 2 ? b->hi : b->lo,
		         rnd);
		if (i && rnd == MPFR_RNDD)
			mpfr_min(out, out, p, rnd);
		else if (i)
			mpfr_max(out, out, p, rnd);
	}
	mpfr_clear(p);
}

static void real_mul(expr_value *a, const expr_value *b, mpfr_prec_t prec)
{
	mpfr_t lo, hi;

	mpfr_inits2(prec, lo, hi, (mpfr_ptr)0);
	real_corner(lo, a, b, MPFR_RNDD, prec);
	real_corner(hi, a, b, MPFR_RNDU, prec);
	mpfr_swap(a->lo, lo);
	mpfr_swap(a->hi, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* a = 1/a; fails if the interval contains 0. */
static int real_inv(expr_value *a)
{
	mpfr_t lo;

	if (mpfr_sgn(a->lo) <= 0 && mpfr_sgn(a->hi) >= 0)
		return -1;
	mpfr_init2(lo, mpfr_get_prec(a->lo));
	mpfr_ui_div(lo, 1, a->hi, MPFR_RNDD);
	mpfr_ui_div(a->hi, 1, a->lo, MPFR_RNDU);
	mpfr_swap(a->lo, lo);
	mpfr_clear(lo);
	return 0;
}

/* ---- exact quadratic numbers ------------------------------------------ */

/* Drop the irrational part when it vanished. */
static void quad_norm(expr_value *v)
{
	if (v->kind == EXPR_QUAD && mpq_sgn(v->r) == 0)
		v->kind = EXPR_RAT;
}

/* If sqrt(v->d) is a rational multiple of sqrt(d) (d v->d is a square
 * t^2, so sqrt(v->d) = (t/d) sqrt(d)), rewrite v over d and return 1. */
static int same_field(expr_value *v, const mpz_t d)
{
	mpz_t t;
	mpq_t f;
	int ok;

	mpz_init(t);
	mpz_mul(t, v->d, d);
	ok = mpz_perfect_square_p(t);
	if (ok) {
		mpq_init(f);
		mpz_sqrt(t, t);
		mpq_set_num(f, t);
		mpq_set_den(f, d);
		mpq_canonicalize(f);
		mpq_mul(v->r, v->r, f);
		mpz_set(v->d, d);
		mpq_clear(f);
	}
	mpz_clear(t);
	return ok;
}

/* Make a and b the same kind: both RAT, both QUAD over one d, or REAL. */
static void unify(expr_value *a, expr_value *b, mpfr_prec_t prec)
{
	if (a->kind == EXPR_RAT && b->kind == EXPR_RAT)
		return;
	if (a->kind != EXPR_REAL && b->kind != EXPR_REAL) {
		if (a->kind == EXPR_RAT) {
			mpz_set(a->d, b->d);
			mpq_set_ui(a->r, 0, 1);
			a->kind = EXPR_QUAD;
			return;
		}
		if (b->kind == EXPR_RAT) {
			mpz_set(b->d, a->d);
			mpq_set_ui(b->r, 0, 1);
			b->kind = EXPR_QUAD;
			return;
		}
		if (mpz_cmp(a->d, b->d) == 0)
			return;
		if (same_field(b, a->d))
			return;
	}
	to_real(a, prec);
	to_real(b, prec);
}

static void quad_mul(expr_value *a, const expr_value *b)
{
	mpq_t t, u;

	mpq_inits(t, u, NULL);
	/* (q1 + r1 s)(q2 + r2 s) = q1 q2 + r1 r2 d + (q1 r2 + r1 q2) s */
	mpq_mul(t, a->r, b->r);
	mpz_mul(mpq_numref(t), mpq_numref(t), a->d);
	mpq_canonicalize(t);
	mpq_mul(u, a->q, b->r);
	mpq_mul(a->r, a->r, b->q);
	mpq_add(a->r, a->r, u);
	mpq_mul(a->q, a->q, b->q);
	mpq_add(a->q, a->q, t);
	mpq_clears(t, u, NULL);
	quad_norm(a);
}

/* a = 1/a for an exact non-zero a (QUAD: multiply by the conjugate). */
static void quad_inv(expr_value *a)
{
	mpq_t n, t;

	if (a->kind == EXPR_RAT) {
		mpq_inv(a->q, a->q);
		return;
	}
	/* 1/(q + r s) = (q - r s) / (q^2 - r^2 d), never 0 as s is irrational */
	mpq_inits(n, t, NULL);
	mpq_mul(n, a->q, a->q);
	mpq_mul(t, a->r, a->r);
	mpz_mul(mpq_numref(t), mpq_numref(t), a->d);
	mpq_canonicalize(t);
	mpq_sub(n, n, t);
	mpq_div(a->q, a->q, n);
	mpq_div(a->r, a->r, n);
	mpq_neg(a->r, a->r);
	mpq_clears(n, t, NULL);
}

static int is_zero(const expr_value *v)
{
	return v->kind == EXPR_RAT && mpq_sgn(v->q) == 0;
}

/* ---- evaluation ------------------------------------------------------- */

static int eval(env *ev, const expr_node *n, expr_value *v);

static int need_int(env *ev, const expr_node *n, const expr_value *v,
                    const char *what)
{
	char msg[64];

	if (v->kind == EXPR_RAT && mpz_cmp_ui(mpq_denref(v->q), 1) == 0)
		return 0;
	snprintf(msg, sizeof msg, "%s must be an integer", what);
	return operand_err(ev, n, CFX_EDOMAIN, msg);
}

/* sqrt of v in place: exact when v is a rational, else an interval. */
static int do_sqrt(env *ev, const expr_node *n, expr_value *v)
{
	mpz_t num, den, sq;
	unsigned long p;

	if (v->kind == EXPR_RAT) {
		if (mpq_sgn(v->q) < 0)
			return operand_err(ev, n->a, CFX_EDOMAIN,
			                   "square root of a negative number");
		if (mpz_perfect_square_p(mpq_numref(v->q)) &&
		    mpz_perfect_square_p(mpq_denref(v->q))) {
			mpz_sqrt(mpq_numref(v->q), mpq_numref(v->q));
			mpz_sqrt(mpq_denref(v->q), mpq_denref(v->q));
			return 0;
		}
		/* sqrt(a/b) = sqrt(a b)/b; pull small square factors out of
		 * a b so that sqrt(8) and sqrt(2) meet in one field */
		mpz_inits(num, den, sq, NULL);
		mpz_mul(v->d, mpq_numref(v->q), mpq_denref(v->q));
		mpz_set(den, mpq_denref(v->q));
		mpz_set_ui(num, 1);
		for (p = 2; p < 1000; p++) {
			/* p^e divides d: p^(e/2) comes out, p^(e%2) stays; one
			 * mpz_remove, not e divisions (sqrt(2^1000001)) */
			mp_bitcnt_t e;
			if (!mpz_divisible_ui_p(v->d, p))
				continue;
			mpz_set_ui(sq, p);
			e = mpz_remove(v->d, v->d, sq);
			mpz_pow_ui(sq, sq, e / 2);
			mpz_mul(num, num, sq);
			if (e % 2)
				mpz_mul_ui(v->d, v->d, p);
		}
		mpq_set_num(v->r, num);
		mpq_set_den(v->r, den);
		mpq_canonicalize(v->r);
		mpq_set_ui(v->q, 0, 1);
		mpz_clears(num, den, sq, NULL);
		v->kind = EXPR_QUAD;
		if (mpz_cmp_ui(v->d, 1) == 0) {     /* cannot happen: not square */
			mpq_set(v->q, v->r);
			v->kind = EXPR_RAT;
		}
		return 0;
	}
	to_real(v, ev->prec);
	if (mpfr_sgn(v->hi) < 0)
		return operand_err(ev, n->a, CFX_EDOMAIN,
		                   "square root of a negative number");
	if (mpfr_sgn(v->lo) < 0)
		return operand_err(ev, n->a, CFX_ELIMIT, "cannot tell the sign "
		                   "of the square root's argument");
	mpfr_sqrt(v->lo, v->lo, MPFR_RNDD);
	mpfr_sqrt(v->hi, v->hi, MPFR_RNDU);
	return 0;
}

static int do_pow(env *ev, const expr_node *n, expr_value *a, expr_value *b)
{
	long e;
	unsigned long k;
	int neg;
	expr_value base;

	if (b->kind != EXPR_RAT || mpz_cmp_ui(mpq_denref(b->q), 1) != 0)
		return operand_err(ev, n->b, CFX_EDOMAIN,
		                "exponent must be an integer (use sqrt)");
	if (!mpz_fits_slong_p(mpq_numref(b->q)))
		return operand_err(ev, n->b, CFX_ELIMIT, "exponent too large");
	e = mpz_get_si(mpq_numref(b->q));
	neg = e < 0;
	k = neg ? -(unsigned long)e : (unsigned long)e;
	if (a->kind == EXPR_RAT) {
		if (mpq_sgn(a->q) == 0 && neg)
			return operand_err(ev, n, CFX_EZERODIV, "division by zero: "
			                   "a negative power of 0");
		/* the result has about k log2|num| + k log2(den) bits */
		if ((double)k * (log2_abs(mpq_numref(a->q)) +
		                 log2_abs(mpq_denref(a->q))) + 1 > EXPR_MAX_BITS)
			return operand_err(ev, n, CFX_ELIMIT,
			                   "result too large (over 2^20 bits)");
		mpz_pow_ui(mpq_numref(a->q), mpq_numref(a->q), k);
		mpz_pow_ui(mpq_denref(a->q), mpq_denref(a->q), k);
		if (neg)
			mpq_inv(a->q, a->q);
		return 0;
	}
	if (k > 1UL << 16)
		return operand_err(ev, n->b, CFX_ELIMIT, "exponent too large");
	/* square and multiply on a copy */
	expr_value_init(&base, ev->prec);
	base.kind = a->kind;
	mpq_set(base.q, a->q);
	mpq_set(base.r, a->r);
	mpz_set(base.d, a->d);
	mpfr_set(base.lo, a->lo, MPFR_RNDD);
	mpfr_set(base.hi, a->hi, MPFR_RNDU);
	a->kind = EXPR_RAT;
	mpq_set_ui(a->q, 1, 1);
	while (k) {
		if (k & 1) {
			unify(a, &base, ev->prec);
			if (a->kind == EXPR_REAL)
				real_mul(a, &base, ev->prec);
			else
				quad_mul(a, &base);
		}
		k >>= 1;
		if (k && base.kind != EXPR_REAL &&
		    2 * (qbits(base.q) + qbits(base.r)) > EXPR_MAX_BITS) {
			/* squaring the base again would pass the limit */
			expr_value_clear(&base);
			return operand_err(ev, n, CFX_ELIMIT,
			                   "result too large (over 2^20 bits)");
		}
		if (k) {
			if (base.kind == EXPR_REAL)
				real_mul(&base, &base, ev->prec);
			else
				quad_mul(&base, &base);
		}
		if (a->kind != EXPR_REAL && qbits(a->q) + qbits(a->r) > EXPR_MAX_BITS) {
			expr_value_clear(&base);
			return operand_err(ev, n, CFX_ELIMIT,
			                   "result too large (over 2^20 bits)");
		}
	}
	expr_value_clear(&base);
	if (neg) {
		if (a->kind == EXPR_REAL) {
			if (real_inv(a) < 0)
				return operand_err(ev, n->a, CFX_ELIMIT,
				                   "cannot tell the sign of the base");
		} else {
			quad_inv(a);
		}
	}
	return 0;
}

/* ---- C's bit operators ------------------------------------------------ */

static const char *bit_name(expr_kind k)
{
	return k == EXPR_NOT ? "~" : k == EXPR_SHL ? "<<" : k == EXPR_SHR ? ">>"
	       : k == EXPR_AND ? "&" : k == EXPR_OR ? "|" : "xor";
}

/* z mod 2^bits, as C converts to uintN_t; nothing without a word. */
static void on_word(const env *ev, mpz_ptr z)
{
	if (ev->bits)
		mpz_fdiv_r_2exp(z, z, ev->bits);
}

static int need_word(env *ev, const expr_node *n)
{
	if (ev->bits)
		return 0;
	return cfx_err_setn(ev->err, CFX_EDOMAIN, n->col, ev->src + n->col,
	                    n->len, "%s needs a word size: give --bits N (in "
	                    "a session, set bits N)", bit_name(n->kind));
}

/* ~a on the word: 2^n - 1 - (a mod 2^n). */
static int do_not(env *ev, const expr_node *n, expr_value *v)
{
	mpz_ptr z = mpq_numref(v->q);

	if (need_int(ev, n->a, v, "operand of ~") < 0 || need_word(ev, n) < 0)
		return -1;
	on_word(ev, z);
	mpz_com(z, z);                  /* -z - 1 */
	on_word(ev, z);
	return 0;
}

static int do_bits(env *ev, const expr_node *n, expr_value *a, expr_value *b)
{
	mpz_ptr x = mpq_numref(a->q), y = mpq_numref(b->q);
	char what[16];
	unsigned long k;

	snprintf(what, sizeof what, "left of %s", bit_name(n->kind));
	if (need_int(ev, n->a, a, what) < 0)
		return -1;
	snprintf(what, sizeof what, "right of %s", bit_name(n->kind));
	if (need_int(ev, n->b, b, what) < 0)
		return -1;
	on_word(ev, x);
	if (n->kind == EXPR_SHL || n->kind == EXPR_SHR) {
		/* << and >> of a negative value are on a word (C's unsigned
		 * shifts): -1 >> 1 is 2^(n-1) - 1, not an arithmetic -1 */
		if ((n->kind == EXPR_SHL || mpz_sgn(x) < 0) && need_word(ev, n) < 0)
			return -1;
		if (mpz_sgn(y) < 0)
			return operand_err(ev, n->b, CFX_EDOMAIN,
			                "a shift count must not be negative");
		/* past the word (or every bit of x) the answer is 0 or -1 */
		k = mpz_cmp_ui(y, EXPR_MAX_BITS) > 0 ? EXPR_MAX_BITS + 1UL
		    : mpz_get_ui(y);
		if (n->kind == EXPR_SHR)
			mpz_fdiv_q_2exp(x, x, k);
		else if (k >= ev->bits)
			mpz_set_ui(x, 0);
		else
			mpz_mul_2exp(x, x, k);
		on_word(ev, x);
		return 0;
	}
	on_word(ev, y);
	if (n->kind == EXPR_AND)
		mpz_and(x, x, y);
	else if (n->kind == EXPR_OR)
		mpz_ior(x, x, y);
	else
		mpz_xor(x, x, y);
	return 0;
}

static int binop(env *ev, const expr_node *n, expr_value *a, expr_value *b)
{
	if (n->kind >= EXPR_SHL && n->kind <= EXPR_XOR)
		return do_bits(ev, n, a, b);
	if (n->kind == EXPR_POW)
		return do_pow(ev, n, a, b);
	if (n->kind == EXPR_MOD) {
		if (need_int(ev, n->a, a, "left of %") < 0 ||
		    need_int(ev, n->b, b, "right of %") < 0)
			return -1;
		if (mpz_sgn(mpq_numref(b->q)) == 0)
			return operand_err(ev, n->b, CFX_EZERODIV,
			                   "remainder by zero: the divisor is 0");
		/* the remainder of floor division by |b|: always >= 0 */
		mpz_mod(mpq_numref(a->q), mpq_numref(a->q), mpq_numref(b->q));
		return 0;
	}
	if (n->kind == EXPR_DIV) {
		if (is_zero(b))
			return operand_err(ev, n->b, CFX_EZERODIV,
			                   "division by zero: the divisor is 0");
		if (b->kind == EXPR_REAL) {
			if (real_inv(b) < 0)
				return operand_err(ev, n->b, CFX_ELIMIT,
				                   "cannot tell the sign of the divisor");
		} else {
			quad_inv(b);
		}
	}
	unify(a, b, ev->prec);
	switch (a->kind) {
	case EXPR_RAT:
		if (n->kind == EXPR_ADD)
			mpq_add(a->q, a->q, b->q);
		else if (n->kind == EXPR_SUB)
			mpq_sub(a->q, a->q, b->q);
		else
			mpq_mul(a->q, a->q, b->q);
		if (qbits(a->q) > EXPR_MAX_BITS)
			return operand_err(ev, n, CFX_ELIMIT,
			                   "result too large (over 2^20 bits)");
		return 0;
	case EXPR_QUAD:
		if (n->kind == EXPR_ADD) {
			mpq_add(a->q, a->q, b->q);
			mpq_add(a->r, a->r, b->r);
		} else if (n->kind == EXPR_SUB) {
			mpq_sub(a->q, a->q, b->q);
			mpq_sub(a->r, a->r, b->r);
		} else {
			quad_mul(a, b);
		}
		quad_norm(a);
		if (qbits(a->q) + qbits(a->r) > EXPR_MAX_BITS)
			return operand_err(ev, n, CFX_ELIMIT,
			                   "result too large (over 2^20 bits)");
		return 0;
	case EXPR_REAL:
		if (n->kind == EXPR_ADD) {
			mpfr_add(a->lo, a->lo, b->lo, MPFR_RNDD);
			mpfr_add(a->hi, a->hi, b->hi, MPFR_RNDU);
		} else if (n->kind == EXPR_SUB) {
			mpfr_sub(a->lo, a->lo, b->hi, MPFR_RNDD);
			mpfr_sub(a->hi, a->hi, b->lo, MPFR_RNDU);
		} else {
			real_mul(a, b, ev->prec);
		}
		return 0;
	}
	return 0;
}

static int call(env *ev, const expr_node *n, expr_value *v)
{
	mpz_ptr z = mpq_numref(v->q);

	if (n->kind == EXPR_SQRT)
		return do_sqrt(ev, n, v);
	if (need_int(ev, n->a, v, "argument") < 0)
		return -1;
	switch (n->kind) {
	case EXPR_GOLDEN:
		if (mpz_sgn(z) < 0 || mpz_cmp_ui(z, EXPR_MAX_BITS) > 0) {
			char msg[160];
			snprintf(msg, sizeof msg, "golden(N) needs 0 <= N <= %ld (a "
			         "multiplier: at most %d bits, %d for the hashing "
			         "commands)", EXPR_MAX_BITS, WORD_MAX_BITS,
			         WORD_MAX_HASH);
			return operand_err(ev, n->a, CFX_EDOMAIN, msg);
		}
		expr_golden(z, mpz_get_ui(z));
		return 0;
	case EXPR_NEXTPRIME:
	case EXPR_PREVPRIME:
		/* the search costs ~ bits^3 per candidate and ~bits candidates */
		if (mpz_sizeinbase(z, 2) > EXPR_PRIME_MAX_BITS) {
			char msg[64];
			snprintf(msg, sizeof msg, "%s needs an argument below 2^%d",
			         n->kind == EXPR_NEXTPRIME ? "nextprime" : "prevprime",
			         EXPR_PRIME_MAX_BITS);
			return operand_err(ev, n->a, CFX_ELIMIT, msg);
		}
		/* about b^3 bit operations: the budget's unit */
		{
			double b = (double)mpz_sizeinbase(z, 2);
			b = b < 64 ? 64 : b;
			if (charge(ev, n, b * b * b) < 0)
				return -1;
		}
		if (ev->estimate)
			return 0;
		if (n->kind == EXPR_NEXTPRIME) {
			expr_nextprime(z, z);
			return 0;
		}
		if (!expr_prevprime(z, z))
			return operand_err(ev, n->a, CFX_EDOMAIN,
			                   "there is no prime below this");
		return 0;
	default:
		return 0;
	}
}

/* The work a result of this size took: linear, and n log n for the
 * operations that multiply. */
static double work(const expr_node *n, const expr_value *v)
{
	double bits = v->kind == EXPR_REAL ? (double)mpfr_get_prec(v->lo)
	              : (double)(qbits(v->q) + (v->kind == EXPR_QUAD ?
	                qbits(v->r) + mpz_sizeinbase(v->d, 2) : 0));
	int mul = n->kind == EXPR_MUL || n->kind == EXPR_DIV ||
	          n->kind == EXPR_MOD || n->kind == EXPR_POW ||
	          n->kind == EXPR_SQRT;

	return bits + (mul && bits > 2 ? bits * log2(bits) : 0);
}

static int eval_node(env *ev, const expr_node *n, expr_value *v);

/* Every node: the node, then its cost (and the stop flag, which charge
 * polls: before each costly step and after every node). */
static int eval(env *ev, const expr_node *n, expr_value *v)
{
	if (eval_node(ev, n, v) < 0)
		return -1;
	return charge(ev, n, work(n, v));
}

static int eval_node(env *ev, const expr_node *n, expr_value *v)
{
	expr_value b;
	const expr_tree *t;
	int rc;

	switch (n->kind) {
	case EXPR_NUM:
		v->kind = EXPR_RAT;
		mpq_set_z(v->q, n->num);
		return 0;
	case EXPR_PHI:
		/* (1 + sqrt 5) / 2 */
		v->kind = EXPR_QUAD;
		mpq_set_ui(v->q, 1, 2);
		mpq_set_ui(v->r, 1, 2);
		mpz_set_ui(v->d, 5);
		return 0;
	case EXPR_PI:
		v->kind = EXPR_REAL;
		set_prec(v, ev->prec);
		mpfr_const_pi(v->lo, MPFR_RNDD);
		mpfr_const_pi(v->hi, MPFR_RNDU);
		return 0;
	case EXPR_E:
		v->kind = EXPR_REAL;
		set_prec(v, ev->prec);
		mpfr_set_ui(v->lo, 1, MPFR_RNDN);
		mpfr_exp(v->lo, v->lo, MPFR_RNDD);
		mpfr_set_ui(v->hi, 1, MPFR_RNDN);
		mpfr_exp(v->hi, v->hi, MPFR_RNDU);
		return 0;
	case EXPR_NAME:
		t = ev->look ? ev->look(ev->ctx, n->name) : NULL;
		if (!t)
			return node_err(ev, n, CFX_ESYNTAX, "unknown name");
		if (ev->depth > 200)
			return node_err(ev, n, CFX_ELIMIT,
			                "names refer to each other too deeply");
		{
			env sub = *ev;
			sub.src = t->src;
			sub.depth++;
			rc = eval(&sub, t->root, v);
			if (rc < 0 && ev->err && ev->err->col >= 0) {
				/* point at the name the user typed, and name
				 * it: its text is not on the user's line */
				ev->err->col = n->col;
				cfx_escape(ev->err->token, sizeof ev->err->token,
				           ev->src + n->col, n->len);
			}
			return rc;
		}
	case EXPR_NEG:
		if (eval(ev, n->a, v) < 0)
			return -1;
		if (v->kind == EXPR_REAL) {
			mpfr_neg(v->lo, v->lo, MPFR_RNDD);
			mpfr_neg(v->hi, v->hi, MPFR_RNDU);
			mpfr_swap(v->lo, v->hi);
		} else {
			mpq_neg(v->q, v->q);
			mpq_neg(v->r, v->r);
		}
		return 0;
	case EXPR_GOLDEN: case EXPR_NEXTPRIME: case EXPR_PREVPRIME: case EXPR_SQRT:
		if (eval(ev, n->a, v) < 0)
			return -1;
		return call(ev, n, v);
	case EXPR_NOT:
		if (eval(ev, n->a, v) < 0)
			return -1;
		return do_not(ev, n, v);
	default:
		break;
	}
	if (eval(ev, n->a, v) < 0)
		return -1;
	expr_value_init(&b, ev->prec);
	rc = eval(ev, n->b, &b);
	if (rc == 0)
		rc = binop(ev, n, v, &b);
	expr_value_clear(&b);
	return rc;
}

int expr_eval_budget(const expr_tree *t, expr_lookup look, void *ctx,
                     mpfr_prec_t prec, unsigned long bits, expr_budget *b,
                     expr_value *v, cfx_err *err)
{
	budget cost = { 0, 0, NULL, NULL };
	env ev = { .look = look, .ctx = ctx, .prec = prec, .bits = bits,
	           .src = t->src, .err = err, .cost = b ? b : &cost };

	cfx_err_clear(err);
	return eval(&ev, t->root, v);
}

double expr_cost(const expr_tree *t, unsigned long bits)
{
	budget cost = { 0, 0, NULL, NULL };
	env ev = { .prec = 64, .bits = bits, .src = t->src, .cost = &cost,
	           .estimate = 1 };
	expr_value v;
	cfx_err e;

	ev.err = &e;
	expr_value_init(&v, 64);
	eval(&ev, t->root, &v);
	expr_value_clear(&v);
	return cost.used;
}

int expr_eval_word(const expr_tree *t, expr_lookup look, void *ctx,
                   mpfr_prec_t prec, unsigned long bits, expr_value *v,
                   cfx_err *err)
{
	return expr_eval_budget(t, look, ctx, prec, bits, NULL, v, err);
}

int expr_eval(const expr_tree *t, expr_lookup look, void *ctx, mpfr_prec_t prec,
            expr_value *v, cfx_err *err)
{
	return expr_eval_word(t, look, ctx, prec, 0, v, err);
}

int expr_eval_int(const expr_tree *t, expr_lookup look, void *ctx, mpz_t z,
                cfx_err *err)
{
	return expr_eval_int_word(t, look, ctx, 0, z, err);
}

int expr_eval_int_word(const expr_tree *t, expr_lookup look, void *ctx,
                       unsigned long bits, mpz_t z, cfx_err *err)
{
	expr_value v;
	int rc;

	expr_value_init(&v, 64);
	rc = expr_eval_word(t, look, ctx, 64, bits, &v, err);
	if (rc == 0 && (v.kind != EXPR_RAT ||
	                mpz_cmp_ui(mpq_denref(v.q), 1) != 0)) {
		rc = cfx_err_set(err, CFX_EDOMAIN, 0, t->src,
		                 v.kind == EXPR_RAT ? "not an integer"
		                 : "not an integer (irrational)");
	}
	if (rc == 0)
		mpz_set(z, mpq_numref(v.q));
	expr_value_clear(&v);
	return rc;
}

int expr_eval_text_int(const char *src, mpz_t z, cfx_err *err)
{
	expr_tree *t = expr_parse(src, err);
	int rc;

	if (!t)
		return -1;
	rc = expr_eval_int(t, NULL, NULL, z, err);
	expr_free(t);
	return rc;
}
