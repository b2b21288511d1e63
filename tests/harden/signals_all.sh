#!/bin/bash
# Every signal that ends a process by default (issue 22, a non-author
# trial).  Before, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGABRT, SIGSYS,
# SIGTRAP and SIGSTKFLT (and SIGXCPU and the real-time signals) ended cfx
# without its cleanup: /tmp/cfx-verify-* and /tmp/cfx-jit-* stayed and the
# compiler's process group went on running.  Now each is handled as SIGTERM
# is (src/sys/proc.c's table): the directory removed, the compiler killed,
# status 128 + signal.  A fault sent by another process (SIGSEGV, SIGBUS)
# gets the same cleanup and still ends cfx by the signal itself.  The
# expected status is the shell's own numbering (kill -l), not cfx's.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
# a SANITIZE=1 build: AddressSanitizer takes SIGSEGV and SIGBUS for its
# own report (status 1) unless told not to; cfx's handling is what is tested
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0:handle_sigbus=0
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
. "$(dirname "$0")/lib.sh"
slow_cc "$tmp/slowcc" 4329
# wait (at most 20 s) until the slow compiler runs, so the signal comes
# while the temporary directory exists
started() {
	local i
	for i in $(seq 200); do
		pgrep -f "^sleep 4329" >/dev/null && ls "$TMPDIR" | grep -q cfx- && return 0
		sleep 0.1
	done
	return 1
}
sigs="VTALRM PROF IO PWR ABRT SYS TRAP XCPU RTMIN RTMIN+3 RTMAX SEGV BUS"
kill -l STKFLT >/dev/null 2>&1 && sigs="$sigs STKFLT"
for sig in $sigs; do
	for cmd in "verify 0x61C88647" "bench 0x61C88647 --runs 3"; do
		name="${cmd%% *} SIG$sig"
		CC=$tmp/slowcc ./cfx $cmd >"$tmp/out" 2>"$tmp/err" &
		pid=$!
		( sleep 60; kill -9 $pid ) 2>/dev/null &   # a hang fails, not waits
		dog=$!
		started; up=$?
		kill -s $sig $pid
		wait $pid; rc=$?
		kill $dog 2>/dev/null
		want=$((128 + $(kill -l $sig)))
		expect "$name: the compiler was running" '[ $up = 0 ]'
		expect "$name: status $want (got $rc)" '[ $rc = $want ]'
		expect "$name: no temporary directory left ($(ls "$TMPDIR"))" '[ -z "$(ls -A "$TMPDIR")" ]'
		expect "$name: the compiler killed" 'gone 4329'
		rm -rf "${TMPDIR:?}"/*
	done
done
done_suite harden/signals_all
