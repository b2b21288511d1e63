/*
 * search.c - cheap multipliers near a target (see search.h).
 *
 * The tree: a node is a prefix of non-adjacent signed digits, high to
 * low.  Its children put the next digit at some 2^i below the last one
 * (at least two places lower) with either sign; a child whose digit is at
 * 2^0 is a complete form.  Children are tried from the highest position
 * down, and the bound 2^i + M(i - 2, r - 1) on how far the rest can move
 * the sum only shrinks as i falls, so the first position whose reach
 * misses the window ends the loop.  The same child generator serves the
 * planner (breadth first, to cut the tree into tasks) and the tasks
 * (depth first).
 *
 * By adders the tree is one of ready sets (search.h): a task fixes the
 * first adder and walks every choice of the next ones depth first,
 * keeping what falls in the window as (value, adders, depth) hits; a
 * value met several times keeps its fewest adders and least depth.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/mem.h"
#include "cfx/search.h"
#include "cfx/sweep.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "util/xalloc.h"

typedef __int128 sword;

#define WORD_SAT (~(search_word)0)

/* ---- words and GMP ------------------------------------------------------ */

static void word_to_mpz(mpz_t z, search_word w)
{
	uint64_t limb[2] = { (uint64_t)w, (uint64_t)(w >> 64) };

	mpz_import(z, 2, -1, sizeof limb[0], 0, 0, limb);
}

/* z >= 0; saturated at 2^128 - 1. */
static search_word word_of_mpz(const mpz_t z)
{
	uint64_t limb[2] = { 0, 0 };

	if (mpz_sizeinbase(z, 2) > 128)
		return WORD_SAT;
	mpz_export(limb, NULL, -1, sizeof limb[0], 0, 0, z);
	return ((search_word)limb[1] << 64) | limb[0];
}

char *search_word_str(search_word w, char *buf)
{
	char tmp[48];
	int n = 0, i;

	do {
		tmp[n++] = (char)('0' + (int)(w % 10));
		w /= 10;
	} while (w);
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return buf;
}

/* ---- the target --------------------------------------------------------- */

static int is_inverse_phi(const expr_value *v)
{
	return v->kind == EXPR_QUAD && mpz_cmp_ui(v->d, 5) == 0 &&
	       mpq_cmp_si(v->q, -1, 2) == 0 && mpq_cmp_si(v->r, 1, 2) == 0;
}

/* Quotients a_1 .. of the target into t->q. */
static int target_quotients(search_target *t, const expr_tree *expr,
                            expr_lookup look, void *ctx, unsigned long word,
                            cfx_err *err)
{
	cf_seq cf;
	size_t k;

	cf_init(&cf);
	if (cf_of_tree(&cf, expr, look, ctx, word, SEARCH_TARGET_TERMS + 1,
	               err) < 0) {
		cf_clear(&cf);
		return -1;
	}
	t->nq = 0;
	for (k = 1; k <= SEARCH_TARGET_TERMS && cf_term(&cf, k); k++)
		t->q[t->nq++] = word_of_mpz(cf_term(&cf, k));
	cf_clear(&cf);
	return 0;
}

/* Window [ceil(x 2^N - 2^(N-W)), floor(x 2^N + 2^(N-W))] on odd p in
 * [1, 2^N), and the centre; x has N + 64 bits. */
static int target_window(search_target *t, const mpfr_t x, cfx_err *err)
{
	mpfr_t c, e;
	mpz_t z;
	search_word top = ((search_word)1 << t->bits) - 1;

	mpfr_inits2(mpfr_get_prec(x), c, e, (mpfr_ptr)0);
	mpz_init(z);
	mpfr_mul_2ui(c, x, t->bits, MPFR_RNDN);          /* exact */
	mpfr_floor(e, c);
	mpfr_get_z(z, e, MPFR_RNDN);
	t->center = word_of_mpz(z);
	mpfr_sub(e, c, e, MPFR_RNDN);
	t->center_frac = mpfr_get_d(e, MPFR_RNDN);
	mpfr_set_ui_2exp(e, 1, t->bits - t->window, MPFR_RNDN);
	mpfr_sub(e, c, e, MPFR_RNDN);
	mpfr_get_z(z, e, MPFR_RNDU);
	t->lo = mpz_sgn(z) <= 0 ? 1 : word_of_mpz(z);
	mpfr_set_ui_2exp(e, 1, t->bits - t->window, MPFR_RNDN);
	mpfr_add(e, c, e, MPFR_RNDN);
	mpfr_get_z(z, e, MPFR_RNDD);
	t->hi = mpz_sizeinbase(z, 2) > t->bits ? top : word_of_mpz(z);
	if (t->hi > top)
		t->hi = top;
	mpfr_clears(c, e, (mpfr_ptr)0);
	mpz_clear(z);
	t->lo |= 1;
	if (!(t->hi & 1))
		t->hi--;
	if (t->lo > t->hi)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "no odd multiplier lies in the window");
	return 0;
}

int search_target_make(search_target *t, const expr_tree *expr,
                       expr_lookup look, void *ctx, unsigned long word,
                       unsigned bits, unsigned window, cfx_err *err)
{
	expr_tree *own = NULL;
	expr_value v;
	mpfr_t x;
	int rc;

	memset(t, 0, sizeof *t);
	if (bits < 1 || bits > SEARCH_MAX_BITS)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "--bits must be between 1 and %d for search",
		                   SEARCH_MAX_BITS);
	if (window < 1 || window > bits)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "--window must be between 1 and the word size "
		                   "%u", bits);
	t->bits = bits;
	t->window = window;
	if (!expr && !(expr = own = expr_parse("(sqrt(5) - 1)/2", err)))
		return -1;
	expr_value_init(&v, bits + 64);
	mpfr_init2(x, bits + 64);
	rc = expr_eval_word(expr, look, ctx, bits + 64, word, &v, err);
	if (rc == 0) {
		expr_value_mid(&v, x);
		t->golden = is_inverse_phi(&v);
		if (!(mpfr_sgn(x) > 0 && mpfr_cmp_ui(x, 1) < 0) ||
		    (v.kind == EXPR_REAL && (mpfr_sgn(v.lo) <= 0 ||
		                           mpfr_cmp_ui(v.hi, 1) >= 0)))
			rc = cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
			                 "--near must lie strictly between 0 and 1");
	}
	if (rc == 0)
		rc = target_window(t, x, err);
	if (rc == 0)
		rc = target_quotients(t, expr, look, ctx, word, err);
	mpfr_clear(x);
	expr_value_clear(&v);
	expr_free(own);
	return rc;
}

/* ---- primes ------------------------------------------------------------ */

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
	return (uint64_t)((unsigned __int128)a * b % m);
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m)
{
	uint64_t r = 1;

	for (a %= m; e; e >>= 1, a = mulmod(a, a, m))
		if (e & 1)
			r = mulmod(r, a, m);
	return r;
}

/* Miller-Rabin with the seven bases of Jim Sinclair, which together have
 * no strong pseudoprime below 2^64: a proof for 64-bit n. */
static int prime64(uint64_t n)
{
	static const uint64_t small[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29,
	                                  31, 37, 41, 43, 47 };
	static const uint64_t bases[] = { 2, 325, 9375, 28178, 450775,
	                                  9780504, 1795265022 };
	uint64_t d = n - 1;
	unsigned s = 0, i, j;

	if (n < 2)
		return 0;
	for (i = 0; i < sizeof small / sizeof small[0]; i++)
		if (n % small[i] == 0)
			return n == small[i];
	while (!(d & 1)) {
		d >>= 1;
		s++;
	}
	for (i = 0; i < sizeof bases / sizeof bases[0]; i++) {
		uint64_t x = powmod(bases[i], d, n);

		if (x == 0 || x == 1 || x == n - 1)
			continue;      /* a base that is 0 mod n proves nothing */
		for (j = 1; j < s && x != n - 1; j++)
			x = mulmod(x, x, n);
		if (x != n - 1)
			return 0;
	}
	return 1;
}

int search_prime(search_word p)
{
	mpz_t z;
	int r;

	if (p >> 64 == 0)
		return prime64((uint64_t)p) ? 2 : 0;
	mpz_init(z);
	word_to_mpz(z, p);
	r = mpz_probab_prime_p(z, 30) ? 1 : 0;
	mpz_clear(z);
	return r;
}

/* ---- weight and ranking ------------------------------------------------- */

unsigned search_weight(search_word p, unsigned bits)
{
	unsigned w = 0, i;

	/* NAF digit by digit; a digit at 2^bits wraps to nothing */
	for (i = 0; p; i++, p >>= 1)
		if (p & 1) {
			if (i < bits)
				w++;
			p = (p & 3) == 1 ? p - 1 : p + 1;
		}
	return w;
}

void search_rank(const search_target *t, search_word p, search_cand *c)
{
	search_word n = p, d = (search_word)1 << t->bits, r;
	uint64_t q0 = 0, q1 = 1;      /* q_(k-2), q_(k-1) */
	unsigned k;
	int matching = 1;

	memset(c, 0, sizeof *c);
	c->p = p;
	c->weight = search_weight(p, t->bits);
	c->prime = -1;
	c->dist = fabs((double)(sword)(p - t->center) - t->center_frac);
	/* p/2^N = [0; a_1, a_2, ...]: Euclid on (2^N, p) */
	r = n;
	n = d;
	d = r;
	for (k = 1; d; k++) {
		search_word a;

		if (n >> 64 == 0) {     /* 64-bit division once it fits */
			uint64_t a64 = (uint64_t)n / (uint64_t)d;
			r = (uint64_t)n - a64 * (uint64_t)d;
			a = a64;
		} else {
			a = n / d;
			r = n % d;
		}
		n = d;
		d = r;
		if (matching && k <= t->nq && a == t->q[k - 1])
			c->prefix = k;
		else
			matching = 0;
		if (q1 < ((uint64_t)1 << SEARCH_EARLY_BITS)) {
			if (a > c->big) {
				c->big = a;
				c->big_index = k;
			}
			/* q_k, capped once it passes the early limit */
			q0 = a >= ((search_word)1 << 40) ? (uint64_t)1 << 40
			     : (uint64_t)a * q1 + q0;
			{
				uint64_t s = q0;
				q0 = q1;
				q1 = s;
			}
		} else if (!matching) {
			break;
		}
	}
}

static int rank_cmp(const void *a, const void *b)
{
	const search_cand *x = a, *y = b;

	if (x->prefix != y->prefix)
		return x->prefix > y->prefix ? -1 : 1;
	if (x->big != y->big)
		return x->big < y->big ? -1 : 1;
	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return x->p < y->p ? -1 : x->p > y->p;
}

/* By value, then fewest adders, then least depth. */
static int cand_by_value(const void *a, const void *b)
{
	const search_cand *x = a, *y = b;

	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	if (search_cost(x) != search_cost(y))
		return search_cost(x) < search_cost(y) ? -1 : 1;
	return (x->depth > y->depth) - (x->depth < y->depth);
}

void search_sort(search_cand *c, size_t n)
{
	if (n > 1)                  /* qsort's base may not be NULL, even for 0 */
		qsort(c, n, sizeof *c, rank_cmp);
}

/* ---- lists -------------------------------------------------------------- */

/* Room for need candidates in l: 0, or -1 (l as it was) when memory
 * (ulimit -v) gives out: the window chose how many there are. */
static int list_room(search_list *l, size_t need)
{
	search_cand *c = grow_try(l->c, &l->cap, need, sizeof *l->c);

	if (!c)
		return -1;
	l->c = c;
	return 0;
}

/* The error of a list that could not grow past n candidates. */
static int list_full(cfx_err *err, size_t n)
{
	return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "memory ran out at %zu "
	                   "candidate%s (ulimit -v?): narrow the window "
	                   "(--window)", n, n == 1 ? "" : "s");
}

static int list_push(search_list *l, const search_cand *c)
{
	if (list_room(l, l->n + 1) < 0)
		return -1;
	l->c[l->n++] = *c;
	return 0;
}

int search_list_append(search_list *dst, const search_list *src,
                       cfx_err *err)
{
	if (!src->n)
		return 0;
	if (list_room(dst, dst->n + src->n) < 0)
		return list_full(err, dst->n + src->n);
	memcpy(dst->c + dst->n, src->c, src->n * sizeof *src->c);
	dst->n += src->n;
	return 0;
}

void search_list_free(search_list *l)
{
	free(l->c);
	memset(l, 0, sizeof *l);
}

/* ---- the tree ----------------------------------------------------------- */

/* Most that r non-adjacent digits at 2^e and below can add:
 * 2^e + 2^(e-2) + ... (r terms) = (2^(e+2) - 2^(e+2-2m))/3. */
static search_word reach(int e, unsigned r)
{
	unsigned m;

	if (e < 0 || r == 0)
		return 0;
	m = (unsigned)e / 2 + 1;
	if (r < m)
		m = r;
	return (((search_word)1 << (e + 2)) -
	        ((search_word)1 << (e + 2 - 2 * (int)m))) / 3;
}

/* Does [s - m, s + m] meet the window at p or at p - 2^N? */
static int meets(const search_target *t, sword s, search_word m)
{
	sword lo = (sword)t->lo, hi = (sword)t->hi;
	sword wrap = (sword)1 << t->bits;
	sword a = s - (sword)m, b = s + (sword)m;

	return (a <= hi && b >= lo) || (a <= hi - wrap && b >= lo - wrap);
}

typedef int (*child_fn)(void *arg, const search_node *child);

/* Call fn on each child of nd whose subtree can still reach the window,
 * highest digit first; stop (returning its value) when fn is non-zero. */
static int children(const search_plan *pl, const search_node *nd,
                    child_fn fn, void *arg)
{
	const search_target *t = &pl->t;
	unsigned left = pl->terms - nd->used;
	int i = nd->next, sg;

	if (nd->done || left == 0 || i < 0)
		return 0;
	if (left == 1)
		i = 0;                 /* the last digit closes the form at 2^0 */
	for (; i >= 0; i--) {
		search_word rest = reach(i - 2, left - 1);
		search_word step = (search_word)1 << i;

		if (!meets(t, nd->sum, step + rest))
			break;
		for (sg = 1; sg >= -1; sg -= 2) {
			search_node ch = { nd->sum + sg * (sword)step, i - 2,
			                   nd->used + 1, i == 0 };
			int rc;

			if (sg < 0 && i == (int)t->bits - 1)
				continue;     /* p has +1 there: one form per p */
			if (!ch.done && (left < 2 || i < 2 ||
			                 !meets(t, ch.sum, rest)))
				continue;
			if ((rc = fn(arg, &ch)) != 0)
				return rc;
		}
	}
	return 0;
}

/* ---- planning ----------------------------------------------------------- */

typedef struct grow {
	search_node *v;
	size_t n, cap;
} grow;

static int grow_push(void *arg, const search_node *nd)
{
	grow *g = arg;

	XGROW(g->v, g->cap, g->n + 1, "search tasks");
	g->v[g->n++] = *nd;
	return 0;
}

int search_plan_make(search_plan *pl, const search_target *t, unsigned terms,
                     int primes, size_t want, cfx_err *err)
{
	grow cur = { 0 }, nxt;
	search_node root = { 0, (int)t->bits - 1, 0, 0 };
	int grew = 1;

	memset(pl, 0, sizeof *pl);
	if (terms < 1 || terms > SEARCH_MAX_TERMS)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "--terms must be between 1 and %d",
		                   SEARCH_MAX_TERMS);
	pl->t = *t;
	pl->terms = terms;
	pl->adders = -1;
	pl->primes = primes;
	grow_push(&cur, &root);
	/* expand level by level, keeping search order, until there is work
	 * for every thread several times over */
	while (grew && cur.n < want) {
		size_t i;

		memset(&nxt, 0, sizeof nxt);
		grew = 0;
		for (i = 0; i < cur.n; i++) {
			if (cur.v[i].done) {
				grow_push(&nxt, &cur.v[i]);
				continue;
			}
			children(pl, &cur.v[i], grow_push, &nxt);
			grew = 1;
		}
		free(cur.v);
		cur = nxt;
	}
	pl->task = cur.v;
	pl->ntask = cur.n;
	return 0;
}

void search_plan_free(search_plan *pl)
{
	free(pl->task);
	memset(pl, 0, sizeof *pl);
}

/* ---- running a task ----------------------------------------------------- */

typedef struct walk {
	const search_plan *pl;
	search_list *out;
	uint64_t seen;
	atomic_size_t *found;
	const volatile sig_atomic_t *stop;
	cfx_err *err;
} walk;

/* A complete form: in the window (and prime, if asked)? */
static int leaf(walk *wk, const search_node *nd)
{
	const search_target *t = &wk->pl->t;
	sword v = nd->sum;
	search_word p;
	search_cand c;
	int prime = -1;

	wk->seen++;
	if ((wk->seen & 0xfff) == 0 && wk->stop && *wk->stop)
		return cfx_err_set(wk->err, CFX_EINTR, -1, NULL, "interrupted");
	p = v >= 0 ? (search_word)v : (search_word)(v + ((sword)1 << t->bits));
	if (p < t->lo || p > t->hi)
		return 0;
	if (wk->pl->primes && !(prime = search_prime(p)))
		return 0;
	search_rank(t, p, &c);
	c.prime = prime;
	if (atomic_fetch_add(wk->found, 1) >= SEARCH_MAX_FOUND)
		return cfx_err_set(wk->err, CFX_ELIMIT, -1, NULL,
		                   "more than %d candidates: narrow the window "
		                   "(--window) or use fewer terms", SEARCH_MAX_FOUND);
	if (list_push(wk->out, &c) < 0)
		return list_full(wk->err, wk->out->n + 1);
	return 0;
}

static int descend(void *arg, const search_node *nd)
{
	walk *wk = arg;

	if (nd->done)
		return leaf(wk, nd) < 0 ? -1 : 0;
	return children(wk->pl, nd, descend, wk);
}

static int graph_task(const search_plan *pl, size_t i, search_list *out,
                      uint64_t *enumerated, atomic_size_t *found,
                      const volatile sig_atomic_t *stop, cfx_err *err);

int search_task_run(const search_plan *pl, size_t i, search_list *out,
                    uint64_t *enumerated, atomic_size_t *found,
                    const volatile sig_atomic_t *stop, cfx_err *err)
{
	walk wk;
	int rc;

	assert(i < pl->ntask);
	if (pl->adders >= 0)
		return graph_task(pl, i, out, enumerated, found, stop, err);
	wk.pl = pl;
	wk.out = out;
	wk.seen = 0;
	wk.found = found;
	wk.stop = stop;
	wk.err = err;
	rc = descend(&wk, &pl->task[i]);
	*enumerated += wk.seen;
	return rc;
}

/* ---- by adders ---------------------------------------------------------- */

#define SLOTS_MAX ((uint64_t)1 << 22)   /* odd values of a narrow window */

typedef struct hit {
	uint64_t v;
	unsigned char adders, depth;
} hit;

typedef struct graphs {
	const search_plan *pl;
	uint64_t mask, lo, width;  /* the window is [lo, lo + width] */
	unsigned last;             /* A: the node that ends a graph */
	uint64_t r[SEARCH_MAX_ADDERS + 1];        /* the ready set, r[0] = 1 */
	unsigned char d[SEARCH_MAX_ADDERS + 1];   /* depths */
	unsigned char *slot;       /* a narrow window: adders * 16 + depth of
	                              lo + 2 i in slot[i], 255 none; else */
	hit *h;                    /*   the hits, */
	size_t nh, cap, kept;      /*   h[0 .. kept) sorted and unique */
	uint64_t seen;
	const volatile sig_atomic_t *stop;
	int full;                  /* the hits could not grow (ulimit -v) */
} graphs;

/* -1, 0 or 1 as x is below, equal to or above y: a step of an order. */
static int ucmp(uint64_t x, uint64_t y)
{
	return (x > y) - (x < y);
}

static int hit_cmp(const void *a, const void *b)
{
	const hit *x = a, *y = b;
	int r;

	if ((r = ucmp(x->v, y->v)) || (r = ucmp(x->adders, y->adders)))
		return r;
	return ucmp(x->depth, y->depth);
}

/* Sort the hits and keep the cheapest of each value. */
static void hits_compact(graphs *g)
{
	size_t i, n = 0;

	if (g->nh > 1)
		qsort(g->h, g->nh, sizeof *g->h, hit_cmp);
	for (i = 0; i < g->nh; i++)
		if (n == 0 || g->h[n - 1].v != g->h[i].v)
			g->h[n++] = g->h[i];
	g->nh = g->kept = n;
}

/* Room for one more hit: 1, or 0 with g->full set (the search ends). */
static int hits_room(graphs *g)
{
	hit *h = grow_try(g->h, &g->cap, g->nh + 1, sizeof *g->h);

	if (!h) {
		g->full = 1;
		return 0;
	}
	g->h = h;
	return 1;
}

static void hit_push(graphs *g, uint64_t v, unsigned adders, unsigned depth)
{
	if (g->full)
		return;
	if (g->slot) {
		unsigned char code = (unsigned char)(adders * 16 + depth);
		size_t i = (size_t)((v - g->lo) >> 1);

		if (code < g->slot[i])
			g->slot[i] = code;
		return;
	}
	if (g->nh >= 2 * g->kept + ((size_t)1 << 20))
		hits_compact(g);
	if (!hits_room(g))
		return;
	g->h[g->nh++] = (hit){ v, (unsigned char)adders, (unsigned char)depth };
}

/* A graph's output v: compare v and -v (the free negation) with the
 * window. */
static void graph_out(graphs *g, uint64_t v, unsigned adders,
                      unsigned depth)
{
	uint64_t n = (0 - v) & g->mask;

	g->seen++;
	if (v - g->lo <= g->width)
		hit_push(g, v, adders, depth);
	if (n != v && n - g->lo <= g->width)
		hit_push(g, n, adders, depth);
}

/* Every node k + 1 made from the ready set r[0 .. k], and the graphs
 * that go on from it; -1 when stopped. */
static int graph_level(graphs *g, unsigned k)
{
	unsigned i, j, s, f, bits = g->pl->t.bits;
	int last = k + 1 == g->last;

	if ((g->stop && *g->stop) || g->full)
		return -1;
	for (i = 0; i <= k; i++)
		for (j = 0; j <= k; j++) {
			uint64_t u = g->r[i], w = g->r[j];
			unsigned dep = 1 + (g->d[i] > g->d[j] ? g->d[i] : g->d[j]);

			if (last && i != k && j != k)
				continue;     /* made a level earlier */
			for (s = 1; s < bits; s++) {
				uint64_t x = (u << s) & g->mask;
				uint64_t v[2] = { (x + w) & g->mask, (x - w) & g->mask };

				/* w - x = -(x - w): the same up to sign */
				for (f = 0; f < 2; f++) {
					graph_out(g, v[f], k + 1, dep);
					if (last)
						continue;
					g->r[k + 1] = v[f];
					g->d[k + 1] = (unsigned char)dep;
					if (graph_level(g, k + 1) < 0)
						return -1;
				}
			}
		}
	return 0;
}

/* Hits to candidates: rank, test for primes, count. */
static int graph_found(graphs *g, search_list *out, atomic_size_t *found,
                       cfx_err *err)
{
	size_t i;

	if (g->slot) {            /* the slots as hits */
		for (i = 0; i <= g->width >> 1; i++)
			if (g->slot[i] != 255) {
				if (!hits_room(g))
					return list_full(err, g->nh + 1);
				g->h[g->nh++] = (hit){ g->lo + 2 * i, g->slot[i] >> 4,
				                       g->slot[i] & 15 };
			}
	}
	hits_compact(g);
	for (i = 0; i < g->nh; i++) {
		search_cand c;
		int prime = -1;

		if (g->pl->primes && !(prime = search_prime(g->h[i].v)))
			continue;
		search_rank(&g->pl->t, g->h[i].v, &c);
		c.prime = prime;
		c.adders = g->h[i].adders;
		c.depth = g->h[i].depth;
		c.cost = SEARCH_COST_EXACT;
		if (atomic_fetch_add(found, 1) >= SEARCH_MAX_FOUND)
			return cfx_err_set(err, CFX_ELIMIT, -1, NULL,
			                   "more than %d candidates: narrow the "
			                   "window (--window) or use fewer adders",
			                   SEARCH_MAX_FOUND);
		if (list_push(out, &c) < 0)
			return list_full(err, out->n + 1);
	}
	return 0;
}

static int graph_task(const search_plan *pl, size_t i, search_list *out,
                      uint64_t *enumerated, atomic_size_t *found,
                      const volatile sig_atomic_t *stop, cfx_err *err)
{
	graphs g;
	int rc = 0;

	memset(&g, 0, sizeof g);
	g.pl = pl;
	g.mask = pl->t.bits >= 64 ? ~(uint64_t)0
	         : ((uint64_t)1 << pl->t.bits) - 1;
	g.lo = (uint64_t)pl->t.lo;
	g.width = (uint64_t)(pl->t.hi - pl->t.lo);
	g.last = (unsigned)pl->adders;
	g.stop = stop;
	/* a narrow window's slots (at most 2 MiB), or the hits grown as
	 * they come: either may meet ulimit -v, said as an error */
	if (g.width >> 1 < SLOTS_MAX) {
		if (!(g.slot = mem_big((size_t)(g.width >> 1) + 1, 0)))
			return list_full(err, 0);
		memset(g.slot, 255, (size_t)(g.width >> 1) + 1);
	}
	g.r[0] = 1;
	if (i == 0) {
		graph_out(&g, 1, 0, 0);        /* x itself: no adder */
	} else {
		g.r[1] = (uint64_t)pl->task[i].sum;
		g.d[1] = 1;
		graph_out(&g, g.r[1], 1, 1);
		if (g.last >= 2 && graph_level(&g, 1) < 0)
			rc = -1;
	}
	/* stopped or not, what the task met (its counts no longer proven
	 * fewest: the caller says so) */
	if (g.full)
		rc = list_full(err, g.nh);
	else if (graph_found(&g, out, found, err) < 0 || rc < 0)
		rc = rc < 0 ? cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted")
		     : -1;
	*enumerated += g.seen;
	free(g.h);
	free(g.slot);
	return rc;
}

int search_adders_check(unsigned bits, unsigned adders, cfx_err *err)
{
	if (bits > 64)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "--adders needs "
		                   "--bits at most 64 (use --terms above)");
	if (adders > SEARCH_MAX_ADDERS)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "--adders must be "
		                   "between 0 and %d (graphs are enumerated "
		                   "exactly; use --terms for more)",
		                   SEARCH_MAX_ADDERS);
	if (adders == SEARCH_MAX_ADDERS && bits > SEARCH_ADDERS4_BITS)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL, "--adders %u needs "
		                   "--bits at most %d (exact enumeration; 3 works "
		                   "up to 64 bits)", adders, SEARCH_ADDERS4_BITS);
	return 0;
}

int search_plan_adders(search_plan *pl, const search_target *t,
                       unsigned adders, int primes, cfx_err *err)
{
	unsigned s, n = t->bits;
	uint64_t mask = n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;

	memset(pl, 0, sizeof *pl);
	if (search_adders_check(n, adders, err) < 0)
		return -1;
	pl->t = *t;
	pl->adders = (int)adders;
	pl->primes = primes;
	/* task 0: x itself; then one task per first adder 2^s +- 1 */
	pl->task = xcalloc(2 * n + 1, sizeof *pl->task, "search tasks");
	pl->task[pl->ntask++].sum = 1;
	for (s = 1; adders >= 1 && s < n; s++) {
		uint64_t v[2] = { (((uint64_t)1 << s) + 1) & mask,
		                  (((uint64_t)1 << s) - 1) & mask };
		int f;

		for (f = 0; f < 2; f++)
			if (v[f] != 1 && v[f] != mask)   /* +-1: no adder */
				pl->task[pl->ntask++].sum = (sword)v[f];
	}
	return 0;
}

void search_list_unique(search_list *l)
{
	size_t i, n = 0;

	if (l->n > 1)
		qsort(l->c, l->n, sizeof *l->c, cand_by_value);
	for (i = 0; i < l->n; i++)
		if (n == 0 || l->c[n - 1].p != l->c[i].p)
			l->c[n++] = l->c[i];
	l->n = n;
}

/* ---- the screen --------------------------------------------------------- */

/* verify's smallest table (the size check's and the small cells' table:
 * cfx verify judges there) and two more: cells of one family cost little
 * beside its keys, hashed once at the largest */
static const unsigned quick_tables[] = { 4, 6, 10 };

const char *search_status_name(search_status s)
{
	static const char *names[] = { "-", "PASS", "WARN", "FAIL" };
	return names[s];
}

int search_predict(search_word p, unsigned bits, search_verdict *v)
{
	verify_stride w;
	size_t judged;

	assert(bits >= 1 && bits <= SEARCH_SCREEN_BITS);
	if (bits < VERIFY_MIN_BITS)
		return 1;
	judged = verify_judged_default(bits);
	if (!verify_strides_fail((uint64_t)p, bits, judged, &w))
		return 1;
	v->status = SEARCH_FAIL;
	v->quality = w.r;
	snprintf(v->family, sizeof v->family, "stride map");
	snprintf(v->reason, sizeof v->reason, "stride map: keys k*%llu at 2^%u "
	         "buckets x%u cost %.3g times a random hash's lookups "
	         "(predicted), beyond almost every random multiplier's worst "
	         "stride", (unsigned long long)w.c, w.b, w.load, w.r);
	return 0;
}

/* The verdict of verify's battery (verify.h): the worst status, the
 * largest worst-cell R as the quality, and the worst failing family (else
 * the worst one) with verify's one-line reason. */
static void judge(search_verdict *v, const verify_battery *bt)
{
	const verify_family *worst = NULL;
	size_t f;

	v->status = SEARCH_PASS;
	v->quality = 0;
	for (f = 0; f < bt->nfam; f++) {
		const verify_family *fm = &bt->fam[f];
		search_status st = fm->status == VERIFY_FAIL ? SEARCH_FAIL
		                   : fm->status == VERIFY_WARN ? SEARCH_WARN
		                   : SEARCH_PASS;
		int fails = fm->status == VERIFY_FAIL;

		if (fm->status == VERIFY_INFO || !fm->ncells)
			continue;
		if (st > v->status)
			v->status = st;
		if (fm->worst_r > v->quality)
			v->quality = fm->worst_r;
		if (!worst || fails > (worst->status == VERIFY_FAIL) ||
		    (fails == (worst->status == VERIFY_FAIL) &&
		     fm->worst_r > worst->worst_r))
			worst = fm;
	}
	for (f = 0; f < bt->nforms; f++)
		if (bt->forms[f].status == VERIFY_FAIL) {
			v->status = SEARCH_FAIL;
			snprintf(v->family, sizeof v->family, "%s", bt->forms[f].name);
			snprintf(v->reason, sizeof v->reason, "%s: %s",
			         bt->forms[f].name, bt->forms[f].detail);
			return;
		}
	if (!worst)
		return;
	snprintf(v->family, sizeof v->family, "%.31s", worst->name);
	snprintf(v->reason, sizeof v->reason, "%.30s: %.158s", worst->name,
	         worst->reason);
}

/* What the quick screen's first battery counts that its second would
 * count again, the same: the field checks, whose cells are the stride
 * map's tables whatever the battery's and whose threshold is the rule's
 * for the same judged checks (verify_judged: the families do not depend
 * on the tables).  counted 0: nothing kept. */
typedef struct fields_kept {
	int counted;
	lattice_cell foff, flay;
	unsigned foff_h;
	lattice_layout flay_lay;
} fields_kept;

/* verify's battery at tables[0..nt) into v (judge; joint warns): 0, 1
 * when stopped (v UNSCREENED), -1 out of memory.  verdict_only: the
 * families that cannot FAIL or WARN are not counted; r_only: R alone
 * (verify.h's bt->r_only: the same verdict, sooner); kept (NULL: none):
 * the field checks taken from it when counted, else left in it. */
static int battery(search_word p, unsigned bits, const unsigned *tables,
                   size_t nt, int verdict_only, int r_only,
                   fields_kept *kept, const volatile sig_atomic_t *stop,
                   search_verdict *v, cfx_err *err)
{
	verify_battery bt;

	if (verify_plan(&bt, (uint64_t)p, bits, tables, nt, err) < 0)
		return -1;
	bt.r_only = r_only;
	if (kept && kept->counted) {
		bt.foff = kept->foff;
		bt.foff_h = kept->foff_h;
		bt.flay = kept->flay;
		bt.flay_lay = kept->flay_lay;
		bt.fields_counted = kept->counted;
	}
	if (verify_run_battery(&bt, &(verify_run_opts){ .threads = 1,
	                       .verdict_only = verdict_only,
	                       .cancel = stop }) < 0) {
		/* stopped: no verdict at all */
		verify_free(&bt);
		memset(v, 0, sizeof *v);
		v->status = SEARCH_UNSCREENED;
		return 1;
	}
	verify_judge(&bt, 0, NULL);
	judge(v, &bt);
	v->warns = (unsigned)verify_joint_warns(&bt);
	if (kept && !kept->counted) {
		kept->counted = bt.fields_counted;
		kept->foff = bt.foff;
		kept->foff_h = bt.foff_h;
		kept->flay = bt.flay;
		kept->flay_lay = bt.flay_lay;
	}
	verify_free(&bt);
	return 0;
}

/* The quick screen counts tables 2^4, 2^6 and 2^10 first, which drops
 * most candidates at a small cost (keys hashed for 2^10 buckets at most);
 * one it lets through is judged by the whole battery at cfx verify's
 * tables (2^4..2^20), so that no candidate kept is one cfx verify FAILs
 * at a table the three skip (a stride 2^s at 2^20 buckets, a decimal
 * stride at 2^14, a byte at 2^5). */
int search_screen(search_word p, unsigned bits, search_level level,
                  const volatile sig_atomic_t *stop, search_verdict *v,
                  cfx_err *err)
{
	unsigned tables[VERIFY_MAX_TABLES];
	size_t nt = 0, i;
	double quick = 0;
	fields_kept kept = { 0 };
	int rc;

	assert(level == SEARCH_NONE || (bits >= SEARCH_SCREEN_MIN_BITS &&
	                                 bits <= SEARCH_SCREEN_BITS));
	memset(v, 0, sizeof *v);
	v->status = SEARCH_UNSCREENED;
	if (level == SEARCH_NONE || !search_predict(p, bits, v))
		return 0;
	if (level == SEARCH_QUICK) {
		for (i = 0; i < sizeof quick_tables / sizeof quick_tables[0]; i++)
			if (quick_tables[i] <= bits)
				tables[nt++] = quick_tables[i];
		if (!nt)
			tables[nt++] = bits;
		rc = battery(p, bits, tables, nt, 0, 1, &kept, stop, v, err);
		if (rc || v->status == SEARCH_FAIL)
			return rc;
		quick = v->quality;
	}
	nt = verify_default_tables(bits, VERIFY_STANDARD, tables);
	rc = battery(p, bits, tables, nt, level == SEARCH_QUICK,
	             level == SEARCH_QUICK, &kept, stop, v, err);
	if (rc == 0 && quick > v->quality)
		v->quality = quick;
	return rc;
}

/* ---- the front ---------------------------------------------------------- */

void search_optimal(mcm_ctx *m, search_cand *c, unsigned bits)
{
	mcm_opts o = { 0, 0, 0, NULL };      /* full search, least depth */
	mcm_graph g;
	mcm_result r;
	unsigned k, depth;

	assert(bits >= 1 && bits <= 64);
	if (c->cost == SEARCH_COST_EXACT ||
	    mcm_solve(m, (uint64_t)c->p, bits, &o, &g, &r, NULL) < 0)
		return;
	c->adders = r.adders;
	c->depth = r.depth;
	c->cost = r.exact_wrap ? SEARCH_COST_PROVEN : SEARCH_COST_FOUND;
	if (r.adders > 4 || !(c->p & 1))
		return;
	/* at most 3 adders: exact, the least depth too; else 4 is proven */
	if ((k = mcm_small((uint64_t)c->p, bits, &depth)) <= 3) {
		c->adders = k;
		c->depth = depth;
		c->cost = SEARCH_COST_EXACT;
	} else {
		c->cost = SEARCH_COST_PROVEN;
	}
}

unsigned search_cost(const search_cand *c)
{
	if (c->cost != SEARCH_COST_NAF)
		return c->adders;
	return c->weight ? c->weight - 1 : 0;
}

typedef struct front_key {
	unsigned cost, depth;
	double quality;
	size_t i;
} front_key;

static int front_cmp(const void *a, const void *b)
{
	const front_key *x = a, *y = b;
	int r;

	if ((r = ucmp(x->cost, y->cost)) || (r = ucmp(x->depth, y->depth)))
		return r;
	if (x->quality != y->quality)
		return x->quality < y->quality ? -1 : 1;
	return ucmp(x->i, y->i);
}

size_t search_front(const search_cand *c, const search_verdict *v, size_t n,
                    size_t *idx)
{
	front_key *k = xmalloc((n ? n : 1) * sizeof *k, "search front");
	size_t m = 0, i, out = 0;
	double best = INFINITY;

	for (i = 0; i < n; i++)
		if (v[i].status == SEARCH_PASS || v[i].status == SEARCH_WARN)
			k[m++] = (front_key){ search_cost(&c[i]), c[i].depth,
			                      v[i].quality, i };
	qsort(k, m, sizeof *k, front_cmp);
	for (i = 0; i < m; i++)
		if (k[i].quality < best) {
			best = k[i].quality;
			idx[out++] = k[i].i;
		}
	free(k);
	return out;
}
