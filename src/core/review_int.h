/*
 * review_int.h - what the files of `cfx review`'s C reader share (private
 * to src/core/review*.c; the interface is include/cfx/review.h).
 *
 * review.c walks each side of a patched file and calls the other files
 * (review_find.c: the multipliers it meets, their word, table and
 * claims); what they share is the state of that walk and the small readers it is
 * made of.  The types: the tokens of a side (tok, toks: review_lex.c);
 * the #if context (ifctx) and the patch's #defines with their hash index
 * (define, defs: review_ctx.c); a C-level if on the word (cif); the walk
 * itself (walk: the file, its tokens, the contexts, the comments since
 * the last statement, the function's variables as sym, a x + b mod 2^n);
 * the evaluator's value and state (val, ev, the NL_* steps that are no
 * multiply: review_eval.c); a type's width in the LP64 and ILP32 data
 * models (cwidth: review_width.c); and a comment under check with its
 * sentences (claims, claim_sentence: review_claim.c, review_cf.c,
 * review_check.c).  Then the functions of each file, under its name.
 * Nothing here is for the front ends: they use review.h.
 */
#ifndef CFX_CORE_REVIEW_INT_H
#define CFX_CORE_REVIEW_INT_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/constant.h"
#include "cfx/review.h"
#include "util/buf.h"

enum { T_IDENT, T_NUM, T_OP, T_STR, T_PP, T_COMMENT };

typedef struct tok {
	int type;
	char *s;                 /* the token (a comment: its text) */
	unsigned long line;      /* its line in the file */
	size_t li;               /* index of its patch line */
	int added;               /* on a '+' line */
	int tail;                /* a comment on a directive's line, after it */
} tok;

typedef struct toks {
	tok *t;
	size_t n, cap;
} toks;

#define MAX_IF 32

typedef struct ifctx {
	int depth;
	int seen[MAX_IF];        /* words of the branches so far (bit 32: 1,
	                          * bit 64: 2) */
	unsigned cur[MAX_IF];    /* the word of the branch we are in, 0 */
	unsigned long line[MAX_IF];
	char cond[MAX_IF][48];
	unsigned long deep_line; /* the line of the first #if nested past
	                          * MAX_IF (not read) while depth > MAX_IF */
} ifctx;

typedef struct define {
	char *name;
	char *text;              /* the value as written */
	int valid;               /* an integer literal (or a name of one) */
	mpz_t v;
	int suffix_long;
	int expr;                /* an expression of literals (review_cexpr;
	                          * valid 0): v is its value in its C type,
	                          * negative when a negative signed value,
	                          * read by review_define_found only */
	char etype[24];          /*   that type */
	char *ub;                /*   what in it C leaves undefined, or NULL */
	char *bad;               /* a malformed literal of its value, or NULL */
	unsigned ctx;            /* the #if word around it */
	size_t file;
	unsigned long line;
	int added;
	size_t tok;              /* its token in the side's lex */
	unsigned long hash;      /* of name */
	size_t next;             /* the one before it in its bucket */
} define;

/* Defines in patch order, and a hash index of their names: a bucket's
 * chain runs from the newest define to the oldest. */
typedef struct defs {
	define *d;
	size_t n, cap;
	size_t *head;            /* nhead buckets (a power of 2), REVIEW_NONE */
	size_t nhead;
} defs;


/* A C-level "if (COND)" or "else" whose condition selects a word. */
typedef struct cif {
	int depth;               /* the block it governs (-1: one statement) */
	unsigned word;           /* 32, 64, 0: none */
	unsigned long line;
	char cond[112];          /* "if (BITS_PER_LONG == 64)" */
} cif;

#define MAX_VARS 32

/* The comments a walk keeps since the last statement, and of a function
 * (before it and inside): a bound only hostile input meets, for each is
 * read against each multiplier of its statement or function; claims in
 * the ones past it are said not checked (review_lost_comments). */
#define REVIEW_MAX_COMMENTS 256

typedef struct sym {
	char name[32];
	unsigned bits;           /* 0: not declared here (the word's) */
	int known;               /* a x + b */
	uint64_t a, b;
	unsigned adds, shifts;   /* steps that made it */
	int is_input;
	int is_ptr;
	int is_long;             /* declared long: bits is LP64's */
	int read;                /* read by a step since it was last set: a
	                          * temporary of the run, not its result */
	unsigned cut;            /* its top cut bits are 0 (val's cut) */
} sym;

/* What the evaluator holds of a function at a point of its body: its
 * variables, its word, the statements since its input was read, and the
 * run's steps (the first branch of an #if inside a function, kept while
 * the next is read: review.c's alternatives). */
/* A step of a run: the variable statement [.., end] set, its value
 * there (a x + b on bits), and the comment after it on its line (a
 * per-step claim, review_about.c's step_claim), REVIEW_NONE when none. */
#define MAX_STEPS 64

typedef struct step {
	char name[32];
	size_t end, comment;
	size_t above;            /* a comment on its own line just above it,
	                          * after an earlier step: a per-step claim
	                          * too; REVIEW_NONE when none */
	unsigned long line;
	unsigned bits;
	int known;
	uint64_t a, b;
} step;

typedef struct fn_state {
	sym var[MAX_VARS];
	step steps[MAX_STEPS];   /* the run's steps, in order */
	size_t nsteps;
	size_t above;            /* an own-line comment after a step, for the
	                          * step below it (step.above), or 0 */
	size_t nvar;
	int have_input;
	unsigned word;           /* the function's word (first declared) */
	int word_long;           /* that declaration's type is long */
	unsigned long code_line; /* the first statement of walk.code */
	int code_added;          /* one of them is on a '+' line */
	/* steps that are no multiply by a constant (a right shift, an xor,
	 * ...) met on a value of the input since the run began: the first
	 * one's statement, reported at the end of the run when the run is
	 * shift/add code (run_shifts left shifts, run_adds additions) */
	unsigned nl;
	unsigned long nl_line;
	char nl_stmt[96];
	int nl_added;
	unsigned run_shifts, run_adds;
} fn_state;

typedef struct walk_state {
	fn_state f;
	char *code;              /* walk.code's text, malloc'd */
} walk_state;

/* An #if inside a function: the state where it opens, and the end of
 * the branches read so far (done, when has_done). */
typedef struct walk_alt {
	walk_state start, done;
	int has_done;
	int depth;               /* the brace depth it opened at */
} walk_alt;

#define MAX_ALTS 4

/* A function whose bits parameter sets multiplier mi's table (its
 * product shifted right by (wv - param) at line sh_line of file `file`,
 * the function defined at tokens [open, close] there): kept from the walk
 * of that file for its calls in the patch's other files
 * (review_call_others), with the calls found so far. */
typedef struct call_spec {
	size_t mi, file;
	char fn[64], param[32];
	size_t pidx;
	unsigned long wv, sh_line;
	char sh_place[96];       /* the shift, said from the multiplier's
	                          * file: "line 6", "lib/foo.c:6" */
	size_t open, close;
	unsigned pb;             /* param's width, and */
	int is_signed;           /*   whether its type is signed */
	char list[512];          /* the calls that gave a table, as said */
	char one_why[64], one_place[96];   /* the last of them, and */
	char one_fn[64];         /*   the name it called (fn or a define of it) */
	size_t ncall, nknown;    /* calls, and those whose bits is known */
	int src;                 /* m's table_src and ntab when they were */
	unsigned ntab;           /*   last set from these calls */
} call_spec;

/* A declaration that is one name of a define ("static const u32 hash_k
 * = GOLDEN;"): an alias of that define's constant (review_alias.c). */
typedef struct alias_decl {
	const char *name, *target;
	const char *base;        /* the define at the end of target's chain */
	size_t file;
	unsigned long line;
	int decl;                /* a declaration's, not a define's */
	unsigned ctx;            /* the #if word it is under, when its
	                          * base is under none (else 0) */
} alias_decl;

typedef struct walk {
	review *r;
	const patch *pt;
	defs *newd, *oldd;
	size_t defi;             /* newd's first define not behind the walk */
	struct name_use *uses;   /* what the file's names are used as: an
	                          * open-addressed table of nuses (a power
	                          * of 2) slots, review_find.c's */
	size_t nuses;
	struct { size_t a, b; } *fns;  /* the side's function bodies: the
	                          * tokens of their { and }, in order */
	size_t nfns;
	alias_decl *als;         /* the side's declarations that are aliases,
	                          * by name, */
	const alias_decl **als_base;  /* and by base */
	size_t nals;
	alias_decl *dal;         /* the patch's defines that are aliases, by
	                          * base (built once: review_alias_free) */
	size_t ndal;
	int dal_built;
	call_spec *calls;        /* review_call_tables', for the other files */
	size_t ncalls, capcalls;
	size_t bits_def[VERIFY_MAX_TABLE_BITS + 1];  /* the file's first *_BITS
	                          * define of value 1..c, REVIEW_NONE */
	size_t file;
	toks v;
	ifctx ifs;
	/* C-level conditions on the word ("if (BITS_PER_LONG == 64)", "if
	 * (sizeof(long) == 8)") around the statement or block being read:
	 * the innermost with a word comes before the #if's */
	cif cifs[MAX_IF];
	int ncif;
	cif last_if[MAX_IF];     /* per brace depth: the last if, for else */
	int last_return;         /* the last statement read was a return */
	/* comment tokens since the last statement: the first
	 * REVIEW_MAX_COMMENTS; the ones past them counted (comments_lost,
	 * the first one's line lost_line) and said not checked */
	size_t comments[REVIEW_MAX_COMMENTS];
	size_t ncomments;
	size_t comments_lost;
	unsigned long lost_line;
	size_t nshared;          /* the first of them are plural comments kept
	                          * from the define before (review_plural_
	                          * comments): what no check reads in them was
	                          * listed there */
	size_t fn_comments[REVIEW_MAX_COMMENTS];  /* the function's: before
	                          * it and inside; past them counted as
	                          * above */
	size_t nfn;
	size_t fn_lost;
	unsigned long fn_lost_line;
	size_t nfn_before;       /* how many of them are before it */
	/* the function being evaluated */
	int depth;               /* brace depth */
	fn_state f;
	struct buf code;         /* statements since the input was read */
	size_t lit_a, lit_b;     /* the statement of a literal product */
	size_t lit_c, lit_d;     /* the later one that shifts it, or empty */
	walk_alt alts[MAX_ALTS]; /* the #if's open inside the function */
	int nalts;
	int alts_past;           /* nested deeper than MAX_ALTS: read straight */
	const struct review_cexpr *decl_expr;  /* the const's initialiser
	                          * being recorded, when an expression */
	/* the comments over a define that is an alias folded into a
	 * constant defined later in the file: checked against it once the
	 * file is walked (review_alias_comments) */
	struct alias_comment {
		size_t tok;              /* the comment */
		const char *alias;       /* the alias's name */
		const define *base;      /* the define it stands for */
	} *acm;
	size_t nacm, capacm;
	long golden_run;         /* review_find.c: the 1s a define found by its
	                          * value begins with (-1: all), */
	int golden_old;          /*   of its old value, not its new one */
} walk;

/* The two data models a kernel is built for: LP64 (long is 64 bits) and
 * ILP32 (long is 32). */
enum { LP64, ILP32, NMODEL };

/* A C integer type's width in each data model after the integer
 * promotions (never below int's 32), its name in each, and why. */
typedef struct cwidth {
	unsigned bits[NMODEL];
	char type[NMODEL][40];
	char why[96];
} cwidth;

/* The bits of a long in data model `model`. */
static inline unsigned review_long_bits(int model)
{
	return model == LP64 ? 64 : 32;
}

/* A value of the evaluator. */
typedef struct val {
	int known;               /* 0: unknown */
	uint64_t a, b;           /* a x + b */
	unsigned adds, shifts;
	int rshift;              /* it is something >> k (k: rshift_amt) */
	unsigned bits;           /* its type's width (a variable declared
	                          * here, a cast, the wider operand), 0:
	                          * the word's; what a shift of it may count */
	unsigned cut;            /* its top cut bits are 0: it is a x + b mod
	                          * 2^(n - cut), the exact right shift of a
	                          * multiple of 2^cut; a left shift by cut or
	                          * more makes it a x + b mod 2^n again */
} val;

/* Operators that are no step of a multiply by a constant, met on a
 * value of the input (ev.nl, walk.nl). */
enum { NL_RSHIFT = 1, NL_XOR = 2, NL_OR = 4, NL_AND = 8, NL_DIV = 16,
       NL_SQUARE = 32,
       NL_CUT = 64 };           /* a value an exact right shift emptied
                                 * the top bits of, used but by << */

typedef struct ev {
	walk *w;
	const tok *t;
	size_t i, end;
	uint64_t mask;
	int bad;                 /* something the evaluator does not model */
	size_t op;               /* the token of the operator being applied */
	unsigned nl;             /* NL_* met on a value of the input */
	size_t nl_tok;           /*   the first one's token */
	int ub;                  /* a shift of the input by at least its
	                          * width (undefined in C): */
	unsigned long ub_amt;    /*   by how much */
	unsigned ub_width;       /*   the width */
	size_t ub_tok;           /*   its operator's token */
} ev;

/* ---- review_lex.c ---- */

/* The tokens of one side of file f: lines of type a or b.  -1 (and v
 * freed) past REVIEW_MAX_TOKENS tokens, else 0. */
int review_lex(const patch *pt, size_t f, char a, char b, toks *v);

void review_toks_free(toks *v);

/* The value of a C integer literal (suffix U, L, UL, ULL, LL) into z;
 * *suffix_long: 0 none/U, 1 L, 2 LL.  0, or -1 if it is not one. */
int review_literal(const char *s, mpz_t z, int *suffix_long);

int review_name_says_hash(const char *name);

/* The type C gives the integer literal s (C11 6.4.4.1) in each model:
 * the first of its suffix's list that holds its value; a decimal
 * literal with no U has only signed types.  0, or -1 if s is no
 * literal.  (Here, beside the lexer, so that review_width.c and
 * review_cexpr.c both read it without calling each other.) */
int review_literal_type(const char *s, cwidth *o);

/* o's type in model: bits (never below int's 32) and its name. */
void review_cwidth_set(cwidth *o, int model, unsigned bits,
                       const char *type);

/* A name that says a table's size or shape (size, order, bits, shift,
 * mask, count; nr, sz, len as parts of it): no multiplier. */
int review_name_says_size(const char *name);

/* A name that says a seed, a bound or a start value (seed, max, min,
 * limit, offset, basis, init as parts of it): no multiplier. */
int review_name_says_value(const char *name);

/* The word of a C type name, 0 if not an integer type we know; long
 * takes ctx (the #if word), else 64. */
unsigned review_type_bits(const char *t, unsigned ctx, int *is_long);

int review_is_type_word(const char *t);

/* The ')' that closes the '(' at t[open], searching [open, end); end if
 * none does. */
size_t review_paren_close(const tok *t, size_t open, size_t end);

/* Where statement [a, b) starts after an "if (...)" or "else" before
 * it. */
size_t review_cond_end(const tok *t, size_t a, size_t b);

/* The patch lines of file f: [*from, *to).  A file's lines are one run
 * and the runs come in file order (patch_read numbers files as they
 * come), so a binary search finds it: no pass over every line per file. */
void review_file_lines(const patch *pt, size_t f, size_t *from, size_t *to);

/* ---- review_cexpr.c ---- */

/* A constant expression of integer literals, evaluated as C does. */
typedef struct review_cexpr {
	mpz_t v;                 /* its value in its type (init'd by caller) */
	unsigned bits;           /* the type's width (LP64) */
	int sgn;                 /* the type is signed */
	char type[24];           /* "int", "unsigned long", ... */
	char ub[96];             /* the first step C leaves undefined, "" */
	char bad[64];            /* the malformed literal (-2) */
} review_cexpr;

/* Evaluate s (literals, unary - + ~, casts, * / % + - << >> & ^ |,
 * parentheses) into e: 0; -1 when s is no such expression (a name, a
 * floating constant); -2 when a token is a malformed integer literal
 * (e->bad). */
int review_cexpr_eval(const char *s, review_cexpr *e);


/* ---- review_ctx.c ---- */

void review_if_directive(ifctx *x, const char *d, unsigned long line);

/* The innermost word the #if context selects (0: none), its directive
 * and line in *cond, *line. */
unsigned review_if_word(const ifctx *x, const char **cond, unsigned long *line);

/* Record "#define NAME VALUE" of directive d, token ti of its side. */
void review_define_add(defs *s, const char *d, unsigned ctx, size_t file, unsigned long line, int added, size_t ti);

/* The last define of name; with ctx, the last of word ctx, else the
 * first of any word.  NULL if there is none. */
const define *review_defs_find(const defs *s, const char *name, unsigned ctx);

/* review_defs_find among the defines of files [lo, hi) only. */
const define *review_defs_find_in(const defs *s, const char *name,
                                  unsigned ctx, size_t lo, size_t hi);

void review_defs_free(defs *s);

/* The defines whose value is the name of a define that comes after them
 * ("#define B A" before "#define A 0x..."): that one's value. */
void review_defs_resolve(defs *s);

/* The innermost word of the context: a C-level if's, else the #if's
 * (if_word); its condition and line in *cond, *line (may be NULL). */
unsigned review_ctx_word(const walk *w, const char **cond, unsigned long *line);

/* Whether tokens [a, e) begin with "if (COND)", "else if (COND)" or
 * "else": 1 with *c set (its word 0 when COND says none; an else's the
 * other word of the if before it at this depth), and that if remembered
 * for an else; 0 otherwise (the depth's if forgotten). */
int review_cif_header(walk *w, size_t a, size_t e, cif *c);

/* The word of the C-level if that governs the statement starting at
 * t[a], read back from it: "if (COND) stmt;", "if (COND) { ... }" (the
 * innermost block), and the else of either ("else stmt;", "else { ...
 * }"); else the other word of an earlier statement of its block that
 * returns under one ("if (sizeof(long) == 8) return ...;": what follows
 * runs only where long is 4 bytes).  0: none. */
unsigned review_use_ctx(const walk *w, size_t a);

/* The function body [*a, *b) (its braces) that holds token j: 1, or 0
 * when j is at file scope (review_ctx.c). */
int review_fn_of(const walk *w, size_t j, size_t *a, size_t *b);

/* c, a C-level if on a word whose statement or block returns: into out,
 * the other word, for what follows it in the block of depth `depth`. */
void review_cif_after_return(const cif *c, int depth, cif *out);

/* ---- review_eval.c ---- */

val review_eval_expr(ev *e, int prec);

/* Apply a binary operator (the evaluator's model of it): a step that is
 * no multiply by a constant, or a shift of the input by its width or
 * more, recorded in e (nl, ub) at its operator, e->op. */
val review_eval_apply(ev *e, const char *op, val l, val r);

/* The NL_* bit of operator op (">>", ">>=", "^", ...), 0 if none. */
unsigned review_nl_op(const char *op);

/* A step of e that is no multiply by a constant (nl, an NL_* bit) on a
 * value of the input, at its operator e->op: the first one's kept. */
void review_eval_nl(ev *e, unsigned nl);

sym *review_var_find(walk *w, const char *name);

sym *review_var_get(walk *w, const char *name);

/* ---- review_width.c ---- */

/* The readers of a statement and a C type that review_overflow.c shares:
 * the statement around token i, [*a, *b) (a comment line before it no
 * part of it); whether t is a type keyword (unsigned, signed, int, long,
 * short, char); the type t[a..e] as written into s; whether the multiply
 * at t[i] is in a group "(...)" closing before t[k] that is cast to a
 * 32-bit type or passed to hash_32() (the statement starts at a). */
void review_statement_of(const walk *w, size_t i, size_t *a, size_t *b);
int review_type_kw(const tok *t);
void review_type_text(const tok *t, size_t a, size_t e, char *s, size_t n);
int review_narrowed(const tok *t, size_t a, size_t i, size_t k);
/* The width of the C type whose last token is t[e] (from lo), with
 * long's in each model, into o; *first (may be NULL): where it starts.
 * 0, or -1 if t[e] ends no integer type. */
int review_type_width_at(const tok *t, size_t e, size_t lo,
                         size_t *first, cwidth *o);
/* The type of variable name from its declaration before t[before] (a
 * parameter or a local: "TYPE name"), into o.  0, or -1 if not found. */
int review_var_width(const walk *w, const char *name, size_t before,
                     cwidth *o);
/* The other operand of the multiply by t[i] in [a, b): a variable,
 * perhaps cast, or a cast of one, into o.  0, or -1 when it is
 * something else (taken as int: it cannot widen the product). */
int review_operand_width(const walk *w, size_t a, size_t b, size_t i,
                         cwidth *o);

/* The word of a constant from what is known of it, and why: its type,
 * the #if around it, else the type C gives its literal (literal_width,
 * the type the overflow check computes in; long's 64 bits of LP64 where
 * the models differ). */
void review_infer_word(review_mult *m, unsigned type_word, const char *type, int suffix_long, unsigned ctx, const char *cond, unsigned long cond_line);

/* The type of multiplier m as C types it: a literal's, a declaration's
 * (type, type_word), or a define of a name's (by its suffix).  0, or -1
 * when unknown. */
int review_mult_width(const review_mult *m, int suffix_long, unsigned type_word, const char *type, cwidth *o);


/* The word the code keeps a multiply by name in, where it shows it: 32
 * or 64 when the product is assigned to or declared as a type of that
 * word (u32, uint32_t, unsigned int, __u32; u64, uint64_t, unsigned long
 * long, __u64), cast to one, shifted right by (32 - x) or (64 - x),
 * passed to hash_32() or hash_64(), or returned from a function returning
 * one (with no other right shift); else 0.  The multiply itself: name
 * next to a '*'.  why says where. */
unsigned review_use_word(walk *w, const char *name, const cwidth *mw, char *why, size_t nwhy);
int review_word_by_name(review_mult *m, const char *name, const char *over);

/* A cast that cuts the product of a multiply by name (or of the literal
 * at token lit, name "") to fewer bits: "(u16)(x * C) >> 6", "(u32)(v *
 * K) >> (32 - bits)", no shift inside the cast's group (then the cast
 * takes the shifted product).  Its width (8, 16, 32 or 64), the type as
 * written into cast and the multiply's token into *at; else 0. */
unsigned review_cast_cut(walk *w, const char *name, size_t lit, char *cast,
                         size_t ncast, size_t *at);

/* review_use_word of the one multiply at token i (a name or a literal
 * next to its '*'). */
unsigned review_use_word_at(walk *w, size_t i, const cwidth *mw, char *why,
                            size_t nwhy);


/* The type C computes the product of the multiply at token i in: the
 * wider of its operands' types (the usual arithmetic conversions), mw
 * the multiplier's, into o, in each model.  0, or -1 when the other
 * operand's type is not known. */
int review_product_type(const walk *w, size_t i, const cwidth *mw,
                        cwidth *o);

/* The type of the factor at token i of a multiply: a literal's, a
 * patch define's literal, a declared variable's or constant's.  0, or
 * -1 when not known. */
int review_factor_type(const walk *w, size_t i, cwidth *o);

/* The declared type of the variable multiplied by the factor at token i
 * (past a cast: "(u64)x * C" gives x's).  0, or -1 when not known. */
int review_operand_decl(const walk *w, size_t i, cwidth *o);

/* Whether the multiply at token i is in a group "(...)" closing before
 * token at and cast to an integer type ("(u64)(x * C) >> 54"): 1 with
 * that type into o, else 0. */
int review_cast_before(const walk *w, size_t i, size_t at, cwidth *o);

/* The width of variable name as declared before token `before` ("TYPE
 * name": a parameter or a local; LP64's, *is_long when a long's), 0 when
 * not found. */
unsigned review_var_bits(const walk *w, const char *name, size_t before,
                         int *is_long);


/* ---- review_overflow.c ---- */

/* The index overflow ERROR for multiplier mi (a define's or
 * declaration's name, or the literal at token lit): its first use whose
 * index overflows. */
void review_overflow_check(walk *w, size_t mi, size_t lit, const char *name, const cwidth *mw);

/* Whether variable name, as declared before line (a local or a
 * parameter of the function there: the nearest "TYPE name"), has a
 * signed integer type (int, long, s32, int32_t, ...): 1 with the type as
 * written into type; 0 when unsigned or not found. */
int review_signed_var(const walk *w, const char *name, unsigned long line,
                      char *type, size_t n);

/* Multiplier mi, named name, of C type type (as written; "" unknown):
 * narrower than int (u8, u16, short), at its first multiply by a
 * declared variable C promotes both to int (C11 6.3.1.1) and computes
 * the product in int or the other's wider type: its word (m->bits, why
 * said), and, an int product that can pass INT_MAX over the variable's
 * range, a WARNING (signed overflow) with the first value that does. */
void review_promotion(walk *w, size_t mi, const char *name,
                      const char *type);

/* ---- review_report.c ---- */

/* Whether r has a finding at file:line whose message holds needle. */
int review_has_finding(const review *r, size_t file, unsigned long line,
                       const char *needle);

/* Drop the findings of multiplier mult whose message holds needle. */
void review_drop_findings(review *r, size_t mult, const char *needle);

/* ---- review_table.c ---- */

/* The file's first *_BITS define of each value bound (w->bits_def). */
void review_bits_defines(walk *w);

/* The value (at most 64) of an identifier (a define) or literal token
 * for a table size or shift, and as written into why: 1, else 0. */
int review_small_value(walk *w, const tok *t, unsigned long *out, char *why,
                       size_t n);

/* The multipliers of the walk's file passed into hash_32(), hash_64()
 * or hash_long(): the product of each with the multiplier of that
 * function (the file's own definition of it, else the kernel's
 * GOLDEN_RATIO_32 or _64) is what the keys meet, and what is judged.
 * At the end of the file's walk, once its sequences are found; a
 * multiplier another file defines too, when this file's calls take it. */
void review_hashed_all(walk *w);

/* What statement [a, b) says of the word and table of multiplier mi:
 * hash_32(.., B), hash_64(.., B), >> (W - B), >> K; and that it is passed
 * into one of hash_32() and its kin (m->hashed_by). */
void review_use_of(walk *w, size_t a, size_t b, size_t mi);


/* The shift t[sh] (">>" or ">>=") by (W - bits) of sequence mi's
 * product, W its word and bits a parameter of the function around it:
 * the calls of that function give its tables (review_call_tables). */
void review_param_table(walk *w, size_t sh, size_t mi);

/* The multipliers whose only table-giving use shifts the product by its
 * whole width or more (REVIEW_TABLE_NOTHING: that shift selects no
 * table, and no other use shows one): not judged, said so.  Once every
 * file is walked. */
void review_table_nothing(review *r);

/* The multipliers whose table the code shows as the whole word
 * (hash_64(x, 64), hash_32(x, 32), >> (32 - 32)): every bit of the
 * product kept, no table index taken, so no buckets to judge: not
 * judged, and said what it is (an odd multiplier: a permutation of the
 * words).  Once every file is walked. */
void review_table_whole(review *r);

/* A function-like macro of the file that multiplies by multiplier mi's
 * name and shifts by (W - P), P its parameter ("#define FOO_HASH(x, bits)
 * (((x) * M) >> (32 - (bits)))"): its calls' arguments are mi's tables,
 * as a function's calls are, when nothing closer says one. */
void review_table_from_macro(walk *w, size_t mi);

/* A *_BITS define of the file that a function or macro using multiplier
 * mi uses too, when nothing closer says its table. */
void review_table_from_bits(walk *w, size_t mi);

/* A WARNING when the multiplier the keys of i meet (m->p) is a 32-bit
 * constant in a 64-bit word. */
void review_narrow_word(review *r, size_t i);

/* An ERROR when multiplier i needs more bits than its word (a literal
 * C types wider there: lit_bits), and it is not judged: 1; else 0.
 * The one rule for a constant under #if BITS_PER_LONG == 32 and for
 * the 32-bit long a BITS_PER_LONG shift with no #if meets. */
int review_too_wide(review *r, size_t i);

/* ---- review_call.c ---- */

/* The end of the call argument that starts at t[j] (past its '(' or
 * ','): its ',' or ')' at depth 0, or end. */
size_t review_arg_end(const tok *t, size_t j, size_t end);

/* The value of tokens [a, e) for a table's bits, signed: a literal or a
 * define of one, negated or not ("-3"; "HBITS" of "#define HBITS (-3)"),
 * in parentheses or not; |value| clamped at 2^40.  1 with it into *out
 * and as written into why ("-3", "HBITS = -3"), else 0. */
int review_signed_value(walk *w, size_t a, size_t e, long *out, char *why,
                        size_t n);

/* The shift t[sh] by (wv - param) of multiplier mi's product, param the
 * parameter pidx of function fn (defined at tokens [open, close]): the
 * calls of fn in the walk's side give its tables: each call's argument
 * pidx, when known, is one (m->tabs; m->table the smallest, why_table
 * the calls), or, when 0, over wv or below 0, an ERROR at the call.
 * 1 when some call's argument was known, else 0.  The function is kept
 * in w->calls for its calls in the other files. */
int review_call_tables(walk *w, size_t sh, size_t mi, unsigned long wv,
                       const char *fn, const char *param, size_t pidx,
                       size_t open, size_t close);

/* Once every file is walked: the calls of each function
 * review_call_tables met (w->calls) in the patch's other files (a header
 * defines my_hash(), a .c file calls it) add their tables, or their
 * ERRORs, to its multiplier, unless another use said its table since. */
void review_call_others(walk *w);
/* A patch's GOLDEN_RATIO_32 or GOLDEN_RATIO_64 (the kernel's hash_32() and
 * hash_64() multiply by it) whose table nothing else said: the calls
 * hash_32(x, B) or hash_64(x, B) in the patch's files say its tables
 * (review_call.c). */
void review_kernel_calls(walk *w);

/* ---- review_mult.c ---- */

/* A new multiplier of kind k at file:line, its name ("" for a literal)
 * and its text as written: its index in r->mult. */
size_t review_mult_new(review *r, review_kind k, size_t file,
                       unsigned long line, const char *name,
                       const char *text);

/* What multiplier m holds, not m itself. */
void review_mult_free(review_mult *m);

/* A copy of multiplier k, everything it holds (its word, table and use
 * included), marked a use of k (use_of = k, no uses of its own): its
 * index.  r->mult may move: take pointers into it again after. */
size_t review_mult_twin(review *r, size_t k);

/* ---- review_find.c ---- */

/* Statement [a, b) assigns a variable ("u32 h = x * P;", "h *= P;")
 * that a later statement of its block shifts right before anything else
 * assigns it ("return h >> 22;"): that statement's range in [*sa, *sb),
 * 1; else 0. */
int review_shifted_after(const walk *w, size_t a, size_t b, size_t *sa,
                         size_t *sb);

/* Multiplier mi inside #if's nested deeper than MAX_IF: said so. */
void review_deep_if(walk *w, size_t mi);

/* The table of what the walk's side's names are used as (w->uses), and
 * its end. */
void review_uses_index(walk *w);
void review_uses_free(walk *w);

/* The multipliers of statement [a, b) (b past its ';'): literals
 * multiplied where the statement (or the next) hashes, uses of the
 * patch's multiplier defines (their word and table), and a const
 * declaration of one. */
void review_literal_products(walk *w, size_t a, size_t b);
void review_decl_found(walk *w, size_t a, size_t b);
/* Whether statement [a, b) declares a constant whose initialiser is a
 * constant expression (review_decl_found's, not a literal product). */
int review_decl_is_cexpr(const walk *w, size_t a, size_t b);

/* ---- review_alias.c ---- */

/* The define that name stands for at the end of its chain of aliases
 * ("#define B A", "#define A 0x..."; each of A's #if word, replacing no
 * old value of its own), its value a literal or a constant expression:
 * it, with the aliases followed in *steps; else NULL. */
const define *review_define_base(const walk *w, const char *name,
                                 int *steps);

/* Token j is the initialiser of a declaration that is one name of such
 * a define ("static const u32 hash_k = GOLDEN;"): no use of the define,
 * but the start of an alias. */
int review_alias_ref(const walk *w, size_t j);

/* Whether the declaration whose initialiser is token j, one name of
 * define base's constant, holds that constant unchanged: its declared
 * type as wide as base's C type (LP64).  A wider or narrower const
 * ("static const u64 hash_mult = BASE32;") is another constant, judged
 * as itself at its own width. */
int review_decl_folds(const walk *w, size_t j, const define *base);

/* The walk's side's declarations that are aliases (w->als), and their
 * end (review_alias_free_decls); the patch's define aliases (w->dal),
 * freed by review_alias_free once every file is walked. */
void review_alias_index(walk *w);
void review_alias_free_decls(walk *w);
void review_alias_free(walk *w);

/* The define d stands for at the end of its chain of aliases (each link
 * in the #if word of the one before), with the links in *steps; NULL
 * when it is no alias the review folds. */
const define *review_alias_define_base(const walk *w, const define *d,
                                       int *steps);

/* The name of the define that name is an alias of (by defines or by a
 * declaration), or NULL when it is none. */
const char *review_alias_base(const walk *w, const char *name);

/* Whether the identifier s is name or an alias of it. */
int review_name_is(const walk *w, const char *s, const char *name);

/* How many names are aliases of the define base, listed into b ("MID
 * (line 3), hash_k (a.c:9)", the file named when it is not file) when b
 * is not NULL. */
size_t review_aliases(const walk *w, const char *base, size_t file,
                      struct buf *b);

/* The aliases of base, defines then declarations, into out (at most
 * max): how many there are. */
size_t review_alias_list(const walk *w, const char *base,
                         const alias_decl **out, size_t max);

/* Whether an alias of base has a name that says hash. */
int review_aliases_say_hash(const walk *w, const char *base);

/* Tokens [a, e) of t (a const's initialiser) with the names of the
 * defines d holds expanded as the preprocessor does (a cast's type
 * kept), evaluated by review_cexpr_eval: its result; -1 too when a name
 * is no define of a value.  The tokens as written appended to text
 * when it is not NULL. */
int review_cexpr_toks(const defs *d, const tok *t, size_t a, size_t e,
                      review_cexpr *out, struct buf *text);

/* ---- review_replaced.c ---- */

/* The literal a new literal product m replaces: the first "* LITERAL"
 * (at least 2^8) on a removed line of the same hunk. */
void review_literal_replaced(walk *w, review_mult *m);

/* A NOTE for each #define of a multiplier's name (review_name_says_hash)
 * that the patch removes and that no define of newd nor multiplier of r
 * takes the place of: said, not judged ("no multipliers found" alone
 * would hide it). */
void review_removed(review *r, const defs *newd);

/* The value "NAME = LITERAL" had on a removed line of m's file, when it
 * differs: the one m replaces (a const's, or an alias's, name). */
void review_decl_replaced(walk *w, review_mult *m, const char *name);

/* The define name (of word ctx) that a define on the new side of the
 * walk's file replaces (its file's old side, else another file of the
 * same patch), or NULL; in a series, the earlier patch's define that
 * added old, or NULL. */
const define *review_old_define(const walk *w, const char *name,
                                unsigned ctx);
const define *review_earlier_mail_define(const walk *w, const char *name,
                                         const define *old);

/* Define multiplier i (of #if word ctx) that other names alias: said,
 * and what an alias's removed define or declaration held replaced. */
void review_aliases_said(walk *w, size_t i, unsigned ctx);

/* ---- review_recip.c ---- */

/* The literal t[i] (value z) times x, shifted right by k (ub: that
 * shift is undefined on its product): when it is a reciprocal (x * z
 * >> k is x / d for every x below some end), said, and 1; else 0. */
int review_reciprocal_found(walk *w, size_t i, unsigned long k, int ub,
                            mpz_srcptr z);

/* ---- review_uses.c ---- */

/* Statement [a, b) uses multiplier k (and [sa, sb) shifts what keeps
 * its product, when sb > sa): what it says of its word and table.  The
 * first use that says one says it of k; a later one that says another
 * is judged on its own, as a copy of k, so that no use hides another's
 * verdict. */
void review_define_use(walk *w, size_t a, size_t b, size_t sa, size_t sb,
                       size_t k);

/* Uses of the new side's multiplier defines in statement [a, b)
 * (review_define_use of each). */
void review_define_uses(walk *w, size_t a, size_t b);

/* A multiplier judged at several uses (nuses > 1): a NOTE naming each
 * use, once every file is walked. */
void review_uses_said(review *r);

/* The define x at token i of the walk's side, when it is a multiplier. */
void review_define_found(walk *w, const define *x, size_t i);

/* ---- review_about.c ---- */

/* Whether comment c speaks in the plural, of several constants ("these",
 * "both", "each", "multipliers"). */
int review_plural_comment(const char *c);

/* Keep, of the comments before a define (w->comments), those in the
 * plural ("These multipliers", "both", "each"), for the defines after
 * it: their number. */
size_t review_plural_comments(walk *w);

/* The multiplier a step's comment t claims ("= x * 7", a power sum, a
 * hex literal): 1 with it in v and as written in lit, else 0. */
int review_step_value(const tok *t, mpz_t v, char *lit, size_t nlit);
size_t review_step_of(const walk *w, size_t c);
void review_step_record(walk *w, const sym *s, size_t end, unsigned bits);
void review_step_comment(walk *w, size_t i);
/* The first hex literal of at least 2^8 in comment t, with product set
 * one whose clause says a product ("multiply by 0x...", "= x * 0x..."):
 * 1 with its value in v, as written in lit, and its line; else 0. */
int review_comment_hex(const tok *t, mpz_t v, char *lit, size_t nlit,
                       unsigned long *line, int product);

/* The claims of multiplier i's comments checked (a sequence's: the
 * function's comments, and the constant they say it computes). */
void review_claims_of(walk *w, size_t i);
/* Comment t[i] kept by the walk (w->comments, and w->fn_comments inside
 * a function), or counted past REVIEW_MAX_COMMENTS. */
void review_keep_comment(walk *w, size_t i);
/* The comments before define x (w->comments), an alias the review
 * folds into the constant it stands for (no multiplier of its own):
 * their claims checked against that constant's multiplier, now when it
 * is made, else once the file is walked (review_alias_comments_end),
 * each finding naming the alias and the constant. */
void review_alias_comments(walk *w, const define *x);
void review_alias_comments_end(walk *w);

/* The claims of t[k], a comment on a #define's own line, checked against
 * the multipliers that define made (w->r->mult[from..to-1]). */
void review_tail_claims(walk *w, size_t k, size_t from, size_t to);

/* A comment t[k] on the lines after a define (no statement between; its
 * #if's may be): about the multipliers the defines since the last
 * statement made, w->r->mult[from..to-1], when it names one of them (by
 * name or value: those are checked) or, naming none, speaks in the
 * plural of several (each checked) and no define follows it.  fwd: 0
 * no define follows, 1 one does, 2 one does and the comment names it
 * (then it is that one's comment too).  1 when it was read so and is no
 * comment of what follows it. */
int review_after_claims(walk *w, size_t k, size_t from, size_t to, int fwd);

static inline int review_mult_is_define(const review_mult *m)
{
	return m->kind == REVIEW_DEFINE;
}

/* The constant as written: m->p, or, when m->p is its product with
 * hash_32()'s own multiplier (m->composite), m->own.  What a comment's
 * claims are about. */
static inline mpz_srcptr review_written(const review_mult *m)
{
	return m->composite ? m->own : m->p;
}

/* ---- claims ---- */

/* One comment under check: its text (line0 its first line), which of its
 * lines the patch adds (added[k] == '+' for line line0 + k; NULL: every
 * line is the patch's), and its sentences, each marked once a check has
 * read a claim in it, so that what no check read is still reported. */
typedef struct claim_sentence {
	size_t a, b;               /* text[a, b) */
	int read;                  /* a check reported a claim in it */
} claim_sentence;

typedef struct claims {
	const char *text;
	unsigned long line0;
	const char *added;
	claim_sentence *s;
	size_t ns, caps;
	int body;                /* a mail's body: 0 no; 1 list the claims no
	                          * check computes, not every sentence; 2 list
	                          * none; 3 those of the general sentences
	                          * (no multiplier: review_body_general) */
	/* what the checks judge: the review, multiplier mi (m), and its
	 * constant (cf, NAF, golden prefix); NULL for the sentences alone */
	review *r;
	size_t mi;
	review_mult *m;
	const constant *c;
} claims;

/* ---- review_claim.c ---- */

/* Where n is in h, case-insensitive (strcasestr), or NULL; where w is in
 * text as a whole word (no letter, digit or '_' either side: "PRIME" of
 * GOLDEN_RATIO_PRIME is no word), or NULL: how review reads comments. */
const char *review_find_ci(const char *h, const char *n);
const char *review_word_ci(const char *text, const char *w);
/* The moduli text names: 32 when it writes 2^32 (as 2^32, 2**32,
 * 1ULL << 32, 4294967296 or 0x100000000), 64 for 2^64 likewise, their
 * sum 96 when it names both, 0 when neither. */
unsigned review_says_modulus(const char *text);
/* A continued-fraction claim in text: "continued fraction", or the word
 * "cf" (any case) with "=" or ":" or nothing before a "[" list, or with
 * "is", "=" or ":" before a number ("its cf is 0, 1, 1, ..."), or with
 * "of" or "ends" after it ("CF of N/2^K: ...", "its CF ends ..."); NULL if
 * none.  *after (when not NULL) is set past the keyword. */
const char *review_find_cf(const char *text, const char **after);

/* The word (letters and digits) that ends before e, spaces between
 * skipped: its start; *end its end (*end == start: none).  text is
 * where the search stops. */
const char *review_word_before(const char *text, const char *e,
                               const char **end);

/* one when n is 1, else many: "1 quotient", "12 quotients". */
const char *review_plural(long n, const char *one, const char *many);

/* The line of text + off, text starting at line0. */
unsigned long review_line_at(const char *text, size_t off, unsigned long l0);

/* The line of cl->text at `at` (a place in it). */
unsigned long review_claim_line(const claims *cl, const char *at);

/* A check read a claim in text[from, to] (to == from: one place). */
void review_claim_read(claims *cl, const char *from, const char *to);

/* Report a claim whose plain form (the property, as if not denied)
 * holds or not: yes says it holds, no says it does not.  Not denied:
 * NOTE yes, or WARNING no.  Denied (neg; the clause text[qa, qb) quoted):
 * WARNING when the property holds, NOTE when it does not. */
void review_claim_verdict(review *r, size_t mi, unsigned long line, int neg, int holds, const char *qa, const char *qb, const char *yes, const char *no);

/* Whether the negations of the clause of `from`, up to `to` (the claim's
 * content: its word, or the list a keyword introduces), deny it; the
 * clause's start into *start (may be NULL). */
int review_negated(const char *text, const char *from, const char *to, const char **start);

/* The sentences of cl->text: ended by '.', '!' or '?' before a blank or
 * the end (not "..." nor an abbreviation; "...." ends one), or by a blank
 * line; only those with a letter or a digit are kept. */
void review_claims_split(claims *cl);

/* The exponent e of 2^e written at s as "2^e", "2**e", "2 ^ e",
 * "1 << e" (1U, 1UL, 1ULL, ...), 4294967296 or 18446744073709551616, or
 * 0x1 and 8 or 16 zeros: e, else 0.  Not inside a longer number or
 * word. */
unsigned review_power_written(const char *text, const char *s);

/* review_power_sum's sum, read whole however many comment lines and
 * bytes it spans: its text malloc'd (the caller frees it), else NULL.
 * The one reader of a comment's power sum: the claim check and the
 * sequence's claimed constant both take it from here. */
char *review_power_sum_take(const char *text, unsigned long line0, mpz_t v,
                            unsigned long *line);
/* review_power_sum_take's reader, its sum into *sum (malloc'd) and where
 * in text it starts into *where: 1, else 0. */
int review_power_sum_at(const char *text, unsigned long line0, mpz_t v,
                        char **sum, unsigned long *line, const char **where);

/* The count before word w in text ("seven terms", "7 shifts"), at *at:
 * >= 0, or -1. */
long review_count_before(const char *text, const char *w, const char **at);

/* Whether sentence k has a line the patch adds. */
int review_sentence_added(const claims *cl, size_t k);

/* text[a, b) on one line, blanks folded, at most 100 bytes (then "..."). */
void review_quote(struct buf *q, const char *text, size_t a, size_t b);

/* Whether text names multiplier m: its name, its value as written, in
 * hex or in decimal, as a whole word. */
int review_text_names(const review_mult *m, const char *text);

/* A define's or const's own comment text (its first line line0) whose
 * sentences name another constant by value and not multiplier i: each
 * said (a CHECK, a WARNING when it is the value i replaces) and blanked
 * in the copy returned, to be freed; NULL when none does. */
char *review_foreign_sentences(review *r, size_t i, const char *text,
                               unsigned long line0);

/* ---- review_check.c ---- */

/* The claims of the mail's body that no check computes, in the sentences
 * that name none of the patch's constants, when it has several: listed
 * once, as general (CHECK, no multiplier). */
void review_body_general(review *r);

/* review_claims of a comment that speaks of several constants, for one
 * after the first: its claims checked against constant i, its sentences
 * no check reads not listed again. */
void review_claims_shared(review *r, size_t i, const char *text,
                          unsigned long line0, const char *added);

/* ---- review_ratio.c ---- */

/* Whether the words just before w0 (the same clause, a few words back)
 * say only a closeness: "close to", "near", "nearly", "approximately",
 * "roughly", "about", "around" ("a sparse prime close to 2^32/phi"):
 * check_phi judges that claim, by the continued fraction. */
int review_hedged(const char *text, const char *w0);

/* A hedged "2^e/phi" at the phi `at` (hedge word at close) of an e-bit
 * constant near 2^e/phi^2, or "2^e/phi^2" of one near 2^e/phi: the
 * claim's own number is not what it is near; a WARNING saying which
 * (MPFR), 1; else 0 (check_phi judges the closeness). */
int review_phi_other_ratio(claims *cl, const char *at, const char *close);

/* Every "2^e/phi" and "2^e/phi^2" (2^e * (1 - 1/phi)) of cl's text that
 * names an integer (no hedge before it), judged against it. */
void review_phi_ratio(claims *cl);

/* ---- review_naf.c ---- */

/* "NAF +0+000-00+...", cfx's digit row (high digit first): checked
 * against the constant's NAF. */
void review_naf_row(claims *cl);

/* A power sum (sum, value v, read at where on line) that an ellipsis
 * ends ("2^31 - 2^29 + ..."): judged as the first terms of the
 * constant's NAF (the integer's: "2^32 - 2^29 + ..." of 0xe0000001),
 * and the terms after the ellipsis, a gap ("... - 2^16 + 1"), as its
 * last; 1, else 0 (no ellipsis: a whole sum). */
int review_sum_cut(claims *cl, const char *where, const char *sum,
                   mpz_srcptr v, unsigned long line);

/* ---- review_phi.c ---- */

/* The chains of '=' with phi a comment writes ("phi = (sqrt(5)-1)/2",
 * "(1 - phi) = phi**2 = (3 - sqrt(5))/2"), checked in the convention it
 * defines for phi (else the golden ratio), and the constant's value over
 * 2^n against their values. */
void review_phi_check(claims *cl);

/* ---- review_cf.c ---- */

/* Every expansion a comment claims: after each continued-fraction
 * keyword, and after each '=' whose left side cf computes. */
void review_cf_check(review *r, size_t mi, claims *cl);

void review_cf_convergents(review *r, size_t mi, const constant *c, claims *cl);

/* A term in decimal, malloc'd: one of more than 40 digits as its first
 * 12, "...", and its count ("316069943685...(15052 digits)"), so that a
 * huge quotient of a comment's expression cannot flood a finding. */
char *review_cf_term(mpz_srcptr z);

#endif
