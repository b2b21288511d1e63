/* fuzz_repl.c - one REPL line: the word splitter, session words (set,
 * let, show, help) and the commands' option and expression parsing.
 * Lines that could ask for seconds or gigabytes by design (counts, key
 * families, verify, search, bench, sweep, stats, lessons) are skipped:
 * their limits have tests of their own (tests/cli/badinput.t). */
#include <stdio.h>

#include "common.h"
#include "repl/repl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const heavy[] = { "count", "keys", "verify", "search",
	                                     "bench", "sweep", "stats", "learn",
	                                     "terms", "table", "spectrum", NULL };
	static FILE *null;
	char *line = fuzz_string(data, size);
	repl r;
	int i;

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	line[strcspn(line, "\n")] = '\0';
	for (i = 0; heavy[i]; i++)
		if (strstr(line, heavy[i])) {
			free(line);
			return 0;
		}
	repl_init(&r, null, null, NULL);
	repl_exec(&r, line);
	repl_free(&r);
	free(line);
	return 0;
}
