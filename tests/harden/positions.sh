#!/bin/bash
# One form for a place in a file (issue 22): every reader names a bad
# line as compilers and GNU tools do, "PATH:N: ..." (a key file, a stats
# sample, a patch, a script, a lesson), and so does stats' outlier
# warning; key files and samples said "PATH, line N:" where scripts and
# lessons said "PATH:N:".  The bad line is put at a random place here,
# and stats' outliers are found by Python (0.6745 |x - median| / MAD >
# 3.5, the man page's rule), so N is known without cfx.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/state
py=python3

# place WHAT PATH N CMD...: the error of CMD names PATH:N first
place() {
	local what=$1 path=$2 n=$3; shift 3
	"$@" >/dev/null 2>"$tmp/err"; rc=$?
	expect "$what: status 2 (got $rc)" '[ $rc = 2 ]'
	expect "$what: names $path:$n: ($(head -c 200 "$tmp/err"))" \
		'grep -qF -- "$path:$n: " "$tmp/err" && ! grep -q ", line [0-9]" "$tmp/err"'
}

for n in 1 2 $((RANDOM % 40 + 3)); do
	# a key file: n - 1 good keys, then a bad one
	: >"$tmp/keys"
	for ((i = 1; i < n; i++)); do echo $((i * 7)) >>"$tmp/keys"; done
	echo 12zz >>"$tmp/keys"; echo 5 >>"$tmp/keys"
	place "key file, line $n" "$tmp/keys" "$n" \
		./cfx score -k "file:$tmp/keys" 0x61C88647
	# a stats sample
	: >"$tmp/s"
	for ((i = 1; i < n; i++)); do echo "$i.5" >>"$tmp/s"; done
	echo 3x >>"$tmp/s"; echo 4 >>"$tmp/s"
	place "stats sample, line $n" "$tmp/s" "$n" ./cfx stats "$tmp/s" "$tmp/s"
	# a patch with a NUL byte
	: >"$tmp/p.patch"
	for ((i = 1; i < n; i++)); do echo "+int a$i;" >>"$tmp/p.patch"; done
	printf 'x\0y\n' >>"$tmp/p.patch"
	place "patch, line $n" "$tmp/p.patch" "$n" ./cfx review "$tmp/p.patch"
	# a script
	: >"$tmp/script"
	for ((i = 1; i < n; i++)); do echo "naf $i" >>"$tmp/script"; done
	echo "naf zork" >>"$tmp/script"
	place "script, line $n" "$tmp/script" "$n" ./cfx -f "$tmp/script"
done

# a lesson: an unknown directive on a line Python finds
cp tests/lessons/fixtures/01-mini.lesson "$tmp/01-x.lesson"
echo "zork: y" >>"$tmp/01-x.lesson"
n=$(wc -l <"$tmp/01-x.lesson")
place "lesson, line $n" "$tmp/01-x.lesson" "$n" ./cfx learn --check "$tmp/01-x.lesson"

# stats' outlier warning: each outlier's line, by Python
$py - "$tmp/o" <<'PY'
import random, sys
random.seed(7)
v = [round(random.gauss(100, 1), 3) for _ in range(40)]
for k in random.sample(range(40), 3):
    v[k] = 100 + random.choice([-1, 1]) * random.uniform(30, 60)
open(sys.argv[1], "w").write("".join("%.8g\n" % x for x in v))
PY
want=$($py - "$tmp/o" <<'PY'
import statistics, sys
v = [float(l) for l in open(sys.argv[1])]
med = statistics.median(v)
mad = statistics.median(abs(x - med) for x in v)
for i, x in enumerate(v, 1):
    if 0.6745 * abs(x - med) / mad > 3.5:
        print(i)
PY
)
./cfx stats "$tmp/o" "$tmp/o" >/dev/null 2>"$tmp/err"
got=$(sed -n "s|^.*$tmp/o:\([0-9]*\): .* is an outlier.*|\1|p" "$tmp/err" | sort -nu)
expect "outliers: $(grep -c . <<<"$want") lines, Python's ($(echo $want))" \
	'[ "$(grep -c . <<<"$want")" -ge 3 ]'
expect "outlier warnings name PATH:N: at Python's lines (got: $(echo $got))" \
	'[ "$(sort -nu <<<"$want")" = "$got" ] && ! grep -q ", line [0-9]" "$tmp/err"'
done_suite harden/positions
