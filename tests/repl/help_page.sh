#!/bin/bash
# The REPL's help fits a 24-line terminal (issue 26): help at the prompt
# is the commands by group, a line each, and the session words, so that
# the line typed, the help and the next prompt are all on an 80x24
# screen; help CMD and ?CMD give one command's whole help.  Before, help
# printed the shell's overview and the session words, 53 lines.  The
# names it must list are read from elsewhere: the commands from cfx
# --help's "commands:" list, the session words from cfx repl --help's
# "session:" list; the screen is tmux's.
. "$(dirname "$0")/../lib/tmux.sh"
cd "$root" || exit 2
export NO_COLOR=1
check() { local n=$1; shift; if "$@" >/dev/null; then ok "$n"; else bad "$n"; fi; }
t=$TM_DIR

printf 'help\n' | ./cfx >"$t/help" 2>&1
lines=$(wc -l <"$t/help")
check "help: at most 22 lines ($lines)" test "$lines" -le 22
check "help: no line over 80 columns" \
	test "$(awk 'length > 80' "$t/help" | wc -l)" = 0
cmds=$(./cfx --help | awk '/^commands:$/ { on = 1; next } /^$/ { on = 0 }
	on && /^  [a-z]/ { print $1 }')
words=$(./cfx repl --help | awk '/^session:$/ { on = 1; next }
	/^$/ { on = 0 } on && /^  [a-z]/ { print $1 }')
check "read $(echo $cmds | wc -w) commands and $(echo $words | wc -w) words" \
	test "$(echo $cmds | wc -w)" -ge 11 -a "$(echo $words | wc -w)" -ge 5
for c in $cmds $words; do
	n=$(grep -cE "^  $c( |$)" "$t/help")
	check "help lists $c once ($n)" test "$n" = 1
done
# one command's help, both ways, is that command's --help
for c in $cmds; do
	./cfx "$c" --help >"$t/want" 2>&1
	for form in "help $c" "?$c"; do
		printf '%s\n' "$form" | ./cfx >"$t/got" 2>&1
		check "$form: cfx $c --help" cmp -s "$t/want" "$t/got"
	done
done

# on an 80x24 terminal: the typed line, the first line of the help and
# the next prompt on one screen
tm_start 80 24 ./cfx repl
check "the prompt" tm_wait '^cfx>' 20
tm_type help
tm_keys Enter
check "after help: its last line" tm_wait '^  exit ' 10
tm_settle
scr=$(tm_screen)
check "the line typed is on the screen" grep -qx 'cfx> help' <<<"$scr"
check "the help's first line is on the screen" \
	grep -q '^commands (help CMD or ?CMD' <<<"$scr"
check "the next prompt is on the screen" \
	test "$(grep -c '^cfx>' <<<"$scr")" -ge 2
tm_summary
