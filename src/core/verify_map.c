/*
 * verify_map.c - the stride map (verify.h's verify_smap; verify_int.h
 * for how the battery's files divide the work): every stride of the
 * map's set screened by its continued fraction (stride.h), ranked
 * against random multipliers (stride_cal.inc), the reported strides
 * counted key by key, and the map as a check of the verdict.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cfx/word.h"
#include "util/xalloc.h"
#include "core/verify_int.h"

#include "core/stride_cal.inc"

/* ---- the stride map ----------------------------------------------------- */

const verify_smap_ref *verify_smap_ref_of(unsigned bits)
{
	size_t i;

	for (i = 0; i < sizeof stride_refs / sizeof *stride_refs; i++)
		if (stride_refs[i].bits == bits)
			return &stride_refs[i];
	return NULL;
}

const verify_off_ref *verify_off_ref_of(unsigned bits, unsigned h)
{
	size_t i;

	for (i = 0; i < sizeof stride_off_refs / sizeof *stride_off_refs; i++)
		if (stride_off_refs[i].bits == bits && stride_off_refs[i].h == h)
			return &stride_off_refs[i];
	return NULL;
}

void verify_smap_free(verify_smap *sm)
{
	free(sm->s);
	memset(sm, 0, sizeof *sm);
}

int verify_smap_many(const verify_smap *sm)
{
	return sm->percentile >= 0 && sm->collapse_above >= 90;
}

const verify_family *verify_smap_family(const verify_battery *bt,
                                        uint64_t c)
{
	size_t i;

	for (i = 0; i < bt->nfam; i++) {
		const verify_family *f = &bt->fam[i];

		if ((f->kind == VERIFY_POW2 || f->kind == VERIFY_MULT) && f->ck &&
		    !f->start && f->step == c && f->ran)
			return f;
	}
	return NULL;
}

int verify_smap_differs(const verify_battery *bt)
{
	const verify_smap *sm = &bt->smap;
	const verify_family *f;
	size_t i;

	for (i = 0; i < sm->n; i++) {
		if (i >= VERIFY_SMAP_SHOW && sm->s[i].r < STRIDE_COLLAPSE_R)
			break;
		f = verify_smap_family(bt, sm->s[i].c);
		if (f && f->status != sm->status)
			return 1;
	}
	return 0;
}

/* An empty map, not judged (INFO) until filled. */
static void smap_reset(verify_smap *sm)
{
	verify_smap_free(sm);
	sm->ran = 1;
	sm->status = VERIFY_INFO;
	sm->tail = 1;
	sm->percentile = -1;
	sm->collapse_above = -1;
}

void verify_strides_make(uint64_t p, unsigned bits, verify_smap *sm)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(bits, tables), i;
	const verify_smap_ref *ref = verify_smap_ref_of(bits);
	stride_hit *hit;

	smap_reset(sm);
	if (!nt || !(p & 1))
		return;
	hit = xmalloc(STRIDE_MAP_COUNT * sizeof *hit, "stride map");
	sm->worst = stride_map(p, bits, tables, nt, hit);
	sm->n = STRIDE_MAP_COUNT;
	sm->s = xmalloc(sm->n * sizeof *sm->s, "stride map");
	for (i = 0; i < sm->n; i++) {
		sm->s[i].c = hit[i].c;
		sm->s[i].b = hit[i].worst.b;
		sm->s[i].load = hit[i].worst.load;
		sm->s[i].r = hit[i].worst.r;
		sm->s[i].counted = -1;
		sm->collapse += hit[i].worst.r >= STRIDE_COLLAPSE_R;
	}
	free(hit);
	if (!ref)
		return;
	sm->ref_collapse[0] = ref->collapse[10];
	sm->ref_collapse[1] = ref->collapse[50];
	sm->ref_collapse[2] = ref->collapse[90];
	sm->ref_count = ref->count;
	for (i = 0; i <= 100; i++)
		if (ref->collapse[i] < (double)sm->collapse)
			sm->collapse_above = (int)i;
	sm->tail = verify_pct_tail(ref->pct, ref->beta, sm->worst, &sm->percentile);
	sm->ranked = 1;
}

/* The map's status over judged checks: its rank's rule (INFO when it is
 * not made or has no reference). */
static verify_status smap_judge(verify_smap *sm, size_t judged)
{
	if (sm->ranked)
		sm->status = verify_rule(sm->worst, sm->tail, judged);
	return sm->status;
}

verify_status verify_strides(uint64_t p, unsigned bits, size_t judged,
                             verify_smap *sm)
{
	verify_strides_make(p, bits, sm);
	return smap_judge(sm, judged);
}

/* The screen of the map's set (stride_screen_set: the cells that cannot
 * reach it passed over by the gate): the map's worst stride when it is at
 * or above the R at which the map's rule gives status at (WARN or FAIL)
 * with judged checks, into *hit; 0 when none is (or there is no map).
 * The one stride screen of the quick verdict (strides_quick: search's
 * battery, the dashboard's strip before its last family) and search's
 * prediction (verify_strides_fail), whose verdict is verify_strides'
 * (the whole map's): the gate passes over only cells that cannot reach
 * the rule's R. */
static int map_screen(uint64_t p, unsigned bits, size_t judged,
                      verify_status at, stride_hit *hit)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(bits, tables);
	const verify_smap_ref *ref = verify_smap_ref_of(bits);
	uint64_t cs[STRIDE_MAP_COUNT];
	size_t ncs = stride_map_set(cs);
	double r;

	if (!nt || !ref || !(p & 1) ||
	    (r = verify_rule_r(ref->pct, ref->beta, judged, at)) <= 0)
		return 0;
	return stride_screen_set(p, bits, cs, ncs, tables, nt, r, hit, 1) > 0;
}

int verify_strides_fail(uint64_t p, unsigned bits, size_t judged,
                        verify_stride *worst)
{
	stride_hit hit;

	if (!map_screen(p, bits, judged, VERIFY_FAIL, &hit))
		return 0;
	worst->c = hit.c;
	worst->b = hit.worst.b;
	worst->load = hit.worst.load;
	worst->r = hit.worst.r;
	worst->counted = -1;
	return 1;
}

/* R of keys k c from 0 at 2^b buckets, every key counted. */
static double count_stride(const verify_battery *bt, uint64_t c, unsigned b,
                           uint64_t K, uint32_t *loads)
{
	uint64_t M = (uint64_t)1 << b, i;
	double s2 = 0, k = (double)K, expect;

	memset(loads, 0, M * sizeof *loads);
	verify_count_progression(0, (c * bt->p) & word_mask(bt->bits), K, bt->bits, b,
	            loads);
	for (i = 0; i < M; i++)
		s2 += (double)loads[i] * loads[i];
	expect = (k * (1 - 1 / (double)M) + k * k / (double)M + k) / 2;
	return (s2 + k) / 2 / expect;
}

size_t verify_strides_listed(const verify_battery *bt, size_t upto)
{
	const verify_smap *sm = &bt->smap;
	size_t i;

	if (!sm->s)
		return 0;
	for (i = 0; i < sm->n; i++)
		if (i >= VERIFY_SMAP_SHOW &&
		    (i >= upto || sm->s[i].r < STRIDE_COLLAPSE_R))
			break;
	return i;
}

void verify_strides_count(verify_battery *bt, size_t i, uint32_t *scratch)
{
	verify_stride *v = &bt->smap.s[i];

	v->counted = count_stride(bt, v->c, v->b, (uint64_t)v->load << v->b,
	                          scratch);
}

/* Part k of the screen past the map: strides c in its share of
 * 1..STRIDE_SCREEN_TOP, its worst VERIFY_BEYOND_WANT into out; returns
 * how many it found.  The parts' worst are the screen's worst (the
 * screen keeps the worst in a total order: R, then c). */
#define BEYOND_SPAN (STRIDE_SCREEN_TOP / VERIFY_BEYOND_PARTS)

size_t verify_strides_beyond_part(const verify_battery *bt, unsigned k,
                                  stride_hit *out)
{
	unsigned tables[STRIDE_MAX_TABLES];
	size_t nt = stride_tables(bt->bits, tables);
	uint64_t lo = 1 + (uint64_t)k * BEYOND_SPAN, hi = k + 1 ==
	         VERIFY_BEYOND_PARTS ? STRIDE_SCREEN_TOP : lo + BEYOND_SPAN - 1;

	return stride_screen_range(bt->p, bt->bits, lo, hi, tables, nt,
	                           STRIDE_COLLAPSE_R, out, VERIFY_BEYOND_WANT);
}

void verify_strides_beyond(verify_battery *bt, stride_hit *parts,
                           const size_t *found)
{
	verify_smap *sm = &bt->smap;
	size_t k, i, n = 0, total = 0;

	/* the parts' worst, together, in the screen's order: its worst
	 * VERIFY_BEYOND_WANT (enough that the set's own, at most its size, cannot
	 * crowd out the strides past it) */
	for (k = 0; k < VERIFY_BEYOND_PARTS; k++) {
		size_t m = found[k] < VERIFY_BEYOND_WANT ? found[k] : VERIFY_BEYOND_WANT;
		memmove(parts + n, parts + k * VERIFY_BEYOND_WANT, m * sizeof *parts);
		n += m;
		total += found[k];
	}
	qsort(parts, n, sizeof *parts, stride_by_worst);
	if (n > VERIFY_BEYOND_WANT)
		n = VERIFY_BEYOND_WANT;
	sm->nbeyond = 0;
	sm->beyond_found = total;
	for (i = 0; i < n; i++) {
		uint64_t c = parts[i].c;
		int in_set = c <= STRIDE_MAP_SMALL ||
		             (c <= STRIDE_MAP_TOP && c % STRIDE_MAP_STEP == 0);
		if (in_set) {
			sm->beyond_found--;
			continue;
		}
		if (sm->nbeyond < VERIFY_BEYOND) {
			verify_stride *v = &sm->beyond[sm->nbeyond++];
			v->c = c;
			v->b = parts[i].worst.b;
			v->load = parts[i].worst.load;
			v->r = parts[i].worst.r;
			v->counted = -1;
		}
	}
}

size_t verify_strides_beyond_size(void)
{
	return (size_t)VERIFY_BEYOND_PARTS * VERIFY_BEYOND_WANT * sizeof(stride_hit);
}

void verify_strides_confirm(verify_battery *bt, size_t upto,
                            uint32_t *scratch)
{
	verify_smap *sm = &bt->smap;
	size_t i, n = verify_strides_listed(bt, upto),
	       found[VERIFY_BEYOND_PARTS];
	stride_hit *parts;
	unsigned k;

	if (!sm->s)
		return;
	for (i = 0; i < n && !verify_stopped(bt); i++) {
		verify_strides_count(bt, i, scratch);
		sm->confirmed = i + 1;
	}
	/* beyond the set: every c up to STRIDE_SCREEN_TOP, predicted */
	sm->nbeyond = 0;
	if (verify_stopped(bt))
		return;
	parts = xmalloc(verify_strides_beyond_size(), "screen");
	for (k = 0; k < VERIFY_BEYOND_PARTS; k++)
		found[k] = verify_strides_beyond_part(bt, k,
		                                      parts + k * VERIFY_BEYOND_WANT);
	verify_strides_beyond(bt, parts, found);
	free(parts);
}

/* The map's verdict alone (screens of many candidates): the strides at
 * or above the R that WARNs, found through the gate; none means PASS.
 * sm->n is 0 (no map), sm->worst the worst found, else 0. */
static void strides_quick(verify_battery *bt, verify_smap *sm)
{
	unsigned tables[STRIDE_MAX_TABLES];
	const verify_smap_ref *ref = verify_smap_ref_of(bt->bits);
	stride_hit hit;

	smap_reset(sm);
	if (!stride_tables(bt->bits, tables) || !ref || !(bt->p & 1))
		return;
	sm->status = VERIFY_PASS;
	if (!map_screen(bt->p, bt->bits, bt->judged, VERIFY_WARN, &hit))
		return;
	sm->worst = hit.worst.r;
	sm->tail = verify_pct_tail(ref->pct, ref->beta, sm->worst, &sm->percentile);
	sm->status = verify_rule(sm->worst, sm->tail, bt->judged);
	sm->nbeyond = 1;                 /* the worst, kept here */
	sm->beyond[0].c = hit.c;
	sm->beyond[0].b = hit.worst.b;
	sm->beyond[0].load = hit.worst.load;
	sm->beyond[0].r = hit.worst.r;
	sm->beyond[0].counted = -1;
}

/* The form check of the map: the whole map with the form checks (cfx
 * verify), its verdict alone without (screens). */
void verify_check_strides(verify_battery *bt, int full)
{
	verify_smap *sm = &bt->smap;
	verify_check *k;
	char ref[96] = "", sh[16];

	if (full && sm->prepared) {      /* verify_run_prepare made it */
		smap_judge(sm, bt->judged);
	} else if (full) {
		verify_strides(bt->p, bt->bits, bt->judged, sm);
	} else {
		strides_quick(bt, sm);
		k = verify_form(bt, "stride map", sm->status);
		k->tail = sm->tail;
		k->r = sm->worst;
		k->percentile = sm->percentile;
		if (sm->status == VERIFY_INFO)
			snprintf(k->detail, sizeof k->detail, "not mapped");
		else if (sm->worst > 0)
			snprintf(k->detail, sizeof k->detail, "stride %llu: R %.3g at "
			         "2^%u x%u (predicted); %s%% of random odd %u-bit "
			         "multipliers have a better worst stride",
			         (unsigned long long)sm->beyond[0].c, sm->worst,
			         sm->beyond[0].b, sm->beyond[0].load, verify_share_text(
			         sh, sizeof sh, sm->percentile, 3), bt->bits);
		else
			snprintf(k->detail, sizeof k->detail, "no stride reaches the "
			         "R that would WARN");
		return;
	}
	k = verify_form(bt, "stride map", sm->status);
	k->tail = sm->tail;
	if (!sm->n) {
		snprintf(k->detail, sizeof k->detail, "not mapped (%s)",
		         bt->p & 1 ? "word too small" : "even multiplier");
		return;
	}
	k->r = sm->worst;
	k->percentile = sm->percentile;
	if (sm->percentile >= 0)
		snprintf(ref, sizeof ref, "; %s%% of random odd %u-bit "
		         "multipliers do better", verify_share_text(sh, sizeof sh,
		         sm->percentile, 3), bt->bits);
	snprintf(k->detail, sizeof k->detail, "stride %llu: R %.3g at 2^%u x%u "
	         "(predicted); %zu of %zu strides at R >= %g%s%s",
	         (unsigned long long)sm->s[0].c, sm->s[0].r, sm->s[0].b,
	         sm->s[0].load, sm->collapse, sm->n, STRIDE_COLLAPSE_R, ref,
	         sm->percentile >= 0 ? "" : " (no reference at this width)");
}

