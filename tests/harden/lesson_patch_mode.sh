#!/bin/bash
# One rule for the files a lesson brings (issue 22, a hostile re-trial):
# a patch beside a lesson (review NAME.patch) is refused as a lesson
# file is (learn_store_file_why), and both as a file others may write.
# Before, a world- or group-writable NAME.patch was reviewed: another
# user could rewrite it between the check and the read; a lesson file
# writable by others was played.  Another user's patch, or one in a
# directory others may write and that is not sticky, stay refused.  The
# patches are the test's own (their multiplier literal); the words are
# the man page's, written out here.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
export XDG_STATE_HOME=$tmp/st CFX_FACTS=$root/doc/FACTS.md
unset CFX_LESSONS
want=0x61c88647u
# lesson DIR: 01-x.lesson in DIR whose check reviews mine.patch beside it
lesson() {
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2 and\n  run(review mine.patch).files[0].multipliers[0].text\n  == "%s"\nhint: h\nsolution: cf 1/2\n' \
		"$want" >"$1/01-x.lesson"
	chmod 644 "$1/01-x.lesson"
}
patch() { printf '#define GOLDEN_RATIO_32 %s\n' "$want" >"$1/mine.patch"; }
head_says="a lesson reviews only patches of its own directory"
# refused DIR WHY TOKEN CASE [PLAY]: learn --check and play refuse the
# patch in one line saying WHY and naming TOKEN (at play PLAY, if given:
# the lesson file itself refused); the step not done
refused() {
	local d=$1 why=$2 token=$3 what=$4 play=${5:-$2 ($3)} rc
	$cfx learn --check "$d/01-x.lesson" >"$tmp/o" 2>"$tmp/e"; rc=$?
	expect "$what: learn --check refuses, status 1, one line ($(head -c 300 "$tmp/e"))" \
		'[ $rc = 1 ] && [ "$(wc -l <"$tmp/e")" = 1 ] &&
		 grep -qF "$head_says" "$tmp/e" && grep -qF "$why ($token)" "$tmp/e"'
	(cd "$tmp" && printf 'cf 1/2\n' | CFX_LESSONS=$d $cfx learn 1) >"$tmp/o" 2>&1
	expect "$what: play refuses it, the step not done" \
		'tr "\n" " " <"$tmp/o" | sed "s/  */ /g" | grep -qF -- "$play" &&
		 ! grep -q "^Step 1 done" "$tmp/o"'
}
# passes DIR CASE: learn --check plays the step with the patch
passes() {
	$cfx learn --check "$1/01-x.lesson" >"$tmp/o" 2>&1; rc=$?
	expect "$2: learn --check ok ($rc: $(grep -m1 cfx: "$tmp/o"))" \
		'[ $rc = 0 ] && grep -q "^ok " "$tmp/o"'
}

mkdir -m 755 "$tmp/own"
lesson "$tmp/own"
patch "$tmp/own"
chmod 644 "$tmp/own/mine.patch"
passes "$tmp/own" "the user's patch, mode 644 (the control)"
for m in 666 646 664 620; do
	chmod $m "$tmp/own/mine.patch"
	refused "$tmp/own" "writable by others" "$tmp/own/mine.patch" \
		"a patch of mode $m"
done
chmod 644 "$tmp/own/mine.patch"

# a lesson file others may write: refused by the catalogue, as a patch
chmod 666 "$tmp/own/01-x.lesson"
out=$(CFX_LESSONS=$tmp/own $cfx learn 1 </dev/null 2>&1); rc=$?
expect "a lesson file of mode 666: refused, status 2 ($rc: $out)" \
	'[ $rc = 2 ] && grep -qF "refused: writable by others" <<<"$out" &&
	 grep -qF "$tmp/own/01-x.lesson" <<<"$out"'
chmod 644 "$tmp/own/01-x.lesson"

# a directory others may write, not sticky: refused; sticky with the
# user's own patch in it: read
mkdir -m 755 "$tmp/shared"
lesson "$tmp/shared"
patch "$tmp/shared"
chmod 777 "$tmp/shared"
refused "$tmp/shared" "writable by others (and not sticky)" "$tmp/shared" \
	"a directory of mode 777" \
	"refused: the lessons directory: writable by others (and not sticky)"
chmod 1777 "$tmp/shared"
passes "$tmp/shared" "a sticky directory of mode 1777, the user's patch"

# another user's patch (root only: chown)
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/nob"
	lesson "$tmp/nob"
	patch "$tmp/nob"
	chown nobody "$tmp/nob/mine.patch"
	refused "$tmp/nob" "another user's file" "$tmp/nob/mine.patch" \
		"nobody's patch"
else
	echo "skip another user's patch: not root, or no nobody here"
fi
done_suite harden/lesson_patch_mode
