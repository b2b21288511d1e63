/*
 * keysource.c - keys that come from the machine: key files, inode numbers
 * and malloc's addresses (see keysource.h).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/keysource.h"
#include "cfx/mem.h"
#include "cfx/textfile.h"

/* ---- growing arrays ---------------------------------------------------- */

static int grow(keysource_keys *set, size_t *cap, cfx_err *err)
{
	size_t ncap;
	uint64_t *k;

	if (set->made < *cap)
		return 0;
	if (*cap >= KEYSOURCE_MAX)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL,
		                   "more than 2^28 keys");
	ncap = *cap ? *cap * 2 : 4096;
	if (ncap > KEYSOURCE_MAX)
		ncap = KEYSOURCE_MAX;
	/* the keys and, later, their sort */
	if (mem_check(2 * ncap * sizeof *k, "the keys read", err) < 0)
		return -1;
	if (!(k = realloc(set->k, ncap * sizeof *k)))
		return mem_fail(ncap * sizeof *k, "the keys read", err);
	set->k = k;
	*cap = ncap;
	return 0;
}

/* ---- file:PATH --------------------------------------------------------- */

/* Parse one key, decimal or 0x hex with optional _ separators, modulo
 * 2^64 (wrapping arithmetic is exact modulo any 2^n, n <= 64). */
static int parse_key(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0, nd = 0;
	int base = 10;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	for (; i < len; i++) {
		int c = (unsigned char)s[i], d;

		if (c == '_' && nd && i + 1 < len)
			continue;
		if (isdigit(c))
			d = c - '0';
		else if (base == 16 && isxdigit(c))
			d = tolower(c) - 'a' + 10;
		else
			return -1;
		v = v * (uint64_t)base + (uint64_t)d;
		nd++;
	}
	if (!nd)
		return -1;
	*out = v;
	return 0;
}

static int read_file(keysource_keys *set, const char *path, uint64_t mask,
                     size_t count, const volatile sig_atomic_t *stop,
                     cfx_err *err)
{
	FILE *f = textfile_open(path, 1, stop, err);   /* a file or a pipe */
	char *line = NULL;
	size_t lcap = 0, cap = 0, lineno = 0, bytes = 0;
	ssize_t len;
	int rc = 0;

	if (!f && err && err->code == CFX_EINTR)
		return -1;
	if (!f) {
		char why[sizeof err->msg];
		memcpy(why, err->msg, sizeof why);
		return cfx_err_set_path(err, CFX_EIO, path, "cannot read key file: %s",
		                   why);
	}
	while ((count == 0 || set->made < count) &&
	       (len = textfile_line(f, &line, &lcap, stop, err)) != -1) {
		char *s = line, *hash, *e;
		uint64_t v;

		/* bounded as it comes: a pipe may never end */
		bytes += len >= 0 ? (size_t)len + 1 : 0;
		if ((rc = textfile_data_within(++lineno, bytes, "the key file",
		                               "(--count N takes the first N keys)",
		                               path, err)) < 0)
			break;
		if (len == -2 && err && err->code == CFX_EINTR) {
			rc = -1;          /* Ctrl-C: stopped, said as such */
			break;
		}
		if (len == -2) {      /* a NUL byte, an endless line */
			rc = cfx_err_at_line(err, path, lineno);
			break;
		}
		if ((hash = strchr(line, '#')))
			*hash = '\0';
		while (isspace((unsigned char)*s))
			s++;
		e = s + strlen(s);
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (e == s)
			continue;
		if (parse_key(s, (size_t)(e - s), &v) < 0) {
			/* its first word by the rule of a bad line: a key file named
			 * by mistake may be /etc/shadow ("root:$6$...") */
			cfx_err_set_word(err, CFX_ESYNTAX, s, (int)(e - s),
			                 "not a decimal or 0x hex integer");
			rc = cfx_err_at_line(err, path, lineno);
			break;
		}
		if ((rc = grow(set, &cap, err)) < 0)
			break;
		set->k[set->made++] = v & mask;
	}
	if (rc == 0 && set->made == 0)
		rc = cfx_err_set_path(err, CFX_EDOMAIN, path, "no keys in the key "
		                 "file");
	free(line);
	fclose(f);
	return rc;
}

/* ---- inodes:PATH ------------------------------------------------------- */

/* What a walk has come through, and what it may. */
typedef struct walk_state {
	size_t cap;          /* of set->k */
	size_t seen, max;    /* entries stat()ed, KEYSOURCE_INODES_MAX */
	const char *top;     /* the path asked for */
} walk_state;

static int walk(keysource_keys *set, walk_state *w, int at, const char *name,
                uint64_t mask, size_t count, int depth, cfx_err *err)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	int fd, rc = 0;

	if (++w->seen > w->max)
		return cfx_err_set_path(err, CFX_ELIMIT, w->top, "more than %zu "
		                   "files under the directory, the most a walk takes "
		                   "(--count N takes the "
		                   "first N)", w->max);
	if (fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return depth == 0 ? cfx_err_set_path(err, CFX_EIO, name,
		                                     "cannot read: %s",
		                                     strerror(errno))
		                  : 0;
	if ((rc = grow(set, &w->cap, err)) < 0)
		return rc;
	set->k[set->made++] = (uint64_t)st.st_ino & mask;
	if (!S_ISDIR(st.st_mode) || depth > 256)
		return 0;
	fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		if (fd >= 0)
			close(fd);
		/* an unreadable subdirectory is skipped, the top one is not */
		return depth == 0 ? cfx_err_set_path(err, CFX_EIO, name,
		                                     "cannot read: %s",
		                                     strerror(errno))
		                  : 0;
	}
	while (rc == 0 && (count == 0 || set->made < count) && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		rc = walk(set, w, dirfd(d), de->d_name, mask, count, depth + 1,
		          err);
	}
	closedir(d);
	return rc;
}

/* ---- malloc:SIZE -------------------------------------------------------- */

int keysource_malloc(keysource_keys *set, uint64_t size, uint64_t mask,
                     size_t count, cfx_err *err)
{
	void **obj;
	uint64_t *k;
	size_t i;

	if (count == 0)
		return cfx_err_set(err, CFX_EUSAGE, -1, NULL,
		                   "this key family needs a count");
	if (!(k = set->k = mem_big(count * sizeof *set->k, 0)))
		return mem_fail(count * sizeof *set->k, "the keys", err);
	if (size > KEYSOURCE_MALLOC_MAX / count)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL,
		                   "malloc keys would take more than 4 GiB");
	if (!(obj = malloc(count * sizeof *obj)))
		return mem_fail(count * sizeof *obj, "the malloc keys' list", err);
	/* all objects live at once, as in a real table */
	for (i = 0; i < count; i++) {
		if (!(obj[i] = malloc((size_t)size))) {
			while (i--)
				free(obj[i]);
			free(obj);
			return mem_fail((size_t)size * count, "the malloc keys",
			                err);
		}
		k[i] = (uint64_t)(uintptr_t)obj[i] & mask;
	}
	for (i = 0; i < count; i++)
		free(obj[i]);
	free(obj);
	set->made = count;
	return 0;
}

/* ---- the doors ----------------------------------------------------------- */

int keysource_file(keysource_keys *set, const char *path, uint64_t mask,
                   size_t count, const volatile sig_atomic_t *stop,
                   cfx_err *err)
{
	memset(set, 0, sizeof *set);
	return read_file(set, path, mask, count, stop, err);
}

int keysource_inodes(keysource_keys *set, const char *path, uint64_t mask,
                     size_t count, cfx_err *err)
{
	walk_state w = { 0, 0, KEYSOURCE_INODES_MAX, path };
	const char *test = getenv("CFX_TEST_INODES_MAX");

	if (test && *test && strtoull(test, NULL, 10) < w.max)
		w.max = (size_t)strtoull(test, NULL, 10);
	memset(set, 0, sizeof *set);
	return walk(set, &w, AT_FDCWD, path, mask, count, 0, err);
}
