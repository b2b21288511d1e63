/*
 * dash_panel_help.c - the help overlay (dash_panel.h): the keys, from the binding table, and
 * what the panels show.
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

/* ---- help ------------------------------------------------------------------ */

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
				dash_paint_put(r, row, 4, ST_KEY, name);
			dash_paint_put(r, row, tx, ST_NORMAL, line);
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
			dash_paint_put(r, y - top, 2, ST_TITLE, sec[i].head);
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
	         "a constant the panels show it on the n Enter keeps, the rule's "
	         "for what is typed or the one chosen; a digit set "
	         "or n p keep n for the constant they make, and the next one "
	         "typed follows the rule), odd or "
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
	         "land nearly together.", GLYPH.times, GLYPH.phi);
	snprintf(t[3], sizeof t[3], "|x - 1/%s|: how far x is from 1/%s = "
	         "0.618..., the multiplier of Fibonacci hashing, and as a power of "
	         "two: 2^-17 means about 17 leading bits of x agree with it (more "
	         "than n when p is the n-bit fraction nearest 1/%s, as "
	         "golden(n) is).", GLYPH.phi, GLYPH.phi, GLYPH.phi);
	snprintf(t[4], sizeof t[4], "the multiply by p as shifts and adds, "
	         "one per NAF digit, in C; PgUp PgDn scroll it.");
	snprintf(t[5], sizeof t[5], "the points {k x}, k = 1..K, on the circle "
	         "[0, 1) drawn from 0 to 1, one row per K for the last few K, so a "
	         "new point is seen splitting a gap (%s before the top row's K: "
	         "the rows of smaller K are out of room, a taller terminal shows "
	         "more).  %s is a point (%s several "
	         "in one cell); the gaps between points are drawn by length: %s "
	         "short, %s medium, %s long.  The number at the right is how many "
	         "lengths there are: never more than 3 (the three-distance "
	         "theorem).  K changes with [, ], { and }.", GLYPH.up, GLYPH.point,
	         GLYPH.points, GLYPH.gap[0], GLYPH.gap[1], GLYPH.gap[2]);
	snprintf(t[6], sizeof t[6], "each length as a fraction of the circle, "
	         "%s how many gaps have it, and = its exact value where the panel "
	         "is wide enough (cfx spectrum always prints it); max/min is the "
	         "longest gap over the shortest: near 1 is even, large is uneven.",
	         GLYPH.times);
	snprintf(t[7], sizeof t[7], "h(x) = (x p mod 2^n) >> (n - b) puts the "
	         "keys named in the title into 2^b buckets (from a file, the keys "
	         "read: at most the count).  %s and its p-value: "
	         "how far the loads are from even; a tiny p is too uneven to be "
	         "chance.  R: the cost of looking every key up over an ideal "
	         "random hash's (1 random, below 1 better).  Verdict: bad when "
	         "R >= 2 and p < 0.001, weak when p < 0.001 but R < 2, else good.  "
	         "Keys: k the family, comma and period its parameter, ( and ) "
	         "the count, < and > the table.  When every key lands in bucket "
	         "0 a line says why: keys k c hash as k (c p mod 2^n), and no "
	         "product reaches 2^(n - b), where bucket 1 starts.", GLYPH.chi);
	snprintf(t[8], sizeof t[8], "how many buckets (height; peak: the "
	         "tallest) hold each load (across: the smallest load at the "
	         "left, the largest at the right, %sE the expected load, keys / "
	         "2^b).  A good hash is one narrow peak at E.", GLYPH.up);
	snprintf(t[9], sizeof t[9], "keys k*2^s for each stride s = 0 .. n-1, "
	         "from the left, one cell each: %s good, %s weak, %s bad, %s none "
	         "(fewer than %d distinct keys); worst s names the judged stride with "
	         "the largest R.  They go into 2^b buckets, b that of the "
	         "panel but at most 12 (b=12 (capped) when the panel's is "
	         "larger; b=12 max where the row is short), 4 x 2^b keys per "
	         "stride.", GLYPH.verdict[0],
	         GLYPH.verdict[1], GLYPH.verdict[2], GLYPH.verdict[3], SCORE_MIN_KEYS);
	snprintf(t[10], sizeof t[10], "what cfx verify says of p, one family "
	         "of keys a cell in verify's order (sequential, each stride "
	         "2^s, other strides, runs, bytes, packed fields, pointer+index, "
	         "few bits set), the worst of several neighbours when they do "
	         "not fit: %s PASS, %s WARN, %s FAIL, %s INFO (too few keys to "
	         "judge), %s not yet run.  FAIL N "
	         "counts the failed checks (an even p fails \"odd\" too); "
	         ":verify lists them, :verify --full prints the report.  The "
	         "strip checks the shift/add code with cfx's evaluator and "
	         "compiles nothing (\"not compiled\"); cfx verify and :verify "
	         "--full compile it too.  Words "
	         "of fewer than %d bits are not judged.", GLYPH.verdict[0],
	         GLYPH.verdict[1], GLYPH.verdict[2], GLYPH.verdict[3],
	         GLYPH.pending[0] == ' ' ? "blank"
	         : GLYPH.pending, VERIFY_MIN_BITS);
	snprintf(t[11], sizeof t[11], "may disagree, and both are right: the "
	         "sweep hashes one count of keys into one table (2^b, b <= 12); "
	         "verify tries every table from 2^4 to 2^20 with 1 to 8 keys a "
	         "bucket, and FAILs a family when its worst table costs twice a "
	         "random hash's lookups (R >= 2) and is rare among random odd "
	         "multipliers.  A stride can be good at b = 12 on the sweep and "
	         "FAIL at 2^8 in verify; :verify names the table.  Where they "
	         "are not drawn a line says where they are: the last row's "
	         "\"sweep, verify: under the pane (o)\" while the output pane is "
	         "open, a hidden bucket panel's title while a lesson's "
	         "prediction waits, \"strips:\" in a panel too short for them.");
	if (draw && y - top >= 1 && y - top < r->h)
		dash_paint_put(r, y - top, 2, ST_TITLE, "What the panels show");
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
		snprintf(more, sizeof more, "%s%d %s%d more, ", GLYPH.up, above, GLYPH.down,
		         below);
	else if (above > 0 || below > 0)
		snprintf(more, sizeof more, "%s%d more, ", above > 0 ? GLYPH.up : GLYPH.down,
		         above > 0 ? above : below);
	snprintf(f[0], sizeof f[0], "%sUp Down scroll, %s, other keys close",
	         more, other);
	snprintf(f[1], sizeof f[1], "%sUp Down, %s, other keys close", more,
	         other);
	snprintf(f[2], sizeof f[2], "%sUp Down, %s", more, other);
	dash_paint_title(r, t, dash_paint_first_fit(form, 3, dash_paint_title_room(r, t)));
}

void dash_panel_help_draw(const dash *d, dash_frame *frame)
{
	const dash_view *v = dash_keys_view(d);
	rect r = RECT(1, 0, LINES - 1, COLS);
	int total, vis = r.h - 1, top;
	int (*rows)(const rect *, int, int) = v->help_page ? panel_rows
	                                      : help_rows;

	dash_paint_blank(&r);
	total = rows(&r, 0, 0);
	top = v->help_scroll;
	if (top > total - vis)
		top = total - vis > 0 ? total - vis : 0;
	frame->help_scroll = top;
	frame->help_rows = vis;
	rows(&r, top, 1);
	help_title(&r, v->help_page, top, total - top - vis);
}
