/*
 * mcm.h - single-constant multiplication by shifts and adds, searched for
 * the fewest adders (prefix mcm_).
 *
 * The NAF of p gives a sequence of w - 1 additions or subtractions (sas.h).
 * Reusing intermediate results does better: 45 = 5 * 9 is
 * t = (x << 2) + x; hash = (t << 3) + t, two adders where the NAF needs
 * three.  A sequence here is an adder graph: node k computes
 *
 *     t_k = (t_a << sa) + (t_b << sb)   or   (t_a << sa) - (t_b << sb)
 *
 * from x = t_0 and earlier nodes, with at least one of sa, sb zero (the
 * A-operation of Dempster & Macleod without its right shift, which a
 * product mod 2^n cannot undo).  Every node is an odd multiple of x; the
 * product is +-(t_out << out_shift) mod 2^n.
 *
 * The search (mcm.c explains it) is exact for words of at most
 * MCM_EXACT_BITS bits, by default (not only with --exact: one solver
 * for a single constant and for mcm_cost_table): an exhaustive table of
 * every odd constant that four adders reach, and for the rest a
 * complete test of five-adder graphs (values below 2^(n+1), no right
 * shifts): minimal over the integers.  On a wider word whose odd part
 * (or its negation) is below 2^20 the same integer search bounds the
 * count (702165 on 32 bits: 5).  Mod 2^n a graph whose values wrap can need fewer (14709 on
 * 16 bits: 4, 5 as an integer); every graph of at most four adders mod
 * 2^n is tried on words whose odd part has at most MCM_WRAP_BITS bits
 * (of at most three on any word), so counts up to 5 (4) are proven
 * minimal mod 2^n there (mcm_result.exact_wrap).  Larger
 * words get a heuristic that decomposes the constant, splits and factors
 * mod 2^n using the exact table for the pieces, and then re-searches the
 * last steps exactly; it never returns more adders than the NAF.
 */
#ifndef CFX_MCM_H
#define CFX_MCM_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"

#define MCM_MAX_NODES 48    /* > 32, the most adders a 64-bit NAF needs */
#define MCM_EXACT_BITS 19   /* --exact: word sizes up to this */
#define MCM_WRAP_BITS 24    /* five adders proven minimal mod 2^n (no
                             * graph of four, wrapping or not) when the
                             * constant's odd part has at most this many
                             * bits (n less its trailing zeros) */

enum { MCM_ADD = 0, MCM_SUB = 1 };

typedef struct mcm_node {
	uint64_t v;            /* x * v mod 2^64 is what this node computes */
	unsigned char a, b;    /* operands: 0 = x, k = node k (< this node) */
	unsigned char sa, sb;  /* left shifts of a and b; one of them is 0 */
	unsigned char op;      /* MCM_ADD or MCM_SUB: (a << sa) -/+ (b << sb) */
	unsigned char depth;   /* adders on the longest path from x */
} mcm_node;

typedef struct mcm_graph {
	unsigned bits;         /* word size n, 1..64 */
	unsigned n;            /* nodes, which is the number of adders */
	mcm_node node[MCM_MAX_NODES + 1];  /* node[1..n]; node[0] is x */
	unsigned out;          /* the node holding the odd part of p */
	unsigned out_shift;    /* p = +-(v_out << out_shift) mod 2^n */
	int out_neg;           /* 1: the product is negated (one negation) */
	int zero;              /* p = 0 mod 2^n: the product is 0 */
} mcm_graph;

struct mcm_target;

typedef struct mcm_opts {
	unsigned max_depth;    /* 0: any depth; else adders on any path <= it */
	int exact;             /* prove the adder count minimal (see above) */
	int quick;             /* a narrower search, about 10x faster */
	const struct mcm_target *target;  /* among graphs of the fewest
	                        * adders, prefer the fewest cycles on it
	                        * (NULL: the least depth); never more
	                        * adders than the same search with NULL */
} mcm_opts;

/* What a search found. */
typedef struct mcm_result {
	unsigned adders;       /* additions plus subtractions */
	unsigned depth;        /* critical path in adders */
	int exact;             /* 1: no graph whose values stay below
	                        * 2^(n+1) (no wrap-around) has fewer adders,
	                        * the model of the published tables (mcm.c) */
	int exact_wrap;        /* 1: minimal mod 2^n: not even a graph that
	                        * wraps has fewer, since a wrapping graph can
	                        * beat the integer bound (14709 mod 2^16: 4
	                        * adders, 5 as integers).  Proven for counts
	                        * up to 4 on any word (every graph of at most
	                        * 3 is tried), and for 5 when the odd part of
	                        * p has at most MCM_WRAP_BITS bits (every
	                        * graph of 4 is tried); not when quick, nor
	                        * under a depth bound below 3 (for 4) or 4
	                        * (for 5) */
	unsigned lb_wrap;      /* proven: no graph mod 2^n has fewer adders
	                        * (as exact_wrap: up to 5); equals adders
	                        * when exact_wrap */
	unsigned naf_adders;   /* what the NAF sequence needs, for comparison */
	int offline;           /* 1: lb_wrap is a bound proven offline by
	                        * tools/mcm5 (every graph of five tried;
	                        * doc/mcm5.md), not by this search */
} mcm_result;

/* A search context: holds the exact tables (built at first need, reused
 * by later searches, several MB).  One per thread.  Free with mcm_free;
 * no operation on NULL. */
typedef struct mcm_ctx mcm_ctx;
mcm_ctx *mcm_new(void);
void mcm_free(mcm_ctx *c);

/* How hard later searches with c prove: MCM_PROVE_ALL (shifts
 * --optimal): when the result has five adders or more, every graph of
 * four is tried mod 2^n on any word (about 0.02 s at 32 bits, 0.2 s at
 * 64), so a count of 5 is proven minimal and "at least 5" proven for
 * more; MCM_PROVE_FIVE (search): the same test when the result has
 * exactly five adders and the odd part at most MCM_FIVE_BITS bits (at
 * 64 bits about 0.2 s a constant, for the dozens search shows), so a
 * count of 5 is proven there (the rule of MCM_PROOF_RULE);
 * MCM_PROVE_OFF (the default; the dashboard and verify, which want a
 * fast answer and claim no proof): on words whose odd part has at most
 * MCM_WRAP_BITS bits only. */
#define MCM_FIVE_BITS 32
enum { MCM_PROVE_OFF = 0, MCM_PROVE_ALL = 1, MCM_PROVE_FIVE = 2 };
void mcm_set_prove(mcm_ctx *c, int level);

/* Whether later searches with c offer the heuristic the NAF's common
 * sub-expressions (mcm_cse.c; on by default, never under quick): off
 * gives the heuristic as it was before them, which make bench times in
 * the same run for a ratio (bench/bench_mcm.c). */
void mcm_set_cse(mcm_ctx *c, int on);

/* What a count of adders from shifts --optimal (and search's adders
 * column) proves: one rule, printed by shifts --help and by search's
 * footnote, and in the man page word for word (tests/cost/rule.sh
 * compares the three).  Line breaks fit --help; other faces re-indent. */
#define MCM_PROOF_RULE \
	"A count of at most 5 adders is proven the fewest: every sequence\n" \
	"of at most 4 adders is tried (by shifts --optimal on any word, by\n" \
	"search on words of up to 32 bits), which covers every word of up\n" \
	"to 19 bits (none needs more). A count above 5 is the fewest found:\n" \
	"shifts --optimal proves at least 5, search at least 4, unless\n" \
	"doc/mcm5.md proves more. The bound is on every sequence, whatever\n" \
	"--max-depth D asks (the sequence shown keeps to depth D)."


/*
 * The best graph found for x * p mod 2^bits (1 <= bits <= 64; p is taken
 * mod 2^bits).  Returns 0, or -1 with e set: o->exact with
 * bits > MCM_EXACT_BITS (CFX_ELIMIT), or o->max_depth below the least
 * depth any graph for p can have (CFX_EDOMAIN; the message names it).
 * o may be NULL (defaults: any depth, heuristic).
 */
int mcm_solve(mcm_ctx *c, uint64_t p, unsigned bits, const mcm_opts *o,
              mcm_graph *g, mcm_result *r, cfx_err *e);

/*
 * Fast figure for searches over many constants: the adders of the best
 * graph found for p mod 2^bits (quick search unless exact), its depth in
 * *depth and whether it is proven minimal in *exact (either may be NULL).
 * Returns -1 on the errors of mcm_solve (e may be NULL).
 */
int mcm_adders(mcm_ctx *c, uint64_t p, unsigned bits, int exact,
               unsigned *depth, int *is_exact, cfx_err *e);

/*
 * The fewest adders of any graph that makes odd p mod 2^bits up to sign
 * (a result to be negated counts: search's model), when it is at most 3,
 * with the least depth of such a graph in *depth; 4 when none of at most
 * 3 exists (then *depth is 0).  Exact: every graph of at most three
 * adders is tried (mcm_small.c, three()); a few milliseconds at 64 bits, no
 * context needed.  1 <= bits <= 64.
 */
unsigned mcm_small(uint64_t p, unsigned bits, unsigned *depth);

/* The exact adder count of every odd v < 2^bits as integers (no wrap),
 * bits <= MCM_EXACT_BITS + 1: cost[v >> 1] for odd v, 255 if more than
 * 5 are needed (none below 2^19; 699829 below 2^20).  Takes a few CPU
 * seconds at 19 bits, a minute or two at 20.  Never NULL (the tables
 * are sized by cfx: util/xalloc.h); free() the array. */
unsigned char *mcm_cost_table(mcm_ctx *c, unsigned bits);

/* x * v mod 2^64 computed by running the graph (for tests). */
uint64_t mcm_eval(const mcm_graph *g, uint64_t x);

/* Check the graph's invariants and that it computes p mod 2^bits; 1 if
 * it does. */
int mcm_check(const mcm_graph *g, uint64_t p);

/* ---- cost model ---------------------------------------------------- */

/* A target machine: what an add, a shift and the multiply cost.
 *
 * A shift of a one-register word by k costs shift + shift_bit * k, plus
 * count_load when k is above imm_max (the largest count an immediate
 * shift takes, 0: any; m68k's lsl.l #k takes 1..8, a larger count is
 * loaded with moveq and lsl.l Dn,Dm shifts by it), or, when swap16 is
 * set and k >= 16, swap16 (m68k: swap, clr.w: the low half moved up)
 * plus a shift by k - 16, if that is less.
 *
 * A word of at most `word` bits is one register.  A wider one (--bits 33
 * to 64 on a 32-bit machine) takes two, and every step is priced as the
 * instructions a compiler emits for it: an add, subtract or negate is
 * add2 cycles (rv32i: add, sltu for the carry, add, add; m68k: add.l
 * then addx.l), a shift by k < word is shift2 + shift2_bit * k cycles
 * (move the high bits of the low half into the high half: rv32i slli,
 * srli, or, slli; m68k move.l, lsr.l #word-k, lsl.l #k, or.l, lsl.l #k,
 * plus count_load for each of the two counts above imm_max), or
 * shift2_step * k when that is less (m68k: add.l, addx.l per bit), and
 * a shift by k >= word moves the low half up and clears it: shift2_hi,
 * plus, when k > word and hi_shift is set, a one-register shift by
 * k - word (m68k's lsl.l; rv32i's slli replaces its mv). */
typedef struct mcm_target {
	const char *name;      /* "generic", "x86-64", "arm64", "rv32i", "m68k" */
	const char *cpu;       /* what the figures are for */
	unsigned add;          /* cycles of an add, subtract or negate */
	unsigned shift;        /* cycles of a separate shift by k: shift + */
	unsigned shift_bit;    /*   shift_bit * k */
	unsigned free_add;     /* an add may shift one operand by up to this
	                        * for free (x86-64 lea: 3; arm64: 63) */
	unsigned free_sub;     /* the same for the subtrahend of a subtract
	                        * (arm64: 63) */
	unsigned mul32, mul64; /* native multiply, cycles (0: none at all) */
	const char *mul_name;  /* how the native multiply is done */
	int serial;            /* 1: one instruction at a time (cycles add
	                        * up); 0: the critical path counts */
	const char *mul_name64; /* the multiply of a word over 32 bits, when
	                        * it has another name (NULL: mul_name) */
	unsigned word;         /* register width, 32 or 64 */
	unsigned add2;         /* two-register words (see above) */
	unsigned shift2, shift2_bit, shift2_step;
	unsigned shift2_hi;
	int hi_shift;
	unsigned imm_max;      /* immediate shift counts (see above) */
	unsigned count_load;
	unsigned swap16;
} mcm_target;

/* The target called name, or NULL. */
const mcm_target *mcm_target_find(const char *name);

#define MCM_TARGET_NAMES "generic|x86-64|arm64|rv32i|m68k"

/* Names of all targets, MCM_TARGET_NAMES, for messages. */
const char *mcm_target_names(void);

/* Counts and estimated cycles of a graph on a target.
 *
 * A shifted value is an operand v << k (k >= 1) of some step, or the
 * output shift: the pair (v, k) is one shifted value however many steps
 * take it.  It is free when every step taking it folds the shift into
 * its add at no cost (an x86-64 lea by 2, 4 or 8; an arm64 add, or a
 * sub's shifted subtrahend); otherwise it costs one shift instruction,
 * issued once and reused. */
typedef struct mcm_cost {
	unsigned adders, adds, subs;   /* adders = adds + subs */
	unsigned negations;            /* 0 or 1 */
	unsigned shifts;               /* distinct shifted values */
	unsigned free_shifts;          /* of those, free on the target; the
	                                * other shifts - free_shifts are the
	                                * shift instructions */
	unsigned depth;                /* adders on the critical path */
	unsigned long cycles;          /* estimated, on the target: the sum
	                                * of every instruction's cycles on a
	                                * serial one, else the critical path
	                                * (a shift instruction on it counts) */
	unsigned long mul_cycles;      /* the native multiply (0: none) */
} mcm_cost;

/* The counts of g and its cycles on t (words wider than t's registers
 * priced as above). */
void mcm_cost_of(const mcm_graph *g, const mcm_target *t, mcm_cost *k);

/* ---- output ---------------------------------------------------------- */

/* The statements computing hash = x * p, one per line, each starting with
 * indent.  A graph that is a chain of "previous result +- shifted x" (the
 * NAF's shape) is written in the seed's style, n <<= k; hash += n;
 * otherwise as named temporaries t1, t2, ...  malloc'd. */
char *mcm_emit_body(const mcm_graph *g, const char *indent);

/* A complete C translation unit defining
 *     uintN_t cfx_mul_shift_add(uintN_t x)
 * (as sas_emit_c: N = 8, 16, 32, 64, masked when bits is not N) with no
 * multiplication; the comment names the constant (hex) and the counts.
 * malloc'd. */
char *mcm_emit_c(const mcm_graph *g, const char *hex);

#endif
