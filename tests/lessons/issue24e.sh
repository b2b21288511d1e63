#!/bin/bash
# Issue 24 (a new user's trial): lesson sentences 04/4, 07/8, 07/10, 09/5-6 made
# true, and lesson 05/7 and 07/9 refusing what does not do what they ask.
# Every figure is recomputed here by brute force in python (the sparse:16
# keys remade with GSL's mt19937 as sparse_keys.sh does) or by gp, never
# read from cfx.
. "$(dirname "$0")/lib.sh"
step() { awk -v k="$2" '/^step:/{s++} s == k' "$root"/lessons/"$1"-*.lesson | tr '\n' ' ' | tr -s ' '; }
says() { case $3 in *"$2"*) ok "$1 says: $2" ;; *) bad "$1 does not say: $2" ;; esac; }
nosay() { case $3 in *"$2"*) bad "$1 still says: $2" ;; *) ok "$1 no longer says: $2" ;; esac; }

# 04 step 4: two gap lengths at q_k points; the closest pair is new at q_k + 1
# (from q = 5 on: at 2 and 3 points every gap is new)
got=$(python3 - <<'PY'
P, N = 0x9e370001, 2**32
prev, new, two = None, [], []
for K in range(2, 240):
    pts = sorted(i * P % N for i in range(K))
    g = [(pts[(j + 1) % K] - pts[j]) % N for j in range(K)]
    if prev is not None and min(g) != prev: new.append(K)
    prev = min(g)
    if len(set(g)) == 2: two.append(K)
print(all(k + 1 in new for k in two[2:]), all(k not in new for k in two[2:]))
PY
)
[ "$got" = "True True" ] && ok "brute force: a new closest pair at q_k + 1, never at q_k" || bad "brute force: $got"
s=$(step 04 4)
nosay "L04 step 4" "the counts at which the pair of points that come closest is new" "$s"
says "L04 step 4" "q_k + 1 points, brings a pair q_k apart" "$s"

# 07 step 8: chi^2 = 0 (every bucket equal) for exactly these tables/counts
got=$(python3 - <<'PY'
from collections import Counter
P = 0x9e370001
def flat(t, c):
    n = Counter((k * P & 0xffffffff) >> (32 - t) for k in range(c))
    return len(n) == 2**t and min(n.values()) == max(n.values())
print(*[flat(t, c) for t, c in [(12, 2**18), (8, 2**18), (16, 2**17), (16, 3 * 2**16),
      (17, 2**18), (16, 2**16 + 1), (12, 2**16 + 2**12)]])
PY
)
[ "$got" = "True True True True False False False" ] && ok "brute force: flat at -t 12/8 -c 2^18, -t 16 -c 2^17, 3*2^16; not at -t 17 or off multiples of 2^16" ||
	bad "brute force: $got"
s=$(step 07 8)
nosay "L07 step 8" "other counts or tables lose it" "$s"
for w in "-t 12 or -t 8 with -c 2^18" "-t 16 with -c 2^17 or 3 * 2^16" "larger table (-t 17)" \
	"count that is not a multiple of 2^16"; do says "L07 step 8" "$w" "$s"; done

# 07 step 10: golden(32)'s weakness is its own, not the keys'; its
# figures (at 2^14 buckets, the table step 9 judges) are recomputed by
# sparse_keys.sh: python's keys, gp's p-values
s=$(step 07 10)
nosay "L07 step 10" "structured for any multiplier" "$s"
says "L07 step 10" "That is golden(32)'s own, not the keys'" "$s"

# 09 steps 5 and 6: the measured P decides; a_1's chance of >= A is 1/A
# for a uniform x (floor(1/x) >= A iff x <= 1/A), below log2(1 + 1/A)
got=$(python3 -c 'import math; print(all(1/A < math.log2(1 + 1/A) for A in range(2, 10**4)))')
[ "$got" = True ] && ok "1/A < log2(1 + 1/A): the law overstates a_1's chance" || bad "python: $got"
s=$(step 09 5)
nosay "L09 step 5" "it comes from the Gauss-Kuzmin law" "$s"
says "L09 step 5" "the measured P decides" "$s"
says "L09 step 5" "overstates P a little" "$s"
says "L09 step 6" "the twelve places together a little less, as step 5 said" "$(step 09 6)"

# 05 step 7: a cell too small to judge (100 keys in 2^16 buckets) is no bad verdict
out=$(play 05 7 'cf 0x49249249' 'score 0x49249249 -t 16 -c 100' 'answer 2, 7')
grep -q '^Step 7 done' <<<"$out" && bad "L05 step 7 takes 100 keys in 2^16 buckets" || ok "L05 step 7 refuses 100 keys in 2^16 buckets"
out=$(play 05 7 'cf 0x49249249' 'score 0x49249249' 'answer 2, 7')
grep -q '^Step 7 done' <<<"$out" && ok "L05 step 7 takes the default count" || bad "L05 step 7: $(tail -n 4 <<<"$out")"

# 07 step 9: sequential keys (they vary on the low bits, as many as the count) do not pass
out=$(play 07 9 'score 0x9e370001 --table-bits 10 --count 1024')
grep -q '^Step 9 done' <<<"$out" && bad "L07 step 9 takes sequential keys" || ok "L07 step 9 refuses sequential keys"
# (2^14 buckets: 2^16 would hold fewer keys, 25671, than buckets)
out=$(play 07 9 'score 0x9e370001 --keys sparse:16 --table-bits 14')
grep -q '^Step 9 done' <<<"$out" && ok "L07 step 9 takes sparse:16" || bad "L07 step 9: $(tail -n 4 <<<"$out")"
finish issue24e
