#!/bin/bash
# A message naming a path names it whole, however long (issue 22): a token
# was cut at 60 bytes ("/tmp/.../aaaa...") and some messages cut the path
# again inside (%.60s, %.100s, %.150s), so that a user could not tell which
# file was meant.  Every command that names a file, with a path of about
# 300 and about 4000 bytes (nested directories; PATH_MAX is 4096), and one
# holding a tab (escaped, still whole, still one line).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# nest N: a directory under $tmp whose path is about N bytes long
nest() {
	python3 - "$tmp" "$1" <<'PY'
import os, sys
p, n, i = sys.argv[1] + "/n" + sys.argv[2], int(sys.argv[2]), 0
while len(p) < n - 40:
    p += "/" + chr(ord("a") + i % 26) * min(200, n - 40 - len(p))
    i += 1
os.makedirs(p)
print(p)
PY
}
# says NAME FILE LINE: FILE holds exactly LINE (one line: nothing cut, no
# line break from the path)
says() {
	local got=$2 want=$3
	expect "$1 ($(wc -c <"$got") bytes: $(head -c 70 "$got")...)" \
		'[ "$(wc -l <"$got")" = 1 ] && [ "$(cat "$got")" = "$want" ]'
}
cd "$tmp" || exit 2
cfx=$root/cfx
for n in 300 4000; do
	d=$(nest $n)
	m=$d/missing.txt
	printf '1\n2\nzz\n' >"$d/keys.txt"
	printf '1\n2\nx\n' >"$d/sample.txt"
	printf 'x\n' >"$d/file"
	mkdir -m 777 "$d/open"
	mkdir -p "$d/ww/raw"; chmod 777 "$d/ww"
	long=$d
	"$cfx" score 0x61C88647 --keys "file:$m" 2>"$tmp/e"
	says "$n: score --keys file:, missing" "$tmp/e" \
		"cfx: score: cannot read key file: No such file or directory ($m)"
	"$cfx" score 0x61C88647 --keys "file:$d/keys.txt" 2>"$tmp/e"
	says "$n: score --keys file:, a bad key" "$tmp/e" \
		"cfx: score: $d/keys.txt:3: not a decimal or 0x hex integer (zz)"
	"$cfx" verify 0x61C88647 --keys "file:$m" >/dev/null 2>"$tmp/e"
	says "$n: verify --keys file:, missing" "$tmp/e" \
		"cfx: verify: cannot read key file: No such file or directory ($m)"
	"$cfx" stats "$m" 2>"$tmp/e"
	says "$n: stats FILE, missing" "$tmp/e" \
		"cfx: stats: cannot read: No such file or directory ($m)"
	"$cfx" stats "$d/sample.txt" 2>"$tmp/e"
	says "$n: stats FILE, not a number" "$tmp/e" \
		"cfx: stats: $d/sample.txt:3: not a number (x)"
	printf '1\n\0\n' >"$d/nul.txt"
	"$cfx" stats "$d/nul.txt" 2>"$tmp/e"
	says "$n: stats FILE, a NUL byte" "$tmp/e" \
		"cfx: stats: $d/nul.txt:2: a NUL byte in the line (\\x00)"
	"$cfx" bench 0x61C88647 --runs 3 --raw "$d/file" 2>"$tmp/e"
	says "$n: bench --raw a file" "$tmp/e" \
		"cfx: bench: refused: not a directory ($d/file)"
	"$cfx" bench 0x61C88647 --runs 3 --raw "$d/open" 2>"$tmp/e"
	says "$n: bench --raw others can write" "$tmp/e" \
		"cfx: bench: refused: writable by others (and not sticky) ($d/open)"
	"$cfx" bench 0x61C88647 --runs 3 --raw "$d/ww/raw" 2>"$tmp/e"
	says "$n: bench --raw, the directory above others can write" "$tmp/e" \
		"cfx: bench: refused: the directory above $d/ww/raw is writable by others (and not sticky) ($d/ww)"
	"$cfx" learn --check "$m" 2>"$tmp/e"
	says "$n: learn --check FILE, missing" "$tmp/e" \
		"cfx: learn: cannot read lesson: No such file or directory ($m)"
	"$cfx" review "$m" 2>"$tmp/e"
	says "$n: review FILE, missing" "$tmp/e" \
		"cfx: review: cannot read: No such file or directory ($m)"
	# review's own messages: a bad line ("FILE:N: ... (FILE)"),
	# the inputs together over 256 MiB (sparse files, nothing read) and
	# a file of too many C tokens (2^22 + 1: "a;" is two, then "b")
	printf 'a\n\0\n' >"$d/nul.patch"
	"$cfx" review "$d/nul.patch" 2>"$tmp/e"
	says "$n: review FILE, a NUL byte" "$tmp/e" \
		"cfx: review: $d/nul.patch:2: a NUL byte in the line (\\x00)"
	truncate -s 200M "$d/big1.patch" "$d/big2.patch"
	"$cfx" review "$d/big1.patch" "$d/big2.patch" 2>"$tmp/e"
	says "$n: review FILE..., over 256 MiB together" "$tmp/e" \
		"cfx: review: the inputs together are larger than 256 MiB, crossed by this one (review fewer files at a time) ($d/big2.patch)"
	rm -f "$d/big1.patch" "$d/big2.patch"
	python3 -c "
import sys
sys.stdout.write(('a;' * 512 + '\n') * (2**22 // 1024) + 'b\n')" >"$d/tokens.c"
	"$cfx" review "$d/tokens.c" 2>"$tmp/e"
	says "$n: review FILE, too many C tokens" "$tmp/e" \
		"cfx: review: a file of the patch has more than $((1 << 22)) C tokens ($d/tokens.c)"
	rm -f "$d/tokens.c"
	printf 'garbage line\n' >"$d/bad.lesson"
	"$cfx" learn --check "$d/bad.lesson" 2>"$tmp/e"
	says "$n: learn --check FILE, a bad line" "$tmp/e" \
		"cfx: learn: $d/bad.lesson:1: expected a directive (word: ...), a comment (#) or text indented by two spaces (garbage)"
	# the compiler and the temporary directory are paths too (verify's
	# report keeps the compiled check's reason in 256 bytes, verify.h's
	# detail: not tested here)
	CC=$d/nocc "$cfx" bench 0x61C88647 --runs 3 2>"$tmp/e"
	says "$n: bench, CC a missing compiler" "$tmp/e" \
		"cfx: bench: no C compiler found; install gcc or set CC ($d/nocc)"
	# a compiler's first error line names the file in cfx's temporary
	# directory, under $TMPDIR: said without that directory
	mkdir -m 700 "$d/t"
	printf '#!/bin/sh\nfor a; do f=$a; done\necho "$f:1:1: error: planted"\nexit 1\n' >"$d/badcc"
	chmod +x "$d/badcc"
	CC=$d/badcc TMPDIR=$d/t "$cfx" bench 0x61C88647 --runs 3 2>"$tmp/e"
	says "$n: bench, the compiler's line under a long TMPDIR" "$tmp/e" \
		"cfx: bench: the compiler failed (exit status 1): k.c:1:1: error: planted ($d/badcc)"
	TMPDIR=$d/open "$cfx" bench 0x61C88647 --runs 3 2>"$tmp/e"
	says "$n: bench, TMPDIR others can write" "$tmp/e" \
		"cfx: bench: \$TMPDIR is not safe for temporary files: writable by others (and not sticky) ($d/open)"
done

# the man page's row (BAD INPUT): the longest path, status 2
m=$long/missing.txt
"$cfx" stats "$m" 2>"$tmp/e"; rc=$?
expect "a path of 4000 bytes: named whole, status 2" \
	'[ $rc = 2 ] && [ "$(cat "$tmp/e")" = "cfx: stats: cannot read: No such file or directory ($m)" ]'

# a tab in a long path: escaped, the path still whole, the message one line
d=$(nest 1000)
t=$d/$'tab\there'
mkdir "$t"
"$cfx" stats "$t/missing" 2>"$tmp/e"
says "a tab in the path: escaped" "$tmp/e" \
	"cfx: stats: cannot read: No such file or directory ($d/tab\\there/missing)"
printf '1\n2\nx\n' >"$t/s"
printf 'a\n\0\n' >"$t/p"
"$cfx" review "$t/p" 2>"$tmp/e"
says "a tab in the path, review at a line: escaped" "$tmp/e" \
	"cfx: review: $d/tab\\there/p:2: a NUL byte in the line (\\x00)"
"$cfx" stats "$t/s" 2>"$tmp/e"
says "a tab in the path, at a line: escaped" "$tmp/e" \
	"cfx: stats: $d/tab\\there/s:3: not a number (x)"
# a path past PATH_MAX, named whole once: the message's own copies of it
# (or of a directory above it, where the message says no more) are cut
# to head...tail; each was printed whole beside the token (a 4500-byte
# path took 9000 bytes and more of one line)
L=/tmp/$(python3 -c 'print("a" * 250 + ("/" + "b" * 250) * 17)')
once() {   # once NAME: $tmp/e is one line, its token (the path or the
	# level of it at fault: a prefix of $L, of 4000 bytes and more) whole,
	# and no second copy of it: under 400 bytes more than $L
	tok=$(sed 's/.* (\(.*\))$/\1/' "$tmp/e")
	expect "$1: the path whole once (${#tok}-byte token, $(wc -c <"$tmp/e") bytes: $(head -c 90 "$tmp/e")...)" \
		'[ "$(wc -l <"$tmp/e")" = 1 ] && [ ${#tok} -gt 4000 ] && [ "${L#"$tok"}" != "$L" ] && [ "$(wc -c <"$tmp/e")" -lt $((${#L} + 400)) ]'
}
TMPDIR=$L "$cfx" bench 0x61C88647 --runs 3 2>"$tmp/e" >/dev/null
once "TMPDIR past PATH_MAX, bench"
XDG_STATE_HOME=$L "$cfx" learn --list 2>"$tmp/e" >/dev/null
once "XDG_STATE_HOME past PATH_MAX, learn --list"
XDG_STATE_HOME=$L "$cfx" learn 1 </dev/null 2>&1 >/dev/null | grep progress >"$tmp/e"
once "XDG_STATE_HOME past PATH_MAX, learn 1"

done_suite harden/long_paths
