/*
 * review_replaced.c - the constant a multiplier replaces, for `cfx
 * review` (see review_int.h): the old side's define of its name (in a
 * series, the earlier patch that added it), the literal of a removed
 * line of its hunk, a const declaration's removed initialiser, and,
 * for a define other names alias (review_alias.c), the value an alias's
 * removed define or declaration had.  Split from review_find.c, whose
 * mult_constant calls it.
 */
#include <ctype.h>
#include <string.h>

#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* m replaces the value z (cleared here), written num on line: its old
 * value, for the "replaces" comparison. */
static void set_old(review_mult *m, mpz_t z, const char *num,
                    unsigned long line)
{
	m->has_old = 1;
	mpz_set(m->old, z);
	m->old_line = line;
	m->old_text = xstrdup(num);
	mpz_clear(z);
}

/* The literal a new literal product replaces: the first "* LITERAL"
 * (at least 2^8) on a removed line of the same hunk. */
void review_literal_replaced(walk *w, review_mult *m)
{
	const patch *pt = w->pt;
	size_t li, hunk = (size_t)-1, from, to;

	review_file_lines(pt, m->file, &from, &to);
	for (li = from; li < to; li++)
		if (pt->line[li].type == '+' && pt->line[li].no == m->line)
			hunk = pt->line[li].hunk;
	for (li = from; li < to && hunk != (size_t)-1; li++) {
		const patch_line *pl = &pt->line[li];
		const char *s = pl->text;
		if (pl->type != '-' || pl->hunk != hunk || pl->file != m->file)
			continue;
		while ((s = strchr(s, '*'))) {
			size_t n;
			char num[40];
			mpz_t z;
			int sl;
			s++;
			while (*s == ' ' || *s == '(')
				s++;
			for (n = 0; isalnum((unsigned char)s[n]); n++)
				;
			if (!n || n >= sizeof num || !isdigit((unsigned char)*s))
				continue;
			memcpy(num, s, n);
			num[n] = '\0';
			mpz_init(z);
			if (review_literal(num, z, &sl) == 0 && mpz_cmp_ui(z, 255) > 0 &&
			    mpz_cmp(z, m->p)) {
				set_old(m, z, num, pl->no);
				return;
			}
			mpz_clear(z);
		}
	}
}

/* The value a const declaration's initialiser replaces: "NAME = LITERAL"
 * (NAME a whole word) on a removed line of its file, of another value. */
void review_decl_replaced(walk *w, review_mult *m, const char *name)
{
	const patch *pt = w->pt;
	size_t li, from, to, n = strlen(name);

	review_file_lines(pt, m->file, &from, &to);
	for (li = from; li < to; li++) {
		const patch_line *pl = &pt->line[li];
		const char *s = pl->text;
		if (pl->type != '-')
			continue;
		while ((s = strstr(s, name))) {
			const char *e = s + n;
			char num[40];
			size_t k;
			mpz_t z;
			int before = s > pl->text && (isalnum((unsigned char)s[-1]) ||
			                              s[-1] == '_');
			s = e;
			if (before || isalnum((unsigned char)*e) || *e == '_')
				continue;
			e += strspn(e, " \t");
			if (*e != '=' || e[1] == '=')
				continue;
			e += 1 + strspn(e + 1, " \t");
			for (k = 0; isalnum((unsigned char)e[k]) && k + 1 < sizeof num; k++)
				num[k] = e[k];
			num[k] = '\0';
			mpz_init(z);
			if (k && review_literal(num, z, NULL) == 0 && mpz_cmp(z, m->p)) {
				set_old(m, z, num, pl->no);
				return;
			}
			mpz_clear(z);
		}
	}
}

/* The files of the mail of a series that file f is in: [*lo, *hi) (all
 * of them when the patch is no series). */
static void mail_files(const patch *pt, size_t f, size_t *lo, size_t *hi)
{
	*lo = 0;
	*hi = REVIEW_NONE;
	if (pt->nmails < 2)
		return;
	for (*lo = f; *lo > 0 && pt->mail[*lo - 1] == pt->mail[f]; --*lo)
		;
	for (*hi = f + 1; *hi < pt->nfiles && pt->mail[*hi] == pt->mail[f]; ++*hi)
		;
}

/* The define name (of word ctx) that a define on the new side of the
 * walk's file replaces: the old side's of the same file, else of another
 * file of the same patch (a series' other patches change the same file
 * again: patch 2's old side is patch 1's new one). */
const define *review_old_define(const walk *w, const char *name,
                                 unsigned ctx)
{
	const define *d = review_defs_find_in(w->oldd, name, ctx, w->file,
	                                      w->file + 1);
	size_t lo, hi;

	if (d)
		return d;
	mail_files(w->pt, w->file, &lo, &hi);
	return review_defs_find_in(w->oldd, name, ctx, lo, hi);
}

/* In a series, the define of an earlier patch that adds old (the one a
 * define of this patch replaces), else NULL. */
const define *review_earlier_mail_define(const walk *w,
                                         const char *name,
                                         const define *old)
{
	const patch *pt = w->pt;
	size_t lo, hi, k;

	if (pt->nmails < 2)
		return NULL;
	mail_files(pt, w->file, &lo, &hi);
	for (k = w->newd->n; k-- > 0; ) {
		const define *d = &w->newd->d[k];
		if (d->file < lo && d->added && d->valid && !strcmp(d->name, name) &&
		    !mpz_cmp(d->v, old->v) && (!old->ctx || !d->ctx ||
		                               d->ctx == old->ctx))
			return d;
	}
	return NULL;
}



/* Define multiplier i (of #if word ctx) that other names alias: said
 * once, and, when it replaces nothing, the value an alias's old define
 * or declaration had is the one it replaces ("tab_mult = 0x9e3779b9"
 * become "#define TAB_GOLDEN 0x9e370001U", "tab_mult = TAB_GOLDEN"). */
void review_aliases_said(walk *w, size_t i, unsigned ctx)
{
	review_mult *m = &w->r->mult[i];
	struct buf b = { 0 };
	const alias_decl *al[16];
	size_t k, n;

	if (!review_aliases(w, m->name, m->file, &b))
		return;
	review_add(w->r, REVIEW_NOTE, m->file, m->line, i, "multiplier",
	           "%s is also used as %s: one constant, judged once, at the "
	           "uses of every name, with %s's type", m->name, buf_str(&b),
	           m->name);
	buf_free(&b);
	n = review_alias_list(w, m->name, al, sizeof al / sizeof al[0]);
	for (k = 0; k < n && k < sizeof al / sizeof al[0] && !m->has_old; k++) {
		const define *old;
		if (al[k]->decl) {
			review_decl_replaced(w, m, al[k]->name);
			continue;
		}
		/* the alias's old define of its own word, when it has one */
		unsigned actx = al[k]->ctx ? al[k]->ctx : ctx;
		if (al[k]->file != m->file ||
		    !(old = review_old_define(w, al[k]->name, actx)) ||
		    !old->valid || !mpz_cmp(old->v, m->p))
			continue;
		m->has_old = 1;
		mpz_set(m->old, old->v);
		mpz_fdiv_r_2exp(m->old, m->old, m->bits);
		m->old_line = old->line;
		m->old_text = xstrdup(old->text);
	}
}

/* The name and value of "#define NAME VALUE" on s into name, num (as
 * written; 64 bytes each) and z: 0, or -1 when s is no define of an
 * integer literal. */
static int removed_define(const char *s, char *name, char *num, mpz_t z)
{
	size_t k = 0;
	int sl;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s++ != '#')
		return -1;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "define", 6) || (s[6] != ' ' && s[6] != '\t'))
		return -1;
	for (s += 6; *s == ' ' || *s == '\t'; s++)
		;
	while ((isalnum((unsigned char)s[k]) || s[k] == '_') && k < 63)
		k++;
	if (!k || (s[k] != ' ' && s[k] != '\t'))
		return -1;
	memcpy(name, s, k);
	name[k] = '\0';
	for (s += k; *s == ' ' || *s == '\t' || *s == '('; s++)
		;
	for (k = 0; isalnum((unsigned char)s[k]) && k < 63; k++)
		;
	memcpy(num, s, k);
	num[k] = '\0';
	return k ? review_literal(num, z, &sl) : -1;
}

void review_removed(review *r, const defs *newd)
{
	size_t li, k;

	for (li = 0; li < r->pt.nlines; li++) {
		const patch_line *pl = &r->pt.line[li];
		char name[64], num[64];
		mpz_t z;
		int known = 0;
		if (pl->type != '-' || pl->file >= r->nown)
			continue;
		mpz_init(z);
		if (removed_define(pl->text, name, num, z) < 0 ||
		    !review_name_says_hash(name) || review_name_says_size(name) ||
		    review_name_says_value(name) || mpz_cmp_ui(z, 256) < 0 ||
		    review_defs_find(newd, name, 0)) {
			mpz_clear(z);
			continue;
		}
		for (k = 0; k < r->nmult && !known; k++)
			known = !strcmp(r->mult[k].name, name);
		if (!known)     /* a value an alias or a use still holds */
			review_add(r, REVIEW_NOTE, pl->file, pl->no, REVIEW_NONE,
			           "removed", "%s %s is removed (line %lu of the "
			           "old file) and nothing replaces it: no "
			           "multiplier to judge", name, num, pl->no);
		mpz_clear(z);
	}
}
