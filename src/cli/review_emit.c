/*
 * review_emit.c - `cfx review --emit reply|kunit` and `cfx verify --emit
 * kunit` (see review_emit.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cfx/kunit.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "cli/out.h"
#include "cli/review_emit.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* The text of line `line` of file on the old side ('-') when old, else
 * on the new side, and its type into *type; NULL if there is none. */
static const char *patch_text(const review *rv, size_t file,
                              unsigned long line, int old, char *type)
{
	size_t i;

	for (i = 0; i < rv->pt.nlines; i++) {
		const patch_line *l = &rv->pt.line[i];
		if (l->file == file && l->no == line &&
		    (l->type == '-') == old) {
			*type = rv->pt.is_diff ? l->type : ' ';
			return l->text;
		}
	}
	return NULL;
}

/* Quote multiplier m's lines: all of a constant's, a sequence's first
 * three and last one. */
static void quote(FILE *f, const review *rv, const review_mult *m)
{
	unsigned long l;

	for (l = m->line; l <= m->last; l++) {
		char type;
		const char *t;
		if (m->last - m->line > 4 && l == m->line + 3) {
			fprintf(f, "> [...]\n");
			l = m->last - 1;
			continue;
		}
		if ((t = patch_text(rv, m->file, l, 0, &type)))
			fprintf(f, "> %c%s\n", type, t);
	}
}

/* What the word's note checked, in plain words: "OK: 32-bit word, as
 * the #if says (#if BITS_PER_LONG == 32 (line 17), ...)." */
static void word_ok(FILE *f, const review_mult *m)
{
	struct buf b = { 0 };
	const char *why = m->why_bits;

	if (!strncmp(why, "under #", 7))
		buf_printf(&b, "OK: %u-bit word, as the %.*s says (%s).", m->bits,
		           (int)strcspn(why + 6, " ,"), why + 6, why + 6);
	else if (!strncmp(why, "its type ", 9))
		buf_printf(&b, "OK: %u-bit word, as its type says (%s).", m->bits,
		           why + 9);
	else if (!strncmp(why, "suffix ", 7))
		buf_printf(&b, "OK: %u-bit word, as its suffix says (%s).",
		           m->bits, why + 7);
	else
		buf_printf(&b, "OK: %u-bit word: %s.", m->bits, why);
	out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
	buf_free(&b);
}

/* The reply's word for a finding's level. */
static const char *reply_word(review_level lv)
{
	return lv == REVIEW_ERROR ? "Wrong:" : lv == REVIEW_WARNING ?
	       "Warning:" : lv == REVIEW_CHECK ? "Not checked:" : "OK:";
}

/* Finding x as one item of the reply, "* Wrong: ...", its word that of
 * level lv, filled at 72 columns; a CHECK's "not checked: " said once. */
static void reply_item(FILE *f, const review_finding *x, review_level lv,
                       const char *head)
{
	struct buf b = { 0 };
	const char *msg = x->msg;

	if (x->level == REVIEW_CHECK && !strncmp(msg, "not checked: ", 13))
		msg += 13;
	buf_printf(&b, "%s%s %s", head, !strcmp(x->kind, "removed") ?
	           "Note:" : reply_word(lv), msg);
	out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
	buf_free(&b);
}

/* Of multiplier i's findings, the worst (highest level, first in the
 * report's order) whose kind is "verdict" (verdict 1) or is not (0):
 * its index, or REVIEW_NONE. */
static size_t worst_of(const review *rv, size_t i, int verdict)
{
	size_t k, w = REVIEW_NONE;

	for (k = 0; k < rv->nfind; k++) {
		const review_finding *x = &rv->find[k];
		if (x->mult != i || !strcmp(x->kind, "verdict") != !!verdict)
			continue;
		if (w == REVIEW_NONE || x->level > rv->find[w].level)
			w = k;
	}
	return w;
}

/* The level of multiplier i's verdict v in the reply: a sequence that
 * computes another multiplier has that one's verdict (its own finding,
 * a NOTE, only points there), so its word is "Wrong:" when that FAILs. */
static review_level verdict_level(const review *rv, size_t i, size_t v)
{
	size_t o = rv->mult[i].same_as, ov;

	if (o == REVIEW_NONE || (ov = worst_of(rv, o, 1)) == REVIEW_NONE)
		return rv->find[v].level;
	return rv->find[ov].level;
}

/* Whether multiplier i's word has a note and no ERROR or WARNING: the
 * reply says it plainly (word_ok). */
static int word_fine(const review *rv, size_t i)
{
	size_t k, notes = 0;

	for (k = 0; k < rv->nfind; k++)
		if (rv->find[k].mult == i && !strcmp(rv->find[k].kind, "word")) {
			if (rv->find[k].level >= REVIEW_WARNING)
				return 0;
			notes += rv->find[k].level == REVIEW_NOTE;
		}
	return notes > 0;
}

/* The rest of multiplier i's findings, but its verdict and worst w,
 * counted by level: "* And 2 warnings, 5 confirmed (...)". */
static void reply_rest(FILE *f, const review *rv, size_t i, size_t w)
{
	static const char *const one[] = { "confirmed", "not checked",
		"warning", "wrong" };
	static const char *const many[] = { "confirmed", "not checked",
		"warnings", "wrong" };
	size_t n[4] = { 0 }, k, all = 0;
	struct buf b = { 0 };
	int lv;

	for (k = 0; k < rv->nfind; k++)
		if (rv->find[k].mult == i && k != w &&
		    strcmp(rv->find[k].kind, "verdict"))
			n[rv->find[k].level]++, all++;
	if (!all)
		return;
	for (lv = REVIEW_ERROR; lv >= REVIEW_NOTE; lv--)
		if (n[lv])
			buf_printf(&b, "%s%zu %s", b.len ? ", " : "And ", n[lv],
			           n[lv] == 1 ? one[lv] : many[lv]);
	buf_puts(&b, " (the review lists them).");
	out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
	buf_free(&b);
}

/* The command that gives multiplier m's verdict in full, as the review
 * judged it: its word, its one table, the constant it replaces; into b. */
static void verify_command(struct buf *b, const review_mult *m)
{
	char *hex = word_hex(m->p, m->bits), *old = NULL;
	char tab[32] = "";

	if (m->has_old && mpz_sgn(m->old) > 0 &&
	    mpz_sizeinbase(m->old, 2) <= m->bits)
		old = word_hex(m->old, m->bits);  /* hex, as the rest of the reply */
	if (m->ntab <= 1 && m->table >= 1 && m->table <= VERIFY_MAX_TABLE_BITS &&
	    m->table <= m->bits)
		snprintf(tab, sizeof tab, " --table-bits %u", m->table);
	buf_printf(b, "`cfx verify %s --bits %u%s%s%s --full`\n", hex, m->bits,
	           tab, old ? " --against " : "", old ? old : "");
	free(hex);
	free(old);
}

void review_emit_reply(FILE *f, const struct review *rv, const char *path)
{
	size_t i, k, nhint = 0;
	struct buf hints = { 0 };

	fprintf(f, "Hi,\n\nI checked the multipliers this patch adds with "
	        "cfx review:\n");
	/* each multiplier: its lines, its verdict, its worst other
	 * finding, and how many more there are of each level */
	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		size_t v = worst_of(rv, i, 1), w = worst_of(rv, i, 0);
		fprintf(f, "\n%s:%lu%s:\n", rv->pt.files[m->file], m->line,
		        m->use_of == REVIEW_NONE ? "" :
		        ", another of its uses");
		quote(f, rv, m);
		fprintf(f, "\n");
		if (v != REVIEW_NONE)
			reply_item(f, &rv->find[v], verdict_level(rv, i, v),
			           "");
		if (w != REVIEW_NONE && (rv->find[w].level > REVIEW_NOTE ||
		    v == REVIEW_NONE))
			reply_item(f, &rv->find[w], rv->find[w].level,
			           v == REVIEW_NONE ? "" :
			           "Worst beside it: ");
		else
			w = REVIEW_NONE;
		if (word_fine(rv, i))
			word_ok(f, m);
		reply_rest(f, rv, i, w);
	}
	/* code that is no multiplier (a shift/add run with an xor or a
	 * right shift, a shift past the width): said too */
	for (k = 0; k < rv->nfind; k++) {
		const review_finding *x = &rv->find[k];
		char type;
		const char *t;
		if (x->mult != REVIEW_NONE)
			continue;
		fprintf(f, "\n%s:%lu:\n", rv->pt.files[x->file], x->line);
		if ((t = patch_text(rv, x->file, x->line,
		                    !strcmp(x->kind, "removed"), &type)))
			fprintf(f, "> %c%s\n", type, t);
		fprintf(f, "\n");
		reply_item(f, x, x->level, "");
	}
	if (!rv->nmult)
		fprintf(f, "\nno multipliers found.\n");
	/* every constant judged, as judged: a command each, once */
	for (i = 0; i < rv->nmult; i++) {
		struct buf c = { 0 };
		if (!rv->mult[i].judged)
			continue;
		verify_command(&c, &rv->mult[i]);
		if (!strstr(buf_str(&hints), buf_str(&c))) {
			buf_puts(&hints, buf_str(&c));
			nhint++;
		}
		buf_free(&c);
	}
	fprintf(f, "\n`cfx review %s` shows every finding%s\n%s", path, nhint ?
	        nhint == 1 ? ";\nthis gives the verdict in full:" :
	        ";\nthese give the verdicts in full:" : ".", buf_str(&hints));
	buf_free(&hints);
}

void review_emit_kunit(FILE *f, const struct review *rv)
{
	kunit_seq *s = xcalloc(rv->nmult ? rv->nmult : 1, sizeof *s, "kunit");
	char **own = xcalloc(rv->nmult ? 4 * rv->nmult : 1, sizeof *own, "kunit");
	size_t i, n = 0, nown = 0;

	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		if (m->kind != REVIEW_SEQUENCE || m->bits > 64 || !m->bits)
			continue;
		s[n].bits = m->bits;
		/* the test expects what the comments claim: a wrong sequence
		 * fails it */
		s[n].hex = own[nown++] = word_hex(m->has_claim ? m->claim : m->p,
		                                  m->bits);
		s[n].input = m->input;
		s[n].result = m->name;
		s[n].decls = m->decls;
		s[n].body = m->code;
		s[n].origin = own[nown++] = xasprintf("%s:%lu-%lu",
		                                      rv->pt.files[m->file], m->line,
		                                      m->last);
		/* a 64-bit word that 32-bit kernels do not build: under #if
		 * BITS_PER_LONG == 64, or a long's (32 bits there) */
		if (m->bits == 64 && (m->ctx_bits == 64 || m->long_word))
			s[n].only = own[nown++] = xasprintf("its word: %s%s",
			            m->why_bits, m->ctx_bits == 64 ? "" : ", a long, "
			            "64 bits on 64-bit kernels only");
		n++;
	}
	if (n) {
		char *t = kunit_emit(s, n, "cfx_shift_add");
		out_c_source(f, t);
		free(t);
	} else {
		/* no open-coded sequence: the NAF form of each constant */
		for (i = 0; i < rv->nmult; i++) {
			const review_mult *m = &rv->mult[i];
			constant k;
			cfx_err e;
			char *hex;
			if (!m->bits || m->bits > 64 || mpz_sgn(m->p) <= 0 ||
			    mpz_sizeinbase(m->p, 2) > m->bits)
				continue;
			hex = word_hex(m->p, m->bits);
			if (constant_make(&k, hex, NULL, NULL, m->bits, 64, &e) == 0) {
				review_emit_kunit_constant(f, &k);
				constant_free(&k);
			}
			free(hex);
			break;            /* one test file: the first constant */
		}
		if (!rv->nmult)
			fprintf(f, "/* cfx review: no multipliers found */\n");
	}
	for (i = 0; i < nown; i++)
		free(own[i]);
	free(own);
	free(s);
}

void review_emit_kunit_constant(FILE *f, const constant *k)
{
	kunit_seq s;
	char *body = sas_emit_body(&k->sas, "");
	char *origin = xasprintf("%s = %s", k->hex, k->sum);
	char *t;

	s.bits = (unsigned)k->bits;
	s.hex = k->hex;
	s.input = "x0";
	s.result = "hash";
	s.decls = "hash = 0, n = x0";
	s.body = body;
	s.origin = origin;
	s.only = NULL;          /* a u64 sequence builds everywhere */
	t = kunit_emit(&s, 1, "cfx_shift_add");
	out_c_source(f, t);
	free(t);
	free(body);
	free(origin);
}
