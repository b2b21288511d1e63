/*
 * dash_line.h - a one-line text editor for the dashboard (prefix dash_line_).
 *
 * The constant's input line and the ':' command line are both a dash_line: a
 * buffer of printable ASCII with a cursor.  Key bindings live in the
 * dashboard's table (dash_keys.c); these functions are what they call.
 */
#ifndef CFX_UI_DASH_LINE_H
#define CFX_UI_DASH_LINE_H

#define DASH_LINE_MAX 480   /* characters a line holds */

typedef struct dash_line {
	char buf[DASH_LINE_MAX + 1];
	int len, cur;       /* length, cursor 0..len */
} dash_line;

/* Replace the text (cut to DASH_LINE_MAX); cursor at the end. */
void dash_line_set(dash_line *l, const char *s);

/* Each returns 1 if the text changed, 0 if not (cursor moves return 0). */
int dash_line_insert(dash_line *l, int ch);       /* printable ASCII only */
int dash_line_backspace(dash_line *l);
int dash_line_delete(dash_line *l);
int dash_line_kill_start(dash_line *l);           /* Ctrl-U */
int dash_line_kill_end(dash_line *l);             /* Ctrl-K */
int dash_line_kill_word(dash_line *l);            /* Ctrl-W */
void dash_line_move(dash_line *l, int to);        /* clamped to 0..len */

/* Replace buf[from..cur) with s, cursor after it; 1 if it changed. */
int dash_line_replace(dash_line *l, int from, const char *s);

#endif
