/*
 * review.c - the C reader of `cfx review`: multipliers, words, tables and
 * the symbolic evaluator of open-coded shift/add sequences (see review.h).
 *
 * Each file of the patch is read twice over: its new side (added and
 * context lines) for what the patch makes, its old side (removed and
 * context lines) for what it replaces.  A side is cut into tokens
 * (comments, directives, identifiers, numbers, operators), and one walk
 * over the tokens keeps the #if context, the comments seen since the last
 * statement (the ones a multiplier's claims are read from) and, inside a
 * function, the symbolic value of every variable.
 *
 * The evaluator.  On n-bit words, a straight-line sequence of =, +=, -=,
 * <<=, +, -, <<, negation and multiplication by a constant maps its input
 * x to a x + b mod 2^n: each variable holds (a, b), and the first plain
 * variable read before it is set is the input (a = 1).  Anything else (a
 * call, a pointer, a branch) makes a value unknown.  A variable that takes
 * at least two additions of shifted copies ends as a multiplier a, exact:
 * no input is tried, so no input can be missed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* ---- findings ------------------------------------------------------------ */

/* review_add (review_check.c) records them; this file only calls it. */

static void file_lines(const patch *pt, size_t f, size_t *from, size_t *to);

static int by_place(const void *x, const void *y)
{
	const review_finding *a = x, *b = y;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return 0;
}

void review_sort(review *r)
{
	size_t i, j;

	/* insertion sort: stable, and the lists are short */
	for (i = 1; i < r->nfind; i++) {
		review_finding t = r->find[i];
		for (j = i; j > 0 && by_place(&r->find[j - 1], &t) > 0; j--)
			r->find[j] = r->find[j - 1];
		r->find[j] = t;
	}
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
		file_lines(pt, f, &from, &to);
		for (li = from; li < to; li++)
			if (pt->line[li].type != '-') {
				XGROW(ln, cap, n + 1, "review columns");
				ln[n++] = (numbered){ pt->line[li].no, pt->line[li].text };
			}
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

/* ---- tokens -------------------------------------------------------------- */

enum { T_IDENT, T_NUM, T_OP, T_STR, T_PP, T_COMMENT };

typedef struct tok {
	int type;
	char *s;                 /* the token (a comment: its text) */
	unsigned long line;      /* its line in the file */
	size_t li;               /* index of its patch line */
	int added;               /* on a '+' line */
} tok;

typedef struct toks {
	tok *t;
	size_t n, cap;
} toks;

static void tok_add(toks *v, int type, char *s, const patch_line *pl,
                    size_t li)
{
	XGROW(v->t, v->cap, v->n + 1, "review tokens");
	v->t[v->n++] = (tok){ type, s, pl->no, li, pl->type == '+' };
}

static void toks_free(toks *v)
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
static void file_lines(const patch *pt, size_t f, size_t *from, size_t *to)
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
static int lex(const patch *pt, size_t f, char a, char b, toks *v)
{
	struct buf cm = { 0 };
	const patch_line *cm_at = NULL;
	size_t cm_li = 0, li, hunk = 0, end;
	int seen = 0;

	memset(v, 0, sizeof *v);
	file_lines(pt, f, &li, &end);
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
			struct buf d = { 0 };
			while (*s) {
				if (s[0] == '/' && s[1] == '*') {
					/* a comment on a directive line is dropped */
					if (!(s = block_comment(v, &cm, s, pl, li, &cm_at,
					                        &cm_li, 0)))
						break;
				} else if (s[0] == '/' && s[1] == '/') {
					break;
				} else {
					buf_putc(&d, *s++);
				}
			}
			tok_add(v, T_PP, buf_take(&d), pl, li);
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
		toks_free(v);
		return -1;
	}
	return 0;
}

/* ---- literals and names -------------------------------------------------- */

/* The value of a C integer literal (suffix U, L, UL, ULL, LL) into z;
 * *suffix_long: 0 none/U, 1 L, 2 LL.  0, or -1 if it is not one. */
static int literal(const char *s, mpz_t z, int *suffix_long)
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

static int name_says_hash(const char *name)
{
	static const char *const w[] = { "hash", "golden", "gold", "mult",
		"prime", "ratio", "phi", "fib", NULL };
	char low[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof low - 1; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	for (i = 0; w[i]; i++)
		if (strstr(low, w[i]))
			return 1;
	return 0;
}

/* The word of a C type name, 0 if not an integer type we know; long
 * takes ctx (the #if word), else 64. */
static unsigned type_bits(const char *t, unsigned ctx, int *is_long)
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

static int is_type_word(const char *t)
{
	int l;

	return type_bits(t, 0, &l) || !strcmp(t, "const") ||
	       !strcmp(t, "static") || !strcmp(t, "register") ||
	       !strcmp(t, "volatile") || !strcmp(t, "signed") ||
	       !strcmp(t, "short") || !strcmp(t, "char");
}

/* ---- #if context --------------------------------------------------------- */

#define MAX_IF 32

typedef struct ifctx {
	int depth;
	int seen[MAX_IF];        /* words of the branches so far (bit 32: 1,
	                          * bit 64: 2) */
	unsigned cur[MAX_IF];    /* the word of the branch we are in, 0 */
	unsigned long line[MAX_IF];
	char cond[MAX_IF][48];
} ifctx;

/* The word a comparison selects, at e (its operator): "== 64", "!= 32",
 * "> 32"; v64 and v32 are how the condition writes each word (64 and 32
 * for BITS_PER_LONG, 8 and 4 for sizeof(long)).  0: neither. */
static unsigned cmp_word(const char *e, unsigned long v64, unsigned long v32)
{
	int ne, gt;
	unsigned long v;
	unsigned w;

	e += strcspn(e, "=!<>");
	ne = e[0] == '!';
	gt = e[0] == '>';
	e += strspn(e, "=!<> \t");
	v = strtoul(e, NULL, 10);
	if (v != v64 && v != v32)
		return 0;
	w = v == v64 ? 64 : 32;
	if (gt)
		w = 64;
	else if (ne)
		w = w == 32 ? 64 : 32;
	return w;
}

/* Where c names the size of a long in bytes (sizeof(long), sizeof(unsigned
 * long), sizeof(void *), sizeof(size_t), __SIZEOF_LONG__,
 * __SIZEOF_POINTER__), the text after it; else NULL. */
static const char *sizeof_long(const char *c)
{
	static const char *const ty[] = { "unsigned long", "long", "void *",
		"size_t", "uintptr_t", NULL };
	const char *s;
	size_t k, n;

	if ((s = strstr(c, "__SIZEOF_LONG__")) ||
	    (s = strstr(c, "__SIZEOF_POINTER__")))
		return s + strcspn(s, " \t=!<>");
	for (s = c; (s = strstr(s, "sizeof")); s++) {
		const char *p = s + 6;
		p += strspn(p, " \t");
		if (*p++ != '(')
			continue;
		p += strspn(p, " \t");
		for (k = 0; ty[k]; k++) {
			n = strlen(ty[k]);
			if (ty[k][n - 1] == '*' && !strncmp(p, "void", 4)) {
				const char *q = p + 4 + strspn(p + 4, " \t");
				if (*q == '*') {
					p = q + 1;
					break;
				}
			} else if (!strncmp(p, ty[k], n) && !isalnum((unsigned char)p[n])
			           && p[n] != '_') {
				p += n;
				break;
			}
		}
		if (!ty[k])
			continue;
		p += strspn(p, " \t");
		if (*p == ')')
			return p + 1;
	}
	return NULL;
}

/* The word a condition selects: 32, 64 or 0. */
static unsigned cond_word(const char *c, int negate)
{
	const char *b = strstr(c, "BITS_PER_LONG");
	unsigned w = 0;

	if (!b)
		b = strstr(c, "__BITS_PER_LONG");
	if (b) {
		w = cmp_word(b, 64, 32);
	} else if ((b = sizeof_long(c))) {
		w = cmp_word(b, 8, 4);
	} else if (strstr(c, "CONFIG_64BIT") || strstr(c, "__LP64__") ||
	           strstr(c, "_LP64") || strstr(c, "__x86_64__")) {
		w = strstr(c, "!defined") || strstr(c, "! defined") ||
		    strstr(c, "!IS_ENABLED") || strstr(c, "! IS_ENABLED") ? 32 : 64;
	} else if (strstr(c, "CONFIG_32BIT")) {
		w = 32;
	}
	if (negate && w)
		w = w == 32 ? 64 : 32;
	return w;
}

static void if_directive(ifctx *x, const char *d, unsigned long line)
{
	const char *s = d + 1;
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strcspn(s, " \t(");
	if ((n == 2 && !strncmp(s, "if", 2)) ||
	    (n == 5 && !strncmp(s, "ifdef", 5)) ||
	    (n == 6 && !strncmp(s, "ifndef", 6))) {
		if (x->depth < MAX_IF) {
			int k = x->depth;
			x->cur[k] = cond_word(s + n, n == 6);
			x->seen[k] = x->cur[k] == 32 ? 1 : x->cur[k] == 64 ? 2 : 0;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "%s", d);
		}
		x->depth++;
	} else if (n == 4 && !strncmp(s, "elif", 4)) {
		int k;
		if (x->depth == 0)
			x->depth = 1, x->seen[0] = 0;   /* its #if is not in the hunk */
		if ((k = x->depth - 1) < MAX_IF) {
			x->cur[k] = cond_word(s + n, 0);
			x->seen[k] |= x->cur[k] == 32 ? 1 : x->cur[k] == 64 ? 2 : 0;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "%s", d);
		}
	} else if (n == 4 && !strncmp(s, "else", 4)) {
		int k = x->depth - 1;
		if (k >= 0 && k < MAX_IF) {
			x->cur[k] = x->seen[k] == 1 ? 64 : x->seen[k] == 2 ? 32 : 0;
			x->seen[k] = 3;
			x->line[k] = line;
			snprintf(x->cond[k], sizeof x->cond[k], "#else of %s",
			         x->cur[k] == 64 ? "BITS_PER_LONG == 32" :
			         "BITS_PER_LONG == 64");
		}
	} else if (n == 5 && !strncmp(s, "endif", 5)) {
		if (x->depth > 0)
			x->depth--;
	}
}

/* The innermost word the #if context selects (0: none), its directive
 * and line in *cond, *line. */
static unsigned if_word(const ifctx *x, const char **cond,
                        unsigned long *line)
{
	int k;

	for (k = (x->depth < MAX_IF ? x->depth : MAX_IF) - 1; k >= 0; k--)
		if (x->cur[k]) {
			if (cond)
				*cond = x->cond[k];
			if (line)
				*line = x->line[k];
			return x->cur[k];
		}
	return 0;
}

/* ---- defines ------------------------------------------------------------- */

typedef struct define {
	char *name;
	char *text;              /* the value as written */
	int valid;               /* an integer literal (or a name of one) */
	mpz_t v;
	int suffix_long;
	unsigned ctx;            /* the #if word around it */
	size_t file;
	unsigned long line;
	int added;
	size_t tok;              /* its token in the side's lex */
	unsigned long hash;      /* of name */
	size_t next;             /* the one before it in its bucket */
} define;

/* Defines in patch order, and a hash index of their names: a bucket's
 * chain runs from the newest define to the oldest. */
typedef struct defs {
	define *d;
	size_t n, cap;
	size_t *head;            /* nhead buckets (a power of 2), REVIEW_NONE */
	size_t nhead;
} defs;

static unsigned long name_hash(const char *s)
{
	unsigned long h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Index the last define (s->n - 1), rebuilding the buckets when they
 * are half full. */
static void defs_index(defs *s)
{
	size_t k, from = s->n - 1;

	if (2 * s->n > s->nhead) {
		s->nhead = s->nhead ? 2 * s->nhead : 64;
		s->head = xrealloc(s->head, s->nhead * sizeof *s->head,
		                   "review defines");
		for (k = 0; k < s->nhead; k++)
			s->head[k] = REVIEW_NONE;
		from = 0;
	}
	for (k = from; k < s->n; k++) {
		size_t b = s->d[k].hash & (s->nhead - 1);
		s->d[k].next = s->head[b];
		s->head[b] = k;
	}
}

static void defs_free(defs *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->d[i].name);
		free(s->d[i].text);
		mpz_clear(s->d[i].v);
	}
	free(s->d);
	free(s->head);
	memset(s, 0, sizeof *s);
}

/* The last define of name; with ctx, the last of word ctx, else the
 * first of any word.  NULL if there is none. */
static const define *defs_find(const defs *s, const char *name, unsigned ctx)
{
	const define *first = NULL;
	size_t i;

	if (!s->nhead)
		return NULL;
	for (i = s->head[name_hash(name) & (s->nhead - 1)]; i != REVIEW_NONE;
	     i = s->d[i].next) {
		const define *d = &s->d[i];
		if (strcmp(d->name, name))
			continue;
		if (!ctx || d->ctx == ctx)
			return d;
		first = d;
	}
	return first;
}

/* The value text of "#define NAME VALUE" without parentheses and casts:
 * a pointer into buf. */
static char *strip_value(char *s)
{
	size_t n;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		n = strlen(s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			s[--n] = '\0';
		if (*s != '(')
			return s;
		/* a cast "(u64)x" or parentheses "(x)" */
		{
			char *e = strchr(s, ')');
			size_t k;
			int cast = 1;
			if (!e)
				return s;
			for (k = 1; s + k < e; k++)
				if (!isalnum((unsigned char)s[k]) && s[k] != '_' &&
				    s[k] != ' ' && s[k] != '*')
					cast = 0;
			if (e[1] == '\0' && s[n - 1] == ')') {
				s[n - 1] = '\0';
				s++;
			} else if (cast && isalpha((unsigned char)s[1])) {
				s = e + 1;
			} else {
				return s;
			}
		}
	}
}

/* Record "#define NAME VALUE" of directive d, token ti of its side. */
static void define_add(defs *s, const char *d, unsigned ctx, size_t file,
                       unsigned long line, int added, size_t ti)
{
	const char *p = d + 1;
	char *val, *buf;
	size_t n;
	define *x;

	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "define", 6) || (p[6] != ' ' && p[6] != '\t'))
		return;
	p += 6;
	while (*p == ' ' || *p == '\t')
		p++;
	for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '_'; n++)
		;
	if (!n || p[n] == '(')                  /* a macro with arguments */
		return;
	XGROW(s->d, s->cap, s->n + 1, "review defines");
	x = &s->d[s->n++];
	memset(x, 0, sizeof *x);
	x->name = xstrndup(p, n);
	buf = xstrdup(p + n);
	val = strip_value(buf);
	x->text = xstrdup(val);
	mpz_init(x->v);
	x->ctx = ctx;
	x->file = file;
	x->line = line;
	x->added = added;
	x->tok = ti;
	x->hash = name_hash(x->name);
	if (literal(val, x->v, &x->suffix_long) == 0) {
		x->valid = 1;
	} else if (isalpha((unsigned char)*val) || *val == '_') {
		const define *o = defs_find(s, val, ctx);
		/* x is not indexed yet; "#define A A" is not an earlier A */
		if (o && o->valid && strcmp(val, x->name)) {
			mpz_set(x->v, o->v);
			x->suffix_long = o->suffix_long;
			x->valid = 1;
		}
	}
	free(buf);
	defs_index(s);
}

/* ---- the walk ------------------------------------------------------------ */

/* A C-level "if (COND)" or "else" whose condition selects a word. */
typedef struct cif {
	int depth;               /* the block it governs (-1: one statement) */
	unsigned word;           /* 32, 64, 0: none */
	unsigned long line;
	char cond[48];           /* "if (BITS_PER_LONG == 64)" */
} cif;

#define MAX_VARS 32

typedef struct sym {
	char name[32];
	unsigned bits;           /* 0: not declared here (the word's) */
	int known;               /* a x + b */
	uint64_t a, b;
	unsigned adds, shifts;   /* steps that made it */
	int is_input;
	int is_ptr;
} sym;

typedef struct walk {
	review *r;
	const patch *pt;
	defs *newd, *oldd;
	size_t defi;             /* newd's first define not behind the walk */
	size_t bits_def[VERIFY_MAX_TABLE_BITS + 1];  /* the file's first *_BITS
	                          * define of value 1..c, REVIEW_NONE */
	size_t file;
	toks v;
	ifctx ifs;
	/* C-level conditions on the word ("if (BITS_PER_LONG == 64)", "if
	 * (sizeof(long) == 8)") around the statement or block being read:
	 * the innermost with a word comes before the #if's */
	cif cifs[MAX_IF];
	int ncif;
	cif last_if[MAX_IF];     /* per brace depth: the last if, for else */
	size_t comments[16];     /* comment tokens since the last statement */
	size_t ncomments;
	size_t fn_comments[16];  /* the function's: before it and inside */
	size_t nfn;
	/* the function being evaluated */
	int depth;               /* brace depth */
	sym var[MAX_VARS];
	size_t nvar;
	int have_input;
	unsigned word;           /* the function's word (first declared) */
	struct buf code;         /* statements since the input was read */
	unsigned long code_line; /* the first of them */
	int code_added;          /* one of them is on a '+' line */
} walk;

static sym *var_find(walk *w, const char *name)
{
	size_t i;

	for (i = 0; i < w->nvar; i++)
		if (!strcmp(w->var[i].name, name))
			return &w->var[i];
	return NULL;
}

static sym *var_get(walk *w, const char *name)
{
	sym *s = var_find(w, name);

	if (s || w->nvar == MAX_VARS || strlen(name) >= sizeof s->name)
		return s;
	s = &w->var[w->nvar++];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	return s;
}

/* The innermost word of the context: a C-level if's, else the #if's
 * (if_word); its condition and line in *cond, *line (may be NULL). */
static unsigned ctx_word(const walk *w, const char **cond,
                         unsigned long *line)
{
	int k;

	for (k = w->ncif - 1; k >= 0; k--)
		if (w->cifs[k].word) {
			if (cond)
				*cond = w->cifs[k].cond;
			if (line)
				*line = w->cifs[k].line;
			return w->cifs[k].word;
		}
	return if_word(&w->ifs, cond, line);
}

/* The word "if (COND)" at t[a] selects (0: none), COND's text into b
 * (tokens joined by spaces). */
static unsigned if_cond(const tok *t, size_t a, size_t e, struct buf *b)
{
	size_t q;
	int par = 0;

	for (q = a + 1; q < e; q++) {
		if (!strcmp(t[q].s, "("))
			par++;
		else if (!strcmp(t[q].s, ")") && !--par)
			break;
		if (q > a + 1)
			buf_printf(b, "%s%s", q > a + 2 ? " " : "", t[q].s);
	}
	return cond_word(buf_str(b), 0);
}

/* Where the statement or block header ending before t[k] starts: after
 * the ';', '{', '}' or directive before it. */
static size_t head_of(const tok *t, size_t k)
{
	while (k > 0 && t[k - 1].type != T_PP && strcmp(t[k - 1].s, ";") &&
	       strcmp(t[k - 1].s, "{") && strcmp(t[k - 1].s, "}"))
		k--;
	return k;
}

/* The '{' that opens the block around t[k] (t[k] itself not counted),
 * or REVIEW_NONE. */
static size_t open_of(const tok *t, size_t k)
{
	int depth = 0;

	while (k-- > 0) {
		if (t[k].type == T_PP)
			continue;
		if (!strcmp(t[k].s, "}"))
			depth++;
		else if (!strcmp(t[k].s, "{") && depth-- == 0)
			return k;
	}
	return REVIEW_NONE;
}

/* The word of the C-level if that governs the statement starting at
 * t[a], read back from it: "if (COND) stmt;", "if (COND) { ... }" (the
 * innermost block), and the else of either ("else stmt;", "else { ...
 * }").  0: none. */
static unsigned use_ctx(const walk *w, size_t a)
{
	const tok *t = w->v.t;
	struct buf b = { 0 };
	size_t h = a, k;
	unsigned word = 0;
	int neg = 0;

	if (strcmp(t[a].s, "if") && strcmp(t[a].s, "else")) {
		if ((k = open_of(t, a)) == REVIEW_NONE)
			return 0;
		h = head_of(t, k);
	}
	if (!strcmp(t[h].s, "else")) {          /* the if before it */
		if (h == 0)
			return 0;
		if (!strcmp(t[h - 1].s, "}")) {
			if ((k = open_of(t, h - 1)) == REVIEW_NONE)
				return 0;
			h = head_of(t, k);
		} else if (!strcmp(t[h - 1].s, ";")) {
			h = head_of(t, h - 1);
		} else {
			return 0;
		}
		neg = 1;
	}
	if (!strcmp(t[h].s, "if") && h + 1 < w->v.n && !strcmp(t[h + 1].s, "("))
		word = if_cond(t, h, w->v.n, &b);
	buf_free(&b);
	return word && neg ? (word == 32 ? 64 : 32) : word;
}

/* Whether tokens [a, e) begin with "if (COND)", "else if (COND)" or
 * "else": 1 with *c set (its word 0 when COND says none; an else's the
 * other word of the if before it at this depth), and that if remembered
 * for an else; 0 otherwise (the depth's if forgotten). */
static int cif_header(walk *w, size_t a, size_t e, cif *c)
{
	const tok *t = w->v.t;
	cif *last = &w->last_if[w->depth < MAX_IF ? w->depth : MAX_IF - 1];
	struct buf b = { 0 };

	memset(c, 0, sizeof *c);
	if (a < e && !strcmp(t[a].s, "else") && t[a].type == T_IDENT &&
	    !(a + 1 < e && !strcmp(t[a + 1].s, "if"))) {
		c->line = t[a].line;
		if (last->word) {
			c->word = last->word == 32 ? 64 : 32;
			snprintf(c->cond, sizeof c->cond, "else of %s", last->cond);
		}
		last->word = 0;
		return 1;
	}
	if (a < e && !strcmp(t[a].s, "else"))
		a++;
	if (!(a + 1 < e && t[a].type == T_IDENT && !strcmp(t[a].s, "if") &&
	      !strcmp(t[a + 1].s, "("))) {
		last->word = 0;
		return 0;
	}
	c->line = t[a].line;
	c->word = if_cond(t, a, e, &b);
	snprintf(c->cond, sizeof c->cond, "if (%s)", buf_str(&b));
	buf_free(&b);
	*last = *c;
	return 1;
}

/* A value of the evaluator. */
typedef struct val {
	int known;               /* 0: unknown */
	uint64_t a, b;           /* a x + b */
	unsigned adds, shifts;
	int rshift;              /* it is something >> k (k: rshift_amt) */
} val;

static const val UNKNOWN = { 0, 0, 0, 0, 0, 0 };

typedef struct ev {
	walk *w;
	const tok *t;
	size_t i, end;
	uint64_t mask;
	int bad;                 /* something the evaluator does not model */
} ev;

static val e_expr(ev *e, int prec);

static int at_op(const ev *e, const char *op)
{
	return e->i < e->end && e->t[e->i].type == T_OP &&
	       !strcmp(e->t[e->i].s, op);
}

static val cnst(uint64_t c)
{
	val v = { 1, 0, c, 0, 0, 0 };
	return v;
}

/* Is tokens [i, ...) "( type words )"? Returns the index after ')' or 0. */
static size_t cast_end(const ev *e, size_t i)
{
	size_t j = i + 1;

	if (!(e->t[i].type == T_OP && !strcmp(e->t[i].s, "(")))
		return 0;
	while (j < e->end && e->t[j].type == T_IDENT && is_type_word(e->t[j].s))
		j++;
	if (j == i + 1 || j >= e->end || strcmp(e->t[j].s, ")"))
		return 0;
	return j + 1;
}

static val e_primary(ev *e)
{
	const tok *t;
	size_t ce;

	if (e->i >= e->end) {
		e->bad = 1;
		return UNKNOWN;
	}
	t = &e->t[e->i];
	if ((ce = cast_end(e, e->i))) {
		unsigned bits = 0;
		int l;
		size_t k;
		val v;
		for (k = e->i + 1; k + 1 < ce; k++)
			if (type_bits(e->t[k].s, e->w->word, &l))
				bits = type_bits(e->t[k].s, e->w->word, &l);
		e->i = ce;
		v = e_expr(e, 14);                  /* a cast binds as unary */
		if (v.known && bits && bits < 64) {
			v.a &= word_mask(bits);
			v.b &= word_mask(bits);
		}
		return v;
	}
	if (t->type == T_OP && !strcmp(t->s, "(")) {
		val v;
		e->i++;
		v = e_expr(e, 0);
		if (at_op(e, ")"))
			e->i++;
		else
			e->bad = 1;
		return v;
	}
	if (t->type == T_OP && (!strcmp(t->s, "-") || !strcmp(t->s, "+") ||
	                        !strcmp(t->s, "~"))) {
		char op = t->s[0];
		val v;
		e->i++;
		v = e_expr(e, 14);
		if (!v.known || op == '+')
			return v;
		if (op == '-') {
			v.a = -v.a, v.b = -v.b;
		} else {
			v.a = -v.a, v.b = ~v.b;    /* ~y = -y - 1 */
		}
		return v;
	}
	if (t->type == T_NUM) {
		mpz_t z;
		val v = UNKNOWN;
		mpz_init(z);
		if (literal(t->s, z, NULL) == 0 && mpz_sizeinbase(z, 2) <= 64)
			v = cnst(mpz_get_ui(z));
		else
			e->bad = 1;
		mpz_clear(z);
		e->i++;
		return v;
	}
	if (t->type == T_IDENT) {
		const char *next = e->i + 1 < e->end ? e->t[e->i + 1].s : "";
		sym *s;
		const define *d;
		e->i++;
		if (!strcmp(next, "(") || !strcmp(next, "->") ||
		    !strcmp(next, ".") || !strcmp(next, "[")) {
			/* a call, a member, an element: skip it, unknown */
			int par = 0;
			while (e->i < e->end) {
				const char *s2 = e->t[e->i].s;
				if (!strcmp(s2, "(") || !strcmp(s2, "["))
					par++;
				else if (!strcmp(s2, ")") || !strcmp(s2, "]")) {
					if (!par)
						break;
					if (!--par) {
						e->i++;
						continue;
					}
				} else if (!par && e->t[e->i].type != T_IDENT &&
				           strcmp(s2, "->") && strcmp(s2, "."))
					break;
				e->i++;
			}
			return UNKNOWN;
		}
		if ((s = var_find(e->w, t->s))) {
			val v = UNKNOWN;
			if (s->known) {
				v.known = 1, v.a = s->a, v.b = s->b;
				v.adds = s->adds, v.shifts = s->shifts;
			} else if (!e->w->have_input && !s->is_ptr) {
				s->is_input = s->known = 1, s->a = 1, s->b = 0;
				e->w->have_input = 1;
				v.known = 1, v.a = 1;
			}
			return v;
		}
		if ((d = defs_find(e->w->newd, t->s, e->w->word)) && d->valid &&
		    mpz_sizeinbase(d->v, 2) <= 64)
			return cnst(mpz_get_ui(d->v));
		if (!e->w->have_input && (s = var_get(e->w, t->s))) {
			/* a parameter or an outer value read first: the input */
			s->is_input = s->known = 1, s->a = 1, s->b = 0;
			e->w->have_input = 1;
			return (val){ 1, 1, 0, 0, 0, 0 };
		}
		return UNKNOWN;
	}
	e->bad = 1;
	e->i++;
	return UNKNOWN;
}

static int bin_prec(const char *s)
{
	if (!strcmp(s, "*"))
		return 13;
	if (!strcmp(s, "+") || !strcmp(s, "-"))
		return 12;
	if (!strcmp(s, "<<") || !strcmp(s, ">>"))
		return 11;
	if (!strcmp(s, "&"))
		return 8;
	if (!strcmp(s, "^"))
		return 7;
	if (!strcmp(s, "|"))
		return 6;
	return -1;
}

/* Apply a binary operator (the evaluator's model of it). */
static val apply(ev *e, const char *op, val l, val r)
{
	val v = UNKNOWN;

	if (!l.known || !r.known)
		return UNKNOWN;
	v.known = 1;
	v.adds = l.adds + r.adds;
	v.shifts = l.shifts + r.shifts;
	if (!strcmp(op, "+") || !strcmp(op, "-")) {
		int sub = op[0] == '-';
		v.a = sub ? l.a - r.a : l.a + r.a;
		v.b = sub ? l.b - r.b : l.b + r.b;
		if (l.a && r.a)
			v.adds++;
	} else if (!strcmp(op, "*")) {
		if (l.a && r.a)
			return UNKNOWN;             /* x * x: not linear */
		v.a = l.a * r.b + r.a * l.b;
		v.b = l.b * r.b;
	} else if (!strcmp(op, "<<")) {
		if (r.a || r.b >= 64)
			return UNKNOWN;
		v.a = l.a << r.b, v.b = l.b << r.b;
		if (l.a)
			v.shifts++;
	} else if (!l.a && !r.a) {              /* constants only */
		v.b = !strcmp(op, "&") ? l.b & r.b : !strcmp(op, "|") ? l.b | r.b
		      : !strcmp(op, "^") ? l.b ^ r.b : !strcmp(op, ">>") ?
		      (r.b < 64 ? l.b >> r.b : 0) : 0;
	} else {
		return UNKNOWN;
	}
	v.a &= e->mask;
	v.b &= e->mask;
	return v;
}

static val e_expr(ev *e, int prec)
{
	val l = e_primary(e);

	while (e->i < e->end && e->t[e->i].type == T_OP) {
		const char *op = e->t[e->i].s;
		int p = bin_prec(op);
		val r;
		if (p < 0 || p <= prec)
			break;
		e->i++;
		r = e_expr(e, p);
		l = apply(e, op, l, r);
	}
	return l;
}

/* ---- the widths C computes in -------------------------------------------- */

/* The two data models a kernel is built for: LP64 (long is 64 bits) and
 * ILP32 (long is 32). */
enum { LP64, ILP32, NMODEL };

static const char *const model_name[NMODEL] = { "LP64", "ILP32" };

/* A C integer type's width in each data model after the integer
 * promotions (never below int's 32), its name in each, and why. */
typedef struct cwidth {
	unsigned bits[NMODEL];
	char type[NMODEL][40];
	char why[96];
} cwidth;

static unsigned long_bits(int model)
{
	return model == LP64 ? 64 : 32;
}

static void cwidth_set(cwidth *o, int model, unsigned bits, const char *type)
{
	o->bits[model] = bits < 32 ? 32 : bits;
	snprintf(o->type[model], sizeof o->type[model], "%s", type);
}

/* The type C gives the integer literal s in each model: the first of its
 * suffix's list (C11 6.4.4.1) that holds its value; a decimal literal
 * with no U has only signed types.  0, or -1 if s is not a literal. */
static int literal_width(const char *s, cwidth *o)
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
	if (literal(s, z, NULL) < 0) {
		mpz_clear(z);
		return -1;
	}
	need = mpz_sizeinbase(z, 2);
	mpz_clear(z);
	dec = !(s[0] == '0' && n > 1);
	memset(o, 0, sizeof *o);
	for (model = 0; model < NMODEL; model++) {
		cwidth_set(o, model, 64, "unsigned long long");
		for (k = 0; k < sizeof ty / sizeof ty[0]; k++) {
			unsigned w = ty[k].rank == 0 ? 32 : ty[k].rank == 1 ?
			             long_bits(model) : 64;
			if (ty[k].rank < l || (u && !ty[k].uns) ||
			    (dec && !u && ty[k].uns))
				continue;
			if (need <= (ty[k].uns ? w : w - 1)) {
				cwidth_set(o, model, w, ty[k].name);
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

/* ---- multipliers --------------------------------------------------------- */

static size_t mult_new(review *r, review_kind k, size_t file,
                       unsigned long line, const char *name, const char *text)
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
	m->same_as = REVIEW_NONE;
	m->shift = -1;
	m->verify = 1;
	return r->nmult++;
}

/* Why C gives the literal s (width bits of value) the type lw says
 * (literal_width), as a word note. */
static void literal_note(const char *s, const cwidth *lw, size_t width,
                         char *why, size_t n)
{
	const char *suf = s + strlen(s);
	int u, l;

	while (suf > s && strchr("uUlL", suf[-1]))
		suf--;
	u = strpbrk(suf, "uU") != NULL;
	l = (int)strlen(suf) - u;
	if (l == 2)
		snprintf(why, n, "suffix %sLL: %s is 64 bits", u ? "U" : "",
		         lw->type[LP64]);
	else if (l == 1)
		snprintf(why, n, "suffix %sL with no #if BITS_PER_LONG: long "
		         "taken as 64 bits (LP64)", u ? "U" : "");
	else if (width > 32)
		snprintf(why, n, "its value needs more than 32 bits");
	else if (u)
		snprintf(why, n, "suffix U: unsigned int, 32 bits");
	else if (!strcmp(lw->type[LP64], "int"))
		snprintf(why, n, "no suffix and no type: int, 32 bits");
	else if (lw->bits[LP64] == 32)
		snprintf(why, n, "no suffix and no type: %s literal beyond "
		         "INT_MAX is %s, 32 bits", s[1] == 'x' || s[1] == 'X' ?
		         "a hex" : "an octal", lw->type[LP64]);
	else if (strcmp(lw->type[LP64], lw->type[ILP32]))
		snprintf(why, n, "no suffix and no type: a decimal literal beyond "
		         "INT_MAX is %s on LP64 and %s on ILP32, %u bits",
		         lw->type[LP64], lw->type[ILP32], lw->bits[LP64]);
	else
		snprintf(why, n, "no suffix and no type: a decimal literal beyond "
		         "INT_MAX is %s, %u bits", lw->type[LP64], lw->bits[LP64]);
}

/* The word of a constant from what is known of it, and why: its type,
 * the #if around it, else the type C gives its literal (literal_width,
 * the type the overflow check computes in; long's 64 bits of LP64 where
 * the models differ). */
static void infer_word(review_mult *m, unsigned type_word, const char *type,
                       int suffix_long, unsigned ctx, const char *cond,
                       unsigned long cond_line)
{
	size_t width = mpz_sizeinbase(m->p, 2);
	char where[80] = "";
	cwidth lw;

	m->ctx_bits = (int)ctx;
	if (ctx)
		snprintf(where, sizeof where, "%s (line %lu)", cond, cond_line);
	if (type_word) {
		m->bits = type_word;
		snprintf(m->why_bits, sizeof m->why_bits, "its type %s%s%s", type,
		         ctx ? ", under " : "", where);
	} else if (ctx) {
		m->bits = ctx;
		snprintf(m->why_bits, sizeof m->why_bits, "under %s%s", where,
		         suffix_long == 1 ? ", suffix UL: unsigned long" :
		         suffix_long == 2 ? ", suffix ULL" : "");
	} else if (literal_width(m->text, &lw) == 0) {
		m->bits = lw.bits[LP64];
		literal_note(m->text, &lw, width, m->why_bits, sizeof m->why_bits);
	} else if (suffix_long == 2) {
		m->bits = 64;
		snprintf(m->why_bits, sizeof m->why_bits,
		         "suffix ULL: unsigned long long is 64 bits");
	} else if (suffix_long == 1) {
		m->bits = 64;
		snprintf(m->why_bits, sizeof m->why_bits,
		         "suffix UL with no #if BITS_PER_LONG: long taken as 64 "
		         "bits (LP64)");
	} else {
		m->bits = width > 32 ? 64 : 32;
		snprintf(m->why_bits, sizeof m->why_bits, "%s",
		         width > 32 ? "its value needs more than 32 bits" :
		         "no suffix and no type: taken as 32 bits");
	}
}

/* A constant's claims, word checks and form, found at line. */
static void constant_found(walk *w, size_t i);

static void claims_of(walk *w, size_t i);

/* The literal a new literal product replaces: the first "* LITERAL"
 * (at least 2^8) on a removed line of the same hunk. */
static void literal_replaced(walk *w, review_mult *m)
{
	const patch *pt = w->pt;
	size_t li, hunk = (size_t)-1, from, to;

	file_lines(pt, m->file, &from, &to);
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
			if (literal(num, z, &sl) == 0 && mpz_cmp_ui(z, 255) > 0 &&
			    mpz_cmp(z, m->p)) {
				m->has_old = 1;
				mpz_set(m->old, z);
				m->old_line = pl->no;
				m->old_text = xstrdup(num);
				mpz_clear(z);
				return;
			}
			mpz_clear(z);
		}
	}
}

static int type_kw(const tok *t)
{
	return t->type == T_IDENT && (!strcmp(t->s, "unsigned") ||
	       !strcmp(t->s, "signed") || !strcmp(t->s, "int") ||
	       !strcmp(t->s, "long") || !strcmp(t->s, "short") ||
	       !strcmp(t->s, "char"));
}

/* The word of the C type whose last token is t[e] (its first at or after
 * lo): 32 for u32, uint32_t, __u32, u_int32_t, unsigned [int], int; 64
 * for u64, uint64_t, __u64, u_int64_t, [unsigned] long long; 0 for any
 * other (long's word is the #if's, not the type's).  *first (may be
 * NULL): where the type starts. */
static unsigned type_word_at(const tok *t, size_t e, size_t lo, size_t *first)
{
	size_t b = e;
	unsigned bits = 0;
	int longs = 0, other = 0, l;

	if (t[e].type != T_IDENT)
		return 0;
	if (!type_kw(&t[e])) {
		if (first)
			*first = e;
		bits = type_bits(t[e].s, 0, &l);
		return l ? 0 : bits;
	}
	while (b > lo && type_kw(&t[b - 1]))
		b--;
	for (size_t k = b; k <= e; k++) {
		longs += !strcmp(t[k].s, "long");
		other += !strcmp(t[k].s, "short") || !strcmp(t[k].s, "char");
	}
	if (first)
		*first = b;
	return other ? 0 : longs == 2 ? 64 : longs ? 0 : 32;
}

/* The type t[a..e] as written ("unsigned long long") into s. */
static void type_text(const tok *t, size_t a, size_t e, char *s, size_t n)
{
	size_t k;

	s[0] = '\0';
	for (k = a; k <= e && strlen(s) + 1 < n; k++)
		snprintf(s + strlen(s), n - strlen(s), "%s%s", k > a ? " " : "",
		         t[k].s);
}

/* Whether the multiply at t[i] is inside a group "(...)" that closes
 * before t[k] and is cast to a 32-bit type or passed to hash_32(): the
 * statement starts at a. */
static int narrowed(const tok *t, size_t a, size_t i, size_t k)
{
	size_t p, q, first;

	for (p = a; p < i; p++) {
		int par = 0;
		if (strcmp(t[p].s, "("))
			continue;
		for (q = p; q < k; q++)
			if (!strcmp(t[q].s, "("))
				par++;
			else if (!strcmp(t[q].s, ")") && !--par)
				break;
		if (q >= k || q < i)
			continue;
		if (p > a && t[p - 1].type == T_IDENT &&
		    !strcmp(t[p - 1].s, "hash_32"))
			return 1;
		if (p >= a + 3 && !strcmp(t[p - 1].s, ")") &&
		    type_word_at(t, p - 2, a, &first) == 32 && first > a &&
		    !strcmp(t[first - 1].s, "("))
			return 1;
	}
	return 0;
}

static int operand_width(const walk *w, size_t a, size_t b, size_t i,
                         cwidth *o);

/* The word of a use at token i (statement [a, b)) that keeps the
 * product in tw bits, why says where: the multiply itself is done in the
 * wider of its operands' types (the usual arithmetic conversions: mw,
 * the multiplier's, and the other operand's, when known), so a product
 * narrower than tw is reduced to its own width first (u32 val times an
 * unsuffixed 0x61c88647 kept in a u64: 32 bits).  LP64's widths. */
static unsigned product_word(const walk *w, size_t a, size_t b, size_t i,
                             const cwidth *mw, unsigned tw, char *why,
                             size_t nwhy)
{
	cwidth op;
	unsigned p;
	size_t n = strlen(why);

	if (!mw || operand_width(w, a, b, i, &op) < 0)
		return tw;
	p = op.bits[LP64] > mw->bits[LP64] ? op.bits[LP64] : mw->bits[LP64];
	if (p >= tw)
		return tw;
	snprintf(why + n, nwhy - n, " but computed in %u bits (%s times %s)",
	         p, op.type[LP64], mw->type[LP64]);
	return p;
}

/* The word the code keeps a multiply by name in, where it shows it: 32
 * or 64 when the product is assigned to or declared as a type of that
 * word (u32, uint32_t, unsigned int, __u32; u64, uint64_t, unsigned long
 * long, __u64), cast to one, shifted right by (32 - x) or (64 - x),
 * passed to hash_32() or hash_64(), or returned from a function returning
 * one (with no other right shift); else 0.  The multiply itself: name
 * next to a '*'.  why says where. */
static unsigned use_word(walk *w, const char *name, const cwidth *mw,
                         char *why, size_t nwhy)
{
	const tok *t = w->v.t;
	size_t n = w->v.n, i;

	for (i = 1; i + 1 < n; i++) {
		size_t a = i, b = i, k, e;
		unsigned shrw = 0, tw;
		int shr = 0;
		if (t[i].type != T_IDENT || strcmp(t[i].s, name) ||
		    (strcmp(t[i - 1].s, "*") && strcmp(t[i - 1].s, "*=") &&
		     strcmp(t[i + 1].s, "*")))
			continue;
		while (a > 0 && t[a - 1].type != T_PP && strcmp(t[a - 1].s, ";") &&
		       strcmp(t[a - 1].s, "{") && strcmp(t[a - 1].s, "}"))
			a--;
		while (b < n && t[b].type != T_PP && strcmp(t[b].s, ";") &&
		       strcmp(t[b].s, "{") && strcmp(t[b].s, "}"))
			b++;
		for (k = a; k < b; k++)
			if (t[k].type == T_OP && !strcmp(t[k].s, ">>")) {
				if (k + 3 < b && !strcmp(t[k + 1].s, "(") &&
				    (!strcmp(t[k + 2].s, "32") ||
				     !strcmp(t[k + 2].s, "64")) &&
				    !strcmp(t[k + 3].s, "-"))
					shrw = (unsigned)atoi(t[k + 2].s);
				else
					shr = 1;
			}
		if (shrw) {
			snprintf(why, nwhy, "the product is shifted right by (%u - "
			         "...) at line %lu", shrw, t[i].line);
			return shrw;
		}
		/* (u32)(... name ...), hash_32(... name ...), hash_64(...) */
		for (k = a; k + 1 < i; k++) {
			size_t q, end, first = 0;
			unsigned cast = 0, hw = 0;
			int par = 0;
			if (strcmp(t[k].s, "("))
				continue;
			if (k >= a + 3 && !strcmp(t[k - 1].s, ")") &&
			    (cast = type_word_at(t, k - 2, a, &first)) &&
			    !(first > a && !strcmp(t[first - 1].s, "(")))
				cast = 0;
			if (k > a && t[k - 1].type == T_IDENT)
				hw = !strcmp(t[k - 1].s, "hash_32") ? 32 :
				     !strcmp(t[k - 1].s, "hash_64") ? 64 : 0;
			if (!cast && !hw)
				continue;
			end = k;
			for (q = k; q < b; q++) {
				if (!strcmp(t[q].s, "("))
					par++;
				else if (!strcmp(t[q].s, ")") && !--par) {
					end = q;
					break;
				}
			}
			if (end > i) {
				if (hw)
					snprintf(why, nwhy, "the product is hashed by "
					         "%s() at line %lu", t[k - 1].s, t[i].line);
				else
					snprintf(why, nwhy, "the product is cast to %s at "
					         "line %lu", t[k - 2].s, t[i].line);
				return product_word(w, a, b, i, mw, hw ? hw : cast,
				                    why, nwhy);
			}
		}
		if (shr)
			continue;
		/* [static const] TYPE v = ... name ...; */
		for (k = a; k < i && (!strcmp(t[k].s, "static") ||
		     !strcmp(t[k].s, "const") || !strcmp(t[k].s, "register")); k++)
			;
		for (e = k; e + 1 < i && type_kw(&t[e + 1]) && type_kw(&t[k]); e++)
			;
		if (e + 2 < i && (tw = type_word_at(t, e, k, NULL)) &&
		    t[e + 1].type == T_IDENT && !strcmp(t[e + 2].s, "=")) {
			char ty[40];
			type_text(t, k, e, ty, sizeof ty);
			snprintf(why, nwhy, "the product is kept in %s at line %lu",
			         ty, t[i].line);
			return product_word(w, a, b, i, mw, tw, why, nwhy);
		}
		/* v = ... name ...; v declared of such a type before it */
		if (a + 2 < i && t[a].type == T_IDENT && (!strcmp(t[a + 1].s, "=") ||
		    !strcmp(t[a + 1].s, "*="))) {
			size_t first;
			for (k = a; k-- > 1 && k + 2000 > a;)
				if (!strcmp(t[k].s, t[a].s) && t[k].type == T_IDENT &&
				    (tw = type_word_at(t, k - 1, 0, &first))) {
					char ty[40];
					type_text(t, first, k - 1, ty, sizeof ty);
					snprintf(why, nwhy, "the product is kept in %s %s at "
					         "line %lu", ty, t[a].s, t[i].line);
					return product_word(w, a, b, i, mw, tw, why, nwhy);
				}
		}
		/* return ... name ...; in a function returning such a type */
		if (!strcmp(t[a].s, "return")) {
			int depth = 0;
			for (k = a; k-- > 0;) {
				if (!strcmp(t[k].s, "}"))
					depth++;
				else if (!strcmp(t[k].s, "{") && !depth--)
					break;
			}
			if (k < a && k >= 1 && !strcmp(t[k - 1].s, ")")) {
				int par = 0;
				size_t q = k - 1;
				for (;; q--) {
					if (!strcmp(t[q].s, ")"))
						par++;
					else if (!strcmp(t[q].s, "(") && !--par)
						break;
					if (!q)
						break;
				}
				size_t first;
				if (q >= 2 && !strcmp(t[q].s, "(") &&
				    t[q - 1].type == T_IDENT &&
				    (tw = type_word_at(t, q - 2, 0, &first))) {
					char ty[40];
					type_text(t, first, q - 2, ty, sizeof ty);
					snprintf(why, nwhy, "the product is returned as %s "
					         "by %s() at line %lu", ty, t[q - 1].s,
					         t[i].line);
					return product_word(w, a, b, i, mw, tw, why, nwhy);
				}
			}
		}
	}
	return 0;
}

/* The width of the C type whose last token is t[e] (from lo), as
 * use_word's type_word_at reads it, with long's in each model; *first:
 * where it starts.  0, or -1 if t[e] ends no integer type. */
static int type_width_at(const tok *t, size_t e, size_t lo, size_t *first,
                         cwidth *o)
{
	size_t b = e, k;
	int longs = 0, other = 0, model, l;
	unsigned bits;
	char name[40];

	if (t[e].type != T_IDENT)
		return -1;
	if (type_kw(&t[e])) {
		while (b > lo && type_kw(&t[b - 1]))
			b--;
		for (k = b; k <= e; k++) {
			longs += !strcmp(t[k].s, "long");
			other += !strcmp(t[k].s, "short") || !strcmp(t[k].s, "char");
		}
		bits = other ? 32 : longs == 2 ? 64 : 32;
		l = longs == 1;
	} else if (!(bits = type_bits(t[e].s, 0, &l))) {
		return -1;
	}
	if (first)
		*first = b;
	type_text(t, b, e, name, sizeof name);
	memset(o, 0, sizeof *o);
	for (model = 0; model < NMODEL; model++)
		cwidth_set(o, model, l ? long_bits(model) : bits, name);
	return 0;
}

/* The type of variable name, from its declaration before t[before] (a
 * parameter or a local: "TYPE name"), into o.  0, or -1 if not found. */
static int var_width(const walk *w, const char *name, size_t before,
                     cwidth *o)
{
	const tok *t = w->v.t;
	size_t k;

	for (k = before; k-- > 1 && k + 4000 > before;)
		if (t[k].type == T_IDENT && !strcmp(t[k].s, name) &&
		    type_width_at(t, k - 1, 0, NULL, o) == 0) {
			snprintf(o->why, sizeof o->why, "the type of %s", name);
			return 0;
		}
	return -1;
}

/* The other operand of the multiply by t[i] in [a, b): a variable,
 * perhaps cast, or a cast of one, into o.  0, or -1 when it is
 * something else (taken as int: it cannot widen the product). */
static int operand_width(const walk *w, size_t a, size_t b, size_t i,
                         cwidth *o)
{
	const tok *t = w->v.t;
	size_t v, first;

	if (i > a + 1 && !strcmp(t[i - 1].s, "*=") &&
	    t[i - 2].type == T_IDENT)
		return var_width(w, t[i - 2].s, i - 2, o);
	if (i > a + 1 && !strcmp(t[i - 1].s, "*")) {
		v = i - 2;
		if (t[v].type != T_IDENT || is_type_word(t[v].s))
			return -1;
		if (v > a && (!strcmp(t[v - 1].s, "->") ||
		              !strcmp(t[v - 1].s, ".")))
			return -1;
		if (v >= a + 3 && !strcmp(t[v - 1].s, ")") &&
		    type_width_at(t, v - 2, a, &first, o) == 0 && first > a &&
		    !strcmp(t[first - 1].s, "(")) {
			snprintf(o->why, sizeof o->why, "%s cast to it", t[v].s);
			return 0;
		}
		return var_width(w, t[v].s, v, o);
	}
	if (i + 2 < b && !strcmp(t[i + 1].s, "*")) {
		v = i + 2;
		if (!strcmp(t[v].s, "(")) {
			size_t e = v + 1;
			while (e < b && t[e].type == T_IDENT && is_type_word(t[e].s))
				e++;
			if (e == v + 1 || e >= b || strcmp(t[e].s, ")") ||
			    type_width_at(t, e - 1, v + 1, NULL, o) < 0)
				return -1;
			snprintf(o->why, sizeof o->why, "a cast");
			return 0;
		}
		if (t[v].type != T_IDENT || (v + 1 < b &&
		    (!strcmp(t[v + 1].s, "->") || !strcmp(t[v + 1].s, ".") ||
		     !strcmp(t[v + 1].s, "(") || !strcmp(t[v + 1].s, "["))))
			return -1;
		return var_width(w, t[v].s, i, o);
	}
	return -1;
}

/* Whether t[k..] is ">> (32 -" or ">>= (32 -". */
static int shift_by_32_minus(const tok *t, size_t k, size_t n)
{
	return k + 3 < n && t[k].type == T_OP && (!strcmp(t[k].s, ">>") ||
	       !strcmp(t[k].s, ">>=")) && !strcmp(t[k + 1].s, "(") &&
	       !strcmp(t[k + 2].s, "32") && !strcmp(t[k + 3].s, "-");
}

/* The variable statement [a, b) keeps its value in ("TYPE v = ...;",
 * "v = ...;", "v *= ...;"), its type into o, its name token into *at.
 * 0, or -1 if it keeps none. */
static int kept_in(const walk *w, size_t a, size_t b, size_t *at, cwidth *o)
{
	const tok *t = w->v.t;
	size_t k = a, e, first;

	while (k < b && (!strcmp(t[k].s, "static") || !strcmp(t[k].s, "const")
	       || !strcmp(t[k].s, "register")))
		k++;
	for (e = k; e + 1 < b && type_kw(&t[e + 1]) && type_kw(&t[k]); e++)
		;
	if (e + 2 < b && t[e + 1].type == T_IDENT &&
	    !strcmp(t[e + 2].s, "=") &&
	    type_width_at(t, e, k, &first, o) == 0) {
		*at = e + 1;
		snprintf(o->why, sizeof o->why, "its type");
		return 0;
	}
	if (a + 2 < b && t[a].type == T_IDENT && (!strcmp(t[a + 1].s, "=") ||
	    !strcmp(t[a + 1].s, "*="))) {
		*at = a;
		return var_width(w, t[a].s, a, o);
	}
	return -1;
}

/* The first ">> (32 - ...)" of variable t[v] after b in its function
 * (before the variable is set again): its token, or 0. */
static size_t later_shift(const walk *w, size_t v, size_t b)
{
	const tok *t = w->v.t;
	size_t k;
	int depth = 0;

	for (k = b; k + 1 < w->v.n; k++) {
		if (t[k].type == T_PP)
			continue;
		if (!strcmp(t[k].s, "{"))
			depth++;
		else if (!strcmp(t[k].s, "}") && --depth < 0)
			return 0;
		if (t[k].type != T_IDENT || strcmp(t[k].s, t[v].s))
			continue;
		if (shift_by_32_minus(t, k + 1, w->v.n))
			return k + 1;
		if (!strcmp(t[k + 1].s, "="))
			return 0;
	}
	return 0;
}

/* The statement around token i: [*a, *b). */
static void statement_of(const walk *w, size_t i, size_t *a, size_t *b)
{
	const tok *t = w->v.t;
	size_t n = w->v.n;

	*a = *b = i;
	while (*a > 0 && t[*a - 1].type != T_PP && strcmp(t[*a - 1].s, ";") &&
	       strcmp(t[*a - 1].s, "{") && strcmp(t[*a - 1].s, "}"))
		(*a)--;
	while (*b < n && t[*b].type != T_PP && strcmp(t[*b].s, ";") &&
	       strcmp(t[*b].s, "{") && strcmp(t[*b].s, "}"))
		(*b)++;
}

/*
 * A >> (32 - b) that takes an index of more than 32 bits: the product of
 * multiplier mi (its type *mw) at token i, computed in the wider of its
 * operands' types (the usual arithmetic conversions), reaches the shift
 * unreduced, in the same statement or through a variable of a wider type.
 * An ERROR, in the models the #if context allows (ctx); 1 if given.
 */
static int overflow_at(walk *w, size_t mi, size_t i, const cwidth *mw,
                       unsigned ctx)
{
	const tok *t = w->v.t;
	const review_mult *m = &w->r->mult[mi];
	size_t a, b, k, kshr = 0, v = 0;
	cwidth op, keep;
	int have_op, have_keep = 0, model, wide[NMODEL], nwide = 0, by_op = 0;
	unsigned kept[NMODEL];
	char via[120] = "";

	statement_of(w, i, &a, &b);
	if (!ctx)
		ctx = use_ctx(w, a);
	have_op = operand_width(w, a, b, i, &op) == 0;
	for (k = i + 1; k < b && !kshr; k++)
		if (shift_by_32_minus(t, k, b))
			kshr = k;
	if (kshr && narrowed(t, a, i, kshr))
		return 0;
	if (!kshr) {
		if (kept_in(w, a, b, &v, &keep) < 0 || narrowed(t, a, i, b) ||
		    !(kshr = later_shift(w, v, b)))
			return 0;
		have_keep = 1;
	}
	for (model = 0; model < NMODEL; model++) {
		unsigned p = mw->bits[model];
		if (have_op && op.bits[model] > p)
			p = op.bits[model], by_op |= 1 << model;
		kept[model] = have_keep && keep.bits[model] < p ? keep.bits[model]
		              : p;
		wide[model] = kept[model] > 32 && (!ctx || long_bits(model) == ctx);
		nwide += wide[model];
	}
	if (!nwide)
		return 0;
	model = wide[LP64] ? LP64 : ILP32;
	{
		const cwidth *src = by_op >> model & 1 ? &op : mw;
		char type[256];
		if (have_keep)
			snprintf(via, sizeof via, ", kept in %s %s at line %lu",
			         keep.type[model], t[v].s, t[v].line);
		if (nwide == NMODEL && strcmp(src->type[LP64], src->type[ILP32]))
			snprintf(type, sizeof type, "%s on %s and %s on %s (%s)",
			         src->type[LP64], model_name[LP64], src->type[ILP32],
			         model_name[ILP32], src->why);
		else
			snprintf(type, sizeof type, "%s (%s)", src->type[model],
			         src->why);
		review_add(w->r, REVIEW_ERROR, m->file, m->line, mi, "word",
		           "the index overflows the table%s: the product with %s "
		           "is computed in %s, %u bits%s, and not reduced mod "
		           "2^32%s, so >> (32 - ...) at line %lu leaves %u bits "
		           "more than the table has; keep the product in a u32 (a "
		           "cast or a variable) before the shift, or use hash_32()",
		           nwide == NMODEL ? "" : model == LP64 ?
		           " on 64-bit longs" : " on 32-bit longs",
		           m->name[0] ? m->name : m->text, type, kept[model],
		           nwide == NMODEL ? "" : model == LP64 ? " on LP64" :
		           " on ILP32", via, t[kshr].line, kept[model] - 32);
	}
	return 1;
}

/* The index overflow ERROR for multiplier mi (a define's or
 * declaration's name, or the literal at token lit): its first use whose
 * index overflows. */
static void overflow_check(walk *w, size_t mi, size_t lit, const char *name,
                           const cwidth *mw)
{
	const tok *t = w->v.t;
	unsigned ctx = (unsigned)w->r->mult[mi].ctx_bits;
	size_t i;

	if (lit != REVIEW_NONE) {
		overflow_at(w, mi, lit, mw, ctx);
		return;
	}
	for (i = 1; i + 1 < w->v.n; i++)
		if (t[i].type == T_IDENT && !strcmp(t[i].s, name) &&
		    (!strcmp(t[i - 1].s, "*") || !strcmp(t[i - 1].s, "*=") ||
		     !strcmp(t[i + 1].s, "*")) && overflow_at(w, mi, i, mw, ctx))
			return;
}

/* The type of multiplier m as C types it: a literal's, a declaration's
 * (type, type_word), or a define of a name's (by its suffix).  0, or -1
 * when unknown. */
static int mult_width(const review_mult *m, int suffix_long,
                      unsigned type_word, const char *type, cwidth *o)
{
	int model, l;

	if (m->kind != REVIEW_DECL && literal_width(m->text, o) == 0)
		return 0;
	if (m->kind == REVIEW_DECL && !type_word)
		return -1;
	memset(o, 0, sizeof *o);
	l = m->kind == REVIEW_DECL ? type_bits(type, 0, &l) && l : suffix_long == 1;
	for (model = 0; model < NMODEL; model++)
		cwidth_set(o, model, l ? long_bits(model) : m->kind == REVIEW_DECL ?
		           type_word : suffix_long ? 64 : 32, m->kind == REVIEW_DECL
		           ? type : suffix_long == 2 ? "unsigned long long" :
		           suffix_long ? "unsigned long" : "unsigned int");
	snprintf(o->why, sizeof o->why, "%s", m->kind == REVIEW_DECL ?
	         "its type" : suffix_long == 2 ? "the suffix ULL" :
	         suffix_long ? "the suffix UL" : "the suffix U");
	return 0;
}

/* A define or declaration of a multiplier on the new side (lit: the
 * literal's token, REVIEW_NONE for a name's). */
static void mult_constant(walk *w, review_kind k, const char *name,
                          const char *text, const mpz_t v, int suffix_long,
                          unsigned type_word, const char *type,
                          unsigned long line, size_t lit)
{
	const char *cond = "";
	unsigned long cline = 0;
	unsigned ctx = ctx_word(w, &cond, &cline);
	size_t i = mult_new(w->r, k, w->file, line, name, text);
	review_mult *m = &w->r->mult[i];
	const define *old;
	cwidth mw;
	int have_mw;

	mpz_set(m->p, v);
	infer_word(m, type_word, type, suffix_long, ctx, cond, cline);
	have_mw = mult_width(m, suffix_long, type_word, type, &mw) == 0;
	/* no type and no #if: the use decides over the literal (C does
	 * the multiply in the wider of the two types), then a comment that
	 * names 2^32 or 2^64 (as 2^32, 1ULL << 32, 4294967296, ...) */
	if (!type_word && !ctx && mpz_sizeinbase(v, 2) <= 32 &&
	    k != REVIEW_LITERAL) {
		char why[sizeof m->why_bits - 60], over[40];
		size_t c;
		unsigned says = 0, uw = name[0] ? use_word(w, name, have_mw ?
		                                  &mw : NULL, why, sizeof why) : 0;
		if (suffix_long)
			snprintf(over, sizeof over, "the suffix %s",
			         suffix_long == 2 ? "ULL" : "UL");
		else
			snprintf(over, sizeof over, "the literal's %u bits", m->bits);
		for (c = 0; c < w->ncomments; c++)
			says |= review_says_modulus(w->v.t[w->comments[c]].s);
		if (uw && uw != m->bits) {
			m->bits = uw;
			snprintf(m->why_bits, sizeof m->why_bits, "%s, over %s", why,
			         over);
		}
		if (!uw && (says == 32 || says == 64) && says != m->bits) {
			m->bits = says;
			snprintf(m->why_bits, sizeof m->why_bits, "its comment says "
			         "2^%u, over %s", says, over);
		}
	}
	if (name[0] && (old = defs_find(w->oldd, name, ctx)) && old->valid &&
	    mpz_cmp(old->v, v) && (!ctx || !old->ctx || old->ctx == ctx)) {
		m->has_old = 1;
		mpz_set(m->old, old->v);
		m->old_line = old->line;
		m->old_text = xstrdup(old->text);
	}
	if (k == REVIEW_LITERAL)
		literal_replaced(w, m);
	constant_found(w, i);
	if (have_mw)
		overflow_check(w, i, lit, name, &mw);
	claims_of(w, i);
}

static void constant_found(walk *w, size_t i)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	char *hex;
	size_t width = mpz_sizeinbase(m->p, 2);

	if (mpz_sgn(m->p) <= 0) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "multiplier",
		           "%s%s%s is 0: every key hashes to bucket 0", m->name,
		           m->name[0] ? " = " : "", m->text);
		m->verify = 0;
		return;
	}
	if (width > m->bits) {
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "word",
		           "%s needs %zu bits, wider than its %u-bit word (%s): the "
		           "compiler cuts it", m->text, width, m->bits, m->why_bits);
		m->verify = 0;
		return;
	}
	hex = word_hex(m->p, m->bits);
	review_add(r, REVIEW_NOTE, m->file, m->line, i, "word",
	           "%s%s%s: %u-bit multiplier (%s)", m->name, m->name[0] ? " = "
	           : "", hex, m->bits, m->why_bits);
	/* x < 2^32 and p < 2^32: x p < 2^64 never wraps, so the index
	 * floor(x p / 2^(64-t)) is monotone in x, and 0 for x < 2^(32-t) */
	if (m->bits == 64 && width <= 32)
		review_add(r, REVIEW_WARNING, m->file, m->line, i, "word",
		           "%s is a 32-bit constant in a 64-bit word: p/2^64 < "
		           "2^-32, so the product of a key below 2^32 never wraps "
		           "and its table index only grows with the key: no mixing "
		           "(with a table of 2^t, every key below 2^(32-t) lands in "
		           "bucket 0)", hex);
	/* p = 2^k q, q odd: x and x + 2^(n-k) have the same product */
	if (mpz_even_p(m->p)) {
		mp_bitcnt_t k = mpz_scan1(m->p, 0);
		review_add(r, REVIEW_ERROR, m->file, m->line, i, "multiplier",
		           "%s is even (2^%lu times an odd number): the multiply "
		           "drops the key's top %lu bit%s, so keys that differ only "
		           "there always collide (an odd multiplier is a "
		           "bijection)", hex, (unsigned long)k, (unsigned long)k,
		           k == 1 ? "" : "s");
	}
	if (m->has_old)
		review_add(r, REVIEW_NOTE, m->file, m->line, i, "multiplier",
		           "replaces %s (line %lu of the old file)", m->old_text,
		           m->old_line);
	free(hex);
}

/* ---- table sizes --------------------------------------------------------- */

/* The value of an identifier or literal token for a table size. */
static int small_value(walk *w, const tok *t, unsigned long *out,
                       char *why, size_t n)
{
	mpz_t z;
	int ok = 0;

	mpz_init(z);
	if (t->type == T_NUM && literal(t->s, z, NULL) == 0 &&
	    mpz_cmp_ui(z, 64) <= 0) {
		*out = mpz_get_ui(z);
		snprintf(why, n, "%s", t->s);
		ok = 1;
	} else if (t->type == T_IDENT) {
		const define *d = defs_find(w->newd, t->s, 0);
		if (d && d->valid && mpz_cmp_ui(d->v, 64) <= 0) {
			*out = mpz_get_ui(d->v);
			snprintf(why, n, "%s = %lu", t->s, *out);
			ok = 1;
		}
	}
	mpz_clear(z);
	return ok;
}

/* What statement [a, b) says of the word and table of multiplier name
 * (or the literal at index lit): hash_32(.., B), hash_64(.., B),
 * >> (W - B), >> K. */
static void use_of(walk *w, size_t a, size_t b, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	const tok *t = w->v.t;
	size_t i;

	for (i = a; i < b; i++) {
		unsigned long v, wv;
		char why[64];
		if (t[i].type == T_IDENT && (!strcmp(t[i].s, "hash_32") ||
		    !strcmp(t[i].s, "hash_64") || !strcmp(t[i].s, "hash_long") ||
		    !strcmp(t[i].s, "hash_ptr")) && i + 1 < b &&
		    !strcmp(t[i + 1].s, "(")) {
			/* the second argument at depth 1; hash_long and hash_ptr
			 * hash a long: the #if word, else 64 */
			size_t j;
			int par = 0;
			unsigned ctx = ctx_word(w, NULL, NULL);
			unsigned word = !strcmp(t[i].s, "hash_32") ? 32 :
			                !strcmp(t[i].s, "hash_64") ? 64 : ctx ? ctx : 64;
			for (j = i + 1; j < b; j++) {
				if (!strcmp(t[j].s, "("))
					par++;
				else if (!strcmp(t[j].s, ")") && !--par)
					break;
				else if (par == 1 && !strcmp(t[j].s, ",") && j + 1 < b &&
				         small_value(w, &t[j + 1], &v, why, sizeof why) &&
				         v >= 1 && v <= word) {
					m->table = (unsigned)v;
					snprintf(m->why_table, sizeof m->why_table,
					         "%s(..., %s) at line %lu", t[i].s, why,
					         t[i].line);
				}
			}
			if (m->bits != word && m->kind != REVIEW_SEQUENCE) {
				snprintf(m->why_bits, sizeof m->why_bits,
				         "%s() at line %lu hashes %u-bit words", t[i].s,
				         t[i].line, word);
				m->bits = word;
			}
		}
		if (t[i].type == T_OP && !strcmp(t[i].s, ">>") && i + 1 < b) {
			if (!strcmp(t[i + 1].s, "(") && i + 4 < b &&
			    small_value(w, &t[i + 2], &wv, why, sizeof why) &&
			    !strcmp(t[i + 3].s, "-") &&
			    small_value(w, &t[i + 4], &v, why, sizeof why) &&
			    v >= 1 && v <= wv && (wv == 32 || wv == 64)) {
				m->table = (unsigned)v;
				snprintf(m->why_table, sizeof m->why_table,
				         ">> (%lu - %s) at line %lu", wv, why, t[i].line);
			} else if (small_value(w, &t[i + 1], &v, why, sizeof why) &&
			           v >= 1 && v < m->bits) {
				m->table = (unsigned)(m->bits - v);
				snprintf(m->why_table, sizeof m->why_table,
				         ">> %s at line %lu: the top %u bits", why,
				         t[i].line, m->table);
			}
		}
	}
}

/* The file's first *_BITS define of each value bound c (w->bits_def),
 * from its defines, which start at newd->d[w->defi]. */
static void bits_defines(walk *w)
{
	size_t i, c;

	for (c = 0; c <= VERIFY_MAX_TABLE_BITS; c++)
		w->bits_def[c] = REVIEW_NONE;
	for (i = w->defi; i < w->newd->n && w->newd->d[i].file == w->file; i++) {
		const define *d = &w->newd->d[i];
		size_t n = strlen(d->name);
		if (d->valid && n > 5 && !strcmp(d->name + n - 5, "_BITS") &&
		    mpz_cmp_ui(d->v, 1) >= 0 &&
		    mpz_cmp_ui(d->v, VERIFY_MAX_TABLE_BITS) <= 0)
			for (c = mpz_get_ui(d->v); c <= VERIFY_MAX_TABLE_BITS; c++)
				if (w->bits_def[c] == REVIEW_NONE)
					w->bits_def[c] = i;
	}
}

/* A *_BITS define of the file, when nothing closer says the table. */
static void table_from_bits_define(walk *w, size_t mi)
{
	review_mult *m = &w->r->mult[mi];
	size_t c = m->bits < VERIFY_MAX_TABLE_BITS ? m->bits
	           : VERIFY_MAX_TABLE_BITS;
	const define *d;

	if (m->table || w->bits_def[c] == REVIEW_NONE)
		return;
	d = &w->newd->d[w->bits_def[c]];
	m->table = (unsigned)mpz_get_ui(d->v);
	snprintf(m->why_table, sizeof m->why_table, "#define %s %s (line %lu)",
	         d->name, d->text, d->line);
}

/* ---- statements ---------------------------------------------------------- */

/* Append the statement [a, b) as C to w->code. */
static void code_add(walk *w, size_t a, size_t b, const char *lhs_prefix)
{
	size_t i;

	if (!w->code.len)
		w->code_line = w->v.t[a].line;
	buf_puts(&w->code, lhs_prefix);
	for (i = a; i < b; i++) {
		const tok *t = &w->v.t[i];
		if (t->added)
			w->code_added = 1;
		if (i > a && strcmp(t->s, ";") && strcmp(t->s, ")") &&
		    strcmp(w->v.t[i - 1].s, "(") &&
		    !(w->v.t[i - 1].type == T_OP && !strcmp(w->v.t[i - 1].s, "-") &&
		      i >= a + 2 && w->v.t[i - 2].type == T_OP &&
		      strcmp(w->v.t[i - 2].s, ")")))
			buf_putc(&w->code, ' ');
		buf_puts(&w->code, t->s);
	}
	if (b > a && strcmp(w->v.t[b - 1].s, ";"))
		buf_putc(&w->code, ';');
	buf_putc(&w->code, '\n');
}

/* A variable that became a multiplier: report it. */
static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text);

static void finish_run(walk *w, unsigned long last)
{
	size_t i;

	for (i = 0; i < w->nvar; i++) {
		sym *s = &w->var[i];
		if (s->known && s->adds >= 2 && s->shifts >= 1 && !s->b &&
		    s->a > 1)
			sequence_found(w, s, last, -1, "");
	}
}

static void reset_fn(walk *w)
{
	w->nvar = 0;
	w->have_input = 0;
	w->word = 0;
	buf_clear(&w->code);
	w->code_added = 0;
}

/* A declaration "TYPE [*]NAME [= EXPR] {, ...};" at [a, b): 1 if it was. */
static int declaration(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	unsigned bits = 0;
	size_t i = a;
	int l;

	while (i < b && t[i].type == T_IDENT && is_type_word(t[i].s)) {
		unsigned tb = type_bits(t[i].s, ctx_word(w, NULL, NULL), &l);
		if (tb && (!bits || !strcmp(t[i].s, "long")))
			bits = !strcmp(t[i].s, "long") && i + 1 < b &&
			       !strcmp(t[i + 1].s, "long") ? 64 : tb;
		i++;
	}
	if (i == a || !bits)
		return 0;
	if (!w->word)
		w->word = bits;
	while (i < b) {
		int ptr = 0;
		size_t e;
		sym *s;
		while (i < b && !strcmp(t[i].s, "*"))
			ptr = 1, i++;
		if (i >= b || t[i].type != T_IDENT)
			return 1;
		s = var_get(w, t[i].s);
		for (e = i + 1; e < b && strcmp(t[e].s, ",") && strcmp(t[e].s, ";");
		     e++)
			;
		if (s) {
			s->bits = bits, s->is_ptr = ptr, s->known = 0;
			if (i + 1 < e && !strcmp(t[i + 1].s, "=") && !ptr) {
				ev x = { w, t, i + 2, e, word_mask(bits), 0 };
				int had = w->have_input;
				val v = e_expr(&x, 0);
				if (v.known && !x.bad && x.i == e) {
					s->known = 1, s->a = v.a & x.mask, s->b = v.b & x.mask;
					s->adds = v.adds, s->shifts = v.shifts;
					if (had || v.a)
						code_add(w, i, e, "");
					if (!had && w->have_input)
						buf_clear(&w->code), code_add(w, i, e, "");
				}
			}
		}
		i = e + 1;
	}
	return 1;
}

/* "NAME OP= EXPR;" at [a, b): evaluate it. */
static void assignment(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	const char *op = t[a + 1].s;
	sym *s = var_find(w, t[a].s);
	unsigned bits;
	ev x;
	val v, cur;

	if (!s || s->is_ptr)
		return;
	bits = s->bits ? s->bits : w->word ? w->word : 64;
	x = (ev){ w, t, a + 2, b - 1, word_mask(bits), 0 };   /* not the ';' */
	if (!strcmp(op, ">>=")) {
		/* the hash is taken here: its top bits index the table */
		if (s->known && s->adds >= 2 && s->shifts >= 1 && !s->b && s->a > 1) {
			unsigned long k;
			char why[64], txt[64] = "";
			size_t i, n = 0;
			int amt = -2;
			if (b == a + 4 && small_value(w, &t[a + 2], &k, why, sizeof why))
				amt = (int)k;
			for (i = a + 2; i + 1 < b && n + 1 < sizeof txt; i++)
				n += (size_t)snprintf(txt + n, sizeof txt - n, "%s",
				                      t[i].s);
			sequence_found(w, s, t[b - 1].line, amt, txt);
		}
		s->known = 0;
		return;
	}
	v = e_expr(&x, 0);
	if (x.bad || x.i != b - 1 || !v.known) {
		s->known = 0;
		return;
	}
	cur = (val){ s->known, s->a, s->b, s->adds, s->shifts, 0 };
	if (!strcmp(op, "="))
		cur = v;
	else if (!strcmp(op, "+=") || !strcmp(op, "-=") || !strcmp(op, "<<=") ||
	         !strcmp(op, "*="))
		cur = apply(&x, !strcmp(op, "+=") ? "+" : !strcmp(op, "-=") ? "-"
		            : !strcmp(op, "*=") ? "*" : "<<", cur, v);
	else
		cur = UNKNOWN;
	s->known = cur.known, s->a = cur.a & x.mask, s->b = cur.b & x.mask;
	s->adds = cur.adds, s->shifts = cur.shifts;
	if (s->known)
		code_add(w, a, b, "");
}

/* Where statement [a, b) starts after an "if (...)" or "else" before
 * it. */
static size_t cond_end(const tok *t, size_t a, size_t b)
{
	int par = 0;

	if (a < b && !strcmp(t[a].s, "else"))
		a++;
	if (!(a + 1 < b && !strcmp(t[a].s, "if") && !strcmp(t[a + 1].s, "(")))
		return a;
	for (a++; a < b; a++)
		if (!strcmp(t[a].s, "("))
			par++;
		else if (!strcmp(t[a].s, ")") && !--par)
			return a + 1;
	return a;
}

/* Literals multiplied in statement [a, b): "x * 0x9e3779b9 >> 22". */
static void literal_products(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	size_t i;
	int hashy = 0;

	for (i = a; i < b; i++) {
		if ((t[i].type == T_OP && !strcmp(t[i].s, ">>")) ||
		    (t[i].type == T_IDENT && name_says_hash(t[i].s)))
			hashy = 1;
	}
	if (!hashy)
		return;
	for (i = a; i < b; i++) {
		mpz_t z;
		int sl;
		int mul = (i > a && (!strcmp(t[i - 1].s, "*") ||
		                     !strcmp(t[i - 1].s, "*="))) ||
		          (i + 1 < b && !strcmp(t[i + 1].s, "*"));
		if (t[i].type != T_NUM || !t[i].added || !mul)
			continue;
		mpz_init(z);
		if (literal(t[i].s, z, &sl) == 0 && mpz_cmp_ui(z, 255) > 0) {
			unsigned tw = 0;
			size_t j, mi;
			int l;
			char type[24] = "";
			/* the word of the variable it multiplies, if declared
			 * (not a type in an if's condition: sizeof(long)) */
			for (j = cond_end(t, a, b); j < b; j++) {
				sym *s = t[j].type == T_IDENT ? var_find(w, t[j].s) : NULL;
				if (s && s->bits) {
					tw = s->bits;
					snprintf(type, sizeof type, "%s of %.16s",
					         review_ctype(s->bits), s->name);
					break;
				}
				if (t[j].type == T_IDENT && type_bits(t[j].s, 0, &l) && !l) {
					tw = type_bits(t[j].s, 0, &l);
					snprintf(type, sizeof type, "%.20s", t[j].s);
					break;
				}
			}
			mi = w->r->nmult;
			mult_constant(w, REVIEW_LITERAL, "", t[i].s, z, sl, tw, type,
			              t[i].line, i);
			if (w->r->nmult > mi) {
				use_of(w, a, b, mi);
				table_from_bits_define(w, mi);
			}
		}
		mpz_clear(z);
	}
}

/* Uses of the new side's multiplier defines in statement [a, b). */
static void define_uses(walk *w, size_t a, size_t b)
{
	size_t i, k;

	for (i = a; i < b; i++) {
		if (w->v.t[i].type != T_IDENT)
			continue;
		for (k = 0; k < w->r->nmult; k++) {
			review_mult *m = &w->r->mult[k];
			if ((m->kind == REVIEW_DEFINE || m->kind == REVIEW_DECL) &&
			    !strcmp(m->name, w->v.t[i].s))
				use_of(w, a, b, k);
		}
	}
}

static const char *const control[] = { "if", "else", "for", "while", "do",
	"switch", "case", "goto", "return", "break", "continue", NULL };

static int is_control(const char *s)
{
	size_t i;

	for (i = 0; control[i]; i++)
		if (!strcmp(s, control[i]))
			return 1;
	return 0;
}

/* Statement [a, b) (b at its ';'). */
static void statement(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	int l;

	literal_products(w, a, b);
	define_uses(w, a, b);
	/* a declaration of a multiplier: [static] const TYPE NAME = LIT; */
	if (b - a >= 4 && t[b - 2].type == T_NUM && !strcmp(t[b - 3].s, "=") &&
	    t[b - 4].type == T_IDENT && name_says_hash(t[b - 4].s) &&
	    t[b - 2].added) {
		mpz_t z;
		int sl;
		size_t i;
		unsigned tw = 0;
		char type[24] = "";
		mpz_init(z);
		for (i = a; i + 4 < b; i++)
			if (type_bits(t[i].s, ctx_word(w, NULL, NULL), &l)) {
				tw = type_bits(t[i].s, ctx_word(w, NULL, NULL), &l);
				snprintf(type, sizeof type, "%.20s", t[i].s);
				if (!strcmp(t[i].s, "long") && !strcmp(t[i + 1].s, "long"))
					tw = 64, snprintf(type, sizeof type, "long long");
			}
		if (literal(t[b - 2].s, z, &sl) == 0) {
			size_t mi = w->r->nmult;
			mult_constant(w, REVIEW_DECL, t[b - 4].s, t[b - 2].s, z, sl, tw,
			              type, t[b - 2].line, REVIEW_NONE);
			if (w->r->nmult > mi)
				table_from_bits_define(w, mi);
		}
		mpz_clear(z);
	}
	if (w->depth == 0)
		return;
	if (t[a].type == T_IDENT && is_control(t[a].s)) {
		if (!strcmp(t[a].s, "return")) {
			/* return hash >> k; */
			size_t i, nmult = w->r->nmult;
			for (i = a + 1; i + 1 < b; i++) {
				sym *s = t[i].type == T_IDENT ? var_find(w, t[i].s) : NULL;
				if (s && s->known && s->adds >= 2 && s->shifts >= 1 &&
				    !s->b && s->a > 1 && !strcmp(t[i + 1].s, ">>")) {
					unsigned long k;
					char why[64];
					int amt = i + 4 == b && small_value(w, &t[i + 2], &k,
					          why, sizeof why) ? (int)k : -2;
					char txt[64] = "";
					size_t q, n = 0;
					for (q = i + 2; q + 1 < b && n + 1 < sizeof txt; q++)
						n += (size_t)snprintf(txt + n, sizeof txt - n,
						                      "%s%s", q > i + 2 &&
						                      t[q].type != T_OP &&
						                      t[q - 1].type != T_OP ? " " :
						                      "", t[q].s);
					if (amt == -2 && i + 4 < b) {
						/* ">> (32 - HASH_BITS)": a constant of literals
						 * and defines */
						ev x = { w, t, i + 2, b - 1, word_mask(64), 0 };
						val v = e_expr(&x, 0);
						if (!x.bad && x.i == b - 1 && v.known && !v.a &&
						    v.b < 128)
							amt = (int)v.b;
					}
					sequence_found(w, s, t[i].line, amt, txt);
					s->known = 0;
				}
			}
			/* return (x << 31) + (x << 29) - ... + x; one expression */
			if (w->r->nmult == nmult && b > a + 2) {
				unsigned bits = w->word;
				size_t j;
				ev x;
				val v;
				x = (ev){ w, t, a + 1, b - 1, word_mask(64), 0 };
				v = e_expr(&x, 0);
				/* the word: the input's type where it is declared (a
				 * parameter: "u32 x" before the body) */
				for (j = 0; !bits && j < w->nvar; j++) {
					size_t q;
					int il;
					if (!w->var[j].is_input)
						continue;
					bits = w->var[j].bits;
					for (q = a; !bits && q > 0 && q + 200 > a; q--)
						if (t[q].type == T_IDENT &&
						    !strcmp(t[q].s, w->var[j].name) &&
						    t[q - 1].type == T_IDENT)
							bits = type_bits(t[q - 1].s, 0, &il);
				}
				if (!bits)
					bits = 64;
				v.a &= word_mask(bits);
				v.b &= word_mask(bits);
				if (!x.bad && x.i == b - 1 && v.known && !v.b && v.a > 1 &&
				    v.shifts >= 1 && v.adds >= 2) {
					sym r = { "hash", 0, 1, 0, 0, 0, 0, 0, 0 };
					r.bits = bits;
					r.a = v.a;
					r.adds = v.adds;
					r.shifts = v.shifts;
					code_add(w, a + 1, b, "hash = ");
					sequence_found(w, &r, t[b - 1].line, -1, "");
				}
			}
		}
		finish_run(w, t[b - 1].line);
		reset_fn(w);
		return;
	}
	if (declaration(w, a, b))
		return;
	if (b - a >= 3 && t[a].type == T_IDENT && t[a + 1].type == T_OP &&
	    (!strcmp(t[a + 1].s, "=") || (strlen(t[a + 1].s) >= 2 &&
	     t[a + 1].s[strlen(t[a + 1].s) - 1] == '=' &&
	     strcmp(t[a + 1].s, "==") && strcmp(t[a + 1].s, "!=") &&
	     strcmp(t[a + 1].s, "<=") && strcmp(t[a + 1].s, ">="))))
		assignment(w, a, b);
}

/* ---- sequences ----------------------------------------------------------- */

static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text)
{
	review *r = w->r;
	unsigned bits = s->bits ? s->bits : w->word ? w->word : 64;
	size_t i, k;
	review_mult *m;
	struct buf decls = { 0 };
	const char *input = "";

	if (!w->code_added && w->pt->is_diff)
		return;                  /* not the patch's */
	for (k = 0; k < r->nmult; k++)  /* reported already (>>= after it) */
		if (r->mult[k].kind == REVIEW_SEQUENCE &&
		    r->mult[k].file == w->file && r->mult[k].line == w->code_line &&
		    !strcmp(r->mult[k].name, s->name))
			return;
	for (i = 0; i < w->nvar; i++) {
		if (w->var[i].is_input)
			input = w->var[i].name;
		else if (!w->var[i].is_ptr)
			buf_printf(&decls, "%s%s", decls.len ? ", " : "",
			           w->var[i].name);
	}
	i = mult_new(r, REVIEW_SEQUENCE, w->file, w->code_line, s->name,
	             buf_str(&w->code));
	m = &r->mult[i];
	m->last = last;
	mpz_set_ui(m->p, s->a);
	m->bits = bits;
	{
		const char *cond = "";
		unsigned long cl = 0;
		unsigned ctx = ctx_word(w, &cond, &cl);
		m->ctx_bits = (int)ctx;
		if (s->bits || w->word)
			snprintf(m->why_bits, sizeof m->why_bits,
			         "the variables' type%s%s", ctx ? ", under " : "",
			         ctx ? cond : "");
		else
			snprintf(m->why_bits, sizeof m->why_bits, "taken as 64 bits");
	}
	m->input = xstrdup(input);
	m->code = xstrdup(buf_str(&w->code));
	m->decls = buf_take(&decls);
	m->shift = shift;
	snprintf(m->shift_text, sizeof m->shift_text, "%s", shift_text);
	/* its shifts and additions as written (what a comment counts) */
	{
		const char *c = m->code;
		m->shifts = m->adds = 0;
		for (; *c; c++) {
			if (c[0] == '<' && c[1] == '<')
				m->shifts++, c++;
			else if ((c[0] == '+' || c[0] == '-') && (c[1] == '=' ||
			         (c[1] == ' ' && c > m->code && c[-1] == ' ')))
				m->adds++;
		}
	}
	if (shift >= 1 && (unsigned)shift < bits) {
		m->table = bits - (unsigned)shift;
		snprintf(m->why_table, sizeof m->why_table, ">> %d at line %lu",
		         shift, last);
	}
	claims_of(w, i);
}

/* ---- claims --------------------------------------------------------------- */

/* The constant a sequence's comments say it computes: a power sum, else
 * a define named there (of the sequence's word when there are several). */
static void sequence_claim(walk *w, size_t i, const size_t *cm, size_t ncm)
{
	review *r = w->r;
	review_mult *m = &r->mult[i];
	mpz_t want;
	char what[160];
	size_t k;
	int sums = 0, named = 0;

	/* every power sum of its comments, and the first define they name */
	mpz_init(want);
	for (k = 0; k < ncm; k++) {
		const tok *t = &w->v.t[cm[k]];
		unsigned long line;
		char sum[128];
		if (review_power_sum(t->s, t->line, want, sum, sizeof sum,
		                     &line)) {
			snprintf(what, sizeof what, "%s (its comment, line %lu)", sum,
			         line);
			review_sequence_verdict(r, i, want, what, line);
			sums++;
		}
	}
	for (k = 0; k < ncm && !named; k++) {
		const char *s = w->v.t[cm[k]].s;
		while (*s && !named) {
			size_t n = 0;
			const define *d;
			char name[64];
			while (*s && !isalpha((unsigned char)*s) && *s != '_')
				s++;
			while (isalnum((unsigned char)s[n]) || s[n] == '_')
				n++;
			if (!n)
				break;
			snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), s);
			s += n;
			if ((d = defs_find(w->newd, name, m->bits)) && d->valid &&
			    (!d->ctx || d->ctx == m->bits)) {
				named = 1;
				snprintf(what, sizeof what, "%s = %s (%s:%lu)", name,
				         d->text, r->pt.files[d->file], d->line);
				review_sequence_verdict(r, i, d->v, what, m->line);
			}
		}
	}
	/* else a hex constant its comments name ("multiply by 0x9e370001",
	 * "hash = val * 0x9e370001"): the first of at least 2^8 */
	for (k = 0; k < ncm && !sums && !named; k++) {
		const tok *t = &w->v.t[cm[k]];
		const char *s = t->s;
		for (; *s; s++) {
			size_t n = 2;
			char lit[40];
			mpz_t v;
			if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
			    (s > t->s && isalnum((unsigned char)s[-1])))
				continue;
			while (isxdigit((unsigned char)s[n]))
				n++;
			if (n == 2 || n - 2 > 32 || (isalnum((unsigned char)s[n]) &&
			    !strchr("uUlL", s[n]))) {
				s += n - 1;
				continue;
			}
			snprintf(lit, sizeof lit, "%.*s", (int)n, s);
			mpz_init_set_str(v, lit + 2, 16);
			if (mpz_sizeinbase(v, 2) > 8) {
				unsigned long line = t->line;
				const char *c;
				for (c = t->s; c < s; c++)
					line += *c == '\n';
				named = 1;
				snprintf(what, sizeof what, "%s (its comment, line %lu)",
				         lit, line);
				review_sequence_verdict(r, i, v, what, line);
			}
			mpz_clear(v);
			if (named)
				break;
			s += n - 1;
		}
	}
	if (!sums && !named)
		review_sequence_verdict(r, i, NULL, "", m->line);
	review_sequence_table(r, i);
	mpz_clear(want);
}

/* Which lines of comment t the patch adds: one char a line, '+' for an
 * added one (review_claims' added); NULL when the input is not a diff.
 * Its lines are the patch's '+' and ' ' lines of its file from its first
 * (lex skips the '-' lines), one a line of its text. */
static char *comment_added(const walk *w, const tok *t)
{
	const patch *pt = w->pt;
	size_t lines = 0, k = 0, li;
	const char *c;
	char *a;

	if (!pt->is_diff)
		return NULL;
	for (c = t->s; *c; c++)
		lines += *c == '\n';
	a = xmalloc(lines + 1, "comment lines");
	for (li = t->li; li < pt->nlines && k < lines &&
	     pt->line[li].file == pt->line[t->li].file; li++)
		if (pt->line[li].type == '+' || pt->line[li].type == ' ')
			a[k++] = pt->line[li].type;
	a[k] = '\0';
	return a;
}

static void claims_of(walk *w, size_t i)
{
	review_mult *m = &w->r->mult[i];
	const size_t *cm = w->comments;
	size_t ncm = w->ncomments, k;

	if (m->kind == REVIEW_SEQUENCE) {
		cm = w->fn_comments;
		ncm = w->nfn;
		sequence_claim(w, i, cm, ncm);
	}
	for (k = 0; k < ncm; k++) {
		char *added = comment_added(w, &w->v.t[cm[k]]);
		review_claims(w->r, i, w->v.t[cm[k]].s, w->v.t[cm[k]].line, added);
		free(added);
	}
}

/* Whether one of the comments before a define (w->comments) speaks of a
 * multiplier's number: a continued fraction (also "cf [...]"), the golden
 * ratio or phi ("the buckets of the hash table" does not). */
static int comments_say_multiplier(const walk *w)
{
	size_t k;

	for (k = 0; k < w->ncomments; k++) {
		const char *c = w->v.t[w->comments[k]].s;
		if (review_find_cf(c, NULL) ||
		    review_find_ci(c, "golden") || review_word_ci(c, "phi"))
			return 1;
	}
	return 0;
}

/* ---- the walk over one side --------------------------------------------- */

static void walk_file(walk *w)
{
	const tok *t = w->v.t;
	size_t i, start = 0;

	memset(&w->ifs, 0, sizeof w->ifs);
	w->ncif = 0;
	memset(w->last_if, 0, sizeof w->last_if);
	w->ncomments = 0;
	w->depth = 0;
	reset_fn(w);
	while (w->defi < w->newd->n && w->newd->d[w->defi].file < w->file)
		w->defi++;
	bits_defines(w);
	for (i = 0; i < w->v.n; i++) {
		if (w->r->nmult > REVIEW_MAX_MULT)
			return;              /* review_run refuses it */
		if (t[i].type == T_COMMENT) {
			if (w->ncomments == sizeof w->comments / sizeof w->comments[0])
				memmove(w->comments, w->comments + 1,
				        --w->ncomments * sizeof w->comments[0]);
			w->comments[w->ncomments++] = i;
			if (w->depth > 0 && w->nfn < 16)
				w->fn_comments[w->nfn++] = i;
			if (start == i)
				start = i + 1;
			continue;
		}
		if (t[i].type == T_PP) {
			const char *d = t[i].s + 1;
			while (*d == ' ' || *d == '\t')
				d++;
			if (!strncmp(d, "define", 6)) {
				/* the new side's multiplier defines: newd holds this
				 * side's defines in token order */
				const defs *nd = w->newd;
				const define *x = NULL;
				while (w->defi < nd->n && nd->d[w->defi].file == w->file &&
				       nd->d[w->defi].tok < i)
					w->defi++;
				if (w->defi < nd->n && nd->d[w->defi].file == w->file &&
				    nd->d[w->defi].tok == i)
					x = &nd->d[w->defi];
				if (x && x->valid && (t[i].added || !w->pt->is_diff) &&
				    (name_says_hash(x->name) || comments_say_multiplier(w)) &&
				    mpz_cmp_ui(x->v, 255) > 0) {
					size_t mi = w->r->nmult;
					mult_constant(w, REVIEW_DEFINE, x->name, x->text, x->v,
					              x->suffix_long, 0, "", t[i].line,
					              REVIEW_NONE);
					if (w->r->nmult > mi)
						table_from_bits_define(w, mi);
				}
				w->ncomments = 0;
			} else {
				if_directive(&w->ifs, t[i].s, t[i].line);
			}
			start = i + 1;
			continue;
		}
		if (t[i].type == T_OP && (!strcmp(t[i].s, ";") ||
		                          !strcmp(t[i].s, "{") ||
		                          !strcmp(t[i].s, "}"))) {
			if (!strcmp(t[i].s, ";") && i > start) {
				cif c;
				int pushed = 0;
				if (w->depth > 0 && cif_header(w, start, i, &c) && c.word &&
				    w->ncif < MAX_IF) {
					c.depth = -1;
					w->cifs[w->ncif++] = c;
					pushed = 1;
				}
				statement(w, start, i + 1);
				w->ncif -= pushed;
			}
			if (!strcmp(t[i].s, "{") && w->depth > 0) {
				cif c;
				if (cif_header(w, start, i, &c) && c.word &&
				    w->ncif < MAX_IF) {
					c.depth = w->depth + 1;
					w->cifs[w->ncif++] = c;
				}
			}
			if (!strcmp(t[i].s, "{")) {
				if (w->depth == 0) {
					reset_fn(w);
					w->nfn = w->ncomments;
					memcpy(w->fn_comments, w->comments,
					       w->ncomments * sizeof w->comments[0]);
				} else {
					/* a block inside: a branch ends a straight line */
					finish_run(w, t[i].line);
					reset_fn(w);
				}
				w->depth++;
			} else if (!strcmp(t[i].s, "}")) {
				finish_run(w, t[i].line);
				reset_fn(w);
				if (w->depth > 0)
					w->depth--;
				while (w->ncif > 0 && w->cifs[w->ncif - 1].depth > w->depth)
					w->ncif--;
			}
			if (strcmp(t[i].s, ";") || i > start)
				w->ncomments = 0;
			start = i + 1;
		}
	}
}

/* A file side with too many tokens: -1 with err. */
static int too_many_tokens(const patch *pt, size_t f, cfx_err *err)
{
	return cfx_err_set(err, CFX_ELIMIT, -1, pt->files[f], "a file of the "
	                   "patch has more than %d C tokens", REVIEW_MAX_TOKENS);
}

/* Every define of one side of every file.  0, or -1 with err. */
static int collect_defines(const patch *pt, char a, char b, defs *out,
                           cfx_err *err)
{
	size_t f, i;

	for (f = 0; f < pt->nfiles; f++) {
		toks v;
		ifctx x;
		memset(&x, 0, sizeof x);
		if (lex(pt, f, a, b, &v) < 0)
			return too_many_tokens(pt, f, err);
		for (i = 0; i < v.n; i++)
			if (v.t[i].type == T_PP) {
				define_add(out, v.t[i].s, if_word(&x, NULL, NULL), f,
				           v.t[i].line, v.t[i].added, i);
				if_directive(&x, v.t[i].s, v.t[i].line);
			}
		toks_free(&v);
	}
	return 0;
}

/* Sequences equal to a define or to each other share its verdict. */
static void link_sequences(review *r)
{
	size_t i, k;

	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		if (m->kind != REVIEW_SEQUENCE)
			continue;
		for (k = 0; k < r->nmult; k++)
			if (k != i && r->mult[k].verify &&
			    r->mult[k].same_as == REVIEW_NONE &&
			    r->mult[k].bits == m->bits &&
			    !mpz_cmp(r->mult[k].p, m->p) &&
			    (r->mult[k].table == m->table || !m->table)) {
				m->same_as = k;
				m->verify = 0;
				review_add(r, REVIEW_NOTE, m->file, m->line, i, "verdict",
				           "the multiplier of %s at %s:%lu: its verdict "
				           "applies", r->mult[k].name[0] ? r->mult[k].name :
				           r->mult[k].text, r->pt.files[r->mult[k].file],
				           r->mult[k].line);
				break;
			}
	}
}

/* Whether the mail's body names multiplier m: its name, its value as
 * written, in hex or in decimal, as a whole word. */
static int body_names(const review *r, const review_mult *m)
{
	const char *b = r->pt.body;
	char *hex = word_hex(m->p, m->bits), *dec = mpz_get_str(NULL, 10, m->p);
	int yes = (m->name[0] && review_word_ci(b, m->name)) ||
	          review_word_ci(b, m->text) || review_word_ci(b, hex) ||
	          review_word_ci(b, dec);

	free(hex);
	free(dec);
	return yes;
}

/* The body's claims, about the constants it names, else about every
 * constant the patch adds (not its sequences); the claims no check
 * computes listed once. */
static void body_claims(review *r)
{
	size_t i, named = 0;
	int first = 1;

	if (!r->pt.body)
		return;
	for (i = 0; i < r->nmult; i++)
		if (r->mult[i].kind != REVIEW_SEQUENCE && r->mult[i].bits &&
		    body_names(r, &r->mult[i]))
			named++;
	for (i = 0; i < r->nmult; i++) {
		const review_mult *m = &r->mult[i];
		if (m->kind == REVIEW_SEQUENCE || !m->bits ||
		    (named && !body_names(r, m)))
			continue;
		review_body_claims(r, i, first);
		first = 0;
	}
}

int review_run(review *r, const char *text, size_t len, const char *name,
               cfx_err *err)
{
	defs newd = { 0 }, oldd = { 0 };
	walk w;
	size_t f;
	int rc = 0;

	memset(r, 0, sizeof *r);
	if (patch_read(&r->pt, text, len, name, err) < 0)
		return -1;
	memset(&w, 0, sizeof w);
	if (collect_defines(&r->pt, '+', ' ', &newd, err) < 0 ||
	    collect_defines(&r->pt, '-', ' ', &oldd, err) < 0)
		rc = -1;
	w.r = r;
	w.pt = &r->pt;
	w.newd = &newd;
	w.oldd = &oldd;
	for (f = 0; f < r->pt.nfiles && rc == 0; f++) {
		w.file = f;
		if (lex(&r->pt, f, '+', ' ', &w.v) < 0) {
			rc = too_many_tokens(&r->pt, f, err);
			break;
		}
		walk_file(&w);
		toks_free(&w.v);
		if (r->nmult > REVIEW_MAX_MULT) {
			const review_mult *m = &r->mult[REVIEW_MAX_MULT];
			rc = cfx_err_set(err, CFX_ELIMIT, -1, m->text, "more than %d "
			                 "multipliers: the one at %s:%lu is past them",
			                 REVIEW_MAX_MULT, r->pt.files[m->file], m->line);
		}
	}
	buf_free(&w.code);
	if (rc == 0) {
		link_sequences(r);
		body_claims(r);
	}
	defs_free(&newd);
	defs_free(&oldd);
	return rc;
}

void review_free(review *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nmult; i++) {
		review_mult *m = &r->mult[i];
		free(m->name);
		free(m->text);
		free(m->old_text);
		free(m->input);
		free(m->code);
		free(m->decls);
		mpz_clear(m->p);
		mpz_clear(m->old);
		mpz_clear(m->claim);
	}
	free(r->mult);
	for (i = 0; i < r->nfind; i++)
		free(r->find[i].msg);
	free(r->find);
	patch_free(&r->pt);
	memset(r, 0, sizeof *r);
}
