#!/bin/bash
# An error longer than the terminal is broken between words at its width
# (the terminal itself would break inside a word: "take i" / "t"), the
# rest indented; joined back it is the one line a script gets.  At an
# 80-column tmux pane, for messages of several lengths: every screen line
# fits, no word is cut, and the words are the script's line's.
. "$(dirname "$0")/../lib/tmux.sh"
cd "$root" || exit 2
tm_start 80 24 ./cfx repl
tm_wait '^cfx>' >/dev/null || bad "the REPL did not start"
for line in "set bits 100" "set bits 7" "set bits 200" "score --keys stride:0 5" \
            "verify --bits 7 0x61C88647"; do
	# the script's message: one line, "cfx: line 1: " before it
	want=$(printf '%s\n' "$line" | ./cfx repl 2>&1 >/dev/null | sed 's/^cfx: line 1: //')
	# each line on a session's own word, as the script's (set bits 200
	# is taken, with a warning: the next line would meet it)
	tm_type "set bits auto"; tm_keys Enter
	tm_wait '^cfx> *$' 10 >/dev/null
	tm_keys C-l; tm_type "$line"; tm_keys Enter
	tm_wait '^cfx> *$' 10 >/dev/null
	# the message's lines on the screen: from the one starting with the
	# command word to the prompt; a caret block (input echo, ^~~) first
	shown=$(tm_screen | awk -v w="${want%%:*}:" 'index($0, w) == 1 { on = 1 } /^cfx>/ { on = 0 } on')
	long=$(awk 'length($0) > 80' <<<"$shown" | wc -l)
	joined=$(tr '\n' ' ' <<<"$shown" | tr -s ' ' | sed 's/ $//')
	flat=$(tr -s ' ' <<<"$want")
	if [ ${#want} -gt 79 ]; then
		n=$(wc -l <<<"$shown")
		[ "$n" -ge 2 ] && [ "$long" = 0 ] && [ "$joined" = "$flat" ] &&
			ok "$line: ${#want} columns broken between words into $n lines" ||
			bad "$line: shown '$shown', want '$want'"
	else
		[ "$shown" = "$want" ] && ok "$line: fits, one line" ||
			bad "$line: shown '$shown', want '$want'"
	fi
done
tm_type 'quit'; tm_keys Enter
tm_summary
