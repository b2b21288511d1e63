/* out.c - output helpers (see out.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/out.h"

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

void out_json(FILE *f, json_t *obj)
{
	json_dumpf(obj, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', f);
	json_decref(obj);
}

typedef struct sb {
	char *s;
	size_t len, cap;
} sb;

static void sb_add(sb *b, const char *t)
{
	size_t n = strlen(t);

	if (b->len + n + 1 > b->cap) {
		b->cap = 2 * (b->len + n + 1) + 64;
		if (!(b->s = realloc(b->s, b->cap)))
			abort();
	}
	memcpy(b->s + b->len, t, n + 1);
	b->len += n;
}

static void sb_z(sb *b, mpz_srcptr z)
{
	char *t = mpz_get_str(NULL, 10, z);
	sb_add(b, t);
	free(t);
}

/* Append a[from..to) with runs compressed. */
static void terms(sb *b, const cf_seq *cf, size_t from, size_t to, int first)
{
	size_t k = from;

	while (k < to) {
		size_t run = 1;
		char buf[32];

		while (k + run < to && mpz_cmp(cf_term(cf, k + run),
		                               cf_term(cf, k)) == 0)
			run++;
		if (!first)
			sb_add(b, ", ");
		first = 0;
		if (run >= 4) {
			sb_z(b, cf_term(cf, k));
			snprintf(buf, sizeof buf, " (x%zu)", run);
			sb_add(b, buf);
			k += run;
		} else {
			sb_z(b, cf_term(cf, k));
			k++;
		}
	}
}

char *out_cf_text(const cf_seq *cf, size_t max)
{
	sb b = { 0 };
	size_t n = cf->n;

	sb_add(&b, "[");
	if (n == 0) {
		sb_add(&b, "]");
		return b.s;
	}
	sb_z(&b, cf_term(cf, 0));
	if (cf->kind == CF_PERIODIC) {
		/* a period that starts at a0 (phi) is shown rotated after it:
		 * [1; (1)] */
		size_t start = cf->pre ? cf->pre : 1, len = cf_period(cf);
		sb_add(&b, "; ");
		if (start > 1) {
			terms(&b, cf, 1, start, 1);
			sb_add(&b, ", ");
		}
		sb_add(&b, "(");
		terms(&b, cf, start, start + len, 1);
		sb_add(&b, ")]");
		return b.s;
	}
	if (n > max)
		n = max;
	if (n > 1) {
		sb_add(&b, "; ");
		terms(&b, cf, 1, n, 1);
	}
	sb_add(&b, cf->kind == CF_PREFIX || n < cf->n ? ", ...]" : "]");
	return b.s;
}

void out_fill(FILE *f, const char *text, int width, const char *first,
              const char *rest, const char *sep)
{
	size_t seplen = strlen(sep);
	int col = (int)strlen(first), indent = (int)strlen(rest), any = 0;
	const char *p = text;

	fputs(first, f);
	while (*p) {
		/* the next piece runs to just after the next separator, less
		 * its trailing blanks; pieces never split */
		const char *q = strstr(p, sep);
		int len = q ? (int)(q - p) + (int)seplen : (int)strlen(p), show = len;

		while (show > 0 && p[show - 1] == ' ')
			show--;
		if (any) {
			if (col + 1 + show > width) {
				fprintf(f, "\n%s", rest);
				col = indent;
			} else {
				fputc(' ', f);
				col++;
			}
		}
		fwrite(p, 1, (size_t)show, f);
		col += show;
		p += len;
		while (*p == ' ')
			p++;
		any = 1;
	}
	fputc('\n', f);
}

void out_sum(FILE *f, const char *label, const char *sum, int width)
{
	char *copy = strdup(sum), *p;
	char rest[64];
	size_t n = strlen(label) < sizeof rest - 1 ? strlen(label)
	           : sizeof rest - 1;

	if (!copy)
		abort();
	/* glue each sign to its term with a non-space byte, fill by words,
	 * and print the glue back as a space */
	for (p = copy; *p; p++)
		if (p[0] == ' ' && (p[1] == '+' || p[1] == '-') && p[2] == ' ')
			p[2] = '\x1f';
	memset(rest, ' ', n);
	rest[n] = '\0';
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);
		if (!m)
			abort();
		out_fill(m, copy, width, label, rest, " ");
		fclose(m);
		for (p = buf; *p; p++)
			if (*p == '\x1f')
				*p = ' ';
		fputs(buf, f);
		free(buf);
	}
	free(copy);
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
