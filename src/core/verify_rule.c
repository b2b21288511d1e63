/*
 * verify_rule.c - verify's rule and its references (verify.h;
 * verify_int.h for how the battery's files divide the work): the
 * Gauss-Kuzmin tail, the committed reference distributions and a
 * sample's, the rule (rank, small word), the rank's one wording, and a
 * form check's slot.  Calls no other file of the battery.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/verify.h"
#include "cfx/word.h"
#include "core/verify_int.h"

/* The reference distributions made by `make calibrate`. */
typedef struct verify_ref {
	unsigned bits;            /* the word: 32, 64; the sequential keys on
	                           * w-bit words (keys k c of few keys) too */
	verify_kind kind;
	unsigned arg;             /* fields: n / h; sparse: bits set */
	unsigned count;           /* multipliers */
	double pct[101];          /* worst R at percentiles 0..100 */
	double beta;              /* mean excess of ln R over ln pct[90] */
} verify_ref;

typedef struct verify_cal_row {
	unsigned bits;
	uint64_t p;
	double r[6];              /* worst R per reference family */
} verify_cal_row;

#include "core/verify_cal.inc"

_Static_assert(VERIFY_CAL_COUNT == VERIFY_REF_COUNT,
               "verify.h names the calibration's count");

/* verify_small_share's counts, bits 8..16: every odd multiplier through
 * verify_run_screen, VERIFY_STANDARD tables (see verify.h). */
static const size_t small_share[] = { 28, 76, 193, 470, 1091, 2385, 5487,
                                      11795, 25030 };
_Static_assert(sizeof small_share / sizeof *small_share ==
               VERIFY_SMALL_BITS - VERIFY_MIN_BITS + 1, "one count a word");

double verify_gk_tail(double a, size_t places)
{
	double g;

	if (a <= 1 || places == 0)
		return 1;
	g = log1p(1 / a) / log(2);
	return -expm1((double)places * log1p(-g));
}

verify_status verify_rule(double worst_r, double tail, size_t judged)
{
	double adjusted = tail * (double)(judged ? judged : 1);

	if (worst_r >= VERIFY_BAD_R && adjusted < VERIFY_ALPHA_FAIL)
		return VERIFY_FAIL;
	if (worst_r >= VERIFY_NOTICE_R && adjusted < VERIFY_ALPHA_WARN)
		return VERIFY_WARN;
	return VERIFY_PASS;
}

verify_status verify_rule_yours(double worst_r, double tail, size_t judged)
{
	verify_status st = verify_rule(worst_r, tail, judged);

	if (st == VERIFY_PASS && verify_rule(worst_r, tail, 1) == VERIFY_FAIL)
		st = VERIFY_WARN;
	return st;
}

int verify_rule_yours_only(verify_status st, double worst_r, double tail,
                           size_t judged)
{
	return st == VERIFY_WARN &&
	       verify_rule(worst_r, tail, judged) == VERIFY_PASS;
}

/* The general case of verify_rule_r: by bisection (the tail falls as R
 * grows). */
static double rule_r_bisect(const double *pct, double beta, size_t judged,
                            verify_status at)
{
	double lo = 1, hi = 1e12;
	int i;

	if (verify_rule(hi, verify_pct_tail(pct, beta, hi, NULL), judged) < at)
		return 0;
	for (i = 0; i < 200 && hi - lo > 1e-9 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (verify_rule(mid, verify_pct_tail(pct, beta, mid, NULL),
		                judged) >= at)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* verify_rule gives at from R >= R_at (VERIFY_BAD_R, VERIFY_NOTICE_R)
 * once the tail is below a = alpha_at / judged; when a < 0.1 that happens
 * above the 90th percentile, where the tail is 0.1 (R / pct90)^(-1/beta):
 * past R = pct90 (0.1 / a)^beta.  So R = max(R_at, that), the boundary
 * the bisection closes in on, at the cost of one pow (screens ask it per
 * candidate; nothing is kept). */
double verify_rule_r(const double *pct, double beta, size_t judged,
                     verify_status at)
{
	double r_at = at == VERIFY_FAIL ? VERIFY_BAD_R : VERIFY_NOTICE_R;
	double a = (at == VERIFY_FAIL ? VERIFY_ALPHA_FAIL : VERIFY_ALPHA_WARN) /
	           (double)(judged ? judged : 1), r;

	if (beta <= 0 || a >= 0.1)
		return rule_r_bisect(pct, beta, judged, at);
	r = pct[90] * pow(0.1 / a, beta);
	return r > r_at ? r : r_at;
}

verify_status verify_small_rule(unsigned bits, verify_kind kind,
                                double worst_r)
{
	return bits <= VERIFY_SMALL_BITS && kind == VERIFY_SEQ &&
	       worst_r >= VERIFY_BAD_R ? VERIFY_FAIL : VERIFY_PASS;
}

int verify_family_as_sequential(const verify_family *f)
{
	return f->ck && f->cf.ok && f->start == 0;
}

int verify_small_share(unsigned bits, size_t *count, size_t *of)
{
	if (bits < VERIFY_MIN_BITS || bits > VERIFY_SMALL_BITS)
		return 0;
	*count = small_share[bits - VERIFY_MIN_BITS];
	*of = (size_t)1 << (bits - 1);
	return 1;
}

static const verify_ref *find_ref(unsigned cal_bits, verify_kind kind,
                                  unsigned arg)
{
	size_t i;

	for (i = 0; i < sizeof verify_refs / sizeof *verify_refs; i++)
		if (verify_refs[i].bits == cal_bits && verify_refs[i].kind == kind &&
		    verify_refs[i].arg == arg)
			return &verify_refs[i];
	return NULL;
}

double verify_pct_tail(const double *pct, double beta, double r,
                       double *percentile)
{
	double tail;
	int i;

	if (r > pct[90] && beta > 0) {
		/* above the 90th percentile: the fitted exponential tail */
		tail = 0.1 * exp(-(log(r) - log(pct[90])) / beta);
	} else {
		/* pct[i], the first percentile at least r: a reference value
		 * equal to r is as bad, so a tie counts above r, not below */
		for (i = 0; i <= 100 && pct[i] < r; i++)
			;
		if (i == 0)
			tail = 1;
		else if (i > 100)
			tail = 0.0;
		else if (pct[i] == r)
			tail = 1 - i / 100.0;
		else
			tail = 1 - (i - 1 + (r - pct[i - 1]) / (pct[i] - pct[i - 1]))
			       / 100;
	}
	if (tail > 1)
		tail = 1;
	if (percentile)
		*percentile = 100 * (1 - tail);
	return tail;
}

int verify_ref_info(unsigned bits, verify_kind kind, unsigned arg,
                    unsigned *count, double *lo, double *hi)
{
	const verify_ref *ref = find_ref(bits, kind, arg);

	if (!ref || ref->count == 0)
		return 0;
	if (count)
		*count = ref->count;
	if (lo)
		*lo = ref->pct[0];
	if (hi)
		*hi = ref->pct[100];
	return 1;
}

_Static_assert(sizeof verify_exact_r / sizeof *verify_exact_r ==
               (1u << VERIFY_EXACT_W) - 8, "w = 4..VERIFY_EXACT_W, 2^(w-1) each");

int verify_exact_rank(unsigned w, double r, size_t *below, size_t *same,
                      size_t *of)
{
	size_t start = 0, n, i;
	unsigned v;

	if (w < 4 || w > VERIFY_EXACT_W)
		return 0;
	for (v = 4; v < w; v++)
		start += (size_t)1 << (v - 1);
	n = (size_t)1 << (w - 1);
	*below = *same = 0;
	*of = n;
	for (i = 0; i < n; i++) {
		double x = verify_exact_r[start + i];
		/* equal counts give equal R; 1e-12 absorbs summation order */
		if (fabs(x - r) <= 1e-12 * r)
			(*same)++;
		else
			*below += x < r;
	}
	return 1;
}

double verify_ref_tail(unsigned cal_bits, verify_kind kind, unsigned arg,
                       double r, double *percentile)
{
	const verify_ref *ref = find_ref(cal_bits, kind, arg);

	if (percentile)
		*percentile = -1;
	if (!ref || ref->count == 0)
		return 1;
	return verify_pct_tail(ref->pct, ref->beta, r, percentile);
}

const char *verify_share_text(char *buf, size_t n, double share, int sig)
{
	if (share >= 99.95)
		snprintf(buf, n, ">99.9");
	else if (share < 0.05)
		snprintf(buf, n, "<0.1");
	else if (share >= 99.5 || share < 0.5)
		snprintf(buf, n, "%.1f", share);
	else
		snprintf(buf, n, "%.*g", sig, share);
	return buf;
}

/* One form, "1 in N": "1 in 1.0e+11", "1 in 568", and below 10 one
 * decimal ("1 in 1.3", not "1 in 1"), so the reader never meets two. */
const char *verify_one_in(char *buf, size_t n, double tail)
{
	double x = tail > 0 ? 1 / tail : HUGE_VAL;

	if (x < 9.95)
		snprintf(buf, n, "1 in %.1f", x);
	else if (x >= 1e300)
		snprintf(buf, n, "1 in more than 1e300");
	else if (x >= 1e4)
		snprintf(buf, n, "1 in %.1e", x);
	else
		snprintf(buf, n, "1 in %.0f", x);
	return buf;
}

double verify_share_as_bad(double percentile, double tail)
{
	(void)tail;
	return percentile >= 0 ? 100 - percentile : -1;
}

/* The rank against a sample of m counted now, at its resolution: the
 * count that does better, never a percentage finer than 1 in m ("all 40
 * do better", not ">99.9%").  Beyond the sample the verdict reads the
 * tail fitted above its 90th percentile (verify_sample_tail): in full,
 * said where it decides, when all do better or the row WARNs or FAILs. */
static size_t sample_rank_text(char *buf, size_t n, const verify_family *f,
                               int brief)
{
	char in[32], of[32];
	int len;

	if (f->sample_better == f->sample_m)
		snprintf(of, sizeof of, "all %zu", f->sample_m);
	else
		snprintf(of, sizeof of, "%zu of %zu", f->sample_better,
		         f->sample_m);
	if (brief)
		len = snprintf(buf, n, "%s do better", of);
	else
		len = snprintf(buf, n, "%s random odd multipliers counted on these "
		               "keys at these tables do better", of);
	if (!brief && len >= 0 && (size_t)len < n &&
	    (f->sample_better == f->sample_m || f->status != VERIFY_PASS))
		len += snprintf(buf + len, n - (size_t)len, " (this bad: %s by "
		                "the tail fitted to them)", verify_one_in(in,
		                sizeof in, f->tail));
	return len < 0 ? 0 : (size_t)len;
}

size_t verify_rank_text(char *buf, size_t n, const verify_family *f,
                        int brief)
{
	char sh[16], in[32], keys[24];
	int len;

	if (f->keys & (f->keys - 1))
		snprintf(keys, sizeof keys, "%zu", f->keys);
	else
		snprintf(keys, sizeof keys, "2^%u", verify_log2_floor(f->keys));
	if (f->tie)
		len = snprintf(buf, n, "every odd multiplier gives this R");
	else if (f->sample_m && f->percentile >= 0)
		len = (int)sample_rank_text(buf, n, f, brief);
	else if (f->percentile < 0)
		len = snprintf(buf, n, brief ? "not ranked: %s keys" : "not "
		               "ranked: no reference of random multipliers on these "
		               "%s keys", keys);
	else
		len = snprintf(buf, n, brief ? "%s%% do better" : "%s%% of random "
		               "odd multipliers do better%s", verify_share_text(sh,
		               sizeof sh, f->percentile, 3), f->ranked_all ?
		               " (every one counted)" : "");
	/* the Gauss-Kuzmin clause explains, it does not decide (the share
	 * before it does): at R >= VERIFY_NOTICE_R only, in the table
	 * (brief) and in the FAIL paragraph, the JSON and --full's reasons
	 * alike; the table has its probability alone, the others it whole */
	if (len < 0 || (size_t)len >= n || !f->cf.ok || f->cf.a <= 1 || f->tie ||
	    f->worst_r < VERIFY_NOTICE_R)
		return len < 0 ? 0 : (size_t)len;
	verify_one_in(in, sizeof in, verify_gk_tail((double)f->cf.a,
	              f->cf.places));
	if (brief) {
		if (!f->absolute)
			len += snprintf(buf + len, n - (size_t)len, "; %s by "
			                "Gauss-Kuzmin", in);
		return len < 0 ? 0 : (size_t)len;
	}
	len += snprintf(buf + len, n - (size_t)len, "; a_%zu = %llu after q = "
	                "%llu: %s by Gauss-Kuzmin", f->cf.k,
	                (unsigned long long)f->cf.a, (unsigned long long)f->cf.q,
	                in);
	return len < 0 ? 0 : (size_t)len;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The i-th (from 0) random odd multiplier of a reference from seed on
 * bits-bit words: splitmix64's outputs. */
uint64_t verify_ref_multiplier(uint64_t seed, size_t i, unsigned bits)
{
	uint64_t z = seed + (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	z ^= z >> 31;
	return (z & word_mask(bits)) | 1;
}

/* The share of a sample ref[0..m) of random multipliers' worst R at or
 * above r (ref sorted here): its percentiles, an exponential tail fitted
 * above the 90th, as the committed references'. */
double verify_sample_tail(double *ref, size_t m, double r, double *percentile)
{
	double pct[101], u90, beta = 0;
	size_t i, over = 0;

	assert(m > 1);
	qsort(ref, m, sizeof *ref, cmp_double);
	for (i = 0; i <= 100; i++)
		pct[i] = ref[(size_t)floor((double)i / 100 * (double)(m - 1) + 0.5)];
	u90 = pct[90];
	for (i = 0; i < m; i++)
		if (ref[i] > u90 && u90 > 0) {
			beta += log(ref[i] / u90);
			over++;
		}
	beta = over ? beta / (double)over : 0;
	return verify_pct_tail(pct, beta, r, percentile);
}

verify_check *verify_form(verify_battery *bt, const char *name,
                          verify_status st)
{
	verify_check *k = &bt->forms[bt->nforms++];

	assert(bt->nforms <= VERIFY_MAX_FORMS);
	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "%s", name);
	k->status = st;
	k->tail = 1;
	k->percentile = -1;
	return k;
}

int verify_stopped(const verify_battery *bt)
{
	return bt->stop && *bt->stop;
}
