/*
 * review_phi.c - identities and values a comment writes with phi, for
 * `cfx review` (see review_int.h): "phi = (sqrt(5)-1)/2", "(1 - phi) =
 * phi**2 = (3 - sqrt(5))/2", "phi = 1.618", each chain of '=' whose
 * sides are arithmetic on phi, square roots and numbers (+ - * / ^ **,
 * parentheses; 0.618 to the digits written) checked in the convention
 * the comment defines: phi is what its first "phi = EXPR" says (Linux's
 * include/linux/hash.h takes phi = (sqrt(5)-1)/2, the golden ratio's
 * conjugate), else the golden ratio (1 + sqrt(5))/2.  Confirmed: a NOTE
 * with the value; wrong: a WARNING with each side's value, and the other
 * convention named when the chain holds in it.  Then the constant: when
 * its value over 2^n is one of those values v (or 1 - v, its negative
 * mod 2^n), said so ("0x61c88647 / 2^32 = 0.381966 = (1 - phi)"); when a
 * sentence says the constants are v ("These are (1 - phi) = ...") and
 * they are not, a WARNING with the value they have.
 *
 * Every value is computed with MPFR at 256 bits.  review_check.c calls
 * review_phi_check; this file calls review_claim.c's readers.
 */
#include <ctype.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PREC 256
#define MAX_MT 96                /* tokens of one chain */
#define MAX_PARTS 8              /* its sides */

/* A token of a chain: a number (its text, decimals: digits after its
 * point, -1 for an integer), phi, sqrt, or an operator ('+', '-', '*',
 * '/', '^', '(', ')', '='). */
typedef struct mtok {
	char k;                      /* 'n', 'p', 's', or the operator */
	const char *a, *b;           /* its text */
	int decimals;
} mtok;

typedef struct chain {
	mtok t[MAX_MT];
	size_t n;
	size_t part[MAX_PARTS + 1];  /* side i: t[part[i], part[i+1] - 1) */
	size_t nparts;
} chain;

/* The math token at s (into *m), its end; NULL when s starts none (a
 * word, a comma, a sentence's full stop). */
static const char *mt_at(const char *s, mtok *m)
{
	static const struct { const char *s; char k; } ops[] = {
		{ "**", '^' }, { "\xe2\x88\x9a", 's' }, { "\xe2\x88\x92", '-' },
		{ "\xc3\x97", '*' }, { "\xc2\xb7", '*' }, { "\xcf\x86", 'p' },
		{ "+", '+' }, { "-", '-' }, { "*", '*' }, { "/", '/' },
		{ "^", '^' }, { "(", '(' }, { ")", ')' }, { "=", '=' } };
	size_t i, n;

	m->a = s;
	m->decimals = -1;
	if (isdigit((unsigned char)*s)) {
		const char *e = s;
		if (e[0] == '0' && (e[1] == 'x' || e[1] == 'X'))
			for (e += 2; isxdigit((unsigned char)*e); e++)
				;
		else {
			while (isdigit((unsigned char)*e))
				e++;
			if (*e == '.' && isdigit((unsigned char)e[1])) {
				const char *f = ++e;
				while (isdigit((unsigned char)*e))
					e++;
				m->decimals = (int)(e - f);
			}
		}
		if (isalnum((unsigned char)*e) || *e == '_')
			return NULL;
		/* a large integer stands for a value to the unit:
		 * "2^32/phi = 2654435769" */
		if (m->decimals < 0 && e - s > 3)
			m->decimals = 0;
		m->k = 'n';
		return m->b = e;
	}
	if (isalpha((unsigned char)*s)) {
		for (n = 0; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
			;
		if (n == 3 && !strncasecmp(s, "phi", 3))
			m->k = 'p';
		else if (n == 4 && !strncmp(s, "sqrt", 4))
			m->k = 's';
		else
			return NULL;
		return m->b = s + n;
	}
	for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (!strncmp(s, ops[i].s, strlen(ops[i].s))) {
			if (ops[i].k == '=' && s[1] == '=')
				return NULL;       /* C's == */
			m->k = ops[i].k;
			return m->b = s + strlen(ops[i].s);
		}
	return NULL;
}

/* ---- the evaluator: each side, recursive descent ----------------------- */

typedef struct evl {
	const mtok *t;
	size_t i, n;
	mpfr_srcptr phi;
	int bad;
} evl;

static void ev_sum(evl *e, mpfr_t r);

static void ev_primary(evl *e, mpfr_t r)
{
	const mtok *m;

	if (e->i >= e->n) {
		e->bad = 1;
		return;
	}
	m = &e->t[e->i++];
	if (m->k == 'n') {
		char buf[64];
		snprintf(buf, sizeof buf, "%.*s", (int)(m->b - m->a), m->a);
		if (mpfr_set_str(r, buf, 0, MPFR_RNDN))
			e->bad = 1;
	} else if (m->k == 'p')
		mpfr_set(r, e->phi, MPFR_RNDN);
	else if (m->k == 's') {
		ev_primary(e, r);        /* sqrt(5), sqrt 5, the root sign */
		mpfr_sqrt(r, r, MPFR_RNDN);
	} else if (m->k == '(') {
		ev_sum(e, r);
		if (e->i >= e->n || e->t[e->i].k != ')')
			e->bad = 1;
		else
			e->i++;
	} else
		e->bad = 1;
}

static void ev_unary(evl *e, mpfr_t r)
{
	if (e->i < e->n && (e->t[e->i].k == '-' || e->t[e->i].k == '+')) {
		int neg = e->t[e->i++].k == '-';
		ev_unary(e, r);
		if (neg)
			mpfr_neg(r, r, MPFR_RNDN);
		return;
	}
	ev_primary(e, r);
	if (e->i < e->n && e->t[e->i].k == '^') {
		mpfr_t x;
		e->i++;
		mpfr_init2(x, PREC);
		ev_unary(e, x);          /* right to left */
		mpfr_pow(r, r, x, MPFR_RNDN);
		mpfr_clear(x);
	}
}

/* A sum (sum set: terms joined by + and -) or a product (factors joined
 * by * and /), left to right. */
static void ev_terms(evl *e, mpfr_t r, int sum)
{
	mpfr_t x;

	if (sum)
		ev_terms(e, r, 0);
	else
		ev_unary(e, r);
	mpfr_init2(x, PREC);
	while (!e->bad && e->i < e->n &&
	       strchr(sum ? "+-" : "*/", e->t[e->i].k)) {
		char op = e->t[e->i++].k;
		if (sum)
			ev_terms(e, x, 0);
		else
			ev_unary(e, x);
		if (op == '+')
			mpfr_add(r, r, x, MPFR_RNDN);
		else if (op == '-')
			mpfr_sub(r, r, x, MPFR_RNDN);
		else if (op == '*')
			mpfr_mul(r, r, x, MPFR_RNDN);
		else
			mpfr_div(r, r, x, MPFR_RNDN);
	}
	mpfr_clear(x);
}

static void ev_sum(evl *e, mpfr_t r)
{
	ev_terms(e, r, 1);
}

/* The value of tokens [a, b) with phi: 0, or -1 when they are no whole
 * expression or it has no finite value. */
static int eval(const mtok *t, size_t a, size_t b, mpfr_srcptr phi, mpfr_t r)
{
	evl e = { t + a, 0, b - a, phi, 0 };

	if (b <= a)
		return -1;
	ev_sum(&e, r);
	return e.bad || e.i != e.n || !mpfr_number_p(r) ? -1 : 0;
}

/* ---- chains ------------------------------------------------------------- */

static int has_kind(const chain *c, size_t a, size_t b, char k)
{
	for (; a < b; a++)
		if (c->t[a].k == k)
			return 1;
	return 0;
}

/* The chains of '=' at or after *s: the next one into c (its sides each a
 * whole expression; a first side that is not is cut from the left, a
 * last one from the right), *s past it.  0 when there is none. */
static int next_chain(const char *cl_text, const char **s, chain *c,
                      mpfr_srcptr phi)
{
	const char *p = *s;
	mpfr_t v;
	int ok = 0;

	mpfr_init2(v, PREC);
	while (*p && !ok) {
		const char *q;
		size_t k;
		c->n = 0;
		while (*p && !mt_at(p, &c->t[0])) {
			if (isalnum((unsigned char)*p) || *p == '_')
				while (isalnum((unsigned char)*p) || *p == '_')
					p++;       /* a word: phi only as a whole one */
			else
				p++;
		}
		/* a run of math tokens, blanks between them */
		/* "round(...)", "floor(...)": a function it does not know */
		if (c->t[0].k == '(' && p > cl_text && (isalnum((unsigned char)
		    p[-1]) || p[-1] == '_')) {
			p++;
			continue;
		}
		while (*p && c->n < MAX_MT && (q = mt_at(p, &c->t[c->n]))) {
			c->n++;
			for (p = q; *p == ' ' || *p == '\t' || *p == '\n'; p++)
				;
		}
		c->nparts = 0;
		c->part[c->nparts++] = 0;
		for (k = 0; k < c->n && c->nparts < MAX_PARTS; k++)
			if (c->t[k].k == '=')
				c->part[c->nparts++] = k + 1;
		c->part[c->nparts] = c->n + 1;
		/* "= 0,1,1,1,...", "= 1, 1, 2": its last side begins a list
		 * (a continued fraction's terms), no value */
		if (c->nparts >= 2 && ((*p == ',' && isdigit((unsigned char)
		    p[1 + strspn(p + 1, " ")])) || !strncmp(p, "...", 3)))
			c->nparts--;
		if (c->nparts < 2 || (!has_kind(c, 0, c->n, 'p') &&
		    !has_kind(c, 0, c->n, 's')))
			continue;
		/* the first side from the left, the last from the right */
		while (c->part[0] + 1 < c->part[1] - 1 &&
		       eval(c->t, c->part[0], c->part[1] - 1, phi, v) < 0)
			c->part[0]++;
		while (c->part[c->nparts] - 1 > c->part[c->nparts - 1] + 1 &&
		       eval(c->t, c->part[c->nparts - 1], c->part[c->nparts] - 1,
		            phi, v) < 0)
			c->part[c->nparts]--;
		ok = 1;
		for (k = 0; k < c->nparts && ok; k++)
			ok = eval(c->t, c->part[k], c->part[k + 1] - 1, phi, v) == 0;
	}
	mpfr_clear(v);
	*s = p;
	return ok;
}

/* The tolerance side k is written to: 10^-d for the most decimals d a
 * number of it has ("0.618034"), else 0 (exact). */
static double side_tol(const chain *c, size_t k)
{
	size_t i;
	int d = -1;

	for (i = c->part[k]; i + 1 < c->part[k + 1]; i++)
		if (c->t[i].k == 'n' && c->t[i].decimals > d)
			d = c->t[i].decimals;
	double tol = 1;

	if (d < 0)
		return 0;
	while (d-- > 0 && tol > 1e-30)
		tol /= 10;
	return tol;
}

/* The text of sides [k0, k1) of c as written, blanks folded, into q. */
static void sides_text(struct buf *q, const claims *cl, const chain *c,
                       size_t k0, size_t k1)
{
	const char *a = c->t[c->part[k0]].a, *b = c->t[c->part[k1] - 2].b;

	review_quote(q, cl->text, (size_t)(a - cl->text), (size_t)(b - cl->text));
}

/* v with 6 decimals */
static void show(char *s, size_t n, mpfr_srcptr v)
{
	mpfr_snprintf(s, n, "%.6Rf", v);
}

/* Whether every side of c has the first side's value (to the digits each
 * is written to) with phi; the sides' values into vals. */
static int holds(const chain *c, mpfr_srcptr phi, mpfr_t *vals)
{
	size_t k;
	int ok = 1;
	mpfr_t d;

	mpfr_init2(d, PREC);
	for (k = 0; k < c->nparts; k++)
		if (eval(c->t, c->part[k], c->part[k + 1] - 1, phi, vals[k]) < 0)
			ok = 0;
	for (k = 1; k < c->nparts && ok; k++) {
		/* w the side written to fewer digits, e the other */
		int wk = side_tol(c, k) > side_tol(c, 0);
		double tol = side_tol(c, wk ? k : 0);
		mpfr_srcptr w = vals[wk ? k : 0], e = vals[wk ? 0 : k];
		mpfr_sub(d, e, w, MPFR_RNDN);
		mpfr_abs(d, d, MPFR_RNDN);
		/* exact sides: equal to 2^-200, relative */
		if (tol == 0) {
			mpfr_t m;
			mpfr_init2(m, PREC);
			mpfr_abs(m, vals[0], MPFR_RNDN);
			if (mpfr_cmp_ui(m, 1) < 0)
				mpfr_set_ui(m, 1, MPFR_RNDN);
			mpfr_div_2ui(m, m, 200, MPFR_RNDN);
			ok = mpfr_cmp(d, m) <= 0;
			mpfr_clear(m);
		} else
			/* rounded to its digits, or cut there (e beyond w,
			 * within one unit of its last digit) */
			ok = mpfr_cmp_d(d, tol / 2 * (1 + 1e-9)) <= 0 ||
			     (mpfr_cmp_d(d, tol) < 0 && mpfr_sgn(e) == mpfr_sgn(w) &&
			      mpfr_cmpabs(e, w) >= 0);
	}
	mpfr_clear(d);
	return ok;
}

/* The comment's phi: its first "phi = EXPR" with no phi in EXPR (a value
 * within its digits of (sqrt(5) - 1)/2 or (1 + sqrt(5))/2 taken as that
 * one), its text into how; else the golden ratio.  1 when defined. */
static int convention(const claims *cl, mpfr_t phi, struct buf *how)
{
	const char *s = cl->text;
	chain c;
	int found = 0;

	mpfr_sqrt_ui(phi, 5, MPFR_RNDN);
	mpfr_add_ui(phi, phi, 1, MPFR_RNDN);
	mpfr_div_2ui(phi, phi, 1, MPFR_RNDN);
	while (!found && next_chain(cl->text, &s, &c, phi)) {
		mpfr_t v, g, d;
		if (c.part[1] - 1 != c.part[0] + 1 || c.t[c.part[0]].k != 'p' ||
		    has_kind(&c, c.part[1], c.part[2] - 1, 'p'))
			continue;
		mpfr_inits2(PREC, v, g, d, (mpfr_ptr)0);
		eval(c.t, c.part[1], c.part[2] - 1, phi, v);
		sides_text(how, cl, &c, 0, 2);
		found = 1;
		/* phi as written, or the exact one it is written to */
		mpfr_set(g, phi, MPFR_RNDN);
		mpfr_sub(d, v, g, MPFR_RNDN);
		mpfr_abs(d, d, MPFR_RNDN);
		if (mpfr_cmp_d(d, side_tol(&c, 1) + 1e-60) > 0) {
			mpfr_sub_ui(g, g, 1, MPFR_RNDN);      /* 1/phi = phi - 1 */
			mpfr_sub(d, v, g, MPFR_RNDN);
			mpfr_abs(d, d, MPFR_RNDN);
			mpfr_set(phi, mpfr_cmp_d(d, side_tol(&c, 1) + 1e-60) <= 0 ? g
			         : v, MPFR_RNDN);
		}
		mpfr_clears(v, g, d, (mpfr_ptr)0);
	}
	return found;
}

/* One chain checked: a NOTE when it holds with phi, else a WARNING with
 * each side's value, and the other convention (phi2) when it holds
 * there. */
static void chain_verdict(claims *cl, const chain *c, mpfr_srcptr phi,
                          mpfr_srcptr phi2, const char *conv, mpfr_t *vals)
{
	struct buf q = { 0 }, vs = { 0 };
	char v[64], p2[64];
	unsigned long line = review_claim_line(cl, c->t[c->part[0]].a);
	size_t k;

	sides_text(&q, cl, c, 0, c->nparts);
	if (holds(c, phi, vals)) {
		show(v, sizeof v, vals[0]);
		review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi, "claim",
		           "%s: confirmed with %s: each side is %s", buf_str(&q),
		           conv, v);
	} else {
		mpfr_t *alt = vals + MAX_PARTS;
		for (k = 0; k < c->nparts; k++) {
			struct buf sk = { 0 };
			sides_text(&sk, cl, c, k, k + 1);
			show(v, sizeof v, vals[k]);
			buf_printf(&vs, "%s%s = %s", k ? ", " : "", buf_str(&sk), v);
			buf_free(&sk);
		}
		show(p2, sizeof p2, phi2);
		review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
		           "%s: wrong with %s: %s%s%s%s", buf_str(&q), conv,
		           buf_str(&vs), holds(c, phi2, alt) ? "; it holds with phi "
		           "= " : "", holds(c, phi2, alt) ? p2 : "",
		           holds(c, phi2, alt) ? (mpfr_cmp_ui(phi2, 1) < 0 ?
		           ", the conjugate (sqrt(5) - 1)/2" : ", the golden ratio "
		           "(1 + sqrt(5))/2") : "");
	}
	buf_free(&vs);
	buf_free(&q);
}

/* Whether the sentence of at says, before it, that something is what
 * follows ("These are the negative, (1 - phi) = ...", "It is phi^2"). */
static int claimed(const claims *cl, const char *at)
{
	size_t off = (size_t)(at - cl->text), k;

	for (k = 0; k < cl->ns; k++)
		if (cl->s[k].a <= off && off < cl->s[k].b) {
			char *pre = xstrndup(cl->text + cl->s[k].a, off - cl->s[k].a);
			int yes = review_word_ci(pre, "is") ||
			          review_word_ci(pre, "are");
			free(pre);
			return yes;
		}
	return 0;
}

/* What the constant's value over 2^n is of the chains' values in (0, 1)
 * (a candidate v, as written: text): how near p is to v 2^n. */
typedef struct frac {
	int have;
	mpfr_t v;
	char text[128];
	unsigned long line;
} frac;

static void frac_keep(frac *f, mpfr_srcptr v, const char *text,
                      unsigned long line)
{
	if (f->have)
		return;
	f->have = 1;
	mpfr_set(f->v, v, MPFR_RNDN);
	snprintf(f->text, sizeof f->text, "%s", text);
	f->line = line;
}

/* The constant p (bits n) against v: 1 when |p - v 2^n| < 1. */
static int near(mpz_srcptr p, unsigned n, mpfr_srcptr v)
{
	mpfr_t y;
	int r;

	mpfr_init2(y, PREC);
	mpfr_mul_2ui(y, v, n, MPFR_RNDN);
	mpfr_sub_z(y, y, p, MPFR_RNDN);
	mpfr_abs(y, y, MPFR_RNDN);
	r = mpfr_cmp_ui(y, 1) < 0;
	mpfr_clear(y);
	return r;
}

/* The finding on the constant's fraction: f[0] a value it is within 1
 * of, f[1] one whose 1 - v it is, f[2] one a sentence says it is. */
static void frac_verdict(claims *cl, frac *f, mpfr_srcptr phi, int defined)
{
	mpz_srcptr p = review_written(cl->m);
	unsigned n = cl->m->bits;
	char *hex = word_hex(p, n), xs[64], vs[64], ys[80], ps[64];
	const char *how;
	mpfr_t x, y, t;
	mpz_t r;

	mpfr_inits2(PREC, x, y, t, (mpfr_ptr)0);
	mpz_init(r);
	mpfr_set_z(x, p, MPFR_RNDN);
	mpfr_div_2ui(x, x, n, MPFR_RNDN);
	show(xs, sizeof xs, x);
	show(ps, sizeof ps, phi);
	if (f[0].have) {
		mpfr_mul_2ui(y, f[0].v, n, MPFR_RNDN);
		mpfr_snprintf(ys, sizeof ys, "%.2Rf", y);
		mpfr_get_z(r, y, MPFR_RNDN);
		/* the odd integer nearest y: 2 round((y - 1)/2) + 1 */
		mpfr_sub_ui(t, y, 1, MPFR_RNDN);
		mpfr_div_2ui(t, t, 1, MPFR_RNDN);
		how = !mpz_cmp(r, p) ? "its nearest integer" : "the odd integer "
		      "nearest it";
		mpfr_get_z(r, t, MPFR_RNDN);
		mpz_mul_2exp(r, r, 1);
		mpz_add_ui(r, r, 1);
		if (strcmp(how, "its nearest integer") && mpz_cmp(r, p))
			how = "within 1 of it";
		mpfr_ui_sub(t, 1, phi, MPFR_RNDN);
		review_add(cl->r, REVIEW_NOTE, cl->m->file, f[0].line, cl->mi,
		           "claim", "%s / 2^%u = %s = %s%s%s: confirmed, %s * 2^%u "
		           "= %s and %s is %s", hex, n, xs, f[0].text, defined &&
		           mpfr_cmp_ui(phi, 1) < 0 && near(p, n, t) ? " = 1 - " :
		           "", defined && mpfr_cmp_ui(phi, 1) < 0 && near(p, n, t) ?
		           ps : "", f[0].text, n, ys, hex, how);
	} else if (f[1].have) {
		char *neg;
		show(vs, sizeof vs, f[1].v);
		mpz_set_ui(r, 0);
		mpz_setbit(r, n);
		mpz_sub(r, r, p);
		neg = word_hex(r, n);
		review_add(cl->r, REVIEW_NOTE, cl->m->file, f[1].line, cl->mi,
		           "claim", "%s / 2^%u = %s = 1 - %s, 1 - %s: the constant "
		           "is the negative of %s * 2^%u mod 2^%u (2^%u - %s = %s, "
		           "within 1 of %s * 2^%u)", hex, n, xs, vs, f[1].text,
		           f[1].text, n, n, n, hex, neg, f[1].text, n);
		free(neg);
	} else if (f[2].have) {
		/* to 12 decimals: near values differ there */
		mpfr_snprintf(xs, sizeof xs, "%.12Rf", x);
		mpfr_snprintf(vs, sizeof vs, "%.12Rf", f[2].v);
		mpfr_mul_2ui(y, f[2].v, n, MPFR_RNDN);
		mpfr_snprintf(ys, sizeof ys, "%.2Rf", y);
		review_add(cl->r, REVIEW_WARNING, cl->m->file, f[2].line, cl->mi,
		           "claim", "%s / 2^%u = %s, not %s = %s: %s * 2^%u = %s, "
		           "which %s is not within 1 of", hex, n, xs, f[2].text, vs,
		           f[2].text, n, ys, hex);
	}
	mpz_clear(r);
	mpfr_clears(x, y, t, (mpfr_ptr)0);
	free(hex);
}

void review_phi_check(claims *cl)
{
	mpfr_t phi, phi2, vals[2 * MAX_PARTS];
	struct buf how = { 0 };
	frac f[3] = { { 0 } };
	char conv[256], ps[64];
	const char *s = cl->text;
	chain c;
	int defined, k, first = 1;

	if (!review_word_ci(cl->text, "phi") && !strstr(cl->text, "\xcf\x86"))
		return;
	mpfr_inits2(PREC, phi, phi2, (mpfr_ptr)0);
	for (k = 0; k < 2 * MAX_PARTS; k++)
		mpfr_init2(vals[k], PREC);
	for (k = 0; k < 3; k++)
		mpfr_init2(f[k].v, PREC);
	defined = convention(cl, phi, &how);
	show(ps, sizeof ps, phi);
	/* the other convention: 1/phi */
	mpfr_ui_div(phi2, 1, phi, MPFR_RNDN);
	if (defined)
		snprintf(conv, sizeof conv, "phi = %s (the comment's %.120s)", ps,
		         buf_str(&how));
	else
		snprintf(conv, sizeof conv, "phi = %s, the golden ratio (1 + "
		         "sqrt(5))/2 (the comment defines no other phi)", ps);
	while (next_chain(cl->text, &s, &c, phi)) {
		unsigned long line = review_claim_line(cl, c.t[c.part[0]].a);
		int def = c.nparts == 2 && c.part[1] - 1 == c.part[0] + 1 &&
		          c.t[c.part[0]].k == 'p' &&
		          !has_kind(&c, c.part[1], c.part[2] - 1, 'p');
		struct buf q = { 0 };
		review_claim_read(cl, c.t[c.part[0]].a, c.t[c.n - 1].b);
		if (def && first && defined) {
			first = 0;
			review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi,
			           "claim", "%s = %s: the comment's phi%s; its claims "
			           "are read with it", buf_str(&how), ps,
			           mpfr_cmp_ui(phi, 1) < 0 ? ", the golden ratio's "
			           "conjugate (1/phi of (1 + sqrt(5))/2 = 1.618034)" :
			           "");
			mpfr_set(vals[0], phi, MPFR_RNDN);
		} else {
			chain_verdict(cl, &c, phi, phi2, conv, vals);
			if (!holds(&c, phi, vals))
				continue;
		}
		if (mpfr_sgn(vals[0]) <= 0 || mpfr_cmp_ui(vals[0], 1) >= 0)
			continue;
		sides_text(&q, cl, &c, 0, 1);
		if (near(review_written(cl->m), cl->m->bits, vals[0]))
			frac_keep(&f[0], vals[0], buf_str(&q), line);
		else {
			mpfr_t o;
			mpfr_init2(o, PREC);
			mpfr_ui_sub(o, 1, vals[0], MPFR_RNDN);
			if (near(review_written(cl->m), cl->m->bits, o))
				frac_keep(&f[1], vals[0], buf_str(&q), line);
			else if (!def && claimed(cl, c.t[c.part[0]].a))
				frac_keep(&f[2], vals[0], buf_str(&q), line);
			mpfr_clear(o);
		}
		buf_free(&q);
	}
	frac_verdict(cl, f, phi, defined);
	for (k = 0; k < 3; k++)
		mpfr_clear(f[k].v);
	for (k = 0; k < 2 * MAX_PARTS; k++)
		mpfr_clear(vals[k]);
	mpfr_clears(phi, phi2, (mpfr_ptr)0);
	buf_free(&how);
}
