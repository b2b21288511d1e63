# bench/lib.sh - shared by the bench scripts: check LABEL VALUE OP LIMIT
# (OP one of <=, >=, ==) prints a result row and sets missed=1 when the
# target is not met.  A value
# or limit that is not a number (empty, "-", "nan") is a miss, never met.
missed=0
isnum() {   # a decimal number: 12, -3.5, 1e6, .5
	printf '%s' "$1" | grep -Eq '^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$'
}
check() {
	if ! isnum "$2" || ! isnum "$4" || { [ "$3" != "<=" ] && [ "$3" != ">=" ] && [ "$3" != "==" ]; }; then
		printf '  %-52s %10s   target %s %s: MISSED (not a number)\n' "$1" "${2:-(none)}" "$3" "$4"
		missed=1
	elif awk -v v="$2" -v l="$4" -v op="$3" 'BEGIN { exit !(op == "<=" ? v + 0 <= l + 0 : op == ">=" ? v + 0 >= l + 0 : v + 0 == l + 0) }'; then
		printf '  %-52s %10s   target %s %s: met\n' "$1" "$2" "$3" "$4"
	else
		printf '  %-52s %10s   target %s %s: MISSED\n' "$1" "$2" "$3" "$4"
		missed=1
	fi
}
# bench_cc NAME: the program bench/NAME.c, which the Makefile builds into
# build/bench/NAME (make bench and make check build them all; a script run
# by hand builds the one it needs)
bench_cc() {
	[ -x "build/bench/$1" ] || make -s "build/bench/$1"
}
