/*
 * expr.h - the expression language of the command line.
 *
 * Two files: expr.c (prefix expr_) parses text into trees and owns the
 * language's built-ins and values; expr_eval.c (prefix expr_eval) evaluates
 * trees.
 *
 * Numbers: decimal, 0x hex, 0b binary, with _ between digits, and
 * decimal fractions (0.7 is exactly 7/10, a rational); operators
 * + - * / % ^ (also **) and parentheses (% is the non-negative remainder
 * of integers, so p % 2^20 is p mod 2^20); C's bit operators on integers
 * with C's precedence, ~ << >> & | and xor for exclusive or (^ stays the
 * power): below + -, the shifts, then &, xor, | (1 + 2 << 3 is 24).  On
 * an n-bit word (expr_eval_word) their operands and results are taken mod
 * 2^n, as C does on uintN_t, so ~x is 2^n - 1 - x and x << k wraps (k >= n
 * gives 0); without a word ~ and << are errors that ask for one (--bits),
 * while >> & | xor act on the exact integers (two's complement, as GMP and
 * Python).  Functions golden(N), nextprime(x),
 * prevprime(x), sqrt(x); constants phi, pi, e; names looked up through a
 * caller-supplied function (the REPL's variables, `ans`).
 *
 * Design: parsing builds a tree that keeps source columns, so every error
 * can point at its token.  Evaluation is exact where it can be: integers
 * and rationals (GMP mpq), and numbers a + b*sqrt(d) of one quadratic field
 * (phi, sqrt(D) and arithmetic on them).  Anything else (pi, e, sqrt of an
 * irrational, two different square roots) is evaluated as an interval
 * [lo, hi] of MPFR numbers with outward rounding at a chosen precision, so
 * the true value is always inside; callers that need more digits evaluate
 * again at a higher precision.
 */
#ifndef CFX_EXPR_H
#define CFX_EXPR_H

#include <gmp.h>
#include <mpfr.h>

#include <signal.h>

#include "cfx/err.h"

/* Largest size, in bits, of any integer an expression may build. */
#define EXPR_MAX_BITS (1L << 20)

/* Largest argument of nextprime and prevprime, in bits (a second or so). */
#define EXPR_PRIME_MAX_BITS 2048

/* The work one evaluation may do, in bit operations (nextprime of a
 * b-bit number costs b^3): about 2 s on a 2020s processor.  Over it the
 * evaluation fails (CFX_ELIMIT, "too costly to evaluate", naming the
 * subexpression), deterministically. */
#define EXPR_COST_BUDGET 4.5e10

typedef enum {
	EXPR_NUM, EXPR_NAME, EXPR_PHI, EXPR_PI, EXPR_E,
	EXPR_NEG, EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_DIV, EXPR_MOD, EXPR_POW,
	EXPR_GOLDEN, EXPR_NEXTPRIME, EXPR_PREVPRIME, EXPR_SQRT,
	EXPR_NOT, EXPR_SHL, EXPR_SHR, EXPR_AND, EXPR_OR, EXPR_XOR
} expr_kind;

typedef struct expr_node {
	expr_kind kind;
	int col, len;            /* span of the node's token in the source */
	mpz_t num;               /* EXPR_NUM */
	char *name;              /* EXPR_NAME */
	struct expr_node *a, *b;   /* operands; a alone for unary and calls */
} expr_node;

typedef struct expr_tree {
	expr_node *root;
	char *src;               /* copy of the source text, for tokens */
} expr_tree;

/* Resolve a name to a tree, or NULL if unknown.  Trees handed out must
 * outlive the evaluation. */
typedef const expr_tree *(*expr_lookup)(void *ctx, const char *name);

typedef enum { EXPR_RAT, EXPR_QUAD, EXPR_REAL } expr_vkind;

/* A value: EXPR_RAT q; EXPR_QUAD q + r*sqrt(d) with d > 1 not a square and
 * r != 0; EXPR_REAL the interval [lo, hi]. */
typedef struct expr_value {
	expr_vkind kind;
	mpq_t q, r;
	mpz_t d;
	mpfr_t lo, hi;
} expr_value;

/* Parse src.  On success returns a tree to free with expr_free; on failure
 * NULL with err naming the token and its column. */
expr_tree *expr_parse(const char *src, cfx_err *err);

/* The i-th built-in name of the language (constants phi, pi, e, then the
 * functions, which take one argument in parentheses; *function, if not
 * NULL, says which), or NULL past the last: for help, completion and the
 * names a user may not take. */
const char *expr_builtin_name(size_t i, int *function);

/* 1 if the len bytes at name are a built-in constant, 2 a built-in
 * function, else 0. */
int expr_builtin(const char *name, size_t len);

/* Free a tree from expr_parse or expr_inline.  No operation on NULL. */
void expr_free(expr_tree *t);

/* A copy of t with every name replaced by the tree it stands for now, so it
 * can be stored as a variable without referring to later definitions.
 * NULL with err set if a name is unknown, or (CFX_ELIMIT) if the copy would
 * have more than the 4096 nodes a parsed expression may have. */
expr_tree *expr_inline(const expr_tree *t, expr_lookup look, void *ctx, cfx_err *err);

/* 1 if t is written with integer operations only: numbers, + - * % ^,
 * unary minus, the bit operators, golden, nextprime and prevprime, and names whose trees are
 * so; 0 if it uses / or sqrt, phi, pi, e, or an unknown name.  An integer
 * written this way is a multiplier p (cf shows p/2^n); a value reached
 * through / or sqrt is the number itself (cf 4/2 is 2). */
int expr_integer_form(const expr_tree *t, expr_lookup look, void *ctx);

void expr_value_init(expr_value *v, mpfr_prec_t prec);
void expr_value_clear(expr_value *v);

/* The value (the midpoint of an interval) rounded to nearest at x's
 * precision. */
void expr_value_mid(const expr_value *v, mpfr_t x);

/*
 * Evaluate t into v (initialised by expr_value_init).  prec is the MPFR
 * precision used for interval results.  Returns 0, or -1 with err set.  An
 * interval divisor or square root argument that straddles 0 at this
 * precision fails with CFX_ELIMIT: try a higher precision.
 */
int expr_eval(const expr_tree *t, expr_lookup look, void *ctx, mpfr_prec_t prec,
            expr_value *v, cfx_err *err);

/* expr_eval on an n-bit word for ~ and the shifts (bits = 0: no word, as
 * expr_eval; ~ and << then fail with CFX_EDOMAIN asking for --bits). */
int expr_eval_word(const expr_tree *t, expr_lookup look, void *ctx,
                   mpfr_prec_t prec, unsigned long bits, expr_value *v,
                   cfx_err *err);

/* Evaluate t, which must be an integer, into z.  -1 with err otherwise. */
int expr_eval_int(const expr_tree *t, expr_lookup look, void *ctx, mpz_t z,
                cfx_err *err);

/* expr_eval_int on an n-bit word (0: none), as expr_eval_word. */
int expr_eval_int_word(const expr_tree *t, expr_lookup look, void *ctx,
                       unsigned long bits, mpz_t z, cfx_err *err);

/* The stop flag this thread's evaluations poll (at every node; NULL:
 * none): set, they fail with CFX_EINTR.  The faces set it to their
 * SIGINT flag. */
void expr_stop_flag(const volatile sig_atomic_t *stop);

/* One budget of EXPR_COST_BUDGET for several evaluations (a command that
 * evaluates an expression again at a higher precision, as cf does): every
 * evaluation given b draws on it, not on a fresh budget of its own, so the
 * work of the whole stays under it.  The caller owns it: zero it before;
 * it must outlive its use, and the trees evaluated under it. */
typedef struct expr_budget {
	double used;
	double worst;                    /* the costliest step so far, */
	const struct expr_node *worst_node;   /* its node and text */
	const char *worst_src;
} expr_budget;

/* expr_eval_word drawing on the caller's budget b (NULL: a fresh one). */
int expr_eval_budget(const expr_tree *t, expr_lookup look, void *ctx,
                     mpfr_prec_t prec, unsigned long bits, expr_budget *b,
                     expr_value *v, cfx_err *err);

/* The work evaluating t costs, in EXPR_COST_BUDGET's units, found
 * without doing the costly part: nextprime and prevprime charge their
 * search and skip it (their value taken as their argument, of the same
 * size), every other step is done and charged as expr_eval does; no
 * names.  Past the budget it stops there (the value then exceeds
 * EXPR_COST_BUDGET); an error stops it too, with what was charged so
 * far.  What a lesson's line will cost before it runs (learn_run.c). */
double expr_cost(const expr_tree *t, unsigned long bits);

/* Parse and evaluate an integer expression in one step. */
int expr_eval_text_int(const char *src, mpz_t z, cfx_err *err);

/* round(2^n / phi), exactly. */
void expr_golden(mpz_t z, unsigned long n);

/* Least prime > x, and largest prime < x (0 if none).  Primality is
 * GMP's BPSW test plus Miller-Rabin rounds: proven below 2^64. */
void expr_nextprime(mpz_t z, const mpz_t x);
int expr_prevprime(mpz_t z, const mpz_t x);

/* 2 if z is prime (proven), 1 if probably prime, 0 if composite. */
int expr_isprime(const mpz_t z);

/* The prime factors of z > 1, ascending, a factor as often as it
 * divides z, into f[0..] (max of them, each mpz_init'd by the caller):
 * trial division below EXPR_TRIAL_BOUND, a perfect power's root, then
 * Pollard's rho on what is left for at most budget units of work in all,
 * a step on an L-limb number costing L^2 (EXPR_FACTOR_BUDGET: about 0.2
 * s here on a 64-bit cofactor, and bounded alike on a 4096-bit one).
 * Their number, or -1 when the budget or f ran out first (f then holds
 * no answer). */
#define EXPR_TRIAL_BOUND 1000000UL
#define EXPR_FACTOR_BUDGET 1000000UL
int expr_factor(const mpz_t z, mpz_t *f, size_t max, unsigned long budget);

#endif
