/* fuzz_lesson.c - the lesson parser (with its check language) and lint on
 * any text. */
#include "common.h"
#include "lesson/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size);
	lesson l;
	cfx_err err;
	int line;

	if (lesson_parse(&l, text, NULL, &line, &err) == 0) {
		lesson_problem *pr = NULL;
		lesson_lint(&l, text, NULL, &pr);
		free(pr);
	}
	lesson_free(&l);
	free(text);
	return 0;
}
