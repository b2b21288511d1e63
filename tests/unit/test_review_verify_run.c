/*
 * test_review_verify_run.c - verify_run_battery (verify_run.h), the one
 * battery runner cmd_review uses (and the other front ends may).
 *
 * Oracle: the same battery run here family by family on one thread with
 * verify_family_run, then judged: every family's worst R and status, and
 * the verdict, must be the same on 1 and 2 workers, and on a run
 * cancelled after family k and resumed from k (the dashboard's strip).
 * Cancelled after family k on one worker: exactly families 0..k-1 are
 * counted, each as in the whole run, and the totals (nfail, nwarn,
 * ncells) are the form checks' and those k families' alone, counted
 * here from the statuses (the unfinished families are INFO, in no
 * total), including a cancel before the family that FAILs 0x9e370001.
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

/* b, run another way, judged as a: every family and the totals; then
 * both freed. */
static void same_verdict(verify_battery *a, verify_battery *b)
{
	size_t i;

	verify_judge(b, 0, NULL);
	cr_assert_eq(a->nfam, b->nfam);
	for (i = 0; i < a->nfam; i++) {
		cr_assert_eq(a->fam[i].worst_r, b->fam[i].worst_r, "%s: %g vs %g",
		             a->fam[i].name, a->fam[i].worst_r, b->fam[i].worst_r);
		cr_assert_eq(a->fam[i].status, b->fam[i].status, "%s",
		             a->fam[i].name);
	}
	cr_assert_eq(a->status, b->status);
	cr_assert_eq(a->nfail, b->nfail);
	cr_assert_eq(a->nwarn, b->nwarn);
	cr_assert_eq(a->ncells, b->ncells);
	verify_free(a);
	verify_free(b);
}

static void same(uint64_t p, unsigned bits, unsigned threads)
{
	verify_battery a, b;

	serial(&a, p, bits);
	plan(&b, p, bits);
	cr_assert_eq(verify_run_battery(&b, &(verify_run_opts){ .threads =
	             threads }), 0);
	same_verdict(&a, &b);
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
	cr_assert_eq(verify_run_battery(&b, &(verify_run_opts){ .threads = 2 }), 0);
	verify_judge(&b, 0, NULL);
	cr_assert_eq(b.status, VERIFY_FAIL);  /* review.sh: FAILs, gp-checked */
	verify_free(&b);
}

static size_t asked, last, stop_at;
static int stop_after(void *ctx, size_t done, size_t total, double work)
{
	(void)ctx;
	cr_assert_eq(done, last + 1, "done %zu after %zu", done, last);
	cr_assert_leq(done, total);
	cr_assert(work >= 0 && work <= 1);
	last = done;
	asked++;
	return done >= stop_at;
}

/* Cancelled after family k (one worker): exactly k counted, totals of
 * what ran; then resumed from k: the whole battery, as the serial one. */
static void cancel_at(uint64_t p, unsigned bits, size_t k)
{
	verify_battery a, b;
	verify_run_opts o = { .threads = 1, .progress = stop_after };
	size_t i, fail = 0, warn = 0, cells = 0;

	serial(&a, p, bits);
	plan(&b, p, bits);
	cr_assert_lt(k, b.nfam);
	asked = last = 0;
	stop_at = k;
	cr_assert_eq(verify_run_battery(&b, &o), -1);
	cr_assert_eq(asked, k);
	for (i = 0; i < b.nfam; i++)
		cr_assert_eq(b.fam[i].ran, i < k, "%s", b.fam[i].name);
	verify_judge(&b, 0, NULL);
	for (i = 0; i < b.nforms; i++) {
		fail += b.forms[i].status == VERIFY_FAIL;
		warn += b.forms[i].status == VERIFY_WARN;
	}
	for (i = 0; i < b.nfam; i++) {
		if (i >= k) {
			cr_assert_eq(b.fam[i].status, VERIFY_INFO, "%s",
			             b.fam[i].name);
			continue;
		}
		cr_assert_eq(b.fam[i].worst_r, a.fam[i].worst_r, "%s",
		             a.fam[i].name);
		cr_assert_eq(b.fam[i].status, a.fam[i].status, "%s",
		             a.fam[i].name);
		fail += b.fam[i].status == VERIFY_FAIL;
		warn += b.fam[i].status == VERIFY_WARN;
		cells += b.fam[i].ncells;
	}
	cr_assert_eq(b.nfail, fail, "k %zu: nfail %zu, counted %zu", k,
	             b.nfail, fail);
	cr_assert_eq(b.nwarn, warn, "k %zu: nwarn %zu, counted %zu", k,
	             b.nwarn, warn);
	cr_assert_eq(b.ncells, cells);
	/* resumed from k, to the end: the serial battery's verdict */
	o.from = k;
	stop_at = (size_t)-1;
	last = k;
	cr_assert_eq(verify_run_battery(&b, &o), 0);
	cr_assert_eq(last, b.nfam);
	same_verdict(&a, &b);
}

Test(verify_run, cancel_after_k)
{
	cancel_at(0x9e3779b9u, 32, 1);
	cancel_at(0x9e3779b9u, 32, 7);
	cancel_at(0x61c8864680b583ebULL, 64, 30);
}

/* 0x9e370001 FAILs (above); cancelled before its first FAIL family, the
 * totals hold no family FAIL, and after it at least one. */
Test(verify_run, cancel_before_the_fail)
{
	verify_battery a;
	size_t i;

	serial(&a, 0x9e370001u, 32);
	for (i = 0; i < a.nfam && a.fam[i].status != VERIFY_FAIL; i++)
		;
	cr_assert_lt(i, a.nfam, "a family FAILs");
	cr_assert_gt(i, 0);
	cancel_at(0x9e370001u, 32, i);
	cancel_at(0x9e370001u, 32, i + 1);
	verify_free(&a);
}

/* A cancel flag set before the run: nothing counted. */
Test(verify_run, cancel_flag)
{
	verify_battery b;
	volatile sig_atomic_t flag = 1;
	size_t i;

	plan(&b, 0x9e3779b9u, 32);
	cr_assert_eq(verify_run_battery(&b, &(verify_run_opts){ .threads = 2,
	             .cancel = &flag }), -1);
	for (i = 0; i < b.nfam; i++)
		cr_assert_eq(b.fam[i].ran, 0);
	verify_free(&b);
}
