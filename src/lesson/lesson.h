/*
 * lesson.h - lesson files and their checks (prefix lesson_).
 *
 * A lesson is a plain-text file (format: lessons/FORMAT.md): a title, and
 * steps, each with prose, a command to try or a question to answer, checks,
 * hints, the author's solution, and claims.  This module parses a file into
 * a lesson and lints it (line width,
 * numbers in the prose that no claim backs, facts not in the facts file).
 * It never prints, exits or runs commands: running a command is the front
 * end's business, passed in as a callback.
 *
 * The check language has its own module: lesson/lesson_check.h.
 */
#ifndef CFX_LESSON_H
#define CFX_LESSON_H

#include <stddef.h>
#include <gmp.h>
#include <jansson.h>

#include "cfx/err.h"
#include "lesson/lesson_check.h"

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


/* A check as written, where, and parsed. */
typedef struct lesson_cond {
	int line;
	char *src;
	lesson_check *check;
	char *reason;             /* "else: TEXT" below it: said when it fails */
	int form_only;            /* judges only the answer's form
	                           * (lesson_check_form_only, on parsing) */
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
	char **reveals;           /* predict: the command lines that show the
	                           * answer, refused until one is committed */
	size_t nreveals;
	char *refuses;            /* predict: refuses: more command words
	                           * (space separated) that would print the
	                           * answer, refused until one is committed
	                           * but not shown in the reveal; NULL if none */
	int choices;              /* predict: one of 1..choices, one try */
	int one_try;              /* tries: 1: an answer from a closed set
	                           * (yes/no, a status, a small count): one
	                           * try, then the answer and explain */
	int tries;                /* tries: N: the answers it takes in all, 0
	                           * when not given (lesson_step_tries) */
	char *choice_words;       /* choices: N WORD...: a word for each
	                           * choice, space separated, in order (NULL:
	                           * none); the word answers as its number */
	char *options;            /* tries: 1 WORD...: the closed set, space
	                           * separated (NULL: any answer); another
	                           * answer costs nothing */
	lesson_cond value;        /* predict: value: the exact answer, for the
	                           * reveal of a range or rounded prediction
	                           * (.check NULL when none) */
	lesson_text explain;      /* said when the step is over: why */
	int dash;                 /* done in the dashboard (face: dash); the
	                           * REPL counts it as skipped */
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

/* The expected answer of a step: the text after "answer " in its first
 * solution line that has one, or NULL. */
const char *lesson_step_answer(const lesson_step *s);

/* Whether the step's solution shows what the step itself does not: an
 * answer, or a line other than its try: command (a constant to use, the
 * keys to press).  Seen, it leaves the step nothing of the learner's. */
int lesson_step_solution_tells(const lesson_step *s);
int lesson_step_option(const lesson_step *s, const char *text);

/* Answers a step with a question (predict: or ask:, with a try: line
 * or without) takes when it sets no tries: (the first, then two more),
 * after which it is explained, revealed. */
#define LESSON_PREDICT_TRIES 3
#define LESSON_TRIES_MAX 9    /* tries: N, N from 1 to this */

/* How many answers step s takes before it is over, explained and
 * revealed: 1 for choices:, its tries: N, else LESSON_PREDICT_TRIES for
 * a step that asks (predict: or ask:, beside a try: too); 0 for a step
 * that asks nothing. */
int lesson_step_tries(const lesson_step *s);

/* Whether text is a typo rather than an answer, with the word that
 * makes it one in tok (n bytes): a word no expression (banana, the cff
 * of a mistyped "cff 8/13") where the step's own answer has none; where
 * the step's answer is one word (WARN), a word followed by more, which
 * is a command line and no word answer. */
int lesson_step_stray_word(const lesson_step *s, const char *text,
                           char *tok, size_t n);

/* The choice (1..choices) whose word text is (trimmed, any case), by the
 * step's choices: words; 0 when it is none of them. */
int lesson_step_choice(const lesson_step *s, const char *text);

/* Whether a predict step refuses the command word w (a command line's
 * first word) until it is answered: one of its reveals: lines starts
 * with w, or w is one of its refuses: words.  show counts as naf: it
 * prints the value of every named value (let a = EXPR, and ans, the
 * constant of set const EXPR), a calculator as naf is, so a step that
 * refuses naf refuses show too; and bench too, which prints its
 * constant's value and each form's adds and subs, the NAF's among them.
 * It says nothing of whether the step still waits: learn_hides asks
 * that. */
int lesson_step_refuses(const lesson_step *s, const char *w);

/* Whether line is one of s's reveals: lines (runs of blanks aside); 0
 * when s is NULL.  The step after s lets the learner run it even while
 * it refuses its command word: s's reveal said "see it for yourself",
 * and learn --check fails a lesson where that would print the next
 * step's answer. */
int lesson_step_reveals_line(const lesson_step *s, const char *line);

/* The step played just before step i (from 0) in a face, or just after
 * it: in the dashboard's face (dash 1) the one beside it; in the REPL's
 * (dash 0) the nearest one not done in the dashboard, which the REPL
 * passes over.  NULL when there is none. */
const lesson_step *lesson_step_before(const lesson *l, size_t i, int dash);
const lesson_step *lesson_step_after(const lesson *l, size_t i, int dash);

/* Whether the words of needle (runs of letters, digits, '.', '/', '_'
 * and '-' in a number's sign place, all else a separator) occur in a row
 * among the words of hay: "19.13" in "max/min 19.13", "0, 1, 2" in
 * "[0; 1, 2]" but not in "[0; 1 (x2)]".  Case is ignored. */
int lesson_words_in(const char *hay, const char *needle);

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

/* ---- lint -------------------------------------------------------------- */

typedef struct lesson_problem {
	int line;
	int teaching;             /* a lint of teaching (an answer given away,
	                           * a prediction never revealed), not of form */
	char msg[240];
} lesson_problem;

/*
 * What is wrong with a parsed lesson beyond syntax: lines wider than
 * LESSON_WIDTH in its source text; numbers in prose, questions and hints
 * (above LESSON_FREE_MAX) that appear in none of its claims, commands,
 * checks, solutions or facts; facts: numbers absent from facts_text (when
 * facts_text is not NULL); a title or hint that contains its step's
 * expected answer; a prediction that reveals nothing (no reveals:).  Returns the number of problems, *out a
 * malloc'd array of them (NULL when none).
 */
size_t lesson_lint(const lesson *l, const char *src, const char *facts_text,
                   lesson_problem **out);

#endif
