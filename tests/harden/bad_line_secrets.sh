#!/bin/bash
# One rule for a bad line of any file (issue 22): a file named by mistake
# (score -k file:/etc/shadow, stats FILE, cfx -f FILE, learn --check FILE
# from someone else, review FILE) must not have its line copied into the
# error: after "root:" in /etc/shadow comes a password's hash, after
# "bob " a password.  Every reader names the file, the line and the bad
# token only: up to its first character that is not a letter, a digit or
# one of _ . + - (a blank, ':', '$'), at most 16 bytes, "..." when the
# token goes on; a token that starts with another byte shows that byte
# alone, escaped (\x1b, \xc3, \x00); status 2.  The rule is written here
# in python (rules() below), each reader's token bounds from its own
# syntax (a key file: the line without its comment; stats: the field; a
# script: the first word; a lesson: the line up to its first blank); the
# expected lines are built from them, never from cfx's output.  The
# secret, the word after the bad token, never appears on stdout or
# stderr.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export NO_COLOR=1 XDG_STATE_HOME=$tmp/st
secret='hunter2Zq9sALTk3yH4sh'
hash="\$6\$Zq9sALT\$k3yH4shPa55w0rd$secret"
# rules HEX...: each token (its bytes in hex) as the rule shows it, one
# a line (one python for all: its start is most of this suite's time)
rules() {
	python3 -c '
import re, sys
for h in sys.argv[1:]:
    t = bytes.fromhex(h)
    m = re.match(rb"[A-Za-z0-9_.+-]{1,16}", t)
    if m:
        shown, n = m.group(0).decode(), len(m.group(0))
    else:
        c = t[0]
        shown = {9: "\\t", 10: "\\n", 13: "\\r"}.get(c, "\\x%02x" % c if c < 32 or c > 126 else chr(c))
        n = 1
    print(shown + ("..." if n < len(t) else ""))' "$@"
}
hex() { printf '%s' "$1" | od -An -tx1 | tr -d ' \n'; }
# clean NAME: neither output holds the secret
clean() {
	expect "  $1: the secret is not shown" '! grep -qaF "$secret" "$tmp/out" "$tmp/err" && ! grep -qaF "k3yH4sh" "$tmp/out" "$tmp/err"'
}
# check NAME STATUS-TEST LINE: the status passes STATUS-TEST ('[ $rc = 2 ]'),
# stderr's last line is LINE, and the secret is not shown
check() {
	want=$3
	expect "$1 (status $rc)" "$2"' && [ "$(tail -n 1 "$tmp/err")" = "$want" ]'
	[ "$(tail -n 1 "$tmp/err")" = "$want" ] ||
		echo "     got:  $(tail -n 1 "$tmp/err")"$'\n'"     want: $want"
	clean "$1"
}

# the bad lines: first field (the token's start for every reader) and
# what follows it; each reader takes its own token bounds from the line
lines=("root:$hash:19000:0:99999:7:::"
       "bob $secret"
       "averyveryverylongusername:$secret"
       "zzuser=$secret"
       $'\e[31mred '"$secret"
       $'\xc3\xa9t\xc3\xa9 '"$secret"
       "12zz $secret")
# the tokens: a key line's body (no comment; these have no blank at
# either end), and the line up to its first blank (the stats field, the
# script's command word, the lesson's would-be directive)
hexes=()
for l in "${lines[@]}"; do
	hexes+=("$(hex "${l%%#*}")" "$(hex "${l%% *}")")
done
long=$(printf 'zzpass=%s' "$secret"; head -c 70000 /dev/zero | tr '\0' x)
hexes+=("$(hex "${long:0:40}")" "$(hex "zzsecret:$secret")")
mapfile -t shown < <(rules "${hexes[@]}")
k=0
for l in "${lines[@]}"; do
	k=$((k + 1))
	body=${shown[2 * k - 2]} first=${shown[2 * k - 1]}
	# key file: line 2 (5, the bad line, 7)
	printf '5\n%s\n7\n' "$l" >"$tmp/keys"
	./cfx score -k "file:$tmp/keys" 0x61C88647 >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "line $k, key file" '[ $rc = 2 ]' "cfx: score: $tmp/keys:2: not a decimal or 0x hex integer ($body)"
	# stats: the field (blank-separated) at line 3
	printf '1\n2\n%s\n4\n' "$l" >"$tmp/sample"
	./cfx stats "$tmp/sample" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "line $k, stats" '[ $rc = 2 ]' "cfx: stats: $tmp/sample:3: not a number ($first)"
	# a script, -f and stdin: the command word, line 2
	printf 'cf 5\n%s\n' "$l" >"$tmp/script"
	./cfx -f "$tmp/script" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "line $k, cfx -f" '[ $rc = 2 ]' "cfx: $tmp/script:2: $first: unknown command"
	./cfx <"$tmp/script" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "line $k, a script on stdin" '[ $rc = 2 ]' "cfx: line 2: $first: unknown command"
	# learn --check: the line up to its first blank, line 2
	printf 'title: T\n%s\n' "$l" >"$tmp/01-t.lesson"
	./cfx learn --check "$tmp/01-t.lesson" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "line $k, learn --check" '[ $rc = 2 ]' "cfx: learn: $tmp/01-t.lesson:2: expected a directive (word: ...), a comment (#) or text indented by two spaces ($first)"
done

# not text: a NUL byte (the token: the byte) and a line past 65536 bytes
# (the token: the line's start) in every reader that reads by lines
# (the first line: a script stops at its first error)
printf 'ab\000 %s\n1\n2\n' "$secret" >"$tmp/nul"
printf '%s\n1\n' "$long" >"$tmp/long"
ltok=${shown[2 * k]}
n=1
for f in nul long; do
	why=$([ $f = nul ] && echo "a NUL byte in the line (\\x00)" || echo "the line is longer than 65536 bytes ($ltok)")
	./cfx score -k "file:$tmp/$f" 0x61C88647 >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "$f, key file" '[ $rc = 2 ]' "cfx: score: $tmp/$f:$n: $why"
	./cfx stats "$tmp/$f" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "$f, stats" '[ $rc = 2 ]' "cfx: stats: $tmp/$f:$n: $why"
	./cfx -f "$tmp/$f" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "$f, cfx -f" '[ $rc = 2 ]' "cfx: $tmp/$f:$n: cfx: $why"
	./cfx review "$tmp/$f" >"$tmp/out" 2>"$tmp/err"; rc=$?
	check "$f, review" '[ $rc = 2 ]' "cfx: review: $tmp/$f:$n: $why"
done
# too many words on a script's line: the first word too many, by the rule
{ printf 'cf'; for i in $(seq 1 127); do printf ' %d' $i; done; printf ' zzsecret:%s %s\n' "$secret" "$secret"; } >"$tmp/words"
./cfx -f "$tmp/words" >"$tmp/out" 2>"$tmp/err"; rc=$?
check "a script's line of too many words" '[ $rc = 2 ]' "cfx: $tmp/words:1: cfx: too many words on one line (${shown[2 * k + 1]})"
done_suite "harden/bad_line_secrets"
