/* out.h - text and JSON output helpers shared by the commands. */
#ifndef CFX_UI_OUT_H
#define CFX_UI_OUT_H

#include <stdint.h>
#include <stdio.h>
#include <gmp.h>
#include <jansson.h>

#include "cfx/cf.h"
#include "cfx/keys.h"

#define OUT_WIDTH 80

/* Decimal string of z as a JSON string (for integers that can pass 2^53). */
json_t *out_jz(const mpz_t z);

/* Decimal string of v as a JSON string. */
json_t *out_ju64(uint64_t v);

/* A double as a JSON number, or null if it is not finite. */
json_t *out_jreal(double x);

/* Dump obj (one object, one line per field) to f and release it. */
void out_json(FILE *f, json_t *obj);

/* "[a0; a1, a2, ...]" with runs of 4 or more equal quotients written
 * "1 (x12)", at most max terms of a periodic expansion unrolled, the
 * period in parentheses: sqrt(2) = [1; (2)].  malloc'd. */
char *out_cf_text(const cf_seq *cf, size_t max);

/* Print text filled to width columns: pieces end after each sep (" " for
 * words, ", " for lists) and never split; the first line starts with
 * first, the others with rest. */
void out_fill(FILE *f, const char *text, int width, const char *first,
              const char *rest, const char *sep);

/* Print a power sum "2^31 + 2^29 - ..." after label, wrapped between
 * terms (a sign stays with its term) to width columns. */
void out_sum(FILE *f, const char *label, const char *sum, int width);

/* Print text after label, wrapped at ", " to width columns, continuation
 * lines indented to the label's width. */
void out_wrapped(FILE *f, const char *label, const char *text, int width);

/* Why the keys of ks on bits-bit words say nothing of the multiplier
 * when they cover the word (keys_cover_word): "the keys are all 2^20
 * multiples of 2^12 in the 32-bit word: ...", into buf. */
const char *out_cover_note(char *buf, size_t n, const keys_spec *ks,
                           unsigned bits);

/* A progress bar on stderr: "\rlabel [####......] done/total unit". */
void out_progress(const char *label, size_t done, size_t total,
                  const char *unit);

/* Erase the progress line on stderr. */
void out_progress_end(void);

/* A double in %g with the given significant digits, into buf. */
const char *out_g(char *buf, size_t n, double x, int digits);

#endif
