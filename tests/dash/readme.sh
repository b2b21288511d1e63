#!/bin/bash
# The dashboard capture in README.md is what cfx draws: take it again
# (scripts/readme-dash.sh, under tmux) and compare.  When the dashboard
# changes on purpose, scripts/readme-dash.sh --update refreshes README.md.
. "$(dirname "$0")/../lib/tmux.sh"

shown=$(awk '/^<!-- dashboard capture: start/ { on = 1; next }
             /^<!-- dashboard capture: end/ { on = 0 }
             on && !/^```$/' "$root/README.md")
now=$("$root/scripts/readme-dash.sh")
check "README.md has a dashboard capture" test -n "$shown"
if [ "$shown" = "$now" ]; then
	ok "README.md's capture is what cfx draws"
else
	bad "README.md's capture is what cfx draws (scripts/readme-dash.sh --update refreshes it)"
	diff <(printf '%s\n' "$shown") <(printf '%s\n' "$now") | head -20
fi
# what the README says the capture shows
check "the capture shows the seed constant" \
	grep -q 'const 0x9e370001' <<<"$now"
check "the capture shows stride keys failing in the buckets panel" \
	grep -Eq 'Buckets: 2\^14 stride:4096 keys' <<<"$now"
check "    with the verdict the README names (R 2.833, bad), JSON's FAIL" \
	grep -Eq 'R 2\.833 +max 16 +empty 3072 +bad \(FAIL\)' <<<"$now"
check "the capture shows a stride failing in the sweep" \
	grep -Eq 'sweep (k\*2\^s, )?b=12: worst s=[0-9]+ R [0-9.]+ bad '\
'\(FAIL\)' <<<"$now"
tm_summary
