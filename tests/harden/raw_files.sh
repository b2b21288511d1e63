#!/bin/bash
# bench --raw DIR writes where another user may have planted a link
# (issue 22, finding 1).  Before: fopen(path, "w") followed a symlink
# planted in a directory others could write, truncating its target.  Now
# the directory and those above it are checked as OpenSSH checks its
# files: one owned by another user, or writable by others and not sticky,
# is refused; in a sticky one only new files are made (O_EXCL|O_NOFOLLOW);
# in the user's own one a file is renamed into place (a link is replaced,
# never followed).  The second user is nobody, through setpriv, where the
# machine allows it (root); else that case says why it is skipped.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
chmod 755 "$tmp"
victim=$tmp/victim
P=0x61C88647 F=0x61c88647-mul.txt
reset_victim() { echo "precious" >"$victim"; }
victim_intact() { [ "$(cat "$victim")" = precious ]; }
bench() { ./cfx bench $P --runs 3 --raw "$1" >"$tmp/out" 2>"$tmp/err"; }

# another user's world-writable directory with a planted link
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 &&
   setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups true 2>/dev/null; then
	reset_victim
	mkdir -m 755 "$tmp/pub"
	chown nobody "$tmp/pub"
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		sh -c "mkdir -m 777 '$tmp/pub/runs' && ln -s '$victim' '$tmp/pub/runs/$F'"
	bench "$tmp/pub/runs"; rc=$?
	expect "another user's dir: refused, status 2 (got $rc)" '[ $rc = 2 ]'
	expect "another user's dir: the reason ($(cat "$tmp/err"))" \
		'grep -q "refused: owned by another user ($tmp/pub/runs)" "$tmp/err"'
	expect "another user's dir: the link's target untouched" victim_intact
else
	echo "skip another user's directory: not root, or no setpriv/nobody here"
fi

# a world-writable directory, not sticky (the test makes it)
reset_victim
mkdir -m 777 "$tmp/ww"; chmod 777 "$tmp/ww"
ln -s "$victim" "$tmp/ww/$F"
bench "$tmp/ww"; rc=$?
expect "world-writable dir: status 2 (got $rc)" '[ $rc = 2 ]'
expect "world-writable dir: the reason ($(cat "$tmp/err"))" \
	'grep -q "refused: writable by others (and not sticky)" "$tmp/err"'
expect "world-writable dir: the link's target untouched" victim_intact

# a directory below one others can write: they could swap it
reset_victim
mkdir -m 700 "$tmp/ww/mine"
bench "$tmp/ww/mine"; rc=$?
expect "below a world-writable dir: status 2 (got $rc)" '[ $rc = 2 ]'
expect "below a world-writable dir: the parent named ($(cat "$tmp/err"))" \
	'grep -q "the directory above $tmp/ww/mine is writable by others" "$tmp/err"'

# sticky and world-writable (as /tmp): new files only
reset_victim
mkdir "$tmp/sticky"; chmod 1777 "$tmp/sticky"
ln -s "$victim" "$tmp/sticky/$F"
bench "$tmp/sticky"; rc=$?
expect "sticky dir, planted link: status 2 (got $rc)" '[ $rc = 2 ]'
expect "sticky dir, planted link: said ($(cat "$tmp/err"))" \
	'grep -q "exists, in a directory others can write" "$tmp/err"'
expect "sticky dir: the link's target untouched" victim_intact
# said before the work: the rounds ran and their results were lost when
# the file was found at the end.  A compiler that fails (CC=false) shows
# which comes first: the file there, not the compiler
CC=false ./cfx bench $P --runs 3 --raw "$tmp/sticky" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "sticky dir, planted link: said before the compiler runs, status 2 ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "cfx: bench: exists, in a directory others can write: cfx makes only new files there ($tmp/sticky/$F)" ]'
rm "$tmp/sticky/$F"
bench "$tmp/sticky"; rc=$?
expect "sticky dir, new files: status 0 (got $rc)" '[ $rc = 0 ]'
expect "sticky dir, new files: 3 samples in $F" \
	'[ -f "$tmp/sticky/$F" ] && [ ! -L "$tmp/sticky/$F" ] && [ $(wc -l <"$tmp/sticky/$F") = 3 ]'

# the user's own directory: a link there is replaced, not followed
reset_victim
mkdir -m 700 "$tmp/own"
ln -s "$victim" "$tmp/own/$F"
bench "$tmp/own"; rc=$?
expect "own dir: status 0 (got $rc)" '[ $rc = 0 ]'
expect "own dir: the link replaced by a file of 3 samples" \
	'[ ! -L "$tmp/own/$F" ] && [ $(wc -l <"$tmp/own/$F") = 3 ]'
expect "own dir: the link's target untouched" victim_intact
expect "own dir: no temporary file left" '[ -z "$(ls -A "$tmp/own" | grep "^\.")" ]'
expect "no cfx-* left in TMPDIR" '[ -z "$(ls -A "$TMPDIR")" ]'
# the path as given (hostile retest C): a link another user owns, to the
# user's own private directory, is refused (realpath's parents alone
# looked safe); and nothing is made in another user's directory before
# the refusal
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 &&
   setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups true 2>/dev/null; then
	mkdir -m 700 "$tmp/private"
	mkdir -m 755 "$tmp/pub2"; chown nobody "$tmp/pub2"
	setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		ln -s "$tmp/private" "$tmp/pub2/linkdir"
	bench "$tmp/pub2/linkdir"; rc=$?
	expect "nobody's link to a private dir: status 2 (got $rc)" '[ $rc = 2 ]'
	expect "nobody's link: named ($(cat "$tmp/err"))" \
		'grep -q "owned by another user" "$tmp/err"'
	expect "nobody's link: nothing written through it" '[ -z "$(ls -A "$tmp/private")" ]'
	bench "$tmp/pub2/new"; rc=$?
	expect "new dir in nobody's dir: status 2 (got $rc)" '[ $rc = 2 ]'
	expect "new dir in nobody's dir: not made" '[ ! -e "$tmp/pub2/new" ]'
else
	echo "skip links and dirs of another user: not root, or no setpriv/nobody here"
fi
# a new directory below a world-writable, non-sticky one: not made
bench "$tmp/ww/new"; rc=$?
expect "new dir below a 777 dir: status 2 (got $rc)" '[ $rc = 2 ]'
expect "new dir below a 777 dir: not made" '[ ! -e "$tmp/ww/new" ]'
# the man page says what the cases above show: the path checked as typed
# (each component, a link's owner) and as resolved, DIR made only after
# the directory above it passed (it said only "DIR and the directories
# above it")
para=$(sed -n '/^\.BI \\-\\-raw " DIR"/,/^\.BI/p' man/cfx.1 | tr '\n' ' ')
expect "man: --raw checked as typed, with lstat, a link's owner" \
	'echo "$para" | grep -q "as typed" && echo "$para" | grep -q lstat && echo "$para" | grep -q "symbolic link included"'
expect "man: --raw as resolved, made only after the check" \
	'echo "$para" | grep -q "as resolved" && echo "$para" | grep -q "nothing is made where the check"'
done_suite harden/raw_files
