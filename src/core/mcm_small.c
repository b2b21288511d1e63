/*
 * mcm_small.c - the small exact searches mod 2^m: every graph of at most
 * three adders on any word (three(), and mcm_small for search's exact
 * costs), and every graph of four (four(), which proves five minimal);
 * a lower bound up to three (lb_small).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

/* A lower bound on the adders of odd q mod 2^m, up to 3: 0 if q = +-1,
 * 1 if q = +-A(1, 1), 2 if q = +-(an A-operation within {1, a}, a of
 * cost 1), else 3.  A few hundred thousand operations. */
unsigned mcm_lb_small(uint64_t q, unsigned m)
{
	uint64_t mk = mask_of(m), nq = (0 - q) & mk, f1[2 * 64], f2[8 * 64];
	size_t n1 = 0, n2, i, j;
	unsigned s;

	q &= mk;
	if (q == 1 || nq == 1)
		return 0;
	for (s = 1; s < m; s++) {
		uint64_t v = (uint64_t)1 << s;
		f1[n1++] = (v + 1) & mk;
		f1[n1++] = (v - 1) & mk;
	}
	for (i = 0; i < n1; i++)
		if (f1[i] == q || f1[i] == nq)
			return 1;
	for (i = 0; i < n1; i++) {
		uint64_t a = f1[i], R[2] = { 1, a };
		int x, y;
		n2 = 0;
		for (x = 0; x < 2; x++)
			for (y = 0; y < 2; y++)
				for (s = 1; s < m; s++) {
					uint64_t u = R[x] << s, w = R[y];
					f2[n2++] = (u + w) & mk;
					f2[n2++] = (u - w) & mk;
				}
		for (j = 0; j < n2; j++)
			if (f2[j] == q || f2[j] == nq)
				return 2;
	}
	return 3;
}

/* ---- exact search for three adders, any word ---------------------------- */

/* The A-operations of u and w mod 2^m (u shifted by s in [1, m)) up to
 * sign: (u << s) + w and (u << s) - w (w - (u << s) is minus that).
 * Returns how many (2 (m - 1)). */
static size_t aop_mod(uint64_t u, uint64_t w, unsigned m, uint64_t *out)
{
	uint64_t mk = mask_of(m);
	size_t n = 0;
	unsigned s;

	for (s = 1; s < m; s++) {
		uint64_t us = u << s;
		out[n++] = (us + w) & mk;
		out[n++] = (us - w) & mk;
	}
	return n;
}

/* Is t an A-operation mod 2^m of b and x (either one shifted)? */
static int aop_of(uint64_t t, uint64_t b, uint64_t x, unsigned m)
{
	uint64_t mk = mask_of(m);

	return mcm_shift_to(b, t - x, m, mk) || mcm_shift_to(b, t + x, m, mk) ||
	       mcm_shift_to(b, x - t, m, mk) || mcm_shift_to(x, t - b, m, mk) ||
	       mcm_shift_to(x, t + b, m, mk) || mcm_shift_to(x, b - t, m, mk);
}

/* The graph 1, pre[0], ..., pre[k - 2], then +-q (neg), each step an
 * A-operation mod 2^m of those before it; 0, or -1 if it is deeper than
 * dmax. */
static int mod_graph(const uint64_t *pre, int k, uint64_t q, int neg,
                     unsigned m, unsigned dmax, mcm_graph *g)
{
	uint64_t vals[4], mk = mask_of(m);
	int i, at = 0;

	assert(k >= 1 && k <= 4);
	for (i = 0; i < k - 1; i++)
		vals[i] = pre[i];
	vals[k - 1] = neg ? (0 - q) & mk : q;
	mcm_graph_init(g, m);
	for (i = 0; i < k; i++) {
		mcm_node nd;
		int ok = mcm_find_aop(g, g->n, vals[i], m, &nd);
		assert(ok);
		(void)ok;
		at = mcm_graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op);
		assert(at >= 0);
	}
	g->out = (unsigned)at;
	g->out_neg = neg;
	mcm_absorb_negation(g);
	return mcm_graph_depth(g) <= dmax ? 0 : -1;
}

/* Every graph of at most three adders for +-q mod 2^m: the ready sets
 * {1, a, b} (a = A(1, 1), b an A-operation within {1, a}) and a last
 * adder, solved backwards for its shift.  A member's sign does not
 * matter (an A-operation of -v is minus one of v, and the last step is
 * tried for q and -q), so a and b are taken up to sign.  Keeps the best
 * in *best (mcm_better() on target t; sign_free: fewer adders, then less
 * depth, a negated result as good as another) and returns 1 if one
 * within depth dmax beat it.  About 30 (2m)^2 tests: a few ms at 64
 * bits. */
static int three_ranked(uint64_t q, unsigned m, unsigned dmax,
                        const mcm_target *t, int sign_free, mcm_graph *best)
{
	uint64_t mk = mask_of(m), f1[2 * 64], f2[4 * 2 * 64], nq = (0 - q) & mk;
	size_t n1, n2, i, j;
	int found = 0, neg;

	if (m < 3)
		return 0;
	n1 = aop_mod(1, 1, m, f1);
	for (i = 0; i < n1; i++) {
		uint64_t a = f1[i];
		if (!(a & 1))
			continue;
		for (neg = 0; neg < 2; neg++) {     /* one or two adders */
			uint64_t tq = neg ? nq : q;
			mcm_graph g;
			int k = tq == a ? 1 : aop_of(tq, a, 1, m) ||
			        aop_of(tq, a, a, m) ? 2 : 0;
			if (k && mod_graph(&a, k, q, neg, m, dmax, &g) == 0 &&
			    mcm_ranked(&g, best, t, sign_free)) {
				*best = g;
				found = 1;
			}
		}
		n2 = 0;
		for (j = i + 1; j < n1; j++)     /* another of cost 1 */
			f2[n2++] = f1[j];
		n2 += aop_mod(1, a, m, f2 + n2);
		n2 += aop_mod(a, 1, m, f2 + n2);
		n2 += aop_mod(a, a, m, f2 + n2);
		for (j = 0; j < n2; j++) {
			uint64_t b = f2[j], ab[2] = { a, b };
			if (!(b & 1))
				continue;
			for (neg = 0; neg < 2; neg++) {
				uint64_t tq = neg ? nq : q;
				mcm_graph g;
				if ((aop_of(tq, b, 1, m) || aop_of(tq, b, a, m) ||
				     aop_of(tq, b, b, m)) &&
				    mod_graph(ab, 3, q, neg, m, dmax, &g) == 0 &&
				    mcm_ranked(&g, best, t, sign_free)) {
					*best = g;
					found = 1;
				}
			}
		}
	}
	return found;
}

int mcm_three(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
                 mcm_graph *best)
{
	return three_ranked(q, m, dmax, t, 0, best);
}

unsigned mcm_small(uint64_t p, unsigned bits, unsigned *depth)
{
	mcm_graph g;
	unsigned k;

	assert(bits >= 1 && bits <= 64 && (p & 1) && depth);
	p &= mask_of(bits);
	/* up to two adders lb_small is exact, and the depth is the count:
	 * the second adder uses the first, or the first alone makes p */
	if ((k = mcm_lb_small(p, bits)) < 3) {
		*depth = k;
		return k;
	}
	mcm_graph_init(&g, bits);
	g.n = MCM_MAX_NODES + 1;      /* nothing yet */
	if (three_ranked(p, bits, NO_DEPTH, NULL, 1, &g)) {
		assert(g.n == 3);
		*depth = mcm_graph_depth(&g);
		return 3;
	}
	*depth = 0;
	return 4;
}

/* ---- exact search for four adders, small words ------------------------ */

/* The graph 1, pre[0..2], then +-q as an A-operation of u and w (either
 * shifted): kept in *best if it is better on t.  Returns 1 if kept. */
static int four_try(const uint64_t *pre, uint64_t q, uint64_t u, uint64_t w,
                    unsigned m, unsigned dmax, const mcm_target *t,
                    mcm_graph *best)
{
	uint64_t mk = mask_of(m);
	int neg, kept = 0;

	for (neg = 0; neg < 2; neg++) {
		mcm_graph g;
		if (aop_of(neg ? (0 - q) & mk : q, u, w, m) &&
		    mod_graph(pre, 4, q, neg, m, dmax, &g) == 0 &&
		    mcm_better(&g, best, t)) {
			*best = g;
			kept = 1;
		}
	}
	return kept;
}

/* The last adder q = +-(x << s) +- y with x in xs[0..nx) and y in the set
 * ys (either sign); pre_of(x, y) orders the ready set.
 * Returns 1 if a graph was kept. */
static int four_pairs(uint64_t q, uint64_t a, const uint64_t *xs, size_t nx,
                      const vset *ys, int x_is_b, unsigned m, unsigned dmax,
                      const mcm_target *t, mcm_graph *best)
{
	uint64_t mk = mask_of(m);
	size_t i;
	unsigned s;
	int found = 0, sg, ng;

	for (i = 0; i < nx; i++) {
		uint64_t x = xs[i];
		if (x == 1 || x == mk || x == a || x == ((0 - a) & mk))
			continue;
		for (s = 1; s < m; s++)
			for (sg = 0; sg < 2; sg++)
				for (ng = 0; ng < 2; ng++) {
					uint64_t y = (q + (sg ? x << s : 0 - (x << s))) & mk;
					uint64_t pre[3];
					if (ng)
						y = (0 - y) & mk;
					if (!vset_has(ys, y) || y == 1 || y == mk || y == a ||
					    y == ((0 - a) & mk) || y == x || y == ((0 - x) & mk))
						continue;
					pre[0] = a;
					pre[1] = x_is_b ? x : y;
					pre[2] = x_is_b ? y : x;
					found |= four_try(pre, q, x, y, m, dmax, t, best);
				}
	}
	return found;
}

/* Is c usable as the third member after 1, a, b (not +-1, +-a, +-b)? */
static int four_new(uint64_t c, uint64_t a, uint64_t b, uint64_t mk)
{
	uint64_t nc = (0 - c) & mk;

	return c != 1 && nc != 1 && c != a && nc != a && c != b && nc != b;
}

/* The last adder q = A(c, w), w in {1, a, b, c}, c one of cs[0..n) (the
 * A-operations that use b), each form solved for c and looked up: c
 * unshifted, q = +-c +- (w << s); c shifted, (c << s) = +-(q -+ w), so c
 * is known mod 2^(m - s) (s the trailing zeros of q -+ w); w = c, c one
 * of cq[0..ncq) (q / (2^e +- 1)).  s3 is scratch.  Returns 1 if a graph
 * was kept. */
static int four_last(uint64_t q, uint64_t a, uint64_t b, const uint64_t *cs,
                     size_t n, const uint64_t *cq, size_t ncq, vset *s3,
                     unsigned m, unsigned dmax, const mcm_target *t,
                     mcm_graph *best)
{
	uint64_t mk = mask_of(m), w[3] = { 1, a, b }, pre[3] = { a, b, 0 };
	size_t i, k;
	unsigned s;
	int found = 0, x, sg, ng;

	s3->now++;
	for (i = 0; i < n; i++)
		vset_add(s3, cs[i]);
	for (x = 0; x < 3; x++) {
		for (s = 1; s < m; s++)          /* c unshifted */
			for (sg = 0; sg < 2; sg++)
				for (ng = 0; ng < 2; ng++) {
					uint64_t c = (q + (sg ? w[x] << s : 0 - (w[x] << s))) & mk;
					if (ng)
						c = (0 - c) & mk;
					if (vset_has(s3, c) && four_new(c, a, b, mk)) {
						pre[2] = c;
						found |= four_try(pre, q, c, w[x], m, dmax, t, best);
					}
				}
		for (sg = 0; sg < 2; sg++) {     /* c shifted */
			uint64_t d = (sg ? q + w[x] : q - w[x]) & mk, ms, lo;
			if (!d || (s = (unsigned)__builtin_ctzll(d)) >= m)
				continue;
			ms = mask_of(m - s);
			lo = (d >> s) & ms;
			for (i = 0; i < n; i++)
				if (((cs[i] & ms) == lo || ((0 - cs[i]) & ms) == lo) &&
				    four_new(cs[i], a, b, mk)) {
					pre[2] = cs[i];
					found |= four_try(pre, q, cs[i], w[x], m, dmax, t, best);
				}
		}
	}
	for (k = 0; k < ncq; k++)             /* w = c */
		for (ng = 0; ng < 2; ng++) {
			uint64_t c = ng ? (0 - cq[k]) & mk : cq[k];
			if (vset_has(s3, c) && four_new(c, a, b, mk)) {
				pre[2] = c;
				found |= four_try(pre, q, c, c, m, dmax, t, best);
			}
		}
	return found;
}

/* Every graph of exactly four adders for +-q mod 2^m (any m <= 64): the
 * ready sets {1, a, b, c} (a = A(1, 1), b an A-operation within {1, a},
 * c one within {1, a, b}, each up to sign as in mcm_three()) and a last adder
 * that uses c (one that does not is a graph of three).  When c does not
 * use b either, c is in C0 = A({1, a}) and the last adder must use b
 * (else {1, a, c} makes q with three, which mcm_three() has ruled out: call
 * this after it): q = A(b, c) is found by solving for the unshifted one
 * and looking it up.  Keeps the best in *best (mcm_better() on t) and returns
 * 1 if one within depth dmax beat it.  About 20 ms at 24 bits, 0.1 s at
 * 32 and 1 s at 64 (idle): mcm_four_cached runs it only when
 * mcm_four_possible (mcm_four.c, about six times faster) says a graph
 * of four may exist. */
static int four(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
                mcm_graph *best)
{
	uint64_t mk = mask_of(m), f1[2 * 64], f2[4 * 2 * 64], c0[4 * 2 * 64],
	         f3[5 * 2 * 64];
	size_t n1, n2, nc0, n3, i, j;
	uint64_t cq[4 * 64];
	size_t ncq = 0;
	vset *sb, *sc, *s3;
	int found = 0;
	unsigned e;

	if (m < 4)
		return 0;
	sb = xcalloc(1, sizeof *sb, "four-adder test");
	sc = xcalloc(1, sizeof *sc, "four-adder test");
	s3 = xcalloc(1, sizeof *s3, "four-adder test");
	/* q = c (2^e +- 1): c is q over that */
	for (e = 1; e < m; e++) {
		uint64_t u = (uint64_t)1 << e;
		cq[ncq++] = (q * inv_odd(u + 1)) & mk;
		if (e > 1)
			cq[ncq++] = (q * inv_odd(u - 1)) & mk;
	}
	n1 = aop_mod(1, 1, m, f1);
	for (i = 0; i < n1; i++) {
		uint64_t a = f1[i];
		if (a == 1)
			continue;
		n2 = 0;
		for (j = i + 1; j < n1; j++)
			f2[n2++] = f1[j];
		nc0 = 0;
		for (j = 0; j < n1; j++)
			c0[nc0++] = f1[j];
		nc0 += aop_mod(1, a, m, c0 + nc0);
		nc0 += aop_mod(a, 1, m, c0 + nc0);
		nc0 += aop_mod(a, a, m, c0 + nc0);
		for (j = n1; j < nc0; j++)
			f2[n2++] = c0[j];
		sb->now++;
		sc->now++;
		for (j = 0; j < n2; j++)
			vset_add(sb, f2[j]);
		for (j = 0; j < nc0; j++)
			vset_add(sc, c0[j]);
		/* c in C0: q = (b << s) +- c or (c << s) +- b */
		found |= four_pairs(q, a, f2, n2, sc, 1, m, dmax, t, best);
		found |= four_pairs(q, a, c0, nc0, sb, 0, m, dmax, t, best);
		/* c uses b: q = A(c, w), w in {1, a, b, c} */
		for (j = 0; j < n2; j++) {
			uint64_t b = f2[j];
			if (b == 1 || b == mk || b == a || b == ((0 - a) & mk))
				continue;
			n3 = aop_mod(1, b, m, f3);
			n3 += aop_mod(b, 1, m, f3 + n3);
			n3 += aop_mod(a, b, m, f3 + n3);
			n3 += aop_mod(b, a, m, f3 + n3);
			n3 += aop_mod(b, b, m, f3 + n3);
			found |= four_last(q, a, b, f3, n3, cq, ncq, s3, m, dmax, t,
			                   best);
		}
	}
	free(sb);
	free(sc);
	free(s3);
	return found;
}

/* four() for q mod 2^m within dmax, ranked by depth, into c->four_g
 * (n > MCM_MAX_NODES when there is no graph of four), unless the last
 * call asked the same. */
void mcm_four_cached(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax)
{
	if (c->four_m == m && c->four_q == q && c->four_dmax == dmax)
		return;
	mcm_graph_init(&c->four_g, m);
	c->four_g.n = MCM_MAX_NODES + 1;
	if (mcm_four_possible(q, m))     /* else four() finds none */
		four(q, m, dmax, NULL, &c->four_g);
	c->four_q = q;
	c->four_m = m;
	c->four_dmax = dmax;
}
