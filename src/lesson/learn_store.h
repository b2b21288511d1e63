/*
 * learn_store.h - where lessons and progress live (prefix learn_store_):
 * the catalog of lesson files and the progress file (learn_store.c).
 * Below the engine and the front ends (learn.h), which use it; it uses
 * neither.
 */
#ifndef CFX_LESSON_LEARN_STORE_H
#define CFX_LESSON_LEARN_STORE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#include "cfx/err.h"

/* ---- the catalog: lessons/NN-name.lesson --------------------------------- */

typedef struct learn_store_entry {
	int number;               /* NN */
	char *name;               /* the name after NN- */
	char *path;
	char *title;              /* from its title: line ("" if none) */
	char *refused;            /* why the file is not read, malloc'd (a
	                           * link, another user's file or directory:
	                           * learn_store_lesson_read); NULL when none */
	int listed;               /* found by the catalogue (checked as it
	                           * says), not a file named to learn --check */
} learn_store_entry;

typedef struct learn_store_catalog {
	char *dir;
	learn_store_entry *e;           /* ascending by number */
	size_t n;
	char **skipped;                 /* "PATH\nWHY" for each file
	                                 * learn_store_file_name refuses, as
	                                 * found (for the faces to say) */
	size_t n_skipped;
} learn_store_catalog;

/*
 * Find the lesson directory ($CFX_LESSONS; else lessons/ beside the
 * executable; else ../share/cfx/lessons from it) and list its lessons.
 * Returns 0, or -1 with err when there is none.
 */
int learn_store_catalog_load(learn_store_catalog *c, cfx_err *err);
void learn_store_catalog_free(learn_store_catalog *c);

/* The text of lesson e (at most TEXTFILE_MAX bytes, no NUL), malloc'd;
 * NULL with err (CFX_EIO, the path as token) when it cannot be read or is
 * refused.  A lesson file gets the checks a patch beside a lesson gets
 * (learn.c): not a symbolic link, a regular file of one link, the user's
 * or root's, in a directory safefile_dir_check passes (nobody else can
 * put a link in its place), when the catalogue listed it (e->listed); a
 * file named to learn --check, which vets files from others, is read as
 * named.  A refused file is never opened, so nothing of its content is
 * quoted in any message. */
char *learn_store_lesson_read(const learn_store_entry *e, cfx_err *err);

/* The one rule for a file a lesson brings, the lesson file itself and a
 * patch beside it (review NAME.patch), judged from its lstat st: why it
 * is not to be read, or NULL.  A symbolic link (not followed: it could
 * name any file), not a regular file, a file of more than one link (the
 * same), another user's file, or one others may write (group or world:
 * it could be rewritten between this check and the read), as OpenSSH
 * judges its files.  Its directory is judged apart, by
 * safefile_dir_check. */
const char *learn_store_file_why(const struct stat *st);

/* One line on f for each file c left out, naming it whole and why:
 * "cfx: learn: FILE is not a lesson: ...". */
void learn_store_catalog_say_skipped(const learn_store_catalog *c, FILE *f);

/* cfx's own facts file: doc/FACTS.md beside the executable (a build
 * tree), else ../share/cfx/doc/FACTS.md from it (installed); malloc'd,
 * or NULL when there is neither. */
char *learn_store_facts_path(void);

/* The rule for a lesson's name, the same when the catalog lists a file
 * and when progress is read back: letters, digits, '.', '_' and '-', not
 * starting with '.', at most 64 characters.  A file whose name breaks it
 * is not a lesson. */
int learn_store_name_ok(const char *name);

/* Why name breaks that rule, as a catalogue's refusal says it ("the name
 * after NN- begins with a dot"), or NULL when it keeps it: the one test
 * behind learn_store_name_ok. */
const char *learn_store_name_why(const char *name);

/* The rule for a lesson file's name (base: no directory), the catalog's
 * and learn --check's: "NN-NAME.lesson", NN digits, NAME as
 * learn_store_name_ok.  1 for a file the catalog lists (its number, and
 * NAME malloc'd when name is not NULL); 0 for a file that is no lesson's
 * (no digit first or no .lesson last: README, 2002.patch), passed over
 * quietly; -1 for one that starts with a digit and ends in .lesson but
 * breaks the rule, *why saying how (static). */
int learn_store_file_name(const char *base, int *number, char **name,
                          const char **why);

/* A lesson by number ("3") or name ("golden"); else the one lesson that
 * key names best, ignoring case: a prefix of its name ("spec"), else a
 * whole word of its name or title ("ratio"), else a part of either
 * ("trap"), two letters or more; NULL if none or several do. */
const learn_store_entry *learn_store_catalog_find(const learn_store_catalog *c,
                                      const char *key);

/* How many lessons key names best (as learn_store_catalog_find ranks
 * them); "N name" of each to names (if not NULL), comma-separated: for
 * "which one?" */
struct buf;
size_t learn_store_catalog_matches(const learn_store_catalog *c,
                                   const char *key, struct buf *names);

/* Names for completion: numbers and names, NULL-terminated, static. */
const char *const *learn_store_names(void);

/* ---- progress: $XDG_STATE_HOME/cfx/progress ------------------------------ */

/* One line per lesson started: "NAME STEP MARKS", MARKS one character a
 * step: '+' solved (on the first answer, no hint), 'h' solved with help
 * (after a wrong answer, or a hint that could tell something; it stays
 * h), 'x' answered wrong or its answer shown before it was solved (then
 * explained; it stays x), 's' skipped, '.' not yet. */
typedef struct learn_store_mark {
	char *name;
	size_t step;
	char *marks;
} learn_store_mark;

typedef struct learn_store_progress {
	char *path;               /* NULL: no place to keep it */
	learn_store_mark *m;
	size_t n;
} learn_store_progress;

/*
 * Read the progress file.  A missing file is empty progress.  Lines that
 * cannot be parsed (at most LESSON_STEPS_MAX marks a line) are reported on
 * diag (NULL: stderr); the file is kept aside as progress.corrupt-STAMP
 * (-N when that exists: a set-aside copy is never overwritten) and
 * rewritten with the lines that parsed.  A file that is not a regular file
 * or is bigger than 1 MiB is moved aside whole.  Never an error.
 */
void learn_store_progress_load(learn_store_progress *p, FILE *diag);
void learn_store_progress_free(learn_store_progress *p);

/* Whether a save could keep progress, making and writing nothing (for a
 * list, which saves nothing): 0 when there is a state directory that is
 * the user's own, or none yet where a save would make it; else -1 with
 * err: "progress cannot be kept: " and why, as a save would say it (a
 * file, a directory another user owns or others can write, no HOME). */
int learn_store_progress_keepable(cfx_err *err);

/* The mark of a lesson, NULL if it was never started. */
learn_store_mark *learn_store_progress_get(const learn_store_progress *p, const char *name);

/*
 * Record one lesson's mark (strlen(marks) <= LESSON_STEPS_MAX) and write
 * the file atomically.  Under an exclusive flock of progress.lock (waiting
 * up to 10 s for another cfx), the other lessons' lines are re-read, the
 * whole file goes to a temporary file in the same directory (temporary
 * files that a killed save left are removed first), is synced, and renamed
 * over the old one.  Returns 0, or -1 with err ("progress cannot be saved:
 * why", on one line: the level of the state directory that cannot be made
 * and the system's reason, a file where a directory should be, a lock file
 * that is not a regular file; that path as token).
 */
int learn_store_progress_save(const char *name, size_t step, const char *marks,
                        FILE *diag, cfx_err *err);

/*
 * A lesson's memory between sessions: the text (learn.c's JSON: the last
 * result of each command and ans) kept beside the progress file as
 * lesson-NAME.memo, so that a step that compares with an earlier step's
 * result still can after a resume.  read: NULL when there is none (or it
 * is not a regular file of at most 1 MiB in the user's own directory);
 * write: atomically, 0 or -1 with err.
 */
char *learn_store_memo_read(const char *name);
int learn_store_memo_write(const char *name, const char *text, cfx_err *err);

/* How many learn_store_progress_save calls failed in this process: a script
 * run that lost progress ends with a non-zero status. */
size_t learn_store_progress_failures(void);

#endif
