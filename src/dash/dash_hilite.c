/*
 * dash_hilite.c - the C highlighter of the code panel (dash_hilite.h).
 */
#define NCURSES_WIDECHAR 1
#include <assert.h>
#include <curses.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "cfx/score.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "dash/dash_ui.h"
#include "dash/dash_paint.h"
#include "dash/dash_hilite.h"
#include "util/text.h"
#include "util/xalloc.h"

/* One line of C, coloured by token. */
void dash_hilite_line(const rect *r, int y, int x, const char *s, int *in_comment)
{
	const char *p = s;

	if (*in_comment || !strncmp(s + strspn(s, " "), "/*", 2)) {
		*in_comment = !strstr(s, "*/");
		dash_paint_put(r, y, x, ST_CODE_COMMENT, s);
		return;
	}
	if (s[strspn(s, " ")] == '#') {
		dash_paint_put(r, y, x, ST_CODE_PREPROC, s);
		return;
	}
	while (*p) {
		char tok[128];
		size_t n;
		int st = ST_NORMAL;

		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
			n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			           "0123456789_");
			snprintf(tok, sizeof tok, "%.*s", (int)n, p);
			if (!strcmp(tok, "return"))
				st = ST_CODE_KEYWORD;
			else if (n > 2 && !strcmp(tok + n - 2, "_t"))
				st = ST_CODE_TYPE;
		} else if (*p >= '0' && *p <= '9') {
			n = strspn(p, "0123456789abcdefABCDEFxXuU");
			st = ST_CODE_NUMBER;
		} else if (strchr("<>+-=&|*", *p)) {
			n = strspn(p, "<>+-=&|*");
			st = ST_CODE_OP;
		} else {
			n = 1;
		}
		snprintf(tok, sizeof tok, "%.*s", (int)n, p);
		x = dash_paint_put(r, y, x, st, tok);
		p += n;
	}
}
