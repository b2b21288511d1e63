#!/bin/bash
# cfx -f /dev/null (issue 22): refused as "not a regular file or
# pipe" while cfx < /dev/null ran as an empty script.  Now the null
# device (by its device number: /dev/null or another name for it) reads
# as the empty file it is, wherever a pipe is taken (-f, repl -f, stats,
# key files); a device that never ends (/dev/zero) or a directory is
# still refused in one line naming it, status 2.  The oracle: an empty
# regular file, which every one of these already took.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
: >"$tmp/empty"
for form in "-f" "repl -f" "--bits 16 -f"; do
	./cfx $form "$tmp/empty" >"$tmp/o1" 2>"$tmp/e1"; r1=$?
	./cfx $form /dev/null >"$tmp/o2" 2>"$tmp/e2"; r2=$?
	expect "cfx $form /dev/null as an empty file: status $r2 (empty file: $r1), $(head -c 80 "$tmp/e2")" \
		'[ $r2 = $r1 ] && [ $r2 = 0 ] && cmp -s "$tmp/o1" "$tmp/o2" && [ ! -s "$tmp/e2" ]'
done
# another name for the null device: a character device of its number
if mknod "$tmp/nul" c "$(stat -c '%t' /dev/null | xargs printf '%d')" \
	"$(stat -c '%T' /dev/null | xargs printf '%d')" 2>/dev/null; then
	./cfx -f "$tmp/nul" >"$tmp/o" 2>"$tmp/e"; rc=$?
	expect "the null device by another name: status $rc" '[ $rc = 0 ] && [ ! -s "$tmp/e" ]'
else
	echo "skip the null device by another name: no mknod here"
fi
# the readers of data files take it as the empty file too: stats says
# what it says of an empty file, naming the path
./cfx stats "$tmp/empty" >/dev/null 2>"$tmp/e1"; r1=$?
./cfx stats /dev/null >/dev/null 2>"$tmp/e2"; r2=$?
expect "stats /dev/null as an empty file ($(cat "$tmp/e2"))" \
	'[ $r1 = $r2 ] && [ "$(sed "s#$tmp/empty#/dev/null#" "$tmp/e1")" = "$(cat "$tmp/e2")" ]'
# still refused: a device that never ends, a directory
for bad in /dev/zero "$tmp"; do
	./cfx -f "$bad" >/dev/null 2>"$tmp/e"; rc=$?
	expect "cfx -f $bad refused: one line naming it, status 2 ($(cat "$tmp/e"))" \
		'[ $rc = 2 ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -qF "($bad)" "$tmp/e"'
done
done_suite harden/script_devnull
