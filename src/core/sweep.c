/* sweep.c - the stride sweep (see sweep.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/mem.h"
#include "cfx/sweep.h"
#include "cfx/word.h"
#include "util/xalloc.h"

static void row_init(sweep_row *row)
{
	int i;

	memset(row, 0, sizeof *row);
	for (i = 0; i < SWEEP_TERMS; i++)
		mpz_init(row->terms[i]);
	mpz_init(row->big);
}

static void row_clear(sweep_row *row)
{
	int i;

	for (i = 0; i < SWEEP_TERMS; i++)
		mpz_clear(row->terms[i]);
	mpz_clear(row->big);
}

/* keys and loads are scratch of count and 2^b entries. */
int sweep_row_run(sweep_row *row, uint64_t p, unsigned bits, unsigned b,
                  size_t count, unsigned s, uint64_t *keys, uint32_t *loads)
{
	unsigned eff_bits = bits - s;
	uint64_t distinct = eff_bits >= 64 ? UINT64_MAX : (uint64_t)1 << eff_bits;
	size_t n = count < distinct ? count : (size_t)distinct, k, i;
	cf_seq cf;
	mpz_t pz;

	assert(b >= 1 && s < bits && bits <= 64);

	row->shift = s;
	/* k 2^s for k < 2^(n-s) are distinct mod 2^n; beyond that they repeat */
	for (k = 0; k < n; k++)
		keys[k] = ((uint64_t)k << s) & word_mask(bits);
	score_keys(keys, n, p, bits, b, loads, &row->score);
	row->effective = p & word_mask(eff_bits);
	mpz_init(pz);
	mpz_set_ui(pz, p);
	cf_init(&cf);
	row->big_index = sweep_effective(pz, bits, s, n, &cf, row->big);
	row->total_terms = cf.n;
	row->nterms = cf.n < SWEEP_TERMS ? cf.n : SWEEP_TERMS;
	for (i = 0; i < row->nterms; i++)
		mpz_set(row->terms[i], cf.a[i]);
	cf_clear(&cf);
	mpz_clear(pz);
	return 0;
}

size_t sweep_effective(const mpz_t p, unsigned bits, unsigned s, size_t keys,
                       cf_seq *cf, mpz_t big)
{
	unsigned long limit = 1;
	mpz_t m;

	mpz_init(m);
	mpz_fdiv_r_2exp(m, p, bits - s);
	cf_of_multiplier(cf, m, bits - s);
	mpz_clear(m);
	/* quotients that matter for `keys` points: those before q_k passes */
	while (limit < 64 && ((uint64_t)1 << limit) <= keys)
		limit++;
	return cf_max_early(cf, limit, big);
}

int sweep_worse(score_verdict va, double ra, score_verdict vb, double rb)
{
	int ja = va != SCORE_NONE, jb = vb != SCORE_NONE;

	if (ja != jb)
		return ja;
	return ra > rb;
}

int sweep_run(sweep_result *res, uint64_t p, unsigned bits, unsigned b,
              size_t count, sweep_progress progress, void *ctx, cfx_err *err)
{
	uint64_t *keys;
	uint32_t *loads;
	unsigned s;
	int rc = 0;

	assert(b >= 1 && b <= bits && bits <= 64);

	memset(res, 0, sizeof *res);
	res->bits = bits;
	res->table_bits = b;
	res->count = count;
	/* the keys and the table are the user's sizes: mem_big, whose NULL
	 * is an error (xalloc.h's policy); a row for each of <= 64 shifts */
	keys = mem_big((count ? count : 1) * sizeof *keys, 0);
	loads = mem_big(((size_t)1 << b) * sizeof *loads, 0);
	if (!keys || !loads) {
		free(keys);
		free(loads);
		return mem_fail(keys ? ((size_t)1 << b) * sizeof *loads
		                : (count ? count : 1) * sizeof *keys,
		                keys ? "the bucket table" : "the keys", err);
	}
	res->rows = xcalloc(bits, sizeof *res->rows, "sweep rows");
	for (s = 0; s < bits; s++)
		row_init(&res->rows[s]);
	for (s = 0; s < bits; s++) {
		sweep_row *row = &res->rows[s];

		sweep_row_run(row, p, bits, b, count, s, keys, loads);
		if (sweep_worse(row->score.verdict, row->score.probe_ratio,
		                res->rows[res->worst].score.verdict,
		                res->rows[res->worst].score.probe_ratio))
			res->worst = s;
		if (progress && progress(ctx, s + 1, bits)) {
			rc = cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
			break;
		}
	}
	free(keys);
	free(loads);
	return rc;
}

void sweep_free(sweep_result *res)
{
	unsigned s;

	if (!res || !res->rows)
		return;
	for (s = 0; s < res->bits; s++)
		row_clear(&res->rows[s]);
	free(res->rows);
	res->rows = NULL;
}
