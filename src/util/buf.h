/*
 * buf.h - a growable string.
 *
 * A buf starts as `struct buf b = { 0 };`, grows as text is appended (xalloc.h's
 * policy on failure) and is always NUL-terminated once anything has been
 * appended.  b.s may be taken over by the caller (then do not buf_free).
 */
#ifndef CFX_UTIL_BUF_H
#define CFX_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *s;        /* the text, NULL until something is appended */
	size_t len;     /* bytes before the NUL */
	size_t cap;     /* bytes allocated */
};

/* Append the n bytes at s (they need not end in NUL). */
void buf_add(struct buf *b, const char *s, size_t n);

/* Append the string s. */
void buf_puts(struct buf *b, const char *s);

/* Append the byte c. */
void buf_putc(struct buf *b, char c);

/* Append printf-style text. */
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_vprintf(struct buf *b, const char *fmt, va_list ap);

/* The text so far, "" (never NULL) when nothing was appended. */
const char *buf_str(const struct buf *b);

/* The text, malloc'd (never NULL), and b emptied: the caller frees it. */
char *buf_take(struct buf *b);

/* Forget the text, keeping the memory. */
void buf_clear(struct buf *b);

/* Release the memory; b is empty and reusable.  No operation on NULL. */
void buf_free(struct buf *b);

#endif
