/*
 * review_alias.c - the names one constant goes by, for `cfx review` (see
 * review_int.h).  "#define MID_MULT BASE_MULT", "#define HASH_MULT
 * MID_MULT" and "static const u32 hash_k = GOLDEN;" are one constant:
 * the define at the end of the chain (its value a literal or a constant
 * expression), judged once, with its own type, at the uses of every
 * name (issue 23: a trial found each alias judged on its own, three
 * ERRORs for one constant, the aliases' uses not the base's, and a
 * const set from a define hiding the define).
 *
 * review_cexpr_toks reads a const's initialiser for review_decl_found:
 * the patch's defines in it expanded as the preprocessor does, then
 * review_cexpr.c's evaluator, the one the defines' values go through.
 *
 * review_alias_index finds the side's const declarations whose
 * initialiser is one name of such a define; review_alias_base follows a
 * name to its constant's define; review_find.c, review_uses.c and
 * review_width.c read a use of any alias as a use of the base.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* Whether s is one C identifier. */
static int is_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return *s == '\0';
}

/* Whether define d, whose value names define to, is an alias of it the
 * review folds into it: one that stands for to's value wherever both
 * are defined.  Under another #if word than its target it still does
 * when either is under none ("#define GOLDEN_RATIO_PRIME GOLDEN_RATIO_32"
 * under #if BITS_PER_LONG == 32, GOLDEN_RATIO_32 under no #if; "#define
 * HASH_MULT GOLDEN_RATIO_PRIME" under none, GOLDEN_RATIO_PRIME under
 * both words); one that replaces an old value of its own folds too,
 * that old value becoming what its constant replaces
 * (review_aliases_said; issue 23: both were judged on their own, not as
 * the value they stand for).  Under #if 32 naming a define of #if 64
 * only, it stands for nothing a build sees: not folded. */
static int folds(const define *d, const define *to)
{
	return d->ctx == to->ctx || !d->ctx || !to->ctx;
}

/* The define d stands for at the end of its chain of aliases, each link
 * looked up in the #if word of the one before it. */
const define *review_alias_define_base(const walk *w, const define *d,
                                       int *steps)
{
	const define *to;
	int k;

	*steps = 0;
	/* a chain of aliases, bounded: a cycle ends nowhere */
	for (k = 0; d && k < 16 && is_ident(d->text) &&
	     strcmp(d->text, d->name); k++) {
		if (!(to = review_defs_find(w->newd, d->text, d->ctx)) ||
		    !folds(d, to))
			return NULL;
		d = to;
		++*steps;
	}
	if (!d || is_ident(d->text) || !(d->valid || d->expr))
		return NULL;
	return d;
}

const define *review_define_base(const walk *w, const char *name,
                                 int *steps)
{
	/* the define of name in the word of the walk's place (a use under
	 * #if BITS_PER_LONG == 64 of a name defined for each word) */
	*steps = 0;
	return review_alias_define_base(w, review_defs_find(w->newd, name,
	                                   review_ctx_word(w, NULL, NULL)),
	               steps);
}

/* Whether token j is the initialiser of a declaration that is one name
 * ("[static] [const] TYPE NAME = IDENT;"): the IDENT. */
static int decl_alias_at(const tok *t, size_t n, size_t j)
{
	size_t a;

	if (j < 3 || j + 1 >= n || t[j].type != T_IDENT ||
	    strcmp(t[j - 1].s, "=") || strcmp(t[j + 1].s, ";") ||
	    t[j - 2].type != T_IDENT)
		return 0;
	for (a = j - 2; a > 0 && j - a < 16 && t[a - 1].type == T_IDENT; a--)
		;
	return a < j - 2 && review_is_type_word(t[a].s) &&
	       (a == 0 || t[a - 1].type == T_PP || t[a - 1].type == T_COMMENT ||
	        !strcmp(t[a - 1].s, ";") || !strcmp(t[a - 1].s, "{") ||
	        !strcmp(t[a - 1].s, "}"));
}

/* The width of define d's value in C's type (LP64): its literal's, or
 * its constant expression's; 0 when not known. */
static unsigned define_width(const define *d)
{
	cwidth o;
	review_cexpr e;
	unsigned bits = 0;

	if (d->valid && !d->expr && review_literal_type(d->text, &o) == 0)
		return o.bits[LP64];
	mpz_init(e.v);
	if (review_cexpr_eval(d->text, &e) == 0)
		bits = e.bits;
	mpz_clear(e.v);
	return bits;
}

int review_decl_folds(const walk *w, size_t j, const define *base)
{
	const tok *t = w->v.t;
	unsigned bw = define_width(base);
	int l;

	/* "static const u64 hash_mult = BASE32;": the const holds BASE32
	 * converted to its own type, 64 bits, another constant than BASE32
	 * on 32 (zero- or sign-extended, or cut when narrower): judged as
	 * itself, at its own width (issue 23).  The type's last word says
	 * its width on LP64 (u64, int, unsigned, long: review_lex.c's
	 * reader, not review_width.c's, which reads aliases itself) */
	return j >= 3 && bw && review_type_bits(t[j - 3].s, 0, &l) == bw;
}

int review_alias_ref(const walk *w, size_t j)
{
	int steps;
	const define *b;

	return decl_alias_at(w->v.t, w->v.n, j) &&
	       (b = review_define_base(w, w->v.t[j].s, &steps)) &&
	       review_decl_folds(w, j, b);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const alias_decl *)a)->name,
	              ((const alias_decl *)b)->name);
}

static int by_base(const void *a, const void *b)
{
	const alias_decl *x = *(const alias_decl *const *)a;
	const alias_decl *y = *(const alias_decl *const *)b;
	int c = strcmp(x->base, y->base);

	return c ? c : x < y ? -1 : x > y;
}

/* The patch's defines that are aliases of another's constant, sorted by
 * that constant's name (w->dal): built once, when first needed. */
static void define_aliases(walk *w)
{
	size_t k, cap = 0;
	const alias_decl **p;

	if (w->dal_built)
		return;
	w->dal_built = 1;
	for (k = 0; k < w->newd->n; k++) {
		const define *d = &w->newd->d[k], *b;
		int steps, seen;
		size_t j;
		if (!is_ident(d->text) ||
		    !(b = review_alias_define_base(w, d, &steps)) ||
		    !steps)
			continue;
		/* each define of the name (one for each #if word), once for
		 * each constant it stands for: a name's defines come close
		 * together (#if, #else), so the last few entries are looked
		 * at, and only for a name defined before (no pass over every
		 * alias per alias) */
		seen = 0;
		if (review_defs_find(w->newd, d->name, 0) != d)
			for (j = w->ndal; j > 0 && w->ndal - j < 32 && !seen;
			     j--)
				seen = !strcmp(w->dal[j - 1].name, d->name) &&
				       !strcmp(w->dal[j - 1].base, b->name);
		if (seen)
			continue;
		XGROW(w->dal, cap, w->ndal + 1, "review aliases");
		w->dal[w->ndal].name = d->name;
		w->dal[w->ndal].target = d->text;
		w->dal[w->ndal].base = b->name;
		w->dal[w->ndal].file = d->file;
		w->dal[w->ndal].decl = 0;
		w->dal[w->ndal].ctx = d->ctx != b->ctx ? d->ctx : 0;
		w->dal[w->ndal++].line = d->line;
	}
	/* sorted by base, in patch order within one */
	p = xmalloc((w->ndal ? w->ndal : 1) * sizeof *p, "review aliases");
	for (k = 0; k < w->ndal; k++)
		p[k] = &w->dal[k];
	qsort(p, w->ndal, sizeof *p, by_base);
	{
		alias_decl *s = xmalloc((w->ndal ? w->ndal : 1) * sizeof *s,
		                        "review aliases");
		for (k = 0; k < w->ndal; k++)
			s[k] = *p[k];
		free(w->dal);
		w->dal = s;
	}
	free(p);
}

void review_alias_index(walk *w)
{
	const tok *t = w->v.t;
	size_t j, cap = 0;

	define_aliases(w);
	w->nals = 0;
	for (j = 0; j < w->v.n; j++) {
		const define *b;
		int steps;
		if (!decl_alias_at(t, w->v.n, j) ||
		    !(b = review_define_base(w, t[j].s, &steps)) ||
		    !review_decl_folds(w, j, b))
			continue;
		XGROW(w->als, cap, w->nals + 1, "review aliases");
		w->als[w->nals].name = t[j - 2].s;
		w->als[w->nals].target = t[j].s;
		w->als[w->nals].base = b->name;
		w->als[w->nals].file = w->file;
		w->als[w->nals].decl = 1;
		w->als[w->nals].ctx = 0;
		w->als[w->nals++].line = t[j].line;
	}
	if (w->nals)            /* no aliases: als may be NULL (qsort's UB) */
		qsort(w->als, w->nals, sizeof *w->als, by_name);
	w->als_base = xmalloc((w->nals ? w->nals : 1) * sizeof *w->als_base,
	                      "review aliases");
	for (j = 0; j < w->nals; j++)
		w->als_base[j] = &w->als[j];
	qsort(w->als_base, w->nals, sizeof *w->als_base, by_base);
}

void review_alias_free_decls(walk *w)
{
	free(w->als);
	free(w->als_base);
	w->als = NULL;
	w->als_base = NULL;
	w->nals = 0;
}

void review_alias_free(walk *w)
{
	review_alias_free_decls(w);
	free(w->dal);
	w->dal = NULL;
	w->ndal = 0;
	w->dal_built = 0;
}

const char *review_alias_base(const walk *w, const char *name)
{
	const define *d;
	alias_decl key = { .name = name };
	const alias_decl *a = w->nals ? bsearch(&key, w->als, w->nals,
	                                        sizeof *w->als, by_name) : NULL;
	int steps;

	if (a)
		return a->base;
	d = review_define_base(w, name, &steps);
	return d && steps ? d->name : NULL;
}

int review_name_is(const walk *w, const char *s, const char *name)
{
	const char *b;

	return !strcmp(s, name) ||
	       ((b = review_alias_base(w, s)) && !strcmp(b, name));
}

/* The first of the n entries of v (sorted by base; an array of
 * alias_decl, or of pointers to them when ptrs) whose base is base: its
 * index, n when none. */
static size_t first_of(const void *v, size_t n, int ptrs, const char *base)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const alias_decl *a = ptrs ? ((const alias_decl *const *)v)[mid] :
		                      &((const alias_decl *)v)[mid];
		if (strcmp(a->base, base) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Each alias of base, defines then declarations, to fn; how many. */
static size_t each_alias(const walk *w, const char *base,
                         int (*fn)(const walk *, const alias_decl *, void *),
                         void *arg)
{
	size_t k, n = 0;

	for (k = first_of(w->dal, w->ndal, 0, base);
	     k < w->ndal && !strcmp(w->dal[k].base, base); k++, n++)
		if (fn && fn(w, &w->dal[k], arg))
			return n + 1;
	for (k = first_of(w->als_base, w->nals, 1, base);
	     k < w->nals && !strcmp(w->als_base[k]->base, base); k++, n++)
		if (fn && fn(w, w->als_base[k], arg))
			return n + 1;
	return n;
}

struct said { struct buf *b; size_t file, n; };

/* "NAME (line L)", or "NAME (FILE:L)" in another file than the one
 * said's. */
static int alias_said(const walk *w, const alias_decl *a, void *arg)
{
	struct said *s = arg;

	buf_printf(s->b, "%s%s (", s->n++ ? ", " : "", a->name);
	if (a->file != s->file)
		buf_printf(s->b, "%s:%lu", w->r->pt.files[a->file], a->line);
	else
		buf_printf(s->b, "line %lu", a->line);
	if (a->ctx)
		buf_printf(s->b, ", where BITS_PER_LONG is %u", a->ctx);
	buf_printf(s->b, ")");
	return 0;
}

size_t review_aliases(const walk *w, const char *base, size_t file,
                      struct buf *b)
{
	struct said s = { b, file, 0 };

	return each_alias(w, base, b ? alias_said : NULL, &s);
}

static int says_hash(const walk *w, const alias_decl *a, void *arg)
{
	(void)w;
	return *(int *)arg = review_name_says_hash(a->name);
}

int review_aliases_say_hash(const walk *w, const char *base)
{
	int yes = 0;

	each_alias(w, base, says_hash, &yes);
	return yes;
}

struct list { const alias_decl **out; size_t max, n; };

static int listed(const walk *w, const alias_decl *a, void *arg)
{
	struct list *l = arg;

	(void)w;
	if (l->n < l->max)
		l->out[l->n++] = a;
	return 0;
}

size_t review_alias_list(const walk *w, const char *base,
                         const alias_decl **out, size_t max)
{
	struct list l = { out, max, 0 };

	return each_alias(w, base, listed, &l);
}

/* ---- a const's initialiser, its defines expanded ---------------------- */

/* The text of name's define (of the new side, defs), its own names
 * expanded likewise, in parentheses, appended to b: 0, or -1 when a name
 * is no define of a value (a variable, a function) or the expansion
 * nests past 8. */
static int expand(const defs *d, const char *s, size_t n, struct buf *b,
                  int depth);

static int expand_name(const defs *d, const char *name, struct buf *b,
                       int depth)
{
	const define *x = review_defs_find(d, name, 0);
	int l;

	if (review_type_bits(name, 0, &l) || review_is_type_word(name) ||
	    !strcmp(name, "unsigned") || !strcmp(name, "int")) {
		buf_printf(b, "%s", name);  /* a cast's type */
		return 0;
	}
	if (!x || depth >= 8 || !strcmp(x->text, name))
		return -1;
	buf_printf(b, "(");
	if (expand(d, x->text, strlen(x->text), b, depth + 1) < 0)
		return -1;
	buf_printf(b, ")");
	return 0;
}

static int expand(const defs *d, const char *s, size_t n, struct buf *b,
                  int depth)
{
	size_t i = 0, k;

	while (i < n) {
		if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			char name[64];
			for (k = i; k < n && (isalnum((unsigned char)s[k]) ||
			                      s[k] == '_'); k++)
				;
			if (k - i >= sizeof name)
				return -1;
			memcpy(name, s + i, k - i);
			name[k - i] = '\0';
			if (expand_name(d, name, b, depth) < 0)
				return -1;
			i = k;
		} else if (isdigit((unsigned char)s[i])) {
			/* a literal whole: its suffix is no name */
			for (k = i; k < n && (isalnum((unsigned char)s[k]) ||
			                      s[k] == '_' || s[k] == '.'); k++)
				;
			buf_printf(b, "%.*s", (int)(k - i), s + i);
			i = k;
		} else {
			buf_printf(b, "%c", s[i++]);
		}
	}
	return 0;
}

/* Whether t[j] of an expression that starts at t[a] is written after a
 * blank: not first, not after '(' or a unary operator, not ')'. */
static int spaced(const tok *t, size_t a, size_t j)
{
	size_t p = j;

	while (p > a && t[p - 1].type == T_COMMENT)
		p--;
	if (p == a || !strcmp(t[j].s, ")") || !strcmp(t[p - 1].s, "("))
		return 0;
	if (t[p - 1].type == T_OP && strchr("-+~!", t[p - 1].s[0]) &&
	    !t[p - 1].s[1])
		return !(p - 1 == a || (t[p - 2].type == T_OP &&
		                        strcmp(t[p - 2].s, ")")));
	return 1;
}

int review_cexpr_toks(const defs *d, const tok *t, size_t a, size_t e,
                      review_cexpr *out, struct buf *text)
{
	struct buf b = { 0 };
	size_t j;
	int rc = 0;

	for (j = a; j < e && rc == 0; j++) {
		if (t[j].type == T_COMMENT)
			continue;
		if (t[j].type == T_PP || t[j].type == T_STR)
			rc = -1;
		else if (t[j].type == T_IDENT)
			rc = expand_name(d, t[j].s, &b, 0);
		else
			buf_printf(&b, "%s", t[j].s);
		buf_printf(&b, " ");
		if (text)
			buf_printf(text, "%s%s", spaced(t, a, j) ? " " : "",
			           t[j].s);
	}
	if (rc == 0 && e > a)
		rc = review_cexpr_eval(buf_str(&b), out);
	else if (rc == 0)
		rc = -1;
	buf_free(&b);
	return rc;
}
