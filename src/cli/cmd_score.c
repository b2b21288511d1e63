/* cmd_score.c - `cfx score` and `cfx sweep`: bucket uniformity. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/keys.h"
#include "cfx/mem.h"
#include "cfx/score.h"
#include "cfx/sweep.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/xalloc.h"

/* Word, multiplier and table size common to both commands. */
typedef struct setup {
	uint64_t p;
	unsigned bits, b;
	char *hex;
	int even;
} setup;

static int setup_get(cmd_ctx *c, cli_args *a, setup *s)
{
	mpz_t pz;
	unsigned long bits;

	s->hex = NULL;
	mpz_init(pz);
	if (cli_multiplier(c, a, WORD_MAX_HASH, pz, &bits) < 0) {
		mpz_clear(pz);
		return -1;
	}
	s->p = mpz_get_ui(pz);
	s->bits = (unsigned)bits;
	s->hex = word_hex(pz, bits);
	s->even = mpz_even_p(pz);
	mpz_clear(pz);
	if (a->table_bits &&
	    score_table_check(a->table_bits, s->bits, &c->err) < 0) {
		free(s->hex);
		return -1;
	}
	s->b = a->table_bits ? (unsigned)a->table_bits
	       : score_default_table(s->bits);
	if (s->b == 0)
		s->b = 1;
	return 0;
}

/* The verdict line: score's word, its JSON value, and what it judges
 * beside verify (one key family here, a battery there), filled under
 * its column; the word painted on a terminal. */
static void verdict_text(FILE *f, score_verdict v, size_t keys)
{
	const char *name = score_verdict_name(v);
	char *t;

	if (v == SCORE_NONE)
		t = xasprintf(": %zu distinct key%s too few to judge (at least %d; "
		              "\"%s\" in JSON)", keys, keys == 1 ? " is" : "s are",
		              SCORE_MIN_KEYS, score_verdict_json(v));
	else
		t = xasprintf(" (\"%s\" in JSON): one key family; cfx verify "
		              "judges a battery", score_verdict_json(v));
	out_fill_word(f, "verdict    ", name, t, "           ");
	free(t);
}

static void verdict_json(json_t *o, const score_result *r)
{
	json_object_set_new(o, "keys", json_integer((json_int_t)r->keys));
	json_object_set_new(o, "buckets", json_integer((json_int_t)r->buckets));
	json_object_set_new(o, "chi2", out_jreal(r->chi2));
	json_object_set_new(o, "dof", out_jreal(r->dof));
	json_object_set_new(o, "p_value", out_jreal(r->p_value));
	json_object_set_new(o, "max_load", json_integer((json_int_t)r->max_load));
	json_object_set_new(o, "empty", json_integer((json_int_t)r->empty));
	json_object_set_new(o, "expected_load", out_jreal(r->expected_load));
	json_object_set_new(o, "probe_ratio", out_jreal(r->probe_ratio));
	json_object_set_new(o, "verdict",
	                    json_string(score_verdict_json(r->verdict)));
}

json_t *cmd_score_json(const char *hex, unsigned bits, unsigned b,
                   const char *family, size_t made, const score_result *r,
                   int even)
{
	json_t *o = json_object();

	json_object_set_new(o, "multiplier", json_string(hex));
	json_object_set_new(o, "bits", json_integer(bits));
	json_object_set_new(o, "table_bits", json_integer(b));
	json_object_set_new(o, "family", json_string(family));
	json_object_set_new(o, "keys_made", json_integer((json_int_t)made));
	verdict_json(o, r);
	json_object_set_new(o, "even_multiplier", json_boolean(even));
	return o;
}

/* Progress on a terminal (stderr) for score's keys and the sweep's rows,
 * out_progress's line; Ctrl-C stops either.  drawn: the line is to be
 * cleared after. */
typedef struct progress_ctx {
	cmd_ctx *c;
	const char *label, *unit;
	int drawn;
} progress_ctx;

static int progress_draw(progress_ctx *pc, size_t done, size_t total,
                         const char *note)
{
	if (pc->c->progress) {
		out_progress_note(pc->label, done, total, pc->unit, -1, note);
		pc->drawn = 1;
	}
	return pc->c->stop && *pc->c->stop;
}

static void progress_end(const progress_ctx *pc)
{
	if (pc->drawn)
		out_progress_end();
}

/* keys_make's: 2^26 random keys take seconds. */
static int keys_drawn(void *ctx, size_t done, size_t total)
{
	return progress_draw(ctx, done, total,
	                     done == total ? "removing repeats" : NULL);
}

/* keys_make with that progress, the line cleared after. */
static int make_keys(cmd_ctx *c, keys_set *set, const keys_spec *ks,
                     unsigned bits, size_t count)
{
	progress_ctx pc = { c, "score", "keys", 0 };
	int rc = keys_make_watched(set, ks, bits, count, keys_drawn, &pc,
	                           c->stop, &c->err);

	progress_end(&pc);
	return rc;
}

static const char even_note[] =
	"multiplier is even: not invertible mod 2^n, the low bit of every\n"
	"           product is 0 and keys x and x + 2^(n-1) always collide";

int cmd_score(cmd_ctx *c, cli_args *a)
{
	setup s;
	keys_spec ks;
	keys_set set;
	score_result r;
	size_t count;
	char *desc;
	char g1[32], g2[32];
	uint64_t k0, step;

	if (setup_get(c, a, &s) < 0)
		return CFX_EXIT_USAGE;
	if (cli_keys_parse(&ks, a->keys ? a->keys : "seq", &c->err) < 0) {
		if (a->own_keys)            /* on this line: the REPL's caret */
			c->err.arg = a->keys_arg;
		free(s.hex);
		return CFX_EXIT_USAGE;
	}
	count = a->count ? (size_t)a->count
	        : keys_generated(&ks)
	          ? (size_t)score_default_count(s.b, keys_space_bits(&ks, s.bits))
	          : 0;
	if (keys_progression(&ks, s.bits, count, &k0, &step)) {
		/* seq and stride keys are hashed as they are made: no array */
		size_t tb = ((size_t)1 << s.b) * sizeof (uint32_t);
		uint32_t *loads = mem_check(tb, "the bucket table", &c->err) < 0
		                  ? NULL : mem_big(tb, 0);
		if (!loads) {
			if (c->err.code == CFX_OK)
				mem_fail(tb, "the bucket table", &c->err);
			if (a->table_list)
				cfx_err_retoken(&c->err, a->table_list);
			keys_spec_free(&ks);
			free(s.hex);
			return CFX_EXIT_USAGE;
		}
		score_count_progression(k0 * s.p, step * s.p, count, s.bits, s.b,
		                        loads);
		score_stats(loads, s.b, count, &r);
		free(loads);
		memset(&set, 0, sizeof set);
		set.n = set.made = count;
	} else if (make_keys(c, &set, &ks, s.bits, count) < 0) {
		cli_limit_token(c, a);
		keys_spec_free(&ks);
		free(s.hex);
		return CFX_EXIT_USAGE;
	} else if (mem_check(((size_t)1 << s.b) * sizeof (uint32_t),
	                     "the bucket table", &c->err) < 0 ||
	           score_keys(set.k, set.n, s.p, s.bits, s.b, NULL, &r) < 0) {
		if (c->err.code == CFX_OK)
			mem_fail(((size_t)1 << s.b) * sizeof (uint32_t),
			         "the bucket table", &c->err);
		keys_free(&set);
		keys_spec_free(&ks);
		free(s.hex);
		return CFX_EXIT_USAGE;
	}
	/* Ctrl-C while counting (which does not poll): stopped like the
	 * keys' making and sweep, not a result */
	if (c->stop && *c->stop) {
		cfx_err_set(&c->err, CFX_EINTR, -1, NULL, "interrupted");
		keys_free(&set);
		keys_spec_free(&ks);
		free(s.hex);
		return CFX_EXIT_USAGE;
	}
	desc = keys_describe(&ks);
	{
		json_t *o = cmd_score_json(s.hex, s.bits, s.b, desc, set.made, &r,
		                       s.even);
		json_object_set_new(o, "covers_word", json_boolean(
			keys_cover_word(&ks, s.bits, count)));
		cli_result(c, a->json, o);
	}
	if (!a->json) {
		fprintf(c->out, "hash       h(x) = (x * %s mod 2^%u) >> %u: 2^%u "
		        "buckets\n", s.hex, s.bits, s.bits - s.b, s.b);
		fprintf(c->out, "keys       %s: %zu distinct (%zu made)\n", desc,
		        set.n, set.made);
		fprintf(c->out, "loads      max %llu, empty %llu, expected %s per "
		        "bucket\n", (unsigned long long)r.max_load,
		        (unsigned long long)r.empty,
		        out_g(g1, sizeof g1, r.expected_load, 4));
		fprintf(c->out, "chi^2      %s on %.0f degrees of freedom, p-value "
		        "%s\n", out_g(g1, sizeof g1, r.chi2, 6), r.dof,
		        out_g(g2, sizeof g2, r.p_value, 3));
		fprintf(c->out, "R          %s (lookup cost relative to a random "
		        "hash; below 1 is better)\n",
		        out_g(g1, sizeof g1, r.probe_ratio, 4));
		verdict_text(c->out, r.verdict, set.n);
		if (s.even)
			fprintf(c->out, "note       %s\n", even_note);
		if (!s.even && keys_cover_word(&ks, s.bits, count)) {
			char note[256];
			out_fill(c->out, out_cover_note(note, sizeof note, &ks, s.bits),
			         out_width(), "note       ", "           ", " ");
		}
	}
	free(desc);
	keys_free(&set);
	keys_spec_free(&ks);
	free(s.hex);
	return CFX_EXIT_OK;
}

/* ---- sweep ----------------------------------------------------------- */

static int progress(void *ctx, unsigned done, unsigned total)
{
	return progress_draw(ctx, done, total, NULL);
}

static char *quotient_text(mpz_srcptr z)
{
	return mpz_get_str(NULL, 10, z);
}

/* sweep's text: the table (its max column as wide as its widest value),
 * the legend and the worst stride. */
static void sweep_text(cmd_ctx *c, const setup *s, const sweep_result *res,
                       size_t count)
{
	unsigned i;
	char g[4][32], paint[32];
	const sweep_row *w = &res->rows[res->worst];
	char *big, *qw;
	int wm = 5, cut = 0, room;

	/* the max column as wide as its widest value; the note of
	 * a_k after the verdict in what the width leaves (the
	 * dashboard's pane, else 80): a quotient too wide for it is
	 * rounded, "a_1 ~ 9.2234e+18" (the worst line below and
	 * --json give every digit), else put on a line of its own */
	for (i = 0; i < s->bits; i++) {
		int d = snprintf(NULL, 0, " %llu", (unsigned long long)
		                 res->rows[i].score.max_load);
		if (d > wm)
			wm = d;
	}
	room = out_width() - (2 + 1 + 10 + 1 + 11 + 1 + 9 + wm + 1 + 9 +
	                      2 + 7 + 2);
	fprintf(c->out, "sweep      %s (%u-bit), 2^%u buckets, keys k*2^s, "
	        "k < %zu\n\n", s->hex, s->bits, s->b, count);
	fprintf(c->out, " s       keys       chi^2   p-value%*s         R"
	        "  verdict  largest a_k\n", wm, "max");
	for (i = 0; i < s->bits; i++) {
		const sweep_row *row = &res->rows[i];
		char *q = quotient_text(row->big), qa[64];
		int own = 0;
		if (row->big_index) {
			snprintf(qa, sizeof qa, "a_%zu = %s", row->big_index, q);
			if ((int)strlen(qa) > room) {
				out_g(g[3], sizeof g[3], mpz_get_d(row->big), 5);
				snprintf(qa, sizeof qa, "a_%zu ~ %s",
				         row->big_index, g[3]);
				cut = 1;
			}
			own = (int)strlen(qa) > room;
		} else {
			snprintf(qa, sizeof qa, "-");
		}
		const char *vn = score_verdict_name(row->score.verdict);
		fprintf(c->out, "%2u %10zu %11s %9s%*llu %9s  %s%*s%s%s\n",
		        row->shift, row->score.keys,
		        out_g(g[0], sizeof g[0], row->score.chi2, 5),
		        out_g(g[1], sizeof g[1], row->score.p_value, 2),
		        wm, (unsigned long long)row->score.max_load,
		        out_g(g[2], sizeof g[2], row->score.probe_ratio, 4),
		        out_paint(c->out, vn, paint, sizeof paint),
		        7 - (int)strlen(vn), "", own ? "\n     " : "  ",
		        qa);
		free(q);
	}
	if (cut)
		out_fill(c->out, "a_k ~ x: too wide for the column, "
		         "rounded (every digit in --json)", out_width(),
		         "\nlargest    ", "           ", " ");
	/* the verdicts as score's line says them: the word, then the
	 * one JSON says (the column's words, then the worst's) */
	big = quotient_text(w->big);
	fprintf(c->out, "\n");
	out_fill(c->out, "good, weak, bad, none: \"PASS\", "
	         "\"WARN\", \"FAIL\", \"INFO\" in JSON", out_width(),
	         "verdict    ", "           ", " ");
	qw = xasprintf("s = %u: R = %s, %s (\"%s\" in JSON); there "
	    "the hash acts like p mod 2^%u%s%.0zu%s%s", w->shift,
	    out_g(g[3], sizeof g[3], w->score.probe_ratio, 4),
	    score_verdict_name(w->score.verdict),
	    score_verdict_json(w->score.verdict), s->bits - w->shift,
	    w->big_index ? ", whose fraction has a_" : "",
	    w->big_index, w->big_index ? " = " : "",
	    w->big_index ? big : "");
	out_fill(c->out, qw, out_width(), "worst      ", "           ",
	         " ");
	free(qw);
	free(big);
	if (s->even)
		fprintf(c->out, "note       %s\n", even_note);
}

int cmd_score_sweep(cmd_ctx *c, cli_args *a)
{
	setup s;
	sweep_result res;
	progress_ctx pc = { c, "sweep", "strides", 0 };
	size_t count;
	unsigned i;
	int rc;

	if (setup_get(c, a, &s) < 0)
		return CFX_EXIT_USAGE;
	count = a->count ? (size_t)a->count : (size_t)4 << s.b;
	if (keys_count_check(count, &c->err) < 0 ||
	    mem_check(count * sizeof (uint64_t) + (sizeof (uint32_t) << s.b),
	              "the sweep", &c->err) < 0) {
		if (count > KEYS_MAX)
			cfx_err_retoken(&c->err, a->count_text);
		else
			cli_limit_token(c, a);
		free(s.hex);
		return CFX_EXIT_USAGE;
	}
	rc = sweep_run(&res, s.p, s.bits, s.b, count, progress, &pc, &c->err);
	progress_end(&pc);
	if (rc < 0) {
		sweep_free(&res);
		free(s.hex);
		return CFX_EXIT_USAGE;
	}
	{
		json_t *o = json_object(), *rows = json_array();
		json_object_set_new(o, "multiplier", json_string(s.hex));
		json_object_set_new(o, "bits", json_integer(s.bits));
		json_object_set_new(o, "table_bits", json_integer(s.b));
		json_object_set_new(o, "count", json_integer((json_int_t)count));
		for (i = 0; i < s.bits; i++) {
			const sweep_row *row = &res.rows[i];
			json_t *r = json_object(), *eq = json_array();
			size_t k;
			json_object_set_new(r, "shift", json_integer(row->shift));
			verdict_json(r, &row->score);
			json_object_del(r, "buckets");
			json_object_del(r, "dof");
			json_object_del(r, "expected_load");
			for (k = 0; k < row->nterms; k++)
				json_array_append_new(eq, out_jz(row->terms[k]));
			json_object_set_new(r, "effective_multiplier",
			                    out_ju64(row->effective));
			json_object_set_new(r, "effective_quotients", eq);
			json_object_set_new(r, "effective_terms",
			                    json_integer((json_int_t)row->total_terms));
			json_object_set_new(r, "largest_early_quotient",
			                    out_jz(row->big));
			json_object_set_new(r, "largest_early_index",
			                    json_integer((json_int_t)row->big_index));
			json_array_append_new(rows, r);
		}
		json_object_set_new(o, "rows", rows);
		json_object_set_new(o, "worst_shift", json_integer(res.worst));
		json_object_set_new(o, "even_multiplier", json_boolean(s.even));
		cli_result(c, a->json, o);
	}
	if (!a->json)
		sweep_text(c, &s, &res, count);
	sweep_free(&res);
	free(s.hex);
	return CFX_EXIT_OK;
}
