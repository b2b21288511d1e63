/*
 * learn_store.c - where lessons and progress live (see learn_store.h).
 *
 * Lessons are files lessons/NN-name.lesson, found beside the executable
 * (a build tree) or under ../share/cfx/lessons (an installed cfx), or in
 * $CFX_LESSONS.  Progress is one small text file, rewritten whole on every
 * change through a temporary file and rename(2) under a lock, so a crash
 * leaves either the old file or the new one and two cfx saving at once
 * both keep their lesson; lines that cannot be parsed are set aside (a
 * copy that overwrites nothing), never trusted and never fatal, and the
 * lines that parse are kept.
 */
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cfx/proc.h"
#include "cfx/safefile.h"
#include "cfx/textfile.h"
#include "lesson/lesson.h"
#include "lesson/learn_store.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define PROGRESS_MAX (1 << 20)   /* a bigger progress file is not ours */

/* ---- the catalog -------------------------------------------------- */

const char *learn_store_name_why(const char *name)
{
	size_t i;

	if (!name[0])
		return "the name after NN- is empty";
	if (name[0] == '.')
		return "the name after NN- begins with a dot";
	if (strlen(name) > 64)
		return "the name after NN- is longer than 64 characters";
	/* ASCII whatever the locale (the dashboard sets one: é is a letter
	 * in Latin-1) */
	for (i = 0; name[i]; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		            "0123456789._-", name[i]))
			return "the name after NN- may hold only letters, digits, "
			       "dots, underscores and dashes (ASCII)";
	return NULL;
}

int learn_store_name_ok(const char *name)
{
	return !learn_store_name_why(name);
}

int learn_store_file_name(const char *base, int *number, char **name,
                          const char **why)
{
	size_t len = strlen(base), nn = strspn(base, "0123456789");
	char *n;

	*why = NULL;
	if (!nn || len < 7 || strcmp(base + len - 7, ".lesson"))
		return 0;
	if (base[nn] != '-' || nn + 1 > len - 7) {
		*why = "a lesson file's name is NN-NAME.lesson, NN its number";
		return -1;
	}
	n = xstrndup(base + nn + 1, len - 7 - nn - 1);
	if ((*why = learn_store_name_why(n)) != NULL) {
		free(n);
		return -1;
	}
	if (number)
		*number = atoi(base);
	if (name)
		*name = n;
	else
		free(n);
	return 1;
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The lesson directory, malloc'd, or NULL. */
static char *lesson_dir(void)
{
	const char *env = getenv("CFX_LESSONS");
	char exe[PATH_MAX], *slash, *d;
	ssize_t n;

	if (env && *env)
		return xstrdup(env);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	*slash = '\0';
	if (asprintf(&d, "%s/lessons", exe) < 0)
		return NULL;
	if (is_dir(d))
		return d;
	free(d);
	if (asprintf(&d, "%s/../share/cfx/lessons", exe) < 0)
		return NULL;
	if (is_dir(d))
		return d;
	free(d);
	return NULL;
}

char *learn_store_facts_path(void)
{
	char exe[PATH_MAX], *slash, *d;
	struct stat st;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	int k;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	*slash = '\0';
	for (k = 0; k < 2; k++) {
		d = xasprintf(k ? "%s/../share/cfx/doc/FACTS.md" : "%s/doc/FACTS.md",
		              exe);
		if (stat(d, &st) == 0 && S_ISREG(st.st_mode))
			return d;
		free(d);
	}
	return NULL;
}

/* The value of the title: line of a lesson file ("" if none, or if the
 * file is no regular text file: learn N says why when it is opened);
 * NULL with err when cfx has no file descriptor left (ulimit -n: every
 * title would be blank, said nowhere). */
static char *read_title(const char *path, cfx_err *err)
{
	cfx_err e;
	FILE *f = textfile_open(path, 0, NULL, &e);
	char *line = NULL, *t = NULL;
	size_t cap = 0;

	if (!f && (errno == EMFILE || errno == ENFILE)) {
		cfx_err_set(err, CFX_EIO, -1, path, "cannot read lesson: %s",
		            strerror(errno));
		return NULL;
	}

	while (f && textfile_line(f, &line, &cap, NULL, &e) >= 0) {
		if (strncmp(line, "title:", 6))
			continue;
		t = xstrdup(line + 6 + strspn(line + 6, " "));
		break;
	}
	free(line);
	if (f)
		fclose(f);
	return t ? t : xstrdup("");
}

/* Why the lesson file path in dir (dir_why: why dir itself is refused,
 * or NULL) is not to be read, malloc'd; NULL when it may be (or cannot be
 * looked at: opening it says why).  The rule of a patch beside a lesson
 * (learn.c): a link in the lesson directory could name any file (issue 22
 * read /etc/shadow through another user's, and the parse error quoted
 * its first line), a second hard link the same, and a file or directory
 * of another user's could be swapped for one between this check and the
 * read. */
static char *lesson_vet(const char *path, const char *dir_why)
{
	struct stat st;
	const char *why;

	if (lstat(path, &st) < 0)
		return NULL;
	if (!S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode))
		return NULL;             /* textfile_read names what it is */
	if ((why = learn_store_file_why(&st)) != NULL)
		return xstrdup(why);
	if (dir_why)
		return xasprintf("the lessons directory: %s", dir_why);
	return NULL;
}

const char *learn_store_file_why(const struct stat *st)
{
	if (S_ISLNK(st->st_mode))
		return "a symbolic link, not followed";
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (st->st_nlink != 1)
		return "a file of more than one link";
	if (st->st_uid != geteuid() && st->st_uid != 0)
		return "another user's file";
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return "writable by others";
	return NULL;
}

/* Why dir is refused, malloc'd, or NULL (safefile_dir_check). */
static char *lesson_dir_vet(const char *dir)
{
	cfx_err e;

	if (safefile_dir_check(dir, &e) == 0)
		return NULL;
	return xstrdup(strncmp(e.msg, "refused: ", 9) ? e.msg : e.msg + 9);
}

char *learn_store_lesson_read(const learn_store_entry *e, cfx_err *err)
{
	char *dir, *slash, *dir_why, *why;

	if (!e->listed && !e->refused)
		return textfile_read(e->path, TEXTFILE_MAX, NULL, err);
	dir = xstrdup(e->path);
	slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0';
	else
		strcpy(dir, ".");
	/* looked at again: the catalogue may be older than this read (the
	 * dashboard keeps one) */
	dir_why = lesson_dir_vet(dir);
	why = e->refused ? xstrdup(e->refused) : lesson_vet(e->path, dir_why);
	free(dir);
	free(dir_why);
	if (why) {
		cfx_err_set_path(err, CFX_EIO, e->path, "refused: %s", why);
		free(why);
		return NULL;
	}
	return textfile_read(e->path, TEXTFILE_MAX, NULL, err);
}

static int by_number(const void *a, const void *b)
{
	const learn_store_entry *x = a, *y = b;
	return x->number != y->number ? (x->number > y->number) -
	       (x->number < y->number) : strcmp(x->name, y->name);
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Set the file at path aside as one the catalogue leaves out, for why. */
static void skip(learn_store_catalog *c, const char *path, const char *why)
{
	c->skipped = xrealloc(c->skipped, (c->n_skipped + 1) *
	                      sizeof *c->skipped, "lesson catalog");
	c->skipped[c->n_skipped++] = xasprintf("%s\n%s", path, why);
}

/*
 * Leave out a lesson whose number or name an earlier one (in the
 * catalogue's order) has: `learn N` picked one of two lessons N without a
 * word, and progress, kept by name, was one for two lessons of a name,
 * each run of either overwriting the other's.
 */
static void leave_out_twins(learn_store_catalog *c)
{
	size_t i, j, kept = 0;

	for (i = 0; i < c->n; i++) {
		learn_store_entry *e = &c->e[i], *twin = NULL;
		char *why;

		for (j = 0; j < kept && !twin; j++)
			if (c->e[j].number == e->number ||
			    !strcmp(c->e[j].name, e->name))
				twin = &c->e[j];
		if (!twin) {
			c->e[kept++] = *e;
			continue;
		}
		why = twin->number == e->number
		      ? xasprintf("lesson %d is %s already (number them 01, "
		                  "02, ...)", e->number, strrchr(twin->path, '/') + 1)
		      : xasprintf("lesson %d has the name %s already (%s), and "
		                  "progress is kept by name", twin->number, e->name,
		                  strrchr(twin->path, '/') + 1);
		skip(c, e->path, why);
		free(why);
		free(e->name);
		free(e->path);
		free(e->title);
		free(e->refused);
	}
	c->n = kept;
}

int learn_store_catalog_load(learn_store_catalog *c, cfx_err *err)
{
	DIR *d;
	struct dirent *de;
	char *dir_why;

	memset(c, 0, sizeof *c);
	if (!(c->dir = lesson_dir()))
		return cfx_err_set(err, CFX_EIO, -1, NULL, "no lessons found "
		                   "(set CFX_LESSONS to the lessons directory)");
	if (!(d = opendir(c->dir)))
		return cfx_err_set(err, CFX_EIO, -1, c->dir, "cannot read the "
		                   "lessons directory: %s", strerror(errno));
	dir_why = lesson_dir_vet(c->dir);
	while ((de = readdir(d))) {
		const char *s = de->d_name, *why;
		learn_store_entry *e;
		char *name;
		int number, ok = learn_store_file_name(s, &number, &name, &why);

		if (!ok)
			continue;
		if (ok < 0) {
			char *path = xasprintf("%s/%s", c->dir, s);
			skip(c, path, why);
			free(path);
			continue;
		}
		c->e = xrealloc(c->e, (c->n + 1) * sizeof *c->e, "lesson catalog");
		e = &c->e[c->n++];
		e->number = number;
		e->name = name;
		e->path = xasprintf("%s/%s", c->dir, s);
		e->title = NULL;
		e->listed = 1;
		/* a refused file is not opened, even for its title */
		if ((e->refused = lesson_vet(e->path, dir_why)))
			e->title = xstrdup("");
		else if (!(e->title = read_title(e->path, err))) {
			e->title = xstrdup("");
			free(dir_why);
			closedir(d);
			learn_store_catalog_free(c);
			return -1;
		}
	}
	free(dir_why);
	closedir(d);
	if (c->n)
		qsort(c->e, c->n, sizeof *c->e, by_number);
	leave_out_twins(c);
	if (c->n_skipped)
		qsort(c->skipped, c->n_skipped, sizeof *c->skipped, by_text);
	return 0;
}

void learn_store_catalog_say_skipped(const learn_store_catalog *c, FILE *f)
{
	size_t i;

	for (i = 0; i < c->n_skipped; i++) {
		/* "PATH\nWHY": the last newline ends PATH (WHY holds none) */
		const char *why = strrchr(c->skipped[i], '\n');
		size_t size = 4 * strlen(c->skipped[i]) + 8;
		char *shown = xmalloc(size, "a path");
		cfx_escape(shown, size, c->skipped[i],
		           (int)(why - c->skipped[i]));
		fprintf(f, "cfx: learn: %s left out: %s\n", shown, why + 1);
		free(shown);
	}
}

void learn_store_catalog_free(learn_store_catalog *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->e[i].name);
		free(c->e[i].path);
		free(c->e[i].title);
		free(c->e[i].refused);
	}
	for (i = 0; i < c->n_skipped; i++)
		free(c->skipped[i]);
	free(c->skipped);
	free(c->e);
	free(c->dir);
	memset(c, 0, sizeof *c);
}

/* Whether word occurs in text as a whole word, ignoring case. */
static int has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	if (!n)
		return 0;
	for (p = text; *p; p++)
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !strncasecmp(p, word, n) && !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/* How key names lesson e, ignoring case: 1 a prefix of its name, 2 a
 * whole word of its name or title, 3 a part of either; 0 not at all.
 * One rule for every key, one letter too: the best tier any lesson has
 * decides, and several lessons there are said ("a" is a word of two
 * titles). */
static int tier(const learn_store_entry *e, const char *key)
{
	if (!strncasecmp(e->name, key, strlen(key)))
		return 1;
	if (has_word(e->name, key) || has_word(e->title, key))
		return 2;
	if (strcasestr(e->name, key) || strcasestr(e->title, key))
		return 3;
	return 0;
}

/* The best tier any lesson has for key (0: none). */
static int best_tier(const learn_store_catalog *c, const char *key)
{
	size_t i;
	int best = 0, t;

	for (i = 0; i < c->n && *key; i++)
		if ((t = tier(&c->e[i], key)) && (!best || t < best))
			best = t;
	return best;
}

const learn_store_entry *learn_store_catalog_find(const learn_store_catalog *c,
                                                  const char *key)
{
	const learn_store_entry *found = NULL;
	size_t i, hits = 0;
	char *end;
	long n = strtol(key, &end, 10);
	int best;

	for (i = 0; i < c->n; i++)
		if ((*key && !*end && c->e[i].number == n) ||
		    !strcmp(c->e[i].name, key))
			return &c->e[i];
	if (!*key || !*end || !(best = best_tier(c, key)))
		return NULL;
	for (i = 0; i < c->n; i++)
		if (tier(&c->e[i], key) == best) {
			found = &c->e[i];
			hits++;
		}
	return hits == 1 ? found : NULL;
}

size_t learn_store_catalog_matches(const learn_store_catalog *c,
                                   const char *key, struct buf *names)
{
	size_t i, hits = 0;
	int best = best_tier(c, key);

	for (i = 0; i < c->n && best; i++)
		if (tier(&c->e[i], key) == best) {
			if (names)
				buf_printf(names, "%s%d %s", hits ? ", " : "",
				           c->e[i].number, c->e[i].name);
			hits++;
		}
	return hits;
}

const char *const *learn_store_names(void)
{
	static char **names;
	learn_store_catalog c;
	cfx_err e;
	size_t i, k = 0;

	if (names)
		return (const char *const *)names;
	if (learn_store_catalog_load(&c, &e) < 0) {
		learn_store_catalog_free(&c);
		return NULL;
	}
	names = xcalloc(2 * c.n + 1, sizeof *names, "lesson names");
	for (i = 0; i < c.n; i++) {
		names[k++] = xasprintf("%d", c.e[i].number);
		names[k++] = xstrdup(c.e[i].name);
	}
	learn_store_catalog_free(&c);
	return (const char *const *)names;
}

/* ---- progress ------------------------------------------------------ */

/* The state directory's path (made only by a save: progress_dir);
 * malloc'd, or NULL. */
static char *state_dir(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *d;

	if (state && state[0] == '/') {
		if (asprintf(&d, "%s/cfx", state) < 0)
			return NULL;
	} else if (home && home[0]) {
		if (asprintf(&d, "%s/.local/state/cfx", home) < 0)
			return NULL;
	} else {
		return NULL;
	}
	return d;
}

static char *progress_path(void)
{
	char *d = state_dir(), *p = NULL;

	if (d && asprintf(&p, "%s/progress", d) < 0)
		p = NULL;
	free(d);
	return p;
}

void learn_store_progress_free(learn_store_progress *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->m[i].name);
		free(p->m[i].marks);
	}
	free(p->m);
	free(p->path);
	memset(p, 0, sizeof *p);
}

learn_store_mark *learn_store_progress_get(const learn_store_progress *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->m[i].name, name))
			return &p->m[i];
	return NULL;
}

static void put(learn_store_progress *p, const char *name, size_t step,
                const char *marks)
{
	learn_store_mark *m = learn_store_progress_get(p, name);

	if (!m) {
		p->m = xrealloc(p->m, (p->n + 1) * sizeof *p->m, "progress marks");
		m = &p->m[p->n++];
		m->name = xstrdup(name);
	} else {
		free(m->marks);
	}
	m->step = step;
	m->marks = xstrdup(marks);
}

/* Parse one line "NAME STEP MARKS"; 0 or -1 with why. */
static int parse_mark(learn_store_progress *p, char *line, const char **why)
{
	char *name, *step, *marks, *extra, *save, *end;
	unsigned long s;

	name = strtok_r(line, " ", &save);
	step = strtok_r(NULL, " ", &save);
	marks = strtok_r(NULL, " ", &save);
	extra = strtok_r(NULL, " ", &save);
	if (!name || !step || !marks || extra) {
		*why = "a line is not NAME STEP MARKS";
		return -1;
	}
	if (!learn_store_name_ok(name)) {
		*why = "bad lesson name";
		return -1;
	}
	if (strlen(marks) > LESSON_STEPS_MAX ||
	    strspn(marks, ".+hsx") != strlen(marks)) {
		*why = "bad step marks";
		return -1;
	}
	errno = 0;
	s = strtoul(step, &end, 10);
	if (*end || errno || !isdigit((unsigned char)step[0]) ||
	    s > strlen(marks)) {
		*why = "bad step number";
		return -1;
	}
	if (learn_store_progress_get(p, name)) {
		*why = "a lesson appears twice";
		return -1;
	}
	put(p, name, s, marks);
	return 0;
}

/* Parse the file text line by line, keeping every line that parses.
 * Returns the number of lines that do not, *why and *at the first. */
static size_t parse_progress(learn_store_progress *p, char *text, size_t len,
                             const char **why, int *at)
{
	size_t bad = 0;
	const char *w;
	char *line = text, *nl;
	int lineno = 0;

	while (line < text + len) {
		size_t n;
		lineno++;
		nl = memchr(line, '\n', (size_t)(text + len - line));
		n = nl ? (size_t)(nl - line) : (size_t)(text + len - line);
		line[n] = '\0';
		if (strlen(line) != n) {
			if (!bad++)
				*why = "binary data", *at = lineno;
		} else if (line[0] && line[0] != '#' &&
		           parse_mark(p, line, &w) < 0) {
			if (!bad++)
				*why = w, *at = lineno;
		}
		line += n + 1;
	}
	return bad;
}

static char *dir_of(const char *path);

/* A name beside path that nothing has yet: path.corrupt-STAMP[-N],
 * malloc'd, N past every N of this STAMP there is (a slot a pruned copy
 * left is not taken again: the names keep the order the copies were
 * made in, which aside_prune goes by). */
static char *aside_name(const char *path, int k)
{
	char stamp[32], *dir = dir_of(path), *pre;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	time_t now = time(NULL);
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t plen;

	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	pre = xasprintf("%s.corrupt-%s", base, stamp);
	plen = strlen(pre);
	while (d && (de = readdir(d)))
		if (!strncmp(de->d_name, pre, plen)) {
			int n = de->d_name[plen] == '-' ? atoi(de->d_name + plen + 1)
			        : de->d_name[plen] ? -1 : 0;
			if (n >= k)
				k = n + 1;
		}
	if (d)
		closedir(d);
	free(pre);
	free(dir);
	return k ? xasprintf("%s.corrupt-%s-%d", path, stamp, k) :
	       xasprintf("%s.corrupt-%s", path, stamp);
}

/* An earlier set-aside copy of path with the very bytes path has now
 * (regular files only), malloc'd, or NULL. */
static char *same_aside(const char *path)
{
	char *dir = dir_of(path), *mine, *found = NULL;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t blen = strlen(base), mlen = 0;
	DIR *d;
	struct dirent *de;
	cfx_err e;

	if (!(mine = textfile_read(path, PROGRESS_MAX, &mlen, &e))) {
		free(dir);
		return NULL;
	}
	d = opendir(dir);
	while (d && !found && (de = readdir(d))) {
		char *full, *t;
		size_t tlen = 0;
		if (strncmp(de->d_name, base, blen) ||
		    strncmp(de->d_name + blen, ".corrupt-", 9))
			continue;
		full = xasprintf("%s/%s", dir, de->d_name);
		t = textfile_read(full, PROGRESS_MAX, &tlen, &e);
		if (t && tlen == mlen && !memcmp(t, mine, mlen))
			found = full;
		else
			free(full);
		free(t);
	}
	if (d)
		closedir(d);
	free(mine);
	free(dir);
	return found;
}

/* The order of path's set-aside names, path.corrupt-STAMP[-N]: by STAMP
 * (a time, which sorts as text), then N as a number. */
static int aside_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	size_t nx = strcspn(x, "-"), ny;
	int c;

	/* STAMP is YYYYMMDD-HHMMSS: the text up to its second '-' */
	nx += 1 + strcspn(x + nx + (x[nx] != 0), "-");
	ny = strcspn(y, "-");
	ny += 1 + strcspn(y + ny + (y[ny] != 0), "-");
	if ((c = strncmp(x, y, nx < ny ? nx : ny)) != 0 || nx != ny)
		return c ? c : nx < ny ? -1 : 1;
	return atoi(x + nx + (x[nx] == '-')) - atoi(y + ny + (y[ny] == '-'));
}

/* At most ASIDE_MAX set-aside copies of path: a file found corrupt on
 * every run (a tool that writes it wrong, a full disk) set aside one
 * more each time, without end.  The oldest go; the newest, aside, stays. */
#define ASIDE_MAX 5
static void aside_prune(const char *path, const char *aside)
{
	char *dir = dir_of(path), **names = NULL;
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *mine = strrchr(aside, '/') ? strrchr(aside, '/') + 1 : aside;
	size_t blen = strlen(base), n = 0, cap = 0, i;
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		if (strncmp(de->d_name, base, blen) ||
		    strncmp(de->d_name + blen, ".corrupt-", 9) ||
		    !strcmp(de->d_name, mine))
			continue;
		if (n == cap)
			names = xrealloc(names, (cap = cap ? 2 * cap : 8) *
			                 sizeof *names, "set-aside names");
		names[n++] = xstrdup(de->d_name + blen + 9);
	}
	if (n > 1)                /* names is NULL when n is 0 */
		qsort(names, n, sizeof *names, aside_cmp);
	/* ASIDE_MAX - 1 of the others stay beside the new one */
	for (i = 0; i + ASIDE_MAX - 1 < n; i++) {
		char *full = xasprintf("%s/%s.corrupt-%s", dir, base, names[i]);
		unlink(full);             /* a directory set aside stays */
		free(full);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (d)
		closedir(d);
	free(dir);
}

/* Keep what is at path under a new name that overwrites nothing: a
 * hard link for a regular file (copy: the caller rewrites path), else a
 * rename that refuses to replace; the oldest copies beyond ASIDE_MAX
 * go.  The name (malloc'd), or NULL with errno. */
static char *set_aside(const char *path, int keep)
{
	int k;
	char *same;

	/* the same bytes set aside before (a rewrite that failed, a full
	 * disk): that copy is enough, and the directory does not fill up */
	if ((same = same_aside(path)))
		return same;

	for (k = 0; k < 1000; k++) {
		char *aside = aside_name(path, k);
		int rc = keep ? link(path, aside) :
		         renameat2(AT_FDCWD, path, AT_FDCWD, aside, RENAME_NOREPLACE);
		if (rc < 0 && !keep && (errno == EINVAL || errno == ENOSYS)) {
			/* a file system without RENAME_NOREPLACE */
			rc = link(path, aside);
			if (rc == 0)
				unlink(path);
		}
		if (rc == 0) {
			aside_prune(path, aside);
			return aside;
		}
		free(aside);
		if (errno != EEXIST)
			return NULL;
	}
	errno = EEXIST;
	return NULL;
}

/* ---- the lock and the file ------------------------------------------ */

static size_t failures;   /* saves that failed in this process */

size_t learn_store_progress_failures(void)
{
	return failures;
}

/* The directory of path, malloc'd. */
static char *dir_of(const char *path)
{
	char *d = xstrdup(path), *slash;

	if ((slash = strrchr(d, '/')))
		slash[slash == d] = '\0';   /* "/progress" is in "/" */
	return d;
}

/*
 * Take the progress lock (PATH.lock beside the file: the file itself is
 * replaced by rename, so it cannot carry the lock).  Waits up to
 * LOCK_WAIT_MS for another cfx to finish its save.  The descriptor, or
 * -1 with errno (EWOULDBLOCK: still held by someone else).
 */
#define LOCK_WAIT_MS 10000
static int lock_take(const char *path)
{
	char *lp;
	struct stat st;
	int fd, i;

	lp = xasprintf("%s.lock", path);
	fd = open(lp, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW,
	          0600);
	free(lp);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < LOCK_WAIT_MS / 10; i++) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK && errno != EINTR)
			break;
		usleep(10000);
	}
	i = errno;
	close(fd);
	errno = i;
	return -1;
}

/* Remove temporary files of saves that died (kill -9) before their
 * rename.  Only under the lock: a live save holds it while its
 * temporary file exists. */
static void clean_stale(const char *path)
{
	char *dir = dir_of(path);
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t blen = strlen(base);
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		char *full;
		if (strncmp(de->d_name, base, blen) ||
		    strncmp(de->d_name + blen, ".tmp.", 5))
			continue;
		full = xasprintf("%s/%s", dir, de->d_name);
		unlink(full);
		free(full);
	}
	if (d)
		closedir(d);
	free(dir);
}

/* Write text to path through a temporary file beside it, synced and
 * renamed over it, the rename synced too; the first cut bytes are written
 * first (the tests' fault injection, CFX_TEST_CRASH_SAVE, dies after
 * them).  0, or -1 with err ("progress cannot be saved: why"). */
static int write_text(const char *path, const char *text, size_t cut,
                      cfx_err *err)
{
	char *tmp, *dir;
	size_t i;
	FILE *f;
	int fd, ok, slot = -1;

	clean_stale(path);
	/* the temporary name is registered before the file is made and
	 * until it is renamed, so that a signal that ends cfx meanwhile
	 * removes it (issue 22: 5 runs of 40 left progress.tmp.*); the process
	 * id in it keeps it apart from another cfx's (O_EXCL makes sure) */
	tmp = NULL;
	fd = -1;
	for (i = 0; fd < 0 && i < 100; i++) {
		free(tmp);
		proc_file_drop(slot);
		tmp = xasprintf("%s.tmp.%ld.%zu", path, (long)getpid(), i);
		slot = proc_file_add(tmp);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		          O_CLOEXEC, 0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		cfx_err_set_path(err, CFX_EIO, path, "progress cannot be "
		                 "saved: %s", strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		proc_file_drop(slot);
		free(tmp);
		return -1;
	}
	fwrite(text, 1, cut, f);
	/* fault injection for the tests: die half-way through a save */
	if (cut && getenv("CFX_TEST_CRASH_SAVE")) {
		fflush(f);
		_exit(99);
	}
	fputs(text + cut, f);
	ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
	ok = (fclose(f) == 0) && ok;
	if (!ok || rename(tmp, path) != 0) {
		cfx_err_set_path(err, CFX_EIO, path, "progress cannot be "
		                 "saved: %s", strerror(errno));
		unlink(tmp);
		proc_file_drop(slot);
		free(tmp);
		return -1;
	}
	proc_file_drop(slot);
	free(tmp);
	/* make the rename itself durable */
	dir = dir_of(path);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
	return 0;
}


/* write_text with SIGXFSZ ignored: past `ulimit -f`, a write fails
 * (EFBIG: said, the temporary file removed) rather than SIGXFSZ ending
 * cfx with it left behind */
static int write_atomic_text(const char *path, const char *text,
                             size_t cut, cfx_err *err)
{
	struct sigaction ign, old;
	int rc;

	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigaction(SIGXFSZ, &ign, &old);
	rc = write_text(path, text, cut, err);
	sigaction(SIGXFSZ, &old, NULL);
	return rc;
}


/* Write p to its path (the lock must be held). */
static int write_atomic(const learn_store_progress *p, cfx_err *err)
{
	struct buf b = { 0 };
	size_t i, cut = 0;
	int rc;

	buf_puts(&b, "# cfx lesson progress: lesson, current step (0-based), one "
	         "mark a step\n# (+ solved on the first answer, h solved with "
	         "help: after a wrong\n# answer or a hint, x answered wrong or "
	         "shown before it was solved,\n# then explained, s skipped, . not "
	         "yet).  Delete the file to start over.\n");
	for (i = 0; i < p->n; i++) {
		assert(strlen(p->m[i].marks) <= LESSON_STEPS_MAX);
		buf_printf(&b, "%s %zu %s\n", p->m[i].name, p->m[i].step,
		           p->m[i].marks);
		if (i == 0)
			cut = b.len;
	}
	rc = write_atomic_text(p->path, buf_str(&b), cut, err);
	buf_free(&b);
	return rc;
}

/* Print the warning in b on diag unless it is the one said last: the
 * progress file is read at each save, and a fault that stays (a file
 * that cannot be set aside) would be said at every step.  Frees b. */
static void say_once(FILE *diag, struct buf *b)
{
	static char *said;          /* the warning said last, this process */
	char *text = buf_take(b);

	if (said && !strcmp(said, text)) {
		free(text);
		return;
	}
	fputs(text, diag);
	free(said);
	said = text;
}

/* What stops the lock beside path from being taken (errno e), after
 * "its lock PATH.lock ", in buf. */
static const char *lock_trouble(int e, char *buf, size_t n)
{
	if (e == EWOULDBLOCK)
		snprintf(buf, n, "is held by another cfx");
	else if (e == EINVAL || e == ELOOP)
		snprintf(buf, n, "is not a regular file");
	else
		snprintf(buf, n, "cannot be made (%s)", strerror(e));
	return buf;
}

/*
 * Read p->path into p.  Lines that do not parse, or a file that is not a
 * regular file or too big, are reported on diag; the file is set aside
 * under a name that overwrites nothing, and (lock_err 0: the caller holds
 * the lock) the lines that parsed are written back at once.  Without the
 * lock (lock_err its errno) a file with lines that parsed is left as it
 * is: it could be neither rewritten nor saved later, and moved aside
 * whole its good lines would be lost to every later run.
 */
static void load(learn_store_progress *p, int lock_err, FILE *diag)
{
	const char *why = NULL;
	size_t len = 0, bad = 0, good;
	char *text, *aside;
	struct buf b = { 0 };
	cfx_err e;
	int at = 0, whole;
	struct stat st;

	if (lstat(p->path, &st) == 0 && S_ISLNK(st.st_mode)) {
		/* not read through, nor written through (a save replaces it):
		 * whatever it points at is not this user's progress */
		char *shown = xmalloc(CFX_ERR_SHOWN, "a path shown");
		buf_printf(&b, "cfx: learn: the progress file %s is a symbolic "
		           "link, not followed: it is left as it is and this run's "
		           "progress is not saved\n", cfx_err_shown(shown, p->path));
		free(shown);
		say_once(diag, &b);
		free(p->path);
		p->path = NULL;
		return;
	}
	if (!(text = textfile_read(p->path, PROGRESS_MAX, &len, &e))) {
		int fd, oe;
		/* no file yet, or no place for one: nothing to set aside */
		if (access(p->path, F_OK) < 0)
			return;
		/* a file that is there but cannot be opened now (out of file
		 * descriptors, not readable by this user): not corrupt; left
		 * as it is, and this run saves nothing over it */
		fd = open(p->path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
		oe = errno;
		if (fd >= 0)
			close(fd);
		else if (oe == EMFILE || oe == ENFILE || oe == EACCES ||
		         oe == EPERM || oe == ENOMEM || oe == EIO || oe == EINTR) {
			buf_printf(&b, "cfx: learn: the progress file could not be "
			           "opened (%s) and is left as it is; this run's "
			           "progress is not saved\n", strerror(oe));
			say_once(diag, &b);
			free(p->path);
			p->path = NULL;
			return;
		}
		why = e.msg;
		bad = 1;
	} else {
		bad = parse_progress(p, text, len, &why, &at);
		free(text);
	}
	if (!bad)
		return;
	good = p->n;
	if (good && lock_err) {
		char *lock = xasprintf("%s.lock", p->path);
		char *where = at ? xasprintf("%s, line %d", why, at) : xstrdup(why);
		char trouble[128];
		buf_printf(&b, "cfx: learn: the progress file could not be read "
		           "whole (%s) and is left as it is: its lock %s %s; the "
		           "%zu lesson%s read %s kept for this run\n", where, lock,
		           lock_trouble(lock_err, trouble, sizeof trouble), good,
		           good == 1 ? "" : "s",
		           good == 1 ? "is" : "are");
		free(where);
		free(lock);
		say_once(diag, &b);
		return;
	}
	/* a regular file is copied aside and rewritten with what parsed;
	 * anything else (a directory, a FIFO, junk) is moved aside whole */
	whole = !good;
	if (!(aside = set_aside(p->path, !whole))) {
		int err_aside = errno;
		if (good)      /* the good lines were read: they are kept */
			buf_printf(&b, "cfx: learn: the progress file could not be "
			           "read whole (%s) nor set aside (%s); the %zu "
			           "lesson%s read %s kept for this run\n", why,
			           strerror(err_aside), good, good == 1 ? "" : "s",
			           good == 1 ? "is" : "are");
		else
			buf_printf(&b, "cfx: learn: the progress file could not be "
			           "read (%s) nor set aside (%s); progress starts "
			           "afresh\n", why, strerror(err_aside));
		say_once(diag, &b);
		return;
	}
	if (at && bad > 1)
		buf_printf(&b, "cfx: learn: the progress file could not be read "
		           "(%s, line %d and %zu more); it was set aside as %s and ",
		           why, at, bad - 1, aside);
	else if (at)
		buf_printf(&b, "cfx: learn: the progress file could not be read "
		           "(%s, line %d); it was set aside as %s and ", why, at,
		           aside);
	else
		buf_printf(&b, "cfx: learn: the progress file could not be read "
		           "(%s); it was set aside as %s and ", why, aside);
	if (!good)
		buf_printf(&b, "progress starts afresh\n");
	else if (write_atomic(p, &e) == 0)
		buf_printf(&b, "the %zu lesson%s read %s kept\n", good,
		           good == 1 ? "" : "s", good == 1 ? "is" : "are");
	else
		buf_printf(&b, "the file could not be rewritten (%s)\n", e.msg);
	say_once(diag, &b);
	free(aside);
}

void learn_store_progress_load(learn_store_progress *p, FILE *diag)
{
	char *dir;
	cfx_err e;
	int lk, rc;

	memset(p, 0, sizeof *p);
	if (!(p->path = progress_path()))
		return;
	/* read, lock and set aside only in a directory that is there and
	 * the user's own (safefile.h): another user's could be swapped or
	 * repointed under cfx.  A save makes it, or says why not. */
	dir = dir_of(p->path);
	rc = safefile_dir_check(dir, &e);
	free(dir);
	if (rc < 0)
		return;
	lk = lock_take(p->path);
	load(p, lk >= 0 ? 0 : errno ? errno : EIO, diag ? diag : stderr);
	if (lk >= 0)
		close(lk);
}

/* "progress cannot be saved: " (or "kept", for a look that saves
 * nothing: dry) and what follows, the path shown whole (escaped) in the
 * message and as the token. */
static void cannot_save(cfx_err *err, int dry, const char *path,
                        const char *fmt, const char *arg, const char *arg2)
{
	char *shown = xmalloc(CFX_ERR_SHOWN, "a path shown"), *what;

	what = xasprintf(fmt, cfx_err_shown(shown, path), arg, arg2);
	cfx_err_set_path(err, CFX_EIO, path, "progress cannot be %s: %s",
	                 dry ? "kept" : "saved", what);
	free(what);
	free(shown);
}

/*
 * Make the directory of p's file if need be (0700, with up to two
 * missing parents, each level only once the one it is made in has passed
 * the check, as the REPL's history: safefile_dir_make) and check it is
 * the user's own; dry: make nothing, say what a save would meet
 * (safefile_dir_would_make).  0, or -1 with err saying why, for the user
 * to fix: a file where a directory should be, the level that cannot be
 * made and why, or the check that refused it.
 */
static int progress_dir(const learn_store_progress *p, int dry, cfx_err *err)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *from = state && state[0] == '/' ? "XDG_STATE_HOME"
	                   : "HOME (~/.local/state)";
	char *dir = dir_of(p->path), *parent;
	safefile_dir d;
	struct stat st;
	int rc = dry ? safefile_dir_would_make(&d, dir, 2, err)
	         : safefile_dir_make(&d, dir, 2, 0700, err);

	if (rc < 0 && d.fault && stat(d.fault, &st) == 0 && !S_ISDIR(st.st_mode)) {
		cannot_save(err, dry, d.fault, "%s is not a directory; %s must "
		            "name a directory cfx can write", from, NULL);
	} else if (rc < 0 && d.fault_errno == ENOTDIR) {
		parent = dir_of(d.fault);
		cannot_save(err, dry, parent, "%s is not a directory; %s must "
		            "name a directory cfx can write", from, NULL);
		free(parent);
	} else if (rc < 0 && d.fault_errno) {
		parent = dir_of(d.fault);
		char *in = xasprintf("in %s (%s)", parent,
		                     strerror(d.fault_errno));
		cannot_save(err, dry, d.fault, "the directory %s cannot be made "
		            "%s; %s must name a directory cfx can write", in, from);
		free(in);
		free(parent);
	} else if (rc < 0) {
		char *why = xstrdup(err->msg);
		snprintf(err->msg, sizeof err->msg, "progress cannot be %s: %s",
		         dry ? "kept" : "saved", why);
		free(why);
	}
	safefile_dir_close(&d);
	free(dir);
	return rc;
}

/* p->path, or -1 with err saying why there is none ("progress cannot be
 * saved", or "kept" when dry). */
static int progress_where(learn_store_progress *p, int dry, cfx_err *err)
{
	const char *state = getenv("XDG_STATE_HOME"), *v = dry ? "kept" : "saved";

	memset(p, 0, sizeof *p);
	if ((p->path = progress_path()))
		return 0;
	if (state && state[0])   /* relative: the spec says to ignore it */
		return cfx_err_set(err, CFX_EIO, -1, state, "progress cannot be "
		                   "%s: XDG_STATE_HOME is not an absolute path and "
		                   "HOME is not set", v);
	return cfx_err_set(err, CFX_EIO, -1, "HOME", "progress cannot be %s: "
	                   "neither XDG_STATE_HOME nor HOME is set", v);
}

int learn_store_progress_keepable(cfx_err *err)
{
	learn_store_progress p;
	int rc = progress_where(&p, 1, err);

	if (rc == 0)
		rc = progress_dir(&p, 1, err);
	learn_store_progress_free(&p);
	return rc;
}

/* Say in err why the lock beside p's file could not be taken (errno e)
 * in its checked directory: another cfx holds it, it is not a regular
 * file, or cfx may not write there. */
static void lock_failed(const learn_store_progress *p, int e, cfx_err *err)
{
	char *dir = dir_of(p->path);

	if (e == EWOULDBLOCK)
		cfx_err_set_path(err, CFX_EIO, p->path, "progress cannot be "
		                 "saved: another cfx holds its lock");
	else if (e == EINVAL || e == ELOOP)   /* not a regular file, or a
	                                       * symlink (not followed) */
		cannot_save(err, 0, p->path, "its lock file %s.lock is not a "
		            "regular file", NULL, NULL);
	else
		cannot_save(err, 0, dir, "cfx cannot write in the directory %s (%s)",
		            strerror(e), NULL);
	free(dir);
}

int learn_store_progress_save(const char *name, size_t step, const char *marks,
                        FILE *diag, cfx_err *err)
{
	learn_store_progress p;
	int rc, lk;

	assert(strlen(marks) <= LESSON_STEPS_MAX && step <= strlen(marks));
	if (progress_where(&p, 0, err) < 0) {
		failures++;
		return -1;
	}
	/* read, change and write under the lock: two cfx saving at once
	 * both keep their lesson */
	if (progress_dir(&p, 0, err) < 0) {
		failures++;
		learn_store_progress_free(&p);
		return -1;
	}
	if ((lk = lock_take(p.path)) < 0) {
		failures++;
		lock_failed(&p, errno, err);
		learn_store_progress_free(&p);
		return -1;
	}
	load(&p, 0, diag ? diag : stderr);
	if (!p.path) {
		/* the file is there but could not be opened (load said so,
		 * once): nothing is written over it */
		close(lk);
		learn_store_progress_free(&p);
		return 0;
	}
	put(&p, name, step, marks);
	rc = write_atomic(&p, err);
	close(lk);
	failures += rc < 0;
	learn_store_progress_free(&p);
	return rc;
}

/* ---- a lesson's memory ------------------------------------------------- */

static char *memo_path(const char *name)
{
	char *d = state_dir(), *p = NULL;

	if (d && asprintf(&p, "%s/lesson-%s.memo", d, name) < 0)
		p = NULL;
	free(d);
	return p;
}

char *learn_store_memo_read(const char *name)
{
	char *path = memo_path(name), *dir, *text = NULL;
	struct stat st;
	cfx_err e;
	ssize_t got = 0, r;
	int fd = -1;

	if (!path || !learn_store_name_ok(name))
		goto out;
	dir = dir_of(path);
	r = safefile_dir_check(dir, &e);
	free(dir);
	if (r < 0 || (fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	                              O_NONBLOCK)) < 0 ||
	    fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > PROGRESS_MAX)
		goto out;
	text = xmalloc((size_t)st.st_size + 1, "a lesson's memory");
	while (got < st.st_size &&
	       (r = read(fd, text + got, (size_t)(st.st_size - got))) > 0)
		got += r;
	text[got] = '\0';
out:
	if (fd >= 0)
		close(fd);
	free(path);
	return text;
}

int learn_store_memo_write(const char *name, const char *text, cfx_err *err)
{
	learn_store_progress p;
	char *path;
	int rc = -1;

	if (!learn_store_name_ok(name) || strlen(text) > PROGRESS_MAX)
		return cfx_err_set(err, CFX_EIO, -1, name, "a lesson's memory "
		                   "is not kept for this name or size");
	/* under the progress file's lock, as a save: clean_stale removes
	 * only temporary files no live save is writing */
	if (progress_where(&p, 0, err) == 0 && progress_dir(&p, 0, err) == 0 &&
	    (path = memo_path(name))) {
		int lk = lock_take(p.path);
		if (lk < 0)
			lock_failed(&p, errno, err);
		else {
			rc = write_atomic_text(path, text, 0, err);
			close(lk);
		}
		free(path);
	}
	learn_store_progress_free(&p);
	return rc;
}
