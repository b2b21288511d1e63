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

#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "cfx/err.h"

#define TEXTFILE_LINE_MAX 65536          /* bytes in one line, newline aside */
#define TEXTFILE_MAX ((size_t)16 << 20)  /* a lesson, facts or script file */

/* A data file read line by line (key files, stats samples) may have at
 * most 2^22 lines (keys, comments and blank lines alike: 32 MiB of 64-bit
 * keys, 64 MiB with their sort) and 128 MiB of text (32 bytes a line),
 * checked as the lines come, so a pipe without end is refused in a
 * second instead of growing to gigabytes. */
#define TEXTFILE_DATA_LINES ((size_t)1 << 22)
#define TEXTFILE_DATA_BYTES ((size_t)128 << 20)

/* Open path for reading.  A regular file always; a FIFO (a pipe, a process
 * substitution) and the null device (/dev/null: empty, as a stdin of
 * /dev/null is) only when stream is set; a directory or another device
 * (a terminal, /dev/zero) never.
 * NULL with err (CFX_EIO, the path as token) otherwise; err's message is
 * the reason only ("a directory"), for the caller to say what it read.
 * Waiting for a FIFO's writer stops (CFX_EINTR, "interrupted") only once
 * *stop is set (stop may be NULL: never); a signal that leaves it unset
 * (a resize, a child's end) does not end the wait. */
FILE *textfile_open(const char *path, int stream,
                    const volatile sig_atomic_t *stop, cfx_err *err);

/* Whether standard input can be read: 0, or -1 with err (CFX_EIO, token
 * token, may be NULL) when it is closed (cfx <&-: main holds descriptor 0
 * with the null device opened for writing, so that nothing else takes it)
 * or open for writing only.  Asked before the first read, so that every
 * face says so in the same words rather than "Bad file descriptor". */
int textfile_stdin_check(const char *token, cfx_err *err);

/*
 * The next line of f in *buf (grown as need be, up to TEXTFILE_LINE_MAX + 1
 * bytes; free it after the last call), without its newline or a carriage
 * return before it.  Returns its length, -1 at the end of the input, or -2
 * with err when the line is longer than TEXTFILE_LINE_MAX, holds a NUL byte
 * or cannot be read (CFX_ELIMIT, CFX_ESYNTAX, CFX_EIO), or (CFX_EINTR) a
 * read from a pipe was interrupted by a signal that set *stop; a signal
 * that did not is no end of the line.  The token of a NUL byte is \x00,
 * of a long line its start, by the rule of a bad line (cfx_err_word).
 */
ssize_t textfile_line(FILE *f, char **buf, size_t *cap,
                      const volatile sig_atomic_t *stop, cfx_err *err);

/* Whether a data file whose first lines lines (counting the one just
 * read) took bytes bytes, newlines included, is still within the limits
 * above.  0, or -1 with err: CFX_ELIMIT, "WHAT has more than 2^22 lines"
 * or "WHAT is larger than 128 MiB", then hint if not NULL, token path. */
int textfile_data_within(size_t lines, size_t bytes, const char *what,
                         const char *hint, const char *path, cfx_err *err);

/* The whole of a regular file of at most max bytes and no NUL byte,
 * malloc'd and NUL-terminated, its length in *len (may be NULL); NULL with
 * err otherwise (CFX_ELIMIT for a bigger file). */
char *textfile_read(const char *path, size_t max, size_t *len, cfx_err *err);

#endif
