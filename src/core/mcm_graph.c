/*
 * mcm_graph.c - adder graphs (mcm.h's mcm_graph): adding a node, merging
 * two graphs, finding a node as an A-operation of earlier ones, a graph
 * from a table's witness; the NAF chain (the fallback and the bound);
 * how two results are ranked (adders, then the target's cycles or the
 * depth); mcm_eval and mcm_check.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"

/* ---- graphs -------------------------------------------------------------- */

uint64_t mcm_node_val(const mcm_node *n, const mcm_graph *g)
{
	uint64_t a = g->node[n->a].v << n->sa, b = g->node[n->b].v << n->sb;
	return n->op == MCM_ADD ? a + b : a - b;
}

void mcm_graph_init(mcm_graph *g, unsigned bits)
{
	memset(g, 0, sizeof *g);
	g->bits = bits;
	g->node[0].v = 1;
}

/* Index of the node with value v, or -1. */
int mcm_graph_find(const mcm_graph *g, uint64_t v)
{
	unsigned i;

	for (i = 0; i <= g->n; i++)
		if (g->node[i].v == v)
			return (int)i;
	return -1;
}

/* Append (a << sa) op (b << sb); returns the node's index (an existing
 * node of the same value is reused), or -1 when the graph is full. */
int mcm_graph_add(mcm_graph *g, unsigned a, unsigned sa, unsigned b,
                     unsigned sb, int op)
{
	mcm_node nd;
	int at;

	assert(a <= g->n && b <= g->n && (sa == 0 || sb == 0));
	memset(&nd, 0, sizeof nd);
	nd.a = (unsigned char)a;
	nd.b = (unsigned char)b;
	nd.sa = (unsigned char)sa;
	nd.sb = (unsigned char)sb;
	nd.op = (unsigned char)op;
	nd.v = mcm_node_val(&nd, g);
	if ((at = mcm_graph_find(g, nd.v)) >= 0)
		return at;
	if (g->n >= MCM_MAX_NODES)
		return -1;
	nd.depth = (unsigned char)(1 + (g->node[a].depth > g->node[b].depth
	                                ? g->node[a].depth : g->node[b].depth));
	g->node[++g->n] = nd;
	return (int)g->n;
}

/* Copy the nodes of h into g, x of h being g's node `in` (so that h's
 * value v becomes v * value(in)).  map[i] receives the index in g of h's
 * node i.  Returns 0, -1 when g is full. */
int mcm_graph_merge(mcm_graph *g, const mcm_graph *h, unsigned in,
                       unsigned *map)
{
	unsigned i;

	map[0] = in;
	for (i = 1; i <= h->n; i++) {
		const mcm_node *n = &h->node[i];
		int at = mcm_graph_add(g, map[n->a], n->sa, map[n->b], n->sb, n->op);
		if (at < 0)
			return -1;
		map[i] = (unsigned)at;
	}
	return 0;
}

/* The s in [1, bits) with (a << s) = d mod 2^bits (a odd), or 0: the
 * shift is d's count of trailing zeros, if any shift fits. */
unsigned mcm_shift_to(uint64_t a, uint64_t d, unsigned bits, uint64_t mask)
{
	unsigned s;

	d &= mask;
	if (!d)
		return 0;
	s = (unsigned)__builtin_ctzll(d);
	return s >= 1 && s < bits && ((a << s) & mask) == d ? s : 0;
}

/* Find an A-operation of members of g (indices <= upto) giving v exactly
 * (mod 2^bits); fills *nd's operands.  Returns 1 if found.  Of the
 * operations of a pair the least shift wins, then (i << s) + j, then
 * (i << s) - j, then j - (i << s). */
int mcm_find_aop(const mcm_graph *g, unsigned upto, uint64_t v,
                    unsigned bits, mcm_node *nd)
{
	uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
	unsigned i, j;

	for (i = 0; i <= upto; i++)
		for (j = 0; j <= upto; j++) {
			uint64_t a = g->node[i].v, b = g->node[j].v;
			unsigned sf[3], best = 0, f;
			sf[0] = mcm_shift_to(a, v - b, bits, mask);   /* a<<s + b */
			sf[1] = mcm_shift_to(a, v + b, bits, mask);   /* a<<s - b */
			sf[2] = mcm_shift_to(a, b - v, bits, mask);   /* b - a<<s */
			for (f = 1; f < 3; f++)
				if (sf[f] && (!sf[best] || sf[f] < sf[best]))
					best = f;
			if (!sf[best])
				continue;
			nd->op = best == 0 ? MCM_ADD : MCM_SUB;
			if (best < 2) {
				nd->a = (unsigned char)i;
				nd->sa = (unsigned char)sf[best];
				nd->b = (unsigned char)j;
				nd->sb = 0;
			} else {
				nd->a = (unsigned char)j;
				nd->sa = 0;
				nd->b = (unsigned char)i;
				nd->sb = (unsigned char)sf[best];
			}
			return 1;
		}
	return 0;
}

uint64_t mcm_eval(const mcm_graph *g, uint64_t x)
{
	uint64_t t[MCM_MAX_NODES + 1], r;
	unsigned i;

	if (g->zero)
		return 0;
	t[0] = x;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		uint64_t a = t[n->a] << n->sa, b = t[n->b] << n->sb;
		t[i] = n->op == MCM_ADD ? a + b : a - b;
	}
	r = t[g->out] << g->out_shift;
	if (g->out_neg)
		r = -r;
	return g->bits >= 64 ? r : r & (((uint64_t)1 << g->bits) - 1);
}

int mcm_check(const mcm_graph *g, uint64_t p)
{
	uint64_t mask = g->bits >= 64 ? ~(uint64_t)0
	                              : ((uint64_t)1 << g->bits) - 1;
	unsigned i;

	if (g->bits < 1 || g->bits > 64 || g->n > MCM_MAX_NODES || g->out > g->n)
		return 0;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		unsigned d = g->node[n->a].depth > g->node[n->b].depth
		             ? g->node[n->a].depth : g->node[n->b].depth;
		if (n->a >= i || n->b >= i || (n->sa && n->sb) ||
		    n->sa >= 64 || n->sb >= 64 || n->v != mcm_node_val(n, g) ||
		    !(n->v & 1) || n->depth != d + 1)
			return 0;
	}
	return mcm_eval(g, 1) == (p & mask);
}

/* ---- the NAF chain (the fallback, and the bound) ----------------------- */

/* Signed digits of odd t mod 2^m, low to high: exps[i], sign[i].  The
 * digit at 2^m and above is dropped.  Returns the weight. */
unsigned mcm_naf_digits(uint64_t t, unsigned m, unsigned *exps, int *sign)
{
	unsigned __int128 x = t;
	unsigned w = 0, i;

	for (i = 0; x && i < m; i++, x >>= 1)
		if (x & 1) {
			int d = (x & 2) ? -1 : 1;
			x = d > 0 ? x - 1 : x + 1;
			exps[w] = i;
			sign[w++] = d;
		}
	return w;
}

/* The same weight without the digits: the NAF's non-zero digits sit where
 * 3t and t differ, one place up. */
unsigned mcm_naf_weight64(uint64_t t, unsigned m)
{
	unsigned __int128 x = t, d = ((3 * x) ^ x) >> 1;

	d &= ((unsigned __int128)1 << m) - 1;
	return (unsigned)(__builtin_popcountll((uint64_t)d) +
	                  __builtin_popcountll((uint64_t)(d >> 64)));
}

/* Combine lo + hi (lo.e < hi.e) into one node. */
static term term_join(mcm_graph *g, term lo, term hi)
{
	unsigned k = hi.e - lo.e;
	term r = { 0, lo.e, lo.sign };
	int at;

	if (lo.sign == hi.sign)
		at = mcm_graph_add(g, lo.node, 0, hi.node, k, MCM_ADD);
	else if (lo.sign > 0)
		at = mcm_graph_add(g, lo.node, 0, hi.node, k, MCM_SUB);
	else {
		at = mcm_graph_add(g, hi.node, k, lo.node, 0, MCM_SUB);
		r.sign = 1;
	}
	assert(at >= 0);
	r.node = (unsigned)at;
	return r;
}

/* The NAF of odd t mod 2^m as a chain (tree = 0: low to high, as the 2002
 * patch did) or a balanced tree (tree = 1: least depth). */
void mcm_naf_graph(mcm_graph *g, uint64_t t, unsigned m, int tree)
{
	unsigned e[65], w, i, n;
	int s[65];
	term tm[65];

	mcm_graph_init(g, m);
	w = mcm_naf_digits(t, m, e, s);
	for (i = 0; i < w; i++)
		tm[i] = (term){ 0, e[i], s[i] };
	n = w;
	if (!tree) {
		for (i = 1; i < n; i++)
			tm[0] = term_join(g, tm[0], tm[i]);
		n = 1;
	}
	while (n > 1) {
		unsigned k = 0;
		for (i = 0; i + 1 < n; i += 2)
			tm[k++] = term_join(g, tm[i], tm[i + 1]);
		if (i < n)
			tm[k++] = tm[i];
		n = k;
	}
	g->out = tm[0].node;
	g->out_neg = tm[0].sign < 0;
}

/* Least depth of any graph for odd t mod 2^m: a graph of depth d sums at
 * most 2^d signed powers of two, and the NAF has the fewest. */
unsigned mcm_least_depth(uint64_t t, unsigned m)
{
	unsigned w = mcm_naf_weight64(t, m), d = 0;

	while ((1u << d) < w)
		d++;
	return d;
}

/* ---- ordering of results ------------------------------------------------- */

unsigned mcm_graph_depth(const mcm_graph *g)
{
	return g->node[g->out].depth;
}

/* 1 if a is better than b: fewer adders, then no negation, then fewer
 * cycles on target t (if any), then less depth. */
int mcm_better(const mcm_graph *a, const mcm_graph *b, const mcm_target *t)
{
	if (a->n != b->n)
		return a->n < b->n;
	if (a->out_neg != b->out_neg)
		return !a->out_neg;
	if (t) {
		mcm_cost ka, kb;
		mcm_cost_of(a, t, &ka);
		mcm_cost_of(b, t, &kb);
		if (ka.cycles != kb.cycles)
			return ka.cycles < kb.cycles;
	}
	return mcm_graph_depth(a) < mcm_graph_depth(b);
}

/* mcm_better(), or with sign_free fewer adders, then less depth: a result
 * to be negated counts as the result (search's model, search.h). */
int mcm_ranked(const mcm_graph *a, const mcm_graph *b,
                  const mcm_target *t, int sign_free)
{
	if (!sign_free)
		return mcm_better(a, b, t);
	if (a->n != b->n)
		return a->n < b->n;
	return mcm_graph_depth(a) < mcm_graph_depth(b);
}

/* A negated result whose last node is a subtraction only used as the
 * output: swap its operands, and the negation is gone. */
void mcm_absorb_negation(mcm_graph *g)
{
	mcm_node *n = &g->node[g->out];
	unsigned i;

	if (!g->out_neg || g->out == 0 || n->op != MCM_SUB)
		return;
	for (i = g->out + 1; i <= g->n; i++)
		if (g->node[i].a == g->out || g->node[i].b == g->out)
			return;
	{
		unsigned char a = n->a, sa = n->sa;
		n->a = n->b;
		n->sa = n->sb;
		n->b = a;
		n->sb = sa;
		n->v = mcm_node_val(n, g);
	}
	g->out_neg = 0;
}

/* g, a graph of q mod 2^m or (neg) of -q, into *best when better, with
 * the negation absorbed where it can be. */
void mcm_offer(const mcm_ctx *c, mcm_graph *g, unsigned m, int neg,
                  mcm_graph *best)
{
	g->bits = m;
	g->out_neg = neg;
	mcm_absorb_negation(g);
	if (mcm_better(g, best, c->target))
		*best = *g;
}

/* sa(a << sha) + sb(b << shb) as one node of g; *neg says the node holds
 * minus that.  Returns the node, -1 if g is full. */
int mcm_join2(mcm_graph *g, unsigned a, unsigned sha, int sa, unsigned b,
                 unsigned shb, int sb, int *neg)
{
	*neg = 0;
	if (sa == sb) {
		*neg = sa < 0;
		return mcm_graph_add(g, a, sha, b, shb, MCM_ADD);
	}
	if (sa > 0)
		return mcm_graph_add(g, a, sha, b, shb, MCM_SUB);
	return mcm_graph_add(g, b, shb, a, sha, MCM_SUB);
}
