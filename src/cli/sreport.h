/*
 * sreport.h - the report of `cfx stats` (and of `cfx bench`): samples
 * compared the way FreeBSD's ministat prints them, and more (prefix
 * sreport_).
 *
 * With the default options the text is ministat's, byte for byte: the
 * legend, the ASCII plot (one symbol per sample, '*' ... where samples
 * share a cell, A the mean, M the median, |___| one standard deviation
 * either side of the mean), the table N Min Max Median Avg Stddev, and for
 * each later sample the verdict of Student's t against the first.  The
 * extensions (Welch, Mann-Whitney, the bootstrap ratio) change only the
 * verdict lines; outliers and samples too small for the claim are warnings
 * (stderr in text, a "warnings" array in JSON).
 */
#ifndef CFX_CLI_SREPORT_H
#define CFX_CLI_SREPORT_H

#include <signal.h>
#include <stdio.h>
#include <jansson.h>

#include "cfx/err.h"
#include "cfx/stats.h"

#define SREPORT_MAX 7           /* samples: symbols x + * % # @ O */

typedef enum { SREPORT_T, SREPORT_WELCH, SREPORT_MW } sreport_test;

typedef struct sreport_opts {
	double conf;            /* 80, 90, 95, 98, 99 or 99.5 */
	sreport_test test;
	int plot;               /* draw the plot (not -n, not -A) */
	int compare;            /* print verdicts (not -n) */
	int quiet;              /* -q: no legend, no table header */
	int separate;           /* -s: one mean/median/stddev bar per sample */
	int width;              /* plot width in cells */
	int ratio;              /* --ratio: bootstrap ratio of medians */
	unsigned long resamples, seed;
	const volatile sig_atomic_t *stop;  /* Ctrl-C (may be NULL) */
	int outliers_told;      /* the caller tells the outliers (bench: one
	                         * line); 0: a warning a point, five a sample */
	int untagged;           /* warnings name a sample without its symbol
	                         * (no table or plot is printed) */
} sreport_opts;

/* One sample: its name, points and, per input point, where it came from
 * (lines[i] for the i-th point in input order; NULL: no lines). */
typedef struct sreport_set {
	const char *name;
	stats_sample s;
	const double *raw;      /* the points in input order */
	const unsigned long *lines;
} sreport_set;

/* The analysis of sets[0..n-1] (1 <= n <= SREPORT_MAX, each >= 3 points);
 * free with sreport_clear. */
typedef struct sreport {
	const sreport_set *sets;
	int n;
	sreport_opts o;
	struct sreport_cmp {
		stats_diff student, welch;
		stats_mw mw;
		stats_ratio ratio;       /* when o.ratio */
	} cmp[SREPORT_MAX];          /* cmp[i]: sets[i] against sets[0], i >= 1 */
	double mad[SREPORT_MAX], lo[SREPORT_MAX], hi[SREPORT_MAX];
	json_t *warnings;            /* strings */
} sreport;

/* The analysis; 0, or -1 when o->stop was set before it was done (r is
 * then to be cleared, not shown). */
int sreport_init(sreport *r, const sreport_set *sets, int n,
                 const sreport_opts *o);
void sreport_clear(sreport *r);

/* Print the text report to out. */
void sreport_text(const sreport *r, FILE *out);

/* Print the warnings, "cfx: CMD: warning: ...", one a line, to f. */
void sreport_warn(const sreport *r, const char *cmd, FILE *f);

/* The report as one JSON object (every number). */
json_t *sreport_json(const sreport *r);

/* o with members set from NAME, VALUE pairs (a const char * and a
 * double each, a NULL name last), each value as out_jreal writes it
 * (null where it is not finite): stats' and bench's figures alike.
 * Returns o. */
json_t *sreport_jreals(json_t *o, ...) __attribute__((sentinel));

/* The plot width ministat would use for output to f: 74, or on a
 * terminal $COLUMNS (taken whole, as ministat does, by out_env_size's
 * rule: a bad one is ignored) or the terminal's width less 2, at least
 * SREPORT_MIN_WIDTH. */
#define SREPORT_MIN_WIDTH 3
int sreport_width(FILE *f);

#endif
