#!/bin/bash
# make bench, part: is the shift/add form of GOLDEN_RATIO_32 faster than
# the multiply on this machine?  `cfx bench` as it runs by default; the
# figures are stated, not judged (the answer depends on the CPU: a fast
# multiplier wins on anything recent).  Judged: the default run under
# 15 s, and five back-to-back runs with one core kept busy agreeing
# within 10% on every ratio (their median ratio and spread shown), each
# of the five under 15 s of wall time too (the largest judged; the
# processor time beside it shows how much of it was waiting).  Also the
# seed's question:
# the 2002 sparse prime 0x9e370001 in shift/add form against the golden
# multiply.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. "$(dirname "$0")/lib.sh"
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT

echo "cfx bench: multiply against shift/add ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
# the default run, timed whole: under 15 s
t0=$(date +%s%N)
./cfx bench 0x61C88647 --json >"$out/j" 2>"$out/err" || { echo "  cfx bench failed: $(head -3 "$out/err")"; exit 1; }
t1=$(date +%s%N)
check "default cfx bench 0x61C88647, wall s" "$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1e9 }')" "<=" 15
python3 - "$out/j" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
v = j['variants']
print('  0x61C88647 (GOLDEN_RATIO_32), %d %s keys into 2^%d counters, %d rounds, %s'
      % (j['count'], j['keys'], j['table_bits'], j['runs'], j['compiler']))
print('  %s; %d of %d blocks preempted; multiply: %s'
      % (j['headline'], j['preempted_blocks'], j['blocks'], j['multiply_checked']))
print('  round r on copy r mod %d of the keys and the table (%.1f MiB in all)'
      % (j['copies'], j['copies_bytes'] / 2 ** 20))
for x in v:
    t, l = x['throughput'], x['latency']
    print('    %-28s throughput p10 %7.3f ns/hash (x%.2f, spread %4.1f%%)   latency p10 %7.3f (x%.2f)'
          % (x['name'], t['p10'], t['ratio'], 100 * t['spread'], l['p10'], l['ratio']))
PY
# five back-to-back runs while another process keeps one core busy: each
# ratio (throughput and latency, NAF and optimal over the multiply: the
# forms' p10 over the multiply's, bench's headline) must agree within 10%
# across the runs (max / min <= 1.10).  A run that fell wholly in a slow
# state of the machine (every throughput loop 25-40% slower for seconds
# to minutes, not by one factor: doc/bench.md) is run again, at most five
# reruns, each said (bench/bench_five.sh, bench/bench_state.py); the five
# as they first came are shown beside
sh -c 'while :; do :; done' &
busy=$!
bench/bench_five.sh "$out" || { kill "$busy"; exit 1; }
kill "$busy"; wait "$busy" 2>/dev/null
read -r wmed wmax cmed rounds <<EOF
$(python3 - "$out/times" "$out"/r1 "$out"/r2 "$out"/r3 "$out"/r4 "$out"/r5 <<'PY'
import json, statistics, sys
t = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
runs = [json.load(open(f)) for f in sys.argv[2:]]
print('%.1f %.1f %.2f %s' % (statistics.median(x[0] for x in t), max(x[0] for x in t),
      statistics.median(x[1] + x[2] for x in t), ','.join(str(r['runs']) for r in runs)))
PY
)
EOF
echo "  5 runs, one core busy: wall s median $wmed, processor s median $cmed, rounds $rounds"
check "5 runs, one core busy: largest wall s" "$wmax" "<=" 15
spread=$(python3 - "$out"/r1 "$out"/r2 "$out"/r3 "$out"/r4 "$out"/r5 <<'PY'
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:]]
worst = 0
for kind in ('throughput', 'latency'):
    for k in (1, 2):
        rs = [r['variants'][k][kind]['ratio'] for r in runs]
        name = runs[0]['variants'][k]['name'].split(' 0x')[0]
        sys.stderr.write('  %-10s %-18s / multiply: %s (median %.2f, max/min %.3f)\n'
                         % (kind, name, ' '.join('%.2f' % x for x in rs),
                            sorted(rs)[len(rs) // 2], max(rs) / min(rs)))
        # beside it, from the same blocks, the headline before (issue 25):
        # the median over the rounds of the block over the multiply's
        ns = (lambda x: x['ns']) if kind == 'throughput' else (lambda x: x['latency']['ns'])
        old = [sorted(a / b for a, b in zip(ns(r['variants'][k]), ns(r['variants'][0])))[r['runs'] // 2]
               for r in runs]
        sys.stderr.write('  %-29s (median of the rounds\' quotients, before: max/min %.3f)\n'
                         % ('', max(old) / min(old)))
        worst = max(worst, max(rs) / min(rs))
# what moved when a ratio did: each form's own p10 run by run (a whole run
# of a slow multiply, doc/bench.md, or the machine slower for every form)
for kind in ('throughput', 'latency'):
    for k, v in enumerate(runs[0]['variants']):
        ps = [r['variants'][k][kind]['p10'] for r in runs]
        sys.stderr.write('  %-10s %-18s p10 ns: %s (max/min %.3f)\n'
                         % (kind, v['name'].split(' 0x')[0],
                            ' '.join('%.3f' % x for x in ps),
                            max(ps) / min(ps)))
print('%.3f' % worst)
PY
)
first=$(python3 - "$out"/first/r1 "$out"/first/r2 "$out"/first/r3 "$out"/first/r4 "$out"/first/r5 <<'PY'
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:]]
print('%.3f' % max(max(rs) / min(rs) for rs in
      ([r['variants'][k][kind]['ratio'] for r in runs]
       for kind in ('throughput', 'latency') for k in (1, 2))))
PY
)
echo "  the five runs as they first came (before any rerun): worst ratio max/min $first"
check "5 runs, one core busy: worst ratio max/min" "$spread" "<=" 1.10
./cfx bench 0x9e370001 --against 0x61C88647 --runs 30 --json >"$out/a" 2>/dev/null || { echo "  cfx bench --against failed"; exit 1; }
python3 - "$out/a" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print('  the seed\'s question: 0x9e370001 (sparse prime, 2002) against 0x61C88647')
for x in j['variants']:
    print('    %-28s %7.3f ns/hash' % (x['name'], x['ns_median']))
for c in j['stats']['comparisons']:
    r = c['ratio']
    print('    %-28s / multiply 0x61c88647: %.3f (%.3f .. %.3f)' % (c['sample'], r['estimate'], r['lo'], r['hi']))
PY
# a second figure that load cannot disturb: instructions per hash of each
# compiled loop, counted by callgrind (cfx bench --json says how many
# hashes each function computed)
if command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null; then
	(cd "$out" && valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
		"$root/cfx" bench 0x61C88647 --runs 3 --table-bits 8 --json >"$out/cj" 2>/dev/null)
	callgrind_annotate "$out/cg" 2>/dev/null |
		sed -En 's/^ *([0-9,]+) .*:(cfx_bench_[0-9]+) .*/\2 \1/p' | tr -d , >"$out/ir"
	python3 - "$out/cj" "$out/ir" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
ir = dict(l.split() for l in open(sys.argv[2]))
print('  instructions per hash (callgrind, the whole counting loop):')
for v in j['variants']:
    if v['function'] in ir:
        print('    %-28s %6.2f' % (v['name'], int(ir[v['function']]) / v['hashes_run']))
PY
fi
