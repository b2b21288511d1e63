/*
 * learn.c - the lesson engine (see learn.h): one lesson, its current step,
 * hints, answers and progress, for any front end.
 *
 * The engine never runs the learner's commands: the front end does, in its
 * own session, and then asks the engine to poll.  A step's checks read the
 * results made *during that step* (result.CMD), so a command run for an
 * earlier step never completes a later one: on entering a step the engine
 * keeps a reference to every result the session holds, and a result is
 * fresh when the session's value for its command is no longer that very
 * object (a held reference cannot be freed, so its address cannot be
 * reused by a newer result).  What a lesson may run by itself, and the
 * runs of run(...) and claims, are learn_run.c's (learn_run.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/expr.h"
#include "cli/cli.h"
#include "cli/setting.h"
#include "lesson/learn.h"
#include "lesson/learn_int.h"
#include "lesson/learn_shown.h"
#include "lesson/learn_store.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

/* struct learn: learn_int.h */

/* 1 a command, 2 a session word (lesson_names) */
static int is_command(const char *name)
{
	const cmd_def *d = cli_find(name);

	return !d ? 0 : (d->opts & OPT_SESSION) ? 2 : 1;
}

/* state.NAME: the session's settings (setting.h) */
static int is_state(const char *name)
{
	const setting *s = setting_find(name);

	return s && !strcmp(s->name, name);
}

const lesson_names learn_lesson_names = { is_command, is_state };

/* ---- feedback ---------------------------------------------------------- */

static void fb_clear(learn *L)
{
	buf_clear(&L->fb);
}

/* ---- content ----------------------------------------------------------- */

/* Lines of a lesson text joined with spaces. */
static void join_lines(struct buf *b, const lesson_text *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (i)
			buf_putc(b, ' ');
		buf_puts(b, t->line[i]);
	}
}

static void block_add(learn_blocks *bl, int kind, const char *text)
{
	XGROW(bl->b, bl->cap, bl->n + 1, "lesson blocks");
	bl->b[bl->n].kind = kind;
	bl->b[bl->n].text = xstrdup(text);
	bl->n++;
}

/*
 * Blocks of a lesson text: lines indented in the file are code, "* " and
 * "- " start an item, a blank line is a blank, and the other lines join
 * into paragraphs.
 */
static void text_blocks(learn_blocks *bl, const lesson_text *t)
{
	struct buf para = { 0 };
	int kind = LEARN_PARA;
	size_t i;

	for (i = 0; i <= t->n; i++) {
		const char *l = i < t->n ? t->line[i] : "";
		int item = (l[0] == '*' || l[0] == '-') && l[1] == ' ';
		if (para.len && (!l[0] || l[0] == ' ' || item)) {
			block_add(bl, kind, buf_str(&para));
			buf_clear(&para);
			kind = LEARN_PARA;
		}
		if (i == t->n)
			break;
		if (!l[0]) {
			block_add(bl, LEARN_BLANK, "");
		} else if (l[0] == ' ') {
			block_add(bl, LEARN_CODE, l);
		} else {
			if (item && !para.len) {
				kind = LEARN_ITEM;
				l += 2;
			}
			if (para.len)
				buf_putc(&para, ' ');
			buf_puts(&para, l);
		}
	}
	buf_free(&para);
}

/* ---- the lesson -------------------------------------------------------- */

static void memo_save(const learn *L);

static void save(learn *L)
{
	cfx_err e;

	if (!L->save)
		return;
	if (learn_store_progress_save(L->name, L->step, L->marks, L->diag, &e) < 0) {
		if (learn_store_progress_failures() == 1)   /* say it once */
			fprintf(L->diag, "cfx: learn: %s (%s)\n", e.msg, e.token);
		L->save = 0;
		return;
	}
	memo_save(L);
}

/* ---- the lesson's memory between sessions ----------------------------- */

/* What later steps read of earlier ones, kept for a resume: the session's
 * last result of each command (last.CMD) and ans, as its value (the
 * lesson 10 learner who came back found `naf ans` and `last.naf` gone).
 * A convenience: a memory that cannot be written is not said (the
 * progress save says why the directory will not do). */
static void memo_save(const learn *L)
{
	json_t *m = json_object();
	const expr_tree *a = cli_session_lookup(L->sess, "ans");
	char *text;
	cfx_err e;

	if (L->sess->results)
		json_object_set(m, "results", L->sess->results);
	if (a) {
		mpz_t z;
		mpz_init(z);
		if (expr_eval_int(a, cli_session_lookup, L->sess, z, &e) == 0) {
			char *hex = mpz_get_str(NULL, 16, z);
			char *v = xasprintf("%s0x%s", hex[0] == '-' ? "-" : "",
			                    hex + (hex[0] == '-'));
			json_object_set_new(m, "ans", json_string(v));
			free(v);
			free(hex);
		}
		mpz_clear(z);
	}
	if ((text = json_dumps(m, JSON_COMPACT)))
		learn_store_memo_write(L->name, text, &e);
	free(text);
	json_decref(m);
}

/* The memory of an earlier session, where this one has none of its own:
 * a result this session made, or an ans it set, stays. */
static void memo_load(learn *L)
{
	char *text = learn_store_memo_read(L->name);
	json_t *m, *r, *v;
	json_error_t je;
	const char *k;
	cfx_err e;

	if (!text)
		return;
	m = json_loads(text, 0, &je);
	free(text);
	if (!json_is_object(m)) {
		json_decref(m);
		return;
	}
	r = json_object_get(m, "results");
	if (json_is_object(r)) {
		if (!L->sess->results)
			L->sess->results = json_object();
		json_object_foreach(r, k, v)
			if (!json_object_get(L->sess->results, k))
				json_object_set(L->sess->results, k, v);
	}
	v = json_object_get(m, "ans");
	if (json_is_string(v) && !cli_session_lookup(L->sess, "ans")) {
		expr_tree *t = expr_parse(json_string_value(v), &e);
		if (t)
			cli_session_set_var(L->sess, "ans", t);
	}
	json_decref(m);
}

/* Begin the current step afresh: no hints, no answer, fresh results. */
static void enter_step(learn *L)
{
	L->hints = 0;
	L->wrong = 0;
	free(L->answer);
	L->answer = NULL;
	free(L->first);
	L->first = NULL;
	L->refused = 0;
	free(L->revealing);
	L->revealing = NULL;
	json_decref(L->reveal_was);
	L->reveal_was = NULL;
	L->told_reveal = 0;
	json_decref(L->base);
	L->base = L->sess->results ? json_copy(L->sess->results) : NULL;
	L->why[0] = '\0';
}

static char *read_file(const learn_store_entry *e, cfx_err *err)
{
	char *text = learn_store_lesson_read(e, err);
	const char *path = e->path;
	char why[sizeof err->msg];

	if (!text) {
		memcpy(why, err->msg, sizeof why);
		cfx_err_set(err, CFX_EIO, -1, path, "cannot read lesson: %s", why);
	}
	return text;
}

static void skip_dash_steps(learn *L);
static void marks_said(learn *L);

learn *learn_open(const learn_store_entry *e, cfx_session *sess, int flags,
                  FILE *diag, cfx_err *err)
{
	int save_it = flags & LEARN_SAVE;
	learn *L = xcalloc(1, sizeof *L, "L");
	char *text;
	int line;
	size_t i, n;

	if (!(text = read_file(e, err))) {
		free(L);
		return NULL;
	}
	if (lesson_parse(&L->les, text, &learn_lesson_names, &line, err) < 0) {
		err->col = line;
		lesson_free(&L->les);
		free(text);
		free(L);
		return NULL;
	}
	free(text);
	L->number = e->number;
	L->sess = sess;
	L->save = save_it;
	L->dash = !!(flags & LEARN_DASH);
	L->diag = diag ? diag : stderr;
	L->cache = json_object();
	L->cache_as = json_object();
	L->name = xstrdup(e->name);
	L->path = xstrdup(e->path);
	n = L->les.nsteps;
	L->marks = xmalloc(n + 1, "marks");
	memset(L->marks, '.', n);
	L->marks[n] = '\0';
	if (save_it) {
		learn_store_progress p;
		learn_store_mark *m;
		learn_store_progress_load(&p, L->diag);
		if ((m = learn_store_progress_get(&p, e->name))) {
			/* the lesson may have gained or lost steps since */
			for (i = 0; i < n && m->marks[i]; i++)
				L->marks[i] = m->marks[i];
			L->step = m->step < n ? m->step : 0;
			if (m->step < n)
				memo_load(L);
			/* a finished lesson opens again at step 1 to go
			 * through, which is said: its marks stay */
			if (m->step >= n && n) {
				learn_fb_add(L, "Lesson %d was complete (", L->number);
				marks_said(L);
				learn_fb_add(L, "): it opens again at step 1, your "
				       "marks kept (reset clears them).\n");
			}
		}
		learn_store_progress_free(&p);
		save(L);              /* started: it shows as [1/N] from now */
	}
	skip_dash_steps(L);
	enter_step(L);
	return L;
}

void learn_close(learn *L)
{
	if (!L)
		return;
	if (L->save)    /* what this step's commands made, for a resume */
		memo_save(L);
	lesson_free(&L->les);
	free(L->name);
	free(L->path);
	free(L->marks);
	free(L->answer);
	free(L->first);
	free(L->revealing);
	json_decref(L->reveal_was);
	json_decref(L->base);
	json_decref(L->cache);
	json_decref(L->cache_as);
	json_decref(L->shown);
	buf_free(&L->fb);
	free(L);
}

const char *learn_title(const learn *L) { return L->les.title; }
const char *learn_path(const learn *L) { return L->path; }
int learn_number(const learn *L) { return L->number; }
size_t learn_step(const learn *L) { return L->step; }
size_t learn_steps(const learn *L) { return L->les.nsteps; }
const lesson *learn_lesson(const learn *L) { return &L->les; }
const char *learn_feedback(const learn *L) { return buf_str(&L->fb); }
const char *learn_why(const learn *L) { return L->why; }

const char *learn_focus(const learn *L)
{
	return L->step < L->les.nsteps ? L->les.steps[L->step].focus : NULL;
}

void learn_intro(const learn *L, learn_blocks *out)
{
	memset(out, 0, sizeof *out);
	text_blocks(out, &L->les.intro);
}

void learn_prose(const learn *L, learn_blocks *out)
{
	memset(out, 0, sizeof *out);
	if (L->step < L->les.nsteps)
		text_blocks(out, &L->les.steps[L->step].prose);
}

void learn_blocks_free(learn_blocks *bl)
{
	size_t i;

	for (i = 0; i < bl->n; i++)
		free(bl->b[i].text);
	free(bl->b);
	memset(bl, 0, sizeof *bl);
}

char *learn_ask(const learn *L)
{
	struct buf b = { 0 };

	if (L->step >= L->les.nsteps || !L->les.steps[L->step].ask.n)
		return NULL;
	join_lines(&b, &L->les.steps[L->step].ask);
	return buf_take(&b);
}

/* ---- checks ----------------------------------------------------------- */

/*
 * Evaluate the current step's checks: which = 1 only those reading the
 * answer, 0 only the others, 2 only those of the answer's form
 * (form_only: form_check's), -1 all.  1 all hold, 0 one fails (L->why
 * says which), -1 a run(...) failed (feedback says why).
 */
static int eval_checks(learn *L, int which)
{
	const lesson_step *s = &L->les.steps[L->step];
	lesson_env env;
	cfx_err e;
	size_t i;
	int v = 1;

	memset(&env, 0, sizeof env);
	env.fresh = learn_results_fresh(L);
	env.last = L->sess->results;
	env.state = learn_state_json(L->sess);
	env.answer = L->answer;
	for (i = 0; i < s->nchecks; i++)
		if (lesson_check_uses_shown(s->checks[i].check)) {
			env.shown = learn_shown(L->path, &L->les, L->step,
			                        &L->shown);
			break;
		}
	env.run = learn_run_step;
	env.run_ctx = L;
	L->why[0] = '\0';
	L->why_told = 0;
	for (i = 0; i < s->nchecks && v == 1; i++) {
		int ua = lesson_check_uses_answer(s->checks[i].check);
		if (which == 2 ? !s->checks[i].form_only
		    : which >= 0 && ua != which)
			continue;
		v = lesson_check_eval(s->checks[i].check, &env, L->why,
		                      sizeof L->why, &e);
		if (v == 0 && s->checks[i].reason) {
			snprintf(L->why, sizeof L->why, "%s", s->checks[i].reason);
			L->why_told = 1;
		}
		if (v < 0) {
			snprintf(L->why, sizeof L->why, "the step's check could not "
			         "run: %s%s%s%s", e.msg, e.token[0] ? " (" : "",
			         e.token, e.token[0] ? ")" : "");
			learn_fb_add(L, "%c%s\n", 'T', L->why + 1);
		}
	}
	json_decref(env.shown);
	json_decref(env.fresh);
	json_decref(env.state);
	return v;
}

/* ---- moving through the lesson ----------------------------------------- */

static int finished(const learn *L)
{
	return L->step >= L->les.nsteps;
}

static int count_marks(const learn *L, char c)
{
	int n = 0;
	size_t i;

	for (i = 0; L->marks[i]; i++)
		n += L->marks[i] == c;
	return n;
}

/* "N of M steps solved, K more with help, ..." of the marks, to the
 * feedback. */
static void marks_said(learn *L)
{
	int help = count_marks(L, 'h'), shown = count_marks(L, 'x');
	int skipped = count_marks(L, 's');

	learn_fb_add(L, "%d of %zu steps solved", count_marks(L, '+'),
	       L->les.nsteps);
	if (help)
		learn_fb_add(L, ", %d more with help", help);
	if (shown)
		learn_fb_add(L, ", %d revealed", shown);
	if (skipped)
		learn_fb_add(L, ", %d skipped", skipped);
}

/* In the REPL's face, steps done in the dashboard are passed over,
 * counted as skipped (a solved one keeps its mark), with a word of where
 * to do them. */
static void skip_dash_steps(learn *L)
{
	while (!L->dash && !finished(L) && L->les.steps[L->step].dash) {
		learn_fb_add(L, "Step %zu (%s) is done in the dashboard: cfx dash --learn "
		       "%d.  Here it counts as skipped.\n", L->step + 1,
		       L->les.steps[L->step].title, L->number);
		if (L->marks[L->step] != '+')
			L->marks[L->step] = 's';
		L->step++;
		save(L);
	}
}

/* Go to the next step (mark: '+' solved, 'h' solved with help, 'x' a
 * prediction explained after a wrong answer, 's' skipped). */
static int advance(learn *L, char mark)
{
	char *m = &L->marks[L->step];

	/* a step solved once stays solved; one solved with help (h), or
	 * whose answer was shown before it was solved (x), stays so,
	 * whatever comes after: back to it, the learner has seen it */
	if (*m != 'x' && *m != 'h' && (mark == '+' || *m != '+'))
		*m = mark;
	L->step++;
	save(L);
	skip_dash_steps(L);
	if (finished(L)) {
		learn_fb_add(L, "Lesson %d complete: ", L->number);
		marks_said(L);
		learn_fb_add(L, ".\n");
		return LEARN_DONE;
	}
	enter_step(L);
	return LEARN_NEWSTEP;
}

/* The step's explain: text, as one sentence line. */
static void explain(learn *L)
{
	const lesson_step *s = &L->les.steps[L->step];
	struct buf t = { 0 };

	if (!s->explain.n)
		return;
	join_lines(&t, &s->explain);
	learn_fb_add(L, "%s\n", buf_str(&t));
	buf_free(&t);
}

/* The value of a prediction's answer, to show in the reveal: the step's
 * value: (the exact answer of a range or a rounding), else the value of
 * the solution's answer when that is an expression (626720765 - 387121157
 * is 239599608), else NULL (show the solution's answer as written).  A
 * new string. */
static char *truth_value(learn *L, const lesson_step *s, const char *truth)
{
	lesson_env env;
	lesson_check *c = NULL;
	cfx_err e;
	char *v = NULL;

	memset(&env, 0, sizeof env);
	env.run = learn_run_step;
	env.run_ctx = L;
	if (s->value.check)
		return lesson_check_value(s->value.check, &env, &e);
	/* a numeral, a fraction p/q or a choice is shown as written (a
	 * convergent 3/2, not 1.5000); a list (commas) too */
	if (!truth || !*truth || strspn(truth, "0123456789abcdefABCDEFxX./") ==
	    strlen(truth) || strpbrk(truth, ",;\""))
		return NULL;
	if ((c = lesson_check_parse(truth, NULL, 0, &e)) != NULL)
		v = lesson_check_value(c, &env, &e);
	lesson_check_free(c);
	return v;
}

/* Choice n ("3") with its word, "3 (FAIL)", into buf; "nothing" for
 * NULL. */
static const char *choice_named(const lesson_step *s, const char *n,
                                char *buf, size_t size)
{
	const char *w = s->choice_words;
	long k = n ? strtol(n, NULL, 10) : 0;

	if (!n)
		return "nothing";
	for (; w && *w && k > 1; k--) {
		w += strcspn(w, " ");
		w += strspn(w, " ");
	}
	snprintf(buf, size, "%s (%.*s)", n, w ? (int)strcspn(w, " ") : 0,
	         w ? w : "");
	return buf;
}

/* A prediction is over: the learner's first answer beside the truth, and
 * the commands that show it, free now.  right: the step was passed, by
 * L->answer; when that was a retry after a wrong first answer, say so (the
 * first answer stays the recorded prediction). */
static void reveal(learn *L, int right)
{
	const lesson_step *s = &L->les.steps[L->step];
	const char *truth = lesson_step_answer(s);
	size_t i;

	char *v;

	if (!s->predict) {
		/* an ask: with one try, answered wrong: the answer, once */
		if (s->one_try && !right)
			learn_fb_add(L, "You answered %s; the answer is %s.\n",
			       L->answer ? L->answer : "nothing", truth ? truth : "?");
		return;
	}
	v = truth_value(L, s, truth);
	if (s->choice_words && truth) {
		/* a choice by its number and its word */
		char a[64], b[64];
		learn_fb_add(L, "You predicted %s; the answer is %s.\n",
		       choice_named(s, L->first, a, sizeof a),
		       choice_named(s, truth, b, sizeof b));
	} else if (v && truth && strcmp(v, truth) && !s->value.check)
		learn_fb_add(L, "You predicted %s; the answer is %s (%s).\n",
		       L->first ? L->first : "nothing", v, truth);
	else
		learn_fb_add(L, "You predicted %s; the answer is %s.\n",
		       L->first ? L->first : "nothing", v ? v : truth ? truth : "?");
	free(v);
	if (right && L->first && L->answer && strcmp(L->first, L->answer))
		learn_fb_add(L, "Your retry is right (%s); your prediction stays the "
		       "first answer.\n", L->answer);
	for (i = 0; i < s->nreveals; i++) {
		/* a line the next prediction reveals too waits for its answer
		 * (it would show that answer): said so, not offered now */
		const lesson_step *next = lesson_step_after(&L->les, L->step,
		                                            L->dash);
		int later = next && next->predict &&
		            lesson_step_reveals_line(next, s->reveals[i]);

		learn_fb_add(L, "%s%s:\n  %s\n", i ? "And" : "See it for yourself",
		       later ? " after the next step's answer (it shows that "
		               "answer too)" : "", s->reveals[i]);
	}
}

/* Whether the step, done now, was done with help: after a wrong answer,
 * or after a hint where a hint could tell something (a step that asks
 * for an answer, or whose solution is more than its try: line). */
static int helped(const learn *L)
{
	const lesson_step *s = &L->les.steps[L->step];

	return L->wrong || (L->hints && (s->wants_answer ||
	                                 lesson_step_solution_tells(s)));
}

static int pass(learn *L)
{
	char mark = helped(L) ? 'h' : '+';

	reveal(L, 1);
	explain(L);
	learn_fb_add(L, "Step %zu done.\n", L->step + 1);
	if (L->marks[L->step] == 'x')
		learn_fb_add(L, "It stays counted as revealed: its answer or its "
		       "solution was shown to you before you solved it.\n");
	else if (L->marks[L->step] == 'h')
		learn_fb_add(L, "It stays counted as solved with help, as the first "
		       "time.\n");
	else if (mark == 'h' && L->marks[L->step] != '+')
		learn_fb_add(L, "It counts as solved with help, not on your own: %s.\n",
		       L->wrong == 1 ? "after a wrong answer" : L->wrong ?
		       "after wrong answers" : "after a hint");
	return LEARN_PASSED | advance(L, mark);
}

/* A prediction whose answer the learner has been shown before solving
 * it (a command that shows it, run after a wrong first answer; or its
 * solution): the step is over, revealed, not solved (x). */
static int revealed(learn *L, const char *how)
{
	learn_fb_add(L, "%s: it counts as revealed, not solved.\n", how);
	reveal(L, 0);
	explain(L);
	learn_fb_add(L, "Step %zu explained.\n", L->step + 1);
	return advance(L, 'x');
}

/* The command words of the step's reveals: lines, each once, as "cf",
 * "spectrum or cf", "a, b or c", into b. */
static void reveal_words(struct buf *b, const lesson_step *s)
{
	size_t i, j, n = 0, len[8];
	const char *w[8];

	for (i = 0; i < s->nreveals && n < 8; i++) {
		size_t k = strcspn(s->reveals[i], " ");
		for (j = 0; j < n && (len[j] != k ||
		                      strncmp(w[j], s->reveals[i], k)); j++)
			;
		if (j == n) {
			w[n] = s->reveals[i];
			len[n++] = k;
		}
	}
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%.*s", !i ? "" : i + 1 < n ? ", " : " or ",
		           (int)len[i], w[i]);
}

/* The step's solution.  An answer copied from it is not the learner's:
 * a step with an answer is over at once, revealed (x), as a prediction
 * is; a step whose solution shows a line the step did not (a constant to
 * use) is still to be done, and counts as revealed when it is. */
static int show_solution(learn *L)
{
	const lesson_step *s = &L->les.steps[L->step];
	size_t i;

	learn_fb_add(L, "Solution:\n");
	for (i = 0; i < s->nsolution; i++)
		learn_fb_add(L, "  %s\n", s->solution[i]);
	if (lesson_step_answer(s))
		return revealed(L, "The solution shows the answer");
	/* (a step solved before, on an earlier pass, stays solved) */
	if (lesson_step_solution_tells(s) && L->marks[L->step] != 'x' &&
	    L->marks[L->step] != '+') {
		L->marks[L->step] = 'x';
		learn_fb_add(L, "Do it to go on; the step then counts as revealed, not "
		       "solved.\n");
	}
	return LEARN_NOTHING;
}

/* What typing solution costs, said before it is typed (the last hint,
 * a wrong prediction). */
static void solution_cost(learn *L, const char *lead)
{
	const lesson_step *s = &L->les.steps[L->step];
	const char *sol = L->dash ? ":solution" : "solution";
	const char *skip = L->dash ? ":skip" : "skip";

	if (lesson_step_answer(s))
		learn_fb_add(L, "%s%s shows the answer and ends the step: it then counts "
		       "as revealed (x), not solved.  Or %s.\n", lead, sol, skip);
	else if (lesson_step_solution_tells(s))
		learn_fb_add(L, "%s%s shows what to type; the step then counts as "
		       "revealed (x), not solved, when it is done.  Or %s.\n", lead,
		       sol, skip);
	else
		learn_fb_add(L, "%s%s shows the line to type (the try: line above); or "
		       "%s.\n", lead, sol, skip);
}

/* The next hint.  The solution is never given here: only the word
 * solution shows it, so a learner who asks for hints sees each of them
 * before the answer, and the answer only when asking for it. */
static void next_hint(learn *L)
{
	const lesson_step *s = &L->les.steps[L->step];
	struct buf t = { 0 };

	if (L->hints >= s->nhints) {
		solution_cost(L, "No more hints.  ");
		return;
	}
	join_lines(&t, &s->hints[L->hints]);
	learn_fb_add(L, "Hint %zu of %zu: %s\n", L->hints + 1, s->nhints, buf_str(&t));
	buf_free(&t);
	L->hints++;
}

/* Whether text is a whole number from 1 to n. */
static int choice_ok(const char *text, int n)
{
	char *end;
	long k = strtol(text, &end, 10);

	while (isspace((unsigned char)*end))
		end++;
	return isdigit((unsigned char)*text) && !*end && k >= 1 && k <= n;
}

/* A wrong answer (L->answer, the checks' reason in L->why): on the
 * step's last try (lesson_step_tries) the answer and why, and the step
 * is over, revealed (x); before it, the next hint and the tries left. */
static int answer_wrong(learn *L)
{
	const lesson_step *s = &L->les.steps[L->step];
	int allowed = lesson_step_tries(s);

	if (allowed && L->wrong + 1 >= (size_t)allowed) {
		/* the last try: the answer, and why; the step is over */
		if (allowed == 1)
			learn_fb_add(L, "Not this one.\n");
		else if (L->why_told)
			learn_fb_add(L, "Not quite: %s\nThat was the last of %d tries.\n",
			       L->why, allowed);
		else
			learn_fb_add(L, "Not quite; that was the last of %d tries.\n",
			       allowed);
		if (!s->predict && !s->one_try)   /* reveal() says the others' */
			learn_fb_add(L, "You answered %s; %s %s.\n", L->answer,
			       s->try_cmd ? "for the solution's own work the "
			       "answer is" : "the answer is",
			       lesson_step_answer(s) ? lesson_step_answer(s) : "?");
		reveal(L, 0);
		explain(L);
		learn_fb_add(L, "Step %zu explained.\n", L->step + 1);
		return LEARN_WRONG | advance(L, 'x');
	}
	if (L->why_told)
		learn_fb_add(L, "Not quite: %s\n", L->why);
	else
		learn_fb_add(L, "Not quite.\n");
	if (!L->wrong++)
		learn_fb_add(L, "A right answer now counts as solved with help, not "
		       "on your own.\n");
	next_hint(L);
	if (allowed) {   /* after the hint: a small pane shows that first */
		size_t left = (size_t)allowed - L->wrong;
		learn_fb_add(L, "%zu %s left: after a wrong last one the answer is "
		       "shown, and the step counts as revealed, not solved.\n",
		       left, left == 1 ? "try" : "tries");
	}
	if (s->predict && s->nreveals && !L->told_reveal++) {
		struct buf w = { 0 };
		reveal_words(&w, s);
		learn_fb_add(L, "Answer again; or run %s (or type %s) to see the "
		       "answer, and the step is over, counted as revealed, "
		       "not solved.\n", buf_str(&w),
		       L->dash ? ":solution" : "solution");
		buf_free(&w);
	}
	return LEARN_WRONG;
}

static int give_answer(learn *L, const char *text)
{
	const lesson_step *s = &L->les.steps[L->step];
	char tok[LEARN_ANSWER_MAX + 1], num[16];
	int v, k;

	while (isspace((unsigned char)*text))
		text++;
	if (!s->wants_answer) {
		learn_fb_add(L, "This step asks you to run a command, not to answer%s%s%s\n",
		       s->try_cmd ? " (try: " : ".", s->try_cmd ? s->try_cmd : "",
		       s->try_cmd ? ")." : "");
		return LEARN_NOTHING;
	}
	if (!*text) {
		learn_fb_add(L, "Answer what?  Type: answer EXPR\n");
		return LEARN_NOTHING;
	}
	/* no lesson's answer is longer; checking a longer one costs time */
	if (strlen(text) > LEARN_ANSWER_MAX) {
		learn_fb_add(L, "That answer is longer than %d characters; no step's "
		       "answer is.\n", LEARN_ANSWER_MAX);
		return LEARN_WRONG;
	}
	/* an answer that cannot be read costs nothing: say why, keep going */
	{
		cfx_err pe;
		if (lesson_check_answer_problem(text, &pe) < 0) {
			learn_fb_add(L, "That answer cannot be read: %s%s%s%s.  Nothing is "
			       "counted; type it again.\n", pe.msg, pe.token[0] ?
			       " (" : "", pe.token, pe.token[0] ? ")" : "");
			return LEARN_NOTHING;
		}
	}
	if (!s->choices && lesson_step_stray_word(s, text, tok, sizeof tok)) {
		learn_fb_add(L, "That is not a command or an answer (%s).  Nothing is "
		       "counted; type it again.\n", tok);
		return LEARN_NOTHING;
	}
	if (s->options && !lesson_step_option(s, text)) {
		learn_fb_add(L, "Answer one of: %s.  Nothing is counted.\n", s->options);
		return LEARN_NOTHING;
	}
	if (s->choices && (k = lesson_step_choice(s, text)) > 0) {
		/* a choice's word (FAIL, multiply) is its number */
		snprintf(num, sizeof num, "%d", k);
		text = num;
	}
	if (s->choices && !choice_ok(text, s->choices)) {
		if (s->choice_words)
			learn_fb_add(L, "Answer with the number of a choice, 1 to %d, or its "
			       "word (%s).  Nothing is counted.\n", s->choices,
			       s->choice_words);
		else
			learn_fb_add(L, "Answer with the number of a choice, 1 to %d.  "
			       "Nothing is counted.\n", s->choices);
		return LEARN_NOTHING;
	}
	if (learn_settings_refuse(L, text))
		return LEARN_NOTHING;
	{
		/* an answer in the wrong form (an expression where the step
		 * wants the number worked out, too few decimals, a fraction
		 * not in lowest terms) is said and costs nothing, whatever its
		 * value: the value checks are not run on it (some read the
		 * form too: a rounding to the decimals given) */
		char *prev = L->answer;
		L->answer = xstrdup(text);
		if ((v = eval_checks(L, 2)) == 0) {
			learn_fb_add(L, "Not in the form this step asks for: %s.  Nothing "
			       "is counted; answer again.\n", L->why);
			free(L->answer);
			L->answer = prev;
			return LEARN_NOTHING;
		}
		free(prev);
		if (v < 0)
			return LEARN_ERROR;
	}
	if (s->try_cmd && (v = eval_checks(L, 0)) <= 0) {
		/* a question about the learner's own work: judged once the
		 * work is done, so no try goes on an answer given before */
		if (v == 0)
			learn_fb_add(L, "Do the step's task first, then answer: %s.  "
			       "Nothing is counted.\n", L->why);
		free(L->answer);
		L->answer = NULL;
		return v < 0 ? LEARN_ERROR : LEARN_NOTHING;
	}
	if (s->predict && !L->first)
		L->first = xstrdup(text);   /* the prediction, as committed */
	if ((v = eval_checks(L, 1)) < 0)
		return LEARN_ERROR;
	if (v == 0)
		return answer_wrong(L);
	if ((v = eval_checks(L, 0)) < 0)
		return LEARN_ERROR;
	if (v == 0) {
		learn_fb_add(L, "That answer is right, but the step is not done yet:\n"
		       "  %s\n", s->try_cmd ? s->try_cmd : L->why);
		return LEARN_NOTHING;
	}
	return pass(L);
}

int learn_hides(const learn *L, const char *w)
{
	return learn_waits_prediction(L) &&
	       lesson_step_refuses(&L->les.steps[L->step], w);
}

/* Whether the operand of command line r (learn_operand_text) is an
 * integer whose value is p; *integer is set when it is an integer at
 * all. */
static int operand_is(const learn *L, const char *r, uint64_t p, int *integer)
{
	char *op = learn_operand_text(r, L->sess);
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

/* Whether the current step is a prediction not yet over: its answer is
 * shown by no panel until it is (a wrong first answer lets its commands
 * run, but running one ends the step). */
static int prediction_open(const learn *L)
{
	return !finished(L) && L->les.steps[L->step].nreveals;
}

int learn_hides_panel(const learn *L, const char *w, uint64_t p)
{
	const lesson_step *s;
	size_t i, n = strlen(w);
	int integer = 0, is = 0;

	if (!prediction_open(L) || !lesson_step_refuses(&L->les.steps[L->step], w))
		return 0;
	s = &L->les.steps[L->step];
	for (i = 0; i < s->nreveals; i++)
		if (!strncmp(s->reveals[i], w, n) &&
		    (!s->reveals[i][n] || s->reveals[i][n] == ' '))
			return 1;               /* a revealing command itself */
	for (i = 0; i < s->nreveals; i++)
		is |= operand_is(L, s->reveals[i], p, &integer);
	return is || !integer;
}

/* A word of the command table (a command or a session word: help, set,
 * ...), ?CMD or learn: never an answer. */
static int command_word(const char *w)
{
	return w[0] == '?' || cli_find(w) || !strcmp(w, "learn");
}

static int start_over(learn *L)
{
	memset(L->marks, '.', L->les.nsteps);
	L->step = 0;
	save(L);
	enter_step(L);
	learn_fb_add(L, "Lesson %d starts over.\n", L->number);
	return LEARN_NEWSTEP;
}

/* A lesson word once the last step is done: back and reset go again,
 * the others say where the learner is; quit and commands are not ours. */
static int finished_input(learn *L, const char *w)
{
	static const char *const words[] = { "hint", "skip", "step", "answer",
	                                     NULL };
	int i;

	if (!strcmp(w, "back") && L->les.nsteps) {
		L->step = L->les.nsteps - 1;
		save(L);
		enter_step(L);
		return LEARN_NEWSTEP;
	}
	if (!strcmp(w, "reset"))
		return start_over(L);
	for (i = 0; words[i]; i++)
		if (!strcmp(w, words[i])) {
			learn_fb_add(L, "Lesson %d is complete: back returns to its last "
			       "step, reset starts it over.\n", L->number);
			return LEARN_NOTHING;
		}
	return LEARN_NOT_MINE;
}

int learn_input(learn *L, const char *line)
{
	char w[32];
	const char *p = line, *rest;
	size_t n;
	int through;

	fb_clear(L);
	while (isspace((unsigned char)*p))
		p++;
	n = strcspn(p, " \t");
	if (!n || *p == '#' || n >= sizeof w)
		return LEARN_NOT_MINE;
	memcpy(w, p, n);
	w[n] = '\0';
	rest = p + n + strspn(p + n, " \t");
	if (finished(L))
		return finished_input(L, w);
	if (!strcmp(w, "hint")) {
		next_hint(L);
		return LEARN_NOTHING;
	}
	if (!strcmp(w, "solution"))
		return show_solution(L);
	if (!strcmp(w, "skip")) {
		learn_fb_add(L, "Step %zu skipped.\n", L->step + 1);
		return advance(L, 's');
	}
	if (!strcmp(w, "back")) {
		if (L->step == 0) {
			learn_fb_add(L, "This is the first step.\n");
			return LEARN_NOTHING;
		}
		L->step--;
		save(L);
		enter_step(L);
		return LEARN_NEWSTEP;
	}
	if (!strcmp(w, "reset"))
		return start_over(L);
	if (!strcmp(w, "quit") || !strcmp(w, "exit")) {
		learn_fb_add(L, "Left lesson %d at step %zu of %zu (learn %d resumes it).\n",
		       L->number, L->step + 1, L->les.nsteps, L->number);
		return LEARN_QUIT;
	}
	if (!strcmp(w, "step"))
		return LEARN_NEWSTEP;
	if (!strcmp(w, "answer"))
		return give_answer(L, rest);
	if (L->les.steps[L->step].wants_answer && !command_word(w))
		return give_answer(L, p);
	/* the previous step's reveal line, which its reveal suggested, runs
	 * (learn --check: it does not print this step's answer) */
	through = lesson_step_reveals_line(lesson_step_before(&L->les, L->step,
	                                                      L->dash), p) &&
	          !lesson_step_reveals_line(&L->les.steps[L->step], p);
	if (learn_hides(L, w) && !through) {
		if (!L->refused++)
			learn_fb_add(L, "A prediction comes first: %s would show the answer, "
			       "so it waits until you commit to one (answer EXPR; "
			       "your first answer is the one recorded).\n", w);
		else
			learn_fb_add(L, "Not yet: answer first.\n");
		return LEARN_NOTHING;
	}
	if (prediction_open(L) && L->first && !through &&
	    lesson_step_refuses(&L->les.steps[L->step], w)) {
		/* after a wrong first answer: it runs, and once it has, the
		 * answer is shown and the step is over (learn_poll) */
		free(L->revealing);
		L->revealing = xstrdup(w);
		json_decref(L->reveal_was);
		L->reveal_was = json_incref(L->sess->results ?
		                            json_object_get(L->sess->results, w) :
		                            NULL);
	}
	return LEARN_NOT_MINE;
}

int learn_waits_prediction(const learn *L)
{
	return !finished(L) && L->les.steps[L->step].nreveals && !L->first;
}

int learn_retrying(const learn *L)
{
	return !finished(L) && L->les.steps[L->step].nreveals && L->first;
}

int learn_tries_left(const learn *L)
{
	int allowed;

	if (finished(L))
		return 0;
	allowed = lesson_step_tries(&L->les.steps[L->step]);
	return allowed ? allowed - (int)L->wrong : -1;
}

int learn_passes(learn *L)
{
	if (finished(L))
		return 0;
	return eval_checks(L, -1) == 1;
}

int learn_poll(learn *L)
{
	int v;

	fb_clear(L);
	if (finished(L))
		return LEARN_NOTHING;
	if (L->revealing) {
		/* a command that shows the answer, let through after a wrong
		 * first answer: if it ran (made a result; review's report makes
		 * none), the answer is out */
		json_t *now = L->sess->results ?
		              json_object_get(L->sess->results, L->revealing) : NULL;
		int ran = now != L->reveal_was || !strcmp(L->revealing, "review");
		char how[80];
		snprintf(how, sizeof how, "You ran %s before solving the step",
		         L->revealing);
		free(L->revealing);
		L->revealing = NULL;
		json_decref(L->reveal_was);
		L->reveal_was = NULL;
		if (ran)
			return revealed(L, how);
	}
	if (L->les.steps[L->step].wants_answer && !L->answer) {
		/* a step that asks and has the learner run commands too (a
		 * design task that names its a/q): what the commands did
		 * wrong is said now, not only after an answer */
		if ((v = eval_checks(L, 0)) < 0)
			return LEARN_ERROR;
		if (v || !L->why_told)
			snprintf(L->why, sizeof L->why, "the step waits for an answer");
		v = 0;
	} else if ((v = eval_checks(L, -1)) < 0) {
		return LEARN_ERROR;
	}
	if (!v && L->why_told) {
		/* the learner ran something this step that the lesson refuses */
		json_t *f = learn_results_fresh(L);
		if (json_object_size(f))
			learn_fb_add(L, "Not yet: %s\n", L->why);
		json_decref(f);
	}
	return v ? pass(L) : LEARN_NOTHING;
}
