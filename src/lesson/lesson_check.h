/*
 * lesson_check.h - the check language of lessons (prefix lesson_check_):
 * the checks and claims of lesson files (lessons/FORMAT.md, "Checks").
 *
 * Design: a check is a small boolean language over JSON values.  Every
 * value a check reads is JSON: the results the commands keep (cli_result),
 * the session's settings, the learner's answer.  Comparisons are by value,
 * not text: a JSON number, a decimal string "11400862456688148481", a
 * literal 0x10, 2^4 or 13/8 are all numbers and compare exactly (GMP), so
 * an answer may be written in any notation the expression language knows.
 *
 *   check   := or
 *   or      := and ('or' and)*
 *   and     := not ('and' not)*
 *   not     := 'not' not | operand [OP operand]       (alone: "is truthy")
 *   OP      := == != < <= > >= ~                       (~: equal to the
 *              precision the right-hand literal is written with)
 *   operand := path | FUNC(operand[, operand]) | literal
 *   path    := root ('.' field | '[' N ']' | '[' -N ']' | '[*]')*
 *   root    := result.CMD   the result of CMD produced during this step
 *            | last.CMD     the session's last result of CMD, whenever made
 *            | state        the session's settings (state.bits, ...)
 *            | answer       the learner's answer (a list if it has commas)
 *            | run(LINE)    the result of running LINE in a fresh session
 *            | field        (claims only) the claim command's result
 *   FUNC    := len min max sum count index starts contains literal
 *              decimals lowest at add sub keybits items shown
 *   literal := number or expression (0x10, 2^46, 13/8, golden(32), 0.8333,
 *              1.5e6) | "string" | [literal, ...] | true | false | null
 *
 * Words are separated by spaces; brackets, parentheses and quotes group,
 * so run(cf 13/8) and [1, 1, 2] are one word each.  An operand runs to
 * the next comparison or keyword, so 2^32 - golden(32) is one literal.
 */
#ifndef CFX_LESSON_CHECK_H
#define CFX_LESSON_CHECK_H

#include <stddef.h>
#include <gmp.h>
#include <jansson.h>

#include "cfx/err.h"

typedef struct lesson_check lesson_check;   /* a parsed check (opaque) */

/* What names a check may use: commands (result.CMD, run(CMD ...), claims)
 * and settings (state.NAME).  command returns 1 for a command, 2 for a
 * session word (set, let, ...: a line may start with one, a check or a
 * claim may not run one), 0 otherwise.  Either may be NULL: anything
 * goes. */
typedef struct lesson_names {
	int (*command)(const char *name);
	int (*state)(const char *name);
} lesson_names;

/* Run a command line in a fresh session: its result (a new reference), or
 * NULL with err set. */
typedef json_t *(*lesson_run_fn)(void *ctx, const char *line, cfx_err *err);

/* What a check is evaluated against; NULL members are empty. */
typedef struct lesson_env {
	json_t *fresh;            /* command -> result made during this step */
	json_t *last;             /* command -> the session's last result */
	json_t *state;            /* setting -> value */
	json_t *root;             /* claims: the command's result */
	const char *answer;       /* the learner's answer, NULL if none */
	json_t *shown;            /* shown(x): the numbers the lessons have
	                           * shown the learner so far (numerals as
	                           * written, compared by value) */
	lesson_run_fn run;        /* for run(...); NULL: run(...) fails */
	void *run_ctx;
} lesson_env;

/* Parse a check; claim allows bare paths into the claim's result.  NULL
 * with err (token: the offending word) on a malformed check. */
lesson_check *lesson_check_parse(const char *src, const lesson_names *names,
                                 int claim, cfx_err *err);
void lesson_check_free(lesson_check *c);

/* A decimal numeral with a point or an exponent ("0.8333", "-1.5e6"),
 * exactly, into q (initialised).  0 if s is not one. */
int lesson_check_decimal(const char *s, mpq_t q);

/* True if the check reads the learner's answer. */
int lesson_check_uses_answer(const lesson_check *c);
/* 1 when check c calls shown(): only then are the numbers shown so far
 * gathered (learn_shown reads the earlier lessons' files). */
int lesson_check_uses_shown(const lesson_check *c);

/* True if c judges only the answer's form, not its value: literal,
 * decimals, lowest and items of the bare answer, alone or compared with
 * a number, joined by and (literal(answer) and decimals(answer) >= 4).
 * Read off the parsed check, never its text. */
int lesson_check_form_only(const lesson_check *c);

/* Every run(LINE) in c, whether or not an evaluation would reach it
 * (beyond an or, in a function's argument), to fn(ctx, LINE) until fn
 * returns non-zero; that value, or 0.  learn --check refuses what a
 * lesson may not run without evaluating the check. */
int lesson_check_each_run(const lesson_check *c,
                          int (*fn)(void *ctx, const char *line), void *ctx);

/*
 * Evaluate: 1 true, 0 false, -1 when a run(...) failed (err set).  A path
 * that leads nowhere (no such result yet, no such field) makes every
 * comparison with it false.  When why is not NULL it receives, on 0, the
 * first failing comparison with the values it saw.
 */
int lesson_check_eval(const lesson_check *c, const lesson_env *env,
                      char *why, size_t whylen, cfx_err *err);

/* The value of a check that is one operand (run(cf 7/16).quotients[2],
 * 2^20/16^2), as text: an integer in decimal, another number to four
 * decimals, a word as is, a list as [a, b].  A new string, or NULL with
 * err set (not one operand, a run that failed, a path to nothing). */
char *lesson_check_value(const lesson_check *c, const lesson_env *env,
                         cfx_err *err);

/* An answer as a value: a number (as written), or a list when it has
 * commas or semicolons ("[1; 1, 2]" -> ["1", "1", "2"]).  New reference. */
json_t *lesson_check_answer_value(const char *answer);

/* Whether an answer could be read: each item (the answer, or each of a
 * list) a number, an expression that evaluates, a word or a "string".
 * 0, or -1 with err the parser's message and the offending token, so a
 * typo is told as such and never counted as a wrong answer. */
int lesson_check_answer_problem(const char *answer, cfx_err *err);

/* The first item of an answer that is a word and no expression (banana;
 * the cff of "cff 8/13"), copied into tok (n bytes): 1, or 0 when there
 * is none.  A step whose own answer has no such word takes it for a typo,
 * not an answer. */
int lesson_check_answer_word(const char *answer, char *tok, size_t n);

#endif
