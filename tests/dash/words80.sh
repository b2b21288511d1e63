#!/bin/bash
# A new user's first hour at 80x24 (issue 26, hJ), the dashboard read with
# capture-pane:
#  1. a constant typed with ~ (~0x61C88647) is a value on its word only;
#     w moves it to 16, 32 and 64 bits, the text read again on each (w
#     refused every other word: "0xffffffff9e3779b8 needs 64 bits"), each
#     value python's ~x mod 2^n;
#  2. on a constant no other word holds (0x9e3779b97f4a7c15, 64 bits),
#     the advice for ~ with no word names what works there, :set bits
#     64, not w (which cannot), and following it takes ~1 as python's;
#  5. the bucket panel's "peak N" label shows for every key family,
#     ptr:16 and high:16 too (wide bars took its room);
#  7. the bucket panel's verdict and the sweep strip's name the JSON word
#     beside good/weak/bad, as cfx score's verdict line does: good PASS,
#     weak WARN, bad FAIL (the man page's verdicts).
. "$(dirname "$0")/lib.bash"

json_of() {
	case $1 in
	good) echo PASS ;; weak) echo WARN ;;
	bad) echo FAIL ;; none) echo INFO ;;
	esac
}
notx() { python3 -c "print('0x%0*x' % ($1 // 4, ~$2 & (2**$1 - 1)))"; }

# ---- 1. w on ~0x61C88647 ----------------------------------------------------
dash_start 80 24 dash 5
tm_wait 'const 5' >/dev/null
tm_type 'w'
tm_wait 'n = 64' >/dev/null
tm_type '/~0x61C88647'; tm_keys Enter
want=$(notx 64 0x61C88647)
check "w, then /~0x61C88647: $want on 64 bits" tm_wait "= $want "
for n in 16 32 64; do
	want=$(notx $n 0x61C88647)
	tm_type 'w'
	check "w: n = $n, ~0x61C88647 read again: $want" \
		tm_wait "^  = $want = [0-9]+ +n = $n "
done
check "    no refusal on the way" tm_gone 'no other word size'
tm_type 'q'; tm_exited >/dev/null

# ---- 2. the advice on a 64-bit constant ------------------------------------
dash_start 80 24 dash 0x9e3779b97f4a7c15
tm_wait 'const 0x9e3779b97f4a7c15' >/dev/null
tm_type '/~1'
check "/~1 on a 64-bit constant: Esc, then :set bits 64" \
	tm_wait '~ needs a word size: Esc, then :set bits 64 \(~\)'
check "    and not w, which cannot move it" tm_gone 'then w or'
tm_keys Escape
tm_wait 'const 0x9e3779b97f4a7c15' >/dev/null
tm_type 'w'
check "    (w indeed cannot: no other word holds it)" \
	tm_wait 'needs 64 bits: no other word size'
tm_type ':set bits 64'; tm_keys Enter
tm_wait 'n = 64 ' >/dev/null
tm_keys Escape
want=$(notx 64 1)
tm_type '/~1'; tm_keys Enter
check "the advice works: :set bits 64, then /~1 is $want" tm_wait "= $want "
tm_type 'q'; tm_exited >/dev/null

# ---- 5 and 7. the bucket panel for each family ------------------------------
# the panel: right of the spectrum's separator, from its title down
panel() {
	tm_screen | awk -F'│' '/Buckets:/ { on = 1 } on && NF > 1 { print $NF }'
}
for fam in seq ptr:16 high:16 stride:4096 random; do
	dash_start 80 24 dash -k "$fam" 0x9e3779b9
	tm_wait "Buckets: .*$fam" >/dev/null
	tm_wait 'worst s=[0-9]+' 30 >/dev/null
	tm_settle
	p=$(panel)
	check "-k $fam: the histogram's peak N shows" \
		grep -Eq 'peak [0-9]+$' <<<"$p"
	# the verdict after R and the JSON word beside it
	v=$(grep -Eo '^ R [^ ]+ +max .* (good|weak|bad|none)' <<<"$p" |
		awk '{ print $NF }')
	j=$(json_of "$v")
	check "-k $fam: the verdict '$v' names JSON's $j" \
		grep -Eq "^ R .* $v \((\"$j\" in JSON|$j)\)" <<<"$p"
	sv=$(grep -Eo 'worst s=[0-9]+ R [^ ]+ (good|weak|bad|none)' <<<"$p" |
		awk '{ print $NF }')
	check "-k $fam: the sweep's worst '$sv' names JSON's $(json_of "$sv")" \
		grep -Eq "worst s=[0-9]+ R [^ ]+ $sv \($(json_of "$sv")\)" \
		<<<"$p"
	tm_type 'q'; tm_exited >/dev/null
done
tm_summary
