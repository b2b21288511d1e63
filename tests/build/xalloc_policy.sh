#!/bin/bash
# The allocation policy of src/util/xalloc.h, kept (issue 27 point 7):
# a bare malloc, calloc, realloc or strdup is the system layer's (mem.c),
# the wrappers' own (xalloc.c) or one the policy names by file (the key
# sets of keysource.c, whose malloc:SIZE addresses are the keys); every
# other allocation goes through the wrappers or mem_big.  Then the same
# scan must find a planted strdup, so that it can fail.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
allowed="src/util/xalloc.c src/sys/mem.c src/sys/keysource.c"
scan() {   # FILE...: "file:line: text" of each bare allocation call
	grep -nE '(^|[^_a-zA-Z0-9])(malloc|calloc|realloc|strdup|strndup)[[:space:]]*\(' "$@" |
		grep -vE ':[0-9]+:[[:space:]]*(/?\*|//)' | grep -v 'mem_big'
}
files=$(ls src/*.c src/*/*.c | grep -vxF -f <(tr ' ' '\n' <<<"$allowed"))
found=$(scan $files)
if [ -z "$found" ]; then
	ok "no bare allocation outside $allowed ($(wc -w <<<"$files") files)"
else
	bad "bare allocations outside the policy: $(head -5 <<<"$found" | tr '\n' '|')"
fi
for f in $allowed; do
	expect "the policy names $(basename "$f")" 'grep -q "$(basename "$f" .c)" src/util/xalloc.h'
done
printf 'char *planted(const char *s) { return strdup(s); }\n' >"$tmp/planted.c"
expect "a planted strdup is found" '[ -n "$(scan "$tmp/planted.c")" ]'
# a failed allocation of case 2 says what and how much (mem_fail): no
# error is a bare "out of memory" (issue 22: score, spectrum and sweep near
# the edge said only that)
bare=$(grep -n '"out of memory"' src/*/*.c | grep -v 'xalloc.h')
expect "no bare \"out of memory\" error: mem_fail names the size ($bare)" '[ -z "$bare" ]'
done_suite xalloc_policy
