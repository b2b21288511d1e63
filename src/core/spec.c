/* spec.c - spectra and the three-distance theorem (see spec.h). */
#include <assert.h>
#include <stdlib.h>

#include "cfx/mem.h"
#include "cfx/sort.h"
#include "cfx/spec.h"
#include "cfx/word.h"

uint64_t spec_point(uint64_t p, unsigned bits, uint64_t k)
{
	assert(bits >= 1 && bits <= 64);

	return (k * p) & word_mask(bits);
}

uint64_t spec_floor(uint64_t p, unsigned bits, uint64_t k)
{
	assert(bits >= 1 && bits <= 64);

	return (uint64_t)(((unsigned __int128)k * p) >> bits);
}

uint64_t spec_bucket(uint64_t p, unsigned bits, unsigned b, uint64_t k)
{
	assert(b >= 1 && b <= bits && bits <= 64);

	return spec_point(p, bits, k) >> (bits - b);
}

/* Add one gap to the table of distinct lengths (at most 3 + 1 spare). */
static int note_gap(spec_gap *g, int *n, unsigned __int128 len)
{
	int i;

	for (i = 0; i < *n; i++)
		if (g[i].length == len) {
			g[i].count++;
			return 0;
		}
	if (*n == 3)
		return -1;
	g[*n].length = len;
	g[*n].count = 1;
	(*n)++;
	return 0;
}

int spec_compute(uint64_t p, unsigned bits, uint64_t count, spec_result *r,
                 cfx_err *err)
{
	unsigned __int128 circle = (unsigned __int128)1 << bits;
	uint64_t *pt, k, mask = word_mask(bits), period;
	unsigned t = 0;
	int i, j, bad = 0;

	assert(bits >= 1 && bits <= 64);

	p &= mask;
	while (t < bits && !((p >> t) & 1))
		t++;
	period = bits - t >= 64 ? UINT64_MAX : (uint64_t)1 << (bits - t);
	if (count == 0)
		return cfx_err_set(err, CFX_EDOMAIN, -1, "0",
		                   "count must be at least 1");
	if (count > SPEC_MAX_COUNT)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL,
		                   "count above the limit of 2^26 points");
	if (count > period)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "only 2^%u distinct points exist for this "
		                   "multiplier", bits - t);
	if (!(pt = mem_big(count * sizeof *pt, 0)))     /* the user's count */
		return mem_fail(count * sizeof *pt, "the points", err);
	for (k = 0; k < count; k++)
		pt[k] = ((k + 1) * p) & mask;
	if (sort_u64(pt, count, NULL) < 0) {
		free(pt);
		return mem_fail(count * sizeof *pt, "the points' sort", err);
	}
	r->count = count;
	r->ngaps = 0;
	for (k = 0; k + 1 < count && !bad; k++)
		bad = note_gap(r->gap, &r->ngaps, pt[k + 1] - pt[k]);
	/* the gap that wraps round from the last point to the first */
	if (!bad)
		bad = note_gap(r->gap, &r->ngaps, circle - pt[count - 1] + pt[0]);
	free(pt);
	if (bad)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "a fourth gap length: the three-distance theorem "
		                   "failed (a bug)");
	for (i = 1; i < r->ngaps; i++)
		for (j = i; j > 0 && r->gap[j].length < r->gap[j - 1].length; j--) {
			spec_gap g = r->gap[j];
			r->gap[j] = r->gap[j - 1];
			r->gap[j - 1] = g;
		}
	r->three_sum = r->ngaps == 3 &&
	               r->gap[2].length == r->gap[0].length + r->gap[1].length;
	if (r->ngaps == 3 && !r->three_sum)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "three gaps but the largest is not the sum of the "
		                   "others (a bug)");
	r->max_min_ratio = (double)r->gap[r->ngaps - 1].length /
	                   (double)r->gap[0].length;
	return 0;
}
