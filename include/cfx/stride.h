/*
 * stride.h - every stride screened by its lattice (prefix stride_).
 *
 * Keys s + k c (k < K) hash with multiplier p on n-bit words as the top
 * b bits of x_k = s p + k m mod 2^n, m = c p mod 2^n.  Two keys i < j
 * share a bucket of width W = 2^(n-b) only if their products differ by
 * e = (j - i) m mod 2^n (taken in (-2^(n-1), 2^(n-1)]) with |e| < W.  If
 * the start s is random, x_i is uniform and the pair shares a bucket with
 * probability (W - |e|) / W exactly, so the expected sum of squared loads
 * over a random start is
 *
 *   E S2 = K + sum over (d, e) != 0, |d| < K, |e| < W, of
 *              (K - |d|) (W - |e|) / W,
 *
 * a sum over the points of the lattice {(d, d m - j 2^n)} (determinant
 * 2^n) inside a box.  Lagrange-Gauss reduction of that lattice, scaled to
 * the box (Euclid's algorithm on vectors: its bases are pairs of
 * consecutive convergents of the continued fraction of m / 2^n), gives a
 * basis whose points in the box lie on a few lines, and the sum along a
 * line is a quadratic in closed form: no key is hashed.  The prediction
 * is R = (E S2 + K) / 2 over a random hash's expectation (score.h): the
 * mean R over a random start, exact (tests/verify/stride.py recounts it
 * pair by pair), which a count at any one start (stride_count) scatters
 * around.  A convergent denominator q below K with a large next quotient
 * is one very short vector: the keys lie in about q places, and the sum
 * is large.
 */
#ifndef CFX_STRIDE_H
#define CFX_STRIDE_H

#include <stddef.h>
#include <stdint.h>

#define STRIDE_LOADS 4            /* 1, 2, 4, 8 keys a bucket */
#define STRIDE_MAX_TABLES 24
#define STRIDE_MAP_SMALL 256      /* the map: every c up to this ... */
#define STRIDE_MAP_STEP 8         /* ... and multiples of this ... */
#define STRIDE_MAP_TOP 4096       /* ... up to this */
#define STRIDE_MAP_COUNT (STRIDE_MAP_SMALL + \
	(STRIDE_MAP_TOP - STRIDE_MAP_SMALL) / STRIDE_MAP_STEP)
#define STRIDE_SCREEN_TOP 65536   /* strides screened by prediction */
#define STRIDE_COLLAPSE_R 4.0     /* a stride "collapses" at this R */

/* One cell: 2^b buckets, load keys a bucket (K = load 2^b), its R. */
typedef struct stride_cell {
	unsigned b, load;
	double r;
} stride_cell;

/* A stride's worst cell. */
typedef struct stride_hit {
	uint64_t c;
	stride_cell worst;
} stride_hit;

/* The tables the stride screen uses on n-bit words: 2^4..2^min(20, n-4)
 * (at least 2^4 when n >= 8).  Returns how many (into tables[]). */
size_t stride_tables(unsigned n, unsigned *tables);

/*
 * The predicted R (the mean over a random start, see above) of K keys
 * s + k c hashed into 2^b buckets, m = c p mod 2^n its effective
 * multiplier: 2 <= n <= 64, 1 <= b < n, 1 <= K <= 2^(n - ctz(c)) (the
 * keys are distinct; for K above the distinct keys of m the repeats count
 * as collisions).
 */
double stride_predict(uint64_t m, unsigned n, uint64_t K, unsigned b);

/*
 * The worst predicted cell of stride c over tables[] (ascending, each
 * below n) and loads 1..8, skipping cells with more keys than the stride
 * offers (2^(n - ctz(c))).  Returns its R (0 when no cell), *worst set.
 */
double stride_worst(uint64_t p, unsigned n, uint64_t c,
                    const unsigned *tables, size_t ntables,
                    stride_cell *worst);

/* The strides of the map: every c up to STRIDE_MAP_SMALL, then the
 * multiples of STRIDE_MAP_STEP up to STRIDE_MAP_TOP, ascending
 * (STRIDE_MAP_COUNT of them).  Returns how many. */
size_t stride_map_set(uint64_t *cs);

/*
 * The map: every stride of the map's set, each with its worst cell, into
 * out[] (STRIDE_MAP_COUNT entries), worst first (ties: smaller c).
 * Returns the worst R.
 */
double stride_map(uint64_t p, unsigned n, const unsigned *tables,
                  size_t ntables, stride_hit *out);

/*
 * The screen: strides c = 1..top whose worst predicted R is at least
 * rmin, worst first, at most max of them into out[]; returns how many
 * there are (may exceed max).  Strides whose continued fraction has no
 * quotient large enough to reach rmin are passed over unexamined (see
 * stride.c: a bound, tested).
 */
size_t stride_screen(uint64_t p, unsigned n, uint64_t top,
                     const unsigned *tables, size_t ntables, double rmin,
                     stride_hit *out, size_t max);

/* The same over the strides c = lo..hi (parts of one screen: the worst
 * max of a screen are the worst max of its parts' worst max). */
size_t stride_screen_range(uint64_t p, unsigned n, uint64_t lo, uint64_t hi,
                           const unsigned *tables, size_t ntables,
                           double rmin, stride_hit *out, size_t max);

/* The screen's order, for qsort: worst R first, ties by smaller c. */
int stride_by_worst(const void *a, const void *b);

/* The same over the strides cs[0..ncs) instead of 1..top. */
size_t stride_screen_set(uint64_t p, unsigned n, const uint64_t *cs,
                         size_t ncs, const unsigned *tables, size_t ntables,
                         double rmin, stride_hit *out, size_t max);

/*
 * The exact R of keys start + k c, k < K, at 2^b buckets: every key
 * hashed (scratch: 2^b counters).  For confirming predictions.
 */
double stride_count(uint64_t p, unsigned n, uint64_t c, uint64_t start,
                    uint64_t K, unsigned b, uint32_t *scratch);

#endif
