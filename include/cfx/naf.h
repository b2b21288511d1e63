/*
 * naf.h - signed-digit forms of an n-bit constant (prefix naf_).
 *
 * A signed-digit form writes p = sum d_i 2^i with d_i in {-1, 0, 1}.  The
 * non-adjacent form (NAF) has no two adjacent non-zero digits; it is
 * unique and of minimal weight.  Forms here live modulo 2^n, as the
 * multiply does: a NAF digit at 2^n (p close to 2^n) is dropped and the
 * form is marked wrapped, e.g. 2^32 - 1 becomes -1.
 *
 * A form of weight w costs w - 1 additions or subtractions.  It is not
 * always the cheapest sequence (shared sub-expressions can beat it), but
 * it is what the 2002 patch used.
 */
#ifndef CFX_NAF_H
#define CFX_NAF_H

#include <stddef.h>
#include <gmp.h>

typedef struct naf_form {
	unsigned long bits;
	signed char *d;      /* d[i] in {-1, 0, 1} multiplies 2^i, i < bits */
	int wrapped;         /* a digit at 2^bits was dropped */
} naf_form;

/* The NAF of p mod 2^bits.  Free with naf_clear. */
void naf_of(naf_form *f, const mpz_t p, unsigned long bits);

/* A form of all zero digits on bits bits. */
void naf_zero(naf_form *f, unsigned long bits);

void naf_clear(naf_form *f);

/* Number of non-zero digits. */
size_t naf_weight(const naf_form *f);

/* True if no two adjacent digits are both non-zero. */
int naf_is_naf(const naf_form *f);

/* The value of the form mod 2^bits, in [0, 2^bits). */
void naf_value(const naf_form *f, mpz_t v);

/* The power sum as the 2002 patch wrote it, high to low:
 * "2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1"; "0" for no terms.
 * malloc'd; the caller frees it. */
char *naf_power_sum(const naf_form *f);

/* Binary weight (population count) of p >= 0. */
size_t naf_binary_weight(const mpz_t p);

#endif
