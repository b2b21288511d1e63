/* cmd_spectrum.c - `cfx spectrum`: the points {k p/2^n} and their gaps. */
#include <stdlib.h>
#include <string.h>

#include "cfx/mem.h"
#include "cfx/score.h"
#include "cfx/spec.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cmds.h"
#include "cli/out.h"

#define DEFAULT_POINTS 10
#define STRIP 64

/* Decimal text of a 128-bit length. */
static char *u128_str(unsigned __int128 v, char *buf, size_t n)
{
	char tmp[48];
	int i = 0;

	do {
		tmp[i++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	if ((size_t)i >= n)
		i = (int)n - 1;
	for (int j = 0; j < i; j++)
		buf[j] = tmp[i - 1 - j];
	buf[i] = '\0';
	return buf;
}

/* The first points on a strip of STRIP cells: the circle cut open at 0. */
static void strip(FILE *f, uint64_t p, unsigned bits, uint64_t count)
{
	char line[STRIP + 1];
	uint64_t k, shown = count < 200 ? count : 200;

	memset(line, '-', STRIP);
	line[STRIP] = '\0';
	for (k = 1; k <= shown; k++) {
		uint64_t x = spec_point(p, bits, k);
		size_t cell = (size_t)(((unsigned __int128)x * STRIP) >> bits);
		line[cell] = line[cell] == '-' ? '*' : '#';
	}
	fprintf(f, "0 %s 1\n", line);
	if (shown < count)
		fprintf(f, "  (first %llu points; # marks a cell with several)\n",
		        (unsigned long long)shown);
	else
		fprintf(f, "  (# marks a cell with several points)\n");
}

/* More points asked than p has (its period on the word: 2^(bits - t),
 * t its trailing zero bits, spec.c's bound): which --count runs. */
static void count_advice(cmd_ctx *c, uint64_t p, unsigned bits,
                         uint64_t count)
{
	unsigned t = 0;
	uint64_t period;
	size_t n = strlen(c->err.msg);

	if (bits < 64)
		p &= ((uint64_t)1 << bits) - 1;
	while (t < bits && !((p >> t) & 1))
		t++;
	period = bits - t >= 64 ? UINT64_MAX : (uint64_t)1 << (bits - t);
	if (c->err.code != CFX_EDOMAIN || count <= period ||
	    count > SPEC_MAX_COUNT)
		return;
	/* the count given is the error's token; the default is said */
	if (c->err.token[0])
		snprintf(c->err.msg + n, sizeof c->err.msg - n, "; --count %llu "
		         "or fewer runs", (unsigned long long)period);
	else
		snprintf(c->err.msg + n, sizeof c->err.msg - n, "; --count %llu "
		         "or fewer runs (the default is %llu)",
		         (unsigned long long)period, (unsigned long long)count);
}

int cmd_spectrum(cmd_ctx *c, cli_args *a)
{
	mpz_t pz;
	unsigned long bits;
	uint64_t p, count = a->count ? a->count : DEFAULT_POINTS, k;
	unsigned b = a->table_bits ? (unsigned)a->table_bits : 0;
	spec_result r;
	char buf[48], buf2[48], *hex;
	int i;

	mpz_init(pz);
	if (cli_multiplier(c, a, WORD_MAX_HASH, pz, &bits) < 0) {
		mpz_clear(pz);
		return CFX_EXIT_USAGE;
	}
	p = mpz_get_ui(pz);
	hex = word_hex(pz, bits);
	mpz_clear(pz);
	if (b && score_table_check(b, bits, &c->err) < 0) {
		free(hex);
		return CFX_EXIT_USAGE;
	}
	if (!b)    /* as score */
		b = score_default_table(bits);
	/* the points and their sort: 16 bytes a point (10^8 took 1.6 GB) */
	if ((count <= SPEC_MAX_COUNT && mem_check((size_t)count * 16,
	     "the points", &c->err) < 0) ||
	    spec_compute_poll(p, (unsigned)bits, count, &r, c->stop,
	                      &c->err) < 0) {
		if (!c->err.token[0] && a->count_text)
			cfx_err_retoken(&c->err, a->count_text);
		count_advice(c, p, (unsigned)bits, count);
		free(hex);
		return CFX_EXIT_USAGE;
	}
	{
		json_t *o = json_object(), *gaps = json_array();
		json_object_set_new(o, "value", json_string(
			u128_str(p, buf, sizeof buf)));
		json_object_set_new(o, "bits", json_integer((json_int_t)bits));
		json_object_set_new(o, "count", json_integer((json_int_t)count));
		for (i = 0; i < r.ngaps; i++)
			json_array_append_new(gaps, json_pack("{s:s,s:I}",
			        "length_units", u128_str(r.gap[i].length, buf,
			                                 sizeof buf),
			        "count", (json_int_t)r.gap[i].count));
		json_object_set_new(o, "gaps", gaps);
		json_object_set_new(o, "max_min_ratio", out_jreal(r.max_min_ratio));
		json_object_set_new(o, "three_sum", json_boolean(r.three_sum));
		if (a->list) {
			json_t *pts = json_array();
			for (k = 1; k <= a->list && k <= count; k++)
				json_array_append_new(pts, json_pack("{s:I,s:s,s:s,s:I}",
				        "k", (json_int_t)k,
				        "point_units", u128_str(spec_point(p, bits, k), buf,
				                                sizeof buf),
				        "floor", u128_str(spec_floor(p, bits, k), buf2,
				                          sizeof buf2),
				        "bucket", (json_int_t)spec_bucket(p, bits, b, k)));
			json_object_set_new(o, "table_bits", json_integer(b));
			json_object_set_new(o, "points", pts);
		}
		cli_result(c, a->json, o);
	}
	if (a->json) {
		free(hex);
		return CFX_EXIT_OK;
	}
	fprintf(c->out, "x          %s / 2^%lu, points {k x} for k = 1..%llu\n",
	        hex, bits, (unsigned long long)count);
	fprintf(c->out, "gaps       %d length%s, in units of 2^-%lu:\n", r.ngaps,
	        r.ngaps == 1 ? "" : "s", bits);
	fprintf(c->out, "           %22s  %10s  %s\n", "length", "count",
	        "as a fraction");
	for (i = 0; i < r.ngaps; i++)
		fprintf(c->out, "           %22s  %10llu  %.6g\n",
		        u128_str(r.gap[i].length, buf, sizeof buf),
		        (unsigned long long)r.gap[i].count,
		        (double)r.gap[i].length / (double)((unsigned __int128)1 << bits));
	if (r.ngaps == 3)
		fprintf(c->out, "           the largest is the sum of the other two;"
		        " max/min %.4g\n", r.max_min_ratio);
	else
		fprintf(c->out, "           max/min %.4g\n", r.max_min_ratio);
	fprintf(c->out, "strip      ");
	strip(c->out, p, (unsigned)bits, count);
	if (a->list) {
		fprintf(c->out, "\n%10s  %-12s %22s  %s\n", "k", "{k x}",
		        "floor(k x)", b == bits ? "k p mod 2^n" : "bucket");
		for (k = 1; k <= a->list && k <= count; k++)
			fprintf(c->out, "%10llu  %.10f %22s  %llu\n",
			        (unsigned long long)k,
			        (double)spec_point(p, bits, k) /
			        (double)((unsigned __int128)1 << bits),
			        u128_str(spec_floor(p, bits, k), buf, sizeof buf),
			        (unsigned long long)spec_bucket(p, bits, b, k));
		fprintf(c->out, "(bucket = floor(2^%u {k x}), a table of 2^%u)\n", b, b);
	}
	free(hex);
	return CFX_EXIT_OK;
}
