/*
 * lesson.c - lesson files: parsing and lint (see lesson/lesson.h and
 * lessons/FORMAT.md).
 *
 * The format is line based.  A line that starts in column 0 is a comment
 * (#) or a directive (word: value); a line indented by two spaces is text
 * that continues the last title:, step:, ask: or hint: (prose, question,
 * hint); a blank line separates paragraphs.  Anything else is an error
 * with its line number, so a typo never silently becomes prose.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gmp.h>

#include "cfx/expr.h"
#include "lesson/lesson.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- text -------------------------------------------------------------- */

static void text_add(lesson_text *t, const char *s, int lineno)
{
	t->line = xrealloc(t->line, (t->n + 1) * sizeof *t->line,
	                   "lesson line");
	t->lineno = xrealloc(t->lineno, (t->n + 1) * sizeof *t->lineno,
	                     "lesson line numbers");
	t->line[t->n] = xstrdup(s);
	t->lineno[t->n++] = lineno;
}

/* Drop blank lines at the end. */
static void text_trim(lesson_text *t)
{
	while (t->n && !t->line[t->n - 1][0])
		free(t->line[--t->n]);
}

static void text_free(lesson_text *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->line[i]);
	free(t->line);
	free(t->lineno);
	memset(t, 0, sizeof *t);
}

static void cond_free(lesson_cond *c)
{
	free(c->src);
	free(c->reason);
	lesson_check_free(c->check);
}

static void step_free(lesson_step *s)
{
	size_t i;

	free(s->title);
	text_free(&s->prose);
	free(s->try_cmd);
	text_free(&s->ask);
	free(s->focus);
	for (i = 0; i < s->nchecks; i++)
		cond_free(&s->checks[i]);
	free(s->checks);
	for (i = 0; i < s->nhints; i++)
		text_free(&s->hints[i]);
	free(s->hints);
	for (i = 0; i < s->nsolution; i++)
		free(s->solution[i]);
	free(s->solution);
	free(s->solution_line);
	for (i = 0; i < s->nreveals; i++)
		free(s->reveals[i]);
	free(s->reveals);
	free(s->refuses);
	text_free(&s->explain);
	free(s->options);
	free(s->choice_words);
	cond_free(&s->value);
	for (i = 0; i < s->nclaims; i++) {
		free(s->claims[i].command);
		cond_free(&s->claims[i].cond);
	}
	free(s->claims);
}

void lesson_free(lesson *l)
{
	size_t i;

	free(l->title);
	text_free(&l->intro);
	for (i = 0; i < l->nfacts; i++)
		free(l->facts[i]);
	free(l->facts);
	for (i = 0; i < l->nsteps; i++)
		step_free(&l->steps[i]);
	free(l->steps);
	memset(l, 0, sizeof *l);
}

/* ---- parsing -------------------------------------------------------- */

typedef struct pstate {
	lesson *l;
	const lesson_names *names;
	lesson_text *target;      /* where indented text goes, NULL: nowhere */
	int lineno;
	cfx_err *err;
	char *held;               /* a check: or claim: that may go on below */
	int held_claim, held_line;
	lesson_cond *last_check;  /* the check an else: may follow, or NULL */
} pstate;

/* An error at the line being read: its token by the rule of a bad line
 * of a user's file (cfx_err_word: CFX_ERR_WORD bytes, "..." when it
 * goes on), as the line that is no directive shows it; learn --check
 * vets files from others. */
static int perr(pstate *ps, const char *token, const char *msg)
{
	return cfx_err_set_word(ps->err, CFX_ESYNTAX, token, -1, "%s", msg);
}

static lesson_step *cur(pstate *ps)
{
	return ps->l->nsteps ? &ps->l->steps[ps->l->nsteps - 1] : NULL;
}

/* What the first word of a line someone types is: 1 a command, 2 a
 * session word (lesson_names), 0 neither; 1 when the names are not
 * known. */
static int known_line(const pstate *ps, const char *line)
{
	char w[32];
	size_t k = strcspn(line, " \t");

	if (k == 0 || k >= sizeof w)
		return 0;
	memcpy(w, line, k);
	w[k] = '\0';
	return !ps->names || !ps->names->command ? 1 : ps->names->command(w);
}

static int parse_cond(pstate *ps, lesson_cond *c, const char *src, int claim)
{
	cfx_err e;

	c->line = ps->lineno;
	c->src = xstrdup(src);
	if (!(c->check = lesson_check_parse(src, ps->names, claim, &e))) {
		cfx_err_set_word(ps->err, CFX_ESYNTAX, e.token[0] ? e.token : NULL,
		                 -1, "bad check: %s", e.msg);
		return -1;
	}
	c->form_only = !claim && lesson_check_form_only(c->check);
	return 0;
}

/* The place (1-based) of text (trimmed) among the space-separated words
 * of list, ignoring case; 0 when it is none of them (or list is NULL). */
static int word_place(const char *list, const char *text)
{
	const char *w = list;
	size_t n, k;
	int i = 1;

	if (!w)
		return 0;
	while (isspace((unsigned char)*text))
		text++;
	n = strlen(text);
	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	while (*w) {
		k = strcspn(w, " \t");
		if (k == n && !strncasecmp(w, text, n))
			return i;
		w += k;
		while (isspace((unsigned char)*w))
			w++;
		i++;
	}
	return 0;
}

/* Whether text (trimmed) is one of the step's tries: words, ignoring
 * case; true when the step has none. */
int lesson_step_option(const lesson_step *s, const char *text)
{
	return !s->options || word_place(s->options, text);
}

/* Whether text has word as a whole word (no letter or digit on either
 * side), ignoring case. */
static int has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p = text;

	while (n && (p = strcasestr(p, word)) != NULL) {
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
		p++;
	}
	return 0;
}

int lesson_step_choice(const lesson_step *s, const char *text)
{
	return word_place(s->choice_words, text);
}

const char *lesson_step_answer(const lesson_step *s)
{
	size_t i;

	for (i = 0; i < s->nsolution; i++)
		if (!strncmp(s->solution[i], "answer ", 7))
			return s->solution[i] + 7 + strspn(s->solution[i] + 7, " ");
	return NULL;
}

/* Whether two command lines are the same, runs of blanks aside. */
static int same_line(const char *a, const char *b)
{
	for (;;) {
		a += strspn(a, " \t");
		b += strspn(b, " \t");
		if (!*a || !*b)
			return !*a && !*b;
		while (*a && *a != ' ' && *a != '\t' && *a == *b)
			a++, b++;
		if ((*a && *a != ' ' && *a != '\t') ||
		    (*b && *b != ' ' && *b != '\t'))
			return 0;
	}
}

int lesson_step_solution_tells(const lesson_step *s)
{
	size_t i;

	for (i = 0; i < s->nsolution; i++)
		if (!s->try_cmd || !same_line(s->solution[i], s->try_cmd))
			return 1;
	return 0;
}

int lesson_step_reveals_line(const lesson_step *s, const char *line)
{
	size_t i;

	for (i = 0; s && i < s->nreveals; i++)
		if (same_line(s->reveals[i], line))
			return 1;
	return 0;
}

const lesson_step *lesson_step_before(const lesson *l, size_t i, int dash)
{
	while (i-- > 0)
		if (dash || !l->steps[i].dash)
			return &l->steps[i];
	return NULL;
}

const lesson_step *lesson_step_after(const lesson *l, size_t i, int dash)
{
	while (++i < l->nsteps)
		if (dash || !l->steps[i].dash)
			return &l->steps[i];
	return NULL;
}

/* Whether the word w is one of the words of the space-separated list. */
static int word_listed(const char *list, const char *w)
{
	size_t n = strlen(w);

	while (list && n && *list) {
		size_t k = strcspn(list, " ");
		if (k == n && !strncmp(list, w, n))
			return 1;
		list += k;
		list += strspn(list, " ");
	}
	return 0;
}

int lesson_step_refuses(const lesson_step *s, const char *w)
{
	size_t i, n = strlen(w);

	/* show prints the value of every name (let a = EXPR, and ans after
	 * set const EXPR): a calculator, as naf is, so refused with it; and
	 * bench prints its constant's value in hex and each form's adds and
	 * subs, the NAF's among them (issue 24: bench 0x9e370001 % 2^18
	 * printed lesson 8 step 1's answer) */
	if (!strcmp(w, "show"))
		return lesson_step_refuses(s, "naf");
	if (!strcmp(w, "bench") && lesson_step_refuses(s, "naf"))
		return 1;
	for (i = 0; i < s->nreveals; i++)
		if (!strncmp(s->reveals[i], w, n) &&
		    (!s->reveals[i][n] || s->reveals[i][n] == ' '))
			return 1;
	return word_listed(s->refuses, w);
}

/* The next word of s from *pos into w (at most n - 1 bytes, lower case);
 * 0 at the end.  A '-' belongs to a word when a digit follows it and no
 * word character precedes it (a sign). */
static int next_word(const char *s, size_t *pos, char *w, size_t n)
{
	size_t i = *pos, k = 0;

#define WORDCH(c) (isalnum((unsigned char)(c)) || (c) == '.' || (c) == '/' \
                   || (c) == '_')
	while (s[i] && !WORDCH(s[i]) && !(s[i] == '-' &&
	       isdigit((unsigned char)s[i + 1])))
		i++;
	if (!s[i])
		return 0;
	if (s[i] == '-')
		w[k++] = s[i++];
	while (WORDCH(s[i])) {
		if (k + 1 < n)
			w[k++] = (char)tolower((unsigned char)s[i]);
		i++;
	}
#undef WORDCH
	/* a full stop ends a sentence, not a number */
	while (k > 1 && w[k - 1] == '.')
		k--;
	w[k] = '\0';
	*pos = i;
	return 1;
}

int lesson_words_in(const char *hay, const char *needle)
{
	char nw[16][64], hw[64];
	size_t nn = 0, pos = 0, start, j;

	while (nn < 16 && next_word(needle, &pos, nw[nn], sizeof nw[nn]))
		nn++;
	if (!nn)
		return 0;
	for (start = 0; ; ) {
		size_t p = start;
		if (!next_word(hay, &p, hw, sizeof hw))
			return 0;
		if (!strcmp(hw, nw[0])) {
			size_t q = p;
			for (j = 1; j < nn && next_word(hay, &q, hw, sizeof hw) &&
			     !strcmp(hw, nw[j]); j++)
				;
			if (j == nn)
				return 1;
		}
		start = p;
	}
}

int lesson_focus_known(const char *panel)
{
	static const char *const panels[] = { "cf", "naf", "shifts", "spectrum",
	                                      "score", "sweep", "verify", NULL };
	int i;

	for (i = 0; panels[i]; i++)
		if (!strcmp(panel, panels[i]))
			return 1;
	return 0;
}

/* Checks that the step, now complete, has what every step needs. */
static int finish_step(pstate *ps)
{
	lesson_step *s = cur(ps);
	int at = ps->lineno;
	size_t i;

	if (!s)
		return 0;
	ps->lineno = s->line;     /* errors name the step's line */
	text_trim(&s->prose);
	text_trim(&s->ask);
	text_trim(&s->explain);
	for (i = 0; i < s->nhints; i++)
		text_trim(&s->hints[i]);
	for (i = 0; i < s->nchecks; i++)
		if (lesson_check_uses_answer(s->checks[i].check))
			s->wants_answer = 1;
	if (!s->prose.n)
		return perr(ps, s->title, "step has no prose (indent it by two "
		            "spaces under step:)");
	if (!s->nchecks)
		return perr(ps, s->title, "step has no check:");
	if (!s->nsolution)
		return perr(ps, s->title, "step has no solution:");
	if (!s->nhints)
		return perr(ps, s->title, "step has no hint:");
	if (s->predict && s->try_cmd)
		return perr(ps, s->title, "a prediction comes before cfx shows the "
		            "answer: a predict: step has no try:");
	if ((s->nreveals || s->refuses || s->choices || s->value.check) &&
	    !s->predict)
		return perr(ps, s->title, "reveals:, refuses:, choices: and value: "
		            "belong to a predict: step");
	if (s->choices && (!lesson_step_answer(s) ||
	                   strspn(lesson_step_answer(s), "0123456789") !=
	                   strlen(lesson_step_answer(s))))
		return perr(ps, s->title, "a choices: step's solution is answer N, "
		            "a choice's number");
	if (s->choice_words) {
		/* the learner reads each word in the question */
		struct buf q = { 0 };
		const char *w = s->choice_words;
		size_t j;
		for (j = 0; j < s->ask.n; j++)
			buf_printf(&q, " %s", s->ask.line[j]);
		for (; *w; w += strspn(w, " ")) {
			size_t k = strcspn(w, " ");
			char word[32];
			snprintf(word, sizeof word, "%.*s", (int)k, w);
			if (!has_word(buf_str(&q), word)) {
				buf_free(&q);
				return perr(ps, word, "a choice's word is not in the "
				            "question");
			}
			w += k;
		}
		buf_free(&q);
	}
	if (!s->try_cmd && !s->ask.n && !s->dash)   /* dash: the keys */
		return perr(ps, s->title, "step gives the learner nothing to do "
		            "(try: or ask:)");
	if (s->tries && !s->wants_answer)
		return perr(ps, s->title, "tries: belongs to a step that asks "
		            "for an answer");
	if (s->tries && s->choices)
		return perr(ps, s->title, "a choices: step has one try: no "
		            "tries: beside it");
	if (s->options && (!lesson_step_answer(s) ||
	                   !lesson_step_option(s, lesson_step_answer(s))))
		return perr(ps, s->title, "the solution's answer is not one of "
		            "tries:'s words");
	if (s->wants_answer && !s->ask.n)
		return perr(ps, s->title, "a check reads the answer but the step "
		            "asks nothing (ask:)");
	if (!s->wants_answer && s->ask.n)
		return perr(ps, s->title, "the step asks a question but no check "
		            "reads the answer");
	ps->lineno = at;
	return 0;
}

/* "COMMAND :: CHECK" into a new claim of step s. */
static int parse_claim(pstate *ps, lesson_step *s, const char *val)
{
	const char *sep = strstr(val, " :: ");
	lesson_claim *c;
	char *cmd;

	if (!sep)
		return perr(ps, val, "claim: COMMAND :: CHECK");
	cmd = xstrndup(val, (size_t)(sep - val));
	if (known_line(ps, cmd) != 1) {
		int rc = perr(ps, cmd, "a claim runs a command");
		free(cmd);
		return rc;
	}
	s->claims = xrealloc(s->claims, (s->nclaims + 1) * sizeof *s->claims,
	                     "lesson claims");
	c = &s->claims[s->nclaims++];
	memset(c, 0, sizeof *c);
	c->line = ps->lineno;
	c->command = cmd;
	return parse_cond(ps, &c->cond, sep + 4, 1);
}

/* ---- directives: one function each, found by directive() ------------- */

/* else: the message of the check: just above it (after: that check). */
static int dir_else(pstate *ps, lesson_cond *after, const char *key,
                    const char *val)
{
	if (!after || after->reason)
		return perr(ps, key, "else: follows a check: (once)");
	if (!val[0])
		return perr(ps, key, "else: needs its message on its line");
	after->reason = xstrdup(val);
	return 0;
}

static int dir_title(pstate *ps, lesson_step *s, const char *key,
                     const char *val)
{
	lesson *l = ps->l;

	if (l->title)
		return perr(ps, key, "a second title:");
	if (s)
		return perr(ps, key, "title: comes before the steps");
	if (!val[0])
		return perr(ps, key, "empty title");
	l->title = xstrdup(val);
	l->title_line = ps->lineno;
	ps->target = &l->intro;
	return 0;
}

static int dir_facts(pstate *ps, lesson_step *s, const char *key,
                     const char *val)
{
	lesson *l = ps->l;
	char *copy, *w, *save;

	if (s || l->facts_line)
		return perr(ps, key, "facts: comes once, before the steps");
	l->facts_line = ps->lineno;
	copy = xstrdup(val);
	for (w = strtok_r(copy, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		l->facts = xrealloc(l->facts, (l->nfacts + 1) * sizeof *l->facts,
		                    "lesson facts");
		l->facts[l->nfacts++] = xstrdup(w);
	}
	free(copy);
	ps->target = &l->intro;   /* the introduction may go on below */
	return 0;
}

static int dir_step(pstate *ps, lesson_step *s, const char *key,
                    const char *val)
{
	lesson *l = ps->l;

	if (!l->title)
		return perr(ps, key, "the lesson needs a title: first");
	if (finish_step(ps) < 0)
		return -1;
	if (!val[0])
		return perr(ps, key, "a step needs a title (step: TITLE)");
	if (l->nsteps >= LESSON_STEPS_MAX)
		return cfx_err_set_word(ps->err, CFX_ESYNTAX, val, -1, "too "
		                        "many steps (at most %d)",
		                        LESSON_STEPS_MAX);
	l->steps = xrealloc(l->steps, (l->nsteps + 1) * sizeof *l->steps,
	                    "lesson steps");
	s = &l->steps[l->nsteps++];
	memset(s, 0, sizeof *s);
	s->line = ps->lineno;
	s->title = xstrdup(val);
	ps->target = &s->prose;
	return 0;
}

static int dir_try(pstate *ps, lesson_step *s, const char *key,
                   const char *val)
{
	if (s->try_cmd)
		return perr(ps, key, "a second try: in one step");
	if (!known_line(ps, val))
		return perr(ps, val, "try: needs a command");
	s->try_cmd = xstrdup(val);
	return 0;
}

/* ask: and predict: */
static int dir_ask(pstate *ps, lesson_step *s, const char *key,
                   const char *val)
{
	if (s->ask.n)
		return perr(ps, key, "a second ask: or predict: in one step");
	s->predict = key[0] == 'p';
	if (!val[0])
		return perr(ps, key, "ask: needs the question on its line");
	text_add(&s->ask, val, ps->lineno);
	ps->target = &s->ask;
	return 0;
}

static int dir_reveals(pstate *ps, lesson_step *s, const char *key,
                       const char *val)
{
	(void)key;
	if (known_line(ps, val) != 1)
		return perr(ps, val, "reveals: names a command line");
	s->reveals = xrealloc(s->reveals, (s->nreveals + 1) *
	                      sizeof *s->reveals, "lesson reveals");
	s->reveals[s->nreveals++] = xstrdup(val);
	return 0;
}

static int dir_refuses(pstate *ps, lesson_step *s, const char *key,
                       const char *val)
{
	const char *w = val;

	if (s->refuses || !val[0])
		return perr(ps, key, "refuses: once, with command words on "
		            "its line");
	while (*w) {
		size_t k = strcspn(w, " ");
		char word[32];
		snprintf(word, sizeof word, "%.*s", (int)(k < sizeof word ?
		         k : sizeof word - 1), w);
		if (k >= sizeof word || known_line(ps, word) != 1)
			return perr(ps, word, "refuses: names command words");
		w += k;
		w += strspn(w, " ");
	}
	s->refuses = xstrdup(val);
	return 0;
}

static int dir_value(pstate *ps, lesson_step *s, const char *key,
                     const char *val)
{
	if (s->value.check || !val[0])
		return perr(ps, key, "value: once, with the answer's operand "
		            "on its line");
	return parse_cond(ps, &s->value, val, 0);
}

static int dir_choices(pstate *ps, lesson_step *s, const char *key,
                       const char *val)
{
	char *end;
	long n = strtol(val, &end, 10);
	int words = 0;
	const char *w;

	(void)key;
	if (s->choices || (*end && !isspace((unsigned char)*end)) || n < 2 ||
	    n > 9)
		return perr(ps, val, "choices: N, from 2 to 9, once, then a "
		            "word for each choice if any");
	s->choices = (int)n;
	for (w = end + strspn(end, " "); *w; w += strspn(w, " ")) {
		size_t k = strcspn(w, " "), i;
		char word[32];
		for (i = 0; i < k && isalpha((unsigned char)w[i]); i++)
			;
		snprintf(word, sizeof word, "%.*s", (int)k, w);
		if (i < k || k >= sizeof word)
			return perr(ps, word, "a choice's word is letters only");
		if (word_place(end + strspn(end, " "), word) != ++words)
			return perr(ps, word, "the choices' words differ");
		w += k;
	}
	if (words && words != n)
		return perr(ps, val, "choices: N takes N words, one a choice, "
		            "or none");
	if (words)
		s->choice_words = xstrdup(end + strspn(end, " "));
	return 0;
}

static int dir_tries(pstate *ps, lesson_step *s, const char *key,
                     const char *val)
{
	char *w;
	long n = strtol(val, &w, 10);

	(void)key;
	if (s->tries || !isdigit((unsigned char)val[0]) || n < 1 ||
	    n > LESSON_TRIES_MAX || (*w && !isspace((unsigned char)*w)))
		return perr(ps, val, "tries: N, from 1 to 9, once, then the "
		            "closed set's words if any (the answers the step "
		            "takes before it is explained)");
	s->tries = (int)n;
	s->one_try = n == 1;
	while (isspace((unsigned char)*w))
		w++;
	if (*w)
		s->options = xstrdup(w);
	return 0;
}

/* Whether text is a typo rather than an answer, with the word that
 * makes it one in tok: a word no expression (banana, or the cff of a
 * mistyped "cff 8/13") where the step's own answer has none; where the
 * step's answer is one word (WARN), a word followed by more, which is a
 * command line and no word answer. */
int lesson_step_stray_word(const lesson_step *s, const char *text,
                           char *tok, size_t n)
{
	const char *sol = lesson_step_answer(s);
	char own[64];
	size_t k;

	if (!sol)
		return 0;
	if (!lesson_check_answer_word(sol, own, sizeof own))
		return lesson_check_answer_word(text, tok, n);
	k = strcspn(text, " \t");
	if (strpbrk(sol, " \t,;") || !text[k] || strpbrk(text, ",;") ||
	    !isalpha((unsigned char)*text))
		return 0;
	snprintf(tok, n, "%.*s", (int)k, text);
	return 1;
}

int lesson_step_tries(const lesson_step *s)
{
	if (s->choices)
		return 1;
	if (s->tries)
		return s->tries;
	/* every question: worked out, read back from a try: line or about
	 * a design of the learner's own alike */
	return s->predict || s->ask.n ? LESSON_PREDICT_TRIES : 0;
}

static int dir_explain(pstate *ps, lesson_step *s, const char *key,
                       const char *val)
{
	if (s->explain.n || !val[0])
		return perr(ps, key, "explain: once, with text on its line");
	text_add(&s->explain, val, ps->lineno);
	ps->target = &s->explain;
	return 0;
}

static int dir_face(pstate *ps, lesson_step *s, const char *key,
                    const char *val)
{
	(void)key;
	if (strcmp(val, "dash") || s->dash)
		return perr(ps, val, "face: dash (once): the step is done in "
		            "the dashboard");
	s->dash = 1;
	return 0;
}

static int dir_focus(pstate *ps, lesson_step *s, const char *key,
                     const char *val)
{
	(void)key;
	if (s->focus || !val[0] || strchr(val, ' '))
		return perr(ps, val, "focus: names one panel, once");
	if (!lesson_focus_known(val))
		return perr(ps, val, "focus: names no panel (cf, naf, "
		            "shifts, spectrum, score, sweep, verify)");
	s->focus = xstrdup(val);
	return 0;
}

static int dir_hint(pstate *ps, lesson_step *s, const char *key,
                    const char *val)
{
	if (!val[0])
		return perr(ps, key, "hint: needs text on its line");
	s->hints = xrealloc(s->hints, (s->nhints + 1) * sizeof *s->hints,
	                    "lesson hints");
	memset(&s->hints[s->nhints], 0, sizeof *s->hints);
	text_add(&s->hints[s->nhints], val, ps->lineno);
	ps->target = &s->hints[s->nhints++];
	return 0;
}

static int dir_solution(pstate *ps, lesson_step *s, const char *key,
                        const char *val)
{
	if (!val[0])
		return perr(ps, key, "empty solution:");
	if (strncmp(val, "answer ", 7) && !known_line(ps, val))
		return perr(ps, val, "a solution line is a command or "
		            "answer X");
	s->solution = xrealloc(s->solution,
	                       (s->nsolution + 1) * sizeof *s->solution,
	                       "lesson solution");
	s->solution_line = xrealloc(s->solution_line, (s->nsolution + 1) *
	                            sizeof *s->solution_line, "lesson solution lines");
	s->solution_line[s->nsolution] = ps->lineno;
	s->solution[s->nsolution++] = xstrdup(val);
	return 0;
}

/* check: and claim: are parsed when complete (flush_held): indented
 * lines below may continue them. */
static int dir_held(pstate *ps, lesson_step *s, const char *key,
                    const char *val)
{
	(void)s;
	ps->held = xstrdup(val);
	ps->held_claim = key[1] == 'l';
	ps->held_line = ps->lineno;
	return 0;
}

typedef int (*dir_fn)(pstate *, lesson_step *, const char *, const char *);

static const struct {
	const char *key;
	dir_fn fn;
	int in_step;              /* belongs to a step (step: first) */
} directives[] = {
	{ "title", dir_title, 0 }, { "facts", dir_facts, 0 },
	{ "step", dir_step, 0 }, { "try", dir_try, 1 }, { "ask", dir_ask, 1 },
	{ "predict", dir_ask, 1 }, { "reveals", dir_reveals, 1 },
	{ "refuses", dir_refuses, 1 }, { "value", dir_value, 1 },
	{ "choices", dir_choices, 1 }, { "tries", dir_tries, 1 },
	{ "explain", dir_explain, 1 }, { "face", dir_face, 1 },
	{ "focus", dir_focus, 1 }, { "hint", dir_hint, 1 },
	{ "solution", dir_solution, 1 }, { "check", dir_held, 1 },
	{ "claim", dir_held, 1 }
};

static int directive(pstate *ps, const char *key, const char *val)
{
	lesson_step *s = cur(ps);
	lesson_cond *after = ps->last_check;
	size_t i;

	ps->target = NULL;
	ps->last_check = NULL;
	if (!strcmp(key, "else"))
		return dir_else(ps, after, key, val);
	for (i = 0; i < sizeof directives / sizeof *directives &&
	     strcmp(key, directives[i].key); i++)
		;
	if (i < sizeof directives / sizeof *directives && !directives[i].in_step)
		return directives[i].fn(ps, s, key, val);
	if (!s)
		return perr(ps, key, "this belongs to a step (step: first)");
	if (i < sizeof directives / sizeof *directives)
		return directives[i].fn(ps, s, key, val);
	return perr(ps, key, "unknown directive (title, facts, step, try, ask, "
	            "predict, reveals, refuses, choices, tries, value, check, else, "
	            "hint, "
	            "solution, "
	            "explain, claim, focus, face)");
}

/* Parse a held check: or claim: now that all its lines are in. */
static int flush_held(pstate *ps)
{
	lesson_step *s = cur(ps);
	char *val = ps->held;
	int at = ps->lineno, rc;

	if (!val)
		return 0;
	ps->held = NULL;
	ps->lineno = ps->held_line;
	if (!ps->held_claim) {
		s->checks = xrealloc(s->checks, (s->nchecks + 1) * sizeof *s->checks,
		                     "lesson checks");
		memset(&s->checks[s->nchecks], 0, sizeof *s->checks);
		rc = parse_cond(ps, &s->checks[s->nchecks++], val, 0);
		ps->last_check = &s->checks[s->nchecks - 1];
	} else {
		rc = parse_claim(ps, s, val);
	}
	free(val);
	if (rc == 0)
		ps->lineno = at;
	return rc;
}

static int parse_line(pstate *ps, char *line)
{
	size_t len = strlen(line), k;

	while (len && (line[len - 1] == ' ' || line[len - 1] == '\r'))
		line[--len] = '\0';
	if (strchr(line, '\t'))
		return perr(ps, NULL, "tab in a lesson file (indent with spaces)");
	if (ps->held && line[0] == ' ' && line[1] == ' ' && line[2] != ' ') {
		char *j = xasprintf("%s %s", ps->held, line + 2);
		free(ps->held);
		ps->held = j;
		return 0;
	}
	if (flush_held(ps) < 0)
		return -1;
	if (!len) {
		if (ps->target && ps->target->n)
			text_add(ps->target, "", ps->lineno);
		return 0;
	}
	if (line[0] == '#')
		return 0;
	if (line[0] == ' ') {
		if (line[1] != ' ')
			return perr(ps, NULL, "text is indented by two spaces");
		if (!ps->target)
			return perr(ps, NULL, "indented text here continues nothing "
			            "(prose follows step:, hint: or ask:)");
		text_add(ps->target, line + 2, ps->lineno);
		return 0;
	}
	for (k = 0; islower((unsigned char)line[k]); k++)
		;
	if (k == 0 || line[k] != ':' || (line[k + 1] && line[k + 1] != ' ')) {
		/* the line's start by the rule of a bad line (cfx_err_word):
		 * learn --check vets files from others, and one named by
		 * mistake may be /etc/shadow ("root:$6$...") */
		return cfx_err_set_word(ps->err, CFX_ESYNTAX, line,
		                        (int)strcspn(line, " "), "expected "
		                        "a directive (word: ...), a comment (#) or "
		                        "text indented by two spaces");
	}
	line[k] = '\0';
	return directive(ps, line, line + k + 1 + (line[k + 1] == ' '));
}

int lesson_parse(lesson *l, const char *text, const lesson_names *names,
                 int *line, cfx_err *err)
{
	pstate ps = { l, names, NULL, 0, err, NULL, 0, 0, NULL };
	const char *p = text;

	memset(l, 0, sizeof *l);
	cfx_err_clear(err);
	*line = 0;
	while (*p) {
		size_t n = strcspn(p, "\n");
		char *s = xstrndup(p, n);
		int rc;

		ps.lineno++;
		rc = parse_line(&ps, s);
		free(s);
		if (rc < 0) {
			*line = ps.lineno;
			free(ps.held);
			return -1;
		}
		p += n + (p[n] == '\n');
	}
	text_trim(&l->intro);
	if (flush_held(&ps) < 0 || finish_step(&ps) < 0) {
		free(ps.held);
		*line = ps.lineno;
		return -1;
	}
	if (!l->title || !l->nsteps) {
		*line = ps.lineno ? ps.lineno : 1;
		return perr(&ps, NULL, !l->title ? "no title:" : "no step:");
	}
	return 0;
}

/* ---- lint ------------------------------------------------------------ */

typedef struct problems {
	lesson_problem *p;
	size_t n;
} problems;

static void problem(problems *ps, int line, const char *fmt, const char *arg)
{
	ps->p = xrealloc(ps->p, (ps->n + 1) * sizeof *ps->p, "lesson paragraphs");
	ps->p[ps->n].line = line;
	ps->p[ps->n].teaching = 0;
	snprintf(ps->p[ps->n].msg, sizeof ps->p[ps->n].msg, fmt, arg);
	ps->n++;
}

/* The next number in s from *pos: a run of digits (with a point, or hex
 * or binary digits after 0x/0b) not glued to a word before it ("a_4",
 * "x12" are names).  Copies it to tok; 0 at the end. */
/* A problem of teaching (lesson_problem.teaching). */
static void teach(problems *ps, int line, const char *fmt, const char *arg)
{
	problem(ps, line, fmt, arg);
	ps->p[ps->n - 1].teaching = 1;
}

static int next_number(const char *s, size_t *pos, char *tok, size_t n)
{
	size_t i = *pos, k;

	for (; s[i]; i++) {
		if (!isdigit((unsigned char)s[i]))
			continue;
		if (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_' ||
		              s[i - 1] == '.')) {
			while (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '_')
				i++;
			continue;
		}
		k = i;
		if (s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X' ||
		                    s[i + 1] == 'b' || s[i + 1] == 'B') &&
		    isxdigit((unsigned char)s[i + 2]))
			for (k = i + 2; isxdigit((unsigned char)s[k]) || s[k] == '_'; k++)
				;
		else
			for (; isdigit((unsigned char)s[k]) || s[k] == '_' ||
			       (s[k] == '.' && isdigit((unsigned char)s[k + 1])); k++)
				;
		snprintf(tok, n, "%.*s", (int)(k - i), s + i);
		*pos = k;
		return 1;
	}
	*pos = i;
	return 0;
}

/* The value of a number token, into q; 0 if it has none. */
static int token_value(const char *tok, mpq_t q)
{
	cfx_err e;
	mpz_t z;
	int ok;

	if (strchr(tok, '.')) {
		/* a decimal, exactly; the text may group digits with _ */
		char plain[strlen(tok) + 1], *d = plain;
		const char *p;
		for (p = tok; *p; p++)
			if (*p != '_')
				*d++ = *p;
		*d = '\0';
		return lesson_check_decimal(plain, q);
	}
	mpz_init(z);
	ok = expr_eval_text_int(tok, z, &e) == 0;
	if (ok)
		mpq_set_z(q, z);
	mpz_clear(z);
	return ok;
}

typedef struct numset {
	mpq_t *v;
	size_t n;
} numset;

static void numset_add_text(numset *ns, const char *s)
{
	char tok[128];
	size_t pos = 0;

	while (next_number(s, &pos, tok, sizeof tok)) {
		ns->v = xrealloc(ns->v, (ns->n + 1) * sizeof *ns->v,
		                 "number set");
		mpq_init(ns->v[ns->n]);
		if (token_value(tok, ns->v[ns->n]))
			ns->n++;
		else
			mpq_clear(ns->v[ns->n]);
	}
}

static int numset_has(const numset *ns, const mpq_t q)
{
	size_t i;

	for (i = 0; i < ns->n; i++)
		if (mpq_equal(ns->v[i], q))
			return 1;
	return 0;
}

/* Every number a learner reads must be one the lesson's claims, commands,
 * checks, solutions or facts also hold. */
static void lint_text_numbers(problems *pr, const numset *ns, const char *s,
                              int line)
{
	char tok[128];
	size_t pos = 0;
	mpq_t q;

	mpq_init(q);
	while (next_number(s, &pos, tok, sizeof tok)) {
		if (!token_value(tok, q))
			continue;
		if (mpz_cmp_ui(mpq_denref(q), 1) == 0 &&
		    mpz_cmp_ui(mpq_numref(q), LESSON_FREE_MAX) <= 0)
			continue;
		if (!numset_has(ns, q))
			problem(pr, line, "number %s in the text is backed by no "
			        "claim, command, check, solution or fact", tok);
	}
	mpq_clear(q);
}

static void lint_text(problems *pr, const numset *ns, const lesson_text *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		lint_text_numbers(pr, ns, t->line[i], t->lineno[i]);
}

static void backing(numset *ns, const lesson *l)
{
	size_t i, j;

	for (i = 0; i < l->nfacts; i++)
		numset_add_text(ns, l->facts[i]);
	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		if (s->try_cmd)
			numset_add_text(ns, s->try_cmd);
		for (j = 0; j < s->nchecks; j++)
			numset_add_text(ns, s->checks[j].src);
		for (j = 0; j < s->nsolution; j++)
			numset_add_text(ns, s->solution[j]);
		for (j = 0; j < s->nclaims; j++) {
			numset_add_text(ns, s->claims[j].command);
			numset_add_text(ns, s->claims[j].cond.src);
		}
	}
}

/* Whether hint h says "try CMD" (or "try: CMD") where step s refuses
 * CMD's word until it is answered: advice the learner cannot follow. */
static int hint_tries_refused(const lesson_step *s, const lesson_text *h)
{
	struct buf t = { 0 };
	const char *p;
	size_t i;
	int found = 0;

	/* the hint's lines joined: "try" at the end of one line and the
	 * command at the start of the next are one phrase */
	for (i = 0; i < h->n; i++) {
		buf_puts(&t, h->line[i]);
		buf_putc(&t, ' ');
	}
	p = buf_str(&t);
	while (!found && (p = strcasestr(p, "try")) != NULL) {
		int word_start = p == buf_str(&t) || !isalnum((unsigned char)p[-1]);
		char w[64];
		size_t n;
		p += 3;
		if (!word_start)
			continue;
		if (*p == ':')
			p++;
		if (*p != ' ')
			continue;
		p += strspn(p, " ");
		n = strcspn(p, " ,.;:)");
		if (!n || n >= sizeof w)
			continue;
		snprintf(w, sizeof w, "%.*s", (int)n, p);
		found = lesson_step_refuses(s, w);
	}
	buf_free(&t);
	return found;
}

/* Whether a check accepts more than one value of the answer: it compares
 * the answer with ~, <, <=, > or >= (a range, a rounding). */
static int accepts_range(const lesson_step *s)
{
	static const char *const ops[] = { " ~ ", " < ", " <= ", " > ", " >= " };
	size_t i, k;

	for (i = 0; i < s->nchecks; i++) {
		const char *src = s->checks[i].src, *p;
		for (p = src; (p = strstr(p, "answer")) != NULL; p += 6) {
			if (p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
			                p[-1] == '.'))
				continue;
			for (k = 0; k < sizeof ops / sizeof *ops; k++)
				if (!strncmp(p + 6, ops[k], strlen(ops[k])))
					return 1;
		}
	}
	return 0;
}

/* An integer answer in its other base, which gives it away as well: 0x3c
 * as 60, 743592 as 0xb58a8; "" for anything else (a word, a fraction) and
 * for an other form of one character (0x5 as 5: many texts hold a digit
 * by chance). */
static void other_base(const char *a, char *out, size_t size)
{
	mpz_t v;
	int hex = a[0] == '0' && (a[1] == 'x' || a[1] == 'X');
	const char *d = hex ? a + 2 : a;

	*out = '\0';
	if (!*d || strspn(d, hex ? "0123456789abcdefABCDEF" : "0123456789") !=
	    strlen(d) || strlen(a) > 40)
		return;
	mpz_init_set_str(v, d, hex ? 16 : 10);
	if (hex)
		gmp_snprintf(out, size, "%Zd", v);
	else
		gmp_snprintf(out, size, "0x%Zx", v);
	if (strlen(out) < 2)
		*out = '\0';
	mpz_clear(v);
}

/* Whether a check of s reads the number of the answer's items: a list
 * of the wrong length is then refused as a form error (learn.c). */
static int checks_items(const lesson_step *s)
{
	size_t j;

	for (j = 0; j < s->nchecks; j++)
		if (s->checks[j].src && strstr(s->checks[j].src, "items(answer)"))
			return 1;
	return 0;
}

size_t lesson_lint(const lesson *l, const char *src, const char *facts_text,
                   lesson_problem **out)
{
	problems pr = { NULL, 0 };
	numset ns = { NULL, 0 };
	const char *p = src;
	int lineno = 0;
	size_t i, j;

	for (; src && *p; lineno++) {
		size_t n = strcspn(p, "\n");
		if (text_width(p, n) > LESSON_WIDTH) {
			char w[16];
			snprintf(w, sizeof w, "%zu", text_width(p, n));
			problem(&pr, lineno + 1, "line is %s columns wide (at most 80)",
			        w);
		}
		p += n + (p[n] == '\n');
	}
	backing(&ns, l);
	lint_text_numbers(&pr, &ns, l->title, l->title_line);
	lint_text(&pr, &ns, &l->intro);
	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		lint_text_numbers(&pr, &ns, s->title, s->line);
		lint_text(&pr, &ns, &s->prose);
		lint_text(&pr, &ns, &s->ask);
		for (j = 0; j < s->nhints; j++)
			lint_text(&pr, &ns, &s->hints[j]);
		lint_text(&pr, &ns, &s->explain);
	}
	for (i = 0; i < l->nsteps; i++) {
		const lesson_step *s = &l->steps[i];
		const char *a = lesson_step_answer(s);
		struct buf t = { 0 };
		char other[80];
		if (s->predict && !s->nreveals)
			teach(&pr, s->line, "a prediction is never revealed (add "
			      "reveals: COMMAND) (%s)", s->title);
		if (s->predict && !s->value.check && accepts_range(s))
			teach(&pr, s->line, "a prediction that accepts a range or a "
			      "rounding says its exact answer (value: OPERAND) (%s)",
			      s->title);
		for (j = 0; s->nreveals && j < s->nhints; j++)
			if (hint_tries_refused(s, &s->hints[j]))
				teach(&pr, s->hints[j].lineno[0], "a hint says to try a "
				      "command the step refuses until it is answered (%s)",
				      s->title);
		if (!a)
			continue;
		if (strpbrk(a, ",;") && !checks_items(s))
			teach(&pr, s->line, "a step that asks for several items says "
			      "how many it takes (a check of items(answer)) (%s)",
			      s->title);
		other_base(a, other, sizeof other);
		if (lesson_words_in(s->title, a) ||
		    (*other && lesson_words_in(s->title, other)))
			teach(&pr, s->line, "the title gives the answer away (%s)", a);
		for (j = 0; j < s->nhints; j++) {
			size_t k;
			buf_clear(&t);
			for (k = 0; k < s->hints[j].n; k++) {
				buf_puts(&t, s->hints[j].line[k]);
				buf_putc(&t, ' ');
			}
			if (lesson_words_in(buf_str(&t), a) ||
			    (*other && lesson_words_in(buf_str(&t), other)))
				teach(&pr, s->hints[j].lineno[0], "a hint gives the answer "
				      "away (%s)", a);
		}
		buf_free(&t);
	}
	for (i = 0; facts_text && i < l->nfacts; i++)
		if (!strstr(facts_text, l->facts[i]))
			problem(&pr, l->facts_line, "fact %s is not in the facts file",
			        l->facts[i]);
	for (i = 0; i < ns.n; i++)
		mpq_clear(ns.v[i]);
	free(ns.v);
	*out = pr.p;
	return pr.n;
}
