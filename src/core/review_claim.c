/*
 * review_claim.c - the reading of a comment's claims for `cfx review`:
 * sentences, where a word is, whether a clause is denied, and the
 * finding that reports a claim (see review_int.h).
 *
 * A comment (claims) is cut into sentences by review_claims_split
 * ('.', '!' or '?' before a blank, not "..." nor "e.g."; or a blank
 * line); a check marks what it read with review_claim_read, so that a
 * sentence no check read can still be listed.  review_negated decides
 * whether a claim is denied: an odd number of negations in its clause
 * (the rules are in the comment above it).  review_claim_verdict turns a
 * claim and whether it holds into a NOTE or a WARNING, the other way
 * round when it is denied.  The text helpers: review_find_ci and
 * review_word_ci (case-blind search, as a whole word), review_find_cf
 * (a continued-fraction keyword), review_power_written and
 * review_says_modulus (2^32 or 2^64 as a comment writes it),
 * review_text_names (whether a text names a constant), review_word_before,
 * review_quote, review_plural and the line helpers.
 * review_foreign_sentences sets aside a define's comment sentences that
 * name another constant by value (a comment left behind by a change).
 * Its callers are review_check.c and review_cf.c, which do the
 * mathematics, and review.c (review_word_ci, review_find_cf,
 * review_says_modulus, review_find_ci, declared in review_int.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"


const char *review_plural(long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

unsigned long review_line_at(const char *text, size_t off, unsigned long l0)
{
	size_t i;

	for (i = 0; i < off; i++)
		if (text[i] == '\n')
			l0++;
	return l0;
}

unsigned long review_claim_line(const claims *cl, const char *at)
{
	return review_line_at(cl->text, (size_t)(at - cl->text), cl->line0);
}

int review_text_names(const review_mult *m, const char *text)
{
	/* the constant as written (not the product with hash_32()'s own) */
	mpz_srcptr p = review_written(m);
	char *hex = word_hex(p, m->bits), *dec = mpz_get_str(NULL, 10, p);
	int yes = (m->name[0] && review_word_ci(text, m->name)) ||
	          review_word_ci(text, m->text) || review_word_ci(text, hex) ||
	          review_word_ci(text, dec);

	free(hex);
	free(dec);
	return yes;
}

const char *review_word_before(const char *text, const char *e,
                               const char **end)
{
	const char *b, *q;

	while (e > text && e[-1] == ' ')
		e--;
	/* "10\n * subtractions": the word before, past the comment's line
	 * break and its " * " */
	q = e;
	while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q > text && q[-1] == '*' && (q - 1 == text || q[-2] != '/'))
		for (q--; q > text && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
	if (q > text && q[-1] == '\n') {
		for (q--; q > text && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		e = q;
	}
	b = e;
	while (b > text && isalnum((unsigned char)b[-1]))
		b--;
	*end = e;
	return b;
}

const char *review_find_ci(const char *h, const char *n)
{
	if (!*n)
		return *h ? h : NULL;
	return strcasestr(h, n);     /* GNU's: no call a character */
}

const char *review_word_ci(const char *text, const char *w)
{
	const char *s = text;
	size_t k = strlen(w);

	while ((s = review_find_ci(s, w))) {
		if ((s == text || (!isalnum((unsigned char)s[-1]) &&
		     s[-1] != '_')) && !isalnum((unsigned char)s[k]) && s[k] != '_')
			return s;
		s += k;
	}
	return NULL;
}

/* The exponent e of 2^e written at s as "2^e", "2**e", "2 ^ e",
 * "1 << e" (1U, 1UL, 1ULL, ...), 4294967296 or 18446744073709551616, or
 * 0x1 and 8 or 16 zeros: e, else 0.  Not inside a longer number or
 * word. */
unsigned review_power_written(const char *text, const char *s)
{
	const char *q;
	size_t n;

	if (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '_' ||
	                 s[-1] == '.'))
		return 0;
	for (n = 0; isdigit((unsigned char)s[n]); n++)
		;
	if (isalpha((unsigned char)s[n]) && strncmp(s, "0x", 2) &&
	    strncmp(s, "0X", 2) && !(s[0] == '1' && n == 1))
		return 0;
	if (n == 10 && !strncmp(s, "4294967296", 10))
		return 32;
	if (n == 20 && !strncmp(s, "18446744073709551616", 20))
		return 64;
	if (!strncasecmp(s, "0x1", 3)) {
		for (n = 0; s[3 + n] == '0'; n++)
			;
		return isxdigit((unsigned char)s[3 + n]) ? 0 : n == 8 ? 32 :
		       n == 16 ? 64 : 0;
	}
	q = s + 1;
	if (s[0] == '2' && n == 1) {
		while (*q == ' ')
			q++;
		if (*q == '^')
			q++;
		else if (q[0] == '*' && q[1] == '*')
			q += 2;
		else
			return 0;
	} else if (s[0] == '1' && n == 1) {
		while (strchr("uUlL", *q) && *q)
			q++;
		while (*q == ' ')
			q++;
		if (q[0] != '<' || q[1] != '<')
			return 0;
		q += 2;
	} else {
		return 0;
	}
	while (*q == ' ')
		q++;
	if (!strncmp(q, "32", 2) && !isalnum((unsigned char)q[2]))
		return 32;
	if (!strncmp(q, "64", 2) && !isalnum((unsigned char)q[2]))
		return 64;
	return 0;
}

unsigned review_says_modulus(const char *text)
{
	const char *s;
	unsigned says = 0, e;

	for (s = text; *s; s++)
		if (isdigit((unsigned char)*s) && (e = review_power_written(text, s)))
			says |= e;
	return says;
}

const char *review_find_cf(const char *text, const char **after)
{
	const char *s = review_find_ci(text, "continued fraction");

	if (s) {
		if (after)
			*after = s + strlen("continued fraction");
		return s;
	}
	/* "cf", "CF", "cf =", "cf:" right before a "[", and "cf is", "cf =",
	 * "cf:" before a number ("its cf is 0, 1, 1, ..."), "cf" before a
	 * list of numbers ("cf 0,1,1,..."): not "cf. the paper" */
	for (s = text; (s = review_word_ci(s, "cf")); s += 2) {
		const char *q = s + 2;
		int sep = 0;
		while (*q == ' ' || *q == '\t')
			q++;
		/* "CF of 0x9e370001/2^32: 0, 1, ...", "its CF ends 18, ...":
		 * the claim's reader takes the ratio and the end */
		if ((!strncasecmp(q, "of", 2) && !isalnum((unsigned char)q[2])) ||
		    (!strncasecmp(q, "ends", 4) && !isalnum((unsigned char)q[4]))) {
			if (after)
				*after = s + 2;
			return s;
		}
		if (*q == '=' || *q == ':')
			q++, sep = 1;
		else if (!strncasecmp(q, "is", 2) && !isalnum((unsigned char)q[2]))
			q += 2, sep = 1;
		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		/* "cf 0,1,1,...": no separator, but a list of numbers */
		if (*q == '[' || (sep && isdigit((unsigned char)*q)) ||
		    (isdigit((unsigned char)*q) && strcspn(q, ",\n") < 24 &&
		     q[strcspn(q, ",\n")] == ',' &&
		     strspn(q, "0123456789 \t") == strcspn(q, ","))) {
			if (after)
				*after = s + 2;
			return s;
		}
	}
	/* "has the expansion 0, 1, 1, ...", "expansion: [0; 1, ...]": the
	 * word right before a list (not "the expansion of 0x9e370001") */
	for (s = text; (s = review_word_ci(s, "expansion")); s += 9) {
		const char *q = s + 9;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == ':' ||
		       *q == '=')
			q++;
		if (!strncasecmp(q, "is", 2) && !isalnum((unsigned char)q[2]))
			for (q += 2; *q == ' ' || *q == '\t' || *q == '\n'; q++)
				;
		if (*q == '[' || (isdigit((unsigned char)*q) &&
		    strchr(q, ',') && strcspn(q, ",") < 24)) {
			if (after)
				*after = s + 9;
			return s;
		}
	}
	return NULL;
}

/* ---- sentences ----------------------------------------------------------- */


/* Whether the '.' at text[i] ends an abbreviation ("e.g.", "i.e.", "cf.",
 * "etc.", "vs.", "approx."), which ends no sentence. */
static int abbreviation(const char *text, size_t i)
{
	static const char *const ab[] = { "e.g", "i.e", "cf", "etc", "vs",
		"approx", "resp", "eq", "fig", "ca", NULL };
	size_t k;

	for (k = 0; ab[k]; k++) {
		size_t n = strlen(ab[k]);
		if (i >= n && !strncasecmp(text + i - n, ab[k], n) &&
		    (i == n || !isalnum((unsigned char)text[i - n - 1])))
			return 1;
	}
	return 0;
}

/* The count before word w ("seven terms", "7 shifts"): >= 0, or -1. */
long review_count_before(const char *text, const char *w, const char **at)
{
	static const char *const num[] = { "zero", "one", "two", "three", "four",
		"five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
		"thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
		"eighteen", "nineteen", "twenty", NULL };
	const char *s = text;

	while ((s = review_word_ci(s, w))) {
		const char *e;
		const char *b = review_word_before(text, s, &e);
		size_t i;
		*at = b;
		if (b < e && isdigit((unsigned char)*b))
			return strtol(b, NULL, 10);
		for (i = 0; num[i]; i++)
			if ((size_t)(e - b) == strlen(num[i]) &&
			    !strncasecmp(b, num[i], strlen(num[i])))
				return (long)i;
		s += strlen(w);
	}
	return -1;
}

/* Whether a copyright or licence line starts at t[k] (its first letter
 * or digit): "(C) 2002 ...", "Copyright ...", "SPDX-License-Identifier:". */
static int copyright(const char *t, size_t k)
{
	return (k > 0 && t[k - 1] == '(' && (t[k] == 'C' || t[k] == 'c') &&
	        t[k + 1] == ')') || !strncasecmp(t + k, "copyright", 9) ||
	       !strncmp(t + k, "SPDX-License-Identifier", 23);
}

/* The sentences of cl->text: ended by '.', '!' or '?' before a blank or
 * the end (not "..." nor an abbreviation; "...." ends one), or by a blank
 * line; only those with a letter or a digit are kept. */
void review_claims_split(claims *cl)
{
	const char *t = cl->text;
	size_t n = strlen(t), a = 0, i;

	for (i = 0; i <= n; i++) {
		size_t b, k;
		if (i == n)
			b = n;
		else if (t[i] == '\n' && t[i + 1] == '\n')
			b = i + 1;
		else if (strchr(".!?", t[i]) && (i + 1 == n ||
		         isspace((unsigned char)t[i + 1])) &&
		         !(t[i] == '.' && i >= 2 && t[i - 1] == '.' &&
		           t[i - 2] == '.' && (i < 3 || t[i - 3] != '.')) &&
		         !(t[i] == '.' && abbreviation(t, i)))
			b = i + 1;
		else
			continue;
		for (k = a; k < b && !isalnum((unsigned char)t[k]); k++)
			;
		if (k < b && copyright(t, k)) {
			/* a copyright line is no claim: the sentence, if any,
			 * starts on the line after it */
			size_t e = k;
			while (e < b && t[e] != '\n')
				e++;
			if (e + 1 < b) {
				a = e + 1;
				i = e;
				continue;
			}
			k = b;
		}
		if (k < b) {
			XGROW(cl->s, cl->caps, cl->ns + 1, "review sentences");
			cl->s[cl->ns++] = (claim_sentence){ k, b, 0 };
		}
		if (b == n)
			break;
		a = b;
		i = b - 1;
	}
}

/* A check read a claim in text[from, to] (to == from: one place). */
void review_claim_read(claims *cl, const char *from, const char *to)
{
	size_t a = (size_t)(from - cl->text), b = (size_t)(to - cl->text), k;

	if (a > b) {
		size_t t = a;
		a = b;
		b = t;
	}
	for (k = 0; k < cl->ns; k++)
		if (cl->s[k].a <= b && a < cl->s[k].b)
			cl->s[k].read = 1;
}

/* Whether sentence k has a line the patch adds. */
int review_sentence_added(const claims *cl, size_t k)
{
	unsigned long l0, l1, l;

	if (!cl->added)
		return 1;
	l0 = review_line_at(cl->text, cl->s[k].a, 0);
	l1 = review_line_at(cl->text, cl->s[k].b ? cl->s[k].b - 1 : 0, 0);
	for (l = l0; l <= l1 && l < strlen(cl->added); l++)
		if (cl->added[l] == '+')
			return 1;
	return 0;
}

/* text[a, b) on one line, blanks folded, at most 100 bytes (then "..."). */
void review_quote(struct buf *q, const char *text, size_t a, size_t b)
{
	size_t k, n = 0;

	for (k = a; k < b; k++) {
		int sp = isspace((unsigned char)text[k]);
		if (sp && (!q->len || buf_str(q)[q->len - 1] == ' '))
			continue;
		if (n++ == 100) {
			buf_printf(q, "...");
			return;
		}
		buf_putc(q, sp ? ' ' : text[k]);
	}
	while (q->len && buf_str(q)[q->len - 1] == ' ')
		q->len--, q->s[q->len] = '\0';
}

/* ---- negation ------------------------------------------------------------ */

/*
 * A claim is denied when an odd number of negations govern it, as a
 * reader takes it: a negation governs what follows it in its clause.
 * Negations: not, no, never, nor, neither, none, nothing, cannot,
 * without, hardly, a word ending in n't ("isn't"), and "non-" ("not
 * non-prime" affirms).  A clause ends at , ; : ( ) or a sentence's '.',
 * and before but, and, which, while, whereas, although, though, yet, so,
 * because, since or nor (which also negates what follows it).  A
 * negation before a focus or bound word denies nothing: "not only", "not
 * just", "not merely", "isn't simply", "not solely", "nothing but",
 * "none other than", "no more than", "not less than", "no fewer than".
 */
static const char *const neg_words[] = { "not", "no", "never", "nor",
	"neither", "none", "nothing", "cannot", "without", "hardly", NULL };
static const char *const neg_focus[] = { "only", "just", "merely",
	"simply", "solely", "but", "other", "more", "less", "fewer", "greater",
	"smaller", NULL };
static const char *const neg_bounds[] = { "but", "and", "which", "while",
	"whereas", "although", "though", "yet", "so", "because", "since",
	"nor", NULL };

static int neg_wordc(int c)
{
	return isalnum(c) || c == '\'' || c >= 0x80;
}

static int in_list(const char *s, size_t n, const char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++)
		if (n == strlen(list[i]) && !strncasecmp(s, list[i], n))
			return 1;
	return 0;
}

static int neg_punct(const char *s)
{
	return strchr(",;:()", *s) || ((*s == '.' || *s == '!' || *s == '?') &&
	       (!s[1] || isspace((unsigned char)s[1])) && s[1] != '.');
}

/* Where the clause that holds `at` begins in text: after the last
 * punctuation before it, or at the last boundary word. */
static const char *neg_clause(const char *text, const char *at)
{
	const char *s = at;

	while (s > text) {
		const char *e;
		if (neg_punct(s - 1))
			return s;
		if (!neg_wordc((unsigned char)s[-1])) {
			s--;
			continue;
		}
		e = s;
		while (s > text && neg_wordc((unsigned char)s[-1]))
			s--;
		if (in_list(s, (size_t)(e - s), neg_bounds))
			return s;
	}
	return text;
}

/* Whether the negations of the clause of `from`, up to `to` (the claim's
 * content: its word, or the list a keyword introduces), deny it; the
 * clause's start into *start (may be NULL). */
int review_negated(const char *text, const char *from, const char *to,
                   const char **start)
{
	const char *s = neg_clause(text, from);
	int odd = 0;

	if (start)
		*start = s;
	while (s < to) {
		const char *b = s, *q;
		size_t n;
		if (neg_punct(s)) {
			odd = 0;
			s++;
			continue;
		}
		if (!neg_wordc((unsigned char)*s)) {
			s++;
			continue;
		}
		while (s < to && neg_wordc((unsigned char)*s))
			s++;
		n = (size_t)(s - b);
		if (in_list(b, n, neg_bounds)) {
			odd = n == 3 && !strncasecmp(b, "nor", 3);
			continue;
		}
		if (!in_list(b, n, neg_words) &&
		    !(n >= 3 && !strncasecmp(s - 3, "n't", 3)) &&
		    !(n >= 5 && !strncmp(s - 5, "n\xe2\x80\x99t", 5)) &&
		    !(n == 3 && !strncasecmp(b, "non", 3) && *s == '-' &&
		      /* the NAF's name, "non-adjacent form", denies nothing */
		      strncasecmp(s, "-adjacent", 9)))
			continue;
		/* the next word: a focus or bound word takes the negation */
		for (q = s; *q && !neg_wordc((unsigned char)*q) && !neg_punct(q);
		     q++)
			;
		for (n = 0; neg_wordc((unsigned char)q[n]); n++)
			;
		if (!in_list(q, n, neg_focus))
			odd ^= 1;
	}
	return odd;
}

/* Report a claim whose plain form (the property, as if not denied)
 * holds or not: yes says it holds, no says it does not.  Not denied:
 * NOTE yes, or WARNING no.  Denied (neg; the clause text[qa, qb) quoted):
 * WARNING when the property holds, NOTE when it does not. */
void review_claim_verdict(review *r, size_t mi, unsigned long line, int neg,
                          int holds, const char *qa, const char *qb,
                          const char *yes, const char *no)
{
	const review_mult *m = &r->mult[mi];
	struct buf q = { 0 };

	if (!neg) {
		review_add(r, holds ? REVIEW_NOTE : REVIEW_WARNING, m->file, line,
		           mi, "claim", "%s", holds ? yes : no);
		return;
	}
	review_quote(&q, qa, 0, (size_t)(qb - qa));
	review_add(r, holds ? REVIEW_WARNING : REVIEW_NOTE, m->file, line, mi,
	           "claim", holds ? "denied (\"%s\"), but true: %s" :
	           "denial confirmed (\"%s\"): %s", buf_str(&q), holds ? yes : no);
	buf_free(&q);
}

/* ---- power sums ------------------------------------------------------------ */

/* A power sum that goes on past the line break at e, in a comment's
 * text from `from`: "2^63 + 2^61 - 2^57 + 2^54\n * - 2^51 - 2^18 + 1"
 * (the next line, past its blanks and a "*" that closes nothing, starts
 * with a sign and a term), or "... + 2^54 -\n * 2^51 ..." (this line ends
 * with a sign): the bytes to skip to that line's sum, else 0. */
static size_t sum_join(const char *from, const char *e)
{
	const char *q = e + 1, *p = e;

	if (*e != '\n')
		return 0;
	q += strspn(q, " \t");
	if (*q == '*' && q[1] != '/')
		q++;
	q += strspn(q, " \t");
	while (p > from && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	if (((*q == '+' || *q == '-') && (q[1] == ' ' || q[1] == '\t' ||
	     isdigit((unsigned char)q[1]))) ||
	    (p > from && (p[-1] == '+' || p[-1] == '-') &&
	     isdigit((unsigned char)*q)))
		return (size_t)(q - e);
	return 0;
}

/* review_power_sum_take, and where the sum starts into *where.  The sum
 * is read whole, over every comment line it spans, whatever its length
 * (a 64-bit NAF runs past 128 bytes): its text is malloc'd into *sum. */
/* Does a sign and an ellipsis follow the term that ends at e ("2^31 +
 * ... - 2^16 + 1", "2^32 - ...")?  A single term so cut is a power sum
 * too: it says how the NAF begins (issue 23). */
static int cut_after(const char *e)
{
	e += strspn(e, " \t");
	if (*e != '+' && *e != '-')
		return 0;
	e++;
	e += strspn(e, " \t");
	return !strncmp(e, "...", 3) || !strncmp(e, "\xe2\x80\xa6", 3);
}

int review_power_sum_at(const char *text, unsigned long line0, mpz_t v,
                       char **sum, unsigned long *line, const char **where)
{
	const char *s;

	for (s = text; (s = strstr(s, "2^")); s++) {
		const char *e = s, *st;
		size_t terms = 0, ops = 0;
		cfx_err err;
		if (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '/' ||
		                 (s[-1] == ' ' && s > text + 1 && s[-2] == '/')))
			continue;
		const char *last = s;    /* past its last digit */
		for (;;) {
			size_t j;
			if (*e && strchr("0123456789^+- \t", *e)) {
				if (*e == '^')
					terms++;
				if ((*e == '+' || *e == '-') && e > s)
					ops++;
				if (isdigit((unsigned char)*e))
					last = e + 1;
				e++;
			} else if ((j = sum_join(s, e)))
				e += j;          /* the sum goes on on the next line */
			else
				break;
		}
		/* a sign or a line break after the last term is not the sum's */
		for (const char *q = last; q < e; q++)
			if ((*q == '+' || *q == '-') && q > s)
				ops--;
		e = last;
		/* terms before the first 2^ ("1 - 2^16 + ..."): back over
		 * numbers, signs and blanks of the same line, not into a word
		 * ("x1 + 2^3") or a ratio */
		st = s;
		while (st > text && strchr("0123456789+- \t", st[-1]))
			st--;
		while (st < s && st > text && (isalnum((unsigned char)st[-1]) ||
		       strchr("/._^", st[-1])) && isdigit((unsigned char)*st))
			st++;
		while (st < s && (*st == ' ' || *st == '\t' || *st == '+'))
			st++;
		if (st < s && isdigit((unsigned char)*st)) {
			const char *q;
			for (q = st; q < s; q++)
				if (*q == '+' || *q == '-')
					ops++, terms++;
		} else {
			st = s;
		}
		if ((terms < 2 || !ops) && !(terms == 1 && st == s &&
		                             cut_after(last)))
			continue;
		struct buf b = { 0 };
		for (const char *q = st; q < e; q++) {
			size_t j = sum_join(st, q);
			if (j) {
				q += j - 1;      /* a line break inside it: a blank */
				if (b.len && b.s[b.len - 1] != ' ')
					buf_putc(&b, ' ');
				continue;
			}
			if ((*q == ' ' || *q == '\t') && b.len && b.s[b.len - 1] == ' ')
				continue;
			buf_putc(&b, *q == '\t' ? ' ' : *q);
		}
		if (constant_value(buf_str(&b), NULL, NULL, v, &err) < 0) {
			buf_free(&b);
			continue;
		}
		*sum = buf_take(&b);
		*line = review_line_at(text, (size_t)(st - text), line0);
		*where = st;
		return 1;
	}
	return 0;
}

char *review_power_sum_take(const char *text, unsigned long line0, mpz_t v,
                            unsigned long *line)
{
	const char *where;
	char *sum;

	return review_power_sum_at(text, line0, v, &sum, line, &where) ? sum : NULL;
}

int review_power_sum(const char *text, unsigned long line0, mpz_t v,
                     char *sum, size_t n, unsigned long *line)
{
	char *all = review_power_sum_take(text, line0, v, line);

	if (!all)
		return 0;
	snprintf(sum, n, "%s", all);
	free(all);
	return 1;
}

/* The first hex literal of 5 digits or more in s[0, n) (0x10000 and up)
 * that is no power of 2 and no 2^k - 1 (a modulus, 0x100000000, or a
 * mask: a constant), its value into v and its place into *at: 1, else
 * 0. */
static int sentence_hex(const char *s, size_t n, mpz_t v, const char **at)
{
	size_t i, d;
	char dig[40];

	for (i = 0; i + 2 < n; i++) {
		if (s[i] != '0' || (s[i + 1] != 'x' && s[i + 1] != 'X') ||
		    (i && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')))
			continue;
		for (d = 0; i + 2 + d < n && isxdigit((unsigned char)s[i + 2 + d]);
		     d++)
			;
		if (d < 5 || d >= sizeof dig)
			continue;
		memcpy(dig, s + i + 2, d);
		dig[d] = '\0';
		mpz_set_str(v, dig, 16);
		if (mpz_popcount(v) == 1 || mpz_scan0(v, 0) ==
		    mpz_sizeinbase(v, 2))
			continue;
		*at = s + i;
		return 1;
	}
	return 0;
}

/* A define's or const's own comment whose sentence names another
 * constant by value and not this one ("0x9e370001 is prime" over
 * #define M 0x61c88647U): its claims are that number's, not checked
 * against this constant (the sentence blanked in the copy returned,
 * NULL when none is), and said: a WARNING when it is the value the
 * constant replaces (the comment was left behind), else a CHECK. */
char *review_foreign_sentences(review *r, size_t i, const char *text,
                               unsigned long line0)
{
	review_mult *m = &r->mult[i];
	mpz_srcptr p = review_written(m);
	claims sp = { 0 };
	char *copy = NULL, *hex = NULL;
	size_t k, c;
	mpz_t v, pw;

	if (m->kind != REVIEW_DEFINE && m->kind != REVIEW_DECL)
		return NULL;
	mpz_inits(v, pw, NULL);
	mpz_fdiv_r_2exp(pw, p, m->bits);
	sp.text = text;
	review_claims_split(&sp);
	for (k = 0; k < sp.ns; k++) {
		const char *a = text + sp.s[k].a, *at;
		size_t n = sp.s[k].b - sp.s[k].a;
		char *sent = xstrndup(a, n), *vh;
		int names = review_text_names(m, sent), old;
		unsigned long line = line0;
		free(sent);
		if (names || !sentence_hex(a, n, v, &at) || !mpz_cmp(v, p) ||
		    !mpz_cmp(v, pw))
			continue;
		if (!copy)
			copy = xstrdup(text), hex = word_hex(pw, m->bits);
		for (c = sp.s[k].a; c < sp.s[k].b; c++)
			if (copy[c] != '\n')
				copy[c] = ' ';
		for (c = 0; text + c < at; c++)
			line += text[c] == '\n';
		old = m->has_old && !mpz_cmp(v, m->old);
		vh = mpz_get_str(NULL, 16, v);
		review_add(r, old ? REVIEW_WARNING : REVIEW_CHECK, m->file, line, i,
		           "claim", "the comment names 0x%s%s, not %s: %s", vh,
		           old ? ", the constant this one replaces" : "", hex,
		           old ? "left behind, its claims not checked" :
		           "its claims are that number's, not checked here");
		free(vh);
	}
	free(sp.s);
	free(hex);
	mpz_clears(v, pw, NULL);
	return copy;
}
