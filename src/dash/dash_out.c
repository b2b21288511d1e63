/*
 * dash_out.c - what the dashboard says: the status line and the output
 * pane of ':' commands (see dash_out.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dash/dash_out.h"
#include "dash/dash_ui.h"
#include "util/text.h"
#include "util/xalloc.h"

struct dash_out {
	char msg[256];              /* the status line */
	int msg_style;
	char **line;                /* the pane: line[0..n), oldest first */
	int n;
	int scroll;                 /* lines up from the newest */
	int top;                    /* line to show at the top, + 1 (0: none);
	                             * the next frame turns it into scroll */
	int open;
	int keep_shut;              /* a wide refusal leaves it closed */
};

dash_out *dash_out_new(void)
{
	return xcalloc(1, sizeof(dash_out), "output pane");
}

void dash_out_free(dash_out *o)
{
	int i;

	if (!o)
		return;
	for (i = 0; i < o->n; i++)
		free(o->line[i]);
	free(o->line);
	free(o);
}

/* Set the status line; 1 if it is too wide for the status line, which
 * must cut it. */
static int msg_set(dash_out *o, int style, const char *fmt, va_list ap)
{
	vsnprintf(o->msg, sizeof o->msg, fmt, ap);
	o->msg_style = style;
	return text_width(o->msg, strlen(o->msg)) > DASH_OUT_STATUS_W;
}

void dash_out_msg(dash_out *o, int style, const char *fmt, ...)
{
	va_list ap;
	int wide;

	va_start(ap, fmt);
	wide = msg_set(o, style, fmt, ap);
	va_end(ap);
	if (wide)
		dash_out_add(o, o->msg);
	if (wide && style == ST_ERROR && !o->open && !o->keep_shut)
		dash_out_open(o, 1);
}

void dash_out_msg_kept(dash_out *o, int style, const char *text)
{
	snprintf(o->msg, sizeof o->msg, "%s", text);
	o->msg_style = style;
	if (text_width(o->msg, strlen(o->msg)) > DASH_OUT_STATUS_W && !o->open)
		dash_out_open(o, 1);
}

void dash_out_wide_opens(dash_out *o, int on)
{
	o->keep_shut = !on;
}

void dash_out_msg_clear(dash_out *o)
{
	o->msg[0] = '\0';
}

const char *dash_out_status(const dash_out *o, int *style)
{
	if (style)
		*style = o->msg_style;
	return o->msg;
}

int dash_out_add(dash_out *o, const char *text)
{
	const char *p = text;
	int added = 0;

	while (*p) {
		const char *next;
		size_t len = text_line(p, &next), i, k = 0;
		char *line = xmalloc(len * 4 + 1, "output line");

		for (i = 0; i < len; i++) {     /* tabs to 4 columns */
			if (p[i] == '\t') {
				do
					line[k++] = ' ';
				while (k % 4);
			} else if ((unsigned char)p[i] >= 0x20 || p[i] < 0) {
				line[k++] = p[i];
			}
		}
		line[k] = '\0';
		if (o->n == DASH_OUT_LINES) {
			if (o->top > 1)
				o->top--;
			free(o->line[0]);
			memmove(o->line, o->line + 1,
			        (DASH_OUT_LINES - 1) * sizeof *o->line);
			o->n--;
		}
		if (!o->line)
			o->line = xcalloc(DASH_OUT_LINES, sizeof *o->line,
			                  "output lines");
		o->line[o->n++] = line;
		added++;
		p = next;
	}
	return added;
}

void dash_out_open(dash_out *o, int open)
{
	o->open = open;
	o->scroll = 0;
	o->top = 0;
}

void dash_out_open_at(dash_out *o, int line)
{
	dash_out_open(o, 1);
	o->top = line >= 0 && line < o->n ? line + 1 : 0;
}

int dash_out_top(const dash_out *o)
{
	return o->top - 1;
}

void dash_out_newest(dash_out *o)
{
	o->scroll = 0;
	o->top = 0;
}

void dash_out_scroll(dash_out *o, int step)
{
	o->top = 0;
	o->scroll += step;
	if (o->scroll < 0)
		o->scroll = 0;
}

void dash_out_measured(dash_out *o, int scroll)
{
	o->scroll = scroll;
	o->top = 0;
}

int dash_out_is_open(const dash_out *o)
{
	return o->open;
}

const char *const *dash_out_lines(const dash_out *o, int *n)
{
	*n = o->n;
	return (const char *const *)o->line;
}

int dash_out_scrolled(const dash_out *o)
{
	return o->scroll;
}
