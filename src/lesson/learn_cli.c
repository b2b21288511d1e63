/*
 * learn_cli.c - the front ends of the lesson engine (see learn.h):
 *
 *   cfx learn                  the lessons, with completion marks
 *   cfx learn N|NAME [-f F]    start or resume one in a REPL session
 *                              (script mode when stdin is not a terminal)
 *   cfx learn --check FILE...  validate lesson files, for authors
 *   cfx learn --selftest       every lesson with its own solutions
 *   learn, learn N             the same inside the REPL
 *
 * In the REPL a lesson is one engine tied to that REPL.  repl_exec hands
 * every line to learn_repl_line first; lesson words and answers are
 * handled here, anything else runs back through repl_exec (flagged so the
 * hook stands aside) and is followed by a poll of the step's checks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/textfile.h"
#include "lesson/learn.h"
#include "repl/repl.h"
#include "util/xalloc.h"

/* The lesson running in a REPL. */
static struct {
	repl *r;
	learn *L;
	int inside;             /* a learner's line is running in repl_exec */
	int session;            /* `cfx learn N`: leaving the lesson leaves cfx */
	int save;               /* keep progress (not in self-tests) */
	learn_entry pending;    /* `cfx learn N` asked for this one */
} cur = { .save = 1 };

/* ---- shared --------------------------------------------------------- */

/* An error in the REPL's style: "cfx: line N: learn: msg (token)". */
static void repl_error(repl *r, const char *msg, const char *token)
{
	if (!r->interactive) {
		fprintf(r->err, "cfx: ");
		if (r->script)
			fprintf(r->err, "%s:%d: ", r->script, r->lineno);
		else
			fprintf(r->err, "line %d: ", r->lineno);
	}
	if (token && *token)
		fprintf(r->err, "learn: %s (%s)\n", msg, token);
	else
		fprintf(r->err, "learn: %s\n", msg);
}

static int screen_width(const repl *r)
{
	const char *c = getenv("COLUMNS");
	int w = c ? atoi(c) : 0;

	if (!r->interactive || w <= 0)
		return 80;
	return w > 100 ? 100 : w;
}

/* "[x]" all solved, "[~]" done with skips, "[3/7]" at step 3, "[ ]". */
static void mark_of(const learn_mark *m, char *buf, size_t n)
{
	size_t len, solved = 0, seen = 0, i;

	if (!m) {
		snprintf(buf, n, "[ ]");
		return;
	}
	len = strlen(m->marks);
	for (i = 0; i < len; i++) {
		solved += m->marks[i] == '+';
		seen += m->marks[i] != '.';
	}
	if (len && solved == len)
		snprintf(buf, n, "[x]");
	else if (len && seen == len)
		snprintf(buf, n, "[~]");
	else
		snprintf(buf, n, "[%zu/%zu]", m->step + 1, len);
}

static void list_lessons(const learn_catalog *c, FILE *out, FILE *diag)
{
	learn_progress p;
	size_t i;

	learn_progress_load(&p, diag);
	fprintf(out, "Lessons (learn N or NAME starts or resumes one; "
	        "[x] done, [~] done with skips):\n");
	for (i = 0; i < c->n; i++) {
		char mark[32];
		mark_of(learn_progress_get(&p, c->e[i].name), mark, sizeof mark);
		fprintf(out, "%3d %-7s %-12s %.54s\n", c->e[i].number, mark,
		        c->e[i].name, c->e[i].title);
	}
	learn_progress_free(&p);
}

static void entry_copy(learn_entry *to, const learn_entry *from)
{
	to->number = from->number;
	to->name = xstrdup(from->name);
	to->path = xstrdup(from->path);
	to->title = xstrdup(from->title);
}

static void entry_free(learn_entry *e)
{
	free(e->name);
	free(e->path);
	free(e->title);
	memset(e, 0, sizeof *e);
}

/* ---- the REPL front end -------------------------------------------- */

static void show_step(repl *r)
{
	char *t = learn_step_text(cur.L, screen_width(r));
	fputs(t, r->out);
	fputs("\n", r->out);       /* apart from what the learner runs next */
	free(t);
}

static void stop_lesson(void)
{
	learn_close(cur.L);
	cur.L = NULL;
	cur.r = NULL;
}

/* Tell the learner what an engine event means; returns the exit status. */
static int show_event(repl *r, int ev)
{
	const char *fb = learn_feedback(cur.L);

	if (*fb)
		fputs(fb, r->out);
	if (ev & LEARN_DONE) {
		learn_catalog c;
		cfx_err e;
		int next = learn_number(cur.L) + 1;
		char key[16];
		const learn_entry *n;
		snprintf(key, sizeof key, "%d", next);
		if (learn_catalog_load(&c, &e) == 0 &&
		    (n = learn_catalog_find(&c, key)))
			fprintf(r->out, "Next: learn %d (%s)\n", n->number, n->title);
		learn_catalog_free(&c);
		stop_lesson();
	} else if (ev & LEARN_QUIT) {
		stop_lesson();
		if (cur.session)
			r->quit = 1;
	} else if (ev & LEARN_NEWSTEP) {
		fputs("\n", r->out);
		show_step(r);
	}
	fflush(r->out);
	return ev & (LEARN_WRONG | LEARN_ERROR) ? CFX_EXIT_FAIL : CFX_EXIT_OK;
}

/* Start a lesson in r; 0 or -1 (reported). */
static int start_lesson(repl *r, const learn_entry *e)
{
	cfx_err err;
	learn *L;

	if (cur.L)
		stop_lesson();
	if (!(L = learn_open(e, &r->sess, cur.save, r->err, &err))) {
		char msg[300];
		if (err.col > 0)
			snprintf(msg, sizeof msg, "%s:%d: %s", e->path, err.col, err.msg);
		else
			snprintf(msg, sizeof msg, "%s", err.msg);
		repl_error(r, msg, err.token);
		return -1;
	}
	cur.L = L;
	cur.r = r;
	show_step(r);
	fflush(r->out);
	return 0;
}

/* `learn` and `learn N|NAME` typed in the REPL. */
static int learn_word(repl *r, const char *args)
{
	learn_catalog c;
	cfx_err e;
	const learn_entry *le;
	char key[64];
	int rc = CFX_EXIT_OK;

	if (learn_catalog_load(&c, &e) < 0) {
		repl_error(r, e.msg, e.token);
		learn_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	if (sscanf(args, "%63s", key) != 1) {
		list_lessons(&c, r->out, r->err);
	} else if (args[strlen(key) + strspn(args + strlen(key), " \t")]) {
		repl_error(r, "one lesson at a time (learn N)", NULL);
		rc = CFX_EXIT_USAGE;
	} else if (!(le = learn_catalog_find(&c, key))) {
		repl_error(r, "no such lesson; learn lists them", key);
		rc = CFX_EXIT_USAGE;
	} else if (start_lesson(r, le) < 0) {
		rc = CFX_EXIT_USAGE;
	}
	learn_catalog_free(&c);
	return rc;
}

static int line_of(repl *r, const char *line);

/* A line's status is at least 1 when progress could not be saved during
 * it, so that a script run that lost progress ends non-zero. */
int learn_repl_line(repl *r, const char *line)
{
	size_t lost = learn_progress_failures();
	int rc;

	if (cur.inside)
		return -1;
	rc = line_of(r, line);
	if (rc >= 0 && rc < CFX_EXIT_FAIL && learn_progress_failures() > lost)
		rc = CFX_EXIT_FAIL;
	return rc;
}

static int line_of(repl *r, const char *line)
{
	const char *p = line;
	size_t n;
	int ev, rc;

	p += strspn(p, " \t");
	n = strcspn(p, " \t");
	if (n == 5 && !strncmp(p, "learn", 5))
		return learn_word(r, p + 5 + strspn(p + 5, " \t"));
	if (!cur.L || cur.r != r)
		return -1;
	if (n == 4 && !strncmp(p, "help", 4) && !p[4 + strspn(p + 4, " \t")])
		fprintf(r->out, "lesson: hint, solution, skip, back, reset, quit; "
		        "step shows the\n        step again; answer EXPR (or just the answer "
		        "when a step asks a question)\n\n");
	ev = learn_input(cur.L, line);
	if (ev != LEARN_NOT_MINE)
		return show_event(r, ev);
	cur.inside = 1;
	rc = repl_exec(r, line);
	cur.inside = 0;
	if (cur.L && !r->quit)
		show_event(r, learn_poll(cur.L));
	return rc;
}

void learn_repl_start(repl *r)
{
	if (!cur.pending.path)
		return;
	if (start_lesson(r, &cur.pending) < 0)
		r->quit = 1;
	entry_free(&cur.pending);
}

/* ---- checking lesson files ---------------------------------------- */

typedef struct tally {
	size_t lessons, steps, claims, failed;
} tally;

/* The facts file for lessons in dir: $CFX_FACTS, else the project's shared
 * docs beside the repository; NULL if there is none. */
static char *facts_text(const char *lesson_path)
{
	const char *env = getenv("CFX_FACTS");
	char *dir, *slash, *path, *t;

	if (env && *env)
		return textfile_read(env, TEXTFILE_MAX, NULL, NULL);
	dir = xstrdup(lesson_path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	path = xasprintf("%s/../../shared/docs/FACTS.md", slash ? dir : ".");
	t = textfile_read(path, TEXTFILE_MAX, NULL, NULL);
	free(path);
	free(dir);
	return t;
}

static void fail_at(tally *t, const char *path, int line, const char *fmt,
                    const char *a, const char *b)
{
	fprintf(stderr, "cfx: learn: %s:%d: ", path, line);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	t->failed++;
}

/* A command's result for claims, once per command line. */
static json_t *claim_run(void *cache, const char *line, cfx_err *err)
{
	json_t *r = json_object_get(cache, line);

	if (r)
		return json_incref(r);
	if ((r = learn_run(line, err)))
		json_object_set(cache, line, r);
	return r;
}

/* Every claim: run its command in a fresh session, evaluate its check. */
static void check_claims(const lesson *l, const char *path, tally *t)
{
	json_t *cache = json_object();    /* command -> result */
	size_t i, j;

	for (i = 0; i < l->nsteps; i++)
		for (j = 0; j < l->steps[i].nclaims; j++) {
			const lesson_claim *c = &l->steps[i].claims[j];
			lesson_env env;
			cfx_err e;
			char why[320];
			json_t *res = claim_run(cache, c->command, &e);
			int v;

			t->claims++;
			if (!res) {
				fail_at(t, path, c->line, "claim: %s (%s)", e.msg, c->command);
				continue;
			}
			memset(&env, 0, sizeof env);
			env.root = res;
			env.run = claim_run;
			env.run_ctx = cache;
			v = lesson_check_eval(c->cond.check, &env, why, sizeof why, &e);
			if (v != 1)
				fail_at(t, path, c->line, "claim is false: %s (%s)",
				        v < 0 ? e.msg : why, c->command);
			json_decref(res);
		}
	json_decref(cache);
}

/* Play the lesson with its own solutions, as a learner would type them.
 * l is the caller's parse of the same file: the engine's own copy goes
 * when the lesson ends. */
static void check_solutions(const learn_entry *le, const lesson *l, tally *t)
{
	repl r;
	FILE *null = fopen("/dev/null", "w");
	char *errtext = NULL;
	size_t errlen = 0, i, j;
	FILE *err = open_memstream(&errtext, &errlen);

	if (!null || !err)
		xalloc_fail(0, "lesson check output");
	repl_init(&r, null, err, NULL);
	cur.save = 0;
	if (start_lesson(&r, le) < 0) {
		fflush(err);
		fprintf(stderr, "%s", errtext);
		t->failed++;
		goto done;
	}
	for (i = 0; i < l->nsteps && cur.L; i++) {
		const lesson_step *s = &l->steps[i];
		char num[24];
		snprintf(num, sizeof num, "%zu", i + 1);
		if (learn_passes(cur.L))
			fail_at(t, le->path, s->line, "step %s passes before the learner "
			        "does anything (%s)", num, s->title);
		for (j = 0; j < s->nsolution && cur.L && learn_step(cur.L) == i; j++) {
			size_t mark;
			fflush(err);
			mark = errlen;
			if (repl_exec(&r, s->solution[j]) == CFX_EXIT_USAGE) {
				fflush(err);
				errtext[errlen && errtext[errlen - 1] == '\n' ? errlen - 1
				        : errlen] = '\0';
				fail_at(t, le->path, s->solution_line[j], "solution line "
				        "fails: %s%s", errtext + mark, "");
			}
		}
		if (cur.L && learn_step(cur.L) == i) {
			char why[400];
			snprintf(why, sizeof why, "%s", learn_why(cur.L));
			fail_at(t, le->path, s->line, "the solution does not pass step "
			        "%s: %s", num, why);
			learn_input(cur.L, "skip");
		}
	}
	if (cur.L)
		stop_lesson();
done:
	cur.save = 1;
	repl_free(&r);
	fclose(null);
	fclose(err);
	free(errtext);
}

static size_t count_claims(const lesson *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->nsteps; i++)
		n += l->steps[i].nclaims;
	return n;
}

/*
 * Validate one lesson file: syntax (status 2 when it fails), then lint,
 * claims and solutions (status 1).  le: its catalog entry, or NULL to make
 * one from the path.
 */
static int check_file(const char *path, const learn_entry *le, tally *t,
                      int verbose)
{
	char *text = textfile_read(path, TEXTFILE_MAX, NULL, NULL), *facts;
	lesson l;
	cfx_err e;
	lesson_problem *pr = NULL;
	size_t np, i, before = t->failed;
	int line;
	learn_entry tmp = { 0, (char *)"selftest", (char *)path, (char *)"" };

	if (!text) {
		fprintf(stderr, "cfx: learn: cannot read lesson: %s (%s)\n",
		        strerror(errno), path);
		return CFX_EXIT_USAGE;
	}
	if (lesson_parse(&l, text, &learn_lesson_names, &line, &e) < 0) {
		if (e.token[0])
			fprintf(stderr, "cfx: learn: %s:%d: %s (%s)\n", path, line, e.msg,
			        e.token);
		else
			fprintf(stderr, "cfx: learn: %s:%d: %s\n", path, line, e.msg);
		lesson_free(&l);
		free(text);
		t->failed++;
		return CFX_EXIT_USAGE;
	}
	facts = facts_text(path);
	np = lesson_lint(&l, text, facts, &pr);
	for (i = 0; i < np; i++)
		fail_at(t, path, pr[i].line, "%s%s", pr[i].msg, "");
	free(pr);
	free(facts);
	check_claims(&l, path, t);
	t->lessons++;
	t->steps += l.nsteps;
	check_solutions(le ? le : &tmp, &l, t);
	if (verbose && t->failed == before)
		printf("ok  %s: %zu step%s, %zu claim%s\n", path, l.nsteps,
		       l.nsteps == 1 ? "" : "s", count_claims(&l),
		       count_claims(&l) == 1 ? "" : "s");
	lesson_free(&l);
	free(text);
	return t->failed == before ? CFX_EXIT_OK : CFX_EXIT_FAIL;
}

static int selftest(void)
{
	learn_catalog c;
	cfx_err e;
	tally t = { 0, 0, 0, 0 };
	size_t i;

	if (learn_catalog_load(&c, &e) < 0) {
		fprintf(stderr, "cfx: learn: %s\n", e.msg);
		learn_catalog_free(&c);
		return CFX_EXIT_FAIL;
	}
	for (i = 0; i < c.n; i++) {
		if (c.e[i].number != (int)i + 1) {
			fprintf(stderr, "cfx: learn: %s: lesson %d where %zu was "
			        "expected (number them 01, 02, ...)\n", c.e[i].path,
			        c.e[i].number, i + 1);
			t.failed++;
		}
		check_file(c.e[i].path, &c.e[i], &t, 1);
	}
	if (!c.n) {
		fprintf(stderr, "cfx: learn: no lessons in %s\n", c.dir);
		t.failed++;
	}
	if (c.n) {
		char *facts = facts_text(c.e[0].path);
		printf("facts: %s\n", facts ? "checked against the facts file" :
		       "not checked (no facts file: set CFX_FACTS)");
		free(facts);
	}
	printf("learn --selftest: %zu lessons, %zu steps, %zu claims; %zu "
	       "failed\n", t.lessons, t.steps, t.claims, t.failed);
	learn_catalog_free(&c);
	return t.failed ? CFX_EXIT_FAIL : CFX_EXIT_OK;
}

/* ---- cfx learn ------------------------------------------------------ */

static void usage(FILE *f)
{
	fprintf(f, "usage: cfx learn [--list]         list the lessons\n"
	        "       cfx learn N|NAME [-f FILE] start or resume a lesson\n"
	        "       cfx learn --check FILE...  validate lesson files\n"
	        "       cfx learn --selftest       run every lesson with its own "
	        "solutions\n\n"
	        "A lesson runs in a REPL: type the commands it asks for, answer "
	        "its questions\n(answer EXPR, or just the answer), and use hint, "
	        "solution, skip, back,\nreset, quit.\nWith stdin not a terminal, or -f FILE, "
	        "lines come from there (script mode).\nProgress is kept in "
	        "$XDG_STATE_HOME/cfx/progress (~/.local/state/cfx).\n"
	        "The lesson format: lessons/FORMAT.md.\n");
}

int learn_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	learn_catalog c;
	cfx_err e;
	const learn_entry *le;
	lesson l;
	char *text;
	int line, rc, i;

	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return CFX_EXIT_OK;
	}
	if (argc >= 2 && !strcmp(argv[1], "--selftest"))
		return argc == 2 ? selftest() : (usage(stderr), CFX_EXIT_USAGE);
	if (argc >= 2 && !strcmp(argv[1], "--check")) {
		tally t = { 0, 0, 0, 0 };
		int worst = CFX_EXIT_OK;
		if (argc == 2) {
			fprintf(stderr, "cfx: learn: --check needs a lesson file\n");
			return CFX_EXIT_USAGE;
		}
		for (i = 2; i < argc; i++) {
			rc = check_file(argv[i], NULL, &t, 1);
			if (rc > worst)
				worst = rc;
		}
		return worst;
	}
	if (argc >= 2 && !strcmp(argv[1], "--list")) {
		if (argc > 2) {
			fprintf(stderr, "cfx: learn: --list takes nothing after it "
			        "(%s)\n", argv[2]);
			return CFX_EXIT_USAGE;
		}
		argc = 1;               /* the list is also what a bare learn shows */
	}
	if (argc >= 2 && argv[1][0] == '-') {
		static const char *const names[] = {
			"list", "check", "selftest", "help", NULL
		};
		const char *near = argv[1][1] == '-'
		                   ? cli_nearest_name(argv[1] + 2, names) : NULL;
		if (near) {
			fprintf(stderr, "cfx: learn: unknown option (%s); did you "
			        "mean --%s?\n", argv[1], near);
			return CFX_EXIT_USAGE;
		}
		fprintf(stderr, "cfx: learn: unknown option (%s)\n", argv[1]);
		return CFX_EXIT_USAGE;
	}
	if (learn_catalog_load(&c, &e) < 0) {
		fprintf(stderr, "cfx: learn: %s%s%s%s\n", e.msg, e.token[0] ? " (" : "",
		        e.token, e.token[0] ? ")" : "");
		learn_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	if (argc == 1) {
		list_lessons(&c, stdout, stderr);
		learn_catalog_free(&c);
		return CFX_EXIT_OK;
	}
	if (!(le = learn_catalog_find(&c, argv[1]))) {
		fprintf(stderr, "cfx: learn: no such lesson; cfx learn lists them "
		        "(%s)\n", argv[1]);
		learn_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	/* a broken lesson file is reported before any session starts */
	if (!(text = textfile_read(le->path, TEXTFILE_MAX, NULL, NULL))) {
		fprintf(stderr, "cfx: learn: cannot read lesson: %s (%s)\n",
		        strerror(errno), le->path);
		learn_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	rc = lesson_parse(&l, text, &learn_lesson_names, &line, &e);
	lesson_free(&l);
	free(text);
	if (rc < 0) {
		fprintf(stderr, "cfx: learn: %s:%d: %s%s%s%s\n", le->path, line, e.msg,
		        e.token[0] ? " (" : "", e.token, e.token[0] ? ")" : "");
		learn_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	entry_copy(&cur.pending, le);
	learn_catalog_free(&c);
	cur.session = 1;
	/* the REPL takes the rest: learn 3 -f FILE is repl -f FILE */
	argv[1] = argv[0];
	rc = repl_main(argc - 1, argv + 1, stop);
	if (rc < CFX_EXIT_FAIL && learn_progress_failures())
		rc = CFX_EXIT_FAIL;   /* progress was lost: say so in the status */
	entry_free(&cur.pending);
	if (cur.L)
		stop_lesson();
	return rc;
}
