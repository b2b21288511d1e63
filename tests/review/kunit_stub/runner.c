/* runner.c - run the suite of an emitted KUnit test (included as TEST):
 * prints "cases N checked N failed N", exits 1 on a failure. */
#include TEST

int main(void)
{
	struct kunit_case *c;
	unsigned long checked = 0, failed = 0, n = 0;

	for (c = kunit_stub_suite->test_cases; c->run_case; c++, n++) {
		struct kunit t = { c->name, 0, 0 };
		c->run_case(&t);
		checked += t.checked;
		failed += t.failed;
	}
	printf("cases %lu checked %lu failed %lu\n", n, checked, failed);
	return failed != 0;
}
