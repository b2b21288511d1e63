/*
 * kunit.h - KUnit tests of shift/add multiplies, as C text (prefix kunit_).
 *
 * A patch that open-codes x * p as shifts and adds should carry a test
 * that the two agree; this writes one in the style of the kernel's
 * lib/test_hash.c: a function per sequence, a test case per function that
 * compares it with the multiply on edge inputs (0, 1, 2, 3, the top bit,
 * all ones, ...) and on pseudo-random ones from a fixed 64-bit LCG, and
 * one suite.  Only <kunit/test.h> and <linux/types.h> are needed, and
 * <asm/bitsperlong.h> for a 64-bit-only sequence (kunit_seq.only), which
 * a 32-bit kernel does not build (its case is left out there).
 */
#ifndef CFX_KUNIT_H
#define CFX_KUNIT_H

#include <stddef.h>

typedef struct kunit_seq {
	unsigned bits;             /* word: 8..64 (u8/u16/u32/u64, masked when
	                            * not one of those) */
	const char *hex;           /* the multiplier, "0x..." */
	const char *input;         /* the variable that holds x on entry */
	const char *result;        /* the variable that holds the product */
	const char *decls;         /* the other variables, "n, t" ("": none) */
	const char *body;          /* the statements, one a line */
	const char *origin;        /* where it comes from, for a comment */
	const char *only;          /* NULL, or why the sequence is only
	                            * compiled on 64-bit kernels ("its word:
	                            * ..., under #if BITS_PER_LONG == 64"): its
	                            * function, test and case are emitted
	                            * under #if BITS_PER_LONG == 64 */
} kunit_seq;

#define KUNIT_RANDOM 10000     /* pseudo-random inputs per case */

/* The test file for n sequences (n >= 1), suite name suite ([a-z0-9_]).
 * malloc'd. */
char *kunit_emit(const kunit_seq *s, size_t n, const char *suite);

#endif
