/* cli_word.c - the word sizes n the faces take (see cli_word.h). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include <gmp.h>

#include "cfx/expr.h"
#include "cfx/search.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/cli_word.h"

/*
 * The one table.  cf, naf and shifts are exact on any word; what hashes
 * machine words (score, sweep, spectrum's points, bench, shifts' C and
 * its exact search, the dashboard's panels) takes 1..64; verify judges
 * from 8 bits (fewer keys than it needs below); search's sums are 128-bit
 * integers.  A session's word (set bits) goes to whichever command runs
 * next, so it takes the words every command takes (the row "set", made
 * from the others: no number of its own) and refuses any other when set,
 * naming the commands that take it by their own --bits (set bits 200
 * took, warned, and score p failed later: issue 26).
 * --help (cli_word_help_range, cli_word_table_text) and the man page
 * (tests/repl/word_table.sh holds it to this table) say the same.
 */
static const cli_word_range ranges[] = {
	{ "cf", "cf", 0, 1, WORD_MAX_BITS },
	{ "naf", "naf", 0, 1, WORD_MAX_BITS },
	{ "shifts", "shifts", 0, 1, WORD_MAX_BITS },
	{ "shifts --emit", "shifts --emit", 0, 1, WORD_MAX_HASH },
	{ "shifts --optimal", "shifts --optimal", 0, 1, WORD_MAX_HASH },
	{ "spectrum", "spectrum", 0, 1, WORD_MAX_HASH },
	{ "score", "score", 0, 1, WORD_MAX_HASH },
	{ "sweep", "sweep", 0, 1, WORD_MAX_HASH },
	{ "bench", "bench", 0, 1, WORD_MAX_HASH },
	{ "verify", "verify", 0, VERIFY_MIN_BITS, WORD_MAX_HASH },
	{ "search", "search", 0, 1, SEARCH_MAX_BITS },
	{ "dash", "the dashboard", 0, 1, WORD_MAX_HASH },
};
#define NRANGES (sizeof ranges / sizeof *ranges)

/* set bits' row: the words every command's row takes, from the largest
 * lo to the smallest hi (the dashboard's set is its own row) */
static const cli_word_range *set_row(void)
{
	static __thread cli_word_range set = { "set", "every command", 0, 0,
	                                       0 };
	size_t i;

	set.lo = ranges[0].lo;
	set.hi = ranges[0].hi;
	for (i = 1; i < NRANGES; i++) {
		if (!strcmp(ranges[i].who, "dash"))
			continue;
		if (ranges[i].lo > set.lo)
			set.lo = ranges[i].lo;
		if (ranges[i].hi < set.hi)
			set.hi = ranges[i].hi;
	}
	return &set;
}

const cli_word_range *cli_word_range_of(const char *who)
{
	size_t i;

	if (!strcmp(who, "set"))
		return set_row();
	for (i = 0; i < NRANGES; i++)
		if (!strcmp(ranges[i].who, who))
			return &ranges[i];
	return NULL;
}

const cli_word_range *cli_word_range_cmd(const char *cmd, int emit,
                                         int optimal)
{
	char who[48];
	const cli_word_range *r;

	snprintf(who, sizeof who, "%s --emit", cmd);
	if (emit && (r = cli_word_range_of(who)))
		return r;
	snprintf(who, sizeof who, "%s --optimal", cmd);
	if (optimal && (r = cli_word_range_of(who)))
		return r;
	return cli_word_range_of(cmd);
}

/* Append to buf (size, at len) the rows that keep(row, n, who) takes, in
 * the table's order, neighbours of one range named together: "cf, naf
 * and shifts 1..65536; verify 8..64" (verb: "verify takes 8..64").  The
 * new length. */
static size_t rows_text(char *buf, size_t size, size_t len,
                        int (*keep)(const cli_word_range *, unsigned long,
                                    const char *),
                        unsigned long n, const char *who, int verb)
{
	size_t i, j, k;
	int first = 1;

	for (i = 0; i < NRANGES; i = j) {
		if (!keep(&ranges[i], n, who)) {
			j = i + 1;
			continue;
		}
		for (j = i + 1; j < NRANGES && keep(&ranges[j], n, who) &&
		     ranges[j].lo == ranges[i].lo &&
		     ranges[j].hi == ranges[i].hi; j++)
			;
		for (k = i; k < j && len < size; k++)
			len += (size_t)snprintf(buf + len, size - len,
			    "%s%s", k > i ? (k + 1 < j ? ", " : " and ")
			    : first ? "" : "; ", ranges[k].says);
		if (len < size)
			len += (size_t)snprintf(buf + len, size - len,
			    "%s %lu..%lu", !verb ? "" : j - i > 1 ? " take"
			    : " takes", ranges[i].lo, ranges[i].hi);
		first = 0;
	}
	return len < size ? len : size - 1;
}

static int keep_all(const cli_word_range *r, unsigned long n,
                    const char *who)
{
	(void)n, (void)who;
	return r != NULL;
}

const char *cli_word_table_text(char *buf, size_t size)
{
	buf[0] = '\0';
	rows_text(buf, size, 0, keep_all, 0, NULL, 0);
	return buf;
}

/* A row that narrows who's ("shifts --emit" of "shifts") */
static int keep_narrowed(const cli_word_range *r, unsigned long n,
                         const char *who)
{
	size_t k = strlen(who);

	(void)n;
	return !strncmp(r->who, who, k) && r->who[k] == ' ';
}

const char *cli_word_help_range(const char *who, char *buf, size_t size)
{
	const cli_word_range *r = cli_word_range_of(who);
	size_t len;

	buf[0] = '\0';
	if (!r)
		return buf;
	len = (size_t)snprintf(buf, size, "%lu..%lu", r->lo, r->hi);
	if (len + 2 < size && rows_text(buf + len + 2, size - len - 2, 0,
	                                keep_narrowed, 0, who, 0) > 0)
		memcpy(buf + len, ", ", 2);
	return buf;
}

/* "; cf, naf and shifts take it by their own --bits" (a word past the
 * session's, or the dashboard's: there ':' commands, ":cf, :naf and
 * :shifts"): the commands (not their narrowed forms, not the dashboard)
 * whose words hold n, or "".  When more take it than not, the others
 * are named instead: "; all but verify take it by their own --bits". */
static const char *takers(unsigned long n, const char *colon)
{
	static __thread char buf[200];
	const cli_word_range *t[NRANGES];
	const cli_word_range *o[NRANGES];
	size_t i, k = 0, m = 0, len;

	for (i = 0; i < NRANGES; i++) {
		if (strchr(ranges[i].who, ' ') ||
		    !strcmp(ranges[i].who, "dash"))
			continue;
		if (n >= ranges[i].lo && n <= ranges[i].hi)
			t[k++] = &ranges[i];
		else
			o[m++] = &ranges[i];
	}
	if (k == 0)
		return "";
	len = (size_t)snprintf(buf, sizeof buf, "; %s", m && m < k ?
	                       "all but " : "");
	for (i = 0; i < (m && m < k ? m : k) && len < sizeof buf; i++)
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s%s",
		                        i == 0 ? "" : i + 1 < (m && m < k ? m : k)
		                        ? ", " : " and ", colon,
		                        (m && m < k ? o : t)[i]->says);
	if (len < sizeof buf)
		snprintf(buf + len, sizeof buf - len, " take%s it by %s own --bits",
		         k == 1 ? "s" : "", k == 1 ? "its" : "their");
	return buf;
}

int cli_word_check(const cli_word_range *r, unsigned long n, const char *how,
                   const char *text, cfx_err *e)
{
	char num[24];

	if (n >= r->lo && n <= r->hi)
		return 0;
	if (!text) {
		snprintf(num, sizeof num, "%lu", n);
		text = num;
	}
	/* the message names the value: no token after it; a session's word
	 * that some commands take is said to be theirs (set bits 200: cf's
	 * own --bits 200, not the session's) */
	cfx_err_set(e, CFX_EDOMAIN, -1, NULL, "%s %.64s: %s %s %lu..%lu%s%s",
	            how, text, r->says, r->plural ? "take" : "takes", r->lo,
	            r->hi, !strncmp(how, "set ", 4) ? ", or auto" : "",
	            !strcmp(r->who, "set") ? takers(n, "")
	            : !strcmp(r->who, "dash") && !strncmp(how, "set ", 4)
	            ? takers(n, ":") : "");
	return -1;
}

int cli_word_parse(const cli_word_range *r, const char *how, const char *text,
                   unsigned long *n, cfx_err *e)
{
	mpz_t z;
	int rc;

	mpz_init(z);
	if (expr_eval_text_int(text, z, e) < 0) {
		mpz_clear(z);
		if (e->code == CFX_EINTR)   /* Ctrl-C: "interrupted", as it is */
			return -1;
		return cfx_err_set(e, e->code, -1, text, "%s needs an integer",
		                   how);
	}
	/* a value past any word is past r's too: said as written */
	*n = mpz_sgn(z) < 0 ? 0 : mpz_fits_ulong_p(z) ? mpz_get_ui(z)
	     : (unsigned long)-1;
	rc = cli_word_check(r, *n, how, text, e);
	mpz_clear(z);
	return rc;
}

/* ---- the session's word ------------------------------------------------ */

static cli_word_from from_of(unsigned long n)
{
	return n ? CLI_WORD_ASKED : CLI_WORD_AUTO;
}

unsigned long cli_word_for(const cli_word *w, int own_expr)
{
	return own_expr && w->from == CLI_WORD_FOLLOWED ? w->set : w->n;
}

void cli_word_ask(cli_word *w, unsigned long n)
{
	w->n = w->set = n;
	w->from = from_of(n);
}

void cli_word_follow(cli_word *w, unsigned long n)
{
	w->n = n;
	w->from = CLI_WORD_FOLLOWED;
}

void cli_word_take(cli_word *w, unsigned long n)
{
	w->n = n;
	w->from = from_of(n);
}

void cli_word_keep(cli_word *w, unsigned long n)
{
	w->n = n;
	if (w->from != CLI_WORD_FOLLOWED)
		w->from = from_of(n);
}

void cli_word_unfollow(cli_word *w)
{
	if (w->from == CLI_WORD_FOLLOWED)
		cli_word_take(w, w->set);
}

int cli_word_same(const cli_word *a, const cli_word *b)
{
	return a->n == b->n && a->from == b->from && a->set == b->set;
}

unsigned long cli_word_n(const cli_word *w)
{
	return w->n;
}

cli_word_from cli_word_source(const cli_word *w)
{
	return w->from;
}

unsigned long cli_word_asked(const cli_word *w)
{
	return w->set;
}

void cli_word_face(cli_word *w, const char *who)
{
	assert(cli_word_range_of(who));
	w->who = who;
}

const cli_word_range *cli_word_range_set(const cli_word *w)
{
	return cli_word_range_of(w->who ? w->who : "set");
}
