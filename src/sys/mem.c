/* mem.c - large arrays on huge pages where the kernel agrees (mem.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cfx/mem.h"

#define HUGE (2u << 20)

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
