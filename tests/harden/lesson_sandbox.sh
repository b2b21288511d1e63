#!/bin/bash
# Lessons are data, whatever the spelling (issue 22, hostile retest B).
# Before: learn_pure matched only --keys=, --keys and -k ARG, so -kFILE,
# a prefix (--ke, --key=), a bundle (-jkfile:...) and the like read key
# files, walked directories or allocated during learn --check and at play,
# and a check's error quoted the file's first line.  Now the command line
# is read by the command's own option parser (cli_options_each) and the
# parsed key family and options are checked.  The secret is a file the
# test writes; its line must never show.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mkdir -p "$tmp/l" "$tmp/d"
secret=$tmp/secret
echo "s3cr3t-line-$$" >"$secret"
P=0x61C88647
# a lesson whose step 1 claim is CLAIM (learn --check), or whose check
# runs CMD (play)
claim_lesson() {
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\nclaim: %s :: 1\n' "$1" >"$tmp/l/01-l.lesson"
}
run_lesson() {
	printf 'title: T\nstep: S\n  Prose.\nask: q\ncheck: answer == run(%s).keys\nhint: h\nsolution: answer 1\n' "$1" >"$tmp/l/01-l.lesson"
}
reason='a lesson \(may run only\|reads no\|writes no\)\|unknown option\|ambiguous'
for cmd in "score $P -kfile:$secret" "score $P --ke file:$secret" \
	"score $P --key=file:$secret" "score $P -jkfile:$secret" \
	"verify $P -kfile:$secret" "score $P -kinodes:$tmp/d" \
	"score $P -kmalloc:64" "score $P --keys=malloc:64" \
	"score $P -k file:$secret" "score -kfile:$secret $P" \
	"search --bits 16 -kfile:$secret --top 1" "sweep $P -kinodes:/" \
	"spectrum $P --ra $tmp/d" "score $P -Rx" "score $P --raw=$tmp/d"; do
	claim_lesson "$cmd"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "check refuses claim: $cmd (status $rc)" \
		'[ $rc = 1 ] && grep -q "$reason" <<<"$out"'
	expect "check never shows the file: $cmd" '! grep -q s3cr3t <<<"$out"'
	run_lesson "$cmd"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "check refuses run(): $cmd (status $rc)" \
		'[ $rc = 1 ] && grep -q "$reason" <<<"$out"'
	out=$(echo "answer 1" | CFX_LESSONS=$tmp/l XDG_STATE_HOME=$tmp/st \
		./cfx learn 1 2>&1)
	expect "play refuses run(): $cmd" \
		'grep -q "$reason" <<<"$(tr "\n" " " <<<"$out" | sed "s/  */ /g")" && ! grep -q "^Step 1 done" <<<"$out"'
	expect "play never shows the file: $cmd" '! grep -q s3cr3t <<<"$out"'
done
# every run() is refused by --check, read off the parse, not only the one
# an evaluation reaches: beyond an "or" a right answer never gets past, in
# a prediction's value: (shown only on a wrong answer), inside a function
# (it passed: 0, "ok")
for form in "check: answer == 1 or run(score $P --keys file:$secret).chi2 == 1" \
	"value: run(bench $P --runs 3).x" \
	"check: answer == 1 or len(run(score $P -kfile:$secret).chi2) == 1"; do
	case $form in
	value:*) printf 'title: T\nstep: S\n  Prose.\npredict: q\n%s\ncheck: answer ~ 1\nhint: h\nsolution: answer 1\n' "$form" ;;
	*) printf 'title: T\nstep: S\n  Prose.\nask: q\n%s\nhint: h\nsolution: answer 1\n' "$form" ;;
	esac >"$tmp/l/01-l.lesson"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1); rc=$?
	expect "check refuses a run() it does not reach: $form (status $rc)" \
		'[ $rc = 1 ] && grep -q "^cfx: learn: .*01-l.lesson:5: the step.s check could not run: \($reason\)" <<<"$out"'
	expect "  and never shows the file" '! grep -q s3cr3t <<<"$out"'
done
# what a lesson may still do: generated keys, in every spelling
for cmd in "score $P -kstride:4096" "score $P --ke=random --count 1000" \
	"score $P -k seq"; do
	claim_lesson "$cmd"
	out=$(./cfx learn --check "$tmp/l/01-l.lesson" 2>&1)
	expect "check lets a generated family run: $cmd" \
		'! grep -q "$reason" <<<"$out"'
done
# a patch in the lesson directory that is a symbolic link (or a second
# hard link) to a file elsewhere is refused, not followed: the retest read
# root's 0600 file through one (review evil.patch as a yes/no oracle)
printf 'x = y * 0x9e370001u;\n' >"$tmp/l/good.patch"
ln -s "$secret" "$tmp/l/evil.patch"
for n in good evil; do
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: run(review %s.patch).files[0].multipliers[0].text == "0x9e370001u"\nhint: h\nsolution: cf 1/2\n' "$n" >"$tmp/l/01-l.lesson"
	out=$(CFX_LESSONS=$tmp/l ./cfx learn --check "$tmp/l/01-l.lesson" 2>&1)
	case $n in
	good) expect "a regular patch of the lesson directory is reviewed" \
		'! grep -q "reviews only patches of its own directory" <<<"$out"' ;;
	evil) expect "a linked patch is refused, not followed ($out)" \
		'grep -q "reviews only patches of its own directory" <<<"$out" && ! grep -q s3cr3t <<<"$out"' ;;
	esac
done
# patch_case NAME DIR PATCH WANT: a lesson in DIR whose check reviews
# PATCH; WANT ok (reviewed) or refused
patch_case() {
	local name=$1 dir=$2 patch=$3 want=$4 out
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: run(review %s).files[0].multipliers[0].text == "0x9e370001u"\nhint: h\nsolution: cf 1/2\n' "$patch" >"$dir/01-l.lesson"
	out=$(CFX_LESSONS=$dir ./cfx learn --check "$dir/01-l.lesson" 2>&1)
	if [ "$want" = ok ]; then
		expect "$name: reviewed" '! grep -q "reviews only patches of its own directory" <<<"$out"'
	else
		expect "$name: refused ($(grep -o "reviews only.*" <<<"$out" | head -1))" \
			'grep -q "reviews only patches of its own directory" <<<"$out" && ! grep -q s3cr3t <<<"$out"'
	fi
}
# a second hard link to a file elsewhere (the comment above promised it)
ln "$secret" "$tmp/l/hard.patch" 2>/dev/null &&
	patch_case "a hard link to a file elsewhere" "$tmp/l" hard.patch refused
# the check (lstat) and review's open are two steps: whoever can change
# the lesson directory between them could put a link in the checked
# file's place.  A directory another user can write, or their file in
# it, is refused: a race needs neither.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/nl"; chown nobody "$tmp/nl"
	printf 'x = y * 0x9e370001u;\n' >"$tmp/nl/good.patch"
	patch_case "a lesson directory of another user's" "$tmp/nl" good.patch refused
	chown nobody "$tmp/l/good.patch"
	patch_case "another user's patch in the user's directory" "$tmp/l" good.patch refused
	chown root "$tmp/l/good.patch"
	patch_case "the user's own patch again" "$tmp/l" good.patch ok
	mkdir -m 1777 "$tmp/sl"
	printf 'x = y * 0x9e370001u;\n' >"$tmp/sl/good.patch"
	chown nobody "$tmp/sl/good.patch"
	patch_case "nobody's patch in a sticky 1777 dir" "$tmp/sl" good.patch refused
else
	echo "skip another user's lesson directory: not root, or no nobody here"
fi
rm -f "$tmp/l/evil.patch" "$tmp/l/good.patch" "$tmp/l/hard.patch"
done_suite harden/lesson_sandbox
