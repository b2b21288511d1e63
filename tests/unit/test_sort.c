/*
 * test_sort.c - radix sort and de-duplication (sort.h) against qsort.
 *
 * Distributions aim at the radix sort's shortcuts: byte positions shared
 * by all values are skipped, so arrays whose values share high bits, low
 * bits, or everything are the interesting ones.
 */
#include "cfx/sort.h"
#include "testutil.h"

enum dist {
	D_RANDOM, D_SMALL, D_EQUAL, D_SORTED, D_REVERSE, D_HIGH_SHARED,
	D_LOW_SHARED, D_TOP_ONLY, D_EXTREMES, D_BIT63, D_ONE_DIGIT, D_COUNT
};

static void fill(uint64_t *a, size_t n, enum dist d, trng *r)
{
	size_t i;
	uint64_t c = trng_next(r);

	for (i = 0; i < n; i++) {
		uint64_t x = trng_next(r);
		switch (d) {
		case D_RANDOM:      a[i] = x; break;
		case D_SMALL:       a[i] = x % 10; break;
		case D_EQUAL:       a[i] = c; break;
		case D_SORTED:      a[i] = c + 3 * i; break;
		case D_REVERSE:     a[i] = ~(uint64_t)0 - 5 * i; break;
		case D_HIGH_SHARED: a[i] = (c & ~tmask(40)) | (x & tmask(40)); break;
		case D_LOW_SHARED:  a[i] = (c & tmask(33)) | (x << 33); break;
		case D_TOP_ONLY:    a[i] = (x >> 61) << 61 | (c & tmask(61)); break;
		case D_EXTREMES:    a[i] = x & 1 ? ~(uint64_t)0 : 0; break;
		case D_BIT63:       a[i] = (x & 1) << 63; break;
		/* values differing only in bits 11..21 (one radix digit) */
		case D_ONE_DIGIT:   a[i] = (c & ~(tmask(11) << 11)) | (x & tmask(11)) << 11;
		                    break;
		default:            a[i] = x; break;
		}
	}
}

static const size_t sizes[] = {
	0, 1, 2, 3, 4, 7, 31, 100, 2047, 2048, 2049, 4096, 65537, 300000
};

static void run_sort(int with_scratch)
{
	trng r = { 1000u + (unsigned)with_scratch };
	size_t si, i;
	int d, rep;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		size_t n = sizes[si];
		uint64_t *a = malloc((n + 1) * sizeof *a);
		uint64_t *b = malloc((n + 1) * sizeof *b);
		uint64_t *s = malloc((n + 1) * sizeof *s);

		cr_assert(a && b && s);
		for (d = 0; d < D_COUNT; d++)
			for (rep = 0; rep < (n < 5000 ? 5 : 1); rep++) {
				fill(a, n, (enum dist)d, &r);
				memcpy(b, a, n * sizeof *a);
				for (i = 0; i < n; i++)    /* garbage in the scratch */
					s[i] = trng_next(&r);
				qsort(b, n, sizeof *b, cmp_u64);
				cr_assert_eq(sort_u64(a, n, with_scratch ? s : NULL), 0);
				CHECK(n == 0 || !memcmp(a, b, n * sizeof *a),
				      "sort_u64 differs from qsort: n=%zu dist=%d", n, d);
			}
		free(a);
		free(b);
		free(s);
	}
}

Test(sort, sort_u64_matches_qsort) { run_sort(0); }
Test(sort, sort_u64_with_scratch_matches_qsort) { run_sort(1); }

Test(sort, sort_unique_matches_qsort_unique)
{
	trng r = { 77 };
	size_t si, m, mq;
	int d, rep;

	for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		size_t n = sizes[si];
		uint64_t *a = malloc((n + 1) * sizeof *a);
		uint64_t *b = malloc((n + 1) * sizeof *b);

		cr_assert(a && b);
		for (d = 0; d < D_COUNT; d++)
			for (rep = 0; rep < (n < 5000 ? 5 : 1); rep++) {
				fill(a, n, (enum dist)d, &r);
				memcpy(b, a, n * sizeof *a);
				mq = qsort_unique(b, n);
				m = sort_unique_u64(a, n);
				CHECK(m == mq, "n=%zu dist=%d: %zu distinct, qsort says %zu",
				      n, d, m, mq);
				CHECK(m == 0 || !memcmp(a, b, m * sizeof *a),
				      "n=%zu dist=%d: values differ", n, d);
			}
		free(a);
		free(b);
	}
}

Test(sort, unique_small_cases)
{
	uint64_t a[] = { 5, 5, 5, 5 };
	uint64_t b[] = { 3, 1, 2, 1, 3, 0, ~(uint64_t)0, 0 };
	uint64_t want[] = { 0, 1, 2, 3, ~(uint64_t)0 };

	cr_assert_eq(sort_unique_u64(a, 4), 1);
	cr_assert_eq(a[0], 5);
	cr_assert_eq(sort_unique_u64(b, 8), 5);
	cr_assert(!memcmp(b, want, sizeof want));
	cr_assert_eq(sort_unique_u64(NULL, 0), 0);
	cr_assert_eq(sort_u64(NULL, 0, NULL), 0);
}

/* ---- first-occurrence de-duplication -------------------------------------- */

