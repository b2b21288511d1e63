#!/bin/bash
# A newcomer's first hour at 80x24 (issue 26), what the walk by hand
# found: PgDn and PgUp move by a page, keeping one row in sight, in the
# help, the output pane and the code panel (they moved 5 rows: the help's
# 53 rows took 7 presses at 80x24).  The rows are read off the screen
# before and after, so the page is what the terminal shows, whatever its
# height.
. "$(dirname "$0")/lib.bash"

# rows FROM TO: the screen's rows FROM..TO (1-based), trailing blanks cut
rows() { tm_screen | sed -n "$1,$2p" | sed 's/ *$//'; }

# ---- the help: the last row of a page is the first of the next ----
dash_start 80 24
tm_wait 'golden prefix' >/dev/null
tm_type '?'
tm_wait '^─ Keys' >/dev/null
tm_settle
# row 1 the header, row 2 the help's title, rows 3..24 its text
last=$(rows 24 24)
first=$(rows 3 3)
tm_keys NPage
check "80x24 ?: PgDn starts the next page at the last row shown ($last)" \
	tm_wait "^$(req "$last")\$"
tm_settle
check "    on row 3" test "$(rows 3 3)" = "$last"
check "    and the title counts 21 rows above" tm_wait "^─ Keys ─+ ▲21 "
tm_keys PPage
check "    PgUp goes back to the first page" tm_wait "^─ Keys ─+ ▼[0-9]+ more"
tm_settle
check "    (row 3 is again '$first')" test "$(rows 3 3)" = "$first"
tm_type 'q'; tm_type 'q'; tm_exited >/dev/null

# ---- the output pane: PgUp shows the page above, its top row kept ----
dash_start 80 24 dash 0x9e370001
tm_wait 'golden prefix' >/dev/null
tm_type ':verify --full'; tm_keys Enter
tm_wait ':verify --full (done|ran:|failed)' 120 >/dev/null   # a FAIL "ran:"
tm_settle
# the pane's text rows: from the row under its title to the row above the
# footer
top_row=$(tm_screen | awk '/^─ Output of/ { print NR + 1; exit }')
bottom_row=$(( 24 - 1 ))
# the pane shows the report's end; PgUp moves up a page
first=$(rows "$top_row" "$top_row")
last=$(rows "$bottom_row" "$bottom_row")
tm_keys PPage
tm_settle
check ":verify --full's pane: PgUp puts its top row ($first) at the bottom" \
	test "$(rows "$bottom_row" "$bottom_row")" = "$first"
tm_keys NPage
tm_settle
check "    PgDn puts back the last ($last)" \
	test "$(rows "$bottom_row" "$bottom_row")" = "$last"
tm_type 'q'; tm_exited >/dev/null

# ---- the code panel at 120x40: a page of code ----
dash_start 120 40
tm_wait 'golden prefix' >/dev/null
tm_settle
# the code panel is the right column between its title and the next rule
code_rows() {
	tm_screen | awk -F'│' '/Shift\/add code/ { on = 1; next }
		on && NF < 2 { exit }
		on { t = $2; sub(/ +$/, "", t); print t }'
}
before=$(code_rows)
n=$(printf '%s\n' "$before" | wc -l)
last=$(printf '%s\n' "$before" | tail -1)
tm_keys NPage
tm_settle
after=$(code_rows)
# the first row is the count line, which stays; the second shows code
check "120x40 code panel: PgDn brings its last code row up ($((n - 1)) code rows shown)" \
	test "$(printf '%s\n' "$after" | sed -n 2p)" = "$last"
tm_type 'q'; tm_exited >/dev/null

tm_summary
