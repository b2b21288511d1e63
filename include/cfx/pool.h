/*
 * pool.h - independent tasks over the processors (prefix pool_).
 *
 * The core cuts work into numbered tasks that share nothing but read-only
 * input; this layer runs them on threads.  Tasks are handed out in order
 * from a shared counter, so a slow task does not hold the others up.
 */
#ifndef CFX_POOL_H
#define CFX_POOL_H

#include <stddef.h>

/* Run task i on worker w (0 .. threads-1). */
typedef void (*pool_task)(void *ctx, size_t i, unsigned w);

/* Called on the calling thread between its tasks with how many tasks
 * have finished; non-zero stops handing out tasks. */
typedef int (*pool_progress)(void *ctx, size_t done, size_t total);

/* Processors available (at least 1). */
unsigned pool_cpus(void);

/*
 * Run tasks 0..n-1 on up to `threads` threads, the caller being one of
 * them (threads 0: pool_cpus()).  Returns when every task handed out has
 * finished: all n, unless progress asked to stop.  If a thread cannot be
 * started the others do its share.  Returns the number of tasks run.
 */
size_t pool_run(size_t n, unsigned threads, pool_task task, void *ctx,
                pool_progress progress, void *pctx);

#endif
