/*
 * vreport.h - cfx verify's outputs (cmd_verify.c runs the battery):
 * the report (vreport.c) and the JSON (vreport_json.c) of one constant.
 */
#ifndef CFX_CLI_VREPORT_H
#define CFX_CLI_VREPORT_H

#include <stdio.h>
#include <jansson.h>

#include "cfx/constant.h"
#include "cfx/verify.h"

/* Everything known about one constant. */
typedef struct vreport_subject {
	constant k;              /* the multiplier and its derived forms */
	int made;                /* k is made (constant_free it) */
	unsigned bits;           /* k.bits */
	verify_battery bt;
} vreport_subject;

/* The report of s, judged (with ref beside it: --against; full: every
 * family a row and every note), to f. */
void vreport_text(FILE *f, const vreport_subject *s,
                  const vreport_subject *ref, int full);

/* The kernel-style patch of s (--emit patch): the comment that says the
 * verdict, the #define and the shift/add function. */
void vreport_patch(FILE *f, const vreport_subject *s);

/* The verdict of the constant c, judged by bt, as a JSON object (full:
 * every cell). */
json_t *vreport_json(const constant *c, const verify_battery *bt, int full);

#endif
