/*
 * lattice.c - packed keys screened by lattice reduction (see lattice.h);
 * the reduction itself is FLINT's, in the module lattice_lll.c.
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "cfx/lattice.h"
#include "cfx/modload.h"
#include "cfx/word.h"

/* Field i's width in bits. */
static unsigned width(const lattice_layout *lay, unsigned n, unsigned i)
{
	return (i ? lay->shift[i - 1] : n) - lay->shift[i];
}

/* Spread 2^j keys over the fields, one bit at a time from the lowest
 * field up, each at most its width.  0 when they do not fit or a field
 * would take fewer than 2^LATTICE_MIN_FIELD values. */
static int spread(const lattice_layout *lay, unsigned n, unsigned j,
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
	for (i = 0; i < lay->nf; i++)
		if (xb[i] < LATTICE_MIN_FIELD)
			return 0;
	return 1;
}

double lattice_count(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *xb, unsigned b, uint32_t *loads)
{
	uint64_t mask = word_mask(n), M = (uint64_t)1 << b, K = 1, i;
	uint64_t idx[LATTICE_MAX_FIELDS] = { 0 }, step[LATTICE_MAX_FIELDS];
	uint64_t h = 0;
	unsigned f, sh = n - b;
	double s2 = 0, k, expect;

	for (f = 0; f < lay->nf; f++) {
		K <<= xb[f];
		step[f] = (((uint64_t)1 << lay->shift[f]) * p) & mask;
	}
	memset(loads, 0, M * sizeof *loads);
	/* an odometer over the fields, the lowest fastest: the hash moves by
	 * one field's step, or back to 0 in it */
	for (i = 0; i < K; i++) {
		loads[h >> sh]++;
		for (f = lay->nf; f-- > 0;) {
			if (++idx[f] < ((uint64_t)1 << xb[f])) {
				h = (h + step[f]) & mask;
				break;
			}
			idx[f] = 0;
			h = (h - (((uint64_t)1 << xb[f]) - 1) * step[f]) & mask;
		}
	}
	for (i = 0; i < M; i++)
		s2 += (double)loads[i] * loads[i];
	k = (double)K;
	expect = (k * (1 - 1 / (double)M) + k * k / (double)M + k) / 2;
	return (s2 + k) / 2 / expect;
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

double lattice_predict(uint64_t p, unsigned n, const lattice_layout *lay,
                       const unsigned *xb, unsigned b, int64_t *vec)
{
	unsigned nf = lay->nf, d = nf + 1, i, j;
	double X[LATTICE_MAX_FIELDS], W = ldexp(1, (int)(n - b)), K = 1,
	       M = ldexp(1, (int)b), pairs = 0, best = HUGE_VAL, expect;
	modload_lll job;

	for (i = 0; i < nf; i++) {
		X[i] = ldexp(1, (int)xb[i]);
		K *= X[i];
	}
	reduce(p, n, lay, xb, b, &job);
	for (j = 0; j < d; j++) {
		double u[LATTICE_MAX_FIELDS], e, norm = 0;
		int zero = 1;
		for (i = 0; i < nf; i++) {
			u[i] = job.outd[j][i];
			zero &= u[i] == 0;
			if (fabs(u[i]) / X[i] > norm)
				norm = fabs(u[i]) / X[i];
		}
		e = job.outd[j][nf];
		if (zero)
			continue;
		if (fabs(e) / W > norm)
			norm = fabs(e) / W;
		if (norm < best) {
			best = norm;
			for (i = 0; i < nf; i++)
				vec[i] = (int64_t)u[i];
		}
		pairs += 2 * line_sum(u, e, X, nf, W);
	}
	/* the points off those lines as for a random hash ((K^2 - K) / M
	 * pairs), the lines' on top */
	expect = (K * (1 - 1 / M) + K * K / M + K) / 2;
	return (2 * K + (K * K - K) / M + pairs) / 2 / expect;
}

/* Count cell c (when flagged and small enough) and set its r. */
static void confirm(uint64_t p, unsigned n, const lattice_layout *lay,
                    lattice_cell *c, uint32_t *scratch)
{
	unsigned j = c->b, i;

	for (i = 1; i < c->load; i <<= 1)
		j++;
	c->counted = -1;
	if (scratch && c->pred >= LATTICE_FLAG_R && j <= LATTICE_COUNT_MAX)
		c->counted = lattice_count(p, n, lay, c->xb, c->b, scratch);
	c->r = c->counted >= 0 ? c->counted : c->pred;
}

/* The worst predicted cell of a layout (not counted). */
static double worst_predicted(uint64_t p, unsigned n,
                              const lattice_layout *lay,
                              const unsigned *tables, size_t ntables,
                              lattice_cell *worst)
{
	size_t k;
	unsigned l;

	memset(worst, 0, sizeof *worst);
	worst->counted = -1;
	for (k = 0; k < ntables; k++)
		for (l = 0; l < 4; l++) {
			unsigned b = tables[k], xb[LATTICE_MAX_FIELDS], i;
			int64_t vec[LATTICE_MAX_FIELDS] = { 0 };
			double pred;
			if (b >= n || !spread(lay, n, b + l, xb))
				continue;
			pred = lattice_predict(p, n, lay, xb, b, vec);
			if (pred > worst->pred) {
				worst->pred = worst->r = pred;
				worst->b = b;
				worst->load = 1u << l;
				for (i = 0; i < lay->nf; i++) {
					worst->xb[i] = xb[i];
					worst->vec[i] = vec[i];
				}
			}
		}
	return worst->pred;
}

double lattice_worst(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *tables, size_t ntables,
                     lattice_cell *worst, uint32_t *scratch)
{
	worst_predicted(p, n, lay, tables, ntables, worst);
	confirm(p, n, lay, worst, scratch);
	return worst->r;
}

double lattice_offsets(uint64_t p, unsigned n, const unsigned *tables,
                       size_t ntables, lattice_cell *worst, unsigned *h_out,
                       uint32_t *scratch)
{
	return lattice_offsets_except(p, n, tables, ntables, 0, worst, h_out,
	                              scratch);
}

double lattice_offsets_except(uint64_t p, unsigned n, const unsigned *tables,
                              size_t ntables, uint64_t skip,
                              lattice_cell *worst, unsigned *h_out,
                              uint32_t *scratch)
{
	lattice_layout lay;
	lattice_cell c[64];
	unsigned h, hs[64], k, nh = 0, top[3] = { 0, 0, 0 }, t;

	memset(worst, 0, sizeof *worst);
	*h_out = 0;
	lay.nf = 2;
	lay.shift[1] = 0;
	for (h = LATTICE_MIN_FIELD; h + LATTICE_MIN_FIELD <= n; h++) {
		if (skip >> h & 1)
			continue;
		lay.shift[0] = h;
		worst_predicted(p, n, &lay, tables, ntables, &c[nh]);
		hs[nh++] = h;
	}
	/* count the three worst predicted offsets; the rest keep their
	 * prediction */
	for (t = 0; t < 3 && t < nh; t++) {
		unsigned best = nh;
		for (k = 0; k < nh; k++)
			if ((t < 1 || k != top[0]) && (t < 2 || k != top[1]) &&
			    (best == nh || c[k].pred > c[best].pred))
				best = k;
		top[t] = best;
		lay.shift[0] = hs[best];
		confirm(p, n, &lay, &c[best], scratch);
	}
	for (k = 0; k < nh; k++)
		if (c[k].r > worst->r) {
			*worst = c[k];
			*h_out = hs[k];
		}
	return worst->r;
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
