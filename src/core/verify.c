/*
 * verify.c - the calibrated verdict behind `cfx verify` (see verify.h for
 * the families and the rule): each family judged against its reference,
 * the form checks, the field checks and the totals (verify_judge).
 *
 * The plan (which families, their keys) is verify_plan.c, the counting
 * engine verify_count.c (verify_int.h says how the files divide the
 * work).
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/cf.h"
#include "cfx/expr.h"
#include "cfx/lattice.h"
#include "cfx/naf.h"
#include "cfx/sas.h"
#include "cfx/mcm.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "util/xalloc.h"
#include "core/verify_int.h"

#define EVAL_BITS 20     /* the evaluator: 2^20 inputs, or all of them */

/* ---- small helpers ------------------------------------------------------ */

const char *verify_status_name(verify_status s)
{
	static const char *names[] = { "PASS", "WARN", "FAIL", "INFO" };
	return names[s];
}

/*
 * The reference family f is ranked against (verify_rule.c's committed
 * tables) into *bits, *kind, *arg; 0 when there is none, and f is not
 * ranked.  Keys k0 + k c: the sequential keys' at the reference word when
 * f has as many keys as their cells use (its effective multiplier c p mod
 * 2^n is a random odd one too); with fewer, keys k c from 0 (p odd) hash
 * as the sequential keys of u p mod 2^w on w = n - t bits (c = 2^t u), so
 * the sequential keys on w-bit words; the battery's few-key families
 * with a start (bytes, start+k*4096 at 32 bits) have their own.  The
 * other kinds: their own at the reference word.  Decided before the run
 * (verify_family_can_fail asks it too).
 */
#define REF_NONE 0
#define REF_TABLE 1      /* a committed reference: *bits, *kind, *arg */
#define REF_EXACT 2      /* every odd multiplier mod 2^*bits */

static int ref_of(const verify_battery *bt, const verify_family *f,
                  unsigned *bits, verify_kind *kind, unsigned *arg)
{
	*bits = bt->cal_bits;
	*kind = f->kind;
	*arg = 0;
	if (f->ck) {
		*kind = VERIFY_SEQ;
		if (f->keys >= ((size_t)8 << bt->bmax))
			return verify_ref_info(*bits, *kind, *arg, NULL, NULL, NULL);
		if (f->start == 0 && (bt->p & 1) && f->step) {
			size_t b, s, o;
			*bits = bt->bits - verify_ctz64(f->step);
			if (verify_exact_rank(*bits, 1, &b, &s, &o))
				return REF_EXACT;
			return verify_ref_info(*bits, *kind, *arg, NULL, NULL, NULL);
		}
		/* a user's run has its own start: not the battery's keys */
		if (f->user || bt->bits != bt->cal_bits)
			return REF_NONE;
		*kind = f->kind;
		*arg = f->arg;
	} else if (f->kind == VERIFY_FIELDS) {
		*arg = bt->bits / f->arg;
	} else if (f->kind == VERIFY_SPARSE) {
		*arg = f->arg;
	}
	return verify_ref_info(*bits, *kind, *arg, NULL, NULL, NULL);
}

/* The share of random odd multipliers at least as bad as r (ties as bad)
 * in the reference ref_of found (code), and the percentile. */
static double ref_share(int code, unsigned bits, verify_kind kind,
                        unsigned arg, double r, double *percentile,
                        size_t *of, int *tie)
{
	size_t below, same, n;

	*of = 0;
	*tie = 0;
	if (code == REF_EXACT && verify_exact_rank(bits, r, &below, &same, &n)) {
		*of = n;
		*tie = same == n;
		if (percentile)
			*percentile = 100.0 * (double)below / (double)n;
		return (double)(n - below) / (double)n;
	}
	return verify_ref_tail(bits, kind, arg, r, percentile);
}

/* The least distance mod 2^n between the products of two of the keys
 * k0 + k c, k < K (1 < K <= 2^w, the keys distinct): 2^t times that of
 * the odd m = u p mod 2^w (c = 2^t u), the least over 0 < d < K of |d m|
 * mod 2^w (to the nearer multiple of 2^w).  That least is at the largest
 * convergent denominator q < K of m / 2^w (the best approximations are
 * the convergents), and |q m| mod 2^w are the remainders of Euclid's
 * algorithm on (2^w, m): m itself at q = 1, which can be past 2^(w-1),
 * and then 2^w - m, again at q = 1. */
static double least_gap(uint64_t p, unsigned n, uint64_t c, uint64_t K)
{
	unsigned t = verify_ctz64(c), w = n - t;
	uint64_t m = ((c >> t) * p) & word_mask(w), q = 1, qprev = 0;
	u128 dprev = (u128)1 << w, d = m, best = m;

	while (d) {
		u128 a = dprev / d, dnext = dprev - a * d, qn = a * q + qprev;
		if (qn >= K)
			break;
		if (dnext && dnext < best)
			best = dnext;
		dprev = d;
		d = dnext;
		qprev = q;
		q = (uint64_t)qn;
	}
	return ldexp((double)best, (int)t);
}

/*
 * A bound on the worst R of a family of keys k0 + k c over its cells,
 * counting no key: two keys of one bucket of width 2^(n-b) have products
 * less than that apart, so a bucket holds at most floor((2^(n-b) - 1) /
 * g) + 1 of K keys whose products are g apart or more (least_gap), and
 * the sum of squared loads is at most that times K.  p odd.
 */
static double ck_bound(const verify_battery *bt, const verify_family *f)
{
	double worst = 0;
	size_t t;
	unsigned l;

	for (t = 0; t < bt->ntables; t++)
		for (l = 0; l < VERIFY_LOADS; l++) {
			unsigned b = bt->tables[t];
			uint64_t K;
			double g, most, k, M = ldexp(1, (int)b), expect, r;
			if (b + l >= 63 || b >= bt->bits)
				continue;
			K = (uint64_t)1 << (b + l);
			if (K > f->keys)
				continue;
			k = (double)K;
			g = least_gap(bt->p, bt->bits, f->step, K);
			most = floor((ldexp(1, (int)(bt->bits - b)) - 1) / g) + 1;
			if (most > k)
				most = k;
			expect = (k * (1 - 1 / M) + k * k / M + k) / 2;
			r = (most * k + k) / 2 / expect;
			if (r > worst)
				worst = r;
		}
	return worst;
}

double verify_family_bound(const verify_battery *bt, size_t i)
{
	const verify_family *f = &bt->fam[i];

	return f->ck && (bt->p & 1) && f->step ? ck_bound(bt, f) : HUGE_VAL;
}


/* The most family i's status can reach, by its bound (verify_family_can_fail);
 * VERIFY_FAIL when no bound says less. */
static verify_status can_reach(const verify_battery *bt, size_t i)
{
	const verify_family *f = &bt->fam[i];
	verify_kind rk;
	unsigned rb, ra;
	double r;

	assert(i < bt->nfam);
	if (!f->ck || (f->kind == VERIFY_SEQ && bt->bits <= VERIFY_SMALL_BITS))
		return VERIFY_FAIL;
	size_t of;
	int tie, code = ref_of(bt, f, &rb, &rk, &ra);

	if (code == REF_NONE)
		return VERIFY_PASS;       /* not ranked: INFO whatever its R */
	if (!(bt->p & 1) || !f->step)
		return VERIFY_FAIL;
	/* the rule's status rises with R (the share falls): at the bound is
	 * the most the family can reach */
	r = ck_bound(bt, f);
	return verify_rule(r, ref_share(code, rb, rk, ra, r, NULL, &of, &tie),
	                   verify_judged(bt));
}

int verify_family_can_fail(const verify_battery *bt, size_t i)
{
	return can_reach(bt, i) != VERIFY_PASS;
}

int verify_family_ranked(const verify_battery *bt, size_t i)
{
	const verify_family *f = &bt->fam[i];
	verify_kind rk;
	unsigned rb, ra;

	return f->kind != VERIFY_KEYS && ref_of(bt, f, &rb, &rk, &ra) != REF_NONE;
}

int verify_family_passes_at(const verify_battery *bt, size_t i, double r)
{
	const verify_family *f = &bt->fam[i];
	verify_kind rk;
	unsigned rb, ra;
	size_t of;
	int tie, code;

	if (f->kind == VERIFY_KEYS || bt->bits <= VERIFY_SMALL_BITS)
		return 0;
	if ((code = ref_of(bt, f, &rb, &rk, &ra)) == REF_NONE)
		return 0;
	return verify_rule(r, ref_share(code, rb, rk, ra, r, NULL, &of, &tie),
	                   verify_judged(bt)) == VERIFY_PASS;
}

/*
 * A screen's cut of a family of packed keys x<<h|y (bt->r_only: search's
 * battery, whose families run in order in one thread): the largest j of
 * 2^j keys to count.  Those keys are the box x < 2^floor(j/2), y <
 * 2^ceil(j/2), so lattice_bound bounds each cell's R from above without
 * a key hashed.  The cells of the largest j (2^(B-3) keys or more:
 * those counted in the table of 2^B buckets and the next, most of the
 * family's work; a bound costs about as much as 2^16 keys) are left out,
 * from the top down, while each one's bound is below both the worst R of
 * the ranked families counted before this one and the R at which this
 * family's rule stops PASSing.  What the screen answers stays: the
 * family's status (every R up to the bound PASSes, and its worst R is
 * counted wherever it could be higher), the largest worst R of all (the
 * quality: one counted before is higher) and the family that holds it.
 * Only the family's own worst R may be lower, when it is no family's
 * worst.
 */
#define CUT_MIN_B 16             /* tables of 2^16 buckets or more */
#define CUT_BELOW 3              /* keys 2^(B - 3) or more */

static unsigned fields_cut(const verify_battery *bt, size_t fi,
                           unsigned jmax)
{
	const verify_family *f = &bt->fam[fi];
	lattice_layout lay = { 2, { f->arg, 0, 0, 0 } };
	unsigned B = bt->bmax, j, b;
	double top = 0;
	size_t i;

	if (!bt->r_only || f->kind != VERIFY_FIELDS || !(bt->p & 1) ||
	    B < CUT_MIN_B || !verify_family_ranked(bt, fi) || lattice_cuts_off())
		return jmax;
	for (i = 0; i < fi; i++)
		if (bt->fam[i].ran && bt->fam[i].ncells &&
		    bt->fam[i].worst_r > top && verify_family_ranked(bt, i))
			top = bt->fam[i].worst_r;
	for (j = jmax; j + CUT_BELOW >= B; j--) {
		unsigned xb[2] = { j / 2, (j + 1) / 2 };
		if (xb[1] > f->arg || xb[0] > bt->bits - f->arg)
			return j;
		for (b = B; b >= 1 && b + VERIFY_LOADS - 1 >= j; b--) {
			double u;
			if (b > j || !verify_is_table(bt, b))
				continue;
			u = lattice_bound(bt->p, bt->bits, &lay, xb, b);
			if (!(u < top) || !verify_family_passes_at(bt, fi, u))
				return j;
		}
	}
	return j;
}


/* Family i counted (verify_count_family), its largest cells left out
 * where search's screen proves them below what could change its answer
 * (fields_cut: the rule and the references are this file's). */
void verify_family_run(verify_battery *bt, size_t i, void *scratch)
{
	const verify_family *f = &bt->fam[i];
	unsigned jmax = verify_log2_floor(f->keys);

	if (jmax > bt->bmax + VERIFY_LOADS - 1)
		jmax = bt->bmax + VERIFY_LOADS - 1;
	verify_count_family(bt, i, scratch, fields_cut(bt, i, jmax));
}

#define SEED_KREF 0x6b657973ULL      /* "keys": the key sets' reference */

size_t verify_keys_ref_jobs(const verify_battery *bt)
{
	size_t i, n = 0;

	for (i = 0; i < bt->nukeys; i++)
		n += bt->ukref_n[i];
	for (i = 0; i < bt->nufields; i++)
		n += bt->ufields[i].nref;
	return n + (bt->tref ? bt->tref_m : 0);
}

#define SEED_TREF 0x74616273ULL      /* "tabs": the families' reference
                                      * at the user's tables */

/* Family f is ranked, and by a reference of the default tables. */
static int tref_ranked(const verify_battery *bt, size_t f)
{
	verify_kind rk;
	unsigned rb, ra;

	return bt->fam[f].kind != VERIFY_KEYS &&
	       ref_of(bt, &bt->fam[f], &rb, &rk, &ra) != REF_NONE;
}

int verify_rank_at_tables(verify_battery *bt)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bt->bits, VERIFY_STANDARD, t), f,
	       cost = 0, m;

	if (n == bt->ntables && !memcmp(t, bt->tables, n * sizeof *t))
		return 0;
	/* the keys counted a multiplier: the families of c k go by their
	 * pairs (bt->r_only), nearly free; the others are counted */
	for (f = 0; f < bt->nfam; f++)
		if (!bt->fam[f].ck && tref_ranked(bt, f))
			cost += (bt->fam[f].keys < ((size_t)8 << bt->bmax)
			         ? bt->fam[f].keys : (size_t)8 << bt->bmax) +
			        ((size_t)1 << bt->bmax);
	m = cost ? VERIFY_KREF_BUDGET / cost : VERIFY_TREF_COUNT;
	bt->tref_m = m > VERIFY_TREF_COUNT ? VERIFY_TREF_COUNT
	             : m < VERIFY_KREF_MIN ? VERIFY_KREF_MIN : m;
	bt->tref_done = 0;
	bt->tref = xcalloc(bt->nfam * bt->tref_m, sizeof *bt->tref,
	                   "verify references");
	return 1;
}

/* Random multiplier i on every ranked family, its worst R by the
 * screen's count (r_only: R alone, the same R). */
static void tref_run(verify_battery *bt, size_t i, void *scratch)
{
	verify_battery tmp = *bt;
	verify_family f;
	size_t fi;

	tmp.p = verify_ref_multiplier(SEED_TREF, i, bt->bits);
	tmp.r_only = 1;
	tmp.fam = &f;
	tmp.nfam = 1;
	for (fi = 0; fi < bt->nfam; fi++) {
		if (!tref_ranked(bt, fi))
			continue;
		f = bt->fam[fi];
		verify_family_run(&tmp, 0, scratch);
		bt->tref[fi * bt->tref_m + i] = f.worst_r;
	}
	__atomic_fetch_add(&bt->tref_done, 1, __ATOMIC_RELAXED);
}

/* Reference multiplier i of layout k: its worst R, exact (scratch: 2^20
 * counters). */
static void ufields_ref_run(verify_battery *bt, size_t k, size_t i,
                            uint32_t *scratch)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt;
	verify_ufields *u = &bt->ufields[k];
	lattice_cell c;

	verify_ufields_tables(bt, tables, &nt);
	u->ref[i] = lattice_worst(verify_ref_multiplier(0x5eed5eedULL + k, i,
	                          bt->bits), bt->bits, &u->lay, tables, nt, &c,
	                          scratch);
	__atomic_fetch_add(&u->done, 1, __ATOMIC_RELAXED);
}

void verify_keys_ref_run(verify_battery *bt, size_t job, void *scratch)
{
	size_t set = 0, i = job, fi;
	verify_battery tmp;
	verify_family f;

	while (set < bt->nukeys && i >= bt->ukref_n[set])
		i -= bt->ukref_n[set++];
	if (set == bt->nukeys) {      /* a layout's, else the families' */
		for (set = 0; set < bt->nufields && i >= bt->ufields[set].nref;
		     set++)
			i -= bt->ufields[set].nref;
		if (set < bt->nufields) {
			ufields_ref_run(bt, set, i, scratch);
			return;
		}
		assert(bt->tref && i < bt->tref_m);
		tref_run(bt, i, scratch);
		return;
	}
	for (fi = 0; fi < bt->nfam; fi++)
		if (bt->fam[fi].kind == VERIFY_KEYS && bt->fam[fi].arg == set)
			break;
	assert(fi < bt->nfam);
	/* the same keys and cells under another multiplier */
	tmp = *bt;
	f = bt->fam[fi];
	tmp.p = verify_ref_multiplier(SEED_KREF + set, i, bt->bits);
	tmp.fam = &f;
	tmp.nfam = 1;
	verify_family_run(&tmp, 0, scratch);
	bt->ukref[set][i] = f.worst_r;
	__atomic_fetch_add(&bt->ukref_done[set], 1, __ATOMIC_RELAXED);
}


/* A family the user asked for that WARNs only because it was asked
 * (verify_rule_yours): say so at the end of its reason. */
static void yours_note(char *reason, size_t size, verify_status st,
                       double r, double tail, size_t judged)
{
	size_t len = strlen(reason);

	if (!verify_rule_yours_only(st, r, tail, judged) || len >= size)
		return;
	snprintf(reason + len, size - len, "; WARN for your own keys: fewer "
	         "than %g%% of random odd multipliers are this bad on them",
	         100 * VERIFY_ALPHA_FAIL);
}

/* f ranked against the sample ref[0..m) counted now: its size and how
 * many of it do better (a tie is as bad), all its rows claim. */
static void sample_count(verify_family *f, const double *ref, size_t m)
{
	size_t i;

	f->sample_m = m;
	for (f->sample_better = 0, i = 0; i < m; i++)
		f->sample_better += ref[i] < f->worst_r;
}

/* A key set's rank: its worst R among the reference's (P = the share of
 * them at least as bad); 0 when the reference did not run. */
static int keys_rank(const verify_battery *bt, verify_family *f)
{
	double ref[VERIFY_KREF_COUNT];
	size_t m = bt->ukref_n[f->arg];

	if (bt->ukref_done[f->arg] != m)
		return 0;
	memcpy(ref, bt->ukref[f->arg], m * sizeof *ref);
	sample_count(f, ref, m);
	f->tail = verify_sample_tail(ref, m, f->worst_r, &f->percentile);
	return 1;
}

static void judge_family(verify_battery *bt, verify_family *f)
{
	const verify_cell *w = &f->cells[f->worst];
	verify_kind rk;
	unsigned ra, rb;
	char r[16], where[48], ref[16];
	int n, ranked = 1, code;

	/* the reference's word: "32-bit" (on a 10-bit word, say so) */
	snprintf(ref, sizeof ref, "%u-bit", bt->cal_bits);
	if (!f->ncells) {
		f->status = VERIFY_INFO;
		snprintf(f->reason, sizeof f->reason, "only %zu distinct keys: too "
		         "few for a table of 2^%u", f->keys, bt->tables[0]);
		return;
	}
	if (f->kind == VERIFY_KEYS) {
		if (!keys_rank(bt, f)) {
			f->status = VERIFY_INFO;
			snprintf(f->reason, sizeof f->reason, "R %.3g: not ranked (no "
			         "reference run)", f->worst_r);
			return;
		}
	} else if ((code = ref_of(bt, f, &rb, &rk, &ra)) == REF_NONE ||
	           (bt->tref && bt->tref_done != bt->tref_m)) {
		/* no share of random multipliers to judge by (or its run was
		 * stopped): shown, not judged (INFO below), but for the
		 * small-word rule */
		ranked = 0;
		f->tail = 1;
		f->percentile = -1;
	} else if (bt->tref) {
		/* the same keys and cells under random odd multipliers: the
		 * rows say how many of them do better (ties as bad), and the
		 * verdict the tail fitted to them */
		double *sample = bt->tref + (size_t)(f - bt->fam) * bt->tref_m;

		sample_count(f, sample, bt->tref_m);
		f->tail = verify_sample_tail(sample, bt->tref_m, f->worst_r,
		                             &f->percentile);
		f->ranked_all = 0;
		f->tie = 0;
	} else {
		/* the verdict is the share shown: random odd multipliers at
		 * least as bad on these keys and cells */
		f->tail = ref_share(code, rb, rk, ra, f->worst_r, &f->percentile,
		                    &f->ranked_all, &f->tie);
	}
	f->status = (f->user ? verify_rule_yours : verify_rule)(f->worst_r,
	            f->tail, bt->judged);
	f->absolute = f->status != VERIFY_FAIL &&
	              verify_small_rule(bt->bits, f->kind, f->worst_r) ==
	              VERIFY_FAIL;
	if (f->absolute)
		f->status = VERIFY_FAIL;
	else if (!ranked)
		f->status = VERIFY_INFO;
	f->small_note = bt->bits <= VERIFY_SMALL_BITS &&
	                f->kind != VERIFY_SEQ && f->status != VERIFY_FAIL &&
	                f->worst_r >= VERIFY_BAD_R;
	snprintf(r, sizeof r, "%.3g", f->worst_r);
	snprintf(where, sizeof where, "R %s at 2^%u x%u", r, w->b, w->load);
	if (f->absolute)
		n = snprintf(f->reason, sizeof f->reason, "%s; twice a random "
		             "hash's lookups or more: FAIL outright at %u bits",
		             where, bt->bits);
	else if (!ranked) {
		char rank[192];
		verify_rank_text(rank, sizeof rank, f, 0);
		n = snprintf(f->reason, sizeof f->reason, "%s; %s%s", where, rank,
		             f->small_note ? " (small word)" : "");
	} else if (f->small_note && verify_family_as_sequential(f))
		n = snprintf(f->reason, sizeof f->reason, "%s; as 0x%llx on "
		             "sequential %u-bit keys; ranked only (small word)",
		             where, (unsigned long long)f->cf.mult, f->cf.w);
	else if (f->small_note)
		n = snprintf(f->reason, sizeof f->reason, "%s; ranked only "
		             "(small word)", where);
	else {
		char rank[192];
		verify_rank_text(rank, sizeof rank, f, 0);
		n = snprintf(f->reason, sizeof f->reason, "%s; %s", where, rank);
	}
	(void)n;
	if (f->user && ranked && !f->absolute)
		yours_note(f->reason, sizeof f->reason, f->status, f->worst_r,
		           f->tail, bt->judged);
}

/* ---- the form checks ---------------------------------------------------- */

static void check_odd(verify_battery *bt)
{
	unsigned t = verify_ctz64(bt->p), n = bt->bits;
	verify_check *k = verify_form(bt, "odd", t ? VERIFY_FAIL : VERIFY_PASS);

	if (!t)
		snprintf(k->detail, sizeof k->detail, "invertible mod 2^%u: distinct "
		         "keys have distinct products", n);
	else
		snprintf(k->detail, sizeof k->detail, "even (2^%u divides p): keys x "
		         "and x + 2^%u always collide, since 2^%u p = 0 mod 2^%u", t,
		         n - t, n - t, n);
}

/* p near 0 mod 2^n: consecutive keys move by 1/A of the circle.  Ranked
 * like a family (A in place of R, P = 2 m / 2^n), and FAILed outright
 * when the smallest table's 2^b sequential keys span less than an eighth
 * of the word (A >= 8 2^b): they fill at most 2^b / 8 + 1 of its buckets,
 * R >= 2.17 at 2^4, whatever the rank (at 64 bits 1 random multiplier in
 * 64 is that small, and F = 94 made P F = 0.37: only a WARN). */
static void check_size(verify_battery *bt)
{
	unsigned n = bt->bits, b = bt->tables[0];
	uint64_t m = bt->p, neg = (0 - bt->p) & word_mask(n);
	double A, tail;
	int outright;
	verify_check *k;
	char name[24];

	if (neg < m)
		m = neg;
	A = ldexp(1, (int)n) / (double)m;
	tail = 2 * (double)m / ldexp(1, (int)n);
	outright = ((u128)m << (3 + b)) <= (u128)1 << n;   /* A >= 8 2^b */
	k = verify_form(bt, "size", outright ? VERIFY_FAIL
	         : verify_rule(A, tail, bt->judged));
	k->tail = tail;
	/* the smaller of p and its negation 2^n - p, named as such */
	if (m == bt->p)
		snprintf(name, sizeof name, "p");
	else
		snprintf(name, sizeof name, "2^%u - p", n);
	if (k->status == VERIFY_PASS)
		snprintf(k->detail, sizeof k->detail, "%s = %.3g x 2^%u: consecutive "
		         "keys move by 1/%.3g of the word", name,
		         (double)m / ldexp(1, (int)n - 1), n - 1, A);
	else if (outright)
		snprintf(k->detail, sizeof k->detail, "%s is about 2^%.1f, far below "
		         "2^%u: %u consecutive keys span 1/%.3g of the word, so they "
		         "fill at most %u of a 2^%u-bucket table's buckets, whatever "
		         "the rank (1 odd multiplier in %.3g is this small)",
		         name, log2((double)m), n - 1, 1u << b,
		         A / ldexp(1, (int)b), (1u << b) / 8 + 1, b, 1 / tail);
	else
		snprintf(k->detail, sizeof k->detail, "%s is about 2^%.1f, far below "
		         "2^%u: consecutive keys move by only 1/%.3g of the word, so "
		         "runs of %.3g/m keys share a bucket of an m-bucket table "
		         "(1 odd multiplier in %.3g is this small)",
		         name, log2((double)m), n - 1, A, A,
		         1 / tail);
}

static void check_prime(verify_battery *bt, const mpz_t p)
{
	int prime = expr_isprime(p);
	verify_check *k = verify_form(bt, "prime", VERIFY_INFO);

	snprintf(k->detail, sizeof k->detail, "%s; Knuth asks only for odd",
	         prime == 2 ? "prime" : prime ? "probably prime" : "not prime");
}

static void check_cf(verify_battery *bt)
{
	verify_family seq;
	verify_check *k;
	cf_seq cf;
	cf_golden g;
	mpz_t p;
	verify_status st;

	/* p / 2^n itself, for as many points as the battery's largest cell */
	memset(&seq, 0, sizeof seq);
	seq.step = 1;
	verify_explain_keys(bt, &seq, (uint64_t)8 << bt->bmax, &seq.cf);
	mpz_init(p);
	mpz_import(p, 1, 1, sizeof bt->p, 0, 0, &bt->p);
	cf_init(&cf);
	cf_of_multiplier(&cf, p, bt->bits);
	g = cf_golden_stats(&cf);
	cf_clear(&cf);
	mpz_clear(p);
	st = seq.cf.ok ? verify_rule((double)seq.cf.a, verify_gk_tail(
	     (double)seq.cf.a, seq.cf.places), bt->judged) : VERIFY_INFO;
	k = verify_form(bt, "continued fraction",
	                st == VERIFY_FAIL ? VERIFY_WARN : st);
	if (seq.cf.ok) {
		char in[32], sh[16];
		k->tail = verify_gk_tail((double)seq.cf.a, seq.cf.places);
		snprintf(k->detail, sizeof k->detail, "golden prefix %ld; largest "
		         "early quotient a_%zu = %llu: %s%% of random odd multipliers "
		         "have a smaller one; %s by Gauss-Kuzmin", g.prefix,
		         seq.cf.k, (unsigned long long)seq.cf.a, verify_share_text(sh,
		         sizeof sh, 100 * (1 - k->tail), 3),
		         verify_one_in(in, sizeof in, k->tail));
	} else {
		snprintf(k->detail, sizeof k->detail, "golden prefix %ld", g.prefix);
	}
}

/* What cfx shifts --optimal finds (its full search, no target), kept in
 * bt and told in k's detail when it needs fewer adders than the NAF of
 * weight w. */
static void optimal_cost(verify_battery *bt, size_t w, verify_check *k)
{
	mcm_ctx *mc = mcm_new();
	mcm_opts o = { 0, 0, 0, NULL };
	mcm_graph g;
	mcm_result r;
	size_t len = strlen(k->detail);

	bt->opt_adders = bt->opt_depth = 0;
	if (mcm_solve(mc, bt->p, bt->bits, &o, &g, &r, NULL) == 0 &&
	    w > 0 && r.adders < w - 1) {
		bt->opt_adders = r.adders;
		bt->opt_depth = r.depth;
		snprintf(k->detail + len, sizeof k->detail - len, "; reusing "
		         "results (shifts --optimal): %u adders, depth %u", r.adders,
		         r.depth);
	}
	mcm_free(mc);
}

static void check_shift_add(verify_battery *bt, const mpz_t p,
                            const verify_compiled *cc)
{
	naf_form naf;
	sas_prog prog;
	uint64_t x = 0x243f6a8885a308d3ULL, mask = word_mask(bt->bits);
	unsigned long i, n, bad = 0;
	char cost[96], agree[64];
	verify_check *k;
	int all;

	naf_of(&naf, p, bt->bits);
	sas_of(&prog, &naf);
	/* every input of a word of 20 bits or fewer, else 2^20 random ones;
	 * the evaluator's check stands in for the compiled one (issue 21
	 * point 4), so when the compiled check ran and every product agreed
	 * it is not run again (the report then quotes the compiler only) */
	all = bt->bits <= EVAL_BITS;
	n = all ? (unsigned long)1 << bt->bits : 1UL << EVAL_BITS;
	if (cc && cc->ran && cc->ok && cc->msg)
		n = 0;
	for (i = 0; i < n; i++) {
		if (all) {
			x = i;
		} else {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		bad += sas_eval(&prog, x) != ((x * bt->p) & mask);
	}
	snprintf(agree, sizeof agree, "evaluator agrees on %s2^%u inputs (no "
	         "compiler)", all ? "all " : "", all ? bt->bits : EVAL_BITS);
	k = verify_form(bt, "shift/add", bad || (cc && cc->ran && !cc->ok)
	         ? VERIFY_FAIL : cc && !cc->ran && cc->msg ? VERIFY_INFO
	         : VERIFY_PASS);
	if (bad)
		snprintf(k->detail, sizeof k->detail, "the evaluator disagrees with "
		         "x * p on %lu of %lu inputs (a bug)", bad, n);
	else if (k->status == VERIFY_INFO)   /* the compiled check could not
	                                      * run: the evaluator's stands */
		snprintf(k->detail, sizeof k->detail, "%s; evaluator agrees on "
		         "%s2^%u inputs", cc->msg, all ? "all " : "",
		         all ? bt->bits : EVAL_BITS);
	else
		snprintf(k->detail, sizeof k->detail, "NAF weight %zu: %s; %s",
		         naf_weight(&naf), sas_cost_text(&prog, 1, cost, sizeof cost),
		         cc && cc->msg ? cc->msg : agree);
	optimal_cost(bt, naf_weight(&naf), k);
	sas_clear(&prog);
	naf_clear(&naf);
}

/* ---- packed fields ------------------------------------------------------ */

/* "x<<24|y<<8|z: R 133 at 2^20 x2 (predicted), vector (1,-3,0)" */
static void field_text(char *buf, size_t n, const lattice_cell *c,
                       const lattice_layout *lay)
{
	static const char names[] = "xyzw";
	char vec[64] = "";
	size_t len = 0;
	unsigned i;

	for (i = 0; i < lay->nf && len < sizeof vec; i++)
		len += (size_t)snprintf(vec + len, sizeof vec - len, "%s%lld",
		                        i ? "," : "", (long long)c->vec[i]);
	len = 0;
	for (i = 0; i < lay->nf && len < n; i++)
		len += (size_t)(lay->shift[i]
		       ? snprintf(buf + len, n - len, "%s%c<<%u", i ? "|" : "",
		                  names[i], lay->shift[i])
		       : snprintf(buf + len, n - len, "%s%c", i ? "|" : "",
		                  names[i]));
	if (len < n)
		snprintf(buf + len, n - len, ": R %.3g at 2^%u x%u (%s), vector "
		         "(%s)", c->r, c->b, c->load, c->counted >= 0 ? "counted"
		         : "predicted", vec);
}

/* The cells check_fields judges: the worst offset of two fields but
 * those the families judge, the worst of the fixed 3-4 field layouts,
 * counted, on every face by this one function (the branch and bound of
 * lattice.h over 2^20 counters).  roff and rlay 0: each exact, kept for
 * a later judge (cfx verify, the dashboard's last judge: the report
 * prints their R).  Else the R at which the rule WARNs each (screens of
 * many candidates: search's battery, the strip before its last family):
 * every cell whose bound reaches it is counted, so the status is the
 * exact count's, and the cells no bound lets reach it are neither bounded
 * further nor counted (a count of every cell made cfx search's default
 * run five times slower, 1.7 s to 9.5 s of processor time, and the
 * prediction it then fell back to can be below the count).  In jobs
 * (verify_fields_job), which verify_run_prepare runs at once. */
static int fields_plan(const verify_battery *bt, unsigned *tables,
                       size_t *nt, lattice_layout *lay, size_t *nl)
{
	*nt = stride_tables(bt->bits, tables);
	*nl = lattice_fixed(bt->bits, lay);
	return verify_smap_ref_of(bt->bits) && (bt->p & 1) && *nt;
}

size_t verify_fields_jobs(const verify_battery *bt)
{
	unsigned tables[STRIDE_MAX_TABLES];
	lattice_layout lay[4];
	size_t nt, nl;

	return fields_plan(bt, tables, &nt, lay, &nl) ? 1 + nl : 0;
}

void verify_fields_job(const verify_battery *bt, size_t k, double roff,
                       double rlay, verify_fields_cell *out,
                       uint32_t *scratch)
{
	unsigned tables[STRIDE_MAX_TABLES];
	lattice_layout lay[4];
	size_t nt, nl;

	fields_plan(bt, tables, &nt, lay, &nl);
	memset(out, 0, sizeof *out);
	/* the offsets the battery's fields x<<h|y families judge (counted,
	 * against their own reference) are theirs alone: one judgement per
	 * cell.  The offsets' reference (calibrate --strides) leaves out the
	 * same ones: the same set ranked as measured. */
	if (k == 0) {
		lattice_offsets_from(bt->p, bt->bits, tables, nt,
		                     verify_fields_offsets(bt->bits), roff, &out->c,
		                     &out->h, scratch);
		return;
	}
	out->lay = lay[k - 1];
	out->r = lattice_worst_from(bt->p, bt->bits, &lay[k - 1], tables, nt,
	                            rlay, &out->c, scratch);
}

void verify_fields_take(verify_battery *bt, const verify_fields_cell *cells,
                        size_t n, int exact)
{
	size_t i;

	memset(&bt->foff, 0, sizeof bt->foff);
	memset(&bt->flay, 0, sizeof bt->flay);
	memset(&bt->flay_lay, 0, sizeof bt->flay_lay);
	bt->foff_h = 0;
	if (n) {
		bt->foff = cells[0].c;
		bt->foff_h = cells[0].h;
	}
	for (i = 1; i < n; i++)
		if (cells[i].r > bt->flay.r || i == 1) {
			bt->flay = cells[i].c;
			bt->flay_lay = cells[i].lay;
		}
	bt->fields_counted = exact ? VERIFY_FIELDS_EXACT : VERIFY_FIELDS_SCREENED;
}

static void fields_count(verify_battery *bt, double roff, double rlay)
{
	uint32_t *loads = xmalloc(sizeof *loads << 20, "field counts");
	verify_fields_cell cells[5];
	size_t n = verify_fields_jobs(bt), k;

	for (k = 0; k < n; k++)
		verify_fields_job(bt, k, roff, rlay, &cells[k], loads);
	free(loads);
	verify_fields_take(bt, cells, n, roff <= 0 && rlay <= 0);
}

/* One field check, ranked against its reference (pct, beta): the worst
 * cell c of lay (exact), or, screened at rmin > 0 (the R at which the
 * rule FAILs) with no cell reaching it, PASS: below FAIL, whether it
 * would WARN not asked (a screen's verdict does not turn on it; the
 * report counts it exactly).  what: the keys it judges. */
static void field_check(verify_battery *bt, const char *name,
                        const double *pct, double beta,
                        const lattice_cell *c, const lattice_layout *lay,
                        double rmin, const char *what)
{
	double tail, share;
	verify_check *k;
	char cell[160], sh[16];

	tail = verify_pct_tail(pct, beta, c->r, &share);
	k = verify_form(bt, name, verify_rule(c->r, tail, bt->judged));
	k->tail = tail;
	k->r = c->r;
	k->percentile = share;
	if (c->b && (rmin <= 0 || c->r >= rmin)) {
		field_text(cell, sizeof cell, c, lay);
		snprintf(k->detail, sizeof k->detail, "%.110s; %s; %s%% of random "
		         "odd %u-bit multipliers do better", cell, what,
		         verify_share_text(sh, sizeof sh, share, 3), bt->bits);
		return;
	}
	k->status = VERIFY_PASS;
	k->percentile = -1;
	snprintf(k->detail, sizeof k->detail, "no cell reaches R %.3g, which "
	         "would FAIL (screened: every cell whose bound reaches it "
	         "counted; a WARN below it not asked); %s", rmin, what);
}

/* 1 when a form check or a counted family FAILs (families judged). */
static int judged_fail(const verify_battery *bt)
{
	size_t i;

	for (i = 0; i < bt->nforms; i++)
		if (bt->forms[i].status == VERIFY_FAIL)
			return 1;
	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].ran && bt->fam[i].status == VERIFY_FAIL)
			return 1;
	return 0;
}

/* Packed fields: every offset of two fields, the fixed 3-4 field layouts,
 * each ranked against random multipliers' worst (stride_cal.inc),
 * counted (fields_count): exact with the form checks (cfx verify, the
 * dashboard's last judge); in a screen (search's battery, the strip
 * before its last family) whether each reaches the R that FAILs, the same
 * FAIL as the exact count's, and not counted at all once something else
 * FAILs. */
static void check_fields(verify_battery *bt, int full)
{
	const verify_smap_ref *ref = verify_smap_ref_of(bt->bits);
	unsigned tables[STRIDE_MAX_TABLES], i;
	size_t nt = stride_tables(bt->bits, tables), nl;
	lattice_layout lay[4], two;
	double roff = 0, rlay = 0;

	if (!ref || !(bt->p & 1) || !nt) {
		memset(&bt->foff, 0, sizeof bt->foff);
		memset(&bt->flay, 0, sizeof bt->flay);
		memset(&bt->flay_lay, 0, sizeof bt->flay_lay);
		bt->foff_h = 0;
		return;
	}
	nl = lattice_fixed(bt->bits, lay);
	if (!full && judged_fail(bt)) {
		/* a screen whose verdict is FAIL already (most of search's
		 * candidates that reach the battery): not counted */
		for (i = 0; i < (nl ? 2u : 1u); i++)
			snprintf(verify_form(bt, i ? "field layouts" : "field offsets",
			         VERIFY_INFO)->detail, VERIFY_DETAIL_MAX, "not counted: "
			         "the verdict is FAIL already (a screen)");
		return;
	}
	if (!full) {
		/* a hair below the rule's R: the closed form's rounding never
		 * passes over a cell the rule would FAIL at */
		roff = verify_rule_r(ref->off_pct, ref->off_beta, bt->judged,
		                     VERIFY_FAIL) * (1 - 1e-9);
		rlay = verify_rule_r(ref->lay_pct, ref->lay_beta, bt->judged,
		                     VERIFY_FAIL) * (1 - 1e-9);
	}
	if (bt->fields_counted < (full ? VERIFY_FIELDS_EXACT
	                          : VERIFY_FIELDS_SCREENED))
		fields_count(bt, roff, rlay);
	if (bt->fields_counted == VERIFY_FIELDS_EXACT)
		roff = rlay = 0;
	two = (lattice_layout){ 2, { bt->foff_h, 0, 0, 0 } };
	field_check(bt, "field offsets", ref->off_pct, ref->off_beta, &bt->foff,
	            &two, roff, "the worst offset h of keys x<<h|y (but those "
	            "of the fields families)");
	if (nl)
		field_check(bt, "field layouts", ref->lay_pct, ref->lay_beta,
		            &bt->flay, &bt->flay_lay, rlay, "the worst of 3-4 "
		            "fields (bytes 24/16/8, 20/12, 32/20/12)");
}

/* The key counts of u's cells (2^jmin..2^jmax; lattice_worst's cells:
 * tables[] and 1 to 8 keys a bucket, each field 2^LATTICE_MIN_FIELD values
 * or more), which the report sets beside a fields family's. */
static void ufields_range(const verify_battery *bt, verify_ufields *u,
                          const unsigned *tables, size_t nt)
{
	unsigned xb[LATTICE_MAX_FIELDS], l;
	size_t t;

	u->jmin = u->jmax = 0;
	for (t = 0; t < nt; t++)
		for (l = 0; l < 4; l++) {
			unsigned j = tables[t] + l;
			if (tables[t] >= bt->bits ||
			    !lattice_spread(&u->lay, bt->bits, j, xb))
				continue;
			if (!u->jmax || j < u->jmin)
				u->jmin = j;
			if (j > u->jmax)
				u->jmax = j;
		}
}

int verify_ufields_family(const verify_battery *bt, const verify_ufields *u,
                          size_t *fam, unsigned *jlo, unsigned *jhi)
{
	size_t i, c;

	if (u->lay.nf != 2 || !u->jmax)
		return 0;
	for (i = 0; i < bt->nfam; i++) {
		const verify_family *fa = &bt->fam[i];
		size_t kmin = SIZE_MAX, kmax = 0;
		if (fa->kind != VERIFY_FIELDS || fa->arg != u->lay.shift[0] ||
		    !fa->ncells)
			continue;
		for (c = 0; c < fa->ncells; c++) {
			size_t k = fa->cells[c].sc.keys;
			kmin = k < kmin ? k : kmin;
			kmax = k > kmax ? k : kmax;
		}
		*fam = i;
		*jlo = verify_log2_floor(kmin);
		*jhi = verify_log2_floor(kmax);
		return 1;
	}
	return 0;
}

/* The layouts asked for: the candidate's worst cell, exact, ranked
 * against the reference of verify_ufields (verify.h): a precomputed one
 * of its offset (two fields, 32 or 64 bits) or the random multipliers of
 * verify_keys_ref_run, those that did not run counted here. */
static void judge_ufields(verify_battery *bt)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt, k, i;
	uint32_t *loads;
	int standard;

	if (!bt->nufields)
		return;
	standard = verify_ufields_tables(bt, tables, &nt);
	loads = xmalloc(sizeof *loads << 20, "field counts");
	for (k = 0; k < bt->nufields && !verify_stopped(bt); k++) {
		verify_ufields *u = &bt->ufields[k];
		const verify_off_ref *o = u->lay.nf == 2 && standard ?
		                          verify_off_ref_of(bt->bits,
		                          u->lay.shift[0]) : NULL;
		char vec[64] = "", sh[16];
		size_t len = 0;
		double r;
		unsigned f;
		int exact;

		r = lattice_worst(bt->p, bt->bits, &u->lay, tables, nt, &u->cell,
		                  loads);
		ufields_range(bt, u, tables, nt);
		if (u->cell.b == 0) {
			u->status = VERIFY_INFO;
			if (!nt)
				snprintf(u->reason, sizeof u->reason, "no table cell: packed "
				         "fields are counted at 2^20 buckets or fewer");
			else
				snprintf(u->reason, sizeof u->reason, "no table cell: each "
				         "field needs at least 2^%d values",
				         LATTICE_MIN_FIELD);
			continue;
		}
		if (o) {
			u->ref_count = o->count;
			u->tail = verify_pct_tail(o->pct, o->beta, r, &u->percentile);
		} else {
			/* the reference's multipliers the pool did not count */
			if (u->done < VERIFY_UREF_COUNT) {
				u->done = 0;
				for (i = 0; i < VERIFY_UREF_COUNT && !verify_stopped(bt); i++)
					ufields_ref_run(bt, k, i, loads);
			}
			if (verify_stopped(bt))      /* stopped: not judged */
				break;
			u->ref_count = VERIFY_UREF_COUNT;
			u->tail = verify_sample_tail(u->ref, VERIFY_UREF_COUNT, r,
			                             &u->percentile);
		}
		u->status = verify_rule_yours(r, u->tail, bt->judged);
		for (f = 0; f < u->lay.nf && len < sizeof vec; f++)
			len += (size_t)snprintf(vec + len, sizeof vec - len, "%s%lld",
			                        f ? "," : "", (long long)u->cell.vec[f]);
		/* the worst cell's mean over starts, from every point of its
		 * box: the basis vectors' lines alone (cell.pred) missed the
		 * planes of 3-4 fields */
		u->cell.pred = lattice_mean(bt->p, bt->bits, &u->lay, u->cell.xb,
		                            u->cell.b, &exact);
		snprintf(u->reason, sizeof u->reason, "R %.3g at 2^%u x%u "
		         "(predicted %s%.3g over random starts, counted %.3g from "
		         "0), vector (%s); %s%% of %u random odd multipliers do "
		         "better", r, u->cell.b, u->cell.load, exact ? ""
		         : "at least ", u->cell.pred, r, vec,
		         verify_share_text(sh, sizeof sh, u->percentile, 3),
		         u->ref_count);
		yours_note(u->reason, sizeof u->reason, u->status, r, u->tail,
		           bt->judged);
	}
	free(loads);
}

/* The joint rule, measured on random odd multipliers by `bench_verify
 * joint` (whole battery, tables 2^4..2^20; the calibration's seed and a
 * fresh one): how many of them WARN in VERIFY_JOINT_WARNS or more families
 * at once, per reference word size. */
static const struct { unsigned bits; unsigned reach, of; } joint_ref[] = {
	{ 32, VERIFY_JOINT_REACH_32, VERIFY_JOINT_OF_32 },
	{ 64, VERIFY_JOINT_REACH_64, VERIFY_JOINT_OF_64 },
};

size_t verify_joint_warns(const verify_battery *bt)
{
	size_t i, w = 0;

	for (i = 0; i < bt->nfam; i++)
		w += bt->fam[i].status == VERIFY_WARN;
	return w;
}

const char *verify_fail_words(const verify_battery *bt, char *s, size_t n)
{
	if (verify_joint(bt))
		snprintf(s, n, "%zu checks, %zu WARN (%zu families at once): "
		         "the joint rule", verify_checks(bt), bt->nwarn,
		         verify_joint_warns(bt));
	else
		snprintf(s, n, "%zu of %zu checks", bt->nfail,
		         verify_checks(bt));
	return s;
}

const char *verify_pass_words(const verify_battery *bt, char *s, size_t n)
{
	if (bt->nwarn)
		snprintf(s, n, "%zu checks, %zu WARN", verify_checks(bt),
		         bt->nwarn);
	else
		snprintf(s, n, "%zu checks", verify_checks(bt));
	return s;
}

/* A constant unusual in many families at once: a FAIL of its own, added
 * as the last form check "joint" only when it decides the verdict (it
 * FAILs and nothing else does; after the families). */
static void check_joint(verify_battery *bt)
{
	size_t w = verify_joint_warns(bt), i;
	verify_check *k;

	if (bt->nfail || verify_joint_rule(w) != VERIFY_FAIL)
		return;
	for (i = 0; i + 1 < sizeof joint_ref / sizeof *joint_ref &&
	     joint_ref[i].bits != bt->cal_bits; i++)
		;
	k = verify_form(bt, "joint", VERIFY_FAIL);
	snprintf(k->detail, sizeof k->detail, "%zu families WARN at once "
	         "(unusual in each); %u or more: %u of %u random %u-bit "
	         "multipliers%s", w,
	         VERIFY_JOINT_WARNS, joint_ref[i].reach, joint_ref[i].of,
	         joint_ref[i].bits, joint_ref[i].reach ? "" : " (none)");
	bt->nfail++;
}

verify_status verify_joint_rule(size_t warns)
{
	return warns >= VERIFY_JOINT_WARNS ? VERIFY_FAIL : VERIFY_PASS;
}

void verify_judge(verify_battery *bt, int forms, const verify_compiled *cc)
{
	size_t i;
	mpz_t p;

	bt->judged = verify_judged(bt);
	bt->ncells = 0;
	bt->nforms = 0;
	mpz_init(p);
	mpz_import(p, 1, 1, sizeof bt->p, 0, 0, &bt->p);
	check_odd(bt);
	check_size(bt);
	check_prime(bt, p);
	check_cf(bt);
	if (forms)
		check_shift_add(bt, p, cc);
	if (!verify_stopped(bt))
		verify_check_strides(bt, forms);
	/* the families before the field checks: a screen that FAILs already
	 * need not count the fields (check_fields) */
	for (i = 0; i < bt->nfam; i++) {
		if (!bt->fam[i].ran) {      /* cancelled or skipped: no total */
			bt->fam[i].status = VERIFY_INFO;
			snprintf(bt->fam[i].reason, sizeof bt->fam[i].reason,
			         "not counted");
			continue;
		}
		judge_family(bt, &bt->fam[i]);
		bt->ncells += bt->fam[i].ncells;
	}
	if (!verify_stopped(bt))
		check_fields(bt, forms);
	if (!verify_stopped(bt))
		judge_ufields(bt);
	mpz_clear(p);
	if (verify_stopped(bt))
		return;
	bt->nfail = bt->nwarn = 0;
	for (i = 0; i < bt->nforms; i++) {
		bt->nfail += bt->forms[i].status == VERIFY_FAIL;
		bt->nwarn += bt->forms[i].status == VERIFY_WARN;
	}
	for (i = 0; i < bt->nfam; i++) {
		bt->nfail += bt->fam[i].status == VERIFY_FAIL;
		bt->nwarn += bt->fam[i].status == VERIFY_WARN;
	}
	for (i = 0; i < bt->nufields; i++) {
		bt->nfail += bt->ufields[i].status == VERIFY_FAIL;
		bt->nwarn += bt->ufields[i].status == VERIFY_WARN;
	}
	check_joint(bt);
	bt->status = bt->nfail ? VERIFY_FAIL : VERIFY_PASS;
}

const char *verify_family_why(verify_kind kind)
{
	switch (kind) {
	case VERIFY_SEQ: return "counters, inode and process numbers";
	case VERIFY_POW2: return "aligned pointers, block and page numbers";
	case VERIFY_MULT: return "array elements of odd and struct sizes, "
	                         "decimal ids";
	case VERIFY_AP: return "runs that start anywhere, off the bucket edges";
	case VERIFY_BYTE: return "one field of a record varying, the rest fixed";
	case VERIFY_FIELDS: return "packed keys, where a constant may see only "
	                           "x + y";
	case VERIFY_PTRIDX: return "an object address and a small index, like "
	                           "the page cache's";
	case VERIFY_SPARSE: return "flags and masks: few bits set";
	case VERIFY_KEYS: return "your own keys (--keys)";
	}
	return "";
}
