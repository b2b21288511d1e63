/* xalloc.c - allocation that cannot fail (see xalloc.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static void (*fail_end)(int status);
static void (*fail_first)(void);    /* set and read atomically: a face
                                     * sets it, any thread may fail */

void xalloc_on_fail(void (*end)(int status))
{
	fail_end = end;
}

void xalloc_on_fail_first(void (*first)(void))
{
	__atomic_store_n(&fail_first, first, __ATOMIC_SEQ_CST);
}

void xalloc_fail(size_t n, const char *what)
{
	void (*first)(void) = __atomic_exchange_n(&fail_first, NULL,
	                                          __ATOMIC_SEQ_CST);

	if (first)
		first();
	if (n >= (size_t)1 << 20)
		fprintf(stderr, "cfx: out of memory for %s (%zu MiB): the "
		        "process's limit (ulimit -v) or the machine's memory\n",
		        what ? what : "?", n >> 20);
	else
		fprintf(stderr, "cfx: out of memory for %s (%zu bytes): the "
		        "process's limit (ulimit -v) or the machine's memory\n",
		        what ? what : "?", n);
	if (fail_end)
		fail_end(2);
	abort();
}

void *xmalloc(size_t n, const char *what)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		xalloc_fail(n, what);
	return p;
}

void *xcalloc(size_t count, size_t size, const char *what)
{
	void *p;

	if (size && count > SIZE_MAX / size)
		xalloc_fail(SIZE_MAX, what);
	if (!(p = calloc(count ? count : 1, size ? size : 1)))
		xalloc_fail(count * size, what);
	return p;
}

void *xrealloc(void *p, size_t n, const char *what)
{
	if (!(p = realloc(p, n ? n : 1)))
		xalloc_fail(n, what);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p;

	n = strnlen(s, n);
	p = xmalloc(n + 1, "string");
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		xalloc_fail(strlen(fmt), "formatted string");
	return s;
}

void *xgrow(void *v, size_t *cap, size_t need, size_t elem, const char *what)
{
	void *n = grow_try(v, cap, need, elem);

	if (!n)
		xalloc_fail(need > SIZE_MAX / elem ? SIZE_MAX : need * elem, what);
	return n;
}

void *grow_try(void *v, size_t *cap, size_t need, size_t elem)
{
	size_t c = *cap ? *cap : 16;
	void *n;

	if (need <= *cap && v)
		return v;
	while (c < need) {
		if (c > SIZE_MAX / 2 / elem)
			return NULL;
		c *= 2;
	}
	if (c > SIZE_MAX / elem)
		return NULL;
	/* case 2 of the policy in xalloc.h: the caller reports it */
	if (!(n = realloc(v, c * elem)))
		return NULL;
	*cap = c;
	return n;
}
