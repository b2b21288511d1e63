# cfx score: bucket loads, chi^2, p-value, probe-cost ratio R, verdict.
# Expected values were recomputed by a separate script that hashes every key
# with exact integers, counts the loads and computes
#   chi^2 = sum c^2 / E - K (E = K/m),  R = (sum c^2 + K)/2 / ((K(1-1/m) +
#   K^2/m + K)/2)
# as fractions, with the p-value from PARI/GP:
#   incgam(dof/2, chi2/2)/gamma(dof/2)
# and random keys from its own MT19937 (GSL's seeding, two draws per key,
# high word first).  Verdict: bad if p < 0.001 and R >= 2, weak if p < 0.001,
# else good.

# the default table: 2^(n/2) buckets, at most 2^12; 4 keys a bucket.  Keys
# 0..2^14-1 under the 32-bit seed constant (brute force): loads 3, 4 or 5,
# sum c^2 = 67106, chi^2 = 67106/4 - 16384 = 392.5, p = 1 (gp incgam),
# R = (67106 + 16384)/2 / ((16384*4095/4096 + 16384*4 + 16384)/2) = 0.8493.
$ cfx score 0x9e370001
> hash       h(x) = (x * 0x9e370001 mod 2^32) >> 20: 2^12 buckets
> keys       seq:0: 16384 distinct (16384 made)
> loads      max 5, empty 0, expected 4 per bucket
> chi^2      392.5 on 4095 degrees of freedom, p-value 1
> R          0.8493 (lookup cost relative to a random hash; below 1 is better)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery

# the same default table for page-aligned keys: p mod 2^20 = 0x70001 puts
# the 2^14 keys k*4096 in a quarter of the 2^12 buckets, 16 each (brute
# force): chi^2 = 16*16*1024/4 - 16384 = 49152, p = 5.5e-7578 (gp),
# R = (262144 + 16384)/2 / ((16384*4095/4096 + 16384*4 + 16384)/2) = 2.833:
# bad, as the dashboard shows it (a table of 2^16 hides it; below).
$ cfx score 0x9e370001 --keys stride:4096
> hash       h(x) = (x * 0x9e370001 mod 2^32) >> 20: 2^12 buckets
> keys       stride:4096: 16384 distinct (16384 made)
> loads      max 16, empty 3072, expected 4 per bucket
> chi^2      49152 on 4095 degrees of freedom, p-value 0
> R          2.833 (lookup cost relative to a random hash; below 1 is better)
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery

# keys 0..2^18-1 under the 32-bit seed constant, 2^16 buckets: every bucket
# gets exactly 4 (brute force), so chi^2 = 0, p = 1 and R = (65536*16 +
# 262144)/2 / ((262144*65535/65536 + 262144*4 + 262144)/2) = 655360/786430.
$ cfx score 0x9e370001 --table-bits 16
> hash       h(x) = (x * 0x9e370001 mod 2^32) >> 16: 2^16 buckets
> keys       seq:0: 262144 distinct (262144 made)
> loads      max 4, empty 0, expected 4 per bucket
> chi^2      0 on 65535 degrees of freedom, p-value 1
> R          0.8333 (lookup cost relative to a random hash; below 1 is better)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery

# page-aligned keys (stride 4096), 1024 buckets: 5000 keys in 80 buckets,
# max load 64, R 9.248: bad (p mod 2^20 = 0x70001 governs these keys).
$ cfx score 0x9e370001 --keys stride:4096 --table-bits 10 --count 5000
> hash       h(x) = (x * 0x9e370001 mod 2^32) >> 22: 2^10 buckets
> keys       stride:4096: 5000 distinct (5000 made)
> loads      max 64, empty 944, expected 4.883 per bucket
> chi^2      59148.3 on 1023 degrees of freedom, p-value 0
> R          9.248 (lookup cost relative to a random hash; below 1 is better)
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery

# the 64-bit seed constant on keys k*2^18: p mod 2^46 = 2^46 - 2^18 + 1
# (gp: contfrac = [0, 1, 268436479, ...]), so 4095 of 4096 keys share one bucket.
$ cfx score 0x9e37fffffffc0001 --keys stride:2^18 --table-bits 10
> hash       h(x) = (x * 0x9e37fffffffc0001 mod 2^64) >> 54: 2^10 buckets
> keys       stride:262144: 4096 distinct (4096 made)
> loads      max 4095, empty 1022, expected 4 per bucket
> chi^2      4.18816e+06 on 1023 degrees of freedom, p-value 0
> R          682.6 (lookup cost relative to a random hash; below 1 is better)
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery

# the same with stride 4096: bad ("if you have a stride of 4096, you're
# pretty much done for": p mod 2^52 = 2^51 - 2^18 + 1, gp checks it) ...
$ cfx score 0x9e37fffffffc0001 --keys stride:4096 --table-bits 12 --count 10000
> hash       h(x) = (x * 0x9e37fffffffc0001 mod 2^64) >> 52: 2^12 buckets
> keys       stride:4096: 10000 distinct (10000 made)
> loads      max 5000, empty 4093, expected 2.441 per bucket
> chi^2      2.04659e+07 on 4095 degrees of freedom, p-value 0
> R          1126 (lookup cost relative to a random hash; below 1 is better)
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery

# ... and the golden-ratio constant that replaced it is good there.
$ cfx score 0x9e3779b97f4a7c15 --keys stride:4096 --table-bits 12 --count 10000
> hash       h(x) = (x * 0x9e3779b97f4a7c15 mod 2^64) >> 52: 2^12 buckets
> keys       stride:4096: 10000 distinct (10000 made)
> loads      max 4, empty 289, expected 2.441 per bucket
> chi^2      2782.8 on 4095 degrees of freedom, p-value 1
> R          0.9279 (lookup cost relative to a random hash; below 1 is better)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery

# random keys (MT19937, seed 7) on 16 bits: 6 repeats among 1000.
$ cfx score --bits 16 40503 --keys random:7 --count 1000 --table-bits 6
> hash       h(x) = (x * 0x9e37 mod 2^16) >> 10: 2^6 buckets
> keys       random:7: 994 distinct (1000 made)
> loads      max 24, empty 0, expected 15.53 per bucket
> chi^2      53.9517 on 63 degrees of freedom, p-value 0.785
> R          0.9919 (lookup cost relative to a random hash; below 1 is better)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery

# keys from a file: 1, 2, 0x10, 7 and 1_000 (= 232 mod 2^8), with a comment
# and a blank line.  By hand: 159 k mod 256 = 159, 62, 240, 89, 24; >> 6 gives
# buckets 2, 0, 3, 1, 0: loads 2,1,1,1; sum c^2 = 7, E = 5/4, chi^2 = 7*4/5 - 5
# = 0.6; R = (7+5)/2 / ((5*3/4 + 25/4 + 5)/2) = 6/7.5 = 0.8.
$ printf '# keys\n1\n2\n0x10\n\n  7  # seven\n1_000\n' >k.txt; cfx score --bits 8 0x9f --keys file:k.txt --table-bits 2
> hash       h(x) = (x * 0x9f mod 2^8) >> 6: 2^2 buckets
> keys       file:k.txt: 5 distinct (5 made)
> loads      max 2, empty 0, expected 1.25 per bucket
> chi^2      0.6 on 3 degrees of freedom, p-value 0.896
> R          0.8 (lookup cost relative to a random hash; below 1 is better)
> verdict    none: 5 distinct keys are too few to judge (at least 16; "INFO" in
>            JSON)

# an even multiplier is accepted but flagged: 2 on 8 bits, keys 100..399
# (300 made, 256 distinct mod 2^8); 2k mod 256 >> 4 fills 8 of 16 buckets.
$ cfx score --bits 8 2 --keys seq:100 --count 300
> hash       h(x) = (x * 0x02 mod 2^8) >> 4: 2^4 buckets
> keys       seq:100: 256 distinct (300 made)
> loads      max 16, empty 0, expected 16 per bucket
> chi^2      0 on 15 degrees of freedom, p-value 1
> R          0.9477 (lookup cost relative to a random hash; below 1 is better)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery
> note       multiplier is even: not invertible mod 2^n, the low bit of every
>            product is 0 and keys x and x + 2^(n-1) always collide

# JSON: stride 4096 under the 32-bit seed constant: p mod 2^20 = 0x70001
# (gp), yet 2^18 keys still fill 2^16 buckets evenly; chi2 0, p 1,
# R = (4*4*65536 + 262144)/2 / ((262144*65535/65536 + 262144*4 + 262144)/2).
$ cfx score --json 0x9e370001 --keys stride:4096 --table-bits 16
> {
>   "multiplier": "0x9e370001",
>   "bits": 32,
>   "table_bits": 16,
>   "family": "stride:4096",
>   "keys_made": 262144,
>   "keys": 262144,
>   "buckets": 65536,
>   "chi2": 0.0,
>   "dof": 65535.0,
>   "p_value": 1.0,
>   "max_load": 4,
>   "empty": 0,
>   "expected_load": 4.0,
>   "probe_ratio": 0.83333545261498165,
>   "verdict": "PASS",
>   "even_multiplier": false,
>   "covers_word": false
> }

# JSON of the bad case above: p-value 0 (below the smallest double).
$ cfx score --json 0x9e37fffffffc0001 --keys stride:2^18 --table-bits 10
> {
>   "multiplier": "0x9e37fffffffc0001",
>   "bits": 64,
>   "table_bits": 10,
>   "family": "stride:262144",
>   "keys_made": 4096,
>   "keys": 4096,
>   "buckets": 1024,
>   "chi2": 4188160.5,
>   "dof": 1023.0,
>   "p_value": 0.0,
>   "max_load": 4095,
>   "empty": 1022,
>   "expected_load": 4.0,
>   "probe_ratio": 682.6111834608497,
>   "verdict": "FAIL",
>   "even_multiplier": false,
>   "covers_word": false
> }

# JSON flags an even multiplier: 4 on 8 bits, keys 0..63 -> 4k mod 256 >> 4
# = k >> 2: four per bucket, chi2 0.
$ cfx score --json --bits 8 4
> {
>   "multiplier": "0x04",
>   "bits": 8,
>   "table_bits": 4,
>   "family": "seq:0",
>   "keys_made": 64,
>   "keys": 64,
>   "buckets": 16,
>   "chi2": 0.0,
>   "dof": 15.0,
>   "p_value": 1.0,
>   "max_load": 4,
>   "empty": 0,
>   "expected_load": 4.0,
>   "probe_ratio": 0.84210526315789469,
>   "verdict": "PASS",
>   "even_multiplier": true,
>   "covers_word": false
> }

# keys never wrap the word unless asked: stride 2^20 on 32 bits has only
# 2^12 distinct multiples, so the default count (4 a bucket = 2^18) is cut
# to half of them, 2048
$ cfx score 0x9e370001 --keys stride:2^20 | sed -n 2p
> keys       stride:1048576: 2048 distinct (2048 made)
# asked for all 2^20 multiples of 4096, the keys cover the word: every
# odd multiplier permutes them, and the note says why the verdict is empty
$ cfx score 0x9e370001 --keys stride:4096 --count 2^20 | tail -4
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery
> note       the keys are all 2^20 multiples of 2^12 in the 32-bit word: any odd
>            multiplier permutes them, so the loads are even for every multiplier
>            and say nothing about this one; fewer keys do
$ cfx score --json 0x9e370001 --keys stride:4096 --count 2^20 | grep covers
>   "covers_word": true
# all 256 words of 8 bits (300 made: seq wraps) under the odd 5
$ cfx score --bits 8 5 --count 300 | tail -3
> note       the keys are all 2^8 words of 8 bits: any odd multiplier permutes
>            them, so the loads are even for every multiplier and say nothing
>            about this one; fewer keys do
# one key fewer does not cover
$ cfx score --bits 8 5 --count 255 | grep -c note
> 0
? 1

# a verdict needs 16 distinct keys (man page, VERDICTS): one key said
# "good" before; none is INFO in JSON, as verify says it.  Below 4 no hash can be bad at all: with all K keys in one
# of m buckets R = (K+1)/(2 + (K-1)/m) < 2 for K <= 3
$ cfx score --keys inodes:/dev/zero 5 | tail -n 2
> verdict    none: 1 distinct key is too few to judge (at least 16; "INFO" in
>            JSON)
$ cfx score --json --keys inodes:/dev/zero 5 | python3 -c 'import json, sys; o = json.load(sys.stdin); print(o["keys"], o["verdict"])'
> 1 INFO
$ printf '7\n' > one && cfx score --keys file:one 5 | tail -n 2
> verdict    none: 1 distinct key is too few to judge (at least 16; "INFO" in
>            JSON)
# 15 distinct keys (16 lines, one repeated) and 16: the boundary
$ seq 15 > k && echo 15 >> k && cfx score --keys file:k 0x9e370001 | sed -n '2p;/^verdict/,$p'
> keys       file:k: 15 distinct (16 made)
> verdict    none: 15 distinct keys are too few to judge (at least 16; "INFO" in
>            JSON)
$ seq 16 > k && cfx score --keys file:k 0x9e370001 | sed -n '2p;$p'
> keys       file:k: 16 distinct (16 made)
> verdict    good ("PASS" in JSON): one key family; cfx verify judges a battery
# 16 keys 2^16 i times 0x10001: 2^16 i mod 2^32, all in bucket 0 of 2^12:
# bad, R = (K+1)/(2 + (K-1)/m) = 17/(2 + 15/4096) = 8.484
$ seq 0 65536 1048575 > k && cfx score --bits 32 --keys file:k 0x10001 | sed -n '3p;5p;$p'
> loads      max 16, empty 4095, expected 0.003906 per bucket
> R          8.484 (lookup cost relative to a random hash; below 1 is better)
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery

# on a terminal, score says how far the keys have come (2^26 random keys
# take seconds) on every command's progress line (tests/build/progress.sh):
# keys are made 2^20 at a time, so half the bar (15 of 30 cells), then all
# of it; not on a pipe
$ script -qc 'cfx score --keys random --count 2^21 5' /dev/null | tr '\r' '\n' | grep -E '^score \['
> score [###############...............] 1048576/2097152 keys
> score [##############################] 2097152/2097152 keys, removing repeats
$ cfx score --keys random --count 2^21 5 2>&1 >/dev/null | wc -c
> 0

# a bad verdict is a report, not a failed check: status 0 (verify is the
# command that exits 1, on a FAIL), and score's and sweep's help say so
$ cfx score -k stride:4096 0x9e370001 | tail -1
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery
? 0
$ cfx score --help | tr -s ' \n' ' ' | grep -o 'The verdict is a report[^)]*)'
> The verdict is a report: exit status 0 even when bad (cfx verify exits 1 on a FAIL)
$ cfx sweep --help | tr -s ' \n' ' ' | grep -o 'The rows are a report[^.]*\.'
> The rows are a report: exit status 0 even when some are bad.
