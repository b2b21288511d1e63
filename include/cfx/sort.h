/*
 * sort.h - sorting and de-duplicating 64-bit integers (prefix sort_).
 *
 * Key sets and spectra run to 2^26 values and more, where a comparison
 * sort costs seconds; an LSD radix sort with one scratch buffer of the same
 * size takes a fraction of that and skips the byte positions all values
 * share.
 */
#ifndef CFX_SORT_H
#define CFX_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sort a[0..n) ascending.  scratch holds n values (or is NULL, then the
 * sort allocates it).  Returns 0, or -1 if memory ran out. */
int sort_u64(uint64_t *a, size_t n, uint64_t *scratch);

/* Sort a[0..n) and squeeze out repeats; returns the distinct count, or
 * (size_t)-1 if memory ran out. */
size_t sort_unique_u64(uint64_t *a, size_t n);

#endif
