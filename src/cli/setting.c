/* setting.c - cfx's vocabulary of settings and options (see setting.h). */
#include <assert.h>
#include <string.h>

#include <gmp.h>

#include "cfx/expr.h"
#include "cfx/score.h"
#include "cfx/search.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "cli/setting.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define S SETTING_SESSION
#define SH (SETTING_SESSION | SETTING_SHARED | SETTING_DASH)

const setting setting_table[] = {
	{ SETTING_CONST, "const", NULL, 0, SETTING_EXPR, 0, 0, NULL, "EXPR",
	  "(none)", "the constant the commands use when given none", S },
	{ SETTING_BITS, "bits", "bits", 'b', SETTING_INT, 1, WORD_MAX_BITS,
	  NULL, "N", "auto",
	  "word size n (default: the smallest of 32, 64, then multiples\n"
	  "of 64, that holds the constant; smaller words only when asked)",
	  SH },
	{ SETTING_TABLE, "table", "table-bits", 't', SETTING_INT, 1, 28, NULL,
	  "B", "auto (n/2, at most " STR(SCORE_TABLE_CAP) ")",
	  "table of 2^B buckets (default: n/2, at most "
	  STR(SCORE_TABLE_CAP) ")", SH },
	{ SETTING_KEYS, "keys", "keys", 'k', SETTING_FAMILY, 0, 0, NULL,
	  "FAMILY", "seq (default)",
	  "key family: seq[:START], stride:S, random[:SEED], file:PATH,\n"
	  "malloc:SIZE, inodes:PATH, ptr:ALIGN, high:H, sparse:K (default seq)",
	  SH },
	{ SETTING_COUNT, "count", "count", 'c', SETTING_INT, 1, 1ULL << 40,
	  NULL, "K", "auto (4 keys per bucket, at most half the family's keys)",
	  "number of keys or points (default: 4 per bucket, but at most half\n"
	  "the distinct keys the family has, so keys never wrap the word;\n"
	  "spectrum 10)", SH },
	{ SETTING_FORMAT, "format", NULL, 0, SETTING_CHOICE, 0, 0, "text|json",
	  "text|json", "text", "how results print", S },

	{ SETTING_JSON, "json", "json", 'j', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "print one JSON object", SETTING_SHARED },
	{ SETTING_ASCII, "ascii", "ascii", 0, SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "ASCII drawing only (also in non-UTF-8 locales)",
	  SETTING_SHARED | SETTING_DASH },
	{ SETTING_LEARN, "learn", "learn", 0, SETTING_TEXT, 0, 0, NULL, "N",
	  NULL, "lesson N (number or name) in a pane beside the panels,\n"
	  "resumed where it was left (cfx learn lists them; :learn N starts\n"
	  "one later)", SETTING_DASH },

	{ SETTING_VBITS, "bits", "bits", 'b', SETTING_INT, VERIFY_MIN_BITS,
	  WORD_MAX_HASH, NULL, "N", NULL,
	  "word size n (default: the word rule, the smallest of 32, 64,\n"
	  "then multiples of 64 that holds the constant, and one wider than\n"
	  "64 bits is refused; below 8 bits too few keys to judge)", 0 },
	{ SETTING_SBITS, "bits", "bits", 'b', SETTING_INT, 1, SEARCH_MAX_BITS,
	  NULL, "N", NULL,
	  "word size n (default 32, the smallest word of the rule\n"
	  "of every command); the screen needs 8 to 64 bits, --adders at\n"
	  "most 64", 0 },
	{ SETTING_TLIST, "table-bits", "table-bits", 't', SETTING_TEXT, 0, 0,
	  NULL, "LIST", NULL,
	  "table sizes to test, e.g. 8,12,16 or 4-20 (default 4-20, capped\n"
	  "at the word size)", 0 },
	{ SETTING_EMIT, "emit", "emit", 'e', SETTING_CHOICE, 0, 0, "c", "c",
	  NULL, "print a complete C translation unit instead of the summary",
	  0 },
	{ SETTING_PATCH, "emit", "emit", 'e', SETTING_CHOICE, 0, 0,
	  "patch|kunit", "patch|kunit", NULL,
	  "print a kernel-style header fragment: comment, #define and the\n"
	  "shift/add function, ready to paste; kunit: a KUnit test that the\n"
	  "shift/add form equals the multiply (lib/test_hash.c's style)", 0 },
	{ SETTING_TERMS, "terms", "terms", 'n', SETTING_INT, 1, 100000, NULL,
	  "K", NULL,
	  "quotients to show of an irrational or periodic number (default 30)",
	  0 },
	{ SETTING_CONV, "convergents", "convergents", 'C', SETTING_FLAG, 0, 0,
	  NULL, NULL, NULL, "list the convergents p_k/q_k", 0 },
	{ SETTING_VALUE, "value", "value", 'V', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "take an integer as the number itself, not as p/2^n", 0 },
	{ SETTING_LIST, "list", "list", 'l', SETTING_INT, 1, 100000, NULL, "N",
	  NULL, "list the first N points: k, {k x}, floor(k x), bucket", 0 },
	{ SETTING_AGAINST, "against", "against", 'a', SETTING_EXPR, 0, 0, NULL,
	  "EXPR", NULL,
	  "put a reference constant's results beside the candidate's", 0 },
	{ SETTING_RUNS, "runs", "runs", 'r', SETTING_INT, 3, 100000, NULL, "R",
	  NULL, "timed rounds, one block of each variant a round, whatever the\n"
	  "time (default 301, or fewer: the rounds stop at the next odd count\n"
	  "after 9 s of wall time, 61 at least)", 0 },
	{ SETTING_RAW, "raw", "raw", 'R', SETTING_TEXT, 0, 0, NULL, "DIR", NULL,
	  "write each variant's samples (ns per hash), one a line, to\n"
	  "DIR/HEX-mul.txt, DIR/HEX-naf.txt, ... (for ministat)", 0 },
	{ SETTING_STERMS, "terms", "terms", 'n', SETTING_INT, 1,
	  SEARCH_MAX_TERMS, NULL, "K", NULL,
	  "at most K signed digits (NAF weight mod 2^n), 1 to 64\n"
	  "(default 9; the 2002 patch used 7)", 0 },
	{ SETTING_ADDERS, "adders", "adders", 'A', SETTING_INT, 0,
	  SEARCH_MAX_ADDERS, NULL, "A", NULL,
	  "instead of --terms: every p whose fewest-adder shift/add\n"
	  "sequence mod 2^n has at most A adders, exactly (all graphs of\n"
	  "A adders are enumerated): A from 0 to 3, 4 for n <= 24", 0 },
	{ SETTING_NEAR, "near", "near", 'N', SETTING_EXPR, 0, 0, NULL, "EXPR",
	  NULL, "the target, strictly between 0 and 1 (default 1/phi)", 0 },
	{ SETTING_WINDOW, "window", "window", 'w', SETTING_INT, 1,
	  SEARCH_MAX_BITS, NULL, "W", NULL,
	  "keep |p/2^n - target| <= 2^-W, W from 1 to n (default 12, or n\n"
	  "if smaller)", 0 },
	{ SETTING_PRIME, "prime", "prime", 'P', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL,
	  "primes only: proven for n <= 64 (Miller-Rabin with bases that\n"
	  "have no strong pseudoprime below 2^64), GMP's probable-prime\n"
	  "test beyond", 0 },
	{ SETTING_SCREEN, "screen", "screen", 's', SETTING_CHOICE, 0, 0,
	  "quick|full|none", "LEVEL", NULL,
	  "quick (stride prediction, the verify families at 2^4, 2^6 and 2^10\n"
	  "buckets, then what they keep at every table, 2^4..2^20, as verify),\n"
	  "full (prediction, then the whole verify battery) or none (default\n"
	  "quick; none below 8 bits, as verify, and above 64)",
	  0 },
	{ SETTING_TOP, "top", "top", 'T', SETTING_INT, 1, 10000, NULL, "T",
	  NULL,
	  "keep the T best-ranked candidates of each cost that pass the\n"
	  "screen (at most 10 T battery runs per cost), 1 to 10000\n"
	  "(default 10)", 0 },
	{ SETTING_ALL, "all", "all", 'x', SETTING_FLAG, 0, 0, NULL, NULL, NULL,
	  "also show the candidates the screen fails, marked FAIL", 0 },
	{ SETTING_OPTIMAL, "optimal", "optimal", 'O', SETTING_FLAG, 0, 0, NULL,
	  NULL, NULL,
	  "search for the fewest adders, reusing intermediate results,\n"
	  "instead of following the NAF", 0 },
	{ SETTING_TARGET, "target", "target", 'G', SETTING_CHOICE, 0, 0,
	  MCM_TARGET_NAMES, "T", NULL,
	  "cost model: generic, x86-64, arm64, rv32i or m68k (default\n"
	  "generic); of the fewest-adder sequences, the fewest cycles on\n"
	  "it; implies --optimal", 0 },
	{ SETTING_DEPTH, "max-depth", "max-depth", 'D', SETTING_INT, 1, 64,
	  NULL, "D", NULL,
	  "at most D adders on any path (1-64); implies --optimal", 0 },
	{ SETTING_EXACT, "exact", "exact", 'X', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL,
	  "insist on the exact search: refuse words of more than 19 bits\n"
	  "(a count of at most 5 is proven on any word without it);\n"
	  "implies --optimal", 0 },
	{ SETTING_FULL, "full", "full", 'F', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "every family on its own row, the WARN notes, why each family",
	  0 },
	{ SETTING_BFULL, "full", "full", 'F', SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "the long report: medians, spread, wall and processor time,\n"
	  "and the cfx stats report of every form against the multiply", 0 },
	{ SETTING_FORCE, "force", "force", 0, SETTING_FLAG, 0, 0, NULL, NULL,
	  NULL, "print the patch even when the constant FAILs", 0 },
	{ SETTING_VSTRIDE, "stride", "stride", 'S', SETTING_TEXT, 0, 0, NULL,
	  "C,...", NULL,
	  "your keys k*c (arrays of c-byte structs): judged first, by the\n"
	  "same rule as every family (1 <= c < 2^n, at most 8)", 0 },
	{ SETTING_VFIELDS, "fields", "fields", 'W', SETTING_TEXT, 0, 0, NULL,
	  "H[,H2[,H3]]", NULL,
	  "your packed keys x<<H|y (x<<H|y<<H2|z, ...): judged first against\n"
	  "random multipliers on the same layout; H from n-4 down to 4, each\n"
	  "offset 4 or more below the one before (fields of 2^4 values or\n"
	  "more; words of 9 bits or more, one offset up to 12 bits, two up\n"
	  "to 16), or the layout as C writes it: 'x<<20|y<<10|z'", 0 },
	{ SETTING_RFORMAT, "format", "format", 0, SETTING_CHOICE, 0, 0,
	  "checkpatch|gcc", "checkpatch|gcc", "checkpatch",
	  "FILE:LINE: LEVEL: message (checkpatch), or FILE:LINE:COLUMN:\n"
	  "level: message (gcc, for editors and CI)", 0 },
	{ SETTING_REMIT, "emit", "emit", 0, SETTING_CHOICE, 0, 0, "reply|kunit",
	  "reply|kunit", NULL,
	  "a reply to the patch's author, or a KUnit test of its shift/add\n"
	  "sequences", 0 },

	{ SETTING_COLUMN, "column", NULL, 'C', SETTING_INT, 1, 1000000, NULL,
	  "COLUMN", NULL, "the field to read (from 1, default 1)", 0 },
	{ SETTING_WIDTH, "width", NULL, 'w', SETTING_INT, 3, 10000, NULL,
	  "WIDTH", NULL,
	  "plot width (default 74; on a terminal $COLUMNS, else its width "
	  "less 2)", 0 },
	{ SETTING_RESAMPLES, "resamples", "resamples", 0, SETTING_INT, 100,
	  10000000, NULL, "N", NULL,
	  "bootstrap resamples (default 10000)", 0 },
	{ SETTING_SEED, "seed", "seed", 0, SETTING_INT, 0, 4294967295ULL, NULL,
	  "N", NULL, "bootstrap seed (default 1: reproducible)", 0 },
	{ SETTING_N, NULL, NULL, 0, SETTING_FLAG, 0, 0, NULL, NULL, NULL, NULL,
	  0 }
};

const setting *setting_find(const char *name)
{
	const setting *s;

	for (s = setting_table; s->name; s++)
		if ((s->flags & SETTING_SESSION) && !strcmp(s->name, name))
			return s;
	return NULL;
}

const setting *setting_get(setting_id id)
{
	assert(id < SETTING_N && setting_table[id].id == id);
	return &setting_table[id];
}

int setting_choice(const setting *s, const char *text)
{
	const char *c = s->choices;
	size_t n = strlen(text);

	assert(s->type == SETTING_CHOICE);
	for (; c; c = strchr(c, '|') ? strchr(c, '|') + 1 : NULL)
		if (!strncmp(c, text, n) && (c[n] == '|' || !c[n]))
			return n > 0;
	return 0;
}

int setting_int(const setting *s, const char *text, unsigned long long lo,
                unsigned long long hi, unsigned long long *out, cfx_err *err)
{
	mpz_t z;
	int rc = 0;

	assert(s->type == SETTING_INT);
	assert(s->lo <= lo && lo <= hi && hi <= s->hi);
	mpz_init(z);
	if (expr_eval_text_int(text, z, err) < 0)
		rc = -1;
	else if (mpz_cmp_ui(z, lo) < 0 || mpz_sizeinbase(z, 2) > 64 ||
	         mpz_get_ui(z) > hi)
		rc = cfx_err_set(err, CFX_EDOMAIN, -1, text, "must be from %llu "
		                 "to %llu", lo, hi) - 1;
	else
		*out = mpz_get_ui(z);
	mpz_clear(z);
	return rc;
}
