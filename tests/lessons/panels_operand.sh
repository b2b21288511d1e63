#!/bin/bash
# Which dashboard panels a prediction hides depends on the operand of its
# reveals: line (learn_hides_panel): a refuses: panel is hidden only on
# that constant.  The operand is read as the command line reads it (the
# option parser's rule for a leading '-', opts.h): -golden(32) + 2^32 is
# a number, the same as 2^32 - golden(32) (issue 27's leftover: learn.c
# had its own rule, took -golden(32) for an option, found no operand and
# hid every refuses: panel on every constant).  Two fixture lessons that
# differ only in the spelling of the operand must hide the same panels,
# on the operand's constant (0x61C88647 = 2^32 - round(2^32/phi), by
# PARI/GP) and on another (golden(32)); on golden(32) fewer are hidden.
. "$(dirname "$0")/../dash/lib.bash"
g=$(echo 'round(2^32*2/(1+sqrt(5)))' | gp -q -f)
m=$(printf '0x%X' $((2**32 - g)))
check "2^32 - golden(32) is $m (PARI/GP)" test "$m" = 0x61C88647
hidden() { tm_screen | grep -o 'hidden until you answer' | wc -l; }
declare -A n
for spell in neg pos; do
	d=$TM_DIR/lessons-$spell; mkdir -p "$d"
	case $spell in
	neg) op='-golden(32) + 2^32' ;;
	pos) op='2^32 - golden(32)' ;;
	esac
	cat >"$d/01-operand.lesson" <<L
title: Operands

  A fixture.

step: Predict the quotient
  Prose.
predict: What is a1 of 0x61C88647/2^32?
reveals: cf $op
refuses: naf spectrum score
check: answer == 2
hint: Think.
solution: answer 2
L
	for k in g m; do
		[ $k = g ] && c="'golden(32)'" || c=$m
		rm -rf "$TM_DIR/state"
		export CFX_LESSONS=$d    # the tmux server, new each time, inherits it
		dash_start 120 40 dash --learn 1 "$c"
		check "$spell, $c: the step is shown" tm_wait 'Step 1 of [0-9]+: Predict'
		sleep 1
		n[$spell,$k]=$(hidden)
		tm_type 'q'
		tm_exited >/dev/null
	done
done
for k in g m; do
	check "on ${k/g/golden(32)}: -golden(32) + 2^32 hides as 2^32 - golden(32) does (${n[neg,$k]}, ${n[pos,$k]})" \
		test "${n[neg,$k]}" = "${n[pos,$k]}"
done
check "golden(32) is not the operand: fewer panels hidden than on $m (${n[pos,g]} < ${n[pos,m]})" \
	test "${n[pos,g]}" -lt "${n[pos,m]}"
tm_summary
