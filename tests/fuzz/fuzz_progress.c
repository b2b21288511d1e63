/* fuzz_progress.c - the lesson progress file: any bytes as
 * $XDG_STATE_HOME/cfx/progress, loaded (and set aside when bad). */
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "lesson/learn_store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Empty dir: set-aside copies pile up otherwise. */
static void empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char p[512];

	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.') {
			snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char state[] = "/tmp/cfx-fuzz-state-XXXXXX";
	static char dir[600], file[700];
	static FILE *null;
	learn_store_progress p;
	FILE *f;

	if (!null) {
		if (!mkdtemp(state) || !(null = fopen("/dev/null", "w")))
			abort();
		setenv("XDG_STATE_HOME", state, 1);
		snprintf(dir, sizeof dir, "%s/cfx", state);
		snprintf(file, sizeof file, "%s/progress", dir);
		mkdir(dir, 0700);
	}
	empty(dir);
	if (!(f = fopen(file, "wb")))
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	learn_store_progress_load(&p, null);
	learn_store_progress_free(&p);
	return 0;
}
