/*
 * dash_learn.c - the lesson pane: one lesson of the engine (learn.h) run
 * on the dashboard's own session, beside the live panels (dash_draw.c
 * places and draws the pane; this file says what is in it).
 *
 * Input.  Every ':' line comes here first (dash_cmd_run).  `learn N` opens
 * the pane (`learn` alone prints the list to the output pane);
 * while a lesson runs, learn_input takes lesson words and answers, and a
 * line it does not want runs as a command as always and is followed by
 * learn_poll.  `:quit` and `:exit` are lesson words (they leave the lesson); `:q`,
 * `:q!` and `:wq` still leave the dashboard.  Progress is the REPL's: the
 * same progress file, so `cfx learn` sees where the dashboard left off.
 *
 * The pane.  The step's title and what to do (the question, whole) stay
 * put, the text scrolls between them (Ctrl-D, Ctrl-U: a page at a time,
 * no row skipped), its marks on rows of their own, or beside it where the
 * window is small.  A new step opens on its own text, how the previous
 * one ended above it (Ctrl-U); a lesson done, on its last words.
 *
 * Keys count as acting.  Checks read the session's settings (state.const,
 * ...) and the commands' results (result.cf, ...).  A key that moves the
 * dashboard changes the settings but runs no command, so after every
 * change (dash_learn_acted compares the settings with the last it saw)
 * the results the current step's checks name are made again, silently,
 * on the session, and the step is polled:
 *
 *   cf, naf, shifts  run on the constant: well under a millisecond;
 *   spectrum         run with --count K, the K points the panel shows;
 *   score            not run: the worker already hashes the very keys the
 *                    buckets panel shows, so its score for the new
 *                    settings is kept as the session's score result (the
 *                    fields `cfx score --json` prints) when it arrives,
 *                    and the step is polled then.  Running score here
 *                    would hold the UI for ~85 ms at the default 2^20
 *                    keys and for seconds at 2^26;
 *   sweep, verify    not made: the sweep strip uses a smaller table and
 *                    fewer keys than `sweep` does, and verify is heavier
 *                    still; the learner runs :sweep or :verify.
 *
 * A bare `:verify` reads the verify strip (dash_cmd.c): its verdict, once
 * the strip has judged the constant, is kept as the session's verify
 * result (keep_verify), as score's is.
 *
 * Hidden panels (issue 24).  The engine says which panels the current
 * step's prediction hides (learn_hides_panel); the pane adds two rules
 * of the dashboard's own: a later step's prediction hides its panels
 * while the constant is its reveals: operand (later_mask: the dashboard
 * may open on, or the learner move to, a later step's constant), and a
 * step done in the dashboard leaves the panel it was about up, past the
 * next step's hiding, until the learner's next move (held_shows), so its
 * explanation is read beside what it cites.
 *
 * Only the commands a step's checks name are made, and only after a change
 * made during the step, so a step never passes before the learner acts.
 * While the constant is being typed (e, /) the panels follow every valid
 * prefix, but the lesson waits for Enter: "0x8" on the way to 0x80000001
 * is a bad multiplier too, and should not pass a step by the way.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/cmds.h"
#include "dash/dash_ui.h"
#include "lesson/learn.h"
#include "cli/out.h"
#include "util/text.h"
#include "util/xalloc.h"

/* What the dashboard shows, to tell when a key or command changed it. */
typedef struct dl_seen {
	uint64_t p, K;
	unsigned bits, b;
	unsigned long asked;
	size_t count;
	char expr[DASH_LINE_MAX + 1];
	char family[DASH_WORK_FAMILY_MAX];
} dl_seen;

struct dlearn {
	learn *L;                   /* NULL once the lesson is done */
	int number;
	char title[160];            /* "Lesson N: TITLE" */
	char *fb;                   /* the feedback shown, NULL: none */
	int fb_ev;                  /* the event it came with */
	char *done;                 /* what the pane says when it is done */
	char *path;                 /* the lesson file's path, kept once it is
	                             * done: `:review NAME.patch` still reads
	                             * the patch beside it */
	char *prev;                 /* how the previous step ended (its
	                             * feedback), above the step's text */
	int prev_ev;                /* the event it came with */
	int scroll;                 /* first row of the text shown; -1: the
	                             * step's own text (past prev) */
	int win, side, scroll_max;  /* the text window's rows last time, its
	                             * marks beside the text, and the
	                             * furthest its text scrolled */
	dl_seen seen;
	int want_score;             /* a change in this step awaits its score */
	size_t at;                  /* the step the pane showed last */
	const char *held;           /* a step done in the dashboard just
	                             * ended: the name (panel_names) of the
	                             * panel it was about, which shows what
	                             * it showed until the learner's next
	                             * move (held_shows); NULL: none */
	int skipping;               /* the line being handled is :skip */
	int strip_verify;           /* a bare :verify ran: the strip's verdict
	                             * is the session's verify (keep_verify) */
	size_t later_step;          /* later_mask's cache: for this step, */
	uint64_t later_p;           /*   this constant, */
	int later_ok;               /*   made */
	unsigned later_bits;        /*   the panels (1 << PANEL_CMDS index) */
	size_t later_at;            /*   the first later step that hides one */
	FILE *diag;                 /* the engine's warnings (progress file) */
	char *diag_buf;
	size_t diag_len, diag_seen;
	FILE *null;                 /* output of the silent commands */
};

/* The commands whose panels a step may hide (dash_draw.c's), with the
 * names the lesson pane gives those panels. */
static const char *const panel_cmds[] = { "cf", "naf", "shifts", "spectrum",
                                          "score", "sweep", "verify" };
static const char *const panel_names[] = { "cf", "decomposition", "code",
                                           "spectrum", "buckets", "buckets",
                                           "buckets" };
#define PANEL_CMDS (sizeof panel_cmds / sizeof *panel_cmds)

/* The name of the panel that shows command cmd (a focus: word), "" for
 * none (NULL too). */
static const char *panel_name(const char *cmd)
{
	size_t k;

	for (k = 0; cmd && k < PANEL_CMDS; k++)
		if (!strcmp(cmd, panel_cmds[k]))
			return panel_names[k];
	return "";
}

/* The panel a step held after it (dl->held): the one a step done in the
 * dashboard was about (its focus:), or NULL. */
static const char *held_panel(const lesson_step *s)
{
	return s->dash && *panel_name(s->focus) ? panel_name(s->focus) : NULL;
}

/* ---- text ------------------------------------------------------------- */

/* The pane's glyphs: UTF-8, or ASCII (--ascii, a locale that is not UTF-8). */
typedef struct dl_glyphs {
	const char *mark, *ell, *up, *down;   /* mark: a passed step */
} dl_glyphs;

static const dl_glyphs *glyphs(const dash *d)
{
	static const dl_glyphs utf8 = { "\u2713 ", "\u2026", "\u25b2", "\u25bc" };
	static const dl_glyphs ascii = { "ok ", "...", "^", "v" };

	return d->ascii ? &ascii : &utf8;
}

/* Columns of the first n bytes of UTF-8 s. */
static int cols(const char *s, size_t n)
{
	return (int)text_width(s, n);
}

typedef struct rows {
	dash_learn_row *l;
	int n;
	size_t cap;
} rows;

static void row_add(rows *r, int kind, const char *s, size_t len)
{
	XGROW(r->l, r->cap, (size_t)r->n + 1, "lesson rows");
	r->l[r->n].kind = kind;
	r->l[r->n].s = xstrndup(s, len);
	r->n++;
}

/* Bytes of s that fill at most w columns: up to the last space that fits
 * if there is one, else through the middle of a word too long for w. */
static size_t cut(const char *s, int w)
{
	size_t i = text_cut(s, w > 0 ? (size_t)w : 0), sp;

	if (!s[i] || s[i] == ' ')
		return i;
	for (sp = i; sp > 0 && s[sp] != ' '; sp--)
		;
	return sp ? sp : i;
}

/*
 * Lines of text into rows of w columns: a line that is still too wide (an
 * indented formula, a word longer than the pane) wraps at spaces, its
 * continuation indented by hang, or (hang < 0) two more than the line
 * itself.
 */
static void add_hung(rows *r, int kind, const char *text, int w, int hang)
{
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, "\n"), ind = strspn(p, " ") + 2;
		const char *q = p;
		char pad[24];
		int first = 1;

		if (hang >= 0)
			ind = (size_t)hang;
		if (ind > (size_t)w / 3)
			ind = (size_t)w / 3;
		snprintf(pad, sizeof pad, "%*s", (int)ind, "");
		while (first || q < p + len) {
			char line[DASH_LINE_MAX + 64];
			size_t room, k;
			int pre = first ? 0 : (int)strlen(pad);
			snprintf(line, sizeof line, "%s%.*s", first ? "" : pad,
			         (int)(p + len - q), q);
			room = cut(line + pre, w - pre);
			row_add(r, kind, line, (size_t)pre + room);
			for (k = room; q + k < p + len && q[k] == ' '; k++)
				;
			q += k;
			first = 0;
			if (!room)
				break;
		}
		p += len + (p[len] == '\n');
	}
}

static void add_text(rows *r, int kind, const char *text, int w)
{
	add_hung(r, kind, text, w, -1);
}

/* Text filled to w columns (learn_cli_fill: never inside brackets), the
 * first row after first, the others after rest. */
static void add_filled(rows *r, int kind, const char *text, int w,
                       const char *first, const char *rest)
{
	struct buf b = { 0 };

	learn_cli_fill(&b, text, w, first, rest);
	add_text(r, kind, buf_str(&b), w);
	buf_free(&b);
}

/* Lines of the engine's feedback (learn_feedback's form) laid out to w. */
static void add_feedback(rows *r, int kind, const char *text, int w)
{
	struct buf b = { 0 };

	learn_cli_feedback(&b, text, w);
	add_text(r, kind, buf_str(&b), w);
	buf_free(&b);
}

/* ---- the pane's state --------------------------------------------------- */

static void seen_now(const dash *d, dl_seen *s)
{
	const dash_model_const *c = dash_state_model(d);

	memset(s, 0, sizeof *s);
	s->p = c->p;
	s->K = dash_state_K(d);
	s->bits = c->bits;
	s->b = dash_state_table_bits(d);
	s->asked = dash_state_bits_asked(d);
	s->count = dash_state_key_count(d);
	snprintf(s->expr, sizeof s->expr, "%s", c->expr ? c->expr : "");
	snprintf(s->family, sizeof s->family, "%s", dash_state_family(d));
}

/* Warnings the engine wrote (the progress file): the status line and the
 * output pane show them. */
static void diag_show(dash *d)
{
	struct dlearn *dl = d->learn;
	const char *t;

	if (!dl || fflush(dl->diag) != 0 || dl->diag_len <= dl->diag_seen)
		return;
	t = dl->diag_buf + dl->diag_seen;
	dash_out_add(d->out, t);
	dash_out_msg(d->out, ST_ERROR, "%.*s", (int)strcspn(t, "\n"), t);
	dl->diag_seen = dl->diag_len;
}

static void set_fb(struct dlearn *dl, const char *fb, int ev)
{
	free(dl->fb);
	dl->fb = fb ? xstrdup(fb) : NULL;
	dl->fb_ev = ev;
}

/* A new step: it opens on its own text, what ended the last one (fb,
 * for event ev) above it. */
static void set_prev(struct dlearn *dl, const char *fb, int ev)
{
	free(dl->prev);
	dl->prev = fb && *fb ? xstrdup(fb) : NULL;
	dl->prev_ev = ev;
	dl->scroll = -1;
}

void dash_learn_free(dash *d)
{
	struct dlearn *dl = d->learn;

	if (!dl)
		return;
	learn_close(dl->L);
	fclose(dl->diag);
	free(dl->diag_buf);
	if (dl->null)
		fclose(dl->null);
	free(dl->fb);
	free(dl->prev);
	free(dl->done);
	free(dl->path);
	free(dl);
	d->learn = NULL;
}

/* Where the engine's words at the end of lesson number (fb) say it is
 * complete: the start of that line, or fb's end. */
static const char *complete_line(const char *fb, int number)
{
	char key[48];
	const char *p;
	size_t n = (size_t)snprintf(key, sizeof key, "Lesson %d complete", number);

	for (p = fb; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n'))
		if (!strncmp(p, key, n))
			return p;
	return p;
}

/* The lesson is done (ev: the event that did it): the pane opens on
 * that and on what comes next, how the last step ended above it. */
static void finish(dash *d, const char *fb, int ev)
{
	struct dlearn *dl = d->learn;
	learn_store_catalog c;
	cfx_err e;
	const learn_store_entry *n = NULL;
	const char *at = complete_line(fb, dl->number);
	char key[16], *t, *end = xstrndup(fb, (size_t)(at - fb));
	size_t len;
	FILE *m = open_memstream(&t, &len);

	if (!m)
		xalloc_fail(0, "lesson list");
	snprintf(key, sizeof key, "%d", dl->number + 1);
	if (learn_store_catalog_load(&c, &e) == 0)
		n = learn_store_catalog_find(&c, key);
	fputs(*at ? at : fb, m);
	if (n)
		fprintf(m, "\nNext: :learn %d, %s\n", n->number, n->title);
	fclose(m);
	learn_store_catalog_free(&c);
	free(dl->done);
	dl->done = t;
	free(dl->path);
	dl->path = xstrdup(learn_path(dl->L));
	learn_close(dl->L);
	dl->L = NULL;
	set_fb(dl, NULL, ev);
	set_prev(dl, *at ? end : NULL, ev);
	free(end);
}

/* Show what an engine event means: feedback in the pane, its first line
 * on the status line and all of it in the output pane's history. */
static void event(dash *d, int ev)
{
	struct dlearn *dl = d->learn;
	char *fb = xstrdup(learn_feedback(dl->L)), first[200];

	snprintf(first, sizeof first, "%.*s", (int)strcspn(fb, "\n"), fb);
	if (ev & LEARN_NEWSTEP) {
		dl->want_score = 0;
		set_fb(dl, NULL, 0);
		set_prev(dl, fb, ev);
		/* a step done in the dashboard ended (done or explained,
		 * not skipped): the panel it was about stays up for its
		 * explanation (issue 24) */
		dl->held = NULL;
		if (!(ev & LEARN_DONE) && !dl->skipping &&
		    learn_step(dl->L) > dl->at)
			dl->held = held_panel(&learn_lesson(dl->L)->steps[dl->at]);
	}
	if (!(ev & LEARN_DONE))
		dl->at = learn_step(dl->L);
	if (*fb) {
		if (!(ev & LEARN_NEWSTEP))
			set_fb(dl, fb, ev);
		dash_out_add(d->out, fb);
		dash_out_msg(d->out, ev & (LEARN_WRONG | LEARN_ERROR) ? ST_ERROR : ev &
		         LEARN_PASSED ? ST_GOOD : ST_NORMAL, "%s%s", ev &
		         LEARN_PASSED ? glyphs(d)->mark : "", first);
	}
	if (ev & LEARN_QUIT) {
		dash_out_msg(d->out, ST_NORMAL, "left lesson %d at step %zu of %zu; :learn %d "
		         "resumes it", dl->number, learn_step(dl->L) + 1,
		         learn_steps(dl->L), dl->number);
		diag_show(d);
		dash_learn_free(d);
		free(fb);
		return;
	}
	if (ev & LEARN_DONE)
		finish(d, fb, ev);
	diag_show(d);
	free(fb);
}

int dash_learn_start(dash *d, const char *key, cfx_err *err)
{
	struct dlearn *dl = d->learn;
	learn_store_catalog c;
	const learn_store_entry *e;
	learn *L;

	if (learn_store_catalog_load(&c, err) < 0) {
		learn_store_catalog_free(&c);
		return -1;
	}
	if (!(e = learn_store_catalog_find(&c, key))) {
		char *why = learn_cli_not_found(&c, key, "");
		cfx_err_set(err, CFX_EUSAGE, -1, key, "%s", why);
		free(why);
		learn_store_catalog_free(&c);
		return -1;
	}
	if (!dl) {
		dl = xcalloc(1, sizeof *dl, "lesson pane");
		if (!(dl->diag = open_memstream(&dl->diag_buf, &dl->diag_len)))
			xalloc_fail(0, "lesson diagnostics");
		dl->null = fopen("/dev/null", "w");
	}
	if (!(L = learn_open(e, &d->r.sess, LEARN_SAVE | LEARN_DASH, dl->diag,
	                     err))) {
		if (err->col > 0) {     /* the line at fault, as cfx learn says it */
			char *msg = xasprintf("%s:%d: %s", e->path, err->col,
			                      err->msg);
			snprintf(err->msg, sizeof err->msg, "%s", msg);
			free(msg);
		}
		if (!d->learn) {
			d->learn = dl;
			dash_learn_free(d);
		}
		learn_store_catalog_free(&c);
		return -1;
	}
	learn_close(dl->L);
	dl->L = L;
	dl->number = e->number;
	snprintf(dl->title, sizeof dl->title, "Lesson %d: %s", e->number,
	         learn_title(L));
	set_fb(dl, NULL, 0);
	free(dl->done);
	dl->done = NULL;
	set_prev(dl, NULL, 0);
	dl->want_score = 0;
	dl->at = learn_step(L);
	dl->held = NULL;
	dl->strip_verify = dl->later_ok = 0;
	d->learn = dl;
	seen_now(d, &dl->seen);
	diag_show(d);
	learn_store_catalog_free(&c);
	return 0;
}

/* ---- input ---------------------------------------------------------------- */

/* `:q`, `:q!`, `:wq`: the dashboard's quit words that are no lesson word. */
static int leaves_dashboard(const char *p)
{
	size_t n = strcspn(p, " \t");

	if (p[n + strspn(p + n, " \t")])
		return 0;
	return (n == 1 && p[0] == 'q') || (n == 2 && !strncmp(p, "q!", 2)) ||
	       (n == 2 && !strncmp(p, "wq", 2));
}

/* `learn N` (or NAME): start it in the pane. */
static void learn_word(dash *d, const char *arg)
{
	cfx_err e;
	size_t n = strcspn(arg, " \t");
	char key[64];
	int style;

	if (arg[n + strspn(arg + n, " \t")]) {
		dash_out_msg(d->out, ST_ERROR, ":learn: one lesson at a time (:learn N)");
		return;
	}
	snprintf(key, sizeof key, "%.*s", (int)n, arg);
	if (dash_learn_start(d, key, &e) < 0) {
		dash_out_msg(d->out, ST_ERROR, ":learn: %s%s%s%s", e.msg, e.token[0] ? " (" : "",
		         e.token, e.token[0] ? ")" : "");
		return;
	}
	if (!*dash_out_status(d->out, &style) || style != ST_ERROR)
		dash_out_msg(d->out, ST_NORMAL, "lesson %d, step %zu of %zu: your moves are "
		         "keys and : lines (? lists them)", d->learn->number,
		         learn_step(d->learn->L) + 1, learn_steps(d->learn->L));
}

/* `learn` alone: the lessons, with their marks, in the output pane. */
static void list(dash *d)
{
	char *t = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&t, &len);
	cfx_err e;

	if (!m)
		xalloc_fail(0, "lesson list");
	if (learn_cli_list(m, m, &e) < 0) {
		fclose(m);
		free(t);
		dash_out_msg(d->out, ST_ERROR, ":learn: %s", e.msg);
		return;
	}
	fclose(m);
	dash_out_add(d->out, t);
	free(t);
	dash_out_open(d->out, 1);
	dash_out_msg(d->out, ST_NORMAL, ":learn done; o hides the output");
}

int dash_learn_line(dash *d, const char *line)
{
	struct dlearn *dl = d->learn;
	const char *p = line + strspn(line, " \t");
	size_t n = strcspn(p, " \t");
	char echo[DASH_LINE_MAX + 8];
	int ev;

	snprintf(echo, sizeof echo, ":%s", line);
	if (n == 5 && !strncmp(p, "learn", 5)) {
		const char *arg = p + 5 + strspn(p + 5, " \t");
		dash_out_add(d->out, echo);
		if (*arg)
			learn_word(d, arg);
		else
			list(d);
		return 1;
	}
	if (!dl)
		return 0;
	if (!dl->L) {               /* done: `quit` or `exit` closes the pane */
		if (n != 4 || (strncmp(p, "quit", 4) && strncmp(p, "exit", 4)) ||
		    p[4 + strspn(p + 4, " \t")])
			return 0;
		dash_out_add(d->out, echo);
		dash_out_msg(d->out, ST_NORMAL, "lesson %d closed", dl->number);
		dash_learn_free(d);
		return 1;
	}
	if (leaves_dashboard(p))
		return 0;
	dl->held = NULL;            /* a line is a move */
	dl->skipping = n == 4 && !strncmp(p, "skip", 4);
	ev = learn_input(dl->L, line);
	if (ev == LEARN_NOT_MINE) {
		/* a bare :verify reads the verify strip (dash_cmd.c) */
		dl->strip_verify = n == 6 && !strncmp(p, "verify", 6) &&
		                   !p[n + strspn(p + n, " \t")];
		dl->skipping = 0;
		return 0;
	}
	dash_out_add(d->out, echo);
	event(d, ev);
	if (d->learn)
		d->learn->skipping = 0;
	return 1;
}

const char *dash_learn_data_line(const dash *d, const char *line)
{
	static char *kept;          /* the last rewritten line: a command may
	                             * still read it (an echo, a background run) */
	char *data;

	/* the lesson's own patch, beside its file (h22: one call changed) */
	if (!d->learn || (!d->learn->L && !d->learn->path) ||
	    !(data = learn_data_line(d->learn->L ? learn_path(d->learn->L)
	                                          : d->learn->path, line, NULL)))
		return line;
	free(kept);
	kept = data;
	return kept;
}

/* ---- keys and commands count as acting ------------------------------------ */

/* Whether the step's checks read the result of cmd (result.CMD, last.CMD). */
static int reads(const lesson_step *s, const char *cmd)
{
	size_t i, n = strlen(cmd);

	for (i = 0; i < s->nchecks; i++) {
		const char *src = s->checks[i].src, *p;
		for (p = src; (p = strstr(p, cmd)); p += n) {
			int whole = !isalnum((unsigned char)p[n]) && p[n] != '_';
			if (whole && ((p - src >= 7 && !strncmp(p - 7, "result.", 7)) ||
			              (p - src >= 5 && !strncmp(p - 5, "last.", 5))))
				return 1;
		}
	}
	return 0;
}

/* Run a command line on the dashboard's session, its output discarded:
 * only the result it keeps matters. */
static void run_silent(dash *d, const char *line)
{
	int argc;
	char **argv = text_argv(line, &argc);
	cmd_ctx c;

	memset(&c, 0, sizeof c);
	c.out = d->learn->null;
	c.sess = &d->r.sess;
	if (c.out && argc)
		cli_run(&c, argc, argv);
	free(c.used_expr);
	text_argv_free(argv, argc);
}

/* The worker's score as `cfx score --json` has it, as the session's score
 * result.  (cmd_score.c builds the same fields from score_keys; the two
 * are the same numbers, as tests/dash/screens.sh checks for chi^2.) */
static void keep_score(dash *d, const dash_work_score *s)
{
	char *hex;
	mpz_t z;

	mpz_init_set_ui(z, (unsigned long)s->par.p);
	hex = word_hex(z, s->par.bits);
	mpz_clear(z);
	if (!d->r.sess.results)
		d->r.sess.results = json_object();
	/* the same JSON as `cfx score --json`, from the one builder */
	json_object_set_new(d->r.sess.results, "score",
	                    cmd_score_json(hex, s->par.bits, s->par.b, s->desc,
	                               s->made, &s->r, !(s->par.p & 1)));
	free(hex);
}

/* A bare :verify, answered from the verify strip (dash_cmd.c): once the
 * strip has judged the dashboard's constant, its verdict is the session's
 * verify result, as much of `cfx verify --json`'s as the strip knows (the
 * constant, its word, the verdict and its counts, the tables judged), so
 * a step that reads last.verify takes the constant verified here (issue
 * 24: lesson 10 step 8 wanted :verify EXPR, the constant typed again).
 * The strip is verify's battery at its default tables, judged as verify
 * judges, its shift/add form by cfx's evaluator. */
static void keep_verify(dash *d)
{
	const dash_work_sweep *sw = &dash_state_scoring(d)->sweep;
	const dash_model_const *c = dash_state_model(d);
	unsigned tables[VERIFY_MAX_TABLES];
	size_t i, nt;
	json_t *v, *tb;
	char *hex, *dec;
	mpz_t z;

	if (sw->vp != c->p || sw->vbits != c->bits || !sw->vn ||
	    sw->vdone < sw->vn)
		return;                 /* not judged yet: :verify said so */
	mpz_init_set_ui(z, (unsigned long)(sw->vp >> 32));
	mpz_mul_2exp(z, z, 32);
	mpz_add_ui(z, z, (unsigned long)(sw->vp & 0xffffffffu));
	hex = word_hex(z, sw->vbits);
	dec = mpz_get_str(NULL, 10, z);
	v = json_object();
	json_object_set_new(v, "value", json_string(dec));
	json_object_set_new(v, "hex", json_string(hex));
	json_object_set_new(v, "bits", json_integer(sw->vbits));
	json_object_set_new(v, "verdict", json_string(sw->vfail ? "FAIL" :
	                                               "PASS"));
	json_object_set_new(v, "failed", json_integer(sw->vfail));
	json_object_set_new(v, "warned", json_integer(sw->vwarn));
	tb = json_array();
	nt = verify_default_tables(sw->vbits, VERIFY_STANDARD, tables);
	for (i = 0; i < nt; i++)
		json_array_append_new(tb, json_integer(tables[i]));
	json_object_set_new(v, "table_bits", tb);
	json_object_set_new(v, "from", json_string("the dashboard's verify "
	                                           "strip (:verify)"));
	free(hex);
	free(dec);
	mpz_clear(z);
	if (!d->r.sess.results)
		d->r.sess.results = json_object();
	json_object_set_new(d->r.sess.results, "verify", v);
}

static int score_current(const dash *d)
{
	const dash_scoring *w = dash_state_scoring(d);

	return w->score && w->score->gen == w->gen && !w->score->failed;
}

/* The settings changed: make again what the step's checks read. */
static void refresh(dash *d)
{
	struct dlearn *dl = d->learn;
	const lesson_step *s = &learn_lesson(dl->L)->steps[learn_step(dl->L)];
	char line[64];

	if (reads(s, "cf"))
		run_silent(d, "cf");
	if (reads(s, "naf"))
		run_silent(d, "naf");
	if (reads(s, "shifts"))
		run_silent(d, "shifts");
	if (reads(s, "spectrum")) {
		snprintf(line, sizeof line, "spectrum --count %llu",
		         (unsigned long long)dash_state_K(d));
		run_silent(d, line);
	}
	if (reads(s, "score")) {
		if (score_current(d))
			keep_score(d, dash_state_scoring(d)->score);
		else
			dl->want_score = 1;
	}
}

void dash_learn_acted(dash *d, int ran)
{
	struct dlearn *dl = d->learn;
	dl_seen now;
	int moved;

	if (!dl || !dl->L)
		return;
	seen_now(d, &now);
	moved = memcmp(&now, &dl->seen, sizeof now) != 0;
	if (dl->strip_verify) {     /* answered at once, ran by no thread */
		keep_verify(d);
		dl->strip_verify = 0;
		ran = 1;
	}
	if (moved || ran)
		dl->held = NULL;        /* the learner's next move */
	/* a command's own result first: the refresh below would put the
	 * panel's (spectrum --count K) in place of :spectrum --count 21's */
	if (ran && moved) {
		int ev = learn_poll(dl->L);
		if (ev != LEARN_NOTHING) {
			dl->seen = now;
			event(d, ev);
			return;
		}
	}
	if (moved) {
		dl->seen = now;
		refresh(d);
	}
	if (moved || ran)
		event(d, learn_poll(dl->L));
}

void dash_learn_score(dash *d)
{
	struct dlearn *dl = d->learn;

	if (!dl || !dl->L || !dl->want_score || !score_current(d))
		return;
	dl->want_score = 0;
	keep_score(d, dash_state_scoring(d)->score);
	event(d, learn_poll(dl->L));
}

/* ---- what the pane shows --------------------------------------------------- */

int dash_learn_open(const dash *d)
{
	return d->learn != NULL;
}

const char *dash_learn_focus(const dash *d)
{
	return d->learn && d->learn->L ? learn_focus(d->learn->L) : NULL;
}

/* Whether step s's reveals: lines have an operand of value p (*integer:
 * one of them has an integer operand at all). */
static int reveals_p(const dash *d, const lesson_step *s, uint64_t p,
                     int *integer)
{
	size_t i;
	int is = 0;

	*integer = 0;
	for (i = 0; i < s->nreveals; i++)
		is |= learn_operand_is(s->reveals[i], &d->r.sess, p, integer);
	return is;
}

/*
 * The panels a later step's prediction hides for the dashboard's
 * constant p, as a mask of panel_cmds, while the learner is at an earlier
 * step (*at: the first such step): those the step would hide if it were
 * the current one and p the value of its reveals: lines' operand (issue
 * 24: cfx dash --learn 6 opened on 2654435761, whose CF panel showed step
 * 3's answer in steps 1 and 2).  Kept for the step and p it was made for.
 */
static unsigned later_mask(const dash *d, size_t *at)
{
	struct dlearn *dl = d->learn;
	const lesson *les = learn_lesson(dl->L);
	size_t j, k, now = learn_step(dl->L);
	uint64_t p = dash_state_model(d)->p;
	int integer;

	if (!dl->later_ok || dl->later_step != now || dl->later_p != p) {
		dl->later_ok = 1;
		dl->later_step = now;
		dl->later_p = p;
		dl->later_bits = 0;
		for (j = les->nsteps; j-- > now + 1;) {
			const lesson_step *s = &les->steps[j];
			unsigned m = 0;
			if (!s->nreveals || !reveals_p(d, s, p, &integer))
				continue;
			for (k = 0; k < PANEL_CMDS; k++)
				if (lesson_step_refuses(s, panel_cmds[k]))
					m |= 1u << k;
			if (m) {
				dl->later_bits |= m;
				dl->later_at = j;
			}
		}
	}
	*at = dl->later_at;
	return dl->later_bits;
}

/*
 * While a step that just began is held (dl->held), the panel the step
 * before it was about, done in the dashboard, still shows what it
 * showed, though the new step's prediction would hide it: the learner
 * reads the last step's explanation beside it.  Not when the dashboard's
 * constant p is the value of an operand of the new step's reveals:
 * lines, or none of them has an integer operand.  (A panel of another
 * constant can show a like answer, a_1 = 1 of a constant near 2^n/phi:
 * only the panel a step done in the dashboard left, as its check wanted
 * it, is held, and tests/lessons/dash80.sh reads each step's screen.)
 */
static int held_shows(const dash *d, const char *cmd, uint64_t p)
{
	const learn *L = d->learn->L;
	int integer;

	return d->learn->held && !strcmp(d->learn->held, panel_name(cmd)) &&
	       !reveals_p(d, &learn_lesson(L)->steps[learn_step(L)], p,
	                  &integer) && integer;
}

int dash_learn_hides(const dash *d, const char *cmd, size_t *later)
{
	uint64_t p;
	size_t k, at;

	*later = 0;
	if (!d->learn || !d->learn->L)
		return 0;
	p = dash_state_model(d)->p;
	if (learn_hides_panel(d->learn->L, cmd, p) && !held_shows(d, cmd, p))
		return 1;
	for (k = 0; k < PANEL_CMDS; k++)
		if (!strcmp(cmd, panel_cmds[k]) && (later_mask(d, &at) >> k & 1)) {
			*later = at + 1;
			return 1;
		}
	return 0;
}

const char *dash_learn_step_title(const dash *d, size_t n)
{
	const lesson *les;

	if (!d->learn || !d->learn->L)
		return NULL;
	les = learn_lesson(d->learn->L);
	return n >= 1 && n <= les->nsteps ? les->steps[n - 1].title : NULL;
}

int dash_learn_retrying(const dash *d)
{
	return d->learn && d->learn->L && learn_retrying(d->learn->L);
}

void dash_learn_measured(dash *d, int win, int side, int scroll,
                         int scroll_max)
{
	struct dlearn *dl = d->learn;

	if (!dl || win <= 0)
		return;
	dl->win = win;
	dl->side = side;
	dl->scroll_max = scroll_max;
	dl->scroll = scroll;
}

/*
 * A page of the text window (win rows, a row each for the marks of what
 * is above and below, or none when they are beside the text): Ctrl-D goes on from the row after the last one
 * shown, Ctrl-U ends on the row before the first one shown, so paging
 * from top to bottom shows every row once.
 */
void dash_learn_scroll(dash *d, int dir)
{
	struct dlearn *dl = d->learn;
	int s, shown;

	if (!dl || dl->scroll < 0 || dl->win <= 0)
		return;
	s = dl->scroll;
	if (dir > 0 && s < dl->scroll_max) {
		/* a mark below (more there) and one above past the top */
		shown = dl->win - (dl->side ? 0 : (s > 0) + 1);
		s += shown > 1 ? shown : 1;
		dl->scroll = s < dl->scroll_max ? s : dl->scroll_max;
	} else if (dir < 0 && s > 0) {
		shown = dl->win - (dl->side ? 0 : 2);
		s -= shown > 1 ? shown : 1;
		dl->scroll = s > 0 ? s : 0;
	}
}

/* Which panels a later step hides (later_mask), for w columns into r:
 * the panels say so too ("hidden until step N is answered"): the answer
 * that shows them is that step's, not this one's. */
static void later_note(const dash *d, int w, rows *r)
{
	char buf[160];
	size_t at, k, j;
	unsigned m = later_mask(d, &at);
	int len;

	if (!m)
		return;
	len = snprintf(buf, sizeof buf, "hidden for step %zu:", at + 1);
	for (k = 0; k < PANEL_CMDS; k++) {
		/* a panel once, for the first of its commands hidden */
		for (j = 0; j < k && !(m >> j & 1 &&
		                       !strcmp(panel_names[j], panel_names[k])); j++)
			;
		if (m >> k & 1 && j == k)
			len += snprintf(buf + len, sizeof buf - (size_t)len, "%s %s",
			                buf[len - 1] == ':' ? "" : ",",
			                panel_names[k]);
	}
	add_filled(r, DASH_LEARN_DIM, buf, w, "     ", "     ");
}

/* The step for w columns: its title, its prose (with the introduction on
 * step 1; tw columns), and what to do: the command to try, the
 * question. */
static void step_rows(const dash *d, int w, int tw, rows *head, rows *body,
                      rows *act)
{
	const learn *L = d->learn->L;
	const lesson_step *s = &learn_lesson(L)->steps[learn_step(L)];
	char buf[DASH_LINE_MAX + 64], *ask;
	learn_blocks bl;
	struct buf b = { 0 };

	snprintf(buf, sizeof buf, "Step %zu of %zu: %s", learn_step(L) + 1,
	         learn_steps(L), s->title);
	add_filled(head, DASH_LEARN_HEAD, buf, w, "", "  ");
	if (learn_step(L) == 0) {
		learn_intro(L, &bl);
		learn_cli_blocks(&b, &bl, tw < 30 ? 30 : tw);
		if (bl.n)
			buf_putc(&b, '\n');
		learn_blocks_free(&bl);
	}
	learn_prose(L, &bl);
	learn_cli_blocks(&b, &bl, tw < 30 ? 30 : tw);
	learn_blocks_free(&bl);
	add_text(body, DASH_LEARN_TEXT, buf_str(&b), tw);
	buf_free(&b);
	if (s->try_cmd) {
		snprintf(buf, sizeof buf, "try  :%s", s->try_cmd);
		add_hung(act, DASH_LEARN_TRY, buf, w, 5);
	}
	if ((ask = learn_ask(L))) {
		add_filled(act, DASH_LEARN_ASK, ask, w, s->predict ? "guess " : "ask  ",
		           "     ");
		int left = learn_tries_left(L);
		if (s->choices || s->one_try)
			snprintf(buf, sizeof buf, "     one try: :answer X, or "
			         "just :X");
		else if (left > 0)   /* as the REPL counts them; one row of
		                      * the pane beside the panels (38) */
			snprintf(buf, sizeof buf, "     %d %s left: :answer X or :X",
			         left, left == 1 ? "try" : "tries");
		else
			snprintf(buf, sizeof buf, "     :answer X, or just :X");
		add_text(act, DASH_LEARN_DIM, buf, w);
		free(ask);
	}
}

/* Feedback text fb (the engine's, for event ev) laid out to w, styled by
 * the event: the last input's, or how the previous step ended. */
static void feedback_rows(const dash *d, int w, const char *fb, int ev,
                          rows *r)
{
	const char *p, *next;
	int i = 0;

	for (p = fb; p && *p; p = next, i++) {
		size_t len = text_line(p, &next);
		int kind = ev & LEARN_ERROR ? DASH_LEARN_BAD : DASH_LEARN_NOTE;
		char *line;
		if (i == 0 && ev & LEARN_PASSED)
			kind = DASH_LEARN_GOOD;
		else if (i == 0 && ev & LEARN_WRONG)
			kind = DASH_LEARN_BAD;
		line = xasprintf("%s%.*s", kind == DASH_LEARN_GOOD ? glyphs(d)->mark : "",
		                 (int)len, p);
		add_feedback(r, kind, line, w);
		free(line);
	}
}

/* Keep the first n rows of r. */
static void rows_cut(rows *r, int n)
{
	while (r->n > n && r->n > 0)
		free(r->l[--r->n].s);
}

/* A done lesson: the engine's last words (how the last step ended is
 * above them: dl->prev), then what comes next. */
static void done_rows(const dash *d, int w, rows *r)
{
	const char *p = d->learn->done;
	char line[1024];
	int i;

	for (i = 0; *p && *p != '\n'; i++) {
		size_t len = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		add_feedback(r, DASH_LEARN_GOOD, line, w);
		p += len + (p[len] == '\n');
	}
	if (*p)
		add_feedback(r, DASH_LEARN_TEXT, p, w);
	row_add(r, DASH_LEARN_TEXT, "", 0);
	add_text(r, DASH_LEARN_DIM, ":learn lists the lessons.", w);
}

static void rows_free(rows *r)
{
	rows_cut(r, 0);
	free(r->l);
}

/* Copy n rows of from, from its row first, to the end of to. */
static void rows_copy(rows *to, const rows *from, int first, int n)
{
	int i;

	for (i = first; i < first + n && i < from->n; i++)
		row_add(to, from->l[i].kind, from->l[i].s, strlen(from->l[i].s));
}

/* The pane's title for w columns: "Lesson N: TITLE" where it fits beside
 * the step count, else "Lesson N", and the lesson's title whole in the
 * pane's first rows (returned: 1). */
static int pane_title(const dash *d, int w, dash_learn_view *p)
{
	const struct dlearn *dl = d->learn;
	int room;

	if (dl->L)
		snprintf(p->right, sizeof p->right, "%zu/%zu", learn_step(dl->L) + 1,
		         learn_steps(dl->L));
	else
		snprintf(p->right, sizeof p->right, "done");
	room = w - 6 - (int)strlen(p->right);
	if (cols(dl->title, strlen(dl->title)) <= room) {
		snprintf(p->title, sizeof p->title, "%s", dl->title);
		return 0;
	}
	snprintf(p->title, sizeof p->title, "Lesson %d", dl->number);
	return 1;
}

/* The rows of the pane, and the text window's first row, before it is
 * laid out: the pinned rows (the step's title, what to do, the feedback)
 * and the text that scrolls (how the previous step ended, then the
 * step's own text, from the lesson's title on: its row is start). */
typedef struct pane_rows {
	rows head, text, act, fb;
	int start, w;
	int note;                   /* the last rows of act: later_note's */
	int gap_act, foot, side;    /* a blank row above what to do, the
	                             * lesson words, the marks beside the text */
} pane_rows;

static void pane_rows_free(pane_rows *r)
{
	rows_free(&r->head);
	rows_free(&r->text);
	rows_free(&r->act);
	rows_free(&r->fb);
}

/* The rows for w columns, the text for tw (h rows: a blank row above the
 * step's own text where all of it fits). */
static void pane_rows_make(const dash *d, int w, int tw, int h, int title,
                           pane_rows *r)
{
	const struct dlearn *dl = d->learn;
	rows body = { 0 };

	memset(r, 0, sizeof *r);
	r->w = w;
	if (dl->prev) {
		feedback_rows(d, tw, dl->prev, dl->prev_ev, &r->text);
		row_add(&r->text, DASH_LEARN_TEXT, "", 0);
	}
	/* a title that did not fit the bar opens the lesson's text; from
	 * step 2 on it is above the step's own, with the previous step's end */
	if (!dl->L || learn_step(dl->L) == 0)
		r->start = r->text.n;
	if (title) {
		const char *t = strstr(dl->title, ": ");
		add_filled(&r->text, DASH_LEARN_HEAD, t ? t + 2 : dl->title, tw, "", "");
	}
	if (dl->L && learn_step(dl->L) > 0)
		r->start = r->text.n;
	if (dl->L) {
		step_rows(d, w, tw, &r->head, &body, &r->act);
		r->note = r->act.n;
		later_note(d, w, &r->act);
		r->note = r->act.n - r->note;
		feedback_rows(d, w, dl->fb, dl->fb_ev, &r->fb);
	} else {
		done_rows(d, tw, &body);
	}
	if (r->head.n + r->text.n + 1 + body.n + (r->act.n ? r->act.n + 1 : 0) +
	    (r->fb.n ? r->fb.n + 1 : 0) + 1 <= h)
		row_add(&r->text, DASH_LEARN_TEXT, "", 0);
	rows_copy(&r->text, &body, 0, body.n);
	rows_free(&body);
}

/* A mark of the text window for the rows above it (up) or below it:
 * n of them, on a row of its own. */
static void mark_row(const dash *d, rows *out, int up, int n)
{
	char buf[64];

	row_add(out, DASH_LEARN_DIM, buf, (size_t)snprintf(buf, sizeof buf,
	        "%s Ctrl-%c: %d more", up ? glyphs(d)->up : glyphs(d)->down,
	        up ? 'U' : 'D', n));
}

/* The same in the last of w columns of row i of out (its text is in
 * w - 2: a column between). */
static void mark_side(const dash *d, rows *out, int i, int up, int w)
{
	char *s = out->l[i].s, *t;
	int c = cols(s, strlen(s));

	t = xasprintf("%s%*s%s", s, w - 1 - c > 0 ? w - 1 - c : 1, "",
	              up ? glyphs(d)->up : glyphs(d)->down);
	free(s);
	out->l[i].s = t;
}

/* win rows of text into out from its row scroll, with a mark for what is
 * above and below: on rows of their own, or (side) beside the text. */
static void text_window(const dash *d, rows *out, const pane_rows *r,
                        int scroll, int win)
{
	int top = scroll > 0, shown = win - (r->side ? 0 : top), bottom, first;

	bottom = scroll + shown < r->text.n;
	shown -= r->side ? 0 : bottom;
	if (shown < 0)
		shown = 0;
	if (top && !r->side)
		mark_row(d, out, 1, scroll);
	first = out->n;
	rows_copy(out, &r->text, scroll, shown);
	while (r->side && out->n < first + win)
		row_add(out, DASH_LEARN_TEXT, "", 0);
	if (r->side && top)
		mark_side(d, out, first, 1, r->w);
	if (r->side && bottom && (!top || win > 1))
		mark_side(d, out, out->n - 1, 0, r->w);
	if (bottom && !r->side)
		mark_row(d, out, 0, r->text.n - scroll - shown);
}

/* The smallest text window a pane gives its text before the blank row
 * above the question, the hint under it and the lesson words on the last
 * row give way to it: a step's opening sentence and its marks above and
 * below.  A window still smaller has its marks beside the text, not on
 * rows of their own. */
#define TEXT_MIN 6

/* The rows the text window has in h: the step's title and what to do
 * (the question whole) stay put; the others give way to the text (the
 * feedback's end: the output pane has all of it). */
static int pane_fit(const dash *d, pane_rows *r, int h)
{
	int win, room;
	char buf[64];

	r->gap_act = r->act.n > 0;
	r->foot = 1;
	win = h - r->foot - r->head.n - r->act.n - r->gap_act;
	/* the note of a later step's panels takes no row the step's own
	 * text needs: it shows when all of that text fits beside it */
	if (r->note && r->text.n - r->start + (r->start > 0) > win) {
		rows_cut(&r->act, r->act.n - r->note);
		win += r->note;
		r->note = 0;
	}
	if (win < TEXT_MIN && r->gap_act) {
		r->gap_act = 0;
		win++;
	}
	if (win < TEXT_MIN && r->act.n > 1 &&
	    r->act.l[r->act.n - 1].kind == DASH_LEARN_DIM) {
		rows_cut(&r->act, r->act.n - 1);
		win++;
	}
	if (win < TEXT_MIN) {
		r->foot = 0;
		win++;
	}
	room = win - 4;         /* the feedback's, a blank above: the text
	                         * keeps 3 rows */
	if (r->fb.n > room) {
		rows_cut(&r->fb, room > 1 ? room - 1 : 0);
		if (room > 0)
			row_add(&r->fb, DASH_LEARN_DIM, buf, (size_t)snprintf(buf,
			        sizeof buf, "%s (o shows it all)", glyphs(d)->ell));
	}
	win -= r->fb.n ? r->fb.n + 1 : 0;
	return win > 1 ? win : 1;
}

/* Lay the rows out in h rows, the text in a window of win rows. */
static void pane_layout(const dash *d, pane_rows *r, int h, int win,
                        dash_learn_view *p)
{
	const struct dlearn *dl = d->learn;
	rows out = { 0 };
	int scroll;

	p->win = win;
	p->side = r->side;
	p->scroll_max = r->text.n <= win ? 0 : r->text.n - win + !r->side;
	scroll = dl->scroll < 0 ? r->start : dl->scroll;
	p->scroll = scroll < p->scroll_max ? scroll : p->scroll_max;
	rows_copy(&out, &r->head, 0, r->head.n);
	text_window(d, &out, r, p->scroll, win);
	if (r->gap_act)
		row_add(&out, DASH_LEARN_TEXT, "", 0);
	rows_copy(&out, &r->act, 0, r->act.n);
	if (r->fb.n)
		row_add(&out, DASH_LEARN_TEXT, "", 0);
	rows_copy(&out, &r->fb, 0, r->fb.n);
	while (out.n < h - r->foot)
		row_add(&out, DASH_LEARN_TEXT, "", 0);
	if (r->foot)
		add_text(&out, DASH_LEARN_DIM, dl->L ? ":hint :solution :skip :back "
		         ":quit" : ":quit closes the pane", r->w);
	rows_cut(&out, h);                  /* a pane too small: cut */
	p->line = out.l;
	p->n = out.n;
}

/*
 * Rows, top down: the step's title, its text (scrolled), what to do, the
 * feedback, and the lesson words at the bottom.  A new step opens on its
 * own text; how the previous one ended (its reveal, its explanation) is
 * above it, Ctrl-U away, and in the output pane.  A window too small for
 * marks on rows of their own has its text 2 columns narrower, the marks
 * beside it.
 */
void dash_learn_pane(const dash *d, int w, int h, dash_learn_view *p)
{
	const struct dlearn *dl = d->learn;
	pane_rows r;
	int title, win;

	memset(p, 0, sizeof *p);
	if (!dl || w < 8 || h < 1)
		return;
	title = pane_title(d, w, p);
	pane_rows_make(d, w, w, h, title, &r);
	win = pane_fit(d, &r, h);
	if (win < TEXT_MIN && r.text.n > win) {
		pane_rows_free(&r);
		pane_rows_make(d, w, w - 2, h, title, &r);
		win = pane_fit(d, &r, h);
		r.side = 1;
	}
	pane_layout(d, &r, h, win, p);
	pane_rows_free(&r);
}

void dash_learn_view_free(dash_learn_view *p)
{
	rows r = { p->line, p->n, (size_t)p->n };

	rows_free(&r);
	memset(p, 0, sizeof *p);
}
