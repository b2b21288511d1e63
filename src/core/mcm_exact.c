/*
 * mcm_exact.c - the exact search over the integers below the table's
 * bound (mcm.c layer 1): a constant of cost <= 4 from the table, one of
 * five by patterns (an A-operation of two table values, a product), by
 * the heuristic kept when it does not wrap, and last by the complete test
 * of every five-adder graph (five_full), so the count is 5 proven, or at
 * least 6 proven; mcm_cost_table; the integer search of a wider word's
 * small odd part (small_part).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

/* ---- exact search (integers below the table's bound) ------------------ */

/* Make sure the exact table covers values below 2^bits. */
void mcm_exact_ready(mcm_ctx *c, unsigned bits)
{
	if (bits < 3)
		bits = 3;
	if (c->exact.cost && c->exact.bits >= bits)
		return;
	mcm_table_build(&c->exact, bits, 4);
	mcm_table_cheap(&c->exact);
}

/* The graph for u (table) and v (table) and then r from them. */
static int pair_graph(const table *t, uint64_t u, uint64_t v, uint64_t r,
                      mcm_graph *g)
{
	mcm_graph h;
	unsigned map[MCM_MAX_NODES + 1];
	mcm_node nd;

	if (mcm_graph_of_table(t, u, g, 64) < 0 || mcm_graph_of_table(t, v, &h, 64) < 0 ||
	    mcm_graph_merge(g, &h, 0, map) < 0 || !mcm_find_aop(g, g->n, r, 64, &nd) ||
	    mcm_graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
		return -1;
	g->out = (unsigned)mcm_graph_find(g, r);
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
		    mcm_table_cost(t, r / v) <= 5 - cv) {
			mcm_graph h;
			unsigned map[MCM_MAX_NODES + 1];
			mcm_graph_of_table(t, r / v, g, 64);
			mcm_graph_of_table(t, v, &h, 64);
			if (mcm_graph_merge(g, &h, g->out, map) == 0) {
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
			if (mcm_table_cost(t, u[k]) <= budget &&
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
				if (mcm_table_cost(t, w[k]) <= budget &&
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

/* The graph computing vals[0..k-1] in turn, each an A-operation of those
 * before it. */
static int graph_of_chain(const uint64_t *vals, int k, mcm_graph *g)
{
	int i;

	mcm_graph_init(g, 64);
	for (i = 0; i < k; i++) {
		mcm_node nd;
		if (!mcm_find_aop(g, g->n, vals[i], 64, &nd) ||
		    mcm_graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
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
	n1 = mcm_aop_all(1, 1, lim, f1);
	for (i = 0; i < n1 && !found; i++) {
		uint64_t a = f1[i];
		size_t n2 = mcm_second_level(f1, n1, a, lim, f2);
		for (j = 0; j < n2 && !found; j++) {
			uint64_t b = f2[j], R[3] = { 1, a, b }, vals[5];
			size_t ns = 0, x, y;

			if (b == a || b == 1)
				continue;
			for (x = 0; x < 3; x++)
				for (y = x; y < 3; y++)
					ns += mcm_aop_all(R[x], R[y], lim, s2 + ns);
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
							nd2 = mcm_aop_all(cc, R[q], lim, ds);
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
	int k = mcm_table_cost(&c->exact, r);

	*found = 0;
	if (k != UNKNOWN) {
		*found = mcm_graph_of_table(&c->exact, r, g, 64) == 0;
		return k;
	}
	*found = five(c, r, 1, g) == 0 || five(c, r, 2, g) == 0 ||
	         mcm_heur_integer(c, r, g) == 0 || five_full(c, r, g);
	return *found ? 5 : 6;   /* five_full is exhaustive */
}

unsigned char *mcm_cost_table(mcm_ctx *c, unsigned bits)
{
	uint64_t v, lim = (uint64_t)1 << bits;
	unsigned char *out;

	assert(bits >= 1 && bits <= MCM_EXACT_BITS + 1);
	mcm_exact_ready(c, bits + 1);
	out = xmalloc(lim > 1 ? lim >> 1 : 1, "cost table");
	for (v = 1; v < lim; v += 2) {
		mcm_graph g;
		int found, lb = exact_one(c, v, &g, &found);
		out[v >> 1] = found ? (unsigned char)lb : UNKNOWN;
	}
	return out;
}

/* ---- the search ------------------------------------------------------------ */

/* The exact search for odd q mod 2^m (m <= MCM_EXACT_BITS): the better of
 * q and -q = 2^m - q (negated).  Returns the lower bound; *g the best
 * graph found (n = MCM_MAX_NODES + 1 if none within 5). */
int mcm_exact_search(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                        mcm_graph *best)
{
	uint64_t reps[2] = { q, ((uint64_t)1 << m) - q };
	int r, lb = 99;

	mcm_graph_init(best, m);
	best->n = MCM_MAX_NODES + 1;
	for (r = 0; r < 2; r++) {
		mcm_graph g;
		int found, k = exact_one(c, reps[r], &g, &found);
		if (k < lb)
			lb = k;
		if (found && mcm_graph_depth(&g) <= dmax)
			mcm_offer(c, &g, m, r, best);
	}
	return lb;
}

/* On a word past MCM_EXACT_BITS, q or -q mod 2^m may still be a small
 * integer (702165 on 32 bits; 5 x 140433, 5 adders where the heuristic
 * finds 6): its exact integer graph (at most 5 adders below 2^19, one
 * value of 6 below 2^20) bounds the count mod 2^m.  Into *best when
 * better. */
void mcm_small_part(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
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
		mcm_exact_ready(c, L + 1);
		exact_one(c, reps[r], &g, &found);
		if (found && mcm_graph_depth(&g) <= dmax)
			mcm_offer(c, &g, m, r, best);
	}
}
