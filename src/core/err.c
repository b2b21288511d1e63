/* err.c - errors as values (see include/cfx/err.h). */
#include <stdio.h>
#include <string.h>

#include "cfx/err.h"

void cfx_err_clear(cfx_err *e)
{
	if (!e)
		return;
	e->code = CFX_OK;
	e->col = -1;
	e->arg = -1;
	e->token[0] = '\0';
	e->msg[0] = '\0';
}

static void vset(cfx_err *e, enum cfx_code code, int col, const char *token,
                 int len, const char *fmt, va_list ap)
{
	e->code = code;
	e->col = col;
	e->arg = -1;
	e->token[0] = '\0';
	if (token) {
		if (len < 0)
			len = (int)strlen(token);
		if (len >= (int)sizeof e->token) {
			/* keep the start and mark the cut */
			len = (int)sizeof e->token - 4;
			memcpy(e->token, token, (size_t)len);
			strcpy(e->token + len, "...");
		} else {
			memcpy(e->token, token, (size_t)len);
			e->token[len] = '\0';
		}
	}
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

int cfx_err_set(cfx_err *e, enum cfx_code code, int col, const char *token,
                const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, col, token, -1, fmt, ap);
	va_end(ap);
	return -1;
}

int cfx_err_setn(cfx_err *e, enum cfx_code code, int col, const char *token,
                 int len, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, col, token, len, fmt, ap);
	va_end(ap);
	return -1;
}
