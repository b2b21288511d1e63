/*
 * five_many.c - the fewest adders (up to five) of many constants mod 2^n,
 * by a complete search shared by all of them.  It shares no code with
 * src/core/mcm*.c (nor with tools/mcm5.c): it is the oracle against which
 * tools/mcm_rate.sh measures how often cfx shifts --optimal misses.
 *
 * Model (the man page's): node 0 is x (value 1); every further node is
 * an A-operation of two earlier nodes u, w (u = w allowed),
 *     (u << s) + w,  (u << s) - w,  w - (u << s),   1 <= s < n,
 * mod 2^n; the product may be negated at the end for free, so values are
 * handled up to sign (canon: the smaller of v and 2^n - v).
 *
 * Search: every ready set R3 = {1, a, b, c} of three adders, in the
 * lexicographically least topological order only (an order (a, b, c) is
 * skipped when b is in A(1, 1) and b < a, or c is in A({1, a}) and c < b:
 * swapping gives a smaller valid order, so the least one is never
 * skipped).  For each target T:
 *   1, 2, 3 adders: T in A(1,1), A({1,a}), A({1,a,b});
 *   4: T in A(R3);
 *   5: a graph 1, a, b, c, e, T whose last adder uses e (else e is dead:
 *      four), so e is in A(R3) and T = A(e, y), y in R3 or y = e:
 *        y = e:  e = T / (2^s +- 1)                      (a lookup)
 *        T = +-e +- (y << s): e = +-(T -+ (y << s))      (a lookup)
 *        T = +-(e << s) +- y: e = +-(T -+ y) >> s mod 2^(n-s), s the
 *           trailing zeros of T -+ y: tested against every pair of R3.
 * A target found at k adders is not tested at k or more again.  A graph
 * found is printed as its nodes and checked by evaluating it with a
 * brute-force A-operation test before it is reported.
 *
 * usage: five_many --bits N [--threads K] < targets   (one per line;
 *        3 <= N <= 64; the pass grows fast with N: doc/mcm5.md has
 *        its times)
 * output: one line per target, in input order:
 *   0x... N  min K      (a graph of K <= 5 adders, none of K - 1)
 *   0x... N  min >5     (no graph of at most five adders)
 * followed by the witness "nodes a b c e" for K = 5.
 * build: make build/five_many (not part of make check)
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

static unsigned N = 32;
static u64 MASK;

static inline u64 cn(u64 v)
{
	u64 w = (0 - v) & MASK;

	v &= MASK;
	return v < w ? v : w;
}

/* ---- the targets ---------------------------------------------------- */

#define MAXT 4096
typedef struct tgt {
	u64 t;              /* canon */
	u64 raw;
	u64 div[130];       /* canon(T / (2^s +- 1)) */
	unsigned ndiv;
	int best;           /* least found, 6 = none yet (atomic) */
	u64 wit[4];         /* a, b, c, e of a graph of five */
} tgt;
static tgt TG[MAXT];
static unsigned NT;

static u64 inv64(u64 a)
{
	u64 x = a;
	int i;

	for (i = 0; i < 6; i++)
		x *= 2 - a * x;
	return x;
}

static int best_of(unsigned i)
{
	return __atomic_load_n(&TG[i].best, __ATOMIC_RELAXED);
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void found(unsigned i, int k, u64 a, u64 b, u64 c, u64 e)
{
	pthread_mutex_lock(&lock);
	if (k < TG[i].best) {
		TG[i].best = k;
		TG[i].wit[0] = a;
		TG[i].wit[1] = b;
		TG[i].wit[2] = c;
		TG[i].wit[3] = e;
	}
	pthread_mutex_unlock(&lock);
}

/* ---- hash sets of values (generation-stamped) ------------------------ */

#define HB 13
#define HS (1u << HB)
typedef struct hset {
	u64 k[HS];
	unsigned g[HS];
	unsigned gen;
} hset;

static inline unsigned hslot(u64 v)
{
	return (unsigned)((v * 0xD6E8FEB86659FD93ull) >> (64 - HB));
}

static inline int hput(hset *h, u64 v)
{
	unsigned i = hslot(v);

	while (h->g[i] == h->gen) {
		if (h->k[i] == v)
			return 0;
		i = (i + 1) & (HS - 1);
	}
	h->g[i] = h->gen;
	h->k[i] = v;
	return 1;
}

static inline int hhas(const hset *h, u64 v)
{
	unsigned i = hslot(v);

	while (h->g[i] == h->gen) {
		if (h->k[i] == v)
			return 1;
		i = (i + 1) & (HS - 1);
	}
	return 0;
}

static void hclear(hset *h)
{
	if (++h->gen == 0) {
		memset(h->g, 0, sizeof h->g);
		h->gen = 1;
	}
}

/* A(u, w) up to sign into a set (and a list when l is not NULL) */
static size_t aop_into(u64 u, u64 w, hset *h, u64 *l, size_t nl)
{
	unsigned s;
	u64 v[4];
	int j, m;

	for (s = 1; s < N; s++) {
		v[0] = cn((u << s) + w);
		v[1] = cn((u << s) - w);
		m = 2;
		if (u != w) {
			v[2] = cn((w << s) + u);
			v[3] = cn((w << s) - u);
			m = 4;
		}
		for (j = 0; j < m; j++)
			if (hput(h, v[j]) && l)
				l[nl++] = v[j];
	}
	return nl;
}

/* brute force: is +-v an A-operation of u and w (mod 2^N)? */
static int is_aop(u64 u, u64 w, u64 v)
{
	unsigned s;

	v = cn(v);
	for (s = 1; s < N; s++)
		if (cn((u << s) + w) == v || cn((u << s) - w) == v ||
		    cn((w << s) + u) == v || cn((w << s) - u) == v)
			return 1;
	return 0;
}

static int is_aop_of(const u64 *set, int n, u64 v)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			if (is_aop(set[i], set[j], v))
				return 1;
	return 0;
}

/* does p << s equal +-d mod 2^m for some 1 <= s < N?  (p odd) */
static inline int shifted_is(u64 p, u64 d, unsigned m)
{
	u64 mm = m >= 64 ? ~(u64)0 : ((u64)1 << m) - 1;
	unsigned s;
	u64 x;

	d &= mm;
	if (d == 0)
		return m < N;           /* any s with m <= s < N */
	s = (unsigned)__builtin_ctzll(d);
	if (s < 1 || s >= N)
		return 0;
	x = (p << s) & mm;
	return x == d || ((0 - x) & mm) == d;
}

/* is some A-operation of p and q congruent to +-E mod 2^m? */
static inline int aop_mod(u64 p, u64 q, u64 E, unsigned m)
{
	return shifted_is(p, E - q, m) || shifted_is(p, E + q, m) ||
	       shifted_is(q, E - p, m) || shifted_is(q, E + p, m);
}

/* ---- the search -------------------------------------------------------- */

static u64 *A1;           /* A(1, 1), distinct, without 1 */
static size_t nA1;
static hset HA1;

typedef struct unit {
	u64 a, b;
} unit;
static unit *U;
static size_t NU, next_unit;
static size_t done_units;
static long long nR3;

typedef struct work {
	hset h2;        /* A({1, a, b}) */
	hset hc;        /* A(c, {1, a, b, c}) */
	hset hab;       /* A({1, a}) */
	hset seen;      /* the c already tried for this (a, b) */
	u64 list[1 << 12];
} work;

/* the five-adder test of target i for ready set R */
static int five(const work *w, const u64 *R, unsigned i, u64 *e_out,
                unsigned *m_out)
{
	const tgt *t = &TG[i];
	u64 T = t->t, y, d, E, e;
	unsigned k, s, m, p, q;
	int sg;

	*m_out = 0;
#define IN(v) (hhas(&w->h2, (v)) || hhas(&w->hc, (v)))
	for (k = 0; k < t->ndiv; k++)
		if (IN(t->div[k])) {
			*e_out = t->div[k];
			return 1;
		}
	for (p = 0; p < 4; p++) {
		y = R[p];
		for (s = 1; s < N; s++) {
			e = cn(T - (y << s));
			if (IN(e)) {
				*e_out = e;
				return 1;
			}
			e = cn(T + (y << s));
			if (IN(e)) {
				*e_out = e;
				return 1;
			}
		}
		for (sg = 0; sg < 2; sg++) {
			d = (sg ? T + y : T - y) & MASK;
			if (!d)
				continue;
			s = (unsigned)__builtin_ctzll(d);
			if (s < 1 || s >= N)
				continue;
			m = N - s;
			E = d >> s;
			for (k = 0; k < 4; k++)
				for (q = k; q < 4; q++)
					if (aop_mod(R[k], R[q], E, m)) {
						*e_out = E;     /* found mod 2^m */
						*m_out = m;
						return 1;
					}
		}
	}
#undef IN
	return 0;
}

/* the full e of a graph found mod 2^m: an A-operation of R that T uses */
static u64 resolve_e(const u64 *R, u64 T, u64 E, unsigned m)
{
	u64 mm = ((u64)1 << m) - 1, x;
	unsigned s, k, q, p;
	int sg;

	for (k = 0; k < 4; k++)
		for (q = 0; q < 4; q++)
			for (s = 1; s < N; s++)
				for (sg = 0; sg < 2; sg++) {
					x = cn(sg ? (R[k] << s) - R[q] : (R[k] << s) + R[q]);
					if (((x - E) & mm) && ((x + E) & mm))
						continue;
					for (p = 0; p < 4; p++)
						if (is_aop(x, R[p], T))
							return x;
				}
	return 0;
}

static void *worker(void *arg)
{
	work *w = arg;
	size_t ui;

	(void)arg;
	for (;;) {
		u64 a, b, R[4];
		size_t nc, z;
		unsigned i;

		ui = __atomic_fetch_add(&next_unit, 1, __ATOMIC_RELAXED);
		if (ui >= NU)
			break;
		a = U[ui].a;
		b = U[ui].b;
		/* A({1, a}) and A({1, a, b}) */
		hclear(&w->hab);
		aop_into(1, 1, &w->hab, NULL, 0);
		aop_into(1, a, &w->hab, NULL, 0);
		aop_into(a, a, &w->hab, NULL, 0);
		hclear(&w->h2);
		nc = 0;
		{
			u64 R2[3] = { 1, a, b };
			unsigned p, q;
			for (p = 0; p < 3; p++)
				for (q = p; q < 3; q++)
					nc = aop_into(R2[p], R2[q], &w->h2, w->list, nc);
		}
		/* three adders */
		for (i = 0; i < NT; i++)
			if (best_of(i) > 3 && hhas(&w->h2, TG[i].t))
				found(i, 3, a, b, 0, 0);
		hclear(&w->seen);
		for (z = 0; z < nc; z++) {
			u64 c = w->list[z];

			if (c == 1 || c == a || c == b || !hput(&w->seen, c))
				continue;
			if (c < b && hhas(&w->hab, c))
				continue;           /* (a, c, b) is smaller */
			R[0] = 1;
			R[1] = a;
			R[2] = b;
			R[3] = c;
			__atomic_fetch_add(&nR3, 1, __ATOMIC_RELAXED);
			hclear(&w->hc);
			aop_into(c, 1, &w->hc, NULL, 0);
			aop_into(c, a, &w->hc, NULL, 0);
			aop_into(c, b, &w->hc, NULL, 0);
			aop_into(c, c, &w->hc, NULL, 0);
			for (i = 0; i < NT; i++) {
				int bi = best_of(i);
				u64 e;
				unsigned m;

				if (bi <= 4)
					continue;
				if (hhas(&w->hc, TG[i].t)) {
					found(i, 4, a, b, c, 0);
					continue;
				}
				if (bi <= 5)
					continue;
				if (five(w, R, i, &e, &m)) {
					if (m)
						e = resolve_e(R, TG[i].t, e, m);
					found(i, 5, a, b, c, e);
				}
			}
		}
		__atomic_fetch_add(&done_units, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* the witness of target i evaluated: 0 when it is not a graph */
static int check_witness(unsigned i)
{
	const tgt *t = &TG[i];
	u64 S[6] = { 1, t->wit[0], t->wit[1], t->wit[2], t->wit[3], 0 };
	int k = t->best, j;

	if (k == 0)
		return t->t == 1;
	if (k == 1)
		return is_aop(1, 1, t->t);
	if (k == 2) {
		u64 s2[2] = { 1, S[1] };
		return is_aop(1, 1, S[1]) && is_aop_of(s2, 2, t->t);
	}
	/* k nodes before T: a, b (and c, e); each an A-op of those before */
	for (j = 1; j < k; j++)
		if (!is_aop_of(S, j, S[j]))
			return 0;
	return is_aop_of(S, k, t->t);
}

int main(int argc, char **argv)
{
	unsigned threads = 2, i, j;
	char line[256];
	pthread_t th[16];
	work *w[16];
	size_t k, cap = 0;
	struct timespec t0, t1;
	clock_t c0 = clock();

	for (i = 1; i < (unsigned)argc; i++) {
		if (!strcmp(argv[i], "--bits") && i + 1 < (unsigned)argc)
			N = (unsigned)atoi(argv[++i]);
		else if (!strcmp(argv[i], "--threads") && i + 1 < (unsigned)argc)
			threads = (unsigned)atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: five_many --bits N [--threads K] < targets\n");
			return 2;
		}
	}
	if (N < 3 || N > 64 || threads < 1 || threads > 16) {
		fprintf(stderr, "five_many: bits 3..64, threads 1..16\n");
		return 2;
	}
	MASK = N >= 64 ? ~(u64)0 : ((u64)1 << N) - 1;   /* 64: the whole word */
	while (NT < MAXT && fgets(line, sizeof line, stdin)) {
		char *end;
		u64 v = strtoull(line, &end, 0);
		tgt *t;

		if (end == line)
			continue;
		if (!(v & 1) || (v & ~MASK)) {
			fprintf(stderr, "five_many: %s is not odd below 2^%u\n",
			        strtok(line, "\n"), N);
			return 2;
		}
		t = &TG[NT++];
		t->raw = v;
		t->t = cn(v);
		t->best = 6;
		t->ndiv = 0;
		for (j = 1; j < N; j++) {
			t->div[t->ndiv++] = cn(t->t * inv64(((u64)1 << j) + 1));
			if (j > 1)
				t->div[t->ndiv++] = cn(t->t * inv64(((u64)1 << j) - 1));
		}
		if (t->t == 1)
			t->best = 0;
	}
	/* A(1, 1), then the units (a, b) */
	hclear(&HA1);
	A1 = malloc(4 * N * sizeof *A1);
	nA1 = aop_into(1, 1, &HA1, A1, 0);
	for (k = 0, j = 0; k < nA1; k++)
		if (A1[k] != 1)
			A1[j++] = A1[k];
	nA1 = j;
	for (i = 0; i < NT; i++)
		if (TG[i].best > 1 && hhas(&HA1, TG[i].t))
			TG[i].best = 1;
	for (k = 0; k < nA1; k++) {
		static hset h;
		u64 a = A1[k], lst[1024];
		size_t nl, z;

		hclear(&h);
		nl = aop_into(1, 1, &h, lst, 0);
		nl = aop_into(1, a, &h, lst, nl);
		nl = aop_into(a, a, &h, lst, nl);
		for (i = 0; i < NT; i++)
			if (TG[i].best > 2 && hhas(&h, TG[i].t))
				found(i, 2, a, 0, 0, 0);
		for (z = 0; z < nl; z++) {
			u64 b = lst[z];

			if (b == 1 || b == a)
				continue;
			if (b < a && hhas(&HA1, b))
				continue;           /* (b, a) is smaller */
			if (NU == cap) {
				cap = cap ? 2 * cap : 4096;
				U = realloc(U, cap * sizeof *U);
			}
			U[NU].a = a;
			U[NU].b = b;
			NU++;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < threads; i++) {
		w[i] = calloc(1, sizeof *w[i]);
		pthread_create(&th[i], NULL, worker, w[i]);
	}
	for (i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (i = 0; i < NT; i++) {
		tgt *t = &TG[i];

		if (t->best <= 5 && !check_witness(i)) {
			fprintf(stderr, "five_many: witness of %#llx does not check\n",
			        (unsigned long long)t->raw);
			return 1;
		}
		if (t->best <= 5)
			printf("%#llx %u min %d", (unsigned long long)t->raw, N, t->best);
		else
			printf("%#llx %u min >5", (unsigned long long)t->raw, N);
		if (t->best == 5)
			printf(" nodes %#llx %#llx %#llx %#llx",
			       (unsigned long long)t->wit[0], (unsigned long long)t->wit[1],
			       (unsigned long long)t->wit[2], (unsigned long long)t->wit[3]);
		printf("\n");
	}
	fprintf(stderr, "five_many: %u targets, %u bits, %zu units, %lld ready sets "
	        "of three; %.1f s wall, %.1f s CPU\n", NT, N, NU, nR3,
	        (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	        (double)(clock() - c0) / CLOCKS_PER_SEC);
	return 0;
}
