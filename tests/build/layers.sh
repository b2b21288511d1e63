#!/bin/bash
# The layers doc/ARCHITECTURE.md states, held against the code: no
# #include and no call (in the built objects) runs up a row of its layer
# table, and no modules include or call each other in a loop
# (tests/build/layers.py).  Then the same check must FAIL on copies with
# a violation planted: an include up, a circle of includes, a file in no
# layer, a call up and a circle of calls; so that it can fail.
# Only the first check reads every object of the build (nm and readelf on
# each, 2 processes an object: most of this suite's time, more under
# SANITIZE=1, whose objects are larger): a planted include is checked
# beside one object of the build, a planted call beside the objects it
# calls, each with an unchanged copy that passes (so the finding is the
# plant's).
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
check() { python3 tests/build/layers.py "$@"; }

if check . build >"$tmp/out"; then
	ok "$(tr "\n" " " <"$tmp/out")"
else
	bad "the tree breaks its layers: $(tr '\n' '|' <"$tmp/out")"
fi

# fails_with PATTERN NAME ARGS...: the check of ARGS must fail (status 1)
# with a finding that matches PATTERN
fails_with() {
	local pattern=$1 name=$2 rc
	shift 2
	check "$@" >"$tmp/out"
	rc=$?
	if [ $rc = 1 ] && grep -qE -- "$pattern" "$tmp/out"; then
		ok "$name: $(grep -E -- "$pattern" "$tmp/out" | head -1)"
	else
		bad "$name: status $rc, said: $(tr '\n' '|' <"$tmp/out")"
	fi
}

# planted FILE LINE PATTERN NAME: a copy of the sources with LINE added at
# the top of FILE must fail, with a finding that matches PATTERN
fresh() { rm -rf "$tmp/t"; mkdir -p "$tmp/t"; cp -r src include doc "$tmp/t/"; }
# objs DIR OBJ...: DIR holds copies of the build's objects OBJ (paths
# under build/), and nothing else
objs() {
	local d=$1 o
	shift
	rm -rf "$d"
	for o in "$@"; do mkdir -p "$d/$(dirname "$o")"; cp "build/$o" "$d/$o"; done
}
# the calls of a planted include's check: one object, which calls no other
objs "$tmp/one" util/text.o
planted() {
	fresh
	mkdir -p "$(dirname "$tmp/t/$1")"
	{ printf '%s\n' "$2"; cat "$tmp/t/$1" 2>/dev/null; } >"$tmp/f"; mv "$tmp/f" "$tmp/t/$1"
	fails_with "$3" "$4" "$tmp/t" "$tmp/one"
}
fresh
expect "an unchanged copy passes" 'check "$tmp/t" "$tmp/one" >/dev/null'
planted src/core/word.c '#include "cli/cli.h"' \
	'^up: src/core/word.c:1 includes src/cli/cli.h' "core includes the CLI"
planted src/util/text.c '#include "cfx/pool.h"' \
	'^up: src/util/text.c:1 includes include/cfx/pool.h' "util includes sys (a header of include/cfx)"
planted src/cli/out.c '#include "repl/repl.h"' \
	'^up: src/cli/out.c:1 includes src/repl/repl.h' "the CLI includes the REPL (faces in the table's order)"
planted include/cfx/word.h '#include "cfx/constant.h"' \
	'^circle: includes .*word.*constant|^circle: includes .*constant.*word' "word.h and constant.c include each other"
planted src/extra/thing.c '/* a folder of no layer */' \
	'^unplaced: src/extra/thing.c' "a file in no row"

# calls: the build's object that a planted one calls, beside it
plant_obj() {   # plant_obj OBJ C-SOURCE
	printf '%s\n' "$2" >"$tmp/p.c"
	mkdir -p "$(dirname "$tmp/o/$1")"
	cc -O0 -c -o "$tmp/o/$1" "$tmp/p.c"
}
called() { fails_with "$1" "$2" . "$tmp/o"; }   # called PATTERN NAME
objs "$tmp/o" core/constant.o
expect "the build's object copied passes" 'check . "$tmp/o" >/dev/null'
plant_obj util/plant.o 'int constant_free(void *); int plant(void) { return constant_free(0); }'
called '^up: util/plant.o calls core/constant.o \(constant_free\)' "util calls core"
objs "$tmp/o"
plant_obj core/plant_a.o 'int plant_b(int); int plant_a(int x) { return x ? plant_b(x - 1) : 0; }'
plant_obj core/plant_b.o 'int plant_a(int); int plant_b(int x) { return x ? plant_a(x - 1) : 1; }'
called '^circle: calls core/plant_a.o -\(plant_b\)-> core/plant_b.o -\(plant_a\)-> core/plant_a.o' \
	"two core files call each other"

done_suite layers
