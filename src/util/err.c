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
 * if the bytes there are not one (text_utf8 decides); *cp its code. */
static int utf8_char(const char *s, int len, long *cp)
{
	size_t n = text_utf8(s, (size_t)len, cp);

	return *cp >= 0x80 ? (int)n : 0;
}

/* A character that is valid UTF-8 but not shown as itself: it would
 * move, hide or break the line around it (the C1 controls, the bidi
 * embeddings, overrides and isolates that reorder what a terminal shows,
 * zero-width characters, the line and paragraph separators, the byte
 * order mark, the interlinear annotations and the tag characters that
 * can smuggle text past a reader). */
static int invisible(long cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0xad || cp == 0x61c ||
	       (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff ||
	       (cp >= 0xfff9 && cp <= 0xfffb) ||
	       (cp >= 0xe0000 && cp <= 0xe007f);
}

void cfx_escape(char *dst, size_t size, const char *s, int len)
{
	/* one line always: control characters and bytes that are not
	 * UTF-8 are escaped (\n, \xNN), characters that would reorder or
	 * hide the text as \u{XXXX}, an empty token shows as '' and a long
	 * one is cut with "..." */
	size_t k = 0, cap = size - 4;
	long cp;
	int i, n;

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
		} else if (c >= 0x80 && (n = utf8_char(s + i, len - i, &cp)) > 0) {
			const char *out = s + i;
			size_t m = (size_t)n;
			char u[16];
			if (invisible(cp)) {
				m = (size_t)snprintf(u, sizeof u, "\\u{%lx}", cp);
				out = u;
			}
			if (k + m > cap)
				break;
			memcpy(dst + k, out, m);
			k += m;
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

void cfx_err_retoken(cfx_err *e, const char *token)
{
	/* Ctrl-C is no fault of a token: none is named or underlined (the
	 * REPL put a caret under --count beside "interrupted") */
	if (!e || e->code == CFX_EINTR)
		return;
	e->token[0] = '\0';
	if (token)
		cfx_escape(e->token, CFX_ERR_CUT, token, -1);
}

int cfx_err_at_line(cfx_err *e, const char *path, unsigned long line)
{
	char msg[sizeof e->msg], shown[CFX_ERR_SHOWN];

	if (!e)
		return -1;
	memcpy(msg, e->msg, sizeof msg);
	snprintf(e->msg, sizeof e->msg, "%s:%lu: %s",
	         cfx_err_shown(shown, path), line, msg);
	return -1;
}

/* A character a number or a name is written with: the bad token of a
 * line of a user's file goes on over these (cfx_err_word). */
static int word_char(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '+' ||
	       c == '-';
}

void cfx_err_word(char *dst, const char *s, int len)
{
	size_t n = len < 0 ? strlen(s) : (size_t)len, k = 0;

	while (k < n && k < CFX_ERR_WORD && word_char((unsigned char)s[k]))
		k++;
	if (k == 0 && n > 0)    /* another byte: it alone (\xNN beyond ASCII) */
		k = 1;
	cfx_escape(dst, CFX_ERR_WORD_SHOWN, s, (int)k);
	if (k < n)              /* the token goes on: said, not shown */
		strcat(dst, "...");
}

int cfx_err_set_word(cfx_err *e, enum cfx_code code, const char *s, int len,
                     const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	vset(e, code, -1, NULL, -1, 0, fmt, ap);
	va_end(ap);
	if (s)
		cfx_err_word(e->token, s, len);
	return -1;
}
