/*
 * test_pool.c - the thread pool (src/sys/pool.c, pool.h), directly.
 *
 * Each job records, with atomics, how often it ran, on which worker and
 * on which thread; the counts are checked against what pool.h promises:
 * every job once, workers numbered below min(threads, POOL_MAX), the
 * caller is worker 0, done() sees 1..n in order under the lock, and a
 * stop starts no new job.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>
#include <mpfr.h>

#include "cfx/pool.h"
#include "testutil.h"

#define JOBS 5000

typedef struct run {
	atomic_int ran[JOBS];
	atomic_int on_worker[POOL_MAX];
	atomic_int bad_worker, caller_not_0, started;
	pthread_t caller;
	unsigned threads;
	size_t stop_at, last_done;
	int done_out_of_order, in_done;
	atomic_int overlap;
} run;

static void job(void *ctx, size_t i, unsigned w)
{
	run *r = ctx;

	atomic_fetch_add(&r->started, 1);
	if (i < JOBS)
		atomic_fetch_add(&r->ran[i], 1);
	if (w >= r->threads || w >= POOL_MAX)
		atomic_fetch_add(&r->bad_worker, 1);
	else
		atomic_fetch_add(&r->on_worker[w], 1);
	/* worker 0 is the caller's own thread; the others are not */
	if ((w == 0) != (pthread_equal(pthread_self(), r->caller) != 0))
		atomic_fetch_add(&r->caller_not_0, 1);
	if (i % 97 == 0)
		usleep(50);             /* let the other workers take jobs */
}

static int done(void *ctx, size_t d, size_t total)
{
	run *r = ctx;

	/* under the pool's lock: never two at once, counts in order */
	if (r->in_done++)
		atomic_fetch_add(&r->overlap, 1);
	if (d != r->last_done + 1 || total != JOBS)
		r->done_out_of_order = 1;
	r->last_done = d;
	r->in_done--;
	return r->stop_at && d >= r->stop_at;
}

static run *fresh(unsigned threads)
{
	run *r = calloc(1, sizeof *r);

	cr_assert(r);
	r->caller = pthread_self();
	r->threads = threads < POOL_MAX ? threads : POOL_MAX;
	return r;
}

Test(pool, every_job_once_on_its_workers)
{
	static const unsigned threads[] = { 1, 2, 3, 8, 64 };
	size_t t, i;

	for (t = 0; t < sizeof threads / sizeof threads[0]; t++) {
		run *r = fresh(threads[t]);
		int busy = 0;

		cr_assert_eq(pool_run(JOBS, threads[t], job, done, r), 0);
		for (i = 0; i < JOBS; i++)
			CHECK(atomic_load(&r->ran[i]) == 1, "threads %u: job %zu ran %d times",
			      threads[t], i, atomic_load(&r->ran[i]));
		cr_assert_eq(atomic_load(&r->bad_worker), 0, "a worker number too large");
		cr_assert_eq(atomic_load(&r->caller_not_0), 0,
		             "worker 0 is not the caller (or another thread is 0)");
		cr_assert_eq(r->last_done, JOBS);
		cr_assert(!r->done_out_of_order && atomic_load(&r->overlap) == 0);
		for (i = 0; i < POOL_MAX; i++)
			busy += atomic_load(&r->on_worker[i]) > 0;
		cr_assert(busy >= 1 && (unsigned)busy <= r->threads);
		free(r);
	}
}

Test(pool, without_done_and_without_jobs)
{
	run *r = fresh(4);
	size_t i;

	cr_assert_eq(pool_run(JOBS, 4, job, NULL, r), 0);
	for (i = 0; i < JOBS; i++)
		CHECK(atomic_load(&r->ran[i]) == 1, "job %zu", i);
	free(r);
	r = fresh(4);
	cr_assert_eq(pool_run(0, 4, job, done, r), 0);
	cr_assert_eq(atomic_load(&r->started), 0);
	cr_assert_eq(r->last_done, 0);
	free(r);
}

/* done() returning non-zero stops the pool: -1, and no job starts after
 * (those already running on the other workers may finish) */
Test(pool, stop)
{
	static const unsigned threads[] = { 1, 2, 4 };
	size_t t;

	for (t = 0; t < sizeof threads / sizeof threads[0]; t++) {
		run *r = fresh(threads[t]);
		int started;

		r->stop_at = 100;
		cr_assert_eq(pool_run(JOBS, threads[t], job, done, r), -1);
		started = atomic_load(&r->started);
		cr_assert(started >= 100 && started < 100 + (int)r->threads,
		          "threads %u: %d jobs started after a stop at 100", threads[t],
		          started);
		free(r);
	}
}

Test(pool, cpus)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned c = pool_cpus();

	cr_assert(c >= 1 && c <= POOL_MAX);
	cr_assert_eq(c, n < 1 ? 1 : n > POOL_MAX ? POOL_MAX : (unsigned)n);
}

/* pool_thread_end from a thread of one's own, after MPFR used it */
static void *mpfr_thread(void *arg)
{
	mpfr_t x;

	(void)arg;
	mpfr_init2(x, 200);
	mpfr_const_pi(x, MPFR_RNDN);       /* fills this thread's cache */
	mpfr_clear(x);
	pool_thread_end();
	return NULL;
}

Test(pool, thread_end)
{
	pthread_t t;

	cr_assert_eq(pthread_create(&t, NULL, mpfr_thread, NULL), 0);
	cr_assert_eq(pthread_join(t, NULL), 0);
}
