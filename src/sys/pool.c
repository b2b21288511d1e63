/* pool.c - a few workers over a list of jobs (see pool.h). */
#include <pthread.h>
#include <unistd.h>

#include <gmp.h>
#include <mpfr.h>

#include "cfx/modload.h"
#include "cfx/pool.h"

typedef struct pool {
	pthread_mutex_t lock;
	size_t next, done, n;
	int stop;
	pool_job job;
	pool_done report;
	void *ctx;
} pool;

typedef struct worker {
	pool *pl;
	unsigned w;
} worker;

static void *work(void *arg)
{
	worker *wk = arg;
	pool *pl = wk->pl;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&pl->lock);
		if (pl->stop || pl->next >= pl->n) {
			pthread_mutex_unlock(&pl->lock);
			return NULL;
		}
		i = pl->next++;
		pthread_mutex_unlock(&pl->lock);
		pl->job(pl->ctx, i, wk->w);
		pthread_mutex_lock(&pl->lock);
		pl->done++;
		if (pl->report && pl->report(pl->ctx, pl->done, pl->n))
			pl->stop = 1;
		pthread_mutex_unlock(&pl->lock);
	}
}

/* A worker of its own thread (worker 0 is the caller). */
static void *thread(void *arg)
{
	work(arg);
	pool_thread_end();
	return NULL;
}

void pool_thread_end(void)
{
	mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
	modload_thread_end();   /* FLINT's per-thread fmpz cache (the LLL) */
}

unsigned pool_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > POOL_MAX ? POOL_MAX : (unsigned)n;
}

int pool_run(size_t n, unsigned threads, pool_job job, pool_done done,
             void *ctx)
{
	pool pl = { .next = 0, .done = 0, .n = n, .stop = 0, .job = job,
	            .report = done, .ctx = ctx };
	pthread_t tid[POOL_MAX];
	worker wk[POOL_MAX];
	int started[POOL_MAX] = { 0 };
	unsigned t;

	if (threads < 1)
		threads = 1;
	if (threads > POOL_MAX)
		threads = POOL_MAX;
	pthread_mutex_init(&pl.lock, NULL);
	for (t = 0; t < threads; t++) {
		wk[t].pl = &pl;
		wk[t].w = t;
	}
	for (t = 1; t < threads; t++)
		started[t] = pthread_create(&tid[t], NULL, thread, &wk[t]) == 0;
	work(&wk[0]);
	for (t = 1; t < threads; t++)
		if (started[t])
			pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&pl.lock);
	return pl.stop ? -1 : 0;
}
