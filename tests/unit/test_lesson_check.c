/*
 * test_lesson_check.c - the lesson check language (lessons/FORMAT.md,
 * "Checks") against the cases of lesson_check.test, jq's way: one case a
 * block of three lines,
 *
 *   CHECK            a check, or "claim: CHECK" for a claim's check
 *   ENV              JSON: {"answer": "...", "state": {...}, "last": {...},
 *                    "fresh": {...}, "root": {...}, "runs": {LINE: RESULT}}
 *                    (every member optional; run(LINE) gives runs[LINE],
 *                    and fails when LINE is not there)
 *   EXPECTED         true, false, error (a run(...) failed) or syntax (the
 *                    check does not parse)
 *
 * blocks apart by blank lines, '#' lines are comments.  The expected
 * values are worked out by hand from FORMAT.md, not copied from cfx.
 * This file compiles the check language itself (#include of its source)
 * so that the Makefile can build it with -fsanitize=undefined: an index
 * such as [-9223372036854775808] must be no undefined behaviour.
 */
#include <stdio.h>

#include "../../src/lesson/lesson_check.c"
#include "testutil.h"
#include "cases.h"

static int is_command(const char *name)
{
	static const char *const cmds[] = {
		"cf", "naf", "shifts", "spectrum", "score", "sweep", "verify", NULL
	};
	int i;

	for (i = 0; cmds[i]; i++)
		if (!strcmp(name, cmds[i]))
			return 1;
	return 0;
}

static int is_state(const char *name)
{
	static const char *const states[] = {
		"const", "bits", "table", "keys", "count", "format", NULL
	};
	int i;

	for (i = 0; states[i]; i++)
		if (!strcmp(name, states[i]))
			return 1;
	return 0;
}

static const lesson_names names = { is_command, is_state };

static json_t *fake_run(void *ctx, const char *line, cfx_err *err)
{
	json_t *r = json_object_get(ctx, line);

	if (!r) {
		cfx_err_set(err, CFX_EUSAGE, -1, line, "no such run in the test");
		return NULL;
	}
	return json_incref(r);
}

/* The outcome of one case, as the data file spells it. */
static const char *outcome(const char *src, json_t *env)
{
	int claim = !strncmp(src, "claim: ", 7), v;
	lesson_check *c;
	lesson_env e;
	cfx_err err;
	char why[320];
	json_t *runs = json_object_get(env, "runs");

	c = lesson_check_parse(src + (claim ? 7 : 0), &names, claim, &err);
	if (!c)
		return "syntax";
	memset(&e, 0, sizeof e);
	e.fresh = json_object_get(env, "fresh");
	e.last = json_object_get(env, "last");
	e.state = json_object_get(env, "state");
	e.root = json_object_get(env, "root");
	e.answer = json_string_value(json_object_get(env, "answer"));
	e.run = fake_run;
	e.run_ctx = runs ? runs : json_object_get(env, "no runs");
	v = lesson_check_eval(c, &e, why, sizeof why, &err);
	lesson_check_free(c);
	return v < 0 ? "error" : v ? "true" : "false";
}

Test(lesson_check, cases_of_the_data_file)
{
	cases c;
	size_t n = 0;

	cases_open(&c, __FILE__, "lesson_check.test");
	while (cases_next(&c)) {
		json_error_t je;
		json_t *env;

		cr_assert_eq(c.n, 3, "lesson_check.test:%d: a case has three "
		             "lines", c.at);
		env = json_loads(c.line[1], 0, &je);
		cr_assert_not_null(env, "line %d: bad JSON: %s", c.at + 1, je.text);
		cr_expect_str_eq(outcome(c.line[0], env), c.line[2],
		                 "lesson_check.test:%d: %s -> %s, expected %s", c.at,
		                 c.line[0], outcome(c.line[0], env), c.line[2]);
		json_decref(env);
		n++;
	}
	cases_close(&c);
	cr_assert_gt(n, 100, "only %zu cases read", n);
}
