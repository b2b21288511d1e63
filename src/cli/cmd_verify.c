/*
 * cmd_verify.c - `cfx verify`: its options, the two constants and the
 * user's keys parsed, the battery run (on the pool, with progress), the
 * exit status; the verdict of src/core/verify.c is written by vreport.c
 * (the report, the patch) and vreport_json.c (JSON).  Everything is
 * parsed before anything runs, so bad input prints one line and nothing
 * else.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/pool.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "cfx/word.h"
#include "cli/ccheck.h"
#include "cli/cli.h"
#include "cli/cli_word.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "cli/review_emit.h"
#include "cli/vreport.h"
#include "util/xalloc.h"

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
	/* --stride's count first (parse_ukeys): a family past the battery's
	 * room for yours is refused here, by its own text */
	if (u->nstride >= VERIFY_MAX_USER) {
		c->err.arg = a->keys_arg;
		return cfx_err_set(&c->err, CFX_EDOMAIN, -1, a->own_keys, "at most "
		                   "%d key families of yours: --keys %s is the "
		                   "%zuth, after %zu strides", VERIFY_MAX_USER,
		                   a->own_keys, u->nstride + 1, u->nstride);
	}
	if (cli_keys_parse(&ks, a->own_keys, &c->err) < 0) {
		c->err.arg = a->keys_arg;      /* the REPL's caret */
		return -1;
	}
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
	/* a progression is judged as a stride is, against the committed
	 * references, which are of the default tables: at tables of the
	 * user's (--table-bits), as any other key set, against random
	 * multipliers counted on the same keys and cells, so the same keys
	 * from a file get the same rank (issue 21) */
	if (!a->table_list &&
	    keys_progression(&ks, bits, count, &u->start, &u->step))
		u->run = 1;
	else if (keys_make(&u->set, &ks, bits, count, c->stop, &c->err) < 0) {
		u->family = 0;
		if (c->err.code == CFX_ELIMIT && !c->err.token[0])
			cfx_err_retoken(&c->err, a->own_keys);
		if (c->err.arg < 0)
			c->err.arg = a->keys_arg;
		rc = -1;
	}
	keys_spec_free(&ks);
	return rc;
}

/* ---- --fields as C writes the layout ------------------------------------ */

/* 'x<<20|y<<10|z' (spaces and parentheses as C allows them, any field
 * names, shift counts as C literals: 20, 0x14, 20u) means what "20,10"
 * means.  The grammar is C's for these operators: a layout is terms
 * joined by |, a term an operand shifted left by counts, an operand a
 * name or a parenthesised layout (a shift of one shifts each of its
 * fields). */
#define FIELDS_NAMES 8

typedef struct fields_c {
	const char *s, *at;        /* the text; the token being read */
	size_t len;                /* its length */
	unsigned n;                /* fields read */
	char name[FIELDS_NAMES][32];
	unsigned long long shift[FIELDS_NAMES];
	cmd_ctx *c;
} fields_c;


static int is_name(int ch, int first)
{
	return ch == '_' || isalpha(ch) || (!first && isdigit(ch));
}

/* The next token: a name, a number (with C's suffixes), "<<", "|", "(",
 * ")", or one other character (len 0 at the end). */
static void fc_next(fields_c *f)
{
	const char *p = f->at + f->len;
	size_t n = 0;

	while (isspace((unsigned char)*p))
		p++;
	if (is_name((unsigned char)*p, 1) || isdigit((unsigned char)*p))
		while (is_name((unsigned char)p[n], 0))
			n++;
	else if (p[0] == '<' && p[1] == '<')
		n = 2;
	else if (*p)
		n = 1;
	f->at = p;
	f->len = n;
}

static int fc_is(const fields_c *f, const char *tok)
{
	return f->len == strlen(tok) && !strncmp(f->at, tok, f->len);
}

/* A one-line error naming the token being read (or the whole text at
 * its end). */
static int fc_bad(fields_c *f, const char *what)
{
	char tok[40];

	if (f->len)
		snprintf(tok, sizeof tok, "%.*s", (int)(f->len < 32 ? f->len : 32),
		         f->at);
	else
		snprintf(tok, sizeof tok, "%s", f->s);
	return cfx_err_set(&f->c->err, CFX_EDOMAIN, -1, tok, "--fields: %s; it "
	                   "takes a layout as C writes it, like x<<20|y<<10|z, "
	                   "or its offsets, like 20,10", what);
}

static int fc_layout(fields_c *f, int depth);

/* operand (<< count)*: its fields are [*first, f->n) */
static int fc_term(fields_c *f, int depth)
{
	unsigned first = f->n, i;

	if (fc_is(f, "(")) {
		if (depth > 16)
			return fc_bad(f, "too many parentheses");
		fc_next(f);
		if (fc_layout(f, depth + 1) < 0)
			return -1;
		if (!fc_is(f, ")"))
			return fc_bad(f, "a ( is not closed");
	} else if (f->len && is_name((unsigned char)*f->at, 1)) {
		if (f->n == FIELDS_NAMES)
			return fc_bad(f, "too many fields");
		for (i = 0; i < f->n; i++)
			if (strlen(f->name[i]) == f->len &&
			    !strncmp(f->name[i], f->at, f->len))
				return fc_bad(f, "a field named twice");
		snprintf(f->name[f->n], sizeof f->name[f->n], "%.*s",
		         (int)(f->len < 31 ? f->len : 31), f->at);
		f->shift[f->n++] = 0;
	} else {
		return fc_bad(f, f->len ? "not a field name"
		              : "a field name is missing");
	}
	fc_next(f);
	while (fc_is(f, "<<")) {
		char num[40], *end;
		unsigned long long v;
		size_t k;
		fc_next(f);
		if (!f->len || !isdigit((unsigned char)*f->at))
			return fc_bad(f, "a shift count is missing");
		snprintf(num, sizeof num, "%.*s", (int)(f->len < 39 ? f->len : 39),
		         f->at);
		/* C's integer suffixes: 20u, 20UL */
		for (k = strlen(num); k > 0 && strchr("uUlL", num[k - 1]); k--)
			num[k - 1] = 0;
		errno = 0;
		v = strtoull(num, &end, 0);
		if (*end || errno || v >= 64)
			return fc_bad(f, "not a shift count below 64");
		for (i = first; i < f->n; i++)
			if ((f->shift[i] += v) >= 64)
				return fc_bad(f, "a field shifted past bit 63");
		fc_next(f);
	}
	return 0;
}

static int fc_layout(fields_c *f, int depth)
{
	if (fc_term(f, depth) < 0)
		return -1;
	while (fc_is(f, "|")) {
		fc_next(f);
		if (fc_term(f, depth) < 0)
			return -1;
	}
	return 0;
}

/* The layout text s into u's offsets on bits-bit words; -1 with a
 * one-line error naming the bad token. */
static int parse_fields_c(cmd_ctx *c, const char *s, unsigned bits,
                          ukeys *u)
{
	fields_c f;
	unsigned ord[FIELDS_NAMES], i, j;
	char tok[48];

	memset(&f, 0, sizeof f);
	f.s = f.at = s;
	f.c = c;
	fc_next(&f);
	if (fc_layout(&f, 0) < 0)
		return -1;
	if (f.len)
		return fc_bad(&f, "| or << expected here");
	/* from the top field down */
	for (i = 0; i < f.n; i++)
		ord[i] = i;
	for (i = 1; i < f.n; i++)
		for (j = i; j > 0 && f.shift[ord[j]] > f.shift[ord[j - 1]]; j--) {
			unsigned t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
#define FC_TOK(k) (f.shift[k] ? snprintf(tok, sizeof tok, "%s<<%llu", \
	f.name[k], f.shift[k]) : snprintf(tok, sizeof tok, "%s", f.name[k]))
	/* one name ("abc"): neither an offset nor a layout; say so of it */
	if (f.n < 2)
		return cfx_err_set(&c->err, CFX_EDOMAIN, -1, s, "%s is not a "
		                   "number nor a layout: --fields takes offsets "
		                   "like 20 or 20,12, or two fields or more like "
		                   "x<<20|y", s);
	for (i = 1; i < f.n; i++)
		if (f.shift[ord[i]] == f.shift[ord[i - 1]]) {
			FC_TOK(ord[i]);
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "two fields "
			                   "of --fields start at bit %llu",
			                   f.shift[ord[i]]);
		}
	if (f.shift[ord[f.n - 1]]) {
		FC_TOK(ord[f.n - 1]);
		return cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "the lowest field "
		                   "of --fields is not shifted (it starts at bit 0)");
	}
	for (i = 0; i + 1 < f.n; i++) {
		if (u->nshift == verify_fields_max(bits)) {
			FC_TOK(ord[i]);
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "--fields "
			                   "takes at most %u offsets on %u-bit words",
			                   verify_fields_max(bits), bits);
		}
		u->shift[u->nshift++] = (unsigned)f.shift[ord[i]];
		if (f.shift[ord[i]] >= bits ||
		    !verify_fields_ok(bits, u->shift, u->nshift)) {
			FC_TOK(ord[i]);
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "--fields "
			                   "takes offsets from %u down to %d, each %d or "
			                   "more below the one before (fields of 2^%d "
			                   "values or more)", bits - LATTICE_MIN_FIELD,
			                   LATTICE_MIN_FIELD, LATTICE_MIN_FIELD,
			                   LATTICE_MIN_FIELD);
		}
	}
#undef FC_TOK
	return 0;
}

/* A --fields text written as C (a name, <<, | or a parenthesis in it),
 * not a list of offsets. */
static int fields_as_c(const char *s)
{
	for (; *s; s++)
		if (is_name((unsigned char)*s, 1) || strchr("<|()", *s))
			return 1;
	return 0;
}

/* Parse list w of lists[] (0: --stride "C,C,...", 1: --fields "H,H2,...")
 * on bits-bit words into u: -1 with a one-line error naming the bad
 * token. */
static int parse_ulist(cmd_ctx *c, const char *const *lists, int w,
                       unsigned bits, ukeys *u)
{
	const char *s = lists[w], *opt = w ? "--fields" : "--stride";
	if (s && !*s)
		return cfx_err_set(&c->err, CFX_EDOMAIN, -1, s, "%s takes a "
		                   "list like %s", opt, w ? "20 or 20,12 (or "
		                   "x<<20|y<<12|z)" : "104 or 24,104");
	if (w == 1 && s && !verify_fields_max(bits)) {
		unsigned need = bits;
		while (!verify_fields_max(need))
			need++;
		return cfx_err_set(&c->err, CFX_EDOMAIN, -1, s, "--fields needs "
		                   "a word of %u bits or more (this one has %u)",
		                   need, bits);
	}
	if (w == 1 && s && fields_as_c(s)) {
		if (parse_fields_c(c, s, bits, u) < 0)
			return -1;
		return 0;
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
	return 0;
}

/* Parse --stride and --fields on bits-bit words: -1 with a one-line
 * error naming the bad token, on the option's word (the REPL's caret). */
static int parse_ukeys(cmd_ctx *c, const cli_args *a, unsigned bits,
                       ukeys *u)
{
	const char *lists[2] = { a->stride, a->fields };
	int w;

	memset(u, 0, sizeof *u);
	for (w = 0; w < 2; w++)
		if (parse_ulist(c, lists, w, bits, u) < 0) {
			c->err.arg = w ? a->fields_arg : a->stride_arg;
			return -1;
		}
	return 0;
}

/* Everything known about one constant (vreport.h). */
typedef vreport_subject subject;

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
	/* one evaluation: constant_make takes the word itself when bits is 0
	 * (the word rule, word_auto, bounded by WORD_MAX_HASH), and words its
	 * errors (zero, negative, too wide) with the constant's text */
	if (constant_make(&s->k, src, cli_session_lookup, c->sess, bits,
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
	const char *label;
	int drawn;
	struct timespec start;
} run_ctx;

/* The bar, on a terminal only: the share of the keys counted (families
 * differ a thousandfold: 2^27 keys at --table-bits 24, 16 for a wide
 * stride), the families done and the seconds so far; drawn before the
 * first family ends too, so a long run shows at once that it runs. */
static void draw(run_ctx *r, size_t done, size_t total, double work)
{
	struct timespec now;
	double secs;
	char note[32];

	clock_gettime(CLOCK_MONOTONIC, &now);
	secs = (double)(now.tv_sec - r->start.tv_sec) +
	       (double)(now.tv_nsec - r->start.tv_nsec) * 1e-9;
	snprintf(note, sizeof note, "%.0f s", secs);
	out_progress_note(r->label, done, total, "families", work, note);
	r->drawn = 1;
}

static int progress(void *ctx, size_t done, size_t total, double work)
{
	run_ctx *r = ctx;

	if (r->c->progress)
		draw(r, done, total, work);
	return 0;
}

static int subject_run(cmd_ctx *c, subject *s, const unsigned *tables,
                       size_t ntables, const char *label, const ukeys *u,
                       int full)
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
	verify_rank_at_tables(&s->bt);   /* --table-bits: ranked at them */
	s->bt.stop = c->stop;       /* the judge's long checks end on Ctrl-C */
	memset(&r, 0, sizeof r);
	r.c = c;
	r.label = label;
	clock_gettime(CLOCK_MONOTONIC, &r.start);
	if (c->no_compiler) {         /* a lesson's check runs no compiler */
		memset(&cc, 0, sizeof cc);
		snprintf(cc.msg, sizeof cc.msg, "a lesson's check: cfx's evaluator "
		         "only, no compiler");
	} else {
		ccheck_start(&cc, s->k.code, s->bits, s->k.p64, c->stop);
	}
	if (c->progress)
		draw(&r, 0, s->bt.nfam, 0);
	rc = verify_run_battery(&s->bt, &(verify_run_opts){ .threads = threads,
	                        .progress = progress, .ctx = &r,
	                        .cancel = c->stop });
	/* what the judge and the report take from the constant alone (the
	 * field counts, the stride map and the screen past it), on both
	 * cores while the compiler runs: after it, in one thread, they were
	 * a third of a 32-bit verify's wall time (issue 21 point 6) */
	if (rc == 0)
		rc = verify_run_prepare(&s->bt, threads, c->stop);
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
		/* on both cores: the stride map's strides the report lists
		 * counted key by key (--full: every one at R >= 4), the strides
		 * past the map screened, and the colliding keys of the FAIL and
		 * WARN families' worst cells (seconds at --table-bits 24, so
		 * the bar stays) */
		if (!verify_stopped(&s->bt))
			verify_run_report(&s->bt, threads, full ? SIZE_MAX
			                  : VERIFY_SMAP_SHOW, c->stop);
		/* Ctrl-C after the compiler: the judge, the recount or the
		 * examples ended early (they were judged, and printed, with
		 * status 0 before: the interrupt was lost) */
		if (verify_stopped(&s->bt))
			rc = -1;
	}
	if (r.drawn)
		out_progress_end();
	if (rc < 0)
		return cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
	return 0;
}

/* ---- the command -------------------------------------------------------- */

static unsigned top_table(const unsigned *t, size_t n)
{
	unsigned m = 0;

	while (n--)
		m = t[n] > m ? t[n] : m;
	return m;
}

/* The reference's JSON beside the candidate's (--against): with full its
 * whole report; else what the side-by-side table says of it, its verdict
 * and counts, each check's status in the order of the candidate's
 * "checks" (the same checks: both sides run one plan) and its stride
 * map's status and worst R.  Its families' cells and details were half
 * of a 121 KB default JSON (issue 21: under 64 KB). */
static json_t *against_json(const subject *ref, int full)
{
	static const char *const keep[] = { "value", "hex", "bits", "verdict",
		"failed", "warned", "judged" };
	json_t *o = vreport_json(&ref->k, &ref->bt, full), *b, *st, *sm, *v;
	size_t i;

	if (full)
		return o;
	b = json_object();
	for (i = 0; i < sizeof keep / sizeof *keep; i++)
		json_object_set(b, keep[i], json_object_get(o, keep[i]));
	st = json_array();
	json_array_foreach(json_object_get(o, "checks"), i, v)
		json_array_append(st, json_object_get(v, "status"));
	json_object_set_new(b, "statuses", st);
	if ((sm = json_object_get(o, "stride_map")))
		json_object_set_new(b, "stride_map", json_pack("{s:O,s:O,s:O}",
		    "status", json_object_get(sm, "status"), "worst_probe_ratio",
		    json_object_get(sm, "worst_probe_ratio"), "collapses",
		    json_object_get(sm, "collapses")));
	json_decref(o);
	return b;
}

int cmd_verify(cmd_ctx *c, cli_args *a)
{
	const char *src = cli_expr(c, a);
	/* the two subjects on the heap: each holds a battery (hundreds of
	 * KiB), which on the stack overflowed it under ulimit -v 8000 */
	subject *both = xcalloc(2, sizeof *both, "verify subjects"), *s = both,
	        *ref = both + 1;
	ukeys uk;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t ntables;
	int rc = CFX_EXIT_USAGE, have_ref = 0;

	if (!src) {
		free(both);
		return CFX_EXIT_USAGE;
	}
	subject_init(s);
	subject_init(ref);
	memset(&uk, 0, sizeof uk);
	/* parse everything first: bad input prints one line and nothing else */
	if (a->bits && cli_word_check(cli_word_range_of("verify"), a->bits,
	                              "--bits", NULL, &c->err) < 0)
		goto done;      /* the table's words (cli.c checks first) */
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
	if (subject_parse(c, s, src, a->expr_arg, a->bits) < 0) {
		two_constants(c, a);
		goto done;
	}
	if (parse_tables(c, a, s->bits, tables, &ntables) < 0)
		goto done;
	c->multiplier = 1;          /* a dashboard's panels follow EXPR */
	if (a->emit && !strcmp(a->emit, "kunit")) {   /* review_emit.c */
		review_emit_kunit_constant(c->out, &s->k);
		rc = CFX_EXIT_OK;
		goto done;
	}
	if (a->against) {
		/* without --bits each side takes its own automatic width, and
		 * two widths are refused: never zero-extended */
		if (subject_parse(c, ref, a->against, a->against_arg, a->bits) < 0)
			goto done;
		have_ref = 1;
		if (ref->bits != s->bits) {
			cfx_err_set(&c->err, CFX_EUSAGE, a->against_arg, a->against,
			            "--against is a %u-bit multiplier and the "
			            "candidate %u-bit; give --bits N to judge both at N",
			            ref->bits, s->bits);
			goto done;
		}
	}
	if (parse_ukeys(c, a, s->bits, &uk) < 0 ||
	    make_ukeys(c, a, s->bits, top_table(tables, ntables), &uk) < 0)
		goto done;
	if (subject_run(c, s, tables, ntables, "verify", &uk, a->full) < 0 ||
	    (have_ref && subject_run(c, ref, tables, ntables, "against", &uk,
	                             a->full) < 0))
		goto done;
	rc = s->bt.nfail ? CFX_EXIT_FAIL : CFX_EXIT_OK;
	if (a->emit && s->bt.nfail && !a->force) {
		/* a patch for a failing constant would be pasted anyway; the
		 * command named shows the same verdict: the word and the tables
		 * given, when they are not what verify takes by itself */
		char word[16] = "", why[128];
		if (s->bits != verify_default_bits(s->k.p))
			snprintf(word, sizeof word, " --bits %u", s->bits);
		verify_fail_words(&s->bt, why, sizeof why);
		fprintf(c->diag ? c->diag : stderr, "cfx: verify: %s FAILs %s: no "
		        "patch (see cfx verify %s%s%s%s; --force prints it "
		        "anyway)\n", s->k.hex, why, s->k.hex, word,
		        a->table_list ? " --table-bits " : "",
		        a->table_list ? a->table_list : "");
		goto done;
	}
	{
		json_t *o = vreport_json(&s->k, &s->bt, a->full);
		if (have_ref)
			json_object_set_new(o, "against", against_json(ref, a->full));
		cli_result(c, a->json && !a->emit, o);
	}
	if (a->emit)
		vreport_patch(c->out, s);
	else if (!a->json)
		vreport_text(c->out, s, have_ref ? ref : NULL, a->full);
done:
	ukeys_free(&uk);
	subject_free(s);
	subject_free(ref);
	free(both);
	return rc;
}
