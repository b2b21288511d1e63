/*
 * review_find.c - the multipliers of `cfx review`: where the walk of
 * review.c meets one (a define, a const declaration, a literal multiplied
 * in a statement that hashes, a shift/add sequence), what it is, its word
 * and table size (see review_int.h).
 *
 * review_define_found, review_decl_found and review_literal_products
 * decide whether a constant is a multiplier (its name, its comments, or
 * its use: multiplied, then shifted right; never a table's size or an
 * accumulator) and record it with mult_constant: its word from its type,
 * suffix, #if and use (review_width.c), the constant it replaces (the old
 * side's define, or a literal of a removed line), the word and form
 * findings, the index overflow.  What is no multiplier is said when
 * the patch adds it: a reciprocal (x * C >> K is x / d), an FNV step.
 * review_use_of (review_table.c) reads a statement for the word and table
 * (hash_32(.., B), >> (32 - B), >> K), else a *_BITS define of the file
 * gives the table.  review_claims_of (review_about.c) hands the comments
 * to the claim checks.  review.c calls all of it, and nothing here calls
 * review.c.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/constant.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"


/* A constant's claims, word checks and form, found at line. */
static void constant_found(walk *w, size_t i);

/* Multiplier mi inside #if's nested deeper than review reads (MAX_IF):
 * its word said to be the innermost read one's, and a CHECK that names
 * the limit and the line of the first #if past it. */
void review_deep_if(walk *w, size_t mi)
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

/* A cast that cuts the product of multiplier i to fewer bits than its
 * word ("(u16)(x * GOLDEN) >> 6", "(u32)(v * K) >> (32 - bits)"): the
 * word is the cast's, and the multiplier the keys meet is the constant
 * mod 2^that (what the claims of its comments are about stays the
 * constant as written, at its own word).  Said: a NOTE, a WARNING when
 * the key is wider than the cast (keys that differ only above it always
 * collide). */
static void cast_cut(walk *w, size_t i, const char *name, size_t lit)
{
	review_mult *m = &w->r->mult[i];
	size_t width = mpz_sizeinbase(m->p, 2), at;
	char cast[40], *own, *cut_hex;
	unsigned cut = review_cast_cut(w, name, m->kind == REVIEW_LITERAL ?
	                               lit : REVIEW_NONE, cast, sizeof cast, &at);
	cwidth key;
	int wide;

	if (!cut || cut < VERIFY_MIN_BITS || (cut >= m->bits && width <= cut) ||
	    mpz_sgn(m->p) <= 0 || width > 64)
		return;
	m->written_bits = m->bits > cut ? m->bits : width <= 32 ? 32 : 64;
	mpz_set(m->own, m->p);
	m->composite = 1;
	mpz_fdiv_r_2exp(m->p, m->p, cut);
	if (m->has_old)
		mpz_fdiv_r_2exp(m->old, m->old, cut);
	m->bits = cut;
	own = word_hex(m->own, m->written_bits);
	cut_hex = word_hex(m->p, cut);
	snprintf(m->why_bits, sizeof m->why_bits, "the product is cast to %s "
	         "at line %lu, which keeps its low %u bits: %s mod 2^%u", cast,
	         w->v.t[at].line, cut, own, cut);
	wide = review_operand_decl(w, at, &key) == 0 && key.bits[LP64] > cut;
	if (wide)
		review_add(w->r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "the cast to %s at line %lu cuts the product to its low "
		           "%u bits, which depend only on the multiplier's low %u "
		           "bits (%s of %s) and the key's (a %s): keys that differ "
		           "only above bit %u always collide; judged as %s on %u-bit "
		           "words", cast, w->v.t[at].line, cut, cut, cut_hex, own,
		           key.type[LP64], cut - 1, cut_hex, cut);
	else
		review_add(w->r, REVIEW_NOTE, m->file, m->line, i, "word",
		           "the cast to %s at line %lu cuts the product to its low "
		           "%u bits, which depend only on the multiplier's low %u "
		           "bits (%s of %s): judged as %s on %u-bit words", cast,
		           w->v.t[at].line, cut, cut, cut_hex, own, cut_hex, cut);
	free(own);
	free(cut_hex);
}

/* Multiplier i, a define or a const whose value is a constant
 * expression of literals (-0x61C88647, (0x9e37 << 16 | 1), ~0x61C88646u):
 * its value as C computes it in its type etype (what C leaves undefined
 * in it: ub, or NULL), and, converted to the word as C converts it (mod
 * 2^bits: a negative int in a 64-bit word is sign-extended), the
 * multiplier; said, and ub a WARNING. */
static void expr_said(walk *w, size_t i, const char *etype, const char *ub)
{
	review_mult *m = &w->r->mult[i];
	char *dec, *hex;

	if (!m->bits)
		return;
	dec = mpz_get_str(NULL, 10, m->p);
	mpz_fdiv_r_2exp(m->p, m->p, m->bits);
	hex = word_hex(m->p, m->bits);
	review_add(w->r, REVIEW_NOTE, m->file, m->line, i, "word",
	           "%s = %s is a constant expression: C gives it the type %s "
	           "and the value %s%s; in the %u-bit word it is %s", m->name,
	           m->text, etype, dec, dec[0] == '-' ?
	           " (negative: converted to an unsigned word mod 2^bits)" : "",
	           m->bits, hex);
	if (ub && ub[0])
		review_add(w->r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "%s = %s: %s; write it with a U suffix (unsigned "
		           "int) so that its value is defined", m->name,
		           m->text, ub);
	free(dec);
	free(hex);
}

static unsigned alias_word(const walk *w, const char *name, char *cond,
                           size_t n, unsigned long *line);

/* A const of a 32-bit type (static const u32 mult) multiplied by a
 * wider value: C converts it to the other operand's type first (C11
 * 6.3.1.8), so "unsigned long key * mult" multiplies by the constant
 * zero-extended to 64 bits on LP64: that is the multiplier the keys
 * meet, and m's word; so under cond (#if BITS_PER_LONG == 64, "" for
 * none), said. */
static void decl_widened(walk *w, review_mult *m, const char *name,
                         const char *type, const cwidth *mw,
                         const char *cond)
{
	char why[sizeof m->why_bits - 120];  /* room for the type and cond */

	if (review_use_word(w, name, mw, why, sizeof why) != 64)
		return;
	m->bits = 64;
	snprintf(m->why_bits, sizeof m->why_bits, "%s, over its type "
	         "%.20s%s%.48s%s", why, type, cond[0] ? " (under " : "", cond,
	         cond[0] ? ": long is 64 bits there)" : "");
}

static void mult_constant(walk *w, review_kind k, const char *name,
                          const char *text, const mpz_t v, int suffix_long,
                          unsigned type_word, const char *type,
                          unsigned long line, size_t lit)
{
	const char *cond = "";
	unsigned long cline = 0;
	unsigned ctx, wctx;
	size_t i;
	char acond[96];

	if (w->file >= w->r->nown)
		return;                  /* another input's: its own review's */
	ctx = review_ctx_word(w, &cond, &cline);
	wctx = ctx;
	if (!ctx && k == REVIEW_DEFINE && !type_word && suffix_long == 1 &&
	    (wctx = alias_word(w, name, acond, sizeof acond, &cline)))
		cond = acond;
	i = review_mult_new(w->r, k, w->file, line, name, text);
	review_mult *m = &w->r->mult[i];
	const define *old;
	cwidth mw;
	int have_mw;

	mpz_set(m->p, v);
	review_infer_word(m, type_word, type, suffix_long, wctx, cond, cline);
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
		if (uw && (uw != m->bits || strstr(why, "widened only after"))) {
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
		if (!uw && says != 32 && says != 64 && k == REVIEW_DEFINE)
			review_word_by_name(m, name, over);
	}
	/* on 32-bit longs (under #if BITS_PER_LONG == 32) a long key keeps the
	 * product in 32 bits; anywhere else it may be 64 */
	if (k == REVIEW_DECL && type_word == 32 && ctx != 32 && name[0])
		decl_widened(w, m, name, type, have_mw ? &mw : NULL, ctx ?
		             cond : "");
	if (k == REVIEW_DEFINE) {
		const define *d = review_defs_find(w->newd, name, ctx);
		if (d && d->expr)
			expr_said(w, i, d->etype, d->ub);
	} else if (k == REVIEW_DECL && w->decl_expr)
		expr_said(w, i, w->decl_expr->type, w->decl_expr->ub);
	if (name[0] && (old = review_old_define(w, name, ctx)) && old->valid &&
	    mpz_cmp(old->v, v) && (!ctx || !old->ctx || old->ctx == ctx)) {
		m->has_old = 1;
		mpz_set(m->old, old->v);
		mpz_fdiv_r_2exp(m->old, m->old, m->bits);
		m->old_line = old->line;
		m->old_text = xstrdup(old->text);
		if ((old = review_earlier_mail_define(w, name, old))) {
			m->old_file = old->file;
			m->old_added_line = old->line;
		}
	}
	if (k == REVIEW_DECL)            /* a u16 constant: promoted */
		review_promotion(w, i, name, type);
	else if (k == REVIEW_DEFINE && have_mw && !ctx)
		review_promotion(w, i, name, mw.type[LP64]);  /* an int's */
	cast_cut(w, i, name, lit);
	if (k == REVIEW_DECL && !m->has_old)
		review_decl_replaced(w, m, name);
	if (k == REVIEW_DEFINE)
		review_aliases_said(w, i, ctx);
	review_deep_if(w, i);
	if (k == REVIEW_LITERAL) {
		review_literal_replaced(w, m);
		/* the word its statement shows (hash_ptr(), hash_32(), a
		 * right shift), before the word is said: said and judged alike */
		review_use_of(w, w->lit_a, w->lit_b, i);
		if (w->lit_d > w->lit_c)
			review_use_of(w, w->lit_c, w->lit_d, i);
	}
	constant_found(w, i);
	if (have_mw)
		review_overflow_check(w, i, lit, name, &mw);
	review_claims_of(w, i);
	/* the comments' claims are about the constant as written; the
	 * verdict about what the keys are multiplied by: review_hashed_all,
	 * once the file's own hash_32() and hash_64() are read */
}

static void constant_found(walk *w, size_t i)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	char *hex;

	if (mpz_sgn(m->p) <= 0) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "multiplier",
		           "%s%s%s is 0: every key hashes to bucket 0", m->name,
		           m->name[0] ? " = " : "", m->text);
		m->verify = 0;
		return;
	}
	if (review_too_wide(r, i))
		return;
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
	/* passed into hash_32() and the like: the product with its own
	 * multiplier is what is judged, and said of (review_hashed_all) */
	if (!m->hashed_by[0])
		review_narrow_word(r, i);
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
	} else if (m->has_old && m->old_text &&
	           !isdigit((unsigned char)m->old_text[0])) {
		/* "#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_PRIME_32": the
		 * value that name had */
		char *oh = word_hex(m->old, m->bits);
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "multiplier",
		           "replaces %s = %s (line %lu of the old file)",
		           m->old_text, oh, m->old_line);
		free(oh);
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

/* Statement [a, b) assigns a variable ("u32 h = x * P;", "h = x * P;",
 * "h *= P;") that a later statement of its block shifts right before
 * anything else assigns it ("return h >> 22;", "h >>= 22;"): that
 * statement's range in [*sa, *sb), else 0. */
int review_shifted_after(const walk *w, size_t a, size_t b, size_t *sa,
                         size_t *sb)
{
	const tok *t = w->v.t;
	size_t i, j, s, n = w->v.n;
	const char *v = NULL;
	long depth = 0;

	for (i = a; i + 1 < b; i++)
		if (t[i].type == T_IDENT && (!strcmp(t[i + 1].s, "=") ||
		    !strcmp(t[i + 1].s, "*="))) {
			v = t[i].s;
			break;
		}
	if (!v)
		return 0;
	/* a function's length at most: a bound on the walk's time */
	for (j = b, s = b; j < n && j < b + 4096; j++) {
		if (t[j].type == T_COMMENT || t[j].type == T_PP) {
			s = j + 1;
			continue;
		}
		if (!strcmp(t[j].s, ";") || !strcmp(t[j].s, "{") ||
		    !strcmp(t[j].s, "}")) {
			if (!strcmp(t[j].s, "{"))
				depth++;
			else if (!strcmp(t[j].s, "}") && --depth < 0)
				return 0;
			s = j + 1;
			continue;
		}
		if (t[j].type != T_IDENT || strcmp(t[j].s, v) || j + 1 >= n ||
		    (j > 0 && (!strcmp(t[j - 1].s, ".") ||
		               !strcmp(t[j - 1].s, "->"))))
			continue;
		if (!strcmp(t[j + 1].s, ">>") || !strcmp(t[j + 1].s, ">>=")) {
			while (j < n && strcmp(t[j].s, ";"))
				j++;
			*sa = s;
			*sb = j < n ? j + 1 : n;
			return 1;
		}
		if (t[j + 1].type == T_OP && strlen(t[j + 1].s) >= 1 &&
		    t[j + 1].s[strlen(t[j + 1].s) - 1] == '=' &&
		    strcmp(t[j + 1].s, "==") && strcmp(t[j + 1].s, "!=") &&
		    strcmp(t[j + 1].s, "<=") && strcmp(t[j + 1].s, ">="))
			return 0;        /* set again before any shift */
		if (!strcmp(t[j + 1].s, "++") || !strcmp(t[j + 1].s, "--"))
			return 0;
	}
	return 0;
}

enum { U_SIZE = 1, U_PROD = 2, U_SHPROD = 4, U_ASSIGNED = 8, U_HASHED = 16,
       U_XORMUL = 32 };

/* Whether the product by t[j] multiplies a value just xored ("h ^= c;
 * h *= P", "h = (h ^ c) * P"): the step of FNV and its kin, which
 * never shift the product right. */
static int xor_before(const tok *t, size_t n, size_t j)
{
	size_t k, v;

	if (j >= 2 && is_tok(t, n, j - 1, "*=") && t[j - 2].type == T_IDENT) {
		v = j - 2;
		/* the statement before: "v ^= ...;" */
		for (k = v; k > 0 && strcmp(t[k - 1].s, ";") &&
		     strcmp(t[k - 1].s, "{") && strcmp(t[k - 1].s, "}"); k--)
			;
		if (k == 0 || strcmp(t[k - 1].s, ";"))
			return 0;
		for (k--; k > 0 && strcmp(t[k - 1].s, ";") &&
		     strcmp(t[k - 1].s, "{") && strcmp(t[k - 1].s, "}"); k--)
			;
		return !strcmp(t[k].s, t[v].s) && is_tok(t, n, k + 1, "^=");
	}
	if (j >= 2 && is_tok(t, n, j - 1, "*") && is_tok(t, n, j - 2, ")")) {
		long depth = 0;
		for (k = j - 2; k > 0; k--) {
			if (!strcmp(t[k].s, ")"))
				depth++;
			else if (!strcmp(t[k].s, "(") && !--depth)
				return 0;
			else if (depth == 1 && !strcmp(t[k].s, "^"))
				return 1;
		}
	}
	return 0;
}

/* Whether t[j] is inside the first argument of a call of hash_32(),
 * hash_64(), hash_long() or hash_ptr() (in its statement). */
static int in_hash_arg(const tok *t, size_t j)
{
	long depth = 0;
	size_t k;

	for (k = j; k-- > 0 && j - k < 256;) {
		if (t[k].type == T_PP || t[k].type == T_COMMENT ||
		    !strcmp(t[k].s, ";") || !strcmp(t[k].s, "{") ||
		    !strcmp(t[k].s, "}"))
			return 0;
		if (!strcmp(t[k].s, ")"))
			depth++;
		else if (!strcmp(t[k].s, "(") && depth-- == 0) {
			if (k > 0 && t[k - 1].type == T_IDENT &&
			    (!strcmp(t[k - 1].s, "hash_32") ||
			     !strcmp(t[k - 1].s, "hash_64") ||
			     !strcmp(t[k - 1].s, "hash_long") ||
			     !strcmp(t[k - 1].s, "hash_ptr")))
				return 1;
			depth = 0;
		} else if (!strcmp(t[k].s, ",") && depth == 0)
			return 0;
	}
	return 0;
}

struct name_use {
	const char *name;        /* NULL: a free slot */
	unsigned flags;          /* U_* */
	unsigned long nasg;      /* its uses that assign it (U_ASSIGNED) */
	unsigned long nuse;      /* all its uses */
	unsigned long ndirect;   /* its uses by its own name, not an
	                          * alias's (nasg not among them) */
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
	if (j > 0 && (is_tok(t, n, j - 1, "*") || is_tok(t, n, j - 1, "*=") ||
	    is_tok(t, n, j + 1, "*"))) {
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
		if (in_hash_arg(t, j))
			f |= U_HASHED;
		if (xor_before(t, n, j))
			f |= U_XORMUL;
		if (b < n && review_shifted_after(w, a, b + 1, &q, &q))
			f |= U_SHPROD;
	}
	return f;
}

/* The table of what the side's names are used as (w->uses). */
void review_uses_index(walk *w)
{
	size_t j, ni = 0;

	for (j = 0; j < w->v.n; j++)
		ni += w->v.t[j].type == T_IDENT;
	for (w->nuses = 16; w->nuses < 2 * ni; w->nuses *= 2)
		;
	w->uses = xcalloc(w->nuses, sizeof *w->uses, "review name uses");
	/* the functions' bodies: each top-level { ... } */
	{
		long depth = 0;
		size_t open = 0, cap = 0;
		w->nfns = 0;
		for (j = 0; j < w->v.n; j++) {
			if (w->v.t[j].type != T_OP)
				continue;
			if (!strcmp(w->v.t[j].s, "{") && depth++ == 0)
				open = j;
			else if (!strcmp(w->v.t[j].s, "}") && depth > 0 &&
			         --depth == 0) {
				XGROW(w->fns, cap, w->nfns + 1, "review functions");
				w->fns[w->nfns].a = open;
				w->fns[w->nfns++].b = j;
			}
		}
	}
	review_alias_index(w);
	for (j = 0; j < w->v.n; j++)
		if (w->v.t[j].type == T_IDENT && !review_alias_ref(w, j)) {
			size_t h = use_slot(w, w->v.t[j].s);
			w->uses[h].name = w->v.t[j].s;
			unsigned f = use_at(w, j);
			w->uses[h].flags |= f;
			w->uses[h].nasg += (f & U_ASSIGNED) != 0;
			w->uses[h].ndirect += (f & U_ASSIGNED) == 0;
			w->uses[h].nuse++;
		}
	/* an alias's uses are its constant's ("#define HASH_MULT BASE",
	 * "const u32 hash_k = GOLDEN;": one constant), its declaration
	 * none */
	for (j = 0; j < w->nuses; j++) {
		const char *b = w->uses[j].name ?
		                review_alias_base(w, w->uses[j].name) : NULL;
		size_t h;
		if (!b)
			continue;
		h = use_slot(w, b);
		w->uses[h].name = b;
		w->uses[h].flags |= w->uses[j].flags & ~U_ASSIGNED;
		w->uses[h].nuse += w->uses[j].nuse - w->uses[j].nasg;
	}
}

void review_uses_free(walk *w)
{
	free(w->uses);
	w->uses = NULL;
	w->nuses = 0;
	free(w->fns);
	w->fns = NULL;
	w->nfns = 0;
	review_alias_free_decls(w);
}

/* The word of define name's long (a UL literal under no #if) when the
 * code reads it only through aliases that are all under one #if
 * BITS_PER_LONG word ("#if BITS_PER_LONG == 32 / #define HASH_MULT
 * MULT_A"): that word, with why into cond and the alias's line; else 0,
 * and long is taken as LP64's (issue 23: MULT_A was judged at 64 bits,
 * "a 32-bit constant in a 64-bit word", where only 32-bit longs see it). */
static unsigned alias_word(const walk *w, const char *name, char *cond,
                           size_t n, unsigned long *line)
{
	const alias_decl *a[16];
	size_t na = review_alias_list(w, name, a, 16), k;

	if (!na || na > 16 || !w->uses ||
	    w->uses[use_slot(w, name)].ndirect)
		return 0;
	for (k = 0; k < na; k++)
		if (a[k]->decl || !a[k]->ctx || a[k]->ctx != a[0]->ctx)
			return 0;
	snprintf(cond, n, "#if BITS_PER_LONG == %u around %s, the one "
	         "name it is used by", a[0]->ctx, a[0]->name);
	if (na > 1)
		snprintf(cond, n, "#if BITS_PER_LONG == %u around %s and its "
		         "other aliases, the names it is used by", a[0]->ctx,
		         a[0]->name);
	*line = a[0]->line;
	return a[0]->ctx;
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

	/* a seed's or a bound's name, unless the patch multiplies by it and
	 * shifts, or passes the product into hash_32() and the like, and it
	 * is wider than a unit's factor ((x * MULT_MAX) >> 10 with MULT_MAX
	 * 1000 scales; v * OBJ_SALT >> 23 with 0x9e370001 hashes: a trial
	 * of issue 23 found such a salt dropped as a seed, "no multipliers
	 * found") */
	if (review_name_says_size(name) || (u & U_SIZE))
		return 0;
	if (review_name_says_value(name) && !((u & (U_SHPROD | U_HASHED)) &&
	                                      mpz_sizeinbase(v, 2) > 16))
		return 0;
	/* used, and never in a product (a seed passed to jhash(), a
	 * bound compared with): no multiplier */
	if (w->uses && w->uses[use_slot(w, name)].nuse >
	    w->uses[use_slot(w, name)].nasg && !(u & U_PROD))
		return 0;
	return mpz_sgn(v) != 0 || (u & U_PROD);
}

/* ---- the multipliers of a statement ------------------------------------- */

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

/* Whether the literal t[i] is the multiplier of a linear congruential
 * generator's step, "v = v * A + C;" or "v = A * v + C;" (C a literal or
 * a define): the state fed back to itself is a pseudo-random number
 * generator (cfx's own `verify --emit kunit` makes its random inputs so,
 * with Knuth's MMIX constants), no hash multiply, whatever shifts the
 * state afterwards.  The statement's first token into *a. */
static int lcg_step(const walk *w, size_t i, size_t *a)
{
	const tok *t = w->v.t;
	size_t n = w->v.n, v, c;
	const char *x;

	if (i >= 3 && !strcmp(t[i - 1].s, "*") && !strcmp(t[i - 3].s, "="))
		v = i - 4, x = t[i - 2].s;         /* v = v * A + C */
	else if (i >= 2 && i + 2 < n && !strcmp(t[i - 1].s, "=") &&
	         !strcmp(t[i + 1].s, "*"))
		v = i - 2, x = t[i + 2].s;         /* v = A * v + C */
	else
		return 0;
	c = x == t[i - 2].s ? i + 1 : i + 3;
	if (v >= n || c + 2 >= n || t[v].type != T_IDENT || strcmp(t[v].s, x) ||
	    (v > 0 && t[v - 1].type == T_OP && strcmp(t[v - 1].s, ";") &&
	     strcmp(t[v - 1].s, "{") && strcmp(t[v - 1].s, "}")) ||
	    strcmp(t[c].s, "+") || strcmp(t[c + 2].s, ";") ||
	    !(t[c + 1].type == T_NUM || (t[c + 1].type == T_IDENT &&
	      review_defs_find(w->newd, t[c + 1].s, 0))))
		return 0;
	*a = v;
	return 1;
}

/* Whether the literal z at t[i], multiplied in a statement that hashes
 * (its names say hash: named; its product is shifted right: shifted),
 * is no multiplicative hash's multiplier, and why (a NOTE when it is
 * said): an FNV step (the product of a value just xored, never shifted
 * right), or a fixed-point scale (only a right shift says hash, and the
 * literal is a round decimal, a power of 2 or below 2^12: (x * 1000) >>
 * 10). */
static int not_hash_product(walk *w, size_t i, const mpz_t z, int named,
                            int shifted)
{
	const tok *t = w->v.t;
	size_t n = strspn(t[i].s, "0123456789"), a;
	char why[320] = "";

	if (lcg_step(w, i, &a))
		snprintf(why, sizeof why, "%.40s = %.40s * a + c at line "
		         "%lu is the step of a linear congruential generator "
		         "(its state fed back, x * a + c), which makes "
		         "pseudo-random numbers, not a hash's table index",
		         t[a].s, t[a].s, t[i].line);
	else if (!shifted && xor_before(t, w->v.n, i))
		snprintf(why, sizeof why, "it multiplies a value just xored "
		         "and its product is never shifted right (the step of "
		         "FNV and its kin), which is no multiplicative "
		         "hashing, where the top bits of x * C index the "
		         "table");
	if (why[0]) {
		if (t[i].added)
			review_add(w->r, REVIEW_NOTE, w->file, t[i].line,
			           REVIEW_NONE, "multiplier", "%s is not "
			           "judged: %s", t[i].s, why);
		return 1;
	}
	if (named)
		return 0;
	return (n > 1 && t[i].s[n - 1] == '0' && t[i].s[0] != '0') ||
	       mpz_popcount(z) == 1 || mpz_cmp_ui(z, 1u << 12) < 0;
}

/* Whether a right shift (">>") follows t[i] before b. */
static int shift_after(const tok *t, size_t i, size_t b)
{
	for (i++; i < b; i++)
		if (t[i].type == T_OP && !strcmp(t[i].s, ">>"))
			return 1;
	return 0;
}

/* The first right shift by a constant that takes the product at t[i]:
 * "x * C >> K" in its statement (up to b), else "v >> K" or "v >>= K"
 * in the later statement [sa, sb) that shifts the variable keeping it.
 * 1 with K in *k, the shift's token in *at, and *direct set when it is
 * in the statement itself; else 0. */
static int product_shift(walk *w, size_t i, size_t b, size_t sa, size_t sb,
                         unsigned long *k, size_t *at, int *direct)
{
	const tok *t = w->v.t;
	size_t j;
	char why[64];

	for (j = i + 1; j + 1 < b; j++)
		if (t[j].type == T_OP && !strcmp(t[j].s, ">>") &&
		    review_small_value(w, &t[j + 1], k, why, sizeof why)) {
			*at = j;
			*direct = 1;
			return 1;
		}
	for (j = sa; j + 1 < sb; j++)
		if (t[j].type == T_OP && (!strcmp(t[j].s, ">>") ||
		    !strcmp(t[j].s, ">>=")) &&
		    review_small_value(w, &t[j + 1], k, why, sizeof why)) {
			*at = j;
			*direct = 0;
			return 1;
		}
	return 0;
}

/* The product of the literal t[i] shifted right by k (the shift at token
 * at, in the same statement): an ERROR when k is not less than the width
 * C computes the product in (both operands' types known), in a model. */
static int product_ub(walk *w, size_t i, size_t at, unsigned long k)
{
	const tok *t = w->v.t;
	cwidth lw, pw, cw;
	int model;

	if (review_literal_type(t[i].s, &lw) < 0 ||
	    review_product_type(w, i, &lw, &pw) < 0 ||
	    (k < pw.bits[LP64] && k < pw.bits[ILP32]))
		return 0;
	model = k >= pw.bits[LP64] ? LP64 : ILP32;
	/* (u64)(x * C) >> 54: the cast widens the product C computed, so
	 * the shift is defined, and leaves 0 (what review_literal_products
	 * says once the multiplier is made) */
	if (review_cast_before(w, i, at, &cw) && k < cw.bits[model] &&
	    cw.bits[model] > pw.bits[model])
		return 2;
	if (review_has_finding(w->r, w->file, t[at].line, "undefined behaviour"))
		return 0;
	review_add(w->r, REVIEW_ERROR, w->file, t[at].line, REVIEW_NONE,
	           "word", "the product with %s is computed in %s, %u bits%s (%s: "
	           "the usual arithmetic conversions), and >> %lu at line %lu "
	           "shifts it by %lu, not less than its width: undefined "
	           "behaviour in C (C11 6.5.7), what it gives depends on the "
	           "compiler and the target (x86 takes the count mod %u, a shift "
	           "by %lu); widen an operand first ((u64)x * C) if the high "
	           "half is meant", t[i].s, pw.type[model], pw.bits[model],
	           model == LP64 ? (k >= pw.bits[ILP32] ? "" : " on LP64") :
	           " on ILP32 (32-bit long)", pw.why, k, t[at].line, k,
	           pw.bits[model], k % pw.bits[model]);
	return 1;
}

/* The literal z (suffix sl) at t[i], whose product C computes in fewer
 * bits than k and a cast then widens ("(u64)(x * C) >> 54", the shift at
 * token at): the product is below 2^p, so the shift leaves 0 for every
 * key.  The multiplier made, a WARNING, not judged. */
static void zero_index(walk *w, size_t a, size_t b, size_t i, size_t at,
                       unsigned long k, const mpz_t z, int sl)
{
	const tok *t = w->v.t;
	cwidth lw, pw, cw;
	size_t mi = w->r->nmult;
	int model;
	char type[80];

	review_literal_type(t[i].s, &lw);
	review_product_type(w, i, &lw, &pw);
	model = k >= pw.bits[LP64] ? LP64 : ILP32;
	review_cast_before(w, i, at, &cw);
	w->lit_a = a;
	w->lit_b = b;
	w->lit_c = w->lit_d = 0;
	snprintf(type, sizeof type, "%s, the product's", pw.type[model]);
	mult_constant(w, REVIEW_LITERAL, "", t[i].s, z, sl, pw.bits[model],
	              type, t[i].line, i);
	if (w->r->nmult <= mi)
		return;
	w->r->mult[mi].verify = 0;
	review_add(w->r, REVIEW_WARNING, w->file, t[at].line, mi, "table",
	           "the index is always 0: the product with %s is computed in "
	           "%s, %u bits%s (%s: the usual arithmetic conversions), and the "
	           "cast to %s widens it only after the multiply, so it is below "
	           "2^%u and >> %lu at line %lu leaves 0: every key lands in "
	           "bucket 0 (defined behaviour, no hash); widen an operand "
	           "before the multiply ((u64)x * C) if the product's high bits "
	           "are meant, or shift the %u-bit product by %u - bits",
	           t[i].s, pw.type[model], pw.bits[model],
	           model == LP64 ? (k >= pw.bits[ILP32] ? "" : " on LP64") :
	           " on ILP32 (32-bit long)", pw.why, cw.type[model],
	           pw.bits[model], k, t[at].line, pw.bits[model],
	           pw.bits[model]);
}

/* The word of the literal product t[i] in statement [a, b) (its type as
 * written into type), 0: not shown there. */
static unsigned literal_word(walk *w, size_t a, size_t b, size_t i,
                             char *type, size_t ntype)
{
	const tok *t = w->v.t;
	unsigned tw = 0;
	size_t j;
	int l;
	cwidth lw, pw;
	unsigned ctx = review_ctx_word(w, NULL, NULL);
	int model = ctx == 32 ? ILP32 : LP64;

	/* the word of the variable it multiplies, if declared (not a type
	 * in an if's condition: sizeof(long)); not when the product is
	 * shifted right in the statement (u64 r = (us * C) >> 32: r keeps
	 * what the shift left, and C multiplies in its operands' type:
	 * review_use_word_at) */
	for (j = review_cond_end(t, a, b); j < b && !shift_after(t, i, b); j++) {
		sym *s = t[j].type == T_IDENT ? review_var_find(w, t[j].s) : NULL;
		if (s && s->bits) {
			tw = s->bits;
			snprintf(type, ntype, "%s of %.16s", review_ctype(s->bits),
			         s->name);
			break;
		}
		if (t[j].type == T_IDENT && review_type_bits(t[j].s, 0, &l)) {
			/* the type as written; a long's word is the model's,
			 * not the type's */
			tw = type_written(t, j, b, 0, type, ntype, &l);
			if (l)
				tw = 0, type[0] = '\0';
			break;
		}
	}
	/* unsigned long long h = x * 2654435761u, x a u32: C multiplies in
	 * its operands' type and widens after, so the product's width
	 * decides, not h's (the use's word says so: review_use_word_at) */
	if (review_literal_type(t[i].s, &lw) == 0 &&
	    review_product_type(w, i, &lw, &pw) == 0) {
		if (tw > 32 && pw.bits[LP64] < tw)
			tw = 0, type[0] = '\0';
		/* hash *= 0x9e370001u, a u32 hash, under #if BITS_PER_LONG ==
		 * 64: a 32-bit product there too (the #if gives no operand
		 * its type) */
		else if (!tw && ctx && pw.bits[model] < ctx) {
			tw = pw.bits[model];
			snprintf(type, ntype, "%s, the product's", pw.type[model]);
		}
	}
	return tw;
}

/* Whether the literal z at t[i] is the multiplier of a hash on a word
 * of 8 to 16 bits: its product is cast to that word ("(uint8_t)(x *
 * 0x9du) >> 4", "(u16)(x * 0x9e37) >> 6"), and z is odd and has more
 * than half of the word's bits, where a 255 floor or a fixed-point
 * scale's 2^12 would drop it (issue 23: an 8-bit hash was never
 * found). */
static int narrow_hash(walk *w, size_t i, const mpz_t z)
{
	char cast[40];
	size_t at, width = mpz_sizeinbase(z, 2);
	unsigned cut = review_cast_cut(w, "", i, cast, sizeof cast, &at);

	return cut >= VERIFY_MIN_BITS && cut <= 16 && mpz_odd_p(z) &&
	       width <= cut && 2 * width > cut;
}

/* Literals multiplied in statement [a, b): "x * 0x9e3779b9 >> 22". */
void review_literal_products(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	size_t i, sa = 0, sb = 0;
	int named = 0, shifted = 0;

	for (i = a; i < b; i++) {
		if (t[i].type == T_OP && !strcmp(t[i].s, ">>"))
			shifted = 1;
		if (t[i].type == T_IDENT && review_name_says_hash(t[i].s))
			named = 1;
	}
	/* u32 h = x * P; return h >> 22;: the next statement shifts it,
	 * and says the table */
	if (review_shifted_after(w, a, b, &sa, &sb))
		shifted = 1;
	if ((!named && !shifted) || review_decl_is_cexpr(w, a, b))
		return;
	for (i = a; i < b; i++) {
		mpz_t z;
		int sl, direct, ub;
		int mul = (i > a && (!strcmp(t[i - 1].s, "*") ||
		                     !strcmp(t[i - 1].s, "*="))) ||
		          (i + 1 < b && !strcmp(t[i + 1].s, "*"));
		unsigned tw;
		size_t mi, at;
		char type[40] = "";
		unsigned long k;
		if (t[i].type != T_NUM || !t[i].added || !mul)
			continue;
		mpz_init(z);
		if (review_literal(t[i].s, z, &sl) || ((mpz_cmp_ui(z, 255) <= 0 ||
		    not_hash_product(w, i, z, named, shifted)) &&
		    !narrow_hash(w, i, z))) {
			mpz_clear(z);
			continue;
		}
		if (product_shift(w, i, b, sa, sb, &k, &at, &direct)) {
			ub = direct ? product_ub(w, i, at, k) : 0;
			if (ub == 2)
				zero_index(w, a, b, i, at, k, z, sl);
			if (ub == 2 || review_reciprocal_found(w, i, k, ub, z)) {
				mpz_clear(z);
				continue;
			}
		}
		tw = literal_word(w, a, b, i, type, sizeof type);
		mi = w->r->nmult;
		w->lit_a = a;
		w->lit_b = b;
		w->lit_c = sa;
		w->lit_d = sb;
		mult_constant(w, REVIEW_LITERAL, "", t[i].s, z, sl, tw, type,
		              t[i].line, i);
		if (w->r->nmult > mi) {
			review_table_from_macro(w, mi);
			review_table_from_bits(w, mi);
		}
		mpz_clear(z);
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

/* A constant whose products all follow an xor and none is shifted right
 * or hashed (u, its uses): an FNV prime or the like, not judged, and
 * said (at line). */
static int fnv_use(walk *w, const char *name, unsigned u, unsigned long line)
{
	if (!(u & U_XORMUL) || (u & (U_SHPROD | U_HASHED)))
		return 0;
	review_add(w->r, REVIEW_NOTE, w->file, line, REVIEW_NONE, "multiplier",
	           "%s is not judged: its products follow an xor (h ^= c; h *= "
	           "%s, the step of FNV and its kin) and none is shifted right, "
	           "which is no multiplicative hashing, where the top bits of x "
	           "* C index the table", name, name);
	return 1;
}

/* The declaration "[static] [const] TYPE NAME = INIT;" of statement
 * [a, b) (b past its ';'): 1 with NAME's token in *name (INIT is [*name
 * + 2, b - 1)) and TYPE's first word in *type; else 0. */
static int decl_of(const walk *w, size_t a, size_t b, size_t *name,
                   size_t *type)
{
	const tok *t = w->v.t;
	size_t j;
	int l;

	for (j = a; j + 2 < b && t[j].type == T_IDENT; j++)
		;
	if (j + 2 >= b || j < a + 2 || strcmp(t[j].s, "=") ||
	    !review_is_type_word(t[a].s))
		return 0;
	*name = j - 1;
	for (*type = a; *type < j - 1; ++*type)
		if (review_type_bits(t[*type].s, 0, &l))
			break;
	return 1;
}

/* Whether statement [a, b) declares a constant whose initialiser is a
 * constant expression of literals and defines, which review_decl_found
 * evaluates whole ("= 0x9E3779B9u * 3": no literal product). */
int review_decl_is_cexpr(const walk *w, size_t a, size_t b)
{
	size_t n, ty;
	review_cexpr e;
	int rc;

	if (!decl_of(w, a, b, &n, &ty) || b - n < 4)
		return 0;
	mpz_init(e.v);
	rc = review_cexpr_toks(w->newd, w->v.t, n + 2, b - 1, &e, NULL);
	mpz_clear(e.v);
	return rc == 0;
}

/* A declaration of a multiplier in statement [a, b) (b past its ';'):
 * "[static] const TYPE NAME = INIT;", INIT a literal or a constant
 * expression of literals and defines ("(1ULL<<63)+...", "~0x61C88646u",
 * "GOLDEN * 3"), evaluated as C does (review_cexpr.c, the evaluator of
 * the defines' values too) and converted to NAME's type.  One name of a
 * define the walk judges is no new constant but an alias of it
 * (review_alias.c). */
void review_decl_found(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	size_t nm, ty, j, mi;
	int l, sl = 0, added = 0;
	unsigned tw = 0;
	char type[40] = "";
	struct buf text = { 0 };
	review_cexpr e;
	const char *name;
	int steps;
	const define *base;

	if (!decl_of(w, a, b, &nm, &ty))
		return;
	name = t[nm].s;
	for (j = nm + 2; j + 1 < b; j++)
		added |= t[j].added;
	if (!added)
		return;
	if (b - nm == 4 && t[nm + 2].type == T_IDENT &&
	    (base = review_define_base(w, t[nm + 2].s, &steps)) &&
	    (base->added || !w->pt->is_diff) &&
	    review_decl_folds(w, nm + 2, base))
		return;                  /* an alias of the define's constant */
	mpz_init(e.v);
	if (b - nm == 4 && t[nm + 2].type == T_NUM) {
		if (review_literal(t[nm + 2].s, e.v, &sl) < 0)
			goto done;
		buf_puts(&text, t[nm + 2].s);
		e.type[0] = '\0';
	} else if (review_cexpr_toks(w->newd, t, nm + 2, b - 1, &e, &text)) {
		goto done;
	}
	/* its name, the comments before it, or its use (a product of it
	 * shifted right, or hashed, and it at least 2^8) says a multiplier */
	if (!(review_name_says_hash(name) || comments_say_multiplier(w) ||
	      ((uses_of(w, name) & (U_SHPROD | U_HASHED)) &&
	       mpz_cmpabs_ui(e.v, 255) > 0)))
		goto done;
	/* its type as written: "its type unsigned int", not "int" */
	if (ty < nm)
		tw = type_written(t, ty, nm, review_ctx_word(w, NULL, NULL),
		                  type, sizeof type, &l);
	/* not a variable that is assigned again (u32 hash = 0;
	 * hash = hash * 31 + c: an accumulator's start) */
	if (may_be_multiplier(w, name, e.v) && !assigned_from(w, name, b) &&
	    !fnv_use(w, name, uses_of(w, name), t[nm].line)) {
		mi = w->r->nmult;
		w->decl_expr = e.type[0] ? &e : NULL;
		mult_constant(w, REVIEW_DECL, name, buf_str(&text), e.v, sl, tw,
		              type, t[nm + 2].line, REVIEW_NONE);
		w->decl_expr = NULL;
		if (w->r->nmult > mi) {
			review_table_from_macro(w, mi);
			review_table_from_bits(w, mi);
		}
	}
done:
	mpz_clear(e.v);
	buf_free(&text);
}


/* A define of the patch that changes the value of an older one (the
 * old side's define of that name), used nowhere in what the diff shows,
 * whose new or old value at least 2^16 has the golden ratio's shape:
 * the continued fraction of p/2^n (n 32, or 64 for a wider value)
 * begins with at least 8 1s after a0 (of p or of 2^n - p).  The word n
 * (0: no), and the run in w->golden_run. */
static unsigned unseen_multiplier(walk *w, const define *x)
{
	const define *old = review_defs_find_in(w->oldd, x->name, 0, w->file,
	                                        w->file + 1);
	const mpz_srcptr v[2] = { x->v, old ? old->v : NULL };
	size_t k;

	if (!w->pt->is_diff || (w->uses && w->uses[use_slot(w, x->name)].nuse) ||
	    !old || !old->valid || !mpz_cmp(old->v, x->v) ||
	    review_name_says_size(x->name) || review_name_says_value(x->name))
		return 0;
	for (k = 0; k < 2; k++) {
		unsigned n = mpz_sizeinbase(v[k], 2) > 32 ? 64 : 32;
		cf_seq cf;
		cf_golden g;
		if (mpz_cmp_ui(v[k], 1u << 16) < 0 || mpz_sizeinbase(v[k], 2) > 64)
			continue;
		cf_init(&cf);
		cf_of_multiplier(&cf, v[k], n);
		g = cf_golden_stats(&cf);
		cf_clear(&cf);
		if (g.prefix >= 8 || g.prefix < 0) {
			w->golden_run = g.prefix;
			w->golden_old = (int)k;
			return n;
		}
	}
	return 0;
}

/* The define x at token i of the walk's side: a multiplier when the patch
 * adds it (or the input is no diff) and its name, the comments before
 * it or its use (multiplied, then shifted right) say so. */
/* A define whose value holds a malformed literal (x->bad: 0x9e37zz01u)
 * and whose name or use says a multiplier: an ERROR naming it (at line),
 * as no multiplier can be judged.  1 when said. */
static int bad_literal(walk *w, const define *x, unsigned u,
                       unsigned long line)
{
	if (!x->bad || !(review_name_says_hash(x->name) || (u & U_PROD)))
		return 0;
	review_add(w->r, REVIEW_ERROR, w->file, line, REVIEW_NONE, "multiplier",
	           "%s: %s is no C integer literal%s%s%s: the compiler "
	           "rejects it, and no multiplier can be judged", x->name,
	           x->bad, strcmp(x->bad, x->text) ? " (in " : "",
	           strcmp(x->bad, x->text) ? x->text : "",
	           strcmp(x->bad, x->text) ? ")" : "");
	return 1;
}

/* Whether define x is an alias ("#define HASH_MULT MID_MULT") of a
 * constant whose own define the walk judges (the patch adds it, or the
 * input is no diff): its uses are that constant's (review_alias.c). */
static int alias_of_found(const walk *w, const define *x)
{
	int steps;
	const define *b = review_define_base(w, x->name, &steps);

	return (isalpha((unsigned char)*x->text) || *x->text == '_') &&
	       b && steps && (b->added || !w->pt->is_diff) &&
	       (mpz_cmpabs_ui(b->v, 255) > 0 || !mpz_sgn(b->v));
}

void review_define_found(walk *w, const define *x, size_t i)
{
	const tok *t = w->v.t;
	unsigned u = uses_of(w, x->name);
	int unused = !w->uses || !w->uses[use_slot(w, x->name)].nuse;
	int by_value = 0;
	/* #define HASH_MULT 0, multiplied by: a multiplier, and judged (a
	 * zero one is an ERROR), as a const of 0 is */
	int valid = x->valid || x->expr;
	int zero = valid && !mpz_sgn(x->v) && (u & U_PROD) &&
	           ((u & (U_SHPROD | U_HASHED)) ||
	            review_name_says_hash(x->name));

	if ((!t[i].added && w->pt->is_diff) ||
	    bad_literal(w, x, u, t[i].line) || !valid ||
	    (mpz_cmpabs_ui(x->v, 255) <= 0 && !zero) || alias_of_found(w, x))
		return;
	/* JHASH_INITVAL 0xdeadbeef: a hash's start value, which nothing in
	 * the patch multiplies by: not judged, and said why */
	if (review_name_says_hash(x->name) && unused &&
	    (review_name_says_value(x->name) || review_name_says_size(x->name))) {
		review_add(w->r, REVIEW_NOTE, w->file, t[i].line, REVIEW_NONE,
		           "multiplier", "%s is not judged: its name says %s, not a "
		           "multiplier, and nothing in the patch multiplies by it",
		           x->name, review_name_says_value(x->name) ? "a start "
		           "value, a seed or a bound" : "a table's size or shape");
		return;
	}
	if (!(review_name_says_hash(x->name) || comments_say_multiplier(w) ||
	      review_aliases_say_hash(w, x->name) ||
	      (u & (U_SHPROD | U_HASHED))) &&
	    !(by_value = unseen_multiplier(w, x)))
		return;
	if (may_be_multiplier(w, x->name, x->v) && !fnv_use(w, x->name, u,
	                                                    t[i].line)) {
		size_t mi = w->r->nmult;
		int steps;
		/* "#define HASH_MULT BASE_MULT", BASE_MULT's define no line of
		 * the patch: judged as the value it stands for, with the type
		 * of BASE_MULT's literal, not as a name with no suffix */
		const define *b = review_alias_define_base(w, x, &steps);
		if (!b || !steps || b->expr)
			b = x;
		mult_constant(w, REVIEW_DEFINE, x->name, b->text, x->v,
		              b->suffix_long, 0, "", t[i].line,
		              REVIEW_NONE);
		if (w->r->nmult > mi && b != x)
			review_add(w->r, REVIEW_NOTE, w->file, t[i].line, mi,
			           "multiplier", "%s = %s stands for %s = %s "
			           "(%s%s%lu): judged as that value, with its "
			           "type", x->name, x->text, b->name, b->text,
			           b->file == w->file ? "line " :
			           w->r->pt.files[b->file],
			           b->file == w->file ? "" : ":", b->line);
		if (w->r->nmult > mi && by_value)
			review_add(w->r, REVIEW_CHECK, w->file, t[i].line, mi,
			           "multiplier", "%s: its use is not in the patch (no "
			           "line of the diff uses it; a diff's context shows a "
			           "few lines around each change only), so it was found "
			           "by its value alone: a changed constant whose %s "
			           "value's continued fraction over 2^%u begins with "
			           "%ld 1s after a0, as 1/phi's does; judged on its "
			           "literal's word and verify's default tables: check "
			           "the word and table where it is used", x->name,
			           w->golden_old ? "old" : "new", by_value,
			           w->golden_run);
		if (w->r->nmult > mi) {
			review_table_from_macro(w, mi);
			review_table_from_bits(w, mi);
		}
	}
}
