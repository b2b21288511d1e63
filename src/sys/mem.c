/* mem.c - large arrays on huge pages where the kernel agrees (mem.h). */
#include <stdio.h>
#include <alloca.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cfx/mem.h"

#define HUGE (2u << 20)

static size_t cap = MEM_CAP;   /* mem_cap_set's */

void *mem_big(size_t bytes, int zero)
{
	void *p;

	if (bytes < HUGE) {
		p = zero ? calloc(1, bytes ? bytes : 1) : malloc(bytes ? bytes : 1);
		return p;
	}
	bytes = (bytes + HUGE - 1) / HUGE * HUGE;
	if (!(p = aligned_alloc(HUGE, bytes)))
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	if (zero)
		memset(p, 0, bytes);
	return p;
}

/* MemAvailable in bytes, or (size_t)-1 when the kernel does not say.
 * CFX_TEST_MEMAVAILABLE_MIB stands in for it (the tests: a machine short
 * of memory is not one to be had on demand). */
static size_t available(void)
{
	const char *fake = getenv("CFX_TEST_MEMAVAILABLE_MIB");
	FILE *f;
	char line[128];
	unsigned long long kb;
	size_t bytes = (size_t)-1;

	if (fake && *fake)
		return (size_t)strtoull(fake, NULL, 10) << 20;
	f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof line, f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) {
			bytes = kb > (size_t)-1 / 1024 ? (size_t)-1 : (size_t)kb * 1024;
			break;
		}
	if (f)
		fclose(f);
	return bytes;
}

/* What the process's own limits leave of its address space: the lower
 * of RLIMIT_AS and RLIMIT_DATA (ulimit -v, -d) less the address space in
 * use now (/proc/self/statm); (size_t)-1 when neither is set.  Under
 * `ulimit -v` the kernel has memory, but malloc fails: bench aborted
 * (134) where it should have refused. */
static size_t limit_left(void)
{
	struct rlimit as, data;
	unsigned long long pages = 0;
	size_t lim = (size_t)-1, used;
	char buf[64];
	ssize_t n = -1;
	int fd;

	if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
		lim = as.rlim_cur;
	if (getrlimit(RLIMIT_DATA, &data) == 0 && data.rlim_cur != RLIM_INFINITY &&
	    data.rlim_cur < lim)
		lim = data.rlim_cur;
	if (lim == (size_t)-1)
		return lim;
	/* open and read, not fopen: fopen's buffer is a malloc, which fails
	 * first near the limit, and a statm left unread counted nothing in
	 * use (a segfault at ulimit -v 6000, where the 1 MiB of stack that
	 * followed did not fit) */
	if ((fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, buf, sizeof buf - 1);
		close(fd);
	}
	if (n <= 0)
		return 0;   /* unknown: say nothing is left rather than all */
	buf[n] = '\0';
	if (sscanf(buf, "%llu", &pages) != 1)
		return 0;
	used = (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
	return used < lim ? lim - used : 0;
}

/* Touch bytes of stack below this frame, from the top down (each page
 * in turn, as a deep call would). */
static __attribute__((noinline)) void stack_touch(size_t bytes)
{
	volatile char *p = alloca(bytes);
	size_t at = bytes;

	while (at > 0) {
		at = at > 4096 ? at - 4096 : 0;
		p[at] = 0;
	}
}

int mem_stack_reserve(size_t bytes, cfx_err *err)
{
	struct rlimit as, st;
	size_t left;

	if (getrlimit(RLIMIT_AS, &as) != 0 || as.rlim_cur == RLIM_INFINITY)
		return 0;
	/* within ulimit -s, less what the environment and main hold */
	if (getrlimit(RLIMIT_STACK, &st) == 0 && st.rlim_cur != RLIM_INFINITY)
		bytes = st.rlim_cur > bytes + (256u << 10) ? bytes
		      : st.rlim_cur > (512u << 10) ? st.rlim_cur - (256u << 10) : 0;
	if ((left = limit_left()) < bytes + (1u << 20))
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "out of memory to "
		                   "start (%zu KiB): this process's limits (ulimit "
		                   "-v, -d) leave %zu KiB of address space",
		                   (bytes + (1u << 20)) >> 10, left >> 10);
	if (bytes)
		stack_touch(bytes);
	return 0;
}

static size_t mib(size_t bytes)   /* rounded up: over a cap stays over */
{
	return bytes / (1 << 20) + (bytes % (1 << 20) != 0);
}

int mem_check(size_t bytes, const char *what, cfx_err *err)
{
	size_t avail;

	if (bytes > cap)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "%s would take %zu "
		                   "MiB, over the %zu MiB one request may take",
		                   what, mib(bytes), cap >> 20);
	if (bytes > (avail = available()))
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "%s would take %zu "
		                   "MiB, more than the %zu MiB available now", what,
		                   mib(bytes), avail >> 20);
	if (bytes > (avail = limit_left()))
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "%s would take %zu "
		                   "MiB, more than the %zu MiB this process's "
		                   "limits (ulimit -v, -d) leave", what,
		                   mib(bytes), avail >> 20);
	return 0;
}

int mem_fail(size_t bytes, const char *what, cfx_err *err)
{
	if (bytes < (1 << 20))
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "out of memory for "
		                   "%s (%zu KiB)", what, (bytes + 1023) >> 10);
	return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "out of memory for %s "
	                   "(%zu MiB)", what, mib(bytes));
}

void mem_cap_set(size_t bytes)
{
	cap = bytes < MEM_CAP ? bytes : MEM_CAP;
}
