/* fuzz_expr.c - the expression parser and evaluator on any text. */
#include "common.h"
#include "cfx/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_string(data, size);
	cfx_err err;
	ex_tree *t = ex_parse(src, &err);

	if (t) {
		ex_value v;
		ex_value_init(&v, 64);
		ex_eval(t, NULL, NULL, 64, &v, &err);
		ex_value_clear(&v);
		ex_free(t);
	}
	free(src);
	return 0;
}
