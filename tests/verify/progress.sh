#!/bin/bash
# verify draws a progress bar on stderr when it is a terminal, and clears
# it; redirected, stderr stays empty.
. "$(dirname "$0")/../lib/tmux.sh"

tm_start 100 10 "./cfx verify 0x9e37fffffffc0001 >/dev/null"
check "a progress bar on a terminal" tm_wait 'verify \[[#.]+\] [0-9]+/[0-9]+ families'
check "verify exits 1 (FAIL)" test "$(tm_exited 60)" = 1
check "the bar is cleared at the end" tm_gone 'families' 5

err=$(cd "$root" && ./cfx verify 0x61C88647 --table-bits 4-8 2>&1 >/dev/null)
check "no progress when stderr is not a terminal" test -z "$err"

# Every frame the bar draws, through a pseudo-terminal (script(1)): the
# first comes before any family ends (0/N: --table-bits 4-20,24 counted
# for minutes under load before the first frame); the fill is the share
# of keys counted, never shrinking, full at the end; each frame gives the
# seconds so far; the bar is cleared at the end, and stdout is the report.
# Then 0x9e37fffffffc0001 (many FAIL families, whose colliding keys are
# recounted after the families: the bar stays until they are).
frames() {   # frames OUT ARGS...: the frames drawn on stderr, one a line
	local out=$1; shift
	(cd "$root" && script -q -e -c "./cfx verify $* >$out" /dev/null) |
		tr '\r' '\n'
}
frames_ok() {   # the frames on stdin make a sound bar
	awk -v n="$1" '
	/families/ {
		if (!match($0, /^verify \[[#.]+\] [0-9]+\/[0-9]+ families, [0-9]+ s$/)) { print "bad frame: " $0; bad = 1 }
		f = gsub(/#/, "#"); split($0, a, /[\] \/]+/)
		if (k == 0 && $0 !~ / 0\/[0-9]+ families/) { print "first frame: " $0; bad = 1 }
		if (f < last) { print "fill shrinks: " $0; bad = 1 }
		last = f; k++; final = $0
	}
	/\033\[K/ { cleared = 1 }
	END {
		if (last != 30 || final !~ " " n "/" n " families") { print "last frame: " final; bad = 1 }
		if (k != n + 1) { print k " frames for " n " families"; bad = 1 }
		if (!cleared) { print "not cleared"; bad = 1 }
		exit bad
	}'
}
if command -v script >/dev/null; then
	frames "$TM_DIR/out" 0x61C88647 --table-bits 4-8 >"$TM_DIR/frames"
	n=$(cd "$root" && ./cfx verify 0x61C88647 --table-bits 4-8 --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["battery"]))')
	check "frames from 0/$n to $n/$n, the fill growing with the keys counted" frames_ok "$n" <"$TM_DIR/frames"
	check "the report on stdout" grep -q '^cfx: 0x61c88647 (32-bit): PASS' "$TM_DIR/out"
	frames "$TM_DIR/out" 0x9e37fffffffc0001 --table-bits 4-12 >"$TM_DIR/frames"
	n=$(cd "$root" && ./cfx verify 0x9e37fffffffc0001 --table-bits 4-12 --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["battery"]))')
	check "a FAILing constant: the bar until its keys are shown" frames_ok "$n" <"$TM_DIR/frames"
else
	bad "script(1) (util-linux) is needed for the frame checks"
fi
tm_summary
