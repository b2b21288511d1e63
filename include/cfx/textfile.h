/*
 * textfile.h - reading the text files cfx is given, within bounds
 * (prefix textfile_).
 *
 * Every file cfx reads (key files, scripts, lessons, facts, progress) goes
 * through here, so that a device, a directory or an endless line is refused
 * with a message instead of hanging or eating memory: opening never blocks
 * (O_NONBLOCK), the file's type is checked before a byte is read, a line is
 * at most TEXTFILE_LINE_MAX bytes and holds no NUL byte, and a file read
 * whole is at most the size its caller names.
 */
#ifndef CFX_TEXTFILE_H
#define CFX_TEXTFILE_H

#include <stdio.h>
#include <sys/types.h>

#include "cfx/err.h"

#define TEXTFILE_LINE_MAX 65536          /* bytes in one line, newline aside */
#define TEXTFILE_MAX ((size_t)16 << 20)  /* a lesson, facts or script file */

/* Open path for reading.  A regular file always; a FIFO (a pipe, a process
 * substitution) only when stream is set; a directory or a device never.
 * NULL with err (CFX_EIO, the path as token) otherwise; err's message is
 * the reason only ("a directory"), for the caller to say what it read. */
FILE *textfile_open(const char *path, int stream, cfx_err *err);

/*
 * The next line of f in *buf (grown as need be, up to TEXTFILE_LINE_MAX + 1
 * bytes; free it after the last call), without its newline or a carriage
 * return before it.  Returns its length, -1 at the end of the input, or -2
 * with err when the line is longer than TEXTFILE_LINE_MAX, holds a NUL byte
 * or cannot be read (CFX_ELIMIT, CFX_ESYNTAX, CFX_EIO).
 */
ssize_t textfile_line(FILE *f, char **buf, size_t *cap, cfx_err *err);

/* The whole of a regular file of at most max bytes and no NUL byte,
 * malloc'd and NUL-terminated, its length in *len (may be NULL); NULL with
 * err otherwise (CFX_ELIMIT for a bigger file). */
char *textfile_read(const char *path, size_t max, size_t *len, cfx_err *err);

#endif
