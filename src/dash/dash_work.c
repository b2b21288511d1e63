/*
 * dash_work.c - the dashboard's worker thread (see dash_work.h).
 *
 * One thread, one job at a time.  The newest request's generation is an
 * atomic the job compares with its own between slices of work; when they
 * differ the job is stale and is dropped (its keys are kept if the new
 * request wants the same ones).  Results are published under the mutex;
 * the UI takes them when the wake pipe says there is news.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gmp.h>

#include "cfx/keys.h"
#include "cfx/pool.h"
#include "cfx/sweep.h"
#include "cfx/verify.h"
#include "cfx/verify_run.h"
#include "dash/dash_work.h"
#include "util/xalloc.h"

#define SLICE ((size_t)1 << 18)   /* keys hashed between staleness checks */
#define CHUNK ((size_t)1 << 22)   /* ... when counting on all processors */
#define CHUNK_MAX_B 18            /* private tables stay small */
#define WAKE_NS 25000000L         /* progress wakes the UI at most 40/s */

struct dash_work {
	pthread_t tid;
	pthread_mutex_t mu;
	pthread_cond_t req_cv;        /* a request, or quit */
	pthread_cond_t done_cv;       /* a score was published */
	int wake_fd;
	int quit, pending;
	dash_work_params req;
	unsigned long req_gen;
	atomic_ulong latest;          /* generation of the newest request */
	/* set with every request and at stop, cleared as a job starts: the
	 * verify strip's battery stops on it between stages (bt->stop) and
	 * before each family, so q never waits out a whole judge */
	volatile sig_atomic_t vstop;
	dash_work_score *out;              /* published, not yet taken */
	unsigned long out_gen;        /* newest published generation */
	dash_work_sweep sweep;             /* published sweep strip */
	dash_work_status st;
	struct timespec last_wake;

	/* the worker's own, never touched by the UI */
	keys_set keys;                /* keys.k NULL when prog is set */
	int prog;                     /* seq/stride: k0 + i kstep, no array */
	uint64_t k0, kstep;
	int have_keys;                /* keys (or keys_err) are for kpar */
	int keys_failed;
	cfx_err keys_err;
	char kfamily[DASH_WORK_FAMILY_MAX];
	unsigned kbits;
	size_t kcount;
	uint32_t *loads;
	size_t loads_n;
	uint32_t *chunk;              /* one chunk's loads (score_count) */
	dash_work_score *last;             /* the last score computed */
	dash_work_sweep sw;                /* the sweep as far as it got */
	uint64_t *skeys;
	uint32_t *sloads;
	verify_battery vbt;           /* the verify strip's battery */
	int vunjudged;                /* its last judge was stopped */
	size_t skeys_n, sloads_n;
	sweep_row row;
};

static void now(struct timespec *t)
{
	clock_gettime(CLOCK_MONOTONIC, t);
}

static void poke(dash_work *w)
{
	char c = 1;
	ssize_t r = write(w->wake_fd, &c, 1);   /* a full pipe is news enough */
	(void)r;
	now(&w->last_wake);
}

static int stale(dash_work *w, unsigned long gen)
{
	return atomic_load(&w->latest) != gen;
}

/* Record progress; wake the UI if it has not heard from us lately. */
static void progress(dash_work *w, int phase, double frac, unsigned long gen)
{
	struct timespec t;
	long ns;

	pthread_mutex_lock(&w->mu);
	w->st.phase = phase;
	w->st.frac = frac;
	w->st.gen = gen;
	now(&t);
	ns = (t.tv_sec - w->last_wake.tv_sec) * 1000000000L +
	     (t.tv_nsec - w->last_wake.tv_nsec);
	if (ns >= WAKE_NS || phase == DASH_WORK_IDLE)
		poke(w);
	pthread_mutex_unlock(&w->mu);
}

static dash_work_score *score_dup(const dash_work_score *s)
{
	dash_work_score *d = xmalloc(sizeof *d, "score copy");

	*d = *s;
	d->hist = NULL;
	if (s->nhist) {
		d->hist = xmalloc(s->nhist * sizeof *d->hist, "histogram");
		memcpy(d->hist, s->hist, s->nhist * sizeof *d->hist);
	}
	return d;
}

void dash_work_score_free(dash_work_score *s)
{
	if (s) {
		free(s->hist);
		free(s);
	}
}

/* Publish a copy of w->last as generation gen. */
static void publish(dash_work *w, unsigned long gen)
{
	dash_work_score *s = score_dup(w->last);

	s->gen = gen;
	pthread_mutex_lock(&w->mu);
	dash_work_score_free(w->out);
	w->out = s;
	w->out_gen = gen;
	pthread_cond_broadcast(&w->done_cv);
	poke(w);
	pthread_mutex_unlock(&w->mu);
}

static int same_keys(const dash_work *w, const dash_work_params *p)
{
	return w->have_keys && w->kbits == p->bits && w->kcount == p->count &&
	       !strcmp(w->kfamily, p->fam.text);
}

static int same_score(const dash_work_params *a, const dash_work_params *b)
{
	return a->p == b->p && a->bits == b->bits && a->b == b->b &&
	       a->count == b->count && !strcmp(a->fam.text, b->fam.text);
}

/* keys_make's progress: shown as the keys phase, and a stale job stops. */
typedef struct keys_watch {
	dash_work *w;
	unsigned long gen;
} keys_watch;

static int keys_watch_cb(void *ctx, size_t done, size_t total)
{
	keys_watch *kw = ctx;

	progress(kw->w, DASH_WORK_KEYS,
	         total ? (double)done / (double)total : 0,
	         kw->gen);
	return stale(kw->w, kw->gen);
}

static void make_keys(dash_work *w, const dash_work_params *par,
                      unsigned long gen)
{
	keys_spec ks;
	keys_watch kw = { w, gen };

	progress(w, DASH_WORK_KEYS, 0, gen);
	keys_free(&w->keys);
	w->have_keys = 1;
	w->keys_failed = 0;
	strcpy(w->kfamily, par->fam.text);
	w->kbits = par->bits;
	w->kcount = par->count;
	w->prog = 0;
	cfx_err_clear(&w->keys_err);
	if (!par->fam.ok) {
		w->keys_err = par->fam.err;
		w->keys_failed = 1;
		return;
	}
	ks = keys_family_spec(&par->fam);
	if (keys_progression(&ks, par->bits, par->count, &w->k0, &w->kstep)) {
		/* seq and stride keys are hashed as they are made, as cfx score
		 * does: 2^28 of them take no 2 GiB array */
		w->prog = 1;
		w->keys.n = w->keys.made = par->count;
	} else if (keys_make_watched(&w->keys, &ks, par->bits, par->count,
	                             keys_watch_cb, &kw, NULL, &w->keys_err) < 0) {
		/* abandoned for a newer job: nothing to keep */
		if (w->keys_err.code == CFX_EINTR)
			w->have_keys = 0;
		else
			w->keys_failed = 1;
		/* the limit is the count's (the ( and ) keys): say which */
		if (w->keys_failed && w->keys_err.code == CFX_ELIMIT &&
		    !w->keys_err.token[0]) {
			char t[48];
			snprintf(t, sizeof t, "count %zu", par->count);
			cfx_err_retoken(&w->keys_err, t);
		}
	}
}

/* Bucket-load histogram of loads[0..2^b) into s. */
static void histogram(dash_work_score *s, const uint32_t *loads, unsigned b)
{
	uint64_t top = s->r.max_load + 1, i, m = (uint64_t)1 << b;

	s->nhist = top < DASH_WORK_HIST_MAX ? (size_t)top : DASH_WORK_HIST_MAX;
	s->hstep = (top + s->nhist - 1) / s->nhist;
	s->nhist = (size_t)((top + s->hstep - 1) / s->hstep);
	s->hist = xcalloc(s->nhist, sizeof *s->hist, "histogram");
	for (i = 0; i < m; i++)
		s->hist[loads[i] / s->hstep]++;
}

/* The strip compiles nothing: its shift/add check is the evaluator's,
 * an INFO as cfx verify's is when its compiled check cannot run (the
 * words after "cannot run: " are what verify prints). */
static const verify_compiled no_compiler = {
	0, 0, 0, "the compiled check cannot run: the strip compiles nothing "
	"(:verify --full compiles)"
};

/* The score of par; -1 if it went stale. */
static int score_job(dash_work *w, const dash_work_params *par,
                     unsigned long gen)
{
	dash_work_score *s;
	size_t i, n, m = (size_t)1 << par->b, step;
	char *desc;

	if (!same_keys(w, par))
		make_keys(w, par, gen);
	if (stale(w, gen))
		return -1;
	if (w->last && same_score(&w->last->par, par)) {
		publish(w, gen);
		return 0;
	}
	dash_work_score_free(w->last);
	w->last = NULL;
	s = xcalloc(1, sizeof *s, "score");
	s->par = *par;
	if (w->keys_failed) {
		s->failed = 1;
		s->err = w->keys_err;
		w->last = s;
		publish(w, gen);
		return 0;
	}
	if (m > w->loads_n) {
		free(w->loads);
		w->loads = xmalloc(m * sizeof *w->loads, "bucket loads");
		w->loads_n = m;
	}
	memset(w->loads, 0, m * sizeof *w->loads);
	n = w->keys.n;
	/* a large set is counted in chunks by score_count, which spreads a
	 * chunk over the processors, when there are enough of them to leave
	 * one to the UI; else in slices on this thread */
	step = !w->prog && n >= CHUNK && par->b <= CHUNK_MAX_B &&
	       sysconf(_SC_NPROCESSORS_ONLN) >= 4 ? CHUNK : SLICE;
	if (step == CHUNK && !w->chunk)
		w->chunk = xmalloc(((size_t)1 << CHUNK_MAX_B) * sizeof *w->chunk,
		                   "score chunk");
	for (i = 0; i < n; i += step) {
		size_t len = n - i < step ? n - i : step, j;
		if (step == CHUNK) {
			score_count(w->keys.k + i, len, par->p, par->bits, par->b,
			            w->chunk);
			for (j = 0; j < m; j++)
				w->loads[j] += w->chunk[j];
		} else if (w->prog) {
			score_add_progression((w->k0 + i * w->kstep) * par->p,
			                      w->kstep * par->p, len, par->bits,
			                      par->b, w->loads);
		} else {
			score_add(w->keys.k + i, len, par->p, par->bits, par->b,
			          w->loads);
		}
		if (stale(w, gen)) {
			free(s);
			return -1;
		}
		progress(w, DASH_WORK_HASH, (double)(i + len) / (double)n, gen);
	}
	score_stats(w->loads, par->b, n, &s->r);
	s->made = w->keys.made;
	if (par->fam.ok) {
		keys_spec ks = keys_family_spec(&par->fam);
		desc = keys_describe(&ks);
		snprintf(s->desc, sizeof s->desc, "%s", desc);
		free(desc);
	}
	histogram(s, w->loads, par->b);
	w->last = s;
	publish(w, gen);
	return 0;
}

static int same_sweep(const dash_work_sweep *s, const dash_work_params *p)
{
	return s->p == p->p && s->bits == p->bits && s->b == p->sweep_b &&
	       s->count == p->sweep_count;
}

/* The sweep strip, resumed where a stale job left it. */
static void sweep_job(dash_work *w, const dash_work_params *par,
                      unsigned long gen)
{
	dash_work_sweep *sw = &w->sw;
	size_t m = (size_t)1 << par->sweep_b;

	if (!same_sweep(sw, par)) {
		/* the verify strip depends on p and n alone (verify_job): a new
		 * b or key count (< > ( ) k) leaves it as it is */
		size_t v = offsetof(dash_work_sweep, vp);
		dash_work_sweep keep = *sw;
		memset(sw, 0, sizeof *sw);
		if (keep.vp == par->p && keep.vbits == par->bits)
			memcpy((char *)sw + v, (char *)&keep + v, sizeof *sw - v);
		sw->p = par->p;
		sw->bits = par->bits;
		sw->b = par->sweep_b;
		sw->count = par->sweep_count;
	}
	if (par->sweep_count > w->skeys_n) {
		free(w->skeys);
		w->skeys = xmalloc(par->sweep_count * sizeof *w->skeys,
		                   "sweep keys");
		w->skeys_n = par->sweep_count;
	}
	if (m > w->sloads_n) {
		free(w->sloads);
		w->sloads = xmalloc(m * sizeof *w->sloads, "sweep loads");
		w->sloads_n = m;
	}
	while (sw->done < sw->bits) {
		unsigned s = sw->done;

		if (stale(w, gen))
			return;
		sweep_row_run(&w->row, sw->p, sw->bits, sw->b, sw->count, s,
		              w->skeys, w->sloads);
		sw->v[s] = w->row.score.verdict;
		sw->R[s] = w->row.score.probe_ratio;
		if (s == 0 || sweep_worse(sw->v[s], sw->R[s], sw->v[sw->worst],
		                              sw->R[sw->worst]))
			sw->worst = s;
		sw->done++;
		pthread_mutex_lock(&w->mu);
		w->sweep = *sw;
		pthread_mutex_unlock(&w->mu);
		progress(w, DASH_WORK_SWEEP, (double)sw->done / sw->bits, gen);
	}
	pthread_mutex_lock(&w->mu);
	w->sweep = *sw;
	pthread_mutex_unlock(&w->mu);
}

/* One line of :verify: a check or family that is FAIL or WARN, or a
 * family with a small-word note; rank orders them as cfx verify's report
 * does, FAIL first, then WARN, then the notes, each worst R first. */
typedef struct vnote_item {
	int rank;
	double r;                   /* the worst R (0: a check that has none) */
	const char *name, *why;
	verify_status st;
} vnote_item;

static int vnote_cmp(const void *a, const void *b)
{
	const vnote_item *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank - y->rank;
	return (x->r < y->r) - (x->r > y->r);
}

static int vnote_rank(verify_status st)
{
	return st == VERIFY_FAIL ? 0 : st == VERIFY_WARN ? 1 : 2;
}

/* The counts and the lines of :verify from the families judged so far
 * (and the checks of the constant): the totals are verify_judge's (over
 * the families counted), the worst DASH_WORK_VERIFY_NOTES lines kept in
 * order, sw->vnotes all of them. */
static void verify_notes(dash_work_sweep *sw, const verify_battery *bt)
{
	vnote_item it[bt->nforms + sw->vdone + 1];
	size_t i, n = 0;

	sw->vfail = (unsigned)bt->nfail;
	sw->vwarn = (unsigned)bt->nwarn;
	memset(sw->vnote, 0, sizeof sw->vnote);
	for (i = 0; i < bt->nforms; i++) {
		const verify_check *c = &bt->forms[i];
		/* a check's R is in its sentence ("...: R 4.36 at 2^20 x2") */
		const char *r = strstr(c->detail, ": R ");
		if (c->status == VERIFY_FAIL || c->status == VERIFY_WARN)
			it[n++] = (vnote_item){ vnote_rank(c->status),
			                        r ? atof(r + 4) : 0, c->name,
			                        c->detail, c->status };
	}
	for (i = 0; i < sw->vdone; i++) {
		const verify_family *f = &bt->fam[i];
		if (f->status == VERIFY_FAIL || f->status == VERIFY_WARN ||
		    f->small_note)
			it[n++] = (vnote_item){ vnote_rank(f->status), f->worst_r,
			                        f->name, f->reason, f->status };
	}
	qsort(it, n, sizeof it[0], vnote_cmp);
	sw->vnotes = (unsigned)n;
	for (i = 0; i < n && i < DASH_WORK_VERIFY_NOTES; i++)
		snprintf(sw->vnote[i], sizeof sw->vnote[0], "%s %s: %s",
		         it[i].name, verify_status_name(it[i].st), it[i].why);
}

/* What the strip's run hands its progress: after each family, judged
 * as far as it got and published. */
typedef struct strip_ctx {
	dash_work *w;
	unsigned long gen;
} strip_ctx;

static int strip_step(void *ctx, size_t done, size_t total, double work)
{
	strip_ctx *x = ctx;
	dash_work *w = x->w;
	dash_work_sweep *sw = &w->sw;
	size_t i;

	(void)total;
	(void)work;
	sw->vdone = (unsigned)done;
	/* the rule needs every family's count, not their results; the last
	 * one judged as cfx verify judges (the counted stride map and field
	 * layouts, the evaluator's shift/add test), so the strip's and
	 * :verify's FAIL and WARN counts are the report's */
	verify_judge(&w->vbt, done == w->vbt.nfam, &no_compiler);
	w->vunjudged = verify_stopped(&w->vbt);
	if (w->vunjudged)             /* a new request or quit: not shown */
		return 1;
	for (i = 0; i < sw->vdone; i++)
		sw->vst[i] = (unsigned char)w->vbt.fam[i].status;
	verify_notes(sw, &w->vbt);
	pthread_mutex_lock(&w->mu);
	w->sweep = *sw;
	pthread_mutex_unlock(&w->mu);
	progress(w, DASH_WORK_SWEEP, 1, x->gen);
	return stale(w, x->gen) || sw->vdone >= sw->vn;
}

/* The verify strip: verify's battery for (p, n) at the default tables,
 * one family at a time in this thread (verify_run_battery), judged after
 * each so the strip fills in; a new request cancels it, and the same
 * (p, n) asked again resumes where it stopped. */
static void verify_job(dash_work *w, const dash_work_params *par,
                       unsigned long gen)
{
	dash_work_sweep *sw = &w->sw;
	unsigned tables[VERIFY_MAX_TABLES];
	size_t nt;
	strip_ctx x = { w, gen };

	/* below VERIFY_MIN_BITS verify does not judge (cfx verify refuses) */
	if (par->bits < VERIFY_MIN_BITS || par->bits > 64 || !par->p)
		return;
	if (sw->vp != par->p || sw->vbits != par->bits || !w->vbt.fam) {
		verify_free(&w->vbt);
		nt = verify_default_tables(par->bits, VERIFY_STANDARD, tables);
		if (verify_plan(&w->vbt, par->p, par->bits, tables, nt, NULL) < 0)
			return;
		w->vbt.stop = &w->vstop;
		w->vunjudged = 0;
		sw->vp = par->p;
		sw->vbits = par->bits;
		sw->vdone = 0;
		sw->vn = w->vbt.nfam < DASH_WORK_VERIFY_MAX ? (unsigned)w->vbt.nfam
		         : DASH_WORK_VERIFY_MAX;
	}
	if (stale(w, gen))
		return;
	if (sw->vdone >= sw->vn) {    /* counted; judge again if stopped */
		if (w->vunjudged)
			strip_step(&x, sw->vdone, w->vbt.nfam, 0);
		return;
	}
	verify_run_battery(&w->vbt, &(verify_run_opts){ .threads = 1,
	                   .from = sw->vdone, .progress = strip_step,
	                   .ctx = &x, .cancel = &w->vstop });
}

static void *run(void *arg)
{
	dash_work *w = arg;

	for (;;) {
		dash_work_params par;
		unsigned long gen;

		pthread_mutex_lock(&w->mu);
		while (!w->pending && !w->quit)
			pthread_cond_wait(&w->req_cv, &w->mu);
		if (w->quit) {
			pthread_mutex_unlock(&w->mu);
			break;
		}
		par = w->req;
		gen = w->req_gen;
		w->pending = 0;
		w->vstop = 0;
		pthread_mutex_unlock(&w->mu);

		if (score_job(w, &par, gen) < 0)
			continue;
		sweep_job(w, &par, gen);
		verify_job(w, &par, gen);
		if (!stale(w, gen))
			progress(w, DASH_WORK_IDLE, 1, gen);
	}
	pool_thread_end();
	return NULL;
}

dash_work *dash_work_start(int wake_fd)
{
	dash_work *w = xcalloc(1, sizeof *w, "dashboard worker");
	pthread_condattr_t ca;
	int i;

	w->wake_fd = wake_fd;
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->req_cv, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&w->done_cv, &ca);
	pthread_condattr_destroy(&ca);
	atomic_init(&w->latest, 0);
	for (i = 0; i < SWEEP_TERMS; i++)
		mpz_init(w->row.terms[i]);
	mpz_init(w->row.big);
	if (pthread_create(&w->tid, NULL, run, w) != 0) {
		free(w);
		return NULL;
	}
	return w;
}

unsigned long dash_work_submit(dash_work *w, const dash_work_params *par)
{
	unsigned long gen;

	pthread_mutex_lock(&w->mu);
	gen = ++w->req_gen;
	w->req = *par;
	w->pending = 1;
	w->vstop = 1;
	atomic_store(&w->latest, gen);
	w->st.phase = DASH_WORK_KEYS;     /* until the worker says otherwise */
	w->st.frac = 0;
	w->st.gen = gen;
	pthread_cond_signal(&w->req_cv);
	pthread_mutex_unlock(&w->mu);
	return gen;
}

int dash_work_wait(dash_work *w, unsigned long gen, int us)
{
	struct timespec until;
	int got;

	now(&until);
	until.tv_nsec += (long)us * 1000L;
	until.tv_sec += until.tv_nsec / 1000000000L;
	until.tv_nsec %= 1000000000L;
	pthread_mutex_lock(&w->mu);
	while (w->out_gen < gen &&
	       pthread_cond_timedwait(&w->done_cv, &w->mu, &until) != ETIMEDOUT)
		;
	got = w->out_gen >= gen;
	pthread_mutex_unlock(&w->mu);
	return got;
}

dash_work_score *dash_work_take(dash_work *w)
{
	dash_work_score *s;

	pthread_mutex_lock(&w->mu);
	s = w->out;
	w->out = NULL;
	pthread_mutex_unlock(&w->mu);
	return s;
}

void dash_work_sweep_get(dash_work *w, dash_work_sweep *out)
{
	pthread_mutex_lock(&w->mu);
	*out = w->sweep;
	pthread_mutex_unlock(&w->mu);
}

void dash_work_status_get(dash_work *w, dash_work_status *out)
{
	pthread_mutex_lock(&w->mu);
	*out = w->st;
	pthread_mutex_unlock(&w->mu);
}

void dash_work_stop(dash_work *w)
{
	struct timespec until;
	int i;

	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	w->quit = 1;
	w->vstop = 1;
	atomic_store(&w->latest, 0);     /* every job is stale now */
	pthread_cond_signal(&w->req_cv);
	pthread_mutex_unlock(&w->mu);
	/* every job polls staleness; 2 s covers a loaded machine and the
	 * sanitizers (300 ms did not: the detached worker's buffers were
	 * reported as leaks at exit, tests/dash/verify_bg.sh under ASan) */
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 2;
	if (pthread_timedjoin_np(w->tid, NULL, &until) != 0) {
		pthread_detach(w->tid);     /* still making keys: let exit end it */
		return;
	}
	keys_free(&w->keys);
	free(w->loads);
	free(w->chunk);
	free(w->skeys);
	free(w->sloads);
	verify_free(&w->vbt);
	dash_work_score_free(w->last);
	dash_work_score_free(w->out);
	for (i = 0; i < SWEEP_TERMS; i++)
		mpz_clear(w->row.terms[i]);
	mpz_clear(w->row.big);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->req_cv);
	pthread_cond_destroy(&w->done_cv);
	free(w);
}
