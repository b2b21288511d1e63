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
# bench_cc NAME: build bench/NAME.c against the library into
# build/bench/NAME (the library and cfx must be built: make bench does)
bench_cc() {
	mkdir -p build/bench &&
	cc -std=c11 -O2 -D_GNU_SOURCE -Iinclude -Isrc -o "build/bench/$1" "bench/$1.c" \
		build/libcfx.a $(grep '^PKG_LIBS' build/config.mk | cut -d= -f2-) -lpthread
}
