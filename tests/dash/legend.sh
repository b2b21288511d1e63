#!/bin/bash
# At 120 columns the sweep strip's legend names every glyph the strip can
# show, ? none too (fewer than 16 distinct keys: the widest strides), and
# the code panel's summary (NAF and fewest adders, 32 and 64 bits) is whole:
# the cost that cfx shifts gives, then "(vs 1 multiply)" in a form that
# fits, never cut inside it ("(vs 1 multip" at 40 columns).
. "$(dirname "$0")/lib.bash"

# The sweep strip's first row (s=0 ...) and the code panel's summary (the
# line under its title, trimmed)
strip_row() { tm_screen | grep -m1 '^ s=0 '; }
summary() {
	tm_screen | awk -F'│' -v title="$1" '
		index($0, title) { on = 1; next }
		on { t = $2; sub(/^ +/, "", t); sub(/ +$/, "", t); print t; exit }'
}
# summary_is TITLE COST: the summary is COST, then nothing or a whole
# "(vs 1 multiply)" or "(vs 1 mul)"; a COST that ends in brackets takes
# it inside them ("(NAF 10; vs 1 mul)"), never two brackets in a row
summary_is() {
	local i s
	for i in $(seq 40); do
		s=$(summary "$1")
		case $2 in
		*')') case $s in
		      "$2"|"${2%)}; vs 1 multiply)"|"${2%)}; vs 1 mul)") return 0 ;;
		      esac ;;
		*) case $s in
		   "$2"|"$2 (vs 1 multiply)"|"$2 (vs 1 mul)") return 0 ;;
		   esac ;;
		esac
		sleep 0.1
	done
	echo "--- summary '$s', not '$2' and a whole (vs 1 multiply)"; return 1
}
# The NAF code's cost from cfx shifts --json's power sum: one shift per
# term after the first, its sign the add or sub
naf_cost() {
	./cfx shifts --json "$1" | python3 -c '
import json, sys
s = json.load(sys.stdin)["power_sum"].split()
print("%d shifts, %d add, %d sub" % (len(s) // 2, s.count("+"), s.count("-")))'
}
# The fewest-adder cost from cfx shifts --optimal's text
opt_cost() {
	./cfx shifts --optimal "$1" | sed -n 's/^\([0-9]*\) adders (.*, depth \([0-9]*\); the NAF needs \([0-9]*\)$/\1 adders, depth \2 (NAF \3)/p'
}
# Strides s < n whose keys k*2^s, k < count, are fewer than 16 distinct
# n-bit words: min(count, 2^(n-s)) < 16
few() {
	local n=$1 count=$2 s m k=0
	for ((s = 0; s < n; s++)); do
		m=$count
		[ $((n - s)) -lt 62 ] && [ $((1 << (n - s))) -lt "$m" ] && m=$((1 << (n - s)))
		[ "$m" -lt 16 ] && k=$((k + 1))
	done
	echo $k
}

dash_start 120 40
tm_wait 'const prevprime\(golden\(32\)\)' >/dev/null
check "the sweep finished" tm_wait 'worst s=[0-9]+ R' 30
row=$(strip_row)
nq=$(few 32 16384)
cells=$(printf '%s\n' "$row" | awk '{ print $2 }')
check "the strip shows ? for the $nq strides with fewer than 16 keys" \
	test "$(printf '%s' "$cells" | tr -cd '?' | wc -c)" = "$nq"
check "the legend names good, weak, bad and none ($row)" \
	grep -Eq '· good +▒ weak +█ bad +\? none$' <<<"$row"
cost=$(naf_cost 0x9e3779b1)
check "32 bits: the NAF summary is whole ($cost)" summary_is 'Shift/add code' "$cost"
tm_type 's'
cost=$(opt_cost 0x9e3779b1)
check "32 bits: the fewest adders' summary is whole ($cost)" \
	summary_is 'Fewest adders' "$cost"
tm_type '/'; tm_wait 'edit>' >/dev/null
tm_type '0x9e3779b97f4a7c15'; tm_keys Enter
tm_wait 'const 0x9e3779b97f4a7c15' >/dev/null
cost=$(opt_cost 0x9e3779b97f4a7c15)
check "64 bits: the fewest adders' summary is whole ($cost)" \
	summary_is 'Fewest adders' "$cost"
tm_type 's'
cost=$(naf_cost 0x9e3779b97f4a7c15)
check "64 bits: the NAF summary is whole ($cost)" summary_is 'Shift/add code' "$cost"
check "64 bits: the legend still fits" tm_wait '^ s=0 .*\? none$' 30
tm_type 'q'
check "quits" test "$(tm_exited)" = 0
tm_summary
