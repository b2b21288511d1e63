/*
 * jit.h - C compiled at run time and loaded (prefix jit_).
 *
 * `cfx bench` times code written for one constant: the text is compiled by
 * the system's C compiler ($CC, words split as a shell splits them) into a
 * shared object in a private temporary directory (proc.h: under $TMPDIR,
 * no shell, a time limit, removed on fatal signals), loaded with dlopen
 * (and disassembled when asked), and the directory is removed at once:
 * nothing stays on disk while the code runs.
 */
#ifndef CFX_JIT_H
#define CFX_JIT_H

#include <signal.h>
#include <stddef.h>

#include "cfx/err.h"

#define JIT_CC_LIMIT 120.0     /* seconds a compilation may take */

typedef struct jit_lib {
	void *handle;          /* dlopen's, NULL when closed */
	char cc[CFX_ERR_PATH + 64];  /* the compiler used ($CC as written) */
} jit_lib;

/* Compile source with `$CC -std=c11 -O2 -fPIC -shared` plus flags (may be
 * NULL: none; words separated by spaces) and load it; stop (may be NULL)
 * interrupts the compiler.  Returns 0, or -1 with err: no compiler
 * (CFX_EUSAGE), interrupted (CFX_EINTR), the compiler failed (CFX_EIO,
 * naming it, with how it ended and its first error line) or the object
 * cannot be loaded. */
int jit_build(jit_lib *lib, const char *source, const char *flags,
              const volatile sig_atomic_t *stop, cfx_err *err);

/* jit_build, and when listing is not NULL the object's disassembly
 * (`objdump -d --no-show-raw-insn`, objdump found on PATH), taken before
 * the directory goes, into *listing (malloc'd; NULL without objdump or
 * when it fails: the build stands). */
int jit_build_listed(jit_lib *lib, const char *source, const char *flags,
                     const volatile sig_atomic_t *stop, char **listing,
                     cfx_err *err);

/* The address of a symbol of the library, or NULL. */
void *jit_symbol(const jit_lib *lib, const char *name);

/* Every name of names (NULL-terminated) into fns, or -1 with err naming
 * the first the library lacks (a compiler that mangles names: CC=g++). */
int jit_symbols(const jit_lib *lib, const char *const *names, void **fns,
                cfx_err *err);

/* Unload.  No operation on a closed library. */
void jit_close(jit_lib *lib);

/* The compiler's first line of `--version` ("cc (Debian 12.2.0-14) 12.2.0"),
 * into buf; "" if it says nothing. */
void jit_compiler_version(char *buf, size_t n);

#endif
