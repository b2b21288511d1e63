/*
 * verify.h - is this multiplier safe to submit? (prefix verify_)
 *
 * The battery hashes key families a hash table meets in practice with
 * h(x) = ((x p) mod 2^n) >> (n - b), for every table size b of a list
 * (default 4..20) and 1, 2, 4 and 8 keys per bucket.  One table size and
 * one load is a cell; a cell's R is the cost of looking every key up over
 * an ideal random hash's (score.h).  The families, and why each is there:
 *
 *   sequential      0, 1, 2, ...: counters, inode and process numbers.
 *   stride 2^s      k 2^s for every s: aligned pointers, block and page
 *                   numbers; what broke 0x9e37fffffffc0001 (FACTS.md).
 *   stride c        k c for c = 3, 5, 7, 9, 10, 12, 24, 100, 1000, 10^6:
 *                   array elements of odd and struct sizes, decimal ids.
 *   start+k c       k0 + k c from a fixed random k0 (c = 1, 4096): runs
 *                   that do not begin at 0 shift the points off the
 *                   bucket edges.
 *   byte j          a fixed random background with byte j taking all 256
 *                   values: one field of a record that varies.
 *   fields x,y      x 2^h + y with x, y small (h = n/2 and n/4): packed
 *                   keys, where a constant may see only x + y.
 *   pointer+index   an object address (random, 1 KiB aligned) plus a
 *                   small index, like the page cache's (mapping, index).
 *   <= w bits set   keys with at most 2 or 3 bits set: flags, masks.
 *
 * Random keys, randomly aligned pointers and keys random in their top
 * bits only are not tested: an odd multiplier is a bijection of the bits
 * that vary, so they are uniform for every odd p and prove nothing.
 *
 * Counting.  Each family is hashed once, at the largest table 2^B: a
 * cell's loads for a smaller table come from folding (the top b bits of
 * a hash are the top b of its top B), and the cells of one family nest
 * (the keys of a cell are the first K = load 2^b keys of its family).
 *
 * The verdict is calibrated, cell by cell.  A family's statistic is its
 * worst cell: the largest R over its cells.  How unusual that is for a
 * random odd multiplier, its tail P, is the share of random odd
 * multipliers whose worst cell on the same keys is at least as bad: the
 * committed references (`make calibrate`, verify_cal.inc, 1000 random odd
 * multipliers per word size, an exponential tail fitted above the 90th
 * percentile), the same share every report shows ("98.7% do better").
 * Keys k0 + k c (sequential, strides, bytes) hash like the sequential keys
 * of the effective multiplier c p mod 2^n (with c = 2^t u: u p mod 2^(n-t)
 * on n - t bits), a random odd one for a random p, so they are ranked
 * against the sequential keys' reference; with fewer keys than its cells
 * use, keys k c from 0 against the sequential keys on an (n - t)-bit word
 * (every odd multiplier of words up to 10 bits), the bytes and
 * start+k*4096 (32 bits) against their own.  Why the worst cell crowds is
 * the continued fraction of that multiplier: a large quotient a_k among
 * those whose q_(k-1) <= K; by the Gauss-Kuzmin law a random multiplier
 * has a quotient >= A at a given place with probability log2(1 + 1/A),
 * J places 1 - (1 - log2(1 + 1/A))^J: the report's second clause, an
 * explanation, not the verdict (it reads R 3.45 as "1 in 120" where 9%
 * of random multipliers reach it).  A family with no reference (a run of
 * your own from a start, with few keys) is shown, not judged (INFO).
 *
 * With F families judged, a family FAILs when its worst R >= 2 (lookups
 * cost twice a random hash's: practically bad) and P F < 0.05 (so at
 * most about 5% of random odd multipliers FAIL anywhere); it WARNs when
 * its worst R >= 1.5 and P F < 0.5 (a typical constant shows fewer than
 * one WARN).  Jointly: a constant unusual in many families at once is
 * far from what random multipliers do even when no family FAILs, so when
 * VERIFY_JOINT_WARNS or more families WARN the check "joint" FAILs (it is
 * added, last, only then and only when nothing else FAILs).  The level
 * is measured, not derived (the families are correlated: neighbouring
 * strides share most of their effective multiplier).  bench_verify
 * joint counted the WARN families of 200 random odd multipliers per word
 * size (seed 9001, tables 2^4..2^20; VERIFY_JOINT_N=200 bench/verify.sh)
 * with each family judged by its share: at 32 bits the counts 0..8 came
 * 170, 15, 4, 2, 4, 2, 1, 1 and 1 times, none 9 or more; at 64 bits 0..6
 * came 176, 9, 4, 2, 1, 3 and 3 times, then 8 and 11 once each, and the
 * one with 11 (0xf40009042f5761ff) FAILs in another family, so the joint
 * rule FAILs none on its own.  In all 9 of the 200 FAIL at 32 bits
 * (4.5%) and 6 at 64 (3%).  VERIFY_JOINT_REACH_ and _OF_ below are those
 * counts (the report quotes them).
 *
 * Small words (n <= VERIFY_SMALL_BITS).  There are only 2^(n-1) odd
 * multipliers, so no tail can be below 2^-(n-1), and with F near 30
 * families the rank rule cannot single out even p = 3 below 11 bits
 * (at 10 bits its sequential keys cost 5.8 times a random hash's
 * lookups, 1 multiplier in 237: P F = 0.12).  So on words of at most 16
 * bits the sequential keys, the ones every table meets, are judged
 * outright as well: a worst R >= VERIFY_BAD_R FAILs whatever its rank
 * (f->absolute).  Counted over every odd multiplier (test_verify checks
 * this against a naive count): 7 of 128 FAIL at 8 bits (5.5%), 45 of 512
 * at 10 (8.8%), 245 of 2048 at 12 (12%: 243 by their sequential keys, 2
 * by stride 100, whose effective multiplier is 1), 5860 of 32768 at 16
 * (17.9%); the golden constants round(2^n/phi) made odd, and their
 * negations, have R <= 1.73 there and PASS.  The share grows with n
 * because there are more cells to be bad in; above 16 bits the rank rule
 * sees the tiny and near-1/2 multipliers on its own (p = 3 FAILs from 11
 * bits on), and the front ends refuse words below VERIFY_MIN_BITS: too
 * few keys to fill the smallest table's cells.
 *
 * Only the sequential keys.  Keys k c with c odd hash exactly as the
 * sequential keys of the multiplier c p mod 2^n (the same cells), so
 * `--bits 10 41` has stride 5 at R 3.5 where 205 = 5 41 FAILs.  Judging
 * every c k family outright would be consistent, but on small words a
 * stride that bad is common: verify_small_share below counts, over
 * every odd multiplier, those with some c k family other than the
 * sequential keys at R >= 2: 28 of 128 at 8 bits, 193 of 512 at 10,
 * 1091 of 2048 at 12, 25030 of 32768 at 16, round(2^10/phi) = 633
 * among them (stride 5 at R 2.47; its negation 391 at R 2.51), so
 * FAILing them would FAIL most multipliers.  So those families keep the
 * rank rule, and every family but the sequential keys at R >= 2 that
 * does not FAIL (packed and sparse keys too) is marked (f->small_note)
 * and the report says so in a note: a collapse on a small word is shown,
 * with the sequential multiplier it equals, never passed over in silence.
 * Families whose keys repeat another's are not planned: a byte with no
 * background bit in the word (byte 0 at 8 bits: the sequential keys) and
 * fields x<<h|y with h < 3 (every cell's rectangle is 0, 1, ...).
 *
 * The form checks (odd, size, continued fraction, shift/add)
 * come with the battery, so every face shows the same verdict.
 */
#ifndef CFX_VERIFY_H
#define CFX_VERIFY_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/err.h"
#include "cfx/score.h"
#include "cfx/lattice.h"
#include "cfx/stride.h"

#define VERIFY_MAX_TABLES 32
#define VERIFY_MAX_TABLE_BITS 24
#define VERIFY_LOADS 4           /* keys per bucket: 1, 2, 4, 8 */
#define VERIFY_EXAMPLE 4         /* colliding keys shown per family */
#define VERIFY_BAD_R 2.0         /* worst R for a FAIL */
#define VERIFY_NOTICE_R 1.5      /* worst R for a WARN */
#define VERIFY_ALPHA_FAIL 0.05   /* share of random multipliers failing */
#define VERIFY_ALPHA_WARN 0.5    /* WARNs a random multiplier expects */
#define VERIFY_JOINT_WARNS 9     /* WARN families at once for a FAIL */
#define VERIFY_JOINT_REACH_32 0  /* random 32-bit multipliers with as many */
#define VERIFY_JOINT_OF_32 200   /*   ... of this many measured */
#define VERIFY_JOINT_REACH_64 1  /* the same at 64 bits */
#define VERIFY_JOINT_OF_64 200
#define VERIFY_SMALL_BITS 16   /* words judged outright too (see above) */
#define VERIFY_MIN_BITS 8      /* the smallest word cfx verify judges */
#define VERIFY_MAX_FORMS 9
#define VERIFY_REF_COUNT 1000    /* random multipliers per reference */

typedef enum { VERIFY_PASS, VERIFY_WARN, VERIFY_FAIL, VERIFY_INFO }
	verify_status;

typedef enum {
	VERIFY_SEQ,        /* k */
	VERIFY_POW2,       /* k 2^s, arg = s */
	VERIFY_MULT,       /* k c, arg = c */
	VERIFY_AP,         /* k0 + k c, arg = c */
	VERIFY_BYTE,       /* background + k 2^(8j), k < 256, arg = j */
	VERIFY_FIELDS,     /* x 2^h + y, arg = h */
	VERIFY_PTRIDX,     /* pointer(x) + y */
	VERIFY_SPARSE,     /* at most arg bits set */
	VERIFY_KEYS        /* a key set of the user's (--keys), arg = its
	                    * index in bt->ukeys */
} verify_kind;

typedef enum {
	VERIFY_QUICK,      /* tables 2^4..2^12: a screen for searches */
	VERIFY_STANDARD    /* tables 2^4..2^20: cfx verify */
} verify_level;

typedef struct verify_cell {
	unsigned b;                /* table bits */
	unsigned load;             /* keys per bucket */
	score_result sc;           /* sc.keys = load 2^b */
} verify_cell;

/* Why a c k family's worst cell crowds: the effective multiplier. */
typedef struct verify_cf {
	int ok;                    /* 0: no such explanation (even p, ...) */
	unsigned t, w;             /* c = 2^t u; acts on w = n - t bits */
	uint64_t mult;             /* u p mod 2^w */
	size_t k;                  /* the largest quotient a_k ... */
	uint64_t a;                /* ... its value (UINT64_MAX: larger) */
	uint64_t q;                /* q_(k-1): the points lie on ~q arcs */
	size_t places;             /* J: quotients that shape K points */
} verify_cf;

typedef struct verify_family {
	verify_kind kind;
	unsigned arg;              /* see verify_kind */
	char name[40];             /* "stride 2^12", "fields x<<32|y", ... */
	uint64_t start, step;      /* keys k0 + k c (c k families) */
	int ck;                    /* keys are k0 + k c */
	size_t keys;               /* distinct keys the family offers */
	size_t ncells;
	verify_cell cells[VERIFY_MAX_TABLES * VERIFY_LOADS];
	size_t worst;              /* index of the cell with the largest R */
	double worst_r;            /* its R (0 when no cell) */
	verify_cf cf;              /* c k families with odd p */
	double tail;               /* P: this bad or worse, random odd p */
	double percentile;         /* % of the reference below, or -1 */
	size_t ranked_all;         /* keys k c of few keys: the reference is
	                            * every odd multiplier mod 2^cf.w (else 0) */
	int tie;                   /* every one in the reference gives this R */
	size_t sample_m;           /* ranked against m random multipliers
	                            * counted now (--table-bits), else 0 */
	size_t sample_better;      /*   how many of them do better (R below):
	                            * all the rank text claims; past them the
	                            * verdict reads the fitted tail */
	int ran;                   /* counted (verify_family_run) */
	verify_status status;
	int absolute;              /* FAIL by the small-word rule, not rank */
	int user;                  /* asked for (--stride): shown first */
	int small_note;            /* small word, R >= VERIFY_BAD_R, not FAIL:
	                            * ranked, and noted (see above) */
	char reason[256];          /* one line: why this status */
	uint64_t example[VERIFY_EXAMPLE];  /* keys sharing ... */
	size_t nexample;
	uint64_t example_bucket;           /* ... this bucket of the worst cell */
} verify_family;

/* A check's sentence: room for a reason that names two paths of up to
 * PATH_MAX bytes (shift/add's "cannot run: $TMPDIR ... (DIR)", $CC). */
#define VERIFY_DETAIL_MAX (2 * CFX_ERR_PATH + 1024)

/* A check of the constant's form: odd, size, prime, CF, shift/add. */
typedef struct verify_check {
	char name[24];
	verify_status status;
	char detail[VERIFY_DETAIL_MAX];  /* one sentence of evidence, whole */
	double tail;               /* P where it has one, else 1 */
	double r;                  /* its worst R where it measures one
	                            * (stride map, field checks), else 0 */
	double percentile;         /* % of the reference below r, or -1 */
} verify_check;

/* One stride of the map: its worst cell, predicted, and the keys k c
 * from 0 counted at that cell when confirmed. */
typedef struct verify_stride {
	uint64_t c;
	unsigned b, load;          /* 2^b buckets, load keys a bucket */
	double r;                  /* predicted R (stride.h: mean over starts) */
	double counted;            /* R of keys k c from 0 counted; -1 not */
} verify_stride;

#define VERIFY_SMAP_SHOW 5       /* the map's worst shown by default */
#define VERIFY_BEYOND 16         /* strides past the map's set kept */

/*
 * The stride map (stride.h): every stride of the map's set (every c up
 * to 256 and the multiples of 8 up to 4096) at tables 2^4..2^20 (to
 * 2^(n-4) on small words), predicted.  Its statistic is the worst R over
 * the set; the tail is the share of random odd multipliers whose map's
 * worst is at least that (the committed reference, stride_cal.inc, an
 * exponential tail above its 90th percentile), judged by verify_rule
 * like a family.  So a collapse that a typical multiplier also has (each
 * has dozens of strides at R >= 4: see ref_collapse) is named, not
 * failed.  Judged only on 32- and 64-bit words (the reference's); INFO
 * on others.
 */
typedef struct verify_smap {
	int ran;
	verify_status status;
	size_t n;                  /* STRIDE_MAP_COUNT */
	verify_stride *s;          /* worst first */
	double worst, tail, percentile;
	size_t collapse;           /* strides at R >= STRIDE_COLLAPSE_R */
	double ref_collapse[3];    /* random multipliers' count: 10%, 50%, 90% */
	/* how unusual the count is: the largest percentile of the random
	 * multipliers' counts below it (the reference's 0..100; -1: none, or
	 * no reference).  Above the 90th, the report says so in words */
	int collapse_above;
	unsigned ref_count;        /* random multipliers in the reference */
	size_t confirmed;          /* of s[], the first this many counted ... */
	/* strides c <= STRIDE_SCREEN_TOP outside the set at R >= 4,
	 * predicted only (verify_strides_confirm) */
	size_t beyond_found;
	size_t nbeyond;
	verify_stride beyond[VERIFY_BEYOND];
	int ranked;                /* made with a reference: status by rule */
	int prepared;              /* made and screened past the set ahead of
	                            * the judge (verify_run_prepare): the
	                            * judge ranks it, the report keeps it */
} verify_smap;

/* How far a battery's field checks are counted (bt->fields_counted):
 * every cell that can reach the R that WARNs (a screen's verdict, the
 * same status), or every cell (the report's R). */
#define VERIFY_FIELDS_SCREENED 1
#define VERIFY_FIELDS_EXACT 2

#define VERIFY_MAX_USER 8        /* strides, layouts asked for */
#define VERIFY_UREF_COUNT 200    /* random multipliers per asked layout */
#define VERIFY_KREF_COUNT 100    /* random multipliers per asked key set, */
#define VERIFY_KREF_MIN 40       /*   at least this many, and fewer than */
#define VERIFY_KREF_BUDGET (1u << 28)  /* count as many keys as this */
#define VERIFY_TREF_COUNT 200    /* random multipliers a family at tables
                                  * of the user's (verify_rank_at_tables),
                                  * fewer (VERIFY_KREF_MIN at least) when
                                  * the families' keys pass the budget */

/* A layout asked for (--fields): its worst cell, exact (every cell that
 * can decide it counted: lattice_worst), ranked by verify_rule against
 * random odd multipliers' worst on the same layout found the same way
 * (an exponential tail above their 90th percentile): two fields on 32-
 * and 64-bit words against stride_cal.inc's reference of that offset
 * (make calibrate), any other layout against VERIFY_UREF_COUNT drawn
 * from a fixed seed, counted by verify_keys_ref_run's jobs (nref of
 * them, done so far; verify_judge counts those that did not run). */
typedef struct verify_ufields {
	lattice_layout lay;
	lattice_cell cell;
	double tail, percentile;
	verify_status status;
	char name[40];             /* "fields x<<20|y<<12|z" */
	char reason[200];
	size_t nref, done;
	double ref[VERIFY_UREF_COUNT];
	unsigned ref_count;        /* the reference's multipliers */
	unsigned jmin, jmax;       /* its cells hold 2^jmin..2^jmax keys (0:
	                            * no cell) */
} verify_ufields;

/* The compiler's word on the shift/add code (the front end runs it). */
typedef struct verify_compiled {
	int ran, ok;
	size_t inputs;
	const char *msg;
} verify_compiled;

typedef struct verify_battery {
	uint64_t p;
	unsigned bits;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t ntables;
	unsigned bmax;
	size_t nfam;
	verify_family *fam;
	size_t ncells;             /* over all families */
	unsigned cal_bits;         /* word size of the reference used */
	size_t judged;             /* F: families and checks judged */
	verify_check forms[VERIFY_MAX_FORMS];
	size_t nforms;
	size_t nfail, nwarn;       /* over forms and families */
	verify_status status;      /* FAIL if anything FAILs, else PASS */
	unsigned opt_adders;       /* the fewest adders cfx shifts --optimal */
	unsigned opt_depth;        /*   finds, and its depth (set by verify_judge;
	                            *   adders 0 when the NAF's are as few) */
	verify_smap smap;          /* the stride map (verify_judge) */
	/* set by the caller after verify_plan (NULL: never): verify_judge and
	 * verify_strides_confirm end early once *stop is set, leaving the
	 * battery unjudged (verify_stopped says so) */
	const volatile sig_atomic_t *stop;
	/* set by the caller after verify_plan: a screen that judges by R
	 * alone (search's).  The cells of families of keys k0 + k c then hold
	 * the exact R and chi^2 but no fullest bucket nor empty ones (0):
	 * their sums of squares come from the pairs of keys that share a
	 * bucket, not from the keys (verify_family_run).  Its families run
	 * in order in one thread: the largest cells of a fields family may
	 * then be left out where a bound shows they change no verdict nor
	 * the worst R of all (verify_count.c's fields_cut) */
	int r_only;
	lattice_cell foff;         /* packed fields: the worst offset's cell */
	unsigned foff_h;           /*   its offset h (0: not screened) */
	lattice_cell flay;         /* the worst 3-4 field layout's cell */
	lattice_layout flay_lay;   /*   its layout (nf 0: none) */
	int fields_counted;        /* foff and flay: 0 not yet, or
	                            * VERIFY_FIELDS_SCREENED / _EXACT (kept:
	                            * counted once a battery) */
	size_t nuser;              /* families asked for, the last nuser */
	verify_ufields ufields[VERIFY_MAX_USER];   /* layouts asked for */
	size_t nufields;
	/* key sets asked for (--keys that are not progressions): distinct,
	 * ascending, owned; ukref[i] the worst R of VERIFY_KREF_COUNT random
	 * odd multipliers on set i (verify_keys_ref_run): ukref_n[i] of them
	 * (VERIFY_KREF_COUNT, or as many as count VERIFY_KREF_BUDGET keys in
	 * all, at least VERIFY_KREF_MIN), ukref_done[i] how many ran */
	uint64_t *ukeys[VERIFY_MAX_USER];
	size_t nukeys;
	double ukref[VERIFY_MAX_USER][VERIFY_KREF_COUNT];
	size_t ukref_n[VERIFY_MAX_USER], ukref_done[VERIFY_MAX_USER];
	/* keys shared by the families (read-only once planned) */
	uint64_t *sparse[2];       /* <= 2 and <= 3 bits set, ascending */
	size_t nsparse[2];
	/* tables other than the default (verify_rank_at_tables): the
	 * committed references are of 2^4..2^20, so each ranked family is
	 * ranked instead against tref_m random odd multipliers on the same
	 * keys and cells: tref[f tref_m + i] multiplier i's worst R on
	 * family f (verify_keys_ref_run); tref_done how many ran; NULL: the
	 * committed references.  Owned. */
	double *tref;
	size_t tref_m, tref_done;
} verify_battery;

/* The default table sizes: b = 4..20 (4..12 for VERIFY_QUICK), capped at
 * the word size.  Returns how many. */
size_t verify_default_tables(unsigned bits, verify_level level,
                             unsigned *tables);

/* The word size verify uses for p >= 1 without --bits: the smallest of
 * 32 and 64 that holds p, or 0 if p >= 2^64. */
unsigned verify_default_bits(const mpz_t p);

/*
 * Plan the battery for multiplier p (1 <= p < 2^bits) on bits-bit words
 * (2..64) over the given table sizes (1..min(bits, 24), at least one,
 * at most VERIFY_MAX_TABLES, duplicates ignored).  Returns 0, or -1 with
 * err for a bad table list.  Free with verify_free.
 */
int verify_plan(verify_battery *bt, uint64_t p, unsigned bits,
                const unsigned *tables, size_t ntables, cfx_err *err);

/* After verify_plan, before the runs: the user's stride c (1 <= c <
 * 2^bits) as a family of keys k c ("stride C (yours)"), judged as every
 * family; and a layout of packed keys (shifts from the top field down, as
 * verify_fields_ok takes them), judged by verify_judge.  Return 0, or
 * -1 with err (more than VERIFY_MAX_USER, or out of range). */
/* The packed layouts a bits-bit word can judge: at most
 * verify_fields_max(bits) offsets (0 on 8 bits), falling from the top,
 * every field at least LATTICE_MIN_FIELD bits wide (shift[0] <= bits - 4,
 * each at least 4 below the one before, the last >= 4), so that some
 * table of the field checks has a cell.  verify_fields_ok: 1 when
 * shift[0..nf) obeys that. */
unsigned verify_fields_max(unsigned bits);
int verify_fields_ok(unsigned bits, const unsigned *shift, unsigned nf);
int verify_add_stride(verify_battery *bt, uint64_t c, cfx_err *err);
int verify_add_fields(verify_battery *bt, const unsigned *shift, unsigned nf,
                      cfx_err *err);

/* A two-field layout asked for (u, judged) beside the battery's family
 * of the same offset, "fields x<<h|y": their R may differ, since their
 * cells hold other keys (the family's Z-order walk, x, y < 2^10, from
 * 2^4 keys; the layout's each field 2^4 values or more, up to 8 keys a
 * bucket of 2^20).  1 with *fam that family's index and 2^*jlo..2^*jhi
 * the keys of its cells (the layout's are u->jmin..u->jmax); 0 when
 * there is no such family.  What the report and the JSON say of it. */
int verify_ufields_family(const verify_battery *bt, const verify_ufields *u,
                          size_t *fam, unsigned *jlo, unsigned *jhi);

/* Bytes of scratch one worker needs for verify_family_run. */
size_t verify_scratch_size(const verify_battery *bt);

/*
 * The user's own key family (--keys FAMILY), after verify_plan, named
 * name ("keys file:x (yours)").  verify_add_run: the keys start + i step
 * (mod 2^bits, distinct), a c k family judged as every stride is (from
 * start 0, or with as many keys as the sequential reference's cells; a
 * run of fewer keys from another start has no reference: shown, not
 * judged).  verify_add_keys: n keys
 * (taken: freed by verify_free, even on error; sorted and made distinct
 * here), whose cells use the first K in ascending order, ranked against
 * VERIFY_KREF_COUNT random odd multipliers (a fixed seed) on the same
 * keys and cells, which verify_keys_ref_run counts before verify_judge.
 * Both return 0, or -1 with err (more than VERIFY_MAX_USER, no key).
 */
int verify_add_run(verify_battery *bt, const char *name, uint64_t start,
                   uint64_t step, cfx_err *err);
int verify_add_keys(verify_battery *bt, const char *name, uint64_t *keys,
                    size_t n, cfx_err *err);

/* At tables other than the default ones (--table-bits), rank every
 * ranked family (the key sets aside: they have their own) against random
 * odd multipliers on the same keys and cells rather than the committed
 * references, which are of the default tables (bt->tref): call after the
 * families are added, before the run.  1 when it will, 0 when the tables
 * are the default ones. */
int verify_rank_at_tables(verify_battery *bt);

/* The reference runs of the key sets and the layouts added, and of
 * verify_rank_at_tables: jobs 0 .. verify_keys_ref_jobs - 1, each one
 * random multiplier on one set (or layout, or every ranked family) with a
 * worker's scratch (verify_scratch_size); different jobs may run at
 * once. */
size_t verify_keys_ref_jobs(const verify_battery *bt);
void verify_keys_ref_run(verify_battery *bt, size_t job, void *scratch);

/* Run family i into bt->fam[i] with the worker's scratch (at least
 * verify_scratch_size bytes).  Different i may run at once on different
 * threads with different scratch. */
void verify_family_run(verify_battery *bt, size_t i, void *scratch);

/* Keys that share the fullest bucket of family i's worst cell, when it
 * FAILs or WARNs (after verify_judge): a second pass over its keys, so
 * only for the families a report explains. */
void verify_family_examples(verify_battery *bt, size_t i, void *scratch);

/*
 * 0 when no count of family i's keys can make it FAIL or WARN (a WARN
 * counts toward the joint rule; on small words sequential keys may FAIL
 * outright, so they always count), so a caller that wants only the verdict
 * may skip running it (it then shows as INFO); 1 when it may.  Exact, from
 * the rule alone: a family of keys k0 + k c (p odd) has its worst R at
 * most verify_family_bound (no key counted), and the rule's status rises
 * with R, so when that bound would PASS against the family's reference so
 * does every count; a family with no reference is not judged (INFO).
 * After verify_plan.
 */
int verify_family_can_fail(const verify_battery *bt, size_t i);

/* That bound (HUGE_VAL for other families or an even p): from the least
 * gap between the products of two of a cell's K keys, the fewest buckets
 * they can fill; every count of family i is at most it. */
double verify_family_bound(const verify_battery *bt, size_t i);

/*
 * The verdict, once the families have run: the form checks (cc: what the
 * compiler said of the shift/add code, or NULL; forms = 0 skips the
 * 2^20-input evaluator test, and so does a compiled check that ran and
 * agreed: the evaluator's stands in for it), each family's tail, percentile, status and
 * reason, and the totals (nfail, nwarn, status, ncells).  A family not
 * counted (a run cancelled or resumed, verify_run.h) is INFO ("not
 * counted") and in no total, so a battery judged part way has the totals
 * of what ran: the one place they are counted, for every face.
 */
void verify_judge(verify_battery *bt, int forms, const verify_compiled *cc);

/* Whether bt->stop is set: a judge or confirm that saw it ended early. */
int verify_stopped(const verify_battery *bt);

/* (The quick screen, verify_run_screen, and the driver that counts the
 * families are verify_run.h's.) */

void verify_free(verify_battery *bt);

/* 1 when family f's keys are k c from 0, so that they hash exactly as
 * the sequential keys of its effective multiplier f->cf.mult on f->cf.w
 * bits (the same cells); 0 otherwise (another start, or no explanation).
 * After verify_family_run. */
int verify_family_as_sequential(const verify_family *f);

/* The key with index i of a family (i < f->keys). */
uint64_t verify_key(const verify_battery *bt, const verify_family *f,
                    size_t i);

/* Why the family is in the battery, one sentence. */
const char *verify_family_why(verify_kind kind);

const char *verify_status_name(verify_status s);   /* "PASS", ... */

/* The rule, for tests and the report: the status for a worst R, a tail
 * probability and F judged families. */
verify_status verify_rule(double worst_r, double tail, size_t judged);

/* The rule for a family the user asked for (--stride, --fields, --keys):
 * verify_rule over the battery's F judged, and at least WARN where the
 * question alone (F = 1) would FAIL: R >= VERIFY_BAD_R and fewer than
 * VERIFY_ALPHA_FAIL of random odd multipliers as bad on these keys.  The
 * question was asked before the answer was seen, so it does not share
 * the battery's bar; it warns rather than fails, since the battery's
 * calibration (at most about 10% of random multipliers FAIL) is the
 * verdict's. */
verify_status verify_rule_yours(double worst_r, double tail, size_t judged);

/* 1 when st, verify_rule_yours' status for these figures, is a WARN only
 * because the keys are the user's (verify_rule over F judged passes
 * them): what the report and the JSON's detail say in a clause. */
int verify_rule_yours_only(verify_status st, double worst_r, double tail,
                           size_t judged);

/* On a small word (VERIFY_MIN_BITS..VERIFY_SMALL_BITS bits), how many
 * of its 2^(bits-1) odd multipliers have some c k family other than the
 * sequential keys at worst R >= VERIFY_BAD_R over the default tables:
 * counted once over all of them (tests/unit/test_verify.c recounts 8, 10
 * and 12 bits, bench/small_share.sh the others up to VERIFY_SHARE_MAX,
 * 14 unless set).  1 with *count and *of set, 0 for other words. */
int verify_small_share(unsigned bits, size_t *count, size_t *of);

/* The small-word rule: FAIL for a family of this kind with this worst R
 * on bits-bit words when it is judged outright (see the head of this
 * file), else PASS (the rank rule decides). */
verify_status verify_small_rule(unsigned bits, verify_kind kind,
                                double worst_r);

/* The joint rule: FAIL for this many families WARNing at once, else
 * PASS (see the head of this file). */
verify_status verify_joint_rule(size_t warns);

/* Families (not form checks) that WARN, after verify_judge. */
size_t verify_joint_warns(const verify_battery *bt);

/* How much of bt FAILs, in the words of verify's first line (review and
 * the patch's comment say it so too): "3 of 97 checks", or, for a FAIL
 * by the joint rule alone, every check and every WARN and the families
 * the rule counted (a WARN of the stride map or a field screen is no
 * family's): "97 checks, 14 WARN (12 families at once): the joint rule".
 * Returns s. */
const char *verify_fail_words(const verify_battery *bt, char *s, size_t n);
/* A verdict that passes in verify's words, what its first line says:
 * "61 checks, 1 WARN" (every check that WARNs: the constant's, the
 * families', the field screens'), "61 checks" with none; review's
 * CHECK line says the same.  Returns s. */
const char *verify_pass_words(const verify_battery *bt, char *s, size_t n);

/*
 * The stride map of p on bits-bit words (above), judged with judged
 * checks (F of verify_rule): the one stride screen of verify, search and
 * the dashboard.  Fills sm (free with verify_smap_free) and returns its
 * status.  Predicted only: verify_strides_confirm counts.
 */
verify_status verify_strides(uint64_t p, unsigned bits, size_t judged,
                             verify_smap *sm);

/* verify_strides but the status (the part that does not depend on the
 * checks judged): sm made and ranked, its status INFO until judged. */
void verify_strides_make(uint64_t p, unsigned bits, verify_smap *sm);

/*
 * The stride map's FAIL alone, for screens of many candidates (search's
 * prediction): 1 when the worst stride of the map's set has a worst R at
 * least the R with which the map's rule FAILs (judged checks), with
 * *worst that stride; else 0.  The same screen as the map's status in
 * verify_strides and in the quick verdict (verify_judge without forms),
 * only cheaper: cells that cannot reach that R (stride_screen's gate) are
 * not evaluated.  So search drops a candidate here exactly when cfx
 * verify FAILs its stride map (the same judged).
 */
int verify_strides_fail(uint64_t p, unsigned bits, size_t judged,
                        verify_stride *worst);

/* Count the keys k c from 0 at the worst cell of the map's worst
 * VERIFY_SMAP_SHOW strides and of those at R >= STRIDE_COLLAPSE_R among
 * the worst upto (SIZE_MAX: every one; what a report lists with its
 * cell: VERIFY_SMAP_SHOW, text and JSON, --full every one; the default
 * JSON names every one at R >= 4 with the map's R, not counted), and
 * screen the strides up to STRIDE_SCREEN_TOP outside the set.  scratch:
 * 2^20 counters.  (Counting every one at R >= 4 took 0.4 s of the 0.6 s
 * of 0x9e37fffffffc0001's stride work, whose 736 strides all collapse,
 * to confirm 720 strides no report shows.) */
void verify_strides_confirm(verify_battery *bt, size_t upto,
                            uint32_t *scratch);

/* verify_strides_confirm in pieces that may run at once (verify_run.h's
 * verify_run_report puts them on the pool): the strides it counts are
 * the first verify_strides_listed, each counted by verify_strides_count
 * (scratch: 2^20 counters); the screen past the map is
 * VERIFY_BEYOND_PARTS parts, part k's worst VERIFY_BEYOND_WANT into
 * parts + k VERIFY_BEYOND_WANT (parts: verify_strides_beyond_size()
 * bytes), its count into found[k], and verify_strides_beyond takes them
 * together (the same as the screen whole: it keeps its worst in a total
 * order, R then c). */
#define VERIFY_BEYOND_PARTS 16
#define VERIFY_BEYOND_WANT (STRIDE_MAP_COUNT + VERIFY_BEYOND)
size_t verify_strides_listed(const verify_battery *bt, size_t upto);
void verify_strides_count(verify_battery *bt, size_t i, uint32_t *scratch);
size_t verify_strides_beyond_size(void);
size_t verify_strides_beyond_part(const verify_battery *bt, unsigned k,
                                  stride_hit *part);
void verify_strides_beyond(verify_battery *bt, stride_hit *parts,
                           const size_t *found);

void verify_smap_free(verify_smap *sm);

/* 1 when the map's count of strides at R >= STRIDE_COLLAPSE_R is above
 * the random multipliers' 90th percentile (the report says how unusual
 * it is, whatever the map's status: the verdict ranks the worst stride,
 * not the count). */
int verify_smap_many(const verify_smap *sm);

/* The family of the battery whose keys are the map's stride c from 0
 * (a row "stride 2^s", "stride 3..10^6", or one of yours), else NULL.
 * The map ranks its worst stride among random multipliers' worst over
 * its whole set; such a family is judged alone, against random
 * multipliers at that one stride: the report names the family's status
 * beside the map's entry, so the two read as one judgment. */
const verify_family *verify_smap_family(const verify_battery *bt,
                                        uint64_t c);

/* 1 when a stride of the map at R >= STRIDE_COLLAPSE_R, or among its
 * worst VERIFY_SMAP_SHOW, is a family (verify_smap_family) whose status
 * is not the map's. */
int verify_smap_differs(const verify_battery *bt);

/* The offsets h (bit h set) of the packed-field families x<<h|y on n-bit
 * words: n/2 and n/4 when at least 3.  The check "field offsets" judges
 * every other offset, and its reference (calibrate --strides) is the
 * worst of random multipliers over those same offsets. */
uint64_t verify_fields_offsets(unsigned n);

/* The checks a judged battery shows one by one: its form checks, the
 * layouts asked for and the families, not "joint" (a rule over them, not
 * one of them); F (below) but for shift/add after verify_run_screen. */
size_t verify_checks(const verify_battery *bt);

/* The form check "joint" when verify_judge added it (the last form), or
 * NULL. */
const verify_check *verify_joint(const verify_battery *bt);

/* F, the families and checks judged, once planned (verify_judge's). */
size_t verify_judged(const verify_battery *bt);

/* F for the default tables on bits-bit words (VERIFY_MIN_BITS..64),
 * planned once per word size and kept (safe from any thread). */
size_t verify_judged_default(unsigned bits);

/* A share of random multipliers, in percent, as a report prints it: never
 * "100" nor "0" (a sample cannot say all or none): ">99.9" and "<0.1" at
 * the ends, one decimal within 0.5 of them, else sig significant digits.
 * Returns buf. */
const char *verify_share_text(char *buf, size_t n, double share, int sig);

/* A family's rank in the one form every face uses, after verify_judge:
 * the share of random odd multipliers that do better ("74% of random odd
 * multipliers do better"; brief: "74% do better": its percentile, the
 * figure the rule judges by; " (every one counted)" when the reference is
 * every odd multiplier of a small effective word; "every odd multiplier
 * gives this R" when all tie; without a reference, "not ranked: 2^14
 * keys"), and for keys k0 + k c with an explanation the Gauss-Kuzmin
 * clause, which explains and does not decide ("; a_3 = 89 after q = 5: 1
 * in 120 by Gauss-Kuzmin"; brief: "; 1 in 120 by Gauss-Kuzmin", at worst
 * R >= VERIFY_NOTICE_R).  Ranked against a sample counted now
 * (sample_m), the share is said at the sample's resolution: "37 of 40
 * do better", "all 40 do better", and in full with the tail fitted to
 * them, which the verdict reads, where it decides (all do better, or a
 * WARN or FAIL).  Returns the length written (snprintf's). */
size_t verify_rank_text(char *buf, size_t n, const verify_family *f,
                        int brief);

/* The share, in percent, of random odd multipliers at least as bad as a
 * family or check with this percentile: 100 - percentile, or -1 without
 * a comparable reference (percentile < 0: not ranked; the Gauss-Kuzmin
 * tail is no share).  The complement of verify_rank_text's "do better",
 * and what a report says of a PASS at R >= VERIFY_BAD_R: how common that
 * R is. */
double verify_share_as_bad(double percentile, double tail);

/* Gauss-Kuzmin: the probability that J given quotients of a random real
 * include one >= a. */
double verify_gk_tail(double a, size_t places);

/* The reference: share of random odd multipliers (bits-bit words,
 * reference word size 32 or 64) whose worst R in a family of this kind
 * is >= r, and the percentile of r (-1 without a reference). */
double verify_ref_tail(unsigned cal_bits, verify_kind kind, unsigned arg,
                       double r, double *percentile);

#endif
