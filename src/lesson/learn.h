/*
 * learn.h - guided lessons: the engine, the lesson catalog and progress
 * file, and the front ends (`cfx learn ...`, `learn` in the REPL).
 * The lesson layer is a client of the REPL and the dashboard: it calls
 * them, never the reverse.
 *
 * One engine runs a lesson for any front end.  The front end owns a
 * session (cfx_session) in which the learner runs ordinary commands; the
 * engine reads that session (each command's last JSON result, the
 * settings) to decide whether the current step is done.  A front end:
 *
 *   learn *L = learn_open(entry, &sess, 1, &err);   start or resume
 *   learn_prose(L, &blocks); learn_ask(L);         lay out the step
 *   for each line the learner enters:
 *       ev = learn_input(L, line);                  a lesson word or answer?
 *       if (ev == LEARN_NOT_MINE) {                 no: it is a command
 *           run the line through the command table (same session);
 *           ev = learn_poll(L);                     did it finish the step?
 *       }
 *       show learn_feedback(L) when not empty;
 *       if (ev & LEARN_NEWSTEP) lay out the new step;
 *       if (ev & (LEARN_DONE | LEARN_QUIT)) learn_close(L);
 *
 * A dashboard that changes the session by keys rather than lines calls
 * learn_poll after each change: it is cheap unless the step's checks use
 * run(...), whose results are cached.  learn_focus names the panel the
 * step is about, so the dashboard can show or highlight it.
 *
 * Lesson words (learn_input): hint (the next one; never the solution),
 * solution, skip, back, reset, quit or exit, step (show the step again), answer
 * EXPR; while a step asks a question, a line that
 * is not a command or session word is taken as the answer too.
 */
#ifndef CFX_UI_LEARN_H
#define CFX_UI_LEARN_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cfx/err.h"
#include "lesson/lesson.h"
#include "cli/cli.h"
#include "lesson/learn_run.h"
#include "lesson/learn_store.h"

struct buf;
struct repl_word;

/* ---- the engine ---------------------------------------------------------- */

typedef struct learn learn;

/* What an input did; flags, or LEARN_NOT_MINE. */
enum {
	LEARN_NOT_MINE = -1,      /* not a lesson word: run it as a command */
	LEARN_NOTHING  = 0,       /* handled; the step stays */
	LEARN_NEWSTEP  = 1 << 0,  /* the current step changed: redraw it */
	LEARN_PASSED   = 1 << 1,  /* the step's checks passed */
	LEARN_WRONG    = 1 << 2,  /* a wrong answer (feedback has a hint) */
	LEARN_DONE     = 1 << 3,  /* the last step is done */
	LEARN_QUIT     = 1 << 4,  /* the learner left the lesson */
	LEARN_ERROR    = 1 << 5   /* something failed; feedback says what */
};

/*
 * Open a lesson for a learner acting in sess: parse its file and resume
 * where the progress file says (a finished lesson starts again at step 1).
 * flags: LEARN_SAVE (not in self-tests), LEARN_DASH.  A step done in the
 * dashboard (face: dash) is passed over in the other faces, marked
 * skipped, with a line of feedback saying so.  diag gets
 * progress-file warnings (NULL: stderr).  NULL with err (line in err.col)
 * if the file cannot be read or parsed.
 */
#define LEARN_SAVE 1          /* keep progress in the progress file */
#define LEARN_DASH 2          /* the dashboard's face: face: dash steps are
                               * played, not passed over as skipped */
learn *learn_open(const learn_store_entry *e, cfx_session *sess, int flags,
                  FILE *diag, cfx_err *err);
void learn_close(learn *L);

/* The lesson's title, number, current step (0-based) and step count. */
const char *learn_title(const learn *L);
int learn_number(const learn *L);
size_t learn_step(const learn *L);
size_t learn_steps(const learn *L);
const lesson *learn_lesson(const learn *L);

/* The panel the current step is about ("cf", "sweep", ...), or NULL. */
const char *learn_focus(const learn *L);

/*
 * Content, not text: the engine wraps nothing.  A front end lays the
 * blocks out at its own width (learn_cli.c for a terminal or a pipe, the
 * dashboard's pane for its column).
 */
enum {
	LEARN_PARA,               /* a paragraph: fill it */
	LEARN_ITEM,               /* a list item ("* " in the file, removed) */
	LEARN_CODE,               /* a line indented in the file: as written */
	LEARN_BLANK               /* an empty line */
};

typedef struct learn_block {
	int kind;                 /* LEARN_PARA, ... */
	char *text;               /* one line, unwrapped */
} learn_block;

typedef struct learn_blocks {
	learn_block *b;
	size_t n, cap;
} learn_blocks;

/* The current step's prose, and the lesson's introduction (for step 1;
 * none: no blocks), as blocks into out (emptied first); free with
 * learn_blocks_free.  The step's title, try: command and predict flag are
 * in learn_lesson(L)->steps[learn_step(L)]. */
void learn_prose(const learn *L, learn_blocks *out);
void learn_intro(const learn *L, learn_blocks *out);
void learn_blocks_free(learn_blocks *bl);

/* The current step's question (ask: or predict:) as one line, malloc'd;
 * NULL when the step asks none. */
char *learn_ask(const learn *L);

/* Longest answer the engine checks (a longer one is wrong at once). */
#define LEARN_ANSWER_MAX 4096

/* A lesson word or an answer, or LEARN_NOT_MINE for a command line. */
int learn_input(learn *L, const char *line);

/* Evaluate the current step's checks against the session now; advance if
 * they pass.  Flags as above (LEARN_NOTHING if the step is not done). */
int learn_poll(learn *L);

/* What the engine says about the last input or poll ("" if none): a hint,
 * "Not quite", "Step 2 done", ...  One item a line, never wrapped: a line
 * indented by two spaces is verbatim (a command to type), any other is a
 * sentence for the front end to fill to its width.  Valid until the next
 * call. */
const char *learn_feedback(const learn *L);

/* Why the current step is not done: its first failing check, or "". */
const char *learn_why(const learn *L);

/* Whether the current step is a prediction with commands that reveal it,
 * not yet answered: those commands are refused until then (learn_input).
 * After a wrong first answer they run, but once one has run the answer
 * is out: the next learn_poll ends the step, revealed (marked x, never
 * solved), as the word solution does at once.  Panels that show them
 * stay hidden until the step is over (learn_hides_panel). */
int learn_waits_prediction(const learn *L);

/* Whether the current step's prediction was answered wrong and is not
 * over: the learner may answer again while tries are left
 * (lesson_step_tries); the last wrong one, solution or a revealing
 * command ends it, revealed. */
int learn_retrying(const learn *L);

/* The answers the current step still takes (lesson_step_tries less the
 * wrong ones), -1 when it takes any number, 0 when it asks none or the
 * lesson is over: the count a face shows beside the question. */
int learn_tries_left(const learn *L);

/* Whether command cmd (a word: cf, score, ...) is one of those: it would
 * show the answer of the prediction that waits. */
int learn_hides(const learn *L, const char *cmd);

/* Whether a front end that shows command cmd for the multiplier p by
 * itself (a dashboard panel) must hide it while the prediction is not
 * over (answered wrong too: a panel is read without running anything): a
 * word of the step's reveals: lines always; a word only its refuses:
 * names (the other commands that would print the answer for the
 * step's own operand) only when p is the value of an operand of one of
 * its reveals: lines, or when none of them has an integer operand. */
int learn_hides_panel(const learn *L, const char *cmd, uint64_t p);

/* Whether the current step's checks hold now (with the answer given so
 * far), without advancing: for a check mark on screen and self-tests. */
int learn_passes(learn *L);

/* Names a check may use: the command table and the session settings
 * (const, bits, table, keys, count, format). */
extern const lesson_names learn_lesson_names;

/* What a lesson may run by itself, and running it: learn_pure,
 * learn_run, learn_run_as, learn_data_line (learn_run.h). */

/* The path of the lesson file L plays (its learn_store_entry's). */
const char *learn_path(const learn *L);

/* ---- front ends (learn_cli.c) --------------------------------------------- */

/* `cfx learn [N|NAME] [--check FILE...] [--selftest]`; argv[0] "learn". */
int learn_cli_main(int argc, char **argv, volatile sig_atomic_t *stop);

/* `cfx repl [-f FILE] [--keep-going]` and script mode: a REPL session
 * (repl.h) whose loop this module owns, adding the `learn` word; argv[0]
 * names the command. */
int learn_cli_repl_main(int argc, char **argv, volatile sig_atomic_t *stop);

/* The lessons with their marks, as `learn` lists them, to out (progress
 * file warnings to diag).  0, or -1 with err when there are none. */
int learn_cli_list(FILE *out, FILE *diag, cfx_err *err);

/*
 * Laying lessons out (for the REPL and the dashboard's pane alike):
 * learn_cli_fill fills text to width columns into b like text_fill with
 * words, first before the first line and rest before the others, but
 * never breaks inside [...] (a continued fraction, a list) or a short
 * (...); learn_cli_blocks lays out prose blocks (paragraphs filled, items
 * after "* " with a hanging indent, code as written); learn_cli_feedback
 * lays out learn_feedback's lines (sentences filled with a hanging indent
 * of two, indented lines as written).
 */
void learn_cli_fill(struct buf *b, const char *text, int width,
                    const char *first, const char *rest);
void learn_cli_blocks(struct buf *b, const learn_blocks *bl, int width);
void learn_cli_feedback(struct buf *b, const char *fb, int width);

/* Why key finds no lesson (learn_store_catalog_find gave NULL): none has
 * it ("no such lesson; HOWlearn lists them"), or several have that
 * word; malloc'd. */
char *learn_cli_not_found(const learn_store_catalog *c, const char *key,
                          const char *how);

/* The words lessons add to a REPL session (for repl.words): `learn`. */
const struct repl_word *learn_cli_words(void);

#endif
