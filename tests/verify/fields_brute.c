/*
 * fields_brute.c - packed keys counted key by key, for tests that need
 * fields_brute.py's answer on 64-bit words in seconds, not minutes.  It
 * shares no code with cfx and uses no lattice: the same definitions as
 * fields_brute.py (read that file for them), written again in C.
 *
 * Keys x_0 << s_0 | ... | x_last (field i takes 2^xb_i values from 0,
 * 2^j keys spread one bit at a time from the lowest field up, each at
 * most its width, no cell when a field takes fewer than 2^4 values) hash
 * as the top b bits of key * p mod 2^n; R = (sum of squared loads + K) /
 * 2 over a random hash's (K (1 - 1/M) + K^2/M + K) / 2, M = 2^b.  Cells:
 * b = 4..20 (n >= 24), 1, 2, 4 or 8 keys a bucket.
 *
 *   fields_brute worst P N S[,S2..]     the row's worst: R b load
 *   fields_brute offsets P N [SKIP,..]  worst over every offset h of
 *                                       x<<h|y but SKIP: R h b load
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t loads[1 << 20];

static int spread(const unsigned *w, unsigned nf, unsigned j, unsigned *xb)
{
	unsigned i, left = j, room = 0;

	for (i = 0; i < nf; i++) {
		xb[i] = 0;
		room += w[i];
	}
	if (j > room)
		return 0;
	while (left) {
		int moved = 0;
		for (i = nf; i-- > 0 && left;)
			if (xb[i] < w[i]) {
				xb[i]++;
				left--;
				moved = 1;
			}
		if (!moved)
			return 0;
	}
	for (i = 0; i < nf; i++)
		if (xb[i] < 4)
			return 0;
	return 1;
}

/* every key of the box: an odometer over the fields but the lowest, the
 * lowest in a plain loop (its keys' products step by p, mod 2^n) */
static void count(uint64_t p, unsigned n, const unsigned *sh,
                  const unsigned *xb, unsigned nf, unsigned b)
{
	uint64_t idx[8] = { 0 }, mask = n == 64 ? ~0ULL : (1ULL << n) - 1;
	uint64_t y, inner = 1ULL << xb[nf - 1], step = p << sh[nf - 1];
	unsigned i, down = n - b;

	memset(loads, 0, sizeof(uint32_t) << b);
	for (;;) {
		uint64_t key = 0, h;
		for (i = 0; i + 1 < nf; i++)
			key |= idx[i] << sh[i];
		h = key * p;
		for (y = 0; y < inner; y++, h += step)
			loads[(h & mask) >> down]++;
		for (i = nf - 1; i-- > 0;) {
			if (++idx[i] < (1ULL << xb[i]))
				break;
			idx[i] = 0;
		}
		if (i == (unsigned)-1)
			return;
	}
}

static double ratio(unsigned b, double K)
{
	double M = ldexp(1, (int)b), s2 = 0;
	uint64_t i;

	for (i = 0; i < (1ULL << b); i++)
		s2 += (double)loads[i] * loads[i];
	return (s2 + K) / 2 / ((K * (1 - 1 / M) + K * K / M + K) / 2);
}

static double worst(uint64_t p, unsigned n, const unsigned *sh, unsigned nf,
                    unsigned *wb, unsigned *wl)
{
	unsigned w[8], xb[8], i, j, b, top = n >= 24 ? 20 : n > 8 ? n - 4 : 4;
	double best = 0;

	for (i = 0; i < nf; i++)
		w[i] = (i ? sh[i - 1] : n) - sh[i];
	*wb = *wl = 0;
	for (j = 4; j <= top + 3; j++) {
		if (!spread(w, nf, j, xb))
			continue;
		for (b = 4; b <= top && b < n; b++) {
			double r;
			if (j < b || j - b > 3)
				continue;
			count(p, n, sh, xb, nf, b);
			r = ratio(b, ldexp(1, (int)j));
			if (r > best) {
				best = r;
				*wb = b;
				*wl = 1u << (j - b);
			}
		}
	}
	return best;
}

int main(int argc, char **argv)
{
	uint64_t p;
	unsigned n, sh[8], nf = 0, b, l;
	char *s;

	if (argc < 4)
		return 2;
	p = strtoull(argv[2], NULL, 0);
	n = (unsigned)atoi(argv[3]);
	if (!strcmp(argv[1], "worst") && argc == 5) {
		for (s = argv[4]; nf < 7; s++) {
			sh[nf++] = (unsigned)strtoul(s, &s, 10);
			if (*s != ',')
				break;
		}
		sh[nf++] = 0;
		double r = worst(p, n, sh, nf, &b, &l);
		printf("%.10g %u %u\n", r, b, l);
		return 0;
	}
	if (!strcmp(argv[1], "offsets")) {
		double best = 0, r;
		unsigned h, bh = 0, bb = 0, bl = 0;
		for (h = 4; h + 4 <= n; h++) {
			int skip = 0;
			if (argc > 4)
				for (s = argv[4]; *s; s++) {
					if ((unsigned)strtoul(s, &s, 10) == h)
						skip = 1;
					if (!*s)
						break;
				}
			if (skip)
				continue;
			sh[0] = h;
			sh[1] = 0;
			r = worst(p, n, sh, 2, &b, &l);
			if (r > best) {
				best = r;
				bh = h;
				bb = b;
				bl = l;
			}
		}
		printf("%.10g %u %u %u\n", best, bh, bb, bl);
		return 0;
	}
	return 2;
}
