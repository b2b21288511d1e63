#!/bin/bash
# Every line `cfx bench` and `cfx stats` print on stdout fits 80 columns
# (issue 26: bench's header was 91 wide, its summary lines 80 to 92, and
# the median ratio lines of stats --ratio and bench 134), tabs counted as
# the terminal shows them (expand), widths by awk, not by cfx.  Every
# number is kept: the wrapped lines, joined again, still carry the
# figures of the same report's JSON (python reads it), and the NAF's
# count of adds and subtracts is python's NAF weight less one.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# wide FILE: the lines over 80 columns, with their widths
wide() { expand "$1" | awk 'length > 80 { print length ": " $0 }'; }

# bench: short runs (a budget of 0 s: the fewest rounds), a 32-bit, a
# 64-bit and an 8-bit constant (its optimal form ends in a negation),
# and --against (six forms); the short report and --full
for e in "0x61C88647" "0x61C8864680B583EB -r 3" "0x5b --bits 8" \
         "0x61C88647 --against 0x9E3779B9" "0x61C88647 --full" \
         "0x61C8864680B583EB -r 3 --full" "0x5b --bits 8 --full" \
         "0x61C88647 --against 0x9E3779B9 --full"; do
	# shellcheck disable=SC2086
	if ! CFX_BENCH_BUDGET=0 ./cfx bench $e --table-bits 4 >"$tmp/o" 2>"$tmp/e"; then
		bad "bench $e: $(head -3 "$tmp/e")"; continue
	fi
	w=$(wide "$tmp/o")
	if [ -z "$w" ] && [ "$(wc -l <"$tmp/o")" -ge 12 ]; then
		ok "bench $e: $(wc -l <"$tmp/o") lines, none over 80 columns"
	else
		bad "bench $e: lines over 80 columns:"; echo "$w"
	fi
	# the header's numbers, joined again
	hdr=$(awk '/^compiled with/ { exit } { printf "%s ", $0 }' "$tmp/o" | tr -s ' ')
	if grep -qE '^cfx bench: [0-9]+ seq:0 keys on [0-9]+ bits into 2\^4 counters, [0-9]+ rounds of [0-9]+ passes, interleaved' <<<"$hdr"; then
		ok "    the header whole: $hdr"
	else
		bad "    the header: $hdr"
	fi
done
# each form's counts, its filled line joined again: the NAF's adds and
# subtracts are its weight less one (python's NAF of the constant); the
# optimal form's line keeps its counts too
for k in 0x61C88647 0x61C8864680B583EB; do
	CFX_BENCH_BUDGET=0 ./cfx bench $k --table-bits 4 >"$tmp/o" 2>/dev/null
	# a line and the lines indented under it, joined
	awk '/^  [^ ]/ && NR > 1 && l != "" { sub(/^ +/, " "); l = l $0; next }
	     { if (NR > 1) print l; l = $0 } END { print l }' "$tmp/o" >"$tmp/sum"
	want=$(python3 -c '
import sys
k = int(sys.argv[1], 0); w = 0
while k:
    if k & 1:
        k -= 2 - (k & 3); w += 1
    k >>= 1
print(w - 1)' "$k")
	line=$(grep "^NAF shift/add .*adds/subs" "$tmp/sum")
	got=$(sed -n 's/^NAF shift\/add [0-9a-fx]* (\([0-9]*\) adds\/subs, [0-9]* shifts.*/\1/p' <<<"$line")
	if [ -n "$got" ] && [ "$got" = "$want" ]; then
		ok "    bench $k: the NAF's $got adds/subs (python: weight - 1 = $want)"
	else
		bad "    bench $k: NAF summary '$line', python $want"
	fi
	if grep -qE "^optimal shift/add [0-9a-fx]+ \([0-9]+ adds/subs, [0-9]+ shifts" "$tmp/sum"; then
		ok "    bench $k: the optimal form's counts kept"
	else
		bad "    bench $k: the optimal form's counts: $(cat "$tmp/sum")"
	fi
done

# stats: --ratio (the median ratio line was 134 wide) under each test,
# and the ratio undefined for a long name
seq 1 40 >"$tmp/a"; seq 3 42 >"$tmp/b"; seq 2 2 80 >"$tmp/c"
for opts in "--ratio" "--ratio -A" "--test welch --ratio" "--test mw --ratio"; do
	# shellcheck disable=SC2086
	./cfx stats $opts "$tmp/a" "$tmp/b" "$tmp/c" >"$tmp/o" 2>/dev/null
	w=$(wide "$tmp/o")
	if [ -z "$w" ] && grep -q 'median ratio' "$tmp/o"; then
		ok "stats $opts: none over 80 columns"
	else
		bad "stats $opts: lines over 80 columns:"; echo "$w"
	fi
done
# every number of each ratio, found in the text once its lines are joined
./cfx stats --ratio "$tmp/a" "$tmp/b" "$tmp/c" >"$tmp/o" 2>/dev/null
./cfx stats --ratio --json "$tmp/a" "$tmp/b" "$tmp/c" >"$tmp/j" 2>/dev/null
tr '\n\t' '  ' <"$tmp/o" | tr -s ' ' >"$tmp/flat"
if python3 - "$tmp/j" "$tmp/flat" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
d = d.get("stats", d)
for c in d["comparisons"]:
    r = c["ratio"]
    want = "median ratio %s, 95.0%% interval %s .. %s (medians x[n/2], " \
           "as in the table; bootstrap, %d resamples, seed %d)" % (
           "%g" % r["estimate"], "%g" % r["lo"], "%g" % r["hi"],
           r["resamples"], r["seed"])
    if want not in text:
        sys.exit("missing: " + want)
PY
then ok "stats --ratio: each ratio's figures whole, as the JSON's"
else bad "stats --ratio: a ratio's figures lost in the wrapping"; fi
printf '%s\n' -3 -1 0 2 >"$tmp/pole"     # x[n/2] = 0
printf '1\n2\n3\n' >"$tmp/b3"
# a name of 60 characters: the line of the undefined ratio ran to 142
long=a_first_sample_whose_name_pushes_the_line_well_past_eighty_c
cp "$tmp/pole" "$tmp/$long"
(cd "$tmp" && "$OLDPWD/cfx" stats -A --ratio "$long" b3) >"$tmp/o" 2>/dev/null
w=$(wide "$tmp/o")
if [ -z "$w" ] && tr '\n\t' '  ' <"$tmp/o" | tr -s ' ' |
   grep -qF "median ratio undefined: the median x[n/2] of $long is 0"; then
	ok "stats: the undefined ratio's line within 80 columns, the name whole"
else
	bad "stats: the undefined ratio's line: $w"
fi

done_suite width80
