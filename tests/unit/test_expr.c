/*
 * test_expr.c - the expression language (expr.h).
 *
 * Oracles written here: GMP values of literals printed by gmp_snprintf;
 * an exact rational evaluator for random expression trees printed with
 * the fewest parentheses the documented grammar allows; golden(N) from an
 * MPFR interval computation of 2^N/phi; primes by a sieve and by a
 * deterministic Miller-Rabin written here; Fibonacci and Pell recurrences
 * for powers of phi and 1 + sqrt 2; quadratic arithmetic done by hand;
 * MPFR values at much higher precision for the intervals.
 */
#include <math.h>
#include <stdio.h>
#include <sys/resource.h>
#include <gmp.h>
#include <mpfr.h>

#include "cfx/expr.h"
#include "testutil.h"

/* Whether evaluating t takes interval arithmetic (the value's kind). */
static int expr_is_real(const expr_tree *t, expr_lookup look, void *ctx)
{
	expr_value v;
	cfx_err e;
	int real;

	expr_value_init(&v, 64);
	real = expr_eval(t, look, ctx, 64, &v, &e) == 0 && v.kind == EXPR_REAL;
	expr_value_clear(&v);
	return real;
}


/* ---- helpers ------------------------------------------------------------- */

/* evaluate src; returns rc, value in v (initialised by the caller) */
static int eval_src(const char *src, mpfr_prec_t prec, expr_value *v, cfx_err *e)
{
	expr_tree *t = expr_parse(src, e);
	int rc;

	if (!t)
		return -1;
	rc = expr_eval(t, NULL, NULL, prec, v, e);
	expr_free(t);
	return rc;
}

static void expect_rat(const char *src, const char *want)
{
	expr_value v;
	cfx_err e;
	mpq_t w;

	mpq_init(w);
	cr_assert_eq(mpq_set_str(w, want, 10), 0, "bad oracle %s", want);
	mpq_canonicalize(w);
	expr_value_init(&v, 64);
	CHECK(eval_src(src, 64, &v, &e) == 0, "\"%s\": %s (%s)", src, e.msg, e.token);
	CHECK(v.kind == EXPR_RAT, "\"%s\": kind %d, want a rational", src, v.kind);
	CHECK(mpq_equal(v.q, w), "\"%s\" = %s, want %s", src, mpq_get_str(NULL, 10, v.q), want);
	expr_value_clear(&v);
	mpq_clear(w);
}

#define DONT_CARE (-2)

static void expect_err(const char *src, enum cfx_code code, int col, const char *token)
{
	expr_value v;
	cfx_err e;
	int rc;

	expr_value_init(&v, 64);
	memset(&e, 0, sizeof e);
	rc = eval_src(src, 64, &v, &e);
	CHECK(rc == -1, "\"%s\" was accepted", src);
	CHECK(e.code == code, "\"%s\": code %d, want %d (%s)", src, e.code, code, e.msg);
	CHECK(e.msg[0], "\"%s\": no message", src);
	if (col != DONT_CARE)
		CHECK(e.col == col, "\"%s\": column %d, want %d (%s)", src, e.col, col, e.msg);
	if (token)
		CHECK(!strcmp(e.token, token), "\"%s\": token \"%s\", want \"%s\"", src,
		      e.token, token);
	/* the token is what the source holds at the column */
	if (e.col >= 0 && e.token[0] && strcmp(e.token, "''"))
		CHECK(!strncmp(src + e.col, e.token, strlen(e.token)),
		      "\"%s\": token \"%s\" is not at column %d", src, e.token, e.col);
	expr_value_clear(&v);
}

/* ---- literals -------------------------------------------------------------- */

Test(expr, literals)
{
	expect_rat("0", "0");
	expect_rat("42", "42");
	expect_rat("007", "7");
	expect_rat("0x1F", "31");
	expect_rat("0XfF", "255");
	expect_rat("0b1011", "11");
	expect_rat("0B11", "3");
	expect_rat("1_000_000", "1000000");
	expect_rat("0xdead_beef", "3735928559");
	expect_rat("0b1_0_1", "5");
	expect_rat("12_34", "1234");
	expect_rat("  \t 12 \t", "12");
	expect_rat("18446744073709551616", "18446744073709551616");
	expect_rat("0x1_0000_0000_0000_0000", "18446744073709551616");
}

Test(expr, literal_errors)
{
	expect_err("0x", CFX_ESYNTAX, 0, "0x");
	expect_err("0b", CFX_ESYNTAX, 0, "0b");
	expect_err("1__0", CFX_ESYNTAX, 0, "1__0");
	expect_err("3 + 1__0", CFX_ESYNTAX, 4, "1__0");
	expect_err("1_", CFX_ESYNTAX, 0, "1_");
	expect_err("0x_1", CFX_ESYNTAX, 0, "0x_1");
	expect_err("0b_1", CFX_ESYNTAX, 0, "0b_1");
	expect_err("0x1_", CFX_ESYNTAX, 0, "0x1_");
	expect_err("0b102", CFX_ESYNTAX, 0, "0b102");
	expect_err("0xfg", CFX_ESYNTAX, 0, "0xfg");
	expect_err("12a", CFX_ESYNTAX, 0, "12a");
	/* no exponents: the error names the exponent (issue 24), its sign too
	 * where the lexer left it out of the literal */
	expect_err("1e5", CFX_ESYNTAX, 1, "e5");
	expect_err("2 * 1.5e-3", CFX_ESYNTAX, 7, "e-3");
	expect_err("1e", CFX_ESYNTAX, 0, "1e");
	expect_err("2 * 0b2", CFX_ESYNTAX, 4, "0b2");
	expect_err("2.", CFX_ESYNTAX, 1, ".");
	expect_err(".5", CFX_ESYNTAX, 0, ".");
	expect_err("1.2.3", CFX_ESYNTAX, 3, ".");
	expect_err("0x1.8", CFX_ESYNTAX, 0, "0x1.8");
	expect_err("0b1.1", CFX_ESYNTAX, 0, "0b1.1");
	expect_err("1_.5", CFX_ESYNTAX, 0, "1_.5");
	expect_err("1.5e3", CFX_ESYNTAX, 3, "e3");
}

/* A decimal fraction is the exact quotient: digits / 10^(digits after
 * the point), the value worked by hand. */
Test(expr, decimal_fractions)
{
	expect_rat("0.7", "7/10");
	expect_rat("2.5", "5/2");
	expect_rat("0.618_034", "309017/500000");
	expect_rat("3.0", "3");
	expect_rat("00.125", "1/8");
	expect_rat("-0.5 + 1", "1/2");
	expect_rat("0.1 + 0.2", "3/10");
	expect_rat("1.5^2", "9/4");
	expect_rat("2^0.0 * 3", "3");
	expect_rat("0.000000000000000000001", "1/1000000000000000000000");
}

/* random integers printed in the three bases with random separators */
Test(expr, literal_round_trip)
{
	gmp_randstate_t gr;
	trng rg = { 3 };
	mpz_t x, y;
	int t;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 3);
	mpz_inits(x, y, NULL);
	for (t = 0; t < 3000; t++) {
		static const int bases[] = { 10, 16, 2 };
		int base = bases[t % 3];
		char *digits, *src, *p;
		size_t i, n;
		cfx_err e;

		mpz_urandomb(x, gr, 1 + trng_below(&rg, 3000));
		digits = mpz_get_str(NULL, base, x);
		n = strlen(digits);
		src = malloc(2 * n + 8);
		p = src;
		if (base == 16)
			p += sprintf(p, trng_below(&rg, 2) ? "0x" : "0X");
		if (base == 2)
			p += sprintf(p, trng_below(&rg, 2) ? "0b" : "0B");
		for (i = 0; i < n; i++) {
			char c = digits[i];
			if (base == 16 && trng_below(&rg, 2))
				c = (char)(c >= 'a' ? c - 'a' + 'A' : c);
			*p++ = c;
			if (i + 1 < n && trng_below(&rg, 5) == 0)
				*p++ = '_';
		}
		*p = '\0';
		CHECK(expr_eval_text_int(src, y, &e) == 0, "\"%.60s\": %s", src, e.msg);
		CHECK(mpz_cmp(x, y) == 0, "\"%.60s\" read wrong", src);
		free(digits);
		free(src);
	}
	mpz_clears(x, y, NULL);
	gmp_randclear(gr);
}

/* ---- precedence ------------------------------------------------------------ */

Test(expr, precedence_and_associativity)
{
	expect_rat("-2^2", "-4");
	expect_rat("2^3^2", "512");
	expect_rat("2^-1", "1/2");
	expect_rat("2**3**2", "512");
	expect_rat("2 ** -2", "1/4");
	expect_rat("-2**2", "-4");
	expect_rat("(-2)^2", "4");
	expect_rat("(-2)^3", "-8");
	expect_rat("2^-2^2", "1/16");        /* 2^(-(2^2)) */
	expect_rat("-3^-2", "-1/9");
	expect_rat("2*3+4", "10");
	expect_rat("2+3*4", "14");
	expect_rat("10-3-2", "5");
	expect_rat("100/10/5", "2");
	expect_rat("7/2*2", "7");
	expect_rat("2*3^2", "18");
	expect_rat("--2", "2");
	expect_rat("+-+2", "-2");
	expect_rat("2*-3", "-6");
	expect_rat("2--3", "5");
	expect_rat("2^+3", "8");
	expect_rat("-2*3", "-6");
	expect_rat("(1+2)*(3+4)", "21");
	expect_rat("1/3+1/6", "1/2");
	expect_rat("6/4", "3/2");
	expect_rat("-7/14", "-1/2");
	expect_rat("0^0", "1");
	expect_rat("(2/3)^-3", "27/8");
	expect_rat("((((((7))))))", "7");
	expect_rat("2 ^\t10", "1024");
}

/* random trees, printed with minimal parentheses, against mpq */
typedef struct node {
	int op;                   /* 'n', '~' (negate), + - * / ^ */
	mpz_t v;
	struct node *a, *b;
} node;

static node *gen(trng *r, int depth)
{
	node *n = calloc(1, sizeof *n);
	unsigned k = depth <= 0 ? 0 : (unsigned)trng_below(r, 10);

	mpz_init(n->v);
	if (k <= 2) {
		n->op = 'n';
		if (trng_below(r, 8) == 0) {
			mpz_set_ui(n->v, trng_next(r));
			mpz_mul_2exp(n->v, n->v, trng_below(r, 80));
			mpz_add_ui(n->v, n->v, trng_next(r));
		} else {
			mpz_set_ui(n->v, trng_below(r, 20));
		}
	} else if (k == 3) {
		n->op = '~';
		n->a = gen(r, depth - 1);
	} else if (k == 9) {
		n->op = '^';
		n->a = gen(r, depth - 2);
		/* integer exponents: a literal, maybe negated */
		n->b = calloc(1, sizeof *n->b);
		mpz_init_set_ui(n->b->v, trng_below(r, 5));
		n->b->op = 'n';
		if (trng_below(r, 3) == 0) {
			node *neg = calloc(1, sizeof *neg);
			mpz_init(neg->v);
			neg->op = '~';
			neg->a = n->b;
			n->b = neg;
		}
	} else {
		n->op = "+-*/+-"[k - 4];
		n->a = gen(r, depth - 1);
		n->b = gen(r, depth - 1);
	}
	return n;
}

static void free_tree(node *n)
{
	if (!n)
		return;
	free_tree(n->a);
	free_tree(n->b);
	mpz_clear(n->v);
	free(n);
}

/* exact value; 0 if undefined (division by zero) */
static int value(const node *n, mpq_t out)
{
	mpq_t b;
	int ok = 1;

	switch (n->op) {
	case 'n':
		mpq_set_z(out, n->v);
		return 1;
	case '~':
		if (!value(n->a, out))
			return 0;
		mpq_neg(out, out);
		return 1;
	}
	mpq_init(b);
	if (!value(n->a, out) || !value(n->b, b)) {
		mpq_clear(b);
		return 0;
	}
	switch (n->op) {
	case '+': mpq_add(out, out, b); break;
	case '-': mpq_sub(out, out, b); break;
	case '*': mpq_mul(out, out, b); break;
	case '/':
		if (mpq_sgn(b) == 0)
			ok = 0;
		else
			mpq_div(out, out, b);
		break;
	case '^': {
		long e = mpz_get_si(mpq_numref(b));
		mpq_t acc;
		long i;
		mpq_init(acc);
		mpq_set_ui(acc, 1, 1);
		for (i = 0; i < labs(e); i++)
			mpq_mul(acc, acc, out);
		if (e < 0) {
			if (mpq_sgn(acc) == 0)
				ok = 0;
			else
				mpq_inv(acc, acc);
		}
		mpq_set(out, acc);
		mpq_clear(acc);
		break;
	}
	}
	mpq_clear(b);
	return ok;
}

static int prec_of(const node *n)
{
	switch (n->op) {
	case '+': case '-': return 1;
	case '*': case '/': return 2;
	case '~': return 3;
	case '^': return 4;
	default: return 5;
	}
}

static void emit(const node *n, int need, trng *r, char **p)
{
	int paren = prec_of(n) < need;
	const char *sp = trng_below(r, 4) == 0 ? " " : "";

	if (paren)
		*(*p)++ = '(';
	switch (n->op) {
	case 'n': {
		int style = (int)trng_below(r, 3);
		if (style == 1)
			*p += gmp_sprintf(*p, "0x%Zx", n->v);
		else if (style == 2) {
			char *b = mpz_get_str(NULL, 2, n->v);
			*p += sprintf(*p, "0b%s", b);
			free(b);
		} else
			*p += gmp_sprintf(*p, "%Zd", n->v);
		break;
	}
	case '~':
		*p += sprintf(*p, "-%s", sp);
		emit(n->a, 3, r, p);
		break;
	case '^':
		emit(n->a, 5, r, p);
		*p += sprintf(*p, "%s%s%s", sp, trng_below(r, 2) ? "^" : "**", sp);
		emit(n->b, 3, r, p);
		break;
	default:
		emit(n->a, prec_of(n), r, p);
		*p += sprintf(*p, "%s%c%s", sp, n->op, sp);
		emit(n->b, prec_of(n) + 1, r, p);
		break;
	}
	if (paren)
		*(*p)++ = ')';
	**p = '\0';
}

Test(expr, random_trees_vs_exact_rationals, .timeout = 60)
{
	trng r = { 12345 };
	char *buf = malloc(1 << 20);
	int t, tested = 0;
	mpq_t want;

	mpq_init(want);
	for (t = 0; t < 20000; t++) {
		node *n = gen(&r, 1 + (int)trng_below(&r, 7));
		char *p = buf;
		expr_value v;
		cfx_err e;
		int ok = value(n, want);

		emit(n, 0, &r, &p);
		expr_value_init(&v, 64);
		if (ok) {
			CHECK(eval_src(buf, 64, &v, &e) == 0, "\"%s\": %s", buf, e.msg);
			CHECK(v.kind == EXPR_RAT && mpq_equal(v.q, want), "\"%s\" = %s, want %s", buf,
			      mpq_get_str(NULL, 10, v.q), mpq_get_str(NULL, 10, want));
			tested++;
		} else {
			CHECK(eval_src(buf, 64, &v, &e) == -1 && e.code == CFX_EZERODIV,
			      "\"%s\": division by zero not reported (code %d)", buf, e.code);
		}
		expr_value_clear(&v);
		free_tree(n);
	}
	cr_assert(tested > 15000, "only %d defined expressions", tested);
	mpq_clear(want);
	free(buf);
}

/* ---- functions ------------------------------------------------------------- */

/* round(2^N/phi) from an MPFR interval; raises the precision until the
 * rounding is decided */
static void golden_oracle(unsigned long N, mpz_t z)
{
	mpfr_prec_t prec = (mpfr_prec_t)N + 128;
	mpfr_t lo, hi;
	mpz_t zl, zh;

	mpz_inits(zl, zh, NULL);
	for (;;) {
		mpfr_inits2(prec, lo, hi, (mpfr_ptr)0);
		/* 2^N / phi = 2^(N-1) (sqrt 5 - 1) */
		mpfr_sqrt_ui(lo, 5, MPFR_RNDD);
		mpfr_sqrt_ui(hi, 5, MPFR_RNDU);
		mpfr_sub_ui(lo, lo, 1, MPFR_RNDD);
		mpfr_sub_ui(hi, hi, 1, MPFR_RNDU);
		mpfr_mul_2si(lo, lo, (long)N - 1, MPFR_RNDD);
		mpfr_mul_2si(hi, hi, (long)N - 1, MPFR_RNDU);
		mpfr_get_z(zl, lo, MPFR_RNDN);
		mpfr_get_z(zh, hi, MPFR_RNDN);
		mpfr_clears(lo, hi, (mpfr_ptr)0);
		if (mpz_cmp(zl, zh) == 0)
			break;
		prec *= 2;
	}
	mpz_set(z, zl);
	mpz_clears(zl, zh, NULL);
}

Test(expr, golden_vs_mpfr)
{
	mpz_t a, b;
	unsigned long N;
	char src[64];
	cfx_err e;

	mpz_inits(a, b, NULL);
	for (N = 0; N <= 300; N++) {
		golden_oracle(N, b);
		expr_golden(a, N);
		CHECK(mpz_cmp(a, b) == 0, "golden(%lu) differs from MPFR", N);
		snprintf(src, sizeof src, "golden(%lu)", N);
		CHECK(expr_eval_text_int(src, a, &e) == 0 && mpz_cmp(a, b) == 0, "%s", src);
	}
	for (N = 301; N < 20000; N = N * 3 / 2 + 7) {
		golden_oracle(N, b);
		expr_golden(a, N);
		CHECK(mpz_cmp(a, b) == 0, "golden(%lu) differs from MPFR", N);
	}
	/* the published constants: Knuth's 0x9E3779B9 and the Linux
	 * 0x61C88647; 2^64/phi = 11400714819323198485.95..., so golden(64) is
	 * the even 0x...7C16, one above the usual odd 0x9E3779B97F4A7C15 */
	cr_assert_eq(expr_eval_text_int("golden(32)", a, &e), 0);
	cr_assert(mpz_cmp_ui(a, 0x9E3779B9u) == 0);
	cr_assert_eq(expr_eval_text_int("golden(64) - 0x9E3779B97F4A7C16", a, &e), 0);
	cr_assert_eq(mpz_sgn(a), 0);
	cr_assert_eq(expr_eval_text_int("2^32 - golden(32)", a, &e), 0);
	cr_assert(mpz_cmp_ui(a, 0x61C88647u) == 0);
	/* the largest N allowed */
	cr_assert_eq(expr_eval_text_int("golden(2^20)", a, &e), 0, "%s", e.msg);
	cr_assert_eq(mpz_sizeinbase(a, 2), 1u << 20);
	expect_err("golden(2^20 + 1)", CFX_EDOMAIN, DONT_CARE, NULL);
	expect_err("golden(-1)", CFX_EDOMAIN, 7, NULL);
	expect_err("golden(1/2)", CFX_EDOMAIN, DONT_CARE, NULL);
	expect_err("golden(pi)", CFX_EDOMAIN, 7, "pi");
	mpz_clears(a, b, NULL);
}

/* deterministic Miller-Rabin with the first 13 prime bases: exact below
 * 3.3e24 (Sorenson and Webster) */
static int mr_prime(const mpz_t n)
{
	static const unsigned long bases[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41 };
	mpz_t d, x, nm1;
	unsigned long s = 0;
	size_t i;
	int prime = 1;

	if (mpz_cmp_ui(n, 2) < 0)
		return 0;
	for (i = 0; i < 13; i++) {
		if (mpz_cmp_ui(n, bases[i]) == 0)
			return 1;
		if (mpz_divisible_ui_p(n, bases[i]))
			return 0;
	}
	mpz_inits(d, x, nm1, NULL);
	mpz_sub_ui(nm1, n, 1);
	mpz_set(d, nm1);
	while (mpz_even_p(d)) {
		mpz_fdiv_q_2exp(d, d, 1);
		s++;
	}
	for (i = 0; i < 13 && prime; i++) {
		unsigned long j;
		mpz_set_ui(x, bases[i]);
		mpz_powm(x, x, d, n);
		if (mpz_cmp_ui(x, 1) == 0 || mpz_cmp(x, nm1) == 0)
			continue;
		for (j = 1; j < s; j++) {
			mpz_powm_ui(x, x, 2, n);
			if (mpz_cmp(x, nm1) == 0)
				break;
		}
		if (j >= s)
			prime = 0;
	}
	mpz_clears(d, x, nm1, NULL);
	return prime;
}

Test(expr, primes_below_1e5_vs_sieve)
{
	enum { N = 100200 };
	static char comp[N];
	long x, i, j, next, prev;
	mpz_t z, r;
	char src[64];
	cfx_err e;

	comp[0] = comp[1] = 1;
	for (i = 2; i * i < N; i++)
		if (!comp[i])
			for (j = i * i; j < N; j += i)
				comp[j] = 1;
	mpz_inits(z, r, NULL);
	for (x = -5; x < 100000; x++) {
		int has_prev;

		for (next = x + 1; next < 2 || comp[next]; next++)
			;
		for (prev = x - 1; prev >= 2 && comp[prev]; prev--)
			;
		mpz_set_si(z, x);
		expr_nextprime(r, z);
		CHECK(mpz_cmp_si(r, next) == 0, "nextprime(%ld) = %ld, want %ld", x,
		      mpz_get_si(r), next);
		mpz_set_ui(r, 12345);
		has_prev = expr_prevprime(r, z);
		CHECK(has_prev == (prev >= 2), "prevprime(%ld): found %d", x, has_prev);
		if (prev >= 2)
			CHECK(mpz_cmp_si(r, prev) == 0, "prevprime(%ld) = %ld, want %ld", x,
			      mpz_get_si(r), prev);
		if (x >= 0)
			CHECK(expr_isprime(z) == (comp[x] ? 0 : 2), "isprime(%ld) = %d", x,
			      expr_isprime(z));
		if (x % 997 == 0) {
			snprintf(src, sizeof src, "nextprime(%ld)", x);
			CHECK(expr_eval_text_int(src, r, &e) == 0 && mpz_cmp_si(r, next) == 0, "%s", src);
			snprintf(src, sizeof src, "prevprime(%ld)", x);
			if (prev >= 2)
				CHECK(expr_eval_text_int(src, r, &e) == 0 && mpz_cmp_si(r, prev) == 0, "%s", src);
			else
				CHECK(expr_eval_text_int(src, r, &e) == -1 && e.code == CFX_EDOMAIN, "%s", src);
		}
	}
	expect_err("prevprime(2)", CFX_EDOMAIN, 10, "2");
	/* arguments are limited to EXPR_PRIME_MAX_BITS bits */
	{
		char big[64];
		snprintf(big, sizeof big, "nextprime(2^%d)", EXPR_PRIME_MAX_BITS);
		expect_err(big, CFX_ELIMIT, DONT_CARE, NULL);
		snprintf(big, sizeof big, "prevprime(2^%d + 1)", EXPR_PRIME_MAX_BITS);
		expect_err(big, CFX_ELIMIT, DONT_CARE, NULL);
		/* a 1000-bit argument is fine, and the answer is a prime above */
		cr_assert_eq(expr_eval_text_int("nextprime(2^999) - 2^999", r, &e), 0, "%s", e.msg);
		cr_assert(mpz_sgn(r) > 0 && mpz_cmp_ui(r, 100000) < 0);
		cr_assert_eq(expr_eval_text_int("nextprime(2^999)", z, &e), 0);
		cr_assert(mpz_probab_prime_p(z, 30) > 0);
	}
	expect_err("nextprime(1/2)", CFX_EDOMAIN, DONT_CARE, NULL);
	expect_err("nextprime(pi)", CFX_EDOMAIN, 10, "pi");
	mpz_clears(z, r, NULL);
}

/* expr_factor against a plain division loop below 20000, and against
 * products of primes GMP's mpz_nextprime picks (near 2^20, 2^31, 2^32,
 * some cubed); a product rho cannot split within its budget, or more
 * factors than f holds, is -1. */
Test(expr, factor_vs_division_and_built_products)
{
	mpz_t f[64], z, q;
	unsigned long n, d, m, want[64];
	int k, nf, nw, i;
	static const unsigned long starts[] = { 1000003, 1UL << 20,
		(1UL << 31) + 12345, (1UL << 32) - 99999 };

	for (k = 0; k < 64; k++)
		mpz_init(f[k]);
	mpz_inits(z, q, NULL);
	for (n = 2; n < 20000; n++) {
		for (nw = 0, m = n, d = 2; m > 1; d++)
			while (m % d == 0)
				want[nw++] = d, m /= d;
		mpz_set_ui(z, n);
		nf = expr_factor(z, f, 64, EXPR_FACTOR_BUDGET);
		cr_assert_eq(nf, nw, "factor(%lu): %d factors, want %d", n, nf, nw);
		for (i = 0; i < nf; i++)
			cr_assert(mpz_cmp_ui(f[i], want[i]) == 0, "factor(%lu)[%d]", n, i);
	}
	for (k = 0; k < 16; k++) {
		mpz_t p1, p2;
		mpz_inits(p1, p2, NULL);
		mpz_set_ui(p1, starts[k % 4] + (unsigned long)k * 1000);
		mpz_nextprime(p1, p1);
		mpz_set_ui(p2, starts[(k + 1) % 4] + (unsigned long)k * 77);
		mpz_nextprime(p2, p2);
		mpz_mul(z, p1, p2);
		if (k % 3 == 0)
			mpz_mul_ui(z, z, 101UL * 101 * 101);
		nf = expr_factor(z, f, 64, EXPR_FACTOR_BUDGET);
		cr_assert_eq(nf, k % 3 == 0 ? 5 : 2, "product %d: %d factors", k, nf);
		for (mpz_set_ui(q, 1), i = 0; i < nf; i++) {
			cr_assert(mpz_probab_prime_p(f[i], 30), "product %d: a composite", k);
			cr_assert(i == 0 || mpz_cmp(f[i - 1], f[i]) <= 0, "not ascending");
			mpz_mul(q, q, f[i]);
		}
		cr_assert(mpz_cmp(q, z) == 0, "product %d: factors multiply back", k);
		mpz_clears(p1, p2, NULL);
	}
	/* two 100-bit primes: no split in 2000 steps */
	mpz_ui_pow_ui(z, 2, 100);
	mpz_nextprime(q, z);
	mpz_add_ui(z, q, 1000);
	mpz_nextprime(z, z);
	mpz_mul(z, z, q);
	cr_assert_eq(expr_factor(z, f, 64, 2000), -1, "a budget of 2000 steps");
	mpz_set_ui(z, 1024);
	cr_assert_eq(expr_factor(z, f, 4, EXPR_FACTOR_BUDGET), -1, "f holds 4");
	for (k = 0; k < 64; k++)
		mpz_clear(f[k]);
	mpz_clears(z, q, NULL);
}

Test(expr, primes_near_2_to_64)
{
	trng rg = { 64 };
	mpz_t x, p, m;
	int t;
	cfx_err e;

	mpz_inits(x, p, m, NULL);
	for (t = 0; t < 60; t++) {
		/* x in [2^63, 2^64 + 2^20) */
		mpz_set_ui(x, trng_next(&rg) | (uint64_t)1 << 63);
		if (t % 4 == 0) {
			mpz_set_ui(x, 0);
			mpz_setbit(x, 64);
			mpz_add_ui(x, x, trng_below(&rg, 1u << 20));
			mpz_sub_ui(x, x, t % 8 ? 0 : 1u << 19);
		}
		expr_nextprime(p, x);
		CHECK(mpz_cmp(p, x) > 0 && mr_prime(p), "nextprime not a prime above x");
		for (mpz_add_ui(m, x, 1); mpz_cmp(m, p) < 0; mpz_add_ui(m, m, 1))
			CHECK(!mr_prime(m), "nextprime skipped a prime");
		cr_assert_eq(expr_prevprime(p, x), 1);
		CHECK(mpz_cmp(p, x) < 0 && mr_prime(p), "prevprime not a prime below x");
		for (mpz_add_ui(m, p, 1); mpz_cmp(m, x) < 0; mpz_add_ui(m, m, 1))
			CHECK(!mr_prime(m), "prevprime skipped a prime");
		CHECK(expr_isprime(p) == (mpz_sizeinbase(p, 2) <= 64 ? 2 : 1), "isprime level");
	}
	/* the largest 64-bit prime and the smallest above 2^64 */
	cr_assert_eq(expr_eval_text_int("prevprime(2^64) - (2^64 - 59)", x, &e), 0);
	cr_assert_eq(mpz_sgn(x), 0);
	cr_assert_eq(expr_eval_text_int("nextprime(2^64 - 59) - (2^64 + 13)", x, &e), 0);
	cr_assert_eq(mpz_sgn(x), 0);
	/* isprime levels: proven below 2^64, probable above, 0 for composites */
	cr_assert_eq(expr_eval_text_int("2^61 - 1", x, &e), 0);
	cr_assert_eq(expr_isprime(x), 2);
	cr_assert_eq(expr_eval_text_int("2^89 - 1", x, &e), 0);
	cr_assert_eq(expr_isprime(x), 1);
	cr_assert_eq(expr_eval_text_int("2^64 + 1", x, &e), 0);     /* 274177 * 67280421310721 */
	cr_assert_eq(expr_isprime(x), 0);
	cr_assert_eq(expr_eval_text_int("274177 * 67280421310721", x, &e), 0);
	cr_assert_eq(expr_isprime(x), 0);
	mpz_clears(x, p, m, NULL);
}

/* ---- errors ------------------------------------------------------------------ */

Test(expr, syntax_errors_name_token_and_column)
{
	expect_err("2 + * 3", CFX_ESYNTAX, 4, "*");
	expect_err("2 * * 3", CFX_ESYNTAX, 4, "*");
	expect_err("2***3", CFX_ESYNTAX, 3, "*");
	expect_err("foo(3)", CFX_ESYNTAX, 0, "foo");
	expect_err("2 * foo(3)", CFX_ESYNTAX, 4, "foo");
	expect_err("(1+2", CFX_ESYNTAX, 0, "(");
	expect_err("2*(1+2", CFX_ESYNTAX, 2, "(");
	expect_err("1 + 2)", CFX_ESYNTAX, 5, ")");
	expect_err("2 3", CFX_ESYNTAX, 2, "3");
	expect_err("(1 2)", CFX_ESYNTAX, 3, "2");
	expect_err("sqrt(2 3)", CFX_ESYNTAX, 7, "3");
	expect_err("sqrt()", CFX_ESYNTAX, 0, "sqrt");
	expect_err("sqrt(2, 3)", CFX_ESYNTAX, 0, "sqrt");
	expect_err("sqrt 2", CFX_ESYNTAX, 0, "sqrt");
	expect_err("golden", CFX_ESYNTAX, 0, "golden");
	expect_err("2 + \xc3\xa9", CFX_ESYNTAX, 4, "\xc3\xa9");            /* é */
	expect_err("\xcf\x80 + 1", CFX_ESYNTAX, 0, "\xcf\x80");            /* π */
	expect_err("2 + 3\xe2\x82\xac", CFX_ESYNTAX, 5, "\xe2\x82\xac");   /* € */
	expect_err("2 $ 3", CFX_ESYNTAX, 2, "$");
	expect_err("2, 3", CFX_ESYNTAX, 1, ",");
	expect_err("", CFX_ESYNTAX, 0, NULL);
	expect_err("   ", CFX_ESYNTAX, DONT_CARE, NULL);
	expect_err("foo", CFX_ESYNTAX, 0, "foo");                /* unknown name */
	expect_err("1 + bar * 2", CFX_ESYNTAX, 4, "bar");
}

/* At the end of input the error names the last token, at its column. */
Test(expr, end_of_input_names_last_token)
{
	expect_err("2 +", CFX_ESYNTAX, 2, "+");
	expect_err("2^", CFX_ESYNTAX, 1, "^");
	expect_err("(", CFX_ESYNTAX, 0, "(");
	expect_err("-", CFX_ESYNTAX, 0, "-");
	expect_err("2 * (", CFX_ESYNTAX, 4, "(");
	expect_err("sqrt(", CFX_ESYNTAX, 4, "(");
}

/* An evaluation error names what is wrong in the text the user typed:
 * the divisor that is 0 (not the "/"), the negative argument of sqrt
 * (not "sqrt"), the whole power whose result is too large, the base of
 * unknown sign; the columns and tokens below are read off the sources by
 * hand.  A name's error names the name: its text is not on the line. */
Test(expr, evaluation_errors)
{
	expect_err("1/0", CFX_EZERODIV, 2, "0");
	expect_err("5 + 1/(2-2)", CFX_EZERODIV, 7, "2-2");
	expect_err("7 % (3-3)", CFX_EZERODIV, 5, "3-3");
	expect_err("0^-1", CFX_EZERODIV, 0, "0^-1");
	expect_err("1 + (1-1)^-(2)", CFX_EZERODIV, 4, "(1-1)^-(2)");
	expect_err("phi/(phi-phi)", CFX_EZERODIV, 5, "phi-phi");
	expect_err("2^(2^40)", CFX_ELIMIT, 0, "2^(2^40)");
	expect_err("3 * 2^(2^21)", CFX_ELIMIT, 4, "2^(2^21)");
	expect_err("2^(2^70)", CFX_ELIMIT, 3, "2^70");
	expect_err("sqrt(-2)", CFX_EDOMAIN, 5, "-2");
	expect_err("1 + sqrt(2 - 7)", CFX_EDOMAIN, 9, "2 - 7");
	expect_err("sqrt(-pi)", CFX_EDOMAIN, 5, "-pi");
	expect_err("1/(pi-pi)", CFX_ELIMIT, 3, "pi-pi");
	expect_err("sqrt(pi-pi)", CFX_ELIMIT, 5, "pi-pi");
	expect_err("(pi-pi)^-1", CFX_ELIMIT, 1, "pi-pi");
	expect_err("pi^(2^17)", CFX_ELIMIT, 4, "2^17");
}

/* a non-integer exponent is either refused (EDOMAIN) or evaluated right */
static void loose_power(const char *src, double want)
{
	expr_value v;
	cfx_err e;

	expr_value_init(&v, 64);
	if (eval_src(src, 64, &v, &e) == 0) {
		cr_assert(v.kind == EXPR_REAL && mpfr_cmp_d(v.lo, want * (1 + 1e-12)) <= 0 &&
		          mpfr_cmp_d(v.hi, want * (1 - 1e-12)) >= 0, "%s", src);
	} else {
		cr_assert_eq(e.code, CFX_EDOMAIN, "%s: %s", src, e.msg);
	}
	expr_value_clear(&v);
}

Test(expr, non_integer_exponents)
{
	loose_power("2^(1/2)", sqrt(2.0));
	loose_power("2^pi", pow(2.0, M_PI));
}

Test(expr, eval_int)
{
	mpz_t z;
	cfx_err e;

	mpz_init(z);
	cr_assert_eq(expr_eval_text_int("4/2", z, &e), 0);
	cr_assert(mpz_cmp_ui(z, 2) == 0);
	cr_assert_eq(expr_eval_text_int("-2^63", z, &e), 0);
	cr_assert(mpz_cmp_si(z, LONG_MIN) == 0);
	cr_assert_eq(expr_eval_text_int("sqrt(49)", z, &e), 0);
	cr_assert(mpz_cmp_ui(z, 7) == 0);
	cr_assert_eq(expr_eval_text_int("phi^2 - phi", z, &e), 0);
	cr_assert(mpz_cmp_ui(z, 1) == 0);
	cr_assert_eq(expr_eval_text_int("1/2", z, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(expr_eval_text_int("phi", z, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(expr_eval_text_int("pi", z, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_eq(expr_eval_text_int("2 +", z, &e), -1);
	cr_assert_eq(e.code, CFX_ESYNTAX);
	mpz_clear(z);
}

/* ---- size limits and hostile input ------------------------------------------ */

Test(expr, deep_nesting_is_refused)
{
	size_t n = 10000, i;
	char *s = malloc(2 * n + 2);
	cfx_err e;
	expr_tree *t;

	for (i = 0; i < n; i++)
		s[i] = '(', s[n + 1 + i] = ')';
	s[n] = '1';
	s[2 * n + 1] = '\0';
	t = expr_parse(s, &e);
	cr_assert_null(t);
	cr_assert_eq(e.code, CFX_ELIMIT);
	cr_assert_str_eq(e.token, "(");
	cr_assert(e.col >= 0 && (size_t)e.col < n && s[e.col] == '(');
	/* signs */
	memset(s, '-', n);
	s[n] = '1';
	s[n + 1] = '\0';
	t = expr_parse(s, &e);
	cr_assert_null(t);
	cr_assert_eq(e.code, CFX_ELIMIT);
	cr_assert_str_eq(e.token, "-");
	/* alternating -( */
	for (i = 0; i < n; i++)
		s[i] = i % 2 ? '(' : '-';
	s[n] = '1';
	s[n + 1] = '\0';
	t = expr_parse(s, &e);
	cr_assert_null(t);
	cr_assert_eq(e.code, CFX_ELIMIT);
	free(s);
	/* moderate nesting is fine */
	expect_rat("((((((((((((((((((((((((((((((((((((((((((((((((((2))))))))))))))))))))))))"
	           "))))))))))))))))))))))))))", "2");
	expect_rat("----------------------------------------------------------------------2",
	           "2");
}

/* No input may exhaust the stack (expr.c): long chains of operators and
 * nested calls must give a value or an error, not a crash.  The source is
 * unit (sep unit)* repeated n times, then core, then close n times. */
static void long_chain(const char *unit, const char *sep, size_t n, const char *core,
                       const char *close, const char *want)
{
	size_t lu = strlen(unit), ls = strlen(sep), lc = strlen(close), i;
	char *s = malloc(n * (lu + ls + lc) + strlen(core) + 8), *p = s;
	expr_tree *t;
	expr_value v;
	cfx_err e;

	for (i = 0; i < n; i++) {
		memcpy(p, unit, lu);
		p += lu;
		if (i + 1 < n && ls)
			memcpy(p, sep, ls), p += ls;
	}
	p += sprintf(p, "%s", core);
	for (i = 0; i < n; i++)
		memcpy(p, close, lc), p += lc;
	*p = '\0';
	t = expr_parse(s, &e);
	if (t) {
		expr_value_init(&v, 64);
		if (expr_eval(t, NULL, NULL, 64, &v, &e) == 0) {
			mpq_t w;
			mpq_init(w);
			mpq_set_str(w, want, 10);
			cr_assert(v.kind == EXPR_RAT && mpq_equal(v.q, w), "chain of %zu \"%s\"", n, unit);
			mpq_clear(w);
		} else {
			cr_assert_eq(e.code, CFX_ELIMIT, "chain of %zu \"%s\": %s", n, unit, e.msg);
		}
		expr_value_clear(&v);
		expr_free(t);
	} else {
		cr_assert_eq(e.code, CFX_ELIMIT, "chain of %zu \"%s\": %s", n, unit, e.msg);
	}
	free(s);
}

Test(expr, long_sum_does_not_crash) { long_chain("1", "+", 100000, "", "", "100000"); }
Test(expr, long_product_does_not_crash) { long_chain("1", "*", 100000, "", "", "1"); }
Test(expr, long_power_tower_does_not_crash) { long_chain("1", "^", 100000, "", "", "1"); }
Test(expr, nested_calls_do_not_crash) { long_chain("sqrt(", "", 100000, "1", ")", "1"); }
Test(expr, moderate_chains_work)
{
	mpz_t z;
	char *want;

	mpz_init(z);
	mpz_ui_pow_ui(z, 2, 1000);
	want = mpz_get_str(NULL, 10, z);
	long_chain("1", "+", 2000, "", "", "2000");
	long_chain("2", "*", 1000, "", "", want);
	long_chain("1", "^", 150, "", "", "1");
	long_chain("sqrt(", "", 150, "1", ")", "1");
	free(want);
	mpz_clear(z);
}

Test(expr, bit_limits)
{
	mpz_t z;
	cfx_err e;
	size_t n = 300000, i;
	char *s = malloc(300000 * 2 + 8);

	mpz_init(z);
	/* 2^1000000 has 1000001 bits, below EXPR_MAX_BITS = 2^20 */
	cr_expect_eq(expr_eval_text_int("2^1000000", z, &e), 0, "2^1000000 refused: %s", e.msg);
	cr_expect_eq(mpz_sizeinbase(z, 2), 1000001);
	/* 2^(2^20) has 2^20 + 1 bits: too large */
	cr_expect_eq(expr_eval_text_int("2^1048576", z, &e), -1);
	cr_expect_eq(e.code, CFX_ELIMIT);
	/* products past the limit */
	cr_expect_eq(expr_eval_text_int("(2^300000)^2 * 2^300000", z, &e), 0, "%s", e.msg);
	cr_expect_eq(expr_eval_text_int("(2^300000)^2 * (2^300000)^2", z, &e), -1);
	cr_expect_eq(e.code, CFX_ELIMIT);
	/* a 300000-digit decimal literal is about 996578 bits: within the limit */
	s[0] = '1';
	for (i = 1; i < n; i++)
		s[i] = '0';
	s[n] = '\0';
	cr_expect_eq(expr_eval_text_int(s, z, &e), 0, "a %zu-digit literal refused: %s", n, e.msg);
	if (e.code == CFX_OK) {
		mpz_t w;
		mpz_init(w);
		mpz_ui_pow_ui(w, 10, n - 1);
		cr_expect(mpz_cmp(z, w) == 0);
		mpz_clear(w);
	}
	/* a hex literal of 262200 digits (1048800 bits) is too large */
	s[0] = '0';
	s[1] = 'x';
	for (i = 2; i < 262202; i++)
		s[i] = 'f';
	s[i] = '\0';
	cr_expect_eq(expr_eval_text_int(s, z, &e), -1);
	cr_expect_eq(e.code, CFX_ELIMIT);
	cr_expect_eq(e.col, 0);
	free(s);
	mpz_clear(z);
}

/* Built with AddressSanitizer: gcc says so by a macro, clang by a feature */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_EXPR_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_EXPR_ASAN 1
#endif
#endif

/* A power of a large quadratic number is refused before it is computed. */
Test(expr, huge_quadratic_power_fails_fast, .timeout = 10)
{
	struct rlimit rl = { (rlim_t)4 << 30, (rlim_t)4 << 30 };
	expr_value v;
	cfx_err e;

#ifdef TEST_EXPR_ASAN
	(void)rl;   /* ASan reserves terabytes of shadow: no address-space cap */
#else
	setrlimit(RLIMIT_AS, &rl);          /* this process only: a fork */
#endif
	expr_value_init(&v, 64);
	cr_assert_eq(eval_src("(2^10000 + sqrt(2))^65536", 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_ELIMIT);
	expr_value_clear(&v);
}

/* ---- quadratic numbers ------------------------------------------------------ */

static void expect_quad(const char *src, const char *q, const char *r, unsigned long d)
{
	expr_value v;
	cfx_err e;
	mpq_t wq, wr;

	mpq_inits(wq, wr, NULL);
	mpq_set_str(wq, q, 10);
	mpq_canonicalize(wq);
	mpq_set_str(wr, r, 10);
	mpq_canonicalize(wr);
	expr_value_init(&v, 64);
	CHECK(eval_src(src, 64, &v, &e) == 0, "\"%s\": %s", src, e.msg);
	CHECK(v.kind == EXPR_QUAD, "\"%s\": kind %d, want quadratic", src, v.kind);
	CHECK(mpq_equal(v.q, wq) && mpq_equal(v.r, wr) && mpz_cmp_ui(v.d, d) == 0,
	      "\"%s\" = %s + %s sqrt(%s), want %s + %s sqrt(%lu)", src,
	      mpq_get_str(NULL, 10, v.q), mpq_get_str(NULL, 10, v.r),
	      mpz_get_str(NULL, 10, v.d), q, r, d);
	expr_value_clear(&v);
	mpq_clears(wq, wr, NULL);
}

Test(expr, quadratic_values)
{
	expect_quad("phi", "1/2", "1/2", 5);
	expect_quad("1/phi", "-1/2", "1/2", 5);
	expect_quad("sqrt(8)", "0", "2", 2);
	expect_quad("sqrt(12) + 1", "1", "2", 3);
	expect_quad("sqrt(1/2)", "0", "1/2", 2);
	expect_quad("sqrt(5/4)", "0", "1/2", 5);
	expect_quad("-sqrt(2)", "0", "-1", 2);
	expect_quad("2 - phi", "3/2", "-1/2", 5);
	expect_rat("phi^2 - phi", "1");
	expect_rat("sqrt(8) - 2*sqrt(2)", "0");
	expect_rat("sqrt(8)/sqrt(2)", "2");
	expect_rat("sqrt(12)*sqrt(3)", "6");
	expect_rat("sqrt(5) - 2*phi", "-1");
	expect_rat("sqrt(1/2)*sqrt(2)", "1");
	expect_rat("sqrt(9/4)", "3/2");
	expect_rat("sqrt(4)", "2");
	expect_rat("sqrt(0)", "0");
	expect_rat("phi^-1 - phi + 1", "0");
	expect_rat("(phi - 1/2)^2", "5/4");
	{
		expr_value v;
		cfx_err e;
		expr_value_init(&v, 64);
		cr_assert_eq(eval_src("sqrt(2) + sqrt(3)", 64, &v, &e), 0);
		cr_assert_eq(v.kind, EXPR_REAL);
		cr_assert_eq(eval_src("sqrt(phi)", 64, &v, &e), 0);
		cr_assert_eq(v.kind, EXPR_REAL);
		expr_value_clear(&v);
	}
}

/* sqrt(2 * 1009^2) is 1009 sqrt(2): one field with sqrt(2), whatever the
 * size of the square factor */
Test(expr, same_field_for_large_square_factors)
{
	expect_rat("sqrt(2*1009^2) - 1009*sqrt(2)", "0");
	expect_rat("sqrt(2*1009^2)/sqrt(2)", "1009");
	expect_rat("sqrt(3*(2^61-1)^2)/sqrt(3)", "2305843009213693951");
}

Test(expr, powers_of_phi_are_fibonacci)
{
	mpz_t f0, f1, t;
	unsigned long n;
	char src[64];

	mpz_inits(f0, f1, t, NULL);
	/* phi^n = F_{n-1} + F_n phi = (F_{n-1} + F_n/2) + (F_n/2) sqrt 5 */
	for (n = 1; n <= 300; n++) {
		expr_value v;
		cfx_err e;
		mpq_t q, r;

		mpz_fib2_ui(f1, f0, n);             /* f1 = F_n, f0 = F_{n-1} */
		mpq_inits(q, r, NULL);
		mpq_set_z(r, f1);
		mpz_mul_2exp(mpq_denref(r), mpq_denref(r), 1);
		mpq_canonicalize(r);
		mpq_set_z(q, f0);
		mpq_add(q, q, r);
		snprintf(src, sizeof src, "phi^%lu", n);
		expr_value_init(&v, 64);
		CHECK(eval_src(src, 64, &v, &e) == 0 && v.kind == EXPR_QUAD &&
		      mpq_equal(v.q, q) && mpq_equal(v.r, r) && mpz_cmp_ui(v.d, 5) == 0,
		      "%s is not F_{n-1} + F_n phi", src);
		/* phi^-n = (-1)^n (F_{n+1} - F_n phi) */
		mpz_add(t, f0, f1);                  /* F_{n+1} */
		mpq_set_z(q, t);
		mpq_sub(q, q, r);
		mpq_neg(r, r);
		if (n % 2) {
			mpq_neg(q, q);
			mpq_neg(r, r);
		}
		snprintf(src, sizeof src, "phi^-%lu", n);
		CHECK(eval_src(src, 64, &v, &e) == 0 && v.kind == EXPR_QUAD &&
		      mpq_equal(v.q, q) && mpq_equal(v.r, r), "%s", src);
		expr_value_clear(&v);
		mpq_clears(q, r, NULL);
	}
	mpz_clears(f0, f1, t, NULL);
}

Test(expr, powers_of_1_plus_sqrt2_are_pell)
{
	mpz_t P, Q, t;
	unsigned long n;
	char src[64];

	mpz_inits(P, Q, t, NULL);
	mpz_set_ui(P, 1);
	mpz_set_ui(Q, 0);
	for (n = 1; n <= 1500; n++) {
		/* (P + Q s)(1 + s) = (P + 2Q) + (P + Q) s */
		mpz_add(t, P, Q);
		mpz_addmul_ui(P, Q, 2);
		mpz_set(Q, t);
		if (n % 37 == 0 || n < 20 || n == 1500) {
			expr_value v;
			cfx_err e;
			snprintf(src, sizeof src, "(1 + sqrt(2))^%lu", n);
			expr_value_init(&v, 64);
			CHECK(eval_src(src, 64, &v, &e) == 0 && v.kind == EXPR_QUAD &&
			      mpz_cmp_ui(mpq_denref(v.q), 1) == 0 && mpz_cmp(mpq_numref(v.q), P) == 0 &&
			      mpz_cmp_ui(mpq_denref(v.r), 1) == 0 && mpz_cmp(mpq_numref(v.r), Q) == 0 &&
			      mpz_cmp_ui(v.d, 2) == 0, "%s", src);
			expr_value_clear(&v);
		}
	}
	mpz_clears(P, Q, t, NULL);
}

/* random arithmetic in Q(sqrt d), done by hand */
Test(expr, quadratic_arithmetic_by_hand)
{
	static const unsigned long ds[] = { 2, 3, 5, 6, 7, 10, 13, 9973 };
	trng rg = { 77 };
	int t;
	char src[400];

	for (t = 0; t < 4000; t++) {
		unsigned long d = ds[trng_below(&rg, 8)];
		long n[4];
		unsigned long m[4];
		int i, op = (int)trng_below(&rg, 4);
		mpq_t a1, b1, a2, b2, q, r, x, y;
		expr_value v;
		cfx_err e;

		for (i = 0; i < 4; i++) {
			n[i] = (long)trng_below(&rg, 41) - 20;
			m[i] = 1 + trng_below(&rg, 9);
		}
		if (n[1] == 0)
			n[1] = 1;
		mpq_inits(a1, b1, a2, b2, q, r, x, y, NULL);
		mpq_set_si(a1, n[0], m[0]); mpq_canonicalize(a1);
		mpq_set_si(b1, n[1], m[1]); mpq_canonicalize(b1);
		mpq_set_si(a2, n[2], m[2]); mpq_canonicalize(a2);
		mpq_set_si(b2, n[3], m[3]); mpq_canonicalize(b2);
		snprintf(src, sizeof src, "(%ld/%lu + %ld/%lu*sqrt(%lu)) %c (%ld/%lu + %ld/%lu*sqrt(%lu))",
		         n[0], m[0], n[1], m[1], d, "+-*/"[op], n[2], m[2], n[3], m[3], d);
		switch (op) {
		case 0: mpq_add(q, a1, a2); mpq_add(r, b1, b2); break;
		case 1: mpq_sub(q, a1, a2); mpq_sub(r, b1, b2); break;
		case 2: case 3:
			if (op == 3) {
				/* (a1 + b1 s) / (a2 + b2 s) = (a1 + b1 s)(a2 - b2 s) / (a2^2 - b2^2 d) */
				mpq_mul(x, a2, a2);
				mpq_mul(y, b2, b2);
				mpz_mul_ui(mpq_numref(y), mpq_numref(y), d);
				mpq_canonicalize(y);
				mpq_sub(x, x, y);
				if (mpq_sgn(x) == 0)
					goto skip;       /* cannot happen: d is not a square */
				mpq_div(a2, a2, x);
				mpq_div(b2, b2, x);
				mpq_neg(b2, b2);
				if (mpq_sgn(a2) == 0 && mpq_sgn(b2) == 0)
					goto skip;
			}
			/* (a1 + b1 s)(a2 + b2 s) = a1 a2 + b1 b2 d + (a1 b2 + a2 b1) s */
			mpq_mul(q, a1, a2);
			mpq_mul(y, b1, b2);
			mpz_mul_ui(mpq_numref(y), mpq_numref(y), d);
			mpq_canonicalize(y);
			mpq_add(q, q, y);
			mpq_mul(r, a1, b2);
			mpq_mul(y, a2, b1);
			mpq_add(r, r, y);
			break;
		}
		expr_value_init(&v, 64);
		if (op == 3 && n[2] == 0 && n[3] == 0) {
			CHECK(eval_src(src, 64, &v, &e) == -1 && e.code == CFX_EZERODIV, "%s", src);
		} else {
			CHECK(eval_src(src, 64, &v, &e) == 0, "%s: %s", src, e.msg);
			if (mpq_sgn(r) == 0) {
				CHECK(v.kind == EXPR_RAT && mpq_equal(v.q, q), "%s: want rational %s", src,
				      mpq_get_str(NULL, 10, q));
			} else {
				CHECK(v.kind == EXPR_QUAD && mpq_equal(v.q, q) && mpq_equal(v.r, r) &&
				      mpz_cmp_ui(v.d, d) == 0, "%s: want %s + %s sqrt(%lu)", src,
				      mpq_get_str(NULL, 10, q), mpq_get_str(NULL, 10, r), d);
			}
		}
		expr_value_clear(&v);
skip:
		mpq_clears(a1, b1, a2, b2, q, r, x, y, NULL);
	}
}

/* ---- intervals ---------------------------------------------------------------- */

typedef void (*oracle_fn)(mpfr_t out);

static void o_pi(mpfr_t x) { mpfr_const_pi(x, MPFR_RNDN); }
static void o_e(mpfr_t x) { mpfr_set_ui(x, 1, MPFR_RNDN); mpfr_exp(x, x, MPFR_RNDN); }
static void o_pi_m3(mpfr_t x) { o_pi(x); mpfr_sub_ui(x, x, 3, MPFR_RNDN); }
static void o_pie(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	o_pi(x);
	o_e(t);
	mpfr_mul(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_inv_pi(mpfr_t x) { o_pi(x); mpfr_ui_div(x, 1, x, MPFR_RNDN); }
static void o_pi2(mpfr_t x) { o_pi(x); mpfr_sqr(x, x, MPFR_RNDN); }
static void o_neg_pi(mpfr_t x) { o_pi(x); mpfr_neg(x, x, MPFR_RNDN); }
static void o_sqrt_pi(mpfr_t x) { o_pi(x); mpfr_sqrt(x, x, MPFR_RNDN); }
static void o_pi_sqrt2(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	o_pi(x);
	mpfr_sqrt_ui(t, 2, MPFR_RNDN);
	mpfr_add(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_phi_pi(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	mpfr_sqrt_ui(t, 5, MPFR_RNDN);
	mpfr_add_ui(t, t, 1, MPFR_RNDN);
	mpfr_div_2ui(t, t, 1, MPFR_RNDN);
	o_pi(x);
	mpfr_mul(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_pi_m2(mpfr_t x) { o_pi2(x); mpfr_ui_div(x, 1, x, MPFR_RNDN); }
static void o_e10(mpfr_t x) { mpfr_set_ui(x, 10, MPFR_RNDN); mpfr_exp(x, x, MPFR_RNDN); }
static void o_pim3_cubed(mpfr_t x) { o_pi_m3(x); mpfr_pow_ui(x, x, 3, MPFR_RNDN); }
static void o_e_m_pi(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	o_e(x);
	o_pi(t);
	mpfr_sub(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_inv_e_m_pi(mpfr_t x) { o_e_m_pi(x); mpfr_ui_div(x, 1, x, MPFR_RNDN); }
static void o_pi_over_e(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	o_pi(x);
	o_e(t);
	mpfr_div(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_sqrt2_sqrt3(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	mpfr_sqrt_ui(x, 2, MPFR_RNDN);
	mpfr_sqrt_ui(t, 3, MPFR_RNDN);
	mpfr_add(x, x, t, MPFR_RNDN);
	mpfr_clear(t);
}
static void o_third_minus_pi(mpfr_t x)
{
	mpfr_t t;
	mpfr_init2(t, mpfr_get_prec(x));
	mpfr_set_ui(t, 1, MPFR_RNDN);
	mpfr_div_ui(t, t, 3, MPFR_RNDN);
	o_pi(x);
	mpfr_sub(x, t, x, MPFR_RNDN);
	mpfr_clear(t);
}

static const struct { const char *src; oracle_fn f; } reals[] = {
	{ "pi", o_pi }, { "e", o_e }, { "pi - 3", o_pi_m3 }, { "pi*e", o_pie },
	{ "1/pi", o_inv_pi }, { "pi^2", o_pi2 }, { "-pi", o_neg_pi },
	{ "sqrt(pi)", o_sqrt_pi }, { "pi + sqrt(2)", o_pi_sqrt2 },
	{ "phi*pi", o_phi_pi }, { "pi^-2", o_pi_m2 }, { "e^10", o_e10 },
	{ "(pi - 3)^3", o_pim3_cubed }, { "e - pi", o_e_m_pi },
	{ "1/(e - pi)", o_inv_e_m_pi }, { "pi/e", o_pi_over_e },
	{ "sqrt(2) + sqrt(3)", o_sqrt2_sqrt3 }, { "1/3 - pi", o_third_minus_pi },
};

Test(expr, intervals_enclose_the_value)
{
	static const mpfr_prec_t precs[] = { 24, 53, 64, 200, 1000, 5000 };
	size_t i, j;

	for (i = 0; i < sizeof reals / sizeof reals[0]; i++)
		for (j = 0; j < sizeof precs / sizeof precs[0]; j++) {
			mpfr_prec_t prec = precs[j];
			expr_value v;
			cfx_err e;
			mpfr_t x, w;

			expr_value_init(&v, prec);
			CHECK(eval_src(reals[i].src, prec, &v, &e) == 0, "%s: %s", reals[i].src,
			      e.msg);
			CHECK(v.kind == EXPR_REAL, "%s: kind %d", reals[i].src, v.kind);
			mpfr_inits2(4 * prec + 256, x, w, (mpfr_ptr)0);
			reals[i].f(x);
			CHECK(mpfr_cmp(v.lo, x) <= 0 && mpfr_cmp(x, v.hi) <= 0,
			      "%s at %ld bits: the interval misses the value", reals[i].src,
			      (long)prec);
			/* and is reasonably tight: width below 2^(20 - prec) |x| */
			mpfr_sub(w, v.hi, v.lo, MPFR_RNDU);
			mpfr_div(w, w, x, MPFR_RNDU);
			mpfr_abs(w, w, MPFR_RNDU);
			mpfr_mul_2si(w, w, (long)prec - 20, MPFR_RNDU);
			CHECK(mpfr_cmp_ui(w, 1) <= 0, "%s at %ld bits: interval too wide",
			      reals[i].src, (long)prec);
			mpfr_clears(x, w, (mpfr_ptr)0);
			expr_value_clear(&v);
		}
}

Test(expr, pi_and_e_directed)
{
	mpfr_prec_t prec;

	for (prec = 2; prec < 3000; prec = prec * 3 / 2 + 1) {
		expr_value v;
		cfx_err e;
		mpfr_t lo, hi;

		mpfr_inits2(prec + 100, lo, hi, (mpfr_ptr)0);
		expr_value_init(&v, prec);
		cr_assert_eq(eval_src("pi", prec, &v, &e), 0);
		mpfr_const_pi(lo, MPFR_RNDD);
		mpfr_const_pi(hi, MPFR_RNDU);
		CHECK(mpfr_cmp(v.lo, lo) <= 0 && mpfr_cmp(v.hi, hi) >= 0, "pi at %ld", (long)prec);
		cr_assert_eq(eval_src("e", prec, &v, &e), 0);
		mpfr_set_ui(lo, 1, MPFR_RNDN);
		mpfr_exp(lo, lo, MPFR_RNDD);
		mpfr_set_ui(hi, 1, MPFR_RNDN);
		mpfr_exp(hi, hi, MPFR_RNDU);
		CHECK(mpfr_cmp(v.lo, lo) <= 0 && mpfr_cmp(v.hi, hi) >= 0, "e at %ld", (long)prec);
		cr_assert_eq(eval_src("pi - pi", prec, &v, &e), 0);
		CHECK(mpfr_sgn(v.lo) <= 0 && mpfr_sgn(v.hi) >= 0, "pi - pi misses 0");
		expr_value_clear(&v);
		mpfr_clears(lo, hi, (mpfr_ptr)0);
	}
}

/* ---- names ------------------------------------------------------------------- */

typedef struct { const char *name; expr_tree *t; } var;
typedef struct { var v[8]; int n; } vars;

static const expr_tree *lookup(void *ctx, const char *name)
{
	vars *vs = ctx;
	int i;

	for (i = 0; i < vs->n; i++)
		if (!strcmp(vs->v[i].name, name))
			return vs->v[i].t;
	return NULL;
}

static void def(vars *vs, const char *name, const char *src)
{
	cfx_err e;
	int i;

	for (i = 0; i < vs->n; i++)
		if (!strcmp(vs->v[i].name, name)) {
			expr_free(vs->v[i].t);
			vs->v[i].t = expr_parse(src, &e);
			cr_assert(vs->v[i].t);
			return;
		}
	vs->v[vs->n].name = name;
	vs->v[vs->n].t = expr_parse(src, &e);
	cr_assert(vs->v[vs->n].t, "%s", src);
	vs->n++;
}

static void undef(vars *vs)
{
	int i;

	for (i = 0; i < vs->n; i++)
		expr_free(vs->v[i].t);
	vs->n = 0;
}

Test(expr, names_eval_and_inline)
{
	vars vs = { .n = 0 };
	expr_tree *t, *in;
	expr_value v;
	cfx_err e;

	def(&vs, "x", "2+3");
	def(&vs, "y", "x*2");
	def(&vs, "z", "pi");
	def(&vs, "w", "w+1");
	def(&vs, "u", "1/0");
	def(&vs, "ans", "y - x");
	expr_value_init(&v, 64);

	/* evaluation through the lookup */
	t = expr_parse("y + ans", &e);
	cr_assert(t);
	cr_assert_eq(expr_eval(t, lookup, &vs, 64, &v, &e), 0, "%s", e.msg);
	cr_assert(v.kind == EXPR_RAT && mpq_cmp_ui(v.q, 15, 1) == 0);
	cr_assert(!expr_is_real(t, lookup, &vs));
	expr_free(t);
	t = expr_parse("2*z", &e);
	cr_assert(expr_is_real(t, lookup, &vs));
	expr_free(t);

	/* inlining: the copy no longer needs the names ... */
	t = expr_parse("y + 1", &e);
	in = expr_inline(t, lookup, &vs, &e);
	cr_assert(in, "%s", e.msg);
	cr_assert_eq(expr_eval(in, NULL, NULL, 64, &v, &e), 0, "%s", e.msg);
	cr_assert(v.kind == EXPR_RAT && mpq_cmp_ui(v.q, 11, 1) == 0);
	/* ... nor follows later definitions */
	def(&vs, "x", "100");
	cr_assert_eq(expr_eval(in, NULL, NULL, 64, &v, &e), 0);
	cr_assert(mpq_cmp_ui(v.q, 11, 1) == 0);
	cr_assert_eq(expr_eval(t, lookup, &vs, 64, &v, &e), 0);
	cr_assert(mpq_cmp_ui(v.q, 201, 1) == 0);
	expr_free(in);
	expr_free(t);
	t = expr_parse("z * 2", &e);
	in = expr_inline(t, lookup, &vs, &e);
	cr_assert(in);
	cr_assert(expr_is_real(in, NULL, NULL));
	expr_free(in);
	expr_free(t);

	/* an unknown name */
	t = expr_parse("3 + qq", &e);
	cr_assert_null(expr_inline(t, lookup, &vs, &e));
	cr_assert_eq(e.code, CFX_ESYNTAX);
	cr_assert_eq(e.col, 4);
	cr_assert_str_eq(e.token, "qq");
	cr_assert_eq(expr_eval(t, lookup, &vs, 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_ESYNTAX);
	cr_assert_eq(e.col, 4);
	cr_assert_eq(expr_eval(t, NULL, NULL, 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_ESYNTAX);
	expr_free(t);

	/* a name that refers to itself */
	t = expr_parse("1 + w", &e);
	cr_assert_null(expr_inline(t, lookup, &vs, &e));
	cr_assert_eq(e.code, CFX_ELIMIT);
	cr_assert_eq(expr_eval(t, lookup, &vs, 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_ELIMIT);
	cr_assert(!expr_is_real(t, lookup, &vs));       /* terminates */
	expr_free(t);

	/* an error inside a name points at the name the user typed */
	t = expr_parse("3 + u", &e);
	cr_assert_eq(expr_eval(t, lookup, &vs, 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_EZERODIV);
	cr_assert_eq(e.col, 4);
	cr_assert_str_eq(e.token, "u");     /* "1/0" is not on the line */
	in = expr_inline(t, lookup, &vs, &e);
	cr_assert(in);
	cr_assert_eq(expr_eval(in, NULL, NULL, 64, &v, &e), -1);
	cr_assert_eq(e.code, CFX_EZERODIV);
	cr_assert_eq(e.col, 4);
	cr_assert_str_eq(e.token, "u");
	expr_free(in);
	expr_free(t);

	expr_free(NULL);
	expr_value_clear(&v);
	undef(&vs);
}

static void expect_is_real(const char *src, int real)
{
	cfx_err e;
	expr_tree *t = expr_parse(src, &e);

	cr_assert(t);
	CHECK(!!expr_is_real(t, NULL, NULL) == real, "expr_is_real(\"%s\") = %d, want %d", src,
	      expr_is_real(t, NULL, NULL), real);
	expr_free(t);
}

Test(expr, is_real)
{
	expect_is_real("pi + 1", 1);
	expect_is_real("e", 1);
	expect_is_real("sqrt(pi)", 1);
	expect_is_real("phi + 1", 0);
	expect_is_real("sqrt(2)", 0);
	expect_is_real("sqrt(8) - sqrt(2)", 0);
	expect_is_real("1/3", 0);
	expect_is_real("golden(10)", 0);
}

/* two different square roots and the root of an irrational are evaluated
 * as intervals */
Test(expr, is_real_for_other_irrationals)
{
	expect_is_real("sqrt(2) + sqrt(3)", 1);
	expect_is_real("sqrt(phi)", 1);
}

/* An integer written with integer operations is a multiplier; one reached
 * through / or a real function is a number (cfx cf 4/2 is 2).  The table
 * is the rule of expr.h written out by hand. */
Test(expr, integer_form)
{
	static const struct { const char *src; int form; } cases[] = {
		{ "0x9e370001", 1 }, { "2^31 + 2^29 - 2^25 + 1", 1 },
		{ "-(3*5) % 7", 1 }, { "golden(32)", 1 },
		{ "nextprime(2^31)", 1 }, { "prevprime(golden(16))", 1 },
		{ "4/2", 0 }, { "sqrt(4)", 0 }, { "sqrt(2)*sqrt(2)", 0 },
		{ "(2^32)/2", 0 }, { "golden(64/2)", 0 }, { "phi", 0 },
		{ "pi", 0 }, { "e", 0 }, { "x", 1 }, { "h", 0 }, { "w", 0 },
		{ "x + h", 0 }, { "nosuch", 0 },
	};
	vars vs = { .n = 0 };
	size_t i;
	cfx_err e;

	def(&vs, "x", "2^8 + 1");
	def(&vs, "h", "x/2");
	def(&vs, "w", "w + 1");         /* refers to itself: not a form */
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		expr_tree *t = expr_parse(cases[i].src, &e);
		cr_assert(t, "%s", cases[i].src);
		CHECK(expr_integer_form(t, lookup, &vs) == cases[i].form,
		      "expr_integer_form(\"%s\") != %d", cases[i].src, cases[i].form);
		expr_free(t);
	}
	undef(&vs);
}

/* C's bit operators (expr.h): precedence and the word.  Each expected value
 * is worked by hand in its comment; tests/oracle/expr_bits.sh compares 600
 * random expressions with Python. */
Test(expr, bit_operators)
{
	static const struct {
		const char *src;
		unsigned long bits;
		const char *want;       /* decimal, or NULL: an error */
		int col;                /* the error's column */
	} cases[] = {
		{ "1 + 2 << 3", 32, "24", 0 },          /* (1+2) << 3 */
		{ "1 << 2 + 3", 32, "32", 0 },          /* 1 << 5 */
		{ "6 & 3 xor 1", 0, "3", 0 },           /* (6&3)=2, 2^1=3 */
		{ "1 | 2 xor 3", 0, "1", 0 },           /* 1 | (2^3=1) */
		{ "4 | 1 & 2", 0, "4", 0 },             /* 4 | (1&2=0) */
		{ "2^3 xor 1", 0, "9", 0 },             /* 8 ^ 1 */
		{ "-2 >> 1", 0, NULL, 3 },              /* no word, at >> */
		{ "-2 >> 1", 8, "127", 0 },             /* 254 >> 1 */
		{ "~0", 16, "65535", 0 },
		{ "~2^3", 8, "247", 0 },                /* ~(8) = 255 - 8 */
		{ "-~0", 8, "-255", 0 },
		{ "1 << 63", 64, "9223372036854775808", 0 },
		{ "1 << 64", 64, "0", 0 },              /* wraps out */
		{ "0x1ff & -1", 8, "255", 0 },          /* operands mod 2^8 */
		{ "0x1ff & -1", 0, "511", 0 },          /* two's complement */
		{ "~1", 0, NULL, 0 },                   /* no word */
		{ "2 + (1 << 3)", 0, NULL, 7 },         /* no word, at << */
		{ "1 >> -2", 8, NULL, 5 },              /* negative count */
		{ "1/2 & 1", 8, NULL, 0 },              /* not an integer: names 1/2 */
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		cfx_err e;
		expr_tree *t = expr_parse(cases[i].src, &e);
		mpz_t z, w;
		int rc;

		cr_assert(t, "%s: %s", cases[i].src, e.msg);
		mpz_inits(z, w, NULL);
		rc = expr_eval_int_word(t, NULL, NULL, cases[i].bits, z, &e);
		if (cases[i].want) {
			mpz_set_str(w, cases[i].want, 10);
			CHECK(rc == 0 && mpz_cmp(z, w) == 0, "%s on %lu bits: %s",
			      cases[i].src, cases[i].bits, rc ? e.msg : "wrong value");
		} else {
			CHECK(rc == -1 && e.col == cases[i].col, "%s on %lu bits: "
			      "rc %d col %d", cases[i].src, cases[i].bits, rc, e.col);
		}
		mpz_clears(z, w, NULL);
		expr_free(t);
	}
}

/* xor is an operator, not a name; < and > alone are not operators. */
Test(expr, bit_syntax)
{
	cfx_err e;

	cr_assert_null(expr_parse("xor", &e));
	cr_assert_null(expr_parse("2 < 3", &e));
	cr_assert_eq(e.col, 2);
	cr_assert_null(expr_parse("2 >>", &e));
	cr_assert_null(expr_parse("2 & & 3", &e));
	cr_assert_eq(e.col, 4);
}
