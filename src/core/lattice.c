/*
 * lattice.c - packed keys screened by lattice reduction (see lattice.h).
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include <flint/fmpz.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpz_lll.h>

#include "cfx/lattice.h"
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

/* The cell's lattice, scaled to a cube (lattice.h), reduced: B (d x d,
 * d = nf + 1, initialised here) holds its rows, entry i of a row
 * u_i 2^(n - b + S - xb_i), the last e 2^S; *S set.
 *
 * Why LLL even for two fields, not Lagrange-Gauss: the points are
 * (u, v, e), two key differences and the hash difference, a lattice of
 * rank 3; Lagrange-Gauss reduces rank 2, so it sees one field at a time
 * (v = 0: the keys k A, a stride) and misses the combinations the screen
 * is for (3x + y: u = 1, v = -3, e small). */
static void reduce(uint64_t p, unsigned n, const lattice_layout *lay,
                   const unsigned *xb, unsigned b, fmpz_mat_t B, unsigned *S)
{
	unsigned nf = lay->nf, d = nf + 1, i;
	fmpz_lll_t fl;
	fmpz_t t;

	*S = 0;
	for (i = 0; i < nf; i++)
		if (xb[i] > n - b && xb[i] - (n - b) > *S)
			*S = xb[i] - (n - b);
	fmpz_mat_init(B, d, d);
	fmpz_init(t);
	/* rows: field i: 2^(n - b - xb_i + S) at i, A_i 2^S last; 2^(n + S) */
	for (i = 0; i < nf; i++) {
		fmpz_one(fmpz_mat_entry(B, i, i));
		fmpz_mul_2exp(fmpz_mat_entry(B, i, i), fmpz_mat_entry(B, i, i),
		              n - b + *S - xb[i]);
		fmpz_set_ui(t, (((uint64_t)1 << lay->shift[i]) * p) & word_mask(n));
		fmpz_mul_2exp(fmpz_mat_entry(B, i, nf), t, *S);
	}
	fmpz_one(fmpz_mat_entry(B, nf, nf));
	fmpz_mul_2exp(fmpz_mat_entry(B, nf, nf), fmpz_mat_entry(B, nf, nf),
	              n + *S);
	fmpz_lll_context_init_default(fl);
	/* FLINT's LLL in doubles first, its exact routine only if that one
	 * gives up (-1).  fmpz_lll checks every result with
	 * fmpz_lll_is_reduced, which was half the screen's time (callgrind:
	 * 5.0 of 10.3 G instructions over 40 quick screens) and the screen's
	 * cost doubled.  Every step is unimodular on exact integers, so B is
	 * always a basis of the same lattice; over 600 full screens (32 and
	 * 64 bits, 935798 reductions) 201 bases differed from fmpz_lll's and
	 * no verdict, reason or R did.  The predictions are confirmed by
	 * counting where they flag a cell. */
	if (fmpz_lll_d(B, NULL, fl) < 0)
		fmpz_lll(B, NULL, fl);
	fmpz_clear(t);
}

/* Row j of a reduced B in key units: u (nf of them) and e. */
static void row_units(const fmpz_mat_t B, size_t j, unsigned n, unsigned b,
                      unsigned S, const unsigned *xb, unsigned nf,
                      fmpz_t *u, fmpz_t e)
{
	unsigned i;

	for (i = 0; i < nf; i++)   /* exact: a multiple of its weight */
		fmpz_fdiv_q_2exp(u[i], fmpz_mat_entry(B, j, i), n - b + S - xb[i]);
	fmpz_fdiv_q_2exp(e, fmpz_mat_entry(B, j, nf), S);
}

int lattice_reduce(uint64_t p, unsigned n, const lattice_layout *lay,
                   const unsigned *xb, unsigned b,
                   int64_t basis[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1])
{
	unsigned nf = lay->nf, S, i, j;
	fmpz_t u[LATTICE_MAX_FIELDS], e;
	fmpz_mat_t B;
	int rc = 0;

	reduce(p, n, lay, xb, b, B, &S);
	fmpz_init(e);
	for (i = 0; i < nf; i++)
		fmpz_init(u[i]);
	for (j = 0; j <= nf; j++) {
		row_units(B, j, n, b, S, xb, nf, u, e);
		for (i = 0; i < nf; i++) {
			rc |= !fmpz_fits_si(u[i]);
			basis[j][i] = fmpz_get_si(u[i]);
		}
		rc |= !fmpz_fits_si(e);
		basis[j][nf] = fmpz_get_si(e);
	}
	for (i = 0; i < nf; i++)
		fmpz_clear(u[i]);
	fmpz_clear(e);
	fmpz_mat_clear(B);
	return rc ? -1 : 0;
}

double lattice_predict(uint64_t p, unsigned n, const lattice_layout *lay,
                       const unsigned *xb, unsigned b, int64_t *vec)
{
	unsigned nf = lay->nf, d = nf + 1, i, j, S;
	double X[LATTICE_MAX_FIELDS], W = ldexp(1, (int)(n - b)), K = 1,
	       M = ldexp(1, (int)b), pairs = 0, best = HUGE_VAL, expect;
	fmpz_t uz[LATTICE_MAX_FIELDS], ez;
	fmpz_mat_t B;

	for (i = 0; i < nf; i++) {
		X[i] = ldexp(1, (int)xb[i]);
		K *= X[i];
		fmpz_init(uz[i]);
	}
	fmpz_init(ez);
	reduce(p, n, lay, xb, b, B, &S);
	for (j = 0; j < d; j++) {
		double u[LATTICE_MAX_FIELDS], e, norm = 0;
		int zero = 1;
		row_units(B, j, n, b, S, xb, nf, uz, ez);
		for (i = 0; i < nf; i++) {
			u[i] = fmpz_get_d(uz[i]);
			zero &= u[i] == 0;
			if (fabs(u[i]) / X[i] > norm)
				norm = fabs(u[i]) / X[i];
		}
		e = fmpz_get_d(ez);
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
	for (i = 0; i < nf; i++)
		fmpz_clear(uz[i]);
	fmpz_clear(ez);
	fmpz_mat_clear(B);
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
