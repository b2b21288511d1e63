/* learn.h - guided lessons: `cfx learn`, and `learn` in the REPL. */
#ifndef CFX_UI_LEARN_H
#define CFX_UI_LEARN_H

#include <signal.h>

/* `cfx learn [N|NAME] [--check FILE] [--selftest]`; argv[0] is "learn". */
int learn_main(int argc, char **argv, volatile sig_atomic_t *stop);

#endif
