/*
 * cli_help.h - the help's text (cli_help.c), given what cli.c holds: the
 * command table and the option rows a command takes.  Only cli.c calls
 * these; every face calls cli.h's cli_help, cli_overview and
 * cli_session_help.
 */
#ifndef CFX_CLI_HELP_H
#define CFX_CLI_HELP_H

#include <stddef.h>
#include <stdio.h>

#include "cli/cli.h"

struct setting;

/* d's --help, its options rows[0..nrows) in the table's order. */
void cli_help_command(const cmd_def *d, const struct setting *const *rows,
                      size_t nrows, FILE *f);
/* The overview, and the session words a line each, of the commands of
 * table (ended by a row with no name). */
void cli_help_overview(const cmd_def *table, FILE *f);
void cli_help_session(const cmd_def *table, FILE *f);

#endif
