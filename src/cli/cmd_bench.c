/*
 * cmd_bench.c - `cfx bench EXPR`: is the shift/add form faster here?
 *
 * The loop a hash table runs, written for this constant and compiled now
 * with the system's C compiler at -O2: a key array of the chosen family is
 * hashed into 2^B counters, once with the multiply and once with each
 * shift/add form.  The shift/add statements carry empty asm barriers
 * (OPAQUE) after each assignment: without them GCC folds the whole
 * sequence back into one multiply.  The multiply's constant is read from
 * a volatile before the loop, so the compiler cannot turn it into shifts
 * and adds either (0x00010001 became shl; add); the disassembly is
 * checked for the multiply instruction where objdump is there.
 *
 * Two loops per variant: throughput (independent keys into the table)
 * and latency (a dependent chain: each hash of the key xor the last
 * hash, so a form's depth counts, not its issue rate).  Each variant is
 * checked to give what the multiply gives, warmed up, and timed in short
 * blocks (about BLOCK_NS of the multiply, far below a scheduler's time
 * slice), many interleaved rounds (the variants in rotated order, so
 * drift hits them alike), round r on copy r mod n of the keys and the
 * table (each copy placed apart in memory, so that a run does not stand
 * on one placement).  Every block's wall time and the thread's
 * processor time are taken: a block whose wall time is well above its
 * processor time was preempted and counts by its processor time (the
 * wall time shown beside); the share preempted is reported (and warned
 * about past a quarter).  One headline statistic: p10, the 10th
 * percentile of a form's blocks (the sorted x[n/10]), and a form's p10
 * over its multiply's; under load it moved less from run to run than
 * the median or the median of the rounds' quotients (doc/bench.md).
 * The default report is short (that table and a verdict); --full adds
 * the medians (ministat's x[n/2], the only median), spreads, wall and
 * processor time and the cfx stats report.
 * The default run stops its rounds at a wall-time budget (BENCH_BUDGET_NS
 * from the start, after at least BENCH_MIN_RUNS), which only a heavily
 * loaded machine reaches; --runs R runs R whatever the time.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cfx/jit.h"
#include "cfx/keys.h"
#include "cfx/mcm.h"
#include "cfx/mem.h"
#include "cfx/naf.h"
#include "cfx/safefile.h"
#include "cfx/score.h"
#include "cfx/sas.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "cli/sreport.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define BENCH_RUNS 301           /* default rounds (odd: one middle) */
#define BENCH_BUDGET_NS 9e9      /* default run: no round starts after this
                                  * wall time from the command's start (a
                                  * loaded machine: the run stays under
                                  * 15 s; the figures say how many) */
#define BENCH_MIN_RUNS 61        /* ... once at least this many are done */

#define COPIES_MAX 128           /* copies of the keys and the table */
#define COPIES_BYTES (10u << 20) /* ... by default at most this in all */

/* $name as an integer lo..hi (deflt when unset or empty), or -1 with
 * c->err set naming it ("$NAME is not ..." + what). */
static long env_int(cmd_ctx *c, const char *name, long lo, long hi,
                    long deflt, const char *what)
{
	const char *v = getenv(name);
	char *end, tok[80], msg[120];
	long s;

	if (!v || !*v)
		return deflt;
	errno = 0;
	s = strtol(v, &end, 10);
	if (!*end && !errno && s >= lo && s <= hi && isdigit((unsigned char)*v))
		return s;
	snprintf(tok, sizeof tok, "%s=%s", name, v);
	snprintf(msg, sizeof msg, "$%s is not %s", name, what);
	return cfx_err_set(&c->err, CFX_EUSAGE, -1, tok, "%s", msg);
}

/* The default run's budget in ns: BENCH_BUDGET_NS, or $CFX_BENCH_BUDGET
 * seconds (an integer 0..3600; 0 stops at BENCH_MIN_RUNS: the tests).
 * -1 with c->err set on another value. */
static double budget_ns(cmd_ctx *c)
{
	long s = env_int(c, "CFX_BENCH_BUDGET", 0, 3600, -2,
	                 "a number of seconds from 0 to 3600");

	return s == -2 ? BENCH_BUDGET_NS : s < 0 ? -1 : (double)s * 1e9;
}

/* How many copies of the keys and the table (of bytes each) the rounds
 * take turns on: $CFX_BENCH_COPIES (1..COPIES_MAX), else as many as fit
 * COPIES_BYTES, 1 at least and COPIES_MAX at most.  -1 with c->err. */
static int copies_wanted(cmd_ctx *c, size_t bytes)
{
	size_t fit = bytes ? COPIES_BYTES / bytes : COPIES_MAX;

	if (fit > COPIES_MAX)
		fit = COPIES_MAX;
	return (int)env_int(c, "CFX_BENCH_COPIES", 1, COPIES_MAX,
	                    fit ? (long)fit : 1, "a number of copies from 1 to "
	                    "128");
}
#define BLOCK_NS 100000.0        /* a block of the multiply: about 0.1 ms */
#define PREEMPTED 1.05           /* wall above 1.05 x processor time */
#define MAX_VARIANTS 6           /* 3 forms of 2 constants (stats: 7) */

typedef void (*bench_fn)(const void *keys, size_t n, uint32_t *table,
                         size_t reps);
typedef uint64_t (*lat_fn)(const void *keys, size_t n, size_t reps);

typedef struct variant {
	char name[64];           /* "multiply 0x61c88647" */
	char file[64];           /* --raw: "0x61c88647-mul.txt" */
	char *body;              /* statements: hash = x * p, from x */
	unsigned adds, shifts;   /* additions/subtractions and shifts */
	unsigned negations;      /* the optimal form's final negation: 0, 1 */
	int base;                /* the multiply of the same constant */
	uint64_t k;              /* the constant */
	bench_fn fn;
	lat_fn lat;              /* the dependent chain */
	double *ns;              /* ns per hash, one block per round: the
	                          * wall time, or the processor's when the
	                          * block was preempted */
	double *wall, *cpu;      /* the same block's wall and processor time */
	double *lat_ns, *lat_wall, *lat_cpu;   /* latency: the same three */
	unsigned preempted;      /* blocks (both loops) with wall >> cpu */
	int is_mul;              /* the multiply: K from a volatile */
	unsigned long long hashes;   /* all it computed: checks, calibration,
	                              * warm-up and rounds (for callgrind) */
	uint32_t largest;        /* its table after one pass: the largest */
	unsigned long long empty, squares;   /* counter, the empty ones and
	                                      * the sum of the squares */
} variant;

/* Run w's loop reps times over n keys, and count the hashes. */
static void run(variant *w, const void *keys, size_t n, uint32_t *table,
                size_t reps)
{
	w->fn(keys, n, table, reps);
	w->hashes += (unsigned long long)n * reps;
}

/* ---- the code ------------------------------------------------------------ */

/* body with OPAQUE(v); after every statement that assigns v. */
static char *opaque(const char *body)
{
	struct buf b = { 0 };
	const char *line = body;

	while (*line) {
		size_t len = strcspn(line, "\n");
		const char *eq = memchr(line, '=', len), *e;
		buf_printf(&b, "%.*s", (int)len, line);
		if (eq && eq[1] != '=') {
			for (e = eq; e > line && strchr("+-*/<>|&^ \t", e[-1]); e--)
				;
			const char *s = e;
			while (s > line && (isalnum((unsigned char)s[-1]) || s[-1] == '_'))
				s--;
			if (s < e)
				buf_printf(&b, " OPAQUE(%.*s);", (int)(e - s), s);
		}
		buf_printf(&b, "\n");
		line += len + (line[len] == '\n');
	}
	return buf_take(&b);
}

/* ", t1, t2, ..." for the temporaries t<digits> a body uses, into buf. */
static const char *temps(const char *body, char *buf, size_t n)
{
	unsigned used[MCM_MAX_NODES + 1] = { 0 }, i;
	const char *p;
	size_t len = 0;

	for (p = body; (p = strchr(p, 't')); p++)
		if ((p == body || !isalnum((unsigned char)p[-1])) &&
		    isdigit((unsigned char)p[1])) {
			unsigned long k = strtoul(p + 1, NULL, 10);
			if (k <= MCM_MAX_NODES)
				used[k] = 1;
		}
	buf[0] = '\0';
	for (i = 1; i <= MCM_MAX_NODES && len + 8 < n; i++)
		if (used[i])
			len += (size_t)snprintf(buf + len, n - len, ", t%u", i);
	return buf;
}

/* The translation unit: per variant k a counting loop cfx_bench_k and a
 * dependent chain cfx_lat_k; the multiply's constant is the volatile
 * cfx_k_k, read once per call. */
static char *kernel(const variant *v, int nv, unsigned bits, unsigned b)
{
	struct buf s = { 0 };
	unsigned t = word_c_bits(bits);
	char tbuf[8 * MCM_MAX_NODES];
	int k;

	buf_printf(&s, "#include <stddef.h>\n#include <stdint.h>\n\n"
	         "typedef uint%u_t word;\n"
	         "typedef uint%u_t calc;   /* no promotion to int */\n"
	         "#define OPAQUE(v) __asm__(\"\" : \"+r\"(v))\n"
	         "#define MASK ((word)0x%llxu)\n#define SHIFT %u\n\n", t,
	         t < 32 ? 32 : t, (unsigned long long)word_mask(bits), bits - b);
	for (k = 0; k < nv; k++) {
		/* the multiply needs no barrier: it is one instruction */
		char *body = v[k].adds + v[k].shifts ? opaque(v[k].body)
		                                     : xstrdup(v[k].body);
		buf_printf(&s, "static volatile word cfx_k_%d = (word)0x%llxu;\n"
		         "static inline word h%d(word x_in, word K)\n{\n"
		         "\tcalc x = x_in, hash = 0, n = x%s;\n"
		         "\t(void)n; (void)K;\n%s\treturn (word)hash;\n}\n\n"
		         "void cfx_bench_%d(const word *keys, size_t count, "
		         "uint32_t *table, size_t reps)\n{\n"
		         "\tconst word K = cfx_k_%d;\n"
		         "\tfor (size_t r = 0; r < reps; r++)\n"
		         "\t\tfor (size_t i = 0; i < count; i++)\n"
		         "\t\t\ttable[(word)(h%d(keys[i], K) & MASK) >> SHIFT]++;\n"
		         "}\n\n"
		         "uint64_t cfx_lat_%d(const word *keys, size_t count, "
		         "size_t reps)\n{\n"
		         "\tconst word K = cfx_k_%d;\n\tword acc = 0;\n"
		         "\tfor (size_t r = 0; r < reps; r++)\n"
		         "\t\tfor (size_t i = 0; i < count; i++)\n"
		         "\t\t\tacc = h%d((word)(keys[i] ^ acc), K);\n"
		         "\treturn acc;\n}\n\n",
		         k, (unsigned long long)v[k].k, k,
		         temps(v[k].body, tbuf, sizeof tbuf), body, k, k, k, k, k, k);
		free(body);
	}
	return buf_take(&s);
}

/* The optimal variant, when the search finds fewer adders than the NAF. */
static int add_optimal(variant *v, int nv, int base, const mpz_t p,
                       unsigned bits, const char *hex)
{
	mcm_ctx *ctx = mcm_new();
	mcm_graph g;
	mcm_result r;
	mcm_cost k;
	cfx_err e;

	if (mcm_solve(ctx, mpz_get_ui(p), bits, NULL, &g, &r, &e) == 0 &&
	    r.adders < r.naf_adders) {
		mcm_cost_of(&g, mcm_target_find("generic"), &k);
		snprintf(v[nv].name, sizeof v[nv].name, "optimal shift/add %s", hex);
		snprintf(v[nv].file, sizeof v[nv].file, "%s-opt.txt", hex);
		v[nv].body = mcm_emit_body(&g, "\t");
		v[nv].adds = k.adders;
		v[nv].negations = k.negations;
		v[nv].shifts = k.shifts;
		v[nv].base = base;
		v[nv].k = mpz_get_ui(p);
		nv++;
	}
	mcm_free(ctx);
	return nv;
}

/* The variants of one constant: multiply, NAF shift/add and the optimal
 * shift/add sequence when it needs fewer adders than the NAF. */
static int add_variants(variant *v, int nv, const mpz_t p, unsigned bits)
{
	char *hex = word_hex(p, bits);
	naf_form nf;
	sas_prog pr;

	int base = nv;

	naf_of(&nf, p, bits);
	sas_of(&pr, &nf);
	v[nv].base = v[nv + 1].base = base;
	snprintf(v[nv].name, sizeof v[nv].name, "multiply %s", hex);
	snprintf(v[nv].file, sizeof v[nv].file, "%s-mul.txt", hex);
	v[nv].body = xstrdup("\thash = (word)(x * (calc)K);\n");
	v[nv].is_mul = 1;
	v[nv].k = v[nv + 1].k = mpz_get_ui(p);
	nv++;
	snprintf(v[nv].name, sizeof v[nv].name, "NAF shift/add %s", hex);
	snprintf(v[nv].file, sizeof v[nv].file, "%s-naf.txt", hex);
	v[nv].body = sas_emit_body(&pr, "\t");
	{
		sas_cost k = sas_count(&pr);
		v[nv].adds = (unsigned)(k.adds + k.subs);
		v[nv].shifts = (unsigned)k.shifts;
	}
	nv++;
	nv = add_optimal(v, nv, base, p, bits, hex);
	sas_clear(&pr);
	naf_clear(&nf);
	free(hex);
	return nv;
}

/* ---- copies of the keys and the table ---------------------------------- */

/* Where the keys and the table lie decides a run's speed by up to 14%
 * (the multiply's throughput blocks slower for a whole run, 1 run in 10
 * under load: doc/bench.md): the set in the caches their lines map to,
 * and a key and a counter at the same offset in their pages (4 KiB
 * aliasing between the loads and the stores).  So the rounds take turns
 * on several copies, each placed apart (its keys and its table at their
 * own offsets in their pages, in an allocation of its own): round r runs
 * every form on copy r mod n, so all forms of a round see one placement
 * and a run averages over many. */
#define PAGE 4096u
#define LINE 64u

typedef struct copy {
	void *mem;               /* the allocation (free it) */
	void *keys;              /* the keys in the kernel's word type */
	uint32_t *table;         /* 2^B counters */
	int rounds;              /* rounds timed on it */
} copy;

/* Copy i's offsets in their pages: cache lines spread by Fibonacci
 * hashing of i (the top 6 bits for the keys, the next 6 for the table),
 * so neighbouring copies differ in both and in their difference. */
static void copy_offsets(int i, unsigned *ko, unsigned *to)
{
	uint64_t h = (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ull;

	*ko = LINE * (unsigned)(h >> 58);
	*to = LINE * (unsigned)((h >> 52) & 63);
}

/* The bytes one copy of kb bytes of keys and tb of table takes: less
 * than a page each for the alignment, the keys' offset, the rounding up
 * to the table's page and its offset. */
static size_t copy_alloc(size_t kb, size_t tb)
{
	return kb + tb + 4 * PAGE;
}

/* Keys of the family into k, an array of the kernel's word type. */
static void key_array(const keys_set *ks, unsigned bits, void *k)
{
	unsigned t = word_c_bits(bits);
	size_t i;

	for (i = 0; i < ks->n; i++)
		switch (t) {
		case 8: ((uint8_t *)k)[i] = (uint8_t)ks->k[i]; break;
		case 16: ((uint16_t *)k)[i] = (uint16_t)ks->k[i]; break;
		case 32: ((uint32_t *)k)[i] = (uint32_t)ks->k[i]; break;
		default: ((uint64_t *)k)[i] = ks->k[i]; break;
		}
}

/* n copies of the keys of ks (kb bytes in the kernel's word type of
 * bits) and of a zeroed table of tb bytes, each at its offsets; 0, or -1
 * with err (out of memory). */
static int copies_make(copy *cp, int n, const keys_set *ks, unsigned bits,
                       size_t kb, size_t tb, cfx_err *err)
{
	int i;

	for (i = 0; i < n; i++) {
		char *base;
		unsigned ko, to;
		size_t at;
		copy_offsets(i, &ko, &to);
		if (!(cp[i].mem = mem_big(copy_alloc(kb, tb), 0)))
			return mem_fail(n * copy_alloc(kb, tb), "the keys' "
			                "copies", err);
		base = (char *)(((uintptr_t)cp[i].mem + PAGE - 1) &
		                ~(uintptr_t)(PAGE - 1));
		cp[i].keys = base + ko;
		if (i)
			memcpy(cp[i].keys, cp[0].keys, kb);
		else
			key_array(ks, bits, cp[0].keys);
		at = (ko + kb + PAGE - 1) / PAGE * PAGE + to;
		cp[i].table = (uint32_t *)(base + at);
		assert((size_t)(base - (char *)cp[i].mem) + at + tb <=
		       copy_alloc(kb, tb));
		memset(cp[i].table, 0, tb);
		cp[i].rounds = 0;
	}
	return 0;
}

/* ---- timing ----------------------------------------------------------- */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The calling thread's processor time, ns. */
static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void progress(cmd_ctx *c, int done, int total)
{
	if (!c->progress)
		return;
	out_progress("bench", (size_t)done, (size_t)total, "rounds");
	if (done == total)
		out_progress_end();
}

/* w's table of one pass, t (buckets counters), summed up in w. */
static void tally(variant *w, const uint32_t *t, size_t buckets)
{
	size_t j;

	w->largest = 0;
	w->empty = w->squares = 0;
	for (j = 0; j < buckets; j++) {
		if (t[j] > w->largest)
			w->largest = t[j];
		w->empty += !t[j];
		w->squares += (unsigned long long)t[j] * t[j];
	}
}

/* Every variant must fill the table as its constant's multiply does, and
 * end its dependent chain on the same value; each one's table tallied. */
static int agree(cmd_ctx *c, variant *v, int nv, const void *keys, size_t n,
                 uint32_t *t0, uint32_t *t1, size_t buckets)
{
	int k;

	for (k = 0; k < nv; k++) {
		memset(t1, 0, buckets * sizeof *t1);
		run(&v[k], keys, n, t1, 1);
		tally(&v[k], t1, buckets);
		if (v[k].base == k)
			continue;
		memset(t0, 0, buckets * sizeof *t0);
		run(&v[v[k].base], keys, n, t0, 1);
		if (memcmp(t0, t1, buckets * sizeof *t0) ||
		    v[v[k].base].lat(keys, n, 1) != v[k].lat(keys, n, 1))
			return cfx_err_set(&c->err, CFX_EDOMAIN, -1, v[k].name,
			                   "the compiled variant disagrees with the "
			                   "multiply");
	}
	return 0;
}

/* Passes per block so that a block of the multiply takes about BLOCK_NS
 * (the least of three tries, so a preempted one does not shrink it). */
static size_t calibrate(variant *v, const void *keys, size_t n,
                        uint32_t *table)
{
	double t = 0;
	size_t reps = 1;

	while (reps < ((size_t)1 << 30)) {
		int i;
		t = 1e300;
		for (i = 0; i < 3; i++) {
			double t0 = now_ns(), d;
			run(&v[0], keys, n, table, reps);
			d = now_ns() - t0;
			if (d < t)
				t = d;
		}
		if (t >= BLOCK_NS / 4)
			break;
		reps *= 2;
	}
	reps = (size_t)ceil(reps * BLOCK_NS / (t > 1 ? t : 1));
	return reps ? reps : 1;
}

/* One block of w: throughput (lat 0) or the chain; wall and processor
 * ns per hash into *wall, *cpu; counts a preempted block. */
static volatile uint64_t sink;

static void block(variant *w, int lat, const void *keys, size_t n,
                  uint32_t *table, size_t reps, double *ns, double *wall,
                  double *cpu)
{
	double w0 = now_ns(), c0 = cpu_ns(), w1, c1, h = (double)n * (double)reps;

	if (lat) {
		sink = w->lat(keys, n, reps);
		w->hashes += (unsigned long long)n * reps;
	} else {
		run(w, keys, n, table, reps);
	}
	c1 = cpu_ns();
	w1 = now_ns();
	*wall = (w1 - w0) / h;
	*cpu = (c1 - c0) / h;
	*ns = *wall;
	if (w1 - w0 > PREEMPTED * (c1 - c0) + 2000.0) {
		w->preempted++;
		*ns = *cpu;
	}
}

/* Warm-up, untimed: every form's two loops once over each copy (its
 * pages in place), then reps passes on copy 0; the tables zeroed after,
 * so that they count the rounds alone. */
static void warm_up(variant *v, int nv, copy *cp, int ncp, size_t n,
                    size_t tb, size_t reps)
{
	int i, k;

	for (i = 0; i < ncp; i++)
		for (k = 0; k < nv; k++) {
			run(&v[k], cp[i].keys, n, cp[i].table, 1);
			sink = v[k].lat(cp[i].keys, n, 1);
		}
	for (k = 0; k < nv; k++) {
		run(&v[k], cp[0].keys, n, cp[0].table, reps);
		sink = v[k].lat(cp[0].keys, n, reps);
	}
	for (i = 0; i < ncp; i++)
		memset(cp[i].table, 0, tb);
}

/* Runs *runs rounds, or fewer when deadline (a now_ns() time, 0: none)
 * passes with at least BENCH_MIN_RUNS done (an odd count: one middle);
 * *runs is set to the rounds done.  Round r runs on copy r mod ncp,
 * brought into the caches first by one untimed pass of v[0]. */
static int timed(cmd_ctx *c, variant *v, int nv, copy *cp, int ncp,
                 size_t n, size_t reps, int *runs, double deadline)
{
	int r, k;

	for (r = 0; r < *runs; r++) {
		copy *at = &cp[r % ncp];
		const void *keys = at->keys;
		uint32_t *table = at->table;

		if (deadline > 0 && r >= BENCH_MIN_RUNS && (r & 1) &&
		    now_ns() > deadline) {
			if (c->progress)
				out_progress_end();
			*runs = r;
			break;
		}
		if (c->stop && *c->stop) {
			if (c->progress && r > 0)   /* the bar goes first */
				out_progress_end();
			return cfx_err_set(&c->err, CFX_EINTR, -1, NULL,
			                   "interrupted");
		}
		run(&v[0], keys, n, table, 1);
		at->rounds++;
		for (k = 0; k < nv; k++) {
			variant *w = &v[(r + k) % nv];
			block(w, 0, keys, n, table, reps, &w->ns[r], &w->wall[r],
			      &w->cpu[r]);
		}
		for (k = 0; k < nv; k++) {
			variant *w = &v[(r + k + 1) % nv];
			block(w, 1, keys, n, table, reps, &w->lat_ns[r],
			      &w->lat_wall[r], &w->lat_cpu[r]);
		}
		progress(c, r + 1, *runs);
	}
	return 0;
}

/* After the rounds, each copy's table must hold what its rounds put
 * there: per round, reps passes of every form (each filling its
 * constant's table of one pass) and v[0]'s untimed one, all mod 2^32;
 * so every timed block counted right, on the copy of its round.  Each
 * copy's sum of counters into *counted first; t: scratch of buckets. */
static int tables_check(cmd_ctx *c, variant *v, int nv, copy *cp,
                        int ncp, size_t n, size_t reps, uint32_t *t,
                        size_t buckets, uint32_t *counted)
{
	size_t j;
	int b, k, i;

	for (i = 0; i < ncp; i++)
		for (counted[i] = 0, j = 0; j < buckets; j++)
			counted[i] += cp[i].table[j];
	for (b = 0; b < nv; b++) {
		uint32_t passes = b == v[0].base;   /* v[0]'s untimed pass */
		if (v[b].base != b)
			continue;
		for (k = 0; k < nv; k++)
			if (v[k].base == b)
				passes += (uint32_t)reps;
		memset(t, 0, buckets * sizeof *t);
		run(&v[b], cp[0].keys, n, t, 1);
		for (i = 0; i < ncp; i++)
			for (j = 0; j < buckets; j++)
				cp[i].table[j] -= (uint32_t)cp[i].rounds *
				                  passes * t[j];
	}
	for (i = 0; i < ncp; i++)
		for (j = 0; j < buckets; j++)
			if (cp[i].table[j]) {
				char tok[32];
				snprintf(tok, sizeof tok, "copy %d", i);
				return cfx_err_set(&c->err, CFX_EDOMAIN, -1, tok,
				                   "a table counted in the rounds "
				                   "is not what its rounds put there");
			}
	return 0;
}

/* ---- the multiply, checked in the disassembly --------------------------- */

/* Does the disassembly of function fn in text (objdump -d) have a
 * multiply instruction (x86 imul/mul/mulx, arm64 mul/madd/umull/smull,
 * riscv mul)? */
static int has_mul(const char *text, const char *fn)
{
	char head[48];
	const char *p, *end;

	snprintf(head, sizeof head, "<%s>:\n", fn);
	if (!(p = strstr(text, head)))
		return 0;
	p += strlen(head);
	end = strstr(p, "\n\n");
	if (!end)
		end = p + strlen(p);
	for (; p < end; p++)
		if ((p[0] == '\t' || p[0] == ' ') &&
		    (!strncmp(p + 1, "imul", 4) || !strncmp(p + 1, "mul", 3) ||
		     !strncmp(p + 1, "madd", 4) || !strncmp(p + 1, "umull", 5) ||
		     !strncmp(p + 1, "smull", 5)))
			return 1;
	return 0;
}

/* Look in the loaded object's disassembly (jit_build_listed; NULL without
 * objdump) for the multiply instruction in each multiply's loops; what
 * was found into out ("" when there is no listing).  A multiply compiled
 * into shifts is warned about on stderr. */
static void check_multiply(cmd_ctx *c, const char *text, const variant *v,
                           int nv, char *out, size_t outn)
{
	int k, bad = 0;

	out[0] = 0;
	if (!text)
		return;
	for (k = 0; k < nv; k++) {
		char fn[2][32];
		if (!v[k].is_mul)
			continue;
		snprintf(fn[0], sizeof fn[0], "cfx_bench_%d", k);
		snprintf(fn[1], sizeof fn[1], "cfx_lat_%d", k);
		if (!has_mul(text, fn[0]) || !has_mul(text, fn[1])) {
			bad = 1;
			fflush(NULL);
			out_warn(stderr, c->cmd, "objdump shows no multiply "
			         "instruction in %s's loops: the compiler rewrote it",
			         v[k].name);
		}
	}
	snprintf(out, outn, bad ? "objdump finds NO multiply instruction in a "
	         "multiply loop" : "objdump shows a multiply instruction in "
	         "every multiply loop");
}

/* ---- output -------------------------------------------------------------- */

/* --raw DIR made (or there) and safe to write in, and each of the nv
 * variants' files one cfx may make there: asked before the rounds run
 * (safefile.h: a directory another user could write in is refused unless
 * it is sticky, and then only new files are made). */
static int raw_dir(cmd_ctx *c, const char *dir, const variant *v, int nv,
                   safefile_dir *d)
{
	int k;

	if (safefile_dir_open(d, dir, &c->err) < 0)
		return -1;
	for (k = 0; k < nv; k++)
		if (safefile_can_write(d, v[k].file, &c->err) < 0)
			return -1;
	return 0;
}

static int write_raw(cmd_ctx *c, const safefile_dir *d, const variant *v,
                     int nv, int runs)
{
	int k, r;

	for (k = 0; k < nv; k++) {
		struct buf b = { 0 };
		char *text;
		int rc;
		for (r = 0; r < runs; r++)
			buf_printf(&b, "%.17g\n", v[k].ns[r]);   /* every bit */
		text = buf_take(&b);
		rc = safefile_write(d, v[k].file, text ? text : "",
		                    text ? strlen(text) : 0, &c->err);
		free(text);
		if (rc < 0)
			return -1;
	}
	return 0;
}

typedef struct setup {
	unsigned bits, b;
	size_t count, reps;
	int runs;                /* rounds done */
	int runs_planned;        /* rounds asked for (more than runs: the
	                          * default run's budget stopped it) */
	double budget;           /* that budget, ns (0: none, --runs) */
	char *keys;              /* the family, described */
	char mul_checked[160];   /* what the disassembly showed, "" unchecked */
	char compiler[CFX_ERR_PATH + 64];   /* jit_lib's cc, or its version */
	copy *cp;                /* the copies the rounds take turns on */
	int ncp;
	size_t copy_bytes;       /* one copy's keys and table */
	uint32_t *counted;       /* each copy's counters summed, mod 2^32 */
} setup;

/* The figures of n blocks: ministat's median (the sorted x[n/2]), the
 * 10th percentile p10 (the sorted x[n/10], the headline), the spread
 * (p75 - p25) / median, the processor time's median, the p10 of the
 * first and of the second half of the rounds, and the ratio to the
 * multiply (the form's p10 over the multiply's). */
typedef struct figures {
	double median, p10, spread, wall, cpu, first, second, ratio;
} figures;

/* x[n * num / den] of x sorted: x[n/2] ministat's median, x[n/10] p10 */
static double at(const double *x, size_t n, size_t num, size_t den)
{
	stats_sample t;
	double m;

	stats_sample_init(&t, x, n);
	m = t.x[n * num / den];
	stats_sample_clear(&t);
	return m;
}

static figures figures_of(const double *ns, const double *wall,
                          const double *cpu, size_t n)
{
	stats_sample t;
	figures f;

	stats_sample_init(&t, ns, n);
	f.median = t.median;
	f.p10 = t.x[n / 10];
	f.spread = t.median > 0 ? (t.x[3 * n / 4] - t.x[n / 4]) / t.median : 0;
	stats_sample_clear(&t);
	f.wall = at(wall, n, 1, 2);
	f.cpu = at(cpu, n, 1, 2);
	f.first = n >= 2 ? at(ns, n / 2, 1, 10) : f.p10;
	f.second = n >= 2 ? at(ns + n / 2, n - n / 2, 1, 10) : f.p10;
	f.ratio = NAN;
	return f;
}

static json_t *figures_json(const figures *f)
{
	return sreport_jreals(json_object(), "median", f->median, "p10",
	                      f->p10, "spread", f->spread, "wall_median",
	                      f->wall, "cpu_median", f->cpu, "ratio", f->ratio,
	                      NULL);
}

/* A table of figures, within 80 columns: the names' column w wide when
 * that leaves the six figures room (FIG_W), else NAME_W wide, and a name
 * longer than it on a row of its own above its figures. */
#define FIG_W 48                /* six columns of 8 */
#define NAME_W 28
static void figures_rows(FILE *out, const variant *v, int nv, int w,
                         const figures *f)
{
	int k;

	if (2 + w + FIG_W > 80)
		w = NAME_W;
	fprintf(out, "  %-*s %7s %7s %7s %7s %7s %7s\n", w, "", "median", "p10",
	        "spread", "wall", "cpu", "/ mult.");
	for (k = 0; k < nv; k++) {
		int own = (int)strlen(v[k].name) > w;
		if (own)
			fprintf(out, "  %s\n", v[k].name);
		fprintf(out, "  %-*s %7.4f %7.4f %6.1f%% %7.4f %7.4f %7.3f\n", w,
		        own ? "" : v[k].name, f[k].median, f[k].p10,
		        100 * f[k].spread, f[k].wall, f[k].cpu, f[k].ratio);
	}
}

/* The rounds in which a form's block lies outside its sample's outlier
 * fences (sreport's: 3.5 robust deviations from the median). */
static unsigned long outlier_rounds(const sreport *r, const variant *v,
                                    int nv, int runs)
{
	unsigned long n = 0;
	int i, k;

	for (i = 0; i < runs; i++)
		for (k = 0; k < nv; k++)
			if (v[k].ns[i] < r->lo[k] || v[k].ns[i] > r->hi[k]) {
				n++;
				break;
			}
	return n;
}

/* The run's warnings, in every mode: a busy machine, the outliers in one
 * line, halves that disagree. */
static void warn_run(cmd_ctx *c, const setup *s, const variant *v, int nv,
                     const figures *thr, unsigned long preempted,
                     unsigned long blocks, unsigned long outliers)
{
	int k;

	fflush(NULL);     /* the report first, then what warns about it */
	if (preempted * 4 > blocks)
		out_warn(stderr, c->cmd, "%lu of %lu blocks were "
		         "preempted (wall time above the processor's): a busy "
		         "machine; the 10th percentiles of short blocks resist "
		         "it, the spread (--full) shows it", preempted, blocks);
	if (outliers)
		out_warn(stderr, c->cmd, "%lu of %d rounds had an outlier "
		         "(a block more than 3.5 robust deviations from its "
		         "form's median; --json lists them): the 10th "
		         "percentiles resist them", outliers, s->runs);
	for (k = 0; k < nv; k++) {
		double d = thr[k].first > 0 ? thr[k].second / thr[k].first : 1;
		if (s->runs >= 20 && (d > 1.1 || d < 1 / 1.1))
			out_warn(stderr, c->cmd, "the two halves of the "
			         "rounds disagree on %s (p10 %.4g and %.4g ns): "
			         "the machine's speed changed during the run",
			         v[k].name, thr[k].first, thr[k].second);
	}
}

/* A form's adds, subtracts, shifts and negation ("" for the multiply). */
static void counts(char *buf, size_t n, const variant *v, int k)
{
	buf[0] = 0;
	if (k && v[k].adds + v[k].shifts)
		snprintf(buf, n, "%u adds/subs, %u shifts%s", v[k].adds,
		         v[k].shifts, v[k].negations ? ", 1 negation" : "");
}

#define TIE 1.05   /* forms within 5% of each other: no clear winner
                    * (whole runs moved about 10% in doc/bench.md) */

/* The verdict on one constant's forms (base: its multiply), by
 * throughput's p10: the fastest, and how the multiply stands to it. */
static void verdict(cmd_ctx *c, const variant *v, int nv, int base,
                    const figures *thr)
{
	struct buf b = { 0 };
	const char *hex = v[base].name + strlen("multiply ");
	int k, best = -1;

	for (k = base + 1; k < nv && v[k].base == base; k++)
		if (best < 0 || thr[k].ratio < thr[best].ratio)
			best = k;
	if (best < 0)
		return;
	if (thr[best].ratio * TIE < 1)
		buf_printf(&b, "verdict for %s: %s is the fastest here "
		           "(throughput p10): %.2f times the multiply's time.",
		           hex, v[best].name, thr[best].ratio);
	else if (thr[best].ratio < TIE)
		buf_printf(&b, "verdict for %s: no clear winner: %s is within "
		           "5%% of the multiply (throughput p10 ratio %.3f).",
		           hex, v[best].name, thr[best].ratio);
	else
		buf_printf(&b, "verdict for %s: the multiply is the fastest "
		           "here (throughput p10); the fastest shift/add form "
		           "takes %.2f times as long.", hex, thr[best].ratio);
	out_line(c->out, buf_str(&b), "  ");
	buf_free(&b);
}

/* The default report, the answer first: the header, each form's p10 and
 * its ratio for throughput and latency, each form's counts and
 * ministat's verdict on the means, the verdicts, what the figures are.
 * Every line within OUT_WIDTH columns (prose filled at spaces). */
static void report_short(cmd_ctx *c, const setup *s, const variant *v,
                         int nv, const figures *thr, const figures *lat,
                         const sreport *r, unsigned long preempted,
                         unsigned long blocks)
{
	struct buf b = { 0 };
	char cnt[96];
	int w = 28, k;   /* the names' column: 64-bit ones are wider */

	buf_printf(&b, "cfx bench: %zu %s keys on %u bit%s into 2^%u counters, "
	           "%d rounds of %zu passes, interleaved", s->count, s->keys,
	           s->bits, s->bits == 1 ? "" : "s", s->b, s->runs, s->reps);
	out_line(c->out, buf_str(&b), "  ");
	if (s->runs < s->runs_planned) {
		buf_clear(&b);
		buf_printf(&b, "(%d of %d rounds: the default run's budget of "
		           "%.0f s was reached: a busy machine)", s->runs,
		           s->runs_planned, s->budget / 1e9);
		out_line(c->out, buf_str(&b), " ");
	}
	buf_clear(&b);
	buf_printf(&b, "compiled with %s -O2", s->compiler);
	out_line(c->out, buf_str(&b), "  ");
	for (k = 0; k < nv; k++)
		if ((int)strlen(v[k].name) > w)
			w = (int)strlen(v[k].name);
	fprintf(c->out, "\n  %-*s %17s %17s\n  %-*s %8s %8s %8s %8s\n", w,
	        "ns/hash:", "throughput", "latency", w, "", "p10", "/ mult.",
	        "p10", "/ mult.");
	for (k = 0; k < nv; k++)
		fprintf(c->out, "  %-*s %8.4f %8.3f %8.4f %8.3f\n", w, v[k].name,
		        thr[k].p10, thr[k].ratio, lat[k].p10, lat[k].ratio);
	fputc('\n', c->out);
	for (k = 1; k < nv; k++) {
		const stats_diff *d = &r->cmp[k].student;
		counts(cnt, sizeof cnt, v, k);
		if (!cnt[0] || v[k].base == k)
			continue;
		buf_clear(&b);
		buf_printf(&b, "%s (%s): ", v[k].name, cnt);
		if (d->significant)
			buf_printf(&b, "Difference at %.1f%% confidence, mean "
			           "%+.1f%% +/- %.1f%% (Student's t)", d->conf,
			           d->pct, d->pct_err);
		else
			buf_printf(&b, "No difference proven at %.1f%% confidence "
			           "(Student's t)", d->conf);
		if (v[0].base != v[k].base)
			buf_printf(&b, ", against %s", v[0].name);
		out_line(c->out, buf_str(&b), "  ");
	}
	for (k = 0; k < nv; k++)
		if (v[k].base == k)
			verdict(c, v, nv, k, thr);
	fputc('\n', c->out);
	fprintf(c->out, "p10: the 10th percentile of a form's blocks, the "
	        "sorted x[n/10] (under load\n  steadier than the median); "
	        "/ mult.: the form's p10 over its multiply's;\n  --full: "
	        "the medians, spread, wall and processor time, ministat's "
	        "report.\n"
	        "throughput: independent keys into the table; latency: a "
	        "dependent chain.\n");
	buf_clear(&b);
	buf_printf(&b, "placement: round r runs on copy r mod %d of the keys and "
	           "counters (%.1f MiB).", s->ncp,
	           (double)s->copy_bytes * s->ncp / (1 << 20));
	out_line(c->out, buf_str(&b), "  ");
	buf_clear(&b);
	buf_printf(&b, "multiply: %s.", s->mul_checked[0] ? s->mul_checked
	           : "its constant read from a volatile (no objdump to check "
	           "the instruction)");
	out_line(c->out, buf_str(&b), "  ");
	buf_clear(&b);
	buf_printf(&b, "%lu of %lu blocks of %zu hashes were preempted (wall "
	           "> 1.05 x cpu + 2 us), counted by their processor time.",
	           preempted, blocks, s->count * s->reps);
	out_line(c->out, buf_str(&b), "  ");
	buf_free(&b);
}

/* --full, after the short report: the figures' tables and what they
 * are, then sreport's (ministat's table, the plot, the verdicts). */
static void report_full(cmd_ctx *c, const variant *v, int nv,
                        const figures *thr, const figures *lat)
{
	int w = 28, k;

	for (k = 0; k < nv; k++)        /* the names' column */
		if ((int)strlen(v[k].name) > w)
			w = (int)strlen(v[k].name);
	fprintf(c->out, "\nthroughput, ns/hash (independent keys into the "
	        "table):\n");
	figures_rows(c->out, v, nv, w, thr);
	fprintf(c->out, "latency, ns/hash (a dependent chain: each hash of "
	        "the key xor the last):\n");
	figures_rows(c->out, v, nv, w, lat);
	fprintf(c->out, "a block's figure is its wall time, or the processor's "
	        "(cpu) if it was preempted.\n"
	        "median: ministat's, the sorted blocks' x[n/2] (as in the table "
	        "below); p10:\nthe 10th percentile, x[n/10]; spread: (p75 - "
	        "p25) / median; wall, cpu: their\nmedians; / mult.: the form's "
	        "p10 over its multiply's.\n\n");
}

/* The copies into j: how many, their bytes, and each one's offsets in
 * its pages (from the addresses), rounds and sum of counters. */
static void copies_json(json_t *j, const setup *s)
{
	json_t *ps = json_array();
	int k;

	json_object_set_new(j, "copies", json_integer(s->ncp));
	json_object_set_new(j, "copy_bytes",
	                    json_integer((json_int_t)s->copy_bytes));
	json_object_set_new(j, "copies_bytes",
	                    json_integer((json_int_t)s->copy_bytes * s->ncp));
	for (k = 0; k < s->ncp; k++)
		json_array_append_new(ps, json_pack("{s:i, s:i, s:i, s:I}",
		        "keys_offset", (int)((uintptr_t)s->cp[k].keys % PAGE),
		        "table_offset", (int)((uintptr_t)s->cp[k].table % PAGE),
		        "rounds", s->cp[k].rounds,
		        "counted", (json_int_t)s->counted[k]));
	json_object_set_new(j, "placements", ps);
}

static void report(cmd_ctx *c, const cli_args *a, const setup *s,
                   variant *v, int nv)
{
	figures thr[MAX_VARIANTS], lat[MAX_VARIANTS];
	unsigned long preempted = 0, blocks = 2ul * (unsigned long)nv *
	                          (unsigned long)s->runs;
	sreport_set sets[MAX_VARIANTS];
	/* the outliers in one line (a line each flooded a pipe) */
	sreport_opts o = { 95, SREPORT_T, 1, 1, 0, 0, 74, 1, 2000, 1, NULL, 1, 0 };
	sreport r;
	json_t *j;
	unsigned long outliers;
	int k;

	o.width = sreport_width(c->out);
	o.untagged = !a->full;   /* the short report has no table or plot */
	for (k = 0; k < nv; k++) {
		sets[k].name = v[k].name;
		sets[k].raw = v[k].ns;
		sets[k].lines = NULL;
		stats_sample_init(&sets[k].s, v[k].ns, (size_t)s->runs);
	}
	sreport_init(&r, sets, nv, &o);
	outliers = outlier_rounds(&r, v, nv, s->runs);
	for (k = 0; k < nv; k++) {
		thr[k] = figures_of(v[k].ns, v[k].wall, v[k].cpu, (size_t)s->runs);
		lat[k] = figures_of(v[k].lat_ns, v[k].lat_wall, v[k].lat_cpu,
		                    (size_t)s->runs);
		preempted += v[k].preempted;
	}
	for (k = 0; k < nv; k++) {   /* after all: the base's figures too */
		const variant *b = &v[v[k].base];
		thr[k].ratio = thr[k].p10 / thr[b - v].p10;
		lat[k].ratio = lat[k].p10 / lat[b - v].p10;
	}
	j = json_object();
	json_object_set_new(j, "median", json_string("ministat's: the sorted "
	                    "blocks' x[n/2]"));
	json_object_set_new(j, "headline", json_string("p10: the 10th "
	                    "percentile of a form's blocks, the sorted x[n/10]; "
	                    "ratio: a form's p10 over its multiply's"));
	json_object_set_new(j, "blocks", json_integer((json_int_t)blocks));
	json_object_set_new(j, "preempted_blocks",
	                    json_integer((json_int_t)preempted));
	json_object_set_new(j, "outlier_rounds",
	                    json_integer((json_int_t)outliers));
	json_object_set_new(j, "multiply_checked", s->mul_checked[0] ?
	                    json_string(s->mul_checked) : json_null());
	json_object_set_new(j, "bits", json_integer(s->bits));
	json_object_set_new(j, "table_bits", json_integer(s->b));
	json_object_set_new(j, "keys", json_string(s->keys));
	json_object_set_new(j, "count", json_integer((json_int_t)s->count));
	json_object_set_new(j, "runs", json_integer(s->runs));
	json_object_set_new(j, "runs_planned", json_integer(s->runs_planned));
	json_object_set_new(j, "passes_per_round", json_integer((json_int_t)s->reps));
	json_object_set_new(j, "compiler", json_string(s->compiler));
	copies_json(j, s);
	{
		json_t *vs = json_array();
		for (k = 0; k < nv; k++) {
			json_t *o1 = json_object(), *ns = json_array();
			int i;
			json_object_set_new(o1, "name", json_string(v[k].name));
			json_object_set_new(o1, "adds", json_integer(v[k].adds));
			json_object_set_new(o1, "shifts", json_integer(v[k].shifts));
			json_object_set_new(o1, "negations", json_integer(v[k].negations));
			json_object_set_new(o1, "function", json_sprintf("cfx_bench_%d", k));
			json_object_set_new(o1, "hashes_run",
			                    json_integer((json_int_t)v[k].hashes));
			json_object_set_new(o1, "table", json_pack("{s:I, s:I, s:o}",
			        "largest", (json_int_t)v[k].largest,
			        "empty", (json_int_t)v[k].empty,
			        "squares", out_ju64(v[k].squares)));
			json_object_set_new(o1, "ns_median", out_jreal(thr[k].median));
			json_object_set_new(o1, "ns_p10", out_jreal(thr[k].p10));
			for (i = 0; i < s->runs; i++)
				json_array_append_new(ns, out_jreal(v[k].ns[i]));
			json_object_set_new(o1, "ns", ns);
			json_object_set_new(o1, "throughput",
			                    figures_json(&thr[k]));
			{
				json_t *l = figures_json(&lat[k]),
				       *ln = json_array();
				for (i = 0; i < s->runs; i++)
					json_array_append_new(ln, out_jreal(v[k].lat_ns[i]));
				json_object_set_new(l, "ns", ln);
				json_object_set_new(o1, "latency", l);
			}
			json_object_set_new(o1, "preempted_blocks",
			                    json_integer(v[k].preempted));
			json_array_append_new(vs, o1);
		}
		json_object_set_new(j, "variants", vs);
	}
	json_object_set_new(j, "stats", sreport_json(&r));
	if (!a->json) {
		report_short(c, s, v, nv, thr, lat, &r, preempted, blocks);
		if (a->full) {
			report_full(c, v, nv, thr, lat);
			sreport_text(&r, c->out);
		}
		sreport_warn(&r, c->cmd, stderr);
	}
	warn_run(c, s, v, nv, thr, preempted, blocks, outliers);
	cli_result(c, a->json, j);
	sreport_clear(&r);
	for (k = 0; k < nv; k++)
		stats_sample_clear(&sets[k].s);
}

/* ---- the command -------------------------------------------------------- */

/* --against's constant on the candidate's word of `bits`; ~ and << in it
 * on the word asked for (--bits, set bits), as in the candidate's */
static int against(cmd_ctx *c, const cli_args *a, unsigned long bits,
                   mpz_t p)
{
	expr_tree *t = expr_parse(a->against, &c->err);
	int rc = -1;

	if (t && expr_eval_int_word(t, cli_session_lookup, c->sess, a->bits, p,
	                            &c->err) == 0)
		rc = word_check(p, &bits, WORD_MAX_HASH, a->against, &c->err);
	expr_free(t);
	if (rc < 0)
		c->err.arg = a->against_arg;
	return rc;
}

static int prepare(cmd_ctx *c, cli_args *a, setup *s, variant *v, int *nv)
{
	mpz_t p, q;
	unsigned long bits;
	int rc = -1;

	mpz_inits(p, q, NULL);
	if (cli_multiplier(c, a, WORD_MAX_HASH, p, &bits) < 0)
		goto out;
	s->bits = (unsigned)bits;
	if (a->table_bits &&
	    score_table_check(a->table_bits, s->bits, &c->err) < 0)
		goto out;
	s->b = a->table_bits ? (unsigned)a->table_bits
	       : score_default_table(s->bits);
	if (a->against) {
		if (against(c, a, bits, q) < 0)
			goto out;
		*nv = add_variants(v, *nv, q, s->bits);
	}
	*nv = add_variants(v, *nv, p, s->bits);
	rc = 0;
out:
	mpz_clears(p, q, NULL);
	return rc;
}

/* Each variant's two loops from the compiled library (each address
 * checked: a C++ compiler mangles the names), and its samples for runs
 * rounds. */
static int bind_loops(cmd_ctx *c, jit_lib *lib, variant *v, int nv,
                      size_t runs)
{
	char names[2 * MAX_VARIANTS][32];
	const char *np[2 * MAX_VARIANTS + 1];
	void *fns[2 * MAX_VARIANTS];
	int k;

	for (k = 0; k < nv; k++) {
		snprintf(names[k], sizeof names[k], "cfx_bench_%d", k);
		snprintf(names[nv + k], sizeof names[nv + k], "cfx_lat_%d", k);
		np[k] = names[k];
		np[nv + k] = names[nv + k];
	}
	np[2 * nv] = NULL;
	if (jit_symbols(lib, np, fns, &c->err) < 0)
		return -1;
	for (k = 0; k < nv; k++) {
		v[k].fn = (bench_fn)fns[k];
		v[k].lat = (lat_fn)fns[nv + k];
		v[k].ns = xcalloc(runs, sizeof *v[k].ns, "samples");
		v[k].wall = xcalloc(runs, sizeof *v[k].wall, "samples");
		v[k].cpu = xcalloc(runs, sizeof *v[k].cpu, "samples");
		v[k].lat_ns = xcalloc(runs, sizeof *v[k].lat_ns, "samples");
		v[k].lat_wall = xcalloc(runs, sizeof *v[k].lat_wall, "samples");
		v[k].lat_cpu = xcalloc(runs, sizeof *v[k].lat_cpu, "samples");
	}
	return 0;
}

int cmd_bench(cmd_ctx *c, cli_args *a)
{
	variant v[MAX_VARIANTS];
	setup s;
	keys_spec ks;
	keys_set set = { 0 };
	jit_lib lib = { 0 };
	char *listing = NULL;    /* the object's disassembly, or NULL */
	safefile_dir raw = { 0 };
	uint32_t *table = NULL;
	size_t kb;
	char *src = NULL;
	int nv = 0, k, rc = CFX_EXIT_USAGE;
	size_t buckets;
	double start = now_ns();   /* the default run's budget counts from here */

	memset(v, 0, sizeof v);
	memset(&s, 0, sizeof s);
	memset(&ks, 0, sizeof ks);
	s.runs = a->runs ? (int)a->runs : BENCH_RUNS;
	s.runs_planned = s.runs;
	if (!a->runs && (s.budget = budget_ns(c)) < 0)
		goto done;
	if (prepare(c, a, &s, v, &nv) < 0)
		goto done;
	if (cli_keys_parse(&ks, a->keys ? a->keys : "seq", &c->err) < 0) {
		if (a->own_keys)            /* on this line: the REPL's caret */
			c->err.arg = a->keys_arg;
		goto done;
	}
	s.count = a->count ? (size_t)a->count : (size_t)4 << s.b;
	kb = s.count * (word_c_bits(s.bits) / 8);
	buckets = (size_t)1 << s.b;
	s.copy_bytes = kb + buckets * sizeof *table;
	if ((s.ncp = copies_wanted(c, s.copy_bytes)) < 0)
		goto done;
	/* everything the request holds at once, not the keys alone: they,
	 * their copies in the kernel's word type with a table of counters
	 * each, and one table more (--bits 64 --table-bits 24 reached
	 * 1.18 GB); the copies' padding, under 16 KiB each, aside */
	if (s.count <= KEYS_MAX &&
	    mem_check(s.count * sizeof (uint64_t) +
	              s.ncp * s.copy_bytes + buckets * sizeof *table,
	              "the keys, their copies and the tables", &c->err) < 0) {
		cli_limit_token(c, a);
		if (!c->err.token[0] && a->table_list)   /* the count follows */
			cfx_err_retoken(&c->err, a->table_list);
		goto done;
	}
	if (keys_make(&set, &ks, s.bits, s.count, c->stop, &c->err) < 0) {
		cli_limit_token(c, a);
		goto done;
	}
	s.count = set.n;
	s.keys = keys_describe(&ks);
	if (a->raw && raw_dir(c, a->raw, v, nv, &raw) < 0)
		goto done;
	src = kernel(v, nv, s.bits, s.b);
	if (jit_build_listed(&lib, src, NULL, c->stop, &listing, &c->err) < 0)
		goto done;
	jit_compiler_version(s.compiler, sizeof s.compiler);
	if (!s.compiler[0])
		snprintf(s.compiler, sizeof s.compiler, "%s", lib.cc);
	if (bind_loops(c, &lib, v, nv, (size_t)s.runs) < 0)
		goto done;
	check_multiply(c, listing, v, nv, s.mul_checked, sizeof s.mul_checked);
	table = xcalloc(buckets, sizeof *table, "table");
	s.cp = xcalloc((size_t)s.ncp, sizeof *s.cp, "copies");
	s.counted = xcalloc((size_t)s.ncp, sizeof *s.counted, "copies");
	if (copies_make(s.cp, s.ncp, &set, s.bits, kb,
	                buckets * sizeof *table, &c->err) < 0)
		goto done;
	if (agree(c, v, nv, s.cp[0].keys, s.count, table, s.cp[0].table,
	          buckets) < 0)
		goto fail;
	s.reps = calibrate(v, s.cp[0].keys, s.count, table);
	warm_up(v, nv, s.cp, s.ncp, s.count, buckets * sizeof *table, s.reps);
	if (timed(c, v, nv, s.cp, s.ncp, s.count, s.reps, &s.runs,
	          a->runs ? 0 : start + s.budget) < 0)
		goto done;
	if (tables_check(c, v, nv, s.cp, s.ncp, s.count, s.reps, table,
	                 buckets, s.counted) < 0)
		goto fail;
	if (a->raw && write_raw(c, &raw, v, nv, s.runs) < 0)
		goto done;
	report(c, a, &s, v, nv);
	rc = CFX_EXIT_OK;
	goto done;
fail:
	rc = CFX_EXIT_FAIL;
	cli_print_error(c, stderr);
done:
	jit_close(&lib);
	safefile_dir_close(&raw);
	for (k = 0; k < MAX_VARIANTS; k++) {
		free(v[k].body);
		free(v[k].ns);
		free(v[k].wall);
		free(v[k].cpu);
		free(v[k].lat_ns);
		free(v[k].lat_wall);
		free(v[k].lat_cpu);
	}
	free(listing);
	free(src);
	free(table);
	for (k = 0; k < s.ncp && s.cp; k++)
		free(s.cp[k].mem);
	free(s.cp);
	free(s.counted);
	free(s.keys);
	keys_free(&set);
	keys_spec_free(&ks);
	return rc;
}
