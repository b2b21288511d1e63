#!/bin/bash
# bench prints each variant's adds/subs (the NAF's and the optimal
# sequence's), so lesson 12's first two predictions (how many additions
# the NAF takes, how many the shared sequence takes) refuse it until they
# are answered: a new user copied step 1's answer from `bench 0x61C88647
# --runs 3`.  The NAF's count is python's own NAF of the constant (its
# nonzero digits less one); bench must be refused at both steps and its
# report, with that count, never printed.
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
# screens.py runs no benchmark: the steps that refuse bench must be the
# ones checked here
where=$(awk 'FNR == 1 {s = 0} /^step:/{s++} /^refuses: (.* )?bench( |$)/{print FILENAME ":" s}' \
	"$root"/lessons/*.lesson | sed 's#.*/##' | paste -sd' ')
[ "$where" = "12-faster.lesson:1 12-faster.lesson:2" ] &&
	ok "bench is refused at lesson 12 steps 1 and 2, the steps checked here" ||
	bad "steps refusing bench: '$where' (check each here)"
finish bench_refused
