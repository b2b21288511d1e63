# The expression language's bit operators and the word-size rule, as every
# command sees them.  Values were computed in Python (which has C's
# precedence for these operators): (2*0x9e370001 % 2**32) >> 24 = 60,
# ~0x9e3779b9 & 0xffffffff = 0x61c88646, (0x9e3779b9 << 5) & 0xffffffff =
# 0xc6ef3720; tests/oracle/expr_bits.sh checks 600 random expressions.

# the issue's example: hashing written with C's operators
$ cfx naf --bits 32 '(2*0x9e370001 % 2^32) >> 24' | head -1
> value      0x0000003c = 60 (32-bit, even)
# ~ on the word: 2^32 - 1 - x (Python: 0x61c88646)
$ cfx naf --bits 32 '~0x9e3779b9' | head -1
> value      0x61c88646 = 1640531526 (32-bit, even)
# << wraps as C does on uint32_t (Python: 0xc6ef3720)
$ cfx naf --bits 32 '0x9e3779b9 << 5' | head -1
> value      0xc6ef3720 = 3337565984 (32-bit, even)
# C's precedence: + binds tighter than <<, & than xor, xor than |
$ cfx cf --value '1 + 2 << 3' --bits 32 | head -2
> x          1 + 2 << 3
> cf         [24]
$ cfx cf --value '1 | 2 xor 3 & 1' | head -2
> x          1 | 2 xor 3 & 1
> cf         [3]
# ^ stays the power: 2^3 xor 1 = 8 xor 1 = 9
$ cfx cf --value '2^3 xor 1' | head -2
> x          2^3 xor 1
> cf         [9]

# ~ and << need a word: without one, exit 2 asking for --bits
$ cfx naf '~0'
! cfx: naf: ~ needs a word size: give --bits N (in a session, set bits N) (~)
? 2
$ cfx score '1 << 31'
! cfx: score: << needs a word size: give --bits N (in a session, set bits N) (<<)
? 2
# ... and have it wherever an expression is read: cf past the rationals
# (Python's isqrt recurrence: sqrt(2^32 - 1) = [65535; (1, 131070)]),
# search --near (~0/2^33 on 32 bits is 4294967295/8589934592: the same
# search) and bench --against (~0x61c8 & 0xffffffff = 0xffff9e37)
$ cfx cf --bits 32 'sqrt(~0)' | sed -n 2p
> cf         [65535; (1, 131070)]
$ cfx search --bits 32 --terms 3 --screen none --near '~0/2^33' | sed -n '/^enumerated/,$p' >a && cfx search --bits 32 --terms 3 --screen none --near 4294967295/8589934592 | sed -n '/^enumerated/,$p' | diff - a && wc -l <a
> 32
$ cfx search --terms 3 --screen none --near '(1 << 31)/2^33'
! cfx: search: << needs a word size: give --bits N (in a session, set bits N) (<<)
? 2
$ cfx bench --runs 3 --bits 32 --against '~0x61c8' 0x9e3779b9 2>/dev/null | grep -c "^  multiply 0xffff9e37 "
> 1
$ cfx bench --runs 3 --bits 32 --against '~0x61c8' 0x9e3779b9 --full 2>/dev/null | grep -c "^  multiply 0xffff9e37 "
> 3
$ cfx bench --runs 3 --against '~0x61c8' 0x9e3779b9
! cfx: bench: ~ needs a word size: give --bits N (in a session, set bits N) (~)
? 2
# >> & | xor need none: they act on the exact integers
$ cfx naf '0x9e3779b9 >> 16 | 1' | head -1
> value      0x00009e37 = 40503 (32-bit, odd)
# ... except >> of a negative value, which is on a word as C's unsigned
# shift is: without one it asks for --bits (it said "multiplier must be
# positive", the arithmetic shift's -1); on 32 bits (uint32_t)-1 >> 1 is
# 2^31 - 1 (a Mersenne prime) and -8 >> 1 is 2^31 - 4
$ cfx cf -- '-1 >> 1'
! cfx: cf: >> needs a word size: give --bits N (in a session, set bits N) (>>)
? 2
$ cfx naf --bits 32 -- '-1 >> 1' | head -1
> value      0x7fffffff = 2147483647 (32-bit, odd, prime)
$ cfx naf --bits 32 -- '(0-8) >> 1' | head -1
> value      0x7ffffffc = 2147483644 (32-bit, even)
$ cfx naf --bits 8 -- '1 << -1'
! cfx: naf: a shift count must not be negative (-1)
? 2
$ cfx naf --bits 8 -- '1 >> -(2^70)'
! cfx: naf: a shift count must not be negative (-(2^70))
? 2
$ cfx naf --bits 8 -- '2^-(2^70)'
! cfx: naf: exponent too large (-(2^70))
? 2
$ cfx naf --bits 8 'sqrt(2) & 1'
! cfx: naf: left of & must be an integer (sqrt(2))
? 2
$ cfx naf '2 < 3'
! cfx: naf: no comparisons; the left shift is << (<)
? 2
$ cfx naf --bits 32 '2.5 >> 1'
! cfx: naf: left of >> must be an integer (2.5)
? 2
# the REPL and scripts: the session's word, and | as an operator
$ cfx
< set bits 16
< naf ~0x10 | 1
> value      0xffef = 65519 (16-bit, odd, prime)
> binary     1111111111101111
> NAF        00000000000-000-
> weight     binary 15, NAF 2 (1 addition or subtraction)
> power sum  -2^4 - 1
>            (mod 2^16: the NAF's 2^16 term wraps to 0)
# ... but | before a word no expression knows is a shell's pipe
$ cfx
< naf 5 | head
! cfx: line 1: naf: cfx lines have no pipes or redirections (run cfx from a shell for those) (|)
? 2

# One word-size rule: the smallest of 32, 64, then multiples of 64 that
# holds the value, for every command (never 8 or 16 unless asked)
$ cfx cf 5 | head -1
> x          0x00000005 / 2^32 = 5/4294967296
$ cfx cf 0x61C8 | head -1
> x          0x000061c8 / 2^32 = 3129/536870912
$ cfx score --json 0x61C8 | grep '"bits"'
>   "bits": 32,
$ cfx naf 2^40 | head -1
> value      0x0000010000000000 = 1099511627776 (64-bit, even)
$ cfx naf 2^64 | head -2
> value      0x00000000000000010000000000000000 = 18446744073709551616 (128-bit,
>            even)
$ cfx naf --bits 8 5 | head -1
> value      0x05 = 5 (8-bit, odd, prime)
$ cfx search --json --terms 3 --screen none | grep '"bits"'
>   "bits": 32,
# every command's help states the rule (--bits and the EXPR note), and
# the words it takes (the man page's table: cf 1..65536, score 1..64)
$ for c in cf naf shifts spectrum score sweep bench; do cfx $c --help | tr -s ' \n' '  ' | grep -o 'smallest of 32, 64, then' | wc -l; done | sort -u
> 2
$ cfx cf --help | tr -s ' \n' '  ' | grep -o 'cfx cf takes n = [0-9.]*'
> cfx cf takes n = 1..65536
$ cfx score --help | tr -s ' \n' '  ' | grep -o 'cfx score takes n = [0-9.]*'
> cfx score takes n = 1..64

# C integer suffixes (u, l, ul, lu, ll, ull, llu, any case) are taken and
# ignored, as a pasted C literal has them; the word stays the word rule's
# (Python: 0x9e3779b9 = 2654435769 < 2^32, 2654435761 = 0x9e3779b1)
$ cfx naf 0x9e3779b9UL | head -1
> value      0x9e3779b9 = 2654435769 (32-bit, odd)
$ cfx naf 0x9e3779b9ULL | head -1
> value      0x9e3779b9 = 2654435769 (32-bit, odd)
$ cfx naf 2654435761u | head -1
> value      0x9e3779b1 = 2654435761 (32-bit, odd, prime)
$ cfx naf '0x61C88647llU + 0b101Lu - 5lu' | head -1
> value      0x61c88647 = 1640531527 (32-bit, odd)
# ... the suffix says nothing about the word: --bits does
$ cfx naf --bits 64 0x9e3779b9u | head -1
> value      0x000000009e3779b9 = 2654435769 (64-bit, odd)
# what is no C suffix is refused, naming it
$ cfx verify 0x9e3779b9UZ
! cfx: verify: UZ is not a C integer suffix (u, l, ul, ull, in any case) (0x9e3779b9UZ)
? 2
$ cfx naf 7lul
! cfx: naf: lul is not a C integer suffix (u, l, ul, ull, in any case) (7lul)
? 2
$ cfx naf 0.5u
! cfx: naf: a C suffix (u) is for whole numbers (0.5u)
? 2
$ cfx naf 0xUL
! cfx: naf: number without digits (0xUL)
? 2
$ cfx naf 12abc
! cfx: naf: bad digit in number (12abc)
? 2

# a function's bad argument is named whole, as an operator's operand is
# (golden(-1) named '-', golden(2^21) named '^')
$ cfx naf 'golden(-1)'
! cfx: naf: golden(N) needs 0 <= N <= 1048576 (a multiplier: at most 65536 bits, 64 for the hashing commands) (-1)
? 2
$ cfx cf 'golden(2^21)'
! cfx: cf: golden(N) needs 0 <= N <= 1048576 (a multiplier: at most 65536 bits, 64 for the hashing commands) (2^21)
? 2
$ cfx naf 'prevprime(1+1)'
! cfx: naf: there is no prime below this (1+1)
? 2
$ cfx naf 'nextprime(2^2048)'
! cfx: naf: nextprime needs an argument below 2^2048 (2^2048)
? 2
