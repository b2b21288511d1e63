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
#include "util/xalloc.h"

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

/* s into dst (n bytes, at least 4), cut to fit: then ending "...". */
static void cut_copy(char *dst, size_t n, const char *s)
{
	size_t len = strlen(s);

	if (len < n) {
		memcpy(dst, s, len + 1);
		return;
	}
	memcpy(dst, s, n - 4);
	memcpy(dst + n - 4, "...", 4);
}

/* Where line `line` of file f is, said from file ref (where the
 * finding that says it stands): "line 9", or "lib/foo.c:9". */
static void place_from(const walk *w, size_t ref, size_t f,
                       unsigned long line, char *s, size_t n)
{
	if (f == ref)
		snprintf(s, n, "line %lu", line);
	else
		snprintf(s, n, "%.80s:%lu", w->pt->files[f], line);
}

/* The call of cs->fn at t[k] of cw's file whose bits is v (as written:
 * why) makes the shift at cs->sh_line by (wv - bits) undefined: an ERROR
 * at the call, with the count C computes (bits's type: an unsigned int
 * or wider subtracts modulo its width, a narrower or signed one in
 * int). */
static void call_undefined(walk *cw, const call_spec *cs, size_t k, long v,
                           const char *why)
{
	const tok *t = cw->v.t;
	review_mult *m = &cw->r->mult[cs->mi];
	char cnt[96], nw[320], at[96], sh[96];
	unsigned long wv = cs->wv;
	int neg = 0;

	if (!cs->is_signed && cs->pb >= 32) {
		unsigned long long c = (unsigned long long)((long long)wv - v);
		if (cs->pb < 64)
			c &= 0xffffffffULL;
		snprintf(cnt, sizeof cnt, "%llu (%s is unsigned: %lu - %ld "
		         "mod 2^%u)", c, cs->param, wv, v, cs->pb);
	} else {
		snprintf(cnt, sizeof cnt, "%lu - %ld = %ld", wv, v, (long)wv - v);
		neg = v > (long)wv;
	}
	/* the call said from the multiplier's file (its table's why), the
	 * shift from the call's (the ERROR's) */
	place_from(cw, m->file, cw->file, t[k].line, at, sizeof at);
	place_from(cw, cw->file, cs->file, cs->sh_line, sh, sizeof sh);
	if (!review_has_finding(cw->r, cw->file, t[k].line, "undefined behaviour"))
		review_add(cw->r, REVIEW_ERROR, cw->file, t[k].line, REVIEW_NONE,
		           "table", "%s(..., %s) at line %lu asks for a table of "
		           "2^%ld: %s()'s >> (%lu - %s) at %s then shifts its "
		           "%lu-bit product by %s, %s: undefined behaviour in C "
		           "(C11 6.5.7), so this call selects no table; give it "
		           "the table's bits, 1 to %lu", t[k].s, why, t[k].line, v,
		           t[k].s, wv, cs->param, sh, wv, cnt, neg ?
		           "a negative count" : v == 0 ? "its whole width" :
		           "not less than its width", wv);
	if (m->table_src != REVIEW_TABLE_CODE && m->table_src !=
	    REVIEW_TABLE_NOTHING) {
		snprintf(nw, sizeof nw, "%.40s(..., %.40s) at %s makes the "
		         "shift at %s undefined", t[k].s, why, at, cs->sh_place);
		m->table = 0;
		m->table_src = REVIEW_TABLE_NOTHING;
		cut_copy(m->why_table, sizeof m->why_table, nw);
	}
}

/* Table bits v from a call (why, at place), into m's list (m->tabs,
 * sorted, once each), and the calls as said (cs->list: "2^10 at line 12
 * (10), ..."). */
static void tab_add(review_mult *m, long v)
{
	size_t j;

	for (j = 0; j < m->ntab && m->tabs[j] != v; j++)
		;
	if (j == m->ntab && m->ntab < REVIEW_MAX_TABS) {
		for (j = m->ntab++; j > 0 && m->tabs[j - 1] > v; j--)
			m->tabs[j] = m->tabs[j - 1];
		m->tabs[j] = (unsigned)v;
	}
}

static void call_table(review_mult *m, call_spec *cs, long v,
                       const char *why, const char *place, const char *fn)
{
	size_t len = strlen(cs->list);

	tab_add(m, v);
	if (len + 1 < sizeof cs->list)
		snprintf(cs->list + len, sizeof cs->list - len, "%s2^%ld at %s "
		         "(%s)", len ? ", " : "", v, place, why);
	snprintf(cs->one_why, sizeof cs->one_why, "%s", why);
	snprintf(cs->one_place, sizeof cs->one_place, "%s", place);
	snprintf(cs->one_fn, sizeof cs->one_fn, "%s", fn);
}

/* Whether name is cs->fn or a define of it: "#define hash_64
 * hash_64_generic", the kernel's way to let an arch replace it. */
static int names_fn(walk *cw, const call_spec *cs, const char *name)
{
	const define *d;
	const char *s;
	size_t n = strlen(cs->fn);

	if (!strcmp(name, cs->fn))
		return 1;
	if (!(d = review_defs_find(cw->newd, name, 0)) || !d->text)
		return 0;
	s = d->text + strspn(d->text, " \t");
	return !strncmp(s, cs->fn, n) && !s[n + strspn(s + n, " \t")];
}

/* The calls of cs->fn in cw's file (its tokens cw->v; in the function's
 * own file, not those inside its definition): each one counted, and its
 * bits argument, when known, a table of m or an ERROR. */
static void calls_scan(walk *cw, call_spec *cs)
{
	const tok *t = cw->v.t;
	size_t k, n = cw->v.n;
	size_t open = cw->file == cs->file ? cs->open : REVIEW_NONE;
	size_t close = cw->file == cs->file ? cs->close : REVIEW_NONE;
	char why[64], place[96];

	for (k = 0; k < n; k++) {
		size_t a, e = 0, j;
		long v;
		if (t[k].type != T_IDENT || !is_call(t, k, n, open, close) ||
		    !names_fn(cw, cs, t[k].s))
			continue;
		cs->ncall++;
		/* argument pidx: [a, e) */
		for (a = k + 2, j = 0; a < n; a = e + 1, j++) {
			e = review_arg_end(t, a, n);
			if (j == cs->pidx || e >= n || strcmp(t[e].s, ","))
				break;
		}
		if (j != cs->pidx || e >= n ||
		    !review_signed_value(cw, a, e, &v, why, sizeof why))
			continue;
		cs->nknown++;
		if (v >= 1 && v <= (long)cs->wv) {
			place_from(cw, cw->r->mult[cs->mi].file, cw->file, t[k].line,
			           place, sizeof place);
			call_table(&cw->r->mult[cs->mi], cs, v, why, place, t[k].s);
		} else
			call_undefined(cw, cs, k, v, why);
	}
}

/* m's table from the calls cs found (when some gave one): the smallest,
 * all of them judged, and where they are said. */
static void calls_said(review_mult *m, const call_spec *cs)
{
	char s[1024];

	if (!m->ntab)
		return;
	m->table = m->tabs[0];
	m->table_src = REVIEW_TABLE_CODE;
	if (m->ntab == 1 && cs->nknown == 1)
		snprintf(s, sizeof s, "%.40s(..., %.40s) at %s, its %s for >> "
		         "(%lu - %s) at %s", cs->one_fn, cs->one_why, cs->one_place,
		         cs->param, cs->wv, cs->param, cs->sh_place);
	else
		snprintf(s, sizeof s, "the calls of %.40s() (its %s for >> (%lu "
		         "- %s) at %s): %s%s", cs->fn, cs->param, cs->wv, cs->param,
		         cs->sh_place, cs->list, cs->ncall > cs->nknown ?
		         "; the others' bits not known" : "");
	cut_copy(m->why_table, sizeof m->why_table, s);
}

int review_call_tables(walk *w, size_t sh, size_t mi, unsigned long wv,
                       const char *fn, const char *param, size_t pidx,
                       size_t open, size_t close)
{
	const tok *t = w->v.t;
	review_mult *m = &w->r->mult[mi];
	call_spec *cs;
	char ty[48];
	int il;

	/* one a multiplier and function: read again, it starts anew */
	for (cs = w->calls; cs < w->calls + w->ncalls; cs++)
		if (cs->mi == mi && cs->file == w->file && !strcmp(cs->fn, fn))
			break;
	if (cs == w->calls + w->ncalls) {
		XGROW(w->calls, w->capcalls, w->ncalls + 1, "review calls");
		cs = &w->calls[w->ncalls++];
	}
	memset(cs, 0, sizeof *cs);
	cs->mi = mi;
	cs->file = w->file;
	snprintf(cs->fn, sizeof cs->fn, "%s", fn);
	snprintf(cs->param, sizeof cs->param, "%s", param);
	cs->pidx = pidx;
	cs->wv = wv;
	cs->sh_line = t[sh].line;
	place_from(w, m->file, w->file, t[sh].line, cs->sh_place,
	           sizeof cs->sh_place);
	cs->open = open;
	cs->close = close;
	cs->pb = review_var_bits(w, param, sh, &il);
	cs->is_signed = review_signed_var(w, param, t[sh].line, ty, sizeof ty);
	m->ntab = 0;
	calls_scan(w, cs);
	m = &w->r->mult[mi];
	calls_said(m, cs);
	/* what the other files' calls may add to (review_call_others) */
	cs->src = m->table_src;
	cs->ntab = m->ntab;
	return m->ntab || cs->nknown > 0;
}

void review_call_others(walk *w)
{
	size_t f, i;
	walk cw = *w;

	if (!w->ncalls)
		return;
	for (f = 0; f < w->pt->nfiles; f++) {
		int any = 0;
		for (i = 0; i < w->ncalls; i++)
			any |= w->calls[i].file != f;
		if (!any || review_lex(w->pt, f, '+', ' ', &cw.v) < 0)
			continue;
		cw.file = f;
		for (i = 0; i < w->ncalls; i++) {
			call_spec *cs = &w->calls[i];
			const review_mult *m = &w->r->mult[cs->mi];
			/* another use has said the table since: it stands */
			if (cs->file == f || m->table_src != cs->src ||
			    m->ntab != cs->ntab)
				continue;
			calls_scan(&cw, cs);
			calls_said(&w->r->mult[cs->mi], cs);
			cs->src = m->table_src;
			cs->ntab = m->ntab;
		}
		review_toks_free(&cw.v);
	}
	free(w->calls);
	w->calls = NULL;
	w->ncalls = w->capcalls = 0;
}

/* The table a shift after the ')' at t[e] takes of a wv-bit value:
 * ">> K" (K a literal or a define, 0 < K < wv: wv - K bits) or ">> (wv
 * - B)" (B a literal or a define, as review_signed_value reads it): 1
 * with its bits into *v and the shift as written into why, else 0. */
static int shift_table(walk *cw, size_t e, unsigned long wv, long *v,
                       char *why, size_t n)
{
	const tok *t = cw->v.t;
	size_t j = e + 2, close;
	long k;
	char b[48];

	if (j >= cw->v.n || strcmp(t[e + 1].s, ">>"))
		return 0;
	if (!strcmp(t[j].s, "(")) {
		close = review_paren_close(t, j, cw->v.n);
		if (close >= cw->v.n || j + 3 >= close || t[j + 1].type != T_NUM ||
		    strtoul(t[j + 1].s, NULL, 0) != wv || strcmp(t[j + 2].s, "-") ||
		    !review_signed_value(cw, j + 3, close, v, b, sizeof b))
			return 0;
		snprintf(why, n, ">> (%lu - %s)", wv, b);
		return 1;
	}
	if (!review_signed_value(cw, j, j + 1, &k, b, sizeof b) || k < 1 ||
	    (unsigned long)k >= wv)
		return 0;
	*v = (long)wv - k;
	snprintf(why, n, ">> %s", b);
	return 1;
}

/* The call at t[k] of cw's file of hash_32() (or hash_64(): fn), or of
 * its one-argument kin __hash_32() and __hash_32_generic() (the product
 * alone) followed by a shift: 2 when its table's bits are known (into
 * *v, as written into why: " " for a literal B, said as it is), 1 when
 * not (hash_32() only), 0 when it is no such call.  *kin: the kin's. */
static int kernel_call(walk *cw, size_t k, const char *fn, unsigned word,
                       long *v, char *why, size_t n, int *kin)
{
	const tok *t = cw->v.t;
	size_t a, e;

	*kin = word == 32 && (!strcmp(t[k].s, "__hash_32") ||
	                      !strcmp(t[k].s, "__hash_32_generic"));
	if ((!*kin && strcmp(t[k].s, fn)) ||
	    !is_call(t, k, cw->v.n, REVIEW_NONE, REVIEW_NONE))
		return 0;
	if (*kin) {
		e = review_paren_close(t, k + 1, cw->v.n);
		/* one whose shift is not known is not counted: hash_32()'s own
		 * body, __hash_32(val) >> (32 - bits), is one */
		return e < cw->v.n && shift_table(cw, e, word, v, why, n) ? 2 : 0;
	}
	a = review_arg_end(t, k + 2, cw->v.n);
	if (a >= cw->v.n || strcmp(t[a].s, ","))
		return 0;
	e = review_arg_end(t, a + 1, cw->v.n);
	if (e >= cw->v.n || !review_signed_value(cw, a + 1, e, v, why, n))
		return 1;
	if (t[a + 1].type == T_NUM)
		snprintf(why, n, " ");
	return 2;
}

/* The calls hash_32(x, B) (or hash_64), and __hash_32(x) >> (32 - B)
 * (__hash_32_generic too), in the files of w's patch that a multiplier m
 * of word `word` gets its tables from: each B of 1 .. word - 1 (hash_64:
 * 1 .. 32, for it returns a u32), up to verify's largest, into m's list;
 * cs counts the calls and those whose B is known; *kins: whether a
 * __hash_32() call gave one. */
static void kernel_calls_scan(walk *w, review_mult *m, unsigned word,
                              call_spec *cs, int *kins)
{
	walk cw = *w;
	unsigned long top = word == 32 ? 31 : 32;
	char why[64], place[96];
	size_t f, k, len;
	long v;
	int kin;

	if (top > VERIFY_MAX_TABLE_BITS)
		top = VERIFY_MAX_TABLE_BITS;
	for (f = 0; f < w->pt->nfiles; f++) {
		if (review_lex(w->pt, f, '+', ' ', &cw.v) < 0)
			continue;
		cw.file = f;
		for (k = 0; k < cw.v.n; k++) {
			const tok *t = cw.v.t;
			int known = t[k].type != T_IDENT ? 0 :
			            kernel_call(&cw, k, cs->fn, word, &v, why,
			                        sizeof why, &kin);
			if (!known)
				continue;
			cs->ncall++;
			if (known < 2)
				continue;
			cs->nknown++;
			if (v < 1 || (unsigned long)v > top)
				continue;
			place_from(&cw, m->file, f, t[k].line, place, sizeof place);
			tab_add(m, v);
			cs->ntab++;          /* here: the calls that gave a table */
			*kins |= kin;
			len = strlen(cs->list);
			/* "2^10 at lib/a.c:4", "2^8 at lib/a.c:5 (OBJ_BITS = 8)",
			 * "2^10 at lib/a.c:6 (__hash_32() >> (32 - 10))" */
			if (len + 1 < sizeof cs->list)
				snprintf(cs->list + len, sizeof cs->list - len, "%s2^%ld "
				         "at %s%s%s%s%s%s", len ? ", " : "", v, place,
				         why[0] == ' ' ? "" : " (", kin ? t[k].s : "",
				         kin ? "() " : "", why[0] == ' ' ? "" : why,
				         why[0] == ' ' ? "" : ")");
		}
		review_toks_free(&cw.v);
	}
}

void review_kernel_calls(walk *w)
{
	size_t i;

	for (i = 0; i < w->r->nmult; i++) {
		review_mult *m = &w->r->mult[i];
		unsigned word = !strcmp(m->name, "GOLDEN_RATIO_32") ? 32 :
		                !strcmp(m->name, "GOLDEN_RATIO_64") ? 64 : 0;
		call_spec cs;
		char s[1024];
		int kins = 0;

		if (!word || m->kind != REVIEW_DEFINE || m->bits != word ||
		    m->table_src != REVIEW_TABLE_NONE || m->ntab)
			continue;
		memset(&cs, 0, sizeof cs);
		snprintf(cs.fn, sizeof cs.fn, "hash_%u", word);
		kernel_calls_scan(w, m, word, &cs, &kins);
		if (!m->ntab)
			continue;
		m->table = m->tabs[0];
		m->table_src = REVIEW_TABLE_CODE;
		snprintf(s, sizeof s, "the calls of %s()%s (the kernel's multipl%s "
		         "by %s): %s%s", cs.fn, kins ? " and its kin __hash_32()" :
		         "", kins ? "y" : "ies", m->name, cs.list,
		         cs.ncall > cs.ntab ? "; other calls: no table known" : "");
		cut_copy(m->why_table, sizeof m->why_table, s);
	}
}
