/*
 * learn_run.c - what a lesson may run by itself, and running it (see
 * learn_run.h): the table of the commands a lesson may run and the
 * options they may take (learn_pure), the lesson's own patches for review
 * (learn_data_line), and a run in a session of its own (learn_run,
 * learn_run_as).  It holds no state: each run makes and frees its
 * session.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/safefile.h"
#include "cfx/score.h"
#include "cfx/search.h"
#include "cfx/verify.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/setting.h"
#include "lesson/learn_run.h"
#include "lesson/learn_store.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

/* A session word (set, let, show, ...: the command table's OPT_SESSION
 * rows), as learn_lesson_names's is_command says 2. */
static int is_session_word(const char *name)
{
	const cmd_def *d = cli_find(name);

	return d && (d->opts & OPT_SESSION);
}

/* What a lesson may run by itself (learn_pure): these commands, with the
 * options pure_option allows, and review of a patch of its own (data_path).
 * The refusal's list is made from this table, so it names them all. */
static const struct pure_cmd {
	const char *name;
	const char *shown;        /* in the refusal's list */
} pure_cmds[] = {
	{ "cf", "cf" }, { "naf", "naf" }, { "shifts", "shifts" },
	{ "spectrum", "spectrum" }, { "score", "score" }, { "sweep", "sweep" },
	{ "verify", "verify" }, { "search", "search" },
	{ "review", "review NAME.patch [--format gcc] [--json]" },
};
#define N_PURE (sizeof pure_cmds / sizeof *pure_cmds)

/* A lesson's data file: NAME.patch beside the lesson file at lesson (its
 * directory, not the catalogue's: a lesson checked from elsewhere brings
 * its own patch).  Its path (malloc'd), or NULL with err saying why: a
 * path rather than a name (../, /, a directory), a name outside the
 * lesson name rule, no such file, a file the lesson file's own rule
 * refuses (learn_store_file_why: a link, another user's, writable by
 * others, ...), or a directory another user could change. */
static char *data_path(const char *lesson_path, const char *name, cfx_err *err)
{
	char *dir = xstrdup(lesson_path), *slash = strrchr(dir, '/'), *path;
	cfx_err e;
	size_t n = strlen(name);
	struct stat st;
	char why[512];
	const char *rule;
	int at = 0;               /* the message names the path (1) or the
	                           * directory (2) */

	if (slash)
		slash[slash == dir] = '\0';     /* "/x.lesson": the root */
	else
		strcpy(dir, ".");
	path = xasprintf("%s/%s", dir, name);
	why[0] = '\0';
	if (name[0] == '-')
		snprintf(why, sizeof why, "an option a lesson's review does not "
		         "take");
	else if (strchr(name, '/'))
		snprintf(why, sizeof why, "a path, not a name");
	else if (n < 7 || strcmp(name + n - 6, ".patch") ||
	         !learn_store_name_ok(name))
		snprintf(why, sizeof why, "not a patch's name (letters, digits, "
		         "'.', '_' and '-', ending in .patch)");
	/* lstat: a link in the lesson directory could name any file (the
	 * hostile retest read root's 0600 file through one); the lesson
	 * file's own rule (learn_store_file_why) */
	else if (at = 1, lstat(path, &st) < 0)
		snprintf(why, sizeof why, "%s", strerror(errno));
	else if ((rule = learn_store_file_why(&st)) != NULL)
		snprintf(why, sizeof why, "%s", rule);
	/* and no one else can put a link in its place between this check
	 * and review's open: a directory only the user or root can change
	 * (safefile's rule) */
	else if (safefile_dir_check(dir, &e) < 0)
		snprintf(why, sizeof why, "the lesson's directory: %.300s",
		         e.msg), at = 2;
	if (why[0]) {
		/* the name, or the file or directory at fault, as the token */
		if (at)
			cfx_err_set_path(err, CFX_EUSAGE, at == 2 ? dir : path, "%s",
			                 why);
		else
			cfx_err_set(err, CFX_EUSAGE, -1, name, "%s", why);
		free(path);
		path = NULL;
	}
	free(dir);
	return path;
}

/* path as one word of a command line (text_split's quotes: '...' and
 * "..." group, no escapes) */
static void put_word(struct buf *b, const char *path)
{
	const char *p;

	if (!strpbrk(path, " \t\n'\"\\#$"))
		buf_puts(b, path);
	else {
		buf_putc(b, '\'');
		for (p = path; *p; p++)
			if (*p == '\'')
				buf_puts(b, "'\"'\"'");
			else
				buf_putc(b, *p);
		buf_putc(b, '\'');
	}
}

char *learn_data_line(const char *lesson_path, const char *line, cfx_err *err)
{
	struct buf b = { 0 };
	int argc, i, ok, patches = 0;
	char **argv = text_argv(line, &argc);

	cfx_err_clear(err);
	ok = argc >= 2 && !strcmp(argv[0], "review");
	if (ok)
		buf_puts(&b, "review");
	else if (argc == 1 && !strcmp(argv[0], "review"))
		cfx_err_set(err, CFX_EUSAGE, -1, line, "review needs its patch's "
		            "name");
	for (i = 1; ok && i < argc; i++) {
		char *p = NULL;
		if (!strcmp(argv[i], "--json") || !strncmp(argv[i], "--format=", 9))
			buf_printf(&b, " %s", argv[i]);
		else if (!strcmp(argv[i], "--format") && i + 1 < argc &&
		         strspn(argv[i + 1], "abcdefghijklmnopqrstuvwxyz") ==
		         strlen(argv[i + 1])) {
			buf_printf(&b, " --format %s", argv[i + 1]);
			i++;
		} else if ((p = data_path(lesson_path, argv[i], err)) != NULL) {
			patches++;
			buf_putc(&b, ' ');
			put_word(&b, p);
		} else
			ok = 0;
		free(p);
	}
	if (ok && !patches)
		ok = 0, cfx_err_set(err, CFX_EUSAGE, -1, line, "review needs its "
		                    "patch's name");
	text_argv_free(argv, argc);
	if (!ok) {
		buf_free(&b);
		return NULL;
	}
	return buf_take(&b);
}

/* An option a lesson may give (cli_options_each): no --raw, keys only of
 * a family cfx generates (the one keys parser decides, as the command
 * would: no file:, inodes:, malloc:, nothing it cannot read). */
static int pure_option(void *ctx, const setting *o, const char *v,
                       cfx_err *err)
{
	keys_family f;
	size_t name;

	(void)ctx;
	if (o->id == SETTING_RAW)
		return cfx_err_set(err, CFX_EUSAGE, -1, "--raw", "a lesson writes "
		                   "no files");
	if (o->id != SETTING_KEYS)
		return 0;
	name = strcspn(v, ":");
	keys_family_set(&f, v, NULL);
	/* by its name too: a file: key that does not parse is still a file */
	if ((f.ok && (f.kind == KEYS_FILE || f.kind == KEYS_INODES ||
	              f.kind == KEYS_MALLOC)) ||
	    (name == 4 && !strncmp(v, "file", 4)) ||
	    (name == 6 && (!strncmp(v, "inodes", 6) || !strncmp(v, "malloc", 6))))
		/* the family's name only: never the path, nor what is there */
		return cfx_err_setn(err, CFX_EUSAGE, -1, v, (int)name, "a "
		                    "lesson reads no files, directories or "
		                    "allocator: its keys are generated");
	if (!f.ok) {
		/* what the command itself says of it, naming the bad token */
		if (err)
			*err = f.err;
		return -1;
	}
	return 0;
}

json_t *learn_keys_value(const char *text)
{
	keys_spec ks;
	cfx_err e;
	char *d;
	json_t *v;

	if (!text)
		text = "seq";
	if (keys_parse(&ks, text, &e) < 0)
		return json_string(text);
	d = keys_describe(&ks);
	keys_spec_free(&ks);
	v = json_string(d);
	free(d);
	return v;
}

/* opts_parse's take for learn_operand_text: the options are passed
 * over. */
static int pass_option(void *ctx, const opts_hit *h, cfx_err *e)
{
	(void)ctx;
	(void)h;
	(void)e;
	return 0;
}

/* A name of the learner's session, for the rule on negative numbers. */
static const void *session_name(void *sess, const char *name)
{
	return sess ? cli_session_lookup(sess, name) : NULL;
}

/* learn_operand_text of argv. */
static char *operand_of(int argc, char **argv, const cfx_session *sess)
{
	struct buf b = { 0 };
	int i, npos = 0, nrows = 0;
	const cmd_def *d = argc ? cli_find(argv[0]) : NULL;
	cfx_err e;

	if (d) {
		const char **names = cli_option_names(d);
		int n = 0;
		while (names[n])
			n++;
		opts_row rows[n + 1];
		int pos[argc + 1];
		opts_face f = { .rows = rows, .take = pass_option,
		                .ctx = (void *)sess, .known = session_name };
		for (i = 0; i < n; i++) {
			char w[64];
			const setting *o;
			snprintf(w, sizeof w, "--%s", names[i]);
			if ((o = cli_option_row(d, w)))
				rows[nrows++] = (opts_row){ o, 0 };
		}
		f.nrows = nrows;
		if (opts_parse(&f, argc, argv, pos, &npos, &e) != 0)
			npos = 0;
		for (i = 0; i < npos; i++)
			buf_printf(&b, "%s%s", i ? " " : "", argv[pos[i]]);
	}
	if (!b.len)
		buf_puts(&b, "");
	return buf_take(&b);
}

char *learn_operand_text(const char *line, const cfx_session *sess)
{
	int argc;
	char **argv = text_argv(line, &argc);
	char *op = operand_of(argc, argv, sess);

	text_argv_free(argv, argc);
	return op;
}

int learn_operand_is(const char *line, const cfx_session *sess, uint64_t p,
                     int *integer)
{
	char *op = learn_operand_text(line, sess);
	int is = 0;
	cfx_err e;
	mpz_t z, q;

	mpz_init(z);
	mpz_init_set_ui(q, (unsigned long)(p >> 32));
	mpz_mul_2exp(q, q, 32);
	mpz_add_ui(q, q, (unsigned long)(p & 0xffffffffu));
	if (op && *op && constant_value(op, NULL, NULL, z, &e) == 0) {
		*integer = 1;
		is = !mpz_cmp(z, q);
	}
	mpz_clear(q);
	mpz_clear(z);
	free(op);
	return is;
}

/* ---- the cost budget ------------------------------------------------ */

/* What a claim or run(...) asks of a command, estimated before it starts
 * from its options as its own parser reads them (cli_options_each) and
 * the session it runs in: counts of keys, buckets, points, candidates,
 * terms, each weighed in units of about a nanosecond of work here
 * (measured on the commands; deliberately high, never wall time).  Over
 * LEARN_COST_BUDGET (about 2 s) the line is refused, as an expression
 * over its budget is "too costly to evaluate". */
typedef struct cost {
	const char *val[SETTING_N];   /* each option's value as given ("" a
	                               * flag), NULL: not given */
	char *own[SETTING_N];         /* their copies */
	double units;                 /* the estimate so far */
	double worst;                 /* its largest part: */
	char why[200];                /*   what it counts */
	char token[80];               /*   the option that asked it */
} cost;

static int cost_take(void *ctx, const setting *o, const char *v, cfx_err *e)
{
	cost *c = ctx;

	(void)e;
	free(c->own[o->id]);
	c->own[o->id] = xstrdup(v ? v : "");
	c->val[o->id] = c->own[o->id];
	return 0;
}

/* An integer option's value (the one parser of integers, setting_int), or
 * dflt when it is not given or does not parse (the command refuses it). */
static double cost_int(const cost *c, setting_id id, double dflt)
{
	const setting *s = setting_get(id);
	unsigned long long v;
	cfx_err e;

	if (!c->val[id] || setting_int(s, c->val[id], s->lo, s->hi, &v, &e) < 0)
		return dflt;
	return (double)v;
}

/* "2^k" when x is a power of two, else x in digits. */
static const char *cost_num(char *b, size_t n, double x)
{
	int k;

	if (x >= 2 && frexp(x, &k) == 0.5)
		snprintf(b, n, "2^%d", k - 1);
	else
		snprintf(b, n, "%.0f", x);
	return b;
}

/* Add units of work that id's option asked for (the command itself when
 * id is SETTING_N or not given): the largest part is what a refusal
 * names. */
static void cost_add(cost *c, const char *cmd, setting_id id, double units,
                     const char *fmt, ...)
{
	va_list ap;

	c->units += units;
	if (units <= c->worst)
		return;
	c->worst = units;
	va_start(ap, fmt);
	vsnprintf(c->why, sizeof c->why, fmt, ap);
	va_end(ap);
	if (id < SETTING_N && c->val[id] && setting_get(id)->option)
		snprintf(c->token, sizeof c->token, "--%s%s%.40s",
		         setting_get(id)->option, c->val[id][0] ? " " : "",
		         c->val[id]);
	else
		snprintf(c->token, sizeof c->token, "%s", cmd);
}

/* verify's --table-bits LIST: the sum of 2^b over its sizes and the
 * largest; the default 4-20 when absent or not a list (refused then by
 * verify itself). */
static void cost_tables(const char *s, double *sum, unsigned *bmax)
{
	unsigned long lo, hi, b;
	char *end;
	int used[65] = { 0 };

	*sum = 0;
	*bmax = 0;
	while (s && *s) {
		lo = hi = strtoul(s, &end, 10);
		if (end == s)
			break;
		if (*end == '-')
			hi = strtoul(end + 1, &end, 10);
		for (b = lo; b <= hi && b <= 64; b++)
			if (!used[b]++) {
				*sum += ldexp(1, (int)b);
				*bmax = b > *bmax ? (unsigned)b : *bmax;
			}
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			break;
	}
	if (*bmax == 0) {
		*sum = ldexp(1, 21) - 16;      /* 4..20 */
		*bmax = 20;
	}
}

/* The buckets (2^t) and keys of score, sweep and the like: --table-bits,
 * else the session's, else at most 2^SCORE_TABLE_CAP; --count, else the
 * session's, else 4 a bucket. */
static void cost_keys(const cost *c, const cfx_session *like, double *t,
                      double *keys)
{
	*t = cost_int(c, SETTING_TABLE, like && like->table_bits ?
	              like->table_bits : SCORE_TABLE_CAP);
	*keys = cost_int(c, SETTING_COUNT, like && like->count ?
	                 (double)like->count : ldexp(4, (int)*t));
}

/* The word the command runs on: --bits, else the session's, else dflt. */
static double cost_bits(const cost *c, setting_id id, const cfx_session *like,
                        double dflt)
{
	return cost_int(c, id, like && cli_word_n(&like->word) ?
	                (double)cli_word_n(&like->word) : dflt);
}

static void cost_verify(cost *c, const char *cmd)
{
	double sum, keys, n;
	unsigned bmax, bf;
	keys_family f;
	char b1[24];

	cost_tables(c->val[SETTING_TLIST], &sum, &bmax);
	cost_add(c, cmd, SETTING_TLIST, 5e8 + 200 * sum, "verify counts its "
	         "families at tables of up to %s buckets",
	         cost_num(b1, sizeof b1, ldexp(1, (int)bmax)));
	if (c->val[SETTING_KEYS]) {
		keys_family_set(&f, c->val[SETTING_KEYS], NULL);
		if (!f.ok || (f.kind != KEYS_SEQ && f.kind != KEYS_STRIDE)) {
			/* 8 keys a bucket, ranked against VERIFY_KREF_COUNT random
			 * multipliers (VERIFY_KREF_BUDGET keys, VERIFY_KREF_MIN of
			 * them at least) */
			keys = ldexp(8, (int)bmax);
			n = VERIFY_KREF_BUDGET / keys;
			n = n < VERIFY_KREF_MIN ? VERIFY_KREF_MIN
			    : n > VERIFY_KREF_COUNT ? VERIFY_KREF_COUNT : n;
			cost_add(c, cmd, SETTING_KEYS, 10 * keys * (1 + n), "verify "
			         "counts %s keys of the family for it and %.0f random "
			         "multipliers", cost_num(b1, sizeof b1, keys), n);
		}
	}
	if (c->val[SETTING_VFIELDS]) {
		/* a layout is counted at tables of up to 2^20 buckets for the
		 * constant and VERIFY_UREF_COUNT random multipliers: 0.4 s at
		 * 2^18, 3 to 8 s at 2^20 */
		bf = bmax < 20 ? bmax : 20;
		cost_add(c, cmd, SETTING_VFIELDS, bf <= 18 ? 4e8 : 2e10, "verify "
		         "counts the --fields layout for it and %d random "
		         "multipliers at tables of up to %s buckets (a claim may "
		         "count it at 2^18: give --table-bits)", VERIFY_UREF_COUNT,
		         cost_num(b1, sizeof b1, ldexp(1, (int)bf)));
	}
}

static void cost_search(cost *c, const char *cmd, const cfx_session *like)
{
	double n = cost_bits(c, SETTING_SBITS, like, 32);
	double w = cost_int(c, SETTING_WINDOW, n < 12 ? n : 12);
	double top = cost_int(c, SETTING_TOP, 10);
	double a = cost_int(c, SETTING_ADDERS, -1), cand;
	const char *screen = c->val[SETTING_SCREEN];
	char b1[24];

	if (screen ? strcmp(screen, "none") != 0 : n >= 8 && n <= 64)
		/* its battery on up to 10 T candidates of each cost: a
		 * minute or more at 64 bits */
		cost_add(c, cmd, SETTING_SCREEN, 1e11, "search's %s screen runs "
		         "verify's families on up to 10 T candidates of each cost "
		         "(a claim searches with --screen none)",
		         screen ? screen : "quick");
	if (a >= 3)
		/* every graph of 3 adders: 1.2 s at 32 bits, 9.5 s at 64 */
		cost_add(c, cmd, SETTING_ADDERS, a > 3 ? 2e10 : n <= 32 ? 8e8
		         : 8e9, "search enumerates every graph of %.0f adders on "
		         "%.0f bits", a, n);
	else if (a < 0) {
		/* the window's odd p: 2^(n-W), each a few microseconds */
		cand = ldexp(1, (int)(n > w ? n - w : 0));
		if (cand > 2.0 * SEARCH_MAX_FOUND)
			cand = 2.0 * SEARCH_MAX_FOUND;
		cost_add(c, cmd, SETTING_WINDOW, cand * (n <= 32 ? 1500 : 5000),
		         "search's window holds %s candidates",
		         cost_num(b1, sizeof b1, cand));
	}
	/* the T best of each cost costed by the optimal search */
	cost_add(c, cmd, SETTING_TOP, top * (n <= 32 ? 6e7 : 1.5e8), "search "
	         "costs its %.0f best candidates of each cost", top);
}

/* The evaluator's work on text (each part between colons that parses:
 * a family's parameters too), found by expr_cost without the costly
 * searches, in the budget's units: EXPR_COST_BUDGET's work is about
 * 2 s, as LEARN_COST_BUDGET is.  The costliest is named. */
static void cost_expr(cost *c, const char *cmd, const char *text)
{
	while (text && *text) {
		size_t k = strcspn(text, ":");
		char *part = xstrndup(text, k);
		const char *more = strlen(part) > 40 ? "..." : "";
		cfx_err e;
		expr_tree *t = expr_parse(part, &e);
		if (t) {
			double was = c->worst;
			cost_add(c, cmd, SETTING_N, expr_cost(t, 64) *
			         (LEARN_COST_BUDGET / EXPR_COST_BUDGET), "evaluating "
			         "%.40s%s costs the expression evaluator", part, more);
			if (c->worst > was)
				snprintf(c->token, sizeof c->token, "%.40s%s", part, more);
			expr_free(t);
		}
		free(part);
		text += k + (text[k] == ':');
	}
}

/* The estimate of one command line's work (argv[0] the command; like:
 * the session it runs in, or NULL), into c. */
static void cost_of(cost *c, int argc, char **argv, const cfx_session *like)
{
	const char *cmd = argv[0];
	double t, keys, n;
	char b1[24], b2[24];
	cfx_err e;

	memset(c, 0, sizeof *c);
	if (cli_options_each(argc, argv, cost_take, c, &e) < 0)
		return;                      /* refused by the rule already */
	c->units = 5e6;
	{
		/* the operand and every option's value, as expressions */
		char *op = operand_of(argc, argv, like);
		size_t id;
		cost_expr(c, cmd, op);
		for (id = 0; id < SETTING_N; id++)
			cost_expr(c, cmd, c->val[id]);
		free(op);
	}
	if (!strcmp(cmd, "cf"))
		cost_add(c, cmd, SETTING_TERMS, 15000 * cost_int(c, SETTING_TERMS,
		         30), "cf expands %.0f quotients",
		         cost_int(c, SETTING_TERMS, 30));
	else if (!strcmp(cmd, "shifts") && (c->val[SETTING_OPTIMAL] ||
	         c->val[SETTING_TARGET] || c->val[SETTING_DEPTH] ||
	         c->val[SETTING_EXACT]))
		cost_add(c, cmd, SETTING_OPTIMAL, 5e8, "shifts searches for "
		         "the fewest adders");
	else if (!strcmp(cmd, "spectrum")) {
		keys = cost_int(c, SETTING_COUNT, like && like->count ?
		                (double)like->count : 10);
		cost_add(c, cmd, SETTING_COUNT, 128 * keys, "spectrum sorts %s "
		         "points", cost_num(b1, sizeof b1, keys));
		cost_add(c, cmd, SETTING_LIST, 1000 * cost_int(c, SETTING_LIST, 0),
		         "spectrum lists %.0f points", cost_int(c, SETTING_LIST, 0));
	} else if (!strcmp(cmd, "score")) {
		cost_keys(c, like, &t, &keys);
		cost_add(c, cmd, c->val[SETTING_COUNT] ? SETTING_COUNT
		         : SETTING_TABLE, 128 * keys, "score hashes %s keys",
		         cost_num(b1, sizeof b1, keys));
		cost_add(c, cmd, SETTING_TABLE, 8 * ldexp(1, (int)t), "score "
		         "counts %s buckets", cost_num(b1, sizeof b1,
		         ldexp(1, (int)t)));
	} else if (!strcmp(cmd, "sweep")) {
		/* a row a stride 2^s, s = 0..n-1: n of them, 64 at most */
		cost_keys(c, like, &t, &keys);
		n = cost_bits(c, SETTING_BITS, like, 64);
		cost_add(c, cmd, c->val[SETTING_COUNT] ? SETTING_COUNT
		         : SETTING_TABLE, n * 4 * (keys + ldexp(1, (int)t)),
		         "sweep hashes %s keys into %s buckets at each of %.0f "
		         "strides", cost_num(b1, sizeof b1, keys),
		         cost_num(b2, sizeof b2, ldexp(1, (int)t)), n);
	} else if (!strcmp(cmd, "verify"))
		cost_verify(c, cmd);
	else if (!strcmp(cmd, "search"))
		cost_search(c, cmd, like);
}

static void cost_free(cost *c)
{
	size_t i;

	for (i = 0; i < SETTING_N; i++)
		free(c->own[i]);
}

/* 0, or -1 with err when line (argv) asks more than the budget. */
static int cost_check(int argc, char **argv, const cfx_session *like,
                      cfx_err *err)
{
	cost c;
	int rc = 0;

	if (!argc)
		return 0;
	cost_of(&c, argc, argv, like);
	if (c.units > LEARN_COST_BUDGET)
		rc = cfx_err_set(err, CFX_ELIMIT, -1, c.token, "too costly for a "
		                 "claim or run(...): %s (more than about 2 s of "
		                 "work)", c.why);
	cost_free(&c);
	return rc;
}

double learn_cost(const char *line)
{
	int argc;
	char **argv = text_argv(line, &argc);
	cost c;
	double u = 0;

	if (argc) {
		cost_of(&c, argc, argv, NULL);
		u = c.units;
		cost_free(&c);
	}
	text_argv_free(argv, argc);
	return u;
}

/* learn_pure, and with like (a session: its words allowed and its
 * settings the defaults the cost is estimated with) learn_pure_as. */
static int pure_as(const char *lesson_path, const char *line, int session,
                   const cfx_session *like, cfx_err *err)
{
	int argc, rc = 0;
	size_t k;
	char **argv = text_argv(line, &argc);

	cfx_err_clear(err);
	for (k = 0; argc && k < N_PURE && strcmp(pure_cmds[k].name, argv[0]); k++)
		;
	if (argc && !strcmp(argv[0], "review")) {
		/* a patch of the lesson's directory, nothing else */
		cfx_err e;
		char *d = learn_data_line(lesson_path, line, &e);
		if (!d && err) {
			/* why, and the patch (or what is at fault) as its token */
			*err = e;
			snprintf(err->msg, sizeof err->msg, "a lesson reviews only "
			         "patches of its own directory (%s): %.300s",
			         pure_cmds[N_PURE - 1].shown, e.msg);
		}
		if (!d)
			rc = -1;
		free(d);
		text_argv_free(argv, argc);
		return rc;
	}
	if (argc && session && is_session_word(argv[0])) {
		/* set, let, show: the session's settings; keys as below */
		if (argc >= 3 && !strcmp(argv[0], "set") && !strcmp(argv[1], "keys"))
			rc = pure_option(NULL, setting_get(SETTING_KEYS), argv[2], err);
	} else if (!argc || k == N_PURE) {
		/* the list from the table the test above reads */
		struct buf b = { 0 };
		for (k = 0; k < N_PURE; k++)
			buf_printf(&b, "%s%s", k ? ", " : "", pure_cmds[k].shown);
		rc = cfx_err_set(err, CFX_EUSAGE, -1, argc ? argv[0] : line, "a "
		                 "lesson may run only commands that read nothing but "
		                 "their arguments and write nothing (%s)", buf_str(&b));
		buf_free(&b);
	} else
		/* the options as the command would read them, every spelling */
		rc = cli_options_each(argc, argv, pure_option, NULL, err);
	if (rc == 0 && argc && !is_session_word(argv[0]))
		rc = cost_check(argc, argv, like, err);
	text_argv_free(argv, argc);
	return rc;
}

int learn_pure(const char *lesson_path, const char *line, int session,
               cfx_err *err)
{
	return pure_as(lesson_path, line, session, NULL, err);
}

int learn_pure_as(const char *lesson_path, const char *line,
                  const cfx_session *sess, cfx_err *err)
{
	return pure_as(lesson_path, line, 1, sess, err);
}

json_t *learn_run_as(const char *lesson_path, const char *line,
                     const cfx_session *like, cfx_err *err)
{
	cfx_session s;
	cmd_ctx c;
	int argc, rc;
	char **argv;
	json_t *res = NULL;
	FILE *null;
	char *data, *text = NULL;
	size_t len = 0;
	int printed = 0;            /* the result is the JSON it prints */

	if (pure_as(lesson_path, line, 0, like, err) < 0)
		return NULL;
	if ((data = learn_data_line(lesson_path, line, NULL)) != NULL) {
		/* review keeps no session result: its --json output is it */
		size_t n = strlen(data);
		data = xrealloc(data, n + 8, "lesson review");
		memcpy(data + n, " --json", 8);
		null = open_memstream(&text, &len);
		printed = 1;
	} else {
		null = fopen("/dev/null", "w");
	}
	argv = text_argv(data ? data : line, &argc);
	free(data);
	cli_session_init(&s);
	if (like) {
		s.word = like->word;
		s.table_bits = like->table_bits;
		s.keys = like->keys ? xstrdup(like->keys) : NULL;
		s.count = like->count;
	}
	memset(&c, 0, sizeof c);
	c.out = null ? null : stdout;
	c.sess = &s;
	c.no_compiler = 1;
	cfx_err_clear(err);
	if (argc == 0) {
		cfx_err_set(err, CFX_EUSAGE, -1, NULL, "empty command");
	} else if ((rc = cli_run(&c, argc, argv)) == CFX_EXIT_USAGE) {
		cfx_err_set(err, CFX_EUSAGE, -1, c.err.token[0] ? c.err.token : NULL,
		            "%s: %s", c.cmd ? c.cmd : argv[0], c.err.msg);
	} else if (printed) {
		if (null)
			fflush(null);
		if (!text || !(res = json_loadb(text, len, 0, NULL)) ||
		    !json_is_object(res)) {
			json_decref(res);
			res = NULL;
			cfx_err_set(err, CFX_EUSAGE, -1, line, "the command printed no "
			            "JSON result");
		}
	} else if (!s.results || !(res = json_object_get(s.results, c.cmd))) {
		cfx_err_set(err, CFX_EUSAGE, -1, line, "the command kept no result");
	} else {
		json_incref(res);
	}
	text_argv_free(argv, argc);
	free(c.used_expr);
	cli_session_free(&s);
	if (null)
		fclose(null);
	free(text);
	return res;
}

json_t *learn_run(const char *lesson_path, const char *line, cfx_err *err)
{
	return learn_run_as(lesson_path, line, NULL, err);
}

json_t *learn_run_cached(json_t *cache, const char *lesson_path,
                         const char *line, cfx_err *err)
{
	json_t *r = json_object_get(cache, line);

	if (r)
		return json_incref(r);
	if ((r = learn_run(lesson_path, line, err)))
		json_object_set(cache, line, r);
	return r;
}
