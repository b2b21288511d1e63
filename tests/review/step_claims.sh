#!/bin/bash
# cfx review: a comment on one step of an open-coded shift/add sequence
# ("h = -x;  /* = x * 0xffffffff */") claims that step's running product,
# not the whole sequence's: it is checked against the product there
# (confirmed, or wrong with the right value), and only a claim on the
# whole (a comment before the function, or on the last step) is checked
# against the final product.  Before issue 23's fix the first step's
# constant was taken as the whole sequence's claim: a false ERROR.
# Oracle: python replays each sequence's shifts, additions and
# subtractions on the word, for x = 1 and on random inputs (the products
# are linear, so x = 1 gives the multiplier), and writes the C from the
# same list of steps.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# gen NAME BITS BEFORE STEPS...: writes $tmp/NAME.c (a function on a
# BITS-bit word, BEFORE a comment over it or "", each step "C|CLAIM" with
# CLAIM the comment put after it: "ok" the true running product, "bad"
# a wrong one, "" none) and prints, one a line, "LINE PRODUCT CLAIMED"
# for each commented step (the products in hex, python's), then "final
# PRODUCT" and "shiftline LINE".
gen() {
	python3 - "$tmp" "$@" <<'PY'
import random, re, sys
tmp, name, bits, before = sys.argv[1:5]
steps = sys.argv[5:]
bits = int(bits); mask = (1 << bits) - 1
ty = 'u32' if bits == 32 else 'u64'
def run(x, upto):
    v = {'x': x & mask}
    for st in steps[:upto]:
        code = st.split('|')[0].rstrip(';')
        m = re.fullmatch(r'(\w+) (=|\+=|-=|<<=) (.*)', code)
        lhs, op, rhs = m.groups()
        e = re.sub(r'(\w+) << (\d+)', r'((\1 << \2) & mask)', rhs)
        e = re.sub(r'^-(\w+)$', r'(-\1)', e)
        r = eval(e, {'mask': mask}, dict(v)) & mask
        old = v.get(lhs, 0)
        v[lhs] = {'=': r, '+=': old + r, '-=': old - r,
                  '<<=': old << r if op == '<<=' else 0}[op] & mask
    return v
def prod(k, var):
    a = run(1, k)[var]
    for _ in range(20):   # linear: x * a on random inputs too
        x = random.getrandbits(bits)
        assert run(x, k)[var] == (x * a) & mask
    return a
lines = ['#include <linux/types.h>', '']
if before:
    lines.append('/* %s */' % before)
lines += ['%s %s(%s x)' % (ty, name, ty), '{', '\t%s h, n;' % ty, '']
out = []
for k, st in enumerate(steps, 1):
    code, claim = (st.split('|') + [''])[:2]
    var = code.split()[0]
    a = prod(k, var)
    text = '\t' + code
    if claim:
        c = a if claim == 'ok' else (a * 3 + 2) & mask
        text += '\t/* = x * 0x%x */' % c
        out.append('%d %x %x' % (len(lines) + 1, a, c))
    lines.append(text)
lines.append('\treturn h >> %d;' % (bits - 10))
out.append('shiftline %d' % len(lines))
lines.append('}')
out.append('final %x' % prod(len(steps), 'h'))
open('%s/%s.c' % (tmp, name), 'w').write('\n'.join(lines) + '\n')
print('\n'.join(out))
PY
}
# confirmed NAME LINE PRODUCT: the line's per-step claim confirmed;
# wrong NAME LINE CLAIMED PRODUCT: said wrong, with the product
confirmed() { grep -q "^$1.c:$2: NOTE: this step's comment: . = x \* 0x$3: confirmed" "$tmp/o"; }
wrong() { grep -qi "^$1.c:$2: WARNING: this step's comment claims . = x \* 0x$3 .*running product here is x \* 0x0*$4 mod" "$tmp/o"; }
# count NAME: of the commented steps of $tmp/g, n and how many are
# confirmed in $tmp/o
count() {
	n=0 good=0
	while read -r l p _; do
		[ "$l" = final ] || [ "$l" = shiftline ] && continue
		n=$((n + 1)); confirmed "$1" "$l" "$p" && good=$((good + 1))
	done < "$tmp/g"
}
# case_ NAME BITS BEFORE STEPS...: gen, then cfx review NAME.c into $tmp/o
# (its status in $tmp/rc), fin python's final product, count
case_() {
	gen "$@" > "$tmp/g"
	(cd "$tmp" && $root/cfx review "$1.c" > o 2>&1; echo $? > rc)
	fin=$(sed -n 's/^final //p' "$tmp/g")
	count "$1"
}
no_false_error() { ! grep -q "ERROR: the shift/add sequence computes" "$tmp/o"; }
proved() { grep -q "NOTE: proved: the shift/add sequence .* computes h = x \* 0x0*$1 mod 2^$2" "$tmp/o"; }

# 1. the issue's example, 32 bits: h = -x; h += x << 3
case_ neg7 32 "" 'h = -x;|ok' 'h += x << 3;|ok'
read -r l1 p1 _ < <(sed -n 1p "$tmp/g"); read -r l2 p2 _ < <(sed -n 2p "$tmp/g")
expect "issue 23's example: no false mismatch ERROR from the first step's 0x$p1" no_false_error
expect "  its first step's '= x * 0x$p1' confirmed (python: -x is x * 0x$p1 on 32 bits)" \
	'[ "$p1" = ffffffff ] && confirmed neg7 $l1 $p1'
expect "  its last step's '= x * 0x$p2' is the whole's claim: proved (python: 0x$p2)" \
	'proved $p2 32 && grep -q "exactly the multiply by 0x$p2 (its comment, line $l2)" "$tmp/o"'

# 2. 0x9e370001 on 32 bits (2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1),
#    every step commented rightly, the whole claimed over the function
s32=('n = x << 16;|ok' 'h = x - n;|ok' 'n <<= 3;|ok' 'h -= n;|ok'
	'n <<= 3;|ok' 'h += n;|ok' 'n <<= 3;|ok' 'h -= n;|ok' 'n <<= 4;|ok'
	'h += n;|ok' 'n <<= 2;|ok' 'h += n;')
case_ g32 32 "x * 0x9e370001" "${s32[@]}"
expect "32 bits, $n steps commented rightly: each confirmed at its running product (python)" \
	'[ "$n" = 11 ] && [ "$good" = 11 ]'
expect "  and no false ERROR: the whole's 0x9e370001 (python's final 0x$fin) proved" \
	'[ "$fin" = 9e370001 ] && no_false_error && proved $fin 32'
expect "  and nothing of a step's claim listed as not checked" \
	'! grep -q "not checked: \"x \*" "$tmp/o"'

# 3. the same with two steps' comments wrong: a WARNING with the right
#    value, the others confirmed, the whole still proved
s32w=("${s32[@]}"); s32w[3]='h -= n;|bad'; s32w[6]='n <<= 3;|bad'
case_ g32w 32 "x * 0x9e370001" "${s32w[@]}"
read -r lw pw cw < <(sed -n 4p "$tmp/g"); read -r lv pv cv < <(sed -n 7p "$tmp/g")
expect "a wrong claim on step 4 (0x$cw): WARNING, the running product 0x$pw beside it (python)" \
	'wrong g32w $lw $cw $pw'
expect "a wrong claim on step 7, of the temporary n (0x$cv): WARNING with 0x$pv (python)" \
	'wrong g32w $lv $cv $pv'
expect "  the whole still proved, no false ERROR, exit 1 (the WARNINGs)" \
	'no_false_error && proved 9e370001 32 && [ "$(cat "$tmp/rc")" = 1 ]'

# 4. 64 bits: 2.6's hash_long, 0x9e37fffffffc0001, each step commented
s64=('n = x << 18;|ok' 'h = x - n;|ok' 'n <<= 33;|ok' 'h -= n;|ok'
	'n <<= 3;|ok' 'h += n;|ok' 'n <<= 3;|ok' 'h -= n;|ok' 'n <<= 4;|ok'
	'h += n;|ok' 'n <<= 2;|ok' 'h += n;|ok')
case_ g64 64 "" "${s64[@]}"
expect "64 bits, the 11 intermediate steps' claims confirmed (python)" \
	'[ "$n" = 12 ] && [ "$good" = 11 ]'
expect "  the last step's claim 0x$fin is the whole's: proved, no false ERROR" \
	'[ "$fin" = 9e37fffffffc0001 ] && no_false_error && proved $fin 64'

# 5. a wrong claim on the last step is a claim on the whole: still the
#    mismatch ERROR, against that claim (not the first step's)
s64b=("${s64[@]}"); s64b[11]='h += n;|bad'
case_ g64b 64 "" "${s64b[@]}"
read -r _ pf cf < <(grep -v '^final\|^shiftline' "$tmp/g" | tail -1)
expect "64 bits, a wrong claim on the last step (0x$cf): the mismatch ERROR names it, not step 1's" \
	'grep -q "ERROR: the shift/add sequence computes x \* 0x$pf mod 2^64, not \* 0x0*$cf as claimed by 0x$cf" "$tmp/o"'

done_suite step_claims
