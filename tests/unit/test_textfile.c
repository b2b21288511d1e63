/*
 * test_textfile.c - bounded reading of text files (src/sys/textfile.c,
 * textfile.h), directly: what is opened and what refused, lines split as
 * the files written here were made, and every bound at its edge.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfx/textfile.h"
#include "testutil.h"

static char dir[] = "/tmp/cfx-test-textfile-XXXXXX";

static void setup(void)
{
	cr_assert(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(textfile, .init = setup, .fini = teardown);

/* A file of n bytes of data in the test's folder; its path in path. */
static void put(const char *name, const char *data, size_t n, char *path)
{
	FILE *f;

	snprintf(path, 256, "%s/%s", dir, name);
	cr_assert((f = fopen(path, "wb")));
	cr_assert_eq(fwrite(data, 1, n, f), n);
	cr_assert_eq(fclose(f), 0);
}

Test(textfile, open_what_is_a_file)
{
	char path[256];
	cfx_err err;
	FILE *f;

	put("a", "x\n", 2, path);
	cr_assert((f = textfile_open(path, 0, NULL, &err)));
	fclose(f);
	cr_assert_null(textfile_open(dir, 1, NULL, &err));
	cr_assert_eq(err.code, CFX_EIO);
	cr_assert_str_eq(err.msg, "a directory");
	cr_assert_str_eq(err.token, dir);
	/* the null device: empty where a pipe is taken (as a stdin of
	 * /dev/null), refused where only a regular file is; a device that
	 * never ends refused in both */
	cr_assert_not_null(f = textfile_open("/dev/null", 1, NULL, &err));
	cr_assert_eq(fgetc(f), EOF);
	fclose(f);
	cr_assert_null(textfile_open("/dev/null", 0, NULL, &err));
	cr_assert_eq(err.code, CFX_EIO);
	cr_assert_str_eq(err.token, "/dev/null");
	cr_assert_null(textfile_open("/dev/zero", 1, NULL, &err));
	cr_assert_eq(err.code, CFX_EIO);
	cr_assert_str_eq(err.msg, "not a regular file or pipe");
	cr_assert_str_eq(err.token, "/dev/zero");
	snprintf(path, sizeof path, "%s/none", dir);
	cr_assert_null(textfile_open(path, 0, NULL, &err));
	cr_assert_eq(err.code, CFX_EIO);
	cr_assert_str_eq(err.token, path);
}

/* a FIFO only when a stream is allowed; then read to its writer's end */
Test(textfile, fifo, .timeout = 20)
{
	char path[256], *buf = NULL;
	size_t cap = 0;
	cfx_err err;
	FILE *f;
	pid_t pid;
	int status;

	snprintf(path, sizeof path, "%s/fifo", dir);
	cr_assert_eq(mkfifo(path, 0600), 0);
	cr_assert_null(textfile_open(path, 0, NULL, &err));
	cr_assert_str_eq(err.msg, "not a regular file");
	pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_WRONLY);
		_exit(fd >= 0 && write(fd, "one\ntwo", 7) == 7 ? 0 : 1);
	}
	cr_assert((f = textfile_open(path, 1, NULL, &err)), "%s", err.msg);
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), 3);
	cr_assert_str_eq(buf, "one");
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), 3);
	cr_assert_str_eq(buf, "two");
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -1);
	fclose(f);
	free(buf);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* a writer that wrote and left before the FIFO is opened (another reader
 * kept the pipe and its data): the data, then the end; no wait for a
 * writer that will not come (textfile_open reopened the FIFO to wait, and
 * hung for good here) */
Test(textfile, fifo_writer_gone, .timeout = 20)
{
	char path[256], *buf = NULL;
	size_t cap = 0;
	cfx_err err;
	FILE *f;
	pid_t pid;
	int status, keep;

	snprintf(path, sizeof path, "%s/fifo2", dir);
	cr_assert_eq(mkfifo(path, 0600), 0);
	cr_assert((keep = open(path, O_RDONLY | O_NONBLOCK)) >= 0);
	pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_WRONLY);
		_exit(fd >= 0 && write(fd, "k1\nk2\n", 6) == 6 ? 0 : 1);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	cr_assert((f = textfile_open(path, 1, NULL, &err)), "%s", err.msg);
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), 2);
	cr_assert_str_eq(buf, "k1");
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), 2);
	cr_assert_str_eq(buf, "k2");
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -1);
	fclose(f);
	close(keep);
	free(buf);
}

Test(textfile, lines)
{
	static const char data[] = "a\n\nb c\r\nlast\r\r\nend";
	static const char *const expect[] = { "a", "", "b c", "last\r", "end" };
	char path[256], *buf = NULL;
	size_t cap = 0, i;
	cfx_err err;
	FILE *f;

	put("lines", data, sizeof data - 1, path);
	cr_assert((f = textfile_open(path, 0, NULL, &err)));
	for (i = 0; i < 5; i++) {
		cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), (ssize_t)strlen(expect[i]),
		             "line %zu", i);
		cr_assert_str_eq(buf, expect[i]);
	}
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -1);
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -1);
	fclose(f);
	free(buf);
	/* an empty file: the end at once */
	put("empty", "", 0, path);
	buf = NULL, cap = 0;
	cr_assert((f = textfile_open(path, 0, NULL, &err)));
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -1);
	fclose(f);
	free(buf);
}

/* TEXTFILE_LINE_MAX bytes are a line; one more is refused, its token how
 * the line begins */
Test(textfile, longest_line)
{
	size_t n = TEXTFILE_LINE_MAX;
	char *data = malloc(2 * n + 4), path[256], *buf = NULL;
	size_t cap = 0;
	cfx_err err;
	FILE *f;

	cr_assert(data);
	memset(data, 'k', n);
	data[n] = '\n';
	memset(data + n + 1, 'm', n + 1);
	data[2 * n + 2] = '\n';
	put("long", data, 2 * n + 3, path);
	cr_assert((f = textfile_open(path, 0, NULL, &err)));
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), (ssize_t)n);
	cr_assert_eq(strspn(buf, "k"), n);
	cr_assert(cap <= n + 2, "the buffer grew past the bound: %zu", cap);
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -2);
	cr_assert_eq(err.code, CFX_ELIMIT);
	cr_assert_str_eq(err.token, "mmmmmmmmmmmmmmmm...");   /* 16 bytes */
	fclose(f);
	free(buf);
	free(data);
}

Test(textfile, nul_byte)
{
	char path[256], *buf = NULL;
	size_t cap = 0;
	cfx_err err;
	FILE *f;

	put("nul", "fine\nab\0cd\n", 11, path);
	cr_assert((f = textfile_open(path, 0, NULL, &err)));
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), 4);
	cr_assert_eq(textfile_line(f, &buf, &cap, NULL, &err), -2);
	cr_assert_eq(err.code, CFX_ESYNTAX);
	cr_assert_str_eq(err.token, "\\x00");   /* the NUL, not the line */
	fclose(f);
	free(buf);
	cr_assert_null(textfile_read(path, 100, NULL, &err));
	cr_assert_eq(err.code, CFX_ESYNTAX);
}

/* read whole: exactly max bytes, then one more; sizes across the
 * growth steps (8192, doubling) */
Test(textfile, read_whole)
{
	static const size_t sizes[] = { 0, 1, 8191, 8192, 8193, 20000, 70000 };
	char path[256], *text;
	size_t i, j, len;
	cfx_err err;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		size_t n = sizes[i];
		char *data = malloc(n + 1);
		cr_assert(data);
		for (j = 0; j < n; j++)
			data[j] = (char)('a' + (j * 7) % 26);
		put("whole", data, n, path);
		text = textfile_read(path, n, &len, &err);
		cr_assert(text, "%zu bytes, max %zu: %s", n, n, err.msg);
		cr_assert_eq(len, n);
		cr_assert(!memcmp(text, data, n) && text[n] == '\0');
		free(text);
		if (n > 0) {
			cr_assert_null(textfile_read(path, n - 1, &len, &err), "%zu", n);
			cr_assert_eq(err.code, CFX_ELIMIT);
			cr_assert_str_eq(err.token, path);
		}
		free(data);
	}
	cr_assert_null(textfile_read(dir, 100, NULL, &err));
	cr_assert_str_eq(err.msg, "a directory");
}

Test(textfile, data_limits)
{
	cfx_err err;

	cr_assert_eq(textfile_data_within(TEXTFILE_DATA_LINES, TEXTFILE_DATA_BYTES,
	                                  "keys", NULL, "f", &err), 0);
	cr_assert_eq(textfile_data_within(TEXTFILE_DATA_LINES + 1, 10, "keys",
	                                  "(use --count)", "f", &err), -1);
	cr_assert_eq(err.code, CFX_ELIMIT);
	cr_assert_str_eq(err.token, "f");
	cr_assert_str_eq(err.msg, "keys has more than 2^22 lines (use --count)");
	cr_assert_eq(textfile_data_within(1, TEXTFILE_DATA_BYTES + 1, "samples",
	                                  NULL, "g", &err), -1);
	cr_assert_str_eq(err.msg, "samples is larger than 128 MiB");
	cr_assert_eq(TEXTFILE_DATA_LINES, (size_t)1 << 22);
	cr_assert_eq(TEXTFILE_DATA_BYTES, (size_t)128 << 20);
}

/* A signal whose handler does not set the caller's stop flag (a resize in
 * the dashboard, SIGWINCH; here SIGUSR1, caught without SA_RESTART) while
 * a FIFO is waited for and while it is read: the wait and the read go on,
 * every line is read (textfile turned any EINTR into Ctrl-C: the key file
 * ended with "interrupted", status 130).  SIGUSR2 sets the flag: that
 * stops the wait, said as CFX_EINTR. */
static volatile sig_atomic_t f11_stop;
static void f11_other(int sig) { (void)sig; }
static void f11_ctrl_c(int sig) { (void)sig; f11_stop = 1; }

/* A child that sends sig to the parent 5 times 50 ms apart, then (write
 * set) opens path, sends it 5 times more, writes "k1\nk2\n" and leaves. */
static pid_t f11_pester(const char *path, int sig, int write_too)
{
	pid_t parent = getpid(), pid = fork();
	int i, fd;

	cr_assert(pid >= 0);
	if (pid)
		return pid;
	for (i = 0; i < 5; i++) {
		usleep(50000);
		kill(parent, sig);
	}
	if (!write_too)
		_exit(0);
	if ((fd = open(path, O_WRONLY)) < 0)
		_exit(1);
	for (i = 0; i < 5; i++) {
		usleep(50000);
		kill(parent, sig);
	}
	_exit(write(fd, "k1\nk", 4) == 4 && usleep(50000) == 0 &&
	      kill(parent, sig) == 0 && write(fd, "2\n", 2) == 2 ? 0 : 1);
}

/* waitpid, again while the child's signals interrupt it */
static pid_t f11_wait(pid_t pid, int *status)
{
	pid_t r;

	while ((r = waitpid(pid, status, 0)) < 0 && errno == EINTR)
		;
	return r;
}

static void f11_catch(int sig, void (*fn)(int), struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;       /* no SA_RESTART: read and poll see EINTR */
	sigemptyset(&sa.sa_mask);
	cr_assert_eq(sigaction(sig, &sa, old), 0);
}

Test(textfile, other_signal_goes_on, .timeout = 20)
{
	char path[256], *buf = NULL;
	size_t cap = 0;
	cfx_err err;
	struct sigaction old;
	FILE *f;
	pid_t pid;
	int status;

	snprintf(path, sizeof path, "%s/fifo3", dir);
	cr_assert_eq(mkfifo(path, 0600), 0);
	f11_stop = 0;
	f11_catch(SIGUSR1, f11_other, &old);
	pid = f11_pester(path, SIGUSR1, 1);
	f = textfile_open(path, 1, &f11_stop, &err);
	cr_assert(f, "stopped by another signal: %s", err.msg);
	cr_assert_eq(textfile_line(f, &buf, &cap, &f11_stop, &err), 2, "%s",
	             err.msg);
	cr_assert_str_eq(buf, "k1");
	cr_assert_eq(textfile_line(f, &buf, &cap, &f11_stop, &err), 2, "%s",
	             err.msg);
	cr_assert_str_eq(buf, "k2");
	cr_assert_eq(textfile_line(f, &buf, &cap, &f11_stop, &err), -1);
	fclose(f);
	cr_assert_eq(f11_wait(pid, &status), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	sigaction(SIGUSR1, &old, NULL);
	free(buf);
}

Test(textfile, stop_flag_stops, .timeout = 20)
{
	char path[256];
	cfx_err err;
	struct sigaction old;
	pid_t pid;
	int status;

	snprintf(path, sizeof path, "%s/fifo4", dir);
	cr_assert_eq(mkfifo(path, 0600), 0);
	f11_stop = 0;
	f11_catch(SIGUSR2, f11_ctrl_c, &old);
	pid = f11_pester(path, SIGUSR2, 0);
	cr_assert_null(textfile_open(path, 1, &f11_stop, &err));
	cr_assert_eq(err.code, CFX_EINTR, "%s", err.msg);
	cr_assert_eq(f11_wait(pid, &status), pid);
	sigaction(SIGUSR2, &old, NULL);
}
