/*
 * expr.h - the expression language of the command line (prefix ex_).
 *
 * Numbers: decimal, 0x hex, 0b binary, with _ between digits; operators
 * + - * / % ^ (also **) and parentheses (% is the non-negative remainder
 * of integers, so p % 2^20 is p mod 2^20); functions golden(N), nextprime(x),
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

#include "cfx/err.h"

/* Largest size, in bits, of any integer an expression may build. */
#define EX_MAX_BITS (1L << 20)

/* Largest argument of nextprime and prevprime, in bits (a second or so). */
#define EX_PRIME_MAX_BITS 2048

typedef enum {
	EX_NUM, EX_NAME, EX_PHI, EX_PI, EX_E,
	EX_NEG, EX_ADD, EX_SUB, EX_MUL, EX_DIV, EX_MOD, EX_POW,
	EX_GOLDEN, EX_NEXTPRIME, EX_PREVPRIME, EX_SQRT
} ex_kind;

typedef struct ex_node {
	ex_kind kind;
	int col, len;            /* span of the node's token in the source */
	mpz_t num;               /* EX_NUM */
	char *name;              /* EX_NAME */
	struct ex_node *a, *b;   /* operands; a alone for unary and calls */
} ex_node;

typedef struct ex_tree {
	ex_node *root;
	char *src;               /* copy of the source text, for tokens */
} ex_tree;

/* Resolve a name to a tree, or NULL if unknown.  Trees handed out must
 * outlive the evaluation. */
typedef const ex_tree *(*ex_lookup)(void *ctx, const char *name);

typedef enum { EX_RAT, EX_QUAD, EX_REAL } ex_vkind;

/* A value: EX_RAT q; EX_QUAD q + r*sqrt(d) with d > 1 not a square and
 * r != 0; EX_REAL the interval [lo, hi]. */
typedef struct ex_value {
	ex_vkind kind;
	mpq_t q, r;
	mpz_t d;
	mpfr_t lo, hi;
} ex_value;

/* Parse src.  On success returns a tree to free with ex_free; on failure
 * NULL with err naming the token and its column. */
ex_tree *ex_parse(const char *src, cfx_err *err);

/* The i-th built-in name of the language (constants phi, pi, e, then the
 * functions, which take one argument in parentheses; *function, if not
 * NULL, says which), or NULL past the last: for help, completion and the
 * names a user may not take. */
const char *ex_builtin_name(size_t i, int *function);

/* 1 if the len bytes at name are a built-in constant, 2 a built-in
 * function, else 0. */
int ex_builtin(const char *name, size_t len);

/* Free a tree from ex_parse or ex_inline.  No operation on NULL. */
void ex_free(ex_tree *t);

/* A copy of t with every name replaced by the tree it stands for now, so it
 * can be stored as a variable without referring to later definitions.
 * NULL with err set if a name is unknown, or (CFX_ELIMIT) if the copy would
 * have more than the 4096 nodes a parsed expression may have. */
ex_tree *ex_inline(const ex_tree *t, ex_lookup look, void *ctx, cfx_err *err);

/* 1 if t is written with integer operations only: numbers, + - * % ^,
 * unary minus, golden, nextprime and prevprime, and names whose trees are
 * so; 0 if it uses / or sqrt, phi, pi, e, or an unknown name.  An integer
 * written this way is a multiplier p (cf shows p/2^n); a value reached
 * through / or sqrt is the number itself (cf 4/2 is 2). */
int ex_integer_form(const ex_tree *t, ex_lookup look, void *ctx);

void ex_value_init(ex_value *v, mpfr_prec_t prec);
void ex_value_clear(ex_value *v);

/* The value (the midpoint of an interval) rounded to nearest at x's
 * precision. */
void ex_value_mid(const ex_value *v, mpfr_t x);

/*
 * Evaluate t into v (initialised by ex_value_init).  prec is the MPFR
 * precision used for interval results.  Returns 0, or -1 with err set.  An
 * interval divisor or square root argument that straddles 0 at this
 * precision fails with CFX_ELIMIT: try a higher precision.
 */
int ex_eval(const ex_tree *t, ex_lookup look, void *ctx, mpfr_prec_t prec,
            ex_value *v, cfx_err *err);

/* Evaluate t, which must be an integer, into z.  -1 with err otherwise. */
int ex_eval_int(const ex_tree *t, ex_lookup look, void *ctx, mpz_t z,
                cfx_err *err);

/* Parse and evaluate an integer expression in one step. */
int ex_int(const char *src, mpz_t z, cfx_err *err);

/* round(2^n / phi), exactly. */
void ex_golden(mpz_t z, unsigned long n);

/* Least prime > x, and largest prime < x (0 if none).  Primality is
 * GMP's BPSW test plus Miller-Rabin rounds: proven below 2^64. */
void ex_nextprime(mpz_t z, const mpz_t x);
int ex_prevprime(mpz_t z, const mpz_t x);

/* 2 if z is prime (proven), 1 if probably prime, 0 if composite. */
int ex_isprime(const mpz_t z);

#endif
