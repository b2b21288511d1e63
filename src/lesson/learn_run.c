/*
 * learn_run.c - what a lesson may run by itself, and running it (see
 * learn_run.h): the table of the commands a lesson may run and the
 * options they may take (learn_pure), the lesson's own patches for review
 * (learn_data_line), and a run in a session of its own (learn_run,
 * learn_run_as).  It holds no state: each run makes and frees its
 * session.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfx/keys.h"
#include "cfx/safefile.h"
#include "cli/cli.h"
#include "cli/setting.h"
#include "lesson/learn_run.h"
#include "lesson/learn_store.h"
#include "util/buf.h"
#include "util/text.h"
#include "util/xalloc.h"

/* A session word (set, let, show, ...: the command table's OPT_SESSION
 * rows), as learn_lesson_names's is_command says 2. */
static int is_session_word(const char *name)
{
	const cmd_def *d = cli_find(name);

	return d && (d->opts & OPT_SESSION);
}

/* What a lesson may run by itself (learn_pure): these commands, with the
 * options pure_option allows, and review of a patch of its own (data_path).
 * The refusal's list is made from this table, so it names them all. */
static const struct pure_cmd {
	const char *name;
	const char *shown;        /* in the refusal's list */
} pure_cmds[] = {
	{ "cf", "cf" }, { "naf", "naf" }, { "shifts", "shifts" },
	{ "spectrum", "spectrum" }, { "score", "score" }, { "sweep", "sweep" },
	{ "verify", "verify" }, { "search", "search" },
	{ "review", "review NAME.patch [--format gcc] [--json]" },
};
#define N_PURE (sizeof pure_cmds / sizeof *pure_cmds)

/* A lesson's data file: NAME.patch beside the lesson file at lesson (its
 * directory, not the catalogue's: a lesson checked from elsewhere brings
 * its own patch).  Its path (malloc'd), or NULL with err saying why: a
 * path rather than a name (../, /, a directory), a name outside the
 * lesson name rule, no such file, a symbolic link (refused, not
 * followed), not a regular file of one link, or a file or directory
 * another user could swap. */
static char *data_path(const char *lesson_path, const char *name, cfx_err *err)
{
	char *dir = xstrdup(lesson_path), *slash = strrchr(dir, '/'), *path;
	cfx_err e;
	size_t n = strlen(name);
	struct stat st;
	char why[512];
	int at = 0;               /* the message names the path (1) or the
	                           * directory (2) */

	if (slash)
		slash[slash == dir] = '\0';     /* "/x.lesson": the root */
	else
		strcpy(dir, ".");
	path = xasprintf("%s/%s", dir, name);
	why[0] = '\0';
	if (name[0] == '-')
		snprintf(why, sizeof why, "an option a lesson's review does not "
		         "take");
	else if (strchr(name, '/'))
		snprintf(why, sizeof why, "a path, not a name");
	else if (n < 7 || strcmp(name + n - 6, ".patch") ||
	         !learn_store_name_ok(name))
		snprintf(why, sizeof why, "not a patch's name (letters, digits, "
		         "'.', '_' and '-', ending in .patch)");
	/* lstat: a link in the lesson directory could name any file (the
	 * hostile retest read root's 0600 file through one), and a second
	 * hard link is refused for the same reason */
	else if (at = 1, lstat(path, &st) < 0)
		snprintf(why, sizeof why, "%s", strerror(errno));
	else if (S_ISLNK(st.st_mode))
		snprintf(why, sizeof why, "a symbolic link, not followed");
	else if (!S_ISREG(st.st_mode))
		snprintf(why, sizeof why, "not a regular file");
	else if (st.st_nlink != 1)
		snprintf(why, sizeof why, "a file of more than one link");
	/* and no one else can put a link in its place between this check
	 * and review's open: a directory only the user or root can change
	 * (safefile's rule), a file of theirs (in a sticky one another user
	 * could swap their own) */
	else if (st.st_uid != geteuid() && st.st_uid != 0)
		snprintf(why, sizeof why, "another user's file");
	else if (safefile_dir_check(dir, &e) < 0)
		snprintf(why, sizeof why, "the lesson's directory: %.300s",
		         e.msg), at = 2;
	if (why[0]) {
		/* the name, or the file or directory at fault, as the token */
		if (at)
			cfx_err_set_path(err, CFX_EUSAGE, at == 2 ? dir : path, "%s",
			                 why);
		else
			cfx_err_set(err, CFX_EUSAGE, -1, name, "%s", why);
		free(path);
		path = NULL;
	}
	free(dir);
	return path;
}

/* path as one word of a command line (text_split's quotes: '...' and
 * "..." group, no escapes) */
static void put_word(struct buf *b, const char *path)
{
	const char *p;

	if (!strpbrk(path, " \t\n'\"\\#$"))
		buf_puts(b, path);
	else {
		buf_putc(b, '\'');
		for (p = path; *p; p++)
			if (*p == '\'')
				buf_puts(b, "'\"'\"'");
			else
				buf_putc(b, *p);
		buf_putc(b, '\'');
	}
}

char *learn_data_line(const char *lesson_path, const char *line, cfx_err *err)
{
	struct buf b = { 0 };
	int argc, i, ok, patches = 0;
	char **argv = text_argv(line, &argc);

	cfx_err_clear(err);
	ok = argc >= 2 && !strcmp(argv[0], "review");
	if (ok)
		buf_puts(&b, "review");
	else if (argc == 1 && !strcmp(argv[0], "review"))
		cfx_err_set(err, CFX_EUSAGE, -1, line, "review needs its patch's "
		            "name");
	for (i = 1; ok && i < argc; i++) {
		char *p = NULL;
		if (!strcmp(argv[i], "--json") || !strncmp(argv[i], "--format=", 9))
			buf_printf(&b, " %s", argv[i]);
		else if (!strcmp(argv[i], "--format") && i + 1 < argc &&
		         strspn(argv[i + 1], "abcdefghijklmnopqrstuvwxyz") ==
		         strlen(argv[i + 1])) {
			buf_printf(&b, " --format %s", argv[i + 1]);
			i++;
		} else if ((p = data_path(lesson_path, argv[i], err)) != NULL) {
			patches++;
			buf_putc(&b, ' ');
			put_word(&b, p);
		} else
			ok = 0;
		free(p);
	}
	if (ok && !patches)
		ok = 0, cfx_err_set(err, CFX_EUSAGE, -1, line, "review needs its "
		                    "patch's name");
	text_argv_free(argv, argc);
	if (!ok) {
		buf_free(&b);
		return NULL;
	}
	return buf_take(&b);
}

/* An option a lesson may give (cli_options_each): no --raw, keys only of
 * a family cfx generates (the one keys parser decides, as the command
 * would: no file:, inodes:, malloc:, nothing it cannot read). */
static int pure_option(void *ctx, const setting *o, const char *v,
                       cfx_err *err)
{
	keys_family f;
	size_t name;

	(void)ctx;
	if (o->id == SETTING_RAW)
		return cfx_err_set(err, CFX_EUSAGE, -1, "--raw", "a lesson writes "
		                   "no files");
	if (o->id != SETTING_KEYS)
		return 0;
	name = strcspn(v, ":");
	keys_family_set(&f, v, NULL);
	/* by its name too: a file: key that does not parse is still a file */
	if ((f.ok && (f.kind == KEYS_FILE || f.kind == KEYS_INODES ||
	              f.kind == KEYS_MALLOC)) ||
	    (name == 4 && !strncmp(v, "file", 4)) ||
	    (name == 6 && (!strncmp(v, "inodes", 6) || !strncmp(v, "malloc", 6))))
		/* the family's name only: never the path, nor what is there */
		return cfx_err_setn(err, CFX_EUSAGE, -1, v, (int)name, "a "
		                    "lesson reads no files, directories or "
		                    "allocator: its keys are generated");
	if (!f.ok) {
		/* what the command itself says of it, naming the bad token */
		if (err)
			*err = f.err;
		return -1;
	}
	return 0;
}

int learn_pure(const char *lesson_path, const char *line, int session,
               cfx_err *err)
{
	int argc, rc = 0;
	size_t k;
	char **argv = text_argv(line, &argc);

	cfx_err_clear(err);
	for (k = 0; argc && k < N_PURE && strcmp(pure_cmds[k].name, argv[0]); k++)
		;
	if (argc && !strcmp(argv[0], "review")) {
		/* a patch of the lesson's directory, nothing else */
		cfx_err e;
		char *d = learn_data_line(lesson_path, line, &e);
		if (!d && err) {
			/* why, and the patch (or what is at fault) as its token */
			*err = e;
			snprintf(err->msg, sizeof err->msg, "a lesson reviews only "
			         "patches of its own directory (%s): %.300s",
			         pure_cmds[N_PURE - 1].shown, e.msg);
		}
		if (!d)
			rc = -1;
		free(d);
		text_argv_free(argv, argc);
		return rc;
	}
	if (argc && session && is_session_word(argv[0])) {
		/* set, let, show: the session's settings; keys as below */
		if (argc >= 3 && !strcmp(argv[0], "set") && !strcmp(argv[1], "keys"))
			rc = pure_option(NULL, setting_get(SETTING_KEYS), argv[2], err);
	} else if (!argc || k == N_PURE) {
		/* the list from the table the test above reads */
		struct buf b = { 0 };
		for (k = 0; k < N_PURE; k++)
			buf_printf(&b, "%s%s", k ? ", " : "", pure_cmds[k].shown);
		rc = cfx_err_set(err, CFX_EUSAGE, -1, argc ? argv[0] : line, "a "
		                 "lesson may run only commands that read nothing but "
		                 "their arguments and write nothing (%s)", buf_str(&b));
		buf_free(&b);
	} else
		/* the options as the command would read them, every spelling */
		rc = cli_options_each(argc, argv, pure_option, NULL, err);
	text_argv_free(argv, argc);
	return rc;
}

json_t *learn_run_as(const char *lesson_path, const char *line,
                     const cfx_session *like, cfx_err *err)
{
	cfx_session s;
	cmd_ctx c;
	int argc, rc;
	char **argv;
	json_t *res = NULL;
	FILE *null;
	char *data, *text = NULL;
	size_t len = 0;
	int printed = 0;            /* the result is the JSON it prints */

	if (learn_pure(lesson_path, line, 0, err) < 0)
		return NULL;
	if ((data = learn_data_line(lesson_path, line, NULL)) != NULL) {
		/* review keeps no session result: its --json output is it */
		size_t n = strlen(data);
		data = xrealloc(data, n + 8, "lesson review");
		memcpy(data + n, " --json", 8);
		null = open_memstream(&text, &len);
		printed = 1;
	} else {
		null = fopen("/dev/null", "w");
	}
	argv = text_argv(data ? data : line, &argc);
	free(data);
	cli_session_init(&s);
	if (like) {
		s.word = like->word;
		s.table_bits = like->table_bits;
		s.keys = like->keys ? xstrdup(like->keys) : NULL;
		s.count = like->count;
	}
	memset(&c, 0, sizeof c);
	c.out = null ? null : stdout;
	c.sess = &s;
	c.no_compiler = 1;
	cfx_err_clear(err);
	if (argc == 0) {
		cfx_err_set(err, CFX_EUSAGE, -1, NULL, "empty command");
	} else if ((rc = cli_run(&c, argc, argv)) == CFX_EXIT_USAGE) {
		cfx_err_set(err, CFX_EUSAGE, -1, c.err.token[0] ? c.err.token : NULL,
		            "%s: %s", c.cmd ? c.cmd : argv[0], c.err.msg);
	} else if (printed) {
		if (null)
			fflush(null);
		if (!text || !(res = json_loadb(text, len, 0, NULL)) ||
		    !json_is_object(res)) {
			json_decref(res);
			res = NULL;
			cfx_err_set(err, CFX_EUSAGE, -1, line, "the command printed no "
			            "JSON result");
		}
	} else if (!s.results || !(res = json_object_get(s.results, c.cmd))) {
		cfx_err_set(err, CFX_EUSAGE, -1, line, "the command kept no result");
	} else {
		json_incref(res);
	}
	text_argv_free(argv, argc);
	free(c.used_expr);
	cli_session_free(&s);
	if (null)
		fclose(null);
	free(text);
	return res;
}

json_t *learn_run(const char *lesson_path, const char *line, cfx_err *err)
{
	return learn_run_as(lesson_path, line, NULL, err);
}
