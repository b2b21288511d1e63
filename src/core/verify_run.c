/*
 * verify_run.c - a planned battery run on the thread pool (prefix
 * verify_run_).
 *
 * The front ends that judge a multiplier (review, verify, bench, the
 * dashboard) each ran the battery's families on pool_run with a scratch
 * buffer per worker, the same dozen lines apiece; this is that loop
 * once.  It neither plans nor judges: the caller does both as it needs
 * (review and bench judge quietly, verify beside its compiled check).
 */
#include <stdlib.h>

#include "cfx/pool.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "util/xalloc.h"

typedef struct run_ctx {
	verify_battery *bt;
	void *scratch[POOL_MAX];
	pool_done done;            /* the caller's, with its ctx */
	void *ctx;
} run_ctx;

static void run_family(void *ctx, size_t i, unsigned w)
{
	run_ctx *r = ctx;

	verify_family_run(r->bt, i, r->scratch[w]);
}

static int run_done(void *ctx, size_t done, size_t total)
{
	run_ctx *r = ctx;

	return r->done ? r->done(r->ctx, done, total) : 0;
}

int verify_run_battery(verify_battery *bt, unsigned threads, pool_done done,
                       void *ctx)
{
	run_ctx r = { bt, { NULL }, done, ctx };
	unsigned i;
	int rc;

	if (threads < 1)
		threads = 1;
	if (threads > POOL_MAX)
		threads = POOL_MAX;
	for (i = 0; i < threads; i++)
		r.scratch[i] = xmalloc(verify_scratch_size(bt), "verify scratch");
	rc = pool_run(bt->nfam, threads, run_family, run_done, &r);
	for (i = 0; i < threads; i++)
		free(r.scratch[i]);
	return rc;
}
