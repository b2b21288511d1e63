#!/bin/bash
# A file named as a key file by mistake (score -k file:/etc/shadow, or a
# script from someone else run with cfx -f) must not have its lines
# copied into the error: the line after "root:" in /etc/shadow is a
# password's hash, and the error quoted the whole line.  Now the error
# names the line and shows it by the rule of a bad line of any file
# (harden/bad_line_secrets.sh has every reader): up to the first
# character that is not a letter, a digit or _ . + - (a blank, ':',
# '$'), at most 16 bytes, "..." when the line goes on; status 2.  The
# expected words are cut here by a regular expression of their own.
set -u
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
expect() { if eval "$2"; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
secret='$6$Zq9sALT$k3yH4shPa55w0rdH4shV4lu3'
lines=("root:$secret:19000:0:99999:7:::"
       "daemon $secret"
       "0x12:$secret"
       "${secret}"
       "averyveryverylongusernamethatgoesonandon:$secret"
       "12zz"
       "0x1g"
       "1.5"
       "1 2"
       "10 20 30 40 50 60 70 80 90 100")
for l in "${lines[@]}"; do
	printf '5\n%s\n7\n' "$l" >"$tmp/keys"
	./cfx score -k "file:$tmp/keys" 0x61C88647 >"$tmp/out" 2>"$tmp/err"; rc=$?
	word=$(python3 -c 'import re, sys; t = sys.argv[1]; m = re.match(r"[A-Za-z0-9_.+-]{1,16}", t); w = m.group(0) if m else t[0]; print(w + ("..." if len(w) < len(t) else ""))' "$l")
	expect "line '${l:0:30}...': status 2 (got $rc)" '[ $rc = 2 ] && [ ! -s "$tmp/out" ]'
	expect "  the error shows its start only: ($word)" \
		'[ "$(cat "$tmp/err")" = "cfx: score: $tmp/keys:2: not a decimal or 0x hex integer ($word)" ]'
	expect "  nothing of the hash in it" '! grep -qF "k3yH4sh" "$tmp/err"'
done
echo "harden/key_file_secrets: $pass passed, $fail failed"
[ $fail = 0 ]
