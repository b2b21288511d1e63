#!/bin/bash
# A lesson's review NAME.patch reads the patch beside the lesson file,
# not the catalogue's (issue 22, non-author trial, remainders 1 and 2).
# Before, learn --check FILE looked for NAME.patch in the lesson
# catalogue's directory ($CFX_LESSONS, else lessons/ beside cfx): a lesson
# from someone else, with its own patch beside it, was refused, or worse
# checked against the catalogue's file of the same name (2002.patch).
# The patch a case expects is the one the test wrote (its multiplier
# literal), never cfx's output pasted back.  Paths out of the lesson's
# directory (../, an absolute path, a name in a subdirectory, a symbolic
# link, an option) are refused in one line naming the patch; and the
# refusal that lists what a lesson may run names review, from the table
# the check itself reads.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
export XDG_STATE_HOME=$tmp/st
unset CFX_LESSONS CFX_FACTS
mkdir -p "$tmp/own" "$tmp/cat" "$tmp/cwd" "$tmp/own/sub"
# patch FILE LITERAL: a C line multiplying by LITERAL
patch() { printf '#define GOLDEN_RATIO_32 %s\n' "$2" >"$1"; }
# the lesson's own 2002.patch (a name lessons/ also has: cfx's lesson 14)
patch "$tmp/own/2002.patch" 0x61c88647u
patch "$tmp/own/mine.patch" 0x61c88647u
patch "$tmp/cat/2002.patch" 0x9e3779b9u      # another catalogue's
patch "$tmp/cat/mine.patch" 0x9e3779b9u
patch "$tmp/out.patch" 0x12345679u           # outside the lesson's dir
patch "$tmp/own/sub/in.patch" 0x12345679u
ln -s ../out.patch "$tmp/own/link.patch"
ln -s /etc/passwd "$tmp/own/passwd.patch"
export CFX_FACTS=$root/doc/FACTS.md
want=0x61c88647u
# lesson FILE CHECK [CLAIM]: a one-step lesson whose check is CHECK (and
# whose step has CLAIM, if given)
lesson() {
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2 and\n  %s\nhint: h\nsolution: cf 1/2\n%s' \
		"$2" "${3:+claim: $3
}" >"$1"
}
check_of() {   # check_of NAME: the check that NAME's multiplier is $want
	printf 'run(review %s).files[0].multipliers[0].text\n  == "%s"' "$1" "$want"
}

# ---- the lesson's own patch, wherever the lesson is -----------------------
for p in mine.patch 2002.patch; do
	lesson "$tmp/own/01-x.lesson" "$(check_of $p)" \
		"review $p :: files[0].multipliers[0].text == \"$want\""
	# from another directory, no CFX_LESSONS: the catalogue is cfx's
	# lessons/, which has a 2002.patch of its own (0x9e370001UL)
	(cd "$tmp/cwd" && $cfx learn --check "$tmp/own/01-x.lesson") >"$tmp/o" 2>&1; rc=$?
	expect "check $p beside the lesson, default catalogue: ok (status $rc: $(grep -m1 cfx: "$tmp/o"))" \
		'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'
	(cd "$tmp/cwd" && CFX_LESSONS=$tmp/cat $cfx learn --check "$tmp/own/01-x.lesson") >"$tmp/o" 2>&1; rc=$?
	expect "check $p beside the lesson, another catalogue with its own $p: ok (status $rc: $(grep -m1 cfx: "$tmp/o"))" \
		'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'
	# relative path to the lesson, from the lesson's parent
	(cd "$tmp" && CFX_LESSONS=$tmp/cat $cfx learn --check own/01-x.lesson) >"$tmp/o" 2>&1; rc=$?
	expect "check $p, the lesson named by a relative path: ok (status $rc)" \
		'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'
	# and the lesson's file in the current directory (no slash in its name)
	(cd "$tmp/own" && CFX_LESSONS=$tmp/cat $cfx learn --check 01-x.lesson) >"$tmp/o" 2>&1; rc=$?
	expect "check $p, the lesson named without a directory: ok (status $rc)" \
		'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'
done
# the control: the catalogue's patch of that name is another (the test
# would pass whatever it read if the two were the same)
lesson "$tmp/cat/01-x.lesson" "$(check_of mine.patch)"
CFX_LESSONS=$tmp/cat $cfx learn --check "$tmp/cat/01-x.lesson" >"$tmp/o" 2>&1; rc=$?
expect "control: a lesson beside the other patch fails the same check (status $rc)" \
	'[ $rc = 1 ] && grep -q "does not pass step 1" "$tmp/o"'
rm "$tmp/cat/01-x.lesson"

# a directory with a blank and a quote in its name: the path survives
# the command line it is put in
odd="$tmp/it's a dir"
mkdir "$odd"
patch "$odd/mine.patch" "$want"
lesson "$odd/01-x.lesson" "$(check_of mine.patch)"
$cfx learn --check "$odd/01-x.lesson" >"$tmp/o" 2>&1; rc=$?
expect "a lesson directory with a blank and a quote: ok (status $rc: $(grep -m1 cfx: "$tmp/o"))" \
	'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'

# ---- played: the learner's review NAME.patch and run(...) read the
# lesson's patch, whatever the current directory holds ----------------------
printf 'title: T\nstep: S\n  Prose.\ntry: review mine.patch\ncheck: result.cf.input == 1/2 and\n  %s\nhint: h\nsolution: cf 1/2\n' \
	"$(check_of mine.patch)" >"$tmp/own/01-x.lesson"
patch "$tmp/cwd/mine.patch" 0x9e3779b9u
(cd "$tmp/cwd" && printf 'review mine.patch\ncf 1/2\n' | CFX_LESSONS=$tmp/own $cfx learn 1) >"$tmp/o" 2>&1
expect "play: the learner's review mine.patch reads the lesson's (${want%u}), not the current directory's" \
	'grep -q "GOLDEN_RATIO_32 = ${want%u}" "$tmp/o" && ! grep -q 0x9e3779b9 "$tmp/o"'
expect "play: run(review mine.patch) in the check passes the step" \
	'grep -q "^Step 1 done" "$tmp/o"'
(cd "$tmp/cwd" && CFX_LESSONS=$tmp/cat $cfx learn --check "$tmp/own/01-x.lesson") >"$tmp/o" 2>&1; rc=$?
expect "check plays the solution with the lesson's patch (status $rc)" '[ $rc = 0 ]'

# ---- refused: nothing out of the lesson's directory, one line each ---------
# refused NAME ARG WHY TOKEN: run(review ARG) refused by learn --check
# and at play with one line saying WHY and naming TOKEN (ARG, or the file
# at fault); the outside patch (0x12345679u) never shows
refused() {
	local name=$1 arg=$2 why=$3 token=$4 rc
	lesson "$tmp/own/01-x.lesson" "run(review $arg).multipliers == 1"
	(cd "$tmp/cwd" && $cfx learn --check "$tmp/own/01-x.lesson") >"$tmp/o" 2>"$tmp/e"; rc=$?
	expect "check refuses $name: status 1, one line: $why ($token) ($(head -c 300 "$tmp/e"))" \
		'[ $rc = 1 ] && [ "$(wc -l <"$tmp/e")" = 1 ] &&
		 grep -qF "a lesson reviews only patches of its own directory (review NAME.patch [--format gcc] [--json]): $why ($token)" "$tmp/e" &&
		 ! grep -q 0x12345679 "$tmp/o" "$tmp/e"'
	(cd "$tmp/cwd" && printf 'cf 1/2\n' | CFX_LESSONS=$tmp/own $cfx learn 1) >"$tmp/o" 2>&1
	expect "play refuses $name: said, the step not done" \
		'tr "\n" " " <"$tmp/o" | sed "s/  */ /g" | grep -qF -- "$why ($token)" &&
		 ! grep -q "^Step 1 done" "$tmp/o" && ! grep -q 0x12345679 "$tmp/o"'
}
refused "../ out of the directory" ../out.patch "a path, not a name" ../out.patch
refused "an absolute path" "$tmp/out.patch" "a path, not a name" "$tmp/out.patch"
refused "a subdirectory" sub/in.patch "a path, not a name" sub/in.patch
refused "a symbolic link to a patch outside" link.patch "a symbolic link, not followed" "$tmp/own/link.patch"
refused "a symbolic link to /etc/passwd" passwd.patch "a symbolic link, not followed" "$tmp/own/passwd.patch"
refused "a name that is no patch's" 01-x.lesson "not a patch's name (letters, digits, '.', '_' and '-', ending in .patch)" 01-x.lesson
refused "a patch that is not there" none.patch "No such file or directory" "$tmp/own/none.patch"
refused "an option review takes from the command line" "--emit" "an option a lesson's review does not take" --emit

# ---- the list of what a lesson may run names review (remainder 2) --------
lesson "$tmp/own/01-x.lesson" "run(bench 5).ratio == 1"
$cfx learn --check "$tmp/own/01-x.lesson" >"$tmp/o" 2>"$tmp/e"; rc=$?
list=$(sed -n 's/.*read nothing but their arguments and write nothing (\(.*\)) (bench.*/\1/p' "$tmp/e")
expect "the refusal lists what may run, review among them: ($list)" \
	'[ $rc = 1 ] && grep -q "review NAME.patch" <<<"$list"'
# each word of the list runs in a lesson (none refused as not allowed),
# and a command outside it is refused: the list is the check's own
for w in $(tr ',' '\n' <<<"$list" | awk '{ print $1 }'); do
	case $w in
	review) cmd="review mine.patch" ;;
	search) cmd="search --bits 12 --top 1" ;;
	naf|shifts|spectrum|score|sweep|verify) cmd="$w 0x61C88647" ;;
	*) cmd="$w 1/2" ;;
	esac
	lesson "$tmp/own/01-x.lesson" "run($cmd) != 0"
	$cfx learn --check "$tmp/own/01-x.lesson" >"$tmp/o" 2>&1
	expect "listed $w runs in a lesson" '! grep -q "a lesson may run only\|reviews only" "$tmp/o"'
done
for w in bench stats; do
	lesson "$tmp/own/01-x.lesson" "run($w 5) != 0"
	$cfx learn --check "$tmp/own/01-x.lesson" >"$tmp/o" 2>&1
	expect "unlisted $w is refused with the list" \
		'grep -qF "a lesson may run only commands that read nothing but their arguments and write nothing ($list) ($w" "$tmp/o"'
done
rm -f "$tmp/own/link.patch" "$tmp/own/passwd.patch"
done_suite harden/lesson_patch_dir
