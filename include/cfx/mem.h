/*
 * mem.h - large arrays (prefix mem_).
 *
 * Key sets and bucket tables are touched at random or streamed by the
 * hundred megabytes; on 4 KiB pages the processor spends much of that
 * walking page tables.  Arrays of a few megabytes and more are therefore
 * aligned to 2 MiB and offered to the kernel as huge pages (a hint; it may
 * decline).  Free them with free().
 */
#ifndef CFX_MEM_H
#define CFX_MEM_H

#include <stddef.h>

/* bytes of memory, zeroed if zero is set; NULL if there is none. */
void *mem_big(size_t bytes, int zero);

#endif
