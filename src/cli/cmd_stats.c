/*
 * cmd_stats.c - `cfx stats FILE...`: ministat, and more.
 *
 * The options are ministat's own letters (-A -C -c -d -n -q -s -w), so the
 * command lists them itself (OPT_OWN in the command table: its rows for
 * the option parser, and its help) and adds long ones for what ministat
 * lacks.  Files are read as ministat reads them:
 * each line split at the delimiters, the column's field taken, lines with
 * too few fields or a field starting with '#' skipped.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/textfile.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/setting.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/sreport.h"
#include "util/xalloc.h"

/* A sample as read: points in input order with their line numbers. */
typedef struct sample_in {
	char *name;
	double *x;
	unsigned long *line;
	size_t n, cap;
} sample_in;

static void add_point(sample_in *s, double v, unsigned long line)
{
	size_t cap = s->cap;     /* both arrays grow alike from one capacity */

	XGROW(s->x, s->cap, s->n + 1, "sample");
	XGROW(s->line, cap, s->n + 1, "line numbers");
	s->x[s->n] = v;
	s->line[s->n++] = line;
}

/* Put "NAME:N: " before the message of the error just set, for a
 * line of s, NAME shown whole (escaped); -1. */
static int at_line(cmd_ctx *c, const sample_in *s, unsigned long line)
{
	return cfx_err_at_line(&c->err, s->name, line);
}

/* The field of one line, or NULL for a line without one (ministat's rule:
 * fields up to the column, stopping at one that starts with '#'). */
static char *field(char *buf, int column, const char *delim)
{
	char *save = NULL, *t;
	int i;

	for (i = 1, t = strtok_r(buf, delim, &save); t && *t != '#';
	     i++, t = strtok_r(NULL, delim, &save))
		if (i == column)
			return t;
	return NULL;
}

static int read_sample(cmd_ctx *c, FILE *f, sample_in *s, int column,
                       const char *delim)
{
	char *buf = NULL, *t, *end;
	size_t cap = 0, bytes = 0;
	ssize_t len;
	unsigned long line = 0;
	int rc = 0;

	while ((len = textfile_line(f, &buf, &cap, c->stop, &c->err)) >= 0) {
		double v;
		/* Ctrl-C while a regular file is read: no read is interrupted
		 * there, so the flag is looked at (issue 22, finding 7) */
		if (c->stop && *c->stop) {
			free(buf);
			return cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
		}
		bytes += (size_t)len + 1;
		if ((rc = textfile_data_within(++line, bytes, "the sample", NULL,
		                               s->name, &c->err)) < 0)
			break;
		while (len > 0 && strchr(" \t\r\n\v\f", buf[len - 1]))
			buf[--len] = '\0';
		if (!(t = field(buf, column, delim)))
			continue;
		/* the field by the rule of a bad line (cfx_err_word): a file
		 * named by mistake may be /etc/shadow ("root:$6$...") */
		v = strtod(t, &end);
		if (*end || end == t) {
			cfx_err_set_word(&c->err, CFX_ESYNTAX, t, -1, "not a number");
			rc = at_line(c, s, line);
			break;
		}
		if (!isfinite(v)) {
			cfx_err_set_word(&c->err, CFX_EDOMAIN, t, -1, "not a finite "
			                 "number");
			rc = at_line(c, s, line);
			break;
		}
		add_point(s, v, line);
	}
	free(buf);
	if (len == -2 && c->err.code == CFX_EINTR)
		return -1;                  /* Ctrl-C on a pipe: "interrupted" */
	if (len == -2)                  /* textfile_line said what */
		return at_line(c, s, line + 1);
	if (rc == 0 && s->n < STATS_MIN_POINTS)
		rc = cfx_err_set_path(&c->err, CFX_EDOMAIN, s->name,
		                 "the sample ends at line %lu with %zu point%s; "
		                 "one needs at least %d", line, s->n,
		                 s->n == 1 ? "" : "s", STATS_MIN_POINTS);
	return rc;
}

static int load(cmd_ctx *c, const char *path, sample_in *s, int column,
                const char *delim)
{
	FILE *f;
	int rc;

	if (!path || !strcmp(path, "-")) {
		if (!c->stdin_data)
			return cfx_err_set(&c->err, CFX_EUSAGE, -1, path ? path : NULL,
			                   "standard input holds the commands here; "
			                   "give files");
		s->name = xstrdup("<stdin>");
		if (textfile_stdin_check(path, &c->err) < 0)     /* cfx stats <&- */
			return -1;
		return read_sample(c, stdin, s, column, delim);
	}
	s->name = xstrdup(path);
	if (c->stop && *c->stop)        /* Ctrl-C before this file */
		return cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
	if (!(f = textfile_open(path, 1, c->stop, &c->err))) {
		if (c->err.code == CFX_EINTR)   /* Ctrl-C, a FIFO's writer awaited */
			return -1;
		char *why = xstrdup(c->err.msg);   /* textfile_open gives the
		                                    * reason, its token the path */
		snprintf(c->err.msg, sizeof c->err.msg, "cannot read: %s", why);
		free(why);
		return -1;
	}
	rc = read_sample(c, f, s, column, delim);
	fclose(f);
	return rc;
}

/* Every figure the report prints must be a double: each sample's mean
 * and standard deviation (a variance past the doubles is fine: the tests
 * work in units of the standard deviations, and JSON's "variance" is
 * then null) and the difference of each mean from the first sample's.
 * Points may span more than the doubles (-1.7e308 and 1.7e308): the
 * plot, the outlier fences and the Hodges-Lehmann shift are computed in
 * halves or quarters.  0, or -1 naming the file and the line of sample
 * i's largest point. */
static int in_range(cmd_ctx *c, const sample_in *in, const sreport_set *sets,
                    int i)
{
	const stats_sample *s = &sets[i].s;
	size_t k, big = 0;
	char tok[32];
	const char *what = !isfinite(s->mean) ? "mean" :
	                   !isfinite(s->stddev) ? "standard deviation" :
	                   i && !isfinite(s->mean - sets[0].s.mean)
	                   ? "difference of the means" : NULL;

	if (!what)
		return 0;
	for (k = 1; k < in[i].n; k++)
		if (fabs(in[i].x[k]) > fabs(in[i].x[big]))
			big = k;
	snprintf(tok, sizeof tok, "%g", in[i].x[big]);
	cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok, "numbers too large: the %s "
	            "overflows a double", what);
	return at_line(c, &in[i], in[i].line[big]);
}

/* ---- options -------------------------------------------------------------- */

/* stats' own options (the option parser's rows, cli/opts.h): ministat's
 * letters, then what ministat lacks; -C, -w, --resamples, --seed and
 * -j/--json are the settings table's (-j, no ministat letter, means
 * --json as in every command; -h is --help).  The help is the command table's. */
enum { R_A, R_N, R_Q, R_S, R_CONF, R_DELIM, R_TEST, R_RATIO, R_OWN };
static const setting stats_rows[R_OWN] = {
	{ SETTING_N, "A", NULL, 'A', SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "no plot", 0 },
	{ SETTING_N, "n", NULL, 'n', SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "summary table only", 0 },
	{ SETTING_N, "q", NULL, 'q', SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "no legend and no table header", 0 },
	{ SETTING_N, "s", NULL, 's', SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "one bar per sample", 0 },
	{ SETTING_N, "c", NULL, 'c', SETTING_TEXT, 0, 0, NULL, "LEVEL", NULL,
	  "confidence", 0 },
	{ SETTING_N, "d", NULL, 'd', SETTING_TEXT, 0, 0, NULL, "DELIMS", NULL,
	  "field delimiters", 0 },
	{ SETTING_N, "test", "test", 0, SETTING_TEXT, 0, 0, NULL, "t|welch|mw",
	  NULL, "the test", 0 },
	{ SETTING_N, "ratio", "ratio", 0, SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "bootstrap ratio of the medians x[n/2]", 0 },
};

typedef struct stats_args {
	sreport_opts o;
	int column, json;
	const char *delim;
	int *pos, npos;             /* argv indices of the files */
} stats_args;

static int bad(cmd_ctx *c, const char *token, const char *msg)
{
	cfx_err_set(&c->err, CFX_EUSAGE, -1, token, "%s", msg);
	return -1;
}

static int confidence(const char *s, double *out, cfx_err *e)
{
	static const double levels[] = { 80, 90, 95, 98, 99, 99.5 };
	char *end;
	double v = strtod(s, &end);
	size_t i;

	for (i = 0; !*end && end != s && i < 6; i++)
		if (v == levels[i]) {
			*out = v;
			return 0;
		}
	return cfx_err_set(e, CFX_EUSAGE, -1, s, "-c takes 80, 90, 95, 98, 99 "
	                   "or 99.5");
}

/* The option h into a (the parser's take). */
static int stats_take(void *ctx, const opts_hit *h, cfx_err *e)
{
	stats_args *a = ctx;
	const setting *o = h->s;
	unsigned long long v;

	if (o == &stats_rows[R_A])
		a->o.plot = 0;
	else if (o == &stats_rows[R_N])
		a->o.plot = a->o.compare = 0;
	else if (o == &stats_rows[R_Q])
		a->o.quiet = 1;
	else if (o == &stats_rows[R_S])
		a->o.separate = 1;
	else if (o == &stats_rows[R_RATIO])
		a->o.ratio = 1;
	else if (o == &stats_rows[R_CONF])
		return confidence(h->value, &a->o.conf, e);
	else if (o == &stats_rows[R_DELIM] && !*h->value)
		return cfx_err_set(e, CFX_EUSAGE, -1, "-d", "-d needs at least one "
		                   "delimiter");
	else if (o == &stats_rows[R_DELIM])
		a->delim = h->value;
	else if (o == &stats_rows[R_TEST] && !strcmp(h->value, "t"))
		a->o.test = SREPORT_T;
	else if (o == &stats_rows[R_TEST] && !strcmp(h->value, "welch"))
		a->o.test = SREPORT_WELCH;
	else if (o == &stats_rows[R_TEST] && !strcmp(h->value, "mw"))
		a->o.test = SREPORT_MW;
	else if (o == &stats_rows[R_TEST])
		return cfx_err_set(e, CFX_EUSAGE, -1, h->value, "--test takes t, "
		                   "welch or mw");
	else if (o->id == SETTING_JSON)
		a->json = 1;
	else if (opts_number(o, h->value, o->lo, o->hi, &v, e) < 0)
		return -1;
	else if (o->id == SETTING_COLUMN)
		a->column = (int)v;
	else if (o->id == SETTING_WIDTH)
		a->o.width = (int)v;
	else if (o->id == SETTING_RESAMPLES)
		a->o.resamples = (unsigned long)v;
	else
		a->o.seed = (unsigned long)v;
	return 0;
}

/* Parse argv into a, the files' argv indices into pos (room for argc).
 * Returns 0, 1 after --help, -1 on a bad option. */
static int parse(cmd_ctx *c, int argc, char **argv, int *pos, stats_args *a)
{
	static const setting_id shared[] = { SETTING_COLUMN, SETTING_WIDTH,
	                                     SETTING_RESAMPLES, SETTING_SEED,
	                                     SETTING_JSON };
	opts_row rows[R_OWN + 5];
	opts_face f = { .rows = rows, .take = stats_take, .ctx = a };
	int i, rc;

	memset(a, 0, sizeof *a);
	a->pos = pos;
	a->o.conf = 95;
	a->o.plot = a->o.compare = 1;
	a->o.width = sreport_width(c->out);
	a->o.resamples = 10000;
	a->o.seed = 1;
	a->column = 1;
	a->delim = " \t";
	for (i = 0; i < R_OWN; i++)
		rows[f.nrows++] = (opts_row){ &stats_rows[i], 0 };
	for (i = 0; i < 5; i++)   /* -j is --json, as in every command */
		rows[f.nrows++] = (opts_row){ setting_get(shared[i]), 0 };
	rc = opts_parse(&f, argc, argv, a->pos, &a->npos, &c->err);
	if (rc > 0)
		cli_help(cli_find("stats"), c->out);
	return rc;
}

int cmd_stats(cmd_ctx *c, cli_args *ca)
{
	sample_in in[SREPORT_MAX];
	sreport_set sets[SREPORT_MAX];
	stats_args a;
	int pos[ca->argc + 1];
	sreport r;
	int i, n, rc, made = 0;

	if ((rc = parse(c, ca->argc, ca->argv, pos, &a)) != 0)
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	a.json |= c->sess->json;            /* the REPL's `set format json` */
	n = a.npos;
	if (n > SREPORT_MAX)
		return bad(c, ca->argv[a.pos[SREPORT_MAX]],
		           "too many samples (at most 7)"), CFX_EXIT_USAGE;
	memset(in, 0, sizeof in);
	rc = 0;
	for (i = 0; i < (n ? n : 1) && rc == 0; i++)
		rc = load(c, n ? ca->argv[a.pos[i]] : NULL, &in[i], a.column,
		          a.delim);
	if (rc == 0) {
		if (!n)
			n = 1;
		for (i = 0; i < n; i++) {
			sets[i].name = in[i].name;
			sets[i].raw = in[i].x;
			sets[i].lines = in[i].line;
			stats_sample_init(&sets[i].s, in[i].x, in[i].n);
		}
		made = n;
		for (i = 0; i < n && rc == 0; i++)
			rc = in_range(c, in, sets, i);
	}
	if (rc == 0 && c->stop && *c->stop)
		rc = cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
	a.o.stop = c->stop;
	if (rc == 0 && sreport_init(&r, sets, n, &a.o) < 0) {
		rc = cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
		sreport_clear(&r);
	} else if (rc == 0) {
		if (a.json) {
			cli_result(c, 1, sreport_json(&r));
		} else {
			sreport_text(&r, c->out);
			sreport_warn(&r, c->cmd, stderr);
			cli_result(c, 0, sreport_json(&r));
		}
		sreport_clear(&r);
	}
	for (i = 0; i < made; i++)
		stats_sample_clear(&sets[i].s);
	for (i = 0; i < SREPORT_MAX; i++) {
		free(in[i].name);
		free(in[i].x);
		free(in[i].line);
	}
	return rc ? CFX_EXIT_USAGE : CFX_EXIT_OK;
}
