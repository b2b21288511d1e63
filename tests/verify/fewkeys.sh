#!/bin/bash
# Families of few keys (F2 of the closing note): strides 2^s whose keys
# k 2^s, k < 2^(n-s), are too few for the sequential reference's cells
# (2^42..2^60 at 64 bits, 2^10..2^28 at 32) printed "S% do better" with
# S = 1 - the Gauss-Kuzmin probability, which is no share: `cfx verify
# --full 0x1b5577d00e266d1` said 91.3% do better for stride 2^60, where
# every odd multiplier gives R 0.681.  Now, checked by a brute force here
# (Python integers, the keys from their definition):
#  - where n - s <= 10 the keys' R depends on p mod 2^(n-s) only (checked
#    on random full-width multipliers), so every odd residue is counted:
#    when all give the row's R the row says "every odd multiplier gives
#    this R", else its share is the exact share of residues below it;
#  - otherwise (w = 11..22) the row's share is of the sequential keys on
#    w-bit words (1000 random odd multipliers mod 2^w, make calibrate);
#    at w = 11 it is compared with 400 random residues counted here;
#  - no row says "1 in 1" (a probability over 0.1 is written "1 in 1.3").
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "fewkeys: python3 not found; 0 passed, 1 failed"; exit 1; }

cat >"$tmp/check.py" <<'PYEOF'
import json, random, re, sys
text = open(sys.argv[1]).read(); o = json.load(open(sys.argv[2]))
p, n, tables = int(o["value"]), o["bits"], o["table_bits"]
M = (1 << n) - 1

def share_text(s):           # verify_share_text, sig 3
    if s >= 99.95: return ">99.9"
    if s < 0.05: return "<0.1"
    if s >= 99.5 or s < 0.5: return "%.1f" % s
    return "%.3g" % s

def worst(q, s):
    w, nkeys = 0, 1 << (n - s)
    for b in tables:
        for load in (1, 2, 4, 8):
            K = load << b
            if K > nkeys: continue
            c = [0] * (1 << b)
            for k in range(K):
                c[(((k << s) & M) * q & M) >> (n - b)] += 1
            e = (K * (1 - 1 / (1 << b)) + K * K / (1 << b) + K) / 2
            w = max(w, sum(x * (x + 1) / 2 for x in c) / e)
    return w

rows, last = {}, None
for l in text.splitlines():
    m = re.match(r"(stride 2\^\d+)\s+(PASS|WARN|FAIL|INFO)\s+(.*)", l)
    if m: rows[m.group(1)] = m.group(3); last = m.group(1)
    elif last and l.startswith("      "): rows[last] += " " + l.strip()
    else: last = None
rnd = random.Random(7)
fails = 0
def bad(msg):
    global fails; fails += 1; print("FAIL " + msg)
for f in o["battery"]:
    name = f["name"]
    if not name.startswith("stride 2^") or not f["cells"]: continue
    s = int(name[9:]); w = n - s
    if f["keys"] >= 8 << max(tables): continue      # the reference's
    row = rows[name]
    if w > 10:
        # ranked against the sequential keys on w-bit words (1000 random
        # odd multipliers mod 2^w): a share on the row; at w = 11, that
        # share against 400 random residues counted here (4 sigma)
        m = re.search(r"(>?<?[0-9.]+)% do better", row)
        if not m or "not ranked" in row:
            bad("%s: %s (expected: a share)" % (name, row))
            continue
        if w == 11:
            r = f["worst_probe_ratio"]
            smp = [worst(rnd.getrandbits(w) | 1, s) for _ in range(400)]
            below = 100 * sum(x < r * (1 - 1e-12) for x in smp) / len(smp)
            got = float(m.group(1).lstrip("<>"))
            sd = max(100 * (below / 100 * (1 - below / 100) / 400) ** 0.5, 1)
            if abs(got - below) > 4 * sd + 1:
                bad("%s: %s%% do better, 400 residues give %.1f%%" % (name, m.group(1), below))
            else:
                print("ok   %s: %s%% do better, 400 residues here %.1f%%" % (name, m.group(1), below))
        continue
    r = f["worst_probe_ratio"]
    if abs(worst(p, s) - r) > 1e-9 * r: bad("%s: R %s, brute %s" % (name, r, worst(p, s)))
    for _ in range(3):       # R depends on p mod 2^w only
        q = rnd.getrandbits(n) | 1
        if worst(q, s) != worst(q & ((1 << w) - 1), s): bad("%s: mod 2^w" % name)
    all_r = [worst(m, s) for m in range(1, 1 << w, 2)]
    if all(abs(x - r) <= 1e-12 * r for x in all_r):
        if "every odd multiplier gives this R" not in row:
            bad("%s: all %d residues give R %.3g, the row: %s" % (name, len(all_r), r, row))
        else: print("ok   %s: every odd multiplier, as the %d residues" % (name, len(all_r)))
        continue
    below = 100 * sum(x < r * (1 - 1e-12) for x in all_r) / len(all_r)
    want = "%s%% do better" % share_text(below)
    if want not in row: bad("%s: expected '%s' (exact over %d), the row: %s" % (name, want, len(all_r), row))
    else: print("ok   %s: %s, exact over %d residues" % (name, want, len(all_r)))
if re.search(r"1 in 1 by", text): bad("'1 in 1 by Gauss-Kuzmin'")
print("fails", fails)
PYEOF

for args in "0x1b5577d00e266d1" "0x9e3779b97f4a7c15" "0x9e3779b9" "0x61c88647"; do
	./cfx verify --full $args >"$tmp/t" 2>/dev/null
	./cfx verify --full --json $args >"$tmp/j" 2>/dev/null
	out=$($py "$tmp/check.py" "$tmp/t" "$tmp/j" 2>&1)
	nf=$(echo "$out" | sed -n 's/^fails //p')
	echo "$out" | grep -E '^(ok|FAIL) ' | sed 's/^/    /'
	expect "$args: few-key strides say what is true (brute force)" '[ "$nf" = 0 ]'
done
done_suite fewkeys
