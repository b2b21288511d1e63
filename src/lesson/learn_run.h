/*
 * learn_run.h - what a lesson may run by itself, and running it
 * (learn_run.c): the rule for the commands a lesson's checks, claims and
 * solutions run (learn_pure), the lesson's own patches for review
 * (learn_data_line), and a run in a session of its own that returns the
 * command's JSON result (learn_run, learn_run_as).
 *
 * Below the engine (learn.c) and the front ends (learn_cli.c, the
 * dashboard's lesson pane), which call it; it knows no lesson being
 * played, only a lesson file's path (its patches are beside it) and a
 * command line.  It calls the command table (cli.h) and the catalogue's
 * name rule (learn_store.h).  learn.h includes it, so the front ends see
 * one header.
 */
#ifndef CFX_LESSON_LEARN_RUN_H
#define CFX_LESSON_LEARN_RUN_H

#include <jansson.h>

#include "cfx/err.h"
#include "cli/cli.h"

/* Whether a lesson may run line by itself (claims, run(...), and the
 * solutions --check plays): a command that reads nothing but its
 * arguments and writes nothing: cf, naf, shifts, spectrum, score, sweep,
 * verify (with cfx's evaluator, no compiler) or search; no --raw, no keys
 * from files, directories or malloc; or review of a patch beside the
 * lesson file at lesson (learn_data_line); with session, also the
 * session's words (set, let, show), set keys under the same rule.  The
 * refusal lists what may run from the same table the test reads.  0, or
 * -1 with err naming the word. */
int learn_pure(const char *lesson_path, const char *line, int session,
               cfx_err *err);

/* Run one command line in a fresh, empty session and return the JSON
 * result it keeps (new reference), or NULL with err: run(...) in checks,
 * and claims, of the lesson file at lesson.  Only what learn_pure allows;
 * verify starts no compiler.  A review line runs on the lesson's own
 * patch (learn_data_line) and its result is the JSON it prints. */
json_t *learn_run(const char *lesson_path, const char *line, cfx_err *err);

/* learn_run in a fresh session that takes like's word, table size, keys
 * and count (like NULL: learn_run itself).  like is only read. */
json_t *learn_run_as(const char *lesson_path, const char *line,
                     const cfx_session *like, cfx_err *err);

/* A line that reviews a patch of the lesson file at lesson, review
 * NAME.patch (NAME.patch a file in the lesson file's own directory, not
 * the catalogue's; --format WORD and --json may go with it): the line
 * with the path in place of the name (quoted if need be), malloc'd; NULL
 * for any other line, and for a review line whose patch is refused, with
 * err (may be NULL) saying why in one line naming it: a path (../, /), a
 * name outside the rule, a symbolic link, not a regular file of one
 * link, another user's file, a directory others could change.
 * learn_pure allows review only so; the front ends run the rewritten
 * line. */
char *learn_data_line(const char *lesson_path, const char *line, cfx_err *err);

#endif
