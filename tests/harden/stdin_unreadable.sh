#!/bin/bash
# Standard input open for writing only (cfx 0>/dev/null; issue 22): it is
# open, not closed, and is said as it is, "standard input is not
# readable", status 2, nothing on stdout.  Before, every face said
# "standard input is closed", the words of cfx <&- (main holds a closed
# descriptor 0 with the null device opened for writing, and the two were
# taken for one).  <&- still says "closed" (harden/stdin_closed.sh); the
# expected lines are the man page's words, written out here.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/st CFX_LESSONS=$tmp/les
mkdir -p "$tmp/les"
cp tests/lessons/fixtures/01-mini.lesson "$tmp/les/"
nr="standard input is not readable"

# wo WANT REDIR CMD...: CMD with stdin as REDIR says WANT alone on
# stderr, status 2, nothing on stdout
wo() {
	local want=$1 redir=$2 rc; shift 2
	eval './cfx "$@" '"$redir"' >"$tmp/out" 2>"$tmp/err"'; rc=$?
	expect "cfx $* $redir: '$want', status 2 ($rc: $(head -c 99 "$tmp/err"))" \
		'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "$want" ] &&
		 [ ! -s "$tmp/out" ]'
}
for r in '0>/dev/null' '0>>"$tmp/w"' '0>"$tmp/w"'; do
	wo "cfx: repl: $nr" "$r"
	wo "cfx: repl: $nr" "$r" repl
	wo "cfx: repl: $nr" "$r" --json
	wo "cfx: learn: $nr" "$r" learn 1
	wo "cfx: review: $nr (-)" "$r" review -
	wo "cfx: stats: $nr" "$r" stats
done
# by a name of descriptor 0: the null device a shell opened for writing
# read as empty before (a review of nothing, status 0)
wo "cfx: review: cannot read: $nr (/dev/stdin)" '0>/dev/null' \
	review /dev/stdin
wo "cfx: stats: cannot read: $nr (/dev/fd/0)" '0>/dev/null' stats /dev/fd/0
# closed is still closed
wo "cfx: review: standard input is closed (-)" '<&-' review -
wo "cfx: repl: standard input is closed" '<&-' repl
# a command that does not read stdin runs: 5/2^32 = [0; 858993459, 5]
./cfx cf 5 0>/dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "cf 5 0>/dev/null: runs, status 0 ($rc)" \
	'[ $rc = 0 ] && grep -q "858993459, 5\]" "$tmp/out" && [ ! -s "$tmp/err" ]'
done_suite harden/stdin_unreadable
