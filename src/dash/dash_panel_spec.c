/*
 * dash_panel_spec.c - the spectrum panel (dash_panel.h).
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
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

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
			dash_paint_put(r, y, x + c, ST_POINT, b - a > 1 ? GLYPH.points : GLYPH.point);
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
			dash_paint_put(r, y, x + c, ST_GAP0 + k, GLYPH.gap[k]);
		}
	}
}

void dash_panel_spec_draw(const dash *d, const rect *r, dash_frame *frame)
{
	const dash_model_spec *s = dash_state_spec(d);
	static const char *const names3[] = { "short", "medium", "long" };
	static const char *const names2[] = { "short", "long" };
	unsigned __int128 circle = (unsigned __int128)1 << s->bits;
	char t[96], u[48];
	int sw = r->w - 10, i, y, past, legend = s->ok ? s->r.ngaps + 1 : 1;

	snprintf(t, sizeof t, "Spectrum {k p/2^%u}, K = %llu", s->bits,
	         (unsigned long long)s->count);
	dash_paint_title(r, t, "[ ] K");
	if (!s->ok) {
		/* the reason whole (rows past the panel counted lost, as
		 * the others' are), and what to do
		 * when K passes the points there are (a word of 1 to 3 bits,
		 * an even p) */
		struct buf b = { 0 };
		const char *p, *next;
		unsigned tz = 0;
		y = 1;
		buf_puts(&b, s->err.msg);
		while (tz < s->bits && !((s->p >> tz) & 1))
			tz++;
		if (s->err.code == CFX_EDOMAIN && s->bits - tz < 64 &&
		    s->count > (uint64_t)1 << (s->bits - tz))
			buf_printf(&b, "; K = %llu is more: { or [ lowers K to %llu "
			           "or less", (unsigned long long)s->count,
			           (unsigned long long)1 << (s->bits - tz));
		{
			struct buf f = { 0 };
			text_fill(&f, buf_str(&b), r->w - 2, "", "", " ");
			for (p = buf_str(&f); *p; p = next, y++) {
				size_t n = text_line(p, &next);
				dash_paint_putf(r, y, 1, ST_ERROR,
				                "%.*s", (int)n, p);
			}
			buf_free(&f);
		}
		buf_free(&b);
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
	/* the state makes them (the update, never this drawing): as many
	 * as it has, and the frame says how many there was room for */
	frame->spec_past = past;
	for (i = 1; i <= past && dash_state_spec_past(d, (unsigned)i); i++)
		;
	past = i - 1;
	dash_paint_put(r, 1, 1, ST_DIM, "K");
	dash_paint_put(r, 1, 7, ST_DIM, "0");
	dash_paint_put(r, 1, 8 + sw - 1, ST_DIM, "1");
	y = 2;
	for (i = past; i >= 0; i--, y++) {
		const dash_model_spec *ps = i ? dash_state_spec_past(d,
		                            (unsigned)i) : dash_state_spec(d);
		uint64_t k = s->count - (uint64_t)i;
		/* rows for smaller K are out of room: ▲ says so (a taller
		 * terminal shows more) */
		if (y == 2 && k > 1)
			dash_paint_putf(r, y, 1, ST_DIM, "%s%4llu", GLYPH.up, (unsigned long long)k);
		else
			dash_paint_putf(r, y, 1, i ? ST_DIM : ST_NORMAL, "%5llu",
			     (unsigned long long)k);
		if (ps->ok) {
			strip(r, y, 7, sw, ps);
			dash_paint_putf(r, y, 8 + sw, ST_DIM, "%d", ps->r.ngaps);
		}
	}
	/* (rows past the panel's end are lost, and counted: r->lost) */
	for (i = 0; i < s->r.ngaps; i++, y++) {
		const spec_gap *gp = &s->r.gap[i];
		const char *name = s->r.ngaps == 3 ? names3[i] : s->r.ngaps == 2
		                   ? names2[i] : "one";
		double len = (double)gp->length / (double)circle;
		int x = dash_paint_put(r, y, 1, ST_GAP0 + i, GLYPH.gap[i]);
		x = dash_paint_put(r, y, x, ST_GAP0 + i, GLYPH.gap[i]);
		/* six decimals until they would all be 0 (64 bits, a small p) */
		if (len >= 1e-4)
			snprintf(u, sizeof u, "%.6f", len);
		else
			dash_paint_fmt_g(u, sizeof u, len, 4);
		x = dash_paint_putf(r, y, x + 1, ST_NORMAL, "%-6s %-8s %s%-5llu", name, u,
		         GLYPH.times, (unsigned long long)gp->count);
		snprintf(t, sizeof t, "= %s/2^%u", u128_text(gp->length, u, sizeof u),
		         s->bits);
		if (x + 1 + dash_paint_width(t) < r->w)
			dash_paint_put(r, y, x + 1, ST_DIM, t);
	}
	{
		snprintf(t, sizeof t, "%d length%s; max/min %.4g", s->r.ngaps,
		         s->r.ngaps == 1 ? "" : "s", s->r.max_min_ratio);
		if (s->r.ngaps == 3 && dash_paint_width(t) + 24 <= r->w - 1)
			snprintf(t, sizeof t, "3 lengths: long = short + medium; "
			         "max/min %.4g", s->r.max_min_ratio);
		dash_paint_put(r, y++, 1, ST_NORMAL, t);
		/* never cut: the identity takes a row of its own, or none */
		if (s->r.ngaps == 3 && !strstr(t, "long =") && y < r->h)
			dash_paint_put(r, y++, 1, ST_DIM, "long = short + medium");
	}
}
