/*
 * cmd_verify.c - `cfx verify`: a verdict on a multiplier, with evidence,
 * as a mail-ready report (72 columns), JSON, or a kernel-style patch.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/constant.h"
#include "cfx/cf.h"
#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/sas.h"
#include "cfx/sweep.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/ccheck.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/xalloc.h"

#define REPORT_WIDTH 72
#define EARLY_BITS 23        /* the battery hashes up to 2^23 keys */

/* One row of the report. */
typedef struct check {
	char name[32];
	vfy_status status;
	char detail[320];
	json_t *extra;           /* numbers for JSON, owned */
} check;

/* Everything known about one constant. */
typedef struct subject {
	mpz_t p;
	uint64_t p64;
	unsigned long bits;
	char *hex, *sum, *code, *cftext;
	naf_form naf;
	sas_prog prog;
	cf_seq cf;
	cf_golden golden;
	size_t early_k;          /* largest early quotient: index and value */
	mpz_t early;
	vfy_battery bt;
	check *checks;
	size_t nchecks, nfail, nwarn;
} subject;

/* ---- progress --------------------------------------------------------- */

typedef struct prog_ctx {
	cmd_ctx *c;
	const char *label;
	int drawn;
} prog_ctx;

static int progress(void *ctx, size_t done, size_t total)
{
	prog_ctx *pc = ctx;

	if (pc->c->progress) {
		int w = 30, fill = (int)(done * (size_t)w / total), i;
		fprintf(stderr, "\r%s [", pc->label);
		for (i = 0; i < w; i++)
			fputc(i < fill ? '#' : '.', stderr);
		fprintf(stderr, "] %zu/%zu families", done, total);
		pc->drawn = 1;
	}
	return pc->c->stop && *pc->c->stop;
}

/* ---- building the subject --------------------------------------------- */

static int parse_tables(cmd_ctx *c, const cli_args *a, unsigned bits,
                        unsigned *t, size_t *n)
{
	const char *s = a->table_list;
	int used[65] = { 0 };
	unsigned b;

	if (!s) {
		*n = vfy_default_tables(bits, t);
		return 0;
	}
	*n = 0;
	while (*s) {
		char *end;
		unsigned long lo = strtoul(s, &end, 10), hi = lo;

		if (end == s || !isdigit((unsigned char)*s))
			goto bad;
		if (*end == '-') {
			s = end + 1;
			hi = strtoul(s, &end, 10);
			if (end == s || !isdigit((unsigned char)*s))
				goto bad;
		}
		if (lo < 1 || hi < lo || hi > bits || hi > 24) {
			cfx_err_set(&c->err, CFX_EDOMAIN, -1, a->table_list,
			            "table bits must lie in 1..%u", bits < 24 ? bits
			            : 24);
			c->err.arg = a->table_arg;
			return -1;
		}
		for (b = (unsigned)lo; b <= hi; b++)
			if (!used[b] && *n < VFY_MAX_TABLES) {
				used[b] = 1;
				t[(*n)++] = b;
			}
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			goto bad;
	}
	if (*n)
		return 0;
bad:
	cfx_err_set(&c->err, CFX_ESYNTAX, -1, a->table_list,
	            "--table-bits takes a list like 8,12,16 or 4-20");
	c->err.arg = a->table_arg;
	return -1;
}

static void subject_init(subject *s)
{
	memset(s, 0, sizeof *s);
	mpz_init(s->p);
	mpz_init(s->early);
	cf_init(&s->cf);
}

static void subject_free(subject *s)
{
	size_t i;

	for (i = 0; i < s->nchecks; i++)
		json_decref(s->checks[i].extra);
	free(s->checks);
	free(s->hex);
	free(s->sum);
	free(s->code);
	free(s->cftext);
	naf_clear(&s->naf);
	sas_clear(&s->prog);
	cf_clear(&s->cf);
	vfy_free(&s->bt);
	mpz_clear(s->p);
	mpz_clear(s->early);
}

static check *add_check(subject *s, const char *name, vfy_status st)
{
	check *k;

	s->checks = xrealloc(s->checks, (s->nchecks + 1) * sizeof *s->checks,
	                     "checks");
	k = &s->checks[s->nchecks++];
	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "%s", name);
	k->status = st;
	k->extra = json_object();
	s->nfail += st == VFY_FAIL;
	s->nwarn += st == VFY_WARN;
	return k;
}

/* The fixed-form checks: odd, prime, continued fraction, shift/add. */
static void form_checks(subject *s, const ccheck_state *cc, int cc_started)
{
	check *k;
	int prime = ex_isprime(s->p);
	size_t w = naf_weight(&s->naf);
	unsigned long i, bad = 0;
	char cost[96];
	uint64_t x = 0x243f6a8885a308d3ULL, mask = word_mask((unsigned)s->bits);

	k = add_check(s, "odd", mpz_odd_p(s->p) ? VFY_PASS : VFY_FAIL);
	snprintf(k->detail, sizeof k->detail, mpz_odd_p(s->p)
	         ? "invertible mod 2^%lu" : "even: not invertible mod 2^%lu, "
	         "half the buckets can never be hit", s->bits);

	k = add_check(s, "prime", VFY_INFO);
	snprintf(k->detail, sizeof k->detail, "%s; Knuth asks only for odd",
	         prime == 2 ? "prime" : prime ? "probably prime" : "not prime");
	json_object_set_new(k->extra, "prime", json_boolean(prime != 0));

	k = add_check(s, "continued fraction",
	              mpz_cmp_ui(s->early, VFY_QUOTIENT_WARN) >= 0 ? VFY_WARN
	              : VFY_PASS);
	if (s->early_k)
		gmp_snprintf(k->detail, sizeof k->detail, "golden prefix %ld; largest "
		             "early quotient a_%zu = %Zd", s->golden.prefix,
		             s->early_k, s->early);
	else
		snprintf(k->detail, sizeof k->detail, "golden prefix %ld",
		         s->golden.prefix);
	json_object_set_new(k->extra, "golden_prefix",
	                    json_integer(s->golden.prefix));
	json_object_set_new(k->extra, "largest_early_index",
	                    json_integer((json_int_t)s->early_k));
	json_object_set_new(k->extra, "largest_early_quotient", out_jz(s->early));

	/* the evaluator always; the compiler too when there is one */
	for (i = 0; i < CCHECK_INPUTS; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		bad += sas_eval(&s->prog, x) != ((x * s->p64) & mask);
	}
	k = add_check(s, "shift/add", bad || (cc->ran && !cc->ok) ? VFY_FAIL
	              : VFY_PASS);
	snprintf(k->detail, sizeof k->detail, "NAF weight %zu: %s; %s", w,
	         sas_cost_text(&s->prog, 1, cost, sizeof cost), cc_started || cc->ran ? cc->msg
	         : "evaluator agrees on 2^20 inputs (no compiler)");
	if (bad)
		snprintf(k->detail, sizeof k->detail, "the evaluator disagrees with "
		         "x * p on %lu of %lu inputs (a bug)", bad,
		         CCHECK_INPUTS);
	json_object_set_new(k->extra, "naf_weight", json_integer((json_int_t)w));
	json_object_set_new(k->extra, "compiled", json_boolean(cc->ran));
	json_object_set_new(k->extra, "inputs", json_integer(cc->ran
	                    ? (json_int_t)cc->inputs
	                    : (json_int_t)CCHECK_INPUTS));
}

static void family_checks(subject *s)
{
	size_t i;

	for (i = 0; i < s->bt.nfam; i++) {
		const vfy_family *f = &s->bt.fam[i];
		const vfy_cell *w = &f->cells[f->worst];
		check *k = add_check(s, f->name, f->status);
		char r[32], m[32];

		if (!f->ncells) {
			snprintf(k->detail, sizeof k->detail, "only %zu distinct keys: "
			         "too few to test", f->keys_avail);
			continue;
		}
		snprintf(k->detail, sizeof k->detail, "mean R %s, worst %s (b=%u)",
		         out_g(m, sizeof m, f->mean_ratio, 3),
		         out_g(r, sizeof r, w->sc.probe_ratio, 3), w->b);
		json_object_set_new(k->extra, "mean_probe_ratio",
		                    out_jreal(f->mean_ratio));
		json_object_set_new(k->extra, "probe_ratio",
		                    out_jreal(w->sc.probe_ratio));
		json_object_set_new(k->extra, "p_value", out_jreal(w->sc.p_value));
		json_object_set_new(k->extra, "table_bits", json_integer(w->b));
		json_object_set_new(k->extra, "keys",
		                    json_integer((json_int_t)w->sc.keys));
	}
}

static int subject_run(cmd_ctx *c, subject *s, const char *src, int arg,
                       unsigned long bits, const unsigned *tables,
                       size_t ntables, const char *label)
{
	ccheck_state cc;
	int started, rc;
	prog_ctx pc = { c, label, 0 };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	s->bits = bits;
	if (constant_eval(src, cli_session_lookup, c->sess, &s->bits,
	                  WORD_MAX_HASH, s->p, &c->err) < 0) {
		c->err.arg = arg;
		return -1;
	}
	s->p64 = mpz_get_ui(s->p);
	s->hex = word_hex(s->p, s->bits);
	naf_of(&s->naf, s->p, s->bits);
	s->sum = naf_power_sum(&s->naf);
	sas_of(&s->prog, &s->naf);
	s->code = sas_emit_c(&s->prog, s->hex, s->sum);
	cf_of_multiplier(&s->cf, s->p, s->bits);
	s->cftext = out_cf_text(&s->cf, s->cf.n);
	s->golden = cf_golden_stats(&s->cf);
	s->early_k = cf_max_early(&s->cf, EARLY_BITS, s->early);

	started = ccheck_start(&cc, s->code, (unsigned)s->bits, s->p64) == 0;
	rc = vfy_run(&s->bt, s->p64, (unsigned)s->bits, tables, ntables,
	             cpus < 1 ? 1 : (int)cpus, progress, &pc, &c->err);
	if (pc.drawn)
		fprintf(stderr, "\r\033[K");
	ccheck_finish(&cc);
	if (rc < 0)
		return -1;
	form_checks(s, &cc, started);
	family_checks(s);
	return 0;
}

/* ---- text report --------------------------------------------------- */

/* Text wrapped to REPORT_WIDTH, every line indented by indent (< 16). */
static void para(FILE *f, int indent, const char *text)
{
	static const char spaces[] = "                ";

	out_fill(f, text, REPORT_WIDTH, spaces + 16 - indent,
	         spaces + 16 - indent, " ");
}

/* The effective multiplier of a family's worst cell and the largest
 * quotient among those that shape its key count. */
typedef struct eff_info {
	int ok;                  /* 0: the family has no shared stride */
	unsigned sft, bits;      /* keys are multiples of 2^sft; n - sft */
	char mult[40];           /* p mod 2^(n-s), hex */
	size_t k;                /* a_k ... */
	char big[48];            /* ... = big */
	char *cf;                /* expansion up to a_k, malloc'd */
} eff_info;

static void effective(const subject *s, const vfy_family *f, eff_info *e)
{
	const vfy_cell *w = &f->cells[f->worst];
	cf_seq cf;
	mpz_t m, big;

	memset(e, 0, sizeof *e);
	if (!vfy_family_shift(f, (unsigned)s->bits, &e->sft) ||
	    !mpz_odd_p(s->p) || !f->ncells)
		return;
	e->ok = 1;
	e->bits = (unsigned)s->bits - e->sft;
	mpz_inits(m, big, NULL);
	cf_init(&cf);
	e->k = sweep_effective(s->p, (unsigned)s->bits, e->sft, w->sc.keys, &cf,
	                       big);
	mpz_fdiv_r_2exp(m, s->p, e->bits);
	gmp_snprintf(e->mult, sizeof e->mult, "0x%Zx", m);
	gmp_snprintf(e->big, sizeof e->big, "%Zd", big);
	e->cf = out_cf_text(&cf, e->k + 2);
	cf_clear(&cf);
	mpz_clears(m, big, NULL);
}

static void example_keys(FILE *f, const vfy_family *fam)
{
	char text[512];
	size_t i, len;

	if (fam->nexample < 2)
		return;
	len = (size_t)snprintf(text, sizeof text, "Keys sharing bucket 0x%llx:",
	                       (unsigned long long)fam->example_bucket);
	for (i = 0; i < fam->nexample; i++)
		len += (size_t)snprintf(text + len, sizeof text - len, " 0x%llx",
		                        (unsigned long long)fam->example[i]);
	if (fam->cells[fam->worst].sc.max_load > fam->nexample)
		snprintf(text + len, sizeof text - len, " ...");
	para(f, 2, text);
}

/* A FAIL, explained in full. */
static void explain_fail(FILE *f, const subject *s, const vfy_family *fam)
{
	const vfy_cell *w = &fam->cells[fam->worst];
	char text[1024], r[32], m[32];
	eff_info e;

	snprintf(text, sizeof text, "%s: FAIL.  Lookups cost %s times a random "
	         "hash's on average over %zu table sizes and loads; at worst R "
	         "= %s (b = %u, %zu keys, max load %llu where %.3g is expected).",
	         fam->name, out_g(m, sizeof m, fam->mean_ratio, 3), fam->ncells,
	         out_g(r, sizeof r, w->sc.probe_ratio, 4), w->b, w->sc.keys,
	         (unsigned long long)w->sc.max_load, w->sc.expected_load);
	para(f, 0, text);
	effective(s, fam, &e);
	if (!mpz_odd_p(s->p)) {
		para(f, 2, "The multiplier is even, so products keep the keys' "
		     "trailing zero bits and part of the table is never used.");
	} else if (e.ok && e.sft) {
		snprintf(text, sizeof text, "For keys that are multiples of 2^%u the "
		         "hash acts like the multiplier p mod 2^%u = %s on %u bits. "
		         "Its continued fraction %s has a_%zu = %s among the "
		         "quotients that shape this many points, so the products "
		         "crowd into few buckets.", e.sft, e.bits, e.mult, e.bits,
		         e.cf, e.k, e.big);
		para(f, 2, text);
	} else if (e.ok) {
		snprintf(text, sizeof text, "The continued fraction of p/2^%u, %s, "
		         "has a_%zu = %s among the quotients that shape this many "
		         "points, so the products crowd into few buckets.", e.bits,
		         e.cf, e.k, e.big);
		para(f, 2, text);
	} else {
		para(f, 2, fam->kind == VFY_SPARSE
		     ? "These keys vary on a few scattered bits only, and their "
		       "products do not spread over the table."
		     : "Random keys collide more than under a random hash: the "
		       "multiplier loses input bits.");
	}
	free(e.cf);
	example_keys(f, fam);
}

static const char *pstr(char *buf, size_t n, double p)
{
	if (p < 1e-300)
		snprintf(buf, n, "< 1e-300");
	else
		snprintf(buf, n, "%.2g", p);
	return buf;
}

/* A WARN with R >= 2 somewhere, in a line or two. */
static void explain_warn(FILE *f, const subject *s, const vfy_family *fam)
{
	const vfy_cell *w = &fam->cells[fam->worst];
	char text[512], r[32];
	eff_info e;
	int n;

	effective(s, fam, &e);
	n = snprintf(text, sizeof text, "%s: R = %s at b = %u with %zu keys "
	             "(max load %llu)", fam->name,
	             out_g(r, sizeof r, w->sc.probe_ratio, 3), w->b, w->sc.keys,
	             (unsigned long long)w->sc.max_load);
	if (e.ok && e.sft)
		snprintf(text + n, sizeof text - (size_t)n, "; p mod 2^%u = %s has "
		         "a_%zu = %s.", e.bits, e.mult, e.k, e.big);
	else if (e.ok)
		snprintf(text + n, sizeof text - (size_t)n, "; p/2^%u has a_%zu = %s.",
		         e.bits, e.k, e.big);
	else
		snprintf(text + n, sizeof text - (size_t)n, ".");
	free(e.cf);
	para(f, 0, text);
}

/* WARNs that are only small significant excesses, one line for a run. */
static void explain_small(FILE *f, const vfy_family *fam, size_t n)
{
	char text[512], r[32], pv[32];
	size_t i, m = 0;

	for (i = 1; i < n; i++)
		if (fam[i].cells[fam[i].worst].sc.probe_ratio >
		    fam[m].cells[fam[m].worst].sc.probe_ratio)
			m = i;
	if (n == 1)
		snprintf(text, sizeof text, "%s: a small but significant excess of "
		         "collisions, R = %s (p %s%s) at b = %u with %zu keys.",
		         fam[0].name, out_g(r, sizeof r,
		         fam[0].cells[fam[0].worst].sc.probe_ratio, 4),
		         fam[0].cells[fam[0].worst].sc.p_value < 1e-300 ? "" : "= ",
		         pstr(pv, sizeof pv, fam[0].cells[fam[0].worst].sc.p_value),
		         fam[0].cells[fam[0].worst].b, fam[0].cells[fam[0].worst].sc.keys);
	else
		snprintf(text, sizeof text, "%s .. %s: small but significant excesses "
		         "of collisions, R at most %s (%s, b = %u).", fam[0].name,
		         fam[n - 1].name, out_g(r, sizeof r,
		         fam[m].cells[fam[m].worst].sc.probe_ratio, 4), fam[m].name,
		         fam[m].cells[fam[m].worst].b);
	para(f, 0, text);
}

static int small_warn(const vfy_family *fam)
{
	return fam->status == VFY_WARN &&
	       fam->cells[fam->worst].sc.probe_ratio < SCORE_BAD_R;
}

/* Is this check a stride row (they are folded into runs in the table)? */
static int stride_of(const subject *s, size_t i, unsigned *sft)
{
	size_t off = s->nchecks - s->bt.nfam;

	if (i < off || s->bt.fam[i - off].kind != VFY_STRIDE)
		return 0;
	*sft = s->bt.fam[i - off].arg;
	return 1;
}

/* One row: name, status and evidence wrapped under itself. */
static void row(FILE *f, const char *name, const char *status,
                const char *evidence)
{
	char head[64];

	snprintf(head, sizeof head, "%-22s %-6s ", name, status);
	out_fill(f, evidence, REPORT_WIDTH, head, "                             "
	         " ", " ");
}

static double check_ratio(const check *k)
{
	json_t *v = json_object_get(k->extra, "mean_probe_ratio");
	return v ? json_real_value(v) : 0;
}

static void table(FILE *f, const subject *s, const subject *ref)
{
	size_t i, j, t, m;
	char name[40], ev[400], a[40], b[40], r1[16], r2[16];

	if (ref)
		fprintf(f, "%-22s %-22s %s\n", "check", "candidate", "reference");
	else
		fprintf(f, "%-22s %-6s %s\n", "check", "status", "evidence");
	for (i = 0; i < s->nchecks; i = j) {
		const check *k = &s->checks[i];
		unsigned s0, s1 = 0;

		/* a run of strides with the same status is one row */
		j = i + 1;
		snprintf(name, sizeof name, "%s", k->name);
		if (stride_of(s, i, &s0)) {
			while (j < s->nchecks && stride_of(s, j, &s1) &&
			       s->checks[j].status == k->status &&
			       (!ref || ref->checks[j].status == ref->checks[i].status))
				j++;
			if (j > i + 1) {
				stride_of(s, j - 1, &s1);
				snprintf(name, sizeof name, "strides 2^%u..2^%u", s0, s1);
			}
		}
		for (m = t = i; t < j; t++)
			if (check_ratio(&s->checks[t]) > check_ratio(&s->checks[m]))
				m = t;
		if (ref) {
			snprintf(a, sizeof a, "%s", vfy_status_name(k->status));
			snprintf(b, sizeof b, "%s",
			         vfy_status_name(ref->checks[i].status));
			if (check_ratio(k) > 0 || j > i + 1) {
				snprintf(a, sizeof a, "%s mean R %s",
				         vfy_status_name(k->status),
				         out_g(r1, sizeof r1, check_ratio(&s->checks[m]), 3));
				snprintf(b, sizeof b, "%s mean R %s",
				         vfy_status_name(ref->checks[i].status),
				         out_g(r2, sizeof r2, check_ratio(&ref->checks[m]),
				               3));
			}
			fprintf(f, "%-22s %-22s %s\n", name, a, b);
			continue;
		}
		if (j > i + 1)
			snprintf(ev, sizeof ev, "worst %s: %s", s->checks[m].name + 7,
			         s->checks[m].detail);
		else
			snprintf(ev, sizeof ev, "%s", k->detail);
		row(f, name, vfy_status_name(k->status), ev);
	}
}

static void summary(FILE *f, const subject *s)
{
	if (s->nfail)
		fprintf(f, "cfx: %s (%lu-bit): FAIL, %zu of %zu checks\n", s->hex,
		        s->bits, s->nfail, s->nchecks);
	else if (s->nwarn)
		fprintf(f, "cfx: %s (%lu-bit): PASS, %zu checks, %zu WARN\n", s->hex,
		        s->bits, s->nchecks, s->nwarn);
	else
		fprintf(f, "cfx: %s (%lu-bit): PASS, %zu checks\n", s->hex, s->bits,
		        s->nchecks);
}

static void report(FILE *f, const subject *s, const subject *ref)
{
	size_t i;
	char text[2048];

	summary(f, s);
	if (ref) {
		fprintf(f, "against ");
		summary(f, ref);
	}
	fputc('\n', f);
	snprintf(text, sizeof text, "%s = %s", s->hex, s->sum);
	para(f, 0, text);
	snprintf(text, sizeof text, "%zu cells: %zu key families, tables "
	         "2^%u..2^%u, 1 to 8 keys per bucket.  R is the cost of looking "
	         "every key up over an ideal random hash's; a family's mean R is "
	         "the geometric mean over its cells.", s->bt.ncells, s->bt.nfam,
	         s->bt.tables[0], s->bt.tables[s->bt.ntables - 1]);
	para(f, 0, text);
	fputc('\n', f);
	table(f, s, ref);
	if (s->nfail) {
		fprintf(f, "\nFAIL\n");
		if (s->checks[0].status == VFY_FAIL)
			para(f, 0, "odd: FAIL.  An even multiplier shares a factor with "
			     "2^n, so the hash is not a bijection.");
		if (s->checks[3].status == VFY_FAIL)
			para(f, 0, s->checks[3].detail);
		for (i = 0; i < s->bt.nfam; i++)
			if (s->bt.fam[i].status == VFY_FAIL)
				explain_fail(f, s, &s->bt.fam[i]);
	}
	if (s->nwarn) {
		fprintf(f, "\nWARN\n");
		if (s->checks[2].status == VFY_WARN) {
			gmp_snprintf(text, sizeof text, "continued fraction: p/2^%lu = %s "
			             "has a_%zu = %Zd early, so some key counts land as "
			             "clustered points.", s->bits, s->cftext, s->early_k,
			             s->early);
			para(f, 0, text);
		}
		for (i = 0; i < s->bt.nfam;) {
			const vfy_family *fam = &s->bt.fam[i];
			size_t j = i + 1;
			if (small_warn(fam)) {
				/* group neighbours of the same kind */
				while (j < s->bt.nfam && small_warn(&s->bt.fam[j]) &&
				       s->bt.fam[j].kind == fam->kind)
					j++;
				explain_small(f, fam, j - i);
			} else if (fam->status == VFY_WARN) {
				explain_warn(f, s, fam);
			}
			i = j;
		}
	}
}

/* ---- JSON ------------------------------------------------------------ */

static json_t *subject_json(const subject *s)
{
	json_t *o = json_object(), *checks = json_array(), *bat = json_array();
	size_t i, j;

	json_object_set_new(o, "value", out_jz(s->p));
	json_object_set_new(o, "hex", json_string(s->hex));
	json_object_set_new(o, "bits", json_integer((json_int_t)s->bits));
	json_object_set_new(o, "verdict", json_string(s->nfail ? "fail" : "pass"));
	json_object_set_new(o, "failed", json_integer((json_int_t)s->nfail));
	json_object_set_new(o, "warned", json_integer((json_int_t)s->nwarn));
	json_object_set_new(o, "power_sum", json_string(s->sum));
	for (i = 0; i < s->nchecks; i++) {
		json_t *k = json_pack("{s:s,s:s,s:s}", "name", s->checks[i].name,
		                      "status", vfy_status_name(s->checks[i].status),
		                      "detail", s->checks[i].detail);
		json_object_update(k, s->checks[i].extra);
		json_array_append_new(checks, k);
	}
	json_object_set_new(o, "checks", checks);
	for (i = 0; i < s->bt.nfam; i++) {
		const vfy_family *f = &s->bt.fam[i];
		json_t *fo = json_pack("{s:s,s:s}", "name", f->name, "status",
		                       vfy_status_name(f->status)), *cells = json_array(),
		       *ex = json_array();
		for (j = 0; j < f->ncells; j++) {
			const vfy_cell *c = &f->cells[j];
			json_array_append_new(cells, json_pack(
				"{s:i,s:i,s:I,s:o,s:o,s:I,s:o,s:s}", "table_bits", c->b,
				"load", c->load, "keys", (json_int_t)c->sc.keys,
				"chi2", out_jreal(c->sc.chi2), "p_value",
				out_jreal(c->sc.p_value), "max_load",
				(json_int_t)c->sc.max_load, "probe_ratio",
				out_jreal(c->sc.probe_ratio), "status",
				vfy_status_name(vfy_judge(&s->bt, &c->sc))));
		}
		for (j = 0; j < f->nexample; j++)
			json_array_append_new(ex, out_ju64(f->example[j]));
		json_object_set_new(fo, "cells", cells);
		json_object_set_new(fo, "colliding_keys", ex);
		json_array_append_new(bat, fo);
	}
	json_object_set_new(o, "battery", bat);
	json_object_set_new(o, "alpha_cell", json_real(s->bt.alpha_cell));
	return o;
}

/* ---- patch ----------------------------------------------------------- */

/* Words of text in a C comment: " * " lines of at most 72 columns. */
static void comment(FILE *f, const char *text)
{
	out_fill(f, text, REPORT_WIDTH, " * ", " * ", " ");
}

static void patch(FILE *f, const subject *s)
{
	unsigned t = s->bits <= 8 ? 8 : s->bits <= 16 ? 16 : s->bits <= 32 ? 32
	             : 64;
	const char *ty = t == 64 ? "u64" : t == 32 ? "u32" : t == 16 ? "u16"
	                 : "u8";
	char *text, *q, cost[96];
	size_t i, len = 0, cap = 64 + 24 * s->cf.n;

	/* the expansion written out in full, as the 2002 patch did */
	q = xmalloc(cap, "expansion text");
	for (i = 0; i < s->cf.n; i++) {
		char *d = mpz_get_str(NULL, 10, s->cf.a[i]);
		len += (size_t)snprintf(q + len, cap - len, "%s%s", i ? ", " : "", d);
		free(d);
	}
	fprintf(f, "/*\n");
	text = xasprintf("%s / 2^%lu has the continued fraction expansion "
	                 "%s: its golden prefix (the run of 1s that tracks 1/phi) "
	                 "is %ld.", s->hex, s->bits, q, s->golden.prefix);
	comment(f, text);
	free(text);
	free(q);
	fprintf(f, " *\n");
	text = xasprintf("It is %s, so the multiply can be %s.", s->sum,
	                 sas_cost_text(&s->prog, 0, cost, sizeof cost));
	comment(f, text);
	free(text);
	fprintf(f, " *\n");
	text = xasprintf("cfx verify: %s on %zu checks (%zu WARN) over "
	                 "sequential, random, pointer-like, high-bit and "
	                 "low-entropy keys and every stride 2^s, tables "
	                 "2^%u..2^%u, 1 to 8 keys per bucket.",
	                 s->nfail ? "FAIL" : "PASS", s->nchecks, s->nwarn,
	                 s->bt.tables[0], s->bt.tables[s->bt.ntables - 1]);
	comment(f, text);
	free(text);
	fprintf(f, " */\n#define HASH_MULT_%lu 0x%s%s\n\n", s->bits, s->hex + 2,
	        t == 64 ? "ULL" : "U");
	fprintf(f, "static inline %s hash_mult_%lu_shift_add(%s x)\n{\n", ty,
	        s->bits, ty);
	fprintf(f, "\t%s hash = 0, n = x;\n\n", ty);
	for (i = 0; i < s->prog.n; i++) {
		const sas_step *st = &s->prog.s[i];
		if (st->shift)
			fprintf(f, "\tn <<= %lu;\n", st->shift);
		fprintf(f, "\thash %s;\n", st->op == SAS_SET ? "= n" : st->op == SAS_NEG
		        ? "= -n" : st->op == SAS_ADD ? "+= n" : "-= n");
	}
	if (t != s->bits)
		fprintf(f, "\treturn hash & 0x%llx;\n}\n",
		        (unsigned long long)word_mask((unsigned)s->bits));
	else
		fprintf(f, "\treturn hash;\n}\n");
}

/* ---- the command ---------------------------------------------------- */

int cmd_verify(cmd_ctx *c, cli_args *a)
{
	const char *src = cli_expr(c, a);
	subject s, ref;
	unsigned tables[VFY_MAX_TABLES];
	size_t ntables;
	int rc = CFX_EXIT_USAGE, have_ref = 0;
	mpz_t probe;
	unsigned long bits = a->bits;

	if (!src)
		return CFX_EXIT_USAGE;
	/* the word size, to check the table list before the long work */
	mpz_init(probe);
	if (constant_eval(src, NULL, NULL, &bits, WORD_MAX_HASH, probe,
	                  &c->err) < 0) {
		if (c->err.col < 0 || 1)
			c->err.arg = a->expr_arg;
		mpz_clear(probe);
		/* variables: let subject_run report with the session's names */
		if (c->err.code == CFX_ESYNTAX && strstr(c->err.msg, "unknown name"))
			goto run;
		return CFX_EXIT_USAGE;
	}
	mpz_clear(probe);
run:
	subject_init(&s);
	subject_init(&ref);
	if (parse_tables(c, a, bits ? (unsigned)bits : 64, tables, &ntables) < 0)
		goto done;
	if (subject_run(c, &s, src, a->expr_arg, a->bits, tables, ntables,
	                "verify") < 0)
		goto done;
	if (a->against) {
		if (subject_run(c, &ref, a->against, a->against_arg, s.bits, tables,
		                ntables, "against") < 0)
			goto done;
		have_ref = 1;
	}
	{
		json_t *o = subject_json(&s);
		if (have_ref)
			json_object_set_new(o, "against", subject_json(&ref));
		cli_result(c, a->json && !a->emit, o);
	}
	if (a->emit)
		patch(c->out, &s);
	else if (!a->json)
		report(c->out, &s, have_ref ? &ref : NULL);
	rc = s.nfail ? CFX_EXIT_FAIL : CFX_EXIT_OK;
done:
	subject_free(&s);
	subject_free(&ref);
	return rc;
}
