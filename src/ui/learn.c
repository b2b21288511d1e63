/* learn.c - guided lessons (to be written: issue 5). */
#include <stdio.h>

#include "cli.h"
#include "learn.h"

int learn_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	(void)argc;
	(void)argv;
	(void)stop;
	fprintf(stderr, "cfx: learn: no lessons yet\n");
	return CFX_EXIT_USAGE;
}
