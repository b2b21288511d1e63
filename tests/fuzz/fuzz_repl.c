/* fuzz_repl.c - one REPL line: the word splitter, session words (set,
 * let, show, help, learn) and every command, the heavy ones included
 * (counts, key families, verify, search, bench, sweep, stats, terms,
 * tables), at a bounded cost: requests are checked against a 16 MiB cap
 * instead of 1 GiB (mem_cap_set), and a line that runs for more than
 * 100 ms of CPU is stopped as Ctrl-C stops it (the commands that poll the
 * stop flag end cleanly; one that does not, and runs into libFuzzer's
 * -timeout, is a finding: work out of proportion to its output).
 * Lessons' progress goes to a private XDG_STATE_HOME. */
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

#include "cfx/mem.h"
#include "common.h"
#include "repl/repl.h"

#define CPU_US 100000       /* CPU a line may take before it is stopped */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile sig_atomic_t stop;
static char state[] = "/tmp/cfx-fuzz-repl-XXXXXX";

static int rm_one(const char *path, const struct stat *st, int type,
                  struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

static void rm_state(void)
{
	nftw(state, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void on_prof(int sig)
{
	(void)sig;
	stop = 1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct sigaction sa;

	(void)argc;
	(void)argv;
	if (!mkdtemp(state) || setenv("XDG_STATE_HOME", state, 1) < 0 ||
	    setenv("HOME", state, 1) < 0)
		abort();
	atexit(rm_state);
	mem_cap_set((size_t)16 << 20);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_prof;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPROF, &sa, NULL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct itimerval t = { { 0, 0 }, { 0, CPU_US } }, off = { { 0, 0 },
	                                                          { 0, 0 } };
	char *line = fuzz_string(data, size);
	repl r;

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	line[strcspn(line, "\n")] = '\0';
	repl_init(&r, null, null, &stop);
	stop = 0;
	setitimer(ITIMER_PROF, &t, NULL);
	repl_exec(&r, line);
	setitimer(ITIMER_PROF, &off, NULL);
	repl_free(&r);
	free(line);
	return 0;
}
