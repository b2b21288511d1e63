/*
 * dash_hilite.h - the C highlighter of the code panel (prefix
 * dash_hilite_); private to src/dash.
 */
#ifndef CFX_DASH_HILITE_H
#define CFX_DASH_HILITE_H

#include "dash/dash_paint.h"

/* Draw one line of C, s, at (y, x) of r, coloured by token: comments,
 * preprocessor lines, types, keywords, numbers, operators.  *in_comment
 * carries an open comment from line to line (0 at the first). */
void dash_hilite_line(const rect *r, int y, int x, const char *s,
                      int *in_comment);

#endif
