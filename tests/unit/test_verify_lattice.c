/*
 * test_verify_lattice.c - the packed-field screen (lattice.c):
 *
 *  - a 64-bit constant built here so that keys x << h | y hash as
 *    (c x + y) p plus a tiny error (p = d (2^h - c)^-1 mod 2^64, d small:
 *    x 2^h p = c x p + x d), at odd offsets h, collapses at that h with
 *    the short vector (1, -c), the keys counted one by one (and again in
 *    a plain loop here) collapse, and the screen of every offset finds
 *    at least that;
 *  - three fields built the same way (x << 20 | y << 12 | z with x 2^20 p
 *    near x c p) are found in the 20/12 layout;
 *  - lattice_count is checked against hashing the keys in a plain loop;
 *  - random multipliers' predictions stay near 1 against their counts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/lattice.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "core/verify_int.h"
#include "testutil.h"

static uint64_t inverse(uint64_t u)      /* u odd, mod 2^64 */
{
	uint64_t x = u;
	int i;

	for (i = 0; i < 6; i++)
		x *= 2 - u * x;
	return x;
}

static double naive(uint64_t p, unsigned n, unsigned h, unsigned xb,
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

Test(lattice, built_offsets)
{
	static const unsigned hs[] = { 13, 23, 29, 37, 45 };
	static const uint64_t cs[] = { 3, 5, 7, 11, 3 };
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(64, tables), i;
	uint32_t *scratch = malloc(sizeof *scratch << 20);

	for (i = 0; i < sizeof hs / sizeof *hs; i++) {
		uint64_t p = (12345 * inverse(((uint64_t)1 << hs[i]) - cs[i])) | 1;
		lattice_layout lay = { 2, { hs[i], 0, 0, 0 } };
		lattice_cell w, all;
		unsigned h = hs[i], hw;
		double r = lattice_worst(p, 64, &lay, tables, nt, &w, scratch);
		/* the screen of every offset is at least as bad (inverses of
		 * 2^h - c may collapse at other offsets too) */
		CHECK(lattice_offsets(p, 64, tables, nt, &all, &hw, scratch) >= r,
		      "%#llx: every offset %.3g (h %u) below h %u's %.3g",
		      (unsigned long long)p, all.r, hw, h, r);
		CHECK(r >= 8, "%#llx built for h %u: R %.3g",
		      (unsigned long long)p, hs[i], r);
		CHECK(w.vec[0] * -(int64_t)cs[i] == w.vec[1] && w.vec[0] != 0,
		      "h %u: vector (%lld, %lld), want a multiple of (1, -%llu)",
		      hs[i], (long long)w.vec[0], (long long)w.vec[1],
		      (unsigned long long)cs[i]);
		if (w.counted >= 0 && w.xb[0] + w.xb[1] <= 20) {
			double want = naive(p, 64, h, w.xb[0], w.xb[1], w.b);
			CHECK(fabs(w.counted - want) < 1e-9 * want, "h %u: counted %.6g,"
			      " naive %.6g", h, w.counted, want);
		}
		CHECK(w.counted >= 8 || w.counted < 0, "h %u: counted R %.3g", h,
		      w.counted);
	}
	free(scratch);
}

Test(lattice, built_three_fields)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(64, tables);
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	lattice_layout lay = { 3, { 20, 12, 0, 0 } };
	lattice_cell w;
	/* x 2^20 p = 5 y-units: 2^20 p = 5 2^12 p + d, so x<<20|y<<12 hashes
	 * as (5x + y) 2^12 p: p = d (2^20 - 5 2^12)^-1 needs an odd divisor:
	 * 2^20 - 5 2^12 = 2^12 (2^8 - 5), so take p with 2^12 (2^8 - 5) p = d
	 * 2^12, p = d (2^8 - 5)^-1 */
	uint64_t p = (777 * inverse(251)) | 1;
	double r = lattice_worst(p, 64, &lay, tables, nt, &w, scratch);

	cr_assert(r >= 4, "%#llx: R %.3g (pred %.3g counted %.3g)",
	          (unsigned long long)p, r, w.pred, w.counted);
	cr_assert(w.vec[0] != 0 && w.vec[1] == -5 * w.vec[0],
	          "vector (%lld, %lld, %lld)", (long long)w.vec[0],
	          (long long)w.vec[1], (long long)w.vec[2]);
	free(scratch);
}

Test(lattice, random_predictions)
{
	unsigned tables[STRIDE_MAX_TABLES];
	trng r = { 21 };
	int i;
	uint32_t *scratch = malloc(sizeof *scratch << 20);

	for (i = 0; i < 40; i++) {
		unsigned n = i % 2 ? 64 : 32, h = 4 + (unsigned)trng_below(&r, n - 8);
		size_t nt = stride_tables(n, tables);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1;
		lattice_layout lay = { 2, { h, 0, 0, 0 } };
		lattice_cell w;
		double cnt;
		nt = nt > 9 ? 9 : nt;          /* tables to 2^12: cheap counts */
		lattice_worst(p, n, &lay, tables, nt, &w, NULL);
		if (w.b == 0)
			continue;
		cnt = lattice_count(p, n, &lay, w.xb, w.b, scratch);
		CHECK(cnt >= 0.5 * w.pred && cnt <= 2.5 * w.pred, "%u-bit %#llx h %u "
		      "2^%u x%u: predicted %.3g, counted %.3g", n,
		      (unsigned long long)p, h, w.b, w.load, w.pred, cnt);
	}
	free(scratch);
}

/* The check "field offsets" and its reference judge the same offsets
 * (F10): the battery's fields x<<h|y families have h = n/2 and n/4 and
 * those alone, verify_fields_offsets names those, and the reference rows
 * of stride_cal.inc (the first random multipliers of `make calibrate`)
 * hold each multiplier's worst over every other offset, recomputed here
 * with that set written out (n/2, n/4), not taken from verify; and over
 * the rows some multiplier's worst is at n/2 or n/4, so the rows could
 * not pass were they the worst over every offset. */
#include "core/stride_cal.inc"   /* its row types: verify_int.h */

Test(lattice, offsets_reference_is_the_judged_set, .timeout = 600)
{
	unsigned tables[STRIDE_MAX_TABLES], h;
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	size_t i, f, differ = 0;

	for (i = 0; i < sizeof stride_cal_rows / sizeof *stride_cal_rows; i++) {
		const verify_smap_row *w = &stride_cal_rows[i];
		unsigned n = w->bits;
		uint64_t set = (uint64_t)1 << (n / 2) | (uint64_t)1 << (n / 4), fam = 0;
		size_t nt = stride_tables(n, tables);
		lattice_cell c;
		verify_battery bt;
		unsigned vt[VERIFY_MAX_TABLES];
		double r, all;

		cr_assert(verify_plan(&bt, w->p, n, vt, verify_default_tables(n,
		          VERIFY_STANDARD, vt), NULL) == 0);
		for (f = 0; f < bt.nfam; f++)
			if (bt.fam[f].kind == VERIFY_FIELDS)
				fam |= (uint64_t)1 << bt.fam[f].arg;
		verify_free(&bt);
		cr_assert_eq(fam, set, "%u bits", n);
		cr_assert_eq(verify_fields_offsets(n), set, "%u bits", n);
		r = lattice_offsets_except(w->p, n, tables, nt, set, &c, &h, scratch);
		cr_assert(h != n / 2 && h != n / 4);
		CHECK(fabs(r / w->offsets - 1) < 1e-5, "%u-bit %#llx: row %.6g, "
		      "the worst but h = %u, %u: %.6g (h %u)", n,
		      (unsigned long long)w->p, w->offsets, n / 2, n / 4, r, h);
		all = lattice_offsets(w->p, n, tables, nt, &c, &h, scratch);
		differ += fabs(all / r - 1) > 1e-5;
	}
	cr_assert(differ > 0, "no row's worst offset is n/2 or n/4");
	free(scratch);
}

/* ---- the exact worst (issue 21 points 2 and 7) -------------------------- */

/* Any layout's keys hashed in a plain loop (fields from the top one
 * down, field i taking 2^xb[i] values from 0): R as score.h defines it. */
static double naive_any(uint64_t p, unsigned n, const lattice_layout *lay,
                        const unsigned *xb, unsigned b)
{
	uint64_t M = (uint64_t)1 << b, K = 1, i, k;
	uint32_t *loads = calloc(M, sizeof *loads);
	double s2 = 0, dk;
	unsigned f;

	for (f = 0; f < lay->nf; f++)
		K <<= xb[f];
	for (i = 0; i < K; i++) {
		uint64_t rest = i, key = 0;
		for (f = lay->nf; f-- > 0;) {
			key |= (rest & (((uint64_t)1 << xb[f]) - 1)) << lay->shift[f];
			rest >>= xb[f];
		}
		loads[((key * p) & tmask(n)) >> (n - b)]++;
	}
	for (k = 0; k < M; k++)
		s2 += (double)loads[k] * loads[k];
	free(loads);
	dk = (double)K;
	return (s2 + dk) / 2 / ((dk * (1 - 1 / (double)M) + dk * dk / (double)M +
	       dk) / 2);
}

/* lattice.h's cell rule written out: 2^j keys over the fields one bit at
 * a time from the lowest field up, each at most its width, every field
 * 2^4 values or more. */
static int cell_fields(const lattice_layout *lay, unsigned n, unsigned j,
                       unsigned *xb)
{
	unsigned w[LATTICE_MAX_FIELDS], f, left = j, room = 0;

	for (f = 0; f < lay->nf; f++) {
		w[f] = (f ? lay->shift[f - 1] : n) - lay->shift[f];
		room += w[f];
		xb[f] = 0;
	}
	if (j > room)
		return 0;
	while (left) {
		int moved = 0;
		for (f = lay->nf; f-- > 0 && left;)
			if (xb[f] < w[f]) {
				xb[f]++;
				left--;
				moved = 1;
			}
		if (!moved)
			return 0;
	}
	for (f = 0; f < lay->nf; f++)
		if (xb[f] < 4)
			return 0;
	return 1;
}

/* A random layout of nf fields on n bits, each field >= 4 bits wide. */
static lattice_layout random_layout(trng *r, unsigned n, unsigned nf)
{
	lattice_layout lay;
	unsigned f, top = n;

	lay.nf = nf;
	for (f = 0; f + 1 < nf; f++) {
		unsigned lo = 4 * (nf - 1 - f), hi = top - 4;
		lay.shift[f] = lo + 4 + (unsigned)trng_below(r, hi - lo - 4 + 1);
		if (lay.shift[f] > hi)
			lay.shift[f] = hi;
		top = lay.shift[f];
	}
	lay.shift[nf - 1] = 0;
	return lay;
}

/* lattice_bound is an upper bound of every cell's count: random odd
 * multipliers, 2-4 fields, 32 and 64 bits, cells of up to 2^16 keys
 * hashed in a plain loop; and constants built to collapse (the bound
 * must hold where the keys crowd). */
Test(lattice, bound_holds, .timeout = 300)
{
	trng r = { 2112 };
	size_t tried = 0;
	int i;

	for (i = 0; i < 300; i++) {
		unsigned n = i % 2 ? 64 : 32, nf = 2 + (unsigned)(i / 2 % 3), xb[4],
		         b = (nf == 2 ? 4 : 4 * nf - 3) + (unsigned)trng_below(&r, 9),
		         l = (unsigned)trng_below(&r, 4);
		uint64_t p = (trng_next(&r) & tmask(n)) | 1;
		lattice_layout lay = random_layout(&r, n, nf);
		double ub, cnt;
		if (i % 10 == 9)        /* x 2^h p near 3 y-units: a collapse */
			p = (12345 * inverse(((uint64_t)1 << lay.shift[0]) - 3)) & tmask(n);
		if (!(p & 1) || !cell_fields(&lay, n, b + l, xb))
			continue;
		ub = lattice_bound(p, n, &lay, xb, b);
		cnt = naive_any(p, n, &lay, xb, b);
		tried++;
		CHECK(ub >= cnt * (1 - 1e-12), "%u-bit %#llx, %u fields (%u,%u,%u) "
		      "2^%u x%u: bound %.6g below the count %.6g", n,
		      (unsigned long long)p, nf, lay.shift[0], lay.shift[1],
		      lay.shift[2], b, 1u << l, ub, cnt);
	}
	cr_assert(tried > 150, "only %zu cells tried", tried);
}

/* lattice_worst with a scratch is the true worst over the row's cells:
 * every cell of tables 2^4..2^14 (loads 1..8) hashed in a plain loop,
 * the largest R against lattice_worst's, which counts only the cells
 * whose bound can beat the worst so far.  Random multipliers and
 * layouts of 2-4 fields, and the lattice_offsets_except of a 32-bit
 * constant against every offset's plain worst. */
Test(lattice, worst_is_exact, .timeout = 600)
{
	static const unsigned tables[] = { 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
	size_t nt = sizeof tables / sizeof *tables, k;
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	trng r = { 777 };
	int i;

	for (i = 0; i < 24; i++) {
		unsigned n = i % 2 ? 64 : 32, nf = 2 + (unsigned)(i / 2 % 3), xb[4], l;
		uint64_t p = (trng_next(&r) & tmask(n)) | 1;
		lattice_layout lay = random_layout(&r, n, nf);
		lattice_cell w;
		double want = 0, got;
		if (i % 6 == 5)
			p = (12345 * inverse(((uint64_t)1 << lay.shift[0]) - 5)) | 1;
		for (k = 0; k < nt; k++)
			for (l = 0; l < 4; l++)
				if (cell_fields(&lay, n, tables[k] + l, xb)) {
					double c = naive_any(p, n, &lay, xb, tables[k]);
					want = c > want ? c : want;
				}
		got = lattice_worst(p, n, &lay, tables, nt, &w, scratch);
		CHECK(fabs(got - want) <= 1e-9 * want && w.counted == got,
		      "%u-bit %#llx, %u fields (%u,%u,%u): worst %.9g (counted "
		      "%.9g), plain loop %.9g", n, (unsigned long long)p, nf,
		      lay.shift[0], lay.shift[1], lay.shift[2], got, w.counted, want);
	}
	{
		uint64_t p = 0x61C88647, skip = 1u << 16 | 1u << 8;
		lattice_cell w;
		unsigned h, hw;
		double want = 0, got;
		for (h = 4; h + 4 <= 32; h++) {
			lattice_layout lay = { 2, { h, 0, 0, 0 } };
			unsigned xb[4], l;
			if (skip >> h & 1)
				continue;
			for (k = 0; k < nt; k++)
				for (l = 0; l < 4; l++)
					if (cell_fields(&lay, 32, tables[k] + l, xb)) {
						double c = naive_any(p, 32, &lay, xb, tables[k]);
						want = c > want ? c : want;
					}
		}
		got = lattice_offsets_except(p, 32, tables, nt, skip, &w, &hw, scratch);
		CHECK(fabs(got - want) <= 1e-9 * want, "0x61C88647 offsets: %.9g "
		      "(h %u), plain loop %.9g", got, hw, want);
	}
	free(scratch);
}

/* The same at verify's own tables, 2^4..2^20 (cells of up to 2^23 keys),
 * where the largest cells of a layout are counted as one growing set of
 * keys (lattice.c's grow_to) with small cells counted alone in between:
 * every cell hashed in a plain loop, naive_any, for the --fields layouts
 * 20,10 and 24,16,8 and an offset of two fields, 32-bit random
 * multipliers (a multiplier's plain count of 2^24 keys per layout: six
 * of them). */
Test(lattice, worst_is_exact_at_verify_tables, .timeout = 900)
{
	static const lattice_layout lays[] = {
		{ 3, { 20, 10, 0, 0 } }, { 4, { 24, 16, 8, 0 } }, { 2, { 13, 0, 0, 0 } },
	};
	unsigned tables[24];
	size_t nt = stride_tables(32, tables), k, li;
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	trng r = { 2121 };
	int i;

	cr_assert(nt == 17 && tables[nt - 1] == 20);
	for (i = 0; i < 6; i++) {
		uint64_t p = (trng_next(&r) & tmask(32)) | 1;
		for (li = 0; li < sizeof lays / sizeof *lays; li++) {
			const lattice_layout *lay = &lays[li];
			lattice_cell w;
			double want = 0, got;
			unsigned xb[4], l;
			for (k = 0; k < nt; k++)
				for (l = 0; l < 4; l++)
					if (cell_fields(lay, 32, tables[k] + l, xb)) {
						double c = naive_any(p, 32, lay, xb, tables[k]);
						want = c > want ? c : want;
					}
			got = lattice_worst(p, 32, lay, tables, nt, &w, scratch);
			CHECK(fabs(got - want) <= 1e-9 * want && w.counted == got,
			      "%#llx, layout %zu: worst %.9g, plain loop %.9g",
			      (unsigned long long)p, li, got, want);
		}
	}
	free(scratch);
}

/*
 * The screens' cut (lattice.c's screen_tables: a table's cells of 1, 2
 * and 4 keys a bucket bounded on the walk of its cell of 8 and left out
 * below rmin) answers what the whole walk does.  The exact worst W of
 * every offset and of each 3-4 field layout (rmin 0: no cut) against
 * the screens at rmin just below W, which must come back with a cell at
 * rmin or more, and just above it, which must not: a cell the cut left
 * out wrongly (the worst, or the only one that reaches rmin) fails the
 * first.  Random multipliers, constants built to collapse at an offset,
 * the 2002 primes and the golden ones, at 32 and 64 bits.
 */
static void screen_agrees(uint64_t p, unsigned n, uint32_t *scratch)
{
	unsigned tables[STRIDE_MAX_TABLES], h, hs;
	size_t nt = stride_tables(n, tables), nl, i;
	uint64_t skip = verify_fields_offsets(n);
	lattice_layout lay[4];
	lattice_cell c, s;
	double w, r;

	w = lattice_offsets_from(p, n, tables, nt, skip, 0, &c, &h, scratch);
	CHECK(w > 0, "%#llx: an exact worst offset", (unsigned long long)p);
	r = lattice_offsets_from(p, n, tables, nt, skip, w * (1 - 1e-9), &s,
	                         &hs, scratch);
	CHECK(r >= w * (1 - 1e-9), "%#llx/%u offsets: exact worst R %.17g at "
	      "h %u 2^%u x%u; the screen at it found %.17g", (unsigned long long)p,
	      n, w, h, c.b, c.load, r);
	r = lattice_offsets_from(p, n, tables, nt, skip, w * (1 + 1e-9), &s,
	                         &hs, scratch);
	CHECK(r < w * (1 + 1e-9), "%#llx/%u offsets: exact worst R %.17g; the "
	      "screen above it found %.17g", (unsigned long long)p, n, w, r);
	nl = lattice_fixed(n, lay);
	for (i = 0; i < nl; i++) {
		w = lattice_worst_from(p, n, &lay[i], tables, nt, 0, &c, scratch);
		r = lattice_worst_from(p, n, &lay[i], tables, nt, w * (1 - 1e-9),
		                       &s, scratch);
		CHECK(r >= w * (1 - 1e-9), "%#llx/%u layout %zu: exact worst R "
		      "%.17g; the screen at it found %.17g", (unsigned long long)p,
		      n, i, w, r);
		r = lattice_worst_from(p, n, &lay[i], tables, nt, w * (1 + 1e-9),
		                       &s, scratch);
		CHECK(r < w * (1 + 1e-9), "%#llx/%u layout %zu: exact worst R "
		      "%.17g; the screen above it found %.17g",
		      (unsigned long long)p, n, i, w, r);
	}
}

Test(lattice, screen_cut_agrees_with_walk, .timeout = 900)
{
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	uint64_t s = 2126, p;
	int i;

	lattice_cuts_set(1);
	for (i = 0; i < 8; i++) {
		uint64_t z = (s += 0x9E3779B97F4A7C15ull);
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
		z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
		z ^= z >> 31;
		if (i < 4)
			screen_agrees(z | 1, 64, scratch);
		else
			screen_agrees((z & 0xffffffffu) | 1, 32, scratch);
	}
	/* x<<h|y as (3x + y) p + x d: collapsing at h (built_offsets') */
	p = ((1ull << 40) + 1) * inverse((1ull << 24) - 3);
	screen_agrees(p, 64, scratch);
	p = ((1ull << 44) + 3) * inverse((1ull << 37) - 3);
	screen_agrees(p, 64, scratch);
	p = (((1ull << 17) + 1) * inverse((1ull << 12) - 3)) & 0xffffffffu;
	screen_agrees(p, 32, scratch);
	screen_agrees(0x9e370001ULL, 32, scratch);
	screen_agrees(0x9e37fffffffc0001ULL, 64, scratch);
	screen_agrees(0x61C88647ULL, 32, scratch);
	screen_agrees(0x61C8864680B583EBULL, 64, scratch);
	free(scratch);
}

/* lattice_cuts_set(0) turns the cut off (tests/search/screen_cuts.sh
 * compares cfx's output with and without it, by CFX_TEST_NO_CUTS):
 * the same answer, and more work without (the nodes walked and keys
 * hashed, lattice_cell.work), so that the switch is read at all. */
Test(lattice, cuts_leave_cells_out, .timeout = 300)
{
	unsigned tables[STRIDE_MAX_TABLES], h;
	size_t nt = stride_tables(64, tables);
	uint32_t *scratch = malloc(sizeof *scratch << 20);
	uint64_t p = 0x61C8864680B583EBULL, skip = verify_fields_offsets(64);
	lattice_cell with, without;
	double a, b, w;

	lattice_cuts_set(1);
	/* just above the exact worst: the cells whose bound reaches it are
	 * counted, the worst of them comes back with the work of the whole */
	w = lattice_offsets_from(p, 64, tables, nt, skip, 0, &with, &h,
	                         scratch) * (1 + 1e-9);
	a = lattice_offsets_from(p, 64, tables, nt, skip, w, &with, &h,
	                         scratch);
	lattice_cuts_set(0);
	b = lattice_offsets_from(p, 64, tables, nt, skip, w, &without, &h,
	                         scratch);
	lattice_cuts_set(1);
	CHECK(a == b && a > 0 && a < w, "below R %g both ways: %g, %g", w, a,
	      b);
	CHECK(with.work < without.work, "work with the cut %llu, without %llu",
	      (unsigned long long)with.work, (unsigned long long)without.work);
	free(scratch);
}
