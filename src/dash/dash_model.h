/*
 * dash_model.h - what the dashboard shows about one constant
 * (prefix dash_model_).
 *
 * Everything here comes from the core: the value of an expression on an
 * n-bit word (n <= 64, the hashing limit), its continued fraction with the
 * golden prefix, convergents and distance to 1/phi, its NAF, power sum and
 * shift/add program with the C text `cfx shifts --emit c` prints, and the
 * spectrum of its first K points.  A model is computed whole or not at all,
 * so a bad expression leaves the last good one in place.
 */
#ifndef CFX_UI_DASH_MODEL_H
#define CFX_UI_DASH_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#include "cfx/cf.h"
#include "cfx/err.h"
#include "cfx/expr.h"
#include "cfx/naf.h"
#include "cfx/sas.h"
#include "cfx/spec.h"

#define DASH_MODEL_MAX_BITS 64          /* the dashboard hashes machine words */
#define DASH_MODEL_MAX_POINTS 65536     /* spectrum points drawn at most */

typedef struct dash_model_const {
	char *expr;                 /* the expression it came from */
	uint64_t p;
	unsigned bits;              /* n */
	char *hex, *dec, *bin;      /* bin: n binary digits, high first */
	int prime;                  /* expr_isprime: 0, 1 probable, 2 proven */
	cf_seq cf;
	cf_golden golden;
	double dist, dbits;         /* |x - 1/phi| and -log2 of it */
	double mdist, mbits;        /* the same for 1 - x */
	mpz_t *conv_p, *conv_q;     /* convergents, cf.n of each */
	naf_form naf;
	char *sum;                  /* power sum, high to low */
	size_t bin_weight, naf_weight;
	sas_prog sas;
	char *code;                 /* sas_emit_c: the C translation unit */
	char *opt_code;             /* mcm_emit_c of the fewest-adder graph,
	                             * NULL until dash_model_const_optimal */
	char opt_cost[96];          /* "6 adders, depth 4 (NAF 10)" */
} dash_model_const;

/*
 * Evaluate expr as a multiplier on bits-bit words (0: automatic) and fill
 * c (zeroed or freed before).  Returns 0, or -1 with err set and c left
 * empty.  look/ctx resolve names (the session's variables).
 */
int dash_model_const_eval(dash_model_const *c, const char *expr,
                          unsigned long bits, expr_lookup look, void *ctx,
                          cfx_err *err);

/* Compute opt_code and opt_cost (the search of cfx shifts --optimal,
 * tens of milliseconds) unless done; no operation on an empty model. */
void dash_model_const_optimal(dash_model_const *c);

/* Free what dash_model_const_eval made; no operation on an empty model. */
void dash_model_const_free(dash_model_const *c);

typedef struct dash_model_spec {
	uint64_t p, count;
	unsigned bits;
	int computed;               /* the fields below are for p, bits, count */
	int ok;                     /* 0: err says why */
	cfx_err err;
	spec_result r;              /* gap lengths, from spec_compute */
	uint64_t *pts;              /* the points k p mod 2^n, sorted */
} dash_model_spec;

/* The spectrum of p/2^bits for k = 1..count (count <= DASH_MODEL_MAX_POINTS).
 * Recomputes only if p, bits or count changed. */
void dash_model_spec_update(dash_model_spec *s, uint64_t p, unsigned bits,
                            uint64_t count);
void dash_model_spec_free(dash_model_spec *s);

/* Which gap length (0..ngaps-1, ascending) a gap of len units has; -1 if
 * none (cannot happen while the three-distance theorem holds). */
int dash_model_spec_class(const dash_model_spec *s, unsigned __int128 len);

#endif
