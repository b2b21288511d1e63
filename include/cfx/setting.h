/*
 * setting.h - the session's settings, one table (prefix setting_).
 *
 * Each setting is one row: its name (the REPL's set/show, the dashboard's
 * :set, a lesson's state.NAME), the option that sets it on the command
 * line, its type, its limits and default, and a line of help.  Every face
 * reads its vocabulary and limits from here, so --table-bits takes the
 * same values in the command line, the REPL and the dashboard.
 */
#ifndef CFX_SETTING_H
#define CFX_SETTING_H

#include "cfx/err.h"

typedef enum {
	SETTING_CONST, SETTING_BITS, SETTING_TABLE, SETTING_KEYS,
	SETTING_COUNT, SETTING_FORMAT, SETTING_N
} setting_id;

typedef enum {
	SETTING_EXPR,      /* an expression: the constant */
	SETTING_INT,       /* an integer expression in [lo, hi] */
	SETTING_FAMILY,    /* a key family (keys.h) */
	SETTING_CHOICE     /* one of choices */
} setting_type;

typedef struct setting {
	setting_id id;
	const char *name;          /* set NAME, :set NAME, state.NAME */
	const char *option;        /* --OPTION on the command line, or NULL */
	setting_type type;
	unsigned long long lo, hi; /* SETTING_INT */
	const char *choices;       /* SETTING_CHOICE: "text|json" */
	const char *dflt;          /* the default, in words */
	const char *help;
} setting;

/* The rows, in the order help lists them, ending with a NULL name. */
extern const setting setting_table[];

/* The row named name (a setting's name or its option), or NULL. */
const setting *setting_find(const char *name);

/* The row of id. */
const setting *setting_get(setting_id id);

/*
 * The value of an integer setting from text, an integer expression.
 * Returns 0, -1 with err from the expression (not an integer), or -2 with
 * err CFX_EDOMAIN when it lies outside [lo, hi]; the caller words the
 * message its face uses (from s->lo and s->hi).
 */
int setting_int(const setting *s, const char *text, unsigned long long *out,
                cfx_err *err);

/* The same for any bounded integer (an option that is not a setting):
 * the one parser of integer option values. */
int setting_int_in(const char *text, unsigned long long lo,
                   unsigned long long hi, unsigned long long *out,
                   cfx_err *err);

#endif
