/*
 * test_verify_prepare.c - verify_run_prepare (verify_run.h): what the
 * judge and the report take from the constant alone (the field counts,
 * the stride map and the screen past it), computed ahead on the pool
 * while cfx verify's compiler runs (issue 21 point 6).
 *
 * Oracle: the same battery judged and reported the way it was before,
 * the judge counting the fields and making the map itself in one thread
 * and the report screening past the map: every form check (status, R,
 * tail, share, detail), every family, the totals, the field cells (R,
 * cell, prediction, vector, offset, layout) and the map (each stride, the
 * counts, the strides past it) must be the same, to the last bit, at 32
 * and 64 bits, for constants that pass, fail and collapse, and an even
 * one (no map, no field check).
 */
#include <stdint.h>
#include <string.h>
#include <criterion/criterion.h>

#include "cfx/verify.h"
#include "cfx/verify_run.h"

static void run(verify_battery *bt, uint64_t p, unsigned bits, int prepare)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bits, VERIFY_STANDARD, t);

	cr_assert_eq(verify_plan(bt, p, bits, t, n, NULL), 0);
	cr_assert_eq(verify_run_battery(bt, &(verify_run_opts){ .threads = 2 }),
	             0);
	if (prepare)
		cr_assert_eq(verify_run_prepare(bt, 2, NULL), 0);
	verify_judge(bt, 1, NULL);
	cr_assert_eq(verify_run_report(bt, 2, SIZE_MAX, NULL), 0);
}

static void same_cell(const lattice_cell *a, const lattice_cell *b,
                      const char *what)
{
	cr_assert_eq(a->r, b->r, "%s: R %g vs %g", what, a->r, b->r);
	cr_assert_eq(a->b, b->b, "%s: table", what);
	cr_assert_eq(a->load, b->load, "%s: load", what);
	cr_assert_eq(a->counted, b->counted, "%s: counted", what);
	cr_assert_eq(a->pred, b->pred, "%s: predicted", what);
	cr_assert(!memcmp(a->vec, b->vec, sizeof a->vec), "%s: vector", what);
	cr_assert(!memcmp(a->xb, b->xb, sizeof a->xb), "%s: fields", what);
	cr_assert_eq(a->work, b->work, "%s: work", what);
}

static void same_stride(const verify_stride *a, const verify_stride *b)
{
	cr_assert_eq(a->c, b->c);
	cr_assert_eq(a->b, b->b, "stride %llu", (unsigned long long)a->c);
	cr_assert_eq(a->load, b->load, "stride %llu", (unsigned long long)a->c);
	cr_assert_eq(a->r, b->r, "stride %llu", (unsigned long long)a->c);
	cr_assert_eq(a->counted, b->counted, "stride %llu",
	             (unsigned long long)a->c);
}

static void same(uint64_t p, unsigned bits)
{
	verify_battery a, b;
	const verify_smap *ma = &a.smap, *mb = &b.smap;
	size_t i;

	run(&a, p, bits, 0);
	run(&b, p, bits, 1);
	cr_assert(mb->prepared && !ma->prepared);
	cr_assert_eq(a.status, b.status, "%#llx", (unsigned long long)p);
	cr_assert_eq(a.nfail, b.nfail);
	cr_assert_eq(a.nwarn, b.nwarn);
	cr_assert_eq(a.judged, b.judged);
	cr_assert_eq(a.nforms, b.nforms);
	for (i = 0; i < a.nforms; i++) {
		const verify_check *x = &a.forms[i], *y = &b.forms[i];
		cr_assert_str_eq(x->name, y->name);
		cr_assert_eq(x->status, y->status, "%s", x->name);
		cr_assert_eq(x->r, y->r, "%s", x->name);
		cr_assert_eq(x->tail, y->tail, "%s", x->name);
		cr_assert_eq(x->percentile, y->percentile, "%s", x->name);
		cr_assert_str_eq(x->detail, y->detail, "%s", x->name);
	}
	for (i = 0; i < a.nfam; i++) {
		cr_assert_eq(a.fam[i].status, b.fam[i].status, "%s",
		             a.fam[i].name);
		cr_assert_str_eq(a.fam[i].reason, b.fam[i].reason);
	}
	same_cell(&a.foff, &b.foff, "field offsets");
	cr_assert_eq(a.foff_h, b.foff_h);
	same_cell(&a.flay, &b.flay, "field layouts");
	cr_assert(!memcmp(&a.flay_lay, &b.flay_lay, sizeof a.flay_lay));
	cr_assert_eq(a.fields_counted, b.fields_counted);
	cr_assert_eq(ma->status, mb->status);
	cr_assert_eq(ma->n, mb->n);
	cr_assert_eq(ma->worst, mb->worst);
	cr_assert_eq(ma->tail, mb->tail);
	cr_assert_eq(ma->percentile, mb->percentile);
	cr_assert_eq(ma->collapse, mb->collapse);
	cr_assert_eq(ma->collapse_above, mb->collapse_above);
	cr_assert_eq(ma->confirmed, mb->confirmed);
	for (i = 0; i < ma->n; i++)
		same_stride(&ma->s[i], &mb->s[i]);
	cr_assert_eq(ma->beyond_found, mb->beyond_found);
	cr_assert_eq(ma->nbeyond, mb->nbeyond);
	for (i = 0; i < ma->nbeyond; i++)
		same_stride(&ma->beyond[i], &mb->beyond[i]);
	verify_free(&a);
	verify_free(&b);
}

/* golden, the 2002 seed, an even constant (no map, no field check) */
Test(verify_prepare, at_32)
{
	static const uint64_t p[] = { 0x61C88647u, 0x9e370001u, 0x61C88646u };
	size_t i;

	for (i = 0; i < sizeof p / sizeof *p; i++)
		same(p[i], 32);
}

/* golden, the 2002 seed (every stride of the map collapses) and a small
 * constant (short vectors everywhere in the field lattices) */
Test(verify_prepare, at_64)
{
	static const uint64_t p[] = { 0x61C8864680B583EBull,
	                              0x9e37fffffffc0001ull, 0x9e3779u };
	size_t i;

	for (i = 0; i < sizeof p / sizeof *p; i++)
		same(p[i], 64);
}
