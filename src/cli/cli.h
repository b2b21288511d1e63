/*
 * cli.h - the command table shared by the CLI, the REPL and the
 * dashboard's ':' line.
 *
 * A command is written once: a cmd_def row names it, says which options it
 * takes, and points at its run function.  cli_run parses the arguments
 * (the option parser of opts.h, with the rows the command takes), fills in what
 * the session provides (constant, --bits, ...), calls the command and
 * reports errors.  Output goes to ctx->out; errors are returned in ctx->err
 * and printed by the front end, so the REPL can put a caret under them.
 */
#ifndef CFX_UI_CLI_H
#define CFX_UI_CLI_H

#include <signal.h>
#include <stdio.h>
#include <gmp.h>

#include "cfx/err.h"
#include "cfx/expr.h"
#include "cli/cli_word.h"
#include <jansson.h>

/* Options, as a bit mask per command. */
enum {
	OPT_BITS   = 1 << 0,   /* --bits N */
	OPT_JSON   = 1 << 1,   /* --json */
	OPT_TABLE  = 1 << 2,   /* --table-bits B */
	OPT_KEYS   = 1 << 3,   /* --keys FAMILY */
	OPT_COUNT  = 1 << 4,   /* --count K */
	OPT_EMIT   = 1 << 5,   /* --emit c */
	OPT_TERMS  = 1 << 6,   /* --terms K */
	OPT_CONV   = 1 << 7,   /* --convergents */
	OPT_VALUE  = 1 << 8,   /* --value */
	OPT_LIST   = 1 << 9,   /* --list N */
	OPT_TLIST  = 1 << 10,  /* --table-bits LIST (verify) */
	OPT_AGAINST = 1 << 11, /* --against EXPR */
	OPT_PATCH  = 1 << 12,  /* --emit patch */
	OPT_RUNS   = 1 << 14,  /* --runs R */
	OPT_RAW    = 1 << 15,  /* --raw DIR */
	OPT_OPTIMAL = 1 << 17, /* --optimal, --target T, --max-depth D, --exact */
	OPT_OWN    = 1 << 13,  /* the command parses its own options (stats:
	                        * ministat's letters); help is its help text */
	OPT_SEARCH = 1 << 16,  /* search: --terms K --adders --near --window
	                          --prime --screen --top --all */
	OPT_FULL   = 1 << 18,  /* --full (verify) */
	OPT_FORCE  = 1 << 19,  /* --force (verify --emit patch) */
	OPT_BFULL  = 1 << 24,  /* --full (bench: the long report) */
	OPT_VBITS  = 1 << 20,  /* --bits N (verify: 2..64, default 32 or 64) */
	OPT_SBITS  = 1 << 21,  /* --bits N (search: 1..126, default 32) */
	OPT_VKEYS  = 1 << 23,  /* --stride C,..., --fields H,... (verify) */
	OPT_HASHES = 1 << 28,  /* hashes keys: --bits at most WORD_MAX_HASH,
	                        * --count at most KEYS_MAX */
	OPT_POINTS = 1 << 29,  /* spectrum's points: --bits at most
	                        * WORD_MAX_HASH, --count at most SPEC_MAX_COUNT */
	OPT_SESSION = 1 << 22, /* a session word (help, set, quit, ...):
	                        * parses its own words, works on the session;
	                        * not a command of the shell's command line */
};

#define CLI_MAX_POS 64      /* words an expression may be written in */

/* Exit statuses. */
enum { CFX_EXIT_OK = 0, CFX_EXIT_FAIL = 1, CFX_EXIT_USAGE = 2 };

/* Named values of a session (the REPL's `let`, and `ans`). */
typedef struct cfx_var {
	char *name;
	expr_tree *tree;
	struct cfx_var *next;
} cfx_var;

/* What a session remembers between commands (REPL and dashboard); the
 * plain CLI runs with an empty one. */
typedef struct cfx_session {
	char *constant;         /* expression text, NULL: none */
	cli_word word;          /* its word and where that came from */
	int table_bits;         /* 0: default */
	char *keys;             /* key family, NULL: seq */
	unsigned long long count;   /* 0: default */
	int json;               /* set format json */
	int follow;             /* a command's own EXPR (as a multiplier),
	                         * --bits, --table-bits, --keys and --count
	                         * become the session's: the dashboard's
	                         * panels follow the commands typed there */
	cfx_var *vars;
	json_t *results;        /* command name -> its last result (JSON) */
	int quit;               /* quit or exit was given: leave the session */
} cfx_session;

/* Parsed arguments of one command. */
typedef struct cli_args {
	unsigned long bits;     /* 0: automatic */
	int bits_later;         /* --bits outside the command's widest words,
	                         * refused once its options are known (shifts
	                         * --emit's words are not shifts') */
	const char *bits_text;  /* --bits as written, NULL: not given (bits
	                         * is then the session's word) */
	int bits_arg;           /* its argv index */
	int json;
	int table_bits;         /* 0: default */
	const char *table_list; /* --table-bits as written */
	int table_arg;          /* its argv index */
	const char *keys;       /* NULL: default */
	unsigned long long count;   /* 0: default */
	const char *count_text; /* --count as written (for errors) */
	const char *emit;
	int full;               /* --full */
	int force;              /* --force */
	const char *against;    /* --against EXPR */
	int against_arg;
	unsigned long terms;    /* 0: default */
	int convergents;
	int value;
	unsigned long list;
	/* search: options as written, read by the command (limits depend
	 * on the word size); NULL if absent */
	const char *terms_text, *adders_text, *near, *window_text, *screen,
	           *top_text;
	int terms_arg, adders_arg, near_arg, window_arg, screen_arg, top_arg;
	int prime, all;
	int optimal;            /* --optimal (or one of the three below) */
	const char *target;     /* --target T, NULL: generic */
	int target_arg;
	unsigned max_depth;     /* --max-depth D, 0: any */
	int exact;              /* --exact */
	const char *expr;       /* the positional EXPR, NULL if none */
	int expr_arg;           /* argv index of its first word, for carets */
	int stride_arg, fields_arg, keys_arg;   /* verify's: argv indices */
	int npos;               /* the words it was joined from: */
	int pos[CLI_MAX_POS];   /*   their argv indices */
	int pos_off[CLI_MAX_POS];   /* and offsets in expr */
	char *joined;           /* storage of expr */
	int own_table;          /* what the command line gave, before the */
	                        /*   session filled in the rest (0, NULL: */
	const char *own_keys;   /*   not given) */
	unsigned long long own_count;
	unsigned long runs;     /* --runs R, 0: default */
	const char *raw;        /* --raw DIR */
	const char *stride;     /* --stride C[,C...] (verify) */
	const char *fields;     /* --fields H[,H2[,H3]] (verify) */
	int argc;               /* OPT_OWN: the arguments, argv[0] the name */
	char **argv;
} cli_args;

typedef struct cmd_ctx {
	FILE *out;              /* results */
	FILE *diag;             /* a command's notes beside its status (a
	                         * refused patch); NULL: stderr */
	cfx_session *sess;      /* defaults; never NULL */
	const char *cmd;        /* name, for messages */
	cfx_err err;            /* the error when run returns CFX_EXIT_USAGE */
	int err_arg_end;        /* err covers argv[err.arg..this] (-1: one) */
	char *used_expr;        /* the expression the last command used */
	volatile sig_atomic_t *stop;  /* set by SIGINT: stop long work */
	int progress;           /* draw progress on stderr (a terminal) */
	int stdin_data;         /* stdin is the command's (the CLI), not the
	                         * REPL's script or keyboard */
	int multiplier;         /* the command took its EXPR as a multiplier
	                         * (cli_multiplier, cf of an integer) */
	int no_compiler;        /* run for a lesson: start no compiler (verify
	                         * checks with cfx's evaluator, and says so) */
	int whole;              /* cli_result prints whole though Ctrl-C was
	                         * pressed (search: "the results so far") */
} cmd_ctx;

typedef struct cmd_def {
	const char *name;
	const char *args;       /* synopsis after the options */
	const char *summary;    /* one line */
	unsigned opts;
	const char *help;       /* what it prints; notes */
	int (*run)(cmd_ctx *c, cli_args *a);
	int polls;              /* checks ctx->stop: Ctrl-C stops it cleanly */
} cmd_def;

extern const cmd_def cli_commands[];

/* Look a command up by exact name; NULL if unknown. */
const cmd_def *cli_find(const char *name);

/* The known command nearest to name (for "did you mean"), or NULL. */
const char *cli_nearest(const char *name);

/* The name in names (NULL-terminated) nearest to name, for "did you
 * mean": within edit distance 2, or one that name begins (2 letters or
 * more); NULL if none. */
const char *cli_nearest_name(const char *name, const char *const *names);

/* Long option names a command accepts (for completion); NULL-terminated,
 * static storage overwritten by the next call. */
const char **cli_option_names(const cmd_def *d);

/* The settings row of the option word (--keys, -k) that d takes, or
 * NULL: what its value is, for completion. */
const struct setting *cli_option_row(const cmd_def *d, const char *word);

/* Each option of argv (argv[0] a command name, as cli_run would take
 * it) as cli_run's parser reads it (every spelling: prefixes, -KVALUE,
 * bundles), in order, to visit with its settings row and value (NULL
 * for a flag).  0 (also for a command that parses its own arguments:
 * nothing visited), or -1 with e: an unknown command, an option the
 * command would refuse, or visit's refusal.  Nothing runs. */
typedef int (*cli_option_visit)(void *ctx, const struct setting *o,
                                const char *value, cfx_err *e);
int cli_options_each(int argc, char **argv, cli_option_visit visit,
                     void *ctx, cfx_err *e);

/* Run argv[0] (a command name) with its arguments.  Returns an exit
 * status; on 2, c->err says why (c->err.arg: which argv entry). */
int cli_run(cmd_ctx *c, int argc, char **argv);

/* Full help of a command, to f (cli_help.c writes it, as the overview,
 * the session's help and the four after this one). */
void cli_help(const cmd_def *d, FILE *f);

/* The help's text, given what cli.c holds (cli_help.c; only cli.c calls
 * these three): */
/* d's --help, its options rows[0..nrows) in the table's order. */
void cli_help_command(const cmd_def *d, const struct setting *const *rows,
                      size_t nrows, FILE *f);
/* The overview, and the session words a line each, of the commands of
 * table (ended by a row with no name). */
void cli_help_overview(const cmd_def *table, FILE *f);
void cli_help_session(const cmd_def *table, FILE *f);
/* A session's help: the commands by group, a line each, and the session
 * words, in 22 lines (help at the prompt; help CMD for one). */
void cli_help_brief(const cmd_def *table, FILE *f);

/* One option's line of help, from its settings row, filled to 80. */
void cli_option_help(const struct setting *o, FILE *f);
/* The same in who's help (a row of cli_word.h's table): the word size's
 * line says the words who takes. */
void cli_option_help_word(const struct setting *o, const char *who, FILE *f);

/* Overview of all commands, to f; a session's short one (cli_help_brief). */
void cli_overview(FILE *f);
void cli_session_overview(FILE *f);

/* How to read the manual from here: "man ./man/cfx.1" in the source tree,
 * "man DIR/man/cfx.1" when cfx runs from a built tree elsewhere, else
 * "man cfx" (installed).  Static storage. */
const char *cli_man_page(void);

/* The session words (OPT_SESSION rows), a line each, to f. */
void cli_session_help(FILE *f);

/* Print c->err the CLI way: "cfx: cmd: message (token)". */
void cli_print_error(const cmd_ctx *c, FILE *f);

/* Session helpers. */
void cli_session_init(cfx_session *s);
void cli_session_free(cfx_session *s);
/* A deep copy of src into dst (free it with cli_session_free). */
void cli_session_copy(cfx_session *dst, const cfx_session *src);
/* Give name the tree t (the session owns t; an old tree is freed). */
void cli_session_set_var(cfx_session *s, const char *name, expr_tree *t);
/* Name lookup for expressions (variables and ans). */
const expr_tree *cli_session_lookup(void *sess, const char *name);

/* ---- helpers for command implementations (cli.c) ---------------------- */

/* Evaluate the command's constant (EXPR, else the session's) as a
 * multiplier on --bits (or automatic) bits, at most max_bits.  Fills p and
 * *bits; returns 0 or -1 with c->err set. */
int cli_multiplier(cmd_ctx *c, const cli_args *a, unsigned long max_bits,
                   mpz_t p, unsigned long *bits);

/* The value of the integer option o (its settings row) from s, an
 * expression, in [lo, hi]: o's limits, or narrower ones the command's
 * other options set (search's --window is at most n).  0, or -1 with
 * c->err naming the option and both limits and c->err.arg = arg: the one
 * parser of integer options. */
struct setting;
int cli_number(cmd_ctx *c, int arg, const struct setting *o, const char *s,
               unsigned long long lo, unsigned long long hi,
               unsigned long long *out);

/* The same within the limits of the option's row (setting_id id). */
int cli_option(cmd_ctx *c, int arg, int id, const char *s,
               unsigned long long *out);

/* A command's result: printed as JSON when print is set, and kept in the
 * session as its command's last result (for lessons and the dashboard).
 * Takes the reference to o. */
void cli_result(cmd_ctx *c, int print, json_t *o);

/* The expression text the command works on, or NULL with c->err set. */
const char *cli_expr(cmd_ctx *c, const cli_args *a);

/* Name the input at fault in a limit error (CFX_ELIMIT) that names none:
 * --count as written when it was given, else the --keys family (a SIZE
 * or parameter too large for the default count).  No operation on other
 * errors. */
/* keys_parse, and a family name misspelt gets the nearest one as a
 * suggestion, as a misspelt option does (every face's --keys and set
 * keys: unknown key family (strde:4); did you mean stride:4?). */
struct keys_spec;
int cli_keys_parse(struct keys_spec *ks, const char *family, cfx_err *e);
/* The key family as a command would make it (its first key on a
 * bits-bit word, 0: 64): a file that cannot be read or holds no key, or a
 * family the word refuses, is -1 with err, before any command runs (the
 * dashboard's -k, set keys). */
int cli_keys_check(const char *family, unsigned bits, cfx_err *e);
/* The same for a family parsed once (keys.h), which is not parsed again. */
struct keys_family;
int cli_keys_check_family(const struct keys_family *f, unsigned bits,
                          cfx_err *e);
void cli_limit_token(cmd_ctx *c, const cli_args *a);

#endif
