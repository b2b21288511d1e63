/*
 * test_verify_count.c - the counting behind verify's cells (verify.c:
 * progression, count_keys, the folds and their statistics), at tables
 * large enough for its fast paths: the sweep of long progressions (runs
 * in the order of their starts, the few long runs of a multiplier with a
 * huge first quotient, the keys left over), and multipliers whose loads
 * pass 65535 in one bucket (p = 1, 2^63 + 1: every key of a prefix in a
 * few buckets).
 *
 * Every cell of every key-times-constant family is recounted here key by
 * key, one table size at a time (each key hashed by its top b bits, the
 * statistics of the loads summed here), and compared with the cell: keys,
 * empty buckets, the largest load, the sum of squares (through chi^2) and
 * the probe ratio R.
 *
 * A screen's cells (bt->r_only) come from the pairs of keys that share a
 * bucket (verify_pairs_sumsq), not from the keys: their sums of squares
 * against the loads counted here key by key, exactly, and their R and
 * chi^2 against the counted cells' to the last bit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/score.h"
#include "cfx/verify.h"
#include "core/verify_int.h"
#include "testutil.h"

typedef struct want {
	uint64_t empty, max;
	double sumsq;
} want;

/* The cell of family f at table b with K keys, or NULL. */
static const verify_cell *cell_of(const verify_family *f, unsigned b,
                                  size_t K)
{
	size_t c;

	for (c = 0; c < f->ncells; c++)
		if (f->cells[c].b == b && f->cells[c].sc.keys == K)
			return &f->cells[c];
	return NULL;
}

static void compare(const verify_family *f, unsigned b, size_t K,
                    const uint32_t *loads, uint64_t p)
{
	const verify_cell *c = cell_of(f, b, K);
	size_t m = (size_t)1 << b, i;
	double sum = 0, E, R, chi2, Kd = (double)K, M = (double)m;
	want w = { 0, 0, 0 };

	CHECK(c != NULL, "p %#llx %s: no cell b=%u K=%zu",
	      (unsigned long long)p, f->name, b, K);
	for (i = 0; i < m; i++) {
		w.empty += loads[i] == 0;
		if (loads[i] > w.max)
			w.max = loads[i];
		w.sumsq += (double)loads[i] * loads[i];
		sum += (double)loads[i] * (loads[i] + 1) / 2;
	}
	E = (Kd * (1 - 1 / M) + Kd * Kd / M + Kd) / 2;
	R = sum / E;
	chi2 = w.sumsq / (Kd / M) - Kd;
	CHECK(c->sc.empty == w.empty && c->sc.max_load == w.max,
	      "p %#llx %s b=%u K=%zu: empty %llu max %llu, brute %llu %llu",
	      (unsigned long long)p, f->name, b, K,
	      (unsigned long long)c->sc.empty,
	      (unsigned long long)c->sc.max_load,
	      (unsigned long long)w.empty, (unsigned long long)w.max);
	CHECK(fabs(R - c->sc.probe_ratio) <= 1e-12 * R,
	      "p %#llx %s b=%u K=%zu: R %.17g, brute %.17g",
	      (unsigned long long)p, f->name, b, K, c->sc.probe_ratio, R);
	CHECK(fabs(chi2 - c->sc.chi2) <= 1e-9 * (chi2 + Kd),
	      "p %#llx %s b=%u K=%zu: chi2 %.17g, brute %.17g",
	      (unsigned long long)p, f->name, b, K, c->sc.chi2, chi2);
}

/* Every c k family of the battery for p (or only those named in `only`,
 * "|name|name|"), tables lo..hi; returns the largest load seen. */
static uint64_t recount_some(uint64_t p, unsigned bits, unsigned lo,
                             unsigned hi, const char *only)
{
	verify_battery bt;
	unsigned t[VERIFY_MAX_TABLES], n = 0, b;
	uint64_t mask = tmask(bits), top = 0;
	uint32_t *loads = malloc(sizeof *loads << hi);
	void *scratch;
	cfx_err err;
	size_t i, k;

	for (b = lo; b <= hi; b++)
		t[n++] = b;
	cr_assert(verify_plan(&bt, p, bits, t, n, &err) == 0);
	scratch = malloc(verify_scratch_size(&bt));
	for (i = 0; i < bt.nfam; i++) {
		verify_family *f = &bt.fam[i];
		size_t want_cells = 0;
		char bar[48];
		snprintf(bar, sizeof bar, "|%s|", f->name);
		if (!f->ck || (only && !strstr(only, bar)))
			continue;
		verify_family_run(&bt, i, scratch);
		for (b = lo; b <= hi; b++) {
			size_t next = (size_t)1 << b, K = 8 * next;
			memset(loads, 0, sizeof *loads << b);
			for (k = 0; k < f->keys && k < K; k++) {
				uint64_t key = (f->start + k * f->step) & mask;
				loads[((key * p) & mask) >> (bits - b)]++;
				if (k + 1 == next) {
					compare(f, b, next, loads, p);
					want_cells++;
					next *= 2;
				}
			}
			for (k = 0; k < ((size_t)1 << b); k++)
				if (loads[k] > top)
					top = loads[k];
		}
		CHECK(f->ncells == want_cells, "p %#llx %s: %zu cells, want %zu",
		      (unsigned long long)p, f->name, f->ncells, want_cells);
	}
	free(scratch);
	free(loads);
	verify_free(&bt);
	return top;
}

static uint64_t recount(uint64_t p, unsigned bits, unsigned lo, unsigned hi)
{
	return recount_some(p, bits, lo, hi, NULL);
}

/* Long progressions, swept: a good multiplier, the worst-case failures of
 * the issue, (2^n - 1) / 3 (sequential keys are 3 long runs: 2^n / p is 3
 * and a 1 left), even multipliers (keys whose products repeat) at 64 and
 * 32 bits. */
Test(verify_count, sweep_64)
{
	recount(0x61C8864680B583EBULL, 64, 10, 13);
	recount(0x9e37fffffffc0001ULL, 64, 10, 13);
	recount(0x5555555555555555ULL, 64, 10, 13);
	recount(0x8000000000000002ULL, 64, 11, 12);
}

Test(verify_count, sweep_32)
{
	recount(0x61C88647ULL, 32, 10, 13);
	recount(0x9e370001ULL, 32, 10, 13);
	recount(0x55555555ULL, 32, 10, 13);
	recount(0x10000ULL, 32, 11, 12);
}

/* The default largest table, 2^20 buckets, has a count of its own (a
 * constant shift): a few families there, at 64 and 32 bits, p = 1's
 * long runs among them. */
Test(verify_count, table_2_20)
{
	const char *some = "|sequential|stride 3|stride 2^5|start+k*4096|";

	recount_some(0x61C8864680B583EBULL, 64, 19, 20, some);
	recount_some(0x61C88647ULL, 32, 19, 20, some);
	recount_some(1, 64, 20, 20, "|sequential|");
}

/* p = 1 and 2^63 + 1 put every key of a prefix in one or two buckets:
 * the largest load passes 65535 (2^16 keys in bucket 0), so a count in
 * 16 bits would wrap. */
Test(verify_count, loads_past_16_bits)
{
	CHECK(recount(1, 64, 12, 13) > 65535, "p = 1: no load past 65535");
	CHECK(recount(0x8000000000000001ULL, 64, 12, 13) > 65535,
	      "p = 2^63 + 1: no load past 65535");
}

/* score_sums_add and score_fold (in place and not, with sums and without)
 * against sums written here, for every length 1..70 (the vector steps and
 * the tails) and loads up to 2^32 - 1 (the largest-load compare must be
 * unsigned; squares need 64 bits). */
Test(verify_count, sums_and_fold)
{
	trng g = { 16 };
	uint32_t in[140], out[70], copy[140];
	size_t m, i, round;

	for (round = 0; round < 40; round++)
		for (m = 1; m <= 70; m++) {
			score_sums s = { 0, 0, 0 }, f = { 5, 7, 11 };
			uint64_t sq = 0, empty = 0, max = 0, fsq = 5, fe = 7, fmax = 11;
			uint32_t top = round % 4 == 0 ? 3 : round % 4 == 1 ? 70000
			               : round % 4 == 2 ? 0x7fffffff : 0xffffffff;
			for (i = 0; i < 2 * m; i++) {
				in[i] = (uint32_t)trng_below(&g, (uint64_t)top / 2 + 1);
				if (trng_below(&g, 4) == 0)
					in[i] = 0;
			}
			if (round % 4 == 3)
				in[trng_below(&g, m)] = 0xffffffff;
			for (i = 0; i < m; i++) {
				uint64_t c = in[i], d = (uint64_t)in[2 * i] + in[2 * i + 1];
				sq += c * c;
				empty += c == 0;
				max = c > max ? c : max;
				fsq += (d & 0xffffffff) * (d & 0xffffffff);
				fe += (d & 0xffffffff) == 0;
				fmax = (d & 0xffffffff) > fmax ? (d & 0xffffffff) : fmax;
			}
			score_sums_add(in, m, &s);
			CHECK(s.sum_sq == sq && s.empty == empty && s.max_load == max,
			      "sums of %zu loads (round %zu)", m, round);
			memcpy(copy, in, sizeof in);
			score_fold(in, m, out, &f);
			CHECK(f.sum_sq == fsq && f.empty == fe && f.max_load == fmax,
			      "sums of %zu folded loads (round %zu)", m, round);
			score_fold(copy, m, copy, NULL);
			for (i = 0; i < m; i++)
				CHECK(out[i] == (uint32_t)(in[2 * i] + in[2 * i + 1]) &&
				      copy[i] == out[i], "fold of %zu at %zu", m, i);
			CHECK(!memcmp(copy + m, in + m, (m) * sizeof *in),
			      "fold in place wrote past %zu", m);
		}
}

/* The colliding keys of a family's worst cell: its fullest bucket (the
 * lowest of equals) and the first keys in index order that fall in it,
 * recounted here for every family (c k ones by their own loop). */
Test(verify_count, colliding_keys)
{
	static const uint64_t ps[] = { 0x9e37fffffffc0001ULL,
	                               0x61C8864680B583EBULL, 1 };
	unsigned t[5] = { 8, 9, 10, 11, 12 }, k;

	for (k = 0; k < 3; k++) {
		verify_battery bt;
		cfx_err err;
		void *scratch;
		uint32_t *loads = malloc(sizeof *loads << 12);
		size_t i, j, m, best, n;
		uint64_t mask = tmask(64), ex[VERIFY_EXAMPLE];

		cr_assert(verify_plan(&bt, ps[k], 64, t, 5, &err) == 0);
		scratch = malloc(verify_scratch_size(&bt));
		for (i = 0; i < bt.nfam; i++) {
			verify_family *f = &bt.fam[i];
			const verify_cell *c;
			verify_family_run(&bt, i, scratch);
			if (!f->ncells)
				continue;
			f->status = VERIFY_FAIL;
			verify_family_examples(&bt, i, scratch);
			c = &f->cells[f->worst];
			m = (size_t)1 << c->b;
			memset(loads, 0, m * sizeof *loads);
			for (j = 0; j < c->sc.keys; j++)
				loads[(verify_key(&bt, f, j) * ps[k]) >> (64 - c->b)]++;
			for (best = 0, j = 1; j < m; j++)
				if (loads[j] > loads[best])
					best = j;
			for (n = 0, j = 0; j < c->sc.keys && n < VERIFY_EXAMPLE; j++) {
				uint64_t key = verify_key(&bt, f, j);
				if (((key * ps[k]) & mask) >> (64 - c->b) == best)
					ex[n++] = key;
			}
			CHECK(f->example_bucket == best && f->nexample == n &&
			      !memcmp(f->example, ex, n * sizeof *ex),
			      "p %#llx %s: bucket %zu, %zu keys; brute %zu, %zu",
			      (unsigned long long)ps[k], f->name,
			      (size_t)f->example_bucket, f->nexample, best, n);
		}
		free(scratch);
		free(loads);
		verify_free(&bt);
	}
}

/* verify_pairs_sumsq against the loads counted here, exact: random words
 * of 8 to 64 bits, key counts (powers of two and others) up to 2^14,
 * every table that has cells with them; steps random, small, near -1,
 * even, and runs of long quotients (2^n / 3, 1 + 2^(n/2)) where the
 * pairs are many.  Most cases are answered (not -1: counting instead). */
Test(verify_count, pairs_sum_of_squares)
{
	trng g = { 2112 };
	uint32_t *loads = malloc(sizeof *loads << 14);
	size_t round, answered = 0, rounds = 1500;

	for (round = 0; round < rounds; round++) {
		unsigned bits = 8 + (unsigned)trng_below(&g, 57), top, b, i;
		uint64_t mask, K, step, first, sq[VERIFY_PAIRS_MAX], x, k, sum;
		unsigned bs[VERIFY_PAIRS_MAX];
		size_t nb = 0;
		if (round % 3 == 0)
			bits = round % 2 ? 32 : 64;
		mask = tmask(bits);
		K = (uint64_t)1 << (1 + trng_below(&g, bits < 14 ? bits : 14));
		if (round % 4 == 1)
			K = 2 + trng_below(&g, K);
		step = trng_next(&g) & mask;
		first = trng_next(&g) & mask;
		switch (round % 7) {
		case 0: step = trng_below(&g, 1000) & mask; break;
		case 1: step = (mask - trng_below(&g, 1000)) & mask; break;
		case 2: step = (step >> trng_below(&g, bits)) << trng_below(&g, 8);
		        break;
		case 3: step = (mask / 3) | 1; break;
		case 4: step = (1 + ((uint64_t)1 << bits / 2)) & mask; break;
		}
		step &= mask;
		top = verify_log2_floor(K);
		top = top < bits ? top : bits;
		for (b = top; b >= 1 && b + 3 >= verify_log2_floor(K) &&
		     nb < VERIFY_PAIRS_MAX; b--)
			bs[nb++] = b;
		if (!nb || verify_pairs_sumsq(first, step, K, bits, bs, nb, sq,
		                              VERIFY_PAIRS_BUDGET) < 0)
			continue;
		answered++;
		for (i = 0; i < nb; i++) {
			memset(loads, 0, sizeof *loads << bs[i]);
			for (k = 0, x = first; k < K; k++, x += step)
				loads[(x & mask) >> (bits - bs[i])]++;
			for (sum = 0, k = 0; k < ((uint64_t)1 << bs[i]); k++)
				sum += (uint64_t)loads[k] * loads[k];
			CHECK(sq[i] == sum, "%u bits, K %llu, 2^%u buckets, step %#llx, "
			      "first %#llx: pairs %llu, counted %llu", bits,
			      (unsigned long long)K, bs[i], (unsigned long long)step,
			      (unsigned long long)first, (unsigned long long)sq[i],
			      (unsigned long long)sum);
		}
	}
	CHECK(answered > rounds / 2, "pairs answered %zu of %zu", answered,
	      rounds);
	free(loads);
}

/* A screen's battery (r_only) at tables 2^4..2^20: every cell of every
 * c k family (a fifth of them at 64 bits) has the R and chi^2 of the
 * battery that counts the keys (recounted key by key above, table_2_20),
 * to the last bit, the same cells in the same order and the same worst.
 * Good and collapsing multipliers (the pairs then give way to the count
 * part of the way), 32 and 64 bits. */
static void same_r(uint64_t p, unsigned bits)
{
	verify_battery a, s;
	unsigned t[VERIFY_MAX_TABLES], n = 0, b;
	cfx_err err;
	void *scratch;
	size_t i, c;

	for (b = 4; b <= 20; b++)
		t[n++] = b;
	cr_assert(verify_plan(&a, p, bits, t, n, &err) == 0);
	cr_assert(verify_plan(&s, p, bits, t, n, &err) == 0);
	s.r_only = 1;
	scratch = malloc(verify_scratch_size(&a));
	for (i = 0; i < a.nfam; i++) {
		if (!a.fam[i].ck || (bits == 64 && i % 5))
			continue;
		verify_family_run(&a, i, scratch);
		verify_family_run(&s, i, scratch);
		CHECK(a.fam[i].ncells == s.fam[i].ncells && a.fam[i].worst ==
		      s.fam[i].worst, "p %#llx %s: %zu cells, worst %zu; screen %zu, "
		      "%zu", (unsigned long long)p, a.fam[i].name, a.fam[i].ncells,
		      a.fam[i].worst, s.fam[i].ncells, s.fam[i].worst);
		for (c = 0; c < a.fam[i].ncells && c < s.fam[i].ncells; c++) {
			const verify_cell *x = &a.fam[i].cells[c], *y = &s.fam[i].cells[c];
			CHECK(x->b == y->b && x->load == y->load &&
			      x->sc.keys == y->sc.keys &&
			      x->sc.probe_ratio == y->sc.probe_ratio &&
			      x->sc.chi2 == y->sc.chi2, "p %#llx %s, 2^%u x%u: R %.17g, "
			      "screen 2^%u x%u R %.17g", (unsigned long long)p,
			      a.fam[i].name, x->b, x->load, x->sc.probe_ratio, y->b,
			      y->load, y->sc.probe_ratio);
		}
	}
	free(scratch);
	verify_free(&a);
	verify_free(&s);
}

Test(verify_count, screen_r_equals_count)
{
	same_r(0x61C88647ULL, 32);
	same_r(0x9e370001ULL, 32);
	same_r(0x9e377ff3ULL, 32);
	same_r(0x61C8864680B583EBULL, 64);
	same_r(0x9e37fffffffc0001ULL, 64);
	same_r(0x8000000000000001ULL, 64);
}
