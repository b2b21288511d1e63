/*
 * xalloc.h - allocation that cannot fail.
 *
 * The policy, in one place.  Memory is asked for in one of three ways,
 * by who chose the size:
 *
 *  1. cfx chose it, or it is small (a name, a line, a result, a list, a
 *     fixed table, a copy of what the user typed): these wrappers.  On
 *     failure they print "cfx: out of memory for WHAT (N bytes): ..." on
 *     stderr and end cfx through xalloc_on_fail's function (main's: the
 *     terminal restored, temporary files removed, status 2), else
 *     abort(); a caller never checks.  `what` names the object for that
 *     message (a short noun, not NULL).
 *  2. The user's numbers chose it (key sets, bucket tables of 2^b, a
 *     sweep's keys, a spectrum's points, a sort's scratch): bounded first
 *     (the limits of each command, mem_check's cap and the memory the
 *     machine has), then allocated with mem_big (cfx/mem.h, the system
 *     layer: huge pages for large arrays), whose NULL the caller turns
 *     into an error value (CFX_ELIMIT, "out of memory") that the front end
 *     reports.  A key set read from a file grows with realloc under the
 *     same rule (keysource.c), search's candidates with grow_try (below),
 *     and malloc:SIZE calls malloc because its addresses are the keys.
 *  3. Memory that only makes a computation faster (score's lanes and its
 *     per-thread tables): mem_big, and NULL means the slower way, with no
 *     error.
 *
 * So a bare malloc, calloc, realloc or strdup outside xalloc.c and mem.c
 * is a choice of case 2 or 3 and says so in a comment.
 */
#ifndef CFX_UTIL_XALLOC_H
#define CFX_UTIL_XALLOC_H

#include <stddef.h>

/* Say that n bytes of what could not be allocated, and end cfx (the
 * function xalloc_on_fail gave, else abort()): for allocators these
 * wrappers do not cover (open_memstream, asprintf). */
void xalloc_fail(size_t n, const char *what) __attribute__((noreturn));

/* What ends cfx when memory runs out: end(2), which must not return
 * (main's proc_exit: a process limit such as ulimit -v is an error of the
 * environment, status 2, not a crash).  Before any thread starts. */
void xalloc_on_fail(void (*end)(int status));

/* What runs before that message, once (NULL: nothing): the dashboard
 * leaves the screen it holds, so that the line lands on the shell's
 * screen, readable.  Any thread may call it; async-signal-safe calls
 * only (it may run in any thread while another draws). */
void xalloc_on_fail_first(void (*first)(void));

/* malloc(n), never NULL (n == 0 allocates one byte). */
void *xmalloc(size_t n, const char *what);

/* calloc(count, size), never NULL; count * size must not overflow. */
void *xcalloc(size_t count, size_t size, const char *what);

/* realloc(p, n), never NULL; p may be NULL. */
void *xrealloc(void *p, size_t n, const char *what);

/* strdup(s) and strndup(s, n), never NULL; s must not be NULL. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* asprintf into a fresh string, never NULL. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Growth of an array of elem-byte elements with capacity *cap: returns v,
 * reallocated to hold at least need elements (capacity doubled, at least
 * 16), and updates *cap.  No operation when need <= *cap.  The one place
 * an array grows; use XGROW.
 */
void *xgrow(void *v, size_t *cap, size_t need, size_t elem, const char *what);

/* XGROW(v, cap, need, what): make the array v (capacity cap, a size_t
 * lvalue) hold need elements. */
#define XGROW(v, cap, need, what) \
	((v) = xgrow((v), &(cap), (need), sizeof *(v), (what)))

/*
 * Growth of case 2 (the user's numbers chose how far it grows: search's
 * candidates): as xgrow, but a failure returns NULL and leaves v and *cap
 * as they were, for the caller to turn into an error value.
 */
void *grow_try(void *v, size_t *cap, size_t need, size_t elem);

#endif
