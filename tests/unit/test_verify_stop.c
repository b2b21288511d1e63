/*
 * test_verify_stop.c - the battery's stop flag: Ctrl-C (or q in the
 * dashboard) after the families ran must end the judge, the stride
 * recount and the examples early, and say so (verify_stopped), so the
 * front end reports an interrupt instead of printing a report with
 * status 0 seconds later (it did: the flag was polled only between
 * families, and the judge's stride map and lattice checks took seconds).
 *
 * The same battery, judged with the flag clear, does map the strides and
 * judge the packed layout asked for: the early end is the flag's doing.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/verify.h"
#include "testutil.h"

static void run(verify_battery *bt, volatile sig_atomic_t *flag, int set)
{
	unsigned t[VERIFY_MAX_TABLES], shifts[] = { 16, 8 };
	size_t n = verify_default_tables(64, VERIFY_QUICK, t), i;
	verify_compiled vc = { 0, 0, 0, "no compiler in this test" };
	uint32_t *loads = malloc(sizeof *loads << 20);
	void *scratch;
	cfx_err err;

	cr_assert(loads);
	cr_assert(verify_plan(bt, 0x9e3779b97f4a7c15ULL, 64, t, n, &err) == 0);
	cr_assert(verify_add_fields(bt, shifts, 2, &err) == 0);
	*flag = 0;
	bt->stop = flag;
	scratch = malloc(verify_scratch_size(bt));
	cr_assert(scratch);
	for (i = 0; i < bt->nfam; i++)
		verify_family_run(bt, i, scratch);
	*flag = set;                /* Ctrl-C once the families are counted */
	verify_judge(bt, 1, &vc);
	verify_strides_confirm(bt, SIZE_MAX, loads);
	free(scratch);
	free(loads);
}

Test(verify_stop, judge_and_confirm_end_on_the_flag, .timeout = 300)
{
	static volatile sig_atomic_t flag;
	verify_battery bt;

	run(&bt, &flag, 0);
	cr_assert(!verify_stopped(&bt));
	cr_assert(bt.smap.n > 0, "with the flag clear the strides are mapped");
	cr_assert(bt.smap.confirmed > 0, "and the shown ones recounted");
	cr_assert(bt.nufields == 1 && bt.ufields[0].reason[0],
	          "and the layout asked for is judged");
	verify_free(&bt);

	run(&bt, &flag, 1);
	cr_assert(verify_stopped(&bt));
	cr_assert(bt.smap.n == 0, "stopped: no stride map (%zu)", bt.smap.n);
	cr_assert(bt.smap.confirmed == 0 && bt.smap.nbeyond == 0,
	          "stopped: nothing recounted or screened");
	cr_assert(bt.ufields[0].reason[0] == '\0',
	          "stopped: the layout is not judged (%s)", bt.ufields[0].reason);
	verify_free(&bt);
}
