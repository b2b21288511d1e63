/*
 * dash_draw.c - the dashboard's layout and panels.
 *
 * Every frame is drawn whole from the state (ncurses sends only what
 * changed).  The layout is computed from the terminal size: a header of
 * three rows (the constant, its value or the error under it, a status
 * line), the decomposition across the full width, then either two bands
 * of two columns (CF | code, spectrum | buckets; 80x24 and up) or three
 * columns over a full-width bucket panel (120 columns and up).  Below
 * 80x24 a "terminal too small" message replaces the panels.  Text is
 * clipped to its panel, never wrapped into a neighbour.
 *
 * A lesson (dash_learn.c) takes a pane beside the panels: where the
 * panels keep 80 columns, a strip on the right (at 120x40 the panels as
 * at 80 columns, the lesson in 39); narrower, the right-hand column below
 * the decomposition, the left one showing the two panels the step is most
 * about (learn_focus).  The focus panel's title is marked and reversed.
 * While a step's prediction waits for its answer, the panels that show
 * the commands its reveals: lines name (focus_of's; for naf also the
 * header's value row and the code) say "hidden until you answer" instead.
 *
 * Monochrome and ASCII: styles map to colour pairs or to bold, dim and
 * reverse; glyphs to UTF-8 or to ASCII, so every distinction drawn with
 * colour is also drawn with a different character.
 *
 * Drawing keeps no state: the styles and glyphs are chosen once, at
 * dash_draw_init; the focus travels in the panel's rect, what a frame
 * measured in the caller's dash_frame, and the spectra of the rows above
 * K are the state's cache (dash_state_spec_past).
 */
#define NCURSES_WIDECHAR 1
#include <assert.h>
#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "dash/dash_ui.h"
#include "util/text.h"
#include "util/xalloc.h"

typedef struct rect {
	int y, x, h, w;
	int focus;                  /* the panel a lesson's step is about: its
	                             * title is marked and reversed */
	int hidden;                 /* it would show the answer of a lesson's
	                             * prediction not yet made: a note instead */
} rect;

/* A rect, no focus. */
#define RECT(y_, x_, h_, w_) \
	((rect){ .y = (y_), .x = (x_), .h = (h_), .w = (w_) })

static attr_t sty[ST_COUNT];

static struct glyphs {
	const char *h, *v, *tee_down, *tee_up, *cross, *block[9];
	const char *point, *points, *gap[3], *verdict[4], *pending;
	const char *phi, *arrow, *times, *chi, *ell, *up, *down;
	const char *tee_left, *focus;       /* the lesson pane's joints, focus */
} g;

static const struct glyphs utf8_glyphs = {
	"\u2500", "\u2502", "\u252c", "\u2534", "\u253c",
	{ " ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
	  "\u2587", "\u2588" },
	"\u2502", "\u2503", { "\u00b7", "\u2500", "\u2550" },
	{ "\u00b7", "\u2592", "\u2588", "?" }, " ",
	"\u03c6", "\u2192", "\u00d7", "\u03c7\u00b2", "\u2026", "\u25b2",
	"\u25bc", "\u2524", "\u25b6"
};

static const struct glyphs ascii_glyphs = {
	"-", "|", "+", "+", "+",
	{ " ", "_", "_", ".", ".", "o", "o", "#", "#" },
	"|", "#", { ".", "-", "=" },
	{ ".", "w", "X", "?" }, " ",
	"phi", "->", "x", "chi^2", "...", "^", "v", "+", ">"
};

/* ---- styles ------------------------------------------------------------ */

void dash_draw_init(int color, int ascii)
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

/* ---- primitives ---------------------------------------------------------- */

/* Display columns of a UTF-8 string. */
static int width(const char *s)
{
	return (int)text_width(s, strlen(s));
}

/* Draw s at (y, x) of r, clipped to r; returns the column after it. */
static int put(const rect *r, int y, int x, int st, const char *s)
{
	if (y < 0 || y >= r->h || x >= r->w || x < 0)
		return x + width(s);
	attrset(sty[st]);
	mvaddnstr(r->y + y, r->x + x, s, (int)text_cut(s, (size_t)(r->w - x)));
	attrset(A_NORMAL);
	return x + width(s);
}

static int putf(const rect *r, int y, int x, int st, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int putf(const rect *r, int y, int x, int st, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return put(r, y, x, st, buf);
}

/* Right-aligned in r's row y; returns its first column. */
static int put_right(const rect *r, int y, int st, const char *s)
{
	int x = r->w - width(s) - 1;

	if (x < 0)
		x = 0;
	put(r, y, x, st, s);
	return x;
}

static void rule(const rect *r, int y, int x, int n)
{
	int i;

	for (i = 0; i < n; i++)
		put(r, y, x + i, ST_DIM, g.h);
}

/* Columns the right-hand text of r's title t may take (title draws it
 * only when it fits whole). */
static int title_room(const rect *r, const char *t)
{
	int x = 2 + width(t) + (r->focus ? 2 : 0);

	return r->w - x - 6;
}

/* The first of the n forms of a title's right-hand text that fits in
 * room columns, or "" (forms go from the longest to the shortest: the
 * rule by which a panel abbreviates, never cuts). */
static const char *first_fit(const char *const *form, int n, int room)
{
	int i;

	for (i = 0; i < n; i++)
		if (form[i] && width(form[i]) <= room)
			return form[i];
	return "";
}

/* A panel's first row: "-- Title ------- right --"; the focus panel's
 * title is marked and drawn reversed. */
static void title(const rect *r, const char *t, const char *right)
{
	int x, st = r->focus ? ST_SELECT : ST_TITLE;

	rule(r, 0, 0, r->w);
	x = put(r, 0, 1, st, " ");
	if (r->focus) {
		x = put(r, 0, x, st, g.focus);
		x = put(r, 0, x, st, " ");
	}
	x = put(r, 0, x, st, t);
	put(r, 0, x, st, " ");
	if (right && *right) {
		int rx = r->w - width(right) - 3;
		if (rx > x + 2) {
			put(r, 0, rx, ST_DIM, " ");
			put(r, 0, rx + 1, ST_DIM, right);
			put(r, 0, rx + 1 + width(right), ST_DIM, " ");
		}
	}
}

static char *fmt_g(char *buf, size_t n, double x, int digits)
{
	snprintf(buf, n, "%.*g", digits, x);
	return buf;
}

/* Text flowed into a rect from (y, x0): items go on the current line if
 * they fit, else on the next; nothing is drawn below row ymax. */
typedef struct flow {
	const rect *r;
	int y, x, x0, ymax;
	int lost;                   /* items that did not fit */
	int draw;                   /* 0: only count (set by the user) */
} flow;

static void flow_item(flow *f, const char *text, int st, int core)
{
	int w = width(text), sp = f->x > f->x0;
	char head[128];

	/* the panel's last column stays blank: text never touches its edge */
	if (f->x + sp + w > f->r->w - 1 && f->x > f->x0) {
		f->y++;
		f->x = f->x0;
		sp = 0;
	}
	if (f->y > f->ymax) {
		f->lost++;
		return;
	}
	f->x += sp;
	if (!f->draw) {
		f->x += w;
		return;
	}
	if (core <= 0 || (size_t)core >= strlen(text)) {
		f->x = put(f->r, f->y, f->x, st, text);
		return;
	}
	snprintf(head, sizeof head, "%.*s", core, text);
	f->x = put(f->r, f->y, f->x, st, head);
	f->x = put(f->r, f->y, f->x, ST_NORMAL, text + core);
}

/* ---- layout --------------------------------------------------------------- */

typedef struct layout {
	rect head, decomp, cf, code, spec, buck, foot, out;
	int wide;
	rect lesson;                /* the lesson pane, w = 0: none */
	int strip;                  /* it is a strip right of all the panels */
} layout;

#define LESSON_MIN_W 38         /* the lesson pane's width, at least */
#define LESSON_MAX_W 64         /* ... and at most: lines easy to read */

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The next term of a power sum from *p ("2^31", then "+ 2^29", ...) into
 * term; 0 at the end. */
static int next_term(const char **p, char *term, size_t n)
{
	const char *s = *p, *q;

	if (!*s)
		return 0;
	if (*s == ' ')
		s++;
	q = s + 1;
	while (*q && !(q[0] == ' ' && (q[1] == '+' || q[1] == '-')))
		q++;
	snprintf(term, n, "%.*s", (int)(q - s), s);
	*p = q;
	return 1;
}

/* The note after the power sum when its 2^n digit wraps to 0. */
#define SUM_WRAPS "(mod 2^n: the 2^n digit wraps to 0)"

/* Lines the power sum takes from column x0 in width w, and its note when
 * there is one (a flow item like the terms: never over them). */
static int sum_lines(const char *sum, const char *note, int x0, int w)
{
	rect r = RECT(0, 0, 1, w);
	flow f = { &r, 0, x0, x0, 1 << 20, 0, 0 };     /* counts, draws not */
	char term[32];

	while (next_term(&sum, term, sizeof term))
		flow_item(&f, term, ST_NORMAL, 0);
	if (note)
		flow_item(&f, note, ST_DIM, 0);
	return f.y + 1;
}

static int weights_beside(const dash *d, int w)
{
	return w - 7 - (int)dash_state_model(d)->bits >= 34;
}

/* The decomposition's rows: title, bits, NAF, the power sum (every term,
 * up to 4 rows; the weights are beside the digits or in the title). */
static int decomp_rows(const dash *d, int w)
{
	const dash_model_const *c = dash_state_model(d);

	return 3 + clampi(sum_lines(c->sum, c->naf.wrapped ? SUM_WRAPS : NULL, 6,
	                            w), 1, 4);
}

/* A lesson in the right-hand column below the decomposition: the left
 * one keeps CF or code above, spectrum or buckets below, by focus. */
static void lesson_column(const dash *d, layout *l, int W, int H)
{
	const char *f = dash_learn_focus(d);
	int code = f && !strcmp(f, "shifts"), spec = f && !strcmp(f, "spectrum");
	int lw = W / 2;
	rect up = RECT(l->cf.y, 0, l->cf.h, lw);
	rect down = RECT(l->spec.y, 0, l->spec.h, lw);
	rect none = RECT(0, 0, 0, 0);

	l->lesson = RECT(up.y, lw + 1, H - 1 - up.y, W - lw - 1);
	l->cf = code ? none : up;
	l->code = code ? up : none;
	l->spec = spec ? down : none;
	l->buck = spec ? none : down;
	l->out.w = lw;              /* command output beside the lesson */
}

static void compute_layout(const dash *d, layout *l, int W, int H)
{
	int y, dh, rem, bh, mh, lw, FW = W, n_out;

	memset(l, 0, sizeof *l);
	l->head = RECT(0, 0, 3, W);
	l->foot = RECT(H - 1, 0, 1, W);
	/* a lesson strip where the panels keep 80 columns: they are laid
	 * out in what is left of it */
	if (dash_learn_open(d) && W >= DASH_MIN_W + 1 + LESSON_MIN_W) {
		W -= 1 + clampi(W - DASH_MIN_W - 1, LESSON_MIN_W, LESSON_MAX_W);
		l->lesson = RECT(3, W + 1, H - 4, FW - W - 1);
		l->strip = 1;
	}
	y = 3;
	dh = decomp_rows(d, W);
	l->decomp = RECT(y, 0, dh, W);
	y += dh;
	rem = H - 1 - y;
	l->wide = W >= 120 && rem >= 24;
	if (l->wide) {
		int cw = W * 34 / 100, kw = W * 35 / 100;
		bh = clampi(rem * 2 / 5, 9, 16);
		mh = rem - bh;
		l->cf = RECT(y, 0, mh, cw);
		l->code = RECT(y, cw + 1, mh, kw);
		l->spec = RECT(y, cw + kw + 2, mh, W - cw - kw - 2);
		l->buck = RECT(y + mh, 0, bh, W);
	} else {
		bh = clampi(rem / 2, 8, 14);
		mh = rem - bh;
		lw = W / 2;
		l->cf = RECT(y, 0, mh, lw);
		l->code = RECT(y, lw + 1, mh, W - lw - 1);
		lw = W * 42 / 100;
		l->spec = RECT(y + mh, 0, bh, lw);
		l->buck = RECT(y + mh, lw + 1, bh, W - lw - 1);
	}
	dash_out_lines(d->out, &n_out);
	bh = clampi(n_out + 1, 4, clampi((H - 4) / 2, 4, 24));
	l->out = RECT(H - 1 - bh, 0, bh, W);
	if (dash_learn_open(d) && !l->strip)
		lesson_column(d, l, W, H);
}

/* A rule crossing: drawn only where the cell still holds the rule (a
 * title's text wins). */
static void joint(int y, int x, const char *glyph)
{
	rect scr = RECT(0, 0, LINES, COLS);
	wchar_t wc[CCHARW_MAX + 1];
	cchar_t cc;
	attr_t a;
	short pair;

	if (mvin_wch(y, x, &cc) == ERR ||
	    getcchar(&cc, wc, &a, &pair, NULL) == ERR)
		return;
	if (wc[0] == (g.h == ascii_glyphs.h ? L'-' : (wchar_t)0x2500))
		put(&scr, y, x, ST_DIM, glyph);
}

/* The panel a step's focus: names (lessons/FORMAT.md), or NULL. */
static rect *focus_of(layout *l, const char *f)
{
	if (!f)
		return NULL;
	if (!strcmp(f, "cf"))
		return &l->cf;
	if (!strcmp(f, "naf"))
		return &l->decomp;
	if (!strcmp(f, "shifts"))
		return &l->code;
	if (!strcmp(f, "spectrum"))
		return &l->spec;
	if (!strcmp(f, "score") || !strcmp(f, "sweep") || !strcmp(f, "verify"))
		return &l->buck;        /* the sweep strip is in the bucket panel */
	return NULL;
}

/* What a hidden panel says (rect.hidden). */
#define HIDDEN "hidden until you answer"

/* The panels that show a command, from the commands a step's reveals:
 * lines may name; the header's value row shows what naf does, and the
 * code panel its operations ("3 add, 3 sub"), naf's add_sub_ops. */
static void hide_revealing(const dash *d, layout *l)
{
	static const char *const cmds[] = { "cf", "naf", "shifts", "spectrum",
	                                    "score", "sweep", "verify" };
	size_t i;
	rect *r;

	for (i = 0; i < sizeof cmds / sizeof *cmds; i++)
		if (dash_learn_hides(d, cmds[i]) && (r = focus_of(l, cmds[i])))
			r->hidden = 1;
	if (l->decomp.hidden)
		l->head.hidden = l->code.hidden = 1;
}

/* A hidden panel: its name and the note in place of what it shows.
 * Returns 0 if r is not hidden (the caller draws it). */
static int draw_hidden(const rect *r, const char *name)
{
	int y = clampi((r->h - 1) / 2, 1, r->h);

	if (!r->hidden)
		return 0;
	title(r, name, NULL);
	put(r, y, 2, ST_DIM, HIDDEN);
	if (y + 1 < r->h)
		put(r, y + 1, 2, ST_DIM, "(:answer EXPR commits one)");
	return 1;
}

/* The column between two panels side by side. */
static void vsep(const rect *left, int y0, int h, int joint_top)
{
	rect scr = RECT(0, 0, LINES, COLS);
	int x = left->x + left->w, i;

	for (i = 0; i < h; i++)
		put(&scr, y0 + i, x, ST_DIM, i == 0 && joint_top ? g.tee_down : g.v);
}

/* ---- header and footer -------------------------------------------------- */

/* Odd or even, prime or not: in full, or short (short: 1) for a row
 * that has no room for the full words. */
static const char *prime_text(const dash_model_const *c, int short_form)
{
	if (!(c->p & 1))
		return short_form ? "even: no inverse" : "even: not invertible mod 2^n";
	return c->prime == 2 ? "odd, prime" : c->prime == 1 ? "odd, probable prime"
	       : "odd, composite";
}

/* The header's value row: "= hex = dec   n = 32 (auto)   odd, prime".
 * Where it does not fit, the gaps narrow, then the parity takes its
 * short form: the warning of an even p is never cut. */
static void value_row(const dash *d, const rect *r)
{
	const dash_model_const *c = dash_state_model(d);
	const dash_view *v = dash_keys_view(d);
	/* typing, an automatic word is held (Enter applies the rule) */
	const char *aut = v->mode == MODE_EDIT && !v->edit.orig_bits ? " (held)"
	                  : dash_state_bits_asked(d) ? "" : " (auto)";
	char val[96], word[32];
	int form, gap = 3, shrt = 0, x;

	snprintf(val, sizeof val, "= %s = %s", c->hex, c->dec);
	snprintf(word, sizeof word, "n = %u%s", c->bits, aut);
	for (form = 0; form < 3; form++) {
		gap = form ? 2 : 3;
		shrt = form == 2;
		if (2 + width(val) + gap + width(word) + gap +
		    width(prime_text(c, shrt)) <= r->w - 1)
			break;
	}
	x = put(r, 1, 2, ST_NORMAL, val);
	x = putf(r, 1, x + gap, ST_NORMAL, "n = %u", c->bits);
	x = put(r, 1, x, ST_DIM, aut);
	put(r, 1, x + gap, c->p & 1 ? ST_NORMAL : ST_ERROR, prime_text(c, shrt));
}

/* The input line's window onto a long text: first shown index. */
static int scroll_for(int len, int cur, int room)
{
	if (len < room)
		return 0;
	if (cur < room - 1)
		return 0;
	return cur - room + 2;
}

/* Bytes of s for one row of at most w columns: whole words where a
 * space comes late enough, else as much as fits. */
static size_t row_cut(const char *s, int w)
{
	size_t n = text_cut(s, (size_t)(w > 0 ? w : 0)), k;

	if (!s[n] || s[n] == ' ')
		return n;
	for (k = n; k > n / 2; k--)
		if (s[k - 1] == ' ')
			return k;
	return n;
}

/* The status message at row y of r from column 2: whole, or its first
 * words and where the rest is (dash_out_msg put it in the pane). */
static void status_row(const rect *r, int y, int st, const char *msg)
{
	static const char more[] = " (o: the rest)";
	char buf[320];
	size_t n;

	if (width(msg) <= r->w - 3) {
		put(r, y, 2, st, msg);
		return;
	}
	n = row_cut(msg, r->w - 3 - width(more) - 1);
	while (n > 0 && msg[n - 1] == ' ')
		n--;
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)n, msg, g.ell, more);
	put(r, y, 2, st, buf);
}

/* The typing error after the carets (row 1 from column ex), with the
 * token it names or, the carets pointing at it, without; where neither
 * fits, on the row below, whole or ended by where the rest is.  Returns
 * 1 if it took the row below. */
static int edit_error(const rect *r, int ex, const cfx_err *e)
{
	char full[sizeof e->msg + sizeof e->token + 4];

	if (e->token[0])
		snprintf(full, sizeof full, "%s (%s)", e->msg, e->token);
	else
		snprintf(full, sizeof full, "%s", e->msg);
	if (ex + width(full) <= r->w - 1) {
		put(r, 1, ex, ST_ERROR, full);
		return 0;
	}
	if (ex + width(e->msg) <= r->w - 1) {
		put(r, 1, ex, ST_ERROR, e->msg);
		return 0;
	}
	status_row(r, 2, ST_ERROR, width(full) <= r->w - 3 ? full : e->msg);
	return 1;
}

static void draw_header(const dash *d, const rect *r, int *cy, int *cx)
{
	const dash_view *v = dash_keys_view(d);
	const dash_model_const *c = dash_state_model(d);
	const char *hint = v->mode == MODE_EDIT ? "EDITING: Enter keeps, Esc undoes"
	                   : v->mode == MODE_CMD ? "COMMAND: Enter runs, Esc cancels"
	                   : "e edits the constant";
	int x, room, hx, off, msg_style;
	const char *msg = dash_out_status(d->out, &msg_style);

	hx = put_right(r, 0, ST_DIM, hint);
	x = put(r, 0, 0, ST_BAR, " cfx ");
	if (v->mode == MODE_EDIT) {
		x = put(r, 0, x + 1, ST_KEY, "edit>");
		x++;
		room = hx - x - 1;
		off = scroll_for(v->edit.line.len, v->edit.line.cur, room);
		{
			char buf[DASH_LINE_MAX + 1];
			snprintf(buf, sizeof buf, "%.*s", room > 0 ? room : 0,
			         v->edit.line.buf + off);
			put(r, 0, x, ST_INPUT, buf);
		}
		*cy = r->y;
		*cx = x + v->edit.line.cur - off;
		if (v->edit.bad) {
			const cfx_err *e = &v->edit.err;
			int from = e->col >= 0 ? e->col : 0;
			int len = e->col >= 0 ? (int)strlen(e->token) : v->edit.line.len;
			int i, ex;
			if (len < 1)
				len = 1;
			if (e->col >= 0 && from + len > v->edit.line.len + 1)
				len = 1;
			for (i = 0; i < len; i++)
				put(r, 1, x + from - off + i, ST_ERROR, i ? "~" : "^");
			ex = x + from - off + len + 1;
			if (!edit_error(r, ex, e) && *msg)
				status_row(r, 2, msg_style, msg);
			else if (!*msg && !r->hidden)
				putf(r, 2, 2, ST_DIM, "the panels keep %s = %s (n = %u)",
				     c->hex, c->dec, c->bits);
			return;
		}
	} else {
		x = put(r, 0, x + 1, ST_DIM, "const");
		room = hx - x - 2;
		{
			char buf[DASH_LINE_MAX + 8];
			int len = (int)strlen(c->expr);
			if (len > room && room > 3)
				snprintf(buf, sizeof buf, "%.*s%s", room - 1, c->expr, g.ell);
			else
				snprintf(buf, sizeof buf, "%s", c->expr);
			put(r, 0, x + 1, ST_INPUT, buf);
		}
	}
	if (r->hidden)
		put(r, 1, 2, ST_DIM, "= " HIDDEN " (naf would show p)");
	else
		value_row(d, r);
	if (*msg)
		status_row(r, 2, msg_style, msg);
	else if (v->mode == MODE_EDIT && v->edit.wider)
		putf(r, 2, 2, ST_WEAK, "needs n = %u: Enter shows it (n is held "
		     "at %u while you type)", v->edit.wider, v->edit.hold);
	else if (v->mode == MODE_EDIT && !v->edit.orig_bits)
		putf(r, 2, 2, ST_DIM, "live: the panels follow what you type, "
		     "n held at %u until Enter", v->edit.hold);
	else if (v->mode == MODE_EDIT)
		put(r, 2, 2, ST_DIM, "live: the panels follow what you type");
}

static void draw_footer(const dash *d, const rect *r, int *cy, int *cx)
{
	const dash_view *v = dash_keys_view(d);
	const dash_keys_binding *b;
	int x = 0;

	if (v->mode == MODE_CMD) {
		char buf[DASH_LINE_MAX + 1];
		int room = r->w - 2, off = scroll_for(v->cmd.line.len, v->cmd.line.cur, room);
		put(r, 0, 0, ST_KEY, ":");
		snprintf(buf, sizeof buf, "%.*s", room, v->cmd.line.buf + off);
		put(r, 0, 1, ST_INPUT, buf);
		*cy = r->y;
		*cx = 1 + v->cmd.line.cur - off;
		return;
	}
	for (b = dash_keys_table; b->name || b->fn; b++) {
		int w;
		if (!b->hint || !(b->modes & (unsigned)v->mode))
			continue;
		/* "e edit": the key, then what it does */
		const char *sp = strchr(b->hint, ' ');
		char key[32];
		w = width(b->hint);
		if (x + w > r->w - 1)
			break;
		snprintf(key, sizeof key, "%.*s", sp ? (int)(sp - b->hint) : w,
		         b->hint);
		x = put(r, 0, x, ST_KEY, key);
		x = put(r, 0, x, ST_DIM, sp ? sp : "") + 2;
	}
}

/* ---- decomposition --------------------------------------------------------- */

/* The decomposition's title; the weights go in it when there is no
 * room for them beside the digits (a row saved at 64 bits), in the
 * longest form that leaves room for the selected digit on the right. */
static void decomp_title(const rect *r, const dash_model_const *c, int beside,
                         const char *right)
{
	char t[3][96];
	int i;

	if (beside) {
		snprintf(t[0], sizeof t[0], "Decomposition of p on %u bits", c->bits);
		title(r, t[0], right);
		return;
	}
	snprintf(t[0], sizeof t[0], "Decomposition of p on %u bits; weights: "
	         "binary %zu, NAF %zu", c->bits, c->bin_weight, c->naf_weight);
	snprintf(t[1], sizeof t[1], "Decomposition on %u bits; weights: binary "
	         "%zu, NAF %zu", c->bits, c->bin_weight, c->naf_weight);
	snprintf(t[2], sizeof t[2], "%u bits; weights: binary %zu, NAF %zu",
	         c->bits, c->bin_weight, c->naf_weight);
	for (i = 0; i < 2 && title_room(r, t[i]) < width(right); i++)
		;
	title(r, t[i], right);
}

static void draw_decomp(const dash *d, const rect *r)
{
	const dash_model_const *c = dash_state_model(d);
	char right[64], wt[160];
	int n = (int)c->bits, i, x0 = 6, beside = weights_beside(d, r->w);
	int sel = dash_state_sel(d), v = c->naf.d[sel];
	size_t ops = c->naf_weight ? c->naf_weight - 1 : 0;
	flow f;
	const char *p;

	snprintf(right, sizeof right, "digit 2^%d = %c", sel,
	         v > 0 ? '+' : v < 0 ? '-' : '0');
	decomp_title(r, c, beside, right);
	put(r, 1, 1, ST_DIM, "bits");
	for (i = 0; i < n; i++)
		put(r, 1, x0 + i, c->bin[i] == '1' ? ST_NORMAL : ST_DIM,
		    c->bin[i] == '1' ? "1" : "0");
	put(r, 2, 1, ST_DIM, "NAF");
	for (i = 0; i < n; i++) {
		int e = n - 1 - i, dg = c->naf.d[e];
		int st = e == sel ? ST_SELECT : dg > 0 ? ST_PLUS : dg < 0 ? ST_MINUS
		         : ST_DIM;
		put(r, 2, x0 + i, st, dg > 0 ? "+" : dg < 0 ? "-" : "0");
	}
	snprintf(wt, sizeof wt, "NAF weight %zu: %zu add/sub", c->naf_weight, ops);
	if (beside) {
		putf(r, 1, x0 + n + 3, ST_NORMAL, "binary weight %zu", c->bin_weight);
		put(r, 2, x0 + n + 3, ST_NORMAL, wt);
	}
	put(r, 3, 1, ST_DIM, "sum");
	f = (flow){ r, 3, x0, x0, r->h - 1, 0, 1 };
	/* terms "2^31", "+ 2^29", ... each kept whole */
	{
		char term[32];
		for (p = c->sum; next_term(&p, term, sizeof term);)
			flow_item(&f, term, ST_NORMAL, 0);
	}
	if (c->naf.wrapped)
		flow_item(&f, SUM_WRAPS, ST_DIM, 0);
}

/* ---- continued fraction ------------------------------------------------- */

/* Golden prefix, length and largest quotient, distance to 1/phi, from
 * row y; returns the row after.  A huge quotient takes the length onto
 * the golden prefix's row, so the quotient's row holds it whole; rows
 * past the panel's end are counted on its last row instead ("c" shows
 * the convergents in their place). */
static int cf_figures(const dash_model_const *c, const rect *r, int y)
{
	const cf_seq *cf = &c->cf;
	char line[4][160], gp[64], g1[32];
	int n = 0, i, room = r->h - y;

	if (c->golden.prefix < 0)
		snprintf(gp, sizeof gp, "golden prefix endless");
	else
		snprintf(gp, sizeof gp, "golden prefix %ld%s", c->golden.prefix,
		         c->golden.mirrored ? " (of 1 - x)" : "");
	if (c->golden.max_index) {
		char *q = mpz_get_str(NULL, 10, cf->a[c->golden.max_index]);
		snprintf(line[0], sizeof line[0], "%s", gp);
		snprintf(line[1], sizeof line[1], "%zu terms; largest a_%zu = %s",
		         cf->n, c->golden.max_index, q);
		if (width(line[1]) > r->w - 2) {
			snprintf(line[0], sizeof line[0], "%s; %zu terms", gp, cf->n);
			snprintf(line[1], sizeof line[1], "largest a_%zu = %s",
			         c->golden.max_index, q);
		}
		free(q);
	} else {
		snprintf(line[0], sizeof line[0], "%s", gp);
		snprintf(line[1], sizeof line[1], "%zu term%s", cf->n,
		         cf->n == 1 ? "" : "s");
	}
	n = 2;
	if (c->dist == 0)
		snprintf(line[n++], sizeof line[0], "|x - 1/%s| = 0", g.phi);
	else
		snprintf(line[n++], sizeof line[0], "|x - 1/%s| = %s (%.1f bits)",
		         g.phi, fmt_g(g1, sizeof g1, c->dist, 3), c->dbits);
	if (c->mdist < c->dist)
		snprintf(line[n++], sizeof line[0], "|1-x - 1/%s| = %s (%.1f bits)",
		         g.phi, fmt_g(g1, sizeof g1, c->mdist, 3), c->mbits);
	for (i = 0; i < n; i++) {
		if (i == room - 1 && n > room) {
			putf(r, y++, 1, ST_DIM, "%s %d more row%s: :cf", g.ell,
			     n - i, n - i == 1 ? "" : "s");
			break;
		}
		put(r, y++, 1, ST_NORMAL, line[i]);
	}
	return y;
}

/* The convergents into f (drawn only if draw). */
static void conv_flow(const dash_model_const *c, flow *f, int draw)
{
	const cf_seq *cf = &c->cf;
	char buf[96];
	size_t k;

	f->draw = draw;
	for (k = 0; k < cf->n; k++) {
		char *ps = mpz_get_str(NULL, 10, c->conv_p[k]);
		char *qs = mpz_get_str(NULL, 10, c->conv_q[k]);
		int big = k + 1 < cf->n && mpz_cmp_ui(cf->a[k + 1], 1) > 0;
		snprintf(buf, sizeof buf, "%s/%s", ps, qs);
		flow_item(f, buf, big ? ST_HILITE : ST_NORMAL, 0);
		free(ps);
		free(qs);
	}
}

static void draw_cf(const dash *d, const rect *r)
{
	const dash_view *v = dash_keys_view(d);
	const dash_model_const *c = dash_state_model(d);
	const cf_seq *cf = &c->cf;
	char t[64];
	size_t k;
	flow f;
	int y;

	snprintf(t, sizeof t, "Continued fraction of p/2^%u", c->bits);
	title(r, t, v->show_conv ? "c hides p/q" : "c: p/q");
	/* [a0; a1, ...] with runs of 4 or more written "1 (x20)" */
	f = (flow){ r, 1, 1, 1, r->h - 1, 0, 1 };
	for (k = 0; k < cf->n;) {
		size_t run = 1;
		char item[96], *num = mpz_get_str(NULL, 10, cf->a[k]);
		int is_one = mpz_cmp_ui(cf->a[k], 1) == 0;
		int last;
		while (k > 0 && k + run < cf->n && !mpz_cmp(cf->a[k + run], cf->a[k]))
			run++;
		if (run < 4)
			run = 1;
		last = k + run == cf->n;
		if (k == 0)
			snprintf(item, sizeof item, "[%s%s", num, last ? "]" : ";");
		else if (run > 1)
			snprintf(item, sizeof item, "%s (%s%zu)%s", num, g.times, run,
			         last ? "]" : ",");
		else
			snprintf(item, sizeof item, "%s%s", num, last ? "]" : ",");
		/* a0 is the integer part; the quotients after it that are not 1
		 * are where p/2^n leaves the golden ratio */
		flow_item(&f, item, k > 0 && !is_one ? ST_HILITE : ST_NORMAL,
		          k > 0 && !is_one ? (int)strlen(num) : 0);
		free(num);
		k += run;
	}
	y = f.y + 1;
	/* the convergents need 3 rows at least: if the figures below leave
	 * fewer, they give way */
	if (!v->show_conv || r->h - y - (c->mdist < c->dist ? 4 : 3) >= 4)
		y = cf_figures(c, r, y);
	if (!v->show_conv)
		return;
	/* convergents p_k/q_k, flowed; the one before a large quotient is a
	 * very good approximation, so it is highlighted */
	put(r, y, 1, ST_DIM, "convergents p_k/q_k:");
	f = (flow){ r, y + 1, 1, 1, r->h - 1, 0, 0 };
	conv_flow(c, &f, 0);                /* do they all fit? */
	k = (size_t)f.lost;
	f = (flow){ r, y + 1, 1, 1, r->h - 1 - (k > 0), 0, 1 };
	conv_flow(c, &f, 1);
	if (k)
		putf(r, r->h - 1, 1, ST_DIM, "%s %d more: :cf --convergents", g.ell,
		     f.lost);
}

/* ---- code ------------------------------------------------------------------ */

/* One line of C, coloured by token. */
static void code_line(const rect *r, int y, int x, const char *s, int *in_comment)
{
	const char *p = s;

	if (*in_comment || !strncmp(s + strspn(s, " "), "/*", 2)) {
		*in_comment = !strstr(s, "*/");
		put(r, y, x, ST_CODE_COMMENT, s);
		return;
	}
	if (s[strspn(s, " ")] == '#') {
		put(r, y, x, ST_CODE_PREPROC, s);
		return;
	}
	while (*p) {
		char tok[128];
		size_t n;
		int st = ST_NORMAL;

		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
			n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			           "0123456789_");
			snprintf(tok, sizeof tok, "%.*s", (int)n, p);
			if (!strcmp(tok, "return"))
				st = ST_CODE_KEYWORD;
			else if (n > 2 && !strcmp(tok + n - 2, "_t"))
				st = ST_CODE_TYPE;
		} else if (*p >= '0' && *p <= '9') {
			n = strspn(p, "0123456789abcdefABCDEFxXuU");
			st = ST_CODE_NUMBER;
		} else if (strchr("<>+-=&|*", *p)) {
			n = strspn(p, "<>+-=&|*");
			st = ST_CODE_OP;
		} else {
			n = 1;
		}
		snprintf(tok, sizeof tok, "%.*s", (int)n, p);
		x = put(r, y, x, st, tok);
		p += n;
	}
}

#define CODE_LINES 256

static int piece(char **lines, int n, const char *prefix, const char *s,
                 size_t len)
{
	char *x = xmalloc(strlen(prefix) + len + 1, "prefixed line");

	sprintf(x, "%s%.*s", prefix, (int)len, s);
	lines[n] = x;
	return n + 1;
}

/* The code as display lines of at most w columns: tabs as 4 columns, a
 * long line cut at a space, its pieces indented (comments go on as
 * comments).  *fn and *decl receive the lines of the function's
 * signature and of its declaration of hash and n. */
static int code_lines(const char *code, int w, char **lines, int *fn,
                      int *decl)
{
	char *text = xmalloc(strlen(code) * 4 + 1, "code text"), *p, *next;
	int n = 0, i = 0;

	for (; *code; code++) {
		if (*code == '\t') {
			memset(text + i, ' ', 4);
			i += 4;
		} else {
			text[i++] = *code;
		}
	}
	text[i] = '\0';
	*fn = *decl = 0;
	for (p = text; *p && n < CODE_LINES; p = next) {
		int comment = !strncmp(p, "/*", 2) || !strncmp(p, " *", 2);
		const char *prefix = "";
		next = p + strcspn(p, "\n");
		if (*next)
			*next++ = '\0';
		if (strstr(p, "cfx_mul_shift_add("))
			*fn = n;
		if (strstr(p, " hash = 0, n = x;"))
			*decl = n;
		while (n < CODE_LINES) {
			int room = w - (int)strlen(prefix), cut, k;
			if (room < 8)
				room = 8;
			if ((int)strlen(p) <= room) {
				n = piece(lines, n, prefix, p, strlen(p));
				break;
			}
			cut = room;
			for (k = room; k > room / 2; k--)
				if (p[k] == ' ') {
					cut = k;
					break;
				}
			n = piece(lines, n, prefix, p, (size_t)cut);
			p += cut;
			while (*p == ' ')
				p++;
			prefix = comment ? " *   " : "        ";
		}
	}
	free(text);
	return n;
}

/* The first code line asked for, -1: automatic (a position kept for
 * another constant is void). */
static int code_scroll(const dash *d)
{
	const dash_view *v = dash_keys_view(d);
	return v->code_gen == dash_state_gen(d) ? v->code_scroll : -1;
}

/* The code panel's summary: the cost and what it stands against, in the
 * longest form that fits w columns (at 120 columns the panel has 40). */
static void code_summary(char *t, size_t n, const char *cost, int w)
{
	static const char *const against[] = { " (vs 1 multiply)",
	                                        " (vs 1 mul)", "" };
	size_t i;

	for (i = 0; i < sizeof against / sizeof *against; i++) {
		snprintf(t, n, "%s%s", cost, against[i]);
		if (width(t) <= w)
			break;
	}
}

/* The code panel's title: the lines above and below the ones shown are
 * counted on the right of it, never over the code. */
static void code_title(const rect *r, int opt, int above, int below)
{
	const char *t = opt ? "Fewest adders" : "Shift/add code";
	char f[4][64];
	const char *form[4] = { f[0], f[1], f[2], f[3] };

	if (above && below) {
		snprintf(f[0], sizeof f[0], "%s PgUp: %d, %s PgDn: %d more", g.up,
		         above, g.down, below);
		snprintf(f[1], sizeof f[1], "%s%d %s%d more, PgUp PgDn", g.up,
		         above, g.down, below);
		snprintf(f[2], sizeof f[2], "%s%d %s%d more", g.up, above, g.down,
		         below);
		snprintf(f[3], sizeof f[3], "%s%d %s%d", g.up, above, g.down, below);
	} else if (above || below) {
		const char *arrow = above ? g.up : g.down, *key = above ? "PgUp"
		                    : "PgDn";
		int k = above ? above : below;
		snprintf(f[0], sizeof f[0], "%s %s: %d more", arrow, key, k);
		snprintf(f[1], sizeof f[1], "%s%d more, %s", arrow, k, key);
		snprintf(f[2], sizeof f[2], "%s%d more", arrow, k);
		snprintf(f[3], sizeof f[3], "%s%d", arrow, k);
	} else {
		snprintf(f[0], sizeof f[0], "%s", opt ? "cfx shifts --optimal "
		         "--emit c" : "cfx shifts --emit c");
		f[1][0] = f[2][0] = f[3][0] = '\0';
	}
	title(r, t, first_fit(form, 4, title_room(r, t)));
}

static void draw_code(const dash *d, const rect *r, dash_frame *frame)
{
	const dash_view *v = dash_keys_view(d);
	const dash_model_const *c = dash_state_model(d);
	char *lines[CODE_LINES], t[96];
	int n, i, vis = r->h - 2, top, in_comment = 0, fn, decl;
	int opt = v->code_optimal && c->opt_code;  /* made by the loop */
	int scroll = code_scroll(d);

	n = code_lines(opt ? c->opt_code : c->code, r->w - 2, lines, &fn, &decl);
	/* a short panel opens at the function's signature: the comment
	 * above repeats what the decomposition shows */
	top = scroll >= 0 ? scroll : n <= vis ? 0 : fn;
	if (top > n - vis)
		top = n - vis;
	if (top < 0)
		top = 0;
	if (scroll >= 0)
		frame->code_scroll = top;
	frame->code_top = top;
	for (i = 0; i < top; i++) {   /* comment state of the lines skipped */
		if (!strncmp(lines[i], "/*", 2))
			in_comment = !strstr(lines[i], "*/");
		else if (in_comment && strstr(lines[i], "*/"))
			in_comment = 0;
	}
	code_title(r, opt, top, n - top - vis > 0 ? n - top - vis : 0);
	if (opt) {
		code_summary(t, sizeof t, c->opt_cost, r->w - 2);
	} else {
		char cost[96];
		code_summary(t, sizeof t, sas_cost_text(&c->sas, 1, cost,
		             sizeof cost), r->w - 2);
	}
	put(r, 1, 1, ST_NORMAL, t);
	for (i = 0; i < vis && top + i < n; i++)
		code_line(r, 2 + i, 1, lines[top + i], &in_comment);
	for (i = 0; i < n; i++)
		free(lines[i]);
}

/* ---- spectrum ---------------------------------------------------------------- */

/* First index i with pts[i] >= v. */
static uint64_t lower(const uint64_t *pts, uint64_t n, unsigned __int128 v)
{
	uint64_t lo = 0, hi = n;

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (pts[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const char *u128_text(unsigned __int128 v, char *buf, size_t n)
{
	if (v >> 64)
		snprintf(buf, n, "2^64");
	else
		snprintf(buf, n, "%llu", (unsigned long long)v);
	return buf;
}

/* The circle [0, 1) cut open on w cells of row y from column x: a cell
 * with a point shows it, any other the class of the gap around its
 * middle. */
static void strip(const rect *r, int y, int x, int w, const dash_model_spec *s)
{
	unsigned __int128 circle = (unsigned __int128)1 << s->bits;
	int c;

	for (c = 0; c < w; c++) {
		unsigned __int128 lo = circle * (unsigned)c / (unsigned)w;
		unsigned __int128 hi = circle * (unsigned)(c + 1) / (unsigned)w;
		uint64_t a = lower(s->pts, s->count, lo), b = lower(s->pts, s->count, hi);
		if (b > a) {
			put(r, y, x + c, ST_POINT, b - a > 1 ? g.points : g.point);
		} else {
			unsigned __int128 mid = (lo + hi) / 2, len;
			uint64_t j = lower(s->pts, s->count, mid);
			int k;
			if (j == 0 || j == s->count)
				len = circle - s->pts[s->count - 1] + s->pts[0];
			else
				len = s->pts[j] - s->pts[j - 1];
			k = dash_model_spec_class(s, len);
			if (k < 0)
				k = 0;
			put(r, y, x + c, ST_GAP0 + k, g.gap[k]);
		}
	}
}

static void draw_spec(const dash *d, const rect *r)
{
	const dash_model_spec *s = dash_state_spec(d);
	static const char *const names3[] = { "short", "medium", "long" };
	static const char *const names2[] = { "short", "long" };
	unsigned __int128 circle = (unsigned __int128)1 << s->bits;
	char t[96], u[48];
	int sw = r->w - 10, i, y, past, legend = s->ok ? s->r.ngaps + 1 : 1;

	snprintf(t, sizeof t, "Spectrum {k p/2^%u}, K = %llu", s->bits,
	         (unsigned long long)s->count);
	title(r, t, "[ ] K");
	if (!s->ok) {
		putf(r, 2, 1, ST_ERROR, "%s", s->err.msg);
		return;
	}
	/* rows for K - past .. K, so a new point can be seen splitting a gap;
	 * each row is coloured by its own gap lengths */
	past = r->h - 2 - legend - 1;
	if (past > DASH_PAST)
		past = DASH_PAST;
	if (past > (int)s->count - 1)
		past = (int)s->count - 1;
	if (s->count > DASH_PAST_K || past < 0)
		past = 0;
	put(r, 1, 1, ST_DIM, "K");
	put(r, 1, 7, ST_DIM, "0");
	put(r, 1, 8 + sw - 1, ST_DIM, "1");
	y = 2;
	for (i = past; i >= 0; i--, y++) {
		const dash_model_spec *ps = dash_state_spec(d);
		uint64_t k = s->count - (uint64_t)i;
		if (i)
			ps = dash_state_spec_past(d, (unsigned)i);
		/* rows for smaller K are out of room: ▲ says so (a taller
		 * terminal shows more) */
		if (y == 2 && k > 1)
			putf(r, y, 1, ST_DIM, "%s%4llu", g.up, (unsigned long long)k);
		else
			putf(r, y, 1, i ? ST_DIM : ST_NORMAL, "%5llu",
			     (unsigned long long)k);
		if (ps->ok) {
			strip(r, y, 7, sw, ps);
			putf(r, y, 8 + sw, ST_DIM, "%d", ps->r.ngaps);
		}
	}
	for (i = 0; i < s->r.ngaps && y < r->h; i++, y++) {
		const spec_gap *gp = &s->r.gap[i];
		const char *name = s->r.ngaps == 3 ? names3[i] : s->r.ngaps == 2
		                   ? names2[i] : "one";
		double len = (double)gp->length / (double)circle;
		int x = put(r, y, 1, ST_GAP0 + i, g.gap[i]);
		x = put(r, y, x, ST_GAP0 + i, g.gap[i]);
		/* six decimals until they would all be 0 (64 bits, a small p) */
		if (len >= 1e-4)
			snprintf(u, sizeof u, "%.6f", len);
		else
			fmt_g(u, sizeof u, len, 4);
		x = putf(r, y, x + 1, ST_NORMAL, "%-6s %-8s %s%-5llu", name, u,
		         g.times, (unsigned long long)gp->count);
		snprintf(t, sizeof t, "= %s/2^%u", u128_text(gp->length, u, sizeof u),
		         s->bits);
		if (x + 1 + width(t) < r->w)
			put(r, y, x + 1, ST_DIM, t);
	}
	if (y < r->h) {
		snprintf(t, sizeof t, "%d length%s; max/min %.4g", s->r.ngaps,
		         s->r.ngaps == 1 ? "" : "s", s->r.max_min_ratio);
		if (s->r.ngaps == 3 && width(t) + 24 <= r->w - 1)
			snprintf(t, sizeof t, "3 lengths: long = short + medium; "
			         "max/min %.4g", s->r.max_min_ratio);
		put(r, y++, 1, ST_NORMAL, t);
		/* never cut: the identity takes a row of its own, or none */
		if (s->r.ngaps == 3 && !strstr(t, "long =") && y < r->h)
			put(r, y++, 1, ST_DIM, "long = short + medium");
	}
}

/* ---- buckets -------------------------------------------------------------- */

static const char *count_text(size_t n, char *buf, size_t len)
{
	if (n && !(n & (n - 1)))
		snprintf(buf, len, "2^%d", __builtin_ctzll(n));
	else
		snprintf(buf, len, "%zu", n);
	return buf;
}

static int verdict_style(score_verdict v)
{
	return v == SCORE_GOOD ? ST_GOOD : v == SCORE_WEAK ? ST_WEAK :
	       v == SCORE_BAD ? ST_BAD : ST_DIM;
}

/* The bars in one row (a panel with no room for more): eighths of the
 * tallest, then the loads they span. */
static void hist_row(const uint64_t *colv, int ncol, int cw, uint64_t vmax,
                     uint64_t lo, uint64_t hi, const rect *hr, int st)
{
	char buf[64];
	int c, k, x;

	for (c = 0; c < ncol; c++) {
		long h8 = colv[c] ? (long)((double)colv[c] * 8 / (double)vmax + 0.5) : 0;
		if (colv[c] && h8 < 1)
			h8 = 1;
		for (k = 0; k < (cw > 2 ? cw - 1 : cw); k++)
			put(hr, 0, c * cw + k, st, g.block[h8 > 8 ? 8 : h8]);
	}
	x = ncol * cw + 1;
	snprintf(buf, sizeof buf, "loads %llu..%llu", (unsigned long long)lo,
	         (unsigned long long)hi);
	if (x + width(buf) <= hr->w)
		put(hr, 0, x, ST_DIM, buf);
}

/* Bars of bucket counts over load values; the last row is the axis (a
 * rect of one row: hist_row). */
static void draw_hist(const dash_work_score *s, const rect *hr, int st)
{
	int rows = hr->h - 1, cols = hr->w, c, j, cw = 1, ncol;
	size_t per = 1, nb, i, lo;
	uint64_t colv[512], vmax = 0;
	char buf[48];

	if (rows < 0 || cols < 24 || !s || s->failed || !s->nhist)
		return;
	if (cols > 512)
		cols = 512;
	if (rows == 0)
		cols -= 16;             /* the loads' text beside the row */
	/* from the smallest load that occurs: loads cluster near E */
	for (lo = 0; lo + 1 < s->nhist && !s->hist[lo]; lo++)
		;
	nb = s->nhist - lo;
	if (nb <= (size_t)cols) {
		cw = cols / (int)nb;
		if (cw > 6)
			cw = 6;
		ncol = (int)nb;
	} else {
		per = (nb + (size_t)cols - 1) / (size_t)cols;
		ncol = (int)((nb + per - 1) / per);
	}
	for (c = 0; c < ncol; c++) {
		colv[c] = 0;
		for (i = (size_t)c * per; i < (size_t)(c + 1) * per && i < nb; i++)
			colv[c] += s->hist[lo + i];
		if (colv[c] > vmax)
			vmax = colv[c];
	}
	if (rows == 0) {
		hist_row(colv, ncol, cw, vmax, lo * s->hstep, s->r.max_load, hr, st);
		return;
	}
	for (c = 0; c < ncol; c++) {
		long h8 = colv[c] ? (long)((double)colv[c] * rows * 8 / (double)vmax
		                            + 0.5) : 0;
		if (colv[c] && h8 < 1)
			h8 = 1;
		for (j = 0; j < rows; j++) {
			long fill = h8 - 8L * j;
			int k;
			if (fill <= 0)
				break;
			for (k = 0; k < (cw > 2 ? cw - 1 : cw); k++)
				put(hr, rows - 1 - j, c * cw + k, st,
				    g.block[fill > 8 ? 8 : fill]);
		}
	}
	/* axis: load 0 at the left, the largest at the right, E marked */
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)(lo * s->hstep));
	put(hr, rows, 0, ST_DIM, buf);
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)s->r.max_load);
	if (ncol * cw - (int)strlen(buf) > 4)
		put(hr, rows, ncol * cw - (int)strlen(buf), ST_DIM, buf);
	{
		double e = s->r.expected_load / (double)s->hstep - (double)lo;
		int ex = (int)(e / (double)per * cw + cw / 2);
		snprintf(buf, sizeof buf, "%sE", g.up);
		if (e >= 0 && ex > 4 && ex + 2 < ncol * cw - 4)
			put(hr, rows, ex, ST_DIM, buf);
	}
	snprintf(buf, sizeof buf, "buckets by load, peak %llu",
	         (unsigned long long)vmax);
	/* right of the bars, never over them (a narrow panel beside a lesson
	 * has no room for a long peak); the last column of a wide bar's cell
	 * is a gap */
	if (cols - (int)strlen(buf) >= ncol * cw - (cw > 2))
		put(hr, 0, cols - (int)strlen(buf), ST_DIM, buf);
}

/* "good . weak w bad X none ?", each word in its style and glyph, at (y,
 * x) of r when it fits there whole (none: fewer than SCORE_MIN_KEYS keys,
 * the ? of a short sweep). */
static void legend_verdicts(const rect *r, int y, int x)
{
	int v, w = 0;

	for (v = SCORE_GOOD; v <= SCORE_NONE; v++)
		w += width(g.verdict[v]) + 1 +
		     width(score_verdict_name((score_verdict)v)) + 2;
	if (x + w - 2 > r->w - 1)
		return;
	for (v = SCORE_GOOD; v <= SCORE_NONE; v++) {
		x = put(r, y, x, verdict_style((score_verdict)v), g.verdict[v]);
		x = put(r, y, x + 1, ST_DIM, score_verdict_name((score_verdict)v)) + 2;
	}
}

/* Cells of the sweep strip per row in a panel w wide (n in all). */
static int sweep_per_row(int n, int w)
{
	int per = n;

	while (per + 8 > w - 1 && per > 8)
		per = (per + 1) / 2;
	return per;
}

/* The verify strip: one cell per family (or per group of neighbours, the
 * worst of them), filled in as the worker judges them. */
static void draw_verify(const dash *d, const rect *r, int y)
{
	const dash_scoring *work = dash_state_scoring(d);
	static const score_verdict as[] = { SCORE_GOOD, SCORE_WEAK, SCORE_BAD };
	const dash_work_sweep *sw = &work->sweep;
	int cur = sw->vp == work->par.p && sw->vbits == work->par.bits &&
	          sw->vn;
	int avail = r->w - 32, per = 1, i, x;
	unsigned j;

	x = put(r, y, 1, ST_DIM, "verify ");
	if (work->par.bits < VERIFY_MIN_BITS) {
		putf(r, y, x, ST_DIM, "judges words of %d bits or more (w)",
		     VERIFY_MIN_BITS);
		return;
	}
	if (!cur) {
		putf(r, y, x, ST_DIM, "waiting%s", g.ell);
		return;
	}
	if (avail < 8)
		avail = 8;
	while (((int)sw->vn + per - 1) / per > avail)
		per++;
	for (i = 0; i * per < (int)sw->vn; i++) {
		int worst = -1, info = 0;
		for (j = (unsigned)(i * per); j < sw->vn && j < (unsigned)(i + 1) *
		     (unsigned)per; j++) {
			if (j < sw->vdone && sw->vst[j] < 3 && (int)sw->vst[j] > worst)
				worst = sw->vst[j];
			info |= j < sw->vdone && sw->vst[j] == VERIFY_INFO;
		}
		if (worst >= 0)
			put(r, y, x + i, verdict_style(as[worst]), g.verdict[as[worst]]);
		else if (info)          /* judged, but too few keys to say */
			put(r, y, x + i, ST_DIM, g.verdict[SCORE_NONE]);
		else
			put(r, y, x + i, ST_DIM, g.pending);
	}
	x += i + 1;
	if (sw->vdone < sw->vn)
		putf(r, y, x, ST_DIM, "%u/%u families", sw->vdone, sw->vn);
	else if (sw->vfail)
		putf(r, y, x, verdict_style(SCORE_BAD), "FAIL %u (:verify)",
		     sw->vfail);
	else
		putf(r, y, x, verdict_style(sw->vwarn ? SCORE_WEAK : SCORE_GOOD),
		     sw->vwarn ? "PASS, %u WARN" : "PASS", sw->vwarn);
}

/* The sweep strip's first row: what it hashes and its worst stride, the
 * longest form that fits; a b capped below the bucket panel's says so. */
static void sweep_head(const dash *d, const rect *r, int y, int cur)
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_sweep *sw = &work->sweep;
	unsigned b = work->par.sweep_b;
	int capped = b < work->par.b, i, j, room = r->w - 2;
	char lab[4][96], res[2][64], c1[16], g1[32], t[160];
	int st;

	count_text(work->par.sweep_count, c1, sizeof c1);
	snprintf(lab[0], sizeof lab[0], "stride sweep, keys k*2^s: 2^%u buckets%s, "
	         "%s keys per s;", b, capped ? " (b capped)" : "", c1);
	snprintf(lab[1], sizeof lab[1], "sweep k*2^s, b=%u%s:", b,
	         capped ? " (capped)" : "");
	snprintf(lab[2], sizeof lab[2], "sweep b=%u%s:", b, capped ? " (capped)"
	         : "");
	snprintf(lab[3], sizeof lab[3], "sweep b=%u%s:", b, capped ? " max" : "");
	if (cur && sw->done == sw->bits) {
		fmt_g(g1, sizeof g1, sw->R[sw->worst], 3);
		snprintf(res[0], sizeof res[0], "worst s=%u R %s %s", sw->worst, g1,
		         score_verdict_name(sw->v[sw->worst]));
		snprintf(res[1], sizeof res[1], "s=%u R %s %s", sw->worst, g1,
		         score_verdict_name(sw->v[sw->worst]));
		st = verdict_style(sw->v[sw->worst]);
	} else {
		snprintf(res[0], sizeof res[0], "running %u/%u", cur ? sw->done : 0,
		         work->par.bits);
		snprintf(res[1], sizeof res[1], "%u/%u", cur ? sw->done : 0,
		         work->par.bits);
		st = ST_DIM;
	}
	for (i = 0; i < 4; i++)
		for (j = 0; j < 2; j++) {
			snprintf(t, sizeof t, "%s %s", lab[i], res[j]);
			if (width(t) <= room || (i == 3 && j == 1)) {
				int x = put(r, y, 1, ST_DIM, lab[i]);
				put(r, y, x + 1, st, res[j]);
				return;
			}
		}
}

static void draw_sweep(const dash *d, const rect *r, int y, int rows)
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_sweep *sw = &work->sweep;
	int cur = sw->bits == work->par.bits && sw->p == work->par.p &&
	          sw->b == work->par.sweep_b && sw->count == work->par.sweep_count;
	int n = (int)work->par.bits, per = sweep_per_row(n, r->w), i, x;

	if (rows == 1 && y >= 1) {
		/* no room for the strips here: say where they are */
		static const char *const form[] = {
			"sweep and verify strips: on a taller terminal, or :sweep :verify",
			"sweep, verify strips: taller terminal, :sweep :verify",
			"strips: taller terminal, :sweep :verify",
			"strips: :sweep :verify",
		};
		put(r, y, 1, ST_DIM, first_fit(form, 4, r->w - 2));
		return;
	}
	if (rows < 3 || y < 1)
		return;
	sweep_head(d, r, y, cur);
	for (i = 0; i < n; i++) {
		int row = y + 1 + i / per, col = 7 + i % per;
		if (row >= y + rows - 1)    /* the last row is verify's */
			break;
		if (i % per == 0)
			putf(r, row, 1, ST_DIM, "s=%-2d", i);
		if (cur && (unsigned)i < sw->done)
			put(r, row, col, verdict_style(sw->v[i]), g.verdict[sw->v[i]]);
		else
			put(r, row, col, ST_DIM, g.pending);
		if (i % per == per - 1 || i == n - 1) {
			x = putf(r, row, col + 2, ST_DIM, "%d", i);
			if (r->w >= 90 && row == y + 1)
				legend_verdicts(r, row, x + 3);
		}
	}
	draw_verify(d, r, y + rows - 1);
}

/* What the worker is doing for the current settings, at (y, x) of r: a
 * bar while hashing. */
static void draw_progress(const dash *d, const rect *r, int y, int x)
{
	const dash_scoring *work = dash_state_scoring(d);
	int i, fill;

	if (work->st.gen == work->gen && work->st.phase == DASH_WORK_KEYS &&
	    work->st.frac > 0) {
		/* keys_make reports how far it has come */
		putf(r, y, x, ST_NORMAL, "making keys %3.0f%%", work->st.frac * 100);
		return;
	}
	if (work->st.gen != work->gen || work->st.phase == DASH_WORK_KEYS) {
		putf(r, y, x, ST_NORMAL, "making keys%s", g.ell);
		return;
	}
	if (work->st.phase != DASH_WORK_HASH) {
		putf(r, y, x, ST_NORMAL, "updating%s", g.ell);
		return;
	}
	x = put(r, y, x, ST_NORMAL, "hashing ");
	fill = (int)(work->st.frac * 20);
	for (i = 0; i < 20; i++)
		put(r, y, x + i, i < fill ? ST_BAR : ST_DIM, i < fill ? " " : g.h);
	putf(r, y, x + 21, ST_NORMAL, "%3.0f%%", work->st.frac * 100);
}

/* When the keys are every key of their kind (keys_cover_word), why the
 * loads are even whatever p is, in at most w columns, into t; 1 if there
 * is such a note, else 0. */
static int cover_text(const dash *d, int w, char *t, size_t n)
{
	const dash_scoring *work = dash_state_scoring(d);
	keys_spec ks;
	unsigned space;
	int covers;

	if (!(dash_state_model(d)->p & 1) || !work->par.fam.ok)
		return 0;
	ks = keys_family_spec(&work->par.fam);
	covers = keys_cover_word(&ks, work->par.bits, work->par.count);
	space = keys_space_bits(&ks, work->par.bits);
	if (!covers)
		return 0;
	if (space == work->par.bits)
		snprintf(t, n, "keys = all 2^%u words", space);
	else
		snprintf(t, n, "keys = all 2^%u multiples of 2^%u", space,
		         work->par.bits - space);
	if (width(t) + 56 <= w)
		strncat(t, ": any odd p permutes them, so every p spreads them "
		        "evenly", n - strlen(t) - 1);
	else if (width(t) + 21 <= w)
		strncat(t, ": even for any odd p", n - strlen(t) - 1);
	else
		snprintf(t, n, "keys cover the word: even for any odd p");
	return 1;
}

/* The cover note at (y, x) of r in w columns; 1 if there is one. */
static int cover_note(const dash *d, const rect *r, int y, int x, int w)
{
	char t[160];

	if (!cover_text(d, w, t, sizeof t))
		return 0;
	put(r, y, x, ST_WEAK, t);
	return 1;
}

/* Rows of the bucket panel r (inside its title) that the sweep and verify
 * strips take: all they need (srows) when the figures above keep fig
 * rows, else 1 for a line saying where they are. */
static int sweep_rows_for(const rect *r, int srows, int fig)
{
	return r->h - 1 - fig >= srows ? srows : 1;
}

static void draw_buckets(const dash *d, const rect *r)
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_score *s = work->score;
	int cur = s && s->gen == work->gen, st, y, sweep_rows, n = (int)work->par.bits;
	int per = sweep_per_row(n, r->w), srows, wide = r->w >= 90;
	char t[DASH_WORK_FAMILY_MAX + 96], c1[32], g1[32], g2[32], g3[32];
	rect hr;

	/* the longest title that fits: never cut mid-word */
	snprintf(t, sizeof t, "Buckets: %s %s keys into 2^%u (b = %u)",
	         count_text(work->par.count, c1, sizeof c1), work->par.fam.text,
	         work->par.b, work->par.b);
	if (width(t) + 4 > r->w)
		snprintf(t, sizeof t, "Buckets: %s %s keys, b = %u", c1,
		         work->par.fam.text, work->par.b);
	if (width(t) + 4 > r->w)
		snprintf(t, sizeof t, "Buckets: %s keys, b = %u", c1, work->par.b);
	title(r, t, NULL);
	srows = 2 + (n + per - 1) / per;   /* title, strides, verify */
	/* the figures, then the strips, then what rows are left for the
	 * bars (one row is a compact form of them) */
	if (wide)
		sweep_rows = sweep_rows_for(r, srows, 7);
	else
		sweep_rows = sweep_rows_for(r, srows, 2 + cover_text(d, r->w - 2, t,
		                                                       sizeof t));
	if (!s || s->failed) {
		if (!s) {
			draw_progress(d, r, 1, 1);
		} else if (s->err.token[0]) {
			putf(r, 1, 1, ST_ERROR, "keys: %s (%s)", s->err.msg, s->err.token);
			put(r, 2, 1, ST_DIM, "k cycles families; :set keys FAMILY");
		} else {
			putf(r, 1, 1, ST_ERROR, "keys: %s", s->err.msg);
			put(r, 2, 1, ST_DIM, "k cycles families; :set keys FAMILY");
		}
		draw_sweep(d, r, r->h - sweep_rows, sweep_rows);
		return;
	}
	/* a score for older settings is drawn dim under the progress */
	st = cur ? ST_NORMAL : ST_DIM;
	fmt_g(g1, sizeof g1, s->r.chi2, 6);
	fmt_g(g2, sizeof g2, s->r.p_value, 3);
	fmt_g(g3, sizeof g3, s->r.probe_ratio, 4);
	if (wide) {
		/* histogram on the left, figures on the right */
		int sx = r->w - 46;
		hr = RECT(r->y + 1, r->x + 1, r->h - 1 - sweep_rows, sx - 3);
		y = 1;
		putf(r, y++, sx, st, "keys     %zu distinct (%zu made)", s->r.keys,
		     s->made);
		putf(r, y++, sx, st, "load     max %llu, empty %llu, E = %s",
		     (unsigned long long)s->r.max_load,
		     (unsigned long long)s->r.empty,
		     fmt_g(c1, sizeof c1, s->r.expected_load, 4));
		put(r, y, sx, st, g.chi);
		putf(r, y++, sx + 9, st, "%s on %.0f dof", g1, s->r.dof);
		putf(r, y++, sx, st, "p-value  %s", g2);
		putf(r, y++, sx, st, "R        %s (lookup cost / random)", g3);
		y = put(r, y, sx, st, "verdict  ");
		put(r, 6, y, cur ? verdict_style(s->r.verdict) : ST_DIM,
		    score_verdict_name(s->r.verdict));
		if (!cur)
			draw_progress(d, r, 7, sx);
		cover_note(d, r, cur ? 7 : 8, sx, r->w - sx);
	} else {
		int x;
		if (cur)
			putf(r, 1, 1, st, "%s %s on %.0f dof, p %s", g.chi, g1, s->r.dof,
			     g2);
		else
			draw_progress(d, r, 1, 1);
		x = putf(r, 2, 1, st, "R %s  max %llu  empty %llu  ", g3,
		         (unsigned long long)s->r.max_load,
		         (unsigned long long)s->r.empty);
		put(r, 2, x, cur ? verdict_style(s->r.verdict) : ST_DIM,
		    score_verdict_name(s->r.verdict));
		x = cover_note(d, r, 3, 1, r->w - 2);   /* a row less for the bars */
		hr = RECT(r->y + 3 + x, r->x + 1, r->h - 3 - x - sweep_rows,
		             r->w - 2);
	}
	draw_hist(s, &hr, cur ? verdict_style(s->r.verdict) : ST_DIM);
	draw_sweep(d, r, r->h - sweep_rows, sweep_rows);
}

/* ---- the lesson pane -------------------------------------------------------- */

static void draw_lesson(const dash *d, const rect *r, dash_frame *frame)
{
	static const int st[] = {
		[DASH_LEARN_TEXT] = ST_NORMAL, [DASH_LEARN_HEAD] = ST_TITLE, [DASH_LEARN_TRY] = ST_KEY,
		[DASH_LEARN_ASK] = ST_INPUT, [DASH_LEARN_GOOD] = ST_GOOD, [DASH_LEARN_BAD] = ST_ERROR,
		[DASH_LEARN_NOTE] = ST_WEAK, [DASH_LEARN_DIM] = ST_DIM
	};
	dash_learn_view p;
	int i;

	dash_learn_pane(d, r->w - 2, r->h - 1, &p);
	frame->lesson_rows = r->h - 1;
	title(r, p.title, p.right);
	for (i = 0; i < p.n; i++)
		put(r, 1 + i, 1, st[p.line[i].kind], p.line[i].s);
	dash_learn_view_free(&p);
}

/* The lesson pane's separator, joined to the title rules of the panels
 * (and of the output pane, out, when it is open over them). */
static void lesson_sep(const layout *l, const rect *out)
{
	rect scr = RECT(0, 0, LINES, COLS);
	const rect *left[] = { &l->cf, &l->code, &l->spec, &l->buck, out };
	int x = l->lesson.x - 1, i;

	for (i = 0; i < l->lesson.h; i++)
		put(&scr, l->lesson.y + i, x, ST_DIM, i ? g.v : g.tee_down);
	for (i = 0; i < 5; i++)
		if (left[i] && left[i]->w && left[i]->y > l->lesson.y &&
		    left[i]->x + left[i]->w == x &&
		    (!out || left[i] == out || left[i]->y < out->y))
			put(&scr, left[i]->y, x, ST_DIM, g.tee_left);
}

/* ---- overlays ------------------------------------------------------------- */

static void blank(const rect *r)
{
	int y;

	attrset(A_NORMAL);
	for (y = 0; y < r->h; y++)
		mvhline(r->y + y, r->x, ' ', r->w);
}

/* The rows an output line takes in w columns, drawn from row y of r
 * when draw (rows outside r are skipped): wrapped at spaces, the rest
 * indented under the line's own indent and two more. */
static int out_line_rows(const rect *r, int y, int w, const char *s, int st,
                         int draw)
{
	int ind = (int)strspn(s, " ") + 2, rows = 0;
	const char *p = s;

	if (ind > w / 2)
		ind = w / 2;
	do {
		int x = rows ? ind : 0;
		size_t n = row_cut(p, w - x);
		char buf[512];
		if (n == 0)
			n = strlen(p) ? 1 : 0;
		if (draw && y + rows >= 1 && y + rows < r->h) {
			snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n
			         : sizeof buf - 1), p);
			put(r, y + rows, 1 + x, st, buf);
		}
		rows++;
		p += n;
		if (rows > 1 || *p)
			while (*p == ' ')
				p++;
	} while (*p);
	return rows;
}

/* The output pane: lines wrapped to its width, the newest at the bottom
 * unless scrolled (by rows). */
static void draw_out(const dash *d, const rect *r, dash_frame *frame)
{
	int vis = r->h - 1, i, scroll = dash_out_scrolled(d->out), n, w = r->w - 2;
	int total = 0, y, rows[DASH_OUT_LINES];
	const char *const *line = dash_out_lines(d->out, &n);

	assert(n <= DASH_OUT_LINES);
	blank(r);
	title(r, "Output of : commands", "PgUp PgDn scroll, o hides");
	for (i = 0; i < n; i++)
		total += rows[i] = out_line_rows(r, 0, w, line[i], ST_NORMAL, 0);
	if (scroll > total - vis)
		scroll = total - vis > 0 ? total - vis : 0;
	frame->out_scroll = scroll;
	/* the row of line 0's first row: the last row shown is total -
	 * scroll */
	y = 1 + vis - (total - scroll);
	for (i = 0; i < n && y < r->h; i++) {
		if (y + rows[i] > 1)
			out_line_rows(r, y, w, line[i], line[i][0] == ':' ? ST_KEY
			              : ST_NORMAL, 1);
		y += rows[i];
	}
}

/* One help entry at row y - top (drawn only if draw): the key, then its
 * text wrapped under itself.  Returns the rows it takes. */
static int help_entry(const rect *r, int y, int top, int draw,
                      const char *name, const char *text)
{
	int tx = 26, room = r->w - tx - 1, n = 0;
	const char *p = text;

	while (*p || n == 0) {
		int len = (int)strlen(p), cut = len, row = y + n - top;
		char line[160];
		if (len > room) {
			for (cut = room; cut > room / 2 && p[cut] != ' '; cut--)
				;
			if (cut <= room / 2)
				cut = room;
		}
		snprintf(line, sizeof line, "%.*s", cut, p);
		if (draw && row >= 1 && row < r->h) {
			if (n == 0)
				put(r, row, 4, ST_KEY, name);
			put(r, row, tx, ST_NORMAL, line);
		}
		n++;
		p += cut;
		while (*p == ' ')
			p++;
	}
	return n;
}

/* The help's rows from the binding table; returns how many there are. */
static int help_rows(const rect *r, int top, int draw)
{
	static const struct { unsigned mode; const char *head; } sec[] = {
		{ MODE_VIEW, "On the dashboard" },
		{ MODE_LINE, "Typing the constant (e, /) or a command (:)" },
		{ MODE_LEARN, "Lessons (:learn N): a pane beside the panels" },
		{ MODE_HELP, "Here" },
	};
	const dash_keys_binding *b;
	int y = 1, i;

	for (i = 0; i < (int)(sizeof sec / sizeof sec[0]); i++) {
		if (draw && y - top >= 1 && y - top < r->h)
			put(r, y - top, 2, ST_TITLE, sec[i].head);
		y++;
		for (b = dash_keys_table; b->name || b->fn; b++) {
			/* a binding of several modes is listed once, under the first */
			if (!b->name || !(b->modes & sec[i].mode) ||
			    (i > 0 && (b->modes & sec[0].mode)))
				continue;
			y += help_entry(r, y, top, draw, b->name, b->help);
		}
		y++;
	}
	return y - 1;
}

/* The automatic word sizes as the core chooses them (word_for_width),
 * up to 64 bits, the dashboard's largest: "32, 64". */
static const char *word_rule(char *buf, size_t n)
{
	unsigned long last = 0, w;
	size_t k;

	buf[0] = '\0';
	for (k = 1; k <= 64; k++, last = w)
		if ((w = word_for_width(k)) != last)
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%lu",
			         last ? ", " : "", w);
	return buf;
}

/* The second page of help: what each panel shows and how to read it, in
 * the glyphs this screen draws (UTF-8 or ASCII). */
static int panel_rows(const rect *r, int top, int draw)
{
	enum { N = 12 };
	static const char *const name[N] = {
		"header", "Decomposition", "Continued fraction", "  distance",
		"Shift/add code", "Spectrum", "  lengths", "Buckets", "  bars",
		"  sweep strip", "  verify strip", "  the two strips",
	};
	char t[N][800], rule[64];
	int y = 1, i;

	snprintf(t[0], sizeof t[0], "the constant as typed, = its value in hex and "
	         "decimal, n the word size in bits (auto: the smallest of %s "
	         "that holds it; w or :set bits chooses another; while you type "
	         "a constant n is held, and Enter applies the rule), odd or "
	         "even, prime or not.", word_rule(rule, sizeof rule));
	snprintf(t[1], sizeof t[1], "bits: p in binary.  NAF: p as signed "
	         "digits + 0 - with no two non-zero digits side by side, the "
	         "fewest there can be; sum: the same as powers of two.  Left Right "
	         "select a digit, + 0 - set it.");
	snprintf(t[2], sizeof t[2], "of x = p/2^n, the fraction the hash "
	         "multiplies by: [a0; a1, a2, ...], a run of equal quotients "
	         "written 1 (%s12).  golden prefix: how many 1s follow a0 in x or "
	         "in 1 - x (1/%s = [0; 1, 1, 1, ...]; p and 2^n - p hash alike).  "
	         "largest a_k: the biggest quotient and where; a big one means x "
	         "is very near a fraction of small denominator q, and keys q apart "
	         "land nearly together.", g.times, g.phi);
	snprintf(t[3], sizeof t[3], "|x - 1/%s|: how far x is from 1/%s = "
	         "0.618..., the multiplier of Fibonacci hashing; in bits, how many "
	         "leading bits of x agree with it.", g.phi, g.phi);
	snprintf(t[4], sizeof t[4], "the multiply by p as shifts and adds, "
	         "one per NAF digit, in C; PgUp PgDn scroll it.");
	snprintf(t[5], sizeof t[5], "the points {k x}, k = 1..K, on the circle "
	         "[0, 1) drawn from 0 to 1, one row per K for the last few K, so a "
	         "new point is seen splitting a gap.  %s is a point (%s several "
	         "in one cell); the gaps between points are drawn by length: %s "
	         "short, %s medium, %s long.  The number at the right is how many "
	         "lengths there are: never more than 3 (the three-distance "
	         "theorem).  K changes with [, ], { and }.", g.point, g.points, g.gap[0],
	         g.gap[1], g.gap[2]);
	snprintf(t[6], sizeof t[6], "each length as a fraction of the circle, "
	         "%s how many gaps have it, and = its exact value; max/min is the "
	         "longest gap over the shortest: near 1 is even, large is uneven.",
	         g.times);
	snprintf(t[7], sizeof t[7], "h(x) = (x p mod 2^n) >> (n - b) puts the "
	         "keys named in the title into 2^b buckets.  %s and its p-value: "
	         "how far the loads are from even; a tiny p is too uneven to be "
	         "chance.  R: the cost of looking every key up over an ideal "
	         "random hash's (1 random, below 1 better).  Verdict: bad when "
	         "R >= 2 and p < 0.001, weak when p < 0.001 but R < 2, else good.  "
	         "Keys: k the family, comma and period its parameter, ( and ) "
	         "the count, < and > the table.", g.chi);
	snprintf(t[8], sizeof t[8], "how many buckets (height; peak: the "
	         "tallest) hold each load (across: the smallest load at the "
	         "left, the largest at the right, %sE the expected load, keys / "
	         "2^b).  A good hash is one narrow peak at E.", g.up);
	snprintf(t[9], sizeof t[9], "keys k*2^s for each stride s = 0 .. n-1, "
	         "from the left, one cell each: %s good, %s weak, %s bad, %s none "
	         "(fewer than %d distinct keys); worst s names the stride with "
	         "the largest R.  They go into 2^b buckets, b that of the "
	         "panel but at most 12 (b=12 (capped) when the panel's is "
	         "larger), 4 x 2^b keys per stride.", g.verdict[0],
	         g.verdict[1], g.verdict[2], g.verdict[3], SCORE_MIN_KEYS);
	snprintf(t[10], sizeof t[10], "what cfx verify says of p, one family "
	         "of keys a cell in verify's order (sequential, each stride "
	         "2^s, other strides, runs, bytes, packed fields, pointer+index, "
	         "few bits set), the worst of several neighbours when they do "
	         "not fit: %s PASS, %s WARN, %s FAIL, %s INFO (too few keys to "
	         "judge), %s not yet run.  FAIL N "
	         "counts the failed checks (an even p fails \"odd\" too); "
	         ":verify lists them, :verify --full prints the report.  Words "
	         "of fewer than %d bits are not judged.", g.verdict[0],
	         g.verdict[1], g.verdict[2], g.verdict[3],
	         g.pending[0] == ' ' ? "blank"
	         : g.pending, VERIFY_MIN_BITS);
	snprintf(t[11], sizeof t[11], "may disagree, and both are right: the "
	         "sweep hashes one count of keys into one table (2^b, b <= 12); "
	         "verify tries every table from 2^4 to 2^20 with 1 to 8 keys a "
	         "bucket, and FAILs a family when its worst table costs twice a "
	         "random hash's lookups (R >= 2) and is rare among random odd "
	         "multipliers.  A stride can be good at b = 12 on the sweep and "
	         "FAIL at 2^8 in verify; :verify names the table.");
	if (draw && y - top >= 1 && y - top < r->h)
		put(r, y - top, 2, ST_TITLE, "What the panels show");
	y++;
	for (i = 0; i < N; i++)
		y += help_entry(r, y, top, draw, name[i], t[i]);
	return y;
}

/* The help's title: how to move on, and the rows above and below the
 * ones shown (in the title, never over the text). */
static void help_title(const rect *r, int page, int above, int below)
{
	const char *t = page ? "Panels" : "Keys";
	const char *other = page ? "? keys" : "? panels";
	char f[3][128], more[32] = "";
	const char *form[3] = { f[0], f[1], f[2] };

	if (above > 0 && below > 0)
		snprintf(more, sizeof more, "%s%d %s%d more, ", g.up, above, g.down,
		         below);
	else if (above > 0 || below > 0)
		snprintf(more, sizeof more, "%s%d more, ", above > 0 ? g.up : g.down,
		         above > 0 ? above : below);
	snprintf(f[0], sizeof f[0], "%sUp Down scroll, %s, other keys close",
	         more, other);
	snprintf(f[1], sizeof f[1], "%sUp Down, %s, other keys close", more,
	         other);
	snprintf(f[2], sizeof f[2], "%sUp Down, %s", more, other);
	title(r, t, first_fit(form, 3, title_room(r, t)));
}

static void draw_help(const dash *d, dash_frame *frame)
{
	const dash_view *v = dash_keys_view(d);
	rect r = RECT(1, 0, LINES - 1, COLS);
	int total, vis = r.h - 1, top;
	int (*rows)(const rect *, int, int) = v->help_page ? panel_rows
	                                      : help_rows;

	blank(&r);
	total = rows(&r, 0, 0);
	top = v->help_scroll;
	if (top > total - vis)
		top = total - vis > 0 ? total - vis : 0;
	frame->help_scroll = top;
	rows(&r, top, 1);
	help_title(&r, v->help_page, top, total - top - vis);
}

static void too_small(void)
{
	rect scr = RECT(0, 0, LINES, COLS);
	char l2[48];
	const char *lines[3];
	int i, y0;

	snprintf(l2, sizeof l2, "%dx%d, needs %dx%d", COLS, LINES, DASH_MIN_W,
	         DASH_MIN_H);
	lines[0] = "terminal too small";
	lines[1] = l2;
	lines[2] = "q quits";
	y0 = (LINES - 3) / 2;
	if (y0 < 0)
		y0 = 0;
	for (i = 0; i < 3; i++) {
		int x = (COLS - (int)strlen(lines[i])) / 2;
		put(&scr, y0 + i, x < 0 ? 0 : x, i ? ST_NORMAL : ST_ERROR, lines[i]);
	}
}

void dash_draw(const dash *d, dash_frame *f)
{
	const dash_view *v = dash_keys_view(d);
	int W = COLS, H = LINES, cy = -1, cx = -1;
	layout l;
	rect *fp;

	f->code_scroll = code_scroll(d);
	f->code_top = v->code_top;
	f->out_scroll = dash_out_scrolled(d->out);
	f->help_scroll = v->help_scroll;
	f->lesson_rows = 0;
	erase();
	if (W < DASH_MIN_W || H < DASH_MIN_H) {
		too_small();
		curs_set(0);
		wnoutrefresh(stdscr);
		return;
	}
	compute_layout(d, &l, W, H);
	if ((fp = focus_of(&l, dash_learn_focus(d))))
		fp->focus = 1;
	hide_revealing(d, &l);
	draw_header(d, &l.head, &cy, &cx);
	if (!draw_hidden(&l.decomp, "Decomposition"))
		draw_decomp(d, &l.decomp);
	/* beside a lesson column two of these four are not shown (w = 0) */
	if (l.cf.w && !draw_hidden(&l.cf, "Continued fraction"))
		draw_cf(d, &l.cf);
	if (l.code.w && !draw_hidden(&l.code, "Shift/add code"))
		draw_code(d, &l.code, f);
	if (l.spec.w && !draw_hidden(&l.spec, "Spectrum"))
		draw_spec(d, &l.spec);
	if (l.buck.w && !draw_hidden(&l.buck, "Buckets"))
		draw_buckets(d, &l.buck);
	if (l.wide) {
		vsep(&l.cf, l.cf.y, l.cf.h, 1);
		vsep(&l.code, l.code.y, l.code.h, 1);
		joint(l.buck.y, l.cf.x + l.cf.w, g.tee_up);
		joint(l.buck.y, l.code.x + l.code.w, g.tee_up);
	} else if (!l.lesson.w || l.strip) {   /* else lesson_sep alone */
		vsep(&l.cf, l.cf.y, l.cf.h, 1);
		vsep(&l.spec, l.spec.y, l.spec.h, 1);
		joint(l.spec.y, l.cf.x + l.cf.w, g.tee_up);
	}
	if (dash_out_is_open(d->out))
		draw_out(d, &l.out, f);
	if (l.lesson.w) {
		lesson_sep(&l, dash_out_is_open(d->out) ? &l.out : NULL);
		draw_lesson(d, &l.lesson, f);
	}
	draw_footer(d, &l.foot, &cy, &cx);
	if (v->mode == MODE_HELP)
		draw_help(d, f);
	if (cy >= 0 && (v->mode & MODE_LINE)) {
		curs_set(1);
		move(cy, cx);
	} else {
		curs_set(0);
	}
	wnoutrefresh(stdscr);
}
