/*
 * lesson_check.c - the check language of lessons (see lesson/lesson_check.h):
 * its parser.
 *
 * A check is split into words (spaces separate; brackets, parentheses and
 * quotes group) and parsed by recursive descent into a tree of and/or/not
 * over comparisons (lesson_check_tree.h), which lesson_check_eval.c
 * evaluates against JSON.  A literal is kept as written once it is known
 * to be a number (lesson_check_text_number), a string, a list, true,
 * false or null; a path is checked against the names the lesson may use.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmp.h>
#include <mpfr.h>

#include "cfx/expr.h"
#include "lesson/lesson_check.h"
#include "lesson/lesson_check_tree.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define MAX_WORDS 64
#define INDEX_MAX 1000000000L /* [N] and [-N]: no array is longer */
#define MAX_NEST 32           /* lists and function calls inside each other */

/* ---- the tree ----------------------------------------------------------- */

static const struct { const char *name; int nargs; } funcs[] = {
	[F_LEN] = { "len", 1 }, [F_MIN] = { "min", 1 }, [F_MAX] = { "max", 1 },
	[F_SUM] = { "sum", 1 }, [F_COUNT] = { "count", 2 },
	[F_INDEX] = { "index", 2 }, [F_STARTS] = { "starts", 2 },
	[F_CONTAINS] = { "contains", 2 }, [F_LITERAL] = { "literal", 1 },
	[F_DECIMALS] = { "decimals", 1 }, [F_LOWEST] = { "lowest", 1 },
	[F_AT] = { "at", 2 }, [F_ADD] = { "add", 2 }, [F_SUB] = { "sub", 2 },
	[F_KEYBITS] = { "keybits", 2 }, [F_ITEMS] = { "items", 1 },
	[F_SHOWN] = { "shown", 1 },
};
#define NFUNCS (sizeof funcs / sizeof funcs[0])

static void operand_free(operand *o)
{
	size_t i;

	if (!o)
		return;
	free(o->text);
	json_decref(o->lit);
	free(o->name);
	for (i = 0; i < o->nsels; i++)
		free(o->sels[i].field);
	free(o->sels);
	operand_free(o->arg[0]);
	operand_free(o->arg[1]);
	free(o);
}

void lesson_check_free(lesson_check *c)
{
	if (!c)
		return;
	lesson_check_free(c->a);
	lesson_check_free(c->b);
	operand_free(c->l);
	operand_free(c->r);
	free(c);
}

/* ---- splitting into words -------------------------------------------- */

typedef struct word {
	const char *s;
	size_t len;
	int col;
} word;

/* End of the group that opens at s[i] (a quote or bracket), or -1. */
static long group_end(const char *s, size_t i)
{
	char stack[MAX_NEST];
	int depth = 0;

	for (; s[i]; i++) {
		char c = s[i];
		if (c == '"') {
			for (i++; s[i] && s[i] != '"'; i++)
				if (s[i] == '\\' && s[i + 1])
					i++;
			if (!s[i])
				return -1;
			if (depth == 0)
				return (long)i;
		} else if (c == '(' || c == '[') {
			if (depth == MAX_NEST)
				return -1;
			stack[depth++] = c == '(' ? ')' : ']';
		} else if (c == ')' || c == ']') {
			if (depth == 0 || stack[depth - 1] != c)
				return -1;
			if (--depth == 0)
				return (long)i;
		}
	}
	return -1;
}

static int split_words(const char *src, word *w, size_t *n, cfx_err *err)
{
	size_t i = 0;

	*n = 0;
	for (;;) {
		size_t start;

		while (isspace((unsigned char)src[i]))
			i++;
		if (!src[i])
			return 0;
		if (*n == MAX_WORDS)
			return cfx_err_set(err, CFX_ESYNTAX, (int)i, src + i,
			                   "check too long");
		start = i;
		while (src[i] && !isspace((unsigned char)src[i])) {
			if (strchr("\"([", src[i])) {
				long e = group_end(src, i);
				if (e < 0)
					return cfx_err_set(err, CFX_ESYNTAX, (int)start,
					                   src + start, "unclosed %s",
					                   src[i] == '"' ? "quote" :
					                   "bracket or parenthesis");
				i = (size_t)e;
			} else if (src[i] == ')' || src[i] == ']') {
				return cfx_err_setn(err, CFX_ESYNTAX, (int)i, src + i, 1,
				                    "unbalanced bracket");
			}
			i++;
		}
		w[*n] = (word){ src + start, i - start, (int)start };
		(*n)++;
	}
}

static int word_is(const word *w, const char *s)
{
	return w->len == strlen(s) && !strncmp(w->s, s, w->len);
}

/* ---- operands ------------------------------------------------------------ */

typedef struct parser {
	const word *w;
	size_t n, i;
	const lesson_names *names;
	int claim;
	cfx_err *err;
} parser;

static int bad(parser *ps, const char *s, size_t len, const char *fmt,
               const char *what)
{
	if (!len)
		return cfx_err_set(ps->err, CFX_ESYNTAX, -1, NULL, fmt, what);
	return cfx_err_setn(ps->err, CFX_ESYNTAX, -1, s, (int)len, fmt, what);
}

static int is_ident_start(int c) { return isalpha(c) || c == '_'; }
static int is_ident(int c) { return isalnum(c) || c == '_'; }

/* Split s[0..len) at top-level commas into pieces (trimmed). */
static size_t split_commas(const char *s, size_t len, word *out, size_t max)
{
	size_t i, start = 0, n = 0;
	int depth = 0, quote = 0;

	for (i = 0; i <= len; i++) {
		char c = i < len ? s[i] : ',';
		if (quote) {
			if (c == '\\')
				i++;
			else if (c == '"')
				quote = 0;
			continue;
		}
		if (c == '"')
			quote = 1;
		else if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		else if (c == ',' && depth == 0) {
			size_t a = start, b = i;
			while (a < b && isspace((unsigned char)s[a]))
				a++;
			while (b > a && isspace((unsigned char)s[b - 1]))
				b--;
			if (n < max)
				out[n] = (word){ s + a, b - a, 0 };
			n++;
			start = i + 1;
		}
	}
	return n;
}

static operand *parse_operand(parser *ps, const char *s, size_t len, int lit,
                              int depth);

/* A JSON string from a quoted word. */
static json_t *unquote(const char *s, size_t len)
{
	char *buf = xcalloc(len + 1, 1, "check text");
	size_t i, k = 0;
	json_t *j;

	for (i = 1; i + 1 < len; i++) {
		if (s[i] == '\\' && i + 2 < len)
			i++;
		buf[k++] = s[i];
	}
	j = json_string(buf);
	free(buf);
	return j;
}

/* A list literal [a, b, ...] into o->lit. */
static int parse_list(parser *ps, operand *o, const char *s, size_t len,
                      int depth)
{
	word items[256];
	size_t n = 0, i;

	o->lit = json_array();
	if (len > 2 && s[1 + strspn(s + 1, " ")] != ']')
		n = split_commas(s + 1, len - 2, items, 256);
	if (n > 256)
		return bad(ps, s, len, "%s", "list too long");
	for (i = 0; i < n; i++) {
		operand *e;
		if (!items[i].len)
			return bad(ps, s, len, "%s", "empty item in list");
		if (!(e = parse_operand(ps, items[i].s, items[i].len, 1, depth + 1)))
			return -1;
		json_array_append(o->lit, e->lit);
		operand_free(e);
	}
	return 0;
}

/* Selectors after a root: .field, [N], [-N], [*]. */
static int parse_sels(parser *ps, operand *o, const char *s, size_t len)
{
	size_t i = 0;

	/* room for every selector s could hold, after those already there */
	o->sels = xrealloc(o->sels, (o->nsels + len + 1) * sizeof *o->sels,
	                   "selectors");
	while (i < len) {
		sel *sl = &o->sels[o->nsels];

		memset(sl, 0, sizeof *sl);
		if (s[i] == '.' && i + 1 < len && is_ident_start((unsigned char)s[i + 1])) {
			size_t j = i + 1;
			while (j < len && is_ident((unsigned char)s[j]))
				j++;
			sl->kind = SEL_FIELD;
			sl->field = xstrndup(s + i + 1, j - i - 1);
			i = j;
		} else if (s[i] == '[' && i + 2 < len && s[i + 1] == '*' &&
		           s[i + 2] == ']') {
			sl->kind = SEL_ALL;
			i += 3;
		} else if (s[i] == '[') {
			char *end;
			long v;
			errno = 0;
			v = strtol(s + i + 1, &end, 10);
			if (end == s + i + 1 || (size_t)(end - s) >= len || *end != ']' ||
			    !isdigit((unsigned char)end[-1]))
				return bad(ps, s + i, len - i, "%s",
				           "an index is [N], [-N] or [*]");
			/* so that -index is always a long, and a size_t */
			if (errno || v > INDEX_MAX || v < -INDEX_MAX)
				return bad(ps, s + i, (size_t)(end - s) + 1 - i, "%s",
				           "an index is at most 10^9 either way");
			sl->kind = SEL_INDEX;
			sl->index = v;
			i = (size_t)(end - s) + 1;
		} else {
			return bad(ps, s + i, len - i, "%s",
			           "a path goes on with .field or [N]");
		}
		o->nsels++;
	}
	return 0;
}

static int known_state(const parser *ps, const char *name)
{
	return !ps->names || !ps->names->state || ps->names->state(name);
}

static int known_command(const parser *ps, const char *name)
{
	return !ps->names || !ps->names->command ||
	       ps->names->command(name) == 1;
}

/* The first word of a command line must name a command. */
static int check_command_line(parser *ps, const char *line, size_t len)
{
	size_t k = 0;
	char name[32];

	while (k < len && !isspace((unsigned char)line[k]))
		k++;
	if (!k)
		return bad(ps, line, len, "%s", "run() needs a command");
	if (k >= sizeof name)
		return bad(ps, line, k, "%s", "unknown command");
	memcpy(name, line, k);
	name[k] = '\0';
	if (!known_command(ps, name))
		return bad(ps, line, k, "%s", "unknown command");
	return 0;
}

/* root.rest: result.CMD, last.CMD, state, answer, run(...), or (claims) a
 * field of the result. */
static int parse_path(parser *ps, operand *o, const char *s, size_t len)
{
	size_t j = 0;
	char *id;

	while (j < len && is_ident((unsigned char)s[j]))
		j++;
	id = xstrndup(s, j);
	o->kind = OPD_PATH;
	if (!strcmp(id, "run") && j < len && s[j] == '(') {
		long e = group_end(s, j);
		size_t a = j + 1, b = (size_t)e;
		free(id);
		while (a < b && isspace((unsigned char)s[a]))
			a++;
		while (b > a && isspace((unsigned char)s[b - 1]))
			b--;
		if (check_command_line(ps, s + a, b - a) < 0)
			return -1;
		o->root = ROOT_RUN;
		o->name = xstrndup(s + a, b - a);
		return parse_sels(ps, o, s + e + 1, len - (size_t)e - 1);
	}
	if (!strcmp(id, "result") || !strcmp(id, "last")) {
		size_t k = j + 1;
		o->root = id[0] == 'r' ? ROOT_RESULT : ROOT_LAST;
		free(id);
		if (j >= len || s[j] != '.')
			return bad(ps, s, len, "%s", "result.COMMAND or last.COMMAND");
		while (k < len && is_ident((unsigned char)s[k]))
			k++;
		o->name = xstrndup(s + j + 1, k - j - 1);
		if (!o->name[0] || !known_command(ps, o->name))
			return bad(ps, s + j + 1, k - j - 1, "%s", "unknown command");
		return parse_sels(ps, o, s + k, len - k);
	}
	if (!strcmp(id, "state")) {
		size_t k = j + 1;
		char *name;
		free(id);
		o->root = ROOT_STATE;
		if (j >= len || s[j] != '.')
			return bad(ps, s, len, "%s", "state.SETTING");
		while (k < len && is_ident((unsigned char)s[k]))
			k++;
		name = xstrndup(s + j + 1, k - j - 1);
		if (!name[0] || !known_state(ps, name)) {
			free(name);
			return bad(ps, s + j + 1, k - j - 1, "%s", "unknown setting");
		}
		free(name);
		return parse_sels(ps, o, s + j, len - j);
	}
	if (!strcmp(id, "answer")) {
		free(id);
		o->root = ROOT_ANSWER;
		return parse_sels(ps, o, s + j, len - j);
	}
	if (!ps->claim) {
		free(id);
		return bad(ps, s, j, "%s", "unknown name (a path starts with "
		           "result., last., state., answer or run(...))");
	}
	/* a claim's bare field reads the command's result */
	o->root = ROOT_CLAIM;
	o->sels = xcalloc(1, sizeof *o->sels, "selectors");
	o->sels[0] = (sel){ SEL_FIELD, id, 0 };
	o->nsels = 1;
	return parse_sels(ps, o, s + j, len - j);
}

static int parse_func(parser *ps, operand *o, func_kind f, const char *s,
                      size_t len, int depth)
{
	size_t open = strlen(funcs[f].name);
	word args[3];
	size_t n, i;

	o->kind = OPD_FUNC;
	o->func = f;
	if (s[len - 1] != ')' || group_end(s, open) != (long)len - 1)
		return bad(ps, s, len, "%s", "text after a function call");
	n = split_commas(s + open + 1, len - open - 2, args, 3);
	if ((int)n != funcs[f].nargs)
		return bad(ps, s, len, "%s", funcs[f].nargs == 1 ?
		           "takes one argument" : "takes two arguments");
	for (i = 0; i < n; i++) {
		if (!args[i].len)
			return bad(ps, s, len, "%s", "empty argument");
		if (!(o->arg[i] = parse_operand(ps, args[i].s, args[i].len, 0,
		                                depth + 1)))
			return -1;
		o->nargs++;
	}
	return 0;
}

/* Names the expression language owns: these start a literal. */
static int expr_name(const char *s, size_t len)
{
	size_t j = 0;

	while (j < len && is_ident((unsigned char)s[j]))
		j++;
	return expr_builtin(s, j) != 0;
}

/* An operand from s[0..len).  lit: literals only (inside lists). */
static operand *parse_operand(parser *ps, const char *s, size_t len, int lit,
                              int depth)
{
	operand *o = xcalloc(1, sizeof *o, "check operand");
	int rc = 0;
	size_t f;

	o->text = xstrndup(s, len);
	o->kind = OPD_LIT;
	if (depth > MAX_NEST) {
		rc = bad(ps, s, len, "%s", "nested too deeply");
	} else if (!strcmp(o->text, "true") || !strcmp(o->text, "false")) {
		o->lit = json_boolean(o->text[0] == 't');
	} else if (!strcmp(o->text, "null")) {
		o->lit = json_null();
	} else if (s[0] == '"') {
		if (s[len - 1] != '"' || len < 2 || group_end(s, 0) != (long)len - 1)
			rc = bad(ps, s, len, "%s", "text after a quoted string");
		else
			o->lit = unquote(s, len);
	} else if (s[0] == '[') {
		if (group_end(s, 0) != (long)len - 1)
			rc = bad(ps, s, len, "%s", "text after a list");
		else
			rc = parse_list(ps, o, s, len, depth);
	} else if (is_ident_start((unsigned char)s[0]) && !expr_name(s, len)) {
		for (f = 0; f < NFUNCS; f++)
			if (!strncmp(s, funcs[f].name, strlen(funcs[f].name)) &&
			    s[strlen(funcs[f].name)] == '(')
				break;
		if (lit)
			rc = bad(ps, s, len, "%s", "a list holds literals only");
		else if (f < NFUNCS)
			rc = parse_func(ps, o, (func_kind)f, s, len, depth);
		else
			rc = parse_path(ps, o, s, len);
	} else {
		/* a number: a decimal numeral or an expression without names */
		expr_value v;
		expr_value_init(&v, NUM_PREC);
		if (!lesson_check_text_number(o->text, &v))
			rc = bad(ps, s, len, "%s", "not a number, string, list or path");
		else
			o->lit = json_string(o->text);
		expr_value_clear(&v);
	}
	if (rc < 0) {
		operand_free(o);
		return NULL;
	}
	return o;
}

/* ---- the boolean structure ----------------------------------------- */

static lesson_check *parse_or(parser *ps);

static lesson_check *node(node_kind k)
{
	lesson_check *c = xcalloc(1, sizeof *c, "check");
	c->kind = k;
	return c;
}

static const word *peek(parser *ps)
{
	return ps->i < ps->n ? &ps->w[ps->i] : NULL;
}

static int op_of(const word *w)
{
	size_t i;

	for (i = 0; i <= OP_APPROX; i++)
		if (word_is(w, lesson_check_op_names[i]))
			return (int)i;
	if (word_is(w, "="))
		return -2;
	return -1;
}

static int keyword(const word *w)
{
	return w && (word_is(w, "and") || word_is(w, "or") || word_is(w, "not"));
}

/* One operand: the words up to the next comparison or keyword, so an
 * expression may be written with spaces (2^32 - golden(32)). */
static operand *next_operand(parser *ps)
{
	const word *first = peek(ps), *last = first;

	while (ps->i < ps->n && !keyword(&ps->w[ps->i]) &&
	       op_of(&ps->w[ps->i]) == -1)
		last = &ps->w[ps->i++];
	return parse_operand(ps, first->s,
	                     (size_t)(last->s + last->len - first->s), 0, 0);
}

static lesson_check *parse_not(parser *ps)
{
	const word *w = peek(ps);
	lesson_check *c;
	int op;

	if (!w) {
		bad(ps, "", 0, "%s", "check ends too soon");
		return NULL;
	}
	if (word_is(w, "not")) {
		ps->i++;
		c = node(N_NOT);
		if (!(c->a = parse_not(ps))) {
			lesson_check_free(c);
			return NULL;
		}
		return c;
	}
	if (keyword(w) || op_of(w) != -1) {
		bad(ps, w->s, w->len, "%s", "expected a value");
		return NULL;
	}
	c = node(N_TEST);
	if (!(c->l = next_operand(ps))) {
		lesson_check_free(c);
		return NULL;
	}
	w = peek(ps);
	if (!w || keyword(w))
		return c;
	if ((op = op_of(w)) < 0) {
		bad(ps, w->s, w->len, "%s", "= compares as ==");
		lesson_check_free(c);
		return NULL;
	}
	ps->i++;
	c->kind = N_CMP;
	c->op = (cmp_op)op;
	if (!(w = peek(ps)) || keyword(w) || op_of(w) != -1) {
		bad(ps, w ? w->s : "", w ? w->len : 0, "%s",
		    "a comparison needs a value on its right");
		lesson_check_free(c);
		return NULL;
	}
	if (!(c->r = next_operand(ps))) {
		lesson_check_free(c);
		return NULL;
	}
	return c;
}

/* left-associative chains: a and b and c, a or b or c */
static lesson_check *parse_chain(parser *ps, const char *joiner, node_kind k,
                                 lesson_check *(*sub)(parser *))
{
	lesson_check *c = sub(ps), *n;

	while (c && peek(ps) && word_is(peek(ps), joiner)) {
		ps->i++;
		n = node(k);
		n->a = c;
		c = n;
		if (!(n->b = sub(ps))) {
			lesson_check_free(c);
			return NULL;
		}
	}
	return c;
}

static lesson_check *parse_and(parser *ps)
{
	return parse_chain(ps, "and", N_AND, parse_not);
}

static lesson_check *parse_or(parser *ps)
{
	return parse_chain(ps, "or", N_OR, parse_and);
}

lesson_check *lesson_check_parse(const char *src, const lesson_names *names,
                                 int claim, cfx_err *err)
{
	word w[MAX_WORDS];
	parser ps = { w, 0, 0, names, claim, err };
	lesson_check *c;

	cfx_err_clear(err);
	if (split_words(src, w, &ps.n, err) < 0)
		return NULL;
	if (ps.n == 0) {
		cfx_err_set(err, CFX_ESYNTAX, -1, NULL, "empty check");
		return NULL;
	}
	if (!(c = parse_or(&ps)))
		return NULL;
	if (ps.i < ps.n) {
		bad(&ps, w[ps.i].s, w[ps.i].len, "%s", "a comparison goes on with "
		    "and, or, or ends");
		lesson_check_free(c);
		return NULL;
	}
	return c;
}

/* Every path operand of c, whatever the operators and functions around
 * it, to fn until fn returns non-zero (returned). */
typedef int (*path_fn)(const operand *o, void *ctx);

static int operand_each(const operand *o, path_fn fn, void *ctx)
{
	int r;

	if (!o)
		return 0;
	if (o->kind == OPD_PATH && (r = fn(o, ctx)) != 0)
		return r;
	if ((r = operand_each(o->arg[0], fn, ctx)) != 0)
		return r;
	return operand_each(o->arg[1], fn, ctx);
}

static int check_each(const lesson_check *c, path_fn fn, void *ctx)
{
	int r;

	if (!c)
		return 0;
	if ((r = check_each(c->a, fn, ctx)) != 0 ||
	    (r = check_each(c->b, fn, ctx)) != 0 ||
	    (r = operand_each(c->l, fn, ctx)) != 0)
		return r;
	return operand_each(c->r, fn, ctx);
}

static int is_answer(const operand *o, void *ctx)
{
	(void)ctx;
	return o->root == ROOT_ANSWER;
}

int lesson_check_uses_answer(const lesson_check *c)
{
	return check_each(c, is_answer, NULL);
}

static int operand_calls(const operand *o, func_kind func)
{
	return o && ((o->kind == OPD_FUNC && o->func == func) ||
	             operand_calls(o->arg[0], func) ||
	             operand_calls(o->arg[1], func));
}

static int check_calls(const lesson_check *c, func_kind func)
{
	return c && (check_calls(c->a, func) || check_calls(c->b, func) ||
	             operand_calls(c->l, func) || operand_calls(c->r, func));
}

int lesson_check_uses_shown(const lesson_check *c)
{
	return check_calls(c, F_SHOWN);
}

/* A form function of the bare answer: literal(answer), items(answer),
 * decimals(answer), lowest(answer). */
static int form_of_answer(const operand *o)
{
	const operand *a = o ? o->arg[0] : NULL;

	return o && o->kind == OPD_FUNC && o->nargs == 1 &&
	       (o->func == F_LITERAL || o->func == F_ITEMS ||
	        o->func == F_DECIMALS || o->func == F_LOWEST) &&
	       a->kind == OPD_PATH && a->root == ROOT_ANSWER && !a->nsels;
}

int lesson_check_form_only(const lesson_check *c)
{
	if (!c)
		return 0;
	switch (c->kind) {
	case N_AND:
		return lesson_check_form_only(c->a) &&
		       lesson_check_form_only(c->b);
	case N_TEST:
		return form_of_answer(c->l);
	case N_CMP:
		/* a count or a number of places against a number */
		return c->op != OP_NE && c->op != OP_APPROX &&
		       form_of_answer(c->l) && c->r->kind == OPD_LIT &&
		       json_is_string(c->r->lit) && c->r->text[0] != '"';
	default:
		return 0;
	}
}

typedef struct run_walk {
	int (*fn)(void *ctx, const char *line);
	void *ctx;
} run_walk;

static int is_run(const operand *o, void *ctx)
{
	const run_walk *w = ctx;

	return o->root == ROOT_RUN ? w->fn(w->ctx, o->name) : 0;
}

int lesson_check_each_run(const lesson_check *c,
                          int (*fn)(void *ctx, const char *line), void *ctx)
{
	run_walk w = { fn, ctx };

	return check_each(c, is_run, &w);
}
