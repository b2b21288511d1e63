/*
 * mcm_four.c - a fast exhaustive test of whether a graph of four adders
 * can make +-q mod 2^m (mcm_four_possible), run before four() of
 * mcm_small.c, which builds and ranks the graphs but, going through every
 * ready set {1, a, b, c}, takes 0.07 s at 32 bits; search asks it for
 * every candidate whose count is five.  This test answers only "none" or
 * "maybe"; on "maybe" four() runs as before, so what is found is
 * unchanged, and "none" is exact: every graph four() can find is one of
 * the cases below.
 *
 * Design: meet in the middle on b.  Values are classes up to sign; an
 * A-operation of u and w is [(u << s) +- w], 1 <= s < m.  four() finds
 * graphs 1, a, b, c, q with a = A(1, 1), b in F2(a) = A(1, 1) u A(1, a)
 * u A(a, 1) u A(a, a), and either
 *   C-a:  c in F2(a) too and q = A(b, c) (via_pair), or
 *   C-b:  c = [+-2^i b +- 2^j y] (y in {1, a}, one of i, j zero, the
 *         other not) or c = [b (2^i +- 1)], and q = A(c, w), w in
 *         {1, a, b, c}.
 * For C-b with w in {1, a, c}, q fixes c (w = c: c = q / (2^e +- 1);
 * w = x: c = q -+ (x << e), or c << e = q -+ x, c then known mod
 * 2^(m - e) only), and c fixes b (b = c -+ (y << j); b << i = c -+ y;
 * b = c / (2^i +- 1)): a list of values b must take mod 2^k, looked up
 * in F2(a) (a hash set when k = m; else b's membership solved for its
 * shift) by via_c and c_fits.  For w = b with c = [+-2^i b +- 2^j y],
 * q = +-2^e c +- 2^f b (one of e, f zero) comes to q -+ (y << g) =
 * b (2^h +- 1) or q -+ y = b 2^t (1 +- 2^d): the same relations as w = y
 * with c = [b (2^h +- 1)], which via_c tries, so they are not tried
 * again; with c = [b (2^i +- 1)], q is b times [+-2^e (2^i +- 1) +- 1]
 * or [(2^i +- 1) +- 2^e] (via_bb).  Likewise b = q -+ (a << j) -+
 * (1 << e) comes from w = 1, y = a and from w = a, y = 1: the second
 * skips it.  Shift ranges are taken wider than the graphs allow where
 * that is simpler (a "maybe" more is only a slower answer).  The cases
 * that do not depend on a (y = 1 or b with w = 1, c or b) run once
 * against the union of every F2(a); the rest once per a.  About 110
 * million instructions at 32 bits against 645 million for four(), and
 * shifts --optimal of a 64-bit constant needing five or more goes from
 * 5.7 billion to 0.9 (callgrind).  search --bits 32 --prime: 33.6
 * billion to 18.7, of which 3.2 in this test (36 constants) and 5.2 in
 * four() for the 8 where a graph of four exists and four() must build
 * and rank it.  tests/cost/four.sh checks it against
 * tests/cost/scm_oracle.c: every odd constant needing exactly four
 * adders mod 2^12 to 2^14, and random graphs of four adders on 16 to 64
 * bits, must get "maybe".
 */
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

/* A set of odd values (0 marks an empty slot), open addressing. */
typedef struct oddset {
	uint64_t *v;
	size_t mask;
	unsigned shift;         /* 64 - log2(slots) */
} oddset;

static void odd_init(oddset *s, size_t need)
{
	unsigned b = 4;

	while (((size_t)1 << b) < 4 * need)
		b++;
	s->v = xcalloc((size_t)1 << b, sizeof *s->v, "four-adder test");
	s->mask = ((size_t)1 << b) - 1;
	s->shift = 64 - b;
}

static size_t odd_slot(const oddset *s, uint64_t v)
{
	return (size_t)((v * 0x9e3779b97f4a7c15u) >> s->shift);
}

static void odd_add(oddset *s, uint64_t v)
{
	size_t i = odd_slot(s, v);

	while (s->v[i] && s->v[i] != v)
		i = (i + 1) & s->mask;
	s->v[i] = v;
}

static int odd_has(const oddset *s, uint64_t v)
{
	size_t i = odd_slot(s, v);

	while (s->v[i]) {
		if (s->v[i] == v)
			return 1;
		i = (i + 1) & s->mask;
	}
	return 0;
}

typedef struct fq {
	uint64_t q, mk;
	unsigned m;
	const uint64_t *f1;     /* the values of one adder: a's choices */
	size_t n1;
	uint64_t a;             /* this pass's a, or 0: any a */
	oddset f2;              /* F2(a), both signs (a != 0) */
	oddset s2;              /* every F2(a), both signs (a == 0) */
	uint64_t ip[64], im[64];   /* 1 / (2^j + 1), 1 / (2^j - 1) */
} fq;

/* Is y = +-(u << s) mod 2^k for some 1 <= s < m (u odd, 1 <= k <= m)? */
static int fits(uint64_t y, uint64_t u, unsigned k, unsigned m)
{
	uint64_t mk = mask_of(k), r;
	unsigned s;

	y &= mk;
	if (!y)
		return k < m;          /* s = k .. m - 1 */
	s = (unsigned)__builtin_ctzll(y);
	if (s == 0)
		return 0;
	mk = mask_of(k - s);
	r = (y >> s) & mk;
	return r == (u & mk) || r == ((0 - u) & mk);
}

/* Is v = +-A(u, w) or +-A(w, u) mod 2^k? */
static int in_aop(uint64_t v, uint64_t u, uint64_t w, unsigned k, unsigned m)
{
	return fits(v - w, u, k, m) || fits(v + w, u, k, m) ||
	       fits(v - u, w, k, m) || fits(v + u, w, k, m);
}

/* Is +-b mod 2^k a member of F2(a) mod 2^k? */
static int in_f2(uint64_t b, uint64_t a, unsigned k, unsigned m)
{
	return in_aop(b, 1, 1, k, m) || in_aop(b, 1, a, k, m) ||
	       in_aop(b, a, a, k, m);
}

/* Is +-b mod 2^k (1 <= k <= m) in F2(a), or in some F2(a) for a = 0? */
static int has_b(const fq *f, uint64_t b, unsigned k)
{
	size_t i;

	if (k >= f->m) {
		b &= f->mk;
		return odd_has(f->a ? &f->f2 : &f->s2, b);
	}
	if (f->a)
		return in_f2(b, f->a, k, f->m);
	if (in_aop(b, 1, 1, k, f->m))
		return 1;
	for (i = 0; i < f->n1; i++)
		if (f->f1[i] != 1 && (in_aop(b, 1, f->f1[i], k, f->m) ||
		                      in_aop(b, f->f1[i], f->f1[i], k, f->m)))
			return 1;
	return 0;
}

/* Is +-c mod 2^k a value c' = [+-2^i b +- 2^j y] (y in ys[0..ny)) or,
 * with bb, [b (2^i +- 1)], for a b that has_b accepts?  The ys from
 * nfull on are tried with j = 0 only. */
static int c_fits(const fq *f, uint64_t c, unsigned k, const uint64_t *ys,
                  int ny, int nfull, int bb)
{
	uint64_t mk = mask_of(k);
	unsigned j;
	int x, sg;

	for (x = 0; x < ny; x++) {
		uint64_t y = ys[x];
		for (j = 1; j < f->m && x < nfull; j++) {  /* i = 0: */
			/* b = c -+ (y << j) */
			if (has_b(f, c - (y << j), k) || has_b(f, c + (y << j), k))
				return 1;
			if (j >= k)                       /* y << j vanished */
				break;
		}
		for (sg = 0; sg < 2; sg++) {          /* j = 0: b << i = c -+ y */
			uint64_t z = (sg ? c + y : c - y) & mk;
			unsigned i;
			if (!z) {                         /* i >= k */
				if (k < f->m)
					return 1;
				continue;
			}
			i = (unsigned)__builtin_ctzll(z);
			if (i >= 1 && has_b(f, z >> i, k - i))
				return 1;
		}
	}
	if (bb)
		for (j = 1; j < f->m; j++) {          /* b = c / (2^j +- 1) */
			if (has_b(f, c * f->ip[j], k) || has_b(f, c * f->im[j], k))
				return 1;
			if (j >= k)
				break;
		}
	return 0;
}

/* Some q = A(c, x) (x in xs) or, with w_c, c (2^e +- 1), with c
 * accepted by c_fits(ys, nfull, bb)? */
static int via_c(const fq *f, const uint64_t *xs, int nx, int w_c,
                 const uint64_t *ys, int ny, int nfull, int bb)
{
	uint64_t q = f->q, mk = f->mk;
	unsigned e;
	int x, sg;

	if (w_c)
		for (e = 1; e < f->m; e++)
			if (c_fits(f, (q * f->ip[e]) & mk, f->m, ys, ny, nfull, bb) ||
			    c_fits(f, (q * f->im[e]) & mk, f->m, ys, ny, nfull, bb))
				return 1;
	for (x = 0; x < nx; x++) {
		uint64_t w = xs[x];
		for (e = 1; e < f->m; e++)            /* q = c +- (w << e) */
			if (c_fits(f, (q - (w << e)) & mk, f->m, ys, ny, nfull, bb) ||
			    c_fits(f, (q + (w << e)) & mk, f->m, ys, ny, nfull, bb))
				return 1;
		for (sg = 0; sg < 2; sg++) {          /* c << e = q -+ w */
			uint64_t z = (sg ? q + w : q - w) & mk;
			if (!z)
				return 1;                     /* q = +-w: not ours */
			e = (unsigned)__builtin_ctzll(z);
			if (e >= 1 && c_fits(f, z >> e, f->m - e, ys, ny, nfull, bb))
				return 1;
		}
	}
	return 0;
}

/* w = b with c = [b (2^i +- 1)]: q = b [+-2^e (2^i +- 1) +- 1] or
 * b [(2^i +- 1) +- 2^e]; and q = b (2^i +- 1) (the other term of c,
 * y << j, gone once shifted by e). */
static int via_bb(const fq *f)
{
	unsigned e, i;
	int s1, s2;

	for (i = 1; i < f->m; i++) {
		uint64_t pi = (uint64_t)1 << i;     /* 2^e gone: b (2^i +- 1) */
		if (has_b(f, f->q * f->ip[i], f->m) ||
		    has_b(f, f->q * f->im[i], f->m))
			return 1;
		for (e = 1; e < f->m; e++)
			for (s1 = -1; s1 <= 1; s1 += 2)
				for (s2 = -1; s2 <= 1; s2 += 2) {
					uint64_t k = pi + (uint64_t)(int64_t)s1,
					         p = (uint64_t)1 << e;
					uint64_t g1 = (k << e) + (uint64_t)(int64_t)s2,
					         g2 = k + (uint64_t)(int64_t)s2 * p;
					if (has_b(f, f->q * inv_odd(g1), f->m) ||
					    has_b(f, f->q * inv_odd(g2), f->m))
						return 1;
				}
	}
	return 0;
}

/* C-a: q = A(x, y), x and y in F2(a) (xs: one of each class). */
static int via_pair(const fq *f, const uint64_t *xs, size_t n)
{
	size_t i;
	unsigned s;

	for (i = 0; i < n; i++)
		for (s = 1; s < f->m; s++) {
			uint64_t xs_ = xs[i] << s;
			if (odd_has(&f->f2, (f->q - xs_) & f->mk) ||
			    odd_has(&f->f2, (f->q + xs_) & f->mk))
				return 1;
		}
	return 0;
}

/* F2(a), one value per class, into out (4 (m - 1) values). */
static size_t f2_of(uint64_t a, unsigned m, uint64_t *out)
{
	uint64_t mk = mask_of(m);
	size_t n = 0;
	unsigned s;

	for (s = 1; s < m; s++) {
		out[n++] = (((uint64_t)1 << s) + 1) & mk;
		out[n++] = (((uint64_t)1 << s) - 1) & mk;
		out[n++] = ((a << s) + 1) & mk;
		out[n++] = ((a << s) - 1) & mk;
		out[n++] = (((uint64_t)1 << s) + a) & mk;
		out[n++] = (((uint64_t)1 << s) - a) & mk;
		out[n++] = ((a << s) + a) & mk;
		out[n++] = ((a << s) - a) & mk;
	}
	return n;
}

int mcm_four_possible(uint64_t q, unsigned m)
{
	uint64_t f1[2 * 64], *xs, one[1] = { 1 };
	size_t n1 = 0, nx, i, j;
	unsigned s;
	fq f;
	int hit = 0;

	if (m < 5)
		return 1;
	f.mk = mask_of(m);
	f.q = q & f.mk;
	f.m = m;
	for (s = 1; s < m; s++) {
		f1[n1++] = (((uint64_t)1 << s) + 1) & f.mk;
		f1[n1++] = (((uint64_t)1 << s) - 1) & f.mk;
	}
	f.f1 = f1;
	f.n1 = n1;
	for (s = 1; s < 64; s++) {
		f.ip[s] = inv_odd(((uint64_t)1 << s) + 1);
		f.im[s] = inv_odd(((uint64_t)1 << s) - 1);
	}
	xs = xmalloc(8 * 64 * sizeof *xs, "four-adder test");
	odd_init(&f.s2, 2 * n1 * 8 * (m - 1));
	odd_init(&f.f2, 2 * 8 * (m - 1));
	for (i = 0; i < n1; i++) {
		if (f1[i] == 1)
			continue;
		nx = f2_of(f1[i], m, xs);
		for (j = 0; j < nx; j++) {
			odd_add(&f.s2, xs[j]);
			odd_add(&f.s2, (0 - xs[j]) & f.mk);
		}
	}
	/* the cases that do not depend on a, against every F2(a) */
	f.a = 0;
	hit = via_c(&f, one, 1, 1, one, 1, 1, 1) || via_bb(&f);
	for (i = 0; i < n1 && !hit; i++) {
		uint64_t a = f1[i], ya[1], ya1[2];
		if (a == 1)
			continue;
		f.a = ya[0] = ya1[0] = a;
		ya1[1] = 1;
		nx = f2_of(a, m, xs);
		memset(f.f2.v, 0, (f.f2.mask + 1) * sizeof *f.f2.v);
		for (j = 0; j < nx; j++) {
			odd_add(&f.f2, xs[j]);
			odd_add(&f.f2, (0 - xs[j]) & f.mk);
		}
		hit = via_pair(&f, xs, nx) ||
		      via_c(&f, one, 1, 1, ya, 1, 1, 0) ||   /* w = 1, c; y = a */
		      via_c(&f, ya, 1, 0, ya1, 2, 1, 1);     /* w = a */
	}
	free(xs);
	free(f.s2.v);
	free(f.f2.v);
	return hit;
}
