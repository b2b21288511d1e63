#!/bin/bash
# Standard input closed (cfx <&-; issue 22, a hostile re-trial): every
# face that reads it says so in one line, "cfx: CMD: standard input is
# closed", status 2, nothing shown first.  Before, the script face and
# learn said "line 1: cfx: Bad file descriptor" (learn after printing its
# lesson) and stats and review "<stdin>:1: Bad file descriptor".  The
# expected lines are the man page's words, written out here; a command
# that does not read stdin still runs (harden/std_fds.sh: cf <&-; here
# stats of a file, its figures by hand, and a script file: 13/8 by
# Euclid, 13 = 1*8 + 5, 8 = 1*5 + 3, 5 = 1*3 + 2, 3 = 1*2 + 1, 2 = 2*1).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/st CFX_LESSONS=$tmp/les
mkdir -p "$tmp/les"
cp tests/lessons/fixtures/01-mini.lesson "$tmp/les/"

# closed WANT CMD...: CMD with stdin closed says WANT alone on stderr,
# status 2, nothing on stdout
closed() {
	local want=$1 rc; shift
	./cfx "$@" <&- >"$tmp/out" 2>"$tmp/err"; rc=$?
	expect "cfx $* <&-: '$want', status 2 ($rc: $(head -c 99 "$tmp/err"))" \
		'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "$want" ] &&
		 [ ! -s "$tmp/out" ]'
}
closed "cfx: repl: standard input is closed"
closed "cfx: repl: standard input is closed" repl
closed "cfx: repl: standard input is closed" --json
closed "cfx: repl: standard input is closed" repl --keep-going
closed "cfx: learn: standard input is closed" learn 1
closed "cfx: learn: standard input is closed" learn mini
closed "cfx: review: standard input is closed (-)" review -
closed "cfx: stats: standard input is closed (-)" stats -
closed "cfx: stats: standard input is closed" stats

# stdin by a file's name: /dev/stdin, /dev/fd/0 and /proc/self/fd/0 read
# main's stand-in for the closed descriptor (the null device) as empty:
# "nothing to review", status 0, before.  /dev/null itself is still read
# as the empty file it is.
closed "cfx: review: cannot read: standard input is closed (/dev/stdin)" \
	review /dev/stdin
is="standard input is closed"
closed "cfx: repl: cannot read script: $is (/dev/stdin)" repl -f /dev/stdin
closed "cfx: stats: cannot read: $is (/dev/fd/0)" stats /dev/fd/0
closed "cfx: score: cannot read key file: $is (/proc/self/fd/0)" \
	score 5 --keys file:/proc/self/fd/0
./cfx review /dev/null <&- >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "review /dev/null <&-: the empty file, status 0 ($rc)" \
	'[ $rc = 0 ] && grep -qF "the input is empty (/dev/null)" "$tmp/err"'

# with stdout closed too: still status 2, no crash
./cfx learn 1 <&- >&- 2>"$tmp/err"; rc=$?
expect "learn 1 <&- >&-: status 2, the closed input said ($rc)" \
	'[ $rc = 2 ] && grep -qF "standard input is closed" "$tmp/err"'

# what does not read stdin runs as ever: N 5, min 1, max 5, median 3,
# mean 3
printf '1\n2\n3\n4\n5\n' >"$tmp/s"
./cfx stats "$tmp/s" <&- >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "stats FILE <&-: the file read, status 0 ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 0 ] && grep -Eq "^x +5 +1 +5 +3 +3 " "$tmp/out"'
./cfx repl -f "$tmp/cmds" <&- >/dev/null 2>"$tmp/err"; rc=$?
expect "repl -f FILE <&-: a script file is no stdin (names the file)" \
	'[ $rc = 2 ] && grep -qF "$tmp/cmds" "$tmp/err"'
want="[1; 1, 1, 1, 2]"
printf 'cf 13/8\n' >"$tmp/cmds"
./cfx repl -f "$tmp/cmds" <&- >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "repl -f FILE <&-: the script runs ($rc: $(cat "$tmp/err"))" \
	'[ $rc = 0 ] && grep -qF "$want" "$tmp/out"'
done_suite harden/stdin_closed
