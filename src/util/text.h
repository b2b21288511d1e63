/*
 * text.h - measuring, filling and splitting UTF-8 text.
 *
 * Columns are display columns: a character counts what wcwidth(3) says in
 * the current locale, and 1 when wcwidth does not know it (the "C" locale,
 * control characters, bytes that are not UTF-8), so plain ASCII text
 * measures its length everywhere.
 */
#ifndef CFX_UTIL_TEXT_H
#define CFX_UTIL_TEXT_H

#include <stddef.h>

#include "util/buf.h"

/* Display columns of the first n bytes of the UTF-8 text s. */
size_t text_width(const char *s, size_t n);

/* Bytes of the string s that fill at most cols columns, never splitting a
 * character. */
size_t text_cut(const char *s, size_t cols);

/*
 * Append text filled to width columns to b: it is cut into pieces that
 * end just after each sep (" " for words, ", " for lists), with trailing
 * blanks dropped; pieces are joined by a space, and a piece that would
 * pass width starts a new line.  A piece wider than any line (width less
 * rest's columns) is the one that is split: it starts on the current
 * line and is cut at width on each, as Python's textwrap breaks a long
 * word; but a path (a piece holding a '/' and a letter no number has) is
 * never cut: it goes whole on a line of its own, to be copied.  The
 * first line starts with first, the others with rest (both count toward
 * the width); the result ends in a newline.  sep must not be empty.
 */
void text_fill(struct buf *b, const char *text, int width, const char *first,
               const char *rest, const char *sep);

/* The columns that the operator words right after p take, each with the
 * blank before it: words of one to three of + - * / % ^ = < > & | ~
 * ("x - (x << 19)": after "x", 2).  A filler adds them to the word before
 * them, so that no line starts with an operator.  cross: a single line
 * break does not end the words (a run of prose lines). */
size_t text_ops_after(const char *p, int cross);

/* The line starting at s: returns its length without the newline and sets
 * *next to the start of the following line (at the NUL when none). */
size_t text_line(const char *s, const char **next);

/* The character at s (n >= 1 bytes readable): returns its bytes and sets
 * *c to its code point, or returns 1 and sets *c = -1 for a byte that does
 * not start well-formed UTF-8 (overlong forms and surrogates are not). */
size_t text_utf8(const char *s, size_t n, long *c);

/* One word of a command line. */
typedef struct text_word {
	char *s;        /* the word, quotes removed (malloc'd) */
	int col;        /* column where it starts, after an opening quote */
	int len;        /* bytes it takes in the line, quotes included */
} text_word;

typedef struct text_words {
	text_word *w;
	size_t n, cap;
} text_words;

/*
 * Split line into ws (emptied first): blanks separate words, '...' and
 * "..." group (the quotes are removed); when comments is nonzero a word
 * that starts with '#' ends the line.  Returns -1 if a quote is left open
 * (*open = its column; the words so far, the open one last, are in ws),
 * else 0.  open may be NULL.
 */
int text_split(const char *line, int comments, text_words *ws, int *open);

/* Free the words of ws; ws is empty and reusable. */
void text_words_free(text_words *ws);

/* The words of line as text_split finds them (no comments; an open quote
 * runs to the end) in a NULL-terminated vector for getopt, their number in
 * *argc.  Free with text_argv_free(argv, *argc) (getopt's reordering does
 * not matter). */
char **text_argv(const char *line, int *argc);
void text_argv_free(char **argv, int argc);

#endif
