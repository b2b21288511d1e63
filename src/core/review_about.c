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

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- comments in the plural ---------------------------------------------- */

/* Whether comment c speaks in the plural, of several constants. */
int review_plural_comment(const char *c)
{
	static const char *const plural[] = { "these", "both", "each", "they",
		"multipliers", "constants", "primes", NULL };
	size_t j;

	for (j = 0; plural[j] && !review_word_ci(c, plural[j]); j++)
		;
	return plural[j] != NULL;
}

size_t review_plural_comments(walk *w)
{
	size_t k, n = 0;

	for (k = 0; k < w->ncomments; k++)
		if (review_plural_comment(w->v.t[w->comments[k]].s))
			w->comments[n++] = w->comments[k];
	return n;
}

/* ---- claims --------------------------------------------------------------- */

/* The first hex literal of at least 2^8 in comment t (0x9e370001, a
 * suffix allowed): 1 with its value in v, as written in lit and its line;
 * else 0. */
int review_comment_hex(const tok *t, mpz_t v, char *lit, size_t nlit,
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
		if (review_comment_hex(&w->v.t[cm[k]], v, lit, sizeof lit, &line)) {
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

/* The findings from nf on of multiplier i, made from a comment of
 * several constants: each says which, by name, value and line (one name
 * may be defined twice, under #if and #else, and both findings stand at
 * the comment's line). */
static void plural_names(walk *w, size_t i, size_t nf)
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
		if (fd->line != m->line && fd->file == m->file)
			buf_printf(&b, "%s = %s (line %lu): %s", m->name, hex,
			           m->line, fd->msg);
		else
			buf_printf(&b, "%s = %s: %s", m->name, hex, fd->msg);
		free(hex);
		free(fd->msg);
		fd->msg = buf_take(&b);
	}
}

void review_claims_of(walk *w, size_t i)
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
		size_t nf = w->r->nfind;
		if (k < w->nshared && m->kind == REVIEW_DEFINE)
			review_claims_shared(w->r, i, w->v.t[cm[k]].s,
			                     w->v.t[cm[k]].line, added);
		else
			review_claims(w->r, i, w->v.t[cm[k]].s, w->v.t[cm[k]].line,
			              added);
		free(added);
		/* a comment of several constants: each finding says which */
		if (m->kind == REVIEW_DEFINE && review_plural_comment(w->v.t[cm[k]].s))
			plural_names(w, i, nf);
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
	int named_next = 0;

	for (i = from; i < to; i++)
		named += review_mult_is_define(&w->r->mult[i]) &&
		         review_text_names(&w->r->mult[i], c->s);
	if (!named && (fwd || to - from < 2 || !review_plural_comment(c->s)))
		return 0;
	/* one that names the define after it too is that one's as well */
	if (named && fwd == 2)
		named_next = 1;
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
		plural_names(w, i, nf);
	}
	return !named_next;
}
