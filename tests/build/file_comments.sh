#!/bin/bash
# tests/build/file_comments.sh - every source file under src/ (*.c, *.h,
# *.inc) opens with a comment that names the file: "/* NAME - what it is"
# or "/*" and then " * NAME - what it is", NAME its own file name.  That
# first comment holds no stub: no PLACEHOLDER, no "HEADER word */", no
# TODO, FIXME, XXX or TBD; and no source file holds PLACEHOLDER or
# "HEADER word */" anywhere.  (Split files once kept "/* HEADER cf */"
# for months.)  The checker is first tried on files made to fail, so the
# suite shows it can.
. "$(dirname "$0")/lib.sh"

# check FILE [NAME]: nothing, status 0 when FILE's first comment names
# NAME (default: FILE's base name) and holds no stub; else one line per
# fault, status 1.
check() {
	local f=$1 name=${2:-$(basename "$1")} first
	# the first comment: line 1 (which must open it) to its first "*/"
	first=$(awk 'NR == 1 && !/^\/\*/ { exit } { print } /\*\// { exit }' "$f")
	if [ -z "$first" ]; then
		echo "line 1 opens no comment: $(head -n 1 "$f")"; return 1
	fi
	local rc=0 lead
	# its first words: after "/*" on line 1, else on line 2 after " * "
	lead=$(printf '%s\n' "$first" | sed -E '1s#^/\*[[:space:]]*##; s#^[[:space:]]*\*([[:space:]]|$)##' |
	       grep -m 1 -v '^[[:space:]]*$')
	case $lead in
	"$name - "*) ;;
	*) echo "the first comment does not begin '$name - ': ${lead:0:70}"; rc=1 ;;
	esac
	if printf '%s\n' "$first" | grep -Eq 'PLACEHOLDER|HEADER [[:alnum:]_]+ \*/|\b(TODO|FIXME|XXX|TBD)\b'; then
		echo "a stub in the first comment: $(printf '%s\n' "$first" |
		      grep -Eo -m 1 'PLACEHOLDER|HEADER [[:alnum:]_]+ \*/|\b(TODO|FIXME|XXX|TBD)\b')"
		rc=1
	fi
	if grep -Eq 'PLACEHOLDER|HEADER [[:alnum:]_]+ \*/' "$f"; then
		echo "a placeholder at line $(grep -Enm 1 'PLACEHOLDER|HEADER [[:alnum:]_]+ \*/' "$f" | cut -d: -f1)"
		rc=1
	fi
	return $rc
}

# the checker on files made to pass and to fail
good=$'/*\n * x.c - what x is for.\n */\nint x;'
mk() { printf '%s\n' "$2" >"$tmp/$1"; }
mk good.c "$good"
mk oneline.h $'/* oneline.h - one line says it. */\n#define A 1'
mk header.c $'/* HEADER cf */\n#include <stdio.h>'
mk placeholder.h $'/*\n * placeholder.h - shared types.\n *\n * PLACEHOLDER\n */'
mk todo.c $'/* todo.c - TODO: say what this is. */'
mk other.c "$good"
mk nocomment.c $'#include <stdio.h>\n/* nocomment.c - too late. */'
mk later.c $'/* later.c - fine here. */\nint y; /* HEADER y */'
expect "checker passes a two-line comment naming its file" 'check "$tmp/good.c" x.c >/dev/null'
expect "checker passes a one-line comment naming its file" 'check "$tmp/oneline.h" >/dev/null'
for f in header.c placeholder.h todo.c nocomment.c later.c; do
	expect "checker fails $f" '! check "$tmp/$f" >/dev/null'
done
expect "checker fails a comment naming another file" '! check "$tmp/other.c" >/dev/null'

# every source file
n=0
while IFS= read -r f; do
	n=$((n + 1))
	if out=$(check "$root/$f"); then
		ok "$f"
	else
		while IFS= read -r l; do bad "$f: $l"; done <<<"$out"
	fi
done < <(cd "$root" && find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.inc' \) | sort)
# the walk itself: src holds well over a hundred sources
expect "found the sources ($n)" '[ "$n" -ge 100 ]'
done_suite file_comments
