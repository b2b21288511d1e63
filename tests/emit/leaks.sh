#!/bin/bash
# Memory check: error paths and a few normal commands under valgrind (or
# ASan, for a cfx built with SANITIZE=1).
# Fails on any memory error (invalid read/write, uninitialised use, bad
# free) and on any definitely lost block.  GMP/MPFR caches and other blocks
# still reachable at exit are not leaks and are ignored.
# Each command must also exit with its usual status (2 for bad input).
# usage: tests/emit/leaks.sh      (last line: "leaks: N passed, M failed")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0

[ -x "$root/cfx" ] || { echo "leaks: $root/cfx not built"; echo "leaks: 0 passed, 1 failed"; exit 1; }
cp "$root/cfx" "$work/cfx"      # immune to a rebuild running meanwhile
# A cfx built with AddressSanitizer (make check SANITIZE=1) cannot run
# under valgrind: the same cases then run under ASan and its LeakSanitizer
# (memory errors, and blocks no longer reachable at exit; reachable ones
# are not reported, as under valgrind), whatever ASAN_OPTIONS says.
asan=0
grep -qa __asan_init "$work/cfx" && asan=1
if [ $asan = 0 ] && ! command -v valgrind >/dev/null; then
	echo "leaks: valgrind not installed"
	echo "leaks: 0 passed, 1 failed"
	exit 1
fi
mkdir "$work/cwd"
printf '1\n2\n3\n4\n5\n6\nzz7\n8\n' >"$work/cwd/bad.txt"
printf '# keys\n1\n2\n0x10\n\n7 # seven\n1_000\n' >"$work/cwd/good.txt"
printf '10\n11\n12\n10.5\n30\n' >"$work/cwd/s1.txt"
printf '12\n13\n12.5\n14\n13.5\n12.2\n' >"$work/cwd/s2.txt"
# a REPL line of too many words (split() once leaked every word of it)
seq 200 | tr '\n' ' ' | sed 's/^/cf /' >"$work/cwd/words.txt"

# STATUS ARGS... (one case a line; ARGS split by the shell, so quote inside)
cases=$(cat <<'EOF'
2 naf 0x1g
2 naf '1/(2-2)'
2 naf 5 --bits 0
2 score 5 --bits 65
2 spectrum 5 --bits 8 --table-bits 9
2 sweep 5 --bits 8 --table-bits 9
2 naf 0
2 score -3
2 score 5 --keys file:/nonexistent
2 score 5 --keys file:bad.txt
2 score 5 --keys bogus
2 score 5 --keys stride:0
2 score 5 --count 2^40
2 sweep 5 --count 2^40
2 spectrum 5 --count 2^40
2 spectrum --bits 8 12 --count 65
2 naf 5 --bogus
2 naf 5 --bits
2 naf $(seq 65)
2 shifts 5 --emit rust
2 frobnicate 5
2 cf 'sqrt(-1)'
2 naf '2^70000'
0 naf --json 0x9e37fffffffc0001
0 shifts --emit c 0x9e370001
0 shifts '2^100 + 1'
0 spectrum 0x9e370001 --count 50 --list 5 --json
0 score --bits 16 40503 --keys random:7 --count 1000 --table-bits 6
0 score --bits 8 0x9f --keys file:good.txt --table-bits 2
0 sweep --bits 16 40503 --table-bits 6 --count 256
0 sweep --json --bits 8 0x9e
0 cf 0x9e370001
2 stats bad.txt
2 stats s1.txt /nonexistent
2 stats -c 97 s1.txt
0 stats s1.txt s2.txt
0 stats --json --ratio --resamples 200 --test mw s1.txt s2.txt
0 stats -s -w 40 --test welch s1.txt s2.txt s1.txt
2 bench 5 --runs 2
2 -f words.txt
0 bench 0x61C88647 --runs 3 --table-bits 4 --count 64 --against 0x9e370001
EOF
)

run_one() {   # N STATUS ARGS...: result into $work/res.N
	local n=$1 want=$2 got log=$work/vg.$1
	shift 2
	if [ $asan = 1 ]; then
		( cd "$work/cwd" && ASAN_OPTIONS=detect_leaks=1:exitcode=99 \
			LSAN_OPTIONS=exitcode=99 UBSAN_OPTIONS=exitcode=99 \
			"$work/cfx" "$@" >/dev/null 2>"$log" )
	else
		( cd "$work/cwd" && valgrind -q --leak-check=full --errors-for-leak-kinds=definite \
			--error-exitcode=99 "$work/cfx" "$@" >/dev/null 2>"$log" )
	fi
	got=$?
	if [ "$got" = "$want" ]; then
		echo ok >"$work/res.$n"
	else
		{
			echo "FAIL cfx $*: exit status $got, expected $want" \
			     "$([ "$got" = 99 ] && echo '(valgrind or ASan found errors)')"
			grep -v '^cfx: ' "$log" | head -40 | sed 's/^/    /'
		} >"$work/res.$n"
	fi
}

# valgrind starts slowly: run as many at once as there are processors
jobs=$(nproc 2>/dev/null || echo 2)
start=$SECONDS
n=0
while IFS= read -r line; do
	n=$((n + 1))
	eval "set -- $line"
	run_one "$n" "$@" &
	while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
done <<<"$cases"
wait
for i in $(seq "$n"); do
	if [ "$(cat "$work/res.$i" 2>/dev/null)" = ok ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		cat "$work/res.$i" 2>/dev/null || echo "FAIL case $i: no result"
	fi
done
echo "leaks: $((pass + fail)) commands under $([ $asan = 1 ] && echo ASan || echo valgrind) in $((SECONDS - start))s"
echo "leaks: $pass passed, $fail failed"
[ "$fail" = 0 ]
