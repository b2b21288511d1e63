#!/bin/bash
# cfx review: a power sum cut after its first term ("2^31 + ... - 2^16 +
# 1", "2^32 - ...") is a claim of how the NAF begins (and ends), read
# like a longer head (issue 23; it was a bare CHECK, "no claim cfx
# computes").  The oracle is python's NAF (lib_naf.py, the textbook
# rule) of each constant, on the integer (one digit past the word, so
# that 0xe0000001 begins 2^32 - 2^29).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
# verdict LINE HEAD TAIL P: python's verdict on the claim that P's NAF
# begins with HEAD (one term, "2^31") and ends with the terms TAIL ("-2^16
# + 1", or "" for none): confirmed or wrong
verdict() {
	python3 - "$@" <<'PY'
import sys; sys.path.insert(0, "tests/review"); from lib_naf import naf
head, tail, p = sys.argv[2], sys.argv[3], int(sys.argv[4], 0)
d = sorted(naf(p), reverse=True)
def term(k, z):
    return (-1 if z < 0 else 1) * (1 << k)
def val(s):   # "-2^16 + 1" -> -65535
    return eval(s.replace("^", "**")) if s else 0
ok = term(*d[0]) == val(head)
if tail:
    n = tail.count("+") + tail.count("-") - tail.startswith("-") + 1
    ok = ok and len(d) > n and sum(term(k, z) for k, z in d[-n:]) == val(tail)
print(sys.argv[1], "confirmed" if ok else "wrong")
PY
}
review $fx/gap_head.c
while read -r line head tail p; do
	tail=${tail//_/ }; [ "$tail" = "." ] && tail=
	read -r _ want <<<"$(verdict "$line" "$head" "$tail" "$p")"
	if [ "$want" = confirmed ]; then
		expect "line $line: '$head ... $tail' of $p is $want (python)" \
			'grep -q "gap_head.c:$line: NOTE: power sum confirmed" "$tmp/o"'
	else
		expect "line $line: '$head ... $tail' of $p is $want (python)" \
			'grep -q "gap_head.c:$line: WARNING: power sum wrong" "$tmp/o"'
	fi
	expect "    line $line: no bare CHECK" \
		'! grep -q "gap_head.c:$line: CHECK" "$tmp/o"'
done <<'EOF2'
1 2^31 -2^16_+_1 0x9e370001
3 2^31 -2^15_+_1 0x9e370001
5 2^30 . 0x9e370001
7 2^32 . 0xe0000001
EOF2
done_suite gap_head
