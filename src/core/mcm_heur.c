/*
 * mcm_heur.c - the heuristic for wide words (mcm.c layer 2): a target
 * mod 2^m split as (u << k) +- v, +-(v << k) +- u or u * f with v, f
 * cheap, the best few candidates solved recursively with a memo and the
 * pieces merged; then the polish (layer 3): the last steps of a result
 * searched again exactly.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

/* ---- heuristic (mod 2^m) -------------------------------------------------- */

#define MAX_LEVEL 14     /* recursion depth of the decomposition */
#define WIDE_KEEP 3      /* wide_products: candidates of each kind */

void mcm_heur_ready(mcm_ctx *c)
{
	if (c->heur.cost)
		return;
	mcm_table_build(&c->heur, HEUR_BITS, 3);
	mcm_table_cheap(&c->heur);
}

/* Estimated adders for odd w mod 2^m. */
static double estimate(const mcm_ctx *c, uint64_t w, unsigned m)
{
	uint64_t mk = mask_of(m), nw = (0 - w) & mk;
	int k = mcm_table_cost(&c->heur, w & mk), kn = mcm_table_cost(&c->heur, nw);

	if (kn < k)
		k = kn;
	if (k != UNKNOWN)
		return k;
	if (bitlen(w & mk) <= HEUR_BITS || bitlen(nw) <= HEUR_BITS)
		return 4.4;
	return 0.8 + 0.66 * (mcm_naf_weight64(w, m) - 1);
}

/* ---- memo ---- */

static memo_ent *memo_slot(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax)
{
	uint64_t h = (t ^ ((uint64_t)m << 56) ^ ((uint64_t)dmax << 48)) *
	             0x9e3779b97f4a7c15u;
	size_t i = (size_t)(h >> 40) & (c->memo_cap - 1);

	while (c->memo[i].used && !(c->memo[i].t == t && c->memo[i].m == m &&
	                            c->memo[i].dmax == dmax))
		i = (i + 1) & (c->memo_cap - 1);
	return &c->memo[i];
}

static void memo_put(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
                     const mcm_graph *g)
{
	memo_ent *e;

	if (c->memo_used * 2 >= c->memo_cap) {
		memo_ent *old = c->memo;
		size_t i, cap = c->memo_cap;
		c->memo_cap = cap ? cap * 2 : 1024;
		c->memo = xcalloc(c->memo_cap, sizeof *c->memo, "search memo");
		for (i = 0; i < cap; i++)
			if (old[i].used)
				*memo_slot(c, old[i].t, old[i].m, old[i].dmax) = old[i];
		free(old);
	}
	e = memo_slot(c, t, m, dmax);
	if (!e->used)
		c->memo_used++;
	e->t = t;
	e->m = m;
	e->dmax = dmax;
	e->used = 1;
	e->g = *g;
}

void mcm_memo_reset(mcm_ctx *c)
{
	if (c->memo_used) {
		memset(c->memo, 0, c->memo_cap * sizeof *c->memo);
		c->memo_used = 0;
	}
}

/* ---- candidates ---- */

enum { C_LOW, C_HIGH, C_MUL, C_WIDE };

typedef struct cand {
	double est;
	uint64_t u;            /* the sub-target */
	unsigned m;            /* its word */
	unsigned k;            /* shift */
	uint32_t v;            /* the cheap value (C_WIDE: 2^k + sgn) */
	signed char sgn;       /* sign of v's term (low, high) */
	signed char uneg;      /* high: the sub-target is minus the rest */
	unsigned char kind;
} cand;

/* The best few candidates, cheapest estimate first. */
#define KEEP_MAX 16
typedef struct cands {
	cand c[KEEP_MAX];
	size_t n, keep;
} cands;

static void cand_put(cands *cs, cand cd)
{
	size_t i;

	if (cs->n == cs->keep && cd.est >= cs->c[cs->n - 1].est)
		return;
	i = cs->n < cs->keep ? cs->n++ : cs->n - 1;
	while (i > 0 && cs->c[i - 1].est > cd.est) {
		cs->c[i] = cs->c[i - 1];
		i--;
	}
	cs->c[i] = cd;
}

/* The graph of candidate cd for t, into g; 0 or -1 (too deep, full). */
static int build(mcm_ctx *c, const cand *cd, unsigned dmax, unsigned lvl,
                 mcm_graph *g)
{
	mcm_graph sub, vg;
	unsigned map[MCM_MAX_NODES + 1], bits = g->bits;
	int at, neg, su;

	if (dmax < 1)
		return -1;
	mcm_heur_solve(c, cd->u, cd->m, cd->kind == C_MUL ? dmax : dmax - 1, lvl + 1,
	      &sub);
	if (sub.n > MCM_MAX_NODES)
		return -1;
	*g = sub;
	g->bits = bits;
	su = sub.out_neg ? -1 : 1;
	if (cd->kind == C_MUL) {
		mcm_graph_of_table(&c->heur, cd->v, &vg, 64);
		if (mcm_graph_merge(g, &vg, sub.out, map) < 0)
			return -1;
		g->out = map[vg.out];
		g->out_neg = sub.out_neg;
	} else {
		if (cd->kind == C_WIDE) {
			/* t = u (2^k + sgn) = (u << k) + sgn u */
			at = mcm_join2(g, sub.out, cd->k, su, sub.out, 0,
			               cd->sgn * su, &neg);
		} else {
			mcm_graph_of_table(&c->heur, cd->v, &vg, 64);
			if (mcm_graph_merge(g, &vg, 0, map) < 0)
				return -1;
			if (cd->kind == C_LOW)
				at = mcm_join2(g, sub.out, cd->k, su, map[vg.out], 0,
				               cd->sgn, &neg);
			else
				at = mcm_join2(g, map[vg.out], cd->k, cd->sgn, sub.out,
				               0, cd->uneg ? -su : su, &neg);
		}
		if (at < 0)
			return -1;
		g->out = (unsigned)at;
		g->out_neg = neg;
	}
	mcm_absorb_negation(g);
	return mcm_graph_depth(g) <= dmax ? 0 : -1;
}

static void gather(const mcm_ctx *c, uint64_t t, unsigned m, cands *cs,
                   size_t ncheap)
{
	uint64_t mk = mask_of(m);
	unsigned L = bitlen(t);
	size_t i;

	for (i = 0; i < ncheap; i++) {
		uint64_t v = c->heur.cheap[i].v, d, u;
		unsigned lv = bitlen(v), k;
		int cv = c->heur.cheap[i].cost, sgn;

		for (sgn = -1; sgn <= 1; sgn += 2) {
			/* low: t = (u << k) + sgn v */
			d = (t - (sgn > 0 ? v : 0 - v)) & mk;
			if (d) {
				k = (unsigned)__builtin_ctzll(d);
				if (k < m) {
					u = d >> k;
					cand_put(cs, (cand){ estimate(c, u, m - k) + cv + 1, u,
					                     m - k, k, (uint32_t)v,
					                     (signed char)sgn, 0, C_LOW });
				}
			}
			/* high: t = sgn (v << k) + u, u shorter than t */
			for (k = L > lv + 1 ? L - lv - 1 : 1; k + lv <= L + 1 && k < m;
			     k++) {
				uint64_t vs = (v << k) & mk;
				int uneg = 0;
				u = (t - (sgn > 0 ? vs : 0 - vs)) & mk;
				if (u > (mk >> 1)) {
					u = (0 - u) & mk;
					uneg = 1;
				}
				if (bitlen(u) >= L || !u)
					continue;
				cand_put(cs, (cand){ estimate(c, u, m) + cv + 1, u, m, k,
				                     (uint32_t)v, (signed char)sgn,
				                     (signed char)uneg, C_HIGH });
			}
		}
		/* product: t = u * v, ranked on its estimate with the others.
		 * It was kept only when that was half an adder below t's own;
		 * but above the table u's estimate comes from its NAF weight,
		 * which can be an adder high: 0xc983dc7 mod 2^28 = 0x4007 *
		 * 0x812441, 2 + 3 adders, was dropped at 6.1 against t's 6.08
		 * (cfx 6).  100 random 32-bit constants: 617 adders before,
		 * 605 after, the same processor time */
		if (v > 1) {
			u = (t * inv_odd(v)) & mk;
			cand_put(cs, (cand){ estimate(c, u, m) + cv, u, m, 0,
			                     (uint32_t)v, 1, 0, C_MUL });
		}
	}
}

/* Products by 2^k +- 1 past the cheap table (k >= HEUR_BITS), which
 * gather's products do not reach: t = u (2^k +- 1) mod 2^m, one adder
 * over u's graph, the shift often wrapping (u << k loses u's top bits).
 * The random graphs of five of doc/mcm5.md that the split missed at 64
 * bits reuse a node so: 0x43790de41bc86f1 = (2^29 + 1) * 0x21bc86f1.
 * The best few u by their estimate are solved; a result is kept only
 * when it saves an adder, as mcm_cse's is. */
static void wide_products(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
                          unsigned lvl, mcm_graph *best)
{
	uint64_t mk = mask_of(m);
	unsigned k;
	int sgn, l;
	cands cs[2];
	size_t i;
	mcm_graph g;

	cs[0].n = cs[1].n = 0;
	cs[0].keep = cs[1].keep = lvl == 0 ? WIDE_KEEP : 1;
	for (k = 1; k < m; k++)
		for (sgn = -1; sgn <= 1; sgn += 2) {
			uint64_t p2 = (uint64_t)1 << k, u;
			signed char sg = (signed char)sgn, uneg = 0;
			if (k >= HEUR_BITS) {   /* t = u (2^k + sgn) */
				u = (t * inv_odd((sgn > 0 ? p2 + 1 : p2 - 1) & mk)) & mk;
				cand_put(&cs[0], (cand){ estimate(c, u, m) + 1, u, m,
				                         k, 0, sg, 0, C_WIDE });
			}
			/* t = u + sgn 2^k, u as wide as t */
			u = (t - (sgn > 0 ? p2 : 0 - p2)) & mk;
			if (u > (mk >> 1)) {
				u = (0 - u) & mk;
				uneg = 1;
			}
			cand_put(&cs[1], (cand){ estimate(c, u, m) + 1, u, m, k, 1,
			                         sg, uneg, C_HIGH });
		}
	for (l = 0; l < 2; l++)
		for (i = 0; i < cs[l].n; i++) {
			g.bits = m;
			if (build(c, &cs[l].c[i], dmax, lvl, &g) == 0 &&
			    g.n < best->n) {
				*best = g;
				assert(mcm_check(best, t));
			}
		}
}

/* Best graph found for odd t mod 2^m whose depth is at most dmax; n is
 * MCM_MAX_NODES + 1 when there is none. */
void mcm_heur_solve(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
                  unsigned lvl, mcm_graph *best)
{
	uint64_t mk = mask_of(m), reps[2];
	memo_ent *e;
	mcm_graph g;
	int r;

	t &= mk;
	assert(t & 1);
	if (c->memo_cap && (e = memo_slot(c, t, m, dmax))->used) {
		*best = e->g;
		return;
	}
	mcm_naf_graph(best, t, m, 0);
	if (mcm_graph_depth(best) > dmax) {
		mcm_naf_graph(best, t, m, 1);
		if (mcm_graph_depth(best) > dmax)
			best->n = MCM_MAX_NODES + 1;
	}
	reps[0] = t;
	reps[1] = (0 - t) & mk;
	for (r = 0; r < 2; r++)
		if (mcm_table_cost(&c->heur, reps[r]) != UNKNOWN &&
		    mcm_graph_of_table(&c->heur, reps[r], &g, m) == 0 &&
		    mcm_graph_depth(&g) <= dmax) {
			mcm_offer(c, &g, m, r, best);
			assert(mcm_check(&g, t));
		}
	/* the NAF's common sub-expressions (mcm_cse.c), of t and of -t, on
	 * this word and on the sub-problems its split forms (level 1);
	 * kept only when it saves an adder (a tie would move the goldens'
	 * graphs for nothing).  Deeper levels found nothing more: 100
	 * constants of random 5-adder graphs mod 2^64, 17 missed without
	 * it, 9 at level 0 only, 6 to level 1, 6 at every level, where
	 * the search of verify and the dashboard took 1.41 times as long
	 * (pairs, processor time), 1.03 to level 1.  Not under quick.
	 * Under --target, the top level only: a sub-problem's saving
	 * can come back as a tie on the whole constant with another
	 * chain, which the cycle count then prefers, and moves a graph
	 * for no adder (0x61C88647 on x86-64: 6 adders either way, the
	 * factoring's 10 cycles that lesson 12 reads, or 9) */
	if (!c->quick && !c->no_cse && lvl <= (c->target ? 0u : 1u) &&
	    best->n > 2)
		for (r = 0; r < 2; r++) {
			mcm_cse_graph(&g, reps[r], m);
			if (g.n < best->n && mcm_graph_depth(&g) <= dmax) {
				g.out_neg ^= r;
				mcm_absorb_negation(&g);
				*best = g;
				assert(mcm_check(best, t));
			}
		}
	if (best->n > (c->target ? 1u : 2u) && lvl < MAX_LEVEL) {
		size_t ncheap = lvl == 0 ? c->heur.ncheap : lvl <= 2
		                ? c->heur.ncheap / 4 : 64;
		cands cs;
		size_t i;

		if (ncheap > c->heur.ncheap)
			ncheap = c->heur.ncheap;
		if (c->quick && ncheap > 64)
			ncheap = 64;
		cs.n = 0;
		cs.keep = c->quick ? (lvl == 0 ? 3 : 1) : lvl == 0 ? 12 : lvl == 1
		          ? 4 : lvl <= 3 ? 2 : 1;
		gather(c, t, m, &cs, ncheap);
		for (i = 0; i < cs.n; i++) {
			g.bits = m;
			if (build(c, &cs.c[i], dmax, lvl, &g) == 0 &&
			    mcm_better(&g, best, c->target))
				*best = g;
		}
	}
	/* shifts --optimal only (its budget is 2 s; verify, search and the
	 * dashboard keep their time): the 100 graphs of five of doc/mcm5.md
	 * at 64 bits, 6 missed without, 3 with it on the word only, 2 to
	 * level 1, as at level 2, where it costs twice as much */
	if (c->prove == MCM_PROVE_ALL && !c->quick && m > HEUR_BITS + 1 &&
	    lvl <= 1 && best->n > 2)
		wide_products(c, t, m, dmax, lvl, best);
	best->bits = m;
	assert(best->n > MCM_MAX_NODES || mcm_check(best, t));
	memo_put(c, t, m, dmax, best);
}

/* ---- polish: the last steps again, exactly ----------------------------- */

/* Can t (mod 2^m, or -t) be made from nodes 0..j of g with one adder?
 * Then *h is those nodes and that one, and 1 is returned. */
static int reach1(const mcm_graph *g, unsigned j, uint64_t t, unsigned m,
                  unsigned dmax, mcm_graph *h)
{
	mcm_node nd;
	int neg;

	for (neg = 0; neg < 2; neg++)
		if (mcm_find_aop(g, j, neg ? 0 - t : t, m, &nd)) {
			int at;
			*h = *g;
			h->n = j;
			at = mcm_graph_add(h, nd.a, nd.sa, nd.b, nd.sb, nd.op);
			if (at < 0 || h->node[at].depth > dmax)
				continue;
			h->out = (unsigned)at;
			h->out_neg = neg;
			mcm_absorb_negation(h);
			return 1;
		}
	return 0;
}

/* Can t be made from nodes 0..j of g with two adders (the first any
 * A-operation of them, the second using it)?  Then *h is the graph. */
static int reach2(const mcm_graph *g, unsigned j, uint64_t t, unsigned m,
                  unsigned dmax, mcm_graph *h)
{
	unsigned i1, i2, s;
	int form;

	for (i1 = 0; i1 <= j; i1++)
		for (i2 = 0; i2 <= j; i2++)
			for (s = 1; s < m; s++)
				for (form = 0; form < 3; form++) {
					mcm_graph d = *g;
					int at;
					d.n = j;
					at = form == 0 ? mcm_graph_add(&d, i1, s, i2, 0, MCM_ADD)
					   : form == 1 ? mcm_graph_add(&d, i1, s, i2, 0, MCM_SUB)
					               : mcm_graph_add(&d, i2, 0, i1, s, MCM_SUB);
					if (at < 0 || (unsigned)at <= j ||
					    d.node[at].depth >= dmax)
						continue;
					d.out = (unsigned)at;
					if (reach1(&d, (unsigned)at, t, m, dmax, h) &&
					    h->n == j + 2)
						return 1;
				}
	return 0;
}

/* Replace the last steps of g by fewer when an exact search finds them. */
void mcm_polish(mcm_graph *g, uint64_t t, unsigned m, unsigned dmax,
                   int quick, const mcm_target *tg)
{
	mcm_graph h;
	unsigned j;

	for (j = 0; j + 1 < g->n; j++)
		if (reach1(g, j, t, m, dmax, &h) && mcm_better(&h, g, tg)) {
			*g = h;
			return;
		}
	if (g->n >= 3 && !quick && (m <= 32 || g->n <= 10) &&
	    reach2(g, g->n - 3, t, m, dmax, &h) && mcm_better(&h, g, tg))
		*g = h;
}

/* Does g compute r as an integer: every node without overflow, the
 * output r itself (no negation, no shift)? */
static int integer_ok(const mcm_graph *g, uint64_t r)
{
	__int128 t[MCM_MAX_NODES + 1];
	const __int128 big = (__int128)1 << 62;
	unsigned i;

	t[0] = 1;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		__int128 a = t[n->a], b = t[n->b];
		if (a >= big || a <= -big || b >= big || b <= -big ||
		    n->sa > 62 || n->sb > 62)
			return 0;
		a *= (__int128)1 << n->sa;
		b *= (__int128)1 << n->sb;
		t[i] = n->op == MCM_ADD ? a + b : a - b;
	}
	return !g->out_neg && !g->out_shift && t[g->out] == (__int128)r;
}

/* The heuristic asked for an integer graph of at most 5 adders for odd r:
 * it works mod 2^m, so try a few m and keep a result with no wrap. */
int mcm_heur_integer(mcm_ctx *c, uint64_t r, mcm_graph *g)
{
	unsigned ms[4], i, L = bitlen(r);
	mcm_graph h;

	ms[0] = L + 1;
	ms[1] = L + 2;
	ms[2] = L + 4;
	ms[3] = 62;
	mcm_heur_ready(c);
	c->quick = 0;
	for (i = 0; i < 4; i++) {
		mcm_memo_reset(c);
		mcm_heur_solve(c, r, ms[i], NO_DEPTH, 0, &h);
		mcm_polish(&h, r, ms[i], NO_DEPTH, 0, NULL);
		if (h.n <= 5 && integer_ok(&h, r)) {
			*g = h;
			g->bits = 64;
			return 0;
		}
	}
	return -1;
}

/* Drop the nodes the output does not use (a merge can leave some). */
void mcm_prune(mcm_graph *g)
{
	unsigned char live[MCM_MAX_NODES + 1] = { 0 };
	unsigned map[MCM_MAX_NODES + 1], i, n = 0;
	mcm_graph h;

	live[g->out] = 1;
	for (i = g->out; i > 0; i--)
		if (live[i])
			live[g->node[i].a] = live[g->node[i].b] = 1;
	h = *g;
	h.n = 0;
	map[0] = 0;
	for (i = 1; i <= g->out; i++)
		if (live[i]) {
			mcm_node nd = g->node[i];
			nd.a = (unsigned char)map[nd.a];
			nd.b = (unsigned char)map[nd.b];
			h.node[++n] = nd;
			map[i] = n;
		}
	h.n = n;
	h.out = map[g->out];
	*g = h;
}
