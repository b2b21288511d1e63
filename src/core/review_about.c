/*
 * review_about.c - what the comments around a multiplier of `cfx review`
 * say of it: the claims of a found multiplier's comments handed to the
 * claim checks (review_check.c, review_cf.c), the comments in the plural
 * that speak of several constants, and the constant a shift/add
 * sequence's comments say it computes (see review_int.h).
 *
 * review_find.c calls review_claims_of once it has recorded a multiplier
 * (and review.c once it has found a sequence); the comments are the
 * walk's (w->comments, and a function's w->fn_comments).  Nothing here
 * calls review.c or review_find.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- comments in the plural ---------------------------------------------- */

/* Whether comment c has a plural word of several constants; strict: not
 * one about others ("judged against random odd multipliers" names none
 * of the patch's). */
static int plural_word(const char *c, int strict)
{
	static const char *const plural[] = { "these", "both", "each", "they",
		"multipliers", "constants", "primes", NULL };
	size_t j;

	for (j = 0; plural[j]; j++) {
		const char *s;
		for (s = c; (s = review_word_ci(s, plural[j])); s++) {
			const char *e, *b = review_word_before(c, s, &e);
			if (!strict || ((e - b != 3 || strncasecmp(b, "odd", 3)) &&
			                (e - b != 6 || strncasecmp(b, "random", 6))))
				return 1;
		}
	}
	return 0;
}

/* Whether comment c speaks in the plural, of several constants. */
int review_plural_comment(const char *c)
{
	return plural_word(c, 0);
}

/* Whether each finding of comment c must say which constant it is of. */
static int names_several(const char *c)
{
	return plural_word(c, 1);
}

size_t review_plural_comments(walk *w)
{
	size_t k, n = 0;

	for (k = 0; k < w->ncomments; k++)
		if (review_plural_comment(w->v.t[w->comments[k]].s))
			w->comments[n++] = w->comments[k];
	return n;
}

/* ---- the comments kept ---------------------------------------------------- */

void review_keep_comment(walk *w, size_t i)
{
	if (w->ncomments < REVIEW_MAX_COMMENTS)
		w->comments[w->ncomments++] = i;
	else if (!w->comments_lost++)
		w->lost_line = w->v.t[i].line;
	if (w->depth == 0)
		return;
	if (w->nfn < REVIEW_MAX_COMMENTS)
		w->fn_comments[w->nfn++] = i;
	else if (!w->fn_lost++)
		w->fn_lost_line = w->v.t[i].line;
}

/* Multiplier i's comments past REVIEW_MAX_COMMENTS (lost of them, the
 * first at line): their claims said not checked, never dropped
 * silently. */
static void lost_comments(walk *w, size_t i, size_t lost, unsigned long line)
{
	const review_mult *m = &w->r->mult[i];

	if (lost)
		review_add(w->r, REVIEW_CHECK, m->file, line, i, "claims",
		           "not checked: the claims of %zu comment%s from this "
		           "line on (the review reads the first %d comments %s)",
		           lost, lost == 1 ? "" : "s", REVIEW_MAX_COMMENTS,
		           m->kind == REVIEW_SEQUENCE ? "of a function, before "
		           "it and inside" : "before a statement");
}

/* ---- claims --------------------------------------------------------------- */

/* Whether the clause before s in text (back to the end of a sentence,
 * a ';' or the comment's start, 80 bytes at most) says a product: a '*'
 * ("= x * 0x...", "hash *= 0x..."), a word of "multiply" (multiplies,
 * multiplier, multiplication), "times" or "product". */
static int says_product(const char *text, const char *s)
{
	const char *a = s;
	char clause[96];

	while (a > text && s - a < 80 && a[-1] != ';' &&
	       !(a[-1] == '.' && (a == s || isspace((unsigned char)a[0]))))
		a--;
	snprintf(clause, sizeof clause, "%.*s", (int)(s - a), a);
	return strchr(clause, '*') || review_find_ci(clause, "multipl") ||
	       review_word_ci(clause, "times") ||
	       review_find_ci(clause, "product");
}

/* The first hex literal of at least 2^8 in comment t (0x9e370001, a
 * suffix allowed), with product set one its clause says a product of
 * (says_product: "multiply by 0x...", "= x * 0x..."; not "bug 0x..." nor
 * "mask 0x..."): 1 with its value in v, as written in lit and its line;
 * else 0. */
int review_comment_hex(const tok *t, mpz_t v, char *lit, size_t nlit,
                       unsigned long *line, int product)
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
		if (mpz_sizeinbase(v, 2) > 8 && (!product || says_product(t->s, s))) {
			*line = t->line;
			for (c = t->s; c < s; c++)
				*line += *c == '\n';
			return 1;
		}
		s += n - 1;
	}
	return 0;
}

/* ---- per-step claims --------------------------------------------------- */

/* The step statement [.., end] made: s's value there, kept for the
 * comment after it on its line (walk_comment). */
void review_step_record(walk *w, const sym *s, size_t end, unsigned bits)
{
	step *p;

	if (w->f.nsteps == MAX_STEPS)
		return;
	p = &w->f.steps[w->f.nsteps++];
	snprintf(p->name, sizeof p->name, "%s", s->name);
	p->end = end;
	p->comment = p->above = REVIEW_NONE;
	/* the own-line comment after an earlier step, with nothing but
	 * comments between it and this statement: this step's */
	if (w->f.above && w->f.nsteps > 1) {
		size_t q = end;
		while (q > w->f.above && strcmp(w->v.t[q - 1].s, ";") &&
		       strcmp(w->v.t[q - 1].s, "{") && strcmp(w->v.t[q - 1].s, "}"))
			q--;
		if (q == w->f.above)
			p->above = w->f.above;
	}
	w->f.above = 0;
	p->line = w->v.t[end].line;
	p->bits = bits;
	p->known = s->known;
	p->a = s->a;
	p->b = s->b;
}

size_t review_step_of(const walk *w, size_t c)
{
	size_t k;

	for (k = 0; k < w->f.nsteps; k++)
		if (w->f.steps[k].comment == c || w->f.steps[k].above == c)
			return k;
	return REVIEW_NONE;
}

void review_step_comment(walk *w, size_t i)
{
	const tok *t = w->v.t;
	step *l;

	/* after a step on its line: that step's, a per-step claim */
	if (w->depth == 0 || w->f.nsteps == 0)
		return;
	l = &w->f.steps[w->f.nsteps - 1];
	if (l->comment == REVIEW_NONE && l->end < i && t[l->end].line == t[i].line)
		l->comment = i;
	/* on its own line after a step: the next step's, if one follows */
	else if (l->end < i && t[i - 1].line < t[i].line && !w->f.above)
		w->f.above = i;
}

/* The multiplier a step's comment t claims ("= x * 7", "x * 0xffffffff",
 * "* -1", a power sum, else a hex literal of at least 2^8): 1 with it in
 * v and as written in lit; else 0. */
int review_step_value(const tok *t, mpz_t v, char *lit, size_t nlit)
{
	const char *s;
	unsigned long line;

	if (review_power_sum(t->s, t->line, v, lit, nlit, &line))
		return 1;
	for (s = strchr(t->s, '*'); s; s = strchr(s + 1, '*')) {
		const char *d = s + 1, *e;
		int neg = 0, hex;
		while (*d == ' ' || *d == '\t')
			d++;
		if (*d == '-')
			neg = 1, d++;
		hex = d[0] == '0' && (d[1] == 'x' || d[1] == 'X') &&
		      isxdigit((unsigned char)d[2]);
		if (!isdigit((unsigned char)*d))
			continue;
		for (e = d + (hex ? 2 : 0);
		     hex ? isxdigit((unsigned char)*e) : isdigit((unsigned char)*e);
		     e++)
			;
		if (e - d > 40)
			continue;
		snprintf(lit, nlit, "%s%.*s", neg ? "-" : "", (int)(e - d), d);
		while (*e && strchr("uUlL", *e))
			e++;
		if (isalnum((unsigned char)*e) || *e == '_' ||
		    mpz_set_str(v, lit + neg + (hex ? 2 : 0), hex ? 16 : 10))
			continue;
		if (neg)
			mpz_neg(v, v);
		return 1;
	}
	return review_comment_hex(t, v, lit, nlit, &line, 0);
}

/* The step of sequence i's run that comment c follows on its line, when
 * it names a multiplier; else REVIEW_NONE. */
static size_t step_in_run(const walk *w, size_t i, size_t c)
{
	const review_mult *m = &w->r->mult[i];
	size_t k = review_step_of(w, c);
	mpz_t v;
	char lit[64];
	int has;

	if (k == REVIEW_NONE || w->f.steps[k].line < m->line ||
	    w->f.steps[k].line > m->last)
		return REVIEW_NONE;
	/* one on its own line above step k is a step's only once the
	 * sequence has begun to multiply (a step of it before k whose
	 * product is no copy of the input): above its first steps (h =
	 * page; n = h;) it speaks of the whole */
	if (w->f.steps[k].above == c && w->f.steps[k].comment != c) {
		size_t j;
		for (j = k; j-- > 0 && w->f.steps[j].line >= m->line;)
			if (!w->f.steps[j].known || w->f.steps[j].b ||
			    (w->f.steps[j].a & word_mask(w->f.steps[j].bits)) != 1)
				break;
		if (j == REVIEW_NONE || w->f.steps[j].line < m->line)
			return REVIEW_NONE;
	}
	mpz_init(v);
	has = review_step_value(&w->v.t[c], v, lit, sizeof lit);
	mpz_clear(v);
	return has ? k : REVIEW_NONE;
}

/* Whether comment c is a claim on one step of sequence i, not on the
 * whole (it follows a step on the step's line, a step before the
 * sequence's last one, and names a multiplier): the step's index in
 * w->f.steps, else REVIEW_NONE. */
static size_t step_comment(const walk *w, size_t i, size_t c)
{
	const review_mult *m = &w->r->mult[i];
	size_t k = step_in_run(w, i, c), j;

	if (k == REVIEW_NONE)
		return REVIEW_NONE;
	/* the last step that sets the sequence's variable: its comment
	 * speaks of the whole */
	for (j = k + 1; j < w->f.nsteps &&
	     strcmp(w->f.steps[j].name, m->name); j++)
		;
	if (!strcmp(w->f.steps[k].name, m->name) && (j == w->f.nsteps ||
	    w->f.steps[j].line > m->last))
		return REVIEW_NONE;
	return k;
}

/* The claim of a step's comment c (step k) checked against the running
 * product there: confirmed, or wrong with the right value. */
static void step_claim(walk *w, size_t i, size_t k, size_t c)
{
	const step *p = &w->f.steps[k];
	const review_mult *m = &w->r->mult[i];
	uint64_t mask = word_mask(p->bits), want;
	mpz_t v;
	char lit[64];

	mpz_init(v);
	review_step_value(&w->v.t[c], v, lit, sizeof lit);
	mpz_fdiv_r_2exp(v, v, p->bits);
	want = mpz_get_ui(v) & mask;
	mpz_clear(v);
	if (!p->known || p->b)
		review_add(w->r, REVIEW_CHECK, m->file, w->v.t[c].line, i,
		           "sequence", "not checked: the comment on this step "
		           "claims %s = %s * %s, but %s there is no multiple of "
		           "%s the evaluator knows", p->name, m->input, lit,
		           p->name, m->input);
	else if ((p->a & mask) == want)
		review_add(w->r, REVIEW_NOTE, m->file, w->v.t[c].line, i,
		           "sequence", "this step's comment: %s = %s * %s: "
		           "confirmed (the running product here is %s * 0x%0*llx "
		           "mod 2^%u)", p->name, m->input, lit, m->input,
		           (int)(p->bits / 4), (unsigned long long)(p->a & mask),
		           p->bits);
	else
		review_add(w->r, REVIEW_WARNING, m->file, w->v.t[c].line, i,
		           "sequence", "this step's comment claims %s = %s * %s "
		           "(0x%0*llx), but the running product here is %s * "
		           "0x%0*llx mod 2^%u (%llu)", p->name, m->input, lit,
		           (int)(p->bits / 4), (unsigned long long)want, m->input,
		           (int)(p->bits / 4), (unsigned long long)(p->a & mask),
		           p->bits, (unsigned long long)(p->a & mask));
}

static char *comment_added(const walk *w, const tok *t);

/* The claims of step k's comment c other than its product ("prime", a
 * continued fraction, ...), checked as a constant's are, about the
 * step's running product there; its sentences no check reads are not
 * listed (its product claim is step_claim's). */
static void step_other_claims(walk *w, size_t i, size_t k, size_t c)
{
	review_mult *m = &w->r->mult[i];
	const step *p = &w->f.steps[k];
	const tok *t = &w->v.t[c];
	unsigned bits = m->bits, written = m->written_bits;
	int composite = m->composite;
	char *added;
	mpz_t own;

	if (!p->known || p->b || !(p->a & word_mask(p->bits)))
		return;
	mpz_init_set(own, m->own);
	mpz_set_ui(m->own, (unsigned long)(p->a & word_mask(p->bits)));
	m->composite = 1;
	m->written_bits = 0;
	m->bits = p->bits;
	added = comment_added(w, t);
	review_claims_shared(w->r, i, t->s, t->line, added);
	free(added);
	mpz_set(m->own, own);
	mpz_clear(own);
	m->composite = composite;
	m->written_bits = written;
	m->bits = bits;
}

/* The claims of a sequence's comments checked so far: their values mod
 * 2^bits and kinds, so that one constant written twice is judged once: a
 * power sum or a define name once of its kind (the 2002 patch's "2^63 +
 * ... + 1" and its GOLDEN_RATIO_PRIME are two claims, both judged), a hex
 * literal or a step's "= x * 7" (CLAIM_HEX) once of any kind. */
enum { CLAIM_SUM, CLAIM_NAME, CLAIM_HEX };

typedef struct seen_claims {
	uint64_t v[32];
	int kind[32];
	size_t n;
} seen_claims;

/* Judge claim want of kind `kind` (as written: what, at line) of
 * sequence i, unless an earlier claim had its value (seen_claims). */
static void claim_once(review *r, size_t i, seen_claims *seen, int kind,
                       mpz_srcptr want, const char *what, unsigned long line)
{
	const review_mult *m = &r->mult[i];
	uint64_t v;
	size_t k;
	mpz_t t;

	mpz_init(t);
	mpz_fdiv_r_2exp(t, want, m->bits);
	v = mpz_get_ui(t);
	mpz_clear(t);
	for (k = 0; k < seen->n; k++)
		if (seen->v[k] == v && (seen->kind[k] == kind || kind == CLAIM_HEX))
			return;
	if (seen->n < sizeof seen->v / sizeof seen->v[0]) {
		seen->kind[seen->n] = kind;
		seen->v[seen->n++] = v;
	}
	review_sequence_verdict(r, i, want, what, line);
}

/* The defines comment text names ("hash *= GOLDEN_RATIO_PRIME"): the
 * first one of the sequence's word as before, the others where their
 * clause says a product (says_product), each judged once. */
static void claim_names(walk *w, size_t i, const char *text, seen_claims *seen,
                        int *named)
{
	review *r = w->r;
	const review_mult *m = &r->mult[i];
	const char *s = text;
	char what[160];

	while (*s) {
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
		if ((d = review_defs_find(w->newd, name, m->bits)) && d->valid &&
		    (!d->ctx || d->ctx == m->bits) &&
		    (!*named || says_product(text, s))) {
			*named = 1;
			snprintf(what, sizeof what, "%s = %s (%s:%lu)", name, d->text,
			         r->pt.files[d->file], d->line);
			claim_once(r, i, seen, CLAIM_NAME, d->v, what, m->line);
		}
		s += n;
	}
}

/* "IN * N" in comment t, IN the sequence's input and N a decimal or
 * hex literal ("computes k * 73", "k * 0x49", below the 2^8 that
 * review_comment_hex reads): 1 with N in v, as written in lit, and its
 * line; else 0. */
static int input_times(const tok *t, const char *in, mpz_t v, char *lit,
                       size_t nlit, unsigned long *line)
{
	const char *s = t->s, *c;
	size_t n = strlen(in), k;
	int hex;

	while (n && (s = strstr(s, in))) {
		const char *p = s + n;
		int word = (s == t->s || (!isalnum((unsigned char)s[-1]) &&
		                          s[-1] != '_')) &&
		           !isalnum((unsigned char)*p) && *p != '_';
		s = p;
		p += strspn(p, " \t");
		if (!word || *p != '*')
			continue;
		p += 1 + strspn(p + 1, " \t");
		hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
		for (k = hex ? 2 : 0; hex ? isxdigit((unsigned char)p[k]) :
		     isdigit((unsigned char)p[k]); k++)
			;
		if (k == (hex ? 2u : 0u) || k > 40 || (!hex && p[0] == '0' &&
		    k > 1) || isalnum((unsigned char)p[k]) || p[k] == '_')
			continue;
		snprintf(lit, nlit, "%.*s", (int)k, p);
		mpz_set_str(v, lit + (hex ? 2 : 0), hex ? 16 : 10);
		*line = t->line;
		for (c = t->s; c < p; c++)
			*line += *c == '\n';
		return 1;
	}
	return 0;
}

/* The constants a sequence's comments say it computes, every one
 * judged (each value once): each power sum, each define they name
 * (claim_names), each hex literal whose clause says a product ("multiply
 * by 0x9e370001", "hash = val * 0x9e370001"; the last step's "= x * 7"
 * too); none: said.  Its per-step comments are each checked against that
 * step's product (step_claim), not against the whole. */
static void sequence_claim(walk *w, size_t i, const size_t *cm, size_t ncm)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	seen_claims seen = { .n = 0 };
	mpz_t v;
	char what[160];
	size_t k;
	int named = 0;

	mpz_init(v);
	for (k = 0; k < ncm; k++) {
		const tok *t = &w->v.t[cm[k]];
		unsigned long line;
		char *sum = review_power_sum_take(t->s, t->line, v, &line);
		if (sum) {
			struct buf b = { 0 };
			buf_printf(&b, "%s (its comment, line %lu)", sum, line);
			claim_once(r, i, &seen, CLAIM_SUM, v, buf_str(&b), line);
			buf_free(&b);
			free(sum);
		}
	}
	for (k = 0; k < ncm; k++)
		claim_names(w, i, w->v.t[cm[k]].s, &seen, &named);
	for (k = 0; k < ncm; k++) {
		tok t = w->v.t[cm[k]];
		char lit[40];
		unsigned long line;
		/* the last step's comment: "= x * 7" as well as a hex literal */
		if (step_in_run(w, i, cm[k]) != REVIEW_NONE) {
			if (review_step_value(&t, v, lit, sizeof lit)) {
				snprintf(what, sizeof what, "%s (its comment, line %lu)", lit,
				         t.line);
				claim_once(r, i, &seen, CLAIM_HEX, v, what, t.line);
			}
			continue;
		}
		/* every hex literal its clauses say a product of */
		while (review_comment_hex(&t, v, lit, sizeof lit, &line, 1)) {
			char *at = strstr(t.s, lit);
			snprintf(what, sizeof what, "%s (its comment, line %lu)", lit,
			         line);
			claim_once(r, i, &seen, CLAIM_HEX, v, what, line);
			t.line = line;
			t.s = at + strlen(lit);
		}
		/* "computes k * 73": the input times a decimal, too */
		if (input_times(&w->v.t[cm[k]], m->input, v, lit, sizeof lit,
		                &line)) {
			snprintf(what, sizeof what, "%s * %s (its comment, line %lu)",
			         m->input, lit, line);
			claim_once(r, i, &seen, CLAIM_HEX, v, what, line);
		}
	}
	if (!seen.n)
		review_sequence_verdict(r, i, NULL, "", m->line);
	if (m->shift != -2)          /* else once the calls are all read */
		review_sequence_table(r, i);
	mpz_clear(v);
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

/* The findings from nf on of multiplier i, made from a comment of
 * several constants (alias NULL) or from the comment over an alias of
 * it: each says which, by name, value and line (one name may be defined
 * twice, under #if and #else, and both findings stand at the comment's
 * line); an alias's, "ALIAS = NAME = VALUE (line L)" always. */
static void plural_names(walk *w, size_t i, size_t nf, const char *alias)
{
	review_mult *m = &w->r->mult[i];
	size_t q;

	for (q = nf; q < w->r->nfind; q++) {
		review_finding *fd = &w->r->find[q];
		struct buf b = { 0 };
		char *hex;
		if (fd->mult != i || !strncmp(fd->msg, "not checked", 11))
			continue;
		hex = word_hex(review_written(m), m->bits);
		if (alias)
			buf_printf(&b, "%s = ", alias);
		if (alias && fd->file != m->file)
			buf_printf(&b, "%s = %s (%s:%lu): %s", m->name, hex,
			           w->r->pt.files[m->file], m->line, fd->msg);
		else if (alias || (fd->line != m->line && fd->file == m->file))
			buf_printf(&b, "%s = %s (line %lu): %s", m->name, hex,
			           m->line, fd->msg);
		else
			buf_printf(&b, "%s = %s: %s", m->name, hex, fd->msg);
		free(hex);
		free(fd->msg);
		fd->msg = buf_take(&b);
	}
}

/* Whether comment t's claims were judged already for a define other
 * than i (a finding of its claims on one of t's lines). */
static int define_judged(const review *r, size_t i, const tok *t)
{
	unsigned long last = t->line;
	const char *c;
	size_t q;

	for (c = t->s; *c; c++)
		last += *c == '\n';
	for (q = 0; q < r->nfind; q++) {
		const review_finding *fd = &r->find[q];
		if (fd->mult != i && fd->mult != REVIEW_NONE &&
		    fd->mult < r->nmult && r->mult[fd->mult].kind == REVIEW_DEFINE &&
		    fd->file == r->mult[i].file && !strcmp(fd->kind, "claim") &&
		    fd->line >= t->line && fd->line <= last)
			return 1;
	}
	return 0;
}

void review_claims_of(walk *w, size_t i)
{
	review_mult *m = &w->r->mult[i];
	const size_t *cm = w->comments;
	size_t ncm = w->ncomments, k;

	size_t whole[REVIEW_MAX_COMMENTS], st;

	if (m->kind == REVIEW_SEQUENCE) {
		/* a comment on one step claims that step's product; the others
		 * (before, after, on the last step) claim the whole's */
		for (k = ncm = 0; k < w->nfn; k++)
			if ((st = step_comment(w, i, w->fn_comments[k])) != REVIEW_NONE) {
				step_claim(w, i, st, w->fn_comments[k]);
				step_other_claims(w, i, st, w->fn_comments[k]);
			} else
				whole[ncm++] = w->fn_comments[k];
		cm = whole;
		sequence_claim(w, i, cm, ncm);
		lost_comments(w, i, w->fn_lost, w->fn_lost_line);
	} else {
		lost_comments(w, i, w->comments_lost, w->lost_line);
	}
	for (k = 0; k < ncm; k++) {
		char *added;
		size_t nf = w->r->nfind;
		/* the comment over a define and the sequence under it: its
		 * claims judged once, the define's (one finding a claim) */
		if (m->kind == REVIEW_SEQUENCE && define_judged(w->r, i,
		                                                &w->v.t[cm[k]]))
			continue;
		/* the last step's "= x * 7": read as the whole's product,
		 * checked above; its other claims, of that product, here */
		if (m->kind == REVIEW_SEQUENCE &&
		    (st = step_in_run(w, i, cm[k])) != REVIEW_NONE) {
			step_other_claims(w, i, st, cm[k]);
			continue;
		}
		added = comment_added(w, &w->v.t[cm[k]]);
		if (k < w->nshared && m->kind == REVIEW_DEFINE)
			review_claims_shared(w->r, i, w->v.t[cm[k]].s,
			                     w->v.t[cm[k]].line, added);
		else
			review_claims(w->r, i, w->v.t[cm[k]].s, w->v.t[cm[k]].line,
			              added);
		free(added);
		/* a comment of several constants: each finding says which */
		if (m->kind == REVIEW_DEFINE && names_several(w->v.t[cm[k]].s))
			plural_names(w, i, nf, NULL);
	}
	/* a constant inside a function: the comments just above the
	 * function that name it (its name, or its value as written, in hex
	 * or decimal) speak of it too */
	if (m->kind != REVIEW_SEQUENCE && w->depth > 0)
		for (k = 0; k < w->nfn_before; k++) {
			const tok *c = &w->v.t[w->fn_comments[k]];
			size_t j;
			char *added;
			for (j = 0; j < ncm && cm[j] != w->fn_comments[k]; j++)
				;
			if (j < ncm || !review_text_names(m, c->s))
				continue;
			added = comment_added(w, c);
			review_claims(w->r, i, c->s, c->line, added);
			free(added);
		}
}

void review_tail_claims(walk *w, size_t k, size_t from, size_t to)
{
	const tok *c = &w->v.t[k];
	size_t i;

	for (i = from; i < to; i++) {
		char *added = comment_added(w, c);
		review_claims(w->r, i, c->s, c->line, added);
		free(added);
	}
}

int review_after_claims(walk *w, size_t k, size_t from, size_t to, int fwd)
{
	const tok *c = &w->v.t[k];
	size_t i, named = 0, nf;
	char *added;
	/* one that names the define it sits over is that one's alone */
	if (fwd == 2)
		return 0;
	for (i = from; i < to; i++)
		named += review_mult_is_define(&w->r->mult[i]) &&
		         review_text_names(&w->r->mult[i], c->s);
	if (!named && (fwd || to - from < 2 || !review_plural_comment(c->s)))
		return 0;
	for (i = from; i < to; i++) {
		review_mult *m = &w->r->mult[i];
		if (!review_mult_is_define(m) ||
		    (named && !review_text_names(m, c->s)))
			continue;
		added = comment_added(w, c);
		nf = w->r->nfind;
		if (named)
			review_claims(w->r, i, c->s, c->line, added);
		else if (i == from)
			review_claims(w->r, i, c->s, c->line, added);
		else
			review_claims_shared(w->r, i, c->s, c->line, added);
		free(added);
		/* after the define: each finding names the constant */
		plural_names(w, i, nf, NULL);
	}
	return 1;
}

/* ---- the comments of an alias ------------------------------------------ */

/* Comment t[c], over the define of alias, checked against multiplier i
 * (the constant the alias stands for); each finding names both. */
static void alias_claims(walk *w, size_t i, size_t c, const char *alias)
{
	const tok *t = &w->v.t[c];
	size_t nf = w->r->nfind;
	char *added = comment_added(w, t);

	review_claims(w->r, i, t->s, t->line, added);
	free(added);
	plural_names(w, i, nf, alias);
}

/* The multiplier made of define d, or REVIEW_NONE. */
static size_t mult_of_define(const review *r, const define *d)
{
	size_t k;

	for (k = 0; k < r->nmult; k++)
		if (r->mult[k].kind == REVIEW_DEFINE &&
		    r->mult[k].file == d->file && r->mult[k].line == d->line &&
		    !strcmp(r->mult[k].name, d->name))
			return k;
	return REVIEW_NONE;
}

void review_alias_comments(walk *w, const define *x)
{
	const define *b;
	size_t k, mi;
	int steps;

	if (!w->ncomments || !(b = review_alias_define_base(w, x, &steps)) ||
	    !steps || (!b->added && w->pt->is_diff))
		return;
	mi = mult_of_define(w->r, b);
	for (k = 0; k < w->ncomments; k++) {
		if (mi != REVIEW_NONE) {
			alias_claims(w, mi, w->comments[k], x->name);
			continue;
		}
		if (b->file != w->file)
			continue;    /* a later file's: these tokens are gone */
		XGROW(w->acm, w->capacm, w->nacm + 1, "alias comments");
		w->acm[w->nacm].tok = w->comments[k];
		w->acm[w->nacm].alias = x->name;
		w->acm[w->nacm++].base = b;
	}
}

void review_alias_comments_end(walk *w)
{
	size_t k, mi;

	for (k = 0; k < w->nacm; k++)
		if ((mi = mult_of_define(w->r, w->acm[k].base)) != REVIEW_NONE)
			alias_claims(w, mi, w->acm[k].tok, w->acm[k].alias);
	free(w->acm);
	w->acm = NULL;
	w->nacm = w->capacm = 0;
}
