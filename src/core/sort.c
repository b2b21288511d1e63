/* sort.c - radix sort of 64-bit integers (see sort.h). */
#include <stdlib.h>
#include <string.h>

#include "cfx/mem.h"
#include "cfx/sort.h"
#include "util/xalloc.h"

#define RADIX_BITS 11
#define RADIX (1u << RADIX_BITS)

int sort_u64(uint64_t *a, size_t n, uint64_t *scratch)
{
	enum { PASSES = (64 + RADIX_BITS - 1) / RADIX_BITS };
	uint64_t *buf = scratch, *src = a, *dst, *t;
	size_t i, (*count)[RADIX];
	unsigned pass;

	if (n < 2)
		return 0;
	/* the scratch is as large as the keys (mem_big: NULL is the one
	 * failure, xalloc.h's policy); the histograms are a fixed 96 KiB */
	if (!buf && !(buf = mem_big(n * sizeof *buf, 0)))
		return -1;
	count = xcalloc(PASSES, sizeof *count, "radix histograms");
	/* every digit's histogram in one read of the data */
	for (i = 0; i < n; i++) {
		uint64_t v = a[i];
		for (pass = 0; pass < PASSES; pass++)
			count[pass][(v >> (pass * RADIX_BITS)) & (RADIX - 1)]++;
	}
	dst = buf;
	for (pass = 0; pass < PASSES; pass++) {
		unsigned shift = pass * RADIX_BITS;
		size_t sum = 0, c, *cnt = count[pass];

		/* every value has the same digit here: nothing to do */
		if (cnt[(a[0] >> shift) & (RADIX - 1)] == n)
			continue;
		for (i = 0; i < RADIX; i++) {
			c = cnt[i];
			cnt[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			dst[cnt[(src[i] >> shift) & (RADIX - 1)]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
	free(count);
	if (!scratch)
		free(buf);
	return 0;
}

size_t sort_unique_u64(uint64_t *a, size_t n)
{
	size_t i, m;

	if (n < 2)
		return n;
	if (sort_u64(a, n, NULL) < 0)
		return (size_t)-1;
	for (i = 1, m = 1; i < n; i++)
		if (a[i] != a[m - 1])
			a[m++] = a[i];
	return m;
}
