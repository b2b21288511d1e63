#!/bin/bash
# Every command's help, as the shell and the REPL give it, has no line
# that ends in a space or a tab (cfx search --help's usage line did).  The
# words are read from the overviews themselves (cfx --help's commands and
# faces, the REPL's session words), so a command added later is covered.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2

trailing() {   # trailing WHAT: stdin has no line ending in blank
	if grep -nE '[[:blank:]]$' >"$tmp/bad"; then
		bad "$1: a trailing blank: $(head -3 "$tmp/bad" | tr '\n' '|')"
	else
		ok "$1"
	fi
}

./cfx --help >"$tmp/main" || bad "cfx --help fails"
trailing "cfx --help" <"$tmp/main"
printf 'help\n' | ./cfx repl >"$tmp/repl" 2>&1
trailing "the REPL's help" <"$tmp/repl"
# "  NAME   summary" under commands: and faces: (the face "cfx" is dash),
# and the REPL's session words
shell=$(awk '/^(commands|faces):$/ { on = 1; next } /^$/ { on = 0 }
	on && /^  [a-z]/ { print ($1 == "cfx" ? "dash" : $1) }' "$tmp/main")
session=$(awk '/^session:$/ { on = 1; next } /^$/ { on = 0 }
	on && /^  [a-z]/ { print $1 }' "$tmp/repl")
[ "$(echo $shell | wc -w)" -ge 12 ] && ok "$(echo $shell | wc -w) commands and faces" ||
	bad "too few commands read from cfx --help: $shell"
[ "$(echo $session | wc -w)" -ge 5 ] && ok "$(echo $session | wc -w) session words" ||
	bad "too few session words read from the REPL's help: $session"
for c in $shell; do
	if ./cfx "$c" --help >"$tmp/h" 2>&1 && [ -s "$tmp/h" ]; then
		trailing "cfx $c --help" <"$tmp/h"
	else
		bad "cfx $c --help: status $? or no text"
	fi
done
for c in $shell $session; do
	[ "$c" = dash ] && continue   # a face of its own, not a REPL command
	[ "$c" = repl ] || [ "$c" = learn ] && continue
	printf 'help %s\n' "$c" | ./cfx repl >"$tmp/h" 2>&1
	grep -q '^usage: ' "$tmp/h" && trailing "REPL help $c" <"$tmp/h" ||
		bad "REPL help $c: no usage line: $(head -2 "$tmp/h")"
done
done_suite help
