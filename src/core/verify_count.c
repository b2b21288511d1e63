/*
 * verify_count.c - the counting engine of verify's battery (verify.h;
 * verify_int.h for how the battery's files divide the work): a family's
 * keys counted into the cells of every table size, and the keys of a
 * FAIL's fullest bucket.
 *
 * Design.  Every family is a set of keys with an index i; its cells use
 * the first K = 2^j keys, so one pass over the keys in index order, with
 * a stop at each power of two, serves every cell.  Keys are counted into
 * the largest table 2^B only once; smaller tables are folded from it.
 * Small prefixes (K <= 2^(B-3)) are cheaper to count directly at the
 * largest table they need than to fold 2^B buckets, so they are.
 *
 * Most families are progressions k0 + i c, whose products k0 p + i c p
 * need one addition a key.  Counting them in index order jumps around
 * the table (a cache miss a key once it outgrows the cache), so they are
 * counted in a different order: if q is a denominator of a convergent of
 * cp / 2^n, the keys i, i + q, i + 2q, ... have products that move by
 * the small d = q c p mod 2^n, so each of the q runs sweeps the table in
 * order, and the counts (which do not depend on the order) cost little.
 */
#include <assert.h>
#include <string.h>

#include "cfx/lattice.h"
#include "cfx/score.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "core/verify_int.h"

/* A bijection of [0, 2^w): xorshifts and odd multiplies, each invertible
 * mod 2^w, so distinct inputs give distinct (random-looking) outputs. */
static uint64_t scramble(uint64_t x, unsigned w, uint64_t seed)
{
	static const uint64_t mul[3] = {
		0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL, 0xd6e8feb86659fd93ULL
	};
	uint64_t mask = word_mask(w);
	unsigned r = (w + 1) / 2, i;

	x = (x + seed) & mask;
	for (i = 0; i < 3; i++) {
		x ^= x >> r;
		x = (x * mul[i]) & mask;
	}
	return x ^ (x >> r);
}

/* Even and odd bits of i: the Z-order walk of the plane, so the first
 * 2^j indices cover the rectangle y < 2^ceil(j/2), x < 2^floor(j/2). */
static void zorder(uint64_t i, uint64_t *x, uint64_t *y)
{
	unsigned b;

	*x = *y = 0;
	for (b = 0; b < 32; b++) {
		*y |= ((i >> (2 * b)) & 1) << b;
		*x |= ((i >> (2 * b + 1)) & 1) << b;
	}
}

size_t verify_scratch_size(const verify_battery *bt)
{
	size_t size = 2 * ((size_t)1 << bt->bmax) * sizeof(uint32_t);

	/* a layout's reference counts at up to 2^20 buckets (lattice.h) */
	if (bt->nufields && size < sizeof(uint32_t) << 20)
		size = sizeof(uint32_t) << 20;
	return size;
}

uint64_t verify_key(const verify_battery *bt, const verify_family *f,
                    size_t i)
{
	uint64_t x, y, mask = word_mask(bt->bits);

	assert(i < f->keys);
	if (f->ck)
		return (f->start + (uint64_t)i * f->step) & mask;
	switch (f->kind) {
	case VERIFY_FIELDS:
		zorder(i, &x, &y);
		return ((x << f->arg) | y) & mask;
	case VERIFY_PTRIDX:
		zorder(i, &x, &y);
		return ((scramble(x, bt->bits - PTR_ALIGN, SEED_PTR) << PTR_ALIGN)
		        + y) & mask;
	case VERIFY_KEYS:
		return bt->ukeys[f->arg][i];
	default:
		return bt->sparse[f->arg - 2][i];
	}
}

/* ---- counting ----------------------------------------------------------- */

/*
 * Count the products first + i step (i < n) by their top B bits.  The
 * order of the count is free, so it is chosen to sweep the table once,
 * bottom to top, instead of jumping around it (a cache miss a key once
 * the table outgrows the cache).  Let q be the largest convergent
 * denominator of step / 2^bits with q <= n / RUN_MIN, q' the one before.
 * The first per q keys (per = n / q) form q runs r, r + q, r + 2q, ...
 * (r < q), whose products move by the small d = q step mod 2^bits.  The
 * runs' starts r step, r < q, are almost evenly spread, and the start
 * just above r's is that of r + u (mod q), u one of q' and q - q'
 * (whichever moves it by less): taking the runs in that order, each run
 * near its neighbours, sweeps the table.  Four quarters of the order go
 * at once, so that increments of one bucket do not wait for each other.
 * The n - per q keys left are a progression of their own.
 */
#define RUN_MIN 16        /* keys a run, at least */
#define SWEEP_MIN 4096    /* fewer keys are counted in index order */
#define SHIFT_20 44       /* 2^20 buckets, the default largest table */

/* The count itself, on products scaled to the top of the word (x 2^(64 -
 * bits), so that sums wrap by themselves and no mask is needed), each
 * counted in bucket x >> sh.  Inlined twice: once with sh a constant,
 * SHIFT_20, where the shift is one instruction (by %cl it is two or
 * three), and once with any sh.  Runs whose step is below a sixteenth
 * of a bucket are counted a bucket at a time (lattice_count_run: a
 * constant far below 2^n, 3 or 0x9e3779 on 64 bits, puts thousands of
 * consecutive keys in a bucket, and one by one each increment waited for
 * the last). */
static inline __attribute__((always_inline))
void sweep(uint64_t first, uint64_t step, size_t n, unsigned sh,
           uint32_t *loads)
{
	while (n >= SWEEP_MIN) {
		uint64_t q = 1, qprev = 0, d, x[4], r[4], u, e;
		u128 num = (u128)1 << 64, den = step;
		size_t per, i, g, s, k;

		while (den) {
			u128 a = num / den, rem = num % den, next = a * q + qprev;
			if (next > n / RUN_MIN)
				break;
			qprev = q;
			q = (uint64_t)next;
			num = den;
			den = rem;
		}
		d = q * step;
		per = n / q;
		if ((d < (uint64_t)1 << 63 ? d : -d) < (uint64_t)1 << sh >> 4) {
			for (s = 0; s < q; s++)
				lattice_count_run(first + s * step, d, per, sh, loads);
		} else if (q < 4) {
			/* a few long runs, each swept by itself: in four parts */
			for (s = 0; s < q; s++) {
				size_t h = per / 4;
				x[0] = first + s * step;
				for (k = 1; k < 4; k++)
					x[k] = x[k - 1] + h * d;
				for (i = 0; i < h; i++)
					for (k = 0; k < 4; k++) {
						loads[x[k] >> sh]++;
						x[k] += d;
					}
				for (i = 4 * h; i < per; i++) {
					loads[x[3] >> sh]++;
					x[3] += d;
				}
			}
		} else {
			uint64_t e1 = qprev * step, e2 = (q - qprev) * step;
			size_t quarter = q / 4;
			u = e1 <= e2 ? qprev : q - qprev;
			e = e1 <= e2 ? e1 : e2;
			for (k = 0; k < 4; k++) {
				r[k] = (uint64_t)((u128)(k * quarter) * u % q);
				x[k] = first + r[k] * step;
			}
			/* stream k takes the runs k quarter, ..., (k + 1) quarter - 1
			 * of the order; the last also the q - 4 quarter left */
			for (g = 0; g < q - 3 * quarter; g++) {
				unsigned ks = g < quarter ? 0 : 3;
				uint64_t y0 = x[0], y1 = x[1], y2 = x[2], y3 = x[3];
				if (ks == 0)
					for (i = 0; i < per; i++) {
						loads[y0 >> sh]++;
						loads[y1 >> sh]++;
						loads[y2 >> sh]++;
						loads[y3 >> sh]++;
						y0 += d;
						y1 += d;
						y2 += d;
						y3 += d;
					}
				else
					for (i = 0; i < per; i++) {
						loads[y3 >> sh]++;
						y3 += d;
					}
				for (k = ks; k < 4; k++) {
					r[k] += u;
					x[k] += e;
					if (r[k] >= q) {
						r[k] -= q;
						x[k] -= d;
					}
				}
			}
		}
		first += (uint64_t)(per * q) * step;
		n -= per * q;
	}
	if ((step < (uint64_t)1 << 63 ? step : -step) < (uint64_t)1 << sh >> 4) {
		lattice_count_run(first, step, n, sh, loads);
		return;
	}
	for (; n; n--) {
		loads[first >> sh]++;
		first += step;
	}
}

void verify_count_progression(uint64_t first, uint64_t step, size_t n,
                              unsigned bits, unsigned B, uint32_t *loads)
{
	unsigned up = 64 - bits;
	uint64_t mask = word_mask(bits);

	/* step / 2^bits = (step 2^up) / 2^64: the same quotients */
	first = (first & mask) << up;
	step = (step & mask) << up;
	if (64 - B == SHIFT_20)
		sweep(first, step, n, SHIFT_20, loads);
	else
		sweep(first, step, n, 64 - B, loads);
}

/* Keys [from, to) of the plane family: rows x of base(x) + y. */
static void plane_rect(const verify_battery *bt, const verify_family *f,
                       uint64_t x0, uint64_t x1, uint64_t y0, uint64_t y1,
                       unsigned B, uint32_t *loads)
{
	uint64_t x, mask = word_mask(bt->bits);

	for (x = x0; x < x1; x++) {
		uint64_t base = f->kind == VERIFY_FIELDS ? x << f->arg
		                : scramble(x, bt->bits - PTR_ALIGN, SEED_PTR)
		                  << PTR_ALIGN;
		verify_count_progression(((base + y0) * bt->p) & mask, bt->p,
		                         y1 - y0, bt->bits, B, loads);
	}
}

/* Add keys [from, to) of family f to loads at level B; from is 0 or a
 * power of two, to a power of two. */
static void count_keys(const verify_battery *bt, const verify_family *f,
                       size_t from, size_t to, unsigned B, uint32_t *loads)
{
	uint64_t mask = word_mask(bt->bits), p = bt->p;
	size_t i;

	if (from >= to)
		return;
	if (f->ck) {
		uint64_t step = (f->step * p) & mask;
		verify_count_progression((f->start * p + (uint64_t)from * step) &
		                         mask, step, to - from, bt->bits, B, loads);
		return;
	}
	if (f->kind == VERIFY_SPARSE || f->kind == VERIFY_KEYS) {
		const uint64_t *k = f->kind == VERIFY_KEYS ? bt->ukeys[f->arg]
		                    : bt->sparse[f->arg - 2];
		unsigned shift = bt->bits - B;
		for (i = from; i < to; i++)
			loads[((k[i] * p) & mask) >> shift]++;
		return;
	}
	/* the plane: grow the rectangle of 2^j keys one j at a time */
	{
		unsigned j = from ? verify_log2_floor(from) : 0, jt = verify_log2_floor(to);
		if (from == 0)
			plane_rect(bt, f, 0, 1, 0, 1, B, loads);
		for (; j < jt; j++) {
			unsigned r = (j + 1) / 2;   /* j -> j + 1 */
			if ((j + 1) % 2)            /* y doubles: y in [2^r', ...) */
				plane_rect(bt, f, 0, (uint64_t)1 << (j / 2),
				           (uint64_t)1 << (j / 2), (uint64_t)1 << (j / 2 + 1),
				           B, loads);
			else                        /* x doubles */
				plane_rect(bt, f, (uint64_t)1 << (r - 1), (uint64_t)1 << r,
				           0, (uint64_t)1 << r, B, loads);
		}
	}
}

/* ---- one family --------------------------------------------------------- */

int verify_is_table(const verify_battery *bt, unsigned b)
{
	size_t t;

	for (t = 0; t < bt->ntables; t++)
		if (bt->tables[t] == b)
			return 1;
	return 0;
}

/* The cells with K = 2^j keys: table b and load 2^(j-b), from the loads
 * src at level lv.  One pass over src, a chunk at a time (FOLD_CHUNK
 * buckets, or more to reach the lowest level): the chunk is folded down
 * in tmp (not src), and the sums of each level with a cell are added up;
 * the cells follow in order of b, largest first. */
#define FOLD_CHUNK 2048          /* 8 KiB, in the first-level cache */

static void cells_at(verify_battery *bt, verify_family *f, unsigned j,
                     const uint32_t *src, unsigned lv, uint32_t *tmp)
{
	score_sums sums[VERIFY_MAX_TABLE_BITS + 1];
	int want[VERIFY_MAX_TABLE_BITS + 1] = { 0 };
	size_t m = (size_t)1 << lv, chunk, c;
	unsigned lo = lv + 1, b;

	assert(src != tmp && lv <= VERIFY_MAX_TABLE_BITS);
	for (b = lv; b >= 1 && b + VERIFY_LOADS - 1 >= j; b--)
		if (b <= j && verify_is_table(bt, b)) {
			want[b] = 1;
			lo = b;
		}
	if (lo > lv)
		return;
	memset(sums, 0, sizeof sums);
	chunk = (size_t)1 << (lv - lo) > FOLD_CHUNK ? (size_t)1 << (lv - lo)
	        : FOLD_CHUNK;
	if (chunk > m)
		chunk = m;
	for (c = 0; c < m; c += chunk) {
		const uint32_t *in = src + c;
		size_t n = chunk;
		if (want[lv])
			score_sums_add(in, n, &sums[lv]);
		for (b = lv; b > lo; b--) {
			n /= 2;
			score_fold(in, n, tmp, want[b - 1] ? &sums[b - 1] : NULL);
			in = tmp;
		}
	}
	for (b = lv; b >= lo; b--)
		if (want[b]) {
			verify_cell *cell = &f->cells[f->ncells++];
			cell->b = b;
			cell->load = 1u << (j - b);
			score_stats_sums(&sums[b], b, (size_t)1 << j, &cell->sc);
		}
}

/* Keys of the worst cell that share its fullest bucket. */
static void find_example(const verify_battery *bt, verify_family *f,
                         uint32_t *loads)
{
	const verify_cell *c = &f->cells[f->worst];
	size_t m = (size_t)1 << c->b, i, best = 0;
	unsigned shift = bt->bits - c->b;
	uint64_t mask = word_mask(bt->bits);

	memset(loads, 0, m * sizeof *loads);
	count_keys(bt, f, 0, c->sc.keys, c->b, loads);
	for (i = 1; i < m; i++)
		if (loads[i] > loads[best])
			best = i;
	f->example_bucket = best;
	f->nexample = 0;
	if (f->ck) {
		/* products one addition a key, as they are counted, scaled to
		 * the top of the word (x 2^(64 - bits): sums wrap by themselves),
		 * where a product is in the bucket when x - lo < 2^(64 - b); eight
		 * keys tested at once, in four independent sums, a key's value
		 * made only for those in the bucket */
		unsigned up = 64 - bt->bits;
		uint64_t dx = (f->step * bt->p) << up, d4 = 4 * dx,
		         lo = (uint64_t)best << (64 - c->b),
		         w = (uint64_t)1 << (64 - c->b),
		         x0 = ((f->start * bt->p) << up) - lo, x1 = x0 + dx,
		         x2 = x1 + dx, x3 = x2 + dx;
		size_t K = c->sc.keys, t;
		for (i = 0; i < K && f->nexample < VERIFY_EXAMPLE; i += 8) {
			unsigned hit = (x0 < w) | (x1 < w) << 1 | (x2 < w) << 2 |
			               (x3 < w) << 3;
			x0 += d4;
			x1 += d4;
			x2 += d4;
			x3 += d4;
			hit |= ((x0 < w) | (x1 < w) << 1 | (x2 < w) << 2 |
			        (x3 < w) << 3) << 4;
			x0 += d4;
			x1 += d4;
			x2 += d4;
			x3 += d4;
			for (t = 0; hit && t < 8 && i + t < K &&
			     f->nexample < VERIFY_EXAMPLE; t++)
				if (hit >> t & 1)
					f->example[f->nexample++] = (f->start + (uint64_t)(i + t) *
					                             f->step) & mask;
		}
		return;
	}
	for (i = 0; i < c->sc.keys && f->nexample < VERIFY_EXAMPLE; i++) {
		uint64_t key = verify_key(bt, f, i);
		if (((key * bt->p) & mask) >> shift == best)
			f->example[f->nexample++] = key;
	}
}

/* Those places for a smaller K are a prefix of those for a larger one. */
void verify_explain_keys(const verify_battery *bt, const verify_family *f,
                         uint64_t K, verify_cf *e)
{
	uint64_t u, q = 1, qprev = 0;
	u128 num, den;
	size_t k;

	memset(e, 0, sizeof *e);
	if (!(bt->p & 1) || !f->step)
		return;
	e->t = verify_ctz64(f->step);
	e->w = bt->bits - e->t;
	u = f->step >> e->t;
	e->mult = (u * bt->p) & word_mask(e->w);
	e->ok = 1;
	num = (u128)1 << e->w;
	den = e->mult;
	for (k = 1; den && q <= K; k++) {
		u128 a = num / den, rem = num % den, next = a * q + qprev;
		uint64_t a64 = a > UINT64_MAX ? UINT64_MAX : (uint64_t)a;
		e->places++;
		if (a64 > e->a) {
			e->a = a64;
			e->k = k;
			e->q = q;
		}
		qprev = q;
		q = next > UINT64_MAX ? UINT64_MAX : (uint64_t)next;
		num = den;
		den = rem;
	}
}

/* The explanation of a c k family's worst cell. */
static void explain_cf(const verify_battery *bt, verify_family *f)
{
	verify_explain_keys(bt, f, f->cells[f->worst].sc.keys, &f->cf);
}

/* A screen's cells with K = 2^j keys of a family of keys k0 + k c
 * (bt->r_only), from the pairs of keys that share a bucket
 * (verify_pairs_sumsq) rather than from the keys: the same cells, in
 * the same order (cells_at's), with the same sums of squares, so the
 * same R, but no fullest bucket nor empty ones (0).  1 when done; 0 when
 * the keys are to be counted (few keys, no screen, a collapse). */
static int cells_by_pairs(verify_battery *bt, verify_family *f, unsigned j,
                          unsigned top)
{
	unsigned bs[VERIFY_PAIRS_MAX], b;
	uint64_t sq[VERIFY_PAIRS_MAX], mask = word_mask(bt->bits),
	         K = (uint64_t)1 << j;
	size_t nb = 0, i;

	if (!bt->r_only || !f->ck || j < VERIFY_PAIRS_MIN_J)
		return 0;
	for (b = top; b >= 1 && b + VERIFY_LOADS - 1 >= j; b--)
		if (b <= j && verify_is_table(bt, b))
			bs[nb++] = b;
	if (verify_pairs_sumsq((f->start * bt->p) & mask, (f->step * bt->p) &
	                       mask, K, bt->bits, bs, nb, sq,
	                       (size_t)(K >> VERIFY_PAIRS_SHARE)) < 0)
		return 0;
	for (i = 0; i < nb; i++) {
		score_sums s = { sq[i], 0, 0 };
		verify_cell *cell = &f->cells[f->ncells++];
		cell->b = bs[i];
		cell->load = 1u << (j - bs[i]);
		score_stats_sums(&s, bs[i], (size_t)K, &cell->sc);
	}
	return 1;
}

void verify_count_family(verify_battery *bt, size_t fi, void *scratch,
                         unsigned jcut)
{
	verify_family *f = &bt->fam[fi];
	unsigned B = bt->bmax, j, jmin = bt->tables[0], jmax;
	uint32_t *big = scratch, *tmp = big + ((size_t)1 << B);
	size_t have = 0, i;
	int big_used = 0;

	f->ncells = 0;
	jmax = verify_log2_floor(f->keys);
	if (jmax > B + VERIFY_LOADS - 1)
		jmax = B + VERIFY_LOADS - 1;
	if (jmax > jcut)
		jmax = jcut;
	for (j = jmin; f->keys && j <= jmax; j++) {
		size_t K = (size_t)1 << j;
		unsigned top = j < B ? j : B, b;
		int need = 0;

		for (b = top; b >= 1 && b + VERIFY_LOADS - 1 >= j; b--)
			need |= verify_is_table(bt, b);
		if (!need || cells_by_pairs(bt, f, j, top))
			continue;
		if (j + 3 <= B) {
			/* few keys: count them at the largest table they need */
			while (!verify_is_table(bt, top))
				top--;
			memset(big, 0, ((size_t)1 << top) * sizeof *big);
			count_keys(bt, f, 0, K, top, big);
			cells_at(bt, f, j, big, top, tmp);
		} else {
			if (!big_used) {
				memset(big, 0, ((size_t)1 << B) * sizeof *big);
				big_used = 1;
			}
			count_keys(bt, f, have, K, B, big);
			have = K;
			cells_at(bt, f, j, big, B, tmp);
		}
	}
	f->worst = 0;
	f->worst_r = 0;
	for (i = 0; i < f->ncells; i++)
		if (f->cells[i].sc.probe_ratio > f->worst_r) {
			f->worst_r = f->cells[i].sc.probe_ratio;
			f->worst = i;
		}
	memset(&f->cf, 0, sizeof f->cf);
	f->nexample = 0;
	if (f->ncells && f->ck)
		explain_cf(bt, f);
	f->ran = 1;
}

void verify_family_examples(verify_battery *bt, size_t i, void *scratch)
{
	verify_family *f = &bt->fam[i];

	if (f->ncells && (f->status == VERIFY_FAIL || f->status == VERIFY_WARN))
		find_example(bt, f, scratch);
}
