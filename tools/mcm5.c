/*
 * mcm5.c - does any graph of at most five adders compute x * T mod 2^n?
 * A complete search, standalone (it shares no code with src/core/mcm.c,
 * so it checks cfx's search rather than repeating it).
 *
 * Model (mcm.h): node 0 is x (value 1); every further node is an
 * A-operation of two earlier nodes u, w (u = w allowed),
 *     (u << s) + w,  (u << s) - w,  w - (u << s),   1 <= s < n,
 * mod 2^n, and the product may be negated at the end (free: cfx counts
 * adders), so T and -T are both accepted.  Negating a node negates or
 * keeps every A-operation up to sign, so nodes are handled up to sign:
 * A(u, w) up to sign is {(u << s) +- w, (w << s) +- u}.
 *
 * Search: every ready set {1, a, b, c} of three adders (a in A(1, 1),
 * b in A({1, a}), c in A({1, a, b})), then
 *   four:  +-T in A(c, y), y in {1, a, b, c};
 *   five:  e in A(c, y) (e uses c), +-T in A(e, y), y in {1, a, b, c, e};
 *   five': e and c both in A({1, a, b}), +-T in A(c, e) (per {1, a, b}).
 * A five-adder graph in topological order 1, a, b, c, e, T whose last
 * adder uses e either has e using c (five), or not, and then T uses c
 * (five') or c is dead (a graph of four); a last adder not using e
 * leaves e dead.  So "none found" proves: no graph of at most five.
 * Graphs of at most three are tried first (per {1, a}, {1, a, b}).
 *
 * The test +-T in A(u, y) is O(1): T -+ y = +-(u << s) means s is the
 * trailing zeros of T -+ y and its top part equals +-u mod 2^(n - s).
 *
 * Work units are the pairs (a, b); finished units are appended to a
 * state file, so a run that is stopped resumes where it was.  Both
 * cores (threads, --threads N).  A witness found is printed as the
 * chain of values and checked by evaluating it.
 *
 * usage: mcm5 [--bits N] [--threads K] [--state FILE] [--no-five] [--stop] T
 * (--stop: end at the first graph found, for tools/mcm_miss.sh)
 * build: make build/mcm5 (not part of make check; see doc/mcm5.md)
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned nbits = 32;
static uint64_t M;                 /* 2^n - 1 */
static uint64_t T;                 /* the target, odd */
static int want_five = 1;
static int stop_first;             /* --stop: end at the first graph found */
static volatile int stop_now;

/* ---- values up to sign -------------------------------------------------- */

static uint64_t canon(uint64_t v)
{
	uint64_t nv = (0 - v) & M;
	v &= M;
	return v < nv ? v : nv;
}

static int cmp64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

/* A(u, w) up to sign, canonical, appended to out; returns the new count */
static size_t aops(uint64_t u, uint64_t w, uint64_t *out, size_t n)
{
	unsigned s;

	for (s = 1; s < nbits; s++) {
		out[n++] = canon((u << s) + w);
		out[n++] = canon((u << s) - w);
		if (u != w) {
			out[n++] = canon((w << s) + u);
			out[n++] = canon((w << s) - u);
		}
	}
	return n;
}

static size_t uniq(uint64_t *v, size_t n)
{
	size_t i, k = 0;

	qsort(v, n, sizeof *v, cmp64);
	for (i = 0; i < n; i++)
		if (k == 0 || v[i] != v[k - 1])
			v[k++] = v[i];
	return k;
}

/* w = +-(u << s) mod 2^n for some 1 <= s < n? */
static inline int hit(uint64_t w, uint64_t u)
{
	uint64_t o, mk;
	unsigned s;

	w &= M;
	if (!w)
		return 0;
	s = (unsigned)__builtin_ctzll(w);
	if (s == 0 || s >= nbits)
		return 0;
	o = w >> s;
	mk = M >> s;
	return ((o - u) & mk) == 0 || ((o + u) & mk) == 0;
}

/* +-T in A(u, y)? */
static inline int reach(uint64_t u, uint64_t y)
{
	return hit(T - y, u) || hit(T + y, u) || hit(T - u, y) || hit(T + u, y);
}

/* ---- a small hash set of canonical values ---------------------------- */

#define HS_BITS 13
typedef struct hset {
	uint64_t v[1 << HS_BITS];
	uint32_t gen[1 << HS_BITS];
	uint32_t now;
} hset;

static void hs_add(hset *h, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - HS_BITS));
	while (h->gen[i] == h->now && h->v[i] != v)
		i = (i + 1) & ((1 << HS_BITS) - 1);
	h->gen[i] = h->now;
	h->v[i] = v;
}

static int hs_has(const hset *h, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - HS_BITS));
	while (h->gen[i] == h->now) {
		if (h->v[i] == v)
			return 1;
		i = (i + 1) & ((1 << HS_BITS) - 1);
	}
	return 0;
}

/* ---- witnesses ---------------------------------------------------------- */

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static int found_min = 99;      /* fewest adders found */
static uint64_t found_vals[6];
static int found_k;

/* Is v (up to sign) an A-operation of two of vals[0..k) (1 included)? */
static int check_step(const uint64_t *vals, int k, uint64_t v)
{
	int i, j;
	unsigned s;

	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++)
			for (s = 1; s < nbits; s++) {
				uint64_t u = vals[i] << s, w = vals[j];
				if (canon(u + w) == canon(v) || canon(u - w) == canon(v))
					return 1;
			}
	return 0;
}

static void witness(const uint64_t *chain, int k)
{
	uint64_t vals[8];
	int i, ok = 1;

	vals[0] = 1;
	for (i = 0; i < k; i++) {
		ok &= check_step(vals, i + 1, chain[i]);
		vals[i + 1] = chain[i];
	}
	ok &= canon(chain[k - 1]) == canon(T);
	pthread_mutex_lock(&out_lock);
	printf("FOUND %d adders:", k);
	for (i = 0; i < k; i++)
		printf(" %#llx", (unsigned long long)(chain[i] & M));
	printf(" (chain %s)\n", ok ? "checked" : "FAILED THE CHECK");
	fflush(stdout);
	if (ok && stop_first)
		stop_now = 1;
	if (ok && k < found_min) {
		found_min = k;
		found_k = k;
		memcpy(found_vals, chain, (size_t)k * sizeof *chain);
	}
	pthread_mutex_unlock(&out_lock);
}

/* ---- the search of one unit (a, b) ------------------------------------ */

#define LMAX (4 * 64 * 10)
static uint64_t L1[2 * 64];
static size_t n1;

typedef struct worker {
	uint64_t *cs, *es;
	hset *set;
	unsigned long long r3, tests;
} worker;

/* the (index a, index b) unit; returns the least count found there
 * (99: none) */
static int unit(worker *w, size_t ia, uint64_t b)
{
	uint64_t a = L1[ia], R[3] = { 1, a, b }, chain[5];
	size_t nc, i, j, x;
	int best = 99;

	/* three: +-T in A(b, y), y in {1, a, b} */
	for (x = 0; x < 3; x++)
		if (reach(b, R[x])) {
			chain[0] = a; chain[1] = b; chain[2] = T;
			witness(chain, 3);
			best = 3;
		}
	/* c in A({1, a, b}) */
	nc = 0;
	for (x = 0; x < 3; x++)
		for (j = x; j < 3; j++)
			nc = aops(R[x], R[j], w->cs, nc);
	nc = uniq(w->cs, nc);
	/* five': c, e in A({1, a, b}) and +-T in A(c, e): e = +-T +- (c << s)
	 * (the other form, T -+ c = +-(e << s), is this one with c and e
	 * swapped) */
	if (want_five) {
		w->set->now++;
		for (i = 0; i < nc; i++)
			hs_add(w->set, w->cs[i]);
		for (i = 0; i < nc && best > 5; i++) {
			uint64_t c = w->cs[i];
			unsigned s;
			for (s = 1; s < nbits && best > 5; s++) {
				uint64_t cs = c << s, e[2] = { canon(T - cs), canon(T + cs) };
				int h;
				for (h = 0; h < 2 && best > 5; h++)
					if (hs_has(w->set, e[h])) {
						chain[0] = a; chain[1] = b; chain[2] = c;
						chain[3] = e[h]; chain[4] = T;
						witness(chain, 5);
						best = 5;
					}
			}
		}
	}
	for (i = 0; i < nc; i++) {
		uint64_t c = w->cs[i], Q[4] = { 1, a, b, c };
		size_t ne;
		w->r3++;
		/* four */
		for (x = 0; x < 4; x++)
			if (reach(c, Q[x])) {
				chain[0] = a; chain[1] = b; chain[2] = c; chain[3] = T;
				witness(chain, 4);
				if (best > 4)
					best = 4;
			}
		if (!want_five)
			continue;
		/* five: e in A(c, y) */
		ne = 0;
		for (x = 0; x < 4; x++)
			ne = aops(c, Q[x], w->es, ne);
		w->tests += ne;
		for (j = 0; j < ne; j++) {
			uint64_t e = w->es[j];
			if (reach(e, 1) || reach(e, a) || reach(e, b) || reach(e, c) ||
			    reach(e, e)) {
				chain[0] = a; chain[1] = b; chain[2] = c; chain[3] = e;
				chain[4] = T;
				witness(chain, 5);
				if (best > 5)
					best = 5;
				break;
			}
		}
	}
	return best;
}

/* ---- units, state, threads -------------------------------------------- */

typedef struct unit_id { uint32_t ia, ib; } unit_id;
static unit_id *units;
static size_t nunits;
static unsigned char *done;
static size_t next_unit;
static pthread_mutex_t unit_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *state;
static size_t ndone0, ndone;
static time_t t_start;
static unsigned long long tot_r3, tot_tests;

/* b list of a (deterministic) into bs; returns how many */
static size_t blist(size_t ia, uint64_t *bs)
{
	uint64_t a = L1[ia];
	size_t nb = 0;

	nb = aops(1, 1, bs, nb);
	nb = aops(1, a, bs, nb);
	nb = aops(a, a, bs, nb);
	return uniq(bs, nb);
}

static void *run(void *arg)
{
	worker w;
	uint64_t *bs = malloc(LMAX * sizeof *bs);
	size_t cur_a = (size_t)-1, nb = 0;

	(void)arg;
	memset(&w, 0, sizeof w);
	w.cs = malloc(LMAX * sizeof *w.cs);
	w.es = malloc(LMAX * sizeof *w.es);
	w.set = calloc(1, sizeof *w.set);
	if (!bs || !w.cs || !w.es || !w.set) {
		fprintf(stderr, "mcm5: out of memory\n");
		exit(2);
	}
	for (;;) {
		size_t u;
		int r;
		if (stop_now)
			break;
		pthread_mutex_lock(&unit_lock);
		while (next_unit < nunits && done[next_unit])
			next_unit++;
		u = next_unit++;
		pthread_mutex_unlock(&unit_lock);
		if (u >= nunits)
			break;
		if (units[u].ia != cur_a) {
			cur_a = units[u].ia;
			nb = blist(cur_a, bs);
		}
		(void)nb;
		r = unit(&w, units[u].ia, bs[units[u].ib]);
		pthread_mutex_lock(&unit_lock);
		done[u] = 1;
		ndone++;
		if (state) {
			fprintf(state, "%zu %d\n", u, r);
			fflush(state);
		}
		if (ndone % 2000 == 0) {
			double el = difftime(time(NULL), t_start);
			fprintf(stderr, "mcm5: %zu of %zu units, %.0f s, about %.0f s "
			        "left\n", ndone, nunits, el, ndone > ndone0 ?
			        el * (double)(nunits - ndone) / (double)(ndone - ndone0)
			        : 0.0);
		}
		pthread_mutex_unlock(&unit_lock);
	}
	pthread_mutex_lock(&unit_lock);
	tot_r3 += w.r3;
	tot_tests += w.tests;
	pthread_mutex_unlock(&unit_lock);
	free(bs);
	free(w.cs);
	free(w.es);
	free(w.set);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *state_path = NULL;
	unsigned threads = 2, i;
	uint64_t *bs;
	size_t ia, ib, nb;
	pthread_t th[64];
	int ai, prior_min = 99;
	char *end;
	struct timespec c0, c1;

	for (ai = 1; ai < argc; ai++) {
		if (!strcmp(argv[ai], "--bits") && ai + 1 < argc)
			nbits = (unsigned)strtoul(argv[++ai], NULL, 0);
		else if (!strcmp(argv[ai], "--threads") && ai + 1 < argc)
			threads = (unsigned)strtoul(argv[++ai], NULL, 0);
		else if (!strcmp(argv[ai], "--state") && ai + 1 < argc)
			state_path = argv[++ai];
		else if (!strcmp(argv[ai], "--no-five"))
			want_five = 0;
		else if (!strcmp(argv[ai], "--stop"))
			stop_first = 1;
		else if (argv[ai][0] != '-' && !T) {
			errno = 0;
			T = strtoull(argv[ai], &end, 0);
			if (errno || *end || !T) {
				fprintf(stderr, "mcm5: not a constant: %s\n", argv[ai]);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: mcm5 [--bits N] [--threads K] "
			        "[--state FILE] [--no-five] [--stop] T\n");
			return 2;
		}
	}
	if (!T || nbits < 4 || nbits > 64 || threads < 1 || threads > 64) {
		fprintf(stderr, "usage: mcm5 [--bits N (4..64)] [--threads K] "
		        "[--state FILE] [--no-five] T\n");
		return 2;
	}
	M = nbits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbits) - 1;
	T &= M;
	while (T && !(T & 1)) {   /* the output shift is free */
		T >>= 1;
		M >>= 1;
		nbits--;
	}
	if (canon(T) == 1) {
		printf("RESULT 0 adders\n");
		return 0;
	}
	/* one or two adders: a in A(1, 1), +-T = a or in A({1, a}) */
	n1 = uniq(L1, aops(1, 1, L1, 0));
	bs = malloc(LMAX * sizeof *bs);
	for (ia = 0; ia < n1; ia++) {
		uint64_t a = L1[ia];
		if (canon(T) == a) {
			printf("RESULT 1 adder: %#llx\n", (unsigned long long)a);
			return 0;
		}
	}
	for (ia = 0; ia < n1; ia++)
		if (reach(L1[ia], 1) || reach(L1[ia], L1[ia])) {
			printf("RESULT 2 adders: %#llx then T\n",
			       (unsigned long long)L1[ia]);
			return 0;
		}
	nunits = 0;
	for (ia = 0; ia < n1; ia++)
		nunits += blist(ia, bs);
	units = malloc(nunits * sizeof *units);
	done = calloc(nunits, 1);
	nunits = 0;
	for (ia = 0; ia < n1; ia++) {
		nb = blist(ia, bs);
		for (ib = 0; ib < nb; ib++)
			units[nunits++] = (unit_id){ (uint32_t)ia, (uint32_t)ib };
	}
	free(bs);
	if (state_path) {
		FILE *f = fopen(state_path, "r");
		char line[128];
		if (f) {
			while (fgets(line, sizeof line, f)) {
				size_t u;
				int r;
				if (sscanf(line, "%zu %d", &u, &r) == 2 && u < nunits &&
				    !done[u]) {
					done[u] = 1;
					ndone++;
					if (r < prior_min)
						prior_min = r;
				}
			}
			fclose(f);
		}
		state = fopen(state_path, "a");
		if (!state) {
			fprintf(stderr, "mcm5: cannot write %s\n", state_path);
			return 2;
		}
	}
	ndone0 = ndone;
	fprintf(stderr, "mcm5: T = %#llx mod 2^%u, %zu units (%zu done before), "
	        "%u threads\n", (unsigned long long)T, nbits, nunits, ndone,
	        threads);
	t_start = time(NULL);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	for (i = 0; i < threads; i++)
		pthread_create(&th[i], NULL, run, NULL);
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	if (prior_min < found_min)
		found_min = prior_min;
	printf("searched %zu units this run: %llu ready sets of three adders, "
	       "%llu fourth nodes; %.0f s wall, %.0f s CPU\n", ndone - ndone0,
	       tot_r3, tot_tests, difftime(time(NULL), t_start),
	       (double)(c1.tv_sec - c0.tv_sec) +
	       (double)(c1.tv_nsec - c0.tv_nsec) / 1e9);
	if (found_min <= 5)
		printf("RESULT %d adders (a graph of at most %d exists%s)\n",
		       found_min, found_min, stop_first ? "; stopped at the first "
		       "found, fewer may exist" : "");
	else
		printf("RESULT none: no graph of at most %s adders computes "
		       "+-%#llx mod 2^%u\n", want_five ? "5" : "4",
		       (unsigned long long)T, nbits);
	(void)found_k;
	(void)found_vals;
	return 0;
}
