#!/bin/bash
# Every lesson played in the dashboard at 80x24, the size a newcomer's
# terminal has: while a prediction waits, no number it asks for is
# anywhere on the screen, in the lesson pane or in a panel that shows
# another quantity.  (Lesson 8 step 2 asked for a_5 = 4095 beside the
# buckets panel's "4095 dof", the 2^12 - 1 degrees of freedom of the
# dashboard's own table.)  The answers are screens.py's: its own,
# computed in python and PARI/GP for each step (a small count, a rounded
# decimal, a verdict beside its figure), and in the dashboard each step's
# `solution: answer X` evaluated with python's exact fractions (whole
# numbers of 100 or more in decimal and hex, fractions as p/q and as
# their exact decimal).  screens.sh plays the dashboard at 120x40, where
# every panel shows, with the same answers.  DASH80_ONLY=NN plays one
# lesson; under CHECK_SAMPLE=K one lesson in K is played
# (tests/lib/sample.py).
. "$(dirname "$0")/../lib/tmux.sh"
export TM_SOCK TM_DIR PYTHONDONTWRITEBYTECODE=1
out=$(SCREENS_ONLY=${DASH80_ONLY:-} SCREENS_PASS=screens SCREENS_FACE=dash \
	SCREENS_SIZES=80x24 SCREENS_SAMPLE_AT=3 \
	python3 "$root/tests/lessons/screens.py" 2>&1)
rc=$?
printf '%s\n' "$out" | sed '$d'
n=$(sed -n 's#^lessons/screens: \([0-9]*\) passed, \([0-9]*\) failed$#\1 \2#p' <<<"$out")
read -r p f <<<"${n:-0 1}"
[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
# the control: in a copy of the lessons whose lesson 8 step 2 gives its
# answer away in its prose (x_5 = (2^16 - 9)/16, written as the exact
# decimal a screen would show), the same play finds it on the screen
if [ -z "${DASH80_ONLY:-}" ]; then
	cp -r "$root/lessons" "$TM_DIR/planted"
	les=$(ls "$TM_DIR"/planted/08-*.lesson)
	v=$(python3 -c 'print(float((2**16 - 9) / 16))')
	awk -v v="$v" '{ print } /^step:/ { s++; if (s == 2) print "  (x_5 is " v ".)" }' \
		"$les" > "$TM_DIR/x" && mv "$TM_DIR/x" "$les"
	out=$(CFX_LESSONS=$TM_DIR/planted SCREENS_LESSONS=$TM_DIR/planted SCREENS_ONLY=08 \
		SCREENS_PASS=screens SCREENS_FACE=dash SCREENS_SIZES=80x24 \
		python3 "$root/tests/lessons/screens.py" 2>&1)
	if grep -q "^FAIL dash 80x24 lesson 08 step 2: the answer shows ('$v')" <<<"$out"; then
		p=$((p + 1)); echo "ok   the control: x_5 = $v planted in lesson 8 step 2 is found on the screen"
	else
		f=$((f + 1)); echo "FAIL the control: x_5 = $v planted in lesson 8 step 2 is not found:"
		grep "lesson 08 step 2" <<<"$out" | sed 's/^/    /'
	fi
fi
echo "lessons/dash80: $p passed, $f failed"
[ "$f" = 0 ]
