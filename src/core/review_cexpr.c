/*
 * review_cexpr.c - a #define's value that is a constant expression of
 * integer literals, evaluated as C evaluates it, for `cfx review`
 * (review_ctx.c's defines; see review_int.h).
 *
 * "#define HASH_MULT -0x61C88647", "#define M (0x9e37 << 16 | 1)": each
 * literal takes the type C gives it (C11 6.4.4.1, LP64: review_width.c's
 * review_literal_type), an operator's operands the usual arithmetic
 * conversions (the wider type; of one width, the unsigned one), a shift
 * its left operand's promoted type, and a cast its type.  An unsigned
 * result wraps mod 2^bits; a signed one that does not fit is undefined in
 * C (said: what gcc gives, the two's complement wrap, is the value
 * kept).  The value is kept in its type, so a negative int is negative:
 * converted to the multiplier's word by the reader (mod 2^word, as C
 * converts it).  A token that starts with a digit and is no integer
 * literal (0x9e37zz01u) is a malformed literal, named; a floating
 * constant or an identifier makes the value no expression of literals.
 * A const's initialiser comes here too (review_alias.c's
 * review_cexpr_toks, the patch's defines in it expanded first): one
 * evaluator for both.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/review_int.h"

/* The parser's state: the text, where it is, and the depth of its
 * parentheses and unary operators (bounded: hostile input). */
typedef struct cx {
	const char *s;
	int depth;
	int rc;                  /* 0, -1 no expression, -2 malformed */
	review_cexpr *out;       /* its ub and bad */
} cx;

typedef struct cval {
	mpz_t v;
	unsigned bits;
	int sgn;
} cval;

#define CX_DEPTH 64

static void skip(cx *c)
{
	while (*c->s == ' ' || *c->s == '\t')
		c->s++;
}

static const char *type_name(unsigned bits, int sgn)
{
	return bits > 32 ? (sgn ? "long" : "unsigned long") :
	       (sgn ? "int" : "unsigned int");
}

/* v into its type: mod 2^bits, signed ones as two's complement; a
 * signed value that did not fit (what, the step) said once. */
static void fit(cx *c, cval *x, const char *what)
{
	mpz_t lo;

	mpz_init(lo);
	if (x->sgn) {
		mpz_ui_pow_ui(lo, 2, x->bits - 1);
		if ((mpz_cmp(x->v, lo) >= 0 || (mpz_neg(lo, lo),
		     mpz_cmp(x->v, lo) < 0)) && !c->out->ub[0])
			snprintf(c->out->ub, sizeof c->out->ub, "%s overflows "
			         "%s, which C leaves undefined (gcc wraps it)",
			         what, type_name(x->bits, 1));
	}
	mpz_fdiv_r_2exp(x->v, x->v, x->bits);
	if (x->sgn && mpz_tstbit(x->v, x->bits - 1)) {
		mpz_ui_pow_ui(lo, 2, x->bits);
		mpz_sub(x->v, x->v, lo);
	}
	mpz_clear(lo);
}

static void expr(cx *c, cval *x, int prec);

/* A cast "(u32)", "(unsigned long)": its width and signedness, and c->s
 * past it; 0 when what follows '(' is no integer type. */
static int cast(cx *c, unsigned *bits, int *sgn)
{
	const char *p = c->s;
	char name[48] = "";
	size_t n = 0;
	int il, uns = 0, longs = 0, any = 0;

	for (;;) {
		size_t k = 0;
		char word[24];
		while (*p == ' ' || *p == '\t')
			p++;
		while ((isalnum((unsigned char)p[k]) || p[k] == '_') && k < 23)
			k++;
		if (!k || !isalpha((unsigned char)*p))
			break;
		memcpy(word, p, k);
		word[k] = '\0';
		if (!strcmp(word, "unsigned"))
			uns = 1;
		else if (!strcmp(word, "long"))
			longs++;
		else if (!strcmp(word, "signed") || !strcmp(word, "int") ||
		         !strcmp(word, "const"))
			;
		else if (!any && (*bits = review_type_bits(word, 0, &il)) != 0)
			snprintf(name, sizeof name, "%s", word), n++;
		else
			return 0;
		any = 1;
		p += k;
	}
	if (!any || *p != ')')
		return 0;
	if (n) {
		*sgn = name[0] != 'u' && name[0] != '_' &&
		       strcmp(name, "size_t");
		if (!strncmp(name, "__u", 3) || !strcmp(name, "uintptr_t"))
			*sgn = 0;
	} else {
		*bits = longs ? 64 : 32;
		*sgn = !uns;
	}
	c->s = p + 1;
	return 1;
}

/* A literal, a group, a cast or a unary operator. */
static void unary(cx *c, cval *x)
{
	const char *p;
	size_t n;

	skip(c);
	if (c->rc || ++c->depth > CX_DEPTH) {
		c->rc = c->rc ? c->rc : -1;
		return;
	}
	p = c->s;
	if (*p == '-' || *p == '+' || *p == '~') {
		c->s++;
		unary(c, x);
		if (*p == '-') {
			mpz_neg(x->v, x->v);
			fit(c, x, "the negation");
		} else if (*p == '~') {
			mpz_com(x->v, x->v);
			fit(c, x, "~");
		}
	} else if (*p == '(') {
		unsigned cb;
		int cs;
		c->s++;
		if (cast(c, &cb, &cs)) {
			unary(c, x);
			/* a type narrower than int: cut to it, then promoted */
			x->bits = cb;
			x->sgn = cs;
			fit(c, x, "the cast");
			if (cb < 32)
				x->bits = 32, x->sgn = 1;
		} else {
			expr(c, x, 0);
			skip(c);
			if (*c->s != ')')
				c->rc = c->rc ? c->rc : -1;
			else
				c->s++;
		}
	} else if (isdigit((unsigned char)*p)) {
		cwidth w;
		char num[64];
		for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '_' ||
		     p[n] == '.'; n++)
			;
		snprintf(num, sizeof num, "%.*s", (int)(n < 63 ? n : 63), p);
		c->s += n;
		if (memchr(p, '.', n) || (!strpbrk(num, "xX") &&
		    strpbrk(num, "eE"))) {
			c->rc = -1;             /* a floating constant */
		} else if (n > 63 || review_literal(num, x->v, NULL) < 0 ||
		           review_literal_type(num, &w) < 0) {
			snprintf(c->out->bad, sizeof c->out->bad, "%s", num);
			c->rc = -2;
		} else {
			x->bits = w.bits[LP64];
			x->sgn = strncmp(w.type[LP64], "unsigned", 8) != 0;
		}
	} else {
		c->rc = c->rc ? c->rc : -1;   /* a name, or nothing */
	}
	c->depth--;
}

/* The binary operators C's grammar has above the conditional, by
 * precedence (higher binds tighter). */
static const struct { const char *op; int prec; } ops[] = {
	{ "<<", 5 }, { ">>", 5 }, { "|", 1 }, { "^", 2 }, { "&", 3 },
	{ "+", 6 }, { "-", 6 }, { "*", 7 }, { "/", 7 }, { "%", 7 },
};

static int op_at(const char *s, int *prec)
{
	size_t k;

	if ((s[0] == '&' && s[1] == '&') || (s[0] == '|' && s[1] == '|'))
		return -1;
	for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
		if (!strncmp(s, ops[k].op, strlen(ops[k].op))) {
			*prec = ops[k].prec;
			return (int)k;
		}
	return -1;
}

/* x OP y in C: the usual arithmetic conversions (a shift: x's type). */
static void apply(cx *c, cval *x, cval *y, const char *op)
{
	char what[40];

	if (op[0] == '<' || op[0] == '>') {
		if (mpz_sgn(y->v) < 0 || mpz_cmp_ui(y->v, x->bits) >= 0) {
			if (!c->out->ub[0])
				snprintf(c->out->ub, sizeof c->out->ub, "a shift "
				         "by %s of a %u-bit %s, which C leaves "
				         "undefined", mpz_sgn(y->v) < 0 ?
				         "a negative count" : "its width or more",
				         x->bits, type_name(x->bits, x->sgn));
			mpz_set_ui(x->v, 0);
			return;
		}
		if (op[0] == '<') {
			if (x->sgn && mpz_sgn(x->v) < 0 && !c->out->ub[0])
				snprintf(c->out->ub, sizeof c->out->ub, "a left "
				         "shift of a negative int, which C leaves "
				         "undefined");
			mpz_mul_2exp(x->v, x->v, mpz_get_ui(y->v));
		} else {
			mpz_fdiv_q_2exp(x->v, x->v, mpz_get_ui(y->v));
		}
	} else {
		if (y->bits > x->bits || (y->bits == x->bits && !y->sgn))
			x->bits = y->bits, x->sgn = y->sgn;
		if (!x->sgn) {          /* both in the unsigned type */
			mpz_fdiv_r_2exp(x->v, x->v, x->bits);
			mpz_fdiv_r_2exp(y->v, y->v, x->bits);
		}
		switch (op[0]) {
		case '+': mpz_add(x->v, x->v, y->v); break;
		case '-': mpz_sub(x->v, x->v, y->v); break;
		case '*': mpz_mul(x->v, x->v, y->v); break;
		case '|': mpz_ior(x->v, x->v, y->v); break;
		case '^': mpz_xor(x->v, x->v, y->v); break;
		case '&': mpz_and(x->v, x->v, y->v); break;
		default:
			if (!mpz_sgn(y->v)) {
				c->rc = -1;     /* a division by 0: no value */
				return;
			}
			if (op[0] == '/')
				mpz_tdiv_q(x->v, x->v, y->v);
			else
				mpz_tdiv_r(x->v, x->v, y->v);
		}
	}
	snprintf(what, sizeof what, "the %s", op[0] == '<' ? "left shift" :
	         op[0] == '*' ? "product" : op[0] == '+' ? "sum" :
	         op[0] == '-' ? "difference" : "operation");
	fit(c, x, what);
}

/* A binary expression whose operators bind tighter than prec. */
static void expr(cx *c, cval *x, int prec)
{
	int k, p;

	unary(c, x);
	for (;;) {
		cval y;
		skip(c);
		if (c->rc || (k = op_at(c->s, &p)) < 0 || p <= prec)
			return;
		c->s += strlen(ops[k].op);
		mpz_init(y.v);
		expr(c, &y, p);
		if (!c->rc)
			apply(c, x, &y, ops[k].op);
		mpz_clear(y.v);
	}
}

int review_cexpr_eval(const char *s, review_cexpr *e)
{
	cx c = { s, 0, 0, e };
	cval x;

	memset(e->ub, 0, sizeof e->ub);
	memset(e->bad, 0, sizeof e->bad);
	mpz_init(x.v);
	x.bits = 32;
	x.sgn = 1;
	expr(&c, &x, 0);
	skip(&c);
	if (!c.rc && *c.s)
		c.rc = -1;
	if (!c.rc) {
		mpz_set(e->v, x.v);
		e->bits = x.bits;
		e->sgn = x.sgn;
		snprintf(e->type, sizeof e->type, "%s",
		         type_name(x.bits, x.sgn));
	}
	mpz_clear(x.v);
	return c.rc;
}
