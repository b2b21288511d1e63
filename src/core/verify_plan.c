/*
 * verify_plan.c - the battery's plan (see verify.h): which families a
 * multiplier is tested on for a word size, the table sizes, and the keys'
 * definitions (start, step, the sparse and plane keys), with the families,
 * key sets and field layouts the user adds, and the count of checks the
 * verdict will make (verify_judged).  It counts nothing and judges
 * nothing: verify.c judges what verify_run.c counted.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/mem.h"
#include "cfx/sort.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "util/xalloc.h"
#include "core/verify_int.h"

#define SEED_START 0x2545f4914f6cdd1dULL   /* k0 of the start+k c families */
#define SEED_BYTES 0x5851f42d4c957f2dULL   /* background of the byte keys */
#define FIELD_BITS 10                       /* x, y < 2^10 */

static const unsigned multiples[] = { 3, 5, 7, 9, 10, 12, 24, 100, 1000,
                                      1000000 };
static const unsigned ap_steps[] = { 1, 4096 };

/* ---- word and tables ---------------------------------------------------- */

size_t verify_default_tables(unsigned bits, verify_level level,
                             unsigned *tables)
{
	unsigned b, top = level == VERIFY_QUICK ? 12 : 20;
	size_t n = 0;

	for (b = 4; b <= top && b <= bits; b++)
		tables[n++] = b;
	if (n == 0)
		tables[n++] = bits;
	return n;
}

unsigned verify_default_bits(const mpz_t p)
{
	unsigned long w = word_auto(p);     /* the one rule (word.h) */

	return w <= 64 ? (unsigned)w : 0;
}

/* ---- the plan ----------------------------------------------------------- */

uint64_t verify_fields_offsets(unsigned n)
{
	uint64_t set = 0;
	unsigned i, h;

	for (i = 0; i < 2; i++) {
		h = n / (2 + 2 * i);          /* n/2, then n/4 */
		/* y < 2^h: with h <= 2 every cell's rectangle (16 keys or more)
		 * has y full, so its keys are 0, 1, ..., the sequential keys */
		if (h >= 3 && h < 64)
			set |= (uint64_t)1 << h;
	}
	return set;
}

/* Family number bt->nfam, named by fmt; with no families allocated
 * (bt->fam NULL: verify_judged_default) only counted, and NULL. */
static verify_family *vadd(verify_battery *bt, verify_kind kind,
                           unsigned arg, size_t keys, const char *fmt,
                           va_list ap)
	__attribute__((format(printf, 5, 0)));

static verify_family *vadd(verify_battery *bt, verify_kind kind,
                           unsigned arg, size_t keys, const char *fmt,
                           va_list ap)
{
	verify_family *f;

	if (!bt->fam) {
		bt->nfam++;
		return NULL;
	}
	f = &bt->fam[bt->nfam++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->arg = arg;
	f->keys = keys;
	f->percentile = -1;
	f->tail = 1;
	vsnprintf(f->name, sizeof f->name, fmt, ap);
	return f;
}

static verify_family *add(verify_battery *bt, verify_kind kind, unsigned arg,
                          size_t keys, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static verify_family *add(verify_battery *bt, verify_kind kind, unsigned arg,
                          size_t keys, const char *fmt, ...)
{
	verify_family *f;
	va_list ap;

	va_start(ap, fmt);
	f = vadd(bt, kind, arg, keys, fmt, ap);
	va_end(ap);
	return f;
}

/* A family of keys start + i step, i < 2^(n - ctz(step)) (distinct). */
static void add_ck(verify_battery *bt, verify_kind kind, unsigned arg,
                   uint64_t start, uint64_t step, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void add_ck(verify_battery *bt, verify_kind kind, unsigned arg,
                   uint64_t start, uint64_t step, const char *fmt, ...)
{
	unsigned t = verify_ctz64(step), n = bt->bits;
	size_t cap = (size_t)8 << bt->bmax;
	size_t keys = n - t >= 63 ? cap : ((size_t)1 << (n - t)) < cap
	              ? (size_t)1 << (n - t) : cap;
	verify_family *f;
	va_list ap;

	if (kind == VERIFY_BYTE && keys > 256)
		keys = 256;
	va_start(ap, fmt);
	f = vadd(bt, kind, arg, keys, fmt, ap);
	va_end(ap);
	if (!f)
		return;
	f->ck = 1;
	f->start = start & word_mask(n);
	f->step = step & word_mask(n);
}

/* Keys with at most w bits set among n, ascending. */
static size_t sparse_keys(unsigned n, unsigned w, uint64_t **out)
{
	size_t cap = 1 + n + (size_t)n * (n - 1) / 2 +
	             (size_t)n * (n - 1) * (n - 2) / 6, k = 0;
	uint64_t *v = xmalloc(cap * sizeof *v, "sparse keys");
	unsigned a, b, c;

	v[k++] = 0;
	for (a = 0; a < n; a++) {
		v[k++] = (uint64_t)1 << a;
		for (b = 0; b < a; b++) {
			v[k++] = ((uint64_t)1 << a) | ((uint64_t)1 << b);
			for (c = 0; w >= 3 && c < b; c++)
				v[k++] = ((uint64_t)1 << a) | ((uint64_t)1 << b) |
				         ((uint64_t)1 << c);
		}
	}
	/* ascending as made (top bit a, then b, then c, each rising), so the
	 * first K keys are the sparse keys below some 2^t; no sort needed,
	 * which matters to searches that plan a battery per candidate */
	for (a = 1; a < k; a++)
		assert(v[a - 1] < v[a]);
	*out = v;
	return k;
}

/* Largest j with 2^j keys of the plane family: y < 2^ceil(j/2) <= 2^ylim,
 * x < 2^floor(j/2) <= 2^xlim. */
static size_t plane_keys(unsigned xlim, unsigned ylim)
{
	unsigned j = 0;

	while (j < 2 * FIELD_BITS && (j + 2) / 2 <= ylim && (j + 1) / 2 <= xlim)
		j++;
	return (size_t)1 << j;
}

/* The battery's families for bt->bits-bit words (counted only when
 * bt->fam is NULL: then no keys are made either). */
static void plan(verify_battery *bt)
{
	unsigned n = bt->bits, s, i, h;
	verify_family *f;

	add_ck(bt, VERIFY_SEQ, 0, 0, 1, "sequential");
	for (s = 1; s < n; s++)
		add_ck(bt, VERIFY_POW2, s, 0, (uint64_t)1 << s, "stride 2^%u", s);
	for (i = 0; i < sizeof multiples / sizeof *multiples; i++)
		if (n >= 64 || multiples[i] < ((uint64_t)1 << n) / 16)
			add_ck(bt, VERIFY_MULT, multiples[i], 0, multiples[i],
			       "stride %u", multiples[i]);
	for (i = 0; i < sizeof ap_steps / sizeof *ap_steps; i++)
		if (n >= 64 || ap_steps[i] < ((uint64_t)1 << n) / 16)
			add_ck(bt, VERIFY_AP, ap_steps[i], SEED_START, ap_steps[i],
			       "start+k*%u", ap_steps[i]);
	for (i = 0; 8 * i + 4 <= n; i++) {
		uint64_t bg = SEED_BYTES & ~((uint64_t)0xff << (8 * i));
		/* with no background bit in the word (8 bits: byte 0) the keys
		 * are those of stride 2^(8i), sequential for i = 0: not twice */
		if ((bg & word_mask(n)) == 0)
			continue;
		add_ck(bt, VERIFY_BYTE, i, bg, (uint64_t)1 << (8 * i), "byte %u", i);
	}
	for (i = 0; i < 2; i++) {     /* n/2, then n/4, as they always came */
		h = n / (2 + 2 * i);
		if ((i && h == n / 2) || h >= 64 ||
		    !(verify_fields_offsets(n) >> h & 1))
			continue;
		add(bt, VERIFY_FIELDS, h, plane_keys(n - h, h), "fields x<<%u|y", h);
	}
	if (n >= 2 * PTR_ALIGN)
		add(bt, VERIFY_PTRIDX, 0, plane_keys(n - PTR_ALIGN, PTR_ALIGN),
		    "pointer+index");
	for (i = 0; i < 2; i++) {
		if (bt->fam)
			bt->nsparse[i] = sparse_keys(n, 2 + i, &bt->sparse[i]);
		add(bt, VERIFY_SPARSE, 2 + i, bt->nsparse[i], "<= %u bits set",
		    2 + i);
	}
	for (i = 0; bt->fam && i < bt->nfam; i++) {
		size_t t;
		f = &bt->fam[i];
		if (f->keys > (size_t)8 << bt->bmax)
			f->keys = (size_t)8 << bt->bmax;
		for (t = 0; t < bt->ntables; t++) {
			unsigned l;
			for (l = 0; l < VERIFY_LOADS; l++)
				bt->ncells += ((size_t)1 << (bt->tables[t] + l)) <= f->keys;
		}
	}
}

int verify_plan(verify_battery *bt, uint64_t p, unsigned bits,
                const unsigned *tables, size_t ntables, cfx_err *err)
{
	int used[VERIFY_MAX_TABLE_BITS + 1] = { 0 };
	size_t i;
	unsigned b;

	assert(bits >= 2 && bits <= 64);
	memset(bt, 0, sizeof *bt);
	bt->p = p & word_mask(bits);
	bt->bits = bits;
	bt->cal_bits = bits <= 32 ? 32 : 64;
	if (ntables == 0)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "no table sizes to test");
	for (i = 0; i < ntables; i++) {
		unsigned top = bits < VERIFY_MAX_TABLE_BITS ? bits
		               : VERIFY_MAX_TABLE_BITS;
		if (tables[i] < 1 || tables[i] > top)
			return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
			                   "table bits %u outside 1..%u", tables[i],
			                   top);
		used[tables[i]] = 1;
	}
	for (b = 1; b <= VERIFY_MAX_TABLE_BITS; b++)
		if (used[b] && bt->ntables < VERIFY_MAX_TABLES) {
			bt->tables[bt->ntables++] = b;
			bt->bmax = b;
		}
	bt->fam = xcalloc(bits + 32 + VERIFY_MAX_USER, sizeof *bt->fam,
	                  "verify families");
	plan(bt);
	return 0;
}

void verify_free(verify_battery *bt)
{
	size_t i;

	if (!bt)
		return;
	free(bt->fam);
	free(bt->sparse[0]);
	free(bt->sparse[1]);
	for (i = 0; i < bt->nukeys; i++)
		free(bt->ukeys[i]);
	verify_smap_free(&bt->smap);
	free(bt->tref);
	memset(bt, 0, sizeof *bt);
}

int verify_add_stride(verify_battery *bt, uint64_t c, cfx_err *err)
{
	if (bt->nuser >= VERIFY_MAX_USER)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "at most %d strides",
		                   VERIFY_MAX_USER);
	if (c < 1 || c > word_mask(bt->bits))
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "stride %llu outside "
		                   "1..2^%u-1", (unsigned long long)c, bt->bits);
	add_ck(bt, VERIFY_MULT, c > 0xffffffffu ? 0 : (unsigned)c, 0, c,
	       "stride %llu (yours)", (unsigned long long)c);
	bt->fam[bt->nfam - 1].user = 1;
	bt->nuser++;
	return 0;
}

int verify_add_run(verify_battery *bt, const char *name, uint64_t start,
                   uint64_t step, cfx_err *err)
{
	step &= word_mask(bt->bits);
	if (bt->nuser >= VERIFY_MAX_USER)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "at most %d key "
		                   "families of yours", VERIFY_MAX_USER);
	if (!step)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "a step of 0 mod "
		                   "2^%u: one key", bt->bits);
	add_ck(bt, start & word_mask(bt->bits) ? VERIFY_AP : VERIFY_MULT,
	       step > 0xffffffffu ? 0 : (unsigned)step, start, step, "%s", name);
	bt->fam[bt->nfam - 1].user = 1;
	bt->nuser++;
	return 0;
}

int verify_add_keys(verify_battery *bt, const char *name, uint64_t *keys,
                    size_t n, cfx_err *err)
{
	verify_family *f;
	size_t i;

	if (bt->nuser >= VERIFY_MAX_USER) {
		free(keys);
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "at most %d key "
		                   "families of yours", VERIFY_MAX_USER);
	}
	for (i = 0; i < n; i++)
		keys[i] &= word_mask(bt->bits);
	if (n) {
		size_t m = sort_unique_u64(keys, n);

		if (m == (size_t)-1) {
			free(keys);
			return mem_fail(n * sizeof *keys, "your keys' sort", err);
		}
		n = m;
	}
	if (!n) {
		free(keys);
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "no keys");
	}
	f = add(bt, VERIFY_KEYS, (unsigned)bt->nukeys,
	        n < ((size_t)8 << bt->bmax) ? n : (size_t)8 << bt->bmax, "%s",
	        name);
	f->user = 1;
	bt->ukeys[bt->nukeys] = keys;
	bt->ukref_done[bt->nukeys] = 0;
	/* the reference counts the keys of every cell again, once a
	 * multiplier: as many as fit the budget (2^23 keys: 40) */
	{
		size_t cost = f->keys + ((size_t)1 << bt->bmax), m = VERIFY_KREF_BUDGET
		              / cost;
		bt->ukref_n[bt->nukeys] = m > VERIFY_KREF_COUNT ? VERIFY_KREF_COUNT
		                          : m < VERIFY_KREF_MIN ? VERIFY_KREF_MIN : m;
	}
	bt->nukeys++;
	bt->nuser++;
	return 0;
}

unsigned verify_fields_max(unsigned bits)
{
	unsigned tables[STRIDE_MAX_TABLES], f;
	size_t nt = stride_tables(bits, tables);
	/* the most keys of a cell, 2^j: the largest table, 8 keys a bucket */
	unsigned j = nt ? tables[nt - 1] + 3 : 0;

	f = (j < bits ? j : bits) / LATTICE_MIN_FIELD;
	f = f > 1 ? f - 1 : 0;
	return f < LATTICE_MAX_FIELDS - 1 ? f : LATTICE_MAX_FIELDS - 1;
}

int verify_fields_ok(unsigned bits, const unsigned *shift, unsigned nf)
{
	unsigned i;

	if (nf > verify_fields_max(bits))
		return 0;
	for (i = 0; i < nf; i++)
		if (shift[i] < LATTICE_MIN_FIELD ||
		    shift[i] + LATTICE_MIN_FIELD > (i ? shift[i - 1] : bits))
			return 0;
	return 1;
}

/* The tables a layout asked for is judged at (verify_int.h). */
int verify_ufields_tables(const verify_battery *bt, unsigned *tables,
                          size_t *nt)
{
	unsigned st[STRIDE_MAX_TABLES];
	size_t i, ns = stride_tables(bt->bits, st);

	*nt = 0;
	for (i = 0; i < bt->ntables; i++)
		if (bt->tables[i] <= 20 && bt->tables[i] < bt->bits &&
		    *nt < STRIDE_MAX_TABLES)
			tables[(*nt)++] = bt->tables[i];
	if (*nt != ns)
		return 0;
	for (i = 0; i < ns; i++)
		if (tables[i] != st[i])
			return 0;
	return 1;
}

int verify_add_fields(verify_battery *bt, const unsigned *shift, unsigned nf,
                      cfx_err *err)
{
	verify_ufields *u;
	unsigned i;
	size_t len;

	if (bt->nufields >= VERIFY_MAX_USER || nf < 1 ||
	    !verify_fields_ok(bt->bits, shift, nf))
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "1 to %u offsets "
		                   "falling from %u to %d, each field %d bits or "
		                   "more; at most %d layouts",
		                   verify_fields_max(bt->bits), bt->bits -
		                   LATTICE_MIN_FIELD, LATTICE_MIN_FIELD,
		                   LATTICE_MIN_FIELD, VERIFY_MAX_USER);
	u = &bt->ufields[bt->nufields++];
	memset(u, 0, sizeof *u);
	u->lay.nf = nf + 1;
	for (i = 0; i < nf; i++)
		u->lay.shift[i] = shift[i];
	u->lay.shift[nf] = 0;
	len = (size_t)snprintf(u->name, sizeof u->name, "fields ");
	for (i = 0; i <= nf && len < sizeof u->name; i++)
		len += (size_t)(u->lay.shift[i]
		       ? snprintf(u->name + len, sizeof u->name - len, "%s%c<<%u",
		                  i ? "|" : "", "xyzw"[i], u->lay.shift[i])
		       : snprintf(u->name + len, sizeof u->name - len, "%s%c",
		                  i ? "|" : "", "xyzw"[i]));
	u->status = VERIFY_INFO;
	u->tail = 1;
	u->percentile = -1;
	/* two fields on 32 or 64 bits at the default tables: the offset's
	 * reference is made */
	{
		unsigned t[STRIDE_MAX_TABLES];
		size_t nt;
		u->nref = u->lay.nf == 2 && verify_ufields_tables(bt, t, &nt) &&
		          verify_off_ref_of(bt->bits, u->lay.shift[0])
		          ? 0 : VERIFY_UREF_COUNT;
	}
	return 0;
}

/* F: every check verify_judge makes but "joint" (a rule over the
 * others, added only when it FAILs): the families, the layouts asked
 * for, the form checks odd, size, prime, continued fraction and shift/add
 * (counted even where verify_run_screen skips it, so that F is one number
 * for every face), the stride map, and the field offsets and layouts
 * where they are ranked (32 and 64 bits, odd p).  So the report's first
 * line, its table and the JSON's "judged" count the same checks. */
static size_t judged_count(const verify_battery *bt)
{
	return bt->nfam + bt->nufields + 5 + 1 +
	       2 * ((bt->bits == 32 || bt->bits == 64) && (bt->p & 1));
}

const verify_check *verify_joint(const verify_battery *bt)
{
	return bt->nforms && !strcmp(bt->forms[bt->nforms - 1].name, "joint")
	       ? &bt->forms[bt->nforms - 1] : NULL;
}

size_t verify_checks(const verify_battery *bt)
{
	return bt->nforms - (verify_joint(bt) != NULL) + bt->nufields +
	       bt->nfam;
}

size_t verify_judged(const verify_battery *bt)
{
	return judged_count(bt);
}

size_t verify_judged_default(unsigned bits)
{
	verify_battery bt;

	/* the families counted, not made: plan with no fam reads only bits,
	 * bmax, fam, nfam and nsparse, judged_count also p and nufields (the
	 * rest of the battery, some 13 KB, is left unset).  Cheap enough for
	 * a screen to ask per candidate, so nothing is kept. */
	assert(bits >= 2 && bits <= 64);
	bt.p = 1;
	bt.bits = bits;
	bt.bmax = 0;
	bt.fam = NULL;
	bt.nfam = 0;
	bt.nufields = 0;
	bt.nsparse[0] = bt.nsparse[1] = 0;
	plan(&bt);
	return judged_count(&bt);
}
