/*
 * stats.c - samples, t tests, Mann-Whitney, bootstrap, MAD (see stats.h).
 *
 * ministat decides "difference" when |d| > t s sqrt(1/na + 1/nb) and prints
 * the interval's half width; everything else here follows the textbook
 * definitions that scipy.stats implements, so that both can serve as
 * oracles in the tests.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "cfx/stats.h"
#include "util/xalloc.h"

/* A power of two u with |x| / u <= 2^480 for every x in [lo, hi] (1 when
 * they are that small already).  In units of u a sum of points and a sum
 * of squares of their deviations are far from overflowing, and dividing
 * by a power of two is exact (but for points below 2^-594 u, beyond a
 * double's digits of the largest): the figures are those of unbounded
 * doubles, to the last bit. */
static double unit_of(double lo, double hi)
{
	int e;

	frexp(fmax(fabs(lo), fabs(hi)), &e);
	return e > 480 ? ldexp(1, e - 480) : 1;
}

void stats_sample_init(stats_sample *s, const double *x, size_t n)
{
	double sum = 0, ss = 0, u, m, q;
	size_t i;

	assert(n >= 1);
	s->n = n;
	s->x = xmalloc(n * sizeof *s->x, "sample");
	memcpy(s->x, x, n * sizeof *x);
	gsl_sort(s->x, 1, n);
	s->min = s->x[0];
	s->max = s->x[n - 1];
	s->median = s->x[n / 2];
	/* two passes in units of u: points near 1e308 overflow neither the
	 * sum (four of 1e308) nor the squares (beyond 1e154), nor the
	 * deviations (1.7e308 and -1.7e308 in one sample) */
	u = unit_of(s->min, s->max);
	for (i = 0; i < n; i++)
		sum += x[i] / u;
	m = sum / (double)n;
	s->mean = m * u;
	for (i = 0; i < n; i++)
		ss += (s->x[i] / u - m) * (s->x[i] / u - m);
	q = n > 1 ? ss / (n - 1.0) : NAN;
	/* the variance may be past the doubles (then +inf) though the
	 * standard deviation is not */
	s->var = q * u * u;
	s->stddev = sqrt(q) * u;
}

void stats_sample_clear(stats_sample *s)
{
	free(s->x);
	s->x = NULL;
	s->n = 0;
}

double stats_median(const double *x, size_t n)
{
	double sum;

	assert(n >= 1);
	if (n % 2)
		return x[n / 2];
	sum = x[n / 2 - 1] + x[n / 2];
	/* two points near the largest double: halves first */
	return isfinite(sum) ? sum / 2 : x[n / 2 - 1] / 2 + x[n / 2] / 2;
}

double stats_t_quantile(double conf, double df)
{
	assert(conf > 0 && conf < 100 && df > 0);
	return gsl_cdf_tdist_Pinv(1 - (1 - conf / 100) / 2, df);
}

double stats_t_ministat(double conf, double df)
{
	return round(stats_t_quantile(conf, df) * 1000) / 1000;
}

/* ---- t tests -------------------------------------------------------------- */

/* Degrees of freedom and standard error of the difference, with n points
 * in each sample scaled from the observed ones (n = 0: as observed). */
static void t_shape(stats_ttest test, const stats_sample *a,
                    const stats_sample *b, double n, double *df, double *se,
                    double *s, double *unit, double *se_unit)
{
	double na = n ? n : (double)a->n, nb = n ? n : (double)b->n;
	/* the variances, or where one overflows (points near 1e308) though
	 * the standard deviations do not, their squares in units of the
	 * larger standard deviation m^2 */
	double m = 1, va = a->var, vb = b->var;

	if (!isfinite(va) || !isfinite(vb) || !isfinite(va + vb)) {
		m = fmax(a->stddev, b->stddev);
		va = (a->stddev / m) * (a->stddev / m);
		vb = (b->stddev / m) * (b->stddev / m);
	}
	if (test == STATS_STUDENT) {
		*df = na + nb - 2;
		*s = m * sqrt(((na - 1) * va + (nb - 1) * vb) / *df);
		if (!isfinite(*s))      /* the sum overflows: weights first */
			*s = m * sqrt((na - 1) / *df * va + (nb - 1) / *df * vb);
		*se = *s * sqrt(1 / na + 1 / nb);
		*se_unit = *s / m * sqrt(1 / na + 1 / nb);
	} else {
		/* Welch-Satterthwaite, (qa + qb)^2 / (qa^2/(na-1) + qb^2/(nb-1)),
		 * in shares of qa + qb so that no square overflows */
		double qa = va / na, qb = vb / nb, ra, rb;
		*se = m * sqrt(qa + qb);
		*se_unit = sqrt(qa + qb);
		ra = qa + qb > 0 ? qa / (qa + qb) : 0;
		rb = qa + qb > 0 ? qb / (qa + qb) : 0;
		*df = qa + qb > 0 ? 1 / (ra * ra / (na - 1) + rb * rb / (nb - 1))
		                  : na + nb - 2;
		*s = *se;
	}
	*unit = m;
}

static double t_of(stats_ttest test, double conf, double df)
{
	return test == STATS_STUDENT ? stats_t_ministat(conf, df)
	                             : stats_t_quantile(conf, df);
}

/* Points per sample that would show |diff| with the observed spreads. */
static size_t t_needed(stats_ttest test, const stats_sample *a,
                       const stats_sample *b, double conf, double diff)
{
	size_t lo = 2, hi = 10000000;
	double df, se, s, u, su;

	if (diff == 0)
		return 0;
	t_shape(test, a, b, (double)hi, &df, &se, &s, &u, &su);
	if (t_of(test, conf, df) * se >= fabs(diff))
		return 0;
	while (lo < hi) {               /* the error shrinks as n grows */
		size_t mid = lo + (hi - lo) / 2;
		t_shape(test, a, b, (double)mid, &df, &se, &s, &u, &su);
		if (t_of(test, conf, df) * se < fabs(diff))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void stats_compare(stats_diff *d, stats_ttest test, const stats_sample *a,
                   const stats_sample *b, double conf)
{
	double u, se_u;

	assert(a->n >= 2 && b->n >= 2);
	memset(d, 0, sizeof *d);
	d->test = test;
	d->conf = conf;
	t_shape(test, a, b, 0, &d->df, &d->se, &d->s, &u, &se_u);
	d->t = t_of(test, conf, d->df);
	d->diff = b->mean - a->mean;
	d->err = d->t * d->se;
	d->pct = d->diff * 100 / a->mean;        /* ministat's order, */
	d->pct_err = d->err * 100 / a->mean;
	if (!isfinite(d->pct) || !isfinite(d->pct_err)) {  /* unless it overflows */
		d->pct = d->diff / a->mean * 100;
		d->pct_err = d->err / a->mean * 100;
	}
	if (d->se > 0)       /* in units of u: se may be past the doubles */
		d->p = 2 * gsl_cdf_tdist_Q(fabs(d->diff) / u / se_u, d->df);
	else
		d->p = d->diff != 0 ? 0 : 1;
	d->significant = fabs(d->diff) > d->err;
	if (!d->significant)
		d->n_needed = t_needed(test, a, b, conf, d->diff);
}

/* ---- Mann-Whitney ----------------------------------------------------- */

/* Number of pairs b_j > a_i (ties count 1/2), by a merge of the sorted
 * samples; and the tie term sum (t^3 - t) over groups of equal values. */
static double mw_u(const stats_sample *a, const stats_sample *b, double *ties)
{
	size_t i = 0, j = 0;
	double u = 0;

	*ties = 0;
	while (i < a->n || j < b->n) {
		double v = i < a->n && (j >= b->n || a->x[i] <= b->x[j])
		           ? a->x[i] : b->x[j];
		size_t ca = 0, cb = 0;
		double t;
		while (i < a->n && a->x[i] == v)
			i++, ca++;
		while (j < b->n && b->x[j] == v)
			j++, cb++;
		/* the cb values of b beat the i - ca values of a below v */
		u += (double)cb * (double)(i - ca) + 0.5 * (double)ca * (double)cb;
		t = (double)(ca + cb);
		*ties += t * t * t - t;
	}
	return u;
}

/* P(U >= k) for U of samples of m <= n points without ties: the counts
 * of U are the coefficients of the Gaussian binomial [m + n choose m]_q,
 * built exactly as prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i). */
static double mw_exact_sf(size_t m, size_t n, size_t k)
{
	size_t top = m * n, i, u;
	mpz_t *c, tail, all;
	double p;

	c = xmalloc((top + 1) * sizeof *c, "Mann-Whitney distribution");
	for (u = 0; u <= top; u++)
		mpz_init(c[u]);
	mpz_set_ui(c[0], 1);
	for (i = 1; i <= m; i++) {
		for (u = top; u >= n + i; u--)          /* times 1 - q^(n+i) */
			mpz_sub(c[u], c[u], c[u - n - i]);
		for (u = i; u <= top; u++)              /* over 1 - q^i */
			mpz_add(c[u], c[u], c[u - i]);
	}
	mpz_inits(tail, all, NULL);
	for (u = 0; u <= top; u++) {
		mpz_add(all, all, c[u]);
		if (u >= k)
			mpz_add(tail, tail, c[u]);
		mpz_clear(c[u]);
	}
	free(c);
	{
		mpq_t q;
		mpq_init(q);
		mpz_set(mpq_numref(q), tail);
		mpz_set(mpq_denref(q), all);
		mpq_canonicalize(q);
		p = mpq_get_d(q);
		mpq_clear(q);
	}
	mpz_clears(tail, all, NULL);
	return p;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The Hodges-Lehmann shift: the median of all b_j - a_i. */
static double hodges_lehmann(const stats_sample *a, const stats_sample *b)
{
	size_t i, j, k = 0, n = a->n * b->n;
	double *d, m, h = 1;

	if (n > STATS_HL_MAX)
		return NAN;
	d = xmalloc(n * sizeof *d, "pairwise differences");
	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++)
			if (!isfinite(d[k++] = b->x[j] - a->x[i]))
				h = 2;
	/* points of both signs near 1e308: the differences in halves (the
	 * shift then +-inf only when it is itself past the doubles) */
	for (k = 0, i = 0; h > 1 && i < a->n; i++)
		for (j = 0; j < b->n; j++)
			d[k++] = b->x[j] / 2 - a->x[i] / 2;
	qsort(d, n, sizeof *d, cmp_double);
	m = stats_median(d, n) * h;
	free(d);
	return m;
}

/* The exact distribution is built with m n big integers; beyond this the
 * normal approximation is used even when scipy's rule asks for exact. */
#define MW_EXACT_MAX 4000000UL

void stats_mann_whitney(stats_mw *r, const stats_sample *a,
                        const stats_sample *b, double conf)
{
	double na = (double)a->n, nb = (double)b->n, n = na + nb, ties, big, sd;
	size_t small = a->n < b->n ? a->n : b->n;

	memset(r, 0, sizeof *r);
	r->u = mw_u(a, b, &ties);
	big = r->u > na * nb - r->u ? r->u : na * nb - r->u;
	sd = sqrt(na * nb / 12 * ((n + 1) - ties / (n * (n - 1))));
	r->z = sd > 0 ? (big - na * nb / 2 - 0.5) / sd : 0;
	r->exact = ties == 0 && small <= 8 && a->n * b->n <= MW_EXACT_MAX;
	if (r->exact)
		r->p = 2 * mw_exact_sf(small, a->n + b->n - small, (size_t)big);
	else
		r->p = sd > 0 ? 2 * gsl_cdf_ugaussian_Q(r->z) : 1;
	if (r->p > 1)
		r->p = 1;
	/* the most extreme outcome, U = na nb, is one arrangement of all
	 * C(na + nb, na) (beyond a few thousand points, by lgamma) */
	if (a->n + b->n <= 2000) {
		mpz_t all;
		mpz_init(all);
		mpz_bin_uiui(all, a->n + b->n, a->n);
		r->p_min = 2 / mpz_get_d(all);
		mpz_clear(all);
	} else {
		r->p_min = 2 * exp(lgamma(na + 1) + lgamma(nb + 1) - lgamma(n + 1));
	}
	if (r->p_min > 1)
		r->p_min = 1;
	r->shift = hodges_lehmann(a, b);
	/* no arrangement of the ranks is rarer than p_min, whatever the
	 * normal approximation says of small tied samples */
	r->significant = r->p < 1 - conf / 100 && r->p_min < 1 - conf / 100;
}

/* ---- bootstrap ------------------------------------------------------------ */

/* x[n/2] of sorted x: ministat's median */
static double upper_median(const double *x, size_t n)
{
	return x[n / 2];
}

static double resample_median(const stats_sample *s, gsl_rng *rng, double *buf)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		buf[i] = s->x[gsl_rng_uniform_int(rng, s->n)];
	gsl_sort(buf, 1, s->n);
	return upper_median(buf, s->n);
}

int stats_bootstrap_ratio(stats_ratio *r, const stats_sample *a,
                          const stats_sample *b, double conf,
                          unsigned long resamples, unsigned long seed,
                          const volatile sig_atomic_t *stop)
{
	double ma = upper_median(a->x, a->n), *ratios, *buf;
	size_t i, k = 0;
	gsl_rng *rng;

	assert(resamples >= 100 && conf > 0 && conf < 100);
	r->resamples = resamples;
	r->seed = seed;
	r->estimate = r->lo = r->hi = NAN;
	if (ma == 0)
		return 0;
	r->estimate = upper_median(b->x, b->n) / ma;
	if (!(rng = gsl_rng_alloc(gsl_rng_mt19937)))
		xalloc_fail(sizeof *rng, "random generator");
	gsl_rng_set(rng, seed);
	ratios = xmalloc(resamples * sizeof *ratios, "bootstrap ratios");
	buf = xmalloc((a->n > b->n ? a->n : b->n) * sizeof *buf, "resample");
	for (i = 0; i < resamples && !(stop && *stop); i++) {
		double ra = resample_median(a, rng, buf);
		double rb = resample_median(b, rng, buf);
		if (ra != 0)
			ratios[k++] = rb / ra;
	}
	if (k > 0 && i == resamples) {
		gsl_sort(ratios, 1, k);
		r->lo = gsl_stats_quantile_from_sorted_data(ratios, 1, k,
		                                            (1 - conf / 100) / 2);
		r->hi = gsl_stats_quantile_from_sorted_data(ratios, 1, k,
		                                            1 - (1 - conf / 100) / 2);
	}
	free(buf);
	free(ratios);
	gsl_rng_free(rng);
	return i == resamples ? 0 : -1;
}

/* ---- outliers ------------------------------------------------------------- */

void stats_mad_fences(const stats_sample *s, double *mad, double *lo,
                      double *hi)
{
	double m = stats_median(s->x, s->n), *dev, w, h = 1;
	size_t i;

	dev = xmalloc(s->n * sizeof *dev, "deviations");
	for (i = 0; i < s->n; i++)
		if (!isfinite(dev[i] = fabs(s->x[i] - m)))
			h = 2;
	/* a deviation past the doubles (points of both signs near 1e308):
	 * all in halves; a fence past them is +-inf, which no point is
	 * beyond */
	for (i = 0; h > 1 && i < s->n; i++)
		dev[i] = fabs(s->x[i] / 2 - m / 2);
	gsl_sort(dev, 1, s->n);
	*mad = stats_median(dev, s->n) * h;
	free(dev);
	if (*mad == 0) {
		*lo = -INFINITY;
		*hi = INFINITY;
		return;
	}
	w = 3.5 * *mad / 0.6745;
	*lo = m - w;
	*hi = m + w;
}
