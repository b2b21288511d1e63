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
#include "util/xalloc.h"

#define DEFAULT_TERMS 30
/* convergents shown: 16 MiB of numbers in all, about 40 MB of decimal
 * digits, a few seconds (64 MiB printed 160 MB in 5 to 15 s) */
#define CONV_BITS (1 << 27)
#define CONV_KEPT_BITS (1 << 22)  /* not shown, kept in the session: 512 KiB */

static void print_convergents(FILE *f, const cf_seq *cf, size_t n,
                              mpz_t *p, mpz_t *q)
{
	size_t k;

	fprintf(f, "\n%4s  %-12s  %s\n", "k", "a_k", "p_k / q_k");
	for (k = 0; k < n; k++) {
		gmp_fprintf(f, "%4zu  %-12Zd  %Zd / %Zd\n", k, cf_term(cf, k), p[k],
		            q[k]);
	}
}

/* A distance to 1/phi: "0 (exactly)", "7.26e-06 = 2^-17.07" or "0.61"
 * (a power of two, not "bits": on a 64-bit word 2^-68.37 is a closeness,
 * not 68 bits of the word). */
static void print_distance(FILE *f, double d, double bits)
{
	char buf[32];

	if (d == 0)
		fprintf(f, "0 (exactly)");
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

int cmd_cf(cmd_ctx *c, cli_args *a)
{
	const char *src = cli_expr(c, a);
	expr_tree *t;
	expr_value v;
	cf_seq cf;
	mpz_t *p = NULL, *q = NULL;
	unsigned long bits = 0;
	size_t terms = a->terms ? a->terms : DEFAULT_TERMS, n, k, nconv = 0;
	double dist, dbits, mdist, mbits;
	int rc = CFX_EXIT_OK, integer;
	char *hex = NULL;
	mpz_t pv;

	if (!src)
		return CFX_EXIT_USAGE;
	if (!(t = expr_parse(src, &c->err))) {
		c->err.arg = a->expr ? a->expr_arg : -1;
		return CFX_EXIT_USAGE;
	}
	expr_value_init(&v, 128);
	cf_init(&cf);
	mpz_init(pv);
	/* an integer written with integer operations is a multiplier p,
	 * shown as p/2^n; through / or sqrt it is the number (4/2 is 2) */
	if (expr_eval_word(t, cli_session_lookup, c->sess, 128, a->bits, &v,
	                   &c->err) < 0 &&
	    c->err.code != CFX_ELIMIT)
		goto bad;
	integer = c->err.code == CFX_OK && v.kind == EXPR_RAT &&
	          mpz_cmp_ui(mpq_denref(v.q), 1) == 0 && !a->value &&
	          expr_integer_form(t, cli_session_lookup, c->sess);
	if (integer) {
		bits = a->bits;
		mpz_set(pv, mpq_numref(v.q));
		if (word_check(pv, &bits, WORD_MAX_BITS, src, &c->err) < 0)
			goto bad;
		c->multiplier = 1;
		cf_of_multiplier(&cf, pv, bits);
		mpq_div_2exp(v.q, v.q, bits);       /* v is x = p/2^n now */
		hex = word_hex(pv, bits);
	} else if (c->err.code == CFX_OK && v.kind == EXPR_RAT) {
		cf_of_rational(&cf, v.q);   /* exact already, on the word */
	} else {
		if (cf_of_tree(&cf, t, cli_session_lookup, c->sess, a->bits,
		               terms, &c->err) < 0)
			goto bad;
		/* the value itself, for the distance to 1/phi */
		expr_eval_word(t, cli_session_lookup, c->sess,
		               cf.prec ? cf.prec : 128, a->bits, &v, NULL);
	}
	cf_phi_distance(&v, 0, &dist, &dbits);
	cf_phi_distance(&v, 1, &mdist, &mbits);

	/* how many quotients to list: all of a rational, one period, or the
	 * certain prefix, unless --terms says otherwise */
	n = cf.n;
	if (a->terms && (cf.kind == CF_PERIODIC || a->terms < cf.n))
		n = a->terms;
	else if (cf.kind == CF_PREFIX && n > terms)
		n = terms;      /* a period too long to find: show --terms */
	/* convergents grow quadratically: keep the first CONV_BITS of them */
	p = xmalloc((n ? n : 1) * sizeof *p, "convergents");
	q = xmalloc((n ? n : 1) * sizeof *q, "convergents");
	for (k = 0; k < n; k++)
		mpz_init(p[k]), mpz_init(q[k]);
	/* shown (--json, --convergents): up to CONV_BITS; else kept only for
	 * the session's result, up to CONV_KEPT_BITS */
	nconv = cf_convergents_within(&cf, n, a->json || a->convergents ?
	                              CONV_BITS : CONV_KEPT_BITS, p, q);

	{
		json_t *o = json_object(), *j = json_cf(&cf, n, nconv, p, q);
		json_object_set_new(o, "input", json_string(src));
		if (integer) {
			json_object_set_new(o, "value", out_jz(pv));
			json_object_set_new(o, "bits", json_integer((json_int_t)bits));
		}
		json_object_update(o, j);
		json_decref(j);
		json_object_set_new(o, "distance_to_phi_inverse", out_jreal(dist));
		json_object_set_new(o, "distance_bits", out_jreal(dbits));
		json_object_set_new(o, "mirror_distance", out_jreal(mdist));
		json_object_set_new(o, "mirror_distance_bits", out_jreal(mbits));
		cli_result(c, a->json, o);
	}
	if (!a->json) {
		cf_golden g = cf_golden_stats(&cf);
		char *txt = out_cf_text(&cf, n);

		if (integer)
			gmp_fprintf(c->out, "x          %s / 2^%lu = %Qd\n", hex, bits,
			            v.q);
		else
			fprintf(c->out, "x          %s\n", src);
		out_wrapped(c->out, "cf         ", txt, OUT_WIDTH);
		free(txt);
		if (cf.kind == CF_FINITE)
			fprintf(c->out, "terms      %zu (complete)\n", cf.n);
		else if (cf.kind == CF_PERIODIC)
			fprintf(c->out, "period     %zu, after %zu term%s\n",
			        cf_period(&cf), cf.pre, cf.pre == 1 ? "" : "s");
		else if (cf.prec == 0)
			fprintf(c->out, "terms      %zu shown; the period is longer than "
			        "%zu terms\n", n, cf.n);
		else if (cf.n < terms)
			fprintf(c->out, "terms      %zu certain (no more can be "
			        "decided at 2^20 bits)\n", cf.n);
		else
			fprintf(c->out, "terms      %zu certain (interval arithmetic, "
			        "%ld bits)\n", cf.n, (long)cf.prec);
		if (g.prefix < 0)
			fprintf(c->out, "golden     prefix endless");
		else
			fprintf(c->out, "golden     prefix %ld%s", g.prefix,
			        g.mirrored ? " (of 1 - x)" : "");
		/* outside (0, 1) the terms after a0 are frac(x)'s: say so
		 * (the help and the man page do) */
		if (g.outside && (cf.n >= 2 || cf.kind == CF_PERIODIC)) {
			mpz_t a0;
			mpz_init(a0);
			mpz_abs(a0, cf.a[0]);
			gmp_fprintf(c->out, " (of frac(x) = x %c %Zd)",
			            mpz_sgn(cf.a[0]) < 0 ? '+' : '-', a0);
			mpz_clear(a0);
		}
		if (g.max_index)
			gmp_fprintf(c->out, "; largest quotient %Zd at a_%zu\n",
			            cf_term(&cf, g.max_index), g.max_index);
		else
			fputc('\n', c->out);
		fprintf(c->out, "%-10s ", "|x-1/phi|");
		print_distance(c->out, dist, dbits);
		/* the mirror 1 - x only means something for x in (0, 1); it
		 * shares the line, so the labels stay in one column */
		if (mdist < dist && cf.n > 1 && mpz_sgn(cf.a[0]) == 0) {
			fprintf(c->out, "; of 1 - x: ");
			print_distance(c->out, mdist, mbits);
		}
		fputc('\n', c->out);
		if (a->convergents)
			print_convergents(c->out, &cf, nconv, p, q);
		if (a->convergents && nconv < n)
			fprintf(c->out, "(the first %zu convergents: the rest would pass "
			        "%d MiB)\n", nconv, CONV_BITS >> 23);
	}
	goto done;
bad:
	c->err.arg = a->expr ? a->expr_arg : -1;
	if (!c->err.token[0] && c->err.code != CFX_EINTR)   /* a limit of
	                                                      * the whole number */
		cfx_err_retoken(&c->err, src);
	rc = CFX_EXIT_USAGE;
done:
	if (p) {
		for (k = 0; k < n; k++)
			mpz_clear(p[k]), mpz_clear(q[k]);
		free(p);
		free(q);
	}
	free(hex);
	mpz_clear(pv);
	cf_clear(&cf);
	expr_value_clear(&v);
	expr_free(t);
	return rc;
}
