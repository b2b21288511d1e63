/*
 * sweep.h - the stride sweep (prefix sweep_).
 *
 * Keys k * 2^s, k = 0..K-1, for every s = 0..n-1.  For such keys
 *
 *     (k 2^s p) mod 2^n = ((k (p mod 2^(n-s))) mod 2^(n-s)) 2^s,
 *
 * so the hash behaves like the multiplier p mod 2^(n-s) on n - s bits, and
 * its quality is that of the continued fraction of (p mod 2^(n-s)) /
 * 2^(n-s).  For the 2002 sparse constant 0x9e37fffffffc0001, page-aligned
 * keys (s = 12) see p mod 2^52 = 2^51 - 2^18 + 1, whose fraction
 * [0; 2, 8589967359, ...] has one enormous quotient, and the keys pile
 * into a few buckets.  Each row carries that expansion, so the
 * failure comes with its explanation.
 */
#ifndef CFX_SWEEP_H
#define CFX_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/cf.h"
#include "cfx/err.h"
#include "cfx/score.h"

#define SWEEP_TERMS 12   /* quotients of the effective multiplier kept */

typedef struct sweep_row {
	unsigned shift;                 /* s */
	score_result score;
	uint64_t effective;             /* p mod 2^(n-s) */
	size_t nterms;                  /* quotients kept (<= SWEEP_TERMS) */
	size_t total_terms;             /* length of the whole expansion */
	mpz_t terms[SWEEP_TERMS];       /* a_0 .. of effective / 2^(n-s) */
	size_t big_index;               /* largest early quotient: index */
	mpz_t big;                      /*   and value */
} sweep_row;

typedef struct sweep_result {
	unsigned bits, table_bits;
	size_t count;                   /* K asked for */
	sweep_row *rows;                /* bits rows, s = 0..bits-1 */
	unsigned worst;                 /* s with the largest R among judged
	                                 * rows (any row if none is judged) */
} sweep_result;

/* Called after each row; return non-zero to stop early (interrupted). */
typedef int (*sweep_progress)(void *ctx, unsigned done, unsigned total);

/*
 * Run the sweep of p on bits-bit words (<= 64), 2^b buckets, K keys per
 * stride.  Returns 0, or -1 with err (out of memory, interrupted).
 */
int sweep_run(sweep_result *res, uint64_t p, unsigned bits, unsigned b,
              size_t count, sweep_progress progress, void *ctx, cfx_err *err);

/* Is a row (verdict va, R ra) worse than the worst so far (vb, rb)?  A
 * judged row (SCORE_MIN_KEYS distinct keys or more) beats one that is not,
 * whatever its R: strides past the word leave too few keys to judge, and
 * their R says nothing.  Otherwise the larger R. */
int sweep_worse(score_verdict va, double ra, score_verdict vb, double rb);

/* One row, for callers that want a single stride. */
int sweep_row_run(sweep_row *row, uint64_t p, unsigned bits, unsigned b,
                  size_t count, unsigned s, uint64_t *keys, uint32_t *loads);

void sweep_free(sweep_result *res);

/*
 * The explanation of stride s: the expansion of the effective multiplier
 * (p mod 2^(n-s)) / 2^(n-s) into cf (initialised), and the index k of its
 * largest quotient among those that shape `keys` points (those before the
 * denominators q_(k-1) pass `keys`); big receives a_k.  0 if none.
 */
size_t sweep_effective(const mpz_t p, unsigned bits, unsigned s, size_t keys,
                       cf_seq *cf, mpz_t big);

#endif
