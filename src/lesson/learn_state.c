/*
 * learn_state.c - what the engine's files share of a lesson being played
 * (learn_int.h): the learner's feedback, the step's runs (cached for the
 * lesson), the session's settings as a check reads them (state.NAME) and
 * the results the session made since the step began.  Below learn.c and
 * learn_settings.c, which both call it.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "cfx/constant.h"
#include "cli/cli.h"
#include "lesson/learn.h"
#include "lesson/learn_int.h"
#include "util/buf.h"

void learn_fb_add(learn *L, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&L->fb, fmt, ap);
	va_end(ap);
}

json_t *learn_run_step(void *ctx, const char *line, cfx_err *err)
{
	learn *L = ctx;

	return learn_run_cached(L->cache, L->path, line, err);
}

/* The session's settings as JSON, for state.NAME. */
json_t *learn_state_json(const cfx_session *s)
{
	json_t *o = json_object(), *c = json_null();

	if (s->constant) {
		cfx_err e;
		mpz_t z;
		mpz_init(z);
		if (constant_value(s->constant, cli_session_lookup, (void *)s, z,
		                   &e) == 0) {
			char *d = mpz_get_str(NULL, 10, z);
			c = json_string(d);
			free(d);
		} else {
			c = json_string(s->constant);
		}
		mpz_clear(z);
	}
	json_object_set_new(o, "const", c);
	json_object_set_new(o, "bits", cli_word_n(&s->word) ? json_integer((json_int_t)cli_word_n(&s->word))
	                    : json_null());
	json_object_set_new(o, "table", s->table_bits ?
	                    json_integer(s->table_bits) : json_null());
	json_object_set_new(o, "keys", learn_keys_value(s->keys));
	json_object_set_new(o, "count", s->count ?
	                    json_integer((json_int_t)s->count) : json_null());
	json_object_set_new(o, "format", json_string(s->json ? "json" : "text"));
	return o;
}

/* Results the session made since the step began. */
json_t *learn_results_fresh(const learn *L)
{
	json_t *f = json_object(), *v;
	const char *k;

	if (L->sess->results)
		json_object_foreach(L->sess->results, k, v)
			if (!L->base || json_object_get(L->base, k) != v)
				json_object_set(f, k, v);
	return f;
}
