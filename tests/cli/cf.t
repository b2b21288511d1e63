# cfx cf: continued fractions.  Expected quotients were worked by hand
# (Euclid) or taken from PARI/GP's contfrac; the layout is cfx's own.

# 13/8: 13 = 1*8 + 5, 8 = 1*5 + 3, 5 = 1*3 + 2, 3 = 1*2 + 1, 2 = 2*1
$ cfx cf 13/8
> x          13/8
> cf         [1; 1, 1, 1, 2]
> terms      5 (complete)
> golden     prefix 3 (of frac(x) = x - 1); largest quotient 2 at a_4
> |x-1/phi|  1.01

# the seed's 32-bit constant; gp: contfrac(0x9e370001/2^32)
$ cfx cf 0x9e370001
> x          0x9e370001 / 2^32 = 2654404609/4294967296
> cf         [0; 1 (x12), 18, 7, 1, 3, 7, 18, 1 (x10), 2]
> terms      30 (complete)
> golden     prefix 12; largest quotient 18 at a_13
> |x-1/phi|  7.26e-06 = 2^-17.07

# sqrt(2) = [1; 2, 2, 2, ...]: no 1 after a0, prefix 0; 1 - x < 0 is no
# mirror (the golden prefix's mirror 1 - x is for 0 < x < 1 only)
$ cfx cf 'sqrt(2)'
> x          sqrt(2)
> cf         [1; (2)]
> period     1, after 1 term
> golden     prefix 0 (of frac(x) = x - 1); largest quotient 2 at a_1
> |x-1/phi|  0.796

# errors: one line on stderr naming the token, nothing on stdout, status 2
$ cfx cf 0x1g
! cfx: cf: bad hex digit in number (0x1g)
? 2
$ cfx cf '1/(2-2)'
! cfx: cf: division by zero: the divisor is 0 (2-2)
? 2
$ cfx cf
! cfx: cf: missing constant (cfx cf --help)
? 2
$ cfx cf 5 --bogus
! cfx: cf: unknown option (--bogus)
? 2
$ cfx cf 0x100 --bits 8
! cfx: cf: multiplier does not fit in 8 bits (0x100)
? 2
$ cfx cf 0
! cfx: cf: multiplier must not be zero (0)
? 2
$ cfx frobnicate 5
! cfx: frobnicate: unknown command
? 2
$ cfx spectrun 5
! cfx: spectrun: unknown command; did you mean spectrum?
? 2

# A value reached through / or sqrt is that number, even when it is an
# integer; only an integer written with integer operations (literals,
# + - * % ^, golden, nextprime, prevprime) is a multiplier p/2^n.
# 4/2 = sqrt(4) = sqrt(2)*sqrt(2) = 2 = [2]; 6/4 = 1 + 1/2 = [1; 2].
$ cfx cf 4/2
> x          4/2
> cf         [2]
> terms      1 (complete)
> golden     prefix 0
> |x-1/phi|  1.38
$ cfx cf 'sqrt(4)' | head -2
> x          sqrt(4)
> cf         [2]
$ cfx cf 'sqrt(2)*sqrt(2)' | head -2
> x          sqrt(2)*sqrt(2)
> cf         [2]
$ cfx cf 6/4 | sed -n 2p
> cf         [1; 2]
# 2^3 is the multiplier 8; on 8 bits 8/256 = 1/32 = [0; 32]
$ cfx cf --bits 8 2^3 | head -2
> x          0x08 / 2^8 = 1/32
> cf         [0; 32]
# golden(8) = round(256/phi) = 158 = 0x9e; gp: contfrac(79/128)
# = [0, 1, 1, 1, 1, 1, 1, 2, 1, 2]
$ cfx cf --bits 8 'golden(8)' | head -2
> x          0x9e / 2^8 = 79/128
> cf         [0; 1 (x6), 2, 1, 2]
$ cfx cf --help | grep -c 'cf 4/2'
> 1

# the distance of 1 - x shares the line, so the labels stay in one column:
# x = 1/32, |x - 1/phi| = 0.618 - 0.031 = 0.587, |1 - x - 1/phi| = 0.351
$ cfx cf --bits 8 2^3 | tail -2
> golden     prefix 1 (of 1 - x); largest quotient 32 at a_1
> |x-1/phi|  0.587; of 1 - x: 0.351 = 2^-1.51

# inside (0, 1) the mirror stays: sqrt(2) - 1 = [0; 2, 2, ...] has no 1s,
# 1 - x = 2 - sqrt(2) = [0; 1, 1, 2, 2, ...] (Python: 1/0.5857..=1.707,
# 1/0.707=1.414, 1/0.414=2.414) two
$ cfx cf 'sqrt(2) - 1' | sed -n 4p
> golden     prefix 2 (of 1 - x); largest quotient 2 at a_1
