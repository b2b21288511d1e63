/*
 * dash_panel_code.c - the shift/add code panel (dash_panel.h): the code of the NAF or of the
 * fewest adders, cut into lines that fit, scrolled, coloured by
 * dash_hilite.c.
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
#include "dash/dash_hilite.h"
#include "dash/dash_panel.h"
#include "util/text.h"
#include "util/xalloc.h"


#define CODE_LINES 256

/* ---- code ------------------------------------------------------------------ */

static int piece(char **lines, int n, const char *prefix, const char *s,
                 size_t len)
{
	char *x = xmalloc(strlen(prefix) + len + 1, "prefixed line");

	sprintf(x, "%s%.*s", prefix, (int)len, s);
	lines[n] = x;
	return n + 1;
}

/* The code as display lines of at most w columns: tabs as 4 columns, a
 * long line cut at a space or after a parenthesis, its pieces indented
 * (comments go on as comments).  *fn and *decl receive the lines of the function's
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
			/* code: after an opening parenthesis when what follows it
			 * fits the next row, so a parameter keeps its type
			 * ("f(" / "uint32_t x)", not "f(uint32_t" / "x)") */
			for (k = room - 1; !comment && k > room / 2; k--)
				if (p[k] == '(' && (int)strlen(p + k + 1) <= w - 8) {
					cut = k + 1;
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
int dash_panel_code_scroll(const dash *d)
{
	const dash_view *v = dash_keys_view(d);
	return v->code_gen == dash_state_gen(d) ? v->code_scroll : -1;
}

/* The code panel's summary: the cost and what it stands against, in the
 * longest form that fits w columns (at 120 columns the panel has 40); a
 * cost that ends in brackets of its own ("(NAF 10)") takes it inside
 * them: one pair of brackets, never two in a row. */
static void code_summary(char *t, size_t n, const char *cost, int w)
{
	static const char *const against[] = { "vs 1 multiply", "vs 1 mul", "" };
	size_t i, len = strlen(cost);
	int shut = len > 0 && cost[len - 1] == ')';

	for (i = 0; i < sizeof against / sizeof *against; i++) {
		if (!*against[i])
			snprintf(t, n, "%s", cost);
		else if (shut)
			snprintf(t, n, "%.*s; %s)", (int)len - 1, cost, against[i]);
		else
			snprintf(t, n, "%s (%s)", cost, against[i]);
		if (dash_paint_width(t) <= w)
			break;
	}
}

void dash_panel_code_draw(const dash *d, const rect *r, dash_frame *frame)
{
	const dash_view *v = dash_keys_view(d);
	const dash_model_const *c = dash_state_model(d);
	char *lines[CODE_LINES], t[96];
	int n, i, vis = r->h - 2, top, in_comment = 0, fn, decl;
	int opt = v->code_optimal && c->opt_code;  /* made by the loop */
	int scroll = dash_panel_code_scroll(d);

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
	frame->code_rows = vis;
	for (i = 0; i < top; i++) {   /* comment state of the lines skipped */
		if (!strncmp(lines[i], "/*", 2))
			in_comment = !strstr(lines[i], "*/");
		else if (in_comment && strstr(lines[i], "*/"))
			in_comment = 0;
	}
	/* the lines above and below the ones shown are counted on the right
	 * of the title, never over the code */
	dash_paint_title_more(r, opt ? "Fewest adders" : "Shift/add code", top,
	                      n - top - vis > 0 ? n - top - vis : 0, "",
	                      opt ? "cfx shifts --optimal --emit c"
	                      : "cfx shifts --emit c");
	if (opt) {
		code_summary(t, sizeof t, c->opt_cost, r->w - 2);
	} else {
		char cost[96];
		code_summary(t, sizeof t, sas_cost_text(&c->sas, 1, cost,
		             sizeof cost), r->w - 2);
	}
	dash_paint_put(r, 1, 1, ST_NORMAL, t);
	for (i = 0; i < vis && top + i < n; i++)
		dash_hilite_line(r, 2 + i, 1, lines[top + i], &in_comment);
	for (i = 0; i < n; i++)
		free(lines[i]);
}
