/*
 * mcm.c - shift/add graphs with few adders (see mcm.h): the search of one
 * constant, mcm_solve, which puts the other files' parts together (their
 * list and who calls whom: mcm_int.h).
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
 *    tried (mcm_three(): the heuristic misses a few that wrap), which also
 *    proves four minimal when none is found.  mcm_three() alone, ranking a
 *    negated result as the result, is mcm_small: search's exact costs
 *    up to three adders.  On words of at most
 *    MCM_WRAP_BITS bits (MCM_FIVE_BITS for search, any word for shifts
 *    --optimal: mcm_set_prove) a result of five is followed by every
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
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

mcm_ctx *mcm_new(void)
{
	return xcalloc(1, sizeof(mcm_ctx), "search context");
}

void mcm_set_prove(mcm_ctx *c, int level)
{
	c->prove = level;
}

void mcm_set_cse(mcm_ctx *c, int on)
{
	c->no_cse = !on;
}

void mcm_free(mcm_ctx *c)
{
	if (!c)
		return;
	mcm_table_free(&c->exact);
	mcm_table_free(&c->heur);
	free(c->memo);
	free(c);
}

static unsigned offline_bound(uint64_t q, unsigned m);

/* The best graph for odd q mod 2^m within depth dmax, ties ranked by
 * target t (NULL: depth): the exact search if `exact` (its lower bound
 * into *lb), then the heuristic, which works mod 2^m and may
 * beat the integer bound (1257 mod 2^12: 3, lb 4), so it always runs. */
static void search(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                  int exact, const mcm_opts *o, const mcm_target *t,
                  mcm_graph *g, int *lb)
{
	mcm_graph h;

	mcm_graph_init(g, m);
	g->n = MCM_MAX_NODES + 1;     /* nothing yet */
	c->target = t;
	if (exact) {
		mcm_exact_ready(c, m + 1);
		*lb = mcm_exact_search(c, q, m, dmax, g);
	} else if (!o->quick) {
		mcm_small_part(c, q, m, dmax, g);
	}
	c->quick = o->quick;
	mcm_heur_ready(c);
	mcm_memo_reset(c);
	mcm_heur_solve(c, q, m, dmax, 0, &h);
	mcm_polish(&h, q, m, dmax, o->quick, t);
	if (mcm_better(&h, g, t))
		*g = h;
	/* the heuristic misses a few three-adder graphs that wrap: every
	 * graph of at most three is tried, which also proves four minimal */
	if (!o->quick && g->n >= 3)
		mcm_three(q, m, dmax, t, g);
	/* and on small words every graph of four, which proves five: once
	 * per mcm_solve (the generic pass: a target's pass keeps the better
	 * graph on it, never more adders), for a result of five only (a 4-adder
	 * graph where the heuristic needs 6 is rare), and not under a depth
	 * bound that leaves some graphs of four out anyway.  Its cost is
	 * mostly mcm_four_possible's exact "none" (callgrind, 2026-12-02:
	 * 51 M instructions at 24 bits for 14709, 109 M at 32 for 14709 and
	 * 0x61C88647, some tens of ms; the 0.1 s once quoted here was the
	 * search before that test); four() runs only on its "maybe" */
	if (!o->quick && !t && dmax >= 4 &&
	    (c->prove == MCM_PROVE_ALL ? g->n >= 5 : g->n == 5 &&
	     m <= (c->prove == MCM_PROVE_FIVE ? MCM_FIVE_BITS :
	           MCM_WRAP_BITS))) {
		mcm_four_cached(c, q, m, dmax);
		if (c->four_g.n <= MCM_MAX_NODES && mcm_better(&c->four_g, g, t))
			*g = c->four_g;
		c->four_done = 1;
	}
	/* shifts --optimal: six or more found, and (when tried) no graph of
	 * four; a family of five-adder graphs the heuristic misses, on words
	 * up to TOP_BITS (mcm_top.c) */
	if (!o->quick && !t && c->prove == MCM_PROVE_ALL && g->n >= 6 &&
	    offline_bound(q, m) < 6)
		mcm_top_five(q, m, dmax, t, g);
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
		ch->v = mcm_node_val(ch, &h);
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
			h.node[j].v = mcm_node_val(&h.node[j], &h);
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
	/* and 0x9E3779B97F4A7C15 = -0x61C8864680B583EB mod 2^64 */
	{ 0x61C8864680B583EBull, 64, 6 },
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
		if (mcm_graph_depth(h) > f->dmax)
			return;
		f->leaves++;
		h->out_neg = 0;
		mcm_cost_of(h, f->t, &kh);
		if (kh.cycles <= f->best_cycles &&
		    (!f->have || kh.cycles < f->best_cycles ||
		     mcm_graph_depth(h) < mcm_graph_depth(&f->best))) {
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
			if (!mcm_find_aop(h, k - 1, s > 0 ? n->v : 0 - n->v, f->m, &nd))
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
		o->v = mcm_node_val(o, h);
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

/* The lower bound of odd q mod 2^m over sequences of any depth, when a
 * depth bound kept the searches from proving it: no graph of three (any
 * depth) proves four; under shifts --optimal (MCM_PROVE_ALL) no graph
 * of four proves five.  found is the adder count of the result. */
static void depth_free_bound(mcm_ctx *c, uint64_t q, unsigned m,
                             unsigned found, mcm_result *r)
{
	mcm_graph t3;

	if (r->lb_wrap < 4) {
		mcm_graph_init(&t3, m);
		t3.n = MCM_MAX_NODES + 1;
		mcm_three(q, m, NO_DEPTH, NULL, &t3);
		if (t3.n <= 3)
			return;
		r->lb_wrap = 4;
	}
	if (found >= 5 && c->prove == MCM_PROVE_ALL) {
		mcm_four_cached(c, q, m, NO_DEPTH);
		if (c->four_g.n > MCM_MAX_NODES)
			r->lb_wrap = 5;
	}
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
	mcm_graph_init(g, bits);
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
	ld = mcm_least_depth(q, m);
	if (dmax < ld)
		return cfx_err_set(e, CFX_EDOMAIN, -1, NULL, "no sequence for this "
		                   "constant has depth below %u", ld);
	r->naf_adders = mcm_naf_weight64(q, m) - 1;
	c->four_done = 0;
	/* the search ranks equal adder counts by the target's cycles, which
	 * steers the heuristic elsewhere and can cost an adder: the generic
	 * search runs too, and the better of the two on the target is kept */
	exact = (o->exact || !o->quick) && bits <= MCM_EXACT_BITS;
	search(c, q, m, dmax, exact, o, NULL, g, &lb);
	if (o->target) {
		mcm_graph h;
		search(c, q, m, dmax, exact, o, o->target, &h, &lb);
		if (mcm_better(&h, g, o->target))
			*g = h;
	}
	assert(g->n <= MCM_MAX_NODES);
	mcm_prune(g);
	g->bits = bits;
	g->out_shift = z;
	if (!flip_signs(g, dmax, o->target))
		push_negation(g, o->target);
	r->adders = g->n;
	r->depth = mcm_graph_depth(g);
	/* mcm_three() tried every graph of at most three adders (all of depth
	 * <= 3) unless quick: then four is minimal too; four() every graph
	 * of four (depth <= 4) on small words: then five */
	r->lb_wrap = mcm_lb_small(q, m);
	if (g->n >= 4 && !o->quick && dmax >= 3)
		r->lb_wrap = 4;
	if (g->n >= 5 && c->four_done)
		r->lb_wrap = 5;
	/* the bound is on every sequence, whatever the depth asked: under
	 * --max-depth below 3 or 4 the searches above left some out, so they
	 * run again without the bound, for the bound only */
	if (!o->quick && dmax < 4 && g->n > r->lb_wrap)
		depth_free_bound(c, q, m, g->n, r);
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
