/*
 * cmd_verify.c - `cfx verify`: the verdict of src/core/verify.c as a
 * report that fits in a mail (72 columns), as JSON, or as a kernel-style
 * patch.  Everything is parsed before anything runs, so bad input prints
 * one line and nothing else.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfx/cf.h"
#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/naf.h"
#include "cfx/pool.h"
#include "cfx/sas.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/ccheck.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "cli/review_emit.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

#define REPORT_WIDTH 72

/* The user's own keys: --stride C,..., --fields H,... and --keys FAMILY
 * (its keys made once, before either constant runs: a progression is
 * start + i step, any other family the distinct keys of set) */
typedef struct ukeys {
	uint64_t stride[VERIFY_MAX_USER];
	size_t nstride;
	unsigned shift[LATTICE_MAX_FIELDS - 1];
	unsigned nshift;
	int family;              /* --keys given */
	char name[40];           /* "keys random:7 (yours)" */
	int run;                 /* a progression: */
	uint64_t start, step;
	keys_set set;            /* else these keys */
} ukeys;

/* A copy of set's keys for a battery to own. */
static uint64_t *keys_copy(const keys_set *set)
{
	uint64_t *k = xmalloc((set->n ? set->n : 1) * sizeof *k, "keys");

	memcpy(k, set->k, set->n * sizeof *k);
	return k;
}

static void ukeys_free(ukeys *u)
{
	if (u->family && !u->run)
		keys_free(&u->set);
}

/* --keys FAMILY on bits-bit words, tables up to 2^bmax: the family's
 * keys, as score makes them (8 a bucket of the largest table for a
 * generated family, at most the distinct keys it has; every key of a
 * file or a walk).  -1 with a one-line error naming the token. */
static int make_ukeys(cmd_ctx *c, const cli_args *a, unsigned bits,
                      unsigned bmax, ukeys *u)
{
	keys_spec ks;
	size_t count = 0;
	char *desc;
	int rc = 0;

	if (!a->own_keys)
		return 0;
	if (keys_parse(&ks, a->own_keys, &c->err) < 0)
		return -1;
	if (keys_generated(&ks)) {
		unsigned space = keys_space_bits(&ks, bits);
		count = (size_t)8 << bmax;
		if (space < 64 && ((uint64_t)1 << space) < count)
			count = (size_t)1 << space;
		if (!count)
			count = 1;
	}
	u->family = 1;
	desc = keys_describe(&ks);
	snprintf(u->name, sizeof u->name, "keys %.23s%s (yours)", desc,
	         strlen(desc) > 23 ? "..." : "");
	free(desc);
	if (keys_progression(&ks, bits, count, &u->start, &u->step))
		u->run = 1;
	else if (keys_make(&u->set, &ks, bits, count, c->stop, &c->err) < 0) {
		u->family = 0;
		if (c->err.code == CFX_ELIMIT && !c->err.token[0])
			cfx_err_retoken(&c->err, a->own_keys);
		rc = -1;
	}
	keys_spec_free(&ks);
	return rc;
}

/* Parse "C,C,..." (--stride) or "H,H2,..." (--fields) on bits-bit words:
 * -1 with a one-line error naming the bad token. */
static int parse_ukeys(cmd_ctx *c, const cli_args *a, unsigned bits,
                       ukeys *u)
{
	const char *lists[2] = { a->stride, a->fields };
	int w;

	memset(u, 0, sizeof *u);
	for (w = 0; w < 2; w++) {
		const char *s = lists[w], *opt = w ? "--fields" : "--stride";
		if (s && !*s)
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, s, "%s takes a "
			                   "list like %s", opt, w ? "20 or 20,12" : "104 "
			                   "or 24,104");
		if (w == 1 && s && !verify_fields_max(bits)) {
			unsigned need = bits;
			while (!verify_fields_max(need))
				need++;
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, s, "--fields needs "
			                   "a word of %u bits or more (this one has %u)",
			                   need, bits);
		}
		while (s && *s) {
			size_t len = strcspn(s, ",");
			char tok[32], *end;
			unsigned long long v;
			snprintf(tok, sizeof tok, "%.*s", (int)(len < 31 ? len : 31), s);
			errno = 0;
			v = strtoull(tok, &end, 0);
			if ((w == 0 && u->nstride == VERIFY_MAX_USER) ||
			    (w == 1 && u->nshift == verify_fields_max(bits)))
				return w ? cfx_err_set(&c->err, CFX_EDOMAIN, -1, len ? tok
				                       : s, "--fields takes at most %u on "
				                       "%u-bit words", verify_fields_max(bits),
				                       bits)
				         : cfx_err_set(&c->err, CFX_EDOMAIN, -1, len ? tok
				                       : s, "--stride takes at most %d",
				                       VERIFY_MAX_USER);
			if (w == 1 && len && !*end && !errno &&
			    isdigit((unsigned char)tok[0]) && v < bits)
				u->shift[u->nshift++] = (unsigned)v;
			/* strtoull skips spaces and takes a sign: a number here
			 * begins with a digit */
			if (!len || *end || errno || !isdigit((unsigned char)tok[0]) ||
			    (w == 0 && (v < 1 || v > word_mask(bits))) ||
			    (w == 1 && (v >= bits || !verify_fields_ok(bits, u->shift,
			                                               u->nshift)))) {
				if (w == 0)
					return cfx_err_set(&c->err, CFX_EDOMAIN, -1, len ? tok
					                   : s, "--stride takes numbers between "
					                   "1 and 2^%u-1", bits);
				/* the rule of verify_fields_ok */
				return cfx_err_set(&c->err, CFX_EDOMAIN, -1, len ? tok : s,
				                   "--fields takes offsets from %u down to "
				                   "%d, each %d or more below the one "
				                   "before (fields of 2^%d values or more)",
				                   bits - LATTICE_MIN_FIELD, LATTICE_MIN_FIELD,
				                   LATTICE_MIN_FIELD, LATTICE_MIN_FIELD);
			}
			if (w == 0)
				u->stride[u->nstride++] = v;
			s += len + (s[len] == ',');
			if (s[-1] == ',' && !*s)
				return cfx_err_set(&c->err, CFX_EDOMAIN, -1, lists[w],
				                   "%s ends in a comma", opt);
		}
	}
	return 0;
}

/* Everything known about one constant. */
typedef struct subject {
	constant k;              /* the multiplier and its derived forms */
	int made;                /* k is made (constant_free it) */
	unsigned bits;           /* k.bits */
	verify_battery bt;
} subject;

/* ---- parsing ------------------------------------------------------------ */

static int parse_tables(cmd_ctx *c, const cli_args *a, unsigned bits,
                        unsigned *t, size_t *n)
{
	const char *s = a->table_list;
	unsigned top = bits < VERIFY_MAX_TABLE_BITS ? bits : VERIFY_MAX_TABLE_BITS;
	int used[VERIFY_MAX_TABLE_BITS + 1] = { 0 };
	unsigned b;

	if (!s) {
		*n = verify_default_tables(bits, VERIFY_STANDARD, t);
		return 0;
	}
	*n = 0;
	while (*s) {
		const char *item = s;
		char *end, tok[32];
		unsigned long lo = strtoul(s, &end, 10), hi = lo;

		if (end == s || !isdigit((unsigned char)*s))
			goto bad;
		if (*end == '-') {
			s = end + 1;
			hi = strtoul(s, &end, 10);
			if (end == s || !isdigit((unsigned char)*s))
				goto bad;
		}
		/* a range or size out of order names its item: "99" of "4-20,99" */
		snprintf(tok, sizeof tok, "%.*s", (int)(end - item), item);
		if (hi < lo) {
			cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok,
			            "a table-bits range runs from low to high");
			c->err.arg = a->table_arg;
			return -1;
		}
		if (lo < 1 || hi > top) {
			cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok,
			            "table bits must lie in 1..%u", top);
			c->err.arg = a->table_arg;
			return -1;
		}
		for (b = (unsigned)lo; b <= hi; b++)
			if (!used[b] && *n < VERIFY_MAX_TABLES) {
				used[b] = 1;
				t[(*n)++] = b;
			}
		s = end;
		if (*s == ',' && s[1])
			s++;
		else if (*s)
			goto bad;      /* a stray character, or a comma at the end */
	}
	if (*n)
		return 0;
bad:
	cfx_err_set(&c->err, CFX_ESYNTAX, -1, a->table_list,
	            "--table-bits takes a list like 8,12,16 or 4-20");
	c->err.arg = a->table_arg;
	return -1;
}

static void subject_init(subject *s)
{
	memset(s, 0, sizeof *s);
}

static void subject_free(subject *s)
{
	if (s->made)
		constant_free(&s->k);
	verify_free(&s->bt);
}

/* The constant, its word size and derived forms; nothing runs yet.
 * bits = 0: --bits absent (the word rule, word_auto; above 64 bits
 * constant_make refuses it). */
static int subject_parse(cmd_ctx *c, subject *s, const char *src, int arg,
                         unsigned long bits)
{
	mpz_t v;
	unsigned long n = bits;

	if (!n) {
		mpz_init(v);
		if (constant_value(src, cli_session_lookup, c->sess, v, &c->err) < 0) {
			mpz_clear(v);
			c->err.arg = arg;
			return -1;
		}
		/* 0 for p >= 2^64 or p < 1: constant_make says what is wrong */
		n = mpz_sgn(v) > 0 ? verify_default_bits(v) : 32;
		mpz_clear(v);
	}
	if (constant_make(&s->k, src, cli_session_lookup, c->sess, n,
	                  WORD_MAX_HASH, &c->err) < 0) {
		c->err.arg = arg;
		return -1;
	}
	s->made = 1;
	s->bits = (unsigned)s->k.bits;
	return 0;
}

/* "cfx verify A B": the words were joined into one expression, which does
 * not parse; when each word is a constant alone, the second was meant as
 * --against, and the error says so (naming it). */
static void two_constants(cmd_ctx *c, const cli_args *a)
{
	char *w[2];
	cfx_err e;
	mpz_t v;
	int i, ok = 1;

	if (a->npos != 2 || c->err.code != CFX_ESYNTAX)
		return;
	w[0] = xstrndup(a->expr, (size_t)a->pos_off[1] - 1);
	w[1] = xstrdup(a->expr + a->pos_off[1]);
	mpz_init(v);
	for (i = 0; i < 2 && ok; i++) {
		cfx_err_clear(&e);
		ok = constant_value(w[i], cli_session_lookup, c->sess, v, &e) == 0;
	}
	mpz_clear(v);
	if (ok) {
		cfx_err_set(&c->err, CFX_EUSAGE, -1, w[1], "one constant at a "
		            "time; to put a second beside it: cfx verify %.40s "
		            "--against %.40s", w[0], w[1]);
		c->err.arg = a->pos[1];
	}
	free(w[0]);
	free(w[1]);
}

/* ---- running ------------------------------------------------------------ */

typedef struct run_ctx {
	cmd_ctx *c;
	verify_battery *bt;
	void *scratch[POOL_MAX];
	const char *label;
	int drawn;
	size_t work, total;      /* keys counted so far, of all families' */
	struct timespec start;
} run_ctx;

/* The keys family i counts: its share of the work. */
static size_t family_work(const verify_battery *bt, size_t i)
{
	size_t cap = (size_t)8 << bt->bmax;

	return bt->fam[i].keys < cap ? bt->fam[i].keys : cap;
}

static void run_one(void *ctx, size_t i, unsigned w)
{
	run_ctx *r = ctx;

	verify_family_run(r->bt, i, r->scratch[w]);
	__atomic_fetch_add(&r->work, family_work(r->bt, i), __ATOMIC_RELAXED);
}

static void keys_ref_one(void *ctx, size_t i, unsigned w)
{
	run_ctx *r = ctx;

	verify_keys_ref_run(r->bt, i, r->scratch[w]);
}

static void examples_one(void *ctx, size_t i, unsigned w)
{
	run_ctx *r = ctx;

	verify_family_examples(r->bt, i, r->scratch[w]);
}

/* The bar, on a terminal only: the share of the keys counted (families
 * differ a thousandfold: 2^27 keys at --table-bits 24, 16 for a wide
 * stride), the families done and the seconds so far; drawn before the
 * first family ends too, so a long run shows at once that it runs. */
static void draw(run_ctx *r, size_t done, size_t total)
{
	struct timespec now;
	size_t work = __atomic_load_n(&r->work, __ATOMIC_RELAXED);
	double secs;
	char note[32];

	clock_gettime(CLOCK_MONOTONIC, &now);
	secs = (double)(now.tv_sec - r->start.tv_sec) +
	       (double)(now.tv_nsec - r->start.tv_nsec) * 1e-9;
	snprintf(note, sizeof note, "%.0f s", secs);
	out_progress_note(r->label, done, total, "families", r->total ?
	                  (double)work / (double)r->total : 0, note);
	r->drawn = 1;
}

static int progress(void *ctx, size_t done, size_t total)
{
	run_ctx *r = ctx;

	if (r->c->progress)
		draw(r, done, total);
	return r->c->stop && *r->c->stop;
}

/* Between jobs that draw no bar: only whether to stop. */
static int stopped(void *ctx, size_t done, size_t total)
{
	run_ctx *r = ctx;

	(void)done;
	(void)total;
	return r->c->stop && *r->c->stop;
}

static int subject_run(cmd_ctx *c, subject *s, const unsigned *tables,
                       size_t ntables, const char *label, const ukeys *u)
{
	run_ctx r;
	ccheck_state cc;
	verify_compiled vc;
	unsigned threads = pool_cpus(), i;
	int rc;

	if (verify_plan(&s->bt, s->k.p64, s->bits, tables, ntables, &c->err) < 0)
		return -1;
	for (i = 0; u && i < u->nstride; i++)
		if (verify_add_stride(&s->bt, u->stride[i], &c->err) < 0)
			return -1;
	if (u && u->nshift &&
	    verify_add_fields(&s->bt, u->shift, u->nshift, &c->err) < 0)
		return -1;
	if (u && u->family && (u->run
	    ? verify_add_run(&s->bt, u->name, u->start, u->step, &c->err)
	    : verify_add_keys(&s->bt, u->name, keys_copy(&u->set), u->set.n,
	                      &c->err)) < 0)
		return -1;
	s->bt.stop = c->stop;       /* the judge's long checks end on Ctrl-C */
	memset(&r, 0, sizeof r);
	r.c = c;
	r.bt = &s->bt;
	r.label = label;
	clock_gettime(CLOCK_MONOTONIC, &r.start);
	for (i = 0; i < s->bt.nfam; i++)
		r.total += family_work(&s->bt, i);
	for (i = 0; i < threads; i++)
		r.scratch[i] = xmalloc(verify_scratch_size(&s->bt), "verify scratch");
	if (c->no_compiler) {         /* a lesson's check runs no compiler */
		memset(&cc, 0, sizeof cc);
		snprintf(cc.msg, sizeof cc.msg, "a lesson's check: cfx's evaluator "
		         "only, no compiler");
	} else {
		ccheck_start(&cc, s->k.code, s->bits, s->k.p64, c->stop);
	}
	if (c->progress)
		draw(&r, 0, s->bt.nfam);
	rc = pool_run(s->bt.nfam, threads, run_one, progress, &r);
	/* --keys: the same keys under random multipliers, to rank them */
	if (rc == 0 && verify_keys_ref_jobs(&s->bt))
		rc = pool_run(verify_keys_ref_jobs(&s->bt), threads, keys_ref_one,
		              stopped, &r);
	ccheck_finish(&cc);
	/* Ctrl-C while the compiler ran stopped the check, not the
	 * environment: the command is interrupted (130), not judged */
	if (c->stop && *c->stop)
		rc = -1;
	if (rc == 0) {
		vc.ran = cc.ran;
		vc.ok = cc.ok;
		vc.inputs = cc.inputs;
		vc.msg = cc.msg[0] ? cc.msg : NULL;   /* ran = 0: INFO, why */
		verify_judge(&s->bt, 1, &vc);
		{
			/* the stride map's reported strides, counted key by key */
			uint32_t *loads = xmalloc(sizeof *loads << 20, "stride counts");
			verify_strides_confirm(&s->bt, 1, loads);
			free(loads);
		}
		/* the colliding keys recount the FAIL and WARN families' worst
		 * cells: seconds at --table-bits 24, so the bar stays */
		if (!verify_stopped(&s->bt))
			pool_run(s->bt.nfam, threads, examples_one, stopped, &r);
		/* Ctrl-C after the compiler: the judge, the recount or the
		 * examples ended early (they were judged, and printed, with
		 * status 0 before: the interrupt was lost) */
		if (verify_stopped(&s->bt))
			rc = -1;
	}
	if (r.drawn)
		out_progress_end();
	for (i = 0; i < threads; i++)
		free(r.scratch[i]);
	if (rc < 0)
		return cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
	return 0;
}

/* ---- text report -------------------------------------------------------- */

/* Text wrapped to REPORT_WIDTH, every line indented by indent (< 16). */
static void para(FILE *f, int indent, const char *text)
{
	static const char spaces[] = "                ";

	out_fill(f, text, REPORT_WIDTH, spaces + 16 - indent,
	         spaces + 16 - indent, " ");
}

/* Families that fold into one row when neighbours share a status. */
static int foldable(verify_kind k)
{
	return k == VERIFY_POW2 || k == VERIFY_MULT || k == VERIFY_BYTE ||
	       k == VERIFY_AP;
}

/* The end of the run of families starting at i: same kind and status
 * (and the same status in ref, when there is one). */
static size_t run_end(const verify_battery *bt, const verify_battery *ref,
                      size_t i, int full)
{
	size_t j = i + 1;

	if (full || !foldable(bt->fam[i].kind))
		return j;
	while (j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind &&
	       bt->fam[j].status == bt->fam[i].status &&
	       (!ref || (j < ref->nfam &&
	                 ref->fam[j].status == ref->fam[i].status)))
		j++;
	return j;
}

/* A folded row's member as the row names it: "2^16" of "stride 2^16",
 * "100" of "stride 100", "byte 4" and "start+k*4096" whole. */
static const char *member(const verify_battery *bt, size_t m)
{
	const char *name = bt->fam[m].name;

	return strncmp(name, "stride ", 7) ? name : name + 7;
}

static size_t worst_of(const verify_battery *bt, size_t i, size_t j)
{
	size_t m = i;

	for (; i < j; i++)
		if (bt->fam[i].worst_r > bt->fam[m].worst_r)
			m = i;
	return m;
}

/* A stride multiple as a run's end: 10^6 rather than 1000000, so that
 * "strides 1000..10^6" fits the table's 20-column name field. */
static const char *mult_text(char *buf, size_t n, unsigned x)
{
	unsigned k = 0, y = x;

	while (y >= 10 && y % 10 == 0) {
		y /= 10;
		k++;
	}
	if (y == 1 && k >= 6)
		snprintf(buf, n, "10^%u", k);
	else
		snprintf(buf, n, "%u", x);
	return buf;
}

static void run_name(char *buf, size_t n, const verify_battery *bt,
                     size_t i, size_t j)
{
	const verify_family *a = &bt->fam[i], *b = &bt->fam[j - 1];
	char lo[16], hi[16];

	if (j == i + 1)
		snprintf(buf, n, "%s", a->name);
	else if (a->kind == VERIFY_POW2)
		snprintf(buf, n, "strides 2^%u..2^%u", a->arg, b->arg);
	else if (a->kind == VERIFY_BYTE)
		snprintf(buf, n, "bytes %u..%u", a->arg, b->arg);
	else if (a->kind == VERIFY_AP)
		snprintf(buf, n, "start+k*%u..%u", a->arg, b->arg);
	else
		snprintf(buf, n, "strides %s..%s", mult_text(lo, sizeof lo, a->arg),
		         mult_text(hi, sizeof hi, b->arg));
}

/* "1.4e+11" or "3071" */
static const char *count_text(char *buf, size_t n, double x)
{
	if (x >= 1e300)
		snprintf(buf, n, "1e300+");
	else if (x >= 1e5)
		snprintf(buf, n, "%.2g", x);
	else
		snprintf(buf, n, "%.0f", x);
	return buf;
}

/* The short evidence of a family for the table: its worst cell and its
 * rank in the one form (verify_rank_text). */
static void evidence(char *buf, size_t n, const verify_family *f)
{
	const verify_cell *w = &f->cells[f->worst];
	char r[16], rank[96];

	if (!f->ncells) {
		snprintf(buf, n, "only %zu keys: too few", f->keys);
		return;
	}
	snprintf(r, sizeof r, "%.3g", f->worst_r);
	if (f->absolute)
		snprintf(buf, n, "R %s at 2^%u x%u; small word: R >= 2", r, w->b,
		         w->load);
	else if (f->small_note && verify_family_as_sequential(f))
		snprintf(buf, n, "R %s at 2^%u x%u; hashes as 0x%llx: Note", r,
		         w->b, w->load, (unsigned long long)f->cf.mult);
	else if (f->small_note)
		snprintf(buf, n, "R %s at 2^%u x%u; see the Note", r, w->b,
		         w->load);
	else if (f->status == VERIFY_INFO)
		snprintf(buf, n, "%s", f->reason);
	else {
		verify_rank_text(rank, sizeof rank, f, 1);
		snprintf(buf, n, "R %s at 2^%u x%u; %s", r, w->b, w->load, rank);
	}
}

/* text padded to width with its first word (a status) in its colour on
 * a coloured f: the escapes take no column, so the table stays aligned */
static void cell(FILE *f, const char *text, int width)
{
	char word[16], paint[48];
	size_t n = strcspn(text, " ");
	int pad = width - (int)strlen(text);

	snprintf(word, sizeof word, "%.*s", (int)n, text);
	fprintf(f, "%s%s%*s", out_paint(f, word, paint, sizeof paint),
	        text + strlen(word), pad > 0 ? pad : 0, "");
}

/* A row of the side-by-side table: check, candidate, reference. */
static void row2(FILE *f, const char *name, const char *a, const char *b)
{
	fprintf(f, "%-20s ", name);
	cell(f, a, 24);
	fputc(' ', f);
	cell(f, b, 0);
	fputc('\n', f);
}

static void row(FILE *f, const char *name, const char *status,
                const char *ev)
{
	char head[64];
	int at = snprintf(head, sizeof head, "%-20s ", name);
	struct buf b = { 0 };

	snprintf(head, sizeof head, "%-20s %-4s  ", name, status);
	text_fill(&b, ev, REPORT_WIDTH, head, "                            ", " ");
	/* the status word in its colour; the text around it as filled */
	if (at > 0 && (size_t)at + strlen(status) <= strlen(buf_str(&b))) {
		fwrite(buf_str(&b), 1, (size_t)at, f);
		cell(f, status, 0);
		fputs(buf_str(&b) + at + strlen(status), f);
	} else
		fputs(buf_str(&b), f);
	buf_free(&b);
}

/* One side of --against: "FAIL R 85.8", or the status alone. */
static void side(char *buf, size_t n, const verify_battery *bt, size_t i,
                 size_t m)
{
	if (bt->fam[m].ncells)
		snprintf(buf, n, "%s R %.3g", verify_status_name(bt->fam[i].status),
		         bt->fam[m].worst_r);
	else
		snprintf(buf, n, "%s", verify_status_name(bt->fam[i].status));
}

static void table(FILE *f, const subject *s, const subject *ref, int full)
{
	const verify_battery *bt = &s->bt, *rb = ref ? &ref->bt : NULL;
	char name[40], ev[sizeof ((verify_family *)0)->reason], a[40], b[40];
	size_t i, j, m;

	if (ref)
		fprintf(f, "%-20s %-24s %s\n", "check", "candidate", "reference");
	else
		fprintf(f, "%-20s %-4s  %s\n", "check", "", "worst cell: R = lookups "
		        "/ a random hash's");
	/* the user's own keys first, one a row (the reference was judged
	 * on the same ones, in the same order) */
	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user && ref) {
			side(a, sizeof a, bt, i, i);
			side(b, sizeof b, rb, i, i);
			row2(f, bt->fam[i].name, a, b);
		} else if (bt->fam[i].user) {
			evidence(ev, sizeof ev, &bt->fam[i]);
			row(f, bt->fam[i].name, verify_status_name(bt->fam[i].status),
			    ev);
		}
	for (i = 0; i < bt->nufields; i++)
		if (ref)
			row2(f, bt->ufields[i].name, verify_status_name(
			     bt->ufields[i].status), verify_status_name(
			     rb->ufields[i].status));
		else
			row(f, bt->ufields[i].name, verify_status_name(
			    bt->ufields[i].status), bt->ufields[i].reason);
	/* with ref the checks agree in order; the last ("joint") may be on
	 * one side only: line one says it, not a row */
	for (i = 0; i < bt->nforms; i++) {
		const verify_check *k = &bt->forms[i];
		if (k == verify_joint(bt))
			continue;      /* not a check: line one and a paragraph */
		if (ref)
			row2(f, k->name, verify_status_name(k->status),
			     i < rb->nforms ? verify_status_name(rb->forms[i].status)
			     : "PASS");
		else if (!strcmp(k->name, "shift/add")) {
			char cost[96], sa[VERIFY_DETAIL_MAX + 256];
			/* INFO: the compiled check could not run; why */
			const char *why = strstr(k->detail, "cannot run: ");
			int len = snprintf(sa, sizeof sa, "%s; %s%.*s",
			         sas_cost_text(&s->k.sas, 1, cost, sizeof cost),
			         k->status == VERIFY_PASS ? "checked" : k->status ==
			         VERIFY_INFO ? "evaluator only, not compiled: " :
			         "BROKEN", why && k->status == VERIFY_INFO ?
			         (int)strcspn(why + 12, ";") : 0, why ? why + 12 : "");
			if (bt->opt_adders && len > 0 && (size_t)len < sizeof sa)
				snprintf(sa + len, sizeof sa - (size_t)len, "; shifts "
				         "--optimal: %u adders, depth %u", bt->opt_adders,
				         bt->opt_depth);
			row(f, k->name, verify_status_name(k->status), sa);
		} else if (!strcmp(k->name, "stride map") && bt->smap.n) {
			const verify_smap *sm = &bt->smap;
			char pct[40] = "", sh[16];
			if (sm->percentile >= 0)
				snprintf(pct, sizeof pct, "; %s%% do better",
				         verify_share_text(sh, sizeof sh, sm->percentile, 3));
			snprintf(ev, sizeof ev, "%llu: R %.3g at 2^%u x%u%s",
			         (unsigned long long)sm->s[0].c, sm->s[0].r, sm->s[0].b,
			         sm->s[0].load, pct);
			row(f, k->name, verify_status_name(k->status), ev);
		} else {
			const char *d = k->detail;
			char shortd[48];
			/* the first clause only; the paragraph below has the rest */
			/* (the field checks: their cell, up to the first ';') */
			size_t cut = strncmp(k->name, "field ", 6) ? strcspn(d, ":;(")
			             : strcspn(d, ";(");
			snprintf(shortd, sizeof shortd, "%.*s", (int)(cut < 44 ? cut
			         : 44), d);
			row(f, k->name, verify_status_name(k->status), shortd);
		}
	}
	for (i = bt->nforms; ref && i < rb->nforms; i++)
		if (&rb->forms[i] != verify_joint(rb))
			row2(f, rb->forms[i].name, "PASS",
		     verify_status_name(rb->forms[i].status));
	for (i = 0; i < bt->nfam - bt->nuser; i = j) {
		j = run_end(bt, rb, i, full);
		if (j > bt->nfam - bt->nuser)
			j = bt->nfam - bt->nuser;
		m = worst_of(bt, i, j);
		run_name(name, sizeof name, bt, i, j);
		if (ref) {
			side(a, sizeof a, bt, i, m);
			side(b, sizeof b, rb, i, worst_of(rb, i, j));
			row2(f, name, a, b);
			continue;
		}
		evidence(ev, sizeof ev, &bt->fam[m]);
		if (j > i + 1) {
			/* the rank is of the worst member alone (a rank of the
			 * row's maximum would need that maximum's reference) */
			const verify_family *w = &bt->fam[m];
			char e[sizeof ev];
			memcpy(e, ev, sizeof e);
			snprintf(ev, sizeof ev, "%s%s: %.110s", member(bt, m),
			         w->ncells && !w->absolute && !w->small_note &&
			         w->status != VERIFY_INFO ? " alone" : "", e);
		}
		row(f, name, verify_status_name(bt->fam[i].status), ev);
	}
}

#define VERIFY_SMAP_JSON 16      /* strides the default JSON lists */

/* One line of the stride map: c, predicted R, counted R, the cell. */
static void stride_line(FILE *f, const verify_stride *v)
{
	char cnt[24];

	if (v->counted >= 0)
		snprintf(cnt, sizeof cnt, "%.3g", v->counted);
	else
		snprintf(cnt, sizeof cnt, "-");
	fprintf(f, "  %-8llu %-11.3g %-9s 2^%u x%u\n", (unsigned long long)v->c,
	        v->r, cnt, v->b, v->load);
}

/* "3672 R 21.6/21.6 at 2^18 x2": c, predicted/counted, the cell. */
static size_t stride_brief(char *buf, size_t n, const verify_stride *v)
{
	char cnt[24] = "";

	if (v->counted >= 0)
		snprintf(cnt, sizeof cnt, "/%.3g", v->counted);
	return (size_t)snprintf(buf, n, "%llu R %.3g%s at 2^%u x%u",
	                        (unsigned long long)v->c, v->r, cnt, v->b,
	                        v->load);
}

/* The stride map: a paragraph with the worst few (with full, a table of
 * every one at R >= 4), the reference, and the strides past the map's
 * set, predicted. */
static void strides_section(FILE *f, const verify_battery *bt, int full)
{
	const verify_smap *sm = &bt->smap;
	char text[1400], sh[16];
	size_t i, len, shown = 0;

#define ADD(...) do { if (len < sizeof text) len += (size_t)snprintf( \
	text + len, sizeof text - len, __VA_ARGS__); } while (0)
	if (!sm->n)
		return;
	len = 0;
	ADD("Stride map (keys k*c, arrays of c-byte structs: every c up to %d, "
	    "multiples of %d up to %d): %zu of %zu reach R >= %g", STRIDE_MAP_SMALL,
	    STRIDE_MAP_STEP, STRIDE_MAP_TOP, sm->collapse, sm->n,
	    STRIDE_COLLAPSE_R);
	if (sm->percentile >= 0)
		ADD("; random odd %u-bit multipliers have %.0f to %.0f (10%% to "
		    "90%%, median %.0f): every multiplier collapses some struct "
		    "size", bt->bits, sm->ref_collapse[0], sm->ref_collapse[2],
		    sm->ref_collapse[1]);
	ADD(".  The worst, R predicted (the mean over starts) / counted (keys "
	    "k*c from 0): ");
	for (i = 0; i < sm->n && i < VERIFY_SMAP_SHOW && !full; i++) {
		if (i)
			ADD("; ");
		if (len < sizeof text)
			len += stride_brief(text + len, sizeof text - len, &sm->s[i]);
		shown++;
	}
	if (full)
		ADD("below.");
	else
		ADD(".");
	if (sm->percentile >= 0)
		ADD("  %s: %s%% of random multipliers have a better worst "
		    "stride%s.", verify_status_name(sm->status), verify_share_text(
		    sh, sizeof sh, sm->percentile, 3),
		    "");
	if (sm->beyond_found && sm->nbeyond) {
		ADD("  Past the map, c up to %d (predicted only): %zu more at R >= "
		    "%g, the worst ", STRIDE_SCREEN_TOP, sm->beyond_found,
		    STRIDE_COLLAPSE_R);
		if (len < sizeof text)
			len += stride_brief(text + len, sizeof text - len,
			                    &sm->beyond[0]);
		ADD(".");
	}
	if (!full && sm->collapse > shown)
		ADD("  --full lists every one at R >= %g.", STRIDE_COLLAPSE_R);
#undef ADD
	fputc('\n', f);
	para(f, 0, text);
	if (!full)
		return;
	fprintf(f, "  %-8s %-11s %-9s %s\n", "stride", "R predicted", "counted",
	        "worst cell");
	for (i = 0; i < sm->n; i++) {
		if (i >= VERIFY_SMAP_SHOW && sm->s[i].r < STRIDE_COLLAPSE_R)
			break;
		stride_line(f, &sm->s[i]);
	}
	for (i = 0; i < sm->nbeyond; i++) {
		if (i == 0)
			fprintf(f, "  past the map, predicted only:\n");
		stride_line(f, &sm->beyond[i]);
	}
}

/* A PASS row at R >= 2 (lookups twice a random hash's or more), named as
 * the table names it, to the paragraph that says why it passes: "strides
 * 2^1..2^9 R 8.25, 1.4% of random odd multipliers as bad or worse". */
static void pass_item(struct buf *b, size_t *items, const char *name,
                      verify_status st, double r, double percentile,
                      double tail)
{
	char sh[16];
	double as_bad = verify_share_as_bad(percentile, tail);

	if (st != VERIFY_PASS || r < VERIFY_BAD_R)
		return;
	/* a family of few keys has no reference to say how common it is */
	if (as_bad < 0) {
		buf_printf(b, "%s%s R %.3g, not ranked (too few keys)", (*items)++
		           ? "; " : "", name, r);
		return;
	}
	buf_printf(b, "%s%s R %.3g, %s%%", (*items)++ ? "; " : "", name, r,
	           verify_share_text(sh, sizeof sh, as_bad, 3));
	if (*items == 1)
		buf_puts(b, " of random odd multipliers as bad or worse");
}

/* Why the rows of the table that PASS at R >= 2 pass, once, in plain
 * words: how common that R is among random odd multipliers (the
 * complement of the row's rank).  A small-word note explains its own
 * families (small_note), so they are not repeated here. */
static void passes_note(FILE *f, const subject *s, const subject *ref,
                        int full)
{
	const verify_battery *bt = &s->bt, *rb = ref ? &ref->bt : NULL;
	struct buf b = { 0 };
	size_t i, j, m, items = 0;

	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user && !bt->fam[i].small_note)
			pass_item(&b, &items, bt->fam[i].name, bt->fam[i].status,
			          bt->fam[i].worst_r, bt->fam[i].percentile,
			          bt->fam[i].tail);
	for (i = 0; i < bt->nufields; i++)
		pass_item(&b, &items, bt->ufields[i].name, bt->ufields[i].status,
		          bt->ufields[i].cell.r, bt->ufields[i].percentile,
		          bt->ufields[i].tail);
	for (i = 0; i < bt->nforms; i++)
		pass_item(&b, &items, bt->forms[i].name, bt->forms[i].status,
		          bt->forms[i].r, bt->forms[i].percentile,
		          bt->forms[i].tail);
	for (i = 0; i < bt->nfam - bt->nuser; i = j) {
		j = run_end(bt, rb, i, full);
		if (j > bt->nfam - bt->nuser)
			j = bt->nfam - bt->nuser;
		m = worst_of(bt, i, j);
		if (bt->fam[m].small_note || !bt->fam[m].ncells)
			continue;
		/* the worst member by its own name: its share is its own */
		pass_item(&b, &items, bt->fam[m].name, bt->fam[i].status,
		          bt->fam[m].worst_r,
		          bt->fam[m].percentile, bt->fam[m].tail);
	}
	if (items) {
		char *text = xasprintf("R >= %g means lookups cost twice a random "
		         "hash's or more; a check FAILs for it only when fewer than "
		         "%.2g%% of random odd multipliers are as bad (%g%% shared "
		         "over the %zu checks).  %s PASS%s because that is common: "
		         "%s.", VERIFY_BAD_R, 100 * VERIFY_ALPHA_FAIL /
		         (double)verify_judged(bt), 100 * VERIFY_ALPHA_FAIL,
		         verify_judged(bt), items == 1
		         ? "This row" : "These rows", items == 1 ? "es" : "",
		         buf_str(&b));
		fputc('\n', f);
		para(f, 0, text);
		free(text);
	}
	buf_free(&b);
}

/* The worst of the families a small-word note names, or NULL. */
static const verify_family *noted_worst(const verify_battery *bt)
{
	const verify_family *m = NULL;
	size_t i;

	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].small_note &&
		    (!m || bt->fam[i].worst_r > m->worst_r))
			m = &bt->fam[i];
	return m;
}

/* The first line.  A PASS whose report has a small-word note (a stride
 * at R >= 2 the verdict does not count) says so here too, for readers of
 * the first line only (noted: the report prints s's note). */
/* The first line: "cfx: P (N-bit): ...", or under it "against: OLD ..." */
static void summary(FILE *f, const subject *s, int noted, const char *lead)
{
	const verify_battery *bt = &s->bt;
	size_t checks = verify_checks(bt);
	int note = noted && noted_worst(bt);
	char paint[48];

	fprintf(f, "%s: %s (%u-bit): %s, ", lead, s->k.hex, s->bits,
	        out_paint(f, bt->nfail ? "FAIL" : "PASS", paint, sizeof paint));
	if (verify_joint(bt))  /* FAILs by the rule over the checks alone */
		fprintf(f, "%zu checks, %zu WARN (joint)\n", checks, bt->nwarn);
	else if (bt->nfail)
		fprintf(f, "%zu of %zu checks\n", bt->nfail, checks);
	else if (bt->nwarn)
		fprintf(f, "%zu checks, %zu WARN%s\n", checks, bt->nwarn,
		        note ? ", 1 note" : "");
	else
		fprintf(f, "%zu checks%s\n", checks, note ? ", 1 note" : "");
}

/* c as "2^13", "24 = 2^3 * 3" or "1000". */
static void step_text(char *buf, size_t n, uint64_t c, unsigned t)
{
	if (c == ((uint64_t)1 << t))
		snprintf(buf, n, "2^%u", t);
	else if (t)
		snprintf(buf, n, "%llu = 2^%u * %llu", (unsigned long long)c, t,
		         (unsigned long long)(c >> t));
	else
		snprintf(buf, n, "%llu", (unsigned long long)c);
}

/* A c k family's effective multiplier, one sentence ("" for keys 0, 1,
 * ...: p itself). */
static int explain_cf(char *buf, size_t n, const verify_family *f)
{
	const verify_cf *e = &f->cf;
	char c[48];

	if (!e->ok || f->step == 1)
		return 0;
	step_text(c, sizeof c, f->step, e->t);
	return snprintf(buf, n, "Keys k*%s hash like 0x%llx on %u bits.  ", c,
	                (unsigned long long)e->mult, e->w);
}

/* One paragraph for a FAIL (or WARN) kind: its worst member, why, and
 * keys that collide. */
static void explain(FILE *out, const subject *s, size_t i, size_t j,
                    verify_status st)
{
	const verify_battery *bt = &s->bt;
	const verify_family *f;
	const verify_cell *w;
	char text[1400], in[24], sh[16];
	size_t m = i, k, count = 0, len;

	for (k = i; k < j; k++)
		if (bt->fam[k].status == st) {
			count++;
			if (bt->fam[m].status != st ||
			    bt->fam[k].worst_r > bt->fam[m].worst_r)
				m = k;
		}
	f = &bt->fam[m];
	w = &f->cells[f->worst];
	len = (size_t)snprintf(text, sizeof text, "%s", f->name);
	if (count > 1)
		len += (size_t)snprintf(text + len, sizeof text - len, " (and %zu "
		                        "more)", count - 1);
	len += (size_t)snprintf(text + len, sizeof text - len, " %s: R %.3g at "
	         "2^%u x%u, max load %llu.  ", verify_status_name(st), f->worst_r,
	         w->b, w->load, (unsigned long long)w->sc.max_load);
	if (!(s->k.p64 & 1))
		len += (size_t)snprintf(text + len, sizeof text - len, "Keys that "
		         "differ by a multiple of 2^%u collide (p is even).",
		         s->bits - (unsigned)__builtin_ctzll(s->k.p64));
	else {
		char rank[160];
		len += (size_t)explain_cf(text + len, sizeof text - len, f);
		verify_rank_text(rank, sizeof rank, f, 0);
		rank[0] = (char)toupper((unsigned char)rank[0]);
		if (len < sizeof text && f->kind == VERIFY_KEYS)
			len += (size_t)snprintf(text + len, sizeof text - len, "%s%% of "
			         "%zu random odd multipliers do better on these keys "
			         "(this bad: 1 in %s by the fitted tail).",
			         verify_share_text(sh, sizeof sh, f->percentile, 3),
			         bt->ukref_n[f->arg], count_text(in, sizeof in,
			         f->tail > 0 ? 1 / f->tail : 1e300));
		else if (len < sizeof text)
			len += (size_t)snprintf(text + len, sizeof text - len, "%s.",
			                        rank);
	}
	if (f->absolute && len < sizeof text)
		len += (size_t)snprintf(text + len, sizeof text - len, "  At %u "
		         "bits there are only %llu odd multipliers, too few for that "
		         "rank to single one out, so on words of %u bits or fewer "
		         "sequential keys that cost twice a random hash's lookups "
		         "FAIL outright.", s->bits, 1ULL << (s->bits - 1),
		         VERIFY_SMALL_BITS);
	if (f->nexample >= 2 && len < sizeof text) {
		len += (size_t)snprintf(text + len, sizeof text - len, "  Bucket "
		         "0x%llx:", (unsigned long long)f->example_bucket);
		for (k = 0; k < 2 && len < sizeof text; k++)
			len += (size_t)snprintf(text + len, sizeof text - len, " 0x%llx",
			                        (unsigned long long)f->example[k]);
		if (len < sizeof text)
			snprintf(text + len, sizeof text - len, " ...");
	}
	para(out, 0, text);
}

static void explain_forms(FILE *f, const verify_battery *bt,
                          verify_status st)
{
	size_t i;

	for (i = 0; i < bt->nforms; i++)
		if (bt->forms[i].status == st && (!bt->smap.n ||
		    strcmp(bt->forms[i].name, "stride map"))) {
			/* (the stride map has a paragraph of its own) */
			char *text = xasprintf("%s: %s.  %s.", bt->forms[i].name,
			                       verify_status_name(st),
			                       bt->forms[i].detail);
			text[0] = (char)toupper((unsigned char)text[0]);
			para(f, 0, text);
			free(text);
		}
}

/* Paragraphs for every kind with a family of status st: one a kind. */
static void explain_kinds(FILE *f, const subject *s, verify_status st)
{
	const verify_battery *bt = &s->bt;
	size_t i, j;

	for (i = 0; i < bt->nfam; i = j) {
		int any = 0;
		for (j = i; j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind; j++)
			any |= bt->fam[j].status == st;
		if (any)
			explain(f, s, i, j, st);
	}
}

/* The table sizes checked, exactly: "tables 2^4..2^20", "tables 2^10,
 * 2^16 and 2^20", "table 2^12"; runs of three or more consecutive sizes
 * as a..b. */
static void tables_text(const verify_battery *bt, char *buf, size_t n)
{
	size_t i = 0, at, runs = 0, r;
	size_t start[VERIFY_MAX_TABLES], end[VERIFY_MAX_TABLES];

	while (i < bt->ntables) {
		start[runs] = i;
		while (i + 1 < bt->ntables && bt->tables[i + 1] == bt->tables[i] + 1)
			i++;
		if (i == start[runs] + 1)   /* two sizes are two items */
			i--;
		end[runs++] = i++;
	}
	at = (size_t)snprintf(buf, n, "table%s", bt->ntables > 1 ? "s" : "");
	for (r = 0; r < runs && at < n; r++) {
		const char *sep = r == 0 ? " " : r + 1 == runs ? " and " : ", ";
		if (end[r] == start[r])
			at += (size_t)snprintf(buf + at, n - at, "%s2^%u", sep,
			                       bt->tables[start[r]]);
		else
			at += (size_t)snprintf(buf + at, n - at, "%s2^%u..2^%u", sep,
			                       bt->tables[start[r]], bt->tables[end[r]]);
	}
}

/* The kinds of keys in the battery, as the patch names them. */
static void families_text(const verify_battery *bt, char *buf, size_t n)
{
	static const char *const kinds[] = {
		"sequential", "every stride 2^s", NULL, "shifted runs",
		"single bytes", "packed fields", "pointer+index", "sparse keys"
	};
	unsigned lo = 0, hi = 0, seen = 0, k;
	size_t i, at = 0;

	for (i = 0; i < bt->nfam; i++) {
		seen |= 1u << bt->fam[i].kind;
		if (bt->fam[i].kind == VERIFY_MULT) {
			if (!lo || bt->fam[i].arg < lo)
				lo = bt->fam[i].arg;
			if (bt->fam[i].arg > hi)
				hi = bt->fam[i].arg;
		}
	}
	buf[0] = '\0';
	for (k = 0; k < sizeof kinds / sizeof *kinds && at < n; k++) {
		if (!(seen & (1u << k)))
			continue;
		if (k == VERIFY_MULT && lo == hi)
			at += (size_t)snprintf(buf + at, n - at, "%sstride %u",
			                       at ? ", " : "", lo);
		else if (k == VERIFY_MULT)
			at += (size_t)snprintf(buf + at, n - at, "%sstrides %u to %s%u",
			                       at ? ", " : "", lo, hi == 1000000 ? "10^"
			                       : "", hi == 1000000 ? 6 : hi);
		else
			at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? ", " : "",
			                       kinds[k]);
	}
}

/* On a small word, the families at R >= 2 that the rank rule keeps (see
 * verify.h, "Only the sequential keys"): one paragraph, so that a
 * collapse the verdict does not count is still in the report. */
static void small_note(FILE *f, const subject *s)
{
	const verify_battery *bt = &s->bt;
	const verify_family *m = noted_worst(bt);
	char text[1400], in[160] = "", share[160] = "";
	size_t i, k, len, have, of;

	if (!m)
		return;
	fputc('\n', f);
	/* keys k c from 0 hash exactly as the sequential keys of the
	 * effective multiplier on its word (the same cells), so that one
	 * FAILs outright there; from another start they are a rotation */
	if (verify_family_as_sequential(m) && m->cf.w >= VERIFY_MIN_BITS)
		snprintf(in, sizeof in, ", and cfx verify --bits %u 0x%llx FAILs",
		         m->cf.w, (unsigned long long)m->cf.mult);
	if (verify_small_share(bt->bits, &have, &of))
		snprintf(share, sizeof share, " (at %u bits %zu of %zu odd "
		         "multipliers have a stride, byte or run at R >= 2)", bt->bits,
		         have, of);
	len = (size_t)snprintf(text, sizeof text, "Note: %s costs %.3g times "
	         "a random hash's lookups (2^%u x%u)", m->name, m->worst_r,
	         m->cells[m->worst].b, m->cells[m->worst].load);
	if (verify_family_as_sequential(m) && len < sizeof text)
		len += (size_t)snprintf(text + len, sizeof text - len, ": its keys "
		         "hash as the sequential keys of 0x%llx on %u bits%s",
		         (unsigned long long)m->cf.mult, m->cf.w, in);
	else if (m->cf.ok && len < sizeof text)
		len += (size_t)snprintf(text + len, sizeof text - len, ": its keys "
		         "step as the sequential keys of 0x%llx on %u bits do, from "
		         "another start", (unsigned long long)m->cf.mult, m->cf.w);
	if (len < sizeof text)
		len += (size_t)snprintf(text + len, sizeof text - len, ".");
	for (i = 0, k = 0; i < bt->nfam && len < sizeof text; i++)
		if (bt->fam[i].small_note && &bt->fam[i] != m)
			len += (size_t)snprintf(text + len, sizeof text - len, "%s%s "
			         "R %.3g", k++ ? ", " : "  Also at R >= 2: ",
			         bt->fam[i].name, bt->fam[i].worst_r);
	if (k && len < sizeof text)
		len += (size_t)snprintf(text + len, sizeof text - len, ".");
	if (len < sizeof text)
		snprintf(text + len, sizeof text - len, "  On words of %u bits or "
		         "fewer only the sequential keys FAIL outright at R >= 2: a "
		         "family that bad is common there%s, round(2^n/phi) among "
		         "them at some word sizes, so the other families FAIL or "
		         "WARN only by their rank among random multipliers, as on "
		         "larger words.  If your keys are like these, choose another "
		         "multiplier (cfx search) or a wider word.", VERIFY_SMALL_BITS,
		         share);
	para(f, 0, text);
}

/* The battery runs the tables verify takes by itself. */
static int default_tables(const verify_battery *bt)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bt->bits, VERIFY_STANDARD, t);

	return n == bt->ntables && !memcmp(t, bt->tables, n * sizeof *t);
}

static void report(FILE *f, const subject *s, const subject *ref, int full)
{
	const verify_battery *bt = &s->bt;
	char text[1024], tables[160];
	size_t i, rows = 0, j, len;

	summary(f, s, 1, "cfx");
	if (ref)
		summary(f, ref, 0, "against");
	fputc('\n', f);
	snprintf(text, sizeof text, "%s = %s", s->k.hex, s->k.sum);
	para(f, 0, text);
	tables_text(bt, tables, sizeof tables);
	len = (size_t)snprintf(text, sizeof text, "%zu checks: %zu of the "
	         "constant%s and %zu key families (%zu cells: %s, 1 to 8 keys a "
	         "bucket).", verify_checks(bt), verify_checks(bt) - bt->nfam,
	         bt->nufields ? " and your layouts" : "", bt->nfam, bt->ncells,
	         tables);
	if ((bt->bits != bt->cal_bits || !default_tables(bt)) &&
	    len < sizeof text)
		snprintf(text + len, sizeof text - len, "  Packed fields, pointers "
		         "and sparse keys are ranked against random %u-bit "
		         "multipliers' worst cells over tables 2^4..2^20 (the "
		         "reference built into cfx has 32 and 64 bits).",
		         bt->cal_bits);
	para(f, 0, text);
	fputc('\n', f);
	table(f, s, ref, full);
	passes_note(f, s, ref, full);
	if (!ref)
		strides_section(f, bt, full);
	if (bt->nfail) {
		fprintf(f, "\n");
		explain_forms(f, bt, VERIFY_FAIL);
		explain_kinds(f, s, VERIFY_FAIL);
	}
	small_note(f, s);          /* the candidate's, with --against too */
	if (full && bt->nwarn) {
		fprintf(f, "\n");
		explain_forms(f, bt, VERIFY_WARN);
		explain_kinds(f, s, VERIFY_WARN);
	}
	if (full) {
		fprintf(f, "\nWhy each family is tested:\n");
		for (i = 0; i < bt->nfam; i = j) {
			for (j = i; j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind; j++)
				;
			snprintf(text, sizeof text, "%s: %s.", bt->fam[i].name,
			         verify_family_why(bt->fam[i].kind));
			para(f, 2, text);
		}
		return;
	}
	/* the rows the table above shows: with --against a row also ends
	 * where the reference's status changes */
	for (i = 0; i < bt->nfam; i = run_end(bt, ref ? &ref->bt : NULL, i, 0))
		rows++;
	fprintf(f, "\n--full adds: %zu families one a row (%zu rows here), "
	        "%zu WARN note%s.\n", bt->nfam, rows, bt->nwarn,
	        bt->nwarn == 1 ? "" : "s");
}

/* ---- JSON --------------------------------------------------------------- */

/* A family; its cells all with full, else only its worst, as table,
 * load and fullest bucket (the default JSON stays under 64 KB even when
 * 80 of ~90 families FAIL: every cell of them is over 500 KB). */
static json_t *family_json(const verify_family *f, int full)
{
	json_t *fo = json_object(), *cells = json_array(), *ex = json_array();
	size_t j;

	json_object_set_new(fo, "name", json_string(f->name));
	if (f->user)
		json_object_set_new(fo, "yours", json_true());
	json_object_set_new(fo, "status", json_string(verify_status_name(
	                    f->status)));
	json_object_set_new(fo, "keys", json_integer((json_int_t)f->keys));
	json_object_set_new(fo, "worst_probe_ratio", out_jreal(f->worst_r));
	json_object_set_new(fo, "tail", out_jreal(f->tail));
	json_object_set_new(fo, "percentile", f->percentile >= 0
	                    ? out_jreal(f->percentile) : json_null());
	/* the report's "as bad or worse" of a PASS at R >= 2 */
	if (f->status != VERIFY_INFO)
		json_object_set_new(fo, "random_as_bad_percent", f->percentile >= 0
		                    ? out_jreal(verify_share_as_bad(f->percentile,
		                    f->tail)) : json_null());
	/* the default JSON: what is not in "checks" and not the default */
	if (full || f->absolute || f->small_note) {
		json_object_set_new(fo, "reason", json_string(f->reason));
		json_object_set_new(fo, "rule", json_string(f->absolute
		                    ? "small word" : "rank"));
		json_object_set_new(fo, "small_word_note",
		                    json_boolean(f->small_note));
	}
	if (f->ck)
		json_object_set_new(fo, "step", out_ju64(f->step));
	/* the explanation and the colliding keys: with full (the default
	 * stays under 64 KB even when 80 families FAIL: the check's detail
	 * has the quotient) */
	if (f->cf.ok && full)
		json_object_set_new(fo, "effective", json_pack(
			"{s:i,s:o,s:I,s:o,s:o,s:I}", "bits", f->cf.w, "multiplier",
			out_ju64(f->cf.mult), "index", (json_int_t)f->cf.k,
			"quotient", out_ju64(f->cf.a), "q", out_ju64(f->cf.q),
			"places", (json_int_t)f->cf.places));
	for (j = 0; j < f->ncells; j++) {
		const verify_cell *c = &f->cells[j];
		if (!full && j != f->worst)
			continue;
		if (!full) {
			/* the worst: its R is the family's, its keys load 2^b */
			json_array_append_new(cells, json_pack("{s:i,s:i,s:I}",
			    "table_bits", c->b, "load", c->load, "max_load",
			    (json_int_t)c->sc.max_load));
			continue;
		}
		json_array_append_new(cells, json_pack(
			"{s:i,s:i,s:I,s:o,s:o,s:I,s:o}", "table_bits", c->b,
			"load", c->load, "keys", (json_int_t)c->sc.keys,
			"chi2", out_jreal(c->sc.chi2), "p_value",
			out_jreal(c->sc.p_value), "max_load",
			(json_int_t)c->sc.max_load, "probe_ratio",
			out_jreal(c->sc.probe_ratio)));
	}
	for (j = 0; j < f->nexample; j++)
		json_array_append_new(ex, out_ju64(f->example[j]));
	json_object_set_new(fo, "cells", cells);
	if (full)
		json_object_set_new(fo, "colliding_keys", ex);
	else
		json_decref(ex);
	return fo;
}

static json_t *stride_json(const verify_stride *v)
{
	return json_pack("{s:o,s:i,s:i,s:o,s:o}", "stride", out_ju64(v->c),
	                 "table_bits", v->b, "load", v->load, "predicted",
	                 out_jreal(v->r), "counted", v->counted >= 0
	                 ? out_jreal(v->counted) : json_null());
}

/* The map: its statistic, the reference, every stride reported (the
 * worst few and every one at R >= 4; all of them with full). */
static json_t *smap_json(const verify_battery *bt, int full)
{
	const verify_smap *sm = &bt->smap;
	json_t *o = json_object(), *list = json_array(), *past = json_array();
	size_t i;

	json_object_set_new(o, "status", json_string(verify_status_name(
	                    sm->status)));
	json_object_set_new(o, "strides_mapped", json_integer((json_int_t)sm->n));
	json_object_set_new(o, "worst_probe_ratio", out_jreal(sm->worst));
	json_object_set_new(o, "tail", out_jreal(sm->tail));
	json_object_set_new(o, "percentile", sm->percentile >= 0
	                    ? out_jreal(sm->percentile) : json_null());
	json_object_set_new(o, "collapse_r", out_jreal(STRIDE_COLLAPSE_R));
	json_object_set_new(o, "collapses", json_integer((json_int_t)
	                    sm->collapse));
	if (sm->percentile >= 0)
		json_object_set_new(o, "random_collapses", json_pack(
		    "{s:o,s:o,s:o}", "p10", out_jreal(sm->ref_collapse[0]),
		    "median", out_jreal(sm->ref_collapse[1]), "p90",
		    out_jreal(sm->ref_collapse[2])));
	/* the worst VERIFY_SMAP_JSON (those at R >= 4 among them), every
	 * stride of the map with full: the default stays under 64 KB */
	for (i = 0; i < sm->n; i++)
		if (full || i < VERIFY_SMAP_SHOW ||
		    (i < VERIFY_SMAP_JSON && sm->s[i].r >= STRIDE_COLLAPSE_R))
			json_array_append_new(list, stride_json(&sm->s[i]));
	json_object_set_new(o, "strides", list);
	for (i = 0; i < sm->nbeyond; i++)
		json_array_append_new(past, stride_json(&sm->beyond[i]));
	json_object_set_new(o, "beyond_top", json_integer(STRIDE_SCREEN_TOP));
	json_object_set_new(o, "beyond_found", json_integer((json_int_t)
	                    sm->beyond_found));
	json_object_set_new(o, "beyond", past);
	return o;
}

/* A check's worst R and how common it is among random odd multipliers
 * (the report's "as bad or worse" of a PASS at R >= 2). */
static void as_bad_json(json_t *o, double r, double percentile, double tail)
{
	json_object_set_new(o, "worst_probe_ratio", out_jreal(r));
	json_object_set_new(o, "random_as_bad_percent", percentile >= 0 ?
	                    out_jreal(verify_share_as_bad(percentile, tail)) :
	                    json_null());
}

static json_t *subject_json(const subject *s, int full)
{
	const verify_battery *bt = &s->bt;
	json_t *o = json_object(), *checks = json_array(), *bat = json_array(),
	       *tab = json_array();
	size_t i;

	json_object_set_new(o, "value", out_jz(s->k.p));
	json_object_set_new(o, "hex", json_string(s->k.hex));
	json_object_set_new(o, "bits", json_integer((json_int_t)s->bits));
	json_object_set_new(o, "verdict", json_string(bt->nfail ? "FAIL"
	                                              : "PASS"));
	json_object_set_new(o, "failed", json_integer((json_int_t)bt->nfail));
	json_object_set_new(o, "warned", json_integer((json_int_t)bt->nwarn));
	json_object_set_new(o, "power_sum", json_string(s->k.sum));
	/* the checks judged one by one, as line one and the table count
	 * them: F of the rule ("joint", a rule over them, is "joint") */
	json_object_set_new(o, "judged", json_integer((json_int_t)
	                    verify_checks(bt)));
	json_object_set_new(o, "reference_bits", json_integer(bt->cal_bits));
	for (i = 0; i < bt->ntables; i++)
		json_array_append_new(tab, json_integer(bt->tables[i]));
	json_object_set_new(o, "table_bits", tab);
	/* the user's own keys first, as in the report */
	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user) {
			const verify_family *f = &bt->fam[i];
			json_t *fo = json_pack("{s:s,s:s,s:s,s:o,s:b}", "name", f->name,
			    "status", verify_status_name(f->status), "detail", f->reason,
			    "tail", out_jreal(f->tail), "yours", 1);
			if (f->status != VERIFY_INFO)
				as_bad_json(fo, f->worst_r, f->percentile, f->tail);
			json_array_append_new(checks, fo);
		}
	for (i = 0; i < bt->nufields; i++) {
		const verify_ufields *u = &bt->ufields[i];
		json_t *uo = json_pack("{s:s,s:s,s:s,s:o,s:b}", "name", u->name,
		    "status", verify_status_name(u->status), "detail", u->reason,
		    "tail", out_jreal(u->tail), "yours", 1);
		if (u->status != VERIFY_INFO)
			as_bad_json(uo, u->cell.r, u->percentile, u->tail);
		json_array_append_new(checks, uo);
	}
	for (i = 0; i < bt->nforms; i++) {
		const verify_check *k = &bt->forms[i];
		json_t *ko;
		if (k == verify_joint(bt)) {    /* a rule over the checks */
			json_object_set_new(o, "joint", json_pack("{s:s,s:s,s:I}",
			    "status", verify_status_name(k->status), "detail",
			    k->detail, "warned_families",
			    (json_int_t)verify_joint_warns(bt)));
			continue;
		}
		ko = json_pack("{s:s,s:s,s:s,s:o}", "name", k->name,
		    "status", verify_status_name(k->status), "detail", k->detail,
		    "tail", out_jreal(k->tail));
		if (k->r > 0)           /* the checks that measure an R */
			as_bad_json(ko, k->r, k->percentile, k->tail);
		json_array_append_new(checks, ko);
	}
	for (i = 0; i < bt->nfam; i++) {
		if (!bt->fam[i].user)
			json_array_append_new(checks, json_pack("{s:s,s:s,s:s}", "name",
			    bt->fam[i].name, "status", verify_status_name(
			    bt->fam[i].status), "detail", bt->fam[i].reason));
		json_array_append_new(bat, family_json(&bt->fam[i], full));
	}
	json_object_set_new(o, "checks", checks);
	json_object_set_new(o, "battery", bat);
	if (bt->smap.n)
		json_object_set_new(o, "stride_map", smap_json(bt, full));
	return o;
}

/* ---- patch -------------------------------------------------------------- */

/* Words of text in a C comment: " * " lines of at most 72 columns. */
static void comment(FILE *f, const char *text)
{
	out_fill(f, text, REPORT_WIDTH, " * ", " * ", " ");
}

static void patch(FILE *f, const subject *s)
{
	const verify_battery *bt = &s->bt;
	unsigned t = word_c_bits(s->bits);
	const char *ty = t == 64 ? "u64" : t == 32 ? "u32" : t == 16 ? "u16"
	                 : "u8";
	char *text, *q, cost[96], verdict[32], tables[160], fams[200];
	char note[200] = "";
	const verify_family *m;
	size_t i, len = 0, cap = 64 + 24 * s->k.cf.n;

	/* the expansion written out in full, as the 2002 patch did */
	q = xmalloc(cap, "continued fraction text");
	for (i = 0; i < s->k.cf.n; i++) {
		char *d = mpz_get_str(NULL, 10, s->k.cf.a[i]);
		len += (size_t)snprintf(q + len, cap - len, "%s%s", i ? ", " : "", d);
		free(d);
	}
	fprintf(f, "/*\n");
	text = xasprintf("%s / 2^%u has the continued fraction expansion %s: "
	                 "its golden prefix (the run of 1s that tracks 1/phi) is "
	                 "%ld.", s->k.hex, s->bits, q, s->k.golden.prefix);
	comment(f, text);
	free(text);
	free(q);
	fprintf(f, " *\n");
	text = xasprintf("It is %s, so the multiply can be %s.", s->k.sum,
	                 sas_cost_text(&s->k.sas, 0, cost, sizeof cost));
	comment(f, text);
	free(text);
	fprintf(f, " *\n");
	if (bt->nfail)          /* --force: say how much FAILs, as the report */
		snprintf(verdict, sizeof verdict, "FAIL, %zu of", bt->nfail);
	else
		snprintf(verdict, sizeof verdict, "PASS on");
	tables_text(bt, tables, sizeof tables);
	families_text(bt, fams, sizeof fams);
	if ((m = noted_worst(bt)))   /* a PASS on a small word: what it keeps */
		snprintf(note, sizeof note, "  Not counted in that verdict (on "
		         "words of %u bits or fewer a family this bad is common): "
		         "%s costs %.3g times a random hash's lookups (2^%u x%u).",
		         VERIFY_SMALL_BITS, m->name, m->worst_r,
		         m->cells[m->worst].b, m->cells[m->worst].load);
	text = xasprintf("cfx verify: %s %zu checks (%zu WARN): %zu key "
	                 "families (%s), %s, 1 to 8 keys per bucket, judged "
	                 "against random odd multipliers.%s", verdict,
	                 verify_checks(bt), bt->nwarn, bt->nfam, fams,
	                 tables, note);
	comment(f, text);
	free(text);
	fprintf(f, " */\n#define HASH_MULT_%u 0x%s%s\n\n", s->bits, s->k.hex + 2,
	        t == 64 ? "ULL" : "U");
	fprintf(f, "static inline %s hash_mult_%u_shift_add(%s x)\n{\n", ty,
	        s->bits, ty);
	fprintf(f, "\t%s hash = 0, n = x;\n\n", ty);
	for (i = 0; i < s->k.sas.n; i++) {
		const sas_step *st = &s->k.sas.s[i];
		if (st->shift)
			fprintf(f, "\tn <<= %lu;\n", st->shift);
		fprintf(f, "\thash %s;\n", st->op == SAS_SET ? "= n" : st->op == SAS_NEG
		        ? "= -n" : st->op == SAS_ADD ? "+= n" : "-= n");
	}
	if (t != s->bits)
		fprintf(f, "\treturn hash & 0x%llx;\n}\n",
		        (unsigned long long)word_mask(s->bits));
	else
		fprintf(f, "\treturn hash;\n}\n");
}

/* ---- the command -------------------------------------------------------- */

static unsigned top_table(const unsigned *t, size_t n)
{
	unsigned m = 0;

	while (n--)
		m = t[n] > m ? t[n] : m;
	return m;
}

int cmd_verify(cmd_ctx *c, cli_args *a)
{
	const char *src = cli_expr(c, a);
	subject s, ref;
	ukeys uk;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t ntables;
	int rc = CFX_EXIT_USAGE, have_ref = 0;

	if (!src)
		return CFX_EXIT_USAGE;
	subject_init(&s);
	subject_init(&ref);
	memset(&uk, 0, sizeof uk);
	/* parse everything first: bad input prints one line and nothing else */
	if (a->bits && (a->bits < VERIFY_MIN_BITS || a->bits > WORD_MAX_HASH)) {
		char tok[24];
		snprintf(tok, sizeof tok, "%lu", a->bits);
		cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "--bits must be between "
		            "%d and %d", VERIFY_MIN_BITS, WORD_MAX_HASH);
		goto done;
	}
	/* options that mean nothing together: said, not ignored */
	if (a->force && !a->emit) {
		cfx_err_set(&c->err, CFX_EUSAGE, -1, "--force", "--force goes with "
		            "--emit patch (it prints a FAILing constant's patch)");
		goto done;
	}
	if (a->emit && (a->against || a->full)) {
		cfx_err_set(&c->err, CFX_EUSAGE, -1, a->against ? "--against"
		            : "--full", "--emit patch prints one constant's patch, "
		            "not a report");
		goto done;
	}
	if (subject_parse(c, &s, src, a->expr_arg, a->bits) < 0) {
		two_constants(c, a);
		goto done;
	}
	if (parse_tables(c, a, s.bits, tables, &ntables) < 0)
		goto done;
	c->multiplier = 1;          /* a dashboard's panels follow EXPR */
	if (a->emit && !strcmp(a->emit, "kunit")) {   /* review_emit.c */
		review_emit_kunit_constant(c->out, &s.k);
		rc = CFX_EXIT_OK;
		goto done;
	}
	if (a->against) {
		/* without --bits each side takes its own automatic width, and
		 * two widths are refused: never zero-extended */
		if (subject_parse(c, &ref, a->against, a->against_arg, a->bits) < 0)
			goto done;
		have_ref = 1;
		if (ref.bits != s.bits) {
			cfx_err_set(&c->err, CFX_EUSAGE, a->against_arg, a->against,
			            "--against is a %u-bit multiplier and the "
			            "candidate %u-bit; give --bits N to judge both at N",
			            ref.bits, s.bits);
			goto done;
		}
	}
	if (parse_ukeys(c, a, s.bits, &uk) < 0 ||
	    make_ukeys(c, a, s.bits, top_table(tables, ntables), &uk) < 0)
		goto done;
	if (subject_run(c, &s, tables, ntables, "verify", &uk) < 0 ||
	    (have_ref && subject_run(c, &ref, tables, ntables, "against", &uk) < 0))
		goto done;
	rc = s.bt.nfail ? CFX_EXIT_FAIL : CFX_EXIT_OK;
	if (a->emit && s.bt.nfail && !a->force) {
		/* a patch for a failing constant would be pasted anyway; the
		 * command named shows the same verdict: the word and the tables
		 * given, when they are not what verify takes by itself */
		char word[16] = "", why[64];
		if (s.bits != verify_default_bits(s.k.p))
			snprintf(word, sizeof word, " --bits %u", s.bits);
		if (verify_joint(&s.bt))
			snprintf(why, sizeof why, "by the joint rule (%zu WARN of "
			         "%zu checks)", s.bt.nwarn, verify_checks(&s.bt));
		else
			snprintf(why, sizeof why, "%zu of %zu checks", s.bt.nfail,
			         verify_checks(&s.bt));
		fprintf(c->diag ? c->diag : stderr, "cfx: verify: %s FAILs %s: no "
		        "patch (see cfx verify %s%s%s%s; --force prints it "
		        "anyway)\n", s.k.hex, why, s.k.hex, word,
		        a->table_list ? " --table-bits " : "",
		        a->table_list ? a->table_list : "");
		goto done;
	}
	{
		json_t *o = subject_json(&s, a->full);
		if (have_ref)
			json_object_set_new(o, "against", subject_json(&ref, a->full));
		cli_result(c, a->json && !a->emit, o);
	}
	if (a->emit)
		patch(c->out, &s);
	else if (!a->json)
		report(c->out, &s, have_ref ? &ref : NULL, a->full);
done:
	ukeys_free(&uk);
	subject_free(&s);
	subject_free(&ref);
	return rc;
}
