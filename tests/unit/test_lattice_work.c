/*
 * test_lattice_work.c - the packed-field screen stays cheap and exact for
 * constants that collapse the keys (issue 21, h21f point 1).
 *
 * A constant far below 2^n (3, 0x9e3779 on 64 bits), next to a power of
 * two (2^40 + 1, 2^63 + 1) or -1 puts the lattice's short vectors
 * everywhere: the enumeration that bounds a cell walked its cap of 2^16
 * nodes on thousands of cells, point by point (cfx verify 0x9e3779 --bits
 * 64 took 11 s of processor time, 2^63 + 1 47 s).  Now a line of points
 * is summed in closed form, a cell is walked only when its coarse bound
 * (all keys in one bucket) can beat the worst counted, and runs of keys
 * that stay in a bucket are counted a bucket at a time.  Checked here,
 * with no timing:
 *
 *  - the work the row reports (lattice_cell.work: nodes walked plus
 *    counter updates) stays below a budget for those constants, and the
 *    worst cell it names, recounted in a plain loop here, has its R;
 *  - lattice_bound equals the sum it defines, taken here over every
 *    difference u in the box directly (no lattice): prod (X_i - |u_i|)
 *    over the u != 0 whose hash difference e has |e| < W, for random and
 *    collapsing multipliers, 2 and 3 fields;
 *  - lattice_count_run and verify_count_progression (which uses it for
 *    steps below a bucket) against a plain loop, steps up and down.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/lattice.h"
#include "cfx/stride.h"
#include "core/verify_int.h"
#include "testutil.h"

/* R of keys x << h | y (x < 2^xb, y < 2^yb), hashed in a plain loop */
static double naive2(uint64_t p, unsigned n, unsigned h, unsigned xb,
                     unsigned yb, unsigned b)
{
	uint64_t M = (uint64_t)1 << b, x, y, i;
	uint32_t *loads = calloc(M, sizeof *loads);
	double s2 = 0, K = ldexp(1, (int)(xb + yb));

	for (x = 0; x < ((uint64_t)1 << xb); x++)
		for (y = 0; y < ((uint64_t)1 << yb); y++)
			loads[(((x << h | y) * p) & tmask(n)) >> (n - b)]++;
	for (i = 0; i < M; i++)
		s2 += (double)loads[i] * loads[i];
	free(loads);
	return (s2 + K) / 2 / ((K * (1 - 1 / (double)M) + K * K / (double)M + K)
	       / 2);
}

static const uint64_t collapsing[] = {
	3, 0x9e3779, 0x10000000001ULL, 0x8000000000000001ULL,
	0xffffffffffffffffULL, 0x10001,
};

/* Measured when written: 0x9e3779's offsets 5.1e7, -1's 8.9e7 (every
 * offset ties at the largest cells, each must be counted), the fixed
 * layouts 1.8e7 at most; GOLDEN_RATIO_64's 1.4e7 and 2.7e7.  The old
 * walk alone was up to 2^16 nodes on each of ~3400 cells (2^27.7). */
#define OFFSETS_BUDGET (1ULL << 27)
#define LAYOUT_BUDGET (1ULL << 26)

Test(lattice_work, collapsing_constants, .timeout = 300)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(64, tables), i, k, nl;
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	uint64_t skip = (1ULL << 32) | (1ULL << 16);

	for (i = 0; i < sizeof collapsing / sizeof *collapsing; i++) {
		uint64_t p = collapsing[i];
		lattice_layout lay[4];
		lattice_cell c;
		unsigned h;
		double r = lattice_offsets_except(p, 64, tables, nt, skip, &c, &h,
		                                  scratch), want;
		CHECK(c.work > 0 && c.work <= OFFSETS_BUDGET, "%#llx offsets: "
		      "work %llu over %llu", (unsigned long long)p,
		      (unsigned long long)c.work, OFFSETS_BUDGET);
		CHECK(c.counted >= 0, "%#llx offsets: the worst is not counted",
		      (unsigned long long)p);
		want = naive2(p, 64, h, c.xb[0], c.xb[1], c.b);
		CHECK(fabs(r - want) <= 1e-9 * want, "%#llx offsets: x<<%u|y 2^%u "
		      "x%u R %.10g, a plain loop %.10g", (unsigned long long)p, h,
		      c.b, c.load, r, want);
		/* a collapse this large is what the report must say */
		CHECK(r > 100, "%#llx offsets: R %g", (unsigned long long)p, r);
		nl = lattice_fixed(64, lay);
		for (k = 0; k < nl; k++) {
			lattice_worst(p, 64, &lay[k], tables, nt, &c, scratch);
			CHECK(c.work > 0 && c.work <= LAYOUT_BUDGET, "%#llx layout %zu:"
			      " work %llu over %llu", (unsigned long long)p, k,
			      (unsigned long long)c.work, LAYOUT_BUDGET);
		}
	}
	free(scratch);
}

/* the bound by its definition: every u in the box, e = sum u_i A_i */
static double bound_direct(uint64_t p, unsigned n, const lattice_layout *lay,
                           const unsigned *xb, unsigned b)
{
	int64_t u[LATTICE_MAX_FIELDS], X[LATTICE_MAX_FIELDS];
	uint64_t A[LATTICE_MAX_FIELDS], W = (uint64_t)1 << (n - b);
	unsigned nf = lay->nf, i;
	double pairs = 0, K = 1, M = ldexp(1, (int)b);

	for (i = 0; i < nf; i++) {
		X[i] = (int64_t)1 << xb[i];
		A[i] = (p << lay->shift[i]) & tmask(n);
		u[i] = -X[i] + 1;
		K *= (double)X[i];
	}
	for (;;) {
		uint64_t e = 0;
		int zero = 1;
		for (i = 0; i < nf; i++) {
			e += (uint64_t)u[i] * A[i];
			zero &= u[i] == 0;
		}
		e &= tmask(n);
		/* |e| < W on the circle of 2^n */
		if (!zero && (e < W || ((-e) & tmask(n)) < W)) {
			double t = 1;
			for (i = 0; i < nf; i++)
				t *= (double)(X[i] - (u[i] < 0 ? -u[i] : u[i]));
			pairs += t;
		}
		for (i = nf; i-- > 0;) {
			if (++u[i] < X[i])
				break;
			u[i] = -X[i] + 1;
		}
		if (i == (unsigned)-1)
			break;
	}
	return (2 * K + pairs) / 2 / ((K * (1 - 1 / M) + K * K / M + K) / 2);
}

Test(lattice_work, bound_is_its_sum, .timeout = 300)
{
	trng r = { 2121 };
	size_t tried = 0, fallbacks = 0, i;

	for (i = 0; i < 400; i++) {
		unsigned n = i % 2 ? 64 : 32, nf = 2 + (unsigned)(i / 2 % 2),
		         b = 4 + (unsigned)trng_below(&r, 8), j, xb[4];
		uint64_t p = (trng_next(&r) & tmask(n)) | 1;
		lattice_layout lay;
		double got, want;
		lay.nf = nf;
		if (nf == 2) {
			lay.shift[0] = 4 + (unsigned)trng_below(&r, n - 8);
			lay.shift[1] = 0;
		} else {
			lay.shift[0] = 12 + (unsigned)trng_below(&r, n - 16);
			lay.shift[1] = 4 + (unsigned)trng_below(&r, lay.shift[0] - 7);
			lay.shift[2] = 0;
		}
		if (i % 3 == 0)
			p = collapsing[i / 3 % 6] & tmask(n);
		if (i % 5 == 1)     /* x 2^h p near 3 y-units */
			p = (p >> (n / 2)) | 1;
		j = (nf == 2 ? 8 : 12) + (unsigned)trng_below(&r, 5);
		if (!lattice_spread(&lay, n, j, xb) || b >= n)
			continue;
		got = lattice_bound(p, n, &lay, xb, b);
		want = bound_direct(p, n, &lay, xb, b);
		tried++;
		{
			/* the fallback, all keys in one bucket: when the reduced
			 * basis does not fit in 64 bits (an e of 2^63 + 1 on 64-bit
			 * words) or the points are too many; an upper bound still */
			double K = ldexp(1, (int)j), M = ldexp(1, (int)b),
			       most = (K * K + K) / 2 / ((K * (1 - 1 / M) + K * K / M +
			              K) / 2);
			if (fabs(got - most) <= 1e-12 * most) {
				fallbacks++;
				CHECK(got >= want * (1 - 1e-12), "%u-bit %#llx: the "
				      "fallback %.12g below the sum %.12g", n,
				      (unsigned long long)p, got, want);
				continue;
			}
		}
		CHECK(fabs(got - want) <= 1e-9 * want, "%u-bit %#llx, fields at "
		      "%u,%u 2^%u (2^%u keys): bound %.12g, by its sum %.12g", n,
		      (unsigned long long)p, lay.shift[0], nf > 2 ? lay.shift[1] : 0,
		      b, j, got, want);
	}
	cr_assert(tried - fallbacks > 200, "%zu cells tried, %zu fell back",
	          tried, fallbacks);
}

Test(lattice_work, runs_counted_a_bucket_at_a_time)
{
	static uint32_t got[1 << 12], want[1 << 12];
	trng r = { 77 };
	int i;

	for (i = 0; i < 400; i++) {
		unsigned B = 4 + (unsigned)trng_below(&r, 9), sh = 64 - B,
		         bits = i % 2 ? 64 : 32;
		uint64_t x = trng_next(&r), n = 1 + trng_below(&r, 50000), k,
		         w = (uint64_t)1 << sh, d;
		switch (i % 4) {
		case 0: d = trng_below(&r, w >> 4); break;           /* up */
		case 1: d = -trng_below(&r, w >> 4); break;          /* down */
		case 2: d = trng_below(&r, 3); break;                /* 0, 1, 2 */
		default: d = trng_below(&r, w * 4); break;           /* any */
		}
		memset(got, 0, sizeof got);
		memset(want, 0, sizeof want);
		lattice_count_run(x, d, n, sh, got);
		for (k = 0; k < n; k++)
			want[(x + k * d) >> sh]++;
		CHECK(!memcmp(got, want, sizeof(uint32_t) << B), "run x %#llx d "
		      "%#llx n %llu at 2^%u differs from a plain loop",
		      (unsigned long long)x, (unsigned long long)d,
		      (unsigned long long)n, B);
		/* the counting engine: products first + i step mod 2^bits */
		{
			uint64_t first = x & tmask(bits), step = (d >> (64 - bits)) |
			                 (i % 3 == 0);
			if (i % 4 == 1)
				step = -step & tmask(bits);
			memset(got, 0, sizeof got);
			memset(want, 0, sizeof want);
			verify_count_progression(first, step, n, bits, B, got);
			for (k = 0; k < n; k++)
				want[((first + k * step) & tmask(bits)) >> (bits - B)]++;
			CHECK(!memcmp(got, want, sizeof(uint32_t) << B), "progression "
			      "%#llx + i %#llx (%u bits), %llu keys at 2^%u differs from "
			      "a plain loop", (unsigned long long)first,
			      (unsigned long long)step, bits, (unsigned long long)n, B);
		}
	}
}
