# tests/build/lib.sh - what every tests/build suite begins with, and the
# score and search suites that check with expect (sourced,
# not run: tests/run.sh passes over lib*.sh).  Sets root (the repository),
# tmp (a directory removed at exit) and the counters that ok and bad keep;
# done_suite NAME prints the count line and returns the suite's status.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[1]}")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
done_suite() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" = 0 ]
}
# expect NAME EXPR: ok when the shell expression EXPR (evaluated here, so
# $? is the last command's status) succeeds, bad otherwise.
expect() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
# sigint_caught PID: wait (at most 30 s) until PID catches SIGINT, its
# handler installed.  A job started with & in a script begins with
# SIGINT ignored, so a Ctrl-C sent before cfx sets its handler is lost
# and the command runs on to status 0: under a sanitizer at load 25 the
# start took longer than a suite's 0.3 s pause.
sigint_caught() {
	local i mask
	for ((i = 0; i < 300; i++)); do
		mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" \
			2>/dev/null) || return 1
		[ -n "$mask" ] && (( 0x$mask & 2 )) && return 0
		sleep 0.1
	done
	return 1
}
# py_checks ARGS...: run the python on standard input with ARGS (and
# tests/lib on its path), each line it prints "ok MSG" or "FAIL MSG" a case.
py_checks() {
	local st msg
	while read -r st msg; do
		if [ "$st" = ok ]; then ok "$msg"; else bad "$msg"; fi
	done < <(PYTHONPATH="$root/tests/lib${PYTHONPATH:+:$PYTHONPATH}" \
		python3 - "$@")
}
# color_auto WORD SGR CMD: --color=auto as a user meets it: a pipe gets no
# escapes; a terminal (script) gets WORD in colour SGR, unless NO_COLOR is
# set (tests/run.sh exports NO_COLOR=1: the terminal case runs without it);
# a progress bar's line clearing (ESC [K) is not colour.
color_auto() {
	local word=$1 sgr=$2 cmd=$3
	sh -c "$cmd" >"$tmp/pipe" 2>/dev/null
	expect "auto on a pipe: no escapes" '! grep -q $'"'"'\x1b'"'"' "$tmp/pipe"'
	env -u NO_COLOR script -qec "$cmd" /dev/null >"$tmp/tty" 2>&1
	expect "auto on a terminal: $word in colour $sgr" \
		'grep -qF "$(printf "\033[%sm%s\033[0m" "$sgr" "$word")" "$tmp/tty"'
	NO_COLOR=1 script -qec "$cmd" /dev/null >"$tmp/nocolor" 2>&1
	expect "NO_COLOR on a terminal: no colour" \
		'! grep -qE $'"'"'\x1b\\[[0-9;]*m'"'"' "$tmp/nocolor"'
}
