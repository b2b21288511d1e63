#!/bin/bash
# The teaching rules (issue 24): a prediction's revealing commands are
# refused until it is answered, and said once; the first answer is the
# one recorded and is shown beside the truth; a multiple choice has one
# try, then the answer and why; an answer that cannot be read costs
# nothing and gets the parser's message; a word is an answer in any case;
# a dashboard step is skipped in the REPL with where to do it; lessons
# are data (claims and run(...) run only pure commands); the lints of
# teaching (answers in titles or hints, predictions never revealed,
# read-off shares) are printed.
. "$(dirname "$0")/lib.sh"
export CFX_LESSONS=$root/tests/lessons/teach
run() { printf "$1" | "$cfx" learn 1 2>&1; }
# The mark a step gets from what the learner did in it, by the rule of
# lessons/FORMAT.md (issue 24 A), not from cfx: a choice answered wrong
# is over, revealed (x); right after a wrong answer or a hint, solved with
# help (h); right at the first answer, solved (+); a dashboard step in
# the REPL, skipped (s); not reached, '.'.  marks WHAT... gives the line.
rule() {
	case " $1 " in
	"  ") echo . ;;
	*" dash "*) echo s ;;
	*" choice wrong "*) echo x ;;
	*" wrong "* | *" hint "*) echo h ;;
	*" right "*) echo + ;;
	*) echo "?" ;;
	esac
}
marks() { local w; for w in "$@"; do rule "$w"; done | tr -d '\n'; }

out=$(run 'cf 13/8\ncf 13/8\nquit\n')
[ "$(echo "$out" | grep -c 'A prediction comes first')" = 1 ] &&
	ok "revealing command refused, said once" || bad "refusal: $out"
echo "$out" | grep -q 'Not yet: answer first' && ok "second refusal short" || bad "short refusal"
echo "$out" | grep -q '^cf \[1; 1, 1, 1, 2\]' && bad "cf ran before the answer" ||
	ok "cf did not run before the answer"

out=$(run '2^^3\n4\n5\n')
echo "$out" | grep -q 'cannot be read: .*Nothing is counted' && ok "unparsable: parser message" ||
	bad "unparsable: $out"
echo "$out" | grep -q 'Hint 1 of 1' && n=$(echo "$out" | grep -c 'Hint 1 of 1') || n=0
[ "$n" = 1 ] && ok "only the wrong answer cost a hint" || bad "hints: $n"
echo "$out" | grep -q 'You predicted 4; the answer is 5' && ok "first answer beside the truth" ||
	bad "reveal: $out"
echo "$out" | grep -q '13 = 8 + 5' && ok "explained" || bad "no explanation"
echo "$out" | grep -q '^  cf 13/8' && ok "the revealing command named" || bad "reveal command"

out=$(run '3\n2\n')
echo "$out" | grep -q 'Answer with the number of a choice, 1 to 2' && ok "choice out of range costs nothing" ||
	bad "range: $out"
echo "$out" | grep -q 'Not this one' && echo "$out" | grep -q 'You predicted 2; the answer is 1' &&
	echo "$out" | grep -q 'Step 2 explained' && ok "one try, then explained" || bad "choice: $out"
# step 1: 4 (wrong), then 5 (right); step 2: choice 2 (wrong); 3 to 5 not reached
want=$(marks "wrong right" "choice wrong" "" "" "")
grep -qxF "teach 2 $want" "$XDG_STATE_HOME/cfx/progress" && ok "marked $want" ||
	bad "marks (want teach 2 $want): $(cat "$XDG_STATE_HOME/cfx/progress")"

out=$(run 'reset\nanswer 5\nanswer 1\nFINITE\nquit\n')
echo "$out" | grep -q 'Step 3 done' && ok "a word in any case" || bad "word: $out"
echo "$out" | grep -q 'Step 4 (In the dashboard) is done in the dashboard: cfx dash --learn 1' &&
	ok "dashboard step skipped in the REPL" || bad "dash step: $out"
# the progress file's own header names every mark the rule gives
hdr=$(grep '^#' "$XDG_STATE_HOME/cfx/progress")
for m in + h x s .; do
	grep -qF -e "($m " -e " $m " <<<"$hdr" && ok "the progress file's header names $m" ||
		bad "the header does not name $m: $hdr"
done
grep -qF 'h solved with help' <<<"$hdr" && ok "h is solved with help there" ||
	bad "h: $hdr"

# reset clears the marks; then steps 1-3 right at once, 4 in the dashboard
want=$(marks right "choice right" right dash "")
grep -qxF "teach 4 $want" "$XDG_STATE_HOME/cfx/progress" &&
	ok "counted as skipped ($want)" ||
	bad "marks (want teach 4 $want): $(cat "$XDG_STATE_HOME/cfx/progress")"

out=$("$cfx" learn --check "$CFX_LESSONS/01-teach.lesson" 2>&1); rc=$?
[ $rc = 0 ] && ok "fixture checks" || bad "fixture: $out"
echo "$out" | grep -q '0 read off (0%), 3 derived (60%), 1 in the dashboard' &&
	ok "shares printed" || bad "shares: $out"

# the lints of teaching
mkdir -p "$tmp/l"
cat > "$tmp/l/01-l.lesson" <<'L'
title: T
step: The answer is 843
  Prose.
predict: Which count?
check: answer == 843
hint: It is 843.
solution: answer 843
L
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
echo "$out" | grep -q 'the title gives the answer away (843)' && ok "answer in a title" || bad "title: $out"
echo "$out" | grep -q 'a hint gives the answer away (843)' && ok "answer in a hint" || bad "hint: $out"
echo "$out" | grep -q 'a prediction is never revealed' && ok "unrevealed prediction" || bad "reveal lint: $out"
# the answer in its other base gives it away too (a new user's trial:
# "It is 60 in decimal" for 0x3c passed); the other base by python
dec=$(python3 -c 'print(0x3c)'); hx=$(python3 -c 'print(hex(743592))')
cat > "$tmp/l/01-l.lesson" <<L
title: T
step: Where it lands
  Prose.
predict: Which bucket?
reveals: naf 0x3c
check: answer == 0x3c
hint: It is $dec in decimal.
solution: answer 0x3c
step: How far, $hx
  Prose.
predict: How far?
reveals: naf 743592
check: answer == 743592
hint: Work it out.
solution: answer 743592
step: A small one
  Prose.
predict: Which?
reveals: naf 0x5
check: answer == 0x5
hint: 5 of them, or more.
solution: answer 0x5
L
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
echo "$out" | grep -q "a hint gives the answer away (0x3c)" &&
	ok "a hint with 0x3c as $dec gives it away" || bad "0x3c as $dec: $out"
echo "$out" | grep -q "the title gives the answer away (743592)" &&
	ok "a title with 743592 as $hx gives it away" || bad "743592 as $hx: $out"
! echo "$out" | grep -q "away (0x5)" &&
	ok "a one-digit other form (0x5 as 5) is no sign" || bad "0x5: $out"

# lessons are data: claims and run(...) run no bench, no file keys, no --raw
for cmd in 'bench 5 --runs 3' 'score 5 --keys file:/etc/passwd' 'stats /etc/passwd' \
	'score 5 -k inodes:/' 'bench 5 --raw /tmp/x'; do
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\nclaim: %s :: 1\n' "$cmd" > "$tmp/l/01-l.lesson"
	out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	[ $rc = 1 ] && echo "$out" | grep -q 'a lesson \(may run only\|reads no\|writes no\)' &&
		ok "claim refused: $cmd" || bad "claim ran: $cmd: $out"
done
printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: answer == run(score 5 --keys file:/etc/shadow).keys\nhint: h\nsolution: answer 1\n' > "$tmp/l/01-l.lesson"
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
echo "$out" | grep -q 'reads no files' && ok "run(...) with a key file refused" || bad "run: $out"
# F16: a --keys that does not parse is named as the command names it;
# "reads no files" is said of file:, inodes: and malloc: keys only
for k in 'bogus:3|unknown key family' 'stride:abc|bad parameter'; do
	printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: answer == run(score 5 --keys %s).keys\nhint: h\nsolution: answer 1\n' "${k%%|*}" > "$tmp/l/01-l.lesson"
	out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
	echo "$out" | grep -q "${k#*|}.*(${k%%|*})" && ! echo "$out" | grep -q 'reads no files' &&
		ok "bad keys named: ${k%%|*}" || bad "bad keys ${k%%|*}: $out"
done
printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: answer == run(score 5 --keys file:).keys\nhint: h\nsolution: answer 1\n' > "$tmp/l/01-l.lesson"
out=$("$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
echo "$out" | grep -q 'reads no files.*(file)' && ok "an empty file: key is still a file" || bad "file: $out"
# a bench in a solution is not played by --check
printf 'title: T\nstep: S\n  Prose.\ntry: bench 5 --runs 3\ncheck: result.bench.runs >= 3\nhint: h\nsolution: bench 5 --runs 3\n' > "$tmp/l/01-l.lesson"
out=$(CC=/nonexistent/cc-must-not-run "$cfx" learn --check "$tmp/l/01-l.lesson" 2>&1)
echo "$out" | grep -q 'step 1 not played: its solution runs bench' && ok "bench solution not played" ||
	bad "bench: $out"
# verify from a lesson checks with the evaluator: no compiler starts
printf '#!/bin/sh\ntouch "%s/cc-ran"\nexec cc "$@"\n' "$tmp" > "$tmp/cc-spy"; chmod +x "$tmp/cc-spy"
printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: answer == 1\nhint: h\nsolution: answer 1\nclaim: verify 0x9e3779b9 :: 1\n' > "$tmp/l/01-l.lesson"
CC=$tmp/cc-spy "$cfx" verify 0x9e3779b9 >/dev/null 2>&1
[ -e "$tmp/cc-ran" ] && ok "the spy compiler works for verify" || bad "spy not run"
rm -f "$tmp/cc-ran"
CC=$tmp/cc-spy "$cfx" learn --check "$tmp/l/01-l.lesson" >/dev/null 2>&1
[ ! -e "$tmp/cc-ran" ] && ok "verify in a claim starts no compiler" || bad "verify compiled"
finish teach
