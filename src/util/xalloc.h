/*
 * xalloc.h - allocation that cannot fail.
 *
 * The policy, in one place: cfx never tries to recover from an allocation
 * that fails.  Every allocation goes through these wrappers, which on
 * failure print "cfx: out of memory allocating N bytes (what)" on stderr
 * and abort().  Allocations whose size comes from the user (tables, key
 * sets) are bounded before they reach here, with an error value the front
 * end reports; what reaches here and fails is a machine out of memory.
 * `what` names the object for that message (a short noun, not NULL).
 */
#ifndef CFX_UTIL_XALLOC_H
#define CFX_UTIL_XALLOC_H

#include <stddef.h>

/* Say that n bytes of what could not be allocated, and abort(): for
 * allocators these wrappers do not cover (open_memstream, asprintf). */
void xalloc_fail(size_t n, const char *what) __attribute__((noreturn));

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

#endif
