#!/bin/bash
# cfx review: every use of a multiplier judged (issue 23: a trial's
# #define M used as (x * M) >> 24 and in hash_32(x * M, 10) got "PASS"
# at the 2^10 table alone, exit 0, while the >> 24 use alone is an
# ERROR; likewise >> 22 before >> 16).  Each use that says another table
# is judged on its own, the report names each, and the worst verdict
# sets the exit status.  Oracles: python (the buckets of the keys k *
# 2^16 under each use, C's u32 wrap; the kernel's hash_32 product), the
# kernel's hash_32() compiled.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# python: how many buckets 256 keys k * 2^16 reach under (x * M) >> 24,
# and 1024 of them under hash_32(x * M, 10) (x * M * 0x61C88647 mod 2^32,
# top 10 bits); the product's hex
read -r b24 b10 comp < <(python3 -c '
M, G = 0x9e370001, 0x61C88647
k = [i << 16 for i in range(1024)]
print(len({(x * M % 2**32) >> 24 for x in k[:256]}),
      len({(x * M * G % 2**32) >> 22 for x in k}),
      "0x%08x" % (M * G % 2**32))')
# the kernel's hash_32() compiled: hash_32(1 * M, 32), the key 1 times
# M, times its own multiplier
kernel_hash "$tmp/k.c"
printf 'int main(void) { printf("0x%%08x\\n", %s); return 0; }\n' \
	'hash_32(0x9e370001u, 32)' >> "$tmp/k.c"
kc=$(cc -w -o "$tmp/k" "$tmp/k.c" && "$tmp/k")

review "$fx/uses_hash32.patch"
expect "python: >> 24 puts 256 keys k*2^16 in $b24, hash_32 1024 in $b10" \
	'[ "$b24" -le 4 ] && [ "$b10" -ge 512 ]'
fail8='ERROR: 0x9e370001: FAIL.*a table of 2^8 from >> 24 at line 6'
expect "the >> 24 use: an ERROR at its table 2^8, named" \
	'grep -q "$fail8" "$tmp/o"'
h10="$comp: PASS.*a table of 2^10 from hash_32(..., 10) at line 10"
expect "hash_32 use: at 2^10, product $comp (python; compiled $kc)" \
	'[ "$comp" = "$kc" ] && grep -q "$h10" "$tmp/o"'
both='M is used 2 ways, each judged on its own.*>> 24 at line 6.*'
expect "a NOTE names both uses" \
	'grep -q "$both""hash_32(..., 10) at line 10" "$tmp/o"'
expect "exit 1 (the worst verdict), one multiplier, two uses" \
	'[ "$(rc)" = 1 ] && grep -q "; 1 multiplier, 2 uses judged$" "$tmp/o"'

# >> 22 first, >> 16 last: the last use no longer hides the first
read -r b22 b16 < <(python3 -c '
M = 0x9e370001
k = [i << 16 for i in range(1024)]
print(len({(x * M % 2**32) >> 22 for x in k}),
      len({(x * M % 2**32) >> 16 for x in k}))')
review "$fx/uses_shifts.patch"
expect "python: 1024 keys k*2^16 reach $b22 buckets at >> 22, $b16 at >> 16" \
	'[ "$b22" -le 64 ] && [ "$b16" = 1024 ]'
f22='ERROR: 0x9e370001: FAIL.*a table of 2^10 from >> 22 at line 5'
p16='0x9e370001: PASS.*a table of 2^16 from >> 16 at line 9'
expect "the >> 22 use an ERROR, the >> 16 use judged too, exit 1" \
	'grep -q "$f22" "$tmp/o" && grep -q "$p16" "$tmp/o" &&
	 [ "$(rc)" = 1 ]'
# --json: each use a multiplier entry, the copy naming the first
$cfx review --json "$fx/uses_shifts.patch" > "$tmp/j" 2>&1
expect "--json: 2 entries, use_of 0, tables 10 and 16, 1 multiplier" \
	'python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
f = d[\"files\"][0]
ms = f[\"multipliers\"]
assert [m[\"table_bits\"] for m in ms] == [10, 16], ms
assert \"use_of\" not in ms[0] and ms[1][\"use_of\"] == 0
assert d[\"multipliers\"] == 1" "$tmp/j"'
# the same table twice: one use, one verdict
{
	printf '#include <linux/types.h>\n#define M 0x9e3779b9u\n'
	printf 'u32 f(u32 x) { return (x * M) >> 22; }\n'
	printf 'u32 g(u32 x) { return (x * M) >> 22; }\n'
} > "$tmp/same.c"
review "$tmp/same.c"
expect "two uses at one table: one verdict, no uses NOTE" \
	'[ "$(grep -c "PASS\|FAIL" "$tmp/o")" = 1 ] &&
	 ! grep -q "used 2 ways" "$tmp/o" && grep -q "; 1 multiplier$" "$tmp/o"'
done_suite uses
