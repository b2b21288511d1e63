/*
 * dash_panel_buckets.c - the bucket panel (dash_panel.h): the score, the load histogram, the
 * sweep and verify strips and the progress of the worker.
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

/* ---- buckets -------------------------------------------------------------- */

static const char *count_text(size_t n, char *buf, size_t len)
{
	if (n && !(n & (n - 1)))
		snprintf(buf, len, "2^%d", __builtin_ctzll(n));
	else
		snprintf(buf, len, "%zu", n);
	return buf;
}

/* The keys the title counts: the count a generated family makes; for a
 * file or inodes the keys read once the score of these keys is
 * in (a file of 1000 keys under a count of 2^14 gives 1000), "up to"
 * the count until then. */
static const char *keys_count_text(const dash_scoring *work, char *buf,
                                   size_t len)
{
	const dash_work_score *s = work->score;
	const dash_work_params *p = &work->par;
	keys_spec ks;
	char c[24];

	if (!p->fam.ok)
		return count_text(p->count, buf, len);
	ks = keys_family_spec(&p->fam);
	if (keys_generated(&ks))
		return count_text(p->count, buf, len);
	if (s && !s->failed && s->par.bits == p->bits &&
	    s->par.count == p->count && !strcmp(s->par.fam.text, p->fam.text))
		return count_text(s->made, buf, len);
	snprintf(buf, len, "up to %s", count_text(p->count, c, sizeof c));
	return buf;
}

static int verdict_style(score_verdict v)
{
	return v == SCORE_GOOD ? ST_GOOD : v == SCORE_WEAK ? ST_WEAK :
	       v == SCORE_BAD ? ST_BAD : ST_DIM;
}

/* The bars in one row (a panel with no room for more): eighths of the
 * tallest, then the loads they span and the tallest's count (the room
 * for them kept by draw_hist). */
static void hist_row(const uint64_t *colv, int ncol, int cw, uint64_t vmax,
                     uint64_t lo, uint64_t hi, const char *peak,
                     const rect *hr, int st)
{
	char f[3][160];
	const char *form[3] = { f[0], f[1], f[2] };
	int c, k, x;

	for (c = 0; c < ncol; c++) {
		long h8 = colv[c] ? (long)((double)colv[c] * 8 / (double)vmax + 0.5) : 0;
		if (colv[c] && h8 < 1)
			h8 = 1;
		for (k = 0; k < (cw > 2 ? cw - 1 : cw); k++)
			dash_paint_put(hr, 0, c * cw + k, st, GLYPH.block[h8 > 8 ? 8 : h8]);
	}
	x = ncol * cw + 1;
	snprintf(f[0], sizeof f[0], "loads %llu..%llu, %s",
	         (unsigned long long)lo, (unsigned long long)hi, peak);
	snprintf(f[1], sizeof f[1], "%s", peak);
	snprintf(f[2], sizeof f[2], "peak %llu", (unsigned long long)vmax);
	dash_paint_put(hr, 0, x, ST_DIM, dash_paint_first_fit(form, 3,
	               hr->w - x));
}

/* The tallest bar's label, "peak N", N the buckets it counts; a bar that
 * spans several loads names them ("0..42: peak 4093", where 4092 are
 * empty and one holds a key: N is no count of one load) */
static void peak_text(char *t, size_t n, uint64_t vmax, uint64_t a,
                      uint64_t b)
{
	if (a == b)
		snprintf(t, n, "peak %llu", (unsigned long long)vmax);
	else
		snprintf(t, n, "%llu..%llu: peak %llu", (unsigned long long)a,
		         (unsigned long long)b, (unsigned long long)vmax);
}

/* Bars of bucket counts over load values; the last row is the axis (a
 * rect of one row: hist_row). */
static void draw_hist(const dash_work_score *s, const rect *hr, int st)
{
	int rows = hr->h - 1, cols = hr->w, c, j, cw = 1, ncol;
	size_t per = 1, nb, i, lo;
	uint64_t colv[512], vmax = 0, pa, pb;
	char buf[96], peak[80];
	int pc = 0;

	if (rows < 0 && cols >= 24 && s && !s->failed && s->nhist)
		dash_paint_lose(hr);    /* no row for the bars */
	if (rows < 0 || cols < 24 || !s || s->failed || !s->nhist)
		return;
	if (cols > 512)
		cols = 512;
	/* from the smallest load that occurs: loads cluster near E */
	for (lo = 0; lo + 1 < s->nhist && !s->hist[lo]; lo++)
		;
	/* the label "peak N" always has its room right of the bars (wide
	 * bars of a few loads, ptr:16's or high:16's, took it): N is at
	 * most the buckets counted; one row also says the loads it spans
	 * when the bars keep 16 columns */
	for (i = 0, vmax = 0; i < s->nhist; i++)
		vmax += s->hist[i];
	snprintf(buf, sizeof buf, "peak %llu", (unsigned long long)vmax);
	/* bars of several loads each: room for the loads of the tallest */
	if (s->hstep > 1 ||
	    s->nhist - lo > (size_t)(cols - dash_paint_width(buf) - 1))
		peak_text(buf, sizeof buf, vmax, s->r.max_load,
		          s->r.max_load + 1);
	cols -= dash_paint_width(buf) + 1;
	snprintf(buf, sizeof buf, "loads %llu..%llu, ",
	         (unsigned long long)(lo * s->hstep),
	         (unsigned long long)s->r.max_load);
	if (rows == 0 && cols - dash_paint_width(buf) >= 16)
		cols -= dash_paint_width(buf);
	vmax = 0;
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
		if (colv[c] > vmax) {
			vmax = colv[c];
			pc = c;
		}
	}
	/* the loads the tallest bar counts: its bins, hstep loads each */
	pa = (lo + (size_t)pc * per) * s->hstep;
	pb = (lo + (size_t)(pc + 1) * per) * s->hstep - 1;
	if (pb > s->r.max_load)
		pb = s->r.max_load;
	peak_text(peak, sizeof peak, vmax, pa, pb);
	if (rows == 0) {
		hist_row(colv, ncol, cw, vmax, lo * s->hstep, s->r.max_load,
		         peak, hr, st);
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
				dash_paint_put(hr, rows - 1 - j, c * cw + k, st,
				    GLYPH.block[fill > 8 ? 8 : fill]);
		}
	}
	/* axis: load 0 at the left, the largest at the right, E marked */
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)(lo * s->hstep));
	dash_paint_put(hr, rows, 0, ST_DIM, buf);
	snprintf(buf, sizeof buf, "%llu", (unsigned long long)s->r.max_load);
	if (ncol * cw - (int)strlen(buf) > 4)
		dash_paint_put(hr, rows, ncol * cw - (int)strlen(buf), ST_DIM, buf);
	{
		double e = s->r.expected_load / (double)s->hstep - (double)lo;
		int ex = (int)(e / (double)per * cw + cw / 2);
		snprintf(buf, sizeof buf, "%sE", GLYPH.up);
		if (e >= 0 && ex > 4 && ex + 2 < ncol * cw - 4)
			dash_paint_put(hr, rows, ex, ST_DIM, buf);
	}
	/* right of the bars, a blank column between (the last column of a
	 * wide bar's cell is one already), never over them; shorter where
	 * there is less room (a narrow panel beside a lesson may have none) */
	{
		char f[3][128];
		const char *form[3] = { f[0], f[1], f[2] }, *t;
		int edge = ncol * cw - (cw > 2) + 1;
		int w = hr->w > 512 ? 512 : hr->w;
		snprintf(f[0], sizeof f[0], "buckets by load, %s", peak);
		snprintf(f[1], sizeof f[1], "%s", peak);
		snprintf(f[2], sizeof f[2], "peak %llu",
		         (unsigned long long)vmax);
		t = dash_paint_first_fit(form, 3, w - edge);
		if (*t)
			dash_paint_put(hr, 0, w - dash_paint_width(t), ST_DIM,
			               t);
	}
}

/* "good . weak w bad X none ?", each word in its style and glyph, at (y,
 * x) of r when it fits there whole (none: fewer than SCORE_MIN_KEYS keys,
 * the ? of a short sweep). */
static void legend_verdicts(const rect *r, int y, int x)
{
	int v, w = 0;

	for (v = SCORE_GOOD; v <= SCORE_NONE; v++)
		w += dash_paint_width(GLYPH.verdict[v]) + 1 +
		     dash_paint_width(score_verdict_name((score_verdict)v)) + 2;
	if (x + w - 2 > r->w - 1)
		return;
	for (v = SCORE_GOOD; v <= SCORE_NONE; v++) {
		x = dash_paint_put(r, y, x, verdict_style((score_verdict)v), GLYPH.verdict[v]);
		x = dash_paint_put(r, y, x + 1, ST_DIM, score_verdict_name((score_verdict)v)) + 2;
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
	char form[2][80];
	const char *const forms[2] = { form[0], form[1] };

	x = dash_paint_put(r, y, 1, ST_DIM, "verify ");
	if (work->par.bits < VERIFY_MIN_BITS) {
		dash_paint_putf(r, y, x, ST_DIM, "judges words of %d bits or more (w)",
		     VERIFY_MIN_BITS);
		return;
	}
	if (!cur) {
		dash_paint_putf(r, y, x, ST_DIM, "waiting%s", GLYPH.ell);
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
			dash_paint_put(r, y, x + i, verdict_style(as[worst]), GLYPH.verdict[as[worst]]);
		else if (info)          /* judged, but too few keys to say */
			dash_paint_put(r, y, x + i, ST_DIM, GLYPH.verdict[SCORE_NONE]);
		else
			dash_paint_put(r, y, x + i, ST_DIM, GLYPH.pending);
	}
	x += i + 1;
	if (sw->vdone < sw->vn) {
		dash_paint_putf(r, y, x, ST_DIM, "%u/%u families", sw->vdone, sw->vn);
		return;
	}
	/* the verdict, and that the shift/add code was not compiled (cfx
	 * verify and :verify --full compile it) when that fits */
	if (sw->vfail)
		snprintf(form[1], sizeof form[1], "FAIL %u (:verify)", sw->vfail);
	else if (sw->vwarn)
		snprintf(form[1], sizeof form[1], "PASS, %u WARN", sw->vwarn);
	else
		snprintf(form[1], sizeof form[1], "PASS");
	snprintf(form[0], sizeof form[0], "%.48s, not compiled", form[1]);
	dash_paint_put(r, y, x, verdict_style(sw->vfail ? SCORE_BAD : sw->vwarn
	               ? SCORE_WEAK : SCORE_GOOD),
	               dash_paint_first_fit(forms, 2, r->w - x - 1));
}

/* The sweep strip's first row: what it hashes and its worst stride, the
 * longest form that fits; a b capped below the bucket panel's says so. */
static void sweep_head(const dash *d, const rect *r, int y, int cur)
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_sweep *sw = &work->sweep;
	unsigned b = work->par.sweep_b;
	int capped = b < work->par.b, i, j, room = r->w - 2;
	char lab[4][96], res[2][64], c1[16], g1[32], t[400];
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
		dash_paint_fmt_g(g1, sizeof g1, sw->R[sw->worst], 3);
		snprintf(res[0], sizeof res[0], "worst s=%u R %s %s (%s)",
		         sw->worst, g1, score_verdict_name(sw->v[sw->worst]),
		         score_verdict_json(sw->v[sw->worst]));
		snprintf(res[1], sizeof res[1], "s=%u R %s %s (%s)", sw->worst,
		         g1, score_verdict_name(sw->v[sw->worst]),
		         score_verdict_json(sw->v[sw->worst]));
		st = verdict_style(sw->v[sw->worst]);
	} else {
		snprintf(res[0], sizeof res[0], "running %u/%u", cur ? sw->done : 0,
		         work->par.bits);
		snprintf(res[1], sizeof res[1], "%u/%u", cur ? sw->done : 0,
		         work->par.bits);
		st = ST_DIM;
	}
	/* the worst stride whole before the longer labels */
	for (j = 0; j < 2; j++)
		for (i = 0; i < 4; i++) {
			snprintf(t, sizeof t, "%s %s", lab[i], res[j]);
			if (dash_paint_width(t) <= room || (i == 3 && j == 1)) {
				int x = dash_paint_put(r, y, 1, ST_DIM, lab[i]);
				dash_paint_put(r, y, x + 1, st, res[j]);
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
		dash_paint_put(r, y, 1, ST_DIM, dash_paint_first_fit(form, 4, r->w - 2));
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
			dash_paint_putf(r, row, 1, ST_DIM, "s=%-2d", i);
		if (cur && (unsigned)i < sw->done)
			dash_paint_put(r, row, col, verdict_style(sw->v[i]), GLYPH.verdict[sw->v[i]]);
		else
			dash_paint_put(r, row, col, ST_DIM, GLYPH.pending);
		if (i % per == per - 1 || i == n - 1) {
			x = dash_paint_putf(r, row, col + 2, ST_DIM, "%d", i);
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
		dash_paint_putf(r, y, x, ST_NORMAL, "making keys %3.0f%%", work->st.frac * 100);
		return;
	}
	if (work->st.gen != work->gen || work->st.phase == DASH_WORK_KEYS) {
		dash_paint_putf(r, y, x, ST_NORMAL, "making keys%s", GLYPH.ell);
		return;
	}
	if (work->st.phase != DASH_WORK_HASH) {
		dash_paint_putf(r, y, x, ST_NORMAL, "updating%s", GLYPH.ell);
		return;
	}
	x = dash_paint_put(r, y, x, ST_NORMAL, "hashing ");
	fill = (int)(work->st.frac * 20);
	for (i = 0; i < 20; i++)
		dash_paint_put(r, y, x + i, i < fill ? ST_BAR : ST_DIM, i < fill ? " " : GLYPH.h);
	dash_paint_putf(r, y, x + 21, ST_NORMAL, "%3.0f%%", work->st.frac * 100);
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
	if (space < work->par.b) {
		/* fewer keys than buckets: x p permutes the 2^space multiples
		 * j 2^t, and their top b bits are j' 2^(b - space): one key
		 * in each of 2^space buckets, the rest empty, for any odd p */
		char f[2][128];
		const char *const form[] = { f[0], f[1],
		                             "keys: 1 a bucket for any odd p" };
		snprintf(f[0], sizeof f[0], "keys = all 2^%u multiples of 2^%u: "
		         "one in each of 2^%u of the 2^%u buckets, for any odd p",
		         space, work->par.bits - space, space, work->par.b);
		snprintf(f[1], sizeof f[1], "keys = all 2^%u multiples of 2^%u: "
		         "1 a bucket, any odd p", space, work->par.bits - space);
		snprintf(t, n, "%s", dash_paint_first_fit(form, 3, w));
		return 1;
	}
	if (space == work->par.bits)
		snprintf(t, n, "keys = all 2^%u words", space);
	else
		snprintf(t, n, "keys = all 2^%u multiples of 2^%u", space,
		         work->par.bits - space);
	if (dash_paint_width(t) + 56 <= w)
		strncat(t, ": any odd p permutes them, so every p spreads them "
		        "evenly", n - strlen(t) - 1);
	else if (dash_paint_width(t) + 21 <= w)
		strncat(t, ": even for any odd p", n - strlen(t) - 1);
	else
		snprintf(t, n, "keys cover the word: even for any odd p");
	return 1;
}

/* For keys k c, k < K (a seq:0 or stride:c family, par's), the bit
 * length of the largest product (K - 1) m, m = c p mod 2^n, when it
 * stays within bucket 0 (at most n - b bits): every key hashes to 0; else
 * -1.  *c and *m receive c and m. */
static int bucket0_bits(const dash_work_params *par, uint64_t *c,
                        uint64_t *m)
{
	keys_spec ks;
	uint64_t start;
	unsigned __int128 top;
	int tb;

	if (!par->fam.ok)
		return -1;
	ks = keys_family_spec(&par->fam);
	if (!keys_progression(&ks, par->bits, par->count, &start, c) || start ||
	    !*c)
		return -1;
	*m = (uint64_t)((unsigned __int128)*c * par->p) & word_mask(par->bits);
	top = (unsigned __int128)(par->count - 1) * *m;
	for (tb = 0; tb < 128 && top >> tb; tb++)
		;
	return tb <= (int)(par->bits - par->b) ? tb : -1;
}

/* When the current score put every key in one bucket, why, longest
 * first, into f; how many forms (0: no such note).  Keys k c hash as
 * k m, m = c p mod 2^n: while (K - 1) m < 2^(n - b) no product reaches
 * bucket 1 (p below 2^32 on a 64-bit word; stride 2^s with p = 1 mod
 * 2^(n - s), where k 2^s p = k 2^s mod 2^n, as lesson 14 shows). */
static int one_bucket_forms(const dash *d, char f[4][192])
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_score *s = work->score;
	char lhs[64], sl[32], why[48] = "", kc[24];
	uint64_t c, m;
	unsigned e, sh;
	int tb;

	if (!s || s->failed || s->gen != work->gen || s->r.keys < 2 ||
	    s->r.empty + 1 != s->r.buckets)
		return 0;
	tb = bucket0_bits(&s->par, &c, &m);
	if (tb < 0) {
		snprintf(f[0], 192, "all %s keys in one bucket",
		         count_text(s->r.keys, kc, sizeof kc));
		snprintf(f[1], 192, "all keys in one bucket");
		return 2;
	}
	e = s->par.bits - s->par.b;
	sh = (unsigned)__builtin_ctzll(c);
	if (c == 1) {
		snprintf(lhs, sizeof lhs, "k p");
		snprintf(sl, sizeof sl, "k p");
	} else if (c == 1ULL << sh && m == c) {   /* p = 1 mod 2^(n - s) */
		snprintf(why, sizeof why, "p = 1 mod 2^%u, so ", s->par.bits - sh);
		snprintf(lhs, sizeof lhs, "k 2^%u p = k 2^%u", sh, sh);
		snprintf(sl, sizeof sl, "k 2^%u p", sh);
	} else {
		snprintf(lhs, sizeof lhs, "k c p mod 2^%u = k 0x%llx", s->par.bits,
		         (unsigned long long)m);
		snprintf(sl, sizeof sl, "k c p mod 2^%u", s->par.bits);
	}
	snprintf(f[0], 192, "every key in bucket 0: %s%s < 2^%d, and bucket 1 "
	         "starts at 2^%u", why, lhs, tb, e);
	if (tb < (int)e)
		snprintf(f[1], 192, "every key in bucket 0: %s%s < 2^%d <= 2^%u",
		         why, sl, tb, e);
	else
		snprintf(f[1], 192, "every key in bucket 0: %s%s < 2^%u", why, sl, e);
	snprintf(f[2], 192, "bucket 0: %s%s < 2^%u", why, sl, e);
	snprintf(f[3], 192, "all keys in bucket 0");
	return 4;
}

/* Where text t splits into two rows of at most w columns: the last
 * space that leaves the first row within w, if the rest fits too; else
 * NULL. */
static char *two_rows(char *t, int w)
{
	char *sp;

	for (sp = t + strlen(t); sp > t && (*sp != ' ' ||
	     dash_paint_width(t) - dash_paint_width(sp) > w); sp--)
		;
	return sp > t && dash_paint_width(sp + 1) <= w ? sp : NULL;
}

/* The panel's note (keys that cover the word, or every key in one
 * bucket) in at most w columns into t; 1 if there is one. */
static int note_text(const dash *d, int w, char *t, size_t n)
{
	char f[4][192];
	const char *fp[4] = { f[0], f[1], f[2], f[3] };
	int nf;

	if (cover_text(d, w, t, n))
		return 1;
	if (!(nf = one_bucket_forms(d, f)))
		return 0;
	snprintf(t, n, "%s", dash_paint_first_fit(fp, nf, w));
	return 1;
}

/* The note at (y, x) of r in w columns; the one-bucket note takes two
 * rows when rows is 2 and a longer form then fits.  The rows it took. */
static int cover_note(const dash *d, const rect *r, int y, int x, int w,
                      int rows)
{
	char t[192], f[4][192], *sp;
	int i, nf;

	if (rows > 1 && !cover_text(d, w, t, sizeof t)) {
		nf = one_bucket_forms(d, f);
		for (i = 0; i < nf && dash_paint_width(f[i]) > w; i++) {
			if ((sp = two_rows(f[i], w))) {
				*sp = '\0';
				dash_paint_put(r, y, x, ST_WEAK, f[i]);
				dash_paint_put(r, y + 1, x, ST_WEAK, sp + 1);
				return 2;
			}
		}
	}
	if (!note_text(d, w, t, sizeof t))
		return 0;
	dash_paint_put(r, y, x, ST_WEAK, t);
	return 1;
}

/* The narrow panel's row of figures at y: R, the largest load, the
 * empty buckets and the verdict, score's word and the one JSON says, as
 * cfx score's verdict line names both; the longest form that fits (the
 * verdict's two words in every one). */
static void figures_row(const rect *r, int y, int st, int cur,
                        const dash_work_score *s, const char *g3)
{
	char f[4][96], json[32];
	const char *name = score_verdict_name(s->r.verdict);
	unsigned long long mx = s->r.max_load, em = s->r.empty;
	int i, x;

	snprintf(f[0], sizeof f[0], "R %s  max %llu  empty %llu  ", g3, mx, em);
	snprintf(f[1], sizeof f[1], "R %s  max %llu  empty %llu  ", g3, mx, em);
	snprintf(f[2], sizeof f[2], "R %s max %llu empty %llu ", g3, mx, em);
	snprintf(f[3], sizeof f[3], "R %s max %llu ", g3, mx);
	for (i = 0; i < 4; i++) {
		snprintf(json, sizeof json, i ? " (%s)" : " (\"%s\" in JSON)",
		         score_verdict_json(s->r.verdict));
		if (dash_paint_width(f[i]) + dash_paint_width(name) +
		    dash_paint_width(json) <= r->w - 2 || i == 3)
			break;
	}
	x = dash_paint_put(r, y, 1, st, f[i]);
	x = dash_paint_put(r, y, x, cur ? verdict_style(s->r.verdict) : ST_DIM,
	                   name);
	dash_paint_put(r, y, x, st, json);
}

/* Rows of the bucket panel r (inside its title) that the sweep and verify
 * strips take: all they need (srows) when the figures above keep fig
 * rows, else 1 for a line saying where they are (none under the output
 * pane: the footer says they are under it, and the figures keep the
 * rows). */
static int sweep_rows_for(const rect *r, int srows, int fig)
{
	return r->h - 1 - fig >= srows ? srows : r->under ? 0 : 1;
}

void dash_panel_buckets_draw(const dash *d, const rect *r)
{
	const dash_scoring *work = dash_state_scoring(d);
	const dash_work_score *s = work->score;
	int cur = s && s->gen == work->gen, st, y, sweep_rows, n = (int)work->par.bits;
	int per = sweep_per_row(n, r->w), srows;
	/* the figures beside the bars, or (under the output pane, with no
	 * rows for them) above them in two */
	int wide = r->w >= 90 && (!r->under || r->h >= 8);
	int fw = r->focus ? 2 : 0;  /* a lesson's focus mark in the title */
	char t[DASH_WORK_FAMILY_MAX + 96], c1[32], g1[32], g2[32], g3[32];
	rect hr;

	/* the longest title that fits: never cut mid-word */
	keys_count_text(work, c1, sizeof c1);
	snprintf(t, sizeof t, "Buckets: %s %s keys into 2^%u (b = %u)",
	         c1, work->par.fam.text, work->par.b, work->par.b);
	if (dash_paint_width(t) + 4 + fw > r->w)
		snprintf(t, sizeof t, "Buckets: %s %s keys, b = %u", c1,
		         work->par.fam.text, work->par.b);
	if (dash_paint_width(t) + 4 + fw > r->w && work->par.fam.path_at)
		snprintf(t, sizeof t, "Buckets: %s %.*s keys, b = %u", c1,
		         (int)work->par.fam.path_at - 1, work->par.fam.text,
		         work->par.b);
	if (dash_paint_width(t) + 4 + fw > r->w)    /* the family, not "keys" */
		snprintf(t, sizeof t, "Buckets: %s %s, b = %u", c1,
		         work->par.fam.text, work->par.b);
	if (dash_paint_width(t) + 4 + fw > r->w)
		snprintf(t, sizeof t, "Buckets: %s keys, b = %u", c1, work->par.b);
	dash_paint_title(r, t, NULL);
	srows = 2 + (n + per - 1) / per;   /* title, strides, verify */
	/* the figures, then the strips, then what rows are left for the
	 * bars (one row is a compact form of them) */
	if (wide)
		sweep_rows = sweep_rows_for(r, srows, 7);
	else
		sweep_rows = sweep_rows_for(r, srows, 2 + note_text(d, r->w - 2, t,
		                                                       sizeof t));
	if (!s || s->failed) {
		if (!s) {
			draw_progress(d, r, 1, 1);
		} else if (s->err.token[0]) {
			dash_paint_putf(r, 1, 1, ST_ERROR, "keys: %s (%s)", s->err.msg, s->err.token);
			dash_paint_put(r, 2, 1, ST_DIM, "k cycles families; :set keys FAMILY");
		} else {
			dash_paint_putf(r, 1, 1, ST_ERROR, "keys: %s", s->err.msg);
			dash_paint_put(r, 2, 1, ST_DIM, "k cycles families; :set keys FAMILY");
		}
		draw_sweep(d, r, r->h - sweep_rows, sweep_rows);
		return;
	}
	/* a score for older settings is drawn dim under the progress */
	st = cur ? ST_NORMAL : ST_DIM;
	dash_paint_fmt_g(g1, sizeof g1, s->r.chi2, 6);
	dash_paint_fmt_g(g2, sizeof g2, s->r.p_value, 3);
	dash_paint_fmt_g(g3, sizeof g3, s->r.probe_ratio, 4);
	if (wide) {
		/* histogram on the left, figures on the right */
		int sx = r->w - 46;
		hr = RECT(r->y + 1, r->x + 1, r->h - 1 - sweep_rows, sx - 3);
		y = 1;
		dash_paint_putf(r, y++, sx, st, "keys     %zu distinct (%zu made)", s->r.keys,
		     s->made);
		dash_paint_putf(r, y++, sx, st, "load     max %llu, empty %llu, E = %s",
		     (unsigned long long)s->r.max_load,
		     (unsigned long long)s->r.empty,
		     dash_paint_fmt_g(c1, sizeof c1, s->r.expected_load, 4));
		dash_paint_put(r, y, sx, st, GLYPH.chi);
		dash_paint_putf(r, y++, sx + 9, st, "%s on %.0f dof", g1, s->r.dof);
		dash_paint_putf(r, y++, sx, st, "p-value  %s", g2);
		dash_paint_putf(r, y++, sx, st, "R        %s (lookup cost / random)", g3);
		y = dash_paint_put(r, y, sx, st, "verdict  ");
		y = dash_paint_put(r, 6, y, cur ? verdict_style(s->r.verdict)
		                   : ST_DIM, score_verdict_name(s->r.verdict));
		dash_paint_putf(r, 6, y, st, " (\"%s\" in JSON)",
		                score_verdict_json(s->r.verdict));
		if (!cur)
			draw_progress(d, r, 7, sx);
		cover_note(d, r, cur ? 7 : 8, sx, r->w - sx,
		           cur && r->h - 1 - sweep_rows >= 8 ? 2 : 1);
	} else {
		int x;
		if (cur)
			dash_paint_putf(r, 1, 1, st, "%s %s on %.0f dof, p %s", GLYPH.chi, g1, s->r.dof,
			     g2);
		else
			draw_progress(d, r, 1, 1);
		figures_row(r, 2, st, cur, s, g3);
		x = cover_note(d, r, 3, 1, r->w - 2, 1); /* a row less for the bars */
		hr = RECT(r->y + 3 + x, r->x + 1, r->h - 3 - x - sweep_rows,
		             r->w - 2);
	}
	hr.lost = r->lost;
	draw_hist(s, &hr, cur ? verdict_style(s->r.verdict) : ST_DIM);
	draw_sweep(d, r, r->h - sweep_rows, sweep_rows);
}
