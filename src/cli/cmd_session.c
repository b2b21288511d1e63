/*
 * cmd_session.c - the session words, rows of the command table like the
 * commands: help, set, show, let, quit and exit (see cmds.h).
 *
 * They work on the command's session (cmd_ctx.sess): the REPL's, a
 * script's, the dashboard's (its ':' line) or a lesson's.  set's settings
 * are the session rows of the settings table (setting.h): their names,
 * types and limits come from there, and so do show's lines.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>              /* before gmp.h: gmp_fprintf */
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cli/cli.h"
#include "cli/cli_word.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "cli/setting.h"
#include "util/xalloc.h"

#define LET_MAX 256        /* names a session may hold, ans among them */

/* A session word's arguments: argv[0] the word. */
typedef struct words {
	int n;
	char **w;
} words;

static int has_var(const cfx_session *s, const char *name)
{
	const cfx_var *v;

	for (v = s->vars; v; v = v->next)
		if (!strcmp(v->name, name))
			return 1;
	return 0;
}

static int count_vars(const cfx_session *s)
{
	const cfx_var *v;
	int n = 0;

	for (v = s->vars; v; v = v->next)
		n++;
	return n;
}

/* Join words[from..] with spaces (an expression written in words). */
static char *join(const words *ws, int from)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = from; i < ws->n; i++)
		len += strlen(ws->w[i]) + 1;
	s = xmalloc(len, "s");
	s[0] = '\0';
	for (i = from; i < ws->n; i++) {
		if (i > from)
			strcat(s, " ");
		strcat(s, ws->w[i]);
	}
	return s;
}

/* Map a column of join(ws, from) back to (word, column). */
static void unjoin(const words *ws, int from, cfx_err *e)
{
	int i, off = 0;

	e->arg = from;
	if (e->col < 0)
		return;
	for (i = from; i < ws->n; i++) {
		int len = (int)strlen(ws->w[i]);
		if (e->col <= off + len || i == ws->n - 1) {
			e->arg = i;
			e->col -= off;
			return;
		}
		off += len + 1;
	}
}

/* Parse and check expression words[from..]; on success a tree with names
 * inlined (so it keeps its meaning if they change later). */
static expr_tree *expr_words(cfx_session *s, const words *ws, int from,
                             cfx_err *e)
{
	char *src = join(ws, from);
	expr_tree *t = expr_parse(src, e), *in = NULL;
	expr_value v;

	if (t && (in = expr_inline(t, cli_session_lookup, s, e))) {
		expr_value_init(&v, 64);
		/* ~ and << on the session's word, if it has one */
		if (expr_eval_word(in, NULL, NULL, 64, cli_word_n(&s->word), &v, e) < 0 &&
		    e->code != CFX_ELIMIT) {
			expr_free(in);
			in = NULL;
		}
		expr_value_clear(&v);
	}
	if (!in)
		unjoin(ws, from, e);
	expr_free(t);
	free(src);
	return in;
}

static int word_err(cfx_err *e, const words *ws, int i, const char *msg)
{
	cfx_err_set(e, CFX_EUSAGE, -1, i < ws->n ? ws->w[i] : NULL, "%s", msg);
	e->arg = i < ws->n ? i : -1;
	return -1;
}

/* A number for set: an expression within [lo, hi] (the setting's limits
 * or narrower), or "auto" (0); set bits' (r non-NULL) a word of r, in the
 * words of the word-size table (cli_word.h). */
static int set_number(cfx_session *s, const words *ws, const setting *st,
                      unsigned long long lo, unsigned long long hi,
                      const cli_word_range *r, unsigned long long *out,
                      cfx_err *e)
{
	expr_tree *t;
	unsigned long n;
	char *src;
	int rc;

	if (ws->n == 3 && !strcmp(ws->w[2], "auto")) {
		*out = 0;
		return 0;
	}
	if (ws->n < 3)
		return word_err(e, ws, 1, "needs a value (or auto)");
	if (!(t = expr_words(s, ws, 2, e))) {   /* a caret under a typo */
		/* set bits banana: an integer is what was missing, in the
		 * option's words (--bits needs an integer) */
		if (e->code == CFX_ESYNTAX && !strcmp(e->msg, "unknown name"))
			snprintf(e->msg, sizeof e->msg, "set %s needs an integer",
			         st->name);
		return -1;
	}
	expr_free(t);
	src = join(ws, 2);
	if (r) {
		rc = cli_word_parse(r, "set bits", src, &n, e);
		*out = n;
	} else if ((rc = setting_int(st, src, lo, hi, out, e)) < 0) {
		/* the option's words (cli_number), and what else set takes */
		cfx_err_set(e, CFX_EDOMAIN, -1, src, "set %s must be between %llu "
		            "and %llu, or auto", st->name, lo, hi);
	}
	free(src);
	if (rc < 0) {
		e->arg = 2;
		e->col = -1;
		return -1;
	}
	return 0;
}

/* The session's settings, "const, bits, ... or format" (last "or"), or
 * with sep before the last too. */
static void setting_names(char *out, size_t size, const char *last)
{
	const setting *st;
	size_t n = 0, i = 0;

	for (st = setting_table; st->name; st++)
		n += !!(st->flags & SETTING_SESSION);
	out[0] = '\0';
	for (st = setting_table; st->name; st++)
		if (st->flags & SETTING_SESSION) {
			snprintf(out + strlen(out), size - strlen(out), "%s%s",
			         i == 0 ? "" : i + 1 == n ? last : ", ", st->name);
			i++;
		}
}

/* set table B and set bits N checked against each other when set, as
 * the options are (--table-bits 12 is above the word size 8): a table of
 * 2^B buckets takes B of the word's N bits.  v: the value being set (0:
 * auto, never refused). */
static int table_word_check(const cfx_session *s, int id,
                            unsigned long long v, cfx_err *e)
{
	unsigned long n = cli_word_n(&s->word);

	if (!v)
		return 0;
	if (id == SETTING_TABLE && n && v > n)
		return cfx_err_set(e, CFX_EDOMAIN, -1, NULL, "set table %llu is "
		                   "above the word size %lu (set bits %lu): set "
		                   "table %lu or less, or set bits %llu or more",
		                   v, n, n, n, v);
	if (id == SETTING_BITS && s->table_bits > 0 &&
	    (unsigned long long)s->table_bits > v)
		return cfx_err_set(e, CFX_EDOMAIN, -1, NULL, "set bits %llu is "
		                   "below the table (set table %d): set table %llu "
		                   "or less (or auto) first, or set bits %d or more",
		                   v, s->table_bits, v, s->table_bits);
	return 0;
}

/* A setting's value from set's words. */
static int set_value(cfx_session *s, const words *ws, const setting *st,
                     cfx_err *e)
{
	unsigned long long v;

	switch (st->type) {
	case SETTING_EXPR: {            /* const */
		expr_tree *t;
		if (ws->n < 3)
			return word_err(e, ws, 1, "needs an expression");
		if (!(t = expr_words(s, ws, 2, e)))
			return -1;
		free(s->constant);
		s->constant = join(ws, 2);
		cli_session_set_var(s, "ans", t);
		/* a word that came with a command's constant (follow) goes with
		 * it: the new one is read on set bits' word, as a command's EXPR
		 * is, in the REPL and the dashboard alike */
		cli_word_unfollow(&s->word);
		return 0;
	}
	case SETTING_INT:
		/* set bits: a word the session's face takes (cli_word.h: one
		 * every command takes; the dashboard's words on the
		 * dashboard), refused here, the old word kept; a count
		 * above the most keys any command takes (score's KEYS_MAX;
		 * spectrum's fewer points are said by spectrum) */
		if (set_number(s, ws, st, st->lo, st->id == SETTING_COUNT ? KEYS_MAX
		               : st->hi, st->id != SETTING_BITS ? NULL :
		               cli_word_range_set(&s->word),
		               &v, e) < 0)
			return -1;
		if (table_word_check(s, st->id, v, e) < 0) {
			e->arg = 2;
			return -1;
		}
		if (st->id == SETTING_BITS) {
			cli_word_ask(&s->word, (unsigned long)v);
		} else if (st->id == SETTING_TABLE) {
			s->table_bits = (int)v;
		} else {
			assert(st->id == SETTING_COUNT);
			s->count = v;
		}
		return 0;
	case SETTING_FAMILY: {          /* keys */
		keys_spec ks;
		if (ws->n != 3)
			return word_err(e, ws, ws->n < 3 ? 1 : 3,
			                ws->n < 3 ? "needs a key family" : "one family");
		if (!strcmp(ws->w[2], "default")) {
			free(s->keys);
			s->keys = NULL;
			return 0;
		}
		if (cli_keys_parse(&ks, ws->w[2], e) < 0) {
			e->arg = 2;
			e->col = -1;
			return -1;
		}
		keys_spec_free(&ks);
		/* made as a command would make it: a file that cannot be read
		 * is said now, naming it (the dashboard's panel cut it) */
		if (cli_keys_check(ws->w[2], (unsigned)cli_word_n(&s->word), e) < 0) {
			e->arg = 2;
			return -1;
		}
		free(s->keys);
		s->keys = xstrdup(ws->w[2]);
		return 0;
	}
	case SETTING_CHOICE: {          /* format */
		char msg[80], *bar;
		if (ws->n == 3 && setting_choice(st, ws->w[2])) {
			s->json = !strcmp(ws->w[2], "json");
			return 0;
		}
		/* "format is text or json" */
		snprintf(msg, sizeof msg, "%s is %s", st->name, st->choices);
		while ((bar = strchr(msg, '|')))
			memmove(bar + 4, bar + 1, strlen(bar + 1) + 1),
			memcpy(bar, " or ", 4);
		return word_err(e, ws, ws->n < 3 ? 1 : 2, msg);
	}
	default:
		assert(0);
		return -1;
	}
}

static int do_set(cfx_session *s, const words *ws, cfx_err *e)
{
	const setting *st;
	char names[128], msg[160];

	assert(ws->n >= 2);     /* a bare set lists them: cmd_session_set */
	if (!(st = setting_find(ws->w[1]))) {
		setting_names(names, sizeof names, ", ");
		snprintf(msg, sizeof msg, "unknown setting (%s)", names);
		return word_err(e, ws, 1, msg);
	}
	return set_value(s, ws, st, e);
}

/* A setting's value as show prints it, or NULL for its default. */
static const char *shown(const cfx_session *s, setting_id id, char *buf,
                         size_t size)
{
	switch (id) {
	case SETTING_CONST:
		return s->constant;
	case SETTING_BITS:
		return cli_word_n(&s->word) ? (snprintf(buf, size, "%lu", cli_word_n(&s->word)), buf)
		       : NULL;
	case SETTING_TABLE:
		return s->table_bits ? (snprintf(buf, size, "%d", s->table_bits),
		                        buf) : NULL;
	case SETTING_KEYS:
		return s->keys;
	case SETTING_COUNT:
		return s->count ? (snprintf(buf, size, "%llu", s->count), buf)
		       : NULL;
	case SETTING_FORMAT:
		return s->json ? "json" : NULL;
	default:
		return NULL;
	}
}

#define SHOW_INDENT "        "     /* show's values' column */

static void do_show(cfx_session *s, FILE *out)
{
	const setting *st;
	cfx_var *v;
	int any = 0;

	for (st = setting_table; st->name; st++) {
		char buf[32];
		const char *val;
		if (!(st->flags & SETTING_SESSION))
			continue;
		char name[16];
		val = shown(s, st->id, buf, sizeof buf);
		/* "bits    auto": the name in 8 columns, the value filled
		 * under its own */
		snprintf(name, sizeof name, "%-7s ", st->name);
		out_fill(out, val ? val : st->dflt, out_width(), name, SHOW_INDENT,
		         " ");
	}
	for (v = s->vars; v; v = v->next) {
		mpz_t z;
		cfx_err e;
		char *t;
		mpz_init(z);
		if (expr_eval_int(v->tree, NULL, NULL, z, &e) == 0)
			gmp_asprintf(&t, "%s = %Zd (0x%Zx)", v->name, z, z);
		else
			t = xasprintf("%s = %s", v->name, v->tree->src);
		out_fill(out, t, out_width(), any++ ? SHOW_INDENT : "vars    ",
		         SHOW_INDENT, " ");
		free(t);
		mpz_clear(z);
	}
}

static int do_let(cfx_session *s, const words *ws, cfx_err *e)
{
	const char *name;
	int i, from = 3;
	expr_tree *t;

	if (ws->n < 2)
		return word_err(e, ws, 0, "let NAME = EXPR");
	name = ws->w[1];
	/* let a=5 and let a = 5 both work */
	if (!strcmp(name, "="))
		return word_err(e, ws, 1, "a name is missing before = (let a = "
		                "5)");
	if (strchr(name, '='))
		return word_err(e, ws, 1, "put spaces around = (let a = 5)");
	if (!isalpha((unsigned char)name[0]) && name[0] != '_')
		return word_err(e, ws, 1, "a name starts with a letter");
	for (i = 0; name[i]; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '_')
			return word_err(e, ws, 1, "a name has letters, digits and _");
	if (expr_builtin(name, strlen(name)) || !strcmp(name, "ans") ||
	    !strcmp(name, "xor"))       /* an operator's word */
		return word_err(e, ws, 1, "that name is taken by cfx");
	if (ws->n < 3 || strcmp(ws->w[2], "="))
		from = 2;
	if (ws->n <= from)
		return word_err(e, ws, ws->n - 1, "needs an expression");
	if (!(t = expr_words(s, ws, from, e)))
		return -1;
	if (!has_var(s, name) && count_vars(s) >= LET_MAX) {
		expr_free(t);   /* each may hold 4096 nodes: bound the session */
		cfx_err_set(e, CFX_ELIMIT, -1, name, "too many names (at most %d; "
		            "let one of them again)", LET_MAX);
		e->arg = 1;
		return -1;
	}
	cli_session_set_var(s, name, t);
	return 0;
}

/* ---- the words --------------------------------------------------------- */

static words words_of(const cli_args *a)
{
	words ws = { a->argc, a->argv };
	return ws;
}

static int usage_result(int rc)
{
	return rc < 0 ? CFX_EXIT_USAGE : CFX_EXIT_OK;
}

int cmd_session_set(cmd_ctx *c, cli_args *a)
{
	words ws = words_of(a);
	int rc;

	if (ws.n < 2) {         /* set alone: what it sets, the values */
		fprintf(c->out, "set NAME VALUE (or auto) changes one; now:\n");
		do_show(c->sess, c->out);
		return CFX_EXIT_OK;
	}
	rc = do_set(c->sess, &ws, &c->err);
	return usage_result(rc);
}

int cmd_session_let(cmd_ctx *c, cli_args *a)
{
	words ws = words_of(a);

	return usage_result(do_let(c->sess, &ws, &c->err));
}

int cmd_session_show(cmd_ctx *c, cli_args *a)
{
	words ws = words_of(a);

	if (ws.n > 1)
		return usage_result(word_err(&c->err, &ws, 1,
		                                "show takes no argument"));
	do_show(c->sess, c->out);
	return CFX_EXIT_OK;
}

int cmd_session_quit(cmd_ctx *c, cli_args *a)
{
	(void)a;
	c->sess->quit = 1;
	return CFX_EXIT_OK;
}

int cmd_session_help(cmd_ctx *c, cli_args *a)
{
	const cmd_def *d;
	const char *topic = a->argc > 1 ? a->argv[1] : NULL;

	if (!topic) {         /* a page of 24 lines; help CMD for more */
		cli_session_overview(c->out);
		return CFX_EXIT_OK;
	}
	if (a->argc > 2) {
		cfx_err_set(&c->err, CFX_EUSAGE, -1, a->argv[2],
		            "unexpected argument");
		c->err.arg = 2;
		return CFX_EXIT_USAGE;
	}
	if ((d = cli_find(topic))) {
		cli_help(d, c->out);
		return CFX_EXIT_OK;
	}
	{
		const char *near = cli_nearest(topic);
		cfx_err_set(&c->err, CFX_EUSAGE, -1, topic, "no such command");
		if (near)   /* the token as set: escaped, cut */
			snprintf(c->err.msg, sizeof c->err.msg, "no such command "
			         "(%s); did you mean %s?", c->err.token, near),
			c->err.token[0] = '\0';
		c->err.arg = 1;
	}
	return CFX_EXIT_USAGE;
}
