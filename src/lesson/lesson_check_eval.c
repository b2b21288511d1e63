/*
 * lesson_check_eval.c - the check language of lessons (see
 * lesson/lesson_check.h): numbers, and the evaluation of a parsed check
 * (lesson_check_tree.h) against JSON.
 *
 * Every operand evaluates to a JSON value or to "undefined" (a result not
 * made yet, a field that is not there); a comparison with an undefined
 * operand is false, so a check never passes on missing data.
 *
 * Numbers compare exactly: JSON integers, doubles (converted exactly),
 * and strings that are numerals or expressions all become GMP rationals
 * (or exact quadratic numbers, for phi), so "0x10", "16" and "2^4" are
 * equal.  Only when a side is irrational does the comparison fall back to
 * 256-bit floating point.
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
#include "cfx/keys.h"
#include "lesson/lesson_check.h"
#include "lesson/lesson_check_tree.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* Defined here, below the parser: the parser reads numbers and these
 * names from this file, and this file calls nothing of the parser's. */
const char *const lesson_check_op_names[] = {
	"==", "!=", "<", "<=", ">", ">=", "~"
};

/* ---- numbers ------------------------------------------------------------- */

/* Scan a numeral [+-]digits[.digits][e[+-]N]: its digits as an integer
 * into num (if not NULL), the power of ten of its last digit into *exp10,
 * and whether it has a point or an exponent into *dec.  0 if s is none. */
static int scan_numeral(const char *s, mpz_t num, int *neg, long *exp10,
                        int *dec)
{
	const char *p = s;
	long exp = 0, frac = 0;
	int point = 0, digits = 0;

	*neg = 0;
	if (*p == '+' || *p == '-')
		*neg = *p++ == '-';
	if (num)
		mpz_set_ui(num, 0);
	for (; isdigit((unsigned char)*p) || (*p == '.' && !point); p++) {
		if (*p == '.') {
			point = 1;
			continue;
		}
		if (num) {
			mpz_mul_ui(num, num, 10);
			mpz_add_ui(num, num, (unsigned long)(*p - '0'));
		}
		digits++;
		frac += point;
	}
	if (digits && (*p == 'e' || *p == 'E')) {
		char *end;
		exp = strtol(p + 1, &end, 10);
		if (end == p + 1 || exp > 10000 || exp < -10000)
			return 0;
		p = end;
		point = 1;
	}
	if (!digits || *p)
		return 0;
	*exp10 = exp - frac;
	*dec = point;
	return 1;
}

/* q *= 10^e */
static void scale10(mpq_t q, long e)
{
	mpz_t ten;

	mpz_init(ten);
	mpz_ui_pow_ui(ten, 10, (unsigned long)(e < 0 ? -e : e));
	if (e >= 0)
		mpz_mul(mpq_numref(q), mpq_numref(q), ten);
	else
		mpz_mul(mpq_denref(q), mpq_denref(q), ten);
	mpq_canonicalize(q);
	mpz_clear(ten);
}

int lesson_check_decimal(const char *s, mpq_t q)
{
	mpz_t num;
	long e;
	int neg, dec, ok;

	mpz_init(num);
	ok = scan_numeral(s, num, &neg, &e, &dec) && dec;
	if (ok) {
		if (neg)
			mpz_neg(num, num);
		mpq_set_z(q, num);
		scale10(q, e);
	}
	mpz_clear(num);
	return ok;
}

/* Half a unit in the last place of a numeral as written ("0.8333":
 * 0.00005, "12": 0.5, "1.5e6": 50000), into tol.  0 if s is no numeral. */
static int numeral_tolerance(const char *s, mpq_t tol)
{
	long e;
	int neg, dec;

	if (!scan_numeral(s, NULL, &neg, &e, &dec))
		return 0;
	mpq_set_ui(tol, 1, 2);
	scale10(tol, e);
	return 1;
}

/* Whether an evaluation failed only for want of a word under a left
 * shift: a number in a check or an answer has no word, and 1 << 20 is
 * 2^20 there, as Python reads it.  ~ keeps asking for a word: ~x is
 * 2^n - 1 - x on an n-bit word and no number without one. */
static int exact_shift(const char *s, const cfx_err *e)
{
	return e->code == CFX_EDOMAIN && !strcmp(e->token, "<<") &&
	       !strchr(s, '~');
}

/* t with its shifts exact: on a word wider than any value the expression
 * language allows (EXPR_MAX_BITS), nothing wraps; a value that reaches
 * that width came from a negative operand wrapped onto it, and is none. */
static int eval_exact(const expr_tree *t, expr_value *v, cfx_err *e)
{
	const unsigned long wide = EXPR_MAX_BITS + 2UL;

	if (expr_eval_word(t, NULL, NULL, NUM_PREC, wide, v, e) != 0)
		return -1;
	if (v->kind == EXPR_RAT && mpz_sizeinbase(mpq_numref(v->q), 2) >
	    (size_t)EXPR_MAX_BITS)
		return cfx_err_set(e, CFX_EDOMAIN, -1, "<<", "%s", "a left shift "
		                   "of a negative number has no value without a "
		                   "word; write -(x << k)");
	return 0;
}

/* A number written as text: a decimal numeral, else any expression
 * without names that evaluates exactly (rational or quadratic) or to an
 * interval.  v must be initialised; returns 1 if s is a number. */
int lesson_check_text_number(const char *s, expr_value *v)
{
	cfx_err e;
	expr_tree *t;
	int ok;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return 0;
	if (lesson_check_decimal(s, v->q)) {
		v->kind = EXPR_RAT;
		return 1;
	}
	/* names other than the constants make it a word, not a number */
	if (!(t = expr_parse(s, &e)))
		return 0;
	ok = expr_eval(t, NULL, NULL, NUM_PREC, v, &e) == 0;
	if (!ok && exact_shift(s, &e))
		ok = eval_exact(t, v, &e) == 0;
	expr_free(t);
	return ok;
}

/* A JSON value as a number; 1 if it is one. */
static int json_number(const json_t *j, expr_value *v)
{
	if (json_is_integer(j)) {
		mpz_set_si(mpq_numref(v->q), (long)json_integer_value(j));
		mpz_set_ui(mpq_denref(v->q), 1);
		v->kind = EXPR_RAT;
		return 1;
	}
	if (json_is_real(j)) {
		double d = json_real_value(j);
		if (d != d || d - d != 0)
			return 0;
		mpq_set_d(v->q, d);
		v->kind = EXPR_RAT;
		return 1;
	}
	if (json_is_string(j))
		return lesson_check_text_number(json_string_value(j), v);
	return 0;
}

/* v as a 256-bit float (an interval by its midpoint). */
static void num_float(const expr_value *v, mpfr_t x)
{
	mpfr_t s;

	switch (v->kind) {
	case EXPR_RAT:
		mpfr_set_q(x, v->q, MPFR_RNDN);
		break;
	case EXPR_QUAD:
		mpfr_init2(s, NUM_PREC);
		mpfr_set_z(s, v->d, MPFR_RNDN);
		mpfr_sqrt(s, s, MPFR_RNDN);
		mpfr_mul_q(s, s, v->r, MPFR_RNDN);
		mpfr_set_q(x, v->q, MPFR_RNDN);
		mpfr_add(x, x, s, MPFR_RNDN);
		mpfr_clear(s);
		break;
	case EXPR_REAL:
		mpfr_add(x, v->lo, v->hi, MPFR_RNDN);
		mpfr_div_2ui(x, x, 1, MPFR_RNDN);
		break;
	}
}

/* |a - b| as a float, into d. */
static void num_distance(const expr_value *a, const expr_value *b, mpfr_t d)
{
	mpfr_t y;

	mpfr_init2(y, NUM_PREC);
	num_float(a, d);
	num_float(b, y);
	mpfr_sub(d, d, y, MPFR_RNDN);
	mpfr_abs(d, d, MPFR_RNDN);
	mpfr_clear(y);
}

/* Compare two numbers: <0, 0, >0.  Rationals and numbers of one quadratic
 * field are exact; otherwise equal within 2^-200 relative. */
static int num_cmp(const expr_value *a, const expr_value *b)
{
	mpfr_t x, y, d, t;
	int c;

	if (a->kind == EXPR_RAT && b->kind == EXPR_RAT)
		return mpq_cmp(a->q, b->q);
	if (a->kind == EXPR_QUAD && b->kind == EXPR_QUAD &&
	    !mpz_cmp(a->d, b->d) && mpq_equal(a->q, b->q) &&
	    mpq_equal(a->r, b->r))
		return 0;
	mpfr_inits2(NUM_PREC, x, y, d, t, (mpfr_ptr)0);
	num_float(a, x);
	num_float(b, y);
	mpfr_sub(d, x, y, MPFR_RNDN);
	mpfr_abs(d, d, MPFR_RNDN);
	mpfr_abs(t, x, MPFR_RNDN);
	if (mpfr_cmp_ui(t, 1) < 0)
		mpfr_set_ui(t, 1, MPFR_RNDN);
	mpfr_div_2ui(t, t, 200, MPFR_RNDN);
	c = mpfr_cmp(d, t) <= 0 ? 0 : mpfr_cmp(x, y);
	mpfr_clears(x, y, d, t, (mpfr_ptr)0);
	return c;
}

/* ---- evaluation ------------------------------------------------------- */

/* Whether s is one expression (whatever its value). */
static int parses(const char *s)
{
	cfx_err e;
	expr_tree *t = expr_parse(s, &e);

	expr_free(t);
	return t != NULL;
}

/* Whether every word of s (between blanks, brackets aside) is an
 * expression by itself: "1 1 2" and "[8 13]" are lists, "2 * 3 mod 5"
 * is not. */
static int words_parse(const char *s)
{
	char *t = xstrdup(s), *w, *save = NULL;
	size_t n = strlen(t);
	int all = 1;

	if (n >= 2 && ((t[0] == '[' && t[n - 1] == ']') ||
	               (t[0] == '(' && t[n - 1] == ')'))) {
		t[0] = ' ';
		t[n - 1] = ' ';
	}
	for (w = strtok_r(t, " \t", &save); w && all;
	     w = strtok_r(NULL, " \t", &save))
		all = parses(w);
	free(t);
	return all;
}

json_t *lesson_check_answer_value(const char *answer)
{
	const char *s = answer, *e;
	size_t len;
	json_t *list;
	expr_value v;
	int number;
	char *t;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	t = xstrndup(s, len);
	expr_value_init(&v, NUM_PREC);
	number = lesson_check_text_number(t, &v);
	expr_value_clear(&v);
	/* "[1; 1, 2]" and "1 1 2" are lists; "13/8" or "2^31 + 1" are not,
	 * nor "-1 << 2", which parses and has no value (its message says),
	 * nor "2584 * p mod 2^32", whose words are no list of expressions:
	 * one expression, which the parser says is bad where it is (mod) */
	if (number || (!strpbrk(t, ",;") && (!strchr(t, ' ') || parses(t) ||
	                                      !words_parse(t)))) {
		json_t *j = json_string(t);
		free(t);
		return j;
	}
	s = t;
	len = strlen(t);
	if (len >= 2 && ((s[0] == '[' && s[len - 1] == ']') ||
	                 (s[0] == '(' && s[len - 1] == ')'))) {
		s++;
		len -= 2;
	}
	list = json_array();
	while (len) {
		const char *sep = strpbrk(t, ",;") ? ",;" : " ";
		size_t k = 0;
		while (k < len && !strchr(sep, s[k]))
			k++;
		for (e = s; e < s + k && isspace((unsigned char)*e); e++)
			;
		{
			size_t m = (size_t)(s + k - e);
			while (m && isspace((unsigned char)e[m - 1]))
				m--;
			if (m) {
				char *item = xstrndup(e, m);
				json_array_append_new(list, json_string(item));
				free(item);
			}
		}
		if (k == len)
			break;
		s += k + 1;
		len -= k + 1;
	}
	free(t);
	return list;
}

/* Whether s is a word: letters, then letters, digits, '_' or '-'. */
static int is_word(const char *s)
{
	if (!isalpha((unsigned char)*s))
		return 0;
	for (s++; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
			return 0;
	return 1;
}

/* Whether t is a decimal numeral but for its exponent, past what a
 * numeral may have (scan_numeral's 10000 either way: 1e99999): then err
 * names the exponent, the token at fault, and 1. */
static int exponent_past(const char *t, cfx_err *err)
{
	const char *m = t + (*t == '+' || *t == '-'), *e, *d;
	size_t len = strspn(m, "0123456789."), i, dots = 0;
	long exp10;
	int neg, dec;

	for (i = 0; i < len; i++)
		dots += m[i] == '.';
	e = m + len;
	if ((*e != 'e' && *e != 'E') || len == dots || dots > 1)
		return 0;
	d = e + 1 + (e[1] == '+' || e[1] == '-');
	if (!isdigit((unsigned char)*d) || d[strspn(d, "0123456789")] ||
	    scan_numeral(t, NULL, &neg, &exp10, &dec))
		return 0;
	cfx_err_set(err, CFX_ELIMIT, -1, e, "the exponent is past 10000 either "
	            "way");
	return 1;
}

int lesson_check_answer_problem(const char *answer, cfx_err *err)
{
	json_t *v = lesson_check_answer_value(answer), *one;
	size_t i, n = json_is_array(v) ? json_array_size(v) : 1;
	int rc = 0;

	cfx_err_clear(err);
	for (i = 0; i < n && rc == 0; i++) {
		const char *t;
		expr_value x;
		expr_tree *tree = NULL;
		one = json_is_array(v) ? json_array_get(v, i) : v;
		t = json_string_value(one);
		if (!t || is_word(t) || (t[0] == '"' && t[strlen(t) - 1] == '"'))
			continue;
		expr_value_init(&x, NUM_PREC);
		if (!lesson_check_decimal(t, x.q)) {
			if (exponent_past(t, err))
				rc = -1;
			else if (!(tree = expr_parse(t, err)))
				rc = -1;
			else if (expr_eval(tree, NULL, NULL, NUM_PREC, &x, err) != 0 &&
			         (!exact_shift(t, err) || eval_exact(tree, &x, err) != 0))
				rc = -1;
			expr_free(tree);
			if (rc < 0 && err->code == CFX_EDOMAIN && !strcmp(err->token, "~"))
				cfx_err_set(err, CFX_EDOMAIN, -1, "~", "%s", "an answer has "
				            "no word size, so ~ has no value: for n bits "
				            "write 2^n - 1 - x");
		}
		expr_value_clear(&x);
	}
	json_decref(v);
	return rc;
}

int lesson_check_answer_word(const char *answer, char *tok, size_t n)
{
	json_t *v = lesson_check_answer_value(answer), *one;
	size_t i, m = json_is_array(v) ? json_array_size(v) : 1;
	int found = 0;

	for (i = 0; i < m && !found; i++) {
		const char *t;
		expr_tree *tree;
		cfx_err err;
		one = json_is_array(v) ? json_array_get(v, i) : v;
		t = json_string_value(one);
		if (!t || !is_word(t))
			continue;
		/* a name the parser knows (pi, phi) is an expression */
		if ((tree = expr_parse(t, &err)) != NULL) {
			expr_value x;
			int rc;
			expr_value_init(&x, NUM_PREC);
			rc = expr_eval(tree, NULL, NULL, NUM_PREC, &x, &err);
			expr_value_clear(&x);
			expr_free(tree);
			if (rc == 0)
				continue;
		}
		snprintf(tok, n, "%s", t);
		found = 1;
	}
	json_decref(v);
	return found;
}

/* Apply selectors to v: a new reference, or NULL when there is nothing. */
static json_t *walk(json_t *v, const sel *s, size_t n)
{
	json_t *out, *e;
	size_t i, back;

	if (!v)
		return NULL;
	if (n == 0)
		return json_incref(v);
	switch (s->kind) {
	case SEL_FIELD:
		return json_is_object(v) ? walk(json_object_get(v, s->field), s + 1,
		                                n - 1) : NULL;
	case SEL_INDEX:
		if (!json_is_array(v))
			return NULL;
		/* |index| in unsigned arithmetic: -LONG_MIN is no long */
		back = s->index < 0 ? 0 - (size_t)s->index : 0;
		if (s->index < 0 && back > json_array_size(v))
			return NULL;
		i = s->index < 0 ? json_array_size(v) - back : (size_t)s->index;
		return walk(json_array_get(v, i), s + 1, n - 1);
	case SEL_ALL:
		if (!json_is_array(v))
			return NULL;
		out = json_array();
		json_array_foreach(v, i, e) {
			json_t *x = walk(e, s + 1, n - 1);
			json_array_append_new(out, x ? x : json_null());
		}
		return out;
	}
	return NULL;
}

static int values_equal(const json_t *a, const json_t *b);

/* Both numbers: their comparison into *c, 1; else 0. */
static int number_cmp(const json_t *a, const json_t *b, int *c)
{
	expr_value x, y;
	int ok;

	expr_value_init(&x, NUM_PREC);
	expr_value_init(&y, NUM_PREC);
	ok = json_number(a, &x) && json_number(b, &y);
	if (ok)
		*c = num_cmp(&x, &y);
	expr_value_clear(&x);
	expr_value_clear(&y);
	return ok;
}

static int values_equal(const json_t *a, const json_t *b)
{
	size_t i;
	int c;

	if (!a || !b)
		return 0;
	if (json_is_array(a) || json_is_array(b)) {
		if (!json_is_array(a) || !json_is_array(b) ||
		    json_array_size(a) != json_array_size(b))
			return 0;
		for (i = 0; i < json_array_size(a); i++)
			if (!values_equal(json_array_get(a, i), json_array_get(b, i)))
				return 0;
		return 1;
	}
	if (number_cmp(a, b, &c))
		return c == 0;
	if (json_is_number(a) || json_is_number(b))
		return 0;
	/* words compare without case: WARN, warn and Warn are one answer */
	if (json_is_string(a) && json_is_string(b))
		return !strcasecmp(json_string_value(a), json_string_value(b));
	return json_equal((json_t *)a, (json_t *)b);
}

/* a ~ b: equal to the precision b is written with (a numeral), else to a
 * relative 1e-9.  Lists elementwise. */
static int values_near(const json_t *a, const json_t *b)
{
	expr_value x, y;
	mpq_t tol;
	mpfr_t d, t;
	int ok;
	size_t i;

	if (json_is_array(a) && json_is_array(b)) {
		if (json_array_size(a) != json_array_size(b))
			return 0;
		for (i = 0; i < json_array_size(a); i++)
			if (!values_near(json_array_get(a, i), json_array_get(b, i)))
				return 0;
		return 1;
	}
	expr_value_init(&x, NUM_PREC);
	expr_value_init(&y, NUM_PREC);
	ok = json_number(a, &x) && json_number(b, &y);
	if (ok) {
		mpq_init(tol);
		mpfr_inits2(NUM_PREC, d, t, (mpfr_ptr)0);
		num_distance(&x, &y, d);
		if (json_is_string(b) && numeral_tolerance(json_string_value(b), tol)) {
			mpfr_set_q(t, tol, MPFR_RNDN);
		} else {
			num_float(&y, t);
			mpfr_abs(t, t, MPFR_RNDN);
			mpfr_mul_d(t, t, 1e-9, MPFR_RNDN);
		}
		ok = mpfr_cmp(d, t) <= 0;
		mpfr_clears(d, t, (mpfr_ptr)0);
		mpq_clear(tol);
	}
	expr_value_clear(&x);
	expr_value_clear(&y);
	return ok;
}

static int truthy(const json_t *v)
{
	expr_value x;
	int t;

	if (!v || json_is_null(v) || json_is_false(v))
		return 0;
	if (json_is_array(v))
		return json_array_size(v) > 0;
	if (json_is_object(v))
		return 1;
	expr_value_init(&x, NUM_PREC);
	if (json_number(v, &x))
		t = !(x.kind == EXPR_RAT && mpq_sgn(x.q) == 0);
	else
		t = !json_is_string(v) || json_string_length(v) > 0;
	expr_value_clear(&x);
	return t;
}

static int eval_operand(const operand *o, const lesson_env *env, json_t **out,
                        cfx_err *err);

/* A rational as a JSON string "p" or "p/q". */
static json_t *json_rational(const mpq_t q)
{
	char *s = mpq_get_str(NULL, 10, q);
	json_t *j = json_string(s);
	free(s);
	return j;
}

/*
 * The form of a number as the learner wrote it.  A literal is one numeral
 * and nothing else: decimal (with an optional point and exponent), 0x hex
 * or 0b binary, '_' allowed between digits, an optional leading '-'.
 * *places is the decimal places it is written to (19.13: 2, 2e1: -1;
 * 0 for hex and binary).  0 when s is not a literal.
 */
static int numeral_form(const char *s, long *places)
{
	const char *p = s;
	long frac = 0, exp = 0;
	int digits = 0;

	if (*p == '-')
		p++;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X' || p[1] == 'b' ||
	                    p[1] == 'B')) {
		int hex = p[1] == 'x' || p[1] == 'X';
		for (p += 2; *p; p++) {
			if (*p == '_' && digits)
				continue;
			if (hex ? !isxdigit((unsigned char)*p) : (*p != '0' && *p != '1'))
				return 0;
			digits++;
		}
		*places = 0;
		return digits > 0;
	}
	for (; isdigit((unsigned char)*p) || (*p == '_' && digits); p++)
		digits += *p != '_';
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++, frac++)
			digits++;
	if (!digits)
		return 0;
	if (*p == 'e' || *p == 'E') {
		int neg = 0, ed = 0;
		p++;
		if (*p == '+' || *p == '-')
			neg = *p++ == '-';
		for (; isdigit((unsigned char)*p) && exp < 100000; p++, ed++)
			exp = exp * 10 + (*p - '0');
		if (!ed)
			return 0;
		if (neg)
			exp = -exp;
	}
	if (*p)
		return 0;
	*places = frac - exp;
	return 1;
}

/* "p/q" with q > 1 in lowest terms, or a whole-number literal. */
static int lowest_terms(const char *s)
{
	const char *slash = strchr(s, '/');
	long places;
	mpz_t p, q, g;
	char *num;
	int ok;

	if (!slash)
		return numeral_form(s, &places) && places == 0;
	num = xstrndup(s, (size_t)(slash - s));
	mpz_inits(p, q, g, (mpz_ptr)0);
	ok = numeral_form(num, &places) && places == 0 &&
	     numeral_form(slash + 1, &places) && places == 0 &&
	     slash[1] != '-' && num[0] != '0' &&
	     mpz_set_str(p, num[0] == '-' ? num + 1 : num, 0) == 0 &&
	     mpz_set_str(q, slash + 1, 0) == 0 && mpz_cmp_ui(q, 1) > 0;
	if (ok) {
		mpz_gcd(g, p, q);
		ok = mpz_cmp_ui(g, 1) == 0;
	}
	mpz_clears(p, q, g, (mpz_ptr)0);
	free(num);
	return ok;
}

/* A whole number that fits a long, from a JSON value; 1 if it is one. */
static int json_whole(const json_t *j, long *out)
{
	expr_value v;
	int ok;

	expr_value_init(&v, NUM_PREC);
	ok = json_number(j, &v) && v.kind == EXPR_RAT &&
	     !mpz_cmp_ui(mpq_denref(v.q), 1) && mpz_fits_slong_p(mpq_numref(v.q));
	if (ok)
		*out = mpz_get_si(mpq_numref(v.q));
	expr_value_clear(&v);
	return ok;
}

/* x + y or x - y, exactly, for two rational numbers; NULL otherwise. */
static json_t *arith(const json_t *x, const json_t *y, int minus)
{
	expr_value a, b;
	json_t *r = NULL;

	expr_value_init(&a, NUM_PREC);
	expr_value_init(&b, NUM_PREC);
	if (json_number(x, &a) && json_number(y, &b) && a.kind == EXPR_RAT &&
	    b.kind == EXPR_RAT) {
		if (minus)
			mpq_sub(a.q, a.q, b.q);
		else
			mpq_add(a.q, a.q, b.q);
		r = json_rational(a.q);
	}
	expr_value_clear(&a);
	expr_value_clear(&b);
	return r;
}

/* Element i of the list x (i computed: negative counts from the end). */
static json_t *element_at(const json_t *x, const json_t *y)
{
	long i;
	size_t n;

	if (!json_is_array(x) || !json_whole(y, &i))
		return NULL;
	n = json_array_size(x);
	if (i < 0 ? (size_t)0 - (size_t)i > n : (size_t)i >= n)
		return NULL;
	return json_incref(json_array_get(x, i < 0 ? n - ((size_t)0 - (size_t)i)
	                                          : (size_t)i));
}

/* The bit positions a key family's definition lets its keys vary on, on
 * an n-bit word (keys_space_bits): K for sparse:K and high:K, n - t for
 * stride:S and ptr:A with 2^t dividing S or A, n for seq, random and the
 * rest.  NULL when x is no family or y no word size. */
static json_t *family_bits(const json_t *x, const json_t *y)
{
	keys_spec ks;
	long n;
	unsigned v;

	if (!json_is_string(x) || !json_whole(y, &n) || n < 1 || n > 64 ||
	    keys_parse(&ks, json_string_value(x), NULL) < 0)
		return NULL;
	v = keys_space_bits(&ks, (unsigned)n);
	keys_spec_free(&ks);
	return json_integer((json_int_t)v);
}

static json_t *apply_func(const operand *o, json_t *x, json_t *y)
{
	size_t i, best = 0;
	json_t *e;
	int c;

	switch (o->func) {
	case F_LEN:
		if (json_is_array(x))
			return json_integer((json_int_t)json_array_size(x));
		if (json_is_string(x))
			return json_integer((json_int_t)json_string_length(x));
		if (json_is_object(x))
			return json_integer((json_int_t)json_object_size(x));
		return NULL;
	case F_MIN:
	case F_MAX:
		if (!json_is_array(x) || !json_array_size(x))
			return NULL;
		json_array_foreach(x, i, e) {
			if (!number_cmp(e, json_array_get(x, best), &c))
				return NULL;
			if ((o->func == F_MIN && c < 0) || (o->func == F_MAX && c > 0))
				best = i;
		}
		return json_incref(json_array_get(x, best));
	case F_SUM: {
		expr_value v;
		mpq_t s;
		json_t *r = NULL;
		if (!json_is_array(x))
			return NULL;
		mpq_init(s);
		expr_value_init(&v, NUM_PREC);
		json_array_foreach(x, i, e) {
			if (!json_number(e, &v) || v.kind != EXPR_RAT)
				goto sum_done;
			mpq_add(s, s, v.q);
		}
		r = json_rational(s);
sum_done:
		expr_value_clear(&v);
		mpq_clear(s);
		return r;
	}
	case F_COUNT:
	case F_INDEX:
		if (!json_is_array(x) || !y)
			return NULL;
		c = 0;
		json_array_foreach(x, i, e) {
			if (values_equal(e, y)) {
				if (o->func == F_INDEX)
					return json_integer((json_int_t)i);
				c++;
			}
		}
		return o->func == F_COUNT ? json_integer(c) : NULL;
	case F_STARTS:
		if (!json_is_string(x) || !json_is_string(y))
			return NULL;
		return json_boolean(!strncmp(json_string_value(x),
		                             json_string_value(y),
		                             json_string_length(y)));
	case F_CONTAINS:
		if (json_is_array(x) && json_is_string(y)) {
			/* a list: whether any of its strings contains y */
			size_t k;
			for (k = 0; k < json_array_size(x); k++) {
				json_t *el = json_array_get(x, k);
				if (json_is_string(el) && strstr(json_string_value(el),
				                                 json_string_value(y)))
					return json_true();
			}
			return json_false();
		}
		if (!json_is_string(x) || !json_is_string(y))
			return NULL;
		return json_boolean(strstr(json_string_value(x),
		                           json_string_value(y)) != NULL);
	case F_LITERAL: {
		/* a list (an answer of several items): each item one */
		long places;
		size_t n = json_is_array(x) ? json_array_size(x) : 1;
		int all = n > 0;
		for (i = 0; i < n && all; i++) {
			e = json_is_array(x) ? json_array_get(x, i) : x;
			all = json_is_string(e) &&
			      numeral_form(json_string_value(e), &places);
		}
		return json_boolean(all);
	}
	case F_ITEMS:
		/* the items of an answer: a list's, else one */
		return json_integer(json_is_array(x) ?
		                    (json_int_t)json_array_size(x) : 1);
	case F_DECIMALS: {
		long places;
		if (!json_is_string(x) || !numeral_form(json_string_value(x), &places))
			return json_null();     /* FORMAT.md: null, not nowhere */
		return json_integer((json_int_t)places);
	}
	case F_LOWEST:
		return json_boolean(json_is_string(x) &&
		                    lowest_terms(json_string_value(x)));
	case F_AT:
		return y ? element_at(x, y) : NULL;
	case F_ADD:
	case F_SUB:
		return y ? arith(x, y, o->func == F_SUB) : NULL;
	case F_KEYBITS:
		return y ? family_bits(x, y) : NULL;
	case F_SHOWN:              /* eval_operand's: it reads the env */
		return NULL;
	}
	return NULL;
}

static int eval_operand(const operand *o, const lesson_env *env, json_t **out,
                        cfx_err *err)
{
	json_t *base = NULL, *owned = NULL;

	*out = NULL;
	if (o->kind == OPD_LIT) {
		*out = json_incref(o->lit);
		return 0;
	}
	if (o->kind == OPD_FUNC && o->func == F_SHOWN) {
		/* whether x is one of the numbers shown so far, by value */
		json_t *x = NULL, *e;
		size_t i;
		int seen = 0;
		if (eval_operand(o->arg[0], env, &x, err) < 0)
			return -1;
		if (x && env->shown)
			json_array_foreach(env->shown, i, e)
				seen = seen || values_equal(e, x);
		*out = x ? json_boolean(seen) : NULL;
		json_decref(x);
		return 0;
	}
	if (o->kind == OPD_FUNC) {
		json_t *x = NULL, *y = NULL;
		if (eval_operand(o->arg[0], env, &x, err) < 0 ||
		    (o->nargs > 1 && eval_operand(o->arg[1], env, &y, err) < 0)) {
			json_decref(x);
			return -1;
		}
		*out = x ? apply_func(o, x, y) : NULL;
		json_decref(x);
		json_decref(y);
		return 0;
	}
	switch (o->root) {
	case ROOT_RESULT:
		base = env->fresh ? json_object_get(env->fresh, o->name) : NULL;
		break;
	case ROOT_LAST:
		base = env->last ? json_object_get(env->last, o->name) : NULL;
		break;
	case ROOT_STATE:
		base = env->state;
		break;
	case ROOT_CLAIM:
		base = env->root;
		break;
	case ROOT_ANSWER:
		if (env->answer)
			base = owned = lesson_check_answer_value(env->answer);
		break;
	case ROOT_RUN:
		if (!env->run)
			return cfx_err_set(err, CFX_EUSAGE, -1, o->name,
			                   "run() is not available here");
		if (!(base = owned = env->run(env->run_ctx, o->name, err)))
			return -1;
		break;
	}
	*out = walk(base, o->sels, o->nsels);
	json_decref(owned);
	return 0;
}

/* Short text of a value for messages: numbers as they are written. */
static void describe(const json_t *v, char *buf, size_t n)
{
	expr_value x;
	char *s;
	int num;

	if (!v) {
		snprintf(buf, n, "nothing");
		return;
	}
	expr_value_init(&x, NUM_PREC);
	num = json_is_string(v) && json_number(v, &x);
	expr_value_clear(&x);
	if (num) {
		snprintf(buf, n, "%.60s", json_string_value(v));
		return;
	}
	s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	if (!s) {
		snprintf(buf, n, "?");
		return;
	}
	if (strlen(s) > 60)
		strcpy(s + 56, "...");
	snprintf(buf, n, "%s", s);
	free(s);
}

static int compare(const lesson_check *c, json_t *l, json_t *r)
{
	int k;

	if (!l || !r)
		return 0;
	switch (c->op) {
	case OP_EQ:
		return values_equal(l, r);
	case OP_NE:
		return !values_equal(l, r);
	case OP_APPROX:
		return values_near(l, r);
	default:
		if (!number_cmp(l, r, &k))
			return 0;
		return c->op == OP_LT ? k < 0 : c->op == OP_LE ? k <= 0 :
		       c->op == OP_GT ? k > 0 : k >= 0;
	}
}

static int eval(const lesson_check *c, const lesson_env *env, char *why,
                size_t n, cfx_err *err)
{
	json_t *l = NULL, *r = NULL;
	int v;

	switch (c->kind) {
	case N_OR:
		v = eval(c->a, env, why, n, err);
		return v != 0 ? v : eval(c->b, env, why, n, err);
	case N_AND:
		v = eval(c->a, env, why, n, err);
		return v != 1 ? v : eval(c->b, env, why, n, err);
	case N_NOT:
		v = eval(c->a, env, NULL, 0, err);
		if (v == 1 && why)
			snprintf(why, n, "not %s: it holds", c->a->l ? c->a->l->text : "(...)");
		return v < 0 ? v : !v;
	case N_TEST:
	case N_CMP:
		break;
	}
	if (eval_operand(c->l, env, &l, err) < 0)
		return -1;
	if (c->kind == N_CMP && eval_operand(c->r, env, &r, err) < 0) {
		json_decref(l);
		return -1;
	}
	v = c->kind == N_TEST ? truthy(l) : compare(c, l, r);
	if (!v && why) {
		char a[80], b[80];
		describe(l, a, sizeof a);
		describe(r, b, sizeof b);
		if (!l)
			snprintf(why, n, "%s has no value yet", c->l->text);
		else if (c->kind == N_TEST)
			snprintf(why, n, "%s is %s", c->l->text, a);
		else if (!r)
			snprintf(why, n, "%s has no value", c->r->text);
		else if (c->r->kind == OPD_LIT)
			snprintf(why, n, "%s is %s, wanted %s %s", c->l->text, a,
			         lesson_check_op_names[c->op], c->r->text);
		else
			snprintf(why, n, "%s is %s, wanted %s %s (%s)", c->l->text, a,
			         lesson_check_op_names[c->op], c->r->text, b);
	}
	json_decref(l);
	json_decref(r);
	return v;
}

int lesson_check_eval(const lesson_check *c, const lesson_env *env,
                      char *why, size_t whylen, cfx_err *err)
{
	cfx_err_clear(err);
	if (why && whylen)
		why[0] = '\0';
	return eval(c, env, why, whylen, err);
}

/* One value as text, into buf: an integer in decimal, any other number to
 * four decimals (0.8333), a word as it is, a list as [a, b, ...]. */
static void value_text(const json_t *j, struct buf *b)
{
	expr_value v;
	size_t i;

	if (json_is_array(j)) {
		buf_puts(b, "[");
		for (i = 0; i < json_array_size(j); i++) {
			if (i)
				buf_puts(b, ", ");
			value_text(json_array_get(j, i), b);
		}
		buf_puts(b, "]");
		return;
	}
	expr_value_init(&v, NUM_PREC);
	if (json_number(j, &v)) {
		mpfr_t x;
		mpfr_init2(x, NUM_PREC);
		num_float(&v, x);
		if (v.kind == EXPR_RAT && !mpz_cmp_ui(mpq_denref(v.q), 1)) {
			char *s = mpz_get_str(NULL, 10, mpq_numref(v.q));
			buf_puts(b, s);
			free(s);
		} else {
			char t[64];
			mpfr_snprintf(t, sizeof t, "%.4Rf", x);
			buf_puts(b, t);
		}
		mpfr_clear(x);
	} else if (json_is_string(j)) {
		buf_puts(b, json_string_value(j));
	} else if (json_is_true(j) || json_is_false(j)) {
		buf_puts(b, json_is_true(j) ? "true" : "false");
	}
	expr_value_clear(&v);
}

char *lesson_check_value(const lesson_check *c, const lesson_env *env,
                         cfx_err *err)
{
	json_t *j = NULL;
	struct buf b = { 0 };
	char *s;

	cfx_err_clear(err);
	if (c->kind != N_TEST) {
		cfx_err_set(err, CFX_ESYNTAX, -1, NULL, "not one operand");
		return NULL;
	}
	if (eval_operand(c->l, env, &j, err) < 0)
		return NULL;
	if (!j) {
		cfx_err_set(err, CFX_ESYNTAX, -1, c->l->text, "leads nowhere");
		return NULL;
	}
	value_text(j, &b);
	json_decref(j);
	s = xstrdup(buf_str(&b));
	buf_free(&b);
	return s;
}
