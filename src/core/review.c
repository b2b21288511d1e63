/*
 * review.c - the C reader of `cfx review`: the walk over each side of a
 * patched file and the symbolic evaluator of open-coded shift/add
 * sequences (see review.h); review_find.c finds the multipliers it meets.
 *
 * Each file of the patch is read twice over: its new side (added and
 * context lines) for what the patch makes, its old side (removed and
 * context lines) for what it replaces.  A side is cut into tokens
 * (comments, directives, identifiers, numbers, operators), and one walk
 * over the tokens keeps the #if context, the comments seen since the last
 * statement (the ones a multiplier's claims are read from) and, inside a
 * function, the symbolic value of every variable.  At each define and
 * statement the walk asks review_find.c for the multipliers there.
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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "cfx/word.h"
#include "core/review_int.h"
#include "util/buf.h"
#include "util/xalloc.h"


/* ---- statements ---------------------------------------------------------- */

/* Append the statement [a, b) as C to w->code. */
/* Statement [a, b) as C, its tokens spaced as C is written, onto q;
 * whether one of them is on a '+' line. */
static int stmt_text(const walk *w, size_t a, size_t b, struct buf *q)
{
	const tok *t = w->v.t;
	size_t i;
	int added = 0;

	for (i = a; i < b; i++) {
		added |= t[i].added;
		if (i > a && strcmp(t[i].s, ";") && strcmp(t[i].s, ")") &&
		    strcmp(t[i - 1].s, "(") &&
		    !(t[i - 1].type == T_OP && !strcmp(t[i - 1].s, "-") &&
		      i >= a + 2 && t[i - 2].type == T_OP &&
		      strcmp(t[i - 2].s, ")")))
			buf_putc(q, ' ');
		buf_puts(q, t[i].s);
	}
	if (b > a && strcmp(t[b - 1].s, ";"))
		buf_putc(q, ';');
	return added;
}

static void code_add(walk *w, size_t a, size_t b, const char *lhs_prefix)
{
	if (!w->code.len)
		w->f.code_line = w->v.t[a].line;
	buf_puts(&w->code, lhs_prefix);
	if (stmt_text(w, a, b, &w->code))
		w->f.code_added = 1;
	buf_putc(&w->code, '\n');
}

/* What evaluating statement [a, b) met (x): a shift of the input by its
 * width or more, an ERROR (undefined in C) when the patch adds it; the
 * first step that is no multiply by a constant, kept for finish_run. */
static void run_steps(walk *w, const ev *x, size_t a, size_t b)
{
	const tok *t = w->v.t;
	struct buf q = { 0 };
	int added = stmt_text(w, a, b, &q) || !w->pt->is_diff;

	if (x->ub && added && !review_has_finding(w->r, w->file,
	                                          t[x->ub_tok].line,
	                                          "undefined behaviour"))
		review_add(w->r, REVIEW_ERROR, w->file, t[x->ub_tok].line,
		           REVIEW_NONE, "sequence", "`%s` shifts by %lu, not less "
		           "than the %u bits of the %s it shifts: undefined "
		           "behaviour in C (C11 6.5.7): what it gives depends on "
		           "the compiler and the target (x86 takes the count mod "
		           "%u, a shift by %lu), so the code is no multiply and "
		           "nothing of it is proved", buf_str(&q), x->ub_amt,
		           x->ub_width, x->ub_width > 32 ? "64-bit word" : "32-bit "
		           "word (an int at least, after the promotions)",
		           x->ub_width, x->ub_amt % x->ub_width);
	if (x->nl && !w->f.nl) {
		w->f.nl = x->nl;
		w->f.nl_line = t[x->nl_tok].line;
		w->f.nl_added = added;
		snprintf(w->f.nl_stmt, sizeof w->f.nl_stmt, "%s", buf_str(&q));
	}
	buf_free(&q);
}

/* A variable that became a multiplier: report it. */
static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text, size_t sh);

/* The constant the function's comments say its code multiplies by, as
 * written, and where, into what ("" when they name none): a power sum,
 * else a hex literal. */
static void run_claim(const walk *w, struct buf *what)
{
	size_t k;
	mpz_t v;
	char lit[128], *sum;
	unsigned long line;

	mpz_init(v);
	for (k = 0; k < w->nfn && !what->len; k++)
		if ((sum = review_power_sum_take(w->v.t[w->fn_comments[k]].s,
		                                 w->v.t[w->fn_comments[k]].line, v,
		                                 &line))) {
			buf_printf(what, "%s (its comment, line %lu)", sum, line);
			free(sum);
		} else if (review_comment_hex(&w->v.t[w->fn_comments[k]], v, lit,
		                              sizeof lit, &line, 1))
			buf_printf(what, "%s (its comment, line %lu)", lit, line);
	mpz_clear(v);
}

/* The run's first step that is no multiply by a constant (w->f.nl), when
 * the run is shift/add code of the patch's: said, not dropped. */
static void nonlinear_run(walk *w)
{
	static const struct { unsigned bit; const char *what; } kinds[] = {
		{ NL_RSHIFT, "shifts right, which drops the low bits" },
		{ NL_XOR, "xors, which adds without the carries" },
		{ NL_OR, "ors, which loses bits" },
		{ NL_AND, "masks with &, which loses bits" },
		{ NL_DIV, "divides, which loses the low bits" },
		{ NL_SQUARE, "multiplies the input by itself" },
		/* n = x << 16; n >>= 3: no low bit lost, but the top 3
		 * are 0 where x << 13 has the input's */
		{ NL_CUT, "uses a value whose top bits an exact right shift "
		  "cleared: no multiple of the input" },
	};
	struct buf how = { 0 }, claim = { 0 };
	size_t k;

	if (!w->f.nl || !w->f.nl_added || !w->f.run_shifts || !w->f.run_adds)
		return;
	for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (w->f.nl & kinds[k].bit)
			buf_printf(&how, "%s%s", how.len ? " and " : "", kinds[k].what);
	run_claim(w, &claim);
	if (claim.len)
		review_add(w->r, REVIEW_WARNING, w->file, w->f.nl_line, REVIEW_NONE,
		           "sequence", "not proved the multiply by %s: `%s` (line "
		           "%lu) %s, so none of this shift/add code is proved",
		           claim.s, w->f.nl_stmt, w->f.nl_line, buf_str(&how));
	else
		review_add(w->r, REVIEW_CHECK, w->file, w->f.nl_line, REVIEW_NONE,
		           "sequence", "not proved a multiplication by a constant: "
		           "`%s` (line %lu) %s, so none of this shift/add code is "
		           "proved", w->f.nl_stmt, w->f.nl_line, buf_str(&how));
	buf_free(&how);
	buf_free(&claim);
	w->f.nl = 0;
}

static void finish_run(walk *w, unsigned long last)
{
	size_t i;

	nonlinear_run(w);

	for (i = 0; i < w->f.nvar; i++) {
		sym *s = &w->f.var[i];
		/* a temporary a later step read (b = a << 4; b -= a; c =
		 * -b; ...) is no result the function's claim is about */
		if (s->known && !s->cut && !s->read && s->adds >= 2 &&
		    s->shifts >= 1 && !s->b && s->a > 1)
			sequence_found(w, s, last, -1, "", REVIEW_NONE);
	}
}

static void reset_fn(walk *w)
{
	w->f.nl = 0;
	w->f.run_shifts = w->f.run_adds = 0;
	w->f.nvar = 0;
	w->f.nsteps = 0;
	w->f.above = 0;
	w->f.have_input = 0;
	w->f.word = 0;
	w->f.word_long = 0;
	buf_clear(&w->code);
	w->f.code_added = 0;
}

/* A declaration "TYPE [*]NAME [= EXPR] {, ...};" at [a, b): 1 if it was. */
static int declaration(walk *w, size_t a, size_t b)
{
	const tok *t = w->v.t;
	unsigned bits = 0;
	size_t i = a;
	int l, lng = 0;          /* a long's word: 64 bits on LP64 only */

	while (i < b && t[i].type == T_IDENT && review_is_type_word(t[i].s)) {
		unsigned tb = review_type_bits(t[i].s, review_ctx_word(w, NULL, NULL), &l);
		if (tb && (!bits || !strcmp(t[i].s, "long"))) {
			int ll = !strcmp(t[i].s, "long") && i + 1 < b &&
			         !strcmp(t[i + 1].s, "long");
			bits = ll ? 64 : tb;
			lng = l && !ll;
			if (ll)
				i++;
		}
		i++;
	}
	if (i == a || !bits)
		return 0;
	if (!w->f.word) {
		w->f.word = bits;
		w->f.word_long = lng;
	}
	while (i < b) {
		int ptr = 0;
		size_t e;
		sym *s;
		while (i < b && !strcmp(t[i].s, "*"))
			ptr = 1, i++;
		if (i >= b || t[i].type != T_IDENT)
			return 1;
		s = review_var_get(w, t[i].s);
		for (e = i + 1; e < b && strcmp(t[e].s, ",") && strcmp(t[e].s, ";");
		     e++)
			;
		if (s) {
			s->bits = bits, s->is_ptr = ptr, s->known = 0;
			s->is_long = lng;
			if (i + 1 < e && !strcmp(t[i + 1].s, "=") && !ptr) {
				ev x = { .w = w, .t = t, .i = i + 2, .end = e, .mask = word_mask(bits) };
				int had = w->f.have_input;
				val v = review_eval_expr(&x, 0);
				run_steps(w, &x, i, e);
				s->read = 0;
				if (v.known && !x.bad && x.i == e) {
					s->known = 1, s->a = v.a & x.mask, s->b = v.b & x.mask;
					s->adds = v.adds, s->shifts = v.shifts, s->cut = v.cut;
					if (had || v.a)
						code_add(w, i, e, "");
					if (!had && w->f.have_input)
						buf_clear(&w->code), code_add(w, i, e, "");
				}
				review_step_record(w, s, e < b ? e : b - 1, bits);
			}
		}
		i = e + 1;
	}
	return 1;
}

/* "NAME OP= EXPR;" at [a, b): evaluate it. */
static void assignment(walk *w, size_t a, size_t b)
{
	static const char *const ops[] = { "+=", "-=", "<<=", "*=", ">>=",
		"^=", "|=", "&=", NULL };
	const tok *t = w->v.t;
	const char *op = t[a + 1].s;
	sym *s = review_var_find(w, t[a].s);
	unsigned bits;
	size_t k;
	ev x;
	val v, cur;
	int rhs;

	/* h = (h << 5) + h; with h the function's parameter, not declared in
	 * its body: the variable the sequence starts from, read first on
	 * the right */
	if (!s && !w->f.have_input) {
		for (k = a + 2; k + 1 < b; k++)
			if (t[k].type == T_IDENT && !strcmp(t[k].s, t[a].s))
				break;
		if (k + 1 < b && (s = review_var_get(w, t[a].s))) {
			int l;
			s->bits = review_var_bits(w, t[a].s, a, &l);
			s->is_long = l;
		}
	}
	if (!s || s->is_ptr)
		return;
	bits = s->bits ? s->bits : w->f.word ? w->f.word : 64;
	x = (ev){ .w = w, .t = t, .i = a + 2, .end = b - 1, .mask = word_mask(bits) };   /* not the ';' */
	v = review_eval_expr(&x, 0);
	rhs = !x.bad && x.i == b - 1 && v.known;
	cur = (val){ s->known, s->a, s->b, s->adds, s->shifts, 0, s->bits,
	             s->cut };
	if (!strcmp(op, ">>=") && s->known && !s->cut && s->adds >= 2 &&
	    s->shifts >= 1 &&
	    !s->b && s->a > 1 && !(rhs && !v.a && v.b >= (bits < 32 ? 32 : bits))) {
		/* the hash is taken here: its top bits index the table */
		unsigned long n;
		char why[64], txt[64] = "";
		size_t i, l = 0;
		int amt = -2;
		if (b == a + 4 &&
		    review_small_value(w, &t[a + 2], &n, why, sizeof why))
			amt = (int)n;
		for (i = a + 2; i + 1 < b && l + 1 < sizeof txt; i++)
			l += (size_t)snprintf(txt + l, sizeof txt - l, "%s", t[i].s);
		sequence_found(w, s, t[b - 1].line, amt, txt, a + 1);
		s->known = 0;
		return;
	}
	for (k = 0; ops[k] && strcmp(op, ops[k]); k++)
		;
	x.op = a + 1;
	if (!strcmp(op, "="))
		cur = v;
	else if (ops[k] && rhs) {
		/* the operator without its '=' */
		char bin[4];
		snprintf(bin, sizeof bin, "%.*s", (int)strlen(op) - 1, op);
		cur = review_eval_apply(&x, bin, cur, v);
	} else {
		/* an operand not modelled, or /=, %=: a step of the input that
		 * is no multiply by a constant, when it is one */
		if (s->known && s->a && review_nl_op(op))
			review_eval_nl(&x, review_nl_op(op));
		cur = (val){ 0 };
	}
	if (!rhs)
		cur = (val){ 0 };
	/* hash += n ^ (n >> 5): an addition; and hash += n after a step
	 * that was no multiply (hash ^= n, n >>= 3) made hash or n unknown */
	if (!cur.known && (op[0] == '+' || op[0] == '-') &&
	    (x.nl || (w->f.nl && (!s->known || !rhs))))
		w->f.run_adds++;
	run_steps(w, &x, a, b);
	s->read = 0;
	s->known = cur.known, s->a = cur.a & x.mask, s->b = cur.b & x.mask;
	s->adds = cur.adds, s->shifts = cur.shifts, s->cut = cur.cut;
	if (s->known)
		code_add(w, a, b, "");
	review_step_record(w, s, b - 1, bits);
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

	review_literal_products(w, a, b);
	review_define_uses(w, a, b);
	review_decl_found(w, a, b);
	if (w->depth == 0)
		return;
	if (t[a].type == T_IDENT && is_control(t[a].s)) {
		if (!strcmp(t[a].s, "return")) {
			/* return hash >> k; */
			size_t i, nmult = w->r->nmult;
			sym *ret = b == a + 3 && t[a + 1].type == T_IDENT ?
			           review_var_find(w, t[a + 1].s) : NULL;
			/* return hash;: what it returns is the result, however
			 * often a step read it */
			if (ret)
				ret->read = 0;
			for (i = a + 1; i + 1 < b; i++) {
				sym *s = t[i].type == T_IDENT ? review_var_find(w, t[i].s) : NULL;
				if (s && s->known && s->adds >= 2 && s->shifts >= 1 &&
				    !s->b && s->a > 1 && !strcmp(t[i + 1].s, ">>")) {
					unsigned long k;
					char why[64];
					int amt = i + 4 == b && review_small_value(w,
					          &t[i + 2], &k, why, sizeof why) ? (int)k : -2;
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
						ev x = { .w = w, .t = t, .i = i + 2, .end = b - 1, .mask = word_mask(64) };
						val v = review_eval_expr(&x, 0);
						if (!x.bad && x.i == b - 1 && v.known && !v.a &&
						    v.b < 128)
							amt = (int)v.b;
					}
					sequence_found(w, s, t[i].line, amt, txt, i + 1);
					s->known = 0;
				}
			}
			/* return (x << 31) + (x << 29) - ... + x; one expression */
			if (w->r->nmult == nmult && b > a + 2 &&
			    !(b == a + 3 && t[a + 1].type == T_IDENT &&
			      review_var_find(w, t[a + 1].s))) {
				unsigned bits = w->f.word;
				size_t j;
				ev x;
				val v;
				x = (ev){ .w = w, .t = t, .i = a + 1, .end = b - 1, .mask = word_mask(64) };
				v = review_eval_expr(&x, 0);
				/* the word: the input's type where it is declared (a
				 * parameter: "u32 x" before the body) */
				for (j = 0; !bits && j < w->f.nvar; j++) {
					size_t q;
					int il;
					if (!w->f.var[j].is_input)
						continue;
					bits = w->f.var[j].bits;
					for (q = a; !bits && q > 0 && q + 200 > a; q--)
						if (t[q].type == T_IDENT &&
						    !strcmp(t[q].s, w->f.var[j].name) &&
						    t[q - 1].type == T_IDENT)
							bits = review_type_bits(t[q - 1].s, 0, &il);
				}
				if (!bits)
					bits = 64;
				v.a &= word_mask(bits);
				v.b &= word_mask(bits);
				if (!x.bad && x.i == b - 1 && v.known && !v.cut &&
				    !v.b && v.a > 1 && v.shifts >= 1 && v.adds >= 2) {
					sym r = { .name = "hash", .known = 1 };
					r.bits = bits;
					r.a = v.a;
					r.adds = v.adds;
					r.shifts = v.shifts;
					code_add(w, a + 1, b, "hash = ");
					sequence_found(w, &r, t[b - 1].line, -1, "",
					               REVIEW_NONE);
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

/* s's sequence, its product shifted right at last by shift (-1 none,
 * -2 an amount not known: shift_text, the shift's token t[sh]). */
static void sequence_found(walk *w, const sym *s, unsigned long last,
                           int shift, const char *shift_text, size_t sh)
{
	review *r = w->r;
	unsigned bits = s->bits ? s->bits : w->f.word ? w->f.word : 64;
	size_t i, k;
	review_mult *m;
	struct buf decls = { 0 };
	const char *input = "";

	if ((!w->f.code_added && w->pt->is_diff) || w->file >= r->nown)
		return;                  /* not the patch's, or another input's */
	/* reported already (>>= after it); not another branch of an #if
	 * inside the function that starts at the same line (its code
	 * differs: each branch is judged on its own) */
	for (k = 0; k < r->nmult; k++)
		if (r->mult[k].kind == REVIEW_SEQUENCE &&
		    r->mult[k].file == w->file && r->mult[k].line == w->f.code_line &&
		    !strcmp(r->mult[k].name, s->name) &&
		    !strcmp(r->mult[k].code, buf_str(&w->code)))
			return;
	for (i = 0; i < w->f.nvar; i++) {
		if (w->f.var[i].is_input)
			input = w->f.var[i].name;
		else if (!w->f.var[i].is_ptr)
			buf_printf(&decls, "%s%s", decls.len ? ", " : "",
			           w->f.var[i].name);
	}
	i = review_mult_new(r, REVIEW_SEQUENCE, w->file, w->f.code_line,
	                    s->name, buf_str(&w->code));
	m = &r->mult[i];
	m->last = last;
	mpz_set_ui(m->p, s->a);
	m->bits = bits;
	{
		const char *cond = "";
		unsigned long cl = 0;
		unsigned ctx = review_ctx_word(w, &cond, &cl);
		m->ctx_bits = (int)ctx;
		m->long_word = s->bits ? s->is_long : w->f.word_long;
		if (s->bits || w->f.word)
			snprintf(m->why_bits, sizeof m->why_bits,
			         "the variables' type%s%s", ctx ? ", under " : "",
			         ctx ? cond : "");
		else
			snprintf(m->why_bits, sizeof m->why_bits, "taken as 64 bits");
	}
	review_deep_if(w, i);
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
	if (shift == -2 && sh != REVIEW_NONE)
		review_param_table(w, sh, i);    /* >> (64 - bits): the calls' */
	else if (shift >= 1 && (unsigned)shift < bits) {
		m->table = bits - (unsigned)shift;
		snprintf(m->why_table, sizeof m->why_table, ">> %d at line %lu",
		         shift, last);
	} else if (shift >= 1) {
		/* "return hash >> 32;" on a 32-bit hash: no bit is left to
		 * index a table, and from the promoted width on the shift is
		 * undefined (C11 6.5.7) */
		unsigned width = bits < 32 ? 32 : bits;
		m->table_src = REVIEW_TABLE_NOTHING;
		snprintf(m->why_table, sizeof m->why_table, "%.32s >> %d at line "
		         "%lu shifts the %u-bit product by %d, its whole width or "
		         "more", s->name, shift, last, bits, shift);
		if ((unsigned)shift >= width &&
		    !review_has_finding(r, w->file, last, "undefined behaviour"))
			review_add(r, REVIEW_ERROR, w->file, last, REVIEW_NONE,
			           "sequence", "%s >> %d at line %lu shifts %s, a "
			           "%u-bit value, by %d, not less than its width: "
			           "undefined behaviour in C (C11 6.5.7), what it gives "
			           "depends on the compiler and the target (x86 takes "
			           "the count mod %u, a shift by %u), so it selects no "
			           "table", s->name, shift, last, s->name, width, shift,
			           width, (unsigned)shift % width);
	}
	/* on a signed type the proof's arithmetic mod 2^n is not C's: a
	 * shift or an addition past its range is undefined (C11 6.5p5,
	 * 6.5.7p4), and a negative value shifted right indexes below 0 */
	{
		const char *who[2] = { s->name, input };
		char type[40];
		int k2;
		for (k2 = 0; k2 < 2; k2++)
			if (who[k2][0] && (!k2 || strcmp(who[0], who[1])) &&
			    review_signed_var(w, who[k2], last, type, sizeof type)) {
				review_add(r, REVIEW_WARNING, m->file, m->line, i, "sequence",
				           "%s is %s, a signed type: the shifts and "
				           "additions of the sequence overflow it for most "
				           "keys, which is undefined behaviour in C (C11 "
				           "6.5p5; a left shift of a negative value too, "
				           "6.5.7p4), so the proof below holds for unsigned "
				           "arithmetic only, and a negative result shifted "
				           "right gives a negative index; declare it "
				           "unsigned (u%u)", who[k2], type, bits);
				break;
			}
	}
	review_claims_of(w, i);
}

/* ---- #if inside a function: each branch its own alternative ------------- */

static void state_save(const walk *w, walk_state *st)
{
	st->f = w->f;
	st->code = xstrdup(buf_str(&w->code));
}

static void state_load(walk *w, const walk_state *st)
{
	w->f = st->f;
	buf_clear(&w->code);
	buf_puts(&w->code, st->code);
}

static void state_free(walk_state *st)
{
	free(st->code);
	st->code = NULL;
}

/* Whether the function's variables hold a multiplier found by shifts
 * and additions (what finish_run reports). */
static int has_sequence(const walk *w)
{
	size_t i;

	for (i = 0; i < w->f.nvar; i++) {
		const sym *s = &w->f.var[i];
		if (s->known && s->adds >= 2 && s->shifts >= 1 && !s->b && s->a > 1)
			return 1;
	}
	return 0;
}

/* Of two branches' ends, the current one (w) and a kept one (kept): the
 * one whose variables hold a sequence goes on to what follows the #if;
 * when both do, the kept one's is reported here (no right shift after
 * it is known) and the current goes on.  kept is freed. */
static void alt_merge(walk *w, walk_state *kept, unsigned long line)
{
	walk_state cur;
	int cur_seq = has_sequence(w), kept_seq;

	state_save(w, &cur);
	state_load(w, kept);
	kept_seq = has_sequence(w);
	if (kept_seq && cur_seq) {
		finish_run(w, line);     /* the kept branch's, said here */
		state_load(w, &cur);
	} else if (!kept_seq) {
		state_load(w, &cur);
	}                            /* else the kept branch's goes on */
	state_free(&cur);
	state_free(kept);
}

/* A directive d (past its '#') inside a function (depth > 0): #if opens
 * alternatives, each #elif and #else starts the next from where the #if
 * opened (not after the branch before it: the 2.6.0 hash_long's
 * shift/add code under #if BITS_PER_LONG == 64 and its multiply under
 * #else are two ways to one hash, not one after the other), and #endif
 * goes on with the branch that computes a sequence. */
static void fn_directive(walk *w, const char *d, unsigned long line)
{
	walk_alt *a;

	d += strspn(d, " \t");
	if (!strncmp(d, "if", 2)) {
		if (w->nalts >= MAX_ALTS) {
			w->alts_past++;
			return;
		}
		a = &w->alts[w->nalts++];
		memset(a, 0, sizeof *a);
		state_save(w, &a->start);
		a->depth = w->depth;
		return;
	}
	if (strncmp(d, "el", 2) && strncmp(d, "endif", 5))
		return;
	if (w->alts_past) {
		w->alts_past -= !strncmp(d, "endif", 5);
		return;
	}
	if (!w->nalts)
		return;
	a = &w->alts[w->nalts - 1];
	if (a->depth != w->depth) {        /* braces across it: read straight */
		if (!strncmp(d, "endif", 5)) {
			state_free(&a->start);
			state_free(&a->done);
			w->nalts--;
		}
		return;
	}
	if (!strncmp(d, "el", 2)) {
		/* the branch read ends: keep it, and read the next from the
		 * state at the #if */
		walk_state cur;
		state_save(w, &cur);
		if (a->has_done) {
			state_load(w, &a->done);
			alt_merge(w, &cur, line);
			state_free(&a->done);
			state_save(w, &a->done);
		} else {
			a->done = cur;
			a->has_done = 1;
		}
		state_load(w, &a->start);
		return;
	}
	/* #endif */
	if (a->has_done)
		alt_merge(w, &a->done, line);
	state_free(&a->start);
	w->nalts--;
}

/* Leaving a function: the #if's still open in it are forgotten. */
static void alts_clear(walk *w)
{
	while (w->nalts > 0) {
		walk_alt *a = &w->alts[--w->nalts];
		state_free(&a->start);
		state_free(&a->done);
	}
	w->alts_past = 0;
}

/* ---- the walk over one side --------------------------------------------- */

/* Whether comment c has a number (decimal or hex, a word of its own)
 * equal to the integer literal at d, a define's value. */
static int names_value(const char *c, const char *d)
{
	const char *s;
	unsigned long long v;
	char *e;

	if (!isdigit((unsigned char)*d))
		return 0;
	errno = 0;
	v = strtoull(d, &e, 0);
	if (errno || e == d)
		return 0;
	for (s = c; *s; s++) {
		if (!isdigit((unsigned char)*s) ||
		    (s > c && (isalnum((unsigned char)s[-1]) || s[-1] == '_')))
			continue;
		errno = 0;
		if (strtoull(s, &e, 0) == v && !errno &&
		    !isalnum((unsigned char)*e) && *e != '_')
			return 1;
		while (isalnum((unsigned char)s[1]))
			s++;
	}
	return 0;
}

/* Whether the first token after t[i] that is no comment is a #define:
 * 0 no, 1 yes, 2 yes and the comment t[i] names it (by name, or by
 * its value as written in hex or decimal). */
static int define_follows(const tok *t, size_t n, size_t i)
{
	const char *d, *c = t[i].s;
	char name[64];
	size_t len;

	for (i++; i < n && t[i].type == T_COMMENT; i++)
		;
	if (i >= n || t[i].type != T_PP)
		return 0;
	d = t[i].s + 1;
	d += strspn(d, " \t");
	if (strncmp(d, "define", 6))
		return 0;
	d += 6;
	d += strspn(d, " \t");
	len = strspn(d, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	             "0123456789_");
	if (!len || len >= sizeof name)
		return 1;
	snprintf(name, sizeof name, "%.*s", (int)len, d);
	d += len;
	d += strspn(d, " \t(");
	return review_word_ci(c, name) || names_value(c, d) ? 2 : 1;
}

/* Whether C code (no directive) is the next token after the comments
 * from t[i]. */
static int code_follows(const tok *t, size_t n, size_t i)
{
	for (i++; i < n && t[i].type == T_COMMENT; i++)
		;
	return i < n && t[i].type != T_PP;
}

/* Where walk_file is in the side's tokens: the first token of the
 * statement being read, the multipliers the last directive made (from
 * tail_from), and the ones the defines since the last other token made
 * ([after_from, after_to), REVIEW_NONE: none): a comment after them may
 * be about them (review_after_claims). */
typedef struct walk_pos {
	size_t start, tail_from, after_from, after_to;
	size_t stmt_from, stmt_to;   /* the multipliers the last statement
	                              * at file scope made */
} walk_pos;

/* The comment t[i]: its claims read where they belong (a define's own
 * line's comment, a comment after defines), else kept for what follows
 * it (the statement, define or function after it). */
static void walk_comment(walk *w, size_t i, walk_pos *p)
{
	const tok *t = w->v.t;

	if (t[i].tail) {
		/* a define's own line's comment: of the multipliers that
		 * define made, and of no later one */
		if (i > 0 && t[i - 1].type == T_PP)
			review_tail_claims(w, i, p->tail_from, w->r->nmult);
		if (p->start == i)
			p->start = i + 1;
		return;
	}
	/* static const u32 a = 0x9e3779b9;  / * prime * /  on its line:
	 * that declaration's, never the next one's */
	if (w->depth == 0 && i > 0 && t[i - 1].type == T_OP &&
	    !strcmp(t[i - 1].s, ";") && t[i - 1].line == t[i].line &&
	    p->stmt_to > p->stmt_from) {
		review_tail_claims(w, i, p->stmt_from, p->stmt_to);
		if (p->start == i)
			p->start = i + 1;
		return;
	}
	if (p->after_from != REVIEW_NONE && p->after_to > p->after_from &&
	    w->depth == 0 && review_after_claims(w, i, p->after_from,
	    p->after_to, define_follows(t, w->v.n, i))) {
		p->after_from = p->after_to;   /* the defines after it: anew */
		/* code after it (no directive): the comment over a function
		 * that names the define is that function's too ("x *
		 * GOLDEN_64, open-coded: 2^63 + ..." over the shift/add code
		 * that computes it) */
		if (!code_follows(t, w->v.n, i)) {
			if (p->start == i)
				p->start = i + 1;
			return;
		}
	}
	review_keep_comment(w, i);
	review_step_comment(w, i);
	if (p->start == i)
		p->start = i + 1;
}

/* The directive t[i]: a define of the new side (its multiplier), or an
 * #if line (the word's context, and a function's alternatives). */
static void walk_directive(walk *w, size_t i, walk_pos *p)
{
	const tok *t = w->v.t;
	const char *d = t[i].s + 1;
	const defs *nd = w->newd;
	const define *x = NULL;
	size_t had = w->r->nmult;

	p->tail_from = w->r->nmult;   /* what this directive makes */
	while (*d == ' ' || *d == '\t')
		d++;
	if (strncmp(d, "define", 6)) {
		review_if_directive(&w->ifs, t[i].s, t[i].line);
		if (w->depth > 0)
			fn_directive(w, d, t[i].line);
		return;
	}
	/* the new side's multiplier defines: newd holds this side's defines
	 * in token order */
	while (w->defi < nd->n && nd->d[w->defi].file == w->file &&
	       nd->d[w->defi].tok < i)
		w->defi++;
	if (w->defi < nd->n && nd->d[w->defi].file == w->file &&
	    nd->d[w->defi].tok == i)
		x = &nd->d[w->defi];
	if (x)
		review_define_found(w, x, i);
	/* an alias folded into its constant: its comments are that one's */
	if (x && w->r->nmult == had)
		review_alias_comments(w, x);
	/* a comment in the plural ("These multipliers are prime") over a
	 * multiplier speaks of the ones defined after it too: kept for
	 * them, its claims checked against each */
	w->ncomments = w->nshared = w->r->nmult > had ?
	                            review_plural_comments(w) : 0;
	if (w->r->nmult > had)
		w->comments_lost = 0;
	if (w->r->nmult > had) {
		if (p->after_from == REVIEW_NONE || p->after_from == p->after_to)
			p->after_from = had;
		p->after_to = w->r->nmult;
	}
}

/* The ';' at t[i] ends statement [start, i]: read it, under the C-level
 * if on the word that heads it. */
static void walk_semicolon(walk *w, size_t start, size_t i)
{
	const tok *t = w->v.t;
	cif c;
	int pushed = 0;

	if (w->depth > 0 && review_cif_header(w, start, i, &c) && c.word &&
	    w->ncif < MAX_IF) {
		c.depth = -1;
		w->cifs[w->ncif++] = c;
		pushed = 1;
	}
	statement(w, start, i + 1);
	w->ncif -= pushed;
	w->last_return = !strcmp(t[review_cond_end(t, start, i)].s, "return");
	/* if (sizeof(long) == 8) return ...; what follows runs only on the
	 * other word */
	if (pushed && w->last_return && w->ncif < MAX_IF)
		review_cif_after_return(&c, w->depth, &w->cifs[w->ncif++]);
}

/* The '{' at t[i] (its header from start): a function's body opens, or
 * a block inside one, under the C-level if on the word that heads it. */
static void walk_open(walk *w, size_t start, size_t i)
{
	cif c;

	if (w->depth > 0 && review_cif_header(w, start, i, &c) && c.word &&
	    w->ncif < MAX_IF) {
		c.depth = w->depth + 1;
		w->cifs[w->ncif++] = c;
	}
	w->last_return = 0;
	if (w->depth == 0) {
		reset_fn(w);
		w->nfn = w->nfn_before = w->ncomments;
		memcpy(w->fn_comments, w->comments,
		       w->ncomments * sizeof w->comments[0]);
		w->fn_lost = w->comments_lost;
		w->fn_lost_line = w->lost_line;
	} else {
		/* a block inside: a branch ends a straight line */
		finish_run(w, w->v.t[i].line);
		reset_fn(w);
	}
	w->depth++;
}

/* The '}' at t[i]: the block or the function ends. */
static void walk_close(walk *w, size_t i)
{
	const tok *t = w->v.t;
	/* if (W) { ... return ...; }: what follows runs only on the other
	 * word */
	cif ret = { 0 };

	if (w->ncif > 0 && w->cifs[w->ncif - 1].depth == w->depth &&
	    w->cifs[w->ncif - 1].word && w->last_return &&
	    i > 0 && !strcmp(t[i - 1].s, ";"))
		ret = w->cifs[w->ncif - 1];
	w->last_return = 0;
	finish_run(w, t[i].line);
	reset_fn(w);
	if (w->depth > 0)
		w->depth--;
	if (w->depth == 0)
		alts_clear(w);
	while (w->ncif > 0 && w->cifs[w->ncif - 1].depth > w->depth)
		w->ncif--;
	if (ret.word && w->depth > 0 && w->ncif < MAX_IF)
		review_cif_after_return(&ret, w->depth, &w->cifs[w->ncif++]);
}

static void walk_file(walk *w)
{
	const tok *t = w->v.t;
	walk_pos p = { 0, 0, REVIEW_NONE, 0, 0, 0 };
	size_t i;

	memset(&w->ifs, 0, sizeof w->ifs);
	w->ncif = 0;
	memset(w->last_if, 0, sizeof w->last_if);
	w->ncomments = w->nshared = w->comments_lost = 0;
	w->depth = 0;
	reset_fn(w);
	while (w->defi < w->newd->n && w->newd->d[w->defi].file < w->file)
		w->defi++;
	review_bits_defines(w);
	review_uses_index(w);
	for (i = 0; i < w->v.n; i++) {
		if (w->r->nmult > REVIEW_MAX_MULT) {
			review_uses_free(w);
			return;              /* review_run refuses it */
		}
		if (t[i].type == T_COMMENT) {
			walk_comment(w, i, &p);
			continue;
		}
		if (t[i].type != T_PP)
			p.after_from = REVIEW_NONE;
		else {
			walk_directive(w, i, &p);
			p.start = i + 1;
			continue;
		}
		if (t[i].type != T_OP || (strcmp(t[i].s, ";") &&
		                          strcmp(t[i].s, "{") && strcmp(t[i].s, "}")))
			continue;
		p.stmt_from = p.stmt_to = w->r->nmult;
		if (!strcmp(t[i].s, ";") && i > p.start) {
			walk_semicolon(w, p.start, i);
			if (w->depth == 0)
				p.stmt_to = w->r->nmult;
		} else if (!strcmp(t[i].s, "{"))
			walk_open(w, p.start, i);
		else if (!strcmp(t[i].s, "}"))
			walk_close(w, i);
		if (strcmp(t[i].s, ";") || i > p.start)
			w->ncomments = w->nshared = w->comments_lost = 0;
		p.start = i + 1;
	}
	alts_clear(w);
	review_alias_comments_end(w);
	review_hashed_all(w);
	review_uses_free(w);
}

/* A file side with too many tokens: -1 with err. */
static int too_many_tokens(const patch *pt, size_t f, cfx_err *err)
{
	return cfx_err_set_path(err, CFX_ELIMIT, pt->files[f], "a file of the "
	                        "patch has more than %d C tokens",
	                        REVIEW_MAX_TOKENS);
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
		if (review_lex(pt, f, a, b, &v) < 0)
			return too_many_tokens(pt, f, err);
		for (i = 0; i < v.n; i++)
			if (v.t[i].type == T_PP) {
				review_define_add(out, v.t[i].s, review_if_word(&x, NULL, NULL), f,
				           v.t[i].line, v.t[i].added, i);
				review_if_directive(&x, v.t[i].s, v.t[i].line);
			}
		review_toks_free(&v);
	}
	review_defs_resolve(out);
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
				           "computes the multiplier of %s (%s:%lu): its "
				           "verdict is this code's", r->mult[k].name[0] ?
				           r->mult[k].name :
				           r->mult[k].text, r->pt.files[r->mult[k].file],
				           r->mult[k].line);
				break;
			}
	}
}

/* Whether the body under check (r->body_mail's) may speak of m: a
 * constant (no sequence) of that mail's patch. */
static int of_body(const review *r, const review_mult *m)
{
	return m->kind != REVIEW_SEQUENCE && m->bits &&
	       m->use_of == REVIEW_NONE &&
	       (r->pt.nmails < 2 || r->pt.mail[m->file] == r->body_mail);
}

/* The body's claims, about the constants it names, else about every
 * constant the patch adds (not its sequences); the claims no check
 * computes listed with the constant their sentence names, else (a patch
 * of several constants) once, as general.  A series: each mail's body,
 * about the constants of that mail's patch. */
static void body_claims(review *r)
{
	size_t i, b, named;

	for (b = 0; b < r->pt.nbodies; b++) {
		const struct patch_body *pb = &r->pt.bodies[b];
		r->pt.body = pb->text;
		r->pt.body_line = pb->line;
		r->body_mail = pb->mail;
		named = 0;
		for (i = 0; i < r->nmult; i++)
			if (of_body(r, &r->mult[i]) &&
			    review_text_names(&r->mult[i], r->pt.body))
				named++;
		for (i = 0; i < r->nmult; i++) {
			const review_mult *m = &r->mult[i];
			if (!of_body(r, m) || (named && !review_text_names(m,
			                                                  r->pt.body)))
				continue;
			review_body_claims(r, i, 1);
		}
		review_body_general(r);
	}
	if (r->pt.nbodies) {
		r->pt.body = r->pt.bodies[0].text;
		r->pt.body_line = r->pt.bodies[0].line;
		r->body_mail = r->pt.bodies[0].mail;
	}
}

/* The counts of hunk header s ("@@ -a,b +c,d @@"; a count left out is
 * 1). */
static void hunk_counts(const char *s, unsigned long *a, unsigned long *b,
                        unsigned long *c, unsigned long *d)
{
	char *e;

	if (strncmp(s, "@@ -", 4))
		return;
	*a = strtoul(s + 4, &e, 10);
	if (*e == ',')
		*b = strtoul(e + 1, &e, 10);
	if (strncmp(e, " +", 2))
		return;
	*c = strtoul(e + 2, &e, 10);
	if (*e == ',')
		*d = strtoul(e + 1, &e, 10);
}

/* The lines of the diff its reader could not read (patch.skips): each
 * a WARNING on the input's own line, so that nothing is lost unsaid. */
static void patch_skips(review *r)
{
	size_t k;

	for (k = 0; k < r->pt.nskips; k++) {
		const struct patch_skip *s = &r->pt.skips[k];
		if (s->kind == PATCH_SKIP_HEADER)
			review_add(r, REVIEW_WARNING, r->pt.body_file, s->line,
			           REVIEW_NONE, "patch", "\"%.60s%s\" is no hunk header "
			           "(\"@@ -a,b +c,d @@\"): the lines after it, up to the "
			           "next header, are not read, and nothing in them is "
			           "reviewed", s->text, strlen(s->text) > 60 ? "..." : "");
		else if (s->kind == PATCH_SKIP_LONG) {
			unsigned long a = 0, b = 1, c = 0, d = 1;
			hunk_counts(s->text, &a, &b, &c, &d);
			review_add(r, REVIEW_WARNING, r->pt.body_file, s->hunk_line,
			           REVIEW_NONE, "patch", "the hunk header \"%.60s%s\" "
			           "counts %lu old and %lu new lines, and its hunk has "
			           "fewer: it ends at line %lu, short of them (git "
			           "apply would refuse the patch as corrupt; the lines "
			           "it has are read)", s->text, strlen(s->text) > 60 ?
			           "..." : "", b, d, s->line);
		} else
			review_add(r, REVIEW_WARNING, r->pt.body_file, s->line,
			           REVIEW_NONE, "patch", "a '%c' line past the lines "
			           "the hunk header at line %lu counts: it and the rest "
			           "of that hunk are not read, and nothing in them is "
			           "reviewed (the header's counts are short: git apply "
			           "would refuse the patch as corrupt)", s->text[0],
			           s->hunk_line);
	}
	if (r->pt.nskips == PATCH_MAX_SKIPS)
		review_add(r, REVIEW_WARNING, r->pt.body_file,
		           r->pt.skips[PATCH_MAX_SKIPS - 1].line, REVIEW_NONE, "patch",
		           "and perhaps more lines not read: only the first %d are "
		           "said", PATCH_MAX_SKIPS);
}

/* Whether the file named name is a C header (".h"). */
static int is_header(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".h");
}

/* The other inputs beside r's own (review_run_with): each one read and
 * its files appended to r->pt's; one that does not read is passed over
 * (its own review says why). */
static void read_beside(review *r, const review_text *others, size_t n)
{
	size_t i;
	cfx_err e;

	r->nown = r->pt.nfiles;
	if (!n)
		return;
	r->ctx = xcalloc(n, sizeof *r->ctx, "review inputs");
	for (i = 0; i < n; i++) {
		patch *q = &r->ctx[r->nctx];
		memset(&e, 0, sizeof e);
		if (patch_read(q, others[i].text, others[i].len, others[i].name,
		               &e) < 0) {
			patch_free(q);
			continue;
		}
		patch_append(&r->pt, q);
		r->nctx++;
	}
}

/* The findings on the other inputs' lines that are about none of r's
 * multipliers' tables: theirs, said in their own review. */
static void drop_beside(review *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->nfind; i++) {
		review_finding *x = &r->find[i];
		if (x->file >= r->nown && x->file != r->pt.body_file &&
		    x->mult == REVIEW_NONE && strcmp(x->kind, "table")) {
			free(x->msg);
			continue;
		}
		r->find[n++] = *x;
	}
	r->nfind = n;
}

int review_run(review *r, const char *text, size_t len, const char *name,
               cfx_err *err)
{
	return review_run_with(r, text, len, name, NULL, 0, err);
}

int review_run_with(review *r, const char *text, size_t len,
                    const char *name, const review_text *others, size_t n,
                    cfx_err *err)
{
	defs newd = { 0 }, oldd = { 0 };
	walk w;
	size_t f, k, *order;
	int rc = 0;

	memset(r, 0, sizeof *r);
	if (patch_read(&r->pt, text, len, name, err) < 0)
		return -1;
	read_beside(r, others, n);
	memset(&w, 0, sizeof w);
	patch_skips(r);
	if (collect_defines(&r->pt, '+', ' ', &newd, err) < 0 ||
	    collect_defines(&r->pt, '-', ' ', &oldd, err) < 0)
		rc = -1;
	w.r = r;
	w.pt = &r->pt;
	w.newd = &newd;
	w.oldd = &oldd;
	/* headers first: a multiplier or a function a header defines is
	 * known when a .c file of the patch uses it (a git diff lists
	 * drivers/x/x.c before drivers/x/x.h) */
	order = xcalloc(r->pt.nfiles ? r->pt.nfiles : 1, sizeof *order,
	                "review files");
	for (k = 0, f = 0; f < r->pt.nfiles; f++)
		if (is_header(r->pt.files[f]))
			order[k++] = f;
	for (f = 0; f < r->pt.nfiles; f++)
		if (!is_header(r->pt.files[f]))
			order[k++] = f;
	for (k = 0; k < r->pt.nfiles && rc == 0; k++) {
		f = w.file = order[k];
		w.defi = 0;
		if (review_lex(&r->pt, f, '+', ' ', &w.v) < 0) {
			rc = too_many_tokens(&r->pt, f, err);
			break;
		}
		walk_file(&w);
		review_toks_free(&w.v);
		if (r->nmult > REVIEW_MAX_MULT) {
			const review_mult *m = &r->mult[REVIEW_MAX_MULT];
			rc = cfx_err_set(err, CFX_ELIMIT, -1, m->text, "more than %d "
			                 "multipliers: the one at %s:%lu is past them",
			                 REVIEW_MAX_MULT, r->pt.files[m->file], m->line);
		}
	}
	free(order);
	buf_free(&w.code);
	if (rc == 0) {
		review_call_others(&w);
		review_kernel_calls(&w);
		/* >> (64 - bits): said with the tables every file's calls give */
		for (k = 0; k < r->nmult; k++)
			if (r->mult[k].kind == REVIEW_SEQUENCE && r->mult[k].shift == -2)
				review_sequence_table(r, k);
	}
	free(w.calls);
	if (rc == 0) {
		review_table_nothing(r);
		review_table_whole(r);
		link_sequences(r);
		review_removed(r, &newd);
		review_uses_said(r);
		body_claims(r);
		drop_beside(r);
	}
	review_alias_free(&w);
	review_defs_free(&newd);
	review_defs_free(&oldd);
	return rc;
}

void review_free(review *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nmult; i++)
		review_mult_free(&r->mult[i]);
	free(r->mult);
	for (i = 0; i < r->nfind; i++)
		free(r->find[i].msg);
	free(r->find);
	patch_free(&r->pt);
	for (i = 0; i < r->nctx; i++)
		patch_free(&r->ctx[i]);
	free(r->ctx);
	memset(r, 0, sizeof *r);
}

