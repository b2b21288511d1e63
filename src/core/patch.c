/*
 * patch.c - unified diffs, mails that hold them, and C source, as lines
 * (see patch.h).
 *
 * The reader is forgiving where mail mangles patches and strict only about
 * what it reports: a file name comes from "+++ " (else "--- " for a
 * deleted file), a line number from the hunk header and the lines counted
 * after it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/patch.h"
#include "util/buf.h"
#include "util/xalloc.h"

/* The quote depth of s ("> > x" and ">>x" are 2) and where its text
 * starts: each '>' takes one space after it with it. */
static unsigned quote_depth(const char *s, const char **rest)
{
	unsigned d = 0;

	while (*s == '>') {
		d++;
		s++;
		if (*s == ' ' && s[1] == '>')
			s++;
		else if (*s == ' ')
			{ s++; break; }
	}
	*rest = s;
	return d;
}

/* "@@ -a[,b] +c[,d] @@": 1 and the four numbers, or 0. */
static int hunk_header(const char *s, unsigned long *a, unsigned long *b,
                       unsigned long *c, unsigned long *d)
{
	char *e;

	if (strncmp(s, "@@ -", 4))
		return 0;
	s += 4;
	if (!isdigit((unsigned char)*s))
		return 0;
	*a = strtoul(s, &e, 10);
	*b = 1;
	if (*e == ',') {
		if (!isdigit((unsigned char)e[1]))
			return 0;
		*b = strtoul(e + 1, &e, 10);
	}
	if (strncmp(e, " +", 2) || !isdigit((unsigned char)e[2]))
		return 0;
	*c = strtoul(e + 2, &e, 10);
	*d = 1;
	if (*e == ',') {
		if (!isdigit((unsigned char)e[1]))
			return 0;
		*d = strtoul(e + 1, &e, 10);
	}
	return !strncmp(e, " @@", 3);
}

/* The file name of a "--- x" or "+++ x" line: the first word, "a/" or
 * "b/" dropped; NULL for /dev/null. */
static char *header_name(const char *s)
{
	size_t n;

	s += 4;
	while (*s == ' ' || *s == '\t')
		s++;
	n = strcspn(s, " \t");
	if (n == 9 && !strncmp(s, "/dev/null", 9))
		return NULL;
	if (n > 2 && (s[0] == 'a' || s[0] == 'b') && s[1] == '/')
		s += 2, n -= 2;
	return xstrndup(s, n);
}

static size_t add_file(patch *p, char *name)
{
	size_t cap = p->capf;

	XGROW(p->files, p->capf, p->nfiles + 1, "patch files");
	if (p->capf != cap)
		p->mail = xrealloc(p->mail, p->capf * sizeof *p->mail,
		                   "patch files");
	p->files[p->nfiles] = name;
	p->mail[p->nfiles] = p->nmails ? p->nmails - 1 : 0;
	return p->nfiles++;
}

/* Whether line s starts a mail of a series: an mbox "From " line, a
 * word and a date that ends in its year, as git format-patch writes
 * before each patch ("From <commit> Mon Sep 17 00:00:00 2001"). */
static int mbox_from(const char *s)
{
	size_t n = strlen(s), k = 0;

	if (strncmp(s, "From ", 5) || s[5] == ' ' || !s[5] || !strchr(s + 5, ' '))
		return 0;
	while (n && s[n - 1] == ' ')
		n--;
	while (k < n && isdigit((unsigned char)s[n - 1 - k]))
		k++;
	return k == 4 && s[n - 5] == ' ';
}

static void add_line(patch *p, const char *text, char type, unsigned long no,
                     size_t file, size_t hunk)
{
	XGROW(p->line, p->capl, p->nlines + 1, "patch lines");
	p->line[p->nlines++] = (patch_line){ text, type, no, file, hunk };
}

/* A line of C: ends a statement or block, or is a directive. */
static int looks_c(const char *s)
{
	static const char *const dir[] = { "define", "include", "if", "ifdef",
		"ifndef", "elif", "else", "endif", "undef", "pragma" };
	size_t n = strlen(s), i;

	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	while (*s == ' ' || *s == '\t')
		s++, n -= n ? 1 : 0;
	if (*s == '#') {
		s++;
		while (*s == ' ' || *s == '\t')
			s++;
		for (i = 0; i < sizeof dir / sizeof dir[0]; i++)
			if (!strncmp(s, dir[i], strlen(dir[i])))
				return 1;
		return 0;
	}
	return n && (s[n - 1] == ';' || s[n - 1] == '{' || s[n - 1] == '}');
}

/* Is line i (text s at depth d) where a diff starts? */
static int diff_start(char **txt, const unsigned *dep, size_t n, size_t i)
{
	unsigned long a, b, c, d;
	const char *s = txt[i];

	if (!strncmp(s, "diff ", 5) || hunk_header(s, &a, &b, &c, &d))
		return 1;
	return !strncmp(s, "--- ", 4) && i + 1 < n && dep[i + 1] == dep[i] &&
	       !strncmp(txt[i + 1], "+++ ", 4);
}

/* Line i of the input (from 0), which the diff cannot be read from as
 * it says (kind PATCH_SKIP_*; the hunk header before it at input line
 * hunk_line, 0: none). */
static void skip_line(patch *p, size_t i, int kind, unsigned long hunk_line,
                      const char *text)
{
	if (p->nskips >= PATCH_MAX_SKIPS)
		return;
	XGROW(p->skips, p->caps, p->nskips + 1, "patch skips");
	p->skips[p->nskips++] = (struct patch_skip){ i + 1, kind, hunk_line,
	                                             text };
}

/* Whether s is a mail's footer and no line of a hunk: its "-- "
 * signature line, or a reply's "-----Original Message-----". */
static int footer_line(const char *s)
{
	size_t k = strspn(s, "-");

	if (!strcmp(s, "-- ") || !strcmp(s, "--"))
		return 1;
	k += strspn(s + k, " ");
	return k >= 4 && isalpha((unsigned char)s[k]);
}

/* Whether s, after a hunk's counted lines, is a change that its header
 * should have counted: a '+' or '-' line, not a file header, "---" nor
 * a footer. */
static int past_line(const char *s)
{
	return ((s[0] == '+' && strncmp(s, "+++ ", 4)) ||
	        (s[0] == '-' && strncmp(s, "--- ", 4) && strcmp(s, "---"))) &&
	       !footer_line(s);
}

/* Whether s is a change of a hunk: a '+' or '-' line, not a footer. */
static int change_line(const char *s)
{
	return (s[0] == '+' || s[0] == '-') && !footer_line(s);
}

/* The first change line at depth q after line i, before the next diff,
 * a footer or the end: its index, or n when there is none. */
static size_t change_ahead(char **txt, const unsigned *dep, size_t n,
                           size_t i, unsigned q)
{
	size_t k;

	for (k = i + 1; k < n; k++) {
		if (dep[k] != q)
			continue;
		if (footer_line(txt[k]) || diff_start(txt, dep, n, k) ||
		    mbox_from(txt[k]))
			return n;
		if (change_line(txt[k]))
			return k;
	}
	return n;
}

/* Whether s, a line with no diff prefix, reads as C: looks_c, a
 * directive, a comment's line. */
static int c_like(const char *s)
{
	s += strspn(s, " \t");
	return looks_c(s) || s[0] == '#' || s[0] == '*' || !strncmp(s, "/*", 2);
}

/* Whether line i (depth q) ends a hunk whose header counts more lines
 * than it has: a footer line, or a blank line that no change line
 * follows and prose does (not context: ' ', nor C whose space the mail
 * lost, which a line with no prefix stays).  *ahead caches
 * change_ahead (a change line at *ahead > i, n: none). */
static int hunk_ends(char **txt, const unsigned *dep, size_t n, size_t i,
                     unsigned q, size_t *ahead)
{
	const char *s = txt[i];
	size_t k;

	if (footer_line(s))
		return 1;
	if (s[0])
		return 0;
	if (*ahead <= i)          /* else still ahead, or none (n) */
		*ahead = change_ahead(txt, dep, n, i, q);
	if (*ahead < n)
		return 0;
	for (k = i + 1; k < n && (dep[k] != q || !txt[k][0]); k++)
		;
	return k < n && (footer_line(txt[k]) ||
	                 (!strchr(" +-\\", txt[k][0]) && !c_like(txt[k])));
}

/* The lines of a diff at quote depth q, from line `from` on. */
static void read_diff(patch *p, char **txt, const unsigned *dep, size_t n,
                      size_t from, unsigned q)
{
	unsigned long old_no = 0, new_no = 0, old_left = 0, new_left = 0;
	unsigned long a, b, c, d;
	size_t file = (size_t)-1, hunk = 0, i;
	int in_hunk = 0, past = 0;
	unsigned long hunk_line = 0;
	size_t ahead = 0;        /* hunk_ends' next change line */
	char *pending_old = NULL;

	for (i = from; i < n; i++) {
		const char *s = txt[i];

		if (dep[i] != q)
			continue;
		/* a mail's footer after a hunk that runs short: the hunk
		 * ends, said as one cut out; what follows is none of it */
		if (in_hunk && hunk_ends(txt, dep, n, i, q, &ahead))
			skip_line(p, i - 1, PATCH_SKIP_LONG, hunk_line,
			          txt[hunk_line - 1]), in_hunk = 0, past = 1;
		if (!in_hunk && mbox_from(s)) {
			/* the next mail of a series (git format-patch --stdout) */
			p->nmails = (p->nmails ? p->nmails : 1) + 1;
			file = (size_t)-1;
			free(pending_old);
			pending_old = NULL;
			continue;
		}
		if (hunk_header(s, &a, &b, &c, &d)) {
			if (in_hunk && hunk_line)     /* the one before is short */
				skip_line(p, i - 1, PATCH_SKIP_LONG, hunk_line,
				          txt[hunk_line - 1]);
			if (file == (size_t)-1)
				file = add_file(p, pending_old ? pending_old :
				                xstrdup("(unnamed)")), pending_old = NULL;
			old_no = a, new_no = c, old_left = b, new_left = d;
			in_hunk = old_left || new_left;
			hunk++;
			hunk_line = i + 1;
			past = 0;
			ahead = 0;
			continue;
		}
		if (!strncmp(s, "@@ ", 3) || !strcmp(s, "@@")) {
			/* "@@ -1,2 +1 @" and the like: no hunk the reader can
			 * number; its lines are not read (said, not dropped) */
			skip_line(p, i, PATCH_SKIP_HEADER, 0, s);
			in_hunk = 0;
			hunk_line = 0;
			past = 1;
			continue;
		}
		if (!strncmp(s, "diff ", 5) ||
		    (!strncmp(s, "--- ", 4) && i + 1 < n &&
		     !strncmp(txt[i + 1], "+++ ", 4) && dep[i + 1] == q)) {
			if (in_hunk && hunk_line)
				skip_line(p, i - 1, PATCH_SKIP_LONG, hunk_line,
				          txt[hunk_line - 1]);
			in_hunk = 0;
			if (!strncmp(s, "--- ", 4)) {
				free(pending_old);
				pending_old = header_name(s);
				file = (size_t)-1;
			}
			continue;
		}
		if (!in_hunk && !strncmp(s, "+++ ", 4)) {
			char *name = header_name(s);
			if (!name)
				name = pending_old, pending_old = NULL;
			else
				free(pending_old), pending_old = NULL;
			file = add_file(p, name ? name : xstrdup("(unnamed)"));
			continue;
		}
		if (!in_hunk) {
			/* a '+' or '-' line after the hunk's counted lines (a
			 * header whose counts are short): not read, and said
			 * once a hunk; not a mail's "-- " signature line nor
			 * anything after it, nor a reply's "-----Original
			 * Message-----" */
			past |= !strcmp(s, "-- ");
			if (hunk_line && !past && file != (size_t)-1 &&
			    past_line(s)) {
				skip_line(p, i, PATCH_SKIP_PAST, hunk_line, s);
				past = 1;
			}
			continue;
		}
		if (s[0] == '\\')               /* "\ No newline at end of file" */
			continue;
		if (s[0] == '+' && new_left) {
			add_line(p, s + 1, '+', new_no++, file, hunk - 1);
			new_left--;
		} else if (s[0] == '-' && old_left) {
			add_line(p, s + 1, '-', old_no++, file, hunk - 1);
			old_left--;
		} else {
			/* context, or context whose space the mail lost */
			add_line(p, s[0] == ' ' ? s + 1 : s, ' ', new_no++, file,
			         hunk - 1);
			old_no++;
			if (old_left)
				old_left--;
			if (new_left)
				new_left--;
		}
		if (!old_left && !new_left)
			in_hunk = 0;
	}
	/* the input ends inside a hunk: its header counts more lines than
	 * it has */
	if (in_hunk && hunk_line && n > from)
		skip_line(p, n - 1, PATCH_SKIP_LONG, hunk_line, txt[hunk_line - 1]);
	free(pending_old);
}

/* Whether line s is a mail header ("From ", "Subject: ...",
 * "X-Mailer: ..."). */
static int mail_header(const char *s)
{
	size_t n = 0;

	if (!strncmp(s, "From ", 5))
		return 1;
	while (isalnum((unsigned char)s[n]) || s[n] == '-')
		n++;
	return n && s[n] == ':' && (s[n + 1] == ' ' || !s[n + 1]);
}

/* The prose of lines [from, end) at depth q (mail `mail` of the patch):
 * after the mail's headers, up to a "---" line; appended to p->bodies
 * when any of it is not blank. */
static void read_body(patch *p, char **txt, const unsigned *dep, size_t from,
                      size_t end, unsigned q, const char *name, size_t mail)
{
	size_t i = from, k, last;
	struct buf b = { 0 };
	int any = 0;

	if (end > from && dep[from] == q && mail_header(txt[from]))
		while (i < end && !(dep[i] == q && !txt[i][strspn(txt[i], " \t")]))
			i++;
	while (i < end && (dep[i] != q || !txt[i][strspn(txt[i], " \t")]))
		i++;                            /* blank lines before it */
	for (last = i; last < end && !(dep[last] == q &&
	     !strcmp(txt[last], "---")); last++)
		;
	for (k = i; k < last; k++) {
		if (b.len > PATCH_BODY_MAX) {   /* no commit message: skip it */
			buf_free(&b);
			return;
		}
		if (dep[k] == q) {
			buf_puts(&b, txt[k]);
			any |= txt[k][strspn(txt[k], " \t")] != '\0';
		}
		buf_putc(&b, '\n');
	}
	if (!any) {
		buf_free(&b);
		return;
	}
	XGROW(p->bodies, p->capb, p->nbodies + 1, "patch bodies");
	p->bodies[p->nbodies].text = buf_take(&b);
	p->bodies[p->nbodies].line = i + 1;
	p->bodies[p->nbodies++].mail = mail;
	if (p->body_file == (size_t)-1)
		p->body_file = add_file(p, xstrdup(name ? name : "<stdin>"));
	p->body = p->bodies[0].text;
	p->body_line = p->bodies[0].line;
}

/* The bodies of a series' mails after the first (lines [from, n) at
 * depth q, the first diff at from): each mail from its mbox "From " line
 * to its own diff. */
static void read_bodies(patch *p, char **txt, const unsigned *dep, size_t n,
                        size_t from, unsigned q, const char *name)
{
	size_t i, j, mail = 0;

	for (i = from; i < n; i++) {
		if (dep[i] != q || !mbox_from(txt[i]))
			continue;
		mail++;
		for (j = i + 1; j < n && !(dep[j] == q && (mbox_from(txt[j]) ||
		     diff_start(txt, dep, n, j))); j++)
			;
		read_body(p, txt, dep, i, j, q, name, mail);
		i = j - 1;
	}
}

int patch_read(patch *p, const char *text, size_t len, const char *name,
               cfx_err *err)
{
	char **txt = NULL, **raw = NULL, *s, *end;
	unsigned *dep = NULL;
	size_t n = 0, cap = 0, capr = 0, capd = 0, i;
	int any_c = 0;

	memset(p, 0, sizeof *p);
	p->body_file = (size_t)-1;
	p->store = xmalloc(len + 1, "patch text");
	memcpy(p->store, text, len);
	p->store[len] = '\0';
	end = p->store + len;
	for (s = p->store; s < end; ) {
		char *e = memchr(s, '\n', (size_t)(end - s));
		const char *rest;
		if (!e)
			e = end;
		*e = '\0';
		if (e > s && e[-1] == '\r')
			e[-1] = '\0';
		XGROW(txt, cap, n + 1, "patch lines");
		XGROW(raw, capr, n + 1, "patch lines");
		XGROW(dep, capd, n + 1, "patch lines");
		dep[n] = quote_depth(s, &rest);
		raw[n] = s;
		txt[n++] = (char *)rest;
		s = e + 1;
	}
	for (i = 0; i < n; i++)
		if (diff_start(txt, dep, n, i))
			break;
	if (i < n) {
		size_t k;
		p->is_diff = 1;
		p->quote = dep[i];
		for (k = 0; k < i && !p->nmails; k++)
			if (dep[k] == dep[i] && mbox_from(txt[k]))
				p->nmails = 1;     /* a mail: the first of a series? */
		read_diff(p, txt, dep, n, i, dep[i]);
		read_body(p, txt, dep, 0, i, dep[i], name, 0);
		if (p->nmails > 1)
			read_bodies(p, txt, dep, n, i, dep[i], name);
		if (p->nskips && p->body_file == (size_t)-1)
			p->body_file = add_file(p, xstrdup(name ? name : "<stdin>"));
	} else {
		/* C source: every line as it is (C has no line starting '>') */
		add_file(p, xstrdup(name ? name : "<stdin>"));
		for (i = 0; i < n; i++) {
			any_c |= looks_c(raw[i]);
			add_line(p, raw[i], '+', i + 1, 0, 0);
		}
	}
	free(txt);
	free(raw);
	free(dep);
	if (!p->is_diff && !any_c)
		return cfx_err_set(err, CFX_ESYNTAX, -1, name,
		                   "not a diff and no C found");
	return 0;
}

void patch_append(patch *p, const patch *q)
{
	size_t f0 = p->nfiles, h0 = 0, i;

	for (i = 0; i < p->nlines; i++)
		if (p->line[i].hunk + 1 > h0)
			h0 = p->line[i].hunk + 1;
	for (i = 0; i < q->nfiles; i++)
		add_file(p, xstrdup(q->files[i]));
	for (i = 0; i < q->nlines; i++) {
		const patch_line *l = &q->line[i];
		add_line(p, l->text, l->type, l->no, f0 + l->file, h0 + l->hunk);
	}
}

void patch_free(patch *p)
{
	size_t i;

	if (!p)
		return;
	for (i = 0; i < p->nfiles; i++)
		free(p->files[i]);
	free(p->files);
	free(p->mail);
	free(p->line);
	free(p->store);
	for (i = 0; i < p->nbodies; i++)
		free(p->bodies[i].text);
	free(p->bodies);
	free(p->skips);
	memset(p, 0, sizeof *p);
}
