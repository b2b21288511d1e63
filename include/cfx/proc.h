/*
 * proc.h - run a compiler or a program it made, safely (prefix proc_).
 *
 * `cfx bench` and verify's compiled check run the system's C compiler and
 * then a program it built.  Everything they need from the machine is here:
 *
 * * a private temporary directory (mode 0700, made by mkdtemp under
 *   $TMPDIR, else /tmp), registered so that proc_fatal removes it with
 *   everything in it on SIGTERM, SIGHUP, SIGXFSZ or a second Ctrl-C;
 * * $CC split into words as a shell splits them ('...' and "..." group),
 *   its first word looked up on PATH: "ccache gcc" and "gcc -m64" work;
 * * a program run without a shell, in its own process group, signals at
 *   their defaults in the child, stdin from /dev/null, stdout and stderr
 *   to a file, under a time limit and the caller's stop flag (a SIGCHLD
 *   inherited as ignored is reset first, so its status can be read).
 *   The limit is of processor time, the program's and that of every
 *   process it started (a compiler's cc1, as, ld), so that a loaded
 *   machine does not turn a slow compile into a failure; a program that
 *   uses none and has nothing running for as long (asleep, waiting for
 *   ever) is stopped too, and so is one still running after
 *   PROC_WALL_TIMES times the limit of the time of day (PROC_WALL_LEAST
 *   at least: under load a short limit is soon reached).  Where /proc
 *   cannot say (no /proc/PID/task/TID/children), the limit is of the
 *   time of day.
 *
 * CFX_TEST_TIME_LIMIT (seconds, > 0) replaces every time limit (tests).
 */
#ifndef CFX_PROC_H
#define CFX_PROC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "cfx/err.h"

/* ---- temporary directories ------------------------------------------- */

typedef struct proc_tmp {
	char *dir;                 /* malloc'd path, NULL when none */
	int slot;                  /* registry slot, -1 when none */
} proc_tmp;

/* Make a private directory "$TMPDIR/cfx-TAG-XXXXXX" (TAG short, [a-z]).
 * Returns 0, or -1 with err (CFX_EIO, naming the parent directory). */
int proc_tmp_make(proc_tmp *t, const char *tag, cfx_err *err);

/* "DIR/name", malloc'd. */
char *proc_tmp_path(const proc_tmp *t, const char *name);

/* Create DIR/name (a new file: O_EXCL, O_NOFOLLOW, mode 0600) holding
 * text.  Returns 0, or -1 with err (CFX_EIO). */
int proc_tmp_write(const proc_tmp *t, const char *name, const char *text,
                   cfx_err *err);

/* Remove the directory and every file in it; no operation when none. */
void proc_tmp_remove(proc_tmp *t);

/* After a compiler or a program it made failed in t: the directory t was
 * made in ($TMPDIR, else /tmp), malloc'd, when its file system is full
 * (the log file, which may be NULL, says "No space left on device" or
 * "Disk quota exceeded", or 256 KiB cannot be had there now: ENOSPC,
 * EDQUOT), for the message to name; else NULL.  (A full directory loses
 * the compiler's message too: it said only "exit status 1".)  Also
 * proc_tmp_make and proc_tmp_write say "the temporary directory is full"
 * then. */
char *proc_tmp_full(const proc_tmp *t, const char *log);

/* ---- the compiler ----------------------------------------------------- */

/* The words of $CC (else "cc": unset, empty or only blanks), the first
 * resolved on PATH, in a
 * NULL-terminated malloc'd vector (free with proc_words_free), their
 * number in *n.  NULL when the first word names no executable file or
 * $CC is empty after splitting (*n = 0), or a quote is left open (*n =
 * -1: a shell refuses it too); *name then says what was looked for
 * ($CC itself, or "cc": not to be freed). */
char **proc_cc(int *n, const char **name);

/* name as a shell finds a program: itself when it holds a '/', else the
 * first PATH directory (empty entries skipped) holding it, malloc'd; NULL
 * unless that is an executable regular file. */
char *proc_which(const char *name);
void proc_words_free(char **w);

/* ---- running programs ------------------------------------------------- */

typedef enum {
	PROC_EXITED,               /* code is the exit status */
	PROC_SIGNALED,             /* code is the signal that ended it */
	PROC_TIMEOUT,              /* over its time limit: killed */
	PROC_STOPPED,              /* the stop flag was set: killed */
	PROC_NOSTART               /* could not start: code is errno */
} proc_end;

#define PROC_WALL_TIMES 10          /* the time of day: 10 limits, */
#define PROC_WALL_LEAST 120.0       /* and 2 minutes at least */

typedef enum {
	PROC_OVER_CPU,             /* more than limit s of processor time */
	PROC_OVER_IDLE,            /* none used, nothing running, for limit s */
	PROC_OVER_WALL             /* the time of day's limit */
} proc_over;

typedef struct proc_job {
	pid_t pid;                 /* -1 when none runs */
	int slot;                  /* registry slot */
	double started;            /* CLOCK_MONOTONIC seconds */
	double deadline;           /* CLOCK_MONOTONIC seconds: the clock's */
	double limit;              /* seconds of processor time */
	double cpu;                /* processor time seen so far */
	double active;             /* when it last used some, or ran */
	proc_over over;            /* the limit reached (PROC_TIMEOUT) */
	proc_end end;
	int code;
} proc_job;

/* Start argv (argv[0] a path) with stdout and stderr to out (created
 * 0600, or /dev/null when NULL), $TMPDIR set to tmpdir when not NULL, a
 * time limit of limit seconds.  Returns 0, or -1 with j->end =
 * PROC_NOSTART and j->code = errno. */
int proc_start(proc_job *j, char *const argv[], const char *out,
               const char *tmpdir, double limit);

/* Wait for j: polls stop (may be NULL) and the time limits, kills the
 * process group when one is reached.  Returns 0 when it exited with
 * status 0, else -1; j->end and j->code say how it ended. */
int proc_wait(proc_job *j, const volatile sig_atomic_t *stop);

/* proc_start and proc_wait together. */
int proc_run(proc_job *j, char *const argv[], const char *out,
             const char *tmpdir, double limit,
             const volatile sig_atomic_t *stop);

/* Kill j's process group and reap it; no operation when none runs. */
void proc_kill(proc_job *j);

/* How j ended, in words: "exit status 1", "killed by signal 11
 * (Segmentation fault)", "took more than 10 s of processor time", "did
 * nothing for 10 s", "still running after 120 s", "interrupted", "cannot
 * run: Permission denied". */
const char *proc_end_text(const proc_job *j, char *buf, size_t n);

/* The first line of file path that says "error" (else its first line;
 * where that line is a driver's "the linker failed" summary, the linker's
 * own line before it),
 * at most n - 1 bytes, with every "dir/" taken out of it (dir may be NULL:
 * the temporary directory the files it names are in); "" when there is
 * none.  n of PROC_LINE_MAX holds a line naming a path whole. */
#define PROC_LINE_MAX (2 * CFX_ERR_PATH)
void proc_first_error(const char *path, const char *dir, char *buf, size_t n);

/* limit, or $CFX_TEST_TIME_LIMIT when that is set. */
double proc_limit(double limit);

/* ---- fatal signals ---------------------------------------------------- */

/* Register a file that proc_cleanup_now removes (a temporary file written
 * beside its final name, before the rename): a slot, or -1 when none is
 * left or the path is too long (then nothing is registered).  Register
 * the name before the file is made and drop it after the rename: a
 * signal in between removes a file that is there, and names no other. */
int proc_file_add(const char *path);
void proc_file_drop(int slot);

/* Kill the registered programs and remove the registered temporary
 * directories and files.  Async-signal-safe: a signal handler's last act before
 * _exit. */
void proc_cleanup_now(void);

/* A face's own last act when a fatal signal ends the process (restore
 * the terminal: tcsetattr and write only, async-signal-safe); NULL
 * forgets it. */
void proc_on_fatal(void (*hook)(int sig));

/* Every signal whose default action ends a process and that another
 * process may send, 0-terminated (TERM, HUP, XFSZ, XCPU, QUIT, USR1, USR2,
 * ALRM, VTALRM, PROF, IO, PWR, ABRT, SYS, TRAP, STKFLT, PIPE; SIGINT is
 * each command's own; the real-time signals SIGRTMIN..SIGRTMAX too, not
 * listed: they are not constants). */
extern const int proc_fatal_sigs[];

/* Install the handler of each of proc_fatal_sigs and of the real-time
 * signals: it calls proc_leave, the hook, proc_cleanup_now and _exit(128
 * + sig).  HUP and PIPE ignored by whoever started cfx stay ignored.  The
 * faults (SEGV, BUS, ILL, FPE), where nothing else handles them, get the
 * same cleanup and then end cfx by the signal itself. */
void proc_fatal_signals(void);

/* What that handler does after proc_leave, for other handlers (a second
 * Ctrl-C; the dashboard's, which leaves its screen itself): the hook, the
 * cleanup, _exit(128 + sig). */
void proc_fatal(int sig) __attribute__((noreturn));

/* A face that holds the terminal's screen (the dashboard) gives it back
 * with leave, before a last message that ends cfx: proc_leave runs it,
 * once (async-signal-safe calls only; any thread may call proc_leave,
 * while another draws); NULL forgets it. */
void proc_on_leave(void (*leave)(void));
void proc_leave(void);

/* The same with exit status `status` (proc_leave, then the hook called
 * with 0): a fault no command can go on from, from any thread
 * (modload.c's missing module), once its one line is on stderr (after
 * proc_leave, so that it lands on the shell's screen) and stdout
 * flushed. */
void proc_exit(int status) __attribute__((noreturn));

#endif
