#!/bin/bash
# Core keeps no hidden mutable state (doc/STYLE: core "never ... keeps
# global state"): no object of src/core holds writable static data
# (.data, .bss, .tdata, .tbss in `objdump -t` of build/core/*.o: globals,
# function statics, thread-locals alike), but for the two listed below
# with the reason they stay.  Symbols a sanitizer adds (__odr_asan.NAME,
# __asan_*, __ubsan_*: make SANITIZE=1) are the instrumentation's, not ours.  A cache belongs to its owner (the caller, a
# session, a context passed in).  Then the same check must fail on an
# object with a static counter planted, so that it can.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
# allowed: file:symbol  (why)
allow="expr_eval.o:eval_stop score.o:gsl_lock lattice.o:cuts_off"
#   eval_stop: the evaluator's stop flag, set per thread by expr_stop_flag
#   gsl_lock:  GSL's error handler is process-wide; the lock guards it
#   cuts_off:  the tests' switch (CFX_TEST_NO_CUTS, read by main, not by
#              the core), set once before any work; the same answers
#              either way (tests/search/screen_cuts.sh)

state() {    # OBJ...: "file:symbol section" for each writable static
	local o
	for o in "$@"; do
		objdump -t "$o" | awk -v f="$(basename "$o")" \
			'$0 ~ /[ \t](\.data|\.bss|\.tdata|\.tbss)[ \t]/ && $NF !~ /^\./ &&
			  $NF !~ /^__(odr_asan|asan|ubsan|sancov)/ {
				for (i = 1; i <= NF; i++) if ($i ~ /^\.(data|bss|tdata|tbss)$/) s = $i
				print f ":" $NF, s }'
	done
}

ls build/core/*.o >/dev/null 2>&1 || { echo "core_state: build/core/*.o not built; 0 passed, 1 failed"; exit 1; }
found=$(state build/core/*.o | while read -r sym sec; do
	case " $allow " in *" ${sym%.[0-9]*} "*) ;; *) echo "$sym ($sec)" ;; esac
done)
if [ -z "$found" ]; then
	ok "src/core: no writable static data but $allow ($(ls build/core/*.o | wc -l) objects)"
else
	bad "src/core keeps mutable state: $(echo $found)"
fi

# the check can fail: a function-local static counter and a thread-local
cat >"$tmp/planted.c" <<'EOF'
int planted_count(void) { static int n; return ++n; }
int planted_tls(void) { static _Thread_local int t; return ++t; }
EOF
${CC:-cc} -std=c11 -O2 -c -o "$tmp/planted.o" "$tmp/planted.c"
got=$(state "$tmp/planted.o" | wc -l)
expect "a planted static and thread-local are found ($got)" '[ "$got" = 2 ]'

# nor reads the environment: a setting is its caller's to pass (main
# reads the tests' switches); no core object calls getenv
envs() { nm -u "$@" 2>/dev/null | grep -Ec '^ +U (secure_)?getenv$'; }
got=$(envs build/core/*.o)
expect "src/core calls no getenv ($got calls)" '[ "$got" = 0 ]'
printf '#include <stdlib.h>\nint planted_env(void) { return !!getenv("X"); }\n' >"$tmp/env.c"
${CC:-cc} -std=c11 -O2 -c -o "$tmp/env.o" "$tmp/env.c"
got=$(envs "$tmp/env.o")
expect "a planted getenv is found ($got)" '[ "$got" = 1 ]'

done_suite core_state
