#!/bin/bash
# cfx review: a comment on a #define's own line ("#define K 0x9e3779b9u
# /* prime, 2^32/phi */", or "// ...") speaks of that define's multiplier,
# and of no other: its claims are checked (issue 23's trials: they passed silently,
# exit 0, though false).  Oracles: python (the smallest factor, 2^32/phi
# rounded, the NAF's weight) and gp (isprime).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
hdr() { printf 'diff --git a/lib/k.h b/lib/k.h\n--- a/lib/k.h\n+++ b/lib/k.h\n@@ -1,2 +1,%d @@\n #include <linux/types.h>\n' "$1"; }

# 1. a block comment after the define: "prime" is false, 2^32/phi true
read -r f3 gold <<< "$(python3 -c "
from math import sqrt
p = 0x9e3779b9
f = next(d for d in range(2, 10**6) if p % d == 0)
phi = (1 + sqrt(5)) / 2
print(f, int(round(2**32 / phi)) == p)")"
{ hdr 3; printf '+#define KEY_MULT 0x9e3779b9u /* prime, 2^32/phi */\n #define KEY_BITS 10\n'; } > "$tmp/a.patch"
review "$tmp/a.patch"
g3=$(gpfactors 0x9e3779b9)
expect "'#define KEY_MULT 0x9e3779b9u /* prime */': not prime, divisible by $f3 (python), its factors $g3 (gp), a WARNING, exit 1" \
	'[ "${g3%% *}" = "$f3" ] && grep -q "^lib/k.h:2: WARNING: not prime: $g3$" "$tmp/o" && [ "$(rc)" = 1 ]'
expect "and its '2^32/phi' confirmed (python: round(2^32/phi) == 0x9e3779b9 is $gold)" \
	'[ "$gold" = True ] && grep -q "^lib/k.h:2: NOTE: 2^32/phi = .*0x9e3779b9 is it: confirmed" "$tmp/o"'

# 2. a // comment: of its own define only, not of the next one
read -r w7 <<< "$(python3 -c "
z, n = 0x9e370001, 0
while z:
    if z & 1:
        z -= 1 if z % 4 == 1 else -1; n += 1
    z >>= 1
print(n)")"
isp=$(echo 'print(isprime(0x9e370001))' | gp -q -f 2>/dev/null)
{ hdr 4; printf '+#define KEY_MULT 0x9e370001u // prime, %d terms\n+#define OTHER_MULT 0x61c88647u\n #define KEY_BITS 10 /* bits of the table, prime */\n' "$w7"; } > "$tmp/b.patch"
review "$tmp/b.patch"
expect "'// prime, $w7 terms' on KEY_MULT: both confirmed (gp isprime $isp, python NAF weight $w7)" \
	'[ "$isp" = 1 ] && grep -q "^lib/k.h:2: NOTE: prime: confirmed" "$tmp/o" && grep -q "^lib/k.h:2: NOTE: $w7 terms: confirmed" "$tmp/o"'
expect "and nothing of it said of OTHER_MULT (line 3) or of KEY_BITS's own comment (line 4)" \
	'[ -z "$(grep "^lib/k.h:[34]: .*\(prime\|terms\)" "$tmp/o")" ]'

# 3. a comment on a directive that makes no multiplier speaks of none
{ hdr 5; printf '+#ifndef K_H\n+#define KEY_MULT 0x9e3779b9u\n+#endif /* K_H: prime */\n #define KEY_BITS 10\n'; } > "$tmp/c.patch"
review "$tmp/c.patch"
expect "'#endif /* prime */' after a define: no claim judged against it" \
	'! grep -q "prime" "$tmp/o" && grep -q "KEY_MULT = 0x9e3779b9" "$tmp/o"'

# 4. a comment after a declaration's ';' on its line, at file scope:
# that declaration's, never the next one's (a new user's trial: "static
# const u32 a = 0x9e3779b9; /* prime */" was judged against the prime
# on the next line, "confirmed", exit 0); with no declaration after it,
# still judged (it was dropped)
chdr() { printf 'diff --git a/lib/k.c b/lib/k.c\n--- a/lib/k.c\n+++ b/lib/k.c\n@@ -1,2 +1,%d @@\n #include <linux/types.h>\n' "$1"; }
read -r fa fb f64 <<< "$(python3 -c "
sm = lambda p: next((d for d in range(2, 10**6) if p % d == 0), 0)
print(sm(0x9e3779b9), sm(0x9e3779b1), sm(0x9e3779b97f4a7c15))")"
ispb=$(echo 'print(isprime(0x9e3779b1))' | gp -q -f 2>/dev/null)
{ chdr 6; printf '+static const u32 a_mult = 0x9e3779b9; /* prime */\n+static const u32 b_mult = 0x9e3779b1;\n+u32 ha(u32 x) { return (x * a_mult) >> 22; }\n+u32 hb(u32 x) { return (x * b_mult) >> 22; }\n int x;\n'; } > "$tmp/d.patch"
review "$tmp/d.patch"
ga=$(gpfactors 0x9e3779b9)
expect "'const u32 a_mult = 0x9e3779b9; /* prime */': not prime, divisible by $fa (python), $ga (gp), at line 2, exit 1" \
	'[ "$fa" != 0 ] && [ "${ga%% *}" = "$fa" ] && grep -q "^lib/k.c:2: WARNING: not prime: $ga$" "$tmp/o" && [ "$(rc)" = 1 ]'
expect "    and no claim said of b_mult (line 3; gp isprime $ispb, smallest factor $fb)" \
	'[ "$ispb" = 1 ] && ! grep -q "^lib/k.c:3: .*prime" "$tmp/o"'
{ chdr 6; printf '+static const u32 b_mult = 0x9e3779b1; /* prime */\n+static const u32 a_mult = 0x9e3779b9;\n+u32 ha(u32 x) { return (x * a_mult) >> 22; }\n+u32 hb(u32 x) { return (x * b_mult) >> 22; }\n int x;\n'; } > "$tmp/e.patch"
review "$tmp/e.patch"
expect "the other way round: b_mult's 'prime' confirmed at line 2, nothing at line 3" \
	'grep -q "^lib/k.c:2: NOTE: prime: confirmed" "$tmp/o" && ! grep -q "^lib/k.c:3: .*prime" "$tmp/o"'
{ chdr 4; printf '+static const u64 m64 = 0x9e3779b97f4a7c15; /* prime */\n+u32 h(u64 x) { return (x * m64) >> 54; }\n int x;\n'; } > "$tmp/f.patch"
review "$tmp/f.patch"
g64=$(gpfactors 0x9e3779b97f4a7c15)
expect "a u64 declaration's own 'prime' with nothing after it: divisible by $f64 (python), $g64 (gp), exit 1" \
	'[ "$f64" != 0 ] && [ "${g64%% *}" = "$f64" ] && grep -q "^lib/k.c:2: WARNING: not prime: $g64$" "$tmp/o" && [ "$(rc)" = 1 ]'

done_suite tail_comment
