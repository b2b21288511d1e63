/*
 * err.h - errors as values.
 *
 * The core never prints or exits.  A function that can fail takes a
 * cfx_err * last and fills it in: a code, a message, the offending token
 * and, when the token came from an expression, its column.  Front ends
 * turn that into "cfx: COMMAND: message (token)" or a caret under the line.
 */
#ifndef CFX_ERR_H
#define CFX_ERR_H

#include <stdarg.h>
#include <stddef.h>

enum cfx_code {
	CFX_OK = 0,
	CFX_ESYNTAX,   /* malformed expression or literal */
	CFX_EDOMAIN,   /* value out of range: zero, negative, too wide, ... */
	CFX_EZERODIV,  /* division by zero */
	CFX_ELIMIT,    /* would exhaust memory or time: too many bits, keys */
	CFX_EIO,       /* file could not be read */
	CFX_EUSAGE,    /* bad option or missing argument (front ends) */
	CFX_EINTR      /* interrupted by the user */
};

/* A path in an error is shown whole: up to CFX_ERR_PATH bytes (PATH_MAX
 * with its NUL), each escaped to at most 4 ("\xNN"), in CFX_ERR_SHOWN. */
#define CFX_ERR_PATH 4096
#define CFX_ERR_SHOWN (4 * CFX_ERR_PATH + 4)
#define CFX_ERR_CUT 64    /* other tokens: cut to about 60 bytes */

typedef struct cfx_err {
	enum cfx_code code;
	int col;          /* 0-based column of token in its source, -1 if none */
	int arg;          /* index of the argument it came from, -1 if none */
	char token[CFX_ERR_SHOWN];  /* offending token, "" if none */
	char msg[CFX_ERR_SHOWN + 256];  /* what is wrong, without the token;
	                                 * room for one path shown whole */
} cfx_err;

/* Room for an error's whole line: "PREFIX MSG (TOKEN)". */
#define CFX_ERR_LINE (2 * CFX_ERR_SHOWN + 512)

/* Reset e to "no error".  No operation if e is NULL. */
void cfx_err_clear(cfx_err *e);

/*
 * Record an error: code, column (-1 if unknown), the offending token (may be
 * NULL; cut to about 60 bytes with "...", control characters and bytes that
 * are not UTF-8 escaped as \n or \xNN) and a printf-style message.  Returns -1 so callers can
 * write `return cfx_err_set(...)`.  No operation (but still -1) if e is NULL.
 */
int cfx_err_set(cfx_err *e, enum cfx_code code, int col, const char *token,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Like cfx_err_set, the token a path: shown whole (escaped, not cut);
 * where the message repeats more than 96 bytes of it (the path, or a
 * directory above it, from cfx_err_shown), that stretch is cut to its
 * first 40 and last 24 bytes around "...". */
int cfx_err_set_path(cfx_err *e, enum cfx_code code, const char *path,
                     const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Like cfx_err_set, with a token of length len that need not end in NUL. */
int cfx_err_setn(cfx_err *e, enum cfx_code code, int col, const char *token,
                 int len, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * Write s (len bytes, or up to its NUL if len < 0) into dst[size] as a
 * token is shown: one line, escaped and cut as cfx_err_set says, '' when
 * empty; a valid character that would reorder, hide or break the line
 * (C1 controls, bidi controls such as U+202E, zero-width characters,
 * U+2028, the byte order mark) as \u{XXXX}, never as itself.  size is
 * at least 8.
 */
void cfx_escape(char *dst, size_t size, const char *s, int len);

/* path as an error shows it (escaped, whole) in dst[CFX_ERR_SHOWN], for
 * a message that names a path besides its token; returns dst. */
const char *cfx_err_shown(char *dst, const char *path);

/* Replace the token of an error already set (message and code stay);
 * an interruption (CFX_EINTR) keeps its empty token. */
void cfx_err_retoken(cfx_err *e, const char *token);

/*
 * The one rule for a bad line of a user's file (a key file, a sample, a
 * script, a lesson, a patch): the error names the file, the line and the
 * bad token only, never the rest of the line, which may hold a password
 * or its hash (/etc/shadow named by mistake: "root:$6$...").  The token
 * shown is what starts at s (len bytes, or up to its NUL if len < 0) up
 * to its first character that is not a letter, a digit or one of _ . + -
 * (a blank, ':', '$', '=', ...), at most CFX_ERR_WORD bytes, with "..."
 * after it when the token goes on (its len bytes are not all shown); when s
 * starts with another byte, that byte alone, escaped as cfx_escape does
 * (\x00, \t, \xc3 for the first byte of a UTF-8 character).  dst has
 * room for CFX_ERR_WORD_SHOWN bytes.
 */
#define CFX_ERR_WORD 16
#define CFX_ERR_WORD_SHOWN 32
void cfx_err_word(char *dst, const char *s, int len);

/* Like cfx_err_set, the token s (len bytes, or to its NUL if len < 0)
 * shown by cfx_err_word's rule: the bad token of a line of a user's file,
 * whose file and line cfx_err_at_line puts before the message. */
int cfx_err_set_word(cfx_err *e, enum cfx_code code, const char *s, int len,
                     const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Put "PATH:N: " (a place as compilers and GNU tools write it, and as
 * scripts' and review's messages do) before the message of an error
 * already set, PATH shown whole (escaped); token and code stay.  Returns
 * -1.  No operation (but still -1) if e is NULL. */
int cfx_err_at_line(cfx_err *e, const char *path, unsigned long line);

#endif
