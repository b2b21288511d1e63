/*
 * test_review_verify_run.c - verify_run_battery (verify_run.h), the one
 * battery runner cmd_review uses (and the other front ends may).
 *
 * Oracle: the same battery run here family by family on one thread with
 * verify_family_run, then judged: every family's worst R and status, and
 * the verdict, must be the same on 1 and 2 workers.  A done() that asks
 * to stop after the first family stops the run: -1, and fewer families
 * were asked for than the battery has.
 */
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>

#include "cfx/verify.h"
#include "cfx/verify_run.h"

static void plan(verify_battery *bt, uint64_t p, unsigned bits)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t);

	cr_assert_eq(verify_plan(bt, p, bits, t, n, NULL), 0);
}

/* The battery of p, family by family on this thread, judged. */
static void serial(verify_battery *bt, uint64_t p, unsigned bits)
{
	void *scratch;
	size_t i;

	plan(bt, p, bits);
	scratch = malloc(verify_scratch_size(bt));
	cr_assert(scratch);
	for (i = 0; i < bt->nfam; i++)
		verify_family_run(bt, i, scratch);
	free(scratch);
	verify_judge(bt, 0, NULL);
}

static void same(uint64_t p, unsigned bits, unsigned threads)
{
	verify_battery a, b;
	size_t i;

	serial(&a, p, bits);
	plan(&b, p, bits);
	cr_assert_eq(verify_run_battery(&b, threads, NULL, NULL), 0);
	verify_judge(&b, 0, NULL);
	cr_assert_eq(a.nfam, b.nfam);
	for (i = 0; i < a.nfam; i++) {
		cr_assert_eq(a.fam[i].worst_r, b.fam[i].worst_r, "%s: %g vs %g",
		             a.fam[i].name, a.fam[i].worst_r, b.fam[i].worst_r);
		cr_assert_eq(a.fam[i].status, b.fam[i].status, "%s",
		             a.fam[i].name);
	}
	cr_assert_eq(a.status, b.status);
	cr_assert_eq(a.nfail, b.nfail);
	verify_free(&a);
	verify_free(&b);
}

Test(verify_run, same_as_serial_golden_32)
{
	same(0x9e3779b9u, 32, 1);
	same(0x9e3779b9u, 32, 2);
}

Test(verify_run, same_as_serial_sparse_32_fails)
{
	verify_battery b;

	same(0x9e370001u, 32, 2);
	plan(&b, 0x9e370001u, 32);
	cr_assert_eq(verify_run_battery(&b, 2, NULL, NULL), 0);
	verify_judge(&b, 0, NULL);
	cr_assert_eq(b.status, VERIFY_FAIL);  /* review.sh: FAILs, gp-checked */
	verify_free(&b);
}

static int asked;
static int stop_first(void *ctx, size_t done, size_t total)
{
	(void)ctx;
	(void)total;
	asked++;
	return done >= 1;
}

Test(verify_run, done_stops_it)
{
	verify_battery b;

	plan(&b, 0x9e3779b9u, 32);
	asked = 0;
	cr_assert_eq(verify_run_battery(&b, 1, stop_first, NULL), -1);
	cr_assert_lt((size_t)asked, b.nfam);
	verify_free(&b);
}
