/*
 * dash_panel_cf.c - the continued fraction panel (dash_panel.h).
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
		if (dash_paint_width(line[1]) > r->w - 2) {
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
		snprintf(line[n++], sizeof line[0], "|x - 1/%s| = 0", GLYPH.phi);
	else
		snprintf(line[n++], sizeof line[0], "|x - 1/%s| = %s = 2^-%.1f",
		         GLYPH.phi, dash_paint_fmt_g(g1, sizeof g1, c->dist, 3), c->dbits);
	if (c->mdist < c->dist)
		snprintf(line[n++], sizeof line[0], "|1-x - 1/%s| = %s = 2^-%.1f",
		         GLYPH.phi, dash_paint_fmt_g(g1, sizeof g1, c->mdist, 3), c->mbits);
	for (i = 0; i < n; i++) {
		if (i == room - 1 && n > room) {
			dash_paint_putf(r, y++, 1, ST_DIM, "%s %d more row%s: :cf", GLYPH.ell,
			     n - i, n - i == 1 ? "" : "s");
			break;
		}
		dash_paint_put(r, y++, 1, ST_NORMAL, line[i]);
	}
	return y;
}

/* The convergents into f (drawn only if draw). */
static void conv_flow(const dash_model_const *c, dash_paint_flow *f, int draw)
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
		dash_paint_flow_item(f, buf, big ? ST_HILITE : ST_NORMAL, 0);
		free(ps);
		free(qs);
	}
}

void dash_panel_cf_draw(const dash *d, const rect *r)
{
	const dash_view *v = dash_keys_view(d);
	const dash_model_const *c = dash_state_model(d);
	const cf_seq *cf = &c->cf;
	char t[64];
	size_t k;
	dash_paint_flow f;
	int y;

	snprintf(t, sizeof t, "Continued fraction of p/2^%u", c->bits);
	dash_paint_title(r, t, v->show_conv ? "c hides p/q" : "c: p/q");
	/* [a0; a1, ...] with runs of 4 or more written "1 (x20)" */
	f = (dash_paint_flow){ r, 1, 1, 1, r->h - 1, 0, 1 };
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
			snprintf(item, sizeof item, "%s (%s%zu)%s", num, GLYPH.times, run,
			         last ? "]" : ",");
		else
			snprintf(item, sizeof item, "%s%s", num, last ? "]" : ",");
		/* a0 is the integer part; the quotients after it that are not 1
		 * are where p/2^n leaves the golden ratio */
		dash_paint_flow_item(&f, item, k > 0 && !is_one ? ST_HILITE : ST_NORMAL,
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
	dash_paint_put(r, y, 1, ST_DIM, "convergents p_k/q_k:");
	f = (dash_paint_flow){ r, y + 1, 1, 1, r->h - 1, 0, 0 };
	conv_flow(c, &f, 0);                /* do they all fit? */
	k = (size_t)f.lost;
	f = (dash_paint_flow){ r, y + 1, 1, 1, r->h - 1 - (k > 0), 0, 1 };
	conv_flow(c, &f, 1);
	if (k)
		dash_paint_putf(r, r->h - 1, 1, ST_DIM, "%s %d more: :cf --convergents", GLYPH.ell,
		     f.lost);
}
