/*
 * dash_panel.h - the dashboard's panels, a file each (prefix dash_panel_),
 * drawn by dash_draw.c into the rects of its layout; private to src/dash.
 *
 * Each draws from a read-only dashboard through the owners' const
 * accessors and writes nothing but the screen and, where a frame measures
 * something the loop keeps (a scroll), the caller's dash_frame.
 */
#ifndef CFX_DASH_PANEL_H
#define CFX_DASH_PANEL_H

#include "dash/dash_paint.h"
#include "dash/dash_ui.h"

/* The continued fraction of p/2^n, its convergents and closeness to phi. */
void dash_panel_cf_draw(const dash *d, const rect *r);

/* The shift/add code; frame->code_top gets the first line shown. */
void dash_panel_code_draw(const dash *d, const rect *r, dash_frame *frame);
/* The first code line shown: the view's scroll, or automatic. */
int dash_panel_code_scroll(const dash *d);

/* The spectrum {k p/2^n}, its gaps and the rows above K. */
void dash_panel_spec_draw(const dash *d, const rect *r, dash_frame *frame);

/* The bucket score, histogram, sweep and verify strips. */
void dash_panel_buckets_draw(const dash *d, const rect *r);

/* The help overlay over the whole screen but the header's first row;
 * frame->help_scroll gets the scroll it used. */
void dash_panel_help_draw(const dash *d, dash_frame *frame);

#endif
