/*
 * dash_work.h - the dashboard's worker thread (prefix dash_work_).
 *
 * Keys, hashing and the stride-sweep strip run here so that input never
 * waits for them.  Each request carries a generation number; the worker
 * hashes in slices with score_add and drops a job between slices when a
 * newer request has arrived.  Keys depend only on (family, n, count), not
 * on the multiplier, so they are made once and re-hashed on every edit.
 * The sweep depends only on (p, n, its table and count), so a change of
 * key family does not redo it, and an interrupted sweep resumes where it
 * stopped.  After the sweep the worker runs verify's battery one family
 * at a time (dropping it for a newer request between families) and
 * publishes each family's status as the verify strip.  Finished work is
 * published under a mutex and announced by a
 * byte on the caller's wake pipe.
 */
#ifndef CFX_UI_DASH_WORK_H
#define CFX_UI_DASH_WORK_H

#include <stddef.h>
#include <stdint.h>

#include "cfx/err.h"
#include "cfx/keys.h"
#include "cfx/score.h"

#define DASH_WORK_FAMILY_MAX KEYS_TEXT_MAX   /* a family's text (keys.h) */
#define DASH_WORK_HIST_MAX 4096      /* load-histogram bins kept at most */
#define DASH_WORK_VERIFY_MAX 128     /* families of the verify strip */
#define DASH_WORK_VERIFY_NOTES 24    /* FAIL/WARN lines kept for :verify */
#define DASH_WORK_NOTE_MAX 1024      /* a line: a family's name and reason */

typedef struct dash_work_params {
	uint64_t p;
	unsigned bits, b;           /* word n, table bits of the score */
	keys_family fam;            /* the keys' family, parsed (keys.h) */
	size_t count;               /* keys to make */
	unsigned sweep_b;           /* the sweep strip's table bits */
	size_t sweep_count;         /* and keys per stride */
} dash_work_params;

/* A finished score. */
typedef struct dash_work_score {
	unsigned long gen;
	dash_work_params par;
	int failed;                 /* the keys could not be made: err */
	cfx_err err;
	score_result r;
	size_t made;                /* keys made before repeats were removed */
	char desc[DASH_WORK_FAMILY_MAX]; /* keys_describe */
	uint64_t *hist;             /* hist[i]: buckets with load in */
	size_t nhist;               /*   [i*hstep, (i+1)*hstep) */
	uint64_t hstep;
} dash_work_score;

/* The sweep strip, possibly still running. */
typedef struct dash_work_sweep {
	uint64_t p;
	unsigned bits, b;
	size_t count;
	unsigned done;              /* rows s = 0..done-1 are known */
	score_verdict v[64];
	double R[64];
	unsigned worst;             /* s with the largest R among done */
	/* the verify strip (verify.h), family by family as they finish; its
	 * fields, vp to the end, are kept when only b or the count change */
	uint64_t vp;
	unsigned vbits;
	unsigned vdone, vn;         /* families done, in all */
	unsigned char vst[DASH_WORK_VERIFY_MAX];  /* verify_status of each */
	unsigned vfail, vwarn;      /* once vdone == vn, forms included */
	char vnote[DASH_WORK_VERIFY_NOTES][DASH_WORK_NOTE_MAX];  /* FAIL/WARN:
	                         * name and reason, whole (a reason cut at 128
	                         * bytes lost its end: "by Gauss-Kuzmi"), worst
	                         * first (FAIL, WARN, the small-word notes;
	                         * worst R) */
	unsigned vnotes;            /* such lines in all (some not kept) */
} dash_work_sweep;

enum { DASH_WORK_IDLE, DASH_WORK_KEYS, DASH_WORK_HASH, DASH_WORK_SWEEP };

typedef struct dash_work_status {
	int phase;                  /* DASH_WORK_* */
	double frac;                /* of the phase, 0..1 */
	unsigned long gen;          /* of the job */
} dash_work_status;

typedef struct dash_work dash_work;

/* Start the worker; it writes a byte to wake_fd when it has news. */
dash_work *dash_work_start(int wake_fd);

/* Ask for par; any older job is dropped.  Returns the new generation. */
unsigned long dash_work_submit(dash_work *w, const dash_work_params *par);

/* Wait up to us microseconds for the score of generation gen; 1 if it is
 * there. */
int dash_work_wait(dash_work *w, unsigned long gen, int us);

/* The newest published score not yet taken (the caller frees it with
 * dash_work_score_free), or NULL. */
dash_work_score *dash_work_take(dash_work *w);
void dash_work_score_free(dash_work_score *s);

/* Copies of the sweep strip and of the progress. */
void dash_work_sweep_get(dash_work *w, dash_work_sweep *out);
void dash_work_status_get(dash_work *w, dash_work_status *out);

/* Stop the worker and free it.  A job that does not stop within a moment
 * (making 2^26 keys cannot be interrupted) is left to the process exit. */
void dash_work_stop(dash_work *w);

#endif
