/*
 * pure_draw.c - drawing a frame changes nothing (issue 27 item 3), held
 * to the memory itself: tests/dash/pure.sh links this with the
 * dashboard's objects.
 *
 * The program replaces malloc and its family (glibc lets a program do
 * so) to know every block the dashboard made.  It builds a dashboard
 * (state, keys, output, a lesson pane, the worker), lets the update steps
 * the loop runs after a key change it, waits for the worker to go idle,
 * then copies every block made so far and the program's static data, draws
 * one frame and compares: a byte changed, or a block freed, by the drawing
 * is named (the state's own parts by name, other blocks by the function
 * that made them, static data by its offset for nm) and fails.
 *
 *   pure_draw spectrum   K up (]): the spectra of the rows above K
 *   pure_draw lesson     a lesson pane scrolled past its end (Ctrl-D)
 *   pure_draw plain      the first frame after start, nothing pressed
 *
 * And, linked with --wrap for keys_parse and keys_family_set:
 *
 *   pure_draw keys FAMILY   how often cfx dash --keys FAMILY 5 parses
 *                           FAMILY before it needs a terminal (stdin is
 *                           not one): printed, "parsed N"
 *
 * Exit 0 if the frame changed nothing, 1 if it did, 2 if the dashboard
 * could not be set up.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "dash/dash.h"
#include "dash/dash_ui.h"
#include "lesson/learn.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern char __data_start[], _end[];

/* ---- the blocks made while tracking ------------------------------------ */

#define SLOTS (1u << 20)        /* open addressing; a power of 2 */
#define GONE ((void *)1)        /* a freed slot */

typedef struct block {
	void *p;                    /* NULL: empty, GONE: freed */
	size_t n;
	void *by;                   /* the caller of malloc */
	unsigned char *copy;        /* the snapshot, or NULL */
	int freed_in_draw;
} block;

/* All of this program's own state, one object that the comparison of
 * static data leaves out. */
static struct {
	atomic_flag lock;
	int tracking;               /* record blocks made on the main thread */
	int drawing;                /* a free of a snapshot block is noted */
	pthread_t main;
	block *b;
	unsigned char *data;        /* static data's snapshot */
	size_t ndata;
	size_t blocks, copied;
} T = { .lock = ATOMIC_FLAG_INIT };

static void lock(void)
{
	while (atomic_flag_test_and_set_explicit(&T.lock, memory_order_acquire))
		;
}

static void unlock(void)
{
	atomic_flag_clear_explicit(&T.lock, memory_order_release);
}

static size_t slot_of(const void *p)
{
	return ((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull >> 44 & (SLOTS - 1);
}

static void note(void *p, size_t n, void *by)
{
	size_t i;

	if (!p || !T.tracking || !pthread_equal(pthread_self(), T.main))
		return;
	lock();
	if (!T.b) {
		T.b = mmap(NULL, SLOTS * sizeof *T.b, PROT_READ | PROT_WRITE,
		           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (T.b == MAP_FAILED)
			abort();
	}
	for (i = slot_of(p); T.b[i].p && T.b[i].p != GONE; i = (i + 1) & (SLOTS - 1))
		;
	T.b[i] = (block){ p, n, by, NULL, 0 };
	T.blocks++;
	unlock();
}

static void forget(void *p)
{
	size_t i;

	if (!p || !T.b)
		return;
	lock();
	for (i = slot_of(p); T.b[i].p; i = (i + 1) & (SLOTS - 1))
		if (T.b[i].p == p && !T.b[i].freed_in_draw) {
			if (T.drawing && T.b[i].copy) {
				T.b[i].freed_in_draw = 1;   /* kept to be reported */
			} else {
				__libc_free(T.b[i].copy);
				T.b[i].copy = NULL;
				T.b[i].p = GONE;
			}
			break;
		}
	unlock();
}

void *malloc(size_t n)
{
	void *p = __libc_malloc(n);

	note(p, n, __builtin_return_address(0));
	return p;
}

void *calloc(size_t k, size_t n)
{
	void *p = __libc_calloc(k, n);

	note(p, k * n, __builtin_return_address(0));
	return p;
}

void *realloc(void *q, size_t n)
{
	void *p;

	forget(q);
	p = __libc_realloc(q, n);
	note(p, n, __builtin_return_address(0));
	return p;
}

void free(void *p)
{
	forget(p);
	__libc_free(p);
}

/* ---- parses of a key family (the link's --wrap) ------------------------ */

static const char *family_watched;
static int family_parses;

int __real_keys_parse(keys_spec *ks, const char *s, cfx_err *err);
int __real_keys_family_set(keys_family *f, const char *s, cfx_err *err);

int __wrap_keys_parse(keys_spec *ks, const char *s, cfx_err *err)
{
	family_parses += family_watched && !strcmp(s, family_watched);
	return __real_keys_parse(ks, s, err);
}

int __wrap_keys_family_set(keys_family *f, const char *s, cfx_err *err)
{
	family_parses += family_watched && !strcmp(s, family_watched);
	return __real_keys_family_set(f, s, err);
}

/* ---- the snapshot ------------------------------------------------------ */

static void snapshot(void)
{
	size_t i;

	lock();
	for (i = 0; T.b && i < SLOTS; i++) {
		block *b = &T.b[i];
		if (!b->p || b->p == GONE)
			continue;
		__libc_free(b->copy);
		b->copy = __libc_malloc(b->n ? b->n : 1);
		memcpy(b->copy, b->p, b->n);
		T.copied++;
	}
	T.ndata = (size_t)(_end - __data_start);
	T.data = __libc_malloc(T.ndata);
	memcpy(T.data, __data_start, T.ndata);
	unlock();
}

static const char *who(void *by, char *buf, size_t n)
{
	Dl_info di;

	if (dladdr(by, &di) && di.dli_sname)
		snprintf(buf, n, "%s+%#lx", di.dli_sname,
		         (unsigned long)((char *)by - (char *)di.dli_saddr));
	else
		snprintf(buf, n, "%p", by);
	return buf;
}

/* What changed since the snapshot: a line each, the count returned. */
static int compare(const dash *d)
{
	const char *self = (const char *)&T, *self_end = self + sizeof T;
	int bad = 0;
	size_t i;
	char buf[160];

	for (i = 0; T.b && i < SLOTS; i++) {
		block *b = &T.b[i];
		const char *what;
		size_t k;
		if (!b->p || b->p == GONE || !b->copy)
			continue;
		what = b->p == d ? "the dash (dash_ui.h)"
		     : b->p == d->st ? "the state (dash_state.c)"
		     : b->p == d->ks ? "the keys' view (dash_keys.c)"
		     : b->p == d->out ? "the output (dash_out.c)"
		     : b->p == d->learn ? "the lesson pane (dash_learn.c)"
		     : NULL;
		if (!what)
			what = who(b->by, buf, sizeof buf);
		if (b->freed_in_draw) {
			printf("freed while drawing: a block of %zu bytes made by %s\n",
			       b->n, what);
			bad++;
			continue;
		}
		for (k = 0; k < b->n && ((unsigned char *)b->p)[k] == b->copy[k]; k++)
			;
		if (k < b->n) {
			printf("written while drawing: byte %zu of a block of %zu "
			       "bytes, %s\n", k, b->n, what);
			bad++;
		}
	}
	for (i = 0; i < T.ndata; i++) {
		const char *a = __data_start + i;
		if (a >= self && a < self_end)
			continue;
		if (*a != (char)T.data[i]) {
			Dl_info di;
			unsigned long off = 0;
			if (dladdr(a, &di))
				off = (unsigned long)(a - (const char *)di.dli_fbase);
			printf("written while drawing: static data at +%#lx\n", off);
			bad++;
			while (i + 1 < T.ndata && __data_start[i + 1] != (char)T.data[i + 1])
				i++;    /* one line for a run of bytes */
		}
	}
	return bad;
}

/* ---- the dashboard, as dash.c's loop drives it ------------------------- */

static void frame(dash *d)
{
	dash_frame f;
	int again = 1;

	while (again) {
		dash_draw(d, &f);
		dash_keys_measured(d, &f);
		dash_out_measured(d->out, f.out_scroll);
		dash_learn_measured(d, f.lesson_rows, f.lesson_side,
		                    f.lesson_scroll, f.lesson_scroll_max);
		again = dash_state_spec_measured(d, f.spec_past);
	}
}

/* The worker is done with everything submitted (the score, the sweep and
 * the verify strip), and its results are taken. */
static int settle(dash *d)
{
	int i;

	for (i = 0; i < 6000; i++) {
		const dash_scoring *w;
		struct timespec ms = { 0, 10000000 };
		dash_state_take(d);
		w = dash_state_scoring(d);
		if (w->st.phase == DASH_WORK_IDLE && w->score &&
		    w->score->gen == w->gen && w->sweep.vn &&
		    w->sweep.vdone == w->sweep.vn)
			return 0;
		nanosleep(&ms, NULL);
	}
	fprintf(stderr, "pure_draw: the worker did not settle in 60 s\n");
	return -1;
}

static void key(dash *d, int k)
{
	dash_action a = dash_keys_handle(d, k, 1);

	(void)a;                    /* these keys ask nothing of the loop */
	dash_state_resubmit(d);
	if (dash_keys_view(d)->mode != MODE_EDIT)
		dash_learn_acted(d, 0);
}

int main(int argc, char **argv)
{
	static volatile sig_atomic_t stop;
	const char *what = argc > 1 ? argv[1] : "plain";
	int wake[2], bad, i;
	SCREEN *scr;
	FILE *out;
	dash *d;
	cfx_err e;

	T.main = pthread_self();
	if (!strcmp(what, "keys") && argc == 3) {
		char *av[] = { "dash", "--keys", argv[2], "5", NULL };
		family_watched = argv[2];
		dash_main(4, av, &stop);
		printf("parsed %d\n", family_parses);
		return 0;
	}
	setlocale(LC_ALL, "C.UTF-8");
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	out = fopen("/dev/null", "w");
	if (!out || !(scr = newterm("xterm-256color", out, stdin))) {
		fprintf(stderr, "pure_draw: no terminal to draw on\n");
		return 2;
	}
	(void)scr;
	dash_draw_init(1, 0);
	if (pipe(wake) < 0)
		return 2;

	T.tracking = 1;             /* the dashboard's blocks from here */
	d = calloc(1, sizeof *d);
	repl_init(&d->r, NULL, NULL, &stop);
	d->out = dash_out_new();
	d->r.interactive = 1;
	dash_keys_init(d);
	if (dash_state_init(d, "prevprime(golden(32))", 0, 13, &e) < 0) {
		fprintf(stderr, "pure_draw: %s\n", e.msg);
		return 2;
	}
	if (!strcmp(what, "lesson") && dash_learn_start(d, "1", &e) < 0) {
		fprintf(stderr, "pure_draw: lesson 1: %s (%s)\n", e.msg, e.token);
		return 2;
	}
	if (dash_state_work_start(d, wake[1]) < 0 || settle(d) < 0)
		return 2;
	T.tracking = 0;             /* what the drawing makes is its own */
	frame(d);                   /* the first frame, measured */
	T.tracking = 1;
	if (!strcmp(what, "spectrum")) {
		key(d, ']');            /* K + 1 */
		key(d, ']');
	} else if (!strcmp(what, "lesson")) {
		for (i = 0; i < 40; i++)
			key(d, 4);          /* Ctrl-D, far past the end */
	} else if (strcmp(what, "plain")) {
		fprintf(stderr, "pure_draw: spectrum, lesson or plain\n");
		return 2;
	}
	if (settle(d) < 0)
		return 2;
	T.tracking = 0;
	snapshot();
	T.drawing = 1;
	dash_draw(d, &(dash_frame){ 0 });
	T.drawing = 0;
	bad = compare(d);
	printf("%s: %zu blocks and %zu bytes of static data compared, %d "
	       "changed by the frame\n", what, T.copied, T.ndata, bad);
	endwin();
	return bad ? 1 : 0;
}
