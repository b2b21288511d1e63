/* out.c - output helpers (see out.h). */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/out.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

json_t *out_jz(const mpz_t z)
{
	char *s = mpz_get_str(NULL, 10, z);
	json_t *j = json_string(s);

	free(s);
	return j;
}

json_t *out_ju64(uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
	return json_string(buf);
}

json_t *out_jreal(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* A script's results are JSON Lines: one compact object a line. */
static int json_lines;

void out_json_lines(int on)
{
	json_lines = on;
}

struct dump_to {
	FILE *f;
	const volatile sig_atomic_t *stop;
};

/* A report cut by Ctrl-C (what stdout still holds is dropped at exit). */
static int cut;

void out_cut_note(void)
{
	cut = 1;
}

int out_was_cut(void)
{
	return cut;
}

/* The errno of stdout's first failed flush through out_flush. */
static int flush_errno;

int out_flush(FILE *f)
{
	int rc;

	errno = 0;
	rc = fflush(f);
	if (rc != 0 && f == stdout && !flush_errno)
		flush_errno = errno ? errno : EIO;
	return rc;
}

int out_flush_errno(void)
{
	return flush_errno;
}

/* jansson's writer: a chunk to the stream, or -1 (the dump ends) once
 * Ctrl-C set stop: the JSON of cf --convergents golden(65536) is 40 MB */
static int dump_chunk(const char *buffer, size_t size, void *data)
{
	struct dump_to *t = data;

	if (t->stop && *t->stop) {
		cut = 1;
		return -1;
	}
	return fwrite(buffer, 1, size, t->f) == size ? 0 : -1;
}

int out_json_until(FILE *f, json_t *obj, const volatile sig_atomic_t *stop)
{
	struct dump_to t = { f, stop };
	int rc = json_dump_callback(obj, dump_chunk, &t,
	                            (json_lines ? JSON_COMPACT : JSON_INDENT(2)) |
	                            JSON_PRESERVE_ORDER);

	if (rc == 0)
		fputc('\n', f);
	json_decref(obj);
	if (t.stop && *t.stop)
		cut = 1;
	return t.stop && *t.stop ? -1 : 0;
}

void out_json(FILE *f, json_t *obj)
{
	out_json_until(f, obj, NULL);
}

static void z_add(struct buf *b, mpz_srcptr z)
{
	char *t = mpz_get_str(NULL, 10, z);
	buf_puts(b, t);
	free(t);
}

/* Append a[from..to) with runs compressed. */
static void terms(struct buf *b, const cf_seq *cf, size_t from, size_t to, int first)
{
	size_t k = from;

	while (k < to) {
		size_t run = 1;
		char buf[32];

		while (k + run < to && mpz_cmp(cf_term(cf, k + run),
		                               cf_term(cf, k)) == 0)
			run++;
		if (!first)
			buf_puts(b, ", ");
		first = 0;
		if (run >= 4) {
			z_add(b, cf_term(cf, k));
			snprintf(buf, sizeof buf, " (x%zu)", run);
			buf_puts(b, buf);
			k += run;
		} else {
			z_add(b, cf_term(cf, k));
			k++;
		}
	}
}

char *out_cf_text(const cf_seq *cf, size_t max)
{
	struct buf b = { 0 };
	size_t n = cf->n;

	buf_puts(&b, "[");
	if (n == 0) {
		buf_puts(&b, "]");
		return buf_take(&b);
	}
	z_add(&b, cf_term(cf, 0));
	if (cf->kind == CF_PERIODIC) {
		/* a period that starts at a0 (phi) is shown rotated after it:
		 * [1; (1)] */
		size_t start = cf->pre ? cf->pre : 1, len = cf_period(cf);
		buf_puts(&b, "; ");
		if (start > 1) {
			terms(&b, cf, 1, start, 1);
			buf_puts(&b, ", ");
		}
		buf_puts(&b, "(");
		terms(&b, cf, start, start + len, 1);
		buf_puts(&b, ")]");
		return buf_take(&b);
	}
	if (n > max)
		n = max;
	if (n > 1) {
		buf_puts(&b, "; ");
		terms(&b, cf, 1, n, 1);
	}
	buf_puts(&b, cf->kind == CF_PREFIX || n < cf->n ? ", ...]" : "]");
	return buf_take(&b);
}

/* The dashboard runs ':' commands on its UI thread and :verify on one
 * of its own: each thread's width is its own. */
static __thread int fill_width;

void out_width_set(int width)
{
	fill_width = width > 0 ? width : 0;
}

int out_width(void)
{
	return fill_width ? fill_width : OUT_WIDTH;
}

int out_width_at(FILE *f)
{
	int cols = fill_width ? 0 : out_tty_cols(f);

	return cols > 20 && cols - 1 < OUT_WIDTH ? cols - 1 : out_width();
}

void out_line_at(FILE *f, const char *text, const char *rest)
{
	if (isatty(fileno(f)))
		out_fill(f, text, out_width_at(f), "", rest, " ");
	else
		fprintf(f, "%s\n", text);
}

int out_prose_width(void)
{
	return out_width() < OUT_PROSE_WIDTH ? out_width() : OUT_PROSE_WIDTH;
}

/* The terminal's size at f (both 0 when f is no terminal). */
static void tty_size(FILE *f, int *cols, int *rows)
{
	struct winsize ws;

	*cols = *rows = 0;
	if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0)
		*cols = ws.ws_col, *rows = ws.ws_row;
}

int out_tty_cols(FILE *f)
{
	int c, r;

	tty_size(f, &c, &r);
	return c;
}

int out_tty_rows(FILE *f)
{
	int c, r;

	tty_size(f, &c, &r);
	return r;
}

int out_env_size(const char *name)
{
	const char *v = getenv(name);
	char *end;
	long n;

	if (!v || !isdigit((unsigned char)*v))   /* unset, "", " 80", -5 */
		return 0;
	errno = 0;
	n = strtol(v, &end, 10);
	return !*end && !errno && n >= 1 && n <= OUT_ENV_SIZE_MAX ? (int)n : 0;
}

void out_env_sizes(void)
{
	static const char *const names[] = { "COLUMNS", "LINES" };

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (getenv(names[i]) && !out_env_size(names[i]))
			unsetenv(names[i]);
}

void out_fill(FILE *f, const char *text, int width, const char *first,
              const char *rest, const char *sep)
{
	struct buf b = { 0 };

	text_fill(&b, text, width, first, rest, sep);
	fputs(buf_str(&b), f);
	buf_free(&b);
}

/* The run of prose lines at p filled to width (see out_para); returns
 * what follows the run: a blank line, a table row or the end. */
static const char *fill_run(FILE *f, const char *p, int width)
{
	size_t col = 0, gap = 0;
	int sentence = 0;

	while (*p) {
		size_t sp = strspn(p, " "), w, ww;

		if (p[sp] == '\n' || !p[sp]) {
			p += sp;
			if (!*p++)
				return p - 1;
			if (!*p || *p == '\n' || *p == ' ')
				return p;
			gap = sentence ? 2 : 1;    /* a line break inside the run */
			continue;
		}
		if (sp)
			gap = sp > 1 ? 2 : 1;
		p += sp;
		w = strcspn(p, " \n");
		ww = text_width(p, w);
		/* no line starts with an operator: it stays with the word
		 * before it ("through /", "c <=") */
		if (col && col + gap + ww + text_ops_after(p + w, 1) >
		    (size_t)width) {
			fputc('\n', f);
			col = 0;
		} else if (col) {
			fprintf(f, "%*s", (int)gap, "");
			col += gap;
		}
		fwrite(p, 1, w, f);
		col += ww;
		/* "end.  Next", not "2^4..2^20" */
		sentence = (p[w - 1] == '.' || p[w - 1] == '?') &&
		           !(w > 1 && p[w - 2] == '.');
		p += w;
		gap = 1;
	}
	return p;
}

void out_para(FILE *f, const char *text, int width)
{
	const char *p = text;

	while (*p) {
		size_t n = strcspn(p, "\n");

		if (n == 0 || *p == ' ') {      /* a blank line, a table row */
			fprintf(f, "%.*s\n", (int)n, p);
			p += n + (p[n] == '\n');
			continue;
		}
		p = fill_run(f, p, width);
		fputc('\n', f);
	}
}

void out_sum(FILE *f, const char *label, const char *sum, int width)
{
	char *copy = xstrdup(sum), *p, *rest;
	size_t n = strlen(label);
	struct buf b = { 0 };

	/* glue each sign to its term with a non-space byte, fill by words,
	 * and print the glue back as a space */
	for (p = copy; *p; p++)
		if (p[0] == ' ' && (p[1] == '+' || p[1] == '-') && p[2] == ' ')
			p[2] = '\x1f';
	if (text_width(label, n) > (size_t)width / 2) {
		/* no room beside it: the label alone, the sum under it */
		text_fill(&b, label, width, "", "", " ");
		text_fill(&b, copy, width, "    ", "    ", " ");
	} else {
		rest = xmalloc(n + 1, "indent");
		memset(rest, ' ', n);
		rest[n] = '\0';
		text_fill(&b, copy, width, label, rest, " ");
		free(rest);
	}
	for (p = b.s; *p; p++)
		if (*p == '\x1f')
			*p = ' ';
	fputs(b.s, f);
	buf_free(&b);
	free(copy);
}

void out_line(FILE *f, const char *text, const char *rest)
{
	out_fill(f, text, out_width(), "", rest, " ");
}

void out_fill_word(FILE *f, const char *head, const char *word,
                   const char *text, const char *rest)
{
	char *t = xasprintf("%s%s", word, text), paint[64];
	size_t h = strlen(head), n = strlen(word);
	struct buf b = { 0 };

	text_fill(&b, t, out_width(), head, rest, " ");
	/* the word where it was put (a long head moves it under) */
	if (!strncmp(buf_str(&b) + h, word, n) && n + 24 < sizeof paint)
		fprintf(f, "%s%s%s", head, out_paint(f, word, paint, sizeof paint),
		        buf_str(&b) + h + n);
	else
		fputs(buf_str(&b), f);
	buf_free(&b);
	free(t);
}

void out_warn(FILE *f, const char *cmd, const char *fmt, ...)
{
	va_list ap;
	struct buf b = { 0 };

	buf_printf(&b, "cfx: %s: warning: ", cmd);
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	out_line_at(f, buf_str(&b), "    ");
	buf_free(&b);
}

void out_wrapped(FILE *f, const char *label, const char *text, int width)
{
	char rest[64];
	size_t n = strlen(label) < sizeof rest - 1 ? strlen(label)
	           : sizeof rest - 1;

	memset(rest, ' ', n);
	rest[n] = '\0';
	out_fill(f, text, width, label, rest, ", ");
}

const char *out_g(char *buf, size_t n, double x, int digits)
{
	snprintf(buf, n, "%.*g", digits, x);
	return buf;
}

const char *out_cover_note(char *buf, size_t n, const keys_spec *ks,
                           unsigned bits)
{
	unsigned space = keys_space_bits(ks, bits);

	if (space == bits)
		snprintf(buf, n, "the keys are all 2^%u words of %u bit%s", bits, bits,
		         bits == 1 ? "" : "s");
	else
		snprintf(buf, n, "the keys are all 2^%u multiples of 2^%u in the "
		         "%u-bit word", space, bits - space, bits);
	snprintf(buf + strlen(buf), n - strlen(buf), ": any odd multiplier "
	         "permutes them, so the loads are even for every multiplier and "
	         "say nothing about this one; fewer keys do");
	return buf;
}

/* The width of the frame last drawn: a shorter one (search's next
 * phase) is padded to cover it. */
static int progress_len;

void out_progress_note(const char *label, size_t done, size_t total,
                       const char *unit, double share, const char *note)
{
	int w = OUT_PROGRESS_WIDTH, fill, i, len, cols = out_tty_cols(stderr);
	int room;
	char tail[160];

	assert(label && unit);
	if (share < 0)
		share = total ? (double)done / (double)total : 1;
	snprintf(tail, sizeof tail, " %zu/%zu %s%s%s", done, total, unit,
	         note ? ", " : "", note ? note : "");
	/* on a terminal narrower than the line: a shorter bar, then none,
	 * then the tail cut; the terminal would wrap it, and each redraw
	 * would leave a line behind */
	room = cols > 0 ? cols - 1 : INT_MAX;
	if ((int)strlen(label) + 3 + w + (int)strlen(tail) > room)
		w = room - (int)strlen(label) - 3 - (int)strlen(tail);
	if (w < 4)
		w = 0;
	if (!w && (int)strlen(label) + (int)strlen(tail) > room)
		tail[room > (int)strlen(label) ? room - (int)strlen(label) : 0] =
			'\0';
	fill = share >= 1 ? w : (int)(share * w);
	len = fprintf(stderr, "\r%s%s", label, w ? " [" : "") - 1 + w;
	for (i = 0; i < w; i++)
		fputc(i < fill ? '#' : '.', stderr);
	len += fprintf(stderr, "%s%s", w ? "]" : "", tail);
	if (len > room)
		len = room;
	if (len < progress_len)
		fprintf(stderr, "%*s", progress_len - len, "");
	else
		progress_len = len;
	fflush(stderr);
}

void out_progress(const char *label, size_t done, size_t total,
                  const char *unit)
{
	out_progress_note(label, done, total, unit, -1, NULL);
}

void out_progress_end(void)
{
	progress_len = 0;
	fputs("\r\033[K", stderr);
	fflush(stderr);
}

static int progress_mode = -1;

void out_progress_set(int on)
{
	progress_mode = on;
}

int out_progress_on(int tty)
{
	return progress_mode < 0 ? tty : progress_mode;
}

/* ---- colour ------------------------------------------------------------- */

static out_color_mode color_mode = OUT_COLOR_AUTO;

int out_color_set(const char *when)
{
	if (!when || !strcmp(when, "always"))   /* --color alone: always */
		color_mode = OUT_COLOR_ALWAYS;
	else if (!strcmp(when, "auto"))
		color_mode = OUT_COLOR_AUTO;
	else if (!strcmp(when, "never"))
		color_mode = OUT_COLOR_NEVER;
	else
		return -1;
	return 0;
}

int out_color_on(FILE *f)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (color_mode != OUT_COLOR_AUTO)
		return color_mode == OUT_COLOR_ALWAYS;
	/* no-color.org: set and not empty; a dumb terminal has no colour */
	if ((no && no[0]) || (term && !strcmp(term, "dumb")))
		return 0;
	return isatty(fileno(f));
}

const char *out_paint(FILE *f, const char *word, char *buf, size_t n)
{
	static const struct { const char *word, *sgr; } colours[] = {
		{ "PASS", "32" }, { "WARN", "33" }, { "FAIL", "31" },
		{ "good", "32" }, { "weak", "33" }, { "bad", "31" },
		{ "ERROR", "31" }, { "WARNING", "33" },    /* review's levels */
		{ "error", "31" }, { "warning", "33" },
	};
	size_t i;

	for (i = 0; i < sizeof colours / sizeof colours[0]; i++)
		if (!strcmp(word, colours[i].word))
			break;
	if (i == sizeof colours / sizeof colours[0] || !out_color_on(f))
		return word;
	snprintf(buf, n, "\033[%sm%s\033[0m", colours[i].sgr, word);
	return buf;
}

/* The text of one comment line: the blanks before it in *ind (n
 * bytes), what follows the marker, its end less a closing marker. */
static void c_fill(struct buf *b, const char *ind, size_t n,
                   const char *text, size_t len)
{
	char *t = xasprintf("%.*s", (int)len, text);
	char *lead = xasprintf("%.*s * ", (int)n, ind);

	text_fill(b, t, OUT_C_WIDTH, lead, lead, " ");
	free(lead);
	free(t);
}

void out_c_source(FILE *f, const char *src)
{
	struct buf b = { 0 };
	const char *p = src;
	int inside = 0;             /* within a block comment */

	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		size_t n = strspn(p, " \t"), body = len - n;
		const char *q = p + n;
		int closes = body >= 2 && !memcmp(p + len - 2, "*" "/", 2);
		int opens = body >= 2 && !memcmp(q, "/" "*", 2);

		if (text_width(p, len) <= OUT_C_WIDTH) {
			buf_add(&b, p, len);
			buf_putc(&b, '\n');
		} else if (opens && body > 3 && q[2] == ' ') {
			/* an opener with text, closed on the line or not */
			buf_printf(&b, "%.*s/" "*\n", (int)n, p);
			c_fill(&b, p, n, q + 3, body - 3 - (closes ? 2 : 0));
			if (closes)
				buf_printf(&b, "%.*s *" "/\n", (int)n, p);
		} else if (inside && !closes && body > 2 && q[0] == '*' &&
		           q[1] == ' ') {
			size_t k = n > 0 && p[n - 1] == ' ' ? n - 1 : n;
			c_fill(&b, p, k, q + 2, body - 2);
		} else {
			buf_add(&b, p, len);
			buf_putc(&b, '\n');
		}
		if (memmem(q, body, "*" "/", 2))
			inside = 0;
		else if (opens)
			inside = 1;
		p += len + (e ? 1 : 0);
		if (!e)
			break;
	}
	if (b.len && src[0] && src[strlen(src) - 1] != '\n')
		b.s[--b.len] = '\0';
	fputs(b.s ? b.s : "", f);
	free(b.s);
}
