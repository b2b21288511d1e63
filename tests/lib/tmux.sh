# tests/lib/tmux.sh - drive a program in tmux and read its screen.
# Source it; each test gets a private tmux server (socket) and state dir.
#   tm_start W H CMD...   start CMD in a WxH window
#   tm_keys KEYS...       tmux send-keys
#   tm_type TEXT          type literal text
#   tm_wait PATTERN [S]   wait (default 10 s) until the screen matches the
#                         extended regex PATTERN; fail with the screen shown
#   tm_gone PATTERN [S]   wait until the screen no longer matches
#   tm_screen             print the screen
#   tm_exited [S]         wait until the program has ended; prints status
#   tm_settle             wait until the screen holds still (two captures
#                         0.1 s apart agree; at most 5 s): a frame whole
#   tm_press KEYS...      send-keys, wait for the screen to change (at most
#                         3 s: a key may change nothing), then tm_settle;
#                         false if the screen is as it was
#   ok NAME / bad NAME    count results; tm_summary prints "N passed, N failed"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
TM_SOCK="cfxtest$$"
TM_DIR=$(mktemp -d)
export XDG_STATE_HOME="$TM_DIR/state" XDG_CONFIG_HOME="$TM_DIR/config"
export HOME="$TM_DIR/home"
mkdir -p "$HOME"
tm_pass=0 tm_fail=0
# an interactive shell in a pane writes $HISTFILE when the server's
# SIGHUP reaches it, possibly while the directory is being removed (CI saw
# "rm: cannot remove .../home: Directory not empty"): no history file, and
# the removal is retried for a while rather than raced once
export HISTFILE=
tm_cleanup() {
	local i=0
	tmux -L "$TM_SOCK" kill-server 2>/dev/null
	while ! rm -rf "$TM_DIR" 2>/dev/null && [ $i -lt 50 ]; do
		sleep 0.1; i=$((i + 1))
	done
	[ ! -e "$TM_DIR" ] || rm -rf "$TM_DIR"
}
trap tm_cleanup EXIT

tm() { tmux -L "$TM_SOCK" "$@"; }
# tm_pause: one pause of a wait that counts i in looks of 0.05 s: 0.05 s
# for the first second (a screen about to change is read at once), then
# 0.2 s, counted as 3 (a limit of S seconds sleeps a third more after its
# first second, about what the looks no longer taken cost under load).
# Each look starts a tmux client and a grep: a long wait looking 20
# times a second was most of the processor time of the terminal suites.
tm_pause() {
	if [ "$i" -lt 20 ]; then sleep 0.05; i=$((i + 1))
	else sleep 0.2; i=$((i + 3)); fi
}

tm_start() {
	local w=$1 h=$2 i=0; shift 2
	tm kill-server 2>/dev/null
	# a server still shutting down makes new-session fail: wait it out
	while tm list-sessions >/dev/null 2>&1 && [ $i -lt 100 ]; do
		sleep 0.05; i=$((i + 1))
	done
	rm -f "$TM_DIR/status"
	# remain-on-exit keeps the pane so its exit status can be read
	tm -f /dev/null new-session -d -s t -x "$w" -y "$h" \
		"cd '$root' && env TERM=xterm-256color $* ; echo \$? > '$TM_DIR/status'; sleep 30"
}
tm_keys() { tm send-keys -t t "$@"; }
tm_type() { tm send-keys -t t -l "$1"; }
tm_screen() { tm capture-pane -p -t t; }
tm_wait() {
	local pat=$1 limit=${2:-10} i=0
	while [ $i -lt $((limit * 20)) ]; do
		tm_screen 2>/dev/null | grep -Eq -- "$pat" && return 0
		tm_pause
	done
	echo "--- waited ${limit}s for /$pat/; screen:"; tm_screen | sed 's/^/| /'
	return 1
}
tm_gone() {
	local pat=$1 limit=${2:-10} i=0
	while [ $i -lt $((limit * 20)) ]; do
		tm_screen 2>/dev/null | grep -Eq -- "$pat" || return 0
		tm_pause
	done
	echo "--- waited ${limit}s for /$pat/ to go; screen:"; tm_screen | sed 's/^/| /'
	return 1
}
tm_exited() {
	local limit=${1:-10} i=0
	while [ $i -lt $((limit * 20)) ]; do
		[ -s "$TM_DIR/status" ] && { cat "$TM_DIR/status"; return 0; }
		tm_pause
	done
	echo "timeout"; return 1
}
tm_settle() {
	local a b i=0
	a=$(tm_screen 2>/dev/null)
	while [ $i -lt 50 ]; do
		sleep 0.1; i=$((i + 1))
		b=$(tm_screen 2>/dev/null)
		[ "$a" = "$b" ] && return 0
		a=$b
	done
	return 0
}
tm_press() {
	local before i=0
	before=$(tm_screen 2>/dev/null)
	tm_keys "$@"
	while [ $i -lt 60 ] && [ "$(tm_screen 2>/dev/null)" = "$before" ]; do
		sleep 0.05; i=$((i + 1))
	done
	tm_settle
	[ "$(tm_screen 2>/dev/null)" != "$before" ]
}
ok() { tm_pass=$((tm_pass + 1)); echo "ok   $1"; }
bad() { tm_fail=$((tm_fail + 1)); echo "FAIL $1"; }
check() {   # check NAME COMMAND...: ok if the command succeeds
	local name=$1; shift
	if "$@"; then ok "$name"; else bad "$name"; fi
}
tm_summary() {
	echo "$(basename "$0" .sh): $tm_pass passed, $tm_fail failed"
	[ "$tm_fail" = 0 ]
}
