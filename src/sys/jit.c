/* jit.c - compile C at run time and load it (see jit.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/jit.h"
#include "cfx/proc.h"
#include "cfx/textfile.h"
#include "util/xalloc.h"

void jit_close(jit_lib *lib)
{
	if (lib->handle)
		dlclose(lib->handle);
	lib->handle = NULL;
}

/* objdump's listing of the object so, made in t, or NULL. */
static char *listing_of(const proc_tmp *t, const char *so,
                        const volatile sig_atomic_t *stop)
{
	char *od = proc_which("objdump"), *dis, *text = NULL, *argv[5];
	proc_job j;
	cfx_err e;

	if (!od)
		return NULL;
	dis = proc_tmp_path(t, "dis");
	argv[0] = od;
	argv[1] = "-d";
	argv[2] = "--no-show-raw-insn";
	argv[3] = (char *)so;
	argv[4] = NULL;
	if (proc_run(&j, argv, dis, t->dir, 30, stop) == 0)
		text = textfile_read(dis, TEXTFILE_MAX, NULL, &e);
	free(dis);
	free(od);
	return text;
}

int jit_build(jit_lib *lib, const char *source, const char *flags,
              const volatile sig_atomic_t *stop, cfx_err *err)
{
	return jit_build_listed(lib, source, flags, stop, NULL, err);
}

int jit_build_listed(jit_lib *lib, const char *source, const char *flags,
                     const volatile sig_atomic_t *stop, char **listing,
                     cfx_err *err)
{
	const char *name;
	int ncc, n = 0, rc = -1;
	char **cc = proc_cc(&ncc, &name);
	char *words = xstrdup(flags ? flags : ""), *w, *save = NULL;
	char *so = NULL, *src = NULL, *log = NULL, **argv = NULL, *full;
	char line[PROC_LINE_MAX], how[96];
	proc_tmp t = { NULL, -1 };
	proc_job j;

	memset(lib, 0, sizeof *lib);
	if (listing)
		*listing = NULL;
	snprintf(lib->cc, sizeof lib->cc, "%s", name);
	if (!cc) {
		cfx_err_set_path(err, CFX_EUSAGE, name, ncc < 0 ? "$CC leaves a "
		            "quote open" : "no C compiler found; install gcc or "
		            "set CC");
		goto out;
	}
	if (proc_tmp_make(&t, "jit", err) < 0 ||
	    proc_tmp_write(&t, "k.c", source, err) < 0)
		goto out;
	src = proc_tmp_path(&t, "k.c");
	so = proc_tmp_path(&t, "k.so");
	log = proc_tmp_path(&t, "cc.log");
	argv = xcalloc((size_t)ncc + 8 + strlen(words) / 2 + 1, sizeof *argv,
	               "compiler words");
	for (n = 0; n < ncc; n++)
		argv[n] = cc[n];
	argv[n++] = "-std=c11";
	argv[n++] = "-O2";
	argv[n++] = "-fPIC";
	argv[n++] = "-shared";
	for (w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
		argv[n++] = w;
	argv[n++] = "-o";
	argv[n++] = so;
	argv[n++] = src;
	argv[n] = NULL;
	if (proc_run(&j, argv, log, t.dir, JIT_CC_LIMIT, stop) < 0) {
		if (j.end == PROC_STOPPED) {
			cfx_err_set(err, CFX_EINTR, -1, NULL, "interrupted");
			goto out;
		}
		proc_first_error(log, t.dir, line, sizeof line);
		if ((full = proc_tmp_full(&t, log)))   /* its message lost, or
		                                        * not the point */
			cfx_err_set_path(err, CFX_EIO, full, "the compiler failed "
			            "(%s): the temporary directory is full",
			            proc_end_text(&j, how, sizeof how));
		else
			cfx_err_set_path(err, CFX_EIO, name, "the compiler failed "
			            "(%s)%s%s", proc_end_text(&j, how, sizeof how),
			            line[0] ? ": " : "", line);
		free(full);
		goto out;
	}
	if (!(lib->handle = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
		const char *e = dlerror();
		cfx_err_set_path(err, CFX_EIO, name, "cannot load the compiled "
		            "object: %s", e ? e : "no reason given");
		goto out;
	}
	if (listing)
		*listing = listing_of(&t, so, stop);
	rc = 0;
out:
	/* loaded or not, the files go now */
	proc_tmp_remove(&t);
	free(argv);
	free(src);
	free(so);
	free(log);
	free(words);
	proc_words_free(cc);
	return rc;
}

void *jit_symbol(const jit_lib *lib, const char *name)
{
	return lib->handle ? dlsym(lib->handle, name) : NULL;
}

int jit_symbols(const jit_lib *lib, const char *const *names, void **fns,
                cfx_err *err)
{
	size_t i;

	for (i = 0; names[i]; i++)
		if (!(fns[i] = jit_symbol(lib, names[i])))
			return cfx_err_set_path(err, CFX_EIO, lib->cc, "the compiled "
			                   "object has no function %s (a C++ "
			                   "compiler? set CC to a C compiler)",
			                   names[i]);
	return 0;
}

void jit_compiler_version(char *buf, size_t n)
{
	const char *name;
	int ncc;
	char **cc = proc_cc(&ncc, &name), *log = NULL;
	char *argv[] = { NULL, "--version", NULL };
	proc_tmp t;
	proc_job j;

	buf[0] = '\0';
	if (!cc || proc_tmp_make(&t, "ccv", NULL) < 0) {
		proc_words_free(cc);
		return;
	}
	/* the compiler's own name (ccache gcc: ccache's version would
	 * say nothing of gcc) */
	argv[0] = cc[0];
	log = proc_tmp_path(&t, "v");
	if (ncc == 1 && proc_run(&j, argv, log, t.dir, 10, NULL) == 0) {
		FILE *f = fopen(log, "re");
		if (f) {
			if (fgets(buf, (int)n, f))
				buf[strcspn(buf, "\n")] = '\0';
			fclose(f);
		}
	}
	free(log);
	proc_tmp_remove(&t);
	proc_words_free(cc);
}
