/*
 * keysource.h - the keys of any family, including those that come from the
 * machine: key files, inode numbers under a directory, and the addresses
 * malloc returns (prefix keysource_).  Generated families are made by the
 * core (keys_generate); this is the one door for all of them.
 */
#ifndef CFX_KEYSOURCE_H
#define CFX_KEYSOURCE_H

#include "cfx/keys.h"

/*
 * Make the keys of ks on bits-bit words (1..64).  count is the number to
 * make (0: all, for file and inodes only).  Returns 0, or -1 with err set
 * (unreadable file, bad line, too many keys).
 */
int keysource_make(keys_set *set, const keys_spec *ks, unsigned bits,
                   size_t count, cfx_err *err);

/* keysource_make with a progress report that can also cancel (generated
 * families; file, inodes and malloc run to their end). */
int keysource_make_watched(keys_set *set, const keys_spec *ks, unsigned bits,
                           size_t count, keys_progress cb, void *ctx,
                           cfx_err *err);

#endif
