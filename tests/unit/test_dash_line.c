/*
 * test_dash_line.c - the dashboard's line editor (src/dash/dash_line.c,
 * compiled in here: it is a face's file, not in libcfx), directly.
 *
 * A model of its own (a string and a cursor, each edit written from
 * dash_line.h's contract) runs beside it through long random sequences of
 * edits, printable and not, near the DASH_LINE_MAX bound; after every
 * edit the text, length, cursor and the "changed" answer must agree.
 */
#include <stdio.h>

#include "../../src/dash/dash_line.c"
#include "testutil.h"

typedef struct model {
	char s[2 * DASH_LINE_MAX + 8];
	int cur;
} model;

static int mlen(const model *m)
{
	return (int)strlen(m->s);
}

/* text = text[0..from) + ins + text[to..); 1 if the text is different */
static int msplice(model *m, int from, int to, const char *ins, int cur_after)
{
	char old[sizeof m->s], tail[sizeof m->s];

	strcpy(old, m->s);
	strcpy(tail, m->s + to);
	m->s[from] = '\0';
	strcat(m->s, ins);
	strcat(m->s, tail);
	m->cur = cur_after;
	return strcmp(old, m->s) != 0;
}

static void mset(model *m, const char *s)
{
	size_t n = strlen(s);

	n = n > DASH_LINE_MAX ? DASH_LINE_MAX : n;
	memcpy(m->s, s, n);
	m->s[n] = '\0';
	m->cur = (int)n;
}

static int minsert(model *m, int ch)
{
	char c[2] = { (char)ch, 0 };

	if (ch < 32 || ch > 126 || mlen(m) >= DASH_LINE_MAX)
		return 0;
	return msplice(m, m->cur, m->cur, c, m->cur + 1);
}

static int mword(model *m)
{
	int i = m->cur;

	while (i > 0 && m->s[i - 1] == ' ')          /* spaces, then a word */
		i--;
	while (i > 0 && m->s[i - 1] != ' ')
		i--;
	return msplice(m, i, m->cur, "", i);
}

static int mreplace(model *m, int from, const char *s)
{
	char ins[sizeof m->s];
	int room;

	if (from < 0 || from > m->cur)
		return 0;
	room = DASH_LINE_MAX - from - (mlen(m) - m->cur);
	snprintf(ins, sizeof ins, "%.*s", room, s);
	if (!strncmp(m->s + from, s, (size_t)(m->cur - from)) &&
	    (int)strlen(s) == m->cur - from)
		return 0;                               /* the same text: no change */
	msplice(m, from, m->cur, ins, from + (int)strlen(ins));
	return 1;
}

static void same(const dash_line *l, const model *m, const char *what, int step)
{
	CHECK(l->len == mlen(m) && !strcmp(l->buf, m->s) && l->cur == m->cur,
	      "step %d (%s): editor '%s' len %d cur %d, model '%s' cur %d", step,
	      what, l->buf, l->len, l->cur, m->s, m->cur);
}

static void random_text(trng *r, char *s, int n)
{
	static const char set[] = "ab 0x9e37+^()  _";
	int i;

	for (i = 0; i < n; i++)
		s[i] = set[trng_below(r, sizeof set - 1)];
	s[n] = '\0';
}

Test(dash_line, random_edits_against_a_model)
{
	trng r = { 2718 };
	dash_line l;
	model m;
	char text[2 * DASH_LINE_MAX + 8];
	int step;

	dash_line_set(&l, "");
	mset(&m, "");
	for (step = 0; step < 200000; step++) {
		int op = (int)trng_below(&r, 12), a, b = -9;
		const char *what = "";

		switch (op) {
		case 0:
			random_text(&r, text, (int)trng_below(&r, 2 * DASH_LINE_MAX));
			dash_line_set(&l, text);
			mset(&m, text);
			what = "set";
			break;
		case 1: case 2: case 3: {
			int ch = trng_below(&r, 8) ? (int)(32 + trng_below(&r, 95))
			         : (int)trng_below(&r, 256) - 1;   /* EOF, controls, 8-bit */
			a = dash_line_insert(&l, ch), b = minsert(&m, ch), what = "insert";
			break;
		}
		case 4:
			a = dash_line_backspace(&l);
			b = m.cur > 0 ? msplice(&m, m.cur - 1, m.cur, "", m.cur - 1) : 0;
			what = "backspace";
			break;
		case 5:
			a = dash_line_delete(&l);
			b = m.cur < mlen(&m) ? msplice(&m, m.cur, m.cur + 1, "", m.cur) : 0;
			what = "delete";
			break;
		case 6:
			a = dash_line_kill_start(&l), b = msplice(&m, 0, m.cur, "", 0);
			what = "kill start";
			break;
		case 7:
			a = dash_line_kill_end(&l), b = msplice(&m, m.cur, mlen(&m), "", m.cur);
			what = "kill end";
			break;
		case 8:
			a = dash_line_kill_word(&l), b = mword(&m), what = "kill word";
			break;
		case 9: case 10: {
			int to = (int)trng_below(&r, (uint64_t)mlen(&m) + 7) - 3;
			dash_line_move(&l, to);
			m.cur = to < 0 ? 0 : to > mlen(&m) ? mlen(&m) : to;
			what = "move";
			break;
		}
		default: {
			int from = (int)trng_below(&r, (uint64_t)m.cur + 3) - 1;
			if (trng_below(&r, 3) == 0 && from >= 0 && from <= m.cur)
				snprintf(text, sizeof text, "%.*s", m.cur - from, m.s + from);
			else
				random_text(&r, text, (int)trng_below(&r, 40));
			a = dash_line_replace(&l, from, text), b = mreplace(&m, from, text);
			what = "replace";
			break;
		}
		}
		if (b != -9)
			CHECK(a == b, "step %d (%s): changed %d, model %d", step, what, a, b);
		same(&l, &m, what, step);
		CHECK(l.buf[l.len] == '\0' && l.len <= DASH_LINE_MAX, "step %d", step);
	}
}

Test(dash_line, bounds)
{
	dash_line l;
	char big[DASH_LINE_MAX + 50];

	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	dash_line_set(&l, big);
	cr_assert_eq(l.len, DASH_LINE_MAX);
	cr_assert_eq(l.cur, DASH_LINE_MAX);
	cr_assert_eq(dash_line_insert(&l, 'y'), 0);             /* full */
	dash_line_set(&l, NULL);
	cr_assert_eq(l.len, 0);
	cr_assert_str_eq(l.buf, "");
	cr_assert_eq(dash_line_backspace(&l), 0);
	cr_assert_eq(dash_line_delete(&l), 0);
	cr_assert_eq(dash_line_kill_word(&l), 0);
	cr_assert_eq(dash_line_insert(&l, '\t'), 0);
	cr_assert_eq(dash_line_insert(&l, 0x7f), 0);
	/* Ctrl-W takes the spaces before the cursor and the word before them */
	dash_line_set(&l, "cf  0x9e37  ");
	cr_assert_eq(dash_line_kill_word(&l), 1);
	cr_assert_str_eq(l.buf, "cf  ");
	dash_line_set(&l, "golden(32) nextprime");
	dash_line_move(&l, 13);
	cr_assert_eq(dash_line_replace(&l, 11, "pre"), 1);
	cr_assert_str_eq(l.buf, "golden(32) prextprime");
	cr_assert_eq(l.cur, 14);
}
