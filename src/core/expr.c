/*
 * expr.c - parsing the expression language into a tree, its built-in
 * names and functions (golden, the primes) and its values (see expr.h).
 *
 * A hand-written recursive-descent parser over a one-token lookahead,
 * with C's precedence for C's operators:
 *   expr    := bxor ('|' bxor)*
 *   bxor    := band ('xor' band)*
 *   band    := shift ('&' shift)*
 *   shift   := sum (('<<' | '>>') sum)*
 *   sum     := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := ('-' | '+' | '~') unary | power
 *   power   := primary (('^' | '**') unary)?      right associative
 *   primary := number | name | name '(' expr ')' | '(' expr ')'
 * where a number with a decimal point, 0.7, is the quotient 7/10 (a
 * '/' node), exact like every rational.
 * so -2^2 = -(2^2) and 2^-1 = 1/2, as in mathematics.  Nesting is bounded
 * so that no input can exhaust the stack.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "util/xalloc.h"

#define MAX_DEPTH 200      /* nesting: parentheses, calls, powers, signs */
#define MAX_NODES 4096     /* size: evaluation recurses down the tree */

enum tok { T_END, T_NUM, T_NAME, T_OP, T_LP, T_RP, T_COMMA };

typedef struct lexer {
	const char *s;
	int pos;             /* start of the current token */
	int end;             /* one past it */
	int prev_pos, prev_end;  /* the token before, for "ends too early" */
	enum tok tok;
	char op;             /* T_OP: + - * / % ^ ~ & |, < for <<, > for >>,
	                      * x for xor */
	int depth;
	int nodes;
	cfx_err *err;
} lexer;

static int fail(lexer *lx, int col, int len, const char *msg)
{
	if (len <= 0) {
		/* at the end of input name the last token, if any */
		return cfx_err_setn(lx->err, CFX_ESYNTAX, lx->prev_pos,
		                    lx->s + lx->prev_pos,
		                    lx->prev_end - lx->prev_pos, "%s", msg);
	}
	return cfx_err_setn(lx->err, CFX_ESYNTAX, col, lx->s + col, len, "%s",
	                    msg);
}

static int is_word(int c) { return isalnum(c) || c == '_'; }

/* Advance to the next token. */
static int next(lexer *lx)
{
	const char *s = lx->s;
	int i = lx->end;

	lx->prev_pos = lx->pos;
	lx->prev_end = lx->end;
	while (s[i] == ' ' || s[i] == '\t')
		i++;
	lx->pos = i;
	if (!s[i]) {
		lx->tok = T_END;
		lx->end = i;
		return 0;
	}
	if (isdigit((unsigned char)s[i])) {
		while (is_word((unsigned char)s[i]))
			i++;
		/* a decimal fraction: digits '.' digits (literal() checks the
		 * rest; 0x1.8 fails there) */
		if (s[i] == '.' && isdigit((unsigned char)s[i + 1]))
			for (i++; is_word((unsigned char)s[i]); i++)
				;
		lx->tok = T_NUM;
	} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
		while (is_word((unsigned char)s[i]))
			i++;
		lx->tok = T_NAME;
		if (i - lx->pos == 3 && !strncmp(s + lx->pos, "xor", 3))
			lx->tok = T_OP, lx->op = 'x';   /* ^ is the power */
	} else if (strchr("+-*/%^~&|", s[i])) {
		lx->tok = T_OP;
		lx->op = s[i] == '*' && s[i + 1] == '*' ? '^' : s[i];
		i += s[i] == '*' && s[i + 1] == '*' ? 2 : 1;
	} else if ((s[i] == '<' || s[i] == '>') && s[i + 1] == s[i]) {
		lx->tok = T_OP;
		lx->op = s[i];
		i += 2;
	} else if (s[i] == '<' || s[i] == '>') {
		lx->end = i + 1;
		return fail(lx, i, 1, s[i] == '<' ? "no comparisons; the left "
		            "shift is <<" : "no comparisons; the right shift is >>");
	} else if (s[i] == '(') {
		lx->tok = T_LP, i++;
	} else if (s[i] == ')') {
		lx->tok = T_RP, i++;
	} else if (s[i] == ',') {
		lx->tok = T_COMMA, i++;
	} else if (s[i] == '.') {
		lx->end = i + 1;
		return fail(lx, i, 1, "a decimal point needs digits on both "
		            "sides (0.5, not .5 or 5.)");
	} else {
		int n = 1;
		/* name a whole UTF-8 character, not a broken byte */
		while ((s[i + n] & 0xC0) == 0x80)
			n++;
		lx->end = i + n;
		return fail(lx, i, n, "unexpected character");
	}
	lx->end = i;
	return 0;
}

static expr_node *node(expr_kind k, int col, int len)
{
	expr_node *n = xcalloc(1, sizeof *n, "expression node");

	n->kind = k;
	n->col = col;
	n->len = len;
	if (k == EXPR_NUM)
		mpz_init(n->num);
	return n;
}

static void free_node(expr_node *n)
{
	if (!n)
		return;
	free_node(n->a);
	free_node(n->b);
	if (n->kind == EXPR_NUM)
		mpz_clear(n->num);
	free(n->name);
	free(n);
}

/* A C integer suffix (u, l, ul, lu, ll, ull, llu, in any case) at the end
 * of the literal s[col..col+len) (after its prefix of pre characters) is
 * left out, *end being where the digits end: it says nothing here, the
 * word comes from the word rule or --bits.  The tail taken for a suffix is
 * the run of letters at the end that are no digit of the base; one
 * holding a u or an l that is no such suffix is refused, naming it. */
static int c_suffix(lexer *lx, int col, int len, int base, int pre, int *end)
{
	static const char *const ok[] = { "u", "l", "ul", "lu", "ll", "ull",
	                                  "llu" };
	const char *s = lx->s + col;
	int n = len, t = n, j, ul = 0;
	char low[8];

	*end = n;
	while (t > pre && isalpha((unsigned char)s[t - 1]) &&
	       !(base == 16 && isxdigit((unsigned char)s[t - 1])))
		t--;
	if (t == n)
		return 0;
	for (j = t; j < n; j++)
		ul |= strchr("uUlL", s[j]) != NULL;
	if (!ul)
		return 0;       /* not a suffix: "bad digit" names the literal */
	if (n - t < (int)sizeof low) {
		for (j = t; j < n; j++)
			low[j - t] = (char)tolower((unsigned char)s[j]);
		low[n - t] = '\0';
		for (j = 0; j < (int)(sizeof ok / sizeof ok[0]); j++)
			if (!strcmp(low, ok[j])) {
				if (memchr(s, '.', (size_t)t))
					return cfx_err_setn(lx->err, CFX_ESYNTAX, col, s,
					                    n, "a C suffix (%.*s) is for "
					                    "whole numbers", n - t, s + t);
				*end = t;
				return 0;
			}
	}
	return cfx_err_setn(lx->err, CFX_ESYNTAX, col, s, n, "%.*s is not a C "
	                    "integer suffix (u, l, ul, ull, in any case)",
	                    n - t, s + t);
}

/* Whether the n bytes after a decimal literal's 'e' make it an exponent:
 * digits (1e3), or none, the literal ending at the 'e' before a sign the
 * lexer left out of it (1e-5: "1e", then -5). */
static int exponent_rest(const char *p, int n)
{
	int i;

	for (i = 0; i < n && isdigit((unsigned char)p[i]); i++)
		;
	return i == n && (n > 0 || ((p[0] == '-' || p[0] == '+') &&
	                            isdigit((unsigned char)p[1])));
}

/* An exponent, e3 of 1e3 (m: the mantissa, its m bytes before the 'e'
 * at col; n bytes of the literal from the 'e', and the sign and digits
 * after a bare 'e' too): the expressions have none, and the token the
 * error names is the exponent, not the whole literal. */
static int exponent(lexer *lx, int col, const char *e, int m, int n)
{
	if (n == 1 && (e[1] == '-' || e[1] == '+'))
		for (n = 2; isdigit((unsigned char)e[n]); n++)
			;
	return cfx_err_setn(lx->err, CFX_ESYNTAX, col, e, n, "an exponent is "
	                    "no part of a number here: write %.*s%.*s as %.*s "
	                    "* 10^%.*s", m, e - m, n, e, m, e - m, n - 1, e + 1);
}

/* Convert the literal s[0..len) (digits, letters, _, and in a decimal
 * one a '.') into z; *frac = the digits after the '.' (the value is
 * z / 10^frac). */
static int literal(lexer *lx, int col, int len, mpz_t z, int *frac)
{
	const char *s = lx->s + col;
	int base = 10, i = 0, end;
	char digits[len + 1];
	int nd = 0, dot = -1;

	*frac = 0;
	if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	else if (len >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, i = 2;
	if (c_suffix(lx, col, len, base, i, &end) < 0)
		return -1;
	for (; i < end; i++) {
		int c = (unsigned char)s[i], v;

		if (c == '.') {
			if (base != 10)
				return fail(lx, col, len, "a fraction must be decimal "
				            "(write it as P/Q)");
			dot = nd;
			continue;
		}
		if (c == '_') {
			/* a separator stands between two digits */
			if (nd == 0 || i + 1 == end || s[i + 1] == '_' ||
			    s[i + 1] == '.' || s[i - 1] == '.')
				return fail(lx, col, len, "misplaced _ in number");
			continue;
		}
		v = isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : 99;
		if (base == 10 && nd && (c == 'e' || c == 'E') &&
		    exponent_rest(s + i + 1, end - i - 1))
			return exponent(lx, col + i, s + i, i, end - i);
		if (v >= base) {
			return fail(lx, col, len, base == 16 ? "bad hex digit in number"
			            : base == 2 ? "bad binary digit in number"
			            : "bad digit in number");
		}
		digits[nd++] = (char)c;
	}
	if (nd == 0)
		return fail(lx, col, len, "number without digits");
	/* 3.33 bits a decimal digit, 4 a hex one, 1 a binary one */
	if ((double)nd * (base == 16 ? 4 : base == 2 ? 1 : 3.3219281) >
	    EXPR_MAX_BITS + 8)
		return cfx_err_setn(lx->err, CFX_ELIMIT, col, s, len,
		                    "number too large (over %ld bits)", EXPR_MAX_BITS);
	digits[nd] = '\0';
	mpz_set_str(z, digits, base);
	if (dot >= 0)
		*frac = nd - dot;
	return 0;
}

static expr_node *parse_expr(lexer *lx);
static expr_node *parse_unary(lexer *lx);

/* The built-in names: the one list (expr_builtin_names and expr_builtin are
 * how the rest of cfx sees it). */
static const struct {
	const char *name;
	expr_kind kind;
} consts[] = {
	{ "phi", EXPR_PHI }, { "pi", EXPR_PI }, { "e", EXPR_E },
}, funcs[] = {
	{ "golden", EXPR_GOLDEN }, { "nextprime", EXPR_NEXTPRIME },
	{ "prevprime", EXPR_PREVPRIME }, { "sqrt", EXPR_SQRT },
};

#define NCONSTS (sizeof consts / sizeof consts[0])
#define NFUNCS (sizeof funcs / sizeof funcs[0])

const char *expr_builtin_name(size_t i, int *function)
{
	if (i >= NCONSTS + NFUNCS)
		return NULL;
	if (function)
		*function = i >= NCONSTS;
	return i < NCONSTS ? consts[i].name : funcs[i - NCONSTS].name;
}

int expr_builtin(const char *name, size_t len)
{
	const char *b;
	size_t i;
	int f;

	for (i = 0; (b = expr_builtin_name(i, &f)); i++)
		if (strlen(b) == len && !strncmp(b, name, len))
			return f ? 2 : 1;
	return 0;
}

static expr_node *parse_call(lexer *lx, expr_kind k, int col, int len)
{
	expr_node *n, *arg;

	if (next(lx) < 0)
		return NULL;
	if (lx->tok == T_RP) {
		fail(lx, col, len, "function needs an argument");
		return NULL;
	}
	if (!(arg = parse_expr(lx)))
		return NULL;
	if (lx->tok == T_COMMA) {
		free_node(arg);
		fail(lx, col, len, "function takes one argument");
		return NULL;
	}
	if (lx->tok != T_RP) {
		free_node(arg);
		fail(lx, lx->pos, lx->end - lx->pos, "expected ')'");
		return NULL;
	}
	n = node(k, col, len);
	n->a = arg;
	return next(lx) < 0 ? (free_node(n), NULL) : n;
}

static expr_node *parse_name(lexer *lx)
{
	int col = lx->pos, len = lx->end - lx->pos;
	const char *s = lx->s + col;
	expr_node *n;
	size_t i;

	if (next(lx) < 0)
		return NULL;
	if (lx->tok == T_LP) {
		for (i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
			if ((int)strlen(funcs[i].name) == len &&
			    !strncmp(funcs[i].name, s, (size_t)len))
				return parse_call(lx, funcs[i].kind, col, len);
		fail(lx, col, len, "unknown function");
		return NULL;
	}
	for (i = 0; i < sizeof consts / sizeof consts[0]; i++)
		if ((int)strlen(consts[i].name) == len &&
		    !strncmp(consts[i].name, s, (size_t)len))
			return node(consts[i].kind, col, len);
	for (i = 0; i < sizeof funcs / sizeof funcs[0]; i++)
		if ((int)strlen(funcs[i].name) == len &&
		    !strncmp(funcs[i].name, s, (size_t)len)) {
			fail(lx, col, len, "function needs (argument)");
			return NULL;
		}
	n = node(EXPR_NAME, col, len);
	n->name = xstrndup(s, (size_t)len);
	return n;
}

static expr_node *binary(expr_kind k, int col, int len, expr_node *a,
                         expr_node *b);

static expr_node *parse_primary(lexer *lx)
{
	expr_node *n;
	int col = lx->pos, len = lx->end - lx->pos;

	switch (lx->tok) {
	case T_NUM: {
		int frac;
		n = node(EXPR_NUM, col, len);
		if (literal(lx, col, len, n->num, &frac) < 0 || next(lx) < 0) {
			free_node(n);
			return NULL;
		}
		if (frac > 0) {       /* 0.7 is exactly 7/10 */
			expr_node *d = node(EXPR_NUM, col, len);
			mpz_ui_pow_ui(d->num, 10, (unsigned long)frac);
			n = binary(EXPR_DIV, col, len, n, d);
		}
		return n;
	}
	case T_NAME:
		return parse_name(lx);
	case T_LP:
		if (next(lx) < 0 || !(n = parse_expr(lx)))
			return NULL;
		if (lx->tok != T_RP) {
			free_node(n);
			if (lx->tok == T_END)
				fail(lx, col, 1, "unclosed '('");
			else
				fail(lx, lx->pos, lx->end - lx->pos, "expected ')'");
			return NULL;
		}
		return next(lx) < 0 ? (free_node(n), NULL) : n;
	case T_END:
		fail(lx, lx->pos, 0, "expression ends too early");
		return NULL;
	default:
		fail(lx, col, len, "expected a number or a name");
		return NULL;
	}
}

static expr_node *binary(expr_kind k, int col, int len, expr_node *a, expr_node *b)
{
	expr_node *n = node(k, col, len);

	n->a = a;
	n->b = b;
	return n;
}

static expr_node *parse_power(lexer *lx)
{
	expr_node *a = parse_primary(lx), *b;
	int col, len;

	if (!a)
		return NULL;
	if (lx->tok != T_OP || lx->op != '^')
		return a;
	col = lx->pos, len = lx->end - lx->pos;
	if (next(lx) < 0 || !(b = parse_unary(lx))) {
		free_node(a);
		return NULL;
	}
	return binary(EXPR_POW, col, len, a, b);
}

static expr_node *parse_unary(lexer *lx)
{
	expr_node *a;
	int col = lx->pos, neg;

	/* every way of nesting (parentheses, calls, powers, signs) comes
	 * through here, so this bound keeps the recursion shallow */
	if (++lx->depth > MAX_DEPTH) {
		cfx_err_setn(lx->err, CFX_ELIMIT, col, lx->s + col,
		             lx->end > col ? lx->end - col : 1,
		             "expression nested too deeply");
		return NULL;
	}
	if (++lx->nodes > MAX_NODES) {
		/* the text from the first one past the limit (cut when shown):
		 * its single token ("2") would not say where */
		cfx_err_set(lx->err, CFX_ELIMIT, col, lx->s + col,
		            "expression too long (over %d numbers, names and "
		            "calls), past the limit at", MAX_NODES);
		return NULL;
	}
	if (lx->tok != T_OP || (lx->op != '-' && lx->op != '+' &&
	                        lx->op != '~')) {
		a = parse_power(lx);
	} else {
		neg = lx->op == '-' ? 1 : lx->op == '~' ? 2 : 0;
		if (next(lx) < 0 || !(a = parse_unary(lx)))
			a = NULL;
		else if (neg)
			a = binary(neg == 1 ? EXPR_NEG : EXPR_NOT, col, 1, a, NULL);
	}
	lx->depth--;
	return a;
}

static expr_node *parse_term(lexer *lx)
{
	expr_node *a = parse_unary(lx), *b;

	while (a && lx->tok == T_OP &&
	       (lx->op == '*' || lx->op == '/' || lx->op == '%')) {
		expr_kind k = lx->op == '*' ? EXPR_MUL : lx->op == '/' ? EXPR_DIV : EXPR_MOD;
		int col = lx->pos;

		if (next(lx) < 0 || !(b = parse_unary(lx))) {
			free_node(a);
			return NULL;
		}
		a = binary(k, col, 1, a, b);
	}
	return a;
}

static expr_node *parse_sum(lexer *lx)
{
	expr_node *a = parse_term(lx), *b;

	while (a && lx->tok == T_OP && (lx->op == '+' || lx->op == '-')) {
		expr_kind k = lx->op == '+' ? EXPR_ADD : EXPR_SUB;
		int col = lx->pos;

		if (next(lx) < 0 || !(b = parse_term(lx))) {
			free_node(a);
			return NULL;
		}
		a = binary(k, col, 1, a, b);
	}
	return a;
}

/* The binary levels below + and -, loosest last, as in C: each is a
 * left-associative chain of the level above. */
static const struct {
	char op[2];           /* the lexer's op characters of this level */
	expr_kind kind[2];
} levels[] = {
	{ { '<', '>' }, { EXPR_SHL, EXPR_SHR } },
	{ { '&', '&' }, { EXPR_AND, EXPR_AND } },
	{ { 'x', 'x' }, { EXPR_XOR, EXPR_XOR } },
	{ { '|', '|' }, { EXPR_OR, EXPR_OR } },
};

static expr_node *parse_level(lexer *lx, int l)
{
	expr_node *a = l ? parse_level(lx, l - 1) : parse_sum(lx), *b;

	while (a && lx->tok == T_OP &&
	       (lx->op == levels[l].op[0] || lx->op == levels[l].op[1])) {
		expr_kind k = levels[l].kind[lx->op != levels[l].op[0]];
		int col = lx->pos, len = lx->end - lx->pos;

		if (next(lx) < 0 ||
		    !(b = l ? parse_level(lx, l - 1) : parse_sum(lx))) {
			free_node(a);
			return NULL;
		}
		a = binary(k, col, len, a, b);
	}
	return a;
}

static expr_node *parse_expr(lexer *lx)
{
	return parse_level(lx, (int)(sizeof levels / sizeof levels[0]) - 1);
}

expr_tree *expr_parse(const char *src, cfx_err *err)
{
	lexer lx = { .s = src, .err = err };
	expr_node *root;
	expr_tree *t;

	cfx_err_clear(err);
	if (next(&lx) < 0)
		return NULL;
	if (lx.tok == T_END) {
		cfx_err_set(err, CFX_ESYNTAX, 0, "", "empty expression");
		return NULL;
	}
	if (!(root = parse_expr(&lx)))
		return NULL;
	if (lx.tok != T_END) {
		fail(&lx, lx.pos, lx.end - lx.pos,
		     lx.tok == T_RP ? "unmatched ')'" : "unexpected token");
		free_node(root);
		return NULL;
	}
	t = xmalloc(sizeof *t, "expression");
	t->src = xstrdup(src);
	t->root = root;
	return t;
}

void expr_free(expr_tree *t)
{
	if (!t)
		return;
	free_node(t->root);
	free(t->src);
	free(t);
}

/* Deep copy of n, replacing names; columns of inlined trees point at the
 * name they replace, so errors still land on something the user typed. */
static expr_node *copy(const expr_node *n, expr_lookup look, void *ctx,
                     const char *src, cfx_err *err, int col, int len,
                     int depth, size_t *nodes, const char *top)
{
	expr_node *c;

	if (!n)
		return NULL;
	/* the parser's size limit holds after substitution too: a chain of
	 * lets doubling a tree must not grow it without end */
	if (n->kind != EXPR_NAME && ++*nodes > MAX_NODES) {
		/* inside an inlined tree, col and len are the top name's */
		cfx_err_setn(err, CFX_ELIMIT, col < 0 ? n->col : col,
		             col < 0 ? src + n->col : top + col,
		             col < 0 ? n->len : len, "expression too large once "
		             "names are replaced (over %d nodes)", MAX_NODES);
		return NULL;
	}
	if (n->kind == EXPR_NAME) {
		const expr_tree *t = look ? look(ctx, n->name) : NULL;

		if (!t) {
			cfx_err_setn(err, CFX_ESYNTAX, n->col, src + n->col, n->len,
			             "unknown name");
			return NULL;
		}
		if (depth > MAX_DEPTH) {
			cfx_err_setn(err, CFX_ELIMIT, n->col, src + n->col, n->len,
			             "names refer to each other too deeply");
			return NULL;
		}
		return copy(t->root, look, ctx, t->src, err,
		            col < 0 ? n->col : col, col < 0 ? n->len : len,
		            depth + 1, nodes, top);
	}
	c = node(n->kind, col < 0 ? n->col : col, col < 0 ? n->len : len);
	if (n->kind == EXPR_NUM)
		mpz_set(c->num, n->num);
	if ((n->a && !(c->a = copy(n->a, look, ctx, src, err, col, len, depth,
	                           nodes, top))) ||
	    (n->b && !(c->b = copy(n->b, look, ctx, src, err, col, len, depth,
	                           nodes, top)))) {
		free_node(c);
		return NULL;
	}
	return c;
}

expr_tree *expr_inline(const expr_tree *t, expr_lookup look, void *ctx, cfx_err *err)
{
	expr_tree *c;
	expr_node *root;
	size_t nodes = 0;

	cfx_err_clear(err);
	if (!(root = copy(t->root, look, ctx, t->src, err, -1, 0, 0, &nodes,
	                  t->src)))
		return NULL;
	c = xmalloc(sizeof *c, "expression");
	c->src = xstrdup(t->src);
	c->root = root;
	return c;
}

static int integer_form(const expr_node *n, expr_lookup look, void *ctx, int depth)
{
	const expr_tree *t;

	switch (n->kind) {
	case EXPR_NUM:
		return 1;
	case EXPR_NAME:
		t = look && depth <= MAX_DEPTH ? look(ctx, n->name) : NULL;
		return t && integer_form(t->root, look, ctx, depth + 1);
	case EXPR_NEG: case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_MOD:
	case EXPR_POW: case EXPR_GOLDEN: case EXPR_NEXTPRIME: case EXPR_PREVPRIME:
	case EXPR_NOT: case EXPR_SHL: case EXPR_SHR: case EXPR_AND: case EXPR_OR:
	case EXPR_XOR:
		return (!n->a || integer_form(n->a, look, ctx, depth)) &&
		       (!n->b || integer_form(n->b, look, ctx, depth));
	default:
		return 0;       /* / sqrt phi pi e */
	}
}

int expr_integer_form(const expr_tree *t, expr_lookup look, void *ctx)
{
	assert(t && t->root);
	return integer_form(t->root, look, ctx, 0);
}

/* ---- values ---------------------------------------------------------- */

void expr_value_init(expr_value *v, mpfr_prec_t prec)
{
	v->kind = EXPR_RAT;
	mpq_init(v->q);
	mpq_init(v->r);
	mpz_init(v->d);
	mpfr_init2(v->lo, prec);
	mpfr_init2(v->hi, prec);
}

void expr_value_clear(expr_value *v)
{
	mpq_clear(v->q);
	mpq_clear(v->r);
	mpz_clear(v->d);
	mpfr_clear(v->lo);
	mpfr_clear(v->hi);
}

void expr_value_mid(const expr_value *v, mpfr_t x)
{
	if (v->kind == EXPR_RAT) {
		mpfr_set_q(x, v->q, MPFR_RNDN);
	} else if (v->kind == EXPR_QUAD) {
		mpfr_set_z(x, v->d, MPFR_RNDN);
		mpfr_sqrt(x, x, MPFR_RNDN);
		mpfr_mul_q(x, x, v->r, MPFR_RNDN);
		mpfr_add_q(x, x, v->q, MPFR_RNDN);
	} else {
		mpfr_add(x, v->lo, v->hi, MPFR_RNDN);
		mpfr_div_2ui(x, x, 1, MPFR_RNDN);
	}
}

/* ---- number theory helpers ------------------------------------------- */

void expr_golden(mpz_t z, unsigned long n)
{
	mpz_t s, t;

	/* 2^n/phi = (sqrt(5*4^n) - 2^n)/2, an irrational number, so
	 * round(2^n/phi) = floor((isqrt(5*4^n) - 2^n + 1)/2) */
	mpz_inits(s, t, NULL);
	mpz_ui_pow_ui(t, 2, n);
	mpz_mul(s, t, t);
	mpz_mul_ui(s, s, 5);
	mpz_sqrt(s, s);
	mpz_sub(s, s, t);
	mpz_add_ui(s, s, 1);
	mpz_fdiv_q_2exp(z, s, 1);
	mpz_clears(s, t, NULL);
}

int expr_isprime(const mpz_t z)
{
	int r = mpz_probab_prime_p(z, 24);

	/* BPSW has no counterexample below 2^64 (Feitsma-Galway), and GMP
	 * runs it first, so there a "probably" is a proof */
	if (r == 1 && mpz_sizeinbase(z, 2) <= 64)
		r = 2;
	return r;
}

/* The work of a step of Pollard's rho on n: L^2 units for an L-limb n
 * (a schoolbook product's limb products), so that a budget bounds the
 * time whatever the size: 1 on a 64-bit n, 4096 on a 4096-bit one. */
static unsigned long rho_cost(const mpz_t n)
{
	unsigned long l = (unsigned long)mpz_size(n);

	return l > 1 ? l * l : 1;
}

/* y = y^2 + c mod n: a step of Pollard's rho; rho_cost(n) units of
 * *work. */
static void rho_step(mpz_t y, const mpz_t n, unsigned long c,
                     unsigned long *work)
{
	mpz_mul(y, y, y);
	mpz_add_ui(y, y, c);
	mpz_mod(y, y, n);
	*work += rho_cost(n);
}

/* A factor d of the odd composite n, 1 < d < n, by Pollard's rho in
 * Brent's form with x^2 + c (the differences multiplied 64 at a time, one
 * gcd each): 1, or 0 when none came before *work reached max or the walk
 * met n itself (try another c). */
static int rho_factor(mpz_t d, const mpz_t n, unsigned long c,
                      unsigned long *work, unsigned long max)
{
	mpz_t x, y, ys, q, t;
	unsigned long r = 1, k, i, m = 64;
	int found = 0;

	mpz_inits(x, y, ys, q, t, NULL);
	mpz_set_ui(y, 2);
	mpz_set_ui(q, 1);
	mpz_set_ui(d, 1);
	while (!mpz_cmp_ui(d, 1) && *work < max) {
		mpz_set(x, y);
		for (i = 0; i < r; i++)
			rho_step(y, n, c, work);
		for (k = 0; k < r && !mpz_cmp_ui(d, 1) && *work < max; k += m) {
			mpz_set(ys, y);
			for (i = 0; i < m && i < r - k; i++) {
				rho_step(y, n, c, work);
				mpz_sub(t, x, y);
				mpz_abs(t, t);
				mpz_mul(q, q, t);
				mpz_mod(q, q, n);
			}
			mpz_gcd(d, q, n);
		}
		r *= 2;
	}
	if (!mpz_cmp(d, n) || !mpz_sgn(d))     /* a batch met n: one by one */
		do {
			rho_step(ys, n, c, work);
			mpz_sub(t, x, ys);
			mpz_abs(t, t);
			mpz_gcd(d, t, n);
		} while (!mpz_cmp_ui(d, 1) && *work < max);
	found = mpz_cmp_ui(d, 1) > 0 && mpz_cmp(d, n) < 0;
	mpz_clears(x, y, ys, q, t, NULL);
	return found;
}

static int factor_into(const mpz_t n, mpz_t *f, size_t max, size_t *nf,
                       unsigned long *work, unsigned long budget);

/* n = r^k, k >= 2 the least such (a prime), when n is a perfect power:
 * the factors of r appended to f, each k times (rho finds no factor of
 * p^k, whose walk mod p^k is one cycle); 0, -1 as factor_into; 1 when n
 * is no perfect power (f untouched). */
static int power_into(const mpz_t n, mpz_t *f, size_t max, size_t *nf,
                      unsigned long *work, unsigned long budget)
{
	mpz_t r;
	unsigned long k, bits = (unsigned long)mpz_sizeinbase(n, 2);
	size_t from = *nf, i, j;
	int rc = 1;

	if (!mpz_perfect_power_p(n))
		return 1;
	mpz_init(r);
	for (k = 2; k <= bits && rc == 1; k++)
		if (mpz_root(r, n, k)) {
			rc = factor_into(r, f, max, nf, work, budget);
			for (i = from, j = *nf; !rc && i < j; i++)
				if (*nf + k - 1 > max)
					rc = -1;
				else
					for (unsigned long c = 1; c < k; c++)
						mpz_set(f[(*nf)++], f[i]);
		}
	mpz_clear(r);
	return rc;
}

/* The prime factors of n > 1 appended to f (at most max in all, *nf so
 * far): 0, or -1 when the work ran out or f is full. */
static int factor_into(const mpz_t n, mpz_t *f, size_t max, size_t *nf,
                       unsigned long *work, unsigned long budget)
{
	mpz_t d, e;
	unsigned long c;
	int rc = -1;

	if (expr_isprime(n)) {
		if (*nf >= max)
			return -1;
		mpz_set(f[(*nf)++], n);
		return 0;
	}
	if ((rc = power_into(n, f, max, nf, work, budget)) <= 0)
		return rc;
	rc = -1;
	mpz_inits(d, e, NULL);
	for (c = 1; c < 16 && *work < budget; c++)
		if (rho_factor(d, n, c, work, budget)) {
			mpz_divexact(e, n, d);
			rc = factor_into(d, f, max, nf, work, budget) < 0 ||
			     factor_into(e, f, max, nf, work, budget) < 0 ? -1 : 0;
			break;
		}
	mpz_clears(d, e, NULL);
	return rc;
}

int expr_factor(const mpz_t z, mpz_t *f, size_t max, unsigned long budget)
{
	mpz_t n;
	size_t nf = 0, i, j;
	unsigned long p, work = 0;
	int rc = 0;

	assert(mpz_cmp_ui(z, 1) > 0);
	mpz_init_set(n, z);
	for (p = 2; p < EXPR_TRIAL_BOUND && mpz_cmp_ui(n, 1) > 0 && !rc; p++)
		while (mpz_divisible_ui_p(n, p) && !rc) {
			if (nf >= max)
				rc = -1;
			else
				mpz_set_ui(f[nf++], p);
			mpz_divexact_ui(n, n, p);
		}
	if (!rc && mpz_cmp_ui(n, 1) > 0)
		rc = factor_into(n, f, max, &nf, &work, budget);
	mpz_clear(n);
	if (rc < 0)
		return -1;
	for (i = 1; i < nf; i++)              /* ascending, by insertion */
		for (j = i; j > 0 && mpz_cmp(f[j - 1], f[j]) > 0; j--)
			mpz_swap(f[j - 1], f[j]);
	return (int)nf;
}

void expr_nextprime(mpz_t z, const mpz_t x)
{
	if (mpz_cmp_ui(x, 2) < 0)
		mpz_set_ui(z, 2);
	else
		mpz_nextprime(z, x);   /* least prime > x */
}

int expr_prevprime(mpz_t z, const mpz_t x)
{
	if (mpz_cmp_ui(x, 2) <= 0)
		return 0;
	if (mpz_cmp_ui(x, 3) == 0) {
		mpz_set_ui(z, 2);
		return 1;
	}
	/* largest odd number below x, then down by twos */
	mpz_sub_ui(z, x, 1);
	if (mpz_even_p(z))
		mpz_sub_ui(z, z, 1);
	while (!expr_isprime(z))
		mpz_sub_ui(z, z, 2);
	return 1;
}
