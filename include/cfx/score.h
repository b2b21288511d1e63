/*
 * score.h - bucket uniformity of a multiplicative hash (prefix score_).
 *
 * h(x) = ((x * p) mod 2^n) >> (n - b) puts K distinct keys into m = 2^b
 * buckets.  From the bucket loads c_i:
 *
 *   chi^2 = sum (c_i - E)^2 / E, E = K/m, with m - 1 degrees of freedom,
 *           and its upper-tail p-value (GSL): small means "too uneven";
 *   R     = sum c_i (c_i + 1)/2 over its expectation for an ideal random
 *           hash, (K (1 - 1/m) + K^2/m + K)/2: the cost of looking every
 *           key up once, relative to random.  1 = random, < 1 better.
 *
 * Verdict (weighing significance and size):
 *   bad   R >= 2 and p < 0.001: lookups cost twice a random hash or more;
 *   weak  p < 0.001 but R < 2: a real deviation of modest cost;
 *   good  otherwise (no significant excess of collisions).
 */
#ifndef CFX_SCORE_H
#define CFX_SCORE_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"

#define SCORE_ALPHA 0.001     /* significance level of the verdict */
#define SCORE_BAD_R 2.0       /* probe-cost ratio that is bad outright */
#define SCORE_MAX_TABLE_BITS 28

/* The fewest distinct keys `score` judges.  Below 4 no hash can be judged
 * bad at all (R < 2 even when every key falls in one bucket), and a
 * handful of keys says little either way; with fewer than this, score
 * shows the loads and gives the verdict "none". */
#define SCORE_MIN_KEYS 16
#define SCORE_THREADS 8           /* most threads score_count uses */
#define SCORE_THREAD_MIN (1 << 20) /* fewer keys are counted in one */

/* SCORE_NONE: fewer than SCORE_MIN_KEYS distinct keys, not judged. */
typedef enum { SCORE_GOOD, SCORE_WEAK, SCORE_BAD, SCORE_NONE } score_verdict;

typedef struct score_result {
	size_t keys;          /* distinct keys hashed */
	uint64_t buckets;     /* 2^b */
	double chi2, dof, p_value;
	uint64_t max_load;
	uint64_t empty;
	double expected_load; /* K / m */
	double probe_ratio;   /* R */
	score_verdict verdict; /* score_verdict_of: the rule of every face */
} score_result;

/* Count bucket loads: loads[] (2^b entries) is zeroed and filled.
 * 1 <= b <= bits <= 64.  Large key sets are split over the processors,
 * each counting into a private table that is added in at the end; keys
 * that fall again and again in the buckets just used are counted in
 * interleaved lanes (score.c), which only changes the speed. */
void score_count(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
                 unsigned b, uint32_t *loads);

/* Add the loads of n more keys into loads[] (not zeroed; one thread):
 * for callers that count in slices, checking for cancellation between. */
void score_add(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
               unsigned b, uint32_t *loads);

/*
 * Keys in arithmetic progression, k0 + i S for i < n, need no key array:
 * their products are x_i = first + i step with first = k0 p and step =
 * S p (mod 2^bits), one addition a key.  The first adds to loads, the
 * second zeroes it and counts over the processors like score_count.  The
 * caller makes sure the keys are distinct (n <= 2^bits / largest power of
 * 2 dividing S).
 */
void score_add_progression(uint64_t first, uint64_t step, size_t n,
                           unsigned bits, unsigned b, uint32_t *loads);
void score_count_progression(uint64_t first, uint64_t step, size_t n,
                             unsigned bits, unsigned b, uint32_t *loads);

/* Statistics of loads[] for n keys in 2^b buckets. */
void score_stats(const uint32_t *loads, unsigned b, size_t n, score_result *r);

/*
 * The same in parts, for callers that make the loads of several table
 * sizes in one pass (the top bits nest: bucket i of 2^(b-1) is buckets 2i
 * and 2i + 1 of 2^b).  score_sums_add adds m loads to s (zero it first);
 * score_fold makes out[i] = in[2i] + in[2i + 1] for i < m (out may be
 * in: a fold in place) and, if s is not NULL, adds the m new loads to s;
 * score_stats_sums gives the statistics of n keys in 2^b buckets whose
 * loads were all added to s, the same numbers as score_stats.
 */
typedef struct score_sums {
	uint64_t sum_sq;      /* sum of the squared loads */
	uint64_t empty;       /* loads of 0 */
	uint64_t max_load;
} score_sums;

void score_sums_add(const uint32_t *loads, size_t m, score_sums *s);
void score_fold(const uint32_t *in, size_t m, uint32_t *out, score_sums *s);
void score_stats_sums(const score_sums *s, unsigned b, size_t n,
                      score_result *r);

/* Both in one: allocates the loads, or uses loads if not NULL.
 * Returns 0, or -1 if memory ran out. */
int score_keys(const uint64_t *keys, size_t n, uint64_t p, unsigned bits,
               unsigned b, uint32_t *loads, score_result *r);

/* Upper tail of chi^2 with dof > 0 degrees of freedom (GSL), with the
 * Wilson-Hilferty normal approximation where GSL reports an error.  Never
 * calls GSL's error handler, whatever the program set it to; safe from
 * any thread. */
double score_chisq_q(double chi2, double dof);

/* The verdict for a chi^2 p-value and probe ratio. */
score_verdict score_judge(double p_value, double probe_ratio);

/* The verdict of n distinct keys with that p-value and R, the one rule
 * of every face (score, sweep, the dashboard; score_stats applies it):
 * SCORE_NONE below SCORE_MIN_KEYS keys, else score_judge. */
score_verdict score_verdict_of(size_t n, double p_value, double probe_ratio);

/* The table when none is asked for, the one rule of every face (score,
 * sweep, spectrum, bench, the dashboard): 2^(n/2) buckets for n-bit words
 * (bits >= 1), at most 2^SCORE_TABLE_CAP, at least 2 (b >= 1).  A table
 * of 4096, where 4 keys a bucket (2^14 keys) already show a structured
 * family's collapse: 0x9e370001's stride:4096 keys fill a quarter of 2^12
 * buckets but every one of 2^16. */
#define SCORE_TABLE_CAP 12
unsigned score_default_table(unsigned long bits);

/* 0 if a table of 2^b buckets fits 1..SCORE_MAX_TABLE_BITS and an n-bit
 * word, else -1 with err (CFX_EDOMAIN, token b) in --table-bits' words:
 * every face that bounds b says this. */
int score_table_check(long b, unsigned long bits, cfx_err *err);

/* How many keys to hash when none are asked for: 4 a bucket (4 * 2^b),
 * but at most half of the 2^space distinct keys the family can make
 * (keys_space_bits), and at least 1.  So keys never wrap the word unless
 * asked: a set that covers its whole space is permuted by any odd
 * multiplier and would be uniform whatever the multiplier (stride:4096
 * on 32 bits: 2^19 keys at most, never all 2^20 multiples). */
uint64_t score_default_count(unsigned b, unsigned space);

/* "good", "weak", "bad", "none". */
const char *score_verdict_name(score_verdict v);

/* The same verdict as every JSON value says one, verify's words:
 * "PASS", "WARN", "FAIL", "INFO" (too few keys to judge).  The text
 * faces name it beside score_verdict_name's word. */
const char *score_verdict_json(score_verdict v);

#endif
