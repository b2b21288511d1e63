/*
 * patch.h - a unified diff, a mail holding one, or plain C source, read
 * into lines (prefix patch_).
 *
 * What `cfx review` is given comes in three shapes: the output of git diff
 * or git format-patch, a mail that carries a patch (maybe quoted with
 * "> ", maybe with CRLF line ends, maybe with the leading space of context
 * lines lost on the way), or a C file.  patch_read turns each into one
 * list of lines, each marked added, removed or context, with its file and
 * its line number in that file, so the C reader above it need not know
 * which shape it came from.
 *
 * Mail quoting: the quote depth of the first diff header (or hunk) is the
 * patch's; lines at another depth are the mail around it and are dropped,
 * so a reply that quotes the patch under the original is read once.
 * Hunk counts bound a hunk; a line that is none of '+', '-', ' ' inside a
 * hunk is taken as context whose leading space was lost.
 */
#ifndef CFX_PATCH_H
#define CFX_PATCH_H

#include <stddef.h>

#include "cfx/err.h"

typedef struct patch_line {
	const char *text;      /* the line, without quote, marker and CR */
	char type;             /* '+' added, '-' removed, ' ' context; every
	                        * line of C source is '+' (all of it is new) */
	unsigned long no;      /* its line in the new file ('+', ' ') or in
	                        * the old one ('-') */
	size_t file;           /* index into patch.files */
	size_t hunk;           /* hunks are numbered from 0 over the patch */
} patch_line;

/* The longest mail body read for claims: a commit message is far shorter. */
#define PATCH_BODY_MAX ((size_t)1 << 20)

typedef struct patch {
	int is_diff;           /* 1: a unified diff was found */
	unsigned quote;        /* mail quote depth stripped ("> " levels) */
	char **files;          /* new file names ("b/" stripped), or the
	                        * input's name for C source */
	size_t nfiles, capf;
	/* a series (git format-patch --stdout of several commits: mails,
	 * each begun by an mbox "From " line): nmails of them (0 or 1: one
	 * patch), and the mail of each files entry, from 0 */
	size_t *mail;
	size_t nmails;
	patch_line *line;
	size_t nlines, capl;
	char *store;           /* the text the lines point into */
	/* a mail's prose before its diff (the commit message: after the
	 * mail's headers, before "---" or the diff), one line a line (lines
	 * of another quote depth left empty); NULL when there is none */
	char *body;            /* (at most PATCH_BODY_MAX bytes, else none) */
	unsigned long body_line;  /* its first line in the input, from 1 */
	/* every mail's body, the first mail's first (body and body_line
	 * are bodies[0]'s): a series has one a mail (the mail's index in
	 * mail), each read for claims */
	struct patch_body {
		char *text;
		unsigned long line;
		size_t mail;
	} *bodies;
	size_t nbodies, capb;
	size_t body_file;      /* the files entry that names the input, for
	                        * findings on the body or the skips
	                        * (REVIEW_NONE-like (size_t)-1 when there is
	                        * neither) */
	/* lines of the diff the reader could not read as a diff says: a
	 * hunk header that does not parse, a line past the lines a hunk's
	 * header counts (their line in the input, from 1, and what it is),
	 * a hunk that ends before the lines its header counts (the line
	 * where it ends, and the header);
	 * at most PATCH_MAX_SKIPS, the first ones */
	struct patch_skip {
		unsigned long line;
		int kind;              /* PATCH_SKIP_* */
		unsigned long hunk_line;  /* the header of the hunk before it */
		const char *text;      /* the line (in store) */
	} *skips;
	size_t nskips, caps;
} patch;

enum { PATCH_SKIP_HEADER = 1, PATCH_SKIP_PAST = 2, PATCH_SKIP_LONG = 3 };
#define PATCH_MAX_SKIPS 64

/*
 * Read text (len bytes, no NUL needed) named name (for C source) into p
 * (not initialised).  Returns 0, or -1 with err (CFX_ESYNTAX: no diff and
 * nothing that looks like C; the message is one line).  Free with
 * patch_free, also after an error.
 */
int patch_read(patch *p, const char *text, size_t len, const char *name,
               cfx_err *err);

/*
 * q's files and lines after p's (its files numbered on from p's, its
 * hunks after p's), to be read beside p's; not q's mail bodies or skips.
 * The lines point into q's text: q must outlive p's use of them.
 */
void patch_append(patch *p, const patch *q);

/* Release p.  No operation on NULL. */
void patch_free(patch *p);

#endif
