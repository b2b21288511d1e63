/* err.c - errors as values (see include/cfx/err.h). */
#include <stdio.h>
#include <string.h>

#include "cfx/err.h"
#include "util/text.h"

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

/* The bytes of the character beyond ASCII at s (at most len bytes), or 0
 * if the bytes there are not one (text_utf8 decides). */
static int utf8_char(const char *s, int len)
{
	long cp;
	size_t n = text_utf8(s, (size_t)len, &cp);

	return cp >= 0x80 ? (int)n : 0;
}

void cfx_escape(char *dst, size_t size, const char *s, int len)
{
	/* one line always: control characters and bytes that are not
	 * UTF-8 are escaped, an empty token shows as '' and a long one
	 * is cut with "..." */
	size_t k = 0, cap = size - 4;
	int i;

	if (len < 0)
		len = (int)strlen(s);
	if (len == 0) {
		strcpy(dst, "''");
		return;
	}
	for (i = 0; i < len && k < cap; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n' || c == '\t' || c == '\r') {
			dst[k++] = '\\';
			dst[k++] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		} else if (c >= 0x80 && utf8_char(s + i, len - i) > 0) {
			int n = utf8_char(s + i, len - i);
			if (k + (size_t)n > cap)
				break;
			memcpy(dst + k, s + i, (size_t)n);
			k += (size_t)n;
			i += n - 1;
		} else if (c < 0x20 || c >= 0x7f) {
			k += (size_t)snprintf(dst + k, size - k, "\\x%02x", c);
		} else {
			dst[k++] = (char)c;
		}
	}
	if (i < len)
		strcpy(dst + (k < cap ? k : cap), "...");
	else
		dst[k] = '\0';
}

/* Set e; the token shown in up to cut bytes (a path: all of e->token). */
static void vset(cfx_err *e, enum cfx_code code, int col, const char *token,
                 int len, size_t cut, const char *fmt, va_list ap)
{
	e->code = code;
	e->col = col;
	e->arg = -1;
	e->token[0] = '\0';
	if (token)
		cfx_escape(e->token, cut, token, len);
	vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

int cfx_err_set(cfx_err *e, enum cfx_code code, int col, const char *token,
                const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, col, token, -1, CFX_ERR_CUT, fmt, ap);
	va_end(ap);
	return -1;
}

/* Where the message repeats a long stretch of the token's path (the
 * path itself, a directory above it, the level at fault), that stretch
 * is cut to its head and tail: the token shows the path whole once, and
 * a path of thousands of bytes is not printed twice. */
#define PATH_REPEAT 96     /* stretches longer than this are cut */
#define PATH_HEAD 40
#define PATH_TAIL 24

static void cut_repeats(char *msg, const char *tok)
{
	size_t i = 0, k, n = strlen(tok);

	if (n <= PATH_REPEAT)
		return;
	while (msg[i]) {
		for (k = 0; msg[i + k] && k < n && msg[i + k] == tok[k]; k++)
			;
		/* a stretch that goes on as a longer path ("DIR/file" when the
		 * token is DIR) says more than the token: kept whole */
		if (k > PATH_REPEAT && msg[i + k] != '/' &&
		    (k == n || tok[k] == '/')) {
			memmove(msg + i + PATH_HEAD + 3, msg + i + k - PATH_TAIL,
			        strlen(msg + i + k - PATH_TAIL) + 1);
			memcpy(msg + i + PATH_HEAD, "...", 3);
			i += PATH_HEAD + 3 + PATH_TAIL;
		} else {
			i++;
		}
	}
}

int cfx_err_set_path(cfx_err *e, enum cfx_code code, const char *path,
                     const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, -1, path, -1, sizeof e->token, fmt, ap);
	va_end(ap);
	cut_repeats(e->msg, e->token);
	return -1;
}

int cfx_err_setn(cfx_err *e, enum cfx_code code, int col, const char *token,
                 int len, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, col, token, len, CFX_ERR_CUT, fmt, ap);
	va_end(ap);
	return -1;
}

const char *cfx_err_shown(char *dst, const char *path)
{
	cfx_escape(dst, CFX_ERR_SHOWN, path, -1);
	return dst;
}

/* Replace e's token, shown in up to cut bytes; the rest stays. */
static void retoken(cfx_err *e, const char *token, size_t cut)
{
	/* Ctrl-C is no fault of a token: none is named or underlined (the
	 * REPL put a caret under --count beside "interrupted") */
	if (!e || e->code == CFX_EINTR)
		return;
	e->token[0] = '\0';
	if (token)
		cfx_escape(e->token, cut, token, -1);
}

void cfx_err_retoken(cfx_err *e, const char *token)
{
	retoken(e, token, CFX_ERR_CUT);
}

void cfx_err_retoken_path(cfx_err *e, const char *path)
{
	retoken(e, path, sizeof e->token);
}

int cfx_err_at_line(cfx_err *e, const char *path, unsigned long line)
{
	char msg[sizeof e->msg], shown[CFX_ERR_SHOWN];

	if (!e)
		return -1;
	memcpy(msg, e->msg, sizeof msg);
	snprintf(e->msg, sizeof e->msg, "%s, line %lu: %s",
	         cfx_err_shown(shown, path), line, msg);
	return -1;
}
