/*
 * dash_cmd.c - the dashboard's ':' command line and its output pane.
 *
 * A line runs through repl_exec on the dashboard's own session, so it is
 * the REPL's language exactly, and `:set const`, `:set bits`, `:set table`,
 * `:set keys` and `:set count` move the dashboard.  Output and errors go
 * to one memory stream (in order) and then to the pane.  The command runs
 * in the UI thread: while it does, the terminal is in cbreak mode so that
 * Ctrl-C raises SIGINT and stops a long command the way it does in the
 * REPL; anything written straight to file descriptors 1 or 2 is caught in
 * a temporary file rather than drawn over the screen.  `:verify` with
 * options takes seconds, so it runs on a thread of its own (dash_bg.h)
 * and its output comes to the pane when it ends; keys work meanwhile.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/verify.h"
#include "dash/dash_bg.h"
#include "dash/dash_ui.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/text.h"
#include "util/xalloc.h"

/* The session's quit words (quit, exit: the command table's), and vi's. */
static int is_quit(const char *line)
{
	static const char *const vi[] = { "q", "q!", "wq" };
	const cmd_def *c;
	char w[8];
	size_t i, n;

	while (*line == ' ')
		line++;
	n = strcspn(line, " ");
	if (line[n + strspn(line + n, " ")] || n >= sizeof w)
		return 0;
	memcpy(w, line, n);
	w[n] = '\0';
	for (i = 0; i < sizeof vi / sizeof vi[0]; i++)
		if (!strcmp(vi[i], w))
			return 1;
	return (c = cli_find(w)) && c->run == cmd_session_quit;
}

/* Text written to fds 1 and 2 while the command ran. */
static void stray(dash *d, FILE *tf)
{
	char buf[4096];
	size_t n;

	rewind(tf);
	while ((n = fread(buf, 1, sizeof buf - 1, tf)) > 0) {
		buf[n] = '\0';
		dash_out_add(d->out, buf);
	}
}

/* A bare `:verify` reads the worker's verify strip (verify.h): the
 * verdict of the dashboard's constant, never a wait.  With options it is
 * the command itself. */
static int verify_from_strip(dash *d, const char *line)
{
	const dash_scoring *w = dash_state_scoring(d);
	const dash_work_sweep *sw = &w->sweep;
	char text[320];
	int i, first;

	while (*line == ' ')
		line++;
	if (strncmp(line, "verify", 6) || line[6 + strspn(line + 6, " ")])
		return 0;
	dash_out_lines(d->out, &first);
	dash_out_add(d->out, ":verify");
	if (w->par.bits < VERIFY_MIN_BITS) {
		/* refused: the status line says why, never "done" */
		snprintf(text, sizeof text, "verify: a %u-bit word has too few keys "
		         "to judge; verify takes words of %d bits or more (w "
		         "changes the word)", w->par.bits, VERIFY_MIN_BITS);
		dash_out_add(d->out, text);
		dash_out_open(d->out, 1);
		snprintf(text, sizeof text, ":verify refused: a %u-bit word is "
		         "too small; verify takes %d..64 (w)", w->par.bits,
		         VERIFY_MIN_BITS);
		dash_out_msg_kept(d->out, ST_ERROR, text);
		return 1;
	} else if (sw->vp != w->par.p || sw->vbits != w->par.bits ||
	    !sw->vn || sw->vdone < sw->vn) {
		snprintf(text, sizeof text, "verify: %u of %u families judged so "
		         "far (the strip under the sweep fills in); :verify again "
		         "when it is done, or :verify --full for the whole report",
		         sw->vp == w->par.p ? sw->vdone : 0, sw->vn);
		dash_out_add(d->out, text);
		dash_out_open(d->out, 1);
		snprintf(text, sizeof text, ":verify not done yet: %u of %u "
		         "families judged; o hides the output",
		         sw->vp == w->par.p ? sw->vdone : 0, sw->vn);
		dash_out_msg_kept(d->out, ST_NORMAL, text);
		return 1;
	} else {
		char below[96] = "";
		unsigned kept = sw->vnotes < DASH_WORK_VERIFY_NOTES ? sw->vnotes
		                : DASH_WORK_VERIFY_NOTES;
		/* with no FAIL and no WARN the lines are notes (a PASS at R
		 * >= 2 on a small word): "worst first" would promise a fault */
		int faults = sw->vfail + sw->vwarn > 0;
		if (kept && faults)
			snprintf(below, sizeof below, " (%s%u below, worst first)",
			         kept < sw->vnotes ? "the worst " : "the ", kept);
		else if (kept)
			snprintf(below, sizeof below, " (%u note%s below, not a "
			         "fault)", kept, kept == 1 ? "" : "s");
		snprintf(text, sizeof text, "verify 0x%llx (%u-bit): %s, %u FAIL, "
		         "%u WARN%s; the shift/add code checked by cfx's evaluator, "
		         "not compiled (cfx verify and :verify --full compile it "
		         "and print the report)",
		         (unsigned long long)sw->vp, sw->vbits,
		         sw->vfail ? "FAIL" : "PASS", sw->vfail, sw->vwarn, below);
		dash_out_add(d->out, text);
		for (i = 0; i < DASH_WORK_VERIFY_NOTES && sw->vnote[i][0]; i++)
			dash_out_add(d->out, sw->vnote[i]);
		/* the lines are worst first (FAIL, then WARN, by R), as the
		 * report's paragraphs; the pane shows its newest lines, so the
		 * last says where the worst is and what was not kept */
		if (i) {
			char name[64];
			snprintf(name, sizeof name, "%.*s", (int)strcspn(sw->vnote[0],
			         ":"), sw->vnote[0]);
			snprintf(text, sizeof text, "%s%u %s above, %s (%s; PgUp "
			         "scrolls back); cfx verify 0x%llx --bits %u --full "
			         "prints the whole report",
			         sw->vnotes > (unsigned)i && faults ? "the worst " : "",
			         (unsigned)i, faults ? "lines" : i == 1 ? "note" : "notes",
			         faults ? "worst first" : "no FAIL or WARN among them",
			         name, (unsigned long long)sw->vp, sw->vbits);
			if (sw->vnotes > (unsigned)i)
				snprintf(text + strlen(text), sizeof text - strlen(text),
				         " (%u more not listed here)",
				         sw->vnotes - (unsigned)i);
			dash_out_add(d->out, text);
		}
	}
	/* read from its start: the verdict and the worst lines */
	dash_out_open_at(d->out, first);
	dash_out_msg(d->out, ST_NORMAL, ":verify done; o hides the output");
	return 1;
}

/* Why a command failed, from its output out: the REPL's one-line
 * reason, its last paragraph (a line at column 0 and the indented lines
 * that go on with it: the carets above it are indented), joined into
 * one line, without "WORD: " when WORD is the line's first word (the
 * status line shows the line); "" when there is none. */
static void reason_of(const char *out, const char *word, char *t, size_t n)
{
	const char *p, *start = NULL;
	size_t k = 0, wl = strlen(word);

	for (p = out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1
	                                           : NULL)
		if (*p != ' ' && *p != '\n' && *p != '\t')
			start = p;
	t[0] = '\0';
	if (!start || !n)
		return;
	if (wl && !strncmp(start, word, wl) && !strncmp(start + wl, ": ", 2))
		start += wl + 2;
	for (p = start; *p && k + 1 < n; p++) {
		if (*p == '\n' || *p == '\t' || *p == ' ') {
			if (k && t[k - 1] != ' ')
				t[k++] = ' ';
			continue;
		}
		t[k++] = *p;
	}
	while (k && t[k - 1] == ' ')
		k--;
	t[k] = '\0';
}

/* What the status line says when `:line` has ended with the command's
 * exit status rc (or was stopped), into t, with hide after it; its
 * style.  Status 1 is a verdict, not an error: the command ran and what
 * it checked failed (verify's FAIL, review's ERROR or WARNING, a
 * lesson's wrong answer), so it says so instead of "failed"; 2 and any
 * other status is the command failing, and says why (out: what the
 * command printed, its reason last). */
static int ended_text(char *t, size_t n, const char *line, int rc,
                      int stopped, const char *hide, const char *out)
{
	char word[16], why[DASH_LINE_MAX + 96];

	line += strspn(line, " ");
	snprintf(word, sizeof word, "%.*s", (int)strcspn(line, " "), line);
	reason_of(out ? out : "", word, why, sizeof why);
	if (!why[0])
		snprintf(why, sizeof why, "an error");
	if (stopped)
		snprintf(t, n, ":%s interrupted", line);
	else if (rc == CFX_EXIT_OK)
		snprintf(t, n, ":%s done%s", line, hide);
	else if (rc == CFX_EXIT_FAIL)
		snprintf(t, n, ":%s ran: %s (exit 1, not an error)%s", line,
		         !strcmp(word, "verify") ? "verdict FAIL"
		         : !strcmp(word, "review") ? "ERROR or WARNING found"
		         : "a check failed", hide);
	else
		snprintf(t, n, ":%s failed: %s (exit %d)%s", line, why, rc,
		         hide);
	return stopped || (rc != CFX_EXIT_OK && rc != CFX_EXIT_FAIL) ? ST_ERROR
	       : ST_NORMAL;
}

/* The status line when `:line` has ended (ended_text); out is what it
 * printed, which the pane holds (a failure's reason whole there). */
static void ended(dash *d, const char *line, int rc, int stopped,
                  const char *out)
{
	char t[2 * DASH_LINE_MAX + 256];
	int st = ended_text(t, sizeof t, line, rc, stopped,
	                    dash_out_is_open(d->out) ? "; o hides the output"
	                    : "", out);

	if (st == ST_ERROR && !stopped)
		dash_out_msg_kept(d->out, st, t);
	else
		dash_out_msg(d->out, st, "%s", t);
}

/* Start line on a thread of its own (queued: it waited for another). */
static void bg_start(dash *d, const char *line, int wake_fd, int queued)
{
	if (!(d->bg = dash_bg_start(&d->r.sess, line, wake_fd,
	                            dash_draw_out_cols(d))))
		dash_out_msg(d->out, ST_ERROR, ":%s: no thread to run it on", line);
	else
		dash_out_msg(d->out, ST_NORMAL, "running %s:%s (keys still work)",
		             queued ? "the queued " : "", line);
}

/* A line for the thread typed while another runs there: it waits for
 * that one to end, in place of any that waited already (the later word
 * wins, as a constant typed meanwhile does). */
static void bg_queue(dash *d, const char *line)
{
	if (d->bg_next)
		dash_out_msg(d->out, ST_NORMAL, "queued :%s in place of :%s", line,
		             d->bg_next);
	else
		dash_out_msg(d->out, ST_NORMAL, "queued :%s: it runs when the one "
		             "running ends", line);
	free(d->bg_next);
	d->bg_next = xstrdup(line);
}

int dash_cmd_begin(dash *d, const char *line, int wake_fd)
{
	char echo[DASH_LINE_MAX + 8];

	if (is_quit(line))
		return -1;
	if (verify_from_strip(d, line))
		return 0;
	if (dash_bg_wants(line)) {
		if (d->bg)
			bg_queue(d, line);
		else
			bg_start(d, line, wake_fd, 0);
		return 0;
	}
	snprintf(echo, sizeof echo, ":%s", line);
	dash_out_add(d->out, echo);
	dash_out_msg(d->out, ST_NORMAL, "running :%s  (Ctrl-C stops it)", line);
	dash_out_newest(d->out);
	return 1;
}

int dash_cmd_run(dash *d, const char *line, volatile sig_atomic_t *stop)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m, *tf;
	int rc, s1 = -1, s2 = -1, added;

	if (!(m = open_memstream(&buf, &len)))
		xalloc_fail(0, "command output");
	d->r.out = d->r.err = m;
	d->r.stop = stop;
	*stop = 0;
	noraw();
	cbreak();                   /* Ctrl-C is SIGINT again */
	fflush(stdout);
	fflush(stderr);
	if ((tf = tmpfile())) {
		s1 = dup(STDOUT_FILENO);
		s2 = dup(STDERR_FILENO);
		dup2(fileno(tf), STDOUT_FILENO);
		dup2(fileno(tf), STDERR_FILENO);
	}
	/* cfx fills its lines to the pane, which then shows them whole */
	out_width_set(dash_draw_out_cols(d));
	rc = repl_exec(&d->r, line);
	out_width_set(0);
	fflush(stdout);
	fflush(stderr);
	if (tf) {
		dup2(s1, STDOUT_FILENO);
		dup2(s2, STDERR_FILENO);
		close(s1);
		close(s2);
	}
	raw();
	fclose(m);
	d->r.out = d->r.err = NULL;
	added = dash_out_add(d->out, buf);
	if (tf) {
		stray(d, tf);
		fclose(tf);
	}
	/* the pane opens for output; `set` and friends say nothing */
	if (added)
		dash_out_open(d->out, 1);
	ended(d, line, rc, *stop, buf);
	free(buf);
	*stop = 0;
	return d->r.quit;
}

int dash_cmd_poll(dash *d, int wake_fd)
{
	char echo[DASH_LINE_MAX + 8], *out, *next = d->bg_next;
	int rc, stopped;

	if (!d->bg || !dash_bg_done(d->bg))
		return 0;
	snprintf(echo, sizeof echo, ":%s", dash_bg_line(d->bg));
	dash_out_add(d->out, echo);
	out = dash_bg_end(d->bg, &d->r.sess, &rc, &stopped);
	d->bg = NULL;
	dash_out_add(d->out, out);
	dash_out_open(d->out, 1);
	if (!next) {
		ended(d, echo + 1, rc, stopped, out);
		free(out);
		return 1;
	}
	/* how it ended stays in the pane, under its report; the status line
	 * is the queued one's */
	{
		char t[2 * DASH_LINE_MAX + 256];
		ended_text(t, sizeof t, echo + 1, rc, stopped, "", out);
		dash_out_add(d->out, t);
	}
	free(out);
	d->bg_next = NULL;
	bg_start(d, next, wake_fd, 1);
	free(next);
	return 1;
}

void dash_cmd_complete(dash *d, dash_line *l)
{
	char text[DASH_LINE_MAX + 1], **c;
	int start = l->cur, i;
	size_t common;

	while (start > 0 && l->buf[start - 1] != ' ')
		start--;
	memcpy(text, l->buf + start, (size_t)(l->cur - start));
	text[l->cur - start] = '\0';
	c = repl_complete(&d->r, l->buf, start, text);
	if (!c || !c[0]) {
		dash_out_msg(d->out, ST_ERROR, "no completion for \"%s\"", text);
	} else if (!c[1]) {
		char word[DASH_LINE_MAX + 2];
		size_t n = strlen(c[0]);
		int open = n && (c[0][n - 1] == ':' || c[0][n - 1] == '(');
		snprintf(word, sizeof word, "%s%s", c[0], open ? "" : " ");
		dash_line_replace(l, start, word);
	} else {
		char list[256];
		size_t at = 0;
		common = strlen(c[0]);
		for (i = 1; c[i]; i++) {
			size_t k = 0;
			while (k < common && c[i][k] == c[0][k])
				k++;
			common = k;
		}
		if (common > strlen(text)) {
			char pre[DASH_LINE_MAX + 1];
			memcpy(pre, c[0], common);
			pre[common] = '\0';
			dash_line_replace(l, start, pre);
		}
		list[0] = '\0';
		for (i = 0; c[i] && at + strlen(c[i]) + 2 < sizeof list; i++)
			at += (size_t)snprintf(list + at, sizeof list - at, "%s%s",
			                       i ? "  " : "", c[i]);
		dash_out_msg(d->out, ST_NORMAL, "%s", list);
	}
	for (i = 0; c && c[i]; i++)
		free(c[i]);
	free(c);
}

void dash_cmd_free(dash *d)
{
	if (d->bg) {                /* quitting stops it, as Ctrl-C would */
		dash_bg_interrupt(d->bg);
		free(dash_bg_end(d->bg, &d->r.sess, NULL, NULL));
		d->bg = NULL;
	}
	free(d->bg_next);
	d->bg_next = NULL;
}
