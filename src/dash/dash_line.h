/*
 * dash_line.h - a one-line text editor for the dashboard (prefix dline_).
 *
 * The constant's input line and the ':' command line are both a dline: a
 * buffer of printable ASCII with a cursor.  Key bindings live in the
 * dashboard's table (dash_keys.c); these functions are what they call.
 */
#ifndef CFX_UI_DASH_LINE_H
#define CFX_UI_DASH_LINE_H

#define DLINE_MAX 480   /* characters a line holds */

typedef struct dline {
	char buf[DLINE_MAX + 1];
	int len, cur;       /* length, cursor 0..len */
} dline;

/* Replace the text (cut to DLINE_MAX); cursor at the end. */
void dline_set(dline *l, const char *s);

/* Each returns 1 if the text changed, 0 if not (cursor moves return 0). */
int dline_insert(dline *l, int ch);       /* printable ASCII only */
int dline_backspace(dline *l);
int dline_delete(dline *l);
int dline_kill_start(dline *l);           /* Ctrl-U */
int dline_kill_end(dline *l);             /* Ctrl-K */
int dline_kill_word(dline *l);            /* Ctrl-W */
void dline_move(dline *l, int to);        /* clamped to 0..len */

/* Replace buf[from..cur) with s, cursor after it; 1 if it changed. */
int dline_replace(dline *l, int from, const char *s);

#endif
