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
