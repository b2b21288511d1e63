# tests/harden/lib.sh - what the hardening suites share (sourced, not run).
# slow_cc FILE N: a compiler that sleeps N seconds (N unique to a suite,
# so that `gone N` sees only its own); gone N: true once no `sleep N` is
# left (the compiler's process group was sent SIGKILL), within 2 s.
slow_cc() {
	printf '#!/bin/sh\nsleep %s\n' "$2" >"$1"
	chmod +x "$1"
}
gone() {
	local i
	for i in $(seq 20); do
		pgrep -f "^sleep $1" >/dev/null || return 0
		sleep 0.1
	done
	return 1
}
# fifo_waits PID PATH: true once process PID holds PATH open and sleeps
# (state S in /proc/PID/stat): cfx opens a named pipe without waiting, so
# from then on a sleep is the wait for a writer or for data, after its
# SIGINT handler is set (it is set before the command runs).  Polled every
# 0.1 s, up to 120 s; false if PID ended or never got there.  No fixed
# sleep: under load the start alone can take seconds.
fifo_waits() {
	local i=0 st
	while [ $i -lt 1200 ]; do
		st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null)
		case ${st%% *} in ''|Z) return 1 ;; esac
		if [ "${st%% *}" = S ] &&
		   ls -l "/proc/$1/fd" 2>/dev/null | grep -q -- "-> $2\$"; then
			return 0
		fi
		sleep 0.1; i=$((i + 1))
	done
	return 1
}
# ended PID: PID has ended.  end_within PID N: wait up to N seconds (polled) for PID, a child of
# this shell, to end (a zombie until reaped); SIGKILL if it has not
ended() {
	local st
	st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null)
	case ${st%% *} in ''|Z) return 0 ;; esac
	return 1
}
end_within() {
	local i
	for i in $(seq $(($2 * 10))); do ended $1 && return; sleep 0.1; done
	kill -KILL $1 2>/dev/null
}
