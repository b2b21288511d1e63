/*
 * learn_lint.h - the checks of a lesson file that read it without playing
 * it (learn_lint.c), for `cfx learn --check` and `--selftest`
 * (learn_cli.c, which also plays each lesson with its own solutions and
 * prints the report).  Each check says what fails on stderr, as
 * "cfx: learn: PATH:LINE: ...", and counts it in the tally.
 */
#ifndef CFX_LESSON_LEARN_LINT_H
#define CFX_LESSON_LEARN_LINT_H

#include <stddef.h>

#include "lesson/lesson.h"
#include "util/buf.h"

/* What the checks found, over the lessons checked so far. */
typedef struct tally {
	size_t lessons, steps, claims, failed, unplayed;
	struct buf notes;         /* lines about the lesson being checked,
	                           * printed under its ok line */
} tally;

/* Say one failure at path:line (fmt with the strings a and b), count it. */
void learn_lint_fail(tally *t, const char *path, int line, const char *fmt,
                     const char *a, const char *b);

/* Every run(...) of every check, value and claim of l: a command a
 * lesson may run (learn_pure), the lesson's commands together within
 * their budget. */
void learn_lint_runs(const lesson *l, const char *path, tally *t);

/* Every claim of l: its command run in a fresh session, its check true. */
void learn_lint_claims(const lesson *l, const char *path, tally *t);

/* The share of read-off steps (the answer printed, word for word, by a
 * command allowed before it) and of derived ones, in t->notes; more
 * read-offs than READ_OFF_MAX percent fail. */
void learn_lint_shares(const lesson *l, const char *path, tally *t);

/* No prediction whose answer (a word of three characters or more) a
 * line the learner may run while it waits prints word for word: the
 * try: lines up to its own, the reveals: and command solutions of the
 * steps before. */
void learn_lint_shown_before(const lesson *l, const char *path, tally *t);

/* The claims of l. */
size_t learn_lint_count_claims(const lesson *l);

#endif
