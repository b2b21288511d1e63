/*
 * verify_run.c - the one driver of verify's battery (verify_run.h;
 * prefix verify_run_).
 *
 * cfx verify, review, bench, search's screen and the dashboard's strip
 * each counted the battery's families with a loop of their own (the
 * pool with a scratch a worker, a serial loop with a stop flag, one
 * family at a time resumed), and the strip recounted the verdict's
 * totals.  This is that loop once: it neither plans nor judges; the
 * caller does both (verify_judge counts the totals over what ran).
 */
#include <stdlib.h>

#include "cfx/pool.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "util/xalloc.h"
#include "core/verify_int.h"

typedef struct run_ctx {
	verify_battery *bt;
	const verify_run_opts *o;
	void *scratch[POOL_MAX];
	size_t work, total;        /* keys counted, of the run's */
	unsigned char *counted;    /* counts(), family by family (NULL: every
	                            * one counts), decided once a run */
} run_ctx;

size_t verify_run_family_work(const verify_battery *bt, size_t i)
{
	size_t cap = (size_t)8 << bt->bmax;

	return bt->fam[i].keys < cap ? bt->fam[i].keys : cap;
}

static int counts(const run_ctx *r, size_t i)
{
	return !r->counted || r->counted[i];
}

static int cancelled(const verify_run_opts *o)
{
	return o->cancel && *o->cancel;
}

static void run_family(void *ctx, size_t j, unsigned w)
{
	run_ctx *r = ctx;
	size_t i = r->o->from + j;

	if (!counts(r, i))
		return;
	verify_family_run(r->bt, i, r->scratch[w]);
	__atomic_fetch_add(&r->work, verify_run_family_work(r->bt, i),
	                   __ATOMIC_RELAXED);
}

static int run_done(void *ctx, size_t done, size_t total)
{
	run_ctx *r = ctx;
	size_t work = __atomic_load_n(&r->work, __ATOMIC_RELAXED);

	(void)total;
	if (r->o->progress &&
	    r->o->progress(r->o->ctx, r->o->from + done, r->bt->nfam,
	                   r->total ? (double)work / (double)r->total : 1))
		return 1;
	return cancelled(r->o);
}

static void run_ref(void *ctx, size_t i, unsigned w)
{
	run_ctx *r = ctx;

	verify_keys_ref_run(r->bt, i, r->scratch[w]);
}

/* The screen past the map in its parts (verify_strides_beyond_part),
 * each a job of the report's or of verify_run_prepare's. */
typedef struct beyond_jobs {
	stride_hit *parts;
	size_t found[VERIFY_BEYOND_PARTS];
} beyond_jobs;

static void beyond_run(const verify_battery *bt, beyond_jobs *b, size_t k)
{
	b->found[k] = verify_strides_beyond_part(bt, (unsigned)k,
	                                         b->parts + k * VERIFY_BEYOND_WANT);
}

/* The report's jobs, the longest first: the screen's parts, the
 * listed strides, the examples. */
typedef struct report_ctx {
	run_ctx r;
	size_t listed;
	size_t nparts;             /* 0: verify_run_prepare screened them */
	beyond_jobs b;
} report_ctx;

static void run_report(void *ctx, size_t i, unsigned w)
{
	report_ctx *x = ctx;
	verify_battery *bt = x->r.bt;

	if (verify_stopped(bt))
		return;
	if (i < x->nparts) {
		if (bt->smap.s)
			beyond_run(bt, &x->b, i);
		return;
	}
	i -= x->nparts;
	if (i < x->listed)
		verify_strides_count(bt, i, x->r.scratch[w]);
	else
		verify_family_examples(bt, i - x->listed, x->r.scratch[w]);
}

/* verify_run_prepare's work: the field counts (the offsets first, the
 * longest) and the stride map, which allocate (FLINT's GMP integers,
 * the cells, the map's rows), in the calling thread alone; the parts of
 * the screen past the map, which do not, on any worker.  A worker thread
 * that allocates takes a malloc arena of its own, 64 MiB of address
 * space, and under ulimit -v GMP aborted where the judge, in the calling
 * thread, stopped with one line (harden/bounds.sh).  So a job is a slot,
 * not an item: worker 0 takes the next allocating item while there is
 * one, else (and every other worker) the next part; the items a slot of
 * another worker left are done after the pool, in the calling thread. */
typedef struct prep_ctx {
	run_ctx r;
	size_t nfields;
	verify_fields_cell cells[5];
	verify_smap map;
	beyond_jobs b;
	size_t next_own, next_part;   /* items taken (atomic) */
} prep_ctx;

/* Allocating item k: a field count, or (k == nfields) the map. */
static void prepare_own(prep_ctx *x, size_t k)
{
	verify_battery *bt = x->r.bt;

	if (k < x->nfields)
		verify_fields_job(bt, k, 0, 0, &x->cells[k], x->r.scratch[0]);
	else
		verify_strides_make(bt->p, bt->bits, &x->map);
}

static void run_prepare(void *ctx, size_t i, unsigned w)
{
	prep_ctx *x = ctx;
	size_t k;

	(void)i;
	if (cancelled(x->r.o))
		return;
	if (w == 0 && (k = __atomic_fetch_add(&x->next_own, 1,
	                                      __ATOMIC_RELAXED)) <= x->nfields)
		prepare_own(x, k);
	else if ((k = __atomic_fetch_add(&x->next_part, 1, __ATOMIC_RELAXED)) <
	         VERIFY_BEYOND_PARTS)
		beyond_run(x->r.bt, &x->b, k);
}

/* Between jobs that report no progress: only whether to stop. */
static int cancel_done(void *ctx, size_t done, size_t total)
{
	run_ctx *r = ctx;

	(void)done;
	(void)total;
	return cancelled(r->o);
}

/* A scratch of size bytes for each of the run's workers; their number. */
static unsigned scratch_take(run_ctx *r, unsigned threads, size_t size)
{
	unsigned i;

	if (threads < 1)
		threads = 1;
	if (threads > POOL_MAX)
		threads = POOL_MAX;
	for (i = 0; i < threads; i++)
		r->scratch[i] = xmalloc(size, "verify scratch");
	return threads;
}

static void scratch_free(run_ctx *r)
{
	unsigned i;

	for (i = 0; i < POOL_MAX; i++)
		free(r->scratch[i]);
}

int verify_run_battery(verify_battery *bt, const verify_run_opts *o)
{
	static const verify_run_opts serial;
	run_ctx r = { bt, o ? o : &serial, { NULL }, 0, 0, NULL };
	unsigned threads;
	size_t f;
	int rc = 0;

	if (r.o->from >= bt->nfam && !verify_keys_ref_jobs(bt))
		return 0;
	if (cancelled(r.o))
		return -1;
	if (r.o->verdict_only) {
		/* the bound of each family once (verify_family_can_fail) */
		r.counted = xcalloc(bt->nfam + 1, 1, "verify families");
		for (f = r.o->from; f < bt->nfam; f++)
			r.counted[f] = (unsigned char)verify_family_can_fail(bt, f);
	}
	for (f = r.o->from; f < bt->nfam; f++)
		if (counts(&r, f))
			r.total += verify_run_family_work(bt, f);
	threads = scratch_take(&r, r.o->threads, verify_scratch_size(bt));
	if (r.o->from < bt->nfam)
		rc = pool_run(bt->nfam - r.o->from, threads, run_family, run_done,
		              &r);
	/* --keys: the same keys under random multipliers, to rank them */
	if (rc == 0 && verify_keys_ref_jobs(bt))
		rc = pool_run(verify_keys_ref_jobs(bt), threads, run_ref,
		              cancel_done, &r);
	scratch_free(&r);
	free(r.counted);
	return rc < 0 || cancelled(r.o) ? -1 : 0;
}

int verify_run_prepare(verify_battery *bt, unsigned threads,
                       const volatile sig_atomic_t *cancel)
{
	verify_run_opts o = { .cancel = cancel };
	prep_ctx *x = xcalloc(1, sizeof *x, "verify prepare");
	int rc;

	x->r.bt = bt;
	x->r.o = &o;
	if (cancelled(&o)) {
		free(x);
		return -1;
	}
	scratch_take(&x->r, 1, sizeof(uint32_t) << 20);   /* worker 0's */
	x->nfields = verify_fields_jobs(bt);
	x->b.parts = xmalloc(verify_strides_beyond_size(), "screen");
	rc = pool_run(x->nfields + 1 + VERIFY_BEYOND_PARTS, threads,
	              run_prepare, cancel_done, x);
	while (rc == 0 && !cancelled(&o) && x->next_own <= x->nfields)
		prepare_own(x, x->next_own++);
	if (rc == 0 && !cancelled(&o)) {
		if (x->nfields)
			verify_fields_take(bt, x->cells, x->nfields, 1);
		verify_smap_free(&bt->smap);
		bt->smap = x->map;
		if (bt->smap.s)
			verify_strides_beyond(bt, x->b.parts, x->b.found);
		bt->smap.prepared = 1;
	} else {
		verify_smap_free(&x->map);
		rc = -1;
	}
	free(x->b.parts);
	scratch_free(&x->r);
	free(x);
	return rc;
}

int verify_run_report(verify_battery *bt, unsigned threads, size_t upto,
                      const volatile sig_atomic_t *cancel)
{
	verify_run_opts o = { .cancel = cancel };
	report_ctx x = { { bt, &o, { NULL }, 0, 0, NULL }, 0, 0, { NULL, { 0 } } };
	size_t size = verify_scratch_size(bt), map = sizeof(uint32_t) << 20;
	int rc;

	if (cancelled(&o))
		return -1;
	/* the strides are counted at up to 2^20 buckets, whatever the
	 * battery's tables */
	threads = scratch_take(&x.r, threads, size > map ? size : map);
	x.listed = verify_strides_listed(bt, upto);
	x.b.parts = xmalloc(verify_strides_beyond_size(), "screen");
	if (!bt->smap.prepared) {
		x.nparts = VERIFY_BEYOND_PARTS;
		bt->smap.nbeyond = 0;
	}
	rc = pool_run(x.nparts + x.listed + bt->nfam, threads,
	              run_report, cancel_done, &x);
	if (rc == 0 && !verify_stopped(bt) && bt->smap.s) {
		bt->smap.confirmed = x.listed;
		if (x.nparts)
			verify_strides_beyond(bt, x.b.parts, x.b.found);
	}
	free(x.b.parts);
	scratch_free(&x.r);
	return rc < 0 || verify_stopped(bt) ? -1 : rc;
}

int verify_run_screen(uint64_t p, unsigned bits, verify_level level,
                      verify_battery *bt, cfx_err *err)
{
	unsigned tables[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, level, tables);

	if (verify_plan(bt, p, bits, tables, n, err) < 0)
		return -1;
	verify_run_battery(bt, NULL);
	verify_judge(bt, 0, NULL);
	return 0;
}
