# cfx sweep: keys k*2^s, k < K, for every s; each row scored like `cfx
# score`, with the continued fraction of the effective multiplier
# p mod 2^(n-s) over 2^(n-s) and its largest "early" quotient (those a_k
# whose q_{k-1} has at most L bits, 2^L > keys).  Every row was recomputed by
# a separate script: exact integer hashing of the keys, chi^2 and R as
# fractions, p-values from PARI/GP incgam(dof/2, chi2/2)/gamma(dof/2), the
# quotients by Euclid checked against gp's contfrac(), the worst row the
# first with the largest R.

# the 32-bit seed constant, 256 buckets, 1024 keys per stride.  Rows 5, 9
# and 21 are weak, 10..20 bad.  s = 12 is Spelvin's (0x70001 x mod 2^20):
# gp: 0x9e370001 % 2^20 == 0x70001 and contfrac(0x70001/2^20) = [0, 2, 3,
# 1, 1, 4095, ...], the a_5 = 4095 of that row; s = 16 is p mod 2^16 = 1,
# 1/2^16 = [0; 65536].
$ cfx sweep 0x9e370001 --table-bits 8 --count 1024
> sweep      0x9e370001 (32-bit), 2^8 buckets, keys k*2^s, k < 1024
>
>  s       keys       chi^2   p-value  max         R  verdict  largest a_k
>  0       1024        43.5         1    5    0.8622  good     a_13 = 18
>  1       1024        29.5         1    5    0.8531  good     a_5 = 9
>  2       1024        22.5         1    5    0.8485  good     a_2 = 8
>  3       1024          23         1    5    0.8489  good     a_2 = 16
>  4       1024          22         1    5    0.8482  good     a_4 = 25
>  5       1024       390.5   9.5e-08    8     1.088  weak     a_6 = 16
>  6       1024           0         1    4    0.8339  good     a_7 = 63
>  7       1024           0         1    4    0.8339  good     a_5 = 127
>  8       1024           0         1    4    0.8339  good     a_7 = 255
>  9       1024        1024   1.1e-92    8     1.501  weak     a_5 = 511
> 10       1024        3072         0   16     2.835  bad      a_5 = 1023
> 11       1024        7168         0   32     5.504  bad      a_7 = 2047
> 12       1024       15360         0   64     10.84  bad      a_5 = 4095
> 13       1024       31744         0  128     21.51  bad      a_3 = 8191
> 14       1024       64512         0  256     42.86  bad      a_3 = 16383
> 15       1024       64512         0  256     42.86  bad      a_3 = 32767
> 16       1024       64512         0  256     42.86  bad      a_1 = 65536
> 17       1024       31744         0  128     21.51  bad      a_1 = 32768
> 18       1024       15360         0   64     10.84  bad      a_1 = 16384
> 19       1024        7168         0   32     5.504  bad      a_1 = 8192
> 20       1024        3072         0   16     2.835  bad      a_1 = 4096
> 21       1024        1024   1.1e-92    8     1.501  weak     a_1 = 2048
> 22       1024           0         1    4    0.8339  good     a_1 = 1024
> 23        512           0         1    2    0.7507  good     a_1 = 512
> 24        256           0         1    1    0.6675  good     a_1 = 256
> 25        128         128         1    1    0.8013  good     a_1 = 128
> 26         64         192         1    1    0.8904  good     a_1 = 64
> 27         32         224      0.92    1    0.9429  good     a_1 = 32
> 28         16         240      0.74    1    0.9715  good     a_1 = 16
> 29          8         248      0.61    1    0.9865  none     a_1 = 8
> 30          4         252      0.54    1    0.9942  none     a_1 = 4
> 31          2         254      0.51    1    0.9981  none     a_1 = 2
>
> verdict    good, weak, bad, none: "PASS", "WARN", "FAIL", "INFO" in JSON
> worst      s = 14: R = 42.86, bad ("FAIL" in JSON); there the hash acts like p
>            mod 2^18, whose fraction has a_3 = 16383

# the 64-bit seed constant: bad for s = 7..34 and 40..52, weak at 6, 35,
# 39 and 53.  gp: s = 12, p mod 2^52 = 2^51 - 2^18 + 1, contfrac [0, 2,
# 4294983679, ...]; s = 18, p mod 2^46 = 2^46 - 2^18 + 1, [0, 1, 268436479,
# ...]; s = 26 shows the seed's own quotient 1048579; s = 46, p mod 2^18 = 1,
# [0; 262144], the worst row.
$ cfx sweep 0x9e37fffffffc0001 --table-bits 8 --count 1024
> sweep      0x9e37fffffffc0001 (64-bit), 2^8 buckets, keys k*2^s, k < 1024
>
>  s       keys       chi^2   p-value  max         R  verdict  largest a_k
>  0       1024           8         1    5    0.8391  good     a_14 = 14
>  1       1024         6.5         1    5    0.8381  good     a_4 = 6
>  2       1024         4.5         1    5    0.8368  good     a_4 = 13
>  3       1024         0.5         1    5    0.8342  good     a_6 = 8388639
>  4       1024         0.5         1    5    0.8342  good     a_6 = 16777279
>  5       1024         0.5         1    5    0.8342  good     a_6 = 33554559
>  6       1024      1020.5   4.3e-92    8     1.499  weak     a_6 = 67109119
>  7       1024      3064.5         0   16      2.83  bad      a_4 = 134218239
>  8       1024      7152.5         0   32     5.493  bad      a_6 = 268436479
>  9       1024       15328         0   64     10.82  bad      a_4 = 536872959
> 10       1024       31680         0  128     21.47  bad      a_4 = 1073745919
> 11       1024       64384         0  256     42.78  bad      a_4 = 2147491839
> 12       1024  1.2979e+05         0  512     85.39  bad      a_2 = 4294983679
> 13       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 8589967359
> 14       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 4294983679
> 15       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 2147491839
> 16       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 1073745919
> 17       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 536872959
> 18       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 268436479
> 19       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 134218239
> 20       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 67109119
> 21       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 33554559
> 22       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 16777279
> 23       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 8388639
> 24       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 4194319
> 25       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 2097159
> 26       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 1048579
> 27       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 524289
> 28       1024  2.6061e+05         0 1023     170.6  bad      a_2 = 262144
> 29       1024  1.2979e+05         0  512     85.39  bad      a_2 = 131071
> 30       1024       64384         0  256     42.78  bad      a_2 = 65535
> 31       1024       31680         0  128     21.47  bad      a_2 = 32767
> 32       1024       15328         0   64     10.82  bad      a_2 = 16383
> 33       1024      7152.5         0   32     5.493  bad      a_2 = 8191
> 34       1024      3064.5         0   16      2.83  bad      a_2 = 4095
> 35       1024      1020.5   4.3e-92    8     1.499  weak     a_2 = 2047
> 36       1024           0         1    4    0.8339  good     a_2 = 1023
> 37       1024           0         1    4    0.8339  good     a_2 = 511
> 38       1024           0         1    4    0.8339  good     a_3 = 1023
> 39       1024        1024   1.1e-92    8     1.501  weak     a_3 = 2047
> 40       1024        3072         0   16     2.835  bad      a_3 = 4095
> 41       1024        7168         0   32     5.504  bad      a_3 = 8191
> 42       1024       15360         0   64     10.84  bad      a_3 = 16383
> 43       1024       31744         0  128     21.51  bad      a_3 = 32767
> 44       1024       64512         0  256     42.86  bad      a_3 = 65535
> 45       1024  1.3005e+05         0  512     85.56  bad      a_3 = 131071
> 46       1024  2.6112e+05         0 1024     170.9  bad      a_1 = 262144
> 47       1024  1.3005e+05         0  512     85.56  bad      a_1 = 131072
> 48       1024       64512         0  256     42.86  bad      a_1 = 65536
> 49       1024       31744         0  128     21.51  bad      a_1 = 32768
> 50       1024       15360         0   64     10.84  bad      a_1 = 16384
> 51       1024        7168         0   32     5.504  bad      a_1 = 8192
> 52       1024        3072         0   16     2.835  bad      a_1 = 4096
> 53       1024        1024   1.1e-92    8     1.501  weak     a_1 = 2048
> 54       1024           0         1    4    0.8339  good     a_1 = 1024
> 55        512           0         1    2    0.7507  good     a_1 = 512
> 56        256           0         1    1    0.6675  good     a_1 = 256
> 57        128         128         1    1    0.8013  good     a_1 = 128
> 58         64         192         1    1    0.8904  good     a_1 = 64
> 59         32         224      0.92    1    0.9429  good     a_1 = 32
> 60         16         240      0.74    1    0.9715  good     a_1 = 16
> 61          8         248      0.61    1    0.9865  none     a_1 = 8
> 62          4         252      0.54    1    0.9942  none     a_1 = 4
> 63          2         254      0.51    1    0.9981  none     a_1 = 2
>
> verdict    good, weak, bad, none: "PASS", "WARN", "FAIL", "INFO" in JSON
> worst      s = 46: R = 170.9, bad ("FAIL" in JSON); there the hash acts like p
>            mod 2^18, whose fraction has a_1 = 262144

# GOLDEN_RATIO_64, which replaced it: no bad row (a_1 = 2 at s = 0 is the
# [0; 2, 1, 1, ...] of 0.38..., FACTS).
$ cfx sweep 0x61C8864680B583EB --table-bits 8 --count 1024
> sweep      0x61c8864680b583eb (64-bit), 2^8 buckets, keys k*2^s, k < 1024
>
>  s       keys       chi^2   p-value  max         R  verdict  largest a_k
>  0       1024          20         1    6    0.8469  good     a_1 = 2
>  1       1024          24         1    6    0.8495  good     a_3 = 4
>  2       1024        48.5         1    6    0.8655  good     a_3 = 8
>  3       1024       103.5         1    8    0.9013  good     a_1 = 17
>  4       1024          71         1    7    0.8801  good     a_3 = 34
>  5       1024        31.5         1    5    0.8544  good     a_7 = 70
>  6       1024        31.5         1    5    0.8544  good     a_9 = 35
>  7       1024          22         1    6    0.8482  good     a_9 = 17
>  8       1024        23.5         1    6    0.8492  good     a_11 = 8
>  9       1024          26         1    6    0.8508  good     a_6 = 15
> 10       1024        31.5         1    6    0.8544  good     a_4 = 31
> 11       1024          21         1    5    0.8476  good     a_7 = 18
> 12       1024       243.5      0.69    7    0.9925  good     a_6 = 13
> 13       1024         466   1.5e-14    7     1.137  weak     a_4 = 27
> 14       1024        73.5         1    7    0.8818  good     a_6 = 13
> 15       1024        43.5         1    6    0.8622  good     a_6 = 6
> 16       1024        30.5         1    6    0.8537  good     a_3 = 9
> 17       1024       150.5         1    6    0.9319  good     a_1 = 20
> 18       1024         273      0.21    6     1.012  good     a_3 = 27
> 19       1024       102.5         1    6    0.9007  good     a_3 = 13
> 20       1024        13.5         1    5    0.8427  good     a_7 = 6
> 21       1024        15.5         1    5     0.844  good     a_8 = 5
> 22       1024        17.5         1    5    0.8453  good     a_4 = 7
> 23       1024          21         1    5    0.8476  good     a_7 = 9
> 24       1024       131.5         1    6    0.9195  good     a_9 = 18
> 25       1024       324.5    0.0021    6     1.045  good     a_9 = 37
> 26       1024         211      0.98    6    0.9713  good     a_5 = 18
> 27       1024          81         1    6    0.8866  good     a_3 = 11
> 28       1024        35.5         1    5     0.857  good     a_9 = 16
> 29       1024          34         1    5     0.856  good     a_5 = 10
> 30       1024        30.5         1    5    0.8537  good     a_5 = 22
> 31       1024        29.5         1    5    0.8531  good     a_3 = 44
> 32       1024          32         1    5    0.8547  good     a_3 = 89
> 33       1024          91         1    6    0.8932  good     a_1 = 180
> 34       1024        42.5         1    6    0.8616  good     a_1 = 90
> 35       1024        13.5         1    5    0.8427  good     a_1 = 45
> 36       1024        15.5         1    5     0.844  good     a_1 = 22
> 37       1024          27         1    5    0.8515  good     a_1 = 11
> 38       1024        24.5         1    5    0.8498  good     a_1 = 5
> 39       1024          57         1    6     0.871  good     a_3 = 4
> 40       1024          42         1    5    0.8612  good     a_6 = 6
> 41       1024        44.5         1    6    0.8629  good     a_8 = 6
> 42       1024        52.5         1    6    0.8681  good     a_8 = 13
> 43       1024        34.5         1    5    0.8564  good     a_3 = 19
> 44       1024        29.5         1    5    0.8531  good     a_3 = 9
> 45       1024          33         1    6    0.8554  good     a_3 = 4
> 46       1024          31         1    5    0.8541  good     a_7 = 5
> 47       1024        97.5         1    6    0.8974  good     a_5 = 11
> 48       1024         148         1    6    0.9303  good     a_6 = 16
> 49       1024       924.5   1.2e-76   11     1.436  weak     a_4 = 33
> 50       1024        1567    3e-187   13     1.855  weak     a_4 = 66
> 51       1024         452   3.7e-13    7     1.128  weak     a_4 = 32
> 52       1024        97.5         1    7    0.8974  good     a_4 = 15
> 53       1024        42.5         1    5    0.8616  good     a_2 = 23
> 54       1024           0         1    4    0.8339  good     a_2 = 47
> 55        512           0         1    2    0.7507  good     a_2 = 23
> 56        256           0         1    1    0.6675  good     a_2 = 11
> 57        128         128         1    1    0.8013  good     a_3 = 10
> 58         64         192         1    1    0.8904  good     a_3 = 21
> 59         32         224      0.92    1    0.9429  good     a_3 = 10
> 60         16         240      0.74    1    0.9715  good     a_3 = 5
> 61          8         248      0.61    1    0.9865  none     a_1 = 2
> 62          4         252      0.54    1    0.9942  none     a_2 = 3
> 63          2         254      0.51    1    0.9981  none     a_1 = 2
>
> verdict    good, weak, bad, none: "PASS", "WARN", "FAIL", "INFO" in JSON
> worst      s = 50: R = 1.855, weak ("WARN" in JSON); there the hash acts like p
>            mod 2^14, whose fraction has a_4 = 66

# defaults on 8 bits: 2^4 buckets, 64 keys.  s = 7, by hand: keys 0 and 128
# land in buckets 0 and 8; chi^2 = 2*16/2 - 2 = 14 on 15, R = 2/2.0625 =
# 0.9697; p mod 2 = 1 -> 1/2 = [0; 2].  Rows 5..7 have 8, 4 and 2 distinct
# keys (2^(8-s)): verdict none, as score gives below 16 (SCORE_MIN_KEYS).
# The worst row is the judged row of largest R: s = 0 (0.8474, tied with
# s = 1; the first is named), not s = 7, whose R of two keys says nothing.
$ cfx sweep --bits 8 0x9f
> sweep      0x9f (8-bit), 2^4 buckets, keys k*2^s, k < 64
>
>  s       keys       chi^2   p-value  max         R  verdict  largest a_k
>  0         64         0.5         1    5    0.8474  good     a_6 = 3
>  1         64         0.5         1    5    0.8474  good     a_2 = 7
>  2         64           0         1    4    0.8421  good     a_2 = 15
>  3         32           0         1    2    0.7619  good     a_2 = 31
>  4         16           0         1    1    0.6809  good     a_2 = 15
>  5          8           8      0.92    1    0.8205  none     a_2 = 7
>  6          4          12      0.68    1    0.9143  none     a_2 = 3
>  7          2          14      0.53    1    0.9697  none     a_1 = 2
>
> verdict    good, weak, bad, none: "PASS", "WARN", "FAIL", "INFO" in JSON
> worst      s = 0: R = 0.8474, good ("PASS" in JSON); there the hash acts like p
>            mod 2^8, whose fraction has a_6 = 3

# an even multiplier is accepted and flagged; at s = 7 the effective
# multiplier is 0 ([0], no quotient after a_0) and keys 0 and 128 collide.
$ cfx sweep --bits 8 0x9e
> sweep      0x9e (8-bit), 2^4 buckets, keys k*2^s, k < 64
>
>  s       keys       chi^2   p-value  max         R  verdict  largest a_k
>  0         64         0.5         1    5    0.8474  good     a_7 = 2
>  1         64           0         1    4    0.8421  good     a_1 = 4
>  2         64           0         1    4    0.8421  good     a_2 = 7
>  3         32           0         1    2    0.7619  good     a_2 = 15
>  4         16          16      0.38    2     1.021  good     a_2 = 7
>  5          8          24     0.065    2     1.231  none     a_2 = 3
>  6          4          28     0.022    2     1.371  none     a_1 = 2
>  7          2          30     0.012    2     1.455  none     -
>
> verdict    good, weak, bad, none: "PASS", "WARN", "FAIL", "INFO" in JSON
> worst      s = 4: R = 1.021, good ("PASS" in JSON); there the hash acts like p
>            mod 2^4, whose fraction has a_2 = 7
> note       multiplier is even: not invertible mod 2^n, the low bit of every
>            product is 0 and keys x and x + 2^(n-1) always collide

# JSON (p-values left out: GSL's last digits may vary between versions;
# the text rows above check them to two digits).
$ cfx sweep --json --bits 8 0x9f | grep -v p_value
> {
>   "multiplier": "0x9f",
>   "bits": 8,
>   "table_bits": 4,
>   "count": 64,
>   "rows": [
>     {
>       "shift": 0,
>       "keys": 64,
>       "chi2": 0.5,
>       "max_load": 5,
>       "empty": 0,
>       "probe_ratio": 0.84736842105263155,
>       "verdict": "PASS",
>       "effective_multiplier": "159",
>       "effective_quotients": [
>         "0",
>         "1",
>         "1",
>         "1",
>         "1",
>         "1",
>         "3",
>         "2",
>         "1",
>         "2"
>       ],
>       "effective_terms": 10,
>       "largest_early_quotient": "3",
>       "largest_early_index": 6
>     },
>     {
>       "shift": 1,
>       "keys": 64,
>       "chi2": 0.5,
>       "max_load": 5,
>       "empty": 0,
>       "probe_ratio": 0.84736842105263155,
>       "verdict": "PASS",
>       "effective_multiplier": "31",
>       "effective_quotients": [
>         "0",
>         "4",
>         "7",
>         "1",
>         "3"
>       ],
>       "effective_terms": 5,
>       "largest_early_quotient": "7",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 2,
>       "keys": 64,
>       "chi2": 0.0,
>       "max_load": 4,
>       "empty": 0,
>       "probe_ratio": 0.84210526315789469,
>       "verdict": "PASS",
>       "effective_multiplier": "31",
>       "effective_quotients": [
>         "0",
>         "2",
>         "15",
>         "2"
>       ],
>       "effective_terms": 4,
>       "largest_early_quotient": "15",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 3,
>       "keys": 32,
>       "chi2": 0.0,
>       "max_load": 2,
>       "empty": 0,
>       "probe_ratio": 0.76190476190476186,
>       "verdict": "PASS",
>       "effective_multiplier": "31",
>       "effective_quotients": [
>         "0",
>         "1",
>         "31"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "31",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 4,
>       "keys": 16,
>       "chi2": 0.0,
>       "max_load": 1,
>       "empty": 0,
>       "probe_ratio": 0.68085106382978722,
>       "verdict": "PASS",
>       "effective_multiplier": "15",
>       "effective_quotients": [
>         "0",
>         "1",
>         "15"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "15",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 5,
>       "keys": 8,
>       "chi2": 8.0,
>       "max_load": 1,
>       "empty": 8,
>       "probe_ratio": 0.82051282051282048,
>       "verdict": "INFO",
>       "effective_multiplier": "7",
>       "effective_quotients": [
>         "0",
>         "1",
>         "7"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "7",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 6,
>       "keys": 4,
>       "chi2": 12.0,
>       "max_load": 1,
>       "empty": 12,
>       "probe_ratio": 0.91428571428571426,
>       "verdict": "INFO",
>       "effective_multiplier": "3",
>       "effective_quotients": [
>         "0",
>         "1",
>         "3"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "3",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 7,
>       "keys": 2,
>       "chi2": 14.0,
>       "max_load": 1,
>       "empty": 14,
>       "probe_ratio": 0.96969696969696972,
>       "verdict": "INFO",
>       "effective_multiplier": "1",
>       "effective_quotients": [
>         "0",
>         "2"
>       ],
>       "effective_terms": 2,
>       "largest_early_quotient": "2",
>       "largest_early_index": 1
>     }
>   ],
>   "worst_shift": 0,
>   "even_multiplier": false
> }

# JSON of an even multiplier: even_multiplier true, worst_shift 7.
$ cfx sweep --json --bits 8 0x9e | grep -v p_value
> {
>   "multiplier": "0x9e",
>   "bits": 8,
>   "table_bits": 4,
>   "count": 64,
>   "rows": [
>     {
>       "shift": 0,
>       "keys": 64,
>       "chi2": 0.5,
>       "max_load": 5,
>       "empty": 0,
>       "probe_ratio": 0.84736842105263155,
>       "verdict": "PASS",
>       "effective_multiplier": "158",
>       "effective_quotients": [
>         "0",
>         "1",
>         "1",
>         "1",
>         "1",
>         "1",
>         "1",
>         "2",
>         "1",
>         "2"
>       ],
>       "effective_terms": 10,
>       "largest_early_quotient": "2",
>       "largest_early_index": 7
>     },
>     {
>       "shift": 1,
>       "keys": 64,
>       "chi2": 0.0,
>       "max_load": 4,
>       "empty": 0,
>       "probe_ratio": 0.84210526315789469,
>       "verdict": "PASS",
>       "effective_multiplier": "30",
>       "effective_quotients": [
>         "0",
>         "4",
>         "3",
>         "1",
>         "3"
>       ],
>       "effective_terms": 5,
>       "largest_early_quotient": "4",
>       "largest_early_index": 1
>     },
>     {
>       "shift": 2,
>       "keys": 64,
>       "chi2": 0.0,
>       "max_load": 4,
>       "empty": 0,
>       "probe_ratio": 0.84210526315789469,
>       "verdict": "PASS",
>       "effective_multiplier": "30",
>       "effective_quotients": [
>         "0",
>         "2",
>         "7",
>         "2"
>       ],
>       "effective_terms": 4,
>       "largest_early_quotient": "7",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 3,
>       "keys": 32,
>       "chi2": 0.0,
>       "max_load": 2,
>       "empty": 0,
>       "probe_ratio": 0.76190476190476186,
>       "verdict": "PASS",
>       "effective_multiplier": "30",
>       "effective_quotients": [
>         "0",
>         "1",
>         "15"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "15",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 4,
>       "keys": 16,
>       "chi2": 16.0,
>       "max_load": 2,
>       "empty": 8,
>       "probe_ratio": 1.0212765957446808,
>       "verdict": "PASS",
>       "effective_multiplier": "14",
>       "effective_quotients": [
>         "0",
>         "1",
>         "7"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "7",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 5,
>       "keys": 8,
>       "chi2": 24.0,
>       "max_load": 2,
>       "empty": 12,
>       "probe_ratio": 1.2307692307692308,
>       "verdict": "INFO",
>       "effective_multiplier": "6",
>       "effective_quotients": [
>         "0",
>         "1",
>         "3"
>       ],
>       "effective_terms": 3,
>       "largest_early_quotient": "3",
>       "largest_early_index": 2
>     },
>     {
>       "shift": 6,
>       "keys": 4,
>       "chi2": 28.0,
>       "max_load": 2,
>       "empty": 14,
>       "probe_ratio": 1.3714285714285714,
>       "verdict": "INFO",
>       "effective_multiplier": "2",
>       "effective_quotients": [
>         "0",
>         "2"
>       ],
>       "effective_terms": 2,
>       "largest_early_quotient": "2",
>       "largest_early_index": 1
>     },
>     {
>       "shift": 7,
>       "keys": 2,
>       "chi2": 30.0,
>       "max_load": 2,
>       "empty": 15,
>       "probe_ratio": 1.4545454545454546,
>       "verdict": "INFO",
>       "effective_multiplier": "0",
>       "effective_quotients": [
>         "0"
>       ],
>       "effective_terms": 1,
>       "largest_early_quotient": "0",
>       "largest_early_index": 0
>     }
>   ],
>   "worst_shift": 4,
>   "even_multiplier": true
> }
