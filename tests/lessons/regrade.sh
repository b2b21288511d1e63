#!/bin/bash
# The 2026-12-03 expert regrade's findings, each recomputed here by python
# brute force (never by cfx) and compared with what the lessons now say.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
L() { ls "$root"/lessons/$1-*.lesson; }
# the text of step $2 of lesson $1, lines joined
stepof() { awk -v k="$2" '/^step:/{s++} s==k' "$(L $1)" | sed 's/^  //' | tr '\n' ' ' | tr -s ' '; }
py() { python3 -c "$1"; }

# 1. L04 step 5: the two gap lengths at N points, by sorting the points
G='def gaps(p, N, M=2**32):
    from collections import Counter
    t = sorted(i * p % M for i in range(N))
    g = [b - a for a, b in zip(t, t[1:])] + [t[0] + M - t[-1]]
    return sorted(Counter(g).items())'
got=$(py "$G
print(gaps(0x9e370001, 4338))")
[ "$got" = "[(983273, 4105), (1110007, 233)]" ] && ok "L04: 4338 points brute force $got" ||
	bad "L04: 4338 points $got"
s5=$(stepof 04 5)
case $s5 in
*"at q_k points the gaps are"*) bad "L04 step 5 still says the q_k-points rule (true only when a_k = 1)" ;;
*"at q_(k-1) + q_(k-2) points the gaps are"*"4105 gaps of ||233 x|| = 983273"*"233 of"*"= 1110007"*)
	ok "L04 step 5 states the rule at q_(k-1) + q_(k-2) points and the 4338 case" ;;
*) bad "L04 step 5: the corrected rule not found" ;;
esac
# the rule itself, for every k up to 14, with the general j q_(k-1) + q_(k-2)
rule=$(py "$G
p, M = 0x9e370001, 2**32
a, x, y = [], p, M
while y: a.append(x // y); x, y = y, x % y
q = [1, a[1]]
for t in a[2:]: q.append(t * q[-1] + q[-2])
d = lambda n: min(n * p % M, M - n * p % M)
bad = 0
for k in range(3, 15):
    for j in range(1, a[k] + 1):
        N = j * q[k-1] + q[k-2]
        A, B = d(q[k-1]), d(q[k-2]) - (j - 1) * d(q[k-1])
        want = sorted({A: N - q[k-1], B: q[k-1]}.items()) if A != B else [(A, N)]
        bad += gaps(p, N) != want
print(bad)")
[ "$rule" = 0 ] && ok "L04: two lengths at j q_(k-1) + q_(k-2) points, k = 3..14, brute force" ||
	bad "L04: the general rule fails $rule times"
# R as lesson 7 defines it, of loads counted key by key: P, word bits,
# table bits, keys
RD='from collections import Counter
from fractions import Fraction as F
def R(P, n, b, keys):
    c = Counter((k * P % 2**n) >> (n - b) for k in keys)
    K, m = len(keys), 2**b
    return F(sum(v * (v + 1) for v in c.values()), 2 * K) / (1 + F(K - 1, 2 * m)), max(c.values())'

# 2. L08 step 6: 1024 keys k 2^s in 2^10 buckets; the worst R is a tie
tie=$(py "$RD
r = {s: R(0x9e370001, 32, 10, [k << s for k in range(1024)]) for s in range(23)}
w = max(r.values())
print(' '.join(str(s) for s in r if r[s] == w), '%.2f' % w[0], w[1], 0x9e370001 % 2**16)")
[ "$tie" = "12 13 14 15 16 21.67 64 1" ] && ok "L08: brute force worst strides $tie" || bad "L08: brute force $tie"
s6=$(stepof 08 6)
case $s6 in
*"p = 1 mod 2^16 makes the keys k * 2^16 land in bucket k / 64. So the worst R = 21.67 (64 keys in a bucket) is a tie of s = 12 to 16"*)
	ok "L08 step 6 names the tie s = 12 to 16 and s = 16's structure" ;;
*) bad "L08 step 6 does not name the tie" ;;
esac

# 3. L08 step 7: strides c <= 256, 32 keys k c, 2^4 buckets, 64-bit
rank=$(py "$RD
P = 0x61C8864680B583EB
r = sorted(((R(P, 64, 4, [k * c for k in range(32)]), c) for c in range(1, 257)), reverse=True)
print(' '.join('%d %.3f %d' % (c, x[0], x[1]) for x, c in r[:2]))")
[ "$rank" = "233 7.889 31 144 4.714 21" ] && ok "L08: brute force ranking $rank" || bad "L08: brute force $rank"
s7=$(stepof 08 7)
case $s7 in
*"for the 32 keys k c (k < 32) in 2^4 buckets?"*"R = 7.889, 31 of them in one bucket"*"144 comes next (R = 4.714, 21 in one)"*)
	ok "L08 step 7 names its cell and 144's R at 32 keys" ;;
*) bad "L08 step 7: cell or 144's figure not fixed" ;;
esac
[ "$(awk '/^step:/{s++} s==7 && /^solution: answer /{print $3}' "$(L 08)")" = 233 ] &&
	ok "L08 step 7's solution is 233" || bad "L08 step 7's solution is not 233"
# 4. L10 step 1's hint points at what FAILs (strides 2^13.. and byte 2),
# not at stride 4096 (2^12), which only WARNs
h=$(awk '/^step:/{s++} s==1 && /^[a-z]+:/{in_h = /^hint:/} s==1 && in_h' "$(L 10)" | tr '\n' ' ')
case $h in
*4096*) bad "L10 step 1's hint still points at stride 4096" ;;
*"stride 2^13"*"byte"*"2"*) ok "L10 step 1's hint points at stride 2^13 and byte 2" ;;
*) bad "L10 step 1's hint: $h" ;;
esac

# 5. L09 step 6: P by Gauss-Kuzmin for A = 970 (found by python's own
# continued fraction of p mod 2^48 / 2^48), and 1 - P
gk=$(py 'import math
p, m = 0x61C8864680B583EB % 2**48, 2**48
a = []
while m: a.append(p // m); p, m = m, p % m
A = max(a[1:13]); P = 1 - (1 - math.log2(1 + 1 / A))**12
print(A, a.index(A), "%.2f" % (100 * (1 - P)), round(1 / P))')
[ "$gk" = "970 12 98.23 57" ] && ok "L09: A, its place, 1 - P %, 1/P: $gk" || bad "L09: python $gk"
s=$(stepof 09 6)
case $s in
*"does not come from P (1 - P is 98.23%)"*"random reference"*) ok "L09 step 6 says the percentile is not 1 - P" ;;
*) bad "L09 step 6 does not separate the percentile from P" ;;
esac

# 6. L03: q^2 |phi - p/q| at 233/144 and 377/233, against 1/sqrt(5)
hw=$(py 'from decimal import Decimal as D, getcontext
getcontext().prec = 40
phi = (1 + D(5).sqrt()) / 2
print(" ".join("%.7f" % (q * q * abs(phi - D(p) / q)) for p, q in ((233, 144), (377, 233))), "%.7f" % (1 / D(5).sqrt()))')
[ "$hw" = "0.4472093 0.4472152 0.4472136" ] && ok "L03: Hurwitz products $hw" || bad "L03: python $hw"
s=$(awk '/Hurwitz proved/,/most irrational/' "$(L 03)" | sed 's/^  //' | tr '\n' ' ')
case $s in
*"just below it"*) bad "L03: 'just below it' (it reads as phi) is still there" ;;
*"233/144 the product is 0.4472093, just below 1/sqrt(5); for 377/233 it is 0.4472152, just above"*)
	ok "L03 compares the products with 1/sqrt(5)" ;;
*) bad "L03: the Hurwitz sentence not found" ;;
esac

# 7. L13 step 3 (the short vector): two keys share a bucket of 2^22 with e near 2^32, not
# only with a small e: e = 2^32 - 1 (keys y = 0 and y = a with a p = -1)
wr=$(py 'n, b = 32, 10
p = 0x9e370001; inv = pow(p, -1, 2**n)
y1, y2 = 5, (5 + inv) % 2**n           # (y1 - y2) p = -1 mod 2^n
e = (y1 - y2) * p % 2**n
h = lambda y: (y * p % 2**n) >> (n - b)
print(e == 2**n - 1, sum(h(y1 + t) == h(y2 + t) for t in range(1000)) > 990)')
[ "$wr" = "True True" ] && ok "L13: e = 2^32 - 1 puts keys in one bucket (python)" || bad "L13: python $wr"
s=$(stepof 13 3)
case $s in
*"only when e is smaller than a bucket"*) bad "L13 step 3 still says e smaller than a bucket" ;;
*"within a bucket's width of 0 on either side"*) ok "L13 step 3 says circular distance" ;;
*) bad "L13 step 3: the sentence not found" ;;
esac
# 8 (D). hints that gave the answer away: each step's hints (joined) must
# not hold what they held; the answers recomputed by python
hints() { awk -v k="$2" '/^step:/{s++} s==k && /^[a-z]+:/{h = /^hint:/} s==k && h' "$(L $1)" |
	sed 's/^hint: //; s/^  //' | tr '\n' ' ' | tr -s ' '; }
nohint() { # lesson step what-must-not-be-there...
	local l=$1 k=$2 h; shift 2; h=$(hints $l $k)
	[ -n "$h" ] || { bad "L$l step $k: no hint found"; return; }
	for w in "$@"; do
		case $h in *"$w"*) bad "L$l step $k's hint still says '$w'"; return ;; esac
	done
	ok "L$l step $k's hint no longer gives the answer"; }
nohint 14 1 "be 0" " 0?"
nohint 11 6 "5 - 1" "9 - 1" "5 * 9"
nohint 04 8 "j = 3" "3 *"
nohint 04 9 "j = 4" "4 *" "j = 3"
nohint 13 4 "32 + 1" "1023/2048" "33/2"
two=$(py "$G
print([N for N in range(234, 844) if len(gaps(0x9e370001, N)) == 2][:3])")
[ "$two" = "[377, 610, 843]" ] && ok "L04 step 8: counts after 233 with two lengths $two (python)" ||
	bad "L04 step 8: python $two"
ab=$(py 'print([(a, b) for a in range(1, 8) for b in range(a, 8) if (2**a + 1) * (2**b + 1) == 45])')
[ "$ab" = "[(2, 3)]" ] && ok "L11 step 7: (2^a + 1)(2^b + 1) = 45 only for $ab (python)" || bad "L11 step 7: $ab"
# 9. L14 step 3 asks for 0x9e370001's worst stride s; its prose wrote
# p as 0x9e37 * 2^16 + 1, which is the answer (python: the smallest s
# with p mod 2^(32 - s) = 1).  The question's prose must not hold it.
s16=$(py 'P = 0x9e370001
print(min(s for s in range(33) if P % 2**(32 - s) == 1), hex(P >> 16))')
[ "$s16" = "16 0x9e37" ] && ok "L14 step 3: p mod 2^(32 - s) = 1 from s = $s16 (python)" || bad "L14 step 3: python $s16"
q3=$(awk '/^step:/{s++} s==3 && /^(predict|reveals|refuses|check):/{exit} s==3' "$(L 14)" | tr '\n' ' ' | tr -s ' ')
case $q3 in
*"${s16#* } * 2^${s16% *} + 1"*) bad "L14 step 3's prose still writes p as ${s16#* } * 2^${s16% *} + 1" ;;
*"keys k * 2^s see only"*) ok "L14 step 3's prose leaves s = ${s16% *} to the learner" ;;
*) bad "L14 step 3: the sentence not found" ;;
esac
finish regrade
