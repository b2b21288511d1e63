/*
 * test_constant.c - where text becomes a multiplier (constant.h):
 * constant_value (parse and evaluate), constant_eval (and the word rule),
 * constant_make (and every derived form), constant_free.
 *
 * Every expected value is computed here without cfx: expressions are
 * generated with their values worked out in GMP integers; golden(N) from
 * an integer square root; primes by trial division; the word size by the
 * rule of PRODUCT.md written out; the expansion of p / 2^n by Euclid on
 * 128-bit integers; the NAF by the textbook recurrence; the distance to
 * 1/phi in long double; the shift/add program against the multiply;
 * C's bit operators on the word by uint64_t arithmetic (every byte, and
 * random expressions on words of 5 to 64 bits).
 */
#include <math.h>
#include <stdio.h>
#include <gmp.h>

#include "cfx/constant.h"
#include "testutil.h"

/* ---- parse and evaluate ------------------------------------------------ */

static int value_of(const char *text, mpz_t z, cfx_err *err)
{
	return constant_value(text, NULL, NULL, z, err);
}

static void value_is(const char *text, const char *expect)
{
	mpz_t z, e;
	cfx_err err;

	mpz_inits(z, e, NULL);
	mpz_set_str(e, expect, 0);
	cr_assert_eq(value_of(text, z, &err), 0, "%s: %s", text, err.msg);
	cr_assert(mpz_cmp(z, e) == 0, "%s = %s, expected %s", text,
	          mpz_get_str(NULL, 10, z), expect);
	mpz_clears(z, e, NULL);
}

Test(constant, literals_and_operators)
{
	value_is("0", "0");
	value_is("1_000_000", "1000000");
	value_is("0x9e37_79b9", "2654435769");
	value_is("0b1011", "11");
	value_is("2^32", "4294967296");
	value_is("2**64 - 1", "18446744073709551615");
	value_is("2^3^2", "512");                  /* power is right-assoc. */
	value_is("-2^2", "-4");                    /* as in maths and gp */
	value_is("(1 + 2) * 3", "9");
	value_is("1 + 2 * 3", "7");
	value_is("10 / 5", "2");
	value_is("0.5 * 4", "2");                  /* 0.5 is exactly 1/2 */
	value_is("-7 % 3", "2");                   /* non-negative remainder */
	value_is("7 % 3", "1");
	value_is("2^70 % 2^20", "0");
	value_is("(2^64 + 3) % 2^64", "3");
}

/* Random integer expressions, fully parenthesised, whose values are
 * worked out beside them with GMP: + - * % ^ and unary minus. */
static void gen(trng *r, int depth, char *buf, size_t cap, mpz_t v)
{
	int op = depth <= 0 ? 0 : (int)trng_below(r, 7);
	char a[2048], b[2048];
	mpz_t x, y;

	if (op == 0) {
		uint64_t k = trng_next(r) >> trng_below(r, 64);
		if (trng_below(r, 2))
			snprintf(buf, cap, "0x%llx", (unsigned long long)k);
		else
			snprintf(buf, cap, "%llu", (unsigned long long)k);
		mpz_set_ui(v, 0);
		mpz_import(v, 1, 1, sizeof k, 0, 0, &k);
		return;
	}
	mpz_inits(x, y, NULL);
	gen(r, depth - 1, a, sizeof a, x);
	if (op == 6) {                                   /* unary minus */
		snprintf(buf, cap, "-(%s)", a);
		mpz_neg(v, x);
		mpz_clears(x, y, NULL);
		return;
	}
	if (op == 5) {                                   /* a small power */
		unsigned long e = trng_below(r, 4);
		snprintf(buf, cap, "(%s)^%lu", a, e);
		mpz_pow_ui(v, x, e);
		mpz_clears(x, y, NULL);
		return;
	}
	gen(r, depth - 1, b, sizeof b, y);
	if (op == 4 && mpz_sgn(y) == 0)
		op = 1;
	snprintf(buf, cap, "(%s) %c (%s)", a, "?+-*%"[op], b);
	switch (op) {
	case 1: mpz_add(v, x, y); break;
	case 2: mpz_sub(v, x, y); break;
	case 3: mpz_mul(v, x, y); break;
	default: mpz_mod(v, x, y); break;      /* non-negative, |y| */
	}
	mpz_clears(x, y, NULL);
}

Test(constant, random_expressions_against_gmp)
{
	trng r = { 271828 };
	char text[8192];
	mpz_t v, z;
	cfx_err err;
	int t;

	mpz_inits(v, z, NULL);
	for (t = 0; t < 3000; t++) {
		gen(&r, 1 + t % 4, text, sizeof text, v);
		CHECK(value_of(text, z, &err) == 0, "%s: %s", text, err.msg);
		CHECK(mpz_cmp(z, v) == 0, "%s: got %s, expected %s", text,
		      mpz_get_str(NULL, 16, z), mpz_get_str(NULL, 16, v));
	}
	mpz_clears(v, z, NULL);
}

/* ---- C's bit operators on the word ------------------------------------ */

/* The word's rule done by hand on uint64_t: every operand of ~ << >> & |
 * xor taken mod 2^n (a negative one as two's complement), the result
 * too; << and >> by k >= n give 0.  mask is 2^n - 1. */
static uint64_t shl(uint64_t x, uint64_t k, unsigned n, uint64_t mask)
{
	return k >= n ? 0 : (x << k) & mask;
}

static uint64_t shr(uint64_t x, uint64_t k, unsigned n)
{
	return k >= n ? 0 : x >> k;
}

/* A random expression of ~ << >> & | xor (and unary minus on an operand)
 * on n bits, fully parenthesised, its value worked out beside it by the
 * rule above.  Leaves are any 64-bit number (wider than the word: taken
 * mod 2^n as operands). */
static uint64_t gen_bits(trng *r, int depth, unsigned n, char *buf, size_t cap)
{
	uint64_t mask = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
	char a[4096], b[4096];
	uint64_t x, y, k;
	int op = depth <= 0 ? 0 : 1 + (int)trng_below(r, 7);

	if (op == 0) {
		x = trng_next(r) >> trng_below(r, 64);
		snprintf(buf, cap, trng_below(r, 2) ? "0x%llx" : "%llu",
		         (unsigned long long)x);
		return x & mask;
	}
	x = gen_bits(r, depth - 1, n, a, sizeof a);
	switch (op) {
	case 1:
		snprintf(buf, cap, "~(%s)", a);
		return ~x & mask;
	case 2:                                   /* -a as an operand */
		y = gen_bits(r, depth - 1, n, b, sizeof b);
		snprintf(buf, cap, "(-(%s)) & (%s)", a, b);
		return (0 - x) & y & mask;
	case 3:
	case 4:
		k = trng_below(r, n + 8);             /* past the word too */
		snprintf(buf, cap, "(%s) %s %llu", a, op == 3 ? "<<" : ">>",
		         (unsigned long long)k);
		return op == 3 ? shl(x, k, n, mask) : shr(x, k, n);
	default:
		y = gen_bits(r, depth - 1, n, b, sizeof b);
		snprintf(buf, cap, "(%s) %s (%s)", a, op == 5 ? "&" : op == 6 ?
		         "|" : "xor", b);
		return op == 5 ? x & y : op == 6 ? x | y : x ^ y;
	}
}

/* constant_eval of text on n bits: value (0 when refused as the
 * multiplier zero), or a failed check naming text */
static void bits_are(const char *text, unsigned n, uint64_t want)
{
	unsigned long bits = n;
	cfx_err err;
	mpz_t p;
	int rc;

	mpz_init(p);
	rc = constant_eval(text, NULL, NULL, &bits, 64, p, &err);
	if (want == 0)                 /* zero is not a multiplier */
		CHECK(rc == -1, "%s on %u bits: taken, expected 0 (refused)", text, n);
	else
		CHECK(rc == 0 && bits == n && mpz_cmp_ui(p, 0) > 0 &&
		      mpz_sizeinbase(p, 2) <= 64 && mpz_get_ui(p) == want,
		      "%s on %u bits: %s, expected %llu", text, n,
		      rc ? err.msg : mpz_get_str(NULL, 10, p),
		      (unsigned long long)want);
	mpz_clear(p);
}

/* Every pair of 8-bit words through & | xor, every word through ~ and
 * every shift by 0..9 (past the word): brute force over all values. */
Test(constant, bit_operators_every_byte)
{
	char text[64];
	unsigned x, y, k;

	for (x = 0; x < 256; x++) {
		snprintf(text, sizeof text, "~%u", x);
		bits_are(text, 8, ~x & 0xff);
		for (k = 0; k < 10; k++) {
			snprintf(text, sizeof text, "%u << %u", x, k);
			bits_are(text, 8, shl(x, k, 8, 0xff));
			snprintf(text, sizeof text, "%u >> %u", x, k);
			bits_are(text, 8, shr(x, k, 8));
		}
		for (y = 0; y < 256; y++) {
			snprintf(text, sizeof text, "%u & %u", x, y);
			bits_are(text, 8, x & y);
			snprintf(text, sizeof text, "%u | %u", x, y);
			bits_are(text, 8, x | y);
			snprintf(text, sizeof text, "%u xor %u", x, y);
			bits_are(text, 8, x ^ y);
		}
	}
}

/* Random expressions of the bit operators on words of 5 to 64 bits
 * (wrapping at the word: 64-bit ones at uint64_t's own) against the
 * rule done by hand. */
Test(constant, bit_operators_random_on_every_word)
{
	static const unsigned words[] = { 5, 8, 13, 16, 31, 32, 33, 63, 64 };
	trng r = { 0xb175 };
	char text[16384];
	int t;

	for (t = 0; t < 6000; t++) {
		unsigned n = words[t % (sizeof words / sizeof words[0])];
		uint64_t want = gen_bits(&r, 1 + t % 4, n, text, sizeof text);
		bits_are(text, n, want);
	}
	/* C's precedence without parentheses: the shifts below + -, then &,
	 * xor, | (worked by hand) */
	bits_are("1 + 2 << 3", 32, 24);
	bits_are("0xf0 | 0x0f & 0x3c xor 0x01", 8, 0xf0 | ((0x0f & 0x3c) ^ 1));
	bits_are("0x8000000000000001 << 1", 64, 2);
	bits_are("~0 >> 63", 64, 1);
	bits_are("-1 >> 60", 64, 15);           /* 2^64 - 1 >> 60 */
}

/* round(2^n / phi) = round(2^n (sqrt 5 - 1) / 2): with s = floor(sqrt(5
 * 4^(n + 64))), (s - 2^(n + 64)) / 2^65 is within 2^-64 of it, and the
 * true value is irrational, so never a tie. */
static void golden_ref(mpz_t z, unsigned long n)
{
	mpz_t s, t;

	mpz_inits(s, t, NULL);
	mpz_ui_pow_ui(s, 4, n + 64);
	mpz_mul_ui(s, s, 5);
	mpz_sqrt(s, s);
	mpz_ui_pow_ui(t, 2, n + 64);
	mpz_sub(s, s, t);
	mpz_ui_pow_ui(t, 2, 64);             /* + 1/2 at the scale 2^65 */
	mpz_add(s, s, t);
	mpz_fdiv_q_2exp(z, s, 65);
	mpz_clears(s, t, NULL);
}

Test(constant, golden)
{
	char text[64];
	mpz_t z, e;
	cfx_err err;
	unsigned long n;

	mpz_inits(z, e, NULL);
	value_is("golden(32)", "0x9e3779b9");            /* the kernel's */
	value_is("golden(64)", "0x9e3779b97f4a7c16");    /* round, not floor */
	for (n = 1; n <= 300; n++) {
		snprintf(text, sizeof text, "golden(%lu)", n);
		golden_ref(e, n);
		CHECK(value_of(text, z, &err) == 0, "%s: %s", text, err.msg);
		CHECK(mpz_cmp(z, e) == 0, "%s", text);
	}
	mpz_clears(z, e, NULL);
}

static int prime_td(uint64_t x)
{
	uint64_t d;

	if (x < 2)
		return 0;
	for (d = 2; d * d <= x; d++)
		if (x % d == 0)
			return 0;
	return 1;
}

Test(constant, nextprime_prevprime_by_trial_division)
{
	trng r = { 314159 };
	char text[96];
	mpz_t z;
	cfx_err err;
	int t;

	mpz_init(z);
	for (t = 0; t < 300; t++) {
		uint64_t x = t < 40 ? (uint64_t)t : trng_next(&r) >> (24 + t % 16), q;

		snprintf(text, sizeof text, "nextprime(%llu)", (unsigned long long)x);
		for (q = x + 1; !prime_td(q); q++)
			;
		CHECK(value_of(text, z, &err) == 0 && mpz_get_ui(z) == q, "%s", text);
		if (x <= 2)
			continue;
		snprintf(text, sizeof text, "prevprime(%llu)", (unsigned long long)x);
		for (q = x - 1; !prime_td(q); q--)
			;
		CHECK(value_of(text, z, &err) == 0 && mpz_get_ui(z) == q, "%s", text);
	}
	mpz_clear(z);
}

/* names come from the caller's lookup, as the REPL's variables do */
static expr_tree *var_x;

static const expr_tree *look_x(void *ctx, const char *name)
{
	(void)ctx;
	return strcmp(name, "x") ? NULL : var_x;
}

Test(constant, names_through_the_lookup)
{
	mpz_t z;
	cfx_err err;

	mpz_init(z);
	var_x = expr_parse("2^31 + 1", &err);
	cr_assert(var_x);
	cr_assert_eq(constant_value("x * 2 + 1", look_x, NULL, z, &err), 0);
	cr_assert_eq(mpz_get_ui(z), 2 * ((1UL << 31) + 1) + 1);
	cr_assert_eq(constant_value("y + 1", look_x, NULL, z, &err), -1);
	cr_assert_str_eq(err.token, "y");
	cr_assert_eq(err.col, 0);
	expr_free(var_x);
	mpz_clear(z);
}

/* errors name their token and point at it */
Test(constant, bad_text)
{
	static const struct { const char *text, *token; int col; } c[] = {
		{ "2 +", "", -2 },            /* -2: any column */
		{ "7/2", "7/2", 0 },
		{ "1 + 2 @ 3", "@", 6 },
		{ "nosuch(3)", "nosuch", 0 },
		{ "5 / (3 - 3)", "", -2 },
		{ "", "", -2 },
	};
	mpz_t z;
	cfx_err err;
	size_t i;

	mpz_init(z);
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		err.token[0] = 0;
		err.col = -5;
		cr_assert_eq(value_of(c[i].text, z, &err), -1, "'%s' accepted", c[i].text);
		cr_assert(err.msg[0], "'%s': no message", c[i].text);
		if (c[i].token[0])
			cr_assert_str_eq(err.token, c[i].token, "'%s'", c[i].text);
		if (c[i].col != -2)
			cr_assert_eq(err.col, c[i].col, "'%s': column %d", c[i].text,
			             err.col);
	}
	mpz_clear(z);
}

/* ---- the word rule ------------------------------------------------------ */

/* The smallest word that holds a multiplier of this many bits when none
 * is asked for, written out from PRODUCT.md: 32, 64, then multiples of 64
 * (smaller words only when asked). */
static unsigned long expected_word(unsigned long width)
{
	return width <= 32 ? 32 : width <= 64 ? 64 : (width + 63) / 64 * 64;
}

Test(constant, word_rule_chooses)
{
	char text[64];
	mpz_t p;
	cfx_err err;
	unsigned long w, bits;
	int low;

	mpz_init(p);
	for (w = 1; w <= 700; w++)
		for (low = 0; low < 2; low++) {
			/* 2^(w-1) and 2^w - 1: both ends of width w */
			snprintf(text, sizeof text, low ? "2^%lu" : "2^%lu - 1",
			         low ? w - 1 : w);
			bits = 0;
			CHECK(constant_eval(text, NULL, NULL, &bits, 65536, p, &err) == 0,
			      "%s: %s", text, err.msg);
			CHECK(bits == expected_word(w), "%s: %lu bits, expected %lu",
			      text, bits, expected_word(w));
			CHECK(mpz_sizeinbase(p, 2) == w, "%s", text);
		}
	mpz_clear(p);
}

Test(constant, word_rule_refuses)
{
	mpz_t p;
	cfx_err err;
	unsigned long bits;

	mpz_init(p);
	bits = 0;
	cr_assert_eq(constant_eval("5 - 5", NULL, NULL, &bits, 64, p, &err), -1);
	cr_assert_eq(err.code, CFX_EDOMAIN);
	cr_assert_str_eq(err.token, "5 - 5");
	bits = 0;
	cr_assert_eq(constant_eval("-3", NULL, NULL, &bits, 64, p, &err), -1);
	cr_assert_str_eq(err.token, "-3");
	/* wider than the word asked for: never reduced */
	bits = 32;
	cr_assert_eq(constant_eval("2^32", NULL, NULL, &bits, 64, p, &err), -1);
	cr_assert_str_eq(err.token, "2^32");
	bits = 32;
	cr_assert_eq(constant_eval("2^32 - 1", NULL, NULL, &bits, 64, p, &err), 0);
	cr_assert_eq(bits, 32);
	/* wider than the caller can take */
	bits = 0;
	cr_assert_eq(constant_eval("2^64", NULL, NULL, &bits, 64, p, &err), -1);
	cr_assert_str_eq(err.token, "2^64");
	bits = 0;
	cr_assert_eq(constant_eval("2^64 - 1", NULL, NULL, &bits, 64, p, &err), 0);
	cr_assert_eq(bits, 64);
	/* a word above the limit names the number asked for */
	bits = 128;
	cr_assert_eq(constant_eval("3", NULL, NULL, &bits, 64, p, &err), -1);
	cr_assert_str_eq(err.token, "128");
	/* an explicit small word is taken as asked */
	bits = 5;
	cr_assert_eq(constant_eval("31", NULL, NULL, &bits, 64, p, &err), 0);
	cr_assert_eq(bits, 5);
	bits = 5;
	cr_assert_eq(constant_eval("32", NULL, NULL, &bits, 64, p, &err), -1);
	mpz_clear(p);
}

/* ---- the derived forms ---------------------------------------------------- */

/* Euclid on p / 2^n (n <= 64): the quotients a0 = 0, a1, ... */
static size_t euclid(uint64_t p, unsigned n, unsigned __int128 *a)
{
	unsigned __int128 x = p, y = (unsigned __int128)1 << n, t;
	size_t k = 0;

	while (y) {
		a[k++] = x / y;
		t = x % y;
		x = y;
		y = t;
	}
	return k;
}

static int eq128(const mpz_t z, unsigned __int128 v)
{
	mpz_t w;
	int eq;

	mpz_init_set_ui(w, (uint64_t)(v >> 64));
	mpz_mul_2exp(w, w, 64);
	mpz_add_ui(w, w, (uint64_t)v);
	eq = mpz_cmp(z, w) == 0;
	mpz_clear(w);
	return eq;
}

static long ones_after_a0(const unsigned __int128 *a, size_t k)
{
	size_t i;

	for (i = 1; i < k && a[i] == 1; i++)
		;
	return (long)i - 1;
}

/* The NAF of p as n digits (the digit at 2^n, if any, dropped). */
static int naf_ref(uint64_t p, unsigned n, signed char *d)
{
	unsigned __int128 x = p;
	unsigned i;
	int top = 0;

	for (i = 0; x; i++) {
		int di = 0;
		if (x & 1) {
			di = (x & 3) == 1 ? 1 : -1;
			x = di == 1 ? x - 1 : x + 1;
		}
		if (i < n)
			d[i] = (signed char)di;
		else
			top |= di != 0;
		x >>= 1;
	}
	for (; i < n; i++)
		d[i] = 0;
	return top;
}

static void check_made(const char *text, uint64_t p, unsigned n)
{
	constant c;
	cfx_err err;
	unsigned __int128 a[140], am[140];
	signed char d[64];
	char hex[40];
	size_t k, km, i, mi = 0;
	long run, mrun;
	long double x, ip = (sqrtl(5.0L) - 1) / 2;
	int top;
	trng r = { p };

	CHECK(constant_make(&c, text, NULL, NULL, n, 64, &err) == 0, "%s: %s",
	      text, err.msg);
	CHECK(c.bits == n && c.p64 == p && mpz_get_ui(c.p) == p, "%s: value", text);
	snprintf(hex, sizeof hex, "0x%0*llx", (int)(n + 3) / 4, (unsigned long long)p);
	CHECK(!strcmp(c.hex, hex), "%s: hex %s, expected %s", text, c.hex, hex);

	/* the expansion, and its run of 1s or the mirror's */
	k = euclid(p, n, a);
	CHECK(c.cf.n == k, "%s: %zu terms, expected %zu", text, c.cf.n, k);
	for (i = 0; i < k && i < c.cf.n; i++) {
		CHECK(eq128(c.cf.a[i], a[i]), "%s: a%zu", text, i);
		if (i >= 1 && (!mi || a[i] > a[mi]))
			mi = i;
	}
	km = euclid((uint64_t)(((unsigned __int128)1 << n) - p), n, am);
	run = ones_after_a0(a, k);
	mrun = ones_after_a0(am, km);
	CHECK(c.golden.prefix == (mrun > run ? mrun : run) &&
	      c.golden.mirrored == (mrun > run), "%s: run %ld%s, expected %ld/%ld",
	      text, c.golden.prefix, c.golden.mirrored ? " (mirror)" : "", run, mrun);
	CHECK(c.golden.max_index == mi, "%s: largest at %zu, expected %zu", text,
	      c.golden.max_index, mi);

	/* closeness to 1/phi, of x and of 1 - x */
	x = (long double)p / ldexpl(1, (int)n);
	CHECK(fabsl(c.dist - fabsl(x - ip)) <= 1e-12L * (fabsl(x - ip) + 1e-30L) + 1e-18L,
	      "%s: dist %g", text, c.dist);
	CHECK(fabsl(c.mdist - fabsl(1 - x - ip)) <= 1e-12L * fabsl(1 - x - ip) + 1e-18L,
	      "%s: mdist %g", text, c.mdist);
	if (c.dist > 1e-15)
		CHECK(fabs(c.dbits + log2(c.dist)) < 1e-9, "%s: dbits", text);

	/* the NAF, its power sum and the shift/add program */
	top = naf_ref(p, n, d);
	CHECK(c.naf.bits == n && c.naf.wrapped == top, "%s: naf bits/wrap", text);
	for (i = 0; i < n; i++)
		CHECK(c.naf.d[i] == d[i], "%s: naf digit %zu", text, i);
	{
		mpz_t s;
		cfx_err e2;
		mpz_init(s);
		CHECK(constant_value(c.sum, NULL, NULL, s, &e2) == 0, "%s: sum '%s'",
		      text, c.sum);
		mpz_fdiv_r_2exp(s, s, n);
		CHECK(mpz_get_ui(s) == p, "%s: sum '%s' is not p", text, c.sum);
		mpz_clear(s);
	}
	for (i = 0; i < 64; i++) {
		uint64_t v = trng_next(&r) & tmask(n);
		CHECK(sas_eval(&c.sas, v) == ((v * p) & tmask(n)), "%s: shift/add", text);
	}
	CHECK(strstr(c.code, hex) != NULL, "%s: the C code names %s", text, hex);
	constant_free(&c);
	CHECK(c.hex == NULL && c.code == NULL, "%s: freed", text);
	constant_free(&c);                       /* twice: no operation */
}

Test(constant, make_derived_forms)
{
	static const struct { const char *text; uint64_t p; unsigned n; } c[] = {
		{ "0x9e370001", 0x9e370001, 32 },
		{ "golden(32)", 0x9e3779b9, 32 },
		{ "0x9e37fffffffc0001", 0x9e37fffffffc0001ULL, 64 },
		{ "golden(64)", 0x9e3779b97f4a7c16ULL, 64 },
		{ "2^64 - 1", ~0ULL, 64 },              /* NAF wraps: -1 */
		{ "1", 1, 64 },
		{ "3", 3, 2 },
		{ "0x5", 5, 3 },
	};
	trng r = { 1618 };
	char text[64];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++)
		check_made(c[i].text, c[i].p, c[i].n);
	for (i = 0; i < 400; i++) {
		unsigned n = 1 + (unsigned)trng_below(&r, 64);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1;
		snprintf(text, sizeof text, "%llu", (unsigned long long)p);
		check_made(text, p, n);
	}
}

Test(constant, make_fails_empty)
{
	constant c;
	cfx_err err;

	memset(&c, 0x5a, sizeof c);
	cr_assert_eq(constant_make(&c, "2^64", NULL, NULL, 0, 64, &err), -1);
	cr_assert_str_eq(err.token, "2^64");
	cr_assert(c.hex == NULL && c.sum == NULL && c.code == NULL && c.bits == 0);
	constant_free(&c);                       /* nothing to free */
	constant_free(NULL);
	memset(&c, 0x5a, sizeof c);
	cr_assert_eq(constant_make(&c, "1 +", NULL, NULL, 0, 64, &err), -1);
	cr_assert_eq(err.code, CFX_ESYNTAX);
	cr_assert(c.hex == NULL);
}
