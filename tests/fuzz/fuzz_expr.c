/* fuzz_expr.c - the expression parser and evaluator on any text. */
#include "common.h"
#include "cfx/expr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_string(data, size);
	cfx_err err;
	expr_tree *t = expr_parse(src, &err);

	if (t) {
		expr_value v;
		expr_value_init(&v, 64);
		expr_eval(t, NULL, NULL, 64, &v, &err);
		expr_value_clear(&v);
		expr_free(t);
	}
	free(src);
	return 0;
}
