/* text.c - measuring, filling and splitting UTF-8 text (see text.h). */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "util/text.h"
#include "util/xalloc.h"

size_t text_utf8(const char *str, size_t n, long *c)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len, i;
	long v;

	assert(n >= 1);
	if (s[0] < 0x80)
		return *c = s[0], 1;
	if (s[0] >= 0xc2 && s[0] < 0xe0)
		len = 2, v = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] < 0xf0)
		len = 3, v = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] < 0xf5)
		len = 4, v = s[0] & 0x07;
	else
		return *c = -1, 1;
	if (len > n)
		return *c = -1, 1;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return *c = -1, 1;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* no overlong forms, surrogates or code points beyond U+10FFFF */
	if ((len == 3 && v < 0x800) || (len == 4 && v < 0x10000) ||
	    (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
		return *c = -1, 1;
	return *c = v, len;
}

/* Columns of the code point c (-1: an undecodable byte). */
static size_t cols(long c)
{
	int w = c < 0 ? -1 : wcwidth((wchar_t)c);

	return w < 0 ? 1 : (size_t)w;
}

size_t text_width(const char *s, size_t n)
{
	size_t i = 0, w = 0;

	while (i < n) {
		long c;
		i += text_utf8(s + i, n - i, &c);
		w += cols(c);
	}
	return w;
}

size_t text_cut(const char *s, size_t room)
{
	size_t i = 0, w = 0, n = strlen(s);

	while (i < n) {
		long c;
		size_t len = text_utf8(s + i, n - i, &c), cw = cols(c);
		if (w + cw > room)
			break;
		w += cw;
		i += len;
	}
	return i;
}

size_t text_ops_after(const char *p, int cross)
{
	size_t w = 0;

	for (;;) {
		size_t n;

		p += strspn(p, " ");
		if (cross && *p == '\n' && p[1] && p[1] != '\n' && p[1] != ' ')
			p++;
		n = strspn(p, "+-*/%^=<>&|~");
		if (n == 0 || n > 3 || (p[n] && p[n] != ' ' && p[n] != '\n'))
			return w;
		w += 1 + n;
		p += n;
	}
}

/* Whether the n bytes at p read as a path: a '/' and a letter no number
 * has (a fraction p/q of digits or hex is not one). */
static int text_is_path(const char *p, size_t n)
{
	size_t i;
	int slash = 0, word = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		slash |= c == '/';
		word |= (isalpha(c) && !isxdigit(c) && c != 'x' && c != 'X') ||
		        c == '_' || c == '~';
	}
	return slash && word;
}

void text_fill(struct buf *b, const char *text, int width, const char *first,
               const char *rest, const char *sep)
{
	size_t seplen = strlen(sep), col, indent = text_width(rest, strlen(rest));
	const char *p = text;
	int any = 0;

	buf_puts(b, first);
	col = text_width(first, strlen(first));
	while (*p == ' ')
		p++;
	while (*p) {
		/* the next piece runs to just after the next separator, less
		 * its trailing blanks */
		const char *q = strstr(p, sep);
		size_t len = q ? (size_t)(q - p) + seplen : strlen(p), show = len, w;

		while (show > 0 && p[show - 1] == ' ')
			show--;
		w = text_width(p, show);
		if (indent + w > (size_t)width && (size_t)width > indent &&
		    !text_is_path(p, show)) {
			/* wider than any line: cut where each line ends, from
			 * the current one on (as Python's textwrap breaks a long
			 * word), so that nothing passes width.  Not a path (a
			 * piece with a '/'): cut, it could not be copied; whole
			 * on a line of its own, the terminal wraps it */
			size_t at = 0;
			if (any && col + 1 < (size_t)width) {
				buf_putc(b, ' ');
				col++;
			} else if (any || col >= (size_t)width) {
				buf_putc(b, '\n');
				buf_puts(b, rest);
				col = indent;
			}
			while (at < show) {
				size_t k;
				if (col >= (size_t)width) {
					buf_putc(b, '\n');
					buf_puts(b, rest);
					col = indent;
				}
				k = text_cut(p + at, (size_t)width - col);
				if (k == 0)
					k = 1;
				if (k > show - at)
					k = show - at;
				buf_add(b, p + at, k);
				col += text_width(p + at, k);
				at += k;
			}
			p += len;
			while (*p == ' ')
				p++;
			any = 1;
			continue;
		}
		if (!any && col > indent && col + w > (size_t)width) {
			/* a long first: the first piece under it */
			while (b->len && b->s[b->len - 1] == ' ')
				b->s[--b->len] = '\0';
			buf_putc(b, '\n');
			buf_puts(b, rest);
			col = indent;
		} else if (any) {
			/* an operator after the word stays on its line */
			size_t ops = seplen == 1 && *sep == ' ' && q
			             ? text_ops_after(q + 1, 0) : 0;
			if (col + 1 + w + ops > (size_t)(width > 0 ? width : 0)) {
				buf_putc(b, '\n');
				buf_puts(b, rest);
				col = indent;
			} else {
				buf_putc(b, ' ');
				col++;
			}
		}
		buf_add(b, p, show);
		col += w;
		p += len;
		while (*p == ' ')
			p++;
		any = 1;
	}
	buf_putc(b, '\n');
}

size_t text_line(const char *s, const char **next)
{
	const char *nl = strchr(s, '\n');
	size_t len = nl ? (size_t)(nl - s) : strlen(s);

	*next = s + len + (nl != NULL);
	return len;
}

void text_words_free(text_words *ws)
{
	size_t i;

	for (i = 0; i < ws->n; i++)
		free(ws->w[i].s);
	ws->n = 0;
}

int text_split(const char *line, int comments, text_words *ws, int *open)
{
	const char *s = line;

	text_words_free(ws);
	for (;;) {
		const char *start;
		char *w, q = 0;
		size_t k = 0;

		while (*s && isspace((unsigned char)*s))
			s++;
		if (!*s || (comments && *s == '#'))
			break;
		start = s;
		/* the word's extent first: a word the size of the rest of the
		 * line made a line of many short words take memory quadratic
		 * in its length */
		for (q = 0; *s && (q || !isspace((unsigned char)*s)); s++) {
			if (!q && (*s == '\'' || *s == '"'))
				q = *s;
			else if (q && *s == q)
				q = 0;
		}
		w = xmalloc((size_t)(s - start) + 1, "word");
		s = start;
		q = 0;
		while (*s && (q || !isspace((unsigned char)*s))) {
			if (!q && (*s == '\'' || *s == '"'))
				q = *s;
			else if (q && *s == q)
				q = 0;
			else
				w[k++] = *s;
			s++;
		}
		w[k] = '\0';
		XGROW(ws->w, ws->cap, ws->n + 1, "word list");
		/* a quoted word's columns start after its opening quote */
		ws->w[ws->n].s = w;
		ws->w[ws->n].col = (int)(start - line) +
		                   (*start == '\'' || *start == '"');
		ws->w[ws->n].len = (int)(s - start);
		ws->n++;
		if (q) {
			if (open)
				*open = (int)(start - line);
			return -1;
		}
	}
	return 0;
}

char **text_argv(const char *line, int *argc)
{
	text_words tw = { 0 };
	char **argv;
	size_t i;

	text_split(line, 0, &tw, NULL);
	argv = xcalloc(tw.n + 1, sizeof *argv, "words");
	for (i = 0; i < tw.n; i++)
		argv[i] = tw.w[i].s;
	*argc = (int)tw.n;
	free(tw.w);
	return argv;
}

void text_argv_free(char **argv, int argc)
{
	int i;

	for (i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}
