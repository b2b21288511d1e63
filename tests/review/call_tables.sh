#!/bin/bash
# cfx review: a table size that only a call shows (issue 23).
# "static inline u32 my_hash(u32 x, unsigned int bits) { return (x *
# MY_MULT) >> (32 - bits); }" and later my_hash(key, 10) and my_hash(key,
# MY_HASH_BITS) with #define MY_HASH_BITS 12: the tables are 2^10 and
# 2^12, found through the calls, both judged, and where each came from
# said.  Review judged verify's default range ("the code does not show
# the size").  The oracle is the C compiler: each call is compiled and run
# over 2^16 keys, and the largest index it returns has exactly B bits
# (below 2^B, at least 2^(B-1)): the set of B must be the tables review
# judges.  A call with bits 40 or 0 is run under -fsanitize=undefined: the
# shift exponent ubsan reports is the count review's ERROR names.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# FILE's functions c1 .. cN (each one call of my_hash) compiled and run:
# the bits of each one's largest index over 2^16 keys, space-separated
index_bits() { max_bits $(seq -f 'c%g' 1 "$2") < "$1"; }

cat > "$tmp/calls.c" <<'C'
#define MY_MULT 0x9e3779b1u
#define MY_HASH_BITS 12
static inline u32 my_hash(u32 x, unsigned int bits)
{
	return (x * MY_MULT) >> (32 - bits);
}
static u32 c1(u32 key)
{
	return my_hash(key, 10);
}
static u32 c2(u32 key)
{
	return my_hash(key, MY_HASH_BITS);
}
C
b=$(index_bits "$tmp/calls.c" 2); b=${b% }
expect "cc: the calls index with $b bits (10 and 12)" '[ "$b" = "10 12" ]'
$cfx review "$tmp/calls.c" > "$tmp/o" 2>&1; rc=$?
expect "both tables judged, each call's line and argument said; exit $rc" \
	'[ $rc = 0 ] && grep -q "calls.c:1: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, tables 2^10 and 2^12 from the calls of my_hash() (its bits for >> (32 - bits) at line 5): 2^10 at line 9 (10), 2^12 at line 13 (MY_HASH_BITS = 12)$" "$tmp/o" &&
	 ! grep -q "does not show" "$tmp/o"'
$cfx review --json "$tmp/calls.c" > "$tmp/j"
expect "--json: tables [10, 12], what cc measured" \
	'python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))[\"files\"][0][\"multipliers\"][0]
want = [int(x) for x in sys.argv[2].split()]
sys.exit(not (m[\"tables\"] == sorted(set(want)) and m[\"table_bits\"] == min(want) and \"my_hash()\" in m[\"table_why\"]))" "$tmp/j" "$b"'

# one call: that table; three calls, one repeated: each size once
sed '/^static u32 c2/,$d' "$tmp/calls.c" > "$tmp/one.c"
b=$(index_bits "$tmp/one.c" 1); b=${b% }
$cfx review "$tmp/one.c" > "$tmp/o" 2>&1
expect "one call (cc: $b bits): a table of 2^$b from my_hash(..., 10) at line 9" \
	'[ "$b" = 10 ] && grep -q "PASS, [0-9]* checks on 32-bit words, a table of 2^10 from my_hash(..., 10) at line 9, its bits for >> (32 - bits) at line 5$" "$tmp/o"'
{ cat "$tmp/calls.c"; printf 'static u32 c3(u32 key)\n{\n\treturn my_hash(key, 16) ^ my_hash(key, 10);\n}\n'; } > "$tmp/three.c"
printf 'static u32 c4(u32 key)\n{\n\treturn my_hash(key, 16);\n}\n' >> "$tmp/three.c"
b=$(index_bits "$tmp/three.c" 4 | tr ' ' '\n' | sed '/^$/d' | sort -un | tr '\n' ' '); b=${b% }
$cfx review "$tmp/three.c" > "$tmp/o" 2>&1
expect "four calls, sizes 10 12 16 10 16 (cc's largest indexes: $b): tables 2^10, 2^12 and 2^16" \
	'[ "$b" = "10 12 16" ] && grep -q "PASS, [0-9]* checks on 32-bit words, tables 2^10, 2^12 and 2^16 from the calls of my_hash()" "$tmp/o"'

# a call of 40 beside one of 10: an ERROR at the call, 2^10 judged
sed '/MY_HASH_BITS 12/d; s/my_hash(key, MY_HASH_BITS)/my_hash(key, 40)/' "$tmp/calls.c" > "$tmp/bad.c"
e=$(ubsan_shift c2 < "$tmp/bad.c")
$cfx review "$tmp/bad.c" > "$tmp/o" 2>&1; rc=$?
expect "my_hash(key, 40): ubsan's shift by $e, review's ERROR at line 12 with that count; 2^10 still judged; exit 1" \
	'[ "$e" = "$(python3 -c "print((32 - 40) % 2**32)")" ] && [ $rc = 1 ] &&
	 grep -q "bad.c:12: ERROR: my_hash(..., 40) at line 12 asks for a table of 2^40: my_hash().s >> (32 - bits) at line 4 then shifts its 32-bit product by $e (bits is unsigned" "$tmp/o" &&
	 grep -q "PASS, [0-9]* checks on 32-bit words, a table of 2^10 from" "$tmp/o"'
sed 's/key, 10)/key, 0)/' "$tmp/bad.c" > "$tmp/zero.c"
$cfx review "$tmp/zero.c" > "$tmp/o" 2>&1; rc=$?
expect "calls of 0 and 40 only: two ERRORs, not judged" \
	'[ $rc = 1 ] && [ "$(grep -c ": ERROR: my_hash(..., " "$tmp/o")" = 2 ] && grep -q "zero.c:8: ERROR: my_hash(..., 0) at line 8 .* by 32 (bits is unsigned: 32 - 0 mod 2^32), its whole width" "$tmp/o" &&
	 grep -q "is not judged" "$tmp/o" && ! grep -q ": PASS\|: FAIL" "$tmp/o"'

# controls: a call whose bits is a variable shows no size
sed 's/my_hash(key, 10)/my_hash(key, n)/; s/static u32 c1(u32 key)/static u32 c1(u32 key, unsigned n)/; /^static u32 c2/,$d' "$tmp/calls.c" > "$tmp/var.c"
$cfx review "$tmp/var.c" > "$tmp/o" 2>&1
expect "my_hash(key, n): the code does not show the size, as before" \
	'grep -q "tables 2^4..2^20: the code does not show the size (>> (32 - bits) at line 5 takes bits, a parameter of my_hash())" "$tmp/o"'
# ---- a shift/add sequence whose bits only its callers give (issue 23):
# the kernel's hash_64_generic(val, bits) with its multiply by C =
# 0x61c9ffffe0b583eb written as the steps of C's NAF (python writes them
# from lib_naf.py and replays them), "return hash >> (64 - bits);", the
# kernel's "#define hash_64 hash_64_generic", and callers hash_64(key, 14)
# and hash_64(key, 18).  Review judged the sequence at verify's default
# 2^4..2^20 ("its size is not in the code"), not at its callers' tables.
# Oracles: the C compiler (each caller's largest index has 14 or 18
# bits), python's bucket counts (R = lookups over a random hash's, the
# formula of tests/verify/brute.py: keys k 2^s, s = 7..15, and k0 + k
# 4096 fill one bucket in 22 at 2^14, but not at 2^18), and verify at each
# table alone (FAIL at 2^14, PASS at 2^18; verify is tested against brute
# force in tests/verify).  Review ranks at the callers' tables as verify
# --table-bits does (random odd multipliers at those tables).
C=61c9ffffe0b583eb
python3 - "$tmp/gen.c" "$C" > "$tmp/replay" <<'PY'
import re, sys
sys.path.insert(0, "tests/review")
from lib_naf import naf
f, c = sys.argv[1], int(sys.argv[2], 16)
d = naf(c)
steps = ["hash = %sval;" % ("0 - " if d[0][1] < 0 else ""), "n = val;"]
if d[0][0]:
    steps += ["n <<= %d;" % d[0][0], "hash = n;"]
for (k0, _), (k1, z) in zip(d, d[1:]):
    steps += ["n <<= %d;" % (k1 - k0), "hash %s= n;" % "+-"[z < 0]]
with open(f, "w") as o:
    o.write("#define hash_64 hash_64_generic\n"
            "static inline u32 hash_64_generic(u64 val, unsigned int bits)\n"
            "{\n\tu64 hash, n;\n\n")
    o.writelines("\t%s\n" % s for s in steps)
    o.write("\treturn hash >> (64 - bits);\n}\n"
            "static u32 c1(u64 key)\n{\n\treturn hash_64(key, 14);\n}\n"
            "static u32 c2(u64 key)\n{\n\treturn hash_64(key, 18);\n}\n")
M, v = 2**64 - 1, {"val": 1, "hash": 0, "n": 0}
for s in steps:
    lhs, op, rhs = re.fullmatch(r"(\w+) (=|\+=|-=|<<=) (.*);", s).groups()
    r = eval(rhs, {}, dict(v)) & M
    v[lhs] = (r if op == "=" else v[lhs] + r if op == "+=" else
              v[lhs] - r if op == "-=" else v[lhs] << r) & M
print("%x" % v["hash"])
PY
sl=$(grep -n 'hash = ' "$tmp/gen.c" | head -1 | cut -d: -f1)
sh=$(grep -n 'return hash >>' "$tmp/gen.c" | cut -d: -f1)
l1=$(grep -n 'hash_64(key, 14)' "$tmp/gen.c" | cut -d: -f1)
l2=$(grep -n 'hash_64(key, 18)' "$tmp/gen.c" | cut -d: -f1)
b=$(index_bits "$tmp/gen.c" 2); b=${b% }
expect "python's replay of the steps: 0x$(cat "$tmp/replay"); cc: the callers index with $b bits (14 and 18)" \
	'[ "$(cat "$tmp/replay")" = "$C" ] && [ "$b" = "14 18" ]'
# R of keys k 2^s (s = 7..15) and 0x2545f4914f6cdd1d + k 4096, one key a
# bucket, at 2^14 and 2^18: "lo hi" (the least of them at 2^14, the most
# at 2^18)
read -r rlo rhi < <(python3 - "$C" <<'PY'
import sys
P, M = int(sys.argv[1], 16), 2**64 - 1
def R(keys, b):
    m, K = 1 << b, len(keys)
    c = [0] * m
    for k in keys:
        c[((k * P) & M) >> (64 - b)] += 1
    return sum(x * (x + 1) / 2 for x in c) / ((K * (1 - 1 / m) + K * K / m + K) / 2)
def fams(K):
    return [[(k << s) & M for k in range(K)] for s in range(7, 16)] + \
           [[(0x2545f4914f6cdd1d + k * 4096) & M for k in range(K)]]
print("%.1f %.1f" % (min(R(f, 14) for f in fams(1 << 14)),
                     max(R(f, 18) for f in fams(1 << 18))))
PY
)
v14=$($cfx verify --bits 64 --table-bits 14 0x$C | head -1)
v18=$($cfx verify --bits 64 --table-bits 18 0x$C | head -1)
expect "python: 10 families at R >= $rlo at 2^14, R <= $rhi at 2^18; verify: '${v14#*: }' at 2^14, '${v18#*: }' at 2^18" \
	'python3 -c "import sys; sys.exit(not (float(sys.argv[1]) >= 20 and float(sys.argv[2]) < 2))" "$rlo" "$rhi" &&
	 [[ $v14 == *": FAIL, "* ]] && [[ $v18 == *": PASS, "* ]]'
$cfx review "$tmp/gen.c" > "$tmp/o" 2>&1; rc=$?
expect "review: the sequence judged at the callers' 2^14 and 2^18, not verify's default range; FAIL (2^14's), exit $rc" \
	'[ $rc = 1 ] && grep -q "/gen.c:$sl: ERROR: 0x$C: FAIL, .*; 64-bit words, tables 2^14 and 2^18 from the calls of hash_64_generic() (its bits for >> (64 - bits) at line $sh): 2^14 at line $l1 (14), 2^18 at line $l2 (18))$" "$tmp/o" &&
	 ! grep -q "2^4..2^20\|not in the code\|does not show" "$tmp/o"'
expect "  the table note names the callers too" \
	'grep -q "/gen.c:$sh: NOTE: then hash >> (64-bits): the product.s top bits, as many as bits, index the table (its sizes from the calls of hash_64_generic() " "$tmp/o"'
sed "/^static u32 c1/,/^}/d" "$tmp/gen.c" > "$tmp/fine.c"
$cfx review "$tmp/fine.c" > "$tmp/o" 2>&1; rc=$?
expect "only hash_64(key, 18): PASS at 2^18, as verify there; exit $rc" \
	'[ $rc = 0 ] && grep -q "/fine.c:$sl: NOTE: 0x$C: PASS, 97 checks on 64-bit words, a table of 2^18 from hash_64(..., 18) at line $((l2 - 4)), its bits for >> (64 - bits) at line $sh$" "$tmp/o"'
sed "/^static u32 c2/,/^}/d" "$tmp/gen.c" > "$tmp/bad.c"
$cfx review "$tmp/bad.c" > "$tmp/o" 2>&1; rc=$?
# verify's words at that table: its line one and its table's FAIL rows
fl=$($cfx verify --bits 64 --table-bits 14 0x$C |
	sed -n 's/^\(.*[^ ]\)  *FAIL  .*/\1/p' | paste -sd, | sed 's/,/, /g')
expect "only hash_64(key, 14): FAIL in verify's words at 2^14 ('FAIL, ${v14#*: FAIL, }': $fl); exit $rc" \
	'[ $rc = 1 ] && [ -n "$fl" ] &&
	 grep -qF "/bad.c:$sl: ERROR: 0x$C: FAIL, ${v14#*: FAIL, } ($fl, worst " "$tmp/o" &&
	 grep -qF "; 64-bit words, a table of 2^14 from hash_64(..., 14) at line $l1, its bits for >> (64 - bits) at line $sh)" "$tmp/o"'
# the same constant replacing the kernel's GOLDEN_RATIO_64, hash_64(k, 14)
kpatch GOLDEN_RATIO_64 0x61C8864680B583EB 0x$C \
	'u32 f(u64 k) { return hash_64(k, 14); }' > "$tmp/k.patch"
$cfx review "$tmp/k.patch" > "$tmp/o" 2>&1
expect "GOLDEN_RATIO_64 = 0x$C replacing 0x61C8864680B583EB: FAIL where the old one passed (verify at 2^14: PASS), its FAIL rows said" \
	'$cfx verify --bits 64 --table-bits 14 0x61C8864680B583EB >/dev/null &&
	 grep -qF "include/linux/hash.h:2: ERROR: 0x$C replaces 0x61C8864680B583EB: FAIL where the old one passed ($fl, worst " "$tmp/o" &&
	 grep -qF "; 64-bit words, a table of 2^14 from the calls of hash_64()" "$tmp/o"'
# a multiplier used only through macros: a function-like macro whose bits
# is a parameter, called with a define and with a literal, and a shift by
# a define of (32 - FOO_BITS): the tables are what cc measures of each
# use, not verify's default range (as a direct use is judged)
cat > "$tmp/macro.c" <<'C'
#define HASH_MUL 0x9e3779b1u
#define FOO_HASH(x, bits) (((x) * HASH_MUL) >> (32 - (bits)))
#define FOO_BITS 12
static u32 c1(u32 key)
{
	return FOO_HASH(key, FOO_BITS);
}
C
b=$(index_bits "$tmp/macro.c" 1); b=${b% }
review "$tmp/macro.c"
expect "FOO_HASH(key, FOO_BITS) (cc: $b bits): a table of 2^$b" \
	'[ "$b" = 12 ] && grep -q "on 32-bit words, a table of 2^$b from \
FOO_HASH(..., FOO_BITS = 12) at line 6, its bits for >> (32 - bits) at \
line 2$" "$tmp/o"'
sed 's/FOO_HASH(key, FOO_BITS)/FOO_HASH(key, 9)/' "$tmp/macro.c" \
	> "$tmp/macro9.c"
b=$(index_bits "$tmp/macro9.c" 1); b=${b% }
review "$tmp/macro9.c"
expect "FOO_HASH(key, 9) (cc: $b bits): a table of 2^$b" \
	'[ "$b" = 9 ] && grep -q "a table of 2^$b from FOO_HASH(..., 9)" \
	 "$tmp/o"'
cat > "$tmp/shiftdef.c" <<'C'
#define HASH_MUL 0x9e3779b1u
#define FOO_BITS 11
#define FOO_SHIFT (32 - FOO_BITS)
static u32 c1(u32 key)
{
	return (key * HASH_MUL) >> FOO_SHIFT;
}
C
b=$(index_bits "$tmp/shiftdef.c" 1); b=${b% }
review "$tmp/shiftdef.c"
expect ">> FOO_SHIFT, (32 - FOO_BITS) (cc: $b bits): a table of 2^$b" \
	'[ "$b" = 11 ] && grep -q "a table of 2^$b from >> FOO_SHIFT = \
(32 - FOO_BITS = 11) at line 6$" "$tmp/o"'
done_suite call_tables
