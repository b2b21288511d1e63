/*
 * learn_shown.h - the numbers the lessons have shown the learner
 * (learn_shown.c), for the check function shown(x): a step that asks
 * for a constant of the learner's own refuses one a lesson printed, which
 * could be copied rather than chosen (lesson 10 step 5 took 0x9f767c45,
 * which lesson 7 printed).
 *
 * Below the engine (learn.c), which puts them in a check's lesson_env;
 * it reads lesson files as the catalogue does (learn_store.h).
 */
#ifndef CFX_LESSON_LEARN_SHOWN_H
#define CFX_LESSON_LEARN_SHOWN_H

#include <stddef.h>
#include <jansson.h>

#include "lesson/lesson.h"

/* The smallest number counted: a multiplier of 17 bits or more; smaller
 * ones (counts, table sizes) are anybody's. */
#define LEARN_SHOWN_MIN 65536.0

/*
 * Every numeral (0x hex, or decimal of LEARN_SHOWN_MIN or more, as
 * written: compared by value) that the learner has been shown before
 * step `step` of les is over: the text of the lessons numbered before the
 * lesson file at path in its directory (their titles, introductions,
 * steps, questions, hints, explanations, try:, reveals: and solution
 * lines), of les's steps before this one likewise, and of this step
 * (its text, question, hints and try: line; not its solution, which
 * shown makes a step revealed anyway, nor its explanation).  Claims and
 * checks are not shown.  *cache (NULL at first) keeps the earlier
 * lessons' numbers between calls; json_decref it.  A new array.
 */
json_t *learn_shown(const char *path, const lesson *les, size_t step,
                    json_t **cache);

#endif
