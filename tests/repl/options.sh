#!/bin/bash
# The shared options given before a script (cfx --bits N -f FILE, cfx
# --json < FILE, cfx repl --count K) are the session's first settings; a
# bad one is said as the command line's option, in the face that took it:
# "cfx: --bits 70000: every command takes 8..64, or auto" (it was
# "cfx: set: bits must be ...": a set line that is nowhere in the input),
# "cfx: repl: --bits ..." when the face was named, nothing run, status 2.
# The limits are the session's (set bits takes the words every command
# takes, 8..64: the man page's table), checked here against the same
# numbers written out.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

printf 'cf 5\n' >"$tmp/s.cfx"
# case NAME WANT-STDERR COMMAND...: status 2, no stdout, stderr exactly WANT
case_err() {
	local name=$1 want=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" <"$tmp/s.cfx"; local st=$?
	if [ $st = 2 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "$want" ]; then
		ok "$name"
	else
		bad "$name: status $st, stdout $(wc -c <"$tmp/out") bytes, stderr: $(cat "$tmp/err")"
	fi
}

bitsmsg="every command takes 8..64, or auto"
case_err "--bits 70000 before -f FILE" \
	"cfx: --bits 70000: $bitsmsg" ./cfx --bits 70000 -f "$tmp/s.cfx"
case_err "-b 0 before a script on stdin" \
	"cfx: --bits 0: $bitsmsg" ./cfx -b 0
case_err "cfx repl --bits 70000: the face named" \
	"cfx: repl: --bits 70000: $bitsmsg" ./cfx repl --bits 70000
case_err "--table-bits 99 (set's table)" \
	"cfx: --table-bits must be between 1 and 28, or auto (99)" ./cfx -t 99
case_err "--count 0" \
	"cfx: --count must be between 1 and $((1 << 28)), or auto (0)" ./cfx --count 0
case_err "--keys file: that cannot be read" \
	"cfx: --keys: cannot read key file: No such file or directory ($tmp/none)" \
	./cfx --keys "file:$tmp/none"
# good ones are the session's settings, as before
out=$(./cfx --bits 16 -f "$tmp/s.cfx" | head -1)
[ "$out" = "x          0x0005 / 2^16 = 5/65536" ] && ok "--bits 16 -f FILE: the script runs on 16 bits" ||
	bad "--bits 16 -f FILE: $out"
out=$(./cfx --json -b 64 <"$tmp/s.cfx" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bits"])')
[ "$out" = 64 ] && ok "--json -b 64: one JSON line on 64 bits" || bad "--json -b 64: $out"
echo "options: $pass passed, $fail failed"
[ "$fail" = 0 ]
