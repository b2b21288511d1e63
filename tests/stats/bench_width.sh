#!/bin/bash
# cfx bench --full's two tables of figures (throughput, latency) fit 80
# columns (they were 83 at 32 bits, 91 at 64), whatever the width of the
# forms' names: a name too long for the column stands on a row of its own
# above its figures.  Each table names every form whole, in the order of
# the short report's table above them, and its throughput p10 are that
# table's (the same run's).  Widths by awk, not by cfx.
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for e in "0x61c88647" "0x9e37fffffffc0001" "0x5b --bits 8" \
         "0x61c88647 --against 0x9e3779b1"; do
	# shellcheck disable=SC2086
	if ! ./cfx bench $e --runs 3 --table-bits 4 --full >"$tmp/o" 2>"$tmp/e"; then
		bad "bench $e: $(cat "$tmp/e")"; continue
	fi
	# the tables: from each "throughput"/"latency" line to the next
	# line that is not indented
	awk '/^(throughput|latency), ns\/hash/ { on = 1; next }
	     on && !/^  / { on = 0 } on' "$tmp/o" > "$tmp/t"
	rows=$(wc -l < "$tmp/t")
	wide=$(awk 'length > 80 { print length ": " $0 }' "$tmp/t")
	if [ "$rows" -ge 8 ] && [ -z "$wide" ]; then
		ok "bench $e: both tables within 80 columns ($rows rows)"
	else
		bad "bench $e: the tables ($rows rows) within 80 columns:"; echo "$wide"
	fi
	# the short table's rows: from its "ns/hash:" heading to the blank line
	awk '/^  ns\/hash:/ { on = 1; getline; next } on && /^$/ { exit } on' "$tmp/o" > "$tmp/s"
	# the names, in the short table's order, each whole in each table
	sed 's/^  //; s/  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]*$//' "$tmp/s" > "$tmp/names"
	n=$(wc -l < "$tmp/names")
	awk '!/^   *median/ { sub(/^  /, ""); sub(/  +[0-9.]+ +[0-9.]+ .*$/, "")
	     if ($0 != "" && $0 !~ /^ +$/) print }' "$tmp/t" > "$tmp/tnames"
	if [ "$n" -ge 3 ] && [ "$(cat "$tmp/names" "$tmp/names")" = "$(cat "$tmp/tnames")" ]; then
		ok "    the $n forms, named whole in both tables"
	else
		bad "    the forms' names in the tables"; paste "$tmp/names" "$tmp/tnames"
	fi
	# the throughput table's p10 (the column before the spread's %) are
	# the short table's, form by form
	sum=$(awk '{ print $(NF - 3) }' "$tmp/s")
	thr=$(awk '/^throughput, ns\/hash/ { on = 1; next } /^latency/ { on = 0 }
	           on && /[0-9]%/ { for (i = 1; i <= NF; i++)
	                                if ($i ~ /%$/) { print $(i - 1); break } }' "$tmp/o")
	if [ -n "$sum" ] && [ "$sum" = "$thr" ]; then
		ok "    throughput p10 as the short table's"
	else
		bad "    throughput p10: short table $sum, --full's table $thr"
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
