# tests/harden/lib_dash.sh - what the dashboard signal suites share
# (sourced, not run): the tmux helpers (dash/lib.bash) and slow_cc/gone
# (lib.sh); expect NAME CMD counting pass/fail; T, an empty directory for
# TMPDIR; slowcc_n N: $TM_DIR/slowcc, a compiler that sleeps N seconds;
# cfx_pid, the pane's cfx; modes_back, true when the pane's terminal is
# back in canonical mode with echo, as the shell left it.
. "$(dirname "${BASH_SOURCE[0]}")/../dash/lib.bash"
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root" || exit 2
pass=0 fail=0
expect() { if eval "$2"; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
T=$TM_DIR/t
mkdir -p "$T"
cfx_pid() { pgrep -P "$(tm display -p -t t '#{pane_pid}')" -x cfx; }
modes_back() {
	stty -F "$(tm display -p -t t '#{pane_tty}')" -a | grep -Eq '(^| )icanon( |$)' &&
	stty -F "$(tm display -p -t t '#{pane_tty}')" -a | grep -Eq '(^| )echo( |$)'
}
