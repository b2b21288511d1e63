/*
 * main.c - cfx's entry point: choose the face.
 *
 *   cfx COMMAND [options] [EXPR]   the command line
 *   cfx, cfx dash [EXPR]           the dashboard (on a terminal)
 *   cfx repl [-f FILE]             the REPL (script mode off a terminal)
 *   cfx learn [N]                  guided lessons
 *   cfx < FILE, cfx -f FILE        script mode
 *   cfx --version | --help         about cfx
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cli/cli.h"
#include "dash/dash.h"
#include "lesson/learn.h"
#include "repl/repl.h"

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

int main(int argc, char **argv)
{
	cfx_session sess;
	cmd_ctx c;
	int rc;

	/* GSL reports errors by return value, never by abort() */
	gsl_set_error_handler_off();
	if (argc >= 2 && !strcmp(argv[1], "--version")) {
		printf("cfx %s\n", CFX_VERSION);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "repl"))
		return repl_main(argc - 1, argv + 1, &interrupted);
	if ((argc >= 2 && (!strcmp(argv[1], "-f") ||
	                   !strcmp(argv[1], "--keep-going"))) ||
	    (argc == 1 && !isatty(STDIN_FILENO)))
		return repl_main(argc, argv, &interrupted);
	if (argc == 1 || !strcmp(argv[1], "--ascii") || !strcmp(argv[1], "--learn"))
		return dash_main(argc, argv, &interrupted);
	if (!strcmp(argv[1], "dash"))
		return dash_main(argc - 1, argv + 1, &interrupted);
	if (!strcmp(argv[1], "learn"))
		return learn_main(argc - 1, argv + 1, &interrupted);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		const cmd_def *d = argc >= 3 ? cli_find(argv[2]) : NULL;
		if (d)
			cli_help(d, stdout);
		else
			cli_overview(stdout);
		return 0;
	}
	session_init(&sess);
	memset(&c, 0, sizeof c);
	c.out = stdout;
	c.sess = &sess;
	c.stop = &interrupted;
	c.progress = isatty(STDERR_FILENO);
	{
		/* a command that polls stops cleanly on the first Ctrl-C (the
		 * second one kills); any other is killed at once */
		const cmd_def *d = cli_find(argv[1]);
		if (d && d->polls) {
			struct sigaction sa;
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = on_sigint;
			sa.sa_flags = SA_RESETHAND;
			sigaction(SIGINT, &sa, NULL);
		}
	}
	rc = cli_run(&c, argc - 1, argv + 1);
	if (rc == CFX_EXIT_USAGE)
		cli_print_error(&c, stderr);
	free(c.used_expr);
	session_free(&sess);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "cfx: %s: cannot write output\n", argv[1]);
		return CFX_EXIT_USAGE;
	}
	return rc;
}
