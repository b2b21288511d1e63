#include <criterion/criterion.h>
Test(word, dummy) { cr_assert(1); }
