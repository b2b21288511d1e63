/*
 * learn_lint.c - the checks of `cfx learn --check` and `--selftest` that
 * read a lesson without playing it (learn_cli.c plays it and reports):
 * every run(...) of a check, value and claim within its budget, every
 * claim true, the share of read-off steps, and no prediction whose
 * answer a line shown before it prints.  See learn_lint.h.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/learn.h"
#include "lesson/learn_lint.h"
#include "repl/repl.h"
#include "util/text.h"
#include "util/xalloc.h"

/* s as every error shows a token (cfx_escape), in buf. */
#define SHOWN_PATH CFX_ERR_SHOWN
static const char *shown(char *buf, size_t size, const char *s)
{
	cfx_escape(buf, size, s, -1);
	return buf;
}

static size_t count_dash(const lesson *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->nsteps; i++)
		n += l->steps[i].dash;
	return n;
}


void learn_lint_fail(tally *t, const char *path, int line, const char *fmt,
                    const char *a, const char *b)
{
	char pb[SHOWN_PATH];

	fprintf(stderr, "cfx: learn: %s:%d: ", shown(pb, sizeof pb, path), line);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	t->failed++;
}

/* A command's result for claims, once per command line, as the lesson
 * file at lesson runs it. */
typedef struct claim_ctx {
	json_t *cache;            /* command -> result */
	const char *lesson_path;
} claim_ctx;

static json_t *claim_run(void *ctx, const char *line, cfx_err *err)
{
	claim_ctx *c = ctx;

	return learn_run_cached(c->cache, c->lesson_path, line, err);
}

/* Every run(...) of every check, value and claim, read off the parse,
 * not only those an evaluation reaches (beyond an or, or a value a
 * wrong answer never shows): one a lesson may not run (learn_pure)
 * fails the file with what play says of it.  And the file's distinct
 * lines (these and the claims' commands) together within
 * LEARN_FILE_BUDGET: past it, the line that passed it is named. */
typedef struct run_scan {
	const char *path;
	tally *t;
	int line;
	json_t *seen;             /* the lines counted */
	double total;             /* their estimated work (learn_cost) */
	int over;                 /* said */
} run_scan;

static void scan_total(run_scan *r, const char *line)
{
	double u = learn_cost(line);

	/* a line over its own budget is refused by its own (learn_pure) */
	if (json_object_get(r->seen, line) || u > LEARN_COST_BUDGET)
		return;
	json_object_set_new(r->seen, line, json_true());
	r->total += u;
	if (r->total > LEARN_FILE_BUDGET && !r->over) {
		r->over = 1;
		learn_lint_fail(r->t, r->path, r->line, "too costly for a claim or "
		        "run(...): the lesson's commands together (more than about "
		        "30 s of work, passed here: %s)%s", line, "");
	}
}

static int scan_run(void *ctx, const char *line)
{
	run_scan *r = ctx;
	cfx_err e;

	if (learn_pure(r->path, line, 0, &e) < 0)
		learn_lint_fail(r->t, r->path, r->line, "the step's check could not "
		        "run: %s (%s)", e.msg, e.token[0] ? e.token : line);
	else
		scan_total(r, line);
	return 0;
}

static void scan_cond(run_scan *r, const lesson_cond *c)
{
	r->line = c->line;
	lesson_check_each_run(c->check, scan_run, r);
}

void learn_lint_runs(const lesson *l, const char *path, tally *t)
{
	run_scan r = { path, t, 0, json_object(), 0, 0 };
	size_t i, j;

	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		for (j = 0; j < s->nchecks; j++)
			scan_cond(&r, &s->checks[j]);
		scan_cond(&r, &s->value);
		for (j = 0; j < s->nclaims; j++) {
			scan_cond(&r, &s->claims[j].cond);
			r.line = s->claims[j].line;
			scan_total(&r, s->claims[j].command);
		}
	}
	json_decref(r.seen);
}

/* Every claim: run its command in a fresh session, evaluate its check. */
void learn_lint_claims(const lesson *l, const char *path, tally *t)
{
	claim_ctx cc = { json_object(), path };
	size_t i, j;

	for (i = 0; i < l->nsteps; i++)
		for (j = 0; j < l->steps[i].nclaims; j++) {
			const lesson_claim *c = &l->steps[i].claims[j];
			lesson_env env;
			cfx_err e;
			char why[320];
			json_t *res = claim_run(&cc, c->command, &e);
			int v;

			t->claims++;
			if (!res) {
				learn_lint_fail(t, path, c->line, "claim: %s (%s)", e.msg, c->command);
				continue;
			}
			memset(&env, 0, sizeof env);
			env.root = res;
			env.run = claim_run;
			env.run_ctx = &cc;
			v = lesson_check_eval(c->cond.check, &env, why, sizeof why, &e);
			if (v != 1)
				learn_lint_fail(t, path, c->line, "claim is false: %s (%s)",
				        v < 0 ? e.msg : why, c->command);
			json_decref(res);
		}
	json_decref(cc.cache);
}

/* What a command prints, run in a fresh session (only what the lesson
 * file at lesson may run by itself: learn_pure); malloc'd, "" when it
 * cannot run. */
static char *output_of(const char *lesson_path, const char *line)
{
	cfx_session s;
	cmd_ctx c;
	cfx_err e;
	int argc;
	char **argv, *text = NULL;
	size_t len = 0;
	FILE *m;

	char *data;

	if (learn_pure(lesson_path, line, 0, &e) < 0 ||
	    !(m = open_memstream(&text, &len)))
		return xstrdup("");
	data = learn_data_line(lesson_path, line, NULL);
	argv = text_argv(data ? data : line, &argc);
	free(data);
	cli_session_init(&s);
	memset(&c, 0, sizeof c);
	c.out = m;
	c.diag = m;
	c.sess = &s;
	c.no_compiler = 1;
	if (argc)
		cli_run(&c, argc, argv);
	text_argv_free(argv, argc);
	free(c.used_expr);
	cli_session_free(&s);
	fclose(m);
	return text;
}

/* Whether step s is a read-off: its expected answer appears, word for
 * word, in what a command the learner may run before answering prints
 * (its try:, and the solution's commands before its answer; a
 * prediction's revealing commands are refused until then). */
static int read_off(const char *lesson_path, const lesson_step *s)
{
	const char *a = lesson_step_answer(s);
	size_t j;
	int hit = 0;

	if (!a || s->predict)
		return 0;
	for (j = 0; j <= s->nsolution && !hit; j++) {
		const char *line = j == s->nsolution ? s->try_cmd : s->solution[j];
		char *out;
		if (!line || !strncmp(line, "answer ", 7))
			continue;
		out = output_of(lesson_path, line);
		hit = lesson_words_in(out, a);
		free(out);
	}
	return hit;
}

/* Read-offs and derivations: the share of steps whose answer a command
 * prints verbatim (at most READ_OFF_MAX percent), and of steps that ask
 * for an answer the learner works out (predictions, and questions that
 * are no read-off).  Printed; too many read-offs fail. */
#define READ_OFF_MAX 15
void learn_lint_shares(const lesson *l, const char *path, tally *t)
{
	size_t i, reads = 0, derives = 0;

	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		if (read_off(path, s)) {
			reads++;
			buf_printf(&t->notes, "    step %zu is a read-off (%s): its "
			           "answer %s is printed\n", i + 1, s->title,
			           lesson_step_answer(s));
		} else if (s->wants_answer) {
			derives++;
		}
	}
	buf_printf(&t->notes, "    %zu read off (%zu%%), %zu derived (%zu%%), %zu "
	           "in the dashboard\n", reads, 100 * reads / l->nsteps,
	           derives, 100 * derives / l->nsteps, count_dash(l));
	if (100 * reads > READ_OFF_MAX * l->nsteps) {
		char msg[80];
		snprintf(msg, sizeof msg, "%zu of %zu steps", reads, l->nsteps);
		learn_lint_fail(t, path, 1, "too many read-off steps: %s (at most %s)", msg,
		        "15%");
	}
}

/* What line prints (output_of), kept in cache (line -> text) so that a
 * line shown in many steps runs once. */
static const char *cached_output(json_t *cache, const char *lesson_path,
                                 const char *line)
{
	json_t *j = json_object_get(cache, line);
	char *out;

	if (!j) {
		out = output_of(lesson_path, line);
		j = json_string(out);
		free(out);
		if (!j)       /* not UTF-8: nothing to match a lesson's answer in */
			j = json_string("");
		json_object_set_new(cache, line, j);
	}
	return json_string_value(j);
}

/* Whether line is a reveals: line of the step played before step i in
 * either face (the REPL passes over dashboard steps): the engine lets it
 * run while step i waits (the reveal said "see it for yourself") unless
 * it is step i's own too. */
static int prev_reveal(const lesson *l, size_t i, const char *line)
{
	return (lesson_step_reveals_line(lesson_step_before(l, i, 1), line) ||
	        lesson_step_reveals_line(lesson_step_before(l, i, 0), line)) &&
	       !lesson_step_reveals_line(&l->steps[i], line);
}

/* Whether line, shown at or before the prediction i, may run while it
 * waits: its command word is not refused, or it is the previous step's
 * reveal (prev_reveal). */
static int runs_while_waiting(const lesson *l, size_t i, const char *line)
{
	char w[64];
	size_t n = strcspn(line, " ");

	snprintf(w, sizeof w, "%.*s", (int)(n < sizeof w ? n : 0), line);
	return !lesson_step_refuses(&l->steps[i], w) || prev_reveal(l, i, line);
}

/* The prediction s (step number i + 1) against one line the lesson
 * showed at step k + 1: a fault when the learner may run it while s
 * waits and it prints s's answer a word for word. */
static void leak_line(const lesson *l, size_t i, size_t k, const char *line,
                      json_t *cache, json_t *seen, const char *path, tally *t)
{
	const lesson_step *s = &l->steps[i];
	const char *a = lesson_step_answer(s);

	if (!line || json_object_get(seen, line) || !strncmp(line, "answer ", 7) ||
	    !runs_while_waiting(l, i, line) ||
	    lesson_words_in(line, a))     /* typing it needs the answer */
		return;
	json_object_set_new(seen, line, json_true());
	if (!lesson_words_in(cached_output(cache, path, line), a))
		return;
	if (prev_reveal(l, i, line))
		learn_lint_fail(t, path, s->line, "the previous step's reveal (%s), which "
		        "this step lets run before its answer, prints the answer "
		        "(%s)", line, a);
	else
	{
		char where[400];
		snprintf(where, sizeof where, "step %zu: %s", k + 1, line);
		learn_lint_fail(t, path, s->line, "a line shown before this prediction "
		        "(%s) prints its answer (%s) while it waits: refuse its "
		        "command (reveals:, refuses:) or ask otherwise", where, a);
	}
}

/* Whether text has a word (a run of letters, digits and '.') of three
 * characters or more. */
static int long_word(const char *text)
{
	size_t run = 0;

	for (; *text; text++) {
		run = isalnum((unsigned char)*text) || *text == '.' ? run + 1 : 0;
		if (run >= 3)
			return 1;
	}
	return 0;
}

/*
 * Every prediction against the lines the lesson has shown by then (the
 * try: lines up to its own, the reveals: and command solutions of the
 * steps before): none of those the learner may run while it waits may
 * print its answer word for word.  (tests/lessons/screens.py goes
 * further: every command on the step's operands, and the screens.)
 * A short answer (no word of three characters or more: a choice, a small
 * count, "2, 1") is in many outputs by chance: no sign; screens.py
 * judges those by what stands beside them.
 */
void learn_lint_shown_before(const lesson *l, const char *path, tally *t)
{
	json_t *cache = json_object(), *seen;
	size_t i, k, j;

	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		const char *a = lesson_step_answer(s);
		if (!s->predict || !a || s->choices || !long_word(a))
			continue;
		seen = json_object();      /* lines looked at for this step */
		for (k = 0; k <= i; k++) {
			const lesson_step *e = &l->steps[k];
			leak_line(l, i, k, e->try_cmd, cache, seen, path, t);
			for (j = 0; k < i && j < e->nreveals; j++)
				leak_line(l, i, k, e->reveals[j], cache, seen, path, t);
			for (j = 0; k < i && j < e->nsolution; j++)
				leak_line(l, i, k, e->solution[j], cache, seen, path, t);
		}
		json_decref(seen);
	}
	json_decref(cache);
}

size_t learn_lint_count_claims(const lesson *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->nsteps; i++)
		n += l->steps[i].nclaims;
	return n;
}
