/*
 * expr.c - parsing the expression language into a tree (see expr.h).
 *
 * A hand-written recursive-descent parser over a one-token lookahead:
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := primary (('^' | '**') unary)?      right associative
 *   primary := number | name | name '(' expr ')' | '(' expr ')'
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
	char op;             /* T_OP: one of + - * / ^ */
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
		lx->tok = T_NUM;
	} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
		while (is_word((unsigned char)s[i]))
			i++;
		lx->tok = T_NAME;
	} else if (strchr("+-*/%^", s[i])) {
		lx->tok = T_OP;
		lx->op = s[i] == '*' && s[i + 1] == '*' ? '^' : s[i];
		i += s[i] == '*' && s[i + 1] == '*' ? 2 : 1;
	} else if (s[i] == '(') {
		lx->tok = T_LP, i++;
	} else if (s[i] == ')') {
		lx->tok = T_RP, i++;
	} else if (s[i] == ',') {
		lx->tok = T_COMMA, i++;
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

static ex_node *node(ex_kind k, int col, int len)
{
	ex_node *n = xcalloc(1, sizeof *n, "expression node");

	n->kind = k;
	n->col = col;
	n->len = len;
	if (k == EX_NUM)
		mpz_init(n->num);
	return n;
}

static void free_node(ex_node *n)
{
	if (!n)
		return;
	free_node(n->a);
	free_node(n->b);
	if (n->kind == EX_NUM)
		mpz_clear(n->num);
	free(n->name);
	free(n);
}

/* Convert the literal s[0..len) (digits, letters, _) into z. */
static int literal(lexer *lx, int col, int len, mpz_t z)
{
	const char *s = lx->s + col;
	int base = 10, i = 0;
	char digits[len + 1];
	int nd = 0;

	if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	else if (len >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, i = 2;
	for (; i < len; i++) {
		int c = (unsigned char)s[i], v;

		if (c == '_') {
			/* a separator stands between two digits */
			if (nd == 0 || i + 1 == len || s[i + 1] == '_')
				return fail(lx, col, len, "misplaced _ in number");
			continue;
		}
		v = isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : 99;
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
	    EX_MAX_BITS + 8)
		return cfx_err_setn(lx->err, CFX_ELIMIT, col, s, len,
		                    "number too large (over %ld bits)", EX_MAX_BITS);
	digits[nd] = '\0';
	mpz_set_str(z, digits, base);
	return 0;
}

static ex_node *parse_expr(lexer *lx);
static ex_node *parse_unary(lexer *lx);

/* The built-in names: the one list (ex_builtin_names and ex_builtin are
 * how the rest of cfx sees it). */
static const struct {
	const char *name;
	ex_kind kind;
} consts[] = {
	{ "phi", EX_PHI }, { "pi", EX_PI }, { "e", EX_E },
}, funcs[] = {
	{ "golden", EX_GOLDEN }, { "nextprime", EX_NEXTPRIME },
	{ "prevprime", EX_PREVPRIME }, { "sqrt", EX_SQRT },
};

#define NCONSTS (sizeof consts / sizeof consts[0])
#define NFUNCS (sizeof funcs / sizeof funcs[0])

const char *ex_builtin_name(size_t i, int *function)
{
	if (i >= NCONSTS + NFUNCS)
		return NULL;
	if (function)
		*function = i >= NCONSTS;
	return i < NCONSTS ? consts[i].name : funcs[i - NCONSTS].name;
}

int ex_builtin(const char *name, size_t len)
{
	const char *b;
	size_t i;
	int f;

	for (i = 0; (b = ex_builtin_name(i, &f)); i++)
		if (strlen(b) == len && !strncmp(b, name, len))
			return f ? 2 : 1;
	return 0;
}

static ex_node *parse_call(lexer *lx, ex_kind k, int col, int len)
{
	ex_node *n, *arg;

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

static ex_node *parse_name(lexer *lx)
{
	int col = lx->pos, len = lx->end - lx->pos;
	const char *s = lx->s + col;
	ex_node *n;
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
	n = node(EX_NAME, col, len);
	n->name = xstrndup(s, (size_t)len);
	return n;
}

static ex_node *parse_primary(lexer *lx)
{
	ex_node *n;
	int col = lx->pos, len = lx->end - lx->pos;

	switch (lx->tok) {
	case T_NUM:
		n = node(EX_NUM, col, len);
		if (literal(lx, col, len, n->num) < 0 || next(lx) < 0) {
			free_node(n);
			return NULL;
		}
		return n;
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

static ex_node *binary(ex_kind k, int col, int len, ex_node *a, ex_node *b)
{
	ex_node *n = node(k, col, len);

	n->a = a;
	n->b = b;
	return n;
}

static ex_node *parse_power(lexer *lx)
{
	ex_node *a = parse_primary(lx), *b;
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
	return binary(EX_POW, col, len, a, b);
}

static ex_node *parse_unary(lexer *lx)
{
	ex_node *a;
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
		cfx_err_setn(lx->err, CFX_ELIMIT, col, lx->s + col,
		             lx->end > col ? lx->end - col : 1,
		             "expression too long (over 4096 terms)");
		return NULL;
	}
	if (lx->tok != T_OP || (lx->op != '-' && lx->op != '+')) {
		a = parse_power(lx);
	} else {
		neg = lx->op == '-';
		if (next(lx) < 0 || !(a = parse_unary(lx)))
			a = NULL;
		else if (neg)
			a = binary(EX_NEG, col, 1, a, NULL);
	}
	lx->depth--;
	return a;
}

static ex_node *parse_term(lexer *lx)
{
	ex_node *a = parse_unary(lx), *b;

	while (a && lx->tok == T_OP &&
	       (lx->op == '*' || lx->op == '/' || lx->op == '%')) {
		ex_kind k = lx->op == '*' ? EX_MUL : lx->op == '/' ? EX_DIV : EX_MOD;
		int col = lx->pos;

		if (next(lx) < 0 || !(b = parse_unary(lx))) {
			free_node(a);
			return NULL;
		}
		a = binary(k, col, 1, a, b);
	}
	return a;
}

static ex_node *parse_expr(lexer *lx)
{
	ex_node *a = parse_term(lx), *b;

	while (a && lx->tok == T_OP && (lx->op == '+' || lx->op == '-')) {
		ex_kind k = lx->op == '+' ? EX_ADD : EX_SUB;
		int col = lx->pos;

		if (next(lx) < 0 || !(b = parse_term(lx))) {
			free_node(a);
			return NULL;
		}
		a = binary(k, col, 1, a, b);
	}
	return a;
}

ex_tree *ex_parse(const char *src, cfx_err *err)
{
	lexer lx = { .s = src, .err = err };
	ex_node *root;
	ex_tree *t;

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

void ex_free(ex_tree *t)
{
	if (!t)
		return;
	free_node(t->root);
	free(t->src);
	free(t);
}

/* Deep copy of n, replacing names; columns of inlined trees point at the
 * name they replace, so errors still land on something the user typed. */
static ex_node *copy(const ex_node *n, ex_lookup look, void *ctx,
                     const char *src, cfx_err *err, int col, int len,
                     int depth, size_t *nodes, const char *top)
{
	ex_node *c;

	if (!n)
		return NULL;
	/* the parser's size limit holds after substitution too: a chain of
	 * lets doubling a tree must not grow it without end */
	if (n->kind != EX_NAME && ++*nodes > MAX_NODES) {
		/* inside an inlined tree, col and len are the top name's */
		cfx_err_setn(err, CFX_ELIMIT, col < 0 ? n->col : col,
		             col < 0 ? src + n->col : top + col,
		             col < 0 ? n->len : len, "expression too large once "
		             "names are replaced (over %d nodes)", MAX_NODES);
		return NULL;
	}
	if (n->kind == EX_NAME) {
		const ex_tree *t = look ? look(ctx, n->name) : NULL;

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
	if (n->kind == EX_NUM)
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

ex_tree *ex_inline(const ex_tree *t, ex_lookup look, void *ctx, cfx_err *err)
{
	ex_tree *c;
	ex_node *root;
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

static int integer_form(const ex_node *n, ex_lookup look, void *ctx, int depth)
{
	const ex_tree *t;

	switch (n->kind) {
	case EX_NUM:
		return 1;
	case EX_NAME:
		t = look && depth <= MAX_DEPTH ? look(ctx, n->name) : NULL;
		return t && integer_form(t->root, look, ctx, depth + 1);
	case EX_NEG: case EX_ADD: case EX_SUB: case EX_MUL: case EX_MOD:
	case EX_POW: case EX_GOLDEN: case EX_NEXTPRIME: case EX_PREVPRIME:
		return (!n->a || integer_form(n->a, look, ctx, depth)) &&
		       (!n->b || integer_form(n->b, look, ctx, depth));
	default:
		return 0;       /* / sqrt phi pi e */
	}
}

int ex_integer_form(const ex_tree *t, ex_lookup look, void *ctx)
{
	assert(t && t->root);
	return integer_form(t->root, look, ctx, 0);
}
