#!/bin/bash
# cfx stats parses its options with the one option parser of every face
# (cli/opts.h; issue 27 item 1): the same options as before, the same
# results, and a bad letter inside a bundle named as the other commands
# name it.  With getopt, "-zq" said "unknown option (stats)" and "-q -zq"
# said "(-q)": the word before, not the one at fault.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
printf '1\n2\n3\n4\n' >"$tmp/a"
printf '2\n3\n4\n5\n6\n' >"$tmp/b"
printf '1:9\n2:8\n3:7\n' >"$tmp/c"

# says NAME WANT ARGS...: cfx stats ARGS says WANT alone on stderr, 2
says() {
	local name=$1 want=$2; shift 2
	./cfx stats "$@" >/dev/null 2>"$tmp/err"; rc=$?
	expect "$name: $(cat "$tmp/err"), status $rc" \
		'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "$want" ]'
}
says "a bad letter first in a bundle" "cfx: stats: unknown option -z (-zq)" -zq "$tmp/a"
says "after another option" "cfx: stats: unknown option -z (-zq)" -q -zq "$tmp/a"
says "last in a bundle" "cfx: stats: unknown option -z (-qz)" "$tmp/a" -qz
says "alone" "cfx: stats: unknown option (-x)" -x "$tmp/a"
says "a long one, near a name" "cfx: stats: unknown option (--tset); did you mean --test?" --tset t "$tmp/a"
says "a value missing in a bundle" "cfx: stats: option -c needs a value (-Ac)" "$tmp/a" -Ac
says "-c's levels" "cfx: stats: -c takes 80, 90, 95, 98, 99 or 99.5 (97)" -nq -c 97 "$tmp/a"
says "-w's range" "cfx: stats: -w must be between 3 and 10000 (2)" -w 2 "$tmp/a"
says "-C's range, joined" "cfx: stats: -C must be between 1 and 1000000 (0)" -C0 "$tmp/a"
says "--test's choices" "cfx: stats: --test takes t, welch or mw (z)" --test=z "$tmp/a"
says "-d empty" "cfx: stats: -d needs at least one delimiter (-d)" -d '' "$tmp/a"
# -j is --json, as in every command (it was refused: issue 26 point 6)
./cfx stats -j "$tmp/a" >"$tmp/j1" 2>&1
./cfx stats --json "$tmp/a" >"$tmp/j2" 2>&1
expect "-j is --json" 'cmp -s "$tmp/j1" "$tmp/j2" && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/j1"'
./cfx stats -h >"$tmp/h" 2>&1
expect "-h and -j listed in stats' help" 'grep -q "^  -j, --json " "$tmp/h" && grep -q "^  -h, --help " "$tmp/h"' 

# the options still do what they did: the same output as with the
# options spelled apart, and -C/-d read the field asked for (the second
# field of c is 9 8 7: its mean 8)
./cfx stats -n -q "$tmp/a" "$tmp/b" >"$tmp/o1" 2>&1
./cfx stats -nq "$tmp/a" "$tmp/b" >"$tmp/o2" 2>&1
expect "-nq is -n -q" 'cmp -s "$tmp/o1" "$tmp/o2" && [ -s "$tmp/o1" ]'
./cfx stats "$tmp/a" -n -q "$tmp/b" >"$tmp/o3" 2>&1
expect "options after a file" 'cmp -s "$tmp/o1" "$tmp/o3"'
mean=$(./cfx stats -n -d: -C 2 "$tmp/c" | awk '$1 == "x" && NF == 7 { print $6 }')
want=$(python3 -c 'print(sum([9, 8, 7]) / 3)')
expect "-d: -C 2: the second field (mean $mean, python $want)" \
	'python3 -c "import sys; sys.exit(abs(float(\"$mean\") - $want) > 1e-9)"'
./cfx stats --json --test mw --ratio --resamples 200 --seed 7 "$tmp/a" "$tmp/b" >"$tmp/j"
expect "the long options: JSON with mw and the ratio" \
	'python3 -c "import json,sys; d=json.load(open(\"$tmp/j\")); sys.exit(0 if \"ratio\" in json.dumps(d) else 1)"'
./cfx stats --help >"$tmp/h"; rc=$?
expect "--help: status 0, the options listed" '[ $rc = 0 ] && grep -q "^  -C COLUMN" "$tmp/h" && grep -q "^  --seed N" "$tmp/h"'
./cfx stats -h >"$tmp/h2"
expect "-h is --help" 'cmp -s "$tmp/h" "$tmp/h2"'
done_suite stats/options
