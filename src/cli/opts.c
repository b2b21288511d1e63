/* opts.c - the one option parser of every face (see opts.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cfx/expr.h"
#include "cli/opts.h"

/* Optimal string alignment distance, for suggestions. */
static int distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b), i, j;
	int d[32][32];

	if (la > 30 || lb > 30)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			int c = a[i - 1] != b[j - 1], v = d[i - 1][j - 1] + c;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

const char *opts_nearest(const char *name, const char *const *names)
{
	const char *best = NULL;
	int bd = 3;

	for (; *names; names++) {
		/* a short word is near only at one edit: ans is not naf */
		int x = distance(name, *names), most = strlen(name) <= 4 ? 1 : 2;

		if (x > most)
			x = 99;
		if (!strncmp(*names, name, strlen(name)) && strlen(name) >= 2)
			x = 1;
		if (x < bd) {
			bd = x;
			best = *names;
		}
	}
	return best;
}

int opts_print_error(const char *face, const cfx_err *e)
{
	char head[48] = "";

	if (face)
		snprintf(head, sizeof head, "%s: ", face);
	if (e->token[0])
		fprintf(stderr, "cfx: %s%s (%s)\n", head, e->msg, e->token);
	else
		fprintf(stderr, "cfx: %s%s\n", head, e->msg);
	return -1;
}

static void option_name(char *buf, size_t size, const setting *o)
{
	if (o->option)
		snprintf(buf, size, "--%s", o->option);
	else
		snprintf(buf, size, "-%c", o->key);
}

void opts_range_msg(char *buf, size_t size, const setting *o,
                    unsigned long long lo, unsigned long long hi)
{
	char name[40];

	option_name(name, sizeof name, o);
	snprintf(buf, size, "%s must be between %llu and %llu", name, lo, hi);
}

int opts_number(const setting *o, const char *s, unsigned long long lo,
                unsigned long long hi, unsigned long long *out, cfx_err *e)
{
	int rc = setting_int(o, s, lo, hi, out, e);
	char msg[96];

	if (rc == -1 && e->code == CFX_EINTR) {
		;   /* Ctrl-C while the value was evaluated: said as such */
	} else if (rc == -1) {
		option_name(msg, sizeof msg, o);
		cfx_err_set(e, e->code, -1, s, "%s needs an integer", msg);
	} else if (rc == -2) {
		opts_range_msg(msg, sizeof msg, o, lo, hi);
		cfx_err_set(e, CFX_EDOMAIN, -1, s, "%s", msg);
	}
	return rc < 0 ? -1 : 0;
}

/* ---- the parser --------------------------------------------------------- */

static int usage(cfx_err *e, int arg, const char *token, const char *fmt,
                 const char *word)
{
	cfx_err_set(e, CFX_EUSAGE, -1, token, fmt, word);
	e->arg = arg;
	return -1;
}

/* A word that is a number, not an option (the rule of opts.h). */
static int negative(const opts_face *f, const char *w)
{
	char name[64];
	size_t n;

	if (w[0] != '-')
		return 0;
	if (isdigit((unsigned char)w[1]) || w[1] == '(' || w[1] == '.')
		return 1;
	n = strspn(w + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	           "0123456789_");
	if (n < 2)
		return 0;
	if (expr_builtin(w + 1, n))
		return 1;
	if (!f->known || n >= sizeof name)
		return 0;
	memcpy(name, w + 1, n);
	name[n] = '\0';
	return f->known(f->ctx, name) != NULL;
}

const opts_global opts_globals[] = {
	{ "color", OPTS_COLOR, 1 },
	{ "progress", OPTS_PROGRESS, 0 },
	{ "no-progress", OPTS_NO_PROGRESS, 0 },
	{ NULL, 0, 0 }
};
#define NGLOBALS (sizeof opts_globals / sizeof *opts_globals - 1)

/* "unknown option (--bist); did you mean --bits?" */
static int unknown_long(const opts_face *f, int arg, const char *word,
                        cfx_err *e)
{
	const char *names[f->nrows + 2 + NGLOBALS];
	char name[64];
	const char *near;
	int i, n = 0;

	for (i = 0; i < f->nrows; i++)
		if (f->rows[i].s->option)
			names[n++] = f->rows[i].s->option;
	if (!f->no_help)
		names[n++] = "help";
	for (i = 0; f->globals && opts_globals[i].name; i++)
		names[n++] = opts_globals[i].name;
	names[n] = NULL;
	snprintf(name, sizeof name, "%.*s", (int)strcspn(word + 2, "="),
	         word + 2);
	usage(e, arg, word, "%s", "unknown option");
	if ((near = opts_nearest(name, names))) {
		/* the word as tokens are shown: escaped, cut */
		snprintf(e->msg, sizeof e->msg, "unknown option (%s); did you "
		         "mean --%s?", e->token, near);
		e->token[0] = '\0';
	}
	return -1;
}

/* The row of --word (up to '='): the name, or a prefix of one name only
 * (several rows may share a name: one option).  *amb is set when the
 * prefix names several. */
static const setting *long_row(const opts_face *f, const char *word,
                               size_t len, int *amb)
{
	const setting *o = NULL;
	int i;

	*amb = 0;
	for (i = 0; i < f->nrows; i++) {
		const setting *r = f->rows[i].s;
		if (!r->option || strncmp(word, r->option, len))
			continue;
		if (!r->option[len])
			return r;
		if (o && strcmp(o->option, r->option))
			*amb = 1;
		o = r;
	}
	return *amb ? NULL : o;
}

static int take(const opts_face *f, const setting *o, const char *value,
                int arg, int value_arg, cfx_err *e)
{
	opts_hit h = { o, value, arg, value_arg };

	cfx_err_clear(e);
	e->arg = -1;
	if (f->take(f->ctx, &h, e) < 0) {
		if (e->arg < 0)
			e->arg = value ? value_arg : arg;
		return -1;
	}
	return 0;
}

static int is_help(const opts_face *f, const char *w)
{
	return !f->no_help && (!strcmp(w, "--help") || !strcmp(w, "-h"));
}

/* --NAME[=VALUE] at argv[*i]; *i past its value. */
static int long_option(const opts_face *f, int argc, char **argv, int *i,
                       cfx_err *e)
{
	const char *w = argv[*i] + 2, *eq = strchr(w, '=');
	size_t len = eq ? (size_t)(eq - w) : strlen(w);
	int amb, at = *i;
	const setting *o = long_row(f, w, len, &amb);

	if (amb)
		return usage(e, at, argv[at], "%s", "ambiguous option");
	if (!o)
		return unknown_long(f, at, argv[at], e);
	if (o->type == SETTING_FLAG) {
		if (eq)
			return usage(e, at, argv[at], "--%s takes no value",
			             o->option);
		return take(f, o, NULL, at, at, e);
	}
	if (eq)
		return take(f, o, eq + 1, at, at, e);
	if (*i + 1 >= argc)
		return usage(e, at, argv[at], "%s", "option needs a value");
	++*i;
	return take(f, o, argv[*i], at, *i, e);
}

static const setting *short_row(const opts_face *f, int key)
{
	int i;

	for (i = 0; i < f->nrows; i++)
		if (f->rows[i].s->key == key && !(f->rows[i].flags & OPTS_LONG))
			return f->rows[i].s;
	return NULL;
}

/* "unknown option (-f); did you mean --force?": a letter alone that
 * begins an option of the face with no letter of its own (its letter
 * means another option in every face: setting.h). */
static int unknown_letter(const opts_face *f, int arg, const char *w,
                          cfx_err *e)
{
	int i;

	usage(e, arg, w, "%s", "unknown option");
	for (i = 0; i < f->nrows; i++) {
		const setting *r = f->rows[i].s;
		if (r->option && r->option[0] == w[1] && !r->key) {
			snprintf(e->msg, sizeof e->msg, "unknown option (%s); did "
			         "you mean --%s?", e->token, r->option);
			e->token[0] = '\0';
			break;
		}
	}
	return -1;
}

/* -K, -KVALUE, -KV..., a bundle of flags, at argv[*i]. */
static int short_options(const opts_face *f, int argc, char **argv, int *i,
                         cfx_err *e)
{
	const char *w = argv[*i], *p;
	int at = *i, bundle = strlen(w) > 2;

	for (p = w + 1; *p; p++) {
		const setting *o = short_row(f, (unsigned char)*p);
		char key[3] = { '-', *p, '\0' };

		if (!o) {
			if (*p == 'h' && !f->no_help)
				return 1;
			if (bundle) {   /* the letter as a token is shown:
					 * a control byte escaped */
				char shown[16];

				cfx_escape(shown, sizeof shown, key, 2);
				return usage(e, at, w, "unknown option %s", shown);
			}
			return unknown_letter(f, at, w, e);
		}
		if (o->type == SETTING_FLAG) {
			if (take(f, o, NULL, at, at, e) < 0)
				return -1;
			continue;
		}
		if (p[1])
			return take(f, o, p + 1, at, at, e);
		if (*i + 1 >= argc)
			return bundle ? usage(e, at, w, "option %s needs a value",
			                      key)
			       : usage(e, at, w, "%s", "option needs a value");
		++*i;
		return take(f, o, argv[*i], at, *i, e);
	}
	return 0;
}

int opts_parse(const opts_face *f, int argc, char **argv, int *pos,
               int *npos, cfx_err *e)
{
	int i, rc;

	cfx_err_clear(e);
	*npos = 0;
	for (i = 1; i < argc; i++) {
		const char *w = argv[i];

		if (f->first_word && (!strcmp(w, "--") || w[0] != '-' || !w[1] ||
		                      negative(f, w))) {
			pos[(*npos)++] = i;
			return 0;
		}
		if (!strcmp(w, "--")) {
			while (++i < argc)
				pos[(*npos)++] = i;
			break;
		}
		if (w[0] != '-' || !w[1] || negative(f, w)) {
			pos[(*npos)++] = i;
			continue;
		}
		if (is_help(f, w))
			return 1;
		rc = w[1] == '-' ? long_option(f, argc, argv, &i, e)
		     : short_options(f, argc, argv, &i, e);
		if (rc)
			return rc;
	}
	return 0;
}
