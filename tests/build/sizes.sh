#!/bin/bash
# The size of the house (issue 27: files and functions one can hold in
# one's head): no source file over 1500 lines and no function over 120,
# but for the exceptions tests/build/sizes.py lists (ALLOW, empty now),
# each with its limit and why.  Then
# the same check must FAIL on small trees with a file or a function one
# line over its limit planted, and pass at the limit, so that it can fail
# and fails where it should.  The function lengths are the ones
# `ctags -x --fields=+ne` gives (the first line of the signature to the
# closing brace); the checker needs no ctags.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
check() { python3 tests/build/sizes.py "$@"; }

if check . >"$tmp/out"; then
	ok "$(cat "$tmp/out")"
else
	bad "the tree passes its limits: $(tr '\n' '|' <"$tmp/out")"
fi

# func NAME BODY_LINES: a C function of BODY_LINES + 3 lines (signature,
# braces, the statements between)
func() {
	local i
	echo "static int $1(int x)"
	echo "{"
	for ((i = 0; i < $2; i++)); do echo "	x += $i;"; done
	echo "}"
}

# tree FILE CONTENT...: a tree of one source file src/FILE
tree() {
	rm -rf "$tmp/t"
	mkdir -p "$tmp/t/src/$(dirname "$1")"
	cat >"$tmp/t/src/$1"
}

# fails_with PATTERN NAME: the check of $tmp/t must fail (status 1) with a
# finding that matches PATTERN; passes NAME: it must pass
fails_with() {
	local rc
	check "$tmp/t" >"$tmp/out"
	rc=$?
	if [ $rc = 1 ] && grep -qE -- "$1" "$tmp/out"; then
		ok "$2: $(grep -E -- "$1" "$tmp/out" | head -1)"
	else
		bad "$2: status $rc, said: $(tr '\n' '|' <"$tmp/out")"
	fi
}
passes() {
	if check "$tmp/t" >"$tmp/out"; then
		ok "$1"
	else
		bad "$1: $(tr '\n' '|' <"$tmp/out")"
	fi
}

func f 117 | tree core/a.c
passes "a function of 120 lines"
func f 118 | tree core/a.c
fails_with '^function: src/core/a.c:1 f 121 lines, over 120$' "a function of 121 lines"
{ func f 1; func g 118; } | tree cli/b.c
fails_with '^function: src/cli/b.c:5 g 121 lines, over 120$' "the second function of a file"
{ echo "int h(int a,"; echo "      int b)"; echo "{"; seq 1 119 | sed 's/.*/	a++;/'; echo "}"; } | tree util/c.h
fails_with '^function: src/util/c.h:1 h 123 lines' "a signature on two lines, in a header"
{ func f 10; seq 1 1490 | sed 's#.*#/* line */#'; } | tree lesson/d.c
fails_with '^file: src/lesson/d.c 1503 lines, over 1500$' "a file of 1503 lines"
{ func f 10; seq 1 1487 | sed 's#.*#/* line */#'; } | tree lesson/d.c
passes "a file of 1500 lines"
func f 118 | tree core/review_x.c
fails_with '^function: src/core/review_x.c:1 f 121 lines, over 120$' "review*.c: no exception now (its functions split)"
func f 117 | tree core/review_x.c
passes "review*.c: a function of 120 lines"
func f 118 | tree dash/x.c
fails_with '^function: src/dash/x.c:1 f 121 lines, over 120$' "dash/*: no exception now (dash_main's teardown split)"
func f 117 | tree dash/x.c
passes "dash/*: a function of 120 lines"
func f 150 | tree core/reviewer_not.c2
func g 1 >"$tmp/t/src/core/e.c"
passes "not a source file (.c2): not read"
done_suite sizes
