/*
 * mcm_cost.c - the targets (generic, x86-64, arm64, rv32i, m68k) and the
 * cycles of a graph on one (mcm.h: mcm_target, mcm_cost_of).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/mcm_int.h"

/* ---- cost model ------------------------------------------------------------ */

/* Cycle figures are estimates from vendors' latency tables, for the
 * comparison the report makes, not a simulation.  The last six fields
 * price words wider than a register (mcm.h); the 64-bit machines never
 * use them. */
static const mcm_target targets[] = {
	{ "generic", "a notional machine: every add, subtract and shift one "
	  "cycle, a 3-cycle multiply", 1, 1, 0, 0, 0, 3, 3, "multiply", 0,
	  NULL, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	{ "x86-64", "a recent out-of-order x86-64: add, sub, shl and a "
	  "two-operand lea 1 cycle, lea folds a shift by 1-3 into an add, "
	  "imul 3", 1, 1, 0, 3, 0, 3, 3, "imul", 0, NULL, 64, 0, 0, 0, 0, 0,
	  0, 0, 0, 0 },
	{ "arm64", "a Cortex-A72 class core: add and sub take a shifted "
	  "operand for free, mul 3 cycles (4 for 64 bits)", 1, 1, 0, 63, 63, 3,
	  4, "mul", 0, NULL, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	/* 64-bit words in register pairs: add, sltu, add, add (4); a shift
	 * by k < 32: slli, srli, or, slli (4); by k >= 32: slli (or mv),
	 * li 0 (2).  The multiply is libgcc's loop, counted for the
	 * constant by rv32i_mul (below); 173 and 785 are 0x61C88647's and
	 * 0x61C8864680B583EB's. */
	{ "rv32i", "RV32I without the M extension, single issue: every "
	  "instruction one cycle, a 64-bit add 4 (add, sltu, add, add), a "
	  "64-bit shift 4 (2 by 32 or more), no multiply instruction (a "
	  "__mulsi3 call, libgcc's loop: 5 instructions for each bit of the "
	  "constant up to its highest 1, 1 more for each 1 and 5 around, 166 "
	  "to 197 with bit 31 set, 173 for 0x61C88647; a __muldi3 call, six "
	  "such loops and about 75 more, 785 for 0x61C8864680B583EB)", 1, 1,
	  0, 0, 0, 173, 785, "__mulsi3 call", 1, "__muldi3 call", 32, 4, 4, 0,
	  0, 2, 0, 0, 0, 0 },
	/* a shift by k: lsl.l #k (8 + 2k) for k <= 8, else moveq #k then
	 * lsl.l Dn (4 + 8 + 2k); by 16 and more swap, clr.w (8) and the
	 * rest, when that is less.  64-bit words in register pairs: add.l,
	 * addx.l (16); a shift by k < 32: move.l, lsr.l #32-k, lsl.l #k,
	 * or.l, lsl.l #k (100 + 2k, and a moveq for each count above 8) or k
	 * times add.l, addx.l (16k); by k >= 32: move.l, moveq #0 (8) and a
	 * shift by k - 32 when k > 32 */
	{ "m68k", "a 68000, one instruction at a time: add.l 8 cycles, lsl.l "
	  "#k 8+2k for k up to 8, a larger k loaded with moveq (4 more), by "
	  "16 or more swap and clr.w (8) and the rest when that is less, a "
	  "64-bit add 16 (add.l, addx.l), a 64-bit shift by k "
	  "the less of 16k and 100+2k (8 more with both counts above 8; 8 "
	  "and a shift by k-32 by 32 or more), no 32-bit "
	  "multiply (three mulu.w and adds, about 250 cycles; about 1000 for "
	  "64 bits)", 8, 8, 2, 0, 0, 250, 1000, "mulu.w-based multiply", 1,
	  NULL, 32, 16, 100, 2, 16, 8, 1, 8, 4, 8 },
};
#define NTARGETS (sizeof targets / sizeof targets[0])
#define RV32I (&targets[3])

/*
 * The instructions of a multiply by the constant b on RV32I, where there
 * is no multiply instruction, at one a cycle (taken branches cost more on
 * most cores: a lower bound).  __mulsi3 is libgcc's
 * libgcc/config/riscv/muldi3.S (its __muldi3 renamed for 32-bit
 * registers):
 *
 *       mv   a2, a0            li   a0, 0
 *   .L1: andi a3, a1, 1        beqz a3, .L2
 *        add  a0, a0, a2       (only when the bit is 1)
 *   .L2: srli a1, a1, 1        slli a2, a2, 1        bnez a1, .L1
 *        ret
 *
 * The loop runs until a1, the operand shifted right, is 0: once for
 * each bit of it up to its highest 1 (once for 0: the test is at the
 * end), five instructions, and the add for each 1: 3 + 5 bitlength(b)
 * + popcount(b).  A compiler passes a
 * constant multiplier in a1 (clang -O2 for rv32i: x * 0x61C88647u is
 * lui a1; addi a1; call __mulsi3), so the count is the constant's:
 * 0x61C88647, 31 bits with 13 ones, 3 + 155 + 13 = 171, and the call 2
 * more: 173.  The call is a hash loop's: clang loads the constant once
 * before the loop (lui, addi) into a register the calls keep, and each
 * call is mv a1 from it and jal (tests/cost/rv32i_mul.sh); a lone
 * multiply loads a1 itself, one more when li takes two.  An odd 32-bit
 * constant with bit 31 set takes 165 to 195 in the routine, 167 to 197
 * with the call.
 */
static unsigned long mulsi3_loop(uint32_t b)
{
	unsigned long len = 0, ones = 0;

	do {                    /* bnez at the end: once even for b = 0 */
		ones += b & 1;
		len++;
	} while (b >>= 1);
	return 3 + 5 * len + ones;
}

/*
 * A 64-bit product on RV32I is libgcc2.c's __muldi3 (u * v, the constant
 * v in a2:a3): __umulsidi3 of the low words by longlong.h's umul_ppmm,
 * four __mulsi3 calls with v's low word's 16-bit halves in a1 (each
 * half twice), then the cross products u.low * v.high and u.high *
 * v.low, two more calls with v's words in a1 (as written; a compiler
 * may swap them), and the instructions around them: the six calls,
 * saving and restoring registers, splitting the halves, the carry and
 * the sums (72 in clang -O2's rv32i code for the same C, 73 when the
 * middle sum carries; GCC's libgcc is of the same order), and the call
 * into __muldi3 with the constant's two words moved (3).
 * 0x61C8864680B583EB: halves 0x83EB and 0x80B5 (92 and 89, twice
 * each), words 0x61C88646 (170) and 0x80B583EB (178), 710 in the loops,
 * 785 in all.
 */
#define MULSI3_CALL 2
#define MULDI3_AROUND 75
static unsigned long rv32i_mul(uint64_t p, unsigned bits)
{
	uint32_t lo = (uint32_t)p, hi = (uint32_t)(p >> 32);

	if (bits <= 32)
		return MULSI3_CALL + mulsi3_loop(lo);
	return MULDI3_AROUND + 2 * mulsi3_loop(lo & 0xffff) +
	       2 * mulsi3_loop(lo >> 16) + mulsi3_loop(hi) + mulsi3_loop(lo);
}

const mcm_target *mcm_target_find(const char *name)
{
	size_t i;

	for (i = 0; i < NTARGETS; i++)
		if (!strcmp(targets[i].name, name))
			return &targets[i];
	return NULL;
}

const char *mcm_target_names(void)
{
	return MCM_TARGET_NAMES;
}

/* Is the shift of node n's shifted operand free on t? */
static int shift_free(const mcm_node *n, const mcm_target *t)
{
	if (n->op == MCM_ADD)
		return (n->sa ? n->sa : n->sb) <= t->free_add;
	return n->sb > 0 && n->sb <= t->free_sub;
}

/* Cycles of an add, subtract or negate of a bits-wide word on t. */
static unsigned long add_cycles(const mcm_target *t, unsigned bits)
{
	return bits > t->word ? t->add2 : t->add;
}

/* Cycles of a shift of a one-register word by k (1 <= k < t->word). */
static unsigned long reg_shift(const mcm_target *t, unsigned k)
{
	unsigned long c = t->shift + (unsigned long)t->shift_bit * k;

	if (t->imm_max && k > t->imm_max)
		c += t->count_load;
	if (t->swap16 && k >= 16) {
		unsigned long s = t->swap16 + (k > 16 ? reg_shift(t, k - 16) : 0);
		if (s < c)
			c = s;
	}
	return c;
}

/* Cycles of a shift instruction (or sequence) by k of a bits-wide word. */
static unsigned long shift_cycles(const mcm_target *t, unsigned bits,
                                  unsigned k)
{
	unsigned long c, w = t->word;

	if (bits <= w)
		return reg_shift(t, k);
	if (k >= w)
		return t->shift2_hi + (k > w && t->hi_shift
		                       ? reg_shift(t, k - (unsigned)w) : 0);
	c = t->shift2 + (unsigned long)t->shift2_bit * k;
	if (t->imm_max)   /* the counts word - k and k, each loaded if large */
		c += t->count_load * ((w - k > t->imm_max) + (k > t->imm_max));
	if (t->shift2_step && (unsigned long)t->shift2_step * k < c)
		c = (unsigned long)t->shift2_step * k;
	return c;
}

/* The distinct shifted values of a graph, and whether each is paid. */
typedef struct shifted_set {
	struct { unsigned from, k; int paid; } v[MCM_MAX_NODES + 1];
	unsigned n;
} shifted_set;

/* Note a use of (from << k), free or not; returns the cycles it adds to
 * the instruction count: a shift the first time it must be issued. */
static unsigned long shifted_use(shifted_set *s, unsigned from, unsigned k,
                                 int free, unsigned long sc)
{
	unsigned i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].from == from && s->v[i].k == k)
			break;
	if (i == s->n) {
		assert(s->n <= MCM_MAX_NODES);
		s->v[s->n].from = from;
		s->v[s->n].k = k;
		s->v[s->n++].paid = 0;
	}
	if (free || s->v[i].paid)
		return 0;
	s->v[i].paid = 1;
	return sc;
}

void mcm_cost_of(const mcm_graph *g, const mcm_target *t, mcm_cost *k)
{
	unsigned long lat[MCM_MAX_NODES + 1], serial = 0, end, ac;
	shifted_set set;
	unsigned i;

	assert(g && t && k);
	memset(k, 0, sizeof *k);
	k->mul_cycles = g->bits > 32 ? t->mul64 : t->mul32;
	if (t == RV32I) {     /* the constant's own count */
		uint64_t p = g->zero ? 0 : g->node[g->out].v << g->out_shift;
		if (g->out_neg)
			p = -p;
		k->mul_cycles = rv32i_mul(p & (g->bits < 64 ? ((uint64_t)1 <<
		                          g->bits) - 1 : ~0ULL), g->bits);
	}
	if (g->zero)
		return;
	ac = add_cycles(t, g->bits);
	set.n = 0;
	lat[0] = 0;
	for (i = 1; i <= g->n; i++) {
		const mcm_node *n = &g->node[i];
		unsigned sh = n->sa ? n->sa : n->sb, from = n->sa ? n->a : n->b;
		unsigned long la = lat[n->a], lb = lat[n->b];

		k->adds += n->op == MCM_ADD;
		k->subs += n->op == MCM_SUB;
		if (sh) {
			unsigned long sc = shift_cycles(t, g->bits, sh);
			int free = shift_free(n, t);
			serial += shifted_use(&set, from, sh, free, sc);
			if (!free) {
				if (n->sa)
					la += sc;
				else
					lb += sc;
			}
		}
		serial += ac;
		lat[i] = (la > lb ? la : lb) + ac;
	}
	end = lat[g->out];
	if (g->out_shift) {
		unsigned long sc = shift_cycles(t, g->bits, g->out_shift);
		serial += shifted_use(&set, g->out, g->out_shift, 0, sc);
		end += sc;
	}
	if (g->out_neg) {
		k->negations = 1;
		end += ac;
		serial += ac;
	}
	k->shifts = set.n;
	for (i = 0; i < set.n; i++)
		k->free_shifts += !set.v[i].paid;
	k->adders = k->adds + k->subs;
	k->depth = g->node[g->out].depth;
	k->cycles = t->serial ? serial : end;
}
