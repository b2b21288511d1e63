#!/bin/bash
# A progress file that cannot be opened now is not corrupt (issue 22), and
# a save past `ulimit -f` leaves nothing behind (issue 22).  Before: under
# `ulimit -n 4` (or a file this user cannot read) `cfx learn --list` set
# a good progress file aside as progress.corrupt-* and the next lesson
# started afresh; `ulimit -f 0; cfx learn 1` ended with SIGXFSZ (153) and
# left progress.tmp.XXXXXX in the state directory.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
export XDG_STATE_HOME=$tmp/st
mkdir -p "$XDG_STATE_HOME"
d=$XDG_STATE_HOME/cfx
echo 'cf 5' | ./cfx learn 1 >/dev/null 2>&1
expect "a lesson's first step saves progress" '[ -f "$d/progress" ]'
cp "$d/progress" "$tmp/saved"

sh -c 'ulimit -n 4; exec ./cfx learn --list' >"$tmp/out" 2>"$tmp/err"; rc=$?
# with no descriptor left for the lesson files either, the list is not
# shown with blank titles (it was, status 0): status 2, said
expect "ulimit -n 4, learn --list: no lesson listed without its title, status 2 ($rc)" \
	'[ $rc = 2 ] && grep -q "cannot read lesson: Too many open files" "$tmp/err" && [ "$(wc -l <"$tmp/err")" = 1 ] && ! grep -Eq "^ *[0-9]+ \[[^]]*\] +[a-z-]+ *$" "$tmp/out"'
sh -c 'ulimit -n 6; exec ./cfx learn --list' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "ulimit -n 6, learn --list: every title shown ($rc: $(head -c 200 "$tmp/err"))" \
	'[ $rc = 0 ] && [ "$(grep -Ec "^ *[0-9]+ \[[^]]*\] +[a-z-]+ +[A-Z]" "$tmp/out")" = "$(ls lessons/*.lesson | wc -l)" ]'
expect "ulimit -n 4, learn --list: the progress file untouched, nothing set aside ($(ls "$d"))" \
	'cmp -s "$tmp/saved" "$d/progress" && ! ls "$d" | grep -q corrupt'
sh -c 'ulimit -n 4; echo "cf 5" | exec ./cfx learn 2' >/dev/null 2>"$tmp/err"
expect "ulimit -n 4, learn 2: nothing saved over the progress file" \
	'cmp -s "$tmp/saved" "$d/progress" && ! ls "$d" | grep -q corrupt'

# a lesson played while the file cannot be opened: its save writes
# nothing over it (it saved through a NULL path: SIGSEGV, 139; issue 22)
echo 'cf 5' >"$tmp/ans"
sh -c 'ulimit -n 5; exec ./cfx learn 1 -f "$1"' sh "$tmp/ans" >/dev/null 2>"$tmp/err"; rc=$?
expect "ulimit -n 5, learn 1 -f: no crash ($rc: $(head -2 "$tmp/err"))" '[ $rc != 139 ] && [ $rc -lt 128 ]'
expect "ulimit -n 5, learn 1 -f: the progress file kept" \
	'cmp -s "$tmp/saved" "$d/progress" && ! ls "$d" | grep -q corrupt'

# past ulimit -f: the save fails and says so; nothing left, nothing lost
python3 - "$root/cfx" "$tmp/out" <<'PY'
import resource, subprocess, sys
def lim():
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
r = subprocess.run([sys.argv[1], "learn", "2"], input=b"cf 5\n",
                   capture_output=True, preexec_fn=lim)
open(sys.argv[2], "w").write("%d\n%s" % (r.returncode, r.stderr.decode()))
PY
rc=$(head -1 "$tmp/out")
expect "ulimit -f 0, learn 2: no SIGXFSZ, the save's failure said ($rc: $(tail -n +2 "$tmp/out"))" \
	'[ "$rc" != 153 ] && grep -q "progress cannot be saved: File too large" "$tmp/out"'
expect "ulimit -f 0, learn 2: no temporary file left ($(ls -A "$d"))" \
	'! ls -A "$d" | grep -q "progress.tmp"'
expect "ulimit -f 0, learn 2: the progress file kept" 'cmp -s "$tmp/saved" "$d/progress"'
done_suite harden/progress_open
