/*
 * test_util.c - the utility layer: buf, xgrow, text width, cut, fill and
 * split, against expected text written out by hand.
 */
#include <locale.h>

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
	/* a piece wider than the line stays whole */
	text_fill(&b, "abcdefghij k", 4, "", "", " ");
	cr_assert_str_eq(b.s, "abcdefghij\nk\n");
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
