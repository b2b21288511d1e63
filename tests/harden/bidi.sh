#!/bin/bash
# A token in an error never carries a character that reorders, hides or
# breaks what the terminal shows (issue 22): the bidi overrides and
# isolates of "Trojan source" (U+202A-202E, U+2066-2069), the marks
# U+200E/200F/061C, zero-width characters, U+2028/2029, C1 controls, the
# byte order mark and the tag characters are shown as \u{code}; other
# letters beyond ASCII as themselves.  Each character's class is checked
# here with python's unicodedata (a format, control or separator
# character), the expected escape written from the code point; every
# entry point that shows a token whole: an argument, an option's value,
# a key family, a REPL line.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export NO_COLOR=1 XDG_STATE_HOME=$tmp/st
cps='202a 202b 202c 202d 202e 2066 2067 2068 2069 200e 200f 61c 200b 200c 200d 2028 2029 85 feff e0041'
# each must be a format (Cf), control (Cc) or separator (Zl, Zp) character
bad=$(python3 -c '
import sys, unicodedata
for h in sys.argv[1:]:
    if unicodedata.category(chr(int(h, 16))) not in ("Cf", "Cc", "Zl", "Zp"):
        print(h)' $cps)
[ -z "$bad" ] && ok "the characters tested are format, control or separator characters" ||
	bad "not invisible by unicodedata: $bad"
# the character's UTF-8 bytes, and whether FILE holds any tested one raw
export LC_ALL=C.UTF-8
ch() { printf "\\U$(printf %08x "0x$1")"; }
all=; for h in $cps; do all+="$(ch "$h")"$'\n'; done
raw() { grep -haoF -e "${all%$'\n'}" "$@" | od -An -tx1 | tr -d ' \n'; }
for h in $cps; do
	c=$(ch "$h")
	# an argument, an option's value, a key family, a REPL line
	n=0
	for cmd in "cf 12${c}3" "score 0x61C88647 --bits 3${c}2" \
	           "score 0x61C88647 --keys seq${c}:0" "verify 0x61C8${c}8647"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		./cfx $cmd >"$tmp/o" 2>"$tmp/e"; rc=$?
		r=$(raw "$tmp/e" "$tmp/o")
		if [ "$rc" = 2 ] && [ -z "$r" ] && grep -qF "\\u{$h}" "$tmp/e"; then
			ok "U+$h in case $n: escaped as \\u{$h}, status 2"
		else
			bad "U+$h in case $n ($cmd): status $rc, raw [$r]: $(head -c 200 "$tmp/e")"
		fi
	done
	printf 'cf 5%s\n' "$c" | ./cfx >"$tmp/o" 2>"$tmp/e"; rc=$?
	r=$(raw "$tmp/e" "$tmp/o")
	[ "$rc" != 0 ] && [ -z "$r" ] &&
		ok "U+$h on a script line: never raw, status $rc" ||
		bad "U+$h on a script line: status $rc, raw [$r]"
done
# letters beyond ASCII stay themselves
./cfx cf '5é' >"$tmp/o" 2>"$tmp/e"
grep -qF '(é)' "$tmp/e" && ok "a letter beyond ASCII shown as itself" ||
	bad "é: $(cat "$tmp/e")"
done_suite "harden/bidi"
