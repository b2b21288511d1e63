/*
 * test_keys.c - key families (keys.h).
 *
 * Oracles: the key sets of seq and stride built here and de-duplicated
 * with qsort; for the random families, properties that follow from the
 * definitions (alignment, zero low bits, fixed bit positions, how many
 * distinct values can exist, uniform bits); files written here; and for
 * inodes a directory tree made here and walked with lstat.
 */
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gmp.h>

#include "cfx/keys.h"
#include "testutil.h"

static keys_spec spec_of(const char *s)
{
	keys_spec ks;
	cfx_err e;
	int rc = keys_parse(&ks, s, &e);

	cr_assert_eq(rc, 0, "keys_parse(\"%s\"): %s", s, e.msg);
	return ks;
}

static void make(keys_set *set, const char *s, unsigned bits, size_t count)
{
	keys_spec ks = spec_of(s);
	cfx_err e;

	cr_assert_eq(keys_make(set, &ks, bits, count, NULL, &e), 0, "keys_make(%s, %u, %zu): %s",
	             s, bits, count, e.msg);
	keys_spec_free(&ks);
}

/* a set is valid: n distinct values, all below 2^bits, n <= made */
static void check_valid(const keys_set *set, unsigned bits)
{
	uint64_t *c = malloc((set->n + 1) * sizeof *c);
	size_t i;

	cr_assert(c);
	CHECK(set->n <= set->made, "n %zu > made %zu", set->n, set->made);
	for (i = 0; i < set->n; i++)
		CHECK((set->k[i] & ~tmask(bits)) == 0, "key %llx wider than %u bits",
		      (unsigned long long)set->k[i], bits);
	if (set->n)
		memcpy(c, set->k, set->n * sizeof *c);
	CHECK(qsort_unique(c, set->n) == set->n, "keys not distinct");
	free(c);
}

/* compare a set with the expected multiset after reduction and de-dup */
static void check_equal(const keys_set *set, uint64_t *want, size_t made,
                        const char *what)
{
	uint64_t *got = malloc((set->n + 1) * sizeof *got);
	size_t n = qsort_unique(want, made);

	cr_assert(got);
	CHECK(set->made == made, "%s: made %zu, want %zu", what, set->made, made);
	CHECK(set->n == n, "%s: %zu distinct, want %zu", what, set->n, n);
	if (set->n)
		memcpy(got, set->k, set->n * sizeof *got);
	qsort(got, set->n, sizeof *got, cmp_u64);
	CHECK(set->n != n || n == 0 || !memcmp(got, want, n * sizeof *got),
	      "%s: key values differ", what);
	free(got);
}

/* ---- parsing -------------------------------------------------------------- */

Test(keys, parse_families_and_parameters)
{
	keys_spec ks;
	char *d;

	ks = spec_of("seq");
	cr_assert_eq(ks.kind, KEYS_SEQ);
	cr_assert_eq(ks.arg, 0);
	ks = spec_of("seq:1000");
	cr_assert_eq(ks.arg, 1000);
	ks = spec_of("stride:2^12");
	cr_assert_eq(ks.kind, KEYS_STRIDE);
	cr_assert_eq(ks.arg, 4096);
	d = keys_describe(&ks);
	cr_assert_str_eq(d, "stride:4096");
	free(d);
	ks = spec_of("random");
	cr_assert_eq(ks.kind, KEYS_RANDOM);
	cr_assert_eq(ks.seed, 1);
	d = keys_describe(&ks);
	cr_assert_str_eq(d, "random:1");
	free(d);
	ks = spec_of("random:0x10");
	cr_assert_eq(ks.seed, 16);
	ks = spec_of("ptr:16");
	cr_assert_eq(ks.kind, KEYS_PTR);
	cr_assert_eq(ks.arg, 16);
	cr_assert_eq(ks.seed, 1);
	d = keys_describe(&ks);
	cr_assert_str_eq(d, "ptr:16");
	free(d);
	ks = spec_of("ptr:4096:9");
	cr_assert_eq(ks.arg, 4096);
	cr_assert_eq(ks.seed, 9);
	d = keys_describe(&ks);
	cr_assert_str_eq(d, "ptr:4096:9");
	free(d);
	ks = spec_of("high:12:3");
	cr_assert_eq(ks.kind, KEYS_HIGH);
	cr_assert_eq(ks.arg, 12);
	cr_assert_eq(ks.seed, 3);
	ks = spec_of("sparse:8");
	cr_assert_eq(ks.kind, KEYS_SPARSE);
	cr_assert_eq(ks.arg, 8);
	ks = spec_of("malloc:48");
	cr_assert_eq(ks.kind, KEYS_MALLOC);
	cr_assert_eq(ks.arg, 48);
	cr_assert(keys_generated(&ks));
	ks = spec_of("file:/some/where:odd");
	cr_assert_eq(ks.kind, KEYS_FILE);
	cr_assert_str_eq(ks.path, "/some/where:odd");
	cr_assert(!keys_generated(&ks));
	d = keys_describe(&ks);
	cr_assert_str_eq(d, "file:/some/where:odd");
	free(d);
	keys_spec_free(&ks);
	ks = spec_of("inodes:.");
	cr_assert_eq(ks.kind, KEYS_INODES);
	cr_assert(!keys_generated(&ks));
	keys_spec_free(&ks);
	keys_spec_free(NULL);
}

Test(keys, family_names)
{
	static const char *want[] = { "seq", "stride", "random", "file", "malloc",
	                              "inodes", "ptr", "high", "sparse" };
	static const char *spec[] = { "seq", "stride:3", "random", "file:x", "malloc:8",
	                              "inodes:x", "ptr:8", "high:3", "sparse:3" };
	size_t i;

	for (i = 0; i < 9; i++) {
		keys_spec ks;

		cr_assert(keys_family_names[i]);
		cr_assert_str_eq(keys_family_names[i], want[i]);
		ks = spec_of(spec[i]);
		cr_assert_eq((int)ks.kind, (int)i, "%s", spec[i]);
		cr_assert_eq(keys_generated(&ks), i != KEYS_FILE && i != KEYS_INODES);
		keys_spec_free(&ks);
	}
	cr_assert_null(keys_family_names[9]);
}

static void parse_fails(const char *s, enum cfx_code code)
{
	keys_spec ks;
	cfx_err e;

	cfx_err_clear(&e);
	CHECK(keys_parse(&ks, s, &e) == -1, "\"%s\" accepted", s);
	CHECK(e.code == code, "\"%s\": code %d, want %d (%s)", s, e.code, code, e.msg);
	CHECK(e.msg[0], "\"%s\": no message", s);
	keys_spec_free(&ks);
}

Test(keys, parse_errors)
{
	parse_fails("bogus", CFX_EUSAGE);
	parse_fails("sequence", CFX_EUSAGE);
	parse_fails("stride", CFX_EUSAGE);          /* needs S */
	parse_fails("stride:", CFX_EUSAGE);
	parse_fails("ptr", CFX_EUSAGE);
	parse_fails("file", CFX_EUSAGE);
	parse_fails("file:", CFX_EUSAGE);
	parse_fails("inodes", CFX_EUSAGE);
	parse_fails("seq:1:2", CFX_EUSAGE);         /* too many parameters */
	parse_fails("random:1:2", CFX_EUSAGE);
	parse_fails("stride:4:2", CFX_EUSAGE);
	parse_fails("stride:0", CFX_EDOMAIN);
	parse_fails("stride:1-1", CFX_EDOMAIN);
	parse_fails("malloc:0", CFX_EDOMAIN);
	parse_fails("ptr:3", CFX_EDOMAIN);          /* not a power of two */
	parse_fails("ptr:0", CFX_EDOMAIN);
	parse_fails("high:0", CFX_EDOMAIN);
	parse_fails("high:65", CFX_EDOMAIN);
	parse_fails("sparse:0", CFX_EDOMAIN);
	parse_fails("sparse:65", CFX_EDOMAIN);
	parse_fails("stride:-1", CFX_EDOMAIN);
	parse_fails("stride:2^64", CFX_EDOMAIN);
	parse_fails("seq:1/2", CFX_EDOMAIN);        /* not an integer */
	parse_fails("stride:1__0", CFX_ESYNTAX);
	parse_fails("stride:(1", CFX_ESYNTAX);
}

/* A bad parameter reports the whole family string and keeps what was
 * wrong with the parameter in the message. */
Test(keys, parse_error_message_keeps_the_reason)
{
	static const struct { const char *s, *reason; } c[] = {
		{ "stride:foo", "unknown name" },
		{ "stride:1+", "ends too early" },
		{ "seq:0x", "without digits" },
		{ "random:(1", "unclosed" },
	};
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		keys_spec ks;
		cfx_err e;

		cr_assert_eq(keys_parse(&ks, c[i].s, &e), -1);
		cr_expect_str_eq(e.token, c[i].s);
		cr_expect(strstr(e.msg, c[i].reason) != NULL,
		          "\"%s\": message \"%s\" lost the reason \"%s\"", c[i].s, e.msg,
		          c[i].reason);
	}
}

/* The unknown family's message names every family, in the table's order
 * (it was a second copy of the names). */
Test(keys, unknown_family_names_them_all)
{
	keys_spec ks;
	cfx_err e;

	cr_assert_eq(keys_parse(&ks, "bogus", &e), -1);
	cr_expect_str_eq(e.msg, "unknown key family: seq, stride, random, file, "
	                 "malloc, inodes, ptr, high or sparse");
}

/* A family parsed once (keys_family) says what keys_parse says, and
 * stays whole when copied by assignment (the dashboard's worker gets a
 * copy); a bad one keeps keys_parse's error. */
Test(keys, family_value)
{
	static const char *good[] = { "seq", "seq:5", "stride:2^12", "random:7",
	                              "file:/tmp/a:b", "inodes:.", "malloc:64",
	                              "ptr:16:3", "high:16", "sparse:5:9" };
	static const char *bad[] = { "bogus", "stride:0", "file:", "seq:1:2" };
	char longtext[KEYS_TEXT_MAX + 8];
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		keys_family f, g;
		keys_spec want = spec_of(good[i]), got;

		cr_assert_eq(keys_family_set(&f, good[i], NULL), 0, "%s", good[i]);
		g = f;
		memset(&f, 0xa5, sizeof f);     /* the copy must not point here */
		got = keys_family_spec(&g);
		cr_expect_str_eq(g.text, good[i]);
		cr_expect_eq((int)got.kind, (int)want.kind, "%s", good[i]);
		cr_expect_eq(got.arg, want.arg, "%s", good[i]);
		cr_expect_eq(got.seed, want.seed, "%s", good[i]);
		if (want.path)
			cr_expect_str_eq(got.path, want.path, "%s", good[i]);
		else
			cr_expect_null(got.path, "%s", good[i]);
		keys_spec_free(&want);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		keys_family f;
		keys_spec ks;
		cfx_err e, e2;

		cr_assert_eq(keys_parse(&ks, bad[i], &e), -1);
		cr_expect_eq(keys_family_set(&f, bad[i], &e2), -1, "%s", bad[i]);
		cr_expect_eq(f.ok, 0);
		cr_expect_str_eq(f.err.msg, e.msg);
		cr_expect_str_eq(e2.msg, e.msg);
		cr_expect_str_eq(f.text, bad[i]);
	}
	/* a path as long as PATH_MAX allows is kept whole: every face takes
	 * the key files the command line takes */
	{
		static char path[4096 + 16];
		keys_family f;
		keys_spec ks;

		memcpy(path, "inodes:/", 8);
		memset(path + 8, 'd', 4095 - 1);
		path[4095 + 7] = '\0';          /* "/" + 4094 letters: 4095 bytes */
		cr_assert_eq(keys_family_set(&f, path, NULL), 0);
		ks = keys_family_spec(&f);
		cr_expect_eq(strlen(ks.path), 4095);
		cr_expect_str_eq(ks.path, path + 7);
	}
	memset(longtext, 0, sizeof longtext);
	memcpy(longtext, "file:", 5);
	memset(longtext + 5, 'x', KEYS_TEXT_MAX - 5);
	{
		keys_family f;
		cr_expect_eq(keys_family_set(&f, longtext, NULL), -1);
		cr_expect_eq(f.ok, 0);
		cr_expect_eq(f.err.code, CFX_ELIMIT);
	}
}

/* ---- generated families --------------------------------------------------- */

Test(keys, seq_vs_brute_force)
{
	static const struct { uint64_t start; unsigned bits; size_t count; } c[] = {
		{ 0, 64, 10000 }, { 0, 8, 1000 }, { 250, 8, 10 }, { 1000, 16, 70000 },
		{ ~(uint64_t)0 - 5, 64, 20 }, { 0, 1, 5 }, { 12345, 20, 1 }, { 3, 10, 1024 },
	};
	size_t i, j;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		char s[64];
		keys_set set;
		uint64_t *want = malloc(c[i].count * sizeof *want);

		snprintf(s, sizeof s, "seq:%llu", (unsigned long long)c[i].start);
		make(&set, s, c[i].bits, c[i].count);
		check_valid(&set, c[i].bits);
		for (j = 0; j < c[i].count; j++)
			want[j] = (c[i].start + j) & tmask(c[i].bits);
		check_equal(&set, want, c[i].count, s);
		/* min(K, 2^n) distinct */
		CHECK(set.n == (c[i].bits < 64 && c[i].count > ((size_t)1 << c[i].bits)
		                ? ((size_t)1 << c[i].bits) : c[i].count), "%s: count", s);
		keys_free(&set);
		free(want);
	}
}

Test(keys, stride_vs_brute_force)
{
	trng rg = { 5 };
	int t;

	for (t = 0; t < 300; t++) {
		unsigned bits = 1 + (unsigned)trng_below(&rg, 64);
		unsigned sh = (unsigned)trng_below(&rg, 70);
		uint64_t odd = (trng_next(&rg) >> trng_below(&rg, 64)) | 1;
		uint64_t S = sh >= 64 ? 0 : odd << sh;
		size_t K = 1 + trng_below(&rg, 5000), j, want_n;
		uint64_t *want;
		char s[64];
		keys_set set;

		if (S == 0)
			S = (uint64_t)1 << 63;
		for (sh = 0; !((S >> sh) & 1); sh++)
			;
		snprintf(s, sizeof s, "stride:%llu", (unsigned long long)S);
		make(&set, s, bits, K);
		check_valid(&set, bits);
		want = malloc(K * sizeof *want);
		for (j = 0; j < K; j++)
			want[j] = (S * j) & tmask(bits);
		check_equal(&set, want, K, s);
		/* stride odd * 2^s on n bits: min(K, 2^(n-s)) distinct */
		want_n = sh >= bits ? 1 : bits - sh >= 63 ? K
		         : K < ((size_t)1 << (bits - sh)) ? K : ((size_t)1 << (bits - sh));
		CHECK(set.n == want_n, "%s on %u bits, K=%zu: %zu distinct, want %zu", s,
		      bits, K, set.n, want_n);
		free(want);
		keys_free(&set);
	}
	{
		/* the brief's example: stride 2^s on n bits */
		unsigned s;
		for (s = 0; s < 32; s++) {
			char str[64];
			keys_set set;
			size_t want_n = (size_t)1 << (32 - s) < 3000 ? (size_t)1 << (32 - s) : 3000;

			snprintf(str, sizeof str, "stride:2^%u", s);
			make(&set, str, 32, 3000);
			CHECK(set.n == want_n && set.made == 3000, "%s: %zu", str, set.n);
			keys_free(&set);
		}
	}
}

/*
 * K uniform draws from N values: the distinct count is N - (empty cells),
 * E[empty] = N (1 - 1/N)^K; its spread is below the square root of both
 * the empty cells and the colliding pairs K^2 / 2N.
 */
static void expect_distinct(size_t got, double N, double K, const char *what)
{
	double want = -N * expm1(K * log1p(-1 / N)), empty = N - want;
	double var = empty < K * K / (2 * N) ? empty : K * K / (2 * N);

	CHECK(fabs((double)got - want) <= 6 * sqrt(var) + 0.5,
	      "%s: %zu distinct, expected %.1f", what, got, want);
}

Test(keys, random_deterministic_distinct_uniform)
{
	keys_set a, b, c;
	size_t i;
	int bit;

	make(&a, "random", 64, 100000);
	make(&b, "random:1", 64, 100000);
	make(&c, "random:2", 64, 100000);
	check_valid(&a, 64);
	check_valid(&c, 64);
	cr_assert_eq(a.made, 100000);
	cr_assert_eq(a.n, 100000);                 /* 64-bit collisions: ~2^-30 */
	/* same seed: same keys; other seed: other keys */
	qsort(a.k, a.n, sizeof *a.k, cmp_u64);
	qsort(b.k, b.n, sizeof *b.k, cmp_u64);
	qsort(c.k, c.n, sizeof *c.k, cmp_u64);
	cr_assert(a.n == b.n && !memcmp(a.k, b.k, a.n * sizeof *a.k), "seed not deterministic");
	cr_assert(memcmp(a.k, c.k, a.n * sizeof *a.k), "seeds 1 and 2 give the same keys");
	/* every bit is a fair coin: 6 sigma of 100000 draws is 0.0095 */
	for (bit = 0; bit < 64; bit++) {
		size_t ones = 0;
		for (i = 0; i < a.n; i++)
			ones += (a.k[i] >> bit) & 1;
		CHECK(fabs(ones / 1e5 - 0.5) < 0.0095, "bit %d set in %zu of 100000", bit, ones);
	}
	keys_free(&a);
	keys_free(&b);
	keys_free(&c);

	/* narrow words: every value shows up, repeats removed */
	make(&a, "random:7", 8, 10000);
	check_valid(&a, 8);
	cr_assert_eq(a.made, 10000);
	cr_assert_eq(a.n, 256);
	keys_free(&a);
	make(&a, "random:7", 40, 100000);
	check_valid(&a, 40);
	for (bit = 0; bit < 40; bit++) {
		size_t ones = 0;
		for (i = 0; i < a.n; i++)
			ones += (a.k[i] >> bit) & 1;
		CHECK(fabs((double)ones / (double)a.n - 0.5) < 0.0095, "40-bit: bit %d", bit);
	}
	keys_free(&a);
}

Test(keys, ptr_aligned)
{
	keys_set a, b;
	size_t i;
	unsigned al;

	for (al = 0; al <= 20; al += 4) {
		char s[64];
		snprintf(s, sizeof s, "ptr:%llu", 1ull << al);
		make(&a, s, 64, 20000);
		check_valid(&a, 64);
		for (i = 0; i < a.n; i++)
			CHECK((a.k[i] & tmask(al)) == 0 || al == 0, "%s: key %llx not aligned", s,
			      (unsigned long long)a.k[i]);
		CHECK(a.n == 20000, "%s: %zu distinct", s, a.n);
		/* the bits above the alignment are random: the lowest one is a coin */
		{
			size_t ones = 0;
			for (i = 0; i < a.n; i++)
				ones += (a.k[i] >> al) & 1;
			CHECK(fabs(ones / 2e4 - 0.5) < 0.025, "%s: bit %u unfair", s, al);
		}
		keys_free(&a);
	}
	/* 20-bit words, 4096 alignment: 256 possible keys, all of them seen */
	make(&a, "ptr:4096", 20, 10000);
	check_valid(&a, 20);
	cr_assert_eq(a.n, 256);
	keys_free(&a);
	/* alignment at least the word: one key, 0 */
	make(&a, "ptr:2^20", 20, 100);
	cr_assert_eq(a.n, 1);
	cr_assert_eq(a.k[0], 0);
	keys_free(&a);
	/* seeds */
	make(&a, "ptr:64:5", 64, 1000);
	make(&b, "ptr:64:6", 64, 1000);
	qsort(a.k, a.n, sizeof *a.k, cmp_u64);
	qsort(b.k, b.n, sizeof *b.k, cmp_u64);
	cr_assert(memcmp(a.k, b.k, a.n * sizeof *a.k));
	keys_free(&b);
	make(&b, "ptr:64:5", 64, 1000);
	qsort(b.k, b.n, sizeof *b.k, cmp_u64);
	cr_assert(!memcmp(a.k, b.k, a.n * sizeof *a.k));
	keys_free(&a);
	keys_free(&b);
}

Test(keys, high_bits)
{
	static const struct { unsigned bits, h; size_t count; } c[] = {
		{ 32, 6, 10000 }, { 64, 8, 20000 }, { 16, 16, 300000 }, { 20, 30, 100000 },
		{ 64, 40, 20000 }, { 8, 1, 100 }, { 64, 64, 1000 },
	};
	size_t i, j;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		char s[64];
		keys_set a;
		unsigned h = c[i].h < c[i].bits ? c[i].h : c[i].bits, bit;
		uint64_t low = tmask(c[i].bits - h);

		snprintf(s, sizeof s, "high:%u", c[i].h);
		make(&a, s, c[i].bits, c[i].count);
		check_valid(&a, c[i].bits);
		CHECK(a.made == c[i].count, "%s made", s);
		for (j = 0; j < a.n; j++)
			CHECK(h == c[i].bits || (a.k[j] & low) == 0, "%s on %u bits: low bits set",
			      s, c[i].bits);
		/* uniform on 2^h values */
		expect_distinct(a.n, ldexp(1, (int)h), (double)c[i].count, s);
		/* every one of the top h bits is used */
		for (bit = c[i].bits - h; bit < c[i].bits; bit++) {
			size_t ones = 0;
			for (j = 0; j < a.n; j++)
				ones += (a.k[j] >> bit) & 1;
			CHECK(ones > 0 && ones < a.n, "%s: bit %u constant", s, bit);
		}
		keys_free(&a);
	}
}

Test(keys, sparse_bits)
{
	static const struct { unsigned bits, K; size_t count; } c[] = {
		{ 64, 8, 20000 }, { 32, 5, 5000 }, { 64, 1, 100 }, { 16, 16, 200000 },
		{ 12, 20, 50000 }, { 64, 20, 30000 },
	};
	size_t i, j;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		char s[64];
		keys_set a;
		uint64_t all = 0;
		unsigned K = c[i].K < c[i].bits ? c[i].K : c[i].bits;

		snprintf(s, sizeof s, "sparse:%u", c[i].K);
		make(&a, s, c[i].bits, c[i].count);
		check_valid(&a, c[i].bits);
		for (j = 0; j < a.n; j++)
			all |= a.k[j];
		/* exactly K fixed positions are used */
		CHECK((unsigned)__builtin_popcountll(all) == K, "%s on %u bits: %d positions",
		      s, c[i].bits, __builtin_popcountll(all));
		/* uniform on the 2^K values those positions allow */
		expect_distinct(a.n, ldexp(1, (int)K), (double)c[i].count, s);
		keys_free(&a);
	}
}

Test(keys, malloc_addresses)
{
	keys_set a;
	size_t i;

	make(&a, "malloc:40", 64, 5000);
	check_valid(&a, 64);
	cr_assert_eq(a.made, 5000);
	cr_assert_eq(a.n, 5000);          /* live objects have distinct addresses */
	for (i = 0; i < a.n; i++)
		CHECK(a.k[i] % _Alignof(max_align_t) == 0, "malloc address not aligned");
	keys_free(&a);
	make(&a, "malloc:40", 8, 5000);
	check_valid(&a, 8);
	keys_free(&a);
}

Test(keys, generated_need_a_count_and_respect_the_limit)
{
	keys_spec ks = spec_of("seq");
	keys_set set;
	cfx_err e;

	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_EUSAGE);
	cr_assert_eq(keys_make(&set, &ks, 64, KEYS_MAX + 1, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_ELIMIT);
	ks = spec_of("random");
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_EUSAGE);
}

/* ---- file:PATH ------------------------------------------------------------ */

static char *write_temp(const char *content, size_t len)
{
	char *path = strdup("/tmp/cfx_keys_XXXXXX");
	int fd = mkstemp(path);

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, content, len), (ssize_t)len);
	close(fd);
	return path;
}

static int file_keys(keys_set *set, const char *content, size_t len, unsigned bits,
                     size_t count, cfx_err *e)
{
	char *path = write_temp(content, len), spec[300];
	keys_spec ks;
	int rc;

	snprintf(spec, sizeof spec, "file:%s", path);
	ks = spec_of(spec);
	cfx_err_clear(e);
	rc = keys_make(set, &ks, bits, count, NULL, e);
	keys_spec_free(&ks);
	unlink(path);
	free(path);
	return rc;
}

Test(keys, file_formats)
{
	static const char text[] =
		"# a comment line\n"
		"12\n"
		"\n"
		"   \t  \n"
		"0x1F\n"
		"0Xff  # trailing comment\n"
		"  1_000_000\t\n"
		"0xdead_BEEF\n"
		"18446744073709551615\n"            /* 2^64 - 1 */
		"340282366920938463463374607431768211457\n"   /* 2^128 + 1 */
		"12\r\n"                           /* CRLF, and a repeat */
		"7#no space before the comment\n"
		"42";                              /* no final newline */
	uint64_t want[] = { 12, 31, 255, 1000000, 0xdeadbeef, ~(uint64_t)0, 1, 12, 7, 42 };
	keys_set set;
	cfx_err e;
	uint64_t w[10];
	size_t i;
	mpz_t big;

	/* 2^128 + 1 reduces to 1 modulo any 2^n, n <= 64 (checked with GMP) */
	mpz_init_set_str(big, "340282366920938463463374607431768211457", 10);
	mpz_fdiv_r_2exp(big, big, 64);
	cr_assert_eq(mpz_get_ui(big), 1);
	mpz_clear(big);

	cr_assert_eq(file_keys(&set, text, sizeof text - 1, 64, 0, &e), 0, "%s", e.msg);
	memcpy(w, want, sizeof want);
	check_equal(&set, w, 10, "file");
	keys_free(&set);
	/* on 8 bits: reduced, repeats removed */
	cr_assert_eq(file_keys(&set, text, sizeof text - 1, 8, 0, &e), 0, "%s", e.msg);
	for (i = 0; i < 10; i++)
		w[i] = want[i] & 0xff;
	check_equal(&set, w, 10, "file on 8 bits");
	keys_free(&set);
	/* a count stops early */
	cr_assert_eq(file_keys(&set, text, sizeof text - 1, 64, 3, &e), 0, "%s", e.msg);
	memcpy(w, want, sizeof want);
	check_equal(&set, w, 3, "file, first 3");
	keys_free(&set);
	/* an empty file, or one of comments only, is no evidence: an error */
	cr_assert_eq(file_keys(&set, "", 0, 64, 0, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_str_eq(e.msg, "no keys in the key file");
	keys_free(&set);
	cr_assert_eq(file_keys(&set, "# only\n\n", 8, 64, 0, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	keys_free(&set);
}

Test(keys, file_random_values)
{
	trng rg = { 99 };
	size_t n = 3000, i, len = 0;
	char *text = malloc(n * 40);
	uint64_t *want = malloc(n * sizeof *want);
	keys_set set;
	cfx_err e;

	for (i = 0; i < n; i++) {
		uint64_t v = trng_next(&rg) >> trng_below(&rg, 64);
		want[i] = v;
		len += (size_t)sprintf(text + len, i % 2 ? "%llu\n" : "0x%llx\n",
		                       (unsigned long long)v);
	}
	cr_assert_eq(file_keys(&set, text, len, 64, 0, &e), 0, "%s", e.msg);
	check_equal(&set, want, n, "random file");
	keys_free(&set);
	free(text);
	free(want);
}

static void garbage_line7(const char *bad, const char *token)
{
	char text[512];
	int len;
	keys_set set;
	cfx_err e;

	len = snprintf(text, sizeof text, "1\n2\n# c\n\n0x10\n5\n%s\n8\n", bad);
	CHECK(file_keys(&set, text, (size_t)len, 64, 0, &e) == -1, "\"%s\" accepted", bad);
	CHECK(e.code == CFX_ESYNTAX, "\"%s\": code %d", bad, e.code);
	CHECK(strstr(e.msg, ":7: ") != NULL, "\"%s\": message \"%s\" lacks :7:", bad,
	      e.msg);
	CHECK(!strcmp(e.token, token), "\"%s\": token \"%s\", want \"%s\"", bad, e.token,
	      token);
	CHECK(set.k == NULL && set.n == 0, "set not emptied on error");
}

Test(keys, file_errors)
{
	keys_set set;
	cfx_err e;
	keys_spec ks;

	garbage_line7("12z4", "12z4");
	garbage_line7("  hello  ", "hello");
	garbage_line7("-5", "-5");
	garbage_line7("0x", "0x");
	garbage_line7("0xg1", "0xg1");
	garbage_line7("1 2", "1...");      /* the rule of a bad line: no blank */
	garbage_line7("1.5 # half", "1.5");
	garbage_line7("_12", "_12");
	garbage_line7("12_", "12_");
	garbage_line7("0x_1", "0x_1");
	/* binary data */
	cr_assert_eq(file_keys(&set, "1\n2\0\n3\n", 7, 64, 0, &e), -1);
	cr_assert_eq(e.code, CFX_ESYNTAX);
	cr_assert(strstr(e.msg, ":2: "), "%s", e.msg);
	/* a missing file */
	ks = spec_of("file:/nonexistent/cfx/keys.txt");
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_EIO);
	keys_spec_free(&ks);
	/* a directory is not a key file */
	ks = spec_of("file:/");
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_EIO);
	keys_spec_free(&ks);
}

/* ---- inodes:PATH ---------------------------------------------------------- */

typedef struct { uint64_t *v; size_t n, cap; } vec;

static void push(vec *v, uint64_t x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->v = realloc(v->v, v->cap * sizeof *v->v);
		cr_assert(v->v);
	}
	v->v[v->n++] = x;
}

/* every entry under path, path included, with lstat (links not followed) */
static void lwalk(const char *path, vec *out)
{
	struct stat st;
	DIR *d;
	struct dirent *de;

	cr_assert_eq(lstat(path, &st), 0);
	push(out, (uint64_t)st.st_ino);
	if (!S_ISDIR(st.st_mode))
		return;
	d = opendir(path);
	cr_assert(d);
	while ((de = readdir(d))) {
		char sub[4096];
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, de->d_name);
		lwalk(sub, out);
	}
	closedir(d);
}

Test(keys, inodes_of_a_tree)
{
	char root[] = "/tmp/cfx_inodes_XXXXXX", p[4096], spec[4200];
	int files = 0, dirs = 1, i, j;   /* the root is a directory we made */
	keys_set set;
	keys_spec ks;
	cfx_err e;
	vec all = { 0 };
	uint64_t *w;

	cr_assert(mkdtemp(root));
	for (i = 0; i < 5; i++) {
		snprintf(p, sizeof p, "%s/d%d", root, i);
		cr_assert_eq(mkdir(p, 0700), 0);
		dirs++;
		for (j = 0; j < 7 * i; j++) {
			FILE *f;
			snprintf(p, sizeof p, "%s/d%d/f%d", root, i, j);
			f = fopen(p, "w");
			cr_assert(f);
			fclose(f);
			files++;
		}
		if (i == 3) {
			snprintf(p, sizeof p, "%s/d3/deeper", root);
			cr_assert_eq(mkdir(p, 0700), 0);
			dirs++;
			snprintf(p, sizeof p, "%s/d3/deeper/leaf", root);
			fclose(fopen(p, "w"));
			files++;
		}
	}
	snprintf(p, sizeof p, "%s/top", root);
	fclose(fopen(p, "w"));
	files++;

	snprintf(spec, sizeof spec, "inodes:%s", root);
	ks = spec_of(spec);
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), 0, "%s", e.msg);
	check_valid(&set, 64);
	cr_assert_eq(set.made, (size_t)(files + dirs), "made %zu, files+dirs %d",
	             set.made, files + dirs);
	cr_assert_eq(set.n, (size_t)(files + dirs));
	lwalk(root, &all);
	w = all.v;
	check_equal(&set, w, all.n, "inodes");
	keys_free(&set);

	/* a hard link: one more name, no new inode; a symlink to a big tree
	 * is an inode of its own and is not followed */
	{
		char a[4200], b[4200];
		snprintf(a, sizeof a, "%s/top", root);
		snprintf(b, sizeof b, "%s/d1/hardlink", root);
		cr_assert_eq(link(a, b), 0);
		snprintf(b, sizeof b, "%s/d2/symlink", root);
		cr_assert_eq(symlink("/usr", b), 0);
	}
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), 0, "%s", e.msg);
	cr_assert_eq(set.made, (size_t)(files + dirs + 2));
	cr_assert_eq(set.n, (size_t)(files + dirs + 1));
	keys_free(&set);
	/* a count limits the walk */
	cr_assert_eq(keys_make(&set, &ks, 64, 10, NULL, &e), 0, "%s", e.msg);
	cr_assert_eq(set.made, 10);
	keys_free(&set);
	/* on 8 bits: reduced */
	cr_assert_eq(keys_make(&set, &ks, 8, 0, NULL, &e), 0, "%s", e.msg);
	check_valid(&set, 8);
	keys_free(&set);
	keys_spec_free(&ks);

	/* a file alone */
	snprintf(spec, sizeof spec, "inodes:%s/top", root);
	ks = spec_of(spec);
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), 0);
	cr_assert_eq(set.made, 1);
	keys_free(&set);
	keys_spec_free(&ks);

	/* a missing path */
	snprintf(spec, sizeof spec, "inodes:%s/nope", root);
	ks = spec_of(spec);
	cr_assert_eq(keys_make(&set, &ks, 64, 0, NULL, &e), -1);
	cr_assert_eq(e.code, CFX_EIO);
	keys_spec_free(&ks);

	snprintf(p, sizeof p, "rm -rf '%s'", root);
	cr_assert_eq(system(p), 0);
	free(all.v);
}

/* keys_progression agrees with the keys keys_make makes, and declines when
 * the family repeats or is not a progression */
Test(keys, progression_matches_keys_make)
{
	static const char *const fams[] = {
		"seq", "seq:5", "seq:0xfffffffffffffff0", "stride:3", "stride:4096",
		"stride:2^40", "stride:12", "random:1", "ptr:8", NULL
	};
	static const unsigned widths[] = { 8, 13, 32, 64 };
	size_t f, w, count;
	cfx_err e;

	for (f = 0; fams[f]; f++)
		for (w = 0; w < 4; w++)
			for (count = 1; count <= 600; count += 199) {
				keys_spec ks;
				keys_set set;
				uint64_t start, step, i, *want;
				unsigned bits = widths[w];
				int prog;

				cr_assert_eq(keys_parse(&ks, fams[f], &e), 0, "%s", fams[f]);
				prog = keys_progression(&ks, bits, count, &start, &step);
				cr_assert_eq(keys_make(&set, &ks, bits, count, NULL, &e), 0);
				if (prog) {
					/* distinct, and the same set as the progression */
					cr_assert_eq(set.n, count, "%s bits=%u count=%zu", fams[f],
					             bits, count);
					want = malloc(count * sizeof *want);
					for (i = 0; i < count; i++)
						want[i] = (start + i * step) & tmask(bits);
					qsort(want, count, sizeof *want, cmp_u64);
					qsort(set.k, set.n, sizeof *set.k, cmp_u64);
					CHECK(!memcmp(want, set.k, count * sizeof *want), "%s", fams[f]);
					free(want);
				} else {
					/* declined: not seq/stride, or repeats occur */
					CHECK(strncmp(fams[f], "seq", 3) && strncmp(fams[f], "stride", 6)
					      ? 1 : set.n < count, "%s bits=%u count=%zu declined",
					      fams[f], bits, count);
				}
				keys_free(&set);
				keys_spec_free(&ks);
			}
}

typedef struct watch_log {
	size_t calls, last, total, stop_at;
} watch_log;

static int watch(void *ctx, size_t done, size_t total)
{
	watch_log *w = ctx;

	cr_assert(done > w->last && done <= total, "progress %zu after %zu of %zu",
	          done, w->last, total);
	w->calls++;
	w->last = done;
	w->total = total;
	return w->stop_at && done >= w->stop_at;
}

/* keys_make_watched makes the same keys as keys_make, reports progress
 * that only grows and ends at the total, and stops when asked */
Test(keys, watched_progress_and_cancel)
{
	static const char *const fams[] = { "seq", "stride:7", "random:3", "ptr:64",
	                                    "high:20", "sparse:12", NULL };
	size_t f, n = ((size_t)5 << 20) + 123;
	cfx_err e;

	for (f = 0; fams[f]; f++) {
		keys_spec ks;
		keys_set a, b;
		watch_log w = { 0 };

		cr_assert_eq(keys_parse(&ks, fams[f], &e), 0);
		cr_assert_eq(keys_make(&a, &ks, 64, n, NULL, &e), 0);
		cr_assert_eq(keys_make_watched(&b, &ks, 64, n, watch, &w, NULL, &e), 0);
		cr_assert_eq(a.n, b.n, "%s", fams[f]);
		cr_assert(!memcmp(a.k, b.k, a.n * sizeof *a.k), "%s: keys differ", fams[f]);
		cr_assert(w.calls >= 5 && w.last == n && w.total == n, "%s: %zu calls",
		          fams[f], w.calls);
		keys_free(&a);
		keys_free(&b);

		/* asked to stop after 2^21 keys: CFX_EINTR, no keys left over */
		memset(&w, 0, sizeof w);
		w.stop_at = (size_t)2 << 20;
		cr_assert_eq(keys_make_watched(&b, &ks, 64, n, watch, &w, NULL, &e), -1);
		cr_assert_eq(e.code, CFX_EINTR);
		cr_assert_null(b.k);
		cr_assert(w.last < n);
		keys_spec_free(&ks);
	}
}

/* keys_space_bits is how many distinct keys a family can make: for seq,
 * stride and ptr counted here by enumerating every key mod 2^n (ptr's
 * keys are the multiples of ALIGN, enumerated), for high and sparse by
 * their definition; keys_cover_word is "the first count keys are all of
 * them", counted the same way. */
Test(keys, space_bits_and_cover_vs_enumeration)
{
	static const char *const fams[] = {
		"seq", "seq:5", "stride:1", "stride:2", "stride:12", "stride:4096",
		"stride:3", "stride:256", "ptr:16", "ptr:1", "ptr:256",
	};
	static unsigned char seen[1 << 12];
	unsigned bits;
	size_t f;

	for (bits = 1; bits <= 12; bits++)
		for (f = 0; f < sizeof fams / sizeof fams[0]; f++) {
			keys_spec ks = spec_of(fams[f]);
			uint64_t mod = (uint64_t)1 << bits, distinct = 0, i, step;
			unsigned space = keys_space_bits(&ks, bits);

			memset(seen, 0, mod);
			step = ks.kind == KEYS_SEQ ? 1 : ks.arg;
			for (i = 0; i < mod; i++) {
				uint64_t k = ks.kind == KEYS_SEQ ? (ks.arg + i) % mod
				             : (step * i) % mod;
				distinct += !seen[k];
				seen[k] = 1;
			}
			CHECK(distinct == (uint64_t)1 << space, "%s on %u bits: %llu "
			      "distinct keys, space 2^%u", fams[f], bits,
			      (unsigned long long)distinct, space);
			if (ks.kind == KEYS_PTR) {
				CHECK(!keys_cover_word(&ks, bits, mod), "%s", fams[f]);
				keys_spec_free(&ks);
				continue;
			}
			/* the first c keys are all of them exactly when c >= distinct */
			for (i = 1; i <= mod; i *= 2) {
				uint64_t j, d = 0;
				memset(seen, 0, mod);
				for (j = 0; j < i; j++) {
					uint64_t k = ks.kind == KEYS_SEQ ? (ks.arg + j) % mod
					             : (step * j) % mod;
					d += !seen[k];
					seen[k] = 1;
				}
				CHECK(keys_cover_word(&ks, bits, i) == (d == distinct),
				      "%s on %u bits, %llu keys: %llu of %llu", fams[f],
				      bits, (unsigned long long)i, (unsigned long long)d,
				      (unsigned long long)distinct);
			}
			keys_spec_free(&ks);
		}
	{
		keys_spec h = spec_of("high:5"), sp = spec_of("sparse:7");
		keys_spec r = spec_of("random");
		cr_assert_eq(keys_space_bits(&h, 32), 5);
		cr_assert_eq(keys_space_bits(&h, 4), 4);
		cr_assert_eq(keys_space_bits(&sp, 32), 7);
		cr_assert_eq(keys_space_bits(&r, 64), 64);
		cr_assert(!keys_cover_word(&r, 8, 1 << 20));
		keys_spec_free(&h);
		keys_spec_free(&sp);
		keys_spec_free(&r);
	}
}
