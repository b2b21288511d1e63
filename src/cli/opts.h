/*
 * opts.h - the one option parser of every face (prefix opts_).
 *
 * A face (a command of the command table, the dashboard, cfx learn, the
 * REPL's own arguments) lists the options it takes as rows of the
 * settings table (setting.h), or rows of its own in the same form, and
 * hands its argv here.  One set of rules holds for all of them:
 *
 *   --NAME VALUE, --NAME=VALUE, and an unambiguous prefix of NAME;
 *   -K VALUE, -KVALUE, and bundles of flags -jC (a key with a value ends
 *   the bundle: -jb32, -jb 32);
 *   options before, after or between the positional words; after "--"
 *   every word is positional; "-" alone is positional;
 *   a negative number is a positional word, not an option: a '-' followed
 *   by a digit, '(' or '.', or by a name the expressions know (a built-in
 *   such as pi or sqrt, or a name of the session) that is longer than one
 *   letter (-pi, -sqrt(2) are numbers; -e stays the option: write (-e));
 *   --help and -h print the face's help.
 *
 * Every message names the word at fault (the bundle's letter too) and the
 * argv index it came from, for carets.
 */
#ifndef CFX_CLI_OPTS_H
#define CFX_CLI_OPTS_H

#include "cfx/err.h"
#include "cli/setting.h"

/* The global options, one table read by main's parser (take_global,
 * which takes them out of cfx's own argv wherever they stand before
 * "--", for every face) and by "did you mean" for a misspelt one in a
 * face that reads cfx's own argv (opts_face.globals): never at the
 * REPL's prompt or the dashboard's : line, where they are no options. */
typedef enum opts_global_id {
	OPTS_COLOR,            /* --color[=WHEN], --color WHEN */
	OPTS_PROGRESS,         /* --progress */
	OPTS_NO_PROGRESS       /* --no-progress */
} opts_global_id;

typedef struct opts_global {
	const char *name;      /* without its -- */
	opts_global_id id;
	int when;              /* takes auto, always or never */
} opts_global;

extern const opts_global opts_globals[];   /* ended by a NULL name */

/* Row flags of a face's option. */
enum {
	OPTS_LONG = 1 << 0     /* only --NAME here: the row's -KEY is another
	                        * option of this face (the REPL's -k) */
};

/* One option a face takes: its row, and how the face spells it. */
typedef struct opts_row {
	const setting *s;
	unsigned flags;        /* OPTS_LONG */
} opts_row;

/* An option found in argv, in argv's order. */
typedef struct opts_hit {
	const setting *s;      /* its row */
	const char *value;     /* its value, NULL for a flag */
	int arg;               /* argv index of the option's word */
	int value_arg;         /* argv index of the value (arg or arg + 1) */
} opts_hit;

/* Takes one option for the face: 0 to go on, -1 to stop with e set (the
 * value was bad; e->arg is set by opts_parse when the callee left it
 * at -1). */
typedef int (*opts_take)(void *ctx, const opts_hit *h, cfx_err *e);

/* A name the expressions know in the face's context (a session's
 * variable), for the rule on negative numbers; NULL: built-ins only. */
typedef const void *(*opts_known)(void *ctx, const char *name);

/* A face, written with designated initialisers: { .rows = rows, .take =
 * fn, .ctx = x }, nrows counted in, what is not named zero. */
typedef struct opts_face {
	const opts_row *rows;
	int nrows;
	opts_take take;
	void *ctx;             /* passed to take and known */
	opts_known known;      /* or NULL */
	int no_help;           /* --help and -h are not options here */
	int first_word;        /* stop at the first positional word (or "--"):
	                        * pos[0] is its index, *npos 1 (main's
	                        * options before the command) */
	int globals;           /* argv is cfx's own: a misspelt option may be
	                        * one of opts_globals (--colr=never) */
} opts_face;

/*
 * Parse argv[1..argc) for face f: each option goes to f->take in order,
 * the argv indices of the positional words to pos[] (room for argc) and
 * their number to *npos.  Returns 0; 1 when --help or -h was met (the
 * face prints its help, exit 0; the words after it are not read); -1
 * with e set (CFX_EUSAGE or the code take gave; e->arg the argv index)
 * on an unknown, ambiguous or valueless option, a flag given a value,
 * or take's refusal.
 */
int opts_parse(const opts_face *f, int argc, char **argv, int *pos,
               int *npos, cfx_err *e);

/*
 * The value of the integer option o from s, an expression, in [lo, hi]
 * (o's limits or narrower): 0, or -1 with e "--NAME needs an integer" or
 * "--NAME must be between LO and HI" (the token s).  The one wording of
 * an integer option's limits, for every face and for the dashboard's keys
 * that change a setting.
 */
int opts_number(const setting *o, const char *s, unsigned long long lo,
                unsigned long long hi, unsigned long long *out, cfx_err *e);

/* "--NAME must be between LO and HI" for o, into buf[size]: the words of
 * opts_number when the value is not typed (a key that halves a count). */
void opts_range_msg(char *buf, size_t size, const setting *o,
                    unsigned long long lo, unsigned long long hi);

/* The name in names (NULL-terminated) nearest to name, for "did you
 * mean": within edit distance 2 (1 when name has 4 letters or fewer:
 * ans is not naf), or one that name begins (2 letters or more); NULL if
 * none. */
const char *opts_nearest(const char *name, const char *const *names);

/* Print e as a face's one line on stderr: "cfx: FACE: msg (token)", or
 * "cfx: msg (token)" when face is NULL (the options alone chose the face:
 * cfx --bits on a terminal).  Returns -1. */
int opts_print_error(const char *face, const cfx_err *e);

#endif
