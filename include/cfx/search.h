/*
 * search.h - cheap multipliers near a target, ranked and screened
 * (prefix search_).
 *
 * The 2002 patch found its constants by enumerating sums of seven signed
 * powers of two, sorting them by how close the continued fraction of
 * p/2^N is to the golden ratio's, and keeping the primes; it warned that
 * the process "can produce bad factors", and its 64-bit prime later
 * collapsed page-aligned keys.  This module does the same search exactly
 * and screens what it finds.
 *
 * Candidates: odd p in (0, 2^N) that lie in the window
 * |p/2^N - t| <= 2^-W around the target t (default 1/phi) and either
 * (by digits) whose signed-digit weight mod 2^N (the weight of
 * naf_of(p, N), see naf.h) is at most K, or (by adders) whose cost is at
 * most A: the fewest adders of a shift/add graph in mcm.h's model (node
 * = (u << s) +- w, one operand shifted, every node odd, one negation of
 * the output free) that computes x * p mod 2^N.
 *
 * Enumeration is exact, by branch and bound over non-adjacent signed
 * digits from 2^(N-1) down to 2^0: a partial sum S with r digits left, the
 * next one at 2^e or below, can still move by at most
 * M(e, r) = 2^e + 2^(e-2) + ... (r terms), so a branch whose
 * [S - M, S + M] misses the window is cut.  Forms are taken mod 2^N, so
 * the window is met at p or at p - 2^N; a digit -1 at 2^(N-1) is skipped
 * (the same p has +1 there), so every p is met once, by its NAF.  The
 * last digit is at 2^0 (p odd).  `enumerated` counts complete forms
 * (digit at 2^0 placed) that were compared with the window.
 *
 * By adders the enumeration is exact too, over graphs instead of digits:
 * every ready set {1, n_1, ..., n_k}, k < A, each n_i an A-operation
 * (u << s) +- w (1 <= s < N, mod 2^N) of two earlier members, and each
 * node's value v and -v compared with the window; the last node is made
 * only from pairs that use the one before it (the others were compared
 * a level earlier).  Values are taken up to sign (w - (u << s) is
 * -((u << s) - w), and a graph with -n_i in place of n_i makes the same
 * values up to sign).  A candidate's adders are the fewest of any
 * graph that reaches it and its depth the least among those: both exact
 * (search_cand.cost).  The graphs grow as N^A (4 10^7 of 3 adders at
 * 64 bits, 10^9 of 4 at 24 bits, 4 10^9 at 32), so A is at most
 * SEARCH_MAX_ADDERS, and 4 only for N <= SEARCH_ADDERS4_BITS.
 * `enumerated` counts the graph outputs compared with the window.
 *
 * Sums are 128-bit integers: N from 1 to SEARCH_MAX_BITS (126), so that
 * signed partial sums fit.  The screen hashes machine words: N <= 64.
 *
 * Ranking, best first: (1) prefix: how many quotients a_1, a_2, ... of
 * p/2^N equal the target's (for 1/phi, the run of 1s, the "golden
 * prefix"); (2) the largest early quotient (among those whose preceding
 * denominator is below 2^SEARCH_EARLY_BITS: the ones that shape the
 * spectrum of that many keys), smaller first; (3) |p/2^N - t|, smaller
 * first; (4) p.
 *
 * The core enumerates, ranks and screens; running pieces in parallel is
 * the caller's business (plan tasks, run each, merge).
 */
#ifndef CFX_SEARCH_H
#define CFX_SEARCH_H

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"
#include "cfx/expr.h"
#include "cfx/mcm.h"
#include "cfx/verify.h"

#define SEARCH_MAX_BITS 126      /* signed 128-bit partial sums */
#define SEARCH_SCREEN_BITS 64    /* the screen hashes machine words */
#define SEARCH_SCREEN_MIN_BITS VERIFY_MIN_BITS /* the screen is verify's battery:
                                 * words cfx verify judges */
#define SEARCH_MAX_TERMS 64      /* K */
#define SEARCH_DEFAULT_WINDOW 8  /* |p/2^N - t| <= 2^-8 */
#define SEARCH_TARGET_TERMS 192  /* quotients of t kept (> 1.44 * 126) */
#define SEARCH_EARLY_BITS 23     /* "early": q_(k-1) below 2^23 */
#define SEARCH_MAX_FOUND 2000000 /* candidates kept before giving up */
#define SEARCH_MAX_ADDERS 4      /* A: graphs enumerated up to this */
#define SEARCH_ADDERS4_BITS 24   /* A = 4 only on words this small */

typedef unsigned __int128 search_word;

/* Where to look. */
typedef struct search_target {
	unsigned bits;             /* N */
	unsigned window;           /* W */
	search_word lo, hi;        /* odd p in [lo, hi], 1 <= lo <= hi < 2^N */
	search_word center;        /* floor(t 2^N) */
	double center_frac;        /* t 2^N - center, in [0, 1) */
	size_t nq;                 /* quotients a_1 .. a_nq of t known */
	search_word q[SEARCH_TARGET_TERMS];   /* saturated at 2^128 - 1 */
	int golden;                /* t = 1/phi */
} search_target;

typedef enum {
	SEARCH_UNSCREENED, SEARCH_PASS, SEARCH_WARN, SEARCH_FAIL
} search_status;

typedef enum { SEARCH_NONE, SEARCH_QUICK, SEARCH_FULL } search_level;

/* Where a candidate's adders and depth come from. */
typedef enum {
	SEARCH_COST_NAF,    /* not computed: adders weight - 1, depth unknown */
	SEARCH_COST_FOUND,  /* the best graph cfx's shift/add search found
	                       (mcm_solve), its depth */
	SEARCH_COST_PROVEN, /* the same, its adders proven fewest mod 2^N
	                       (mcm_result.exact_wrap) */
	SEARCH_COST_EXACT   /* the adder enumeration: fewest adders of any
	                       graph, least depth among those */
} search_costsrc;

typedef struct search_cand {
	search_word p;
	search_word big;           /* the largest early quotient a_k */
	double dist;               /* |p - t 2^N| */
	unsigned weight;           /* signed-digit weight mod 2^N */
	unsigned prefix;           /* leading quotients equal to the target's */
	unsigned big_index;        /* k of a_k; 0 none */
	int prime;                 /* 2 proven, 1 probable, 0 composite,
	                              -1 not tested */
	unsigned adders, depth;    /* the cost, from where `cost` says */
	search_costsrc cost;
} search_cand;

/* What the screen says of one candidate. */
typedef struct search_verdict {
	search_status status;
	double quality;            /* largest worst-cell R (lower is better);
	                              INFINITY when the prediction dropped it */
	char family[32];           /* the family that decided the status */
	char reason[192];          /* one line: why it fails, or its weakest */
	unsigned warns;            /* families that WARN (verify's joint rule
	                              FAILs VERIFY_JOINT_WARNS of them) */
} search_verdict;

/* A growable list of candidates; zero-initialise, free with
 * search_list_free. */
typedef struct search_list {
	search_cand *c;
	size_t n, cap;
} search_list;

/* One unit of work: a prefix of digits already chosen. */
typedef struct search_node {
	__int128 sum;              /* value of the digits chosen */
	int next;                  /* highest position the next digit may take */
	unsigned used;             /* digits chosen */
	int done;                  /* the last digit chosen is at 2^0 */
} search_node;

typedef struct search_plan {
	search_target t;
	unsigned terms;            /* K (by digits) */
	int adders;                /* A (by adders), -1 by digits */
	int primes;                /* keep primes only */
	search_node *task;         /* independent subtrees, in search order */
	size_t ntask;
} search_plan;

/*
 * The target t (expr, or 1/phi when expr is NULL), its window on N-bit
 * words and its quotients.  ~ and the shifts in expr act on a word of
 * `word` bits, the one asked for (0: none; they fail asking for --bits).
 * Errors (CFX_EDOMAIN, token names the limit):
 * bits outside 1..SEARCH_MAX_BITS, window outside 1..bits, t not in
 * (0, 1), a window holding no odd p.  Returns 0 or -1.
 */
int search_target_make(search_target *t, const expr_tree *expr,
                       expr_lookup look, void *ctx, unsigned long word,
                       unsigned bits, unsigned window, cfx_err *err);

/*
 * Split the search for odd p of weight <= terms (1..SEARCH_MAX_TERMS) in
 * t's window into at least `want` independent tasks where the tree allows.
 * primes: keep only primes (search_prime: proven for N <= 64, probable
 * beyond).  Free with search_plan_free.
 * Returns 0 or -1 (CFX_EDOMAIN: terms out of range).
 */
int search_plan_make(search_plan *pl, const search_target *t, unsigned terms,
                     int primes, size_t want, cfx_err *err);

/* 0 if a search by `adders` adders on bits-bit words is allowed (see
 * search_plan_adders), else -1 with CFX_EDOMAIN and the limit named. */
int search_adders_check(unsigned bits, unsigned adders, cfx_err *err);

/*
 * The same by adders: odd p in t's window of cost at most `adders`
 * (0..SEARCH_MAX_ADDERS; 4 only when t->bits <= SEARCH_ADDERS4_BITS),
 * t->bits <= 64.  A task is a choice of the first adder.  Returns 0 or
 * -1 (CFX_EDOMAIN, the message naming the limit).
 */
int search_plan_adders(search_plan *pl, const search_target *t,
                       unsigned adders, int primes, cfx_err *err);
void search_plan_free(search_plan *pl);

/*
 * Run task i: append its candidates, ranked but unsorted, to out and add
 * the forms it compared to *enumerated.  found counts the candidates of
 * all tasks (shared between threads).  Polls *stop (may be NULL) and
 * returns -1 early when it is set (CFX_EINTR), or when found would pass
 * SEARCH_MAX_FOUND (CFX_ELIMIT); 0 when the task is complete.  A task by
 * adders stopped early still appends what it met, with the fewest adders
 * among the graphs it built: SEARCH_COST_EXACT holds only once every
 * task is complete (an interrupted caller must lower it to FOUND).
 */
int search_task_run(const search_plan *pl, size_t i, search_list *out,
                    uint64_t *enumerated, atomic_size_t *found,
                    const volatile sig_atomic_t *stop, cfx_err *err);

/* Append the candidates of src to dst (src is left as it was): 0, or
 * -1 with err (CFX_ELIMIT) when memory gives out (dst as it was). */
int search_list_append(search_list *dst, const search_list *src,
                       cfx_err *err);

/* Sort l by p and keep one candidate per p: the one of fewest adders,
 * then least depth (tasks by adders can meet the same p). */
void search_list_unique(search_list *l);
void search_list_free(search_list *l);

/* The ranking keys of p (prefix, big_index, big, dist, weight); prime
 * -1.  Exposed for tests and for callers with their own p. */
void search_rank(const search_target *t, search_word p, search_cand *c);

/* Sort best first (see the ranking above). */
void search_sort(search_cand *c, size_t n);

/* 2 if p is prime (proven: p < 2^64, Miller-Rabin with bases that have
 * no strong pseudoprime below 2^64), 1 if probably prime (GMP's BPSW and
 * Miller-Rabin rounds, p >= 2^64), 0 if composite. */
int search_prime(search_word p);

/* The signed-digit weight of p mod 2^bits (that of naf_of). */
unsigned search_weight(search_word p, unsigned bits);

/*
 * The stride prediction, the first and cheap half of the screen: verify's
 * stride map (verify_strides_fail, the one stride screen of verify,
 * search and the dashboard): keys k c for every c up to 256 and the
 * multiples of 8 up to 4096, predicted from the lattice of c p mod 2^N
 * (stride.h), FAIL when the worst is beyond what almost every random
 * multiplier has (verify's rule, on 32- and 64-bit words; other words
 * pass here and are left to the battery): exactly when cfx verify FAILs
 * the stride map.  Returns 1 if p passes; else 0 with v set to FAIL and
 * the stride as the reason.
 */
int search_predict(search_word p, unsigned bits, search_verdict *v);

/*
 * Screen p on bits-bit words (SEARCH_SCREEN_MIN_BITS <= bits <=
 * SEARCH_SCREEN_BITS, unless level is SEARCH_NONE): the prediction,
 * then verify's calibrated battery (verify.h: sequential, every stride
 * 2^s, small and decimal strides, shifted runs, single bytes, packed
 * fields, pointer+index, sparse keys) with its verdict: quick, at tables
 * of 2^4, 2^6 and 2^10 buckets, then, if that does not FAIL, at verify's
 * standard tables (2^4..2^20) for the families that can FAIL or WARN
 * there (verify_family_can_fail), so that a candidate it keeps is one cfx
 * verify does not FAIL at any table; full, verify's standard tables for
 * every family at once.  Fills v: FAIL if the prediction, a form check
 * or any family fails, quality the largest worst-cell R of any family,
 * the deciding family and verify's one-line reason, and how many
 * families WARN.  verify's joint rule (VERIFY_JOINT_WARNS families
 * WARNing at once FAIL) is applied to the families at every table; a
 * screen stopped before that is UNSCREENED.  Runs on the calling thread.  Polls *stop
 * (may be NULL) between the battery's families (each a fraction of a
 * second; the full battery takes seconds): when it is set, returns 1
 * with v UNSCREENED.  Returns 0, or -1 (out of memory).
 *
 * This is the one place the search meets verify.
 */
int search_screen(search_word p, unsigned bits, search_level level,
                  const volatile sig_atomic_t *stop, search_verdict *v,
                  cfx_err *err);


/*
 * The fewest adders cfx's shift/add search (mcm_solve, its full search
 * as `cfx shifts --optimal` runs it: heuristic above 19 bits, never worse
 * than the NAF) finds for c->p, and the depth of that graph, into
 * c->adders and c->depth (c->cost SEARCH_COST_FOUND, or PROVEN when mcm
 * proves the count: up to 4 adders, and 5 on words of at most
 * MCM_WRAP_BITS bits, or MCM_FIVE_BITS when m proves with MCM_PROVE_FIVE
 * as cmd_search's contexts do: MCM_PROOF_RULE).  When that is at most 4 adders and p is odd,
 * mcm_small settles it (the model of the search by adders: a negated
 * result is the result): fewer than 4 possible gives that count and
 * the least depth (EXACT; mcm_solve ranks a graph that needs no
 * negation above a shallower one), else 4 is PROVEN.  No operation when c->cost is
 * SEARCH_COST_EXACT already.  bits <= 64; m is the calling thread's
 * search context.
 */
void search_optimal(mcm_ctx *m, search_cand *c, unsigned bits);


/* Cost of a candidate: c->adders once computed, else the adders of its
 * signed-digit form (weight - 1). */
unsigned search_cost(const search_cand *c);

/*
 * The Pareto front of cost (adders, then depth) against quality among the
 * n candidates (best ranked first, v[i] the verdict of c[i]) that were
 * screened and did not FAIL: for each cost, the best quality, kept when
 * it beats every cheaper entry.  Writes indices into idx (room for n), cheapest first; returns
 * how many.
 */
size_t search_front(const search_cand *c, const search_verdict *v, size_t n,
                    size_t *idx);

/* Decimal text of w into buf (at least 40 bytes); returns buf. */
char *search_word_str(search_word w, char *buf);

const char *search_status_name(search_status s);  /* "PASS", ..., "-" */

#endif
