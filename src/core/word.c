/* word.c - word sizes and multipliers (see word.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/word.h"
#include "util/xalloc.h"

unsigned long word_for_width(size_t width)
{
	if (width <= 32)
		return 32;
	return (width + 63) / 64 * 64;
}

unsigned long word_auto(const mpz_t p)
{
	return word_for_width(mpz_sgn(p) > 0 ? mpz_sizeinbase(p, 2) : 1);
}

int word_check(const mpz_t p, unsigned long *bits, unsigned long max_bits,
               const char *token, cfx_err *err)
{
	if (mpz_sgn(p) <= 0)
		return cfx_err_set(err, CFX_EDOMAIN, -1, token,
		                   mpz_sgn(p) == 0 ? "multiplier must not be zero"
		                   : "multiplier must be positive");
	if (*bits == 0) {
		*bits = word_auto(p);
		if (*bits > max_bits)
			return cfx_err_set(err, CFX_EDOMAIN, -1, token,
			                   "multiplier wider than %lu bits",
			                   max_bits);
		return 0;
	}
	if (*bits > max_bits) {
		char tok[24];
		snprintf(tok, sizeof tok, "%lu", *bits);
		return cfx_err_set(err, CFX_EDOMAIN, -1, tok,
		                   "--bits %lu is above the %lu supported here",
		                   *bits, max_bits);
	}
	if (mpz_sizeinbase(p, 2) > *bits)
		return cfx_err_set(err, CFX_EDOMAIN, -1, token,
		                   "multiplier does not fit in %lu bit%s", *bits,
		                   *bits == 1 ? "" : "s");
	return 0;
}

char *word_hex(const mpz_t p, unsigned long bits)
{
	size_t digits = (bits + 3) / 4, len = mpz_sizeinbase(p, 16);
	char *s;

	if (len > digits)
		digits = len;
	s = xmalloc(digits + 3, "hex digits");
	strcpy(s, "0x");
	memset(s + 2, '0', digits - len);
	mpz_get_str(s + 2 + digits - len, 16, p);
	return s;
}
