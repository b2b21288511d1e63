/*
 * spec.h - the spectrum of x = p/2^n (prefix spec_).
 *
 * The points {k x}, k = 1..K, lie on the circle [0, 1).  In units of 2^-n
 * they are the integers k p mod 2^n, so their gaps are exact.  The three-
 * distance theorem (Sos, Suranyi, Swierczkowski) says the K gaps take at
 * most three lengths, and when there are three the largest is the sum of
 * the other two; spec_compute checks both and fails loudly otherwise.
 *
 * Multiplicative hashing of the keys 1..K is this picture cut into 2^b
 * equal arcs: bucket(k) = floor(2^b {k x}).  Spec(x) is the sequence
 * floor(k x).
 */
#ifndef CFX_SPEC_H
#define CFX_SPEC_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>

#include "cfx/err.h"

#define SPEC_MAX_COUNT (1UL << 26)   /* 2^26 points, 1 GiB while sorting */

typedef struct spec_gap {
	unsigned __int128 length;   /* in units of 2^-n (2^n for one point) */
	uint64_t count;
} spec_gap;

typedef struct spec_result {
	uint64_t count;             /* K */
	int ngaps;                  /* distinct lengths, 1..3 */
	spec_gap gap[3];            /* ascending by length */
	double max_min_ratio;
	int three_sum;              /* three lengths and largest = sum of others */
} spec_result;

/*
 * Spectrum of p/2^bits for k = 1..count (bits <= 64).  The points must be
 * distinct: count <= 2^bits / (largest power of 2 dividing p).  Returns 0
 * or -1 with err set (too many points, theorem violated).
 */
int spec_compute(uint64_t p, unsigned bits, uint64_t count, spec_result *r,
                 cfx_err *err);

/* spec_compute that stops when Ctrl-C sets *stop (NULL: never), between
 * making the points, their sort and the gaps: -1 with err CFX_EINTR. */
int spec_compute_poll(uint64_t p, unsigned bits, uint64_t count,
                      spec_result *r, const volatile sig_atomic_t *stop,
                      cfx_err *err);

/* k p mod 2^bits: the point {k x} in units of 2^-bits. */
uint64_t spec_point(uint64_t p, unsigned bits, uint64_t k);

/* floor(k x) = floor(k p / 2^bits). */
uint64_t spec_floor(uint64_t p, unsigned bits, uint64_t k);

/* floor(2^b {k x}): the bucket of key k in a table of 2^b. */
uint64_t spec_bucket(uint64_t p, unsigned bits, unsigned b, uint64_t k);

#endif
