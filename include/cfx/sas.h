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
	sas_step *s;                 /* count them with sas_count */
} sas_prog;

/* The sequence for a signed-digit form.  Free with sas_clear. */
void sas_of(sas_prog *pr, const naf_form *f);
void sas_clear(sas_prog *pr);

/*
 * What a sequence costs: shifts (steps that shift n), additions,
 * subtractions and negations (1 when the first step is hash = -n).  The
 * one count every face shows (cfx shifts, verify's table and patch, the
 * dashboard), so they cannot disagree.
 */
typedef struct sas_cost {
	size_t shifts, adds, subs, negs;
} sas_cost;

sas_cost sas_count(const sas_prog *pr);

/* The cost in words into buf (size n), which is returned:
 * "10 shifts, 7 additions, 3 subtractions" and ", 1 negation" when there
 * is one; short != 0 gives "10 shifts, 7 add, 3 sub, 1 neg". */
char *sas_cost_text(const sas_prog *pr, int short_form, char *buf, size_t n);

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
