/*
 * test_util.c - the utility layer: buf, xgrow, text width, cut, fill and
 * split, against expected text written out by hand.
 */
#include <locale.h>

#include "cfx/err.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"
#include "testutil.h"

Test(util, buf_appends_and_takes)
{
	struct buf b = { 0 };
	char *s;
	int i;

	cr_assert_str_eq(buf_str(&b), "");
	for (i = 0; i < 1000; i++)
		buf_printf(&b, "%d,", i % 10);
	cr_assert_eq(b.len, 2000);
	cr_assert_eq(strncmp(b.s, "0,1,2,", 6), 0);
	buf_clear(&b);
	buf_puts(&b, "ab");
	buf_putc(&b, 'c');
	buf_add(&b, "dxyz", 1);
	s = buf_take(&b);
	cr_assert_str_eq(s, "abcd");
	cr_assert_null(b.s);
	free(s);
	s = buf_take(&b);               /* nothing appended: "" */
	cr_assert_str_eq(s, "");
	free(s);
}

Test(util, xgrow_keeps_contents)
{
	int *v = NULL;
	size_t cap = 0, i;

	for (i = 0; i < 5000; i++) {
		XGROW(v, cap, i + 1, "test ints");
		cr_assert_geq(cap, i + 1);
		v[i] = (int)i;
	}
	for (i = 0; i < 5000; i++)
		CHECK(v[i] == (int)i, "v[%zu] = %d", i, v[i]);
	free(v);
}

Test(util, width_and_cut)
{
	/* "a" 1 byte, "é" 2 bytes, "✓" 3 bytes: one column each */
	const char *s = "a\xc3\xa9\xe2\x9c\x93z";

	setlocale(LC_CTYPE, "C.UTF-8");
	cr_assert_eq(text_width("hello", 5), 5);
	cr_assert_eq(text_width(s, strlen(s)), 4);
	cr_assert_eq(text_width(s, 3), 2);
	cr_assert_eq(text_cut(s, 0), 0);
	cr_assert_eq(text_cut(s, 2), 3);
	cr_assert_eq(text_cut(s, 3), 6);
	cr_assert_eq(text_cut(s, 99), strlen(s));
	cr_assert_eq(text_width("\xff", 1), 1);   /* not UTF-8: one column */
	/* an overlong NUL and a surrogate are not UTF-8 either: a column a
	 * byte (the overlong one measured 0 columns, as U+0000) */
	cr_assert_eq(text_width("\xe0\x80\x80", 3), 3);
	cr_assert_eq(text_width("\xed\xa0\x80", 3), 3);
	cr_assert_eq(text_cut("\xe0\x80\x80", 2), 2);
}

Test(util, fill_words_and_lists)
{
	struct buf b = { 0 };

	text_fill(&b, "one two three four five", 13, "> ", "  ", " ");
	cr_assert_str_eq(b.s, "> one two\n  three four\n  five\n");
	buf_clear(&b);
	text_fill(&b, "a, b, c, dd, e", 9, "x: ", "   ", ", ");
	cr_assert_str_eq(b.s, "x: a, b,\n   c, dd,\n   e\n");
	buf_clear(&b);
	text_fill(&b, "", 10, "-", "", " ");
	cr_assert_str_eq(b.s, "-\n");
	buf_clear(&b);
	/* a piece wider than any line is cut where each line ends, from
	 * the current one on: Python's textwrap.wrap("abcdefghij k", 4) is
	 * abcd efgh "ij k"; wrap("x 123456789", 6, initial_indent="v: ",
	 * subsequent_indent="   ") is "v: x 1", 234, 567, 89 */
	text_fill(&b, "abcdefghij k", 4, "", "", " ");
	cr_assert_str_eq(b.s, "abcd\nefgh\nij k\n");
	buf_clear(&b);
	text_fill(&b, "x 123456789", 6, "v: ", "   ", " ");
	cr_assert_str_eq(b.s, "v: x 1\n   234\n   567\n   89\n");
	buf_clear(&b);
	/* but a path is never cut (it could not be copied): whole on a
	 * line of its own, the text going on after it */
	text_fill(&b, "at /tmp/abcdefgh/ij, then k", 8, "", "  ", " ");
	cr_assert_str_eq(b.s, "at\n  /tmp/abcdefgh/ij,\n  then k\n");
	buf_clear(&b);
	/* a fraction of digits is a number, not a path: cut */
	text_fill(&b, "q 12345/6789", 6, "", "  ", " ");
	cr_assert_str_eq(b.s, "q 1234\n  5/67\n  89\n");
	buf_free(&b);
}

Test(util, lines)
{
	const char *p = "ab\n\ncd", *next;

	cr_assert_eq(text_line(p, &next), 2);
	cr_assert_eq(text_line(next, &next), 0);
	cr_assert_eq(text_line(next, &next), 2);
	cr_assert_eq(*next, '\0');
}

Test(util, split_words)
{
	text_words ws = { 0 };
	int open = -1;

	cr_assert_eq(text_split("  set 'a b' x\"y z\"  # c", 1, &ws, &open), 0);
	cr_assert_eq(ws.n, 3);
	cr_assert_str_eq(ws.w[0].s, "set");
	cr_assert_str_eq(ws.w[1].s, "a b");
	cr_assert_eq(ws.w[1].col, 7);
	cr_assert_eq(ws.w[1].len, 5);
	cr_assert_str_eq(ws.w[2].s, "xy z");
	cr_assert_eq(text_split("a # b", 0, &ws, NULL), 0);
	cr_assert_eq(ws.n, 3);
	cr_assert_eq(text_split("a 'b c", 1, &ws, &open), -1);
	cr_assert_eq(open, 2);
	cr_assert_eq(ws.n, 2);
	cr_assert_str_eq(ws.w[1].s, "b c");
	text_words_free(&ws);
	free(ws.w);
}

Test(util, argv_for_getopt)
{
	int argc;
	char **argv = text_argv("spectrum  --count 'a b' # c", &argc);

	/* words as the shell would give them: no comment, quotes removed */
	cr_assert_eq(argc, 5);
	cr_assert_str_eq(argv[0], "spectrum");
	cr_assert_str_eq(argv[1], "--count");
	cr_assert_str_eq(argv[2], "a b");
	cr_assert_str_eq(argv[3], "#");
	cr_assert_str_eq(argv[4], "c");
	cr_assert_null(argv[5]);
	text_argv_free(argv, argc);
	argv = text_argv("   ", &argc);
	cr_assert_eq(argc, 0);
	cr_assert_null(argv[0]);
	text_argv_free(argv, argc);
}

/* A token as errors show it (err.h, cfx_escape): printable text and
 * letters beyond ASCII as themselves; controls as \n or \xNN; a character
 * that would reorder or hide what the terminal shows (the bidi override
 * U+202E of "Trojan source", an isolate, a zero-width space, the line
 * separator, a C1 control, the byte order mark) as \u{code}: each
 * expected string written from those words. */
Test(util, escape_token)
{
	static const struct { const char *s; const char *want; } c[] = {
		{ "abc", "abc" },
		{ "caf\xc3\xa9", "caf\xc3\xa9" },                /* e acute */
		{ "\xce\xb1=1", "\xce\xb1=1" },                  /* alpha */
		{ "a\nb", "a\\nb" },
		{ "\x1b[0m", "\\x1b[0m" },
		{ "\xe2\x80\xae" "5", "\\u{202e}5" },           /* RLO */
		{ "1\xe2\x81\xa6" "2", "1\\u{2066}2" },         /* LRI */
		{ "x\xe2\x80\x8by", "x\\u{200b}y" },            /* ZWSP */
		{ "x\xe2\x80\xa8y", "x\\u{2028}y" },            /* LS */
		{ "\xc2\x85", "\\u{85}" },                       /* NEL */
		{ "\xef\xbb\xbf" "7", "\\u{feff}7" },           /* BOM */
		{ "\xd8\x9c", "\\u{61c}" },                      /* ALM */
		{ "\xe2\x80\x8e", "\\u{200e}" },                /* LRM */
		{ "\xe2\x80", "\\xe2\\x80" },                  /* cut short */
		{ "", "''" },
	};
	char got[CFX_ERR_SHOWN];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		cfx_escape(got, sizeof got, c[i].s, -1);
		cr_expect_str_eq(got, c[i].want, "case %zu", i);
	}
	/* a long run of overrides is cut, never past the buffer */
	{
		char big[3 * 40 + 1], small[CFX_ERR_CUT];
		for (i = 0; i < 40; i++)
			memcpy(big + 3 * i, "\xe2\x80\xae", 3);
		big[120] = '\0';
		cfx_escape(small, sizeof small, big, -1);
		cr_expect(strlen(small) < sizeof small);
		cr_expect(strstr(small, "\xe2") == NULL);
		cr_expect_str_eq(small + strlen(small) - 3, "...");
	}
}

/* The rule of a bad line of a user's file (err.h, cfx_err_word): each
 * case's expected token written from the rule's words: letters, digits,
 * _ . + - up to 16 bytes, "..." when the token goes on, another first
 * byte alone and escaped. */
Test(util, bad_line_word)
{
	static const struct { const char *s; int len; const char *want; } c[] = {
		{ "0123456789abcdef", -1, "0123456789abcdef" },   /* 16: whole */
		{ "0123456789abcdefg", -1, "0123456789abcdef..." },
		{ "root:$6$salt$hash", -1, "root..." },
		{ "bob hunter2", -1, "bob..." },
		{ "bob hunter2", 3, "bob" },                      /* its bounds */
		{ "1.5e+3_x-y", -1, "1.5e+3_x-y" },
		{ ":x", -1, ":..." },
		{ "$", -1, "$" },
		{ "\x1b[31m", -1, "\\x1b..." },
		{ "\t", -1, "\\t" },
		{ "\x7f", -1, "\\x7f" },
		{ "\xc3\xa9t\xc3\xa9", -1, "\\xc3..." },
		{ "", 1, "\\x00" },                               /* a NUL byte */
		{ "", 0, "''" },
	};
	char got[CFX_ERR_WORD_SHOWN];
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		cfx_err_word(got, c[i].s, c[i].len);
		cr_expect_str_eq(got, c[i].want, "case %zu", i);
	}
}
