/*
 * test_review.c - the C reader and the symbolic evaluator of cfx review
 * (review.h, patch.h).
 *
 * Oracle: random straight-line programs on one unsigned word (=, +=, -=,
 * <<=, +, -, <<, negation, multiplication by a constant, temporaries) are
 * written as C, and run here by a small interpreter of their own on
 * concrete inputs; the multiplier review_run proves must give the same
 * word for every input tried, and x = 1 gives it outright (the program is
 * linear).  Also: the reader's line numbers through diff, CRLF and "> "
 * quoting, and its refusal of text that is neither a diff nor C.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>

#include "cfx/patch.h"
#include "cfx/review.h"
#include "testutil.h"

/* ---- random programs ---------------------------------------------------- */

enum { V_HASH, V_N, V_T, NV };
static const char *const vname[NV] = { "hash", "n", "t" };

typedef struct step {
	int dst, op, src, k;   /* op: 0 '=', 1 '+=', 2 '-=', 3 '<<=',
	                        * 4 dst = src << k, 5 dst = -src,
	                        * 6 dst = src * k, 7 dst = src + (src2 << k),
	                        * 8 dst ^= src >> k */
	int src2;
} step;

static uint64_t rnd_state = 88172645463325252ull;
static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* Run the program on x, on bits-bit words. */
static uint64_t run(const step *s, size_t n, uint64_t x, unsigned bits)
{
	uint64_t v[NV] = { x, 0, 0 };
	uint64_t m = bits == 64 ? ~0ull : ((1ull << bits) - 1);
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t a = v[s[i].src], b = v[s[i].src2];
		uint64_t *d = &v[s[i].dst];
		switch (s[i].op) {
		case 0: *d = a; break;
		case 1: *d += a; break;
		case 2: *d -= a; break;
		case 3: *d <<= s[i].k; break;
		case 4: *d = a << s[i].k; break;
		case 5: *d = -a; break;
		case 6: *d = a * (uint64_t)s[i].k; break;
		case 7: *d = a + (b << s[i].k); break;
		case 8: *d ^= a >> s[i].k; break;
		}
		*d &= m;
	}
	return v[V_HASH] & m;
}

static void write_prog(char *buf, size_t cap, const step *s, size_t n,
                       unsigned bits)
{
	const char *t = bits == 32 ? "u32" : "u64";
	size_t len = 0, i;

	len += (size_t)snprintf(buf + len, cap - len,
	                        "static %s f(%s key)\n{\n\t%s hash = key;\n"
	                        "\t%s n = 0, t = 0;\n\n", t, t, t, t);
	for (i = 0; i < n; i++) {
		const char *d = vname[s[i].dst], *a = vname[s[i].src],
		           *b = vname[s[i].src2];
		switch (s[i].op) {
		case 0: len += (size_t)snprintf(buf + len, cap - len, "\t%s = %s;\n", d, a); break;
		case 1: len += (size_t)snprintf(buf + len, cap - len, "\t%s += %s;\n", d, a); break;
		case 2: len += (size_t)snprintf(buf + len, cap - len, "\t%s -= %s;\n", d, a); break;
		case 3: len += (size_t)snprintf(buf + len, cap - len, "\t%s <<= %d;\n", d, s[i].k); break;
		case 4: len += (size_t)snprintf(buf + len, cap - len, "\t%s = %s << %d;\n", d, a, s[i].k); break;
		case 5: len += (size_t)snprintf(buf + len, cap - len, "\t%s = -%s;\n", d, a); break;
		case 6: len += (size_t)snprintf(buf + len, cap - len, "\t%s = %s * %d;\n", d, a, s[i].k); break;
		case 7: len += (size_t)snprintf(buf + len, cap - len, "\t%s = %s + (%s << %d);\n", d, a, b, s[i].k); break;
		case 8: len += (size_t)snprintf(buf + len, cap - len, "\t%s ^= %s >> %d;\n", d, a, s[i].k); break;
		}
	}
	snprintf(buf + len, cap - len, "\treturn hash;\n}\n");
}

/* The sequence review found for hash, or NULL. */
static const review_mult *seq_of(const review *r)
{
	size_t i;

	for (i = 0; i < r->nmult; i++)
		if (r->mult[i].kind == REVIEW_SEQUENCE &&
		    !strcmp(r->mult[i].name, "hash"))
			return &r->mult[i];
	return NULL;
}

Test(review, symbolic_equals_concrete)
{
	char buf[8192];
	int prog, found = 0;

	for (prog = 0; prog < 1500; prog++) {
		unsigned bits = prog & 1 ? 64 : 32;
		step s[24];
		size_t n = 6 + rnd() % 18, i;
		review r;
		cfx_err e;
		const review_mult *m;
		uint64_t a1;

		for (i = 0; i < n; i++) {
			s[i].dst = (int)(rnd() % NV);
			s[i].src = (int)(rnd() % NV);
			s[i].src2 = (int)(rnd() % NV);
			/* op 8 (^= >>) is not linear: the evaluator must drop it */
			s[i].op = (int)(rnd() % (prog % 3 ? 8 : 9));
			s[i].k = (int)(rnd() % (bits - 1)) + 1;
			if (s[i].op == 6)
				s[i].k = (int)(rnd() % 1000) + 2;
		}
		write_prog(buf, sizeof buf, s, n, bits);
		cr_assert_eq(review_run(&r, buf, strlen(buf), "prog.c", &e), 0);
		a1 = run(s, n, 1, bits);
		m = seq_of(&r);
		if (m) {
			uint64_t x;
			int k;
			found++;
			cr_assert_eq(m->bits, bits);
			cr_assert_eq(mpz_get_ui(m->p), a1, "program %d:\n%s", prog,
			             buf);
			for (k = 0; k < 64; k++) {
				x = rnd();
				cr_assert_eq(run(s, n, x, bits),
				             (x * a1) & (bits == 64 ? ~0ull :
				                         (1ull << bits) - 1),
				             "not linear?\n%s", buf);
			}
		}
		review_free(&r);
	}
	/* the generator makes sequences often enough to mean something */
	cr_assert_gt(found, 100, "only %d sequences found", found);
}

Test(review, the_2002_sequence)
{
	const char *src =
		"unsigned long f(unsigned long hash)\n{\n\tunsigned long n;\n"
		"\tn = hash;\n\tn <<= 18;\n\thash -= n;\n\tn <<= 33;\n"
		"\thash -= n;\n\tn <<= 3;\n\thash += n;\n\tn <<= 3;\n"
		"\thash -= n;\n\tn <<= 4;\n\thash += n;\n\tn <<= 2;\n"
		"\thash += n;\n\treturn hash >> 54;\n}\n";
	review r;
	cfx_err e;
	const review_mult *m;

	cr_assert_eq(review_run(&r, src, strlen(src), "f.c", &e), 0);
	m = seq_of(&r);
	cr_assert(m);
	cr_assert_eq(mpz_get_ui(m->p), 0x9e37fffffffc0001ull);
	cr_assert_eq(m->shift, 54);
	cr_assert_eq(m->table, 10);
	cr_assert_eq(m->line, 4);
	review_free(&r);
}

/* ---- the reader ----------------------------------------------------------- */

Test(patch, lines_crlf_quote)
{
	const char *d =
		"> diff --git a/x.h b/x.h\r\n"
		"> --- a/x.h\r\n"
		"> +++ b/x.h\r\n"
		"> @@ -10,3 +10,3 @@\r\n"
		">  a\r\n"
		"> -b\r\n"
		"> +c\r\n"
		">  d\r\n"
		"not quoted: ignored\r\n";
	patch p;
	cfx_err e;

	cr_assert_eq(patch_read(&p, d, strlen(d), "mail", &e), 0);
	cr_assert(p.is_diff);
	cr_assert_eq(p.quote, 1);
	cr_assert_eq(p.nfiles, 1);
	cr_assert_str_eq(p.files[0], "x.h");
	cr_assert_eq(p.nlines, 4);
	cr_assert_eq(p.line[0].type, ' ');
	cr_assert_eq(p.line[0].no, 10);
	cr_assert_eq(p.line[1].type, '-');
	cr_assert_str_eq(p.line[1].text, "b");
	cr_assert_eq(p.line[1].no, 11);
	cr_assert_eq(p.line[2].type, '+');
	cr_assert_str_eq(p.line[2].text, "c");
	cr_assert_eq(p.line[2].no, 11);
	cr_assert_eq(p.line[3].no, 12);
	patch_free(&p);
}

Test(patch, neither_diff_nor_c)
{
	patch p;
	cfx_err e;

	cr_assert_eq(patch_read(&p, "hello\nworld\n", 12, "t", &e), -1);
	cr_assert_str_eq(e.msg, "not a diff and no C found");
	patch_free(&p);
	cr_assert_eq(patch_read(&p, "", 0, "t", &e), -1);
	patch_free(&p);
	cr_assert_eq(patch_read(&p, "int x;\n", 7, "t", &e), 0);
	cr_assert(!p.is_diff);
	cr_assert_eq(p.line[0].type, '+');
	patch_free(&p);
}
