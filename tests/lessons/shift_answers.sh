#!/bin/bash
# Answers written with C's shift and bit operators (issue 26): "1 << 2" is
# 4, as Python reads it, not the check language's '<' or a list of three
# items; check: lines keep their comparisons and may hold a shift.  Every
# expected value is Python's (the same text evaluated by python3, with
# xor as Python's ^), not cfx's.
. "$(dirname "$0")/lib.sh"
dir=$tmp/shift
mkdir -p "$dir"

# the answers; Python's value of each (xor is Python's ^)
answers=('1 << 2' '1<<16' '(1 << 20) + 1' '(1 << 3) >> 1' '0x9e37 << 16 | 1'
	'5 & 4' '6 | 1' '5 xor 3' '(1 << 64) - 1' '2^5 << 1' '1 << 2 << 3'
	'0x61C88647 >> 16')
{
	printf 'title: Shifts in answers\n\n  A lesson for the tests.\n'
	for a in "${answers[@]}"; do
		v=$(python3 -c "import sys; print(eval(sys.argv[1].replace('xor', '^').replace('2^5', '2**5')))" "$a")
		printf '\nstep: One\n  A step.\nask: What is it?\n'
		printf 'check: answer == %s\nhint: It is a number.\n' "$v"
		printf 'solution: answer %s\n' "$v"
	done
} > "$dir/01-shift.lesson"

out=$(printf 'answer %s\n' "${answers[@]}" |
	CFX_LESSONS=$dir "$cfx" learn 1 2>&1)
n=${#answers[@]}
case $out in
*"Lesson 1 complete: $n of $n steps solved"*) ok "$n answers with shifts and bit operators equal Python's values" ;;
*) bad "answers with shifts: $(printf '%s' "$out" | grep -E 'cannot|Not quite' | head -3)" ;;
esac

# a wrong shift is wrong, not unreadable: 1 << 3 is 8, not 4
out=$(printf 'answer 1 << 3\n' | CFX_LESSONS=$dir "$cfx" learn 1 2>&1)
case $out in
*"Not quite"*) ok "1 << 3 is a wrong answer to 4" ;;
*) bad "1 << 3 answered 4: $out" ;;
esac

# what has no value says why and costs nothing
for a in '2 < 3' '~5' '-1 << 2'; do
	out=$(printf 'answer %s\n' "$a" | CFX_LESSONS=$dir "$cfx" learn 1 2>&1)
	case $out in
	*"cannot be read"*"Nothing is"*) ok "'$a' is not read, costs nothing" ;;
	*) bad "'$a': $out" ;;
	esac
done

# check: lines: a shift in a literal, and comparisons beside it
cat > "$dir/01-shift.lesson" <<'EOF'
title: Shifts in checks

  A lesson for the tests.

step: A range
  A step.
ask: A number at least 2^4 and below 2^5?
check: answer >= 1 << 4 and answer < 1 << 5
hint: Between two powers of two.
solution: answer 17
EOF
if CFX_LESSONS=$dir "$cfx" learn --check "$dir/01-shift.lesson" >/dev/null 2>&1
then ok "a check with << beside < and >= is well-formed"
else bad "learn --check refuses '<<' in a check"; fi
lo=$(python3 -c 'print(1 << 4)') hi=$(python3 -c 'print(1 << 5)')
for v in $((lo - 1)) $lo $((hi - 1)) $hi; do
	out=$(printf 'answer %s\n' "$v" | CFX_LESSONS=$dir "$cfx" learn 1 2>&1)
	if [ "$v" -ge "$lo" ] && [ "$v" -lt "$hi" ]; then want=done; else want=wrong; fi
	case $out in
	*"Step 1 done"*) got=done ;;
	*"Not quite"*) got=wrong ;;
	*) got="?" ;;
	esac
	if [ $got = $want ]; then ok "answer $v against [$lo, $hi): $got"
	else bad "answer $v against [$lo, $hi): $got, want $want"; fi
done
finish shift_answers
