/*
 * learn_settings.c - the learner's session settings against a step's
 * answer (learn_int.h): a step is worked on its commands' own settings,
 * and when the learner's (set bits, table, keys, count) would judge the
 * answer otherwise, the answer is not judged and the feedback says which
 * setting to undo.  Its runs are the engine's (learn.c), cached by the
 * settings they ran with.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "lesson/learn.h"
#include "lesson/learn_int.h"
#include "util/buf.h"

/* ---- the session's settings and a step's answer ------------------------ */

/* The word the learner asked for, 0: none.  In the REPL set bits'; in
 * the dashboard the word its panels show when the learner chose it (w,
 * :set bits, --bits), not one that came with a command typed at its ':'
 * line (that goes with the command's constant). */
static unsigned long asked_word(const learn *L)
{
	const cli_word *w = &L->sess->word;

	if (!L->dash)
		return cli_word_asked(w);
	return cli_word_source(w) == CLI_WORD_ASKED ? cli_word_n(w) : 0;
}

/* Whether the learner changed a setting that commands read (set bits,
 * table, keys, count): then a step's commands may show another answer
 * in the session than the step's own, which are run on the defaults.
 * The dashboard's table, keys and count follow the commands typed there
 * as well as its keys, so there the word alone is the learner's. */
static int settings_changed(const learn *L)
{
	const cfx_session *s = L->sess;

	return asked_word(L) || (!L->dash && (s->table_bits || s->keys ||
	                                      s->count));
}

/* run(...) in a session with the learner's settings (cached by them):
 * in the dashboard its word alone (settings_changed). */
static json_t *run_as_session(void *ctx, const char *line, cfx_err *err)
{
	learn *L = ctx;
	cfx_session dash_s;
	const cfx_session *s = L->sess;
	struct buf k = { 0 };
	json_t *r;

	if (L->dash) {
		dash_s = *s;
		dash_s.table_bits = 0;
		dash_s.keys = NULL;
		dash_s.count = 0;
		s = &dash_s;
	}

	buf_printf(&k, "%lu %lu %d %d %s %llu|%s", cli_word_n(&s->word),
	           cli_word_asked(&s->word), (int)cli_word_source(&s->word),
	           s->table_bits, s->keys ? s->keys : "-", s->count, line);
	if ((r = json_object_get(L->cache_as, buf_str(&k))) != NULL) {
		json_incref(r);
	} else if ((r = learn_run_as(L->path, line, s, err)) != NULL) {
		json_object_set(L->cache_as, buf_str(&k), r);
	}
	buf_free(&k);
	return r;
}

/* The word (bits) of a command's result; 0 when it has none. */
static unsigned long result_bits(const json_t *r)
{
	json_t *b = r ? json_object_get(r, "bits") : NULL;

	return json_is_integer(b) && json_integer_value(b) > 0 ?
	       (unsigned long)json_integer_value(b) : 0;
}

struct word_scan {
	learn *L;
	unsigned long bits;       /* the word of the step's own runs */
};

static int scan_word(void *ctx, const char *line)
{
	struct word_scan *w = ctx;
	cfx_err e;
	json_t *r;

	if (!w->bits && (r = learn_run_step(w->L, line, &e)) != NULL) {
		w->bits = result_bits(r);
		json_decref(r);
	}
	return 0;
}

/* One setting of the learner's, NAME at VALUE: "set NAME VALUE" into
 * set and the line that undoes it, "set NAME BACK" (":set" in the
 * dashboard, typed at its ':' line), into undo, each after a comma when
 * not the first.  Returns 1, for the count. */
static int setting_named(const learn *L, struct buf *set, struct buf *undo,
                         const char *name, const char *value,
                         const char *back)
{
	buf_printf(set, "%sset %s %s", set->len ? ", " : "", name, value);
	buf_printf(undo, "%s%sset %s %s", undo->len ? ", " : "",
	           L->dash ? ":" : "", name, back);
	return 1;
}

/* The learner's settings that commands read (settings_changed), each as
 * set and its undoing (setting_named); returns how many.  The
 * dashboard's table, keys and count are not the learner's alone. */
static int settings_named(const learn *L, struct buf *set, struct buf *undo)
{
	const cfx_session *ss = L->sess;
	char v[32];
	int n = 0;

	if (asked_word(L)) {
		snprintf(v, sizeof v, "%lu", asked_word(L));
		n += setting_named(L, set, undo, "bits", v, "auto");
	}
	if (L->dash)
		return n;
	if (ss->table_bits) {
		snprintf(v, sizeof v, "%d", ss->table_bits);
		n += setting_named(L, set, undo, "table", v, "auto");
	}
	if (ss->keys)
		n += setting_named(L, set, undo, "keys", ss->keys, "default");
	if (ss->count) {
		snprintf(v, sizeof v, "%llu", ss->count);
		n += setting_named(L, set, undo, "count", v, "auto");
	}
	return n;
}

/*
 * Whether the learner's settings (set bits, table, keys, count in the
 * REPL's face) change this step's answer: a check that
 * reads the answer judges it otherwise on the session's settings than on
 * the step's own (or cannot run there), or a reveals: line shows a
 * result on another word than the step's.  Then the answer is not judged:
 * 1 and a note in feedback naming the step's word and how to go back to
 * it; else 0.
 */
int learn_settings_refuse(learn *L, const char *answer)
{
	const lesson_step *s = &L->les.steps[L->step];
	const cfx_session *ss = L->sess;
	struct word_scan ws = { L, 0 };
	lesson_env env;
	cfx_err e;
	size_t i;
	int differs = 0;
	char costly[256] = "";    /* why a run with the settings was refused */

	if (!settings_changed(L))
		return 0;
	memset(&env, 0, sizeof env);
	env.fresh = learn_results_fresh(L);
	env.last = ss->results;
	env.state = learn_state_json(ss);
	env.answer = answer;
	env.run_ctx = L;
	for (i = 0; i < s->nchecks; i++) {
		const lesson_check *c = s->checks[i].check;
		int v0, v1;
		if (!lesson_check_uses_answer(c))
			continue;
		lesson_check_each_run(c, scan_word, &ws);
		env.run = learn_run_step;
		v0 = lesson_check_eval(c, &env, NULL, 0, &e);
		env.run = run_as_session;
		v1 = lesson_check_eval(c, &env, NULL, 0, &e);
		if (v0 >= 0 && v1 != v0)
			differs = 1;
		if (v0 >= 0 && v1 < 0 && e.code == CFX_ELIMIT && !costly[0])
			snprintf(costly, sizeof costly, "%.200s", e.msg);
	}
	json_decref(env.fresh);
	json_decref(env.state);
	/* a reveals: line the learner would run shows another word's result */
	for (i = 0; i < s->nreveals; i++) {
		const char *line = s->reveals[i];
		json_t *r0, *r1;
		unsigned long b0;
		if (learn_pure(L->path, line, 0, &e) < 0 ||
		    !(r0 = learn_run_step(L, line, &e)))
			continue;
		b0 = result_bits(r0);
		json_decref(r0);
		if (!ws.bits)
			ws.bits = b0;
		if (!b0 || b0 == cli_word_n(&ss->word))
			continue;
		r1 = run_as_session(L, line, &e);
		if (!r1 || result_bits(r1) != b0)
			differs = 1;
		if (!r1 && e.code == CFX_ELIMIT && !costly[0])
			snprintf(costly, sizeof costly, "%.200s", e.msg);
		json_decref(r1);
	}
	if (!differs)
		return 0;
	{
		struct buf set = { 0 }, undo = { 0 };
		int n = settings_named(L, &set, &undo);
		/* one setting changes the answer, several change it */
		const char *verb = n > 1 ? "change" : "changes";
		/* refused, not answered otherwise: said as such */
		if (costly[0])
			learn_fb_add(L, "Step %zu's commands were not run "
			             "with your session's %s: %s.  Nothing "
			             "is counted: type %s, then answer "
			             "again.\n", L->step + 1, buf_str(&set),
			             costly, buf_str(&undo));
		/* the word is named only when the learner's word is what
		 * differs */
		else if (ws.bits && asked_word(L))
			learn_fb_add(L, "Step %zu is worked on %lu-bit words, "
			             "as its commands are without your "
			             "settings: your session's %s %s its "
			             "answer.  Nothing is counted: type %s, "
			             "then answer again.\n", L->step + 1,
			             ws.bits, buf_str(&set), verb,
			             buf_str(&undo));
		else
			learn_fb_add(L, "Step %zu is worked on its commands' "
			             "own settings: your session's %s %s its "
			             "answer.  Nothing is counted: type %s, "
			             "then answer again.\n", L->step + 1,
			             buf_str(&set), verb, buf_str(&undo));
		buf_free(&set);
		buf_free(&undo);
	}
	return 1;
}
