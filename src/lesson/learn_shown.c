/*
 * learn_shown.c - the numbers the lessons have shown the learner (see
 * lesson/learn_shown.h): for shown(x), which refuses a constant copied
 * from a lesson where a step asks for one of the learner's own.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/learn_shown.h"
#include "lesson/learn_store.h"
#include "util/xalloc.h"

/* Whether c may be part of a word or a number: a numeral next to one is
 * part of something else (x2, 1.5, 2^16). */
static int joins(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '^';
}

/* Every numeral of s that could be a multiplier to out, as written: 0x
 * hex, or decimal of LEARN_SHOWN_MIN or more. */
static void scan(json_t *out, const char *s)
{
	const char *p = s;

	while (s && *p) {
		size_t n;
		if (!isdigit((unsigned char)*p) ||
		    (p > s && joins((unsigned char)p[-1]))) {
			p++;
			continue;
		}
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
		    isxdigit((unsigned char)p[2]))
			n = 2 + strspn(p + 2, "0123456789abcdefABCDEF");
		else
			n = strspn(p, "0123456789");
		if (!joins((unsigned char)p[n]) &&
		    strtod(p, NULL) >= LEARN_SHOWN_MIN) {
			char *w = xstrndup(p, n);
			json_array_append_new(out, json_string(w));
			free(w);
		}
		p += n;
	}
}

/* scan of n lines: a text's, the reveals: or the solution's. */
static void scan_lines(json_t *out, char *const *line, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		scan(out, line[i]);
}

static void scan_text(json_t *out, const lesson_text *t)
{
	scan_lines(out, t->line, t->n);
}

/* What step s shows: its text, question, hints and try: line; and when
 * over is set (an earlier step) what it showed at its end too: the
 * explanation, the reveals: lines and the solution's lines. */
static void scan_step(json_t *out, const lesson_step *s, int over)
{
	size_t i;

	scan(out, s->title);
	scan_text(out, &s->prose);
	scan_text(out, &s->ask);
	for (i = 0; i < s->nhints; i++)
		scan_text(out, &s->hints[i]);
	scan(out, s->try_cmd);
	if (!over)
		return;
	scan_text(out, &s->explain);
	scan_lines(out, s->reveals, s->nreveals);
	scan_lines(out, s->solution, s->nsolution);
}

static void scan_lesson(json_t *out, const lesson *l, size_t upto)
{
	size_t i;

	scan(out, l->title);
	scan_text(out, &l->intro);
	for (i = 0; i < upto && i < l->nsteps; i++)
		scan_step(out, &l->steps[i], 1);
}

/* The lessons before the one at path in its directory (by number), as
 * the catalogue orders them, each read as the catalogue reads it. */
static json_t *before(const char *path)
{
	json_t *out = json_array();
	const char *base = strrchr(path, '/');
	char *dir = base ? xstrndup(path, (size_t)(base - path)) : xstrdup(".");
	int mine;
	const char *why;
	DIR *d;
	struct dirent *de;

	base = base ? base + 1 : path;
	if (learn_store_file_name(base, &mine, NULL, &why) != 1 ||
	    !(d = opendir(dir))) {
		free(dir);
		return out;
	}
	while ((de = readdir(d))) {
		learn_store_entry e = { 0 };
		int n;
		char *text;
		lesson l;
		cfx_err err;
		if (learn_store_file_name(de->d_name, &n, NULL, &why) != 1 ||
		    n >= mine)
			continue;
		e.path = xasprintf("%s/%s", dir, de->d_name);
		e.listed = 1;
		if ((text = learn_store_lesson_read(&e, &err))) {
			int line;
			if (lesson_parse(&l, text, NULL, &line, &err) == 0)
				scan_lesson(out, &l, l.nsteps);
			lesson_free(&l);
			free(text);
		}
		free(e.path);
	}
	closedir(d);
	free(dir);
	return out;
}

json_t *learn_shown(const char *path, const lesson *les, size_t step,
                    json_t **cache)
{
	json_t *out;

	if (!*cache)
		*cache = path ? before(path) : json_array();
	out = json_copy(*cache);
	scan_lesson(out, les, step);
	if (step < les->nsteps)
		scan_step(out, &les->steps[step], 0);
	return out;
}
