/*
 * learn_cli.c - the front ends of the lesson engine (see learn.h):
 *
 *   cfx learn                  the lessons, with completion marks
 *   cfx learn N|NAME [-f F]    start or resume one in a REPL session
 *                              (script mode when stdin is not a terminal)
 *   cfx learn --check FILE...  validate lesson files, for authors
 *   cfx learn --selftest       every lesson with its own solutions
 *   learn, learn N             the same inside the REPL
 *
 * The REPL knows nothing of lessons: this file owns the REPL session and
 * its loop (repl_input), sees each line first, handles the `learn` word
 * and, while a lesson runs, its words and answers, and runs the other
 * lines with repl_exec, after which it polls the step's checks.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/proc.h"
#include "cfx/textfile.h"
#include "lesson/learn.h"
#include "lesson/learn_lint.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "repl/repl.h"
#include "util/text.h"
#include "util/xalloc.h"

/* s as every error shows a token (cfx_escape: one line, control
 * characters escaped), in buf; paths get a buffer wide enough not to be
 * cut. */
#define SHOWN_PATH CFX_ERR_SHOWN
static const char *shown(char *buf, size_t size, const char *s)
{
	cfx_escape(buf, size, s, -1);
	return buf;
}

/* "cfx: learn: [PATH:LINE: ]WHAT MSG (TOKEN)" for an error e (no path
 * when path is NULL, no brackets when e has no token); the usage status. */
static int say_err(const char *path, int line, const char *what,
                   const cfx_err *e)
{
	char pb[SHOWN_PATH];

	fprintf(stderr, "cfx: learn: ");
	if (path)
		fprintf(stderr, "%s:%d: ", shown(pb, sizeof pb, path), line);
	fprintf(stderr, "%s%s%s%s%s\n", what, e->msg, e->token[0] ? " (" : "",
	        e->token, e->token[0] ? ")" : "");
	return CFX_EXIT_USAGE;
}

/* "cfx: learn: MSG (TOKEN)" with the token shown; the usage status. */
static int usage_fail(const char *msg, const char *token)
{
	char t[64];

	fprintf(stderr, "cfx: learn: %s (%s)\n", msg, shown(t, sizeof t, token));
	return CFX_EXIT_USAGE;
}

/* A REPL session with lessons: the runner owns the loop, sees each line
 * first (the `learn` word; while a lesson runs, its words and answers),
 * runs the others with repl_exec and then polls the step. */
typedef struct shell {
	repl *r;
	learn *L;               /* the lesson running, NULL: none */
	int session;            /* `cfx learn N`: leaving the lesson leaves cfx */
	int flags;              /* learn_open's: LEARN_SAVE (not in self-tests),
	                         * LEARN_DASH (self-tests of dashboard steps) */
	int intro_wait;         /* step 1's introduction shown alone: the next
	                         * line shows the step first */
} shell;

/* ---- shared --------------------------------------------------------- */

/* The width lessons are laid out at: the terminal's, asked of the
 * terminal itself every time (COLUMNS is set by readline only once it
 * has started, so it would differ between the first step and the
 * others), at most 100 for reading; 80 when the output is no terminal. */
static int screen_width(const repl *r)
{
	int c = r->interactive ? out_tty_cols(r->out) : 0;

	return c <= 0 ? 80 : c > 100 ? 100 : c;
}

/* The terminal's rows, 0 when the output is no terminal. */
static int screen_rows(const repl *r)
{
	return r->interactive ? out_tty_rows(r->out) : 0;
}

/* ---- laying lessons out ------------------------------------------------ */

#define NOBREAK '\x1f'        /* a space inside brackets, while filling */

/* Where the bracketed group opening at s closes, or NULL: [...] always,
 * (...) when short (an argument list, a pair, a short command; a longer
 * aside of prose may break, or lines would go ragged). */
static const char *group_end(const char *s)
{
	char open = *s, close = open == '[' ? ']' : ')';
	const char *p;
	int depth = 0;

	for (p = s; *p; p++) {
		depth += *p == open;
		if (*p == close && --depth == 0)
			break;
	}
	if (!*p || (open == '(' && text_width(s, (size_t)(p - s) + 1) > 24))
		return NULL;
	return p;
}

void learn_cli_fill(struct buf *b, const char *text, int width,
                    const char *first, const char *rest)
{
	char *t = xstrdup(text), *p;
	const char *end;
	size_t from = b->len, i;

	for (p = t; *p; p++)
		if ((*p == '[' || *p == '(') && (end = group_end(p)))
			for (; p < t + (end - t); p++)
				if (*p == ' ')
					*p = NOBREAK;
	text_fill(b, t, width, first, rest, " ");
	for (i = from; i < b->len; i++)
		if (b->s[i] == NOBREAK)
			b->s[i] = ' ';
	free(t);
}

void learn_cli_blocks(struct buf *b, const learn_blocks *bl, int width)
{
	size_t i;

	for (i = 0; i < bl->n; i++) {
		const learn_block *k = &bl->b[i];
		switch (k->kind) {
		case LEARN_PARA:
			learn_cli_fill(b, k->text, width, "", "");
			break;
		case LEARN_ITEM:
			learn_cli_fill(b, k->text, width, "* ", "  ");
			break;
		case LEARN_CODE:
			buf_puts(b, k->text);
			buf_putc(b, '\n');
			break;
		default:
			buf_putc(b, '\n');
		}
	}
}

void learn_cli_feedback(struct buf *b, const char *fb, int width)
{
	const char *p = fb, *next;

	while (*p) {
		size_t len = text_line(p, &next);
		char *line = xstrndup(p, len);
		if (line[0] == ' ') {
			buf_puts(b, line);
			buf_putc(b, '\n');
		} else {
			learn_cli_fill(b, line, width, "", "  ");
		}
		free(line);
		p = next;
	}
}

/* Step 1's head: the lesson's title and introduction, then a blank line. */
static void intro_text(struct buf *b, const learn *L, int width)
{
	learn_blocks bl;
	char *head = xasprintf("Lesson %d: %s", learn_number(L), learn_title(L));

	learn_cli_fill(b, head, width, "", "  ");
	free(head);
	learn_intro(L, &bl);
	if (bl.n)
		buf_putc(b, '\n');
	learn_cli_blocks(b, &bl, width);
	learn_blocks_free(&bl);
	buf_putc(b, '\n');
}

/* The current step for a terminal or a pipe, width columns (at least 30):
 * on step 1 (with_intro) the lesson's title and introduction, then a rule
 * with the step's title, its prose, and the command to try or the
 * question. */
static char *step_text(const learn *L, int width, int with_intro)
{
	struct buf b = { 0 };
	const lesson_step *s;
	learn_blocks bl;
	char *head, *ask;
	size_t hl;

	if (width < 30)
		width = 30;
	buf_puts(&b, "");
	if (learn_step(L) >= learn_steps(L))
		return buf_take(&b);
	s = &learn_lesson(L)->steps[learn_step(L)];
	if (learn_step(L) == 0 && with_intro)
		intro_text(&b, L, width);
	head = xasprintf("-- Lesson %d, step %zu of %zu: %s ", learn_number(L),
	                 learn_step(L) + 1, learn_steps(L), s->title);
	hl = text_width(head, strlen(head));
	if (hl > (size_t)width) {           /* a long title wraps, no rule */
		learn_cli_fill(&b, head, width, "", "   ");
	} else {
		buf_puts(&b, head);
		for (; hl < (size_t)width; hl++)
			buf_putc(&b, '-');
		buf_putc(&b, '\n');
	}
	free(head);
	learn_prose(L, &bl);
	learn_cli_blocks(&b, &bl, width);
	learn_blocks_free(&bl);
	if (s->try_cmd || s->ask.n)
		buf_putc(&b, '\n');
	if (s->try_cmd)
		buf_printf(&b, "  try: %s\n", s->try_cmd);
	if ((ask = learn_ask(L))) {
		int tries = lesson_step_tries(s);
		if (s->predict) {
			learn_cli_fill(&b, ask, width, "  predict: ", "           ");
			if (tries == 1)
				buf_puts(&b, "           (one try; commit to it before "
				         "you run anything: answer EXPR)\n");
			else
				buf_printf(&b, "           (%d tries; commit to an answer "
				           "before you run anything: answer EXPR)\n",
				           tries);
		} else {
			learn_cli_fill(&b, ask, width, "  ask: ", "       ");
			if (tries == 1)
				buf_puts(&b, "       (one try: type the answer, or: "
				         "answer EXPR)\n");
			else if (tries)
				buf_printf(&b, "       (%d tries: type the answer, or: "
				           "answer EXPR)\n", tries);
			else
				buf_puts(&b, "       (type the answer, or: answer EXPR)\n");
		}
		free(ask);
	}
	return buf_take(&b);
}

/* "[x]" every step solved on the first answer ('+'), "[~]" every step
 * done but some solved with help ('h'), revealed ('x') or skipped ('s'),
 * "[2/7 done]" two of seven steps done (any mark but '.'; which step is
 * next is not the count: a learner who went back is still 2 done),
 * "[ ]" not begun.  The listing's legend says the same. */
static void mark_of(const learn_store_mark *m, char *buf, size_t n)
{
	size_t len, solved = 0, seen = 0, i;

	if (!m) {
		snprintf(buf, n, "[ ]");
		return;
	}
	len = strlen(m->marks);
	for (i = 0; i < len; i++) {
		solved += m->marks[i] == '+';
		seen += m->marks[i] != '.';
	}
	if (len && solved == len)
		snprintf(buf, n, "[x]");
	else if (len && seen == len)
		snprintf(buf, n, "[~]");
	else
		snprintf(buf, n, "[%zu/%zu done]", seen, len);
}

/* The lessons with their progress on out; what stops progress from
 * being kept (the state directory refused, no HOME) said on diag first,
 * one line: the list is still shown. */
static void list_lessons(const learn_store_catalog *c, FILE *out, FILE *diag)
{
	learn_store_progress p;
	cfx_err e;
	size_t i;

	learn_store_catalog_say_skipped(c, diag);
	if (learn_store_progress_keepable(&e) < 0)
		fprintf(diag, "cfx: learn: %s (%s)\n", e.msg, e.token);
	learn_store_progress_load(&p, diag);
	fprintf(out, "Lessons (learn N or NAME starts or resumes one; [x] every "
	        "step solved on\nyour own, [~] every step done but some with "
	        "help, revealed or skipped,\n[2/5 done] 2 of 5 steps done):\n");
	for (i = 0; i < c->n; i++) {
		char mark[32];
		mark_of(learn_store_progress_get(&p, c->e[i].name), mark, sizeof mark);
		char *head = xasprintf("%3d %-12s %-12s ", c->e[i].number, mark,
		                       c->e[i].name);
		char *hang = xasprintf("%*s", (int)strlen(head), "");
		struct buf b = { 0 };
		/* a long title wraps under itself, never cut in a word */
		learn_cli_fill(&b, c->e[i].title, 80, head, hang);
		fputs(buf_str(&b), out);
		buf_free(&b);
		free(head);
		free(hang);
	}
	learn_store_progress_free(&p);
}

int learn_cli_list(FILE *out, FILE *diag, cfx_err *err)
{
	learn_store_catalog c;

	if (learn_store_catalog_load(&c, err) < 0) {
		learn_store_catalog_free(&c);
		return -1;
	}
	list_lessons(&c, out, diag);
	learn_store_catalog_free(&c);
	return 0;
}

char *learn_cli_not_found(const learn_store_catalog *c, const char *key,
                          const char *how)
{
	struct buf b = { 0 };
	const char *names[2 * c->n + 1], *near;
	char *t;
	size_t i, k = 0;

	if (learn_store_catalog_matches(c, key, &b) > 1) {
		t = xasprintf("several lessons match: %s; give more of the name, "
		              "or the number", buf_str(&b));
		buf_free(&b);
		return t;
	}
	buf_free(&b);
	/* nothing matches: the nearest name or title word, as for commands */
	for (i = 0; i < c->n; i++)
		names[k++] = c->e[i].name;
	names[k] = NULL;
	if ((near = opts_nearest(key, names)))
		return xasprintf("no such lesson; did you mean %s? %slearn lists "
		                 "them", near, how);
	return xasprintf("no such lesson; %slearn lists them", how);
}

const repl_word *learn_cli_words(void)
{
	static const repl_word words[] = {
		{ "learn", learn_store_names },
		{ NULL, NULL }
	};

	return words;
}

/* ---- the REPL front end -------------------------------------------- */

/* The current step.  At a terminal too short for step 1 with the
 * introduction above it (and the prompt below), the title and the
 * introduction come alone, then Enter shows the step: the introduction
 * would otherwise scroll off before it was read. */
static void show_step(shell *u)
{
	int w = screen_width(u->r), rows = screen_rows(u->r);
	char *t = step_text(u->L, w, 1);
	const char *c;
	int lines = 0;

	for (c = t; *c; c++)
		lines += *c == '\n';
	if (learn_step(u->L) == 0 && rows > 0 && lines + 2 > rows &&
	    learn_lesson(u->L)->intro.n) {
		struct buf b = { 0 };
		char *more = xasprintf("(Enter: step 1 of %zu, %s)",
		                       learn_steps(u->L),
		                       learn_lesson(u->L)->steps[0].title);
		intro_text(&b, u->L, w);
		learn_cli_fill(&b, more, w, "", " ");
		free(more);
		fputs(buf_str(&b), u->r->out);
		buf_free(&b);
		free(t);
		u->intro_wait = 1;
		return;
	}
	fputs(t, u->r->out);
	fputs("\n", u->r->out);     /* apart from what the learner runs next */
	free(t);
}

/* The step the introduction was shown without: the step alone. */
static void show_waiting_step(shell *u)
{
	char *t = step_text(u->L, screen_width(u->r), 0);

	u->intro_wait = 0;
	fputs(t, u->r->out);
	fputs("\n", u->r->out);
	free(t);
	out_flush(u->r->out);
}

static void stop_lesson(shell *u)
{
	learn_close(u->L);
	u->L = NULL;
	u->intro_wait = 0;
}

/* Tell the learner what an engine event means; returns the exit status. */
static int show_event(shell *u, int ev)
{
	repl *r = u->r;
	const char *fb = learn_feedback(u->L);

	if (*fb) {
		struct buf b = { 0 };
		learn_cli_feedback(&b, fb, screen_width(r));
		fputs(buf_str(&b), r->out);
		buf_free(&b);
	}
	if (ev & LEARN_DONE) {
		learn_store_catalog c;
		cfx_err e;
		int next = learn_number(u->L) + 1;
		char key[16];
		const learn_store_entry *n;
		snprintf(key, sizeof key, "%d", next);
		if (learn_store_catalog_load(&c, &e) == 0 &&
		    (n = learn_store_catalog_find(&c, key)))
			fprintf(r->out, "Next: learn %d (%s)\n", n->number, n->title);
		learn_store_catalog_free(&c);
		/* the finished lesson stays: back and reset still work */
	} else if (ev & LEARN_QUIT) {
		stop_lesson(u);
		if (u->session)
			r->quit = 1;
	} else if (ev & LEARN_NEWSTEP) {
		fputs("\n", r->out);
		show_step(u);
	}
	out_flush(r->out);
	return ev & (LEARN_WRONG | LEARN_ERROR) ? CFX_EXIT_FAIL : CFX_EXIT_OK;
}

/* Start a lesson in the shell; 0 or -1 (reported). */
static int start_lesson(shell *u, const learn_store_entry *e)
{
	cfx_err err;
	learn *L;

	if (u->L)
		stop_lesson(u);
	if (!(L = learn_open(e, &u->r->sess, u->flags, u->r->err, &err))) {
		char *msg = err.col > 0 ? xasprintf("%s:%d: %s", e->path, err.col,
		                                    err.msg) : xstrdup(err.msg);
		repl_error(u->r, "learn", msg, err.token);
		free(msg);
		return -1;
	}
	u->L = L;
	if (*learn_feedback(L)) {      /* dashboard steps passed over */
		struct buf b = { 0 };
		learn_cli_feedback(&b, learn_feedback(L), screen_width(u->r));
		fputs(buf_str(&b), u->r->out);
		buf_free(&b);
	}
	show_step(u);
	out_flush(u->r->out);
	return 0;
}

/* `learn` and `learn N|NAME` typed in the REPL. */
static int learn_word(shell *u, const char *args)
{
	repl *r = u->r;
	learn_store_catalog c;
	cfx_err e;
	const learn_store_entry *le;
	char key[64];
	int rc = CFX_EXIT_OK;

	if (learn_store_catalog_load(&c, &e) < 0) {
		repl_error(r, "learn", e.msg, e.token);
		learn_store_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	if (sscanf(args, "%63s", key) != 1) {
		list_lessons(&c, r->out, r->err);
	} else if (args[strlen(key) + strspn(args + strlen(key), " \t")]) {
		repl_error(r, "learn", "one lesson at a time (learn N)", NULL);
		rc = CFX_EXIT_USAGE;
	} else if (!(le = learn_store_catalog_find(&c, key))) {
		char *why = learn_cli_not_found(&c, key, "");
		char t[64];
		repl_error(r, "learn", why, shown(t, sizeof t, key));
		free(why);
		rc = CFX_EXIT_USAGE;
	} else if (start_lesson(u, le) < 0) {
		rc = CFX_EXIT_USAGE;
	}
	learn_store_catalog_free(&c);
	return rc;
}

static int line_of(shell *u, const char *line);

/* One line of the learner: a lesson's, or a command (then the step is
 * polled).  Returns the line's exit status, at least 1 when progress
 * could not be saved during it, so that a script run that lost progress
 * ends non-zero. */
static int shell_line(shell *u, const char *line)
{
	size_t lost = learn_store_progress_failures();
	int rc = line_of(u, line);

	if (rc < CFX_EXIT_FAIL && learn_store_progress_failures() > lost)
		rc = CFX_EXIT_FAIL;
	return rc;
}

static int line_of(shell *u, const char *line)
{
	repl *r = u->r;
	const char *p = line;
	size_t n;
	int ev, rc;

	p += strspn(p, " \t");
	n = strcspn(p, " \t");
	if (n == 5 && !strncmp(p, "learn", 5))
		return learn_word(u, p + 5 + strspn(p + 5, " \t"));
	if (!u->L)
		return repl_exec(r, line);
	if (u->intro_wait) {           /* Enter after the introduction */
		show_waiting_step(u);
		if (!n)
			return CFX_EXIT_OK;
	}
	if (n == 4 && !strncmp(p, "help", 4) && !p[4 + strspn(p + 4, " \t")])
		fprintf(r->out, "lesson: hint, solution, skip, back, reset, quit; "
		        "step shows the\n        step again; answer EXPR (or just the answer "
		        "when a step asks a question)\n\n");
	ev = learn_input(u->L, line);
	if (ev != LEARN_NOT_MINE)
		return show_event(u, ev);
	{
		/* review NAME.patch: the patch beside the lesson's file */
		char *data = learn_data_line(learn_path(u->L), line, NULL);
		rc = repl_exec(r, data ? data : line);
		free(data);
	}
	if (u->L && !r->quit)
		show_event(u, learn_poll(u->L));
	return rc;
}

/* The session's loop: lines until the end of input or quit; the first
 * lesson (pending, may be NULL) starts before the first line.  Script
 * mode stops at the first usage error unless keep_going. */
static int shell_run(shell *u, const repl_args *a, const learn_store_entry *pending)
{
	repl_input in;
	const char *line;
	int worst = CFX_EXIT_OK, rc;

	if (repl_input_open(&in, u->r, a) < 0)
		return CFX_EXIT_USAGE;
	if (pending && start_lesson(u, pending) < 0)
		u->r->quit = 1;
	while ((line = repl_input_line(&in))) {
		rc = shell_line(u, line);
		if (in.tty)
			continue;
		if (rc > worst)
			worst = rc;
		/* Ctrl-C ends a script, --keep-going or not: "interrupted"
		 * (said by the command that stopped, else here) and 130 */
		if (u->r->stop && *u->r->stop) {
			if (rc != CFX_EXIT_USAGE) {
				size_t k = strspn(line, " \t");
				char *cmd = xstrndup(line + k, strcspn(line + k, " \t"));
				repl_error(u->r, cmd[0] ? cmd : "cfx", "interrupted", NULL);
				free(cmd);
			}
			worst = 128 + SIGINT;
			break;
		}
		if (rc == CFX_EXIT_USAGE && !a->keep_going)
			break;
	}
	if (in.bad)
		worst = u->r->stop && *u->r->stop ? 128 + SIGINT : CFX_EXIT_USAGE;
	repl_input_close(&in);
	if (u->L)
		stop_lesson(u);
	return worst;
}

/* `cfx learn N` plays in a REPL session and takes Ctrl-C as `cfx repl`
 * does (main.c's sigint_stops): the first stops the command that polls,
 * and in a script (stdin not a terminal) ends it with "interrupted" and
 * 130; the second ends cfx.  At a terminal the REPL takes SIGINT itself
 * while it reads.  Without it a lesson on a pipe died of the signal with
 * nothing said (issue 22). */
static volatile sig_atomic_t *play_stop;

static void play_sigint(int sig)
{
	if (*play_stop)
		proc_fatal(sig);
	*play_stop = 1;
}

static void play_sigint_stops(volatile sig_atomic_t *stop)
{
	struct sigaction sa;

	if (!stop)
		return;
	play_stop = stop;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = play_sigint;
	sigaction(SIGINT, &sa, NULL);
}

/* A REPL session with lessons: `cfx repl`, script mode, `cfx learn N`. */
static int shell_main(int argc, char **argv, volatile sig_atomic_t *stop,
                      const learn_store_entry *pending)
{
	repl_args a;
	repl r;
	shell u = { &r, NULL, pending != NULL, LEARN_SAVE, 0 };
	int rc = repl_args_parse(&a, argc, argv);

	if (rc)
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	repl_init(&r, stdout, stderr, stop);
	r.words = learn_cli_words();
	rc = shell_run(&u, &a, pending);
	repl_free(&r);
	return rc;
}

int learn_cli_repl_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	return shell_main(argc, argv, stop, NULL);
}

/* ---- checking lesson files (the checks themselves: learn_lint.c) ---- */

/* A lesson or facts file: a regular file of at most TEXTFILE_MAX bytes,
 * without NUL bytes; NULL with e otherwise. */
static char *slurp_text(const char *path, cfx_err *e)
{
	return textfile_read(path, TEXTFILE_MAX, NULL, e);
}

/* The facts file (doc/FACTS.md) for a lesson at lesson_path: $CFX_FACTS;
 * else ../doc/FACTS.md from the lesson's directory (the source tree, and
 * share/cfx/doc beside share/cfx/lessons when installed); else the one
 * of cfx itself (learn_store_facts_path: a file checked from elsewhere).  Its path and
 * text, or NULL with a message on stderr: the check never silently does
 * nothing. */
static char *facts_text(const char *lesson_path, char **where)
{
	const char *env = getenv("CFX_FACTS");
	char *dir, *slash, *path = NULL, *t = NULL;
	cfx_err e;
	int k;

	*where = NULL;
	if (env && *env) {
		/* named, so it must be readable: a device or junk is said */
		if (!(t = slurp_text(env, &e)))
			say_err(NULL, 0, "cannot read the facts file: ", &e);
		else
			*where = xstrdup(env);
		return t;
	}
	for (k = 0; k < 2 && !t; k++) {
		if (k == 0) {
			dir = xstrdup(lesson_path);
			slash = strrchr(dir, '/');
			if (slash)
				*slash = '\0';
			else
				strcpy(dir, ".");
		} else if (!(dir = learn_store_facts_path())) {
			break;
		}
		free(path);
		path = k ? dir : xasprintf("%s/../doc/FACTS.md", dir);
		if (!k)
			free(dir);
		t = slurp_text(path, &e);
	}
	if (!t)
		fprintf(stderr, "cfx: learn: no facts file (doc/FACTS.md beside the "
		        "lessons' directory; or set CFX_FACTS) (%s)\n",
		        path ? path : lesson_path);
	else
		*where = path, path = NULL;
	free(path);
	return t;
}

/* Play the lesson with its own solutions, as a learner would type them,
 * in the dashboard's face (so face: dash steps are played on the
 * session's settings as the dashboard's keys change them).  A solution
 * line a lesson may not run by itself (learn_pure: a benchmark, a file)
 * is not run: that step is reported as not played.  l is the caller's
 * parse of the same file: the engine's own copy goes when the lesson
 * ends. */
static void check_solutions(const learn_store_entry *le, const lesson *l,
                            tally *t)
{
	repl r;
	shell u = { &r, NULL, 0, LEARN_DASH, 0 };
	FILE *null = fopen("/dev/null", "w");
	char *errtext = NULL;
	size_t errlen = 0, i, j;
	FILE *err = open_memstream(&errtext, &errlen);

	if (!null || !err)
		xalloc_fail(0, "lesson check output");
	repl_init(&r, null, err, NULL);
	r.no_compiler = 1;      /* the file's own lines, vetted: no $CC */
	if (start_lesson(&u, le) < 0) {
		fflush(err);
		fprintf(stderr, "%s", errtext);
		t->failed++;
		goto done;
	}
	for (i = 0; i < l->nsteps && u.L; i++) {
		const lesson_step *s = &l->steps[i];
		char num[24];
		cfx_err pe;
		int played = 1;
		snprintf(num, sizeof num, "%zu", i + 1);
		if (learn_passes(u.L))
			learn_lint_fail(t, le->path, s->line, "step %s passes before the learner "
			        "does anything (%s)", num, s->title);
		for (j = 0; j < s->nsolution && u.L && learn_step(u.L) == i; j++) {
			size_t mark;
			if (strncmp(s->solution[j], "answer ", 7) &&
			    learn_pure_as(le->path, s->solution[j], &r.sess, &pe) < 0) {
				buf_printf(&t->notes, "    step %s not played: its solution "
				           "runs %s, which a lesson file may not make cfx "
				           "run (%s)\n", num, s->solution[j], pe.msg);
				t->unplayed++;
				played = 0;
				break;
			}
			fflush(err);
			mark = errlen;
			if (shell_line(&u, s->solution[j]) == CFX_EXIT_USAGE) {
				fflush(err);
				errtext[errlen && errtext[errlen - 1] == '\n' ? errlen - 1
				        : errlen] = '\0';
				learn_lint_fail(t, le->path, s->solution_line[j], "solution line "
				        "fails: %s%s", errtext + mark, "");
			}
		}
		if (u.L && learn_step(u.L) == i) {
			char why[400];
			snprintf(why, sizeof why, "%s", learn_why(u.L));
			if (played)
				learn_lint_fail(t, le->path, s->line, "the solution does not pass "
				        "step %s: %s", num, why);
			learn_input(u.L, "skip");
		}
	}
	if (u.L)
		stop_lesson(&u);
done:
	repl_free(&r);
	fclose(null);
	fclose(err);
	free(errtext);
}

/*
 * Validate one lesson file: syntax (status 2 when it fails), then lint,
 * claims and solutions (status 1).  le: its catalog entry, or NULL to make
 * one from the path.
 */
static int check_file(const char *path, const learn_store_entry *le, tally *t,
                      int verbose)
{
	cfx_err e;
	/* a lesson of the catalogue is read by its rule (links refused) */
	char *text = le ? learn_store_lesson_read(le, &e) : slurp_text(path, &e);
	char *facts, *facts_path;
	lesson l;
	lesson_problem *pr = NULL;
	size_t np, i, before = t->failed, refused;
	int line, listed;
	const char *base, *why;
	learn_store_entry tmp = { 0, (char *)"selftest", (char *)path, (char *)"", NULL, 0 };

	if (!text) {
		t->failed++;
		return say_err(NULL, 0, "cannot read lesson: ", &e);
	}
	if (lesson_parse(&l, text, &learn_lesson_names, &line, &e) < 0) {
		say_err(path, line, "", &e);
		lesson_free(&l);
		free(text);
		t->failed++;
		return CFX_EXIT_USAGE;
	}
	/* a file named here: would the catalogue list it?  (its rule) */
	base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	listed = le ? 1 : learn_store_file_name(base, NULL, NULL, &why);
	if (listed < 0) {
		char pb[SHOWN_PATH];
		fprintf(stderr, "cfx: learn: %s: the catalogue would not list "
		        "it: %s\n", shown(pb, sizeof pb, path), why);
		t->failed++;
	}
	facts = facts_text(path, &facts_path);
	if (!facts)
		t->failed++;      /* said by facts_text */
	free(facts_path);
	np = lesson_lint(&l, text, facts, &pr);
	for (i = 0; i < np; i++)
		learn_lint_fail(t, path, pr[i].line, "%s%s", pr[i].msg, "");
	free(pr);
	free(facts);
	/* a run() it may not make is said once, not again by the claims and
	 * solutions that would try it */
	refused = t->failed;
	learn_lint_runs(&l, path, t);
	refused = t->failed - refused;
	if (!refused)
		learn_lint_claims(&l, path, t);
	t->lessons++;
	t->steps += l.nsteps;
	buf_clear(&t->notes);
	if (!listed)
		buf_printf(&t->notes, "    not named NN-NAME.lesson: the catalogue "
		           "would not list it\n");
	if (!refused) {
		check_solutions(le ? le : &tmp, &l, t);
		learn_lint_shares(&l, path, t);
	}
	learn_lint_shown_before(&l, path, t);
	if (verbose && t->failed == before)
		printf("ok  %s: %zu step%s, %zu claim%s\n%s", path, l.nsteps,
		       l.nsteps == 1 ? "" : "s", learn_lint_count_claims(&l),
		       learn_lint_count_claims(&l) == 1 ? "" : "s", buf_str(&t->notes));

	lesson_free(&l);
	free(text);
	return t->failed == before ? CFX_EXIT_OK : CFX_EXIT_FAIL;
}

static int selftest(void)
{
	learn_store_catalog c;
	cfx_err e;
	tally t = { 0, 0, 0, 0, 0, { 0 } };
	size_t i;

	if (learn_store_catalog_load(&c, &e) < 0) {
		fprintf(stderr, "cfx: learn: %s\n", e.msg);
		learn_store_catalog_free(&c);
		return CFX_EXIT_FAIL;
	}
	/* a file the catalogue leaves out (a name off the rule, a second
	 * lesson of a number or a name) is a fault of the directory */
	learn_store_catalog_say_skipped(&c, stderr);
	t.failed += c.n_skipped;
	for (i = 0; i < c.n; i++) {
		if (c.e[i].number != (int)i + 1) {
			fprintf(stderr, "cfx: learn: %s: lesson %d where %zu was "
			        "expected (number them 01, 02, ...)\n", c.e[i].path,
			        c.e[i].number, i + 1);
			t.failed++;
		}
		check_file(c.e[i].path, &c.e[i], &t, 1);
	}
	if (!c.n) {
		fprintf(stderr, "cfx: learn: no lessons in %s\n", c.dir);
		t.failed++;
	}
	if (c.n) {
		char *where, *facts = facts_text(c.e[0].path, &where);
		if (facts)
			printf("facts: checked against %s\n", where);
		free(facts);
		free(where);
	}
	printf("learn --selftest: %zu lessons, %zu steps, %zu claims; %zu "
	       "failed\n", t.lessons, t.steps, t.claims, t.failed);
	learn_store_catalog_free(&c);
	buf_free(&t.notes);
	return t.failed ? CFX_EXIT_FAIL : CFX_EXIT_OK;
}

/* ---- cfx learn ------------------------------------------------------ */

static void usage(FILE *f)
{
	fprintf(f, "usage: cfx learn [--list]         list the lessons\n"
	        "       cfx learn N|NAME [-f FILE] start or resume a lesson\n"
	        "       cfx learn --check FILE...  validate lesson files\n"
	        "       cfx learn --selftest       run every lesson with its own "
	        "solutions\n\n");
	out_para(f, "A lesson is found by its number, or by a prefix of its name, a "
	         "word of its title or a part of either (cfx learn lists them; "
	         "several that match are named).  It runs in "
	         "a REPL: type the commands it asks for, answer its questions "
	         "(answer EXPR, or just the answer), and use hint, solution, "
	         "skip, back, reset, quit.  With stdin not a terminal, or -f "
	         "FILE, lines come from there (script mode).  Progress is kept "
	         "in $XDG_STATE_HOME/cfx/progress (~/.local/state/cfx).  The "
	         "lesson format: lessons/FORMAT.md.", OUT_PROSE_WIDTH);
	/* a lesson's session is the REPL's, and takes its options */
	repl_options_help(f);
	fprintf(f, "\nexamples:\n"
	        "  cfx learn                      the lessons, and where you "
	        "left off\n"
	        "  cfx learn golden               lesson 3 by name, resumed "
	        "where you left it\n"
	        "  cfx learn 8 -f answers.cfx     a lesson's answers from a "
	        "file\n");
}

/* cfx learn's options (the option parser's rows, cli/opts.h): its own,
 * long only, and the REPL's, which a lesson's session takes. */
static const setting learn_rows[] = {
	{ SETTING_N, "list", "list", 0, SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "list the lessons", 0 },
	{ SETTING_N, "check", "check", 0, SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "validate lesson files", 0 },
	{ SETTING_N, "selftest", "selftest", 0, SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "run every lesson with its own solutions", 0 },
};

typedef struct learn_opts_t {
	int list, check, selftest;
	int mode_arg;           /* argv index of the first of those, or 0 */
	int other_arg;          /* of the first of the REPL's, or 0 */
	int pos[CLI_MAX_POS + 1], npos;
} learn_opts_t;

static int learn_take(void *ctx, const opts_hit *h, cfx_err *e)
{
	learn_opts_t *o = ctx;

	(void)e;
	if (h->s == &learn_rows[0])
		o->list = 1;
	else if (h->s == &learn_rows[1])
		o->check = 1;
	else if (h->s == &learn_rows[2])
		o->selftest = 1;
	else {
		if (!o->other_arg)
			o->other_arg = h->arg;
		return 0;
	}
	if (!o->mode_arg)
		o->mode_arg = h->arg;
	return 0;
}

/* Parse cfx learn's arguments into o: 0, 1 after --help, -1 after a
 * one-line error.  Options come anywhere (cfx learn -f FILE 3 is cfx
 * learn 3 -f FILE); --list, --check and --selftest take nothing else
 * (--check its files). */
static int learn_opts(int argc, char **argv, learn_opts_t *o)
{
	opts_row rows[SETTING_N + 6];
	opts_face f = { .rows = rows, .take = learn_take, .ctx = o,
	                .globals = 1 };
	int pos[argc + 1], i, rc;
	const char *bad = NULL, *why = NULL;
	cfx_err e;

	memset(o, 0, sizeof *o);
	for (i = 0; i < 3; i++)
		rows[f.nrows++] = (opts_row){ &learn_rows[i], OPTS_LONG };
	f.nrows += repl_args_rows(rows + f.nrows);
	rc = opts_parse(&f, argc, argv, pos, &o->npos, &e);
	if (rc > 0)
		usage(stdout);
	if (rc)
		return rc < 0 ? opts_print_error("learn", &e) : 1;
	if (o->npos > CLI_MAX_POS)
		o->npos = CLI_MAX_POS + 1;
	memcpy(o->pos, pos, (size_t)o->npos * sizeof *pos);
	if (o->list + o->check + o->selftest > 1 ||
	    ((o->list || o->selftest) && (o->npos || o->other_arg)) ||
	    (o->check && o->other_arg)) {
		int at = o->other_arg ? o->other_arg : o->npos ? pos[0] : 0;
		for (i = 1; i < argc && !at; i++)
			if (i != o->mode_arg && argv[i][0] == '-')
				at = i;
		bad = argv[at];
		why = o->list ? "--list takes nothing after it"
		      : o->selftest ? "--selftest takes nothing after it"
		      : "--check takes lesson files only";
	} else if (o->check && !o->npos) {
		bad = argv[o->mode_arg];
		why = "--check needs a lesson file";
	} else if (!o->list && !o->check && !o->npos && o->other_arg) {
		/* -f FILE, -k: the answers of a lesson; which? */
		bad = argv[o->other_arg];
		why = "a lesson first: cfx learn N|NAME [-f FILE]";
	}
	return why ? usage_fail(why, bad), -1 : 0;
}

/* argv with the lesson's word (at) moved to argv[1], the others after it
 * in their order, for the session (learn 3 -f FILE). */
static int learn_lesson_first(int argc, char **argv, int at)
{
	char *w = argv[at];

	memmove(argv + 2, argv + 1, (size_t)(at - 1) * sizeof *argv);
	argv[1] = w;
	return argc;
}

int learn_cli_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	learn_store_catalog c;
	cfx_err e;
	const learn_store_entry *le;
	lesson l;
	learn_opts_t lo;
	char *text;
	int line, rc, i;

	if ((rc = learn_opts(argc, argv, &lo)) != 0)
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	if (lo.selftest)
		return selftest();
	if (lo.check) {
		tally t = { 0, 0, 0, 0, 0, { 0 } };
		int worst = CFX_EXIT_OK;
		for (i = 0; i < lo.npos; i++) {
			rc = check_file(argv[lo.pos[i]], NULL, &t, 1);
			if (rc > worst)
				worst = rc;
		}
		buf_free(&t.notes);
		return worst;
	}
	if (lo.list)
		argc = 1;               /* the list is also what a bare learn shows */
	else if (lo.npos > 0)
		argc = learn_lesson_first(argc, argv, lo.pos[0]);
	if (learn_store_catalog_load(&c, &e) < 0) {
		learn_store_catalog_free(&c);
		return say_err(NULL, 0, "", &e);
	}
	if (argc == 1) {
		list_lessons(&c, stdout, stderr);
		learn_store_catalog_free(&c);
		return CFX_EXIT_OK;
	}
	if (!(le = learn_store_catalog_find(&c, argv[1]))) {
		char *why = learn_cli_not_found(&c, argv[1], "cfx ");
		usage_fail(why, argv[1]);
		free(why);
		learn_store_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	/* a broken lesson file is reported before any session starts */
	if (!(text = learn_store_lesson_read(le, &e))) {
		learn_store_catalog_free(&c);
		return say_err(NULL, 0, "cannot read lesson: ", &e);
	}
	rc = lesson_parse(&l, text, &learn_lesson_names, &line, &e);
	lesson_free(&l);
	free(text);
	if (rc < 0) {
		say_err(le->path, line, "", &e);
		learn_store_catalog_free(&c);
		return CFX_EXIT_USAGE;
	}
	/* the REPL takes the rest: learn 3 -f FILE is repl -f FILE */
	argv[1] = argv[0];
	play_sigint_stops(stop);
	rc = shell_main(argc - 1, argv + 1, stop, le);
	learn_store_catalog_free(&c);
	if (rc < CFX_EXIT_FAIL && learn_store_progress_failures())
		rc = CFX_EXIT_FAIL;   /* progress was lost: say so in the status */
	return rc;
}
