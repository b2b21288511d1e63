/*
 * learn_int.h - the lesson engine's state, shared by its files (learn.c
 * over learn_settings.c over learn_state.c) and no one else: the front
 * ends see learn.h.
 */
#ifndef CFX_LESSON_LEARN_INT_H
#define CFX_LESSON_LEARN_INT_H

#include <stdio.h>
#include <jansson.h>

#include "cfx/err.h"
#include "cli/cli.h"
#include "lesson/learn.h"
#include "util/buf.h"

struct learn {
	lesson les;
	int number;
	char *name;
	char *path;               /* the lesson file: its patches are beside it */
	cfx_session *sess;
	int save;
	FILE *diag;
	size_t step;
	char *marks;              /* one per step (learn_store.h): '+', 'h',
	                           * 'x', 's', '.' */
	size_t hints;             /* hints shown in this step */
	size_t wrong;             /* wrong answers given in this step */
	char *answer;             /* last answer in this step, NULL if none */
	json_t *base;             /* the session's results when the step began */
	json_t *cache;            /* run(...) line -> its result */
	json_t *cache_as;         /* the same on the session's settings */
	json_t *shown;            /* the earlier lessons' numbers (shown()) */
	struct buf fb;             /* feedback */
	char why[CFX_ERR_LINE];
	int why_told;             /* why is the lesson's own else: message */
	int dash;                 /* the dashboard's face (LEARN_DASH) */
	char *first;              /* the first answer committed in this step */
	int refused;              /* a revealing command was refused here */
	char *revealing;          /* a revealing command let through after a
	                           * wrong first answer (its word): once it has
	                           * run, the step is over, revealed (x) */
	json_t *reveal_was;       /* the session's result of that command
	                           * before it ran (held: see the top) */
	int told_reveal;          /* the learner was told how to give up */
};

/* Feedback for the learner, appended (learn_state.c, as the three
 * below). */
void learn_fb_add(learn *L, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A run(...) of the step's checks, cached for the lesson (ctx: the
 * learn); the session's settings as JSON (state.NAME); the results the
 * session made since the step began. */
json_t *learn_run_step(void *ctx, const char *line, cfx_err *err);
json_t *learn_state_json(const cfx_session *s);
json_t *learn_results_fresh(const learn *L);

/* Whether the learner's settings change this step's answer: then 1 and
 * the feedback says which to undo, and the answer is not judged; else 0
 * (learn_settings.c). */
int learn_settings_refuse(learn *L, const char *answer);

#endif
