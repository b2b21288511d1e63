/*
 * vreport.c - cfx verify's report: the verdict of src/core/verify.c as
 * text that fits in a mail (REPORT_WIDTH columns) and as a kernel-style
 * patch; its paragraphs built with util/buf.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/sas.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/out.h"
#include "cli/vreport.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

#define REPORT_WIDTH 72

/* ---- text report -------------------------------------------------------- */

/* Text wrapped to out_prose_width(), every line indented by indent (< 16). */
static void para(FILE *f, int indent, const char *text)
{
	static const char spaces[] = "                ";

	out_fill(f, text, out_prose_width(), spaces + 16 - indent,
	         spaces + 16 - indent, " ");
}

/* Families that fold into one row when neighbours share a status. */
static int foldable(verify_kind k)
{
	return k == VERIFY_POW2 || k == VERIFY_MULT || k == VERIFY_BYTE ||
	       k == VERIFY_AP;
}

/* The end of the run of families starting at i: same kind and status
 * (and the same status in ref, when there is one). */
static size_t run_end(const verify_battery *bt, const verify_battery *ref,
                      size_t i, int full)
{
	size_t j = i + 1;

	if (full || !foldable(bt->fam[i].kind))
		return j;
	while (j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind &&
	       bt->fam[j].status == bt->fam[i].status &&
	       (!ref || (j < ref->nfam &&
	                 ref->fam[j].status == ref->fam[i].status)))
		j++;
	return j;
}

/* A folded row's member as the row names it: "2^16" of "stride 2^16",
 * "100" of "stride 100", "byte 4" and "start+k*4096" whole. */
static const char *member(const verify_battery *bt, size_t m)
{
	const char *name = bt->fam[m].name;

	return strncmp(name, "stride ", 7) ? name : name + 7;
}

static size_t worst_of(const verify_battery *bt, size_t i, size_t j)
{
	size_t m = i;

	for (; i < j; i++)
		if (bt->fam[i].worst_r > bt->fam[m].worst_r)
			m = i;
	return m;
}

/* A stride multiple as a run's end: 10^6 rather than 1000000, so that
 * "strides 1000..10^6" fits the table's 20-column name field. */
static const char *mult_text(char *buf, size_t n, unsigned x)
{
	unsigned k = 0, y = x;

	while (y >= 10 && y % 10 == 0) {
		y /= 10;
		k++;
	}
	if (y == 1 && k >= 6)
		snprintf(buf, n, "10^%u", k);
	else
		snprintf(buf, n, "%u", x);
	return buf;
}

static void run_name(char *buf, size_t n, const verify_battery *bt,
                     size_t i, size_t j)
{
	const verify_family *a = &bt->fam[i], *b = &bt->fam[j - 1];
	char lo[16], hi[16];

	if (j == i + 1)
		snprintf(buf, n, "%s", a->name);
	else if (a->kind == VERIFY_POW2)
		snprintf(buf, n, "strides 2^%u..2^%u", a->arg, b->arg);
	else if (a->kind == VERIFY_BYTE)
		snprintf(buf, n, "bytes %u..%u", a->arg, b->arg);
	else if (a->kind == VERIFY_AP)
		snprintf(buf, n, "start+k*%u..%u", a->arg, b->arg);
	else
		snprintf(buf, n, "strides %s..%s", mult_text(lo, sizeof lo, a->arg),
		         mult_text(hi, sizeof hi, b->arg));
}

/* The short evidence of a family for the table: its worst cell and its
 * rank in the one form (verify_rank_text). */
static void evidence(char *buf, size_t n, const verify_family *f)
{
	const verify_cell *w = &f->cells[f->worst];
	char r[16], rank[96];

	if (!f->ncells) {
		snprintf(buf, n, "only %zu keys: too few", f->keys);
		return;
	}
	snprintf(r, sizeof r, "%.3g", f->worst_r);
	if (f->absolute)
		snprintf(buf, n, "R %s at 2^%u x%u; small word: R >= 2", r, w->b,
		         w->load);
	else if (f->small_note && verify_family_as_sequential(f))
		snprintf(buf, n, "R %s at 2^%u x%u; hashes as 0x%llx: Note", r,
		         w->b, w->load, (unsigned long long)f->cf.mult);
	else if (f->small_note)
		snprintf(buf, n, "R %s at 2^%u x%u; see the Note", r, w->b,
		         w->load);
	else if (f->status == VERIFY_INFO)
		snprintf(buf, n, "%s", f->reason);
	else {
		verify_rank_text(rank, sizeof rank, f, 1);
		snprintf(buf, n, "R %s at 2^%u x%u; %s", r, w->b, w->load, rank);
	}
}

/* A row of your own keys that WARNs only because they are yours
 * (verify_rule_yours_only): the reason, in a clause after its evidence
 * (issue 21: the default report said nothing of it, only --full's
 * paragraph did). */
static void yours_clause(char *buf, size_t n, const verify_family *f,
                         size_t judged)
{
	char sh[16];
	size_t len = strlen(buf);
	double as_bad = verify_share_as_bad(f->percentile, f->tail);

	if (!f->user || as_bad < 0 || len >= n ||
	    !verify_rule_yours_only(f->status, f->worst_r, f->tail, judged))
		return;
	if (f->sample_m)      /* a sample counted now: its count, its fit */
		snprintf(buf + len, n - len, "; judged alone as your keys: %zu "
		         "of %zu as bad, fitted %s%%, under %g%%", f->sample_m -
		         f->sample_better, f->sample_m, verify_share_text(sh,
		         sizeof sh, 100 * f->tail, 2), 100 * VERIFY_ALPHA_FAIL);
	else
		snprintf(buf + len, n - len, "; judged alone as your keys: %s%% "
		         "as bad, under %g%%", verify_share_text(sh, sizeof sh,
		         as_bad, 3), 100 * VERIFY_ALPHA_FAIL);
}

/* text padded to width with its first word (a status) in its colour on
 * a coloured f: the escapes take no column, so the table stays aligned */
static void cell(FILE *f, const char *text, int width)
{
	char word[16], paint[48];
	size_t n = strcspn(text, " ");
	int pad = width - (int)strlen(text);

	snprintf(word, sizeof word, "%.*s", (int)n, text);
	fprintf(f, "%s%s%*s", out_paint(f, word, paint, sizeof paint),
	        text + strlen(word), pad > 0 ? pad : 0, "");
}

/* The name column: 20 columns, wider for the whole table when a name the
 * user gave is longer ("fields x<<20|y (yours)", "keys random:7 (yours)"),
 * so that every status stays in one column: table() works it out
 * (names_width) and hands it, w, to each row. */
#define NAME_W 20
#define NAME_W_MAX 36

/* A row of the side-by-side table: check, candidate, reference. */
static void row2(FILE *f, int w, const char *name, const char *a,
                 const char *b)
{
	fprintf(f, "%-*s ", w, name);
	cell(f, a, 24);
	fputc(' ', f);
	cell(f, b, 0);
	fputc('\n', f);
}

static void row(FILE *f, int w, const char *name, const char *status,
                const char *ev)
{
	char head[96], indent[NAME_W_MAX + 9];
	int at = snprintf(head, sizeof head, "%-*s ", w, name);
	struct buf b = { 0 };

	snprintf(head, sizeof head, "%-*s %-4s  ", w, name, status);
	snprintf(indent, sizeof indent, "%*s", w + 8, "");
	text_fill(&b, ev, out_prose_width(), head, indent, " ");
	/* the status word in its colour; the text around it as filled */
	if (at > 0 && (size_t)at + strlen(status) <= strlen(buf_str(&b))) {
		fwrite(buf_str(&b), 1, (size_t)at, f);
		cell(f, status, 0);
		fputs(buf_str(&b) + at + strlen(status), f);
	} else
		fputs(buf_str(&b), f);
	buf_free(&b);
}

/* One side of --against: "FAIL R 85.8", or the status alone. */
static void side(char *buf, size_t n, const verify_battery *bt, size_t i,
                 size_t m)
{
	if (bt->fam[m].ncells)
		snprintf(buf, n, "%s R %.3g", verify_status_name(bt->fam[i].status),
		         bt->fam[m].worst_r);
	else
		snprintf(buf, n, "%s", verify_status_name(bt->fam[i].status));
}

/* The shift/add row: the cost, whether the compiled check ran (INFO:
 * why it could not, whole), the --optimal cost. */
static void shift_add_row(FILE *f, int w, const vreport_subject *s,
                          const verify_check *k)
{
	const verify_battery *bt = &s->bt;
	const char *why = strstr(k->detail, "cannot run: ");
	struct buf b = { 0 };
	char cost[96];

	buf_printf(&b, "%s; ", sas_cost_text(&s->k.sas, 1, cost, sizeof cost));
	if (k->status == VERIFY_PASS)
		buf_puts(&b, "checked");
	else if (k->status == VERIFY_INFO) {
		buf_puts(&b, "evaluator only, not compiled: ");
		if (why)
			buf_add(&b, why + 12, strcspn(why + 12, ";"));
	} else
		buf_puts(&b, "BROKEN");
	if (bt->opt_adders)
		buf_printf(&b, "; shifts --optimal: %u adders, depth %u",
		           bt->opt_adders, bt->opt_depth);
	row(f, w, k->name, verify_status_name(k->status), buf_str(&b));
	buf_free(&b);
}

/* A layout x<<h|y of the user's beside the battery's fields family of the
 * same name: their R may differ, since their cells hold other keys (the
 * family x, y < 2^10 from 2^4 keys; a layout each field 2^4 values or
 * more, up to 8 keys a bucket of 2^20): one line that says so. */
static void unlike_family(FILE *f, const verify_battery *bt,
                          const verify_ufields *u)
{
	size_t i;
	unsigned lo, hi;

	if (verify_ufields_family(bt, u, &i, &lo, &hi))
		fprintf(f, "  the family %s counts other keys: 2^%u..2^%u (here "
		        "2^%u..2^%u)\n", bt->fam[i].name, lo, hi, u->jmin, u->jmax);
}

/* The name column's width with a name of n columns in it (up to
 * NAME_W_MAX; a longer name runs past its column, as before). */
static int wider(int w, size_t n)
{
	return n > (size_t)w ? (n < NAME_W_MAX ? (int)n : NAME_W_MAX) : w;
}

/* The name column's width for bt's table: its user's rows may be wider
 * (a layout's row is named "... (yours)" except beside a reference). */
static int names_width(const verify_battery *bt, int ref)
{
	int w = NAME_W;
	size_t i;

	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user)
			w = wider(w, strlen(bt->fam[i].name));
	for (i = 0; i < bt->nufields; i++)
		w = wider(w, strlen(bt->ufields[i].name) +
		          (ref ? 0 : strlen(" (yours)")));
	return w;
}

/* A form check's row of the report (not --against): the shift/add
 * row, the stride map's worst stride, or the first clause of the
 * detail (the paragraph below has the rest). */
static void form_row(FILE *f, int w, const vreport_subject *s,
                     const verify_check *k)
{
	const verify_battery *bt = &s->bt;
	char ev[sizeof k->detail];

	if (!strcmp(k->name, "shift/add"))
		shift_add_row(f, w, s, k);
	else if (!strcmp(k->name, "stride map") && bt->smap.n) {
		const verify_smap *sm = &bt->smap;
		char pct[40] = "", sh[16];
		if (sm->percentile >= 0)
			snprintf(pct, sizeof pct, "; %s%% do better",
			         verify_share_text(sh, sizeof sh, sm->percentile, 3));
		/* the map ranks the mean over starts; the paragraph puts the
		 * count from 0 beside it */
		snprintf(ev, sizeof ev, "%llu: mean R %.3g at 2^%u x%u%s",
		         (unsigned long long)sm->s[0].c, sm->s[0].r, sm->s[0].b,
		         sm->s[0].load, pct);
		row(f, w, k->name, verify_status_name(k->status), ev);
	} else {
		const char *d = k->detail;
		char shortd[80], sh[16];
		int field = !strncmp(k->name, "field ", 6);
		/* the first clause only (the field checks: their cell, up to
		 * the first ';', and their rank as every ranked row has it) */
		size_t cut = field ? strcspn(d, ";(") : strcspn(d, ":;(");
		int at = snprintf(shortd, sizeof shortd, "%.*s",
		                  (int)(cut < 44 ? cut : 44), d);
		while (at > 0 && shortd[at - 1] == ' ')
			shortd[--at] = '\0';
		if (field && k->percentile >= 0 && at > 0)
			snprintf(shortd + at, sizeof shortd - (size_t)at,
			         "; %s%% do better", verify_share_text(sh,
			         sizeof sh, k->percentile, 3));
		row(f, w, k->name, verify_status_name(k->status), shortd);
	}
}

static void table(FILE *f, const vreport_subject *s, const vreport_subject *ref, int full)
{
	const verify_battery *bt = &s->bt, *rb = ref ? &ref->bt : NULL;
	char name[40], ev[sizeof ((verify_family *)0)->reason], a[40], b[40];
	size_t i, j, m;
	int w = names_width(bt, ref != NULL);

	if (ref)
		fprintf(f, "%-*s %-24s %s\n", w, "check", "candidate",
		        "reference");
	else
		fprintf(f, "%-*s %-4s  %s\n", w, "check", "",
		        "worst cell: R = lookups / a random hash's");
	/* the user's own keys first, one a row (the reference was judged
	 * on the same ones, in the same order) */
	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user && ref) {
			side(a, sizeof a, bt, i, i);
			side(b, sizeof b, rb, i, i);
			row2(f, w, bt->fam[i].name, a, b);
		} else if (bt->fam[i].user) {
			evidence(ev, sizeof ev, &bt->fam[i]);
			yours_clause(ev, sizeof ev, &bt->fam[i], bt->judged);
			row(f, w, bt->fam[i].name, verify_status_name(bt->fam[i].status),
			    ev);
		}
	for (i = 0; i < bt->nufields; i++)
		if (ref)
			row2(f, w, bt->ufields[i].name, verify_status_name(
			     bt->ufields[i].status), verify_status_name(
			     rb->ufields[i].status));
		else {
			/* "(yours)" as on the strides asked for; the JSON's
			 * name is the layout's alone, beside "yours": true */
			char uname[sizeof bt->ufields[i].name + 8];
			snprintf(uname, sizeof uname, "%s (yours)",
			         bt->ufields[i].name);
			row(f, w, uname, verify_status_name(bt->ufields[i].status),
			    bt->ufields[i].reason);
			unlike_family(f, bt, &bt->ufields[i]);
		}
	/* with ref the checks agree in order; the last ("joint") may be on
	 * one side only: line one says it, not a row */
	for (i = 0; i < bt->nforms; i++) {
		const verify_check *k = &bt->forms[i];
		if (k == verify_joint(bt))
			continue;      /* not a check: line one and a paragraph */
		if (ref)
			row2(f, w, k->name, verify_status_name(k->status),
			     i < rb->nforms ? verify_status_name(rb->forms[i].status)
			     : "PASS");
		else
			form_row(f, w, s, k);
	}
	for (i = bt->nforms; ref && i < rb->nforms; i++)
		if (&rb->forms[i] != verify_joint(rb))
			row2(f, w, rb->forms[i].name, "PASS",
		     verify_status_name(rb->forms[i].status));
	for (i = 0; i < bt->nfam - bt->nuser; i = j) {
		j = run_end(bt, rb, i, full);
		if (j > bt->nfam - bt->nuser)
			j = bt->nfam - bt->nuser;
		m = worst_of(bt, i, j);
		run_name(name, sizeof name, bt, i, j);
		if (ref) {
			side(a, sizeof a, bt, i, m);
			side(b, sizeof b, rb, i, worst_of(rb, i, j));
			row2(f, w, name, a, b);
			continue;
		}
		evidence(ev, sizeof ev, &bt->fam[m]);
		if (j > i + 1) {
			/* the rank is of the worst member alone, not the row's
			 * worst rank: the row names one member and all it shows
			 * (R, cell, share, Gauss-Kuzmin P) is that member's, so
			 * the rule can be read off it; the members share the
			 * row's status (run_end folds only equal ones), and a
			 * rarer rank of another member is that member's row in
			 * --full and the JSON */
			const verify_family *wf = &bt->fam[m];
			char e[sizeof ev];
			memcpy(e, ev, sizeof e);
			snprintf(ev, sizeof ev, "%s%s: %.110s", member(bt, m),
			         wf->ncells && !wf->absolute && !wf->small_note &&
			         wf->status != VERIFY_INFO ? " alone" : "", e);
		}
		row(f, w, name, verify_status_name(bt->fam[i].status), ev);
	}
}

/* A stride of the map that is also a family of the table (verify_smap_
 * family): that row's status, "FAIL: the stride 2^12 row", else "". */
static const char *stride_row(char *s, size_t n, const verify_battery *bt,
                              uint64_t c)
{
	const verify_family *fam = verify_smap_family(bt, c);

	if (!fam)
		return "";
	snprintf(s, n, "%s: the %s row", verify_status_name(fam->status),
	         fam->name);
	return s;
}

/* One line of the stride map: c, predicted R, counted R, the cell, and
 * the status of its row when the stride is a family of the table. */
static void stride_line(FILE *f, const verify_battery *bt,
                        const verify_stride *v)
{
	char cnt[24], rs[64];
	const char *row_of = stride_row(rs, sizeof rs, bt, v->c);
	char cell[24];

	if (v->counted >= 0)
		snprintf(cnt, sizeof cnt, "%.3g", v->counted);
	else
		snprintf(cnt, sizeof cnt, "-");
	snprintf(cell, sizeof cell, "2^%u x%u", v->b, v->load);
	if (*row_of)
		fprintf(f, "  %-8llu %-11.3g %-9s %-10s %s\n",
		        (unsigned long long)v->c, v->r, cnt, cell, row_of);
	else
		fprintf(f, "  %-8llu %-11.3g %-9s %s\n", (unsigned long long)v->c,
		        v->r, cnt, cell);
}

/* "3672 R 21.6/21.6 at 2^18 x2": c, predicted/counted, the cell; " (FAIL:
 * the stride 2^12 row)" after it when the stride is a family's. */
static void stride_brief(struct buf *b, const verify_battery *bt,
                         const verify_stride *v)
{
	char cnt[24] = "", rs[64];
	const char *row_of = stride_row(rs, sizeof rs, bt, v->c);

	if (v->counted >= 0)
		snprintf(cnt, sizeof cnt, "/%.3g", v->counted);
	buf_printf(b, "%llu R %.3g%s at 2^%u x%u", (unsigned long long)v->c,
	           v->r, cnt, v->b, v->load);
	if (*row_of)
		buf_printf(b, " (%s)", row_of);
}

/* The stride map: a paragraph with the worst few (with full, a table of
 * every one at R >= 4), the reference, and the strides past the map's
 * set, predicted. */
static void strides_section(FILE *f, const verify_battery *bt, int full)
{
	const verify_smap *sm = &bt->smap;
	struct buf b = { 0 };
	char sh[16];
	size_t i, shown = 0;

	if (!sm->n)
		return;
	buf_printf(&b, "Stride map (keys k*c, arrays of c-byte structs: every c "
	           "up to %d, multiples of %d up to %d): %zu of %zu reach R >= %g",
	           STRIDE_MAP_SMALL, STRIDE_MAP_STEP, STRIDE_MAP_TOP, sm->collapse,
	           sm->n, STRIDE_COLLAPSE_R);
	if (sm->percentile >= 0)
		buf_printf(&b, "; random odd %u-bit multipliers have %.0f to %.0f "
		           "(10%% to 90%%, median %.0f): every multiplier collapses "
		           "some struct size", bt->bits, sm->ref_collapse[0],
		           sm->ref_collapse[2], sm->ref_collapse[1]);
	/* an unusual count, in words (the JSON's collapses_random_fewer) */
	if (verify_smap_many(sm) && sm->collapse_above >= 100)
		buf_printf(&b, ".  %zu is unusually many: every one of the %u "
		           "random odd %u-bit multipliers of the reference has "
		           "fewer (the verdict ranks the worst stride, not the "
		           "count)", sm->collapse, sm->ref_count,
		           bt->bits);
	else if (verify_smap_many(sm))
		buf_printf(&b, ".  %zu is unusually many: more than %d%% of "
		           "random odd %u-bit multipliers have fewer (the verdict "
		           "ranks the worst stride, not the count)", sm->collapse,
		           sm->collapse_above, bt->bits);
	buf_puts(&b, ".  The worst, R predicted (the mean over starts) / "
	         "counted (keys k*c from 0): ");
	for (i = 0; i < sm->n && i < VERIFY_SMAP_SHOW && !full; i++) {
		if (i)
			buf_puts(&b, "; ");
		stride_brief(&b, bt, &sm->s[i]);
		shown++;
	}
	buf_puts(&b, full ? "below." : ".");
	if (sm->percentile >= 0)
		buf_printf(&b, "  %s: %s%% of random multipliers have a better "
		           "worst stride.", verify_status_name(sm->status),
		           verify_share_text(sh, sizeof sh, sm->percentile, 3));
	/* a stride both in the map and a row of the table, with two
	 * statuses: why, once (the entries name their row's status) */
	if (verify_smap_differs(bt))
		buf_printf(&b, "  That verdict ranks the map's worst stride "
		           "against random multipliers' worst over all %zu; a "
		           "stride that is also a row of the table is judged "
		           "there alone, against random multipliers at that one "
		           "stride, so its status can differ from the map's.",
		           sm->n);
	if (sm->beyond_found && sm->nbeyond) {
		buf_printf(&b, "  Past the map, c up to %d (predicted only): %zu "
		           "more at R >= %g, the worst ", STRIDE_SCREEN_TOP,
		           sm->beyond_found, STRIDE_COLLAPSE_R);
		stride_brief(&b, bt, &sm->beyond[0]);
		/* what is listed of them, and where: not every one */
		if (full && sm->beyond_found > 1)
			buf_printf(&b, "; the table below lists the worst %zu of "
			           "them", sm->nbeyond);
		buf_putc(&b, '.');
	}
	/* what --full adds, exactly: the map's strides at R >= 4 (the
	 * JSON's collapsing names them too) and the worst past it */
	if (!full && sm->collapse > shown)
		buf_printf(&b, "  --full lists the map's %zu at R >= %g (so does "
		           "the JSON's stride_map.collapsing)", sm->collapse,
		           STRIDE_COLLAPSE_R);
	if (!full && sm->beyond_found > 1 && sm->nbeyond > 1)
		buf_printf(&b, "%s the worst %zu past it", sm->collapse > shown ?
		           " and" : "  --full lists", sm->nbeyond);
	if (!full && (sm->collapse > shown || (sm->beyond_found > 1 &&
	    sm->nbeyond > 1)))
		buf_putc(&b, '.');
	fputc('\n', f);
	para(f, 0, buf_str(&b));
	buf_free(&b);
	if (!full)
		return;
	fprintf(f, "  %-8s %-11s %-9s %s\n", "stride", "R predicted", "counted",
	        "worst cell");
	for (i = 0; i < sm->n; i++) {
		if (i >= VERIFY_SMAP_SHOW && sm->s[i].r < STRIDE_COLLAPSE_R)
			break;
		stride_line(f, bt, &sm->s[i]);
	}
	for (i = 0; i < sm->nbeyond; i++) {
		if (i == 0)
			fprintf(f, "  past the map, predicted only (the worst "
			        "%zu of %zu):\n", sm->nbeyond, sm->beyond_found);
		stride_line(f, bt, &sm->beyond[i]);
	}
}

/* A PASS row at R >= 2 (lookups twice a random hash's or more), named as
 * the table names it, to the paragraph that says why it passes: "strides
 * 2^1..2^9 R 8.25, 1.4% of random odd multipliers as bad or worse". */
static void pass_item(struct buf *b, size_t *items, const char *name,
                      verify_status st, double r, double percentile,
                      double tail)
{
	char sh[16];
	double as_bad = verify_share_as_bad(percentile, tail);

	if (st != VERIFY_PASS || r < VERIFY_BAD_R)
		return;
	/* a family of few keys has no reference to say how common it is */
	if (as_bad < 0) {
		buf_printf(b, "%s%s R %.3g, not ranked (too few keys)", (*items)++
		           ? "; " : "", name, r);
		return;
	}
	buf_printf(b, "%s%s R %.3g, %s%%", (*items)++ ? "; " : "", name, r,
	           verify_share_text(sh, sizeof sh, as_bad, 3));
	if (*items == 1)
		buf_puts(b, " of random odd multipliers as bad or worse");
}

/* pass_item of a family; one ranked against a sample counted now says
 * its count, the resolution that sample has ("1 in 40", not "2.5%"). */
static void pass_family(struct buf *b, size_t *items, const char *name,
                        verify_status st, const verify_family *f)
{
	if (!f->sample_m || f->percentile < 0) {
		pass_item(b, items, name, st, f->worst_r, f->percentile, f->tail);
		return;
	}
	if (st != VERIFY_PASS || f->worst_r < VERIFY_BAD_R)
		return;
	buf_printf(b, "%s%s R %.3g, as bad or worse for %zu of the %zu random "
	           "odd multipliers counted at these tables", (*items)++ ? "; "
	           : "", name, f->worst_r, f->sample_m - f->sample_better,
	           f->sample_m);
}

/* Why the rows of the table that PASS at R >= 2 pass, once, in plain
 * words: how common that R is among random odd multipliers (the
 * complement of the row's rank).  A small-word note explains its own
 * families (small_note), so they are not repeated here. */
static void passes_note(FILE *f, const vreport_subject *s, const vreport_subject *ref,
                        int full)
{
	const verify_battery *bt = &s->bt, *rb = ref ? &ref->bt : NULL;
	struct buf b = { 0 };
	size_t i, j, m, items = 0;

	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user && !bt->fam[i].small_note)
			pass_family(&b, &items, bt->fam[i].name, bt->fam[i].status,
			            &bt->fam[i]);
	for (i = 0; i < bt->nufields; i++)
		pass_item(&b, &items, bt->ufields[i].name, bt->ufields[i].status,
		          bt->ufields[i].cell.r, bt->ufields[i].percentile,
		          bt->ufields[i].tail);
	for (i = 0; i < bt->nforms; i++)
		pass_item(&b, &items, bt->forms[i].name, bt->forms[i].status,
		          bt->forms[i].r, bt->forms[i].percentile,
		          bt->forms[i].tail);
	for (i = 0; i < bt->nfam - bt->nuser; i = j) {
		j = run_end(bt, rb, i, full);
		if (j > bt->nfam - bt->nuser)
			j = bt->nfam - bt->nuser;
		m = worst_of(bt, i, j);
		if (bt->fam[m].small_note || !bt->fam[m].ncells)
			continue;
		/* the worst member by its own name: its share is its own */
		pass_family(&b, &items, bt->fam[m].name, bt->fam[i].status,
		            &bt->fam[m]);
	}
	if (items) {
		char *text = xasprintf("R >= %g means lookups cost twice a random "
		         "hash's or more; a check FAILs for it only when fewer than "
		         "%.2g%% of random odd multipliers are as bad (%g%% shared "
		         "over the %zu checks).  %s PASS%s because that is common: "
		         "%s.", VERIFY_BAD_R, 100 * VERIFY_ALPHA_FAIL /
		         (double)verify_judged(bt), 100 * VERIFY_ALPHA_FAIL,
		         verify_judged(bt), items == 1
		         ? "This row" : "These rows", items == 1 ? "es" : "",
		         buf_str(&b));
		fputc('\n', f);
		para(f, 0, text);
		free(text);
	}
	buf_free(&b);
}

/* The worst of the families a small-word note names, or NULL. */
static const verify_family *noted_worst(const verify_battery *bt)
{
	const verify_family *m = NULL;
	size_t i;

	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].small_note &&
		    (!m || bt->fam[i].worst_r > m->worst_r))
			m = &bt->fam[i];
	return m;
}

/* The first line.  A PASS whose report has a small-word note (a stride
 * at R >= 2 the verdict does not count) says so here too, for readers of
 * the first line only (noted: the report prints s's note). */
/* The first line: "cfx: P (N-bit): ...", or under it "against: OLD ..." */
static void summary(FILE *f, const vreport_subject *s, int noted, const char *lead)
{
	const verify_battery *bt = &s->bt;
	int note = noted && noted_worst(bt);
	char paint[48], joint[128];

	fprintf(f, "%s: %s (%u-bit): %s, ", lead, s->k.hex, s->bits,
	        out_paint(f, bt->nfail ? "FAIL" : "PASS", paint, sizeof paint));
	if (bt->nfail)  /* a joint-rule FAIL alone too (verify.h) */
		fprintf(f, "%s\n", verify_fail_words(bt, joint, sizeof joint));
	else
		fprintf(f, "%s%s\n", verify_pass_words(bt, joint, sizeof joint),
		        note ? ", 1 note" : "");
}

/* c as "2^13", "24 = 2^3 * 3" or "1000". */
static void step_text(char *buf, size_t n, uint64_t c, unsigned t)
{
	if (c == ((uint64_t)1 << t))
		snprintf(buf, n, "2^%u", t);
	else if (t)
		snprintf(buf, n, "%llu = 2^%u * %llu", (unsigned long long)c, t,
		         (unsigned long long)(c >> t));
	else
		snprintf(buf, n, "%llu", (unsigned long long)c);
}

/* A c k family's effective multiplier, one sentence ("" for keys 0, 1,
 * ...: p itself). */
static void explain_cf(struct buf *b, const verify_family *f)
{
	const verify_cf *e = &f->cf;
	char c[48];

	if (!e->ok || f->step == 1)
		return;
	step_text(c, sizeof c, f->step, e->t);
	buf_printf(b, "Keys k*%s hash like 0x%llx on %u bits.  ", c,
	           (unsigned long long)e->mult, e->w);
}

/* explain_p's sentence on keys k0 + k c of the worst cell (f->ck) when
 * one of them is why they crowd: c p = 0, a period below K, or products
 * that do not wrap; 0 when none is. */
static int cause(struct buf *b, const vreport_subject *s,
                 const verify_family *f)
{
	const verify_battery *bt = &s->bt;
	const verify_cell *w = &f->cells[f->worst];
	unsigned n = bt->bits, t = (unsigned)__builtin_ctzll(s->k.p64), v;
	uint64_t mask = word_mask(n), K = w->sc.keys, m, mag;
	unsigned __int128 span, full = (unsigned __int128)1 << n;
	unsigned long long filled = (unsigned long long)(w->sc.buckets -
	                            w->sc.empty);

	m = (f->step * s->k.p64) & mask;
	if (!m) {
		buf_printf(b, "Keys k*%llu: %llu p = 0 mod 2^%u, so all %llu "
		           "keys share one hash.  ", (unsigned long long)f->step,
		           (unsigned long long)f->step, n, (unsigned long long)K);
		return 1;
	}
	v = (unsigned)__builtin_ctzll(m);
	if (t && n - v < 64 && ((uint64_t)1 << (n - v)) < K) {
		buf_printf(b, "Keys k*%llu (%s p = 2^%u * odd) repeat their hash "
		           "every 2^%u keys, so the %llu keys of 2^%u x%u have only "
		           "2^%u hashes and fill %llu of the %llu buckets.  ",
		           (unsigned long long)f->step, f->step == 1 ? "1" : "c", v,
		           n - v, (unsigned long long)K, w->b, w->load, n - v,
		           filled, (unsigned long long)w->sc.buckets);
		return 1;
	}
	mag = m <= mask - m + 1 ? m : mask - m + 1;
	span = (unsigned __int128)mag * (K - 1);
	if (span >= full)
		return 0;
	buf_printf(b, "%s is small: consecutive keys%s move the product by "
	           "only %s%llu of 2^%u, so the %llu keys of 2^%u x%u span "
	           "%.3g, %.3g bucket widths (2^%u each), and fill %llu of the "
	           "%llu buckets.  ", f->step == 1 ? (mag == m ? "p" : "2^n - p")
	           : "c p mod 2^n", f->step == 1 ? "" : " k*c", mag == m ? ""
	           : "-", (unsigned long long)mag, n, (unsigned long long)K,
	           w->b, w->load, (double)span, (double)span / ldexp(1, (int)
	           (n - w->b)), n - w->b, filled,
	           (unsigned long long)w->sc.buckets);
	return 1;
}

/* Why the worst cell of keys k0 + k c crowds, in plain words, from p
 * alone: its twos (p = 2^t u drops a key's top t bits: keys k and k +
 * 2^(n-t) collide, and keys k c whose c p has v twos repeat their hash
 * every 2^(n-v) keys) and the size of the step c p mod 2^n (keys whose
 * products do not wrap around the word stay in the first buckets).  For
 * keys k0 + k c the first of those that explains the cell (cause), else
 * for an even p its twos; for an odd p only the size of sequential keys
 * (a small p: its continued fraction's first quotient, said plainly).
 * The bucket count is the cell's own. */
static void explain_p(struct buf *b, const vreport_subject *s,
                      const verify_family *f)
{
	unsigned t = (unsigned)__builtin_ctzll(s->k.p64);

	if ((!f->ck || (!t && f->step != 1) || !cause(b, s, f)) && t)
		buf_printf(b, "p = 2^%u * 0x%llx is even: a key's top %u bit%s "
		           "never reach%s the hash (keys k and k + 2^%u "
		           "collide).  ", t, (unsigned long long)(s->k.p64 >> t),
		           t, t > 1 ? "s" : "", t > 1 ? "" : "es", s->bits - t);
}

/* One paragraph for a FAIL (or WARN) kind: its worst member, why, and
 * keys that collide. */
static void explain(FILE *out, const vreport_subject *s, size_t i, size_t j,
                    verify_status st)
{
	const verify_battery *bt = &s->bt;
	const verify_family *f;
	const verify_cell *w;
	struct buf b = { 0 };
	size_t m = i, k, count = 0;

	for (k = i; k < j; k++)
		if (bt->fam[k].status == st) {
			count++;
			if (bt->fam[m].status != st ||
			    bt->fam[k].worst_r > bt->fam[m].worst_r)
				m = k;
		}
	f = &bt->fam[m];
	w = &f->cells[f->worst];
	buf_puts(&b, f->name);
	if (count > 1)
		buf_printf(&b, " (and %zu more)", count - 1);
	buf_printf(&b, " %s: R %.3g at 2^%u x%u, max load %llu.  ",
	           verify_status_name(st), f->worst_r, w->b, w->load,
	           (unsigned long long)w->sc.max_load);
	explain_p(&b, s, f);
	while (b.len && b.s[b.len - 1] == ' ')   /* its sentences end ".  " */
		b.s[--b.len] = '\0';
	if (s->k.p64 & 1) {
		if (b.len)
			buf_puts(&b, "  ");
		char rank[160];
		explain_cf(&b, f);
		verify_rank_text(rank, sizeof rank, f, 0);
		rank[0] = (char)toupper((unsigned char)rank[0]);
		buf_printf(&b, "%s.", rank);
	}
	if (f->user && verify_rule_yours_only(st, f->worst_r, f->tail,
	                                      bt->judged))
		buf_printf(&b, "  You asked for these keys, so they are judged "
		           "alone: fewer than %g%% of random odd multipliers are "
		           "this bad on them, a WARN (the battery's bar, shared "
		           "over its %zu checks, would pass it).",
		           100 * VERIFY_ALPHA_FAIL, bt->judged);
	if (f->absolute)
		buf_printf(&b, "  At %u bits there are only %llu odd multipliers, "
		           "too few for that rank to single one out, so on words of "
		           "%u bits or fewer sequential keys that cost twice a random "
		           "hash's lookups FAIL outright.", s->bits,
		           1ULL << (s->bits - 1), VERIFY_SMALL_BITS);
	if (f->nexample >= 2) {
		buf_printf(&b, "  Bucket 0x%llx:",
		           (unsigned long long)f->example_bucket);
		for (k = 0; k < 2; k++)
			buf_printf(&b, " 0x%llx", (unsigned long long)f->example[k]);
		buf_puts(&b, " ...");
	}
	para(out, 0, buf_str(&b));
	buf_free(&b);
}

static void explain_forms(FILE *f, const verify_battery *bt,
                          verify_status st)
{
	size_t i;

	for (i = 0; i < bt->nforms; i++)
		if (bt->forms[i].status == st && (!bt->smap.n ||
		    strcmp(bt->forms[i].name, "stride map"))) {
			/* (the stride map has a paragraph of its own) */
			char *text = xasprintf("%s: %s.  %s.", bt->forms[i].name,
			                       verify_status_name(st),
			                       bt->forms[i].detail);
			text[0] = (char)toupper((unsigned char)text[0]);
			para(f, 0, text);
			free(text);
		}
}

/* Paragraphs for every kind with a family of status st: one a kind. */
static void explain_kinds(FILE *f, const vreport_subject *s, verify_status st)
{
	const verify_battery *bt = &s->bt;
	size_t i, j;

	for (i = 0; i < bt->nfam; i = j) {
		int any = 0;
		for (j = i; j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind; j++)
			any |= bt->fam[j].status == st;
		if (any)
			explain(f, s, i, j, st);
	}
}

/* The table sizes checked, exactly: "tables 2^4..2^20", "tables 2^10,
 * 2^16 and 2^20", "table 2^12"; runs of three or more consecutive sizes
 * as a..b. */
static void tables_text(struct buf *b, const verify_battery *bt)
{
	size_t i = 0, runs = 0, r;
	size_t start[VERIFY_MAX_TABLES], end[VERIFY_MAX_TABLES];

	while (i < bt->ntables) {
		start[runs] = i;
		while (i + 1 < bt->ntables && bt->tables[i + 1] == bt->tables[i] + 1)
			i++;
		if (i == start[runs] + 1)   /* two sizes are two items */
			i--;
		end[runs++] = i++;
	}
	buf_printf(b, "table%s", bt->ntables > 1 ? "s" : "");
	for (r = 0; r < runs; r++) {
		const char *sep = r == 0 ? " " : r + 1 == runs ? " and " : ", ";
		if (end[r] == start[r])
			buf_printf(b, "%s2^%u", sep, bt->tables[start[r]]);
		else
			buf_printf(b, "%s2^%u..2^%u", sep, bt->tables[start[r]],
			           bt->tables[end[r]]);
	}
}

/* The kinds of keys in the battery, as the patch names them. */
static void families_text(struct buf *b, const verify_battery *bt)
{
	static const char *const kinds[] = {
		"sequential", "every stride 2^s", NULL, "shifted runs",
		"single bytes", "packed fields", "pointer+index", "sparse keys"
	};
	unsigned lo = 0, hi = 0, seen = 0, k;
	size_t i, at = b->len;

	for (i = 0; i < bt->nfam; i++) {
		seen |= 1u << bt->fam[i].kind;
		if (bt->fam[i].kind == VERIFY_MULT) {
			if (!lo || bt->fam[i].arg < lo)
				lo = bt->fam[i].arg;
			if (bt->fam[i].arg > hi)
				hi = bt->fam[i].arg;
		}
	}
	for (k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		const char *sep = b->len > at ? ", " : "";
		if (!(seen & (1u << k)))
			continue;
		if (k == VERIFY_MULT && lo == hi)
			buf_printf(b, "%sstride %u", sep, lo);
		else if (k == VERIFY_MULT)
			buf_printf(b, "%sstrides %u to %s%u", sep, lo, hi == 1000000
			           ? "10^" : "", hi == 1000000 ? 6 : hi);
		else
			buf_printf(b, "%s%s", sep, kinds[k]);
	}
}

/* On a small word, the families at R >= 2 that the rank rule keeps (see
 * verify.h, "Only the sequential keys"): one paragraph, so that a
 * collapse the verdict does not count is still in the report. */
static void small_note(FILE *f, const vreport_subject *s)
{
	const verify_battery *bt = &s->bt;
	const verify_family *m = noted_worst(bt);
	struct buf b = { 0 };
	char in[160] = "", share[160] = "";
	size_t i, k, have, of;

	if (!m)
		return;
	fputc('\n', f);
	/* keys k c from 0 hash exactly as the sequential keys of the
	 * effective multiplier on its word (the same cells), so that one
	 * FAILs outright there; from another start they are a rotation */
	if (verify_family_as_sequential(m) && m->cf.w >= VERIFY_MIN_BITS)
		snprintf(in, sizeof in, ", and cfx verify --bits %u 0x%llx FAILs",
		         m->cf.w, (unsigned long long)m->cf.mult);
	if (verify_small_share(bt->bits, &have, &of))
		snprintf(share, sizeof share, " (at %u bits %zu of %zu odd "
		         "multipliers have a stride, byte or run at R >= 2)", bt->bits,
		         have, of);
	buf_printf(&b, "Note: %s costs %.3g times a random hash's lookups (2^%u "
	           "x%u)", m->name, m->worst_r, m->cells[m->worst].b,
	           m->cells[m->worst].load);
	if (verify_family_as_sequential(m))
		buf_printf(&b, ": its keys hash as the sequential keys of 0x%llx on "
		           "%u bits%s", (unsigned long long)m->cf.mult, m->cf.w, in);
	else if (m->cf.ok)
		buf_printf(&b, ": its keys step as the sequential keys of 0x%llx on "
		           "%u bits do, from another start",
		           (unsigned long long)m->cf.mult, m->cf.w);
	buf_putc(&b, '.');
	for (i = 0, k = 0; i < bt->nfam; i++)
		if (bt->fam[i].small_note && &bt->fam[i] != m)
			buf_printf(&b, "%s%s R %.3g", k++ ? ", " : "  Also at R >= 2: ",
			           bt->fam[i].name, bt->fam[i].worst_r);
	if (k)
		buf_putc(&b, '.');
	buf_printf(&b, "  On words of %u bits or fewer only the sequential keys "
	           "FAIL outright at R >= 2: a family that bad is common there%s, "
	           "round(2^n/phi) among them at some word sizes, so the other "
	           "families FAIL or WARN only by their rank among random "
	           "multipliers, as on larger words.  If your keys are like "
	           "these, choose another multiplier (cfx search) or a wider "
	           "word.", VERIFY_SMALL_BITS, share);
	para(f, 0, buf_str(&b));
	buf_free(&b);
}

/* The battery runs the tables verify takes by itself. */
static int default_tables(const verify_battery *bt)
{
	unsigned t[VERIFY_MAX_TABLES];
	size_t n = verify_default_tables(bt->bits, VERIFY_STANDARD, t);

	return n == bt->ntables && !memcmp(t, bt->tables, n * sizeof *t);
}

void vreport_text(FILE *f, const vreport_subject *s,
                  const vreport_subject *ref, int full)
{
	const verify_battery *bt = &s->bt;
	struct buf b = { 0 };
	size_t i, rows = 0, j;

	summary(f, s, 1, "cfx");
	if (ref)
		summary(f, ref, 0, "against");
	fputc('\n', f);
	buf_printf(&b, "%s = %s", s->k.hex, s->k.sum);
	para(f, 0, buf_str(&b));
	buf_clear(&b);
	buf_printf(&b, "%zu checks: %zu of the constant%s and %zu key families "
	           "(%zu cells: ", verify_checks(bt), verify_checks(bt) - bt->nfam,
	           bt->nufields ? " and your layouts" : "", bt->nfam, bt->ncells);
	tables_text(&b, bt);
	buf_puts(&b, ", 1 to 8 keys a bucket).");
	if (bt->tref)
		/* the committed references are of the default tables */
		buf_printf(&b, "  The families are ranked against %zu random "
		           "odd %u-bit multipliers counted now on the same keys at "
		           "these tables%s: a row says how many of them do better, "
		           "and where all do, the verdict reads the tail fitted "
		           "above their 90th percentile.", bt->tref_m, bt->bits,
		           bt->nukeys ? " (keys of yours, --keys, against a sample "
		           "of their own)" : "");
	else if (bt->bits != bt->cal_bits || !default_tables(bt))
		buf_printf(&b, "  Packed fields, pointers and sparse keys are ranked "
		           "against random %u-bit multipliers' worst cells over "
		           "tables 2^4..2^20 (the reference built into cfx has 32 and "
		           "64 bits).", bt->cal_bits);
	if (!default_tables(bt)) {
		unsigned st[STRIDE_MAX_TABLES];
		size_t nst = stride_tables(bt->bits, st);

		/* their references are the worst over these tables */
		if (nst)
			buf_printf(&b, "  The stride map and the field screens judge "
			           "tables 2^%u..2^%u whatever --table-bits asks: "
			           "their rows may name other tables.", st[0],
			           st[nst - 1]);
	}
	para(f, 0, buf_str(&b));
	buf_free(&b);
	fputc('\n', f);
	table(f, s, ref, full);
	passes_note(f, s, ref, full);
	if (!ref)
		strides_section(f, bt, full);
	if (bt->nfail) {
		fprintf(f, "\n");
		explain_forms(f, bt, VERIFY_FAIL);
		explain_kinds(f, s, VERIFY_FAIL);
	}
	small_note(f, s);          /* the candidate's, with --against too */
	if (full && bt->nwarn) {
		fprintf(f, "\n");
		explain_forms(f, bt, VERIFY_WARN);
		explain_kinds(f, s, VERIFY_WARN);
	}
	if (full) {
		fprintf(f, "\nWhy each family is tested:\n");
		for (i = 0; i < bt->nfam; i = j) {
			for (j = i; j < bt->nfam && bt->fam[j].kind == bt->fam[i].kind; j++)
				;
			buf_clear(&b);
			buf_printf(&b, "%s: %s.", bt->fam[i].name,
			           verify_family_why(bt->fam[i].kind));
			para(f, 2, buf_str(&b));
		}
		buf_free(&b);
		return;
	}
	/* the rows the table above shows: with --against a row also ends
	 * where the reference's status changes */
	for (i = 0; i < bt->nfam; i = run_end(bt, ref ? &ref->bt : NULL, i, 0))
		rows++;
	fprintf(f, "\n--full adds: %zu families one a row (%zu rows here), "
	        "%zu WARN note%s.\n", bt->nfam, rows, bt->nwarn,
	        bt->nwarn == 1 ? "" : "s");
}

/* ---- patch -------------------------------------------------------------- */

/* Words of text in a C comment: " * " lines of at most 72 columns. */
static void comment(FILE *f, const char *text)
{
	out_fill(f, text, REPORT_WIDTH, " * ", " * ", " ");
}

void vreport_patch(FILE *f, const vreport_subject *s)
{
	const verify_battery *bt = &s->bt;
	unsigned t = word_c_bits(s->bits);
	const char *ty = t == 64 ? "u64" : t == 32 ? "u32" : t == 16 ? "u16"
	                 : "u8";
	struct buf b = { 0 };
	char cost[96], joint[128];
	const verify_family *m;
	size_t i;

	/* the expansion written out in full, as the 2002 patch did */
	buf_printf(&b, "%s / 2^%u has the continued fraction expansion ",
	           s->k.hex, s->bits);
	for (i = 0; i < s->k.cf.n; i++) {
		char *d = mpz_get_str(NULL, 10, s->k.cf.a[i]);
		buf_printf(&b, "%s%s", i ? ", " : "", d);
		free(d);
	}
	/* the prefix may be the mirror's (as cf says it): 0x61c88647 has 20
	 * ones after its 2, and 1 - x = 0x9e3779b9 / 2^32 has 22 */
	if (s->k.golden.mirrored)
		buf_printf(&b, ": its golden prefix (the run of 1s that tracks "
		           "1/phi) is %ld, counted on 2^%u - %s = %#llx, which "
		           "hashes alike.", s->k.golden.prefix, s->bits, s->k.hex,
		           (unsigned long long)(-bt->p & word_mask(s->bits)));
	else
		buf_printf(&b, ": its golden prefix (the run of 1s that tracks "
		           "1/phi) is %ld.", s->k.golden.prefix);
	fprintf(f, "/*\n");
	comment(f, buf_str(&b));
	fprintf(f, " *\n");
	buf_clear(&b);
	buf_printf(&b, "It is %s, so the multiply can be %s.", s->k.sum,
	           sas_cost_text(&s->k.sas, 0, cost, sizeof cost));
	comment(f, buf_str(&b));
	fprintf(f, " *\n");
	buf_clear(&b);
	/* --force: say how much FAILs, in the words of the report's first
	 * line (the joint rule is no check row: "100 checks, 10 WARN (9
	 * families at once): the joint rule", never "1 of 100") */
	if (verify_joint(bt))
		buf_printf(&b, "cfx verify: FAIL, %s",
		           verify_fail_words(bt, joint, sizeof joint));
	else if (bt->nfail)
		buf_printf(&b, "cfx verify: FAIL, %zu of %zu checks (%zu WARN)",
		           bt->nfail, verify_checks(bt), bt->nwarn);
	else
		buf_printf(&b, "cfx verify: PASS on %zu checks (%zu WARN)",
		           verify_checks(bt), bt->nwarn);
	buf_printf(&b, ": %zu key families (", bt->nfam);
	families_text(&b, bt);
	buf_puts(&b, "), ");
	tables_text(&b, bt);
	buf_puts(&b, ", 1 to 8 keys per bucket, judged against random odd "
	         "multipliers.");
	if ((m = noted_worst(bt)))   /* a PASS on a small word: what it keeps */
		buf_printf(&b, "  Not counted in that verdict (on words of %u bits "
		           "or fewer a family this bad is common): %s costs %.3g "
		           "times a random hash's lookups (2^%u x%u).",
		           VERIFY_SMALL_BITS, m->name, m->worst_r,
		           m->cells[m->worst].b, m->cells[m->worst].load);
	comment(f, buf_str(&b));
	buf_free(&b);
	fprintf(f, " */\n#define HASH_MULT_%u 0x%s%s\n\n", s->bits, s->k.hex + 2,
	        t == 64 ? "ULL" : "U");
	fprintf(f, "static inline %s hash_mult_%u_shift_add(%s x)\n{\n", ty,
	        s->bits, ty);
	fprintf(f, "\t%s hash = 0, n = x;\n\n", ty);
	for (i = 0; i < s->k.sas.n; i++) {
		const sas_step *st = &s->k.sas.s[i];
		if (st->shift)
			fprintf(f, "\tn <<= %lu;\n", st->shift);
		fprintf(f, "\thash %s;\n", st->op == SAS_SET ? "= n" : st->op == SAS_NEG
		        ? "= -n" : st->op == SAS_ADD ? "+= n" : "-= n");
	}
	if (t != s->bits)
		fprintf(f, "\treturn hash & 0x%llx;\n}\n",
		        (unsigned long long)word_mask(s->bits));
	else
		fprintf(f, "\treturn hash;\n}\n");
}
