#!/bin/bash
# One rule for lesson file names, the catalogue's and learn --check's
# (issue 22, non-author trial): `learn --check` passed "02-wéird
# name.lesson", which the catalogue leaves out.  Each name below is put
# alone beside a good lesson; the rule as the man page states it (python's
# regular expression, not cfx's code) says whether it is a lesson: then
# learn --list lists it and --check passes it, else --list says it left
# it out (one line) and --check fails saying the catalogue would not list
# it.  And a symbolic link for progress.lock with a bad progress line:
# "the 1 lesson read will be kept" was said and the file set aside whole,
# keeping nothing; what is said is what is done.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/state
mkdir -p "$tmp/state"
long=$(printf 'n%.0s' $(seq 64))
names=("02-wéird name.lesson" "02-ok.lesson" "02-a.b_c-d.lesson" "02-.hidden.lesson"
       "02-$long.lesson" "02-${long}x.lesson" "2-x:y.lesson" "1a-x.lesson"
       "02x.lesson" "02-.lesson" "02-tab	x.lesson" "002-Caps9.lesson")
i=0
for n in "${names[@]}"; do
	i=$((i + 1))
	les=$tmp/l$i
	mkdir "$les"
	cp tests/lessons/fixtures/01-mini.lesson "$les/"
	cp tests/lessons/fixtures/01-mini.lesson "$les/$n"
	is=$(python3 -c 'import re, sys
print(bool(re.fullmatch(r"[0-9]+-(?!\.)[A-Za-z0-9._-]{1,64}\.lesson", sys.argv[1])))' "$n")
	CFX_LESSONS=$les ./cfx learn --list >"$tmp/out" 2>"$tmp/err"; rc=$?
	CFX_LESSONS=$les ./cfx learn --check "$les/$n" >"$tmp/cout" 2>"$tmp/cerr"; crc=$?
	listed=$(grep -c '^  [0-9]' "$tmp/out")
	if [ "$is" = True ]; then
		expect "'$n' is a lesson: listed, nothing said ($rc, $listed: $(cat "$tmp/err"))" \
			'[ $rc = 0 ] && [ "$listed" = 2 ] && [ ! -s "$tmp/err" ]'
		expect "  --check passes it ($crc: $(head -1 "$tmp/cerr"))" \
			'[ $crc = 0 ] && ! grep -q "would not list" "$tmp/cerr" "$tmp/cout"'
	else
		expect "'$n' is no lesson: not listed, one line names it ($rc, $listed: $(cat "$tmp/err"))" \
			'[ $rc = 0 ] && [ "$listed" = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
			 grep -q "^cfx: learn: .*/l$i/.* left out: " "$tmp/err"'
		expect "--check of a name the rule refuses fails: the catalogue would not list it ($crc: $(grep -m1 'would not' "$tmp/cerr"))" \
			'[ $crc = 1 ] && grep -q "^cfx: learn: .*/l$i/.*: the catalogue would not list it: " "$tmp/cerr"'
	fi
done
# a name of no lesson shape: --check passes it, saying it would not be listed
cp tests/lessons/fixtures/01-mini.lesson "$tmp/draft.lesson"
CFX_LESSONS=$tmp/l1 ./cfx learn --check "$tmp/draft.lesson" >"$tmp/cout" 2>"$tmp/cerr"; crc=$?
expect "draft.lesson: --check passes, notes it is not listed ($crc: $(grep 'list' "$tmp/cout"))" \
	'[ $crc = 0 ] && grep -q "not named NN-NAME.lesson: the catalogue would not list it" "$tmp/cout"'

# progress.lock a symbolic link, one bad line beside a good one
les=$tmp/l2
d=$tmp/state/cfx
mkdir -p "$d"
printf 'mini 1 +..\nthis is junk\n' >"$d/progress"
ln -s "$tmp/victim" "$d/progress.lock"
for run in 1 2; do
	CFX_LESSONS=$les ./cfx learn --list >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "symlinked lock, run $run: status 0, said once ($rc: $(cat "$tmp/err"))" \
		'[ $rc = 0 ] && [ "$(wc -l <"$tmp/err")" = 1 ]'
	expect "symlinked lock and a bad line: the file left as it is, said, the 1 lesson read kept" \
		'grep -qxF "cfx: learn: the progress file could not be read whole (bad step marks, line 2) and is left as it is: its lock $d/progress.lock is not a regular file; the 1 lesson read is kept for this run" "$tmp/err"'
	expect "  and it is: the good line still in the file, nothing set aside ($(ls "$d" | tr '\n' ' '))" \
		'grep -qx "mini 1 +.." "$d/progress" && ! ls "$d" | grep -q corrupt'
	expect "  the list shows the lesson read (1 of 3 steps)" \
		'grep -q "^ *1 .*1/3.* mini" "$tmp/out"'
	expect "  the link's target not made" '[ ! -e "$tmp/victim" ]'
done
done_suite harden/lesson_rule
