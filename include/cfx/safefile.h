/*
 * safefile.h - files created where another user could plant a link
 * (prefix safefile_).
 *
 * A file cfx writes outside its own fresh temporary directory (bench's
 * --raw samples) goes into a directory checked as OpenSSH checks its
 * files: the directory and every directory above it belong to the user or
 * root, and none is writable by group or others unless it is sticky.  In
 * the user's own directory a file is written whole under a temporary name
 * and renamed into place (atomic; a planted link is replaced, never
 * followed); in a sticky directory others can write (/tmp itself) only
 * new files are made (O_CREAT | O_EXCL | O_NOFOLLOW).
 */
#ifndef CFX_SAFEFILE_H
#define CFX_SAFEFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "cfx/err.h"

typedef struct safefile_dir {
	char *path;            /* as given, malloc'd */
	int shared;            /* sticky and writable by others: new files only */
	int private_files;     /* set by the caller: files 0600 whatever the
	                        * umask (a history), else 0666 less it */
	char *fault;           /* after a failed open: the directory at fault,
	                        * malloc'd */
	int fault_errno;       /* and the errno of its mkdir when that failed
	                        * (0: it was refused) */
} safefile_dir;

/* Make dir (mode 0755 less the umask) if it is not there, and check it
 * and its parents.  Returns 0, or -1 with err (CFX_EIO) naming the
 * directory at fault (and d->fault naming it whole) and why.  Close d
 * either way. */
int safefile_dir_open(safefile_dir *d, const char *dir, cfx_err *err);

/* safefile_dir_open making also up to `parents` missing directories above
 * dir (mkdir -p of that many levels), dir and each of them with mode less
 * the umask, from the top down, each only after the directory it is made
 * in has passed safefile_dir_check: nothing is made where that check
 * fails. */
int safefile_dir_make(safefile_dir *d, const char *dir, int parents,
                      mode_t mode, cfx_err *err);

/* What safefile_dir_make(d, dir, parents, ...) would say, making nothing:
 * 0 when dir is there and passes the check, or would be made (each
 * missing level in a directory that passes it, mkdir allowed there);
 * else -1 with err, d->fault and d->fault_errno as that call would set
 * them.  Close d either way. */
int safefile_dir_would_make(safefile_dir *d, const char *dir, int parents,
                            cfx_err *err);
void safefile_dir_close(safefile_dir *d);

/* Check an existing directory dir and every directory on its path, as
 * given (a symbolic link must be the user's or root's) and as resolved:
 * each owned by the user or root, and sticky if others can write it.
 * Returns 0, or -1 with err (CFX_EIO) naming dir and the one at fault. */
int safefile_dir_check(const char *dir, cfx_err *err);

/* Whether safefile_write could make name in d as things are now (asked
 * before the work whose result it will hold): in a shared directory,
 * only if nothing is there by that name.  0, or -1 with err naming the
 * file, as safefile_write would say it. */
int safefile_can_write(const safefile_dir *d, const char *name, cfx_err *err);

/* Write len bytes of data to name (one path component) in d.  Returns 0,
 * or -1 with err (CFX_EIO) naming the file. */
int safefile_write(const safefile_dir *d, const char *name, const char *data,
                   size_t len, cfx_err *err);

/*
 * Add line (no newline in it) to the end of the file name in d, made if
 * need be, keeping its last max_lines lines, safely beside other
 * processes doing the same: the file is locked (flock) while it is read,
 * appended to (one write, O_APPEND) or, past max_lines, rewritten whole
 * under a temporary name and renamed into place; a process that waited
 * for the lock of a file renamed away opens the new one.  A link planted
 * in its place is never followed: replaced in the user's own directory,
 * refused in a shared one, as is a file there of another user's.  The
 * file must be a regular file of at most max_bytes bytes without a NUL
 * byte, else nothing is written.  Returns 0, or -1 with err naming the
 * file.
 */
int safefile_append_line(const safefile_dir *d, const char *name,
                         const char *line, size_t max_lines, size_t max_bytes,
                         cfx_err *err);

#endif
