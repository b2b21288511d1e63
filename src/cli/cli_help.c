/*
 * cli_help.c - the help of cfx and of each command (cli.h): --help,
 * the overview, the examples every help ends with, the word-size rule as
 * each command states it, and where the manual page is.  Below cli.c: it
 * is handed the command table and a command's option rows, and cli.c's
 * cli_help, cli_overview and cli_session_help hand them over.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_word.h"
#include "cli/out.h"
#include "cli/setting.h"
#include "util/xalloc.h"

/* ---- help ------------------------------------------------------------ */

/* The examples every help ends with: two or three lines that run as
 * written (tests/build/examples.sh runs each), command, then what it
 * shows. */
static const struct {
	const char *cmd;
	const char *lines;
} examples[] = {
	{ "cf", "cfx cf 0x9e370001              the 2002 constant as p/2^32\n"
	  "cfx cf --bits 64 'golden(64)'  round(2^64/phi): even, not invertible\n"
	  "cfx cf 'sqrt(2)'               an irrational: quotients, period" },
	{ "naf", "cfx naf 0x9e370001             7 signed digits: 6 adds/subs\n"
	  "cfx naf --bits 8 0xff          -1 mod 2^8: the top digit wraps\n"
	  "cfx naf --json 2654435761      the same fields as JSON" },
	{ "shifts", "cfx shifts 0x9e370001          the 2002 patch's shift/add "
	  "form\n"
	  "cfx shifts --optimal 45        2 adders: t = 3x, then (t<<4) "
	  "- t\n"
	  "cfx shifts --emit c 0x9e370001 > mul.c   C with no multiply" },
	{ "spectrum", "cfx spectrum 0x9e3779b9        gaps of the first 10 "
	  "points\n"
	  "cfx spectrum --count 1000 --list 5 0x9e3779b9\n"
	  "cfx spectrum --json 'golden(32)'" },
	{ "score", "cfx score 0x9e3779b1              sequential keys, 2^12 "
	  "buckets\n"
	  "cfx score -k stride:4096 0x9e370001   the 2002 prime's bad "
	  "stride\n"
	  "cfx score -k random -t 10 -c 5000 0x9e3779b1" },
	{ "sweep", "cfx sweep 0x9e370001            every stride 2^s: which "
	  "ones are bad\n"
	  "cfx sweep --bits 64 0x9e37fffffffc0001\n"
	  "cfx sweep --json -t 10 0x9e3779b1" },
	{ "verify", "cfx verify 0x9e3779b1           the verdict and the "
	  "report\n"
	  "cfx verify --full 0x9e370001    every row, and why it FAILs\n"
	  "cfx verify --emit patch 0x9e3779b1 > hash.h" },
	{ "bench", "cfx bench 0x9e3779b1            multiply vs shift/add, "
	  "ns/hash\n"
	  "cfx bench --runs 10 -k random 0x9e3779b1\n"
	  "cfx bench --against 0x9e370001 0x9e3779b1" },
	{ "stats", "cfx stats old.txt new.txt      ministat: is new "
	  "different?\n"
	  "cfx stats --test mw --ratio old.txt new.txt\n"
	  "seq 1 100 | cfx stats -n        a summary of one sample" },
	{ "search", "cfx search                     near 1/phi on 32 bits: "
	  "PASS and the front\n"
	  "cfx search --prime --top 3     primes only, 3 of each cost\n"
	  "cfx search --bits 64 --terms 7 --screen none" },
	{ "review", "git diff | cfx review -             the patch in the "
	  "work tree\n"
	  "cfx review --json 0001-hash.patch   each multiplier's word, "
	  "tables, findings\n"
	  "cfx review --emit reply 0001-hash.patch > reply.txt" },
	{ "help", "help score     (or ?score) one command's help\n"
	  "help           the overview" },
	{ "set", "set const 0x9e3779b1     the constant of later commands\n"
	  "set bits 64              their word (or auto)\n"
	  "set keys stride:4096     their key family" },
	{ "show", "show                     the settings and named values\n"
	  "?show                    this help" },
	{ "let", "let k = 0x9e3779b1       then score k, or cf k + 2\n"
	  "let m = ~k & 0xffff      on the session's word (set bits)" },
	{ "quit", "quit                     leave (Ctrl-D too)\n"
	  "exit                     the same" },
	{ "exit", "exit                     leave (Ctrl-D too)\n"
	  "quit                     the same" },
};

/* Print d's examples, indented, after "examples:". */
static void cli_examples(const char *cmd, FILE *f)
{
	size_t i;
	const char *s, *nl;

	for (i = 0; i < sizeof examples / sizeof examples[0]; i++)
		if (!strcmp(examples[i].cmd, cmd))
			break;
	if (i == sizeof examples / sizeof examples[0])
		return;
	fprintf(f, "\nexamples:\n");
	for (s = examples[i].lines; *s; s = *nl ? nl + 1 : nl) {
		nl = strchr(s, '\n');
		if (!nl)
			nl = s + strlen(s);
		fprintf(f, "  %.*s\n", (int)(nl - s), s);
	}
}

void cli_option_help(const setting *o, FILE *f)
{
	char head[64], text[512], *t;

	/* the parser takes every row's key as a short option: say so */
	if (!o->option)         /* a letter alone: the REPL's -f FILE */
		snprintf(head, sizeof head, "  -%c%s%s", o->key, o->arg ? " " : "",
		         o->arg ? o->arg : "");
	else
		snprintf(head, sizeof head, "  %c%c%s--%s%s%s",
		         o->key > ' ' ? '-' : ' ', o->key > ' ' ? o->key : ' ',
		         o->key > ' ' ? ", " : "  ", o->option, o->arg ? " " : "",
		         o->arg ? o->arg : "");
	snprintf(head + strlen(head), sizeof head - strlen(head), "%*s",
	         25 - (int)strlen(head), "");
	/* the help's own line breaks are only hints: refill to 80 */
	snprintf(text, sizeof text, "%s", o->help);
	for (t = text; *t; t++)
		if (*t == '\n')
			*t = ' ';
	out_fill(f, text, OUT_WIDTH, head, "                         ", " ");
}

/* The word-size rule and the words who takes (cli_word.c's table), said
 * by every command's help ("cfx score takes n = 1..64: a wider constant
 * ... is refused") and the overview (who NULL: the whole table). */
static void word_rule(FILE *f, const char *who)
{
	char words[400], text[600], set[32];

	if (!who) {
		snprintf(text, sizeof text, "Word size without --bits: the "
		    "smallest of 32, 64, then multiples of 64, that holds the "
		    "constant (search, which takes none: 32).  The words each "
		    "takes: %s; set bits the words every command takes, %s.",
		    cli_word_table_text(words, sizeof words),
		    cli_word_help_range("set", set, sizeof set));
	} else if (!strcmp(who, "search")) {
		snprintf(text, sizeof text, "Word size: --bits N, %s; without "
		    "it 32, the smallest word of the rule of every command.",
		    cli_word_help_range(who, words, sizeof words));
	} else if (cli_word_range_of(who)) {
		snprintf(text, sizeof text, "Word size without --bits: the "
		    "smallest of 32, 64, then multiples of 64, that holds the "
		    "constant.  cfx %s takes n = %s: a wider constant, or "
		    "--bits outside that, is refused.", who,
		    cli_word_help_range(who, words, sizeof words));
	} else {
		return;
	}
	out_para(f, text, OUT_PROSE_WIDTH);
}

/* Option o's help in d's --help: the word size's with the words d takes
 * ("word size n, 1..64 (default: ..."), from the table, not the text. */
void cli_option_help_word(const setting *o, const char *who, FILE *f)
{
	static const char lead[] = "word size n";
	char words[200];
	setting w = *o;
	char *help = NULL;

	if ((o->id == SETTING_BITS || o->id == SETTING_VBITS ||
	     o->id == SETTING_SBITS) &&
	    !strncmp(o->help, lead, strlen(lead)) &&
	    *cli_word_help_range(who, words, sizeof words)) {
		help = xasprintf("%s, %s%s", lead, words,
		                 o->help + strlen(lead));
		w.help = help;
	}
	cli_option_help(&w, f);
	free(help);
}


void cli_help_command(const cmd_def *d, const setting *const *rows,
                      size_t nrows, FILE *f)
{
	size_t i;

	/* "Is this multiplier safe..." : the summary, as a sentence */
	if (d->opts & OPT_SESSION) {
		fprintf(f, "usage: %s%s%s\n\n%c%s.\n%s", d->name,
		        d->args[0] ? " " : "", d->args,
		        toupper((unsigned char)d->summary[0]), d->summary + 1,
		        d->help[0] ? "\n" : "");
		out_para(f, d->help, OUT_PROSE_WIDTH);
		cli_examples(d->name, f);
		return;
	}
	fprintf(f, "usage: cfx %s [options]%s%s\n\n%c%s.\n\n", d->name,
	        d->args[0] ? " " : "", d->args,
	        toupper((unsigned char)d->summary[0]), d->summary + 1);
	if (d->opts & OPT_OWN) {        /* the help lists the options */
		out_para(f, d->help, OUT_PROSE_WIDTH);
		cli_examples(d->name, f);
		return;
	}
	out_para(f, d->help, OUT_PROSE_WIDTH);
	fprintf(f, "\noptions:\n");
	for (i = 0; i < nrows; i++)
		cli_option_help_word(rows[i], d->name, f);
	fprintf(f, "  %-22s %s\n", "-h, --help", "show this help");
	fputc('\n', f);
	/* prose, refilled: no line starts with an operator */
	out_para(f, "EXPR: decimal, 0x hex, 0b binary (with _), decimal "
	         "fractions (0.7 = 7/10), the operators + - * / % ^ ( ) (^ is "
	         "the power), C's ~ << >> & | and xor (exclusive or) with C's "
	         "precedence, on the word: ~ and << need --bits N; golden(N) = "
	         "round(2^N/phi), nextprime(x), prevprime(x); for cf also phi, "
	         "sqrt(D), pi, e.  Spaces are fine: cfx cf 2^31 + 1.",
	         OUT_PROSE_WIDTH);
	word_rule(f, d->name);
	out_para(f, "Exit status: 0 ok, 1 a check failed, 2 bad input.",
	         OUT_PROSE_WIDTH);
	cli_examples(d->name, f);
}

void cli_help_overview(const cmd_def *table, FILE *f)
{
	const cmd_def *d;

	fprintf(f, "usage: cfx [COMMAND [options] [EXPR]]\n\n");
	out_para(f, "cfx explores multiplicative (Fibonacci) hashing: continued "
	         "fractions of p/2^n, signed-digit forms, shift/add code, spectra "
	         "and bucket uniformity.", OUT_PROSE_WIDTH);
	fprintf(f, "\ncommands:\n");
	for (d = table; d->name; d++)
		if (!(d->opts & OPT_SESSION))
			fprintf(f, "  %-10s %s\n", d->name, d->summary);
	fprintf(f, "\nfaces:\n"
	        "  cfx        on a terminal: the live dashboard (cfx dash EXPR, "
	        "--ascii)\n"
	        "  repl       an interactive prompt; cfx < FILE or -f FILE runs "
	        "a script\n"
	        "  learn      guided lessons: cfx learn, cfx learn N "
	        "(lessons/FORMAT.md)\n");
	fputc('\n', f);
	out_para(f, "Options go before or after EXPR; --json, --bits, --ascii "
	         "and the key options may also come before the command or a "
	         "script, long or short; --color=auto|always|never (NO_COLOR "
	         "too) and --progress or --no-progress (the bar whatever "
	         "stderr is, as git) anywhere:\n"
	         "  cfx --json cf 5    cfx -b 64 cf 5    cfx -k stride:4096 -f "
	         "FILE", OUT_PROSE_WIDTH);
	fputc('\n', f);
	out_para(f, "EXPR: a number as C writes it (0x9E3779B9, 2654435769UL, "
	         "0x9e37_79b9) or an expression (golden(32), 2^31 + 1).",
	         OUT_PROSE_WIDTH);
	word_rule(f, NULL);
	fprintf(f, "\n`cfx COMMAND --help` for one command; `cfx --version`; "
	        "%s.\n", cli_man_page());
	fprintf(f, "\nexamples:\n"
	        "  cfx dash 0x9e3779b9            the dashboard on one constant\n"
	        "  cfx verify 0x9e370001          is the 2002 prime safe? (no: "
	        "strides)\n"
	        "  echo 'cf 5' | cfx --json       a script, its results as "
	        "JSON\n");
}

const char *cli_man_page(void)
{
	static char buf[4200];
	char exe[4096];
	ssize_t n;

	/* from the source tree the page is not installed yet (make install
	 * puts it where man finds it): name the file */
	if (access("man/cfx.1", R_OK) == 0 && access("Makefile", R_OK) == 0)
		return "man ./man/cfx.1";
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')))
			*slash = '\0';
		snprintf(buf, sizeof buf, "%s/man/cfx.1", exe);
		if (access(buf, R_OK) == 0) {
			snprintf(buf, sizeof buf, "man %s/man/cfx.1", exe);
			return buf;
		}
	}
	return "man cfx";
}

/* The commands by group, for a session's help: a word of the group,
 * then its commands' names (one blank between).  A command of no group
 * is listed under "more" (none is ever left out). */
static const struct {
	const char *title;
	const char *names;
} groups[] = {
	{ "the constant p/2^n", "cf naf shifts spectrum" },
	{ "keys in buckets, and a verdict", "score sweep verify" },
	{ "search, timing, samples, patches", "search bench stats review" },
};
#define NGROUPS (sizeof groups / sizeof *groups)

/* 1 if name is a word of names (blank-separated) */
static int in_names(const char *name, const char *names)
{
	size_t len = strlen(name);

	for (const char *p = names; *p; p += strcspn(p, " "),
	     p += strspn(p, " "))
		if (!strncmp(p, name, len) && (p[len] == ' ' || !p[len]))
			return 1;
	return 0;
}

/* The session words' lines under head ("\nsession:\n") */
static void session_words(const cmd_def *table, const char *head, FILE *f)
{
	const cmd_def *d;

	fputs(head, f);
	for (d = table; d->name; d++)
		if (d->opts & OPT_SESSION) {
			char w[32];
			snprintf(w, sizeof w, "%s%s%s", d->name,
			         d->args[0] ? " " : "", d->args);
			fprintf(f, "  %-16s %s\n", w, d->summary);
		}
}

void cli_help_brief(const cmd_def *table, FILE *f)
{
	const cmd_def *d;
	size_t g, k;
	int more = 0;

	/* 22 lines (the commands of today): with the line typed and the
	 * next prompt, a 24-line terminal */
	fprintf(f, "commands (help CMD or ?CMD for one; Ctrl-D quits):\n");
	for (g = 0; g < NGROUPS; g++) {
		fprintf(f, " %s\n", groups[g].title);
		for (d = table; d->name; d++)
			if (!(d->opts & OPT_SESSION) &&
			    in_names(d->name, groups[g].names))
				fprintf(f, "  %-10s %s\n", d->name, d->summary);
	}
	for (d = table; d->name; d++) {
		for (k = 0; k < NGROUPS; k++)
			if (in_names(d->name, groups[k].names))
				break;
		if (k < NGROUPS || (d->opts & OPT_SESSION))
			continue;
		if (!more++)
			fprintf(f, " more\n");
		fprintf(f, "  %-10s %s\n", d->name, d->summary);
	}
	session_words(table, " session\n", f);
}

void cli_help_session(const cmd_def *table, FILE *f)
{
	session_words(table, "\nsession:\n", f);
}
