/*
 * stats.h - is a measured difference real? (prefix stats_)
 *
 * The statistics behind `cfx stats` and `cfx bench`: a sample's summary as
 * FreeBSD's ministat prints it, and the comparison of a later sample b with
 * the first one a by
 *
 *   Student's t with the pooled standard deviation (ministat's test),
 *   Welch's t (unequal variances, Welch-Satterthwaite degrees of freedom),
 *   Mann-Whitney's U (ranks; exact p for small samples without ties),
 *   a bootstrap interval of the ratio of medians (seeded, reproducible),
 *
 * plus outliers by the median absolute deviation.  Quantiles and tail
 * probabilities come from GSL for any degrees of freedom; there is no table.
 *
 * Conventions, chosen so that ministat's digits come out:
 *   - the mean is the sum of the points in input order over n;
 *   - the summary's median is ministat's, the point at index n/2 of the
 *     sorted sample (the upper middle one when n is even);
 *   - Student's quantile is rounded to three decimals, as ministat's table
 *     prints it (its 80 ... 99 % columns are exactly those roundings);
 *   - differences are b - a and percentages are relative to a's mean.
 * The bootstrap ratio's medians are that median too (one definition, as
 * the table prints it); the outlier rule uses the ordinary median (the
 * mean of the two middle points when n is even).  Every function here is pure: no
 * I/O, no globals.
 */
#ifndef CFX_STATS_H
#define CFX_STATS_H

#include <signal.h>
#include <stddef.h>

#define STATS_MIN_POINTS 3      /* fewer points make no sample */

/* A sample: its points sorted, and the figures ministat prints. */
typedef struct stats_sample {
	size_t n;
	double *x;           /* n points, ascending; owned */
	double min, max;
	double median;       /* ministat's: x[n/2] */
	double mean;         /* sum in input order / n */
	double var, stddev;  /* n - 1 in the denominator; two-pass, in
	                      * units of a power of two for points beyond
	                      * 2^480: each is the unbounded figure rounded,
	                      * +inf only when it is past the doubles (var,
	                      * the square, often is; stddev of points
	                      * spanning them may be) */
} stats_sample;

/* Make a sample of n >= 1 points x (in input order; copied).  Free with
 * stats_sample_clear.  With n = 1 var and stddev are NaN. */
void stats_sample_init(stats_sample *s, const double *x, size_t n);
void stats_sample_clear(stats_sample *s);

/* The ordinary median of sorted points x[0..n-1], n >= 1. */
double stats_median(const double *x, size_t n);

/* The two-sided quantile of Student's t: the t with P(|T| <= t) = conf/100
 * for df > 0 degrees of freedom, 0 < conf < 100. */
double stats_t_quantile(double conf, double df);

/* stats_t_quantile rounded to three decimals, as ministat's table has it. */
double stats_t_ministat(double conf, double df);

typedef enum { STATS_STUDENT, STATS_WELCH } stats_ttest;

/* A difference of means b - a with its confidence interval. */
typedef struct stats_diff {
	stats_ttest test;
	double conf;         /* confidence level, percent */
	double df;           /* degrees of freedom (Welch: fractional) */
	double t;            /* the quantile used */
	double diff;         /* mean(b) - mean(a) */
	double err;          /* half width of the interval: t * se */
	double pct, pct_err; /* diff and err in percent of mean(a) */
	double s;            /* Student: pooled standard deviation; Welch: se */
	double se;           /* standard error of the difference */
	double p;            /* two-sided p-value of "no difference" */
	int significant;     /* |diff| > err, as ministat decides */
	size_t n_needed;     /* not significant: points per sample that would
	                      * make this difference significant with these
	                      * spreads (0: none would, diff is 0 or the
	                      * search gave up at 10^7) */
} stats_diff;

/* Compare b with a (both n >= 2) at conf percent.  Student's quantile is
 * ministat's rounding (stats_t_ministat); Welch's is exact. */
void stats_compare(stats_diff *d, stats_ttest test, const stats_sample *a,
                   const stats_sample *b, double conf);

/* Mann-Whitney U test of b against a. */
typedef struct stats_mw {
	double u;            /* U of b: pairs (a_i, b_j) with b_j > a_i, ties 1/2 */
	double p;            /* two-sided p-value */
	int exact;           /* p from the exact distribution (no ties and the
	                      * smaller sample has at most 8 points, scipy's
	                      * rule); otherwise the normal approximation with
	                      * tie and continuity corrections */
	double z;            /* the normal approximation's z (also when exact) */
	double p_min;        /* the smallest p any outcome could give, exactly
	                      * (no ties): above 1 - conf/100 nothing can be
	                      * shown */
	double shift;        /* Hodges-Lehmann estimate: the median of all
	                      * b_j - a_i; NaN when na * nb > STATS_HL_MAX */
	int significant;     /* p < 1 - conf/100 and p_min < 1 - conf/100
	                      * (small tied samples: the approximate p can
	                      * fall below what any arrangement gives) */
} stats_mw;

#define STATS_HL_MAX (1UL << 22)

/* Mann-Whitney of b against a (n >= 1 each, sorted, as in stats_sample). */
void stats_mann_whitney(stats_mw *r, const stats_sample *a,
                        const stats_sample *b, double conf);

/* A bootstrap percentile interval of median(b) / median(a). */
typedef struct stats_ratio {
	double estimate;     /* median(b) / median(a) */
	double lo, hi;       /* the conf % percentile interval */
	unsigned long resamples, seed;
} stats_ratio;

/* Resample a and b with replacement `resamples` times (>= 100) with GSL's
 * MT19937 seeded by seed.  The medians are ministat's, x[n/2] of the sorted
 * sample (what the table shows: one median throughout).  Ratios with a
 * zero median in a are skipped;
 * estimate, lo and hi are NaN when a's median is zero.  stop (may be
 * NULL) is polled at each resample: non-zero stops it, -1 (lo and hi
 * NaN); else 0. */
int stats_bootstrap_ratio(stats_ratio *r, const stats_sample *a,
                          const stats_sample *b, double conf,
                          unsigned long resamples, unsigned long seed,
                          const volatile sig_atomic_t *stop);

/* The outlier fences by the median absolute deviation (Iglewicz and
 * Hoaglin): x is an outlier when 0.6745 |x - median| / MAD > 3.5.  Sets
 * *mad and returns the fences in lo, hi (points strictly outside are
 * outliers); with MAD = 0 the fences are infinite and nothing is flagged. */
void stats_mad_fences(const stats_sample *s, double *mad, double *lo,
                      double *hi);

#endif
