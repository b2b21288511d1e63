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
 *   set bits 7: verify takes 8..64, or auto
 *   set bits 70000: the commands take 1..65536, or auto
 *
 * A session (the REPL's set bits) takes any word some command takes; a
 * command given a session word it does not take refuses it in these
 * words, never clamps it.  The dashboard's session takes the dashboard's
 * words only: it shows the word at once.
 */
#ifndef CFX_CLI_WORD_H
#define CFX_CLI_WORD_H

#include "cfx/err.h"

/* Who takes words: a command name ("score"), a command with the options
 * that narrow it ("shifts --emit", "shifts --optimal"), "dash" (the
 * dashboard) or "set" (a session: what some command takes). */
typedef struct cli_word_range {
	const char *who;
	const char *says;       /* its name in messages: "the dashboard" */
	int plural;             /* says "take", not "takes" */
	unsigned long lo, hi;
} cli_word_range;

/* The row of who, or NULL when who takes no word (stats, review). */
const cli_word_range *cli_word_range_of(const char *who);

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

#endif
