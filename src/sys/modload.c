/*
 * modload.c - the lattice module, loaded on first use (see modload.h):
 * found relative to /proc/self/exe, opened once under pthread_once, its
 * entry points kept for the life of the process.  The only mutable
 * globals are those (a process-wide handle, as the dynamic linker's own
 * state is); they live here, in sys, so that src/core keeps none.
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cfx/modload.h"
#include "cfx/proc.h"

#define MODULE "cfx-lattice.so"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void (*lll_fn)(modload_lll *);
static void (*thread_end_fn)(void);

/* the places modload.h lists, relative to the executable's directory */
static const char *const places[] = {
	"../lib/cfx/" MODULE, "build/" MODULE, MODULE, "../" MODULE,
};

/* One line on stderr, "cfx: cannot load the lattice module ...: WHY",
 * then out with status 2. */
static void fail(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	proc_leave();          /* the dashboard's screen first: readable */
	fprintf(stderr, "cfx: cannot load the lattice module %s: ", MODULE);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	proc_exit(2);
}

static void load(void)
{
	char exe[PATH_MAX], path[PATH_MAX + 64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	const unsigned *abi;
	void (*end)(void);
	char *slash;
	void *h = NULL;
	size_t i;

	if (n <= 0 || !(slash = memrchr(exe, '/', (size_t)n)))
		fail("/proc/self/exe does not name the program");
	*slash = 0;
	for (i = 0; i < sizeof places / sizeof *places && !h; i++) {
		snprintf(path, sizeof path, "%s/%s", exe, places[i]);
		if (access(path, F_OK) != 0)
			continue;
		h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			const char *e = dlerror();
			fail("%s", e ? e : path);
		}
	}
	if (!h)
		fail("not in %s/../lib/cfx nor beside the program (make builds "
		     "it, make install installs it)", exe);
	abi = (const unsigned *)dlsym(h, "cfx_lattice_abi");
	lll_fn = (void (*)(modload_lll *))dlsym(h, "cfx_lattice_lll");
	end = (void (*)(void))dlsym(h, "cfx_lattice_thread_end");
	if (!abi || !lll_fn || !end || *abi != MODLOAD_LLL_ABI)
		fail("%s is from another build of cfx (rebuild or reinstall "
		     "it)", path);
	__atomic_store_n(&thread_end_fn, end, __ATOMIC_RELEASE);
}

void modload_lattice_lll(modload_lll *job)
{
	pthread_once(&once, load);
	lll_fn(job);
}

void modload_thread_end(void)
{
	/* set only inside load(); a thread that never reduced a lattice
	 * after the load has an empty FLINT cache, which is harmless to
	 * clean */
	if (__atomic_load_n(&thread_end_fn, __ATOMIC_ACQUIRE))
		thread_end_fn();
}
