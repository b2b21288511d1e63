#!/bin/bash
# Ctrl-C during `cfx review` of a large patch (issue 22's trials): the
# evaluator stops at Ctrl-C, and each constant it stopped on read as no
# multiplier, so the review printed "no multipliers found / total: 0
# errors" and exited 0: a clean result for a patch that changes
# GOLDEN_RATIO_PRIME_32 to 0x9e370001 (2^31 + 2^29 - 2^25 + 2^22 - 2^19 -
# 2^16 + 1, which python checks: a multiplier review flags, an ERROR since the stride
# screen fails it at page-sized strides, a WARNING before).
# Now: "review: interrupted", status 130, nothing on stdout, whenever the
# SIGINT lands.  The patch (python) is ~30 MB of filler before the change, so
# the review runs for seconds; SIGINT is sent at several times.  A run
# that prints a report (it ended before its SIGINT, or the SIGINT landed
# as it left) must print the whole one: the change judged, status 1.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$(dirname "$0")/lib.sh"
python3 - "$tmp/fail.patch" <<'PY' || exit 2
import sys
p = 2**31 + 2**29 - 2**25 + 2**22 - 2**19 - 2**16 + 1
assert p == 0x9e370001
n = 400000
out = ["diff --git a/big.txt b/big.txt", "--- a/big.txt", "+++ b/big.txt",
       "@@ -0,0 +1,%d @@" % n]
out += ["+line %d of filler text abcdefghijklmnopqrstuvwxyz0123456789abcdef" % i
        for i in range(n)]
out += ["diff --git a/include/linux/hash.h b/include/linux/hash.h",
        "--- a/include/linux/hash.h", "+++ b/include/linux/hash.h",
        "@@ -1,3 +1,3 @@", " /* hash */",
        "-#define GOLDEN_RATIO_PRIME_32 0x9e370001UL",
        "+#define GOLDEN_RATIO_PRIME_32 %#xUL" % p, " #define X 1"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
stopped() {   # NAME SECONDS PID: SIGINT after SECONDS; sets rc and sent
	sleep "$2"
	if kill -INT "$3" 2>/dev/null; then sent=1; else sent=0; fi
	end_within "$3" 60
	wait "$3"; rc=$?
}
check() {     # NAME WANT_ERR: the outcome of the last run
	want=$2
	if grep -q 'total:' "$tmp/out"; then
		# a report: whole and right, whether it ended before the SIGINT
		# or the SIGINT landed while it was leaving (a race the test
		# cannot close); the fault is a report of the interrupted work:
		# "no multipliers found", status 0
		expect "$1: a report is the whole one: status 1 and the change judged (sent $sent, got $rc: $(tail -n 2 "$tmp/out"))" \
			'[ $rc = 1 ] && grep -qE ": (ERROR|WARNING): 0x0*9e370001" "$tmp/out"'
	elif [ $sent = 1 ]; then
		expect "$1: status 130 (got $rc)" '[ $rc = 130 ]'
		expect "  nothing on stdout ($(head -c 200 "$tmp/out"))" '[ ! -s "$tmp/out" ]'
		expect "  one line: $2 ($(cat "$tmp/err"))" \
			'[ "$(cat "$tmp/err")" = "$want" ]'
	else
		expect "$1: ended before SIGINT without a report ($rc: $(cat "$tmp/err"))" false
	fi
}
for t in 0.2 0.6 1.2 2 3; do
	./cfx review "$tmp/fail.patch" >"$tmp/out" 2>"$tmp/err" &
	stopped "review FILE" $t $!
	check "review FILE, SIGINT at $t s" "cfx: review: interrupted"
done
for t in 0.5 1.5; do
	./cfx review - <"$tmp/fail.patch" >"$tmp/out" 2>"$tmp/err" &
	stopped "review -" $t $!
	check "review - (stdin), SIGINT at $t s" "cfx: review: interrupted"
done
# a script: the report is not printed, the next line does not run
printf 'review %s\ncf 5/3\n' "$tmp/fail.patch" >"$tmp/s.cfx"
for t in 0.5 1.5; do
	./cfx -f "$tmp/s.cfx" >"$tmp/out" 2>"$tmp/err" &
	stopped "script" $t $!
	check "-f script, SIGINT at $t s" "cfx: $tmp/s.cfx:1: review: interrupted"
done
done_suite harden/review_int
