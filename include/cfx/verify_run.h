/*
 * verify_run.h - the one driver of verify's battery (prefix verify_run_):
 * a planned battery's families counted, on the thread pool or in this
 * thread, with progress and cancellation.  cfx verify, review, search's
 * screen, the dashboard's strip and bench all count through it; the
 * verdict and its totals are verify_judge's (verify.h), over the
 * families that were counted, so no face recounts them.
 */
#ifndef CFX_VERIFY_RUN_H
#define CFX_VERIFY_RUN_H

#include <signal.h>
#include <stddef.h>

#include "cfx/verify.h"

/*
 * After each family: families done (from 0, those before o->from
 * included) of total (bt->nfam), and the share of the keys counted (0..1,
 * families differ a thousandfold).  Called with the pool's lock held (one
 * call at a time).  Non-zero cancels: no family starts after it.
 */
typedef int (*verify_run_progress)(void *ctx, size_t done, size_t total,
                                   double work);

typedef struct verify_run_opts {
	unsigned threads;          /* workers, capped at POOL_MAX; 0 or 1:
	                            * this thread alone, families in order */
	size_t from;               /* the first family to count: those before
	                            * it were counted by an earlier run (a run
	                            * resumed, as the dashboard's strip is) */
	int verdict_only;          /* count only the families that can FAIL or
	                            * WARN (verify_family_can_fail); the others
	                            * stay uncounted (INFO once judged) */
	verify_run_progress progress;   /* NULL: none */
	void *ctx;                 /* progress's */
	const volatile sig_atomic_t *cancel;   /* NULL: never; checked before
	                            * each family as progress's answer is */
} verify_run_opts;

/*
 * Count the families from o->from on of bt (planned by verify_plan, and
 * any verify_add_*), each worker with its own scratch of
 * verify_scratch_size(bt) bytes (allocated and freed here), then the
 * reference runs of the key sets asked for (verify_keys_ref_jobs; these
 * stop on o->cancel only).  bt is not judged: call verify_judge after,
 * whose totals count only the families counted.  o NULL: every family,
 * this thread.  Returns 0, or -1 when cancelled (the families started
 * before are counted, no other).
 */
int verify_run_battery(verify_battery *bt, const verify_run_opts *o);

/* The keys family i counts (at most 8 keys a bucket of the largest
 * table): its share of a run's work. */
size_t verify_run_family_work(const verify_battery *bt, size_t i);

/*
 * What a report of a judged battery adds, on threads workers at once:
 * the colliding keys of every FAIL and WARN family
 * (verify_family_examples), the stride map's listed strides counted and
 * the strides past the map screened (verify_strides_confirm with upto, in
 * its pieces).  These ran one after the other, the last two in one
 * thread, while the second core waited: 0.45 s of a FAILing 64-bit
 * constant's run.  Stops early when *cancel (NULL: never) is set.
 * Returns 0, or -1 when cancelled.
 */
int verify_run_report(verify_battery *bt, unsigned threads, size_t upto,
                      const volatile sig_atomic_t *cancel);

/*
 * What the judge and the report of a battery with the form checks (cfx
 * verify) compute from the constant alone, ahead of them: the field
 * checks' counts (verify_fields_job's, exact) and the stride map in the
 * calling thread (they allocate: see verify_run.c), the screen past the
 * map at once on the other threads - 1 workers.  verify_judge then judges them
 * and verify_run_report keeps the screen.  They ran in the judge, in one
 * thread, after the compiled check: cfx verify calls this while the
 * compiler runs (issue 21 point 6: 32-bit verify under 0.5 s).  Stops
 * early when *cancel (NULL: never) is set.  Returns 0, or -1 when
 * cancelled (then nothing is kept: the judge does it all).
 */
int verify_run_prepare(verify_battery *bt, unsigned threads,
                       const volatile sig_atomic_t *cancel);

/*
 * A quick screen for searches and tests: plan, count every family in
 * this thread and judge (no shift/add checks).  Per family: worst_r,
 * tail, percentile, status, reason.  Returns 0, or -1 with err.  Free
 * with verify_free.
 */
int verify_run_screen(uint64_t p, unsigned bits, verify_level level,
                      verify_battery *bt, cfx_err *err);

#endif
