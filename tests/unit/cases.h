/*
 * cases.h - the reader of the unit tests' data files (tests/unit/NAME.test),
 * jq's way: a case is a block of lines, blocks are apart by blank lines,
 * a line starting with '#' is a comment.  Each test gives its blocks'
 * lines their meaning (test_verify.c, test_lesson_check.c).
 */
#ifndef CFX_TEST_CASES_H
#define CFX_TEST_CASES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>

#define CASES_MAX_LINES 16

typedef struct cases {
	const char *name;           /* the file's name, for messages */
	FILE *f;
	char *buf;
	size_t cap;
	int lineno;
	char *line[CASES_MAX_LINES]; /* the block read last */
	int n;                      /* its lines */
	int at;                     /* the line it starts on */
} cases;

/* Open the data file name in the folder of the source src (__FILE__);
 * a file that cannot be opened fails the test. */
static inline void cases_open(cases *c, const char *src, const char *name)
{
	char path[4096];
	const char *slash = strrchr(src, '/');

	memset(c, 0, sizeof *c);
	c->name = name;
	snprintf(path, sizeof path, "%.*s%s",
	         slash ? (int)(slash - src + 1) : 0, src, name);
	c->f = fopen(path, "r");
	cr_assert_not_null(c->f, "cannot open %s", path);
}

static inline void cases_drop(cases *c)
{
	while (c->n)
		free(c->line[--c->n]);
}

/* Read the next block into c->line[0..c->n), starting on line c->at.
 * Returns 0 at the end of the file. */
static inline int cases_next(cases *c)
{
	ssize_t len;

	cases_drop(c);
	while ((len = getline(&c->buf, &c->cap, c->f)) >= 0) {
		c->lineno++;
		while (len && (c->buf[len - 1] == '\n' || c->buf[len - 1] == '\r'))
			c->buf[--len] = '\0';
		if (c->buf[0] == '#')
			continue;
		if (!len) {
			if (c->n)
				return 1;
			continue;
		}
		cr_assert(c->n < CASES_MAX_LINES, "%s:%d: a case of more than %d "
		          "lines", c->name, c->at, CASES_MAX_LINES);
		if (!c->n)
			c->at = c->lineno;
		c->line[c->n++] = strdup(c->buf);
	}
	return c->n > 0;
}

static inline void cases_close(cases *c)
{
	cases_drop(c);
	free(c->buf);
	fclose(c->f);
}

#endif
