/*
 * dash_out.h - what the dashboard says (prefix dash_out_): the status line
 * and the output pane of ':' commands.  Its state is its own: the other
 * files change it only through these functions and read it through the
 * const ones.
 */
#ifndef CFX_DASH_OUT_H
#define CFX_DASH_OUT_H

#define DASH_OUT_LINES 2000     /* output pane history */

typedef struct dash_out dash_out;

dash_out *dash_out_new(void);
void dash_out_free(dash_out *o);

#define DASH_OUT_STATUS_W 77     /* the status line's columns at 80 */

/* Set the status line (printf-style); style ST_NORMAL or ST_ERROR
 * (dash_ui.h).  A message wider than DASH_OUT_STATUS_W also goes to the
 * pane, whole (the status line may have to end it early); a refusal
 * (ST_ERROR) that wide opens the pane too, so that its reason is on the
 * screen until the next key, never behind o.
 * dash_out_msg_clear empties it (a new key). */
void dash_out_msg(dash_out *o, int style, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void dash_out_msg_clear(dash_out *o);
/* The same for a message whose whole text the pane already holds (a
 * command's reason, below its echo): the pane opens at its newest lines
 * when the status line has to cut it, nothing is added. */
void dash_out_msg_kept(dash_out *o, int style, const char *text);
/* Whether a wide refusal opens the pane (on: the default); off beside a
 * lesson, whose pane says its own refusals (the loop sets it). */
void dash_out_wide_opens(dash_out *o, int on);

/* The status line ("" if none) and its style. */
const char *dash_out_status(const dash_out *o, int *style);

/* Append text (possibly several lines; tabs to 4 columns) to the pane;
 * returns the lines added.  At most DASH_OUT_LINES are kept. */
int dash_out_add(dash_out *o, const char *text);

/* Open or close the pane, at its newest lines. */
void dash_out_open(dash_out *o, int open);

/* Open the pane with line (an index of dash_out_lines) at its top, as
 * far as there are lines below it to fill the pane: a long answer is
 * read from its start (:verify's worst lines).  dash_out_top is that
 * line until the next frame has measured it, else -1. */
void dash_out_open_at(dash_out *o, int line);
int dash_out_top(const dash_out *o);

/* Go to the newest lines; scroll by step lines towards older ones (step
 * < 0: newer); the frame clamps the position to what there is and the
 * loop keeps it (dash_out_measured). */
void dash_out_newest(dash_out *o);
void dash_out_scroll(dash_out *o, int step);
void dash_out_measured(dash_out *o, int scroll);

int dash_out_is_open(const dash_out *o);

/* The pane's lines, oldest first: *n of them; and how many lines up from
 * the newest it is scrolled. */
const char *const *dash_out_lines(const dash_out *o, int *n);
int dash_out_scrolled(const dash_out *o);

#endif
