#!/bin/bash
# cfx bench's rounds take turns on copies of the keys and the counter
# table, each placed apart (issue 25 point 4: where one copy lay decided
# a whole run's speed by up to 14%).  Checked from --json against
# Python's own arithmetic, no timing judged:
# * how many copies: as many as fit 10 MiB (keys and table of one copy:
#   count * word bytes + 4 * 2^B), 1 at least, 128 at most, or
#   $CFX_BENCH_COPIES; and bad values of it refused in one line;
# * where: the keys' and the table's offsets in their pages (from their
#   addresses) differ from copy to copy, and so does their difference;
# * round r on copy r mod n: each copy's rounds, and the sum of its
#   counters after the run, rounds * (passes of every form + 1 untimed)
#   * keys, mod 2^32 (a copy no round used counts nothing);
# * each form's table of one pass (largest counter, empty ones, sum of
#   squares) is Python's count of the same keys hashed by the multiply.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "bench_copies.sh: ./cfx not built (make cfx)"; exit 2; }
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# check JSON RUNS FORMS COPIES: the copies' count, places and sums
check() {
	python3 - "$@" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
runs, forms, want = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
word = {8: 1, 16: 2, 32: 4}.get(j['bits'], 8) if j['bits'] <= 32 else 8
one = j['count'] * word + 4 * 2 ** j['table_bits']
n = int(want) if want != 'fit' else min(128, max(1, 10 * 2 ** 20 // one))
assert j['runs'] == runs and len(j['variants']) == forms
got = (j['copies'], j['copy_bytes'], j['copies_bytes'])
assert got == (n, one, n * one), (got, n, one)
p = j['placements']
assert len(p) == n
reps = j['passes_per_round']
for i, c in enumerate(p):
    r = len(range(i, runs, n))
    assert c['rounds'] == r, (i, c, r)
    want_sum = r * (forms * reps + 1) * j['count'] % 2 ** 32
    assert c['counted'] == want_sum, (i, c, want_sum)
    assert c['keys_offset'] % 64 == 0 and c['table_offset'] % 64 == 0, c
ko = [c['keys_offset'] for c in p]
d = [(c['table_offset'] - c['keys_offset']) % 4096 for c in p]
assert len(set(zip(ko, d))) == n, 'two copies at the same offsets'
if n >= 64:
    spread = (len(set(ko)), len(set(d)))
    assert min(spread) >= 32, spread
PY
}

# table JSON P BITS B KEYS: each form's one-pass table is Python's
table() {
	python3 - "$@" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
p, keys = int(sys.argv[2], 0), sys.argv[5]
bits, b = int(sys.argv[3]), int(sys.argv[4])
step = int(keys.split(':')[1]) if keys.startswith('stride:') else 1
t = [0] * 2 ** b
for k in range(j['count']):
    t[(k * step * p % 2 ** bits) >> (bits - b)] += 1
want = {'largest': max(t), 'empty': t.count(0),
        'squares': str(sum(x * x for x in t))}
for v in j['variants']:
    assert v['table'] == want, (v['name'], v['table'], want)
PY
}

run() {   # run NAME ARGS...: cfx bench ARGS --json into $tmp/NAME
	local name=$1; shift
	./cfx bench "$@" --json >"$tmp/$name" 2>"$tmp/$name.err" ||
		{ bad "bench $*: $(head -3 "$tmp/$name.err")"; return 1; }
}

# 256 keys and 64 counters (1280 bytes): 128 copies, 5 rounds on 0..4
run a 0x61C88647 --runs 5 --table-bits 6 &&
	{ check "$tmp/a" 5 3 fit && ok || bad "128 copies"; } &&
	{ table "$tmp/a" 0x61C88647 32 6 seq && ok || bad "tables 0x61C88647"; }
# 65536 keys, 2^14 counters (320 KiB): 32 copies; 37 rounds go round
run b 0x9e370001 --runs 37 --table-bits 14 &&
	{ check "$tmp/b" 37 3 fit && ok || bad "32 copies"; }
# 2^20 keys and 2^16 counters (4.25 MiB): 2 copies
run c 0x61C88647 --runs 3 --table-bits 16 --count 1048576 &&
	{ check "$tmp/c" 3 3 fit && ok || bad "2 copies"; }
# 64-bit keys; --against's six forms; stride keys that collapse
run d 0x9e37fffffffc0001 --runs 9 --table-bits 8 --keys stride:4096 &&
	{ check "$tmp/d" 9 3 fit && ok || bad "64 bits"; } &&
	{ table "$tmp/d" 0x9e37fffffffc0001 64 8 stride:4096 &&
		ok || bad "tables 64 bits"; }
run e 0x61C88647 --against 0x9e370001 --runs 7 --table-bits 6 &&
	{ check "$tmp/e" 7 6 fit && ok || bad "--against"; }
run f 0x9e370001 --runs 5 --table-bits 12 --keys stride:4096 &&
	{ table "$tmp/f" 0x9e370001 32 12 stride:4096 &&
		ok || bad "tables stride:4096"; }
run g 0x5b --bits 8 --runs 3 --table-bits 4 &&
	{ table "$tmp/g" 0x5b 8 4 seq && ok || bad "tables 0x5b, 8 bits"; }
# $CFX_BENCH_COPIES: 3 copies, 7 rounds: 3, 2 and 2 of them
CFX_BENCH_COPIES=3 run h 0x61C88647 --runs 7 --table-bits 6 &&
	{ check "$tmp/h" 7 3 3 && ok || bad "CFX_BENCH_COPIES=3"; }
CFX_BENCH_COPIES=1 run i 0x61C88647 --runs 3 --table-bits 6 &&
	{ check "$tmp/i" 3 3 1 && ok || bad "CFX_BENCH_COPIES=1"; }

# the text says it in one line
./cfx bench 0x61C88647 --runs 3 --table-bits 6 2>/dev/null >"$tmp/t"
line='placement: round r runs on copy r mod 128 of the keys and counters'
grep -qx "$line (0.2 MiB)." "$tmp/t" &&
	ok || bad "the placement line: $(grep placement "$tmp/t")"

# bad values: one line naming the value, status 2, nothing on stdout
for v in 0 129 -1 3x ' 3' 99999999999999999999; do
	CFX_BENCH_COPIES=$v ./cfx bench 0x61C88647 --runs 3 --table-bits 6 \
		>"$tmp/o" 2>"$tmp/e"
	st=$?
	want="cfx: bench: \$CFX_BENCH_COPIES is not a number of copies"
	want="$want from 1 to 128 (CFX_BENCH_COPIES=$v)"
	[ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(cat "$tmp/e")" = "$want" ] &&
		ok || bad "CFX_BENCH_COPIES='$v': status $st, $(cat "$tmp/e")"
done

echo "bench_copies.sh: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
