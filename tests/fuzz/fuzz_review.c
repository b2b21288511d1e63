/* fuzz_review.c - the patch reader and the C reader of cfx review (with
 * its symbolic evaluator and claim checks) on any text. */
#include "common.h"
#include "cfx/review.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	review r;
	cfx_err err;

	/* the bytes as given: NULs, CRs and all (review_run takes a length) */
	review_run(&r, (const char *)data, size, "fuzz", &err);
	review_sort(&r);
	review_free(&r);
	return 0;
}
