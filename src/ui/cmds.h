/* cmds.h - run functions of the commands in the table (cli.c). */
#ifndef CFX_UI_CMDS_H
#define CFX_UI_CMDS_H

#include "cli.h"

int cmd_cf(cmd_ctx *c, cli_args *a);
int cmd_naf(cmd_ctx *c, cli_args *a);
int cmd_shifts(cmd_ctx *c, cli_args *a);
int cmd_spectrum(cmd_ctx *c, cli_args *a);
int cmd_score(cmd_ctx *c, cli_args *a);
int cmd_sweep(cmd_ctx *c, cli_args *a);
int cmd_verify(cmd_ctx *c, cli_args *a);

#endif
