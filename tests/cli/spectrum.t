# cfx spectrum: the points {k p/2^n}, their gap lengths, a strip and a list.
# Gaps were recomputed with PARI/GP by brute force:
#   gaps(p,n,K) = my(v = vecsort(vector(K,k,k*p%2^n))); concat(vector(K-1,
#     i,v[i+1]-v[i]), 2^n-v[K]+v[1])      (then count each distinct length)
# and the strip, fractions and list by a separate script from the same
# integers (cell = floor(64 (k p mod 2^n) / 2^n), bucket = (k p mod 2^n)
# >> (n - B)).  Ratios and fractions are those integers divided.

# 10 points of the 32-bit seed constant.  gp gaps: 239599608 x2,
# 387121157 x5, 626720765 x3; 239599608 + 387121157 = 626720765 (three
# distance theorem); 626720765/239599608 = 2.6157...
$ cfx spectrum 0x9e370001
> x          0x9e370001 / 2^32, points {k x} for k = 1..10
> gaps       3 lengths, in units of 2^-32:
>                            length       count  as a fraction
>                         239599608           2  0.0557861
>                         387121157           5  0.0901337
>                         626720765           3  0.14592
>            the largest is the sum of the other two; max/min 2.616
> strip      0 -----*-----*---*----*---------*----*---*-----*--------*-----*--- 1
>   (# marks a cell with several points)

# 20 points: gp gaps 147521549 x7, 239599608 x12, 387121157 x1.
# gp: k*0x9e370001 % 2^32 for k = 1..5 = 2654404609, 1013841922, 3668246531,
# 2027683844, 387121157; k*p \ 2^32 = 0, 1, 1, 2, 3; >> 24 = 158, 60, 218, 120, 23.
$ cfx spectrum 0x9e370001 --count 20 --list 5 --table-bits 8
> x          0x9e370001 / 2^32, points {k x} for k = 1..20
> gaps       3 lengths, in units of 2^-32:
>                            length       count  as a fraction
>                         147521549           7  0.0343475
>                         239599608          12  0.0557861
>                         387121157           1  0.0901337
>            the largest is the sum of the other two; max/min 2.624
> strip      0 --*--*-*---*---*-*--*--*--*---*-*--*---*-*---*-*---*--*-*---*--- 1
>   (# marks a cell with several points)
>
>          k  {k x}                    floor(k x)  bucket
>          1  0.6180267336                      0  158
>          2  0.2360534673                      1  60
>          3  0.8540802009                      1  218
>          4  0.4721069345                      2  120
>          5  0.0901336682                      3  23
> (bucket = floor(2^8 {k x}), a table of 2^8)

# an 8-bit word: 100 points of 159/256, gp gaps 1 x5, 2 x34, 3 x61;
# k*159 % 256 = 159, 62, 221 -> buckets (>> 5) 4, 1, 6; floor 0, 1, 1.
$ cfx spectrum --bits 8 0x9f --count 100 --list 3 --table-bits 3
> x          0x9f / 2^8, points {k x} for k = 1..100
> gaps       3 lengths, in units of 2^-8:
>                            length       count  as a fraction
>                                 1           5  0.00390625
>                                 2          34  0.0078125
>                                 3          61  0.0117188
>            the largest is the sum of the other two; max/min 3
> strip      0 #*#*#*##*#*#*#*#*#*#*#*#*#*#*#*#*#*#*#*##*#*#*#*#*#*#*###*#*#*#* 1
>   (# marks a cell with several points)
>
>          k  {k x}                    floor(k x)  bucket
>          1  0.6210937500                      0  4
>          2  0.2421875000                      1  1
>          3  0.8632812500                      1  6
> (bucket = floor(2^3 {k x}), a table of 2^3)

# all 256 points of an odd 8-bit multiplier: one gap length, 1 (a
# permutation of the residues); with B = n the column is k p mod 2^n itself.
$ cfx spectrum --bits 8 0x9f --count 256 --list 2 --table-bits 8
> x          0x9f / 2^8, points {k x} for k = 1..256
> gaps       1 length, in units of 2^-8:
>                            length       count  as a fraction
>                                 1         256  0.00390625
>            max/min 1
> strip      0 ################################################################ 1
>   (first 200 points; # marks a cell with several)
>
>          k  {k x}                    floor(k x)  k p mod 2^n
>          1  0.6210937500                      0  159
>          2  0.2421875000                      1  62
> (bucket = floor(2^8 {k x}), a table of 2^8)

# the 64-bit seed constant, 1000 points.  gp gaps: 2251799950261751 x479,
# 31525197156189058 x102, 33776997106450809 x419 (sum holds); the strip shows
# only the first 200 points.
$ cfx spectrum 0x9e37fffffffc0001 --count 1000
> x          0x9e37fffffffc0001 / 2^64, points {k x} for k = 1..1000
> gaps       3 lengths, in units of 2^-64:
>                            length       count  as a fraction
>                  2251799950261751         479  0.00012207
>                 31525197156189058         102  0.00170898
>                 33776997106450809         419  0.00183105
>            the largest is the sum of the other two; max/min 15
> strip      0 ################################################################ 1
>   (first 200 points; # marks a cell with several)

# Knuth's prime, 1000 points.  gp gaps: 1954453 x13, 3143618 x390,
# 5098071 x597; list: k*2654435761 % 2^32 >> 22 = 632, 241, 874, 483.
$ cfx spectrum 2654435761 --count 1000 --list 4 --table-bits 10
> x          0x9e3779b1 / 2^32, points {k x} for k = 1..1000
> gaps       3 lengths, in units of 2^-32:
>                            length       count  as a fraction
>                           1954453          13  0.000455057
>                           3143618         390  0.000731931
>                           5098071         597  0.00118699
>            the largest is the sum of the other two; max/min 2.608
> strip      0 ################################################################ 1
>   (first 200 points; # marks a cell with several)
>
>          k  {k x}                    floor(k x)  bucket
>          1  0.6180339868                      0  632
>          2  0.2360679735                      1  241
>          3  0.8541019603                      1  874
>          4  0.4721359471                      2  483
> (bucket = floor(2^10 {k x}), a table of 2^10)

# one point: one gap, the whole circle (2^8 units).
$ cfx spectrum --bits 8 3 --count 1
> x          0x03 / 2^8, points {k x} for k = 1..1
> gaps       1 length, in units of 2^-8:
>                            length       count  as a fraction
>                               256           1  1
>            max/min 1
> strip      0 *--------------------------------------------------------------- 1
>   (# marks a cell with several points)

# an even multiplier, 12 = 4*3 on 8 bits: the 64 multiples of 4 are all
# the points there are; one gap, 4 units (by hand).
$ cfx spectrum --bits 8 12 --count 64
> x          0x0c / 2^8, points {k x} for k = 1..64
> gaps       1 length, in units of 2^-8:
>                            length       count  as a fraction
>                                 4          64  0.015625
>            max/min 1
> strip      0 **************************************************************** 1
>   (# marks a cell with several points)

# JSON: 5 points of the 32-bit seed constant.  gp gaps: 626720765 x2,
# 1013841922 x3 (two lengths, so three_sum false); 1013841922/626720765 =
# 1.6176932034476310993...
$ cfx spectrum --json 0x9e370001 --count 5 --list 2 --table-bits 8
> {
>   "value": "2654404609",
>   "bits": 32,
>   "count": 5,
>   "gaps": [
>     {
>       "length_units": "626720765",
>       "count": 2
>     },
>     {
>       "length_units": "1013841922",
>       "count": 3
>     }
>   ],
>   "max_min_ratio": 1.617693203447631,
>   "three_sum": false,
>   "table_bits": 8,
>   "points": [
>     {
>       "k": 1,
>       "point_units": "2654404609",
>       "floor": "0",
>       "bucket": 158
>     },
>     {
>       "k": 2,
>       "point_units": "1013841922",
>       "floor": "1",
>       "bucket": 60
>     }
>   ]
> }

# JSON: three lengths summing (gp gaps as above for 1000 points).
$ cfx spectrum --json 0x9e37fffffffc0001 --count 1000
> {
>   "value": "11400862456688148481",
>   "bits": 64,
>   "count": 1000,
>   "gaps": [
>     {
>       "length_units": "2251799950261751",
>       "count": 479
>     },
>     {
>       "length_units": "31525197156189058",
>       "count": 102
>     },
>     {
>       "length_units": "33776997106450809",
>       "count": 419
>     }
>   ],
>   "max_min_ratio": 14.999999046329378,
>   "three_sum": true
> }
