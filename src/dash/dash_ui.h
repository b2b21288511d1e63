/*
 * dash_ui.h - the dashboard's files and the parts of its state.  Each
 * part is one file's own; the others change it only through that file's
 * functions and read it through its const accessors:
 *
 *   dash.c       options, terminal set-up and restore, the main loop (it
 *                applies what keys ask for), the latency log; quit, and
 *                ascii (set before the first frame)
 *   dash_keys.c  the one key-binding table and its handlers; the view and
 *                the lines being typed (dash_keys_view)
 *   dash_draw.c  layout and panels, from a read-only dash
 *   dash_learn.c the lesson pane: a lesson of the engine (learn.h) run on
 *                the dashboard's session (d->learn)
 *   dash_cmd.c   runs ':' lines on the session, a bare :verify from the
 *                strip; the background command (d->bg, dash_bg.c)
 *   dash_state.c the settings (n, b, keys, count, K), the constant and
 *                the worker's results for them (dash_state_model,
 *                dash_state_scoring, ...): below all the others
 *   dash_out.c   the status line and the output pane (dash_out.h)
 *   dash_bg.c    a ':' command on a thread of its own (:verify ...)
 *   dash_model.c the constant as the core computes it
 *   dash_work.c  the worker thread (keys, hashing, sweep strip)
 *   dash_line.c  the line editor
 *
 * Settings live in the session of the dashboard's own REPL (r.sess), so
 * `:set const ...`, `:set bits ...` and friends move the dashboard, and
 * `:score` and `:show` see what the dashboard shows; dash_cmd.c runs lines
 * on it, dash_state.c reads it and writes the constant and the settings
 * the keys change.
 */
#ifndef CFX_UI_DASH_UI_H
#define CFX_UI_DASH_UI_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli_word.h"
#include "dash/dash_line.h"
#include "dash/dash_model.h"
#include "dash/dash_out.h"
#include "dash/dash_work.h"
#include "repl/repl.h"

/* Input modes; a binding names the modes it works in. */
enum {
	MODE_VIEW = 1 << 0,     /* single keys act on the dashboard */
	MODE_EDIT = 1 << 1,     /* typing the constant */
	MODE_CMD  = 1 << 2,     /* typing a ':' command */
	MODE_HELP = 1 << 3,     /* the key table is shown */
	MODE_LEARN = 1 << 4     /* not a mode of its own: MODE_VIEW while a
	                           lesson pane is open (its keys, its help) */
};
#define MODE_LINE (MODE_EDIT | MODE_CMD)

/* Styles: an attribute each, colour or monochrome (dash_draw.c). */
enum {
	ST_NORMAL, ST_TITLE, ST_DIM, ST_HILITE, ST_GOOD, ST_WEAK, ST_BAD,
	ST_GAP0, ST_GAP1, ST_GAP2, ST_POINT, ST_ERROR, ST_SELECT, ST_PLUS,
	ST_MINUS, ST_KEY, ST_CODE_COMMENT, ST_CODE_PREPROC, ST_CODE_TYPE,
	ST_CODE_KEYWORD, ST_CODE_NUMBER, ST_CODE_OP, ST_INPUT, ST_BAR,
	ST_COUNT
};

#define DASH_MIN_W 80
#define DASH_MIN_H 24
#define DASH_MAX_TABLE 24       /* b drawn live at most: 64 MiB of loads */
#define DASH_SYNC_KEYS ((size_t)1 << 22)  /* wait for scores this small */
#define DASH_SYNC_MS 8           /* ... for this long after the key */
#define DASH_HIST 100           /* ':' history */
#define DASH_PAST 48            /* earlier spectra drawn at most */
#define DASH_PAST_K 4096        /* ... and only for K up to this */

/* The constant's input line (MODE_EDIT): dash_keys.c's. */
typedef struct dash_edit {
	dash_line line;
	char *orig;                 /* text before editing, for Esc */
	unsigned long orig_bits;    /* ... the word it was made on */
	cli_word orig_word;         /* ... and the session's word then */
	unsigned long word;         /* the word the text goes on
	                             * (dash_state_bits_new), 0: the rule */
	int bad;                    /* the text is no constant: err says why */
	cfx_err err;
	int opened_out;             /* a refused Enter opened the output pane
	                             * to say why: it closes with the edit */
} dash_edit;

/* The ':' line and its history: dash_keys.c's (dash_cmd.c completes the
 * line it is given). */
typedef struct dash_cmdline {
	dash_line line;
	char *hist[DASH_HIST];
	int nhist, hist_pos;
} dash_cmdline;

/* The work for the settings shown and its newest results (dash_state.c
 * submits and takes them; the others read them, dash_state_scoring). */
typedef struct dash_scoring {
	dash_work *w;
	dash_work_params par;       /* last submitted */
	unsigned long gen;          /* its generation, 0: none yet */
	dash_work_score *score;     /* newest received */
	dash_work_sweep sweep;
	dash_work_status st;
} dash_scoring;

/* What a frame measured, for the loop to keep: scroll positions clamped
 * to what there is to show, the first code line shown. */
typedef struct dash_frame {
	int code_scroll, code_top, out_scroll, help_scroll;
	int code_rows, out_rows, help_rows;  /* rows each shows, 0: not drawn
	                                      * (PgUp PgDn move by a page) */
	int lesson_rows;            /* the lesson pane's text window's rows,
	                             * 0: not drawn */
	int lesson_side;            /* its scroll marks beside the text */
	int lesson_scroll;          /* its first row of text shown */
	int lesson_scroll_max;      /* the furthest its text scrolls */
	int spec_past;              /* rows for spectra above K's the
	                             * spectrum panel had, 0: none */
} dash_frame;

typedef struct dash_state dash_state;

/* What the keys chose to see and the lines being typed: dash_keys.c's
 * (struct dash_keys_state); the others read it through dash_keys_view. */
typedef struct dash_view {
	int mode;
	int show_conv;              /* the CF panel shows the convergents */
	int code_optimal;           /* code panel: the fewest-adder graph */
	int code_scroll;            /* first code line shown, -1: automatic */
	unsigned long code_gen;     /* ... of this constant (dash_state_gen):
	                             * another one's code starts automatic */
	int code_top;               /* the first line the last frame showed */
	int help_scroll;
	int help_page;              /* 0: the keys, 1: what the panels show */
	int code_rows, out_rows, help_rows;  /* as the last frame drew them */
	dash_edit edit;             /* the constant's line */
	dash_cmdline cmd;           /* the ':' line */
} dash_view;

typedef struct dash {
	repl r;                     /* the session; ':' runs commands on it */
	int quit;                   /* the loop's (dash.c) */
	int ascii;                  /* ASCII only (dash.c sets it before the
	                             * first frame; dash_learn.c reads it) */
	struct dash_state *st;      /* the constant, its digit, K and the
	                             * worker's results (dash_state.c's) */
	struct dash_keys_state *ks; /* the view and the lines being typed
	                             * (dash_keys.c's) */
	dash_out *out;              /* the status line and the output pane
	                             * (dash_out.c's, through its functions) */
	struct dlearn *learn;       /* the lesson pane (dash_learn.c), NULL: none */
	struct dash_bg *bg;         /* a ':' command on its own thread
	                             * (dash_cmd.c's), NULL: none */
	char *bg_next;              /* the one typed while bg ran: it runs
	                             * when bg ends (dash_cmd.c's), NULL: none */
} dash;

/* ---- dash_state.c: below every other file; calls none of them --------- */

/* Make expr (bits: 0 automatic, else the session's set bits) the
 * constant, K spectrum points, the top digit selected, and the session
 * one that follows the commands run on it; 0, or -1 with err.  dash_state_work_start starts the
 * worker (it wakes wake_fd) and submits the first work;
 * dash_state_free stops it and frees all. */
int dash_state_init(dash *d, const char *expr, unsigned long bits,
                    uint64_t K, cfx_err *err);
int dash_state_work_start(dash *d, int wake_fd);
void dash_state_free(dash *d);

/* The state, read-only: the constant, the bits it was asked with (0:
 * automatic), a number that changes with every new constant, its
 * spectrum, K, the selected digit and the worker's newest results. */
const dash_model_const *dash_state_model(const dash *d);
unsigned long dash_state_bits_asked(const dash *d);
unsigned long dash_state_gen(const dash *d);
const dash_model_spec *dash_state_spec(const dash *d);

/* The spectrum of the constant for K - i points (1 <= i <= DASH_PAST,
 * i < K), for the rows drawn above K's, or NULL if the last update did
 * not make it (it makes as many as the frames had room for, and none
 * above K = DASH_PAST_K). */
const dash_model_spec *dash_state_spec_past(const dash *d, unsigned i);
/* A frame's spectrum panel had room for rows of them (dash_frame's
 * spec_past): make those it lacked; 1 if it made any (the loop draws
 * the frame again), else 0. */
int dash_state_spec_measured(dash *d, int rows);
uint64_t dash_state_K(const dash *d);
int dash_state_sel(const dash *d);
const dash_scoring *dash_state_scoring(const dash *d);

/* Select digit sel (clamped to the word); set K (>= 1); set the session's
 * table bits (0: automatic), key count (0: automatic) and key family;
 * find the fewest-adder graph of the constant (once per constant). */
void dash_state_select(dash *d, int sel);
void dash_state_set_K(dash *d, uint64_t K);
void dash_state_set_table(dash *d, int b);
void dash_state_set_count(dash *d, unsigned long long k);
void dash_state_set_family(dash *d, const char *family);
/* The same with the family already parsed (the dashboard's --keys), after
 * dash_state_init: it is not parsed again. */
void dash_state_set_keys(dash *d, const keys_family *f);
void dash_state_optimal(dash *d);

/* Take what the worker published: DASH_STATE_SCORE if a new score came
 * (a lesson's step may read it), DASH_STATE_OTHER if the sweep or the
 * progress moved, 0 if nothing.  dash_state_wait waits up to ms for the
 * score of the last submission. */
enum { DASH_STATE_SCORE = 1, DASH_STATE_OTHER = 2 };
int dash_state_take(dash *d);
void dash_state_wait(dash *d, int ms);

/* Effective settings, from the session and the model. */
unsigned dash_state_table_bits(const dash *d);
size_t dash_state_key_count(const dash *d);
const char *dash_state_family(const dash *d);
/* The session's key family parsed, once each time its text changes (the
 * state's own; the keys, the panels and the worker read this). */
const keys_family *dash_state_keys(const dash *d);
unsigned dash_state_bits(const dash *d);     /* the constant's word */

/* The word size expr would get (bits 0: automatic), or 0 with err if it
 * is no constant of the dashboard; nothing changes. */
unsigned dash_state_word_of(const dash *d, const char *expr,
                            unsigned long bits, cfx_err *err);

/* Make expr (bits: 0 automatic) the constant.  On success the session's
 * constant and bits follow; on failure nothing changes and err says why.
 * Returns 0 or -1. */
int dash_state_set_const(dash *d, const char *expr, unsigned long bits,
                         cfx_err *err);
/* Make expr, which a key made from the constant shown (a NAF digit set,
 * the next or previous prime), the constant on the shown word n: these
 * are digits of an n-bit word.  A word asked (set bits, --bits, w) stays
 * asked; else n goes with this constant only (as a command's own --bits
 * goes with its constant: cli_word_follow), where the rule would give
 * another, and the next constant typed or given follows the rule again.
 * Returns 0 or -1 as dash_state_set_const. */
int dash_state_set_const_on_word(dash *d, const char *expr, cfx_err *err);
/* The word a new constant (typed, not made by a key) goes on: the one
 * asked, 0 for the rule (cli_word_for). */
unsigned long dash_state_bits_new(const dash *d);

/* Re-read the session after a ':' command and apply what changed (the
 * loop then resubmits). */
void dash_state_apply_session(dash *d);

/* Submit work if the settings changed since the last submission: the
 * loop's, after each key, command and lesson event. */
void dash_state_resubmit(dash *d);

/* ---- dash_keys.c ------------------------------------------------------ */

/* What a key asks of the loop, which applies it: keys change the state
 * (dash_state.c) but never call the loop, the ':' line or the lesson. */
typedef struct dash_action {
	enum {
		DASH_ACT_NONE,          /* nothing beyond the state it changed */
		DASH_ACT_RUN,           /* run the ':' line `line` */
		DASH_ACT_COMPLETE,      /* complete the word before the cursor */
		DASH_ACT_QUIT,          /* leave the dashboard */
		DASH_ACT_SUSPEND        /* stop, as Ctrl-Z does in a shell */
	} kind;
	const char *line;           /* DASH_ACT_RUN: the line to run */
	dash_line *edit;            /* DASH_ACT_COMPLETE: the line to complete */
} dash_action;

typedef struct dash_keys_binding {
	int keys[4];                /* key codes (0 ends the list early) */
	const char *name;           /* as shown in help: "n p"; NULL: an alias */
	const char *help;
	const char *hint;           /* a word for the footer, NULL: not there */
	unsigned modes;
	dash_action (*fn)(dash *d, int key);   /* what it asks of the loop */
} dash_keys_binding;

extern const dash_keys_binding dash_keys_table[];


/* Handle one key (a character or a KEY_ code); the loop then applies the
 * action, submits the work the new settings need and tells the lesson
 * pane the learner acted. */
dash_action dash_keys_handle(dash *d, int key, int is_char);

/* Make and free the keys' state (the view starts on the panels, code
 * scrolled automatically). */
void dash_keys_init(dash *d);
void dash_keys_free(dash *d);

/* The view and the lines being typed, read-only. */
const dash_view *dash_keys_view(const dash *d);

/* Keep what a frame measured (the code's and the help's scroll). */
void dash_keys_measured(dash *d, const dash_frame *f);

/* ---- dash_draw.c ------------------------------------------------------ */

/* Styles and glyphs: colour allowed, ASCII only. */
void dash_draw_init(int color, int ascii);

/* Draw a frame of d, which the drawing only reads; f receives what the
 * frame measured, for the loop to hand to the state's owners. */
void dash_draw(const dash *d, dash_frame *f);

/* The columns of the output pane's text at the terminal's size now (as
 * the next frame lays it out): what a ':' command fills its lines to, so
 * that the pane shows them as they are, wrapped once. */
int dash_draw_out_cols(const dash *d);

/* ---- dash_cmd.c ------------------------------------------------------- */

/* Start a ':' line: -1 if it leaves the dashboard (a quit word: the loop
 * quits), 0 if it was answered at once (a bare :verify) or went to a
 * thread of its own (verify with options, dash_bg.h; dash_cmd_poll takes
 * its output; one typed while another runs is queued, and a later one
 * takes the queued one's place), else 1 after echoing it and saying
 * "running" (the loop draws that frame). */
int dash_cmd_begin(dash *d, const char *line, int wake_fd);

/* Take the output of the background command if it has ended, and start
 * the queued one (wake_fd as for dash_cmd_begin): 1 if one ended (the
 * session may have moved: the loop applies it), else 0. */
int dash_cmd_poll(dash *d, int wake_fd);

/* Run the ':' line now, on the dashboard's session; Ctrl-C sets *stop
 * (the loop routes SIGINT there meanwhile).  Returns 1 if the session
 * asked to leave (quit, exit), for the loop to quit. */
int dash_cmd_run(dash *d, const char *line, volatile sig_atomic_t *stop);

/* Complete the word before the cursor of the ':' line l. */
void dash_cmd_complete(dash *d, dash_line *l);

void dash_cmd_free(dash *d);

/* ---- dash_learn.c ----------------------------------------------------- */

/* Kinds of the lesson pane's rows (dash_draw.c gives each a style). */
enum { DASH_LEARN_TEXT, DASH_LEARN_HEAD, DASH_LEARN_TRY, DASH_LEARN_ASK, DASH_LEARN_GOOD, DASH_LEARN_BAD, DASH_LEARN_NOTE, DASH_LEARN_DIM };

typedef struct dash_learn_row {
	int kind;                   /* DL_* */
	char *s;
} dash_learn_row;

/* The pane as it is to be drawn: a title and the rows below it. */
typedef struct dash_learn_view {
	char title[160], right[32];
	dash_learn_row *line;
	int n;
	int win;                    /* rows of the text window, marks included */
	int side;                   /* its marks beside the text, not on rows */
	int scroll;                 /* its first row of text shown */
	int scroll_max;             /* the furthest the text scrolls */
} dash_learn_view;

/* Start or resume the lesson key (a number or a name) in the pane, as
 * `:learn N` does; progress is the REPL's progress file.  0, or -1 with
 * err (nothing changes). */
int dash_learn_start(dash *d, const char *key, cfx_err *err);

/* A ':' line goes here first.  Returns 1 if it was the lesson's (learn N,
 * a lesson word, an answer), 0 if it is a command: the caller runs it and
 * then calls dash_learn_acted(d, 1). */
int dash_learn_line(dash *d, const char *line);
/* In a lesson, review NAME.patch with the lesson directory's path in place
 * of NAME (learn_data_line); any other line as it is.  Valid until the
 * next call. */
const char *dash_learn_data_line(const dash *d, const char *line);

/* The learner acted: a key (ran = 0) or a ':' command (ran = 1).  When the
 * dashboard's settings changed, the results the step reads are brought up
 * to date; then, if anything may have changed, the step is polled.  Cheap
 * when nothing changed. */
void dash_learn_acted(dash *d, int ran);   /* not while editing */

/* The worker published a score (d->score): the step may read it. */
void dash_learn_score(dash *d);

/* A lesson pane is open (running, or showing that it is done). */
int dash_learn_open(const dash *d);

/* The panel the current step is about (learn_focus), NULL if none. */
const char *dash_learn_focus(const dash *d);

/* Whether the panels that show command cmd (cf, naf, score, ...) for
 * the dashboard's constant hide what they show: 1 with *later 0 when the
 * current step's prediction is not over (no answer yet, or a wrong one)
 * and cmd would reveal its answer (learn_hides_panel); 1 with *later the
 * number (from 1) of a later step when that step's prediction would be
 * revealed by cmd on this constant (its reveals: operand); else 0. */
int dash_learn_hides(const dash *d, const char *cmd, size_t *later);

/* The title of the lesson's step n (from 1), NULL when there is none. */
const char *dash_learn_step_title(const dash *d, size_t n);

/* Whether the step's prediction was answered wrong and is not over
 * (learn_retrying): its panels stay hidden, and another answer may
 * still be right. */
int dash_learn_retrying(const dash *d);

/* Scroll the step's text by a page (dir 1 down, -1 up): the next page
 * starts on the row after the last one shown, so none is skipped. */
void dash_learn_scroll(dash *d, int dir);

/* Compose the pane for w columns and h rows below its title; free with
 * dash_learn_view_free. */
void dash_learn_pane(const dash *d, int w, int h, dash_learn_view *p);
/* What the last frame showed of the pane's text (dash_frame.lesson_rows,
 * lesson_side, lesson_scroll, lesson_scroll_max): its window's rows,
 * which Ctrl-D and Ctrl-U page by, whether its marks are beside the text
 * (not on rows of their own), the first row shown (a new step's own
 * text, resolved) and the furthest it scrolls; the loop hands them
 * over. */
void dash_learn_measured(dash *d, int win, int side, int scroll,
                         int scroll_max);
void dash_learn_view_free(dash_learn_view *p);

void dash_learn_free(dash *d);

#endif
