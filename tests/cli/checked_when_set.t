# Issue 26's trial, cases 3 to 5.  REPL settings checked against each
# other when set, as the options are (score -b 8 --table-bits 12 is
# refused at once): set table above the session's word, and set bits
# below the session's table, are refused on their own line, naming both.
$ cfx
< set bits 8
< set table 12
< score 5
! cfx: line 2: set: set table 12 is above the word size 8 (set bits 8): set table 8 or less, or set bits 12 or more
? 2
$ cfx
< set table 12
< set bits 8
! cfx: line 2: set: set bits 8 is below the table (set table 12): set table 8 or less (or auto) first, or set bits 12 or more
? 2
# what agrees is taken, each order, and auto frees either
$ cfx
< set bits 8
< set table 8
< set bits 16
< set table 12
< set table auto
< set bits 8
< set bits auto
< set table 28
? 0
# the option's form, for comparison
$ cfx score -b 8 --table-bits 12 5
! cfx: score: --table-bits 12 is above the word size 8 (12)
? 2
# spectrum: more points than the multiplier has says which --count runs
# (5 is odd: 2^3 points on 3 bits; 12 = 4 * 3: 2^6 on 8 bits)
$ cfx spectrum -b 3 5
! cfx: spectrum: only 2^3 distinct points exist for this multiplier; --count 8 or fewer runs (the default is 10)
? 2
$ cfx spectrum -b 3 --count 8 5 | head -1
> x          0x5 / 2^3, points {k x} for k = 1..8
$ cfx spectrum --bits 8 12 --count 64 | head -1
> x          0x0c / 2^8, points {k x} for k = 1..64
# one bit is "1 bit"
$ cfx cf --bits 1 3
! cfx: cf: multiplier does not fit in 1 bit (3)
? 2
$ cfx naf --bits 2 7
! cfx: naf: multiplier does not fit in 2 bits (7)
? 2
$ CFX_BENCH_BUDGET=0 cfx bench --bits 1 1 --table-bits 1 2>/dev/null | head -1 | cut -d, -f1
> cfx bench: 2 seq:0 keys on 1 bit into 2^1 counters
