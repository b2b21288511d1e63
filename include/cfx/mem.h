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

#include "cfx/err.h"

/* The most memory one request may take: keys, their sort, a sweep.  A
 * request is refused before anything is allocated, never half-way. */
#define MEM_CAP ((size_t)1 << 30)   /* 1 GiB */

/* bytes of memory, zeroed if zero is set; NULL if there is none. */
void *mem_big(size_t bytes, int zero);

/*
 * Whether a request for bytes (what: "random keys", "the sweep") may go
 * ahead: at most MEM_CAP (or mem_cap_set's cap) and at most the memory
 * the machine has available now (MemAvailable), and at most what the
 * process's limits (RLIMIT_AS, RLIMIT_DATA) leave of its address space.  0, or -1 with err (CFX_ELIMIT, no token: the caller
 * names the number that asked for it).
 */
int mem_check(size_t bytes, const char *what, cfx_err *err);

/* The error of bytes for what that could not be had after mem_check let
 * them through (a limit or the machine nearer its edge than it said):
 * -1, err set to CFX_ELIMIT "out of memory for WHAT (N MiB)". */
int mem_fail(size_t bytes, const char *what, cfx_err *err);

/*
 * Under an address-space limit (ulimit -v), the stack grows into pages
 * the limit may no longer leave: the kernel then ends the process with
 * SIGSEGV wherever a deep call happens to be (verify crashed at 8000 KiB
 * now and then, as address-space randomisation placed it).  Called first
 * thing, this grows the stack by bytes (less where ulimit -s is lower)
 * while there is room, so that later calls find it there.  Nothing is
 * done without a limit.  0, or -1 with err (CFX_ELIMIT) when the limit
 * leaves too little to start.
 */
int mem_stack_reserve(size_t bytes, cfx_err *err);

/* Lower the cap mem_check applies, for the rest of the process, to bytes
 * (at most MEM_CAP): the fuzz harnesses run every command within a few
 * megabytes.  Not thread-safe: before any work starts. */
void mem_cap_set(size_t bytes);

#endif
