/*
 * factor_drv - expr_factor on each line of standard input (a decimal
 * N > 1, up to 64 KiB), for tests/review/factor_huge.sh: prints the prime
 * factors it finds as review's claims write them, "3 x 5^2 x 17", or
 * "none" when it gives up (its budget or 64 factors).
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>

#include "cfx/expr.h"

int main(void)
{
	static char line[1 << 16];
	mpz_t z, f[64];
	int k, n, e;

	for (k = 0; k < 64; k++)
		mpz_init(f[k]);
	mpz_init(z);
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (mpz_set_str(z, line, 10) < 0 || mpz_cmp_ui(z, 1) <= 0)
			return 2;
		n = expr_factor(z, f, 64, EXPR_FACTOR_BUDGET);
		if (n < 0)
			printf("none");
		for (k = 0; k < n; k += e) {
			for (e = 1; k + e < n && !mpz_cmp(f[k], f[k + e]); e++)
				;
			gmp_printf("%s%Zd", k ? " x " : "", f[k]);
			if (e > 1)
				printf("^%d", e);
		}
		printf("\n");
		fflush(stdout);
	}
	for (k = 0; k < 64; k++)
		mpz_clear(f[k]);
	mpz_clear(z);
	return 0;
}
