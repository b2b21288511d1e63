/* textfile.c - bounded reading of text files (textfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/textfile.h"
#include "util/xalloc.h"

/* Whether a call that failed with errno EINTR is to be made again: not
 * once the caller's stop flag is set (Ctrl-C), else (another signal's
 * handler ran) yes. */
static int again(const volatile sig_atomic_t *stop)
{
	return errno == EINTR && !(stop && *stop);
}

/* st is the null device (/dev/null by another name too): it reads as
 * empty, as `cfx < /dev/null` does.  Other devices never end (zero,
 * urandom) or wait for a person (a terminal): still refused. */
static int null_device(const struct stat *st)
{
	struct stat n;

	return S_ISCHR(st->st_mode) && stat("/dev/null", &n) == 0 &&
	       S_ISCHR(n.st_mode) && n.st_rdev == st->st_rdev;
}

int textfile_stdin_check(const char *token, cfx_err *err)
{
	struct stat st;
	int fl = fcntl(STDIN_FILENO, F_GETFL);

	if (fl >= 0 && (fl & O_ACCMODE) != O_WRONLY)
		return 0;
	/* closed, or held for writing by main (hold_std_fds): closed */
	if (fl < 0 || (fstat(STDIN_FILENO, &st) == 0 && null_device(&st)))
		return cfx_err_set(err, CFX_EIO, -1, token, "standard input is "
		                   "closed");
	return cfx_err_set(err, CFX_EIO, -1, token, "standard input is open "
	                   "for writing only");
}

/* Whether path names descriptor 0 itself (/dev/stdin, /dev/fd/0,
 * /proc/self/fd/0): on the way its links take, /proc/PID/fd/0 (this
 * process's), which is not followed further (its target is what the
 * descriptor holds: /dev/null by any name would be taken for it). */
static int names_fd0(const char *path)
{
	char cur[PATH_MAX], link[PATH_MAX], fd_dir[64];
	int i;

	snprintf(fd_dir, sizeof fd_dir, "/proc/%ld/fd", (long)getpid());
	if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur)
		return 0;
	for (i = 0; i < 8; i++) {        /* a few links deep at most */
		char *slash = strrchr(cur, '/'), *dir;
		ssize_t n;
		int yes;

		if (slash && !strcmp(slash + 1, "0")) {
			*slash = '\0';
			dir = realpath(cur[0] ? cur : "/", NULL);
			*slash = '/';
			yes = dir && !strcmp(dir, fd_dir);
			free(dir);
			if (yes)
				return 1;
		}
		if ((n = readlink(cur, link, sizeof link - 1)) < 0)
			return 0;
		link[n] = '\0';
		if (link[0] != '/' && slash) {   /* from the link's directory */
			size_t keep = (size_t)(slash - cur) + 1;
			if (keep + (size_t)n >= sizeof cur)
				return 0;
			memcpy(cur + keep, link, (size_t)n + 1);
		} else
			memcpy(cur, link, (size_t)n + 1);
	}
	return 0;
}

FILE *textfile_open(const char *path, int stream,
                    const volatile sig_atomic_t *stop, cfx_err *err)
{
	struct stat st;
	FILE *f;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0) {
		cfx_err_set_path(err, CFX_EIO, path, "%s",
		            strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !(S_ISREG(st.st_mode) ||
	    (stream && (S_ISFIFO(st.st_mode) || null_device(&st))))) {
		cfx_err_set_path(err, CFX_EIO, path, "%s", S_ISDIR(st.st_mode) ?
		            "a directory" : stream ? "not a regular file or pipe" :
		            "not a regular file");
		close(fd);
		return NULL;
	}
	/* /dev/stdin with stdin closed: main's stand-in (the null device,
	 * held for writing) would read as empty, a review of nothing */
	if (null_device(&st) && names_fd0(path) &&
	    textfile_stdin_check(NULL, NULL) < 0) {
		cfx_err_set_path(err, CFX_EIO, path, "standard input is closed");
		close(fd);
		return NULL;
	}
	if (S_ISFIFO(st.st_mode)) {
		/* a named pipe with no writer yet reads as empty (end of file at
		 * once) through the descriptor opened not to wait.  Wait on that
		 * descriptor for data or for a writer come and gone (Linux sets
		 * POLLHUP on a fresh reader only once a writer has left), then
		 * read it blocking.  Opening it again to wait, as cat does, would
		 * hang for good when the writer wrote and left in between, and
		 * its data would be lost with this descriptor. */
		struct pollfd pf = { fd, POLLIN, 0 };
		int fl, r;
		/* a tenth of a second at a time: a Ctrl-C that came before
		 * the wait began (while an earlier file was read: issue 22, `cfx
		 * stats bigfile fifo`) interrupts no poll, and is seen here */
		do {
			if (stop && *stop) {
				errno = EINTR;
				r = -1;
				break;
			}
			r = poll(&pf, 1, 100);
		} while (r == 0 || (r < 0 && again(stop)));
		if (r < 0 || (fl = fcntl(fd, F_GETFL)) < 0 ||
		    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
			/* Ctrl-C while waiting for a writer: stopped, not broken */
			if (errno == EINTR)
				cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
			else
				cfx_err_set_path(err, CFX_EIO, path, "%s",
				            strerror(errno));
			close(fd);
			return NULL;
		}
	}
	if (!(f = fdopen(fd, "r"))) {
		cfx_err_set_path(err, CFX_EIO, path, "%s",
		            strerror(errno));
		close(fd);
	}
	return f;
}

ssize_t textfile_line(FILE *f, char **buf, size_t *cap,
                      const volatile sig_atomic_t *stop, cfx_err *err)
{
	size_t n = 0;
	int c;

	for (;;) {
		c = getc_unlocked(f);
		if (c == EOF && ferror(f) && again(stop)) {
			clearerr(f);      /* another signal: the read goes on */
			continue;
		}
		if (c == EOF || c == '\n')
			break;
		/* the token by the rule of a bad line (cfx_err_word): the NUL
		 * byte, or how the line begins; never the line */
		if (c == '\0') {
			cfx_err_set_word(err, CFX_ESYNTAX, "", 1, "a NUL byte in the "
			                 "line");
			return -2;
		}
		if (n == TEXTFILE_LINE_MAX) {
			cfx_err_set_word(err, CFX_ELIMIT, *buf, (int)n, "the line is "
			                 "longer than %d bytes", TEXTFILE_LINE_MAX);
			return -2;
		}
		if (n + 2 > *cap) {
			size_t ncap = *cap ? 2 * *cap : 256;
			if (ncap > TEXTFILE_LINE_MAX + 2)
				ncap = TEXTFILE_LINE_MAX + 2;
			*buf = xrealloc(*buf, ncap, "a line");
			*cap = ncap;
		}
		(*buf)[n++] = (char)c;
	}
	if (ferror(f)) {
		if (errno == EINTR)      /* Ctrl-C (stop) while a pipe's writer waits */
			cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
		else
			cfx_err_set(err, CFX_EIO, -1, NULL, "%s", strerror(errno));
		return -2;
	}
	if (c == EOF && n == 0)
		return -1;
	if (!*buf)
		*buf = xmalloc(*cap = 256, "a line");
	if (n && (*buf)[n - 1] == '\r')
		n--;
	(*buf)[n] = '\0';
	return (ssize_t)n;
}

int textfile_data_within(size_t lines, size_t bytes, const char *what,
                         const char *hint, const char *path, cfx_err *err)
{
	if (lines > TEXTFILE_DATA_LINES)
		return cfx_err_set_path(err, CFX_ELIMIT, path, "%s has more than "
		                   "2^22 lines%s%s", what, hint ? " " : "",
		                   hint ? hint : "");
	if (bytes > TEXTFILE_DATA_BYTES)
		return cfx_err_set_path(err, CFX_ELIMIT, path, "%s is larger than "
		                   "128 MiB%s%s", what, hint ? " " : "",
		                   hint ? hint : "");
	return 0;
}

char *textfile_read(const char *path, size_t max, size_t *len, cfx_err *err)
{
	FILE *f = textfile_open(path, 0, NULL, err);
	char *text = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {            /* grow as the file turns out to be, up to max + 1 */
		if (n == cap) {
			cap = cap ? 2 * cap : 8192;
			if (cap > max + 1)
				cap = max + 1;
			text = xrealloc(text, cap + 1, "a file's text");
		}
		got = fread(text + n, 1, cap - n, f);
		n += got;
	} while (got && n <= max);
	if (ferror(f) || n > max || memchr(text, '\0', n)) {
		if (ferror(f))
			cfx_err_set_path(err, CFX_EIO, path, "%s",
			            strerror(errno));
		else if (n > max)
			cfx_err_set_path(err, CFX_ELIMIT, path, "too big (at most %zu "
			            "bytes)", max);
		else
			cfx_err_set_path(err, CFX_ESYNTAX, path, "binary data (a NUL "
			            "byte)");
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	text[n] = '\0';
	if (len)
		*len = n;
	return text;
}
