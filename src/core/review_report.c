/*
 * review_report.c - the findings of `cfx review`: recording them, their
 * order and columns, their counts and level names, and the verdict of a
 * multiplier's verify battery (see review.h).
 *
 * review_add records a finding (level, file, line, multiplier, kind and
 * a printf message); review.c, review_check.c, review_cf.c,
 * review_claim.c and review_width.c call it, and it lives here so that
 * review.c calls this file and this file never calls back
 * (tests/build/layers.sh).  After the run, the CLI (cli/cmd_review.c)
 * calls review_sort (stable by file and line), review_columns (the column
 * of the word a finding names on its line; review_file_lines from
 * review_lex.c), review_count and review_level_name (cfx's NOTE/CHECK/
 * WARNING/ERROR or gcc's note/warning/error), and review_verdict, which
 * turns a verify battery run on the multiplier (and on the one it
 * replaces) into a PASS or FAIL finding naming the failing families.
 * review_ctype names the unsigned type of a word for review.c.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- findings ------------------------------------------------------------ */

static int by_place(const void *x, const void *y)
{
	const review_finding *a = x, *b = y;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return 0;
}

/* Whether the kept findings from..to-1 (of one place) say what f says: a
 * comment kept over two defines and the function after them is read for
 * each, and would say it again. */
static int said_before(const review *r, size_t from, size_t to,
                       const review_finding *f)
{
	size_t j;

	for (j = from; j < to; j++)
		if (r->find[j].level == f->level &&
		    !strcmp(r->find[j].kind, f->kind) &&
		    !strcmp(r->find[j].msg, f->msg))
			return 1;
	return 0;
}

void review_sort(review *r)
{
	size_t i, j, n = 0, first = 0;

	/* insertion sort: stable, and the lists are short */
	for (i = 1; i < r->nfind; i++) {
		review_finding t = r->find[i];
		for (j = i; j > 0 && by_place(&r->find[j - 1], &t) > 0; j--)
			r->find[j] = r->find[j - 1];
		r->find[j] = t;
	}
	/* then each thing said once at its place (first: where the place of
	 * the finding kept last begins) */
	for (i = 0; i < r->nfind; i++) {
		if (n > 0 && by_place(&r->find[n - 1], &r->find[i]) != 0)
			first = n;
		if (said_before(r, first, n, &r->find[i])) {
			free(r->find[i].msg);
			continue;
		}
		r->find[n++] = r->find[i];
	}
	r->nfind = n;
}

/* ---- columns ------------------------------------------------------------- */

typedef struct numbered {
	unsigned long no;
	const char *text;
} numbered;

static int by_no(const void *x, const void *y)
{
	const numbered *a = x, *b = y;

	return a->no < b->no ? -1 : a->no > b->no;
}

/* Where word w starts in s as a whole word, or NULL. */
static const char *word_in(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p = s;

	if (!n)
		return NULL;
	while ((p = strstr(p, w))) {
		if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return p;
		p++;
	}
	return NULL;
}

/* The column of finding x on its line s (see review_columns). */
static unsigned column_of(const review *r, const review_finding *x,
                          const char *s)
{
	const char *p = NULL;

	if (x->mult != REVIEW_NONE && x->line == r->mult[x->mult].line) {
		const review_mult *m = &r->mult[x->mult];
		if (!strchr(m->text, '\n'))
			p = word_in(s, m->text);
		if (!p)
			p = word_in(s, m->name);
	}
	if (!p) {
		/* a comment line: where its text starts */
		p = s + strspn(s, " \t");
		if (!strncmp(p, "/*", 2) || !strncmp(p, "//", 2))
			p += 2;
		else if (*p == '*' && p[1] != '/')
			p++;
		p += strspn(p, " \t");
		if (!*p || !strncmp(p, "*/", 2))
			p = s + strspn(s, " \t");
	}
	return (unsigned)(p - s) + 1;
}

void review_columns(review *r)
{
	const patch *pt = &r->pt;
	numbered *ln = NULL;
	size_t i = 0, cap = 0;

	while (i < r->nfind) {
		size_t f = r->find[i].file, from, to, n = 0, li;
		review_file_lines(pt, f, &from, &to);
		for (li = from; li < to; li++)
			if (pt->line[li].type != '-') {
				XGROW(ln, cap, n + 1, "review columns");
				ln[n++] = (numbered){ pt->line[li].no, pt->line[li].text };
			}
		if (n)          /* no lines (a file of headers only): ln is NULL */
			qsort(ln, n, sizeof *ln, by_no);
		for (; i < r->nfind && r->find[i].file == f; i++) {
			review_finding *x = &r->find[i];
			numbered key = { x->line, NULL }, *hit;
			hit = n ? bsearch(&key, ln, n, sizeof *ln, by_no) : NULL;
			x->col = hit ? column_of(r, x, hit->text) : 1;
		}
	}
	free(ln);
}

void review_count(const review *r, size_t n[4])
{
	size_t i;

	memset(n, 0, 4 * sizeof n[0]);
	for (i = 0; i < r->nfind; i++)
		n[r->find[i].level]++;
}

const char *review_level_name(review_level lv, int gcc)
{
	static const char *const cp[] = { "NOTE", "CHECK", "WARNING", "ERROR" };
	static const char *const gc[] = { "note", "note", "warning", "error" };

	return gcc ? gc[lv] : cp[lv];
}

const char *review_ctype(unsigned bits)
{
	return bits <= 8 ? "u8" : bits <= 16 ? "u16" : bits <= 32 ? "u32"
	       : "u64";
}

/* ---- recording a finding ------------------------------------------------- */

/* Here, not in review.c, so that review.c calls this file and this file
 * never calls back (tests/build/layers.sh). */
void review_add(review *r, review_level lv, size_t file, unsigned long line,
                size_t mult, const char *kind, const char *fmt, ...)
{
	review_finding *f;
	struct buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	XGROW(r->find, r->capf, r->nfind + 1, "review findings");
	f = &r->find[r->nfind++];
	memset(f, 0, sizeof *f);
	f->level = lv;
	f->file = file;
	f->line = line;
	f->mult = mult;
	snprintf(f->kind, sizeof f->kind, "%s", kind);
	f->msg = buf_take(&b);
}

int review_has_finding(const review *r, size_t file, unsigned long line,
                       const char *needle)
{
	size_t k;

	for (k = 0; k < r->nfind; k++)
		if (r->find[k].file == file && r->find[k].line == line &&
		    strstr(r->find[k].msg, needle))
			return 1;
	return 0;
}

void review_drop_findings(review *r, size_t mult, const char *needle)
{
	size_t k, n = 0;

	for (k = 0; k < r->nfind; k++) {
		if (r->find[k].mult == mult && strstr(r->find[k].msg, needle)) {
			free(r->find[k].msg);
			continue;
		}
		r->find[n++] = r->find[k];
	}
	r->nfind = n;
}

/* ---- the verdict --------------------------------------------------------- */

/* "strides 2^13..2^21, byte 3" : the families of bt that FAIL (and not
 * in old, when given), runs of strides 2^s folded; the worst into *w. */
static void failing(struct buf *b, const verify_battery *bt,
                    const verify_battery *old, size_t *worst, size_t *count)
{
	size_t i, shown = 0;
	long run_lo = -1, run_hi = -1;

	*worst = (size_t)-1;
	*count = 0;
	for (i = 0; i <= bt->nfam; i++) {
		const verify_family *f = i < bt->nfam ? &bt->fam[i] : NULL;
		int bad = f && f->status == VERIFY_FAIL &&
		          (!old || i >= old->nfam ||
		           old->fam[i].status != VERIFY_FAIL);
		if (bad) {
			(*count)++;
			if (*worst == (size_t)-1 || f->worst_r > bt->fam[*worst].worst_r)
				*worst = i;
		}
		if (bad && f->kind == VERIFY_POW2 && run_hi == (long)f->arg - 1) {
			run_hi = f->arg;
			continue;
		}
		if (run_lo >= 0) {
			if (shown++ < 6) {
				if (run_lo == run_hi)
					buf_printf(b, "%sstride 2^%ld", b->len ? ", " : "",
					           run_lo);
				else
					buf_printf(b, "%sstrides 2^%ld..2^%ld", b->len ? ", " :
					           "", run_lo, run_hi);
			}
			run_lo = run_hi = -1;
		}
		if (!bad)
			continue;
		if (f->kind == VERIFY_POW2) {
			run_lo = run_hi = f->arg;
			continue;
		}
		if (shown++ < 6)
			buf_printf(b, "%s%s", b->len ? ", " : "", f->name);
	}
	if (shown > 6)
		buf_printf(b, " and %zu more", shown - 6);
}

/* The CHECK of a verdict that passes with checks that WARN: verify's
 * words ("61 checks, 1 WARN"), which checks, and the command that shows
 * them (at the one table judged, when one). */
static void warned(review *r, size_t i, const verify_battery *bt,
                   const char *hex)
{
	const review_mult *m = &r->mult[i];
	struct buf names = { 0 };
	char words[64], tab[40] = "";
	size_t k, shown = 0;

	for (k = 0; k < bt->nforms + bt->nfam; k++) {
		const char *name = k < bt->nforms ? bt->forms[k].name :
		                   bt->fam[k - bt->nforms].name;
		int st = k < bt->nforms ? (int)bt->forms[k].status :
		         (int)bt->fam[k - bt->nforms].status;
		if (st != VERIFY_WARN)
			continue;
		if (shown++ < 6)
			buf_printf(&names, "%s%s", names.len ? ", " : "", name);
	}
	if (bt->nwarn > shown)
		shown = bt->nwarn;
	if (shown > 6)
		buf_printf(&names, " and %zu more", shown - 6);
	if (bt->ntables == 1)
		snprintf(tab, sizeof tab, " --table-bits %u", bt->tables[0]);
	review_add(r, REVIEW_CHECK, m->file, m->line, i, "verdict",
	           "%s: PASS, %s (%s; cfx verify %s --bits %u%s --full shows "
	           "%s)", hex, verify_pass_words(bt, words, sizeof words),
	           buf_str(&names), hex, m->bits, tab, bt->nwarn == 1 ? "it" :
	           "them");
	buf_free(&names);
}

void review_verdict(review *r, size_t i, const verify_battery *bt,
                    const verify_battery *old)
{
	review_mult *m = &r->mult[i];
	char *hex = word_hex(m->p, m->bits);
	char tables[400], count_s[64];
	struct buf fams = { 0 }, forms = { 0 };
	size_t worst, count, k;
	char *oldtxt = m->has_old ? (m->old_text ? xstrdup(m->old_text)
	               : mpz_get_str(NULL, 10, m->old)) : NULL;

	m->judged = 1;
	m->failed = bt->status == VERIFY_FAIL;
	m->warned = bt->nwarn;
	m->worst_r = 0;
	for (k = 0; k < bt->nfam; k++)
		if (bt->fam[k].worst_r > m->worst_r)
			m->worst_r = bt->fam[k].worst_r;
	/* 11400714819323198549UL: the number; a name (GOLDEN_RATIO_PRIME_32,
	 * an old define's value that names another) is kept whole */
	if (oldtxt && isdigit((unsigned char)oldtxt[0]))
		oldtxt[strcspn(oldtxt, "uUlL")] = '\0';

	if (bt->ntables == 1)
		snprintf(tables, sizeof tables, "a table of 2^%u from %s",
		         bt->tables[0], m->why_table);
	else if (m->ntab > 1) {
		size_t n = 0;
		for (k = 0; k < bt->ntables; k++)
			n += (size_t)snprintf(tables + n, sizeof tables - n, "%s2^%u",
			                      k ? (k + 1 == bt->ntables ? " and " :
			                      ", ") : "tables ", bt->tables[k]);
		snprintf(tables + n, sizeof tables - n, " from %s", m->why_table);
	} else if (m->table > VERIFY_MAX_TABLE_BITS && m->table < m->bits &&
	           !m->mid_bits && (m->table_src == REVIEW_TABLE_CODE ||
	            m->table_src == REVIEW_TABLE_DEFINE))
		/* x * C >> (64 - 40): a table verify does not count (not
		 * a cast after the shift that keeps middle bits: that is
		 * the word finding's) */
		snprintf(tables, sizeof tables, "tables 2^%u..2^%u, verify's "
		         "default range: the table of 2^%u the code shows (%.160s) "
		         "is past the largest verify counts, 2^%d", bt->tables[0],
		         bt->tables[bt->ntables - 1], m->table, m->why_table,
		         VERIFY_MAX_TABLE_BITS);
	else
		snprintf(tables, sizeof tables, "tables 2^%u..2^%u: the code does "
		         "not show the size%s%.160s%s", bt->tables[0],
		         bt->tables[bt->ntables - 1], m->table_src ==
		         REVIEW_TABLE_UNKNOWN ? " (" : "", m->table_src ==
		         REVIEW_TABLE_UNKNOWN ? m->why_table : "", m->table_src ==
		         REVIEW_TABLE_UNKNOWN ? ")" : "");
	for (k = 0; k < bt->nforms; k++)
		if (&bt->forms[k] == verify_joint(bt)) {
			/* the rule over the checks, in words */
			size_t nw = verify_joint_warns(bt);
			if (bt->forms[k].status == VERIFY_FAIL)
				buf_printf(&forms, "%s%zu famil%s WARN at once, %d or "
				           "more FAIL the constant%s", forms.len ? ", " : "",
				           nw, nw == 1 ? "y" : "ies", VERIFY_JOINT_WARNS,
				           m->has_old && old && old->status != VERIFY_FAIL ?
				           " (the joint rule)" : "");
		} else if (bt->forms[k].status == VERIFY_FAIL)
			buf_printf(&forms, "%scheck %s", forms.len ? ", " : "",
			           bt->forms[k].name);
	if (bt->status == VERIFY_FAIL) {
		int old_passed = m->has_old && old && old->status != VERIFY_FAIL;
		char wt[64] = "";
		failing(&fams, bt, old_passed ? old : NULL, &worst, &count);
		if (worst != (size_t)-1)
			snprintf(wt, sizeof wt, ", worst %s at R %.3g",
			         bt->fam[worst].name, bt->fam[worst].worst_r);
		if (old_passed)
			review_add(r, REVIEW_ERROR, m->file, m->line, i, "verdict",
			           "%s replaces %s: FAIL where the old one passed (%s%s%s"
			           "%s; %u-bit words, %s)", hex, oldtxt,
			           buf_str(&forms), forms.len && fams.len ? ", " : "",
			           buf_str(&fams), wt, m->bits, tables);
		else
			/* in verify's words: the joint rule is no check row, "97
			 * checks, 14 WARN (12 families at once): the joint
			 * rule", never "1 of 98" */
			review_add(r, REVIEW_ERROR, m->file, m->line, i, "verdict",
			           "%s: FAIL, %s (%s%s%s%s; %u-bit words, %s)%s%s%s", hex,
			           verify_fail_words(bt, count_s, sizeof count_s),
			           buf_str(&forms), forms.len && fams.len ? ", " : "",
			           buf_str(&fams), wt, m->bits, tables,
			           m->has_old ? "; the old " : "",
			           m->has_old ? oldtxt : "",
			           m->has_old ? " FAILs too" : "");
	} else {
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
		           "%s: PASS, %zu checks on %u-bit words, %s%s%s%s", hex,
		           bt->nforms + bt->nfam, m->bits, tables,
		           m->has_old ? "; it replaces " : "",
		           m->has_old ? oldtxt : "",
		           m->has_old ? (old && old->status == VERIFY_FAIL ?
		                         ", which FAILs" : ", which passes too") : "");
		/* every check that WARNs, as verify counts them (a field
		 * screen's or the constant's too, not the families' alone) */
		if (bt->nwarn)
			warned(r, i, bt, hex);
	}
	buf_free(&fams);
	buf_free(&forms);
	free(oldtxt);
	free(hex);
}

