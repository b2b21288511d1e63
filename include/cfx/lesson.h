/*
 * lesson.h - lesson files and their checks (prefix lesson_).
 *
 * A lesson is a plain-text file (format: lessons/FORMAT.md): a title, and
 * steps, each with prose, a command to try or a question to answer, checks,
 * hints, the author's solution, and claims.  This module parses a file into
 * a lesson, parses and evaluates checks, and lints a lesson (line width,
 * numbers in the prose that no claim backs, facts not in the facts file).
 * It never prints, exits or runs commands: running a command is the front
 * end's business, passed in as a callback.
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
 *   FUNC    := len min max sum count index starts
 *   literal := number or expression (0x10, 2^46, 13/8, golden(32), 0.8333,
 *              1.5e6) | "string" | [literal, ...] | true | false | null
 *
 * Words are separated by spaces; brackets, parentheses and quotes group,
 * so run(cf 13/8) and [1, 1, 2] are one word each.  An operand runs to
 * the next comparison or keyword, so 2^32 - golden(32) is one literal.
 */
#ifndef CFX_LESSON_H
#define CFX_LESSON_H

#include <stddef.h>
#include <gmp.h>
#include <jansson.h>

#include "cfx/err.h"

#define LESSON_WIDTH 80      /* widest line a lesson file may have */
#define LESSON_FREE_MAX 10   /* integers up to this need no claim in prose */
#define LESSON_STEPS_MAX 1000 /* steps in one lesson: the progress file keeps
                               * one mark a step and reads no more than this */

/* Lines of text (prose, a question, a hint) with their line numbers.
 * Each line has its two-space indentation removed; a line that still
 * starts with a space is verbatim, blank lines separate paragraphs. */
typedef struct lesson_text {
	char **line;
	int *lineno;
	size_t n;
} lesson_text;

typedef struct lesson_check lesson_check;   /* a parsed check (opaque) */

/* A check as written, where, and parsed. */
typedef struct lesson_cond {
	int line;
	char *src;
	lesson_check *check;
	char *reason;             /* "else: TEXT" below it: said when it fails */
} lesson_cond;

/* "claim: COMMAND :: CHECK": CHECK holds of COMMAND's result. */
typedef struct lesson_claim {
	int line;
	char *command;
	lesson_cond cond;
} lesson_claim;

typedef struct lesson_step {
	int line;                 /* of its step: line */
	char *title;
	lesson_text prose;
	char *try_cmd;            /* a command to try, NULL if none */
	lesson_text ask;          /* the question, n == 0 if none */
	int predict;              /* ask: is a prediction (predict:): no try: */
	char *focus;              /* the panel the step is about, NULL if none */
	lesson_cond *checks;      /* all must hold */
	size_t nchecks;
	lesson_text *hints;       /* shown one at a time */
	size_t nhints;
	char **solution;          /* lines the learner could type */
	int *solution_line;
	size_t nsolution;
	lesson_claim *claims;
	size_t nclaims;
	int wants_answer;         /* a check reads the answer */
} lesson_step;

typedef struct lesson {
	char *title;
	int title_line;
	lesson_text intro;        /* prose before the first step */
	char **facts;             /* numbers the prose takes from the facts */
	size_t nfacts;
	int facts_line;
	lesson_step *steps;
	size_t nsteps;
} lesson;

/* What names a check may use: commands (result.CMD, run(CMD ...), claims)
 * and settings (state.NAME).  Either may be NULL: anything goes. */
typedef struct lesson_names {
	int (*command)(const char *name);
	const char *const *state;
} lesson_names;

/* Whether panel is a name focus: may give ("cf", "naf", "shifts",
 * "spectrum", "score", "sweep", "verify"). */
int lesson_focus_known(const char *panel);

/*
 * Parse the text of a lesson file: at most LESSON_STEPS_MAX steps, each
 * with prose, a check, a solution, a hint and something to do, focus: a
 * known panel.  Returns 0, or -1 with *line the line
 * at fault and err saying what is wrong (the offending word as token).
 * Free with lesson_free, also after a failure.
 */
int lesson_parse(lesson *l, const char *text, const lesson_names *names,
                 int *line, cfx_err *err);
void lesson_free(lesson *l);

/* ---- checks ------------------------------------------------------------ */

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
int lesson_decimal(const char *s, mpq_t q);

/* True if the check reads the learner's answer. */
int lesson_check_uses_answer(const lesson_check *c);

/*
 * Evaluate: 1 true, 0 false, -1 when a run(...) failed (err set).  A path
 * that leads nowhere (no such result yet, no such field) makes every
 * comparison with it false.  When why is not NULL it receives, on 0, the
 * first failing comparison with the values it saw.
 */
int lesson_check_eval(const lesson_check *c, const lesson_env *env,
                      char *why, size_t whylen, cfx_err *err);

/* An answer as a value: a number (as written), or a list when it has
 * commas or semicolons ("[1; 1, 2]" -> ["1", "1", "2"]).  New reference. */
json_t *lesson_answer_value(const char *answer);

/* ---- lint -------------------------------------------------------------- */

typedef struct lesson_problem {
	int line;
	char msg[240];
} lesson_problem;

/*
 * What is wrong with a parsed lesson beyond syntax: lines wider than
 * LESSON_WIDTH in its source text; numbers in prose, questions and hints
 * (above LESSON_FREE_MAX) that appear in none of its claims, commands,
 * checks, solutions or facts; facts: numbers absent from facts_text (when
 * facts_text is not NULL).  Returns the number of problems, *out a
 * malloc'd array of them (NULL when none).
 */
size_t lesson_lint(const lesson *l, const char *src, const char *facts_text,
                   lesson_problem **out);

#endif
