/* naf.c - signed-digit forms (see naf.h). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/naf.h"
#include "util/xalloc.h"

void naf_zero(naf_form *f, unsigned long bits)
{
	f->bits = bits;
	f->d = xcalloc(bits ? bits : 1, 1, "NAF digits");
	f->wrapped = 0;
}

void naf_of(naf_form *f, const mpz_t p, unsigned long bits)
{
	mpz_t x;
	unsigned long i;

	naf_zero(f, bits);
	mpz_init(x);
	mpz_fdiv_r_2exp(x, p, bits);
	/* classic NAF: an odd x gets digit 2 - (x mod 4), i.e. +1 or -1,
	 * which leaves x - d divisible by 4, so the next digit is 0 */
	for (i = 0; mpz_sgn(x) != 0; i++) {
		int d = 0;

		if (mpz_odd_p(x)) {
			d = mpz_tstbit(x, 1) ? -1 : 1;
			if (d > 0)
				mpz_sub_ui(x, x, 1);
			else
				mpz_add_ui(x, x, 1);
		}
		if (i < bits)
			f->d[i] = (signed char)d;
		else if (d)
			f->wrapped = 1;
		mpz_fdiv_q_2exp(x, x, 1);
	}
	mpz_clear(x);
	assert(naf_is_naf(f));
}

void naf_clear(naf_form *f)
{
	if (!f)
		return;
	free(f->d);
	f->d = NULL;
}

size_t naf_weight(const naf_form *f)
{
	size_t w = 0;
	unsigned long i;

	for (i = 0; i < f->bits; i++)
		w += f->d[i] != 0;
	return w;
}

int naf_is_naf(const naf_form *f)
{
	unsigned long i;

	for (i = 1; i < f->bits; i++)
		if (f->d[i] && f->d[i - 1])
			return 0;
	return 1;
}

void naf_value(const naf_form *f, mpz_t v)
{
	unsigned long i;

	mpz_set_ui(v, 0);
	for (i = f->bits; i-- > 0;) {
		mpz_mul_2exp(v, v, 1);
		if (f->d[i] > 0)
			mpz_add_ui(v, v, 1);
		else if (f->d[i] < 0)
			mpz_sub_ui(v, v, 1);
	}
	mpz_fdiv_r_2exp(v, v, f->bits);
}

char *naf_power_sum(const naf_form *f)
{
	size_t cap = 16 * (naf_weight(f) + 1), len = 0;
	char *s = xmalloc(cap, "NAF text");
	unsigned long i;

	for (i = f->bits; i-- > 0;) {
		const char *sign;

		if (!f->d[i])
			continue;
		sign = len == 0 ? (f->d[i] < 0 ? "-" : "")
		       : (f->d[i] < 0 ? " - " : " + ");
		if (i == 0)
			len += (size_t)snprintf(s + len, cap - len, "%s1", sign);
		else if (i == 1)
			len += (size_t)snprintf(s + len, cap - len, "%s2", sign);
		else
			len += (size_t)snprintf(s + len, cap - len, "%s2^%lu", sign,
			                        i);
	}
	if (len == 0)
		strcpy(s, "0");
	return s;
}

size_t naf_binary_weight(const mpz_t p)
{
	return mpz_popcount(p);
}
