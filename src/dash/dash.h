/* dash.h - the live dashboard: `cfx` on a terminal, `cfx dash [EXPR]`. */
#ifndef CFX_UI_DASH_H
#define CFX_UI_DASH_H

#include <signal.h>

/* Run the dashboard; options and an optional EXPR are in argv[1..]
 * (argv[0] is "cfx" or "dash").  Returns an exit status. */
int dash_main(int argc, char **argv, volatile sig_atomic_t *stop);

#endif
