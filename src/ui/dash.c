/* dash.c - the live dashboard (to be written: issue 3). */
#include <stdio.h>

#include "dash.h"
#include "repl.h"

int dash_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	(void)argc;
	(void)argv;
	/* until the dashboard exists, a terminal gets the REPL */
	return repl_main(1, (char *[]){ "repl", NULL }, stop);
}
