/*
 * ccheck.h - compile emitted C and test it against multiplication.
 *
 * The shift/add function cfx emits is only trustworthy once a real
 * compiler has accepted it with warnings as errors and the compiled code
 * agrees with x * p on many inputs.  ccheck_start writes the function and a
 * test harness to a temporary directory and starts the compiler in the
 * background (so it overlaps other work); ccheck_finish waits, runs the
 * harness and reports.
 */
#ifndef CFX_UI_CCHECK_H
#define CFX_UI_CCHECK_H

#include <stdint.h>
#include <sys/types.h>

#define CCHECK_INPUTS (1UL << 20)   /* random inputs, plus edge cases */
#define CCHECK_ALL_BITS 24          /* words this small: every input */

typedef struct ccheck_state {
	pid_t pid;                 /* the compiler, while it runs */
	char dir[64];              /* temporary directory */
	unsigned bits;
	int ok;                    /* 1: compiled and all inputs agree */
	int ran;                   /* 0: no compiler; checked otherwise */
	unsigned long inputs;      /* inputs compared (distinct: all 2^bits of
	                            * a word of CCHECK_ALL_BITS or fewer) */
	unsigned long mismatches;
	char msg[256];             /* what happened, one line */
} ccheck_state;

/* Start compiling `code` (defining cfx_mul_shift_add for bits <= 64)
 * with a harness comparing it to x * p.  Returns 0 when the compiler was
 * started, -1 when there is none or it could not start (msg says). */
int ccheck_start(ccheck_state *c, const char *code, unsigned bits, uint64_t p);

/* Wait for the compiler, run the harness, fill in the result, remove the
 * temporary files.  Returns c->ok. */
int ccheck_finish(ccheck_state *c);

/* The C compiler to use ($CC or cc), or NULL if none is on PATH. */
const char *ccheck_compiler(void);

#endif
