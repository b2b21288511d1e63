/*
 * dash.c - the live dashboard: `cfx` on a terminal, `cfx dash [EXPR]`.
 *
 * One constant, everything the core says about it side by side, updated as
 * you type.  The UI thread reads keys, recomputes the cheap views (CF, NAF,
 * code, spectrum) at once and hands the bucket score and the stride-sweep
 * strip to a worker thread (dash_work.c); at the default workload it waits
 * a few milliseconds for the score, so the first frame after a keystroke
 * already shows the new chi^2, and at larger ones it draws progress and
 * never blocks.  Keys are read in a poll() loop over the terminal and the
 * worker's wake pipe; signal handlers write to the same pipe, so a resize
 * or SIGTERM is seen at once and the terminal is always restored.
 *
 * CFX_LATENCY_LOG=FILE appends one line per keystroke: microseconds from
 * reading the key to the end of the doupdate() of the frame that shows it,
 * and to the frame that shows the score it asked for (bench/dash.sh).
 */
#define NCURSES_WIDECHAR 1
#include <ctype.h>
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cfx/keys.h"
#include "cfx/proc.h"
#include "cfx/safefile.h"
#include "cli/cli.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/sreport.h"
#include "cli/setting.h"
#include "dash/dash.h"
#include "dash/dash_ui.h"
#include "util/xalloc.h"
#include "lesson/learn.h"

#define DEFAULT_EXPR "prevprime(golden(32))"   /* Knuth's 2654435761 */
#define DEFAULT_K 13

/* "dash: " when the face was named (cfx dash), "" when the options alone
 * chose it (cfx --bits 16 on a terminal): the head of every message
 * before the screen is taken, set once by dash_main. */
static const char *face = "dash: ";

/* ---- the loop's own state ------------------------------------------------ */

#define LAT_MAX 1024            /* keystrokes awaiting their frames */

typedef struct lat_key {
	long long t0;               /* microseconds, when the key was read */
	unsigned long gen;          /* the work generation it led to */
	long long frame;            /* us to its first frame, -1: not yet */
	char name[16];
} lat_key;

/* What only the loop uses (one dashboard a process): the rest of the
 * state is struct dash, shared with the files below. */
static struct {
	volatile sig_atomic_t *stop; /* Ctrl-C during a ':' command */
	void *scr;                  /* the curses SCREEN */
	int wake[2];                /* the worker and signals wake poll() */
	int dirty;                  /* a frame is due */
	FILE *lat;                  /* latency log (CFX_LATENCY_LOG) */
	lat_key lk[LAT_MAX];
	int nlk;
} ls;

/* ---- signals ---------------------------------------------------------- */

static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t *cmd_stop;   /* set while a ':' command runs */
static int wake_fd = -1;
static struct sigaction old_winch;

static void wake(void)
{
	int e = errno;
	ssize_t r = wake_fd >= 0 ? write(wake_fd, "s", 1) : 0;

	(void)r;    /* a full pipe wakes the loop anyway */
	errno = e;
}

/* What leaves the screen as endwin would (the normal screen, the cursor,
 * plain attributes), written by a fatal signal's handler. */
static char leave_seq[256];
static size_t leave_len;
static int leave_fd = -1;    /* the terminal (a ':' command's output is
                              * redirected away from fd 1 while it runs) */

/* ncurses draws on a descriptor of its own, a copy of the terminal's:
 * a last message unplugs it (/dev/null in its place) before the screen is
 * left, so that a thread still drawing (the main loop, while memory ran
 * out in the worker or a background ':' command) cannot write the
 * dashboard's rows over the shell's screen and the message (CI: the
 * shell's line and the message both gone, at one ulimit -v in eight). */
static int curses_fd = -1;
static FILE *curses_out;
static int null_fd = -1;

static void unplug(void)
{
	if (curses_fd >= 0 && null_fd >= 0)
		dup2(null_fd, curses_fd);
}

static struct termios shell_tio;     /* the modes the shell had */
static int shell_tio_have;
static int err_fd = -1;      /* stderr as cfx found it (a ':' command's
                              * is redirected while it runs) */

static void leave_keep(const char *cap)
{
	const char *v = tigetstr((char *)cap);
	size_t n;

	if (!v || v == (char *)-1 || (n = strlen(v)) + leave_len >= sizeof
	    leave_seq)
		return;
	memcpy(leave_seq + leave_len, v, n);
	leave_len += n;
}

/* A last message is due (memory ran out: xalloc's first hook; the
 * lattice module is missing: proc_leave; any thread): the screen left
 * as a fatal signal leaves it, cleared first, the terminal's modes as
 * the shell had them and stderr as cfx found it, before the one line
 * and proc_exit: the line lands on the shell's screen, readable. */
static void leave_now(void)
{
	static int left;        /* once: xalloc's and proc's hooks */
	ssize_t r;

	if (__atomic_exchange_n(&left, 1, __ATOMIC_SEQ_CST))
		return;
	unplug();
	r = leave_fd < 0 ? 0 : write(leave_fd, leave_seq, leave_len);
	(void)r;
	if (shell_tio_have)
		tcsetattr(STDIN_FILENO, TCSANOW, &shell_tio);
	if (err_fd >= 0)
		dup2(err_fd, STDERR_FILENO);
}

static void on_signal(int sig)
{
	if (sig == SIGINT && cmd_stop) {
		*cmd_stop = 1;     /* Ctrl-C stops the ':' command, not us */
		return;
	}
	if (sig != SIGINT && cmd_stop) {
		/* a ':' command runs on this thread and may not look at its
		 * stop flag for a while (it left an orphan at 48% CPU): the
		 * screen is left and cfx ends now (proc_fatal: the terminal
		 * modes, the temporary files, status 128 + sig) */
		ssize_t r;

		unplug();
		r = leave_fd < 0 ? 0 : write(leave_fd, leave_seq,
		                                     leave_len);
		(void)r;
		proc_fatal(sig);
	}
	got_signal = sig;
	wake();
}

/* ncurses notes the resize in its own handler; ours also wakes poll(). */
static void on_winch(int sig, siginfo_t *si, void *uc)
{
	if (old_winch.sa_flags & SA_SIGINFO) {
		if (old_winch.sa_sigaction)
			old_winch.sa_sigaction(sig, si, uc);
	} else if (old_winch.sa_handler != SIG_DFL &&
	           old_winch.sa_handler != SIG_IGN) {
		old_winch.sa_handler(sig);
	}
	wake();
}

static void catch_signals(void)
{
	/* every signal that ends cfx (proc_fatal_signals' list) leaves the
	 * screen first: SIGXFSZ, SIGUSR1, SIGUSR2 and SIGALRM restored the
	 * terminal's modes but left the alternate screen and a hidden cursor;
	 * SIGPIPE stays as proc set it (ignored when it was) */
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ,
	                            SIGUSR1, SIGUSR2, SIGALRM };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_signal;
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
	sa.sa_handler = NULL;
	sa.sa_sigaction = on_winch;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGWINCH, &sa, &old_winch);
}

static void cmd_signals(volatile sig_atomic_t *stop)
{
	cmd_stop = stop;
}

/* ---- latency log ------------------------------------------------------- */

static long long now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/*
 * Open the latency log at path for appending, or say in one line why not
 * (a FIFO without a reader would block the start: the open cannot wait,
 * and only a regular file is taken).  NULL on failure.
 */
static FILE *lat_open(const char *path)
{
	struct stat st;
	FILE *f = NULL;
	char *dir = xstrdup(path);
	cfx_err e;
	int fd;

	/* its directory passes the checks --raw and the progress file get
	 * (every directory on the path the user's or root's, sticky if
	 * others can write it): no file made through another user's link
	 * or in a directory another user controls */
	if (safefile_dir_check(dirname(dir), &e) < 0) {
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG cannot be written there: "
		        "%s (%s)\n", face, strncmp(e.msg, "refused: ", 9) ? e.msg
		        : e.msg + 9, e.token);
		free(dir);
		return NULL;
	}
	free(dir);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK |
	          O_CLOEXEC | O_NOFOLLOW, 0644);   /* a planted link: no */
	if (fd < 0 && errno == ENXIO) {   /* a FIFO without a reader */
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG must be a regular "
		        "file, not a FIFO (%s)\n", face, path);
		return NULL;
	}
	if (fd < 0) {
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG cannot be opened: %s "
		        "(%s)\n", face, strerror(errno), path);
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG must be a regular "
		        "file (%s)\n", face, path);
	else if (st.st_uid != geteuid() && st.st_uid != 0)
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG is another user's file "
		        "(%s)\n", face, path);
	else if (fcntl(fd, F_SETFL, O_WRONLY | O_APPEND) < 0 ||
	         !(f = fdopen(fd, "a")))
		fprintf(stderr, "cfx: %sCFX_LATENCY_LOG cannot be opened: %s "
		        "(%s)\n", face, strerror(errno), path);
	if (!f)
		close(fd);
	return f;
}

static void lat_write(const lat_key *k, long long score)
{
	fprintf(ls.lat, "key=%s frame_us=%lld score_us=%lld\n", k->name,
	        k->frame, score);
}

static void lat_read(int key, int is_char, long long t0)
{
	lat_key *k;

	if (!ls.lat)
		return;
	if (ls.nlk == LAT_MAX) {      /* oldest never completed */
		lat_write(&ls.lk[0], -1);
		memmove(ls.lk, ls.lk + 1, (LAT_MAX - 1) * sizeof *ls.lk);
		ls.nlk--;
	}
	k = &ls.lk[ls.nlk++];
	k->t0 = t0;
	k->gen = 0;
	k->frame = -1;
	if (is_char && key > 0x20 && key < 0x7f)
		snprintf(k->name, sizeof k->name, "%c", key);
	else if (is_char && key == ' ')
		snprintf(k->name, sizeof k->name, "SPC");
	else
		snprintf(k->name, sizeof k->name, "%s",
		         is_char ? unctrl((chtype)key) : keyname(key));
}

/* A frame is on the screen: note it for every key waiting for one. */
static void lat_frame(dash *d, long long t1)
{
	const dash_work_score *sc = dash_state_scoring(d)->score;
	unsigned long shown = sc ? sc->gen : 0;
	int i, j = 0;

	for (i = 0; i < ls.nlk; i++) {
		lat_key *k = &ls.lk[i];
		if (k->frame < 0)
			k->frame = t1 - k->t0;
		if (shown >= k->gen)
			lat_write(k, t1 - k->t0);
		else
			ls.lk[j++] = *k;
	}
	ls.nlk = j;
}

/* ---- the loop ---------------------------------------------------------- */

static void drain(int fd)
{
	char buf[256];

	while (read(fd, buf, sizeof buf) > 0)
		;
}

/* The lesson pane hears of the learner's moves and of new scores, but
 * not while a constant is being typed: that is no move until Enter. */
static int editing(const dash *d)
{
	return dash_keys_view(d)->mode == MODE_EDIT;
}

static void learn_acted(dash *d, int ran)
{
	if (!editing(d))
		dash_learn_acted(d, ran);
}

static void learn_score(dash *d)
{
	if (!editing(d))
		dash_learn_score(d);
}

static void take_results(dash *d)
{
	int got = dash_state_take(d);

	if (got)
		ls.dirty = 1;
	if (got & DASH_STATE_SCORE)
		learn_score(d);         /* a lesson's step may read the score */
}

/* A frame on the screen; the loop keeps what it measured, and hands the
 * state what the drawing only read (the spectra above K): when the
 * spectrum panel had room for more than the state had made, they are
 * made and the frame is drawn again. */
static void draw(dash *d)
{
	dash_frame f;
	int again = 1;

	if (dash_keys_view(d)->code_optimal)  /* once per constant */
		dash_state_optimal(d);
	while (again) {
		dash_draw(d, &f);
		dash_keys_measured(d, &f);
		dash_out_measured(d->out, f.out_scroll);
		dash_learn_measured(d, f.lesson_rows, f.lesson_side,
		                    f.lesson_scroll, f.lesson_scroll_max);
		again = dash_state_spec_measured(d, f.spec_past);
	}
	doupdate();
}

/* Run a ':' line: the lesson sees it first; "running" is drawn while it
 * runs, with SIGINT routed to the command's stop flag. */
static void run_line(dash *d, const char *line)
{
	static volatile sig_atomic_t own_stop;
	volatile sig_atomic_t *stop = ls.stop ? ls.stop : &own_stop;

	int begun;

	if (dash_learn_line(d, line))
		return;
	line = dash_learn_data_line(d, line);   /* review NAME.patch */
	if ((begun = dash_cmd_begin(d, line, ls.wake[1])) <= 0) {
		d->quit = begun < 0;
		return;
	}
	draw(d);
	cmd_signals(stop);
	d->quit = dash_cmd_run(d, line, stop);
	cmd_signals(NULL);
	dash_state_apply_session(d);      /* :set and friends move the dashboard */
	dash_state_resubmit(d);
	learn_acted(d, 1);          /* the command may have done the step */
}

/* Ctrl-Z: the terminal as the shell had it, the process group stopped
 * as the terminal's own Ctrl-Z would (the dashboard reads keys raw, so
 * the terminal does not); on fg the screen is drawn again whole. */
static void suspend(void)
{
	struct sigaction dfl, old;

	endwin();
	xalloc_on_fail_first(NULL);     /* the shell's screen is not ours */
	proc_on_leave(NULL);
	memset(&dfl, 0, sizeof dfl);
	sigemptyset(&dfl.sa_mask);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGTSTP, &dfl, &old);
	kill(0, SIGTSTP);
	sigaction(SIGTSTP, &old, NULL);
	xalloc_on_fail_first(leave_now);
	proc_on_leave(leave_now);
	clearok(curscr, TRUE);      /* the shell wrote over it meanwhile */
	ls.dirty = 1;
}

/* What a key asked for; then the work for the new settings, and the
 * lesson's step, which a key that moved the dashboard may have done. */
static void apply(dash *d, dash_action a)
{
	switch (a.kind) {
	case DASH_ACT_RUN:
		run_line(d, a.line);
		break;
	case DASH_ACT_COMPLETE:
		dash_cmd_complete(d, a.edit);
		break;
	case DASH_ACT_QUIT:
		d->quit = 1;
		break;
	case DASH_ACT_SUSPEND:
		suspend();
		break;
	case DASH_ACT_NONE:
		break;
	}
	dash_state_resubmit(d);
	learn_acted(d, 0);
}

static void loop(dash *d)
{
	ls.dirty = 1;
	while (!d->quit && !got_signal) {
		struct pollfd pf[2] = {
			{ STDIN_FILENO, POLLIN, 0 }, { ls.wake[0], POLLIN, 0 }
		};
		const dash_scoring *w = dash_state_scoring(d);
		unsigned long gen0 = w->gen;
		long long first = 0, left;
		wint_t ch;
		int rc;

		if (!ls.dirty && poll(pf, 2, -1) < 0 && errno != EINTR)
			break;
		if (got_signal)
			break;
		drain(ls.wake[0]);
		if (dash_cmd_poll(d, ls.wake[1])) {         /* a background command ended */
			dash_state_apply_session(d);
			dash_state_resubmit(d);
			learn_acted(d, 1);
			ls.dirty = 1;
		}
		while (!d->quit && (rc = get_wch(&ch)) != ERR) {
			long long t0 = now_us();
			int is_char = rc == OK;

			if (!first)
				first = t0;
			lat_read((int)ch, is_char, t0);
			/* beside a lesson its pane says the refusals; else a
			 * wide one opens the output pane (dash_out_msg) */
			dash_out_wide_opens(d->out, !dash_learn_open(d));
			apply(d, dash_keys_handle(d, (int)ch, is_char));
			if (ls.lat && d->quit)
				ls.nlk--;           /* no frame follows the last key */
			else if (ls.lat)
				ls.lk[ls.nlk - 1].gen = w->gen;
			ls.dirty = 1;
		}
		/* at the default workload the score is a few ms away: show it
		 * in this frame rather than the next, if it comes in time */
		left = first + DASH_SYNC_MS * 1000LL - now_us();
		if (w->gen != gen0 && w->par.count <= DASH_SYNC_KEYS && left > 0)
			dash_state_wait(d, (int)left);
		take_results(d);
		if (ls.dirty && !d->quit) {
			draw(d);
			if (ls.lat)
				lat_frame(d, now_us());
			ls.dirty = 0;
		}
	}
}

/* ---- start and end ------------------------------------------------------ */

static void usage(FILE *f)
{
	const setting *st;
	char text[512];

	fprintf(f,
	"usage: cfx [--ascii]\n"
	"       cfx dash [--bits N] [--table-bits B] [--keys FAMILY] [--count K]\n"
	"                [--ascii] [--learn N] [EXPR]\n\n");
	snprintf(text, sizeof text, "The live dashboard: continued fraction, "
	         "decomposition, shift/add code, spectrum and bucket score of "
	         "one constant, updated as you type.  EXPR defaults to %s = "
	         "2654435761 on 32 bits; keys default to sequential keys, 4 a "
	         "bucket, into 2^12 buckets.  Press ? for the keys, and ? again "
	         "for what the panels show.", DEFAULT_EXPR);
	out_para(f, text, OUT_PROSE_WIDTH);
	fprintf(f, "\noptions:\n");
	for (st = setting_table; st->name; st++)
		if (st->flags & SETTING_DASH)
			cli_option_help_word(st, "dash", f);
	fprintf(f, "  %-22s %s\n\n", "-h, --help", "show this help");
	out_para(f, "NO_COLOR turns colour off; CFX_LATENCY_LOG=FILE logs "
	         "keystroke-to-frame latency in microseconds.", OUT_PROSE_WIDTH);
	fprintf(f, "\nexamples:\n"
	        "  cfx dash 0x9e370001            the 2002 prime: its "
	        "continued fraction, live\n"
	        "  cfx dash -k stride:4096 -t 10 0x9e370001   its bad stride in "
	        "the buckets\n"
	        "  cfx dash --learn golden        lesson 3 beside the panels\n");
}

static int fail(const char *what, const cfx_err *e)
{
	if (e && e->token[0])
		fprintf(stderr, "cfx: %s%s%s (%s)\n", face, what, e->msg,
		        e->token);
	else
		fprintf(stderr, "cfx: %s%s%s\n", face, what, e ? e->msg : "");
	return CFX_EXIT_USAGE;
}

typedef struct dash_opts {
	int ascii;
	unsigned long bits;
	unsigned long long table, count;
	int keys;                   /* --keys was given: fam */
	keys_family fam;            /* ... parsed, once */
	const char *learn;          /* --learn N: a lesson to open */
	char *expr;
} dash_opts;

/* One option of the dashboard into o (opts.h); integer values within
 * their rows' limits and the tables the dashboard draws live. */
static int take_option(void *ctx, const opts_hit *h, cfx_err *e)
{
	dash_opts *o = ctx;

	switch (h->s->id) {
	case SETTING_ASCII:
		o->ascii = 1;
		return 0;
	case SETTING_BITS:          /* the dashboard's words (cli_word.h) */
		return cli_word_parse(cli_word_range_of("dash"), "--bits",
		                      h->value, &o->bits, e);
	case SETTING_TABLE:
		return opts_number(h->s, h->value, h->s->lo, DASH_MAX_TABLE,
		                   &o->table, e);
	case SETTING_COUNT:
		return opts_number(h->s, h->value, h->s->lo, KEYS_MAX, &o->count,
		                   e);
	case SETTING_KEYS:          /* parsed here, and only here */
		if (keys_family_set(&o->fam, h->value, e) < 0) {
			/* a misspelt family: the nearest name, as -k says it
			 * on every command (cli_keys_parse) */
			keys_spec ks;
			cfx_err near = *e;
			if (cli_keys_parse(&ks, h->value, &near) == 0)
				keys_spec_free(&ks);
			else if (strstr(near.msg, "did you mean"))
				*e = near;
			return -1;
		}
		o->keys = 1;
		return 0;
	case SETTING_LEARN:
		o->learn = h->value;
		return 0;
	default:
		return 0;
	}
}

/* Options may come before, after or between the words of EXPR (cfx dash
 * 0x9e370001 --bits 32), as for every command; after "--" all is EXPR. */
static int parse_opts(int argc, char **argv, dash_opts *o)
{
	opts_row rows[SETTING_N];
	opts_face f = { .rows = rows, .take = take_option, .ctx = o };
	const setting *st;
	int pos[argc + 1], npos, i, rc;
	size_t len = 1;
	cfx_err e;

	for (st = setting_table; st->name; st++)
		if (st->flags & SETTING_DASH)
			rows[f.nrows++] = (opts_row){ st, 0 };
	memset(o, 0, sizeof *o);
	rc = opts_parse(&f, argc, argv, pos, &npos, &e);
	if (rc > 0) {
		usage(stdout);
		return 1;
	}
	if (rc < 0) {
		if (!strncmp(argv[e.arg], "--json", 6))
			cfx_err_set(&e, CFX_EUSAGE, -1, argv[e.arg], "--json is for "
			            "commands, not the dashboard");
		return fail("", &e), -1;
	}
	if (npos == 0) {
		o->expr = xstrdup(DEFAULT_EXPR);
		return 0;
	}
	for (i = 0; i < npos; i++)
		len += strlen(argv[pos[i]]) + 1;
	o->expr = xmalloc(len, "constant text");
	o->expr[0] = '\0';
	for (i = 0; i < npos; i++) {
		if (i > 0)
			strcat(o->expr, " ");
		strcat(o->expr, argv[pos[i]]);
	}
	return 0;
}

static void curses_end(void)
{
	if (curses_out)
		fclose(curses_out);     /* and curses_fd */
	curses_out = NULL;
	curses_fd = -1;
	if (null_fd >= 0)
		close(null_fd);
	null_fd = -1;
}

static int curses_start(dash *d)
{
	const char *t = getenv("TERM");
	SCREEN *scr;
	int color;

	/* ncurses takes $LINES and $COLUMNS as given, and its screens take
	 * about 90 bytes a cell (10000 x 10000 took gigabytes and seconds
	 * before the first frame; 2000 x 2000 takes 340 MB): a bad one is
	 * ignored as every face ignores it (main did so already) */
	out_env_sizes();
	/* a terminal that cannot move the cursor (dumb) drew a blind
	 * dashboard: refused as an unknown one is */
	shell_tio_have = tcgetattr(STDIN_FILENO, &shell_tio) == 0;
	if (!t || !*t || !strcmp(t, "dumb"))
		scr = NULL;
	else {
		fflush(stdout);
		if ((curses_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) >= 0 &&
		    !(curses_out = fdopen(curses_fd, "w"))) {
			close(curses_fd);
			curses_fd = -1;
		}
		null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		scr = newterm(NULL, curses_out ? curses_out : stdout, stdin);
	}
	if (scr && (!tigetstr("cup") || tigetstr("cup") == (char *)-1)) {
		endwin();
		delscreen(scr);
		scr = NULL;
	}
	if (!scr)
		curses_end();
	ls.scr = scr;
	if (!scr) {
		fprintf(stderr, "cfx: %scannot drive this terminal (TERM=%s)\n",
		        face, t ? t : "");
		return -1;
	}
	leave_len = 0;
	if (leave_fd < 0)
		leave_fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (err_fd < 0)
		err_fd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	leave_keep("sgr0");
	leave_keep("cnorm");
	leave_keep("clear");   /* nothing of it copied back (as at the end) */
	leave_keep("rmcup");
	leave_keep("rmkx");    /* keypad transmit off (left on: issue 22) */
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	color = has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
	if (color) {
		start_color();
		use_default_colors();
	}
	dash_draw_init(color, d->ascii);
	return 0;
}

/* Leave the terminal as less does: the alternate screen is cleared
 * before it is left, so a terminal resized meanwhile (tmux, some xterms)
 * has no fragments of it to copy back onto the normal one. */
static void curses_leave(void)
{
	erase();
	refresh();
	endwin();
	/* the worker still runs: until it stops, memory that runs out
	 * there says so on the shell's screen, which is back now */
	xalloc_on_fail_first(NULL);
	proc_on_leave(NULL);
	delscreen(ls.scr);
	curses_end();
}

/* Everything the dashboard holds, the worker stopped first. */
static void release(dash *d)
{
	int i;

	if (ls.lat) {
		for (i = 0; i < ls.nlk; i++)
			lat_write(&ls.lk[i], -1);
		fclose(ls.lat);
	}
	dash_state_free(d);         /* stops the worker first */
	dash_learn_free(d);         /* before the session it reads */
	dash_cmd_free(d);
	dash_out_free(d->out);
	dash_keys_free(d);
	repl_free(&d->r);
	close(ls.wake[0]);
	close(ls.wake[1]);
	wake_fd = -1;
	if (leave_fd >= 0)
		close(leave_fd);
	leave_fd = -1;
	if (err_fd >= 0)
		close(err_fd);
	err_fd = -1;
}

int dash_main(int argc, char **argv, volatile sig_atomic_t *stop)
{
	static dash dd;
	dash *d = &dd;
	dash_opts o;
	cfx_err e;
	const char *log;
	int rc, sig;

	face = strcmp(argv[0], "dash") ? "" : "dash: ";
	if ((rc = parse_opts(argc, argv, &o)) != 0)
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	memset(d, 0, sizeof *d);
	repl_init(&d->r, NULL, NULL, stop);
	d->out = dash_out_new();
	d->r.words = learn_cli_words();     /* `:learn` completes */
	d->r.interactive = 1;
	ls.stop = stop;
	dash_keys_init(d);
	dash_state_set_table(d, (int)o.table);
	dash_state_set_count(d, o.count);
	if (dash_state_init(d, o.expr, (unsigned long)o.bits, DEFAULT_K, &e) < 0) {
		free(o.expr);
		repl_free(&d->r);
		return fail("", &e);
	}
	free(o.expr);
	if (o.keys)
		dash_state_set_keys(d, &o.fam);
	if (o.keys && cli_keys_check_family(&o.fam, dash_state_bits(d), &e) < 0) {
		dash_state_free(d);
		repl_free(&d->r);
		return fail("", &e);
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "cfx: %sthe dashboard needs a terminal on "
		        "standard input and output (for scripts: cfx repl, or cfx "
		        "COMMAND)\n", face);
		dash_state_free(d);
		repl_free(&d->r);
		return CFX_EXIT_USAGE;
	}
	/* so is a latency log that cannot be written */
	if ((log = getenv("CFX_LATENCY_LOG")) && *log && !(ls.lat = lat_open(log))) {
		dash_state_free(d);
		repl_free(&d->r);
		return CFX_EXIT_USAGE;
	}
	/* a lesson that cannot be opened is said before the screen is taken */
	if (o.learn && dash_learn_start(d, o.learn, &e) < 0) {
		if (ls.lat)
			fclose(ls.lat);
		dash_state_free(d);
		repl_free(&d->r);
		return fail("--learn: ", &e);
	}
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");     /* numbers print the same everywhere */
	d->ascii = o.ascii || strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
	if (pipe2(ls.wake, O_NONBLOCK | O_CLOEXEC) < 0) {
		perror("cfx: dash: pipe");
		return CFX_EXIT_USAGE;
	}
	if (curses_start(d) < 0)
		return CFX_EXIT_USAGE;
	xalloc_on_fail_first(leave_now);
	proc_on_leave(leave_now);
	wake_fd = ls.wake[1];
	catch_signals();
	if (dash_state_work_start(d, ls.wake[1]) < 0) {
		xalloc_on_fail_first(NULL);
		proc_on_leave(NULL);
		endwin();
		delscreen(ls.scr);
		curses_end();
		fprintf(stderr, "cfx: dash: cannot start the worker thread\n");
		return CFX_EXIT_USAGE;
	}
	loop(d);

	curses_leave();
	sig = got_signal;
	release(d);
	if (sig) {
		proc_cleanup_now();
		signal(sig, SIG_DFL);
		raise(sig);
	}
	return CFX_EXIT_OK;
}
