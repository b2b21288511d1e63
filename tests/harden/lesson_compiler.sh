#!/bin/bash
# Lessons start no compiler (issue 22 finding 7, remainder (a)): a
# lesson's run(bench ...) check is refused at play and by learn --check,
# and run(verify ...) is played with cfx's evaluator standing in for the
# compiled check.  $CC is a spy that records each time it runs and then
# compiles with the real cc, so the control (verify and bench from the
# command line with the same $CC) shows it would be seen if it ran.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
real=$(command -v cc || command -v gcc) || { echo "lesson_compiler: no cc; 0 passed, 1 failed"; exit 1; }
spy=$tmp/spy-cc log=$tmp/spy.log
printf '#!/bin/sh\necho "$$ $*" >>"%s"\nexec "%s" "$@"\n' "$log" "$real" >"$spy"
chmod +x "$spy"
mkdir -p "$tmp/l"
P=0x61C88647
export CC=$spy CFX_LESSONS=$tmp/l XDG_STATE_HOME=$tmp/st

# the control: from the command line the spy runs (it compiles verify's
# shift/add check and bench's code)
: >"$log"
./cfx verify $P >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "control: verify from the command line runs \$CC ($(wc -l <"$log") runs, status $rc)" \
	'[ -s "$log" ] && [ $rc = 0 ]'
: >"$log"
./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "control: bench from the command line runs \$CC ($(wc -l <"$log") runs, status $rc)" '[ -s "$log" ]'

# lesson STEP-CHECK SOLUTION: a one-step lesson whose check is STEP-CHECK
lesson() {
	printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: %s\nhint: h\nsolution: %s\n' "$1" "$2" >"$tmp/l/01-l.lesson"
}
reason='a lesson \(may run only\|reads no\|writes no\)'
for cmd in "bench $P --runs 3" "bench $P" "bench $P --runs 3 --bits 64"; do
	lesson "answer == run($cmd).runs" "answer 3"
	: >"$log"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "learn --check refuses run($cmd) (status $rc)" \
		'[ $rc = 1 ] && grep -q "$reason" <<<"$out"'
	expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
	: >"$log"
	out=$(echo "answer 3" | timeout 120 ./cfx learn 1 2>&1); rc=$?
	expect "play refuses run($cmd) (status $rc)" \
		'grep -q "$reason" <<<"$(tr "\n" " " <<<"$out" | sed "s/  */ /g")" && ! grep -q "^Step 1 done" <<<"$out"'
	expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
done

# run(verify ...): played, its answer checked (bits: 32, by the width of
# 0x61C88647), its shift/add check the evaluator's, no compiler started
for cmd in "verify $P" "verify $P --full" "verify 0x9e3779b97f4a7c15"; do
	want=32; [ "${cmd#*7c15}" != "$cmd" ] && want=64
	lesson "answer == run($cmd).bits" "answer $want"
	: >"$log"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "learn --check plays run($cmd) (status $rc)" '[ $rc = 0 ]'
	expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
	: >"$log"
	out=$(echo "answer $want" | timeout 120 ./cfx learn 1 2>&1); rc=$?
	expect "play: run($cmd).bits is $want, the step done (status $rc)" \
		'grep -q "^Step 1 done" <<<"$out"'
	expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
done
# the evaluator's check, reported as such, in the result a lesson reads
# (checks[4] is shift/add, as in verify --json from the command line)
./cfx verify $P --json >"$tmp/j" 2>/dev/null
expect "checks[4] is shift/add from the command line" \
	'python3 -c "import json,sys; sys.exit(json.load(open(sys.argv[1]))[\"checks\"][4][\"name\"] != \"shift/add\")" "$tmp/j"'
lesson 'answer == 1 and contains(run(verify '$P').checks[4].detail, "evaluator agrees on")' "answer 1"
: >"$log"
out=$(echo "answer 1" | timeout 120 ./cfx learn 1 2>&1); rc=$?
expect "play: run(verify)'s shift/add detail says the evaluator agrees" 'grep -q "^Step 1 done" <<<"$out"'
expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
# a solution line that runs verify, played by learn --check (vetting a
# lesson file from someone else): the file's line, not a person's, so no
# compiler either (issue 22, a trial: two cc runs), in the REPL's face and the
# dashboard's; a learner who types verify in play runs the real check
for face in "" "face: dash\n"; do
	printf "title: T\nstep: S\n  Prose.\n${face}try: verify $P\ncheck: result.verify.verdict == \"PASS\"\nhint: h\nsolution: verify $P\n" >"$tmp/l/01-l.lesson"
	: >"$log"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "learn --check plays the solution 'verify $P' (${face:-repl}; status $rc)" '[ $rc = 0 ]'
	expect "  and starts no compiler ($(wc -l <"$log") runs)" '[ ! -s "$log" ]'
done
printf "title: T\nstep: S\n  Prose.\ntry: verify $P\ncheck: result.verify.verdict == \"PASS\"\nhint: h\nsolution: verify $P\n" >"$tmp/l/01-l.lesson"
: >"$log"
out=$(printf "verify $P\n" | timeout 120 ./cfx learn 1 2>&1); rc=$?
expect "play: the learner's own verify runs the compiled check ($(wc -l <"$log") runs)" \
	'[ -s "$log" ] && grep -q "^Step 1 done" <<<"$out"'
done_suite harden/lesson_compiler
