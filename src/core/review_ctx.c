/*
 * review_ctx.c - the context a multiplier of `cfx review` is read in:
 * which word (32 or 64 bits) the #if directives and the C-level ifs
 * around it select, and the #defines of the patch (see review_int.h).
 *
 * The #if context: review_if_directive follows #if/#ifdef/#ifndef/#elif/
 * #else/#endif (to MAX_IF deep) and reads the word a condition selects:
 * BITS_PER_LONG or sizeof(long) (__SIZEOF_LONG__, ...) compared with
 * 64/32 or 8/4, or CONFIG_64BIT, __LP64__ and the like (!=, a negation
 * and #else give the other word); review_if_word gives the innermost.
 * The C-level if: review_cif_header reads "if (COND)", "else if" and
 * "else" at a statement, review_use_ctx reads back the if that governs a
 * statement, and review_ctx_word gives the innermost word of both (an
 * if's before the #if's).  The defines: review_define_add records
 * "#define NAME VALUE" (its value stripped of parentheses and casts, read
 * with review_literal) with the word around it, in a hash index whose
 * chains run newest first; review_defs_find and review_defs_find_in look
 * a name up by word.  review.c drives all of it during its walk;
 * review_width.c calls review_use_ctx, review_eval.c review_defs_find.
 * review_fn_of gives the function body around a token (review_table.c
 * and review_width.c both ask; here, below both, so neither calls the
 * other back).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- #if context --------------------------------------------------------- */

/* The word a comparison selects, at e (its operator): "== 64", "!= 32",
 * "> 32"; v64 and v32 are how the condition writes each word (64 and 32
 * for BITS_PER_LONG, 8 and 4 for sizeof(long)).  0: neither. */
static unsigned cmp_word(const char *e, unsigned long v64, unsigned long v32)
{
	int ne, gt;
	unsigned long v;
	unsigned w;

	e += strcspn(e, "=!<>");
	ne = e[0] == '!';
	gt = e[0] == '>';
	e += strspn(e, "=!<> \t");
	v = strtoul(e, NULL, 10);
	if (v != v64 && v != v32)
		return 0;
	w = v == v64 ? 64 : 32;
	if (gt)
		w = 64;
	else if (ne)
		w = w == 32 ? 64 : 32;
	return w;
}

/* Where c names the size of a long in bytes (sizeof(long), sizeof(unsigned
 * long), sizeof(void *), sizeof(size_t), __SIZEOF_LONG__,
 * __SIZEOF_POINTER__), the text after it; else NULL. */
static const char *sizeof_long(const char *c)
{
	static const char *const ty[] = { "unsigned long", "long", "void *",
		"size_t", "uintptr_t", NULL };
	const char *s;
	size_t k, n;

	if ((s = strstr(c, "__SIZEOF_LONG__")) ||
	    (s = strstr(c, "__SIZEOF_POINTER__")))
		return s + strcspn(s, " \t=!<>");
	for (s = c; (s = strstr(s, "sizeof")); s++) {
		const char *p = s + 6;
		p += strspn(p, " \t");
		if (*p++ != '(')
			continue;
		p += strspn(p, " \t");
		for (k = 0; ty[k]; k++) {
			n = strlen(ty[k]);
			if (ty[k][n - 1] == '*' && !strncmp(p, "void", 4)) {
				const char *q = p + 4 + strspn(p + 4, " \t");
				if (*q == '*') {
					p = q + 1;
					break;
				}
			} else if (!strncmp(p, ty[k], n) && !isalnum((unsigned char)p[n])
			           && p[n] != '_') {
				p += n;
				break;
			}
		}
		if (!ty[k])
			continue;
		p += strspn(p, " \t");
		if (*p == ')')
			return p + 1;
	}
	return NULL;
}

/* The word a condition selects: 32, 64 or 0. */
static unsigned cond_word(const char *c, int negate)
{
	const char *b = strstr(c, "BITS_PER_LONG");
	unsigned w = 0;

	if (!b)
		b = strstr(c, "__BITS_PER_LONG");
	if (b) {
		w = cmp_word(b, 64, 32);
	} else if ((b = sizeof_long(c))) {
		w = cmp_word(b, 8, 4);
	} else if (strstr(c, "CONFIG_64BIT") || strstr(c, "__LP64__") ||
	           strstr(c, "_LP64") || strstr(c, "__x86_64__")) {
		w = strstr(c, "!defined") || strstr(c, "! defined") ||
		    strstr(c, "!IS_ENABLED") || strstr(c, "! IS_ENABLED") ? 32 : 64;
	} else if (strstr(c, "CONFIG_32BIT")) {
		w = 32;
	}
	if (negate && w)
		w = w == 32 ? 64 : 32;
	return w;
}

void review_if_directive(ifctx *x, const char *d, unsigned long line)
{
	const char *s = d + 1;
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strcspn(s, " \t(");
	if ((n == 2 && !strncmp(s, "if", 2)) ||
	    (n == 5 && !strncmp(s, "ifdef", 5)) ||
	    (n == 6 && !strncmp(s, "ifndef", 6))) {
		if (x->depth < MAX_IF) {
			int k = x->depth;
			x->cur[k] = cond_word(s + n, n == 6);
			x->seen[k] = x->cur[k] == 32 ? 1 : x->cur[k] == 64 ? 2 : 0;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "%s", d);
		} else if (x->depth == MAX_IF) {
			x->deep_line = line;    /* the first #if not read */
		}
		x->depth++;
	} else if (n == 4 && !strncmp(s, "elif", 4)) {
		int k;
		if (x->depth == 0)
			x->depth = 1, x->seen[0] = 0;   /* its #if is not in the hunk */
		if ((k = x->depth - 1) < MAX_IF) {
			x->cur[k] = cond_word(s + n, 0);
			x->seen[k] |= x->cur[k] == 32 ? 1 : x->cur[k] == 64 ? 2 : 0;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "%s", d);
		}
	} else if (n == 4 && !strncmp(s, "else", 4)) {
		int k = x->depth - 1;
		if (k >= 0 && k < MAX_IF) {
			x->cur[k] = x->seen[k] == 1 ? 64 : x->seen[k] == 2 ? 32 : 0;
			x->seen[k] = 3;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "#else of %s",
			         x->cur[k] == 64 ? "BITS_PER_LONG == 32" :
			         "BITS_PER_LONG == 64");
		}
	} else if (n == 5 && !strncmp(s, "endif", 5)) {
		if (x->depth > 0)
			x->depth--;
		if (x->depth <= MAX_IF)
			x->deep_line = 0;
	}
}

/* The innermost word the #if context selects (0: none), its directive
 * and line in *cond, *line. */
unsigned review_if_word(const ifctx *x, const char **cond,
                        unsigned long *line)
{
	int k;

	for (k = (x->depth < MAX_IF ? x->depth : MAX_IF) - 1; k >= 0; k--)
		if (x->cur[k]) {
			if (cond)
				*cond = x->cond[k];
			if (line)
				*line = x->line[k];
			return x->cur[k];
		}
	return 0;
}

/* ---- defines ------------------------------------------------------------- */

static unsigned long name_hash(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Index the last define (s->n - 1), rebuilding the buckets when they
 * are half full. */
static void defs_index(defs *s)
{
	size_t k, from = s->n - 1;

	if (2 * s->n > s->nhead) {
		s->nhead = s->nhead ? 2 * s->nhead : 64;
		s->head = xrealloc(s->head, s->nhead * sizeof *s->head,
		                   "review defines");
		for (k = 0; k < s->nhead; k++)
			s->head[k] = REVIEW_NONE;
		from = 0;
	}
	for (k = from; k < s->n; k++) {
		size_t b = s->d[k].hash & (s->nhead - 1);
		s->d[k].next = s->head[b];
		s->head[b] = k;
	}
}

void review_defs_free(defs *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->d[i].name);
		free(s->d[i].text);
		free(s->d[i].ub);
		free(s->d[i].bad);
		mpz_clear(s->d[i].v);
	}
	free(s->d);
	free(s->head);
	memset(s, 0, sizeof *s);
}

/* The last define of name; with ctx, the last of word ctx, else the
 * first of any word.  NULL if there is none. */
const define *review_defs_find(const defs *s, const char *name, unsigned ctx)
{
	return review_defs_find_in(s, name, ctx, 0, REVIEW_NONE);
}

const define *review_defs_find_in(const defs *s, const char *name,
                                  unsigned ctx, size_t lo, size_t hi)
{
	const define *first = NULL;
	size_t i;

	if (!s->nhead)
		return NULL;
	for (i = s->head[name_hash(name) & (s->nhead - 1)]; i != REVIEW_NONE;
	     i = s->d[i].next) {
		const define *d = &s->d[i];
		if (strcmp(d->name, name) || d->file < lo || d->file >= hi)
			continue;
		if (!ctx || d->ctx == ctx)
			return d;
		first = d;
	}
	return first;
}

/* The value text of "#define NAME VALUE" without parentheses and casts:
 * a pointer into buf. */
static char *strip_value(char *s)
{
	size_t n;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		n = strlen(s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			s[--n] = '\0';
		if (*s != '(')
			return s;
		/* a cast "(u64)x" or parentheses "(x)" */
		{
			char *e = strchr(s, ')');
			size_t k;
			int cast = 1;
			if (!e)
				return s;
			for (k = 1; s + k < e; k++)
				if (!isalnum((unsigned char)s[k]) && s[k] != '_' &&
				    s[k] != ' ' && s[k] != '*')
					cast = 0;
			if (e[1] == '\0' && s[n - 1] == ')') {
				s[n - 1] = '\0';
				s++;
			} else if (cast && isalpha((unsigned char)s[1])) {
				s = e + 1;
			} else {
				return s;
			}
		}
	}
}

/* Record "#define NAME VALUE" of directive d, token ti of its side. */
void review_define_add(defs *s, const char *d, unsigned ctx, size_t file,
                       unsigned long line, int added, size_t ti)
{
	const char *p = d + 1;
	char *value, *buf;
	size_t n;
	define *x;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "define", 6) || (p[6] != ' ' && p[6] != '\t'))
		return;
	p += 6;
	while (*p == ' ' || *p == '\t')
		p++;
	for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '_'; n++)
		;
	if (!n || p[n] == '(')                  /* a macro with arguments */
		return;
	XGROW(s->d, s->cap, s->n + 1, "review defines");
	x = &s->d[s->n++];
	memset(x, 0, sizeof *x);
	x->name = xstrndup(p, n);
	buf = xstrdup(p + n);
	value = strip_value(buf);
	x->text = xstrdup(value);
	mpz_init(x->v);
	x->ctx = ctx;
	x->file = file;
	x->line = line;
	x->added = added;
	x->tok = ti;
	x->hash = name_hash(x->name);
	if (review_literal(value, x->v, &x->suffix_long) == 0) {
		x->valid = 1;
	} else if (!isalpha((unsigned char)*value) && *value != '_') {
		/* -0x61C88647, (0x9e37 << 16 | 1): as C evaluates it */
		review_cexpr e;
		int rc;
		mpz_init(e.v);
		if ((rc = review_cexpr_eval(value, &e)) == 0) {
			/* its value for review_define_found alone: the
			 * readers of a valid define's value (a table's
			 * bits, a shift) take only literals and names */
			mpz_set(x->v, e.v);
			x->expr = 1;
			snprintf(x->etype, sizeof x->etype, "%s", e.type);
			if (e.ub[0])
				x->ub = xstrdup(e.ub);
		} else if (rc == -2) {
			x->bad = xstrdup(e.bad);
		}
		mpz_clear(e.v);
	} else {
		const define *o = review_defs_find(s, value, ctx);
		/* x is not indexed yet; "#define A A" is not an earlier A */
		if (o && o->valid && strcmp(value, x->name)) {
			mpz_set(x->v, o->v);
			x->suffix_long = o->suffix_long;
			x->valid = 1;
		}
	}
	free(buf);
	defs_index(s);
}

/* ---- the C-level if ---- */


/* The innermost word of the context: a C-level if's, else the #if's
 * (if_word); its condition and line in *cond, *line (may be NULL). */
unsigned review_ctx_word(const walk *w, const char **cond,
                         unsigned long *line)
{
	int k;

	for (k = w->ncif - 1; k >= 0; k--)
		if (w->cifs[k].word) {
			if (cond)
				*cond = w->cifs[k].cond;
			if (line)
				*line = w->cifs[k].line;
			return w->cifs[k].word;
		}
	return review_if_word(&w->ifs, cond, line);
}

/* The word "if (COND)" at t[a] (t[a + 1] is its '(') selects (0: none),
 * COND's text into b (tokens joined by spaces). */
static unsigned if_cond(const tok *t, size_t a, size_t e, struct buf *b)
{
	size_t q, close = review_paren_close(t, a + 1, e);

	for (q = a + 2; q < close; q++)
		buf_printf(b, "%s%s", q > a + 2 ? " " : "", t[q].s);
	return cond_word(buf_str(b), 0);
}

/* Where the statement or block header ending before t[k] starts: after
 * the ';', '{', '}' or directive before it. */
static size_t head_of(const tok *t, size_t k)
{
	size_t e = k;

	while (k > 0 && t[k - 1].type != T_PP && strcmp(t[k - 1].s, ";") &&
	       strcmp(t[k - 1].s, "{") && strcmp(t[k - 1].s, "}"))
		k--;
	while (k < e && t[k].type == T_COMMENT)   /* a comment line before it */
		k++;
	return k;
}

/* The '{' that opens the block around t[k] (t[k] itself not counted),
 * or REVIEW_NONE. */
static size_t open_of(const tok *t, size_t k)
{
	int depth = 0;

	while (k-- > 0) {
		if (t[k].type == T_PP)
			continue;
		if (!strcmp(t[k].s, "}"))
			depth++;
		else if (!strcmp(t[k].s, "{") && depth-- == 0)
			return k;
	}
	return REVIEW_NONE;
}

/* The first token of the statement that ends at t[k] (its ';' or '}'),
 * comments before it skipped. */
static size_t stmt_first(const tok *t, size_t k)
{
	size_t s = head_of(t, k);

	while (s < k && t[s].type == T_COMMENT)
		s++;
	return s;
}

/* Whether t[s] begins "if (COND)" whose ')' is followed by t[body]: the
 * word of COND (0: none). */
static unsigned if_word_before(const tok *t, size_t n, size_t s, size_t body)
{
	struct buf b = { 0 };
	unsigned word = 0;

	if (strcmp(t[s].s, "if") || s + 1 >= n || strcmp(t[s + 1].s, "(") ||
	    review_paren_close(t, s + 1, n) + 1 != body)
		return 0;
	word = if_cond(t, s, n, &b);
	buf_free(&b);
	return word;
}

/* The word the statement at t[a] gets from an earlier statement of its
 * block that returns under a word ("if (W) return ...;", "if (W) { ...
 * return ...; }"): the other word, since what follows it runs only
 * there.  0: none.  Reads back at most 4096 tokens. */
static unsigned fall_word(const tok *t, size_t n, size_t a)
{
	size_t k = a, lim = a > 4096 ? a - 4096 : 0, s;
	unsigned word;

	while (k > lim) {
		const char *p = t[k - 1].s;
		if (t[k - 1].type == T_PP || t[k - 1].type == T_COMMENT) {
			k--;
			continue;
		}
		if (!strcmp(p, "{"))
			return 0;
		if (!strcmp(p, "}")) {
			size_t o = open_of(t, k - 1);
			if (o == REVIEW_NONE)
				return 0;
			s = stmt_first(t, o);
			if (k >= 2 && !strcmp(t[k - 2].s, ";") &&
			    !strcmp(t[stmt_first(t, k - 2)].s, "return") &&
			    (word = if_word_before(t, n, s, o)))
				return word == 32 ? 64 : 32;
			k = head_of(t, o);
			continue;
		}
		s = stmt_first(t, k - 1);
		if (strcmp(p, ";"))
			return 0;
		if (!strcmp(t[s].s, "if") && s + 1 < n && !strcmp(t[s + 1].s, "(")) {
			size_t q = review_paren_close(t, s + 1, k - 1);
			if (q + 1 < k - 1 && !strcmp(t[q + 1].s, "return") &&
			    (word = if_word_before(t, n, s, q + 1)))
				return word == 32 ? 64 : 32;
		}
		k = head_of(t, k - 1);
	}
	return 0;
}

void review_cif_after_return(const cif *c, int depth, cif *out)
{
	*out = *c;
	out->depth = depth;
	out->word = c->word == 32 ? 64 : 32;
	snprintf(out->cond, sizeof out->cond, "what follows %.80s return", c->cond);
}

unsigned review_use_ctx(const walk *w, size_t a)
{
	const tok *t = w->v.t;
	struct buf b = { 0 };
	size_t h = a, k;
	unsigned word = 0;
	int neg = 0;

	if (strcmp(t[a].s, "if") && strcmp(t[a].s, "else")) {
		if ((k = open_of(t, a)) == REVIEW_NONE)
			return 0;
		h = head_of(t, k);
	}
	if (!strcmp(t[h].s, "else")) {          /* the if before it */
		if (h == 0)
			return 0;
		if (!strcmp(t[h - 1].s, "}")) {
			if ((k = open_of(t, h - 1)) == REVIEW_NONE)
				return 0;
			h = head_of(t, k);
		} else if (!strcmp(t[h - 1].s, ";")) {
			h = head_of(t, h - 1);
		} else {
			return 0;
		}
		neg = 1;
	}
	if (!strcmp(t[h].s, "if") && h + 1 < w->v.n && !strcmp(t[h + 1].s, "("))
		word = if_cond(t, h, w->v.n, &b);
	buf_free(&b);
	if (!word)
		return fall_word(t, w->v.n, a);
	return neg ? (word == 32 ? 64 : 32) : word;
}

/* Whether tokens [a, e) begin with "if (COND)", "else if (COND)" or
 * "else": 1 with *c set (its word 0 when COND says none; an else's the
 * other word of the if before it at this depth), and that if remembered
 * for an else; 0 otherwise (the depth's if forgotten). */
int review_cif_header(walk *w, size_t a, size_t e, cif *c)
{
	const tok *t = w->v.t;
	cif *last = &w->last_if[w->depth < MAX_IF ? w->depth : MAX_IF - 1];
	struct buf b = { 0 };

	memset(c, 0, sizeof *c);
	if (a < e && !strcmp(t[a].s, "else") && t[a].type == T_IDENT &&
	    !(a + 1 < e && !strcmp(t[a + 1].s, "if"))) {
		c->line = t[a].line;
		if (last->word) {
			c->word = last->word == 32 ? 64 : 32;
			snprintf(c->cond, sizeof c->cond, "else of %s", last->cond);
		}
		last->word = 0;
		return 1;
	}
	if (a < e && !strcmp(t[a].s, "else"))
		a++;
	if (!(a + 1 < e && t[a].type == T_IDENT && !strcmp(t[a].s, "if") &&
	      !strcmp(t[a + 1].s, "("))) {
		last->word = 0;
		return 0;
	}
	c->line = t[a].line;
	c->word = if_cond(t, a, e, &b);
	snprintf(c->cond, sizeof c->cond, "if (%s)", buf_str(&b));
	buf_free(&b);
	*last = *c;
	return 1;
}

void review_defs_resolve(defs *s)
{
	size_t i, pass, changed = 1;

	/* a macro expands where it is used, so "#define B A" before
	 * "#define A 0x..." is A's value; chains of aliases, a pass each
	 * (bounded: a cycle never resolves) */
	for (pass = 0; pass < 16 && changed; pass++)
		for (i = 0, changed = 0; i < s->n; i++) {
			define *x = &s->d[i];
			const define *o;
			if (x->valid || !(isalpha((unsigned char)*x->text) ||
			                  *x->text == '_') ||
			    !strcmp(x->text, x->name))
				continue;
			o = review_defs_find(s, x->text, x->ctx);
			if (o && o != x && o->valid) {
				mpz_set(x->v, o->v);
				x->suffix_long = o->suffix_long;
				x->valid = 1;
				changed = 1;
			}
		}
}

/* The function body [*a, *b) (its braces) that holds token j: 1, or 0
 * when j is at file scope (w->fns, sorted). */
int review_fn_of(const walk *w, size_t j, size_t *a, size_t *b)
{
	size_t lo = 0, hi = w->nfns;

	while (lo < hi) {            /* the last function opening at or before j */
		size_t mid = lo + (hi - lo) / 2;
		if (w->fns[mid].a <= j)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || j > w->fns[lo - 1].b)
		return 0;
	*a = w->fns[lo - 1].a;
	*b = w->fns[lo - 1].b + 1;
	return 1;
}
