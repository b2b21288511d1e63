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
 * While a step's prediction is not over, the panels that show the
 * commands its reveals: lines name (focus_of's; for naf also the
 * header's value row and the code) are hidden: "hidden until you answer"
 * before an answer, "hidden until the step is over" after a wrong one.
 * A later step's prediction hides its panels too while the constant is
 * the one it asks about (dash_learn.c's later_mask): "hidden until step
 * N is answered", with that step's title, since answering this one
 * would not show them.
 *
 * Monochrome and ASCII: styles map to colour pairs or to bold, dim and
 * reverse; glyphs to UTF-8 or to ASCII, so every distinction drawn with
 * colour is also drawn with a different character.
 *
 * Drawing keeps no state and changes none: the styles and glyphs are
 * chosen once, at dash_draw_init (dash_paint.c); the focus travels in the
 * panel's rect, and what a frame measured (scroll positions clamped, the
 * lesson pane's rows, the rows of earlier spectra the spectrum panel had
 * room for) in the caller's dash_frame, which the loop hands to the
 * state's owners; the spectra of the rows above K are made by the
 * state's update (dash_state_spec_past).  tests/dash/pure.sh draws a
 * frame and compares every byte of the state before and after.
 *
 * This file is the layout, the header and footer, the decomposition, the
 * lesson pane and the output overlay, and calls the panels: a file each
 * (dash_panel_*.c: cf, code, spec, buckets, help), the C highlighter
 * (dash_hilite.c) and the primitives they share (dash_paint.c).
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
#include "dash/dash_panel.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- styles ------------------------------------------------------------ */

void dash_draw_init(int color, int ascii)
{
	dash_paint_init(color, ascii);
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
	dash_paint_flow f = { &r, 0, x0, x0, 1 << 20, 0, 0 };     /* counts, draws not */
	char term[32];

	while (next_term(&sum, term, sizeof term))
		dash_paint_flow_item(&f, term, ST_NORMAL, 0);
	if (note)
		dash_paint_flow_item(&f, note, ST_DIM, 0);
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

static int out_line_rows(const rect *r, int y, int w, const char *s, int st,
                         int draw);

/* The rows the output pane's newest lines take in w columns, wrapped as
 * draw_out wraps them, counted up to max: the pane is as tall as they
 * need (up to its limit), not as the lines are many. */
static int out_rows(const dash *d, int w, int max)
{
	rect none = RECT(0, 0, 0, 0);
	int n, i, rows = 0;
	const char *const *line = dash_out_lines(d->out, &n);

	for (i = n - 1; i >= 0 && rows < max; i--)
		rows += out_line_rows(&none, 0, w, line[i], ST_NORMAL, 0);
	return rows;
}

static void compute_layout(const dash *d, layout *l, int W, int H)
{
	int y, dh, rem, bh, mh, lw, FW = W;

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
	/* (beside a lesson column the pane is the left half: lesson_column) */
	bh = clampi(out_rows(d, (dash_learn_open(d) && !l->strip ? W / 2 : W) - 2,
	                     24) + 1, 4, clampi((H - 4) / 2, 4, 24));
	l->out = RECT(H - 1 - bh, 0, bh, W);
	if (dash_learn_open(d) && !l->strip)
		lesson_column(d, l, W, H);
}

int dash_draw_out_cols(const dash *d)
{
	layout l;

	compute_layout(d, &l, COLS < DASH_MIN_W ? DASH_MIN_W : COLS,
	               LINES < DASH_MIN_H ? DASH_MIN_H : LINES);
	return l.out.w - 2;
}

/* With the output pane open (out), the panels it is over end where it
 * begins: each is drawn in the rows above it and says (or its lost
 * rows are named in the pane's title) what it could not show. */
static void under_pane(layout *l, const rect *out)
{
	rect *p[] = { &l->cf, &l->code, &l->spec, &l->buck };
	size_t i;

	for (i = 0; i < sizeof p / sizeof *p; i++)
		if (p[i]->w && p[i]->x < out->x + out->w &&
		    out->x < p[i]->x + p[i]->w && p[i]->y + p[i]->h > out->y) {
			p[i]->under = 1;
			p[i]->h = out->y > p[i]->y ? out->y - p[i]->y : 0;
		}
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
	if (wc[0] == (!strcmp(GLYPH.h, "-") ? L'-' : (wchar_t)0x2500))
		dash_paint_put(&scr, y, x, ST_DIM, glyph);
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

/* What a hidden panel says before an answer (rect.hidden 1). */
#define HIDDEN "hidden until you answer"

/* The panels that show a command, from the commands a step's reveals:
 * lines may name; the header's value row shows what naf does, and the
 * code panel its operations ("3 add, 3 sub"), naf's add_sub_ops.  A
 * panel two commands hide says the first one's reason. */
static void hide_revealing(const dash *d, layout *l)
{
	static const char *const cmds[] = { "cf", "naf", "shifts", "spectrum",
	                                    "score", "sweep", "verify" };
	/* 2: answered wrong, and not over yet (draw_hidden says so) */
	int how = dash_learn_retrying(d) ? 2 : 1;
	size_t i, later;
	rect *r;

	for (i = 0; i < sizeof cmds / sizeof *cmds; i++)
		if (dash_learn_hides(d, cmds[i], &later) &&
		    (r = focus_of(l, cmds[i])) && !r->hidden) {
			r->hidden = later ? 3 : how;
			r->hidden_step = later;
		}
	if (l->decomp.hidden) {
		l->head.hidden = l->code.hidden = l->decomp.hidden;
		l->head.hidden_step = l->code.hidden_step = l->decomp.hidden_step;
	}
}

/* The note of a panel a later step hides (hidden 3): which step, and
 * what it asks (its title), filled to the panel's width, never cut;
 * into b, a line each. */
static void later_note_text(const dash *d, const rect *r, struct buf *b)
{
	const char *t = dash_learn_step_title(d, r->hidden_step);
	struct buf w = { 0 };

	buf_printf(&w, "hidden until step %zu is answered: it would show the "
	           "answer to step %zu, \"%s\"", r->hidden_step, r->hidden_step,
	           t ? t : "");
	text_fill(b, buf_str(&w), r->w - 3, "", "", " ");
	buf_free(&w);
}

/* A hidden panel: its name and the note in place of what it shows:
 * before an answer, how to commit one; after a wrong one (hidden 2),
 * what is true then: the panel stays hidden until the step is over,
 * another answer may still be right, and :solution shows it but ends
 * the step, revealed (x); for a later step (hidden 3), which step and
 * what it asks (later_note_text).  Returns 0 if r is not hidden (the
 * caller draws it). */
static int draw_hidden(const dash *d, const rect *r, const char *name)
{
	static const char *const before[] = { HIDDEN, "(:answer EXPR commits one)" };
	static const char *const after[] = {
		"hidden until the step is over", "(not right yet: :answer EXPR",
		"again while tries are left;", ":solution shows it, marked x)" };
	const char *note[8], *p, *next;
	struct buf later = { 0 };
	int n = 0, y, i;

	if (!r->hidden)
		return 0;
	if (r->hidden == 3) {
		later_note_text(d, r, &later);
		for (p = buf_str(&later); *p && n < 8; p = next)
			note[n++] = p, text_line(p, &next);
	} else
		for (; n < (r->hidden == 2 ? 4 : 2); n++)
			note[n] = r->hidden == 2 ? after[n] : before[n];
	y = clampi((r->h - 1) / 2 - (n - 2) / 2, 1, r->h);
	dash_paint_title(r, name, NULL);
	for (i = 0; i < n && y + i < r->h; i++)
		dash_paint_putf(r, y + i, 2, ST_DIM, "%.*s",
		                (int)text_line(note[i], &next), note[i]);
	buf_free(&later);
	return 1;
}

/* The column between two panels side by side. */
static void vsep(const rect *left, int y0, int h, int joint_top)
{
	rect scr = RECT(0, 0, LINES, COLS);
	int x = left->x + left->w, i;

	for (i = 0; i < h; i++)
		dash_paint_put(&scr, y0 + i, x, ST_DIM, i == 0 && joint_top ? GLYPH.tee_down : GLYPH.v);
}

/* ---- header and footer -------------------------------------------------- */

/* Odd or even, prime or not: in full, or short (short: 1) for a row
 * that has no room for the full words. */
static const char *prime_text(const dash_model_const *c, int short_form)
{
	if (!(c->p & 1))
		return short_form ? "even: no inverse" : "even: not invertible mod 2^n";
	if (c->p == 1)             /* neither prime nor composite (cfx naf 1) */
		return "odd";
	return c->prime == 2 ? "odd, prime" : c->prime == 1 ? "odd, probable prime"
	       : "odd, composite";
}

/* The header's value row: "= hex = dec   n = 32 (auto)   odd, prime".
 * Where it does not fit, the gaps narrow, then the parity takes its
 * short form: the warning of an even p is never cut. */
static void value_row(const dash *d, const rect *r)
{
	const dash_model_const *c = dash_state_model(d);
	/* (typing, the word is the one Enter keeps: dash_keys.c) */
	const char *aut = dash_state_bits_asked(d) ? "" : " (auto)";
	char val[96], word[32];
	int form, gap = 3, shrt = 0, x;

	snprintf(val, sizeof val, "= %s = %s", c->hex, c->dec);
	snprintf(word, sizeof word, "n = %u%s", c->bits, aut);
	for (form = 0; form < 3; form++) {
		gap = form ? 2 : 3;
		shrt = form == 2;
		if (2 + dash_paint_width(val) + gap + dash_paint_width(word) + gap +
		    dash_paint_width(prime_text(c, shrt)) <= r->w - 1)
			break;
	}
	x = dash_paint_put(r, 1, 2, ST_NORMAL, val);
	x = dash_paint_putf(r, 1, x + gap, ST_NORMAL, "n = %u", c->bits);
	x = dash_paint_put(r, 1, x, ST_DIM, aut);
	dash_paint_put(r, 1, x + gap, c->p & 1 ? ST_NORMAL : ST_ERROR, prime_text(c, shrt));
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
 * space comes late enough (fill: anywhere past the row's leading
 * blanks, as text_fill fills between words), else as much as fits (a
 * word wider than the row is cut, as Python's textwrap cuts one). */
static size_t row_cut(const char *s, int w, int fill)
{
	size_t n = text_cut(s, (size_t)(w > 0 ? w : 0)), k;
	size_t lo = fill ? strspn(s, " ") : n / 2;

	if (!s[n] || s[n] == ' ')
		return n;
	for (k = n; k > lo; k--)
		if (s[k - 1] == ' ')
			return k;
	return n;
}

/* The status message at row y of r from column 2: whole, or its first
 * words and where the rest is: more, or (NULL) the output pane, where
 * dash_out_msg put it (o opens it, after Esc while a line is typed;
 * open, o would hide it). */
static void status_row(const dash *d, const rect *r, int y, int st,
                       const char *msg, const char *more)
{
	char buf[320];
	size_t n;

	if (!more)      /* typing a line, o is a letter: Esc first */
		more = dash_out_is_open(d->out) ? " (in the pane)"
		       : dash_keys_view(d)->mode & MODE_LINE ? " (Esc, o: the rest)"
		       : " (o: the rest)";
	if (dash_paint_width(msg) <= r->w - 3) {
		dash_paint_put(r, y, 2, st, msg);
		return;
	}
	n = row_cut(msg, r->w - 3 - dash_paint_width(more) - 1, 0);
	while (n > 0 && msg[n - 1] == ' ')
		n--;
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)n, msg, GLYPH.ell, more);
	dash_paint_put(r, y, 2, st, buf);
}

/* The typing error after the carets (row 1 from column ex), with the
 * token it names or, the carets pointing at it, without; where neither
 * fits, on the row below, whole or ended by where the rest is: a typing
 * error is in no pane until Enter puts it there (k_line_accept).
 * Returns 1 if it took the row below. */
static int edit_error(const dash *d, const rect *r, int ex,
                      const cfx_err *e)
{
	char full[sizeof e->msg + sizeof e->token + 4];

	if (e->token[0])
		snprintf(full, sizeof full, "%s (%s)", e->msg, e->token);
	else
		snprintf(full, sizeof full, "%s", e->msg);
	if (ex + dash_paint_width(full) <= r->w - 1) {
		dash_paint_put(r, 1, ex, ST_ERROR, full);
		return 0;
	}
	if (ex + dash_paint_width(e->msg) <= r->w - 1) {
		dash_paint_put(r, 1, ex, ST_ERROR, e->msg);
		return 0;
	}
	status_row(d, r, 2, ST_ERROR, dash_paint_width(full) <= r->w - 3 ? full
	           : e->msg, " (Enter: all of it)");
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

	hx = dash_paint_right(r, 0, ST_DIM, hint);
	x = dash_paint_put(r, 0, 0, ST_BAR, " cfx ");
	if (v->mode == MODE_EDIT) {
		x = dash_paint_put(r, 0, x + 1, ST_KEY, "edit>");
		x++;
		room = hx - x - 1;
		off = scroll_for(v->edit.line.len, v->edit.line.cur, room);
		{
			char buf[DASH_LINE_MAX + 1];
			snprintf(buf, sizeof buf, "%.*s", room > 0 ? room : 0,
			         v->edit.line.buf + off);
			dash_paint_put(r, 0, x, ST_INPUT, buf);
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
				dash_paint_put(r, 1, x + from - off + i, ST_ERROR, i ? "~" : "^");
			ex = x + from - off + len + 1;
			/* the row below is the error's when it took it */
			if (edit_error(d, r, ex, e))
				return;
			if (*msg)
				status_row(d, r, 2, msg_style, msg, NULL);
			else if (!r->hidden)
				dash_paint_putf(r, 2, 2, ST_DIM, "the panels keep %s = %s (n = %u)",
				     c->hex, c->dec, c->bits);
			return;
		}
	} else {
		x = dash_paint_put(r, 0, x + 1, ST_DIM, "const");
		room = hx - x - 2;
		{
			char buf[DASH_LINE_MAX + 8];
			int len = (int)strlen(c->expr);
			if (len > room && room > 3)
				snprintf(buf, sizeof buf, "%.*s%s", room - 1, c->expr, GLYPH.ell);
			else
				snprintf(buf, sizeof buf, "%s", c->expr);
			dash_paint_put(r, 0, x + 1, ST_INPUT, buf);
		}
	}
	if (r->hidden == 3)
		dash_paint_putf(r, 1, 2, ST_DIM, "= hidden until step %zu is "
		                "answered (naf would show p)", r->hidden_step);
	else if (r->hidden)
		dash_paint_put(r, 1, 2, ST_DIM, r->hidden == 2 ?
		               "= hidden until the step is over (naf would show p)" :
		               "= " HIDDEN " (naf would show p)");
	else
		value_row(d, r);
	if (*msg)
		status_row(d, r, 2, msg_style, msg, NULL);
	else if (v->mode == MODE_EDIT)
		dash_paint_putf(r, 2, 2, ST_DIM, "live: the panels follow what you type, "
		     "on the n Enter keeps (%s)", v->edit.word ? "as asked" : "the rule's");
}

/* The footer: the ':' line while one is typed, else the keys of the
 * mode, as many as fit; first the note (NULL: none) of what the panels
 * do not show and where it is (strips_away), right of the ':' line
 * when both fit there. */
static void draw_footer(const dash *d, const rect *r, const char *note,
                        int *cy, int *cx)
{
	const dash_view *v = dash_keys_view(d);
	const dash_keys_binding *b;
	int x = 0;

	if (v->mode == MODE_CMD) {
		char buf[DASH_LINE_MAX + 1];
		int room = r->w - 2, off;
		if (note && v->cmd.line.len + 3 + dash_paint_width(note) <= room) {
			dash_paint_right(r, 0, ST_WEAK, note);
			room -= 2 + dash_paint_width(note);
		}
		off = scroll_for(v->cmd.line.len, v->cmd.line.cur, room);
		dash_paint_put(r, 0, 0, ST_KEY, ":");
		snprintf(buf, sizeof buf, "%.*s", room, v->cmd.line.buf + off);
		dash_paint_put(r, 0, 1, ST_INPUT, buf);
		*cy = r->y;
		*cx = 1 + v->cmd.line.cur - off;
		return;
	}
	if (note)
		x = dash_paint_put(r, 0, 0, ST_WEAK, note) + 2;
	for (b = dash_keys_table; b->name || b->fn; b++) {
		int w;
		if (!b->hint || !(b->modes & (unsigned)v->mode))
			continue;
		/* "e edit": the key, then what it does */
		const char *sp = strchr(b->hint, ' ');
		char key[32];
		w = dash_paint_width(b->hint);
		if (x + w > r->w - 1)
			break;
		snprintf(key, sizeof key, "%.*s", sp ? (int)(sp - b->hint) : w,
		         b->hint);
		x = dash_paint_put(r, 0, x, ST_KEY, key);
		x = dash_paint_put(r, 0, x, ST_DIM, sp ? sp : "") + 2;
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
		snprintf(t[0], sizeof t[0], "Decomposition of p on %u bit%s", c->bits,
		         c->bits == 1 ? "" : "s");
		dash_paint_title(r, t[0], right);
		return;
	}
	snprintf(t[0], sizeof t[0], "Decomposition of p on %u bit%s; weights: "
	         "binary %zu, NAF %zu", c->bits, c->bits == 1 ? "" : "s",
	         c->bin_weight, c->naf_weight);
	snprintf(t[1], sizeof t[1], "Decomposition on %u bit%s; weights: binary "
	         "%zu, NAF %zu", c->bits, c->bits == 1 ? "" : "s", c->bin_weight,
	         c->naf_weight);
	snprintf(t[2], sizeof t[2], "%u bit%s; weights: binary %zu, NAF %zu",
	         c->bits, c->bits == 1 ? "" : "s", c->bin_weight, c->naf_weight);
	for (i = 0; i < 2 && dash_paint_title_room(r, t[i]) < dash_paint_width(right); i++)
		;
	dash_paint_title(r, t[i], right);
}

static void draw_decomp(const dash *d, const rect *r)
{
	const dash_model_const *c = dash_state_model(d);
	char right[64], wt[160];
	int n = (int)c->bits, i, x0 = 6, beside = weights_beside(d, r->w);
	int sel = dash_state_sel(d), v = c->naf.d[sel];
	size_t ops = c->naf_weight ? c->naf_weight - 1 : 0;
	dash_paint_flow f;
	const char *p;

	snprintf(right, sizeof right, "digit 2^%d = %c", sel,
	         v > 0 ? '+' : v < 0 ? '-' : '0');
	decomp_title(r, c, beside, right);
	dash_paint_put(r, 1, 1, ST_DIM, "bits");
	for (i = 0; i < n; i++)
		dash_paint_put(r, 1, x0 + i, c->bin[i] == '1' ? ST_NORMAL : ST_DIM,
		    c->bin[i] == '1' ? "1" : "0");
	dash_paint_put(r, 2, 1, ST_DIM, "NAF");
	for (i = 0; i < n; i++) {
		int e = n - 1 - i, dg = c->naf.d[e];
		int st = e == sel ? ST_SELECT : dg > 0 ? ST_PLUS : dg < 0 ? ST_MINUS
		         : ST_DIM;
		dash_paint_put(r, 2, x0 + i, st, dg > 0 ? "+" : dg < 0 ? "-" : "0");
	}
	snprintf(wt, sizeof wt, "NAF weight %zu: %zu add/sub", c->naf_weight, ops);
	if (beside) {
		dash_paint_putf(r, 1, x0 + n + 3, ST_NORMAL, "binary weight %zu", c->bin_weight);
		dash_paint_put(r, 2, x0 + n + 3, ST_NORMAL, wt);
	}
	dash_paint_put(r, 3, 1, ST_DIM, "sum");
	f = (dash_paint_flow){ r, 3, x0, x0, r->h - 1, 0, 1 };
	/* terms "2^31", "+ 2^29", ... each kept whole */
	{
		char term[32];
		for (p = c->sum; next_term(&p, term, sizeof term);)
			dash_paint_flow_item(&f, term, ST_NORMAL, 0);
	}
	if (c->naf.wrapped)
		dash_paint_flow_item(&f, SUM_WRAPS, ST_DIM, 0);
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
	frame->lesson_rows = p.win;
	frame->lesson_side = p.side;
	frame->lesson_scroll = p.scroll;
	frame->lesson_scroll_max = p.scroll_max;
	dash_paint_title(r, p.title, p.right);
	for (i = 0; i < p.n; i++)
		dash_paint_put(r, 1 + i, 1, st[p.line[i].kind], p.line[i].s);
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
		dash_paint_put(&scr, l->lesson.y + i, x, ST_DIM, i ? GLYPH.v : GLYPH.tee_down);
	for (i = 0; i < 5; i++)
		if (left[i] && left[i]->w && left[i]->y > l->lesson.y &&
		    left[i]->x + left[i]->w == x &&
		    (!out || left[i] == out || left[i]->y < out->y))
			dash_paint_put(&scr, left[i]->y, x, ST_DIM, GLYPH.tee_left);
}

/* ---- overlays ------------------------------------------------------------- */

/* The rows an output line takes in w columns, drawn from row y of r
 * when draw (rows outside r are skipped): filled between words (a line
 * cfx filled to the pane already fits), the rest indented under the
 * line's own indent and two more. */
static int out_line_rows(const rect *r, int y, int w, const char *s, int st,
                         int draw)
{
	int ind = (int)strspn(s, " ") + 2, rows = 0;
	const char *p = s;

	if (ind > w / 2)
		ind = w / 2;
	do {
		int x = rows ? ind : 0;
		size_t n = row_cut(p, w - x, 1);
		char buf[512];
		if (n == 0)
			n = strlen(p) ? 1 : 0;
		if (draw && y + rows >= 1 && y + rows < r->h) {
			snprintf(buf, sizeof buf, "%.*s", (int)(n < sizeof buf ? n
			         : sizeof buf - 1), p);
			dash_paint_put(r, y + rows, 1 + x, st, buf);
		}
		rows++;
		p += n;
		if (rows > 1 || *p)
			while (*p == ' ')
				p++;
	} while (*p);
	return rows;
}

/* The output pane's title: what it is, and the panels whose rest it is
 * over (over: their names, "" none), in the longest form that leaves
 * the counts their room. */
static void out_title(const rect *r, const char *over, char *t, size_t n)
{
	static const char *const form[] = { "Output of : commands, over %s",
	        "Output of : commands (over %s)", "Output (over %s)",
	        "Output (over: o)" };
	size_t i;

	snprintf(t, n, "Output of : commands");
	for (i = 0; *over && i < sizeof form / sizeof *form; i++) {
		snprintf(t, n, form[i], over);
		if (dash_paint_width(t) + 4 + 14 <= r->w)
			break;
	}
}

/* The output pane: lines wrapped to its width, the newest at the bottom
 * unless scrolled (by rows); over: the panels it hides the rest of. */
static void draw_out(const dash *d, const rect *r, const char *over,
                     dash_frame *frame)
{
	char title[160];
	int vis = r->h - 1, i, scroll = dash_out_scrolled(d->out), n, w = r->w - 2;
	int total = 0, y, rows[DASH_OUT_LINES];
	const char *const *line = dash_out_lines(d->out, &n);

	assert(n <= DASH_OUT_LINES);
	dash_paint_blank(r);
	for (i = 0; i < n; i++)
		total += rows[i] = out_line_rows(r, 0, w, line[i], ST_NORMAL, 0);
	if (dash_out_top(d->out) >= 0) {      /* that line at the top */
		int above = 0;
		for (i = 0; i < dash_out_top(d->out); i++)
			above += rows[i];
		scroll = total - above - vis;
		if (scroll < 0)
			scroll = 0;
	}
	if (scroll > total - vis)
		scroll = total - vis > 0 ? total - vis : 0;
	frame->out_scroll = scroll;
	frame->out_rows = vis;
	/* the rows above and below those shown, counted in the title: a
	 * report that goes on below the pane says so */
	out_title(r, over, title, sizeof title);
	dash_paint_title_more(r, title,
	                      total - scroll - vis > 0 ? total - scroll - vis : 0,
	                      scroll, ", o hides", "o hides");
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

/* The notice in place of the panels; its last line says what quits in
 * the mode the keys are in (q is a letter of the line being typed: Esc
 * leaves the line first; Ctrl-C does both in two presses). */
static void too_small(const dash *d)
{
	rect scr = RECT(0, 0, LINES, COLS);
	char l2[48];
	const char *lines[3];
	int i, y0, mode = dash_keys_view(d)->mode;

	snprintf(l2, sizeof l2, "%dx%d, needs %dx%d", COLS, LINES, DASH_MIN_W,
	         DASH_MIN_H);
	lines[0] = "terminal too small";
	lines[1] = l2;
	lines[2] = mode & MODE_LINE ? "Esc ends the line, then q quits"
	           : mode == MODE_HELP ? "a key closes the help, then q quits"
	           : "q quits";
	y0 = (LINES - 3) / 2;
	if (y0 < 0)
		y0 = 0;
	for (i = 0; i < 3; i++) {
		int x = (COLS - (int)strlen(lines[i])) / 2;
		dash_paint_put(&scr, y0 + i, x < 0 ? 0 : x, i ? ST_NORMAL : ST_ERROR, lines[i]);
	}
}

/* Where the sweep and verify strips are when the panels do not show
 * them, in one line for the footer, in the longest form that leaves
 * the first keys' hints their room (e edit ... q quit: room columns are
 * the note's; beside a lesson column 8 more, its pane names :quit and
 * the longer form names the buckets too); NULL when they
 * are on the screen or the bucket panel says itself where they are (a
 * lesson's hidden panel names them in its title; a panel too short for
 * them has a line for them: dash_panel_buckets_draw).  The output pane
 * always covers them: it is at the bottom, and so are they. */
static const char *strips_away(const dash *d, const layout *l, int room)
{
	static const char *const pane[] = {
		"sweep, verify: under the output pane (o hides it)",
		"sweep, verify: under the pane (o hides it)",
		"sweep, verify: under the pane (o)",
	};
	static const char *const beside[] = {
		"buckets, sweep, verify: not beside the lesson (:score :sweep :verify)",
		"buckets, sweep, verify: :score :sweep :verify",
		"sweep, verify: :sweep :verify",
	};

	if (!l->buck.w)             /* beside a lesson column, spectrum's turn */
		return dash_paint_first_fit(beside, 3, room + 8);
	if (dash_out_is_open(d->out))
		return dash_paint_first_fit(pane, 3, room);
	return NULL;
}

/* The bucket panel's title while a lesson hides it: the strips in it
 * are hidden too, and it says so. */
static const char *hidden_buckets_title(const rect *r)
{
	static const char *const form[] = {
		"Buckets, sweep and verify strips", "Buckets, sweep, verify",
		"Buckets" };

	return dash_paint_first_fit(form, 3, r->w - 4 - (r->focus ? 2 : 0));
}

void dash_draw(const dash *d, dash_frame *f)
{
	const dash_view *v = dash_keys_view(d);
	static const char *const name[] = { "cf", "code", "spectrum", "buckets" };
	int W = COLS, H = LINES, cy = -1, cx = -1, i, lost;
	char over[64] = "";
	layout l;
	rect *fp;

	f->code_scroll = dash_panel_code_scroll(d);
	f->code_top = v->code_top;
	f->out_scroll = dash_out_scrolled(d->out);
	f->help_scroll = v->help_scroll;
	f->code_rows = v->code_rows;
	f->out_rows = v->out_rows;
	f->help_rows = v->help_rows;
	f->lesson_rows = 0;
	f->lesson_side = 0;
	f->lesson_scroll = 0;
	f->lesson_scroll_max = 0;
	f->spec_past = 0;
	erase();
	if (W < DASH_MIN_W || H < DASH_MIN_H) {
		too_small(d);
		curs_set(0);
		wnoutrefresh(stdscr);
		return;
	}
	compute_layout(d, &l, W, H);
	if ((fp = focus_of(&l, dash_learn_focus(d))))
		fp->focus = 1;
	hide_revealing(d, &l);
	if (dash_out_is_open(d->out))
		under_pane(&l, &l.out);
	draw_header(d, &l.head, &cy, &cx);
	if (!draw_hidden(d, &l.decomp, "Decomposition"))
		draw_decomp(d, &l.decomp);
	/* beside a lesson column two of these four are not shown (w = 0) */
	for (i = 0; i < 4; i++) {
		rect *r = i == 0 ? &l.cf : i == 1 ? &l.code : i == 2 ? &l.spec : &l.buck;
		if (!r->w)
			continue;
		lost = 0;
		r->lost = &lost;
		if (r->h < 1)
			;
		else if (i == 0 && !draw_hidden(d, r, "Continued fraction"))
			dash_panel_cf_draw(d, r);
		else if (i == 1 && !draw_hidden(d, r, "Shift/add code"))
			dash_panel_code_draw(d, r, f);
		else if (i == 2 && !draw_hidden(d, r, "Spectrum"))
			dash_panel_spec_draw(d, r, f);
		else if (i == 3 && !draw_hidden(d, r, hidden_buckets_title(r)))
			dash_panel_buckets_draw(d, r);
		r->lost = NULL;
		if (r->under && (r->h < 1 || lost))
			snprintf(over + strlen(over), sizeof over - strlen(over), "%s%s",
			         *over ? ", " : "", name[i]);
	}
	if (l.wide) {
		vsep(&l.cf, l.cf.y, l.cf.h, 1);
		vsep(&l.code, l.code.y, l.code.h, 1);
		joint(l.buck.y, l.cf.x + l.cf.w, GLYPH.tee_up);
		joint(l.buck.y, l.code.x + l.code.w, GLYPH.tee_up);
	} else if (!l.lesson.w || l.strip) {   /* else lesson_sep alone */
		vsep(&l.cf, l.cf.y, l.cf.h, 1);
		vsep(&l.spec, l.spec.y, l.spec.h, 1);
		joint(l.spec.y, l.cf.x + l.cf.w, GLYPH.tee_up);
	}
	if (dash_out_is_open(d->out))
		draw_out(d, &l.out, over, f);
	if (l.lesson.w) {
		lesson_sep(&l, dash_out_is_open(d->out) ? &l.out : NULL);
		draw_lesson(d, &l.lesson, f);
	}
	draw_footer(d, &l.foot, strips_away(d, &l, l.foot.w - 43), &cy, &cx);
	if (v->mode == MODE_HELP)
		dash_panel_help_draw(d, f);
	if (cy >= 0 && (v->mode & MODE_LINE)) {
		curs_set(1);
		move(cy, cx);
	} else {
		curs_set(0);
	}
	wnoutrefresh(stdscr);
}
