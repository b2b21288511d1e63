#!/bin/bash
# An expert replay of the lessons (issue 24): sentences it found untrue,
# each recomputed here in python (exact sums, brute force), never read
# from cfx, then looked for in the lesson's text.
#   09 step 5: a_1 is not the only place less likely to be large than
#     Gauss-Kuzmin says; a_2 is more likely; the law over a_1..a_12
#     still overstates P.
#   09 step 2: "within 2%" of the empty buckets takes no wider answer.
#   07 step 8: chi^2 = 0 off whole blocks of 2^16 keys, in 2^4 buckets.
#   08 step 7: a golden multiplier's worst strides are the Fibonacci
#     numbers, not every poor one.
#   12 step 2: the 6 adders are the fewest mod 2^32, by an offline
#     search; cfx's own proves at least 5.
. "$(dirname "$0")/lib.sh"
step() { awk -v k="$2" '/^step:/{s++} s == k' "$root"/lessons/"$1"-*.lesson |
	tr '\n' ' ' | tr -s ' '; }
says() { case $3 in *"$2"*) ok "$1 says: $2" ;; *) bad "$1 lacks: $2" ;; esac; }
nosay() { case $3 in *"$2"*) bad "$1 still says: $2" ;; *) ok "$1 drops: $2" ;; esac; }

# P(a_n >= A) for x uniform in (0, 1): the x whose first quotients are
# k_1 .. k_(n-1) and then at least A fill an interval of length
# 1/(q (A q + q')), q and q' the last two denominators.  a_1: 1/A; a_2
# and a_3 summed (the tails past the bound are below 0.1% of each).
got=$(python3 - <<'PY'
import math
A = 970
law = A * math.log2(1 + 1 / A)
p1 = 1.0
p2 = A * sum(1 / (k * (A * k + 1)) for k in range(1, 10**6))
p3 = A * sum(1 / ((k * j + 1) * (A * (k * j + 1) + k))
             for k in range(1, 2001) for j in range(1, 2001))
print(f"{law:.2f} {p1 < law} {p2:.2f} {p2 > law} {p3 < law}")
PY
)
[ "$got" = "1.44 True 1.64 True True" ] &&
	ok "python: a_1 and a_3 below the law's 1.44/A, a_2 above (1.64/A)" ||
	bad "python: $got"

# a_1 .. a_12 together: the density of the n-th remainder, f_n(y) =
# sum over k of f_(n-1)(1/(k + y))/(k + y)^2 from f_0 = 1, and
# P(a_n >= A) its integral over [0, 1/A]; their sum bounds the chance
# that one of the twelve is at least A, and is below the law's
got=$(python3 - <<'PY'
import math
A, N, K = 970, 300, 2000
ys = [i / N for i in range(N + 1)]
def at(f, y):
    t = y * N; i = min(int(t), N - 1); w = t - i
    return f[i] * (1 - w) + f[i + 1] * w
f, tot = [1.0] * (N + 1), 0.0
for n in range(12):
    tot += sum(at(f, (j + 0.5) / (100 * A)) for j in range(100)) / (100 * A)
    f = [sum(at(f, 1 / (k + y)) / (k + y)**2 for k in range(1, K + 1))
         + f[0] / (K + 0.5 + y) for y in ys]
law = 1 - (1 - math.log2(1 + 1 / A))**12
print(tot < law * 0.995, round(law, 4))
PY
)
[ "$got" = "True 0.0177" ] &&
	ok "python: over a_1 .. a_12 the law's 0.0177 overstates P" ||
	bad "python: $got"
s=$(step 09 5)
nosay "L09 step 5" "Only a_1 is less likely to be large" "$s"
says "L09 step 5" "a_2 with about 1.64/A" "$s"
says "L09 step 5" "alternate below and above the law" "$s"
says "L09 step 5" "the law still overstates P" "$s"
nosay "L09 step 6" "a_1 a little less" "$(step 09 6)"

# 09 step 2: the empty buckets, by brute force, and 2% of them
got=$(python3 - <<'PY'
P, n = 0x61C8864680B583EB, 64
used = {((k << 16) * P % 2**n) >> (n - 14) for k in range(2**16)}
e = 2**14 - len(used)
print(e, int(e * 0.98) + 1, int(e * 1.02))
PY
)
read -r empty lo hi <<<"$got"
[ "$empty" = 9207 ] && ok "python: 9207 buckets empty" || bad "python: $got"
for a in $((lo - 1)) $((hi + 1)); do
	out=$(play 09 2 "answer $a")
	grep -q '^Step 2 done' <<<"$out" &&
		bad "L09 step 2 takes $a, more than 2% off $empty" ||
		ok "L09 step 2 refuses $a, more than 2% off $empty"
done
for a in $lo $hi 9347; do
	out=$(play 09 2 "answer $a")
	grep -q '^Step 2 done' <<<"$out" && ok "L09 step 2 takes $a" ||
		bad "L09 step 2 refuses $a: $(tail -n 3 <<<"$out")"
done

# 07 step 8: the sequential counts up to 2^18 that fill 2^t buckets
# evenly under 0x9e370001, t = 4 .. 17
got=$(python3 - <<'PY'
from collections import Counter
P = 0x9e370001
out = []
for t in range(4, 18):
    load, levels, even = [0] * 2**t, Counter({0: 2**t}), []
    for k in range(2**18):
        b = (k * P & 0xffffffff) >> (32 - t)
        levels[load[b]] -= 1
        if not levels[load[b]]: del levels[load[b]]
        load[b] += 1; levels[load[b]] += 1
        if len(levels) == 1: even.append(k + 1)
    odd = [c for c in even if c % 2**16]
    out.append(f"{t}:{len(even) - len(odd)}:{odd[0] if odd else '-'}")
print(*out)
PY
)
want="4:4:30384"
for t in 5 6 7 8 9 10 11 12 13 14 15 16; do want="$want $t:4:-"; done
want="$want 17:0:-"
[ "$got" = "$want" ] &&
	ok "python: whole blocks of 2^16 even up to 2^16 buckets; 30384 in 2^4" ||
	bad "python: $got"
s=$(step 07 8)
nosay "L07 step 8" "it lasts only while the keys fill whole blocks" "$s"
says "L07 step 8" "from -t 5 up so does a count that is not a multiple" "$s"
says "L07 step 8" "30384 the first" "$s"
# 08 step 7: over strides c <= 256, the c that bring c x nearer a whole
# number than every smaller one (exact integers), for GOLDEN_RATIO_64,
# golden(32) and GOLDEN_RATIO_32; and the three worst R of keys k c,
# k < 32, in 2^4 buckets, key by key (lesson 7's R)
got=$(python3 - <<'PY'
fib, a, b = [], 1, 2
while a <= 256: fib.append(a); a, b = b, a + b
out = []
for p, n in ((0x61C8864680B583EB, 64), (0x9e3779b9, 32), (0x61C88647, 32)):
    best, rec = 2**n, []
    for c in range(1, 257):
        r = c * p % 2**n
        if min(r, 2**n - r) < best: best = min(r, 2**n - r); rec.append(c)
    out.append(rec == fib)
def R(c, p=0x61C8864680B583EB, K=32, m=16):
    load = [0] * m
    for k in range(K): load[(k * c * p % 2**64) >> 60] += 1
    ideal = (K * (1 - 1 / m) + K * K / m + K) / 2
    return sum(x * (x + 1) / 2 for x in load) / ideal
top = sorted(range(1, 257), key=R, reverse=True)[:3]
print(*out, *top, f"{R(72):.3f}", f"{fib[-2]}, {fib[-1]}")
PY
)
[ "$got" = "True True True 233 144 72 4.317 144, 233" ] &&
	ok "python: nearest strides the Fibonacci numbers; worst 233, 144, 72" ||
	bad "python: $got"
s=$(step 08 7)
nosay "L08 step 7" "A golden one has them at the Fibonacci numbers" "$s"
says "L08 step 7" "nearer a whole number than every smaller stride does are" "$s"
says "L08 step 7" "(up to 256: 1, 2, 3, 5, 8, ..., ${got#* * * * * * * })" "$s"
says "L08 step 7" "72, half of 144" "$s"
says "L08 step 7" "comes third here (R = $(cut -d' ' -f7 <<<"$got"))" "$s"

# 12 step 2: the lesson's six steps, run in python, make 0x61C88647 mod
# 2^32; "the fewest" is the offline search's, as doc/mcm5.md records it
got=$(python3 - <<'PY'
M, x = 2**32, 0x12345679
t1 = x - (x << 3); t2 = t1 - (x << 11); t3 = t2 + (x << 17)
t4 = (t3 << 6) - t3; t5 = (t4 << 5) - t4; h = (t5 << 15) + t4
print(h % M == x * 0x61C88647 % M)
PY
)
[ "$got" = True ] && ok "python: the six steps make x * 0x61C88647" ||
	bad "python: the six steps: $got"
grep -qF "RESULT none: no graph of at most 5 adders computes +-0x61c88647" \
	"$root"/doc/mcm5.md && ok "doc/mcm5.md: no graph of 5 mod 2^32" ||
	bad "doc/mcm5.md records no run for 0x61C88647"
s=$(step 12 2)
nosay "L12 step 2" "its 6 are proven the fewest (no sequence of 5" "$s"
says "L12 step 2" "rules out graphs of four, not of five" "$s"
says "L12 step 2" "(tools/mcm5, doc/mcm5.md), found none mod 2^32" "$s"
says "L12 step 2" "the 6 are the fewest mod 2^32" "$s"

finish expert_replay
