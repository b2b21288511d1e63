/*
 * review_uses.c - every use of a multiplier judged, for `cfx review`
 * (see review_int.h).  A #define or const used several ways ("(x * M)
 * >> 24" here, "hash_32(x * M, 10)" there) was judged at the table of
 * its last use, so a failing use could hide behind a passing one.  The
 * first use that says a word or table says it of the multiplier; a
 * later use that says another is judged on its own, as a copy of the
 * multiplier made at that use (use_copy: review_mult.use_of), and one
 * NOTE names every use (review_uses_said).  A use that says nothing new
 * leaves no copy; past REVIEW_MAX_USES a use is said not judged.
 */
#include <stdio.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* Whether uses a and b of a multiplier say the same word and table (and
 * the same hash function). */
static int same_use(const review_mult *a, const review_mult *b)
{
	return a->bits == b->bits && a->table == b->table &&
	       a->table_src == b->table_src && a->ntab == b->ntab &&
	       !memcmp(a->tabs, b->tabs, sizeof a->tabs) &&
	       !strcmp(a->hashed_by, b->hashed_by) &&
	       a->mid_bits == b->mid_bits && a->mid_shift == b->mid_shift;
}

/* A copy of multiplier k as it was before any use said its word or
 * table: its index. */
static size_t use_copy(review *r, size_t k)
{
	size_t i = review_mult_twin(r, k);
	review_mult *m = &r->mult[i];
	const review_mult *o = &r->mult[k];

	m->bits = o->base_bits;
	memcpy(m->why_bits, o->base_why, sizeof m->why_bits);
	m->table = m->ntab = 0;
	m->table_src = REVIEW_TABLE_NONE;
	m->why_table[0] = m->hashed_by[0] = m->hashed_why[0] = '\0';
	m->hashed_line = 0;
	m->hashed_word = 0;
	m->hashed_long = 0;
	m->hashed_prod[0] = m->hashed_prod[1] = 0;
	m->mid_shift = m->mid_bits = 0;
	return i;
}

void review_define_use(walk *w, size_t a, size_t b, size_t sa, size_t sb,
                       size_t k)
{
	review *r = w->r;
	review_mult *m = &r->mult[k], before;
	size_t c, j, nf = r->nfind, ncalls = w->ncalls;

	/* a first use whose shift selects no table (>> 32 of a u32): the
	 * next use's table is k's, as review_table_nothing expects */
	if (!m->nuses || m->table_src == REVIEW_TABLE_NOTHING) {
		before = *m;
		if (!m->nuses) {
			m->base_bits = m->bits;
			memcpy(m->base_why, m->why_bits, sizeof m->base_why);
		}
		review_use_of(w, a, b, k);
		if (sb > sa)
			review_use_of(w, sa, sb, k);
		if (!same_use(&before, &r->mult[k]))
			r->mult[k].nuses = 1;
		return;
	}
	c = use_copy(r, k);
	before = r->mult[c];
	review_use_of(w, a, b, c);
	if (sb > sa)
		review_use_of(w, sa, sb, c);
	m = &r->mult[k];
	/* said nothing new (the use of k, or of one of its copies), or
	 * past the uses judged: a use of k, its findings k's */
	if (same_use(&before, &r->mult[c]) || same_use(m, &r->mult[c]) ||
	    r->mult[c].table_src == REVIEW_TABLE_NOTHING)
		j = k;
	else
		for (j = k + 1; j < c; j++)
			if (r->mult[j].use_of == k &&
			    same_use(&r->mult[j], &r->mult[c]))
				break;
	if (j == c && m->nuses >= REVIEW_MAX_USES) {
		review_add(r, REVIEW_CHECK, w->file, w->v.t[a].line, k,
		           "table", "%s is used more than %d ways: the use at "
		           "line %lu is not judged", m->name, REVIEW_MAX_USES,
		           w->v.t[a].line);
		j = k;
	}
	if (j < c && w->ncalls == ncalls) {
		for (; nf < r->nfind; nf++)
			if (r->find[nf].mult == c)
				r->find[nf].mult = j;
		review_mult_free(&r->mult[c]);
		r->nmult--;
		return;
	}
	m->nuses++;
}

void review_uses_said(review *r)
{
	size_t i, k;

	for (i = 0; i < r->nmult; i++) {
		const review_mult *m = &r->mult[i];
		struct buf b = { 0 };
		unsigned n = 0;
		if (m->use_of != REVIEW_NONE || m->nuses < 2)
			continue;
		for (k = i; k < r->nmult; k++) {
			const review_mult *u = &r->mult[k];
			if (k != i && u->use_of != i)
				continue;
			n++;
			buf_printf(&b, "%s%u. %s", n > 1 ? "; " : "", n,
			           u->table_src == REVIEW_TABLE_NONE ? "no table "
			           "shown (verify's default range)" : u->why_table);
		}
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "table",
		           "%s is used %u ways, each judged on its own (the "
		           "worst verdict counts): %s", m->name, n, buf_str(&b));
		buf_free(&b);
	}
}

/* Uses of the new side's multiplier defines in statement [a, b). */
void review_define_uses(walk *w, size_t a, size_t b)
{
	size_t i, k, n = w->r->nmult;

	for (i = a; i < b; i++) {
		const char *base;
		if (w->v.t[i].type != T_IDENT || review_alias_ref(w, i))
			continue;
		/* a use of an alias is one of its constant */
		base = review_alias_base(w, w->v.t[i].s);
		for (k = 0; k < n; k++) {
			review_mult *m = &w->r->mult[k];
			size_t sa = 0, sb = 0;
			if ((m->kind == REVIEW_DEFINE || m->kind == REVIEW_DECL) &&
			    m->use_of == REVIEW_NONE &&
			    (!strcmp(m->name, w->v.t[i].s) ||
			     (base && !strcmp(m->name, base)))) {
				/* h *= NAME; return h >> 22;: the later statement
				 * that shifts what keeps the product */
				if (!review_shifted_after(w, a, b, &sa, &sb))
					sa = sb = 0;
				review_define_use(w, a, b, sa, sb, k);
			}
		}
	}
}
