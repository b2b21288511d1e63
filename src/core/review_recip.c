/*
 * review_recip.c - a literal that is no hash multiplier but a reciprocal,
 * for `cfx review` (see review_int.h): x * C >> K that is x / d, rounded
 * down, for every x below some end (a division by a constant done as a
 * multiply and a shift, as compilers do it).  Said, with the first x it
 * gets wrong and whether the operand's type reaches it.  Split from
 * review_find.c, which calls review_reciprocal_found.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cfx/review.h"
#include "core/review_int.h"

/* The first x >= 0 at which (x * z) >> k is not x / d, rounded down,
 * into x (e = z d - 2^k, |e| < d, not 0): with x = q d + r, the shift
 * gives q exactly while r 2^k + x e lies in [0, d 2^k).  For e > 0 the
 * first x of remainder r is the least x = r (mod d) with x e >= (d - r)
 * 2^k; for e < 0, the least x = r (mod d) with x |e| > r 2^k; the least
 * over r. */
static void reciprocal_end(mpz_t x, const mpz_t e, unsigned long k,
                           unsigned long d)
{
	mpz_t t, a, m;
	unsigned long r;
	int neg = mpz_sgn(e) < 0;

	mpz_inits(t, a, m, NULL);
	mpz_set_si(x, -1);
	mpz_abs(a, e);
	for (r = 0; r < d; r++) {
		/* the bound on x: ceil((d - r) 2^k / e), or floor(r 2^k / |e|)
		 * + 1 */
		mpz_set_ui(t, neg ? r : d - r);
		mpz_mul_2exp(t, t, k);
		if (neg) {
			mpz_fdiv_q(t, t, a);
			mpz_add_ui(t, t, 1);
		} else {
			mpz_cdiv_q(t, t, a);
		}
		/* the least x >= t with x = r (mod d) */
		mpz_sub_ui(m, t, r);
		mpz_cdiv_q_ui(m, m, d);
		if (mpz_sgn(m) < 0)
			mpz_set_ui(m, 0);
		mpz_mul_ui(m, m, d);
		mpz_add_ui(m, m, r);
		if (mpz_sgn(x) < 0 || mpz_cmp(m, x) < 0)
			mpz_set(x, m);
	}
	mpz_clears(t, a, m, NULL);
}

/* Whether z, a product with which is shifted right by k, is a
 * reciprocal: floor or ceil of 2^k/d for a d of 3..65536 that is no power
 * of 2 (|z d - 2^k| < d), so that (x * z) >> k is x / d, rounded down,
 * for every x below *end (reciprocal_end; 0 when z d = 2^k... never: d
 * is no power of 2): a division by a constant done as a multiply and a
 * shift, as compilers do it, no hash.  d into *d, "ceil" or "floor" into
 * *how. */
static int reciprocal(const mpz_t z, unsigned long k, unsigned long *d,
                      const char **how, mpz_t end)
{
	mpz_t p, q, e;
	int ok = 0, c;

	if (k < 2 || k > 128 || mpz_sgn(z) <= 0)
		return 0;
	mpz_inits(p, q, e, NULL);
	mpz_setbit(p, k);
	mpz_fdiv_q(q, p, z);
	for (c = 0; c < 2 && !ok; c++, mpz_add_ui(q, q, 1)) {
		if (mpz_cmp_ui(q, 3) < 0 || mpz_cmp_ui(q, 65536) > 0 ||
		    mpz_popcount(q) == 1)
			continue;
		mpz_mul(e, z, q);
		mpz_sub(e, e, p);
		if (mpz_cmpabs(e, q) < 0) {
			ok = 1;
			*d = mpz_get_ui(q);
			*how = mpz_sgn(e) > 0 ? "ceil" : "floor";
			reciprocal_end(end, e, k, *d);
		}
	}
	mpz_clears(p, q, e, NULL);
	return ok;
}

/* The literal t[i] (value z) times x, shifted right by k (ub: that
 * shift is undefined on its product): when it is a reciprocal (x * z
 * >> k is x / d for every x below some end), said, and 1; else 0. */
int review_reciprocal_found(walk *w, size_t i, unsigned long k, int ub,
                            mpz_srcptr z)
{
	const tok *t = w->v.t;
	unsigned long d;
	const char *how;
	char *es, reach[320] = "";
	cwidth ow;
	int model, lv = REVIEW_NOTE;
	mpz_t end;

	mpz_init(end);
	if (!reciprocal(z, k, &d, &how, end)) {
		mpz_clear(end);
		return 0;
	}
	/* where it stops being x / d: the first x it gets wrong; the
	 * operand's declared type reaches that x: a u32 x and a first wrong
	 * x below 2^32 */
	es = mpz_get_str(NULL, 10, end);
	if (!ub && review_operand_decl(w, i, &ow) == 0)
		for (model = 0; model < NMODEL; model++)
			if (mpz_sizeinbase(end, 2) <= ow.bits[model]) {
				lv = REVIEW_WARNING;
				snprintf(reach, sizeof reach, "; and x reaches it: %s "
				         "(%s) holds values up to 2^%u - 1%s, so the "
				         "division is wrong for some of its inputs",
				         ow.type[model], ow.why, ow.bits[model],
				         model == ILP32 && ow.bits[LP64] !=
				         ow.bits[ILP32] ? " on ILP32" : "");
				break;
			}
	review_add(w->r, lv, w->file, t[i].line, REVIEW_NONE, "multiplier",
	           "%s is not judged: it is %s(2^%lu/%lu), so x * %s >> %lu %s x "
	           "/ %lu, rounded down, for every x below %s (2^%.2f), and not "
	           "for x = %s%s: a division by a constant done as a multiply "
	           "and a shift (a reciprocal), no hash%s", t[i].s, how, k, d,
	           t[i].s, k, ub ? "would be" : "is", d, es,
	           log2(mpz_get_d(end)), es, ub ? ", were the product wide "
	           "enough (the ERROR above)" : "", reach);
	free(es);
	mpz_clear(end);
	return 1;
}

