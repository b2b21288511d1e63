/*
 * cli_word.h - the word sizes n the faces take (prefix cli_word_).
 *
 * One table says which word sizes each command and the dashboard take:
 * --bits is read against it, set bits against it, a session's word
 * against it when a command uses it, and the dashboard's --bits and :set
 * bits too.  Every refusal is one line in the same words, naming where
 * the word came from and the value as written:
 *
 *   --bits 70: score takes 1..64
 *   set bits 7: every command takes 8..64, or auto
 *   --bits 7: verify takes 8..64
 *
 * The session's word and where it came from (automatic, asked, followed)
 * are one record, cli_word, this module's too.
 *
 * A session (the REPL's set bits) takes the words every command takes,
 * refused when set, not when a command later runs; a word a command's
 * own --bits brought (followed) that a later command does not take is
 * refused by that command in these words, never clamped.  The dashboard's session takes the dashboard's
 * words only: it shows the word at once.
 */
#ifndef CFX_CLI_WORD_H
#define CFX_CLI_WORD_H

#include <stddef.h>

#include "cfx/err.h"

/* Who takes words: a command name ("score"), a command with the options
 * that narrow it ("shifts --emit", "shifts --optimal"), "dash" (the
 * dashboard) or "set" (a session: what every command takes). */
typedef struct cli_word_range {
	const char *who;
	const char *says;       /* its name in messages: "the dashboard" */
	int plural;             /* says "take", not "takes" */
	unsigned long lo, hi;
} cli_word_range;

/* The row of who, or NULL when who takes no word (stats, review).
 * "set", a session's set bits, is made from the commands' rows: the
 * words every command takes (8..64). */
const cli_word_range *cli_word_range_of(const char *who);

/* The table in words, into buf: "cf, naf and shifts 1..65536; shifts
 * --emit, ... 1..64; verify 8..64; search 1..126; the dashboard 1..64"
 * (the overview's help, the man page's list). */
const char *cli_word_table_text(char *buf, size_t size);


/* who's words for its --help: "1..64", "1..65536, shifts --emit and
 * shifts --optimal 1..64"; "" when who takes no word. */
const char *cli_word_help_range(const char *who, char *buf, size_t size);

/* The row of command cmd as its options narrow it (emit, optimal: shifts
 * writes C or searches only on machine words), or NULL. */
const cli_word_range *cli_word_range_cmd(const char *cmd, int emit,
                                         int optimal);

/* n against r: 0, or -1 with e (CFX_EDOMAIN) saying "HOW TEXT: WHO takes
 * LO..HI" (", or auto" when how is a set line): how is where n came from
 * ("--bits", "set bits"), text the value as written (NULL: n). */
int cli_word_check(const cli_word_range *r, unsigned long n, const char *how,
                   const char *text, cfx_err *e);

/* The integer expression text as a word r takes (cli_word_check's words
 * when it is out of range; "HOW needs an integer" when it is none).
 * 0 with *n, or -1 with e, its token text. */
int cli_word_parse(const cli_word_range *r, const char *how, const char *text,
                   unsigned long *n, cfx_err *e);

/*
 * A session's word size and where it came from: the one record of it for
 * the REPL, the lessons and the dashboard (the rule that chooses an
 * automatic word from the constant is word.c's, word_auto).  It is a
 * value (it copies by assignment); the others change it only through the
 * cli_word_* functions below and read it through cli_word_n,
 * cli_word_source and cli_word_asked.
 */
typedef enum cli_word_from {
	CLI_WORD_AUTO,          /* n = 0: the rule chooses from the constant */
	CLI_WORD_ASKED,         /* set bits, the dashboard's --bits or keys */
	CLI_WORD_FOLLOWED       /* a command's own --bits, which a following
	                         * session took (cfx_session.follow): it goes
	                         * with that command's constant */
} cli_word_from;

typedef struct cli_word {
	unsigned long n;        /* the constant's word, 0: automatic */
	cli_word_from from;
	unsigned long set;      /* set bits' word (0: automatic), which a
	                         * followed word does not replace */
	const char *who;        /* the words set bits takes here (a row of
	                         * cli_word.h): NULL "set", what every command
	                         * takes; "dash", the dashboard's */
} cli_word;

/* The word a command's constant is read on: a new constant of its own
 * (own_expr) goes on set bits' word when the session's was followed. */
unsigned long cli_word_for(const cli_word *w, int own_expr);
/* set bits N (0: automatic), the dashboard's --bits: the word asked. */
void cli_word_ask(cli_word *w, unsigned long n);
/* A command's own --bits N, followed. */
void cli_word_follow(cli_word *w, unsigned long n);
/* The constant is now read on n (0: automatic): a command's own EXPR is
 * no longer on a followed word; where it came from stays otherwise. */
void cli_word_take(cli_word *w, unsigned long n);
/* The dashboard's constant made on n (a key, typing): n changes, where
 * it came from does not (a followed word stays followed). */
void cli_word_keep(cli_word *w, unsigned long n);
/* set const: a followed word goes with the constant it came with. */
void cli_word_unfollow(cli_word *w);
int cli_word_same(const cli_word *a, const cli_word *b);

/* What the record says: the word asked (0: the rule's), where it came
 * from, and set bits' word under a followed one (0: automatic). */
unsigned long cli_word_n(const cli_word *w);
cli_word_from cli_word_source(const cli_word *w);
unsigned long cli_word_asked(const cli_word *w);
/* The words set bits takes on this session: who a row of the table
 * ("dash": the dashboard shows the word at once); a new record takes
 * what every command takes ("set"). */
void cli_word_face(cli_word *w, const char *who);
const cli_word_range *cli_word_range_set(const cli_word *w);

#endif
