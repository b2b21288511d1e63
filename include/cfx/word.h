/*
 * word.h - word sizes and multipliers (prefix word_).
 *
 * A multiplier p works on n-bit words and must lie in [1, 2^n): a wider
 * value is an error, never reduced.  Without an explicit n (--bits, set
 * bits) the word is the smallest of 32, 64, then multiples of 64, that
 * holds p: the one rule of every command and the dashboard (smaller words
 * only when asked).
 */
#ifndef CFX_WORD_H
#define CFX_WORD_H

#include <stdint.h>
#include <gmp.h>

#include "cfx/err.h"

#define WORD_MAX_BITS 65536   /* exact commands (cf, naf, shifts) */
#define WORD_MAX_HASH 64      /* commands that hash machine words */

/* The word size without --bits for a value of width bits (0 counts as
 * 1): the smallest of 32, 64, then multiples of 64, holding it. */
unsigned long word_for_width(size_t width);

/* word_for_width of p's width (p >= 1; p <= 0 gives 32). */
unsigned long word_auto(const mpz_t p);

/*
 * Check a multiplier against a word size (0 = choose with word_auto) no
 * larger than max_bits; on success *bits holds the size used.  token names
 * the multiplier in errors.
 */
int word_check(const mpz_t p, unsigned long *bits, unsigned long max_bits,
               const char *token, cfx_err *err);

/* Mask of the low n bits, n in 1..64. */
static inline uint64_t word_mask(unsigned n)
{
	return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

/* The width of the smallest C unsigned type (uint8_t .. uint64_t) that
 * holds an n-bit word, n in 1..64: what emitted C declares. */
static inline unsigned word_c_bits(unsigned long n)
{
	return n <= 8 ? 8 : n <= 16 ? 16 : n <= 32 ? 32 : 64;
}

/* Write p in hex ("0x..."), zero-padded to n bits' digits, into buf. */
char *word_hex(const mpz_t p, unsigned long bits);

#endif
