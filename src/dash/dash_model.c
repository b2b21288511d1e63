/*
 * dash_model.c - one constant and its spectrum, as the core computes them
 * (see dash_model.h).  Nothing here derives mathematics of its own: it
 * calls the core and keeps the results for drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/mcm.h"
#include "cfx/sort.h"
#include "cfx/word.h"
#include "dash/dash_model.h"
#include "util/xalloc.h"

int dash_model_const_eval(dash_model_const *c, const char *expr,
                          unsigned long bits, ex_lookup look, void *ctx,
                          cfx_err *err)
{
	ex_tree *t;
	ex_value v;
	mpz_t z;
	size_t k, len;
	int rc;

	memset(c, 0, sizeof *c);
	cfx_err_clear(err);
	if (!(t = ex_parse(expr, err)))
		return -1;
	mpz_init(z);
	rc = ex_eval_int(t, look, ctx, z, err);
	ex_free(t);
	if (rc == 0)
		rc = word_check(z, &bits, DASH_MODEL_MAX_BITS, expr, err);
	if (rc < 0) {
		mpz_clear(z);
		return -1;
	}
	c->expr = xstrdup(expr);
	c->p = mpz_get_ui(z);
	c->bits = (unsigned)bits;
	c->hex = word_hex(z, bits);
	c->dec = mpz_get_str(NULL, 10, z);
	c->bin = xmalloc(bits + 1, "binary digits");
	for (k = 0; k < bits; k++)
		c->bin[k] = mpz_tstbit(z, bits - 1 - k) ? '1' : '0';
	c->bin[bits] = '\0';
	c->prime = ex_isprime(z);

	cf_init(&c->cf);
	cf_of_multiplier(&c->cf, z, bits);
	c->golden = cf_golden_stats(&c->cf);
	ex_value_init(&v, 128);
	v.kind = EX_RAT;
	mpq_set_z(v.q, z);
	mpq_div_2exp(v.q, v.q, bits);
	cf_phi_distance(&v, 0, &c->dist, &c->dbits);
	cf_phi_distance(&v, 1, &c->mdist, &c->mbits);
	ex_value_clear(&v);
	len = c->cf.n ? c->cf.n : 1;
	c->conv_p = xmalloc(len * sizeof *c->conv_p, "convergents");
	c->conv_q = xmalloc(len * sizeof *c->conv_q, "convergents");
	for (k = 0; k < c->cf.n; k++) {
		mpz_init(c->conv_p[k]);
		mpz_init(c->conv_q[k]);
	}
	cf_convergents(&c->cf, c->cf.n, c->conv_p, c->conv_q);

	naf_of(&c->naf, z, bits);
	c->sum = naf_power_sum(&c->naf);
	c->bin_weight = naf_binary_weight(z);
	c->naf_weight = naf_weight(&c->naf);
	sas_of(&c->sas, &c->naf);
	c->code = sas_emit_c(&c->sas, c->hex, c->sum);
	mpz_clear(z);
	return 0;
}

void dash_model_const_optimal(dash_model_const *c)
{
	mcm_opts o = { 0, 0, 0, NULL };   /* as cfx shifts --optimal */
	mcm_ctx *mc;
	mcm_graph g;
	mcm_result r;

	if (!c->expr || c->opt_code)
		return;
	mc = mcm_new();
	if (mcm_solve(mc, c->p, c->bits, &o, &g, &r, NULL) == 0) {
		c->opt_code = mcm_emit_c(&g, c->hex);
		snprintf(c->opt_cost, sizeof c->opt_cost, "%u adder%s, depth %u "
		         "(NAF %u)", r.adders, r.adders == 1 ? "" : "s", r.depth,
		         r.naf_adders);
	}
	mcm_free(mc);
}

void dash_model_const_free(dash_model_const *c)
{
	size_t k;

	if (!c->expr)
		return;
	for (k = 0; k < c->cf.n; k++) {
		mpz_clear(c->conv_p[k]);
		mpz_clear(c->conv_q[k]);
	}
	free(c->conv_p);
	free(c->conv_q);
	cf_clear(&c->cf);
	naf_clear(&c->naf);
	sas_clear(&c->sas);
	free(c->expr);
	free(c->hex);
	free(c->dec);
	free(c->bin);
	free(c->sum);
	free(c->code);
	free(c->opt_code);
	memset(c, 0, sizeof *c);
}

void dash_model_spec_update(dash_model_spec *s, uint64_t p, unsigned bits,
                            uint64_t count)
{
	uint64_t k;

	if (s->computed && s->p == p && s->bits == bits && s->count == count)
		return;
	dash_model_spec_free(s);
	s->p = p;
	s->bits = bits;
	s->count = count;
	s->computed = 1;
	s->ok = 0;
	if (count > DASH_MODEL_MAX_POINTS) {
		cfx_err_set(&s->err, CFX_ELIMIT, -1, NULL,
		            "at most %d points are drawn",
		            DASH_MODEL_MAX_POINTS);
		return;
	}
	if (spec_compute(p, bits, count, &s->r, &s->err) < 0)
		return;
	s->pts = xmalloc(count * sizeof *s->pts, "spectrum points");
	for (k = 0; k < count; k++)
		s->pts[k] = spec_point(p, bits, k + 1);
	if (sort_u64(s->pts, count, NULL) < 0)
		xalloc_fail(count * sizeof *s->pts, "sort");
	s->ok = 1;
}

void dash_model_spec_free(dash_model_spec *s)
{
	free(s->pts);
	s->pts = NULL;
	s->ok = s->computed = 0;
}

int dash_model_spec_class(const dash_model_spec *s, unsigned __int128 len)
{
	int i;

	for (i = 0; i < s->r.ngaps; i++)
		if (s->r.gap[i].length == len)
			return i;
	return -1;
}
