/* cmd_cf.c - `cfx cf`: continued fractions and closeness to 1/phi. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define DEFAULT_TERMS 30
/* convergents shown: 16 MiB of numbers in all, about 40 MB of decimal
 * digits, a few seconds (64 MiB printed 160 MB in 5 to 15 s) */
#define CONV_BITS (1 << 27)
#define CONV_KEPT_BITS (1 << 22)  /* not shown, kept in the session: 512 KiB */
#define CONV_INDENT "                    "   /* p_k / q_k's column */
#define LABEL_INDENT "           "           /* the value's column */

/* The table of convergents; stops at Ctrl-C (stop, may be NULL: tens
 * of megabytes take seconds to print): 0, or -1 once stopped. */
static int print_convergents(FILE *f, const cf_seq *cf, size_t n,
                             mpz_t *p, mpz_t *q,
                             const volatile sig_atomic_t *stop)
{
	size_t k;

	fprintf(f, "\n%4s  %-12s  %s\n", "k", "a_k", "p_k / q_k");
	for (k = 0; k < n; k++) {
		size_t at = 6 + mpz_sizeinbase(cf_term(cf, k), 10);
		if (stop && *stop)
			return -1;
		/* a row too wide for the line: p_k / q_k filled under its
		 * column (the digits of either cut only when one is wider
		 * than a line) */
		if ((at < 20 ? 20 : at + 2) + mpz_sizeinbase(p[k], 10) +
		    mpz_sizeinbase(q[k], 10) + 3 <= (size_t)out_width()) {
			gmp_fprintf(f, "%4zu  %-12Zd  %Zd / %Zd\n", k,
			            cf_term(cf, k), p[k], q[k]);
		} else {
			char *head, *pq;
			gmp_asprintf(&head, "%4zu  %-12Zd  ", k, cf_term(cf, k));
			gmp_asprintf(&pq, "%Zd / %Zd", p[k], q[k]);
			out_fill(f, pq, out_width(), head, CONV_INDENT, " ");
			free(head);
			free(pq);
		}
	}
	return 0;
}

/* A distance to 1/phi: "0 (exactly)", "7.26e-06 = 2^-17.07" or "0.61"
 * (a power of two, not "bits": on a 64-bit word 2^-68.37 is a closeness,
 * not 68 bits of the word). */
static void print_distance(FILE *f, double d, double bits)
{
	char buf[32];

	if (isinf(bits))
		fprintf(f, "0 (exactly)");
	else if (d == 0 || isinf(d)) {
		/* outside the doubles (golden(4096): 2^-4097.3; 3^300000 /
		 * 7^150000: 2^54385.5); the decimal form from bits: d = 10^l,
		 * l = -bits log10 2 */
		double l = -bits * log10(2.0), e = floor(l);
		fprintf(f, "%.3ge%+.0f = 2^%.2f", pow(10, l - e), e, -bits);
	}
	else if (d <= 0.5)
		fprintf(f, "%s = 2^-%.2f", out_g(buf, sizeof buf, d, 3), bits);
	else
		fprintf(f, "%s", out_g(buf, sizeof buf, d, 3));
}

/* n quotients, the first nconv <= n of them with their convergents. */
static json_t *json_cf(const cf_seq *cf, size_t n, size_t nconv, mpz_t *p,
                       mpz_t *q)
{
	json_t *o = json_object(), *qs = json_array(), *cs = json_array();
	cf_golden g = cf_golden_stats(cf);
	size_t k;

	for (k = 0; k < n; k++) {
		json_array_append_new(qs, out_jz(cf_term(cf, k)));
		if (k < nconv)
			json_array_append_new(cs, json_pack("[o,o]", out_jz(p[k]),
			                                    out_jz(q[k])));
	}
	json_object_set_new(o, "kind", json_string(
		cf->kind == CF_FINITE ? "finite" : cf->kind == CF_PERIODIC
		? "periodic" : "prefix"));
	json_object_set_new(o, "quotients", qs);
	json_object_set_new(o, "convergents", cs);
	if (cf->kind == CF_PERIODIC) {
		json_object_set_new(o, "preperiod", json_integer((json_int_t)cf->pre));
		json_object_set_new(o, "period",
		                    json_integer((json_int_t)cf_period(cf)));
	}
	json_object_set_new(o, "golden_prefix",
	                    g.prefix < 0 ? json_null() : json_integer(g.prefix));
	json_object_set_new(o, "golden_endless", json_boolean(g.prefix < 0));
	json_object_set_new(o, "golden_mirrored", json_boolean(g.mirrored));
	json_object_set_new(o, "max_quotient", g.max_index
	                    ? out_jz(cf_term(cf, g.max_index)) : json_null());
	json_object_set_new(o, "max_quotient_index",
	                    json_integer((json_int_t)g.max_index));
	return o;
}

#define WORD_NOTE_MIN 8   /* bits, and the run of 1s, that make a note */

/* What cf finds of one input, shared by its JSON and its text. */
typedef struct cf_run {
	const char *src;
	expr_tree *t;
	expr_value v;           /* the value; x = p/2^n for a multiplier */
	cf_seq cf;
	int integer;            /* an integer read as a multiplier p/2^n: */
	mpz_t pv;               /* p, */
	unsigned long bits;     /* n */
	char *hex;              /* and p in hex on its word */
	size_t n, nconv;        /* quotients listed; convergents computed */
	mpz_t *p, *q;           /* p_k / q_k for k < n (NULL before) */
	double dist, dbits, mdist, mbits;   /* |x - 1/phi|, and of 1 - x */
	expr_budget cost;       /* one for all of its evaluations */
} cf_run;

/* The expansion of r->t (parsed from r->src): 0, or -1 with c->err set. */
static int expand(cmd_ctx *c, const cli_args *a, cf_run *r, size_t terms)
{
	/* an integer written with integer operations is a multiplier p,
	 * shown as p/2^n; through / or sqrt it is the number (4/2 is 2) */
	if (expr_eval_budget(r->t, cli_session_lookup, c->sess, 128, a->bits,
	                     &r->cost, &r->v, &c->err) < 0 &&
	    c->err.code != CFX_ELIMIT)
		return -1;
	r->integer = c->err.code == CFX_OK && r->v.kind == EXPR_RAT &&
	             mpz_cmp_ui(mpq_denref(r->v.q), 1) == 0 && !a->value &&
	             expr_integer_form(r->t, cli_session_lookup, c->sess);
	if (r->integer) {
		r->bits = a->bits;
		mpz_set(r->pv, mpq_numref(r->v.q));
		if (word_check(r->pv, &r->bits, WORD_MAX_BITS, r->src, &c->err) < 0)
			return -1;
		c->multiplier = 1;
		cf_of_multiplier(&r->cf, r->pv, r->bits);
		mpq_div_2exp(r->v.q, r->v.q, r->bits);   /* v is x = p/2^n now */
		r->hex = word_hex(r->pv, r->bits);
	} else if (c->err.code == CFX_OK && r->v.kind == EXPR_RAT) {
		/* exact already, on the word; a huge one takes seconds */
		if (cf_of_rational_poll(&r->cf, r->v.q, c->stop) < 0)
			return cfx_err_set(&c->err, CFX_EINTR, -1, NULL,
			                   "interrupted");
	} else {
		if (cf_of_tree_budget(&r->cf, r->t, cli_session_lookup, c->sess,
		                      a->bits, terms, &r->cost, &c->err) < 0)
			return -1;
		/* the value itself, for the distance to 1/phi (within what is
		 * left of the budget, as all of cf's evaluations) */
		if (expr_eval_budget(r->t, cli_session_lookup, c->sess,
		                     r->cf.prec ? r->cf.prec : 128, a->bits,
		                     &r->cost, &r->v, &c->err) < 0)
			return -1;
	}
	cf_phi_distance(&r->v, 0, &r->dist, &r->dbits);
	cf_phi_distance(&r->v, 1, &r->mdist, &r->mbits);
	return 0;
}

/* How many quotients to list (all of a rational, one period, or the
 * certain prefix, unless --terms says otherwise), and their convergents
 * as far as they are shown or kept. */
static void list(const cli_args *a, cf_run *r, size_t terms)
{
	size_t k;

	r->n = r->cf.n;
	if (a->terms && (r->cf.kind == CF_PERIODIC || a->terms < r->cf.n))
		r->n = a->terms;
	else if (r->cf.kind == CF_PREFIX && r->n > terms)
		r->n = terms;      /* a period too long to find: show --terms */
	/* convergents grow quadratically: keep the first CONV_BITS of them */
	r->p = xmalloc((r->n ? r->n : 1) * sizeof *r->p, "convergents");
	r->q = xmalloc((r->n ? r->n : 1) * sizeof *r->q, "convergents");
	for (k = 0; k < r->n; k++)
		mpz_init(r->p[k]), mpz_init(r->q[k]);
	/* shown (--json, --convergents): up to CONV_BITS; else kept only for
	 * the session's result, up to CONV_KEPT_BITS */
	r->nconv = cf_convergents_within(&r->cf, r->n, a->json || a->convergents
	                                 ? CONV_BITS : CONV_KEPT_BITS, r->p, r->q);
}

/* The JSON result (printed with --json, else kept for the session). */
static void result(cmd_ctx *c, const cli_args *a, const cf_run *r)
{
	json_t *o = json_object(), *j = json_cf(&r->cf, r->n, r->nconv, r->p,
	                                        r->q);

	json_object_set_new(o, "input", json_string(r->src));
	if (r->integer) {
		json_object_set_new(o, "value", out_jz(r->pv));
		json_object_set_new(o, "bits", json_integer((json_int_t)r->bits));
	}
	json_object_update(o, j);
	json_decref(j);
	/* a distance outside the doubles is null (not 0 or inf): its _bits
	 * say how small or large (0 is for x = 1/phi itself, whose _bits are
	 * null) */
	json_object_set_new(o, "distance_to_phi_inverse", r->dist == 0 &&
	                    isfinite(r->dbits) ? json_null()
	                    : out_jreal(r->dist));
	json_object_set_new(o, "distance_bits", out_jreal(r->dbits));
	json_object_set_new(o, "mirror_distance", r->mdist == 0 &&
	                    isfinite(r->mbits) ? json_null()
	                    : out_jreal(r->mdist));
	json_object_set_new(o, "mirror_distance_bits", out_jreal(r->mbits));
	cli_result(c, a->json, o);
}

/* The "terms" or "period" line: how much of the expansion is known. */
static void print_extent(FILE *f, const cf_run *r, size_t terms)
{
	const cf_seq *cf = &r->cf;
	char t[160];

	if (cf->kind == CF_FINITE)
		snprintf(t, sizeof t, "%zu (complete)", cf->n);
	else if (cf->kind == CF_PERIODIC)
		snprintf(t, sizeof t, "%zu, after %zu term%s", cf_period(cf),
		         cf->pre, cf->pre == 1 ? "" : "s");
	else if (cf->prec == 0)
		snprintf(t, sizeof t, "%zu shown; the period is longer than %zu "
		         "terms", r->n, cf->n);
	else if (cf->n < terms)
		snprintf(t, sizeof t, "%zu certain (no more can be decided at "
		         "2^20 bits)", cf->n);
	else
		snprintf(t, sizeof t, "%zu certain (interval arithmetic, %ld "
		         "bits)", cf->n, (long)cf->prec);
	out_fill(f, t, out_width(), cf->kind == CF_PERIODIC ? "period     "
	         : "terms      ", LABEL_INDENT, " ");
}

/* The "golden" line: the run of 1s, of what, and the largest quotient,
 * filled under the value's column. */
static void print_golden(FILE *f, const cf_seq *cf)
{
	cf_golden g = cf_golden_stats(cf);
	struct buf b = { 0 };

	if (g.prefix < 0)
		buf_puts(&b, "prefix endless");
	else
		buf_printf(&b, "prefix %ld%s", g.prefix,
		           g.mirrored ? " (of 1 - x)" : "");
	/* outside (0, 1) the terms after a0 are frac(x)'s: say so
	 * (the help and the man page do) */
	if (g.outside && (cf->n >= 2 || cf->kind == CF_PERIODIC)) {
		char *a0 = mpz_get_str(NULL, 10, cf->a[0]);
		buf_printf(&b, " (of frac(x) = x %c %s)", *a0 == '-' ? '+' : '-',
		           a0 + (*a0 == '-'));
		free(a0);
	}
	if (g.max_index) {
		char *m = mpz_get_str(NULL, 10, cf_term(cf, g.max_index));
		buf_printf(&b, "; largest quotient %s at a_%zu", m, g.max_index);
		free(m);
	}
	out_fill(f, buf_str(&b), out_width(), "golden     ", LABEL_INDENT, " ");
	buf_free(&b);
}

/* The word the rule chose, said where it hides what the constant is: an
 * integer of w bits on a wider word (no --bits) whose run of 1s on its
 * own w bits is long (golden(1100) on the 1152-bit word is x < 2^-52,
 * prefix 1; on 1100 bits, prefix 793), so that golden(N) does not look
 * far from 1/phi without a word on why.  A line filled to 80 columns. */
static void print_word_note(FILE *f, const cli_args *a, const cf_run *r)
{
	unsigned long w = mpz_sizeinbase(r->pv, 2);
	cf_golden here, own;
	cf_seq c;
	char *s;

	if (a->bits || w >= r->bits || w < WORD_NOTE_MIN)
		return;
	cf_init(&c);
	cf_of_multiplier(&c, r->pv, w);
	own = cf_golden_stats(&c);
	cf_clear(&c);
	here = cf_golden_stats(&r->cf);
	if (own.prefix >= 0 && (own.prefix < WORD_NOTE_MIN ||
	                        own.prefix <= here.prefix))
		return;
	s = xasprintf("%lu bits, the rule's for a constant of %lu "
	              "(the smallest of 32, 64, then multiples of 64, that holds "
	              "it): x = p/2^%lu < 2^-%lu.  On its own %lu bits (--bits "
	              "%lu) its golden prefix is %ld%s.", r->bits, w, r->bits,
	              r->bits - w, w, w, own.prefix, own.mirrored ? " (of 1 - x)"
	              : "");
	out_fill(f, s, out_width(), "word       ", LABEL_INDENT, " ");
	free(s);
}

/* Write n bytes of s to f in pieces, polling stop between them: 0, or
 * -1 once it is set (a reader that stalls holds a write; Ctrl-C breaks
 * it with EINTR, and the next piece is not tried). */
static int write_until(FILE *f, const char *s, size_t n,
                       const volatile sig_atomic_t *stop)
{
	size_t off, k;

	for (off = 0; off < n; off += k) {
		if (stop && *stop)
			break;
		k = n - off < 4096 ? n - off : 4096;
		fwrite(s + off, 1, k, f);
	}
	if (!stop || !*stop)
		return 0;
	out_cut_note();
	return -1;
}

/* The text report: 0, or -1 when Ctrl-C (stop) ended it. */
static int print_text(FILE *f, const cli_args *a, const cf_run *r,
                      size_t terms, const volatile sig_atomic_t *stop)
{
	char *txt = out_cf_text(&r->cf, r->n);

	{
		char *x;
		if (r->integer)
			gmp_asprintf(&x, "%s / 2^%lu = %Qd", r->hex, r->bits, r->v.q);
		else
			x = xasprintf("%s", r->src);
		out_fill(f, x, out_width(), "x          ", LABEL_INDENT, " ");
		free(x);
	}
	{
		/* the quotients of golden(65536) are 300 kB of text */
		char *w = NULL;
		size_t wn = 0;
		FILE *m = open_memstream(&w, &wn);
		int stopped;
		if (!m)
			xalloc_fail(strlen(txt), "the quotients' text");
		out_wrapped(m, "cf         ", txt, out_width());
		fclose(m);
		free(txt);
		stopped = write_until(f, w, wn, stop) < 0;
		free(w);
		if (stopped)
			return -1;
	}
	print_extent(f, r, terms);
	print_golden(f, &r->cf);
	if (r->integer)
		print_word_note(f, a, r);
	fprintf(f, "%-10s ", "|x-1/phi|");
	print_distance(f, r->dist, r->dbits);
	/* the mirror 1 - x only means something for x in (0, 1); it
	 * shares the line, so the labels stay in one column */
	if (r->mbits > r->dbits && r->cf.n > 1 && mpz_sgn(r->cf.a[0]) == 0) {
		fprintf(f, "; of 1 - x: ");
		print_distance(f, r->mdist, r->mbits);
	}
	fputc('\n', f);
	if (a->convergents &&
	    print_convergents(f, &r->cf, r->nconv, r->p, r->q, stop) < 0)
		return -1;
	if (a->convergents && r->nconv < r->n)
		fprintf(f, "(the first %zu convergents: the rest would pass "
		        "%d MiB)\n", r->nconv, CONV_BITS >> 23);
	return 0;
}

static void cf_run_clear(cf_run *r)
{
	size_t k;

	if (r->p) {
		for (k = 0; k < r->n; k++)
			mpz_clear(r->p[k]), mpz_clear(r->q[k]);
		free(r->p);
		free(r->q);
	}
	free(r->hex);
	mpz_clear(r->pv);
	cf_clear(&r->cf);
	expr_value_clear(&r->v);
	expr_free(r->t);
}

int cmd_cf(cmd_ctx *c, cli_args *a)
{
	size_t terms = a->terms ? a->terms : DEFAULT_TERMS;
	cf_run r;
	int rc;

	memset(&r, 0, sizeof r);
	if (!(r.src = cli_expr(c, a)))
		return CFX_EXIT_USAGE;
	if (!(r.t = expr_parse(r.src, &c->err))) {
		c->err.arg = a->expr ? a->expr_arg : -1;
		return CFX_EXIT_USAGE;
	}
	expr_value_init(&r.v, 128);
	cf_init(&r.cf);
	mpz_init(r.pv);
	rc = expand(c, a, &r, terms);   /* on one budget, r.cost (zeroed) */
	if (rc < 0) {
		c->err.arg = a->expr ? a->expr_arg : -1;
		if (!c->err.token[0] && c->err.code != CFX_EINTR)  /* a limit of
		                                                    * the whole number */
			cfx_err_retoken(&c->err, r.src);
		cf_run_clear(&r);
		return CFX_EXIT_USAGE;
	}
	list(a, &r, terms);
	/* Ctrl-C during the convergents, or while the report is printed
	 * (the convergents of golden(65536) are 40 MB): stopped, exit 130 */
	if (c->stop && *c->stop)
		rc = -1;
	if (rc == 0)
		result(c, a, &r);
	if (c->stop && *c->stop)     /* during the JSON's dump */
		rc = -1;
	if (rc == 0 && !a->json)
		rc = print_text(c->out, a, &r, terms, c->stop);
	cf_run_clear(&r);
	if (rc < 0) {
		cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
		return CFX_EXIT_USAGE;
	}
	return CFX_EXIT_OK;
}
