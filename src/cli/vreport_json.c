/*
 * vreport_json.c - cfx verify's verdict as JSON: the checks, each family's
 * worst cell (every cell with --full) and the stride map.
 */
#include <jansson.h>
#include <string.h>

#include "cfx/constant.h"
#include "cfx/stride.h"
#include "cfx/verify.h"
#include "cli/out.h"
#include "cli/vreport.h"
#include "util/buf.h"


/* ---- JSON --------------------------------------------------------------- */

/* What a family and the stride map say of their worst alike: its R, its
 * tail P and its percentile among random multipliers (null: none). */
static void rank_json(json_t *o, double worst, double tail, double pct)
{
	json_object_set_new(o, "worst_probe_ratio", out_jreal(worst));
	json_object_set_new(o, "tail", out_jreal(tail));
	json_object_set_new(o, "percentile", pct >= 0 ? out_jreal(pct)
	                    : json_null());
}

/* A family; its cells all with full, else only its worst, as table,
 * load and fullest bucket (every cell of 80 FAILing families is over
 * 500 KB).  By default its key count and its step (but for your own
 * keys, whose name may not say it) are left to full, and the share as
 * bad (100 - percentile) is given where the report quotes it, a PASS at
 * R >= 2: 9 KB of 2002's 64-bit seed, whose default JSON was 64 KB
 * alone and 128 KB with --against and keys of yours (issue 21). */
static json_t *family_json(const verify_family *f, int full)
{
	json_t *fo = json_object(), *cells = json_array(), *ex = json_array();
	size_t j;

	json_object_set_new(fo, "name", json_string(f->name));
	if (f->user)
		json_object_set_new(fo, "yours", json_true());
	json_object_set_new(fo, "status", json_string(verify_status_name(
	                    f->status)));
	if (full)
		json_object_set_new(fo, "keys", json_integer((json_int_t)f->keys));
	rank_json(fo, f->worst_r, f->tail, f->percentile);
	/* ranked against a sample counted now (--table-bits): its size and
	 * how many do better, all its resolution supports; the percentile
	 * and tail beside them are the tail fitted to it */
	if (f->sample_m && f->percentile >= 0) {
		json_object_set_new(fo, "sample_count",
		                    json_integer((json_int_t)f->sample_m));
		json_object_set_new(fo, "sample_better",
		                    json_integer((json_int_t)f->sample_better));
	}
	/* the report's "as bad or worse" of a PASS at R >= 2 */
	if (f->status != VERIFY_INFO && (full || (f->status == VERIFY_PASS &&
	    f->worst_r >= VERIFY_BAD_R)))
		json_object_set_new(fo, "random_as_bad_percent", f->percentile >= 0
		                    ? out_jreal(verify_share_as_bad(f->percentile,
		                    f->tail)) : json_null());
	/* the default JSON: what is not in "checks" and not the default */
	if (full || f->absolute || f->small_note) {
		json_object_set_new(fo, "reason", json_string(f->reason));
		json_object_set_new(fo, "rule", json_string(f->absolute
		                    ? "small word" : "rank"));
		json_object_set_new(fo, "small_word_note",
		                    json_boolean(f->small_note));
	}
	if (f->ck && (full || f->user))
		json_object_set_new(fo, "step", out_ju64(f->step));
	/* the explanation and the colliding keys: with full (the default
	 * stays under 64 KB even when 80 families FAIL: the check's detail
	 * has the quotient) */
	if (f->cf.ok && full)
		json_object_set_new(fo, "effective", json_pack(
			"{s:i,s:o,s:I,s:o,s:o,s:I}", "bits", f->cf.w, "multiplier",
			out_ju64(f->cf.mult), "index", (json_int_t)f->cf.k,
			"quotient", out_ju64(f->cf.a), "q", out_ju64(f->cf.q),
			"places", (json_int_t)f->cf.places));
	for (j = 0; j < f->ncells; j++) {
		const verify_cell *c = &f->cells[j];
		if (!full && j != f->worst)
			continue;
		if (!full) {
			/* the worst: its R is the family's, its keys load 2^b */
			json_array_append_new(cells, json_pack("{s:i,s:i,s:I}",
			    "table_bits", c->b, "load", c->load, "max_load",
			    (json_int_t)c->sc.max_load));
			continue;
		}
		json_array_append_new(cells, json_pack(
			"{s:i,s:i,s:I,s:o,s:o,s:I,s:o}", "table_bits", c->b,
			"load", c->load, "keys", (json_int_t)c->sc.keys,
			"chi2", out_jreal(c->sc.chi2), "p_value",
			out_jreal(c->sc.p_value), "max_load",
			(json_int_t)c->sc.max_load, "probe_ratio",
			out_jreal(c->sc.probe_ratio)));
	}
	for (j = 0; j < f->nexample; j++)
		json_array_append_new(ex, out_ju64(f->example[j]));
	json_object_set_new(fo, "cells", cells);
	if (full)
		json_object_set_new(fo, "colliding_keys", ex);
	else
		json_decref(ex);
	return fo;
}

/* A stride of the map: c an integer (at most STRIDE_SCREEN_TOP), its
 * cell, and, when a family of the table has these keys (verify_smap_
 * family), that family's name and status: the text's "FAIL: the stride
 * 2^12 row". */
static json_t *stride_json(const verify_battery *bt, const verify_stride *v)
{
	const verify_family *fam = verify_smap_family(bt, v->c);
	json_t *o = json_pack("{s:I,s:i,s:i,s:o,s:o}", "stride",
	                      (json_int_t)v->c, "table_bits", v->b, "load",
	                      v->load, "predicted", out_jreal(v->r), "counted",
	                      v->counted >= 0 ? out_jreal(v->counted)
	                      : json_null());

	if (fam) {
		json_object_set_new(o, "family", json_string(fam->name));
		json_object_set_new(o, "family_status", json_string(
		                    verify_status_name(fam->status)));
	}
	return o;
}

/* The map: its statistic, the reference, every stride reported (the
 * worst few and every one at R >= 4; all of them with full). */
static json_t *smap_json(const verify_battery *bt, int full)
{
	const verify_smap *sm = &bt->smap;
	json_t *o = json_object(), *list = json_array(), *past = json_array();
	struct buf at = { 0 };
	char prev[32] = "";
	size_t i;

	json_object_set_new(o, "status", json_string(verify_status_name(
	                    sm->status)));
	json_object_set_new(o, "strides_mapped", json_integer((json_int_t)sm->n));
	rank_json(o, sm->worst, sm->tail, sm->percentile);
	json_object_set_new(o, "collapse_r", out_jreal(STRIDE_COLLAPSE_R));
	json_object_set_new(o, "collapses", json_integer((json_int_t)
	                    sm->collapse));
	if (sm->percentile >= 0)
		json_object_set_new(o, "random_collapses", json_pack(
		    "{s:o,s:o,s:o}", "p10", out_jreal(sm->ref_collapse[0]),
		    "median", out_jreal(sm->ref_collapse[1]), "p90",
		    out_jreal(sm->ref_collapse[2])));
	/* how unusual the count is: the share of random multipliers with
	 * fewer, as the report's sentence says it, when above the 90th */
	if (sm->percentile >= 0)
		json_object_set_new(o, "collapses_unusual",
		                    json_boolean(verify_smap_many(sm)));
	if (verify_smap_many(sm))
		json_object_set_new(o, "collapses_random_fewer_percent",
		                    json_integer(sm->collapse_above));
	/* every stride of the map at R >= 4, worst first, in one string of
	 * "c:R" items (R the map's, 3 digits; an item "c" alone has the R
	 * of the one before): a list of objects was 72-171 kB at
	 * JSON_INDENT.  Objects (the cell, the count) for the worst
	 * VERIFY_SMAP_SHOW, as the text shows them, of the map and past it;
	 * every one with full */
	for (i = 0; i < sm->n && sm->s[i].r >= STRIDE_COLLAPSE_R; i++) {
		char r[32];
		snprintf(r, sizeof r, "%.3g", sm->s[i].r);
		buf_printf(&at, "%s%llu", i ? " " : "",
		           (unsigned long long)sm->s[i].c);
		if (strcmp(r, prev))
			buf_printf(&at, ":%s", r);
		snprintf(prev, sizeof prev, "%s", r);
	}
	json_object_set_new(o, "collapsing", json_string(buf_str(&at)));
	buf_free(&at);
	for (i = 0; i < sm->n && (full || i < VERIFY_SMAP_SHOW); i++)
		json_array_append_new(list, stride_json(bt, &sm->s[i]));
	json_object_set_new(o, "strides", list);
	for (i = 0; i < sm->nbeyond && (full || i < VERIFY_SMAP_SHOW); i++)
		json_array_append_new(past, stride_json(bt, &sm->beyond[i]));
	json_object_set_new(o, "beyond_top", json_integer(STRIDE_SCREEN_TOP));
	json_object_set_new(o, "beyond_found", json_integer((json_int_t)
	                    sm->beyond_found));
	json_object_set_new(o, "beyond", past);
	return o;
}

/* A check's worst R and how common it is among random odd multipliers
 * (the report's "as bad or worse" of a PASS at R >= 2). */
static void as_bad_json(json_t *o, double r, double percentile, double tail)
{
	json_object_set_new(o, "worst_probe_ratio", out_jreal(r));
	json_object_set_new(o, "random_as_bad_percent", percentile >= 0 ?
	                    out_jreal(verify_share_as_bad(percentile, tail)) :
	                    json_null());
}

json_t *vreport_json(const constant *c, const verify_battery *bt, int full)
{
	json_t *o = json_object(), *checks = json_array(), *bat = json_array(),
	       *tab = json_array();
	size_t i;

	json_object_set_new(o, "value", out_jz(c->p));
	json_object_set_new(o, "hex", json_string(c->hex));
	json_object_set_new(o, "bits", json_integer((json_int_t)bt->bits));
	json_object_set_new(o, "verdict", json_string(bt->nfail ? "FAIL"
	                                              : "PASS"));
	json_object_set_new(o, "failed", json_integer((json_int_t)bt->nfail));
	json_object_set_new(o, "warned", json_integer((json_int_t)bt->nwarn));
	json_object_set_new(o, "power_sum", json_string(c->sum));
	/* the checks judged one by one, as line one and the table count
	 * them: F of the rule ("joint", a rule over them, is "joint") */
	json_object_set_new(o, "judged", json_integer((json_int_t)
	                    verify_checks(bt)));
	json_object_set_new(o, "reference_bits", json_integer(bt->cal_bits));
	for (i = 0; i < bt->ntables; i++)
		json_array_append_new(tab, json_integer(bt->tables[i]));
	json_object_set_new(o, "table_bits", tab);
	/* the user's own keys first, as in the report */
	for (i = 0; i < bt->nfam; i++)
		if (bt->fam[i].user) {
			const verify_family *f = &bt->fam[i];
			json_t *fo = json_pack("{s:s,s:s,s:s,s:o,s:b}", "name", f->name,
			    "status", verify_status_name(f->status), "detail", f->reason,
			    "tail", out_jreal(f->tail), "yours", 1);
			if (f->status != VERIFY_INFO)
				as_bad_json(fo, f->worst_r, f->percentile, f->tail);
			json_array_append_new(checks, fo);
		}
	for (i = 0; i < bt->nufields; i++) {
		const verify_ufields *u = &bt->ufields[i];
		size_t fi;
		unsigned lo, hi;
		json_t *uo = json_pack("{s:s,s:s,s:s,s:o,s:b}", "name", u->name,
		    "status", verify_status_name(u->status), "detail", u->reason,
		    "tail", out_jreal(u->tail), "yours", 1);
		if (u->status != VERIFY_INFO)
			as_bad_json(uo, u->cell.r, u->percentile, u->tail);
		/* the report's line under the row: the family of the same
		 * name counts other keys (2^lo..2^hi; the layout's cells hold
		 * 2^jmin..2^jmax), so the two R may differ */
		if (verify_ufields_family(bt, u, &fi, &lo, &hi))
			json_object_set_new(uo, "family_counts_other_keys", json_pack(
			    "{s:s,s:o,s:[i,i],s:[i,i]}", "family", bt->fam[fi].name,
			    "family_worst_probe_ratio", out_jreal(bt->fam[fi].worst_r),
			    "family_keys_log2", lo, hi, "keys_log2", u->jmin, u->jmax));
		json_array_append_new(checks, uo);
	}
	for (i = 0; i < bt->nforms; i++) {
		const verify_check *k = &bt->forms[i];
		json_t *ko;
		if (k == verify_joint(bt)) {    /* a rule over the checks */
			json_object_set_new(o, "joint", json_pack("{s:s,s:s,s:I}",
			    "status", verify_status_name(k->status), "detail",
			    k->detail, "warned_families",
			    (json_int_t)verify_joint_warns(bt)));
			continue;
		}
		ko = json_pack("{s:s,s:s,s:s,s:o}", "name", k->name,
		    "status", verify_status_name(k->status), "detail", k->detail,
		    "tail", out_jreal(k->tail));
		if (k->r > 0)           /* the checks that measure an R */
			as_bad_json(ko, k->r, k->percentile, k->tail);
		json_array_append_new(checks, ko);
	}
	for (i = 0; i < bt->nfam; i++) {
		if (!bt->fam[i].user)
			json_array_append_new(checks, json_pack("{s:s,s:s,s:s}", "name",
			    bt->fam[i].name, "status", verify_status_name(
			    bt->fam[i].status), "detail", bt->fam[i].reason));
		json_array_append_new(bat, family_json(&bt->fam[i], full));
	}
	json_object_set_new(o, "checks", checks);
	json_object_set_new(o, "battery", bat);
	if (bt->smap.n)
		json_object_set_new(o, "stride_map", smap_json(bt, full));
	return o;
}
