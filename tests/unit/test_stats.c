/*
 * test_stats.c - the statistics of cfx stats and cfx bench (stats.h).
 *
 * Oracles: exhaustive enumeration (every split of n1 + n2 ranks for the
 * exact Mann-Whitney distribution, every pair for Hodges-Lehmann and U),
 * published Student quantiles, and the definitions computed here directly
 * (the outlier rule, the smallest sample size that proves a difference).
 * scipy and ministat themselves are the oracles of the tests/stats scripts.
 */
#include <math.h>

#include "cfx/stats.h"
#include "testutil.h"

static void sample(stats_sample *s, const double *x, size_t n)
{
	stats_sample_init(s, x, n);
}

/* Two samples from two arrays (sizes from the arrays), and their end. */
#define PAIR(sa, sb, a, b) \
	(sample(&(sa), (a), sizeof (a) / sizeof *(a)), \
	 sample(&(sb), (b), sizeof (b) / sizeof *(b)))
static void unpair(stats_sample *sa, stats_sample *sb)
{
	stats_sample_clear(sa);
	stats_sample_clear(sb);
}

/* Two-sided p of U = u (U of b) by enumerating which of the m + n ranks
 * belong to a (no ties): p = 2 * P(U >= max(u, mn - u)), at most 1. */
static double brute_mw_p(unsigned m, unsigned n, double u)
{
	unsigned long mask, total = 0, tail = 0;
	double big = u > m * n - u ? u : m * n - u;

	for (mask = 0; mask < (1UL << (m + n)); mask++) {
		unsigned i, seen_a = 0;
		double ub = 0;
		if ((unsigned)__builtin_popcountl(mask) != m)
			continue;
		/* ranks low to high: bit set = a; each b beats the a's below */
		for (i = 0; i < m + n; i++) {
			if (mask >> i & 1)
				seen_a++;
			else
				ub += seen_a;
		}
		total++;
		tail += ub >= big;
	}
	return fmin(1.0, 2.0 * (double)tail / (double)total);
}

Test(stats, summary_as_ministat)
{
	const double x[] = { 40, 10, 30, 20 };
	stats_sample s;

	sample(&s, x, 4);
	cr_assert_eq(s.n, 4);
	cr_assert_eq(s.min, 10);
	cr_assert_eq(s.max, 40);
	cr_assert_eq(s.median, 30, "ministat's median is x[n/2] of the sorted");
	cr_assert_eq(stats_median(s.x, s.n), 25);
	cr_assert_eq(s.mean, 25);
	cr_assert_float_eq(s.stddev, sqrt(500.0 / 3), 1e-12);
	stats_sample_clear(&s);
}

Test(stats, variance_keeps_its_digits)
{
	/* a one-pass sum of squares gives 1.4142... here */
	const double x[] = { 100000001, 100000002, 100000003, 100000004,
	                     100000005 };
	stats_sample s;

	sample(&s, x, 5);
	cr_assert_float_eq(s.stddev, sqrt(2.5), 1e-12);
	stats_sample_clear(&s);
}

Test(stats, t_quantiles)
{
	/* published two-sided quantiles */
	cr_assert_float_eq(stats_t_quantile(95, 4), 2.776445105, 1e-8);
	cr_assert_float_eq(stats_t_quantile(99, 10), 3.169272673, 1e-8);
	cr_assert_float_eq(stats_t_quantile(80, 1), 3.077683537, 1e-8);
	cr_assert_float_eq(stats_t_quantile(99.5, 1), 127.3213365, 1e-6);
	cr_assert_float_eq(stats_t_quantile(95, 1e6), 1.959966, 1e-5);
	/* ministat's table: the same, to three decimals */
	cr_assert_eq(stats_t_ministat(95, 8), 2.306);
	cr_assert_eq(stats_t_ministat(98, 3), 4.541);
	cr_assert_eq(stats_t_ministat(90, 100), 1.660);
}

Test(stats, student_seed_003)
{
	/* samples rebuilt from the uidinfo mail: 95114.8 +/- 6241.96 */
	const double a[] = { 1567514, 1561566, 1575987, 1568964, 1574804 };
	const double b[] = { 1665810, 1662362, 1665936, 1664431, 1665870 };
	stats_sample sa, sb;
	stats_diff d;

	PAIR(sa, sb, a, b);
	stats_compare(&d, STATS_STUDENT, &sa, &sb, 95);
	cr_assert_eq(d.t, 2.306);
	cr_assert_eq(d.df, 8);
	cr_assert_float_eq(d.diff, 95114.8, 1e-6);
	cr_assert(fabs(d.err - 6241.96) < 0.005, "%g", d.err);
	cr_assert(fabs(d.pct - 6.05917) < 5e-6, "%g", d.pct);
	cr_assert(fabs(d.pct_err - 0.397636) < 5e-7, "%g", d.pct_err);
	cr_assert(fabs(d.s - 4279.88) < 0.005, "%g", d.s);
	cr_assert(d.significant);
	unpair(&sa, &sb);
}

/* The smallest n per sample that proves the difference, by a direct walk
 * over n with the definition. */
Test(stats, points_needed)
{
	const double a[] = { 10, 12, 11, 13, 9 };
	const double b[] = { 11, 13, 12, 14, 10.5 };
	stats_sample sa, sb;
	stats_diff d;
	size_t n;

	PAIR(sa, sb, a, b);
	stats_compare(&d, STATS_STUDENT, &sa, &sb, 95);
	cr_assert(!d.significant);
	for (n = 2; n < 100000; n++) {
		double sp = sqrt((sa.var + sb.var) / 2);
		if (stats_t_ministat(95, 2.0 * n - 2) * sp * sqrt(2.0 / n) <
		    fabs(d.diff))
			break;
	}
	cr_assert_eq(d.n_needed, n, "%zu vs %zu", d.n_needed, n);
	unpair(&sa, &sb);
}

Test(stats, mann_whitney_exact_by_enumeration)
{
	trng r = { 12345 };
	unsigned m, n, trial;

	for (m = 1; m <= 7; m++)
		for (n = 1; n <= 8; n++)
			for (trial = 0; trial < 4; trial++) {
				double a[8], b[8], u = 0;
				stats_sample sa, sb;
				stats_mw mw;
				unsigned i, j;
				/* distinct values: a random permutation of ranks */
				double v[16];
				for (i = 0; i < m + n; i++)
					v[i] = i + 0.5 * (double)(trng_next(&r) % 2) / 4;
				for (i = m + n; i > 1; i--) {
					unsigned k = (unsigned)(trng_next(&r) % i);
					double t = v[i - 1];
					v[i - 1] = v[k];
					v[k] = t;
				}
				for (i = 0; i < m; i++)
					a[i] = v[i];
				for (j = 0; j < n; j++)
					b[j] = v[m + j];
				for (i = 0; i < m; i++)
					for (j = 0; j < n; j++)
						u += b[j] > a[i];
				sample(&sa, a, m);
				sample(&sb, b, n);
				stats_mann_whitney(&mw, &sa, &sb, 95);
				CHECK(mw.u == u, "U %g vs %g", mw.u, u);
				CHECK(mw.exact, "m %u n %u not exact", m, n);
				CHECK(fabs(mw.p - brute_mw_p(m, n, u)) < 1e-12,
				      "m %u n %u u %g: p %g vs %g", m, n, u, mw.p,
				      brute_mw_p(m, n, u));
				CHECK(fabs(mw.p_min - brute_mw_p(m, n, m * n)) < 1e-12,
				      "p_min %g", mw.p_min);
				stats_sample_clear(&sa);
				stats_sample_clear(&sb);
			}
}

Test(stats, mann_whitney_ties_and_shift)
{
	const double a[] = { 1, 2, 2, 3 };
	const double b[] = { 2, 3, 3, 4, 5 };
	double d[20];
	stats_sample sa, sb;
	stats_mw mw;
	size_t i, j, k = 0;

	PAIR(sa, sb, a, b);
	stats_mann_whitney(&mw, &sa, &sb, 95);
	/* pairs b > a, ties 1/2: b = 2 beats 1 and ties 2, 2 (2); each 3
	 * beats 1, 2, 2 and ties 3 (3.5); 4 and 5 beat all four */
	cr_assert_eq(mw.u, 2 + 3.5 + 3.5 + 4 + 4);
	cr_assert(!mw.exact, "ties: the normal approximation");
	for (i = 0; i < 4; i++)
		for (j = 0; j < 5; j++)
			d[k++] = b[j] - a[i];
	/* the median of the 20 differences: sorted, mean of 10th and 11th */
	for (i = 0; i < 20; i++)
		for (j = i + 1; j < 20; j++)
			if (d[j] < d[i]) {
				double t = d[i];
				d[i] = d[j];
				d[j] = t;
			}
	cr_assert_eq(mw.shift, (d[9] + d[10]) / 2);
	unpair(&sa, &sb);
}

Test(stats, welch_equal_spreads_is_student_df)
{
	const double a[] = { 1, 2, 3, 4, 5 };
	const double b[] = { 3, 4, 5, 6, 7 };
	stats_sample sa, sb;
	stats_diff w;

	PAIR(sa, sb, a, b);
	stats_compare(&w, STATS_WELCH, &sa, &sb, 95);
	/* equal variances and sizes: df = 2n - 2, se = sqrt(2 var / n) */
	cr_assert_float_eq(w.df, 8, 1e-12);
	cr_assert_float_eq(w.se, 1, 1e-12);
	cr_assert_float_eq(w.t, stats_t_quantile(95, 8), 1e-15);
	unpair(&sa, &sb);
}

/* Scaling both samples by k scales differences, spreads and errors by k
 * and leaves degrees of freedom, quantiles and p alone: at k = 3e153 the
 * variances are near 1e308, and the sums of squares, the pooled sum and
 * the squares in Welch-Satterthwaite overflow unless computed scaled. */
Test(stats, compare_is_scale_invariant)
{
	const double a[] = { 1, 2, 3, 4, 5 };
	const double b[] = { 2, 4, 5, 7, 9, 11 };
	const double k = 3e153;
	double ka[5], kb[6];
	stats_sample sa, sb, ta, tb;
	stats_diff d, e;
	int test;
	size_t i;

	for (i = 0; i < 5; i++)
		ka[i] = a[i] * k;
	for (i = 0; i < 6; i++)
		kb[i] = b[i] * k;
	PAIR(sa, sb, a, b);
	PAIR(ta, tb, ka, kb);
	for (test = STATS_STUDENT; test <= STATS_WELCH; test++) {
		stats_compare(&d, (stats_ttest)test, &sa, &sb, 95);
		stats_compare(&e, (stats_ttest)test, &ta, &tb, 95);
		cr_assert(isfinite(e.df) && isfinite(e.s) && isfinite(e.err),
		          "test %d: df %g s %g err %g", test, e.df, e.s, e.err);
		cr_assert_float_eq(e.df, d.df, 1e-12 * d.df);
		cr_assert_float_eq(e.t, d.t, 1e-12 * d.t);
		cr_assert_float_eq(e.s / k, d.s, 1e-12 * d.s);
		cr_assert_float_eq(e.err / k, d.err, 1e-12 * d.err);
		cr_assert_float_eq(e.pct, d.pct, 1e-12 * fabs(d.pct));
		cr_assert_float_eq(e.pct_err, d.pct_err, 1e-12 * d.pct_err);
		cr_assert_float_eq(e.p, d.p, 1e-12);
		cr_assert_eq(e.significant, d.significant);
	}
	unpair(&sa, &sb);
	unpair(&ta, &tb);
}

Test(stats, bootstrap_reproducible)
{
	const double a[] = { 10, 11, 9, 10.5, 10.2, 9.8, 10.1, 10.4, 9.9, 10.3 };
	const double b[] = { 12, 12.5, 11.8, 12.2, 12.1, 11.9, 12.4, 12.3, 12.0,
	                     12.6 };
	stats_sample sa, sb;
	stats_ratio r1, r2, r3;

	PAIR(sa, sb, a, b);
	stats_bootstrap_ratio(&r1, &sa, &sb, 95, 2000, 1, NULL);
	stats_bootstrap_ratio(&r2, &sa, &sb, 95, 2000, 1, NULL);
	stats_bootstrap_ratio(&r3, &sa, &sb, 95, 2000, 2, NULL);
	cr_assert_eq(r1.estimate, 12.2 / 10.2);   /* x[n/2] of each, sorted */
	cr_assert(r1.lo == r2.lo && r1.hi == r2.hi, "same seed, same interval");
	cr_assert(r1.lo != r3.lo || r1.hi != r3.hi, "another seed differs");
	cr_assert(r1.lo <= r1.estimate && r1.estimate <= r1.hi);
	/* every resampled median lies within the samples' ranges */
	cr_assert(r1.lo >= 11.8 / 10.5 && r1.hi <= 12.6 / 9.8);
	unpair(&sa, &sb);
}

Test(stats, mad_fences)
{
	const double x[] = { 10, 11, 12, 13, 14, 100, 12 };
	const double same[] = { 5, 5, 5, 5, 9 };
	stats_sample s;
	double mad, lo, hi;

	sample(&s, x, 7);
	stats_mad_fences(&s, &mad, &lo, &hi);
	/* median 12; deviations 2 1 0 1 2 88 0: MAD 1 */
	cr_assert_eq(mad, 1);
	cr_assert_float_eq(hi, 12 + 3.5 / 0.6745, 1e-12);
	cr_assert(100 > hi && 14 < hi && 10 > lo);
	stats_sample_clear(&s);
	sample(&s, same, 5);
	stats_mad_fences(&s, &mad, &lo, &hi);
	cr_assert(mad == 0 && isinf(lo) && isinf(hi), "MAD 0 flags nothing");
	stats_sample_clear(&s);
}
