/*
 * dash_state.c - the dashboard's shared state below its faces: the
 * settings as the session and the model give them, the status line, the
 * output pane's lines, the constant, and the work submitted for them.
 * Every other dashboard file may call these; they call none of them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/keys.h"
#include "dash/dash_ui.h"
#include "util/text.h"
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

void dash_state_msg(dash *d, int style, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	d->msg_style = style;
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
				dash_state_msg(d, ST_ERROR, "not shown: %s%s%s%s; the dashboard "
				         "keeps %s", e.msg, e.token[0] ? " (" : "", e.token,
				         e.token[0] ? ")" : "", d->c.hex);
		}
		free(want);
	}
	if (s->table_bits > DASH_MAX_TABLE)
		dash_state_msg(d, ST_ERROR, "the dashboard draws tables of up to 2^%d "
		         "buckets; showing 2^%u", DASH_MAX_TABLE, dash_state_table_bits(d));
	else if (s->table_bits > (int)d->c.bits)
		dash_state_msg(d, ST_ERROR, "table bits %d are more than n = %u: showing "
		         "2^%u buckets", s->table_bits, d->c.bits, dash_state_table_bits(d));
}

/* ---- the output pane ---------------------------------------------------- */

int dash_state_out_add(dash *d, const char *text)
{
	const char *p = text;
	int added = 0;

	while (*p) {
		const char *next;
		size_t len = text_line(p, &next), i, k = 0;
		char *line = xmalloc(len * 4 + 1, "output line");

		for (i = 0; i < len; i++) {     /* tabs to 4 columns */
			if (p[i] == '\t') {
				do
					line[k++] = ' ';
				while (k % 4);
			} else if ((unsigned char)p[i] >= 0x20 || p[i] < 0) {
				line[k++] = p[i];
			}
		}
		line[k] = '\0';
		if (d->out.n == DASH_OUT_LINES) {
			free(d->out.line[0]);
			memmove(d->out.line, d->out.line + 1, (DASH_OUT_LINES - 1) * sizeof *d->out.line);
			d->out.n--;
		}
		if (!d->out.line)
			d->out.line = xcalloc(DASH_OUT_LINES, sizeof *d->out.line,
			                 "output lines");
		d->out.line[d->out.n++] = line;
		added++;
		p = next;
	}
	return added;
}

void dash_state_out_open(dash *d, int open)
{
	d->out.open = open;
	d->out.scroll = 0;
}

void dash_state_out_newest(dash *d)
{
	d->out.scroll = 0;
}

void dash_state_out_free(dash *d)
{
	int i;

	for (i = 0; i < d->out.n; i++)
		free(d->out.line[i]);
	free(d->out.line);
	d->out.line = NULL;
	d->out.n = 0;
}

