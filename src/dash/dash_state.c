/*
 * dash_state.c - the dashboard's shared state below its faces: the
 * settings as the session and the model give them, the constant, and the
 * work submitted for them.
 * Every other dashboard file may call these; they call none of them.
 */
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "dash/dash_ui.h"
#include "util/xalloc.h"

/* ---- settings --------------------------------------------------------- */


unsigned dash_state_table_bits(const dash *d)
{
	unsigned n = d->c.bits, b;

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
	keys_spec ks;
	cfx_err e;

	if (!k) {
		/* each family's own default: 4 a bucket, never wrapping the word */
		k = 4ULL << dash_state_table_bits(d);
		if (keys_parse(&ks, dash_state_family(d), &e) == 0) {
			if (keys_generated(&ks))
				k = score_default_count(dash_state_table_bits(d),
				                        keys_space_bits(&ks, d->c.bits));
			keys_spec_free(&ks);
		}
	}
	return k > KEYS_MAX ? KEYS_MAX : (size_t)k;
}

const char *dash_state_family(const dash *d)
{
	return d->r.sess.keys ? d->r.sess.keys : "seq";
}

void dash_state_resubmit(dash *d)
{
	dash_work_params p;
	unsigned b = dash_state_table_bits(d);

	dash_model_spec_update(&d->spec, d->c.p, d->c.bits, d->K);
	memset(&p, 0, sizeof p);
	p.p = d->c.p;
	p.bits = d->c.bits;
	p.b = b;
	snprintf(p.family, sizeof p.family, "%s", dash_state_family(d));
	p.count = dash_state_key_count(d);
	p.sweep_b = b < 12 ? b : 12;
	p.sweep_count = (size_t)4 << p.sweep_b;
	if (d->work.gen && !memcmp(&p, &d->work.par, sizeof p))
		return;
	d->work.par = p;
	d->work.gen = dash_work_submit(d->work.w, &p);
}

int dash_state_set_const(dash *d, const char *expr, unsigned long bits,
                   cfx_err *err)
{
	dash_model_const nc;
	char *text;

	if (dash_model_const_eval(&nc, expr, bits, cli_session_lookup, &d->r.sess, err) < 0)
		return -1;
	/* expr may be the old model's own text: copy before freeing it */
	text = xstrdup(nc.expr);
	dash_model_const_free(&d->c);
	d->c = nc;
	d->c_bits_asked = bits;
	free(d->r.sess.constant);
	d->r.sess.constant = text;
	d->r.sess.bits = bits;
	d->sel = d->sel_want < (int)d->c.bits ? d->sel_want : (int)d->c.bits - 1;
	d->code_scroll = -1;
	return 0;
}

void dash_state_apply_session(dash *d)
{
	cfx_session *s = &d->r.sess;
	cfx_err e;

	if (!s->constant || strcmp(s->constant, d->c.expr) ||
	    s->bits != d->c_bits_asked) {
		char *want = s->constant ? strdup(s->constant) : NULL;
		unsigned long bits = s->bits;

		if (!want || dash_state_set_const(d, want, bits, &e) < 0) {
			free(s->constant);
			s->constant = xstrdup(d->c.expr);
			s->bits = d->c_bits_asked;
			if (want)
				dash_out_msg(d->out, ST_ERROR, "not shown: %s%s%s%s; the dashboard "
				         "keeps %s", e.msg, e.token[0] ? " (" : "", e.token,
				         e.token[0] ? ")" : "", d->c.hex);
		}
		free(want);
	}
	if (s->table_bits > DASH_MAX_TABLE)
		dash_out_msg(d->out, ST_ERROR, "the dashboard draws tables of up to 2^%d "
		         "buckets; showing 2^%u", DASH_MAX_TABLE, dash_state_table_bits(d));
	else if (s->table_bits > (int)d->c.bits)
		dash_out_msg(d->out, ST_ERROR, "table bits %d are more than n = %u: showing "
		         "2^%u buckets", s->table_bits, d->c.bits, dash_state_table_bits(d));
}
