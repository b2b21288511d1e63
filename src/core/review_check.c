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
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <mpfr.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfx/cf.h"
#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/review.h"
#include "cfx/sas.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PHI_D 1.6180339887498949   /* (1 + sqrt(5))/2, for messages */

#define MAX_TERMS 256

/* "N quotients after a0 are 1s" in N's number */
#define QUOTIENTS(n) review_plural((long)(n), "quotient", "quotients")
#define ARE_1S(n) review_plural((long)(n), "is 1", "are 1s")

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
	/* the words parsed once, then one pass over s that tries them only
	 * where a word can start: linear in n (a 10 MB comment of digits
	 * has few such places) */
	struct { const char *w; size_t len; int prefix; } v[64];
	size_t nv = 0, i, j;
	const char *w = words;

	while (*w && nv < sizeof v / sizeof v[0]) {
		size_t k = strcspn(w, " ");
		v[nv].w = w;
		v[nv].prefix = k && w[k - 1] == '*';
		v[nv].len = v[nv].prefix ? k - 1 : k;
		nv += v[nv].len > 0;
		w += k;
		while (*w == ' ')
			w++;
	}
	assert(!*w);                 /* no list longer than v */
	for (i = 0; i < n; i++) {
		if (i && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'))
			continue;
		for (j = 0; j < nv; j++) {
			size_t len = v[j].len;
			if (i + len > n || tolower((unsigned char)s[i]) !=
			    tolower((unsigned char)v[j].w[0]) ||
			    strncasecmp(s + i, v[j].w, len))
				continue;
			if (!v[j].prefix && i + len < n &&
			    (isalnum((unsigned char)s[i + len]) || s[i + len] == '_'))
				continue;
			return s + i;
		}
	}
	return NULL;
}

/* What a sentence needs to state a claim a reviewer would check: a
 * property of a constant cfx knows (its words here), a number in hex, a
 * power of two or an '='.  A sentence with none of them and none of the
 * unchecked kinds' words is plain prose ("This hash multiplies the input
 * by a large odd number" states "odd"; "The name remains" states
 * nothing): no CHECK (issue 23: a CHECK for every plain comment). */
static const char claim_words[] = "prime* composite* golden phi ratio "
	"fraction* convergent* expansion* quotient* naf odd even invers* "
	"negat* sparse weight "
	"equal* factor* divis* period* coprime bijecti* permut* sqrt";

static int states_claim(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '=' || (i + 1 < n && s[i] == '2' &&
		    (s[i + 1] == '^' || (s[i + 1] == '*' && i + 2 < n &&
		                         s[i + 2] == '*'))) ||
		    (i + 2 < n && s[i] == '0' && (s[i + 1] == 'x' ||
		     s[i + 1] == 'X') && isxdigit((unsigned char)s[i + 2])))
			return 1;
	return first_word(s, n, claim_words) != NULL;
}

/* Whether the word at `at` (of s[0, n)) is "random" or "pseudo-random"
 * saying what a test feeds in ("on edge and pseudo-random inputs", the
 * header of cfx's own KUnit test): the inputs, no claim about the
 * hash's distribution. */
static int random_inputs(const char *s, size_t n, const char *at)
{
	static const char *const what[] = { "input", "inputs", "test",
		"tests", "data", NULL };
	const char *e = at, *end = s + n;
	size_t k;

	if (strncasecmp(at, "random", 6))
		return 0;
	e += 6;
	while (e < end && isspace((unsigned char)*e))
		e++;
	for (k = 0; what[k]; k++) {
		size_t l = strlen(what[k]);
		if ((size_t)(end - e) >= l && !strncasecmp(e, what[k], l) &&
		    (e + l == end || !isalnum((unsigned char)e[l])))
			return 1;
	}
	return 0;
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

/* ---- a mail's body ------------------------------------------------------ */

/* A constant of the patch that the mail's body under check may speak of
 * (in a series, one of that mail's patch: r->body_mail). */
static int body_constant(const review *r, const review_mult *m)
{
	return m->kind != REVIEW_SEQUENCE && m->bits &&
	       (r->pt.nmails < 2 || r->pt.mail[m->file] == r->body_mail);
}

/* Which constants sentence k of cl names: 1 when mi does (mi not
 * REVIEW_NONE), else 2 when another does, else 0 (a general sentence). */
static int sentence_names(const review *r, size_t mi, const claims *cl,
                          size_t k)
{
	char *s = xstrndup(cl->text + cl->s[k].a, cl->s[k].b - cl->s[k].a);
	size_t j;
	int named = 0;

	if (mi != REVIEW_NONE && review_text_names(&r->mult[mi], s))
		named = 1;
	for (j = 0; j < r->nmult && !named; j++)
		if (j != mi && body_constant(r, &r->mult[j]) &&
		    review_text_names(&r->mult[j], s))
			named = 2;
	free(s);
	return named;
}

/* How many constants of the patch a body may speak of. */
static size_t body_constants(const review *r)
{
	size_t j, n = 0;

	for (j = 0; j < r->nmult; j++)
		n += body_constant(r, &r->mult[j]);
	return n;
}

/* Whether claims_unchecked lists sentence k for mi: a comment's, all; a
 * body's (cl->body 1), the ones that name mi, and the general ones (that
 * name no constant) when the patch has one constant; for no multiplier
 * (cl->body 3, mi REVIEW_NONE), the general ones of a patch of several. */
static int body_lists(const review *r, size_t mi, const claims *cl, size_t k)
{
	int named;

	if (!cl->body)
		return 1;
	if (cl->body == 2)
		return 0;
	named = sentence_names(r, mi, cl, k);
	if (cl->body == 3)
		return !named;
	return named == 1 || (!named && body_constants(r) == 1);
}

/* Whether the line at s (n bytes) is a mail header or a trailer: "From "
 * (an mbox line), or "NAME: value" with NAME a header's (From, To, Cc,
 * Subject, Date, Message-Id, Link, Fixes, ...), an X- one, or a
 * trailer's ending in -by (Signed-off-by, Reviewed-by, ...). */
static int header_line(const char *s, size_t n)
{
	static const char *const names[] = { "from", "to", "cc", "bcc", "date",
		"subject", "reply-to", "message-id", "in-reply-to", "references",
		"link", "fixes", "closes", "mime-version", "content-type",
		"content-transfer-encoding", NULL };
	size_t k, i;

	if (n >= 5 && !strncmp(s, "From ", 5))
		return 1;
	for (k = 0; k < n && (isalnum((unsigned char)s[k]) || s[k] == '-'); k++)
		;
	if (!k || k >= n || s[k] != ':' || (k + 1 < n && s[k + 1] != ' ' &&
	    s[k + 1] != '\t'))
		return 0;
	if ((k > 3 && !strncasecmp(s + k - 3, "-by", 3)) ||
	    (k > 2 && !strncasecmp(s, "x-", 2)))
		return 1;
	for (i = 0; names[i]; i++)
		if (strlen(names[i]) == k && !strncasecmp(s, names[i], k))
			return 1;
	return 0;
}

/* The body as its claims are read: a mail's header block at its start
 * (a quoted reply's "> From ...", "> Cc: ...", up to the first blank
 * line) and its trailers (Signed-off-by:, Cc:, Link: ...) blanked, their
 * lines kept, so that no header word runs into a sentence. */
static char *body_text(const char *body)
{
	char *t = xstrdup(body), *s = t;
	int block = -1;              /* -1: before the first line, 1: in it */

	while (*s) {
		size_t n = strcspn(s, "\n");
		int blank = !s[strspn(s, " \t")] || strspn(s, " \t") >= n;
		if (block == -1 && !blank)
			block = header_line(s, n);
		if (block == 1 && blank)
			block = 0;
		if (block == 1 || header_line(s, n))
			memset(s, ' ', n);
		s += n + (s[n] == '\n');
	}
	return t;
}

/* Every sentence the patch adds that makes a claim no check computes, as
 * a CHECK naming the claim and why: each kind of unchecked claim in it
 * (a compiler, speed, distribution, provenance, a judgement), and a
 * sentence no check read at all. */
static void claims_unchecked(review *r, size_t mi, claims *cl)
{
	enum { NU = sizeof unchecked / sizeof unchecked[0] };
	size_t file = mi == REVIEW_NONE ? r->pt.body_file : r->mult[mi].file;
	size_t k, u, j;

	for (k = 0; k < cl->ns; k++) {
		const claim_sentence *st = &cl->s[k];
		const char *sa = cl->text + st->a;
		size_t n = st->b - st->a, nc = 0;
		/* the clauses of the sentence that make unchecked claims, each
		 * with its kinds: one CHECK a clause, not one a kind */
		struct { size_t a, b; unsigned kinds; } c[NU];
		int any = 0;
		struct buf q = { 0 };
		if (!review_sentence_added(cl, k) || !body_lists(r, mi, cl, k))
			continue;
		const char *target = first_word(sa, n, targets);
		for (u = 0; u < NU; u++) {
			const char *at = first_word(sa, n, unchecked[u].words);
			size_t ca, cb;
			/* "random inputs": what a test feeds in, no claim */
			while (at && random_inputs(sa, n, at))
				at = first_word(at + 6,
				                n - (size_t)(at + 6 - sa),
				                unchecked[u].words);
			/* "on x86" with no speed claim: what the compiler makes */
			if (!at && !u && target && !first_word(sa, n,
			                                       unchecked[1].words))
				at = target;
			if (!at)
				continue;
			any = 1;
			clause_of(cl->text, st->a, st->b, at, &ca, &cb);
			for (j = 0; j < nc && (c[j].a != ca || c[j].b != cb); j++)
				;
			if (j == nc)
				c[nc].a = ca, c[nc].b = cb, c[nc++].kinds = 0;
			c[j].kinds |= 1u << u;
		}
		for (j = 0; j < nc; j++) {
			struct buf what = { 0 }, why = { 0 };
			unsigned left = c[j].kinds;
			for (u = 0; u < NU; u++) {
				if (!(left & 1u << u))
					continue;
				left &= ~(1u << u);
				buf_printf(&what, "%s%s%s", what.len ? (left ? ", " :
				           " and ") : "", unchecked[u].what, target &&
				           u < 2 ? " on a named target" : "");
				buf_printf(&why, "%s%s", why.len ? "; " : "",
				           unchecked[u].why);
			}
			buf_free(&q);
			review_quote(&q, cl->text, c[j].a, c[j].b);
			review_add(r, REVIEW_CHECK, file, review_claim_line(cl,
			           cl->text + c[j].a), mi, "claim", "not checked: "
			           "\"%s\": %s; %s", buf_str(&q), buf_str(&what),
			           buf_str(&why));
			buf_free(&what);
			buf_free(&why);
		}
		if (!any && !st->read && !cl->body && states_claim(sa, n)) {
			buf_free(&q);
			review_quote(&q, cl->text, st->a, st->b);
			review_add(r, REVIEW_CHECK, file, review_claim_line(cl,
			           cl->text + st->a), mi, "claim", "not checked: \"%s\": no "
			           "claim cfx computes (it checks expansions, "
			           "convergents, closeness to phi, power sums, "
			           "primality and counts)", buf_str(&q));
		}
		buf_free(&q);
	}
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
		if ((w = review_power_written(text, q)))
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
		    (e - n == text || !isalnum((unsigned char)*(e - n - 1))))
			return strstr(pw[i], "64") || n == 20 ? 64 : 32;
	}
	return 0;
}

static void check_phi(claims *cl)
{
	const char *at = review_word_ci(cl->text, "phi");
	const char *close;
	mpz_t g;
	cf_seq gc;
	cf_golden gs;
	long want;
	int neg;
	unsigned times;

	if (!at)
		at = review_find_ci(cl->text, "golden");
	if (!at)
		return;
	close = review_find_ci(cl->text, "close");
	if (!close)
		close = review_find_ci(cl->text, "near");
	if (!close)
		close = review_find_ci(cl->text, "approximat");
	if (!close)
		close = review_find_ci(cl->text, "roughly");
	/* "about 2^64/phi", "around phi": a hedge only just before it */
	if (!close && ((close = review_word_ci(cl->text, "about")) ||
	               (close = review_word_ci(cl->text, "around"))) &&
	    (!review_find_ci(close, "phi") ||
	     review_find_ci(close, "phi") - close > 24))
		close = NULL;
	if (!close)
		return;
	neg = review_negated(cl->text, close, close, NULL);
	review_claim_read(cl, at, close);
	mpz_init(g);
	expr_golden(g, cl->m->bits);
	cf_init(&gc);
	cf_of_multiplier(&gc, g, cl->m->bits);
	gs = cf_golden_stats(&gc);
	want = gs.prefix;
	times = review_word_ci(cl->text, "phi") ? phi_times(cl->text, at) : 0;
	/* x is the multiplier over 2^bits; the run may be 1 - x's */
	if (cl->c->golden.prefix >= 0 && 2 * cl->c->golden.prefix >= want &&
	    !times && !neg && review_phi_other_ratio(cl, at, close))
		;
	else if (cl->c->golden.prefix >= 0 &&
	         2 * cl->c->golden.prefix >= want && times && !neg)
		/* phi 2^e > 2^e: no e-bit word holds it; x near 1/phi */
		review_add(cl->r, REVIEW_WARNING, cl->m->file,
		           review_claim_line(cl, close), cl->mi, "claim",
		           "close to phi * 2^%u: wrong, phi * 2^%u (about %.4g) "
		           "needs %u bits, more than %s %u-bit word; %s is near "
		           "2^%u/phi%s (about %.4g): the first %ld %s after "
		           "a0 of %s %s (round(2^%u/phi) has %ld)", times, times,
		           ldexp(PHI_D, (int)times), times + 1, times == cl->m->bits ?
		           "the" : "a", times, cl->c->hex, cl->m->bits,
		           cl->c->golden.mirrored ? "^2" : "",
		           ldexp(cl->c->golden.mirrored ? 1 / (PHI_D * PHI_D) :
		                 1 / PHI_D, (int)cl->m->bits), cl->c->golden.prefix,
		           QUOTIENTS(cl->c->golden.prefix),
		           cl->c->golden.mirrored ? "1 - x" : "x",
		           ARE_1S(cl->c->golden.prefix), cl->m->bits, want);
	else if (cl->c->golden.prefix >= 0 && 2 * cl->c->golden.prefix >= want)
		review_add(cl->r, neg ? REVIEW_WARNING : REVIEW_NOTE, cl->m->file,
		           review_claim_line(cl, close), cl->mi, "claim",
		           "%s, the first %ld %s after "
		           "a0 of %s %s (round(2^%u/phi) has %ld); |%s - 1/phi| "
		           "= 2^-%.1f", neg ? "claimed not close to phi, but it is close"
		           : "close to phi: confirmed", cl->c->golden.prefix,
		           QUOTIENTS(cl->c->golden.prefix),
		           cl->c->golden.mirrored ? "1 - x" : "x",
		           ARE_1S(cl->c->golden.prefix), cl->m->bits, want,
		           cl->c->golden.mirrored ? "(1 - x)" : "x",
		           cl->c->golden.mirrored ? cl->c->mbits : cl->c->dbits);
	else {
		char *big = cl->c->golden.max_index ?
		            mpz_get_str(NULL, 10, cl->c->cf.a[cl->c->golden.max_index]) :
		            xstrdup("-");
		review_add(cl->r, neg ? REVIEW_NOTE : REVIEW_WARNING, cl->m->file,
		           review_claim_line(cl, close), cl->mi, "claim",
		           "%s: only %ld %s after a0 "
		           "of %s %s (round(2^%u/phi) has %ld), and x's a_%zu = %s",
		           neg ? "not close to phi: confirmed" :
		           "not close to phi as claimed", cl->c->golden.prefix,
		           QUOTIENTS(cl->c->golden.prefix),
		           cl->c->golden.mirrored ? "1 - x" : "x",
		           ARE_1S(cl->c->golden.prefix), cl->m->bits, want,
		           cl->c->golden.max_index, big);
		free(big);
	}
	cf_clear(&gc);
	mpz_clear(g);
}

/* "within 2^-20 of phi" (2**-20, 2^(-20)): |x - 1/phi| (or |(1 - x) -
 * 1/phi|, the nearer: the kernel's x is near 1/phi, phi's fraction) at
 * most 2^-K, x = p/2^n. */
static void check_within(claims *cl)
{
	const char *at = review_word_ci(cl->text, "within"), *q, *qs;
	char *e;
	long k;
	double have;
	int mirrored, neg;
	char yes[300], no[300];

	if (!at || (!review_word_ci(cl->text, "phi") &&
	            !review_find_ci(cl->text, "golden")))
		return;
	for (q = at + 6; *q == ' ' || *q == '\t' || *q == '\n'; q++)
		;
	if (!strncmp(q, "2^", 2))
		q += 2;
	else if (!strncmp(q, "2**", 3))
		q += 3;
	else
		return;
	if (*q == '(')
		q++;
	if (*q != '-' || !isdigit((unsigned char)q[1]))
		return;
	k = strtol(q + 1, &e, 10);
	if (*e == ')')
		e++;
	mirrored = cl->c->mbits > cl->c->dbits;
	have = mirrored ? cl->c->mbits : cl->c->dbits;
	review_claim_read(cl, at, e);
	neg = review_negated(cl->text, at, at, &qs);
	snprintf(yes, sizeof yes, "within 2^-%ld of 1/phi: confirmed, |%s - "
	         "1/phi| = 2^-%.1f (x = %s/2^%lu)", k, mirrored ? "(1 - x)" :
	         "x", have, cl->c->hex, cl->c->bits);
	snprintf(no, sizeof no, "within 2^-%ld of 1/phi: wrong, |%s - 1/phi| = "
	         "2^-%.1f, more than 2^-%ld (x = %s/2^%lu)", k, mirrored ?
	         "(1 - x)" : "x", have, k, cl->c->hex, cl->c->bits);
	review_claim_verdict(cl->r, cl->mi, review_claim_line(cl, at), neg,
	                     have >= (double)k, qs, e, yes, no);
}

/* Where "golden prefix" is in text (its words apart by blanks or a line
 * break: "its golden\nprefix is 44"), past it into *after; or NULL. */
static const char *golden_words(const char *text, const char **after)
{
	const char *at;

	for (at = text; (at = review_find_ci(at, "golden")); at++) {
		const char *p = at + strlen("golden");
		if (!isspace((unsigned char)*p))
			continue;
		p += strspn(p, " \t\n");
		if (!strncasecmp(p, "prefix", 6)) {
			*after = p + 6;
			return at;
		}
	}
	return NULL;
}

/* "golden prefix N": how many quotients after a0 are 1s. */
static void check_golden_prefix(claims *cl)
{
	const char *q, *qs, *at = golden_words(cl->text, &q);
	unsigned long line;
	long claim;
	int neg;
	char yes[160], no[160];

	if (!at)
		return;
	line = review_claim_line(cl, at);
	review_claim_read(cl, at, at);
	/* "golden prefix 12", "golden prefix: 12", "golden prefix is not 12" */
	for (size_t aside = 0; *q && !isdigit((unsigned char)*q) &&
	     !strchr(".,;", *q) && (size_t)(q - at) < 40 + aside; q++)
		/* "golden prefix (the run of 1s that tracks 1/phi) is 22": an
		 * aside's numbers are not the claim, nor its length */
		if (*q == '(' && strchr(q, ')')) {
			aside += (size_t)(strchr(q, ')') - q);
			q = strchr(q, ')');
		}
	if (!isdigit((unsigned char)*q)) {
		review_add(cl->r, REVIEW_CHECK, cl->m->file, line, cl->mi, "claim",
		           "golden prefix claimed with no number: not checked");
		return;
	}
	claim = strtol(q, NULL, 10);
	neg = review_negated(cl->text, at, q, &qs);
	snprintf(yes, sizeof yes, "golden prefix %ld: confirmed, the first %ld "
	         "%s after a0%s %s", claim, claim, QUOTIENTS(claim),
	         cl->c->golden.mirrored ? " of 1 - x" : "", ARE_1S(claim));
	snprintf(no, sizeof no, "golden prefix wrong: %ld claimed, but %s "
	         "first %ld %s after a0 %s%s: the golden prefix is %ld", claim,
	         cl->c->golden.prefix < claim ? "only the" : "the",
	         cl->c->golden.prefix, QUOTIENTS(cl->c->golden.prefix),
	         ARE_1S(cl->c->golden.prefix), cl->c->golden.mirrored ?
	         " (of 1 - x)" : "", cl->c->golden.prefix);
	review_claim_verdict(cl->r, cl->mi, line, neg, claim == cl->c->golden.prefix, qs, q + 1,
	              yes, no);
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

/* Whether the sentence of cl that holds `at` calls its power sum the NAF
 * ("It is the NAF ...", "NAF form: ...", "non-adjacent form"), not
 * denied ("not the NAF"). */
static int says_naf(const claims *cl, const char *at)
{
	size_t off = (size_t)(at - cl->text), k;
	char *s;
	const char *w;
	int yes;

	for (k = 0; k < cl->ns; k++)
		if (cl->s[k].a <= off && off < cl->s[k].b)
			break;
	if (k == cl->ns)
		return 0;
	s = xstrndup(cl->text + cl->s[k].a, cl->s[k].b - cl->s[k].a);
	if (!(w = review_word_ci(s, "NAF")))
		w = review_find_ci(s, "non-adjacent");
	yes = w && !review_negated(s, w, w, NULL);
	free(s);
	return yes;
}

/* The NAF of the integer p (no word: a top 2^n term kept, so that the
 * sum is p itself, "2^32 - 2^30 + 2^25 + 1" for 0xc2000001), highest
 * first, onto b. */
static void naf_integer(struct buf *b, mpz_srcptr p)
{
	mpz_t z;
	unsigned long e = 0, *ex = NULL;
	int *sg = NULL;
	size_t n = 0, cap = 0, k;

	mpz_init_set(z, p);
	while (mpz_sgn(z) > 0) {
		if (mpz_odd_p(z)) {
			int d = mpz_fdiv_ui(z, 4) == 1 ? 1 : -1;
			XGROW(ex, cap, n + 1, "naf");
			sg = xrealloc(sg, cap * sizeof *sg, "naf");
			ex[n] = e;
			sg[n++] = d;
			if (d > 0)
				mpz_sub_ui(z, z, 1);
			else
				mpz_add_ui(z, z, 1);
		}
		mpz_fdiv_q_2exp(z, z, 1);
		e++;
	}
	for (k = n; k-- > 0; ) {
		if (k + 1 < n)
			buf_puts(b, sg[k] > 0 ? " + " : " - ");
		else if (sg[k] < 0)
			buf_puts(b, "-");
		if (ex[k])
			buf_printf(b, "2^%lu", ex[k]);
		else
			buf_puts(b, "1");
	}
	free(ex);
	free(sg);
	mpz_clear(z);
}

static void check_sum(claims *cl)
{
	char *sum = NULL;
	unsigned long line;
	const char *where, *qs;
	mpz_t v;
	struct buf yes = { 0 }, no = { 0 };
	int neg, holds;
	char *h;

	mpz_init(v);
	/* a sequence's power sum is what it claims to compute: its verdict
	 * (review_sequence_verdict) reports it */
	if (!review_power_sum_at(cl->text, cl->line0, v, &sum, &line, &where))
		goto done;
	review_claim_read(cl, where, where);
	if (cl->m->kind == REVIEW_SEQUENCE ||
	    review_sum_cut(cl, where, sum, v, line))   /* "2^31 - ..." */
		goto done;
	mpz_fdiv_r_2exp(v, v, cl->m->bits);
	holds = !mpz_cmp(v, review_written(cl->m));
	neg = review_negated(cl->text, where, where, &qs);
	h = word_hex(v, cl->m->bits);
	buf_printf(&yes, "power sum confirmed: %s = %s%s", sum, cl->c->hex,
	           sum_is_naf(sum) ? " (its NAF)" : "");
	buf_printf(&no, "power sum wrong: %s is %s, not %s = ", sum, h,
	           cl->c->hex);
	naf_integer(&no, review_written(cl->m));
	buf_puts(&no, " (its NAF)");
	free(h);
	if (holds && !neg && !sum_is_naf(sum) && says_naf(cl, where)) {
		/* "It is the NAF 2^31 + 2^30 - ...": the value, not the NAF */
		review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
		           "NAF wrong: %s is %s, but not its NAF (the one signed "
		           "binary form with no two adjacent nonzero digits), which "
		           "has %zu %s: %s", sum, cl->c->hex, naf_weight(&cl->c->naf),
		           review_plural((long)naf_weight(&cl->c->naf), "term", "terms"),
		           cl->c->sum);
		goto done;
	}
	review_claim_verdict(cl->r, cl->mi, line, neg, holds, qs, where + strlen(sum), yes.s,
	              no.s);
	if (holds && !neg && !sum_is_naf(sum))
		review_add(cl->r, REVIEW_CHECK, cl->m->file, line, cl->mi, "claim",
		           "the power sum is not the NAF, which has %zu %s: %s",
		           naf_weight(&cl->c->naf),
		           review_plural((long)naf_weight(&cl->c->naf), "term", "terms"),
		           cl->c->sum);
done:
	buf_free(&yes);
	buf_free(&no);
	free(sum);
	mpz_clear(v);
}

/* What a primality claim of cl is about: a constant's comment, or a
 * step's (cl->body 2: m->own is that step's product), the constant as
 * written, named by nothing more (*of empty); a sequence's comment on
 * the whole, the constant it names (m->claim, the first it names) or,
 * naming none, the product its code computes, named in *of, a
 * prefix ("the sequence's product 0x9e370001: ") since the comment
 * stands above code, not beside a value.  A mail's body (cl->body 1) is
 * about the patch's defines, whose own check reads it: NULL, unjudged
 * for a sequence. */
static mpz_srcptr prime_value(const claims *cl, char *of, size_t n)
{
	const review_mult *m = cl->m;
	mpz_srcptr v;
	char *h, *ph;

	*of = '\0';
	if (m->kind != REVIEW_SEQUENCE || cl->body == 2)
		return review_written(m);
	if (cl->body)
		return NULL;
	v = m->has_claim ? m->claim : m->p;
	h = word_hex(v, m->bits);
	ph = word_hex(m->p, m->bits);
	if (mpz_cmp(v, m->p))
		snprintf(of, n, "the constant its comment names, %s (the "
		         "sequence computes %s): ", h, ph);
	else
		snprintf(of, n, "the sequence's product %s: ", h);
	free(h);
	free(ph);
	return v;
}

static void prime_at(claims *cl, const char *at, mpz_srcptr v, const char *of);

/* "prime" (its first word: prime, primes, primality, nonprime) and, in
 * another sentence or clause, "composite": each claim judged, about the
 * value prime_value says. */
static void check_prime(claims *cl)
{
	const char *at = review_word_ci(cl->text, "prime"), *comp;
	char of[160];
	mpz_srcptr v = prime_value(cl, of, sizeof of);

	if (!v)
		return;
	if (!at)
		at = review_word_ci(cl->text, "primes");
	if (!at)
		at = review_word_ci(cl->text, "primality");
	if (!at)
		at = review_word_ci(cl->text, "nonprime");
	if (at)
		prime_at(cl, at, v, of);
	if ((comp = review_word_ci(cl->text, "composite")))
		prime_at(cl, comp, v, of);
}

/* The least factor of v below 10^6, or 0 when it has none there. */
static unsigned long least_factor(mpz_srcptr v)
{
	unsigned long f;

	for (f = 2; f < 1000000; f++)
		if (mpz_divisible_ui_p(v, f))
			return f;
	return 0;
}

/* The prime factors of the composite v, "3 x 5^2 x 17", into b, when
 * expr_factor finds them all within its budget (about 0.2 s): 1, else
 * 0 (b left empty). */
static int factors_said(struct buf *b, mpz_srcptr v)
{
	mpz_t f[64];
	int n, k, e;

	for (k = 0; k < 64; k++)
		mpz_init(f[k]);
	n = mpz_cmp_ui(v, 1) > 0 ? expr_factor(v, f, 64, EXPR_FACTOR_BUDGET)
	    : -1;
	for (k = 0; k < n; k += e) {
		char *d = mpz_get_str(NULL, 10, f[k]);
		for (e = 1; k + e < n && !mpz_cmp(f[k], f[k + e]); e++)
			;
		buf_printf(b, "%s%s", k ? " x " : "", d);
		free(d);
		if (e > 1)
			buf_printf(b, "^%d", e);
	}
	for (k = 0; k < 64; k++)
		mpz_clear(f[k]);
	return n > 0;
}

static void prime_at(claims *cl, const char *at, mpz_srcptr v, const char *of)
{
	int pr;
	unsigned long f, line;
	struct buf fs = { 0 };

	pr = expr_isprime(v);
	line = review_claim_line(cl, at);
	review_claim_read(cl, at, at);
	if (review_negated(cl->text, at, at, NULL) ^
	    (!strncasecmp(at, "nonprime", 8) || !strncasecmp(at, "composite", 9))) {
		/* "not prime", "non-prime": true when it is composite */
		if (!pr && factors_said(&fs, v))
			review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi, "claim",
			           "%snot prime: confirmed, %s", of, fs.s);
		else if (pr)
			review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
			           "%sclaimed not prime, but it is prime%s", of,
			           pr == 2 ? " (proven)" : " (probable prime)");
		else if ((f = least_factor(v)))
			review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi, "claim",
			           "%snot prime: confirmed, divisible by %lu", of, f);
		else
			review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi, "claim",
			           "%snot prime: confirmed (composite, no factor "
			           "below 10^6)", of);
		buf_free(&fs);
		return;
	}
	if (pr) {
		review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi, "claim",
		           "%sprime: confirmed%s", of, pr == 2 ? " (proven)" :
		           " (probable prime)");
		return;
	}
	if (factors_said(&fs, v))
		review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
		           "%snot prime: %s", of, fs.s);
	else if ((f = least_factor(v)))
		review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
		           "%snot prime: divisible by %lu", of, f);
	else
		review_add(cl->r, REVIEW_WARNING, cl->m->file, line, cl->mi, "claim",
		           "%snot prime (no factor below 10^6)", of);
	buf_free(&fs);
}


/* A count claimed at `at` (its number), read and judged. */
static void count_verdict(claims *cl, const char *at,
                          int holds, const char *yes, const char *no)
{
	const char *qs, *e = at;
	int neg = review_negated(cl->text, at, at, &qs);

	review_claim_read(cl, at, at);
	while (isalnum((unsigned char)*e))         /* "seven terms" */
		e++;
	while (*e == ' ')
		e++;
	while (isalnum((unsigned char)*e))
		e++;
	review_claim_verdict(cl->r, cl->mi, review_claim_line(cl, at), neg, holds, qs, e, yes, no);
}

/* The count before the first of words[] that has one in text ("3 adds"
 * as "3 additions"), or -1; at is its number. */
static long count_of(const char *text, const char *const *words,
                     const char **at)
{
	long k = -1;
	size_t i;

	for (i = 0; words[i] && k < 0; i++)
		k = review_count_before(text, words[i], at);
	return k;
}

static void check_counts(claims *cl)
{
	static const char *const add_words[] = { "additions", "adds",
		"addition", "add", NULL };
	static const char *const sub_words[] = { "subtractions",
		"subtracts", "subs", "subtraction", "subtract", "sub", NULL };

	const char *at, *at_s;
	long k, ks;
	sas_cost sc = sas_count(&cl->c->sas);
	size_t w = naf_weight(&cl->c->naf);
	unsigned long shifts = cl->m->kind == REVIEW_SEQUENCE ? cl->m->shifts : sc.shifts;
	unsigned long adds = cl->m->kind == REVIEW_SEQUENCE ? cl->m->adds
	                     : sc.adds + sc.subs;
	char yes[400], no[400];

	if ((k = review_count_before(cl->text, "terms", &at)) >= 0) {
		snprintf(yes, sizeof yes, "%ld %s: confirmed (the NAF %s)", k,
		         review_plural(k, "term", "terms"), cl->c->sum);
		snprintf(no, sizeof no, "%ld %s claimed; its NAF has %zu: %s", k,
		         review_plural(k, "term", "terms"), w, cl->c->sum);
		count_verdict(cl, at, (size_t)k == w, yes, no);
	}
	if ((k = review_count_before(cl->text, "shifts", &at)) >= 0) {
		snprintf(yes, sizeof yes, "%ld %s claimed: %s has %lu", k,
		         review_plural(k, "shift", "shifts"), cl->m->kind ==
		         REVIEW_SEQUENCE ? "the code" : "the NAF sequence", shifts);
		count_verdict(cl, at, (unsigned long)k == shifts, yes, yes);
	}
	/* "10 additions, 10 subtractions": each against its own count (a
	 * sequence's code counts them together: their sum against its sum);
	 * additions alone count the subtractions too */
	if ((k = count_of(cl->text, add_words, &at)) >= 0 &&
	    (ks = count_of(cl->text, sub_words, &at_s)) >= 0) {
		if (cl->m->kind == REVIEW_SEQUENCE) {
			snprintf(yes, sizeof yes, "%ld additions and %ld subtractions "
			         "claimed, %ld in all: the code has %lu (additions and "
			         "subtractions)", k, ks, k + ks, adds);
			count_verdict(cl, at, (unsigned long)(k + ks) == adds, yes, yes);
			return;
		}
		snprintf(yes, sizeof yes, "%ld %s claimed: the NAF sequence has "
		         "%zu", k, review_plural(k, "addition", "additions"), sc.adds);
		count_verdict(cl, at, (size_t)k == sc.adds, yes, yes);
		snprintf(yes, sizeof yes, "%ld %s claimed: the NAF sequence has "
		         "%zu", ks, review_plural(ks, "subtraction", "subtractions"),
		         sc.subs);
		count_verdict(cl, at_s, (size_t)ks == sc.subs, yes, yes);
	} else if (k >= 0) {
		snprintf(yes, sizeof yes, "%ld %s claimed: %s has %lu "
		         "(additions and subtractions)", k, review_plural(k,
		         "addition", "additions"), cl->m->kind ==
		         REVIEW_SEQUENCE ? "the code" : "the NAF sequence", adds);
		count_verdict(cl, at, (unsigned long)k == adds, yes, yes);
	}
}

/* "its continued fraction starts with thirteen 1s" ("13 ones", "12
 * 1's"): the run of 1s after a0 of x = p/2^n, in a comment that speaks
 * of the expansion (a continued fraction, its quotients). */
static void check_ones(claims *cl)
{
	static const char *const word[] = { "1s", "1's", "ones", NULL };
	const char *at = NULL;
	const cf_seq *cf = &cl->c->cf;
	long k = -1, run = 0;
	size_t i;
	char shape[160], yes[400], no[400];
	char *next;

	if (!review_find_cf(cl->text, NULL) && !review_find_ci(cl->text, "quotient") &&
	    !review_word_ci(cl->text, "expansion"))
		return;
	for (i = 0; word[i] && k < 0; i++)
		k = review_count_before(cl->text, word[i], &at);
	if (k < 0)
		return;
	while ((size_t)run + 1 < cf->n && !mpz_cmp_ui(cf->a[run + 1], 1))
		run++;
	next = (size_t)run + 1 < cf->n ? review_cf_term(cf->a[run + 1]) : NULL;
	/* "[0; 1 x12, 18, ...]" */
	snprintf(shape, sizeof shape, "[0;%s%.0ld%s%s%s]", run ? " 1 x" : "",
	         run, next ? (run ? ", " : " ") : "", next ? next : "",
	         next && (size_t)run + 2 < cf->n ? ", ..." : "");
	snprintf(yes, sizeof yes, "the continued fraction of %s/2^%lu starts "
	         "with %ld %s after a0: confirmed, %s", cl->c->hex, cl->c->bits, k,
	         review_plural(k, "1", "1s"), shape);
	snprintf(no, sizeof no, "wrong: %ld %s claimed, but the continued "
	         "fraction of %s/2^%lu starts with %ld after a0: %s", k,
	         review_plural(k, "1", "1s"), cl->c->hex, cl->c->bits, run, shape);
	count_verdict(cl, at, k == run, yes, no);
	free(next);
}

/* Whether the word s[0, n) is the sequence's input times a number
 * ("computes k * 73": review_about.c's input_times judges it). */
static int input_times_at(const claims *cl, const char *s, size_t n)
{
	const char *p = s + n;

	if (!cl->m || cl->m->kind != REVIEW_SEQUENCE || !cl->m->input ||
	    strlen(cl->m->input) != n || strncmp(s, cl->m->input, n))
		return 0;
	p += strspn(p, " \t");
	if (*p != '*')
		return 0;
	p += 1 + strspn(p + 1, " \t");
	return isdigit((unsigned char)*p);
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
		    (n >= 4 && up == n && memchr(s, '_', n)) ||
		    input_times_at(cl, s, n))
			review_claim_read(cl, s, s);
		if (n)
			s += n - 1;
	}
}

/* The findings from `before` on that say again what one before them
 * said in the same file: dropped.  notes 0: one of the findings before
 * `before` on the same line; 1: a NOTE (a claim confirmed) that any NOTE
 * before it said, wherever (a mail names a number many times): the one
 * kept is said at the first of their lines. */
static void drop_said(review *r, size_t before, int notes)
{
	size_t f, g, n;

	for (f = n = before; f < r->nfind; f++) {
		const review_finding *a = &r->find[f];
		for (g = 0; g < (notes ? n : before); g++)
			if (r->find[g].file == a->file && (notes ? a->level ==
			    REVIEW_NOTE && r->find[g].level == REVIEW_NOTE :
			    r->find[g].line == a->line) && !strcmp(r->find[g].msg,
			                                             a->msg))
				break;
		if (g < (notes ? n : before)) {
			if (notes && a->line < r->find[g].line)
				r->find[g].line = a->line;    /* said at the first */
			free(r->find[f].msg);
		} else
			r->find[n++] = r->find[f];
	}
	r->nfind = n;
}

/* Each sentence of cl (of several) checked again on its own: a check
 * reads the first claim of its kind in a comment, so a second one ("It
 * is prime and close to phi." after another sentence's "prime" and
 * "close") was dropped.  A finding the pass over the whole comment made
 * already is not made twice. */
static void claims_again(claims *cl)
{
	size_t k, q;
	review *r = cl->r;

	if (cl->ns < 2)
		return;
	for (k = 0; k < cl->ns; k++) {
		claims sub = *cl;
		char *t;
		size_t before = r->nfind;
		t = xstrndup(cl->text + cl->s[k].a, cl->s[k].b - cl->s[k].a);
		sub.text = t;
		sub.s = NULL;
		sub.ns = sub.caps = 0;
		sub.line0 = review_line_at(cl->text, cl->s[k].a, cl->line0);
		if (cl->added) {
			size_t off = sub.line0 - cl->line0, len = strlen(cl->added);
			sub.added = cl->added + (off < len ? off : len);
		}
		review_claims_split(&sub);
		review_cf_convergents(sub.r, sub.mi, sub.c, &sub);
		check_phi(&sub);
		check_within(&sub);
		check_golden_prefix(&sub);
		check_sum(&sub);
		check_prime(&sub);
		check_counts(&sub);
		check_ones(&sub);
		for (q = 0; q < sub.ns; q++)
			if (sub.s[q].read)
				cl->s[k].read = 1;
		/* what the pass over the whole comment found already is not
		 * said twice */
		drop_said(r, before, 0);
		free(sub.s);
		free(t);
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
	claims cl = { text, line0, added, NULL, 0, 0, body, r, i, m, &c };
	char *foreign = NULL;    /* text, other constants' sentences blank */
	/* a comment speaks of the constant as written, not of its product
	 * with hash_32()'s own multiplier (m->composite) */
	mpz_srcptr p = review_written(m);
	/* a cast cuts the product (m->written_bits): the claims are about
	 * the constant as written, at its own word, for this check */
	unsigned cut = m->bits;

	if (m->written_bits)
		m->bits = m->written_bits;
	if (!m->bits || m->bits > 64 || mpz_sgn(p) <= 0 ||
	    mpz_sizeinbase(p, 2) > m->bits) {
		m->bits = cut;
		return;
	}
	hex = word_hex(p, m->bits);
	if (constant_make(&c, hex, NULL, NULL, m->bits, 64, &err) < 0) {
		free(hex);
		m->bits = cut;
		return;
	}
	if (!body && (foreign = review_foreign_sentences(r, i, text, line0)))
		cl.text = foreign;
	review_claims_split(&cl);
	review_cf_check(r, i, &cl);
	review_cf_convergents(r, i, &c, &cl);
	check_phi(&cl);
	check_within(&cl);
	review_phi_ratio(&cl);
	review_phi_check(&cl);
	check_golden_prefix(&cl);
	check_sum(&cl);
	review_naf_row(&cl);
	/* a sequence's: about the constant it names or its product; on one
	 * step (body 2, review_about.c's step_other_claims), about that
	 * step's product (prime_value) */
	check_prime(&cl);
	if (m->kind == REVIEW_SEQUENCE)
		sequence_names(&cl);
	check_counts(&cl);
	check_ones(&cl);
	claims_again(&cl);
	claims_unchecked(r, i, &cl);
	free(cl.s);
	constant_free(&c);
	free(hex);
	free(foreign);
	m->bits = cut;
}

void review_claims(review *r, size_t i, const char *text,
                   unsigned long line0, const char *added)
{
	claims_check(r, i, text, line0, added, 0);
}

void review_claims_shared(review *r, size_t i, const char *text,
                          unsigned long line0, const char *added)
{
	claims_check(r, i, text, line0, added, 2);
}

void review_body_claims(review *r, size_t i, int list_unchecked)
{
	review_mult *m = &r->mult[i];
	size_t file = m->file, k = r->nfind, k0 = k, n;
	char *hex, *text;
	claims sp = { 0 };

	if (!r->pt.body)
		return;
	/* the sentences that name another constant, and not this one, are
	 * about that one: blanked here */
	text = body_text(r->pt.body);
	sp.text = text;
	review_claims_split(&sp);
	for (n = 0; n < sp.ns; n++)
		if (sentence_names(r, i, &sp, n) == 2)
			for (size_t c = sp.s[n].a; c < sp.s[n].b; c++)
				if (text[c] != '\n')
					text[c] = ' ';
	free(sp.s);
	m->file = r->pt.body_file;     /* its findings name the mail */
	claims_check(r, i, text, r->pt.body_line, NULL, list_unchecked ? 1 : 2);
	m->file = file;
	free(text);
	/* far from the constant: each says which it is about */
	hex = word_hex(review_written(m), m->bits);
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
	/* "prime: confirmed (proven)" once a number, not at every mention */
	drop_said(r, k0, 1);
}

void review_body_general(review *r)
{
	size_t k = r->nfind;
	char *text;
	claims cl = { 0 };

	if (!r->pt.body || body_constants(r) < 2)
		return;
	text = body_text(r->pt.body);
	cl.text = text;
	cl.line0 = r->pt.body_line;
	cl.body = 3;
	review_claims_split(&cl);
	claims_unchecked(r, REVIEW_NONE, &cl);
	free(cl.s);
	free(text);
	for (; k < r->nfind; k++) {
		struct buf b = { 0 };
		buf_printf(&b, "not checked: general (the sentence names none of "
		           "the patch's constants): %s", r->find[k].msg + 13);
		free(r->find[k].msg);
		r->find[k].msg = buf_take(&b);
	}
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
		if (!m->has_claim) {    /* the first claim: --emit kunit's */
			m->has_claim = 1;
			mpz_set(m->claim, w);
		}
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

	if (m->table_src == REVIEW_TABLE_NOTHING)
		return;                 /* >> its width: said, not judged */
	if (m->shift >= 1)
		review_add(r, REVIEW_NOTE, m->file, m->last, i, "table",
		           "then %s >> %d: bits %u..%d, the top %u of the product, "
		           "index a table of 2^%u", m->name, m->shift, m->bits - 1,
		           m->shift, m->bits - (unsigned)m->shift,
		           m->bits - (unsigned)m->shift);
	else if (m->shift == -2) {
		/* >> (32 - bits) on a 32-bit product keeps the top `bits` bits:
		 * say that, not "the top 32 - (32-bits)" */
		char top[160], id[64];
		unsigned w;
		int end = 0;

		if (sscanf(m->shift_text, "(%u-%63[A-Za-z0-9_])%n", &w, id, &end) ==
		    2 && end == (int)strlen(m->shift_text) && w == m->bits)
			snprintf(top, sizeof top, "the product's top bits, as many as %s,",
			         id);
		else
			snprintf(top, sizeof top, "the top %u - %s bits of the product",
			         m->bits, m->shift_text);
		if (m->table_src == REVIEW_TABLE_CODE)    /* the calls' sizes */
			review_add(r, REVIEW_NOTE, m->file, m->last, i, "table",
			           "then %s >> %s: %s index the table (%s from %s)",
			           m->name, m->shift_text, top, m->ntab > 1 ?
			           "its sizes" : "its size", m->why_table);
		else
			review_add(r, REVIEW_NOTE, m->file, m->last, i, "table",
			           "then %s >> %s: %s index the table (its size is "
			           "not in the code; verify takes tables 2^4..2^20)",
			           m->name, m->shift_text, top);
	}
}

