#!/bin/bash
# cfx verify --keys FAMILY: the user's own keys (any family score takes,
# key files through the same reader), judged first in the report and in
# the JSON, checked against a brute force here: the keys rebuilt from the
# family's definition (man cfx, KEY FAMILIES), each cell's first K =
# load 2^b distinct keys in ascending order counted bucket by bucket with
# Python's integers, R = sum c(c+1)/2 over the loads / its expectation;
# and the rank recomputed from the reference's definition in verify.h
# (splitmix64 from the seed "keys", the share of those multipliers whose
# worst R is below the candidate's).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "keys: python3 not found; 0 passed, 1 failed"; exit 1; }

cat >"$tmp/brute.py" <<'PYEOF'
import json, sys
M64 = (1 << 64) - 1
def R(keys, p, n, b):
    mask = (1 << n) - 1; m = 1 << b; c = [0] * m
    for k in keys:
        c[((k * p) & mask) >> (n - b)] += 1
    K = len(keys)
    return sum(x * (x + 1) / 2 for x in c) / ((K * (1 - 1 / m) + K * K / m + K) / 2)
def worst(keys, p, n, tables):
    w = 0
    for b in tables:
        for load in (1, 2, 4, 8):
            K = load << b
            if K <= len(keys):
                w = max(w, R(keys[:K], p, n, b))
    return w
def splitmix(seed, i, n):
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    z ^= z >> 31
    return (z & ((1 << n) - 1)) | 1
o = json.load(open(sys.argv[1]))
keys = sorted(set(int(x, 0) & ((1 << o["bits"]) - 1) for x in open(sys.argv[2])))
p, n, tables = int(o["value"]), o["bits"], o["table_bits"]
fam = [f for f in o["battery"] if f.get("yours")][0]
chk = o["checks"][0]
assert chk.get("yours") and chk["name"] == fam["name"], "not first: %s" % chk
w = worst(keys, p, n, tables)
assert abs(w - fam["worst_probe_ratio"]) < 1e-9 * w, (w, fam["worst_probe_ratio"])
if sys.argv[3] == "rank":
    m = int(sys.argv[4])
    ref = [worst(keys, splitmix(0x6b657973, i, n), n, tables) for i in range(m)]
    below = sum(r < w for r in ref) / m * 100
    assert abs(below - fam["percentile"]) <= 100 / m + 1e-9, (below, fam["percentile"])
    # the row says the count, all a sample of m can show: "16 of 100"
    k = sum(r < w for r in ref)
    said = "all %d" % m if k == m else "%d of %d" % (k, m)
    assert said + " random odd" in chk["detail"], (said, chk["detail"])
    assert (fam.get("sample_count"), fam.get("sample_better")) == (m, k)
print(fam["status"], "%.4g" % w)
PYEOF

# keys in a file: a checkerboard of packed ids (x << 20 | y), some
# repeated and some above the word (reduced mod 2^n, as score does)
$py -c '
for x in range(60):
    for y in range(50):
        print(hex((x << 20 | y) + (7 << 32 if x % 7 == 0 else 0)))
print(5); print(5)' >"$tmp/packed.txt"
for p in 0x9e3779b9 0x01000193 0x61c88647; do
	./cfx verify $p --table-bits 4-9 --keys file:"$tmp/packed.txt" --json \
		>"$tmp/o.json" 2>"$tmp/e"
	if got=$($py "$tmp/brute.py" "$tmp/o.json" "$tmp/packed.txt" rank 100 2>&1)
	then ok "file keys, $p: R and rank as the brute force ($got)"
	else bad "file keys, $p: $got $(cat "$tmp/e")"; fi
done

# a set built to collapse: keys k p^-1 mod 2^32 (k < 3000) hash to k,
# all in bucket 0 of every table: R far above every random multiplier's,
# FAIL, exit 1; the report shows it first
p=0x9e3779b9
$py -c "
p = $p; inv = pow(p, -1, 1 << 32)
for k in range(3000): print(k * inv % (1 << 32))" >"$tmp/bad.txt"
./cfx verify $p --table-bits 4-10 --keys file:"$tmp/bad.txt" --json >"$tmp/o.json"
st=$?
if got=$($py "$tmp/brute.py" "$tmp/o.json" "$tmp/bad.txt" rank 100 2>&1) &&
   [ "$st" = 1 ] && [[ $got == FAIL* ]]
then ok "a collapsing key file FAILs, exit 1 ($got)"
else bad "collapsing key file: status $st, $got"; fi
./cfx verify $p --table-bits 4-10 --keys file:"$tmp/bad.txt" >"$tmp/o"
if [[ $(sed -n '/^check /{n;p;q}' "$tmp/o") == "keys file:"*"(yours) FAIL"* ]] &&
   [ "$(grep -c '(yours) [A-Z]* ' "$tmp/o")" = 1 ]
then ok "the report shows the key family first"
else bad "report: $(sed -n '/^check /{n;p;q}' "$tmp/o")"; fi

# generated families: seq:START and stride:S are progressions (judged as
# --stride is, by their effective multiplier), recounted here from the
# family's definition (the random ones come from GSL's MT19937, not
# rebuilt here; they go through the key-set path that file keys test)
./cfx verify 0x9e3779b9 --table-bits 4-8 --keys seq:1000 --json >"$tmp/o.json"
$py -c 'for k in range(1000, 1000 + 8 * 256): print(k)' >"$tmp/seq.txt"
if got=$($py "$tmp/brute.py" "$tmp/o.json" "$tmp/seq.txt" R 2>&1)
then ok "seq:1000: R as the brute force ($got)"
else bad "seq:1000: $got"; fi
./cfx verify 0x9e3779b9 --table-bits 4-8 --keys stride:4097 --json >"$tmp/o.json"
$py -c 'for k in range(8 * 256): print(k * 4097 % 2**32)' >"$tmp/st.txt"
if got=$($py "$tmp/brute.py" "$tmp/o.json" "$tmp/st.txt" R 2>&1) &&
   $py -c 'import json,sys; f=[f for f in json.load(open(sys.argv[1]))["battery"] if f.get("yours")][0]; assert "step" not in f' "$tmp/o.json"
# at tables of yours a progression is ranked as a key set is (the same
# keys from a file, the same rank: verify/same_keys.sh), so no "step"
then ok "stride:4097 at --table-bits: a key set, R as the brute force ($got)"
else bad "stride:4097: $got"; fi
# a family at a table list of one size: judged at exactly those cells
./cfx verify 0x9e3779b9 --table-bits 6 --keys file:"$tmp/packed.txt" --json >"$tmp/o.json"
if got=$($py "$tmp/brute.py" "$tmp/o.json" "$tmp/packed.txt" rank 100 2>&1)
then ok "--table-bits 6: the family's cells at 2^6 only ($got)"
else bad "--table-bits 6: $got"; fi

# bad families: exit 2, one line naming the token, nothing on stdout
refused() {
	local tok=$1; shift
	./cfx verify 0x9e3779b9 "$@" >"$tmp/o" 2>"$tmp/e"; local st=$?
	[ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" = 1 ] &&
		grep -qF "($tok)" "$tmp/e"
}
for k in bogus stride: 'seq:x' 'file:/nonexistent/keys' 'stride:0'; do
	if refused "${k#file:}" --keys "$k" || refused "$k" --keys "$k"
	then ok "--keys $k: refused, naming it"
	else bad "--keys $k: $(cat "$tmp/e")"; fi
done
printf '12\nnot-a-number\n' >"$tmp/junk.txt"
if refused "not-a-number" --keys file:"$tmp/junk.txt" ||
   refused "$tmp/junk.txt" --keys file:"$tmp/junk.txt"
then ok "a key file with a bad line: refused, naming it"
else bad "bad key file: $(cat "$tmp/e")"; fi

done_suite keys
