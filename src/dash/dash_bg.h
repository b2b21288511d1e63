/*
 * dash_bg.h - a ':' command on a thread of its own (prefix dash_bg_).
 *
 * `:verify` with options (--full, --against, --bits, a constant of its
 * own, ...) takes a second or more; run on the UI thread it would freeze
 * the screen.  It runs here instead, on a copy of the dashboard's
 * session with its output in memory, while keys are read and echoed as
 * usual.  When it ends a byte goes to the wake pipe; the UI takes the
 * output and adopts into its session what the command changed there (the
 * panels follow the constant a command names; ans; the command's result
 * for lessons).  One at a time.
 */
#ifndef CFX_UI_DASH_BG_H
#define CFX_UI_DASH_BG_H

#include "cli/cli.h"

typedef struct dash_bg dash_bg;

/* 1 if line is a command that runs here: verify with anything after it
 * (a bare `verify` reads the worker's strip instead, dash_cmd.c). */
int dash_bg_wants(const char *line);

/* Start line on a copy of sess, its text filled to width columns (the
 * output pane's); a byte goes to wake_fd when it ends.  NULL if no
 * thread could be started. */
dash_bg *dash_bg_start(const cfx_session *sess, const char *line,
                       int wake_fd, int width);

/* 1 once the command has ended (dash_bg_end will not wait). */
int dash_bg_done(dash_bg *b);

/* The line it runs. */
const char *dash_bg_line(const dash_bg *b);

/* Ask it to stop, as Ctrl-C stops a command in the REPL. */
void dash_bg_interrupt(dash_bg *b);

/*
 * Wait for it to end (at once after dash_bg_done), adopt into sess what
 * the command changed in its copy, except what the user changed in sess
 * meanwhile (the constant with its word, the keys, the table bits, the
 * count: the later action wins), and free b.  Returns its output (the
 * caller frees it); *rc is its exit status and *stopped 1 if it was
 * interrupted.
 */
char *dash_bg_end(dash_bg *b, cfx_session *sess, int *rc, int *stopped);

#endif
