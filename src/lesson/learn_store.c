/*
 * learn_store.c - where lessons and progress live (see learn.h).
 *
 * Lessons are files lessons/NN-name.lesson, found beside the executable
 * (a build tree) or under ../share/cfx/lessons (an installed cfx), or in
 * $CFX_LESSONS.  Progress is one small text file, rewritten whole on every
 * change through a temporary file and rename(2), so a crash leaves either
 * the old file or the new one; a file that cannot be parsed is set aside,
 * never trusted and never fatal.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lesson/learn.h"

#define PROGRESS_MAX (1 << 20)   /* a bigger progress file is not ours */
#define MARKS_MAX 1000

/* ---- the catalog -------------------------------------------------- */

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
		return strdup(env);
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

/* The value of the title: line of a lesson file ("" if none). */
static char *read_title(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *t = NULL;
	size_t cap = 0;
	ssize_t len;

	while (f && (len = getline(&line, &cap, f)) >= 0) {
		if (strncmp(line, "title:", 6))
			continue;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		t = strdup(line + 6 + strspn(line + 6, " "));
		break;
	}
	free(line);
	if (f)
		fclose(f);
	return t ? t : strdup("");
}

static int by_number(const void *a, const void *b)
{
	const learn_entry *x = a, *y = b;
	return x->number != y->number ? (x->number > y->number) -
	       (x->number < y->number) : strcmp(x->name, y->name);
}

int learn_catalog_load(learn_catalog *c, cfx_err *err)
{
	DIR *d;
	struct dirent *de;

	memset(c, 0, sizeof *c);
	if (!(c->dir = lesson_dir()))
		return cfx_err_set(err, CFX_EIO, -1, NULL, "no lessons found "
		                   "(set CFX_LESSONS to the lessons directory)");
	if (!(d = opendir(c->dir)))
		return cfx_err_set(err, CFX_EIO, -1, c->dir, "cannot read the "
		                   "lessons directory: %s", strerror(errno));
	while ((de = readdir(d))) {
		const char *s = de->d_name, *dash = strchr(s, '-');
		size_t len = strlen(s);
		learn_entry *e;

		if (!isdigit((unsigned char)s[0]) || !dash || len < 8 ||
		    strcmp(s + len - 7, ".lesson"))
			continue;
		if (!(c->e = realloc(c->e, (c->n + 1) * sizeof *c->e)))
			abort();
		e = &c->e[c->n++];
		e->number = atoi(s);
		e->name = strndup(dash + 1, (size_t)(s + len - 7 - dash - 1));
		if (asprintf(&e->path, "%s/%s", c->dir, s) < 0 || !e->name)
			abort();
		e->title = read_title(e->path);
	}
	closedir(d);
	if (c->n)
		qsort(c->e, c->n, sizeof *c->e, by_number);
	return 0;
}

void learn_catalog_free(learn_catalog *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		free(c->e[i].name);
		free(c->e[i].path);
		free(c->e[i].title);
	}
	free(c->e);
	free(c->dir);
	memset(c, 0, sizeof *c);
}

const learn_entry *learn_catalog_find(const learn_catalog *c, const char *key)
{
	size_t i;
	char *end;
	long n = strtol(key, &end, 10);

	for (i = 0; i < c->n; i++)
		if ((*key && !*end && c->e[i].number == n) ||
		    !strcmp(c->e[i].name, key))
			return &c->e[i];
	return NULL;
}

const char *const *learn_names(void)
{
	static char **names;
	learn_catalog c;
	cfx_err e;
	size_t i, k = 0;

	if (names)
		return (const char *const *)names;
	if (learn_catalog_load(&c, &e) < 0) {
		learn_catalog_free(&c);
		return NULL;
	}
	if (!(names = calloc(2 * c.n + 1, sizeof *names)))
		abort();
	for (i = 0; i < c.n; i++) {
		if (asprintf(&names[k++], "%d", c.e[i].number) < 0 ||
		    !(names[k++] = strdup(c.e[i].name)))
			abort();
	}
	learn_catalog_free(&c);
	return (const char *const *)names;
}

/* ---- progress ------------------------------------------------------ */

/* The state directory, created if need be; malloc'd, or NULL. */
static char *state_dir(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *d, *p;

	if (state && state[0] == '/') {
		if (asprintf(&d, "%s/cfx", state) < 0)
			return NULL;
	} else if (home && home[0]) {
		if (asprintf(&d, "%s/.local/state/cfx", home) < 0)
			return NULL;
	} else {
		return NULL;
	}
	/* mkdir -p */
	for (p = d + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(d, 0700);
			*p = '/';
		}
	mkdir(d, 0700);
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

void learn_progress_free(learn_progress *p)
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

learn_mark *learn_progress_get(const learn_progress *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->m[i].name, name))
			return &p->m[i];
	return NULL;
}

static void put(learn_progress *p, const char *name, size_t step,
                const char *marks)
{
	learn_mark *m = learn_progress_get(p, name);

	if (!m) {
		if (!(p->m = realloc(p->m, (p->n + 1) * sizeof *p->m)))
			abort();
		m = &p->m[p->n++];
		if (!(m->name = strdup(name)))
			abort();
	} else {
		free(m->marks);
	}
	m->step = step;
	if (!(m->marks = strdup(marks)))
		abort();
}

/* Parse one line "NAME STEP MARKS"; 0 or -1 with why. */
static int parse_mark(learn_progress *p, char *line, const char **why)
{
	char *name, *step, *marks, *extra, *save, *end;
	unsigned long s;
	size_t i;

	name = strtok_r(line, " ", &save);
	step = strtok_r(NULL, " ", &save);
	marks = strtok_r(NULL, " ", &save);
	extra = strtok_r(NULL, " ", &save);
	if (!name || !step || !marks || extra) {
		*why = "a line is not NAME STEP MARKS";
		return -1;
	}
	for (i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '-' &&
		    name[i] != '_') {
			*why = "bad lesson name";
			return -1;
		}
	if (strlen(marks) > MARKS_MAX || strspn(marks, ".+s") != strlen(marks)) {
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
	if (learn_progress_get(p, name)) {
		*why = "a lesson appears twice";
		return -1;
	}
	put(p, name, s, marks);
	return 0;
}

/* Parse the whole file text; 0 or -1 with why. */
static int parse_progress(learn_progress *p, char *text, size_t len,
                          const char **why)
{
	char *line, *save;

	if (memchr(text, '\0', len)) {
		*why = "binary data";
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || !line[0])
			continue;
		if (parse_mark(p, line, why) < 0)
			return -1;
	}
	return 0;
}

/* Read path whole; NULL with errno (EFBIG if too big). */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	size_t n;

	if (!f)
		return NULL;
	if (!(buf = malloc(PROGRESS_MAX + 1)))
		abort();
	n = fread(buf, 1, PROGRESS_MAX + 1, f);
	if (ferror(f) || n > PROGRESS_MAX) {
		int e = ferror(f) ? errno : EFBIG;
		fclose(f);
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Move a bad progress file out of the way, saying so. */
static void set_aside(const char *path, const char *why, FILE *diag)
{
	char *aside;
	char stamp[32];
	time_t now = time(NULL);

	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
	if (asprintf(&aside, "%s.corrupt-%s", path, stamp) < 0)
		abort();
	if (rename(path, aside) == 0)
		fprintf(diag, "cfx: learn: the progress file could not be read "
		        "(%s); it was set aside as %s and progress starts "
		        "afresh\n", why, aside);
	else
		fprintf(diag, "cfx: learn: the progress file could not be read "
		        "(%s) nor set aside (%s); progress starts afresh\n", why,
		        strerror(errno));
	free(aside);
}

/* Load from path without reporting: 0 ok (missing is ok), -1 bad. */
static int load_quiet(learn_progress *p, const char *path, const char **why)
{
	size_t len = 0;
	char *text;
	int rc;

	if (!(text = slurp(path, &len))) {
		if (errno == ENOENT)
			return 0;
		*why = errno == EFBIG ? "too big" : strerror(errno);
		return -1;
	}
	rc = parse_progress(p, text, len, why);
	free(text);
	return rc;
}

void learn_progress_load(learn_progress *p, FILE *diag)
{
	const char *why = NULL;

	memset(p, 0, sizeof *p);
	if (!(p->path = progress_path()))
		return;
	if (load_quiet(p, p->path, &why) < 0) {
		char *path = p->path;
		p->path = NULL;
		learn_progress_free(p);
		p->path = path;
		set_aside(path, why, diag ? diag : stderr);
	}
}

/* Write p to its path through a synced temporary file and rename. */
static int write_atomic(const learn_progress *p, cfx_err *err)
{
	char *tmp, *dir, *slash;
	size_t i;
	FILE *f;
	int fd, ok;

	if (asprintf(&tmp, "%s.tmp.XXXXXX", p->path) < 0)
		abort();
	if ((fd = mkstemp(tmp)) < 0 || !(f = fdopen(fd, "w"))) {
		cfx_err_set(err, CFX_EIO, -1, p->path, "cannot write progress: %s",
		            strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return -1;
	}
	fprintf(f, "# cfx lesson progress: lesson, current step (0-based), one "
	        "mark a step\n# (+ solved, s skipped, . not yet).  Delete the "
	        "file to start over.\n");
	for (i = 0; i < p->n; i++) {
		fprintf(f, "%s %zu %s\n", p->m[i].name, p->m[i].step, p->m[i].marks);
		/* fault injection for the tests: die half-way through a save */
		if (i == 0 && getenv("CFX_TEST_CRASH_SAVE")) {
			fflush(f);
			_exit(99);
		}
	}
	ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
	ok = (fclose(f) == 0) && ok;
	if (!ok || rename(tmp, p->path) != 0) {
		cfx_err_set(err, CFX_EIO, -1, p->path, "cannot write progress: %s",
		            strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	/* make the rename itself durable */
	if (!(dir = strdup(p->path)))
		abort();
	if ((slash = strrchr(dir, '/'))) {
		*slash = '\0';
		if ((fd = open(dir, O_RDONLY | O_DIRECTORY)) >= 0) {
			fsync(fd);
			close(fd);
		}
	}
	free(dir);
	return 0;
}

int learn_progress_save(const char *name, size_t step, const char *marks,
                        FILE *diag, cfx_err *err)
{
	learn_progress p;
	int rc;

	learn_progress_load(&p, diag);
	if (!p.path) {
		learn_progress_free(&p);
		return cfx_err_set(err, CFX_EIO, -1, NULL, "no place for progress "
		                   "(set HOME or XDG_STATE_HOME)");
	}
	put(&p, name, step, marks);
	rc = write_atomic(&p, err);
	learn_progress_free(&p);
	return rc;
}
