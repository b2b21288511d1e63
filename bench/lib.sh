# bench/lib.sh - shared by the bench scripts: check LABEL VALUE OP LIMIT
# prints a result row and sets missed=1 when the target is not met.
missed=0
check() {
	if awk -v v="$2" -v l="$4" -v op="$3" 'BEGIN { exit !(op == "<=" ? v <= l : v >= l) }'; then
		printf '  %-52s %10s   target %s %s: met\n' "$1" "$2" "$3" "$4"
	else
		printf '  %-52s %10s   target %s %s: MISSED\n' "$1" "$2" "$3" "$4"
		missed=1
	fi
}
