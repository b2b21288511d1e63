/*
 * review_check.c - what `cfx review` checks once it has found a
 * multiplier: the claims of its comments, a sequence against the constant
 * it names, and the verdict (see review.h).
 *
 * Every claim is checked against cfx's own exact mathematics: the
 * expansion with cf_of_multiplier, closeness to phi with cf_golden_stats,
 * the power sum with the expression evaluator and naf_of, primality with
 * expr_isprime, the counts with sas_count.  A claim is read generously
 * (spacing, "..." for a prefix) and judged strictly.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/review.h"
#include "cfx/sas.h"
#include "cfx/word.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PHI_D 1.6180339887498949   /* (1 + sqrt(5))/2, for messages */

#define MAX_TERMS 256

/* The line of text + off, text starting at line0. */
/* ---- findings ---------------------------------------------------------- */

/* Here, not in review.c, so that review.c calls this file and this file
 * never calls back (tests/build/layers.sh). */
void review_add(review *r, review_level lv, size_t file, unsigned long line,
                size_t mult, const char *kind, const char *fmt, ...)
{
	review_finding *f;
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	XGROW(r->find, r->capf, r->nfind + 1, "review findings");
	f = &r->find[r->nfind++];
	memset(f, 0, sizeof *f);
	f->level = lv;
	f->file = file;
	f->line = line;
	f->mult = mult;
	snprintf(f->kind, sizeof f->kind, "%s", kind);
	f->msg = buf_take(&b);
}

static unsigned long line_at(const char *text, size_t off, unsigned long l0)
{
	size_t i;

	for (i = 0; i < off; i++)
		if (text[i] == '\n')
			l0++;
	return l0;
}

const char *review_find_ci(const char *h, const char *n)
{
	size_t k = strlen(n);

	for (; *h; h++)
		if (!strncasecmp(h, n, k))
			return h;
	return NULL;
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
static unsigned power_written(const char *text, const char *s)
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
		if (isdigit((unsigned char)*s) && (e = power_written(text, s)))
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
	/* "cf", "CF", "cf =", "cf:" right before a "[": not "cf. the paper" */
	for (s = text; (s = review_word_ci(s, "cf")); s += 2) {
		const char *q = s + 2;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '=' || *q == ':')
			q++;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '[') {
			if (after)
				*after = s + 2;
			return s;
		}
	}
	return NULL;
}

/* ---- sentences ----------------------------------------------------------- */

/* One comment under check: its text (line0 its first line), which of its
 * lines the patch adds (added[k] == '+' for line line0 + k; NULL: every
 * line is the patch's), and its sentences, each marked once a check has
 * read a claim in it, so that what no check read is still reported. */
typedef struct claim_sentence {
	size_t a, b;               /* text[a, b) */
	int read;                  /* a check reported a claim in it */
} claim_sentence;

typedef struct claims {
	const char *text;
	unsigned long line0;
	const char *added;
	claim_sentence *s;
	size_t ns, caps;
	int body;                /* a mail's body: 0 no; 1 list the claims no
	                          * check computes, not every sentence; 2 list
	                          * none (another multiplier listed them) */
} claims;

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

/* The sentences of cl->text: ended by '.', '!' or '?' before a blank or
 * the end (not "..." nor an abbreviation; "...." ends one), or by a blank
 * line; only those with a letter or a digit are kept. */
static void claims_split(claims *cl)
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
static void claim_read(claims *cl, const char *from, const char *to)
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
static int sentence_added(const claims *cl, size_t k)
{
	unsigned long l0, l1, l;

	if (!cl->added)
		return 1;
	l0 = line_at(cl->text, cl->s[k].a, 0);
	l1 = line_at(cl->text, cl->s[k].b ? cl->s[k].b - 1 : 0, 0);
	for (l = l0; l <= l1 && l < strlen(cl->added); l++)
		if (cl->added[l] == '+')
			return 1;
	return 0;
}

/* ---- claims no check can compute ---------------------------------------- */

/* The kinds of claim cfx cannot compute, each with its words (a trailing
 * '*' a prefix) and why it is not checked. */
static const struct unchecked {
	const char *words;
	const char *what;
	const char *why;
} unchecked[] = {
	{ "gcc clang icc compiler* compile* optimis* optimiz* codegen "
	  "assembl* asm instruction*",
	  "a compiler's code",
	  "cfx runs no compiler for any target; `cfx naf` shows the shift/add "
	  "sequence, not what a compiler makes of the multiply" },
	{ "fast* slow* quick* cheap* expensive* cycle* latency throughput "
	  "perform* speed* efficien* cost*",
	  "a speed claim",
	  "speed is measured on a machine, not computed from the number "
	  "(`cfx bench` times the multiply and the shifts here)" },
	{ "distribut* spread* uniform* random* collision* collide* "
	  "avalanche mixing mixes chi clustering",
	  "a distribution claim",
	  "it names no keys or test to repeat; cfx's measure is verify's "
	  "battery (the verdict)" },
	{ "found search* chose chosen picked select* tested benchmark* "
	  "measur* verified paper* experiment*",
	  "how it was found or measured",
	  "a search or a measurement cannot be re-run from a comment" },
	{ "suitable suited ideal good better best worse bad safe recommend*",
	  "a judgement",
	  "it names no property cfx can compute" },
};

/* Targets a claim may name: alone ("on SPARC") they make a claim about a
 * compiler's code (unchecked[0]); with it they are named in it. */
static const char targets[] = "sparc mips x86 x86_64 i386 i686 amd64 arm "
	"arm64 aarch64 alpha powerpc ppc ppc64 ia64 itanium s390 m68k riscv";

/* The first word of the list words (see unchecked) in s[0, n), as a whole
 * word or, with a trailing '*', a word's beginning; NULL if none. */
static const char *first_word(const char *s, size_t n, const char *words)
{
	const char *best = NULL, *w = words;

	while (*w) {
		size_t k = strcspn(w, " ");
		int prefix = k && w[k - 1] == '*';
		size_t len = prefix ? k - 1 : k, i;
		for (i = 0; len && i + len <= n; i++) {
			if ((i && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_')) ||
			    strncasecmp(s + i, w, len))
				continue;
			if (!prefix && i + len < n && (isalnum((unsigned char)s[i + len])
			    || s[i + len] == '_'))
				continue;
			if (!best || s + i < best)
				best = s + i;
			break;
		}
		w += k;
		while (*w == ' ')
			w++;
	}
	return best;
}

/* Where a clause begins at s (a boundary word: "which", "that", "but",
 * ...), or 0. */
static size_t clause_word(const char *s, size_t n)
{
	static const char *const bw[] = { "which", "that", "but", "while",
		"whereas", "because", "since", "although", "so", NULL };
	size_t k;

	for (k = 0; bw[k]; k++) {
		size_t len = strlen(bw[k]);
		if (len < n && !strncasecmp(s, bw[k], len) &&
		    !isalnum((unsigned char)s[len]))
			return len;
	}
	return 0;
}

/* The clause of sentence text[a, b) around at: from the last boundary
 * before it (, ; : ( or a word such as "which", kept) to the next. */
static void clause_of(const char *text, size_t a, size_t b, const char *at,
                      size_t *ca, size_t *cb)
{
	size_t i = (size_t)(at - text), s = a, e = b;

	for (size_t k = a; k < i; k++) {
		if (strchr(",;:()", text[k]))
			s = k + 1;
		else if ((k == a || !isalnum((unsigned char)text[k - 1])) &&
		         clause_word(text + k, b - k))
			s = k;
	}
	for (size_t k = i + 1; k < b; k++) {
		if (strchr(",;:()", text[k]) || (!isalnum((unsigned char)text[k - 1])
		    && clause_word(text + k, b - k))) {
			e = k;
			break;
		}
	}
	while (s < e && !isalnum((unsigned char)text[s]))
		s++;
	while (e > s && (isspace((unsigned char)text[e - 1]) ||
	       text[e - 1] == '.'))
		e--;
	*ca = s;
	*cb = e;
}

/* text[a, b) on one line, blanks folded, at most 100 bytes (then "..."). */
static void quote(struct buf *q, const char *text, size_t a, size_t b)
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

/* Every sentence the patch adds that makes a claim no check computes, as
 * a CHECK naming the claim and why: each kind of unchecked claim in it
 * (a compiler, speed, distribution, provenance, a judgement), and a
 * sentence no check read at all. */
static void claims_unchecked(review *r, size_t mi, claims *cl)
{
	const review_mult *m = &r->mult[mi];
	size_t k, u;

	for (k = 0; k < cl->ns && cl->body != 2; k++) {
		const claim_sentence *st = &cl->s[k];
		const char *sa = cl->text + st->a;
		size_t n = st->b - st->a, ca, cb;
		int any = 0;
		struct buf q = { 0 };
		if (!sentence_added(cl, k))
			continue;
		const char *target = first_word(sa, n, targets);
		for (u = 0; u < sizeof unchecked / sizeof unchecked[0]; u++) {
			const char *at = first_word(sa, n, unchecked[u].words);
			/* "on x86" with no speed claim: what the compiler makes */
			if (!at && !u && target && !first_word(sa, n,
			                                       unchecked[1].words))
				at = target;
			if (!at)
				continue;
			any = 1;
			clause_of(cl->text, st->a, st->b, at, &ca, &cb);
			buf_free(&q);
			quote(&q, cl->text, ca, cb);
			review_add(r, REVIEW_CHECK, m->file, line_at(cl->text, ca,
			           cl->line0), mi, "claim", "not checked: \"%s\": %s%s; "
			           "%s", buf_str(&q), unchecked[u].what, target &&
			           u < 2 ? " on a named target" : "", unchecked[u].why);
		}
		if (!any && !st->read && !cl->body) {
			buf_free(&q);
			quote(&q, cl->text, st->a, st->b);
			review_add(r, REVIEW_CHECK, m->file, line_at(cl->text, st->a,
			           cl->line0), mi, "claim", "not checked: \"%s\": no "
			           "claim cfx computes (it checks expansions, "
			           "convergents, closeness to phi, power sums, "
			           "primality and counts)", buf_str(&q));
		}
		buf_free(&q);
	}
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
static int negated(const char *text, const char *from, const char *to,
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
		    !(n == 3 && !strncasecmp(b, "non", 3) && *s == '-'))
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
static void claim_verdict(review *r, size_t mi, unsigned long line, int neg,
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
	quote(&q, qa, 0, (size_t)(qb - qa));
	review_add(r, holds ? REVIEW_WARNING : REVIEW_NOTE, m->file, line, mi,
	           "claim", holds ? "denied (\"%s\"), but true: %s" :
	           "denial confirmed (\"%s\"): %s", buf_str(&q), holds ? yes : no);
	buf_free(&q);
}

/* ---- the expansion ------------------------------------------------------- */

/* A term in decimal, malloc'd: one of more than 40 digits as its first
 * 12, "...", and its count ("316069943685...(15052 digits)"), so that a
 * huge quotient of a comment's expression cannot flood a finding. */
static char *term_str(mpz_srcptr z)
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
		char *s = term_str(a[i]);
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
		const char *e = best;
		char num[64];
		size_t len;
		while (e > text && e[-1] == ' ')
			e--;
		s = e;
		while (s > text && isalnum((unsigned char)s[-1]))
			s--;
		len = (size_t)(e - s);
		if (!len || len >= sizeof num || !isdigit((unsigned char)*s))
			return 0;
		memcpy(num, s, len);
		num[len] = '\0';
		if (mpz_set_str(n, num, 0) < 0)
			return 0;
	}
	return *k >= 1 && *k <= 65536;
}

/* The claimed terms after p: numbers separated by commas, semicolons and
 * spaces, across lines; *prefix when "..." follows.  Returns how many. */
static size_t claimed_terms(const char *p, mpz_t *a, size_t max, int *prefix,
                            const char **end)
{
	size_t n = 0;

	*prefix = 0;
	for (;;) {
		const char *q = p;
		size_t len = 0;
		char num[80];
		while (*q == ' ' || *q == ',' || *q == ';' || *q == '\n' ||
		       *q == '[' || *q == '\t')
			q++;
		if (!strncmp(q, "...", 3) || !strncmp(q, "\xe2\x80\xa6", 3)) {
			*prefix = 1;
			p = q + 3;
			break;
		}
		while (isdigit((unsigned char)q[len]))
			len++;
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
			unsigned long rep;
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
	if (same_terms(claim, nc, x, nx) || (prefix && nc <= nx &&
	    same_terms(claim, nc, x, nc))) {
		if (trailing0)
			buf_printf(&msg, "continued fraction%s: the claimed expansion "
			           "ends with a term 0 that is not there (a 0 quotient "
			           "cannot follow a0); the %zu terms before it are "
			           "right: %s", of, nx, buf_str(&right));
		else
			buf_printf(&msg, "continued fraction%s confirmed term by term "
			           "(%s%zu terms)", of, prefix ? "a prefix of " : "", nc);
		claim_verdict(r, mi, line, neg, !trailing0, qs, qe, buf_str(&msg),
		              buf_str(&msg));
		goto done;
	}
	if (finite && (kk = removed_at(claim, nc, x, nx)) >= 0) {
		char *v = term_str(x[kk]);
		buf_printf(&msg, "term a_%ld = %s is missing", kk, v);
		free(v);
	} else if (finite && (kk = removed_at(x, nx, claim, nc)) >= 0) {
		char *v = term_str(claim[kk]);
		buf_printf(&msg, "term %ld (%s) is one too many", kk, v);
		free(v);
	} else {
		for (i = 0; i < nc && i < nx; i++)
			if (mpz_cmp(claim[i], x[i]))
				break;
		if (i < nc && i < nx) {
			char *v = term_str(x[i]);
			char *c = term_str(claim[i]);
			buf_printf(&msg, "term a_%zu is %s, not %s", i, v, c);
			free(v);
			free(c);
		} else {
			buf_printf(&msg, "the claim has %zu terms, the expansion %zu",
			           nc, nx);
		}
	}
	buf_printf(&wrong, "continued fraction%s wrong: %s%s; it is %s", of,
	           buf_str(&msg), trailing0 ? ", and the final 0 is not a term"
	           : "", buf_str(&right));
	claim_verdict(r, mi, line, neg, 0, qs, qe, "", buf_str(&wrong));
done:
	buf_free(&msg);
	buf_free(&right);
	buf_free(&wrong);
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
	unsigned long k = m->bits, line = line_at(text, (size_t)(at - text),
	                                          cl->line0);
	size_t nc;
	int prefix, named, neg;
	mpz_t n;
	cf_seq cf;

	mpz_init(n);
	/* "continued fraction [expansion] of N/2^K is ...": the number named */
	named = named_ratio(p, n, &k, &p);
	/* "expansion", "of", "is", ":" ... up to the first number */
	while (*p && !isdigit((unsigned char)*p) && *p != '[' && *p != '.')
		p++;
	if ((!isdigit((unsigned char)*p) && *p != '[') ||
	    (nc = claimed_terms(p, claim, MAX_TERMS, &prefix, &end)) < 2) {
		mpz_clear(n);
		return p;
	}
	if (!named && !claimed_ratio(from, at, n, &k))
		mpz_set(n, m->p), k = m->bits;
	claim_read(cl, at, end);
	cf_init(&cf);
	cf_of_multiplier(&cf, n, k);
	if (mpz_cmp(n, m->p) || k != m->bits) {
		char *ns = mpz_get_str(NULL, 10, n), *ps = mpz_get_str(NULL, 10, m->p);
		review_add(r, REVIEW_WARNING, m->file, line, mi, "claim",
		           "the comment expands %s/2^%lu, but the multiplier is "
		           "%s/2^%u", ns, k, ps, m->bits);
		free(ns);
		free(ps);
	}
	neg = negated(text, at, p, &qs);
	cf_judge(r, mi, line, neg, qs, p, claim, nc, prefix, cf.a, cf.n, 1, NULL);
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

/* "SUBJECT = 0, 1, 1, 1, ..." with no keyword: an expansion of SUBJECT
 * (an expression cf computes: the longest one before the '=', back to
 * the clause's start or another '='), judged against cfx's. */
static void cf_equals_claim(review *r, size_t mi, claims *cl, const char *eq,
                            mpz_t *claim)
{
	const char *text = cl->text, *p = eq + 1, *end, *lo, *s, *qs;
	size_t nc, i, nx;
	int prefix, found = 0, neg;
	cf_seq cf;
	mpz_t *x;
	char what[200];

	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '[')
		p++;
	if (!isdigit((unsigned char)*p))
		return;
	nc = claimed_terms(p, claim, MAX_TERMS, &prefix, &end);
	if (nc < 3 || !memchr(p, ',', (size_t)(end - p)))
		return;
	/* back to another '=', a , ; : or the sentence's end */
	for (lo = eq; lo > text && !strchr("=,;:", lo[-1]) &&
	     !(lo[-1] == '.' && isspace((unsigned char)*lo)); lo--)
		;
	cf_init(&cf);
	for (s = lo; s < eq && !found; s++) {
		if (s > lo && !isspace((unsigned char)s[-1]))
			continue;
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
	claim_read(cl, s, end);
	neg = negated(text, eq, p, &qs);
	cf_judge(r, mi, line_at(text, (size_t)(p - text), cl->line0), neg, qs,
	         p, claim, nc, prefix, x, nx, cf.kind == CF_FINITE, what);
	for (i = 0; i < nx; i++)
		mpz_clear(x[i]);
	free(x);
	cf_clear(&cf);
}

/* Every expansion a comment claims: after each continued-fraction
 * keyword, and after each '=' whose left side cf computes. */
static void check_cf(review *r, size_t mi, claims *cl)
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
			cf_equals_claim(r, mi, cl, e, claim);
	}
	for (i = 0; i < MAX_TERMS; i++)
		mpz_clear(claim[i]);
}

/* ---- convergents --------------------------------------------------------- */

static void check_convergents(review *r, size_t mi, const constant *c,
                              claims *cl)
{
	const char *text = cl->text;
	unsigned long line0 = cl->line0;
	review_mult *m = &r->mult[mi];
	const char *at = review_find_ci(text, "convergent"), *s;
	size_t n = c->cf.n, i;
	mpz_t *p, *q;

	if (!at || !n)
		return;
	p = xmalloc(n * sizeof *p, "convergents");
	q = xmalloc(n * sizeof *q, "convergents");
	for (i = 0; i < n; i++)
		mpz_init(p[i]), mpz_init(q[i]);
	cf_convergents(&c->cf, n, p, q);
	/* fractions A/B after the word, to the end of the sentence */
	for (s = at; *s && *s != '.'; s++) {
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
		claim_read(cl, at, s);
		{
			/* the fraction's own clause, and the keyword's when that
			 * is another ("not a convergent: 5/7") */
			const char *qs;
			int neg = negated(text, s, s, &qs);
			char yes[160], no[160];
			if (qs > at)
				neg ^= negated(text, at, at, NULL);
			snprintf(yes, sizeof yes, "%lu/%lu is convergent p_%zu/q_%zu of "
			         "p/2^%u: confirmed", a, b, i, i, m->bits);
			snprintf(no, sizeof no, "%lu/%lu is not a convergent of p/2^%u",
			         a, b, m->bits);
			claim_verdict(r, mi, line_at(text, (size_t)(s - text), line0),
			              neg, i < n, qs, e2, yes, no);
		}
		s = e2 - 1;
	}
	for (i = 0; i < n; i++)
		mpz_clear(p[i]), mpz_clear(q[i]);
	free(p);
	free(q);
}

/* ---- phi, power sum, prime, counts --------------------------------------- */

/* The e of "phi * 2^e" or "2^e * phi" ('*', "x" or "times"; 2^e as
 * power_written reads it) around the "phi" at `at`: e, else 0. */
static unsigned phi_times(const char *text, const char *at)
{
	static const char *const pw[] = { "2^32", "2^64", "2**32", "2**64",
		"2 ^ 32", "2 ^ 64", "4294967296", "18446744073709551616", NULL };
	const char *q = at + 3, *e = at;
	size_t i, n;

	while (*q == ' ')
		q++;
	if (*q == '*' && q[1] != '*')
		q++;
	else if (*q == 'x' && q[1] == ' ')
		q++;
	else if (!strncasecmp(q, "times ", 6))
		q += 5;
	else
		q = NULL;
	if (q) {
		unsigned w;
		while (*q == ' ')
			q++;
		if ((w = power_written(text, q)))
			return w;
	}
	while (e > text && e[-1] == ' ')
		e--;
	if (e > text && e[-1] == '*')
		e--;
	else if (e > text + 1 && e[-1] == 'x' && e[-2] == ' ')
		e--;
	else if (e - text >= 5 && !strncasecmp(e - 5, "times", 5))
		e -= 5;
	else
		return 0;
	while (e > text && e[-1] == ' ')
		e--;
	for (i = 0; pw[i]; i++) {
		n = strlen(pw[i]);
		if ((size_t)(e - text) >= n && !strncmp(e - n, pw[i], n) &&
		    (e - n == text || !isalnum((unsigned char)e[-n - 1])))
			return strstr(pw[i], "64") || n == 20 ? 64 : 32;
	}
	return 0;
}

static void check_phi(review *r, size_t mi, const constant *c,
                      claims *cl)
{
	const char *text = cl->text;
	unsigned long line0 = cl->line0;
	review_mult *m = &r->mult[mi];
	const char *at = review_word_ci(text, "phi");
	const char *close;
	mpz_t g;
	cf_seq gc;
	cf_golden gs;
	long want;
	int neg;
	unsigned times;

	if (!at)
		at = review_find_ci(text, "golden");
	if (!at)
		return;
	close = review_find_ci(text, "close");
	if (!close)
		close = review_find_ci(text, "near");
	if (!close)
		return;
	neg = negated(text, close, close, NULL);
	claim_read(cl, at, close);
	mpz_init(g);
	expr_golden(g, m->bits);
	cf_init(&gc);
	cf_of_multiplier(&gc, g, m->bits);
	gs = cf_golden_stats(&gc);
	want = gs.prefix;
	times = review_word_ci(text, "phi") ? phi_times(text, at) : 0;
	/* x is the multiplier over 2^bits; the run may be 1 - x's */
	if (c->golden.prefix >= 0 && 2 * c->golden.prefix >= want && times &&
	    !neg)
		/* phi 2^e > 2^e: no e-bit word holds it; x near 1/phi */
		review_add(r, REVIEW_WARNING, m->file,
		           line_at(text, (size_t)(close - text), line0), mi, "claim",
		           "close to phi * 2^%u: wrong, phi * 2^%u (about %.4g) "
		           "needs %u bits, more than %s %u-bit word; %s is near "
		           "2^%u/phi%s (about %.4g): the first %ld quotients after "
		           "a0 of %s are 1s (round(2^%u/phi) has %ld)", times, times,
		           ldexp(PHI_D, (int)times), times + 1, times == m->bits ?
		           "the" : "a", times, c->hex, m->bits,
		           c->golden.mirrored ? "^2" : "",
		           ldexp(c->golden.mirrored ? 1 / (PHI_D * PHI_D) :
		                 1 / PHI_D, (int)m->bits), c->golden.prefix,
		           c->golden.mirrored ? "1 - x" : "x", m->bits, want);
	else if (c->golden.prefix >= 0 && 2 * c->golden.prefix >= want)
		review_add(r, neg ? REVIEW_WARNING : REVIEW_NOTE, m->file,
		           line_at(text, (size_t)(close - text), line0), mi, "claim",
		           "%s, the first %ld quotients after "
		           "a0 of %s are 1s (round(2^%u/phi) has %ld); |%s - 1/phi| "
		           "= 2^-%.1f", neg ? "claimed not close to phi, but it is close"
		           : "close to phi: confirmed", c->golden.prefix,
		           c->golden.mirrored ? "1 - x" : "x", m->bits, want,
		           c->golden.mirrored ? "(1 - x)" : "x",
		           c->golden.mirrored ? c->mbits : c->dbits);
	else {
		char *big = c->golden.max_index ?
		            mpz_get_str(NULL, 10, c->cf.a[c->golden.max_index]) :
		            xstrdup("-");
		review_add(r, neg ? REVIEW_NOTE : REVIEW_WARNING, m->file,
		           line_at(text, (size_t)(close - text), line0), mi, "claim",
		           "%s: only %ld quotients after a0 "
		           "of %s are 1s (round(2^%u/phi) has %ld), and x's a_%zu = %s",
		           neg ? "not close to phi: confirmed" :
		           "not close to phi as claimed", c->golden.prefix, c->golden.mirrored ? "1 - x" : "x",
		           m->bits, want, c->golden.max_index, big);
		free(big);
	}
	cf_clear(&gc);
	mpz_clear(g);
}

/* "golden prefix N": how many quotients after a0 are 1s. */
static void check_golden_prefix(review *r, size_t mi, const constant *c,
                                claims *cl)
{
	const char *text = cl->text;
	unsigned long line0 = cl->line0;
	review_mult *m = &r->mult[mi];
	const char *at = review_find_ci(text, "golden prefix"), *q, *qs;
	unsigned long line;
	long claim;
	int neg;
	char yes[160], no[160];

	if (!at)
		return;
	line = line_at(text, (size_t)(at - text), line0);
	claim_read(cl, at, at);
	q = at + strlen("golden prefix");
	/* "golden prefix 12", "golden prefix: 12", "golden prefix is not 12" */
	while (*q && !isdigit((unsigned char)*q) && !strchr(".,;", *q) &&
	       q - at < 40)
		q++;
	if (!isdigit((unsigned char)*q)) {
		review_add(r, REVIEW_CHECK, m->file, line, mi, "claim",
		           "golden prefix claimed with no number: not checked");
		return;
	}
	claim = strtol(q, NULL, 10);
	neg = negated(text, at, q, &qs);
	snprintf(yes, sizeof yes, "golden prefix %ld: confirmed, the first %ld "
	         "quotients after a0%s are 1s", claim, claim,
	         c->golden.mirrored ? " of 1 - x" : "");
	snprintf(no, sizeof no, "golden prefix wrong: %ld claimed, but only the "
	         "first %ld quotients after a0 are 1s%s", claim, c->golden.prefix,
	         c->golden.mirrored ? " (of 1 - x)" : "");
	claim_verdict(r, mi, line, neg, claim == c->golden.prefix, qs, q + 1,
	              yes, no);
}

/* review_power_sum, and where the sum starts into *where. */
static int power_sum_at(const char *text, unsigned long line0, mpz_t v,
                        char *sum, size_t n, unsigned long *line,
                        const char **where)
{
	const char *s;

	for (s = text; (s = strstr(s, "2^")); s++) {
		const char *e = s, *st;
		size_t terms = 0, ops = 0, k = 0;
		cfx_err err;
		if (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '/' ||
		                 (s[-1] == ' ' && s > text + 1 && s[-2] == '/')))
			continue;
		while (*e && strchr("0123456789^+- \t", *e)) {
			if (*e == '^')
				terms++;
			if ((*e == '+' || *e == '-') && e > s)
				ops++;
			e++;
		}
		while (e > s && strchr(" \t+-", e[-1]))
			e--;
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
		if (terms < 2 || !ops)
			continue;
		for (const char *q = st; q < e && k + 1 < n; q++) {
			if ((*q == ' ' || *q == '\t') && k && sum[k - 1] == ' ')
				continue;
			sum[k++] = *q == '\t' ? ' ' : *q;
		}
		sum[k] = '\0';
		if (constant_value(sum, NULL, NULL, v, &err) < 0)
			continue;
		*line = line_at(text, (size_t)(st - text), line0);
		*where = st;
		return 1;
	}
	return 0;
}

int review_power_sum(const char *text, unsigned long line0, mpz_t v,
                     char *sum, size_t n, unsigned long *line)
{
	const char *where;

	return power_sum_at(text, line0, v, sum, n, line, &where);
}

/* Whether power sum text s (of the value, already checked) is the NAF:
 * every term a power of 2 ("2^k", or a number such as 1), the exponents
 * pairwise at least 2 apart (the NAF is the one signed binary form with
 * no two adjacent nonzero digits), whatever their order and spacing. */
static int sum_is_naf(const char *s)
{
	unsigned long e[130];
	size_t n = 0, i, j;

	while (*s) {
		char *end;
		unsigned long k;
		while (*s == ' ' || *s == '+' || *s == '-')
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s) || n == sizeof e / sizeof e[0])
			return 0;
		k = strtoul(s, &end, 10);
		if (*end == '^') {
			if (k != 2 || !isdigit((unsigned char)end[1]))
				return 0;
			k = strtoul(end + 1, &end, 10);
		} else {
			unsigned long b = 0;
			if (!k || (k & (k - 1)))
				return 0;         /* not a power of 2 */
			while (k >>= 1)
				b++;
			k = b;
		}
		e[n++] = k;
		s = end;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (e[i] + 1 >= e[j] && e[j] + 1 >= e[i])
				return 0;
	return n > 0;
}

static void check_sum(review *r, size_t mi, const constant *c,
                      claims *cl)
{
	const char *text = cl->text;
	unsigned long line0 = cl->line0;
	review_mult *m = &r->mult[mi];
	char sum[256];
	unsigned long line;
	const char *where, *qs;
	mpz_t v;
	struct buf yes = { 0 }, no = { 0 };
	int neg, holds;
	char *h;

	mpz_init(v);
	/* a sequence's power sum is what it claims to compute: its verdict
	 * (review_sequence_verdict) reports it */
	if (!power_sum_at(text, line0, v, sum, sizeof sum, &line, &where))
		goto done;
	claim_read(cl, where, where);
	if (m->kind == REVIEW_SEQUENCE)
		goto done;
	mpz_fdiv_r_2exp(v, v, m->bits);
	holds = !mpz_cmp(v, m->p);
	neg = negated(text, where, where, &qs);
	h = word_hex(v, m->bits);
	buf_printf(&yes, "power sum confirmed: %s = %s%s", sum, c->hex,
	           sum_is_naf(sum) ? " (its NAF)" : "");
	buf_printf(&no, "power sum wrong: %s is %s, not %s = %s", sum, h, c->hex,
	           c->sum);
	free(h);
	claim_verdict(r, mi, line, neg, holds, qs, where + strlen(sum), yes.s,
	              no.s);
	if (holds && !neg && !sum_is_naf(sum))
		review_add(r, REVIEW_CHECK, m->file, line, mi, "claim",
		           "the power sum is not the NAF, which has %zu terms: %s",
		           naf_weight(&c->naf), c->sum);
done:
	buf_free(&yes);
	buf_free(&no);
	mpz_clear(v);
}

static void check_prime(review *r, size_t mi, claims *cl)
{
	const char *text = cl->text;
	unsigned long line0 = cl->line0;
	review_mult *m = &r->mult[mi];
	const char *at = review_word_ci(text, "prime");
	int pr;
	unsigned long f;

	if (!at)
		at = review_word_ci(text, "primes");
	if (!at)
		at = review_word_ci(text, "primality");
	if (!at)
		at = review_word_ci(text, "nonprime");
	if (!at)
		return;
	pr = expr_isprime(m->p);
	claim_read(cl, at, at);
	if (negated(text, at, at, NULL) ^ !strncasecmp(at, "nonprime", 8)) {
		/* "not prime", "non-prime": true when it is composite */
		for (f = 2; !pr && f < 1000000; f++)
			if (mpz_divisible_ui_p(m->p, f))
				break;
		if (pr)
			review_add(r, REVIEW_WARNING, m->file, line_at(text,
			           (size_t)(at - text), line0), mi, "claim",
			           "claimed not prime, but it is prime%s",
			           pr == 2 ? " (proven)" : " (probable prime)");
		else if (f < 1000000)
			review_add(r, REVIEW_NOTE, m->file, line_at(text,
			           (size_t)(at - text), line0), mi, "claim",
			           "not prime: confirmed, divisible by %lu", f);
		else
			review_add(r, REVIEW_NOTE, m->file, line_at(text,
			           (size_t)(at - text), line0), mi, "claim",
			           "not prime: confirmed (composite, no factor below "
			           "10^6)");
		return;
	}
	if (pr) {
		review_add(r, REVIEW_NOTE, m->file, line_at(text, (size_t)(at - text),
		           line0), mi, "claim", "prime: confirmed%s",
		           pr == 2 ? " (proven)" : " (probable prime)");
		return;
	}
	for (f = 2; f < 1000000; f++)
		if (mpz_divisible_ui_p(m->p, f))
			break;
	if (f < 1000000)
		review_add(r, REVIEW_WARNING, m->file, line_at(text, (size_t)(at - text),
		           line0), mi, "claim", "not prime: divisible by %lu", f);
	else
		review_add(r, REVIEW_WARNING, m->file, line_at(text, (size_t)(at - text),
		           line0), mi, "claim", "not prime (no factor below 10^6)");
}

/* The count before word w ("seven terms", "7 shifts"): >= 0, or -1. */
static long count_before(const char *text, const char *w, const char **at)
{
	static const char *const num[] = { "zero", "one", "two", "three", "four",
		"five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
		"thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
		"eighteen", "nineteen", "twenty", NULL };
	const char *s = text;

	while ((s = review_word_ci(s, w))) {
		const char *e = s;
		const char *b;
		size_t i;
		while (e > text && e[-1] == ' ')
			e--;
		b = e;
		while (b > text && isalnum((unsigned char)b[-1]))
			b--;
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

/* A count claimed at `at` (its number), read and judged. */
static void count_verdict(review *r, size_t mi, claims *cl, const char *at,
                          int holds, const char *yes, const char *no)
{
	const char *qs, *e = at;
	int neg = negated(cl->text, at, at, &qs);

	claim_read(cl, at, at);
	while (isalnum((unsigned char)*e))         /* "seven terms" */
		e++;
	while (*e == ' ')
		e++;
	while (isalnum((unsigned char)*e))
		e++;
	claim_verdict(r, mi, line_at(cl->text, (size_t)(at - cl->text),
	              cl->line0), neg, holds, qs, e, yes, no);
}

static void check_counts(review *r, size_t mi, const constant *c,
                         claims *cl)
{
	const char *text = cl->text;
	review_mult *m = &r->mult[mi];
	const char *at;
	long k;
	sas_cost sc = sas_count(&c->sas);
	size_t w = naf_weight(&c->naf);
	unsigned long shifts = m->kind == REVIEW_SEQUENCE ? m->shifts : sc.shifts;
	unsigned long adds = m->kind == REVIEW_SEQUENCE ? m->adds
	                     : sc.adds + sc.subs;
	char yes[400], no[400];

	if ((k = count_before(text, "terms", &at)) >= 0) {
		snprintf(yes, sizeof yes, "%ld terms: confirmed (the NAF %s)", k,
		         c->sum);
		snprintf(no, sizeof no, "%ld terms claimed; its NAF has %zu: %s", k,
		         w, c->sum);
		count_verdict(r, mi, cl, at, (size_t)k == w, yes, no);
	}
	if ((k = count_before(text, "shifts", &at)) >= 0) {
		snprintf(yes, sizeof yes, "%ld shifts claimed: %s has %lu", k,
		         m->kind == REVIEW_SEQUENCE ? "the code" : "the NAF sequence",
		         shifts);
		count_verdict(r, mi, cl, at, (unsigned long)k == shifts, yes, yes);
	}
	if ((k = count_before(text, "additions", &at)) >= 0 ||
	    (k = count_before(text, "adds", &at)) >= 0) {
		snprintf(yes, sizeof yes, "%ld additions claimed: %s has %lu "
		         "(additions and subtractions)", k, m->kind ==
		         REVIEW_SEQUENCE ? "the code" : "the NAF sequence", adds);
		count_verdict(r, mi, cl, at, (unsigned long)k == adds, yes, yes);
	}
}

/* "its continued fraction starts with thirteen 1s" ("13 ones", "12
 * 1's"): the run of 1s after a0 of x = p/2^n, in a comment that speaks
 * of the expansion (a continued fraction, its quotients). */
static void check_ones(review *r, size_t mi, const constant *c, claims *cl)
{
	static const char *const word[] = { "1s", "1's", "ones", NULL };
	const char *text = cl->text, *at = NULL;
	const cf_seq *cf = &c->cf;
	long k = -1, run = 0;
	size_t i;
	char shape[160], yes[400], no[400];
	char *next;

	if (!review_find_cf(text, NULL) && !review_find_ci(text, "quotient"))
		return;
	for (i = 0; word[i] && k < 0; i++)
		k = count_before(text, word[i], &at);
	if (k < 0)
		return;
	while ((size_t)run + 1 < cf->n && !mpz_cmp_ui(cf->a[run + 1], 1))
		run++;
	next = (size_t)run + 1 < cf->n ? term_str(cf->a[run + 1]) : NULL;
	/* "[0; 1 x12, 18, ...]" */
	snprintf(shape, sizeof shape, "[0;%s%.0ld%s%s%s]", run ? " 1 x" : "",
	         run, next ? (run ? ", " : " ") : "", next ? next : "",
	         next && (size_t)run + 2 < cf->n ? ", ..." : "");
	snprintf(yes, sizeof yes, "the continued fraction of %s/2^%lu starts "
	         "with %ld 1s after a0: confirmed, %s", c->hex, c->bits, k, shape);
	snprintf(no, sizeof no, "wrong: %ld 1s claimed, but the continued "
	         "fraction of %s/2^%lu starts with %ld after a0: %s", k, c->hex,
	         c->bits, run, shape);
	count_verdict(r, mi, cl, at, k == run, yes, no);
	free(next);
}

/* A sequence's comment names the constant it computes by a hex literal
 * or a define's name (review.c's sequence_claim judges it): the sentences
 * that do are read. */
static void sequence_names(claims *cl)
{
	const char *t = cl->text, *s;

	for (s = t; *s; s++) {
		size_t n = 0, up = 0;
		if (s > t && (isalnum((unsigned char)s[-1]) || s[-1] == '_'))
			continue;
		while (isalnum((unsigned char)s[n]) || s[n] == '_') {
			up += isupper((unsigned char)s[n]) || s[n] == '_';
			n++;
		}
		if ((n > 4 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ||
		    (n >= 4 && up == n && memchr(s, '_', n)))
			claim_read(cl, s, s);
		if (n)
			s += n - 1;
	}
}

/* review_claims, and review_body_claims with body set (claims.body). */
static void claims_check(review *r, size_t i, const char *text,
                         unsigned long line0, const char *added, int body)
{
	review_mult *m = &r->mult[i];
	constant c;
	char *hex;
	cfx_err err;
	claims cl = { text, line0, added, NULL, 0, 0, body };

	if (!m->bits || m->bits > 64 || mpz_sgn(m->p) <= 0 ||
	    mpz_sizeinbase(m->p, 2) > m->bits)
		return;
	hex = word_hex(m->p, m->bits);
	if (constant_make(&c, hex, NULL, NULL, m->bits, 64, &err) < 0) {
		free(hex);
		return;
	}
	claims_split(&cl);
	check_cf(r, i, &cl);
	check_convergents(r, i, &c, &cl);
	check_phi(r, i, &c, &cl);
	check_golden_prefix(r, i, &c, &cl);
	check_sum(r, i, &c, &cl);
	if (m->kind != REVIEW_SEQUENCE)
		check_prime(r, i, &cl);
	else
		sequence_names(&cl);
	check_counts(r, i, &c, &cl);
	check_ones(r, i, &c, &cl);
	claims_unchecked(r, i, &cl);
	free(cl.s);
	constant_free(&c);
	free(hex);
}

void review_claims(review *r, size_t i, const char *text,
                   unsigned long line0, const char *added)
{
	claims_check(r, i, text, line0, added, 0);
}

void review_body_claims(review *r, size_t i, int list_unchecked)
{
	review_mult *m = &r->mult[i];
	size_t file = m->file, k = r->nfind;
	char *hex;

	if (!r->pt.body)
		return;
	m->file = r->pt.body_file;     /* its findings name the mail */
	claims_check(r, i, r->pt.body, r->pt.body_line, NULL,
	             list_unchecked ? 1 : 2);
	m->file = file;
	/* far from the constant: each says which it is about */
	hex = word_hex(m->p, m->bits);
	for (; k < r->nfind; k++) {
		struct buf b = { 0 };
		const char *msg = r->find[k].msg;
		int nc = !strncmp(msg, "not checked: ", 13);
		buf_printf(&b, "%s%s (%s:%lu): %s", nc ? "not checked: " : "", hex,
		           r->pt.files[m->file], m->line, msg + (nc ? 13 : 0));
		free(r->find[k].msg);
		r->find[k].msg = buf_take(&b);
	}
	free(hex);
}

/* ---- sequences ----------------------------------------------------------- */

void review_sequence_verdict(review *r, size_t i, mpz_srcptr want,
                             const char *what, unsigned long at)
{
	review_mult *m = &r->mult[i];
	uint64_t mask = word_mask(m->bits), a = mpz_get_ui(m->p) & mask, c;
	char *hex = word_hex(m->p, m->bits);

	if (!want) {
		review_add(r, REVIEW_CHECK, m->file, m->line, i, "sequence",
		           "the shift/add sequence computes %s * %s mod 2^%u; its "
		           "comments name no constant to compare it with", m->input,
		           hex, m->bits);
	} else {
		mpz_t w;
		mpz_init(w);
		mpz_fdiv_r_2exp(w, want, m->bits);
		c = mpz_get_ui(w) & mask;
		m->has_claim = 1;
		mpz_set(m->claim, w);
		if (c == a) {
			review_add(r, REVIEW_NOTE, m->file, m->line, i, "sequence",
			           "proved: the shift/add sequence (lines %lu-%lu) computes "
			           "%s = %s * %s mod 2^%u, exactly the multiply by %s",
			           m->line, m->last, m->name, m->input, hex, m->bits, what);
		} else {
			char *wh = word_hex(w, m->bits);
			uint64_t x = 1;
			int k = m->shift;
			if (k >= 1 && k < (int)m->bits) {
				for (x = 1; x < ((uint64_t)1 << 24); x++)
					if ((((x * a) & mask) >> k) != (((x * c) & mask) >> k))
						break;
			}
			if (k >= 1 && k < (int)m->bits && x >= ((uint64_t)1 << 24))
				review_add(r, REVIEW_ERROR, m->file, m->line, i, "sequence",
				           "the shift/add sequence computes %s * %s mod 2^%u, "
				           "not * %s as claimed by %s (no input below 2^24 "
				           "lands in another bucket after >> %d)", m->input,
				           hex, m->bits, wh, what, k);
			else
				review_add(r, REVIEW_ERROR, m->file, m->line, i, "sequence",
				           "the shift/add sequence computes %s * %s mod 2^%u, "
				           "not * %s as claimed by %s: the smallest input that "
				           "differs%s is %s = %llu (%s 0x%llx, the multiply "
				           "0x%llx)", m->input, hex, m->bits, wh, what,
				           k >= 1 ? " in its bucket" : "", m->input,
				           (unsigned long long)x, "the sequence gives",
				           (unsigned long long)(k >= 1 ? ((x * a) & mask) >> k
				                                : (x * a) & mask),
				           (unsigned long long)(k >= 1 ? ((x * c) & mask) >> k
				                                : (x * c) & mask));
			free(wh);
		}
		mpz_clear(w);
		(void)at;
	}
	free(hex);
}

void review_sequence_table(review *r, size_t i)
{
	review_mult *m = &r->mult[i];

	if (m->shift >= 1)
		review_add(r, REVIEW_NOTE, m->file, m->last, i, "table",
		           "then %s >> %d: bits %u..%d, the top %u of the product, "
		           "index a table of 2^%u", m->name, m->shift, m->bits - 1,
		           m->shift, m->bits - (unsigned)m->shift,
		           m->bits - (unsigned)m->shift);
	else if (m->shift == -2)
		review_add(r, REVIEW_NOTE, m->file, m->last, i, "table",
		           "then %s >> %s: the top %u - %s bits of the product index "
		           "the table (its size is not in the code; verify takes "
		           "tables 2^4..2^20)", m->name, m->shift_text, m->bits,
		           m->shift_text);
}

/* ---- the verdict --------------------------------------------------------- */

/* "strides 2^13..2^21, byte 3" : the families of bt that FAIL (and not
 * in old, when given), runs of strides 2^s folded; the worst into *w. */
static void failing(struct buf *b, const verify_battery *bt,
                    const verify_battery *old, size_t *worst, size_t *count)
{
	size_t i, shown = 0;
	long run_lo = -1, run_hi = -1;

	*worst = (size_t)-1;
	*count = 0;
	for (i = 0; i <= bt->nfam; i++) {
		const verify_family *f = i < bt->nfam ? &bt->fam[i] : NULL;
		int bad = f && f->status == VERIFY_FAIL &&
		          (!old || i >= old->nfam ||
		           old->fam[i].status != VERIFY_FAIL);
		if (bad) {
			(*count)++;
			if (*worst == (size_t)-1 || f->worst_r > bt->fam[*worst].worst_r)
				*worst = i;
		}
		if (bad && f->kind == VERIFY_POW2 && run_hi == (long)f->arg - 1) {
			run_hi = f->arg;
			continue;
		}
		if (run_lo >= 0) {
			if (shown++ < 6) {
				if (run_lo == run_hi)
					buf_printf(b, "%sstride 2^%ld", b->len ? ", " : "",
					           run_lo);
				else
					buf_printf(b, "%sstrides 2^%ld..2^%ld", b->len ? ", " :
					           "", run_lo, run_hi);
			}
			run_lo = run_hi = -1;
		}
		if (!bad)
			continue;
		if (f->kind == VERIFY_POW2) {
			run_lo = run_hi = f->arg;
			continue;
		}
		if (shown++ < 6)
			buf_printf(b, "%s%s", b->len ? ", " : "", f->name);
	}
	if (shown > 6)
		buf_printf(b, " and %zu more", shown - 6);
}

void review_verdict(review *r, size_t i, const verify_battery *bt,
                    const verify_battery *old)
{
	review_mult *m = &r->mult[i];
	char *hex = word_hex(m->p, m->bits);
	char tables[224];
	struct buf fams = { 0 }, forms = { 0 };
	size_t worst, count, k;
	char *oldtxt = m->has_old ? (m->old_text ? xstrdup(m->old_text)
	               : mpz_get_str(NULL, 10, m->old)) : NULL;

	if (oldtxt)                     /* 11400714819323198549UL: the number */
		oldtxt[strcspn(oldtxt, "uUlL")] = '\0';

	if (bt->ntables == 1)
		snprintf(tables, sizeof tables, "a table of 2^%u from %s",
		         bt->tables[0], m->why_table);
	else
		snprintf(tables, sizeof tables, "tables 2^%u..2^%u: the code does "
		         "not show the size", bt->tables[0],
		         bt->tables[bt->ntables - 1]);
	for (k = 0; k < bt->nforms; k++)
		if (bt->forms[k].status == VERIFY_FAIL)
			buf_printf(&forms, "%scheck %s", forms.len ? ", " : "",
			           bt->forms[k].name);
	if (bt->status == VERIFY_FAIL) {
		int old_passed = m->has_old && old && old->status != VERIFY_FAIL;
		char wt[64] = "";
		failing(&fams, bt, old_passed ? old : NULL, &worst, &count);
		if (worst != (size_t)-1)
			snprintf(wt, sizeof wt, ", worst %s at R %.3g",
			         bt->fam[worst].name, bt->fam[worst].worst_r);
		if (old_passed)
			review_add(r, REVIEW_ERROR, m->file, m->line, i, "verdict",
			           "%s replaces %s: FAIL where the old one passed (%s%s%s"
			           "%s; %u-bit words, %s)", hex, oldtxt,
			           buf_str(&forms), forms.len && fams.len ? ", " : "",
			           buf_str(&fams), wt, m->bits, tables);
		else
			review_add(r, REVIEW_ERROR, m->file, m->line, i, "verdict",
			           "%s: FAIL, %zu of %zu checks (%s%s%s%s; %u-bit words, "
			           "%s)%s%s%s", hex, bt->nfail, bt->nforms + bt->nfam,
			           buf_str(&forms), forms.len && fams.len ? ", " : "",
			           buf_str(&fams), wt, m->bits, tables,
			           m->has_old ? "; the old " : "",
			           m->has_old ? oldtxt : "",
			           m->has_old ? " FAILs too" : "");
	} else {
		size_t warns = verify_joint_warns(bt);
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
		           "%s: PASS, %zu checks on %u-bit words, %s%s%s%s", hex,
		           bt->nforms + bt->nfam, m->bits, tables,
		           m->has_old ? "; it replaces " : "",
		           m->has_old ? oldtxt : "",
		           m->has_old ? (old && old->status == VERIFY_FAIL ?
		                         ", which FAILs" : ", which passes too") : "");
		if (warns)
			review_add(r, REVIEW_CHECK, m->file, m->line, i, "verdict",
			           "%s: %zu famil%s WARN (cfx verify %s --bits %u "
			           "--full shows them)", hex, warns, warns == 1 ? "y"
			           : "ies", hex, m->bits);
	}
	buf_free(&fams);
	buf_free(&forms);
	free(oldtxt);
	free(hex);
}
