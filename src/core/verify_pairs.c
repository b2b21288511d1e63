/*
 * verify_pairs.c - the sum of the squared bucket loads of keys in
 * arithmetic progression, from the pairs of keys that share a bucket,
 * without hashing every key (verify_int.h; prefix verify_pairs_).
 *
 * The K products x_k = first + k step (mod 2^n, distinct), k < K, in
 * 2^b buckets of width W = 2^(n-b): the sum of the squared loads counts
 * the ordered pairs of keys in one bucket, K + 2 sum over d >= 1 of P(d),
 * P(d) the k < K - d whose x_k and x_(k+d) = x_k + delta share a bucket,
 * delta = d step.  With r_k = x_k mod W, that is r_k < W - delta when
 * 0 < delta < W, r_k >= -delta when -W < delta < 0 (mod 2^n), and never
 * otherwise.  So only the d with delta within W of 0 count, and their
 * r_k form a progression mod W: P(d) is two floor sums (Euclid's
 * algorithm, a few dozen steps).
 *
 * Those d are the neighbours of the point x_0 among the K points
 * d step: by the three-distance theorem (Sos, Swierczkowski) the point
 * after d on the circle is d + u when d + u < K, else d - v when d >= v,
 * else d + u - v, where u and v are the d < K nearest to 0 from above
 * and from below (u + v >= K); the point before is the mirror image.  u
 * and v come from Euclid's algorithm on the step (the least
 * remainders), so the walk visits exactly the d within W of 0, each in
 * a step.  A random multiplier's progression has about 2 K / 2^b of them
 * (16 at 8 keys a bucket) where hashing costs K steps; a collapsing one
 * can have about K, and then the keys are counted instead (the caller
 * does, on -1).
 *
 * The sum is exact, an integer, so R (score_stats_sums) is the count's
 * to the last bit; the loads themselves are not known, so neither the
 * fullest bucket nor the empty ones: for screens that judge by R.
 */
#include <assert.h>

#include "core/verify_int.h"

/* y / m into *q and y % m into *r, m > 0 and the quotient below 2^64:
 * one 64-bit division when y fits, else one 128-by-64-bit division
 * (x86-64's div; elsewhere __int128's, a library call several times
 * slower): the same integers. */
static inline void divmod64(u128 y, uint64_t m, uint64_t *q, uint64_t *r)
{
	if (!(y >> 64)) {
		*q = (uint64_t)y / m;
		*r = (uint64_t)y % m;
		return;
	}
#if defined(__x86_64__)
	__asm__("divq %4" : "=a"(*q), "=d"(*r) : "a"((uint64_t)y),
	        "d"((uint64_t)(y >> 64)), "rm"(m));
#else
	*q = (uint64_t)(y / m);
	*r = (uint64_t)(y % m);
#endif
}

/* Sum over k < n of floor((a k + b) / m), m > 0 (the AtCoder Library's
 * floor_sum_unsigned).  Every term it adds is part of the sum, which is
 * below n (a n + b) / m, at most n (n + 2) < 2^63 for below's a < m and
 * b < 2m with n < 2^31; only a k + b needs 128 bits (2^87 here), and
 * its quotient by m is at most n.  In 128 bits throughout it was a
 * fifth of a quick screen's processor time (issue 21). */
static uint64_t floor_sum(uint64_t n, uint64_t m, uint64_t a, uint64_t b)
{
	uint64_t ans = 0, t;

	assert(n < (uint64_t)1 << 31 && m > 0);
	for (;;) {
		u128 y;
		if (a >= m) {
			ans += n * (n - 1) / 2 * (a / m);
			a %= m;
		}
		if (b >= m) {
			ans += n * (b / m);
			b %= m;
		}
		y = (u128)a * n + b;
		if (y < m)
			return ans;
		divmod64(y, m, &n, &b);
		t = m;
		m = a;
		a = t;
	}
}

/* The k < n with (f + k s) mod 2^sh < T, 0 <= T <= 2^sh, f, s < 2^sh:
 * [y mod W < T] = floor(y / W) - floor((y + W - T) / W) + 1. */
static uint64_t below(uint64_t n, unsigned sh, uint64_t f, uint64_t s,
                      uint64_t T)
{
	uint64_t W = (uint64_t)1 << sh;

	assert(sh < 64);
	return n + floor_sum(n, W, s, f) - floor_sum(n, W, s, f + W - T);
}

/* u and v (the d in [1, K) with the least d s and the least -d s, mod
 * 2^64), and those distances: the subtractive Euclid's algorithm on the
 * two gaps at 0, a quotient at a time, while u + v < K. */
static void nearest(uint64_t s, uint64_t K, uint64_t *u, uint64_t *v,
                    uint64_t *gu, uint64_t *gv)
{
	*u = *v = 1;
	*gu = s;
	*gv = -s;
	while (*u + *v <= K - 1) {
		uint64_t t, lim;
		if (*gu > *gv) {          /* u + v lands below u: the new u */
			t = (*gu - 1) / *gv;
			lim = (K - 1 - *u) / *v;
			t = t < lim ? t : lim;
			*u += t * *v;
			*gu -= t * *gv;
		} else {
			t = (*gv - 1) / *gu;
			lim = (K - 1 - *v) / *u;
			t = t < lim ? t : lim;
			*v += t * *u;
			*gv -= t * *gu;
		}
	}
}

int verify_pairs_sumsq(uint64_t first, uint64_t step, uint64_t K,
                       unsigned bits, const unsigned *bs, size_t nb,
                       uint64_t *sq, size_t budget)
{
	unsigned up = 64 - bits, bmin = 64, i;
	uint64_t u, v, gu, gv, d, sum[VERIFY_PAIRS_MAX];
	uint64_t dd[VERIFY_PAIRS_BUDGET];
	uint64_t del[VERIFY_PAIRS_BUDGET];   /* |delta|, 2^64 scale */
	unsigned char neg[VERIFY_PAIRS_BUDGET];
	size_t nd = 0, j, b;
	u128 pos, W;
	int dir;

	if (budget > VERIFY_PAIRS_BUDGET)
		budget = VERIFY_PAIRS_BUDGET;
	if (nb == 0 || nb > VERIFY_PAIRS_MAX || K < 2)
		return -1;
	first = first << up;              /* the word at the top: mod 2^64 */
	step = step << up;
	/* distinct products: K <= 2^(64 - ctz(step)) */
	if (!step || (verify_ctz64(step) && K > (uint64_t)1 << (64 -
	              verify_ctz64(step))))
		return -1;
	for (b = 0; b < nb; b++)
		if (bs[b] < bmin)
			bmin = bs[b];
	if (bmin < 1 || bmin > bits)
		return -1;
	nearest(step, K, &u, &v, &gu, &gv);
	W = (u128)1 << (64 - bmin);
	/* the neighbours of x_0 within the widest bucket, above then below */
	for (dir = 0; dir < 2; dir++)
		for (d = 0, pos = 0;;) {
			if (!dir) {
				if (d + u < K) {
					d += u;
					pos += gu;
				} else if (d >= v) {
					d -= v;
					pos += gv;
				} else {
					d += u - v;
					pos += (u128)gu + gv;
				}
			} else {
				if (d >= u) {
					d -= u;
					pos += gu;
				} else if (d + v < K) {
					d += v;
					pos += gv;
				} else {
					d += v - u;
					pos += (u128)gu + gv;
				}
			}
			if (pos >= W)
				break;
			if (nd >= budget)
				return -1;
			dd[nd] = d;
			del[nd] = (uint64_t)pos;
			neg[nd++] = (unsigned char)dir;
		}
	for (b = 0; b < nb; b++) {
		unsigned sh = 64 - bs[b];
		uint64_t w = (uint64_t)1 << sh, mw = w - 1, s = step & mw,
		         f = first & mw;
		sum[b] = K;
		for (j = 0; j < nd; j++) {
			uint64_t n = K - dd[j], pd;
			if (del[j] >= w)
				continue;
			pd = neg[j] ? n - below(n, sh, f, s, del[j])
			     : below(n, sh, f, s, w - del[j]);
			sum[b] += 2 * pd;
		}
	}
	for (i = 0; i < nb; i++)
		sq[i] = sum[i];
	return 0;
}
