/* out.h - text and JSON output helpers shared by the commands. */
#ifndef CFX_UI_OUT_H
#define CFX_UI_OUT_H

#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <gmp.h>
#include <jansson.h>

#include "cfx/cf.h"
#include "cfx/keys.h"

#define OUT_WIDTH 80

/* The columns a command's text fills on this thread: OUT_WIDTH, or the
 * width out_width_set gave (the dashboard's output pane, so that what a
 * ':' command prints is wrapped once, at the pane's width; 0 goes back to
 * OUT_WIDTH).  out_prose_width: the narrower of it and
 * OUT_PROSE_WIDTH. */
void out_width_set(int width);
int out_width(void);
int out_prose_width(void);

/* out_width(), or on a terminal at f narrower than OUT_WIDTH (and no
 * width set) its columns less one, as the REPL fills its errors: what
 * the terminal would otherwise break inside a word.  out_line_at: text
 * filled so on a terminal, the rest of its lines starting with rest; one
 * line elsewhere (for grep and logs). */
int out_width_at(FILE *f);
void out_line_at(FILE *f, const char *text, const char *rest);

/* Write the C source src to f with every comment line filled to fit
 * OUT_C_WIDTH columns, between words: a line inside a block comment
 * (space, star, text) as more such lines; an opening line too wide (a
 * one-line comment, or an opener with text) as the opener alone, the
 * text's lines, then the closer for a one-liner.  The emitted code's
 * comments quote power sums and origins of any width. */
#define OUT_C_WIDTH 79
void out_c_source(FILE *f, const char *src);

/* A write error on stdout, kept with its reason: stdio keeps only a
 * flag (ferror) when a write fails, and errno says why only until the
 * next call that sets it (a lesson saves its progress after the flush
 * that failed).  out_flush is fflush(f) that, when f is stdout and the
 * flush fails, keeps the first failure's errno (0, or EOF as fflush);
 * out_flush_errno returns it, or 0, for the report at exit. */
int out_flush(FILE *f);
int out_flush_errno(void);

/* Decimal string of z as a JSON string (for integers that can pass 2^53). */
json_t *out_jz(const mpz_t z);

/* Decimal string of v as a JSON string. */
json_t *out_ju64(uint64_t v);

/* A double as a JSON number, or null if it is not finite. */
json_t *out_jreal(double x);

/* Dump obj (one object, one line per field) to f and release it. */
void out_json(FILE *f, json_t *obj);

/* out_json that stops writing once *stop is set (stop may be NULL):
 * 0, or -1 when it was cut. */
int out_json_until(FILE *f, json_t *obj, const volatile sig_atomic_t *stop);

/* A report cut short by Ctrl-C says so (out_json_until does it itself);
 * out_was_cut: whether one was, so that what stdout still holds is
 * dropped at exit rather than written to a reader that may never read. */
void out_cut_note(void);
int out_was_cut(void);

/* on: out_json writes one compact object a line (JSON Lines), as script
 * mode's results are, so that a reader takes them one line at a time. */
void out_json_lines(int on);

/* "[a0; a1, a2, ...]" with runs of 4 or more equal quotients written
 * "1 (x12)", at most max terms of a periodic expansion unrolled, the
 * period in parentheses: sqrt(2) = [1; (2)].  malloc'd. */
char *out_cf_text(const cf_seq *cf, size_t max);

/* The columns, and the rows, of the terminal f writes to, asked of the
 * terminal itself each time (a resize is seen; COLUMNS and LINES are not
 * read: readline sets them only once it has started), or 0 when f is no
 * terminal (or it does not say).  Every face asks here. */
int out_tty_cols(FILE *f);
int out_tty_rows(FILE *f);

/* $COLUMNS and $LINES, one rule for every face: an integer from 1 to
 * OUT_ENV_SIZE_MAX is taken; anything else (0, -5, abc, 99999) is ignored
 * as if unset, and the terminal is asked.  out_env_sizes, called once by
 * main before any face starts, removes a bad one from the environment,
 * so that ncurses (the dashboard) and readline ignore it too; the bound
 * is the dashboard's (its screens take about 90 bytes a cell).
 * out_env_size: the value of name, 0 when unset or bad. */
#define OUT_ENV_SIZE_MAX 2000
void out_env_sizes(void);
int out_env_size(const char *name);

/* Print text filled to width columns: pieces end after each sep (" " for
 * words, ", " for lists) and never split; the first line starts with
 * first, the others with rest. */
void out_fill(FILE *f, const char *text, int width, const char *first,
              const char *rest, const char *sep);

/* Print text as paragraphs filled to width columns: each run of lines
 * that do not start with a blank is refilled at spaces (two kept after
 * a sentence's full stop, a line's own breaks only hints); blank lines
 * and lines that start with a blank (a table of options) print as they
 * are.  Every line ends in a newline. */
#define OUT_PROSE_WIDTH 72
void out_para(FILE *f, const char *text, int width);

/* Print a power sum "2^31 + 2^29 - ..." after label, wrapped between
 * terms (a sign stays with its term) to width columns, the lines after
 * the first indented to the label's width; a label wider than half of
 * width (a constant of 512 bits) takes lines of its own, cut at width,
 * and the sum follows on lines indented by 4. */
void out_sum(FILE *f, const char *label, const char *sum, int width);

/* Print text, one line of a report, filled at spaces to out_width()
 * columns; the lines after the first start with rest. */
void out_line(FILE *f, const char *text, const char *rest);

/* head, word and text (text follows word at once: ": ...") filled to
 * out_width() columns after head, the lines after the first starting
 * with rest, and word painted (out_paint) when f is coloured: score's
 * verdict, review's level. */
void out_fill_word(FILE *f, const char *head, const char *word,
                   const char *text, const char *rest);

/* "cfx: CMD: warning: TEXT" on f: on a terminal filled to OUT_WIDTH
 * (the lines after the first indented), elsewhere one line, as an error
 * is, for grep and logs. */
void out_warn(FILE *f, const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Print text after label, wrapped at ", " to width columns, continuation
 * lines indented to the label's width. */
void out_wrapped(FILE *f, const char *label, const char *text, int width);

/* Why the keys of ks on bits-bit words say nothing of the multiplier
 * when they cover the word (keys_cover_word): "the keys are all 2^20
 * multiples of 2^12 in the 32-bit word: ...", into buf. */
const char *out_cover_note(char *buf, size_t n, const keys_spec *ks,
                           unsigned bits);

/* The one progress line of every command, on stderr:
 * "\rLABEL [#########.....................] DONE/TOTAL UNIT", a bar of
 * OUT_PROGRESS_WIDTH cells filled to DONE/TOTAL (rounded down).  The
 * caller draws only when stderr is a terminal (cmd_ctx's progress: on a
 * pipe or file nothing is written), and ends with out_progress_end. */
#define OUT_PROGRESS_WIDTH 30
void out_progress(const char *label, size_t done, size_t total,
                  const char *unit);

/* out_progress with the bar filled to share (0..1, rounded down; below 0:
 * DONE/TOTAL) and ", NOTE" after the unit (note NULL: none).  A frame
 * shorter than the one before it is padded with blanks to cover it. */
void out_progress_note(const char *label, size_t done, size_t total,
                       const char *unit, double share, const char *note);

/* Erase the progress line on stderr ("\r\033[K"). */
void out_progress_end(void);

/* Whether commands draw their progress line, as git: the global
 * --progress (on = 1) or --no-progress (0) set it whatever stderr is;
 * otherwise (the default, -1) tty, whether stderr is a terminal. */
void out_progress_set(int on);
int out_progress_on(int tty);

/* A double in %g with the given significant digits, into buf. */
const char *out_g(char *buf, size_t n, double x, int digits);

/* Colour, as hyperfine and ripgrep: the global --color=WHEN sets the
 * mode; auto (the default) colours a terminal unless NO_COLOR is set and
 * not empty or TERM is dumb; always and never override both. */
typedef enum { OUT_COLOR_AUTO, OUT_COLOR_ALWAYS, OUT_COLOR_NEVER }
	out_color_mode;

/* Set the mode from WHEN: auto, always or never (NULL: always, as a bare
 * --color).  0, or -1 for any other word (nothing changes). */
int out_color_set(const char *when);

/* 1 if what is written to f is to be coloured. */
int out_color_on(FILE *f);

/* word in its colour when f is coloured: PASS and good green, WARN and
 * weak yellow, FAIL and bad red, review's ERROR red and WARNING yellow
 * (either case) (in buf, n >= 24 + strlen(word));
 * otherwise, and for any other word, word itself.  Its width on screen is
 * strlen(word). */
const char *out_paint(FILE *f, const char *word, char *buf, size_t n);

#endif
