/* constant.c - text made into a checked multiplier (see constant.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/word.h"

/* text parsed and evaluated as an integer, ~ and the shifts on a word of
 * `word` bits (0: none, they ask for one): constant_value and
 * constant_eval share it. */
static int value_on(const char *text, expr_lookup look, void *ctx,
                    unsigned long word, mpz_t z, cfx_err *err)
{
	expr_tree *t;
	int rc;

	assert(text);
	if (!(t = expr_parse(text, err)))
		return -1;
	rc = expr_eval_int_word(t, look, ctx, word, z, err);
	expr_free(t);
	return rc;
}

int constant_value(const char *text, expr_lookup look, void *ctx, mpz_t z,
                   cfx_err *err)
{
	return value_on(text, look, ctx, 0, z, err);
}

int constant_eval(const char *text, expr_lookup look, void *ctx,
                  unsigned long *bits, unsigned long max_bits, mpz_t p,
                  cfx_err *err)
{
	/* ~ and the shifts work on the word asked for (none: they ask) */
	if (value_on(text, look, ctx, *bits <= max_bits ? *bits : 0, p,
	             err) < 0)
		return -1;
	return word_check(p, bits, max_bits, text, err);
}

int constant_make(constant *c, const char *text, expr_lookup look, void *ctx,
                  unsigned long bits, unsigned long max_bits, cfx_err *err)
{
	expr_value v;

	memset(c, 0, sizeof *c);
	mpz_init(c->p);
	if (constant_eval(text, look, ctx, &bits, max_bits, c->p, err) < 0) {
		mpz_clear(c->p);
		memset(c, 0, sizeof *c);
		return -1;
	}
	c->bits = bits;
	c->p64 = mpz_get_ui(c->p);
	c->hex = word_hex(c->p, bits);
	cf_init(&c->cf);
	cf_of_multiplier(&c->cf, c->p, bits);
	c->golden = cf_golden_stats(&c->cf);
	expr_value_init(&v, 128);
	v.kind = EXPR_RAT;
	mpq_set_z(v.q, c->p);
	mpq_div_2exp(v.q, v.q, bits);
	cf_phi_distance(&v, 0, &c->dist, &c->dbits);
	cf_phi_distance(&v, 1, &c->mdist, &c->mbits);
	expr_value_clear(&v);
	naf_of(&c->naf, c->p, bits);
	c->sum = naf_power_sum(&c->naf);
	sas_of(&c->sas, &c->naf);
	c->code = sas_emit_c(&c->sas, c->hex, c->sum);
	return 0;
}

void constant_free(constant *c)
{
	if (!c || !c->hex)
		return;
	mpz_clear(c->p);
	free(c->hex);
	cf_clear(&c->cf);
	naf_clear(&c->naf);
	free(c->sum);
	sas_clear(&c->sas);
	free(c->code);
	memset(c, 0, sizeof *c);
}
