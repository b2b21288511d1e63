#!/bin/bash
# bench/dash.sh - keystroke latency of the dashboard (make bench runs it).
#
# Drives `cfx dash` under tmux with CFX_LATENCY_LOG and a scripted burst of
# edits (NAF digit flips, prime steps, K, and constants typed in the input
# line), once at the default workload (2^20 keys; the table size is the
# dashboard's default) and once
# at 2^26 keys.  For each key the log holds the microseconds from reading it
# to the end of the doupdate() of the frame that shows it (frame), and to
# the frame that shows a score at least as new as the work it asked for
# (score).  Reports p50/p99 of both; the target is a frame within 16 ms at
# the default workload, and input that never waits for the work at 2^26.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
sock="cfxbench$$"
dir=$(mktemp -d)
trap 'tmux -L "$sock" kill-server 2>/dev/null; [ -n "${CFX_BENCH_KEEP:-}" ] && cp "$dir"/*.log /tmp/; rm -rf "$dir"' EXIT
tm() { tmux -L "$sock" "$@"; }

wait_screen() {   # wait_screen REGEX SECONDS
	local i=0
	while [ $i -lt $(($2 * 20)) ]; do
		tm capture-pane -p -t b 2>/dev/null | grep -Eq -- "$1" && return 0
		sleep 0.05; i=$((i + 1))
	done
	echo "bench/dash.sh: waited $2 s for /$1/" >&2
	return 1
}

# One round of edits; each send-keys is its own keystroke.
burst() {
	local r k
	for r in $(seq 1 "$1"); do
		for k in n p Left + 0 Right - 0 ']' '[' n; do
			case $k in
			Left|Right) tm send-keys -t b "$k" ;;
			*) tm send-keys -t b -l -- "$k" ;;
			esac
		done
		tm send-keys -t b -l /
		for k in 0 x 9 e 3 7 0 0 0 1; do tm send-keys -t b -l "$k"; done
		tm send-keys -t b Enter
		tm send-keys -t b -l e
		tm send-keys -t b BSpace
		tm send-keys -t b -l 3
		tm send-keys -t b Enter
	done
}

# pct FILE FIELD P: the P-th percentile (nearest rank) of FIELD (2 or 3).
pct() {
	sed 's/[a-z_]*=//g' "$1" | awk -v f="$2" '$f >= 0 { print $f }' | sort -n |
	awk -v p="$3" '{ v[NR] = $1 } END { if (!NR) { print "-"; exit }
		i = int(NR * p / 100 + 0.999999); if (i < 1) i = 1; print v[i] }'
}

run() {   # run LABEL COUNT ROUNDS PACED
	local log="$dir/$1.log"
	rm -f "$log"
	tm kill-server 2>/dev/null
	sleep 0.2
	tm -f /dev/null new-session -d -s b -x 120 -y 40 \
		"cd '$root' && env TERM=xterm-256color LC_ALL=C.UTF-8 NO_COLOR=1 CFX_LATENCY_LOG='$log' ./cfx dash --count $2; sleep 5"
	wait_screen 'χ² +[0-9.e+]+ on [0-9]+ dof' 120 || return 1
	burst "$3"
	# let the last score land, then quit
	sleep 0.5
	wait_screen 'const 0x9e370003' 60
	idle
	# then single edits, each left to finish: the time of one re-hash
	for k in $(seq 1 "$4"); do
		tm send-keys -t b -l n
		sleep 0.2
		idle
	done
	tm send-keys -t b -l q
	sleep 0.5
	head -n -"$4" "$log" > "$log.burst"
	tail -n "$4" "$log" > "$log.paced"
	echo "$(grep -c . "$log.burst") $(pct "$log.burst" 2 50)" \
	     "$(pct "$log.burst" 2 99) $(pct "$log.burst" 3 50)" \
	     "$(pct "$log.burst" 3 99) $(pct "$log.paced" 3 50)"
}

idle() {   # until no progress is shown
	local i=0
	while tm capture-pane -p -t b | grep -Eq 'hashing|making keys|computing' &&
	      [ $i -lt 600 ]; do
		sleep 0.05; i=$((i + 1))
	done
}

. "$(dirname "$0")/lib.sh"
ms() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1000 }'; }

echo "dashboard: keystroke latency under tmux, 120x40, a burst of edits"
echo "  (frame: key read -> its frame drawn; score: key read -> a frame with"
echo "   a score at least as new as the work it asked for; ms, p50 / p99)"
out=$(run default 2^20 10 5) || exit 2
set -- $out
printf '  2^20 keys (default): %4d keys   frame %6s / %6s   score %7s / %7s\n' \
	"$1" "$(ms "$2")" "$(ms "$3")" "$(ms "$4")" "$(ms "$5")"
d_frame99=$(ms "$3")
d_one=$(ms "$6")
out=$(run large 2^26 4 5) || exit 2
set -- $out
printf '  2^26 keys:           %4d keys   frame %6s / %6s   score %7s / %7s\n' \
	"$1" "$(ms "$2")" "$(ms "$3")" "$(ms "$4")" "$(ms "$5")"
l_frame99=$(ms "$3")
printf '  one edit left to finish (n, next prime), score p50: %s ms at 2^20, %s ms at 2^26\n' \
	"$d_one" "$(ms "$6")"
check "dashboard frame p99 at 2^20 keys (ms)" "$d_frame99" "<=" 16
check "dashboard frame p99 at 2^26 keys, no waiting (ms)" "$l_frame99" "<=" 16
exit $missed
