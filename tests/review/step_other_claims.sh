#!/bin/bash
# cfx review: a comment on one step of a shift/add sequence that claims
# more than the step's product ("= x * 0xffff0001, which is prime") has
# those other claims checked too, about the step's running product there,
# as a constant's comment has (issue 23 point 5).  Before, only the
# product was read and "prime" went unchecked and unsaid.  Oracles:
# python replays the steps (the running products), gp's isprime and
# factor.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# python: h's running product after step 2 (h = x - n, n = x << 16) and
# after the last, on 32 bits
read -r p2 fin < <(python3 -c '
M = 2**32 - 1
x = 1; n = (x << 16) & M; h = (x - n) & M; p2 = h
n = (n << 3) & M; h = (h - n) & M; n = (n << 3) & M; h = (h + n) & M
n = (n << 3) & M; h = (h - n) & M; n = (n << 4) & M; h = (h + n) & M
n = (n << 2) & M; h = (h + n) & M
print("%x %x" % (p2, h))')
read -r pr2 f2 prf < <(echo "print(isprime(0x$p2), \" \", factor(0x$p2)[1,1], \" \", isprime(0x$fin))" | gp -q -f)

# c CLAIM2 CLAIMLAST: the sequence with CLAIM2 beside step 2 and
# CLAIMLAST beside the last step
c() {
	seq32 "$tmp/s.c" "h = x * 0x9e370001" "$1" "$2"
	(cd "$tmp" && $root/cfx review s.c > o 2>&1)
}
c "= x * 0x$p2, which is prime" "= x * 0x$fin, not prime"
expect "step 2's '= x * 0x$p2' confirmed (python)" \
	'grep -q "^s.c:7: NOTE: this step.s comment: h = x \* 0x$p2: confirmed" "$tmp/o"'
expect "  its 'which is prime' checked: not prime, divisible by $f2 (gp: isprime $pr2, least factor $f2)" \
	'[ "$pr2" = 0 ] && g2=$(gpfactors 0x$p2) && [ "${g2%% *}" = "$f2" ] &&
	 grep -q "^s.c:7: WARNING: not prime: $g2$" "$tmp/o"'
expect "the last step's 'not prime' checked against 0x$fin: it is prime (gp: $prf)" \
	'[ "$prf" = 1 ] && grep -q "^s.c:17: WARNING: claimed not prime, but it is prime" "$tmp/o"'
c "= x * 0x$p2, not prime" "= x * 0x$fin, prime"
expect "the true claims: 0x$p2 not prime and 0x$fin prime, both confirmed (gp)" \
	'grep -q "^s.c:7: NOTE: not prime: confirmed" "$tmp/o" && grep -q "^s.c:17: NOTE: prime: confirmed" "$tmp/o"'
expect "  and no sentence of a step's comment listed as not checked" \
	'! grep -q "not checked" "$tmp/o"'

done_suite step_other_claims
