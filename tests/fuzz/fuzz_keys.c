/* fuzz_keys.c - key files: any bytes as the file of --keys file:PATH. */
#include <stdio.h>
#include <unistd.h>

#include "common.h"
#include "cfx/keysource.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[] = "/tmp/cfx-fuzz-keys-XXXXXX";
	static keys_spec ks;
	static int ready;
	keys_set set;
	cfx_err err;
	FILE *f;

	if (!ready) {
		char spec[64];
		int fd = mkstemp(path);
		if (fd < 0)
			abort();
		close(fd);
		snprintf(spec, sizeof spec, "file:%s", path);
		if (keys_parse(&ks, spec, &err) < 0)
			abort();
		ready = 1;
	}
	if (!(f = fopen(path, "wb")))
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	if (keysource_make(&set, &ks, 32, 0, &err) == 0)
		keys_free(&set);
	return 0;
}
