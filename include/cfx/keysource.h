/*
 * keysource.h - keys that come from the machine: key files, the inode
 * numbers under a directory, and the addresses malloc returns (prefix
 * keysource_).  The system layer's half of the key families; keys.h's
 * keys_make calls these for file:, inodes: and malloc: and makes the other
 * families itself.
 */
#ifndef CFX_KEYSOURCE_H
#define CFX_KEYSOURCE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"

#define KEYSOURCE_MAX ((size_t)1 << 28)              /* 2 GiB of keys */
#define KEYSOURCE_MALLOC_MAX ((uint64_t)4 << 30)     /* bytes for malloc: */

/*
 * A key file is a data file of textfile.h: at most TEXTFILE_DATA_LINES
 * lines and TEXTFILE_DATA_BYTES bytes, checked as the lines come (a pipe
 * that never ends).  A walk of inodes:PATH stops after 2^18 entries (a
 * second or two of stat() on a warm cache; the whole file system could
 * take minutes).  A count takes the first keys of a bigger file or tree.
 */
#define KEYSOURCE_INODES_MAX ((size_t)1 << 18)

/* Keys as they came, repeats and all: free k with free(). */
typedef struct keysource_keys {
	uint64_t *k;
	size_t made;
} keysource_keys;

/*
 * Into set (not initialised): the integers of the text file at path, one
 * a line, decimal or 0x hex, # comments (file:PATH); or the inode numbers
 * of the files under path (inodes:PATH); each taken & mask, at most count
 * (0: all, within the limits above).  Returns 0, or -1 with err
 * (unreadable, a bad line, no keys, too many: CFX_ELIMIT, the path as
 * token).  CFX_TEST_INODES_MAX (an integer below KEYSOURCE_INODES_MAX)
 * lowers the walk's limit, for the tests.  set->k is the caller's to free(),
 * whether or not the call succeeded (keys read before an error stay).
 * A file that is a pipe stops being read (CFX_EINTR) once *stop is set
 * (stop may be NULL), not at another signal (textfile.h).
 */
int keysource_file(keysource_keys *set, const char *path, uint64_t mask,
                   size_t count, const volatile sig_atomic_t *stop,
                   cfx_err *err);
int keysource_inodes(keysource_keys *set, const char *path, uint64_t mask,
                     size_t count, cfx_err *err);

/* The addresses malloc returns for count (>= 1) live objects of size
 * bytes, & mask (malloc:SIZE).  Returns 0, or -1 with err. */
int keysource_malloc(keysource_keys *set, uint64_t size, uint64_t mask,
                     size_t count, cfx_err *err);

#endif
