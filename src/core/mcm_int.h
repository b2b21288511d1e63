/*
 * mcm_int.h - what the files of the shift/add search share (private to
 * src/core/mcm*.c; the interface is include/cfx/mcm.h).
 *
 * The search is split at its seams:
 *   mcm.c        the search of one constant (mcm_solve): the exact paths,
 *                the heuristic, the small exact searches and the bounds,
 *                put together; the design is explained there
 *   mcm_table.c  integers below a bound: the tables of the cost of every
 *                odd value four adders reach, with witnesses
 *   mcm_exact.c  the exact search over the integers: the tables, then
 *                patterns and the complete five-adder test
 *                (mcm_cost_table)
 *   mcm_graph.c  graphs (adding a node, merging, finding an A-operation),
 *                the NAF chain, how results are ranked (mcm_eval,
 *                mcm_check)
 *   mcm_heur.c   the heuristic mod 2^m (decompositions, memo) and the
 *                polish of its last steps
 *   mcm_small.c  every graph of at most three adders mod 2^m, and of
 *                four (mcm_small)
 *   mcm_four.c   whether a graph of four can exist: a fast exhaustive
 *                test run before four() of mcm_small.c
 *   mcm_top.c    one family of five-adder graphs (a node of the bottom
 *                reused at the top), sought when the heuristic found six
 *   mcm_cse.c    the NAF with its common sub-expressions made once
 *                (Hartley), a candidate of the heuristic
 *   mcm_cost.c   the targets and their cost model (mcm_cost_of)
 *   mcm_emit.c   the graph written as C (mcm_emit_body, mcm_emit_c)
 * Calls run down this list's dependencies without a circle (the layers
 * test checks it): mcm.c uses all; mcm_exact.c the heuristic, the tables
 * and the graphs; mcm_heur.c and mcm_small.c the tables and the graphs
 * (mcm_heur.c also mcm_cse.c, which uses the graphs; mcm_small.c also
 * mcm_four.c, which uses nothing); mcm_top.c the graphs; mcm_table.c
 * the graphs; mcm_graph.c and mcm_emit.c the cost model.
 */
#ifndef CFX_CORE_MCM_INT_H
#define CFX_CORE_MCM_INT_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/mcm.h"

#define TAB_MAX_BITS (MCM_EXACT_BITS + 2)   /* table bound at most 2^21 */
#define HEUR_BITS 20                        /* heuristic table: 2^20 */
#define UNKNOWN 255
#define TOP_BITS 32                         /* mcm_top_five: words up to */

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
	int no_cse;             /* mcm_set_cse(c, 0) */
	int four_done;          /* this mcm_solve tried every graph of four */
	uint64_t four_q;        /* the last four(): q, m, dmax and the best */
	unsigned four_m, four_dmax;   /* graph (n > MCM_MAX_NODES: none), */
	mcm_graph four_g;       /* as the searches of one constant for */
	                        /* several targets ask it again */
};

/* A term sign * (node << e) of a partial sum. */
typedef struct term {
	unsigned node, e;
	int sign;
} term;

/* A small set of values (mod 2^64), cleared by a new generation. */
#define SET_BITS 12
typedef struct vset {
	uint64_t v[1 << SET_BITS];
	uint32_t gen[1 << SET_BITS];
	uint32_t now;
} vset;

#define NO_DEPTH 255

static inline uint64_t mask_of(unsigned m)
{
	return m >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << m) - 1;
}

static inline unsigned bitlen(uint64_t v)
{
	return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

/* Inverse of odd f mod 2^64 (Newton: each step doubles the bits). */
static inline uint64_t inv_odd(uint64_t f)
{
	uint64_t x = f;   /* right to 3 bits */
	int i;

	for (i = 0; i < 5; i++)
		x *= 2 - f * x;
	return x;
}

static inline void vset_add(vset *s, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - SET_BITS));

	while (s->gen[i] == s->now && s->v[i] != v)
		i = (i + 1) & ((1 << SET_BITS) - 1);
	s->gen[i] = s->now;
	s->v[i] = v;
}

static inline int vset_has(const vset *s, uint64_t v)
{
	size_t i = (size_t)((v * 0x9e3779b97f4a7c15u) >> (64 - SET_BITS));

	while (s->gen[i] == s->now) {
		if (s->v[i] == v)
			return 1;
		i = (i + 1) & ((1 << SET_BITS) - 1);
	}
	return 0;
}

/* mcm_graph.c: graphs, the NAF chain, the ranking of results */
void mcm_absorb_negation(mcm_graph *g);
int mcm_better(const mcm_graph *a, const mcm_graph *b, const mcm_target *t);
int mcm_find_aop(const mcm_graph *g, unsigned upto, uint64_t v,
                 unsigned bits, mcm_node *nd);
int mcm_graph_add(mcm_graph *g, unsigned a, unsigned sa, unsigned b,
                  unsigned sb, int op);
unsigned mcm_graph_depth(const mcm_graph *g);
int mcm_graph_find(const mcm_graph *g, uint64_t v);
void mcm_graph_init(mcm_graph *g, unsigned bits);
int mcm_graph_merge(mcm_graph *g, const mcm_graph *h, unsigned in,
                    unsigned *map);
int mcm_join2(mcm_graph *g, unsigned a, unsigned sha, int sa, unsigned b,
              unsigned shb, int sb, int *neg);
unsigned mcm_least_depth(uint64_t t, unsigned m);
void mcm_naf_graph(mcm_graph *g, uint64_t t, unsigned m, int tree);
unsigned mcm_naf_digits(uint64_t t, unsigned m, unsigned *exps, int *sign);
unsigned mcm_naf_weight64(uint64_t t, unsigned m);
uint64_t mcm_node_val(const mcm_node *n, const mcm_graph *g);
void mcm_offer(const mcm_ctx *c, mcm_graph *g, unsigned m, int neg,
               mcm_graph *best);
int mcm_ranked(const mcm_graph *a, const mcm_graph *b, const mcm_target *t,
               int sign_free);
unsigned mcm_shift_to(uint64_t a, uint64_t d, unsigned bits, uint64_t mask);

/* mcm_table.c: the tables of what four adders reach, as integers */
void mcm_table_free(table *t);
int mcm_graph_of_table(const table *t, uint64_t v, mcm_graph *g,
                       unsigned bits);
void mcm_table_build(table *t, unsigned bits, int levels);
void mcm_table_cheap(table *t);
int mcm_table_cost(const table *t, uint64_t v);
size_t mcm_aop_all(uint64_t u, uint64_t w, uint64_t lim, uint64_t *out);
size_t mcm_second_level(const uint64_t *f1, size_t n1, uint64_t a,
                        uint64_t lim, uint64_t *f2);

/* mcm_heur.c: the heuristic mod 2^m and the polish */
void mcm_heur_ready(mcm_ctx *c);
void mcm_memo_reset(mcm_ctx *c);
void mcm_polish(mcm_graph *g, uint64_t t, unsigned m, unsigned dmax,
                int quick, const mcm_target *tg);
void mcm_prune(mcm_graph *g);
void mcm_heur_solve(mcm_ctx *c, uint64_t t, unsigned m, unsigned dmax,
                    unsigned lvl, mcm_graph *best);
int mcm_heur_integer(mcm_ctx *c, uint64_t r, mcm_graph *g);

/* mcm_exact.c: the exact search over the integers */
void mcm_exact_ready(mcm_ctx *c, unsigned bits);
int mcm_exact_search(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                     mcm_graph *best);
void mcm_small_part(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax,
                    mcm_graph *best);

/* mcm_four.c: 0 if no graph of four adders that four() (mcm_small.c)
 * can find makes +-q mod 2^m; 1 if one may */
int mcm_four_possible(uint64_t q, unsigned m);

/* mcm_small.c: every graph of three, and of four, mod 2^m */
void mcm_four_cached(mcm_ctx *c, uint64_t q, unsigned m, unsigned dmax);
unsigned mcm_lb_small(uint64_t q, unsigned m);
int mcm_three(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
              mcm_graph *best);

/* mcm_cse.c: the NAF of odd t mod 2^m with its common sub-expressions
 * made once (Hartley), as a graph into *g */
void mcm_cse_graph(mcm_graph *g, uint64_t t, unsigned m);

/* mcm_top.c: a five-adder graph of its family for odd q mod 2^m within
 * dmax, ranked by t, into *best when it beats it; 1 if one did */
int mcm_top_five(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
                 mcm_graph *best);

#endif
