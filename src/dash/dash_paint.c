/*
 * dash_paint.c - the dashboard's drawing primitives (see dash_paint.h):
 * styles and glyphs, chosen once by dash_paint_init, and text clipped to
 * a panel's rect.
 */
#define NCURSES_WIDECHAR 1
#include <assert.h>
#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "cfx/score.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "dash/dash_ui.h"
#include "dash/dash_paint.h"
#include "util/text.h"
#include "util/xalloc.h"

static attr_t sty[ST_COUNT];
static struct dash_paint_glyphs g;

static const struct dash_paint_glyphs utf8_glyphs = {
	"\u2500", "\u2502", "\u252c", "\u2534", "\u253c",
	{ " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
	  "\u2587", "\u2588" },
	"\u2502", "\u2503", { "\u00b7", "\u2500", "\u2550" },
	{ "\u00b7", "\u2592", "\u2588", "?" }, " ",
	"\u03c6", "\u2192", "\u00d7", "\u03c7\u00b2", "\u2026", "\u25b2",
	"\u25bc", "\u2524", "\u25b6"
};

static const struct dash_paint_glyphs ascii_glyphs = {
	"-", "|", "+", "+", "+",
	{ " ", "_", "_", ".", ".", "o", "o", "#", "#" },
	"|", "#", { ".", "-", "=" },
	{ ".", "w", "X", "?" }, " ",
	"phi", "->", "x", "chi^2", "...", "^", "v", "+", ">"
};

/* ---- styles ------------------------------------------------------------ */

void dash_paint_init(int color, int ascii)
{
	static const struct { int st, fg; attr_t extra; } pairs[] = {
		{ ST_TITLE, COLOR_CYAN, A_BOLD }, { ST_HILITE, COLOR_YELLOW, A_BOLD },
		{ ST_GOOD, COLOR_GREEN, A_BOLD }, { ST_WEAK, COLOR_YELLOW, A_BOLD },
		{ ST_BAD, COLOR_RED, A_BOLD }, { ST_GAP0, COLOR_CYAN, A_BOLD },
		{ ST_GAP1, COLOR_MAGENTA, A_BOLD }, { ST_GAP2, COLOR_YELLOW, A_BOLD },
		{ ST_ERROR, COLOR_RED, A_BOLD }, { ST_PLUS, COLOR_GREEN, A_BOLD },
		{ ST_MINUS, COLOR_RED, A_BOLD }, { ST_KEY, COLOR_CYAN, A_BOLD },
		{ ST_CODE_COMMENT, COLOR_GREEN, 0 },
		{ ST_CODE_PREPROC, COLOR_MAGENTA, 0 },
		{ ST_CODE_TYPE, COLOR_CYAN, 0 }, { ST_CODE_KEYWORD, COLOR_YELLOW, A_BOLD },
		{ ST_CODE_NUMBER, COLOR_MAGENTA, A_BOLD },
		{ ST_BAR, COLOR_CYAN, A_REVERSE },
	};
	size_t i;

	g = ascii ? ascii_glyphs : utf8_glyphs;
	memset(sty, 0, sizeof sty);
	/* monochrome: every distinction by attribute (and glyph) */
	sty[ST_TITLE] = A_BOLD;
	sty[ST_DIM] = A_DIM;
	sty[ST_HILITE] = A_BOLD | A_UNDERLINE;
	sty[ST_WEAK] = A_BOLD;
	sty[ST_BAD] = A_BOLD | A_REVERSE;
	sty[ST_POINT] = A_BOLD;
	sty[ST_ERROR] = A_BOLD;
	sty[ST_SELECT] = A_REVERSE | A_BOLD;
	sty[ST_MINUS] = A_BOLD;
	sty[ST_KEY] = A_BOLD;
	sty[ST_CODE_COMMENT] = A_DIM;
	sty[ST_CODE_KEYWORD] = A_BOLD;
	sty[ST_CODE_OP] = A_BOLD;
	sty[ST_INPUT] = A_BOLD;
	sty[ST_BAR] = A_REVERSE;
	if (!color)
		return;
	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		init_pair((short)(i + 1), (short)pairs[i].fg, -1);
		sty[pairs[i].st] = COLOR_PAIR(i + 1) | pairs[i].extra;
	}
	sty[ST_SELECT] = A_REVERSE | A_BOLD;
}

const struct dash_paint_glyphs *dash_paint_glyph(void)
{
	return &g;
}

/* ---- primitives ---------------------------------------------------------- */

/* Display columns of a UTF-8 string. */
int dash_paint_width(const char *s)
{
	return (int)text_width(s, strlen(s));
}

void dash_paint_lose(const rect *r)
{
	if (r->lost)
		++*r->lost;
}

/* Draw s at (y, x) of r, clipped to r; returns the column after it. */
int dash_paint_put(const rect *r, int y, int x, int st, const char *s)
{
	if (y >= r->h && y > 0 && *s && strspn(s, " ") < strlen(s))
		dash_paint_lose(r);
	if (y < 0 || y >= r->h || x >= r->w || x < 0)
		return x + dash_paint_width(s);
	attrset(sty[st]);
	mvaddnstr(r->y + y, r->x + x, s, (int)text_cut(s, (size_t)(r->w - x)));
	attrset(A_NORMAL);
	return x + dash_paint_width(s);
}

int dash_paint_putf(const rect *r, int y, int x, int st, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return dash_paint_put(r, y, x, st, buf);
}

/* Right-aligned in r's row y; returns its first column. */
int dash_paint_right(const rect *r, int y, int st, const char *s)
{
	int x = r->w - dash_paint_width(s) - 1;

	if (x < 0)
		x = 0;
	dash_paint_put(r, y, x, st, s);
	return x;
}

void dash_paint_rule(const rect *r, int y, int x, int n)
{
	int i;

	for (i = 0; i < n; i++)
		dash_paint_put(r, y, x + i, ST_DIM, g.h);
}

/* Columns the right-hand text of r's title t may take (title draws it
 * only when it fits whole). */
int dash_paint_title_room(const rect *r, const char *t)
{
	int x = 2 + dash_paint_width(t) + (r->focus ? 2 : 0);

	return r->w - x - 6;
}

/* The first of the n forms of a title's right-hand text that fits in
 * room columns, or "" (forms go from the longest to the shortest: the
 * rule by which a panel abbreviates, never cuts). */
const char *dash_paint_first_fit(const char *const *form, int n, int room)
{
	int i;

	for (i = 0; i < n; i++)
		if (form[i] && dash_paint_width(form[i]) <= room)
			return form[i];
	return "";
}

/* A panel's first row: "-- Title ------- right --"; the focus panel's
 * title is marked and drawn reversed. */
void dash_paint_title(const rect *r, const char *t, const char *right)
{
	int x, st = r->focus ? ST_SELECT : ST_TITLE;

	dash_paint_rule(r, 0, 0, r->w);
	x = dash_paint_put(r, 0, 1, st, " ");
	if (r->focus) {
		x = dash_paint_put(r, 0, x, st, g.focus);
		x = dash_paint_put(r, 0, x, st, " ");
	}
	x = dash_paint_put(r, 0, x, st, t);
	dash_paint_put(r, 0, x, st, " ");
	if (right && *right) {
		int rx = r->w - dash_paint_width(right) - 3;
		if (rx > x + 2) {
			dash_paint_put(r, 0, rx, ST_DIM, " ");
			dash_paint_put(r, 0, rx + 1, ST_DIM, right);
			dash_paint_put(r, 0, rx + 1 + dash_paint_width(right), ST_DIM, " ");
		}
	}
}

void dash_paint_title_more(const rect *r, const char *t, int above,
                           int below, const char *tail, const char *idle)
{
	char f[5][96];
	const char *form[5] = { f[0], f[1], f[2], f[3], f[4] };

	if (above && below) {
		snprintf(f[1], sizeof f[1], "%s PgUp: %d, %s PgDn: %d more", g.up,
		         above, g.down, below);
		snprintf(f[2], sizeof f[2], "%s%d %s%d more, PgUp PgDn", g.up, above,
		         g.down, below);
		snprintf(f[3], sizeof f[3], "%s%d %s%d more", g.up, above, g.down,
		         below);
		snprintf(f[4], sizeof f[4], "%s%d %s%d", g.up, above, g.down, below);
	} else if (above || below) {
		const char *arrow = above ? g.up : g.down, *key = above ? "PgUp"
		                    : "PgDn";
		int k = above ? above : below;
		snprintf(f[1], sizeof f[1], "%s %s: %d more", arrow, key, k);
		snprintf(f[2], sizeof f[2], "%s%d more, %s", arrow, k, key);
		snprintf(f[3], sizeof f[3], "%s%d more", arrow, k);
		snprintf(f[4], sizeof f[4], "%s%d", arrow, k);
	} else {
		snprintf(f[1], sizeof f[1], "%s", idle);
		f[2][0] = f[3][0] = f[4][0] = '\0';
	}
	snprintf(f[0], sizeof f[0], "%s%s", f[1], above || below ? tail : "");
	dash_paint_title(r, t, dash_paint_first_fit(form, 5,
	                                            dash_paint_title_room(r, t)));
}

char *dash_paint_fmt_g(char *buf, size_t n, double x, int digits)
{
	snprintf(buf, n, "%.*g", digits, x);
	return buf;
}

void dash_paint_flow_item(dash_paint_flow *f, const char *text, int st, int core)
{
	int w = dash_paint_width(text), sp = f->x > f->x0;
	char head[128];

	/* the panel's last column stays blank: text never touches its edge */
	if (f->x + sp + w > f->r->w - 1 && f->x > f->x0) {
		f->y++;
		f->x = f->x0;
		sp = 0;
	}
	if (f->y > f->ymax) {
		f->lost++;
		if (f->draw)
			dash_paint_lose(f->r);
		return;
	}
	f->x += sp;
	if (!f->draw) {
		f->x += w;
		return;
	}
	if (core <= 0 || (size_t)core >= strlen(text)) {
		f->x = dash_paint_put(f->r, f->y, f->x, st, text);
		return;
	}
	snprintf(head, sizeof head, "%.*s", core, text);
	f->x = dash_paint_put(f->r, f->y, f->x, st, head);
	f->x = dash_paint_put(f->r, f->y, f->x, ST_NORMAL, text + core);
}

void dash_paint_blank(const rect *r)
{
	int y;

	attrset(A_NORMAL);
	for (y = 0; y < r->h; y++)
		mvhline(r->y + y, r->x, ' ', r->w);
}
