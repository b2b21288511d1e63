/*
 * stride.c - every stride screened by its lattice (see stride.h).
 *
 * The lattice {(d, e) : e = d m mod 2^n} has the basis (1, m), (0, 2^n).
 * A cell (K keys, buckets of width W) asks for its points in the box
 * |d| < K, |e| < W; scaled by 1/K and 1/W the box is a square, and the
 * Lagrange-Gauss reduction of the scaled lattice gives a basis b1 (the
 * shortest vector), b2 in which every point is i b1 + j b2 with |j| at
 * most (|b1.d| W + |b1.e| K) / 2^n (the cross product with b1 is j times
 * the determinant): a few lines, each an interval of i.  Along a line d
 * and e are linear in i, so (K - |d|)(W - |e|) is a quadratic on each
 * piece where neither changes sign, summed in closed form.  The cells of
 * one stride differ only in the box's aspect ratio K / W; they are taken
 * in order of it, each reduction starting from the last basis (a step or
 * two).  Components are exact 128-bit integers; only the choice of the
 * reduction's multiples and the sums use double, which changes nothing but the
 * number of lines.
 */
#include <assert.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>

#include "cfx/stride.h"
#include "cfx/word.h"

typedef __int128 i128;
typedef unsigned __int128 u128;

typedef struct vec { i128 d, e; } vec;

size_t stride_tables(unsigned n, unsigned *tables)
{
	unsigned b, top = n >= 24 ? 20 : n > 8 ? n - 4 : 4;
	size_t k = 0;

	for (b = 4; b <= top && b < n; b++)
		tables[k++] = b;
	return k;
}

/* ---- the reduction ------------------------------------------------------ */

/* i128 to double without the library call when it fits in 64 bits. */
static inline double dbl(i128 x)
{
	return x == (int64_t)x ? (double)(int64_t)x : (double)x;
}

static inline i128 from_dbl(double x)
{
	return fabs(x) < 0x1p62 ? (i128)(int64_t)x : (i128)x;
}

static double norm2(vec v, double se)
{
	double x = dbl(v.d), y = dbl(v.e) * se;

	return x * x + y * y;
}

static double dot(vec a, vec b, double se)
{
	return dbl(a.d) * dbl(b.d) + dbl(a.e) * se * (dbl(b.e) * se);
}

/* Lagrange-Gauss on (d, e se): b1 the shorter on return.  The multiples
 * are rounded in double: an inexact one only costs another step. */
static void reduce(vec *b1, vec *b2, double se)
{
	double n1 = norm2(*b1, se), n2 = norm2(*b2, se);
	int it;

	if (n2 < n1) {
		vec t = *b1; *b1 = *b2; *b2 = t;
		double tn = n1; n1 = n2; n2 = tn;
	}
	for (it = 0; it < 400; it++) {
		double mu = nearbyint(dot(*b1, *b2, se) / n1);
		i128 r;
		if (mu == 0)
			break;
		r = from_dbl(mu);
		b2->d -= r * b1->d;
		b2->e -= r * b1->e;
		n2 = norm2(*b2, se);
		if (n2 >= n1)
			break;
		{
			vec t = *b1; *b1 = *b2; *b2 = t;
			double tn = n1; n1 = n2; n2 = tn;
		}
	}
}

/* ---- the sum along a line ----------------------------------------------- */

static i128 iabs(i128 x)
{
	return x < 0 ? -x : x;
}

static i128 floor_div(i128 a, i128 b)      /* b > 0 */
{
	i128 q;

	if (a == (int64_t)a && b == (int64_t)b) {
		int64_t x = (int64_t)a, y = (int64_t)b, r = x / y;
		return (x % y != 0 && x < 0) ? r - 1 : r;
	}
	q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/* i with |a + i s| < L: [*lo, *hi] (intersected into them). */
static void clip(i128 a, i128 s, i128 L, i128 *lo, i128 *hi)
{
	i128 l, h;

	if (s == 0) {
		if (iabs(a) >= L)
			*hi = *lo - 1;
		return;
	}
	if (s < 0) {
		a = -a;
		s = -s;
	}
	/* -L < a + i s < L */
	l = floor_div(-L - a, s) + 1;
	h = -floor_div(-(L - a), s) - 1;       /* ceil((L - a) / s) - 1 */
	if (l > *lo)
		*lo = l;
	if (h < *hi)
		*hi = h;
}

/* Sum over i in [u0, u1] of (K - |a + i s|)(W - |c + i t|), neither sign
 * changing inside. */
static double piece(i128 a, i128 s, i128 c, i128 t, i128 K, i128 W,
                    i128 u0, i128 u1)
{
	i128 d0 = a + u0 * s, d1 = a + u1 * s, e0 = c + u0 * t,
	     e1 = c + u1 * t;
	int sd = d0 + d1 >= 0 ? 1 : -1, se = e0 + e1 >= 0 ? 1 : -1;
	double P0 = dbl(K - iabs(d0)), P1 = dbl(-sd * s),
	       Q0 = dbl(W - iabs(e0)), Q1 = dbl(-se * t),
	       n = dbl(u1 - u0 + 1),
	       S1 = n * (n - 1) / 2, S2 = (n - 1) * n * (2 * n - 1) / 6;

	return P0 * Q0 * n + (P0 * Q1 + P1 * Q0) * S1 + P1 * Q1 * S2;
}

/* The zero of a + i s splits at floor(-a / s): i <= z on one side. */
static i128 zero_at(i128 a, i128 s)
{
	if (s < 0) {
		a = -a;
		s = -s;
	}
	return floor_div(-a, s);
}

static double line(i128 a, i128 s, i128 c, i128 t, i128 K, i128 W,
                        i128 lo, i128 hi)
{
	i128 cut[4];
	size_t n = 0, k;
	double sum = 0;

	if (lo > hi)
		return 0;
	cut[n++] = lo - 1;
	if (s != 0) {
		i128 z = zero_at(a, s);
		if (z >= lo && z < hi)
			cut[n++] = z;
	}
	if (t != 0) {
		i128 z = zero_at(c, t);
		if (z >= lo && z < hi)
			cut[n++] = z;
	}
	if (n == 3 && cut[2] < cut[1]) {
		i128 x = cut[1]; cut[1] = cut[2]; cut[2] = x;
	}
	cut[n++] = hi;
	for (k = 0; k + 1 < n; k++)
		if (cut[k + 1] > cut[k])
			sum += piece(a, s, c, t, K, W, cut[k] + 1, cut[k + 1]);
	return sum;
}

/* The pair sum of one cell from a reduced basis: E S2 - K. */
static double pairs(vec b1, vec b2, unsigned n, uint64_t K64,
                    unsigned b)
{
	i128 K = (i128)K64, W = (i128)1 << (n - b), N = (i128)1 << n;
	double J = (dbl(iabs(b1.d)) * dbl(W) + dbl(iabs(b1.e)) * dbl(K)) /
	           dbl(N);
	i128 j, jmax = from_dbl(J) + 1;
	double sum = 0;

	for (j = 0; j <= jmax; j++) {
		i128 lo = j == 0 ? 1 : -((i128)1 << 100), hi = (i128)1 << 100;
		i128 a = j * b2.d, c = j * b2.e;
		clip(a, b1.d, K, &lo, &hi);
		clip(c, b1.e, W, &lo, &hi);
		sum += line(a, b1.d, c, b1.e, K, W, lo, hi);
	}
	return 2 * sum / dbl(W);
}

static double ratio(double s2, uint64_t K, unsigned b)
{
	double k = (double)K, M = ldexp(1, (int)b);
	double expect = (k * (1 - 1 / M) + k * k / M + k) / 2;

	return (s2 + k) / 2 / expect;
}

static void start_basis(uint64_t m, unsigned n, vec *b1, vec *b2)
{
	i128 N = (i128)1 << n, mm = (i128)(m & word_mask(n));

	if (mm >= N / 2)
		mm -= N;
	b1->d = 1;
	b1->e = mm;
	b2->d = 0;
	b2->e = N;
}

/* e is scaled by K / W = 2^(log2 K - (n - b)) */
static double scale_of(uint64_t K, unsigned n, unsigned b)
{
	int lk = 63 - __builtin_clzll(K);

	return ldexp(1, lk - (int)(n - b));
}

double stride_predict(uint64_t m, unsigned n, uint64_t K, unsigned b)
{
	vec b1, b2;

	assert(n >= 2 && n <= 64 && b >= 1 && b < n && K >= 1);
	start_basis(m, n, &b1, &b2);
	reduce(&b1, &b2, ldexp((double)K, -(int)(n - b)));
	return ratio((double)K + pairs(b1, b2, n, K, b), K, b);
}

/* The convergent vectors of m / 2^n: v_-1 = (0, -2^n), v_0 = (1, m),
 * v_(i+1) = a_(i+1) v_i + v_(i-1) = (q_(i+1), q_(i+1) m - p_(i+1) 2^n),
 * up to the first q above 2^STRIDE_CF_TOP (or the last, when m / 2^n
 * ends).  quo[i] = a_(i+1), the quotient after v_i (0: none, the
 * fraction ended). */
#define STRIDE_CF_TOP 24           /* past every cell's K (2^23) */
#define STRIDE_GATE 8
#define STRIDE_CF_MAX 100

typedef struct cf_lat {
	size_t n;                    /* v[0] is v_-1 */
	vec v[STRIDE_CF_MAX + 2];
	u128 quo[STRIDE_CF_MAX + 2];
} cf_lat;

static void cf_lattice(uint64_t m, unsigned n, cf_lat *L)
{
	uint64_t den = m & word_mask(n), num, a;
	u128 a0;

	L->v[0].d = 0;
	L->v[0].e = -((i128)1 << n);
	L->v[1].d = 1;
	L->v[1].e = (i128)den;
	L->quo[0] = 0;
	L->quo[1] = 0;
	L->n = 2;
	if (!den)
		return;
	/* the first step divides 2^n (n = 64 needs 128 bits), the rest fit
	 * in a machine word */
	a0 = ((u128)1 << n) / den;
	num = den;
	den = (uint64_t)(((u128)1 << n) % den);
	L->quo[1] = a0;
	L->v[2].d = (i128)a0;
	L->v[2].e = (i128)a0 * L->v[1].e + L->v[0].e;
	L->n = 3;
	while (den && L->n < STRIDE_CF_MAX) {
		vec *p = &L->v[L->n - 2], *c = &L->v[L->n - 1], *x = &L->v[L->n];
		uint64_t r;
		if (c->d > ((i128)1 << STRIDE_CF_TOP)) {
			L->quo[L->n - 1] = num / den;
			return;
		}
		a = num / den;
		r = num % den;
		L->quo[L->n - 1] = a;
		x->d = (i128)a * c->d + p->d;
		x->e = (i128)a * c->e + p->e;
		L->n++;
		num = den;
		den = r;
	}
	L->quo[L->n - 1] = 0;
}

/* The convergent index k with q_k <= K < q_(k+1) (the last when none
 * follows): v[k + 1] in L's numbering. */
static size_t cf_place(const cf_lat *L, uint64_t K)
{
	size_t i = 1;

	while (i + 1 < L->n && L->v[i + 1].d <= (i128)K)
		i++;
	return i;
}

/* A cell's R from the convergents around K. */
static double cell(const cf_lat *L, size_t i, unsigned n, uint64_t K,
                   unsigned b)
{
	vec b1 = L->v[i], b2 = i + 1 < L->n ? L->v[i + 1] : L->v[i - 1];

	reduce(&b1, &b2, scale_of(K, n, b));
	return ratio((double)K + pairs(b1, b2, n, K, b), K, b);
}

/* The quotient after q_k <= K (infinite when the fraction ended there:
 * keys repeat their products' spacing exactly). */
static u128 cf_next(const cf_lat *L, size_t i)
{
	return L->quo[i] ? L->quo[i] : ~(u128)0;
}

/* 1 when some quotient after a q_k <= K reaches gate (or the fraction
 * ends there): Euclid alone, in machine words after the first step. */
static int may_reach(uint64_t m, unsigned n, uint64_t K, u128 gate)
{
	uint64_t num, den = m & word_mask(n), q = 1, qp = 0, a;

	if (!den)
		return 1;
	/* the first step divides 2^n: for n = 64, 2^64 = (2^64 - den) + den
	 * keeps it in a machine word */
	if (n < 64) {
		a = ((uint64_t)1 << n) / den;
		num = den;
		den = ((uint64_t)1 << n) % den;
	} else if (den == 1) {
		return ((u128)1 << 64) >= gate;   /* a = 2^64, then the end */
	} else {
		a = (uint64_t)-den / den + 1;
		num = den;
		den = (uint64_t)-den % den;
	}
	if (a >= gate)
		return 1;
	for (;;) {
		u128 nq = (u128)a * q + qp;
		uint64_t r;
		if (!den)
			return nq <= K;           /* ended at q_(k+1): exact */
		if (nq > K)
			return 0;
		qp = q;
		q = (uint64_t)nq;
		/* most quotients are 1 to 3: subtract before dividing */
		r = num - den;
		a = 1;
		if (r >= den) {
			r -= den;
			a = 2;
			if (r >= den) {
				r -= den;
				a = 3;
				if (r >= den) {
					a = num / den;
					r = num - a * den;
				}
			}
		}
		if (a >= gate)
			return 1;
		num = den;
		den = r;
	}
}

/* Worst cell of stride c; cells whose quotient after q_k <= K is below
 * gate are not evaluated (gate 0: every cell). */
static double worst_gated(uint64_t p, unsigned n, uint64_t c,
                          const unsigned *tables, size_t ntables,
                          u128 gate, stride_cell *worst)
{
	uint64_t m = (c * p) & word_mask(n);
	unsigned t = c ? (unsigned)__builtin_ctzll(c) : n;
	unsigned keybits = n - (t < n ? t : n), j, l;
	cf_lat L;
	size_t k;

	memset(worst, 0, sizeof *worst);
	if (!ntables || keybits == 0)
		return 0;
	if (gate && !may_reach(m, n, (uint64_t)1 << (tables[ntables - 1] +
	                       STRIDE_LOADS - 1), gate))
		return 0;
	cf_lattice(m, n, &L);
	for (j = tables[0]; j < tables[ntables - 1] + STRIDE_LOADS &&
	     j <= keybits; j++) {
		uint64_t K = (uint64_t)1 << j;
		size_t i = cf_place(&L, K);
		if (gate && cf_next(&L, i) < gate)
			continue;
		for (l = 0; l < STRIDE_LOADS && l <= j; l++) {
			unsigned b = j - l;
			double r;
			for (k = 0; k < ntables && tables[k] != b; k++)
				;
			if (k == ntables || b >= n)
				continue;
			r = cell(&L, i, n, K, b);
			if (r > worst->r) {
				worst->r = r;
				worst->b = b;
				worst->load = 1u << l;
			}
		}
	}
	return worst->r;
}

double stride_worst(uint64_t p, unsigned n, uint64_t c,
                    const unsigned *tables, size_t ntables,
                    stride_cell *worst)
{
	return worst_gated(p, n, c, tables, ntables, 0, worst);
}

size_t stride_map_set(uint64_t *cs)
{
	size_t k = 0;
	uint64_t c;

	for (c = 1; c <= STRIDE_MAP_SMALL; c++)
		cs[k++] = c;
	for (c = STRIDE_MAP_SMALL + STRIDE_MAP_STEP; c <= STRIDE_MAP_TOP;
	     c += STRIDE_MAP_STEP)
		cs[k++] = c;
	assert(k == STRIDE_MAP_COUNT);
	return k;
}

int stride_by_worst(const void *a, const void *b)
{
	const stride_hit *x = a, *y = b;

	if (x->worst.r != y->worst.r)
		return x->worst.r < y->worst.r ? 1 : -1;
	return x->c < y->c ? -1 : x->c > y->c;
}

double stride_map(uint64_t p, unsigned n, const unsigned *tables,
                  size_t ntables, stride_hit *out)
{
	uint64_t cs[STRIDE_MAP_COUNT];
	size_t k = stride_map_set(cs), i;

	for (i = 0; i < k; i++) {
		out[i].c = cs[i];
		stride_worst(p, n, cs[i], tables, ntables, &out[i].worst);
	}
	qsort(out, k, sizeof *out, stride_by_worst);
	return out[0].worst.r;
}

/* out[0..n) as a heap with the mildest (last in by_worst's order) on
 * top: move out[i] down to its place. */
static void sift(stride_hit *out, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		stride_hit t;
		if (l < n && stride_by_worst(&out[l], &out[m]) > 0)
			m = l;
		if (l + 1 < n && stride_by_worst(&out[l + 1], &out[m]) > 0)
			m = l + 1;
		if (m == i)
			return;
		t = out[i];
		out[i] = out[m];
		out[m] = t;
		i = m;
	}
}

/* Keep hit (c, w) among the worst max of out[] (found so far: found).
 * Once out[] is full it is a heap whose top is the mildest kept, which
 * a worse hit replaces: the same set as scanning out[] for the mildest
 * each time (the order is total: c breaks ties), in log max steps
 * instead of max (0x9e37fffffffc0001 has 22453 strides to 65536 at R >= 4
 * for 752 places: 17 million comparisons were a third of its screen). */
static void keep(stride_hit *out, size_t max, size_t found, uint64_t c,
                 const stride_cell *w)
{
	size_t i;

	if (found < max) {
		out[found].c = c;
		out[found].worst = *w;
		if (found + 1 == max)
			for (i = max / 2; i-- > 0;)
				sift(out, max, i);
		return;
	}
	if (!max)
		return;
	/* replace the mildest kept */
	if (w->r > out[0].worst.r) {
		out[0].c = c;
		out[0].worst = *w;
		sift(out, max, 0);
	}
}

/* a cell whose quotient after q_k <= K is A has R at most about
 * sqrt(A) / 4 (measured over random multipliers, strides and cells: A <
 * 2^7 gave R < 3, A < 2^8 R < 4.05; test_verify_stride checks the gate
 * against every cell): STRIDE_GATE rmin^2 leaves a margin of about
 * sqrt(2) */
static u128 gate_of(double rmin)
{
	double g = STRIDE_GATE * rmin * rmin;

	return g < 1 ? 1 : g > 0x1p120 ? (u128)1 << 120 : (u128)g;
}

size_t stride_screen(uint64_t p, unsigned n, uint64_t top,
                     const unsigned *tables, size_t ntables, double rmin,
                     stride_hit *out, size_t max)
{
	return stride_screen_range(p, n, 1, top, tables, ntables, rmin, out,
	                           max);
}

size_t stride_screen_range(uint64_t p, unsigned n, uint64_t lo, uint64_t hi,
                           const unsigned *tables, size_t ntables,
                           double rmin, stride_hit *out, size_t max)
{
	size_t found = 0;
	u128 gate = gate_of(rmin);
	uint64_t c;

	for (c = lo; c <= hi && c >= lo; c++) {
		stride_cell w;
		if (worst_gated(p, n, c, tables, ntables, gate, &w) < rmin)
			continue;
		keep(out, max, found++, c, &w);
	}
	qsort(out, found < max ? found : max, sizeof *out, stride_by_worst);
	return found;
}

size_t stride_screen_set(uint64_t p, unsigned n, const uint64_t *cs,
                         size_t ncs, const unsigned *tables, size_t ntables,
                         double rmin, stride_hit *out, size_t max)
{
	size_t found = 0, i;
	u128 gate = gate_of(rmin);

	for (i = 0; i < ncs; i++) {
		stride_cell w;
		if (worst_gated(p, n, cs[i], tables, ntables, gate, &w) < rmin)
			continue;
		keep(out, max, found++, cs[i], &w);
	}
	qsort(out, found < max ? found : max, sizeof *out, stride_by_worst);
	return found;
}

double stride_count(uint64_t p, unsigned n, uint64_t c, uint64_t start,
                    uint64_t K, unsigned b, uint32_t *loads)
{
	uint64_t mask = word_mask(n), x = (start * p) & mask,
	         dx = (c * p) & mask, k, s2 = 0, M = (uint64_t)1 << b;
	unsigned sh = n - b;
	double kk = (double)K, expect;

	memset(loads, 0, M * sizeof *loads);
	for (k = 0; k < K; k++) {
		loads[x >> sh]++;
		x = (x + dx) & mask;
	}
	for (k = 0; k < M; k++)
		s2 += (uint64_t)loads[k] * loads[k];
	expect = (kk * (1 - 1 / (double)M) + kk * kk / (double)M + kk) / 2;
	return ((double)s2 + kk) / 2 / expect;
}
