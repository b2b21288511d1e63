#!/bin/bash
# bench/lib.sh's check: a target is met only by a number that meets it; an
# empty value, "-", "nan" or a word is a miss, never met (awk alone would
# take them as 0).
. "$(dirname "$0")/lib.sh"
# expect MET|MISSED VALUE OP LIMIT
expect() {
	local want=$1 line
	shift
	line=$(. "$root/bench/lib.sh"; check "case" "$@"; echo "missed=$missed")
	case $want in
	MET) grep -q ': met$' <<<"$line" && grep -q '^missed=0$' <<<"$line" ;;
	MISSED) grep -q 'MISSED' <<<"$line" && grep -q '^missed=1$' <<<"$line" ;;
	esac && ok "'$1' $2 '$3': $want" || bad "'$1' $2 '$3': wanted $want, got: $line"
}
expect MET 3 "<=" 5
expect MET 5 "<=" 5
expect MISSED 7 "<=" 5
expect MET 1e6 ">=" 5
expect MET .5 "<=" 1
expect MET -3.5 "<=" 0
expect MISSED "" "<=" 5
expect MISSED - "<=" 5
expect MISSED nan "<=" 5
expect MISSED inf ">=" 5
expect MISSED 12ms "<=" 50
expect MISSED 3 "<=" ""
expect MISSED 3 "<" 5
done_suite benchlib
