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
#include "cfx/constant.h"
#include "dash/dash_model.h"
#include "util/xalloc.h"

int dash_model_const_eval(dash_model_const *c, const char *expr,
                          unsigned long bits, expr_lookup look, void *ctx,
                          cfx_err *err)
{
	constant k;
	size_t i, len;

	memset(c, 0, sizeof *c);
	cfx_err_clear(err);
	if (constant_make(&k, expr, look, ctx, bits, DASH_MODEL_MAX_BITS,
	                  err) < 0)
		return -1;
	/* the derived forms move into the model, which frees them */
	c->expr = xstrdup(expr);
	c->p = k.p64;
	c->bits = (unsigned)k.bits;
	c->hex = k.hex;
	c->cf = k.cf;
	c->golden = k.golden;
	c->dist = k.dist, c->dbits = k.dbits;
	c->mdist = k.mdist, c->mbits = k.mbits;
	c->naf = k.naf;
	c->sum = k.sum;
	c->sas = k.sas;
	c->code = k.code;
	c->dec = mpz_get_str(NULL, 10, k.p);
	c->bin = xmalloc(k.bits + 1, "binary digits");
	for (i = 0; i < k.bits; i++)
		c->bin[i] = mpz_tstbit(k.p, k.bits - 1 - i) ? '1' : '0';
	c->bin[k.bits] = '\0';
	c->prime = expr_isprime(k.p);
	c->bin_weight = naf_binary_weight(k.p);
	c->naf_weight = naf_weight(&c->naf);
	len = c->cf.n ? c->cf.n : 1;
	c->conv_p = xmalloc(len * sizeof *c->conv_p, "convergents");
	c->conv_q = xmalloc(len * sizeof *c->conv_q, "convergents");
	for (i = 0; i < c->cf.n; i++) {
		mpz_init(c->conv_p[i]);
		mpz_init(c->conv_q[i]);
	}
	cf_convergents(&c->cf, c->cf.n, c->conv_p, c->conv_q);
	mpz_clear(k.p);
	return 0;
}

void dash_model_const_optimal(dash_model_const *c)
{
	mcm_opts o = { 0, 0, 0, NULL };   /* the adders of cfx shifts --optimal */
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
