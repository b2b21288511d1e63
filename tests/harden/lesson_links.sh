#!/bin/bash
# A lesson file of the catalogue gets the checks a patch beside a lesson
# gets (issue 22, a non-author trial).  Before, a $CFX_LESSONS
# directory of another user's holding 01-intro.lesson -> /etc/shadow was
# followed: `cfx learn 1` quoted the file's first line in its parse error,
# and `learn --list` showed any "title:" line of it.  Now a symbolic link,
# a second hard link, another user's file, or any file in a directory
# another user owns is refused in one line naming the file, status 2, and
# never opened.  The secret is a file the test writes (mode 0600); its
# lines must never show.  An ordinary lesson beside them still plays: its
# title is read from the file with grep, not from cfx.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
export XDG_STATE_HOME=$tmp/st
unset CFX_FACTS
secret=$tmp/secret
printf 'root:s3cr3t-first-%s:20228:0:99999:7:::\ntitle: s3cr3t-title-%s\n' \
	$$ $$ >"$secret"
chmod 600 "$secret"
good=lessons/01-euclid.lesson
title=$(sed -n 's/^title: *//p' "$good" | head -1)

# refused DIR NAME CASE: learn 1, learn NAME, --list, --selftest and the
# REPL's learn 1 never show the secret; learn 1 says "refused" naming
# the file, status 2
refused() {
	local d=$1 what=$3 f=$1/01-$2.lesson out rc
	out=$(CFX_LESSONS=$d "$cfx" learn 1 </dev/null 2>&1); rc=$?
	expect "$what: learn 1 refused, status 2 ($rc: $out)" \
		'[ $rc = 2 ] && grep -q "refused" <<<"$out" && grep -qF "$f" <<<"$out"'
	expect "$what: learn 1 shows nothing of the file" '! grep -q s3cr3t <<<"$out"'
	out=$(CFX_LESSONS=$d "$cfx" learn "$2" </dev/null 2>&1); rc=$?
	expect "$what: learn $2 refused, status 2 ($rc)" \
		'[ $rc = 2 ] && ! grep -q s3cr3t <<<"$out"'
	out=$(CFX_LESSONS=$d "$cfx" learn --list 2>&1)
	expect "$what: --list shows nothing of the file" '! grep -q s3cr3t <<<"$out"'
	out=$(CFX_LESSONS=$d "$cfx" learn --selftest 2>&1); rc=$?
	expect "$what: --selftest fails, shows nothing of the file ($rc)" \
		'[ $rc != 0 ] && ! grep -q s3cr3t <<<"$out"'
	out=$(echo 'learn 1' | CFX_LESSONS=$d "$cfx" 2>&1); rc=$?
	expect "$what: the REPL's learn 1 refused ($rc)" \
		'[ $rc != 0 ] && grep -q refused <<<"$out" && ! grep -q s3cr3t <<<"$out"'
}

# the user's own directory: a symbolic link in it
mkdir -p "$tmp/own"
ln -s "$secret" "$tmp/own/01-intro.lesson"
cp "$good" "$tmp/own/02-good.lesson"
refused "$tmp/own" intro "own directory, a symbolic link"
# and the ordinary lesson beside it plays
out=$(CFX_LESSONS=$tmp/own "$cfx" learn 2 </dev/null 2>&1); rc=$?
expect "own directory: the ordinary lesson plays ($rc)" \
	'[ $rc = 0 ] && grep -qF "$title" <<<"$out"'
out=$(CFX_LESSONS=$tmp/own "$cfx" learn --list 2>&1)
expect "own directory: --list shows the ordinary lesson's title" \
	'grep -qF "$title" <<<"$out"'

# a second hard link to the secret
mkdir -p "$tmp/hard"
if ln "$secret" "$tmp/hard/01-hard.lesson" 2>/dev/null; then
	refused "$tmp/hard" hard "a hard link"
else
	echo "skip a hard link: ln refused"
fi

# another user's link, file or directory
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/nob"
	ln -s "$secret" "$tmp/nob/01-intro.lesson"
	chown -h nobody "$tmp/nob/01-intro.lesson"
	chown nobody "$tmp/nob"
	refused "$tmp/nob" intro "nobody's directory, nobody's link (issue 22)"
	mkdir -m 755 "$tmp/nobf"
	cp "$good" "$tmp/nobf/01-theirs.lesson"
	printf 'root:s3cr3t-first-%s\n' $$ >>"$tmp/nobf/01-theirs.lesson"
	chown nobody "$tmp/nobf/01-theirs.lesson"
	refused "$tmp/nobf" theirs "nobody's file in the user's directory"
	mkdir -m 755 "$tmp/nobd"
	cp "$good" "$tmp/nobd/01-plain.lesson"
	printf 'root:s3cr3t-first-%s\n' $$ >>"$tmp/nobd/01-plain.lesson"
	chown nobody "$tmp/nobd"
	refused "$tmp/nobd" plain "the user's file in nobody's directory"
else
	echo "skip another user's lesson directory: not root, or no nobody here"
fi

# learn --check FILE vets files from others: a file named there is read
# as named (its own problems reported), not refused by the catalogue's rule
cp "$good" "$tmp/named.lesson"
out=$("$cfx" learn --check "$tmp/named.lesson" 2>&1); rc=$?
expect "learn --check of a named file still checks it ($rc)" \
	'! grep -q refused <<<"$out"'
done_suite harden/lesson_links
