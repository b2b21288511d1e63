#!/bin/bash
# bench prints each variant's adds/subs (the NAF's and the optimal
# sequence's), so lesson 12's first two predictions (how many additions
# the NAF takes, how many the shared sequence takes) refuse it until they
# are answered: a new user copied step 1's answer from `bench 0x61C88647
# --runs 3`.  And every step that refuses naf refuses bench (below).
# The NAF's count is python's own NAF of the constant (its nonzero digits
# less one); bench must be refused at both steps and its report, with
# that count, never printed.
. "$(dirname "$0")/lib.sh"
unset CFX_LESSONS
export XDG_STATE_HOME=$tmp/st
naf=$(python3 -c '
p = 0x61C88647; d = 0
while p:
    if p & 1:
        z = 2 - (p & 3); p -= z; d += 1
    p >>= 1
print(d - 1)')
[ "$naf" -gt 0 ] && ok "python: the NAF of 0x61C88647 takes $naf adds/subs" ||
	bad "python's NAF: '$naf'"
out=$(printf 'bench 0x61C88647 --runs 3\nquit\n' | "$cfx" learn 12 2>&1)
grep -q "A prediction comes first: bench would show the answer" <<<"$out" &&
	! grep -q "adds/subs" <<<"$out" &&
	ok "step 1 refuses bench, and prints no adds/subs" ||
	bad "bench at step 1: $(grep -m3 'bench\|adds' <<<"$out")"
out=$(printf 'answer %s\nbench 0x61C88647 --runs 3\nquit\n' "$naf" |
      "$cfx" learn 12 2>&1)
grep -q "Step 1 done" <<<"$out" && ok "step 1 done with python's count" ||
	bad "step 1 with $naf: $(tail -n 3 <<<"$out")"
grep -q "A prediction comes first: bench would show the answer" <<<"$out" &&
	! grep -q "adds/subs" <<<"$out" &&
	ok "step 2 refuses bench too, and prints no adds/subs" ||
	bad "bench at step 2: $(grep -m3 'bench\|adds' <<<"$out")"
# screens.py runs no benchmark: the steps that refuse bench are found
# here from the lesson files, by the rule (lessons/FORMAT.md, refuses:):
# bench is refused where a step names it (refuses: ... bench) and where
# it refuses naf (a reveals: naf line, or refuses: ... naf), since bench
# prints its constant's value in hex and the NAF's adds/subs as naf does
# (issue 24: bench 0x9e370001 % 2^18 printed lesson 8 step 1's answer).
# Each is played to and bench typed there; then a step outside the rule
# still runs it.
where=$(awk 'FNR == 1 {s = 0; n = split(FILENAME, p, "/")
		f = substr(p[n], 1, 2)}
	/^step:/ {s++}
	/^reveals: naf( |$)/ || /^refuses: (.* )?(naf|bench)( |$)/ {
		print f ":" s }' \
	"$root"/lessons/*.lesson | sort -u | paste -sd' ')
case " $where " in
*" 12:1 12:2 "*) ok "the rule finds lesson 12's two steps among: $where" ;;
*) bad "the steps refusing bench: '$where'" ;;
esac
for ls in $where; do
	les=${ls%:*} k=${ls#*:}
	out=$(play "$les" "$k" 'bench 0x61C88647 --runs 3' quit)
	why=$(grep -m3 'bench\|ns/hash\|step' <<<"$out" | tr '\n' ' ')
	grep -q "Lesson $((10#$les)), step $k of" <<<"$out" &&
		grep -q "A prediction comes first: bench would show" \
			<<<"$out" && ! grep -q "ns/hash" <<<"$out" &&
		ok "lesson $les step $k refuses bench" ||
		bad "lesson $les step $k: $why"
done
case " $where " in
*" 05:1 "*) bad "lesson 5 step 1 refuses bench: no control step" ;;
*) out=$(play 05 1 'bench 0x9e370001 --runs 3' quit)
   grep -q "ns/hash" <<<"$out" &&
	ok "lesson 5 step 1, which refuses neither naf nor bench, runs it" ||
	bad "bench at lesson 5 step 1: $(grep -m3 'bench' <<<"$out")" ;;
esac
finish bench_refused
