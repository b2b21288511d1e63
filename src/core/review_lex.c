/*
 * review_lex.c - the tokens of `cfx review`'s C reader: one side of a
 * patched file cut into C tokens, and the small readers of a token that
 * the reader's other files use (see review_int.h).
 *
 * review_lex gives the tokens of the lines of one or two types ('+' and
 * ' ' for the new side, '-' and ' ' for the old): comments (decoration
 * taken off, one token per comment, also one a hunk begins inside),
 * directives, identifiers, numbers, strings and operators, each with its
 * line and patch line; review.c lexes both sides of each file for their
 * defines, then the new side again for its walk.  review_file_lines finds a file's run of patch lines
 * by binary search (review_report.c uses it too).  The readers:
 * review_literal (the value of a C integer literal and its L/LL suffix,
 * exact in GMP), review_type_bits (the word of an integer type name;
 * long's is the #if context's), review_is_type_word,
 * review_name_says_hash, review_paren_close and review_cond_end, called
 * from review.c, review_find.c, review_ctx.c, review_eval.c and
 * review_width.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- tokens -------------------------------------------------------------- */

static void tok_add(toks *v, int type, char *s, const patch_line *pl,
                    size_t li)
{
	XGROW(v->t, v->cap, v->n + 1, "review tokens");
	v->t[v->n++] = (tok){ type, s, pl->no, li, pl->type == '+', 0 };
}

void review_toks_free(toks *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		free(v->t[i].s);
	free(v->t);
	memset(v, 0, sizeof *v);
}

/* A comment line without its decoration (" * "), appended to b. */
static void comment_text(struct buf *b, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	if (n && *s == '*' && (n == 1 || s[1] != '/'))
		s++, n--;
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	buf_add(b, s, n);
	buf_putc(b, '\n');
}

static const char *const ops3[] = { "<<=", ">>=", NULL };
static const char *const ops2[] = { "<<", ">>", "+=", "-=", "*=", "/=", "%=",
	"&=", "|=", "^=", "==", "!=", "<=", ">=", "&&", "||", "->", "++", "--",
	NULL };

static size_t op_len(const char *s)
{
	size_t i;

	for (i = 0; ops3[i]; i++)
		if (!strncmp(s, ops3[i], 3))
			return 3;
	for (i = 0; ops2[i]; i++)
		if (!strncmp(s, ops2[i], 2))
			return 2;
	return 1;
}

/* At s, the start of a block comment on line pl: a comment closed on the
 * line becomes a token (when emit) and the text after it is returned; one
 * left open is begun in cm (*cm_at, *cm_li: where) and NULL returned. */
static const char *block_comment(toks *v, struct buf *cm, const char *s,
                                 const patch_line *pl, size_t li,
                                 const patch_line **cm_at, size_t *cm_li,
                                 int emit)
{
	const char *e = strstr(s + 2, "*/");

	if (!e) {
		*cm_at = pl, *cm_li = li;
		comment_text(cm, s + 2, strlen(s + 2));
		return NULL;
	}
	if (emit) {
		comment_text(cm, s + 2, (size_t)(e - s - 2));
		tok_add(v, T_COMMENT, buf_take(cm), pl, li);
	}
	return e + 2;
}

/* The patch lines of file f: [*from, *to).  A file's lines are one run
 * and the runs come in file order (patch_read numbers files as they
 * come), so a binary search finds it: no pass over every line per file. */
void review_file_lines(const patch *pt, size_t f, size_t *from, size_t *to)
{
	size_t lo = 0, hi = pt->nlines;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (pt->line[mid].file < f)
			lo = mid + 1;
		else
			hi = mid;
	}
	*from = lo;
	while (hi < pt->nlines && pt->line[hi].file == f)
		hi++;
	*to = hi;
}

/* The tokens of one side of file f: lines of type a or b.  -1 (and v
 * freed) past REVIEW_MAX_TOKENS tokens, else 0. */
int review_lex(const patch *pt, size_t f, char a, char b, toks *v)
{
	struct buf cm = { 0 };
	const patch_line *cm_at = NULL;
	size_t cm_li = 0, li, hunk = 0, end;
	int seen = 0;

	memset(v, 0, sizeof *v);
	review_file_lines(pt, f, &li, &end);
	for (; li < end; li++) {
		const patch_line *pl = &pt->line[li];
		const char *s = pl->text;

		if (v->n > REVIEW_MAX_TOKENS)
			break;
		if (pl->type != a && pl->type != b)
			continue;
		if (pl->hunk != hunk || !seen) {
			/* a hunk that starts inside a comment: " * text" */
			const char *q = s + strspn(s, " \t");
			hunk = pl->hunk;
			seen = 1;
			if (!cm_at && q[0] == '*' && q[1] != '=')
				cm_at = pl, cm_li = li;
		}
		if (cm_at) {                       /* inside a block comment */
			const char *e = strstr(s, "*/");
			comment_text(&cm, s, e ? (size_t)(e - s) : strlen(s));
			if (!e)
				continue;
			tok_add(v, T_COMMENT, buf_take(&cm), cm_at, cm_li);
			cm_at = NULL;
			s = e + 2;
		}
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#') {                   /* a directive, comments out */
			struct buf d = { 0 }, tail = { 0 };
			while (*s) {
				if (s[0] == '/' && s[1] == '*') {
					/* a comment closed on the directive's line
					 * ("#define K 0x9e3779b9u /" "* prime *" "/") is
					 * its tail, a token after it; one left open is
					 * read as the lines after it */
					const char *e = strstr(s + 2, "*" "/");
					if (!e) {
						block_comment(v, &cm, s, pl, li, &cm_at,
						              &cm_li, 0);
						break;
					}
					comment_text(&tail, s + 2, (size_t)(e - s - 2));
					s = e + 2;
				} else if (s[0] == '/' && s[1] == '/') {
					comment_text(&tail, s + 2, strlen(s + 2));
					break;
				} else {
					buf_putc(&d, *s++);
				}
			}
			tok_add(v, T_PP, buf_take(&d), pl, li);
			if (tail.len) {
				tok_add(v, T_COMMENT, buf_take(&tail), pl, li);
				v->t[v->n - 1].tail = 1;
			}
			buf_free(&tail);
			continue;
		}
		while (*s) {
			size_t n;
			if (isspace((unsigned char)*s)) {
				s++;
				continue;
			}
			if (s[0] == '/' && s[1] == '*') {
				if (!(s = block_comment(v, &cm, s, pl, li, &cm_at, &cm_li,
				                        1)))
					break;
				continue;
			}
			if (s[0] == '/' && s[1] == '/') {
				comment_text(&cm, s + 2, strlen(s + 2));
				tok_add(v, T_COMMENT, buf_take(&cm), pl, li);
				break;
			}
			if (isalpha((unsigned char)*s) || *s == '_') {
				for (n = 1; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
					;
				tok_add(v, T_IDENT, xstrndup(s, n), pl, li);
			} else if (isdigit((unsigned char)*s)) {
				for (n = 1; isalnum((unsigned char)s[n]) || s[n] == '_' ||
				     s[n] == '.'; n++)
					;
				tok_add(v, T_NUM, xstrndup(s, n), pl, li);
			} else if (*s == '"' || *s == '\'') {
				for (n = 1; s[n] && s[n] != *s; n++)
					if (s[n] == '\\' && s[n + 1])
						n++;
				if (s[n])
					n++;
				tok_add(v, T_STR, xstrndup(s, n), pl, li);
			} else {
				n = op_len(s);
				tok_add(v, T_OP, xstrndup(s, n), pl, li);
			}
			s += n;
		}
	}
	if (cm_at)
		tok_add(v, T_COMMENT, buf_take(&cm), cm_at, cm_li);
	buf_free(&cm);
	if (v->n > REVIEW_MAX_TOKENS) {
		review_toks_free(v);
		return -1;
	}
	return 0;
}

/* ---- literals and names -------------------------------------------------- */

/* The value of a C integer literal (suffix U, L, UL, ULL, LL) into z;
 * *suffix_long: 0 none/U, 1 L, 2 LL.  0, or -1 if it is not one. */
int review_literal(const char *s, mpz_t z, int *suffix_long)
{
	size_t n = strlen(s), i;
	char *digits;
	int rc, nl = 0;
	cfx_err e;

	while (n && strchr("uUlL", s[n - 1])) {
		if (s[n - 1] == 'l' || s[n - 1] == 'L')
			nl++;
		n--;
	}
	if (!n || !isdigit((unsigned char)s[0]))
		return -1;
	digits = xstrndup(s, n);
	for (i = 0; i < n; i++)
		if (digits[i] == '.' || digits[i] == '_')
			break;
	if (i < n) {
		free(digits);
		return -1;
	}
	if (digits[0] == '0' && n > 1 && isdigit((unsigned char)digits[1]))
		rc = mpz_set_str(z, digits, 8);    /* C octal */
	else
		rc = constant_value(digits, NULL, NULL, z, &e);
	free(digits);
	if (suffix_long)
		*suffix_long = nl > 2 ? 2 : nl;
	return rc < 0 ? -1 : 0;
}

/* Whether name, lower-cased (its first 63 bytes into low[64]), holds
 * one of the words w as a part: what review_name_says_hash and
 * review_name_says_size both ask. */
static int name_has(const char *name, char low[64], const char *const *w)
{
	size_t i;

	for (i = 0; name[i] && i < 63; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	for (i = 0; w[i]; i++)
		if (strstr(low, w[i]))
			return 1;
	return 0;
}

int review_name_says_hash(const char *name)
{
	static const char *const w[] = { "hash", "golden", "gold", "mult",
		"prime", "ratio", "phi", "fib", NULL };
	char low[64];

	return name_has(name, low, w);
}

/* Whether low (a name in lower case) has one of the words w as a whole
 * part, between '_'s or at its ends ("nr" is no part of "unroll"). */
static int has_part(const char *low, const char *const *w)
{
	size_t i, n;

	for (i = 0; w[i]; i++) {
		const char *p = low;
		n = strlen(w[i]);
		while ((p = strstr(p, w[i]))) {
			if ((p == low || p[-1] == '_') && (p[n] == '\0' || p[n] == '_'))
				return 1;
			p++;
		}
	}
	return 0;
}

/* A name that says a table's size or shape, not a multiplier:
 * HASH_SIZE, PIDHASH_SZ, hash_order, HASH_BITS, HASH_SHIFT, NR_HASH,
 * hash_count, hash_len, HASH_MASK (the short words as whole parts of the
 * name, between '_'s or at its ends: "nr" is no part of "unroll"). */
int review_name_says_size(const char *name)
{
	static const char *const sub[] = { "size", "order", "bits", "shift",
		"mask", "count", NULL };
	static const char *const part[] = { "sz", "nr", "len", "cnt", "num",
		"entries", "buckets", NULL };
	char low[64];

	return name_has(name, low, sub) || has_part(low, part);
}

/* A name that says a seed, a bound or a start value, not a multiplier:
 * FLOW_HASH_SEED, MULT_MAX, HASH_MIN, HASH_LIMIT, FNV_OFFSET_BASIS,
 * HASH_INIT, JHASH_INITVAL, HASH_IV, HASH_SALT (whole parts of the name,
 * between '_'s or at its ends). */
int review_name_says_value(const char *name)
{
	static const char *const part[] = { "seed", "max", "min", "limit",
		"offset", "basis", "init", "initval", "initial", "iv", "salt",
		NULL };
	char low[64];

	name_has(name, low, part + 11);          /* only lowers it: no words */
	return has_part(low, part);
}

/* The word of a C type name, 0 if not an integer type we know; long
 * takes ctx (the #if word), else 64. */
unsigned review_type_bits(const char *t, unsigned ctx, int *is_long)
{
	static const struct { const char *name; unsigned bits; } ty[] = {
		{ "u8", 8 }, { "uint8_t", 8 }, { "__u8", 8 },
		{ "u16", 16 }, { "uint16_t", 16 }, { "__u16", 16 },
		{ "u32", 32 }, { "uint32_t", 32 }, { "__u32", 32 },
		{ "u_int32_t", 32 }, { "int", 32 }, { "unsigned", 32 },
		{ "u64", 64 }, { "uint64_t", 64 }, { "__u64", 64 },
		{ "u_int64_t", 64 }, { "size_t", 0 }, { "uintptr_t", 0 },
		{ "long", 0 },
	};
	size_t i;

	*is_long = 0;
	for (i = 0; i < sizeof ty / sizeof ty[0]; i++)
		if (!strcmp(t, ty[i].name)) {
			if (ty[i].bits)
				return ty[i].bits;
			*is_long = 1;
			return ctx ? ctx : 64;
		}
	return 0;
}

size_t review_paren_close(const tok *t, size_t open, size_t end)
{
	size_t q;
	int par = 0;

	for (q = open; q < end; q++)
		if (!strcmp(t[q].s, "("))
			par++;
		else if (!strcmp(t[q].s, ")") && !--par)
			return q;
	return end;
}

/* Where statement [a, b) starts after an "if (...)" or "else" before
 * it. */
size_t review_cond_end(const tok *t, size_t a, size_t b)
{
	size_t q;

	if (a < b && !strcmp(t[a].s, "else"))
		a++;
	if (!(a + 1 < b && !strcmp(t[a].s, "if") && !strcmp(t[a + 1].s, "(")))
		return a;
	q = review_paren_close(t, a + 1, b);
	return q < b ? q + 1 : b;
}

int review_is_type_word(const char *t)
{
	int l;

	return review_type_bits(t, 0, &l) || !strcmp(t, "const") ||
	       !strcmp(t, "static") || !strcmp(t, "register") ||
	       !strcmp(t, "volatile") || !strcmp(t, "signed") ||
	       !strcmp(t, "short") || !strcmp(t, "char");
}

/* ---- a literal's C type (review_width.c's, review_cexpr.c's) ---- */

void review_cwidth_set(cwidth *o, int model, unsigned bits,
                       const char *type)
{
	o->bits[model] = bits < 32 ? 32 : bits;
	snprintf(o->type[model], sizeof o->type[model], "%s", type);
}

int review_literal_type(const char *s, cwidth *o)
{
	static const struct { const char *name; int rank, uns; } ty[] = {
		{ "int", 0, 0 }, { "unsigned int", 0, 1 },
		{ "long", 1, 0 }, { "unsigned long", 1, 1 },
		{ "long long", 2, 0 }, { "unsigned long long", 2, 1 },
	};
	size_t n = strlen(s), need, k;
	int u = 0, l = 0, dec, model;
	char suf[4] = "";
	mpz_t z;

	while (n && strchr("uUlL", s[n - 1])) {
		if (s[n - 1] == 'u' || s[n - 1] == 'U')
			u = 1;
		else
			l++;
		n--;
	}
	if (l > 2)
		return -1;
	mpz_init(z);
	if (review_literal(s, z, NULL) < 0) {
		mpz_clear(z);
		return -1;
	}
	need = mpz_sizeinbase(z, 2);
	mpz_clear(z);
	dec = !(s[0] == '0' && n > 1);
	memset(o, 0, sizeof *o);
	for (model = 0; model < NMODEL; model++) {
		review_cwidth_set(o, model, 64, "unsigned long long");
		for (k = 0; k < sizeof ty / sizeof ty[0]; k++) {
			unsigned w = ty[k].rank == 0 ? 32 : ty[k].rank == 1 ?
			             review_long_bits(model) : 64;
			if (ty[k].rank < l || (u && !ty[k].uns) ||
			    (dec && !u && ty[k].uns))
				continue;
			if (need <= (ty[k].uns ? w : w - 1)) {
				review_cwidth_set(o, model, w, ty[k].name);
				break;
			}
		}
	}
	snprintf(suf, sizeof suf, "%s%s", u ? "U" : "", l == 2 ? "LL" :
	         l ? "L" : "");
	if (suf[0])
		snprintf(o->why, sizeof o->why, "the suffix %s", suf);
	else if (o->bits[LP64] > 32)
		snprintf(o->why, sizeof o->why, "%s has no suffix and is beyond "
		         "%s", s, dec ? "INT_MAX: a decimal literal's type is "
		         "signed" : "UINT_MAX");
	else
		snprintf(o->why, sizeof o->why, "%s has no suffix", s);
	return 0;
}
