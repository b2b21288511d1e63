/* ccheck.c - compile emitted C and test it (see ccheck.h). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfx/jit.h"
#include "cli/ccheck.h"
#include "util/xalloc.h"

extern char **environ;

const char *ccheck_compiler(void)
{
	return jit_compiler();
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[128];
	FILE *f;
	int rc;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (!(f = fopen(path, "w")))
		return -1;
	rc = fputs(text, f) < 0;
	rc |= fclose(f) != 0;
	return rc ? -1 : 0;
}

/* The harness: x * P computed by the compiler's own multiply, masked to
 * the word, against the shift/add function: on a word of CCHECK_ALL_BITS
 * or fewer every input once, else edge cases and xorshift-random
 * inputs. */
static char *harness(unsigned bits, uint64_t p)
{
	unsigned t = bits <= 8 ? 8 : bits <= 16 ? 16 : bits <= 32 ? 32 : 64;
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
		"static void try(uint64_t x)\n{\n"
		"\tconst uint64_t mask = %s;\n"
		"\tuint64_t want = (x * UINT64_C(0x%llx)) & mask;\n"
		"\tuint64_t got = (uint64_t)cfx_mul_shift_add((uint%u_t)(x & mask)) & mask;\n"
		"\tn++;\n\tif (got != want && bad++ < 3)\n"
		"\t\tprintf(\"x=0x%%llx got=0x%%llx want=0x%%llx\\n\",\n"
		"\t\t       (unsigned long long)x, (unsigned long long)got,\n"
		"\t\t       (unsigned long long)want);\n}\n"
		"int main(void)\n{\n\tunsigned long i;\n%s"
		"\tprintf(\"%%lu %%lu\\n\", n, bad);\n\treturn bad != 0;\n}\n",
		t, t, bits >= 64 ? "~UINT64_C(0)" : "((UINT64_C(1) << BITS) - 1)",
		(unsigned long long)p, t, body) < 0)
		xalloc_fail(0, "test program");
	return s;
}

int ccheck_start(ccheck_state *c, const char *code, unsigned bits, uint64_t p)
{
	const char *cc = ccheck_compiler();
	char *h, bitsdef[32], out[96], src1[96], src2[96];
	char *argv[16];
	int n = 0;

	memset(c, 0, sizeof *c);
	c->bits = bits;
	c->pid = -1;
	if (!cc) {
		snprintf(c->msg, sizeof c->msg, "no C compiler on PATH: checked "
		         "with cfx's evaluator only");
		return -1;
	}
	strcpy(c->dir, "/tmp/cfx-verify-XXXXXX");
	if (!mkdtemp(c->dir)) {
		snprintf(c->msg, sizeof c->msg, "cannot make a temporary directory: "
		         "%s", strerror(errno));
		c->dir[0] = '\0';
		return -1;
	}
	h = harness(bits, p);
	if (write_file(c->dir, "mul.c", code) < 0 ||
	    write_file(c->dir, "harness.c", h) < 0) {
		free(h);
		snprintf(c->msg, sizeof c->msg, "cannot write the test files");
		return -1;
	}
	free(h);
	snprintf(bitsdef, sizeof bitsdef, "-DBITS=%u", bits);
	snprintf(out, sizeof out, "%s/t", c->dir);
	snprintf(src1, sizeof src1, "%s/mul.c", c->dir);
	snprintf(src2, sizeof src2, "%s/harness.c", c->dir);
	argv[n++] = (char *)cc;
	argv[n++] = "-std=c11";
	argv[n++] = "-O2";
	argv[n++] = "-Wall";
	argv[n++] = "-Wextra";
	argv[n++] = "-Werror";
	argv[n++] = bitsdef;
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n++] = src1;
	argv[n++] = src2;
	argv[n] = NULL;
	{
		posix_spawn_file_actions_t fa;
		char log[96];
		snprintf(log, sizeof log, "%s/cc.log", c->dir);
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT |
		                                 O_TRUNC, 0600);
		posix_spawn_file_actions_adddup2(&fa, 1, 2);
		if (posix_spawn(&c->pid, cc, &fa, NULL, argv, environ) != 0) {
			c->pid = -1;
			snprintf(c->msg, sizeof c->msg, "cannot run %s", cc);
		}
		posix_spawn_file_actions_destroy(&fa);
	}
	return c->pid > 0 ? 0 : -1;
}

static void cleanup(ccheck_state *c)
{
	static const char *const files[] = { "mul.c", "harness.c", "t", "cc.log",
	                                     "run.log", NULL };
	char path[128];
	int i;

	if (!c->dir[0])
		return;
	for (i = 0; files[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", c->dir, files[i]);
		unlink(path);
	}
	rmdir(c->dir);
	c->dir[0] = '\0';
}

/* First line of a file, for messages. */
static void first_line(const char *dir, const char *name, char *buf, size_t n)
{
	char path[128];
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "r"))) {
		if (fgets(buf, (int)n, f))
			buf[strcspn(buf, "\n")] = '\0';
		fclose(f);
	}
}

int ccheck_finish(ccheck_state *c)
{
	int status;
	char line[160], cmd[160];
	FILE *p;

	if (c->pid <= 0) {
		cleanup(c);
		return 0;
	}
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	c->pid = -1;
	c->ran = 1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		first_line(c->dir, "cc.log", line, sizeof line);
		snprintf(c->msg, sizeof c->msg, "the emitted C does not compile "
		         "with -Werror: %.180s", line);
		cleanup(c);
		return 0;
	}
	snprintf(cmd, sizeof cmd, "%s/t", c->dir);
	if (!(p = popen(cmd, "r"))) {
		snprintf(c->msg, sizeof c->msg, "cannot run the test harness");
		cleanup(c);
		return 0;
	}
	line[0] = '\0';
	while (fgets(line, sizeof line, p)) {
		unsigned long n, bad;
		if (sscanf(line, "%lu %lu", &n, &bad) == 2) {
			c->inputs = n;
			c->mismatches = bad;
		}
	}
	status = pclose(p);
	c->ok = status == 0 && c->inputs > 0 && c->mismatches == 0;
	if (c->ok && c->bits <= CCHECK_ALL_BITS)
		snprintf(c->msg, sizeof c->msg, "compiled with -O2 -Wall -Wextra "
		         "-Werror; all 2^%u inputs agree with x * p", c->bits);
	else if (c->ok)
		snprintf(c->msg, sizeof c->msg, "compiled with -O2 -Wall -Wextra "
		         "-Werror; %lu inputs agree with x * p", c->inputs);
	else
		snprintf(c->msg, sizeof c->msg, "compiled code disagrees with x * p "
		         "on %lu of %lu inputs", c->mismatches, c->inputs);
	cleanup(c);
	return c->ok;
}
