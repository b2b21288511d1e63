#!/bin/bash
# The man page renders without a warning: troff with every warning on
# (-ww) after tbl, on the terminal devices and on PostScript where groff
# has it, and through man-db as `man -l man/cfx.1` at 80 and 100
# columns.  It printed "macro '..\"' not defined" (a line of the review
# section began with "...") and "cannot adjust line" in the bad-input
# table (a cell of 22 columns with a path alone on a line).  Skipped
# where groff is not installed.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
if ! command -v groff >/dev/null; then
	echo "skip: no groff"
	done_suite man_render
	exit
fi
for dev in utf8 ascii ps; do
	# a device this groff lacks is not the page's fault
	printf '.TH X 1\n.SH A\nb\n' | groff -man -T$dev -z 2>/dev/null || {
		echo "skip -T$dev: not installed"; continue; }
	groff -t -man -T$dev -ww -z man/cfx.1 >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "groff -t -man -T$dev -ww: status 0, no warning ($(head -c 300 "$tmp/err"))" \
		'[ $rc = 0 ] && [ ! -s "$tmp/err" ]'
done
if command -v man >/dev/null; then
	for w in 80 100; do
		MANWIDTH=$w man -l man/cfx.1 2>"$tmp/err" >"$tmp/out"; rc=$?
		expect "man -l man/cfx.1 at $w columns: no warning ($(head -c 300 "$tmp/err"))" \
			'[ $rc = 0 ] && [ ! -s "$tmp/err" ] && [ -s "$tmp/out" ]'
	done
fi
done_suite man_render
