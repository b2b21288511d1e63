/*
 * review_cf.c - the continued-fraction claims of a multiplier's comment,
 * checked by `cfx review` (see review_int.h): "the continued fraction of
 * p/2^32 is [0; 1, 1, 1, ...]", "(sqrt(5)-1)/2 = 0, 1, 1, 1, ...", and
 * "5/8 is a convergent".
 *
 * A claimed expansion is read after a continued-fraction keyword
 * (review_find_cf) or after an '=' whose left side cf computes; its
 * subject is the N/2^K it names (cf_of_multiplier), that expression
 * (expr_parse and cf_of_tree), else the multiplier p/2^bits.  The claimed
 * terms are compared with cfx's exact expansion term by term: a finite
 * claim must be all of it, one ending in "..." a prefix, and a claim
 * that is the expansion with one term added or left out says which.
 * Convergents: p_i/q_i from cf_convergents of the multiplier's constant;
 * p_i and q_i are coprime (p_i q_{i-1} - p_{i-1} q_i = +-1), so a
 * fraction A/B written after "convergent" is one when A = p_i and
 * B = q_i for some i.  A denial (review_negated) turns a verdict round.
 * review_cf_check and review_cf_convergents are called by review_check.c's
 * review_claims; review_cf_term (a term in decimal, shortened) is shared
 * with it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PHI_D 1.6180339887498949   /* (1 + sqrt(5))/2, for messages */

#define MAX_TERMS 256
/* ---- the expansion ------------------------------------------------------- */

/* A term in decimal, malloc'd: one of more than 40 digits as its first
 * 12, "...", and its count ("316069943685...(15052 digits)"), so that a
 * huge quotient of a comment's expression cannot flood a finding. */
char *review_cf_term(mpz_srcptr z)
{
	char *s = mpz_get_str(NULL, 10, z);
	size_t n = strlen(s);

	if (n > 40)
		snprintf(s + 12, n - 11, "...(%zu digits)", n);
	return s;
}

/* "0, 1, 1, 1" from terms, into b. */
static void terms_text(struct buf *b, mpz_t *a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *s = review_cf_term(a[i]);
		buf_printf(b, "%s%s", i ? ", " : "", s);
		free(s);
	}
}

/* A power of two 2^K written at q as a denominator: "2^K", "2**K",
 * "2 ^ K", "1 << K" (1U, 1UL, 1ULL, ...), a decimal or hex number that is
 * one (4294967296, 0x100000000; at least 2^8), any of them in
 * parentheses.  K into *k, the text after it into *after; 1, else 0 (a
 * symbolic exponent, 2^BITS_PER_LONG, is the word's: 0). */
static int pow2_at(const char *q, unsigned long *k, const char **after)
{
	int par = 0, ok = 0;
	char *e;

	while (*q == '(' || *q == ' ')
		par += *q++ == '(';
	if (q[0] == '2' && !isalnum((unsigned char)q[1])) {
		const char *x = q + 1 + strspn(q + 1, " ");
		if (*x == '^' || (x[0] == '*' && x[1] == '*')) {
			x += *x == '^' ? 1 : 2;
			x += strspn(x, " ");
			if (isdigit((unsigned char)*x)) {
				*k = strtoul(x, &e, 10);
				q = e, ok = 1;
			}
		}
	}
	if (!ok && q[0] == '1' && (strchr("uUlL <", q[1]) && q[1])) {
		const char *x = q + 1;
		x += strspn(x, "uUlL");
		x += strspn(x, " ");
		if (x[0] == '<' && x[1] == '<') {
			x += 2 + strspn(x + 2, " ");
			if (isdigit((unsigned char)*x)) {
				*k = strtoul(x, &e, 10);
				q = e, ok = 1;
			}
		}
	}
	if (!ok && isdigit((unsigned char)*q)) {
		mpz_t z;
		size_t n = strspn(q, "0123456789abcdefABCDEFxX");
		size_t u = strspn(q + n, "uUlL");
		char num[40];
		if (n < sizeof num && !isalnum((unsigned char)q[n + u]) &&
		    q[n + u] != '_') {
			memcpy(num, q, n);
			num[n] = '\0';
			mpz_init(z);
			if ((strncasecmp(num, "0x", 2) ? strspn(num, "0123456789") == n
			     : 1) && mpz_set_str(z, num, 0) == 0 &&
			    mpz_popcount(z) == 1 && mpz_sizeinbase(z, 2) > 8) {
				*k = mpz_sizeinbase(z, 2) - 1;
				q += n + u, ok = 1;
			}
			mpz_clear(z);
		}
	}
	if (!ok)
		return 0;
	while (par && (*q == ' ' || *q == ')'))
		par -= *q++ == ')';
	*after = q;
	return *k >= 1 && *k <= 65536;
}

/* The number N of "N / 2^K" (or "N/2^K") ending before end in text, or
 * the K alone: 1 with n, k set; 0 if none. */
static int claimed_ratio(const char *text, const char *end, mpz_t n,
                         unsigned long *k)
{
	const char *s, *best = NULL;

	const char *after;

	for (s = text; s < end; s++)
		if (*s == '/' && pow2_at(s + 1, k, &after))
			best = s;
	if (!best)
		return 0;
	{
		const char *e;
		char num[64];
		size_t len;
		s = review_word_before(text, best, &e);
		len = (size_t)(e - s);
		/* the 32 of GOLDEN_RATIO_PRIME_32/2^32 is no number: the end of
		 * a name */
		if (!len || len >= sizeof num || !isdigit((unsigned char)*s) ||
		    (s > text && s[-1] == '_'))
			return 0;
		memcpy(num, s, len);
		num[len] = '\0';
		if (mpz_set_str(n, num, 0) < 0)
			return 0;
	}
	return *k >= 1 && *k <= 65536;
}

#define MAX_GAPS 8

/* "NxK", "NXK" or "N\xc3\x97K" at q + len (N the digits q[0, len)): the
 * term N written K times ("1x9"); K into *rep and the text after it
 * into *after, 1; else 0 (0x9e37 is a hex number, N is never 0). */
static int run_at(const char *q, size_t len, unsigned long *rep,
                  const char **after)
{
	const char *t = q + len;
	char *e;

	if (*t == 'x' || *t == 'X')
		t++;
	else if (!strncmp(t, "\xc3\x97", 2))
		t += 2;
	else
		return 0;
	if (!isdigit((unsigned char)*t) || (len == 1 && *q == '0'))
		return 0;
	*rep = strtoul(t, &e, 10);
	if (isalnum((unsigned char)*e) || *e == '_' || *e == '/' ||
	    *e == '^' || *rep < 1)
		return 0;
	*after = e;
	return 1;
}

/* The claimed terms after p: numbers separated by commas, semicolons and
 * spaces, across lines, a run written "1x9", "1 (x9)" or with a times
 * sign; *prefix when "..." ends them.  With gaps, a "..." that more
 * terms follow ("0, 1, ..., 18, 1x9, 2") is a gap of at least one term
 * left out, its place (the index of the term after it) into gaps (at
 * most MAX_GAPS; *ngaps how many); without, the terms end at it, as
 * a prefix.  Returns how many terms. */
static size_t claimed_terms(const char *p, mpz_t *a, size_t max, int *prefix,
                            const char **end, size_t *gaps, size_t *ngaps)
{
	size_t n = 0;

	*prefix = 0;
	if (ngaps)
		*ngaps = 0;
	for (;;) {
		const char *q = p, *after;
		size_t len = 0;
		unsigned long rep;
		char num[80];
		while (*q == ' ' || *q == ',' || *q == ';' || *q == '\n' ||
		       *q == '[' || *q == '\t')
			q++;
		if (!strncmp(q, "...", 3) || !strncmp(q, "\xe2\x80\xa6", 3)) {
			const char *r = q + 3;
			while (*r == '.' || *r == ' ' || *r == ',' || *r == ';' ||
			       *r == '\n' || *r == '\t')
				r++;
			if (gaps && n && *ngaps < MAX_GAPS &&
			    isdigit((unsigned char)*r) &&
			    (!*ngaps || gaps[*ngaps - 1] < n)) {
				gaps[(*ngaps)++] = n;
				p = q + 3;
				continue;
			}
			*prefix = 1;
			p = q + 3;
			break;
		}
		while (isdigit((unsigned char)q[len]))
			len++;
		if (len && len < sizeof num && n < max &&
		    run_at(q, len, &rep, &after)) {
			memcpy(num, q, len);
			num[len] = '\0';
			mpz_set_str(a[n++], num, 10);
			while (--rep && n < max) {
				mpz_set(a[n], a[n - 1]);
				n++;
			}
			p = after;
			continue;
		}
		if (!len || len >= sizeof num || isalpha((unsigned char)q[len]) ||
		    q[len] == '/' || q[len] == '^' || n == max)
			break;
		memcpy(num, q, len);
		num[len] = '\0';
		mpz_set_str(a[n++], num, 10);
		p = q + len;
		/* "1 (x16)" or "1 (\xc3\x97 16)": the term repeated */
		q = p;
		while (*q == ' ')
			q++;
		if (*q == '(') {
			const char *t = q + 1;
			char *e;
			while (*t == ' ')
				t++;
			if (*t == 'x' || *t == 'X' || *t == '*')
				t++;
			else if (!strncmp(t, "\xc3\x97", 2))
				t += 2;
			else
				continue;
			while (*t == ' ')
				t++;
			if (!isdigit((unsigned char)*t))
				continue;
			rep = strtoul(t, &e, 10);
			while (*e == ' ')
				e++;
			if (*e != ')' || rep < 1 || rep > max)
				continue;
			while (--rep && n < max) {
				mpz_set(a[n], a[n - 1]);
				n++;
			}
			p = e + 1;
		}
	}
	*end = p;
	return n;
}

/* After "continued fraction": "[expansion] of N/2^K" with N decimal or
 * hex.  Sets n, k and *after (past the ratio); 1 when found. */
static int named_ratio(const char *p, mpz_t n, unsigned long *k,
                       const char **after)
{
	char num[80];
	size_t len = 0;
	const char *q = p;

	while (*q == ' ' || *q == '\n' || *q == '*' || *q == '\t')
		q++;
	if (!strncmp(q, "expansion", 9))
		q += 9;
	while (*q == ' ' || *q == '\n' || *q == '*' || *q == '\t')
		q++;
	if (strncmp(q, "of", 2) || isalnum((unsigned char)q[2]))
		return 0;
	q += 2;
	while (*q == ' ' || *q == '\n' || *q == '*' || *q == '\t')
		q++;
	while (isxdigit((unsigned char)q[len]) || q[len] == 'x' || q[len] == 'X')
		len++;
	if (!len || len >= sizeof num || !isdigit((unsigned char)*q))
		return 0;
	memcpy(num, q, len);
	num[len] = '\0';
	q += len;
	while (*q == ' ')
		q++;
	if (*q != '/' || !pow2_at(q + 1, k, after) ||
	    mpz_set_str(n, num, 0) < 0)
		return 0;
	return 1;
}

static int same_terms(mpz_t *x, size_t nx, mpz_t *y, size_t ny)
{
	size_t i;

	if (nx != ny)
		return 0;
	for (i = 0; i < nx; i++)
		if (mpz_cmp(x[i], y[i]))
			return 0;
	return 1;
}

/* x equals y with element k removed (x shorter by one): k, or -1. */
static long removed_at(mpz_t *x, size_t nx, mpz_t *y, size_t ny)
{
	size_t k = 0, i;

	if (nx + 1 != ny)
		return -1;
	while (k < nx && !mpz_cmp(x[k], y[k]))
		k++;
	for (i = k; i < nx; i++)
		if (mpz_cmp(x[i], y[i + 1]))
			return -1;
	return (long)k;
}

/* The claimed terms claim[0, nc) ("..." after them: prefix) against the
 * expansion x[0, nx) of what (NULL: the multiplier's; finite: x is all of
 * it, else its first nx terms, and the claim is read as a prefix), as one
 * finding at line; denied (neg) as claim_verdict says, text[qs, qe) the
 * denial quoted. */
static void cf_judge(review *r, size_t mi, unsigned long line, int neg,
                     const char *qs, const char *qe, mpz_t *claim, size_t nc,
                     int prefix, mpz_t *x, size_t nx, int finite,
                     const char *what)
{
	struct buf msg = { 0 }, right = { 0 }, wrong = { 0 };
	char of[200] = "";
	int trailing0 = 0;
	size_t i;
	long kk;

	if (what)
		snprintf(of, sizeof of, " of %s", what);
	if (!finite)
		prefix = 1;
	terms_text(&right, x, nx);
	if (!finite)
		buf_printf(&right, ", ...");
	if (!prefix && nc >= 2 && !mpz_sgn(claim[nc - 1]) &&
	    !(nx == nc && !mpz_sgn(x[nc - 1]))) {
		trailing0 = 1;
		nc--;
	}
	/* [a0; ..., a_k - 1, 1] is [a0; ..., a_k], the same number in the
	 * other (non-canonical) form a finite expansion has */
	if (finite && !prefix && !trailing0 && nx >= 1 && nc == nx + 1 &&
	    !mpz_cmp_ui(claim[nc - 1], 1) && same_terms(claim, nx - 1, x, nx - 1)) {
		mpz_t last;
		mpz_init(last);
		mpz_add_ui(last, claim[nx - 1], 1);
		if (!mpz_cmp(last, x[nx - 1])) {
			char *v = review_cf_term(x[nx - 1]), *c = review_cf_term(claim[nx - 1]);
			buf_printf(&msg, "continued fraction%s: equal, non-canonical: "
			           "the claimed expansion ends %s, 1, which is the same "
			           "number as the canonical form's last term %s (%zu "
			           "%s): %s", of, c, v, nx, review_plural((long)nx,
			           "term", "terms"), buf_str(&right));
			free(v);
			free(c);
			review_claim_verdict(r, mi, line, neg, 1, qs, qe, buf_str(&msg),
			                     buf_str(&msg));
			mpz_clear(last);
			goto done;
		}
		mpz_clear(last);
	}
	if (same_terms(claim, nc, x, nx) || (prefix && nc <= nx &&
	    same_terms(claim, nc, x, nc))) {
		if (trailing0)
			buf_printf(&msg, "continued fraction%s: the claimed expansion "
			           "ends with a term 0 that is not there (a 0 quotient "
			           "cannot follow a0); the %zu %s before it %s "
			           "right: %s", of, nx, review_plural((long)nx, "term",
			           "terms"), review_plural((long)nx, "is", "are"),
			           buf_str(&right));
		else
			buf_printf(&msg, "continued fraction%s confirmed term by term "
			           "(%s%zu %s)", of, prefix ? "a prefix of " : "", nc,
			           review_plural((long)nc, "term", "terms"));
		review_claim_verdict(r, mi, line, neg, !trailing0, qs, qe, buf_str(&msg),
		              buf_str(&msg));
		goto done;
	}
	if (finite && (kk = removed_at(claim, nc, x, nx)) >= 0) {
		char *v = review_cf_term(x[kk]);
		buf_printf(&msg, "term a_%ld = %s is missing", kk, v);
		free(v);
	} else if (finite && (kk = removed_at(x, nx, claim, nc)) >= 0) {
		char *v = review_cf_term(claim[kk]);
		buf_printf(&msg, "term %ld (%s) is one too many", kk, v);
		free(v);
	} else {
		for (i = 0; i < nc && i < nx; i++)
			if (mpz_cmp(claim[i], x[i]))
				break;
		if (i < nc && i < nx) {
			char *v = review_cf_term(x[i]);
			char *c = review_cf_term(claim[i]);
			buf_printf(&msg, "term a_%zu is %s, not %s", i, v, c);
			free(v);
			free(c);
		} else {
			buf_printf(&msg, "the claim has %zu %s, the expansion %zu",
			           nc, review_plural((long)nc, "term", "terms"), nx);
		}
	}
	buf_printf(&wrong, "continued fraction%s wrong: %s%s; it is %s", of,
	           buf_str(&msg), trailing0 ? ", and the final 0 is not a term"
	           : "", buf_str(&right));
	review_claim_verdict(r, mi, line, neg, 0, qs, qe, "", buf_str(&wrong));
done:
	buf_free(&msg);
	buf_free(&right);
	buf_free(&wrong);
}

/* Whether the words from p to the first number say the terms are the
 * expansion's last ("its CF ends 18, 1, ..., 3", "ends with"). */
static int ends_word(const char *p)
{
	const char *d = p + strcspn(p, "0123456789[");

	for (; p < d; p++)
		if ((p[0] == 'e' || p[0] == 'E') && !strncasecmp(p, "ends", 4) &&
		    !isalnum((unsigned char)p[4]))
			return 1;
	return 0;
}

/* Whether a word before the first number from p says the terms are the
 * expansion's first ones ("begins", "starts", "starting with"): the
 * claim a prefix, as one ending in "..." is. */
static int begins_word(const char *p)
{
	static const char *const word[] = { "begins", "begin", "beginning",
		"starts", "start", "starting", NULL };
	const char *d = p + strcspn(p, "0123456789[");
	char *s = xstrndup(p, (size_t)(d - p));
	size_t i;
	int yes = 0;

	for (i = 0; word[i] && !yes; i++)
		yes = review_word_ci(s, word[i]) != NULL;
	free(s);
	return yes;
}

/* Where group claim[a, b) first occurs in x[from, nx): its index, or
 * -1. */
static long group_at(mpz_t *claim, size_t a, size_t b, mpz_t *x, size_t nx,
                     size_t from)
{
	size_t i, k;

	for (i = from; i + (b - a) <= nx; i++) {
		for (k = a; k < b && !mpz_cmp(claim[k], x[i + k - a]); k++)
			;
		if (k == b)
			return (long)i;
	}
	return -1;
}

/* A claim with terms left out ("0, 1, ..., 18, 1x9, 2": groups of terms
 * split at gaps[0, ng), each gap at least one term) or about the end
 * ("its CF ends 18, 1, ..., 3": at_start 0) against the finite
 * expansion x[0, nx): the first group at a0 when at_start, the last at
 * the end when at_end (no "..." after it), each group after the one
 * before it and a gap.  One finding at line, as cf_judge's. */
static void gaps_judge(review *r, size_t mi, unsigned long line, int neg,
                       const char *qs, const char *qe, mpz_t *claim,
                       size_t nc, const size_t *gaps, size_t ng, int at_start,
                       int at_end, mpz_t *x, size_t nx)
{
	struct buf right = { 0 }, msg = { 0 }, grp = { 0 };
	size_t g, a, b, from = 0;
	long at = 0;

	terms_text(&right, x, nx);
	for (g = 0; g <= ng; g++) {
		a = g ? gaps[g - 1] : 0;
		b = g < ng ? gaps[g] : nc;
		buf_clear(&grp);
		terms_text(&grp, claim + a, b - a);
		if (g == ng && at_end) {
			at = nx >= b - a && (size_t)(nx - (b - a)) >= from ?
			     (long)(nx - (b - a)) : -1;
			if (at >= 0 && group_at(claim, a, b, x, nx, (size_t)at) != at)
				at = -1;
			if (at < 0) {
				struct buf end = { 0 };
				size_t e = b - a < nx ? b - a : nx;
				terms_text(&end, x + nx - e, e);
				buf_printf(&msg, "the claimed last %zu %s (%s) %s not "
				           "its end, %s", b - a, review_plural((long)(b - a),
				           "term", "terms"), buf_str(&grp),
				           review_plural((long)(b - a), "is", "are"),
				           buf_str(&end));
				buf_free(&end);
				break;
			}
		} else if (g == 0 && at_start) {
			if (group_at(claim, a, b, x, nx, 0) != 0) {
				buf_printf(&msg, "the claimed first terms (%s) are not its "
				           "start", buf_str(&grp));
				break;
			}
			at = 0;
		} else if ((at = group_at(claim, a, b, x, nx, from)) < 0) {
			buf_printf(&msg, "the claimed terms %s do not occur %s",
			           buf_str(&grp), g ? "after the ones before them and "
			           "a gap" : "in it");
			break;
		}
		from = (size_t)at + (b - a) + 1;   /* a gap: one term or more */
	}
	buf_clear(&grp);
	if (!msg.len)
		buf_printf(&grp, "continued fraction confirmed term by term (%zu "
		           "%s claimed, %zu %s of terms left out%s)", nc,
		           review_plural((long)nc, "term", "terms"), ng,
		           review_plural((long)ng, "gap", "gaps"), at_start ? "" :
		           ", at its end");
	else
		buf_printf(&grp, "continued fraction wrong: %s; it is %s",
		           buf_str(&msg), buf_str(&right));
	review_claim_verdict(r, mi, line, neg, !msg.len, qs, qe, buf_str(&grp),
	                     buf_str(&grp));
	buf_free(&right);
	buf_free(&msg);
	buf_free(&grp);
}

/* The expansion claimed after the keyword at `at` (review_find_cf; p past
 * it), of the N/2^K it names ("continued fraction of N/2^K is ...", or
 * "N/2^K has the continued fraction ..." after from), else of the
 * multiplier.  Returns where the claim ends (p when it has no terms). */
static const char *cf_keyword_claim(review *r, size_t mi, claims *cl,
                                    const char *from, const char *at,
                                    const char *p, mpz_t *claim)
{
	const char *text = cl->text, *end = p, *qs;
	review_mult *m = &r->mult[mi];
	unsigned long k = m->bits, line = review_claim_line(cl, at);
	size_t nc, gaps[MAX_GAPS], ngaps;
	int prefix, named, neg, ends, begins;
	mpz_t n;
	cf_seq cf;

	mpz_init(n);
	/* "continued fraction [expansion] of N/2^K is ...": the number named */
	named = named_ratio(p, n, &k, &p);
	/* "expansion", "of", "is", ":" ... up to the first number; "ends"
	 * among them: the terms are the expansion's last ones */
	ends = ends_word(p);
	begins = begins_word(p);
	while (*p && !isdigit((unsigned char)*p) && *p != '[' && *p != '.')
		p++;
	if ((!isdigit((unsigned char)*p) && *p != '[') ||
	    (nc = claimed_terms(p, claim, MAX_TERMS, &prefix, &end, gaps,
	                        &ngaps)) < 2) {
		mpz_clear(n);
		return p;
	}
	prefix |= begins;
	if (!named && !claimed_ratio(from, at, n, &k))
		mpz_set(n, review_written(m)), k = m->bits;
	review_claim_read(cl, at, end);
	cf_init(&cf);
	cf_of_multiplier(&cf, n, k);
	if (mpz_cmp(n, review_written(m)) || k != m->bits) {
		char *ns = mpz_get_str(NULL, 10, n), *ps = mpz_get_str(NULL, 10, review_written(m));
		review_add(r, REVIEW_WARNING, m->file, line, mi, "claim",
		           "the comment expands %s/2^%lu, but the multiplier is "
		           "%s/2^%u", ns, k, ps, m->bits);
		free(ns);
		free(ps);
	}
	neg = review_negated(text, at, p, &qs);
	if (ngaps || ends)
		gaps_judge(r, mi, line, neg, qs, p, claim, nc, gaps, ngaps,
		           !ends, !prefix, cf.a, cf.n);
	else
		cf_judge(r, mi, line, neg, qs, p, claim, nc, prefix, cf.a, cf.n, 1,
		         NULL);
	cf_clear(&cf);
	mpz_clear(n);
	return end;
}

/* What the expression text[a, b) is, as cf knows it ("(sqrt(5)-1)/2",
 * "phi", "N/2^K"): its expansion (at least terms quotients) into cf, 1;
 * 0 when it is no expression or a bare integer. */
static int cf_subject(const char *text, size_t a, size_t b, size_t terms,
                      cf_seq *cf)
{
	char src[160];
	expr_tree *t;
	cfx_err err;
	size_t k;
	int rc;

	while (a < b && isspace((unsigned char)text[a]))
		a++;
	while (b > a && isspace((unsigned char)text[b - 1]))
		b--;
	if (b <= a || b - a >= sizeof src)
		return 0;
	for (k = a; k < b && isdigit((unsigned char)text[k]); k++)
		;
	if (k == b)
		return 0;
	memcpy(src, text + a, b - a);
	src[b - a] = '\0';
	if (!(t = expr_parse(src, &err)))
		return 0;
	rc = cf_of_tree(cf, t, NULL, NULL, 0, terms, &err);
	expr_free(t);
	return rc == 0 && cf->n > 0;
}

/* Whether text[lo, eq), blanks around it dropped, is multiplier m named
 * (its name, or its value as a literal) alone or over a
 * power of two ("NAME/2^32", "NAME / 2**32"): 1 with the expansion of
 * p/2^n (n the power's, else m's word) into cf and *at past the subject's
 * start (as cf_equals_claim's loop leaves it); else 0. */
/* Whether a list in the notation [a0; a1, a2, ...] starts at p (after
 * the '=' or "is"). */
static int bracket_list(const char *p)
{

	p += strspn(p, " \t\n");
	if (*p++ != '[')
		return 0;
	p += strspn(p, " \t");
	p += strspn(p, "0123456789");
	p += strspn(p, " \t");
	return *p == ';';
}

static int named_subject(const claims *cl, const char *lo, const char *eq,
                         const char *eqe, cf_seq *cf, const char **at)
{
	const review_mult *m = cl->m;
	const char *a = lo, *b = eq, *slash;
	char left[96];
	unsigned n = m->bits;

	while (a < b && isspace((unsigned char)*a))
		a++;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	/* a subject on its own line: a list ends on the one above */
	for (slash = a; slash < b; slash++)
		if (*slash == '\n')
			a = slash + 1;
	if (b <= a)
		return 0;
	slash = memchr(a, '/', (size_t)(b - a));
	if (slash) {
		const char *q = slash + 1;
		while (q < b && isspace((unsigned char)*q))
			q++;
		if (!(n = review_power_written(cl->text, q)) || n > 64)
			return 0;
	}
	snprintf(left, sizeof left, "%.*s", (int)((slash ? slash : b) - a), a);
	while (*left && isspace((unsigned char)left[strlen(left) - 1]))
		left[strlen(left) - 1] = '\0';
	if (!*left || strchr(left, ' ') || mpz_sizeinbase(review_written(m), 2) > n)
		return 0;
	/* its name, or its value as a literal (0x9e370001, 2654404609);
	 * a lone letter over a power of two before a list in brackets
	 * with a ';' ("p/2^32 = [0; 1, 1, ...]"): the constant the comment
	 * is about, as nothing else in it can be */
	if (slash && strlen(left) == 1 && isalpha((unsigned char)*left) &&
	    bracket_list(eqe)) {
	} else if (!m->name[0] || strcmp(left, m->name)) {
		mpz_t z;
		int same;
		mpz_init(z);
		same = review_literal(left, z, NULL) == 0 &&
		       !mpz_cmp(z, review_written(m));
		mpz_clear(z);
		if (!same)
			return 0;
	}
	cf_clear(cf);
	cf_init(cf);
	cf_of_multiplier(cf, review_written(m), n);
	*at = a + 1;
	return 1;
}

/* "SUBJECT = 0, 1, 1, 1, ..." with no keyword: an expansion of SUBJECT
 * (an expression cf computes: the longest one before the '=', back to
 * the clause's start or another '='), judged against cfx's.  [eq, eqe)
 * is the '=', or the word "is" ("N / 2^64 is 0,1,1,..."): then SUBJECT
 * must be the multiplier or a ratio (a '/'), so that prose's "is" and a
 * list of other numbers are no claim. */
static void cf_equals_claim(review *r, size_t mi, claims *cl, const char *eq,
                            const char *eqe, mpz_t *claim)
{
	const char *text = cl->text, *p = eqe, *end, *lo, *s, *qs;
	int is_word = *eq != '=';
	size_t nc, i, nx;
	int prefix, found = 0, neg;
	cf_seq cf;
	mpz_t *x;
	char what[200];

	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '[')
		p++;
	if (!isdigit((unsigned char)*p))
		return;
	nc = claimed_terms(p, claim, MAX_TERMS, &prefix, &end, NULL, NULL);
	if (nc < 3 || !memchr(p, ',', (size_t)(end - p)))
		return;
	/* back to another '=', a , ; : or the sentence's end */
	for (lo = eq; lo > text && !strchr("=,;:", lo[-1]) &&
	     !(lo[-1] == '.' && isspace((unsigned char)*lo)); lo--)
		;
	cf_init(&cf);
	/* "NAME/2^32 = [...]", "NAME = [...]" (the multiplier's name or its
	 * value as written): the expansion of p/2^n, not of 2^32 */
	found = named_subject(cl, lo, eq, eqe, &cf, &s);
	for (s = found ? s : lo; s < eq && !found; s++) {
		if (s > lo && !isspace((unsigned char)s[-1]))
			continue;
		if (is_word && !memchr(s, '/', (size_t)(eq - s)))
			break;
		cf_clear(&cf);
		cf_init(&cf);
		if (cf_subject(text, (size_t)(s - text), (size_t)(eq - text), nc + 2,
		               &cf))
			found = 1;
	}
	if (!found) {
		cf_clear(&cf);
		return;
	}
	s--;
	while (isspace((unsigned char)*s))
		s++;
	snprintf(what, sizeof what, "%.*s", (int)(eq - s), s);
	while (strlen(what) && what[strlen(what) - 1] == ' ')
		what[strlen(what) - 1] = '\0';
	/* "phi = 0, 1, 1, ...": the kernel's phi is 1/phi = (sqrt(5)-1)/2 */
	if (!strcasecmp(what, "phi") && !mpz_sgn(claim[0])) {
		expr_tree *t = expr_parse("1/phi", NULL);
		cfx_err err;
		cf_clear(&cf);
		cf_init(&cf);
		if (!t || cf_of_tree(&cf, t, NULL, NULL, 0, nc + 2, &err) < 0) {
			expr_free(t);
			cf_clear(&cf);
			return;
		}
		expr_free(t);
		snprintf(what, sizeof what, "phi (read as 1/phi: the claim's a0 "
		         "is 0)");
	}
	nx = cf.kind == CF_FINITE ? cf.n : nc + 1;
	x = xmalloc(nx * sizeof *x, "expansion");
	for (i = 0; i < nx; i++) {
		mpz_srcptr a = cf_term(&cf, i);
		if (!a)
			break;
		mpz_init_set(x[i], a);
	}
	nx = i;
	review_claim_read(cl, s, end);
	neg = review_negated(text, eq, p, &qs);
	cf_judge(r, mi, review_claim_line(cl, p), neg, qs,
	         p, claim, nc, prefix, x, nx, cf.kind == CF_FINITE, what);
	for (i = 0; i < nx; i++)
		mpz_clear(x[i]);
	free(x);
	cf_clear(&cf);
}

/* Every expansion a comment claims: after each continued-fraction
 * keyword, and after each '=' whose left side cf computes. */
void review_cf_check(review *r, size_t mi, claims *cl)
{
	const char *text = cl->text, *from = text, *at, *p, *e;
	const char *span[16][2];
	size_t ns = 0, i;
	mpz_t claim[MAX_TERMS];

	for (i = 0; i < MAX_TERMS; i++)
		mpz_init(claim[i]);
	while ((at = review_find_cf(from, &p))) {
		const char *end = cf_keyword_claim(r, mi, cl, from, at, p, claim);
		if (ns < 16)
			span[ns][0] = at, span[ns++][1] = end;
		from = end > p ? end : p;
	}
	for (e = text; (e = strchr(e, '=')); e++) {
		for (i = 0; i < ns; i++)
			if (e >= span[i][0] && e < span[i][1])
				break;
		if (i == ns)
			cf_equals_claim(r, mi, cl, e, e + 1, claim);
	}
	/* "N / 2^64 is 0,1,1,...": the same claim with a word for '=' */
	for (e = text; (e = review_word_ci(e, "is")); e += 2) {
		for (i = 0; i < ns; i++)
			if (e >= span[i][0] && e < span[i][1])
				break;
		if (i == ns)
			cf_equals_claim(r, mi, cl, e, e + 2, claim);
	}
	for (i = 0; i < MAX_TERMS; i++)
		mpz_clear(claim[i]);
}

/* ---- convergents --------------------------------------------------------- */

void review_cf_convergents(review *r, size_t mi, const constant *c,
                              claims *cl)
{
	const char *text = cl->text;
	review_mult *m = &r->mult[mi];
	const char *at = review_find_ci(text, "convergent"), *s;
	size_t n = c->cf.n, i;
	long prev = -1;              /* the list's last convergent read */
	size_t listed = 0, good = 0;
	mpz_t *p, *q;

	if (!at || !n)
		return;
	p = xmalloc(n * sizeof *p, "convergents");
	q = xmalloc(n * sizeof *q, "convergents");
	for (i = 0; i < n; i++)
		mpz_init(p[i]), mpz_init(q[i]);
	cf_convergents(&c->cf, n, p, q);
	/* fractions A/B in the word's sentence, before it too ("233/377 and
	 * 377/610 are convergents"), to the sentence's end */
	for (s = at; s > text && s[-1] != '.' && !(s[-1] == '\n' && s - 1 > text &&
	     s[-2] == '\n'); s--)
		;
	for (; *s && *s != '.'; s++) {
		char *e1, *e2;
		unsigned long a, b;
		if (!isdigit((unsigned char)*s) || (s > text && isalnum((unsigned char)s[-1])))
			continue;
		a = strtoul(s, &e1, 10);
		if (*e1 != '/' || !isdigit((unsigned char)e1[1])) {
			s = e1 - 1;
			continue;
		}
		b = strtoul(e1 + 1, &e2, 10);
		for (i = 0; i < n; i++)
			if (!mpz_cmp_ui(p[i], a) && !mpz_cmp_ui(q[i], b))
				break;
		listed++;
		good += i < n;
		review_claim_read(cl, at, s);
		{
			/* the fraction's own clause, and the keyword's when that
			 * is another ("not a convergent: 5/7") */
			const char *qs;
			int neg = review_negated(text, s, s, &qs);
			char yes[160], no[400];
			if (qs > at)
				neg ^= review_negated(text, at, at, NULL);
			snprintf(yes, sizeof yes, "%lu/%lu is convergent p_%zu/q_%zu of "
			         "p/2^%u: confirmed", a, b, i, i, m->bits);
			snprintf(no, sizeof no, "%lu/%lu is not a convergent of p/2^%u",
			         a, b, m->bits);
			if (i == n && !neg) {
				/* the right value beside it: in a list, the one after
				 * the last convergent read; else the two whose
				 * denominators are around b */
				size_t k, l = strlen(no);
				char *x, *y;
				if (prev >= 0 && (size_t)prev + 1 < n) {
					k = (size_t)prev + 1;
					x = mpz_get_str(NULL, 10, p[k]);
					y = mpz_get_str(NULL, 10, q[k]);
					snprintf(no + l, sizeof no - l, "; the one after "
					         "p_%ld/q_%ld there is p_%zu/q_%zu = %s/%s",
					         prev, prev, k, k, x, y);
					prev = (long)k;
				} else {
					for (k = 0; k + 1 < n && mpz_cmp_ui(q[k + 1], b) <= 0;
					     k++)
						;
					x = mpz_get_str(NULL, 10, p[k]);
					y = mpz_get_str(NULL, 10, q[k]);
					snprintf(no + l, sizeof no - l, "; the convergent "
					         "with the largest denominator up to %lu is "
					         "p_%zu/q_%zu = %s/%s", b, k, k, x, y);
				}
				free(x);
				free(y);
			} else if (i < n)
				prev = (long)i;
			review_claim_verdict(r, mi, review_claim_line(cl, s),
			              neg, i < n, qs, e2, yes, no);
		}
		s = e2 - 1;
	}
	/* "nine convergents" (after the list or before it): the count of
	 * the list's fractions, said beside how many are convergents and
	 * how many p/2^n has */
	{
		const char *cat;
		long k = review_count_before(at, "convergents", &cat);
		if (k >= 0 && listed) {
			char yes[200], no[200];
			const char *qs;
			int neg = review_negated(text, cat, cat, &qs);
			review_claim_read(cl, cat, cat);
			snprintf(yes, sizeof yes, "%ld convergents: confirmed, the "
			         "list has %zu, %zu of them convergents of p/2^%u "
			         "(which has %zu)", k, listed, good, m->bits, n);
			snprintf(no, sizeof no, "%ld convergents claimed, but the list "
			         "has %zu, %zu of them convergents of p/2^%u (which "
			         "has %zu)", k, listed, good, m->bits, n);
			review_claim_verdict(r, mi, review_claim_line(cl, cat), neg,
			                     (size_t)k == listed && good == listed, qs,
			                     cat + strlen("convergents"), yes, no);
		}
	}
	for (i = 0; i < n; i++)
		mpz_clear(p[i]), mpz_clear(q[i]);
	free(p);
	free(q);
}

