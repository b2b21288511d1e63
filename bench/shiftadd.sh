#!/bin/bash
# make bench, part: is the shift/add form of GOLDEN_RATIO_32 faster than
# the multiply on this machine?  `cfx bench` with R = 30 interleaved rounds;
# the figures are stated, not judged (the answer depends on the CPU: a
# fast multiplier wins on anything recent).  Also the seed's question:
# the 2002 sparse prime 0x9e370001 in shift/add form against the golden
# multiply.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
. "$(dirname "$0")/lib.sh"
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT

echo "cfx bench: multiply against shift/add, 30 rounds ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
./cfx bench 0x61C88647 --runs 30 --json >"$out/j" 2>/dev/null || { echo "  cfx bench failed"; exit 1; }
python3 - "$out/j" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
v = j['variants']
print('  0x61C88647 (GOLDEN_RATIO_32), %d %s keys into 2^%d counters, %s'
      % (j['count'], j['keys'], j['table_bits'], j['compiler']))
for x in v:
    print('    %-28s %7.3f ns/hash (median of %d)' % (x['name'], x['ns_median'], len(x['ns'])))
for c in j['stats']['comparisons']:
    r, t = c['ratio'], c['student']
    form = c['sample'].split(' 0x')[0]
    print('    %s / multiply: median ratio %.3f, 95%% interval %.3f .. %.3f (bootstrap)'
          % (form, r['estimate'], r['lo'], r['hi']))
    print('      difference of means %+.3f +/- %.3f ns (%+.1f%% +/- %.1f%%), %s'
          % (t['difference'], t['error'], t['percent'], t['percent_error'],
             'proven at 95%' if t['significant'] else 'not proven at 95%'))
PY
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
