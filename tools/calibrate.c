/*
 * calibrate.c - the reference distributions behind verify's verdict
 * (`make calibrate` writes src/core/verify_cal.inc).
 *
 * For COUNT random odd multipliers per word size (32 and 64 bits), drawn
 * by GSL's MT19937 from SEED, run the families that have no closed form
 * (fields, pointer+index, sparse keys) and the sequential keys (the
 * reference for every c k family's rank), over the default tables
 * 2^4..2^20, and keep each family's worst R.  Written out: per family the
 * worst R at percentiles 0..100 and the mean excess of ln R above the
 * 90th percentile (the exponential tail verify extrapolates with), and
 * the first rows as they were measured, so a test can regenerate a few
 * with the same seed and compare.
 *
 * Families of keys k0 + k c with fewer keys than the sequential
 * reference's cells need have references of their own, so that every
 * row's share is of random odd multipliers on its own keys and cells:
 * those with a start (the bytes; start+k*4096 at 32 bits), measured on
 * the same multipliers; and keys k c from 0 with an effective word of w
 * bits (c = 2^t u, w = n - t; stride 2^s is w = n - s), which hash as
 * the sequential keys of an odd multiplier mod 2^w: the sequential keys
 * on w-bit words, w = 4..22: where every odd multiplier mod 2^w fits in
 * COUNT (w <= 10 at 1000), each one's worst R, ascending (a family is
 * ranked among them exactly); above, COUNT drawn from SEED + w.
 *
 * With --strides, the same multipliers' stride maps instead (stride.h:
 * every c up to 256 and the multiples of 8 up to 4096, predicted, tables
 * 2^4..2^20): per word size the worst R over the map at percentiles
 * 0..100 with its tail, and how many of the map's strides reach
 * STRIDE_COLLAPSE_R; the worst R of packed fields x<<h|y over every
 * offset h but n/2 and n/4, and of the fixed 3-4 field layouts (exact:
 * lattice.h); and, for the first --offsets-count multipliers (200), the
 * worst R at each offset h alone (the reference of a --fields h asked
 * for); written to src/core/stride_cal.inc.
 *
 * usage: calibrate [--strides] [--count N] [--seed S] [--rows R]
 *                  [--offsets-count M]
 *        (output on stdout)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "cfx/pool.h"
#include "cfx/lattice.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "util/xalloc.h"

#define NREF 6

static const struct { verify_kind kind; unsigned arg; const char *name; }
refs[NREF] = {
	{ VERIFY_SEQ, 0, "sequential" },
	{ VERIFY_FIELDS, 2, "fields x<<n/2|y" },
	{ VERIFY_FIELDS, 4, "fields x<<n/4|y" },
	{ VERIFY_PTRIDX, 0, "pointer+index" },
	{ VERIFY_SPARSE, 2, "<= 2 bits set" },
	{ VERIFY_SPARSE, 3, "<= 3 bits set" },
};

typedef struct job {
	unsigned bits;
	uint64_t *p;
	double *r;                 /* count x NREF */
	void **scratch;
	size_t noff;               /* --strides: multipliers measured at each */
	double *off;               /*   offset h alone: noff x 64, [i 64 + h] */
} job;

static int is_ref(const verify_battery *bt, const verify_family *f, int j)
{
	unsigned arg = f->kind == VERIFY_FIELDS ? bt->bits / f->arg : f->arg;

	return f->kind == refs[j].kind && (f->kind == VERIFY_SEQ ||
	       f->kind == VERIFY_PTRIDX || arg == refs[j].arg);
}

static void one(void *ctx, size_t i, unsigned w)
{
	job *jb = ctx;
	verify_battery bt;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t nt = verify_default_tables(jb->bits, VERIFY_STANDARD, tables), f;
	int j;

	if (verify_plan(&bt, jb->p[i], jb->bits, tables, nt, NULL) < 0)
		abort();
	if (!jb->scratch[w])
		jb->scratch[w] = xmalloc(verify_scratch_size(&bt), "scratch");
	for (j = 0; j < NREF; j++)
		jb->r[i * NREF + (size_t)j] = 0;
	for (f = 0; f < bt.nfam; f++)
		for (j = 0; j < NREF; j++)
			if (is_ref(&bt, &bt.fam[f], j)) {
				verify_family_run(&bt, f, jb->scratch[w]);
				jb->r[i * NREF + (size_t)j] = bt.fam[f].worst_r;
			}
	verify_free(&bt);
}

#define NCOL 4   /* map's worst, its collapses, offsets, layouts */

/* The stride map of multiplier i (its worst R and its collapses), and
 * the worst R of its packed fields at every offset but those of the
 * fields families (verify_fields_offsets) and of the fixed
 * layouts of three and four fields. */
static void one_map(void *ctx, size_t i, unsigned w)
{
	job *jb = ctx;
	unsigned tables[STRIDE_MAX_TABLES], h;
	size_t nt = stride_tables(jb->bits, tables), k, n = 0, nl;
	stride_hit *map = xmalloc(STRIDE_MAP_COUNT * sizeof *map, "map");
	uint32_t *loads = xmalloc(sizeof *loads << 20, "counts");
	lattice_layout lay[4];
	lattice_cell c;
	double worst = 0;

	(void)w;
	jb->r[NCOL * i] = stride_map(jb->p[i], jb->bits, tables, nt, map);
	for (k = 0; k < STRIDE_MAP_COUNT; k++)
		n += map[k].worst.r >= STRIDE_COLLAPSE_R;
	jb->r[NCOL * i + 1] = (double)n;
	/* the offsets verify's check judges: not those of the fields
	 * families */
	jb->r[NCOL * i + 2] = lattice_offsets_except(jb->p[i], jb->bits, tables,
	                      nt, verify_fields_offsets(jb->bits), &c, &h, loads);
	nl = lattice_fixed(jb->bits, lay);
	for (k = 0; k < nl; k++)
		if (lattice_worst(jb->p[i], jb->bits, &lay[k], tables, nt, &c,
		                  loads) > worst)
			worst = c.r;
	jb->r[NCOL * i + 3] = worst;
	/* the first noff multipliers at every offset alone: the reference
	 * of a layout x<<h|y asked for (--fields h) */
	if (i < jb->noff)
		for (h = LATTICE_MIN_FIELD; h + LATTICE_MIN_FIELD <= jb->bits; h++) {
			lattice_layout two = { 2, { h, 0, 0, 0 } };
			jb->off[64 * i + h] = lattice_worst(jb->p[i], jb->bits, &two,
			                                    tables, nt, &c, loads);
		}
	free(loads);
	free(map);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Column col of r (rows of width stride), sorted, into a new array;
 * *u its 90th percentile and *beta the mean excess of ln R over it. */
static double *column(const double *r, size_t stride, size_t col,
                      unsigned long count, double *u, double *beta)
{
	double *v = xmalloc(count * sizeof *v, "column"), sum = 0;
	size_t i, over = 0;

	for (i = 0; i < count; i++)
		v[i] = r[i * stride + col];
	qsort(v, count, sizeof *v, cmp);
	*u = v[(size_t)floor(0.9 * (double)(count - 1) + 0.5)];
	for (i = 0; i < count; i++)
		if (v[i] > *u && *u > 0) {
			sum += log(v[i] / *u);
			over++;
		}
	*beta = over ? sum / (double)over : 0;
	return v;
}

static void print_dist(unsigned bits, verify_kind kind, unsigned arg,
                       const char *name, const double *r, size_t stride,
                       size_t col, unsigned long count);

static void print_ref(unsigned bits, int j, const double *r,
                      unsigned long count)
{
	print_dist(bits, refs[j].kind, refs[j].arg, refs[j].name, r, NREF,
	           (size_t)j, count);
}

/* Percentiles 0..100 of column col of r (stride count x 2), and the
 * mean excess of ln R over the 90th. */
static void print_pct(const double *r, size_t stride, size_t col,
                      unsigned long count, int tail)
{
	double u, beta, *v = column(r, stride, col, count, &u, &beta);
	size_t k;

	printf("\t  {");
	for (k = 0; k <= 100; k++)
		printf("%s%.5g%s", k % 8 ? " " : (k ? "\n\t   " : " "),
		       v[(size_t)floor((double)k / 100 * (double)(count - 1) + 0.5)],
		       k < 100 ? "," : " },\n");
	if (tail)
		printf("\t  %.5g,\n", beta);
	fprintf(stderr, "column %zu: median %.3g  90%% %.3g  99%% %.3g  max %.3g\n",
	        col, v[count / 2], u,
	        v[(size_t)floor(0.99 * (double)(count - 1) + 0.5)], v[count - 1]);
	free(v);
}

static int strides(unsigned long count, unsigned long seed, unsigned long rows,
                   unsigned long noff)
{
	static const unsigned widths[2] = { 32, 64 };
	job jb[2];
	int wi;
	size_t i;

	for (wi = 0; wi < 2; wi++) {
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);

		gsl_rng_set(rng, seed + widths[wi]);
		jb[wi].bits = widths[wi];
		jb[wi].p = xmalloc(count * sizeof *jb[wi].p, "multipliers");
		jb[wi].r = xmalloc(count * NCOL * sizeof *jb[wi].r, "results");
		jb[wi].noff = noff < count ? noff : count;
		jb[wi].off = xmalloc((jb[wi].noff * 64 + 1) * sizeof *jb[wi].off,
		                     "offsets");
		for (i = 0; i < count; i++) {
			uint64_t hi = gsl_rng_get(rng), lo = gsl_rng_get(rng);
			jb[wi].p[i] = (widths[wi] == 64 ? hi << 32 | lo : lo) | 1;
		}
		gsl_rng_free(rng);
		pool_run(count, pool_cpus(), one_map, NULL, &jb[wi]);
	}
	printf("/* stride_cal.inc - generated by `make calibrate` (tools/"
	       "calibrate.c --strides);\n * do not edit.  %lu random odd "
	       "multipliers per word size, GSL mt19937 seeded\n * %lu + bits "
	       "(the multipliers of verify_cal.inc). */\n", count, seed);
	printf("#define STRIDE_CAL_SEED %luUL\n#define STRIDE_CAL_COUNT %luU\n\n",
	       seed, count);
	printf("/* the first multipliers: the worst R of their maps, their "
	       "collapses, the worst R\n * of packed fields at every offset "
	       "and of the 3-4 field layouts */\nstatic const verify_smap_row "
	       "stride_cal_rows[] = {\n");
	for (wi = 0; wi < 2; wi++)
		for (i = 0; i < rows; i++)
			printf("\t{ %u, 0x%llxULL, %.6g, %.0f, %.6g, %.6g },\n",
			       widths[wi], (unsigned long long)jb[wi].p[i],
			       jb[wi].r[NCOL * i], jb[wi].r[NCOL * i + 1],
			       jb[wi].r[NCOL * i + 2], jb[wi].r[NCOL * i + 3]);
	printf("};\n\n/* per word size: the map's worst R at percentiles "
	       "0..100, the mean excess of\n * ln R over the 90th, the "
	       "strides at R >= %g at percentiles 0..100; the\n * same (with "
	       "the tail) for the offsets' and the layouts' worst R */\n"
	       "static const verify_smap_ref stride_refs[] = {\n",
	       STRIDE_COLLAPSE_R);
	for (wi = 0; wi < 2; wi++) {
		printf("\t{ %u, %lu,\n", widths[wi], count);
		print_pct(jb[wi].r, NCOL, 0, count, 1);
		print_pct(jb[wi].r, NCOL, 1, count, 0);
		print_pct(jb[wi].r, NCOL, 2, count, 1);
		print_pct(jb[wi].r, NCOL, 3, count, 1);
		printf("\t},\n");
	}
	printf("};\n\n/* per word size and offset h: the worst R of keys x<<h|y "
	       "alone (every cell\n * that can decide it counted), of the "
	       "first multipliers, at percentiles\n * 0..100, and the mean "
	       "excess of ln R over the 90th */\nstatic const "
	       "verify_off_ref stride_off_refs[] = {\n");
	for (wi = 0; wi < 2; wi++) {
		unsigned h;
		for (h = LATTICE_MIN_FIELD; h + LATTICE_MIN_FIELD <= widths[wi];
		     h++) {
			printf("\t{ %u, %u, %zu,\n", widths[wi], h, jb[wi].noff);
			print_pct(jb[wi].off, 64, h, jb[wi].noff, 1);
			printf("\t},\n");
		}
	}
	printf("};\n");
	for (wi = 0; wi < 2; wi++) {
		free(jb[wi].p);
		free(jb[wi].r);
		free(jb[wi].off);
	}
	return 0;
}

/* ---- families of few keys ---------------------------------------------- */

#define FEW_W_MIN 4
#define FEW_W_MAX 22      /* w >= 23: 2^23 keys, the sequential reference's */

typedef struct few_job {
	unsigned bits;
	uint64_t *p;
	size_t nfam, fam[64];     /* the plan's few-key families with a start */
	double *r;                /* count x nfam */
	void **scratch;
} few_job;

static int few_family(const verify_battery *bt, const verify_family *f)
{
	return f->ck && f->start != 0 && f->keys < ((size_t)8 << bt->bmax);
}

static void one_few(void *ctx, size_t i, unsigned w)
{
	few_job *jb = ctx;
	verify_battery bt;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t nt = verify_default_tables(jb->bits, VERIFY_STANDARD, tables), k;

	if (verify_plan(&bt, jb->p[i], jb->bits, tables, nt, NULL) < 0)
		abort();
	if (!jb->scratch[w])
		jb->scratch[w] = xmalloc(verify_scratch_size(&bt), "scratch");
	for (k = 0; k < jb->nfam; k++) {
		verify_family_run(&bt, jb->fam[k], jb->scratch[w]);
		jb->r[i * jb->nfam + k] = bt.fam[jb->fam[k]].worst_r;
	}
	verify_free(&bt);
}

/* The sequential keys alone (the plan's first family), into r[i NREF]. */
static void one_seq(void *ctx, size_t i, unsigned w)
{
	job *jb = ctx;
	verify_battery bt;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t nt = verify_default_tables(jb->bits, VERIFY_STANDARD, tables);

	if (verify_plan(&bt, jb->p[i], jb->bits, tables, nt, NULL) < 0)
		abort();
	if (!jb->scratch[w])
		jb->scratch[w] = xmalloc(verify_scratch_size(&bt), "scratch");
	if (bt.fam[0].kind != VERIFY_SEQ)
		abort();
	verify_family_run(&bt, 0, jb->scratch[w]);
	jb->r[i * NREF] = bt.fam[0].worst_r;
	verify_free(&bt);
}

static const char *kind_name(verify_kind k)
{
	switch (k) {
	case VERIFY_SEQ: return "VERIFY_SEQ";
	case VERIFY_POW2: return "VERIFY_POW2";
	case VERIFY_MULT: return "VERIFY_MULT";
	case VERIFY_AP: return "VERIFY_AP";
	case VERIFY_BYTE: return "VERIFY_BYTE";
	case VERIFY_FIELDS: return "VERIFY_FIELDS";
	case VERIFY_PTRIDX: return "VERIFY_PTRIDX";
	case VERIFY_SPARSE: return "VERIFY_SPARSE";
	case VERIFY_KEYS: return "VERIFY_KEYS";
	}
	return "?";
}

/* A reference entry of verify_refs[]: column col of r (rows of width
 * stride). */
static void print_dist(unsigned bits, verify_kind kind, unsigned arg,
                       const char *name, const double *r, size_t stride,
                       size_t col, unsigned long count)
{
	double u, beta, *v = column(r, stride, col, count, &u, &beta);
	size_t k;

	fprintf(stderr, "%u-bit %-16s median %.3g  90%% %.3g  max %.3g\n", bits,
	        name, v[count / 2], u, v[count - 1]);
	printf("\t{ %u, %s, %u, %lu, /* %s */\n\t  {", bits, kind_name(kind),
	       arg, count, name);
	for (k = 0; k <= 100; k++)
		printf("%s%.5g%s", k % 8 ? " " : (k ? "\n\t   " : " "),
		       v[(size_t)floor((double)k / 100 * (double)(count - 1) + 0.5)],
		       k < 100 ? "," : " },\n");
	printf("\t  %.5g },\n", beta);
	free(v);
}

/* The few-key families of the 32- and 64-bit batteries that have a start
 * (their multipliers: jb[], the main references'), then the sequential
 * keys on w-bit words. */
static void print_few(job *jb, unsigned long count, unsigned long seed)
{
	unsigned long m;
	unsigned w;
	int wi;
	size_t i, k;

	for (wi = 0; wi < 2; wi++) {
		few_job fj;
		verify_battery bt;
		unsigned tables[VERIFY_MAX_TABLES];
		size_t nt = verify_default_tables(jb[wi].bits, VERIFY_STANDARD,
		                                  tables);
		void *scratch[POOL_MAX] = { 0 };

		memset(&fj, 0, sizeof fj);
		fj.bits = jb[wi].bits;
		fj.p = jb[wi].p;
		fj.scratch = scratch;
		if (verify_plan(&bt, 1, fj.bits, tables, nt, NULL) < 0)
			abort();
		for (k = 0; k < bt.nfam && fj.nfam < 64; k++)
			if (few_family(&bt, &bt.fam[k]))
				fj.fam[fj.nfam++] = k;
		fj.r = xmalloc(count * (fj.nfam ? fj.nfam : 1) * sizeof *fj.r,
		               "results");
		pool_run(count, pool_cpus(), one_few, NULL, &fj);
		for (k = 0; k < fj.nfam; k++)
			print_dist(fj.bits, bt.fam[fj.fam[k]].kind,
			           bt.fam[fj.fam[k]].arg, bt.fam[fj.fam[k]].name, fj.r,
			           fj.nfam, k, count);
		for (i = 0; i < POOL_MAX; i++)
			free(scratch[i]);
		free(fj.r);
		verify_free(&bt);
	}
	for (w = FEW_W_MIN; w <= FEW_W_MAX; w++) {
		job sj;
		if ((1UL << (w - 1)) <= count)
			continue;        /* every odd multiplier: print_exact's */
		void *scratch[POOL_MAX] = { 0 };
		char name[48];
		unsigned long all = 1UL << (w - 1);

		m = all <= count ? all : count;
		sj.bits = w;
		sj.p = xmalloc(m * sizeof *sj.p, "multipliers");
		sj.r = xmalloc(m * NREF * sizeof *sj.r, "results");
		sj.scratch = scratch;
		if (all <= count) {
			for (i = 0; i < m; i++)
				sj.p[i] = 2 * i + 1;
		} else {
			gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
			gsl_rng_set(rng, seed + w);
			for (i = 0; i < m; i++)
				sj.p[i] = (gsl_rng_get(rng) & ((1UL << w) - 1)) | 1;
			gsl_rng_free(rng);
		}
		pool_run(m, pool_cpus(), one_seq, NULL, &sj);
		snprintf(name, sizeof name, "sequential, %u-bit word", w);
		print_dist(w, VERIFY_SEQ, 0, name, sj.r, NREF, 0, m);
		for (i = 0; i < POOL_MAX; i++)
			free(scratch[i]);
		free(sj.p);
		free(sj.r);
	}
}

/* The sequential keys on w-bit words small enough that every odd
 * multiplier fits in count: each one's worst R, ascending, to full
 * precision (a family is ranked among them exactly, ties as bad). */
static void print_exact(unsigned long count)
{
	unsigned w;
	size_t i;

	printf("/* the sequential keys on w-bit words: every odd multiplier's "
	       "worst R, ascending */\nstatic const double verify_exact_r[] = "
	       "{\n");
	for (w = FEW_W_MIN; w <= FEW_W_MAX && (1UL << (w - 1)) <= count; w++) {
		job sj;
		void *scratch[POOL_MAX] = { 0 };
		unsigned long m = 1UL << (w - 1);
		double *v;

		sj.bits = w;
		sj.p = xmalloc(m * sizeof *sj.p, "multipliers");
		sj.r = xmalloc(m * NREF * sizeof *sj.r, "results");
		sj.scratch = scratch;
		for (i = 0; i < m; i++)
			sj.p[i] = 2 * i + 1;
		pool_run(m, pool_cpus(), one_seq, NULL, &sj);
		v = column(sj.r, NREF, 0, m, &(double){ 0 }, &(double){ 0 });
		printf("\t/* %u bits: %lu */\n", w, m);
		for (i = 0; i < m; i++)
			printf("%s%.17g,%s", i % 4 ? " " : "\t", v[i],
			       i % 4 == 3 || i + 1 == m ? "\n" : "");
		free(v);
		for (i = 0; i < POOL_MAX; i++)
			free(scratch[i]);
		free(sj.p);
		free(sj.r);
	}
	printf("};\n#define VERIFY_EXACT_W %u\n", w - 1);
}

int main(int argc, char **argv)
{
	unsigned long count = 1000, seed = 20261130, rows = 8, noff = 200;
	int do_strides = 0;
	static const unsigned widths[2] = { 32, 64 };
	job jb[2];
	int a, wi, j;
	size_t i;

	for (a = 1; a < argc; a++)
		if (!strcmp(argv[a], "--strides"))
			do_strides = 1;
	for (a = 1; a + 1 < argc; a += 2) {
		if (!strcmp(argv[a], "--strides"))
			a--;
		else if (!strcmp(argv[a], "--count"))
			count = strtoul(argv[a + 1], NULL, 10);
		else if (!strcmp(argv[a], "--seed"))
			seed = strtoul(argv[a + 1], NULL, 10);
		else if (!strcmp(argv[a], "--rows"))
			rows = strtoul(argv[a + 1], NULL, 10);
		else if (!strcmp(argv[a], "--offsets-count"))
			noff = strtoul(argv[a + 1], NULL, 10);
	}
	if (count < 1)
		count = 1;
	if (rows > count)
		rows = count;
	if (do_strides)
		return strides(count, seed, rows, noff);
	for (wi = 0; wi < 2; wi++) {
		gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
		void *scratch[POOL_MAX] = { 0 };

		gsl_rng_set(rng, seed + widths[wi]);
		jb[wi].bits = widths[wi];
		jb[wi].p = xmalloc(count * sizeof *jb[wi].p, "multipliers");
		jb[wi].r = xmalloc(count * NREF * sizeof *jb[wi].r, "results");
		jb[wi].scratch = scratch;
		for (i = 0; i < count; i++) {
			uint64_t hi = gsl_rng_get(rng), lo = gsl_rng_get(rng);
			jb[wi].p[i] = (widths[wi] == 64 ? hi << 32 | lo : lo) | 1;
		}
		gsl_rng_free(rng);
		pool_run(count, pool_cpus(), one, NULL, &jb[wi]);
		for (i = 0; i < POOL_MAX; i++)
			free(scratch[i]);
	}
	printf("/* verify_cal.inc - generated by `make calibrate` (tools/"
	       "calibrate.c); do not edit.\n * %lu random odd multipliers per "
	       "word size, GSL mt19937 seeded %lu + bits. */\n", count, seed);
	printf("#define VERIFY_CAL_SEED %luUL\n#define VERIFY_CAL_COUNT %luU\n\n",
	       seed, count);
	printf("/* the first multipliers and their worst R per family, as "
	       "measured */\nstatic const verify_cal_row verify_cal_rows[] = {\n");
	for (wi = 0; wi < 2; wi++)
		for (i = 0; i < rows; i++) {
			printf("\t{ %u, 0x%llxULL, {", widths[wi],
			       (unsigned long long)jb[wi].p[i]);
			for (j = 0; j < NREF; j++)
				printf(" %.6g%s", jb[wi].r[i * NREF + (size_t)j],
				       j + 1 < NREF ? "," : " } },\n");
		}
	printf("};\n\n/* per family: worst R at percentiles 0..100, mean excess "
	       "of ln R over the 90th */\nstatic const verify_ref verify_refs[] "
	       "= {\n");
	for (wi = 0; wi < 2; wi++)
		for (j = 0; j < NREF; j++)
			print_ref(widths[wi], j, jb[wi].r, count);
	print_few(jb, count, seed);
	printf("};\n\n");
	print_exact(count);
	for (wi = 0; wi < 2; wi++) {
		free(jb[wi].p);
		free(jb[wi].r);
	}
	return 0;
}
