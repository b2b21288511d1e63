/*
 * test_sas.c - shift/add sequences (sas.h).
 *
 * The oracle is the machine multiply: sas_eval(x) must be x * p mod 2^n.
 * The emitted C is compiled with the system compiler and run against the
 * same oracle.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gmp.h>

#include "cfx/naf.h"
#include "cfx/sas.h"
#include "testutil.h"

static void prog_of(sas_prog *pr, naf_form *f, uint64_t p, unsigned n)
{
	mpz_t z;

	mpz_init(z);
	mpz_import(z, 1, 1, sizeof p, 0, 0, &p);
	naf_of(f, z, n);
	sas_of(pr, f);
	mpz_clear(z);
}

/* The documented shape: one step per non-zero digit, low to high; the
 * cumulative shift is the digit's position; the first step sets +-n. */
static void check_structure(const sas_prog *pr, const naf_form *f)
{
	unsigned long i, pos = 0;
	size_t j = 0, adds = 0, subs = 0, shifts = 0, w = 0;
	sas_cost cost;

	for (i = 0; i < f->bits; i++)
		w += f->d[i] != 0;
	CHECK(pr->bits == f->bits, "bits %lu vs %lu", pr->bits, f->bits);
	CHECK(pr->n == w, "%zu steps for weight %zu", pr->n, w);
	for (i = 0; i < f->bits; i++) {
		const sas_step *st;

		if (!f->d[i])
			continue;
		st = &pr->s[j];
		pos += st->shift;
		CHECK(pos == i, "step %zu lands at 2^%lu, digit is at 2^%lu", j, pos, i);
		if (j == 0)
			CHECK(st->op == (f->d[i] > 0 ? SAS_SET : SAS_NEG), "first op %d", st->op);
		else
			CHECK(st->op == (f->d[i] > 0 ? SAS_ADD : SAS_SUB), "op %d", st->op);
		adds += j > 0 && f->d[i] > 0;
		subs += j > 0 && f->d[i] < 0;
		shifts += st->shift > 0;
		j++;
	}
	cost = sas_count(pr);
	CHECK(cost.adds == adds && cost.subs == subs, "adds %zu subs %zu, want %zu %zu",
	      cost.adds, cost.subs, adds, subs);
	CHECK(w == 0 || cost.adds + cost.subs == w - 1, "adds + subs != weight - 1");
	CHECK(cost.shifts == shifts, "shifts %zu, want %zu", cost.shifts, shifts);
	/* negs: 1 if the first step is hash = -n */
	for (i = 0; i < f->bits && !f->d[i]; i++)
		;
	CHECK(cost.negs == (i < f->bits && f->d[i] < 0), "negs %zu", cost.negs);
}

Test(sas, all_p_all_x_n8)
{
	unsigned p, x;

	for (p = 0; p < 256; p++) {
		naf_form f;
		sas_prog pr;

		prog_of(&pr, &f, p, 8);
		check_structure(&pr, &f);
		for (x = 0; x < 256; x++)
			CHECK(sas_eval(&pr, x) == ((x * p) & 0xff), "p=%u x=%u: %llu", p, x,
			      (unsigned long long)sas_eval(&pr, x));
		/* bits of x above the word do not matter */
		CHECK(sas_eval(&pr, 0xabcdef00u + 3) == ((3 * p) & 0xff), "high x bits");
		sas_clear(&pr);
		naf_clear(&f);
	}
}

Test(sas, all_x_n16_many_p)
{
	trng r = { 16 };
	int i;
	uint64_t x;

	for (i = 0; i < 300; i++) {
		static const uint64_t special[] = { 0, 1, 2, 3, 0xffff, 0x8000, 0x8001,
		                                    0x5555, 0xaaaa, 0x9e37, 0x7fff };
		uint64_t p = i < 11 ? special[i] : trng_below(&r, 65536);
		naf_form f;
		sas_prog pr;

		prog_of(&pr, &f, p, 16);
		check_structure(&pr, &f);
		for (x = 0; x < 65536; x++)
			CHECK(sas_eval(&pr, x) == ((x * p) & 0xffff), "p=%llu x=%llu",
			      (unsigned long long)p, (unsigned long long)x);
		sas_clear(&pr);
		naf_clear(&f);
	}
}

Test(sas, random_x_wide_words)
{
	static const struct { unsigned n; int xs; } w[] = {
		{ 32, 250000 }, { 64, 250000 }, { 1, 1000 }, { 7, 20000 },
		{ 24, 50000 }, { 31, 50000 }, { 33, 50000 }, { 48, 50000 },
		{ 63, 50000 }
	};
	trng r = { 64 };
	size_t wi;
	int k, i;

	for (wi = 0; wi < sizeof w / sizeof w[0]; wi++)
		for (k = 0; k < 4 + 4 * (w[wi].n > 60); k++) {
			unsigned n = w[wi].n;
			uint64_t p = trng_next(&r) & tmask(n);
			naf_form f;
			sas_prog pr;

			if (k == 1)
				p = tmask(n);                       /* all ones: wraps to -1 */
			if (k == 2 && n == 64)
				p = 0x9E3779B97F4A7C15ull;          /* the usual 64-bit constant */
			if (k == 3 && n >= 52)
				p = (((uint64_t)1 << 51) - ((uint64_t)1 << 18) + 1) | (uint64_t)1 << (n - 1);
			prog_of(&pr, &f, p, n);
			check_structure(&pr, &f);
			for (i = 0; i < (k < 4 ? w[wi].xs : 20000); i++) {
				uint64_t x = trng_next(&r);
				CHECK(sas_eval(&pr, x) == ((x * p) & tmask(n)),
				      "n=%u p=%llx x=%llx", n, (unsigned long long)p,
				      (unsigned long long)x);
			}
			sas_clear(&pr);
			naf_clear(&f);
		}
}

/* sas_of takes any signed-digit form, not just a NAF */
Test(sas, arbitrary_signed_digit_forms)
{
	trng r = { 9 };
	int t, i;

	for (t = 0; t < 3000; t++) {
		unsigned n = 1 + (unsigned)trng_below(&r, 64), j;
		naf_form f;
		sas_prog pr;
		uint64_t val = 0;

		naf_zero(&f, n);
		for (j = 0; j < n; j++) {
			f.d[j] = (signed char)((int)trng_below(&r, 3) - 1);
			val += (uint64_t)(int64_t)f.d[j] << j;
		}
		sas_of(&pr, &f);
		check_structure(&pr, &f);
		for (i = 0; i < 200; i++) {
			uint64_t x = trng_next(&r);
			CHECK(sas_eval(&pr, x) == ((x * val) & tmask(n)), "n=%u", n);
		}
		sas_clear(&pr);
		naf_clear(&f);
	}
}

Test(sas, op_names)
{
	cr_assert_str_eq(sas_op_name(SAS_SET), "set");
	cr_assert_str_eq(sas_op_name(SAS_NEG), "neg");
	cr_assert_str_eq(sas_op_name(SAS_ADD), "add");
	cr_assert_str_eq(sas_op_name(SAS_SUB), "sub");
}

/* strip C comments, then look for a '*' (a multiplication) */
static int has_multiply(const char *s)
{
	while (*s) {
		if (s[0] == '/' && s[1] == '*') {
			const char *e = strstr(s + 2, "*/");
			if (!e)
				return 1;
			s = e + 2;
			continue;
		}
		if (*s == '*')
			return 1;
		s++;
	}
	return 0;
}

/*
 * Compile the emitted translation unit with a driver that prints
 * cfx_mul_shift_add(x) for a splitmix64 stream of x, and compare.
 */
Test(sas, emitted_c_compiles_and_multiplies, .timeout = 60)
{
	static const unsigned widths[] = { 8, 13, 16, 24, 32, 40, 64 };
	char dir[] = "/tmp/cfx_sas_XXXXXX";
	trng r = { 2024 };
	size_t wi;
	int k;

	if (system("cc --version >/dev/null 2>&1") != 0)
		cr_skip_test("no C compiler");
	cr_assert(mkdtemp(dir));
	for (wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
		for (k = 0; k < 3; k++) {
			unsigned n = widths[wi], t = n <= 8 ? 8 : n <= 16 ? 16 : n <= 32 ? 32 : 64;
			uint64_t p = k == 0 ? tmask(n) : trng_next(&r) & tmask(n);
			naf_form f;
			sas_prog pr;
			char path[256], cmd[1024], line[64], *src, *body;
			FILE *fp;
			trng xr = { 555 };
			int i;

			prog_of(&pr, &f, p, n);
			src = sas_emit_c(&pr, "0xHEX", "POWER SUM");
			body = sas_emit_body(&pr, "  ");
			cr_assert(src && body);
			CHECK(!has_multiply(src), "emitted code multiplies:\n%s", src);
			CHECK(strstr(src, "0xHEX") && strstr(src, "POWER SUM"),
			      "comment does not name the constant and power sum");
			CHECK(strstr(src, "cfx_mul_shift_add"), "no function");
			snprintf(path, sizeof path, "%s/m.c", dir);
			fp = fopen(path, "w");
			cr_assert(fp);
			fprintf(fp, "%s\n#include <stdio.h>\n#include <inttypes.h>\n"
			        "int main(void) {\n"
			        "  uint64_t s = 555;\n"
			        "  for (int i = 0; i < 2000; i++) {\n"
			        "    uint64_t z = (s += 0x9E3779B97F4A7C15ull);\n"
			        "    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;\n"
			        "    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;\n"
			        "    z ^= z >> 31;\n"
			        "    printf(\"%%\" PRIu64 \"\\n\", (uint64_t)cfx_mul_shift_add((uint%u_t)z));\n"
			        "  }\n  return 0;\n}\n", src, t);
			fclose(fp);
			snprintf(cmd, sizeof cmd, "cc -std=c11 -O1 -o %s/m %s/m.c 2>&1 && %s/m",
			         dir, dir, dir);
			fp = popen(cmd, "r");
			cr_assert(fp);
			for (i = 0; i < 2000; i++) {
				uint64_t x = trng_next(&xr), want = (x * p) & tmask(n);
				unsigned long long got;

				if (!fgets(line, sizeof line, fp) || sscanf(line, "%llu", &got) != 1)
					cr_assert_fail("n=%u p=%llx: emitted program failed at %d: %s\n%s",
					               n, (unsigned long long)p, i, line, src);
				CHECK(got == want, "n=%u p=%llx x=%llx: emitted code gives %llx",
				      n, (unsigned long long)p, (unsigned long long)x, got);
			}
			pclose(fp);
			free(src);
			free(body);
			sas_clear(&pr);
			naf_clear(&f);
		}
	{
		char cmd[300];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		(void)system(cmd);
	}
}

/* The cost in words is the count: the patch, the table, cfx shifts and the
 * dashboard all print this text, so they agree. */
Test(sas, cost_text)
{
	naf_form f;
	sas_prog pr;
	mpz_t p;
	char buf[96];

	mpz_init_set_str(p, "9e37fffffffc0001", 16);
	naf_of(&f, p, 64);
	sas_of(&pr, &f);
	/* 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1 (FACTS.md) */
	cr_assert_str_eq(sas_cost_text(&pr, 0, buf, sizeof buf),
	                 "6 shifts, 3 additions, 3 subtractions");
	cr_assert_str_eq(sas_cost_text(&pr, 1, buf, sizeof buf),
	                 "6 shifts, 3 add, 3 sub");
	sas_clear(&pr);
	naf_clear(&f);
	/* 255 = -1 mod 2^8: one negation, nothing else */
	mpz_set_ui(p, 255);
	naf_of(&f, p, 8);
	sas_of(&pr, &f);
	cr_assert_str_eq(sas_cost_text(&pr, 0, buf, sizeof buf),
	                 "0 shifts, 0 additions, 0 subtractions, 1 negation");
	sas_clear(&pr);
	naf_clear(&f);
	mpz_clear(p);
}
