/*
 * dash_state.c - the dashboard's constant and its results, below its
 * faces: the settings as the session and the model give them, the
 * constant, the selected digit and K, and the worker's results for them.
 * The state is this file's own (struct dash_state); the others change it
 * through these functions and read it through the const ones.  Every
 * other dashboard file may call these; they call none of them.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "cfx/score.h"
#include "dash/dash_ui.h"
#include "util/xalloc.h"

struct dash_state {
	dash_model_const c;         /* the last good constant */
	unsigned long bits_asked;   /* the session's word (cli_word.n) it
	                             * was made on: a ':' command that
	                             * changes that word is seen by it */
	unsigned long gen;          /* bumped by every new constant */
	dash_model_spec spec;
	dash_model_spec past[DASH_PAST];    /* K - 1, K - 2, ...: made by
	                                     * the update (past_update) */
	int past_want;              /* how many the spectrum panel had room
	                             * for (the frames' most) */
	uint64_t K;                 /* spectrum points */
	int sel;                    /* selected NAF digit (exponent) */
	int sel_want;               /* the one asked for (n may be smaller) */
	dash_scoring work;          /* the work for the settings shown */
	keys_family fam;            /* the session's key family, parsed */
};

/* Parse the session's key family when its text changed (the keys, :set
 * keys, a command's own --keys): the one parse every reader shares. */
static void family_sync(dash *d)
{
	const char *t = dash_state_family(d);

	if (d->st && (!d->st->fam.text[0] || strcmp(d->st->fam.text, t)))
		keys_family_set(&d->st->fam, t, NULL);
}

/* ---- start and end ------------------------------------------------------ */

int dash_state_init(dash *d, const char *expr, unsigned long bits,
                    uint64_t K, cfx_err *err)
{
	d->st = xcalloc(1, sizeof *d->st, "dashboard state");
	d->st->K = K;
	d->st->sel_want = 63;
	family_sync(d);
	if (dash_state_set_const(d, expr, bits, err) < 0) {
		free(d->st);
		d->st = NULL;
		return -1;
	}
	d->st->sel = d->st->sel_want = (int)d->st->c.bits - 1;
	cli_word_face(&d->r.sess.word, "dash"); /* set bits: the words shown */
	cli_word_ask(&d->r.sess.word, bits);     /* --bits is set bits */
	/* a : command's own constant and settings move the panels (a lesson
	 * step's `score 0x9e370001 --keys stride:4096` shows there) */
	d->r.sess.follow = 1;
	return 0;
}

int dash_state_work_start(dash *d, int wake_fd)
{
	if (!(d->st->work.w = dash_work_start(wake_fd)))
		return -1;
	dash_state_resubmit(d);
	return 0;
}

void dash_state_free(dash *d)
{
	dash_state *st = d->st;
	int i;

	if (!st)
		return;
	if (st->work.w)
		dash_work_stop(st->work.w);
	dash_work_score_free(st->work.score);
	dash_model_spec_free(&st->spec);
	for (i = 0; i < DASH_PAST; i++)
		dash_model_spec_free(&st->past[i]);
	dash_model_const_free(&st->c);
	free(st);
	d->st = NULL;
}

/* ---- what the others read ----------------------------------------------- */

const dash_model_spec *dash_state_spec_past(const dash *d, unsigned i)
{
	const dash_state *st = d->st;
	const dash_model_spec *s;

	if (i < 1 || i > DASH_PAST || i >= st->K)
		return NULL;
	s = &st->past[i - 1];
	/* made by the last update for this constant and K, or not at all */
	return s->computed && s->p == st->c.p && s->bits == st->c.bits &&
	       s->count == st->K - i ? s : NULL;
}

const dash_model_const *dash_state_model(const dash *d)
{
	return &d->st->c;
}

unsigned long dash_state_bits_asked(const dash *d)
{
	return d->st->bits_asked;
}

unsigned long dash_state_gen(const dash *d)
{
	return d->st->gen;
}

const dash_model_spec *dash_state_spec(const dash *d)
{
	return &d->st->spec;
}

uint64_t dash_state_K(const dash *d)
{
	return d->st->K;
}

int dash_state_sel(const dash *d)
{
	return d->st->sel;
}

const dash_scoring *dash_state_scoring(const dash *d)
{
	return &d->st->work;
}

/* ---- settings --------------------------------------------------------- */


unsigned dash_state_table_bits(const dash *d)
{
	unsigned n = d->st->c.bits, b;

	b = d->r.sess.table_bits > 0 ? (unsigned)d->r.sess.table_bits
	    : score_default_table(n);
	if (b > n)
		b = n;
	if (b > DASH_MAX_TABLE)
		b = DASH_MAX_TABLE;
	return b ? b : 1;
}

size_t dash_state_key_count(const dash *d)
{
	unsigned long long k = d->r.sess.count;
	const keys_family *f = &d->st->fam;

	if (!k) {
		/* each family's own default: 4 a bucket, never wrapping the word */
		k = 4ULL << dash_state_table_bits(d);
		if (f->ok) {
			keys_spec ks = keys_family_spec(f);
			if (keys_generated(&ks))
				k = score_default_count(dash_state_table_bits(d),
				                        keys_space_bits(&ks, d->st->c.bits));
		}
	}
	return k > KEYS_MAX ? KEYS_MAX : (size_t)k;
}

unsigned dash_state_bits(const dash *d)
{
	return d->st->c.bits;
}

const char *dash_state_family(const dash *d)
{
	return d->r.sess.keys ? d->r.sess.keys : "seq";
}

const keys_family *dash_state_keys(const dash *d)
{
	return &d->st->fam;
}

/* The spectra of the rows above K's, as many as a frame had room for
 * (dash_model_spec_update recomputes only what changed): the update's,
 * so that the drawing only reads them.  Returns how many are made. */
static int past_update(dash_state *st)
{
	int n = st->past_want, i;

	if (n > DASH_PAST)
		n = DASH_PAST;
	if ((uint64_t)n >= st->K)
		n = (int)st->K - 1;
	if (st->K > DASH_PAST_K || n < 0)
		n = 0;
	for (i = 1; i <= n; i++)
		dash_model_spec_update(&st->past[i - 1], st->c.p, st->c.bits,
		                       st->K - (uint64_t)i);
	return n;
}

int dash_state_spec_measured(dash *d, int rows)
{
	dash_state *st = d->st;
	int before;

	if (rows <= st->past_want)
		return 0;
	before = past_update(st);
	st->past_want = rows;
	return past_update(st) > before;
}

void dash_state_resubmit(dash *d)
{
	dash_state *st = d->st;
	dash_work_params p;
	unsigned b;

	family_sync(d);
	b = dash_state_table_bits(d);
	dash_model_spec_update(&st->spec, st->c.p, st->c.bits, st->K);
	past_update(st);
	memset(&p, 0, sizeof p);
	p.p = st->c.p;
	p.bits = st->c.bits;
	p.b = b;
	p.fam = st->fam;
	p.count = dash_state_key_count(d);
	p.sweep_b = b < 12 ? b : 12;
	p.sweep_count = (size_t)4 << p.sweep_b;
	if (st->work.gen && !memcmp(&p, &st->work.par, sizeof p))
		return;
	st->work.par = p;
	st->work.gen = dash_work_submit(st->work.w, &p);
}

/* expr as the dashboard's constant (dash_model_const_eval); one wider
 * than its words says which it takes, as the CLI's word rule does
 * ("multiplier wider than 64 bits: the dashboard takes 1..64") */
static int const_eval(const dash *d, dash_model_const *c, const char *expr,
                      unsigned long bits, cfx_err *err)
{
	static const char wide[] = "multiplier wider than ";
	const cli_word_range *r = cli_word_range_of("dash");
	size_t n;

	if (dash_model_const_eval(c, expr, bits, cli_session_lookup,
	                          (void *)&d->r.sess, err) == 0)
		return 0;
	n = strlen(err->msg);
	if (r && err->code == CFX_EDOMAIN &&
	    !strncmp(err->msg, wide, sizeof wide - 1))
		snprintf(err->msg + n, sizeof err->msg - n, ": %s %s %lu..%lu",
		         r->says, r->plural ? "take" : "takes", r->lo, r->hi);
	return -1;
}

unsigned dash_state_word_of(const dash *d, const char *expr,
                            unsigned long bits, cfx_err *err)
{
	dash_model_const c;
	unsigned n;

	if (const_eval(d, &c, expr, bits, err) < 0)
		return 0;
	n = c.bits;
	dash_model_const_free(&c);
	return n;
}

int dash_state_set_const(dash *d, const char *expr, unsigned long bits,
                   cfx_err *err)
{
	dash_model_const nc;
	char *text;

	if (const_eval(d, &nc, expr, bits, err) < 0)
		return -1;
	/* expr may be the old model's own text: copy before freeing it */
	text = xstrdup(nc.expr);
	dash_state *st = d->st;

	dash_model_const_free(&st->c);
	st->c = nc;
	st->bits_asked = bits;
	st->gen++;
	free(d->r.sess.constant);
	d->r.sess.constant = text;
	cli_word_keep(&d->r.sess.word, bits);
	st->sel = st->sel_want < (int)st->c.bits ? st->sel_want
	          : (int)st->c.bits - 1;
	return 0;
}

int dash_state_set_const_on_word(dash *d, const char *expr, cfx_err *err)
{
	cli_word_from from = cli_word_source(&d->r.sess.word);
	unsigned long n = d->st->c.bits;
	int rule;

	if (from == CLI_WORD_ASKED)
		return dash_state_set_const(d, expr, n, err);
	/* where the rule gives n too, the word stays the rule's */
	rule = dash_state_word_of(d, expr, 0, err) == n;
	if (dash_state_set_const(d, expr, rule ? 0 : n, err) < 0)
		return -1;
	if (!rule)
		cli_word_follow(&d->r.sess.word, n);
	return 0;
}

unsigned long dash_state_bits_new(const dash *d)
{
	return cli_word_for(&d->r.sess.word, 1);
}

void dash_state_apply_session(dash *d)
{
	cfx_session *s = &d->r.sess;
	cfx_err e;

	family_sync(d);
	if (!s->constant || strcmp(s->constant, d->st->c.expr) ||
	    cli_word_n(&s->word) != d->st->bits_asked) {
		char *want = s->constant ? xstrdup(s->constant) : NULL;
		unsigned long bits = cli_word_n(&s->word);

		/* a command's own --bits the dashboard cannot show (set bits
		 * refuses them): the table's words */
		if (!want || cli_word_check(cli_word_range_of("dash"), bits ? bits
		                            : 1, "--bits", NULL, &e) < 0 ||
		    dash_state_set_const(d, want, bits, &e) < 0) {
			/* refused in the option's words; what the panels keep */
			int same = want && !strcmp(want, d->st->c.expr);
			char keeps[64];
			free(s->constant);
			s->constant = xstrdup(d->st->c.expr);
			cli_word_keep(&s->word, d->st->bits_asked);
			if (same)
				snprintf(keeps, sizeof keeps, "n stays %u", d->st->c.bits);
			else
				snprintf(keeps, sizeof keeps, "the constant stays %s",
				         d->st->c.hex);
			if (want)
				dash_out_msg(d->out, ST_ERROR, "%s%s%s%s; %s", e.msg,
				             e.token[0] ? " (" : "", e.token,
				             e.token[0] ? ")" : "", keeps);
		}
		free(want);
	}
	/* above what the dashboard draws: capped, and it says so (the
	 * setting keeps its value, the one of the options) */
	if (s->table_bits > DASH_MAX_TABLE)
		dash_out_msg(d->out, ST_ERROR, "the dashboard draws tables of up to 2^%d "
		         "buckets; showing 2^%u", DASH_MAX_TABLE, dash_state_table_bits(d));
	else if (s->table_bits &&
	         score_table_check(s->table_bits, d->st->c.bits, &e) < 0)
		dash_out_msg(d->out, ST_ERROR, "%s; showing 2^%u buckets", e.msg,
		             dash_state_table_bits(d));
}

/* ---- what the keys change ------------------------------------------------- */

void dash_state_select(dash *d, int sel)
{
	dash_state *st = d->st;

	if (sel < 0)
		sel = 0;
	if (sel >= (int)st->c.bits)
		sel = (int)st->c.bits - 1;
	st->sel = st->sel_want = sel;
}

void dash_state_set_K(dash *d, uint64_t K)
{
	assert(K >= 1);
	d->st->K = K;
}

void dash_state_set_table(dash *d, int b)
{
	d->r.sess.table_bits = b;
}

void dash_state_set_count(dash *d, unsigned long long k)
{
	d->r.sess.count = k;
}

void dash_state_set_family(dash *d, const char *family)
{
	free(d->r.sess.keys);
	d->r.sess.keys = xstrdup(family);
	family_sync(d);
}

void dash_state_set_keys(dash *d, const keys_family *f)
{
	free(d->r.sess.keys);
	d->r.sess.keys = xstrdup(f->text);
	d->st->fam = *f;            /* the same text: family_sync keeps it */
}

void dash_state_optimal(dash *d)
{
	dash_model_const_optimal(&d->st->c);
}

/* ---- the worker's results ------------------------------------------------ */

int dash_state_take(dash *d)
{
	dash_scoring *w = &d->st->work;
	dash_work_score *s = dash_work_take(w->w);
	dash_work_sweep sw;
	dash_work_status ws;
	int got = 0;

	if (s) {
		dash_work_score_free(w->score);
		w->score = s;
		got |= DASH_STATE_SCORE;
	}
	dash_work_sweep_get(w->w, &sw);
	if (memcmp(&sw, &w->sweep, sizeof sw)) {
		w->sweep = sw;
		got |= DASH_STATE_OTHER;
	}
	dash_work_status_get(w->w, &ws);
	if (memcmp(&ws, &w->st, sizeof ws)) {
		w->st = ws;
		got |= DASH_STATE_OTHER;
	}
	return got;
}

void dash_state_wait(dash *d, int ms)
{
	dash_work_wait(d->st->work.w, d->st->work.gen, ms);
}
