/* safefile.c - files created where another user could plant a link (see
 * safefile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/safefile.h"
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

int safefile_dir_open(safefile_dir *d, const char *dir, cfx_err *err)
{
	struct stat st;
	char *real, *p;
	const char *why;
	int shared = 0, top;

	d->path = NULL;
	d->shared = 0;
	d->private_files = 0;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return cfx_err_set(err, CFX_EIO, -1, dir, "cannot make the "
		                   "directory: %s", strerror(errno));
	if (stat(dir, &st) < 0)
		return cfx_err_set(err, CFX_EIO, -1, dir, "cannot use the "
		                   "directory: %s", strerror(errno));
	if ((why = unsafe(&st, &shared)))
		return cfx_err_set(err, CFX_EIO, -1, dir, "refused: %s", why);
	d->shared = shared;
	/* the directories above it: a parent others can write lets them
	 * swap the directory itself */
	if (!(real = realpath(dir, NULL)))
		return cfx_err_set(err, CFX_EIO, -1, dir, "cannot use the "
		                   "directory: %s", strerror(errno));
	for (top = 0; !top;) {
		int sh = 0;
		if ((p = strrchr(real, '/')) == real)
			top = 1;
		if (p)
			p[top ? 1 : 0] = '\0';
		if (stat(real, &st) < 0 || (why = unsafe(&st, &sh))) {
			cfx_err_set(err, CFX_EIO, -1, real, "refused: the directory "
			            "above %s is %s", dir, why ? why :
			            strerror(errno));
			free(real);
			return -1;
		}
		if (!p)
			break;
	}
	free(real);
	if (access(dir, W_OK | X_OK) < 0)
		return cfx_err_set(err, CFX_EIO, -1, dir, "cannot write: %s",
		                   strerror(errno));
	d->path = xstrdup(dir);
	return 0;
}

void safefile_dir_close(safefile_dir *d)
{
	free(d->path);
	d->path = NULL;
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

int safefile_write(const safefile_dir *d, const char *name, const char *data,
                   size_t len, cfx_err *err)
{
	char *path = xasprintf("%s/%s", d->path, name), *tmp = NULL;
	int fd, e = 0;

	if (strchr(name, '/')) {
		e = EINVAL;
	} else if (d->shared) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		          d->private_files ? 0600 : 0644);
		if (fd < 0 && errno == EEXIST) {
			cfx_err_set(err, CFX_EIO, -1, path, "exists, in a directory "
			            "others can write: cfx makes only new files there");
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
		tmp = xasprintf("%s/.%s.XXXXXX", d->path, name);
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
	}
	if (e)
		cfx_err_set(err, CFX_EIO, -1, path, "cannot write: %s", strerror(e));
	free(tmp);
	free(path);
	return e ? -1 : 0;
}
