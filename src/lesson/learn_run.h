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

#include <stdint.h>

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

/* learn_pure of a line of a session (its words allowed), its cost
 * estimated with sess's settings (table, keys, count, word) as the
 * defaults the command would take: the solutions learn --check plays. */
int learn_pure_as(const char *lesson_path, const char *line,
                  const cfx_session *sess, cfx_err *err);

/* A deterministic budget of work for what a lesson runs by itself (not
 * wall time): each command line's work is estimated before it starts
 * from the counts its options ask for (keys, buckets, points, window
 * candidates, screens, tables, quotients), in units of about a
 * nanosecond here; learn_pure refuses a line over LEARN_COST_BUDGET
 * (about 2 s) with "too costly for a claim or run(...)", naming what it
 * counts and the option that asked it, and learn --check a lesson file
 * whose distinct lines together pass LEARN_FILE_BUDGET (about 30 s).
 * learn_cost: a line's estimate with an empty session (0 for
 * a line that does not parse). */
#define LEARN_COST_BUDGET 2e9
#define LEARN_FILE_BUDGET 3e10
double learn_cost(const char *line);

/* Run one command line in a fresh, empty session and return the JSON
 * result it keeps (new reference), or NULL with err: run(...) in checks,
 * and claims, of the lesson file at lesson.  Only what learn_pure allows;
 * verify starts no compiler.  A review line runs on the lesson's own
 * patch (learn_data_line) and its result is the JSON it prints. */
json_t *learn_run(const char *lesson_path, const char *line, cfx_err *err);

/* learn_run once per command line: the result kept in cache (line ->
 * result) and given again (new reference) when the line comes back. */
json_t *learn_run_cached(json_t *cache, const char *lesson_path,
                         const char *line, cfx_err *err);

/* learn_run in a fresh session that takes like's word, table size, keys
 * and count (like NULL: learn_run itself).  like is only read. */
json_t *learn_run_as(const char *lesson_path, const char *line,
                     const cfx_session *like, cfx_err *err);

/* The operand of a command line: its positional words, found as the
 * command line finds them (opts_parse with the command's own options and
 * the rule of opts.h on a leading '-', so that -golden(32) + 2^32 is a
 * number and -t 16 an option; sess's names, or none when NULL), joined
 * by blanks; "" when it has none.  malloc'd. */
char *learn_operand_text(const char *line, const cfx_session *sess);

/* Whether the operand of command line (learn_operand_text) is an integer
 * whose value is p; *integer is set to 1 when it is an integer at all
 * (left alone when not): the dashboard's panels that show p need not
 * hide another constant's answer (learn_hides_panel). */
int learn_operand_is(const char *line, const cfx_session *sess, uint64_t p,
                     int *integer);

/* A key family as a check reads it (state.keys): parsed by the keys
 * module and named as score's JSON names it (keys_describe), so
 * stride:0x10000 and stride:2^16 are stride:65536 and random is
 * random:1; text NULL is the default, seq; a text that does not parse,
 * as written.  New reference. */
json_t *learn_keys_value(const char *text);

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
