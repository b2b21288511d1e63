#!/bin/bash
# A full $TMPDIR (issue 22, non-author trial): bench said only "the
# compiler failed (exit status 1)" and verify's compiled check the same,
# the compiler's own message lost with the rest.  Now: "the temporary
# directory is full", naming it, in bench and in verify's check, whether
# the compiler ran out of room or cfx could not write its source there;
# and a compiler that fails for another reason is not blamed on the disk.
# The full directory is a tiny tmpfs in a private mount namespace (root
# or user namespaces); the test checks itself that it is full.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
P=0x61C88647
vcheck() {   # the verify check's status and detail, from the JSON
	python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
c=[c for c in d["checks"] if c["name"]=="shift/add"][0]
print(c["status"], c["detail"])' "$tmp/o"
}
# a file-size limit below the room asked for (ulimit -f 200: 100 KiB):
# asking whether the directory is full must not write a file that large
# (cfx wrote 256 KiB to see, and SIGXFSZ ended it, status 153, nothing
# said).  CC=false fails, so the question is asked.
( ulimit -f 200; CC=false ./cfx verify $P --bits 32 --json >"$tmp/o" 2>"$tmp/e" ); rc=$?
expect "ulimit -f 200, CC=false verify: status 0, the check INFO, not killed by SIGXFSZ ($rc: $(vcheck 2>&1 | cut -c1-80))" \
	'[ "$rc" = 0 ] && vcheck | grep -q "^INFO .*exit status 1"'
( ulimit -f 200; CC=false ./cfx bench $P --runs 3 >"$tmp/o" 2>"$tmp/e" ); rc=$?
expect "ulimit -f 200, CC=false bench: status 2, the compiler named, not the disk ($rc: $(cat "$tmp/e"))" \
	'[ "$rc" = 2 ] && grep -q "the compiler failed (exit status 1)" "$tmp/e" && ! grep -q full "$tmp/e"'
if ! unshare -m true 2>/dev/null; then
	echo "skip: no private mount namespace here (unshare -m)"
	done_suite harden/tmpfull
	exit $?
fi
t=$tmp/tiny
mkdir "$t"
# in_tiny SIZE FILL CMD...: CMD with TMPDIR on a fresh tmpfs of SIZE, FILL
# (1: filled up first); its stdout, stderr, status in $tmp/o, e, rc; and
# in $tmp/room whether 64 KiB more could be written there before
in_tiny() {
	local size=$1 fill=$2; shift 2
	unshare -m sh -c '
		mount -t tmpfs -o size="$1",mode=1777 tmpfs "$2" || exit 99
		[ "$3" = 1 ] && dd if=/dev/zero of="$2/fill" bs=4096 2>/dev/null
		if dd if=/dev/zero of="$2/probe" bs=65536 count=1 2>/dev/null; then
			echo yes; else echo no; fi >"$4/room"
		rm -f "$2/probe"
		shift 4
		TMPDIR='"$t"' "$@" >'"$tmp/o"' 2>'"$tmp/e"'
		echo $? >'"$tmp/rc"'
	' sh "$size" "$t" "$fill" "$tmp" "$@"
	rc=$(cat "$tmp/rc" 2>/dev/null)
}

# full SIZE FILL NAME VERIFY: on a SIZE tmpfs (FILL: filled up first)
# there is no room for 64 KiB, and verify's compiled check is INFO
# matching VERIFY; then bench is run there (its status in rc, its
# stderr in $tmp/e)
full() {
	local size=$1 fill=$2 name=$3 v=$4
	in_tiny $size $fill ./cfx verify $P --bits 32 --json
	expect "$name: no room for 64 KiB there ($(cat "$tmp/room"))" '[ "$(cat "$tmp/room")" = no ]'
	expect "$name, verify: its compiled check says the directory is full ($(vcheck))" \
		'vcheck | grep -q "$v"'
	in_tiny $size $fill ./cfx bench $P --runs 3
}
# room for cfx's source, not for the compiler's files
full 16k 0 "full tmpfs" "^INFO .*the temporary directory $t is full"
expect "full tmpfs, bench: status 2 (got $rc)" '[ "$rc" = 2 ]'
expect "full tmpfs, bench: one line, the directory full and named ($(cat "$tmp/e"))" \
	'[ "$(wc -l <"$tmp/e")" = 1 ] && grep -q "^cfx: bench: the compiler failed (.*): the temporary directory is full ($t)$" "$tmp/e"'
# full to the last block: cfx's own source cannot be written
full 64k 1 "filled tmpfs" "^INFO .*the temporary directory is full: cannot write mul.c ($t)"
expect "filled tmpfs, bench: status 2, one line, the directory full and named ($rc: $(cat "$tmp/e"))" \
	'[ "$rc" = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q "^cfx: bench: the temporary directory is full: cannot write k.c ($t)$" "$tmp/e"'

# room enough: it works; a compiler that fails otherwise is not the disk's
in_tiny 64m 0 ./cfx bench $P --runs 3
expect "64 MiB tmpfs: room ($(cat "$tmp/room")), bench runs (status $rc)" \
	'[ "$(cat "$tmp/room")" = yes ] && [ "$rc" = 0 ] && grep -q multiply "$tmp/o"'
in_tiny 64m 0 env CC=false ./cfx bench $P --runs 3
expect "CC=false with room: the compiler failed, the disk not blamed ($(cat "$tmp/e"))" \
	'[ "$rc" = 2 ] && grep -q "the compiler failed (exit status 1)" "$tmp/e" && ! grep -q full "$tmp/e"'
done_suite harden/tmpfull
