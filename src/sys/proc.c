/* proc.c - run a compiler or a program it made, safely (see proc.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cfx/proc.h"
#include "cfx/safefile.h"
#include "util/text.h"
#include "util/xalloc.h"

extern char **environ;

/* ---- the registry: what a fatal signal must undo ---------------------- */

#define SLOTS 16

static char reg_dir[SLOTS][PATH_MAX];
static volatile sig_atomic_t reg_dir_used[SLOTS];
static volatile pid_t reg_pid[SLOTS];
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static void (*fatal_hook)(int);
static void (*leave_hook)(void);   /* set and read atomically */

static int reg_dir_add(const char *dir)
{
	int i, slot = -1;

	if (strlen(dir) >= PATH_MAX)
		return -1;
	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < SLOTS; i++)
		if (!reg_dir_used[i]) {
			strcpy(reg_dir[i], dir);
			reg_dir_used[i] = 1;
			slot = i;
			break;
		}
	pthread_mutex_unlock(&reg_lock);
	return slot;
}

static void reg_dir_drop(int slot)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&reg_lock);
	reg_dir_used[slot] = 0;
	pthread_mutex_unlock(&reg_lock);
}

/* Files (not directories) a fatal signal removes: a progress file's
 * temporary copy while it is written (learn_store.c). */
static char reg_file[SLOTS][PATH_MAX];
static volatile sig_atomic_t reg_file_used[SLOTS];

int proc_file_add(const char *path)
{
	int i, slot = -1;

	if (strlen(path) >= PATH_MAX)
		return -1;
	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < SLOTS; i++)
		if (!reg_file_used[i]) {
			strcpy(reg_file[i], path);
			/* the path whole before a handler may read it */
			__atomic_store_n(&reg_file_used[i], 1, __ATOMIC_SEQ_CST);
			slot = i;
			break;
		}
	pthread_mutex_unlock(&reg_lock);
	return slot;
}

void proc_file_drop(int slot)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&reg_lock);
	__atomic_store_n(&reg_file_used[slot], 0, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&reg_lock);
}

static int reg_pid_add(pid_t pid)
{
	int i, slot = -1;

	pthread_mutex_lock(&reg_lock);
	for (i = 0; i < SLOTS; i++)
		if (reg_pid[i] <= 0) {
			reg_pid[i] = pid;
			slot = i;
			break;
		}
	pthread_mutex_unlock(&reg_lock);
	return slot;
}

static void reg_pid_drop(int slot)
{
	if (slot < 0)
		return;
	pthread_mutex_lock(&reg_lock);
	reg_pid[slot] = 0;
	pthread_mutex_unlock(&reg_lock);
}

/* Remove every entry of the directory open as fd, and of the directories
 * in it, to 256 levels (a compiler or its driver may make its own: the
 * tree was removed one level deep, then 16, and such a directory
 * stayed).  Only system calls, a 1 KiB buffer a level on the stack (256
 * KiB at most): safe in a signal handler. */
#define TREE_DEPTH 256
static void clear_dir(int fd, int depth)
{
	char buf[1024];
	long n;
	int pass, removed = 1;

	/* entries removed while the directory is read may hide others: read
	 * it again from the start while a pass removes any */
	for (pass = 0; removed && pass < 4; pass++) {
		removed = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
			long off = 0;
			while (off < n) {
				struct {
					unsigned long long ino;
					long long off;
					unsigned short reclen;
					unsigned char type;
					char name[];
				} *d = (void *)(buf + off);
				int sub;
				off += d->reclen;
				if (!strcmp(d->name, ".") || !strcmp(d->name, ".."))
					continue;
				if (unlinkat(fd, d->name, 0) == 0) {
					removed++;
					continue;
				}
				if (errno != EISDIR || depth >= TREE_DEPTH)
					continue;
				sub = openat(fd, d->name, O_RDONLY | O_DIRECTORY |
				             O_NOFOLLOW | O_CLOEXEC);
				if (sub >= 0) {
					clear_dir(sub, depth + 1);
					close(sub);
				}
				if (unlinkat(fd, d->name, AT_REMOVEDIR) == 0)
					removed++;
			}
		}
	}
}

/* Remove dir and everything in it (clear_dir's levels). */
static void remove_tree(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0) {
		clear_dir(fd, 1);
		close(fd);
	}
	rmdir(dir);
}

void proc_cleanup_now(void)
{
	int i, saved = errno;

	for (i = 0; i < SLOTS; i++) {
		pid_t pid = reg_pid[i];
		if (pid > 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
	}
	for (i = 0; i < SLOTS; i++)
		if (reg_dir_used[i])
			remove_tree(reg_dir[i]);
	for (i = 0; i < SLOTS; i++)
		if (reg_file_used[i])
			unlink(reg_file[i]);
	errno = saved;
}

void proc_on_fatal(void (*hook)(int sig))
{
	fatal_hook = hook;
}

void proc_fatal(int sig)
{
	if (fatal_hook)
		fatal_hook(sig);
	proc_cleanup_now();
	_exit(128 + sig);
}

void proc_on_leave(void (*leave)(void))
{
	__atomic_store_n(&leave_hook, leave, __ATOMIC_SEQ_CST);
}

void proc_leave(void)
{
	void (*leave)(void) = __atomic_exchange_n(&leave_hook, NULL,
	                                          __ATOMIC_SEQ_CST);

	if (leave)
		leave();
}

void proc_exit(int status)
{
	proc_leave();     /* where the caller has not: the screen at least */
	if (fatal_hook)
		fatal_hook(0);
	proc_cleanup_now();
	_exit(status);
}

static void on_fatal(int sig)
{
	static const char xfsz[] = "cfx: a file grew past the file size "
	                           "limit (ulimit -f)\n";
	ssize_t r;

	proc_leave();     /* a face's screen (the dashboard's), for the
	                   * signals it does not catch itself (SIGPIPE,
	                   * SIGVTALRM, ...: the alternate screen stayed) */
	/* the one signal that says what went wrong: said (bench under
	 * ulimit -f ended 153 silently) */
	if (sig == SIGXFSZ)
		r = write(STDERR_FILENO, xfsz, sizeof xfsz - 1);
	(void)r;
	proc_fatal(sig);
}

/* A fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE): the same cleanup, then the
 * signal again at its default action, so that cfx still ends by it (a
 * core, status 128 + sig from the shell) as it did. */
static void on_fault(int sig)
{
	proc_leave();
	if (fatal_hook)
		fatal_hook(sig);
	proc_cleanup_now();
	signal(sig, SIG_DFL);
	raise(sig);       /* delivered on return (sig is blocked until then);
	                   * a real fault happens again at its default */
}

/* Every signal whose default action ends the process, but SIGINT (the
 * commands' own: stop) and SIGKILL and the faults (on_fault), and the
 * real-time signals, SIGRTMIN to SIGRTMAX, beside them (issue 22: SIGVTALRM,
 * SIGPROF, SIGIO, SIGPWR, SIGABRT, SIGSYS, SIGTRAP and SIGSTKFLT left
 * /tmp/cfx-verify-* and a compiler running). */
const int proc_fatal_sigs[] = {
	SIGTERM, SIGHUP, SIGXFSZ, SIGXCPU, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGABRT, SIGSYS, SIGTRAP,
#ifdef SIGSTKFLT
	SIGSTKFLT,
#endif
#ifdef SIGEMT
	SIGEMT,
#endif
#ifdef SIGLOST
	SIGLOST,
#endif
	SIGPIPE, 0
};

void proc_fatal_signals(void)
{
	static const int faults[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
	struct sigaction sa, old;
	size_t i;
	int sig;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sigfillset(&sa.sa_mask);    /* one handler at a time */
	for (i = 0; proc_fatal_sigs[i]; i++) {
		sig = proc_fatal_sigs[i];
		/* a signal ignored by whoever started cfx stays so: SIGHUP
		 * (nohup), SIGPIPE (then a write fails and is reported) */
		if (sigaction(sig, NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN &&
		    (sig == SIGHUP || sig == SIGPIPE))
			continue;
		sigaction(sig, &sa, NULL);
	}
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaction(sig, &sa, NULL);
	/* the faults only where nothing else has them (a sanitizer's
	 * handler reports them: it stays) */
	sa.sa_handler = on_fault;
	for (i = 0; i < sizeof faults / sizeof *faults; i++)
		if (sigaction(faults[i], NULL, &old) == 0 &&
		    !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
			sigaction(faults[i], &sa, NULL);
}

/* ---- temporary directories ------------------------------------------- */

/* ENOSPC or EDQUOT: no room on the file system, or none for the user. */
static int full_errno(int e)
{
	return e == ENOSPC || e == EDQUOT;
}

/* The directory path is in (malloc'd). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash > path ? xstrndup(path, (size_t)(slash - path))
	       : xstrdup("/");
}

int proc_tmp_make(proc_tmp *t, const char *tag, cfx_err *err)
{
	const char *base = getenv("TMPDIR"), *name = "$TMPDIR";
	char *dir;
	cfx_err ce;

	t->dir = NULL;
	t->slot = -1;
	if (!base || base[0] != '/') {
		base = "/tmp";
		name = "/tmp";
	}
	/* another user who can rename a directory on the way could swap
	 * cfx's for one of their own while in use (their C compiled and
	 * run): refused, never a fall back */
	if (safefile_dir_check(base, &ce) < 0)
		return cfx_err_set_path(err, CFX_EIO, base, "%s is not safe for "
		                   "temporary files: %s", name,
		                   strncmp(ce.msg, "refused: ", 9) ? ce.msg
		                   : ce.msg + 9);
	dir = xasprintf("%s%scfx-%s-XXXXXX", base,
	                base[strlen(base) - 1] == '/' ? "" : "/", tag);
	if (strlen(dir) >= PATH_MAX) {
		free(dir);
		return cfx_err_set_path(err, CFX_EIO, base, "cannot make a temporary "
		                   "directory in %s: the path is too long", name);
	}
	if (!mkdtemp(dir)) {
		int e = errno;
		free(dir);
		/* the directory named before the reason ("in $TMPDIR"), its
		 * path after it, as every path is */
		return cfx_err_set_path(err, CFX_EIO, base, "cannot make a temporary "
		                   "directory in %s: %s", name, full_errno(e) ? "the "
		                   "temporary directory is full" : strerror(e));
	}
	t->dir = dir;
	t->slot = reg_dir_add(dir);
	return 0;
}

char *proc_tmp_path(const proc_tmp *t, const char *name)
{
	return xasprintf("%s/%s", t->dir, name);
}

int proc_tmp_write(const proc_tmp *t, const char *name, const char *text,
                   cfx_err *err)
{
	char *path = proc_tmp_path(t, name);
	size_t len = strlen(text), done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	              0600), e = 0;

	if (fd < 0)
		e = errno;
	while (!e && done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			e = w < 0 ? errno : EIO;
		else
			done += (size_t)w;
	}
	if (fd >= 0 && close(fd) < 0 && !e)
		e = errno;
	if (e && full_errno(e)) {
		char *base = dir_of(t->dir);
		cfx_err_set_path(err, CFX_EIO, base, "the temporary directory is "
		                 "full: cannot write %s", name);
		free(base);
	} else if (e) {
		cfx_err_set_path(err, CFX_EIO, path, "cannot write: %s", strerror(e));
	}
	free(path);
	return e ? -1 : 0;
}

void proc_tmp_remove(proc_tmp *t)
{
	if (!t->dir)
		return;
	remove_tree(t->dir);
	reg_dir_drop(t->slot);
	free(t->dir);
	t->dir = NULL;
	t->slot = -1;
}

/* Room for a compiler's files: a tiny source makes an object and a
 * program of some 20 KiB, and the compiler's own temporaries beside. */
#define TMP_ROOM (256 << 10)

char *proc_tmp_full(const proc_tmp *t, const char *log)
{
	const char *no_space[] = { strerror(ENOSPC), strerror(EDQUOT) };
	char *probe, line[512];
	int fd, full = 0, k;
	FILE *f;

	if (!t->dir)
		return NULL;
	/* what the compiler said, when it could write it */
	if (log && (f = fopen(log, "re"))) {
		while (!full && fgets(line, sizeof line, f))
			for (k = 0; k < 2; k++)
				full |= strstr(line, no_space[k]) != NULL;
		fclose(f);
	}
	/* else whether the room it needed is there now that it is gone: a
	 * file can be made (inodes), and the file system's free blocks, read
	 * rather than written (writing TMP_ROOM under a smaller file-size
	 * limit, ulimit -f, would end cfx itself with SIGXFSZ) */
	probe = proc_tmp_path(t, "room");
	if (!full && (fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	                        O_CLOEXEC, 0600)) >= 0) {
		struct statvfs sv;

		if (fstatvfs(fd, &sv) == 0)
			full = (unsigned long long)sv.f_bavail * sv.f_frsize <
			       TMP_ROOM;
		close(fd);
		unlink(probe);
	} else if (!full) {
		full = full_errno(errno);
	}
	free(probe);
	return full ? dir_of(t->dir) : NULL;
}

/* ---- the compiler ----------------------------------------------------- */

void proc_words_free(char **w)
{
	char **p;

	for (p = w; p && *p; p++)
		free(*p);
	free(w);
}

/* An executable regular file: a directory passes access(X_OK) too. */
static int runnable(const char *f)
{
	struct stat st;

	return access(f, X_OK) == 0 && stat(f, &st) == 0 && S_ISREG(st.st_mode);
}

char *proc_which(const char *name)
{
	const char *path = getenv("PATH");

	if (strchr(name, '/'))
		return runnable(name) ? xstrdup(name) : NULL;
	while (path && *path) {
		size_t k = strcspn(path, ":");
		char *f = xasprintf("%.*s/%s", (int)k, path, name);
		if (k && runnable(f))
			return f;
		free(f);
		path += k + (path[k] == ':');
	}
	return NULL;
}

char **proc_cc(int *n, const char **name)
{
	const char *cc = getenv("CC");
	text_words ws = { 0 };
	char **argv, *first;
	size_t i;
	int open;

	*n = 0;
	/* unset, empty or only blanks (CC="   ": no word to run): cc, as a
	 * CC of no words is no compiler named */
	if (!cc || !cc[strspn(cc, " \t\n")])
		cc = "cc";
	*name = cc;
	open = text_split(cc, 0, &ws, NULL) < 0;
	if (open || !ws.n || !(first = proc_which(ws.w[0].s))) {
		text_words_free(&ws);
		free(ws.w);
		*n = open ? -1 : 0;
		return NULL;
	}
	argv = xcalloc(ws.n + 1, sizeof *argv, "compiler words");
	argv[0] = first;
	for (i = 1; i < ws.n; i++)
		argv[i] = xstrdup(ws.w[i].s);
	*n = (int)ws.n;
	text_words_free(&ws);
	free(ws.w);
	return argv;
}

/* ---- running programs ------------------------------------------------- */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the processor time of a program and of what it started --------- */

/* Linux says, for each process, its processor time, its state and its
 * children (/proc/PID/stat, /proc/PID/task/TID/children): a limit on the
 * processor time that a compiler (gcc, and the cc1, as and ld it runs)
 * has used is the same on an idle machine and on one at load 12, where a
 * limit on the time of day turned a slow but working compile into "took
 * more than 10 s" (issue 21).  Where /proc cannot say, the wall clock
 * serves as before. */

#define GROUP_MAX 64               /* processes followed at once */

static long clock_ticks(void)
{
	static long hz;

	if (!hz && (hz = sysconf(_SC_CLK_TCK)) <= 0)
		hz = 100;
	return hz;
}

/* Read /proc/PID/stat: *ticks its own and its waited-for children's
 * processor time, *busy 1 when it runs or waits to run (R) or waits for
 * a disk (D).  Returns -1 when it is gone. */
static int stat_of(pid_t pid, unsigned long long *ticks, int *busy)
{
	char path[64], buf[1024], *p;
	unsigned long long ut, st, cut, cst;
	char state;
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* "pid (comm) state ppid pgrp session tty tpgid flags minflt
	 * cminflt majflt cmajflt utime stime cutime cstime ...": comm may
	 * hold spaces and ')', so the fields start after the last ')' */
	if (!(p = strrchr(buf, ')')) ||
	    sscanf(p + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu "
	           "%llu %llu %llu", &state, &ut, &st, &cut, &cst) != 5)
		return -1;
	*ticks += ut + st + cut + cst;
	*busy |= state == 'R' || state == 'D';
	return 0;
}

/* Add the children of every thread of pid to the list (up to max). */
static void children_of(pid_t pid, pid_t *list, int *n, int max)
{
	char path[320], buf[4096];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if (!(dir = opendir(path)))
		return;
	while ((d = readdir(dir)) && *n < max) {
		char *p, *end;
		ssize_t got;
		int fd;
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%d/task/%s/children",
		         (int)pid, d->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		got = read(fd, buf, sizeof buf - 1);
		close(fd);
		if (got <= 0)
			continue;
		buf[got] = '\0';
		for (p = buf; *n < max; p = end) {
			long c = strtol(p, &end, 10);
			if (end == p)
				break;
			if (c > 0)
				list[(*n)++] = (pid_t)c;
		}
	}
	closedir(dir);
}

/* The processor time in seconds of root and of every process it started
 * that is still there (a process's waited-for children are in its own
 * count), and in *busy whether any of them runs or waits to run; -1 when
 * root is gone. */
static double group_cpu(pid_t root, int *busy)
{
	pid_t list[GROUP_MAX];
	unsigned long long ticks = 0;
	int n = 1, i;

	*busy = 0;
	list[0] = root;
	for (i = 0; i < n; i++) {
		if (stat_of(list[i], &ticks, busy) < 0) {
			if (i == 0)
				return -1;
			continue;    /* ended meanwhile: its parent has it */
		}
		children_of(list[i], list, &n, GROUP_MAX);
	}
	return (double)ticks / (double)clock_ticks();
}

/* 1 when this kernel lists a thread's children (CONFIG_PROC_CHILDREN):
 * else a compiler's cc1 would go uncounted and the wall clock serves. */
static int group_cpu_works(void)
{
	static int works = -1;
	char path[64];

	if (works < 0) {
		snprintf(path, sizeof path, "/proc/%d/task/%d/children",
		         (int)getpid(), (int)getpid());
		works = access(path, R_OK) == 0;
	}
	return works;
}

double proc_limit(double limit)
{
	const char *e = getenv("CFX_TEST_TIME_LIMIT");
	char *end;
	double v;

	if (e && *e) {
		v = strtod(e, &end);
		if (!*end && v > 0 && isfinite(v))
			return v;
	}
	return limit;
}

/* A SIGCHLD ignored (by whoever started cfx) reaps children before
 * waitpid can: put it back to the default. */
static void sigchld_default(void)
{
	struct sigaction sa;

	if (sigaction(SIGCHLD, NULL, &sa) == 0 &&
	    (sa.sa_handler == SIG_IGN || (sa.sa_flags & SA_NOCLDWAIT))) {
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = SIG_DFL;
		sigaction(SIGCHLD, &sa, NULL);
	}
}

/* environ with TMPDIR=dir in place of any TMPDIR, malloc'd (the strings
 * are environ's but the new one). */
static char **env_with_tmpdir(const char *dir, char **own)
{
	size_t n = 0, k = 0, i;
	char **env;

	while (environ[n])
		n++;
	env = xcalloc(n + 2, sizeof *env, "environment");
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], "TMPDIR=", 7))
			env[k++] = environ[i];
	*own = env[k++] = xasprintf("TMPDIR=%s", dir);
	env[k] = NULL;
	return env;
}

int proc_start(proc_job *j, char *const argv[], const char *out,
               const char *tmpdir, double limit)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t all, none;
	char **env = environ, *own = NULL;
	int rc;

	memset(j, 0, sizeof *j);
	j->pid = -1;
	j->slot = -1;
	j->limit = proc_limit(limit);
	sigchld_default();
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out ? out : "/dev/null",
	                                 O_WRONLY | O_CREAT | O_TRUNC |
	                                 (out ? O_NOFOLLOW : 0), 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	/* its own process group: killed whole (the compiler's cc1, as, ld),
	 * and the terminal's Ctrl-C reaches cfx alone, which decides */
	posix_spawnattr_setpgroup(&at, 0);
	sigfillset(&all);
	sigdelset(&all, SIGKILL);
	sigdelset(&all, SIGSTOP);
	sigemptyset(&none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP |
	                         POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
	if (tmpdir)
		env = env_with_tmpdir(tmpdir, &own);
	rc = posix_spawn(&j->pid, argv[0], &fa, &at, argv, env);
	if (tmpdir) {
		free(own);
		free(env);
	}
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		j->pid = -1;
		j->end = PROC_NOSTART;
		j->code = rc;
		return -1;
	}
	j->slot = reg_pid_add(j->pid);
	j->started = j->active = now_s();
	j->deadline = j->started + (group_cpu_works() ? fmax(PROC_WALL_TIMES *
	              j->limit, PROC_WALL_LEAST) : j->limit);
	return 0;
}

/* 1 when j is past a limit (j->over says which): more than j->limit
 * seconds of processor time, none used and nothing running for j->limit
 * seconds in a row (a compiler asleep, or stopped), or PROC_WALL_TIMES
 * times j->limit of the time of day, PROC_WALL_LEAST at least (where
 * /proc cannot say, j->limit). */
static int over_limit(proc_job *j)
{
	double t = now_s(), cpu;
	int busy;

	if (t > j->deadline) {
		j->over = PROC_OVER_WALL;
		return 1;
	}
	if (!group_cpu_works() || (cpu = group_cpu(j->pid, &busy)) < 0)
		return 0;        /* ended meanwhile: waitpid will say */
	if (cpu > j->limit) {
		j->over = PROC_OVER_CPU;
		return 1;
	}
	if (busy || cpu > j->cpu) {
		j->cpu = cpu;
		j->active = t;
	} else if (t - j->active > j->limit) {
		j->over = PROC_OVER_IDLE;
		return 1;
	}
	return 0;
}

static void reaped(proc_job *j)
{
	reg_pid_drop(j->slot);
	j->slot = -1;
	j->pid = -1;
}

void proc_kill(proc_job *j)
{
	int status;

	if (j->pid <= 0)
		return;
	kill(-j->pid, SIGKILL);
	kill(j->pid, SIGKILL);
	while (waitpid(j->pid, &status, 0) < 0 && errno == EINTR)
		;
	reaped(j);
}

int proc_wait(proc_job *j, const volatile sig_atomic_t *stop)
{
	struct timespec nap = { 0, 1000000 };     /* 1 ms, then up to 20 */

	if (j->pid <= 0)
		return -1;
	for (;;) {
		int status = 0;
		pid_t r = waitpid(j->pid, &status, WNOHANG);
		if (r == j->pid) {
			reaped(j);
			if (WIFEXITED(status)) {
				j->end = PROC_EXITED;
				j->code = WEXITSTATUS(status);
			} else {
				j->end = PROC_SIGNALED;
				j->code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
			}
			return j->end == PROC_EXITED && j->code == 0 ? 0 : -1;
		}
		if (r < 0 && errno != EINTR) {
			/* not ours to wait for any more (should not happen now
			 * that SIGCHLD is at its default): not a success */
			j->end = PROC_NOSTART;
			j->code = errno;
			kill(-j->pid, SIGKILL);
			reaped(j);
			return -1;
		}
		if (stop && *stop) {
			proc_kill(j);
			j->end = PROC_STOPPED;
			return -1;
		}
		if (over_limit(j)) {
			proc_kill(j);
			j->end = PROC_TIMEOUT;
			return -1;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 20000000)
			nap.tv_nsec += 1000000;
	}
}

int proc_run(proc_job *j, char *const argv[], const char *out,
             const char *tmpdir, double limit,
             const volatile sig_atomic_t *stop)
{
	if (proc_start(j, argv, out, tmpdir, limit) < 0)
		return -1;
	return proc_wait(j, stop);
}

const char *proc_end_text(const proc_job *j, char *buf, size_t n)
{
	switch (j->end) {
	case PROC_EXITED:
		snprintf(buf, n, "exit status %d", j->code);
		break;
	case PROC_SIGNALED:
		snprintf(buf, n, "killed by signal %d (%s)", j->code,
		         strsignal(j->code));
		break;
	case PROC_TIMEOUT:
		if (j->over == PROC_OVER_IDLE)
			snprintf(buf, n, "did nothing for %g s", j->limit);
		else if (j->over == PROC_OVER_WALL)
			snprintf(buf, n, "still running after %g s",
			         j->deadline - j->started);
		else
			snprintf(buf, n, "took more than %g s of processor time",
			         j->limit);
		break;
	case PROC_STOPPED:
		snprintf(buf, n, "interrupted");
		break;
	default:
		snprintf(buf, n, "cannot run: %s", strerror(j->code));
		break;
	}
	return buf;
}

/* Remove every "dir/" from line (a compiler names the files it was given
 * by their paths in cfx's temporary directory: "k.c:3:1: error: ..."). */
static void drop_dir(char *line, const char *dir)
{
	size_t n = strlen(dir);
	char *at;

	while (n && (at = strstr(line, dir)) && at[n] == '/')
		memmove(at, at + n + 1, strlen(at + n + 1) + 1);
}

/* A driver's summary of a linker failure ("collect2: error: ld returned 1
 * exit status", clang's "error: linker command failed ..."): it says
 * "error" but not what went wrong; the linker's own line before it does
 * ("ld: cannot open output file k.so: Too many open files"). */
static int link_summary(const char *line)
{
	return (strncmp(line, "collect2:", 9) == 0 && strstr(line, "returned")) ||
	       strstr(line, "error: linker command failed") != NULL;
}

void proc_first_error(const char *path, const char *dir, char *buf, size_t n)
{
	char *line = xmalloc(n, "a compiler's line");
	char *prev = xmalloc(n, "a compiler's line");
	FILE *f;

	buf[0] = prev[0] = '\0';
	if (!path || !(f = fopen(path, "re"))) {
		free(line);
		free(prev);
		return;
	}
	while (fgets(line, (int)n, f)) {
		int err;
		line[strcspn(line, "\n")] = '\0';
		if (dir)
			drop_dir(line, dir);
		err = strstr(line, "error") != NULL;
		if (err && link_summary(line) && prev[0])
			snprintf(buf, n, "%s", prev);
		else if (!buf[0] || err)
			snprintf(buf, n, "%s", line);
		if (err)
			break;
		snprintf(prev, n, "%s", line);
	}
	fclose(f);
	free(line);
	free(prev);
}
