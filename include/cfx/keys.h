/*
 * keys.h - key families for bucket tests (prefix keys_).
 *
 *   seq[:START]        START, START+1, ...                    (START = 0)
 *   stride:S           0, S, 2S, ...
 *   random[:SEED]      uniform n-bit keys from GSL's MT19937  (SEED = 1)
 *   file:PATH          one integer per line, decimal or 0x hex; # comments
 *   malloc:SIZE        addresses malloc returns for K live SIZE-byte objects
 *   inodes:PATH        inode numbers of the files under PATH
 *   ptr:ALIGN[:SEED]   random pointer-like keys aligned to ALIGN (a power
 *                      of two), random above the alignment
 *   high:H[:SEED]      random in the top H bits of the word, zero below
 *   sparse:K[:SEED]    random values on K fixed random bit positions
 *
 * Parameters are expressions (stride:2^12).  Keys are reduced mod 2^n and
 * repeats removed; the set reports how many were made and how many are
 * distinct.  Generated families make `count` keys; file and inodes take
 * all they find unless a count is given.
 */
#ifndef CFX_KEYS_H
#define CFX_KEYS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"
#include "cfx/keysource.h"

#define KEYS_MAX KEYSOURCE_MAX              /* 2 GiB of keys */
#define KEYS_MALLOC_MAX KEYSOURCE_MALLOC_MAX  /* bytes for malloc:SIZE */

typedef enum {
	KEYS_SEQ, KEYS_STRIDE, KEYS_RANDOM, KEYS_FILE, KEYS_MALLOC,
	KEYS_INODES, KEYS_PTR, KEYS_HIGH, KEYS_SPARSE
} keys_kind;

typedef struct keys_spec {
	keys_kind kind;
	uint64_t arg;       /* START, S, SIZE, ALIGN, H or K */
	uint64_t seed;
	char *path;         /* file, inodes */
} keys_spec;

typedef struct keys_set {
	uint64_t *k;        /* distinct keys, in no particular order */
	size_t n;           /* distinct count */
	size_t made;        /* keys made or read before removing repeats */
} keys_set;

/* Names of the families, NULL-terminated (for help and completion). */
extern const char *const keys_family_names[];

/* Parse "family[:arg[:seed]]".  Free with keys_spec_free. */
int keys_parse(keys_spec *ks, const char *s, cfx_err *err);

/* A family's text in a keys_family: room for "inodes:" and a path of
 * PATH_MAX (4096) bytes, so every face takes the key files the command
 * line takes (score and verify read the option's text directly). */
#define KEYS_TEXT_MAX 4160

/*
 * A key family kept as text and parsed once, in one value that copies by
 * assignment (a face's state and its worker thread hold it): its text,
 * and either what keys_parse found (ok) or why it refused the text (err).
 */
typedef struct keys_family {
	char text[KEYS_TEXT_MAX];   /* as written */
	int ok;                     /* parsed: kind, arg, seed and the path */
	keys_kind kind;
	uint64_t arg, seed;
	unsigned path_at;           /* file:, inodes: the path, text + path_at */
	cfx_err err;                /* !ok: why */
} keys_family;

/* Parse s into f.  0, or -1 with f->ok = 0 and the error in f->err and
 * err (err may be NULL); a text of KEYS_TEXT_MAX bytes or more is
 * refused. */
int keys_family_set(keys_family *f, const char *s, cfx_err *err);

/* f as a keys_spec (f->ok must be set): its path points into f, so the
 * spec is valid while f is, and is never given to keys_spec_free. */
keys_spec keys_family_spec(const keys_family *f);

/* 0 if count keys are at most KEYS_MAX, else -1 with err (CFX_ELIMIT) in
 * --count's words: every face that bounds a key count says this. */
int keys_count_check(size_t count, cfx_err *err);
void keys_spec_free(keys_spec *ks);

/* "stride:4096" and the like; malloc'd. */
char *keys_describe(const keys_spec *ks);

/* True if the family makes keys itself, so a count is needed. */
int keys_generated(const keys_spec *ks);

/* Told how many of `total` keys are made, every million or so; returns
 * non-zero to stop (the maker then fails with CFX_EINTR). */
typedef int (*keys_progress)(void *ctx, size_t done, size_t total);

/*
 * Make the keys of ks on bits-bit words (1..64).  count is the number to
 * make (0: all, for file and inodes only).  Returns 0, or -1 with err set
 * (unreadable file, bad line, too many keys).  Files, directories and
 * malloc are read through the system layer (keysource.h).
 */
int keys_make(keys_set *set, const keys_spec *ks, unsigned bits, size_t count,
              const volatile sig_atomic_t *stop, cfx_err *err);

/* keys_make with a progress report that can also cancel (generated
 * families; file, inodes and malloc run to their end, but for a file that
 * is a pipe, whose read stops once *stop is set: stop may be NULL). */
int keys_make_watched(keys_set *set, const keys_spec *ks, unsigned bits,
                      size_t count, keys_progress cb, void *ctx,
                      const volatile sig_atomic_t *stop, cfx_err *err);

/*
 * The generated families' part of keys_make: the count keys of seq,
 * stride, random, ptr, high or sparse into set->k, set->made = count,
 * repeats kept (keys_finish removes them).  Returns 0, or -1 with err.
 */
int keys_generate(keys_set *set, const keys_spec *ks, unsigned bits,
                  size_t count, keys_progress cb, void *ctx, cfx_err *err);

/* Remove repeats from the set->made keys of set, unless the family cannot
 * repeat on bits-bit words; sets set->n.  Returns 0, or -1 with err (and
 * set freed) when memory runs out. */
int keys_finish(keys_set *set, const keys_spec *ks, unsigned bits,
                cfx_err *err);

/* Release the keys of set.  No operation on NULL. */
void keys_free(keys_set *set);

/* How many distinct keys the family can make on bits-bit words, as a
 * power of two: bits for seq, random, malloc, file and inodes; bits - t
 * for stride:S with S = odd * 2^t (its multiples repeat after 2^(bits-t));
 * bits - log2(ALIGN) for ptr; H for high:H and K for sparse:K (at most
 * bits).  0 when the family has a single key (stride:2^bits). */
unsigned keys_space_bits(const keys_spec *ks, unsigned bits);

/* True when the first `count` keys of a seq or stride family are every
 * key of that family's space: all 2^(bits-t) multiples of 2^t (t = 0 for
 * seq).  Any odd multiplier permutes such a set, so its bucket loads are
 * as even as they can be whatever the multiplier: a trivially uniform
 * test, which a front end should say. */
int keys_cover_word(const keys_spec *ks, unsigned bits, size_t count);

/* If the first `count` keys of ks on bits-bit words are the distinct
 * progression start + i step (seq and stride families), set them and
 * return 1 (a caller can then hash them without storing them); else 0. */
int keys_progression(const keys_spec *ks, unsigned bits, size_t count,
                     uint64_t *start, uint64_t *step);

#endif
