/*
 * review_naf.c - a comment's NAF in cfx's own notations, checked, for
 * `cfx review` (called by review_check.c's claim checks; see
 * review_int.h): the digit row `cfx naf` prints ("NAF +0+000-00+...",
 * high digit first, '+' 1, '-' -1, '0' 0) and a power sum cut short by
 * an ellipsis ("2^31 - 2^29 + ..."), a claim of how the NAF begins, or
 * with a gap ("2^31 + 2^29 - ... - 2^16 + 1"), of how it begins and
 * ends.  Both are judged against the constant's NAF (naf.h), exactly,
 * the integer's (a sum may begin at 2^n, "2^32 - 2^29 + ...").
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfx/naf.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* The NAF's digit row as `cfx naf` prints it, high digit first. */
static char *naf_row(const naf_form *f)
{
	char *s = xmalloc(f->bits + 1, "naf row");
	size_t i;

	for (i = 0; i < f->bits; i++) {
		int d = f->d[f->bits - 1 - i];
		s[i] = d > 0 ? '+' : d < 0 ? '-' : '0';
	}
	s[f->bits] = '\0';
	return s;
}

void review_naf_row(claims *cl)
{
	const char *at, *p;

	for (at = cl->text; (at = review_word_ci(at, "naf")); at += 3) {
		size_t n, k, nz = 0, adj = 0;
		unsigned long line;
		mpz_t v, want;
		char *row, *claim, *hex;
		int neg, holds;

		p = at + 3;
		p += strspn(p, " \t:=");
		if (!strncasecmp(p, "is", 2) && isspace((unsigned char)p[2]))
			p += 2 + strspn(p + 2, " \t");
		n = strspn(p, "+-0");
		if (n < 8 || isalnum((unsigned char)p[n]))
			continue;
		for (k = 0; k < n; k++)
			if (p[k] != '0') {
				nz++;
				adj += k && p[k - 1] != '0';
			}
		if (nz < 2)
			continue;
		/* its value: sum of d_i 2^i, the last digit 2^0 */
		mpz_inits(v, want, NULL);
		for (k = 0; k < n; k++) {
			mpz_mul_2exp(v, v, 1);
			if (p[k] == '+')
				mpz_add_ui(v, v, 1);
			else if (p[k] == '-')
				mpz_sub_ui(v, v, 1);
		}
		mpz_fdiv_r_2exp(v, v, cl->m->bits);
		mpz_set(want, review_written(cl->m));
		row = naf_row(&cl->c->naf);
		claim = xstrndup(p, n);
		hex = word_hex(v, cl->m->bits);
		review_claim_read(cl, at, p + n);
		neg = review_negated(cl->text, at, p + n, NULL);
		/* the NAF: its value, and no two nonzero digits side by side
		 * (leading zeros the row may leave out) */
		holds = !mpz_cmp(v, want) && !adj;
		line = review_claim_line(cl, at);
		if (holds != neg)
			review_add(cl->r, REVIEW_NOTE, cl->m->file, line, cl->mi,
			           "claim", "NAF %s: confirmed, %s's non-adjacent "
			           "form (%zu nonzero digits)%s", claim, cl->c->hex,
			           nz, neg ? " is another" : "");
		else if (!mpz_cmp(v, want))
			review_add(cl->r, REVIEW_WARNING, cl->m->file, line,
			           cl->mi, "claim", "NAF wrong: %s is %s, but has "
			           "nonzero digits side by side, so it is not its "
			           "NAF: %s", claim, hex, row);
		else
			review_add(cl->r, REVIEW_WARNING, cl->m->file, line,
			           cl->mi, "claim", "NAF wrong: %s is %s, not %s, "
			           "whose NAF is %s", claim, hex, cl->c->hex, row);
		free(row);
		free(claim);
		free(hex);
		mpz_clears(v, want, NULL);
	}
}

/* The terms of a power sum's text (each sign that starts one; a sign
 * after '^' is an exponent's). */
static size_t sum_terms(const char *s, size_t n)
{
	size_t k, t = 1;
	int digit = 0;

	for (k = 0; k < n; k++) {
		if ((s[k] == '+' || s[k] == '-') && (!k || s[k - 1] != '^')) {
			t += digit;
			digit = 0;
		} else if (isdigit((unsigned char)s[k]))
			digit = 1;
	}
	return t;
}

/* The signed sum of the NAF's first (from its top digit, high) or last
 * (from 2^0) n nonzero digits into v, as a power sum into *text: how
 * many it has, at most n. */
static size_t naf_part(const naf_form *f, size_t n, int high, mpz_t v,
                       char **text)
{
	naf_form part;
	size_t got = 0, k;

	naf_zero(&part, f->bits);
	mpz_set_ui(v, 0);
	for (k = 0; k < f->bits && got < n; k++) {
		size_t i = high ? f->bits - 1 - k : k;
		if (!f->d[i])
			continue;
		part.d[i] = f->d[i];
		if (f->d[i] > 0)
			mpz_setbit(v, i);
		else {
			mpz_t t;
			mpz_init(t);
			mpz_setbit(t, i);
			mpz_sub(v, v, t);
			mpz_clear(t);
		}
		got++;
	}
	*text = naf_power_sum(&part);
	naf_clear(&part);
	return got;
}

/* The terms an ellipsis leaves out are a gap ("2^31 + 2^29 - ... - 2^16
 * + 1"): what follows it, a sign and terms, on the same line, into
 * *tail (malloc'd) and its value into v: 1, else 0 (a sum that ends in
 * its ellipsis). */
static int sum_tail(const char *p, mpz_t v, char **tail, size_t *n)
{
	const char *q = p, *last = NULL, *e;
	struct buf b = { 0 };
	cfx_err err;

	q += strspn(q, " \t");
	if ((*q != '+' && *q != '-') || !(q[1] == ' ' || q[1] == '\t' ||
	                                  isdigit((unsigned char)q[1])))
		return 0;
	for (e = q; *e && strchr("0123456789^*+- \t", *e); e++)
		if (isdigit((unsigned char)*e))
			last = e + 1;
	if (!last || isalpha((unsigned char)*e) || *e == '.' || *e == '/')
		return 0;
	buf_printf(&b, "0 %.*s", (int)(last - q), q);
	if (constant_value(buf_str(&b), NULL, NULL, v, &err) < 0) {
		buf_free(&b);
		return 0;
	}
	*n = sum_terms(q, (size_t)(last - q));
	*tail = xstrndup(q, (size_t)(last - q));
	buf_free(&b);
	return 1;
}

int review_sum_cut(claims *cl, const char *where, const char *sum,
                   mpz_srcptr v, unsigned long line)
{
	const char *p = where + strspn(where, "0123456789^*+- \t\n()");
	/* the integer's NAF, one digit past the word: a sum may begin at
	 * 2^n ("2^32 - 2^29 + ..." of 0xe0000001), which the word's NAF
	 * drops (wrapped) */
	naf_form f;
	size_t n, got, nt = 0, gt = 0, w;
	mpz_t pre, tv, lv;
	int holds, neg, gap;
	const char *qs, *end;
	char *head_s = NULL, *tail_s = NULL, *naf_tail = NULL, *all;
	struct buf yes = { 0 }, no = { 0 };

	if (strncmp(p, "...", 3) && strncmp(p, "\xe2\x80\xa6", 3))
		return 0;
	naf_of(&f, review_written(cl->m), cl->m->bits + 1);
	w = naf_weight(&f);
	all = naf_power_sum(&f);
	n = sum_terms(sum, strlen(sum));
	mpz_inits(pre, tv, lv, NULL);
	got = naf_part(&f, n, 1, pre, &head_s);
	gap = sum_tail(p + 3, tv, &tail_s, &nt);
	end = p + 3;
	if (gap) {
		end = strstr(p + 3, tail_s) + strlen(tail_s);
		gt = naf_part(&f, nt, 0, lv, &naf_tail);
	}
	holds = got == n && !mpz_cmp(pre, v) &&
	        (!gap || (gt == nt && n + nt <= w && !mpz_cmp(lv, tv)));
	review_claim_read(cl, where, end);
	neg = review_negated(cl->text, where, where, &qs);
	if (!gap) {
		if (n == 1)
			buf_printf(&yes, "power sum confirmed as far as it is "
			           "written: %s ... is the first term of %s's "
			           "NAF, %s", sum, cl->c->hex, all);
		else
			buf_printf(&yes, "power sum confirmed as far as it is "
			           "written: %s ... are the first %zu terms of "
			           "%s's NAF, %s", sum, n, cl->c->hex, all);
		buf_printf(&no, "power sum wrong: %s ... is not how %s's NAF "
		           "begins: %s", sum, cl->c->hex, all);
	} else {
		char first[32] = "the first term";
		if (n != 1)
			snprintf(first, sizeof first, "the first %zu", n);
		buf_printf(&yes, "power sum confirmed as far as it is "
		           "written: %s ... %s are %s and the last %zu of the "
		           "%zu terms of %s's NAF, %s (the gap leaves out %zu)",
		           sum, tail_s, first, nt, w, cl->c->hex, all,
		           w - n - nt);
		int few = n + nt > w;
		if (got == n && !mpz_cmp(pre, v))
			buf_printf(&no, "power sum wrong: %s ... %s: %s's "
			           "NAF begins so, but %s%s, not %s: %s", sum,
			           tail_s, cl->c->hex, few ? "has fewer terms "
			           "than that" : "its last terms are ",
			           few ? "" : naf_tail, tail_s, all);
		else
			buf_printf(&no, "power sum wrong: %s ... %s is not how "
			           "%s's NAF begins: %s", sum, tail_s,
			           cl->c->hex, all);
	}
	review_claim_verdict(cl->r, cl->mi, line, neg, holds, qs, end, yes.s,
	                     no.s);
	buf_free(&yes);
	buf_free(&no);
	free(head_s);
	free(tail_s);
	free(naf_tail);
	free(all);
	naf_clear(&f);
	mpz_clears(pre, tv, lv, NULL);
	return 1;
}
