/* cmd_search.c - `cfx search`: cheap multipliers near a target, ranked,
 * screened and laid out as a cost-versus-quality front (search.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfx/naf.h"
#include "cfx/pool.h"
#include "cfx/search.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cli_word.h"
#include "cli/setting.h"
#include "cli/cmds.h"
#include "cli/out.h"
#include "util/buf.h"
#include "util/xalloc.h"

#define TOP_DEFAULT 10
/* The defaults answer the question from --help alone: 9 signed digits
 * within 2^-12 of 1/phi on 32 bits give PASSing multipliers and a front
 * of several costs in about 4 s of processor time (the 2002 patch's 7 digits within
 * 2^-8 give only WARNs: --terms 7 --window 8). */
#define TERMS_DEFAULT 9
#define WINDOW_DEFAULT 12
#define DROPPED_SHOWN 12   /* reasons printed in the text report */

/* One progress bar over the whole run, on a terminal only (on a pipe or
 * a file nothing, as git and the other commands do): each phase fills
 * its band of the bar, so it never restarts; the phase's own count and
 * the seconds so far follow it. */
#define BAR_SCREEN 0.10    /* enumerating fills [0, 0.10), screening */
#define BAR_SHIFTS 0.50    /* rounds [0.10, 0.50), shift/add the rest:
                           * the default run spends about 5%, 35% and
                           * 60% of its time in them */
typedef struct search_bar {
	struct timespec start;
	unsigned rounds;          /* screening rounds begun */
	int drawn;
} search_bar;

typedef struct request {
	search_bar *bar;          /* the run's progress */
	unsigned bits, terms, window;
	int adders;              /* A, or -1: by digits (terms) */
	size_t top;
	search_level level;
	int primes, all, json;
	expr_tree *near;           /* NULL: 1/phi */
	char unscreened[128];      /* why the word gets no screen by default */
} request;

/* ---- options ------------------------------------------------------------ */

static int usage(cmd_ctx *c, int arg, const char *token, const char *msg)
{
	cfx_err_set(&c->err, CFX_EUSAGE, -1, token, "%s", msg);
	c->err.arg = arg;
	return -1;
}

static int read_level(cmd_ctx *c, const cli_args *a, request *r)
{
	/* the screen is verify's battery, on the words verify judges */
	int screenable = r->bits >= SEARCH_SCREEN_MIN_BITS &&
	                 r->bits <= SEARCH_SCREEN_BITS;
	char msg[96];

	r->level = screenable ? SEARCH_QUICK : SEARCH_NONE;
	if (!a->screen) {
		if (r->bits < SEARCH_SCREEN_MIN_BITS)
			snprintf(r->unscreened, sizeof r->unscreened, "words below %d "
			         "bits are not screened: too few keys to judge (cfx "
			         "verify takes %d bits or more)", SEARCH_SCREEN_MIN_BITS,
			         SEARCH_SCREEN_MIN_BITS);
		else if (!screenable)
			snprintf(r->unscreened, sizeof r->unscreened, "words above %d "
			         "bits are not screened: the battery hashes machine "
			         "words", SEARCH_SCREEN_BITS);
		return 0;
	}
	if (!strcmp(a->screen, "quick"))
		r->level = SEARCH_QUICK;
	else if (!strcmp(a->screen, "full"))
		r->level = SEARCH_FULL;
	else if (!strcmp(a->screen, "none"))
		r->level = SEARCH_NONE;
	else
		return usage(c, a->screen_arg, a->screen,
		             "--screen must be quick, full or none");
	snprintf(msg, sizeof msg, "--screen needs --bits from %d to %d (use "
	         "--screen none)", SEARCH_SCREEN_MIN_BITS, SEARCH_SCREEN_BITS);
	if (r->level != SEARCH_NONE && !screenable)
		return usage(c, a->screen_arg, a->screen, msg);
	return 0;
}

static int read_request(cmd_ctx *c, const cli_args *a, request *r)
{
	unsigned long long v;

	memset(r, 0, sizeof *r);
	if (a->expr)
		return usage(c, a->expr_arg, a->expr, "search takes no constant; "
		             "the target is --near EXPR");
	/* the word rule of every command (word.h): 32 holds any target's
	 * multiplier, so 32 unless --bits says otherwise */
	r->bits = a->bits ? (unsigned)a->bits : (unsigned)word_for_width(1);
	if (cli_word_check(cli_word_range_of("search"), r->bits, "--bits",
	                   NULL, &c->err) < 0)
		return -1;      /* the table's words (cli.c checks first) */
	r->terms = TERMS_DEFAULT;
	r->adders = -1;
	if (a->terms_text && a->adders_text)
		return usage(c, a->adders_arg, a->adders_text,
		             "--terms and --adders exclude each other");
	if (a->terms_text) {
		if (cli_option(c, a->terms_arg, SETTING_STERMS, a->terms_text,
		               &v) < 0)
			return -1;
		r->terms = (unsigned)v;
	}
	if (a->adders_text) {
		if (cli_option(c, a->adders_arg, SETTING_ADDERS, a->adders_text,
		               &v) < 0)
			return -1;
		r->adders = (int)v;
		if (search_adders_check(r->bits, (unsigned)v, &c->err) < 0) {
			c->err.code = CFX_EUSAGE;
			c->err.arg = a->adders_arg;
			cfx_err_retoken(&c->err, a->adders_text);
			return -1;
		}
	}
	r->window = r->bits < WINDOW_DEFAULT ? r->bits : WINDOW_DEFAULT;
	if (a->window_text) {
		const setting *w = setting_get(SETTING_WINDOW);
		if (cli_number(c, a->window_arg, w, a->window_text, w->lo,
		               r->bits, &v) < 0)
			return -1;
		r->window = (unsigned)v;
	}
	r->top = TOP_DEFAULT;
	if (a->top_text) {
		if (cli_option(c, a->top_arg, SETTING_TOP, a->top_text, &v) < 0)
			return -1;
		r->top = (size_t)v;
	}
	r->primes = a->prime;
	r->all = a->all;
	r->json = a->json;
	if (read_level(c, a, r) < 0)
		return -1;
	if (a->near && !(r->near = expr_parse(a->near, &c->err))) {
		c->err.arg = a->near_arg;
		return -1;
	}
	return 0;
}

/* ---- running ------------------------------------------------------------ */

typedef struct job {
	cmd_ctx *c;
	const search_plan *pl;
	unsigned bits;
	search_list *lists;          /* enumeration: one per task */
	uint64_t *seen;              /* one per task */
	cfx_err *errs;               /* the first error (screen), or the
	                              * first CFX_ELIMIT (enumeration) */
	atomic_int failed;           /* enumeration: errs is taken */
	atomic_size_t found;         /* candidates of all tasks */
	const search_cand *cands;    /* prediction and screen: */
	search_verdict *verdicts;    /*   the verdict of cands[i] */
	unsigned char *passes;       /*   or whether the prediction passes */
	const size_t *idx;           /* prediction: of cands[idx[k]] */
	size_t chunk;                /* prediction: candidates per task */
	size_t count;
	search_cand *tune;           /* search_optimal of these */
	mcm_ctx *mcm[POOL_MAX];      /* one per worker */
	search_level level;
	volatile sig_atomic_t halt;  /* Ctrl-C, or a task gave up */
	const char *label, *unit;    /* the phase drawn, NULL: none */
	double lo, hi;               /* its band of the bar */
	search_bar *bar;
} job;

static int job_progress(void *ctx, size_t done, size_t total)
{
	job *j = ctx;
	struct timespec now;
	char note[48];

	if (j->c->stop && *j->c->stop)
		j->halt = 1;
	if (j->c->progress && j->label) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		snprintf(note, sizeof note, "%s, %.0f s", j->label,
		         (double)(now.tv_sec - j->bar->start.tv_sec) +
		         (double)(now.tv_nsec - j->bar->start.tv_nsec) * 1e-9);
		out_progress_note("search", done, total, j->unit, j->lo +
		                  (j->hi - j->lo) * (total ? (double)done /
		                                     (double)total : 1), note);
		j->bar->drawn = 1;
	}
	return j->halt;
}

/* A job of phase label (NULL: not drawn) filling [lo, hi) of the bar. */
static void job_start(job *j, cmd_ctx *c, const request *r,
                      const char *label, const char *unit, double lo,
                      double hi)
{
	memset(j, 0, sizeof *j);
	j->c = c;
	j->bar = r->bar;
	j->label = label;
	j->unit = unit;
	j->lo = lo;
	j->hi = hi;
}

static void bar_end(search_bar *bar)
{
	if (bar->drawn)
		out_progress_end();
	bar->drawn = 0;
}

static void enumerate_task(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;
	cfx_err e;   /* a task's own: one per task was 33 kB each, 165 MB
	              * for a plan of 5000 tasks (ulimit -v then aborted) */

	(void)w;
	e.code = CFX_OK;
	/* the walk polls Ctrl-C itself: halt is set only between tasks
	 * (job_progress), and one task walked for seconds before it saw it;
	 * a task past the limit stops the others through found, which they
	 * all count, and no task starts after a halt */
	if (j->halt)
		return;
	if (search_task_run(j->pl, i, &j->lists[i], &j->seen[i], &j->found,
	                    j->c->stop, &e) < 0) {
		if (e.code == CFX_ELIMIT && !atomic_exchange(&j->failed, 1))
			*j->errs = e;
		j->halt = 1;
	}
}

static void screen_task(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;

	(void)w;
	/* Ctrl-C abandons a battery between its families (the full one
	 * takes seconds); the candidate is left unscreened */
	if (j->halt || search_screen(j->cands[i].p, j->bits, j->level,
	                             j->c->stop, &j->verdicts[i],
	                             &j->errs[0]) != 0)
		j->halt = 1;
}

static void optimal_task(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;

	if (!j->mcm[w]) {
		j->mcm[w] = mcm_new();
		/* a count of 5 proven on words of up to 32 bits */
		mcm_set_prove(j->mcm[w], MCM_PROVE_FIVE);
	}
	search_optimal(j->mcm[w], &j->tune[i], j->bits);
}

/* Enumerate into all (sorted best first); *seen: forms compared.
 * Returns 0, 1 if interrupted, -1 with c->err on a hard error, -2 with
 * c->err when more than SEARCH_MAX_FOUND candidates lie in the window. */
static int enumerate(cmd_ctx *c, const request *r, const search_target *t,
                     search_list *all, uint64_t *seen)
{
	search_plan pl;
	job j;
	size_t i;
	int rc = 0;

	if ((r->adders >= 0
	     ? search_plan_adders(&pl, t, (unsigned)r->adders, r->primes, &c->err)
	     : search_plan_make(&pl, t, r->terms, r->primes, 64 * pool_cpus(),
	                        &c->err)) < 0)
		return -1;
	job_start(&j, c, r, "enumerating", r->adders >= 0 ? "first adders"
	          : "subtrees", 0, BAR_SCREEN);
	atomic_init(&j.found, 0);
	j.pl = &pl;
	j.lists = xcalloc(pl.ntask + 1, sizeof *j.lists, "search lists");
	j.seen = xcalloc(pl.ntask + 1, sizeof *j.seen, "search counts");
	j.errs = &c->err;
	atomic_init(&j.failed, 0);
	pool_run(pl.ntask, pool_cpus(), enumerate_task, job_progress, &j);
	if (atomic_load(&j.failed)) {
		/* past the candidates' limit, or memory gave out (the task's
		 * own message, in c->err) */
		rc = atomic_load(&j.found) > SEARCH_MAX_FOUND ? -2 : -1;
	}
	*seen = 0;
	for (i = 0; i < pl.ntask; i++) {
		if (rc == 0 && search_list_append(all, &j.lists[i], &c->err) < 0)
			rc = -1;
		search_list_free(&j.lists[i]);
		*seen += j.seen[i];
	}
	if (rc == 0 && j.halt)
		rc = 1;
	if (rc >= 0 && r->adders >= 0)
		search_list_unique(all);    /* tasks meet the same p */
	if (rc == 1)                    /* fewest among the graphs built */
		for (i = 0; i < all->n; i++)
			if (all->c[i].cost == SEARCH_COST_EXACT)
				all->c[i].cost = SEARCH_COST_FOUND;
	if (rc >= 0)
		search_sort(all->c, all->n);
	free(j.lists);
	free(j.seen);
	search_plan_free(&pl);
	return rc;
}

/* What is shown: candidates with their verdicts. */
typedef struct picked {
	search_cand *c;
	search_verdict *v;
	size_t *rank;                /* index in the ranked list */
	size_t n, room;
	size_t scanned;              /* ranked candidates the prediction saw */
	size_t screened;             /* of them, run through the battery */
} picked;

static void picked_add(picked *pk, const search_list *all, size_t i,
                       const search_verdict *v)
{
	XGROW(pk->c, pk->room, pk->n + 1, "search picks");
	pk->v = xrealloc(pk->v, pk->room * sizeof *pk->v, "search picks");
	pk->rank = xrealloc(pk->rank, pk->room * sizeof *pk->rank,
	                    "search picks");
	pk->c[pk->n] = all->c[i];
	pk->rank[pk->n] = i;
	if (v)
		pk->v[pk->n] = *v;
	else
		memset(&pk->v[pk->n], 0, sizeof pk->v[pk->n]);
	pk->n++;
}

#define PREDICT_CHUNK 256
#define PREDICT_BLOCK (64 * PREDICT_CHUNK)
#define PREDICT_FAILS 1          /* passes[]: 0 not predicted yet, */
#define PREDICT_PASSES 2         /*   else one of these */
#define SCREEN_BUDGET 10         /* battery runs per cost: 10 T at most */

static void predict_task(void *ctx, size_t i, unsigned w)
{
	job *j = ctx;
	size_t k, end = (i + 1) * j->chunk < j->count ? (i + 1) * j->chunk
	                : j->count;

	(void)w;
	for (k = i * j->chunk; k < end; k++) {
		search_verdict v;
		size_t at = j->idx[k];
		memset(&v, 0, sizeof v);
		j->passes[at] = (unsigned char)(PREDICT_FAILS +
		                search_predict(j->cands[at].p, j->bits, &v));
	}
}

/* The walk down the ranked list, one cursor per cost. */
typedef struct walk {
	const search_list *all;
	unsigned char *passes;       /* prediction of all->c[i], 0: not yet */
	size_t block[SEARCH_MAX_TERMS + 1];     /* next prediction's size */
	size_t cur[SEARCH_MAX_TERMS + 1];       /* next index to look at */
	size_t kept[SEARCH_MAX_TERMS + 1];      /* survivors of the battery */
	size_t tried[SEARCH_MAX_TERMS + 1];     /* battery runs */
	size_t shown[SEARCH_MAX_TERMS + 1];     /* prediction drops shown */
} walk;

/* Battery runs cost w may still have. */
static size_t budget_left(const walk *wk, unsigned w, size_t top)
{
	return wk->tried[w] < SCREEN_BUDGET * top
	       ? SCREEN_BUDGET * top - wk->tried[w] : 0;
}

/* Predict the next block of cost w's candidates from `from` on (those
 * not predicted yet) on every processor, a block twice the last: a cost
 * that needs few predicts few; 1 if interrupted. */
static int predict_more(cmd_ctx *c, const request *r, walk *wk, unsigned w,
                        size_t from)
{
	size_t want, n = 0, k, *idx;
	job j;

	if (!wk->block[w])
		wk->block[w] = PREDICT_CHUNK;
	want = wk->block[w];
	if (wk->block[w] < PREDICT_BLOCK)
		wk->block[w] *= 2;
	idx = xmalloc(want * sizeof *idx, "search predictions");
	for (k = from; k < wk->all->n && n < want; k++)
		if (!wk->passes[k] && search_cost(&wk->all->c[k]) == w)
			idx[n++] = k;
	job_start(&j, c, r, NULL, NULL, 0, 0);
	j.bits = r->bits;
	j.cands = wk->all->c;
	j.passes = wk->passes;
	j.idx = idx;
	j.chunk = PREDICT_CHUNK;
	j.count = n;
	pool_run((j.count + PREDICT_CHUNK - 1) / PREDICT_CHUNK, pool_cpus(),
	         predict_task, job_progress, &j);
	free(idx);
	return j.halt != 0;
}

/* Move cost w's cursor on until it has picked `want` candidates the
 * prediction lets through (kept in pk unscreened) or the list ends; the
 * first `top` it drops are kept to show why.  1 if interrupted. */
static int advance(cmd_ctx *c, const request *r, walk *wk, unsigned w,
                   size_t want, picked *pk)
{
	const search_list *all = wk->all;

	while (want && wk->cur[w] < all->n) {
		size_t i = wk->cur[w]++;

		if (search_cost(&all->c[i]) != w)
			continue;
		if (!wk->passes[i] && predict_more(c, r, wk, w, i))
			return 1;
		if (wk->passes[i] == PREDICT_PASSES) {
			picked_add(pk, all, i, NULL);
			want--;
		} else if (wk->shown[w]++ < r->top) {
			search_verdict v;
			memset(&v, 0, sizeof v);   /* predict leaves fields unset */
			search_predict(all->c[i].p, r->bits, &v);
			picked_add(pk, all, i, &v);
		}
	}
	if (wk->cur[w] > pk->scanned)
		pk->scanned = wk->cur[w];
	return 0;
}

/* Run the battery on pk's unscreened entries from `from` on; 1 if
 * interrupted. */
static int screen(cmd_ctx *c, const request *r, picked *pk, size_t from)
{
	search_cand *todo = xmalloc((pk->n + 1) * sizeof *todo, "search screen");
	search_verdict *tv = xmalloc((pk->n + 1) * sizeof *tv, "search screen");
	size_t *at = xmalloc((pk->n + 1) * sizeof *at, "search screen");
	size_t n = 0, i;
	/* round k fills half of what is left of screening's band */
	double k = r->bar->rounds++, band = BAR_SHIFTS - BAR_SCREEN;
	cfx_err e;
	job j;

	for (i = from; i < pk->n; i++)
		if (pk->v[i].status == SEARCH_UNSCREENED) {
			todo[n] = pk->c[i];
			memset(&tv[n], 0, sizeof tv[n]);
			at[n++] = i;
		}
	job_start(&j, c, r, r->level == SEARCH_FULL ? "screening (full)"
	          : "screening (quick)", "candidates",
	          BAR_SCREEN + band * (1 - pow(0.5, k)),
	          BAR_SCREEN + band * (1 - pow(0.5, k + 1)));
	j.bits = r->bits;
	j.cands = todo;
	j.verdicts = tv;
	j.level = r->level;
	j.errs = &e;
	pool_run(n, pool_cpus(), screen_task, job_progress, &j);
	for (i = 0; i < n; i++)
		pk->v[at[i]] = tv[i];
	pk->screened += n;
	free(todo);
	free(tv);
	free(at);
	return j.halt != 0;
}

/*
 * The best `top` of each cost that pass the screen, found by walking the
 * ranked list: the prediction (in parallel, block by block) picks the
 * next candidates of each cost that still lacks survivors, the battery
 * screens them, and the walk goes on until every cost has `top`
 * survivors, has run the battery SCREEN_BUDGET times `top`, or has no
 * candidates left.  Without a screen, simply the first `top` of each
 * cost.  Returns 1 if interrupted.
 */
static int choose(cmd_ctx *c, const request *r, const search_list *all,
                  picked *pk)
{
	walk *wk;
	size_t i;
	int more = 1, halt = 0;
	unsigned w;

	if (r->level == SEARCH_NONE) {
		size_t per[SEARCH_MAX_TERMS + 1] = { 0 };
		for (i = 0; i < all->n; i++)
			if (per[search_cost(&all->c[i])]++ < r->top)
				picked_add(pk, all, i, NULL);
		return 0;
	}
	wk = xcalloc(1, sizeof *wk, "search walk");
	wk->all = all;
	wk->passes = xcalloc(all->n + 1, 1, "search predictions");
	while (more && !halt) {
		size_t from = pk->n;

		more = 0;
		for (w = 0; w <= SEARCH_MAX_TERMS && !halt; w++) {
			size_t want = r->top - wk->kept[w], budget;

			budget = budget_left(wk, w, r->top);
			if (wk->kept[w] >= r->top || !budget || wk->cur[w] >= all->n)
				continue;
			if (want > budget)
				want = budget;
			halt = advance(c, r, wk, w, want, pk);
		}
		if (!halt && pk->n > from)
			halt = screen(c, r, pk, from);
		for (i = from; i < pk->n; i++) {
			w = search_cost(&pk->c[i]);
			if (pk->v[i].quality < INFINITY || pk->v[i].status != SEARCH_FAIL)
				wk->tried[w]++;         /* it reached the battery */
			if (pk->v[i].status == SEARCH_PASS ||
			    pk->v[i].status == SEARCH_WARN)
				wk->kept[w]++;
		}
		for (w = 0; w <= SEARCH_MAX_TERMS; w++)
			more |= wk->kept[w] < r->top && wk->cur[w] < all->n &&
			        budget_left(wk, w, r->top);
	}
	free(wk->passes);
	free(wk);
	return halt;
}

/* Put pk back in rank order (the walk picks cost by cost). */
static const picked *sort_pk;

static int by_rank(const void *a, const void *b)
{
	size_t x = sort_pk->rank[*(const size_t *)a];
	size_t y = sort_pk->rank[*(const size_t *)b];
	return x < y ? -1 : x > y;
}

static void picked_sort(picked *pk)
{
	size_t *ord = xmalloc((pk->n + 1) * sizeof *ord, "search order"), i;
	search_cand *c = xmalloc((pk->n + 1) * sizeof *c, "search order");
	search_verdict *v = xmalloc((pk->n + 1) * sizeof *v, "search order");
	size_t *rank = xmalloc((pk->n + 1) * sizeof *rank, "search order");

	for (i = 0; i < pk->n; i++)
		ord[i] = i;
	sort_pk = pk;
	qsort(ord, pk->n, sizeof *ord, by_rank);
	for (i = 0; i < pk->n; i++) {
		c[i] = pk->c[ord[i]];
		v[i] = pk->v[ord[i]];
		rank[i] = pk->rank[ord[i]];
	}
	free(pk->c);
	free(pk->v);
	free(pk->rank);
	pk->c = c;
	pk->v = v;
	pk->rank = rank;
	pk->room = pk->n + 1;
	free(ord);
}

/* The adders and depth of cfx's shift/add search for what is shown.
 * Returns 1 if interrupted: the candidates it did not reach keep their
 * signed digits' count (N/-), which the report then says it is. */
static int optimize(cmd_ctx *c, const request *r, picked *pk)
{
	job j;
	unsigned w;

	if (r->bits > 64 || pk->n == 0)
		return 0;
	job_start(&j, c, r, "shift/add search", "candidates", BAR_SHIFTS, 1);
	j.bits = r->bits;
	j.tune = pk->c;
	pool_run(pk->n, pool_cpus(), optimal_task, job_progress, &j);
	for (w = 0; w < POOL_MAX; w++)
		mcm_free(j.mcm[w]);
	return j.halt != 0;
}

/* ---- output ------------------------------------------------------------- */

typedef struct shown {
	char hex[40];
	char *sum;
} shown;

static void describe(const search_cand *cd, unsigned bits, shown *s)
{
	mpz_t z;
	naf_form nf;
	char *h;
	uint64_t limb[2] = { (uint64_t)cd->p, (uint64_t)(cd->p >> 64) };

	mpz_init(z);
	mpz_import(z, 2, -1, sizeof limb[0], 0, 0, limb);
	h = word_hex(z, bits);
	snprintf(s->hex, sizeof s->hex, "%s", h);
	free(h);
	naf_of(&nf, z, bits);
	s->sum = naf_power_sum(&nf);
	naf_clear(&nf);
	mpz_clear(z);
}

static json_t *jword(search_word w)
{
	char buf[48];

	return json_string(search_word_str(w, buf));
}

static json_t *cand_json(const search_cand *cd, const search_verdict *v,
                         unsigned bits)
{
	shown s;
	json_t *o = json_object();

	describe(cd, bits, &s);
	json_object_set_new(o, "hex", json_string(s.hex));
	json_object_set_new(o, "value", jword(cd->p));
	json_object_set_new(o, "power_sum", json_string(s.sum));
	json_object_set_new(o, "weight", json_integer(cd->weight));
	json_object_set_new(o, "adders", json_integer(search_cost(cd)));
	json_object_set_new(o, "depth", cd->cost != SEARCH_COST_NAF
	                    ? json_integer(cd->depth) : json_null());
	json_object_set_new(o, "adders_exact", json_boolean(
	                    cd->cost >= SEARCH_COST_PROVEN));
	json_object_set_new(o, "depth_least", json_boolean(
	                    cd->cost == SEARCH_COST_EXACT));
	json_object_set_new(o, "naf_adders", json_integer(cd->weight - 1));
	json_object_set_new(o, "prefix", json_integer(cd->prefix));
	json_object_set_new(o, "largest_early_quotient", jword(cd->big));
	json_object_set_new(o, "largest_early_index",
	                    json_integer(cd->big_index));
	json_object_set_new(o, "distance", out_jreal(cd->dist));
	json_object_set_new(o, "prime", cd->prime < 0 ? json_null()
	                    : json_boolean(cd->prime > 0));
	json_object_set_new(o, "screen", json_string(
	                    search_status_name(v->status)));
	if (v->status != SEARCH_UNSCREENED) {
		json_object_set_new(o, "warn_families", json_integer(v->warns));
		json_object_set_new(o, "quality", out_jreal(v->quality));
		json_object_set_new(o, "worst_family", json_string(v->family));
		json_object_set_new(o, "reason", json_string(v->reason));
	}
	free(s.sum);
	return o;
}

static const char *level_name(search_level l)
{
	return l == SEARCH_FULL ? "full" : l == SEARCH_QUICK ? "quick" : "none";
}

/* The widths of the table's columns: the rank's grows with the largest
 * rank shown, the multiplier's with the word. */
typedef struct columns {
	int rank, hex;
} columns;

/*
 * A cell of the table's last column, "worst family (its R)": its words
 * cut into lines of width columns, the best cut first by the columns
 * that pass the edge (a word wider than the cell has a line of its own),
 * then the fewest lines (at most maxl), then the longest line as short as
 * it can be: "stride" over "2^21 (683)", not "stride 2^21" over a lone
 * "(683)" as a greedy cut gives.  Sets the words (at most CELL_WORDS) in
 * c and returns the cut: bit i set, a line ends after word i.
 */
enum { CELL_WORDS = 12 };
typedef struct cell {
	const char *w[CELL_WORDS];
	size_t len[CELL_WORDS], n;
} cell;

static unsigned long cell_cut(cell *c, const char *text, size_t width,
                              size_t maxl)
{
	unsigned long mask, best = 0;
	size_t best_over = (size_t)-1, best_lines = 0, best_max = 0, i;
	const char *p = text;

	for (c->n = 0; *p && c->n < CELL_WORDS; p += c->len[c->n++]) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		c->w[c->n] = p;
		c->len[c->n] = c->n + 1 < CELL_WORDS ? strcspn(p, " ") : strlen(p);
	}
	for (mask = 0; c->n && mask < 1ul << (c->n - 1); mask++) {
		size_t over = 0, lines = 1, max = 0, cur = c->len[0];
		for (i = 1; i <= c->n; i++) {
			if (i < c->n && !(mask >> (i - 1) & 1)) {
				cur += 1 + c->len[i];
				continue;
			}
			over += cur > width ? cur - width : 0;
			max = cur > max ? cur : max;
			if (i < c->n) {
				lines++;
				cur = c->len[i];
			}
		}
		if (lines > maxl)
			continue;
		if (over < best_over || (over == best_over &&
		    (lines < best_lines || (lines == best_lines && max < best_max)))) {
			best = mask;
			best_over = over;
			best_lines = lines;
			best_max = max;
		}
	}
	return best;
}

/* Words from..to-1 of c, a space between them. */
static void cell_words(FILE *f, const cell *c, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		fprintf(f, "%s%.*s", i > from ? " " : "", (int)c->len[i], c->w[i]);
}

/* text as the cell that ends a row whose other columns take col: its
 * first line after them (already printed), the others below it at col. */
static void print_cell(FILE *f, const char *text, int col)
{
	cell c;
	unsigned long cut = cell_cut(&c, text, col < out_width() ?
	                             (size_t)(out_width() - col) : 1, CELL_WORDS);
	size_t i, from = 0;

	for (i = 0; i < c.n; i++)
		if (i + 1 == c.n || cut >> i & 1) {
			if (from)
				fprintf(f, "%*s", col, "");
			cell_words(f, &c, from, i + 1);
			fputc('\n', f);
			from = i + 1;
		}
}

/* The columns in words, over two lines; the last column's head, "worst
 * family (its R)", over both when the second cannot hold it. */
static void print_head(FILE *f, const columns *w, int golden)
{
	static const char last[] = "worst family (its R)";
	int col = w->rank + w->hex + 45;    /* as print_row's columns */
	cell c;
	unsigned long cut = cell_cut(&c, last, col < out_width() ?
	                             (size_t)(out_width() - col) : 1, 2);
	size_t top = cut ? (size_t)__builtin_ctzl(cut) + 1 : 0;

	fprintf(f, "%*s  %-*s %7s %7s %9s", w->rank, "", w->hex, "",
	        "adders/", golden ? "golden" : "shared", "max early");
	if (top) {
		fprintf(f, "%*s", col - (w->rank + w->hex + 28), "");
		cell_words(f, &c, 0, top);
	}
	fprintf(f, "\n%*s  %-*s %7s %7s %9s  %-5s  %-6s  ", w->rank, "rank",
	        w->hex, "multiplier", "depth", "prefix", "quotient", "prime",
	        "screen");
	cell_words(f, &c, top, c.n);
	fputc('\n', f);
}

static void print_row(FILE *f, const columns *w, size_t rank,
                      const search_cand *cd, const search_verdict *v,
                      unsigned bits)
{
	shown s;
	char big[48], fam[48] = "", cost[16], paint[32], line[256];
	const char *status;
	size_t n, esc;

	describe(cd, bits, &s);
	search_word_str(cd->big, big);
	if (strlen(big) > 9)         /* keep the column: 1.33e+36 */
		snprintf(big, sizeof big, "%.3g", (double)cd->big);
	if (v->status != SEARCH_UNSCREENED)
		snprintf(fam, sizeof fam, "%s (%.3g)", v->family, v->quality);
	if (cd->cost != SEARCH_COST_NAF)
		snprintf(cost, sizeof cost, "%u/%u", cd->adders, cd->depth);
	else
		snprintf(cost, sizeof cost, "%u/-", search_cost(cd));
	status = out_paint(f, search_status_name(v->status), paint,
	                   sizeof paint);
	esc = strlen(status) - strlen(search_status_name(v->status));
	/* the mark (*: not proven fewest) in a column of its own, so the
	 * figures line up with or without it */
	snprintf(line, sizeof line, "%*zu  %-*s %6s%c %7u %9s  %-5s  %s%*s  ",
	         w->rank, rank, w->hex, s.hex, cost,
	         cd->cost == SEARCH_COST_FOUND ? '*' : ' ', cd->prefix, big,
	         cd->prime < 0 ? "-" : cd->prime == 2 ? "yes"
	         : cd->prime ? "prob." : "no", status,
	         6 - (int)strlen(search_status_name(v->status)), "");
	n = strlen(line);
	if (fam[0]) {
		/* wider than 80: the family goes on below its column */
		fputs(line, f);
		print_cell(f, fam, (int)(n - esc));
	} else {
		while (n > 0 && line[n - 1] == ' ')
			n--;                 /* no trailing blanks */
		fprintf(f, "%.*s\n", (int)n, line);
	}
	snprintf(line, sizeof line, "%*s", w->rank + 3, "");
	out_sum(f, line, s.sum, out_width());   /* under the multiplier */
	free(s.sum);
}

typedef struct outcome {
	const search_target *t;
	const picked *pk;
	const size_t *front;
	size_t nfront, found;
	uint64_t seen;
	int interrupted;
	search_level level;    /* the screen that ran: none if stopped before */
	char widen[160];       /* nothing in the window: what finds some
	                        * (widen_advice), "" if nothing found does */
} outcome;

/* One row of the front, its cells as printed before they are aligned. */
typedef struct front_row {
	char adders[16], mark[4], depth[16], r[32];
	shown s;
} front_row;

static int widest(int w, const char *text)
{
	int n = (int)strlen(text);
	return n > w ? n : w;
}

/* The front, every column aligned whatever the width of its cells: the
 * adders right-aligned with their marks ("*": not proven fewest) in a
 * column of their own, the depth, the multiplier, R. */
static void print_front(FILE *f, const outcome *o)
{
	front_row *row;
	int wa = 2, wm = 0, wd = 1, wh = 0, wr = 5;
	size_t i;

	if (!o->nfront)
		return;
	row = xcalloc(o->nfront, sizeof *row, "search front");
	for (i = 0; i < o->nfront; i++) {
		const search_cand *cd = &o->pk->c[o->front[i]];
		front_row *w = &row[i];

		snprintf(w->adders, sizeof w->adders, "%u", search_cost(cd));
		snprintf(w->mark, sizeof w->mark, "%s",
		         cd->cost == SEARCH_COST_FOUND ? "*" : "");
		if (cd->cost != SEARCH_COST_NAF)
			snprintf(w->depth, sizeof w->depth, "%u", cd->depth);
		else
			snprintf(w->depth, sizeof w->depth, "-");  /* unknown: NAF
			                                             * cost (interrupted) */
		snprintf(w->r, sizeof w->r, "%.3g", o->pk->v[o->front[i]].quality);
		describe(cd, o->t->bits, &w->s);
		wa = widest(wa, w->adders);
		wm = widest(wm, w->mark);
		wd = widest(wd, w->depth);
		wh = widest(wh, w->s.hex);
		wr = widest(wr, w->r);
	}
	fprintf(f, "\nfront: what each extra adder buys (cost against the "
	        "largest worst-cell R)\n");
	for (i = 0; i < o->nfront; i++) {
		char paint[32];

		fprintf(f, "  %*s%-*s adders, depth %-*s  %-*s  R %-*s  %s\n",
		        wa, row[i].adders, wm, row[i].mark, wd, row[i].depth, wh,
		        row[i].s.hex, wr, row[i].r,
		        out_paint(f, search_status_name(o->pk->v[o->front[i]].status),
		                  paint, sizeof paint));
		free(row[i].s.sum);
	}
	free(row);
}

/* The candidates the screen dropped (failed, with --all): the first
 * DROPPED_SHOWN of them with why, and how many more. */
static void print_dropped(FILE *f, const request *r, const outcome *o,
                          size_t dropped)
{
	const picked *pk = o->pk;
	size_t i, said = 0;

	fprintf(f, "\n%s by the screen:\n", r->all ? "failed" : "dropped");
	for (i = 0; i < pk->n && said < DROPPED_SHOWN; i++)
		if (pk->v[i].status == SEARCH_FAIL) {
			shown s;
			char head[48], rest[48];

			describe(&pk->c[i], o->t->bits, &s);
			snprintf(head, sizeof head, "  %s  ", s.hex);
			snprintf(rest, sizeof rest, "%*s", (int)strlen(head), "");
			out_fill(f, pk->v[i].reason, out_width(), head, rest, " ");
			free(s.sum);
			said++;
		}
	if (dropped > said)
		fprintf(f, "  ... and %zu more (--json lists them all)\n",
		        dropped - said);
}

/* How to open the last of the front (else the first row) in the other
 * faces, the word size with it. */
static void print_open_one(FILE *f, const outcome *o)
{
	const picked *pk = o->pk;
	shown s;
	unsigned n = o->t->bits;
	char cmd[96];

	describe(o->nfront ? &pk->c[o->front[o->nfront - 1]] : &pk->c[0],
	         n, &s);
	/* the word size goes along: a constant alone is read on the
	 * smallest word that holds it */
	fprintf(f, "\nopen one: cfx dash --bits %u %s\n", n, s.hex);
	if (n >= SEARCH_SCREEN_MIN_BITS && n <= SEARCH_SCREEN_BITS)
		fprintf(f, "      or: cfx verify --bits %u %s\n", n, s.hex);
	/* past 80 columns (a word of 40 bits or more), the command on
	 * a line of its own */
	snprintf(cmd, sizeof cmd, "set const %s, then set bits %u", s.hex, n);
	fprintf(f, "  in the REPL or the dashboard's : line:%s%s\n",
	        strlen(cmd) + 41 > (size_t)out_width() ? "\n    " : " ", cmd);
	free(s.sum);
}

static void print_text(cmd_ctx *c, const request *r, const outcome *o)
{
	FILE *f = c->out;
	const picked *pk = o->pk;
	size_t i, dropped = 0, unscreened = 0, rows = 0, unproven = 0;
	size_t uncosted = 0;
	columns cols;

	struct buf b = { 0 };   /* a line of prose, filled to 80 columns */

	if (r->adders >= 0)
		buf_printf(&b, "search %u-bit, at most %d adder%s (exact: every "
		           "shift/add graph), ", o->t->bits, r->adders,
		           r->adders == 1 ? "" : "s");
	else
		buf_printf(&b, "search %u-bit, at most %u signed digit%s, ",
		           o->t->bits, r->terms, r->terms == 1 ? "" : "s");
	buf_printf(&b, "|p/2^%u - %s| <= 2^-%u%s", o->t->bits,
	           r->near ? r->near->src : "1/phi", o->t->window,
	           !r->primes ? "" : o->t->bits <= 64 ? ", primes only (proven)"
	           : ", primes only (probable primes)");
	out_line(f, buf_str(&b), "  ");
	buf_clear(&b);
	if (o->interrupted && r->adders >= 0)
		fprintf(f, "interrupted: the adders shown are the fewest among the "
		        "graphs built so far\n");
	for (i = 0; i < pk->n; i++) {
		dropped += pk->v[i].status == SEARCH_FAIL;
		unscreened += o->level != SEARCH_NONE &&
		              pk->v[i].status == SEARCH_UNSCREENED;
	}
	/* with --prime, found counts the primes among the window's forms */
	buf_printf(&b, "enumerated %llu %s%s, %zu %sin the window; screen %s%s: "
	           "%zu kept, %zu dropped", (unsigned long long)o->seen,
	           r->adders >= 0 ? "graph" : "form", o->seen == 1 ? "" : "s",
	           o->found, !r->primes ? "" : o->found == 1 ? "prime "
	           : "primes ", level_name(o->level), o->level != r->level
	           ? " (interrupted before it)" : "",
	           pk->n - dropped - unscreened, dropped);
	if (unscreened)   /* Ctrl-C while screening */
		buf_printf(&b, ", %zu not screened (interrupted)", unscreened);
	out_line(f, buf_str(&b), "  ");
	buf_free(&b);
	if (r->unscreened[0])
		out_line(f, r->unscreened, "  ");
	fprintf(f, "\n");
	cols.rank = 4;
	cols.hex = 2 + ((int)o->t->bits + 3) / 4;
	if (cols.hex < 10)
		cols.hex = 10;
	for (i = 0; i < pk->n; i++) {
		char d[24];
		int n = snprintf(d, sizeof d, "%zu", pk->rank[i] + 1);
		if ((pk->v[i].status != SEARCH_FAIL || r->all) && n > cols.rank)
			cols.rank = n;
	}
	print_head(f, &cols, o->t->golden);
	for (i = 0; i < pk->n; i++)
		if (pk->v[i].status != SEARCH_FAIL || r->all) {
			print_row(f, &cols, pk->rank[i] + 1, &pk->c[i], &pk->v[i],
			          o->t->bits);
			rows++;
			unproven += pk->c[i].cost == SEARCH_COST_FOUND;
			uncosted += pk->c[i].cost == SEARCH_COST_NAF;
		}
	/* Ctrl-C before the shift/add search reached them: N/- is no
	 * answer of it, and is said to be none */
	if (o->interrupted && uncosted && r->adders < 0 && o->t->bits <= 64)
		fprintf(f, "   - N/-: not costed (interrupted): N is its signed "
		        "digits less one, an upper\n     bound on its adders; its "
		        "depth unknown\n");
	if (unproven) {   /* the rule of shifts --optimal, re-indented */
		const char *rule = MCM_PROOF_RULE;

		fprintf(f, "   * not proven the fewest, by the rule of shifts "
		        "--optimal:\n     ");
		for (; *rule; rule++)
			if (*rule == '\n')
				fputs("\n     ", f);
			else
				fputc(*rule, f);
		fputc('\n', f);
	}
	if (!rows && pk->n)
		fprintf(f, "   (none: every candidate looked at failed the "
		        "screen)\n");
	else if (!rows)
		out_fill(f, o->widen[0] ? o->widen : "(none: no candidate lies "
		         "in the window)", out_width(), "   ", "    ", " ");
	print_front(f, o);
	if (dropped)
		print_dropped(f, r, o, dropped);
	if (rows)
		print_open_one(f, o);
}

static void result_json(cmd_ctx *c, const request *r, const outcome *o)
{
	json_t *j = json_object(), *cs = json_array(), *fr = json_array(),
	       *dr = json_array();
	const picked *pk = o->pk;
	size_t i;

	json_object_set_new(j, "bits", json_integer(o->t->bits));
	json_object_set_new(j, "terms", r->adders >= 0 ? json_null()
	                    : json_integer(r->terms));
	json_object_set_new(j, "adders", r->adders >= 0
	                    ? json_integer(r->adders) : json_null());
	json_object_set_new(j, "window", json_integer(o->t->window));
	json_object_set_new(j, "target", json_string(r->near ? r->near->src
	                    : "1/phi"));
	json_object_set_new(j, "low", jword(o->t->lo));
	json_object_set_new(j, "high", jword(o->t->hi));
	json_object_set_new(j, "primes", json_boolean(r->primes));
	json_object_set_new(j, "prime_test", json_string(o->t->bits <= 64
	                    ? "proven (Miller-Rabin, bases with no strong "
	                    "pseudoprime below 2^64)" : "probable (GMP "
	                    "mpz_probab_prime_p, 30 rounds)"));
	json_object_set_new(j, "screen", json_string(level_name(o->level)));
	if (r->unscreened[0])
		json_object_set_new(j, "screen_note", json_string(r->unscreened));
	json_object_set_new(j, "cost_model", json_string(
	                    r->adders >= 0 ? "exact adder enumeration"
	                    : o->t->bits <= 64 ? "shift/add search" : "naf"));
	json_object_set_new(j, "enumerated", json_integer((json_int_t)o->seen));
	json_object_set_new(j, "found", json_integer((json_int_t)o->found));
	json_object_set_new(j, "scanned", json_integer((json_int_t)pk->scanned));
	json_object_set_new(j, "screened", json_integer((json_int_t)pk->screened));
	json_object_set_new(j, "interrupted", json_boolean(o->interrupted));
	for (i = 0; i < pk->n; i++) {
		int fail = pk->v[i].status == SEARCH_FAIL;
		if (!fail || r->all)
			json_array_append_new(cs, cand_json(&pk->c[i], &pk->v[i],
			                                    o->t->bits));
		if (fail)
			json_array_append_new(dr, cand_json(&pk->c[i], &pk->v[i],
			                                    o->t->bits));
	}
	for (i = 0; i < o->nfront; i++)
		json_array_append_new(fr, cand_json(&pk->c[o->front[i]],
		                      &pk->v[o->front[i]], o->t->bits));
	json_object_set_new(j, "candidates", cs);
	json_object_set_new(j, "front", fr);
	json_object_set_new(j, "dropped", dr);
	cli_result(c, r->json, j);
}

/* How many candidates q finds in t's window (0 too when it stops on an
 * error or an interrupt: no advice comes of those). */
static size_t found_in(cmd_ctx *c, const request *q, const search_target *t)
{
	search_list l = { 0 };
	uint64_t seen;
	size_t n = enumerate(c, q, t, &l, &seen) == 0 ? l.n : 0;

	search_list_free(&l);
	return n;
}

/* Whether q enumerates the window of t within SEARCH_MAX_FOUND: 1 (the
 * count found in *n), 0 when more lie there (the refusal's own bound),
 * -1 on another error or an interrupt (c->err left as it was). */
static int runs_in(cmd_ctx *c, const request *q, const search_target *t,
                   size_t *n)
{
	cfx_err keep = c->err;
	search_list l = { 0 };
	uint64_t seen;
	int rc = enumerate(c, q, t, &l, &seen);

	*n = l.n;
	search_list_free(&l);
	c->err = keep;
	return rc == 0 ? 1 : rc == -2 ? 0 : -1;
}

/* Whether window w runs (as runs_in), t's expression on w. */
static int window_runs(cmd_ctx *c, const cli_args *a, const request *r,
                       unsigned w, size_t *n)
{
	search_target t2;
	cfx_err keep = c->err;
	int rc = search_target_make(&t2, r->near, cli_session_lookup, c->sess,
	                            a->bits, r->bits, w, &c->err);

	c->err = keep;
	return rc < 0 ? -1 : runs_in(c, r, &t2, n);
}

/* Too many candidates: what to change, each a value seen to run (an
 * enumeration under the refusal's own bound), never the value given.
 * The window: 8 bits narrower, then 8 more until one runs (each bit
 * about halves the count: a refusal, slow, is mostly by less than 2^8);
 * from the count a run finds, the bits it can give back (a count
 * doubles a bit wider), tried in turn.  The terms (or
 * adders): one fewer, else the most that run, by bisection. */
static void too_many(cmd_ctx *c, const cli_args *a, const request *r,
                     const search_target *t)
{
	char fewer[40] = "", wider[40] = "";
	unsigned w, best = 0, back;
	request q = *r;
	cfx_err keep = c->err;
	size_t n;
	int k = 0, lo, hi, found;

	for (w = t->window + 8; !best && w - 8 < t->bits; w += 8) {
		if (w > t->bits)
			w = t->bits;
		if ((k = window_runs(c, a, r, w, &n)) < 0)
			break;
		if (k)
			best = w;
	}
	while (best > t->window + 1 && k >= 0) {
		for (back = 0; back + 1 < best - t->window &&
		     (n << (back + 1)) <= SEARCH_MAX_FOUND / 2; back++)
			;
		if (!back || window_runs(c, a, r, best - back, &n) != 1)
			break;
		best -= back;
	}
	if (best)
		snprintf(wider, sizeof wider, "--window %u (now %u)", best,
		         t->window);
	/* one fewer first (most often the answer), then a bisection
	 * between the least (0 adders, 1 term) and what was refused */
	lo = r->adders >= 0 ? 0 : 1;
	hi = r->adders >= 0 ? r->adders : (int)r->terms;   /* refused */
	for (k = hi - 1, found = -1; k >= lo && lo < hi;
	     k = lo + (hi - lo) / 2) {
		int ok;
		if (r->adders >= 0)
			q.adders = k;
		else
			q.terms = (unsigned)k;
		if ((ok = runs_in(c, &q, t, &n)) < 0)
			break;
		if (ok)
			found = k, lo = k + 1;
		else
			hi = k;
		if (lo >= hi)
			break;
	}
	if (found >= 0)
		snprintf(fewer, sizeof fewer, " or --%s %d",
		         r->adders >= 0 ? "adders" : "terms", found);
	c->err = keep;
	if (!wider[0] && !fewer[0])
		cfx_err_set(&c->err, CFX_ELIMIT, -1, NULL, "more than %d "
		            "candidates in the window", SEARCH_MAX_FOUND);
	else
		cfx_err_set(&c->err, CFX_ELIMIT, -1, NULL, "more than %d "
		            "candidates in the window; try %s%s",
		            SEARCH_MAX_FOUND, wider, wider[0] ? fewer : fewer + 4);
}

/* Nothing in the window: what would find some there, found by
 * enumerating again (quick where nothing was found): the fewest more
 * terms, or an adder more, on the same window; the narrowest wider window
 * on the same terms or adders.  Into o->widen; "" when neither is found
 * within reach (8 more terms, a window down to 1).  Errors of these
 * tries (a limit met) are not the command's: c->err is left as it was. */
static void widen_advice(cmd_ctx *c, const cli_args *a, const request *r,
                         const search_target *t, outcome *o)
{
	cfx_err keep = c->err;
	char more[64] = "", wider[64] = "", what[48];
	search_target t2;
	request q = *r;
	unsigned k, w;

	if (r->adders >= 0) {
		q.adders = r->adders + 1;
		if (search_adders_check(t->bits, (unsigned)q.adders, &c->err) == 0 &&
		    found_in(c, &q, t))
			snprintf(more, sizeof more, "--adders %d", q.adders);
		snprintf(what, sizeof what, "of at most %d adder%s", r->adders,
		         r->adders == 1 ? "" : "s");
	} else {
		for (k = r->terms + 1; k <= SEARCH_MAX_TERMS && k <= r->terms + 8;
		     k++) {
			q.terms = k;
			if (found_in(c, &q, t)) {
				snprintf(more, sizeof more, "--terms %u", k);
				break;
			}
		}
		snprintf(what, sizeof what, "of at most %u signed digit%s",
		         r->terms, r->terms == 1 ? "" : "s");
	}
	for (w = t->window; w-- > 1;)
		if (search_target_make(&t2, r->near, cli_session_lookup, c->sess,
		                       a->bits, r->bits, w, &c->err) == 0 &&
		    found_in(c, r, &t2)) {
			snprintf(wider, sizeof wider, "--window %u", w);
			break;
		}
	c->err = keep;
	if (more[0] || wider[0])
		snprintf(o->widen, sizeof o->widen, "(none: no odd p %s lies "
		         "within 2^-%u of %s; %s%s%s finds some)", what,
		         t->window, t->golden ? "1/phi" : "the target", more,
		         more[0] && wider[0] ? " or " : "", wider);
}

int cmd_search(cmd_ctx *c, cli_args *a)
{
	request r;
	search_bar bar = { 0 };
	search_target t;
	search_list all = { 0 };
	picked pk = { 0 };
	outcome o = { 0 };
	size_t *front = NULL;
	int rc = CFX_EXIT_USAGE, stopped;

	if (read_request(c, a, &r) < 0)
		goto done;
	/* ~ and << in --near on the word asked for (--bits, set bits) */
	if (search_target_make(&t, r.near, cli_session_lookup, c->sess, a->bits,
	                       r.bits, r.window, &c->err) < 0) {
		c->err.arg = a->near ? a->near_arg : -1;
		if (!c->err.token[0])
			cfx_err_retoken(&c->err, a->near ? a->near : "1/phi");
		goto done;
	}
	o.t = &t;
	o.level = r.level;
	r.bar = &bar;
	clock_gettime(CLOCK_MONOTONIC, &bar.start);
	stopped = enumerate(c, &r, &t, &all, &o.seen);
	if (stopped < 0) {
		if (stopped == -2)
			too_many(c, a, &r, &t);
		bar_end(&bar);
		goto done;
	}
	if (stopped) {
		/* Ctrl-C while enumerating: the best of what was found, as is */
		request asis = r;
		asis.level = o.level = SEARCH_NONE;
		choose(c, &asis, &all, &pk);
	} else {
		stopped = choose(c, &r, &all, &pk);
	}
	picked_sort(&pk);
	if (!stopped)
		stopped = optimize(c, &r, &pk);   /* Ctrl-C there too */
	if (!stopped && !all.n && !r.json)
		widen_advice(c, a, &r, &t, &o);
	bar_end(&bar);
	front = xmalloc((pk.n + 1) * sizeof *front, "search front");
	o.pk = &pk;
	o.front = front;
	o.nfront = search_front(pk.c, pk.v, pk.n, front);
	o.found = all.n;
	o.interrupted = stopped;
	c->whole = 1;            /* what was found before Ctrl-C, all of it */
	result_json(c, &r, &o);
	c->whole = 0;
	if (!r.json)
		print_text(c, &r, &o);
	if (stopped)
		fprintf(stderr, "cfx: search: interrupted; the results so far\n");
	rc = stopped ? CFX_EXIT_FAIL : CFX_EXIT_OK;
done:
	free(pk.c);
	free(pk.v);
	free(pk.rank);
	free(front);
	search_list_free(&all);
	expr_free(r.near);
	return rc;
}
