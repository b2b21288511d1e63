/*
 * mcm_table.c - tables of the exact cost, as integers, of every odd value
 * below a bound that at most four adders reach (mcm.c layer 1): every
 * ready set {1, a, b, c} of up to three adders walked, each A-operation
 * of its last member marked with the set as a witness; the values of
 * cost <= 2 listed cheapest first; a table value's graph rebuilt from
 * its witness.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"
#include "util/xalloc.h"

void mcm_table_free(table *t)
{
	free(t->cost);
	free(t->w);
	free(t->cheap);
	memset(t, 0, sizeof *t);
}

/* ---- A-operations on integers ----------------------------------------- */

/* The odd results below lim of A-operations of odd u and w:
 * (u << s) + w, (u << s) - w, w - (u << s) and the same with u, w
 * swapped, s >= 1.  Returns how many were written (at most 6 * 64). */
size_t mcm_aop_all(uint64_t u, uint64_t w, uint64_t lim, uint64_t *out)
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
size_t mcm_second_level(const uint64_t *f1, size_t n1, uint64_t a,
                           uint64_t lim, uint64_t *f2)
{
	size_t j, n2 = 0;

	for (j = 0; j < n1; j++)
		if (f1[j] > a)
			f2[n2++] = f1[j];
	n2 += mcm_aop_all(a, 1, lim, f2 + n2);
	n2 += mcm_aop_all(a, a, lim, f2 + n2);
	return n2;
}

void mcm_table_build(table *t, unsigned bits, int levels)
{
	uint64_t lim = (uint64_t)1 << bits, f1[2 * 64], *f2, *f3, *f4;
	size_t n1, i, j, k, q, cap = 6 * 64 * 6;
	unsigned char *cost, *done1 = NULL;   /* c's A-operations with 1 (1), */
	uint32_t *done_a = NULL;              /* and with c (2); with a = f1[i] */
	uint32_t *done_c = NULL, pair = 0;    /* c done for the pair (a, b) */

	assert(bits >= 2 && bits <= TAB_MAX_BITS && levels >= 2 && levels <= 4);
	mcm_table_free(t);
	/* sizes cfx chose (at most 2^TAB_MAX_BITS values): xalloc.h's case 1 */
	t->cost = xmalloc(lim >> 1, "adder table");
	t->w = xcalloc(lim >> 1, sizeof *t->w, "adder table");
	f2 = xmalloc(cap * sizeof *f2, "adder table");
	f3 = xmalloc(cap * sizeof *f3, "adder table");
	f4 = xmalloc(cap * sizeof *f4, "adder table");
	if (levels >= 4) {
		done1 = xcalloc(lim >> 1, 1, "adder table");
		done_a = xcalloc(lim >> 1, sizeof *done_a, "adder table");
		done_c = xcalloc(lim >> 1, sizeof *done_c, "adder table");
	}
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
	n1 = mcm_aop_all(1, 1, lim, f1);
	for (i = 0; i < n1; i++)
		MARK(f1[i], 1, 0, 0, 0);
	for (i = 0; i < n1; i++) {
		uint64_t a = f1[i], R2[2] = { 1, a };
		/* b from pairs of {1, a}; a b of cost 1 only after a */
		size_t n2 = mcm_second_level(f1, n1, a, lim, f2);
		for (j = 0; j < n2; j++)
			MARK(f2[j], 2, a, 0, 0);
		if (levels < 3)
			continue;
		for (j = 0; j < n2; j++) {
			uint64_t b = f2[j];
			size_t n3 = 0, pre;

			if (b == a || b == 1)
				continue;
			pair++;
			/* c from pairs of {1, a, b}: those without b only above b */
			for (k = 0; k < n2; k++)
				if (f2[k] > b)
					f3[n3++] = f2[k];
			pre = n3;
			for (q = 0; q < 2; q++)
				n3 += mcm_aop_all(b, R2[q], lim, f3 + n3);
			n3 += mcm_aop_all(b, b, lim, f3 + n3);
			assert(n3 <= cap);
			for (k = pre; k < n3; k++)
				MARK(f3[k], 3, a, b, 0);
			if (levels < 4)
				continue;
			for (k = 0; k < n3; k++) {
				uint64_t c = f3[k];
				size_t n4 = 0, r;

				if (c == a || c == b || c == 1 || done_c[c >> 1] == pair)
					continue;
				/* c again for the same a and b: the same marks */
				done_c[c >> 1] = pair;
				/* the A-operations of c with 1 and with itself are
				 * the same values whatever a and b are, and so are
				 * those of c with a whatever b is: once marked (cost
				 * <= 4) a second MARK changes nothing, so each is
				 * listed only the first time (the table and its
				 * witnesses are the same, in a third of the time) */
				if (!done1[c >> 1]) {
					done1[c >> 1] = 1;
					n4 += mcm_aop_all(c, 1, lim, f4 + n4);
				}
				if (done_a[c >> 1] != i + 1) {
					done_a[c >> 1] = (uint32_t)(i + 1);
					n4 += mcm_aop_all(c, a, lim, f4 + n4);
				}
				n4 += mcm_aop_all(c, b, lim, f4 + n4);
				if (done1[c >> 1] == 1) {
					done1[c >> 1] = 2;
					n4 += mcm_aop_all(c, c, lim, f4 + n4);
				}
				for (r = 0; r < n4; r++)
					MARK(f4[r], 4, a, b, c);
			}
		}
	}
#undef MARK
	free(f2); free(f3); free(f4);
	free(done1); free(done_a); free(done_c);
}

/* List the values of cost <= 2, cheapest first. */
void mcm_table_cheap(table *t)
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

int mcm_table_cost(const table *t, uint64_t v)
{
	if (!(v & 1) || !t->cost || v >> t->bits)
		return UNKNOWN;
	return t->cost[v >> 1];
}

/* The graph of an odd value v of the table (cost <= its levels), from its
 * witness ready set.  Returns 0, or -1 if v is not in the table. */
int mcm_graph_of_table(const table *t, uint64_t v, mcm_graph *g,
                          unsigned bits)
{
	int c = mcm_table_cost(t, v);
	uint64_t chain[4];
	int k;

	mcm_graph_init(g, bits);
	if (c == UNKNOWN)
		return -1;
	for (k = 0; k < c - 1; k++)
		chain[k] = t->w[v >> 1].f[k];
	chain[c > 0 ? c - 1 : 0] = v;
	for (k = 0; k < c; k++) {
		mcm_node nd;
		int ok = mcm_find_aop(g, g->n, chain[k], 64, &nd);
		assert(ok);
		(void)ok;
		if (mcm_graph_add(g, nd.a, nd.sa, nd.b, nd.sb, nd.op) < 0)
			return -1;
	}
	g->out = (unsigned)mcm_graph_find(g, v);
	return 0;
}
