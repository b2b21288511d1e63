/*
 * mcm_cse.c - the NAF with its common sub-expressions made once (R. I.
 * Hartley, "Subexpression sharing in filters using canonic signed digit
 * multipliers", 1996): one more candidate graph for the heuristic
 * (mcm_heur.c).
 *
 * t = sum of terms s_i (n_i << e_i), at first the NAF's digits (every
 * n_i is x).  A pattern is two terms whose exponents differ by k > 0:
 * the lower (a at e, sign s1), the higher (b at e + k, sign s2); every
 * such pair with the same (a, b, k, s1 s2) is the same pattern, since
 *     s1 (a << e) + s2 (b << (e + k)) = s1 ((a + s1 s2 (b << k)) << e).
 * The pattern found most often (pairs that share no term) becomes one
 * adder node, each of its pairs one term, and again, until no pattern
 * is found twice; the terms left are summed low to high.  Each pattern
 * found c times saves c - 1 adders over the NAF.  The exponents stay
 * distinct (a pair's term sits where its lower term was), so there is
 * at most one term at each exponent.
 *
 * The heuristic splits a constant into a few parts and solves each
 * apart; a pattern repeated across the whole constant is shared only
 * here (0xfff7bffc020009 mod 2^64: 5 adders, 6 before).
 */
#include <stdlib.h>

#include "core/mcm_int.h"

typedef struct cterm {
	unsigned node, e;
	int sign;
} cterm;

/* One pair of terms: lo below hi; key = (k, relative sign, a, b). */
typedef struct pair {
	uint32_t key;
	unsigned char lo, hi;
} pair;

static int pair_cmp(const void *x, const void *y)
{
	const pair *p = x, *q = y;

	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	return (int)p->lo - (int)q->lo;
}

static uint32_t key_of(const cterm *lo, const cterm *hi)
{
	return (uint32_t)(hi->e - lo->e) << 16 |
	       (uint32_t)(lo->sign != hi->sign) << 15 |
	       (uint32_t)lo->node << 7 | (uint32_t)hi->node;
}

/* Pairs [from, to) of one key taken greedily, lowest first (the terms
 * are sorted by exponent), none sharing a term with one taken before:
 * how many, and with apply, each one's lower term made node `at` (its
 * sign flipped by flip) and its higher term dropped (sign 0). */
static unsigned take(const pair *p, size_t from, size_t to, cterm *apply,
                     unsigned at, int flip)
{
	uint64_t u = 0;
	unsigned c = 0;
	size_t i;

	for (i = from; i < to; i++) {
		uint64_t b = (uint64_t)1 << p[i].lo | (uint64_t)1 << p[i].hi;
		if (u & b)
			continue;
		u |= b;
		c++;
		if (apply) {
			apply[p[i].lo].node = at;
			apply[p[i].lo].sign *= flip ? -1 : 1;
			apply[p[i].hi].sign = 0;
		}
	}
	return c;
}

void mcm_cse_graph(mcm_graph *g, uint64_t t, unsigned m)
{
	unsigned exps[65], w, i, j;
	int sg[65];
	cterm tm[65];
	pair pr[33 * 16];   /* w <= 33 terms: w (w - 1) / 2 pairs */

	mcm_graph_init(g, m);
	w = mcm_naf_digits(t, m, exps, sg);
	for (i = 0; i < w; i++)
		tm[i] = (cterm){ 0, exps[i], sg[i] };
	for (;;) {
		size_t np = 0, a, b, best_a = 0, best_b = 0;
		unsigned best = 1, c, n;
		int at, flip;
		const cterm *lo, *hi;

		for (i = 0; i < w; i++)
			for (j = i + 1; j < w; j++)
				pr[np++] = (pair){ key_of(&tm[i], &tm[j]),
				                   (unsigned char)i, (unsigned char)j };
		qsort(pr, np, sizeof pr[0], pair_cmp);
		for (a = 0; a < np; a = b) {
			for (b = a + 1; b < np && pr[b].key == pr[a].key; b++)
				;
			if (b - a > best && (c = take(pr, a, b, NULL, 0, 0)) > best) {
				best = c;
				best_a = a;
				best_b = b;
			}
		}
		if (best < 2 || g->n >= MCM_MAX_NODES)
			break;
		/* the node: a + (b << k) or, for a relative sign -1, the
		 * positive term less the negative one, as the first pair has
		 * them (term signs follow) */
		lo = &tm[pr[best_a].lo];
		hi = &tm[pr[best_a].hi];
		flip = 0;
		if (lo->sign == hi->sign)
			at = mcm_graph_add(g, lo->node, 0, hi->node, hi->e - lo->e,
			                   MCM_ADD);
		else if (lo->sign > 0)
			at = mcm_graph_add(g, lo->node, 0, hi->node, hi->e - lo->e,
			                   MCM_SUB);
		else {
			at = mcm_graph_add(g, hi->node, hi->e - lo->e, lo->node, 0,
			                   MCM_SUB);
			flip = 1;
		}
		if (at < 0)
			break;
		take(pr, best_a, best_b, tm, (unsigned)at, flip);
		for (i = 0, n = 0; i < w; i++)
			if (tm[i].sign)
				tm[n++] = tm[i];
		w = n;
	}
	/* the terms left, low to high (the lowest is at exponent 0: t odd) */
	{
		cterm acc = tm[0];
		for (i = 1; i < w; i++) {
			unsigned k = tm[i].e - acc.e;
			int at;
			if (acc.sign == tm[i].sign)
				at = mcm_graph_add(g, acc.node, 0, tm[i].node, k, MCM_ADD);
			else if (acc.sign > 0)
				at = mcm_graph_add(g, acc.node, 0, tm[i].node, k, MCM_SUB);
			else {
				at = mcm_graph_add(g, tm[i].node, k, acc.node, 0, MCM_SUB);
				acc.sign = 1;
			}
			if (at < 0) {
				g->n = MCM_MAX_NODES + 1;
				return;
			}
			acc.node = (unsigned)at;
		}
		g->out = acc.node;
		g->out_neg = acc.sign < 0;
	}
}
