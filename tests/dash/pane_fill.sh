#!/bin/bash
# Issue 26: the output pane fills the lines it wraps between words, as
# text_fill and Python's textwrap fill (a word wider than the row is cut,
# as textwrap cuts one).  Beside a lesson at 80x24 the pane is 38 columns
# inside: the dashboard's own lines (the echo of a ':' line, a status
# line too wide for its row) were broken mid-word wherever their last
# space came before half the row (":set keys stride:4096,bananasplitbanan"
# then "asplit").  The rows are compared with textwrap's, computed here
# from the line typed (the continuation rows indented 2, as the pane
# indents them), never with the dashboard's.
# And a resize while the ':' line is open redraws it whole: the line's
# text kept, its end and the cursor where the text ends, at each size
# (under tmux the old code drew it right too: this guards the redraw,
# which now clears the screen on every resize for terminals that reflow).
. "$(dirname "$0")/lib.bash"

# the pane's rows, the left column (38 inside), from its title down
pane_rows() {
	tm_screen | awk '/─ Output/ { on = 1; next }
	                 on && /^(sweep|e edit|:)/ { exit }
	                 on { print substr($0, 2, 38) }' |
	sed 's/ *$//'
}

line=':set keys stride:4096,bananasplitbananasplit'
want=$(python3 -c '
import sys, textwrap
for r in textwrap.wrap(sys.argv[1], 38, subsequent_indent="  ",
                       break_on_hyphens=False):
    print(r)' "$line")

dash_start 80 24 dash --learn 9
tm_wait 'Lesson 9' 30 >/dev/null
tm_type "$line"; tm_keys Enter
tm_wait 'bad parameter' 10 >/dev/null
tm_settle
got=$(pane_rows | grep -F -A1 -- "${line:0:9}" | head -2)
check "the echo of '$line' in 38 columns: textwrap's rows" \
	test "$got" = "$want"
[ "$got" = "$want" ] ||
	{ echo "--- pane:"; echo "$got"; echo "--- textwrap:"; echo "$want"; }
# no row of the pane ends mid-word with its rest on the next row where
# textwrap would have moved the word: every row is textwrap's of itself
# joined with the rest of its line (checked on the echo above); and the
# reason's row names the whole family
check "    the refusal names the family (stride:4096,bananasplit...)" \
	tm_wait 'stride:4096,bananasplitbananasplit' 5
tm_type ':quit'; tm_keys Enter
tm_type q; tm_exited >/dev/null

# ---- a resize with the ':' line open
text='set const 0x61C88647 + 2*3*5*7*11*13*17*19*23*29*31*37*41*43*47*53'
dash_start 80 24 dash 0x61C88647
tm_wait 'R +[0-9]' 60 >/dev/null
tm_keys :; tm_type "$text"
foot_ok() {   # W H: the footer shows the text's end, the cursor after it
	local w=$1 h=$2 row cur
	row=$(tm_screen | sed -n "${h}p" | sed 's/ *$//')
	cur=$(tm display -p -t t '#{cursor_x} #{cursor_y}')
	[[ ":$text" == *"${row#:}" ]] && [ "${row:0:1}" = : ] &&
		[ "$cur" = "${#row} $((h - 1))" ] ||
		{ echo "--- ${w}x$h: footer '$row', cursor $cur"; return 1; }
}
for size in 100x30 60x20 80x24 120x40 80x24; do
	w=${size%x*} h=${size#*x}
	tm resize-window -t t -x "$w" -y "$h"
	if [ "$w" -lt 80 ]; then
		check "resized to $size with ':' open: the notice, Esc first" \
			tm_wait 'Esc ends the line' 5
		continue
	fi
	tm_wait "^:" 5 >/dev/null
	tm_settle
	check "resized to $size, : open: the line kept, the cursor at its end" \
		wait_for foot_ok "$w" "$h"
done
tm_keys Escape; tm_type q; tm_exited >/dev/null
tm_summary
