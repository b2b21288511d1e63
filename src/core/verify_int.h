/*
 * verify_int.h - what the files of verify's battery share (private to
 * src/core/verify*.c; the interface is include/cfx/verify.h).
 *
 * The battery is split at its seam:
 *   verify.c        the verdict: form checks, field checks, each family
 *                   judged, the totals (verify_judge)
 *   verify_plan.c   the plan: which families, their keys' definitions,
 *                   the families and layouts the user adds, the count of
 *                   checks (verify_judged)
 *   verify_map.c    the stride map: screened, ranked, confirmed, judged
 *   verify_rule.c   the rule and the references: Gauss-Kuzmin, the
 *                   committed distributions and a sample's, the rank's
 *                   wording, a form check's slot
 *   verify_count.c  the counting engine: a family's keys counted into
 *                   the cells of every table size (verify_family_run),
 *                   the keys of a FAIL's fullest bucket
 *   verify_run.c    the one driver: the families counted on the pool
 *                   or in this thread, with progress and cancellation
 * Calls run down this list's reverse: verify_run.c calls verify.c and
 * verify_plan.c, verify.c calls verify_plan.c and verify_map.c, those
 * call verify_rule.c and verify_count.c (verify_plan.c also frees the
 * map's rows: verify_smap_free), and those two call no other file of the
 * battery.
 */
#ifndef CFX_VERIFY_INT_H
#define CFX_VERIFY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/verify.h"

typedef unsigned __int128 u128;

#define SEED_PTR   0x9c6e4a6b1c2d3f05ULL   /* scramble of the pointers */
#define PTR_ALIGN 10                        /* pointers are 1 KiB aligned */

static inline unsigned verify_ctz64(uint64_t x)
{
	return x ? (unsigned)__builtin_ctzll(x) : 64;
}

static inline unsigned verify_log2_floor(uint64_t x)
{
	return x ? 63 - (unsigned)__builtin_clzll(x) : 0;
}

/* The tables a layout asked for is judged at: the battery's (--table-bits),
 * those up to 2^20 (lattice.h counts at most 2^20 buckets), into tables
 * (STRIDE_MAX_TABLES), *nt of them.  1 when they are stride_tables' (the
 * precomputed references' tables), else 0 (verify_plan.c). */
int verify_ufields_tables(const verify_battery *bt, unsigned *tables,
                          size_t *nt);

/* Count the products first + i step (i < n), bits-bit words, by their top
 * B bits into loads (2^B counters, added to). */
void verify_count_progression(uint64_t first, uint64_t step, size_t n,
                              unsigned bits, unsigned B, uint32_t *loads);

/* The sum of the squared loads of the K products first + k step (k < K,
 * bits-bit words, distinct) in 2^bs[i] buckets (1 <= bs[i] <= bits, i <
 * nb <= VERIFY_PAIRS_MAX) into sq[i], exact, from the pairs of keys
 * closer than a bucket (verify_pairs.c), without hashing the keys.
 * Returns 0, or -1 (sq untouched) when there are more than budget (at
 * most VERIFY_PAIRS_BUDGET) such pairs of one key with another: counting
 * the keys is then as quick (a collapsing progression), or the products
 * repeat. */
#define VERIFY_PAIRS_MAX VERIFY_LOADS
#define VERIFY_PAIRS_BUDGET 2048
/* Family fi counted into its cells (verify_family_run, verify.c, which
 * gives jcut: no cell of more than 2^jcut keys is counted), and whether
 * b is one of bt's tables. */
void verify_count_family(verify_battery *bt, size_t fi, void *scratch,
                         unsigned jcut);
int verify_is_table(const verify_battery *bt, unsigned b);

/* verify_family_run's use of it: cells of at least 2^MIN_J keys, at most
 * K / 2^SHARE pairs (a pair's floor sums cost about a thousand keys' count) */
#define VERIFY_PAIRS_MIN_J 12
#define VERIFY_PAIRS_SHARE 10
int verify_pairs_sumsq(uint64_t first, uint64_t step, uint64_t K,
                       unsigned bits, const unsigned *bs, size_t nb,
                       uint64_t *sq, size_t budget);

/* The explanation of the first K keys of a c k family f (verify.h's
 * verify_cf): the largest quotient among the places whose q_(k-1) <= K;
 * e->ok 0 for even p or no step. */
/* For a screen's cut (verify_count.c): 1 when family i is ranked
 * against random multipliers (its status is not INFO once counted);
 * verify_family_passes_at: 1 when its rule PASSes a worst R of r (and so
 * every R below: the status rises with R), 0 when it may not or no rule
 * says (small words, key sets, no reference). */
int verify_family_ranked(const verify_battery *bt, size_t i);
int verify_family_passes_at(const verify_battery *bt, size_t i, double r);

void verify_explain_keys(const verify_battery *bt, const verify_family *f,
                         uint64_t K, verify_cf *e);

/* The share of a reference (worst R at percentiles 0..100, pct, and
 * the mean excess beta of ln R above the 90th) at or above r: a value
 * tied with r counts as bad as r.  Below the 90th percentile by
 * interpolation, above it by the exponential tail; *percentile (when not
 * NULL) is 100 (1 - the share). */
double verify_pct_tail(const double *pct, double beta, double r,
                       double *percentile);

/* The smallest worst R at which verify_rule gives status at (WARN or
 * FAIL: WARN < FAIL in verify_status) with judged checks, when the tail
 * is that reference's (verify_pct_tail); 0 if no R does.  What a screen
 * needs to reach: below it the rule gives less than at (the rule's status
 * rises with R). */
double verify_rule_r(const double *pct, double beta, size_t judged,
                     verify_status at);

/* Whether the committed reference (verify_cal.inc) of a family kind
 * (arg as verify_ref_tail's) on bits-bit words exists: 1 with *count its
 * multipliers and *lo, *hi its least and largest worst R (each pointer
 * may be NULL); else 0. */
int verify_ref_info(unsigned bits, verify_kind kind, unsigned arg,
                    unsigned *count, double *lo, double *hi);

/* The sequential keys on w-bit words, w = 4..VERIFY_EXACT_W
 * (verify_cal.inc): every odd multiplier mod 2^w counted, so a family of
 * keys k c from 0 with that effective word is ranked among all of them:
 * *below of the *of give a worst R below r, *same give r (up to summation
 * order).  0 for other w. */
int verify_exact_rank(unsigned w, double r, size_t *below, size_t *same,
                      size_t *of);

/* The stride map's reference (`make calibrate`: calibrate --strides),
 * the rows of stride_cal.inc (its tests include it too). */
typedef struct verify_smap_row {
	unsigned bits;
	uint64_t p;
	double worst, collapse, offsets, layouts;
} verify_smap_row;

typedef struct verify_smap_ref {
	unsigned bits, count;
	double pct[101];          /* the map's worst R at percentiles 0..100 */
	double beta;              /* mean excess of ln R over ln pct[90] */
	double collapse[101];     /* strides at R >= STRIDE_COLLAPSE_R */
	double off_pct[101];      /* the worst R of packed fields, any offset */
	double off_beta;
	double lay_pct[101];      /* the worst R of the 3-4 field layouts */
	double lay_beta;
} verify_smap_ref;

/* Random multipliers' worst R of keys x<<h|y at one offset h (exact). */
typedef struct verify_off_ref {
	unsigned bits, h, count;
	double pct[101];          /* at percentiles 0..100 */
	double beta;              /* mean excess of ln R over ln pct[90] */
} verify_off_ref;

/* The reference of keys x<<h|y on bits-bit words (32 or 64), or NULL. */
const verify_off_ref *verify_off_ref_of(unsigned bits, unsigned h);

/* The stride map's reference for bits-bit words (32 or 64), or NULL. */
const verify_smap_ref *verify_smap_ref_of(unsigned bits);

/* The stride map as a check of bt's verdict (full: its strides counted
 * too), after the form checks. */
void verify_check_strides(verify_battery *bt, int full);

/* The field checks' counts in jobs (verify.c), which verify_run_prepare
 * runs at once and check_fields one after the other: job 0 the worst
 * offset h of two fields (c, h), job k >= 1 the worst cell of the fixed
 * layout lay (c, r); verify_fields_jobs of them (0: no field check at
 * this width, or an even p), each with a scratch of 2^20 counters.
 * roff, rlay: as check_fields' (0: exact).  verify_fields_take sets bt's
 * foff, foff_h, flay and flay_lay from the n cells in job order, and
 * fields_counted (exact: VERIFY_FIELDS_EXACT). */
typedef struct verify_fields_cell {
	lattice_cell c;
	unsigned h;
	lattice_layout lay;
	double r;
} verify_fields_cell;

size_t verify_fields_jobs(const verify_battery *bt);
void verify_fields_job(const verify_battery *bt, size_t k, double roff,
                       double rlay, verify_fields_cell *out,
                       uint32_t *scratch);
void verify_fields_take(verify_battery *bt, const verify_fields_cell *cells,
                        size_t n, int exact);

/* A form check's slot, zeroed, named and with status st: bt->forms'
 * next (at most VERIFY_MAX_FORMS). */
verify_check *verify_form(verify_battery *bt, const char *name,
                          verify_status st);

/* A tail probability as the report words it: "1 in 120", "P 0.31".
 * Returns buf. */
const char *verify_one_in(char *buf, size_t n, double tail);

/* The i-th (from 0) random odd multiplier of a reference from seed on
 * bits-bit words. */
uint64_t verify_ref_multiplier(uint64_t seed, size_t i, unsigned bits);

/* The share of a sample ref[0..m) (m > 1; sorted here) of random
 * multipliers' worst R at or above r, as verify_pct_tail over its
 * percentiles with an exponential tail fitted above the 90th. */
double verify_sample_tail(double *ref, size_t m, double r,
                          double *percentile);

#endif
