/*
 * cmd_review.c - `cfx review FILE...`: a patch in, a reviewer's answer out.
 *
 * Each FILE (or - for standard input: git diff | cfx review -) is read
 * within the bounds of a data file (textfile.h), reviewed by the core
 * (review.h), and every multiplier it finds goes through verify's battery
 * at its word and table size, beside the constant it replaces.  Output is
 * checkpatch's "FILE:LINE: LEVEL: message", gcc's "FILE:LINE:COL: error:"
 * with --format gcc, one JSON object with --json, a reply to paste with
 * --emit reply, or a KUnit test with --emit kunit.  Exit status 1 when
 * anything is an ERROR or a WARNING (0 with --emit: the reply or test is
 * written), 0 otherwise, 2 on bad input.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/pool.h"
#include "cfx/review.h"
#include "cfx/textfile.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/review_emit.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/setting.h"
#include "util/buf.h"
#include "util/xalloc.h"

typedef struct review_args {
	int json, gcc;
	const char *emit;          /* NULL, "reply", "kunit" */
	int *pos, npos;            /* the files' argv indices */
} review_args;

static int bad(cmd_ctx *c, const char *token, const char *msg)
{
	cfx_err_set(&c->err, CFX_EUSAGE, -1, token, "%s", msg);
	return -1;
}

/* One option of review's into a (opts_take). */
static int take(void *ctx, const opts_hit *h, cfx_err *e)
{
	review_args *a = ctx;

	if (h->s->id == SETTING_JSON) {
		a->json = 1;
		return 0;
	}
	if (!setting_choice(h->s, h->value))
		return cfx_err_set(e, CFX_EUSAGE, -1, h->value, "--%s takes %s",
		                   h->s->option, h->s->choices);
	if (h->s->id == SETTING_RFORMAT)
		a->gcc = !strcmp(h->value, "gcc");
	else
		a->emit = h->value;
	return 0;
}

/* review's options by the shared parser (opts.h): -j is --json, as in
 * every command, and -h --help; --format and --emit have no letter (-e
 * is another command's --emit); the files' indices into a->pos
 * (room for argc).  Returns 0, 1 after --help, -1 on a bad option. */
static int parse(cmd_ctx *c, int argc, char **argv, review_args *a)
{
	const opts_row rows[] = {
		{ setting_get(SETTING_JSON), 0 },
		{ setting_get(SETTING_RFORMAT), OPTS_LONG },
		{ setting_get(SETTING_REMIT), OPTS_LONG },
	};
	opts_face f = { .rows = rows, .nrows = 3, .take = take, .ctx = a };
	int rc, *pos = a->pos;

	memset(a, 0, sizeof *a);
	a->pos = pos;
	if ((rc = opts_parse(&f, argc, argv, a->pos, &a->npos, &c->err)) > 0)
		cli_help(cli_find("review"), c->out);
	if (rc)
		return rc;
	/* the message of cli.c's --json with --emit, and the man page's */
	if (a->json && a->emit)
		return bad(c, "--emit", "--json and --emit do not go together");
	/* one output form: gcc's lines or JSON, not both */
	if (a->json && a->gcc)
		return bad(c, "--format", "--json and --format gcc do not go "
		           "together");
	/* standard input is read once: "-" twice would review it once and
	 * an empty input again */
	{
		int i, stdins = 0;
		for (i = 0; i < a->npos; i++)
			if (!strcmp(argv[a->pos[i]], "-") && ++stdins > 1)
				return bad(c, "-", "standard input (-) named twice: it "
				           "can be read only once");
	}
	return 0;
}

/* ---- input ---------------------------------------------------------------- */

/* The inputs together past REVIEW_MAX_INPUT, path the one that crosses
 * it: -1 with c->err. */
static int too_much(cmd_ctx *c, const char *path)
{
	return cfx_err_set_path(&c->err, CFX_ELIMIT, path, "the inputs "
	                        "together are larger than %zu MiB, crossed by "
	                        "this one (review fewer files at a time)",
	                        REVIEW_MAX_INPUT >> 20);
}

/* Whether the regular files among paths, by their sizes, stay within
 * REVIEW_MAX_INPUT together: 0, or -1 with c->err naming the one that
 * crosses it, before anything is read. */
static int sizes_within(cmd_ctx *c, char **paths, int n)
{
	size_t total = 0;
	struct stat st;
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(paths[i], "-") && !stat(paths[i], &st) &&
		    S_ISREG(st.st_mode) && (total += (size_t)st.st_size) >
		    REVIEW_MAX_INPUT)
			return too_much(c, paths[i]);
	return 0;
}

/* The whole of path (or standard input for "-") into *text, within the
 * bounds of a data file, and of REVIEW_MAX_INPUT with the *total bytes
 * read before it (which it adds to).  0, or with c->err -1 (this input
 * is bad) or -2 (the inputs together are past REVIEW_MAX_INPUT). */
static int slurp(cmd_ctx *c, const char *path, char **text, size_t *len,
                 size_t *total)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0, lines = 0;
	ssize_t n;
	struct buf b = { 0 };
	int is_stdin = !strcmp(path, "-");
	const char *name = is_stdin ? "<stdin>" : path;

	if (is_stdin) {
		if (!c->stdin_data)
			return cfx_err_set(&c->err, CFX_EUSAGE, -1, "-", "standard "
			                   "input holds the commands here; give files");
		if (textfile_stdin_check("-", &c->err) < 0)   /* review - <&- */
			return -1;
		f = stdin;
	} else if (!(f = textfile_open(path, 1, c->stop, &c->err))) {
		char why[sizeof c->err.msg];
		if (c->err.code == CFX_EINTR)     /* Ctrl-C waiting for a writer */
			return -1;
		memcpy(why, c->err.msg, sizeof why);
		snprintf(c->err.msg, sizeof c->err.msg, "cannot read: %.170s", why);
		return -1;
	}
	while ((n = textfile_line(f, &line, &cap, c->stop, &c->err)) >= 0) {
		buf_add(&b, line, (size_t)n);
		buf_putc(&b, '\n');
		if (textfile_data_within(++lines, b.len, "the patch", NULL, name,
		                         &c->err) < 0) {
			n = -3;
			break;
		}
		if (*total + b.len > REVIEW_MAX_INPUT) {
			too_much(c, name);
			n = -4;
			break;
		}
	}
	free(line);
	if (!is_stdin)
		fclose(f);
	if (n == -2)            /* the token textfile_line's: never the line */
		cfx_err_at_line(&c->err, name, (unsigned long)lines + 1);
	if (n < -1) {
		buf_free(&b);
		return n == -4 ? -2 : -1;
	}
	*len = b.len;
	*total += b.len;
	*text = b.len ? buf_take(&b) : xstrdup("");
	return 0;
}

/* ---- verify --------------------------------------------------------------- */

/* The battery of p on bits-bit words over the tables, judged as cfx
 * verify --table-bits judges them: at tables other than the default ones
 * each family is ranked against random odd multipliers at those tables
 * (verify_rank_at_tables), so a table the code shows gets verify's verdict
 * there. */
static int battery(cmd_ctx *c, verify_battery *bt, const mpz_t p,
                   unsigned bits, const unsigned *tables, size_t nt)
{
	if (verify_plan(bt, mpz_get_ui(p), bits, tables, nt, &c->err) < 0)
		return -1;
	verify_rank_at_tables(bt);
	if (verify_run_battery(bt, &(verify_run_opts){ .threads = pool_cpus(),
	                       .cancel = c->stop }) < 0) {
		verify_free(bt);
		return cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
	}
	verify_judge(bt, 1, NULL);
	return 0;
}

/* Every multiplier the review found through verify.  0, or -1 (Ctrl-C). */
static int verdicts(cmd_ctx *c, review *rv)
{
	size_t i, k, nmult = rv->nmult;

	for (i = 0; i < nmult; i++) {
		review_mult *m = &rv->mult[i];
		unsigned tables[VERIFY_MAX_TABLES];
		size_t nt;
		verify_battery bt, old;
		int have_old = 0;

		if (!m->verify || m->bits < VERIFY_MIN_BITS || m->bits > 64 ||
		    mpz_sgn(m->p) <= 0 || mpz_sizeinbase(m->p, 2) > m->bits)
			continue;
		for (nt = 0, k = 0; m->ntab > 1 && k < m->ntab; k++)
			if (m->tabs[k] <= VERIFY_MAX_TABLE_BITS && m->tabs[k] <= m->bits)
				tables[nt++] = m->tabs[k];   /* the calls' tables */
		if (nt) {
		} else if (m->table >= 1 && m->table <= VERIFY_MAX_TABLE_BITS &&
		    m->table <= m->bits) {
			tables[0] = m->table;
			nt = 1;
		} else {
			nt = verify_default_tables(m->bits, VERIFY_STANDARD, tables);
		}
		if (battery(c, &bt, m->p, m->bits, tables, nt) < 0)
			return -1;
		if (m->has_old && mpz_sgn(m->old) > 0 &&
		    mpz_sizeinbase(m->old, 2) <= m->bits) {
			if (battery(c, &old, m->old, m->bits, tables, nt) < 0) {
				verify_free(&bt);
				return -1;
			}
			have_old = 1;
		}
		review_verdict(rv, i, &bt, have_old ? &old : NULL);
		verify_free(&bt);
		if (have_old)
			verify_free(&old);
	}
	return 0;
}

/* ---- output --------------------------------------------------------------- */

static void text_out(FILE *f, const review *rv, const review_args *a)
{
	size_t i;

	for (i = 0; i < rv->nfind; i++) {
		const review_finding *x = &rv->find[i];
		const char *file = rv->pt.files[x->file];
		char paint[48];
		/* ERROR red, WARNING yellow on a coloured f, as checkpatch */
		const char *lv = out_paint(f, review_level_name(x->level, a->gcc),
		                           paint, sizeof paint);
		if (a->gcc) {
			fprintf(f, "%s:%lu:%u: %s: %s\n", file, x->line, x->col, lv,
			        x->msg);
		} else if (isatty(fileno(f))) {
			/* on a terminal filled to its lines, the level painted
			 * (a file or editor reads one line a finding) */
			char *head = xasprintf("%s:%lu: ", file, x->line);
			char *t = xasprintf(": %s", x->msg);
			out_fill_word(f, head, review_level_name(x->level, 0), t,
			              "    ");
			free(t);
			free(head);
		} else {
			fprintf(f, "%s:%lu: %s: %s\n", file, x->line, lv, x->msg);
		}
	}
}

static json_t *mult_json(const review *rv, const review_mult *m)
{
	static const char *const kinds[] = { "define", "declaration", "literal",
		"sequence" };
	json_t *o = json_object();
	char *hex = m->bits ? word_hex(m->p, m->bits) : NULL;

	json_object_set_new(o, "kind", json_string(kinds[m->kind]));
	json_object_set_new(o, "file", json_string(rv->pt.files[m->file]));
	json_object_set_new(o, "line", json_integer((json_int_t)m->line));
	json_object_set_new(o, "name", json_string(m->name));
	json_object_set_new(o, "text", json_string(m->text));
	json_object_set_new(o, "value", out_jz(m->p));
	if (hex)
		json_object_set_new(o, "hex", json_string(hex));
	json_object_set_new(o, "bits", json_integer(m->bits));
	json_object_set_new(o, "bits_why", json_string(m->why_bits));
	if (m->use_of != REVIEW_NONE)   /* another use of that multiplier */
		json_object_set_new(o, "use_of", json_integer((json_int_t)
		                    m->use_of));
	json_object_set_new(o, "table_bits", m->table ? json_integer(m->table)
	                    : json_null());
	/* verify's verdict in its JSON's words; null when not judged */
	json_object_set_new(o, "verdict", m->judged ? json_string(m->failed ?
	                    "FAIL" : "PASS") : json_null());
	json_object_set_new(o, "warned", m->judged ? json_integer((json_int_t)
	                    m->warned) : json_null());
	json_object_set_new(o, "worst_r", m->judged ? out_jreal(m->worst_r) :
	                    json_null());
	if (m->ntab > 1) {
		json_t *ts = json_array();
		unsigned k;
		for (k = 0; k < m->ntab; k++)
			json_array_append_new(ts, json_integer(m->tabs[k]));
		json_object_set_new(o, "tables", ts);
	}
	if (m->table_src == REVIEW_TABLE_NOTHING) {
		char why[sizeof m->why_table + 64];
		snprintf(why, sizeof why, "none: %s, which selects no table "
		         "(not judged)", m->why_table);
		json_object_set_new(o, "table_why", json_string(why));
	} else if (m->table_src == REVIEW_TABLE_UNKNOWN) {
		char why[sizeof m->why_table + 64];
		snprintf(why, sizeof why, "not in the code (%s): verify's default "
		         "range", m->why_table);
		json_object_set_new(o, "table_why", json_string(why));
	} else {
		json_object_set_new(o, "table_why", json_string(m->table ?
		                    m->why_table : "not in the code: verify's "
		                    "default range"));
	}
	if (rv->pt.nmails > 1)      /* a series: which of its patches */
		json_object_set_new(o, "patch", json_integer((json_int_t)
		                    rv->pt.mail[m->file] + 1));
	if (m->has_old) {
		json_object_set_new(o, "replaces", out_jz(m->old));
		json_object_set_new(o, "replaces_line",
		                    json_integer((json_int_t)m->old_line));
	}
	if (m->kind == REVIEW_SEQUENCE) {
		json_object_set_new(o, "last_line", json_integer((json_int_t)m->last));
		json_object_set_new(o, "input", json_string(m->input));
		json_object_set_new(o, "code", json_string(m->code));
		json_object_set_new(o, "right_shift", m->shift >= 0 ?
		                    json_integer(m->shift) : m->shift == -2 ?
		                    json_string(m->shift_text) : json_null());
	}
	free(hex);
	return o;
}

static json_t *review_json(const review *rv, const char *const *paths,
                           size_t npaths, const size_t *nlevels)
{
	json_t *o = json_object(), *ms = json_array(), *fs = json_array(),
	       *in = json_array();
	size_t i;

	for (i = 0; i < npaths; i++)
		json_array_append_new(in, json_string(paths[i]));
	for (i = 0; i < rv->nmult; i++)
		json_array_append_new(ms, mult_json(rv, &rv->mult[i]));
	for (i = 0; i < rv->nfind; i++) {
		const review_finding *x = &rv->find[i];
		json_t *f = json_object();
		json_object_set_new(f, "file", json_string(rv->pt.files[x->file]));
		json_object_set_new(f, "line", json_integer((json_int_t)x->line));
		json_object_set_new(f, "column", json_integer((json_int_t)x->col));
		json_object_set_new(f, "level", json_string(review_level_name(
		                    x->level, 0)));
		json_object_set_new(f, "kind", json_string(x->kind));
		json_object_set_new(f, "message", json_string(x->msg));
		json_object_set_new(f, "multiplier", x->mult == REVIEW_NONE ?
		                    json_null() : json_integer((json_int_t)x->mult));
		json_array_append_new(fs, f);
	}
	json_object_set_new(o, "inputs", in);
	json_object_set_new(o, "multipliers", ms);
	json_object_set_new(o, "findings", fs);
	json_object_set_new(o, "errors", json_integer((json_int_t)nlevels[3]));
	json_object_set_new(o, "warnings", json_integer((json_int_t)nlevels[2]));
	json_object_set_new(o, "checks", json_integer((json_int_t)nlevels[1]));
	json_object_set_new(o, "notes", json_integer((json_int_t)nlevels[0]));
	return o;
}

/* ---- the command ---------------------------------------------------------- */

/* The plural ending of a count of n: "1 error", "2 errors", "0 notes". */
#define S(n) ((n) == 1 ? "" : "s")

/* Review input i of in[0..n) into rv, the others (not empty) read
 * beside it when all n together are at most REVIEW_MAX_BESIDE bytes
 * (total): review_run_with's rc. */
static int review_beside(review *rv, const review_text *in, size_t n,
                         size_t i, const char *empty, size_t total,
                         cfx_err *err)
{
	review_text *others = xcalloc(n, sizeof *others, "reviews");
	size_t j, k = 0;
	int rc;

	for (j = 0; j < n && total <= REVIEW_MAX_BESIDE; j++)
		if (j != i && !empty[j])
			others[k++] = in[j];
	rc = review_run_with(rv, in[i].text, in[i].len, in[i].name, others, k,
	                     err);
	free(others);
	return rc;
}

/* A bad input among several (it cannot be read, or is no diff and no
 * C): its line said, the others still reviewed.  The last one's error is
 * kept in c->err, said by the caller with the status 2 (main's
 * cli_print_error), the ones before it here, in the order met. */
static void bad_input(cmd_ctx *c, cfx_err *pending, int *nbad)
{
	if ((*nbad)++) {
		cmd_ctx t = *c;
		t.err = *pending;
		cli_print_error(&t, c->diag ? c->diag : stderr);
	}
	*pending = c->err;
}

/* Whether c->err stops the whole review (Ctrl-C, or the inputs together
 * past REVIEW_MAX_INPUT: rc -2 of slurp), not just this input's. */
static int stops_all(const cmd_ctx *c, int rc)
{
	return rc == -2 || c->err.code == CFX_EINTR || (c->stop && *c->stop);
}

/* Read paths[0..n) into in[], marking skip[i] for an empty input (said:
 * nothing to review) or a bad one (bad_input).  0, or -1 when the whole
 * review stops (c->err). */
static int read_inputs(cmd_ctx *c, char **paths, int n, review_text *in,
                       char *skip, size_t *nread, cfx_err *pending, int *nbad)
{
	int i, rc;

	for (i = 0; i < n; i++) {
		char *text = NULL;
		size_t len = 0;
		if ((rc = slurp(c, paths[i], &text, &len, nread)) < 0) {
			if (stops_all(c, rc) || n == 1)
				return -1;
			bad_input(c, pending, nbad);
			skip[i] = 1;
			continue;
		}
		in[i] = (review_text){ text, len, strcmp(paths[i], "-") ?
		                       paths[i] : "<stdin>" };
		if (!text[strspn(text, " \t\r\n")]) {
			/* git diff of a clean tree: nothing to review, no error */
			fprintf(c->diag ? c->diag : stderr, "cfx: %s: nothing to "
			        "review: the input is empty (%s)\n", c->cmd,
			        in[i].name);
			skip[i] = 1;
		}
	}
	return 0;
}

/* Review each input not skipped into rvs[i]; one that is no diff and
 * no C (or past the review's bounds) is a bad input (bad_input) among
 * several.  0, or -1 when the whole review stops (c->err). */
static int review_inputs(cmd_ctx *c, review *rvs, const review_text *in,
                         int n, char *skip, size_t nread, cfx_err *pending,
                         int *nbad)
{
	int i, rc;

	for (i = 0; i < n; i++) {
		if (skip[i])
			continue;
		rc = review_beside(&rvs[i], in, (size_t)n, (size_t)i, skip,
		                   nread, &c->err);
		/* Ctrl-C: the evaluator stopped, and what it stopped reads as
		 * no multiplier; a review that missed them is no review */
		if (rc == 0 && c->stop && *c->stop)
			rc = cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
		if (rc < 0) {
			review_free(&rvs[i]);
			memset(&rvs[i], 0, sizeof rvs[i]);
			if (stops_all(c, rc) || n == 1)
				return -1;
			bad_input(c, pending, nbad);
			skip[i] = 1;
		}
	}
	return 0;
}

/* Review the files paths[0..n) (n >= 1) as a says: the exit status.  A
 * bad input among several is one line on stderr (bad_input) and the
 * others are reviewed and reported; the status is then 2. */
static int review_files(cmd_ctx *c, const review_args *ra, char **paths,
                        int n)
{
	review_args a = *ra;
	int i, nbad = 0, stop;
	size_t total[4] = { 0 }, mults = 0, uses = 0, removed = 0, k, nread = 0;
	size_t nonempty = 0;
	json_t *all = NULL;
	review *rvs;
	review_text *in;
	char *skip;           /* the inputs empty (nothing to review) or bad */
	cfx_err pending;      /* the last bad input's error */

	/* every input read and reviewed before any verdict or output: a bad
	 * one alone is one line on stderr and nothing on stdout */
	if (sizes_within(c, paths, n) < 0)
		return CFX_EXIT_USAGE;
	rvs = xcalloc((size_t)n, sizeof *rvs, "reviews");
	skip = xcalloc((size_t)n, sizeof *skip, "reviews");
	in = xcalloc((size_t)n, sizeof *in, "reviews");
	stop = read_inputs(c, paths, n, in, skip, &nread, &pending, &nbad) < 0 ||
	       review_inputs(c, rvs, in, n, skip, nread, &pending, &nbad) < 0;
	for (k = 0; k < (size_t)n; k++)
		free((char *)in[k].text);
	free(in);
	if (stop) {
		for (i = 0; i < n; i++)
			if (!skip[i])
				review_free(&rvs[i]);
		free(rvs);
		free(skip);
		return CFX_EXIT_USAGE;
	}
	if (a.json)
		all = json_array();
	for (i = 0; i < n; i++) {
		const char *path = paths[i];
		size_t nl[4];
		review *rv = &rvs[i];
		if (skip[i])
			continue;
		nonempty++;
		if (verdicts(c, rv) < 0) {
			for (; i < n; i++)
				if (!skip[i])
					review_free(&rvs[i]);
			free(rvs);
			free(skip);
			json_decref(all);
			return CFX_EXIT_USAGE;
		}
		review_sort(rv);
		review_columns(rv);
		review_count(rv, nl);
		for (k = 0; k < rv->nfind; k++)
			removed += !strcmp(rv->find[k].kind, "removed");
		for (k = 0; k < 4; k++)
			total[k] += nl[k];
		for (k = 0; k < rv->nmult; k++)   /* a copy: another use */
			rv->mult[k].use_of == REVIEW_NONE ? mults++ : uses++;
		if (a.json) {
			json_t *o = review_json(rv, &path, 1, nl);
			json_object_set_new(o, "input", json_string(path));
			json_array_append_new(all, o);
		} else if (a.emit && !strcmp(a.emit, "kunit")) {
			review_emit_kunit(c->out, rv);
		} else if (a.emit) {
			review_emit_reply(c->out, rv, path);
		} else {
			text_out(c->out, rv, &a);
		}
		review_free(rv);
	}
	free(rvs);
	free(skip);
	if (a.json) {
		json_t *o = json_object();
		json_object_set_new(o, "files", all);
		json_object_set_new(o, "multipliers", json_integer((json_int_t)mults));
		json_object_set_new(o, "errors", json_integer((json_int_t)total[3]));
		json_object_set_new(o, "warnings", json_integer((json_int_t)total[2]));
		json_object_set_new(o, "checks", json_integer((json_int_t)total[1]));
		json_object_set_new(o, "notes", json_integer((json_int_t)total[0]));
		cli_result(c, 1, o);
	} else if (!a.emit && nonempty) {
		if (!mults)     /* a removed one is said above: none new */
			fprintf(c->out, "no multipliers found%s\n", removed ?
			        ", and none replaces the one removed" : "");
		fprintf(c->out, "total: %zu error%s, %zu warning%s, %zu check%s, "
		        "%zu note%s; %zu multiplier%s", total[3], S(total[3]),
		        total[2], S(total[2]), total[1], S(total[1]), total[0],
		        S(total[0]), mults, S(mults));
		if (uses)        /* judged at each of its uses: how many */
			fprintf(c->out, ", %zu use%s judged", mults + uses,
			        S(mults + uses));
		fprintf(c->out, "\n");
	}
	if (nbad) {             /* the last bad input, said by the caller */
		c->err = pending;
		return CFX_EXIT_USAGE;
	}
	/* a reply or a test emitted is the command's product: it succeeded */
	return (total[3] || total[2]) && !a.emit ? CFX_EXIT_FAIL : CFX_EXIT_OK;
}

int cmd_review(cmd_ctx *c, cli_args *ca)
{
	review_args a;
	int pos[ca->argc + 1], rc, i;
	char **paths;

	a.pos = pos;
	if ((rc = parse(c, ca->argc, ca->argv, &a)) != 0)
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	a.json |= c->sess->json;
	if (a.npos < 1)
		return bad(c, NULL, "give a patch file, or - for standard input "
		           "(git diff | cfx review -)"), CFX_EXIT_USAGE;
	paths = xcalloc((size_t)a.npos, sizeof *paths, "review files");
	for (i = 0; i < a.npos; i++)
		paths[i] = ca->argv[pos[i]];
	rc = review_files(c, &a, paths, a.npos);
	free(paths);
	return rc;
}
