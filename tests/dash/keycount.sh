#!/bin/bash
# The bucket panel's title counts the keys hashed, not the count asked:
# a key file of 1000 lines under the dashboard's default count of 2^14
# said "2^14 file:F keys" (issue 26).  The expected counts are wc -l of
# the files (and min with 2^14 where a file is longer); generated
# families make the count asked, which ( and ) halve and double.
. "$(dirname "$0")/lib.bash"

f1k=$TM_DIR/k1000.txt f20k=$TM_DIR/k20000.txt
python3 -c 'for i in range(1000): print(i * 2654435761 % 2**32)' > "$f1k"
python3 -c 'for i in range(20000): print(i * 40503 % 2**32)' > "$f20k"
n1k=$(wc -l < "$f1k")
n20k=$(wc -l < "$f20k")
cap=$(( n20k < 16384 ? n20k : 16384 ))
# the dashboard writes a power of two as 2^k
shown() { python3 -c "n = $1; print('2^%d' % (n.bit_length() - 1) if n & (n - 1) == 0 else n)"; }

dash_start 120 40 dash --keys "file:$f1k"
check "120x40, a file of $n1k keys: the title says $n1k, the whole family" \
	tm_wait "─ Buckets: $n1k $(req "file:$f1k") keys into 2\^12 \(b = 12\) ─"
check "    and the figures $n1k made" tm_wait "keys +$n1k distinct \($n1k made\)"
tm_type 'q'; tm_exited >/dev/null

dash_start 80 24 dash --keys "file:$f1k"
check "80x24: $n1k, the family's name when its path does not fit" \
	tm_wait "─ Buckets: $n1k file keys, b = 12 ─"
tm_type 'q'; tm_exited >/dev/null

dash_start 120 40 dash --keys "file:$f20k"
check "a file of $n20k keys: the count's $(shown $cap) are read" \
	tm_wait "─ Buckets: $(req "$(shown $cap)") $(req "file:$f20k") keys into"
tm_type ')'
cap2=$(( n20k < 32768 ? n20k : 32768 ))
check "    ) doubles the count: $(shown $cap2) of them" \
	tm_wait "─ Buckets: $(req "$(shown $cap2)") $(req "file:$f20k") keys into"
tm_type 'q'; tm_exited >/dev/null

dash_start 80 24 dash --keys stride:4096
check "stride keys: the count asked, 2^14" \
	tm_wait '─ Buckets: 2\^14 stride:4096 keys, b = 12 ─'
tm_type '('
check "    ( halves it: 2^13" tm_wait '─ Buckets: 2\^13 stride:4096 keys, b = 12 ─'
tm_type 'q'; tm_exited >/dev/null

tm_summary
