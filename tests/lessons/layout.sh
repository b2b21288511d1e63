#!/bin/bash
# How lessons are laid out (issue 10): titles wrap at a word, never cut
# inside one; hints written on several lines are filled afresh to the
# width; every step uses the same width (the terminal's, 80 on a pipe);
# no line breaks inside a bracketed expression such as [1; 1, 1, 1, 2].
# The checks read the words and brackets of the output, not a saved copy.
. "$(dirname "$0")/../lib/tmux.sh"
cd "$root" || exit 2
fx="$TM_DIR/lessons"
mkdir -p "$fx"
title="Signed powers of two: from a constant to shifts and adds, the long way round"
hint1="This hint is written on"
hint2="two lines in the lesson file, and the front end fills it again to the width of the screen, whatever that width is today, and a little more."
{
	echo "title: $title"
	echo
	echo "step: Brackets"
	# paragraphs whose continued fraction starts one column later each: a
	# filler that breaks at every space splits some of them inside it
	for i in $(seq 0 24); do
		printf '  %s [1; 1, 1, 1, 2] and (a, b) end.\n\n' \
			"$(printf 'word %.0s' $(seq 1 12))$(printf 'x%.0s' $(seq 0 $i))"
	done
	echo "try: cf 13/8"
	echo "check: result.cf.input == 13/8"
	echo "hint: $hint1"
	echo "  $hint2"
	echo "solution: cf 13/8"
	echo
	echo "step: Second"
	echo "  A second step."
	echo "try: cf 21/13"
	echo "check: result.cf.input == 21/13"
	echo "hint: cf 21/13"
	echo "solution: cf 21/13"
} > "$fx/01-layout.lesson"
cfx() { CFX_LESSONS="$fx" ./cfx "$@"; }

# every line at most W columns; no line with an unclosed or unopened [ ]
fits() { awk -v w="$1" 'length > w { print "too wide: " $0; bad = 1 }
	END { exit bad }'; }
brackets() { awk '{ o = gsub(/\[/, "["); c = gsub(/\]/, "]") }
	o != c { print "split: " $0; bad = 1 } END { exit bad }'; }
# the words of a text, one a line, for comparing texts across line breaks
words() { tr -s ' \n' '\n\n' | sed '/^$/d'; }

# ---- titles ---------------------------------------------------------------
list=$(cfx learn | tail -n +3)     # below the two lines of the legend
check "the list fits 80 columns" fits 80 <<<"$list"
check "the list keeps every word of a long title" \
	test "$(cut -c31- <<<"$list" | words)" = "$(words <<<"$title")"
out=$(printf 'quit\n' | cfx learn 1)
check "the lesson's title line keeps every word" \
	test "$(sed -n '/^Lesson 1:/,/^$/p' <<<"$out" | sed 's/^Lesson 1://' | words)" \
	= "$(words <<<"$title")"

# ---- brackets, on a pipe ----------------------------------------------------
out=$(printf 'quit\n' | cfx learn 1)
check "piped: no line over 80 columns" fits 80 <<<"$out"
check "piped: no bracketed expression split" brackets <<<"$out"
check "piped: every continued fraction whole" \
	test "$(grep -c '\[1; 1, 1, 1, 2\]' <<<"$out")" = 25
check "piped: every (a, b) whole" test "$(grep -c '(a, b)' <<<"$out")" = 25

# ---- hints ------------------------------------------------------------------
out=$(printf 'hint\nquit\n' | cfx learn 1 | sed -n '/^Hint 1 of 1/,/^Left/p' | sed '$d')
check "piped: the hint fits 80 columns" fits 80 <<<"$out"
check "piped: the hint keeps its words in order" \
	test "$(sed 's/^Hint 1 of 1://' <<<"$out" | words)" = "$(words <<<"$hint1 $hint2")"
check "piped: the hint's lines are filled, not the file's" \
	test "$(head -1 <<<"$out" | wc -c)" -gt $((${#hint1} + 20))

# ---- a terminal 100 columns wide ----------------------------------------------
tm_start 100 50 env CFX_LESSONS="$fx" ./cfx learn 1
tm_wait 'step 1 of 2' >/dev/null
rule='^-- Lesson 1, step [12] of 2: [A-Za-z]+ -+$'
check "step 1's rule is 100 columns" \
	test "$(tm capture-pane -p -t t -S -200 | grep -E "$rule" | awk '{ print length }')" = 100
tm_type 'hint'; tm_keys Enter
tm_wait '^Hint 1 of 1' >/dev/null
check "the hint is filled to 100 columns" \
	test "$(tm_screen | grep '^Hint 1 of 1' | awk '{ print length }')" -gt 80
tm_keys C-l
tm_type 'skip'; tm_keys Enter
tm_wait 'step 2 of 2' >/dev/null
check "step 2's rule is 100 columns too" \
	test "$(tm_screen | grep -E "$rule" | awk '{ print length }')" = 100
tm_type 'back'; tm_keys Enter
tm_wait 'step 1 of 2' >/dev/null
check "at 100 columns: no bracketed expression split" \
	sh -c "tmux -L '$TM_SOCK' capture-pane -p -t t -S -200 | awk '{ o = gsub(/\\[/, \"[\"); c = gsub(/\\]/, \"]\") } o != c { bad = 1 } END { exit bad }'"

# ---- the dashboard's pane -------------------------------------------------------
for size in "120 40" "100 30"; do
	set -- $size
	tm_start "$1" "$2" env CFX_LESSONS="$fx" ./cfx dash --learn 1
	tm_wait 'Step 1 of 2' >/dev/null
	check "dashboard $1x$2: no bracketed expression split in the pane" brackets \
		< <(tm_screen | grep -E '\[1;|1, 2\]|^.*word word')
	check "dashboard $1x$2: the pane shows a whole continued fraction" \
		sh -c "tmux -L '$TM_SOCK' capture-pane -p -t t | grep -q '\[1; 1, 1, 1, 2\]'"
	tm_keys ':' ; tm_type 'hint'; tm_keys Enter
	tm_wait 'Hint 1 of 1' >/dev/null
	check "dashboard $1x$2: the hint keeps its words" \
		test "$(tm_screen | awk -F'│ ' '{ print $NF }' | sed -n '/^Hint 1 of 1/,/^:hint :/p' | sed '$d; s/^Hint 1 of 1://' | words)" \
		= "$(words <<<"$hint1 $hint2")"
done

tm_summary
