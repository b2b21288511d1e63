/*
 * mcm.c - shift/add graphs with few adders (see mcm.h).
 *
 * Design.  Three layers.
 *
 * 1. Exact tables (integers, no wrap).  Every graph of k adders can be
 *    listed as a "ready set" {1, f1, ..., fk} where each f is an
 *    A-operation of earlier members.  Walking all ready sets of up to 3
 *    adders below a bound L (the customary one: twice the largest
 *    constant of interest) and marking every A-operation of the last
 *    member with the members gives the exact cost of every odd value of
 *    cost <= 4, with the ready set kept as a witness.  A value left
 *    unmarked needs at least 5; a five-adder graph is then sought by
 *    patterns (an A-operation of a value of cost c and one of cost <= 4 -
 *    c, or a product u * f), then by the heuristic below, and last by a
 *    complete test of every five-adder graph (five_full): the count is
 *    5, proven minimal, or at least 6, proven.  Published tables say
 *    every odd constant below 2^19 needs at most 5 (the first needing 3,
 *    4, 5 are 43, 683, 14709), and below 2^20 only 699829 needs 6; make
 *    bench checks both.
 *
 * 2. Heuristic for wider words (mod 2^n).  A target t is split as
 *        t = (u << k) +- v     v cheap (cost <= 2), u on n - k bits,
 *        t = +-(v << k) +- u   v cheap, u shorter than t,
 *        t = u * f             f cheap, u = t / f mod 2^n,
 *    the candidates ranked by an estimate (table cost when small, else
 *    from the NAF weight), the best few solved recursively with a memo,
 *    and the sub-graphs merged (a node computed twice is kept once).  The
 *    NAF chain is always a candidate, so the result is never worse.
 *
 *    A five-adder graph the patterns of layer 1 miss is sought here too,
 *    kept only when it computes the constant as an integer (no wrap).
 *
 * 3. Polish: the last steps of the result are searched again exactly
 *    (can the target be reached from the first j nodes with one or two
 *    more adders?), and every graph of at most three adders mod 2^n is
 *    tried (three(): the heuristic misses a few that wrap), which also
 *    proves four minimal when none is found.  three() alone, ranking a
 *    negated result as the result, is mcm_small: search's exact costs
 *    up to three adders.  On words of at most
 *    MCM_WRAP_BITS bits a result of five or more is followed by every
 *    graph of four (four(): 14709 mod 2^16 has one, 5 as an integer),
 *    which proves five minimal mod 2^n when none is found.  Checked
 *    against a brute force over every odd constant mod 2^16 (by hand:
 *    all agree, all proven; test_mcm does 2^10 to 2^12).
 *
 * Values are kept mod 2^64; two nodes with equal values compute the same
 * thing, and everything is reduced mod 2^n only when compared with the
 * target.  Right shifts are never used: a product mod 2^n cannot be
 * shifted right without losing its top bits.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/mcm.h"
#include "cfx/word.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define TAB_MAX_BITS (MCM_EXACT_BITS + 2)   /* table bound at most 2^21 */
#define HEUR_BITS 20                        /* heuristic table: 2^20 */
#define UNKNOWN 255

typedef struct wit {
	uint32_t f[3];          /* the ready set's members after 1 */
} wit;

typedef struct table {
	unsigned bits;          /* values < 2^bits */
	int levels;             /* costs <= levels are exact */
	unsigned char *cost;    /* cost[v >> 1], UNKNOWN above levels */
	wit *w;
	struct cheap *cheap;    /* the values of cost <= 2, cheapest first */
	size_t ncheap;
} table;

typedef struct cheap {
	uint32_t v;
	unsigned char cost;
} cheap;

/* Memo of the heuristic: (t, m, dmax) -> graph. */
typedef struct memo_ent {
	uint64_t t;
	unsigned m, dmax;
	int used;
	mcm_graph g;
} memo_ent;

struct mcm_ctx {
	table exact;            /* levels 4, built for the bound asked */
	table heur;             /* levels 3, 2^HEUR_BITS */
	memo_ent *memo;
	size_t memo_cap, memo_used;
	int quick;
	const mcm_target *target;   /* ties broken by its cycles, or NULL */
	int prove;              /* mcm_set_prove */
	int four_done;          /* this mcm_solve tried every graph of four */
	uint64_t four_q;        /* the last four(): q, m, dmax and the best */
	unsigned four_m, four_dmax;   /* graph (n > MCM_MAX_NODES: none), */
	mcm_graph four_g;       /* as the searches of one constant for */
	                        /* several targets ask it again */
};

mcm_ctx *mcm_new(void)
{
	return xcalloc(1, sizeof(mcm_ctx), "search context");
}

void mcm_set_prove(mcm_ctx *c, int on)
{
	c->prove = on;
}

static void table_free(table *t)
{
	free(t->cost);
	free(t->w);
	free(t->cheap);
	memset(t, 0, sizeof *t);
}

void mcm_free(mcm_ctx *c)
{
	if (!c)
		return;
	table_free(&c->exact);
	table_free(&c->heur);
	free(c->memo);
	free(c);
}

/* ---- A-operations on integers ----------------------------------------- */

/* The odd results below lim of A-operations of odd u and w:
 * (u << s) + w, (u << s) - w, w - (u << s) and the same with u, w
 * swapped, s >= 1.  Returns how many were written (at most 6 * 64). */
static size_t aop_all(uint64_t u, uint64_t w, uint64_t lim, uint64_t *out)
{
	size_t n = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		uint64_t a = pass ? w : u, b = pass ? u : w;
		unsigned s;

		if (pass && u == w)
			break;
		for (s = 1; s < 63 && (a << s) < lim + b; s++) {
			uint64_t as = a << s;
			if (as + b < lim)
				out[n++] = as + b;
			if (as > b && as - b < lim)
				out[n++] = as - b;
			else if (b > as && b - as < lim)
				out[n++] = b - as;
		}
	}
	return n;
}

/* Into f2 the values a second adder can make once a (of cost 1, one of
 * f1[0..n1)) is made: the other cost-1 values above a (each pair counted
 * once), and every A-operation of a with 1 and with itself.  Returns how
 * many (the caller sizes f2 for n1 plus two aop_all results). */
static size_t second_level(const uint64_t *f1, size_t n1, uint64_t a,
                           uint64_t lim, uint64_t *f2)
{
	size_t j, n2 = 0;

	for (j = 0; j < n1; j++)
		if (f1[j] > a)
			f2[n2++] = f1[j];
	n2 += aop_all(a, 1, lim, f2 + n2);
	n2 += aop_all(a, a, lim, f2 + n2);
	return n2;
}

static void table_build(table *t, unsigned bits, int levels)
{
	uint64_t lim = (uint64_t)1 << bits, f1[2 * 64], *f2, *f3, *f4;
	size_t n1, i, j, k, q, cap = 6 * 64 * 6;
	unsigned char *cost;

	assert(bits >= 2 && bits <= TAB_MAX_BITS && levels >= 2 && levels <= 4);
	table_free(t);
	/* sizes cfx chose (at most 2^TAB_MAX_BITS values): xalloc.h's case 1 */
	t->cost = xmalloc(lim >> 1, "adder table");
	t->w = xcalloc(lim >> 1, sizeof *t->w, "adder table");
	f2 = xmalloc(cap * sizeof *f2, "adder table");
	f3 = xmalloc(cap * sizeof *f3, "adder table");
	f4 = xmalloc(cap * sizeof *f4, "adder table");
	t->bits = bits;
	t->levels = levels;
	cost = t->cost;
	memset(cost, UNKNOWN, lim >> 1);
	cost[0] = 0;
#define MARK(v, c, A, B, C) do { \
		uint64_t v_ = (v); \
		if (cost[v_ >> 1] > (c)) { \
			cost[v_ >> 1] = (c); \
			t->w[v_ >> 1] = (wit){ { (uint32_t)(A), (uint32_t)(B), \
			                         (uint32_t)(C) } }; \
		} \
	} while (0)
	n1 = aop_all(1, 1, lim, f1);
	for (i = 0; i < n1; i++)
		MARK(f1[i], 1, 0, 0, 0);
	for (i = 0; i < n1; i++) {
		uint64_t a = f1[i], R2[2] = { 1, a };
		/* b from pairs of {1, a}; a b of cost 1 only after a */
		size_t n2 = second_level(f1, n1, a, lim, f2);
		for (j = 0; j < n2; j++)
			MARK(f2[j], 2, a, 0, 0);
		if (levels < 3)
			continue;
		for (j = 0; j < n2; j++) {
			uint64_t b = f2[j];
			size_t n3 = 0, pre;

			if (b == a || b == 1)
				continue;
			/* c from pairs of {1, a, b}: those without b only above b */
			for (k = 0; k < n2; k++)
				if (f2[k] > b)
					f3[n3++] = f2[k];
			pre = n3;
			for (q = 0; q < 2; q++)
				n3 += aop_all(b, R2[q], lim, f3 + n3);
			n3 += aop_all(b, b, lim, f3 + n3);
			assert(n3 <= cap);
			for (k = pre; k < n3; k++)
				MARK(f3[k], 3, a, b, 0);
			if (levels < 4)
				continue;
			for (k = 0; k < n3; k++) {
				uint64_t c = f3[k], R3[3] = { 1, a, b };
				size_t n4 = 0, r;

				if (c == a || c == b || c == 1)
					continue;
				for (q = 0; q < 3; q++)
					n4 += aop_all(c, R3[q], lim, f4 + n4);
				n4 += aop_all(c, c, lim, f4 + n4);
				for (r = 0; r < n4; r++)
					MARK(f4[r], 4, a, b, c);
			}
		}
	}
#undef MARK
	free(f2); free(f3); free(f4);
}

/* List the values of cost <= 2, cheapest first. */
static void table_cheap(table *t)
{
	uint64_t v, lim = (uint64_t)1 << t->bits;
	size_t n = 0;
	int k;

	for (v = 1; v < lim; v += 2)
		n += t->cost[v >> 1] <= 2;
	t->cheap = xmalloc(n * sizeof *t->cheap, "adder table");
	t->ncheap = 0;
	for (k = 0; k <= 2; k++)
		for (v = 1; v < lim; v += 2)
			if (t->cost[v >> 1] == k)
				t->cheap[t->ncheap++] = (cheap){ (uint32_t)v,
				                                 (unsigned char)k };
}

static int table_cost(const table *t, uint64_t v)
{
	if (!(v & 1) || !t->cost || v >> t->bits)
		return UNKNOWN;
	return t->cost[v >> 1];
}

/* ---- graphs -------------------------------------------------------------- */

static uint64_t node_val(const mcm_node *n, const mcm_graph *g)
{
	uint64_t a = g->node[n->a].v << n->sa, b = g->node[n->b].v << n->sb;
	return n->op == MCM_ADD ? a + b : a - b;
}

static void graph_init(mcm_graph *g, unsigned bits)
{
	memset(g, 0, sizeof *g);
	g->bits = bits;
	g->node[0].v = 1;
}

/* Index of the node with value v, or -1. */
static int graph_find(const mcm_graph *g, uint64_t v)
{
	unsigned i;

	for (i = 0; i <= g->n; i++)
		if (g->node[i].v == v)
			return (int)i;
	return -1;
}

/* Append (a << sa) op (b << sb); returns the node's index (an existing
 * node of the same value is reused), or -1 when the graph is full. */
static int graph_add(mcm_graph *g, unsigned a, unsigned sa, unsigned b,
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
	nd.v = node_val(&nd, g);
	if ((at = graph_find(g, nd.v)) >= 0)
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
static int graph_merge(mcm_graph *g, const mcm_graph *h, unsigned in,
                       unsigned *map)
{
	unsigned i;

	map[0] = in;
	for (i = 1; i <= h->n; i++) {
		const mcm_node *n = &h->node[i];
		int at = graph_add(g, map[n->a], n->sa, map[n->b], n->sb, n->op);
		if (at < 0)
			return -1;
		map[i] = (unsigned)at;
	}
	return 0;
}

/* The s in [1, bits) with (a << s) = d mod 2^bits (a odd), or 0: the
 * shift is d's count of trailing zeros, if any shift fits. */
static unsigned shift_to(uint64_t a, uint64_t d, unsigned bits, uint64_t mask)
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
static int find_aop(const mcm_graph *g, unsigned upto, uint64_t v,
                    unsigned bits, mcm_node *nd)
{
	uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
	unsigned i, j;

	for (i = 0; i <= upto; i++)
		for (j = 0; j <= upto; j++) {
			uint64_t a = g->node[i].v, b = g->node[j].v;
			unsigned sf[3], best = 0, f;
			sf[0] = shift_to(a, v - b, bits, mask);   /* a<<s + b */
			sf[1] = shift_to(a, v + b, bits, mask);   /* a<<s - b */
			sf[2] = shift_to(a, b - v, bits, mask);   /* b - a<<s */
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

/* The graph of an odd value v of the table (cost <= its levels), from its
 * witness ready set.  Returns 0, or -1 if v is not in the table. */
static int graph_of_table(const table *t, uint64_t v, mcm_graph *g,
                          unsigned bits)
{
	int c = table_cost(t, v);
	uint64_t chain[4];
	int k;

	graph_init(g, bits);
	if (c == UNKNOWN)
		return -1;
	for (k = 0; k < c - 1; k++)
		chain[k] = t->w[v >> 1].f[k];
	chain[c > 0 ? c - 1 : 0] = v;
	for (k = 0; k < c; k++) {
		mcm_node nd;
		int ok = find_aop(g, g->n, chain[k], 64, &nd);
		assert(ok);
		(void)ok;
		if (graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
			return -1;
	}
	g->out = (unsigned)graph_find(g, v);
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
		    n->sa >= 64 || n->sb >= 64 || n->v != node_val(n, g) ||
		    !(n->v & 1) || n->depth != d + 1)
			return 0;
	}
	return mcm_eval(g, 1) == (p & mask);
}

/* ---- the NAF chain (the fallback, and the bound) ----------------------- */

/* Signed digits of odd t mod 2^m, low to high: exps[i], sign[i].  The
 * digit at 2^m and above is dropped.  Returns the weight. */
static unsigned naf_digits(uint64_t t, unsigned m, unsigned *exps, int *sign)
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
static unsigned naf_weight64(uint64_t t, unsigned m)
{
	unsigned __int128 x = t, d = ((3 * x) ^ x) >> 1;

	d &= ((unsigned __int128)1 << m) - 1;
	return (unsigned)(__builtin_popcountll((uint64_t)d) +
	                  __builtin_popcountll((uint64_t)(d >> 64)));
}

/* A term sign * (node << e) of a partial sum. */
typedef struct term {
	unsigned node, e;
	int sign;
} term;

/* Combine lo + hi (lo.e < hi.e) into one node. */
static term term_join(mcm_graph *g, term lo, term hi)
{
	unsigned k = hi.e - lo.e;
	term r = { 0, lo.e, lo.sign };
	int at;

	if (lo.sign == hi.sign)
		at = graph_add(g, lo.node, 0, hi.node, k, MCM_ADD);
	else if (lo.sign > 0)
		at = graph_add(g, lo.node, 0, hi.node, k, MCM_SUB);
	else {
		at = graph_add(g, hi.node, k, lo.node, 0, MCM_SUB);
		r.sign = 1;
	}
	assert(at >= 0);
	r.node = (unsigned)at;
	return r;
}

/* The NAF of odd t mod 2^m as a chain (tree = 0: low to high, as the 2002
 * patch did) or a balanced tree (tree = 1: least depth). */
static void naf_graph(mcm_graph *g, uint64_t t, unsigned m, int tree)
{
	unsigned e[65], w, i, n;
	int s[65];
	term tm[65];

	graph_init(g, m);
	w = naf_digits(t, m, e, s);
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
static unsigned least_depth(uint64_t t, unsigned m)
{
	unsigned w = naf_weight64(t, m), d = 0;

	while ((1u << d) < w)
		d++;
	return d;
}

/* ---- ordering of results ------------------------------------------------- */

static unsigned graph_depth(const mcm_graph *g)
{
	return g->node[g->out].depth;
}

/* 1 if a is better than b: fewer adders, then no negation, then fewer
 * cycles on target t (if any), then less depth. */
static int better(const mcm_graph *a, const mcm_graph *b, const mcm_target *t)
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
	return graph_depth(a) < graph_depth(b);
}

/* better(), or with sign_free fewer adders, then less depth: a result
 * to be negated counts as the result (search's model, search.h). */
static int ranked(const mcm_graph *a, const mcm_graph *b,
                  const mcm_target *t, int sign_free)
{
	if (!sign_free)
		return better(a, b, t);
	if (a->n != b->n)
		return a->n < b->n;
	return graph_depth(a) < graph_depth(b);
}

/* A negated result whose last node is a subtraction only used as the
 * output: swap its operands, and the negation is gone. */
static void absorb_negation(mcm_graph *g)
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
		n->v = node_val(n, g);
	}
	g->out_neg = 0;
}

/* g, a graph of q mod 2^m or (neg) of -q, into *best when better, with
 * the negation absorbed where it can be. */
static void offer(const mcm_ctx *c, mcm_graph *g, unsigned m, int neg,
                  mcm_graph *best)
{
	g->bits = m;
	g->out_neg = neg;
	absorb_negation(g);
	if (better(g, best, c->target))
		*best = *g;
}

/* sa(a << sha) + sb(b << shb) as one node of g; *neg says the node holds
 * minus that.  Returns the node, -1 if g is full. */
static int join2(mcm_graph *g, unsigned a, unsigned sha, int sa, unsigned b,
                 unsigned shb, int sb, int *neg)
{
	*neg = 0;
	if (sa == sb) {
		*neg = sa < 0;
		return graph_add(g, a, sha, b, shb, MCM_ADD);
	}
	if (sa > 0)
		return graph_add(g, a, sha, b, shb, MCM_SUB);
	return graph_add(g, b, shb, a, sha, MCM_SUB);
}

/* ---- exact search (integers below the table's bound) ------------------ */

/* Make sure the exact table covers values below 2^bits. */
static void exact_ready(mcm_ctx *c, unsigned bits)
{
	if (bits < 3)
		bits = 3;
	if (c->exact.cost && c->exact.bits >= bits)
		return;
	table_build(&c->exact, bits, 4);
	table_cheap(&c->exact);
}

/* The graph for u (table) and v (table) and then r from them. */
static int pair_graph(const table *t, uint64_t u, uint64_t v, uint64_t r,
                      mcm_graph *g)
{
	mcm_graph h;
	unsigned map[MCM_MAX_NODES + 1];
	mcm_node nd;

	if (graph_of_table(t, u, g, 64) < 0 || graph_of_table(t, v, &h, 64) < 0 ||
	    graph_merge(g, &h, 0, map) < 0 || !find_aop(g, g->n, r, 64, &nd) ||
	    graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
		return -1;
	g->out = (unsigned)graph_find(g, r);
	return 0;
}

/* A graph of at most 5 adders for odd r (integer, below the exact table's
 * bound) not in the table, by the patterns of the header comment, trying
 * cheap values of cost <= maxv.  Returns 0 if found. */
static int five(mcm_ctx *c, uint64_t r, int maxv, mcm_graph *g)
{
	const table *t = &c->exact;
	uint64_t lim = (uint64_t)1 << t->bits;
	size_t i;

	for (i = 0; i < t->ncheap && t->cheap[i].cost <= maxv; i++) {
		uint64_t v = t->cheap[i].v, d, u[6];
		int cv = t->cheap[i].cost, budget = 4 - cv, k, nu;
		unsigned s;

		/* r = u * v */
		if (v > 1 && r % v == 0 &&
		    table_cost(t, r / v) <= 5 - cv) {
			mcm_graph h;
			unsigned map[MCM_MAX_NODES + 1];
			graph_of_table(t, r / v, g, 64);
			graph_of_table(t, v, &h, 64);
			if (graph_merge(g, &h, g->out, map) == 0) {
				g->out = map[h.out];
				return 0;
			}
		}
		/* r = (u << s) +- v, v - (u << s) */
		nu = 0;
		if (r > v) {
			d = r - v;
			u[nu++] = d >> __builtin_ctzll(d);
		}
		d = r + v;
		u[nu++] = d >> __builtin_ctzll(d);
		if (v > r) {
			d = v - r;
			u[nu++] = d >> __builtin_ctzll(d);
		}
		for (k = 0; k < nu; k++)
			if (table_cost(t, u[k]) <= budget &&
			    pair_graph(t, u[k], v, r, g) == 0)
				return 0;
		/* r = u +- (v << s), (v << s) - u */
		for (s = 1; (v << s) < lim + r; s++) {
			uint64_t vs = v << s, w[3];
			int nw = 0;
			if (r > vs)
				w[nw++] = r - vs;
			if (vs > r)
				w[nw++] = vs - r;
			if (r + vs < lim)
				w[nw++] = r + vs;
			for (k = 0; k < nw; k++)
				if (table_cost(t, w[k]) <= budget &&
				    pair_graph(t, w[k], v, r, g) == 0)
					return 0;
		}
	}
	return -1;
}

/* Lower bound and best graph for odd r below the exact table's bound;
 * returns the bound (the table's cost, or 5 when unmarked) and leaves g
 * empty (n = MCM_MAX_NODES + 1 is never set; g->zero = -1) when no graph
 * of 5 was found. */
static int heur_integer(mcm_ctx *c, uint64_t r, mcm_graph *g);

/* ---- the complete five-adder test ---- */

/* The odd u below lim with r an A-operation of u and q.  Returns how many
 * (at most 3 * 64 + 3). */
static size_t residuals(uint64_t r, uint64_t q, uint64_t lim, uint64_t *out)
{
	size_t n = 0;
	unsigned s;

	for (s = 1; s < 63 && (q << s) < lim + r; s++) {
		uint64_t qs = q << s;
		if (r > qs)
			out[n++] = r - qs;
		else if (qs > r && qs - r < lim)
			out[n++] = qs - r;
		if (r + qs < lim)
			out[n++] = r + qs;
	}
	if (r > q)
		out[n++] = (r - q) >> __builtin_ctzll(r - q);
	if (q > r)
		out[n++] = (q - r) >> __builtin_ctzll(q - r);
	if ((r + q) >> __builtin_ctzll(r + q) < lim)
		out[n++] = (r + q) >> __builtin_ctzll(r + q);
	return n;
}

/* Is x = y << s for some s >= 1 (y odd)? */
static int shifted(uint64_t x, uint64_t y)
{
	return x && !(x & 1) && x >> __builtin_ctzll(x) == y;
}

/* Is d an A-operation of c and q? */
static int in_aop(uint64_t d, uint64_t c, uint64_t q)
{
	return (d > q && shifted(d - q, c)) || shifted(d + q, c) ||
	       (q > d && shifted(q - d, c)) || (d > c && shifted(d - c, q)) ||
	       shifted(d + c, q) || (c > d && shifted(c - d, q));
}

/* A small set of values (mod 2^64), cleared by a new generation. */
#define SET_BITS 12
typedef struct vset {
	uint64_t v[1 << SET_BITS];
	uint32_t gen[1 << SET_BITS];
	uint32_t now;
} vset;

static void vset_add(vset *s, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - SET_BITS));

	while (s->gen[i] == s->now && s->v[i] != v)
		i = (i + 1) & ((1 << SET_BITS) - 1);
	s->gen[i] = s->now;
	s->v[i] = v;
}

static int vset_has(const vset *s, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - SET_BITS));

	while (s->gen[i] == s->now) {
		if (s->v[i] == v)
			return 1;
		i = (i + 1) & ((1 << SET_BITS) - 1);
	}
	return 0;
}

/* The graph computing vals[0..k-1] in turn, each an A-operation of those
 * before it. */
static int graph_of_chain(const uint64_t *vals, int k, mcm_graph *g)
{
	int i;

	graph_init(g, 64);
	for (i = 0; i < k; i++) {
		mcm_node nd;
		if (!find_aop(g, g->n, vals[i], 64, &nd) ||
		    graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
			return -1;
	}
	g->out = g->n;
	return 0;
}

/*
 * Does odd r (not in the table: cost >= 5) have a graph of 5 adders
 * 1, a, b, c, d, r?  Every such graph, ordered, starts with a ready set
 * {1, a, b}; then r = A(d, q) with q one of 1, a, b (case A: d is two
 * steps from {1, a, b}), q = c with d not using c (case B1: c and d both
 * one step from {1, a, b}), q = c with d = A(c, q') (case B2: then
 * r -+ (q' << k) is c times 2^u +- 2^v), or q = d (r = d (2^s +- 1), a
 * product the patterns try).  Exhaustive below the table's bound, and
 * slow (seconds): only for what the patterns and the heuristic miss.
 * Returns 1 and the graph if found.
 */
static int five_full(mcm_ctx *c, uint64_t r, mcm_graph *g)
{
	const table *t = &c->exact;
	uint64_t lim = (uint64_t)1 << t->bits, f1[2 * 64], *f2, *s2, ra[200],
	         rb[200];
	size_t n1, i, j, k, q, u;
	vset *set;
	int found = 0;

	f2 = xmalloc(6 * 64 * 3 * sizeof *f2, "five-adder test");
	s2 = xmalloc(6 * 64 * 6 * sizeof *s2, "five-adder test");
	set = xcalloc(1, sizeof *set, "five-adder test");
	n1 = aop_all(1, 1, lim, f1);
	for (i = 0; i < n1 && !found; i++) {
		uint64_t a = f1[i];
		size_t n2 = second_level(f1, n1, a, lim, f2);
		for (j = 0; j < n2 && !found; j++) {
			uint64_t b = f2[j], R[3] = { 1, a, b }, vals[5];
			size_t ns = 0, x, y;

			if (b == a || b == 1)
				continue;
			for (x = 0; x < 3; x++)
				for (y = x; y < 3; y++)
					ns += aop_all(R[x], R[y], lim, s2 + ns);
			set->now++;
			for (x = 0; x < ns; x++)
				vset_add(set, s2[x]);
			vals[0] = a;
			vals[1] = b;
			vals[4] = r;
			/* A: r = A(d, q), d = A(c, q2) or c (2^s +- 1) */
			for (q = 0; q < 3 && !found; q++) {
				size_t nd = residuals(r, R[q], lim, ra);
				for (k = 0; k < nd && !found; k++) {
					uint64_t d = ra[k];
					for (x = 0; x < 3 && !found; x++) {
						size_t nc = residuals(d, R[x], lim, rb);
						for (y = 0; y < nc; y++)
							if (vset_has(set, rb[y])) {
								vals[2] = rb[y];
								found = 1;
								break;
							}
					}
					for (x = 0; x < n1 && !found; x++)
						if (d % f1[x] == 0 && vset_has(set, d / f1[x])) {
							vals[2] = d / f1[x];
							found = 1;
						}
					if (found)
						vals[3] = d;
				}
			}
			/* B1: r = A(c, d), c and d both in A({1, a, b}) */
			for (u = 0; u < ns && !found; u++) {
				size_t nd = residuals(r, s2[u], lim, ra);
				for (k = 0; k < nd; k++)
					if (vset_has(set, ra[k])) {
						vals[2] = s2[u];
						vals[3] = ra[k];
						found = 1;
						break;
					}
			}
			/* B2: r = A(d, c), d = A(c, q2) */
			for (q = 0; q < 3 && !found; q++) {
				unsigned sh;
				for (sh = 0; (R[q] << sh) < 2 * lim && !found; sh++) {
					int sg;
					for (sg = -1; sg <= 1 && !found; sg += 2) {
						uint64_t qs = R[q] << sh, w, o;
						if (sg > 0)
							w = r > qs ? r - qs : qs - r;
						else
							w = r + qs;
						if (!w)
							continue;
						o = w >> __builtin_ctzll(w);
						for (x = 0; x <= n1 && !found; x++) {
							uint64_t f = x < n1 ? f1[x] : 1, cc, ds[6 * 64];
							size_t nd2;
							if (o % f || !vset_has(set, o / f))
								continue;
							cc = o / f;
							nd2 = aop_all(cc, R[q], lim, ds);
							for (y = 0; y < nd2; y++)
								if (in_aop(r, ds[y], cc)) {
									vals[2] = cc;
									vals[3] = ds[y];
									found = 1;
									break;
								}
						}
					}
				}
			}
			if (found && graph_of_chain(vals, 5, g) < 0)
				found = 0;
		}
	}
	free(f2);
	free(s2);
	free(set);
	return found;
}

static int exact_one(mcm_ctx *c, uint64_t r, mcm_graph *g, int *found)
{
	int k = table_cost(&c->exact, r);

	*found = 0;
	if (k != UNKNOWN) {
		*found = graph_of_table(&c->exact, r, g, 64) == 0;
		return k;
	}
	*found = five(c, r, 1, g) == 0 || five(c, r, 2, g) == 0 ||
	         heur_integer(c, r, g) == 0 || five_full(c, r, g);
	return *found ? 5 : 6;   /* five_full is exhaustive */
}

unsigned char *mcm_cost_table(mcm_ctx *c, unsigned bits)
{
	uint64_t v, lim = (uint64_t)1 << bits;
	unsigned char *out;

	assert(bits >= 1 && bits <= MCM_EXACT_BITS + 1);
	exact_ready(c, bits + 1);
	out = xmalloc(lim > 1 ? lim >> 1 : 1, "cost table");
	for (v = 1; v < lim; v += 2) {
		mcm_graph g;
		int found, lb = exact_one(c, v, &g, &found);
		out[v >> 1] = found ? (unsigned char)lb : UNKNOWN;
	}
	return out;
}

/* ---- heuristic (mod 2^m) -------------------------------------------------- */

#define MAX_LEVEL 14     /* recursion depth of the decomposition */
#define NO_DEPTH 255

static uint64_t mask_of(unsigned m)
{
	return m >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m) - 1;
}

static unsigned bitlen(uint64_t v)
{
	return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

/* Inverse of odd f mod 2^64 (Newton: each step doubles the bits). */
static uint64_t inv_odd(uint64_t f)
{
	uint64_t x = f;   /* right to 3 bits */
	int i;

	for (i = 0; i < 5; i++)
		x *= 2 - f * x;
	return x;
}

static void heur_ready(mcm_ctx *c)
{
	if (c->heur.cost)
		return;
	table_build(&c->heur, HEUR_BITS, 3);
	table_cheap(&c->heur);
}

/* Estimated adders for odd w mod 2^m. */
static double estimate(const mcm_ctx *c, uint64_t w, unsigned m)
{
	uint64_t mk = mask_of(m), nw = (0 - w) & mk;
	int k = table_cost(&c->heur, w & mk), kn = table_cost(&c->heur, nw);

	if (kn < k)
		k = kn;
	if (k != UNKNOWN)
		return k;
	if (bitlen(w & mk) <= HEUR_BITS || bitlen(nw) <= HEUR_BITS)
		return 4.4;
	return 0.8 + 0.66 * (naf_weight64(w, m) - 1);
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

static void memo_reset(mcm_ctx *c)
{
	if (c->memo_used) {
		memset(c->memo, 0, c->memo_cap * sizeof *c->memo);
		c->memo_used = 0;
	}
}

/* ---- candidates ---- */

enum { C_LOW, C_HIGH, C_MUL };

typedef struct cand {
	double est;
	uint64_t u;            /* the sub-target */
	unsigned m;            /* its word */
	unsigned k;            /* shift */
	uint32_t v;            /* the cheap value */
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

static void solve(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
                  unsigned lvl, mcm_graph *best);

/* The graph of candidate cd for t, into g; 0 or -1 (too deep, full). */
static int build(mcm_ctx *c, const cand *cd, unsigned dmax, unsigned lvl,
                 mcm_graph *g)
{
	mcm_graph sub, vg;
	unsigned map[MCM_MAX_NODES + 1], bits = g->bits;
	int at, neg, su;

	if (dmax < 1)
		return -1;
	solve(c, cd->u, cd->m, cd->kind == C_MUL ? dmax : dmax - 1, lvl + 1,
	      &sub);
	if (sub.n > MCM_MAX_NODES)
		return -1;
	*g = sub;
	g->bits = bits;
	su = sub.out_neg ? -1 : 1;
	graph_of_table(&c->heur, cd->v, &vg, 64);
	if (cd->kind == C_MUL) {
		if (graph_merge(g, &vg, sub.out, map) < 0)
			return -1;
		g->out = map[vg.out];
		g->out_neg = sub.out_neg;
	} else {
		if (graph_merge(g, &vg, 0, map) < 0)
			return -1;
		if (cd->kind == C_LOW)
			at = join2(g, sub.out, cd->k, su, map[vg.out], 0, cd->sgn, &neg);
		else
			at = join2(g, map[vg.out], cd->k, cd->sgn, sub.out, 0,
			           cd->uneg ? -su : su, &neg);
		if (at < 0)
			return -1;
		g->out = (unsigned)at;
		g->out_neg = neg;
	}
	absorb_negation(g);
	return graph_depth(g) <= dmax ? 0 : -1;
}

static void gather(const mcm_ctx *c, uint64_t t, unsigned m, cands *cs,
                   size_t ncheap)
{
	uint64_t mk = mask_of(m);
	unsigned L = bitlen(t);
	size_t i;
	double here = estimate(c, t, m);

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
		/* product: t = u * v */
		if (v > 1) {
			u = (t * inv_odd(v)) & mk;
			double e = estimate(c, u, m) + cv;
			if (e < here - 0.5)
				cand_put(cs, (cand){ e, u, m, 0, (uint32_t)v, 1, 0,
				                     C_MUL });
		}
	}
}

/* Best graph found for odd t mod 2^m whose depth is at most dmax; n is
 * MCM_MAX_NODES + 1 when there is none. */
static void solve(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
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
	naf_graph(best, t, m, 0);
	if (graph_depth(best) > dmax) {
		naf_graph(best, t, m, 1);
		if (graph_depth(best) > dmax)
			best->n = MCM_MAX_NODES + 1;
	}
	reps[0] = t;
	reps[1] = (0 - t) & mk;
	for (r = 0; r < 2; r++)
		if (table_cost(&c->heur, reps[r]) != UNKNOWN &&
		    graph_of_table(&c->heur, reps[r], &g, m) == 0 &&
		    graph_depth(&g) <= dmax) {
			offer(c, &g, m, r, best);
			assert(mcm_check(&g, t));
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
			    better(&g, best, c->target))
				*best = g;
		}
	}
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
		if (find_aop(g, j, neg ? 0 - t : t, m, &nd)) {
			int at;
			*h = *g;
			h->n = j;
			at = graph_add(h, nd.a, nd.sa, nd.b, nd.sb, nd.op);
			if (at < 0 || h->node[at].depth > dmax)
				continue;
			h->out = (unsigned)at;
			h->out_neg = neg;
			absorb_negation(h);
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
					at = form == 0 ? graph_add(&d, i1, s, i2, 0, MCM_ADD)
					   : form == 1 ? graph_add(&d, i1, s, i2, 0, MCM_SUB)
					               : graph_add(&d, i2, 0, i1, s, MCM_SUB);
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
static void polish(mcm_graph *g, uint64_t t, unsigned m, unsigned dmax,
                   int quick, const mcm_target *tg)
{
	mcm_graph h;
	unsigned j;

	for (j = 0; j + 1 < g->n; j++)
		if (reach1(g, j, t, m, dmax, &h) && better(&h, g, tg)) {
			*g = h;
			return;
		}
	if (g->n >= 3 && !quick && (m <= 32 || g->n <= 10) &&
	    reach2(g, g->n - 3, t, m, dmax, &h) && better(&h, g, tg))
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
static int heur_integer(mcm_ctx *c, uint64_t r, mcm_graph *g)
{
	unsigned ms[4], i, L = bitlen(r);
	mcm_graph h;

	ms[0] = L + 1;
	ms[1] = L + 2;
	ms[2] = L + 4;
	ms[3] = 62;
	heur_ready(c);
	c->quick = 0;
	for (i = 0; i < 4; i++) {
		memo_reset(c);
		solve(c, r, ms[i], NO_DEPTH, 0, &h);
		polish(&h, r, ms[i], NO_DEPTH, 0, NULL);
		if (h.n <= 5 && integer_ok(&h, r)) {
			*g = h;
			g->bits = 64;
			return 0;
		}
	}
	return -1;
}

/* Drop the nodes the output does not use (a merge can leave some). */
static void prune(mcm_graph *g)
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

/* ---- the search ------------------------------------------------------------ */

/* The exact search for odd q mod 2^m (m <= MCM_EXACT_BITS): the better of
 * q and -q = 2^m - q (negated).  Returns the lower bound; *g the best
 * graph found (n = MCM_MAX_NODES + 1 if none within 5). */
static int exact_search(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                        mcm_graph *best)
{
	uint64_t reps[2] = { q, ((uint64_t)1 << m) - q };
	int r, lb = 99;

	graph_init(best, m);
	best->n = MCM_MAX_NODES + 1;
	for (r = 0; r < 2; r++) {
		mcm_graph g;
		int found, k = exact_one(c, reps[r], &g, &found);
		if (k < lb)
			lb = k;
		if (found && graph_depth(&g) <= dmax)
			offer(c, &g, m, r, best);
	}
	return lb;
}

/* On a word past MCM_EXACT_BITS, q or -q mod 2^m may still be a small
 * integer (702165 on 32 bits; 5 x 140433, 5 adders where the heuristic
 * finds 6): its exact integer graph (at most 5 adders below 2^19, one
 * value of 6 below 2^20) bounds the count mod 2^m.  Into *best when
 * better. */
static void small_part(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                      mcm_graph *best)
{
	uint64_t reps[2] = { q & mask_of(m), (0 - q) & mask_of(m) };
	int r;

	for (r = 0; r < 2; r++) {
		mcm_graph g;
		unsigned L = bitlen(reps[r]);
		int found;
		if (L > MCM_EXACT_BITS + 1)
			continue;
		exact_ready(c, L + 1);
		exact_one(c, reps[r], &g, &found);
		if (found && graph_depth(&g) <= dmax)
			offer(c, &g, m, r, best);
	}
}

/* A lower bound on the adders of odd q mod 2^m, up to 3: 0 if q = +-1,
 * 1 if q = +-A(1, 1), 2 if q = +-(an A-operation within {1, a}, a of
 * cost 1), else 3.  A few hundred thousand operations. */
static unsigned lb_small(uint64_t q, unsigned m)
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

	return shift_to(b, t - x, m, mk) || shift_to(b, t + x, m, mk) ||
	       shift_to(b, x - t, m, mk) || shift_to(x, t - b, m, mk) ||
	       shift_to(x, t + b, m, mk) || shift_to(x, b - t, m, mk);
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
	graph_init(g, m);
	for (i = 0; i < k; i++) {
		mcm_node nd;
		int ok = find_aop(g, g->n, vals[i], m, &nd);
		assert(ok);
		(void)ok;
		at = graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op);
		assert(at >= 0);
	}
	g->out = (unsigned)at;
	g->out_neg = neg;
	absorb_negation(g);
	return graph_depth(g) <= dmax ? 0 : -1;
}

/* Every graph of at most three adders for +-q mod 2^m: the ready sets
 * {1, a, b} (a = A(1, 1), b an A-operation within {1, a}) and a last
 * adder, solved backwards for its shift.  A member's sign does not
 * matter (an A-operation of -v is minus one of v, and the last step is
 * tried for q and -q), so a and b are taken up to sign.  Keeps the best
 * in *best (better() on target t; sign_free: fewer adders, then less
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
			    ranked(&g, best, t, sign_free)) {
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
				    ranked(&g, best, t, sign_free)) {
					*best = g;
					found = 1;
				}
			}
		}
	}
	return found;
}

static int three(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
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
	if ((k = lb_small(p, bits)) < 3) {
		*depth = k;
		return k;
	}
	graph_init(&g, bits);
	g.n = MCM_MAX_NODES + 1;      /* nothing yet */
	if (three_ranked(p, bits, NO_DEPTH, NULL, 1, &g)) {
		assert(g.n == 3);
		*depth = graph_depth(&g);
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
		    better(&g, best, t)) {
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
 * c one within {1, a, b}, each up to sign as in three()) and a last adder
 * that uses c (one that does not is a graph of three).  When c does not
 * use b either, c is in C0 = A({1, a}) and the last adder must use b
 * (else {1, a, c} makes q with three, which three() has ruled out: call
 * this after it): q = A(b, c) is found by solving for the unshifted one
 * and looking it up.  Keeps the best in *best (better() on t) and returns
 * 1 if one within depth dmax beat it.  About 20 ms at 24 bits, 0.1 s at
 * 32 and 1 s at 64 (idle). */
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
static void four_cached(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax)
{
	if (c->four_m == m && c->four_q == q && c->four_dmax == dmax)
		return;
	graph_init(&c->four_g, m);
	c->four_g.n = MCM_MAX_NODES + 1;
	four(q, m, dmax, NULL, &c->four_g);
	c->four_q = q;
	c->four_m = m;
	c->four_dmax = dmax;
}

/* The best graph for odd q mod 2^m within depth dmax, ties ranked by
 * target t (NULL: depth): the exact search if `exact` (its lower bound
 * into *lb), then the heuristic, which works mod 2^m and may
 * beat the integer bound (1257 mod 2^12: 3, lb 4), so it always runs. */
static void search(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                  int exact, const mcm_opts *o, const mcm_target *t,
                  mcm_graph *g, int *lb)
{
	mcm_graph h;

	graph_init(g, m);
	g->n = MCM_MAX_NODES + 1;     /* nothing yet */
	c->target = t;
	if (exact) {
		exact_ready(c, m + 1);
		*lb = exact_search(c, q, m, dmax, g);
	} else if (!o->quick) {
		small_part(c, q, m, dmax, g);
	}
	c->quick = o->quick;
	heur_ready(c);
	memo_reset(c);
	solve(c, q, m, dmax, 0, &h);
	polish(&h, q, m, dmax, o->quick, t);
	if (better(&h, g, t))
		*g = h;
	/* the heuristic misses a few three-adder graphs that wrap: every
	 * graph of at most three is tried, which also proves four minimal */
	if (!o->quick && g->n >= 3)
		three(q, m, dmax, t, g);
	/* and on small words every graph of four, which proves five: once
	 * per mcm_solve (the generic pass: a target's pass keeps the better
	 * graph on it, never more adders), for a result of five only (a
	 * search of about 0.1 s at 24 bits; a 4-adder graph where the
	 * heuristic needs 6 is rare), and not under a depth bound that
	 * leaves some graphs of four out anyway */
	if (!o->quick && !t && dmax >= 4 &&
	    (c->prove ? g->n >= 5 : g->n == 5 && m <= MCM_WRAP_BITS)) {
		four_cached(c, q, m, dmax);
		if (c->four_g.n <= MCM_MAX_NODES && better(&c->four_g, g, t))
			*g = c->four_g;
		c->four_done = 1;
	}
}

/* A negated result whose last node is an addition with an operand that
 * is a subtraction used nowhere else: -(A + B) = (-B) - A, and -B is B's
 * subtraction with its operands swapped, so the negation is gone at the
 * same adder count (0x98418117 on 32 bits).  Kept only when the cycles
 * on t (generic when NULL) do not grow: on arm64 and x86-64 which
 * operand a shift sits on decides whether it is free. */
static void push_negation(mcm_graph *g, const mcm_target *t)
{
	const mcm_node *o = &g->node[g->out];
	unsigned side, i;

	if (!g->out_neg || g->out == 0 || o->op != MCM_ADD || o->a == o->b)
		return;
	for (i = 1; i <= g->n; i++)
		if (i != g->out && (g->node[i].a == g->out || g->node[i].b == g->out))
			return;
	if (!t)
		t = mcm_target_find("generic");
	for (side = 0; side < 2; side++) {
		unsigned k = side ? o->a : o->b, j;
		mcm_graph h;
		mcm_node *ch, *out;
		mcm_cost kg, kh;
		unsigned char u, su;

		if (k == 0 || g->node[k].op != MCM_SUB)
			continue;
		for (j = 1; j <= g->n; j++)
			if (j != g->out && (g->node[j].a == k || g->node[j].b == k))
				break;
		if (j <= g->n)
			continue;
		h = *g;
		ch = &h.node[k];
		u = ch->a, su = ch->sa;
		ch->a = ch->b, ch->sa = ch->sb;
		ch->b = u, ch->sb = su;
		ch->v = node_val(ch, &h);
		out = &h.node[h.out];
		if (side) {   /* A flipped: (-A) - B */
			out->op = MCM_SUB;
		} else {      /* B flipped: (-B) - A, operands swapped */
			u = out->a, su = out->sa;
			out->a = out->b, out->sa = out->sb;
			out->b = u, out->sb = su;
			out->op = MCM_SUB;
		}
		for (j = k; j <= h.n; j++)
			h.node[j].v = node_val(&h.node[j], &h);
		h.out_neg = 0;
		mcm_cost_of(g, t, &kg);
		mcm_cost_of(&h, t, &kh);
		if (kh.cycles <= kg.cycles) {
			*g = h;
			return;
		}
	}
}

/* Lower bounds proven offline by tools/mcm5 (a complete search of every
 * graph of at most five adders mod 2^m; its run and result are in
 * doc/mcm5.md): odd q up to sign, the word of its odd part, the bound. */
static const struct {
	uint64_t q;
	unsigned m, lb;
} offline[] = {
	{ 0x61C88647, 32, 6 },   /* and 0x9E3779B9 = -0x61C88647 */
};

static unsigned offline_bound(uint64_t q, unsigned m)
{
	uint64_t nq = (0 - q) & mask_of(m);
	size_t i;

	for (i = 0; i < sizeof offline / sizeof offline[0]; i++)
		if (offline[i].m == m && (offline[i].q == q || offline[i].q == nq))
			return offline[i].lb;
	return 0;
}

/* A negated result, folded into the graph: store some nodes negated.
 * Node k = (a << sa) +- (b << sb) becomes, with sign s_k on every node
 * (s_0 = +1 for x; s_out = -1 removes the negation),
 *     s_k v_k = (s_k s_a) (a' << sa) + (+-s_k s_b) (b' << sb),
 * an addition when both coefficients are +1, a subtraction in one order
 * or the other when one is -1; when both are -1 another A-operation of
 * the nodes before it may make -v_k (mod 2^m, m the word less the
 * output shift: -3 = 1 - (1 << 2) where 3 = (1 << 1) + 1), or the
 * pattern fails.  The sign patterns are walked depth first, node by node
 * (a node that cannot be made ends the branch; negated first, since
 * negating every node works unless a node adds x to a shifted x), within
 * a budget of FLIP_STEPS nodes built and FLIP_LEAVES complete patterns;
 * of the complete ones within depth dmax the fewest cycles on t
 * (generic when NULL) is kept, when not more than with the negation (on
 * x86-64 and arm64 which operand a shift sits on decides whether it is
 * free).  The adder count never changes. */
#define FLIP_STEPS 20000
#define FLIP_LEAVES 64

typedef struct flip {
	const mcm_graph *g;
	const mcm_target *t;
	unsigned m, dmax;
	long steps, leaves;
	int have;
	unsigned long best_cycles;
	mcm_graph best;
} flip;

static void flip_walk(flip *f, mcm_graph *h, int *sg, unsigned k)
{
	const mcm_graph *g = f->g;
	int s;

	if (k > g->n) {
		mcm_cost kh;
		if (graph_depth(h) > f->dmax)
			return;
		f->leaves++;
		h->out_neg = 0;
		mcm_cost_of(h, f->t, &kh);
		if (kh.cycles <= f->best_cycles &&
		    (!f->have || kh.cycles < f->best_cycles ||
		     graph_depth(h) < graph_depth(&f->best))) {
			f->best = *h;
			f->best_cycles = kh.cycles;
			f->have = 1;
		}
		return;
	}
	for (s = -1; s <= 1; s += 2) {
		const mcm_node *n = &g->node[k];
		mcm_node *o = &h->node[k];
		int ca, cb;

		if ((k == g->out && s > 0) || f->steps >= FLIP_STEPS ||
		    f->leaves >= FLIP_LEAVES)
			continue;
		f->steps++;
		sg[k] = s;
		*o = *n;
		ca = s * sg[n->a];
		cb = s * sg[n->b] * (n->op == MCM_SUB ? -1 : 1);
		if (ca < 0 && cb < 0) {
			mcm_node nd;
			if (!find_aop(h, k - 1, s > 0 ? n->v : 0 - n->v, f->m, &nd))
				continue;
			o->a = nd.a, o->sa = nd.sa;
			o->b = nd.b, o->sb = nd.sb;
			o->op = nd.op;
		} else if (ca > 0) {
			o->op = cb > 0 ? MCM_ADD : MCM_SUB;
		} else {          /* b' - a' */
			o->a = n->b, o->sa = n->sb;
			o->b = n->a, o->sb = n->sa;
			o->op = MCM_SUB;
		}
		o->v = node_val(o, h);
		o->depth = (unsigned char)(1 + (h->node[o->a].depth >
		           h->node[o->b].depth ? h->node[o->a].depth :
		           h->node[o->b].depth));
		flip_walk(f, h, sg, k + 1);
	}
}

/* Returns 1 if the negation is gone. */
static int flip_signs(mcm_graph *g, unsigned dmax, const mcm_target *t)
{
	flip f;
	mcm_cost kg;
	mcm_graph h;
	int sg[MCM_MAX_NODES + 1];

	if (!g->out_neg || g->out == 0 || g->out != g->n)
		return 0;
	memset(&f, 0, sizeof f);
	f.g = g;
	f.t = t ? t : mcm_target_find("generic");
	f.m = g->bits - g->out_shift;
	f.dmax = dmax;
	mcm_cost_of(g, f.t, &kg);
	f.best_cycles = kg.cycles;
	h = *g;
	sg[0] = 1;
	flip_walk(&f, &h, sg, 1);
	if (f.have)
		*g = f.best;
	return f.have;
}

int mcm_solve(mcm_ctx *c, uint64_t p, unsigned bits, const mcm_opts *o,
              mcm_graph *g, mcm_result *r, cfx_err *e)
{
	static const mcm_opts none;
	uint64_t q;
	unsigned z, m, dmax, ld;
	int lb = -1, exact;

	assert(c && g && bits >= 1 && bits <= 64);
	if (!o)
		o = &none;
	if (o->exact && bits > MCM_EXACT_BITS)
		return cfx_err_set(e, CFX_ELIMIT, -1, NULL, "the exact search "
		                   "works on words of at most %d bits, not %u",
		                   MCM_EXACT_BITS, bits);
	p &= mask_of(bits);
	graph_init(g, bits);
	memset(r, 0, sizeof *r);
	if (!p) {
		g->zero = 1;
		r->exact = r->exact_wrap = 1;   /* lb_wrap 0 */
		return 0;
	}
	z = (unsigned)__builtin_ctzll(p);
	m = bits - z;
	q = p >> z;
	dmax = o->max_depth ? o->max_depth : NO_DEPTH;
	ld = least_depth(q, m);
	if (dmax < ld)
		return cfx_err_set(e, CFX_EDOMAIN, -1, NULL, "no sequence for this "
		                   "constant has depth below %u", ld);
	r->naf_adders = naf_weight64(q, m) - 1;
	c->four_done = 0;
	/* the search ranks equal adder counts by the target's cycles, which
	 * steers the heuristic elsewhere and can cost an adder: the generic
	 * search runs too, and the better of the two on the target is kept */
	exact = (o->exact || !o->quick) && bits <= MCM_EXACT_BITS;
	search(c, q, m, dmax, exact, o, NULL, g, &lb);
	if (o->target) {
		mcm_graph h;
		search(c, q, m, dmax, exact, o, o->target, &h, &lb);
		if (better(&h, g, o->target))
			*g = h;
	}
	assert(g->n <= MCM_MAX_NODES);
	prune(g);
	g->bits = bits;
	g->out_shift = z;
	if (!flip_signs(g, dmax, o->target))
		push_negation(g, o->target);
	r->adders = g->n;
	r->depth = graph_depth(g);
	/* three() tried every graph of at most three adders (all of depth
	 * <= 3) unless quick: then four is minimal too; four() every graph
	 * of four (depth <= 4) on small words: then five */
	r->lb_wrap = lb_small(q, m);
	if (g->n >= 4 && !o->quick && dmax >= 3)
		r->lb_wrap = 4;
	if (g->n >= 5 && c->four_done)
		r->lb_wrap = 5;
	if (offline_bound(q, m) > r->lb_wrap) {
		r->lb_wrap = offline_bound(q, m);
		r->offline = 1;
	}
	r->exact_wrap = g->n <= r->lb_wrap;
	r->exact = r->exact_wrap || (lb >= 0 && g->n == (unsigned)lb);
	assert(mcm_check(g, p));
	return 0;
}

int mcm_adders(mcm_ctx *c, uint64_t p, unsigned bits, int exact,
               unsigned *depth, int *is_exact, cfx_err *e)
{
	mcm_opts o = { 0, exact, !exact, NULL };
	mcm_graph g;
	mcm_result r;

	if (mcm_solve(c, p, bits, &o, &g, &r, e) < 0)
		return -1;
	if (depth)
		*depth = r.depth;
	if (is_exact)
		*is_exact = r.exact;
	return (int)r.adders;
}

/* ---- cost model ------------------------------------------------------------ */

/* Cycle figures are estimates from vendors' latency tables, for the
 * comparison the report makes, not a simulation.  The last six fields
 * price words wider than a register (mcm.h); the 64-bit machines never
 * use them. */
static const mcm_target targets[] = {
	{ "generic", "a notional machine: every add, subtract and shift one "
	  "cycle, a 3-cycle multiply", 1, 1, 0, 0, 0, 3, 3, "multiply", 0,
	  NULL, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "x86-64", "a recent out-of-order x86-64: add, sub, shl and a "
	  "two-operand lea 1 cycle, lea folds a shift by 1-3 into an add, "
	  "imul 3", 1, 1, 0, 3, 0, 3, 3, "imul", 0, NULL, 64, 0, 0, 0, 0, 0,
	  0, 0, 0, 0 },
	{ "arm64", "a Cortex-A72 class core: add and sub take a shifted "
	  "operand for free, mul 3 cycles (4 for 64 bits)", 1, 1, 0, 63, 63, 3,
	  4, "mul", 0, NULL, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	/* 64-bit words in register pairs: add, sltu, add, add (4); a shift
	 * by k < 32: slli, srli, or, slli (4); by k >= 32: slli (or mv),
	 * li 0 (2) */
	{ "rv32i", "RV32I without the M extension, single issue: every "
	  "instruction one cycle, a 64-bit add 4 (add, sltu, add, add), a "
	  "64-bit shift 4 (2 by 32 or more), no multiply instruction (a "
	  "__mulsi3 loop, about 100 cycles; __muldi3 about 400)", 1, 1, 0, 0,
	  0, 100, 400, "__mulsi3 call", 1, "__muldi3 call", 32, 4, 4, 0, 0, 2,
	  0, 0, 0, 0 },
	/* a shift by k: lsl.l #k (8 + 2k) for k <= 8, else moveq #k then
	 * lsl.l Dn (4 + 8 + 2k); by 16 and more swap, clr.w (8) and the
	 * rest, when that is less.  64-bit words in register pairs: add.l,
	 * addx.l (16); a shift by k < 32: move.l, lsr.l #32-k, lsl.l #k,
	 * or.l, lsl.l #k (100 + 2k, and a moveq for each count above 8) or k
	 * times add.l, addx.l (16k); by k >= 32: move.l, moveq #0 (8) and a
	 * shift by k - 32 when k > 32 */
	{ "m68k", "a 68000, one instruction at a time: add.l 8 cycles, lsl.l "
	  "#k 8+2k for k up to 8, a larger k loaded with moveq (4 more), by "
	  "16 or more swap and clr.w (8) and the rest when that is less, a "
	  "64-bit add 16 (add.l, addx.l), a 64-bit shift by k "
	  "the less of 16k and 100+2k (8 more with both counts above 8; 8 "
	  "and a shift by k-32 by 32 or more), no 32-bit "
	  "multiply (three mulu.w and adds, about 250 cycles; about 1000 for "
	  "64 bits)", 8, 8, 2, 0, 0, 250, 1000, "mulu.w-based multiply", 1,
	  NULL, 32, 16, 100, 2, 16, 8, 1, 8, 4, 8 },
};
#define NTARGETS (sizeof targets / sizeof targets[0])

const mcm_target *mcm_target_find(const char *name)
{
	size_t i;

	for (i = 0; i < NTARGETS; i++)
		if (!strcmp(targets[i].name, name))
			return &targets[i];
	return NULL;
}

const char *mcm_target_names(void)
{
	return MCM_TARGET_NAMES;
}

/* Is the shift of node n's shifted operand free on t? */
static int shift_free(const mcm_node *n, const mcm_target *t)
{
	if (n->op == MCM_ADD)
		return (n->sa ? n->sa : n->sb) <= t->free_add;
	return n->sb > 0 && n->sb <= t->free_sub;
}

/* Cycles of an add, subtract or negate of a bits-wide word on t. */
static unsigned long add_cycles(const mcm_target *t, unsigned bits)
{
	return bits > t->word ? t->add2 : t->add;
}

/* Cycles of a shift of a one-register word by k (1 <= k < t->word). */
static unsigned long reg_shift(const mcm_target *t, unsigned k)
{
	unsigned long c = t->shift + (unsigned long)t->shift_bit * k;

	if (t->imm_max && k > t->imm_max)
		c += t->count_load;
	if (t->swap16 && k >= 16) {
		unsigned long s = t->swap16 + (k > 16 ? reg_shift(t, k - 16) : 0);
		if (s < c)
			c = s;
	}
	return c;
}

/* Cycles of a shift instruction (or sequence) by k of a bits-wide word. */
static unsigned long shift_cycles(const mcm_target *t, unsigned bits,
                                  unsigned k)
{
	unsigned long c, w = t->word;

	if (bits <= w)
		return reg_shift(t, k);
	if (k >= w)
		return t->shift2_hi + (k > w && t->hi_shift
		                       ? reg_shift(t, k - (unsigned)w) : 0);
	c = t->shift2 + (unsigned long)t->shift2_bit * k;
	if (t->imm_max)   /* the counts word - k and k, each loaded if large */
		c += t->count_load * ((w - k > t->imm_max) + (k > t->imm_max));
	if (t->shift2_step && (unsigned long)t->shift2_step * k < c)
		c = (unsigned long)t->shift2_step * k;
	return c;
}

/* The distinct shifted values of a graph, and whether each is paid. */
typedef struct shifted_set {
	struct { unsigned from, k; int paid; } v[MCM_MAX_NODES + 1];
	unsigned n;
} shifted_set;

/* Note a use of (from << k), free or not; returns the cycles it adds to
 * the instruction count: a shift the first time it must be issued. */
static unsigned long shifted_use(shifted_set *s, unsigned from, unsigned k,
                                 int free, unsigned long sc)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].from == from && s->v[i].k == k)
			break;
	if (i == s->n) {
		assert(s->n <= MCM_MAX_NODES);
		s->v[s->n].from = from;
		s->v[s->n].k = k;
		s->v[s->n++].paid = 0;
	}
	if (free || s->v[i].paid)
		return 0;
	s->v[i].paid = 1;
	return sc;
}

void mcm_cost_of(const mcm_graph *g, const mcm_target *t, mcm_cost *k)
{
	unsigned long lat[MCM_MAX_NODES + 1], serial = 0, end, ac;
	shifted_set set;
	unsigned i;

	assert(g && t && k);
	memset(k, 0, sizeof *k);
	k->mul_cycles = g->bits > 32 ? t->mul64 : t->mul32;
	if (g->zero)
		return;
	ac = add_cycles(t, g->bits);
	set.n = 0;
	lat[0] = 0;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		unsigned sh = n->sa ? n->sa : n->sb, from = n->sa ? n->a : n->b;
		unsigned long la = lat[n->a], lb = lat[n->b];

		k->adds += n->op == MCM_ADD;
		k->subs += n->op == MCM_SUB;
		if (sh) {
			unsigned long sc = shift_cycles(t, g->bits, sh);
			int free = shift_free(n, t);
			serial += shifted_use(&set, from, sh, free, sc);
			if (!free) {
				if (n->sa)
					la += sc;
				else
					lb += sc;
			}
		}
		serial += ac;
		lat[i] = (la > lb ? la : lb) + ac;
	}
	end = lat[g->out];
	if (g->out_shift) {
		unsigned long sc = shift_cycles(t, g->bits, g->out_shift);
		serial += shifted_use(&set, g->out, g->out_shift, 0, sc);
		end += sc;
	}
	if (g->out_neg) {
		k->negations = 1;
		end += ac;
		serial += ac;
	}
	k->shifts = set.n;
	for (i = 0; i < set.n; i++)
		k->free_shifts += !set.v[i].paid;
	k->adders = k->adds + k->subs;
	k->depth = g->node[g->out].depth;
	k->cycles = t->serial ? serial : end;
}

/* ---- output ------------------------------------------------------------------ */

/* Is g a chain hash = hash +- (x << e), e rising (the NAF's shape)? */
static int is_chain(const mcm_graph *g)
{
	unsigned i, e = 0;

	if (g->n == 0 || g->out != g->n || g->out_neg)
		return 0;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		if (n->a != i - 1 || n->sa || n->b != 0 || n->sb <= e)
			return 0;
		e = n->sb;
	}
	return 1;
}

/* Operand k shifted by sh; widen: x is narrower than int and must be
 * widened before a shift (C would promote it to a signed int). */
static void operand(struct buf *b, unsigned k, unsigned sh, unsigned out,
                    int widen)
{
	char name[16];

	if (k == 0 && sh && widen)
		snprintf(name, sizeof name, "(uint32_t)x");
	else if (k == 0)
		snprintf(name, sizeof name, "x");
	else if (k == out)
		snprintf(name, sizeof name, "hash");
	else
		snprintf(name, sizeof name, "t%u", k);
	if (sh)
		buf_printf(b, "(%s << %u)", name, sh);
	else
		buf_printf(b, "%s", name);
}

static void body(struct buf *b, const mcm_graph *g, const char *ind,
                 int widen)
{
	unsigned i, e = 0;

	if (g->zero) {
		buf_printf(b, "%shash = 0;\n", ind);
		return;
	}
	if (is_chain(g)) {
		buf_printf(b, "%sn = x;\n%shash = n;\n", ind, ind);
		for (i = 1; i <= g->n; i++) {
			buf_printf(b, "%sn <<= %u;\n", ind, g->node[i].sb - e);
			buf_printf(b, "%shash %s= n;\n", ind,
			    g->node[i].op == MCM_ADD ? "+" : "-");
			e = g->node[i].sb;
		}
	} else if (g->out == 0) {
		buf_printf(b, "%shash = x;\n", ind);
	} else {
		for (i = 1; i <= g->n; i++) {
			const mcm_node *n = &g->node[i];
			buf_printf(b, "%s%s", ind, i == g->out ? "hash" : "");
			if (i != g->out)
				buf_printf(b, "t%u", i);
			buf_printf(b, " = ");
			operand(b, n->a, n->sa, g->out, widen);
			buf_printf(b, " %c ", n->op == MCM_ADD ? '+' : '-');
			operand(b, n->b, n->sb, g->out, widen);
			buf_printf(b, ";\n");
		}
	}
	if (g->out_shift)
		buf_printf(b, "%shash <<= %u;\n", ind, g->out_shift);
	if (g->out_neg)
		buf_printf(b, "%shash = -hash;\n", ind);
}

char *mcm_emit_body(const mcm_graph *g, const char *indent)
{
	struct buf b = { 0 };

	body(&b, g, indent, 0);
	return buf_take(&b);
}

char *mcm_emit_c(const mcm_graph *g, const char *hex)
{
	struct buf b = { 0 };
	unsigned t = word_c_bits(g->bits);
	unsigned w = t < 32 ? 32 : t, i;   /* no promotion to int */
	mcm_cost k;

	mcm_cost_of(g, &targets[0], &k);
	buf_printf(&b, "/*\n * x * %s mod 2^%u without a multiply (generated by cfx "
	    "shifts --optimal):\n * %u adder%s (%u addition%s, %u subtraction%s"
	    "), %u shift%s, depth %u%s.\n */\n", hex, g->bits, k.adders,
	    k.adders == 1 ? "" : "s", k.adds, k.adds == 1 ? "" : "s", k.subs,
	    k.subs == 1 ? "" : "s", k.shifts, k.shifts == 1 ? "" : "s", k.depth,
	    k.negations ? ", 1 negation" : "");
	buf_printf(&b, "#include <stdint.h>\n\n");
	buf_printf(&b, "uint%u_t cfx_mul_shift_add(uint%u_t x)\n{\n", t, t);
	buf_printf(&b, "\tuint%u_t hash", w);
	if (is_chain(g))
		buf_printf(&b, ", n");
	else
		for (i = 1; i <= g->n; i++)
			if (i != g->out)
				buf_printf(&b, ", t%u", i);
	buf_printf(&b, ";\n\n");
	body(&b, g, "\t", t < w);
	if (g->bits != w)
		buf_printf(&b, "\treturn hash & 0x%llxu;\n}\n",
		    (unsigned long long)mask_of(g->bits));
	else
		buf_printf(&b, "\treturn hash;\n}\n");
	return buf_take(&b);
}
