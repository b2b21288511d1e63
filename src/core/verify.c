/*
 * verify.c - the uniformity battery behind `cfx verify` (see verify.h).
 *
 * Work is split by family over a few threads; each thread keeps its own
 * bucket array.  Within a family and a table size the key counts nest, so
 * the loads of 1x are extended to 2x, 4x and 8x rather than recounted.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/verify.h"
#include "cfx/word.h"

#define MAX_THREADS 8

size_t vfy_default_tables(unsigned bits, unsigned *tables)
{
	size_t n = 0;
	unsigned b;

	for (b = 4; b <= 20 && b <= bits; b++)
		tables[n++] = b;
	if (n == 0)
		tables[n++] = bits;
	return n;
}

const char *vfy_status_name(vfy_status s)
{
	static const char *names[] = { "PASS", "WARN", "FAIL", "INFO" };
	return names[s];
}

vfy_status vfy_judge(const vfy_battery *bt, const score_result *sc)
{
	/* one cell alone only warns: a family fails on its mean */
	if (sc->probe_ratio >= SCORE_BAD_R && sc->p_value < SCORE_ALPHA)
		return VFY_WARN;
	if (sc->p_value < bt->alpha_cell && sc->probe_ratio > 1)
		return VFY_WARN;
	return VFY_PASS;
}

/* ---- the families ----------------------------------------------------- */

static void add_family(vfy_battery *bt, vfy_kind kind, unsigned arg,
                       const char *fmt)
{
	vfy_family *f = &bt->fam[bt->nfam++];

	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->arg = arg;
	snprintf(f->name, sizeof f->name, fmt, arg);
}

static size_t plan(vfy_battery *bt, unsigned bmax)
{
	unsigned n = bt->bits, s;
	static const unsigned align[] = { 8, 16, 64, 4096 };
	size_t i;

	add_family(bt, VFY_SEQ, 0, "sequential");
	add_family(bt, VFY_RANDOM, 1, "random");
	for (i = 0; i < 4; i++)
		if (n >= 64 || align[i] < ((uint64_t)1 << n) / 4)
			add_family(bt, VFY_PTR, align[i], "pointers /%u");
	if (bmax + 4 < n)
		add_family(bt, VFY_HIGH, bmax + 4, "top %u bits only");
	if (16 < n)
		add_family(bt, VFY_SPARSE, 16, "%u random bits");
	if (24 < n)
		add_family(bt, VFY_SPARSE, 24, "%u random bits");
	for (s = 1; s < n; s++)
		add_family(bt, VFY_STRIDE, s, "stride 2^%u");
	return bt->nfam;
}

/* ---- one family ------------------------------------------------------- */

typedef struct job {
	vfy_battery *bt;
	pthread_mutex_t lock;
	size_t next, done;
	int stop;
	vfy_progress progress;
	void *ctx;
	int failed;                 /* out of memory */
	unsigned bmax;
} job;

/*
 * The keys of a family, made on the fly from their index i: k 2^s for
 * sequential and strides, and for the random-like families a bijection of
 * i on the bits that vary, so every key is distinct by construction (a
 * sample without replacement) and no key array or de-duplication is
 * needed.  The bijection alternates xorshifts and odd multipliers, each
 * invertible mod 2^w.
 */
typedef struct source {
	vfy_kind kind;
	unsigned shift;             /* keys are (scrambled i) << shift */
	unsigned w;                 /* bits that vary */
	uint64_t seed;
	unsigned pos[64];           /* sparse: where the w bits go */
	size_t avail;               /* distinct keys available */
} source;

static uint64_t scramble(uint64_t x, unsigned w, uint64_t seed)
{
	static const uint64_t mul[3] = {
		0xbf58476d1ce4e5b9ULL, 0x94d049bb133111ebULL, 0xd6e8feb86659fd93ULL
	};
	uint64_t mask = word_mask(w);
	unsigned r = (w + 1) / 2, i;

	x = (x + seed) & mask;
	for (i = 0; i < 3; i++) {
		x ^= x >> r;
		x = (x * mul[i]) & mask;
	}
	return x ^ (x >> r);
}

static void source_open(source *src, const vfy_family *f, unsigned bits,
                        size_t want)
{
	unsigned i, j;

	memset(src, 0, sizeof *src);
	src->kind = f->kind;
	src->seed = 0x5eed5eed5eedULL;
	if (vfy_family_shift(f, bits, &src->shift))
		src->w = bits - src->shift;
	switch (f->kind) {
	case VFY_RANDOM: src->w = bits; break;
	case VFY_SPARSE: {
		/* K distinct positions, spread by a fixed scramble */
		uint64_t used = 0;
		src->w = f->arg;
		for (i = 0, j = 0; i < f->arg; j++) {
			unsigned b = (unsigned)(scramble(j, 16, 77) % bits);
			if (!(used >> b & 1)) {
				used |= (uint64_t)1 << b;
				src->pos[i++] = b;
			}
		}
		break;
	}
	default:
		break;
	}
	src->avail = src->w >= 63 || want < ((size_t)1 << src->w) ? want
	             : (size_t)1 << src->w;
}

int vfy_family_shift(const vfy_family *f, unsigned bits, unsigned *s)
{
	*s = 0;
	switch (f->kind) {
	case VFY_SEQ: return 1;
	case VFY_STRIDE: *s = f->arg; return 1;
	case VFY_PTR: while ((1u << *s) < f->arg) (*s)++; return 1;
	case VFY_HIGH: *s = bits - f->arg; return 1;
	default: return 0;
	}
}

static uint64_t source_key(const source *src, size_t i, unsigned bits)
{
	uint64_t x;
	unsigned j;

	switch (src->kind) {
	case VFY_SEQ: case VFY_STRIDE:
		return ((uint64_t)i << src->shift) & word_mask(bits);
	case VFY_SPARSE:
		x = scramble(i, src->w, src->seed);
		{
			uint64_t key = 0;
			for (j = 0; j < src->w; j++)
				key |= ((x >> j) & 1) << src->pos[j];
			return key;
		}
	default:
		return scramble(i, src->w, src->seed) << src->shift;
	}
}

/* Add keys [from, to) of the source to loads. */
static void source_hash(const source *src, size_t from, size_t to, uint64_t p,
                        unsigned bits, unsigned b, uint32_t *loads)
{
	uint64_t mask = word_mask(bits);
	unsigned shift = bits - b;
	size_t k;

	if (src->kind == VFY_SEQ || src->kind == VFY_STRIDE) {
		/* (k 2^s) p = k (p 2^s) mod 2^n: a progression of products */
		p = (p << src->shift) & mask;
		score_add_progression((uint64_t)from * p, p, to - from, bits, b,
		                      loads);
		return;
	}
	for (k = from; k < to; k++)
		loads[((source_key(src, k, bits) * p) & mask) >> shift]++;
}

/* Keys of the worst cell that share its fullest bucket. */
static void find_example(vfy_family *f, const source *src, uint64_t p,
                         unsigned bits, uint32_t *loads)
{
	const vfy_cell *c = &f->cells[f->worst];
	size_t m = (size_t)1 << c->b, i, best = 0;
	unsigned shift = bits - c->b;
	uint64_t mask = word_mask(bits);

	memset(loads, 0, m * sizeof *loads);
	source_hash(src, 0, c->sc.keys, p, bits, c->b, loads);
	for (i = 1; i < m; i++)
		if (loads[i] > loads[best])
			best = i;
	f->example_bucket = best;
	f->nexample = 0;
	for (i = 0; i < c->sc.keys && f->nexample < VFY_EXAMPLE; i++) {
		uint64_t key = source_key(src, i, bits);
		if (((key * p) & mask) >> shift == best)
			f->example[f->nexample++] = key;
	}
}

/* Judge a family: FAIL when its lookups cost twice a random hash's
 * (geometric mean of R over its cells), WARN when some cell alone does, or
 * shows a significant excess of collisions.  The worst cell is the one
 * that decided, or the largest R. */
static void judge_family(vfy_battery *bt, vfy_family *f)
{
	double logsum = 0;
	size_t i;

	f->worst = 0;
	f->status = VFY_PASS;
	for (i = 0; i < f->ncells; i++) {
		const score_result *sc = &f->cells[i].sc;
		vfy_status st = vfy_judge(bt, sc);

		logsum += log(sc->probe_ratio > 0 ? sc->probe_ratio : 1);
		if (st > f->status ||
		    (st == f->status && sc->probe_ratio >
		     f->cells[f->worst].sc.probe_ratio)) {
			f->status = st;
			f->worst = i;
		}
	}
	f->mean_ratio = f->ncells ? exp(logsum / (double)f->ncells) : 1;
	f->keys_avail = 0;
	if (f->mean_ratio >= SCORE_BAD_R)
		f->status = VFY_FAIL;
}

static void run_family(vfy_battery *bt, vfy_family *f, unsigned bmax,
                       uint32_t *loads)
{
	source src;
	size_t t;
	unsigned l;

	source_open(&src, f, bt->bits, (size_t)8 << bmax);
	for (t = 0; t < bt->ntables; t++) {
		unsigned b = bt->tables[t];
		size_t hashed = 0;

		memset(loads, 0, ((size_t)1 << b) * sizeof *loads);
		for (l = 0; l < VFY_LOADS; l++) {
			size_t want = (size_t)1 << (b + l), to;
			vfy_cell *c;

			to = want < src.avail ? want : src.avail;
			/* fewer keys than buckets: chi^2 means nothing there */
			if (to < ((size_t)1 << b) || (to == hashed && l > 0))
				break;
			source_hash(&src, hashed, to, bt->p, bt->bits, b, loads);
			hashed = to;
			c = &f->cells[f->ncells++];
			c->b = b;
			c->load = 1u << l;
			score_stats(loads, b, hashed, &c->sc);
		}
	}
	judge_family(bt, f);
	f->keys_avail = src.avail;
	if (f->status != VFY_PASS && f->ncells)
		find_example(f, &src, bt->p, bt->bits, loads);
}

static void *worker(void *arg)
{
	job *j = arg;
	vfy_battery *bt = j->bt;
	uint32_t *loads = malloc(sizeof *loads << j->bmax);

	if (!loads) {
		pthread_mutex_lock(&j->lock);
		j->failed = 1;
		pthread_mutex_unlock(&j->lock);
		return NULL;
	}
	for (;;) {
		size_t i;

		pthread_mutex_lock(&j->lock);
		if (j->stop || j->failed || j->next >= bt->nfam) {
			pthread_mutex_unlock(&j->lock);
			break;
		}
		i = j->next++;
		pthread_mutex_unlock(&j->lock);

		run_family(bt, &bt->fam[i], j->bmax, loads);
		pthread_mutex_lock(&j->lock);
		j->done++;
		if (j->progress && j->progress(j->ctx, j->done, bt->nfam))
			j->stop = 1;
		pthread_mutex_unlock(&j->lock);
	}
	free(loads);
	return NULL;
}

int vfy_run(vfy_battery *bt, uint64_t p, unsigned bits,
            const unsigned *tables, size_t ntables, int threads,
            vfy_progress progress, void *ctx, cfx_err *err)
{
	pthread_t tid[MAX_THREADS];
	int started[MAX_THREADS] = { 0 };
	job j;
	unsigned bmax = 0;
	size_t i;
	int t;

	memset(bt, 0, sizeof *bt);
	bt->p = p & word_mask(bits);
	bt->bits = bits;
	if (ntables == 0 || ntables > VFY_MAX_TABLES)
		return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
		                   "between 1 and %d table sizes", VFY_MAX_TABLES);
	for (i = 0; i < ntables; i++) {
		if (tables[i] < 1 || tables[i] > bits || tables[i] > 24)
			return cfx_err_set(err, CFX_EDOMAIN, -1, NULL,
			                   "table bits %u outside 1..%u", tables[i],
			                   bits < 24 ? bits : 24);
		bt->tables[i] = tables[i];
		if (tables[i] > bmax)
			bmax = tables[i];
	}
	bt->ntables = ntables;
	if (!(bt->fam = calloc(bits + 16, sizeof *bt->fam)))
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "out of memory");
	plan(bt, bmax);
	for (i = 0; i < bt->nfam; i++)
		bt->ncells += ntables * VFY_LOADS;
	bt->alpha_cell = VFY_ALPHA / (double)bt->ncells;

	memset(&j, 0, sizeof j);
	j.bt = bt;
	j.progress = progress;
	j.ctx = ctx;
	j.bmax = bmax;
	pthread_mutex_init(&j.lock, NULL);
	if (threads < 1)
		threads = 1;
	if (threads > MAX_THREADS)
		threads = MAX_THREADS;
	for (t = 1; t < threads; t++)
		started[t] = pthread_create(&tid[t], NULL, worker, &j) == 0;
	worker(&j);
	for (t = 1; t < threads; t++)
		if (started[t])
			pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&j.lock);
	if (j.failed)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "out of memory");
	if (j.stop)
		return cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
	/* the exact count of cells run, for the report */
	bt->ncells = 0;
	for (i = 0; i < bt->nfam; i++)
		bt->ncells += bt->fam[i].ncells;
	return 0;
}

void vfy_free(vfy_battery *bt)
{
	if (!bt)
		return;
	free(bt->fam);
	bt->fam = NULL;
	bt->nfam = 0;
}
