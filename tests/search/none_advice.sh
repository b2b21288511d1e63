#!/bin/bash
# A search that finds nothing in its window says what to widen: the
# fewest terms that find some in that window, and the narrowest wider
# window that holds some with the terms given (issue 26: "--terms 2"
# printed a bare "(none)").  The numbers by Python: the fewest signed
# digits of an odd p in an interval (mod 2^n: p or p - 2^n) by an exact
# recursion on the lowest digit, the window from 1/phi to 60 digits;
# then each advice is followed and finds candidates.
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# advice N K W: "K' W'": the fewest terms > K that some odd p within
# 2^-W of 1/phi has, and the largest W' < W whose window holds an odd p
# of at most K terms (0: none)
advice() {
	python3 - "$@" <<'PY'
import sys
from decimal import Decimal, getcontext
from functools import lru_cache
getcontext().prec = 60
n, k, w = map(int, sys.argv[1:])
t = (Decimal(5).sqrt() - 1) / 2


@lru_cache(maxsize=None)
def minw(a, b):
    """Fewest non-zero signed digits of an integer in [a, b]."""
    if a > b:
        return 99
    if a <= 0 <= b:
        return 0
    if b < 0:                                      # -x: the same weight
        return minw(-b, -a)
    if a <= 1:                                     # 1 is in it (0 is not)
        return 1
    even = minw(-(-a // 2), b // 2)                # x = 2y
    odd = 1 + min(minw(-(-(a - 1) // 2), (b - 1) // 2),    # x = 2y + 1
                  minw(-(-(a + 1) // 2), (b + 1) // 2))    # x = 2y - 1
    return min(even, odd)


def fewest(w):
    """Fewest digits of an odd p in (0, 2^n) within 2^-w of t, mod 2^n."""
    c, r = t * 2 ** n, Decimal(2) ** (n - w)
    lo, hi = max(1, int((c - r).to_integral_value("ROUND_CEILING"))), \
        min(2 ** n - 1, int((c + r).to_integral_value("ROUND_FLOOR")))
    best = 99
    for s in (0, 2 ** n):                          # p or p - 2^n
        a, b = lo - s, hi - s
        # odd x = 2y + 1 or 2y - 1
        best = min(best, 1 + minw(-(-(a - 1) // 2), (b - 1) // 2),
                   1 + minw(-(-(a + 1) // 2), (b + 1) // 2))
    return best


f = fewest(w)
wide = next((v for v in range(w - 1, 0, -1) if fewest(v) <= k), 0)
print(f if f > k else 0, wide)
PY
}

read -r K W <<<"$(advice 32 2 12)"
# check_run NAME NONE ARGS...: search ARGS has candidates in its window
# (NONE 0: "enumerated F forms, N in the window", N > 0; they may fail
# the screen after) or none (1: N = 0, and the advice)
check_run() {
	local name=$1 none=$2 n; shift 2
	./cfx search --screen none "$@" >"$tmp" 2>&1
	n=$(sed -n 's/^enumerated [0-9]* forms, \([0-9]*\) in the window.*/\1/p' "$tmp")
	if [ "$none" = 1 ]; then
		[ "$n" = 0 ] && grep -q '^ *(none: no odd p' "$tmp"
	else
		[ -n "$n" ] && [ "$n" -gt 0 ]
	fi && ok "$name" || { bad "$name"; sed 's/^/| /' "$tmp"; }
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

[ "$K $W" = "5 3" ] && ok "Python: --terms 2 at 2^-12 needs 5 terms; 2 terms need a window of 2^-3" ||
	bad "Python's fewest terms and widest window: $K $W"

out=$(./cfx search --terms 2 2>&1)
adv=$(printf '%s\n' "$out" | sed -n '/(none/,$p' | tr -s ' \n' '  ')
[[ "$adv" == *"(none: no odd p of at most 2 signed digits lies within 2^-12 of 1/phi; --terms $K or --window $W finds some)"* ]] &&
	ok "--terms 2: (none: ...; --terms $K or --window $W finds some)" ||
	bad "--terms 2 advice: $adv"
check_run "    --terms $K finds some" 0 --terms "$K"
check_run "    --terms $((K - 1)) finds none (the fewest)" 1 --terms "$((K - 1))"
check_run "    --terms 2 --window $W finds some" 0 --terms 2 --window "$W"
check_run "    --terms 2 --window $((W + 1)) finds none (the narrowest)" 1 --terms 2 --window "$((W + 1))"

# 64 bits, 3 terms in the default window
read -r K W <<<"$(advice 64 3 12)"
out=$(./cfx search --bits 64 --terms 3 --screen none 2>&1)
adv=$(printf '%s\n' "$out" | sed -n '/(none/,$p' | tr -s ' \n' '  ')
[[ "$adv" == *"--terms $K or --window $W finds some)"* ]] &&
	ok "--bits 64 --terms 3: --terms $K or --window $W (Python's)" ||
	bad "--bits 64 --terms 3 advice: $adv (Python: $K $W)"
# the advice lines fit 80 columns
printf '%s\n' "$out" | awk 'length > 80 { bad = 1 } END { exit bad }' &&
	ok "    its lines within 80 columns" || bad "    a line wider than 80"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
