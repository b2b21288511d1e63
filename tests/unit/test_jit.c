/*
 * test_jit.c - C compiled at run time and loaded (src/sys/jit.c), directly:
 * the loaded code computes what this file's own arithmetic does, the
 * private directory is gone once the object is loaded, and each way it
 * can fail (no compiler, a compiler error, an interrupt, a missing symbol)
 * is the error jit.h promises, naming what failed.
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/jit.h"
#include "testutil.h"

static char dir[] = "/tmp/cfx-test-jit-XXXXXX";
static char *old_cc, *old_tmp;

static void setup(void)
{
	cr_assert(mkdtemp(dir));
	old_cc = getenv("CC") ? strdup(getenv("CC")) : NULL;
	old_tmp = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	setenv("TMPDIR", dir, 1);
}

static void restore(const char *name, char *was)
{
	if (was)
		setenv(name, was, 1);
	else
		unsetenv(name);
	free(was);
}

static void teardown(void)
{
	char cmd[128];

	restore("CC", old_cc);
	restore("TMPDIR", old_tmp);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(jit, .init = setup, .fini = teardown);

/* Entries of dir other than . and .. */
static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static uint64_t next(uint64_t *s)       /* splitmix64 */
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

Test(jit, loaded_code_computes_and_leaves_nothing)
{
	static const uint64_t ps[] = { 0x9e3779b97f4a7c15ULL, 0x61c88647ULL,
	                               0x9e370001ULL, 1, 0xffffffffffffffffULL };
	const char *const names[] = { "mul", "shifted", NULL };
	uint64_t (*mul)(uint64_t), (*shifted)(uint64_t, unsigned);
	void *fns[2];
	char src[512];
	size_t i, k;
	uint64_t s = 42;
	jit_lib lib;
	cfx_err err;

	unsetenv("CC");
	for (i = 0; i < sizeof ps / sizeof *ps; i++) {
		snprintf(src, sizeof src,
		         "#include <stdint.h>\n"
		         "uint64_t mul(uint64_t x) { return x * 0x%llxULL; }\n"
		         "uint64_t shifted(uint64_t x, unsigned b) "
		         "{ return b ? (x * 0x%llxULL) >> (64 - b) : 0; }\n",
		         (unsigned long long)ps[i], (unsigned long long)ps[i]);
		cr_assert_eq(jit_build(&lib, src, NULL, NULL, &err), 0, "%s",
		             err.msg);
		cr_assert_eq(entries(), 0, "the compiler's files stay in %s", dir);
		cr_assert_eq(jit_symbols(&lib, names, fns, &err), 0, "%s", err.msg);
		mul = (uint64_t (*)(uint64_t))fns[0];
		shifted = (uint64_t (*)(uint64_t, unsigned))fns[1];
		cr_assert_eq(jit_symbol(&lib, "mul"), fns[0]);
		for (k = 0; k < 1000; k++) {
			uint64_t x = next(&s);
			unsigned b = (unsigned)(x % 64);
			cr_assert_eq(mul(x), (uint64_t)(x * ps[i]));
			cr_assert_eq(shifted(x, b), b ? (x * ps[i]) >> (64 - b) : 0);
		}
		jit_close(&lib);
		cr_assert_null(lib.handle);
		jit_close(&lib);                /* closed: no operation */
	}
}

Test(jit, flags_reach_the_compiler)
{
	const char *src = "int v(void) { return VALUE; }\n";
	int (*v)(void);
	jit_lib lib;
	cfx_err err;

	unsetenv("CC");
	cr_assert_eq(jit_build(&lib, src, "-DVALUE=41 -DUNUSED", NULL, &err), 0,
	             "%s", err.msg);
	v = (int (*)(void))jit_symbol(&lib, "v");
	cr_assert(v);
	cr_assert_eq(v(), 41);
	cr_assert_null(jit_symbol(&lib, "w"));
	jit_close(&lib);
	/* the same words in $CC, split as a shell splits them */
	setenv("CC", "cc -DVALUE=7", 1);
	cr_assert_eq(jit_build(&lib, src, NULL, NULL, &err), 0, "%s", err.msg);
	v = (int (*)(void))jit_symbol(&lib, "v");
	cr_assert_eq(v(), 7);
	cr_assert_str_eq(lib.cc, "cc -DVALUE=7");
	jit_close(&lib);
}

Test(jit, no_compiler)
{
	jit_lib lib;
	cfx_err err;

	setenv("CC", "/nonexistent/cc", 1);
	cr_assert_eq(jit_build(&lib, "int x;\n", NULL, NULL, &err), -1);
	cr_assert_eq(err.code, CFX_EUSAGE);
	cr_assert_str_eq(err.token, "/nonexistent/cc");
	cr_assert(strstr(err.msg, "no C compiler found"), "%s", err.msg);
	cr_assert_null(lib.handle);
	cr_assert_eq(entries(), 0);
}

Test(jit, compiler_error_names_its_first_line)
{
	jit_lib lib;
	cfx_err err;

	unsetenv("CC");
	cr_assert_eq(jit_build(&lib, "int f(void) { return missing_name; }\n",
	                       NULL, NULL, &err), -1);
	cr_assert_eq(err.code, CFX_EIO);
	cr_assert_str_eq(err.token, "cc");
	cr_assert(strstr(err.msg, "the compiler failed"), "%s", err.msg);
	cr_assert(strstr(err.msg, "missing_name"), "no first error line: %s",
	          err.msg);
	cr_assert_null(lib.handle);
	cr_assert_eq(entries(), 0, "a failed build leaves files");
}

Test(jit, interrupted)
{
	static volatile sig_atomic_t stop = 1;
	jit_lib lib;
	cfx_err err;

	unsetenv("CC");
	cr_assert_eq(jit_build(&lib, "int x;\n", NULL, &stop, &err), -1);
	cr_assert_eq(err.code, CFX_EINTR, "%s", err.msg);
	cr_assert_null(lib.handle);
	cr_assert_eq(entries(), 0);
}

Test(jit, missing_symbol_named)
{
	const char *const names[] = { "present", "absent", NULL };
	void *fns[2];
	jit_lib lib;
	cfx_err err;

	unsetenv("CC");
	cr_assert_eq(jit_build(&lib, "int present(void) { return 1; }\n", NULL,
	                       NULL, &err), 0, "%s", err.msg);
	cr_assert_eq(jit_symbols(&lib, names, fns, &err), -1);
	cr_assert(strstr(err.msg, "absent") || !strcmp(err.token, "absent"),
	          "the missing name is not named: %s (%s)", err.msg, err.token);
	jit_close(&lib);
}
