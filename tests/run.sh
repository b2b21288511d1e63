#!/bin/bash
# The whole test suite (make check): unit tests, golden CLI/REPL tests,
# oracle tests against PARI/GP and brute force, compiled-code tests and
# dashboard tests under tmux.  Ends with "N passed, N failed".
#
# The suite cannot shrink unseen: every suite present is run whatever its
# file mode (scripts through bash), the number run must equal the number
# present (a unit test that was not built is a failure), and a suite whose
# last line says it passed nothing ("0 passed", "Tested: 0") fails, and
# so does a script or golden file whose last line is not "N passed, N
# failed" (one that stopped early with status 0).
# Suites: build/tests/test_* from tests/unit/test_*.c, tests/cli/*.t, and
# tests/AREA/*.sh except tests/lib/ and helpers named lib*.sh.
#
# Suites run side by side, as many as there are processors (CHECK_JOBS=N
# to choose; 1 runs them one after another).  Those at a terminal (tmux or
# a pty: their waits are bounded in seconds) run one at a time in a lane
# of their own beside the N: they mostly wait for a screen, and a lane
# that took one of the N places left a processor idle for most of the
# run.  Results are printed in suite order.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
export NO_COLOR=1
jobs=${CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT

# python3 found once.  Where python3 is a version manager's shim (pyenv's
# is a shell script that runs about 35 processes before the interpreter:
# 0.3 s of processor time a call, more than the oracles' own, over
# thousands of calls), the suites get the interpreter it chose, by a link
# first in PATH: the same python, the same modules, without the shim.
if py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) &&
   [ -x "$py" ] && [ "$py" != "$(command -v python3)" ]; then
	mkdir "$res/bin" && ln -s "$py" "$res/bin/python3" && PATH=$res/bin:$PATH
fi

suites=()
for c in tests/unit/test_*.c; do
	[ -e "$c" ] && suites+=("unit:$c")
done
for f in tests/cli/*.t; do
	[ -e "$f" ] && suites+=("golden:$f")
done
for s in tests/*/*.sh; do
	case $s in tests/lib/*|*/lib*.sh) continue ;; esac
	suites+=("script:$s")
done

name_of() {   # the name a suite is reported by
	local kind=${1%%:*} f=${1#*:}
	case $kind in
	unit) echo "unit/$(basename "$f" .c)" ;;
	golden) echo "golden/$(basename "$f")" ;;
	script) echo "${f#tests/}" ;;
	esac
}

# CHECK_ONLY=REGEX (or tests/run.sh REGEX): only the suites whose name
# (as reported: unit/test_cf, golden/cf.t, oracle/cf_rationals.sh)
# matches the extended regular expression; the count check below is then
# against that selection.  More than one argument, or an argument beside
# a different CHECK_ONLY, is refused rather than half obeyed.
if [ $# -gt 1 ]; then
	echo "tests/run.sh: one argument at most, a regular expression (got $#: $*)"; exit 2
elif [ $# = 1 ]; then
	if [ -n "${CHECK_ONLY:-}" ] && [ "$CHECK_ONLY" != "$1" ]; then
		echo "tests/run.sh: both CHECK_ONLY='$CHECK_ONLY' and the argument '$1': give one"; exit 2
	fi
	[ -n "$1" ] || { echo "tests/run.sh: an empty filter selects nothing ('')"; exit 2; }
	CHECK_ONLY=$1
fi
if [ -n "${CHECK_ONLY:-}" ]; then
	sel=()
	for s in "${suites[@]}"; do
		name_of "$s" | grep -Eq -- "$CHECK_ONLY" && sel+=("$s")
	done
	[ ${#sel[@]} -gt 0 ] || { echo "CHECK_ONLY='$CHECK_ONLY' selects no suite"; exit 1; }
	suites=("${sel[@]}")
	echo "CHECK_ONLY='$CHECK_ONLY': ${#suites[@]} suites"
fi
# CHECK_SAMPLE=K: the suites that walk long lists of like cases check one
# in K (tests/lib/sample.py; make check SANITIZE=1 sets 8)
if [ -n "${CHECK_SAMPLE:-}" ]; then
	case $CHECK_SAMPLE in
	''|*[!0-9]*|0*) echo "tests/run.sh: CHECK_SAMPLE='$CHECK_SAMPLE' is not a whole number from 1 up"; exit 2 ;;
	esac
	export CHECK_SAMPLE
	[ "$CHECK_SAMPLE" = 1 ] ||
		echo "CHECK_SAMPLE=$CHECK_SAMPLE: the suites that walk long lists of like cases check one case in $CHECK_SAMPLE (tests/README.md)"
fi

# What the run will do, before it goes quiet: results come in suite order,
# and with the longest suites started first the first result line can be
# minutes away (a newcomer's make check printed nothing after the build
# and looked hung).
if [ "$jobs" = 1 ]; then
	echo "${#suites[@]} suites, one after another; each line as its suite ends"
else
	echo "${#suites[@]} suites, $jobs at a time (those at a terminal one after" \
	     "another, in a lane beside them); lines in suite order, the longest" \
	     "started first, so the first can take minutes"
fi

at_terminal() {   # true for a suite driving a terminal (tmux or a pty)
	case $1 in script:*) grep -qE 'lib/tmux\.sh|/lib\.bash|pty\.fork|script -q' "${1#*:}" ;;
	*) return 1 ;; esac
}

# A suite that runs longer than CHECK_TIMEOUT seconds (default 1800: the
# slowest, verify/verify.sh, takes 100 s of processor time, 210 s under
# the sanitizers, 15 minutes of wall time on a machine at load 12) is
# stopped and fails, so that one that hangs cannot stall
# the run (or CI) until its own time limit.
CHECK_TIMEOUT=${CHECK_TIMEOUT:-1800}
limit="timeout -k 10 $CHECK_TIMEOUT"

run_suite() {   # run_suite I: suite I into $res/I.{log,rc,secs,cpu}
	local s=${suites[$1]} start=$SECONDS rc last b TIMEFORMAT='%U %S'
	local kind=${s%%:*} f=${s#*:} log=$res/$1.log
	echo $start >"$res/$1.start"
	# the processor time the suite took (its commands'), beside the wall
	# time, which depends on what else runs: where the time goes
	{ time {
	case $kind in
	unit) b=build/tests/$(basename "$f" .c)
	      # Criterion's own stray block is not cfx's (tests/unit/lsan.supp)
	      if [ -x "$b" ]; then LSAN_OPTIONS="suppressions=$root/tests/unit/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
	                           $limit "$b" --jobs=2 >"$log" 2>&1; rc=$?
	      else echo "not built: $b" >"$log"; rc=1; fi ;;
	golden) $limit tests/golden.sh "$f" >"$log" 2>&1; rc=$? ;;
	script) $limit bash "$f" >"$log" 2>&1; rc=$? ;;
	esac
	[ $rc = 124 ] && echo "      (stopped after ${CHECK_TIMEOUT}s: CHECK_TIMEOUT)" >>"$log"
	} ; } 2>"$res/$1.cpu"
	last=$(tail -n 1 "$log")
	if [ $rc = 0 ] && printf '%s\n' "$last" | grep -Eq '(^|[^0-9])0 passed|Tested: 0 '; then
		rc=1; echo "      (the suite ran no case: $last)" >>"$log"
	elif [ $rc = 0 ] && [ "$kind" != unit ] &&
	     ! printf '%s\n' "$last" | grep -Eq '[0-9]+ passed, [0-9]+ failed$'; then
		# a script that stops early with status 0 has not passed
		rc=1; echo "      (the suite did not end with its count: $last)" >>"$log"
	fi
	echo $((SECONDS - start)) >"$res/$1.secs"
	echo $rc >"$res/$1.rc.tmp" && mv "$res/$1.rc.tmp" "$res/$1.rc"
}

# CHECK_QUIET=S: after S seconds (default 60) with no line to print, a
# line says how far the run is, which suite the next line waits for and
# how long it has run; a timer wakes the wait (wait -n) each second, so
# the line comes on time whether or not another suite ends
quiet=${CHECK_QUIET:-60}
[ "$quiet" -ge 1 ] 2>/dev/null || quiet=60
pass=0 fail=0 failed="" shown=0 cpu=0 wall=$SECONDS said=$SECONDS
report() {   # print the finished results in suite order, as far as they go
	local name t done=0 f
	[ $shown -lt ${#suites[@]} ] && [ ! -e "$res/$shown.rc" ] &&
	[ $((SECONDS - said)) -ge "$quiet" ] && {
		# nothing to print for a while: say what the run waits for,
		# so that a quiet stretch does not read as a hang
		for f in "$res"/*.rc; do [ -e "$f" ] && done=$((done + 1)); done
		if [ -s "$res/$shown.start" ]; then
			f="running for $((SECONDS - $(cat "$res/$shown.start"))) s"
		else
			f="not started"
		fi
		printf '      ... %d of %d suites finished after %d s; next in order: %s (%s)\n' \
		       $done ${#suites[@]} $((SECONDS - wall)) "$(name_of "${suites[$shown]}")" "$f"
		said=$SECONDS
	}
	while [ $shown -lt ${#suites[@]} ] && [ -e "$res/$shown.rc" ]; do
		name=$(name_of "${suites[$shown]}")
		t=$(printf '%3ds %4ds cpu' "$(cat "$res/$shown.secs")" \
		    "$(awk '{ printf "%d", $1 + $2 + 0.5; exit }' "$res/$shown.cpu")")
		cpu=$(awk -v c="$cpu" '{ printf "%.1f", c + $1 + $2; exit }' "$res/$shown.cpu")
		if [ "$(cat "$res/$shown.rc")" = 0 ]; then
			pass=$((pass + 1))
			printf 'ok    %-34s %s  %s\n' "$name" "$t" "$(tail -n 1 "$res/$shown.log")"
		else
			fail=$((fail + 1))
			failed="$failed $name"
			printf 'FAIL  %-34s %s\n' "$name" "$t"
			# what failed first (a CI log keeps only the head of
			# this): the lines that are not a passing check, then
			# how many passed
			grep -v '^ *ok ' "$res/$shown.log" | head -n 60 | sed 's/^/      /'
			n=$(grep -c '^ *ok ' "$res/$shown.log")
			[ "$n" = 0 ] ||
				printf '      (and %d passing checks)\n' "$n"
		fi
		shown=$((shown + 1)) said=$SECONDS
	done
}

if [ "$jobs" = 1 ]; then
	for i in "${!suites[@]}"; do
		run_suite "$i"; report
	done
else
	# the longest suites start first, so that none is left running alone
	# at the end (processor time of a full run; see the report's cpu column)
	long="verify/verify.sh emit/emit_c.sh oracle/cf_rationals.sh
	      lessons/loopholes.sh oracle/cf_irrationals.sh oracle/cf_constants.sh
	      lessons/selftest.sh oracle/score_stats.sh"
	# a timer job (sleep 1) beside the suites ends a wait -n each second,
	# so that report can say a quiet stretch on time; running counts the
	# suites' jobs without it.  (No signal: a trap firing inside a
	# command substitution can cut its output short.)
	timer=0 lane=0
	running() {   # the suites running beside the terminal lane
		local p n=0
		for p in $(jobs -pr); do
			[ "$p" = "$timer" ] || [ "$p" = "$lane" ] || n=$((n + 1))
		done
		echo $n
	}
	tick() {
		if [ "$timer" = 0 ] || ! kill -0 "$timer" 2>/dev/null; then
			sleep 1 & timer=$!
		fi
	}
	term=() first=() rest=()
	for i in "${!suites[@]}"; do
		if at_terminal "${suites[$i]}"; then term+=("$i")
		elif [[ " $(echo $long) " == *" $(name_of "${suites[$i]}") "* ]]; then first+=("$i")
		else rest+=("$i"); fi
	done
	rest=(${first[@]+"${first[@]}"} ${rest[@]+"${rest[@]}"})
	# the terminal lane: one job beside the others, its suites one after
	# another
	if [ ${#term[@]} -gt 0 ]; then
		( for i in "${term[@]}"; do run_suite "$i"; done
		  echo $((SECONDS - wall)) >"$res/lane.secs" ) & lane=$!
	fi
	for i in ${rest[@]+"${rest[@]}"}; do
		while [ "$(running)" -ge "$jobs" ]; do
			tick; wait -n; report
		done
		run_suite "$i" &
	done
	while [ "$(running)" -gt 0 ] || { [ "$lane" != 0 ] && kill -0 "$lane" 2>/dev/null; }; do
		tick; wait -n; report
	done
	wait
	report
fi

echo
if [ $((pass + fail)) != ${#suites[@]} ]; then
	echo "ran $((pass + fail)) suites of ${#suites[@]} present"
	fail=$((fail + 1)) failed="$failed (count)"
fi
# when the terminal lane ended beside the whole: which of the two bounds
# the run's length on this machine
lane=""
[ -s "$res/lane.secs" ] && lane=" (the terminal lane's suites: $(cat "$res/lane.secs") s)"
echo "suites: $((SECONDS - wall)) s$lane, $(printf '%.0f' "$cpu") s of processor time"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ] || { echo "failed:$failed"; exit 1; }
