/*
 * review_eval.c - the symbolic evaluator of `cfx review`: what an
 * expression of open-coded shifts and adds does to the input word (see
 * review_int.h; review.c's comment gives the idea).
 *
 * On n-bit words (e->mask), every value is a x + b mod 2^n, x the input:
 * a constant has a = 0, the input a = 1.  +, - and << by a constant keep
 * the form (a and b added, subtracted or shifted); * keeps it when one
 * side is a constant ((a x + b) c = (a c) x + b c); a cast to a narrower
 * type masks both.  Anything else on a value of the input (>>, ^, |, &,
 * /, x * x) makes it unknown, recorded as an NL_* step so that the
 * report can say why a sequence is no multiply; a shift of the input by
 * its promoted width or more is recorded as undefined (C11 6.5.7).
 * Constants alone are folded with every operator it parses.
 * review_eval_expr parses by precedence climbing over the walk's tokens,
 * review_eval_apply applies one operator, review_var_find and
 * review_var_get keep the function's variables (at most MAX_VARS);
 * review.c calls them for each statement of a function, and its compound
 * assignments call review_eval_apply, review_nl_op and review_eval_nl
 * directly.
 */
#include <stdio.h>
#include <string.h>

#include "cfx/word.h"
#include "core/review_int.h"

/* ---- variables ---- */

static const val UNKNOWN = { 0, 0, 0, 0, 0, 0, 0, 0 };

sym *review_var_find(walk *w, const char *name)
{
	size_t i;

	for (i = 0; i < w->f.nvar; i++)
		if (!strcmp(w->f.var[i].name, name))
			return &w->f.var[i];
	return NULL;
}

sym *review_var_get(walk *w, const char *name)
{
	sym *s = review_var_find(w, name);

	if (s || w->f.nvar == MAX_VARS || strlen(name) >= sizeof s->name)
		return s;
	s = &w->f.var[w->f.nvar++];
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	return s;
}




static int at_op(const ev *e, const char *op)
{
	return e->i < e->end && e->t[e->i].type == T_OP &&
	       !strcmp(e->t[e->i].s, op);
}

static val cnst(uint64_t c)
{
	val v = { 1, 0, c, 0, 0, 0, 0, 0 };
	return v;
}

/* Is tokens [i, ...) "( type words )"? Returns the index after ')' or 0. */
static size_t cast_end(const ev *e, size_t i)
{
	size_t j = i + 1;

	if (!(e->t[i].type == T_OP && !strcmp(e->t[i].s, "(")))
		return 0;
	while (j < e->end && e->t[j].type == T_IDENT && review_is_type_word(e->t[j].s))
		j++;
	if (j == i + 1 || j >= e->end || strcmp(e->t[j].s, ")"))
		return 0;
	return j + 1;
}

/* The value of variable s read: its a x + b, or, when none is known
 * and no input was read yet, the input itself.  It is marked read (a
 * temporary, once a later step reads it: review.c's finish_run). */
static val var_value(ev *e, sym *s)
{
	val v = UNKNOWN;

	s->read = 1;
	v.bits = s->bits;
	if (s->known) {
		v.known = 1, v.a = s->a, v.b = s->b;
		v.adds = s->adds, v.shifts = s->shifts, v.cut = s->cut;
	} else if (!e->w->f.have_input && !s->is_ptr) {
		s->is_input = s->known = 1, s->a = 1, s->b = 0;
		e->w->f.have_input = 1;
		v.known = 1, v.a = 1;
	}
	return v;
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
			if (review_type_bits(e->t[k].s, e->w->f.word, &l))
				bits = review_type_bits(e->t[k].s, e->w->f.word, &l);
		e->i = ce;
		v = review_eval_expr(e, 14);                  /* a cast binds as unary */
		v.bits = bits;
		if (v.known && bits && bits < 64) {
			v.a &= word_mask(bits);
			v.b &= word_mask(bits);
		}
		return v;
	}
	if (t->type == T_OP && !strcmp(t->s, "(")) {
		val v;
		e->i++;
		v = review_eval_expr(e, 0);
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
		v = review_eval_expr(e, 14);
		if (!v.known || op == '+')
			return v;
		if (op == '-') {
			/* 0 - v: a subtraction, a step of a shift/add run when
			 * it negates the input (h = -h) */
			v.adds += v.a != 0;
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
		if (review_literal(t->s, z, NULL) == 0 && mpz_sizeinbase(z, 2) <= 64)
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
		if ((s = review_var_find(e->w, t->s)))
			return var_value(e, s);
		if ((d = review_defs_find(e->w->newd, t->s, e->w->f.word)) && d->valid &&
		    mpz_sizeinbase(d->v, 2) <= 64)
			return cnst(mpz_get_ui(d->v));
		if (!e->w->f.have_input && (s = review_var_get(e->w, t->s))) {
			/* a parameter or an outer value read first: the input */
			s->is_input = s->known = 1, s->a = 1, s->b = 0;
			e->w->f.have_input = 1;
			return (val){ 1, 1, 0, 0, 0, 0, 0, 0 };
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

/* The NL_* bit of operator op (its compound form too), 0 if none. */
unsigned review_nl_op(const char *op)
{
	return !strncmp(op, ">>", 2) ? NL_RSHIFT : op[0] == '^' ? NL_XOR :
	       op[0] == '|' && op[1] != '|' ? NL_OR :
	       op[0] == '&' && op[1] != '&' ? NL_AND :
	       op[0] == '/' || op[0] == '%' ? NL_DIV : 0;
}

void review_eval_nl(ev *e, unsigned nl)
{
	if (!e->nl)
		e->nl_tok = e->op;
	e->nl |= nl;
}

/* Apply a binary operator (the evaluator's model of it). */
val review_eval_apply(ev *e, const char *op, val l, val r)
{
	val v = UNKNOWN;
	unsigned nl = review_nl_op(op);

	/* n >> k of a multiple of 2^k (n = x << 16; n >>= 1): exact, the
	 * bits shifted out are 0; the top k bits of the word are 0 then,
	 * and a left shift by k or more (n <<= 4) is a x + b mod 2^n again */
	if (nl == NL_RSHIFT && l.known && r.known && !r.a && r.b &&
	    r.b + l.cut < 64 && (1ULL << (r.b + l.cut)) - 1 <= e->mask &&
	    !(((l.a | l.b) & e->mask) & ((1ULL << r.b) - 1))) {
		v = l;
		v.a = (l.a & e->mask) >> r.b, v.b = (l.b & e->mask) >> r.b;
		v.cut = l.cut + (unsigned)r.b;
		v.shifts += l.a != 0;
		return v;
	}
	/* a value cut so is no a x + b mod 2^n: anything but a left
	 * shift of it is not modelled (the shift it came of said) */
	if (strcmp(op, "<<") && ((l.known && l.cut) || (r.known && r.cut))) {
		/* a right shift that drops the input's bits says so */
		review_eval_nl(e, nl == NL_RSHIFT ? NL_RSHIFT : NL_CUT);
		return UNKNOWN;
	}
	/* x ^ 0, x | 0, x >> 0, x & all ones: x */
	if (nl && l.known && r.known && !r.a && ((nl != NL_AND && nl != NL_DIV &&
	    !r.b) || (nl == NL_AND && (r.b & e->mask) == e->mask)))
		return l;
	if (nl && ((l.known && l.a) || (r.known && r.a)))
		review_eval_nl(e, nl);
	if (!strcmp(op, "*") && l.known && r.known && l.a && r.a)
		review_eval_nl(e, NL_SQUARE);
	if ((nl == NL_RSHIFT || !strcmp(op, "<<")) && l.known && l.a &&
	    r.known && !r.a) {
		/* a shift of the input: its count below the width of the
		 * promoted word (C11 6.5.7: else undefined) */
		unsigned width = 0;
		uint64_t m;
		for (m = e->mask; m; m >>= 1)
			width++;
		if (l.bits > width)   /* declared or cast wider than the word */
			width = l.bits;
		if (width < 32)
			width = 32;
		if (r.b >= width && !e->ub) {
			e->ub = 1;
			e->ub_amt = (unsigned long)r.b;
			e->ub_width = width;
			e->ub_tok = e->op;
		}
		if (r.b >= width)
			return UNKNOWN;
	}
	if (!strcmp(op, "<<") && l.known && l.a && r.known && !r.a)
		e->w->f.run_shifts++;
	if ((op[0] == '+' || op[0] == '-') && l.known && r.known && l.a && r.a)
		e->w->f.run_adds++;
	if (!l.known || !r.known)
		return UNKNOWN;
	v.known = 1;
	v.bits = l.bits > r.bits ? l.bits : r.bits;
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
		v.cut = l.cut > r.b ? l.cut - (unsigned)r.b : 0;
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

val review_eval_expr(ev *e, int prec)
{
	val l = e_primary(e);

	while (e->i < e->end && e->t[e->i].type == T_OP) {
		const char *op = e->t[e->i].s;
		int p = bin_prec(op);
		val r;
		size_t at = e->i;
		if (p < 0 || p <= prec)
			break;
		e->i++;
		r = review_eval_expr(e, p);
		e->op = at;             /* (the right operand's set it too) */
		l = review_eval_apply(e, op, l, r);
	}
	return l;
}

