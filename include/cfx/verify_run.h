/*
 * verify_run.h - a planned battery's families run on the thread pool
 * (prefix verify_run_; the loop every front end that judges wrote).
 */
#ifndef CFX_VERIFY_RUN_H
#define CFX_VERIFY_RUN_H

#include "cfx/pool.h"
#include "cfx/verify.h"

/*
 * Run every family of bt (planned by verify_plan, and any verify_add_*)
 * on threads workers (1..POOL_MAX; pool_cpus() for all), each with its
 * own scratch of verify_scratch_size(bt) bytes, allocated and freed
 * here.  done(ctx, families done, total) is called after each family, as
 * pool_run calls it (NULL: never); non-zero stops the run.  bt is not
 * judged: call verify_judge after.  Returns 0, or -1 when done stopped
 * it (then some families are not counted).
 */
int verify_run_battery(verify_battery *bt, unsigned threads, pool_done done,
                       void *ctx);

#endif
