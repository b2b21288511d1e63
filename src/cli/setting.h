/*
 * setting.h - cfx's vocabulary of settings and options, one table (prefix
 * setting_).
 *
 * Each row is one word: its name, the option that sets it on the command
 * line (--OPTION, and -KEY), its type, its limits and default, the name of
 * its value in help (ARG) and a line of help.  Every face reads its
 * vocabulary and limits from here:
 *
 *   the session's settings (SETTING_SESSION: const, bits, table, keys,
 *   count, format) are the REPL's set, show and their completion, the
 *   dashboard's options and :set, a lesson's state.NAME, and the options
 *   that may come before a command (cfx --bits 64 cf 5);
 *
 *   every row with an option is a command-line option: the command table
 *   (cli.c) says which commands take it, the option parser (opts.h) reads
 *   it, and the help is built from the row; an integer option's limits are its row's, read by
 *   the one parser of integers (setting_int).
 *
 * So --table-bits takes the same values in the command line, the REPL and
 * the dashboard, and its help is written once.
 *
 * A letter means one option in every face (rows sharing a letter share
 * the --OPTION): -a is --against, so --ascii has no letter; -f is a
 * script's FILE (cfx -f FILE), so verify's --force has none; -l is
 * spectrum's --list, so the dashboard's --learn has none; -k is --keys,
 * so the REPL's --keep-going has none.  stats alone takes ministat's
 * letters, as ministat has them (its own parser and help).
 */
#ifndef CFX_CLI_SETTING_H
#define CFX_CLI_SETTING_H

#include "cfx/err.h"

typedef enum {
	/* the session's settings, in the order show lists them */
	SETTING_CONST, SETTING_BITS, SETTING_TABLE, SETTING_KEYS,
	SETTING_COUNT, SETTING_FORMAT,
	/* options of the faces */
	SETTING_JSON, SETTING_ASCII, SETTING_LEARN,
	/* options of one command or a few */
	SETTING_VBITS, SETTING_SBITS, SETTING_TLIST, SETTING_EMIT,
	SETTING_PATCH, SETTING_TERMS, SETTING_CONV, SETTING_VALUE,
	SETTING_LIST, SETTING_AGAINST, SETTING_RUNS, SETTING_RAW,
	SETTING_STERMS, SETTING_ADDERS, SETTING_NEAR, SETTING_WINDOW,
	SETTING_PRIME, SETTING_SCREEN, SETTING_TOP, SETTING_ALL,
	SETTING_OPTIMAL, SETTING_TARGET, SETTING_DEPTH, SETTING_EXACT,
	SETTING_FULL, SETTING_BFULL, SETTING_FORCE, SETTING_VSTRIDE, SETTING_VFIELDS,
	/* review's (it parses them itself: FILE... are not an EXPR) */
	SETTING_RFORMAT, SETTING_REMIT,
	/* stats' (ministat's letters; its help lists them) */
	SETTING_COLUMN, SETTING_WIDTH, SETTING_RESAMPLES, SETTING_SEED,
	SETTING_N
} setting_id;

typedef enum {
	SETTING_EXPR,      /* an expression */
	SETTING_INT,       /* an integer expression in [lo, hi] */
	SETTING_FAMILY,    /* a key family (keys.h) */
	SETTING_CHOICE,    /* one of choices */
	SETTING_TEXT,      /* any text the command reads itself */
	SETTING_FLAG       /* no value */
} setting_type;

/* Row flags. */
enum {
	SETTING_SESSION = 1 << 0,  /* set NAME, :set NAME, state.NAME, show */
	SETTING_SHARED  = 1 << 1,  /* may come before the command: cfx --json
	                            * cf 5 */
	SETTING_DASH    = 1 << 2   /* an option of the dashboard (cfx dash) */
};

typedef struct setting {
	setting_id id;
	const char *name;          /* set NAME, state.NAME; the option's word */
	const char *option;        /* --OPTION on the command line, or NULL */
	int key;                   /* -KEY (0: none) */
	setting_type type;
	unsigned long long lo, hi; /* SETTING_INT */
	const char *choices;       /* SETTING_CHOICE: "text|json" */
	const char *arg;           /* the value's name in help: "N" */
	const char *dflt;          /* show's words for the default */
	const char *help;          /* line breaks are hints: help refills */
	unsigned flags;            /* SETTING_SESSION, _SHARED, _DASH */
} setting;

/* The rows, in setting_id order, ending with a NULL name. */
extern const setting setting_table[];

/* The session setting named name (set, show, state.NAME), or NULL. */
const setting *setting_find(const char *name);

/* The row of id. */
const setting *setting_get(setting_id id);

/* 1 if text is one of s's choices (SETTING_CHOICE). */
int setting_choice(const setting *s, const char *text);

/* The value of an integer setting or option from text, an integer
 * expression: 0, -1 with err from the expression (not an integer), or -2
 * with err CFX_EDOMAIN when it lies outside [lo, hi] (a command may
 * narrow the row's limits, never widen them); the caller words the
 * message its face uses. */
int setting_int(const setting *s, const char *text, unsigned long long lo,
                unsigned long long hi, unsigned long long *out, cfx_err *err);

#endif
