/*
 * review_emit.c - `cfx review --emit reply|kunit` and `cfx verify --emit
 * kunit` (see review_emit.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cfx/kunit.h"
#include "cfx/word.h"
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

void review_emit_reply(FILE *f, const review *rv, const char *path)
{
	size_t i, k, said = 0;

	fprintf(f, "I ran the multipliers of this patch through cfx review "
	        "(%s):\n", path);
	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		unsigned long l;
		size_t notes = 0;
		fprintf(f, "\n");
		for (l = m->line; l <= m->last && l < m->line + 16; l++) {
			char type;
			const char *t = patch_text(rv, m->file, l, &type);
			if (t)
				fprintf(f, "> %c%s\n", type, t);
		}
		fprintf(f, "\n");
		for (k = 0; k < rv->nfind; k++) {
			const review_finding *x = &rv->find[k];
			if (x->mult != i)
				continue;
			if (x->level == REVIEW_NOTE && strcmp(x->kind, "sequence") &&
			    strcmp(x->kind, "verdict")) {
				notes++;
				continue;
			}
			fprintf(f, "%s%s: %s\n", x->level >= REVIEW_WARNING ? "* " : "  ",
			        x->level == REVIEW_ERROR ? "Wrong" :
			        x->level == REVIEW_WARNING ? "Check" :
			        x->level == REVIEW_CHECK ? "Note" : "OK", x->msg);
			said++;
		}
		if (notes)
			fprintf(f, "  (%zu more claim%s confirmed: word, comments.)\n",
			        notes, notes == 1 ? "" : "s");
	}
	if (!rv->nmult)
		fprintf(f, "\nno multipliers found.\n");
	fprintf(f, "\n(cfx review %s reproduces this; cfx verify HEX --bits N "
	        "--against OLD shows a verdict in full.)\n", path);
	(void)said;
}

void review_emit_kunit(FILE *f, const review *rv)
{
	kunit_seq *s = xcalloc(rv->nmult ? rv->nmult : 1, sizeof *s, "kunit");
	char **own = xcalloc(rv->nmult ? 3 * rv->nmult : 1, sizeof *own, "kunit");
	size_t i, n = 0, nown = 0;

	for (i = 0; i < rv->nmult; i++) {
		const review_mult *m = &rv->mult[i];
		if (m->kind != REVIEW_SEQUENCE || m->bits > 64 || !m->bits)
			continue;
		s[n].bits = m->bits;
		s[n].hex = own[nown++] = word_hex(m->p, m->bits);
		s[n].input = m->input;
		s[n].result = m->name;
		s[n].decls = m->decls;
		s[n].body = m->code;
		s[n].origin = own[nown++] = xasprintf("%s:%lu-%lu",
		                                      rv->pt.files[m->file], m->line,
		                                      m->last);
		n++;
	}
	if (n) {
		char *t = kunit_emit(s, n, "cfx_shift_add");
		fputs(t, f);
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
	t = kunit_emit(&s, 1, "cfx_shift_add");
	fputs(t, f);
	free(t);
	free(body);
	free(origin);
}
