/* dash_line.c - the dashboard's line editor (see dash_line.h). */
#include <string.h>

#include "dash/dash_line.h"

void dash_line_set(dash_line *l, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n > DASH_LINE_MAX)
		n = DASH_LINE_MAX;
	memcpy(l->buf, s ? s : "", n);
	l->buf[n] = '\0';
	l->len = l->cur = (int)n;
}

int dash_line_insert(dash_line *l, int ch)
{
	if (ch < 0x20 || ch > 0x7e || l->len >= DASH_LINE_MAX)
		return 0;
	memmove(l->buf + l->cur + 1, l->buf + l->cur, (size_t)(l->len - l->cur + 1));
	l->buf[l->cur++] = (char)ch;
	l->len++;
	return 1;
}

/* Remove buf[from..to). */
static int cut(dash_line *l, int from, int to)
{
	if (from >= to)
		return 0;
	memmove(l->buf + from, l->buf + to, (size_t)(l->len - to + 1));
	l->len -= to - from;
	if (l->cur > to)
		l->cur -= to - from;
	else if (l->cur > from)
		l->cur = from;
	return 1;
}

int dash_line_backspace(dash_line *l)
{
	return l->cur > 0 ? cut(l, l->cur - 1, l->cur) : 0;
}

int dash_line_delete(dash_line *l)
{
	return cut(l, l->cur, l->cur < l->len ? l->cur + 1 : l->cur);
}

int dash_line_kill_start(dash_line *l)
{
	return cut(l, 0, l->cur);
}

int dash_line_kill_end(dash_line *l)
{
	return cut(l, l->cur, l->len);
}

int dash_line_kill_word(dash_line *l)
{
	int i = l->cur;

	while (i > 0 && l->buf[i - 1] == ' ')
		i--;
	while (i > 0 && l->buf[i - 1] != ' ')
		i--;
	return cut(l, i, l->cur);
}

void dash_line_move(dash_line *l, int to)
{
	l->cur = to < 0 ? 0 : to > l->len ? l->len : to;
}

int dash_line_replace(dash_line *l, int from, const char *s)
{
	char tail[DASH_LINE_MAX + 1];
	size_t n = strlen(s), room;

	if (from < 0 || from > l->cur)
		return 0;
	if ((int)n == l->cur - from && !strncmp(l->buf + from, s, n))
		return 0;
	strcpy(tail, l->buf + l->cur);
	room = DASH_LINE_MAX - (size_t)from - strlen(tail);
	if (n > room)
		n = room;
	memcpy(l->buf + from, s, n);
	l->cur = from + (int)n;
	strcpy(l->buf + l->cur, tail);
	l->len = (int)strlen(l->buf);
	return 1;
}
