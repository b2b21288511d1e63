#!/bin/bash
# cfx review on bad input: each is one line on stderr naming the bad token,
# nothing on stdout, exit 2; and inputs built to make the reader do work
# that grows faster than the input (many files, many defines, many
# multipliers, endless tokens) end within a bound, their counts computed
# here.  Each case runs under `bounded`: 60 s of processor time (each
# takes about a second, 7 s under SANITIZE=1; the quadratic reader took
# from minutes to hours of it) and, against a hang that uses none, 600 s
# of wall time: a loaded CI machine (38 s wall for 7 s CPU at load 24)
# stretches the wall time, never the processor time.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=$(pwd)/cfx

# bounded CMD...: CMD under 60 s of processor time (RLIMIT_CPU, inherited
# by its children: SIGXCPU past it) and 600 s of wall time
bounded() { ( ulimit -t 60 && exec timeout 600 "$@" ); }

# exits STATUS NAME TOKEN CMD...: exit STATUS, no stdout, one stderr
# line ending in "(TOKEN)"
exits() {
	local want=$1 name=$2 token=$3 rc
	shift 3
	bounded "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
	expect "$name: exit $want, one line naming ($token), nothing on stdout" \
		'[ $rc = $want ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
		 grep -qF "($token)" "$tmp/err" && grep -q "^cfx: review: " "$tmp/err"'
}
# one_line NAME TOKEN CMD...: refused, exit 2
one_line() { exits 2 "$@"; }

# an empty input (git diff of a clean tree) is nothing to review: exit 0,
# nothing on stdout, one line on stderr saying so and naming it
nothing() {
	local what=$1 tok=$2
	exits 0 "$@"
	expect "$what: says there is nothing to review" \
		'grep -qF "nothing to review: the input is empty ($tok)" "$tmp/err"'
}
: > "$tmp/empty"
nothing "an empty file" "$tmp/empty" $cfx review "$tmp/empty"
nothing "an empty standard input" "<stdin>" sh -c "$cfx review - < /dev/null"
one_line "/dev/zero" /dev/zero $cfx review /dev/zero
# a bad line names the input and the line, its token by the rule of a
# bad line of any file (harden/bad_line_secrets.sh): a NUL byte is \x00,
# a long line its first 16 bytes and "..."
one_line "/dev/zero on standard input" '\x00' sh -c "$cfx review - < /dev/zero"
expect "/dev/zero on standard input: names <stdin>, line 1" 'grep -qF "<stdin>:1: a NUL byte in the line" "$tmp/err"'
mkdir "$tmp/dir"
one_line "a directory" "$tmp/dir" $cfx review "$tmp/dir"
one_line "a nonexistent file" "$tmp/none" $cfx review "$tmp/none"
mkfifo "$tmp/fifo"
# the writer gives up after 10 s, should cfx never open the FIFO
timeout 10 sh -c "printf 'hello\n' > '$tmp/fifo'" &
one_line "a FIFO of prose" "$tmp/fifo" $cfx review "$tmp/fifo"
wait
head -c 65536 /dev/urandom > "$tmp/garbage"; printf '\0' >> "$tmp/garbage"
one_line "binary garbage" '\x00' $cfx review "$tmp/garbage"
expect "binary garbage: names the file and a line" 'grep -qE "^cfx: review: $tmp/garbage:[0-9]+: a NUL byte in the line" "$tmp/err"'
printf '\r\n\r\n\r\n' > "$tmp/crlf"
nothing "CRLF only" "$tmp/crlf" $cfx review "$tmp/crlf"
printf 'Hello.\r\n\r\nNo patch here.\r\n' > "$tmp/prose"
one_line "prose, CRLF" "$tmp/prose" $cfx review "$tmp/prose"
python3 -c "print('a' * 10 * 2**20)" > "$tmp/longline"
one_line "a line of 10 MB" "aaaaaaaaaaaaaaaa..." $cfx review "$tmp/longline"
expect "a line of 10 MB: names the file, line 1" 'grep -qF "$tmp/longline:1: the line is longer than 65536 bytes" "$tmp/err"'
# a good input (a multiplier: findings), then a bad one: the bad one is
# one line naming it, the good one still reviewed, exit 2 (issue 23
# point 7; review/bad_files.sh has more)
printf '#define HASH_MULT 0x9e3779b9U\n' > "$tmp/good.patch"
# beside NAME TOKEN CMD...: exit 2, one stderr line ending in "(TOKEN)",
# the good patch's review on stdout
beside() {
	local name=$1 token=$2 rc
	shift 2
	bounded "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
	expect "$name: exit 2, one line naming ($token), the good one still reviewed" \
		'[ $rc = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
		 grep -qF "($token)" "$tmp/err" && grep -q "HASH_MULT" "$tmp/out" &&
		 grep -q "^total: " "$tmp/out"'
}
beside "a good patch, then a nonexistent file" "$tmp/none" \
	$cfx review "$tmp/good.patch" "$tmp/none"
beside "a good patch, then /dev/zero" /dev/zero \
	$cfx review "$tmp/good.patch" /dev/zero
beside "a good patch, then prose" "$tmp/prose" \
	$cfx review "$tmp/good.patch" "$tmp/prose"

# standard input without end: refused at 2^22 lines (short lines) or
# at 128 MiB (lines of 100 bytes), not read until memory runs out
one_line "endless short lines on standard input" "<stdin>" \
	sh -c "yes 'x = y;' | $cfx review -"
expect "endless short lines: the line bound" 'grep -q "more than 2^22 lines" "$tmp/err"'
long=$(python3 -c "print('x = ' + 'y' * 95 + ';')")
one_line "endless long lines on standard input" "<stdin>" \
	sh -c "yes '$long' | $cfx review -"
expect "endless long lines: the size bound" 'grep -q "larger than 128 MiB" "$tmp/err"'

# the inputs together: at most 256 MiB (each at most 128 MiB).  Files of
# 100 MiB (sparse: nothing is written or read): python finds the one
# whose running total crosses 256 MiB; cfx names that one, reads nothing
sizes="1 100 100 100"
cross=$(python3 -c "
import itertools, sys
s = [int(x) << 20 for x in '$sizes'.split()]
print(next(i for i, t in enumerate(itertools.accumulate(s)) if t > 256 << 20))")
files=()
for k in $sizes; do
	f="$tmp/big${#files[@]}.patch"
	if [ "$k" = 1 ]; then cp lessons/2002.patch "$f"; else truncate -s ${k}M "$f"; fi
	files+=("$f")
done
one_line "inputs of 1 + 3 x 100 MiB together: the one crossing 256 MiB (python: #$cross)" \
	"${files[$cross]}" $cfx review "${files[@]}"
expect "inputs together: the error says so" \
	'grep -q "the inputs together are larger than 256 MiB, crossed by this one" "$tmp/err"'
bounded $cfx review "${files[@]:0:3}" > "$tmp/out" 2> "$tmp/err"; rc=$?
expect "inputs of 1 + 2 x 100 MiB: within the total, the NUL bytes refused: a line for each, the patch reviewed, exit 2" \
	'[ $rc = 2 ] && [ "$(wc -l < "$tmp/err")" = 2 ] &&
	 grep -qF "${files[1]}:" "$tmp/err" && grep -qF "${files[2]}:" "$tmp/err" &&
	 grep -q "^total: " "$tmp/out"'
expect "inputs within the total: no total error" '! grep -q "together" "$tmp/err"'
rm -f "${files[@]}"

# the 256 MiB total crossed on standard input: two inputs of 120 MiB (pipes,
# not counted before reading: each a long mail body of prose and a small
# diff) and standard input after them; python: the total crosses 256 MiB
# inside the third, standard input
gen() { yes "$(printf 'a%.0s' $(seq 60000))" | head -c "$1"; printf '\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1,1 +1,1 @@\n-int a;\n+int b;\n'; }
cross=$(python3 -c "
import itertools
s = [120 << 20, 120 << 20, 40 << 20]
print(next(i for i, t in enumerate(itertools.accumulate(s)) if t > 256 << 20))")
gen 40M | timeout 600 $cfx review <(gen 120M) <(gen 120M) - > "$tmp/out" 2> "$tmp/err"; rc=$?
expect "standard input crossing 256 MiB (python: input #$cross, stdin): exit 2, one line naming the cap and <stdin>" \
	'[ "$cross" = 2 ] && [ $rc = 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	 [ "$(cat "$tmp/err")" = "cfx: review: the inputs together are larger than 256 MiB, crossed by this one (review fewer files at a time) (<stdin>)" ]'
gen 10M | timeout 600 $cfx review <(gen 120M) <(gen 120M) - > "$tmp/out" 2> "$tmp/err"; rc=$?
expect "standard input within 256 MiB: reviewed (no multipliers), exit 0" \
	'[ $rc = 0 ] && [ ! -s "$tmp/err" ] && grep -q "no multipliers found" "$tmp/out"'

# exactly 2^22 tokens in one file ("a;" is two): reviewed; one more
# (the "b" at the end): refused, the file named
python3 -c "
import sys
sys.stdout.write(('a;' * 512 + '\n') * (2**22 // 1024))" > "$tmp/tokens.c"
bounded $cfx review "$tmp/tokens.c" > "$tmp/out" 2> "$tmp/err"; rc=$?
expect "2^22 C tokens: reviewed, exit 0, no multipliers" \
	'[ $rc = 0 ] && [ ! -s "$tmp/err" ] && tail -1 "$tmp/out" | grep -q "; 0 multipliers$"'
echo b >> "$tmp/tokens.c"
one_line "2^22 + 1 C tokens" "$tmp/tokens.c" $cfx review "$tmp/tokens.c"
expect "2^22 + 1 C tokens: says the bound" 'grep -qF "more than $((1 << 22)) C tokens" "$tmp/err"'

# 257 multiplier defines, distinct odd values: the 257th, the file's last
# token, is past the bound (refused before any goes through verify)
python3 -c "
for i in range(257): print('#define HASH_MULT%d 0x%x' % (i, 0x9e3779b1 + 2 * i))" > "$tmp/many.c"
tok=$(python3 -c "print('0x%x' % (0x9e3779b1 + 2 * 256))")
one_line "more than 256 multipliers: the 257th named" "$tok" $cfx review "$tmp/many.c"
expect "more than 256 multipliers: its place" \
	'grep -qF "$tmp/many.c:257 is past them" "$tmp/err"'

# valid but large: 200000 files of one line each (a pass over every line
# per file took hours), 300000 defines that are not multipliers, every
# other one naming one half as far in (a pass over the defines per define
# or per name took hours): reviewed within the bound
python3 -c "
for i in range(200000):
    print('diff --git a/f%d.c b/f%d.c\n--- a/f%d.c\n+++ b/f%d.c\n@@ -1,0 +1,1 @@\n+int x;' % (i, i, i, i))" > "$tmp/files.patch"
bounded $cfx review "$tmp/files.patch" > "$tmp/out"; rc=$?
expect "200000 files: exit 0, no multipliers" \
	'[ $rc = 0 ] && tail -1 "$tmp/out" | grep -q "; 0 multipliers$"'
python3 -c "
for i in range(300000):
    print('#define X%d X%d' % (i, i // 2 & ~1) if i % 2 else '#define X%d 0x%x' % (i, i))
print('#define HASH_BITS 10')
print('#define HASH_MULT X299999')
print('int h(int x) { return x * HASH_MULT >> (32 - HASH_BITS); }')" > "$tmp/defs.c"
bounded $cfx review "$tmp/defs.c" > "$tmp/out"; rc=$?
# HASH_MULT is X299999 = X149998 = 149998 (python: its 32-bit hex), its
# table HASH_BITS; reviewed (exit 0 or 1: 149998 is even, an ERROR); one
# constant, judged at the define at the end of the chain (trial6.sh)
expect "300000 defines: the last one found through two names, its table" \
	'{ [ $rc = 0 ] || [ $rc = 1 ]; } &&
	 grep -q "$(python3 -c "v = 299999 // 2 & ~1
print(\"X%d = 0x%08x\" % (v, v))"): 32-bit" "$tmp/out" &&
	 grep -q "HASH_MULT (line 300002)" "$tmp/out" &&
	 grep -q "a table of 2^10 from" "$tmp/out"'

# ---- options: the shared parser (src/cli/opts.c), its rules and words -----
p=lessons/2002.patch
one_line "a bundle of short options: the letter at fault named" "-zq" $cfx review -zq $p
expect "a bundle: the message is 'unknown option -z'" 'grep -q "^cfx: review: unknown option -z (-zq)$" "$tmp/err"'
one_line "a bundle after the file: the letter at fault named" "-jz" $cfx review $p -jz
# the letter at fault: the first of the bundle that review's --help does
# not list (-j is --json's since the short options of every command)
bad=$(for l in j z; do $cfx review --help | grep -q "^  -$l, " || { echo $l; break; }; done)
expect "-jz: the letter review's --help does not list (-$bad) named" \
	'[ -n "$bad" ] && grep -q "unknown option -$bad (-jz)$" "$tmp/err"'
bounded $cfx review --jsn $p > "$tmp/out" 2> "$tmp/err"; rc=$?
expect "--jsn: exit 2, one line, did you mean --json" \
	'[ $rc = 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	 grep -q "^cfx: review: unknown option (--jsn); did you mean --json?$" "$tmp/err"'
one_line "--format with no value" "--format" $cfx review $p --format
one_line "--format xml" "xml" $cfx review --format xml $p
expect "--format xml: says what it takes" 'grep -q "^cfx: review: --format takes checkpatch|gcc (xml)$" "$tmp/err"'
one_line "--emit=html" "html" $cfx review --emit=html $p
one_line "--json --emit reply (verify's message and token)" "--emit" $cfx review --json --emit reply $p
one_line "--json=1: a flag takes no value" "--json=1" $cfx review --json=1 $p
one_line "no file" "git diff | cfx review -" $cfx review --json
one_line "-- --json: a file named --json" "--json" $cfx review -- --json
$cfx review --format=gcc $p > "$tmp/gcc1"; $cfx review $p --form gcc > "$tmp/gcc2"
expect "--format=gcc and --form gcc after the file: the same gcc output" \
	'grep -q "^include/linux/mm_inline.h:[0-9]*:[0-9]*: error: " "$tmp/gcc1" && cmp -s "$tmp/gcc1" "$tmp/gcc2"'
$cfx review -- - < $p > "$tmp/dd"; rc=$?
$cfx review - < $p > "$tmp/d"
expect "-- -: standard input, as - is" \
	'[ $rc = 1 ] && grep -q "^include/linux/mm_inline.h:[0-9]*: ERROR: " "$tmp/dd" && cmp -s "$tmp/d" "$tmp/dd"'
$cfx review -h > "$tmp/h1"; rc=$?; $cfx review $p --help > "$tmp/h2"
expect "-h and --help after a file: the help, exit 0" \
	'[ $rc = 0 ] && grep -q "review" "$tmp/h1" && cmp -s "$tmp/h1" "$tmp/h2"'

done_suite badinput
