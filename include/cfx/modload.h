/*
 * modload.h - the lattice module, loaded on first use (prefix modload_).
 *
 * FLINT, which cfx uses only for lattice reduction (lattice.c's LLL),
 * brings NTL, gf2x and libstdc++ with it: linked into cfx it was most of
 * every command's start-up (6.7 ms against 1.95 for a program linking
 * nothing, 3.7 for all of cfx's other libraries).  So the reduction is a
 * small shared module, cfx-lattice.so (src/core/lattice_lll.c, the only
 * file that includes FLINT), which cfx opens with dlopen the first time a
 * lattice is reduced.  It is looked for relative to the running
 * executable (/proc/self/exe), in this order:
 *     ../lib/cfx/cfx-lattice.so    installed: PREFIX/bin/cfx
 *     build/cfx-lattice.so         ./cfx in the source tree
 *     cfx-lattice.so               build/calibrate, build/mcm5
 *     ../cfx-lattice.so            build/tests/, build/bench/ programs
 * A module that cannot be found or opened, or was built for another
 * layout of modload_lll, ends cfx with one line on stderr and status 2
 * (after the face's terminal hook and proc's cleanup, as a fatal signal
 * does): an installation fault, not something a command can work around.
 */
#ifndef CFX_MODLOAD_H
#define CFX_MODLOAD_H

#include <stdint.h>

#define MODLOAD_LLL_MAX 5          /* rows and columns of a basis */
#define MODLOAD_LLL_ABI 0x434c4c01 /* changes with modload_lll's layout */

/* One reduction: the d x d basis with entry (i, j) in[i][j] * 2^sh[i][j],
 * reduced by FLINT's LLL (fmpz_lll_d, delta 0.99, eta 0.51; fmpz_lll when
 * that gives up); entry (j, i) of the reduced basis floor-divided by
 * 2^down[i] is written as fmpz_get_d gives it to outd[j][i] and as
 * fmpz_get_si gives it to outi[j][i]; fits is 0 when some entry of outi
 * did not fit in 64 bits (then truncated), else 1. */
typedef struct modload_lll {
	unsigned d;
	uint64_t in[MODLOAD_LLL_MAX][MODLOAD_LLL_MAX];
	unsigned sh[MODLOAD_LLL_MAX][MODLOAD_LLL_MAX];
	unsigned down[MODLOAD_LLL_MAX];
	double outd[MODLOAD_LLL_MAX][MODLOAD_LLL_MAX];
	int64_t outi[MODLOAD_LLL_MAX][MODLOAD_LLL_MAX];
	int fits;
} modload_lll;

/* The module's entry points (lattice_lll.c defines them). */
void cfx_lattice_lll(modload_lll *job);
void cfx_lattice_thread_end(void);
extern const unsigned cfx_lattice_abi;

/* Reduce job by the module, loading it first if needed (thread safe). */
void modload_lattice_lll(modload_lll *job);

/* The module's per-thread cleanup (FLINT's fmpz cache) when it is
 * loaded; no operation when not (pool_thread_end calls it). */
void modload_thread_end(void);

#endif
