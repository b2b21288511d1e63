/*
 * lesson_check_tree.h - what the two halves of the lesson check language
 * share (private to src/lesson): the parsed tree, which lesson_check.c
 * builds from text and frees, and lesson_check_eval.c evaluates against
 * JSON; and the reading of a number written as text, which both need.
 * The public contract is lesson/lesson_check.h.
 */
#ifndef CFX_LESSON_CHECK_TREE_H
#define CFX_LESSON_CHECK_TREE_H

#include <stddef.h>
#include <jansson.h>

#include "cfx/expr.h"
#include "lesson/lesson_check.h"

#define NUM_PREC 256          /* bits for comparisons with irrationals */

typedef enum { SEL_FIELD, SEL_INDEX, SEL_ALL } sel_kind;

typedef struct sel {
	sel_kind kind;
	char *field;
	long index;              /* negative: from the end */
} sel;

typedef enum { OPD_LIT, OPD_PATH, OPD_FUNC } opd_kind;
typedef enum {
	ROOT_RESULT, ROOT_LAST, ROOT_STATE, ROOT_ANSWER, ROOT_RUN, ROOT_CLAIM
} root_kind;
typedef enum {
	F_LEN, F_MIN, F_MAX, F_SUM, F_COUNT, F_INDEX, F_STARTS, F_CONTAINS,
	F_LITERAL, F_DECIMALS, F_LOWEST, F_AT, F_ADD, F_SUB, F_KEYBITS,
	F_ITEMS, F_SHOWN
} func_kind;

typedef struct operand {
	opd_kind kind;
	char *text;              /* as written, for messages */
	json_t *lit;             /* OPD_LIT */
	root_kind root;          /* OPD_PATH */
	char *name;              /*   the command of result/last, the run line */
	sel *sels;
	size_t nsels;
	func_kind func;          /* OPD_FUNC */
	struct operand *arg[2];
	int nargs;
} operand;

typedef enum { N_OR, N_AND, N_NOT, N_CMP, N_TEST } node_kind;
typedef enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_APPROX } cmp_op;

struct lesson_check {
	node_kind kind;
	struct lesson_check *a, *b;    /* N_OR, N_AND; N_NOT uses a */
	cmp_op op;
	operand *l, *r;                /* N_CMP; N_TEST uses l */
};

/* The comparison operators as written, indexed by cmp_op. */
extern const char *const lesson_check_op_names[];

/* A number written as text: a decimal numeral, else any expression
 * without names that evaluates exactly (rational or quadratic) or to an
 * interval.  v must be initialised (NUM_PREC); returns 1 if s is a
 * number, 0 otherwise (v then holds nothing of use). */
int lesson_check_text_number(const char *s, expr_value *v);

#endif
