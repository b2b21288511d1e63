#!/bin/bash
# A NAF digit set (or n/p, the next or previous prime) keeps the word
# the digits are of for that constant only: the next constant typed
# follows the word rule again (the smallest of 32, 64, ... that holds
# it), as before the key; Esc after typing puts back the constant and its
# word; a word asked for (w) stays asked.  Values and words by Python
# (the NAF's top digit removed by arithmetic, the rule from bit lengths),
# primes by PARI/GP, never by the dashboard.
. "$(dirname "$0")/lib.bash"

# rule V: the word the rule gives a value (32, 64, then multiples of 64)
rule() { python3 -c "b = ($1).bit_length(); print(32 if b <= 32 else -(-b // 64) * 64)"; }
# hexw V N: V in hex, zero-padded to N bits' digits, as cfx shows it
hexw() { python3 -c "print('0x%0*x' % ($2 // 4, $1))"; }
# header V N: the header's value row for V on N bits, as a regex
header() {
	printf '= %s = %s +n = %s' "$(hexw "$1" "$2")" "$(python3 -c "print($1)")" "$2"
}

p=$((0x100000001))                      # 2^32 + 1: NAF digits 2^32 and 1
small=$((0x61C8)) wide=$((0x61C886470))
check "the rule: 2^32+1 on $(rule $p), 0x61C8 on $(rule $small), 0x61C886470 on $(rule $wide)" \
	test "$(rule $p) $(rule $small) $(rule $wide)" = "64 32 64"

dash_start 80 24 dash 0x100000001
check "0x100000001: n = 64 by the rule (auto)" \
	tm_wait "$(header $p 64) \(auto\)"
# L: the next non-zero digit below 2^63, 2^32; 0 clears it: p = 1, a
# value the rule would put on 32 bits, kept on the 64 its digits are of
tm_keys L; tm_type 0
one=$(python3 -c "print($p - 2**32)")
check "digit 2^32 set to 0: p = $one, still on 64 bits (its digits' word)" \
	tm_wait "$(header "$one" 64)"
tm_type '/0x61C8'; tm_keys Enter
check "then /0x61C8, Enter: the rule again, n = $(rule $small) (auto)" \
	tm_wait "$(header $small "$(rule $small)") \(auto\)"
tm_type q; tm_exited >/dev/null

# the same after a digit on 32 bits: a wider constant typed next is on
# 64 bits (the old code kept 32 and refused it)
dash_start 80 24
tm_wait 'golden prefix' >/dev/null
tm_keys Right; tm_type '+'
check "prevprime(golden(32)), + on digit 2^30: a digit set" tm_wait '2\^30 -> \+'
tm_type '/0x61C886470'; tm_keys Enter
check "    then /0x61C886470, Enter: n = $(rule $wide) (auto), not refused" \
	tm_wait "$(header $wide "$(rule $wide)") \(auto\)"
tm_type q; tm_exited >/dev/null

# Esc after typing: the constant and the word it had; then the rule
dash_start 80 24 dash 0x100000001
tm_wait 'golden prefix' >/dev/null
tm_keys L; tm_type 0
tm_wait "$(header "$one" 64)" >/dev/null
tm_keys e; tm_type 'x'; tm_keys BSpace Escape
check "digit set, e, x, Backspace, Esc: p = $one on 64 bits still" \
	tm_wait "$(header "$one" 64)( |$)"
tm_type '/0x61C8'; tm_keys Enter
check "    then /0x61C8: n = 32 (auto)" \
	tm_wait "$(header $small 32) \(auto\)"
tm_type q; tm_exited >/dev/null

# p, the previous prime, is a key of the same kind (GP's precprime)
dash_start 80 24 dash 0x100000001
tm_wait 'golden prefix' >/dev/null
prev=$(echo "precprime($p - 1)" | gp -q -f)
tm_type p
check "p: the previous prime $prev, on 64 bits" \
	tm_wait "$(header "$prev" 64)"
# a command on the constant shown reads it on its word
tm_type ':naf'; tm_keys Enter
check "    :naf reads it on 64 bits, as the panels do" \
	tm_wait "value +$(hexw "$prev" 64) = $prev \(64-bit"
tm_keys o
tm_type '/0x61C8'; tm_keys Enter
check "    then /0x61C8: n = 32 (auto)" \
	tm_wait "$(header $small 32) \(auto\)"
tm_type q; tm_exited >/dev/null

# a word asked (w) stays asked across a digit: /0x61C8 then keeps it
dash_start 80 24 dash 0x9e3779b1
tm_wait 'golden prefix' >/dev/null
tm_type w
tm_wait 'n = 64 ' >/dev/null
tm_keys Right; tm_type '+'
tm_type '/0x61C8'; tm_keys Enter
check "w to 64, a digit set, /0x61C8: still n = 64, as asked" \
	tm_wait "$(header $small 64)( |$)"
tm_type q; tm_exited >/dev/null

tm_summary
