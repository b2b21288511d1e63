/* cmds.h - run functions of the commands in the table (cli.c): cmd_X in
 * cmd_X.c; a second command of a file is cmd_X_Y (cmd_naf_shifts). */
#ifndef CFX_UI_CMDS_H
#define CFX_UI_CMDS_H

#include "cfx/score.h"
#include "cli/cli.h"

/* The JSON of a score as `cfx score --json` prints it (also kept by the
 * dashboard as the session's score result). */
json_t *cmd_score_json(const char *hex, unsigned bits, unsigned b,
                   const char *family, size_t made, const score_result *r,
                   int even);

int cmd_cf(cmd_ctx *c, cli_args *a);
int cmd_naf(cmd_ctx *c, cli_args *a);
int cmd_naf_shifts(cmd_ctx *c, cli_args *a);
int cmd_spectrum(cmd_ctx *c, cli_args *a);
int cmd_score(cmd_ctx *c, cli_args *a);
int cmd_score_sweep(cmd_ctx *c, cli_args *a);
int cmd_verify(cmd_ctx *c, cli_args *a);
int cmd_stats(cmd_ctx *c, cli_args *a);
int cmd_bench(cmd_ctx *c, cli_args *a);
int cmd_search(cmd_ctx *c, cli_args *a);
int cmd_review(cmd_ctx *c, cli_args *a);

/* The session words (cmd_session.c). */
int cmd_session_help(cmd_ctx *c, cli_args *a);
int cmd_session_set(cmd_ctx *c, cli_args *a);
int cmd_session_show(cmd_ctx *c, cli_args *a);
int cmd_session_let(cmd_ctx *c, cli_args *a);
int cmd_session_quit(cmd_ctx *c, cli_args *a);

#endif
