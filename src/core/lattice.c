/*
 * lattice.c - packed keys screened by lattice reduction (see lattice.h);
 * the reduction itself is FLINT's, in the module lattice_lll.c.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/lattice.h"
#include "cfx/modload.h"
#include "cfx/word.h"
#include "util/xalloc.h"

/* Field i's width in bits. */
static unsigned width(const lattice_layout *lay, unsigned n, unsigned i)
{
	return (i ? lay->shift[i - 1] : n) - lay->shift[i];
}

/* The spread without the least field's check: 0 only when 2^j keys do
 * not fit.  The spreads of j and j + 1 differ in one field, by one bit
 * (the same rounds, one bit further), so the boxes nest. */
static int spread_raw(const lattice_layout *lay, unsigned n, unsigned j,
                      unsigned *xb)
{
	unsigned i, left = j, room = 0;

	for (i = 0; i < lay->nf; i++) {
		xb[i] = 0;
		room += width(lay, n, i);
	}
	if (j > room)
		return 0;
	while (left) {
		int moved = 0;
		for (i = lay->nf; i-- > 0 && left;)
			if (xb[i] < width(lay, n, i)) {
				xb[i]++;
				left--;
				moved = 1;
			}
		if (!moved)
			return 0;
	}
	return 1;
}

int lattice_spread(const lattice_layout *lay, unsigned n, unsigned j,
                   unsigned *xb)
{
	unsigned i;

	if (!spread_raw(lay, n, j, xb))
		return 0;
	for (i = 0; i < lay->nf; i++)
		if (xb[i] < LATTICE_MIN_FIELD)
			return 0;
	return 1;
}

uint64_t lattice_count_run(uint64_t x, uint64_t d, uint64_t n, unsigned sh,
                           uint32_t *loads)
{
	uint64_t low = ((uint64_t)1 << sh) - 1, ops = 0;

	if (!d) {
		loads[x >> sh] += (uint32_t)n;
		return 1;
	}
	while (n) {
		uint64_t k;
		if (d < (uint64_t)1 << 63)     /* up: to the bucket's top */
			k = (low - (x & low)) / d + 1;
		else                            /* down: to its bottom */
			k = (x & low) / -d + 1;
		if (k > n)
			k = n;
		loads[x >> sh] += (uint32_t)k;
		x += k * d;
		n -= k;
		ops++;
	}
	return ops;
}

/* Add to loads[0..2^b) the keys whose field i runs over lo[i] ..
 * lo[i] + 2^xb[i] - 1, by their top b bits.  The hash is kept in the top
 * n bits of a 64-bit word, so that it wraps mod 2^n by itself and the
 * bucket is its top b bits; an odometer over the fields but the lowest,
 * the lowest field hashed in a plain loop, or a bucket at a time
 * (lattice_count_run) when its step is below a sixteenth of a bucket.
 * Returns the counter updates made. */
static uint64_t count_box(uint64_t p, unsigned n, const lattice_layout *lay,
                          const uint64_t *lo, const unsigned *xb, unsigned b,
                          uint32_t *loads)
{
	uint64_t step[LATTICE_MAX_FIELDS], idx[LATTICE_MAX_FIELDS] = { 0 };
	uint64_t base = 0, inner, st, y, h, ops = 0;
	unsigned f, nf = lay->nf, up = 64 - n, sh = 64 - b;
	int runs;

	for (f = 0; f < nf; f++) {
		step[f] = (p << lay->shift[f]) << up;
		base += lo[f] * step[f];
	}
	inner = (uint64_t)1 << xb[nf - 1];
	st = step[nf - 1];
	runs = (st < (uint64_t)1 << 63 ? st : -st) < (uint64_t)1 << sh >> 4;
	for (;;) {
		if (runs) {
			ops += lattice_count_run(base, st, inner, sh, loads);
		} else {
			for (y = 0, h = base; y < inner; y++, h += st)
				loads[h >> sh]++;
			ops += inner;
		}
		for (f = nf - 1; f-- > 0;) {
			if (++idx[f] < ((uint64_t)1 << xb[f])) {
				base += step[f];
				break;
			}
			idx[f] = 0;
			base -= (((uint64_t)1 << xb[f]) - 1) * step[f];
		}
		if (f == (unsigned)-1)
			return ops;
	}
}

/* The loads of the cell's 2^b buckets into loads[0..2^b): keys with field
 * i below 2^xb[i]. */
static uint64_t count_loads(uint64_t p, unsigned n,
                            const lattice_layout *lay, const unsigned *xb,
                            unsigned b, uint32_t *loads)
{
	static const uint64_t zero[LATTICE_MAX_FIELDS];

	memset(loads, 0, sizeof *loads << b);
	return count_box(p, n, lay, zero, xb, b, loads);
}

/* R from the sum of squared loads of 2^b buckets holding K keys. */
static double ratio_of(uint64_t s2, unsigned b, double K)
{
	double M = ldexp(1, (int)b), expect;

	expect = (K * (1 - 1 / M) + K * K / M + K) / 2;
	return ((double)s2 + K) / 2 / expect;
}

/* The sum of squared loads (at most K^2 <= 2^46: exact in 64 bits). */
static uint64_t squares(const uint32_t *loads, unsigned b)
{
	uint64_t M = (uint64_t)1 << b, i, s2 = 0;

	for (i = 0; i < M; i++)
		s2 += (uint64_t)loads[i] * loads[i];
	return s2;
}

double lattice_count(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *xb, unsigned b, uint32_t *loads)
{
	unsigned f, j = 0;

	for (f = 0; f < lay->nf; f++)
		j += xb[f];
	count_loads(p, n, lay, xb, b, loads);
	return ratio_of(squares(loads, b), b, ldexp(1, (int)j));
}

/* The same keys at 2^bmax buckets and fewer: r[b] for b = bmin..bmax,
 * one pass over the keys (a bucket of 2^(b-1) is two of 2^b). */
static uint64_t count_tables(uint64_t p, unsigned n,
                             const lattice_layout *lay, const unsigned *xb,
                             unsigned bmin, unsigned bmax, uint32_t *loads,
                             double *r)
{
	unsigned f, j = 0, b;
	uint64_t i, s2, ops;

	for (f = 0; f < lay->nf; f++)
		j += xb[f];
	/* the counter updates, and the table cleared, summed and folded */
	ops = count_loads(p, n, lay, xb, bmax, loads) + ((uint64_t)3 << bmax);
	s2 = squares(loads, bmax);
	for (b = bmax;; b--) {
		r[b] = ratio_of(s2, b, ldexp(1, (int)j));
		if (b == bmin)
			return ops;
		/* folded into 2^(b-1) buckets, squared as they go */
		for (i = 0, s2 = 0; i < (uint64_t)1 << (b - 1); i++) {
			uint32_t v = loads[2 * i] + loads[2 * i + 1];
			loads[i] = v;
			s2 += (uint64_t)v * v;
		}
	}
}

/* Sum over t >= 1 of prod (X_i - t |u_i|)_+ (W - t |e|)_+ / W. */
static double line_sum(const double *u, double e, const double *X,
                       unsigned nf, double W)
{
	double sum = 0, t, tmax = W / (fabs(e) > 0 ? fabs(e) : 0.5);
	unsigned i;

	for (i = 0; i < nf; i++)
		if (u[i] != 0 && X[i] / fabs(u[i]) < tmax)
			tmax = X[i] / fabs(u[i]);
	for (t = 1; t < tmax; t++) {
		double term = (W - t * fabs(e)) / W;
		for (i = 0; i < nf; i++)
			term *= X[i] - t * fabs(u[i]);
		if (term <= 0)
			break;
		sum += term;
	}
	return sum;
}

/* The cell's lattice, scaled to a cube (lattice.h), reduced, in key
 * units: row j of the reduced basis is (u_0, ..., u_(nf-1), e) in
 * job->outd[j] and job->outi[j] (modload.h).  The basis handed to the
 * module: row i (field i) 2^(n - b + S - xb_i) at i and A_i 2^S last, the
 * last row 2^(n + S) at the end, S the least that keeps the weights
 * integers; dividing column i by 2^(n - b + S - xb_i) and the last by
 * 2^S is exact (a multiple of its weight).  The reduction is FLINT's LLL
 * in the module cfx-lattice.so (lattice_lll.c), loaded on first use, so
 * that commands that reduce no lattice do not load FLINT.
 *
 * Why LLL even for two fields, not Lagrange-Gauss: the points are
 * (u, v, e), two key differences and the hash difference, a lattice of
 * rank 3; Lagrange-Gauss reduces rank 2, so it sees one field at a time
 * (v = 0: the keys k A, a stride) and misses the combinations the screen
 * is for (3x + y: u = 1, v = -3, e small). */
static void reduce(uint64_t p, unsigned n, const lattice_layout *lay,
                   const unsigned *xb, unsigned b, modload_lll *job)
{
	unsigned nf = lay->nf, i, S = 0;

	for (i = 0; i < nf; i++)
		if (xb[i] > n - b && xb[i] - (n - b) > S)
			S = xb[i] - (n - b);
	memset(job, 0, sizeof *job);
	job->d = nf + 1;
	for (i = 0; i < nf; i++) {
		job->in[i][i] = 1;
		job->sh[i][i] = job->down[i] = n - b + S - xb[i];
		job->in[i][nf] = (((uint64_t)1 << lay->shift[i]) * p) & word_mask(n);
		job->sh[i][nf] = S;
	}
	job->in[nf][nf] = 1;
	job->sh[nf][nf] = n + S;
	job->down[nf] = S;
	modload_lattice_lll(job);
}

int lattice_reduce(uint64_t p, unsigned n, const lattice_layout *lay,
                   const unsigned *xb, unsigned b,
                   int64_t basis[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1])
{
	unsigned nf = lay->nf, i, j;
	modload_lll job;

	reduce(p, n, lay, xb, b, &job);
	for (j = 0; j <= nf; j++)
		for (i = 0; i <= nf; i++)
			basis[j][i] = job.outi[j][i];
	return job.fits ? 0 : -1;
}

/* The cell's sizes: X[i] = 2^xb[i], W the bucket's width, K the keys, M
 * the buckets, and a random hash's mean of (sum of squared loads + K)/2. */
typedef struct sizes {
	double X[LATTICE_MAX_FIELDS], W, K, M, expect;
} sizes;

static void sizes_of(unsigned nf, unsigned n, const unsigned *xb, unsigned b,
                     sizes *s)
{
	unsigned i;

	s->W = ldexp(1, (int)(n - b));
	s->M = ldexp(1, (int)b);
	s->K = 1;
	for (i = 0; i < nf; i++) {
		s->X[i] = ldexp(1, (int)xb[i]);
		s->K *= s->X[i];
	}
	s->expect = (s->K * (1 - 1 / s->M) + s->K * s->K / s->M + s->K) / 2;
}

/* The predicted R from a reduced basis (lattice.h); the u of the vector
 * shortest in the cube's norm into vec. */
static double predict_job(const modload_lll *job, unsigned nf,
                          const sizes *s, int64_t *vec)
{
	unsigned d = nf + 1, i, j;
	double pairs = 0, best = HUGE_VAL;

	for (j = 0; j < d; j++) {
		double u[LATTICE_MAX_FIELDS], e, norm = 0;
		int zero = 1;
		for (i = 0; i < nf; i++) {
			u[i] = job->outd[j][i];
			zero &= u[i] == 0;
			if (fabs(u[i]) / s->X[i] > norm)
				norm = fabs(u[i]) / s->X[i];
		}
		e = job->outd[j][nf];
		if (zero)
			continue;
		if (fabs(e) / s->W > norm)
			norm = fabs(e) / s->W;
		if (norm < best) {
			best = norm;
			for (i = 0; i < nf; i++)
				vec[i] = (int64_t)u[i];
		}
		pairs += 2 * line_sum(u, e, s->X, nf, s->W);
	}
	/* the points off those lines as for a random hash ((K^2 - K) / M
	 * pairs), the lines' on top */
	return (2 * s->K + (s->K * s->K - s->K) / s->M + pairs) / 2 / s->expect;
}

/* ---- a proven bound: the lattice points in the box ---------------------- */

/* Nodes an enumeration may visit before it gives up (the bound is then
 * infinite and the cell is counted). */
#define BOUND_NODES (1u << 16)

#define LATTICE_SUBS 3           /* loads 1, 2, 4 inside load 8's box */

typedef struct enumer {
	unsigned d, nf;
	double mu[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1];
	double bb[LATTICE_MAX_FIELDS + 1];     /* |b*_j|^2 */
	const int64_t (*row)[MODLOAD_LLL_MAX]; /* the basis, in key units */
	int64_t c[LATTICE_MAX_FIELDS + 1];
	const sizes *s;
	double r2, pairs;
	unsigned long nodes;
	int gave_up;
	/* boxes inside the box (the cells of the same table with fewer keys
	 * a bucket, lattice.c's screen): their lim_i (X_i - 1, W - 1), their
	 * pairs summed on the same walk; sub_bad[s] when a line of one was
	 * too long to sum */
	__int128 lim[LATTICE_MAX_FIELDS + 1];   /* X_i - 1, W - 1 */
	unsigned nsub;
	__int128 sub_lim[LATTICE_SUBS][LATTICE_MAX_FIELDS + 1];
	/* the same limits in 64 bits, when every one and K fit (line_points'
	 * short lines then in 64-bit integers) */
	int small;
	int64_t lim64[LATTICE_MAX_FIELDS + 1];
	int64_t sub_lim64[LATTICE_SUBS][LATTICE_MAX_FIELDS + 1];
	double sub_pairs[LATTICE_SUBS];
	int sub_bad[LATTICE_SUBS];
	/* lattice_mean's walk: each point weighed by (W - |e|) / W and
	 * visited one by one, at most MEAN_POINTS of them */
	int mean;
	unsigned long points;
} enumer;

/* Points lattice_mean may visit before it gives up (its sum is then a
 * lower bound: every term is positive). */
#define MEAN_POINTS (1ul << 24)

typedef __int128 i128;

/* floor(a / b) and ceil(a / b), b > 0: in 64-bit division when both
 * fit (nearly always; __int128's is a library call ten times slower). */
static int fits64(i128 a, i128 b)
{
	return (int64_t)a == a && (int64_t)b == b;
}

static i128 div_floor(i128 a, i128 b)
{
	i128 q;

	if (fits64(a, b)) {
		int64_t x = (int64_t)a, y = (int64_t)b, r = x % y;
		return x / y - (r && x < 0);
	}
	q = a / b;
	return a % b && a < 0 ? q - 1 : q;
}

static i128 div_ceil(i128 a, i128 b)
{
	i128 q;

	if (fits64(a, b)) {
		int64_t x = (int64_t)a, y = (int64_t)b, r = x % y;
		return x / y + (r && x > 0);
	}
	q = a / b;
	return a % b && a > 0 ? q + 1 : q;
}

/* sum of s^k for s = 0..m (k <= 4, m < 2^25: the products stay below
 * 2^127).  The factors of the closed forms are divided by 2, 3 and 5
 * before they are multiplied (each prime divides one of them), so every
 * division is of 64 bits: the same integers. */
static i128 power_sum(i128 m, unsigned k)
{
	int64_t f[4], d[3] = { 2, 3, 5 };
	unsigned i, j, nf;
	i128 r;

	switch (k) {
	case 0: return m + 1;
	case 1: case 3: f[0] = (int64_t)m; f[1] = (int64_t)m + 1; nf = 2; break;
	case 2: f[0] = (int64_t)m; f[1] = (int64_t)m + 1; f[2] = 2 * f[0] + 1;
	        nf = 3; break;
	default: f[0] = (int64_t)m; f[1] = (int64_t)m + 1; f[2] = 2 * f[0] + 1;
	         f[3] = 3 * f[0] * f[0] + 3 * f[0] - 1; nf = 4; break;
	}
	/* k 1, 3: m (m + 1) / 2; 2: m (m + 1) (2m + 1) / 6; 4: ... / 30 */
	for (j = 0; j < (k == 4 ? 3u : k == 2 ? 2u : 1u); j++)
		for (i = 0; i < nf; i++)
			if (f[i] % d[j] == 0) {
				f[i] /= d[j];
				break;
			}
	for (r = 1, i = 0; i < nf; i++)
		r *= f[i];
	return k == 3 ? r * r : r;
}

/* The pairs of the points P + t b (b the first basis vector, P the
 * point the levels above chose) that lie in the box, summed in closed
 * form rather than point by point: the t of the box is an interval (each
 * coordinate |P_i + t b_i| < X_i, and |e| < W, is one), cut where a
 * field's coordinate changes sign; on each piece prod (X_i - |u_i|) is a
 * polynomial in t of degree nf at most, summed by the power sums, on
 * exact integers.  A line of a collapsing constant holds up to 2^24
 * points and costs one node.  0 when the line is too long for the power
 * sums (2^25 points: no cell of the screens), then the points are
 * visited one by one.  The pairs into *sum; 2 (and 0 pairs) when the
 * line misses the box.  A line of fewer than LINE_SHORT points is summed
 * point by point (the same integers).  range (NULL: none): the t of the
 * box set into it; inside: a box inside the one whose range it holds (not
 * set then),
 * with the same last bound (the bucket's width: a table's cells), so
 * that only the fields are intersected with it. */
#define LINE_SHORT 16
static int line_sum_exact(unsigned nf, const i128 *P, const i128 *B,
                          const i128 *lim, int through_zero, i128 *sum,
                          i128 *range, int inside)
{
	unsigned i, j, nb = 0;
	i128 lo = 0, hi = 0, tau[LATTICE_MAX_FIELDS], cut[LATTICE_MAX_FIELDS + 1];
	i128 total = 0, a;
	int open = 1;

	*sum = 0;
	if (inside) {          /* the last coordinate's (e) part is done */
		lo = range[0];
		hi = range[1];
		open = 0;
	}
	for (i = 0; i <= nf - (unsigned)inside; i++) {
		i128 p = B[i] < 0 ? -P[i] : P[i], b = B[i] < 0 ? -B[i] : B[i], l, h;
		if (!b) {
			if ((P[i] < 0 ? -P[i] : P[i]) > lim[i])
				return 2;
			continue;
		}
		l = div_ceil(-lim[i] - p, b);
		h = div_floor(lim[i] - p, b);
		if (open || l > lo)
			lo = l;
		if (open || h < hi)
			hi = h;
		open = 0;
	}
	if (open || lo > hi)
		return 2;
	if (range && !inside) {
		range[0] = lo;
		range[1] = hi;
	}
	if (hi - lo < LINE_SHORT) {     /* a few points: each by itself */
		for (a = lo; a <= hi; a++) {
			i128 term = 1;
			if (through_zero && a == 0)
				continue;
			for (i = 0; i < nf; i++) {
				i128 u = P[i] + a * B[i];
				term *= lim[i] + 1 - (u < 0 ? -u : u);
			}
			total += term;
		}
		*sum = total;
		return 1;
	}
	if (hi - lo >= (i128)1 << 25)
		return 0;
	for (i = 0; i < nf; i++)
		if (B[i])
			tau[i] = div_ceil(B[i] < 0 ? P[i] : -P[i],
			                  B[i] < 0 ? -B[i] : B[i]);
	/* the pieces' starts after lo: the sign changes inside (lo, hi] */
	for (i = 0; i < nf; i++)
		if (B[i] && tau[i] > lo && tau[i] <= hi) {
			for (j = nb; j > 0 && cut[j - 1] > tau[i]; j--)
				cut[j] = cut[j - 1];
			cut[j] = tau[i];
			nb++;
		}
	cut[nb] = hi + 1;
	for (a = lo, j = 0; j <= nb; a = cut[j++]) {
		i128 poly[LATTICE_MAX_FIELDS + 1] = { 1 }, z = cut[j] - 1;
		unsigned deg = 0, k;
		if (z < a)
			continue;
		for (i = 0; i < nf; i++) {
			i128 p = B[i] < 0 ? -P[i] : P[i], b = B[i] < 0 ? -B[i] : B[i];
			i128 v = p + a * b, al, be;
			if (!b) {
				al = lim[i] + 1 - (P[i] < 0 ? -P[i] : P[i]);
				be = 0;
			} else if (a >= tau[i]) {     /* |u_i| = v + s b */
				al = lim[i] + 1 - v;
				be = -b;
			} else {                      /* |u_i| = -v - s b */
				al = lim[i] + 1 + v;
				be = b;
			}
			if (z == a)
				be = 0;   /* one point: the slope is never used (and
				           * may be as large as the lattice's) */
			/* poly *= (al + be s) */
			for (k = deg + 1; k-- > 0;) {
				poly[k + 1] += poly[k] * be;
				poly[k] *= al;
			}
			deg++;
		}
		for (k = 0; k <= deg; k++)
			total += poly[k] * power_sum(z - a, k);
	}
	if (through_zero && lo <= 0 && hi >= 0) {   /* not the zero point */
		i128 zero = 1;
		for (i = 0; i < nf; i++)
			zero *= lim[i] + 1;
		total -= zero;
	}
	*sum = total;
	return 1;
}

/* The point c B: if it lies in the box (|u_i| < X_i, |e| < W), the pairs
 * of keys with that difference, prod (X_i - |u_i|); the same for each box
 * inside it. */
static void visit(enumer *en)
{
	double term = 1;
	__int128 a[LATTICE_MAX_FIELDS + 1];
	unsigned i, j, s;

	for (i = 0; i <= en->nf; i++) {
		__int128 v = 0;
		for (j = 0; j < en->d; j++)
			v += (__int128)en->c[j] * en->row[j][i];
		a[i] = v < 0 ? -v : v;
	}
	for (i = 0; i <= en->nf; i++)
		if (i < en->nf) {
			if ((double)a[i] >= en->s->X[i])
				return;
			term *= en->s->X[i] - (double)a[i];
		} else if ((double)a[i] >= en->s->W) {
			return;
		}
	if (en->mean) {     /* the chance that the two share a bucket */
		term *= (en->s->W - (double)a[en->nf]) / en->s->W;
		if (++en->points > MEAN_POINTS)
			en->gave_up = 1;
	}
	en->pairs += term;
	for (s = 0; s < en->nsub; s++) {
		term = 1;
		for (i = 0; i <= en->nf && term > 0; i++)
			if (a[i] > en->sub_lim[s][i])
				term = 0;
			else if (i < en->nf)
				term *= (double)(en->sub_lim[s][i] + 1 - a[i]);
		en->sub_pairs[s] += term;
	}
}

/* The points P + t B, t = lo..hi (but the zero point when the line
 * passes through it: zero), that lie in the box, in integers of type T
 * (the point's p, b and the limits lim, sub_lim of that type): the pairs
 * of keys with that difference, prod (X_i - |u_i|), into en->pairs; the
 * same for each box inside it.  One loop for line_points' two widths;
 * en, nf, zero, lo, hi, i and s are theirs. */
#define LINE_POINTS(T, p, b, lim, sub_lim) do {                               \
	T t_, a_[LATTICE_MAX_FIELDS + 1], term_;                              \
	for (t_ = (T)lo; t_ <= (T)hi; t_++) {                                 \
		if (zero && t_ == 0)                                          \
			continue;                                             \
		for (i = 0; i <= nf; i++) {                                   \
			a_[i] = p[i] + t_ * b[i];                             \
			a_[i] = a_[i] < 0 ? -a_[i] : a_[i];                   \
			if (a_[i] > lim[i])                                   \
				break;                                        \
		}                                                             \
		if (i <= nf)                                                  \
			continue;                                             \
		for (term_ = 1, i = 0; i < nf; i++)                           \
			term_ *= lim[i] + 1 - a_[i];                          \
		en->pairs += (double)term_;                                   \
		for (s = 0; s < en->nsub; s++) {                              \
			for (term_ = 1, i = 0; i <= nf && term_; i++)         \
				if (a_[i] > sub_lim[s][i])                    \
					term_ = 0;                            \
				else if (i < nf)                              \
					term_ *= sub_lim[s][i] + 1 - a_[i];   \
			en->sub_pairs[s] += (double)term_;                    \
		}                                                             \
	}                                                                     \
} while (0)

/* LINE_POINTS in 64 bits, inlined where it is called so that two fields
 * (nf 2, the offsets' lattices) get a loop of their own. */
static inline __attribute__((always_inline))
void line_points64(enumer *en, const int64_t *p, const int64_t *b, int zero,
                   int64_t lo, int64_t hi, unsigned nf)
{
	unsigned i, s;

	LINE_POINTS(int64_t, p, b, en->lim64, en->sub_lim64);
}

/* LINE_POINTS on exact integers, as line_sum_exact: in 64 bits (the
 * limits' copies en->lim64 and sub_lim64, en->small) when every
 * coordinate P_i + t B_i of the line fits (the products of the X_i -
 * |u_i| are at most K), else in 128.  The same points, the same products
 * added in the same order, so the same sums to the last bit; the
 * __int128 arithmetic was most of the quick screen's walk (issue 21). */
static void line_points(enumer *en, const i128 *P, const i128 *B, int zero,
                        i128 lo, i128 hi)
{
	unsigned nf = en->nf, i, s;
	int64_t p[LATTICE_MAX_FIELDS + 1], b[LATTICE_MAX_FIELDS + 1];
	int small = en->small && lo >= -16 && hi <= 16;

	for (i = 0; small && i <= nf; i++) {
		small = P[i] < (i128)1 << 61 && P[i] > -((i128)1 << 61) &&
		        B[i] < (i128)1 << 56 && B[i] > -((i128)1 << 56);
		p[i] = (int64_t)P[i];
		b[i] = (int64_t)B[i];
	}
	if (small && nf == 2)
		line_points64(en, p, b, zero, (int64_t)lo, (int64_t)hi, 2);
	else if (small)
		line_points64(en, p, b, zero, (int64_t)lo, (int64_t)hi, nf);
	else
		LINE_POINTS(i128, P, B, en->lim, en->sub_lim);
}

/* Level 0: the line through the point the levels above chose, along the
 * first basis vector; the ball's range [lo, hi] of it holds every point
 * of the box on it.  A range of fewer than LINE_SHORT points is tried
 * point by point (line_points: no division), a longer one summed in
 * closed form (line_sum_exact), point by point again only when the line
 * is too long for that. */
static void walk_line(enumer *en, double lo, double hi)
{
	i128 P[LATTICE_MAX_FIELDS + 1], B[LATTICE_MAX_FIELDS + 1], sum, range[2];
	unsigned i, j, s;
	int zero = 1, rc;
	double x;

	for (j = 1; j < en->d; j++)
		zero &= en->c[j] == 0;
	if (en->mean) {     /* weighed by e: point by point */
		for (x = lo; x <= hi && !en->gave_up; x++) {
			en->c[0] = (int64_t)x;
			if (!zero || x != 0)
				visit(en);
		}
		en->c[0] = 0;
		return;
	}
	for (i = 0; i <= en->nf; i++) {
		P[i] = 0;
		for (j = 1; j < en->d; j++)
			P[i] += (i128)en->c[j] * en->row[j][i];
		B[i] = en->row[0][i];
	}
	if (hi - lo < LINE_SHORT) {
		line_points(en, P, B, zero, (i128)lo, (i128)hi);
		return;
	}
	if ((rc = line_sum_exact(en->nf, P, B, en->lim, zero, &sum, range,
	                         0))) {
		en->pairs += (double)sum;
		/* a line that misses the box misses the boxes inside it */
		if (rc != 1 || !en->nsub)
			return;
		if (range[1] - range[0] < LINE_SHORT) {
			/* its few points in the box, each tried in the boxes
			 * inside (their |e| < W is the box's) */
			i128 t, u[LATTICE_MAX_FIELDS];
			for (t = range[0]; t <= range[1]; t++) {
				if (zero && t == 0)
					continue;
				for (i = 0; i < en->nf; i++) {
					u[i] = P[i] + t * B[i];
					u[i] = u[i] < 0 ? -u[i] : u[i];
				}
				for (s = 0; s < en->nsub; s++) {
					i128 term = 1;
					for (i = 0; i < en->nf && term; i++)
						term = u[i] > en->sub_lim[s][i] ? 0
						       : term * (en->sub_lim[s][i] + 1 - u[i]);
					en->sub_pairs[s] += (double)term;
				}
			}
			return;
		}
		for (s = 0; s < en->nsub; s++)
			if (line_sum_exact(en->nf, P, B, en->sub_lim[s], zero, &sum,
			                   range, 1))
				en->sub_pairs[s] += (double)sum;
			else
				en->sub_bad[s] = 1;
		return;
	}
	for (x = lo; x <= hi; x++) {
		en->c[0] = (int64_t)x;
		if (!zero || x != 0)
			visit(en);
	}
	en->c[0] = 0;
}

/* Fincke-Pohst: every c with |sum c_j b_j|^2 <= r2 (scaled to the cube),
 * levels k down to 1; at level 0 the line along b_0 (walk_line); dist
 * the part of the squared length above k. */
static void walk(enumer *en, int k, double dist)
{
	double centre = 0, room, lo, hi, x;
	unsigned j;

	if (en->gave_up)
		return;
	if (++en->nodes > BOUND_NODES) {
		en->gave_up = 1;
		return;
	}
	for (j = (unsigned)k + 1; j < en->d; j++)
		centre -= (double)en->c[j] * en->mu[j][k];
	room = (en->r2 - dist) / en->bb[k];
	if (room < 0)
		return;
	room = sqrt(room);
	lo = ceil(centre - room);
	hi = floor(centre + room);
	if (k == 0) {
		walk_line(en, lo, hi);
		return;
	}
	for (x = lo; x <= hi && !en->gave_up; x++) {
		double y = x - centre;
		en->c[k] = (int64_t)x;
		walk(en, k - 1, dist + y * y * en->bb[k]);
	}
	en->c[k] = 0;
}

/* An upper bound on the cell's R at a start of 0: two keys share a bucket
 * only if their difference u gives |e| < W, and prod (X_i - |u_i|) pairs
 * of keys have that difference u, so the sum of squared loads is at most
 * K plus the sum of that over the lattice's nonzero points in the box.
 * They are enumerated from the reduced basis in the coordinates that make
 * the box the cube |z_i| < 1 (every point of the cube lies in the ball of
 * radius sqrt(d)); each is checked on exact integers.  When the basis
 * did not fit in 64 bits or the points are too many to walk, the bound
 * of every cell: all K keys in one bucket (a sum of squares of K^2).
 * The nodes walked are added to *nodes.  The cells sub[0..nsub) of the
 * same table with fewer keys (boxes inside this one: their points are
 * among its points) are bounded on the same walk, each by the same sum
 * over its own box, exact, into sub_ub[k]; -1 when the walk gave up (or
 * did not run) or a line of one was too long to sum. */
/* en ready to walk the points of the box of s in the reduced basis outi
 * (nf fields): its limits, the cube's Gram-Schmidt, the ball's radius;
 * 0 when the basis is degenerate. */
static int enum_init(enumer *en, const int64_t (*outi)[MODLOAD_LLL_MAX],
                     unsigned nf, const sizes *s)
{
	double g[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1],
	       bs[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1];
	unsigned d = nf + 1, i, j, k;

	memset(en, 0, sizeof *en);
	/* X_i and W are powers of two below 2^64 */
	for (i = 0; i <= nf; i++)
		en->lim[i] = (i128)(i < nf ? s->X[i] : s->W) - 1;
	/* X_i, W and K at most 2^62: the 64-bit short lines (line_points) */
	en->small = s->K <= 0x1p62;
	for (i = 0; i <= nf; i++) {
		en->small &= en->lim[i] < (i128)1 << 62;
		en->lim64[i] = (int64_t)en->lim[i];
	}
	en->d = d;
	en->nf = nf;
	en->row = outi;
	en->s = s;
	for (j = 0; j < d; j++)
		for (i = 0; i < d; i++)
			g[j][i] = (double)outi[j][i] / (i < nf ? s->X[i] : s->W);
	/* Gram-Schmidt */
	for (j = 0; j < d; j++) {
		for (i = 0; i < d; i++)
			bs[j][i] = g[j][i];
		for (k = 0; k < j; k++) {
			double dot = 0;
			for (i = 0; i < d; i++)
				dot += g[j][i] * bs[k][i];
			en->mu[j][k] = dot / en->bb[k];
			for (i = 0; i < d; i++)
				bs[j][i] -= en->mu[j][k] * bs[k][i];
		}
		en->bb[j] = 0;
		for (i = 0; i < d; i++)
			en->bb[j] += bs[j][i] * bs[j][i];
		if (!(en->bb[j] > 0))
			return 0;
	}
	/* a margin for rounding: every point is checked exactly */
	en->r2 = (double)d * (1 + 1e-6) + 1e-9;
	return 1;
}

/* An upper bound on the cell's R at a start of 0: two keys share a bucket
 * only if their difference u gives |e| < W, and prod (X_i - |u_i|) pairs
 * of keys have that difference u, so the sum of squared loads is at most
 * K plus the sum of that over the lattice's nonzero points in the box.
 * They are enumerated from the reduced basis in the coordinates that make
 * the box the cube |z_i| < 1 (every point of the cube lies in the ball of
 * radius sqrt(d)); each is checked on exact integers.  When the basis
 * did not fit in 64 bits or the points are too many to walk, the bound
 * of every cell: all K keys in one bucket (a sum of squares of K^2).
 * The nodes walked are added to *nodes.  The cells sub[0..nsub) of the
 * same table with fewer keys (boxes inside this one: their points are
 * among its points) are bounded on the same walk, each by the same sum
 * over its own box, exact, into sub_ub[k]; -1 when the walk gave up (or
 * did not run) or a line of one was too long to sum. */
static double bound_job(const int64_t (*outi)[MODLOAD_LLL_MAX], int fits,
                        unsigned nf, const sizes *s, uint64_t *nodes,
                        const sizes *sub, unsigned nsub, double *sub_ub)
{
	double most = (s->K * s->K + s->K) / 2 / s->expect;
	enumer en;
	unsigned i, k;

	for (k = 0; k < nsub; k++)
		sub_ub[k] = -1;
	if (!fits || !enum_init(&en, outi, nf, s))
		return most;
	en.nsub = nsub;
	for (k = 0; k < nsub; k++)
		for (i = 0; i <= nf; i++) {
			en.sub_lim[k][i] = (i128)(i < nf ? sub[k].X[i] : sub[k].W) - 1;
			en.sub_lim64[k][i] = (int64_t)en.sub_lim[k][i];
		}
	walk(&en, (int)nf, 0);
	*nodes += en.nodes;
	if (en.gave_up)
		return most;
	for (k = 0; k < nsub; k++)
		if (!en.sub_bad[k])
			sub_ub[k] = fmin((sub[k].K * sub[k].K + sub[k].K) / 2 /
			                 sub[k].expect, (2 * sub[k].K + en.sub_pairs[k]) /
			                 2 / sub[k].expect);
	return fmin(most, (2 * s->K + en.pairs) / 2 / s->expect);
}

double lattice_mean(uint64_t p, unsigned n, const lattice_layout *lay,
                    const unsigned *xb, unsigned b, int *exact)
{
	modload_lll job;
	sizes s;
	enumer en;

	sizes_of(lay->nf, n, xb, b, &s);
	reduce(p, n, lay, xb, b, &job);
	*exact = 0;
	if (!job.fits || !enum_init(&en, (const int64_t (*)[MODLOAD_LLL_MAX])
	                            job.outi, lay->nf, &s))
		return 2 * s.K / 2 / s.expect;     /* the keys alone */
	en.mean = 1;
	walk(&en, (int)lay->nf, 0);
	*exact = !en.gave_up;
	return (2 * s.K + en.pairs) / 2 / s.expect;
}

double lattice_predict(uint64_t p, unsigned n, const lattice_layout *lay,
                       const unsigned *xb, unsigned b, int64_t *vec)
{
	modload_lll job;
	sizes s;

	sizes_of(lay->nf, n, xb, b, &s);
	reduce(p, n, lay, xb, b, &job);
	return predict_job(&job, lay->nf, &s, vec);
}

double lattice_bound(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *xb, unsigned b)
{
	modload_lll job;
	sizes s;

	uint64_t nodes = 0;

	sizes_of(lay->nf, n, xb, b, &s);
	reduce(p, n, lay, xb, b, &job);
	return bound_job((const int64_t (*)[MODLOAD_LLL_MAX])job.outi, job.fits,
	                 lay->nf, &s, &nodes, NULL, 0, NULL);
}

/* ---- the worst cell: predicted, or exact by branch and bound ------------ */

/* A cell of one of several layouts, with its bound.  The bound is lazy:
 * first the bound of every cell (all keys in one bucket), the lattice's
 * enumeration (bound_job) only when that cannot settle the cell. */
typedef struct bcell {
	lattice_cell c;
	double ub;                 /* >= the counted R */
	int walked;                /* ub is bound_job's */
	int reduced;               /* basis, fits, c.pred and c.vec made */
	int pruned;                /* bounded below rmin: out of the heap */
	int fits;                  /* the basis fits in 64 bits */
	int64_t basis[MODLOAD_LLL_MAX][MODLOAD_LLL_MAX];   /* reduced */
	sizes s;
	unsigned li;               /* its layout */
	size_t k;                  /* its place, for a stable order */
} bcell;

/* The cell's lattice reduced (its basis kept for the bound), its
 * prediction made: c.pred, and c.r while it is not counted. */
static void reduce_cell(uint64_t p, unsigned n, const lattice_layout *lay,
                        bcell *c)
{
	unsigned nf = lay[c->li].nf, i, j;
	modload_lll job;

	reduce(p, n, &lay[c->li], c->c.xb, c->c.b, &job);
	c->c.pred = predict_job(&job, nf, &c->s, c->c.vec);
	if (c->c.counted < 0)
		c->c.r = c->c.pred;
	c->fits = job.fits;
	for (j = 0; j <= nf; j++)
		for (i = 0; i <= nf; i++)
			c->basis[j][i] = job.outi[j][i];
	c->reduced = 1;
}

/* Every cell of layouts lay[0..nl) (tables[] x loads 1..8) into out (room
 * for nl ntables 4), in that order (a table's loads one after the
 * other), each predicted, its basis kept for the bound; lazy: neither
 * yet (reduce_cell when needed). */
static size_t cells_of(uint64_t p, unsigned n, const lattice_layout *lay,
                       size_t nl, const unsigned *tables, size_t ntables,
                       int lazy, bcell *out)
{
	size_t li, k, m = 0;
	unsigned l, i;

	for (li = 0; li < nl; li++)
		for (k = 0; k < ntables; k++)
			for (l = 0; l < 4; l++) {
				unsigned b = tables[k], xb[LATTICE_MAX_FIELDS];
				bcell *c = &out[m];
				if (b >= n || !lattice_spread(&lay[li], n, b + l, xb))
					continue;
				memset(c, 0, sizeof *c);
				c->li = (unsigned)li;
				c->k = m++;
				c->c.b = b;
				c->c.load = 1u << l;
				for (i = 0; i < lay[li].nf; i++)
					c->c.xb[i] = xb[i];
				sizes_of(lay[li].nf, n, xb, b, &c->s);
				c->c.counted = -1;
				c->ub = (c->s.K * c->s.K + c->s.K) / 2 / c->s.expect;
				if (!lazy)
					reduce_cell(p, n, lay, c);
			}
	return m;
}

/* The heap's order: the higher bound first, then the earlier cell. */
static int above(const bcell *c, size_t x, size_t y)
{
	if (c[x].ub != c[y].ub)
		return c[x].ub > c[y].ub;
	return c[x].k < c[y].k;
}

static void sift_down(const bcell *c, size_t *heap, size_t len, size_t at)
{
	for (;;) {
		size_t l = 2 * at + 1, r = l + 1, top = at, t;
		if (l < len && above(c, heap[l], heap[top]))
			top = l;
		if (r < len && above(c, heap[r], heap[top]))
			top = r;
		if (top == at)
			return;
		t = heap[at];
		heap[at] = heap[top];
		heap[top] = t;
		at = top;
	}
}

static int same_keys(const bcell *a, const bcell *b, const lattice_layout *lay)
{
	unsigned f;

	if (a->li != b->li)
		return 0;
	for (f = 0; f < lay[a->li].nf; f++)
		if (a->c.xb[f] != b->c.xb[f])
			return 0;
	return 1;
}

/* Count cell c[k] and every other cell of its layout with the same keys
 * (the same xb: load 2^b the same 2^j), in one pass (count_tables); its
 * work added to *work. */
static void count_group(uint64_t p, unsigned n, const lattice_layout *lay,
                        bcell *c, size_t m, size_t k, uint32_t *scratch,
                        uint64_t *work)
{
	double r[64];
	unsigned bmin = c[k].c.b, bmax = c[k].c.b, j = 0, f;
	size_t i;

	for (f = 0; f < lay[c[k].li].nf; f++)
		j += c[k].c.xb[f];
	/* every cell of stride_tables fits: 2^20 x8 */
	if (j > LATTICE_COUNT_MAX)
		return;
	for (i = 0; i < m; i++)
		if (same_keys(&c[i], &c[k], lay)) {
			bmin = c[i].c.b < bmin ? c[i].c.b : bmin;
			bmax = c[i].c.b > bmax ? c[i].c.b : bmax;
		}
	*work += count_tables(p, n, &lay[c[k].li], c[k].c.xb, bmin, bmax,
	                      scratch, r);
	for (i = 0; i < m; i++)
		if (same_keys(&c[i], &c[k], lay))
			c[i].c.counted = c[i].c.r = r[c[i].c.b];
}

/*
 * The large cells of a layout, counted as one growing set of keys.  The
 * keys of 2^(j+1) are those of 2^j and as many more (spread_raw: one
 * field one bit wider), so a layout's keys are counted once, in the
 * table of 2^B buckets (the scratch), up to the largest 2^j a cell asks;
 * at each 2^j on the way the table is folded (into tmp, keeping it) to
 * the sums of that j's cells, which are then counted.  The cells of one
 * layout asked in any order cost its largest count once, not the sum of
 * their counts (2^19 to 2^23 keys: 2^23 keys, not 2^24).  Below 2^(B-1)
 * keys a cell is counted by itself (count_group), which is cheaper than
 * folding the whole table.  Only for one layout (lattice_worst): the
 * offsets' branch and bound moves between some fifty layouts, each move
 * would start the set over, and counting a small cell in the table does
 * too.
 */
typedef struct grow {
	unsigned B;                /* the table's level */
	uint32_t *table, *tmp;     /* 2^B and 2^(B-1) counters */
	int live;                  /* the layout in the table, or -1 */
	unsigned jdone;            /* its keys counted: 2^jdone */
	uint64_t *work;            /* the keys hashed are added to it */
} grow;

/* Count layout li's keys up to 2^jt (jt >= B - 1), counting every cell of
 * it from 2^(B-1) keys on the way. */
static void grow_to(uint64_t p, unsigned n, const lattice_layout *lay,
                    bcell *c, size_t m, unsigned li, unsigned jt, grow *g)
{
	unsigned xb[LATTICE_MAX_FIELDS], nx[LATTICE_MAX_FIELDS], j, f;
	uint64_t lo[LATTICE_MAX_FIELDS];
	const lattice_layout *L = &lay[li];

	if (g->live != (int)li || g->jdone > jt) {
		g->live = (int)li;
		g->jdone = g->B - 1;
		memset(g->table, 0, sizeof *g->table << g->B);
		if (!spread_raw(L, n, g->jdone, xb)) {
			g->live = -1;
			return;
		}
		memset(lo, 0, sizeof lo);
		*g->work += count_box(p, n, L, lo, xb, g->B, g->table) +
		            ((uint64_t)1 << g->B);
		j = g->jdone;
	} else {
		j = g->jdone + 1;
	}
	for (; j <= jt; j++) {
		size_t i;
		unsigned bmin = g->B + 1, bmax = 0, b;
		uint64_t s2;
		if (j > g->jdone) {          /* the keys of 2^j not in 2^(j-1) */
			if (!spread_raw(L, n, j - 1, xb) || !spread_raw(L, n, j, nx))
				return;
			for (f = 0; f < L->nf; f++) {
				lo[f] = 0;
				if (nx[f] != xb[f])
					lo[f] = (uint64_t)1 << xb[f];
			}
			*g->work += count_box(p, n, L, lo, xb, g->B, g->table);
			g->jdone = j;
		}
		if (!spread_raw(L, n, j, nx))
			return;
		for (i = 0; i < m; i++)
			if (c[i].li == li && c[i].c.counted < 0 &&
			    !memcmp(c[i].c.xb, nx, L->nf * sizeof *nx)) {
				bmin = c[i].c.b < bmin ? c[i].c.b : bmin;
				bmax = c[i].c.b > bmax ? c[i].c.b : bmax;
			}
		if (bmin > bmax)
			continue;
		/* the sums at B, then folded into tmp down to bmin */
		{
			double r[64];
			const uint32_t *in = g->table;
			for (b = g->B;; b--) {
				uint64_t k;
				if (b == g->B) {
					s2 = squares(in, b);
				} else {
					for (k = 0, s2 = 0; k < (uint64_t)1 << b; k++) {
						uint32_t v = in[2 * k] + in[2 * k + 1];
						g->tmp[k] = v;
						s2 += (uint64_t)v * v;
					}
					in = g->tmp;
				}
				r[b] = ratio_of(s2, b, ldexp(1, (int)j));
				*g->work += (uint64_t)1 << b;
				if (b == bmin)
					break;
			}
			for (i = 0; i < m; i++)
				if (c[i].li == li && c[i].c.counted < 0 &&
				    !memcmp(c[i].c.xb, nx, L->nf * sizeof *nx))
					c[i].c.counted = c[i].c.r = r[c[i].c.b];
		}
	}
}

/*
 * The worst of the cells c[0..m): with scratch, exact, by branch and
 * bound: the cells are taken highest bound first; a cell whose bound is
 * still the coarse one (all keys in a bucket) is bounded by the lattice
 * (bound_job) and put back, one bounded by the lattice is counted key by
 * key; it stops when the highest bound left is no more than the worst
 * counted (no cell left can beat it).  A constant that collapses the keys
 * (far below 2^n: short vectors everywhere) reaches an R that the coarse
 * bound of most cells is below, so they are neither walked nor counted.
 * With rmin > 0 it answers only whether the worst reaches rmin: it
 * stops at the first cell counted at rmin or more (that one comes back)
 * or when the highest bound left is below rmin (the worst counted so
 * far comes back, below rmin too; none: 0).  Without scratch, the worst
 * predicted.  *worst and *li set (zeroed when
 * m is 0), worst->work the nodes walked and keys hashed; returns its r.
 *
 * With rmin > 0 the cells come lazy (cells_of): a cell is reduced when
 * it is walked, or when it comes back.  Before the heap, each table's
 * cell of 8 keys a bucket is walked, and on that walk the cells of the
 * same table with 1, 2 and 4 (boxes inside its box) are bounded too
 * (bound_job's sub); one whose bound is below rmin is left out of the
 * heap, neither reduced nor walked nor counted.  That changes nothing
 * the screen answers: such a cell's count is below rmin, so it can be
 * neither the first counted at rmin or more nor stop the walk of the
 * others, and the heap takes the others in the same order, by the same
 * bounds (each cell left in is walked by itself, as before).
 */
static void screen_tables(uint64_t p, unsigned n, const lattice_layout *lay,
                          bcell *c, size_t m, double rmin, uint64_t *work)
{
	size_t k, sib[LATTICE_SUBS];
	sizes ss[LATTICE_SUBS];
	double ub[LATTICE_SUBS];
	unsigned ns, i;

	for (k = 0; k < m; k++) {
		bcell *t = &c[k];
		if (t->c.load != 8)
			continue;
		for (ns = 0; ns < LATTICE_SUBS && ns < k &&
		     c[k - ns - 1].li == t->li && c[k - ns - 1].c.b == t->c.b; ns++) {
			sib[ns] = k - ns - 1;
			ss[ns] = c[sib[ns]].s;
		}
		if (!ns)
			continue;
		reduce_cell(p, n, lay, t);
		t->walked = 1;
		t->ub = fmin(t->ub, bound_job((const int64_t (*)[MODLOAD_LLL_MAX])
		             t->basis, t->fits, lay[t->li].nf, &t->s, work, ss, ns,
		             ub));
		for (i = 0; i < ns; i++)
			if (ub[i] >= 0 && ub[i] < rmin)
				c[sib[i]].pruned = 1;
	}
}

static int cuts_off;   /* lattice_cuts_set(0)'s */

int lattice_cuts_off(void)
{
	return cuts_off;
}

void lattice_cuts_set(int on)
{
	cuts_off = !on;
}

static double worst_of(uint64_t p, unsigned n, const lattice_layout *lay,
                       bcell *c, size_t m, uint32_t *scratch, double rmin,
                       lattice_cell *worst, unsigned *li)
{
	size_t k, best = m;
	uint64_t work = 0;

	memset(worst, 0, sizeof *worst);
	worst->counted = -1;
	*li = 0;
	if (!scratch) {
		for (k = 0; k < m; k++)
			if (best == m || c[k].c.pred > c[best].c.pred)
				best = k;
	} else {
		grow g = { 0, scratch, NULL, -1, 0, &work };
		size_t *heap = xmalloc((m + 1) * sizeof *heap, "lattice heap"),
		       len = m;
		int one = 1;             /* one layout: the offsets' 50-odd would
		                          * start the set over at each switch */
		if (rmin > 0 && !lattice_cuts_off())
			screen_tables(p, n, lay, c, m, rmin, &work);
		for (k = 0, len = 0; k < m; k++) {
			g.B = c[k].c.b > g.B ? c[k].c.b : g.B;
			one &= c[k].li == 0;
			if (!c[k].pruned)
				heap[len++] = k;
		}
		for (k = len / 2; k-- > 0;)
			sift_down(c, heap, len, k);
		while (len) {
			bcell *t = &c[heap[0]];
			unsigned j = 0, f;
			if ((best < m && (t->ub <= c[best].c.r ||
			                  (rmin > 0 && c[best].c.r >= rmin))) ||
			    t->ub < rmin)
				break;
			if (!t->walked && t->c.counted < 0) {
				if (!t->reduced)
					reduce_cell(p, n, lay, t);
				t->walked = 1;
				t->ub = fmin(t->ub, bound_job((const int64_t
				        (*)[MODLOAD_LLL_MAX])t->basis, t->fits,
				        lay[t->li].nf, &t->s, &work, NULL, 0, NULL));
				sift_down(c, heap, len, 0);
				continue;
			}
			k = heap[0];
			heap[0] = heap[--len];
			sift_down(c, heap, len, 0);
			for (f = 0; f < lay[t->li].nf; f++)
				j += t->c.xb[f];
			if (one && t->c.counted < 0 && g.B > 1 && j + 1 >= g.B &&
			    j <= LATTICE_COUNT_MAX) {
				if (!g.tmp)
					g.tmp = xmalloc(sizeof *g.tmp << (g.B - 1),
					                "field counts");
				grow_to(p, n, lay, c, m, t->li, j, &g);
			}
			if (t->c.counted < 0) {
				count_group(p, n, lay, c, m, k, scratch, &work);
				g.live = -1;         /* the table is the scratch */
			}
			if (best == m || t->c.r > c[best].c.r)
				best = k;
		}
		free(g.tmp);
		free(heap);
	}
	if (best == m)
		return 0;
	if (!c[best].reduced)             /* its prediction and vector */
		reduce_cell(p, n, lay, &c[best]);
	*worst = c[best].c;
	worst->work = work;
	*li = c[best].li;
	return worst->r;
}

double lattice_worst(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *tables, size_t ntables,
                     lattice_cell *worst, uint32_t *scratch)
{
	return lattice_worst_from(p, n, lay, tables, ntables, 0, worst, scratch);
}

double lattice_worst_from(uint64_t p, unsigned n, const lattice_layout *lay,
                          const unsigned *tables, size_t ntables, double rmin,
                          lattice_cell *worst, uint32_t *scratch)
{
	bcell *c = xmalloc((ntables * 4 + 1) * sizeof *c, "lattice cells");
	size_t m = cells_of(p, n, lay, 1, tables, ntables,
	                    scratch && rmin > 0 && !lattice_cuts_off(), c);
	unsigned li;
	double r = worst_of(p, n, lay, c, m, scratch, rmin, worst, &li);

	free(c);
	return r;
}

double lattice_offsets(uint64_t p, unsigned n, const unsigned *tables,
                       size_t ntables, lattice_cell *worst, unsigned *h_out,
                       uint32_t *scratch)
{
	return lattice_offsets_from(p, n, tables, ntables, 0, 0, worst, h_out,
	                            scratch);
}

double lattice_offsets_except(uint64_t p, unsigned n, const unsigned *tables,
                              size_t ntables, uint64_t skip,
                              lattice_cell *worst, unsigned *h_out,
                              uint32_t *scratch)
{
	return lattice_offsets_from(p, n, tables, ntables, skip, 0, worst, h_out,
	                            scratch);
}

double lattice_offsets_from(uint64_t p, unsigned n, const unsigned *tables,
                            size_t ntables, uint64_t skip, double rmin,
                            lattice_cell *worst, unsigned *h_out,
                            uint32_t *scratch)
{
	lattice_layout lay[64];
	bcell *c;
	unsigned h, nl = 0, li;
	size_t m;
	double r;

	for (h = LATTICE_MIN_FIELD; h + LATTICE_MIN_FIELD <= n; h++)
		if (!(skip >> h & 1)) {
			lay[nl].nf = 2;
			lay[nl].shift[0] = h;
			lay[nl].shift[1] = 0;
			nl++;
		}
	c = xmalloc((nl * ntables * 4 + 1) * sizeof *c, "lattice cells");
	m = cells_of(p, n, lay, nl, tables, ntables,
	             scratch && rmin > 0 && !lattice_cuts_off(), c);
	r = worst_of(p, n, lay, c, m, scratch, rmin, worst, &li);
	*h_out = m ? lay[li].shift[0] : 0;
	free(c);
	return r;
}

size_t lattice_fixed(unsigned n, lattice_layout *out)
{
	static const lattice_layout fixed[] = {
		{ 4, { 24, 16, 8, 0 } },
		{ 3, { 20, 12, 0, 0 } },
		{ 4, { 32, 20, 12, 0 } },
	};
	size_t i, k = 0;

	for (i = 0; i < sizeof fixed / sizeof *fixed; i++)
		if (fixed[i].shift[0] + LATTICE_MIN_FIELD <= n)
			out[k++] = fixed[i];
	return k;
}
