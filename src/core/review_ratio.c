/*
 * review_ratio.c - a comment's "2^32/phi" checked as the integer it
 * names, for `cfx review` (split from review_check.c; see review_int.h):
 * 2^e/phi and 2^e/phi^2 (also written 2^e * (1 - 1/phi), the convention
 * of the kernel's 0x61C88647), rounded, rounded down or to the nearest
 * odd number as the sentence says, computed exactly with GMP (round and
 * floor of 2^e/phi from an integer square root) and shown with MPFR.  A
 * ratio the words before it hedge ("close to", "near", "about",
 * "approximately", "roughly": review_hedged) claims only a closeness,
 * judged by check_phi's one tolerance rule (review_check.c), which
 * holds it to its own number first: "close to 2^32/phi" of a constant
 * near 2^32/phi^2 is wrong (review_phi_other_ratio).
 */
#include <ctype.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfx/expr.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/xalloc.h"

int review_hedged(const char *text, const char *w0)
{
	static const char *const hw[] = { "close to", "near", "nearly",
		"approximately", "approx", "roughly", "about", "around", NULL };
	const char *p = w0;
	size_t k;

	while (p > text && w0 - p < 24 && !strchr(".;:,", p[-1]))
		p--;
	for (; p < w0; p++) {
		if (p > text && isalnum((unsigned char)p[-1]))
			continue;
		for (k = 0; hw[k]; k++)
			if (!strncasecmp(p, hw[k], strlen(hw[k])) &&
			    !isalnum((unsigned char)p[strlen(hw[k])]))
				return 1;
	}
	return 0;
}

/* Whether text[p, q) is a power of 2 as written and nothing else
 * ("2^32", "1ULL << 32", "(1 << 32)", "4294967296"): its characters. */
static int power_only(const char *p, const char *q)
{
	return (size_t)(q - p) <= strspn(p, "0123456789abcdefABCDEFxXuUlL^*<"
	                                 "() \t");
}

/* The power of 2 written just before q (within 24 bytes, nothing else
 * between): its exponent, its start into *w0; else 0. */
static unsigned power_before(const char *text, const char *q,
                             const char **w0)
{
	const char *p;
	unsigned e = 0;

	for (p = q; p > text && q - p < 24 && !e; p--)
		if ((e = review_power_written(text, p - 1)) &&
		    power_only(p - 1, q))
			*w0 = p - 1;
		else
			e = 0;
	return e;
}

/* Past "^2", "**2" or "\xc2\xb2" (a square) at s: where it ends, else s. */
static const char *squared(const char *s)
{
	if (!strncmp(s, "^2", 2) || !strncmp(s, "\xc2\xb2", 2))
		return s + 2;
	if (!strncmp(s, "**2", 3))
		return s + 3;
	return s;
}

/* "2^e * (1 - 1/phi)" around the "1/phi" whose '/' is at q (its phi
 * ending at end): e, with the power's start into *w0 and the group's end
 * into *gend; else 0. */
static unsigned one_minus(const char *text, const char *q, const char *end,
                          const char **w0, const char **gend)
{
	const char *p = q;
	static const char before[] = "1-1(*";  /* read backwards */
	size_t k;

	for (k = 0; before[k]; k++) {
		while (p > text && (p[-1] == ' ' || p[-1] == '\t'))
			p--;
		if (p == text || p[-1] != before[k])
			return 0;
		p--;
	}
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end != ')')
		return 0;
	*gend = end + 1;
	while (p > text && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	return power_before(text, p, w0);
}

/* 2^e/phi (sq: 2^e/phi^2 = 2^e - 2^e/phi) as the sentence rounds it
 * (down: floor; odd: the odd one of floor and ceil; else the nearest,
 * or the odd one when the nearest is even and the constant odd, odd_c)
 * into want, computed exactly (round(2^e/phi) by expr_golden's integer
 * square root, floor(2^e/phi) = floor((isqrt(5 * 4^e) - 2^e) / 2)), the
 * rounding said into rule; its value shown by MPFR, malloc'd. */
static char *ratio_value(unsigned e, int sq, int down, int odd, int odd_c,
                         mpz_t want, char *rule, size_t nrule)
{
	mpz_t near, fl;
	mpfr_t x;
	mpfr_exp_t ex;
	char buf[64], *d;

	mpz_inits(near, fl, NULL);
	expr_golden(near, e);
	mpz_ui_pow_ui(fl, 4, e);
	mpz_mul_ui(fl, fl, 5);
	mpz_sqrt(fl, fl);
	mpz_ui_pow_ui(want, 2, e);
	mpz_sub(fl, fl, want);
	mpz_fdiv_q_2exp(fl, fl, 1);
	if (sq) {               /* 2^e - 2^e/phi: its round and floor */
		mpz_sub(near, want, near);
		mpz_sub(fl, want, fl);
		mpz_sub_ui(fl, fl, 1);
	}
	if (down) {
		mpz_set(want, fl);
		snprintf(rule, nrule, "rounded down");
	} else if (odd) {
		mpz_set(want, fl);
		if (mpz_even_p(want))
			mpz_add_ui(want, want, 1);   /* the odd of floor, ceil */
		snprintf(rule, nrule, "the nearest odd");
	} else if (odd_c && mpz_even_p(near)) {
		/* no rounding said, an odd constant, an even nearest integer:
		 * a multiplier must be odd, and the nearest odd is what such a
		 * comment means (the kernel's GOLDEN_RATIO_64, "2^64 / phi^2",
		 * is 0x...eb where round gives 0x...ea) */
		mpz_set(want, fl);
		if (mpz_even_p(want))
			mpz_add_ui(want, want, 1);
		snprintf(rule, nrule, "to the nearest odd");
	} else {
		mpz_set(want, near);
		snprintf(rule, nrule, "rounded");
	}
	mpz_clears(near, fl, NULL);
	mpfr_init2(x, e + 64);
	mpfr_set_ui(x, 5, MPFR_RNDN);
	mpfr_sqrt(x, x, MPFR_RNDN);
	mpfr_sub_ui(x, x, 1, MPFR_RNDN);
	mpfr_mul_2ui(x, x, e, MPFR_RNDN);
	mpfr_div_2ui(x, x, 1, MPFR_RNDN);   /* 2^e (sqrt 5 - 1)/2 */
	if (sq) {
		mpfr_t p2;
		mpfr_init2(p2, e + 64);
		mpfr_set_ui_2exp(p2, 1, e, MPFR_RNDN);
		mpfr_sub(x, p2, x, MPFR_RNDN);
		mpfr_clear(p2);
	}
	d = mpfr_get_str(NULL, &ex, 10, 0, x, MPFR_RNDN);
	/* its integer part and 4 decimals, or its 6 first digits and its
	 * size when that is long */
	if (ex > 0 && ex <= 40)
		snprintf(buf, sizeof buf, "%.*s.%.4s", (int)ex, d, d + ex);
	else
		snprintf(buf, sizeof buf, "%.6s... (%ld digits)", d, (long)ex);
	mpfr_free_str(d);
	mpfr_clear(x);
	return xstrdup(buf);
}

/* "2^32/phi rounded", "round(2^32 / phi)", "2^32/phi, rounded to the
 * nearest odd number", "floor(2^64/phi)": the integer the comment says
 * the constant is, computed exactly (round(2^e/phi) by expr_golden's
 * integer square root; 2^e/phi itself shown by MPFR), and judged
 * against it; likewise 2^e/phi^2, also written 2^e * (1 - 1/phi) (the
 * kernel's GOLDEN_RATIO_32 0x61C88647 is round(2^32/phi^2)), which is
 * 2^e - 2^e/phi.  Every such ratio of the comment is read; one that the
 * words before it say the constant is only close to (hedged: close to,
 * near, about, approximately, roughly) is left to check_phi, the one
 * tolerance rule of a closeness. */
void review_phi_ratio(claims *cl)
{
	const char *s;

	for (s = cl->text; (s = review_find_ci(s, "phi")); s += 3) {
		const char *q = s, *w0 = NULL, *end = s + 3, *how;
		unsigned e = 0;
		mpz_t want;
		char *shown, *got, *wants, rule[24];
		int neg, odd, down, holds, sq = 0;

		if (s > cl->text && isalnum((unsigned char)s[-1]))
			continue;
		while (q > cl->text && q[-1] == ' ')
			q--;
		if (q == cl->text || q[-1] != '/')
			continue;
		q--;
		if ((e = one_minus(cl->text, q, end, &w0, &end)) != 0) {
			sq = 1;         /* 2^e * (1 - 1/phi) = 2^e/phi^2 */
		} else {
			while (q > cl->text && q[-1] == ' ')
				q--;
			/* the power of 2 before the '/', nothing between */
			e = power_before(cl->text, q, &w0);
			if (squared(end) != end)
				sq = 1, end = squared(end);
		}
		if (!e || e > 256 || !w0)
			continue;
		/* the rounding the sentence says (to its end) */
		for (how = end; *how && *how != '.' && how - end < 80; how++)
			;
		odd = !!review_find_ci(w0, "odd") &&
		      review_find_ci(w0, "odd") < how;
		down = (review_find_ci(w0, "floor") &&
		        review_find_ci(w0, "floor") < how) ||
		       (review_find_ci(w0, "truncat") &&
		        review_find_ci(w0, "truncat") < how) ||
		       (review_find_ci(w0, "rounded down") &&
		        review_find_ci(w0, "rounded down") < how);
		if (w0 >= cl->text + 6 && !strncasecmp(w0 - 6, "floor(", 6))
			down = 1;
		/* "close to 2^32/phi" with no rounding said: a closeness,
		 * check_phi's, not the integer 2^32/phi rounds to */
		if (review_hedged(cl->text, w0) && !odd && !down &&
		    !(review_find_ci(w0, "round") &&
		      review_find_ci(w0, "round") < how)) {
			review_claim_read(cl, w0, how);
			continue;
		}
		mpz_init(want);
		shown = ratio_value(e, sq, down, odd,
		                    mpz_odd_p(review_written(cl->m)), want, rule,
		                    sizeof rule);
		review_claim_read(cl, w0, how);
		neg = review_negated(cl->text, w0, end, NULL);
		holds = !mpz_cmp(want, review_written(cl->m));
		got = word_hex(review_written(cl->m), cl->m->bits);
		wants = mpz_get_str(NULL, 16, want);
		{
			char *wd = mpz_get_str(NULL, 10, want);
			const char *sqs = sq ? "^2" : "";
			unsigned long at = review_claim_line(cl, w0);
			if (holds != neg)
				review_add(cl->r, REVIEW_NOTE, cl->m->file, at,
				           cl->mi, "claim", "2^%u/phi%s = %s, %s: %s "
				           "= 0x%s; %s %s it: confirmed", e, sqs, shown,
				           rule, wd, wants, got, holds ? "is" :
				           "is not");
			else
				review_add(cl->r, REVIEW_WARNING, cl->m->file, at,
				           cl->mi, "claim", "2^%u/phi%s wrong: "
				           "2^%u/phi%s = %s, %s: %s = 0x%s, and %s %s "
				           "it", e, sqs, e, sqs, shown, rule, wd, wants,
				           got, holds ? "is" : "is not");
			free(wd);
		}
		free(shown);
		free(got);
		free(wants);
		mpz_clear(want);
	}
}

/* The ratio a closeness claim names before the "phi" at `at`:
 * "2^e/phi", "2**e / phi", "4294967296/phi" (e, else 0), and whether
 * phi is squared after it ("phi^2", "phi**2", "phi squared": *sq). */
static unsigned ratio_before(const char *text, const char *at, int *sq)
{
	const char *e = at, *d, *q = at + 3;
	unsigned long x;

	*sq = !strncmp(q, "^2", 2) || !strncmp(q, "**2", 3) ||
	      !strncmp(q, "\xc2\xb2", 2) || !strncasecmp(q, " squared", 8);
	while (e > text && e[-1] == ' ')
		e--;
	if (e == text || e[-1] != '/')
		return 0;
	e--;
	while (e > text && e[-1] == ' ')
		e--;
	for (d = e; d > text && isdigit((unsigned char)d[-1]); d--)
		;
	if (d == e || e - d > 20 ||
	    (d > text && isalnum((unsigned char)d[-1]) && d[-1] != 'x'))
		return 0;
	if (e - d == 10 && !strncmp(d, "4294967296", 10))
		return 32;
	if (e - d == 20 && !strncmp(d, "18446744073709551616", 20))
		return 64;
	x = strtoul(d, NULL, 10);
	if (d - text >= 2 && d[-1] == '^' && d[-2] == '2' &&
	    (d - 2 == text || !isalnum((unsigned char)d[-3])))
		return x <= 64 ? (unsigned)x : 0;
	if (d - text >= 3 && !strncmp(d - 3, "2**", 3) &&
	    (d - 3 == text || !isalnum((unsigned char)d[-4])))
		return x <= 64 ? (unsigned)x : 0;
	return 0;
}

/* "close to 2^e/phi" of a constant near 2^e/phi^2 (= 2^e - 2^e/phi), or
 * "close to 2^e/phi^2" of one near 2^e/phi: the run of 1s the golden
 * rule counts is the other one's (1 - x's, or x's), so the claim's own
 * number is not what the constant is near (issue 23: 0x61c80001, about
 * 2^32/phi^2, was confirmed "close to 2^32/phi").  Both values computed
 * with mpfr, the distances from each said: a WARNING, 1; else 0.  (The
 * phi at `at`, the hedge word at `close`.) */
int review_phi_other_ratio(claims *cl, const char *at, const char *close)
{
	const review_mult *m = cl->m;
	mpfr_t phi, a, b;
	char sa[48], sb[48];
	int sq;
	unsigned e = strncasecmp(at, "phi", 3) ? 0 :
	             ratio_before(cl->text, at, &sq);
	double da, db;

	if (!e || e != m->bits || sq == cl->c->golden.mirrored)
		return 0;
	da = sq ? cl->c->mbits : cl->c->dbits;
	db = sq ? cl->c->dbits : cl->c->mbits;
	mpfr_inits2(192, phi, a, b, (mpfr_ptr)0);
	mpfr_sqrt_ui(phi, 5, MPFR_RNDN);
	mpfr_add_ui(phi, phi, 1, MPFR_RNDN);
	mpfr_div_2ui(phi, phi, 1, MPFR_RNDN);        /* (1 + sqrt 5)/2 */
	mpfr_set_ui_2exp(a, 1, e, MPFR_RNDN);
	mpfr_div(a, a, phi, MPFR_RNDN);              /* 2^e/phi */
	mpfr_set_ui_2exp(b, 1, e, MPFR_RNDN);
	mpfr_sub(b, b, a, MPFR_RNDN);                /* 2^e/phi^2 */
	if (sq)
		mpfr_swap(a, b);                     /* a: the claim's */
	mpfr_snprintf(sa, sizeof sa, "%.2Rf", a);
	mpfr_snprintf(sb, sizeof sb, "%.2Rf", b);
	review_add(cl->r, REVIEW_WARNING, m->file, review_claim_line(cl, close),
	           cl->mi, "claim", "close to 2^%u/phi%s: wrong, %s is near "
	           "2^%u/phi%s = %s (|x - 1/phi%s| = 2^-%.1f, x = %s/2^%u), "
	           "not "
	           "2^%u/phi%s = %s (|x - 1/phi%s| = 2^-%.1f): 2^%u/phi^2 is "
	           "2^%u - 2^%u/phi, the mirror of 2^%u/phi, which hashes "
	           "alike but is another number", e, sq ? "^2" : "", cl->c->hex,
	           e, sq ? "" : "^2", sb, sq ? "" : "^2", db, cl->c->hex, e, e,
	           sq ? "^2" : "", sa, sq ? "^2" : "", da, e, e, e, e);
	mpfr_clears(phi, a, b, (mpfr_ptr)0);
	return 1;
}
