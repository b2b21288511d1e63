/*
 * review_width.c - the widths C computes a multiplier's products in, for
 * `cfx review`: the word of a constant and the word its product is kept
 * in (see review_int.h; the index overflow of a >> (32 - b) is
 * review_overflow.c's).
 *
 * C rules it relies on: an integer literal takes the first type of its
 * suffix's list that holds its value, a decimal one with no U only the
 * signed types (C11 6.4.4.1); the integer promotions never go below
 * int's 32 bits; a product is computed in the wider of its operands'
 * types (the usual arithmetic conversions, 6.3.1.8), so a u32 times an
 * unsuffixed 0x61c88647 is reduced mod 2^32 before it is stored in a
 * u64.  Each is worked out in both data models a kernel is built for,
 * LP64 and ILP32 (cwidth), since long differs.  Entry points, all called
 * by review.c: review_infer_word (the word of a constant from its type,
 * the #if around it or its literal), review_mult_width (its C type),
 * review_use_word (the word the code keeps a multiply by it in: the type
 * of what holds the product, a cast, a shift by 32 - x or 64 - x, hash_32
 * or hash_64), and the readers of a statement and a type that
 * review_overflow.c shares (review_statement_of, review_type_width_at,
 * review_operand_width, ...).  It reads tokens with review_lex.c's
 * helpers and the C-level if with review_use_ctx (review_ctx.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"

/* ---- the widths C computes in -------------------------------------------- */

/* Why C gives the literal s (width bits of value) the type lw says
 * (review_literal_type), as a word note. */
static void literal_note(const char *s, const cwidth *lw, size_t width,
                         char *why, size_t n)
{
	const char *suf = s + strlen(s);
	int u, l;

	while (suf > s && strchr("uUlL", suf[-1]))
		suf--;
	u = strpbrk(suf, "uU") != NULL;
	l = (int)strlen(suf) - u;
	if (l == 2)
		snprintf(why, n, "suffix %sLL: %s is 64 bits", u ? "U" : "",
		         lw->type[LP64]);
	else if (l == 1)
		snprintf(why, n, "suffix %sL with no #if BITS_PER_LONG: long "
		         "taken as 64 bits (LP64)", u ? "U" : "");
	else if (width > 32)
		snprintf(why, n, "its value needs more than 32 bits");
	else if (u)
		snprintf(why, n, "suffix U: unsigned int, 32 bits");
	else if (!strcmp(lw->type[LP64], "int"))
		snprintf(why, n, "no suffix and no type: int, 32 bits");
	else if (lw->bits[LP64] == 32)
		snprintf(why, n, "no suffix and no type: %s literal beyond "
		         "INT_MAX is %s, 32 bits", s[1] == 'x' || s[1] == 'X' ?
		         "a hex" : "an octal", lw->type[LP64]);
	else if (strcmp(lw->type[LP64], lw->type[ILP32]))
		snprintf(why, n, "no suffix and no type: a decimal literal beyond "
		         "INT_MAX is %s on LP64 and %s on ILP32, %u bits",
		         lw->type[LP64], lw->type[ILP32], lw->bits[LP64]);
	else
		snprintf(why, n, "no suffix and no type: a decimal literal beyond "
		         "INT_MAX is %s, %u bits", lw->type[LP64], lw->bits[LP64]);
}

/* A literal whose word only the #if context gives (ctx bits): C types it
 * by the model the #if selects (ILP32 under BITS_PER_LONG == 32), not by
 * that word, so 2654435761 is long long there and 0x61c88647ULL unsigned
 * long long.  Records in m the literal's own width and type when wider
 * than ctx (lit_bits, lit_type), and corrects why_bits' suffix. */
static void ctx_literal(review_mult *m, unsigned ctx)
{
	int model = ctx > 32 ? LP64 : ILP32;
	const char *suf = m->text + strlen(m->text);
	cwidth lw;

	if (review_literal_type(m->text, &lw) < 0)
		return;
	while (suf > m->text && strchr("uUlL", suf[-1]))
		suf--;
	if (*suf) {         /* the suffix as written, and its type there */
		char *c = strstr(m->why_bits, ", suffix ");
		if (c)
			*c = '\0';
		snprintf(m->why_bits + strlen(m->why_bits), sizeof m->why_bits -
		         strlen(m->why_bits), ", suffix %s: %s", suf,
		         lw.type[model]);
	}
	if (lw.bits[model] <= ctx)
		return;
	m->lit_bits = lw.bits[model];
	snprintf(m->lit_type, sizeof m->lit_type, "%s (%s)", lw.type[model],
	         lw.why);
}

/* The word of a constant from what is known of it, and why: its type,
 * the #if around it, else the type C gives its literal (review_literal_type,
 * the type the overflow check computes in; long's 64 bits of LP64 where
 * the models differ). */
void review_infer_word(review_mult *m, unsigned type_word, const char *type,
                       int suffix_long, unsigned ctx, const char *cond,
                       unsigned long cond_line)
{
	size_t width = mpz_sizeinbase(m->p, 2);
	char where[80] = "";
	cwidth lw;

	m->ctx_bits = (int)ctx;
	if (ctx)
		snprintf(where, sizeof where, "%s (line %lu)", cond, cond_line);
	if (type_word) {
		m->bits = type_word;
		snprintf(m->why_bits, sizeof m->why_bits, "its type %s%s%s", type,
		         ctx ? ", under " : "", where);
	} else if (ctx) {
		m->bits = ctx;
		snprintf(m->why_bits, sizeof m->why_bits, "under %s%s", where,
		         suffix_long == 1 ? ", suffix UL: unsigned long" :
		         suffix_long == 2 ? ", suffix ULL" : "");
		ctx_literal(m, ctx);
	} else if (review_literal_type(m->text, &lw) == 0) {
		m->bits = lw.bits[LP64];
		literal_note(m->text, &lw, width, m->why_bits, sizeof m->why_bits);
	} else if (suffix_long == 2) {
		m->bits = 64;
		snprintf(m->why_bits, sizeof m->why_bits,
		         "suffix ULL: unsigned long long is 64 bits");
	} else if (suffix_long == 1) {
		m->bits = 64;
		snprintf(m->why_bits, sizeof m->why_bits,
		         "suffix UL with no #if BITS_PER_LONG: long taken as 64 "
		         "bits (LP64)");
	} else {
		m->bits = width > 32 ? 64 : 32;
		snprintf(m->why_bits, sizeof m->why_bits, "%s",
		         width > 32 ? "its value needs more than 32 bits" :
		         "no suffix and no type: taken as 32 bits");
	}
}

/* A define whose name ends in _32 or _64 (GOLDEN_RATIO_PRIME_32
 * 0x9e370001UL, the kernel's hash.h of 2.6 to 4.6) and whose word nothing
 * else shows (no type, no #if, no use in the patch, no 2^32 or 2^64 in
 * its comments): the name says the word it is for, over the suffix or the
 * literal's own bits (over).  1 when it moved m's word. */
int review_word_by_name(review_mult *m, const char *name, const char *over)
{
	size_t l = strlen(name);
	unsigned nw;

	if (l < 4 || name[l - 3] != '_')
		return 0;
	nw = !strcmp(name + l - 2, "32") ? 32 : !strcmp(name + l - 2, "64") ? 64 : 0;
	if (!nw || nw == m->bits)
		return 0;
	m->bits = nw;
	snprintf(m->why_bits, sizeof m->why_bits, "its name %s says %u bits "
	         "and no use of it is shown, over %s", name, nw, over);
	return 1;
}

/* The statement around token i: [*a, *b) (a comment line before it is
 * no part of it). */
void review_statement_of(const walk *w, size_t i, size_t *a, size_t *b)
{
	const tok *t = w->v.t;
	size_t n = w->v.n;

	*a = *b = i;
	while (*a > 0 && t[*a - 1].type != T_PP && strcmp(t[*a - 1].s, ";") &&
	       strcmp(t[*a - 1].s, "{") && strcmp(t[*a - 1].s, "}"))
		(*a)--;
	while (*a < i && t[*a].type == T_COMMENT)   /* a comment line before */
		(*a)++;
	while (*b < n && t[*b].type != T_PP && strcmp(t[*b].s, ";") &&
	       strcmp(t[*b].s, "{") && strcmp(t[*b].s, "}"))
		(*b)++;
}

int review_type_kw(const tok *t)
{
	return t->type == T_IDENT && (!strcmp(t->s, "unsigned") ||
	       !strcmp(t->s, "signed") || !strcmp(t->s, "int") ||
	       !strcmp(t->s, "long") || !strcmp(t->s, "short") ||
	       !strcmp(t->s, "char"));
}

/* The word of the C type whose last token is t[e] (its first at or after
 * lo): 32 for u32, uint32_t, __u32, u_int32_t, unsigned [int], int; 64
 * for u64, uint64_t, __u64, u_int64_t, [unsigned] long long; 0 for any
 * other (long's word is the #if's, not the type's).  *first (may be
 * NULL): where the type starts. */
static unsigned type_word_at(const tok *t, size_t e, size_t lo, size_t *first)
{
	size_t b = e;
	unsigned bits = 0;
	int longs = 0, other = 0, l;

	if (t[e].type != T_IDENT)
		return 0;
	if (!review_type_kw(&t[e])) {
		if (first)
			*first = e;
		bits = review_type_bits(t[e].s, 0, &l);
		return l ? 0 : bits;
	}
	while (b > lo && review_type_kw(&t[b - 1]))
		b--;
	for (size_t k = b; k <= e; k++) {
		longs += !strcmp(t[k].s, "long");
		other += !strcmp(t[k].s, "short") || !strcmp(t[k].s, "char");
	}
	if (first)
		*first = b;
	return other ? 0 : longs == 2 ? 64 : longs ? 0 : 32;
}

/* The type t[a..e] as written ("unsigned long long") into s. */
void review_type_text(const tok *t, size_t a, size_t e, char *s, size_t n)
{
	size_t k;

	s[0] = '\0';
	for (k = a; k <= e && strlen(s) + 1 < n; k++)
		snprintf(s + strlen(s), n - strlen(s), "%s%s", k > a ? " " : "",
		         t[k].s);
}

/* Whether the multiply at t[i] is inside a group "(...)" that closes
 * before t[k] and is cast to a 32-bit type or passed to hash_32(): the
 * statement starts at a. */
int review_narrowed(const tok *t, size_t a, size_t i, size_t k)
{
	size_t p, q, first;

	for (p = a; p < i; p++) {
		if (strcmp(t[p].s, "("))
			continue;
		q = review_paren_close(t, p, k);
		if (q >= k || q < i)
			continue;
		if (p > a && t[p - 1].type == T_IDENT &&
		    !strcmp(t[p - 1].s, "hash_32"))
			return 1;
		if (p >= a + 3 && !strcmp(t[p - 1].s, ")") &&
		    type_word_at(t, p - 2, a, &first) == 32 && first > a &&
		    !strcmp(t[first - 1].s, "("))
			return 1;
	}
	return 0;
}

/* The word of a use at token i (statement [a, b)) that keeps the
 * product in tw bits, why says where: the multiply itself is done in the
 * wider of its operands' types (the usual arithmetic conversions: mw,
 * the multiplier's, and the other operand's, when known), so a product
 * narrower than tw is reduced to its own width first (u32 val times an
 * unsuffixed 0x61c88647 kept in a u64: 32 bits).  LP64's widths. */
static unsigned product_word(const walk *w, size_t a, size_t b, size_t i,
                             const cwidth *mw, unsigned tw, char *why,
                             size_t nwhy)
{
	cwidth op;
	unsigned p;
	size_t n = strlen(why);

	if (!mw || review_operand_width(w, a, b, i, &op) < 0)
		return tw;
	p = op.bits[LP64] > mw->bits[LP64] ? op.bits[LP64] : mw->bits[LP64];
	if (p >= tw)
		return tw;
	snprintf(why + n, nwhy - n, " but computed in %u bits (%s times %s) "
	         "and widened only after the multiply", p, op.type[LP64],
	         mw->type[LP64]);
	return p;
}

/* Whether a right shift (">>") stands in t(i, end): what a cast or a
 * call that closes at end takes is then the shifted product. */
static int shifted_within(const tok *t, size_t i, size_t end)
{
	size_t k;

	for (k = i + 1; k < end; k++)
		if (t[k].type == T_OP && !strcmp(t[k].s, ">>"))
			return 1;
	return 0;
}

/* The word the code keeps a multiply by name in, where it shows it: 32
 * or 64 when the product is assigned to or declared as a type of that
 * word (u32, uint32_t, unsigned int, __u32; u64, uint64_t, unsigned long
 * long, __u64), cast to one, shifted right by (32 - x) or (64 - x),
 * passed to hash_32() or hash_64(), or returned from a function returning
 * one (with no other right shift); else 0.  The multiply itself: name
 * next to a '*'.  why says where. */
unsigned review_use_word(walk *w, const char *name, const cwidth *mw,
                         char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	size_t n = w->v.n, i;
	unsigned word;

	for (i = 1; i + 1 < n; i++)
		if (t[i].type == T_IDENT && review_name_is(w, t[i].s, name) &&
		    (!strcmp(t[i - 1].s, "*") || !strcmp(t[i - 1].s, "*=") ||
		     !strcmp(t[i + 1].s, "*")) &&
		    (word = review_use_word_at(w, i, mw, why, nwhy)))
			return word;
	return 0;
}

/* The cast "(TYPE)(" whose group holds the multiply at t[i] of
 * statement [a, b) and no right shift after it: its width, *k its '(' of
 * the group; else 0. */
static unsigned cast_around(const tok *t, size_t a, size_t b, size_t i,
                            size_t *k)
{
	size_t q, first = 0;
	unsigned cast;

	for (*k = a; *k + 1 < i; (*k)++) {
		if (strcmp(t[*k].s, "(") || *k < a + 3 || strcmp(t[*k - 1].s, ")") ||
		    !(cast = type_word_at(t, *k - 2, a, &first)) ||
		    !(first > a && !strcmp(t[first - 1].s, "(")))
			continue;
		q = review_paren_close(t, *k, b);
		if (q < b && q > i && !shifted_within(t, i, q))
			return cast;
	}
	return 0;
}

unsigned review_cast_cut(walk *w, const char *name, size_t lit, char *cast,
                         size_t ncast, size_t *at)
{
	const tok *t = w->v.t;
	size_t n = w->v.n, i, a, b, k;
	unsigned bits;

	for (i = lit != REVIEW_NONE ? lit : 1; i + 1 < n; i++) {
		if (lit == REVIEW_NONE &&
		    !(t[i].type == T_IDENT && review_name_is(w, t[i].s, name) &&
		      (!strcmp(t[i - 1].s, "*") || !strcmp(t[i + 1].s, "*"))))
			continue;
		review_statement_of(w, i, &a, &b);
		if ((bits = cast_around(t, a, b, i, &k))) {
			snprintf(cast, ncast, "%s", t[k - 2].s);
			*at = i;
			return bits;
		}
		if (lit != REVIEW_NONE)
			break;
	}
	return 0;
}

/* In statement [a, b) of the multiply at t[i]: a right shift by (32 -
 * ...) or (64 - ...), whose word (32, 64) is returned with why; else 0,
 * and whether another right shift stands there (*shr) and the first
 * count it shifts by as a decimal literal (*shamt, 0: none). */
static unsigned shift_minus_word(walk *w, size_t a, size_t b, size_t i,
                                 int *shr, unsigned long *shamt, char *why,
                                 size_t nwhy)
{
	const tok *t = w->v.t;
	size_t k, l;
	unsigned shrw = 0;
	cwidth op;

	for (k = a; k < b; k++)
		if (t[k].type == T_OP && !strcmp(t[k].s, ">>")) {
			if (k + 3 < b && !strcmp(t[k + 1].s, "(") &&
			    (!strcmp(t[k + 2].s, "32") ||
			     !strcmp(t[k + 2].s, "64")) &&
			    !strcmp(t[k + 3].s, "-"))
				shrw = (unsigned)atoi(t[k + 2].s);
			else {
				*shr = 1;
				if (k + 1 < b && t[k + 1].type == T_NUM &&
				    strspn(t[k + 1].s, "0123456789") ==
				    strlen(t[k + 1].s) && !*shamt)
					*shamt = strtoul(t[k + 1].s, NULL, 10);
			}
		}
	if (!shrw)
		return 0;
	/* which rule: the shift, and the other operand's type ((u32 val *
	 * C UL) >> (32 - bits): 32) */
	l = (size_t)snprintf(why, nwhy, "the product is shifted right by (%u "
	                     "- ...) at line %lu", shrw, t[i].line);
	if (l < nwhy && review_operand_width(w, a, b, i, &op) == 0)
		snprintf(why + l, nwhy - l, " and its other operand is %s (%s)",
		         op.type[LP64], op.why);
	return shrw;
}

/* (u32)(... name ...), hash_32(... name ...), hash_64(...) around the
 * multiply at t[i] of statement [a, b): the word they keep, else 0. */
static unsigned cast_word(walk *w, size_t a, size_t b, size_t i,
                          const cwidth *mw, char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	size_t k;

	for (k = a; k + 1 < i; k++) {
		size_t q, end, first = 0;
		unsigned cast = 0, hw = 0;
		if (strcmp(t[k].s, "("))
			continue;
		if (k >= a + 3 && !strcmp(t[k - 1].s, ")") &&
		    (cast = type_word_at(t, k - 2, a, &first)) &&
		    !(first > a && !strcmp(t[first - 1].s, "(")))
			cast = 0;
		if (k > a && t[k - 1].type == T_IDENT)
			hw = !strcmp(t[k - 1].s, "hash_32") ? 32 :
			     !strcmp(t[k - 1].s, "hash_64") ? 64 : 0;
		if (!cast && !hw)
			continue;
		q = review_paren_close(t, k, b);
		end = q < b ? q : k;
		/* (u32)((v * C) >> 20): the cast takes what the shift left,
		 * not the product, which C computes in its operands' type
		 * first */
		if (end > i && shifted_within(t, i, end))
			continue;
		if (end > i) {
			if (hw)
				snprintf(why, nwhy, "the product is hashed by %s() at "
				         "line %lu", t[k - 1].s, t[i].line);
			else
				snprintf(why, nwhy, "the product is cast to %s at line "
				         "%lu", t[k - 2].s, t[i].line);
			return product_word(w, a, b, i, mw, hw ? hw : cast, why,
			                    nwhy);
		}
	}
	return 0;
}

/* (x * C) >> 54 at t[i] of statement [a, b) (shamt: the first decimal
 * count, 0: none): C multiplies in the wider of the two operands' types
 * (the usual arithmetic conversions), and a shift by 32 or more says a
 * 64-bit product (on a 32-bit one it is undefined).  The word, or 0. */
static unsigned shifted_word(walk *w, size_t a, size_t b, size_t i,
                             const cwidth *mw, unsigned long shamt,
                             char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	cwidth op;
	int known = review_operand_width(w, a, b, i, &op) == 0;
	int have_op = known && op.bits[LP64] == 64 && op.bits[ILP32] == 64;

	/* both operands' types known and the product 32 bits wide (u32 us *
	 * 0x418938u) or 64 on LP64 by the literal's type (u32 v *
	 * 2654435761UL): that width, whatever the shift (a shift by 32 or
	 * more of a 32-bit product is undefined: review_product_ub says
	 * so) */
	if (known && !have_op && mw) {
		/* the wider of the two types (the other operand's when it
		 * is a long: unsigned long key * 0x61c88647u is unsigned
		 * long, 64 bits on LP64 and 32 on ILP32) */
		const cwidth *wide = op.bits[LP64] > mw->bits[LP64] ? &op : mw;
		unsigned p = wide->bits[LP64];
		snprintf(why, nwhy, "the product of %s (%s) and %s (%s) is "
		         "computed in %s, %u bits%s", op.type[LP64], op.why,
		         t[i].type == T_NUM ? t[i].s : "it", mw->type[LP64],
		         p > 32 ? wide->type[LP64] : "unsigned int", p, p > 32 &&
		         wide->bits[ILP32] == 32 ? " on LP64" : "");
		return p;
	}
	if (have_op)
		snprintf(why, nwhy, "the product's other operand is %s (%s), so "
		         "C multiplies in 64 bits%s", op.type[LP64], op.why,
		         shamt >= 32 && shamt < 64 ? ", and it is shifted right "
		         "by " : "");
	else if (shamt >= 32 && shamt < 64)
		snprintf(why, nwhy, "the product is shifted right by ");
	if (shamt >= 32 && shamt < 64) {
		size_t l = strlen(why);
		snprintf(why + l, nwhy - l, "%lu at line %lu, which only a 64-bit "
		         "product allows", shamt, t[i].line);
	}
	return have_op || (shamt >= 32 && shamt < 64) ? 64 : 0;
}

/* Statement [a, b) keeps the multiply at t[i] in a variable: "[static
 * const] TYPE v = ... name ...;", or "v = ... name ...;" with v declared
 * of such a type before it.  Its word, else 0. */
static unsigned kept_word(walk *w, size_t a, size_t b, size_t i,
                          const cwidth *mw, char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	size_t k, e, first;
	unsigned tw;
	char ty[40];

	for (k = a; k < i && (!strcmp(t[k].s, "static") ||
	     !strcmp(t[k].s, "const") || !strcmp(t[k].s, "register")); k++)
		;
	for (e = k; e + 1 < i && review_type_kw(&t[e + 1]) && review_type_kw(&t[k]); e++)
		;
	if (e + 2 < i && (tw = type_word_at(t, e, k, NULL)) &&
	    t[e + 1].type == T_IDENT && !strcmp(t[e + 2].s, "=")) {
		review_type_text(t, k, e, ty, sizeof ty);
		snprintf(why, nwhy, "the product is kept in %s at line %lu", ty,
		         t[i].line);
		return product_word(w, a, b, i, mw, tw, why, nwhy);
	}
	if (!(a + 2 < i && t[a].type == T_IDENT && (!strcmp(t[a + 1].s, "=") ||
	      !strcmp(t[a + 1].s, "*="))))
		return 0;
	for (k = a; k-- > 1 && k + 2000 > a;)
		if (!strcmp(t[k].s, t[a].s) && t[k].type == T_IDENT &&
		    (tw = type_word_at(t, k - 1, 0, &first))) {
			review_type_text(t, first, k - 1, ty, sizeof ty);
			snprintf(why, nwhy, "the product is kept in %s %s at line "
			         "%lu", ty, t[a].s, t[i].line);
			return product_word(w, a, b, i, mw, tw, why, nwhy);
		}
	return 0;
}

/* "return ... name ...;" (statement [a, b), the multiply at t[i]) in a
 * function returning a type of a word: that word, else 0. */
static unsigned returned_word(walk *w, size_t a, size_t b, size_t i,
                              const cwidth *mw, char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	int depth = 0, par = 0;
	size_t k, q, first;
	unsigned tw;
	char ty[40];

	if (strcmp(t[a].s, "return"))
		return 0;
	for (k = a; k-- > 0;) {
		if (!strcmp(t[k].s, "}"))
			depth++;
		else if (!strcmp(t[k].s, "{") && !depth--)
			break;
	}
	if (!(k < a && k >= 1 && !strcmp(t[k - 1].s, ")")))
		return 0;
	for (q = k - 1;; q--) {
		if (!strcmp(t[q].s, ")"))
			par++;
		else if (!strcmp(t[q].s, "(") && !--par)
			break;
		if (!q)
			break;
	}
	if (q >= 2 && !strcmp(t[q].s, "(") && t[q - 1].type == T_IDENT &&
	    (tw = type_word_at(t, q - 2, 0, &first))) {
		review_type_text(t, first, q - 2, ty, sizeof ty);
		snprintf(why, nwhy, "the product is returned as %s by %s() at "
		         "line %lu", ty, t[q - 1].s, t[i].line);
		return product_word(w, a, b, i, mw, tw, why, nwhy);
	}
	return 0;
}

unsigned review_use_word_at(walk *w, size_t i, const cwidth *mw, char *why,
                            size_t nwhy)
{
	size_t a, b;
	unsigned word;
	unsigned long shamt = 0;
	int shr = 0;

	review_statement_of(w, i, &a, &b);
	if ((word = shift_minus_word(w, a, b, i, &shr, &shamt, why, nwhy)) ||
	    (word = cast_word(w, a, b, i, mw, why, nwhy)))
		return word;
	if (shr)
		return shifted_word(w, a, b, i, mw, shamt, why, nwhy);
	if ((word = kept_word(w, a, b, i, mw, why, nwhy)))
		return word;
	return returned_word(w, a, b, i, mw, why, nwhy);
}

/* The width of the C type whose last token is t[e] (from lo), as
 * use_word's type_word_at reads it, with long's in each model; *first:
 * where it starts.  0, or -1 if t[e] ends no integer type. */
int review_type_width_at(const tok *t, size_t e, size_t lo,
                         size_t *first, cwidth *o)
{
	size_t b = e, k;
	int longs = 0, other = 0, model, l;
	unsigned bits;
	char name[40];

	if (t[e].type != T_IDENT)
		return -1;
	if (review_type_kw(&t[e])) {
		while (b > lo && review_type_kw(&t[b - 1]))
			b--;
		for (k = b; k <= e; k++) {
			longs += !strcmp(t[k].s, "long");
			other += !strcmp(t[k].s, "short") || !strcmp(t[k].s, "char");
		}
		bits = other ? 32 : longs == 2 ? 64 : 32;
		l = longs == 1;
	} else if (!(bits = review_type_bits(t[e].s, 0, &l))) {
		return -1;
	}
	if (first)
		*first = b;
	review_type_text(t, b, e, name, sizeof name);
	memset(o, 0, sizeof *o);
	for (model = 0; model < NMODEL; model++)
		review_cwidth_set(o, model, l ? review_long_bits(model) : bits, name);
	return 0;
}

/* The type of variable name, from its declaration before t[before] (a
 * parameter or a local: "TYPE name"), into o.  0, or -1 if not found. */
int review_var_width(const walk *w, const char *name, size_t before,
                     cwidth *o)
{
	const tok *t = w->v.t;
	size_t k;

	for (k = before; k-- > 1 && k + 4000 > before;)
		if (t[k].type == T_IDENT && !strcmp(t[k].s, name) &&
		    review_type_width_at(t, k - 1, 0, NULL, o) == 0) {
			snprintf(o->why, sizeof o->why, "the type of %s", name);
			return 0;
		}
	return -1;
}

/* The other operand of the multiply by t[i] in [a, b): a variable,
 * perhaps cast, or a cast of one, into o.  0, or -1 when it is
 * something else (taken as int: it cannot widen the product). */
int review_operand_width(const walk *w, size_t a, size_t b, size_t i,
                         cwidth *o)
{
	const tok *t = w->v.t;
	size_t v, first;

	if (i > a + 1 && !strcmp(t[i - 1].s, "*=") &&
	    t[i - 2].type == T_IDENT)
		return review_var_width(w, t[i - 2].s, i - 2, o);
	if (i > a + 1 && !strcmp(t[i - 1].s, "*")) {
		v = i - 2;
		if (t[v].type != T_IDENT || review_is_type_word(t[v].s))
			return -1;
		if (v > a && (!strcmp(t[v - 1].s, "->") ||
		              !strcmp(t[v - 1].s, ".")))
			return -1;
		if (v >= a + 3 && !strcmp(t[v - 1].s, ")") &&
		    review_type_width_at(t, v - 2, a, &first, o) == 0 && first > a &&
		    !strcmp(t[first - 1].s, "(")) {
			snprintf(o->why, sizeof o->why, "%s cast to it", t[v].s);
			return 0;
		}
		return review_var_width(w, t[v].s, v, o);
	}
	if (i + 2 < b && !strcmp(t[i + 1].s, "*")) {
		v = i + 2;
		if (!strcmp(t[v].s, "(")) {
			size_t e = v + 1;
			while (e < b && t[e].type == T_IDENT && review_is_type_word(t[e].s))
				e++;
			if (e == v + 1 || e >= b || strcmp(t[e].s, ")") ||
			    review_type_width_at(t, e - 1, v + 1, NULL, o) < 0)
				return -1;
			snprintf(o->why, sizeof o->why, "a cast");
			return 0;
		}
		if (t[v].type != T_IDENT || (v + 1 < b &&
		    (!strcmp(t[v + 1].s, "->") || !strcmp(t[v + 1].s, ".") ||
		     !strcmp(t[v + 1].s, "(") || !strcmp(t[v + 1].s, "["))))
			return -1;
		return review_var_width(w, t[v].s, i, o);
	}
	return -1;
}

int review_product_type(const walk *w, size_t i, const cwidth *mw,
                        cwidth *o)
{
	size_t a, b;
	cwidth op;
	int model;

	review_statement_of(w, i, &a, &b);
	if (review_operand_width(w, a, b, i, &op) < 0)
		return -1;
	memset(o, 0, sizeof *o);
	for (model = 0; model < NMODEL; model++) {
		const cwidth *wide = op.bits[model] > mw->bits[model] ? &op : mw;
		review_cwidth_set(o, model, wide->bits[model], wide->type[model]);
	}
	snprintf(o->why, sizeof o->why, "%.28s (%.28s) times %.28s",
	         op.type[LP64], op.why, mw->type[LP64]);
	return 0;
}

/* The type of the factor at token j: a literal's (C11 6.4.4.1), a
 * define's of the patch by its literal (parentheses around it dropped),
 * else a variable's or a constant's declared before it.  0, or -1. */
int review_factor_type(const walk *w, size_t j, cwidth *o)
{
	const tok *t = w->v.t;
	const define *d;

	if (t[j].type == T_NUM)
		return review_literal_type(t[j].s, o);
	if (t[j].type != T_IDENT)
		return -1;
	if ((d = review_defs_find(w->newd, t[j].s, 0)) && d->valid) {
		char lit[64];
		const char *s = d->text;
		size_t n;
		s += strspn(s, "( \t");
		n = strcspn(s, ") \t");
		if (n && n < sizeof lit) {
			snprintf(lit, sizeof lit, "%.*s", (int)n, s);
			if (review_literal_type(lit, o) == 0)
				return 0;
		}
	}
	return review_var_width(w, t[j].s, j, o);
}

/* The declared type of the variable the multiply at token i takes (past
 * a cast of it: "(u64)x * C" is x's), into o, its width the values it
 * holds (a u16's 16 bits, before the promotions).  0, or -1. */
int review_operand_decl(const walk *w, size_t i, cwidth *o)
{
	const tok *t = w->v.t;
	size_t a, b, v = REVIEW_NONE;

	review_statement_of(w, i, &a, &b);
	if (i > a + 1 && (!strcmp(t[i - 1].s, "*") || !strcmp(t[i - 1].s, "*=")))
		v = i - 2;
	else if (i + 2 < b && !strcmp(t[i + 1].s, "*")) {
		v = i + 2;
		while (v < b && !strcmp(t[v].s, "(")) {    /* a cast: (u64)x */
			size_t q = review_paren_close(t, v, b);
			if (q >= b)
				return -1;
			v = q + 1;
		}
	}
	if (v == REVIEW_NONE || v >= b || t[v].type != T_IDENT ||
	    review_is_type_word(t[v].s) ||
	    (v > a && (!strcmp(t[v - 1].s, "->") || !strcmp(t[v - 1].s, "."))) ||
	    review_var_width(w, t[v].s, v, o) < 0)
		return -1;
	/* the values it holds: a u16's 16 bits, not int's it is promoted to */
	{
		int l, model;
		unsigned d = review_type_bits(o->type[LP64], 0, &l);
		if (strstr(o->type[LP64], "short"))
			d = 16;
		else if (strstr(o->type[LP64], "char"))
			d = 8;
		if (d && d < 32)
			for (model = 0; model < NMODEL; model++)
				o->bits[model] = d;
	}
	return 0;
}

/* Whether the multiply at token i sits in a group "(...)" that closes
 * before token at and is cast to an integer type ("(u64)(x * C) >>
 * 54"): 1 with that type into o (the cast widens what C has already
 * computed), else 0. */
int review_cast_before(const walk *w, size_t i, size_t at, cwidth *o)
{
	const tok *t = w->v.t;
	size_t a, b, p, q, first;

	review_statement_of(w, i, &a, &b);
	for (p = i; p-- > a;) {
		if (strcmp(t[p].s, "("))
			continue;
		q = review_paren_close(t, p, b);
		if (q >= b || q < i || q >= at)
			continue;
		if (p >= a + 3 && !strcmp(t[p - 1].s, ")") &&
		    review_type_width_at(t, p - 2, a, &first, o) == 0 && first > a &&
		    !strcmp(t[first - 1].s, "("))
			return 1;
	}
	return 0;
}

unsigned review_var_bits(const walk *w, const char *name, size_t before,
                         int *is_long)
{
	cwidth o;

	*is_long = 0;
	if (review_var_width(w, name, before, &o) < 0)
		return 0;
	*is_long = o.bits[LP64] != o.bits[ILP32];
	return o.bits[LP64];
}

/* The type of multiplier m as C types it: a literal's, a declaration's
 * (type, type_word), or a define of a name's (by its suffix).  0, or -1
 * when unknown. */
int review_mult_width(const review_mult *m, int suffix_long,
                      unsigned type_word, const char *type, cwidth *o)
{
	int model, l;

	if (m->kind != REVIEW_DECL && review_literal_type(m->text, o) == 0)
		return 0;
	if (m->kind == REVIEW_DECL && !type_word)
		return -1;
	memset(o, 0, sizeof *o);
	/* a declaration's type as written: "unsigned long" is a long */
	if (m->kind == REVIEW_DECL)
		l = (review_type_bits(type, 0, &l) && l) ||
		    (strstr(type, "long") && !strstr(type, "long long"));
	else
		l = suffix_long == 1;
	for (model = 0; model < NMODEL; model++)
		review_cwidth_set(o, model, l ? review_long_bits(model) : m->kind == REVIEW_DECL ?
		           type_word : suffix_long ? 64 : 32, m->kind == REVIEW_DECL
		           ? type : suffix_long == 2 ? "unsigned long long" :
		           suffix_long ? "unsigned long" : "unsigned int");
	snprintf(o->why, sizeof o->why, "%s", m->kind == REVIEW_DECL ?
	         "its type" : suffix_long == 2 ? "the suffix ULL" :
	         suffix_long ? "the suffix UL" : "the suffix U");
	return 0;
}

