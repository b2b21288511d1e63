/*
 * review_overflow.c - the index overflow check of `cfx review`: a
 * product wider than 32 bits that reaches a >> (32 - b) leaves more bits
 * than the table has (review_overflow_check, an ERROR), and whether a
 * variable is declared signed (review_signed_var).  Split from
 * review_width.c, whose readers of a statement and a type it uses
 * (review_statement_of, review_type_width_at, review_operand_width, ...;
 * see review_int.h).
 *
 * C rules it relies on: a product is computed in the wider of its
 * operands' types (the usual arithmetic conversions, C11 6.3.1.8), and
 * the integer promotions never go below int's 32 bits; each is worked
 * out in both data models a kernel is built for, LP64 and ILP32
 * (cwidth), since long differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"

static const char *const model_name[NMODEL] = { "LP64", "ILP32" };

/* Whether the C type t[a..e] is a signed integer type: int, long,
 * short, char, signed, s8..s64, int8_t..int64_t, ssize_t, with no
 * "unsigned". */
static int signed_type(const tok *t, size_t a, size_t e)
{
	static const char *const sg[] = { "int", "long", "short", "signed",
		"s8", "s16", "s32", "s64", "__s8", "__s16", "__s32", "__s64",
		"int8_t", "int16_t", "int32_t", "int64_t", "ssize_t", "intptr_t",
		NULL };
	size_t k, j;
	int any = 0;

	for (k = a; k <= e; k++) {
		if (!strcmp(t[k].s, "unsigned"))
			return 0;
		for (j = 0; sg[j]; j++)
			any |= !strcmp(t[k].s, sg[j]);
	}
	return any;
}

int review_signed_var(const walk *w, const char *name, unsigned long line,
                      char *type, size_t n)
{
	const tok *t = w->v.t;
	size_t lo = 0, hi = w->v.n, k, low;
	int depth = 0;

	while (lo < hi) {          /* the first token past line */
		size_t mid = lo + (hi - lo) / 2;
		if (t[mid].line <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the function around it: from its parameter list on */
	{
		size_t a, b;
		if (!lo || !review_fn_of(w, lo - 1, &a, &b))
			return 0;
		low = a;
		if (low > 0 && !strcmp(t[low - 1].s, ")"))
			for (k = low - 1; k > 0; k--) {
				if (!strcmp(t[k].s, ")"))
					depth++;
				else if (!strcmp(t[k].s, "(") && !--depth) {
					low = k;
					break;
				}
			}
	}
	/* back to the nearest declaration of name */
	for (k = lo; k-- > low + 1;) {
		if (t[k].type != T_IDENT || strcmp(t[k].s, name) ||
		    t[k - 1].type != T_IDENT)
			continue;
		{
			size_t e = k - 1, b = e;
			while (b > 0 && t[b - 1].type == T_IDENT &&
			       review_is_type_word(t[b - 1].s))
				b--;
			if (!review_is_type_word(t[e].s) && !signed_type(t, e, e))
				continue;
			review_type_text(t, b, e, type, n);
			return signed_type(t, b, e);
		}
	}
	return 0;
}

/* Whether t[k..] is ">> (32 -" or ">>= (32 -". */
static int shift_by_32_minus(const tok *t, size_t k, size_t n)
{
	return k + 3 < n && t[k].type == T_OP && (!strcmp(t[k].s, ">>") ||
	       !strcmp(t[k].s, ">>=")) && !strcmp(t[k + 1].s, "(") &&
	       !strcmp(t[k + 2].s, "32") && !strcmp(t[k + 3].s, "-");
}

/* The variable statement [a, b) keeps its value in ("TYPE v = ...;",
 * "v = ...;", "v *= ...;"), its type into o, its name token into *at.
 * 0, or -1 if it keeps none. */
static int kept_in(const walk *w, size_t a, size_t b, size_t *at, cwidth *o)
{
	const tok *t = w->v.t;
	size_t k = a, e, first;

	while (k < b && (!strcmp(t[k].s, "static") || !strcmp(t[k].s, "const")
	       || !strcmp(t[k].s, "register")))
		k++;
	for (e = k; e + 1 < b && review_type_kw(&t[e + 1]) && review_type_kw(&t[k]); e++)
		;
	if (e + 2 < b && t[e + 1].type == T_IDENT &&
	    !strcmp(t[e + 2].s, "=") &&
	    review_type_width_at(t, e, k, &first, o) == 0) {
		*at = e + 1;
		snprintf(o->why, sizeof o->why, "its type");
		return 0;
	}
	if (a + 2 < b && t[a].type == T_IDENT && (!strcmp(t[a + 1].s, "=") ||
	    !strcmp(t[a + 1].s, "*="))) {
		*at = a;
		return review_var_width(w, t[a].s, a, o);
	}
	return -1;
}

/* The first ">> (32 - ...)" of variable t[v] after b in its function
 * (before the variable is set again): its token, or 0. */
static size_t later_shift(const walk *w, size_t v, size_t b)
{
	const tok *t = w->v.t;
	size_t k;
	int depth = 0;

	for (k = b; k + 1 < w->v.n; k++) {
		if (t[k].type == T_PP)
			continue;
		if (!strcmp(t[k].s, "{"))
			depth++;
		else if (!strcmp(t[k].s, "}") && --depth < 0)
			return 0;
		if (t[k].type != T_IDENT || strcmp(t[k].s, t[v].s))
			continue;
		if (shift_by_32_minus(t, k + 1, w->v.n))
			return k + 1;
		if (!strcmp(t[k + 1].s, "="))
			return 0;
	}
	return 0;
}

/*
 * A >> (32 - b) that takes an index of more than 32 bits: the product of
 * multiplier mi (its type *mw) at token i, computed in the wider of its
 * operands' types (the usual arithmetic conversions), reaches the shift
 * unreduced, in the same statement or through a variable of a wider type.
 * An ERROR, in the models the #if context allows (ctx); 1 if given.
 */
static int overflow_at(walk *w, size_t mi, size_t i, const cwidth *mw,
                       unsigned ctx)
{
	const tok *t = w->v.t;
	const review_mult *m = &w->r->mult[mi];
	size_t a, b, k, kshr = 0, v = 0;
	cwidth op, keep;
	int have_op, have_keep = 0, model, wide[NMODEL], nwide = 0, by_op = 0;
	unsigned kept[NMODEL];
	char via[120] = "";

	review_statement_of(w, i, &a, &b);
	if (!ctx)
		ctx = review_use_ctx(w, a);
	have_op = review_operand_width(w, a, b, i, &op) == 0;
	for (k = i + 1; k < b && !kshr; k++)
		if (shift_by_32_minus(t, k, b))
			kshr = k;
	if (kshr && review_narrowed(t, a, i, kshr))
		return 0;
	if (!kshr) {
		if (kept_in(w, a, b, &v, &keep) < 0 || review_narrowed(t, a, i, b) ||
		    !(kshr = later_shift(w, v, b)))
			return 0;
		have_keep = 1;
	}
	for (model = 0; model < NMODEL; model++) {
		unsigned p = mw->bits[model];
		if (have_op && op.bits[model] > p)
			p = op.bits[model], by_op |= 1 << model;
		kept[model] = have_keep && keep.bits[model] < p ? keep.bits[model]
		              : p;
		wide[model] = kept[model] > 32 && (!ctx || review_long_bits(model) == ctx);
		nwide += wide[model];
	}
	if (!nwide)
		return 0;
	model = wide[LP64] ? LP64 : ILP32;
	{
		const cwidth *src = by_op >> model & 1 ? &op : mw;
		char type[256];
		if (have_keep)
			snprintf(via, sizeof via, ", kept in %s %s at line %lu",
			         keep.type[model], t[v].s, t[v].line);
		if (nwide == NMODEL && strcmp(src->type[LP64], src->type[ILP32]))
			snprintf(type, sizeof type, "%s on %s and %s on %s (%s)",
			         src->type[LP64], model_name[LP64], src->type[ILP32],
			         model_name[ILP32], src->why);
		else
			snprintf(type, sizeof type, "%s (%s)", src->type[model],
			         src->why);
		review_add(w->r, REVIEW_ERROR, m->file, m->line, mi, "word",
		           "the index overflows the table%s: the product with %s "
		           "is computed in %s, %u bits%s, and not reduced mod "
		           "2^32%s, so >> (32 - ...) at line %lu leaves %u bits "
		           "more than the table has; keep the product in a u32 (a "
		           "cast or a variable) before the shift, or use hash_32()",
		           nwide == NMODEL ? "" : model == LP64 ?
		           " on 64-bit longs" : " on 32-bit longs",
		           m->name[0] ? m->name : m->text, type, kept[model],
		           nwide == NMODEL ? "" : model == LP64 ? " on LP64" :
		           " on ILP32", via, t[kshr].line, kept[model] - 32);
	}
	return 1;
}

/* The index overflow ERROR for multiplier mi (a define's or
 * declaration's name, or the literal at token lit): its first use whose
 * index overflows. */
void review_overflow_check(walk *w, size_t mi, size_t lit, const char *name,
                           const cwidth *mw)
{
	const tok *t = w->v.t;
	unsigned ctx = (unsigned)w->r->mult[mi].ctx_bits;
	size_t i;

	if (lit != REVIEW_NONE) {
		overflow_at(w, mi, lit, mw, ctx);
		return;
	}
	for (i = 1; i + 1 < w->v.n; i++)
		if (t[i].type == T_IDENT && !strcmp(t[i].s, name) &&
		    (!strcmp(t[i - 1].s, "*") || !strcmp(t[i - 1].s, "*=") ||
		     !strcmp(t[i + 1].s, "*")) && overflow_at(w, mi, i, mw, ctx))
			return;
}

/* ---- the integer promotions ---------------------------------------------- */

/* The width of C type name type before the integer promotions (8, 16,
 * 32 or 64; LP64) and whether it is signed. */
static unsigned type_raw_bits(const char *type, int *sgn)
{
	size_t n = strlen(type);
	int l;
	unsigned b;

	*sgn = !strstr(type, "unsigned") && type[0] != 'u' &&
	       strncmp(type, "__u", 3) && strcmp(type, "size_t");
	if (strstr(type, "char") || (n >= 1 && type[n - 1] == '8') ||
	    (n >= 3 && !strcmp(type + n - 3, "8_t")))
		return 8;
	if (strstr(type, "short") || (n >= 2 && !strcmp(type + n - 2, "16")) ||
	    (n >= 4 && !strcmp(type + n - 4, "16_t")))
		return 16;
	b = review_type_bits(type, 0, &l);
	return b ? b : strstr(type, "long") ? 64 : 32;
}

void review_promotion(walk *w, size_t mi, const char *name, const char *type)
{
	const tok *t = w->v.t;
	review_mult *m = &w->r->mult[mi];
	unsigned mb, ob, pb;
	int ms, os, ps;
	size_t i, j = 0;
	cwidth o;

	mb = type[0] ? type_raw_bits(type, &ms) : 0;
	if (!name[0] || !mb || mb > 32 || (mb == 32 && !ms))
		return;                  /* no int product can come of it */
	/* its first multiply by a declared variable */
	for (i = 1; i + 2 < w->v.n; i++) {
		if (t[i].type != T_IDENT || strcmp(t[i].s, name))
			continue;
		if (!strcmp(t[i - 1].s, "*") && i >= 2 &&
		    t[i - 2].type == T_IDENT)
			j = i - 2;
		else if (!strcmp(t[i + 1].s, "*") && t[i + 2].type == T_IDENT &&
		         strcmp(t[i + 3 < w->v.n ? i + 3 : i].s, "("))
			j = i + 2;
		else
			continue;
		if (review_var_width(w, t[j].s, i, &o) == 0)
			break;
		j = 0;
	}
	if (!j)
		return;
	ob = type_raw_bits(o.type[LP64], &os);
	/* both promoted (below int: int), then the usual arithmetic
	 * conversions: the wider; of one width, the unsigned (the
	 * multiplier is an int or narrower: the other's type decides) */
	if (ob < 32)
		ob = 32, os = 1;
	pb = ob;
	ps = os;
	if (mb == 32)            /* an int: its word is said elsewhere */
		goto overflow;
	snprintf(m->why_bits, sizeof m->why_bits, "%.24s is %.16s (%u bits): "
	         "promoted to int (C11 6.3.1.1), and %.24s (%.16s) %s: the "
	         "product is %.16s, %u bits", name, type, mb, t[j].s,
	         o.type[LP64], type_raw_bits(o.type[LP64], &os) < 32 ?
	         "too" : "wider", pb > 32 ? o.type[LP64] : ps ?
	         "an int" : "an unsigned int", pb);
	m->bits = pb;
overflow:
	if (ps && pb == 32) {
		/* signed: the largest product of x in its type's range */
		unsigned xb = type_raw_bits(o.type[LP64], &os);
		mpz_t hi, lim;
		mpz_init(hi);
		mpz_init_set_ui(lim, 0x7fffffffu);
		mpz_ui_pow_ui(hi, 2, os ? xb - 1 : xb);
		mpz_sub_ui(hi, hi, 1);
		mpz_mul(hi, hi, m->p);
		if (mpz_cmp(hi, lim) > 0) {
			mpz_fdiv_q(lim, lim, m->p);
			mpz_add_ui(lim, lim, 1);
			review_add(w->r, REVIEW_WARNING, w->file, t[i].line, mi,
			           "word", "%s * %s at line %lu overflows int from "
			           "%s = %lu on: both operands promote to int (C11 "
			           "6.3.1.1), and a signed overflow is undefined in "
			           "C (the product wraps negative, and a negative "
			           "int shifted right gives a negative index); make "
			           "one operand unsigned (u32)", t[j].s, name,
			           t[i].line, t[j].s, mpz_get_ui(lim));
		}
		mpz_clear(hi);
		mpz_clear(lim);
	}
}
