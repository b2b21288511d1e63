/* fuzz_keys.c - key files: any bytes as the file of --keys file:PATH. */
#include <stdio.h>
#include <unistd.h>

#include "common.h"
#include "cfx/keysource.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[] = "/tmp/cfx-fuzz-keys-XXXXXX";
	static int ready;
	keysource_keys set;
	cfx_err err;
	FILE *f;

	if (!ready) {
		int fd = mkstemp(path);
		if (fd < 0)
			abort();
		close(fd);
		ready = 1;
	}
	if (!(f = fopen(path, "wb")))
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	/* 32-bit keys, as many as the file holds (count 0: all) */
	keysource_file(&set, path, 0xffffffffu, 0, NULL, &err);
	free(set.k);             /* the caller's to free, error or not */
	return 0;
}
