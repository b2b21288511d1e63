/*
 * repl.h - the REPL: `cfx repl`, and script mode (`cfx < file`,
 * `cfx -f FILE`), both running lines of the same commands as the CLI.
 */
#ifndef CFX_UI_REPL_H
#define CFX_UI_REPL_H

#include <signal.h>
#include <stdio.h>

#include "cli/cli.h"

/* A session word a client of the REPL adds (one that owns the loop):
 * the REPL completes it and, after it, the words args() lists (NULL:
 * none).  It runs nothing: the client sees the line before repl_exec. */
typedef struct repl_word {
	const char *name;
	const char *const *(*args)(void);
} repl_word;

typedef struct repl {
	cfx_session sess;
	FILE *out, *err;
	int interactive;        /* errors get a caret under the input */
	int lineno;             /* script mode: for "line N" in errors */
	const char *script;     /* script name for errors, NULL if stdin */
	volatile sig_atomic_t *stop;
	int quit;               /* set by `quit` */
	char *used_expr;        /* last expression a command used (ans) */
	const repl_word *words; /* a client's words, NULL-name-terminated */
	int no_compiler;        /* the lines come from a lesson file, not a
	                         * person: verify starts no compiler */
} repl;

void repl_init(repl *r, FILE *out, FILE *err, volatile sig_atomic_t *stop);
void repl_free(repl *r);

/* Run one input line.  Returns its exit status (0, 1, 2). */
int repl_exec(repl *r, const char *line);

/* An error in the REPL's words, without a caret: "cmd: msg (token)" when
 * interactive, else "cfx: [FILE:]line N: cmd: msg (token)" (token may be
 * NULL or empty). */
void repl_error(const repl *r, const char *cmd, const char *msg,
                const char *token);

/* Words that complete in the context of the text before the cursor, for
 * readline and for the dashboard's ':' line.  text is the word being
 * completed, line[0..start) what precedes it.  NULL-terminated, malloc'd
 * strings in a malloc'd array. */
char **repl_complete(repl *r, const char *line, int start, const char *text);

/* ---- where lines come from ---------------------------------------------- */

/* The REPL's arguments: [--keep-going|-k] [-f FILE] [--help|-h]. */
#define REPL_PRESETS 8
typedef struct repl_args {
	const char *cmd;        /* "learn" when argv[0] is, else "repl" */
	const char *file;       /* -f FILE, NULL: stdin */
	int keep_going;
	/* the shared options given (cfx --json < FILE), each run as the set
	 * line it stands for before the first line by repl_input_open; an
	 * error names the option, not set */
	struct {
		const struct setting *opt;   /* its row: --bits, --json, ... */
		const char *value;           /* NULL for --json */
	} preset[REPL_PRESETS];
	int npreset;
	const char *face;       /* "repl" or "learn" when named, else NULL
	                         * (cfx -f FILE): for its errors */
} repl_args;

/* The REPL's options as rows of the option parser (cli/opts.h), into
 * rows[] (room for SETTING_N + 2): -f FILE, -k/--keep-going and the
 * shared options, long only.  Returns their number. */
struct opts_row;
int repl_args_rows(struct opts_row *rows);

/* "options:" and a line for each of the REPL's options, the shared ones
 * included, as a command's help lists its own (cfx repl --help and cfx
 * learn --help, whose lessons run in the REPL). */
void repl_options_help(FILE *f);

/* Parse argv[1..] (argv[0] names the command).  0 to run; 1 when --help
 * was printed (exit 0); -1 after a one-line error on stderr (exit 2). */
int repl_args_parse(repl_args *a, int argc, char **argv);

/*
 * Lines for a session: from a terminal (when the file is stdin and stdin
 * is a terminal) with a banner, readline, history, TAB completion by
 * repl_complete and Ctrl-C that clears the line or sets r->stop; or from
 * a script, counting lines in r->lineno for errors.  The caller runs each
 * line (repl_exec, or first a client's own words) in its own loop.
 */
typedef struct repl_input {
	repl *r;
	FILE *in;
	int tty;
	char *line;             /* the line last returned */
	size_t cap;
	int bad;                /* the script is not text (a NUL byte, a line
	                         * over TEXTFILE_LINE_MAX): reported; exit 2 */
} repl_input;

/* Open in for r: a file or a pipe (a.file; a directory or a device is
 * refused), else stdin.  0, or -1 after a one-line error on stderr. */
int repl_input_open(repl_input *in, repl *r, const repl_args *a);

/* The next line without its newline, valid until the next call; NULL at
 * the end of input, at Ctrl-D, once r->quit is set, or (in->bad set, the
 * error said) at a line that is not text. */
const char *repl_input_line(repl_input *in);

/* Restore the terminal and signals; close a file opened by -f. */
void repl_input_close(repl_input *in);

/* The help of `cfx repl --help`: the REPL's own words. */
void repl_help(FILE *f);

#endif
