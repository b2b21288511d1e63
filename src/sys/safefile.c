/* safefile.c - files created where another user could plant a link (see
 * safefile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/safefile.h"
#include "cfx/textfile.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* NULL when st is a directory cfx may write in, else why not. */
static const char *unsafe(const struct stat *st, int *shared)
{
	if (!S_ISDIR(st->st_mode))
		return "not a directory";
	if (st->st_uid != 0 && st->st_uid != geteuid())
		return "owned by another user";
	if (st->st_mode & (S_IWGRP | S_IWOTH)) {
		if (!(st->st_mode & S_ISVTX))
			return "writable by others (and not sticky)";
		*shared = 1;
	}
	return NULL;
}

/* Fail with err naming path (and d->fault naming it whole). */
#define DIR_FAIL(d, err, path, ...) \
	(free((d)->fault), (d)->fault = xstrdup(path), \
	 cfx_err_set_path(err, CFX_EIO, path, __VA_ARGS__))

/* Fail: the directory at, above dir, is why (both named whole). */
static int above_fail(safefile_dir *d, cfx_err *err, const char *at,
                      const char *dir, const char *why)
{
	char *shown = xmalloc(CFX_ERR_SHOWN, "a path shown");

	DIR_FAIL(d, err, at, "refused: the directory above %s is %s",
	         cfx_err_shown(shown, dir), why);
	free(shown);
	return -1;
}

/* Every directory a path goes through, as given (lstat, so that a link
 * is judged by who may replace it: the link itself must be the user's or
 * root's, and the directory holding it is checked as any other) and as
 * resolved (realpath and each directory above it).  NULL when all are
 * safe, else why, with *at set to the component at fault (malloc'd). */
static const char *path_unsafe(const char *dir, char **at)
{
	struct stat st;
	char *p = xstrdup(dir), *q, *real;
	const char *why = NULL;
	int sh;

	*at = NULL;
	/* as given: "/a", "/a/b", ... ("/" below) */
	for (q = p; !why && q;) {
		char c = '\0';
		q = strchr(q + 1, '/');
		if (q) {
			c = *q;
			*q = '\0';
		}
		if (lstat(p, &st) < 0) {
			why = strerror(errno);
		} else if (S_ISLNK(st.st_mode)) {
			if (st.st_uid != 0 && st.st_uid != geteuid())
				why = "a symbolic link owned by another user";
		} else {
			sh = 0;
			why = unsafe(&st, &sh);
		}
		if (why)
			*at = xstrdup(p);
		if (q)
			*q = c;
	}
	free(p);
	if (why)
		return why;
	/* as resolved: the directory, then each one above it, to "/" */
	if (!(real = realpath(dir, NULL))) {
		*at = xstrdup(dir);
		return strerror(errno);
	}
	for (;;) {
		const char *r = real[0] ? real : "/";
		sh = 0;
		why = stat(r, &st) < 0 ? strerror(errno) : unsafe(&st, &sh);
		if (why) {
			*at = xstrdup(r);
			break;
		}
		if (!real[0] || !(q = strrchr(real, '/')))
			break;
		*q = '\0';
	}
	free(real);
	return why;
}

int safefile_dir_check(const char *dir, cfx_err *err)
{
	char *at;
	const char *why = path_unsafe(dir, &at);
	int rc = 0;

	if (why && !strcmp(at, dir)) {
		rc = cfx_err_set_path(err, CFX_EIO, dir, "refused: %s", why);
	} else if (why) {
		char *shown = xmalloc(CFX_ERR_SHOWN, "a path shown");
		rc = cfx_err_set_path(err, CFX_EIO, dir, "refused: %s, on its "
		                      "path, is %s", cfx_err_shown(shown, at), why);
		free(shown);
	}
	free(at);
	return rc;
}

/* The directory p is in, malloc'd: "/" for "/a", "." for "a" (trailing
 * slashes aside). */
static char *parent_of(const char *p)
{
	char *parent = xstrdup(p), *q;
	size_t n = strlen(parent);

	while (n > 1 && parent[n - 1] == '/')
		parent[--n] = '\0';
	if ((q = strrchr(parent, '/')))
		q[q == parent ? 1 : 0] = '\0';
	else
		strcpy(parent, ".");
	return parent;
}

/* What mkdir of a directory in up would do (up itself to be made just
 * before it when made is set): 0, or -1 with errno as mkdir would set
 * it. */
static int mkdir_would(const char *up, int made)
{
	struct stat st;

	if (made)
		return 0;
	if (stat(up, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	return access(up, W_OK | X_OK);
}

/* Make dir (mode), and before it up to `parents` missing directories
 * above it, from the top down: each only after the directory it is made
 * in passed safefile_dir_check, so that nothing is made where another
 * user could swap or repoint the way (where that directory is not one,
 * mkdir says why).  0, or -1 with err and d->fault naming the directory
 * at fault whole.  dry: nothing made, each mkdir only judged. */
static int make_levels(safefile_dir *d, const char *dir, int parents,
                       mode_t mode, int dry, cfx_err *err)
{
	char *level[16];
	struct stat st;
	int n = 0, k, rc = 0, made = 0;
	const char *why;
	char *at;

	if (parents > 15)
		parents = 15;
	/* the missing levels, dir first, up to the first that is there */
	level[n++] = xstrdup(dir);
	while (n <= parents && lstat(level[n - 1], &st) < 0) {
		level[n] = parent_of(level[n - 1]);
		if (!strcmp(level[n], level[n - 1])) {
			free(level[n]);
			break;
		}
		n++;
	}
	for (k = n - 1; k >= 0 && !rc; k--) {
		char *up = parent_of(level[k]);
		if (lstat(level[k], &st) == 0) {
			free(up);
			continue;
		}
		if (stat(up, &st) == 0 && S_ISDIR(st.st_mode) &&
		    (why = path_unsafe(up, &at))) {
			rc = above_fail(d, err, at, level[k], why);
			free(at);
		} else if (dry ? mkdir_would(up, made) < 0 :
		           mkdir(level[k], mode) < 0 && errno != EEXIST) {
			d->fault_errno = errno;
			rc = DIR_FAIL(d, err, level[k], "cannot make the directory: "
			              "%s", strerror(d->fault_errno));
		}
		made = 1;
		free(up);
	}
	for (k = 0; k < n; k++)
		free(level[k]);
	return rc;
}

int safefile_dir_open(safefile_dir *d, const char *dir, cfx_err *err)
{
	return safefile_dir_make(d, dir, 0, 0755, err);
}

/* safefile_dir_make, or (dry) safefile_dir_would_make. */
static int dir_make(safefile_dir *d, const char *dir, int parents,
                    mode_t mode, int dry, cfx_err *err)
{
	struct stat st;
	const char *why;
	int shared = 0;

	d->path = NULL;
	d->fault = NULL;
	d->fault_errno = 0;
	d->shared = 0;
	d->private_files = 0;
	if (make_levels(d, dir, parents, mode, dry, err) < 0)
		return -1;
	if (dry && lstat(dir, &st) < 0)
		return 0;             /* it would be made: the user's, mode */
	if (stat(dir, &st) < 0)
		return DIR_FAIL(d, err, dir, "cannot use the directory: %s",
		                strerror(errno));
	if ((why = unsafe(&st, &shared)))
		return DIR_FAIL(d, err, dir, "refused: %s", why);
	d->shared = shared;
	/* the directories above it, as given (a link another user owns
	 * could be repointed) and as resolved: a parent others can write
	 * lets them swap the directory itself */
	{
		char *at;
		if ((why = path_unsafe(dir, &at))) {
			above_fail(d, err, at, dir, why);
			free(at);
			return -1;
		}
	}
	if (access(dir, W_OK | X_OK) < 0)
		return DIR_FAIL(d, err, dir, "cannot write: %s", strerror(errno));
	d->path = xstrdup(dir);
	return 0;
}

int safefile_dir_make(safefile_dir *d, const char *dir, int parents,
                      mode_t mode, cfx_err *err)
{
	return dir_make(d, dir, parents, mode, 0, err);
}

int safefile_dir_would_make(safefile_dir *d, const char *dir, int parents,
                            cfx_err *err)
{
	return dir_make(d, dir, parents, 0700, 1, err);
}

void safefile_dir_close(safefile_dir *d)
{
	free(d->path);
	free(d->fault);
	d->path = NULL;
	d->fault = NULL;
}

static int write_all(int fd, const char *data, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? errno : EIO;
		done += (size_t)w;
	}
	return 0;
}

/* Write data whole under a temporary name in d and rename it to path:
 * 0 or an errno. */
static int replace_whole(const safefile_dir *d, const char *name,
                         const char *path, const char *data, size_t len)
{
	char *tmp = xasprintf("%s/.%s.XXXXXX", d->path, name);
	int fd, e;

	if ((fd = mkstemp(tmp)) < 0) {
		e = errno;
	} else {
		/* mkstemp's 0600 made what the umask would */
		mode_t mask = umask(077);
		umask(mask);
		fchmod(fd, d->private_files ? 0600 : 0666 & ~mask);
		e = write_all(fd, data, len);
		if (close(fd) < 0 && !e)
			e = errno;
		if (!e && rename(tmp, path) < 0)
			e = errno;
		if (e)
			unlink(tmp);
	}
	free(tmp);
	return e;
}

/* "exists, in a directory others can write" for path: -1 with err. */
static int exists_shared(const char *path, cfx_err *err)
{
	return cfx_err_set_path(err, CFX_EIO, path, "exists, in a directory "
	                        "others can write: cfx makes only new files "
	                        "there");
}

int safefile_can_write(const safefile_dir *d, const char *name, cfx_err *err)
{
	char *path = xasprintf("%s/%s", d->path, name);
	struct stat st;
	int rc = 0;

	if (d->shared && lstat(path, &st) == 0)
		rc = exists_shared(path, err);
	free(path);
	return rc;
}

int safefile_write(const safefile_dir *d, const char *name, const char *data,
                   size_t len, cfx_err *err)
{
	char *path = xasprintf("%s/%s", d->path, name);
	int fd, e = 0;

	if (strchr(name, '/')) {
		e = EINVAL;
	} else if (d->shared) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		          d->private_files ? 0600 : 0644);
		if (fd < 0 && errno == EEXIST) {
			exists_shared(path, err);
			free(path);
			return -1;
		}
		if (fd < 0) {
			e = errno;
		} else {
			e = write_all(fd, data, len);
			if (close(fd) < 0 && !e)
				e = errno;
			if (e)
				unlink(path);
		}
	} else {
		e = replace_whole(d, name, path, data, len);
	}
	if (e)
		cfx_err_set_path(err, CFX_EIO, path, "cannot write: %s", strerror(e));
	free(path);
	return e ? -1 : 0;
}

/* The file path in d opened to append and locked: a link in its place
 * replaced (in the user's own directory) or refused; opened again while
 * the one locked is not the one at path any more (another process
 * renamed a new one into place while this one waited).  The fd, or -1
 * with err. */
static int open_locked(const safefile_dir *d, const char *path, cfx_err *err)
{
	struct stat fst, pst;
	int fd, tries;

	for (tries = 0; tries < 1000; tries++) {
		fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW |
		          O_NONBLOCK | O_CLOEXEC, d->private_files ? 0600 : 0666);
		if (fd < 0 && errno == ELOOP && !d->shared) {
			if (unlink(path) < 0 && errno != ENOENT)
				break;
			continue;
		}
		if (fd < 0 && errno == ELOOP)
			return cfx_err_set_path(err, CFX_EIO, path, "a symbolic "
			                   "link, in a directory others can write: "
			                   "not followed");
		if (fd < 0)
			break;
		while (flock(fd, LOCK_EX) < 0)
			if (errno != EINTR) {
				int e = errno;
				close(fd);
				errno = e;
				goto fail;
			}
		if (fstat(fd, &fst) < 0) {
			int e = errno;
			close(fd);
			errno = e;
			break;
		}
		if (lstat(path, &pst) == 0 && pst.st_dev == fst.st_dev &&
		    pst.st_ino == fst.st_ino) {
			const char *why = !S_ISREG(fst.st_mode) ? "not a regular file"
			    : d->shared && (fst.st_uid != geteuid() ||
			                    fst.st_nlink != 1)
			    ? "another user's, in a directory others can write"
			    : NULL;
			if (!why)
				return fd;
			close(fd);
			return cfx_err_set_path(err, CFX_EIO, path, "%s", why);
		}
		close(fd);
	}
fail:
	return cfx_err_set_path(err, CFX_EIO, path, "cannot write: %s",
	                   strerror(errno ? errno : EAGAIN));
}

int safefile_append_line(const safefile_dir *d, const char *name,
                         const char *line, size_t max_lines, size_t max_bytes,
                         cfx_err *err)
{
	char *path = xasprintf("%s/%s", d->path, name), *old = NULL, *all;
	const char *from, *nl;
	struct buf b = { 0 };
	size_t len = 0, n = 0, ll = strlen(line);
	int fd, e = 0;

	if (strchr(name, '/') || memchr(line, '\n', ll) || max_lines < 1) {
		cfx_err_set_path(err, CFX_EIO, path, "cannot write: %s",
		            strerror(EINVAL));
		free(path);
		return -1;
	}
	if ((fd = open_locked(d, path, err)) < 0) {
		free(path);
		return -1;
	}
	/* the lines as they are (every writer holds the lock), then the new
	 * one on a line of its own */
	if (!(old = textfile_read(path, max_bytes, &len, err))) {
		close(fd);
		free(path);
		return -1;
	}
	buf_add(&b, old, len);
	if (len && old[len - 1] != '\n')
		buf_putc(&b, '\n');
	buf_add(&b, line, ll);
	buf_putc(&b, '\n');
	all = buf_take(&b);
	for (from = all; (nl = strchr(from, '\n')); from = nl + 1)
		n++;
	if (n <= max_lines) {
		e = write_all(fd, all + len, strlen(all + len)); /* one write */
	} else {
		for (from = all; n > max_lines; n--)
			from = strchr(from, '\n') + 1;
		e = replace_whole(d, name, path, from, strlen(from));
	}
	if (e)
		cfx_err_set_path(err, CFX_EIO, path, "cannot write: %s", strerror(e));
	free(all);
	free(old);
	close(fd);                          /* the lock with it */
	free(path);
	return e ? -1 : 0;
}
