/* jit.c - compile C at run time and load it (see jit.h). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfx/jit.h"
#include "util/xalloc.h"

extern char **environ;

const char *jit_compiler(void)
{
	static char found[4096];
	const char *cc = getenv("CC"), *path = getenv("PATH");

	if (!cc || !*cc)
		cc = "cc";
	if (strchr(cc, '/'))
		return access(cc, X_OK) == 0 ? cc : NULL;
	while (path && *path) {
		size_t n = strcspn(path, ":");
		snprintf(found, sizeof found, "%.*s/%s", (int)n, path, cc);
		if (n && access(found, X_OK) == 0)
			return found;
		path += n + (path[n] == ':');
	}
	return NULL;
}

static const char *const files[] = { "k.c", "k.so", "cc.log", NULL };

static void path_of(const jit_lib *lib, const char *name, char *buf,
                    size_t n)
{
	snprintf(buf, n, "%s/%s", lib->dir, name);
}

void jit_close(jit_lib *lib)
{
	char path[128];
	int i;

	if (lib->handle)
		dlclose(lib->handle);
	lib->handle = NULL;
	if (!lib->dir[0])
		return;
	for (i = 0; files[i]; i++) {
		path_of(lib, files[i], path, sizeof path);
		unlink(path);
	}
	rmdir(lib->dir);
	lib->dir[0] = '\0';
}

/* Run argv (argv[0] a path) with stdout and stderr into log; its status. */
static int run(char *const argv[], const char *log)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status = -1;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC,
	                                 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0) {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	posix_spawn_file_actions_destroy(&fa);
	return status;
}

/* The first line of the compiler's log that says "error", else its first. */
static void log_line(const char *log, char *buf, size_t n)
{
	char line[512];
	FILE *f = fopen(log, "r");

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!buf[0] || strstr(line, "error")) {
			snprintf(buf, n, "%.150s", line);
			if (strstr(line, "error"))
				break;
		}
	}
	fclose(f);
}

int jit_build(jit_lib *lib, const char *source, const char *flags,
              cfx_err *err)
{
	const char *cc = jit_compiler();
	char src[128], so[128], log[128], msg[160];
	char *words = xstrdup(flags ? flags : ""), *w, *save = NULL;
	char *argv[32];
	int n = 0, status;
	FILE *f;

	memset(lib, 0, sizeof *lib);
	if (!cc) {
		free(words);
		return cfx_err_set(err, CFX_EUSAGE, -1, getenv("CC") && *getenv("CC")
		                   ? getenv("CC") : "cc", "no C compiler found; "
		                   "install gcc or set CC");
	}
	snprintf(lib->cc, sizeof lib->cc, "%s", cc);
	strcpy(lib->dir, "/tmp/cfx-jit-XXXXXX");
	if (!mkdtemp(lib->dir)) {
		lib->dir[0] = '\0';
		free(words);
		return cfx_err_set(err, CFX_EIO, -1, "/tmp", "cannot make a "
		                   "temporary directory: %s", strerror(errno));
	}
	path_of(lib, "k.c", src, sizeof src);
	path_of(lib, "k.so", so, sizeof so);
	path_of(lib, "cc.log", log, sizeof log);
	if (!(f = fopen(src, "w")) || fputs(source, f) < 0 || fclose(f) != 0) {
		free(words);
		jit_close(lib);
		return cfx_err_set(err, CFX_EIO, -1, src, "cannot write");
	}
	argv[n++] = (char *)cc;
	argv[n++] = "-std=c11";
	argv[n++] = "-O2";
	argv[n++] = "-fPIC";
	argv[n++] = "-shared";
	for (w = strtok_r(words, " ", &save); w && n < 26;
	     w = strtok_r(NULL, " ", &save))
		argv[n++] = w;
	argv[n++] = "-o";
	argv[n++] = so;
	argv[n++] = src;
	argv[n] = NULL;
	status = run(argv, log);
	free(words);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		log_line(log, msg, sizeof msg);
		jit_close(lib);
		return cfx_err_set(err, CFX_EIO, -1, cc, "the compiler failed: %s",
		                   msg[0] ? msg : "no message");
	}
	if (!(lib->handle = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(msg, sizeof msg, "%s", dlerror());
		jit_close(lib);
		return cfx_err_set(err, CFX_EIO, -1, so, "cannot load: %s", msg);
	}
	return 0;
}

void *jit_symbol(const jit_lib *lib, const char *name)
{
	return lib->handle ? dlsym(lib->handle, name) : NULL;
}

void jit_compiler_version(const char *compiler, char *buf, size_t n)
{
	char dir[] = "/tmp/cfx-ccv-XXXXXX", log[64];
	char *argv[] = { (char *)compiler, "--version", NULL };

	buf[0] = '\0';
	if (!mkdtemp(dir))
		return;
	snprintf(log, sizeof log, "%s/v", dir);
	if (run(argv, log) == 0) {
		FILE *f = fopen(log, "r");
		if (f) {
			if (fgets(buf, (int)n, f))
				buf[strcspn(buf, "\n")] = '\0';
			fclose(f);
		}
	}
	unlink(log);
	rmdir(dir);
}
