/* pool.c - independent tasks over the processors (see pool.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "cfx/pool.h"

#define POOL_MAX_THREADS 64

typedef struct pool {
	size_t n;
	pool_task task;
	void *ctx;
	atomic_size_t next;        /* next task to hand out */
	atomic_size_t done;        /* tasks finished */
	atomic_int stop;
} pool;

typedef struct worker {
	pool *pl;
	unsigned w;
} worker;

/* Take tasks until none are left; the caller's worker reports progress. */
static void drain(pool *pl, unsigned w, pool_progress progress, void *pctx)
{
	for (;;) {
		size_t i;

		if (atomic_load(&pl->stop))
			return;
		i = atomic_fetch_add(&pl->next, 1);
		if (i >= pl->n)
			return;
		pl->task(pl->ctx, i, w);
		atomic_fetch_add(&pl->done, 1);
		if (progress && progress(pctx, atomic_load(&pl->done), pl->n))
			atomic_store(&pl->stop, 1);
	}
}

static void *run(void *arg)
{
	worker *wk = arg;

	drain(wk->pl, wk->w, NULL, NULL);
	return NULL;
}

unsigned pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (unsigned)n;
}

size_t pool_run(size_t n, unsigned threads, pool_task task, void *ctx,
                pool_progress progress, void *pctx)
{
	pool pl = { .n = n, .task = task, .ctx = ctx };
	pthread_t tid[POOL_MAX_THREADS];
	worker wk[POOL_MAX_THREADS];
	unsigned t, started = 0;

	atomic_init(&pl.next, 0);
	atomic_init(&pl.done, 0);
	atomic_init(&pl.stop, 0);
	if (threads == 0)
		threads = pool_cpus();
	if (threads > POOL_MAX_THREADS)
		threads = POOL_MAX_THREADS;
	if ((size_t)threads > n)
		threads = n ? (unsigned)n : 1;
	for (t = 1; t < threads; t++) {
		wk[started] = (worker){ &pl, t };
		if (pthread_create(&tid[started], NULL, run, &wk[started]) == 0)
			started++;
	}
	drain(&pl, 0, progress, pctx);
	for (t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	return atomic_load(&pl.done);
}
