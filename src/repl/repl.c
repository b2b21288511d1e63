/*
 * repl.c - the REPL and script mode (see repl.h).
 *
 * A line is split into words (quotes group, # starts a comment), and the
 * words run through the same command table as the command line, with the
 * session's constant, word size, table, keys, count and format filling in
 * what the line leaves out.  The session words (help, set, show, let,
 * quit, exit) are rows of that table too (cmd_session.c); ?CMD is help
 * CMD.  Interactive input uses readline's callback interface
 * in a select() loop, so that Ctrl-C can clear the line at the prompt and
 * stop a long command (which polls the stop flag) without longjmp.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/safefile.h"
#include "cfx/score.h"
#include "cfx/textfile.h"
#include "cfx/word.h"
#include "cli/opts.h"
#include "cli/setting.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "repl/repl.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

#define HISTORY_MAX 1000
#define MAX_WORDS 128

/* ---- words ------------------------------------------------------------ */

typedef struct words {
	int n;
	char *w[MAX_WORDS + 1];
	int off[MAX_WORDS];       /* offset of the word's first character */
	int len[MAX_WORDS];       /* its extent in the line (quotes included) */
} words;

static void words_free(words *ws)
{
	int i;

	for (i = 0; i < ws->n; i++)
		free(ws->w[i]);
	ws->n = 0;
}

/* Split line; -1 with err (col = offset) on an unclosed quote or too many
 * words. */
static int split(const char *line, words *ws, cfx_err *err)
{
	text_words tw = { 0 };
	int open, rc = 0;
	size_t i;

	ws->n = 0;
	if (text_split(line, 1, &tw, &open) < 0) {
		rc = cfx_err_setn(err, CFX_ESYNTAX, open, line + open, 1,
		                  "unclosed quote");
	} else if (tw.n > MAX_WORDS) {
		/* the first word too many, from its opening quote if any */
		int col = tw.w[MAX_WORDS].col;
		col -= col > 0 && (line[col - 1] == '"' || line[col - 1] == '\'');
		rc = cfx_err_set_word(err, CFX_EUSAGE, tw.w[MAX_WORDS].s, -1,
		                      "too many words on one line");
		err->col = col;
	}
	if (rc < 0) {
		text_words_free(&tw);
		free(tw.w);
		return rc;
	}
	for (i = 0; i < tw.n; i++) {
		ws->w[i] = tw.w[i].s;
		ws->off[i] = tw.w[i].col;
		ws->len[i] = tw.w[i].len;
	}
	ws->n = (int)tw.n;
	ws->w[ws->n] = NULL;
	free(tw.w);
	return 0;
}

/* ---- reporting ---------------------------------------------------------- */

/* The error, with the input and a caret under the bad token when the REPL
 * is interactive; as "cfx: [file:]line N: cmd: msg (token)" otherwise. */
static void report(repl *r, const char *line, const words *ws, const char *cmd,
                   const cfx_err *e, int arg_end)
{
	/* no caret under an interruption: Ctrl-C is no word's fault (the
	 * expression was underlined above "cf: interrupted") */
	if (r->interactive && e->code != CFX_EINTR) {
		int from = -1, to = -1;

		if (e->arg >= 0 && e->arg < ws->n) {
			int tl = (int)strlen(e->token);
			if (e->col >= 0) {
				from = ws->off[e->arg] + e->col;
				to = from + (tl > 0 ? tl : 1);
				if (to > (int)strlen(line))
					to = from + 1;
			} else {
				int last = arg_end > e->arg && arg_end < ws->n ? arg_end
				           : e->arg;
				from = ws->off[e->arg];
				to = ws->off[last] + ws->len[last] -
				     (ws->off[last] > 0 && (line[ws->off[last] - 1] == '"'
				      || line[ws->off[last] - 1] == '\'') ? 1 : 0);
				if (to <= from)
					to = from + 1;
			}
		} else if (e->arg < 0 && e->col >= 0 && ws->n == 0) {
			from = e->col;
			to = from + 1;
		}
		if (from >= 0) {
			fprintf(r->err, "  %s\n  %*s", line, from, "");
			for (int i = from; i < to; i++)
				fputc(i == from ? '^' : '~', r->err);
			fputc('\n', r->err);
		}
	}
	repl_error(r, cmd, e->msg, e->token);
}

void repl_error(const repl *r, const char *cmd, const char *msg,
                const char *token)
{
	cfx_err name;     /* the command word as a token: escaped and cut */

	/* a script's line by the rule of a bad line of a file (cfx -f
	 * /etc/shadow: "root:$6$...: unknown command"); a line typed at the
	 * prompt as any token */
	if (r->interactive)
		cfx_err_set(&name, CFX_EUSAGE, -1, cmd, "%s", "");
	else
		cfx_err_word(name.token, cmd, -1);
	cmd = name.token;
	if (!r->interactive) {
		fprintf(r->err, "cfx: ");
		if (r->lineno == 0)
			;       /* before the first line: the command line's options */
		else if (r->script)
			fprintf(r->err, "%s:%d: ", r->script, r->lineno);
		else
			fprintf(r->err, "line %d: ", r->lineno);
	}
	if (r->interactive && out_tty_cols(r->err) > 20) {
		/* at a terminal, broken between words at its width (the
		 * terminal would break inside one), the rest indented */
		struct buf b = { 0 };

		buf_printf(&b, token && token[0] ? "%s: %s (%s)" : "%s: %s",
		           cmd, msg, token);
		out_fill(r->err, buf_str(&b), out_tty_cols(r->err) - 1, "",
		         "  ", " ");
		buf_free(&b);
		return;
	}
	if (token && token[0])
		fprintf(r->err, "%s: %s (%s)\n", cmd, msg, token);
	else
		fprintf(r->err, "%s: %s\n", cmd, msg);
}

/* ---- session words ---------------------------------------------------- */

static void set_ans(repl *r, const char *src)
{
	cfx_err e;
	expr_tree *t = expr_parse(src, &e), *in;

	if (t && (in = expr_inline(t, cli_session_lookup, &r->sess, &e)))
		cli_session_set_var(&r->sess, "ans", in);
	expr_free(t);
}

/* ---- one line ------------------------------------------------------- */

/* 1 if word i is a shell's pipe or redirection, not an operator of the
 * expression: < and > alone (cfx has no comparisons), or | and >> (also
 * C's or and right shift) before a word no expression starts with, a
 * path or a name that is neither built in nor the session's. */
static int shell_operator(repl *r, const words *ws, int i)
{
	const char *w = ws->w[i], *n = i + 1 < ws->n ? ws->w[i + 1] : "";
	size_t len = strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
	                    "TUVWXYZ0123456789_");
	char name[64];

	if (!strcmp(w, "<") || !strcmp(w, ">"))
		return 1;
	if (strcmp(w, "|") && strcmp(w, ">>"))
		return 0;
	if (n[0] == '/' || n[0] == '.' || !strncmp(n, "~/", 2))
		return 1;
	if (!isalpha((unsigned char)n[0]) || len >= sizeof name)
		return 0;
	snprintf(name, sizeof name, "%.*s", (int)len, n);
	return !expr_builtin(name, len) && strcmp(name, "xor") &&
	       !cli_session_lookup(&r->sess, name);
}

void repl_init(repl *r, FILE *out, FILE *err, volatile sig_atomic_t *stop)
{
	memset(r, 0, sizeof *r);
	cli_session_init(&r->sess);
	r->out = out;
	r->err = err;
	r->stop = stop;
}

void repl_free(repl *r)
{
	cli_session_free(&r->sess);
	free(r->used_expr);
}

int repl_exec(repl *r, const char *line)
{
	words ws;
	cfx_err e;
	cmd_ctx c;
	const cmd_def *d;
	const char *cmd;
	char **argv, *help[3], help_word[] = "help";
	int rc, argc, ask = 0;

	cfx_err_clear(&e);
	if (split(line, &ws, &e) < 0) {
		words empty = { 0 };
		report(r, line, &empty, "cfx", &e, -1);
		return CFX_EXIT_USAGE;
	}
	if (ws.n == 0)
		return CFX_EXIT_OK;
	cmd = ws.w[0];
	argc = ws.n;
	argv = ws.w;
	for (int i = 1; i < ws.n; i++)
		if (shell_operator(r, &ws, i)) {
			cfx_err_set(&e, CFX_EUSAGE, -1, ws.w[i], "cfx lines have no pipes "
			            "or redirections (run cfx from a shell for those)");
			e.arg = i;
			report(r, line, &ws, cmd, &e, -1);
			words_free(&ws);
			return CFX_EXIT_USAGE;
		}
	/* ?CMD is help CMD, ? alone help */
	if (cmd[0] == '?') {
		ask = cmd[1] != '\0';
		help[0] = help_word;
		help[1] = ask ? ws.w[0] + 1 : ws.n > 1 ? ws.w[1] : NULL;
		help[2] = NULL;
		argc = help[1] ? 2 : 1;
		argv = help;
	}
	memset(&c, 0, sizeof c);
	c.out = r->out;
	c.diag = r->err;
	c.sess = &r->sess;
	c.stop = r->stop;
	c.no_compiler = r->no_compiler;
	/* the bar goes to stderr: never when errors go elsewhere (the
	 * dashboard's : line), even with --progress */
	c.progress = r->err == stderr &&
	             out_progress_on(r->interactive && isatty(fileno(r->err)));
	if (r->stop)
		*r->stop = 0;
	rc = cli_run(&c, argc, argv);
	out_flush(r->out);
	if (r->sess.quit)
		r->quit = 1;
	if (rc == CFX_EXIT_USAGE) {
		if (ask && c.err.arg == 1)      /* the topic inside ?CMD */
			c.err.arg = 0, c.err.col = 1;
		report(r, line, &ws, c.cmd, &c.err, c.err_arg_end);
	} else if (!(d = cli_find(argv[0])) || !(d->opts & OPT_SESSION)) {
		const char *used = c.used_expr ? c.used_expr : r->sess.constant;
		if (used)
			set_ans(r, used);
	}
	free(c.used_expr);
	words_free(&ws);
	return rc;
}

/* ---- completion ------------------------------------------------------- */

typedef struct cands {
	char **v;
	size_t n, cap;
	const char *prefix;
} cands;

static void cand(cands *c, const char *s)
{
	if (strncmp(s, c->prefix, strlen(c->prefix)) != 0)
		return;
	XGROW(c->v, c->cap, c->n + 2, "completions");
	c->v[c->n++] = xstrdup(s);
	c->v[c->n] = NULL;
}

static void families(cands *c)
{
	int i;

	for (i = 0; keys_family_names[i]; i++) {
		char buf[32];
		/* seq and random work bare; the others need a parameter */
		snprintf(buf, sizeof buf, "%s%s", keys_family_names[i],
		         i == 0 || i == 2 ? "" : ":");
		cand(c, buf);
	}
}

/* The words of "text|json". */
static void choices(cands *c, const char *list)
{
	while (*list) {
		size_t n = strcspn(list, "|");
		char buf[32];
		snprintf(buf, sizeof buf, "%.*s", (int)n, list);
		cand(c, buf);
		list += n + (list[n] == '|');
	}
}

static void expr_names(repl *r, cands *c)
{
	const char *name;
	cfx_var *v;
	size_t i;
	int function;

	for (v = r->sess.vars; v; v = v->next)
		cand(c, v->name);
	for (i = 0; (name = expr_builtin_name(i, &function)); i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "%s%s", name, function ? "(" : "");
		cand(c, buf);
	}
}

static const repl_word *client_word(const repl *r, const char *name)
{
	const repl_word *w;

	for (w = r->words; w && w->name; w++)
		if (!strcmp(w->name, name))
			return w;
	return NULL;
}

char **repl_complete(repl *r, const char *line, int start, const char *text)
{
	const repl_word *w;
	cands c = { NULL, 0, 0, text };
	char *head = xstrndup(line, (size_t)start);
	words ws;
	cfx_err e;
	const cmd_def *d;
	const setting *st;
	int i;

	if (split(head, &ws, &e) < 0)
		ws.n = 0;
	free(head);
	if (ws.n == 0) {
		for (d = cli_commands; d->name; d++)
			cand(&c, d->name);
		for (w = r->words; w && w->name; w++)
			cand(&c, w->name);
	} else if (!strcmp(ws.w[0], "help") || !strcmp(ws.w[0], "?")) {
		for (d = cli_commands; d->name; d++)
			cand(&c, d->name);
	} else if (!strcmp(ws.w[0], "set") && ws.n == 1) {
		for (i = 0; setting_table[i].name; i++)
			if (setting_table[i].flags & SETTING_SESSION)
				cand(&c, setting_table[i].name);
	} else if (!strcmp(ws.w[0], "set") && ws.n == 2 &&
	           (st = setting_find(ws.w[1])) && st->type == SETTING_FAMILY) {
		families(&c);
		cand(&c, "default");
	} else if (!strcmp(ws.w[0], "set") && ws.n == 2 &&
	           (st = setting_find(ws.w[1])) && st->type == SETTING_CHOICE) {
		choices(&c, st->choices);
	} else if ((w = client_word(r, ws.w[0])) && w->args) {
		const char *const *names = w->args();
		for (i = 0; names && names[i]; i++)
			cand(&c, names[i]);
	} else if (text[0] == '-' && (d = cli_find(ws.w[0]))) {
		const char **opts = cli_option_names(d);
		for (i = 0; opts[i]; i++) {
			char buf[40];
			snprintf(buf, sizeof buf, "--%s", opts[i]);
			cand(&c, buf);
		}
	} else if ((d = cli_find(ws.w[0])) &&
	           (st = cli_option_row(d, ws.w[ws.n - 1])) &&
	           st->type == SETTING_FAMILY) {
		families(&c);
	} else if (d && st && st->type == SETTING_CHOICE) {
		choices(&c, st->choices);
	} else {
		expr_names(r, &c);
	}
	words_free(&ws);
	return c.v;
}

/* ---- where lines come from ------------------------------------------ */

static repl *active;          /* the REPL readline's callbacks serve */
static char *hist_path;        /* NULL: history not kept */
static safefile_dir hist_dir;  /* the directory it is in, checked */
static volatile sig_atomic_t got_sigint;
static struct sigaction old_sigint;
static char *ready;           /* the line readline handed over */
static int ended;             /* Ctrl-D */

static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
	if (active && active->stop)
		*active->stop = 1;
}

static char *gen_from(const char *text, int state)
{
	static char **list;
	static size_t i;

	(void)text;
	if (state == 0) {
		list = active ? repl_complete(active, rl_line_buffer, rl_point -
		                              (int)strlen(text), text) : NULL;
		i = 0;
	}
	if (list && list[i])
		return list[i++];     /* readline frees each match */
	free(list);
	list = NULL;
	return NULL;
}

static char **attempt(const char *text, int start, int end)
{
	(void)end;
	(void)start;
	char **m;
	size_t len;

	rl_attempted_completion_over = 1;   /* never fall back to file names */
	rl_completion_append_character = ' ';
	m = rl_completion_matches(text, gen_from);
	/* no space after a family that wants ":PARAM" (stride:) or a
	 * "name(": the match decides, not what was typed; nor inside a
	 * family's parameter (stride:4) */
	len = m && m[0] && !m[1] ? strlen(m[0]) : 0;
	if ((len && (m[0][len - 1] == ':' || m[0][len - 1] == '(')) ||
	    (text[0] && strchr(text, ':')))
		rl_completion_suppress_append = 1;
	return m;
}

/* History is not kept from here on: said once, with why and where (the
 * path whole, escaped as a token is, so that a long $XDG_STATE_HOME or
 * $HOME is named in full). */
static void history_off(const char *why, const char *where)
{
	size_t size = 4 * strlen(where) + 8;
	char *shown = xmalloc(size, "a path");

	cfx_escape(shown, size, where, -1);
	fprintf(stderr, "cfx: repl: history is not kept: %s (%s)\n", why, shown);
	free(shown);
	free(hist_path);
	hist_path = NULL;
	safefile_dir_close(&hist_dir);
}

/* Whether the history file may be read at the start: a regular file of
 * at most TEXTFILE_MAX bytes.  readline opens it as it is, so a FIFO hung
 * the prompt at start, and reads it whole.  Absent, or a link (never
 * followed: the first line replaces it, or says why not), 0; otherwise
 * history is not kept, said once, and 0. */
static int history_usable(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0 || S_ISLNK(st.st_mode))
		return 0;
	if (S_ISREG(st.st_mode) && (size_t)st.st_size <= TEXTFILE_MAX)
		return 1;
	history_off(S_ISREG(st.st_mode) ? "larger than 16 MiB"
	            : "not a regular file", path);
	return 0;
}

/* The history directory, made if need be and checked as bench's --raw
 * directory is (safefile.h: the user's own, not writable by others), so
 * that a link planted in the file's place is replaced, never followed. */
static void history_open(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *dir;
	cfx_err e;

	if (state && state[0] == '/')
		dir = xasprintf("%s/cfx", state);
	else if (home)
		dir = xasprintf("%s/.local/state/cfx", home);
	else
		return;
	stifle_history(HISTORY_MAX);
	/* ~/.local/state/cfx made with its two parents if need be (0700, as
	 * the XDG spec asks), each level only once the one above it is
	 * checked: nothing is made through another user's link */
	if (safefile_dir_make(&hist_dir, dir, 2, 0700, &e) < 0) {
		history_off(e.msg, hist_dir.fault);
		free(dir);
		return;
	}
	hist_dir.private_files = 1;          /* as readline made it */
	hist_path = xasprintf("%s/history", dir);
	free(dir);
	if (history_usable(hist_path))
		read_history(hist_path);
}

/* The line added to the end of the file, under a lock, the last
 * HISTORY_MAX lines kept (safefile.h): another session's lines are kept,
 * two sessions writing at once lose none, and a crash loses nothing.  A
 * failure is said once, and history is not kept from there on. */
static void history_save(const char *line)
{
	cfx_err e;

	if (safefile_append_line(&hist_dir, "history", line, HISTORY_MAX,
	                         TEXTFILE_MAX, &e) < 0)
		history_off(e.msg, hist_path);
}

static void history_add(const char *line)
{
	HIST_ENTRY *last;

	if (!line[strspn(line, " \t")])
		return;
	last = history_length > 0 ? history_get(history_base + history_length - 1)
	       : NULL;
	if (last && !strcmp(last->line, line))
		return;
	add_history(line);
	if (hist_path)
		history_save(line);
}

/* The one line that says a typed line was over the limit. */
static void long_line_said(repl *r)
{
	fprintf(r->err, "\ncfx: the line is longer than %d bytes: dropped up "
	        "to Enter\n", TEXTFILE_LINE_MAX);
	fflush(r->err);
}

/* readline has a line: hand it over, and get readline out of the way so
 * that the command it runs prints normally. */
static void on_line(char *line)
{
	rl_callback_handler_remove();
	if (!line) {                   /* Ctrl-D */
		ended = 1;
		fputc('\n', active->out);
		return;
	}
	/* readline takes typed-ahead characters in one go, the Enter with
	 * them: a line pasted past the limit can arrive whole */
	if (strlen(line) > TEXTFILE_LINE_MAX) {
		free(line);
		long_line_said(active);
		rl_callback_handler_install("cfx> ", on_line);
		return;
	}
	history_add(line);
	ready = line;
}

static void terminal_open(repl *r)
{
	struct sigaction sa;

	active = r;
	r->interactive = 1;
	ready = NULL;
	ended = 0;
	history_open();
	rl_readline_name = "cfx";
	rl_attempted_completion_function = attempt;
	rl_basic_word_break_characters = " \t\n(+*/^,=";
	rl_catch_signals = 0;
	/* no LINES and COLUMNS in the environment: cfx stats takes $COLUMNS
	 * whole as ministat does, and readline's would make plots 2 too wide */
	rl_change_environment = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_sigint);
	fprintf(r->out, "cfx %s: continued fractions and Fibonacci hashing.\n"
	        "Type help, or try: cf 0x9e370001   (Ctrl-D quits)\n", CFX_VERSION);
}

/* A line typed or pasted past TEXTFILE_LINE_MAX bytes, the limit a
 * script's lines have, is dropped: one line says so at once, the rest up
 * to Enter (or Ctrl-C) is read and thrown away unseen, and a fresh prompt
 * follows.  Byte by byte, so that nothing after the Enter is taken. */
static void drop_long_line(repl *r, int fd)
{
	char c;
	ssize_t n;

	rl_replace_line("", 0);
	rl_callback_handler_remove();
	long_line_said(r);
	while (!got_sigint) {
		n = read(fd, &c, 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {               /* the terminal went away */
			ended = 1;
			return;
		}
		if (c == '\r' || c == '\n')
			break;
	}
	got_sigint = 0;
	if (r->stop)
		*r->stop = 0;
	rl_callback_handler_install("cfx> ", on_line);
}

/* The next line typed, or NULL at Ctrl-D.  Ctrl-C at the prompt drops the
 * line and starts afresh. */
static char *terminal_line(repl *r)
{
	got_sigint = 0;            /* a Ctrl-C that stopped the command is spent */
	rl_callback_handler_install("cfx> ", on_line);
	while (!ready && !ended) {
		fd_set fds;
		int fd = fileno(rl_instream ? rl_instream : stdin), n;

		FD_ZERO(&fds);
		FD_SET(fd, &fds);
		n = select(fd + 1, &fds, NULL, NULL, NULL);
		if (got_sigint) {
			got_sigint = 0;
			if (r->stop)
				*r->stop = 0;
			rl_free_line_state();
			rl_callback_sigcleanup();
			rl_point = rl_end;
			rl_redisplay();
			fputs("^C\n", r->out);
			out_flush(r->out);
			rl_replace_line("", 0);
			rl_callback_handler_remove();
			rl_callback_handler_install("cfx> ", on_line);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		rl_callback_read_char();
		if (!ready && rl_end > TEXTFILE_LINE_MAX)
			drop_long_line(r, fd);
	}
	{
		char *line = ready;
		ready = NULL;
		return line;
	}
}

static void terminal_close(void)
{
	rl_callback_handler_remove();
	sigaction(SIGINT, &old_sigint, NULL);
	free(hist_path);
	hist_path = NULL;
	safefile_dir_close(&hist_dir);
	active = NULL;
}

/* The shared option a->preset[i] as the set line it stands for (--json
 * is set format json): 0, or -1 after its error, which names the option
 * as the command line has it (cfx: --bits 70000: the commands take
 * 1..65536, or auto): the set line is nowhere in the input. */
static int run_preset(repl *r, const repl_args *a, int i)
{
	const setting *o = a->preset[i].opt;
	int json = o->id == SETTING_JSON;
	char set[] = "set", name[32], value[] = "json";
	char *argv[] = { set, name, json ? value : (char *)a->preset[i].value,
	                 NULL };
	size_t len = strlen(o->name);
	cmd_ctx c;
	cfx_err e;

	snprintf(name, sizeof name, "%s", json ? "format" : o->name);
	memset(&c, 0, sizeof c);
	c.out = r->out;
	c.diag = r->err;
	c.sess = &r->sess;
	c.stop = r->stop;
	if (cli_run(&c, 3, argv) == CFX_EXIT_OK)
		return 0;
	e = c.err;
	/* "set bits 7000: ..." is "--bits 7000: ...", "table must be ..."
	 * "--table-bits must be ...", another "--keys: ..." */
	if (!strncmp(e.msg, "set ", 4) && !strncmp(e.msg + 4, o->name, len) &&
	    e.msg[4 + len] == ' ')
		snprintf(e.msg, sizeof e.msg, "--%s%.*s", o->option,
		         (int)sizeof e.msg - 40, c.err.msg + 4 + len);
	else if (!strncmp(e.msg, o->name, len) && e.msg[len] == ' ')
		snprintf(e.msg, sizeof e.msg, "--%s%.*s", o->option,
		         (int)sizeof e.msg - 40, c.err.msg + len);
	else
		snprintf(e.msg, sizeof e.msg, "--%s: %.*s", o->option,
		         (int)sizeof e.msg - 40, c.err.msg);
	return opts_print_error(a->face, &e);
}

int repl_input_open(repl_input *in, repl *r, const repl_args *a)
{
	cfx_err e;

	memset(in, 0, sizeof *in);
	in->r = r;
	in->in = stdin;
	/* a script is a file or a pipe: a directory or device is refused */
	if (a->file && !(in->in = textfile_open(a->file, 1, r->stop, &e))) {
		fprintf(stderr, "cfx: %s: cannot read script: %s (%s)\n", a->cmd,
		        e.msg, e.token);
		return -1;
	}
	/* cfx <&-, cfx learn 1 <&-: said before anything is shown */
	if (!a->file && textfile_stdin_check(NULL, &e) < 0) {
		fprintf(stderr, "cfx: %s: %s\n", a->cmd, e.msg);
		return -1;
	}
	r->script = a->file;
	/* the shared options of the command line are the session's first
	 * settings: echo 'cf 5' | cfx --json */
	for (int i = 0; i < a->npreset; i++)
		if (run_preset(r, a, i) < 0) {
			if (a->file)
				fclose(in->in);
			return -1;
		}
	in->tty = !a->file && isatty(STDIN_FILENO);
	if (in->tty)
		terminal_open(r);
	else
		out_json_lines(1);      /* a script's results: JSON Lines */
	return 0;
}

const char *repl_input_line(repl_input *in)
{
	ssize_t len;
	cfx_err e;

	if (in->tty) {
		free(in->line);
		in->line = NULL;
		if (!in->r->quit)
			in->line = terminal_line(in->r);
		return in->line;
	}
	if (in->r->quit ||
	    (len = textfile_line(in->in, &in->line, &in->cap, in->r->stop, &e)) == -1)
		return NULL;
	in->r->lineno++;
	if (len == -2) {        /* not text: a NUL byte, an endless line */
		repl_error(in->r, "cfx", e.msg, e.token);
		in->bad = 1;
		return NULL;
	}
	return in->line;
}

void repl_input_close(repl_input *in)
{
	if (in->tty)
		terminal_close();
	if (in->in && in->in != stdin)
		fclose(in->in);
	free(in->line);
	memset(in, 0, sizeof *in);
}

void repl_help(FILE *f)
{
	fprintf(f, "usage: cfx repl [options]\n\n");
	out_para(f, "An interactive prompt with the commands of the command "
	         "line, TAB completion and history ($XDG_STATE_HOME/cfx/"
	         "history).  With -f FILE, or when stdin is not a terminal, "
	         "the lines are run as a script: no prompt, output only, "
	         "stopping at the first error (exit status 2) unless "
	         "--keep-going is given.  The shared options are the session's "
	         "first settings: --json is set format json, --bits N set bits "
	         "N.  -k is --keys, as in every command, so --keep-going has no "
	         "letter.", OUT_PROSE_WIDTH);
	repl_options_help(f);
	cli_session_help(f);
	fprintf(f, "\nexamples:\n"
	        "  cfx repl                       the prompt; ?score for a "
	        "command's help\n"
	        "  cfx -f session.cfx             a script, stopping at the "
	        "first error\n"
	        "  echo 'cf 5' | cfx --json       a script's results, one JSON "
	        "object a line\n");
}

/* The REPL's own options (opts.h rows); the shared options of the
 * settings table come beside them with their letters: -k is --keys here
 * as in every face, so --keep-going has no letter. */
static const setting repl_rows[] = {
	{ SETTING_N, "keep-going", "keep-going", 0, SETTING_FLAG, 0, 0, NULL,
	  NULL, NULL, "go on after a line fails", 0 },
	{ SETTING_N, "file", NULL, 'f', SETTING_TEXT, 0, 0, NULL, "FILE", NULL,
	  "read the lines from FILE", 0 },
};

/* One option into a: a shared one as the set line it stands for, run
 * before the first line (--json is set format json; --ascii means
 * nothing here). */
static int take_option(void *ctx, const opts_hit *h, cfx_err *e)
{
	repl_args *a = ctx;
	keys_spec ks;

	if (h->s->id == SETTING_KEYS) {   /* checked when given, as set is */
		if (cli_keys_parse(&ks, h->value, e) < 0)
			return h->value[0] == '-'
			       ? cfx_err_set(e, CFX_EUSAGE, -1, h->value, "-k is "
			                     "--keys, which needs a key family "
			                     "(--keep-going has no letter)")
			       : -1;
		keys_spec_free(&ks);
	}
	if (h->s == &repl_rows[0])
		a->keep_going = 1;
	else if (h->s == &repl_rows[1])
		a->file = h->value;
	else if ((h->value || h->s->id == SETTING_JSON) &&
	         a->npreset < REPL_PRESETS) {
		a->preset[a->npreset].opt = h->s;
		a->preset[a->npreset++].value = h->value;
	}
	return 0;
}

/* The REPL's option rows, into rows[] (room for SETTING_N + 2). */
int repl_args_rows(opts_row *rows)
{
	const setting *st;
	int n = 0;

	rows[n++] = (opts_row){ &repl_rows[0], 0 };
	rows[n++] = (opts_row){ &repl_rows[1], 0 };
	for (st = setting_table; st->name; st++)
		if (st->flags & SETTING_SHARED)
			rows[n++] = (opts_row){ st, 0 };
	return n;
}

void repl_options_help(FILE *f)
{
	opts_row rows[SETTING_N + 2];
	int i, n = repl_args_rows(rows);

	fprintf(f, "\noptions:\n");
	for (i = 0; i < n; i++) {
		setting s = *rows[i].s;

		if (s.id == SETTING_ASCII)
			s.help = "taken and ignored (only the dashboard draws)";
		cli_option_help_word(&s, "set", f);
	}
	fprintf(f, "  %-22s %s\n", "-h, --help", "show this help");
}

int repl_args_parse(repl_args *a, int argc, char **argv)
{
	opts_row rows[SETTING_N + 2];
	opts_face f = { .rows = rows, .take = take_option, .ctx = a };
	/* "cfx: repl: " when the face was named (cfx repl, cfx learn), "cfx: "
	 * when the options alone chose it (cfx -f, cfx --bits N < FILE) */
	const char *face = strcmp(argv[0], "repl") && strcmp(argv[0], "learn")
	                   ? NULL : argv[0];
	int pos[argc + 1], npos, rc;
	cfx_err e;

	memset(a, 0, sizeof *a);
	a->cmd = strcmp(argv[0], "learn") ? "repl" : "learn";
	a->face = face;
	f.nrows = repl_args_rows(rows);
	rc = opts_parse(&f, argc, argv, pos, &npos, &e);
	if (rc > 0) {
		repl_help(stdout);
		return 1;
	}
	if (rc == 0 && npos > 0)
		rc = cfx_err_set(&e, CFX_EUSAGE, -1, argv[pos[0]], "unknown "
		                 "argument");
	return rc < 0 ? opts_print_error(face, &e) : 0;
}
