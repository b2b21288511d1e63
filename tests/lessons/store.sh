#!/bin/bash
# Lesson names and the progress file (issue 22 item 8, issue 26, issue 27
# item 9): one rule for names when listed and when progress is read back,
# no pile-up of set-aside copies, the lock opened without following a
# symlink, lessons found by a word of their title, and the facts check
# that always runs.
. "$(dirname "$0")/lib.sh"
P=$XDG_STATE_HOME/cfx/progress
mkdir -p "$tmp/l"
cp "$root/tests/lessons/fixtures/01-mini.lesson" "$tmp/l/01-mini.v2.lesson"
cp "$root/tests/lessons/fixtures/02-second.lesson" "$tmp/l/02-second.lesson"
export CFX_LESSONS=$tmp/l

# a name with a dot: saved, then read back (progress kept, nothing aside)
printf 'cf 13/8\nquit\n' | "$cfx" learn 1 >/dev/null 2>"$tmp/err"
grep -qx 'mini.v2 1 +..' "$P" && ok "dotted name saved" || bad "saved: $(cat "$P")"
printf 'step\n' | "$cfx" learn 1 2>"$tmp/err" | grep -q 'step 2 of 3' &&
	ok "dotted name resumed" || bad "not resumed: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] && ok "no complaint" || bad "complaint: $(cat "$tmp/err")"
n=$(ls "$(dirname "$P")" | grep -c corrupt)
[ "$n" = 0 ] && ok "nothing set aside" || bad "$n copies set aside"

# a file name outside the rule is no lesson (listed neither)
cp "$tmp/l/02-second.lesson" "$tmp/l/03-bad name.lesson"
"$cfx" learn | grep -q 'bad name' && bad "a name with a space listed" ||
	ok "a name with a space is not a lesson"
rm "$tmp/l/03-bad name.lesson"

# a bad line is set aside once, not on every run
printf 'bad line here\nmini.v2 1 +..\n' > "$P"
chmod 444 "$P"; chmod 555 "$(dirname "$P")"
for i in 1 2 3; do printf 'quit\n' | "$cfx" learn 1 >/dev/null 2>&1; done
chmod 755 "$(dirname "$P")"; chmod 644 "$P"
n=$(ls "$(dirname "$P")" | grep -c corrupt)
[ "$n" -le 1 ] && ok "a read-only directory: at most one copy ($n)" ||
	bad "$n copies after three runs"
rm -f "$(dirname "$P")"/progress.corrupt-*
printf 'bad line here\nmini.v2 1 +..\n' > "$P"
for i in 1 2 3; do printf 'quit\n' | "$cfx" learn 1 >/dev/null 2>&1; done
n=$(ls "$(dirname "$P")" | grep -c corrupt)
[ "$n" = 1 ] && ok "one copy set aside after three runs" || bad "$n copies"

# the lock is not followed through a symlink
rm -f "$P.lock"; ln -s "$tmp/victim" "$P.lock"
printf 'quit\n' | "$cfx" learn 1 >/dev/null 2>"$tmp/err"
[ ! -e "$tmp/victim" ] && ok "lock symlink not followed" || bad "victim created"
grep -q 'lock' "$tmp/err" && ok "lock refusal said" || bad "said: $(cat "$tmp/err")"
rm -f "$P.lock"

# lessons by number, name or a word of the title
"$cfx" learn second </dev/null | grep -q 'Lesson 2' && ok "by name" || bad "by name"
"$cfx" learn sixteen </dev/null 2>&1 | grep -q 'no such lesson' && ok "unknown word" ||
	bad "unknown word"
printf 'quit\n' | "$cfx" learn MINI 2>&1 | grep -q 'Lesson 1' && ok "a word of the title, any case" ||
	bad "by a word"
out=$("$cfx" learn lesson </dev/null 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q 'several lessons match: 1 mini.v2, 2 second; give more of the name, or the number (lesson)' &&
	ok "ambiguous word: the numbers" || bad "ambiguous: $rc $out"
unset CFX_LESSONS
out=$("$cfx" learn sparse </dev/null 2>&1 | head -1)
echo "$out" | grep -qi 'sparse' && ok "cfx learn sparse" || bad "learn sparse: $out"

# the facts check runs on a fresh copy anywhere, and says where it read
out=$("$cfx" learn --selftest 2>&1 | grep '^facts:')
echo "$out" | grep -q 'doc/FACTS.md' && ok "facts checked: $out" || bad "facts: $out"
mkdir -p "$tmp/far"
cp "$root/lessons/01-"*.lesson "$tmp/far/"
"$cfx" learn --check "$tmp/far/"01-*.lesson >/dev/null 2>"$tmp/err" &&
	ok "a lesson elsewhere is checked against cfx's facts" || bad "elsewhere: $(cat "$tmp/err")"
printf 'title: T\nfacts: 1848\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\n' > "$tmp/far/01-t.lesson"
"$cfx" learn --check "$tmp/far/01-t.lesson" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q '1848' "$tmp/err" && ok "a fact not in the file fails" ||
	bad "fact: $rc $(cat "$tmp/err")"
finish store
