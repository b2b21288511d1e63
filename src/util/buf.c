/* buf.c - a growable string (see buf.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/xalloc.h"

/* Room for n more bytes and the NUL. */
static void room(struct buf *b, size_t n)
{
	XGROW(b->s, b->cap, b->len + n + 1, "text buffer");
}

void buf_add(struct buf *b, const char *s, size_t n)
{
	room(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_putc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	room(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *buf_str(const struct buf *b)
{
	return b->s ? b->s : "";
}

char *buf_take(struct buf *b)
{
	char *s = b->s ? b->s : xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void buf_clear(struct buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

void buf_free(struct buf *b)
{
	if (!b)
		return;
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
