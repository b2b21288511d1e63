#!/bin/bash
# Lesson 13 (packed keys, lattice reduction): its numbers recomputed here,
# by python brute force and PARI/GP's LLL (qflll), never by cfx, and
# compared with the lesson's solutions, its prose and verify --fields.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
les=$(ls "$root"/lessons/13-*.lesson)
# the answer of step $1 (its solution's "answer X")
sol() { awk -v k="$1" '/^step:/{s++} s==k && /^solution: answer /{sub(/^solution: answer /, ""); print}' "$les"; }
py() { python3 -c "$1"; }

A=$(py 'print(2**16 * 0x9e370001 % 2**32)')
[ "$A" = 65536 ] && [ "$(py "print($(sol 1))")" = "$A" ] &&
	ok "step 1: A = 2^16 p mod 2^32 = $A, the solution" || bad "step 1: A $A, solution $(sol 1)"

# step 2: the buckets the 1024 keys can reach at most: one y's 32 keys
# (x < 32) reach at most two (for any start y p: the span 31 * 2^16 is
# below a bucket's 2^22, tried at every offset in a bucket), times the 32
# values of y; and the keys, counted, reach no more
most=$(py 'w, span = 2**22, 31 * 2**16
print(max(len({(o + x * 2**16) // w for x in range(32)}) for o in range(0, w, 2**10)) * 32)')
used=$(py 'P = 0x9e370001
print(len({((x << 16 | y) * P % 2**32) >> 22 for x in range(32) for y in range(32)}))')
[ "$most" = 64 ] && [ "$(py "print($(sol 2))")" = "$most" ] && [ "$used" -le "$most" ] &&
	ok "step 2: at most $most buckets (python), the solution; counted $used" ||
	bad "step 2: python $most (counted $used), solution $(sol 2)"

# R as lesson 7 defines it, of loads counted key by key
R() { py "from collections import Counter
from fractions import Fraction as F
P, n, b = $1, 32, $2
keys = [x << 16 | y for x in range($3) for y in range($3)]
c = Counter((k * P % 2**n) >> (n - b) for k in keys)
K, m = len(keys), 2**b
print('%.2f' % (F(sum(v * (v + 1) for v in c.values()), 2 * K) / (1 + F(K - 1, 2 * m))))"; }
worst=$(py 'from fractions import Fraction as F
print("%.4f" % (F(33, 2) / (1 + F(1023, 2048))))')
[ "$worst" = 11.0036 ] && grep -q '^check: answer ~ 11.00$' "$les" &&
	ok "step 4: 32 buckets of 32 keys give R = $worst" || bad "step 4: worst case $worst"
r9=$(R 0x9e370001 10 32)
v=$("$cfx" verify 0x9e370001 --fields 16 --table-bits 10 2>&1 | tr "\n" " " | tr -s " ")
[ "$r9" = 9.05 ] && grep -q "counted $r9" <<<"$v" && grep -q "R = $r9" "$les" &&
	ok "step 4: counted R $r9 (python), as verify and the lesson say" ||
	bad "step 4: python $r9; verify: $(grep fields <<<"$v" | head -n 2)"
# "none of 200 random odd multipliers is as bad": 2000 of python's own
# (seeded) reach at most R 7.14 on the same cell, against 9.05
top=$(py 'import random
from collections import Counter
random.seed(1)
keys = [x << 16 | y for x in range(32) for y in range(32)]
def R(p):
    c = Counter((k * p % 2**32) >> 22 for k in keys)
    return sum(v * (v + 1) for v in c.values()) / (2 * 1024) / (1 + 1023 / 2048)
print("%.2f" % max(R(random.getrandbits(32) | 1) for _ in range(2000)))')
awk "BEGIN { exit !($top < $r9) }" && grep -q "none of its 200 random odd multipliers" "$les" &&
	ok "step 4: the worst of 2000 random multipliers, R $top, is below $r9 (python)" ||
	bad "step 4: a random multiplier reaches R $top"

# the shortest vector of the cell's lattice, by gp's LLL: rows (w, 0, A),
# (0, w, p), (0, 0, 2^32) with w = W / X, W = 2^(32 - b), X values a field
lll() { echo "P = $1; W = 2^(32 - $2); w = W / $3;
M = [w, 0, 0; 0, w, 0; (2^16 * P) % 2^32, P, 2^32]; B = M * qflll(M);
v = B[, 1]; if (v[1] < 0 || (v[1] == 0 && v[2] < 0), v = -v); print(v[1] / w, \",\", v[2] / w)" |
	gp -q -f; }
v9=$(lll 0x9e370001 10 32)
v11=$("$cfx" verify 0x9e370001 --fields 16 --table-bits 11 2>&1 | tr "\n" " " | tr -s " ")
[ "$v9" = "1,0" ] && grep -q "vector ($v9)" <<<"$v" && grep -q "vector ($v9)" <<<"$v11" &&
	[ "$(sol 3 | tr -d ' ')" = "$v9" ] &&
	ok "step 3: LLL's shortest vector ($v9), verify's (2^10 and 2^11) and the solution" ||
	bad "step 3: gp ($v9), solution $(sol 3)"

g=$(py 'from decimal import *; getcontext().prec = 50
print(int((Decimal(2)**32 * 2 / (1 + Decimal(5).sqrt())).to_integral_value()))')
vg=$(lll "$g" 15 256)
vgt=$("$cfx" verify "$g" --fields 16 --table-bits 15 2>&1 | tr "\n" " " | tr -s " ")
d=$(py "print(47 * 2**16 + 14)")
e=$(py "r = $d * $g % 2**32; print(min(r, 2**32 - r))")
rg=$(R "$g" 15 256)
[ "$vg" = "47,14" ] && grep -q "vector ($vg)" <<<"$vgt" && grep -q "fields x<<16|y PASS" <<<"$vgt" &&
	ok "step 5: golden(32)'s worst cell: LLL ($vg), verify PASS" ||
	bad "step 5: gp ($vg); verify: $(grep -A1 fields <<<"$vgt" | head -n 2)"
grep -q "d = 47 \* 2^16 + 14 = $d, with ||d x|| 2^32 = $e" <(tr '\n' ' ' <"$les" | tr -s ' ') &&
	grep -q "counted $rg" <<<"$vgt" && grep -q "R is $rg there" "$les" &&
	ok "step 5: d = $d, ||d x|| 2^32 = $e, counted R $rg (python)" ||
	bad "step 5: d $d, e $e, R $rg"
# step 5 asks for that e: the vector its prose names is LLL's, and its
# solution is python's e
grep -q "names the vector (${vg/,/, })" <(awk '/^step:/{s++} s == 5' "$les" |
	tr '\n' ' ' | tr -s ' ') && [ "$(sol 5)" = "$e" ] &&
	ok "step 5 names ($vg) and asks for ||d x|| 2^32 = $e, its solution" ||
	bad "step 5: prose's vector or solution $(sol 5), not ($vg) and $e"
q22=$(py 'from fractions import Fraction as F
x, q = F('"$g"', 2**32), [0, 1]
for k in range(23):
    a = int(x); x = 1 / (x - a) if x != a else 0
    if k: q.append(a * q[-1] + q[-2])
print(q[-1])')
grep -q "q_22 = $q22" "$les" && ok "step 5: q_22 = $q22 (python)" || bad "q_22 $q22"

# step 6 (the dashboard): keys k<<16, k < 4096, in 2^10 buckets
used=$(py 'from collections import Counter
c = Counter(((k << 16) * 0x9e370001 % 2**32) >> 22 for k in range(4096))
print(len(c), max(c.values()))')
[ "$used" = "64 64" ] && grep -q "fill 64 of them, 64 keys to a bucket" "$les" &&
	ok "step 6: 4096 keys fill 64 buckets, 64 each (python)" || bad "step 6: python $used"

# played with its solutions, every step passes (the dashboard's skipped)
out=$(sed -n 's/^solution: //p' "$les" | "$cfx" learn 13 2>&1)
grep -q "Lesson 13 complete: 5 of 6 steps solved, 1 skipped" <<<"$out" &&
	ok "lesson 13 played with its solutions" || bad "play: $(tail -n 3 <<<"$out")"
finish packed
