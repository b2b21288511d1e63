/* score.c - bucket uniformity (see score.h). */
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define SCORE_AVX2 1
#endif

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "cfx/mem.h"
#include "cfx/pool.h"
#include "cfx/score.h"

/*
 * Counting is a histogram: load, add one, store.  When a key's bucket is
 * the bucket of one of the few keys before it, its load must wait for
 * that store (a chain through memory, 4 to 5 cycles a key), and a bad
 * multiplier on strided keys puts run after run of keys in few buckets:
 * the loop then runs at a third of the speed of one over scattered
 * buckets.  So such keys are counted in SCORE_LANES tables interleaved
 * (bucket h of lane j is lanes[h * SCORE_LANES + j], one cache line
 * holds all four of a bucket), key i into lane i mod SCORE_LANES, and
 * the lanes are added into loads at the end: keys within SCORE_LANES of
 * each other never wait for each other.  Scattered keys go the plain way:
 * a table four times the size would only cost cache misses.  Which way
 * is chosen from the first keys' buckets (chained).
 */
#define SCORE_LANES 4
#define LANES_MAX_BITS 20       /* lanes of 2^20 buckets: 16 MiB */
#define SAMPLE 1024             /* keys looked at to choose */
_Static_assert(SCORE_LANES == 4, "the progression's loop writes four lanes");

/* A product's bucket, from the product shifted to the top of 64 bits
 * (x << (64 - bits)): the word's top b bits with no mask, one shift; so
 * the loops shift p, or the progression's first and step, once. */
#define BUCKET(x) ((x) >> shift)

/* The last buckets seen, and how many repeated one of the three before. */
typedef struct recent {
	uint64_t h[3];
	size_t seen, near;
} recent;

static void recent_see(recent *r, uint64_t h)
{
	size_t k, back = r->seen < 3 ? r->seen : 3;

	for (k = 0; k < back; k++)
		if (h == r->h[k]) {
			r->near++;
			break;
		}
	r->h[2] = r->h[1], r->h[1] = r->h[0], r->h[0] = h;
	r->seen++;
}

/* Lane tables for the 2^b buckets of keys whose first buckets r saw,
 * when one in eight of those repeats a bucket of the three before it;
 * NULL to count plainly (also when memory is
 * short: lanes are only faster). */
static uint32_t *lanes_for(const recent *r, unsigned b)
{
	size_t m = (size_t)1 << b;

	if (r->seen < 16 || r->near * 8 < r->seen)
		return NULL;
	return mem_big(m * SCORE_LANES * sizeof(uint32_t), 1);
}

/* Whether lanes could pay for n keys in 2^b buckets. */
static int lanes_worth(size_t n, unsigned b)
{
	return b <= LANES_MAX_BITS && n >= 4 * SCORE_LANES * ((size_t)1 << b);
}

/* loads[h] += the SCORE_LANES loads of bucket h, for the 2^b buckets;
 * frees the lanes. */
static void lanes_merge(uint32_t *lanes, unsigned b, uint32_t *loads)
{
	size_t m = (size_t)1 << b, h;
	int j;

	for (h = 0; h < m; h++)
		for (j = 0; j < SCORE_LANES; j++)
			loads[h] += lanes[h * SCORE_LANES + (size_t)j];
	free(lanes);
}

/* Count one slice of the keys into loads (not zeroed here), four keys a
 * round written out (the compiler leaves a loop of four a loop), the key
 * stream prefetched a few rounds ahead: the plain way is bound by reading
 * keys from memory. */
void score_add(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
               unsigned b, uint32_t *loads)
{
	unsigned shift = 64 - b;
	size_t i = 0;
	uint32_t *lanes = NULL;
	recent r = { { 0, 0, 0 }, 0, 0 };
	const uint64_t *k;

	assert(b >= 1 && b <= bits && bits <= 64);

	p <<= 64 - bits;
	if (lanes_worth(n, b)) {
		for (i = 0; i < SAMPLE && i < n; i++)
			recent_see(&r, BUCKET(keys[i] * p));
		lanes = lanes_for(&r, b);
	}
	if (lanes) {
		for (i = 0; i + 4 <= n; i += 4) {
			k = keys + i;
			__builtin_prefetch(k + 64);
			lanes[BUCKET(k[0] * p) * SCORE_LANES]++;
			lanes[BUCKET(k[1] * p) * SCORE_LANES + 1]++;
			lanes[BUCKET(k[2] * p) * SCORE_LANES + 2]++;
			lanes[BUCKET(k[3] * p) * SCORE_LANES + 3]++;
		}
		for (; i < n; i++)
			loads[BUCKET(keys[i] * p)]++;
		lanes_merge(lanes, b, loads);
		return;
	}
	for (i = 0; i + 4 <= n; i += 4) {
		k = keys + i;
		__builtin_prefetch(k + 64);
		loads[BUCKET(k[0] * p)]++;
		loads[BUCKET(k[1] * p)]++;
		loads[BUCKET(k[2] * p)]++;
		loads[BUCKET(k[3] * p)]++;
	}
	for (; i < n; i++)
		loads[BUCKET(keys[i] * p)]++;
}

void score_add_progression(uint64_t first, uint64_t step, size_t n,
                           unsigned bits, unsigned b, uint32_t *loads)
{
	uint64_t x;
	unsigned shift = 64 - b;
	size_t i;
	uint32_t *lanes = NULL;
	recent r = { { 0, 0, 0 }, 0, 0 };

	assert(b >= 1 && b <= bits && bits <= 64);
	first <<= 64 - bits;
	step <<= 64 - bits;
	x = first;

	/* the products of k0 + i S are k0 p + i S p: one addition a key */
	if (lanes_worth(n, b)) {
		for (i = 0; i < SAMPLE && i < n; i++, x += step)
			recent_see(&r, BUCKET(x));
		lanes = lanes_for(&r, b);
		x = first;
	}
	if (lanes) {
		uint64_t x1 = x + step, x2 = x1 + step, x3 = x2 + step;
		uint64_t s4 = SCORE_LANES * step;

		for (i = 0; i + SCORE_LANES <= n; i += SCORE_LANES) {
			lanes[BUCKET(x) * SCORE_LANES]++;
			lanes[BUCKET(x1) * SCORE_LANES + 1]++;
			lanes[BUCKET(x2) * SCORE_LANES + 2]++;
			lanes[BUCKET(x3) * SCORE_LANES + 3]++;
			x += s4, x1 += s4, x2 += s4, x3 += s4;
		}
		for (; i < n; i++, x += step)
			loads[BUCKET(x)]++;
		lanes_merge(lanes, b, loads);
		return;
	}
	/* four products a round, each one addition from its own */
	{
		uint64_t x1 = x + step, x2 = x1 + step, x3 = x2 + step;
		uint64_t s4 = 4 * step;

		for (i = 0; i + 4 <= n; i += 4) {
			loads[BUCKET(x)]++;
			loads[BUCKET(x1)]++;
			loads[BUCKET(x2)]++;
			loads[BUCKET(x3)]++;
			x += s4, x1 += s4, x2 += s4, x3 += s4;
		}
	}
	for (; i < n; i++, x += step)
		loads[BUCKET(x)]++;
}

typedef struct slice {
	const uint64_t *keys;       /* stored keys, or NULL: a progression */
	uint64_t first, step;       /* of products, when keys is NULL */
	size_t n;
	uint64_t p;
	unsigned bits, b;
	uint32_t *loads;
} slice;

static void slice_add(const slice *s, uint32_t *loads)
{
	if (s->keys)
		score_add(s->keys, s->n, s->p, s->bits, s->b, loads);
	else
		score_add_progression(s->first, s->step, s->n, s->bits, s->b, loads);
}

static void count_part(void *ctx, size_t t, unsigned worker)
{
	slice *s = (slice *)ctx + t;

	(void)worker;
	slice_add(s, s->loads);
}

/* Zero loads and count all of `whole`, split over the processors (sys
 * pool), each part into a private table added in at the end. */
static void count_split(const slice *whole, uint32_t *loads)
{
	size_t m = (size_t)1 << whole->b, n = whole->n, i, per;
	int t, nt = (int)pool_cpus();
	slice sl[SCORE_THREADS];

	assert(whole->b >= 1 && whole->b <= whole->bits && whole->bits <= 64);

	memset(loads, 0, m * sizeof *loads);
	if (nt > SCORE_THREADS)
		nt = SCORE_THREADS;
	/* threads pay off only when the keys outweigh the private tables */
	if (n < SCORE_THREAD_MIN || n < 4 * m)
		nt = 1;
	for (t = 1; t < nt; t++)
		if (!(sl[t].loads = mem_big(m * sizeof *loads, 1))) {
			while (--t >= 1)        /* no memory: one part */
				free(sl[t].loads);
			nt = 1;
			break;
		}
	per = n / (size_t)nt;
	for (t = 0; t < nt; t++) {
		size_t from = per * (size_t)t;
		uint32_t *own = t ? sl[t].loads : loads;
		sl[t] = *whole;
		sl[t].n = t == nt - 1 ? n - from : per;
		if (whole->keys)
			sl[t].keys = whole->keys + from;
		else
			sl[t].first = whole->first + (uint64_t)from * whole->step;
		sl[t].loads = own;
	}
	pool_run((size_t)nt, (unsigned)nt, count_part, NULL, sl);
	for (t = 1; t < nt; t++) {
		for (i = 0; i < m; i++)
			loads[i] += sl[t].loads[i];
		free(sl[t].loads);
	}
}

void score_count(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
                 unsigned b, uint32_t *loads)
{
	slice whole = { keys, 0, 0, n, p, bits, b, NULL };

	count_split(&whole, loads);
}

void score_count_progression(uint64_t first, uint64_t step, size_t n,
                             unsigned bits, unsigned b, uint32_t *loads)
{
	slice whole = { NULL, first, step, n, 0, bits, b, NULL };

	count_split(&whole, loads);
}

/*
 * GSL calls its error handler, by default abort(), where a tail underflows
 * or a series fails to converge.  The core must not depend on how the
 * program set that handler, so it is turned off around the call and put
 * back after; the handler is process-wide, hence the lock.
 */
static pthread_mutex_t gsl_lock = PTHREAD_MUTEX_INITIALIZER;

double score_chisq_q(double chi2, double dof)
{
	gsl_error_handler_t *old;
	gsl_sf_result q;
	double p, z;
	int status;

	assert(dof > 0);
	pthread_mutex_lock(&gsl_lock);
	old = gsl_set_error_handler_off();
	status = gsl_sf_gamma_inc_Q_e(dof / 2, chi2 > 0 ? chi2 / 2 : 0, &q);
	p = q.val;
	if (status != GSL_SUCCESS || !(isfinite(p) && p >= 0 && p <= 1)) {
		/* GSL gave up: Wilson-Hilferty, which is accurate when this
		 * happens, at large chi^2 and dof */
		z = (cbrt(chi2 / dof) - (1 - 2 / (9 * dof))) /
		    sqrt(2 / (9 * dof));
		p = gsl_cdf_ugaussian_Q(z);
	}
	gsl_set_error_handler(old);
	pthread_mutex_unlock(&gsl_lock);
	return p;
}

int score_table_check(long b, unsigned long bits, cfx_err *err)
{
	char tok[24];

	snprintf(tok, sizeof tok, "%ld", b);
	if (b < 1 || b > SCORE_MAX_TABLE_BITS)
		return cfx_err_set(err, CFX_EDOMAIN, -1, tok, "--table-bits must "
		                   "be between 1 and %d", SCORE_MAX_TABLE_BITS);
	if ((unsigned long)b > bits)
		return cfx_err_set(err, CFX_EDOMAIN, -1, tok, "--table-bits %ld is "
		                   "above the word size %lu", b, bits);
	return 0;
}

unsigned score_default_table(unsigned long bits)
{
	unsigned long b = bits / 2 < SCORE_TABLE_CAP ? bits / 2
	                  : SCORE_TABLE_CAP;

	assert(bits >= 1);
	return b ? (unsigned)b : 1;
}

score_verdict score_judge(double p_value, double probe_ratio)
{
	if (p_value >= SCORE_ALPHA)
		return SCORE_GOOD;
	return probe_ratio >= SCORE_BAD_R ? SCORE_BAD : SCORE_WEAK;
}

score_verdict score_verdict_of(size_t n, double p_value, double probe_ratio)
{
	return n < SCORE_MIN_KEYS ? SCORE_NONE : score_judge(p_value, probe_ratio);
}

/*
 * The sums of loads: four buckets a step on SSE2 (every x86-64), the
 * squares in two 64-bit lanes by _mm_mul_epu32, the largest load by a
 * signed compare of loads with the sign bit flipped; elsewhere, and for
 * the last few buckets, one at a time.
 */
#if defined(__SSE2__) || defined(SCORE_AVX2)
/* Add n lanes of vector sums to s: n / 2 64-bit sums of squares, n
 * counts of empty buckets and n largest loads (each stored ^ flip). */
static void lanes_out(const void *sq, const void *empty, const void *max,
                      size_t n, uint32_t flip, score_sums *s)
{
	uint64_t q[4];
	uint32_t e[8], mx[8];
	size_t k;

	assert(n <= 8);
	memcpy(q, sq, n * 4);
	memcpy(e, empty, n * 4);
	memcpy(mx, max, n * 4);
	for (k = 0; k < n / 2; k++)
		s->sum_sq += q[k];
	for (k = 0; k < n; k++) {
		s->empty += e[k];
		if ((mx[k] ^ flip) > s->max_load)
			s->max_load = mx[k] ^ flip;
	}
}
#endif

#ifdef __SSE2__
typedef struct sums4 {
	__m128i sq, empty, max;     /* max holds loads ^ 2^31 */
} sums4;

static void sums4_init(sums4 *v)
{
	v->sq = v->empty = _mm_setzero_si128();
	v->max = _mm_set1_epi32(INT32_MIN);
}

static void sums4_add(sums4 *v, __m128i c)
{
	__m128i cb = _mm_xor_si128(c, _mm_set1_epi32(INT32_MIN));
	__m128i gt = _mm_cmpgt_epi32(cb, v->max), hi = _mm_srli_epi64(c, 32);

	v->max = _mm_or_si128(_mm_and_si128(gt, cb), _mm_andnot_si128(gt, v->max));
	v->empty = _mm_sub_epi32(v->empty, _mm_cmpeq_epi32(c,
	                         _mm_setzero_si128()));
	v->sq = _mm_add_epi64(v->sq, _mm_add_epi64(_mm_mul_epu32(c, c),
	                      _mm_mul_epu32(hi, hi)));
}

static void sums4_out(const sums4 *v, score_sums *s)
{
	lanes_out(&v->sq, &v->empty, &v->max, 4, 0x80000000u, s);
}
#endif

static void sums_one(uint64_t c, score_sums *s)
{
	s->sum_sq += c * c;      /* at most K^2 <= 2^56: exact */
	s->empty += c == 0;
	if (c > s->max_load)
		s->max_load = c;
}

/*
 * With AVX2 (checked at run time: the build targets plain x86-64), eight
 * buckets a step and an unsigned max of its own: a third of the
 * instructions.  A fold step reads 16 loads, pairs them within each
 * 128-bit half (shufps) and puts the 64-bit quarters back in order.
 */
#ifdef SCORE_AVX2
#define AVX2 __attribute__((target("avx2")))

typedef struct sums8 {
	__m256i sq, empty, max;
} sums8;

static inline AVX2 void sums8_add(sums8 *v, __m256i c)
{
	__m256i hi = _mm256_srli_epi64(c, 32);

	v->max = _mm256_max_epu32(v->max, c);
	v->empty = _mm256_sub_epi32(v->empty, _mm256_cmpeq_epi32(c,
	                            _mm256_setzero_si256()));
	v->sq = _mm256_add_epi64(v->sq, _mm256_add_epi64(_mm256_mul_epu32(c, c),
	                         _mm256_mul_epu32(hi, hi)));
}

static AVX2 void sums8_out(const sums8 *v, score_sums *s)
{
	lanes_out(&v->sq, &v->empty, &v->max, 8, 0, s);
}

/* Buckets [0, m - m % 8) of score_sums_add; returns how many. */
static AVX2 size_t sums_avx2(const uint32_t *loads, size_t m, score_sums *s)
{
	sums8 v = { _mm256_setzero_si256(), _mm256_setzero_si256(),
	            _mm256_setzero_si256() };
	size_t i;

	for (i = 0; i + 8 <= m; i += 8)
		sums8_add(&v, _mm256_loadu_si256((const __m256i *)(loads + i)));
	sums8_out(&v, s);
	return i;
}

static inline AVX2 __m256i fold8(const uint32_t *in)
{
	__m256 a = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)in));
	__m256 b = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)
	                                                  (in + 8)));
	__m256i c = _mm256_add_epi32(
		_mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0))),
		_mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1))));

	return _mm256_permute4x64_epi64(c, _MM_SHUFFLE(3, 1, 2, 0));
}

/* Outputs [0, m - m % 8) of score_fold; returns how many. */
static AVX2 size_t fold_avx2(const uint32_t *in, size_t m, uint32_t *out,
                             score_sums *s)
{
	size_t i;

	if (!s) {
		for (i = 0; i + 8 <= m; i += 8)
			_mm256_storeu_si256((__m256i *)(out + i), fold8(in + 2 * i));
	} else {
		sums8 v = { _mm256_setzero_si256(), _mm256_setzero_si256(),
		            _mm256_setzero_si256() };
		for (i = 0; i + 8 <= m; i += 8) {
			__m256i c = fold8(in + 2 * i);
			_mm256_storeu_si256((__m256i *)(out + i), c);
			sums8_add(&v, c);
		}
		sums8_out(&v, s);
	}
	return i;
}

static int has_avx2(void)
{
	return __builtin_cpu_supports("avx2");
}
#endif

void score_sums_add(const uint32_t *loads, size_t m, score_sums *s)
{
	size_t i = 0;

#ifdef SCORE_AVX2
	if (m >= 16 && has_avx2())
		i = sums_avx2(loads, m, s);
#endif
#ifdef __SSE2__
	if (m - i >= 8) {
		sums4 v[2];
		sums4_init(&v[0]);
		sums4_init(&v[1]);
		/* lane counts of empty buckets stay below 2^32: m < 2^34 */
		for (; i + 8 <= m; i += 8) {
			sums4_add(&v[0], _mm_loadu_si128((const __m128i *)(loads + i)));
			sums4_add(&v[1], _mm_loadu_si128((const __m128i *)(loads + i
			                                                   + 4)));
		}
		sums4_out(&v[0], s);
		sums4_out(&v[1], s);
	}
#endif
	for (; i < m; i++)
		sums_one(loads[i], s);
}

void score_fold(const uint32_t *in, size_t m, uint32_t *out,
                score_sums *s)
{
	size_t i = 0;

#ifdef SCORE_AVX2
	if (m >= 16 && has_avx2())
		i = fold_avx2(in, m, out, s);
#endif
#ifdef __SSE2__
	if (m - i >= 4) {
		sums4 v;
		sums4_init(&v);
		for (; i + 4 <= m; i += 4) {
			__m128 a = _mm_castsi128_ps(_mm_loadu_si128(
			           (const __m128i *)(in + 2 * i)));
			__m128 b = _mm_castsi128_ps(_mm_loadu_si128(
			           (const __m128i *)(in + 2 * i + 4)));
			__m128i c = _mm_add_epi32(
				_mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0))),
				_mm_castps_si128(_mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1))));
			_mm_storeu_si128((__m128i *)(out + i), c);
			if (s)
				sums4_add(&v, c);
		}
		if (s)
			sums4_out(&v, s);
	}
#endif
	for (; i < m; i++) {
		out[i] = in[2 * i] + in[2 * i + 1];
		if (s)
			sums_one(out[i], s);
	}
}

void score_stats_sums(const score_sums *s, unsigned b, size_t n,
                      score_result *r)
{
	uint64_t m = (uint64_t)1 << b;
	double K = (double)n, M = (double)m, expect;

	memset(r, 0, sizeof *r);
	r->keys = n;
	r->buckets = m;
	r->dof = M - 1;
	r->expected_load = K / M;
	r->empty = s->empty;
	r->max_load = s->max_load;
	if (n == 0) {
		r->p_value = 1;
		r->probe_ratio = 1;
		r->verdict = score_verdict_of(n, r->p_value, r->probe_ratio);
		return;
	}
	/* sum (c - E)^2 / E = sum c^2 / E - K, since sum c = K = m E */
	r->chi2 = (double)s->sum_sq / r->expected_load - K;
	if (r->chi2 < 0)
		r->chi2 = 0;
	r->p_value = m > 1 ? score_chisq_q(r->chi2, r->dof) : 1;
	expect = (K * (1 - 1 / M) + K * K / M + K) / 2;
	r->probe_ratio = ((double)s->sum_sq + K) / 2 / expect;
	r->verdict = score_verdict_of(n, r->p_value, r->probe_ratio);
}

void score_stats(const uint32_t *loads, unsigned b, size_t n, score_result *r)
{
	score_sums s = { 0, 0, 0 };

	score_sums_add(loads, (size_t)1 << b, &s);
	score_stats_sums(&s, b, n, r);
}

int score_keys(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
               unsigned b, uint32_t *loads, score_result *r)
{
	uint32_t *own = NULL;

	if (!loads && !(loads = own = mem_big(((size_t)1 << b) * sizeof *loads, 0)))
		return -1;
	score_count(keys, n, p, bits, b, loads);
	score_stats(loads, b, n, r);
	free(own);
	return 0;
}

const char *score_verdict_name(score_verdict v)
{
	static const char *names[] = { "good", "weak", "bad", "none" };
	return names[v];
}

const char *score_verdict_json(score_verdict v)
{
	static const char *names[] = { "PASS", "WARN", "FAIL", "INFO" };
	return names[v];
}

uint64_t score_default_count(unsigned b, unsigned space)
{
	uint64_t k;

	assert(b >= 1 && b <= SCORE_MAX_TABLE_BITS && space <= 64);
	k = (uint64_t)4 << b;
	if (space == 0)
		return 1;
	if (space <= 63 && k > (uint64_t)1 << (space - 1))
		k = (uint64_t)1 << (space - 1);
	return k;
}
