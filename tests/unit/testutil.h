/*
 * testutil.h - small helpers shared by the unit tests (not a test itself:
 * the Makefile builds only the .c files here).
 *
 * Everything here is written independently of cfx: a splitmix64 generator
 * for reproducible random inputs and a cheap CHECK that only builds a
 * Criterion failure when the condition is false (cr_assert in a loop of
 * millions of iterations is slow).
 */
#ifndef CFX_TESTUTIL_H
#define CFX_TESTUTIL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>

#define CHECK(cond, ...) \
	do { if (!(cond)) cr_assert_fail(__VA_ARGS__); } while (0)

typedef struct { uint64_t s; } trng;

static inline uint64_t trng_next(trng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* uniform in [0, n), n >= 1 (slight bias is irrelevant here) */
static inline uint64_t trng_below(trng *r, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)trng_next(r) * n) >> 64);
}

static inline uint64_t tmask(unsigned n)
{
	return n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
}

static inline int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* sort with the C library and squeeze out repeats; returns the count */
static inline size_t qsort_unique(uint64_t *a, size_t n)
{
	size_t i, m;

	if (n == 0)
		return 0;
	qsort(a, n, sizeof *a, cmp_u64);
	for (i = 1, m = 1; i < n; i++)
		if (a[i] != a[m - 1])
			a[m++] = a[i];
	return m;
}

#endif
