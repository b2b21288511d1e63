#!/bin/bash
# SIGXFSZ says what went wrong (issue 22, a non-author trial): `cfx bench` under
# ulimit -f ended with status 153 and nothing said.  Now one line names
# the file size limit; the status is still 128 + SIGXFSZ (kill -l) and
# no temporary directory is left.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
( ulimit -f 1; exec ./cfx bench 0x61C88647 --runs 3 ) >/dev/null 2>"$tmp/err"; rc=$?
want=$((128 + $(kill -l XFSZ)))
if [ $rc = 0 ]; then
	echo "skip: bench wrote nothing past 1 block here"
	ok "bench under ulimit -f 1 finished"
else
	expect "bench under ulimit -f 1: status $want (got $rc)" '[ $rc = $want ]'
	expect "  one line naming the limit ($(cat "$tmp/err"))" \
		'[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "file size limit (ulimit -f)" "$tmp/err"'
	expect "  no temporary directory left ($(ls "$TMPDIR"))" '[ -z "$(ls -A "$TMPDIR")" ]'
fi
done_suite harden/xfsz_said
