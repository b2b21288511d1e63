/*
 * constant.h - a constant: text made into a checked multiplier, with its
 * derived forms (prefix constant_).
 *
 * The single place where what the user typed ("2^32/phi", "0x9e3779b9",
 * a session variable) becomes a multiplier p on n-bit words: the text is
 * parsed and evaluated as an integer expression (expr.h), then checked
 * against the word size (word.h: 1 <= p < 2^n, n chosen from p when not
 * given).  The command line, REPL, dashboard, verify and lessons all come
 * through here, so a constant means the same thing everywhere.
 */
#ifndef CFX_CONSTANT_H
#define CFX_CONSTANT_H

#include <stdint.h>
#include <gmp.h>

#include "cfx/cf.h"
#include "cfx/err.h"
#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/sas.h"

/* A checked multiplier and what cfx shows of it. */
typedef struct constant {
	mpz_t p;                 /* the multiplier, 1 <= p < 2^bits */
	uint64_t p64;            /* the same as a machine word */
	unsigned long bits;      /* word size n */
	char *hex;               /* word_hex: "0x..." padded to n bits */
	cf_seq cf;               /* expansion of p / 2^n */
	cf_golden golden;        /* its run of 1s (1/phi's) */
	double dist, dbits;      /* |x - 1/phi| and -log2 of it, x = p / 2^n */
	double mdist, mbits;     /* the same for 1 - x */
	naf_form naf;            /* non-adjacent form */
	char *sum;               /* naf_power_sum: "2^31 + 2^29 - ..." */
	sas_prog sas;            /* shift/add sequence from the NAF */
	char *code;              /* sas_emit_c: a C translation unit */
} constant;

/*
 * The integer value of text (an expression; look/ctx resolve names, may be
 * NULL) into z (initialised).  Returns 0, or -1 with err (syntax, unknown
 * name, not an integer; the column points into text).
 */
int constant_value(const char *text, expr_lookup look, void *ctx, mpz_t z,
                   cfx_err *err);

/*
 * constant_value, then the word size rule: *bits is the word size asked
 * for (0: word_auto, the smallest of 32, 64, then multiples of 64, that
 * holds p) and receives the one used; max_bits bounds it.  Returns 0, or
 * -1 with err (the multiplier is zero, negative or too wide; token text).
 */
int constant_eval(const char *text, expr_lookup look, void *ctx,
                  unsigned long *bits, unsigned long max_bits, mpz_t p,
                  cfx_err *err);

/*
 * constant_eval into c (not initialised) and every derived form.  Returns
 * 0, or -1 with err and c left empty (nothing to free).  max_bits <= 64
 * when the caller wants p64 exact.  Free with constant_free.
 */
int constant_make(constant *c, const char *text, expr_lookup look, void *ctx,
                  unsigned long bits, unsigned long max_bits, cfx_err *err);

/* Release what constant_make made.  No operation on NULL. */
void constant_free(constant *c);

#endif
