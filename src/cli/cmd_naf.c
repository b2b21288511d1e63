/* cmd_naf.c - `cfx naf` and `cfx shifts`: signed-digit forms and the
 * shift/add sequence derived from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "cfx/mcm.h"
#include "cfx/naf.h"
#include "cfx/sas.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* A constant with its NAF, shared by both commands. */
typedef struct form {
	mpz_t p;
	unsigned long bits;
	naf_form naf;
	char *hex, *sum;
} form;

static int form_get(cmd_ctx *c, cli_args *a, unsigned long max_bits,
                    form *f)
{
	mpz_init(f->p);
	f->hex = f->sum = NULL;
	f->naf.d = NULL;
	if (cli_multiplier(c, a, max_bits, f->p, &f->bits) < 0)
		return -1;
	naf_of(&f->naf, f->p, f->bits);
	f->hex = word_hex(f->p, f->bits);
	f->sum = naf_power_sum(&f->naf);
	return 0;
}

static void form_free(form *f)
{
	mpz_clear(f->p);
	naf_clear(&f->naf);
	free(f->hex);
	free(f->sum);
}

static json_t *json_terms(const naf_form *nf)
{
	json_t *arr = json_array();
	unsigned long i;

	for (i = nf->bits; i-- > 0;)
		if (nf->d[i])
			json_array_append_new(arr, json_pack("{s:I,s:i}", "exp",
			                      (json_int_t)i, "sign", nf->d[i]));
	return arr;
}

/* The NAF as a row of + 0 - digits, high to low. */
static void digit_row(FILE *f, const naf_form *nf)
{
	unsigned long i;

	for (i = nf->bits; i-- > 0;)
		fputc(nf->d[i] > 0 ? '+' : nf->d[i] < 0 ? '-' : '0', f);
}

int cmd_naf(cmd_ctx *c, cli_args *a)
{
	form f;
	size_t bw, nw;
	int prime;

	if (form_get(c, a, WORD_MAX_BITS, &f) < 0) {
		form_free(&f);
		return CFX_EXIT_USAGE;
	}
	bw = naf_binary_weight(f.p);
	nw = naf_weight(&f.naf);
	prime = expr_isprime(f.p);
	{
		json_t *o = json_object();
		json_object_set_new(o, "value", out_jz(f.p));
		json_object_set_new(o, "hex", json_string(f.hex));
		json_object_set_new(o, "bits", json_integer((json_int_t)f.bits));
		json_object_set_new(o, "odd", json_boolean(mpz_odd_p(f.p)));
		json_object_set_new(o, "prime", json_boolean(prime != 0));
		json_object_set_new(o, "binary_weight", json_integer((json_int_t)bw));
		json_object_set_new(o, "naf_weight", json_integer((json_int_t)nw));
		json_object_set_new(o, "wrapped", json_boolean(f.naf.wrapped));
		json_object_set_new(o, "terms", json_terms(&f.naf));
		json_object_set_new(o, "power_sum", json_string(f.sum));
		json_object_set_new(o, "add_sub_ops",
		                    json_integer((json_int_t)(nw ? nw - 1 : 0)));
		cli_result(c, a->json, o);
	}
	if (!a->json) {
		char *bin = mpz_get_str(NULL, 2, f.p);
		char *value;
		gmp_asprintf(&value, "%s = %Zd (%lu-bit, %s%s)", f.hex,
		             f.p, f.bits, mpz_odd_p(f.p) ? "odd" : "even",
		             prime == 2 ? ", prime" : prime ? ", probable prime"
		             : "");
		out_fill(c->out, value, out_width(), "value      ", "           ",
		         " ");
		free(value);
		if (f.bits <= 64) {
			fprintf(c->out, "binary     %*s%s\n",
			        (int)(f.bits - strlen(bin)), "", bin);
			fprintf(c->out, "NAF        ");
			digit_row(c->out, &f.naf);
			fputc('\n', c->out);
		}
		fprintf(c->out, "weight     binary %zu, NAF %zu (%zu addition%s or "
		        "subtraction%s)\n", bw, nw, nw ? nw - 1 : 0,
		        nw == 2 ? "" : "s", nw == 2 ? "" : "s");
		out_sum(c->out, "power sum  ", f.sum, out_width());
		if (f.naf.wrapped) {
			char *t = xasprintf("(mod 2^%lu: the NAF's 2^%lu term wraps "
			                    "to 0)", f.bits, f.bits);
			out_fill(c->out, t, out_width(), "           ", "            ",
			         " ");
			free(t);
		}
		free(bin);
	}
	form_free(&f);
	return CFX_EXIT_OK;
}

/* Name of graph node k in text and JSON. */
static const char *node_name(const mcm_graph *g, unsigned k, char *buf,
                             size_t n)
{
	if (k == 0)
		return "x";
	if (k == g->out)
		return "hash";
	snprintf(buf, n, "t%u", k);
	return buf;
}

static json_t *graph_steps(const mcm_graph *g)
{
	json_t *steps = json_array();
	unsigned i;

	for (i = 1; i <= g->n; i++) {
		const mcm_node *nd = &g->node[i];
		char b0[16], b1[16], b2[16];
		json_array_append_new(steps, json_pack("{s:s,s:s,s:I,s:s,s:s,s:I}",
		    "dst", node_name(g, i, b0, sizeof b0),
		    "a", node_name(g, nd->a, b1, sizeof b1), "a_shift",
		    (json_int_t)nd->sa, "op", nd->op == MCM_ADD ? "add" : "sub",
		    "b", node_name(g, nd->b, b2, sizeof b2), "b_shift",
		    (json_int_t)nd->sb));
	}
	if (g->out_shift)
		json_array_append_new(steps, json_pack("{s:s,s:I}", "dst", "hash",
		                      "shift", (json_int_t)g->out_shift));
	if (g->out_neg)
		json_array_append_new(steps, json_pack("{s:s,s:s}", "dst", "hash",
		                      "op", "neg"));
	return steps;
}

/* "on x86-64 a single imul (3 cycles) beats this 6-adder sequence
 * (depth 4, about 5 cycles)" */
static char *compare_sentence(const mcm_target *t, const mcm_cost *k,
                              unsigned long bits)
{
	char *s, seq[96];
	const char *verb;

	snprintf(seq, sizeof seq, "this %u-adder sequence (depth %u, about %lu "
	         "cycle%s)", k->adders, k->depth, k->cycles,
	         k->cycles == 1 ? "" : "s");
	if (k->mul_cycles < k->cycles)
		verb = "beats";
	else if (k->mul_cycles == k->cycles)
		verb = "ties with";
	else
		verb = "loses to";
	s = xasprintf("on %s a single %s (%lu cycles) %s %s",
	              strcmp(t->name, "generic") ? t->name : "a generic machine",
	              bits > 32 && t->mul_name64 ? t->mul_name64 : t->mul_name,
	              k->mul_cycles, verb, seq);
	return s;
}

/* What shifts --optimal found for f, for its JSON and its text. */
struct optimal {
	const mcm_target *t;
	mcm_graph g;
	mcm_result r;
	mcm_cost k;               /* g's cost on t */
	char *sentence;           /* g against t's multiply (compare_sentence) */
	char *proven;             /* how minimal it is proven, or NULL */
};

/* The result of shifts --optimal (cfx shifts --optimal --json). */
static json_t *optimal_json(const form *f, const struct optimal *z)
{
	json_t *o2 = json_object();
	char *code = mcm_emit_c(&z->g, f->hex);

	json_object_set_new(o2, "value", out_jz(f->p));
	json_object_set_new(o2, "bits", json_integer((json_int_t)f->bits));
	json_object_set_new(o2, "optimal", json_true());
	json_object_set_new(o2, "exact", json_boolean(z->r.exact));
	json_object_set_new(o2, "exact_with_wrap",
	                    json_boolean(z->r.exact_wrap));
	json_object_set_new(o2, "proven", z->proven ? json_string(z->proven)
	                                      : json_null());
	json_object_set_new(o2, "adders_at_least",
	                    json_integer(z->r.lb_wrap));
	/* where the bound comes from when a search run offline proved
	 * it (doc/mcm5.md), else null: this run's own search */
	json_object_set_new(o2, "lower_bound_source", z->r.offline ?
	                    json_string("tools/mcm5, doc/mcm5.md") :
	                    json_null());
	json_object_set_new(o2, "target", json_string(z->t->name));
	json_object_set_new(o2, "adders", json_integer(z->k.adders));
	json_object_set_new(o2, "adds", json_integer(z->k.adds));
	json_object_set_new(o2, "subs", json_integer(z->k.subs));
	json_object_set_new(o2, "negations", json_integer(z->k.negations));
	json_object_set_new(o2, "shifts", json_integer(z->k.shifts));
	json_object_set_new(o2, "free_shifts", json_integer(z->k.free_shifts));
	json_object_set_new(o2, "depth", json_integer(z->k.depth));
	json_object_set_new(o2, "cycles",
	                    json_integer((json_int_t)z->k.cycles));
	json_object_set_new(o2, "multiply_cycles",
	                    json_integer((json_int_t)z->k.mul_cycles));
	json_object_set_new(o2, "naf_adders", json_integer(z->r.naf_adders));
	json_object_set_new(o2, "steps", graph_steps(&z->g));
	json_object_set_new(o2, "comparison", json_string(z->sentence));
	json_object_set_new(o2, "c_code", json_string(code));
	free(code);
	return o2;
}

/* The text of shifts --optimal: what was found and how minimal, the
 * graph's C, its cost, and the sentence against the multiply. */
static void optimal_text(FILE *out, const form *f, const struct optimal *z)
{
	char *body = mcm_emit_body(&z->g, "    ");
	struct buf head = { 0 };

	/* the lines of prose fit 80 columns, broken between words */
	buf_printf(&head, "x * %s mod 2^%lu, fewest adders ", f->hex, f->bits);
	if (z->r.exact_wrap)
		buf_printf(&head, "(proven %s)", z->proven);
	else if (z->r.exact)
		buf_printf(&head, "(proven %s; mod 2^%lu, where values may "
		           "wrap, at least %u)", z->proven, f->bits, z->r.lb_wrap);
	else if (z->r.offline)
		buf_printf(&head, "found (heuristic; at least %u: no graph "
		           "of %u by tools/mcm5, doc/mcm5.md)", z->r.lb_wrap,
		           z->r.lb_wrap - 1);
	else
		buf_printf(&head, "found (heuristic; at least %u)", z->r.lb_wrap);
	buf_puts(&head, ":");
	out_line(out, buf_str(&head), "  ");
	buf_clear(&head);
	fprintf(out, "%s", body);
	buf_printf(&head, "%u adder%s (%u addition%s, %u subtraction%s), "
	           "%u shift%s", z->k.adders, z->k.adders == 1 ? "" : "s",
	           z->k.adds, z->k.adds == 1 ? "" : "s", z->k.subs,
	           z->k.subs == 1 ? "" : "s", z->k.shifts,
	           z->k.shifts == 1 ? "" : "s");
	if (z->k.free_shifts == z->k.shifts && z->k.shifts)
		buf_printf(&head, " (%sfree inside an add on %s)",
		           z->k.shifts == 1 ? "" : "all ", z->t->name);
	else if (z->k.free_shifts)
		buf_printf(&head, " (%u free inside an add on %s)",
		           z->k.free_shifts, z->t->name);
	buf_printf(&head, ", depth %u%s; the NAF needs %u", z->k.depth,
	           z->k.negations ? ", 1 negation" : "", z->r.naf_adders);
	out_line(out, buf_str(&head), "  ");
	buf_free(&head);
	out_line(out, z->sentence, "  ");
	free(body);
}

static int shifts_optimal(cmd_ctx *c, cli_args *a, form *f)
{
	const mcm_target *t = mcm_target_find(a->target ? a->target : "generic");
	/* generic ranks ties by depth, as every face does; another target
	 * by its cycles, never at the cost of an adder (mcm.h) */
	mcm_opts o = { a->max_depth, a->exact, 0,
	               strcmp(t->name, "generic") ? t : NULL };
	mcm_ctx *mc;
	struct optimal z = { .t = t };
	uint64_t p = mpz_get_ui(f->p);
	int rc;

	if (mpz_sizeinbase(f->p, 2) > 64 || f->bits > 64) {
		cfx_err_set(&c->err, CFX_EDOMAIN, -1, f->hex, "--optimal works on "
		            "words of at most 64 bits");
		c->err.arg = a->expr ? a->expr_arg : -1;
		return CFX_EXIT_USAGE;
	}
	if (a->exact && f->bits > MCM_EXACT_BITS) {
		cfx_err_set(&c->err, CFX_ELIMIT, -1, f->hex, "--exact searches "
		            "words of at most %d bits, this one has %lu",
		            MCM_EXACT_BITS, f->bits);
		c->err.arg = a->expr ? a->expr_arg : -1;
		return CFX_EXIT_USAGE;
	}
	mc = mcm_new();
	mcm_set_prove(mc, MCM_PROVE_ALL);
	rc = mcm_solve(mc, p, (unsigned)f->bits, &o, &z.g, &z.r, &c->err);
	mcm_free(mc);
	if (rc < 0) {
		cfx_err_retoken(&c->err, f->hex);
		c->err.arg = a->expr ? a->expr_arg : -1;
		return CFX_EXIT_USAGE;
	}
	mcm_cost_of(&z.g, t, &z.k);
	z.sentence = compare_sentence(t, &z.k, f->bits);
	if (z.r.exact_wrap && z.r.offline)
		z.proven = xasprintf("minimal mod 2^%lu: no graph of %u by "
		                     "tools/mcm5, doc/mcm5.md", f->bits,
		                     z.r.lb_wrap - 1);
	else if (z.r.exact_wrap)
		z.proven = xasprintf("minimal mod 2^%lu", f->bits);
	else if (z.r.exact)
		z.proven = xstrdup("minimal over the integers");
	if (a->emit) {
		char *src = mcm_emit_c(&z.g, f->hex);
		out_c_source(c->out, src);
		free(src);
	}
	cli_result(c, a->json && !a->emit, optimal_json(f, &z));
	if (!a->json && !a->emit)
		optimal_text(c->out, f, &z);
	free(z.sentence);
	free(z.proven);
	return CFX_EXIT_OK;
}

int cmd_naf_shifts(cmd_ctx *c, cli_args *a)
{
	form f;
	sas_prog pr;
	size_t i;

	if (form_get(c, a, a->emit || a->optimal ? WORD_MAX_HASH : WORD_MAX_BITS,
	             &f) < 0) {
		form_free(&f);
		return CFX_EXIT_USAGE;
	}
	if (a->optimal) {
		int rc = shifts_optimal(c, a, &f);
		form_free(&f);
		return rc;
	}
	sas_of(&pr, &f.naf);
	if (a->emit) {
		char *src = sas_emit_c(&pr, f.hex, f.sum);
		out_c_source(c->out, src);
		free(src);
	}
	{
		json_t *o = json_object(), *steps = json_array();
		for (i = 0; i < pr.n; i++)
			json_array_append_new(steps, json_pack("{s:I,s:s}", "shift",
			                      (json_int_t)pr.s[i].shift, "op",
			                      sas_op_name(pr.s[i].op)));
		json_object_set_new(o, "value", out_jz(f.p));
		json_object_set_new(o, "bits", json_integer((json_int_t)f.bits));
		json_object_set_new(o, "power_sum", json_string(f.sum));
		json_object_set_new(o, "steps", steps);
		sas_cost cost = sas_count(&pr);
		json_object_set_new(o, "adds", json_integer((json_int_t)cost.adds));
		json_object_set_new(o, "subs", json_integer((json_int_t)cost.subs));
		json_object_set_new(o, "shifts", json_integer((json_int_t)cost.shifts));
		json_object_set_new(o, "negations", json_integer((json_int_t)cost.negs));
		if (f.bits <= WORD_MAX_HASH) {
			char *code = sas_emit_c(&pr, f.hex, f.sum);
			json_object_set_new(o, "c_code", json_string(code));
			free(code);
		}
		cli_result(c, a->json && !a->emit, o);
	}
	if (!a->json && !a->emit) {
		char *body = sas_emit_body(&pr, "    ");
		char *t = xasprintf("%s = ", f.hex), cost[96];

		out_sum(c->out, t, f.sum, out_width());
		free(t);
		t = xasprintf("x * %s mod 2^%lu:", f.hex, f.bits);
		out_line(c->out, t, "    ");
		free(t);
		fprintf(c->out, "    n = x;\n%s", body);
		t = xasprintf("%s (instead of one multiply)",
		              sas_cost_text(&pr, 0, cost, sizeof cost));
		out_line(c->out, t, "    ");
		free(t);
		free(body);
	}
	sas_clear(&pr);
	form_free(&f);
	return CFX_EXIT_OK;
}
