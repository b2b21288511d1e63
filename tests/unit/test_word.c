/*
 * test_word.c - word sizes, multiplier checks, masks and hex (word.h).
 *
 * Expected sizes come from the rule in word.h evaluated here by hand: the
 * smallest of 32, 64 and then multiples of 64 that holds p.
 */
#include <stdio.h>
#include <gmp.h>

#include "cfx/word.h"
#include "testutil.h"

/* the rule of word.h, written out: candidates 32, 64, 128, ... */
static unsigned long expected_word(unsigned long bitlen)
{
	unsigned long w;

	if (bitlen <= 32)
		return 32;
	for (w = 64;; w += 64)
		if (bitlen <= w)
			return w;
}

static unsigned long auto_of_str(const char *s, int base)
{
	mpz_t p;
	unsigned long w;

	mpz_init_set_str(p, s, base);
	w = word_auto(p);
	mpz_clear(p);
	return w;
}

Test(word, auto_boundaries_named_in_brief)
{
	cr_assert_eq(auto_of_str("1", 10), 32);
	cr_assert_eq(auto_of_str("255", 10), 32);
	cr_assert_eq(auto_of_str("256", 10), 32);
	cr_assert_eq(auto_of_str("65535", 10), 32);
	cr_assert_eq(auto_of_str("65536", 10), 32);
	cr_assert_eq(auto_of_str("ffffffff", 16), 32);
	cr_assert_eq(auto_of_str("100000000", 16), 64);
	cr_assert_eq(auto_of_str("ffffffffffffffff", 16), 64);          /* 2^64-1 */
	cr_assert_eq(auto_of_str("10000000000000000", 16), 128);        /* 2^64 */
	cr_assert_eq(auto_of_str("ffffffffffffffffffffffffffffffff", 16), 128);
	cr_assert_eq(auto_of_str("100000000000000000000000000000000", 16), 192);
}

Test(word, auto_every_bit_length_to_1000)
{
	mpz_t p;
	unsigned long L;

	mpz_init(p);
	for (L = 1; L <= 1000; L++) {
		/* smallest and largest numbers of bit length L */
		mpz_set_ui(p, 0);
		mpz_setbit(p, L - 1);
		CHECK(word_auto(p) == expected_word(L), "2^%lu: %lu, want %lu",
		      L - 1, word_auto(p), expected_word(L));
		mpz_set_ui(p, 0);
		mpz_setbit(p, L);
		mpz_sub_ui(p, p, 1);
		CHECK(word_auto(p) == expected_word(L), "2^%lu-1: %lu, want %lu",
		      L, word_auto(p), expected_word(L));
	}
	mpz_clear(p);
}

static int check(const char *pstr, unsigned long *bits, unsigned long max,
                 cfx_err *e)
{
	mpz_t p;
	int rc;

	mpz_init_set_str(p, pstr, 0);
	cfx_err_clear(e);
	rc = word_check(p, bits, max, "TOKEN", e);
	mpz_clear(p);
	return rc;
}

Test(word, check_accepts_and_chooses)
{
	cfx_err e;
	unsigned long bits;

	bits = 0;
	cr_assert_eq(check("255", &bits, 64, &e), 0);
	cr_assert_eq(bits, 32);             /* never below 32 unless asked */
	bits = 0;
	cr_assert_eq(check("0x9e3779b97f4a7c15", &bits, 64, &e), 0);
	cr_assert_eq(bits, 64);
	bits = 0;
	cr_assert_eq(check("0x10000000000000000", &bits, 65536, &e), 0);
	cr_assert_eq(bits, 128);
	/* explicit width that holds p: kept as given */
	bits = 40;
	cr_assert_eq(check("0xffffffffff", &bits, 64, &e), 0);   /* 2^40 - 1 */
	cr_assert_eq(bits, 40);
	bits = 64;
	cr_assert_eq(check("0xffffffffffffffff", &bits, 64, &e), 0);
	cr_assert_eq(bits, 64);
	bits = 1;
	cr_assert_eq(check("1", &bits, 64, &e), 0);
	cr_assert_eq(bits, 1);
}

Test(word, check_errors)
{
	cfx_err e;
	unsigned long bits;

	/* zero */
	bits = 0;
	cr_assert_eq(check("0", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_str_eq(e.token, "TOKEN");
	bits = 32;
	cr_assert_eq(check("0", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	/* negative */
	bits = 0;
	cr_assert_eq(check("-5", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	/* too wide for an explicit width: an error, never reduced */
	bits = 8;
	cr_assert_eq(check("256", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_str_eq(e.token, "TOKEN");
	bits = 40;
	cr_assert_eq(check("0x10000000000", &bits, 64, &e), -1);  /* 2^40 */
	cr_assert_eq(e.code, CFX_EDOMAIN);
	/* automatic width above the maximum */
	bits = 0;
	cr_assert_eq(check("0x10000000000000000", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	cr_assert_str_eq(e.token, "TOKEN");
	/* explicit width above the maximum, even when p is small */
	bits = 65;
	cr_assert_eq(check("3", &bits, 64, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
	bits = 65537;
	cr_assert_eq(check("3", &bits, 65536, &e), -1);
	cr_assert_eq(e.code, CFX_EDOMAIN);
}

Test(word, check_random_widths)
{
	trng r = { 42 };
	mpz_t p;
	cfx_err e;
	gmp_randstate_t gr;
	int i;

	gmp_randinit_default(gr);
	gmp_randseed_ui(gr, 1234);
	mpz_init(p);
	for (i = 0; i < 20000; i++) {
		unsigned long L = 1 + trng_below(&r, 200), bits = 1 + trng_below(&r, 200);
		unsigned long max = 1 + trng_below(&r, 200), b = bits;
		int rc, want;

		/* random p of bit length exactly L */
		mpz_urandomb(p, gr, L - 1);
		mpz_setbit(p, L - 1);
		CHECK(mpz_sizeinbase(p, 2) == L, "setup");
		want = bits <= max && L <= bits ? 0 : -1;
		rc = word_check(p, &b, max, "t", &e);
		CHECK(rc == want, "L=%lu bits=%lu max=%lu: rc %d", L, bits, max, rc);
		if (rc == 0)
			CHECK(b == bits, "width changed");
		else
			CHECK(e.code == CFX_EDOMAIN, "code %d", e.code);
		/* automatic */
		b = 0;
		want = expected_word(L) <= max ? 0 : -1;
		rc = word_check(p, &b, max, "t", &e);
		CHECK(rc == want, "auto L=%lu max=%lu: rc %d", L, max, rc);
		if (rc == 0)
			CHECK(b == expected_word(L), "auto width %lu", b);
	}
	mpz_clear(p);
	gmp_randclear(gr);
}

Test(word, mask)
{
	unsigned n;

	for (n = 1; n <= 64; n++) {
		unsigned __int128 m = ((unsigned __int128)1 << n) - 1;
		cr_assert_eq(word_mask(n), (uint64_t)m, "n=%u", n);
	}
}

Test(word, hex_padding)
{
	trng r = { 7 };
	mpz_t p;
	char want[400], *got;
	int i;

	mpz_init(p);
	for (i = 0; i < 5000; i++) {
		unsigned bits = 1 + (unsigned)trng_below(&r, 64);
		uint64_t v = trng_next(&r) & tmask(bits);
		int digits = (int)((bits + 3) / 4);

		if (i % 7 == 0)
			v = 0;
		mpz_set_ui(p, 0);
		mpz_import(p, 1, 1, sizeof v, 0, 0, &v);
		snprintf(want, sizeof want, "0x%0*llx", digits, (unsigned long long)v);
		got = word_hex(p, bits);
		CHECK(!strcmp(got, want), "word_hex(%llx, %u) = %s, want %s",
		      (unsigned long long)v, bits, got, want);
		free(got);
	}
	/* wider than the word: all digits, no truncation */
	mpz_set_ui(p, 0x1234);
	got = word_hex(p, 8);
	cr_assert_str_eq(got, "0x1234");
	free(got);
	/* beyond 64 bits */
	mpz_set_ui(p, 1);
	got = word_hex(p, 128);
	cr_assert_str_eq(got, "0x00000000000000000000000000000001");
	free(got);
	mpz_set_str(p, "9e3779b97f4a7c15f39cc0605cedc834", 16);
	got = word_hex(p, 130);
	cr_assert_str_eq(got, "0x09e3779b97f4a7c15f39cc0605cedc834");
	free(got);
	mpz_clear(p);
}
