/*
 * dash_keys.c - the dashboard's key bindings: one table drives both the
 * dispatch and the '?' screen.  A binding names up to four keys, the
 * modes it works in and a handler; typed characters in a line mode that
 * no binding claims go into the line.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/score.h"
#include "cfx/word.h"
#include "cli/opts.h"
#include "cli/setting.h"
#include "dash/dash_bg.h"
#include "dash/dash_ui.h"
#include "util/text.h"
#include "util/xalloc.h"

#define CTRL(c) ((c) & 0x1f)
#define ESC 27

/* A key that asks nothing of the loop beyond the state it changed. */
#define NO_ACTION ((dash_action){ .kind = DASH_ACT_NONE })


/* The view and the lines being typed: this file's own. */
struct dash_keys_state {
	dash_view v;
};

void dash_keys_init(dash *d)
{
	d->ks = xcalloc(1, sizeof *d->ks, "dashboard view");
	d->ks->v.mode = MODE_VIEW;
	d->ks->v.code_scroll = -1;
}

void dash_keys_free(dash *d)
{
	dash_view *v;
	int i;

	if (!d->ks)
		return;
	v = &d->ks->v;
	for (i = 0; i < v->cmd.nhist; i++)
		free(v->cmd.hist[i]);
	free(v->edit.orig);
	free(d->ks);
	d->ks = NULL;
}

const dash_view *dash_keys_view(const dash *d)
{
	return &d->ks->v;
}

void dash_keys_measured(dash *d, const dash_frame *f)
{
	dash_view *v = &d->ks->v;

	v->code_scroll = f->code_scroll;
	v->code_gen = dash_state_gen(d);
	v->code_top = f->code_top;
	v->help_scroll = f->help_scroll;
	v->code_rows = f->code_rows;
	v->out_rows = f->out_rows;
	v->help_rows = f->help_rows;
}
/* ---- the constant ------------------------------------------------------- */

/* The word the w key moves the constant expr, shown on n bits, to: the
 * next of 16, 32 and 64 after n, round, on which expr is a multiplier.
 * The text is read again on each (~0x61C88647 is 0x79b8 on 16 bits,
 * 0x9e3779b8 on 32): a value that only one word gives does not lock the
 * word.  0 when no other word takes it; *skipped the size passed over
 * last (0: none) and *why its reason. */
static unsigned word_next(const dash *d, const char *expr, unsigned n,
                          unsigned *skipped, cfx_err *why)
{
	static const unsigned sizes[] = { 16, 32, 64 };
	unsigned i, j;
	cfx_err e;

	*skipped = 0;
	for (i = 0; i < 3 && sizes[i] <= n; i++)
		;
	for (j = 0; j < 3; j++) {
		unsigned m = sizes[(i + j) % 3];
		if (m == n)
			continue;
		if (dash_state_word_of(d, expr, m, &e) == m)
			return m;
		*skipped = m;
		*why = e;
	}
	return 0;
}


/* The line changed: the constant follows it if it is valid, on the word
 * Enter keeps it on: the one asked for (w, :set bits), else the rule's
 * for what is typed (so the power sum, the code and its shifts are
 * never those of a word from before: 0x61C8 is on 32 bits, 0x61C8864680B
 * on 64 whatever the constant shown had).  A text no word holds (wider
 * than the largest) is refused as typed, with the reason. */
static void edit_changed(dash *d)
{
	dash_edit *ed = &d->ks->v.edit;
	cfx_err e;
	char *p;

	if (ed->line.len == 0) {
		ed->bad = 1;
		cfx_err_set(&ed->err, CFX_ESYNTAX, 0, NULL, "type a constant");
		return;
	}
	ed->bad = dash_state_set_const(d, ed->line.buf, ed->word, &e) < 0;
	if (ed->bad)
		ed->err = e;
	/* ~ and << with no word: the expression's advice is the command
	 * line's (--bits N); here the word is the w key's or :set bits'.
	 * After Esc, w moves the constant edited from: where no other word
	 * holds it (a 64-bit one), w cannot, and :set bits on its own word
	 * is what works */
	if (ed->bad && e.code == CFX_EDOMAIN && (p = strstr(ed->err.msg,
	    "needs a word size: give --bits N"))) {
		unsigned n = dash_state_word_of(d, ed->orig, ed->orig_bits, &e);
		unsigned skipped;
		char how[40];

		if (n && !word_next(d, ed->orig, n, &skipped, &e))
			snprintf(how, sizeof how, ":set bits %u", n);
		else
			snprintf(how, sizeof how, "w or :set bits N");
		snprintf(p, sizeof ed->err.msg - (size_t)(p - ed->err.msg),
		         "needs a word size: Esc, then %s", how);
	}
}

static void edit_start(dash *d, const char *text)
{
	dash_edit *ed = &d->ks->v.edit;

	free(ed->orig);
	ed->orig = xstrdup(dash_state_model(d)->expr);
	ed->orig_bits = dash_state_bits_asked(d);
	ed->orig_word = d->r.sess.word;
	/* a new constant's word: a word that came with the one shown (a
	 * digit set, :score --bits 64) is not the next one's */
	ed->word = dash_state_bits_new(d);
	dash_line_set(&ed->line, text);
	ed->bad = 0;
	ed->opened_out = 0;
	d->ks->v.mode = MODE_EDIT;
	if (!text[0])
		edit_changed(d);
}

static dash_action k_edit(dash *d, int key)
{
	(void)key;
	edit_start(d, dash_state_model(d)->expr);
	return NO_ACTION;
}

static dash_action k_new(dash *d, int key)
{
	(void)key;
	edit_start(d, "");
	return NO_ACTION;
}

static dash_action k_digit_move(dash *d, int key)
{
	int step = key == KEY_LEFT || key == 'h' ? 1 : -1;

	dash_state_select(d, dash_state_sel(d) + step);
	return NO_ACTION;
}

static dash_action k_digit_jump(dash *d, int key)
{
	const dash_model_const *c = dash_state_model(d);
	int i, step = key == KEY_SLEFT || key == 'H' ? 1 : -1;

	/* to the next non-zero digit */
	for (i = dash_state_sel(d) + step; i >= 0 && i < (int)c->bits; i += step)
		if (c->naf.d[i]) {
			dash_state_select(d, i);
			return NO_ACTION;
		}
	return NO_ACTION;
}

/* A constant a key made, refused: the option's message, and what stays */
static void refused(dash *d, const cfx_err *e)
{
	dash_out_msg(d->out, ST_ERROR, "%s; the constant stays %s", e->msg,
	             dash_state_model(d)->hex);
}

/* A digit set beside a non-zero one: p has a NAF of its own, which the
 * panels show, said in one status line (p is on the row above it: at
 * 64 bits it gives way rather than the line being cut). */
static void rewritten(dash *d, int sel, int v, const char *hex)
{
	char t[2][256];

	snprintf(t[1], sizeof t[1], "2^%d -> %c: NAF rewritten, weight %zu: no "
	         "adjacent non-zeros", sel, v > 0 ? '+' : v < 0 ? '-' : '0',
	         dash_state_model(d)->naf_weight);
	snprintf(t[0], sizeof t[0], "%.160s; p = %.80s", t[1], hex);
	dash_out_msg(d->out, ST_NORMAL, "%s", text_width(t[0], strlen(t[0])) <=
	             DASH_OUT_STATUS_W ? t[0] : t[1]);
}

static dash_action k_digit_set(dash *d, int key)
{
	const dash_model_const *c = dash_state_model(d);
	const naf_form *f = &c->naf;
	naf_form g;
	int sel = dash_state_sel(d), old = f->d[sel], v;
	unsigned bits = c->bits;
	cfx_err e;
	char *hex;
	mpz_t z;

	v = key == '+' ? 1 : key == '-' ? -1 : key == '0' ? 0
	    : old == 0 ? 1 : old > 0 ? -1 : 0;       /* space: 0 -> + -> - */
	if (v == old) {
		dash_out_msg(d->out, ST_NORMAL, "digit 2^%d is already %c", sel,
		         v > 0 ? '+' : v < 0 ? '-' : '0');
		return NO_ACTION;
	}
	naf_zero(&g, f->bits);
	memcpy(g.d, f->d, f->bits);
	g.d[sel] = (signed char)v;
	mpz_init(z);
	naf_value(&g, z);
	hex = word_hex(z, bits);
	/* the word size stays: these are digits of an n-bit word (for this
	 * constant: the next one typed follows the rule again); a refusal
	 * (0) in the option's words */
	if (dash_state_set_const_on_word(d, hex, &e) < 0)
		refused(d, &e);
	else if (!naf_is_naf(&g))
		rewritten(d, sel, v, hex);
	else
		dash_out_msg(d->out, ST_NORMAL, "2^%d -> %c: p = %s", sel,
		         v > 0 ? '+' : v < 0 ? '-' : '0', hex);
	free(hex);
	mpz_clear(z);
	naf_clear(&g);
	return NO_ACTION;
}

static dash_action k_prime(dash *d, int key)
{
	const dash_model_const *c = dash_state_model(d);
	unsigned bits = c->bits;
	mpz_t p;
	char *hex, expr[96];
	cfx_err e;
	int up = key == 'n';

	mpz_init_set_ui(p, c->p);
	hex = word_hex(p, bits);
	/* none on the word, or none at all: the option's words */
	snprintf(expr, sizeof expr, "%s(%s)", up ? "nextprime" : "prevprime",
	         hex);
	if (dash_state_set_const_on_word(d, expr, &e) < 0)   /* as a digit */
		refused(d, &e);
	free(hex);
	mpz_clear(p);
	return NO_ACTION;
}

static dash_action k_word(dash *d, int key)
{
	const dash_model_const *c = dash_state_model(d);
	unsigned need = 64 - (unsigned)__builtin_clzll(c->p), n, skipped;
	unsigned long long p = c->p;
	cfx_err e, why;

	(void)key;
	n = word_next(d, c->expr, c->bits, &skipped, &why);
	if (n && dash_state_set_const(d, c->expr, n, &e) == 0) {
		if (!skipped)
			dash_out_msg(d->out, ST_NORMAL, "n = %u", n);
		else if (need > skipped)    /* said, not passed over */
			dash_out_msg(d->out, ST_NORMAL, "n = %u (not %u: "
			             "0x%llx needs %u bits)", n, skipped, p,
			             need);
		else                        /* the text is no value there */
			dash_out_msg(d->out, ST_NORMAL, "n = %u (not %u: %s)",
			             n, skipped, why.msg);
		return NO_ACTION;
	}
	dash_out_msg(d->out, ST_ERROR, "%s needs %u bits: no other word size of 16, 32, "
	         "64 holds it", c->hex, need);
	return NO_ACTION;
}

/* ---- scoring settings ----------------------------------------------------- */

/* A limit met by a key: the option's own message (cfx score says the
 * same), then what the key leaves as it was */
static void limit_msg(dash *d, const cfx_err *e, const char *stays)
{
	dash_out_msg(d->out, ST_ERROR, "%s; %s", e->msg, stays);
}

static dash_action k_table(dash *d, int key)
{
	unsigned n = dash_state_model(d)->bits, b = dash_state_table_bits(d);
	long want = key == '>' ? (long)b + 1 : (long)b - 1;
	char stays[32];
	cfx_err e;

	snprintf(stays, sizeof stays, "b stays %u", b);
	if (score_table_check(want, n, &e) < 0) {
		limit_msg(d, &e, stays);
		return NO_ACTION;
	}
	if (want > DASH_MAX_TABLE) {   /* the dashboard's own, as :set table */
		dash_out_msg(d->out, ST_ERROR, "the dashboard draws tables of up "
		             "to 2^%d buckets; %s", DASH_MAX_TABLE, stays);
		return NO_ACTION;
	}
	b = (unsigned)want;
	dash_state_set_table(d, (int)b);
	dash_out_msg(d->out, ST_NORMAL, "b = %u: 2^%u buckets", b, b);
	return NO_ACTION;
}

static dash_action k_count(dash *d, int key)
{
	size_t k = dash_state_key_count(d);
	char stays[48];
	cfx_err e;

	snprintf(stays, sizeof stays, "the key count stays %zu", k);
	if (key == ')' && keys_count_check(2 * k, &e) < 0) {
		limit_msg(d, &e, stays);
		return NO_ACTION;
	}
	if (key == '(' && k == 1) {
		char range[80];
		opts_range_msg(range, sizeof range, setting_get(SETTING_COUNT), 1,
		               KEYS_MAX);
		dash_out_msg(d->out, ST_ERROR, "%s; %s", range, stays);
		return NO_ACTION;
	}
	k = key == ')' ? 2 * k : k / 2;
	dash_state_set_count(d, k);
	dash_out_msg(d->out, ST_NORMAL, "%zu keys", k);
	return NO_ACTION;
}

static void set_family(dash *d, const char *fam)
{
	dash_state_set_family(d, fam);
	dash_out_msg(d->out, ST_NORMAL, "keys: %s", fam);
}

static dash_action k_family(dash *d, int key)
{
	static const char *const fam[] = {
		"seq", "stride:4096", "random", "ptr:16", "high:16", "sparse:16",
		"malloc:64"
	};
	const int n = (int)(sizeof fam / sizeof fam[0]);
	const keys_family *cur = dash_state_keys(d);
	const char *name = keys_family_names[cur->kind];
	size_t len = strlen(name);
	int i;

	for (i = 0; i < n; i++)
		if (cur->ok && !strncmp(fam[i], name, len) &&
		    strcspn(fam[i], ":") == len)
			break;
	if (i == n)
		i = key == 'k' ? -1 : 0;
	i = (i + (key == 'k' ? 1 : n - 1)) % n;
	set_family(d, fam[i]);
	return NO_ACTION;
}

static dash_action k_param(dash *d, int key)
{
	const keys_family *f = dash_state_keys(d);
	keys_spec ks;
	char buf[DASH_WORK_FAMILY_MAX];
	const char *name;
	uint64_t a, s;
	int up = key == '.';

	if (!f->ok)
		return NO_ACTION;
	ks = keys_family_spec(f);
	a = ks.arg;
	s = ks.seed;
	name = keys_family_names[ks.kind];
	switch (ks.kind) {
	case KEYS_RANDOM:
		s = up ? s + 1 : s > 0 ? s - 1 : 0;
		snprintf(buf, sizeof buf, "random:%llu", (unsigned long long)s);
		break;
	case KEYS_HIGH:
	case KEYS_SPARSE:
		a = up ? (a < 64 ? a + 1 : 64) : (a > 1 ? a - 1 : 1);
		goto seeded;
	case KEYS_PTR:
		a = up ? (a < ((uint64_t)1 << 62) ? a * 2 : a) : (a > 1 ? a / 2 : 1);
	seeded:
		if (s == 1)
			snprintf(buf, sizeof buf, "%s:%llu", name, (unsigned long long)a);
		else
			snprintf(buf, sizeof buf, "%s:%llu:%llu", name,
			         (unsigned long long)a, (unsigned long long)s);
		break;
	case KEYS_SEQ:
	case KEYS_STRIDE:
	case KEYS_MALLOC: {
		uint64_t lo = ks.kind == KEYS_SEQ ? 0 : 1;
		uint64_t hi = ks.kind == KEYS_MALLOC ? (uint64_t)1 << 20
		              : (uint64_t)1 << 62;
		a = up ? (a == 0 ? 1 : a < hi ? a * 2 : a) : (a / 2 >= lo ? a / 2 : lo);
		snprintf(buf, sizeof buf, "%s:%llu", name, (unsigned long long)a);
		break;
	}
	default:
		dash_out_msg(d->out, ST_ERROR, "%s keys have no parameter to step (:set "
		         "keys ...)", name);
		return NO_ACTION;
	}
	set_family(d, buf);
	return NO_ACTION;
}

static dash_action k_points(dash *d, int key)
{
	uint64_t was = dash_state_K(d), k = was;
	char limit[80] = "";

	switch (key) {
	case ']': k++; break;
	case '[': k--; break;
	case '}': k *= 2; break;
	case '{': k /= 2; break;
	}
	/* a limit met is said (the spectrum panel's and --count's words) */
	if (k < 1) {
		k = 1;
		opts_range_msg(limit, sizeof limit, setting_get(SETTING_COUNT), 1,
		               DASH_MODEL_MAX_POINTS);
	}
	if (k > DASH_MODEL_MAX_POINTS) {
		k = DASH_MODEL_MAX_POINTS;
		snprintf(limit, sizeof limit, "at most %d points are drawn",
		         DASH_MODEL_MAX_POINTS);
	}
	if (limit[0] && k == was) {
		dash_out_msg(d->out, ST_ERROR, "%s; K stays %llu", limit,
		             (unsigned long long)k);
		return NO_ACTION;
	}
	if (limit[0])
		dash_out_msg(d->out, ST_NORMAL, "K = %llu: %s",
		             (unsigned long long)k, limit);
	dash_state_set_K(d, k);
	return NO_ACTION;
}

/* ---- views -------------------------------------------------------------- */

static dash_action k_conv(dash *d, int key)
{
	(void)key;
	d->ks->v.show_conv = !d->ks->v.show_conv;
	return NO_ACTION;
}

static dash_action k_optimal(dash *d, int key)
{
	(void)key;
	d->ks->v.code_optimal = !d->ks->v.code_optimal;
	d->ks->v.code_scroll = -1;
	return NO_ACTION;
}

/* A page of rows shown: all but one, which stays in sight for context
 * (as less and a browser keep one); 5 before a frame has measured it. */
static int page_of(int rows)
{
	return rows > 2 ? rows - 1 : rows > 0 ? 1 : 5;
}

static dash_action k_scroll(dash *d, int key)
{
	const dash_view *v = &d->ks->v;
	int page = page_of(v->mode == MODE_HELP ? v->help_rows
	                   : dash_out_is_open(d->out) ? v->out_rows : v->code_rows);
	int step = key == KEY_PPAGE ? -page : key == KEY_NPAGE ? page
	           : key == KEY_UP ? -1 : 1;

	if (d->ks->v.mode == MODE_HELP) {
		d->ks->v.help_scroll += step;
		if (d->ks->v.help_scroll < 0)
			d->ks->v.help_scroll = 0;
	} else if (dash_out_is_open(d->out)) {
		dash_out_scroll(d->out, -step);   /* counted up from the bottom */
	} else {
		int at = d->ks->v.code_gen == dash_state_gen(d) ? d->ks->v.code_scroll : -1;

		d->ks->v.code_scroll = (at < 0 ? d->ks->v.code_top : at) + step;
		if (d->ks->v.code_scroll < 0)
			d->ks->v.code_scroll = 0;
		d->ks->v.code_gen = dash_state_gen(d);
	}
	return NO_ACTION;
}

static dash_action k_out(dash *d, int key)
{
	dash_out_open(d->out, key == ESC ? 0 : !dash_out_is_open(d->out));
	return NO_ACTION;
}

static dash_action k_cmd(dash *d, int key)
{
	(void)key;
	dash_line_set(&d->ks->v.cmd.line, "");
	d->ks->v.cmd.hist_pos = d->ks->v.cmd.nhist;
	d->ks->v.mode = MODE_CMD;
	return NO_ACTION;
}

/* ? opens the keys; ? again turns to what the panels show, and back. */
static dash_action k_help(dash *d, int key)
{
	(void)key;
	d->ks->v.help_page = d->ks->v.mode == MODE_HELP ? !d->ks->v.help_page : 0;
	d->ks->v.help_scroll = 0;
	d->ks->v.mode = MODE_HELP;
	return NO_ACTION;
}

static dash_action k_redraw(dash *d, int key)
{
	(void)d;
	(void)key;
	clearok(curscr, TRUE);
	return NO_ACTION;
}

static dash_action k_suspend(dash *d, int key)
{
	(void)d;
	(void)key;
	return (dash_action){ .kind = DASH_ACT_SUSPEND };
}

/* q quits; Ctrl-C first stops a ':' command running in the background
 * (:verify), as it stops one in the foreground, and quits only when none
 * runs (it quit the dashboard with the command, status 0) */
static dash_action k_quit(dash *d, int key)
{
	if (key == CTRL('C') && d->bg && !dash_bg_done(d->bg)) {
		dash_bg_interrupt(d->bg);
		dash_out_msg(d->out, ST_NORMAL, "stopping :%s (q quits)",
		             dash_bg_line(d->bg));
		return NO_ACTION;
	}
	return (dash_action){ .kind = DASH_ACT_QUIT };
}

static dash_action k_learn_scroll(dash *d, int key)
{
	dash_learn_scroll(d, key == CTRL('D') ? 1 : -1);
	return NO_ACTION;
}

/* ---- line editing --------------------------------------------------------- */

static dash_line *line_of(dash *d)
{
	return d->ks->v.mode == MODE_EDIT ? &d->ks->v.edit.line : &d->ks->v.cmd.line;
}

static void line_changed(dash *d)
{
	if (d->ks->v.mode == MODE_EDIT)
		edit_changed(d);
}

static dash_action k_line_edit(dash *d, int key)
{
	dash_line *l = line_of(d);
	int changed = 0;

	switch (key) {
	case KEY_BACKSPACE: case 127: case CTRL('H'):
		changed = dash_line_backspace(l);
		break;
	case KEY_DC: case CTRL('D'):
		changed = dash_line_delete(l);
		break;
	case CTRL('U'):
		changed = dash_line_kill_start(l);
		break;
	case CTRL('K'):
		changed = dash_line_kill_end(l);
		break;
	case CTRL('W'):
		changed = dash_line_kill_word(l);
		break;
	}
	if (changed)
		line_changed(d);
	return NO_ACTION;
}

static dash_action k_line_move(dash *d, int key)
{
	dash_line *l = line_of(d);

	switch (key) {
	case KEY_LEFT: case CTRL('B'): dash_line_move(l, l->cur - 1); break;
	case KEY_RIGHT: case CTRL('F'): dash_line_move(l, l->cur + 1); break;
	case KEY_HOME: case CTRL('A'): dash_line_move(l, 0); break;
	case KEY_END: case CTRL('E'): dash_line_move(l, l->len); break;
	}
	return NO_ACTION;
}

/* The edit is over: the pane its refused Enter opened (the why of a bad
 * constant, gone with it) closes, and would otherwise cover the panels
 * of the constant kept; a pane open before the edit stays. */
static void edit_close_out(dash *d)
{
	if (d->ks->v.edit.opened_out)
		dash_out_open(d->out, 0);
	d->ks->v.edit.opened_out = 0;
}

static dash_action k_line_accept(dash *d, int key)
{
	(void)key;
	if (d->ks->v.mode == MODE_EDIT) {
		if (d->ks->v.edit.bad) {
			/* the typing error whole (the header may have cut it),
			 * in the pane */
			const cfx_err *er = &d->ks->v.edit.err;
			char *t = xasprintf("%s: %s%s%s%s", d->ks->v.edit.line.buf,
			                    er->msg, er->token[0] ? " (" : "",
			                    er->token, er->token[0] ? ")" : "");
			dash_out_add(d->out, t);
			free(t);
			if (!dash_out_is_open(d->out))
				d->ks->v.edit.opened_out = 1;
			dash_out_open(d->out, 1);
			dash_out_msg(d->out, ST_ERROR, "fix the constant first (the pane "
			             "says why), or Esc to go back to %s",
			             d->ks->v.edit.orig);
			return NO_ACTION;
		}
		/* a word that came with the old constant went with it */
		cli_word_unfollow(&d->r.sess.word);
		edit_close_out(d);
		d->ks->v.mode = MODE_VIEW;
		dash_out_msg(d->out, ST_NORMAL, "constant %s (n = %u)",
		             dash_state_model(d)->hex, dash_state_model(d)->bits);
		return NO_ACTION;
	}
	d->ks->v.mode = MODE_VIEW;
	/* a line of blanks is no command, as an empty one (issue 26) */
	if (strspn(d->ks->v.cmd.line.buf, " \t") ==
	    (size_t)d->ks->v.cmd.line.len)
		return NO_ACTION;
	if (d->ks->v.cmd.nhist == DASH_HIST) {
		free(d->ks->v.cmd.hist[0]);
		memmove(d->ks->v.cmd.hist, d->ks->v.cmd.hist + 1, (DASH_HIST - 1) * sizeof *d->ks->v.cmd.hist);
		d->ks->v.cmd.nhist--;
	}
	d->ks->v.cmd.hist[d->ks->v.cmd.nhist++] = xstrdup(d->ks->v.cmd.line.buf);
	return (dash_action){ .kind = DASH_ACT_RUN,
	                      .line = d->ks->v.cmd.line.buf };
}

static dash_action k_line_cancel(dash *d, int key)
{
	cfx_err e;

	(void)key;
	/* the constant and its word as they were (typing may have left the
	 * same text on a held word) */
	if (d->ks->v.mode == MODE_EDIT &&
	    (strcmp(d->ks->v.edit.orig, dash_state_model(d)->expr) ||
	     dash_state_bits_asked(d) != d->ks->v.edit.orig_bits ||
	     !cli_word_same(&d->r.sess.word, &d->ks->v.edit.orig_word))) {
		dash_state_set_const(d, d->ks->v.edit.orig, d->ks->v.edit.orig_bits, &e);
		d->r.sess.word = d->ks->v.edit.orig_word;
	}
	if (d->ks->v.mode == MODE_EDIT)
		edit_close_out(d);
	d->ks->v.mode = MODE_VIEW;
	return NO_ACTION;
}

static dash_action k_line_history(dash *d, int key)
{
	if (key == KEY_UP && d->ks->v.cmd.hist_pos > 0)
		d->ks->v.cmd.hist_pos--;
	else if (key == KEY_DOWN && d->ks->v.cmd.hist_pos < d->ks->v.cmd.nhist)
		d->ks->v.cmd.hist_pos++;
	else
		return NO_ACTION;
	dash_line_set(&d->ks->v.cmd.line,
	              d->ks->v.cmd.hist_pos < d->ks->v.cmd.nhist ? d->ks->v.cmd.hist[d->ks->v.cmd.hist_pos] : "");
	return NO_ACTION;
}

static dash_action k_line_complete(dash *d, int key)
{
	(void)d;
	(void)key;
	return (dash_action){ .kind = DASH_ACT_COMPLETE,
	                      .edit = &d->ks->v.cmd.line };
}

/* ---- the table -------------------------------------------------------------- */

#define V MODE_VIEW
#define L MODE_LINE
#define C MODE_CMD
#define H MODE_HELP
#define LN MODE_LEARN

const dash_keys_binding dash_keys_table[] = {
	{ { 'e', '\r', KEY_ENTER }, "e, Enter", "edit the constant (any "
	  "expression the CLI accepts)", "e edit", V, k_edit },
	{ { '/' }, "/", "type a new constant", "/ new", V, k_new },
	{ { ':' }, ":", "run a REPL command: :set const 0x61C88647, :sweep, "
	  ":show", ": command", V, k_cmd },
	{ { '?', KEY_F(1) }, "?, F1", "this help; ? again: what each panel shows and how "
	  "to read it", "? help", V | H, k_help },
	{ { 'q', CTRL('C') }, "q, Ctrl-C", "quit (the terminal is restored)", "q quit",
	  V, k_quit },
	{ { KEY_LEFT, KEY_RIGHT, 'h', 'l' }, "Left Right", "select a NAF digit",
	  "Left/Right digit", V, k_digit_move },
	{ { '+', '0', '-', ' ' }, "+ 0 - Space", "set the selected digit (Space: "
	  "0 -> + -> -)", "+0- set", V, k_digit_set },
	{ { KEY_SLEFT, KEY_SRIGHT, 'H', 'L' }, "H L", "select the next non-zero "
	  "digit", NULL, V, k_digit_jump },
	{ { 'n', 'p' }, "n p", "next / previous prime", "n/p prime", V, k_prime },
	{ { 'w' }, "w", "word size n: 16, 32, 64", "w n", V, k_word },
	{ { '<', '>' }, "< >", "table bits b", "</> b", V, k_table },
	{ { '(', ')' }, "( )", "key count / 2, * 2", "(/) keys", V, k_count },
	{ { 'k', 'K' }, "k K", "next / previous key family", "k family", V,
	  k_family },
	{ { ',', '.' }, ", .", "key family parameter down / up (stride, bits, "
	  "seed)", ",/. param", V, k_param },
	{ { '[', ']' }, "[ ]", "spectrum points K - 1, + 1", "[/] K", V,
	  k_points },
	{ { '{', '}' }, "{ }", "spectrum points K / 2, * 2", NULL, V, k_points },
	{ { 'c' }, "c", "show / hide the convergents", "c conv", V, k_conv },
	{ { 's' }, "s", "shift/add code: the NAF's or the fewest adders "
	  "(shifts --optimal)", "s NAF/opt", V, k_optimal },
	{ { KEY_PPAGE, KEY_NPAGE, KEY_UP, KEY_DOWN }, "PgUp PgDn Up Down",
	  "scroll the code (or the output pane, or this help) by a page, a row",
	  NULL, V | H,
	  k_scroll },
	{ { 'o', ESC }, "o, Esc", "show / hide the output of : commands (its title names panels it "
	  "covers)",
	  "o output", V, k_out },
	{ { CTRL('L') }, "Ctrl-L", "redraw the screen", NULL, V | L, k_redraw },
	{ { CTRL('Z') }, "Ctrl-Z", "suspend to the shell (fg resumes, as it "
	  "was)", NULL, V | L | H, k_suspend },

	{ { '\r', '\n', KEY_ENTER }, "Enter", "keep the constant / run the "
	  "command", "Enter keep", L, k_line_accept },
	{ { ESC, CTRL('C'), CTRL('G') }, "Esc", "cancel (the constant goes back)",
	  "Esc undo", L, k_line_cancel },
	{ { KEY_LEFT, KEY_RIGHT, KEY_HOME, KEY_END }, "Left Right Home End",
	  "move (also Ctrl-B Ctrl-F Ctrl-A Ctrl-E)", NULL, L, k_line_move },
	{ { CTRL('B'), CTRL('F'), CTRL('A'), CTRL('E') }, NULL, NULL, NULL, L,
	  k_line_move },
	{ { KEY_BACKSPACE, 127, CTRL('H'), KEY_DC }, "Backspace Del",
	  "delete a character", NULL, L, k_line_edit },
	{ { CTRL('D') }, NULL, NULL, NULL, L, k_line_edit },
	{ { CTRL('U'), CTRL('K'), CTRL('W') }, "Ctrl-U Ctrl-K Ctrl-W",
	  "delete to the start, to the end, a word", "Ctrl-U clear", L,
	  k_line_edit },
	{ { '\t' }, "Tab", "complete a command, setting or key family", NULL, C,
	  k_line_complete },
	{ { KEY_UP, KEY_DOWN }, "Up Down", "earlier commands", NULL, C,
	  k_line_history },
	{ { 0 }, "other characters", "go into the line; the panels follow a "
	  "valid constant", NULL, L, NULL },

	{ { 0 }, ":learn, :learn N", "list the lessons; start or resume lesson "
	  "N (number or name) in the pane; also cfx dash --learn N", NULL, LN,
	  NULL },
	{ { 0 }, ":hint :skip :back", "lesson words: the next hint, skip the "
	  "step, the step before; :solution shows the answer, :reset starts "
	  "over, :quit leaves the lesson", NULL, LN, NULL },
	{ { 0 }, ":answer X, :X", "answer the step's question", NULL, LN, NULL },
	{ { 0 }, "keys, : commands", "are your moves: a command's constant, "
	  "--bits, --keys, --table-bits and --count move the panels, and after "
	  "each change the step is checked against what the panels show", NULL,
	  LN, NULL },
	{ { CTRL('D'), CTRL('U') }, "Ctrl-D Ctrl-U", "scroll the lesson's text",
	  NULL, LN, k_learn_scroll },

	{ { 0 }, "any other key", "closes this help", NULL, H, NULL },
	{ { 0 }, NULL, NULL, NULL, 0, NULL }
};

#undef V
#undef L
#undef C
#undef H
#undef LN

static int matches(const dash_keys_binding *b, int key, int is_char)
{
	int i;

	/* characters are ASCII in the table, KEY_ codes are >= 0400 */
	if (is_char ? key >= 0x100 : key < 0x100)
		return 0;
	for (i = 0; i < 4 && b->keys[i]; i++)
		if (b->keys[i] == key)
			return 1;
	return 0;
}

static dash_action dispatch(dash *d, int key, int is_char)
{
	const dash_keys_binding *b;
	unsigned modes = (unsigned)d->ks->v.mode;

	/* an open lesson pane adds its keys to the dashboard's */
	if (d->ks->v.mode == MODE_VIEW && dash_learn_open(d))
		modes |= MODE_LEARN;
	dash_out_msg_clear(d->out);   /* a new key, a new message */
	for (b = dash_keys_table; b->name || b->fn; b++)
		if (b->fn && (b->modes & modes) && matches(b, key, is_char)) {
			return b->fn(d, key);
		}
	if ((d->ks->v.mode & MODE_LINE) && is_char && key >= 0x20 && key < 0x7f) {
		if (dash_line_insert(line_of(d), key))
			line_changed(d);
	} else if (d->ks->v.mode == MODE_HELP) {
		d->ks->v.mode = MODE_VIEW;
	} else if (d->ks->v.mode == MODE_VIEW) {
		dash_out_msg(d->out, ST_ERROR, "%s does nothing here: ? lists the keys",
		         is_char ? unctrl((chtype)key) : keyname(key));
	}
	return NO_ACTION;
}

dash_action dash_keys_handle(dash *d, int k, int is_char)
{
	/* the next frame uses the new size, drawn whole: a terminal that
	 * reflows its rows on a resize (the line being typed at the bottom
	 * wrapped onto two) holds other text than curses thinks it does */
	if (!is_char && k == KEY_RESIZE) {
		clearok(curscr, TRUE);
		return NO_ACTION;
	}
	return dispatch(d, k, is_char);
}
