/*
 * ccheck.h - compile emitted C and test it against multiplication.
 *
 * The shift/add function cfx emits is only trustworthy once a real
 * compiler has accepted it with warnings as errors and the compiled code
 * agrees with x * p on many inputs.  ccheck_start writes the function, a
 * reference (x * p written as a multiply) and a test harness to a private
 * temporary directory (proc.h) and starts the compiler on the function
 * and the harness in the background (so it overlaps other work).  When
 * that builds, runs and every product agrees, the check passed: one
 * compile.  Otherwise ccheck_finish builds and runs the harness with the
 * reference alone: when that cannot be done (no compiler, CC=false, a
 * C++ compiler, /tmp mounted noexec, too few file descriptors, more than
 * CCHECK_LIMIT seconds of processor time, or as long using none) the
 * check did not run (ran = 0, msg says why in one line) and is no verdict
 * on the constant.  Only then is the emitted
 * function's own failure to compile (its first error line) or a product
 * that differs (the smallest input) a failure.
 */
#ifndef CFX_UI_CCHECK_H
#define CFX_UI_CCHECK_H

#include <signal.h>
#include <stdint.h>

#include "cfx/proc.h"

#define CCHECK_INPUTS (1UL << 20)   /* random inputs, plus edge cases */
#define CCHECK_ALL_BITS 24          /* words this small: every input */
#define CCHECK_LIMIT 10.0           /* processor seconds a step may take */

typedef struct ccheck_state {
	proc_tmp tmp;              /* the temporary directory */
	proc_job ref, emitted;     /* the two compilations */
	char **cc;                 /* the compiler's words */
	const volatile sig_atomic_t *stop;
	unsigned bits;
	int ok;                    /* 1: compiled and all inputs agree */
	int ran;                   /* 0: the check could not run (msg says
	                            * why); 1: it ran, ok says how it went */
	unsigned long inputs;      /* inputs compared (distinct: all 2^bits of
	                            * a word of CCHECK_ALL_BITS or fewer) */
	unsigned long mismatches;
	char msg[CFX_ERR_LINE];    /* what happened, one line (paths named
	                            * whole) */
} ccheck_state;

/* Start compiling `code` (defining cfx_mul_shift_add for bits <= 64)
 * with a harness comparing it to x * p; stop (may be NULL) interrupts.
 * Returns 0 when the compiler was started, -1 when there is none or it
 * could not start (msg says). */
int ccheck_start(ccheck_state *c, const char *code, unsigned bits, uint64_t p,
                 const volatile sig_atomic_t *stop);

/* Wait for the compiler, run the harness, fill in the result, remove the
 * temporary files.  Returns c->ok. */
int ccheck_finish(ccheck_state *c);

#endif
