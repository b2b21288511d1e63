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

/* The text of the patch line of multiplier m (new side), or NULL. */
static const char *patch_text(const review *rv, size_t file,
                              unsigned long line, char *type)
{
	size_t i;

	for (i = 0; i < rv->pt.nlines; i++) {
		const patch_line *l = &rv->pt.line[i];
		if (l->file == file && l->no == line && l->type != '-') {
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
		if ((t = patch_text(rv, m->file, l, &type)))
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

void review_emit_reply(FILE *f, const struct review *rv, const char *path)
{
	size_t i, k;

	fprintf(f, "Hi,\n\nI checked the multipliers this patch adds with "
	        "cfx review:\n");
	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		size_t notes = 0, claims = 0;
		int word_bad = 0;     /* an ERROR or WARNING on the word */
		fprintf(f, "\n%s:%lu%s:\n", rv->pt.files[m->file], m->line,
		        m->use_of == REVIEW_NONE ? "" :
		        ", another of its uses");
		quote(f, rv, m);
		fprintf(f, "\n");
		for (k = 0; k < rv->nfind; k++) {
			const review_finding *x = &rv->find[k];
			struct buf b = { 0 };
			const char *msg;
			if (x->mult != i)
				continue;
			if (x->level == REVIEW_NOTE && strcmp(x->kind, "sequence") &&
			    strcmp(x->kind, "verdict")) {
				/* a claim is called confirmed only by its own
				 * check's note, quoted below; so is a table; the
				 * word's notes are counted; what it replaces the
				 * verdict says */
				if (!strcmp(x->kind, "word"))
					notes++;
				else if (strcmp(x->kind, "multiplier"))
					claims++;
				continue;
			}
			if (x->level != REVIEW_NOTE && !strcmp(x->kind, "word"))
				word_bad = 1;
			/* a CHECK is a claim no check computes: said once */
			msg = x->msg;
			if (x->level == REVIEW_CHECK &&
			    !strncmp(msg, "not checked: ", 13))
				msg += 13;
			buf_printf(&b, "%s %s", x->level == REVIEW_ERROR ? "Wrong:" :
			           x->level == REVIEW_WARNING ? "Warning:" :
			           x->level == REVIEW_CHECK ? "Not checked:" : "OK:",
			           msg);
			out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
			buf_free(&b);
		}
		if (notes && !word_bad)
			word_ok(f, m);
		for (k = 0; claims && k < rv->nfind; k++) {
			const review_finding *x = &rv->find[k];
			struct buf b = { 0 };
			if (x->mult != i || x->level != REVIEW_NOTE ||
			    (strcmp(x->kind, "claim") && strcmp(x->kind, "table")))
				continue;
			buf_printf(&b, "OK: %s", x->msg);
			out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
			buf_free(&b);
		}
	}
	/* code that is no multiplier (a shift/add run with an xor or a
	 * right shift, a shift past the width): said too */
	for (k = 0; k < rv->nfind; k++) {
		const review_finding *x = &rv->find[k];
		struct buf b = { 0 };
		char type;
		const char *t;
		if (x->mult != REVIEW_NONE)
			continue;
		fprintf(f, "\n%s:%lu:\n", rv->pt.files[x->file], x->line);
		if ((t = patch_text(rv, x->file, x->line, &type)))
			fprintf(f, "> %c%s\n", type, t);
		/* a body's general CHECK: "not checked: general (...)" */
		buf_printf(&b, "%s %s", x->level == REVIEW_ERROR ? "Wrong:" :
		           x->level == REVIEW_WARNING ? "Warning:" : "Not checked:",
		           x->msg + (x->level == REVIEW_CHECK &&
		           !strncmp(x->msg, "not checked: ", 13) ? 13 : 0));
		fprintf(f, "\n");
		out_fill(f, buf_str(&b), 72, "* ", "  ", " ");
		buf_free(&b);
	}
	if (!rv->nmult)
		fprintf(f, "\nno multipliers found.\n");
	fprintf(f, "\n(`cfx review %s` shows every finding", path);
	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		char *hex, *old = NULL;
		if (!m->bits || m->bits > 64 || mpz_sgn(m->p) <= 0 ||
		    mpz_sizeinbase(m->p, 2) > m->bits)
			continue;
		hex = word_hex(m->p, m->bits);
		if (m->has_old)
			old = word_hex(m->old, m->bits);  /* hex, as the rest of the reply */
		fprintf(f, ";\n`cfx verify %s --bits %u%s%s --full`\na verdict in "
		        "full", hex, m->bits, old ? " --against " : "",
		        old ? old : "");
		free(hex);
		free(old);
		break;
	}
	fprintf(f, ".)\n");
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
