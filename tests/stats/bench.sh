#!/bin/bash
# cfx bench, smoke test with a few tiny rounds (no timing is judged here:
# make bench states the figures).  Checks the shape of the report, that
# --json holds R samples per variant and the stats of exactly those
# samples, that --raw writes files ministat reads, --against, and the
# errors: no compiler, bad options.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "bench.sh: ./cfx not built (make cfx)"; exit 2; }
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
py=python3   # json only: any python3 (deps.sh checks for one)
# the report's filled lines joined again (a line and those indented after it)
joined() { awk '/^  [^ ]/ && NR > 1 && prev != "" { sub(/^ +/, " "); prev = prev $0; next }
                { if (NR > 1) print prev; prev = $0 } END { print prev }' "$@"; }

# text, short by default (the answer first: issue 25, about 110 lines
# before): the header, a row per form (p10 and its ratio, throughput and
# latency), each form's counts and ministat's verdict, the verdict, what
# p10 is; under 26 lines and 80 columns, and no ministat table
if ./cfx bench 0x61C88647 --runs 3 --table-bits 6 >"$tmp/out" 2>"$tmp/err"; then ok; else bad "text run: $(cat "$tmp/err")"; fi
grep -q '^cfx bench: 256 seq:0 keys on 32 bits into 2^6 counters, 3 rounds' "$tmp/out" && ok || bad "header: $(head -1 "$tmp/out")"
[ "$(wc -l <"$tmp/out")" -le 25 ] && ok || bad "default report: $(wc -l <"$tmp/out") lines, want 25 at most"
awk 'length > 80 { print; bad = 1 } END { exit bad }' "$tmp/out" >"$tmp/long" && ok || bad "lines past 80 columns: $(cat "$tmp/long")"
grep -q '^ *p10  / mult\.      p10  / mult\.$' "$tmp/out" && ok || bad "the table's p10 heading"
grep -Eq '^  multiply 0x61c88647 +[0-9.]+ +1\.000 +[0-9.]+ +1\.000$' "$tmp/out" && ok || bad "multiply row"
grep -Eq '^  NAF shift/add 0x61c88647 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' "$tmp/out" && ok || bad "NAF row"
grep -Eq '^  optimal shift/add 0x61c88647 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' "$tmp/out" && ok || bad "optimal row"
joined "$tmp/out" | grep -Eq '^NAF shift/add 0x61c88647 \(10 adds/subs, 10 shifts\): (Difference|No difference proven) at 95.0% confidence' && ok || bad "NAF's counts and verdict"
joined "$tmp/out" | grep -Eq '^optimal shift/add 0x61c88647 \(6 adds/subs, 6 shifts\): (Difference|No difference proven) at 95.0% confidence' && ok || bad "optimal's counts and verdict"
joined "$tmp/out" | grep -Eq '^verdict for 0x61c88647: ' && ok || bad "no verdict"
joined "$tmp/out" | grep -q '^p10: the 10th percentile of a form.s blocks, the sorted x\[n/10\]' && ok || bad "p10 not named"
grep -q '^    N           Min ' "$tmp/out" && bad "ministat's table in the short report" || ok
# its warnings (3 rounds: too few points) name a form as the report does,
# without the plot's symbol ("+ NAF ..."), which only --full prints; and
# advise only what exists (bench has no --test)
grep -q 'warning: NAF shift/add 0x61c88647: ' "$tmp/err" && ok || bad "short report's warnings: $(cat "$tmp/err")"
grep -q 'warning: [x+*%#@O] ' "$tmp/err" && bad "a plot symbol in the short report's warnings: $(grep 'warning: . ' "$tmp/err")" || ok
grep -q -- '; --test ' "$tmp/err" && bad "bench's warning advises --test, an option bench refuses: $(grep -- '--test' "$tmp/err")" || ok
# --full: the short report, then the figures' tables, what they are (each
# line within 80 columns), and the ministat report
if ./cfx bench 0x61C88647 --runs 3 --table-bits 6 --full >"$tmp/full" 2>"$tmp/err"; then ok; else bad "--full run: $(cat "$tmp/err")"; fi
grep -q '^    N           Min           Max        Median           Avg        Stddev$' "$tmp/full" && ok || bad "--full: table header"
[ "$(grep -Ec '^(Difference|No difference proven) at 95.0% confidence$' "$tmp/full")" = 2 ] && ok || bad "--full: verdicts"
grep -q '^median: ministat.s, the sorted blocks. x\[n/2\]' "$tmp/full" && ok || bad "--full: the median not named"
# --full prints the plot and the table: there a warning names a form by
# its symbol too, as ministat's legend does
grep -q 'warning: + NAF shift/add 0x61c88647: ' "$tmp/err" && ok || bad "--full's warnings: $(cat "$tmp/err")"
awk '!/^[|+]/ && length > 80 { print; bad = 1 } END { exit bad }' "$tmp/full" >"$tmp/long" && ok || bad "--full: lines past 80 columns (the plot aside): $(cat "$tmp/long")"

# the multiply checked in the loaded object's own disassembly: an objdump
# that lists cfx_bench_0 without a multiply (the object there while it
# runs) gets the warning and the report's line
mkdir -p "$tmp/bin"
cat >"$tmp/bin/objdump" <<'SH'
#!/bin/sh
[ -f "$3" ] || exit 1
printf '\n<cfx_bench_0>:\n\tadd %%eax,%%eax\n\n<cfx_lat_0>:\n\timul %%eax\n\n'
SH
chmod +x "$tmp/bin/objdump"
PATH="$tmp/bin:$PATH" ./cfx bench 0x61C88647 --runs 3 --table-bits 4 >"$tmp/od" 2>"$tmp/oderr"
grep -q "warning: objdump shows no multiply instruction in multiply 0x61c88647's loops" "$tmp/oderr" && ok || bad "no multiply: warning: $(grep objdump "$tmp/oderr")"
grep -q '^multiply: objdump finds NO multiply instruction in a multiply loop\.$' "$tmp/od" && ok || bad "no multiply: report: $(grep '^multiply:' "$tmp/od")"

# a progress bar on a terminal (script(1) gives stderr one), none otherwise
if command -v script >/dev/null; then
	script -qc "./cfx bench 7 --runs 3 --table-bits 3 >/dev/null" /dev/null >"$tmp/tty" 2>&1
	grep -q 'bench \[#\{30\}\] 3/3 rounds' "$tmp/tty" && ok || bad "no progress bar on a terminal: $(head -c 300 "$tmp/tty")"
fi
grep -q 'bench \[' "$tmp/err" && bad "progress drawn off a terminal" || ok

# a warning fits 80 columns on a terminal, broken between words (they ran
# to 180: the objdump one here, the preempted blocks, the two halves), and
# stays one line for grep off a terminal (the run above)
if command -v script >/dev/null; then
	PATH="$tmp/bin:$PATH" script -qc "./cfx bench 0x61C88647 --runs 3 --table-bits 4 >/dev/null" /dev/null |
		tr -d '\r' | sed 's/^.*\x1b\[K//' | grep -v '^bench \[' >"$tmp/ttywarn"
	awk 'length > 80 { bad = 1 } END { exit bad }' "$tmp/ttywarn" && ok || bad "a warning wider than 80 on a terminal: $(cat "$tmp/ttywarn")"
	want=$(grep 'objdump shows no multiply' "$tmp/oderr")
	got=$(sed -n '/objdump shows no multiply/,/rewrote it$/p' "$tmp/ttywarn" | sed 's/^ *//' | paste -sd' ')
	[ -n "$want" ] && [ "$got" = "$want" ] && ok || bad "the terminal's warning is not the line's words: '$got' vs '$want'"
fi

# JSON: R samples each; the summary is the stats of those very samples
./cfx bench 0x9e370001 --runs 4 --table-bits 5 --keys random --count 300 --json >"$tmp/j" 2>"$tmp/err" && ok || bad "json run: $(cat "$tmp/err")"
$py - "$tmp/j" <<'PY' && ok || bad "json content"
import json, statistics, sys
j = json.load(open(sys.argv[1]))
assert j['runs'] == 4 and j['table_bits'] == 5 and j['count'] == 300 and j['bits'] == 32
assert [v['name'] for v in j['variants']] == ['multiply 0x9e370001', 'NAF shift/add 0x9e370001',
                                             'optimal shift/add 0x9e370001']
assert j['variants'][1]['adds'] == 6 and j['variants'][2]['adds'] == 5
for v, s in zip(j['variants'], j['stats']['samples']):
    assert len(v['ns']) == 4 and all(x > 0 for x in v['ns'])
    assert abs(s['mean'] - statistics.fmean(v['ns'])) <= 1e-9 * s['mean']
    # one median, ministat's: the sorted sample's x[n/2]
    assert s['n'] == 4 and abs(v['ns_median'] - sorted(v['ns'])[2]) <= 1e-12
    assert abs(s['median'] - v['ns_median']) <= 1e-12
    # latency: a dependent chain, R samples too; processor time beside
    assert len(v['latency']['ns']) == 4 and v['latency']['median'] > 0
    assert v['throughput']['cpu_median'] > 0 and v['preempted_blocks'] >= 0
    # rounds and warm-up at least, and the equality check
    assert v['hashes_run'] >= (j['runs'] + 1) * j['count'] * j['passes_per_round'] + j['count']
c = j['stats']['comparisons'][0]
assert c['sample'] == 'NAF shift/add 0x9e370001' and c['against'] == 'multiply 0x9e370001'
assert 'ratio' in c and c['ratio']['resamples'] == 2000
PY

# the headline: p10, the sorted blocks' x[n/10], and the ratio to the
# multiply that of the p10s, for throughput and latency alike (before, the
# median of the rounds' quotients); named in the JSON; and the text's
# table shows those figures
./cfx bench 0x61C88647 --runs 23 --table-bits 5 --json >"$tmp/pr" 2>/dev/null && ok || bad "p10 run"
$py - "$tmp/pr" <<'PY' && ok || bad "ratio is not the ratio of the 10th percentiles"
import json, sys
j = json.load(open(sys.argv[1]))
v = j['variants']
def p10(x):
    return sorted(x)[len(x) // 10]
assert j['headline'].startswith('p10: the 10th percentile'), j['headline']
for k in (0, 1, 2):
    assert abs(v[k]['ns_p10'] - p10(v[k]['ns'])) <= 1e-12 * p10(v[k]['ns'])
    for kind, key in (('throughput', lambda x: x['ns']), ('latency', lambda x: x['latency']['ns'])):
        want = p10(key(v[k])) / p10(key(v[0]))
        assert abs(v[k][kind]['p10'] - p10(key(v[k]))) <= 1e-12 * want
        got = v[k][kind]['ratio']
        assert abs(got - want) <= 1e-12 * want, (k, kind, got, want)
PY

# --raw: one file per variant, R lines, that ministat (and cfx stats) read
./cfx bench 0x61C88647 --runs 5 --table-bits 4 --raw "$tmp/raw" >/dev/null 2>&1 && ok || bad "raw run"
for f in 0x61c88647-mul.txt 0x61c88647-naf.txt 0x61c88647-opt.txt; do
	[ "$(wc -l <"$tmp/raw/$f")" = 5 ] && ok || bad "raw $f lines"
done
if command -v ministat >/dev/null; then
	ministat "$tmp/raw/0x61c88647-mul.txt" "$tmp/raw/0x61c88647-naf.txt" >"$tmp/m1" && ok || bad "ministat reads raw"
	./cfx stats "$tmp/raw/0x61c88647-mul.txt" "$tmp/raw/0x61c88647-naf.txt" 2>/dev/null | cmp -s - "$tmp/m1" && ok || bad "cfx stats = ministat on raw"
fi

# --raw holds the very samples the report was made of (every digit), so
# that ministat on the files reproduces the report's table
./cfx bench 0x9e370001 --runs 4 --table-bits 5 --json --raw "$tmp/rawj" >"$tmp/rj" 2>/dev/null && ok || bad "raw json run"
$py - "$tmp/rj" "$tmp/rawj" <<'PY' && ok || bad "raw files differ from the samples reported"
import json, sys
j = json.load(open(sys.argv[1]))
for v, suffix in zip(j['variants'], ('mul', 'naf', 'opt')):
    raw = [float(l) for l in open('%s/0x9e370001-%s.txt' % (sys.argv[2], suffix))]
    assert raw == v['ns'], (suffix, raw, v['ns'])
PY

# --against: the old constant's forms first, six samples
./cfx bench 0x61C88647 --against 0x9e370001 --runs 3 --table-bits 4 --json >"$tmp/a" 2>/dev/null && ok || bad "against run"
$py -c "
import json,sys
j=json.load(open('$tmp/a'))
n=[v['name'] for v in j['variants']]
assert n==['multiply 0x9e370001','NAF shift/add 0x9e370001','optimal shift/add 0x9e370001',
          'multiply 0x61c88647','NAF shift/add 0x61c88647','optimal shift/add 0x61c88647'], n
assert len(j['stats']['comparisons'])==5
" && ok || bad "against variants"

# 64-bit, 8-bit and odd widths compile and agree with the multiply (an
# optimal form for each but 7)
for e in "0x9e37fffffffc0001" "0x9e5 --bits 12" "7" "0xb5" "0xdead"; do
	# shellcheck disable=SC2086
	./cfx bench $e --runs 3 --table-bits 4 >/dev/null 2>"$tmp/err" && ok || bad "bench $e: $(cat "$tmp/err")"
done

# the figures stand in one column, whatever the names' widths (64 bits):
# the table's rows, its two headings among them, all end in one column
./cfx bench 0x9e37fffffffc0001 --runs 3 --table-bits 4 >"$tmp/w" 2>/dev/null
awk '/ns\/hash:/ { on = 1 } on && /^$/ { exit } on { print length }' "$tmp/w" >"$tmp/wl"
[ "$(wc -l <"$tmp/wl")" = 5 ] && [ "$(sort -u "$tmp/wl" | wc -l)" = 1 ] &&
	ok || bad "the table not in one column: $(cat "$tmp/w")"

# the optimal form's cost as cfx shifts --optimal counts it, negation too
# (0x5b on 8 bits: -(33 * 5 x), 2 adders, 2 shifts, 1 negation, which
# no graph of two avoids (a brute force over every two-adder graph mod
# 2^8 finds none for +0x5b); 0x9d = -(33 * 3 x) lost its
# negation, x - (x << 2) being -3 x)
./cfx bench 0x5b --bits 8 --runs 3 --table-bits 4 --json >"$tmp/n" 2>/dev/null
./cfx shifts 0x5b --bits 8 --optimal --json >"$tmp/o9d"
$py - "$tmp/n" "$tmp/o9d" <<'PY' && ok || bad "optimal 0x5b: cost differs from cfx shifts --optimal"
import json, sys
v = json.load(open(sys.argv[1]))['variants'][2]
o = json.load(open(sys.argv[2]))
assert o['negations'] == 1
assert (v['adds'], v['shifts'], v.get('negations')) == (o['adders'], o['shifts'], o['negations']), v
PY
./cfx bench 0x5b --bits 8 --runs 3 --table-bits 4 2>/dev/null | joined | grep -q '^optimal shift/add 0x5b (2 adds/subs, 2 shifts, 1 negation): ' &&
	ok || bad "optimal 0x5b line: no negation"

# the default run's wall-time budget (a loaded machine: under 15 s):
# $CFX_BENCH_BUDGET=0 stops it at the least number of rounds, 61, and
# says so; --runs R runs R whatever the budget
CFX_BENCH_BUDGET=0 ./cfx bench 3 --table-bits 4 --json >"$tmp/bj" 2>/dev/null
$py - "$tmp/bj" <<'PY' && ok || bad "budget 0: json"
import json, sys
j = json.load(open(sys.argv[1]))
assert (j['runs'], j['runs_planned']) == (61, 301), (j['runs'], j['runs_planned'])
assert all(s['n'] == 61 for s in j['stats']['samples'])
assert all(len(v['ns']) == 61 for v in j['variants'])
PY
CFX_BENCH_BUDGET=0 ./cfx bench 3 --table-bits 4 2>/dev/null | grep -qx "(61 of 301 rounds: the default run's budget of 0 s was reached: a busy machine)" &&
	ok || bad "budget 0: no line saying the rounds were cut"
CFX_BENCH_BUDGET=0 ./cfx bench 3 --table-bits 4 --runs 5 --json 2>/dev/null >"$tmp/bj"
$py -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(not (j["runs"] == j["runs_planned"] == 5))' "$tmp/bj" &&
	ok || bad "--runs 5 with a budget of 0: not 5 rounds"

# a --raw directory that cannot be made is refused before any round runs
if command -v script >/dev/null; then
	script -qc "./cfx bench 7 --runs 3 --table-bits 3 --raw $tmp/no/dir >/dev/null" /dev/null >"$tmp/tty" 2>&1
	grep -q 'round' "$tmp/tty" && bad "--raw checked only after the rounds: $(head -c 200 "$tmp/tty")" || ok
fi

# errors: exit 2, one line, nothing on stdout
err() {   # err EXPECTED-STDERR ARGS...
	local want=$1; shift
	"$@" >"$tmp/o" 2>"$tmp/e"; local st=$?
	if [ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(cat "$tmp/e")" = "$want" ]; then ok; else
		bad "$* -> status $st, stderr $(cat "$tmp/e")"; fi
}
err "cfx: bench: no C compiler found; install gcc or set CC (/nonexistent/cc)" env CC=/nonexistent/cc ./cfx bench 0x61C88647 --runs 3
err "cfx: bench: no C compiler found; install gcc or set CC (cc)" env -u CC PATH=/nonexistent "$PWD/cfx" bench 0x61C88647 --runs 3
err "cfx: bench: --runs must be between 3 and 100000 (2)" ./cfx bench 5 --runs 2
err "cfx: bench: \$CFX_BENCH_BUDGET is not a number of seconds from 0 to 3600 (CFX_BENCH_BUDGET=-1)" env CFX_BENCH_BUDGET=-1 ./cfx bench 5
err "cfx: bench: missing constant (cfx bench --help)" ./cfx bench
err "cfx: bench: --table-bits 9 is above the word size 8 (9)" ./cfx bench 7 --bits 8 --table-bits 9
err "cfx: bench: cannot make the directory: No such file or directory ($tmp/no/dir)" ./cfx bench 7 --runs 3 --table-bits 3 --raw "$tmp/no/dir"

# outliers: one line on stderr, however many there are (a line each,
# five a form, flooded a pipe), counting the rounds in which some form's
# block lies outside its sample's fences, recounted here from --json's
# blocks: 0.6745 |x - median| / MAD > 3.5 (Iglewicz and Hoaglin).  Tiny
# blocks jitter, so outliers come; a run with fewer than 2 is taken again.
outliers() {   # outliers JSON: the rounds with an outlier, by Python
	$py - "$1" <<'PY'
import json, statistics, sys
j = json.load(open(sys.argv[1]))
fences = []
for v in j['variants']:
    m = statistics.median(v['ns'])
    fences.append((m, statistics.median(abs(x - m) for x in v['ns'])))
print(sum(any(mad > 0 and 0.6745 * abs(v['ns'][i] - m) / mad > 3.5
              for v, (m, mad) in zip(j['variants'], fences))
          for i in range(j['runs'])))
PY
}
for try in 1 2 3 4 5; do
	./cfx bench 0x61C88647 --runs 81 --table-bits 3 --count 16 --json >"$tmp/ol" 2>"$tmp/olerr"
	want=$(outliers "$tmp/ol")
	[ "${want:-0}" -ge 2 ] && break
done
[ "${want:-0}" -ge 2 ] && ok || bad "outliers: $want rounds with one in 5 runs (want 2 or more to test)"
got=$($py -c 'import json, sys; print(json.load(open(sys.argv[1])).get("outlier_rounds"))' "$tmp/ol")
[ "$got" = "$want" ] && ok || bad "--json outlier_rounds: $got, Python counts $want"
[ "$(grep -c outlier "$tmp/olerr")" = 1 ] && ok || bad "outliers on stderr: $(grep -c outlier "$tmp/olerr") lines, want 1: $(grep outlier "$tmp/olerr" | head -3)"
grep -q "^cfx: bench: warning: $want of 81 rounds had an outlier (a block more than 3.5 robust deviations from its form's median; --json lists them)" "$tmp/olerr" &&
	ok || bad "the outliers' line: $(grep outlier "$tmp/olerr")"
# and in text, piped: one line, its count of the 81 rounds
./cfx bench 0x61C88647 --runs 81 --table-bits 3 --count 16 >"$tmp/olt" 2>"$tmp/olterr"
n=$(grep -c outlier "$tmp/olterr")
[ "$n" -le 1 ] && ok || bad "text, piped: $n outlier lines on stderr: $(grep outlier "$tmp/olterr" | head -3)"
! grep -q outlier "$tmp/olt" && ok || bad "an outlier line on stdout"

echo "bench.sh: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
