/*
 * review_mult.c - a review's multipliers as records: made, copied and
 * freed (see review_int.h).  The bottom of the review files: it calls
 * none of them, so that each may make or copy a multiplier (a use's own
 * copy in review_uses.c, the 32-bit long's product in review_hashed.c)
 * without a circle.
 */
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"
#include "util/xalloc.h"

size_t review_mult_new(review *r, review_kind k, size_t file,
                       unsigned long line, const char *name,
                       const char *text)
{
	review_mult *m;

	XGROW(r->mult, r->capm, r->nmult + 1, "review multipliers");
	m = &r->mult[r->nmult];
	memset(m, 0, sizeof *m);
	m->kind = k;
	m->file = file;
	m->line = m->last = line;
	m->name = xstrdup(name);
	m->text = xstrdup(text);
	mpz_init(m->p);
	mpz_init(m->old);
	mpz_init(m->claim);
	mpz_init(m->own);
	m->same_as = REVIEW_NONE;
	m->old_file = REVIEW_NONE;
	m->shift = -1;
	m->verify = 1;
	m->use_of = REVIEW_NONE;
	return r->nmult++;
}

void review_mult_free(review_mult *m)
{
	free(m->name);
	free(m->text);
	free(m->old_text);
	free(m->input);
	free(m->code);
	free(m->decls);
	mpz_clear(m->p);
	mpz_clear(m->old);
	mpz_clear(m->claim);
	mpz_clear(m->own);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

size_t review_mult_twin(review *r, size_t k)
{
	size_t i = review_mult_new(r, r->mult[k].kind, r->mult[k].file,
	                           r->mult[k].line, r->mult[k].name,
	                           r->mult[k].text);
	review_mult *m = &r->mult[i];
	const review_mult *o = &r->mult[k];
	char *name = m->name, *text = m->text;
	mpz_t p, old, claim, own;

	memcpy(p, m->p, sizeof p);
	memcpy(old, m->old, sizeof old);
	memcpy(claim, m->claim, sizeof claim);
	memcpy(own, m->own, sizeof own);
	*m = *o;
	m->name = name;
	m->text = text;
	memcpy(m->p, p, sizeof p);
	memcpy(m->old, old, sizeof old);
	memcpy(m->claim, claim, sizeof claim);
	memcpy(m->own, own, sizeof own);
	mpz_set(m->p, o->p);
	mpz_set(m->old, o->old);
	mpz_set(m->claim, o->claim);
	mpz_set(m->own, o->own);
	m->old_text = dup_or_null(o->old_text);
	m->input = dup_or_null(o->input);
	m->code = dup_or_null(o->code);
	m->decls = dup_or_null(o->decls);
	m->use_of = k;
	m->nuses = 0;
	return i;
}
