#!/bin/bash
# Every file path a command reads, given a file that is not one it can
# use (issue 22 hardening, remainder (f)): /dev/zero, a directory, an
# empty file, a file without read permission (read as another user), a
# 1 GiB sparse file of NULs, a path longer than PATH_MAX: one line on
# stderr naming the path (or the bad byte), nothing on stdout, a non-zero
# status, within a bound (no read of the whole 1 GiB, no read of an
# endless device).  A named pipe with no writer is waited on as cat does
# (it is how one feeds a pipe); Ctrl-C ends the wait: 130, "interrupted".
# The paths: review FILE, stats FILE, score --keys file:FILE,
# learn --check FILE, bench --raw DIR, and the progress file of learn.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
d=$tmp/bad
mkdir -p "$d/dir"
chmod 755 "$tmp" "$d"
: >"$d/empty"
printf '1\n2\n3\n' >"$d/unread"; chmod 600 "$d/unread"
truncate -s 1G "$d/sparse"
long=$d/$(python3 -c 'print("/".join(["x" * 250] * 17))')   # > 4096
# cmd_for NAME PATH: the command line reading PATH
cmd_for() {
	case $1 in
	review) echo "$cfx review $2" ;;
	stats) echo "$cfx stats $2" ;;
	score) echo "$cfx score 0x61C88647 --keys file:$2" ;;
	check) echo "$cfx learn --check $2" ;;
	raw) echo "$cfx bench 0x61C88647 --runs 3 --raw $2" ;;
	esac
}
# one_line NAME TOKEN CMD...: status 2, no stdout, one stderr line that
# names TOKEN, under 60 s of processor time and 600 s of wall time
one_line() {
	local name=$1 token=$2 rc; shift 2
	( ulimit -t 60 && exec timeout 600 "$@" ) >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
	expect "$name: status 2, one line naming it (got $rc: $(head -c 150 "$tmp/err"))" \
		'[ $rc = 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
		 grep -qF -- "$token" "$tmp/err"'
}
for c in review stats score check raw; do
	one_line "$c /dev/zero" "(/dev/zero)" $(cmd_for $c /dev/zero)
	one_line "$c a path longer than PATH_MAX" "(${long:0:60}" $(cmd_for $c "$long")
	[ $c = raw ] && continue   # a directory is what --raw wants
	one_line "$c a directory" "($d/dir)" $(cmd_for $c "$d/dir")
	# (learn --check names a lesson's place as FILE:LINE, as gcc does;
	# review says an empty input is nothing to review, status 0, as for
	# the empty `git diff` of a clean tree: man cfx, review)
	if [ $c = review ]; then
		( ulimit -t 60 && exec timeout 600 $(cmd_for $c "$d/empty") ) >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
		expect "review an empty file: status 0, nothing on stdout, one line naming it (got $rc: $(head -c 150 "$tmp/err"))" \
			'[ $rc = 0 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
			 grep -qF -- "nothing to review" "$tmp/err" && grep -qF -- "($d/empty)" "$tmp/err"'
	else
		one_line "$c an empty file" "$d/empty$([ $c = check ] && echo : || echo ")")" $(cmd_for $c "$d/empty")
	fi
	# a 1 GiB file: refused by its size, or at its first NUL
	one_line "$c a 1 GiB sparse file" "sparse" $(cmd_for $c "$d/sparse")
done
one_line "bench --raw an empty file" "($d/empty)" $(cmd_for raw "$d/empty")
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	chmod 711 "$tmp"
	for c in review stats score check; do
		one_line "$c, as nobody, a file it cannot read" "Permission denied ($d/unread)" \
			runuser -u nobody -- $(cmd_for $c "$d/unread")
	done
	one_line "bench --raw, as nobody, a directory it cannot write" "($d/dir)" \
		runuser -u nobody -- $(cmd_for raw "$d/dir")
else
	echo "skip another user's files: not root, or no user nobody"
fi
# a named pipe without a writer: waited on; Ctrl-C ends it, 130,
# "interrupted", nothing on stdout.  SIGINT is sent once cfx provably
# waits on the pipe (fifo_waits), not after a fixed time: under load a
# signal 3 s after the start came before cfx had set its handler (130
# and nothing said).  Killed if still there 60 s after the INT.
. "$(dirname "$0")/lib.sh"
mkfifo "$d/fifo"
for c in review stats score; do
	$(cmd_for $c "$d/fifo") >"$tmp/out" 2>"$tmp/err" </dev/null &
	pid=$!
	fifo_waits $pid "$d/fifo" || echo "  ($c never seen waiting on the pipe)"
	kill -INT $pid 2>/dev/null
	end_within $pid 60
	wait $pid; rc=$?
	expect "$c a FIFO with no writer: Ctrl-C ends the wait, 130, 'interrupted' (got $rc: $(cat "$tmp/err"))" \
		'[ $rc = 130 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "cfx: ${c}: interrupted" ]'
done
one_line "learn --check a FIFO" "($d/fifo)" $(cmd_for check "$d/fifo")
one_line "bench --raw a FIFO" "($d/fifo)" $(cmd_for raw "$d/fifo")
# learn's progress file: a link to /dev/zero, a directory, a FIFO or
# 1 GiB in its place is never read (issue 22: a link is refused, not
# followed: one warning naming the path; --list still lists, 0); the
# link and its target stay as they are
for f in /dev/zero dir fifo sparse; do
	p=$d/$f; [ $f = /dev/zero ] && p=/dev/zero
	rm -rf "$d/st"; mkdir -p "$d/st/cfx"; ln -s "$p" "$d/st/cfx/progress"
	( ulimit -t 60 && exec timeout 600 env XDG_STATE_HOME="$d/st" "$cfx" learn --list ) \
		>"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
	expect "learn --list, progress -> $f: 0, lists, one warning naming the link (got $rc)" \
		'[ $rc = 0 ] && [ -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
		 grep -qF "the progress file $d/st/cfx/progress is a symbolic link, not followed" "$tmp/err"'
	expect "  the link and its target untouched, nothing set aside" \
		'[ -L "$d/st/cfx/progress" ] && { [ $f = /dev/zero ] || [ -e "$p" ]; } && ! ls "$d/st/cfx" | grep -q corrupt'
done
done_suite harden/bad_files
