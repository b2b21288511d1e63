/*
 * main.c - cfx's entry point: choose the face.
 *
 *   cfx COMMAND [options] [EXPR]   the command line
 *   cfx, cfx dash [EXPR]           the dashboard (on a terminal)
 *   cfx repl [-f FILE]             the REPL (script mode off a terminal)
 *   cfx learn [N]                  guided lessons
 *   cfx < FILE, cfx -f FILE        script mode
 *   cfx --version | --help         about cfx
 *
 * Options every face shares (--json, --bits N, --ascii, --table-bits B,
 * --keys F, --count K) may come before the command too: cfx --json cf 5.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include <gmp.h>

#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/lattice.h"
#include "cfx/mem.h"
#include "cfx/proc.h"
#include "util/xalloc.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/setting.h"
#include "dash/dash.h"
#include "lesson/learn.h"
#include "repl/repl.h"

static volatile sig_atomic_t interrupted;

/* Ctrl-C: the first stops a command that polls; the second, or the first
 * for one that does not, ends cfx as SIGTERM does (cleanup, 130). */
static void on_sigint(int sig)
{
	if (interrupted)
		proc_fatal(sig);
	interrupted = 1;
}

/* "cfx: CMD: interrupted\n", said by on_sigint_now (set before it is
 * installed: a signal handler may only write) */
static char sigint_line[96];
static size_t sigint_len;

static void on_sigint_now(int sig)
{
	if (sigint_len && write(STDERR_FILENO, sigint_line, sigint_len) < 0)
		sigint_len = 0;
	proc_fatal(sig);
}

/* A script (cfx -f FILE, cfx < FILE, cfx repl off a terminal): the first
 * Ctrl-C stops the command that polls and ends the script with
 * "interrupted" and 130; the second ends cfx at once.  At a terminal the
 * REPL takes SIGINT itself while it reads (back to the prompt). */
static void sigint_stops(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, NULL);
}

/* The terminal as cfx found it, put back by a fatal signal (readline and
 * the dashboard change it). */
static struct termios tty_saved;
static int tty_have;

static void tty_restore(int sig)
{
	(void)sig;
	if (tty_have)
		tcsetattr(STDIN_FILENO, TCSANOW, &tty_saved);
}

/* close_stdout as coreutils has it: every face's output is checked once
 * more at the end; a write error is one line on stderr and status 2, and
 * a message or warning lost on stderr is status 2 too (said nowhere). */
static int finish(int rc, const char *face)
{
	int bad;

	/* Ctrl-C cut a report or broke a write (a reader that stalls): what
	 * stdout still holds is dropped, or cfx would wait in write() again
	 * after it said "interrupted".  A report printed after Ctrl-C on
	 * purpose (search's "results so far") is written whole. */
	if (interrupted && (ferror(stdout) || out_was_cut()))
		__fpurge(stdout);
	errno = 0;
	bad = fflush(stdout) != 0;
	int e = errno;

	/* an earlier flush failed (its reason kept by out_flush; errno has
	 * moved on since) */
	if (!bad && ferror(stdout)) {
		bad = 1;
		e = out_flush_errno();
	}

	if (fflush(stderr) != 0 || ferror(stderr))
		rc = CFX_EXIT_USAGE;

	if (fclose(stdout) != 0 && !bad) {
		bad = 1;
		e = errno;
	}
	/* Ctrl-C cut the output (a write blocked on a pipe returns EINTR:
	 * SIGINT is taken without SA_RESTART, so that a read of a pipe
	 * stops): the command said "interrupted"; that is the status */
	if (bad && interrupted)
		return rc != CFX_EXIT_OK ? rc : 128 + SIGINT;
	if (bad) {
		if (e)
			fprintf(stderr, "cfx: %s: cannot write output: %s\n",
			        face, strerror(e));
		else
			fprintf(stderr, "cfx: %s: cannot write output\n", face);
		return CFX_EXIT_USAGE;
	}
	return rc;
}

/* The options every face shares (--json, --bits N, ... and their letters,
 * -j, -b N, -jb32), read by the one option parser (cli/opts.h): nothing is
 * taken here, the face that runs reads them again. */
static int shared_take(void *ctx, const opts_hit *h, cfx_err *e)
{
	char *ascii = ctx;

	(void)e;
	if (ascii && h->s->id == SETTING_ASCII)
		ascii[h->arg] = 1;
	return 0;
}

/* The index of the first word of argv[1..argc) that is not a shared
 * option or its value: the command, a script's -f, "--", a word at
 * fault, or argc when there is none.  ascii, when not NULL (argc entries,
 * zero), marks the words that are --ascii (it has no letter: -a is
 * --against). */
static int shared_end(int argc, char **argv, char *ascii)
{
	opts_row rows[SETTING_N];
	opts_face f = { .rows = rows, .take = shared_take, .ctx = ascii,
	                .no_help = 1, .first_word = 1 };
	const setting *st;
	int pos[argc + 1], npos;
	cfx_err e;

	for (st = setting_table; st->name; st++)
		if (st->flags & SETTING_SHARED)
			rows[f.nrows++] = (opts_row){ st, 0 };
	if (opts_parse(&f, argc, argv, pos, &npos, &e) < 0)
		return e.arg;
	return npos ? pos[0] : argc;
}

/* 1 if w is a shared option, its value given or not (--bits alone is
 * the dashboard's error to report, not an unknown option). */
static int shared_word(char *argv0, char *w)
{
	char zero[] = "0", *v[] = { argv0, w, zero, NULL };

	return shared_end(3, v, NULL) > 1;
}

/* 1 if argv[1..] are shared options alone (or nothing). */
static int only_shared_options(int argc, char **argv)
{
	int i = shared_end(argc, argv, NULL);

	/* the last one without its value: the REPL says so (cfx --count) */
	return i >= argc || (i == argc - 1 && shared_word(argv[0], argv[i]));
}

/* Take the global options of every face out of argv, wherever they are
 * before "--": --color[=WHEN] (or --color WHEN), --progress and
 * --no-progress (as git: the bar drawn, or not, whatever stderr is).
 * Returns the new argc, or -1 after a one-line error (exit 2). */
static int take_global(int argc, char **argv)
{
	int i, out = 1;

	for (i = 1; i < argc; i++) {
		const char *w = argv[i], *when = NULL;
		if (!strcmp(w, "--")) {
			while (i < argc)
				argv[out++] = argv[i++];
			break;
		}
		if (!strcmp(w, "--progress") || !strcmp(w, "--no-progress")) {
			out_progress_set(w[2] == 'p');
			continue;
		}
		if (strcmp(w, "--color") && strncmp(w, "--color=", 8)) {
			argv[out++] = argv[i];
			continue;
		}
		if (w[7] == '=')
			when = w + 8;
		else if (i + 1 < argc && (!strcmp(argv[i + 1], "auto") ||
		         !strcmp(argv[i + 1], "always") ||
		         !strcmp(argv[i + 1], "never")))
			when = argv[++i];
		if (out_color_set(when) < 0) {
			fprintf(stderr, "cfx: --color must be auto, always or never "
			        "(%s)\n", when);
			return -1;
		}
		/* the faces that read NO_COLOR themselves (the dashboard) */
		if (when && !strcmp(when, "never"))
			setenv("NO_COLOR", "1", 1);
	}
	argv[out] = NULL;
	return out;
}

/* A word in the command's place: a command or face, or letters alone that
 * name no constant (a misspelt command, reported as one). */
static int command_word(const char *w)
{
	if (cli_find(w) || !strcmp(w, "learn") || !strcmp(w, "repl") ||
	    !strcmp(w, "dash") || !strcmp(w, "help"))
		return 1;
	return w[0] && strspn(w, "abcdefghijklmnopqrstuvwxyz") == strlen(w) &&
	       expr_builtin(w, strlen(w)) != 1;
}

/* 1 if a script's -f FILE or --keep-going follows the shared options
 * (cfx -f FILE, cfx --bits 16 -f FILE): the REPL's script mode. */
static int script_option(int argc, char **argv)
{
	int i = shared_end(argc, argv, NULL);

	return i < argc && (!strcmp(argv[i], "-f") ||
	                    !strcmp(argv[i], "--keep-going"));
}

/* 1 if w, in the command's place, is a constant the dashboard opens on
 * (a number or an expression of one, 1 <= w < 2^64; not letters alone,
 * which are a misspelt command): cfx 0x9e370001 means cfx dash
 * 0x9e370001.  An expression the dashboard would refuse (-5, --version,
 * Verify) is no constant: the advice would fail. */
static int number_word(const char *w)
{
	cfx_err e;
	mpz_t z;
	unsigned long bits = 0;
	int ok;

	if (cli_find(w) || strspn(w, "abcdefghijklmnopqrstuvwxyz") == strlen(w))
		return 0;
	mpz_init(z);
	ok = constant_eval(w, NULL, NULL, &bits, 64, z, &e) == 0;
	mpz_clear(z);
	return ok;
}

/* The faces that are no row of the command table, for "did you mean"
 * after a misspelt command (cfx lern). */
static const char *const faces[] = { "dash", "repl", "learn", "help", NULL };

/* cfx --json cf 5 -> cfx cf --json 5: shared options written before a
 * command move after its name, in place.  --ascii is dropped for the
 * faces that print plain text (all but the dashboard).  A "--" after
 * them ends cfx's options, as everywhere: it is taken out and *ended
 * set (cfx -- cf 5 is cfx cf 5; the word after it is no option of
 * cfx's).  Returns the new argc; argv is otherwise left alone when no
 * command follows the options. */
static int move_shared_options(int argc, char **argv, int *ended)
{
	char ascii[argc + 1];
	int i, k, out;

	memset(ascii, 0, sizeof ascii);
	i = shared_end(argc, argv, ascii);
	*ended = i < argc && !strcmp(argv[i], "--");
	if (*ended) {
		memmove(argv + i, argv + i + 1, (size_t)(argc - i) * sizeof *argv);
		argc--;
	}
	if (i == 1 || i >= argc || !command_word(argv[i]))
		return argc;
	{
		char *cmd = argv[i], *opts[i];
		int nopts = 0, dash = !strcmp(cmd, "dash");

		for (k = 1; k < i; k++)
			if (dash || !ascii[k])
				opts[nopts++] = argv[k];
		argv[1] = cmd;
		for (k = 0; k < nopts; k++)
			argv[2 + k] = opts[k];
		out = 2 + nopts;
		for (k = i + 1; k < argc; k++)
			argv[out++] = argv[k];
		argv[out] = NULL;
		return out;
	}
}

/* GMP's (and so MPFR's, which allocates through GMP's functions) memory
 * by xalloc: a failure is xalloc's one line and status 2, where GMP's own
 * printed "GNU MP: Cannot allocate memory" and aborted (134, and the
 * dashboard's screen left as it was). */
static void *gmp_alloc(size_t n)
{
	return xmalloc(n, "a number");
}

static void *gmp_realloc(void *p, size_t old, size_t n)
{
	(void)old;
	return xrealloc(p, n, "a number");
}

static void gmp_free(void *p, size_t n)
{
	(void)n;
	free(p);
}

/* Descriptors 0, 1 and 2 held from the start: one that was closed (cfx
 * 2>&-) would be the next file cfx opens, and a warning meant for stderr
 * would be written into it (issue 22: into progress.lock).  A closed one is
 * taken by /dev/null opened the wrong way round (stdin for writing,
 * stdout and stderr for reading), so that its reads and writes still fail
 * with EBADF as on a closed descriptor: a lost report is still said
 * (finish) and a lost message still makes status 2.  When even that
 * cannot be had, cfx ends at once with status 2, writing nothing. */
static void hold_std_fds(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		int got;
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		got = open("/dev/null", (fd ? O_RDONLY : O_WRONLY) | O_NOCTTY);
		if (got != fd) {
			if (got >= 0)
				close(got);
			_exit(CFX_EXIT_USAGE);
		}
	}
}

/* cfx help [TOPIC], cfx --help, cfx -h (argv[1] the word): the help asked
 * for, and its status (finish's); -1 when there is no such command, or
 * words after it: argv[1] is then "help", which the caller runs as the
 * session's help, to say which, as at the prompt (status 2). */
static int help(int argc, char **argv)
{
	/* outlives this call: argv[1] is set to it */
	static char help_word[] = "help";
	const char *topic = argc >= 3 ? argv[2] : NULL;
	const cmd_def *d = topic ? cli_find(topic) : NULL;
	char help_opt[] = "--help", *own[] = { argv[2], help_opt, NULL };

	if (!topic) {
		cli_overview(stdout);
		return finish(0, "help");
	}
	if (argc == 3 && d) {
		cli_help(d, stdout);
		return finish(0, "help");
	}
	/* the faces that are not rows of the command table */
	if (argc == 3 && !strcmp(topic, "learn"))
		return finish(learn_cli_main(2, own, &interrupted), "help");
	if (argc == 3 && !strcmp(topic, "dash"))
		return finish(dash_main(2, own, &interrupted), "help");
	if (argc == 3 && !strcmp(topic, "repl")) {
		repl_help(stdout);
		return finish(0, "help");
	}
	/* no such command, or words after it: the session's help
	 * says which, as at the prompt (status 2) */
	argv[1] = help_word;
	return -1;
}

/* The first word (argv[1]) when it names no command cfx runs here: an
 * option, an operand after --, a number, a face's name misspelt, a word
 * of a session; its one line said and the status; -1 when it may run
 * (help_error: it is the session's help, set by help()). */
static int refuse_first(char **argv, int ended, int help_error)
{
	if (argv[1][0] == '-' && !ended) {
		fprintf(stderr, "cfx: unknown option (%s); cfx --help lists the "
		        "commands and their options\n", argv[1]);
		return CFX_EXIT_USAGE;
	}
	/* after -- a word is an operand, as POSIX has it: cfx -- --version
	 * names a command, which no option is */
	if (argv[1][0] == '-' && !help_error && !number_word(argv[1])) {
		int own = !strcmp(argv[1], "--version") ||
		          !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h");
		fprintf(stderr, "cfx: %s: unknown command (after -- no word is an "
		        "option%s%s%s)\n", argv[1], own ? "; did you mean cfx " : "",
		        own ? argv[1] : "", own ? "?" : "");
		return finish(CFX_EXIT_USAGE, "cfx");
	}
	if (!help_error && number_word(argv[1])) {
		const char *q = strspn(argv[1], "0123456789abcdefABCDEFxX+-^._") ==
		                strlen(argv[1]) ? "" : "'";
		fprintf(stderr, "cfx: %s: unknown command; cfx dash %s%s%s%s opens "
		        "the dashboard on it (cfx --help lists the commands)\n",
		        argv[1], argv[1][0] == '-' ? "-- " : "", q, argv[1], q);
		return finish(CFX_EXIT_USAGE, "cfx");
	}
	if (!help_error && !cli_find(argv[1]) && !cli_nearest(argv[1]) &&
	    cli_nearest_name(argv[1], faces)) {
		fprintf(stderr, "cfx: %s: unknown command; did you mean %s?\n",
		        argv[1], cli_nearest_name(argv[1], faces));
		return finish(CFX_EXIT_USAGE, "cfx");
	}
	{
		const cmd_def *d = cli_find(argv[1]);
		if (d && (d->opts & OPT_SESSION) && !help_error) {
			fprintf(stderr, "cfx: %s: a word of a session: cfx repl, a "
			        "script (cfx < FILE), the dashboard's : line\n",
			        argv[1]);
			return CFX_EXIT_USAGE;
		}
	}
	return -1;
}

/* Ctrl-C while the command d (NULL: none) runs: a command that polls
 * stops cleanly on the first Ctrl-C (the second one kills); any other is
 * killed at once. */
static void sigint_for(const cmd_def *d)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = d && d->polls ? on_sigint : on_sigint_now;
	/* a command that does not poll says it was stopped as one that
	 * polls does ("spectrum" ended at 130 silently) */
	if (d) {
		snprintf(sigint_line, sizeof sigint_line,
		         "cfx: %s: interrupted\n", d->name);
		sigint_len = strlen(sigint_line);
	}
	sigaction(SIGINT, &sa, NULL);
}

int main(int argc, char **argv)
{
	cfx_session sess;
	cmd_ctx c;
	int rc, help_error = 0, ended;

	hold_std_fds();
	/* a bad $COLUMNS or $LINES ignored by every face alike (out.h) */
	out_env_sizes();
	/* under ulimit -v, the stack's megabyte now, or a clear refusal:
	 * never SIGSEGV later in a deep call (see mem.h) */
	{
		static cfx_err e;

		if (mem_stack_reserve(1u << 20, &e) < 0) {
			fprintf(stderr, "cfx: %s\n", e.msg);
			return CFX_EXIT_USAGE;
		}
	}
	/* GSL reports errors by return value, never by abort() */
	gsl_set_error_handler_off();
	/* SIGTERM, SIGHUP, SIGXFSZ: temporary files removed, the terminal
	 * restored, status 128 + signal, whatever the face */
	tty_have = isatty(STDIN_FILENO) &&
	           tcgetattr(STDIN_FILENO, &tty_saved) == 0;
	proc_on_fatal(tty_restore);
	proc_fatal_signals();
	xalloc_on_fail(proc_exit);
	/* the tests' switch: the screens' cuts off, every cell walked
	 * (tests/search/screen_cuts.sh; the core reads no environment) */
	{
		const char *v = getenv("CFX_TEST_NO_CUTS");
		if (v && *v && strcmp(v, "0"))
			lattice_cuts_set(0);
	}
	mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
	expr_stop_flag(&interrupted);
	if ((argc = take_global(argc, argv)) < 0)
		return finish(2, "cfx");
	argc = move_shared_options(argc, argv, &ended);
	if (argc >= 2 && !ended && !strcmp(argv[1], "--version")) {
		printf("cfx %s\n", CFX_VERSION);
		return finish(0, "--version");
	}
	if (argc >= 2 && !strcmp(argv[1], "repl")) {
		sigint_stops();
		return finish(learn_cli_repl_main(argc - 1, argv + 1, &interrupted),
		              "repl");
	}
	/* a script on stdin takes the shared options too: echo 'cf 5' | cfx
	 * --json (on a terminal they are the dashboard's) */
	if ((!ended && script_option(argc, argv)) ||
	    (!isatty(STDIN_FILENO) && only_shared_options(argc, argv))) {
		sigint_stops();
		return finish(learn_cli_repl_main(argc, argv, &interrupted), "repl");
	}
	/* options with no command after them are the dashboard's */
	if (argc == 1 || shared_word(argv[0], argv[1]) || (!ended &&
	    (!strcmp(argv[1], "--learn") || !strncmp(argv[1], "--learn=", 8))))
		return finish(dash_main(argc, argv, &interrupted), "dash");
	if (!strcmp(argv[1], "dash"))
		return finish(dash_main(argc - 1, argv + 1, &interrupted), "dash");
	if (!strcmp(argv[1], "learn"))
		return finish(learn_cli_main(argc - 1, argv + 1, &interrupted),
		              "learn");
	if ((!ended && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
	    || !strcmp(argv[1], "help")) {
		if ((rc = help(argc, argv)) >= 0)
			return rc;
		help_error = 1;
	}
	if ((rc = refuse_first(argv, ended, help_error)) >= 0)
		return rc;
	cli_session_init(&sess);
	memset(&c, 0, sizeof c);
	c.out = stdout;
	c.sess = &sess;
	c.stop = &interrupted;
	c.progress = out_progress_on(isatty(STDERR_FILENO));
	c.stdin_data = 1;
	sigint_for(cli_find(argv[1]));
	rc = cli_run(&c, argc - 1, argv + 1);
	if (rc == CFX_EXIT_USAGE)
		cli_print_error(&c, stderr);
	/* stopped by Ctrl-C: 130 as a shell has it, but search, which shows
	 * what it found and says so with 1 */
	if (interrupted && rc != CFX_EXIT_OK && c.err.code == CFX_EINTR)
		rc = 128 + SIGINT;
	free(c.used_expr);
	cli_session_free(&sess);
	return finish(rc, argv[1]);
}
