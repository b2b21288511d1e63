/*
 * mcm_top.c - a search of one family of five-adder graphs mod 2^m, run by
 * shifts --optimal when the heuristic found six or more and no graph of
 * four exists (mcm.c).  The heuristic solves the two parts of
 * t = (u << k) +- v apart and shares a node only by chance, so it misses
 * graphs whose top reuses a node of the bottom (tools/mcm_rate.sh
 * measured it; doc/mcm5.md): 0x809f0017 on 32 bits is
 *     a = 5, b = 41 = (a << 3) + 1, c = (a << 15) + 1,
 *     e = c * 1023 = (c << 10) - c,  t = (e << 6) + b,
 * five adders where the heuristic finds six.  The family: a ready set
 * {1, a, b} of two adders, c an A-operation of its members, e = c (2^k
 * +- 1), and t = +-e +- (y << s) or +-(e << s) +- y with y in {1, a, b}.
 * Solved from the top: e is t -+ (y << s) (each s), or known mod 2^(m-s)
 * when s is the trailing zeros of t -+ y; then c = e / (2^k +- 1) must be
 * an A-operation of {1, a, b} (a hash set; mod 2^(m-s), a test per pair
 * of members).  About 20 000 look-ups per ready set, 8 000 ready sets at
 * 32 bits: a few tenths of a second, so it runs on words of at most
 * TOP_BITS bits only.  A graph found is built with the search's own
 * operations and checked (mcm_check) before it is offered.
 */
#include <assert.h>
#include <stdlib.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

#define FMAX (2 * 64)

typedef struct top {
	uint64_t q, mk;
	unsigned m, dmax;
	const mcm_target *t;
	uint64_t f[FMAX], finv[FMAX];   /* 2^k +- 1 and its inverse */
	unsigned nf;
	vset *ar;                       /* A({1, a, b}) up to sign */
	vset *seen;                     /* the b tried with this a */
	int found;
	mcm_graph *best;
} top;

static uint64_t cn(const top *p, uint64_t v)
{
	uint64_t w = (0 - v) & p->mk;

	v &= p->mk;
	return v < w ? v : w;
}

/* The A-operations of u and w (either shifted), canonical, into the set. */
static void aops_into(top *p, uint64_t u, uint64_t w)
{
	unsigned s;

	for (s = 1; s < p->m; s++) {
		vset_add(p->ar, cn(p, (u << s) + w));
		vset_add(p->ar, cn(p, (u << s) - w));
		vset_add(p->ar, cn(p, (w << s) + u));
		vset_add(p->ar, cn(p, (w << s) - u));
	}
}

/* Nodes a, b, c, e and the target as a graph mod 2^m, each an A-operation
 * of those before it (up to sign); offered when within dmax. */
static void offer(top *p, const uint64_t *vals)
{
	mcm_graph g;
	mcm_node nd;
	unsigned i;
	int at = -1, neg = 0, sg;

	mcm_graph_init(&g, p->m);
	for (i = 0; i < 5; i++) {
		for (sg = 0; sg < 2; sg++) {
			uint64_t v = (sg ? 0 - vals[i] : vals[i]) & p->mk;
			if (mcm_find_aop(&g, g.n, v, p->m, &nd)) {
				at = mcm_graph_add(&g, nd.a, nd.sa, nd.b, nd.sb, nd.op);
				neg = sg;
				break;
			}
		}
		if (sg == 2 || at < 0)
			return;
	}
	if (g.n != 5 || (unsigned)at != g.n ||
	    ((g.node[at].v - (neg ? 0 - p->q : p->q)) & p->mk))
		return;
	g.out = (unsigned)at;
	g.out_neg = neg;
	mcm_absorb_negation(&g);
	if (mcm_graph_depth(&g) > p->dmax || !mcm_check(&g, p->q))
		return;
	if (mcm_better(&g, p->best, p->t)) {
		*p->best = g;
		p->found = 1;
	}
}

/* Is some A-operation of u and w congruent to +-x mod 2^mm (mm < m)?
 * Then its value into *c. */
static int aop_mod(const top *p, uint64_t u, uint64_t w, uint64_t x,
                   unsigned mm, uint64_t *c)
{
	uint64_t k = ((uint64_t)1 << mm) - 1;
	unsigned s;
	int r, sg, op;

	for (r = 0; r < 2; r++) {
		uint64_t a = r ? w : u, b = r ? u : w;
		for (sg = 0; sg < 2; sg++) {
			/* (a << s) +- b = +-x (mod 2^mm): a << s = +-(x -+ b) */
			uint64_t d = (sg ? x + b : x - b) & k, v;
			if (!d) {
				s = mm;          /* a << s vanishes mod 2^mm */
				if (s >= p->m)
					continue;
			} else {
				s = (unsigned)__builtin_ctzll(d);
				if (s < 1 || s >= p->m)
					continue;
			}
			/* a << s is d or -d: (a << s) +- b, either sign of x */
			for (op = 0; op < 2; op++) {
				v = op ? (a << s) - b : (a << s) + b;
				if (((v - x) & k) == 0 || ((v + x) & k) == 0) {
					*c = v & p->mk;
					return 1;
				}
			}
		}
	}
	return 0;
}

static void per_ready(top *p, uint64_t a, uint64_t b)
{
	uint64_t R[3] = { 1, a, b }, vals[5];
	unsigned i, j, s, fi;
	int sg;

	p->ar->now++;
	for (i = 0; i < 3; i++)
		for (j = i; j < 3; j++)
			aops_into(p, R[i], R[j]);
	vals[0] = a;
	vals[1] = b;
	vals[4] = p->q;
	for (i = 0; i < 3; i++) {
		uint64_t y = R[i];
		/* t = +-e +- (y << s): e = +-(t -+ (y << s)) */
		for (s = 1; s < p->m; s++)
			for (sg = 0; sg < 2; sg++) {
				uint64_t e = sg ? p->q + (y << s) : p->q - (y << s);
				for (fi = 0; fi < p->nf; fi++) {
					uint64_t c = cn(p, e * p->finv[fi]);
					if (vset_has(p->ar, c)) {
						vals[2] = c;
						vals[3] = (c * p->f[fi]) & p->mk;
						offer(p, vals);
					}
				}
			}
		/* t = +-(e << s) +- y: e = +-(t -+ y) >> s mod 2^(m - s) */
		for (sg = 0; sg < 2; sg++) {
			uint64_t d = (sg ? p->q + y : p->q - y) & p->mk, E;
			unsigned mm;
			if (!d)
				continue;
			s = (unsigned)__builtin_ctzll(d);
			if (s < 1 || s >= p->m)
				continue;
			mm = p->m - s;
			E = d >> s;
			for (fi = 0; fi < p->nf; fi++) {
				uint64_t C = E * p->finv[fi], c;
				unsigned u, w;
				for (u = 0; u < 3; u++)
					for (w = u; w < 3; w++)
						if (aop_mod(p, R[u], R[w], C, mm, &c)) {
							vals[2] = cn(p, c);
							vals[3] = (c * p->f[fi]) & p->mk;
							offer(p, vals);
						}
			}
		}
	}
}

int mcm_top_five(uint64_t q, unsigned m, unsigned dmax, const mcm_target *t,
                 mcm_graph *best)
{
	top p;
	uint64_t a1[2 * 64], list[6 * 64];
	unsigned n1 = 0, i, k, s;

	if (m < 6 || m > TOP_BITS || dmax < 3)
		return 0;
	p.q = q;
	p.m = m;
	p.mk = mask_of(m);
	p.dmax = dmax;
	p.t = t;
	p.best = best;
	p.found = 0;
	p.nf = 0;
	for (k = 1; k < m; k++) {
		uint64_t u = (uint64_t)1 << k;
		p.f[p.nf] = u + 1;
		p.finv[p.nf++] = inv_odd(u + 1);
		if (k > 1) {
			p.f[p.nf] = u - 1;
			p.finv[p.nf++] = inv_odd(u - 1);
		}
	}
	p.ar = xcalloc(1, sizeof *p.ar, "five-adder search");
	p.seen = xcalloc(1, sizeof *p.seen, "five-adder search");
	for (s = 1; s < m; s++) {
		a1[n1++] = ((uint64_t)1 << s) + 1;
		if (s > 1)
			a1[n1++] = ((uint64_t)1 << s) - 1;
	}
	for (i = 0; i < n1; i++) {
		uint64_t a = a1[i];
		unsigned nl = 0;
		for (s = 1; s < m; s++) {
			list[nl++] = cn(&p, ((uint64_t)1 << s) + a);
			list[nl++] = cn(&p, ((uint64_t)1 << s) - a);
			list[nl++] = cn(&p, (a << s) + 1);
			list[nl++] = cn(&p, (a << s) - 1);
			list[nl++] = cn(&p, (a << s) + a);
			list[nl++] = cn(&p, (a << s) - a);
		}
		p.seen->now++;
		for (k = 0; k < nl; k++) {
			uint64_t b = list[k];
			if (b == 1 || b == a || vset_has(p.seen, b))
				continue;
			vset_add(p.seen, b);
			per_ready(&p, a, b);
		}
		/* b of one adder too: a pair of cost-1 values, each once */
		for (k = i + 1; k < n1; k++)
			per_ready(&p, a, a1[k]);
	}
	free(p.ar);
	free(p.seen);
	return p.found;
}
