/*
 * verify_int.h - what the files of verify's battery share (private to
 * src/core/verify*.c; the interface is include/cfx/verify.h).
 *
 * The battery is split at its seam:
 *   verify.c        the plan (which families, their keys' definitions),
 *                   the references, the rule and the verdict: form
 *                   checks, stride map, field checks, each family judged
 *   verify_count.c  the counting engine: a family's keys counted into
 *                   the cells of every table size (verify_family_run),
 *                   the keys of a FAIL's fullest bucket
 *   verify_run.c    the families on the thread pool
 */
#ifndef CFX_VERIFY_INT_H
#define CFX_VERIFY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/verify.h"

typedef unsigned __int128 u128;

#define SEED_PTR   0x9c6e4a6b1c2d3f05ULL   /* scramble of the pointers */
#define PTR_ALIGN 10                        /* pointers are 1 KiB aligned */

static inline unsigned verify_ctz64(uint64_t x)
{
	return x ? (unsigned)__builtin_ctzll(x) : 64;
}

static inline unsigned verify_log2_floor(uint64_t x)
{
	return x ? 63 - (unsigned)__builtin_clzll(x) : 0;
}

/* Count the products first + i step (i < n), bits-bit words, by their top
 * B bits into loads (2^B counters, added to). */
void verify_count_progression(uint64_t first, uint64_t step, size_t n,
                              unsigned bits, unsigned B, uint32_t *loads);

/* The explanation of the first K keys of a c k family f (verify.h's
 * verify_cf): the largest quotient among the places whose q_(k-1) <= K;
 * e->ok 0 for even p or no step. */
void verify_explain_keys(const verify_battery *bt, const verify_family *f,
                         uint64_t K, verify_cf *e);

/* The share of a reference (worst R at percentiles 0..100, pct, and
 * the mean excess beta of ln R above the 90th) at or above r: a value
 * tied with r counts as bad as r.  Below the 90th percentile by
 * interpolation, above it by the exponential tail; *percentile (when not
 * NULL) is 100 (1 - the share). */
double verify_pct_tail(const double *pct, double beta, double r,
                       double *percentile);

#endif
