/*
 * dash_bg.c - a ':' command on a thread of its own (see dash_bg.h).
 *
 * The thread owns a REPL whose session is a deep copy of the dashboard's
 * taken at the start, and a second copy stays as it was, so that at the
 * end the difference is exactly what the command did.  Nothing is shared
 * while it runs but the stop flag and the done flag.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/pool.h"
#include "cli/out.h"
#include "dash/dash_bg.h"
#include "repl/repl.h"
#include "util/xalloc.h"

struct dash_bg {
	pthread_t tid;
	repl r;                     /* the thread's: a copy of the session */
	cfx_session before;         /* the copy as it was at the start */
	char *line;
	FILE *m;                    /* output and errors, in order */
	char *buf;
	size_t len;
	int rc;
	int wake_fd;
	int width;                  /* the columns its text fills */
	atomic_int done;
	volatile sig_atomic_t stop;
};

int dash_bg_wants(const char *line)
{
	line += strspn(line, " ");
	if (strncmp(line, "verify", 6) || (line[6] && line[6] != ' '))
		return 0;
	line += 6;
	return line[strspn(line, " ")] != '\0';
}

static void *run(void *arg)
{
	dash_bg *b = arg;
	ssize_t w;

	out_width_set(b->width);        /* this thread's */
	b->rc = repl_exec(&b->r, b->line);
	fflush(b->m);
	pool_thread_end();
	atomic_store(&b->done, 1);
	w = write(b->wake_fd, "b", 1);   /* a full pipe wakes the loop anyway */
	(void)w;
	return NULL;
}

dash_bg *dash_bg_start(const cfx_session *sess, const char *line,
                       int wake_fd, int width)
{
	dash_bg *b = xcalloc(1, sizeof *b, "background command");

	if (!(b->m = open_memstream(&b->buf, &b->len)))
		xalloc_fail(0, "command output");
	repl_init(&b->r, b->m, b->m, &b->stop);
	b->r.interactive = 1;       /* errors as the dashboard shows them */
	cli_session_copy(&b->r.sess, sess);
	cli_session_copy(&b->before, sess);
	b->line = xstrdup(line);
	b->wake_fd = wake_fd;
	b->width = width;
	atomic_init(&b->done, 0);
	if (pthread_create(&b->tid, NULL, run, b) != 0) {
		char *out = dash_bg_end(b, NULL, NULL, NULL);
		free(out);
		return NULL;
	}
	return b;
}

int dash_bg_done(dash_bg *b)
{
	return atomic_load(&b->done);
}

const char *dash_bg_line(const dash_bg *b)
{
	return b->line;
}

void dash_bg_interrupt(dash_bg *b)
{
	b->stop = 1;
}

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void adopt_text(char **dst, const char *now, const char *was)
{
	if (same_text(now, was))
		return;
	free(*dst);
	*dst = now ? xstrdup(now) : NULL;
}

/* What the command changed in its copy, into sess, except where the user
 * changed sess while it ran (a constant typed after :verify X): the later
 * action wins.  The constant and its word go together. */
static void adopt(cfx_session *sess, const cfx_session *now,
                  const cfx_session *was)
{
	const char *name;
	json_t *v;
	const expr_tree *ans;
	cfx_err e;

	if (same_text(sess->constant, was->constant) &&
	    cli_word_same(&sess->word, &was->word)) {
		adopt_text(&sess->constant, now->constant, was->constant);
		sess->word = now->word;
	}
	if (same_text(sess->keys, was->keys))
		adopt_text(&sess->keys, now->keys, was->keys);
	if (now->table_bits != was->table_bits &&
	    sess->table_bits == was->table_bits)
		sess->table_bits = now->table_bits;
	if (now->count != was->count && sess->count == was->count)
		sess->count = now->count;
	json_object_foreach(now->results, name, v) {
		if (was->results && json_equal(v, json_object_get(was->results,
		                                                  name)))
			continue;
		if (!sess->results)
			sess->results = json_object();
		json_object_set_new(sess->results, name, json_deep_copy(v));
	}
	/* the command was the last one run: ans is what it used */
	if ((ans = cli_session_lookup((void *)now, "ans"))) {
		expr_tree *t = expr_inline(ans, cli_session_lookup, (void *)now, &e);
		if (t)
			cli_session_set_var(sess, "ans", t);
	}
}

char *dash_bg_end(dash_bg *b, cfx_session *sess, int *rc, int *stopped)
{
	char *out;

	if (sess) {
		pthread_join(b->tid, NULL);
		adopt(sess, &b->r.sess, &b->before);
	}
	if (rc)
		*rc = b->rc;
	if (stopped)
		*stopped = b->stop != 0;
	fclose(b->m);
	out = b->buf;
	repl_free(&b->r);
	cli_session_free(&b->before);
	free(b->line);
	free(b);
	return out;
}
