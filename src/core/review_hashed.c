/*
 * review_hashed.c - a multiplier passed into hash_32(), hash_64() or
 * hash_long() for `cfx review` (see review_int.h): those functions
 * multiply by their own constant again (the file's own definition of the
 * function, else the kernel's GOLDEN_RATIO_32 or _64), so the keys meet
 * the product of the two, and that is what is judged (review_hashed_all);
 * the word finding about a 32-bit constant in a 64-bit word is about it
 * (review_narrow_word).  Split from review_table.c (issue 27), which
 * finds the calls (review_use_of).
 *
 * review_find.c and review.c call it; nothing here calls them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"

/* The multiplier the keys of m meet, m->p, a 32-bit constant in a
 * 64-bit word: a WARNING. */
void review_narrow_word(review *r, size_t i)
{
	review_mult *m = &r->mult[i];
	char *hex;

	if (m->bits != 64 || mpz_sizeinbase(m->p, 2) > 32 || !mpz_sgn(m->p))
		return;
	hex = word_hex(m->p, m->bits);
	if (m->mid_bits && m->mid_shift + m->mid_bits < 64) {
		/* (u32)((v * C) >> K): the index is floor(x p / 2^K) mod
		 * 2^w (x p < 2^64 for x < 2^32: no wrap), 0 for x below
		 * ceil(2^K / p), growing with x until x p reaches 2^(K+w) */
		mpz_t z, u;
		char *zs, *us;
		mpz_inits(z, u, NULL);
		mpz_setbit(z, m->mid_shift);
		mpz_cdiv_q(z, z, m->p);
		mpz_setbit(u, m->mid_shift + m->mid_bits);
		mpz_cdiv_q(u, u, m->p);
		zs = mpz_get_str(NULL, 10, z);
		us = mpz_get_str(NULL, 10, u);
		review_add(r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "%s is a 32-bit constant in a 64-bit word, and the cast "
		           "after >> %u keeps bits %u..%u of the product, not its "
		           "top bits: for a key x below 2^32 the product never "
		           "wraps mod 2^64, so the index is floor(x * p / 2^%u) mod "
		           "2^%u: 0 %s%s, then growing with x up to x = %s, "
		           "where it wraps; verify judges the top bits of a 64-bit "
		           "product, which this code does not use", hex,
		           m->mid_shift, m->mid_shift, m->mid_shift + m->mid_bits - 1,
		           m->mid_shift, m->mid_bits, mpz_cmp_ui(z, 1) <= 0 ?
		           "only at x = 0" : "for every x below ", mpz_cmp_ui(z, 1) <= 0
		           ? "" : zs, us);
		free(zs);
		free(us);
		mpz_clears(z, u, NULL);
		free(hex);
		return;
	}
	/* x < 2^32 and p < 2^32: x p < 2^64 never wraps, so the index
	 * floor(x p / 2^(64-t)) is monotone in x, and 0 for x < 2^(32-t) */
	review_add(r, REVIEW_WARNING, m->file, m->line, i, "word",
	           "%s is a 32-bit constant in a 64-bit word: p/2^64 < "
	           "2^-32, so the product of a key below 2^32 never wraps "
	           "and its table index only grows with the key: no mixing "
	           "(with a table of 2^t, every key below 2^(32-t) lands in "
	           "bucket 0)", hex);
	free(hex);
}

/* ---- table sizes --------------------------------------------------------- */

/* The kernel's own multipliers of hash_32() and hash_64() (GOLDEN_RATIO_32
 * and GOLDEN_RATIO_64 of include/linux/hash.h since Linux 4.7), or the
 * patch's define of that name, into g; its name. */
static const char *golden_of(const walk *w, unsigned word, mpz_t g)
{
	const char *name = word == 32 ? "GOLDEN_RATIO_32" : "GOLDEN_RATIO_64";
	const define *d = review_defs_find(w->newd, name, 0);

	if (d && d->valid && mpz_sgn(d->v) > 0)
		mpz_set(g, d->v);
	else
		mpz_set_str(g, word == 32 ? "61c88647" : "61c8864680b583eb", 16);
	return name;
}

/* The multiplier the file's own hash_32() or hash_64() (of word) takes
 * its argument by (the 2.6-era include/linux/hash.h: "u32 hash = val *
 * GOLDEN_RATIO_PRIME_32", or hash_64's shift/add sequence): a constant
 * (a literal or a define of the patch) multiplied in its body or in its
 * macro, else the sequence found in its body.  1 with it into g, its
 * name or text into name and the definition's line into *line; else 0. */
static int own_hash_fn(const walk *w, unsigned word, mpz_t g, char *name,
                       size_t n, unsigned long *line)
{
	const char *fn = word == 32 ? "hash_32" : "hash_64";
	const tok *t = w->v.t;
	const review *r = w->r;
	size_t f, j, k, q;

	for (f = 0; f < w->nfns; f++) {
		size_t open = w->fns[f].a, close = w->fns[f].b;
		int par = 0;
		if (open < 3 || strcmp(t[open - 1].s, ")"))
			continue;
		for (q = open - 1; q > 0; q--) {
			if (!strcmp(t[q].s, ")"))
				par++;
			else if (!strcmp(t[q].s, "(") && !--par)
				break;
		}
		if (!q || t[q - 1].type != T_IDENT || strcmp(t[q - 1].s, fn))
			continue;
		for (j = open + 1; j + 1 < close; j++) {
			const define *d;
			if (t[j].type != T_OP || strcmp(t[j].s, "*") ||
			    (t[j - 1].type != T_IDENT && strcmp(t[j - 1].s, ")")))
				continue;
			for (k = j - 1; k <= j + 1; k += 2) {
				if (t[k].type == T_NUM && review_literal(t[k].s, g, NULL) == 0 &&
				    mpz_cmp_ui(g, 255) > 0) {
					snprintf(name, n, "%s", t[k].s);
					*line = t[k].line;
					return 1;
				}
				if (t[k].type == T_IDENT &&
				    (d = review_defs_find(w->newd, t[k].s, word)) &&
				    d->valid && mpz_cmp_ui(d->v, 255) > 0) {
					mpz_set(g, d->v);
					snprintf(name, n, "%s = %s", d->name, d->text);
					*line = t[k].line;
					return 1;
				}
			}
		}
		for (k = 0; k < r->nmult; k++)
			if (r->mult[k].kind == REVIEW_SEQUENCE &&
			    r->mult[k].file == w->file &&
			    r->mult[k].line >= t[open].line &&
			    r->mult[k].last <= t[close].line) {
				char *hex = word_hex(r->mult[k].p, word);
				mpz_set(g, r->mult[k].p);
				snprintf(name, n, "%s (the shift/add sequence of lines "
				         "%lu-%lu)", hex, r->mult[k].line, r->mult[k].last);
				free(hex);
				*line = r->mult[k].line;
				return 1;
			}
	}
	/* #define hash_32(val, bits) (((val) * M) >> (32 - (bits))) */
	for (j = 0; j < w->v.n; j++) {
		const char *d = t[j].s, *c;
		size_t len = strlen(fn);
		if (t[j].type != T_PP)
			continue;
		d += strspn(d, "# \t");
		if (strncmp(d, "define", 6))
			continue;
		d += 6;
		d += strspn(d, " \t");
		if (strncmp(d, fn, len) || d[len] != '(')
			continue;
		for (c = strchr(d, ')'); c && (c = strchr(c, '*')); ) {
			char word_[64];
			const define *e;
			size_t l;
			c++;
			c += strspn(c, " \t(");
			l = strspn(c, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			           "0123456789_");
			if (!l || l >= sizeof word_)
				continue;
			snprintf(word_, sizeof word_, "%.*s", (int)l, c);
			if (review_literal(word_, g, NULL) == 0 &&
			    mpz_cmp_ui(g, 255) > 0) {
				snprintf(name, n, "%s", word_);
				*line = t[j].line;
				return 1;
			}
			if ((e = review_defs_find(w->newd, word_, word)) && e->valid &&
			    mpz_cmp_ui(e->v, 255) > 0) {
				mpz_set(g, e->v);
				snprintf(name, n, "%s = %s", e->name, e->text);
				*line = t[j].line;
				return 1;
			}
		}
	}
	return 0;
}

/* The call of multiplier mi's hash function, as a finding names it:
 * "line L", or "FILE:L" when the multiplier is another file's. */
static void call_at(const walk *w, const review_mult *m, char *s, size_t n)
{
	if (m->file != w->file)
		snprintf(s, n, "%s:%lu", w->r->pt.files[w->file], m->hashed_line);
	else
		snprintf(s, n, "line %lu", m->hashed_line);
}

int review_too_wide(review *r, size_t i)
{
	review_mult *m = &r->mult[i];
	size_t width = mpz_sizeinbase(m->p, 2);

	if (width <= m->bits)
		return 0;
	if (m->lit_bits)
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "word",
		           "%s needs %zu bits, wider than its %u-bit word (%s): C "
		           "gives the literal the type %s there, %u bits, so a "
		           "product with it is computed in %u bits, and a %u-bit "
		           "variable keeps only its low %u bits", m->text, width,
		           m->bits, m->why_bits, m->lit_type, m->lit_bits,
		           m->lit_bits, m->bits, m->bits);
	else
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "word",
		           "%s needs %zu bits, wider than its %u-bit word (%s): the "
		           "compiler cuts it", m->text, width, m->bits, m->why_bits);
	m->verify = 0;
	return 1;
}

/* Multiplier mi where long is 32 bits (BITS_PER_LONG 32) and no #if
 * says the word: a use of its own on 32-bit words at mi's table (why
 * its word is 32 there), the keys meeting prod; g32 the multiplier a
 * hash_32() multiplies by again (own = C mod 2^32 its factor, and the
 * constant it replaces taken the same way), or NULL: prod is C itself,
 * as C types it there (review_too_wide judges one wider than 32 bits,
 * as under #if BITS_PER_LONG == 32).  Its index. */
static size_t ilp32_twin(walk *w, size_t mi, const mpz_t own,
                         const mpz_t g32, const mpz_t prod, const char *why)
{
	size_t t = review_mult_twin(w->r, mi);
	review_mult *m = &w->r->mult[t];

	mpz_set(m->own, own);
	mpz_set(m->p, prod);
	if (m->has_old && g32)
		mpz_mul(m->old, m->old, g32);
	if (m->has_old)
		mpz_fdiv_r_2exp(m->old, m->old, 32);
	m->composite = g32 != NULL;
	m->bits = 32;
	if (g32)
		m->hashed_word = 32;
	m->hashed_long = 0;
	m->long_shift = m->long_prod = 0;
	snprintf(m->why_bits, sizeof m->why_bits, "%s", why);
	return t;
}

/* Multiplier mi, a literal that C types as a long, whose product the
 * code shifts by (BITS_PER_LONG - B) with no #if word: read as LP64's,
 * but where long is 32 bits the shift is by 32 - B and the literal is
 * unsigned long (32 bits) if its value fits, else unsigned long long:
 * that word judged too, as a use of its own (ilp32_twin), its verdict
 * beside LP64's; a value wider than 32 bits an ERROR, as it is under
 * #if BITS_PER_LONG == 32. */
static void long_shift_on_ilp32(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	char why[sizeof m->why_bits], *c, *at;
	cwidth lw;
	size_t t;
	int prod = m->long_prod && mpz_sizeinbase(m->p, 2) <= 32;

	if (!m->long_shift || m->hashed_by[0] || m->composite ||
	    m->use_of != REVIEW_NONE || !m->verify || mpz_sgn(m->p) <= 0)
		return;
	if (prod)
		/* a 32-bit constant times a long key: a 64-bit product on
		 * LP64 (the constant zero-extended), a 32-bit one here */
		snprintf(why, sizeof why, "where long is 32 bits (BITS_PER_LONG "
		         "32; no #if BITS_PER_LONG says the word), so that %.60s "
		         "counts 32 and the product, an unsigned long, is 32 bits",
		         m->why_table);
	else if (review_literal_type(m->text, &lw) < 0 ||
	         (lw.bits[LP64] == lw.bits[ILP32] &&
	          !strcmp(lw.type[LP64], lw.type[ILP32])))
		return;
	else
		snprintf(why, sizeof why, "where long is 32 bits (BITS_PER_LONG "
		         "32; no #if BITS_PER_LONG says the word), so that %.60s "
		         "counts 32, suffix %.4s: %.24s", m->why_table, m->text +
		         strspn(m->text, "0123456789abcdefABCDEFxX"),
		         lw.type[ILP32]);
	if ((at = strstr(why, "= 64 - ")))
		memcpy(at, "= 32 - ", 7);
	t = ilp32_twin(w, mi, m->p, NULL, m->p, why);
	m = &w->r->mult[t];
	if ((at = strstr(m->why_table, "= 64 - ")))
		memcpy(at, "= 32 - ", 7);
	if (!prod && lw.bits[ILP32] > 32) {
		m->lit_bits = lw.bits[ILP32];
		snprintf(m->lit_type, sizeof m->lit_type, "%s (%s)",
		         lw.type[ILP32], lw.why);
	}
	if (review_too_wide(w->r, t))
		return;
	c = word_hex(m->p, 32);
	review_add(w->r, REVIEW_NOTE, m->file, m->line, t, "word",
	           "%s: also judged on 32-bit words, %s", c, why);
	free(c);
}

/* Multiplier mi passed into hash_long() (or hash_ptr()) with no #if word:
 * where long is 32 bits (BITS_PER_LONG 32) that is hash_32(), so the keys
 * meet C * GOLDEN_RATIO_32 mod 2^32 there (the file's own hash_32()'s
 * multiplier, else the kernel's): a NOTE with that product, judged as a
 * 32-bit use of its own (ilp32_twin), or an ERROR when it is 1 (C is its
 * inverse, and the hash is the key's top bits). */
static void long_on_ilp32(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const char *gname;
	char oname[96], call[200], *g, *c, *prod;
	unsigned long oline;
	mpz_t g32, c32, p;

	mpz_inits(g32, c32, p, NULL);
	if (own_hash_fn(w, 32, g32, oname, sizeof oname, &oline))
		gname = oname;
	else
		gname = golden_of(w, 32, g32);
	mpz_fdiv_r_2exp(c32, m->p, 32);
	mpz_mul(p, c32, g32);
	mpz_fdiv_r_2exp(p, p, 32);
	g = word_hex(g32, 32);
	c = word_hex(c32, 32);
	prod = word_hex(p, 32);
	call_at(w, m, call, sizeof call);
	if (!mpz_cmp_ui(p, 1))
		review_add(w->r, REVIEW_ERROR, m->file, m->line, mi, "multiplier",
		           "on 32-bit longs (BITS_PER_LONG 32) %s() at %s is "
		           "hash_32(), which multiplies by %s = %s, and %s is its "
		           "inverse mod 2^32 (%s * %s mod 2^32 = 1): there the two "
		           "multiplies cancel, so %s(x * %s, bits) is x >> (32 - "
		           "bits), the key's own top bits, not hashed at all",
		           m->hashed_by, call, gname, g, c, c, g, m->hashed_by,
		           m->text);
	else {
		review_add(w->r, REVIEW_NOTE, m->file, m->line, mi, "multiplier",
		           "on 32-bit longs (BITS_PER_LONG 32) %s() at %s is "
		           "hash_32(), which multiplies by %s = %s: there the keys "
		           "meet %s * %s mod 2^32 = %s, judged on its own on "
		           "32-bit words", m->hashed_by, call, gname, g, c, g,
		           prod);
		char why[96];
		snprintf(why, sizeof why, "%s() is hash_32() where long is 32 "
		         "bits (BITS_PER_LONG 32)", m->hashed_by);
		ilp32_twin(w, mi, c32, g32, p, why);
	}
	free(g);
	free(c);
	free(prod);
	mpz_clears(g32, c32, p, NULL);
}

/* Multiplier mi handed to a 64-bit hash function (hash_64(), or
 * hash_long() on LP64) in a product C computes in fewer bits
 * (m->hashed_prod: u32 key * 0xebb34377u is an unsigned int product):
 * the function widens that product, already reduced mod 2^32, and only
 * then multiplies by its own constant, so the keys meet two multiplies
 * and no single multiplier; a WARNING, and it is not judged (1).  A
 * product whose width is not known: a CHECK, judged as 64-bit (0). */
static int narrow_product(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	char call[200];
	unsigned pb = m->hashed_prod[0], pi = m->hashed_prod[1];
	int model = pb && pb < 64 ? 0 : pi && pi < 64 && !m->hashed_long &&
	            !m->ctx_bits ? 1 : -1;
	mpz_t gv, prod;
	char *g, *c, *pr;

	call_at(w, m, call, sizeof call);
	if (!pb) {
		review_add(w->r, REVIEW_CHECK, m->file, m->line, mi, "word",
		           "%s is not known here, so neither is the width C "
		           "computes the product with %s in: judged as a 64-bit "
		           "product handed to %s() at %s; if that operand is 32 "
		           "bits wide (u32, unsigned int), the product is reduced "
		           "mod 2^32 before %s() widens it, and the keys meet two "
		           "multiplies, not their product", m->hashed_why, m->text,
		           m->hashed_by, call, m->hashed_by);
		return 0;
	}
	if (model < 0)
		return 0;
	mpz_inits(gv, prod, NULL);
	{
		char oname[96];
		unsigned long oline;
		if (!own_hash_fn(w, 64, gv, oname, sizeof oname, &oline))
			golden_of(w, 64, gv);
	}
	mpz_mul(prod, m->p, gv);
	mpz_fdiv_r_2exp(prod, prod, 64);
	g = word_hex(gv, 64);
	c = word_hex(m->p, 32);
	pr = word_hex(prod, 64);
	review_add(w->r, REVIEW_WARNING, m->file, m->line, mi, "word",
	           "the product with %s is computed in %u bits%s (%s: the usual "
	           "arithmetic conversions), and %s() at %s widens it to 64 "
	           "bits only after the multiply: the keys meet x * %s mod 2^%u, "
	           "then %s()'s own multiply by %s mod 2^64, "
	           "not one multiply by their product %s, so no single "
	           "multiplier is judged; widen the operand first ((u64)x * %s) "
	           "if the product is meant, or use hash_32()", m->text,
	           model ? pi : pb, model ? " on ILP32 (32-bit long)" : "",
	           m->hashed_why, m->hashed_by, call, c, model ? pi : pb,
	           m->hashed_by, g, pr, m->text);
	free(g);
	free(c);
	free(pr);
	mpz_clears(gv, prod, NULL);
	if (model == 0) {
		m->verify = 0;
		review_drop_findings(w->r, mi, "is a 32-bit constant in a 64-bit word");
		return 1;
	}
	return 0;
}

/* Multiplier mi, wider than 32 bits, passed into hash_32(), whose
 * argument is a u32: the product is cut to its low 32 bits, which are
 * x * (C mod 2^32) mod 2^32, so that is the constant the keys meet
 * before hash_32()'s own multiply (issue 23: a ULL define in hash_32()
 * was never judged, its text said 64-bit where its JSON said 32).  The
 * word NOTE said anew; 1, or 0 when it is no such call. */
static int cut_to_u32(walk *w, size_t mi)
{
	review *r = w->r;
	review_mult *m = &r->mult[mi];
	char call[200], *full, *cut;
	/* hash_long() and hash_ptr() where long is 32 bits (hashed_word 32:
	 * an #if or an if on BITS_PER_LONG 32 around the call) are the
	 * kernel's hash_32(): their argument is a 32-bit long */
	int is32 = !strcmp(m->hashed_by, "hash_32");
	/* a literal wider than the 32-bit word of the #if around it (ULL
	 * under BITS_PER_LONG == 32): C still computes the product in 64
	 * bits, and the call's 32-bit argument keeps its low 32 bits */
	int wide = !m->verify && review_has_finding(r, m->file, m->line,
	                                            "wider than its");

	if (m->hashed_word != 32 || mpz_sizeinbase(m->p, 2) > 64 ||
	    (!is32 && strcmp(m->hashed_by, "hash_long") &&
	     strcmp(m->hashed_by, "hash_ptr")) || (!m->verify && !wide))
		return 0;
	if (wide) {
		review_drop_findings(r, mi, "wider than its");
		m->verify = 1;
	}
	call_at(w, m, call, sizeof call);
	full = word_hex(m->p, 64);
	mpz_fdiv_r_2exp(m->p, m->p, 32);
	if (m->has_old)
		mpz_fdiv_r_2exp(m->old, m->old, 32);
	cut = word_hex(m->p, 32);
	review_drop_findings(r, mi, "-bit multiplier (");
	review_add(r, REVIEW_NOTE, m->file, m->line, mi, "word",
	           "%s%s%s: a constant wider than 32 bits passed into %s() "
	           "at %s%s, "
	           "whose argument is a u32: the product keeps its low 32 bits, "
	           "x * (%s mod 2^32) mod 2^32, so the keys meet %s on 32-bit "
	           "words", m->name, m->name[0] ? " = " : "", full,
	           m->hashed_by, call, is32 ? "" : ", where long is 32 bits "
	           "(BITS_PER_LONG 32: there it is hash_32())",
	           m->name[0] ? m->name : m->text, cut);
	free(full);
	free(cut);
	return 1;
}

/* Multiplier mi was passed into hash_32(), hash_64() or hash_long() (use_of
 * saw it): that function multiplies by GOLDEN_RATIO_32 or _64 again, so
 * the keys meet the product of the two mod 2^word, and that is judged
 * (and the constant it replaces, likewise).  Said as a NOTE, or an ERROR
 * when the two cancel (the product is 1: C is the inverse). */
static void hashed_again(walk *w, size_t mi)
{
	review *r = w->r;
	review_mult *m = &r->mult[mi];
	unsigned word = m->hashed_word;
	const char *gname;
	char *own, *g, *prod, oname[96], where[120] = "", call[200];
	unsigned long oline;
	mpz_t gv;

	if (!m->hashed_by[0] || m->composite ||
	    m->table_src == REVIEW_TABLE_NOTHING || mpz_sgn(m->p) <= 0 ||
	    (mpz_sizeinbase(m->p, 2) > word ? !cut_to_u32(w, mi) : !m->verify))
		return;
	mpz_init(gv);
	/* hash_long() is hash_32() where long is 32 bits: what the keys meet
	 * there (said, and an ERROR when the two multiplies cancel) */
	if (m->hashed_long) {
		long_on_ilp32(w, mi);
		m = &r->mult[mi];   /* a twin may have moved r->mult */
	}
	/* the product handed over narrower than the function's word (u32
	 * key * 0xebb34377u into hash_long() on LP64): C multiplies in 32
	 * bits and the function widens that product before its own
	 * multiply, so the keys meet two multiplies, no single one */
	if (word == 64 && narrow_product(w, mi)) {
		mpz_clear(gv);
		return;
	}
	/* the file's own hash_32() or hash_64(), else the kernel's */
	if (own_hash_fn(w, word, gv, oname, sizeof oname, &oline)) {
		gname = oname;
		snprintf(where, sizeof where, " (this file's own hash_%u(), line "
		         "%lu, not the kernel's GOLDEN_RATIO_%u)", word, oline, word);
	} else
		gname = golden_of(w, word, gv);
	mpz_set(m->own, m->p);
	m->composite = 1;
	mpz_mul(m->p, m->p, gv);
	mpz_fdiv_r_2exp(m->p, m->p, word);
	if (m->has_old) {
		mpz_mul(m->old, m->old, gv);
		mpz_fdiv_r_2exp(m->old, m->old, word);
	}
	own = word_hex(m->own, word);
	g = word_hex(gv, word);
	prod = word_hex(m->p, word);
	/* the call, in this file (the walk's, at its end): named by its
	 * file too when the multiplier is another file's (a header's) */
	if (m->file != w->file)
		snprintf(call, sizeof call, "%s:%lu", r->pt.files[w->file],
		         m->hashed_line);
	else
		snprintf(call, sizeof call, "line %lu", m->hashed_line);
	if (!mpz_cmp_ui(m->p, 1)) {
		review_add(r, REVIEW_ERROR, m->file, m->line, mi, "multiplier",
		           "%s() at %s multiplies its argument by %s%s%s%s, "
		           "and %s is its inverse mod 2^%u (%s * %s mod 2^%u = 1): "
		           "the two multiplies cancel, so %s(x * %s, bits) is x >> "
		           "(%u - bits), the key's own top bits, not hashed at all",
		           m->hashed_by, call, gname, where[0] ? "" : " = ",
		           where[0] ? "" : g, where, own, word, own, g, word,
		           m->hashed_by, m->text, word);
		m->verify = 0;
	} else
		review_add(r, REVIEW_NOTE, m->file, m->line, mi, "multiplier",
		           "%s() at %s multiplies its argument by %s%s%s%s "
		           "again: the keys are multiplied by %s * %s mod 2^%u = "
		           "%s, and that product is the multiplier judged here%s",
		           m->hashed_by, call, gname, where[0] ? "" : " = ",
		           where[0] ? "" : g, where, own, g, word, prod,
		           m->has_old ? " (the constant it replaces is taken the "
		           "same way)" : "");
	/* a word finding about the constant as written is no finding about
	 * the product the keys meet */
	review_drop_findings(r, mi, "is a 32-bit constant in a 64-bit word");
	if (m->verify)
		review_narrow_word(r, mi);
	free(own);
	free(g);
	free(prod);
	mpz_clear(gv);
}

void review_hashed_all(walk *w)
{
	size_t k;

	/* every multiplier passed into a call of this file, also one that
	 * another file of the patch defines (a header's define used here):
	 * hashed_again takes each once */
	for (k = 0; k < w->r->nmult; k++)
		hashed_again(w, k);
	/* a BITS_PER_LONG shift with no #if word: 32-bit longs too */
	for (k = 0; k < w->r->nmult; k++)
		if (w->r->mult[k].file == w->file)
			long_shift_on_ilp32(w, k);
}
