/*
 * jit.h - C compiled at run time and loaded (prefix jit_).
 *
 * `cfx bench` times code written for one constant: the text is compiled by
 * the system's C compiler into a shared object in a temporary directory
 * and loaded with dlopen; the directory is removed when the library is
 * closed.
 */
#ifndef CFX_JIT_H
#define CFX_JIT_H

#include "cfx/err.h"

typedef struct jit_lib {
	void *handle;          /* dlopen's, NULL when closed */
	char dir[64];          /* the temporary directory, "" when none */
	char cc[256];          /* the compiler used */
} jit_lib;

/* The C compiler to use: $CC if set (a name looked up on PATH, or a path),
 * else cc on PATH; NULL if there is none.  Static storage. */
const char *jit_compiler(void);

/* Compile source with `compiler -std=c11 -O2 -fPIC -shared` plus flags
 * (may be NULL: none; words separated by spaces) and load it.  Returns 0,
 * or -1 with err: no compiler (CFX_EUSAGE), the compiler failed (CFX_EIO,
 * its first error line in the message) or the object cannot be loaded. */
int jit_build(jit_lib *lib, const char *source, const char *flags,
              cfx_err *err);

/* The address of a symbol of the library, or NULL. */
void *jit_symbol(const jit_lib *lib, const char *name);

/* Unload and remove the files.  No operation on a closed library. */
void jit_close(jit_lib *lib);

/* The compiler's first line of `--version` ("cc (Debian 12.2.0-14) 12.2.0"),
 * into buf; "" if it says nothing. */
void jit_compiler_version(const char *compiler, char *buf, size_t n);

#endif
