#!/bin/bash
# The lesson progress store makes its directories as the REPL's history
# does (safefile_dir_make; issue 22, the hole F3 closed for the history):
# level by level, 0700, each only once the directory it is made in is
# checked (the user's or root's, not writable by others unless sticky),
# and it reads, locks, sets aside and writes only in a directory that
# passes that check.  Before, its own mkdir -p made every level through
# whatever was there (another user's link, a directory others can write)
# and saved the progress in it.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export CFX_LESSONS=$root/tests/lessons/fixtures

# play OUT VAR=VALUE...: lesson 1 (one step solved) with VAR=VALUE, HOME
# and XDG_STATE_HOME unset unless given; stderr to OUT, status to OUT.rc
play() {
	local out=$1; shift
	printf 'cf 13/8\nanswer 2\n' | env -u HOME -u XDG_STATE_HOME "$@" \
		./cfx learn 1 >/dev/null 2>"$out"
	echo $? >"$out.rc"
}

# the ordinary case: made level by level, 0700 each, the progress kept
mkdir -p "$tmp/h1/a"
play "$tmp/o1" HOME="$tmp/h1/a"
s=$tmp/h1/a/.local/state/cfx
expect "HOME without .local: made, 0700 each ($(stat -c %a "$tmp/h1/a/.local" "$tmp/h1/a/.local/state" "$s" 2>&1 | tr '\n' ' '))" \
	'[ "$(stat -c %a "$tmp/h1/a/.local" "$tmp/h1/a/.local/state" "$s" | tr "\n" " ")" = "700 700 700 " ]'
expect "HOME without .local: progress saved, nothing said ($(cat "$tmp/o1"))" \
	'grep -qx "mini 2 ++." "$s/progress" && [ ! -s "$tmp/o1" ] && [ "$(cat "$tmp/o1.rc")" = 0 ]'

# a state directory others can write (not sticky): refused, said once,
# status 1, nothing made in it
mkdir -m 777 "$tmp/ww"; chmod 777 "$tmp/ww"
play "$tmp/o2" XDG_STATE_HOME="$tmp/ww"
expect "XDG_STATE_HOME others can write: refused ($(cat "$tmp/o2"))" \
	'[ "$(cat "$tmp/o2")" = "cfx: learn: progress cannot be saved: refused: the directory above $tmp/ww/cfx is writable by others (and not sticky) ($tmp/ww)" ]'
expect "XDG_STATE_HOME others can write: nothing made, status 1" \
	'[ -z "$(ls -A "$tmp/ww")" ] && [ "$(cat "$tmp/o2.rc")" = 1 ]'

# its cfx directory there already, others can write it, a progress file
# in it that does not parse: not read, not set aside, not rewritten
mkdir -m 777 "$tmp/w3" "$tmp/w3/cfx"; chmod 777 "$tmp/w3/cfx"
printf 'junk\n' >"$tmp/w3/cfx/progress"
play "$tmp/o3" XDG_STATE_HOME="$tmp/w3"
expect "cfx/ others can write: refused ($(cat "$tmp/o3"))" \
	'[ "$(cat "$tmp/o3")" = "cfx: learn: progress cannot be saved: refused: writable by others (and not sticky) ($tmp/w3/cfx)" ]'
expect "cfx/ others can write: the file left alone ($(ls -A "$tmp/w3/cfx" | tr '\n' ' '))" \
	'[ "$(ls -A "$tmp/w3/cfx")" = progress ] && [ "$(cat "$tmp/w3/cfx/progress")" = junk ]'

# a long path: named whole
long=$tmp/$(printf 'd%.0s' $(seq 150))/$(printf 'e%.0s' $(seq 150))
mkdir -p "$long/ww"; chmod 777 "$long/ww"
play "$tmp/o4" XDG_STATE_HOME="$long/ww"
expect "a long path others can write: named whole" \
	'[ "$(cat "$tmp/o4")" = "cfx: learn: progress cannot be saved: refused: the directory above $long/ww/cfx is writable by others (and not sticky) ($long/ww)" ]'

# another user's link or directory on the way (as root, with nobody)
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 755 "$tmp/nob" "$tmp/links" "$tmp/nob/d"; chown nobody "$tmp/nob"
	mkdir -m 700 "$tmp/private"
	ln -s "$tmp/private" "$tmp/nob/l"; chown -h nobody "$tmp/nob/l"
	ln -s "$tmp/private" "$tmp/links/l"; chown -h nobody "$tmp/links/l"
	play "$tmp/o5" XDG_STATE_HOME="$tmp/nob/l"
	expect "through nobody's link: refused ($(cat "$tmp/o5"))" \
		'grep -qF "progress cannot be saved: refused: the directory above $tmp/nob/l/cfx is owned by another user ($tmp/nob)" "$tmp/o5"'
	expect "through nobody's link: nothing made ($(ls -A "$tmp/private"))" \
		'[ -z "$(ls -A "$tmp/private")" ]'
	play "$tmp/o6" XDG_STATE_HOME="$tmp/links/l"
	expect "nobody's link in root's dir: refused, nothing made ($(cat "$tmp/o6"))" \
		'grep -qF "is a symbolic link owned by another user ($tmp/links/l)" "$tmp/o6" && [ -z "$(ls -A "$tmp/private")" ]'
	mkdir -m 700 "$tmp/n7" "$tmp/n7/cfx"; chown nobody "$tmp/n7/cfx"
	play "$tmp/o7" XDG_STATE_HOME="$tmp/n7"
	expect "nobody's cfx directory planted: refused, nothing written ($(cat "$tmp/o7"))" \
		'grep -qF "progress cannot be saved: refused: owned by another user ($tmp/n7/cfx)" "$tmp/o7" && [ -z "$(ls -A "$tmp/n7/cfx")" ]'
else
	echo "skip another user's link: not root, or no nobody here"
fi
# learn --list saves nothing, but said nothing either when the progress
# could not be kept: a refused state directory is said once, on stderr,
# in the words a save uses ("kept" for "saved"), and the list is still
# the whole list, status 0; nothing is made.  list VAR=VALUE...: stdout
# to $tmp/l.out, stderr to $tmp/l.err, status to $tmp/l.rc
list() {
	env -u HOME -u XDG_STATE_HOME "$@" ./cfx learn --list \
		>"$tmp/l.out" 2>"$tmp/l.err"
	echo $? >"$tmp/l.rc"
}
mkdir -p "$tmp/lh"
list HOME="$tmp/lh"
cp "$tmp/l.out" "$tmp/list.good"
expect "learn --list, a fresh HOME: listed, nothing said, nothing made ($(cat "$tmp/l.err"))" \
	'[ ! -s "$tmp/l.err" ] && [ "$(cat "$tmp/l.rc")" = 0 ] &&
	 grep -q "^  1 .* mini " "$tmp/list.good" && [ -z "$(ls -A "$tmp/lh")" ]'
# listed: the same list, one line on stderr, status 0
listed_saying() {
	local said=$2
	expect "$1 ($(cat "$tmp/l.err"))" \
		'cmp -s "$tmp/l.out" "$tmp/list.good" && [ "$(cat "$tmp/l.rc")" = 0 ] &&
		 [ "$(wc -l <"$tmp/l.err")" = 1 ] && [ "$(cat "$tmp/l.err")" = "$said" ]'
}
list XDG_STATE_HOME="$tmp/ww"
listed_saying "learn --list, XDG_STATE_HOME others can write: said once, listed" \
	"cfx: learn: progress cannot be kept: refused: the directory above $tmp/ww/cfx is writable by others (and not sticky) ($tmp/ww)"
list XDG_STATE_HOME="$tmp/w3"
listed_saying "learn --list, cfx/ others can write" \
	"cfx: learn: progress cannot be kept: refused: writable by others (and not sticky) ($tmp/w3/cfx)"
: >"$tmp/lf"
list XDG_STATE_HOME="$tmp/lf"
listed_saying "learn --list, XDG_STATE_HOME a file" \
	"cfx: learn: progress cannot be kept: $tmp/lf is not a directory; XDG_STATE_HOME must name a directory cfx can write ($tmp/lf)"
list HOME="$tmp/lf"
listed_saying "learn --list, HOME a file" \
	"cfx: learn: progress cannot be kept: $tmp/lf is not a directory; HOME (~/.local/state) must name a directory cfx can write ($tmp/lf)"
list XDG_STATE_HOME="$long/ww"
listed_saying "learn --list, a long path others can write: named whole" \
	"cfx: learn: progress cannot be kept: refused: the directory above $long/ww/cfx is writable by others (and not sticky) ($long/ww)"
list
listed_saying "learn --list, neither HOME nor XDG_STATE_HOME" \
	"cfx: learn: progress cannot be kept: neither XDG_STATE_HOME nor HOME is set (HOME)"
expect "learn --list: nothing made where it was refused ($(ls -A "$tmp/ww" "$tmp/lh" | tr '\n' ' '))" \
	'[ -z "$(ls -A "$tmp/ww")" ] && [ -z "$(ls -A "$tmp/lh")" ] && [ "$(ls -A "$tmp/w3/cfx")" = progress ]'
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -m 700 "$tmp/n8"; chown nobody "$tmp/n8"
	list HOME="$tmp/n8"
	listed_saying "learn --list, HOME owned by nobody" \
		"cfx: learn: progress cannot be kept: refused: the directory above $tmp/n8/.local is owned by another user ($tmp/n8)"
	list XDG_STATE_HOME="$tmp/n7"
	listed_saying "learn --list, nobody's cfx directory" \
		"cfx: learn: progress cannot be kept: refused: owned by another user ($tmp/n7/cfx)"
else
	echo "skip learn --list in another user's directory: not root, or no nobody here"
fi
done_suite harden/progress_dirs
