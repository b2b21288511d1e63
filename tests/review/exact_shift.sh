#!/bin/bash
# cfx review: the finding on a shift/add run that uses a value an exact
# right shift cut (n = x << 16; n >>= 3; hash -= n) is one short true
# sentence.  True: python shows n is no multiple of the input mod 2^32
# (n(1) = 2^13, so a multiple would be 2^13 x, but n(2^16) = 0 where
# 2^13 * 2^16 = 2^29).  Short: the reply's item fits 4 lines of its 72
# columns, its text 230 characters after "FILE:N: WARNING: ".
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
f=$fx/nonlinear.c
l=$(($(grep -n 'n >>= 3;' $f | cut -d: -f1) + 1))
no_mult=$(python3 -c "
n = lambda x: ((x << 16) % 2**32) >> 3
a = n(1)
print(any(a * x % 2**32 != n(x) for x in range(1 << 17)))")
review $f
msg=$(sed -n "s/^$(printf %s "$f" | sed 's#/#\\/#g'):$l: WARNING: //p" \
	"$tmp/o")
expect "python: n is no multiple of the input ($no_mult); review says so" \
	'[ "$no_mult" = True ] &&
	 printf %s "$msg" | grep -q "exact right shift cleared: no multiple \
of the input"'
expect "the text: one sentence, ${#msg} of at most 230 characters" \
	'[ ${#msg} -le 230 ] &&
	 ! printf %s "$msg" | grep -q "[.;] [A-Z]"'
$cfx review --emit reply $f > "$tmp/r"
awk '/^\* Warning: not proved the multiply/ { on = 1 }
	on && /^$/ { exit } on' "$tmp/r" > "$tmp/item"
expect "the reply's item: $(wc -l < "$tmp/item") lines, each within 72" \
	'[ "$(wc -l < "$tmp/item")" -ge 1 ] &&
	 [ "$(wc -l < "$tmp/item")" -le 4 ] &&
	 [ "$(awk "length > 72" "$tmp/item" | wc -l)" = 0 ]'
done_suite exact_shift
