/*
 * scm_oracle.c - an independent exhaustive check of single-constant
 * multiplication by shifts and adds (tests/cost/minimum.sh; shares no
 * code with src/core/mcm.c or tools/mcm5.c).
 *
 * Model (man cfx, shifts --optimal): x is node 0 (value 1); a node is
 * (u << s) + w, (u << s) - w or w - (u << s) of earlier nodes u, w
 * (u = w allowed), s >= 1; the product may be negated at the end, so a
 * graph "makes T" when a node is +-T.  Two arithmetics:
 *   mod:  every value mod 2^n, 1 <= s < n;
 *   int:  integers, every node an odd value in (0, 2^(n+1)) (negative
 *         results taken as their absolute value: a node stored negated
 *         costs nothing, as the negation moves into the next operation).
 * Nodes are kept up to sign, and the set {+-u} x {+-w} of operand signs
 * is tried at every step, so sign choices are all covered.
 *
 * Search: depth-first over node sequences in one order per set (a node
 * that does not use the node before it must be larger than it: the
 * smallest-first topological order of any graph has that form, so no
 * graph is missed), and at every sequence the question "is +-T one more
 * operation on two of these nodes" asked of every pair that involves the
 * newest node.  Two ways of asking it, cross-checked by the test:
 *   fast:   T' - w' = u << s fixes s as the trailing zeros of T' - w';
 *   brute:  every s and every form enumerated and compared.
 *
 * usage: scm_oracle [--int [--one-sign]] [--brute] BITS MAXADD T...
 *   (--one-sign: int for T alone, not for -T mod 2^n: the published
 *   tables' model)
 *   prints per T: "T min K" (the fewest adders, K <= MAXADD) or
 *   "T min >MAXADD" (no graph of MAXADD adders or fewer makes +-T).
 * exit 0, or 2 on bad usage.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned nb;          /* n */
static uint64_t mask;        /* 2^n - 1 (mod), or 2^(n+1) - 1 bound (int) */
static uint64_t lim;         /* int: values below this */
static int intmode, brute, onesign;
static uint64_t target;      /* T, up to sign in mod (canonical) */
static uint64_t seq[8];      /* seq[0] = 1, then the nodes */

static uint64_t canon(uint64_t v)
{
	uint64_t a = v & mask, b = (0 - v) & mask;
	return a < b ? a : b;
}

/* ---- one operation ------------------------------------------------------ */

/* every result of one operation on u and w, up to sign (mod) or positive
 * (int); returns the count written into out */
static size_t ops(uint64_t u, uint64_t w, uint64_t *out)
{
	size_t k = 0;
	unsigned s;
	int r;

	for (r = 0; r < 2; r++) {
		uint64_t a = r ? w : u, b = r ? u : w;
		for (s = 1; s < (intmode ? 63u : nb); s++) {
			if (intmode) {
				if ((a << s) >> s != a || (a << s) >= lim + b)
					break;
				uint64_t as = a << s;
				if (as + b < lim)
					out[k++] = as + b;
				uint64_t d = as > b ? as - b : b - as;
				if (d && d < lim)
					out[k++] = d;
			} else {
				out[k++] = canon((a << s) + b);
				out[k++] = canon((a << s) - b);
			}
		}
	}
	return k;
}

/* is +-T one operation on u and w? */
static int makes_fast(uint64_t u, uint64_t w)
{
	int r, sg;

	for (r = 0; r < 2; r++) {
		uint64_t a = r ? w : u, b = r ? u : w;
		if (intmode) {
			/* T = (a << s) + b, (a << s) - b, b - (a << s) */
			uint64_t d[3];
			int k, nd = 0;
			if (target > b) d[nd++] = target - b;
			d[nd++] = target + b;
			if (b > target) d[nd++] = b - target;
			for (k = 0; k < nd; k++) {
				unsigned s = (unsigned)__builtin_ctzll(d[k]);
				if (s >= 1 && (d[k] >> s) == a)
					return 1;
			}
		} else {
			/* +-T - (+-b) = +-(a << s) mod 2^n */
			for (sg = 0; sg < 4; sg++) {
				uint64_t t = (sg & 1) ? 0 - target : target;
				uint64_t bb = (sg & 2) ? 0 - b : b;
				uint64_t d = (t - bb) & mask;
				if (!d)
					continue;
				unsigned s = (unsigned)__builtin_ctzll(d);
				uint64_t m2 = mask >> s, q = d >> s;
				if (s >= 1 && s < nb &&
				    ((q & m2) == (a & m2) || (q & m2) == ((0 - a) & m2)))
					return 1;
			}
		}
	}
	return 0;
}

static int makes_brute(uint64_t u, uint64_t w)
{
	uint64_t buf[4 * 64 + 8];
	size_t k, n = ops(u, w, buf);

	for (k = 0; k < n; k++)
		if (buf[k] == target)
			return 1;
	return 0;
}

static int makes(uint64_t u, uint64_t w)
{
	return brute ? makes_brute(u, w) : makes_fast(u, w);
}

/* ---- the search --------------------------------------------------------- */

static int cmpu(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

static unsigned long long visited;

/* seq[0..d] holds the nodes (d adders so far); can +-T be made with at
 * most maxadd adders in all?  The pairs not involving seq[d] were asked
 * at a shorter sequence. */
static int dfs(unsigned d, unsigned maxadd)
{
	unsigned i;

	visited++;
	if (d + 1 > maxadd)
		return 0;
	for (i = 0; i <= d; i++)
		if (makes(seq[d], seq[i]))
			return 1;
	if (d + 2 > maxadd)
		return 0;

	/* the next node: from any pair; one not using seq[d] must be larger */
	size_t cap = (size_t)(d + 1) * (d + 2) / 2 * (4 * 64 + 8), n = 0, k, j;
	uint64_t *c = malloc(cap * sizeof *c);
	if (!c) {
		fprintf(stderr, "scm_oracle: out of memory\n");
		exit(2);
	}
	for (i = 0; i <= d; i++)
		for (j = i; j <= d; j++) {
			size_t m0 = n;
			n += ops(seq[i], seq[j], c + n);
			if (i != d && j != d) {   /* keep only the larger ones */
				size_t w = m0;
				for (k = m0; k < n; k++)
					if (c[k] > seq[d])
						c[w++] = c[k];
				n = w;
			}
		}
	qsort(c, n, sizeof *c, cmpu);
	for (k = 0; k < n; k++) {
		if (k && c[k] == c[k - 1])
			continue;
		for (i = 0; i <= d && seq[i] != c[k]; i++)
			;
		if (i <= d)
			continue;   /* a node already there */
		seq[d + 1] = c[k];
		if (dfs(d + 1, maxadd)) {
			free(c);
			return 1;
		}
	}
	free(c);
	return 0;
}

/* the fewest adders for T, or maxadd + 1 if more; fills seq */
static unsigned fewest(uint64_t t, unsigned maxadd, unsigned *len)
{
	unsigned k;

	target = intmode ? t : canon(t);
	if (target == 1) {
		*len = 0;
		return 0;
	}
	seq[0] = 1;
	for (k = 1; k <= maxadd; k++) {
		/* the deepest sequence reached is found by dfs; a found graph's
		 * nodes are seq[0..] up to the one after which T was made */
		if (dfs(0, k)) {
			*len = k;
			return k;
		}
	}
	*len = 0;
	return maxadd + 1;
}

int main(int argc, char **argv)
{
	int ai = 1;
	unsigned maxadd;

	while (ai < argc && argv[ai][0] == '-' && argv[ai][1] == '-') {
		if (!strcmp(argv[ai], "--int"))
			intmode = 1;
		else if (!strcmp(argv[ai], "--brute"))
			brute = 1;
		else if (!strcmp(argv[ai], "--one-sign"))
			onesign = 1;
		else {
			fprintf(stderr, "scm_oracle: unknown option %s\n", argv[ai]);
			return 2;
		}
		ai++;
	}
	if (argc - ai < 3) {
		fprintf(stderr, "usage: scm_oracle [--int [--one-sign]] [--brute] BITS MAXADD T...\n");
		return 2;
	}
	nb = (unsigned)strtoul(argv[ai++], NULL, 0);
	maxadd = (unsigned)strtoul(argv[ai++], NULL, 0);
	if (nb < 2 || nb > 64 || (intmode && nb > 40) || maxadd > 6) {
		fprintf(stderr, "scm_oracle: BITS 2..64 (int: ..40), MAXADD <= 6\n");
		return 2;
	}
	mask = nb == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nb) - 1;
	lim = (uint64_t)1 << (nb + 1);
	if (intmode)
		mask = ~(uint64_t)0;
	for (; ai < argc; ai++) {
		uint64_t t = strtoull(argv[ai], NULL, 0), odd;
		unsigned len, k;
		if (!intmode)
			t &= nb == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nb) - 1;
		if (!t) {
			printf("%s min 0\n", argv[ai]);
			continue;
		}
		odd = t >> __builtin_ctzll(t);
		if (intmode) {
			/* up to sign: the odd part of T mod 2^n, or of -T, may be
			 * the one a graph of integers below 2^(n+1) makes; try both */
			uint64_t neg = ((0 - t) & (((uint64_t)1 << nb) - 1));
			uint64_t onx = neg >> __builtin_ctzll(neg);
			unsigned a = fewest(odd, maxadd, &len), b;
			uint64_t sa[8];
			memcpy(sa, seq, sizeof sa);
			b = onesign ? maxadd + 1 : fewest(onx, maxadd, &len);
			k = a < b ? a : b;
			if (a <= b)
				memcpy(seq, sa, sizeof sa);
		} else {
			k = fewest(odd, maxadd, &len);
		}
		if (k > maxadd)
			printf("%s min >%u\n", argv[ai], maxadd);
		else
			printf("%s min %u\n", argv[ai], k);
		fflush(stdout);
	}
	fprintf(stderr, "scm_oracle: %llu sequences visited\n", visited);
	return 0;
}
