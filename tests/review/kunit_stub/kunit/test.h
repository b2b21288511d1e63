/* kunit/test.h - the little of KUnit that cfx's emitted tests use, so that
 * tests/review can compile and run them in user space (not the kernel's). */
#ifndef CFX_KUNIT_STUB_H
#define CFX_KUNIT_STUB_H
#include <stdio.h>
#include <linux/types.h>

struct kunit { const char *name; unsigned long failed, checked; };
struct kunit_case { void (*run_case)(struct kunit *test); const char *name; };
struct kunit_suite { const char *name; struct kunit_case *test_cases; };

#define KUNIT_CASE(f) { f, #f }
#define KUNIT_EXPECT_EQ_MSG(test, a, b, fmt, ...) do { \
	(test)->checked++; \
	if ((a) != (b)) { \
		if ((test)->failed++ < 3) \
			printf("%s: expected equal: " fmt "\n", (test)->name, \
			       __VA_ARGS__); \
	} } while (0)
#define KUNIT_EXPECT_EQ(test, a, b) KUNIT_EXPECT_EQ_MSG(test, a, b, "%s", "")
#define kunit_test_suite(s) struct kunit_suite *kunit_stub_suite = &(s)
#endif
