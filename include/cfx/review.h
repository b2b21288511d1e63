/*
 * review.h - a patch reviewed as a hash reviewer would (prefix review_).
 *
 * review_run reads a patch (patch.h), finds the multipliers it adds or
 * changes, and says what can be said without running anything:
 *
 *   multipliers: #defines and const initialisers whose name says
 *     hash/golden/mult/prime/ratio/phi/fib, #defines under a comment
 *     that speaks of a continued fraction, phi or the golden ratio,
 *     integer literals multiplied into a
 *     value that is then shifted right or hashed, and open-coded
 *     shift/add sequences (n <<= k; hash += n);
 *   the word, from the type, the literal's suffix and #if BITS_PER_LONG
 *     (and why), and the table size where the code shows it
 *     (hash_32(x, 10), >> (32 - bits), a *_BITS define), else 0 for
 *     verify's default range;
 *   the claims in the comments around each one, checked: a continued
 *     fraction expansion term by term (a trailing 0, a missing or an
 *     extra term named as such), convergents, closeness to phi, a power
 *     sum, "prime", a number of terms, shifts or additions;
 *   each open-coded sequence evaluated symbolically, exactly: every
 *     variable is a x + b mod 2^n in the input x, so the sequence is a
 *     multiplier, compared with the constant its comments name.
 *
 * The verdict (verify.h) needs the battery run, which a front end does on
 * its threads; review_verdict then turns the batteries into findings.
 * Everything reported is a finding: a level, a place, one sentence.
 */
#ifndef CFX_REVIEW_H
#define CFX_REVIEW_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/err.h"
#include "cfx/patch.h"
#include "cfx/verify.h"

/* Levels, lowest first.  ERROR and WARNING make `cfx review` exit 1;
 * CHECK is for the reviewer to look at; NOTE says what was confirmed. */
typedef enum { REVIEW_NOTE, REVIEW_CHECK, REVIEW_WARNING, REVIEW_ERROR }
	review_level;

typedef enum {
	REVIEW_DEFINE,       /* #define NAME VALUE */
	REVIEW_DECL,         /* [const] TYPE NAME = VALUE; */
	REVIEW_LITERAL,      /* x * LITERAL, then shifted or hashed */
	REVIEW_SEQUENCE      /* an open-coded shift/add multiply */
} review_kind;

#define REVIEW_NONE ((size_t)-1)

/* What said a multiplier's table size: nothing, the code where it is
 * used (hash_32(x, 10), >> 22, >> (32 - HASH_BITS)), a *_BITS define of
 * the file (when nothing closer does), or a shift by (32 - bits) with
 * bits a parameter or a variable: the code does not show it (verify's
 * default range, why_table says why); or a right shift of the product
 * by its whole width or more (undefined in C), which selects no table,
 * and no other use shows one: not judged (why_table says which shift). */
enum { REVIEW_TABLE_NONE, REVIEW_TABLE_CODE, REVIEW_TABLE_DEFINE,
       REVIEW_TABLE_UNKNOWN, REVIEW_TABLE_NOTHING };

/* Bounds that keep a review fast on any input: the C tokens of one side
 * of one file (2^22 of them take about 320 MB and a few seconds), and the
 * multipliers of one review (each goes through verify's battery, a third
 * of a second to a second). */
#define REVIEW_MAX_TOKENS (1 << 22)
#define REVIEW_MAX_MULT 256
/* The table sizes one multiplier is judged at from calls (review_call.c). */
#define REVIEW_MAX_TABS 8
/* The uses of one multiplier judged each on its own (the word or table
 * they say differs): past them, said not judged. */
#define REVIEW_MAX_USES 8
/* The bytes of all the inputs of one `cfx review` together (each is
 * also a data file of at most 128 MiB, textfile.h): every input is read
 * and reviewed before any is judged, so they are all held at once. */
#define REVIEW_MAX_INPUT ((size_t)256 << 20)

typedef struct review_mult {
	review_kind kind;
	size_t file;               /* index into the patch's files */
	unsigned long line;        /* where it is (a sequence: its first line) */
	unsigned long last;        /* a sequence's last line */
	char *name;                /* the define or variable ("" for a literal;
	                            * a sequence: the variable it computes) */
	char *text;                /* the value as written */
	mpz_t p;                   /* the multiplier (a sequence's mod 2^bits) */
	unsigned bits;             /* the word */
	char why_bits[288];        /* "under #if BITS_PER_LONG == 64 (line 40)" */
	unsigned table;            /* table bits, 0: verify's default range */
	char why_table[256];       /* where the code shows it (or, table 0,
	                            * why it does not: REVIEW_TABLE_UNKNOWN) */
	int table_src;             /* REVIEW_TABLE_*: what said the table */
	unsigned ntab;             /* tables the calls of a function give
	                            * (its bits parameter): more than one, */
	unsigned tabs[REVIEW_MAX_TABS];  /* all judged together, smallest first */
	int ctx_bits;              /* the #if context's word, 0: none */
	int long_word;             /* a sequence's word is a long's (64 bits
	                            * on LP64, 32 on ILP32) */
	unsigned lit_bits;         /* a literal that #if context alone gives
	                            * its word: its own type's width there
	                            * when wider than that word (C11 6.4.4.1),
	                            * else 0 */
	char lit_type[144];        /* and that type, and why: "long long (...)" */
	int has_old;               /* it replaces a constant: */
	mpz_t old;                 /*   its value */
	unsigned long old_line;    /*   and its line in the old file */
	char *old_text;
	size_t old_file;           /*   in a series, the file of the earlier
	                            *   patch that adds it (REVIEW_NONE) */
	unsigned long old_added_line;  /* and its line there */
	/* sequences */
	size_t same_as;            /* the multiplier it equals (REVIEW_NONE) */
	char *input;               /* the input variable */
	char *code;                /* the statements, one a line */
	char *decls;               /* the other variables it uses, "n, t" */
	int shift;                 /* right shift after it: its amount, -1
	                            * none, -2 not a constant (shift_text) */
	char shift_text[64];
	unsigned shifts, adds;     /* << and +/- steps it takes */
	int has_claim;             /* its comments name the constant: */
	mpz_t claim;               /*   that constant mod 2^bits (what a test
	                            *   of the sequence should expect) */
	int verify;                /* 1: a front end should run verify on it */
	/* passed into hash_32(), hash_64() or hash_long(), which multiply by
	 * GOLDEN_RATIO_32 or _64 again: p (and old) are then the product of
	 * the two mod 2^bits, the multiplier the keys really meet */
	char hashed_by[12];        /* "hash_32", "" when not */
	unsigned long hashed_line;
	unsigned hashed_word;      /* the word of that function */
	int hashed_long;           /* hash_long() or hash_ptr() with no #if
	                            * word: a long's, 64 bits on LP64 and 32
	                            * (hash_32()) on ILP32 */
	unsigned hashed_prod[2];   /* the width C computes the product handed
	                            * to it in, on LP64 and ILP32 (the usual
	                            * arithmetic conversions); 0: the other
	                            * operand's type is not known */
	/* "(u32)((v * C) >> 20)": a cast narrower than the word after a
	 * right shift keeps bits mid_shift .. mid_shift + mid_bits - 1 of
	 * the product, not its top bits (mid_bits 0: no such cast) */
	unsigned mid_shift, mid_bits;
	char hashed_why[128];      /*   its operands' types, or the operand
	                            *   whose type is not known */
	int composite;             /* p is the product (own is as written) */
	unsigned written_bits;     /* a cast cuts the product to bits (p is
	                            * own mod 2^bits): the word of own, which
	                            * its comments' claims are about; else 0 */
	mpz_t own;
	/* a #define or const used several ways (x * M >> 24 here,
	 * hash_32(x * M, 10) there): each use that says another word or
	 * table is judged on its own, as a copy of the multiplier made at
	 * that use (use_of its first's index, REVIEW_NONE for the first;
	 * nuses, on the first, the uses so judged) from its word before
	 * any use said one (base_bits, base_why) */
	size_t use_of;
	unsigned nuses;
	unsigned base_bits;
	char base_why[224];
	/* verify's verdict, set by review_verdict (judged 0: not judged):
	 * FAIL or PASS as verify's JSON says it, the checks that WARN, and
	 * the largest R of its families (verify --json's battery) */
	int long_shift;            /* its table's shift counts BITS_PER_LONG
	                            * with no #if word (read as LP64's 64):
	                            * 32 where long is 32 bits */
	int long_prod;             /*   and C computes the product shifted
	                            *   in a long (unsigned long key * u32
	                            *   C): 32 bits where long is */
	int judged;
	int failed;
	size_t warned;
	double worst_r;
} review_mult;

typedef struct review_finding {
	review_level level;
	size_t file;
	unsigned long line;
	size_t mult;               /* the multiplier it is about, or REVIEW_NONE */
	char kind[12];             /* "multiplier", "word", "table", "claim",
	                            * "sequence", "verdict" */
	char *msg;
	unsigned col;              /* its column (review_columns), 0: not yet */
} review_finding;

typedef struct review {
	patch pt;
	/* the other inputs read beside this one (review_run_with): their
	 * files follow pt's own nown files in pt.files; they give tables
	 * and uses, not multipliers of their own */
	patch *ctx;
	size_t nctx, nown;
	size_t body_mail;          /* the mail whose body is being read (pt.body,
	                            * one of pt.bodies) */
	review_mult *mult;
	size_t nmult, capm;
	review_finding *find;
	size_t nfind, capf;
} review;

/*
 * Read and review text (len bytes) named name into r (not initialised).
 * Returns 0, or -1 with err (patch_read's: not a diff and no C;
 * CFX_ELIMIT: a file side of more than REVIEW_MAX_TOKENS tokens, the
 * file as token, or more than REVIEW_MAX_MULT multipliers, the first one
 * past them as token).  Free with review_free, also after an error.
 */
int review_run(review *r, const char *text, size_t len, const char *name,
               cfx_err *err);

/* One input of a review: its text (len bytes) and its name. */
typedef struct review_text {
	const char *text;
	size_t len;
	const char *name;
} review_text;

/* The inputs read together (at most this many bytes beside each one;
 * beyond it each input is reviewed alone). */
#define REVIEW_MAX_BESIDE ((size_t)8 << 20)

/*
 * review_run, with the other inputs of the same review (others[0..n))
 * read beside text: a function, a *_BITS define or a use of its
 * multipliers in one of them gives their tables as the patch's own files
 * would ("cfx review foo.h foo.c": foo.h's multiplier, foo.c's calls).
 * Multipliers are only text's; findings on the others' lines are kept
 * when they are about text's multipliers (a table's).  An input of the
 * others that is no patch and no C is passed over.
 */
int review_run_with(review *r, const char *text, size_t len,
                    const char *name, const review_text *others, size_t n,
                    cfx_err *err);

/*
 * The verdict of multiplier i from its battery bt (judged) and, when it
 * replaces a constant, old's (NULL: none; judged at the same word and
 * tables) as a finding: ERROR when bt FAILs, CHECK for WARN families,
 * NOTE when it passes; with the old one beside it.
 */
void review_verdict(review *r, size_t i, const verify_battery *bt,
                    const verify_battery *old);

/*
 * The claims of one comment (text as review reads it: one comment line
 * a line, decoration dropped; its first line is line0) about multiplier
 * i, checked, as findings: a continued fraction expansion term by term,
 * convergents, closeness to phi, a power sum, prime, the number of terms,
 * shifts and additions.  Confirmed: NOTE; wrong: WARNING, with the right
 * value beside it.  Every sentence on a line the patch adds (added[k] ==
 * '+' for line line0 + k; NULL: every line) that makes a claim no check
 * computes (a compiler's code, speed, distribution, how it was found, a
 * judgement), or in which no check read a claim, is a CHECK "not
 * checked: "CLAUSE": why".
 */
void review_claims(review *r, size_t i, const char *text,
                   unsigned long line0, const char *added);

/*
 * The claims of the mail's body (r->pt.body: the commit message around
 * the diff) about multiplier i, checked as review_claims checks a
 * comment's, as findings on the input's own lines (file
 * r->pt.body_file), its mail headers and trailers (Cc:, Signed-off-by:)
 * left out, and its sentences that name another constant and not this
 * one left to that one.  Its sentences are prose, not all claims: with
 * list_unchecked, the ones that make a claim no check computes and name
 * this constant (or none, when the patch has one constant) are listed
 * (CHECK), never a sentence for making none; without, nothing is listed.
 * No operation when there is no body.
 */
void review_body_claims(review *r, size_t i, int list_unchecked);

/* The first power sum in text ("2^31 + 2^29 - ... + 1": at least two
 * terms) into v, as written (spaces normalised) into sum, and its line
 * (text starts at line0) into *line.  1 if there is one, else 0. */
int review_power_sum(const char *text, unsigned long line0, mpz_t v,
                     char *sum, size_t n, unsigned long *line);

/*
 * Sequence i against the constant its comments name (want, NULL: none;
 * what says where it was named; at: the line): NOTE when the sequence
 * is proved to compute x * want mod 2^bits, ERROR with the smallest input
 * whose product (or table index, when the right shift is known) differs
 * when not.  Called once per constant named.
 */
void review_sequence_verdict(review *r, size_t i, mpz_srcptr want,
                             const char *what, unsigned long at);

/* Which top bits of sequence i's product index the table (a NOTE, when a
 * right shift follows it). */
void review_sequence_table(review *r, size_t i);

/* Add a finding (printf-style message). */
void review_add(review *r, review_level lv, size_t file, unsigned long line,
                size_t mult, const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Findings in file and line order, the ones of one line in the order
 * they were found (a stable sort); a finding that says at its place
 * what one before it says there (level, kind and message) is dropped. */
void review_sort(review *r);

/* Each finding's column on its line (bytes from 1, a tab one, as clang
 * counts), for gcc's FILE:LINE:COLUMN: on the multiplier's own line,
 * where its value as written starts (else its name, a whole word); on
 * another line (a comment's claim, a shift), where the comment's text
 * starts, else the line's first non-blank.  After review_sort. */
void review_columns(review *r);

/* Counts per level into n[4] (indexed by review_level). */
void review_count(const review *r, size_t n[4]);

/* "ERROR", "WARNING", "CHECK", "NOTE"; gcc's "error", "warning", "note",
 * "note" with gcc set. */
const char *review_level_name(review_level lv, int gcc);

/* The C type of a bits-bit word in kernel spelling ("u32", "u64"), for
 * emitted code; words other than 8, 16, 32, 64 take the next wider. */
const char *review_ctype(unsigned bits);

void review_free(review *r);

#endif
