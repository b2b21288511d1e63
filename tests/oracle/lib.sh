# tests/oracle/lib.sh - what every oracle script does first (sourced).
#   oracle_start NAME   cd to the repository root, check that ./cfx is
#                       built and gp is installed, make $tmp (removed at
#                       exit); sets name, here, root
#   oracle_gp           run the gp program on standard input, its output
#                       (the cases) into $tmp/cases; any gp error fails the
#                       script with a summary line
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

oracle_start() {
	name=$1
	cd "$root" || exit 2
	[ -x ./cfx ] || { echo "$name: ./cfx not built (make cfx)"; exit 2; }
	command -v gp >/dev/null || { echo "$name: PARI/GP (gp) not found"; exit 2; }
	tmp=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmp"' EXIT
}

oracle_gp() {
	local rc
	gp -q -f >"$tmp/cases" 2>"$tmp/gp.err"
	rc=$?
	if [ $rc -ne 0 ] || [ -s "$tmp/gp.err" ]; then
		echo "gp failed (status $rc):"; cat "$tmp/gp.err"
		echo "$name: 0 passed, 1 failed"; exit 1
	fi
}
