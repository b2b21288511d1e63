/* common.h - shared by the libFuzzer harnesses: the input as a string. */
#ifndef CFX_FUZZ_COMMON_H
#define CFX_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* data as a NUL-terminated string, cut at its first NUL; free it. */
static char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
