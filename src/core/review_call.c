/*
 * review_call.c - a table size that only the calls of a function show,
 * for `cfx review` (see review_int.h): the multiplier's product is
 * shifted right by (W - bits) in a function whose parameter bits is given
 * by each call, "static inline u32 my_hash(u32 x, unsigned int bits) {
 * return (x * MY_MULT) >> (32 - bits); }" and "my_hash(key, 10)",
 * "my_hash(key, MY_HASH_BITS)": each call's bits is a table size, and all
 * of them are judged (review_call_tables); a call whose bits is 0, more
 * than W or below 0 makes the shift undefined, an ERROR at the call.
 * Also the readers of a call's arguments that review_table.c uses:
 * review_arg_end and review_signed_value.
 *
 * review_table.c calls it; nothing here calls review_table.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"

size_t review_arg_end(const tok *t, size_t j, size_t end)
{
	int par = 0;

	for (; j < end; j++) {
		if (!strcmp(t[j].s, "(") || !strcmp(t[j].s, "["))
			par++;
		else if ((!strcmp(t[j].s, ")") || !strcmp(t[j].s, "]")) && par-- == 0)
			break;
		else if (!par && !strcmp(t[j].s, ","))
			break;
	}
	return j;
}

int review_signed_value(walk *w, size_t a, size_t e, long *out, char *why,
                        size_t n)
{
	const tok *t = w->v.t;
	const char *s = NULL;
	const define *d = NULL;
	int neg = 0, ok = 0;
	mpz_t z;

	while (e > a + 2 && !strcmp(t[a].s, "(") &&
	       review_paren_close(t, a, e) == e - 1)
		a++, e--;
	if (e == a + 2 && (!strcmp(t[a].s, "-") || !strcmp(t[a].s, "+")))
		neg = t[a++].s[0] == '-';
	if (e != a + 1 || (t[a].type != T_NUM && t[a].type != T_IDENT))
		return 0;
	mpz_init(z);
	if (t[a].type == T_NUM)
		ok = review_literal(t[a].s, z, NULL) == 0;
	else if ((d = review_defs_find(w->newd, t[a].s, 0)) && d->valid) {
		mpz_set(z, d->v);
		ok = 1;
	} else if (d) {
		/* "(-3)" is kept as "-3" */
		s = d->text;
		if (*s == '-' || *s == '+')
			neg ^= *s++ == '-';
		s += strspn(s, " \t");
		ok = review_literal(s, z, NULL) == 0;
	}
	if (ok) {
		long v = mpz_cmp_ui(z, 1UL << 40) > 0 ? 1L << 40 : (long)mpz_get_ui(z);
		*out = neg ? -v : v;
		if (d)
			snprintf(why, n, "%s%s = %ld", neg && !s ? "-" : "", t[a].s,
			         s ? *out : v);
		else
			snprintf(why, n, "%s%s", neg ? "-" : "", t[a].s);
	}
	mpz_clear(z);
	return ok;
}

/* The call at t[k] (a name and its '('), when it is one: not the
 * function's definition or a declaration (a type or "static" before the
 * name), and not inside the definition [open, close]. */
static int is_call(const tok *t, size_t k, size_t n, size_t open, size_t close)
{
	if (k + 1 >= n || strcmp(t[k + 1].s, "(") || (k >= open && k <= close))
		return 0;
	if (k > 0 && t[k - 1].type == T_IDENT && strcmp(t[k - 1].s, "return"))
		return 0;                  /* "u32 my_hash(" */
	return !(k > 0 && t[k - 1].type == T_OP && !strcmp(t[k - 1].s, "*") &&
	         k > 1 && t[k - 2].type == T_IDENT &&
	         strcmp(t[k - 2].s, "return"));   /* "u32 *my_hash(" */
}

/* The call of fn at t[k] whose bits (argument pidx) is v (as written:
 * why) makes the shift t[sh] by (wv - bits) undefined: an ERROR at the
 * call, with the count C computes (bits's type: an unsigned int or
 * wider subtracts modulo its width, a narrower or signed one in int). */
static void call_undefined(walk *w, size_t k, size_t sh, size_t mi,
                           unsigned long wv, long v, const char *why,
                           const char *param)
{
	const tok *t = w->v.t;
	review_mult *m = &w->r->mult[mi];
	char ty[48], cnt[96], nw[sizeof m->why_table];
	int il, neg = 0;
	unsigned pb = review_var_bits(w, param, sh, &il);

	if (!review_signed_var(w, param, t[sh].line, ty, sizeof ty) && pb >= 32) {
		unsigned long long c = (unsigned long long)((long long)wv - v);
		if (pb < 64)
			c &= 0xffffffffULL;
		snprintf(cnt, sizeof cnt, "%llu (%s is unsigned: %lu - %ld "
		         "mod 2^%u)", c, param, wv, v, pb);
	} else {
		snprintf(cnt, sizeof cnt, "%lu - %ld = %ld", wv, v, (long)wv - v);
		neg = v > (long)wv;
	}
	if (!review_has_finding(w->r, w->file, t[k].line, "undefined behaviour"))
		review_add(w->r, REVIEW_ERROR, w->file, t[k].line, REVIEW_NONE,
		           "table", "%s(..., %s) at line %lu asks for a table of "
		           "2^%ld: %s()'s >> (%lu - %s) at line %lu then shifts "
		           "its %lu-bit product by %s, %s: undefined behaviour in "
		           "C (C11 6.5.7), so this call selects no table; give it "
		           "the table's bits, 1 to %lu", t[k].s, why, t[k].line, v,
		           t[k].s, wv, param, t[sh].line, wv, cnt, neg ?
		           "a negative count" : v == 0 ? "its whole width" :
		           "not less than its width", wv);
	if (m->table_src != REVIEW_TABLE_CODE && m->table_src !=
	    REVIEW_TABLE_NOTHING) {
		snprintf(nw, sizeof nw, "%.40s(..., %.40s) at line %lu makes "
		         "the shift at line %lu undefined", t[k].s, why, t[k].line,
		         t[sh].line);
		m->table = 0;
		m->table_src = REVIEW_TABLE_NOTHING;
		snprintf(m->why_table, sizeof m->why_table, "%s", nw);
	}
}

/* Table bits v from a call (why), into m's list (m->tabs, sorted, once
 * each), and the calls as said (list: "2^10 at line 12 (10), ..."). */
static void call_table(review_mult *m, long v, const char *why,
                       unsigned long line, char *list, size_t n)
{
	size_t j, len = strlen(list);

	for (j = 0; j < m->ntab && m->tabs[j] != v; j++)
		;
	if (j == m->ntab && m->ntab < REVIEW_MAX_TABS) {
		for (j = m->ntab++; j > 0 && m->tabs[j - 1] > v; j--)
			m->tabs[j] = m->tabs[j - 1];
		m->tabs[j] = (unsigned)v;
	}
	if (len + 1 < n)
		snprintf(list + len, n - len, "%s2^%ld at line %lu (%s)",
		         len ? ", " : "", v, line, why);
}

int review_call_tables(walk *w, size_t sh, size_t mi, unsigned long wv,
                       const char *fn, const char *param, size_t pidx,
                       size_t open, size_t close)
{
	const tok *t = w->v.t;
	review_mult *m = &w->r->mult[mi];
	size_t k, ncall = 0, nknown = 0, last = 0;
	char list[512] = "", why[64];

	m->ntab = 0;
	for (k = 0; k < w->v.n; k++) {
		size_t a, e = 0, j;
		long v;
		if (t[k].type != T_IDENT || strcmp(t[k].s, fn) ||
		    !is_call(t, k, w->v.n, open, close))
			continue;
		ncall++;
		/* argument pidx: [a, e) */
		for (a = k + 2, j = 0; a < w->v.n; a = e + 1, j++) {
			e = review_arg_end(t, a, w->v.n);
			if (j == pidx || e >= w->v.n || strcmp(t[e].s, ","))
				break;
		}
		if (j != pidx || e >= w->v.n ||
		    !review_signed_value(w, a, e, &v, why, sizeof why))
			continue;
		nknown++;
		if (v >= 1 && v <= (long)wv) {
			call_table(m, v, why, t[k].line, list, sizeof list);
			last = t[k].line;
		} else
			call_undefined(w, k, sh, mi, wv, v, why, param);
	}
	m = &w->r->mult[mi];
	if (!m->ntab)
		return nknown > 0;
	m->table = m->tabs[0];
	m->table_src = REVIEW_TABLE_CODE;
	if (m->ntab == 1 && nknown == 1)
		snprintf(m->why_table, sizeof m->why_table, "%.40s(..., %.40s) at "
		         "line %lu, its %s for >> (%lu - %s) at line %lu", fn, why,
		         last, param, wv, param, t[sh].line);
	else
		snprintf(m->why_table, sizeof m->why_table, "the calls of %.40s() "
		         "(its %s for >> (%lu - %s) at line %lu): %s%s", fn, param,
		         wv, param, t[sh].line, list, ncall > nknown ?
		         "; the others' bits not known" : "");
	return 1;
}
