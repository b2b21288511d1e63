/* cmd_naf.c - `cfx naf` and `cfx shifts`: signed-digit forms and the
 * shift/add sequence derived from them. */
#include <stdlib.h>
#include <string.h>

#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/sas.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"

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
	prime = ex_isprime(f.p);
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
		gmp_fprintf(c->out, "value      %s = %Zd (%lu-bit, %s%s)\n", f.hex,
		            f.p, f.bits, mpz_odd_p(f.p) ? "odd" : "even",
		            prime == 2 ? ", prime" : prime ? ", probable prime" : "");
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
		out_sum(c->out, "power sum  ", f.sum, OUT_WIDTH);
		if (f.naf.wrapped)
			fprintf(c->out, "           (mod 2^%lu: the NAF's 2^%lu "
			        "term wraps to 0)\n", f.bits, f.bits);
		free(bin);
	}
	form_free(&f);
	return CFX_EXIT_OK;
}

int cmd_shifts(cmd_ctx *c, cli_args *a)
{
	form f;
	sas_prog pr;
	size_t i;

	if (form_get(c, a, a->emit ? WORD_MAX_HASH : WORD_MAX_BITS,
	             &f) < 0) {
		form_free(&f);
		return CFX_EXIT_USAGE;
	}
	sas_of(&pr, &f.naf);
	if (a->emit) {
		char *src = sas_emit_c(&pr, f.hex, f.sum);
		fputs(src, c->out);
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
		{
			char label[80];
			snprintf(label, sizeof label, "%s = ", f.hex);
			out_sum(c->out, label, f.sum, OUT_WIDTH);
		}
		fprintf(c->out, "x * %s mod 2^%lu:\n    n = x;\n%s", f.hex, f.bits,
		        body);
		char cost[96];

		fprintf(c->out, "%s (instead of one multiply)\n",
		        sas_cost_text(&pr, 0, cost, sizeof cost));
		free(body);
	}
	sas_clear(&pr);
	form_free(&f);
	return CFX_EXIT_OK;
}
