/*
 * pool.h - run n independent jobs on a few threads (prefix pool_).
 *
 * The core computes one job at a time and starts no threads; a front end
 * that wants both cores hands the jobs to pool_run.  Jobs are taken in
 * index order, each by one worker; a worker passes its number (0 ..
 * threads-1) so the job can use that worker's scratch.
 */
#ifndef CFX_POOL_H
#define CFX_POOL_H

#include <stddef.h>

/* Job i on worker w. */
typedef void (*pool_job)(void *ctx, size_t i, unsigned w);

/* Called after each job, under the pool's lock, with the number of jobs
 * done; non-zero stops the pool (no new jobs start).  May be NULL. */
typedef int (*pool_done)(void *ctx, size_t done, size_t total);

/* The processors online (at least 1, at most POOL_MAX). */
unsigned pool_cpus(void);

#define POOL_MAX 8

/*
 * Run jobs 0..n-1 on min(threads, POOL_MAX) workers (the caller is
 * worker 0).  Returns 0, or -1 if done() stopped it.
 */
int pool_run(size_t n, unsigned threads, pool_job job, pool_done done,
             void *ctx);

/* What every thread that ran the core does last, the pool's workers and
 * a front end's own threads alike: MPFR keeps constants (log 2, pi) per
 * thread, and they go with it. */
void pool_thread_end(void);

#endif
