/* setting.c - the session's settings, one table (see setting.h). */
#include <assert.h>
#include <string.h>

#include <gmp.h>

#include "cfx/expr.h"
#include "cfx/setting.h"
#include "cfx/word.h"

const setting setting_table[] = {
	{ SETTING_CONST, "const", NULL, SETTING_EXPR, 0, 0, NULL, NULL,
	  "the constant the commands use when given none" },
	{ SETTING_BITS, "bits", "bits", SETTING_INT, 1, WORD_MAX_BITS, NULL,
	  "auto", "word size n" },
	{ SETTING_TABLE, "table", "table-bits", SETTING_INT, 1, 28, NULL,
	  "auto", "table of 2^B buckets" },
	{ SETTING_KEYS, "keys", "keys", SETTING_FAMILY, 0, 0, NULL, "seq",
	  "key family" },
	{ SETTING_COUNT, "count", "count", SETTING_INT, 1, 1ULL << 40, NULL,
	  "auto", "number of keys or points" },
	{ SETTING_FORMAT, "format", NULL, SETTING_CHOICE, 0, 0, "text|json",
	  "text", "how results print" },
	{ SETTING_N, NULL, NULL, SETTING_EXPR, 0, 0, NULL, NULL, NULL }
};

const setting *setting_find(const char *name)
{
	const setting *s;

	for (s = setting_table; s->name; s++)
		if (!strcmp(s->name, name) || (s->option && !strcmp(s->option, name)))
			return s;
	return NULL;
}

const setting *setting_get(setting_id id)
{
	assert(id < SETTING_N && setting_table[id].id == id);
	return &setting_table[id];
}

int setting_int_in(const char *text, unsigned long long lo,
                   unsigned long long hi, unsigned long long *out,
                   cfx_err *err)
{
	mpz_t z;
	int rc = 0;

	assert(lo <= hi);
	mpz_init(z);
	if (expr_eval_text_int(text, z, err) < 0)
		rc = -1;
	else if (mpz_cmp_ui(z, lo) < 0 || mpz_sizeinbase(z, 2) > 64 ||
	         mpz_get_ui(z) > hi)
		rc = cfx_err_set(err, CFX_EDOMAIN, -1, text, "must be from %llu "
		                 "to %llu", lo, hi) - 1;
	else
		*out = mpz_get_ui(z);
	mpz_clear(z);
	return rc;
}

int setting_int(const setting *s, const char *text, unsigned long long *out,
                cfx_err *err)
{
	assert(s->type == SETTING_INT);
	return setting_int_in(text, s->lo, s->hi, out, err);
}
