#!/bin/bash
# :verify with options runs on a thread of its own (dash_bg.h): the screen
# never freezes, keys typed meanwhile are echoed at once, and the report
# comes to the output pane when it ends; the panels then follow the
# constant it judged.  One at a time (another is queued meanwhile:
# verify_queue.sh); q while it runs quits at once.
. "$(dirname "$0")/lib.bash"

dash_start 120 40 dash 0x61C88647
check "dashboard up" tm_wait "const 0x61C88647" || { tm_summary; exit 1; }
# two batteries (--against) on 64 bits: seconds of work, even idle
tm_type ':verify --bits 64 --against 0x9e3779b97f4a7c15 0x9e37fffffffc0001'
tm_keys Enter
check "it starts in the background" tm_wait 'running :verify --bits 64 .*keys still work' 5
# keys typed now are drawn now, while the verify still runs: the report's
# summary line is not yet on the screen when they show
tm_type ':verify --bits 3'
check "typing while it runs is echoed at once" tm_wait '^:verify --bits 3' 2
if tm_screen | grep -q '0x9e37fffffffc0001 (64-bit): FAIL'; then
	bad "the report came before the keys were echoed (the screen waited)"
else
	ok "the keys were echoed before the report came"
fi
tm_keys Escape              # (Enter would queue it: verify_queue.sh)
check "the report comes to the pane: FAIL, a verdict (status 1)" \
	tm_wait ':verify --bits 64 --against .* ran: verdict FAIL \(exit 1, not an error\)' 120
# the report is longer than the pane: from its top, page down until the
# sequential keys' row shows (at most 20 pages)
for i in $(seq 40); do tm_keys PPage; done
seen=0
for i in $(seq 20); do
	if tm_screen | grep -Eq 'sequential +FAIL R [0-9.e+]+ +PASS R [0-9.]+'; then
		seen=1; break
	fi
	tm_keys NPage; sleep 0.2
done
if [ $seen = 1 ]; then ok "side by side with --against, in the pane"
else bad "side by side with --against, in the pane: no sequential row"; tm_screen | sed 's/^/| /'; fi
check "the panels follow the constant it judged" \
	tm_wait 'const 0x9e37fffffffc0001' 5
check "on its word" tm_wait ' n = 64 ' 5
# one count of shifts and adds: the code panel's line is verify's row
cost=$(./cfx verify --bits 64 0x9e37fffffffc0001 | awk '/^shift\/add/ {
	sub(/^shift\/add +[A-Z]+ +/, ""); sub(/;.*/, ""); print }')
check "the code panel counts as verify's table does ($cost)" \
	tm_wait "│ $cost \\(vs 1 mult" 5
# a refused patch says why in the pane, not over the screen
tm_type ':verify --emit patch'; tm_keys Enter
check "--emit patch on a FAIL: refused, the reason in the pane" \
	tm_wait 'FAILs [0-9]+ of [0-9]+ checks: no patch' 120
# a constant typed while :verify X runs is the user's later word: when the
# report comes, the panels keep it (and its word) instead of going back
# to X (they did: the edit was lost)
tm_type ':verify --bits 64 --full 0x9e3779b97f4a7c15'; tm_keys Enter
check "one more starts" tm_wait 'running :verify --bits 64 --full 0x9e3' 5
tm_keys e; tm_keys C-u; tm_type '0x9e370001'; tm_keys Enter
check "the edit shows at once" tm_wait 'const 0x9e370001 ' 5
check "the report comes" tm_wait ':verify --bits 64 --full 0x9e3779b97f4a7c15 done' 120
if tm_screen | grep -q 'const 0x9e370001 ' && ! tm_screen | grep -q 'const 0x9e3779b97f4a7c15'; then
	ok "the constant typed meanwhile stays"
else bad "the panels went back to the command's constant: $(tm_screen | grep -m1 ' const ')"; fi
# quitting while one runs
tm_type ':verify --bits 64 --full 0x9e3779b97f4a7c15'; tm_keys Enter
check "another starts" tm_wait 'running :verify --bits 64 --full' 5
tm_keys q
st=$(tm_exited 10)
if [ "$st" = 0 ]; then ok "q while it runs exits 0"; else bad "q while it runs exits 0: status $st"; tm_screen | sed "s/^/| /"; fi
tm_summary
