/*
 * dash_paint.h - the dashboard's drawing primitives (prefix dash_paint_),
 * shared by dash_draw.c and the panels (dash_panel_*.c); private to
 * src/dash.
 *
 * Text is drawn into a panel's rect, clipped to it and never wrapped into
 * a neighbour.  The styles (ST_*) and glyphs are chosen once, by
 * dash_paint_init; nothing else here keeps state.
 */
#ifndef CFX_DASH_PAINT_H
#define CFX_DASH_PAINT_H

#include <stddef.h>

typedef struct rect {
	int y, x, h, w;
	int focus;                  /* the panel a lesson's step is about: its
	                             * title is marked and reversed */
	int hidden;                 /* it would show the answer of a lesson's
	                             * prediction that is not over: a note
	                             * instead (1: no answer yet; 2: answered
	                             * wrong, another answer may follow; 3: a
	                             * later step's, hidden_step) */
	size_t hidden_step;         /* hidden 3: that step's number, from 1 */
	int under;                  /* the output pane is over its last rows:
	                             * h is the rows above the pane (a panel
	                             * that has no room says where things went) */
	int *lost;                  /* NULL, or where text drawn below the last
	                             * row is counted (the caller's: drawing
	                             * keeps no state) */
} rect;

/* A rect, no focus. */
#define RECT(y_, x_, h_, w_) \
	((rect){ .y = (y_), .x = (x_), .h = (h_), .w = (w_) })

/* The glyphs of the screen: UTF-8 or ASCII (dash_paint_init). */
struct dash_paint_glyphs {
	const char *h, *v, *tee_down, *tee_up, *cross, *block[9];
	const char *point, *points, *gap[3], *verdict[4], *pending;
	const char *phi, *arrow, *times, *chi, *ell, *up, *down;
	const char *tee_left, *focus;       /* the lesson pane's joints, focus */
};
#define GLYPH (*dash_paint_glyph())

/* Choose the styles (colour pairs, or attributes alone) and the glyphs;
 * once, before the first frame. */
void dash_paint_init(int color, int ascii);
const struct dash_paint_glyphs *dash_paint_glyph(void);

/* Text drawn below a rect's last row is lost (clipped), and counted in
 * *r->lost when r has one, so the caller can say that a panel did not
 * show all it had; dash_paint_lose counts what a panel left undrawn for
 * want of rows. */
void dash_paint_lose(const rect *r);

/* Display columns of a UTF-8 string. */
int dash_paint_width(const char *s);
/* Draw s at (y, x) of r in style st, clipped to r; returns the column
 * after it (where it would end, when clipped). */
int dash_paint_put(const rect *r, int y, int x, int st, const char *s);
int dash_paint_putf(const rect *r, int y, int x, int st, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Right-aligned in r's row y; returns its first column. */
int dash_paint_right(const rect *r, int y, int st, const char *s);
/* n columns of horizontal rule from (y, x). */
void dash_paint_rule(const rect *r, int y, int x, int n);
/* Columns the right-hand text of r's title t may take. */
int dash_paint_title_room(const rect *r, const char *t);
/* The first of the n forms (longest first) that fits in room columns, or
 * "": the rule by which a panel abbreviates, never cuts. */
const char *dash_paint_first_fit(const char *const *form, int n, int room);
/* A panel's first row: "-- Title ------- right --"; the focus panel's
 * title is marked and reversed. */
void dash_paint_title(const rect *r, const char *t, const char *right);
/* The title of a panel that scrolls: t, and on its right how many rows
 * are above and below those shown and the keys that show them, in the
 * longest form that fits (then tail, ", o hides", where there is room);
 * idle when nothing is hidden. */
void dash_paint_title_more(const rect *r, const char *t, int above,
                           int below, const char *tail, const char *idle);
/* x with digits significant digits ("%.*g"), into buf; returns buf. */
char *dash_paint_fmt_g(char *buf, size_t n, double x, int digits);

/* Text flowed into a rect from (y, x0): items go on the current line if
 * they fit, else on the next; nothing is drawn below row ymax. */
typedef struct dash_paint_flow {
	const rect *r;
	int y, x, x0, ymax;
	int lost;                   /* items that did not fit */
	int draw;                   /* 0: only count (set by the user) */
} dash_paint_flow;

/* Put one item on the flow f: on its line if it fits, else on the next;
 * the first core bytes in style st, the rest plain (core <= 0: all). */
void dash_paint_flow_item(dash_paint_flow *f, const char *text, int st,
                          int core);
/* Clear r. */
void dash_paint_blank(const rect *r);

#endif
