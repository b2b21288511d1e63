/* ccheck.c - compile emitted C and test it (see ccheck.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/word.h"
#include "cli/ccheck.h"
#include "util/xalloc.h"

/* The harness: x * P computed by the compiler's own multiply, masked to
 * the word, against cfx_mul_shift_add: on a word of CCHECK_ALL_BITS or
 * fewer every input once, else edge cases and xorshift-random inputs.  It
 * prints "inputs mismatches smallest-differing-input". */
static char *harness(unsigned bits, uint64_t p)
{
	unsigned t = word_c_bits(bits);
	char *s, body[512];

	if (bits <= CCHECK_ALL_BITS)
		snprintf(body, sizeof body, "\tfor (i = 0; i < %luUL; i++)\n"
		         "\t\ttry(i);\n", 1UL << bits);
	else
		snprintf(body, sizeof body,
		         "\tuint64_t s = 0x9e3779b97f4a7c15u;\n\tint k;\n"
		         "\tfor (k = 0; k < 64; k++) {\n"
		         "\t\ttry(UINT64_C(1) << k);\n"
		         "\t\ttry((UINT64_C(1) << k) - 1);\n"
		         "\t\ttry(~(UINT64_C(1) << k));\n\t}\n"
		         "\ttry(0);\n\ttry(~UINT64_C(0));\n"
		         "\ttry(UINT64_C(0x5555555555555555));\n"
		         "\ttry(UINT64_C(0xaaaaaaaaaaaaaaaa));\n"
		         "\tfor (i = 0; i < %luUL; i++) {\n"
		         "\t\ts ^= s << 13;\n\t\ts ^= s >> 7;\n"
		         "\t\ts ^= s << 17;\n\t\ttry(s);\n\t}\n", CCHECK_INPUTS);
	if (asprintf(&s,
		"#include <stdint.h>\n#include <stdio.h>\n"
		"uint%u_t cfx_mul_shift_add(uint%u_t x);\n"
		"static unsigned long bad, n;\n"
		"static uint64_t least = ~UINT64_C(0);\n"
		"static void try(uint64_t x)\n{\n"
		"\tconst uint64_t mask = %s;\n"
		"\tuint64_t want = ((x & mask) * UINT64_C(0x%llx)) & mask;\n"
		"\tuint64_t got = (uint64_t)cfx_mul_shift_add((uint%u_t)(x & mask)) & mask;\n"
		"\tn++;\n\tif (got != want) {\n\t\tbad++;\n"
		"\t\tif ((x & mask) < least)\n\t\t\tleast = x & mask;\n\t}\n}\n"
		"int main(void)\n{\n\tunsigned long i;\n%s"
		"\tprintf(\"%%lu %%lu %%llu\\n\", n, bad, (unsigned long long)least);\n"
		"\treturn bad != 0;\n}\n",
		t, t, bits >= 64 ? "~UINT64_C(0)" : "((UINT64_C(1) << BITS) - 1)",
		(unsigned long long)p, t, body) < 0)
		xalloc_fail(0, "test program");
	return s;
}

/* The reference: the same function as a plain multiply, so that the
 * harness can be built and run alone. */
static char *reference(unsigned bits, uint64_t p)
{
	unsigned t = word_c_bits(bits);

	return xasprintf("#include <stdint.h>\n"
	                 "uint%u_t cfx_mul_shift_add(uint%u_t x);\n"
	                 "uint%u_t cfx_mul_shift_add(uint%u_t x)\n{\n"
	                 "\treturn (uint%u_t)((uint64_t)x * UINT64_C(0x%llx));\n"
	                 "}\n", t, t, t, t, t, (unsigned long long)p);
}

/* Start `cc -Werror ... -o out code.c harness.c`, its messages to log. */
static int compile(ccheck_state *c, proc_job *j, const char *code,
                   const char *out, const char *log)
{
	char bitsdef[32], *argv[64], *paths[4];
	int n = 0, k, rc;

	snprintf(bitsdef, sizeof bitsdef, "-DBITS=%u", c->bits);
	for (k = 0; c->cc[k] && n < 48; k++)
		argv[n++] = c->cc[k];
	argv[n++] = "-std=c11";
	argv[n++] = "-O2";
	argv[n++] = "-Wall";
	argv[n++] = "-Wextra";
	argv[n++] = "-Werror";
	argv[n++] = bitsdef;
	argv[n++] = "-o";
	argv[n++] = paths[0] = proc_tmp_path(&c->tmp, out);
	argv[n++] = paths[1] = proc_tmp_path(&c->tmp, code);
	argv[n++] = paths[2] = proc_tmp_path(&c->tmp, "harness.c");
	argv[n] = NULL;
	paths[3] = proc_tmp_path(&c->tmp, log);
	rc = proc_start(j, argv, paths[3], c->tmp.dir, CCHECK_LIMIT);
	for (k = 0; k < 4; k++)
		free(paths[k]);
	return rc;
}

int ccheck_start(ccheck_state *c, const char *code, unsigned bits, uint64_t p,
                 const volatile sig_atomic_t *stop)
{
	const char *name;
	int ncc;
	char *h, *r;
	cfx_err e;

	memset(c, 0, sizeof *c);
	c->bits = bits;
	c->stop = stop;
	c->tmp.slot = -1;
	c->ref.pid = c->emitted.pid = -1;
	if (!(c->cc = proc_cc(&ncc, &name))) {
		snprintf(c->msg, sizeof c->msg, "the compiled check cannot run: %s "
		         "(%s)", ncc < 0 ? "$CC leaves a quote open"
		         : "no C compiler found", cfx_err_shown(e.token, name));
		return -1;
	}
	if (proc_tmp_make(&c->tmp, "verify", &e) < 0) {
		snprintf(c->msg, sizeof c->msg, "the compiled check cannot run: "
		         "%s (%s)", e.msg, e.token);
		return -1;
	}
	h = harness(bits, p);
	r = reference(bits, p);
	if (proc_tmp_write(&c->tmp, "mul.c", code, &e) < 0 ||
	    proc_tmp_write(&c->tmp, "ref.c", r, &e) < 0 ||
	    proc_tmp_write(&c->tmp, "harness.c", h, &e) < 0) {
		free(h);
		free(r);
		snprintf(c->msg, sizeof c->msg, "the compiled check cannot run: "
		         "%s (%s)", e.msg, e.token);
		return -1;
	}
	free(h);
	free(r);
	if (compile(c, &c->ref, "ref.c", "t0", "ref.log") < 0 ||
	    compile(c, &c->emitted, "mul.c", "t", "cc.log") < 0) {
		snprintf(c->msg, sizeof c->msg, "the compiled check cannot run: "
		         "cannot start %s: %s", cfx_err_shown(e.token, name),
		         strerror(c->ref.pid > 0 ? c->emitted.code : c->ref.code));
		return -1;
	}
	return 0;
}

static void cleanup(ccheck_state *c)
{
	proc_kill(&c->ref);
	proc_kill(&c->emitted);
	proc_tmp_remove(&c->tmp);
	proc_words_free(c->cc);
	c->cc = NULL;
}

/* Run program prog of the directory, its output to log; parse its line.
 * Returns 0 when it ran to the end and printed its counts. */
static int run_test(ccheck_state *c, const char *prog, const char *log,
                    proc_job *j, unsigned long *n, unsigned long *bad,
                    unsigned long long *least)
{
	char *path = proc_tmp_path(&c->tmp, prog), *out = proc_tmp_path(&c->tmp,
	             log), *argv[] = { path, NULL }, line[160];
	FILE *f;
	int got = 0;

	proc_run(j, argv, out, c->tmp.dir, CCHECK_LIMIT, c->stop);
	if (j->end == PROC_EXITED && (j->code == 0 || j->code == 1) &&
	    (f = fopen(out, "re"))) {
		while (fgets(line, sizeof line, f))
			got |= sscanf(line, "%lu %lu %llu", n, bad, least) == 3;
		fclose(f);
	}
	free(path);
	free(out);
	return got && *n > 0 && (*bad == 0) == (j->code == 0) ? 0 : -1;
}

/* The check could not run: why, in one line. */
static int cannot(ccheck_state *c, const char *what, const proc_job *j,
                  const char *log)
{
	char how[96], line[PROC_LINE_MAX] = "", *path = log ?
	     proc_tmp_path(&c->tmp, log) : NULL, *full;

	if (path && j->end == PROC_EXITED)
		proc_first_error(path, c->tmp.dir, line, sizeof line);
	/* a full $TMPDIR: the compiler's message, or the test's output, is
	 * lost with the rest */
	if (j->end == PROC_EXITED && (full = proc_tmp_full(&c->tmp, path))) {
		snprintf(line, sizeof line, "the temporary directory %s is full",
		         full);
		free(full);
	}
	free(path);
	snprintf(c->msg, sizeof c->msg, "the compiled check cannot run: %s "
	         "(%s)%s%s", what, proc_end_text(j, how, sizeof how),
	         line[0] ? ": " : "", line);
	c->ran = 0;
	c->ok = 0;
	cleanup(c);
	return 0;
}

int ccheck_finish(ccheck_state *c)
{
	unsigned long n = 0, bad = 0;
	unsigned long long least = 0;
	proc_job run;

	if (!c->tmp.dir || c->ref.pid <= 0) {
		cleanup(c);
		return 0;
	}
	/* the harness alone first: the environment, not the constant */
	if (proc_wait(&c->ref, c->stop) < 0)
		return cannot(c, "the test harness alone does not compile",
		              &c->ref, "ref.log");
	if (run_test(c, "t0", "run0.log", &run, &n, &bad, &least) < 0 ||
	    bad)
		return cannot(c, "the test harness alone does not run", &run,
		              "run0.log");
	if (proc_wait(&c->emitted, c->stop) < 0) {
		char line[PROC_LINE_MAX], *log, *full;
		if (c->emitted.end != PROC_EXITED)
			return cannot(c, "the compiler did not finish", &c->emitted,
			              NULL);
		log = proc_tmp_path(&c->tmp, "cc.log");
		if ((full = proc_tmp_full(&c->tmp, log))) {
			free(full);
			free(log);
			return cannot(c, "the emitted C could not be compiled",
			              &c->emitted, "cc.log");
		}
		proc_first_error(log, c->tmp.dir, line, sizeof line);
		free(log);
		c->ran = 1;
		snprintf(c->msg, sizeof c->msg, "the emitted C does not compile "
		         "with -Werror: %s", line[0] ? line : "no message");
		cleanup(c);
		return 0;
	}
	n = bad = 0;
	if (run_test(c, "t", "run.log", &run, &n, &bad, &least) < 0 && !bad)
		return cannot(c, "the compiled test does not run", &run,
		              "run.log");
	c->ran = 1;
	c->inputs = n;
	c->mismatches = bad;
	c->ok = bad == 0;
	if (c->ok && c->bits <= CCHECK_ALL_BITS)
		snprintf(c->msg, sizeof c->msg, "compiled with -O2 -Wall -Wextra "
		         "-Werror; all 2^%u inputs agree with x * p", c->bits);
	else if (c->ok)
		snprintf(c->msg, sizeof c->msg, "compiled with -O2 -Wall -Wextra "
		         "-Werror; %lu inputs agree with x * p", c->inputs);
	else
		snprintf(c->msg, sizeof c->msg, "compiled code disagrees with x * p "
		         "on %lu of %lu inputs, the smallest 0x%llx", c->mismatches,
		         c->inputs, least);
	cleanup(c);
	return c->ok;
}
