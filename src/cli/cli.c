/*
 * cli.c - the command table and argument parsing (see cli.h; the help
 * is cli_help.c's).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cfx/constant.h"
#include "cfx/keys.h"
#include "cfx/search.h"
#include "cfx/keys.h"
#include "cfx/spec.h"
#include "cfx/mcm.h"
#include "cfx/word.h"
#include "cli/cli.h"
#include "cli/cli_word.h"
#include "cli/cmds.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "cli/setting.h"
#include "util/xalloc.h"

/* ---- options ------------------------------------------------------------ */

/* Which commands (OPT_ masks) take which option, and the field of
 * cli_args each fills: the option itself, its spelling, limits and help,
 * is its row of the settings table. */
typedef enum {
	FILL_FLAG,      /* int = 1 */
	FILL_TEXT,      /* const char * = the value as written */
	FILL_CHOICE,    /* the same, one of the row's choices */
	FILL_TARGET,    /* the same, a cost model mcm knows */
	FILL_INT,       /* int, from the value within the row's limits */
	FILL_UINT,      /* unsigned */
	FILL_ULONG,     /* unsigned long */
	FILL_ULL        /* unsigned long long */
} fill_kind;

typedef struct opt_def {
	unsigned mask;
	setting_id id;
	fill_kind kind;
	int val;        /* offset of the field filled */
	int text;       /* offset of a const char * that keeps the value as
	                 * written, or -1 */
	int arg;        /* offset of an int that keeps its argv index, or -1 */
	int optimal;    /* implies --optimal */
} opt_def;

#define F(m) (int)offsetof(cli_args, m)
static const opt_def opt_table[] = {
	/* the words each command takes: cli_word.c's table */
	{ OPT_BITS, SETTING_BITS, FILL_ULONG, F(bits), F(bits_text),
	  F(bits_arg), 0 },
	{ OPT_VBITS, SETTING_VBITS, FILL_ULONG, F(bits), F(bits_text),
	  F(bits_arg), 0 },
	{ OPT_SBITS, SETTING_SBITS, FILL_ULONG, F(bits), F(bits_text),
	  F(bits_arg), 0 },
	{ OPT_TABLE, SETTING_TABLE, FILL_INT, F(table_bits), F(table_list),
	  F(table_arg), 0 },
	{ OPT_KEYS, SETTING_KEYS, FILL_TEXT, F(keys), -1, F(keys_arg), 0 },
	{ OPT_COUNT, SETTING_COUNT, FILL_ULL, F(count), F(count_text), -1, 0 },
	{ OPT_EMIT, SETTING_EMIT, FILL_CHOICE, F(emit), -1, -1, 0 },
	{ OPT_PATCH, SETTING_PATCH, FILL_CHOICE, F(emit), -1, -1, 0 },
	{ OPT_TLIST, SETTING_TLIST, FILL_TEXT, F(table_list), -1, F(table_arg),
	  0 },
	{ OPT_TERMS, SETTING_TERMS, FILL_ULONG, F(terms), -1, -1, 0 },
	{ OPT_CONV, SETTING_CONV, FILL_FLAG, F(convergents), -1, -1, 0 },
	{ OPT_VALUE, SETTING_VALUE, FILL_FLAG, F(value), -1, -1, 0 },
	{ OPT_LIST, SETTING_LIST, FILL_ULONG, F(list), -1, -1, 0 },
	{ OPT_AGAINST, SETTING_AGAINST, FILL_TEXT, F(against), -1,
	  F(against_arg), 0 },
	{ OPT_RUNS, SETTING_RUNS, FILL_ULONG, F(runs), -1, -1, 0 },
	{ OPT_RAW, SETTING_RAW, FILL_TEXT, F(raw), -1, -1, 0 },
	{ OPT_SEARCH, SETTING_STERMS, FILL_TEXT, F(terms_text), -1,
	  F(terms_arg), 0 },
	{ OPT_SEARCH, SETTING_ADDERS, FILL_TEXT, F(adders_text), -1,
	  F(adders_arg), 0 },
	{ OPT_SEARCH, SETTING_NEAR, FILL_TEXT, F(near), -1, F(near_arg), 0 },
	{ OPT_SEARCH, SETTING_WINDOW, FILL_TEXT, F(window_text), -1,
	  F(window_arg), 0 },
	{ OPT_SEARCH, SETTING_PRIME, FILL_FLAG, F(prime), -1, -1, 0 },
	{ OPT_SEARCH, SETTING_SCREEN, FILL_TEXT, F(screen), -1, F(screen_arg),
	  0 },
	{ OPT_SEARCH, SETTING_TOP, FILL_TEXT, F(top_text), -1, F(top_arg), 0 },
	{ OPT_SEARCH, SETTING_ALL, FILL_FLAG, F(all), -1, -1, 0 },
	{ OPT_OPTIMAL, SETTING_OPTIMAL, FILL_FLAG, F(optimal), -1, -1, 1 },
	{ OPT_OPTIMAL, SETTING_TARGET, FILL_TARGET, F(target), -1,
	  F(target_arg), 1 },
	{ OPT_OPTIMAL, SETTING_DEPTH, FILL_UINT, F(max_depth), -1, -1, 1 },
	{ OPT_OPTIMAL, SETTING_EXACT, FILL_FLAG, F(exact), -1, -1, 1 },
	{ OPT_FULL, SETTING_FULL, FILL_FLAG, F(full), -1, -1, 0 },
	{ OPT_BFULL, SETTING_BFULL, FILL_FLAG, F(full), -1, -1, 0 },
	{ OPT_FORCE, SETTING_FORCE, FILL_FLAG, F(force), -1, -1, 0 },
	{ OPT_VKEYS, SETTING_VSTRIDE, FILL_TEXT, F(stride), -1, F(stride_arg),
	  0 },
	{ OPT_VKEYS, SETTING_VFIELDS, FILL_TEXT, F(fields), -1, F(fields_arg),
	  0 },
	{ OPT_JSON, SETTING_JSON, FILL_FLAG, F(json), -1, -1, 0 },
};
#undef F
#define NOPTS (sizeof opt_table / sizeof opt_table[0])

static const setting *opt_row(size_t i)
{
	return setting_get(opt_table[i].id);
}

/* ---- the table ------------------------------------------------------- */

const cmd_def cli_commands[] = {
	{ "cf", "EXPR", "continued fraction, convergents, closeness to 1/phi",
	  OPT_BITS | OPT_JSON | OPT_TERMS | OPT_CONV | OPT_VALUE,
	  "An integer written with integer operations (a literal such as\n"
	  "0x9e370001; + - * % ^, golden, nextprime, prevprime) is a\n"
	  "multiplier p and shows p/2^n (--value: the integer itself).  A value\n"
	  "reached through / or sqrt is that number, even an integer (cf 4/2\n"
	  "shows 2); so are phi, pi, e and any expression of them.\n"
	  "Quadratic irrationals are exact, with their period; pi and e are\n"
	  "computed with interval arithmetic, so every quotient shown is\n"
	  "certain.  The golden prefix is the run of 1s after a0 of x or,\n"
	  "for 0 < x < 1, of 1 - x (c and 2^n - c hash alike).  The terms\n"
	  "after a0 are those of frac(x) = x - a0: outside (0, 1) the prefix\n"
	  "is frac(x)'s, with no mirror (23/10 = [2; 3, 3]: prefix 0).",
	  cmd_cf, 1 },
	{ "naf", "EXPR", "binary weight, non-adjacent form, power sum",
	  OPT_BITS | OPT_JSON,
	  "The NAF is the signed-binary form with no two adjacent non-zero\n"
	  "digits: unique, and of minimal weight.  Forms are taken mod 2^n.",
	  cmd_naf, 1 },
	{ "shifts", "EXPR", "the multiply as a sequence of shifts and adds",
	  OPT_BITS | OPT_JSON | OPT_EMIT | OPT_OPTIMAL,
	  "Derived from the NAF in the style of the 2002 kernel patch: one\n"
	  "running shifted copy n of x, hash += n or hash -= n per term.\n"
	  "--emit c prints a translation unit defining\n"
	  "uintN_t cfx_mul_shift_add(uintN_t x) with no multiplication.\n\n"
	  "--optimal searches instead for the fewest adders, reusing\n"
	  "intermediate results (t1 = (x << 2) + x; hash = (t1 << 3) + t1 for\n"
	  "45), mod 2^n (words up to 64 bits): on words of up to 19 bits an\n"
	  "exact search (the fewest adders over graphs whose values stay\n"
	  "below 2^(n+1), for p or -p), beyond a heuristic never worse than\n"
	  "the NAF; then every sequence of at most 4 adders mod 2^n.\n"
	  MCM_PROOF_RULE "\n"
	  "It reports adders, shifts, depth and the cycles on the --target,\n"
	  "and whether the native multiply is faster.",
	  cmd_naf_shifts, 0 },
	{ "spectrum", "EXPR", "the points {k p/2^n} and their three gap lengths",
	  OPT_BITS | OPT_JSON | OPT_COUNT | OPT_LIST | OPT_TABLE | OPT_POINTS,
	  "Gaps are exact, in units of 2^-n.  The three-distance theorem says\n"
	  "there are at most three lengths, the largest the sum of the others\n"
	  "when there are three; cfx checks it on every run.",
	  cmd_spectrum, 1 },
	{ "score", "EXPR", "bucket loads, chi^2, p-value, probe-cost ratio",
	  OPT_BITS | OPT_JSON | OPT_TABLE | OPT_KEYS | OPT_COUNT | OPT_HASHES,
	  "h(x) = ((x p) mod 2^n) >> (n - B).  R is the cost of one lookup of\n"
	  "every key over that of an ideal random hash (1 = random, below 1\n"
	  "better).  Verdict: bad if R >= 2 and p < 0.001; weak if p < 0.001\n"
	  "with R < 2; good otherwise (FAIL, WARN, PASS in JSON; none, too\n"
	  "few keys, INFO).  It judges one key family at one table, where cfx\n"
	  "verify's PASS, WARN or FAIL judges a battery of families.  Even\n"
	  "multipliers are accepted but flagged.  The verdict is a report:\n"
	  "exit status 0 even when bad (cfx verify exits 1 on a FAIL).",
	  cmd_score, 1 },
	{ "sweep", "EXPR", "score keys k*2^s for every stride s = 0..n-1",
	  OPT_BITS | OPT_JSON | OPT_TABLE | OPT_COUNT | OPT_HASHES,
	  "For keys k*2^s the hash acts like the multiplier p mod 2^(n-s) on\n"
	  "n - s bits; each row shows that effective multiplier's continued\n"
	  "fraction and its largest early quotient, which explains a bad row.\n"
	  "The rows are a report: exit status 0 even when some are bad.",
	  cmd_score_sweep, 1 },
	{ "verify", "EXPR", "is this multiplier safe to submit? a verdict",
	  OPT_VBITS | OPT_JSON | OPT_TLIST | OPT_AGAINST | OPT_PATCH | OPT_FULL |
	  OPT_FORCE | OPT_VKEYS | OPT_KEYS,
	  "Word size: --bits N, else the word rule of every command (the\n"
	  "smallest of 32, 64, then multiples of 64 that holds the constant;\n"
	  "one wider than 64 bits is refused).  Checks: odd, size (a\n"
	  "constant far below 2^(n-1) moves consecutive keys too little), prime\n"
	  "(information), continued fraction, shift/add form (compiled with\n"
	  "cc -O2 -Wall -Wextra -Werror and checked against multiplication on\n"
	  "every input of a word of 24 bits or fewer, else on 2^20), and a\n"
	  "battery of key families: sequential, every stride 2^s, strides 3,\n"
	  "5, 7, 9, 10, 12, 24, 100,\n"
	  "1000 and 10^6, runs from a random start, one varying byte at each\n"
	  "position, packed fields x<<n/2|y and x<<n/4|y, pointer+index pairs,\n"
	  "and keys with at most 2 or 3 bits set; each for every table size and\n"
	  "1, 2, 4 and 8 keys per bucket.  Beyond that list, two screens by the\n"
	  "theory: the stride map (keys k c for every c up to 256 and the\n"
	  "multiples of 8 up to 4096, predicted from the lattice of c p mod 2^n,\n"
	  "whose bases are the convergents of c p/2^n, the worst counted key by\n"
	  "key; strides up to 65536 screened by prediction) and packed fields\n"
	  "x<<h|y at every offset h and three- and four-field layouts (lattice\n"
	  "reduction), each ranked against random odd multipliers.  When the\n"
	  "compiled check cannot be done (no compiler, $CC unusable, $TMPDIR\n"
	  "unusable or noexec) it is INFO and cfx runs the sequence itself;\n"
	  "only a wrong sequence FAILs.\n\n"
	  "Verdict: a family's worst cell (largest R, the lookup cost over a\n"
	  "random hash's) is ranked among random odd multipliers: P is the\n"
	  "share of a reference of 1000 at least as bad on the same keys (keys\n"
	  "k0 + k c against sequential keys; the Gauss-Kuzmin clause explains,\n"
	  "it does not judge).  With F families judged, a family FAILs\n"
	  "when R >= 2 and its rank P satisfies P*F < 0.05, WARNs when R >= 1.5\n"
	  "and P*F < 0.5; 9 or more families WARNing at once FAIL the\n"
	  "constant as a whole (the joint rule; no random multiplier measured\n"
	  "FAILs by it alone).  On words of 16 bits or fewer, too few\n"
	  "multipliers\n"
	  "for that rank, sequential keys at R >= 2 FAIL outright and other\n"
	  "families at R >= 2 get a note.  The report shows the table and one\n"
	  "paragraph per FAIL; --full adds every row, the WARN notes and why\n"
	  "each family is tested.  --emit patch prints nothing for a FAILing\n"
	  "constant unless --force.  Exit status 0 when nothing FAILs, 1 when\n"
	  "something does.",
	  cmd_verify, 1 },
	{ "bench", "EXPR", "time the multiply against its shift/add forms here",
	  OPT_BITS | OPT_JSON | OPT_TABLE | OPT_KEYS | OPT_COUNT | OPT_AGAINST |
	  OPT_HASHES |
	  OPT_RUNS | OPT_RAW | OPT_BFULL,
	  "Writes the loop of a hash table for this constant (the keys of\n"
	  "--keys hashed into 2^B counters, counting) as C, with (a) the\n"
	  "multiply, (b) the NAF shift/add sequence, (c) the sequence of\n"
	  "fewest adders that cfx's search finds, when it beats the NAF;\n"
	  "compiles it with the system C compiler ($CC or cc) at -O2 and\n"
	  "loads it.  The multiply reads its constant from a volatile, so it\n"
	  "stays a multiply (checked in the disassembly where objdump is\n"
	  "found); the shift/add forms carry empty asm barriers, or the\n"
	  "compiler would turn them back into a multiply.  Each variant must\n"
	  "fill the table exactly as the multiply does; then all are warmed\n"
	  "up and timed in R rounds (default 301, unless 9 s of wall time\n"
	  "pass first: the rounds then stop at the next odd count, 61 at\n"
	  "least; --runs R runs R whatever the time), each round one block of\n"
	  "about 0.1 ms per variant, interleaved (the order rotates each\n"
	  "round) so that drift hits them alike; throughput (independent\n"
	  "keys) and latency (a dependent chain) both.  Round r runs on\n"
	  "copy r mod N of the keys and the table, each copy at its own\n"
	  "offsets in memory, so that no one placement decides a run (N: as\n"
	  "many as fit 10 MiB, at most 128, or $CFX_BENCH_COPIES).  A block\n"
	  "whose wall time is more than 5% (plus 2 microseconds) above its\n"
	  "processor time was preempted (the machine ran something else\n"
	  "meanwhile): its processor time is used for it instead, and a\n"
	  "warning says how many blocks were preempted when they are more\n"
	  "than a quarter of them.\n"
	  "Prints each form's ns per hash as p10, the 10th percentile of its\n"
	  "blocks (the sorted x[n/10]: under load steadier than the median),\n"
	  "for throughput and latency, its p10 over the multiply's (\"/ mult.\"),\n"
	  "ministat's verdict on the means, and which form is fastest.\n"
	  "--full adds the medians (ministat's x[n/2]), the spread, wall and\n"
	  "processor time and the cfx stats report of every form against\n"
	  "the multiply.  --against\n"
	  "OLD times OLD's forms first, so the report compares the new\n"
	  "constant with the old multiply.  Exit status 2 without a C\n"
	  "compiler.",
	  cmd_bench, 1 },
	{ "stats", "[FILE...]", "compare samples as ministat does, and more",
	  OPT_OWN,
	  "Each FILE (standard input when there is none, or -) is a sample,\n"
	  "one number a line; lines with too few fields or a field starting\n"
	  "with # are skipped.  The first sample is compared with each later\n"
	  "one, exactly as FreeBSD's ministat prints it: a plot (x + * % # @ O\n"
	  "the samples, * where x and + share a cell, A the mean, M the median,\n"
	  "|___| one standard deviation either side), the table N Min Max\n"
	  "Median Avg Stddev (the median is the point at n/2 of the sorted\n"
	  "sample, as ministat has it), and \"Difference at 95.0% confidence\"\n"
	  "with the difference of the means, in percent of the first, and\n"
	  "Student's t with the pooled standard deviation, or \"No difference\n"
	  "proven\".  Quantiles come from GSL for any degrees of freedom,\n"
	  "rounded to ministat's three decimals.  Warnings (stderr): outliers\n"
	  "by the median absolute deviation, and samples too small for the\n"
	  "claim.  At least 3 points per sample, at most 7 samples.\n\n"
	  "options (ministat's):\n"
	  "  -A                 no plot, statistics and verdicts only\n"
	  "  -C COLUMN          the field to read (from 1, default 1)\n"
	  "  -c LEVEL           confidence: 80, 90, 95, 98, 99 or 99.5 (default\n"
	  "                     95)\n"
	  "  -d DELIMS          field delimiters (default space and tab)\n"
	  "  -n                 summary table only: no plot, no verdicts\n"
	  "  -q                 no legend and no table header\n"
	  "  -s                 one mean/median/stddev bar per sample\n"
	  "  -w WIDTH           plot width (default 74; on a terminal $COLUMNS,\n"
	  "                     else its width less 2, as ministat)\n"
	  "options (beyond ministat):\n"
	  "  --test t|welch|mw  Student's t (default), Welch's t for unequal\n"
	  "                     variances, or Mann-Whitney U (exact p for small\n"
	  "                     samples without ties, with a Hodges-Lehmann shift)\n"
	  "  --ratio            bootstrap interval of median(later) / median(first)\n"
	  "  --resamples N      bootstrap resamples (default 10000)\n"
	  "  --seed N           bootstrap seed (default 1: reproducible)\n"
	  "  -j, --json         one JSON object with every number, all three\n"
	  "                     tests\n"
	  "  -h, --help         show this help\n\n"
	  "Exit status: 0 ok, 2 bad input (a file that cannot be read, a line\n"
	  "that is not a number, a sample of fewer than 3 points).",
	  cmd_stats, 1 },
	{ "review", "FILE...", "a patch's multipliers, claims and shift/add "
	  "code, checked",
	  OPT_OWN,
	  "One FILE or several (cfx review foo.h foo.c), each a unified diff (git\n"
	  "diff, git format-patch), a mail holding one (\"> \" quoting and CRLF are\n"
	  "fine) or C source; - reads standard input: git diff | cfx review -.\n"
	  "Every FILE is read before any is judged; each is reported in turn, its\n"
	  "findings naming it, under one total.  It finds the multipliers the patch adds\n"
	  "or changes (#defines and const initialisers named\n"
	  "hash/golden/mult/prime/ratio, literals multiplied into a value then\n"
	  "shifted or hashed, open-coded shift/add sequences), infers each one's\n"
	  "word (type, suffix, #if BITS_PER_LONG) and table size, checks the claims\n"
	  "of its comments (continued fraction term by term, convergents, closeness\n"
	  "to phi, identities and values with phi in the convention the comment\n"
	  "defines, power sum, prime, counts of terms, shifts and additions),\n"
	  "proves each shift/add sequence equal to a multiply by exact symbolic\n"
	  "evaluation mod 2^n, and runs verify at that word and table, against the\n"
	  "constant it replaces.\n\n"
	  "The table size: hash_32(x, B), hash_64(x, B), >> (32 - B), a *_BITS\n"
	  "define, or the calls of a function whose bits parameter sets its shift\n"
	  "(my_hash(key, 10) and my_hash(key, 12): tables 2^10 and 2^12, both\n"
	  "judged; --json's \"tables\"); else verify's 2^4..2^20.  The patch's other\n"
	  "files count, and so do the other FILEs (8 MiB together at most): a\n"
	  "header's function or *_BITS define, a .c file's calls or shift.  B of 0,\n"
	  "over the word or below 0 shifts by W - B in unsigned int: an ERROR, no\n"
	  "table.  hash_64(x, B) with B over 32 keeps 32 middle bits of the product\n"
	  "(it returns a u32): an ERROR.  The whole word (hash_32(x, 32), >> (64 -\n"
	  "64)) keeps every bit, no table: not judged (an odd multiplier is a\n"
	  "permutation of the words).\n\n"
	  "Output: FILE:LINE: ERROR|WARNING|CHECK|NOTE: message, one a line\n"
	  "(FILE and LINE in the patched file), then a total.\n\n"
	  "options:\n"
	  "  --format gcc       FILE:LINE:COLUMN: error|warning|note: message\n"
	  "  -j, --json         one JSON object: multipliers and findings\n"
	  "  --emit reply       a reply to the patch's author, ready to paste\n"
	  "  --emit kunit       a KUnit test (lib/test_hash.c's style): each\n"
	  "                     shift/add sequence against its multiply\n"
	  "  -h, --help         show this help\n\n"
	  "Exit status: 0 nothing worse than CHECK (also: no multipliers\n"
	  "found; an empty input, git diff of a clean tree: nothing to\n"
	  "review, said on stderr; with --emit, the reply or test written),\n"
	  "1 an ERROR or a WARNING, 2 bad input (not a diff and no C, or\n"
	  "beyond its bounds; of several FILEs, each bad one is a line on\n"
	  "stderr naming it, and the others are still reviewed).",
	  cmd_review, 1 },
	{ "search", "", "cheap multipliers near a target, screened",
	  OPT_SBITS | OPT_JSON | OPT_SEARCH,
	  "Finds every odd p < 2^n with at most K signed digits (NAF weight\n"
	  "mod 2^n) within 2^-W of the target times 2^n, exactly: branch and\n"
	  "bound over signed digits, on every processor; `enumerated` counts\n"
	  "the complete digit forms compared with the window.  With --adders\n"
	  "A instead, every p whose cost is at most A adders: every shift/add\n"
	  "graph of A adders mod 2^n (one operand shifted, one negation of\n"
	  "the result free, as shifts --optimal) is built, so the adders and\n"
	  "depth shown are exact (the fewest adders, the least depth among\n"
	  "those); `enumerated` counts the graphs.\n\n"
	  "Ranking, best first: the prefix (quotients of p/2^n equal to the\n"
	  "target's: for 1/phi the golden prefix, the run of 1s), then the\n"
	  "largest early quotient (q_(k-1) < 2^23), smaller first, then the\n"
	  "distance to the target.  The table's columns: adders/depth of the\n"
	  "shift/add sequence, the prefix, the max early quotient (the\n"
	  "largest of those early quotients; a later one can be far larger:\n"
	  "cf lists them all), prime, the screen's verdict and the worst\n"
	  "family with its R.\n\n"
	  "The screen first predicts strides: verify's stride map (keys\n"
	  "k*c for c <= 256, multiples of 8 to 4096 and powers of two, from\n"
	  "the lattice of c*p mod 2^n) drops a multiplier whose worst stride\n"
	  "is beyond almost every random one's.  Walking down the ranking,\n"
	  "what the prediction lets\n"
	  "through goes through the verify battery, until each cost has T\n"
	  "survivors.  Those that FAIL are dropped (shown with --all) with a\n"
	  "one-line reason.\n\n"
	  "The front: for each cost (adders, then depth: exact with --adders;\n"
	  "else of the sequence cfx's shift/add search finds, as shifts\n"
	  "--optimal, proven the fewest by its rule (the footnote *), and\n"
	  "NAF weight - 1 above 64 bits), the best quality\n"
	  "(the largest worst-cell R of any family, lower is better), kept\n"
	  "when it beats every cheaper one: what each extra adder buys.\n"
	  "One progress bar over the run on stderr when it is a terminal (the\n"
	  "phase, its count, the seconds); on a pipe or a file none, as git\n"
	  "(--progress and --no-progress decide instead).\n"
	  "Ctrl-C stops and prints what was found so far (exit status 1).",
	  cmd_search, 1 },
	/* the session words: the REPL's, a script's, the dashboard's ':' and
	 * a lesson's (in a lesson, quit and exit leave the lesson) */
	{ "help", "[CMD]", "this overview, or one command's help (?CMD too)",
	  OPT_OWN | OPT_SESSION, "", cmd_session_help, 0 },
	{ "set", "NAME VALUE", "change a setting of the session (show lists "
	  "them)", OPT_OWN | OPT_SESSION,
	  "set bits N|auto, set table B|auto and set count K|auto take an\n"
	  "integer expression within the option's limits, checked when set\n"
	  "(bits: a word some command takes, cfx --help's list, and set names\n"
	  "at once the commands that do not take it, which refuse it when\n"
	  "they run; the dashboard's words in the dashboard; auto is the rule\n"
	  "of --bits).  set alone lists the settings, as show does.  set\n"
	  "const EXPR the constant the commands use when given none; set keys\n"
	  "FAMILY|default; set format text|json.",
	  cmd_session_set, 0 },
	{ "show", "", "the session's settings and named values",
	  OPT_OWN | OPT_SESSION, "", cmd_session_show, 0 },
	{ "let", "NAME = EXPR", "a named value; ans is the last constant used",
	  OPT_OWN | OPT_SESSION, "", cmd_session_let, 0 },
	{ "quit", "", "leave the session (Ctrl-D too), or the lesson",
	  OPT_OWN | OPT_SESSION, "", cmd_session_quit, 0 },
	{ "exit", "", "the same as quit", OPT_OWN | OPT_SESSION, "",
	  cmd_session_quit, 0 },
	{ NULL, NULL, NULL, 0, NULL, NULL, 0 },
};

const cmd_def *cli_find(const char *name)
{
	const cmd_def *d;

	for (d = cli_commands; d->name; d++)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

const char *cli_nearest_name(const char *name, const char *const *names)
{
	return opts_nearest(name, names);
}

const char *cli_nearest(const char *name)
{
	const char *names[sizeof cli_commands / sizeof cli_commands[0]];
	size_t n = 0;
	const cmd_def *d;

	for (d = cli_commands; d->name; d++)
		names[n++] = d->name;
	names[n] = NULL;
	return cli_nearest_name(name, names);
}

const char **cli_option_names(const cmd_def *d)
{
	static const char *names[NOPTS + 2];
	size_t i, n = 0;

	for (i = 0; i < NOPTS; i++)
		if (d->opts & opt_table[i].mask)
			names[n++] = opt_row(i)->option;
	names[n++] = "help";
	names[n] = NULL;
	return names;
}

const setting *cli_option_row(const cmd_def *d, const char *word)
{
	size_t i;

	if (word[0] != '-')
		return NULL;
	for (i = 0; i < NOPTS; i++) {
		const setting *o = opt_row(i);
		if (!(d->opts & opt_table[i].mask))
			continue;
		if (word[1] == '-' ? !strcmp(word + 2, o->option)
		    : word[1] == o->key && !word[2])
			return o;
	}
	return NULL;
}

void cli_help(const cmd_def *d, FILE *f)
{
	const setting *rows[NOPTS];
	size_t i, n = 0;

	for (i = 0; i < NOPTS; i++)
		if (d->opts & opt_table[i].mask)
			rows[n++] = opt_row(i);
	cli_help_command(d, rows, n, f);
}

void cli_overview(FILE *f)
{
	cli_help_overview(cli_commands, f);
}

void cli_session_overview(FILE *f)
{
	cli_help_brief(cli_commands, f);
}

void cli_session_help(FILE *f)
{
	cli_help_session(cli_commands, f);
}

void cli_print_error(const cmd_ctx *c, FILE *f)
{
	char *t;

	if (c->err.token[0])
		t = xasprintf("cfx: %s: %s (%s)", c->cmd, c->err.msg, c->err.token);
	else
		t = xasprintf("cfx: %s: %s", c->cmd, c->err.msg);
	/* one line for grep and logs; on a terminal filled, as a warning */
	out_line_at(f, t, "    ");
	free(t);
}

/* ---- sessions ------------------------------------------------------- */

void cli_session_init(cfx_session *s)
{
	memset(s, 0, sizeof *s);
}

void cli_session_free(cfx_session *s)
{
	cfx_var *v, *next;

	for (v = s->vars; v; v = next) {
		next = v->next;
		free(v->name);
		expr_free(v->tree);
		free(v);
	}
	free(s->constant);
	free(s->keys);
	json_decref(s->results);
	memset(s, 0, sizeof *s);
}

void cli_session_copy(cfx_session *dst, const cfx_session *src)
{
	const cfx_var *v;
	cfx_var **tail;
	cfx_err e;

	*dst = *src;
	dst->constant = src->constant ? xstrdup(src->constant) : NULL;
	dst->keys = src->keys ? xstrdup(src->keys) : NULL;
	dst->results = src->results ? json_deep_copy(src->results) : NULL;
	dst->vars = NULL;
	tail = &dst->vars;
	for (v = src->vars; v; v = v->next) {
		cfx_var *c = xcalloc(1, sizeof *c, "variable");
		c->name = xstrdup(v->name);
		/* a stored tree has its names inlined: this is a copy */
		c->tree = expr_inline(v->tree, cli_session_lookup, (void *)src, &e);
		if (!c->tree)
			xalloc_fail(0, "variable copy");
		*tail = c;
		tail = &c->next;
	}
}

void cli_session_set_var(cfx_session *s, const char *name, expr_tree *t)
{
	cfx_var *v;

	for (v = s->vars; v; v = v->next)
		if (!strcmp(v->name, name)) {
			expr_free(v->tree);
			v->tree = t;
			return;
		}
	v = xcalloc(1, sizeof *v, "variable");
	v->name = xstrdup(name);
	v->tree = t;
	v->next = s->vars;
	s->vars = v;
}

const expr_tree *cli_session_lookup(void *sess, const char *name)
{
	cfx_session *s = sess;
	cfx_var *v;

	for (v = s ? s->vars : NULL; v; v = v->next)
		if (!strcmp(v->name, name))
			return v->tree;
	return NULL;
}

/* ---- argument parsing ----------------------------------------------- */

static int usage_err(cmd_ctx *c, int arg, const char *token, const char *msg)
{
	cfx_err_set(&c->err, CFX_EUSAGE, -1, token, "%s", msg);
	c->err.arg = arg;
	return -1;
}

/* The largest value command d takes for option o (--count), hi the
 * setting's when the command has no tighter one (OPT_HASHES, OPT_POINTS):
 * the range an option's message states is the one the command accepts.
 * (--bits: cli_word.c's table.) */
static unsigned long long option_cap(const cmd_def *d, const setting *o,
                                     unsigned long long hi)
{
	unsigned long long cap = hi;

	if (o->id == SETTING_COUNT && (d->opts & OPT_HASHES))
		cap = KEYS_MAX;
	if (o->id == SETTING_COUNT && (d->opts & OPT_POINTS))
		cap = SPEC_MAX_COUNT;
	return cap < hi ? cap : hi;
}

int cli_number(cmd_ctx *c, int arg, const setting *o, const char *s,
               unsigned long long lo, unsigned long long hi,
               unsigned long long *out)
{
	if (opts_number(o, s, lo, hi, out, &c->err) < 0) {
		c->err.arg = arg;
		return -1;
	}
	return 0;
}

int cli_option(cmd_ctx *c, int arg, int id, const char *s,
               unsigned long long *out)
{
	const setting *o = setting_get((setting_id)id);

	return cli_number(c, arg, o, s, o->lo, o->hi, out);
}

/* What parse_args fills, for take_option. */
typedef struct parse_ctx {
	cmd_ctx *c;
	const cmd_def *d;
	cli_args *a;
	int emit_at;            /* argv index of --emit, -1: none */
} parse_ctx;

static const opt_def *opt_of(const cmd_def *d, const setting *o)
{
	size_t i;

	for (i = 0; i < NOPTS; i++)
		if (opt_row(i) == o && (opt_table[i].mask & d->opts))
			return &opt_table[i];
	return NULL;
}

/* A name of the session, for the rule on negative numbers (opts.h). */
static const void *known_name(void *ctx, const char *name)
{
	return cli_session_lookup(((parse_ctx *)ctx)->c->sess, name);
}

/* One option of the command into its field of cli_args (opt_def). */
static int take_option(void *ctx, const opts_hit *h, cfx_err *e)
{
	parse_ctx *p = ctx;
	const opt_def *od = opt_of(p->d, h->s);
	const setting *o = h->s;
	char *base = (char *)p->a, msg[128];
	unsigned long long v = 0;

	if (od->text >= 0)
		*(const char **)(base + od->text) = h->value;
	if (od->arg >= 0)
		*(int *)(base + od->arg) = h->value_arg;
	if (od->optimal)
		p->a->optimal = 1;
	switch (od->kind) {
	case FILL_FLAG:
		*(int *)(base + od->val) = 1;
		return 0;
	case FILL_CHOICE:
		if (!setting_choice(o, h->value)) {
			snprintf(msg, sizeof msg, "--%s knows only %s", o->option,
			         o->choices);
			return cfx_err_set(e, CFX_EUSAGE, -1, h->value, "%s", msg);
		}
		p->emit_at = h->arg;
		/* fall through */
	case FILL_TEXT:
		*(const char **)(base + od->val) = h->value;
		return 0;
	case FILL_TARGET:
		if (!mcm_target_find(h->value))
			return cfx_err_set(e, CFX_EUSAGE, -1, h->value, "unknown "
			                   "target; one of %s", mcm_target_names());
		*(const char **)(base + od->val) = h->value;
		return 0;
	default:
		break;
	}
	if (od->val == (int)offsetof(cli_args, bits)) { /* the words it takes */
		const char *n = p->d->name;
		if (cli_word_parse(cli_word_range_of(n), "--bits", h->value,
		                   &p->a->bits, e) == 0)
			return 0;
		/* a command whose options narrow its words (shifts --emit):
		 * the refusal names the words of the command as given, once
		 * all its options are read (word_taken) */
		if (e->code != CFX_EDOMAIN ||
		    cli_word_range_cmd(n, 1, 1) == cli_word_range_of(n))
			return -1;
		p->a->bits_later = 1;
		return 0;
	}
	if (opts_number(o, h->value, o->lo, option_cap(p->d, o, o->hi), &v,
	                e) < 0)
		return -1;
	switch (od->kind) {
	case FILL_INT:
		*(int *)(base + od->val) = (int)v;
		break;
	case FILL_UINT:
		*(unsigned *)(base + od->val) = (unsigned)v;
		break;
	case FILL_ULONG:
		*(unsigned long *)(base + od->val) = (unsigned long)v;
		break;
	default:
		*(unsigned long long *)(base + od->val) = v;
		break;
	}
	return 0;
}

/* A word glued to its minus (-5) after one that ends a value (5): cfx cf
 * 5 -5 reads as two arguments to whoever types it, as one (5 - 5 = 0)
 * to the expression; the command takes one EXPR, so it is refused,
 * naming the word, with the spaced form that subtracts. */
static int second_expr(cmd_ctx *c, const char *prev, const char *w, int arg)
{
	size_t n = strlen(prev);
	char msg[256];

	if (w[0] != '-' || !w[1] || w[1] == ' ' || !n ||
	    strchr("+-*/%^(~<>&|", prev[n - 1]) || !strcmp(prev, "xor"))
		return 0;
	snprintf(msg, sizeof msg, "a second EXPR after %.24s; %.16s takes one "
	         "(to subtract, write %.24s - %.24s)", prev, c->cmd, prev, w + 1);
	return usage_err(c, arg, w, msg);
}

/* Several positionals are one expression written with spaces: cfx cf
 * 2^31 + 2^29 - 2^25. */
static int join_positionals(cmd_ctx *c, cli_args *a, char **argv,
                            const int *pos, int npos)
{
	size_t len = 0;
	int i;

	if (npos > CLI_MAX_POS)
		return usage_err(c, pos[CLI_MAX_POS], argv[pos[CLI_MAX_POS]],
		                 "too many arguments");
	if (npos == 0)
		return 0;
	for (i = 1; i < npos; i++)
		if (second_expr(c, argv[pos[i - 1]], argv[pos[i]], pos[i]) < 0)
			return -1;
	for (i = 0; i < npos; i++)
		len += strlen(argv[pos[i]]) + 1;
	a->joined = xmalloc(len, "joined arguments");
	len = 0;
	for (i = 0; i < npos; i++) {
		a->pos[i] = pos[i];
		a->pos_off[i] = (int)len + (i ? 1 : 0);
		len += (size_t)sprintf(a->joined + len, "%s%s", i ? " " : "",
		                       argv[pos[i]]);
	}
	a->npos = npos;
	a->expr = a->joined;
	a->expr_arg = pos[0];
	return 0;
}

/* The session fills in what the command line left out. */
static void session_defaults(const cfx_session *s, cli_args *a)
{
	a->own_table = a->table_bits;
	a->own_keys = a->keys;
	a->own_count = a->count;
	if (!a->bits)
		a->bits = cli_word_for(&s->word, a->expr != NULL);
	if (!a->table_bits)
		a->table_bits = s->table_bits;
	if (!a->keys)
		a->keys = s->keys;
	if (!a->count && s->count) {
		/* a limit the command finds names the setting: set count N */
		static _Thread_local char text[48];
		snprintf(text, sizeof text, "count %llu", s->count);
		a->count = s->count;
		a->count_text = text;
	}
	if (s->json)
		a->json = 1;
}

typedef struct each_ctx {
	cli_option_visit visit;
	void *ctx;
} each_ctx;

static int take_each(void *ctx, const opts_hit *h, cfx_err *e)
{
	each_ctx *x = ctx;

	return x->visit(x->ctx, h->s, h->value, e);
}

int cli_options_each(int argc, char **argv, cli_option_visit visit,
                     void *ctx, cfx_err *e)
{
	const cmd_def *d = argc ? cli_find(argv[0]) : NULL;
	opts_row rows[NOPTS];
	each_ctx x = { visit, ctx };
	opts_face f = { .rows = rows, .take = take_each, .ctx = &x };
	int pos[argc + 1], npos;
	size_t i;

	if (!d)
		return cfx_err_set(e, CFX_EUSAGE, -1, argc ? argv[0] : "",
		                   "unknown command");
	if (d->opts & OPT_OWN)
		return 0;
	for (i = 0; i < NOPTS; i++)
		if (d->opts & opt_table[i].mask)
			rows[f.nrows++] = (opts_row){ opt_row(i), 0 };
	return opts_parse(&f, argc, argv, pos, &npos, e) < 0 ? -1 : 0;
}

/* The word the command runs on, its own or the session's, is one it
 * takes (cli_word.h): else its refusal, never a clamp. */
static int word_taken(cmd_ctx *c, const cmd_def *d, const cli_args *a)
{
	const cli_word_range *r = cli_word_range_cmd(d->name, a->emit != NULL,
	                                             a->optimal);

	if (!r || (!a->bits && !a->bits_later))
		return 0;
	if (a->bits_text) {     /* shifts --emit c --bits 100 */
		if (cli_word_check(r, a->bits, "--bits", a->bits_text, &c->err) < 0) {
			c->err.arg = a->bits_arg;
			return -1;
		}
		return 0;
	}
	/* a followed word (the dashboard's) came with a command's --bits */
	if (cli_word_check(r, a->bits, cli_word_source(&c->sess->word) ==
	                   CLI_WORD_FOLLOWED && !a->expr ? "the session's word"
	                   : "set bits", NULL, &c->err) < 0) {
		c->err.arg = -1;        /* on no word of this line */
		return -1;
	}
	return 0;
}

static int parse_args(cmd_ctx *c, const cmd_def *d, int argc, char **argv,
                      cli_args *a)
{
	opts_row rows[NOPTS];
	parse_ctx p = { c, d, a, -1 };
	/* the global options are cfx's own argv's, not the prompt's */
	opts_face f = { .rows = rows, .take = take_option, .ctx = &p,
	                .known = known_name, .globals = c->stdin_data };
	int pos[argc + 1], npos, rc;
	size_t i;

	memset(a, 0, sizeof *a);
	a->expr_arg = -1;
	if (d->opts & OPT_OWN) {
		a->argc = argc;
		a->argv = argv;
		return 0;
	}
	for (i = 0; i < NOPTS; i++)
		if (d->opts & opt_table[i].mask)
			rows[f.nrows++] = (opts_row){ opt_row(i), 0 };
	rc = opts_parse(&f, argc, argv, pos, &npos, &c->err);
	if (rc > 0) {
		cli_help(d, c->out);
		return 1;
	}
	if (rc < 0)
		return -1;
	/* --emit prints code, --json an object: both is one ignored */
	if (a->emit && a->json)
		return usage_err(c, p.emit_at, "--emit", "--json and --emit do not "
		                 "go together");
	if (join_positionals(c, a, argv, pos, npos) < 0)
		return -1;
	session_defaults(c->sess, a);
	return word_taken(c, d, a);
}

/* The session takes what the command was given (cfx_session.follow). */
static void follow(cmd_ctx *c, const cli_args *a)
{
	cfx_session *s = c->sess;

	if (a->expr && c->multiplier) {
		free(s->constant);
		s->constant = xstrdup(a->expr);
		cli_word_take(&s->word, a->bits);   /* the word it was read on */
	}
	/* a command's own --bits is the word of its constant; search's is
	 * the width it searches and says nothing of the session's constant */
	if (a->bits_text && c->multiplier)
		cli_word_follow(&s->word, a->bits);
	if (a->own_table)
		s->table_bits = a->own_table;
	if (a->own_keys) {
		free(s->keys);
		s->keys = xstrdup(a->own_keys);
	}
	if (a->own_count)
		s->count = a->own_count;
}

/* The multipliers of Linux's include/linux/hash.h, which a reviewer
 * pastes by name (values in doc/FACTS.md): cfx does not take them as
 * names (a session's let does), but says what to type instead. */
static const struct {
	const char *name, *value, *since;
} kernel_names[] = {
	{ "GOLDEN_RATIO_32", "0x61C88647", "since Linux 4.7" },
	{ "GOLDEN_RATIO_64", "0x61C8864680B583EB", "since Linux 4.7" },
	{ "GOLDEN_RATIO_PRIME_32", "0x9e370001", "before Linux 4.7" },
	{ "GOLDEN_RATIO_PRIME_64", "0x9e37fffffffc0001", "before Linux 4.7" },
};

/* A constant wider than the command's words (word_check's "multiplier
 * wider than 64 bits"): the message names the words the command takes,
 * as --bits' refusal does ("...: score takes 1..64"). */
static void word_range_hint(cfx_err *e, const cmd_def *d, const cli_args *a)
{
	static const char wide[] = "multiplier wider than ";
	const cli_word_range *r = cli_word_range_cmd(d->name, a->emit != NULL,
	                                             a->optimal);
	size_t n = strlen(e->msg);

	if (!r || e->code != CFX_EDOMAIN || strncmp(e->msg, wide, strlen(wide)))
		return;
	snprintf(e->msg + n, sizeof e->msg - n, ": %s %s %lu..%lu", r->says,
	         r->plural ? "take" : "takes", r->lo, r->hi);
}

/* An unknown name that is one of kernel_names: e says its value. */
static void kernel_name_hint(cfx_err *e)
{
	size_t i;

	if (e->code != CFX_ESYNTAX || strcmp(e->msg, "unknown name"))
		return;
	for (i = 0; i < sizeof kernel_names / sizeof *kernel_names; i++)
		if (!strcasecmp(e->token, kernel_names[i].name)) {
			snprintf(e->msg, sizeof e->msg, "unknown name; Linux's %s "
			         "(include/linux/hash.h, %s) is %s: type that",
			         kernel_names[i].name, kernel_names[i].since,
			         kernel_names[i].value);
			return;
		}
}

/* A line that is a constant, no command (0x61C88647 at a prompt, in a
 * script, on the dashboard's : line): what takes it, in the session's
 * words, rather than "unknown command".  1 with c->err set, 0 when the
 * words are no expression the session reads (a misspelt command) or
 * come from a shell (main.c says cfx dash X there). */
static int bare_constant(cmd_ctx *c, int argc, char **argv)
{
	size_t len = 1;
	char *src, *show;
	expr_tree *t, *in = NULL;
	cfx_err e;
	int i;

	if (c->stdin_data)      /* a shell's: main.c's advice, cfx dash X */
		return 0;
	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	src = xmalloc(len, "the line");
	src[0] = '\0';
	for (i = 0; i < argc; i++)
		strcat(strcat(src, i ? " " : ""), argv[i]);
	if ((t = expr_parse(src, &e)))
		in = expr_inline(t, cli_session_lookup, c->sess, &e);
	if (in) {
		show = strlen(src) <= 16 ? src : "EXPR";
		cfx_err_set(&c->err, CFX_EUSAGE, -1, NULL, "a constant: try cf "
		            "%s, or set const %s", show, show);
		c->err.arg = 0;
	}
	expr_free(in);
	expr_free(t);
	free(src);
	return in != NULL;
}

int cli_run(cmd_ctx *c, int argc, char **argv)
{
	const cmd_def *d = cli_find(argv[0]);
	cli_args a;
	int rc, narrow;

	cfx_err_clear(&c->err);
	c->cmd = argv[0];
	c->multiplier = 0;
	if (!d && bare_constant(c, argc, argv))
		return CFX_EXIT_USAGE;
	if (!d) {
		/* the name is already the message's subject: said once */
		const char *near = cli_nearest(argv[0]);
		cfx_err_set(&c->err, CFX_EUSAGE, -1, NULL, "unknown command%s%s%s",
		            near ? "; did you mean " : "", near ? near : "",
		            near ? "?" : "");
		c->err.arg = 0;
		return CFX_EXIT_USAGE;
	}
	c->cmd = d->name;
	c->err_arg_end = -1;
	rc = parse_args(c, d, argc, argv, &a);
	if (rc != 0) {
		free(a.joined);
		return rc > 0 ? CFX_EXIT_OK : CFX_EXIT_USAGE;
	}
	/* a report to a terminal narrower than 80 columns: its prose
	 * filled at the terminal's width (tables keep their columns) */
	narrow = out_width_at(c->out) < out_width();
	if (narrow)
		out_width_set(out_width_at(c->out));
	rc = d->run(c, &a);
	if (narrow)
		out_width_set(0);
	if (rc == CFX_EXIT_USAGE)
		kernel_name_hint(&c->err);
	if (rc == CFX_EXIT_USAGE)
		word_range_hint(&c->err, d, &a);
	if (rc == CFX_EXIT_USAGE && a.npos > 1 && c->err.arg == a.expr_arg) {
		/* point into the argument that holds the column, or at all */
		int i;
		if (c->err.col < 0) {
			c->err_arg_end = a.pos[a.npos - 1];
		} else {
			for (i = a.npos - 1; i > 0 && a.pos_off[i] > c->err.col; i--)
				;
			c->err.arg = a.pos[i];
			c->err.col -= a.pos_off[i];
		}
	}
	if (rc != CFX_EXIT_USAGE) {
		free(c->used_expr);
		c->used_expr = a.expr ? xstrdup(a.expr) : NULL;
		if (c->sess->follow)
			follow(c, &a);
	}
	free(a.joined);
	return rc;
}

/* ---- shared by the commands -------------------------------------------- */

/* cli_keys_check's test of a parsed family. */
static int keys_try(const keys_spec *ks, unsigned bits, cfx_err *e)
{
	keys_set set;
	struct stat sb;
	int rc;

	/* a pipe is left to the command: reading it here takes its keys */
	if (ks->kind == KEYS_FILE && stat(ks->path, &sb) == 0 &&
	    S_ISFIFO(sb.st_mode))
		return 0;
	rc = keys_make(&set, ks, bits ? bits : 64, 1, NULL, e);
	if (rc == 0)
		keys_free(&set);
	return rc;
}

int cli_keys_parse(keys_spec *ks, const char *family, cfx_err *e)
{
	const char *colon = strchr(family, ':'), *near;
	char name[32];
	size_t len = colon ? (size_t)(colon - family) : strlen(family);

	if (keys_parse(ks, family, e) == 0)
		return 0;
	if (strncmp(e->msg, "unknown key family", 18) || len >= sizeof name)
		return -1;
	memcpy(name, family, len);
	name[len] = '\0';
	/* the nearest name, as for a misspelt option or command: the family
	 * as written with the name mended (strde:4, did you mean stride:4?) */
	if ((near = cli_nearest_name(name, keys_family_names))) {
		snprintf(e->msg, sizeof e->msg, "unknown key family (%s); did "
		         "you mean %s%.40s?", e->token, near, family + len);
		e->token[0] = '\0';
	}
	return -1;
}

int cli_keys_check(const char *family, unsigned bits, cfx_err *e)
{
	keys_spec ks;
	int rc;

	if (cli_keys_parse(&ks, family, e) < 0)
		return -1;
	rc = keys_try(&ks, bits, e);
	keys_spec_free(&ks);
	return rc;
}

int cli_keys_check_family(const keys_family *f, unsigned bits, cfx_err *e)
{
	keys_spec ks;

	if (!f->ok) {
		*e = f->err;
		return -1;
	}
	ks = keys_family_spec(f);
	return keys_try(&ks, bits, e);
}

void cli_limit_token(cmd_ctx *c, const cli_args *a)
{
	if (c->err.code != CFX_ELIMIT || c->err.token[0])
		return;
	if (a->count_text)
		cfx_err_retoken(&c->err, a->count_text);
	else if (a->keys)
		cfx_err_retoken(&c->err, a->keys);
}

void cli_result(cmd_ctx *c, int print, json_t *o)
{
	if (print)       /* Ctrl-C stops a long dump: the command says so */
		out_json_until(c->out, json_incref(o), c->whole ? NULL : c->stop);
	if (!c->sess->results)
		c->sess->results = json_object();
	json_object_set_new(c->sess->results, c->cmd, o);
}

const char *cli_expr(cmd_ctx *c, const cli_args *a)
{
	if (a->expr)
		return a->expr;
	if (c->sess->constant)
		return c->sess->constant;
	/* help as the face asks for it: ?naf at a prompt (the REPL, the
	 * dashboard's : line, a script), cfx naf --help in a shell */
	cfx_err_set(&c->err, CFX_EUSAGE, -1, NULL, c->stdin_data
	            ? "missing constant (cfx %s --help)"
	            : "missing constant (set const EXPR, or see ?%s)", c->cmd);
	return NULL;
}

int cli_multiplier(cmd_ctx *c, const cli_args *a, unsigned long max_bits,
                   mpz_t p, unsigned long *bits)
{
	const char *src = cli_expr(c, a);

	if (!src)
		return -1;
	*bits = a->bits;
	if (constant_eval(src, cli_session_lookup, c->sess, bits, max_bits, p,
	                  &c->err) < 0) {
		c->err.arg = a->expr ? a->expr_arg : -1;
		return -1;
	}
	c->multiplier = 1;
	return 0;
}
