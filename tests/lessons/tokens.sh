#!/bin/bash
# Tokens from the command line and the REPL in learn's messages: a name,
# an option or a file name with control characters is shown escaped, on
# the one line of its error (status 2), never sent raw to the terminal.
. "$(dirname "$0")/lib.sh"
export CFX_LESSONS=$root/tests/lessons/fixtures
esc=$(printf 'a\033[2Jb')
nl=$(printf 'odd\nname')

# one line, the escape written \x1b, no raw ESC byte, status 2
one() {  # what  expected-line  command...
	local what=$1 want=$2 out rc
	shift 2
	out=$("$@" 2>&1 </dev/null); rc=$?
	if [ $rc = 2 ] && [ "$out" = "$want" ]; then ok "$what"
	else bad "$what: status $rc, said $(printf '%s' "$out" | od -c | head -3)"; fi
}
one "learn NAME escaped" \
	'cfx: learn: no such lesson; cfx learn lists them (a\x1b[2Jb)' \
	"$cfx" learn "$esc"
one "unknown option escaped" \
	'cfx: learn: unknown option -\x1b (-\x1b[2Jb)' "$cfx" learn "-${esc#a}"
one "--list argument escaped" \
	'cfx: learn: --list takes nothing after it (a\x1b[2Jb)' \
	"$cfx" learn --list "$esc"
one "--check of a missing file, name escaped" \
	'cfx: learn: cannot read lesson: No such file or directory (odd\nname)' \
	"$cfx" learn --check "$nl"
printf 'bogus\n' > "$tmp/$nl"
one "--check: the file name of a bad line escaped" \
	"cfx: learn: $tmp/odd\\nname:1: expected a directive (word: ...), a comment (#) or text indented by two spaces (bogus)" \
	"$cfx" learn --check "$tmp/$nl"

# inside the REPL: learn TOKEN
out=$(printf 'learn %s\nquit\n' "$esc" | "$cfx" 2>&1)
case $out in
*$'\033'*) bad "REPL learn: raw ESC in $(printf '%s' "$out" | od -c | head -2)" ;;
*'(a\x1b[2Jb)'*) ok "REPL learn NAME escaped" ;;
*) bad "REPL learn: $out" ;;
esac
finish tokens
