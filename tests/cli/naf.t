# cfx naf: binary weight, non-adjacent form (NAF), power sum.
# Every expected line was recomputed independently: PARI/GP for the values,
# hammingweight() and isprime(); the NAF by the textbook rule (odd x gets
# digit 2 - (x mod 4)) in a separate script that also checks the form has no
# two adjacent non-zero digits and sums to p mod 2^n; the layout is cfx's own.
# "prime" means proven (GMP, below 2^64); above that cfx says "probable prime".

# the seed's 32-bit constant.  gp: 0x9e370001 = 2654404609, isprime -> 1,
# hammingweight -> 11, binary -> 10011110001101110000000000000001.  NAF digits
# read off the seed's form 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1
# (gp: that sum == 0x9e370001): 7 digits, 6 additions/subtractions.
$ cfx naf 0x9e370001
> value      0x9e370001 = 2654404609 (32-bit, odd, prime)
> binary     10011110001101110000000000000001
> NAF        +0+000-00+00-00-000000000000000+
> weight     binary 11, NAF 7 (6 additions or subtractions)
> power sum  2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1

# the seed's 64-bit constant.  gp: = 11400862456688148481, isprime -> 1,
# hammingweight -> 41 (bits 0, 18..50, 52, 53, 57..60, 63: the NAF writes bits
# 18..53 as 2^54 - 2^51 - 2^18); form 2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1
# as in the seed (gp: sum == 0x9e37fffffffc0001).
$ cfx naf 0x9e37fffffffc0001
> value      0x9e37fffffffc0001 = 11400862456688148481 (64-bit, odd, prime)
> binary     1001111000110111111111111111111111111111111111000000000000000001
> NAF        +0+000-00+00-00000000000000000000000000000000-00000000000000000+
> weight     binary 41, NAF 7 (6 additions or subtractions)
> power sum  2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1

# Knuth's prime.  gp: precprime(round(2^32/phi)) = 2654435761 = 0x9e3779b1,
# isprime -> 1, hammingweight -> 19; NAF 11 digits (script above).
$ cfx naf 2654435761
> value      0x9e3779b1 = 2654435761 (32-bit, odd, prime)
> binary     10011110001101110111100110110001
> NAF        +0+000-00+00-000-000-0+00-0-000+
> weight     binary 19, NAF 11 (10 additions or subtractions)
> power sum  2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^15 - 2^11 + 2^9 - 2^6 - 2^4 + 1

# golden(32) = round(2^32/phi).  gp: round(2^32/((1+sqrt(5))/2)) = 2654435769
# = 0x9e3779b9, isprime -> 0, hammingweight -> 20.
$ cfx naf 'golden(32)'
> value      0x9e3779b9 = 2654435769 (32-bit, odd)
> binary     10011110001101110111100110111001
> NAF        +0+000-00+00-000-000-0+00-00-00+
> weight     binary 20, NAF 11 (10 additions or subtractions)
> power sum  2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^15 - 2^11 + 2^9 - 2^6 - 2^3 + 1

# 45 = 0b101101 (weight 4) = 2^6 - 2^4 - 2^2 + 1 (NAF, also weight 4, by hand:
# 45 odd, 45 mod 4 = 1 -> +1; 44/4 = 11, 11 mod 4 = 3 -> -1 at 2^2; 12/4 = 3,
# 3 mod 4 = 3 -> -1 at 2^4; 4/4 = 1 -> +1 at 2^6).  8-bit word, not prime.
$ cfx naf --bits 8 45
> value      0x2d = 45 (8-bit, odd)
> binary       101101
> NAF        0+0-0-0+
> weight     binary 4, NAF 4 (3 additions or subtractions)
> power sum  2^6 - 2^4 - 2^2 + 1

# 0xff = 2^8 - 1: the NAF's 2^8 digit wraps mod 2^8, leaving -1 (by hand).
$ cfx naf --bits 8 0xff
> value      0xff = 255 (8-bit, odd)
> binary     11111111
> NAF        0000000-
> weight     binary 8, NAF 1 (0 additions or subtractions)
> power sum  -1
>            (mod 2^8: the NAF's 2^8 term wraps to 0)

# an even power of two: one digit, binary weight 1 (by hand).
$ cfx naf --bits 8 0x80
> value      0x80 = 128 (8-bit, even)
> binary     10000000
> NAF        +0000000
> weight     binary 1, NAF 1 (0 additions or subtractions)
> power sum  2^7

# 1 is not prime; one digit, 0 operations (by hand).
$ cfx naf --bits 8 1
> value      0x01 = 1 (8-bit, odd)
> binary            1
> NAF        0000000+
> weight     binary 1, NAF 1 (0 additions or subtractions)
> power sum  1

# GOLDEN_RATIO_32 of Linux 4.7.  gp: 0x61C88647 = 1640531527, isprime -> 0,
# hammingweight -> 13; binary has 31 digits, so one space of padding.
$ cfx naf 0x61C88647
> value      0x61c88647 = 1640531527 (32-bit, odd)
> binary      1100001110010001000011001000111
> NAF        +0-000+00-00+000+000+0-00+00+00-
> weight     binary 13, NAF 11 (10 additions or subtractions)
> power sum  2^31 - 2^29 + 2^25 - 2^22 + 2^19 + 2^15 + 2^11 - 2^9 + 2^6 + 2^3 - 1

# FxHash.  gp: 0x517cc1b727220a95 = 5871781006564002453, isprime -> 0,
# hammingweight -> 29; NAF weight 22 (script above).
$ cfx naf 0x517cc1b727220a95
> value      0x517cc1b727220a95 = 5871781006564002453 (64-bit, odd)
> binary      101000101111100110000011011011100100111001000100000101010010101
> NAF        0+0+00+0-0000-0+0-0000+00-00-00-00+0+00-00+000+00000+0+0+00+0+0+
> weight     binary 29, NAF 22 (21 additions or subtractions)
> power sum  2^62 + 2^60 + 2^57 - 2^55 - 2^50 + 2^48 - 2^46 + 2^41 - 2^38 - 2^35
>            - 2^32 + 2^29 + 2^27 - 2^24 + 2^21 + 2^17 + 2^11 + 2^9 + 2^7 + 2^4
>            + 2^2 + 1

# FACTS: 699829 is the one constant below 2^20 that needs 6 adders when
# shared sub-expressions are allowed; its NAF needs 9.  gp: 699829 = 0xaadb5,
# hammingweight -> 12, isprime -> 0; 20 binary digits padded to 32.
$ cfx naf 699829
> value      0x000aadb5 = 699829 (32-bit, odd)
> binary                 10101010110110110101
> NAF        00000000000+0-0-0-0-00-00-0-0+0+
> weight     binary 12, NAF 10 (9 additions or subtractions)
> power sum  2^20 - 2^18 - 2^16 - 2^14 - 2^12 - 2^9 - 2^6 - 2^4 + 2^2 + 1

# an explicit odd word size: 12 bits.  gp: 0x9e3 = 2531, isprime -> 1,
# hammingweight -> 7; NAF 2^11 + 2^9 - 2^5 + 2^2 - 1 (gp: == 2531).
$ cfx naf --bits 12 0x9e3
> value      0x9e3 = 2531 (12-bit, odd, prime)
> binary     100111100011
> NAF        +0+000-00+0-
> weight     binary 7, NAF 5 (4 additions or subtractions)
> power sum  2^11 + 2^9 - 2^5 + 2^2 - 1

# a 32-bit constant on a 64-bit word: padded, same digits.
$ cfx naf --bits 64 0x9e370001
> value      0x000000009e370001 = 2654404609 (64-bit, odd, prime)
> binary                                     10011110001101110000000000000001
> NAF        00000000000000000000000000000000+0+000-00+00-00-000000000000000+
> weight     binary 11, NAF 7 (6 additions or subtractions)
> power sum  2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1

# a Mersenne prime on 128 bits: no binary/NAF rows above 64 bits; GMP cannot
# prove it, so "probable prime" (gp: isprime(2^127-1) -> 1); NAF 2^127 - 1.
$ cfx naf '2^127-1'
> value      0x7fffffffffffffffffffffffffffffff =
>            170141183460469231731687303715884105727 (128-bit, odd, probable
>            prime)
> weight     binary 127, NAF 2 (1 addition or subtraction)
> power sum  2^127 - 1

# JSON: the value as a decimal string (above 2^53); terms high to low.
$ cfx naf --json 0x9e37fffffffc0001
> {
>   "value": "11400862456688148481",
>   "hex": "0x9e37fffffffc0001",
>   "bits": 64,
>   "odd": true,
>   "prime": true,
>   "binary_weight": 41,
>   "naf_weight": 7,
>   "wrapped": false,
>   "terms": [
>     {
>       "exp": 63,
>       "sign": 1
>     },
>     {
>       "exp": 61,
>       "sign": 1
>     },
>     {
>       "exp": 57,
>       "sign": -1
>     },
>     {
>       "exp": 54,
>       "sign": 1
>     },
>     {
>       "exp": 51,
>       "sign": -1
>     },
>     {
>       "exp": 18,
>       "sign": -1
>     },
>     {
>       "exp": 0,
>       "sign": 1
>     }
>   ],
>   "power_sum": "2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1",
>   "add_sub_ops": 6
> }

# JSON of a wrapped form (0xff mod 2^8 = -1).
$ cfx naf --json --bits 8 0xff
> {
>   "value": "255",
>   "hex": "0xff",
>   "bits": 8,
>   "odd": true,
>   "prime": false,
>   "binary_weight": 8,
>   "naf_weight": 1,
>   "wrapped": true,
>   "terms": [
>     {
>       "exp": 0,
>       "sign": -1
>     }
>   ],
>   "power_sum": "-1",
>   "add_sub_ops": 0
> }
