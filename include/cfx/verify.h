/*
 * verify.h - is this multiplier safe to submit? (prefix vfy_)
 *
 * The battery scores h(x) = ((x p) mod 2^n) >> (n - b) on key families a
 * hash table meets in practice, for every table size b in a list and key
 * counts of 1, 2, 4 and 8 keys per bucket:
 *
 *   sequential       0, 1, 2, ...
 *   stride 2^s       k 2^s, every s = 1..n-1 (s = 0 is sequential)
 *   random           uniform n-bit keys (GSL MT19937, fixed seed)
 *   pointers /A      random addresses aligned to A = 8, 16, 64, 4096
 *   high bits        keys random in their top bits only, zero below
 *   low entropy      random values on 16 and on 24 fixed random bits
 *
 * A family's check FAILs when its lookups cost at least twice an ideal
 * random hash's: the geometric mean of R over its cells (every table
 * size and load) is >= 2.  It WARNs when a single cell does (R >= 2 with
 * p < 0.001), or when a cell's excess of collisions is significant at
 * 0.001 divided by the number of cells (so a random hash warns in about
 * one run in a thousand).  Any fixed multiplier has some stride and table
 * size where its points cluster (its truncations p mod 2^w have random-
 * looking continued fractions), so single cells WARN; a sparse constant
 * collapses whole families and FAILs.
 *
 * Keys of a cell are the first K keys of its family, so the counts for
 * one b nest and are hashed incrementally.  A family with fewer distinct
 * keys than a table has buckets skips that table (chi^2 needs loads).  The random-like families are
 * made by a bijection of the key index on the bits that vary, so their
 * keys are distinct by construction (samples without replacement).
 *
 * Strides explain themselves: for keys k 2^s the hash acts like the
 * multiplier p mod 2^(n-s) on n - s bits, and an early large quotient in
 * the continued fraction of (p mod 2^(n-s)) / 2^(n-s) predicts the
 * collapse (see sweep.h).
 */
#ifndef CFX_VERIFY_H
#define CFX_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"
#include "cfx/score.h"

#define VFY_MAX_TABLES 32
#define VFY_LOADS 4            /* keys per bucket: 1, 2, 4, 8 */
#define VFY_ALPHA 0.001        /* battery-wide false-warning rate */
#define VFY_EXAMPLE 4          /* colliding keys shown per explanation */
#define VFY_QUOTIENT_WARN 32   /* a_k this large, early, warns */

typedef enum { VFY_PASS, VFY_WARN, VFY_FAIL, VFY_INFO } vfy_status;

typedef enum {
	VFY_SEQ, VFY_STRIDE, VFY_RANDOM, VFY_PTR, VFY_HIGH, VFY_SPARSE
} vfy_kind;

typedef struct vfy_cell {
	unsigned b;                /* table bits */
	unsigned load;             /* keys per bucket asked for */
	score_result sc;           /* sc.keys: distinct keys actually used */
} vfy_cell;

typedef struct vfy_family {
	vfy_kind kind;
	unsigned arg;              /* s, alignment, H or K */
	char name[32];             /* "stride 2^12", "pointers /4096", ... */
	size_t ncells;
	vfy_cell cells[VFY_MAX_TABLES * VFY_LOADS];
	size_t worst;              /* the cell that decided the status */
	double mean_ratio;         /* geometric mean of R over the cells */
	size_t keys_avail;         /* distinct keys the family has (capped) */
	vfy_status status;
	/* from the worst cell: keys that share its fullest bucket */
	uint64_t example[VFY_EXAMPLE];
	size_t nexample;
	uint64_t example_bucket;
} vfy_family;

typedef struct vfy_battery {
	uint64_t p;
	unsigned bits;
	unsigned tables[VFY_MAX_TABLES];
	size_t ntables;
	size_t nfam;
	vfy_family *fam;
	size_t ncells;             /* over all families */
	double alpha_cell;         /* significance used per cell for WARN */
} vfy_battery;

/* Called as families finish; non-zero stops the battery. */
typedef int (*vfy_progress)(void *ctx, size_t done, size_t total);

/* The default table sizes: b = 4..20, capped at the word size. */
size_t vfy_default_tables(unsigned bits, unsigned *tables);

/*
 * Run the battery for multiplier p on bits-bit words (<= 64) over the
 * given table sizes (each <= bits, <= 24), with up to `threads` threads.
 * Returns 0, or -1 with err (out of memory, interrupted).  Free with
 * vfy_free.
 */
int vfy_run(vfy_battery *bt, uint64_t p, unsigned bits,
            const unsigned *tables, size_t ntables, int threads,
            vfy_progress progress, void *ctx, cfx_err *err);

void vfy_free(vfy_battery *bt);

/* If the family's keys are multiples of a common 2^s above which they
 * vary (sequential s = 0, strides, pointers, top bits only), set *s and
 * return 1: such keys hash like the multiplier p mod 2^(n-s). */
int vfy_family_shift(const vfy_family *f, unsigned bits, unsigned *s);

const char *vfy_status_name(vfy_status s);   /* "PASS", "WARN", ... */

/* The status of one cell under the battery's rules: WARN or PASS (a
 * family FAILs on its mean, see judge_family in verify.c). */
vfy_status vfy_judge(const vfy_battery *bt, const score_result *sc);

#endif
