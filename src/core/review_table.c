/*
 * review_table.c - the word and table size a use of a multiplier shows,
 * for `cfx review` (see review_int.h): hash_32(.., B), hash_64(.., B),
 * >> (32 - B), >> K in the statements that use it (review_use_of), else
 * a *_BITS define of the file that a function or macro using it uses too
 * (review_table_from_bits); and that a multiplier is passed into
 * hash_32(), hash_64() or hash_long() (m->hashed_by), whose product with
 * that function's own multiplier review_hashed.c judges.
 *
 * review_find.c and review.c call it; nothing here calls them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"

/* The value of an identifier or literal token for a table size. */
int review_small_value(walk *w, const tok *t, unsigned long *out, char *why,
                       size_t n)
{
	mpz_t z;
	int ok = 0;

	mpz_init(z);
	if (t->type == T_NUM && review_literal(t->s, z, NULL) == 0 &&
	    mpz_cmp_ui(z, 64) <= 0) {
		*out = mpz_get_ui(z);
		snprintf(why, n, "%s", t->s);
		ok = 1;
	} else if (t->type == T_IDENT) {
		const define *d = review_defs_find(w->newd, t->s, 0);
		if (d && d->valid && mpz_cmp_ui(d->v, 64) <= 0) {
			*out = mpz_get_ui(d->v);
			snprintf(why, n, "%s = %lu", t->s, *out);
			ok = 1;
		}
	}
	mpz_clear(z);
	return ok;
}

/* Whether name is a parameter of the function whose body holds t[i]:
 * 1 with the function's name into fn, the parameter's place in its list
 * (0 the first) into *idx and the definition's tokens, from its name to
 * its body's '}', into [*def_a, *def_b]. */
static int param_of(const walk *w, size_t i, const char *name, char *fn,
                    size_t n, size_t *idx, size_t *def_a, size_t *def_b)
{
	const tok *t = w->v.t;
	size_t k = i, open = REVIEW_NONE, q, pi = 0;
	int depth = 0, need = w->depth;

	while (k-- > 0 && need > 0) {
		if (t[k].type != T_OP)
			continue;
		if (!strcmp(t[k].s, "}"))
			depth++;
		else if (!strcmp(t[k].s, "{") && depth-- == 0) {
			need--;
			depth = 0;
			open = k;
		}
	}
	if (need || open == REVIEW_NONE || open < 2 || strcmp(t[open - 1].s, ")"))
		return 0;
	for (q = open - 1, depth = 0; q > 0; q--) {
		if (!strcmp(t[q].s, ")"))
			depth++;
		else if (!strcmp(t[q].s, "(") && !--depth)
			break;
	}
	if (!q || t[q - 1].type != T_IDENT)
		return 0;
	for (k = q + 1, depth = 0; k + 1 < open; k++) {
		if (!strcmp(t[k].s, "("))
			depth++;
		else if (!strcmp(t[k].s, ")"))
			depth--;
		else if (!depth && !strcmp(t[k].s, ","))
			pi++;
		if (t[k].type == T_IDENT && !strcmp(t[k].s, name)) {
			snprintf(fn, n, "%s", t[q - 1].s);
			*idx = pi;
			*def_a = q - 1;
			{
				size_t ba, bb;
				*def_b = review_fn_of(w, i, &ba, &bb) ? bb : open;
			}
			return 1;
		}
	}
	return 0;
}

/* Whether the first argument of the call whose '(' is t[open] (before
 * end) is a product of multiplier m and nothing else: "v * C", "(u32)v *
 * C", "C * (v)"; its tokens are names, numbers, '*', casts, '.', '->'
 * and parentheses.  1 with m's token into *at. */
static int product_in_arg(const walk *w, size_t open, size_t end,
                          const review_mult *m, size_t *at)
{
	const tok *t = w->v.t;
	size_t j;
	int par = 0, found = 0;

	for (j = open; j < end; j++) {
		const char *s = t[j].s;
		if (!strcmp(s, "("))
			par++;
		else if (!strcmp(s, ")") && !--par)
			break;
		else if (par == 1 && !strcmp(s, ","))
			break;
		else if (t[j].type == T_OP && strcmp(s, "*") && strcmp(s, ".") &&
		         strcmp(s, "->") && strcmp(s, ")"))
			return 0;
		else if ((m->kind == REVIEW_LITERAL ? t[j].type == T_NUM &&
		          !strcmp(s, m->text) : t[j].type == T_IDENT &&
		          !strcmp(s, m->name)) &&
		         (!strcmp(t[j - 1].s, "*") || (j + 1 < end &&
		          !strcmp(t[j + 1].s, "*")))) {
			found = 1;
			*at = j;
		}
	}
	return found && j < end;
}

/* The width C computes the product at token at (m's factor) in, in each
 * data model, and its operands' types (m->hashed_prod, hashed_why): the
 * usual arithmetic conversions, so that u32 key * 0xebb34377u is a
 * 32-bit product whatever function it is handed to. */
static void hashed_product(const walk *w, size_t at, review_mult *m)
{
	cwidth mw, pw;
	const tok *t = w->v.t;

	m->hashed_prod[LP64] = m->hashed_prod[ILP32] = 0;
	if (review_factor_type(w, at, &mw) < 0) {
		snprintf(m->hashed_why, sizeof m->hashed_why, "the type of %s",
		         t[at].s);
		return;
	}
	if (review_product_type(w, at, &mw, &pw) < 0) {
		/* the other operand: what the multiply takes beside it */
		size_t o = at >= 2 && !strcmp(t[at - 1].s, "*") ? at - 2 : at + 2;
		snprintf(m->hashed_why, sizeof m->hashed_why, "the type of %s",
		         o < w->v.n ? t[o].s : "the other operand");
		return;
	}
	m->hashed_prod[LP64] = pw.bits[LP64];
	m->hashed_prod[ILP32] = pw.bits[ILP32];
	snprintf(m->hashed_why, sizeof m->hashed_why, "%s", pw.why);
}


/* The right shift t[sh] (by a constant K) inside a group cast to a type
 * narrower than m's word, "(u32)((v * C) >> 20)": the cast keeps bits K
 * .. K + w - 1 of the product (m->mid_shift, mid_bits). */
static void mid_cast(walk *w, size_t a, size_t b, size_t sh, review_mult *m)
{
	const tok *t = w->v.t;
	unsigned long k;
	char why[64];
	size_t p, q;
	int l;

	if (!review_small_value(w, &t[sh + 1], &k, why, sizeof why) ||
	    k < 1 || k >= 64)
		return;
	for (p = sh; p-- > a + 2;) {
		unsigned cw;
		size_t f;
		if (strcmp(t[p].s, "(") || strcmp(t[p - 1].s, ")"))
			continue;
		q = review_paren_close(t, p, b);
		if (q >= b || q < sh + 1)
			continue;
		/* (TYPE) right before the group: u32, unsigned int, ... */
		for (f = p - 2; f > a && t[f - 1].type == T_IDENT &&
		     review_is_type_word(t[f - 1].s); f--)
			;
		if (t[p - 2].type != T_IDENT || f <= a || strcmp(t[f - 1].s, "(") ||
		    !(cw = review_type_bits(t[p - 2].s, 0, &l)) || l ||
		    (f < p - 2 && !strcmp(t[f].s, "long")))
			continue;
		if (cw < 32 || cw >= m->bits)
			return;
		m->mid_shift = (unsigned)k;
		m->mid_bits = cw;
		return;
	}
}

/* A use of m whose shift selects no table (why: which shift, and how):
 * m's table REVIEW_TABLE_NOTHING, unless another use showed one. */
static void select_nothing(review_mult *m, const char *why)
{
	if (m->table_src == REVIEW_TABLE_CODE ||
	    m->table_src == REVIEW_TABLE_NOTHING)
		return;
	m->table = 0;
	m->table_src = REVIEW_TABLE_NOTHING;
	snprintf(m->why_table, sizeof m->why_table, "%s", why);
}

/* Where the left operand of the right shift at t[sh] starts, in the
 * statement from a: a product binds tighter than a shift ("x * C >> 32"
 * shifts x * C), and a group "(...)" with the cast before it is taken
 * whole.  sh when it has none. */
static size_t shift_operand(const tok *t, size_t a, size_t sh)
{
	size_t k = sh;

	while (k > a) {
		const tok *p = &t[k - 1];
		if (!strcmp(p->s, ")")) {
			size_t q = k - 1;
			int depth = 0;
			for (;; q--) {
				if (!strcmp(t[q].s, ")"))
					depth++;
				else if (!strcmp(t[q].s, "(") && !--depth)
					break;
				if (q == a)
					return sh;
			}
			k = q;
		} else if ((p->type == T_IDENT && strcmp(p->s, "return") &&
		            strcmp(p->s, "case")) || p->type == T_NUM ||
		           (p->type == T_OP && (!strcmp(p->s, "*") ||
		            !strcmp(p->s, "/") || !strcmp(p->s, "%") ||
		            !strcmp(p->s, ".") || !strcmp(p->s, "->")))) {
			k--;
		} else
			break;
	}
	return k;
}

/* The multiply of m in tokens [a, e): the token of its factor (m's name,
 * or the literal as written) next to a '*' or '*=', else REVIEW_NONE. */
static size_t mult_tok(const walk *w, const review_mult *m, size_t a,
                       size_t e)
{
	const tok *t = w->v.t;
	const char *s = m->kind == REVIEW_LITERAL ? m->text : m->name;
	size_t j;

	if (!s || !s[0] || m->kind == REVIEW_SEQUENCE)
		return REVIEW_NONE;
	for (j = a; j < e; j++)
		if (!strcmp(t[j].s, s) &&
		    ((j > a && (!strcmp(t[j - 1].s, "*") ||
		                !strcmp(t[j - 1].s, "*="))) ||
		     (j + 1 < e && !strcmp(t[j + 1].s, "*"))))
			return j;
	return REVIEW_NONE;
}

/* The right shift t[sh] (">>" or ">>=") by k, in statement [a, b), of
 * the product of multiplier mi (in the shift's left operand) or of a
 * variable keeping it (a later statement's "h >> 32", "h >>= 32"): when k
 * is not less than the width C shifts in (the product's type by the usual
 * arithmetic conversions, a cast's around it, the variable's after the
 * promotions), in a model the context allows, the shift is undefined (C11
 * 6.5.7): an ERROR, once a line; and when that width is the multiplier's
 * word (or k reaches its word), the shift selects no table with it:
 * m's table is REVIEW_TABLE_NOTHING unless another use showed one. */
static void shift_past_width(walk *w, size_t a, size_t b, size_t sh,
                             unsigned long k, const char *kwhy, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	size_t l = shift_operand(t, a, sh), j;
	unsigned width[NMODEL];
	unsigned ctx = review_ctx_word(w, NULL, NULL);
	char what[200];
	const char *fix = "widen an operand first ((u64)x * C)";
	char fixbuf[96];
	int model, ub = -1;

	(void)b;
	if (l >= sh)
		return;
	j = t[sh].s[2] == '=' ? REVIEW_NONE : mult_tok(w, m, l, sh);
	if (j != REVIEW_NONE) {
		cwidth fw, pw, cw;
		if (review_factor_type(w, j, &fw) < 0 ||
		    review_product_type(w, j, &fw, &pw) < 0)
			return;          /* the width C shifts in is not known */
		for (model = 0; model < NMODEL; model++)
			width[model] = pw.bits[model];
		if (review_cast_before(w, j, sh, &cw))
			for (model = 0; model < NMODEL; model++)
				if (cw.bits[model] > width[model])
					width[model] = cw.bits[model];
		snprintf(what, sizeof what, "the product with %.60s",
		         m->kind == REVIEW_LITERAL ? m->text : m->name);
	} else if (l + 1 == sh && t[l].type == T_IDENT &&
	           mult_tok(w, m, a, b) == REVIEW_NONE) {
		/* a variable that keeps the product, shifted later */
		int il;
		unsigned vb = review_var_bits(w, t[l].s, l, &il);
		if (!vb)
			return;          /* its type is not known */
		width[LP64] = vb < 32 ? 32 : vb;
		width[ILP32] = il || vb < 32 ? 32 : vb;
		snprintf(what, sizeof what, "%.40s, which keeps the product with "
		         "%.60s", t[l].s, m->kind == REVIEW_LITERAL ? m->text :
		         m->name);
	} else if (sh >= l + 4 && t[sh - 1].type == T_IDENT &&
	           !strcmp(t[l].s, "(") && !strcmp(t[sh - 2].s, ")") &&
	           mult_tok(w, m, a, b) == REVIEW_NONE) {
		/* "(u32)h >> 32": the cast's type, after the promotions, is
		 * what C shifts (issue 23) */
		cwidth cw;
		size_t first;
		if (review_type_width_at(t, sh - 3, l + 1, &first, &cw) < 0 ||
		    first != l + 1)
			return;
		for (model = 0; model < NMODEL; model++)
			width[model] = cw.bits[model] < 32 ? 32 : cw.bits[model];
		snprintf(what, sizeof what, "%.40s, which keeps the product "
		         "with %.60s, cast to %.20s", t[sh - 1].s,
		         m->kind == REVIEW_LITERAL ? m->text : m->name,
		         cw.type[LP64]);
		snprintf(fixbuf, sizeof fixbuf, "shift before the cast "
		         "((%.20s)(%.40s >> %lu))", cw.type[LP64], t[sh - 1].s, k);
		fix = fixbuf;
	} else
		return;
	for (model = 0; model < NMODEL && ub < 0; model++)
		if (k >= width[model] && !(ctx == 32 && model == LP64) &&
		    !(ctx == 64 && model == ILP32))
			ub = model;
	if (ub >= 0 && !review_has_finding(w->r, w->file, t[sh].line,
	                                   "undefined behaviour"))
		review_add(w->r, REVIEW_ERROR, w->file, t[sh].line, REVIEW_NONE,
		           "word", "%s %s at line %lu shifts %s, a %u-bit value%s, "
		           "by %lu, not less than its width: undefined behaviour in "
		           "C (C11 6.5.7), what it gives depends on the compiler "
		           "and the target (x86 takes the count mod %u, a shift by "
		           "%lu), so it selects no table; %s if the high half is "
		           "meant", t[sh].s, kwhy,
		           t[sh].line, what, width[ub], ub == ILP32 &&
		           width[LP64] != width[ILP32] ? " on ILP32 (32-bit long)"
		           : "", k, width[ub], k % width[ub], fix);
	if (ub >= 0 && width[ub] <= m->bits) {
		char nw[sizeof m->why_table];
		snprintf(nw, sizeof nw, "%s %.60s at line %lu shifts the %u-bit "
		         "product by %lu, its whole width or more", t[sh].s, kwhy,
		         t[sh].line, width[ub], k);
		select_nothing(m, nw);
	}
}

/* The number of entries of array decl t[j] ("TYPE name[SIZE]"), SIZE
 * the tokens up to its ']': "1 << K" (1U, 1UL, ...; in parentheses or
 * not), or one literal or define.  1 with it in z and as written in
 * what, else 0. */
static int array_size(walk *w, size_t j, mpz_t z, char *what, size_t n)
{
	const tok *t = w->v.t;
	size_t a = j + 2, e = a;
	unsigned long k;
	char why[64];
	int sl;

	while (e < w->v.n && strcmp(t[e].s, "]") && e < a + 8)
		e++;
	if (e >= w->v.n || strcmp(t[e].s, "]"))
		return 0;
	while (e > a + 1 && !strcmp(t[a].s, "(") && !strcmp(t[e - 1].s, ")"))
		a++, e--;
	if (e == a + 3 && t[a].type == T_NUM && !strcmp(t[a + 1].s, "<<") &&
	    review_literal(t[a].s, z, &sl) == 0 && !mpz_cmp_ui(z, 1) &&
	    review_small_value(w, &t[a + 2], &k, why, sizeof why)) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, k);
		snprintf(what, n, "1 << %s", why);
		return 1;
	}
	if (e == a + 1 && t[a].type == T_NUM && review_literal(t[a].s, z, &sl) == 0) {
		snprintf(what, n, "%s", t[a].s);
		return 1;
	}
	if (e == a + 1 && t[a].type == T_IDENT) {
		const define *d = review_defs_find(w->newd, t[a].s, 0);
		if (d && d->valid) {
			mpz_set(z, d->v);
			snprintf(what, n, "%s = %s", t[a].s, d->text);
			return 1;
		}
	}
	return 0;
}

/* The index of an array that the shift or hash call at t[at] (statement
 * from a) computes, "tbl[(x * C) >> (32 - B)]", taking ibits bits: an
 * ERROR when the array's declaration in the file ("TYPE tbl[1 << K]",
 * "[N]") gives it fewer than 2^ibits entries (its size and the shift
 * from two *_BITS defines, say, of two headers): the larger indexes read
 * past its end. */
static void index_bound(walk *w, size_t a, size_t at, unsigned ibits)
{
	const tok *t = w->v.t;
	size_t j, open = REVIEW_NONE;
	int depth = 0;
	mpz_t z, top;
	char what[140];

	for (j = at; j-- > a;) {
		if (!strcmp(t[j].s, "]"))
			depth++;
		else if (!strcmp(t[j].s, "[") && !depth--) {
			open = j;
			break;
		}
	}
	if (open == REVIEW_NONE || open == 0 || t[open - 1].type != T_IDENT ||
	    ibits > 64)
		return;
	mpz_inits(z, top, NULL);
	for (j = 1; j + 2 < w->v.n; j++) {
		if (t[j].type != T_IDENT || strcmp(t[j].s, t[open - 1].s) ||
		    strcmp(t[j + 1].s, "[") || t[j - 1].type != T_IDENT ||
		    !strcmp(t[j - 1].s, "return") || !strcmp(t[j - 1].s, "sizeof"))
			continue;
		if (!array_size(w, j, z, what, sizeof what))
			break;
		mpz_setbit(top, ibits);
		if (mpz_sgn(z) > 0 && mpz_cmp(z, top) < 0) {
			char *zs = mpz_get_str(NULL, 10, z);
			review_add(w->r, REVIEW_ERROR, w->file, t[at].line, REVIEW_NONE,
			           "table", "%s[] is indexed at line %lu by a hash of "
			           "%u bits (0 .. 2^%u - 1), but it has %s entries (%s, "
			           "line %lu): the keys whose index is %s or more read "
			           "past its end", t[open - 1].s, t[at].line, ibits,
			           ibits, zs, what, t[j].line, zs);
			free(zs);
		}
		break;
	}
	mpz_clears(z, top, NULL);
}

/* A shift by W - B that C leaves undefined (C11 6.5.7) at t[i], so that
 * it selects no table: ">> (W - B)" with B > W (both known: "SESS_HASH_
 * BITS = 36" from another header over a 32-bit product), a negative
 * count; or hash_32(x, B) (hash_64, hash_long: W their word's bits; call
 * set) with B 0, more than W or negative, whose kernel function shifts
 * its W-bit product right by W - B computed in unsigned int (its bits
 * parameter's type): W, or (W - B) mod 2^32, never less than W.  what:
 * the shift or call as written.  An ERROR once a line, and m's table
 * REVIEW_TABLE_NOTHING unless another use showed one. */
static void shift_undefined(walk *w, size_t i, size_t mi, unsigned long wv,
                            long v, const char *what, int call)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	char nw[sizeof m->why_table];
	/* the count hash_32() computes: (W - B) in unsigned int */
	unsigned long cnt = (unsigned long)(((long long)wv - v) & 0xffffffffLL);

	if (!review_has_finding(w->r, w->file, t[i].line, "undefined behaviour")) {
		if (!call)
			review_add(w->r, REVIEW_ERROR, w->file, t[i].line, REVIEW_NONE,
			           "table", ">> %s at line %lu shifts by %lu - %ld = "
			           "-%ld, a negative count: undefined behaviour in C "
			           "(C11 6.5.7), so it selects no table; a table of "
			           "2^%ld needs an index of %ld bits, more than the "
			           "%lu-bit word holds", what, t[i].line, wv, v,
			           v - (long)wv, v, v, wv);
		else if (v == 0)
			review_add(w->r, REVIEW_ERROR, w->file, t[i].line, REVIEW_NONE,
			           "table", "%s at line %lu asks for a table of 2^0: "
			           "%s() shifts its %lu-bit product right by %lu - 0 = "
			           "%lu, its whole width, which is undefined behaviour "
			           "in C (C11 6.5.7; x86 takes the count mod %lu, a "
			           "shift by 0), so it selects no table; give it the "
			           "table's bits, 1 or more", what, t[i].line, t[i].s,
			           wv, wv, wv, wv);
		else
			review_add(w->r, REVIEW_ERROR, w->file, t[i].line, REVIEW_NONE,
			           "table", "%s at line %lu asks for a table of 2^%ld, "
			           "%s: %s() shifts its %lu-bit product right by %lu - "
			           "%s%ld%s, computed in unsigned int (its bits "
			           "parameter's type) as %lu, not less than %lu: "
			           "undefined behaviour in C (C11 6.5.7), so it selects "
			           "no table; give it the table's bits, 1 to %lu", what,
			           t[i].line, v, v < 0 ? "a negative size" :
			           "more than the word's bits", t[i].s, wv, wv,
			           v < 0 ? "(" : "", v, v < 0 ? ")" : "", cnt, wv, wv);
	}
	if (!call)
		snprintf(nw, sizeof nw, ">> %.100s at line %lu shifts by a "
		         "negative count", what, t[i].line);
	else
		snprintf(nw, sizeof nw, "%.70s at line %lu shifts the %lu-bit "
		         "product by %lu, %s", what, t[i].line, wv, v ? cnt : wv,
		         v ? "more than its width" : "its whole width");
	select_nothing(m, nw);
}

/* Where line `line` of the walk's file is, said from multiplier m's
 * file (where its verdict stands): "line 4", or "lib/foo.c:4". */
static void use_place(const walk *w, const review_mult *m,
                      unsigned long line, char *s, size_t n)
{
	if (w->file == m->file)
		snprintf(s, n, "line %lu", line);
	else
		snprintf(s, n, "%.80s:%lu", w->pt->files[w->file], line);
}

/* hash_64() (hash_long(), hash_ptr() on a 64-bit long) called at t[i]
 * with bits v, 32 < v <= 64 (as written: why): the kernel's returns a
 * u32, so it keeps bits 64 - v .. 95 - v of the 64-bit product, not a
 * table's top v bits, and those depend on the key's bits below 96 - v
 * only.  An ERROR once a line, and multiplier mi's table
 * REVIEW_TABLE_NOTHING unless another use showed one. */
static void hash64_narrow(walk *w, size_t i, size_t mi, long v,
                          const char *why)
{
	const tok *t = w->v.t;
	unsigned lo = (unsigned)(64 - v), hi = lo + 31;
	char nw[sizeof w->r->mult[mi].why_table];

	if (!review_has_finding(w->r, w->file, t[i].line, "returns a u32"))
		review_add(w->r, REVIEW_ERROR, w->file, t[i].line, REVIEW_NONE,
		           "table", "%s(..., %s) at line %lu asks for a table of "
		           "2^%ld, but the kernel's %s() returns a u32: it keeps "
		           "bits %u..%u of the 64-bit product (>> %u, then cut to "
		           "32 bits), not its top %ld bits, and those bits depend "
		           "only on the key's low %u bits: keys that differ only "
		           "in their top %ld bit%s always hash alike; give it the "
		           "table's bits, 1 to 32", t[i].s, why, t[i].line, v,
		           t[i].s, lo, hi, lo, v, hi + 1, v - 32,
		           v - 32 == 1 ? "" : "s");
	snprintf(nw, sizeof nw, "%.40s(..., %.40s) at line %lu keeps bits "
	         "%u..%u of the product, not its top bits", t[i].s, why,
	         t[i].line, lo, hi);
	select_nothing(&w->r->mult[mi], nw);
}

/* hash_32(), hash_64(), hash_long() or hash_ptr() called at t[i] in
 * statement [a, b): multiplier mi's product passed to it (m->hashed_by),
 * the table its bits argument gives (or the undefined shift a size of 0,
 * more than the word or below 0 makes), and the word it hashes. */
static void hash_call_use(walk *w, size_t a, size_t b, size_t i, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	/* hash_long and hash_ptr hash a long: the #if word, else 64 */
	unsigned ctx = review_ctx_word(w, NULL, NULL);
	unsigned word = !strcmp(t[i].s, "hash_32") ? 32 :
	                !strcmp(t[i].s, "hash_64") ? 64 : ctx ? ctx : 64;
	size_t at = 0, e1 = review_arg_end(t, i + 2, b), e2;
	long v;
	char why[64], at_s[96];

	if (!m->hashed_by[0] && m->kind != REVIEW_SEQUENCE &&
	    product_in_arg(w, i + 1, b, m, &at)) {
		snprintf(m->hashed_by, sizeof m->hashed_by, "%s", t[i].s);
		m->hashed_line = t[i].line;
		m->hashed_word = word;
		/* a word no #if says, at the call or at the define: long
		 * may be 32 bits there too (review_hashed.c) */
		m->hashed_long = !ctx && !m->ctx_bits && word == 64 &&
		                 strcmp(t[i].s, "hash_64");
		hashed_product(w, at, m);
	}
	/* the second argument, the table's bits */
	if (e1 < b && !strcmp(t[e1].s, ",") &&
	    (e2 = review_arg_end(t, e1 + 1, b)) < b && !strcmp(t[e2].s, ")") &&
	    review_signed_value(w, e1 + 1, e2, &v, why, sizeof why)) {
		if (word == 64 && v > 32 && v <= 64) {
			hash64_narrow(w, i, mi, v, why);
		} else if (v >= 1 && v <= (long)word) {
			m->table = (unsigned)v;
			m->table_src = REVIEW_TABLE_CODE;
			use_place(w, m, t[i].line, at_s, sizeof at_s);
			snprintf(m->why_table, sizeof m->why_table, "%s(..., %s) at "
			         "%.60s", t[i].s, why, at_s);
			index_bound(w, a, i, (unsigned)v);
		} else {
			char hw[96];
			snprintf(hw, sizeof hw, "%s(..., %.40s)", t[i].s, why);
			shift_undefined(w, i, mi, word, v, hw, 1);
		}
	}
	if (m->hashed_by[0] && !strcmp(m->hashed_by, t[i].s) &&
	    m->hashed_line == t[i].line && m->hashed_prod[LP64] &&
	    m->hashed_prod[LP64] < word) {
		/* u32 key * C into hash_long(): a 32-bit product */
		m->bits = m->hashed_prod[LP64];
		snprintf(m->why_bits, sizeof m->why_bits, "its product is "
		         "computed in %u bits (%.80s) before %s() at line %lu "
		         "widens it", m->bits, m->hashed_why, t[i].s, t[i].line);
	} else if (m->bits != word && m->kind != REVIEW_SEQUENCE) {
		char was[sizeof m->why_bits];
		snprintf(was, sizeof was, "%s", m->why_bits);
		snprintf(m->why_bits, sizeof m->why_bits, "%s() at line %lu "
		         "hashes %u-bit words%s, over %u bits by %.120s", t[i].s,
		         t[i].line, word, word == 64 && strcmp(t[i].s, "hash_64") ?
		         " (a long's)" : "", m->bits, was);
		m->bits = word;
	}
}

/* The right shift t[i] of statement [a, b) by K or by (W - B), known:
 * by the width or more (or a negative count), undefined, no table. */
static void shift_undefined_use(walk *w, size_t a, size_t b, size_t i,
                                size_t mi)
{
	const tok *t = w->v.t;
	unsigned long sk, wv;
	long v;
	char kwhy[64], why[64], both[140];
	size_t close;

	if (review_small_value(w, &t[i + 1], &sk, kwhy, sizeof kwhy)) {
		shift_past_width(w, a, b, i, sk, kwhy, mi);
		return;
	}
	if (strcmp(t[i + 1].s, "(") || i + 5 >= b ||
	    !review_small_value(w, &t[i + 2], &wv, why, sizeof why) ||
	    strcmp(t[i + 3].s, "-") ||
	    (close = review_paren_close(t, i + 1, b)) >= b ||
	    !review_signed_value(w, i + 4, close, &v, kwhy, sizeof kwhy))
		return;
	snprintf(both, sizeof both, "(%s - %s)", why, kwhy);
	if (v < 0)
		shift_past_width(w, a, b, i, wv - v, both, mi);
	else if ((unsigned long)v <= wv)
		shift_past_width(w, a, b, i, wv - v, both, mi);
	else
		shift_undefined(w, i, mi, wv, v, both, 0);
}

/* Whether the right shift t[i] (before b) is ">> (W - bits)", W 32 or 64
 * (into *wv) and bits a name that is no define of a value (a parameter
 * or a variable, t[i + 4]). */
static int shift_by_param(walk *w, size_t b, size_t i, unsigned long *wv)
{
	const tok *t = w->v.t;
	unsigned long v;
	long sv;
	char why[64];

	return !strcmp(t[i + 1].s, "(") && i + 5 < b &&
	       review_small_value(w, &t[i + 2], wv, why, sizeof why) &&
	       (*wv == 32 || *wv == 64) && !strcmp(t[i + 3].s, "-") &&
	       t[i + 4].type == T_IDENT &&
	       !review_small_value(w, &t[i + 4], &v, why, sizeof why) &&
	       !review_signed_value(w, i + 4, i + 5, &sv, why, sizeof why) &&
	       !strcmp(t[i + 5].s, ")");
}

void review_param_table(walk *w, size_t sh, size_t mi)
{
	const tok *t = w->v.t;
	char fn[64];
	size_t idx, da, db, b = sh + 6;
	unsigned long wv;

	if (b <= w->v.n && shift_by_param(w, b, sh, &wv) &&
	    wv == w->r->mult[mi].bits &&
	    param_of(w, sh, t[sh + 4].s, fn, sizeof fn, &idx, &da, &db))
		review_call_tables(w, sh, mi, wv, fn, t[sh + 4].s, idx, da, db);
}

/* Whether s is BITS_PER_LONG (or __BITS_PER_LONG): the bits of a long
 * on the word multiplier m is judged at (its #if's, else LP64's 64),
 * into *wv. */
static int long_word(const char *s, const review_mult *m, unsigned long *wv)
{
	if (strcmp(s, "BITS_PER_LONG") && strcmp(s, "__BITS_PER_LONG"))
		return 0;
	*wv = m->bits == 32 ? 32 : 64;
	return 1;
}

/* Whether C computes the product of multiplier m in [a, e) in a long:
 * 64 bits on LP64, 32 on ILP32 ("unsigned long key * 0x61c88647u"). */
static int long_product(const walk *w, size_t a, size_t e,
                        const review_mult *m)
{
	const tok *t = w->v.t;
	cwidth mw, pw;
	size_t j;

	for (j = a + 1; j + 1 < e; j++)
		if ((m->kind == REVIEW_LITERAL ? t[j].type == T_NUM &&
		     !strcmp(t[j].s, m->text) : t[j].type == T_IDENT &&
		     review_name_is(w, t[j].s, m->name)) &&
		    (!strcmp(t[j - 1].s, "*") || !strcmp(t[j + 1].s, "*")))
			return review_factor_type(w, j, &mw) == 0 &&
			       review_product_type(w, j, &mw, &pw) == 0 &&
			       pw.bits[LP64] == 64 && pw.bits[ILP32] == 32;
	return 0;
}

/* Whether the name t is a define of "(W - B)" (parentheses optional), W
 * 32, 64 or BITS_PER_LONG (the long of m's word) and B a literal or a
 * define of one: "#define FOO_SHIFT (32 - FOO_BITS)", a shift's count
 * written once.  1 with W into *wv, B into *v and how into why. */
static int shift_define(walk *w, const tok *t, const review_mult *m,
                        unsigned long *wv, unsigned long *v, char *why,
                        size_t n)
{
	const define *d;
	char lhs[48], rhs[48], tail[8] = "", bw[64];
	const char *s;
	size_t k = 0;
	tok bt;

	if (t->type != T_IDENT || !(d = review_defs_find(w->newd, t->s, 0)) ||
	    d->valid)
		return 0;
	for (s = d->text; *s && k + 1 < sizeof bw; s++)   /* no spaces */
		if (*s != ' ' && *s != '\t')
			bw[k++] = *s;
	bw[k] = '\0';
	if (sscanf(bw, "(%47[A-Za-z0-9_]-%47[A-Za-z0-9_]%7s", lhs, rhs,
	           tail) < 2 && sscanf(bw, "%47[A-Za-z0-9_]-%47[A-Za-z0-9_]%7s",
	                               lhs, rhs, tail) < 2)
		return 0;
	if (strcmp(tail, bw[0] == '(' ? ")" : ""))
		return 0;
	if (!long_word(lhs, m, wv)) {
		char *end;
		*wv = strtoul(lhs, &end, 10);
		if (*end || (*wv != 32 && *wv != 64))
			return 0;
	}
	bt = *t;
	bt.type = isdigit((unsigned char)rhs[0]) ? T_NUM : T_IDENT;
	bt.s = rhs;
	if (!review_small_value(w, &bt, v, bw, sizeof bw) || *v < 1 ||
	    *v > *wv)
		return 0;
	snprintf(why, n, "%.20s = (%.14s - %.20s)", t->s, lhs, bw);
	return 1;
}

/* The right shift t[i] (">>") of statement [a, b): the table it gives
 * multiplier mi (>> (W - B), >> K), or that the code does not show it
 * (>> (W - bits), bits a parameter or a variable). */
static void shift_table_use(walk *w, size_t a, size_t b, size_t i, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	unsigned long v, wv;
	char why[64], at[96];

	use_place(w, m, t[i].line, at, sizeof at);

	if (!strcmp(t[i + 1].s, "(") && i + 4 < b &&
	    (review_small_value(w, &t[i + 2], &wv, why, sizeof why) ||
	     long_word(t[i + 2].s, m, &wv)) &&
	    !strcmp(t[i + 3].s, "-") &&
	    review_small_value(w, &t[i + 4], &v, why, sizeof why) &&
	    v >= 1 && v <= wv && (wv == 32 || wv == 64)) {
		m->table = (unsigned)v;
		m->table_src = REVIEW_TABLE_CODE;
		/* BITS_PER_LONG with no #if word: 32 on ILP32 too */
		m->long_shift = long_word(t[i + 2].s, m, &wv) && wv == 64 &&
		                !m->ctx_bits && m->kind != REVIEW_SEQUENCE;
		m->long_prod = m->long_shift && long_product(w, a, i, m);
		snprintf(m->why_table, sizeof m->why_table, ">> (%s%s%lu - %s) at "
		         "%.60s", long_word(t[i + 2].s, m, &wv) ? t[i + 2].s : "",
		         long_word(t[i + 2].s, m, &wv) ? " = " : "", wv, why, at);
		index_bound(w, a, i, (unsigned)v);
	} else if (m->table_src != REVIEW_TABLE_CODE &&
	           shift_by_param(w, b, i, &wv)) {
		/* >> (32 - bits), bits a parameter or a variable: the
		 * code does not show the size, whatever a *_BITS
		 * define of the file says */
		char fn[64];
		size_t idx, da, db;
		m->table = 0;
		m->table_src = REVIEW_TABLE_UNKNOWN;
		if (param_of(w, i, t[i + 4].s, fn, sizeof fn, &idx, &da, &db)) {
			snprintf(m->why_table, sizeof m->why_table, ">> (%lu - "
			         "%s) at %.40s takes %s, a parameter of %.40s()", wv,
			         t[i + 4].s, at, t[i + 4].s, fn);
			/* the calls of fn give it: their tables */
			review_call_tables(w, i, mi, wv, fn, t[i + 4].s, idx, da, db);
		} else
			snprintf(m->why_table, sizeof m->why_table, ">> (%lu - "
			         "%s) at %.60s takes %s, a variable", wv, t[i + 4].s, at,
			         t[i + 4].s);
	} else if (shift_define(w, &t[i + 1], m, &wv, &v, why, sizeof why) &&
	           wv == m->bits) {
		m->table = (unsigned)v;
		m->table_src = REVIEW_TABLE_CODE;
		index_bound(w, a, i, m->table);
		snprintf(m->why_table, sizeof m->why_table, ">> %s at %.60s", why,
		         at);
	} else if (review_small_value(w, &t[i + 1], &v, why, sizeof why) &&
	           v >= 1 && v < m->bits) {
		m->table = (unsigned)(m->bits - v);
		m->table_src = REVIEW_TABLE_CODE;
		index_bound(w, a, i, m->table);
		snprintf(m->why_table, sizeof m->why_table, ">> %s at %.60s: the top "
		         "%u bits", why, at, m->table);
	}
}

/* What statement [a, b) says of the word and table of multiplier name
 * (or the literal at index lit): hash_32(.., B), hash_64(.., B),
 * >> (W - B), >> K. */
void review_use_of(walk *w, size_t a, size_t b, size_t mi)
{
	const tok *t = w->v.t;
	size_t i;

	for (i = a; i < b; i++) {
		if (t[i].type == T_IDENT && (!strcmp(t[i].s, "hash_32") ||
		    !strcmp(t[i].s, "hash_64") || !strcmp(t[i].s, "hash_long") ||
		    !strcmp(t[i].s, "hash_ptr")) && i + 1 < b &&
		    !strcmp(t[i + 1].s, "("))
			hash_call_use(w, a, b, i, mi);
		if (t[i].type != T_OP || i + 1 >= b)
			continue;
		if ((!strcmp(t[i].s, ">>") || !strcmp(t[i].s, ">>=")) &&
		    w->r->mult[mi].kind != REVIEW_SEQUENCE)
			shift_undefined_use(w, a, b, i, mi);
		if (!strcmp(t[i].s, ">>") && !w->r->mult[mi].mid_bits)
			mid_cast(w, a, b, i, &w->r->mult[mi]);
		if (!strcmp(t[i].s, ">>"))
			shift_table_use(w, a, b, i, mi);
	}
}

/* The file's first *_BITS define of each value bound c (w->bits_def),
 * from its defines, which start at newd->d[w->defi]. */
void review_bits_defines(walk *w)
{
	size_t i, c;

	for (c = 0; c <= VERIFY_MAX_TABLE_BITS; c++)
		w->bits_def[c] = REVIEW_NONE;
	for (i = w->defi; i < w->newd->n && w->newd->d[i].file == w->file; i++) {
		const define *d = &w->newd->d[i];
		size_t n = strlen(d->name);
		if (d->valid && n > 5 && !strcmp(d->name + n - 5, "_BITS") &&
		    mpz_cmp_ui(d->v, 1) >= 0 &&
		    mpz_cmp_ui(d->v, VERIFY_MAX_TABLE_BITS) <= 0)
			for (c = mpz_get_ui(d->v); c <= VERIFY_MAX_TABLE_BITS; c++)
				if (w->bits_def[c] == REVIEW_NONE)
					w->bits_def[c] = i;
	}
}

/* Whether name is used in tokens [a, b): a name, or a word of a
 * directive (a macro's body). */
static int name_in(const walk *w, size_t a, size_t b, const char *name)
{
	const tok *t = w->v.t;
	size_t j;

	for (j = a; j < b; j++)
		if ((t[j].type == T_IDENT && !strcmp(t[j].s, name)) ||
		    (t[j].type == T_PP && review_word_ci(t[j].s, name)))
			return 1;
	return 0;
}

/* Whether the *_BITS define d says multiplier mi's table: a function or
 * a macro that uses the multiplier (a literal: its function) uses d
 * too.  A *_BITS define elsewhere in the file sizes another table. */
static int bits_for(const walk *w, size_t mi, const define *d)
{
	const review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	size_t j, a, b, last = REVIEW_NONE;

	if (m->kind == REVIEW_LITERAL) {
		if (name_in(w, w->lit_a, w->lit_b, d->name) ||
		    (w->lit_d > w->lit_c && name_in(w, w->lit_c, w->lit_d,
		                                     d->name)))
			return 1;
		return review_fn_of(w, w->lit_a, &a, &b) && name_in(w, a, b, d->name);
	}
	for (j = 0; j < w->v.n; j++) {
		if (t[j].type == T_PP && review_word_ci(t[j].s, m->name) &&
		    review_word_ci(t[j].s, d->name))
			return 1;        /* a macro of both */
		if (t[j].type != T_IDENT || strcmp(t[j].s, m->name) ||
		    !review_fn_of(w, j, &a, &b) || a == last)
			continue;
		last = a;
		if (name_in(w, a, b, d->name))
			return 1;
	}
	return 0;
}

/* Whether directive s is a function-like macro whose body names name
 * and shifts right by (W - P), W 32 or 64 and P one of its parameters,
 * in parentheses or not: "#define FOO_HASH(x, bits) (((x) * M) >> (32 -
 * (bits)))".  1 with the macro's name into fn, P into param (64 bytes
 * each), P's place in the list into *pidx and W into *wv. */
static int macro_shift(const char *s, const char *name, char *fn,
                       char *param, size_t *pidx, unsigned long *wv)
{
	char ps[16][64];
	size_t np = 0, k;
	int at = 0;
	const char *b;

	if (sscanf(s, "# define %63[A-Za-z0-9_]%n", fn, &at) != 1 ||
	    s[at] != '(')
		return 0;               /* object-like: no parameters */
	for (b = s + at + 1; np < 16; b++) {
		b += strspn(b, " \t");
		for (k = 0; (isalnum((unsigned char)b[k]) || b[k] == '_') &&
		     k < 63; k++)
			ps[np][k] = b[k];
		ps[np++][k] = '\0';
		b += k + strspn(b + k, " \t");
		if (*b != ',')
			break;
	}
	if (*b != ')' || !review_word_ci(b, name))
		return 0;
	/* ">> (W - P)" or ">> (W - (P))" */
	for (b = strstr(b, ">>"); b; b = strstr(b + 2, ">>")) {
		const char *c = b + 2 + strspn(b + 2, " \t");
		char *end;
		if (*c++ != '(')
			continue;
		*wv = strtoul(c, &end, 10);
		c = end + strspn(end, " \t");
		if ((*wv != 32 && *wv != 64) || *c++ != '-')
			continue;
		c += strspn(c, " \t(");
		for (k = 0; (isalnum((unsigned char)c[k]) || c[k] == '_') &&
		     k < 63; k++)
			param[k] = c[k];
		param[k] = '\0';
		for (*pidx = 0; k && *pidx < np; ++*pidx)
			if (!strcmp(ps[*pidx], param))
				return 1;
	}
	return 0;
}

/* A macro of the file that multiplies by mi's name and shifts by (W -
 * P), P its parameter: the macro's calls give the tables, as a
 * function's do (review_call_tables), when nothing closer says one. */
void review_table_from_macro(walk *w, size_t mi)
{
	const review_mult *m = &w->r->mult[mi];
	char fn[64], param[64];
	size_t j, pidx;
	unsigned long wv;

	if (m->table || m->table_src == REVIEW_TABLE_UNKNOWN || !m->name[0])
		return;
	for (j = 0; j < w->v.n; j++)
		if (w->v.t[j].type == T_PP &&
		    macro_shift(w->v.t[j].s, m->name, fn, param, &pidx, &wv) &&
		    wv == m->bits &&
		    review_call_tables(w, j, mi, wv, fn, param, pidx, j, j))
			return;
}

/* A *_BITS define of the file that a function or macro using the
 * multiplier uses too, when nothing closer says the table. */
void review_table_from_bits(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	size_t c = m->bits < VERIFY_MAX_TABLE_BITS ? m->bits
	           : VERIFY_MAX_TABLE_BITS, i;
	const define *d = NULL;

	if (m->table || m->table_src == REVIEW_TABLE_UNKNOWN ||
	    w->bits_def[c] == REVIEW_NONE)
		return;
	/* the file's *_BITS defines of value 1..c, in order */
	for (i = w->bits_def[c]; i < w->newd->n &&
	     w->newd->d[i].file == w->file && !d; i++) {
		const define *e = &w->newd->d[i];
		size_t n = strlen(e->name);
		if (e->valid && n > 5 && !strcmp(e->name + n - 5, "_BITS") &&
		    mpz_cmp_ui(e->v, 1) >= 0 && mpz_cmp_ui(e->v, c) <= 0 &&
		    bits_for(w, mi, e))
			d = e;
	}
	if (!d)
		return;
	m->table = (unsigned)mpz_get_ui(d->v);
	m->table_src = REVIEW_TABLE_DEFINE;
	snprintf(m->why_table, sizeof m->why_table, "#define %s %s (line %lu)",
	         d->name, d->text, d->line);
}

void review_table_nothing(review *r)
{
	size_t i;

	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		if (m->table_src != REVIEW_TABLE_NOTHING || !m->verify)
			continue;
		m->verify = 0;
		if (m->kind == REVIEW_SEQUENCE)
			review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
			           "the multiplier of the shift/add sequence of %s "
			           "(lines %lu-%lu) is not judged: %s (the ERROR "
			           "there), so the code selects no table with it",
			           m->name, m->line, m->last, m->why_table);
		else
			review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
			           "%s%s%s is not judged: %s (the ERROR there), so "
			           "the code selects no table with it, and no other "
			           "use shows a table size to judge it at", m->name,
			           m->name[0] ? " = " : "", m->text, m->why_table);
	}
}

void review_table_whole(review *r)
{
	size_t i;

	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		char *hex;
		if (!m->verify || m->ntab > 1 || !m->bits || m->table != m->bits ||
		    m->mid_bits ||
		    (m->table_src != REVIEW_TABLE_CODE &&
		     m->table_src != REVIEW_TABLE_DEFINE))
			continue;
		m->verify = 0;
		hex = word_hex(m->p, m->bits);
		if (mpz_odd_p(m->p))
			review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
			           "%s is not judged: %s keeps the whole %u-bit "
			           "product, no table index (every bit kept), and x * "
			           "%s mod 2^%u, with the multiplier odd, is a "
			           "permutation of the %u-bit words: two keys hash "
			           "alike only when they are equal, so there are no "
			           "buckets to judge; the table is where that value is "
			           "cut to its bits later", hex, m->why_table, m->bits,
			           hex, m->bits, m->bits);
		else
			review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
			           "%s is not judged: %s keeps the whole %u-bit "
			           "product, no table index (every bit kept), and x * "
			           "%s mod 2^%u, with the multiplier even (2^%lu times "
			           "an odd number), is no permutation of the %u-bit "
			           "words: keys that differ only in their top %lu "
			           "bit%s hash alike", hex, m->why_table, m->bits, hex,
			           m->bits, (unsigned long)mpz_scan1(m->p, 0), m->bits,
			           (unsigned long)mpz_scan1(m->p, 0),
			           mpz_scan1(m->p, 0) == 1 ? "" : "s");
		free(hex);
	}
}
