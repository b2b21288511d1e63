/* sreport.c - ministat's report and its extensions (see sreport.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/out.h"
#include "cli/sreport.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

static const char symbol[SREPORT_MAX + 1] = " x+*%#@O";

#define MIN_TRUSTED 10          /* fewer points: warn about the claim */

static void warn(sreport *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(sreport *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	json_array_append_new(r->warnings, json_string(buf));
}

/* What names set i in a warning beside its name: its plot and table
 * symbol and a space ("+ "), or nothing where neither is printed (bench's
 * short report: a symbol there stands for nothing on the screen). */
static const char *tag(const sreport *r, int i)
{
	static __thread char t[3];

	if (r->o.untagged)
		return "";
	t[0] = symbol[i + 1];
	t[1] = ' ';
	t[2] = '\0';
	return t;
}

/* Outliers of set i, by the MAD fences, each with its line. */
static void warn_outliers(sreport *r, int i)
{
	const sreport_set *s = &r->sets[i];
	size_t k, shown = 0, more = 0;

	for (k = 0; k < s->s.n; k++) {
		double v = s->raw[k];
		if (v >= r->lo[i] && v <= r->hi[i])
			continue;
		if (shown++ >= 5) {
			more++;
			continue;
		}
		if (s->lines)
			warn(r, "%s%s:%lu: %.8g is an outlier (more than "
			     "3.5 robust deviations from the median)", tag(r, i),
			     s->name, s->lines[k], v);
		else
			warn(r, "%s%s: %.8g is an outlier (more than 3.5 robust "
			     "deviations from the median)", tag(r, i), s->name, v);
	}
	if (more)
		warn(r, "%s%s: %zu more outliers", tag(r, i), s->name, more);
}

/* Samples too small for the claim made about set i. */
static void warn_small(sreport *r, int i)
{
	const struct sreport_cmp *c = &r->cmp[i];
	const sreport_set *a = &r->sets[0], *b = &r->sets[i];
	const stats_diff *d = r->o.test == SREPORT_WELCH ? &c->welch : &c->student;
	size_t small = a->s.n < b->s.n ? a->s.n : b->s.n;

	if (r->o.test == SREPORT_MW) {
		if (c->mw.p_min >= 1 - r->o.conf / 100)
			warn(r, "%s%s: with %zu and %zu points no outcome of the "
			     "Mann-Whitney test can reach %.1f%% confidence "
			     "(smallest p = %g)", tag(r, i), b->name, a->s.n,
			     b->s.n, r->o.conf, c->mw.p_min);
	} else if (!d->significant && d->n_needed > small) {
		warn(r, "%s%s: too few points to prove a difference of %g "
		     "(%g%%): about %zu per sample would be needed at these "
		     "spreads", tag(r, i), b->name, d->diff, d->pct,
		     d->n_needed);
	} else if (d->significant && small < MIN_TRUSTED) {
		warn(r, "%s%s: %zu points per sample are too few to check "
		     "that the means are normally distributed, as the t test "
		     "assumes; Mann-Whitney (cfx stats --test mw) assumes less", tag(r, i), b->name,
		     small);
	}
	/* bench's short report prints no interval: say where it is, and
	 * which option makes it one to trust */
	if (r->o.ratio && small < MIN_TRUSTED && r->o.untagged)
		warn(r, "%s: the median ratio's bootstrap interval (printed "
		     "with --full), from %zu points per sample, is too narrow "
		     "to trust; give --runs %d or more", b->name, small,
		     MIN_TRUSTED);
	else if (r->o.ratio && small < MIN_TRUSTED)
		warn(r, "%s%s: the median ratio's bootstrap interval, from %zu "
		     "points per sample, is too narrow to trust; it needs %d "
		     "points per sample or more", tag(r, i), b->name, small,
		     MIN_TRUSTED);
}

int sreport_init(sreport *r, const sreport_set *sets, int n,
                 const sreport_opts *o)
{
	int i;

	memset(r, 0, sizeof *r);
	r->sets = sets;
	r->n = n;
	r->o = *o;
	r->warnings = json_array();
	for (i = 0; i < n; i++) {
		stats_mad_fences(&sets[i].s, &r->mad[i], &r->lo[i], &r->hi[i]);
		if (!o->outliers_told)
			warn_outliers(r, i);
	}
	for (i = 1; i < n; i++) {
		struct sreport_cmp *c = &r->cmp[i];
		stats_compare(&c->student, STATS_STUDENT, &sets[0].s, &sets[i].s,
		              o->conf);
		stats_compare(&c->welch, STATS_WELCH, &sets[0].s, &sets[i].s,
		              o->conf);
		stats_mann_whitney(&c->mw, &sets[0].s, &sets[i].s, o->conf);
		if (o->ratio &&
		    stats_bootstrap_ratio(&c->ratio, &sets[0].s, &sets[i].s,
		                          o->conf, o->resamples, o->seed,
		                          o->stop) < 0)
			return -1;
		if (o->compare)
			warn_small(r, i);
	}
	return o->stop && *o->stop ? -1 : 0;
}

void sreport_clear(sreport *r)
{
	json_decref(r->warnings);
	r->warnings = NULL;
}

int sreport_width(FILE *f)
{
	int cols = out_env_size("COLUMNS"), w;

	if (!isatty(fileno(f)))
		return 74;
	/* ministat's rule, $COLUMNS taken whole */
	if (cols)
		return cols < SREPORT_MIN_WIDTH ? SREPORT_MIN_WIDTH : cols;
	if ((w = out_tty_cols(f)) > 2)
		return w - 2 < SREPORT_MIN_WIDTH ? SREPORT_MIN_WIDTH : w - 2;
	return 74;
}

/* ---- the plot ------------------------------------------------------------ */

/*
 * ministat's plot, cell for cell.  The x axis spans every point and every
 * mean +- stddev, in width cells of dx with the first centred on the
 * minimum.  Points stack upwards in their cell; a cell's symbol is the OR
 * of the sample numbers in it (x = 1, + = 2, so * = 3 is both).  The
 * stack height follows ministat exactly, quirks included: it is set by the
 * last sample drawn, so a later sample with shorter stacks hides the top
 * of an earlier one's (rows from the new height up are cleared when a
 * later sample grows it again).
 */
typedef struct plot {
	int width;
	double k;               /* the unit: 1, or 1/4 for points that span
	                         * more than the doubles */
	double x0, dx, span;    /* in units of 1/k */
	size_t height, rows;    /* rows shown, rows allocated */
	unsigned char *data;    /* data[row * width + col] */
	char *bar[SREPORT_MAX];
} plot;

/* The cell of v + w (w = 0: of v). */
static int cell(const plot *pl, double v, double w)
{
	int x = (int)((v * pl->k + w * pl->k - pl->x0) / pl->dx);

	return x < 0 ? 0 : x >= pl->width ? pl->width - 1 : x;
}

static void plot_set(plot *pl, const stats_sample *s, int val, char *bar)
{
	size_t m = 1, j = 0, n;
	int prev = -1, x, k;

	for (n = 0; n < s->n; n++) {
		x = cell(pl, s->x[n], 0);
		if (x == prev) {
			if (++j > m)
				m = j;
		} else {
			j = 1;
			prev = x;
		}
	}
	m += 1;
	if (m > pl->height) {
		if (m > pl->rows) {
			pl->data = xrealloc(pl->data, m * (size_t)pl->width, "plot");
			pl->rows = m;
		}
		memset(pl->data + pl->height * pl->width, 0,
		       (m - pl->height) * (size_t)pl->width);
	}
	pl->height = m;
	prev = -1;
	for (n = 0; n < s->n; n++) {
		x = cell(pl, s->x[n], 0);
		if (x == prev) {
			j++;
		} else {
			j = 1;
			prev = x;
		}
		pl->data[j * pl->width + x] |= (unsigned char)val;
	}
	x = cell(pl, s->mean, -s->stddev);
	m = (size_t)cell(pl, s->mean, s->stddev);
	bar[m] = '|';
	bar[x] = '|';
	for (k = x + 1; k < (int)m; k++)
		if (!bar[k])
			bar[k] = '_';
	bar[cell(pl, s->median, 0)] = 'M';
	bar[cell(pl, s->mean, 0)] = 'A';
}

static void rule(FILE *f, int width)
{
	fputc('+', f);
	while (width-- > 0)
		fputc('-', f);
	fputs("+\n", f);
}

static void plot_print(const sreport *r, FILE *f)
{
	double lo = INFINITY, hi = -INFINITY;
	plot pl;
	int i, j;
	size_t z;

	memset(&pl, 0, sizeof pl);
	pl.width = r->o.width;
	/* in quarters when the span, or a mean +- stddev, is past the
	 * doubles (points near -1.7e308 and 1.7e308): a quarter of each
	 * figure is exact and their sums are within them */
	for (pl.k = 1;; pl.k = .25) {
		lo = INFINITY;
		hi = -INFINITY;
		for (i = 0; i < r->n; i++) {
			const stats_sample *s = &r->sets[i].s;
			double v[4] = { s->min * pl.k, s->max * pl.k,
			                s->mean * pl.k - s->stddev * pl.k,
			                s->mean * pl.k + s->stddev * pl.k };
			for (j = 0; j < 4; j++) {
				lo = v[j] < lo ? v[j] : lo;
				hi = v[j] > hi ? v[j] : hi;
			}
		}
		if (isfinite(hi - lo) || pl.k < 1)
			break;
	}
	pl.span = hi - lo;
	if (pl.span == 0) {
		fprintf(f, "[no plot, span is zero width]\n");
		return;
	}
	pl.dx = pl.span / (pl.width - 1.0);
	pl.x0 = lo - .5 * pl.dx;
	for (i = 0; i < r->n; i++) {
		int b = r->o.separate ? i : 0;
		if (!pl.bar[b])
			pl.bar[b] = xcalloc((size_t)pl.width, 1, "plot");
		plot_set(&pl, &r->sets[i].s, i + 1, pl.bar[b]);
	}
	rule(f, pl.width);
	for (z = 1; z < pl.height; z++) {
		fputc('|', f);
		for (j = 0; j < pl.width; j++)
			fputc(symbol[pl.data[(pl.height - z) * pl.width + j]], f);
		fputs("|\n", f);
	}
	for (i = 0; i < r->n; i++) {
		if (!pl.bar[i])
			continue;
		fputc('|', f);
		for (j = 0; j < pl.width; j++)
			fputc(pl.bar[i][j] ? pl.bar[i][j] : ' ', f);
		fputs("|\n", f);
		free(pl.bar[i]);
	}
	rule(f, pl.width);
	free(pl.data);
}

/* ---- text ------------------------------------------------------------------ */

/* A verdict's line after its tab, as ministat's are; one too long for
 * OUT_WIDTH columns (the tab counted as 8) is filled at spaces, each
 * line after a tab.  One that fits is ministat's byte for byte. */
static void verdict_line(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void verdict_line(FILE *f, const char *fmt, ...)
{
	struct buf t = { 0 }, b = { 0 };
	const char *p;
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&t, fmt, ap);
	va_end(ap);
	text_fill(&b, buf_str(&t), out_width() - 8, "", "", " ");
	for (p = buf_str(&b); *p;) {
		size_t n = strcspn(p, "\n");
		fprintf(f, "\t%.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	buf_free(&t);
	buf_free(&b);
}

static void vitals(FILE *f, const stats_sample *s, int i)
{
	fprintf(f, "%c %3zu %13.8g %13.8g %13.8g %13.8g %13.8g\n", symbol[i],
	        s->n, s->min, s->max, s->median, s->mean, s->stddev);
}

static void verdict_t(FILE *f, const stats_diff *d)
{
	if (!d->significant) {
		fprintf(f, "No difference proven at %.1f%% confidence\n", d->conf);
		if (d->test == STATS_WELCH)
			fprintf(f, "\t(Welch's t, df = %.4g, p = %.3g)\n", d->df, d->p);
		return;
	}
	fprintf(f, "Difference at %.1f%% confidence\n", d->conf);
	fprintf(f, "\t%g +/- %g\n", d->diff, d->err);
	fprintf(f, "\t%g%% +/- %g%%\n", d->pct, d->pct_err);
	if (d->test == STATS_STUDENT)
		fprintf(f, "\t(Student's t, pooled s = %g)\n", d->s);
	else
		fprintf(f, "\t(Welch's t, df = %.4g, p = %.3g)\n", d->df, d->p);
}

static void verdict_mw(FILE *f, const stats_mw *m, double conf)
{
	fprintf(f, "%s at %.1f%% confidence\n",
	        m->significant ? "Difference" : "No difference proven", conf);
	if (isfinite(m->shift))
		verdict_line(f, "shift %g (Hodges-Lehmann: median of the "
		             "differences)", m->shift);
	else if (isinf(m->shift))
		verdict_line(f, "shift %s1.8e+308, past the doubles "
		             "(Hodges-Lehmann: median of the differences)",
		             m->shift < 0 ? "below -" : "above ");
	fprintf(f, "\t(Mann-Whitney U = %g, p = %.6g, %s)\n", m->u, m->p,
	        m->exact ? "exact" : "normal approximation");
}

void sreport_text(const sreport *r, FILE *f)
{
	int i;

	if (!r->o.quiet)
		for (i = 0; i < r->n; i++)
			fprintf(f, "%s%s\n", tag(r, i), r->sets[i].name);
	if (r->o.plot)
		plot_print(r, f);
	if (!r->o.quiet)
		fprintf(f, "    N           Min           Max        Median"
		        "           Avg        Stddev\n");
	vitals(f, &r->sets[0].s, 1);
	for (i = 1; i < r->n; i++) {
		const struct sreport_cmp *c = &r->cmp[i];
		vitals(f, &r->sets[i].s, i + 1);
		if (!r->o.compare)
			continue;
		if (r->o.test == SREPORT_MW)
			verdict_mw(f, &c->mw, r->o.conf);
		else
			verdict_t(f, r->o.test == SREPORT_WELCH ? &c->welch
			                                        : &c->student);
		if (r->o.ratio && isnan(c->ratio.estimate))
			verdict_line(f, "median ratio undefined: the median x[n/2] "
			             "of %s is 0", r->sets[0].name);
		else if (r->o.ratio)
			verdict_line(f, "median ratio %g, %.1f%% interval %g .. %g "
			             "(%s; bootstrap, %lu resamples, seed %lu)",
			             c->ratio.estimate, r->o.conf, c->ratio.lo,
			             c->ratio.hi,
			             "medians x[n/2], as in the table",
			             c->ratio.resamples, c->ratio.seed);
	}
}

void sreport_warn(const sreport *r, const char *cmd, FILE *f)
{
	size_t i;

	/* the report printed so far goes out first: on a file or a pipe
	 * holding both streams a warning follows what it is about */
	if (json_array_size(r->warnings))
		fflush(NULL);
	for (i = 0; i < json_array_size(r->warnings); i++)
		out_warn(f, cmd, "%s",
		         json_string_value(json_array_get(r->warnings, i)));
}

/* ---- JSON ------------------------------------------------------------------ */

json_t *sreport_jreals(json_t *o, ...)
{
	const char *name;
	va_list ap;

	va_start(ap, o);
	while ((name = va_arg(ap, const char *)))
		json_object_set_new(o, name, out_jreal(va_arg(ap, double)));
	va_end(ap);
	return o;
}

static json_t *json_sample(const sreport *r, int i)
{
	const sreport_set *s = &r->sets[i];
	json_t *o = json_object(), *out = json_array();
	size_t k;

	json_object_set_new(o, "name", json_string(s->name));
	json_object_set_new(o, "symbol", json_sprintf("%c", symbol[i + 1]));
	json_object_set_new(o, "n", json_integer((json_int_t)s->s.n));
	sreport_jreals(o, "min", s->s.min, "max", s->s.max, "median",
	               s->s.median, "median_mid", stats_median(s->s.x, s->s.n),
	               "mean", s->s.mean, "stddev", s->s.stddev, "variance",
	               s->s.var, "mad", r->mad[i], NULL);
	/* points outside are outliers; null: none can be (MAD = 0) */
	json_object_set_new(o, "outlier_fences", json_pack("[o,o]",
	                    out_jreal(r->lo[i]), out_jreal(r->hi[i])));
	for (k = 0; k < s->s.n; k++) {
		double v = s->raw[k];
		if (v >= r->lo[i] && v <= r->hi[i])
			continue;
		json_array_append_new(out, s->lines
		    ? json_pack("{s:o,s:I}", "value", out_jreal(v), "line",
		                (json_int_t)s->lines[k])
		    : json_pack("{s:o}", "value", out_jreal(v)));
	}
	json_object_set_new(o, "outliers", out);
	return o;
}

static json_t *json_t_test(const stats_diff *d)
{
	json_t *o = sreport_jreals(json_object(), "df", d->df, "t", d->t,
	                           "difference", d->diff, "error", d->err,
	                           "percent", d->pct, "percent_error",
	                           d->pct_err, d->test == STATS_STUDENT
	                           ? "pooled_s" : "se", d->s, NULL);

	if (d->test == STATS_STUDENT)
		sreport_jreals(o, "se", d->se, NULL);
	sreport_jreals(o, "p", d->p, NULL);
	json_object_set_new(o, "significant", json_boolean(d->significant));
	if (!d->significant)
		json_object_set_new(o, "points_needed",
		                    d->n_needed ? json_integer((json_int_t)d->n_needed)
		                                : json_null());
	return o;
}

static json_t *json_cmp(const sreport *r, int i)
{
	const struct sreport_cmp *c = &r->cmp[i];
	json_t *o = json_object(), *mw;

	json_object_set_new(o, "sample", json_string(r->sets[i].name));
	json_object_set_new(o, "against", json_string(r->sets[0].name));
	json_object_set_new(o, "student", json_t_test(&c->student));
	json_object_set_new(o, "welch", json_t_test(&c->welch));
	mw = json_object();
	sreport_jreals(mw, "u", c->mw.u, "p", c->mw.p, NULL);
	json_object_set_new(mw, "exact", json_boolean(c->mw.exact));
	sreport_jreals(mw, "z", c->mw.z, "p_min", c->mw.p_min, "shift",
	               c->mw.shift, NULL);
	json_object_set_new(mw, "significant", json_boolean(c->mw.significant));
	json_object_set_new(o, "mann_whitney", mw);
	if (r->o.ratio)
		json_object_set_new(o, "ratio", json_pack("{s:o,s:o,s:o,s:I,s:I}",
		    "estimate", out_jreal(c->ratio.estimate),
		    "lo", out_jreal(c->ratio.lo), "hi", out_jreal(c->ratio.hi),
		    "resamples", (json_int_t)c->ratio.resamples,
		    "seed", (json_int_t)c->ratio.seed));
	return o;
}

json_t *sreport_json(const sreport *r)
{
	static const char *const tests[] = { "t", "welch", "mw" };
	json_t *o = json_object(), *ss = json_array(), *cs = json_array();
	int i;

	json_object_set_new(o, "confidence", json_real(r->o.conf));
	json_object_set_new(o, "test", json_string(tests[r->o.test]));
	for (i = 0; i < r->n; i++)
		json_array_append_new(ss, json_sample(r, i));
	for (i = 1; i < r->n; i++)
		json_array_append_new(cs, json_cmp(r, i));
	json_object_set_new(o, "samples", ss);
	json_object_set_new(o, "comparisons", cs);
	json_object_set_new(o, "warnings", json_incref(r->warnings));
	return o;
}
