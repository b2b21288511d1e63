/*
 * keys.c - key families: parsing, the generated families and the rules of
 * repeats (see keys.h).  Reading files, walking directories and sampling
 * malloc are the system layer's (keysource.h), called from keys_make.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <gsl/gsl_rng.h>

#include "cfx/expr.h"
#include "cfx/keys.h"
#include "cfx/keysource.h"
#include "cfx/mem.h"
#include "cfx/sort.h"
#include "cfx/word.h"
#include "util/xalloc.h"

const char *const keys_family_names[] = {
	"seq", "stride", "random", "file", "malloc", "inodes", "ptr", "high",
	"sparse", NULL
};

/* Parse an expression parameter into a uint64. */
static int param(const char *s, const char *whole, uint64_t *out,
                 const char *what, cfx_err *err)
{
	mpz_t z;
	int rc;

	mpz_init(z);
	rc = expr_eval_text_int(s, z, err);
	if (rc == 0 && (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > 64))
		rc = cfx_err_set(err, CFX_EDOMAIN, -1, whole,
		                 "%s must be in [0, 2^64)", what);
	else if (rc < 0 && err && err->code != CFX_EINTR) {
		/* report the whole family string with the parameter's problem
		 * (Ctrl-C while it was evaluated: "interrupted", as it is) */
		char why[sizeof err->msg];
		memcpy(why, err->msg, sizeof why);
		rc = cfx_err_set(err, err->code, -1, whole, "bad %s: %s", what, why);
	}
	if (rc == 0)
		*out = mpz_get_ui(z);
	mpz_clear(z);
	return rc;
}

int keys_parse(keys_spec *ks, const char *s, cfx_err *err)
{
	const char *colon = strchr(s, ':');
	size_t len = colon ? (size_t)(colon - s) : strlen(s);
	const char *rest = colon ? colon + 1 : NULL;
	char *arg = NULL, *seed;
	int i, rc = 0;

	memset(ks, 0, sizeof *ks);
	ks->seed = 1;
	for (i = 0; keys_family_names[i]; i++)
		if (strlen(keys_family_names[i]) == len &&
		    !strncmp(keys_family_names[i], s, len))
			break;
	if (!keys_family_names[i]) {
		/* the names, from the one table: "seq, stride, ... or sparse" */
		char list[160];
		size_t at = 0;
		int k;
		for (k = 0; keys_family_names[k] && at < sizeof list; k++)
			at += (size_t)snprintf(list + at, sizeof list - at, "%s%s",
			                       k == 0 ? "" : keys_family_names[k + 1]
			                       ? ", " : " or ", keys_family_names[k]);
		return cfx_err_set(err, CFX_EUSAGE, -1, s, "unknown key family: "
		                   "%s", list);
	}
	ks->kind = (keys_kind)i;
	if (ks->kind == KEYS_FILE || ks->kind == KEYS_INODES) {
		if (!rest || !*rest)
			return cfx_err_set(err, CFX_EUSAGE, -1, s,
			                   "family needs a path (%s:PATH)",
			                   keys_family_names[i]);
		ks->path = xstrdup(rest);
		return 0;
	}
	if (rest)
		arg = xstrdup(rest);
	seed = arg ? strchr(arg, ':') : NULL;
	if (seed)
		*seed++ = '\0';
	switch (ks->kind) {
	case KEYS_SEQ:
	case KEYS_RANDOM:
		if (seed) {
			rc = cfx_err_set(err, CFX_EUSAGE, -1, s, "too many parameters");
			break;
		}
		if (arg)
			rc = param(arg, s, ks->kind == KEYS_SEQ ? &ks->arg : &ks->seed,
			           ks->kind == KEYS_SEQ ? "start" : "seed", err);
		break;
	default:
		if (!arg || !*arg) {
			static const char *const need[] = {
				[KEYS_STRIDE] = "stride:S", [KEYS_MALLOC] = "malloc:SIZE",
				[KEYS_PTR] = "ptr:ALIGN", [KEYS_HIGH] = "high:H",
				[KEYS_SPARSE] = "sparse:K",
			};
			rc = cfx_err_set(err, CFX_EUSAGE, -1, s,
			                 "family needs a parameter (%s)", need[ks->kind]);
			break;
		}
		if (seed && ks->kind != KEYS_PTR && ks->kind != KEYS_HIGH &&
		    ks->kind != KEYS_SPARSE) {
			rc = cfx_err_set(err, CFX_EUSAGE, -1, s, "too many parameters");
			break;
		}
		rc = param(arg, s, &ks->arg, "parameter", err);
		if (rc == 0 && seed)
			rc = param(seed, s, &ks->seed, "seed", err);
		if (rc < 0)
			break;
		if (ks->kind == KEYS_STRIDE && ks->arg == 0)
			rc = cfx_err_set(err, CFX_EDOMAIN, -1, s,
			                 "stride must not be zero");
		else if (ks->kind == KEYS_MALLOC && ks->arg == 0)
			rc = cfx_err_set(err, CFX_EDOMAIN, -1, s,
			                 "size must not be zero");
		else if (ks->kind == KEYS_PTR &&
		         (ks->arg == 0 || (ks->arg & (ks->arg - 1))))
			rc = cfx_err_set(err, CFX_EDOMAIN, -1, s,
			                 "alignment must be a power of two");
		else if ((ks->kind == KEYS_HIGH || ks->kind == KEYS_SPARSE) &&
		         (ks->arg == 0 || ks->arg > 64))
			rc = cfx_err_set(err, CFX_EDOMAIN, -1, s,
			                 "bit count must be in 1..64");
		break;
	}
	free(arg);
	return rc;
}

int keys_family_set(keys_family *f, const char *s, cfx_err *err)
{
	keys_spec ks;
	size_t len = strlen(s);

	memset(f, 0, sizeof *f);
	memcpy(f->text, s, len < KEYS_TEXT_MAX ? len : KEYS_TEXT_MAX - 1);
	if (len >= KEYS_TEXT_MAX)
		cfx_err_set(&f->err, CFX_ELIMIT, -1, s, "a key family of at most "
		            "%d characters", KEYS_TEXT_MAX - 1);
	else if (keys_parse(&ks, s, &f->err) == 0) {
		f->ok = 1;
		f->kind = ks.kind;
		f->arg = ks.arg;
		f->seed = ks.seed;
		/* keys_parse's path is the text after the family's colon */
		if (ks.path)
			f->path_at = (unsigned)(strchr(f->text, ':') + 1 - f->text);
		keys_spec_free(&ks);
		return 0;
	}
	if (err)
		*err = f->err;
	return -1;
}

keys_spec keys_family_spec(const keys_family *f)
{
	keys_spec ks = { f->kind, f->arg, f->seed, NULL };

	assert(f->ok);
	if (f->kind == KEYS_FILE || f->kind == KEYS_INODES)
		ks.path = (char *)f->text + f->path_at;
	return ks;
}

void keys_spec_free(keys_spec *ks)
{
	if (!ks)
		return;
	free(ks->path);
	ks->path = NULL;
}

char *keys_describe(const keys_spec *ks)
{
	const char *name = keys_family_names[ks->kind];
	unsigned long long arg = ks->arg, seed = ks->seed;

	switch (ks->kind) {
	case KEYS_FILE: case KEYS_INODES:
		return xasprintf("%s:%s", name, ks->path);
	case KEYS_RANDOM:
		return xasprintf("%s:%llu", name, seed);
	case KEYS_PTR: case KEYS_HIGH: case KEYS_SPARSE:
		if (seed != 1)
			return xasprintf("%s:%llu:%llu", name, arg, seed);
		return xasprintf("%s:%llu", name, arg);
	default:
		return xasprintf("%s:%llu", name, arg);
	}
}

int keys_generated(const keys_spec *ks)
{
	return ks->kind != KEYS_FILE && ks->kind != KEYS_INODES;
}

/* ---- generated families ---------------------------------------------- */

static uint64_t rng64(gsl_rng *r)
{
	/* MT19937 gives 32 bits a draw */
	uint64_t hi = gsl_rng_get(r);
	return hi << 32 | gsl_rng_get(r);
}

/* What the random-like families need between slices. */
typedef struct gen_state {
	gsl_rng *r;
	unsigned pos[64], npos;      /* sparse: the chosen bit positions */
} gen_state;

/* Keys [from, to) of a generated family (not malloc). */
static void fill(const keys_spec *ks, gen_state *g, unsigned bits,
                 uint64_t *k, size_t from, size_t to)
{
	uint64_t mask = word_mask(bits);
	size_t i;
	unsigned j;

	switch (ks->kind) {
	case KEYS_SEQ:
		for (i = from; i < to; i++)
			k[i] = (ks->arg + i) & mask;
		break;
	case KEYS_STRIDE:
		for (i = from; i < to; i++)
			k[i] = (ks->arg * i) & mask;
		break;
	case KEYS_RANDOM:
		for (i = from; i < to; i++)
			k[i] = rng64(g->r) & mask;
		break;
	case KEYS_PTR:
		for (i = from; i < to; i++)
			k[i] = rng64(g->r) & mask & ~(ks->arg - 1);
		break;
	case KEYS_HIGH: {
		unsigned h = ks->arg > bits ? bits : (unsigned)ks->arg;
		for (i = from; i < to; i++)
			k[i] = (rng64(g->r) & word_mask(h)) << (bits - h) & mask;
		break;
	}
	case KEYS_SPARSE:
		for (i = from; i < to; i++) {
			uint64_t v = rng64(g->r), key = 0;
			for (j = 0; j < g->npos; j++)
				key |= ((v >> j) & 1) << g->pos[j];
			k[i] = key;
		}
		break;
	default:
		break;
	}
}

#define SLICE ((size_t)1 << 20)   /* keys made between progress reports */

int keys_generate(keys_set *set, const keys_spec *ks, unsigned bits,
                  size_t count, keys_progress cb, void *ctx, cfx_err *err)
{
	gen_state g = { 0 };
	size_t from, to;
	int rc = 0;

	assert(keys_generated(ks) && ks->kind != KEYS_MALLOC);
	assert(bits >= 1 && bits <= 64);
	if (count == 0)
		return cfx_err_set(err, CFX_EUSAGE, -1, NULL,
		                   "this key family needs a count");
	if (!(set->k = mem_big(count * sizeof *set->k, 0)))
		return mem_fail(count * sizeof *set->k, "the keys", err);
	if (ks->kind == KEYS_RANDOM || ks->kind == KEYS_PTR ||
	    ks->kind == KEYS_HIGH || ks->kind == KEYS_SPARSE) {
		if (!(g.r = gsl_rng_alloc(gsl_rng_mt19937)))
			return mem_fail(sizeof (gsl_rng) + gsl_rng_mt19937->size,
			                "the random generator", err);
		gsl_rng_set(g.r, (unsigned long)ks->seed);
	}
	if (ks->kind == KEYS_SPARSE) {
		unsigned want = ks->arg > bits ? bits : (unsigned)ks->arg;
		int used[64] = { 0 };
		/* choose the positions once, then fill them at random */
		while (g.npos < want) {
			unsigned p = (unsigned)gsl_rng_uniform_int(g.r, bits);
			if (!used[p]) {
				used[p] = 1;
				g.pos[g.npos++] = p;
			}
		}
	}
	for (from = 0; from < count && rc == 0; from = to) {
		to = count - from > SLICE ? from + SLICE : count;
		fill(ks, &g, bits, set->k, from, to);
		if (cb && cb(ctx, to, count))
			rc = cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
	}
	gsl_rng_free(g.r);
	if (rc == 0)
		set->made = count;
	return rc;
}

/* The largest t <= 64 with 2^t dividing s (64 for s = 0). */
static unsigned twos(uint64_t s)
{
	unsigned t = 0;

	while (t < 64 && !(s & 1)) {
		s >>= 1;
		t++;
	}
	return t;
}

unsigned keys_space_bits(const keys_spec *ks, unsigned bits)
{
	unsigned t;

	assert(bits >= 1 && bits <= 64);
	switch (ks->kind) {
	case KEYS_STRIDE:
	case KEYS_PTR:
		t = twos(ks->arg);
		return t >= bits ? 0 : bits - t;
	case KEYS_HIGH:
	case KEYS_SPARSE:
		return ks->arg < bits ? (unsigned)ks->arg : bits;
	default:
		return bits;
	}
}

int keys_cover_word(const keys_spec *ks, unsigned bits, size_t count)
{
	unsigned space = keys_space_bits(ks, bits);

	if (ks->kind != KEYS_SEQ && ks->kind != KEYS_STRIDE)
		return 0;
	return space < 64 && count >= ((uint64_t)1 << space);
}

/* True when the family cannot repeat a key, so no sort is needed. */
static int surely_distinct(const keys_spec *ks, unsigned bits, size_t count)
{
	unsigned space = keys_space_bits(ks, bits);

	if (ks->kind != KEYS_SEQ && ks->kind != KEYS_STRIDE)
		return 0;
	/* k S mod 2^n repeats with period 2^(n - t), S = odd * 2^t */
	return space >= 64 || count <= ((uint64_t)1 << space);
}

int keys_finish(keys_set *set, const keys_spec *ks, unsigned bits,
                cfx_err *err)
{
	size_t n;

	set->n = set->made;
	if (surely_distinct(ks, bits, set->made))
		return 0;
	if ((n = sort_unique_u64(set->k, set->made)) == (size_t)-1) {
		size_t bytes = set->made * sizeof *set->k;
		keys_free(set);
		return mem_fail(bytes, "the keys' sort", err);
	}
	set->n = n;
	return 0;
}

/* Whether the memory count generated or malloc keys take may be had: the
 * keys, their sort unless they are surely distinct, malloc's objects. */
static int need(const keys_spec *ks, unsigned bits, size_t count, cfx_err *err)
{
	uint64_t start, step;
	size_t bytes = count * sizeof (uint64_t);

	if (!keys_progression(ks, bits, count, &start, &step))
		bytes *= 2;
	if (ks->kind == KEYS_MALLOC && count) {   /* the objects, saturating */
		size_t more = ks->arg > SIZE_MAX / count - sizeof (void *) ? SIZE_MAX
		              : count * ((size_t)ks->arg + sizeof (void *));
		bytes = more > SIZE_MAX - bytes ? SIZE_MAX : bytes + more;
	}
	return mem_check(bytes, "the keys", err);
}

int keys_count_check(size_t count, cfx_err *err)
{
	if (count > KEYS_MAX)
		return cfx_err_set(err, CFX_ELIMIT, -1, NULL, "%zu keys: --count "
		                   "must be between 1 and %zu", count,
		                   (size_t)KEYS_MAX);
	return 0;
}

static int make(keys_set *set, const keys_spec *ks, unsigned bits,
                size_t count, keys_progress cb, void *ctx,
                const volatile sig_atomic_t *stop, cfx_err *err)
{
	keysource_keys from = { NULL, 0 };
	uint64_t mask = word_mask(bits);
	int rc;

	memset(set, 0, sizeof *set);
	if (keys_count_check(count, err) < 0)
		return -1;
	if (keys_generated(ks) && need(ks, bits, count, err) < 0)
		return -1;
	/* files, directories and malloc are the system layer's */
	if (ks->kind == KEYS_FILE)
		rc = keysource_file(&from, ks->path, mask, count, stop, err);
	else if (ks->kind == KEYS_INODES)
		rc = keysource_inodes(&from, ks->path, mask, count, err);
	else if (ks->kind == KEYS_MALLOC)
		rc = keysource_malloc(&from, ks->arg, mask, count, err);
	else
		rc = keys_generate(set, ks, bits, count, cb, ctx, err);
	if (from.k) {
		set->k = from.k;
		set->made = from.made;
	}
	if (rc < 0) {
		keys_free(set);
		return rc;
	}
	return keys_finish(set, ks, bits, err);
}

int keys_make(keys_set *set, const keys_spec *ks, unsigned bits, size_t count,
              const volatile sig_atomic_t *stop, cfx_err *err)
{
	return make(set, ks, bits, count, NULL, NULL, stop, err);
}

int keys_make_watched(keys_set *set, const keys_spec *ks, unsigned bits,
                      size_t count, keys_progress cb, void *ctx,
                      const volatile sig_atomic_t *stop, cfx_err *err)
{
	return make(set, ks, bits, count, cb, ctx, stop, err);
}

int keys_progression(const keys_spec *ks, unsigned bits, size_t count,
                     uint64_t *start, uint64_t *step)
{
	if ((ks->kind != KEYS_SEQ && ks->kind != KEYS_STRIDE) || count == 0 ||
	    count > KEYS_MAX || !surely_distinct(ks, bits, count))
		return 0;
	*start = ks->kind == KEYS_SEQ ? ks->arg & word_mask(bits) : 0;
	*step = ks->kind == KEYS_SEQ ? 1 : ks->arg & word_mask(bits);
	return 1;
}

void keys_free(keys_set *set)
{
	if (!set)
		return;
	free(set->k);
	set->k = NULL;
	set->n = set->made = 0;
}
