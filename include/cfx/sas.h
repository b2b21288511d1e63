/*
 * sas.h - shift/add sequences (prefix sas_).
 *
 * The 2002 patch turned x * p into shifts and adds by walking the signed
 * power sum from the lowest term up, keeping one running shifted copy n of
 * x and shifting it by the differences of consecutive exponents:
 *
 *     n = x;  n <<= 18;  hash -= n;  n <<= 33;  hash -= n;  ...
 *
 * so each step is "shift n, then add it to or subtract it from hash", and
 * the shifts stay small.  The first step sets hash to +n or -n.
 */
#ifndef CFX_SAS_H
#define CFX_SAS_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/naf.h"

typedef enum { SAS_SET, SAS_NEG, SAS_ADD, SAS_SUB } sas_op;

typedef struct sas_step {
	unsigned long shift;   /* shift n left by this first */
	sas_op op;             /* then hash = n, -n, hash + n, hash - n */
} sas_step;

typedef struct sas_prog {
	unsigned long bits;
	size_t n;
	sas_step *s;
	size_t adds, subs, shifts;   /* shifts: steps with shift > 0 */
	size_t negs;                 /* 1 if the first step is hash = -n */
} sas_prog;

/* The sequence for a signed-digit form.  Free with sas_clear. */
void sas_of(sas_prog *pr, const naf_form *f);
void sas_clear(sas_prog *pr);

/* Name of an op for text and JSON: "set", "neg", "add", "sub". */
const char *sas_op_name(sas_op op);

/* Run the sequence on x modulo 2^bits (bits <= 64). */
uint64_t sas_eval(const sas_prog *pr, uint64_t x);

/*
 * A complete C translation unit defining
 *     uintN_t cfx_mul_shift_add(uintN_t x)
 * (N = 8, 16, 32, 64; other widths use the next wider type and mask) that
 * computes x * p mod 2^bits with no multiplication.  The comment names the
 * constant (hex) and its power sum.  bits <= 64.  malloc'd.
 */
char *sas_emit_c(const sas_prog *pr, const char *hex, const char *power_sum);

/* The statements alone, one per line, indented by indent (for displays). */
char *sas_emit_body(const sas_prog *pr, const char *indent);

#endif
