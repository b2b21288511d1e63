#!/bin/bash
# Every key in one bucket: the bucket panel says why (issue 26).  With w
# at 64, 0x9e370001 puts all 2^14 sequential keys in bucket 0 and the
# panel showed only "max 16384 empty 4095"; 16 keys of stride 2^16 on 32
# bits do the same because p = 1 mod 2^16 (lesson 14's mechanism).  The
# facts the panel must state are recomputed here in Python, key by key:
# the buckets the keys reach, the bit length of the largest product k m
# (m = c p mod 2^n) and the residue of p; a multiplier that spreads the
# keys gets no such line.
. "$(dirname "$0")/lib.bash"

# py N B COUNT C P: "BUCKETS TOPBITS LOWONE" for keys k*C, k < COUNT:
# how many buckets the keys reach, the bit length of (COUNT-1)*(C*P mod
# 2^N), and the largest e <= N - log2(C) with P = 1 mod 2^e (0: none)
py() {
	python3 -c '
import sys
n, b, K, c, p = (int(x, 0) for x in sys.argv[1:])
M = 1 << n
m = c * p % M
used = {(k * c % M) * p % M >> (n - b) for k in range(K)}
s = (c & -c).bit_length() - 1
low = n - s if c == 1 << s and s and p % (1 << (n - s)) == 1 else 0
print(len(used), ((K - 1) * m).bit_length(), low)' "$@"
}

# joined PATTERN: wait (10 s) until the figures column of a 120-wide
# screen (from column 75), its rows joined by spaces, matches PATTERN: a
# note there may take two rows
joined() {
	local i=0
	while [ $i -lt 200 ]; do
		tm_screen | cut -c75- | sed 's/ *$//' | tr '\n' ' ' |
			grep -Eq -- "$1" && return 0
		sleep 0.05; i=$((i + 1))
	done
	echo "--- waited for /$1/ in the figures column:"; tm_screen | sed 's/^/| /'
	return 1
}

# ---- 0x9e370001, w to 64: 2^14 sequential keys, 2^12 buckets ----
read used top low <<<"$(py 64 12 16384 1 0x9e370001)"
check "python: on 64 bits the 2^14 keys reach $used bucket(s)" test "$used" = 1
dash_start 80 24 dash 0x9e370001
tm_wait 'worst s=' >/dev/null
check "32 bits: the keys spread, no bucket-0 line" tm_gone 'bucket 0'
tm_type w
check "w: n = 64" tm_wait 'n = 64'
check "80x24, w at 64: it says every key is in bucket 0, k p < 2^$top <= 2^52" \
	tm_wait "every key in bucket 0: k p < 2\^$top <= 2\^52"
tm_type q; tm_exited >/dev/null

dash_start 120 40 dash --bits 64 0x9e370001
check "120x40: beside the figures, k p < 2^$top, and bucket 1 starts at 2^52" \
	joined "every key in bucket 0: k p < 2\^$top, and bucket 1 starts at 2\^52"
tm_type q; tm_exited >/dev/null

# ---- stride 2^16 on 32 bits: p = 1 mod 2^16 ----
read used top low <<<"$(py 32 12 16 65536 0x9e370001)"
check "python: 16 keys of stride 2^16 reach $used bucket(s), p = 1 mod 2^$low" \
	test "$used" = 1 -a "$low" = 16
dash_start 80 24 dash --keys stride:2^16 --count 16 0x9e370001
check "80x24: it names p = 1 mod 2^$low and the bound 2^20" \
	tm_wait "bucket 0: p = 1 mod 2\^$low, so k 2\^16 p < 2\^20"
tm_type q; tm_exited >/dev/null
dash_start 120 40 dash --keys stride:2^16 --count 16 0x9e370001
check "120x40: the longer sentence, p = 1 mod 2^$low, so k 2^16 p < 2^$top" \
	joined "every key in bucket 0: p = 1 mod 2\^$low, so k 2\^16 p < 2\^$top"
tm_type q; tm_exited >/dev/null

# ---- another stride: the effective multiplier c p mod 2^n ----
read used top low <<<"$(py 64 12 16 3 0x9e370001)"
check "python: 16 keys of stride 3 on 64 bits reach $used bucket(s)" test "$used" = 1
dash_start 120 40 dash --bits 64 --keys stride:3 --count 16 0x9e370001
check "stride 3: k c p mod 2^64 < 2^$top <= 2^52" \
	joined "every key in bucket 0: k c p mod 2\^64 < 2\^$top <= 2\^52"
tm_type q; tm_exited >/dev/null

# ---- a key set that reaches two buckets: no line ----
read used top low <<<"$(py 32 12 32 65536 0x9e370001)"
check "python: 32 keys of stride 2^16 reach $used buckets" test "$used" = 2
dash_start 80 24 dash --keys stride:2^16 --count 32 0x9e370001
tm_wait 'worst s=' >/dev/null
check "two buckets used: no bucket-0 line" tm_gone 'bucket 0'
tm_type q; tm_exited >/dev/null

tm_summary
