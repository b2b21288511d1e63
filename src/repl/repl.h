/*
 * repl.h - the REPL: `cfx repl`, and script mode (`cfx < file`,
 * `cfx -f FILE`), both running lines of the same commands as the CLI.
 */
#ifndef CFX_UI_REPL_H
#define CFX_UI_REPL_H

#include <signal.h>
#include <stdio.h>

#include "cli/cli.h"

typedef struct repl {
	cfx_session sess;
	FILE *out, *err;
	int interactive;        /* errors get a caret under the input */
	int lineno;             /* script mode: for "line N" in errors */
	const char *script;     /* script name for errors, NULL if stdin */
	volatile sig_atomic_t *stop;
	int quit;               /* set by `quit` */
	char *used_expr;        /* last expression a command used (ans) */
} repl;

void repl_init(repl *r, FILE *out, FILE *err, volatile sig_atomic_t *stop);
void repl_free(repl *r);

/* Run one input line.  Returns its exit status (0, 1, 2). */
int repl_exec(repl *r, const char *line);

/* Words that complete in the context of the text before the cursor, for
 * readline and for the dashboard's ':' line.  text is the word being
 * completed, line[0..start) what precedes it.  NULL-terminated, malloc'd
 * strings in a malloc'd array. */
char **repl_complete(repl *r, const char *line, int start, const char *text);

/* Entry points from main: `cfx repl [-f FILE] [--keep-going]`, and a bare
 * `cfx` whose stdin is not a terminal. */
int repl_main(int argc, char **argv, volatile sig_atomic_t *stop);

#endif
