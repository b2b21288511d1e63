/*
 * review_emit.h - what `cfx review --emit` and `cfx verify --emit kunit`
 * print (prefix review_emit_).
 */
#ifndef CFX_UI_REVIEW_EMIT_H
#define CFX_UI_REVIEW_EMIT_H

#include <stdio.h>

#include "cfx/constant.h"

struct review;

/* A reply to the patch's author, ready to paste: each multiplier's line
 * quoted ("> +#define ..."), what is wrong with it in sentences, what
 * was confirmed in one line.  path names the patch. */
void review_emit_reply(FILE *f, const struct review *rv, const char *path);

/* A KUnit test (lib/test_hash.c's style) asserting that each open-coded
 * sequence of the patch equals the multiply it claims, on edge and
 * pseudo-random inputs; for a patch without sequences, the NAF shift/add
 * form of each multiplier (as verify --emit kunit). */
void review_emit_kunit(FILE *f, const struct review *rv);

/* verify --emit kunit: the same test for constant k's shift/add form. */
void review_emit_kunit_constant(FILE *f, const constant *k);

#endif
