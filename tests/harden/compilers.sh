#!/bin/bash
# The compiler and the programs it builds (issue 22, findings 2 and 5;
# issue 21, item 4).  bench and verify's compiled check run $CC without a
# shell, in a private directory under $TMPDIR, under a time limit
# (CFX_TEST_TIME_LIMIT shortens it here), with SIGCHLD at its default.
# bench names a compiler that fails, hangs or makes no C symbols (CC=g++
# was SIGSEGV); verify's check that cannot run is INFO with the reason
# and the evaluator's check stands in (it was FAIL, or hung); only the
# emitted function's own compile error or a wrong product is FAIL.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export TMPDIR=$tmp/t
mkdir -p "$TMPDIR"
P=0x61C88647
# the shift/add row of verify's JSON: "STATUS: detail"
shiftadd() {
	python3 -c 'import json,sys
d = json.load(sys.stdin)
print(d["verdict"], [c["status"] + ": " + c["detail"] for c in d["checks"] if c["name"] == "shift/add"][0])'
}
verify() { timeout 120 ./cfx verify $P --json 2>"$tmp/err" | shiftadd >"$tmp/v"; }
bench() { timeout 120 ./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; }
no_tmp() { [ -z "$(ls -A "$TMPDIR")" ]; }

# a wrapper compiler: waits for ever
printf '#!/bin/sh\nsleep 4321\n' >"$tmp/slowcc"
# one that refuses the emitted function alone, and one that builds a
# wrong one in its place (x * p, but wrong from 5 to 8: of the inputs the
# harness tries, 7 = 2^3 - 1 and 8 = 2^3)
cat >"$tmp/badcc" <<'SH'
#!/bin/sh
for a; do case $a in */mul.c) echo "$a:3:9: error: planted by the test" >&2; exit 1;; esac; done
exec gcc "$@"
SH
cat >"$tmp/wrongcc" <<SH
#!/bin/sh
n=0
for a; do case \$a in */mul.c)
	printf '#include <stdint.h>\nuint32_t cfx_mul_shift_add(uint32_t x);\nuint32_t cfx_mul_shift_add(uint32_t x) { return x * 0x61c88647u + (x >= 5 && x < 9); }\n' >"\${a%mul.c}wrong.c"
	set -- "\$@" "\${a%mul.c}wrong.c"; n=1
	;; *) set -- "\$@" "\$a";; esac; shift; done
exec gcc "\$@"
SH
chmod +x "$tmp/slowcc" "$tmp/badcc" "$tmp/wrongcc"

CC=g++ bench; rc=$?
expect "CC=g++ bench: status 2, not a crash (got $rc)" '[ $rc = 2 ]'
expect "CC=g++ bench: the missing function named ($(head -1 "$tmp/err"))" \
	'grep -q "has no function cfx_bench_0" "$tmp/err"'
CC=g++ verify
expect "CC=g++ verify: PASS, shift/add INFO ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: the compiled check cannot run: the test harness alone does not compile" "$tmp/v"'

CC=false bench; rc=$?
expect "CC=false bench: status 2 (got $rc)" '[ $rc = 2 ]'
expect "CC=false bench: said ($(cat "$tmp/err"))" \
	'[ "$(cat "$tmp/err")" = "cfx: bench: the compiler failed (exit status 1) (false)" ]'
CC=false verify
expect "CC=false verify: PASS, INFO ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: the compiled check cannot run: .*exit status 1.*evaluator agrees on 2^20 inputs" "$tmp/v"'

# a directory passes access(X_OK): as on PATH, it is no compiler (it was
# "the compiler failed (cannot run: Permission denied)")
CC=$tmp bench; rc=$?
expect "CC=a directory bench: status 2, no compiler ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "cfx: bench: no C compiler found; install gcc or set CC ($tmp)" ]'
CC=$tmp verify
expect "CC=a directory verify: INFO, no compiler ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: the compiled check cannot run: no C compiler found ($tmp)" "$tmp/v"'

# a linker that fails: its own line is named, not the driver's summary
# after it ("collect2: error: ld returned 1 exit status" said "error"
# first, and `ulimit -n 12` named it instead of ld's "Too many open files")
cat >"$tmp/linkcc" <<'SH'
#!/bin/sh
echo "/usr/bin/ld: cannot open output file k.so: Too many open files" >&2
echo "collect2: error: ld returned 1 exit status" >&2
exit 1
SH
chmod +x "$tmp/linkcc"
CC=$tmp/linkcc bench; rc=$?
expect "a failing linker, bench: ld's own line named ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && grep -q "ld: cannot open output file k.so: Too many open files" "$tmp/err" && ! grep -q collect2 "$tmp/err"'
( ulimit -n 12; bench ); rc=$?
expect "ulimit -n 12 bench: status 2, no collect2 summary ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && ! grep -q "collect2: error: ld returned" "$tmp/err"'

# a compiler that makes directories of its own, three and 41 levels deep,
# in cfx's temporary directory: all removed (the tree went one level
# deep, then 16: issue 22)
cat >"$tmp/dircc" <<'SH'
#!/bin/sh
for a; do case $a in *.c) d=$(dirname "$a"); mkdir -p "$d/x/y/z" && touch "$d/x/f" "$d/x/y/z/g"
	deep=$d/d; for i in $(seq 40); do deep=$deep/l; done; mkdir -p "$deep" && touch "$deep/h";; esac; done
exec gcc "$@"
SH
chmod +x "$tmp/dircc"
CC=$tmp/dircc bench; rc=$?
expect "a compiler that makes directories, bench: status 0, nothing left ($rc; $(ls -A "$TMPDIR"))" \
	'[ $rc = 0 ] && no_tmp'
CC=$tmp/dircc verify
expect "a compiler that makes directories, verify: compiled, nothing left ($(cat "$tmp/v"); $(ls -A "$TMPDIR"))" \
	'grep -q "^PASS PASS: " "$tmp/v" && no_tmp'

# a quote left open in $CC: refused as a shell refuses it (the open word
# went to the compiler, and ld's "returned 1 exit status" was the reason)
CC='gcc "-O2' bench; rc=$?
expect "CC with an open quote, bench: status 2, said ($(cat "$tmp/err"))" \
	'[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "cfx: bench: \$CC leaves a quote open (gcc \"-O2)" ]'
CC='gcc "-O2' verify
expect "CC with an open quote, verify: INFO, said ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: the compiled check cannot run: \$CC leaves a quote open (gcc \"-O2)" "$tmp/v"'

CFX_TEST_TIME_LIMIT=1 CC=$tmp/slowcc bench; rc=$?
expect "a compiler that hangs, bench: status 2 (got $rc)" '[ $rc = 2 ]'
expect "a compiler that hangs, bench: said ($(cat "$tmp/err"))" \
	'grep -q "the compiler failed (did nothing for 1 s)" "$tmp/err"'
CFX_TEST_TIME_LIMIT=1 CC=$tmp/slowcc verify
expect "a compiler that hangs, verify: INFO ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: .*did nothing for 1 s" "$tmp/v"'
sleep 0.5
expect "its sleep killed with it" '! pgrep -f "^sleep 4321" >/dev/null'

CC="gcc -m64" bench; rc=$?
expect "CC='gcc -m64' bench: status 0 (got $rc)" '[ $rc = 0 ]'
CC="gcc -m64" verify
expect "CC='gcc -m64' verify: compiled ($(cat "$tmp/v"))" \
	'grep -q "^PASS PASS: .*compiled with -O2 -Wall -Wextra -Werror" "$tmp/v"'
CC="'gcc' -DX='a b'" verify
expect "CC with quoted words verify: compiled ($(cat "$tmp/v"))" \
	'grep -q "^PASS PASS: .*compiled with" "$tmp/v"'

TMPDIR=/proc bench; rc=$?
expect "TMPDIR=/proc bench: status 2 (got $rc)" '[ $rc = 2 ]'
expect "TMPDIR=/proc bench: said ($(cat "$tmp/err"))" \
	'grep -q "cannot make a temporary directory in \$TMPDIR: .* (/proc)" "$tmp/err"'
TMPDIR=/proc verify
expect "TMPDIR=/proc verify: INFO ($(cat "$tmp/v"))" \
	'grep -q "^PASS INFO: the compiled check cannot run: cannot make a temporary directory" "$tmp/v"'

# a relative TMPDIR is not used (man cfx: an absolute path, else /tmp)
mkdir -p "$tmp/cwd/rel"
(cd "$tmp/cwd" && TMPDIR=rel timeout 120 "$root/cfx" bench $P --runs 3 >/dev/null 2>"$tmp/err"); rc=$?
expect "TMPDIR=rel bench: status 0, nothing made in ./rel (got $rc, $(ls "$tmp/cwd/rel"))" \
	'[ $rc = 0 ] && [ -z "$(ls -A "$tmp/cwd/rel")" ]'

( ulimit -n 8; verify )
expect "ulimit -n 8 verify: not a FAIL ($(cat "$tmp/v"))" \
	'grep -Eq "^PASS (INFO|PASS): " "$tmp/v"'

# SIGCHLD ignored by the parent (inherited through exec)
ign() { python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"; }
ign ./cfx verify $P --json 2>"$tmp/err" | shiftadd >"$tmp/v"
expect "SIGCHLD ignored, verify: compiled ($(cat "$tmp/v"))" \
	'grep -q "^PASS PASS: .*compiled with -O2" "$tmp/v"'
ign ./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "SIGCHLD ignored, bench: status 0 (got $rc)" '[ $rc = 0 ]'

# /tmp mounted noexec: a private mount namespace where the machine allows
if unshare -m true 2>/dev/null; then
	mkdir -p "$tmp/nx"
	unshare -m sh -c "mount -t tmpfs -o noexec tmpfs '$tmp/nx' &&
		TMPDIR='$tmp/nx' ./cfx verify $P --json 2>'$tmp/err'" | shiftadd >"$tmp/v"
	expect "noexec TMPDIR, verify: INFO, does not run ($(cat "$tmp/v"))" \
		'grep -q "^PASS INFO: the compiled check cannot run: the test harness alone does not run (cannot run: Permission denied)" "$tmp/v"'
	unshare -m sh -c "mount -t tmpfs -o noexec tmpfs '$tmp/nx' &&
		TMPDIR='$tmp/nx' ./cfx bench $P --runs 3 >/dev/null 2>'$tmp/err'"; rc=$?
	expect "noexec TMPDIR, bench: status 2, named ($(cat "$tmp/err"))" \
		'[ $rc = 2 ] && grep -q "cannot load the compiled object" "$tmp/err"'
else
	echo "skip noexec: unshare -m is not permitted here (needs CAP_SYS_ADMIN)"
fi

# the emitted function's own failures are FAILs, named
CC=$tmp/badcc verify
expect "emitted C that does not compile: FAIL, first error line ($(cat "$tmp/v"))" \
	'grep -q "^FAIL FAIL: .*the emitted C does not compile with -Werror: .*mul.c:3:9: error: planted by the test" "$tmp/v"'
CC=$tmp/wrongcc verify
expect "a wrong product: FAIL, the smallest input that differs ($(cat "$tmp/v"))" \
	'grep -q "^FAIL FAIL: .*compiled code disagrees with x \* p on 2 of 1048772 inputs, the smallest 0x7" "$tmp/v"'

# how many times the compiler runs: once when the emitted function
# builds, runs and agrees (the harness alone is built only to tell the
# environment from the constant when something failed: it was built every
# time, a second compile of every verify); twice for a FAIL
printf '#!/bin/sh\necho "$*" >>"%s"\nexec gcc "$@"\n' "$tmp/calls" >"$tmp/countcc"
printf '#!/bin/sh\necho "$*" >>"%s"\nexec "%s" "$@"\n' "$tmp/calls" "$tmp/badcc" >"$tmp/countbad"
chmod +x "$tmp/countcc" "$tmp/countbad"
: >"$tmp/calls"; CC=$tmp/countcc verify
expect "a PASS compiles once ($(wc -l <"$tmp/calls") calls; $(cat "$tmp/v"))" \
	'[ "$(wc -l <"$tmp/calls")" = 1 ] && grep -q "mul.c" "$tmp/calls" && grep -q "^PASS PASS: .*compiled with" "$tmp/v"'
: >"$tmp/calls"; CC=$tmp/countbad verify
expect "a FAIL compiles twice, the harness alone second ($(wc -l <"$tmp/calls") calls; $(cat "$tmp/v"))" \
	'[ "$(wc -l <"$tmp/calls")" = 2 ] && sed -n 2p "$tmp/calls" | grep -q "ref.c" && grep -q "^FAIL FAIL: .*does not compile" "$tmp/v"'

expect "nothing left in TMPDIR ($(ls "$TMPDIR"))" no_tmp
done_suite harden/compilers
