/*
 * review.c - the C reader of `cfx review`: multipliers, words, tables and
 * the symbolic evaluator of open-coded shift/add sequences (see review.h).
 *
 * Each file of the patch is read twice over: its new side (added and
 * context lines) for what the patch makes, its old side (removed and
 * context lines) for what it replaces.  A side is cut into tokens
 * (comments, directives, identifiers, numbers, operators), and one walk
 * over the tokens keeps the #if context, the comments seen since the last
 * statement (the ones a multiplier's claims are read from) and, inside a
 * function, the symbolic value of every variable.
 *
 * The evaluator.  On n-bit words, a straight-line sequence of =, +=, -=,
 * <<=, +, -, <<, negation and multiplication by a constant maps its input
 * x to a x + b mod 2^n: each variable holds (a, b), and the first plain
 * variable read before it is set is the input (a = 1).  Anything else (a
 * call, a pointer, a branch) makes a value unknown.  A variable that takes
 * at least two additions of shifted copies ends as a multiplier a, exact:
 * no input is tried, so no input can be missed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"


/* ---- multipliers --------------------------------------------------------- */

static size_t mult_new(review *r, review_kind k, size_t file,
                       unsigned long line, const char *name, const char *text)
{
	review_mult *m;

	XGROW(r->mult, r->capm, r->nmult + 1, "review multipliers");
	m = &r->mult[r->nmult];
	memset(m, 0, sizeof *m);
	m->kind = k;
	m->file = file;
	m->line = m->last = line;
	m->name = xstrdup(name);
	m->text = xstrdup(text);
	mpz_init(m->p);
	mpz_init(m->old);
	mpz_init(m->claim);
	m->same_as = REVIEW_NONE;
	m->old_file = REVIEW_NONE;
	m->shift = -1;
	m->verify = 1;
	return r->nmult++;
}

/* A constant's claims, word checks and form, found at line. */
static void constant_found(walk *w, size_t i);

static void claims_of(walk *w, size_t i);

/* The literal a new literal product replaces: the first "* LITERAL"
 * (at least 2^8) on a removed line of the same hunk. */
static void literal_replaced(walk *w, review_mult *m)
{
	const patch *pt = w->pt;
	size_t li, hunk = (size_t)-1, from, to;

	review_file_lines(pt, m->file, &from, &to);
	for (li = from; li < to; li++)
		if (pt->line[li].type == '+' && pt->line[li].no == m->line)
			hunk = pt->line[li].hunk;
	for (li = from; li < to && hunk != (size_t)-1; li++) {
		const patch_line *pl = &pt->line[li];
		const char *s = pl->text;
		if (pl->type != '-' || pl->hunk != hunk || pl->file != m->file)
			continue;
		while ((s = strchr(s, '*'))) {
			size_t n;
			char num[40];
			mpz_t z;
			int sl;
			s++;
			while (*s == ' ' || *s == '(')
				s++;
			for (n = 0; isalnum((unsigned char)s[n]); n++)
				;
			if (!n || n >= sizeof num || !isdigit((unsigned char)*s))
				continue;
			memcpy(num, s, n);
			num[n] = '\0';
			mpz_init(z);
			if (review_literal(num, z, &sl) == 0 && mpz_cmp_ui(z, 255) > 0 &&
			    mpz_cmp(z, m->p)) {
				m->has_old = 1;
				mpz_set(m->old, z);
				m->old_line = pl->no;
				m->old_text = xstrdup(num);
				mpz_clear(z);
				return;
			}
			mpz_clear(z);
		}
	}
}

/* The files of the mail of a series that file f is in: [*lo, *hi) (all
 * of them when the patch is no series). */
static void mail_files(const patch *pt, size_t f, size_t *lo, size_t *hi)
{
	*lo = 0;
	*hi = REVIEW_NONE;
	if (pt->nmails < 2)
		return;
	for (*lo = f; *lo > 0 && pt->mail[*lo - 1] == pt->mail[f]; --*lo)
		;
	for (*hi = f + 1; *hi < pt->nfiles && pt->mail[*hi] == pt->mail[f]; ++*hi)
		;
}

/* The define name (of word ctx) that a define on the new side of the
 * walk's file replaces: the old side's of the same file, else of another
 * file of the same patch (a series' other patches change the same file
 * again: patch 2's old side is patch 1's new one). */
static const define *old_define(const walk *w, const char *name,
                                unsigned ctx)
{
	const define *d = review_defs_find_in(w->oldd, name, ctx, w->file,
	                                      w->file + 1);
	size_t lo, hi;

	if (d)
		return d;
	mail_files(w->pt, w->file, &lo, &hi);
	return review_defs_find_in(w->oldd, name, ctx, lo, hi);
}

/* In a series, the define of an earlier patch that adds old (the one a
 * define of this patch replaces), else NULL. */
static const define *earlier_mail_define(const walk *w, const char *name,
                                         const define *old)
{
	const patch *pt = w->pt;
	size_t lo, hi, k;

	if (pt->nmails < 2)
		return NULL;
	mail_files(pt, w->file, &lo, &hi);
	for (k = w->newd->n; k-- > 0; ) {
		const define *d = &w->newd->d[k];
		if (d->file < lo && d->added && d->valid && !strcmp(d->name, name) &&
		    !mpz_cmp(d->v, old->v) && (!old->ctx || !d->ctx ||
		                               d->ctx == old->ctx))
			return d;
	}
	return NULL;
}

static void use_of(walk *w, size_t a, size_t b, size_t mi);

/* Multiplier mi inside #if's nested deeper than review reads (MAX_IF):
 * its word said to be the innermost read one's, and a CHECK that names
 * the limit and the line of the first #if past it. */
static void deep_if(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	size_t n = strlen(m->why_bits);

	if (w->ifs.depth <= MAX_IF || !w->ifs.deep_line)
		return;
	snprintf(m->why_bits + n, sizeof m->why_bits - n, "; the #if's nested "
	         "past %d levels, from line %lu, are not read", MAX_IF,
	         w->ifs.deep_line);
	review_add(w->r, REVIEW_CHECK, m->file, m->line, mi, "word", "inside "
	           "%d nested #if's: review reads the words of the first %d "
	           "only; the one at depth %d opens at line %lu, and what it "
	           "and those inside it say of BITS_PER_LONG is not read: check "
	           "the word", w->ifs.depth, MAX_IF, MAX_IF + 1,
	           w->ifs.deep_line);
}

/* A define or declaration of a multiplier on the new side (lit: the
 * literal's token, REVIEW_NONE for a name's; a literal's statement is
 * [w->lit_a, w->lit_b)). */
static void mult_constant(walk *w, review_kind k, const char *name,
                          const char *text, const mpz_t v, int suffix_long,
                          unsigned type_word, const char *type,
                          unsigned long line, size_t lit)
{
	const char *cond = "";
	unsigned long cline = 0;
	unsigned ctx = review_ctx_word(w, &cond, &cline);
	size_t i = mult_new(w->r, k, w->file, line, name, text);
	review_mult *m = &w->r->mult[i];
	const define *old;
	cwidth mw;
	int have_mw;

	mpz_set(m->p, v);
	review_infer_word(m, type_word, type, suffix_long, ctx, cond, cline);
	have_mw = review_mult_width(m, suffix_long, type_word, type, &mw) == 0;
	/* no type and no #if: the use decides over the literal (C does
	 * the multiply in the wider of the two types), then a comment that
	 * names 2^32 or 2^64 (as 2^32, 1ULL << 32, 4294967296, ...) */
	if (!type_word && !ctx && mpz_sizeinbase(v, 2) <= 32 &&
	    (k != REVIEW_LITERAL || lit != REVIEW_NONE)) {
		char why[sizeof m->why_bits - 60], over[40];
		size_t c;
		/* a literal: its own multiply ((u32 val * 0x9e370001UL) >>
		 * (32 - bits): 32 bits, by the shift and val's type) */
		unsigned says = 0, uw = k == REVIEW_LITERAL ?
		                review_use_word_at(w, lit, have_mw ? &mw : NULL, why,
		                                   sizeof why) :
		                name[0] ? review_use_word(w, name, have_mw ?
		                                  &mw : NULL, why, sizeof why) : 0;
		if (suffix_long)
			snprintf(over, sizeof over, "the suffix %s",
			         suffix_long == 2 ? "ULL" : "UL");
		else
			snprintf(over, sizeof over, "the literal's %u bits", m->bits);
		for (c = 0; c < w->ncomments; c++)
			says |= review_says_modulus(w->v.t[w->comments[c]].s);
		if (uw && uw != m->bits) {
			m->bits = uw;
			snprintf(m->why_bits, sizeof m->why_bits, "%s, over %s", why,
			         over);
		}
		if (!uw && (says == 32 || says == 64) && says != m->bits &&
		    k != REVIEW_LITERAL) {
			m->bits = says;
			snprintf(m->why_bits, sizeof m->why_bits, "its comment says "
			         "2^%u, over %s", says, over);
		}
	}
	if (name[0] && (old = old_define(w, name, ctx)) && old->valid &&
	    mpz_cmp(old->v, v) && (!ctx || !old->ctx || old->ctx == ctx)) {
		m->has_old = 1;
		mpz_set(m->old, old->v);
		m->old_line = old->line;
		m->old_text = xstrdup(old->text);
		if ((old = earlier_mail_define(w, name, old))) {
			m->old_file = old->file;
			m->old_added_line = old->line;
		}
	}
	deep_if(w, i);
	if (k == REVIEW_LITERAL) {
		literal_replaced(w, m);
		/* the word its statement shows (hash_ptr(), hash_32(), a
		 * right shift), before the word is said: said and judged alike */
		use_of(w, w->lit_a, w->lit_b, i);
	}
	constant_found(w, i);
	if (have_mw)
		review_overflow_check(w, i, lit, name, &mw);
	claims_of(w, i);
}

static void constant_found(walk *w, size_t i)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	char *hex;
	size_t width = mpz_sizeinbase(m->p, 2);

	if (mpz_sgn(m->p) <= 0) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "multiplier",
		           "%s%s%s is 0: every key hashes to bucket 0", m->name,
		           m->name[0] ? " = " : "", m->text);
		m->verify = 0;
		return;
	}
	if (width > m->bits && m->lit_bits) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "word",
		           "%s needs %zu bits, wider than its %u-bit word (%s): C "
		           "gives the literal the type %s there, %u bits, so a "
		           "product with it is computed in %u bits, and a %u-bit "
		           "variable keeps only its low %u bits", m->text, width,
		           m->bits, m->why_bits, m->lit_type, m->lit_bits,
		           m->lit_bits, m->bits, m->bits);
		m->verify = 0;
		return;
	}
	if (width > m->bits) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "word",
		           "%s needs %zu bits, wider than its %u-bit word (%s): the "
		           "compiler cuts it", m->text, width, m->bits, m->why_bits);
		m->verify = 0;
		return;
	}
	if (m->lit_bits)
		review_add(r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "the literal %s does not fit its %u-bit word (%s): C "
		           "gives it the type %s there, %u bits, so a product with "
		           "it is computed in %u bits, not %u (a U suffix, %.*sU, "
		           "makes it unsigned int)", m->text, m->bits, m->why_bits,
		           m->lit_type, m->lit_bits, m->lit_bits, m->bits,
		           (int)strspn(m->text, "0123456789abcdefABCDEFxX"),
		           m->text);
	hex = word_hex(m->p, m->bits);
	review_add(r, REVIEW_NOTE, m->file, m->line, i, "word",
	           "%s%s%s: %u-bit multiplier (%s)", m->name, m->name[0] ? " = "
	           : "", hex, m->bits, m->why_bits);
	/* x < 2^32 and p < 2^32: x p < 2^64 never wraps, so the index
	 * floor(x p / 2^(64-t)) is monotone in x, and 0 for x < 2^(32-t) */
	if (m->bits == 64 && width <= 32)
		review_add(r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "%s is a 32-bit constant in a 64-bit word: p/2^64 < "
		           "2^-32, so the product of a key below 2^32 never wraps "
		           "and its table index only grows with the key: no mixing "
		           "(with a table of 2^t, every key below 2^(32-t) lands in "
		           "bucket 0)", hex);
	/* p = 2^k q, q odd: x and x + 2^(n-k) have the same product */
	if (mpz_even_p(m->p)) {
		mp_bitcnt_t k = mpz_scan1(m->p, 0);
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "multiplier",
		           "%s is even (2^%lu times an odd number): the multiply "
		           "drops the key's top %lu bit%s, so keys that differ only "
		           "there always collide (an odd multiplier is a "
		           "bijection)", hex, (unsigned long)k, (unsigned long)k,
		           k == 1 ? "" : "s");
	}
	if (m->has_old && r->pt.nmails > 1) {
		/* a series: which patch, and which earlier one added the
		 * constant it replaces */
		char by[160] = "";
		if (m->old_file != REVIEW_NONE)
			snprintf(by, sizeof by, ", which patch %zu/%zu adds (%s:%lu)",
			         r->pt.mail[m->old_file] + 1, r->pt.nmails,
			         r->pt.files[m->old_file], m->old_added_line);
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "multiplier",
		           "patch %zu/%zu: %s replaces %s (line %lu of the old "
		           "file)%s", r->pt.mail[m->file] + 1, r->pt.nmails, hex,
		           m->old_text, m->old_line, by);
	} else if (m->has_old)
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "multiplier",
		           "replaces %s (line %lu of the old file)", m->old_text,
		           m->old_line);
	free(hex);
}

/* ---- what a name is used as ----------------------------------------------- */

static int is_tok(const tok *t, size_t n, size_t j, const char *s)
{
	return j < n && !strcmp(t[j].s, s);
}

/* Statement [a, b) assigns a variable ("u32 h = x * P;", "h = x * P;")
 * that the statement after it shifts right ("return h >> 22;"): the
 * end of that statement in *nb, else 0. */
static int shifted_after(const walk *w, size_t a, size_t b, size_t *nb)
{
	const tok *t = w->v.t;
	size_t i, j, n = w->v.n;
	const char *v = NULL;

	for (i = a; i + 1 < b; i++)
		if (t[i].type == T_IDENT && !strcmp(t[i + 1].s, "=")) {
			v = t[i].s;
			break;
		}
	if (!v)
		return 0;
	for (j = b; j < n && t[j].type == T_COMMENT; j++)
		;
	for (; j < n && t[j].type != T_PP && strcmp(t[j].s, ";") &&
	     strcmp(t[j].s, "{") && strcmp(t[j].s, "}"); j++)
		if (t[j].type == T_IDENT && !strcmp(t[j].s, v) && j + 1 < n &&
		    !strcmp(t[j + 1].s, ">>")) {
			while (j < n && strcmp(t[j].s, ";"))
				j++;
			*nb = j < n ? j + 1 : n;
			return 1;
		}
	return 0;
}

enum { U_SIZE = 1, U_PROD = 2, U_SHPROD = 4, U_ASSIGNED = 8 };

struct name_use {
	const char *name;        /* NULL: a free slot */
	unsigned flags;          /* U_* */
	unsigned long nasg;      /* its uses that assign it (U_ASSIGNED) */
};

static size_t use_slot(const walk *w, const char *name)
{
	size_t h = 2166136261u, m = w->nuses - 1;
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	for (h &= m; w->uses[h].name && strcmp(w->uses[h].name, name);
	     h = (h + 1) & m)
		;
	return h;
}

/* What a use of the identifier at t[j] makes of it (U_*). */
static unsigned use_at(const walk *w, size_t j)
{
	static const char *const asg[] = { "=", "+=", "-=", "*=", "<<=", ">>=",
		"^=", "|=", "&=", "/=", "%=", "++", "--", NULL };
	const tok *t = w->v.t;
	size_t k, a, b, q, n = w->v.n;
	unsigned f = 0;

	if (j > 0 && ((is_tok(t, n, j - 1, "[") && is_tok(t, n, j + 1, "]")) ||
	    is_tok(t, n, j - 1, "%") || is_tok(t, n, j - 1, "%=") ||
	    (j >= 2 && is_tok(t, n, j - 1, "(") && is_tok(t, n, j - 2, "&") &&
	     is_tok(t, n, j + 1, "-") && is_tok(t, n, j + 2, "1")) ||
	    (j >= 2 && is_tok(t, n, j - 1, "<<") && t[j - 2].type == T_NUM &&
	     strspn(t[j - 2].s, "1") == 1 &&
	     strspn(t[j - 2].s + 1, "uUlL") == strlen(t[j - 2].s + 1))))
		f |= U_SIZE;
	if (is_tok(t, n, j + 1, "*") || (j > 0 && is_tok(t, n, j - 1, "*=")) ||
	    (j > 1 && is_tok(t, n, j - 1, "*") &&
	     (t[j - 2].type == T_IDENT || t[j - 2].type == T_NUM ||
	      is_tok(t, n, j - 2, ")"))))
		f |= U_PROD;
	if (j + 1 < n && !(j > 0 && (is_tok(t, n, j - 1, ".") ||
	    is_tok(t, n, j - 1, "->"))))
		for (k = 0; asg[k]; k++)
			if (!strcmp(t[j + 1].s, asg[k]))
				f |= U_ASSIGNED;
	if (j > 0 && (is_tok(t, n, j - 1, "*") || is_tok(t, n, j + 1, "*"))) {
		/* its statement shifts the product right, or the next one
		 * shifts the variable it is kept in */
		for (a = j; a > 0 && t[a - 1].type != T_PP &&
		     t[a - 1].type != T_COMMENT && strcmp(t[a - 1].s, ";") &&
		     strcmp(t[a - 1].s, "{") && strcmp(t[a - 1].s, "}"); a--)
			;
		for (b = j; b < n && strcmp(t[b].s, ";"); b++)
			;
		for (q = a; q < b; q++)
			if (!strcmp(t[q].s, ">>"))
				f |= U_SHPROD;
		if (b < n && shifted_after(w, a, b + 1, &q))
			f |= U_SHPROD;
	}
	return f;
}

/* The table of what the side's names are used as (w->uses). */
static void uses_index(walk *w)
{
	size_t j, ni = 0;

	for (j = 0; j < w->v.n; j++)
		ni += w->v.t[j].type == T_IDENT;
	for (w->nuses = 16; w->nuses < 2 * ni; w->nuses *= 2)
		;
	w->uses = xcalloc(w->nuses, sizeof *w->uses, "review name uses");
	for (j = 0; j < w->v.n; j++)
		if (w->v.t[j].type == T_IDENT) {
			size_t h = use_slot(w, w->v.t[j].s);
			w->uses[h].name = w->v.t[j].s;
			unsigned f = use_at(w, j);
			w->uses[h].flags |= f;
			w->uses[h].nasg += (f & U_ASSIGNED) != 0;
		}
}

static void uses_free(walk *w)
{
	free(w->uses);
	w->uses = NULL;
	w->nuses = 0;
}

static unsigned uses_of(const walk *w, const char *name)
{
	return w->uses ? w->uses[use_slot(w, name)].flags : 0;
}

/* Whether name is assigned (=, +=, ^=, ...) in the tokens from, to the end
 * of the block they are in (at file scope: anywhere in the file): a
 * variable that accumulates, no constant. */
static int assigned_from(const walk *w, const char *name, size_t from)
{
	const tok *t = w->v.t;
	size_t j, n = w->v.n;
	long level = 0;

	if (w->depth == 0)        /* assigned past its own declaration */
		return w->uses && w->uses[use_slot(w, name)].nasg > 1;
	for (j = from; j < n; j++) {
		if (t[j].type == T_OP && !strcmp(t[j].s, "{"))
			level++;
		else if (t[j].type == T_OP && !strcmp(t[j].s, "}") && --level < 0)
			return 0;
		if (t[j].type == T_IDENT && !strcmp(t[j].s, name) &&
		    (use_at(w, j) & U_ASSIGNED))
			return 1;
	}
	return 0;
}

/* Whether the constant name may be a multiplier for what the side does
 * with it: not a table's size or shape (by its name or its use), and 0
 * only when it is a factor of a product (a zero that starts a sum is no
 * multiplier). */
static int may_be_multiplier(const walk *w, const char *name, const mpz_t v)
{
	unsigned u = uses_of(w, name);

	if (review_name_says_size(name) || (u & U_SIZE))
		return 0;
	return mpz_sgn(v) != 0 || (u & U_PROD);
}

/* ---- table sizes --------------------------------------------------------- */

/* The value of an identifier or literal token for a table size. */
static int small_value(walk *w, const tok *t, unsigned long *out,
                       char *why, size_t n)
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
 * 1 with the function's name into fn. */
static int param_of(const walk *w, size_t i, const char *name, char *fn,
                    size_t n)
{
	const tok *t = w->v.t;
	size_t k = i, open = REVIEW_NONE, q;
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
	for (k = q + 1; k + 1 < open; k++)
		if (t[k].type == T_IDENT && !strcmp(t[k].s, name)) {
			snprintf(fn, n, "%s", t[q - 1].s);
			return 1;
		}
	return 0;
}

/* What statement [a, b) says of the word and table of multiplier name
 * (or the literal at index lit): hash_32(.., B), hash_64(.., B),
 * >> (W - B), >> K. */
static void use_of(walk *w, size_t a, size_t b, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	size_t i;

	for (i = a; i < b; i++) {
		unsigned long v, wv;
		char why[64];
		if (t[i].type == T_IDENT && (!strcmp(t[i].s, "hash_32") ||
		    !strcmp(t[i].s, "hash_64") || !strcmp(t[i].s, "hash_long") ||
		    !strcmp(t[i].s, "hash_ptr")) && i + 1 < b &&
		    !strcmp(t[i + 1].s, "(")) {
			/* the second argument at depth 1; hash_long and hash_ptr
			 * hash a long: the #if word, else 64 */
			size_t j;
			int par = 0;
			unsigned ctx = review_ctx_word(w, NULL, NULL);
			unsigned word = !strcmp(t[i].s, "hash_32") ? 32 :
			                !strcmp(t[i].s, "hash_64") ? 64 : ctx ? ctx : 64;
			for (j = i + 1; j < b; j++) {
				if (!strcmp(t[j].s, "("))
					par++;
				else if (!strcmp(t[j].s, ")") && !--par)
					break;
				else if (par == 1 && !strcmp(t[j].s, ",") && j + 1 < b &&
				         small_value(w, &t[j + 1], &v, why, sizeof why) &&
				         v >= 1 && v <= word) {
					m->table = (unsigned)v;
					m->table_src = REVIEW_TABLE_CODE;
					snprintf(m->why_table, sizeof m->why_table,
					         "%s(..., %s) at line %lu", t[i].s, why,
					         t[i].line);
				}
			}
			if (m->bits != word && m->kind != REVIEW_SEQUENCE) {
				char was[sizeof m->why_bits];
				snprintf(was, sizeof was, "%s", m->why_bits);
				snprintf(m->why_bits, sizeof m->why_bits,
				         "%s() at line %lu hashes %u-bit words%s, over %u "
				         "bits by %.120s", t[i].s, t[i].line, word,
				         word == 64 && strcmp(t[i].s, "hash_64") ?
				         " (a long's)" : "", m->bits, was);
				m->bits = word;
			}
		}
		if (t[i].type == T_OP && !strcmp(t[i].s, ">>") && i + 1 < b) {
			if (!strcmp(t[i + 1].s, "(") && i + 4 < b &&
			    small_value(w, &t[i + 2], &wv, why, sizeof why) &&
			    !strcmp(t[i + 3].s, "-") &&
			    small_value(w, &t[i + 4], &v, why, sizeof why) &&
			    v >= 1 && v <= wv && (wv == 32 || wv == 64)) {
				m->table = (unsigned)v;
				m->table_src = REVIEW_TABLE_CODE;
				snprintf(m->why_table, sizeof m->why_table,
				         ">> (%lu - %s) at line %lu", wv, why, t[i].line);
			} else if (!strcmp(t[i + 1].s, "(") && i + 5 < b &&
			           small_value(w, &t[i + 2], &wv, why, sizeof why) &&
			           (wv == 32 || wv == 64) && !strcmp(t[i + 3].s, "-") &&
			           t[i + 4].type == T_IDENT &&
			           !strcmp(t[i + 5].s, ")") &&
			           m->table_src != REVIEW_TABLE_CODE) {
				/* >> (32 - bits), bits a parameter or a variable: the
				 * code does not show the size, whatever a *_BITS
				 * define of the file says */
				char fn[64];
				m->table = 0;
				m->table_src = REVIEW_TABLE_UNKNOWN;
				if (param_of(w, i, t[i + 4].s, fn, sizeof fn))
					snprintf(m->why_table, sizeof m->why_table, ">> (%lu - "
					         "%s) at line %lu takes %s, a parameter of %s()",
					         wv, t[i + 4].s, t[i].line, t[i + 4].s, fn);
				else
					snprintf(m->why_table, sizeof m->why_table, ">> (%lu - "
					         "%s) at line %lu takes %s, a variable", wv,
					         t[i + 4].s, t[i].line, t[i + 4].s);
			} else if (small_value(w, &t[i + 1], &v, why, sizeof why) &&
			           v >= 1 && v < m->bits) {
				m->table = (unsigned)(m->bits - v);
				m->table_src = REVIEW_TABLE_CODE;
				snprintf(m->why_table, sizeof m->why_table,
				         ">> %s at line %lu: the top %u bits", why,
				         t[i].line, m->table);
			}
		}
	}
}

/* The file's first *_BITS define of each value bound c (w->bits_def),
 * from its defines, which start at newd->d[w->defi]. */
static void bits_defines(walk *w)
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

/* A *_BITS define of the file, when nothing closer says the table. */
static void table_from_bits_define(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	size_t c = m->bits < VERIFY_MAX_TABLE_BITS ? m->bits
	           : VERIFY_MAX_TABLE_BITS;
	const define *d;

	if (m->table || m->table_src == REVIEW_TABLE_UNKNOWN ||
	    w->bits_def[c] == REVIEW_NONE)
		return;
	d = &w->newd->d[w->bits_def[c]];
	m->table = (unsigned)mpz_get_ui(d->v);
	m->table_src = REVIEW_TABLE_DEFINE;
	snprintf(m->why_table, sizeof m->why_table, "#define %s %s (line %lu)",
	         d->name, d->text, d->line);
}

/* ---- statements ---------------------------------------------------------- */

/* Append the statement [a, b) as C to w->code. */
/* Statement [a, b) as C, its tokens spaced as C is written, onto q;
 * whether one of them is on a '+' line. */
static int stmt_text(const walk *w, size_t a, size_t b, struct buf *q)
{
	const tok *t = w->v.t;
	size_t i;
	int added = 0;

	for (i = a; i < b; i++) {
		added |= t[i].added;
		if (i > a && strcmp(t[i].s, ";") && strcmp(t[i].s, ")") &&
		    strcmp(t[i - 1].s, "(") &&
		    !(t[i - 1].type == T_OP && !strcmp(t[i - 1].s, "-") &&
		      i >= a + 2 && t[i - 2].type == T_OP &&
		      strcmp(t[i - 2].s, ")")))
			buf_putc(q, ' ');
		buf_puts(q, t[i].s);
	}
	if (b > a && strcmp(t[b - 1].s, ";"))
		buf_putc(q, ';');
	return added;
}

static void code_add(walk *w, size_t a, size_t b, const char *lhs_prefix)
{
	if (!w->code.len)
		w->code_line = w->v.t[a].line;
	buf_puts(&w->code, lhs_prefix);
	if (stmt_text(w, a, b, &w->code))
		w->code_added = 1;
	buf_putc(&w->code, '\n');
}

/* What evaluating statement [a, b) met (x): a shift of the input by its
 * width or more, an ERROR (undefined in C) when the patch adds it; the
 * first step that is no multiply by a constant, kept for finish_run. */
static void run_steps(walk *w, const ev *x, size_t a, size_t b)
{
	const tok *t = w->v.t;
	struct buf q = { 0 };
	int added = stmt_text(w, a, b, &q) || !w->pt->is_diff;

	if (x->ub && added)
		review_add(w->r, REVIEW_ERROR, w->file, t[x->ub_tok].line,
		           REVIEW_NONE, "sequence", "`%s` shifts by %lu, not less "
		           "than the %u bits of the %s it shifts: undefined "
		           "behaviour in C (C11 6.5.7): what it gives depends on "
		           "the compiler and the target (x86 takes the count mod "
		           "%u, a shift by %lu), so the code is no multiply and "
		           "nothing of it is proved", buf_str(&q), x->ub_amt,
		           x->ub_width, x->ub_width > 32 ? "64-bit word" : "32-bit "
		           "word (an int at least, after the promotions)",
		           x->ub_width, x->ub_amt % x->ub_width);
	if (x->nl && !w->nl) {
		w->nl = x->nl;
		w->nl_line = t[x->nl_tok].line;
		w->nl_added = added;
		snprintf(w->nl_stmt, sizeof w->nl_stmt, "%s", buf_str(&q));
	}
	buf_free(&q);
}

/* A variable that became a multiplier: report it. */
static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text);

static int comment_hex(const tok *t, mpz_t v, char *lit, size_t nlit,
                       unsigned long *line);

/* The constant the function's comments say its code multiplies by, as
 * written, and where, into what ("" when they name none): a power sum,
 * else a hex literal. */
static void run_claim(const walk *w, char *what, size_t n)
{
	size_t k;
	mpz_t v;
	char lit[128];
	unsigned long line;

	what[0] = '\0';
	mpz_init(v);
	for (k = 0; k < w->nfn && !what[0]; k++)
		if (review_power_sum(w->v.t[w->fn_comments[k]].s,
		                     w->v.t[w->fn_comments[k]].line, v, lit,
		                     sizeof lit, &line) ||
		    comment_hex(&w->v.t[w->fn_comments[k]], v, lit, sizeof lit,
		                &line))
			snprintf(what, n, "%s (its comment, line %lu)", lit, line);
	mpz_clear(v);
}

/* The run's first step that is no multiply by a constant (w->nl), when
 * the run is shift/add code of the patch's: said, not dropped. */
static void nonlinear_run(walk *w)
{
	static const struct { unsigned bit; const char *what; } kinds[] = {
		{ NL_RSHIFT, "shifts right, which drops the low bits" },
		{ NL_XOR, "xors, which adds without the carries" },
		{ NL_OR, "ors, which loses bits" },
		{ NL_AND, "masks with &, which loses bits" },
		{ NL_DIV, "divides, which loses the low bits" },
		{ NL_SQUARE, "multiplies the input by itself" },
	};
	struct buf how = { 0 };
	char claim[200];
	size_t k;

	if (!w->nl || !w->nl_added || !w->run_shifts || !w->run_adds)
		return;
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (w->nl & kinds[k].bit)
			buf_printf(&how, "%s%s", how.len ? " and " : "", kinds[k].what);
	run_claim(w, claim, sizeof claim);
	if (claim[0])
		review_add(w->r, REVIEW_WARNING, w->file, w->nl_line, REVIEW_NONE,
		           "sequence", "not the multiply by %s: `%s` (line %lu) %s, "
		           "and a multiply by a constant is shifts left, additions "
		           "and subtractions alone, so this shift/add code computes "
		           "no x * C mod 2^n; nothing of it is proved", claim,
		           w->nl_stmt, w->nl_line, buf_str(&how));
	else
		review_add(w->r, REVIEW_CHECK, w->file, w->nl_line, REVIEW_NONE,
		           "sequence", "not a multiplication by a constant: `%s` "
		           "(line %lu) %s, and a multiply by a constant is shifts "
		           "left, additions and subtractions alone, so this "
		           "shift/add code computes no x * C mod 2^n; nothing of it "
		           "is proved", w->nl_stmt, w->nl_line, buf_str(&how));
	buf_free(&how);
	w->nl = 0;
}

static void finish_run(walk *w, unsigned long last)
{
	size_t i;

	nonlinear_run(w);

	for (i = 0; i < w->nvar; i++) {
		sym *s = &w->var[i];
		if (s->known && s->adds >= 2 && s->shifts >= 1 && !s->b &&
		    s->a > 1)
			sequence_found(w, s, last, -1, "");
	}
}

static void reset_fn(walk *w)
{
	w->nl = 0;
	w->run_shifts = w->run_adds = 0;
	w->nvar = 0;
	w->have_input = 0;
	w->word = 0;
	w->word_long = 0;
	buf_clear(&w->code);
	w->code_added = 0;
}

/* A declaration "TYPE [*]NAME [= EXPR] {, ...};" at [a, b): 1 if it was. */
static int declaration(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	unsigned bits = 0;
	size_t i = a;
	int l, lng = 0;          /* a long's word: 64 bits on LP64 only */

	while (i < b && t[i].type == T_IDENT && review_is_type_word(t[i].s)) {
		unsigned tb = review_type_bits(t[i].s, review_ctx_word(w, NULL, NULL), &l);
		if (tb && (!bits || !strcmp(t[i].s, "long"))) {
			int ll = !strcmp(t[i].s, "long") && i + 1 < b &&
			         !strcmp(t[i + 1].s, "long");
			bits = ll ? 64 : tb;
			lng = l && !ll;
			if (ll)
				i++;
		}
		i++;
	}
	if (i == a || !bits)
		return 0;
	if (!w->word) {
		w->word = bits;
		w->word_long = lng;
	}
	while (i < b) {
		int ptr = 0;
		size_t e;
		sym *s;
		while (i < b && !strcmp(t[i].s, "*"))
			ptr = 1, i++;
		if (i >= b || t[i].type != T_IDENT)
			return 1;
		s = review_var_get(w, t[i].s);
		for (e = i + 1; e < b && strcmp(t[e].s, ",") && strcmp(t[e].s, ";");
		     e++)
			;
		if (s) {
			s->bits = bits, s->is_ptr = ptr, s->known = 0;
			s->is_long = lng;
			if (i + 1 < e && !strcmp(t[i + 1].s, "=") && !ptr) {
				ev x = { .w = w, .t = t, .i = i + 2, .end = e, .mask = word_mask(bits) };
				int had = w->have_input;
				val v = review_eval_expr(&x, 0);
				run_steps(w, &x, i, e);
				if (v.known && !x.bad && x.i == e) {
					s->known = 1, s->a = v.a & x.mask, s->b = v.b & x.mask;
					s->adds = v.adds, s->shifts = v.shifts;
					if (had || v.a)
						code_add(w, i, e, "");
					if (!had && w->have_input)
						buf_clear(&w->code), code_add(w, i, e, "");
				}
			}
		}
		i = e + 1;
	}
	return 1;
}

/* "NAME OP= EXPR;" at [a, b): evaluate it. */
static void assignment(walk *w, size_t a, size_t b)
{
	static const char *const ops[] = { "+=", "-=", "<<=", "*=", ">>=",
		"^=", "|=", "&=", NULL };
	const tok *t = w->v.t;
	const char *op = t[a + 1].s;
	sym *s = review_var_find(w, t[a].s);
	unsigned bits;
	size_t k;
	ev x;
	val v, cur;
	int rhs;

	if (!s || s->is_ptr)
		return;
	bits = s->bits ? s->bits : w->word ? w->word : 64;
	x = (ev){ .w = w, .t = t, .i = a + 2, .end = b - 1, .mask = word_mask(bits) };   /* not the ';' */
	v = review_eval_expr(&x, 0);
	rhs = !x.bad && x.i == b - 1 && v.known;
	cur = (val){ s->known, s->a, s->b, s->adds, s->shifts, 0 };
	if (!strcmp(op, ">>=") && s->known && s->adds >= 2 && s->shifts >= 1 &&
	    !s->b && s->a > 1 && !(rhs && !v.a && v.b >= (bits < 32 ? 32 : bits))) {
		/* the hash is taken here: its top bits index the table */
		unsigned long n;
		char why[64], txt[64] = "";
		size_t i, l = 0;
		int amt = -2;
		if (b == a + 4 && small_value(w, &t[a + 2], &n, why, sizeof why))
			amt = (int)n;
		for (i = a + 2; i + 1 < b && l + 1 < sizeof txt; i++)
			l += (size_t)snprintf(txt + l, sizeof txt - l, "%s", t[i].s);
		sequence_found(w, s, t[b - 1].line, amt, txt);
		s->known = 0;
		return;
	}
	for (k = 0; ops[k] && strcmp(op, ops[k]); k++)
		;
	x.op = a + 1;
	if (!strcmp(op, "="))
		cur = v;
	else if (ops[k] && rhs) {
		/* the operator without its '=' */
		char bin[4];
		snprintf(bin, sizeof bin, "%.*s", (int)strlen(op) - 1, op);
		cur = review_eval_apply(&x, bin, cur, v);
	} else {
		/* an operand not modelled, or /=, %=: a step of the input that
		 * is no multiply by a constant, when it is one */
		if (s->known && s->a && review_nl_op(op))
			review_eval_nl(&x, review_nl_op(op));
		cur = (val){ 0 };
	}
	if (!rhs)
		cur = (val){ 0 };
	/* hash += n ^ (n >> 5): an addition; and hash += n after a step
	 * that was no multiply (hash ^= n, n >>= 3) made hash or n unknown */
	if (!cur.known && (op[0] == '+' || op[0] == '-') &&
	    (x.nl || (w->nl && (!s->known || !rhs))))
		w->run_adds++;
	run_steps(w, &x, a, b);
	s->known = cur.known, s->a = cur.a & x.mask, s->b = cur.b & x.mask;
	s->adds = cur.adds, s->shifts = cur.shifts;
	if (s->known)
		code_add(w, a, b, "");
}

/* Where statement [a, b) starts after an "if (...)" or "else" before
 * it. */
static size_t cond_end(const tok *t, size_t a, size_t b)
{
	size_t q;

	if (a < b && !strcmp(t[a].s, "else"))
		a++;
	if (!(a + 1 < b && !strcmp(t[a].s, "if") && !strcmp(t[a + 1].s, "(")))
		return a;
	q = review_paren_close(t, a + 1, b);
	return q < b ? q + 1 : b;
}

/* The type that starts at t[j] (before b) as written, its storage class
 * and qualifiers left out ("unsigned int", "u32", "unsigned long long"),
 * into s; its word: a plain long's is the data model's (ctx, else 64;
 * *is_long set), 0 when it is no integer type. */
static unsigned type_written(const tok *t, size_t j, size_t b, unsigned ctx,
                             char *s, size_t n, int *is_long)
{
	size_t k, len = 0;
	unsigned bits = 0;
	int longs = 0, l;

	s[0] = '\0';
	*is_long = 0;
	for (k = j; k < b && t[k].type == T_IDENT && review_is_type_word(t[k].s);
	     k++) {
		if (!strcmp(t[k].s, "static") || !strcmp(t[k].s, "const") ||
		    !strcmp(t[k].s, "register") || !strcmp(t[k].s, "volatile"))
			continue;
		longs += !strcmp(t[k].s, "long");
		if (!bits || strcmp(t[k].s, "int"))
			bits = review_type_bits(t[k].s, ctx, &l) ? review_type_bits(
			       t[k].s, ctx, &l) : bits;
		if (len + 1 < n)
			len += (size_t)snprintf(s + len, n - len, "%s%s", len ? " " : "",
			                        t[k].s);
	}
	if (longs >= 2)
		return 64;
	if (longs == 1) {
		*is_long = 1;
		return ctx ? ctx : 64;
	}
	return bits;
}

/* Literals multiplied in statement [a, b): "x * 0x9e3779b9 >> 22". */
static void literal_products(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	size_t i;
	int hashy = 0;

	size_t use_b = b;

	for (i = a; i < b; i++) {
		if ((t[i].type == T_OP && !strcmp(t[i].s, ">>")) ||
		    (t[i].type == T_IDENT && review_name_says_hash(t[i].s)))
			hashy = 1;
	}
	/* u32 h = x * P; return h >> 22;: the next statement shifts it,
	 * and says the table */
	if (shifted_after(w, a, b, &use_b))
		hashy = 1;
	if (!hashy)
		return;
	for (i = a; i < b; i++) {
		mpz_t z;
		int sl;
		int mul = (i > a && (!strcmp(t[i - 1].s, "*") ||
		                     !strcmp(t[i - 1].s, "*="))) ||
		          (i + 1 < b && !strcmp(t[i + 1].s, "*"));
		if (t[i].type != T_NUM || !t[i].added || !mul)
			continue;
		mpz_init(z);
		if (review_literal(t[i].s, z, &sl) == 0 && mpz_cmp_ui(z, 255) > 0) {
			unsigned tw = 0;
			size_t j, mi;
			int l;
			char type[40] = "";
			/* the word of the variable it multiplies, if declared
			 * (not a type in an if's condition: sizeof(long)) */
			for (j = cond_end(t, a, b); j < b; j++) {
				sym *s = t[j].type == T_IDENT ? review_var_find(w, t[j].s) : NULL;
				if (s && s->bits) {
					tw = s->bits;
					snprintf(type, sizeof type, "%s of %.16s",
					         review_ctype(s->bits), s->name);
					break;
				}
				if (t[j].type == T_IDENT && review_type_bits(t[j].s, 0, &l)) {
					/* the type as written; a long's word is the
					 * model's, not the type's */
					tw = type_written(t, j, b, 0, type, sizeof type, &l);
					if (l)
						tw = 0, type[0] = '\0';
					break;
				}
			}
			mi = w->r->nmult;
			w->lit_a = a;
			w->lit_b = use_b;
			mult_constant(w, REVIEW_LITERAL, "", t[i].s, z, sl, tw, type,
			              t[i].line, i);
			if (w->r->nmult > mi)
				table_from_bits_define(w, mi);
		}
		mpz_clear(z);
	}
}

/* Uses of the new side's multiplier defines in statement [a, b). */
static void define_uses(walk *w, size_t a, size_t b)
{
	size_t i, k;

	for (i = a; i < b; i++) {
		if (w->v.t[i].type != T_IDENT)
			continue;
		for (k = 0; k < w->r->nmult; k++) {
			review_mult *m = &w->r->mult[k];
			if ((m->kind == REVIEW_DEFINE || m->kind == REVIEW_DECL) &&
			    !strcmp(m->name, w->v.t[i].s))
				use_of(w, a, b, k);
		}
	}
}

static const char *const control[] = { "if", "else", "for", "while", "do",
	"switch", "case", "goto", "return", "break", "continue", NULL };

static int is_control(const char *s)
{
	size_t i;

	for (i = 0; control[i]; i++)
		if (!strcmp(s, control[i]))
			return 1;
	return 0;
}

/* Statement [a, b) (b at its ';'). */
static void statement(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	int l;

	literal_products(w, a, b);
	define_uses(w, a, b);
	/* a declaration of a multiplier: [static] const TYPE NAME = LIT; */
	if (b - a >= 4 && t[b - 2].type == T_NUM && !strcmp(t[b - 3].s, "=") &&
	    t[b - 4].type == T_IDENT && review_name_says_hash(t[b - 4].s) &&
	    t[b - 2].added) {
		mpz_t z;
		int sl;
		size_t i;
		unsigned tw = 0;
		char type[40] = "";
		mpz_init(z);
		/* its type as written: "its type unsigned int", not "int" */
		for (i = a; i + 4 < b; i++)
			if (review_type_bits(t[i].s, 0, &l)) {
				tw = type_written(t, i, b - 4, review_ctx_word(w, NULL, NULL),
				                  type, sizeof type, &l);
				break;
			}
		/* not a variable that is assigned again (u32 hash = 0;
		 * hash = hash * 31 + c: an accumulator's start) */
		if (review_literal(t[b - 2].s, z, &sl) == 0 &&
		    may_be_multiplier(w, t[b - 4].s, z) &&
		    !assigned_from(w, t[b - 4].s, b)) {
			size_t mi = w->r->nmult;
			mult_constant(w, REVIEW_DECL, t[b - 4].s, t[b - 2].s, z, sl, tw,
			              type, t[b - 2].line, REVIEW_NONE);
			if (w->r->nmult > mi)
				table_from_bits_define(w, mi);
		}
		mpz_clear(z);
	}
	if (w->depth == 0)
		return;
	if (t[a].type == T_IDENT && is_control(t[a].s)) {
		if (!strcmp(t[a].s, "return")) {
			/* return hash >> k; */
			size_t i, nmult = w->r->nmult;
			for (i = a + 1; i + 1 < b; i++) {
				sym *s = t[i].type == T_IDENT ? review_var_find(w, t[i].s) : NULL;
				if (s && s->known && s->adds >= 2 && s->shifts >= 1 &&
				    !s->b && s->a > 1 && !strcmp(t[i + 1].s, ">>")) {
					unsigned long k;
					char why[64];
					int amt = i + 4 == b && small_value(w, &t[i + 2], &k,
					          why, sizeof why) ? (int)k : -2;
					char txt[64] = "";
					size_t q, n = 0;
					for (q = i + 2; q + 1 < b && n + 1 < sizeof txt; q++)
						n += (size_t)snprintf(txt + n, sizeof txt - n,
						                      "%s%s", q > i + 2 &&
						                      t[q].type != T_OP &&
						                      t[q - 1].type != T_OP ? " " :
						                      "", t[q].s);
					if (amt == -2 && i + 4 < b) {
						/* ">> (32 - HASH_BITS)": a constant of literals
						 * and defines */
						ev x = { .w = w, .t = t, .i = i + 2, .end = b - 1, .mask = word_mask(64) };
						val v = review_eval_expr(&x, 0);
						if (!x.bad && x.i == b - 1 && v.known && !v.a &&
						    v.b < 128)
							amt = (int)v.b;
					}
					sequence_found(w, s, t[i].line, amt, txt);
					s->known = 0;
				}
			}
			/* return (x << 31) + (x << 29) - ... + x; one expression */
			if (w->r->nmult == nmult && b > a + 2 &&
			    !(b == a + 3 && t[a + 1].type == T_IDENT &&
			      review_var_find(w, t[a + 1].s))) {
				unsigned bits = w->word;
				size_t j;
				ev x;
				val v;
				x = (ev){ .w = w, .t = t, .i = a + 1, .end = b - 1, .mask = word_mask(64) };
				v = review_eval_expr(&x, 0);
				/* the word: the input's type where it is declared (a
				 * parameter: "u32 x" before the body) */
				for (j = 0; !bits && j < w->nvar; j++) {
					size_t q;
					int il;
					if (!w->var[j].is_input)
						continue;
					bits = w->var[j].bits;
					for (q = a; !bits && q > 0 && q + 200 > a; q--)
						if (t[q].type == T_IDENT &&
						    !strcmp(t[q].s, w->var[j].name) &&
						    t[q - 1].type == T_IDENT)
							bits = review_type_bits(t[q - 1].s, 0, &il);
				}
				if (!bits)
					bits = 64;
				v.a &= word_mask(bits);
				v.b &= word_mask(bits);
				if (!x.bad && x.i == b - 1 && v.known && !v.b && v.a > 1 &&
				    v.shifts >= 1 && v.adds >= 2) {
					sym r = { .name = "hash", .known = 1 };
					r.bits = bits;
					r.a = v.a;
					r.adds = v.adds;
					r.shifts = v.shifts;
					code_add(w, a + 1, b, "hash = ");
					sequence_found(w, &r, t[b - 1].line, -1, "");
				}
			}
		}
		finish_run(w, t[b - 1].line);
		reset_fn(w);
		return;
	}
	if (declaration(w, a, b))
		return;
	if (b - a >= 3 && t[a].type == T_IDENT && t[a + 1].type == T_OP &&
	    (!strcmp(t[a + 1].s, "=") || (strlen(t[a + 1].s) >= 2 &&
	     t[a + 1].s[strlen(t[a + 1].s) - 1] == '=' &&
	     strcmp(t[a + 1].s, "==") && strcmp(t[a + 1].s, "!=") &&
	     strcmp(t[a + 1].s, "<=") && strcmp(t[a + 1].s, ">="))))
		assignment(w, a, b);
}

/* ---- sequences ----------------------------------------------------------- */

static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text)
{
	review *r = w->r;
	unsigned bits = s->bits ? s->bits : w->word ? w->word : 64;
	size_t i, k;
	review_mult *m;
	struct buf decls = { 0 };
	const char *input = "";

	if (!w->code_added && w->pt->is_diff)
		return;                  /* not the patch's */
	for (k = 0; k < r->nmult; k++)  /* reported already (>>= after it) */
		if (r->mult[k].kind == REVIEW_SEQUENCE &&
		    r->mult[k].file == w->file && r->mult[k].line == w->code_line &&
		    !strcmp(r->mult[k].name, s->name))
			return;
	for (i = 0; i < w->nvar; i++) {
		if (w->var[i].is_input)
			input = w->var[i].name;
		else if (!w->var[i].is_ptr)
			buf_printf(&decls, "%s%s", decls.len ? ", " : "",
			           w->var[i].name);
	}
	i = mult_new(r, REVIEW_SEQUENCE, w->file, w->code_line, s->name,
	             buf_str(&w->code));
	m = &r->mult[i];
	m->last = last;
	mpz_set_ui(m->p, s->a);
	m->bits = bits;
	{
		const char *cond = "";
		unsigned long cl = 0;
		unsigned ctx = review_ctx_word(w, &cond, &cl);
		m->ctx_bits = (int)ctx;
		m->long_word = s->bits ? s->is_long : w->word_long;
		if (s->bits || w->word)
			snprintf(m->why_bits, sizeof m->why_bits,
			         "the variables' type%s%s", ctx ? ", under " : "",
			         ctx ? cond : "");
		else
			snprintf(m->why_bits, sizeof m->why_bits, "taken as 64 bits");
	}
	deep_if(w, i);
	m->input = xstrdup(input);
	m->code = xstrdup(buf_str(&w->code));
	m->decls = buf_take(&decls);
	m->shift = shift;
	snprintf(m->shift_text, sizeof m->shift_text, "%s", shift_text);
	/* its shifts and additions as written (what a comment counts) */
	{
		const char *c = m->code;
		m->shifts = m->adds = 0;
		for (; *c; c++) {
			if (c[0] == '<' && c[1] == '<')
				m->shifts++, c++;
			else if ((c[0] == '+' || c[0] == '-') && (c[1] == '=' ||
			         (c[1] == ' ' && c > m->code && c[-1] == ' ')))
				m->adds++;
		}
	}
	if (shift >= 1 && (unsigned)shift < bits) {
		m->table = bits - (unsigned)shift;
		snprintf(m->why_table, sizeof m->why_table, ">> %d at line %lu",
		         shift, last);
	}
	claims_of(w, i);
}

/* ---- claims --------------------------------------------------------------- */

/* The first hex literal of at least 2^8 in comment t (0x9e370001, a
 * suffix allowed): 1 with its value in v, as written in lit and its line;
 * else 0. */
static int comment_hex(const tok *t, mpz_t v, char *lit, size_t nlit,
                       unsigned long *line)
{
	const char *s;

	for (s = t->s; *s; s++) {
		size_t n = 2;
		const char *c;
		if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
		    (s > t->s && isalnum((unsigned char)s[-1])))
			continue;
		while (isxdigit((unsigned char)s[n]))
			n++;
		if (n == 2 || n - 2 > 32 || (isalnum((unsigned char)s[n]) &&
		    !strchr("uUlL", s[n]))) {
			s += n - 1;
			continue;
		}
		snprintf(lit, nlit, "%.*s", (int)n, s);
		mpz_set_str(v, lit + 2, 16);
		if (mpz_sizeinbase(v, 2) > 8) {
			*line = t->line;
			for (c = t->s; c < s; c++)
				*line += *c == '\n';
			return 1;
		}
		s += n - 1;
	}
	return 0;
}

/* The constant a sequence's comments say it computes: a power sum, else
 * a define named there (of the sequence's word when there are several). */
static void sequence_claim(walk *w, size_t i, const size_t *cm, size_t ncm)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	mpz_t want;
	char what[160];
	size_t k;
	int sums = 0, named = 0;

	/* every power sum of its comments, and the first define they name */
	mpz_init(want);
	for (k = 0; k < ncm; k++) {
		const tok *t = &w->v.t[cm[k]];
		unsigned long line;
		char sum[128];
		if (review_power_sum(t->s, t->line, want, sum, sizeof sum,
		                     &line)) {
			snprintf(what, sizeof what, "%s (its comment, line %lu)", sum,
			         line);
			review_sequence_verdict(r, i, want, what, line);
			sums++;
		}
	}
	for (k = 0; k < ncm && !named; k++) {
		const char *s = w->v.t[cm[k]].s;
		while (*s && !named) {
			size_t n = 0;
			const define *d;
			char name[64];
			while (*s && !isalpha((unsigned char)*s) && *s != '_')
				s++;
			while (isalnum((unsigned char)s[n]) || s[n] == '_')
				n++;
			if (!n)
				break;
			snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), s);
			s += n;
			if ((d = review_defs_find(w->newd, name, m->bits)) && d->valid &&
			    (!d->ctx || d->ctx == m->bits)) {
				named = 1;
				snprintf(what, sizeof what, "%s = %s (%s:%lu)", name,
				         d->text, r->pt.files[d->file], d->line);
				review_sequence_verdict(r, i, d->v, what, m->line);
			}
		}
	}
	/* else a hex constant its comments name ("multiply by 0x9e370001",
	 * "hash = val * 0x9e370001") */
	for (k = 0; k < ncm && !sums && !named; k++) {
		char lit[40];
		unsigned long line;
		mpz_t v;
		mpz_init(v);
		if (comment_hex(&w->v.t[cm[k]], v, lit, sizeof lit, &line)) {
			named = 1;
			snprintf(what, sizeof what, "%s (its comment, line %lu)", lit,
			         line);
			review_sequence_verdict(r, i, v, what, line);
		}
		mpz_clear(v);
	}
	if (!sums && !named)
		review_sequence_verdict(r, i, NULL, "", m->line);
	review_sequence_table(r, i);
	mpz_clear(want);
}

/* Which lines of comment t the patch adds: one char a line, '+' for an
 * added one (review_claims' added); NULL when the input is not a diff.
 * Its lines are the patch's '+' and ' ' lines of its file from its first
 * (lex skips the '-' lines), one a line of its text. */
static char *comment_added(const walk *w, const tok *t)
{
	const patch *pt = w->pt;
	size_t lines = 0, k = 0, li;
	const char *c;
	char *a;

	if (!pt->is_diff)
		return NULL;
	for (c = t->s; *c; c++)
		lines += *c == '\n';
	a = xmalloc(lines + 1, "comment lines");
	for (li = t->li; li < pt->nlines && k < lines &&
	     pt->line[li].file == pt->line[t->li].file; li++)
		if (pt->line[li].type == '+' || pt->line[li].type == ' ')
			a[k++] = pt->line[li].type;
	a[k] = '\0';
	return a;
}

static void claims_of(walk *w, size_t i)
{
	review_mult *m = &w->r->mult[i];
	const size_t *cm = w->comments;
	size_t ncm = w->ncomments, k;

	if (m->kind == REVIEW_SEQUENCE) {
		cm = w->fn_comments;
		ncm = w->nfn;
		sequence_claim(w, i, cm, ncm);
	}
	for (k = 0; k < ncm; k++) {
		char *added = comment_added(w, &w->v.t[cm[k]]);
		review_claims(w->r, i, w->v.t[cm[k]].s, w->v.t[cm[k]].line, added);
		free(added);
	}
}

/* Whether one of the comments before a define (w->comments) speaks of a
 * multiplier's number: a continued fraction (also "cf [...]"), the golden
 * ratio or phi ("the buckets of the hash table" does not). */
static int comments_say_multiplier(const walk *w)
{
	size_t k;

	for (k = 0; k < w->ncomments; k++) {
		const char *c = w->v.t[w->comments[k]].s;
		if (review_find_cf(c, NULL) ||
		    review_find_ci(c, "golden") || review_word_ci(c, "phi"))
			return 1;
	}
	return 0;
}

/* ---- the walk over one side --------------------------------------------- */

static void walk_file(walk *w)
{
	const tok *t = w->v.t;
	size_t i, start = 0;

	memset(&w->ifs, 0, sizeof w->ifs);
	w->ncif = 0;
	memset(w->last_if, 0, sizeof w->last_if);
	w->ncomments = 0;
	w->depth = 0;
	reset_fn(w);
	while (w->defi < w->newd->n && w->newd->d[w->defi].file < w->file)
		w->defi++;
	bits_defines(w);
	uses_index(w);
	for (i = 0; i < w->v.n; i++) {
		if (w->r->nmult > REVIEW_MAX_MULT) {
			uses_free(w);
			return;              /* review_run refuses it */
		}
		if (t[i].type == T_COMMENT) {
			if (w->ncomments == sizeof w->comments / sizeof w->comments[0])
				memmove(w->comments, w->comments + 1,
				        --w->ncomments * sizeof w->comments[0]);
			w->comments[w->ncomments++] = i;
			if (w->depth > 0 && w->nfn < 16)
				w->fn_comments[w->nfn++] = i;
			if (start == i)
				start = i + 1;
			continue;
		}
		if (t[i].type == T_PP) {
			const char *d = t[i].s + 1;
			while (*d == ' ' || *d == '\t')
				d++;
			if (!strncmp(d, "define", 6)) {
				/* the new side's multiplier defines: newd holds this
				 * side's defines in token order */
				const defs *nd = w->newd;
				const define *x = NULL;
				while (w->defi < nd->n && nd->d[w->defi].file == w->file &&
				       nd->d[w->defi].tok < i)
					w->defi++;
				if (w->defi < nd->n && nd->d[w->defi].file == w->file &&
				    nd->d[w->defi].tok == i)
					x = &nd->d[w->defi];
				if (x && x->valid && (t[i].added || !w->pt->is_diff) &&
				    (review_name_says_hash(x->name) || comments_say_multiplier(w) ||
				     (uses_of(w, x->name) & U_SHPROD)) &&
				    mpz_cmp_ui(x->v, 255) > 0 &&
				    may_be_multiplier(w, x->name, x->v)) {
					size_t mi = w->r->nmult;
					mult_constant(w, REVIEW_DEFINE, x->name, x->text, x->v,
					              x->suffix_long, 0, "", t[i].line,
					              REVIEW_NONE);
					if (w->r->nmult > mi)
						table_from_bits_define(w, mi);
				}
				w->ncomments = 0;
			} else {
				review_if_directive(&w->ifs, t[i].s, t[i].line);
			}
			start = i + 1;
			continue;
		}
		if (t[i].type == T_OP && (!strcmp(t[i].s, ";") ||
		                          !strcmp(t[i].s, "{") ||
		                          !strcmp(t[i].s, "}"))) {
			if (!strcmp(t[i].s, ";") && i > start) {
				cif c;
				int pushed = 0;
				if (w->depth > 0 && review_cif_header(w, start, i, &c) && c.word &&
				    w->ncif < MAX_IF) {
					c.depth = -1;
					w->cifs[w->ncif++] = c;
					pushed = 1;
				}
				statement(w, start, i + 1);
				w->ncif -= pushed;
				w->last_return = !strcmp(t[cond_end(t, start, i)].s,
				                         "return");
				/* if (sizeof(long) == 8) return ...; what follows
				 * runs only on the other word */
				if (pushed && w->last_return && w->ncif < MAX_IF)
					review_cif_after_return(&c, w->depth,
					                        &w->cifs[w->ncif++]);
			}
			if (!strcmp(t[i].s, "{") && w->depth > 0) {
				cif c;
				if (review_cif_header(w, start, i, &c) && c.word &&
				    w->ncif < MAX_IF) {
					c.depth = w->depth + 1;
					w->cifs[w->ncif++] = c;
				}
			}
			if (!strcmp(t[i].s, "{"))
				w->last_return = 0;
			if (!strcmp(t[i].s, "{")) {
				if (w->depth == 0) {
					reset_fn(w);
					w->nfn = w->ncomments;
					memcpy(w->fn_comments, w->comments,
					       w->ncomments * sizeof w->comments[0]);
				} else {
					/* a block inside: a branch ends a straight line */
					finish_run(w, t[i].line);
					reset_fn(w);
				}
				w->depth++;
			} else if (!strcmp(t[i].s, "}")) {
				/* if (W) { ... return ...; }: what follows runs only
				 * on the other word */
				cif ret = { 0 };
				if (w->ncif > 0 && w->cifs[w->ncif - 1].depth == w->depth &&
				    w->cifs[w->ncif - 1].word && w->last_return &&
				    i > 0 && !strcmp(t[i - 1].s, ";"))
					ret = w->cifs[w->ncif - 1];
				w->last_return = 0;
				finish_run(w, t[i].line);
				reset_fn(w);
				if (w->depth > 0)
					w->depth--;
				while (w->ncif > 0 && w->cifs[w->ncif - 1].depth > w->depth)
					w->ncif--;
				if (ret.word && w->depth > 0 && w->ncif < MAX_IF)
					review_cif_after_return(&ret, w->depth,
					                        &w->cifs[w->ncif++]);
			}
			if (strcmp(t[i].s, ";") || i > start)
				w->ncomments = 0;
			start = i + 1;
		}
	}
	uses_free(w);
}

/* A file side with too many tokens: -1 with err. */
static int too_many_tokens(const patch *pt, size_t f, cfx_err *err)
{
	return cfx_err_set_path(err, CFX_ELIMIT, pt->files[f], "a file of the "
	                        "patch has more than %d C tokens",
	                        REVIEW_MAX_TOKENS);
}

/* Every define of one side of every file.  0, or -1 with err. */
static int collect_defines(const patch *pt, char a, char b, defs *out,
                           cfx_err *err)
{
	size_t f, i;

	for (f = 0; f < pt->nfiles; f++) {
		toks v;
		ifctx x;
		memset(&x, 0, sizeof x);
		if (review_lex(pt, f, a, b, &v) < 0)
			return too_many_tokens(pt, f, err);
		for (i = 0; i < v.n; i++)
			if (v.t[i].type == T_PP) {
				review_define_add(out, v.t[i].s, review_if_word(&x, NULL, NULL), f,
				           v.t[i].line, v.t[i].added, i);
				review_if_directive(&x, v.t[i].s, v.t[i].line);
			}
		review_toks_free(&v);
	}
	return 0;
}

/* Sequences equal to a define or to each other share its verdict. */
static void link_sequences(review *r)
{
	size_t i, k;

	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		if (m->kind != REVIEW_SEQUENCE)
			continue;
		for (k = 0; k < r->nmult; k++)
			if (k != i && r->mult[k].verify &&
			    r->mult[k].same_as == REVIEW_NONE &&
			    r->mult[k].bits == m->bits &&
			    !mpz_cmp(r->mult[k].p, m->p) &&
			    (r->mult[k].table == m->table || !m->table)) {
				m->same_as = k;
				m->verify = 0;
				review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
				           "the multiplier of %s at %s:%lu: its verdict "
				           "applies", r->mult[k].name[0] ? r->mult[k].name :
				           r->mult[k].text, r->pt.files[r->mult[k].file],
				           r->mult[k].line);
				break;
			}
	}
}

/* The body's claims, about the constants it names, else about every
 * constant the patch adds (not its sequences); the claims no check
 * computes listed with the constant their sentence names, else (a patch
 * of several constants) once, as general. */
static void body_claims(review *r)
{
	size_t i, named = 0;

	if (!r->pt.body)
		return;
	for (i = 0; i < r->nmult; i++)
		if (r->mult[i].kind != REVIEW_SEQUENCE && r->mult[i].bits &&
		    review_text_names(&r->mult[i], r->pt.body))
			named++;
	for (i = 0; i < r->nmult; i++) {
		const review_mult *m = &r->mult[i];
		if (m->kind == REVIEW_SEQUENCE || !m->bits ||
		    (named && !review_text_names(m, r->pt.body)))
			continue;
		review_body_claims(r, i, 1);
	}
	review_body_general(r);
}

int review_run(review *r, const char *text, size_t len, const char *name,
               cfx_err *err)
{
	defs newd = { 0 }, oldd = { 0 };
	walk w;
	size_t f;
	int rc = 0;

	memset(r, 0, sizeof *r);
	if (patch_read(&r->pt, text, len, name, err) < 0)
		return -1;
	memset(&w, 0, sizeof w);
	if (collect_defines(&r->pt, '+', ' ', &newd, err) < 0 ||
	    collect_defines(&r->pt, '-', ' ', &oldd, err) < 0)
		rc = -1;
	w.r = r;
	w.pt = &r->pt;
	w.newd = &newd;
	w.oldd = &oldd;
	for (f = 0; f < r->pt.nfiles && rc == 0; f++) {
		w.file = f;
		if (review_lex(&r->pt, f, '+', ' ', &w.v) < 0) {
			rc = too_many_tokens(&r->pt, f, err);
			break;
		}
		walk_file(&w);
		review_toks_free(&w.v);
		if (r->nmult > REVIEW_MAX_MULT) {
			const review_mult *m = &r->mult[REVIEW_MAX_MULT];
			rc = cfx_err_set(err, CFX_ELIMIT, -1, m->text, "more than %d "
			                 "multipliers: the one at %s:%lu is past them",
			                 REVIEW_MAX_MULT, r->pt.files[m->file], m->line);
		}
	}
	buf_free(&w.code);
	if (rc == 0) {
		link_sequences(r);
		body_claims(r);
	}
	review_defs_free(&newd);
	review_defs_free(&oldd);
	return rc;
}

void review_free(review *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		free(m->name);
		free(m->text);
		free(m->old_text);
		free(m->input);
		free(m->code);
		free(m->decls);
		mpz_clear(m->p);
		mpz_clear(m->old);
		mpz_clear(m->claim);
	}
	free(r->mult);
	for (i = 0; i < r->nfind; i++)
		free(r->find[i].msg);
	free(r->find);
	patch_free(&r->pt);
	memset(r, 0, sizeof *r);
}

