#!/bin/bash
# The progress file: resume, atomic writes (a crash or a kill mid-write
# leaves a whole file), unreadable or corrupt files set aside, several
# lessons kept side by side, HOME when XDG_STATE_HOME is unset, and a
# state directory that cannot be written (a warning, never a crash).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cfx=$root/cfx
export NO_COLOR=1 LC_ALL=C.UTF-8 CFX_LESSONS=$root/tests/lessons/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
fresh() { rm -rf "$tmp/state" "$tmp/home"; mkdir -p "$tmp/home"
	export XDG_STATE_HOME=$tmp/state HOME=$tmp/home; P=$XDG_STATE_HOME/cfx/progress; }
learn() { "$cfx" learn "$@" 2>"$tmp/err"; }

# resume: quit at step 2, come back at step 2
fresh
printf 'cf 13/8\nquit\n' | learn 1 >/dev/null
grep -qx 'mini 1 +..' "$P" && ok "progress saved at step 2" || bad "progress: $(cat "$P")"
printf 'step\n' | learn 1 | grep -q 'step 2 of 3' && ok "resumed at step 2" || bad "resume"

# a crash in the middle of a save leaves the old file whole
before=$(cat "$P")
printf 'answer 2\n' | CFX_TEST_CRASH_SAVE=1 "$cfx" learn 1 >/dev/null 2>&1; rc=$?
[ $rc = 99 ] && ok "crash injected" || bad "crash injection: status $rc"
[ "$(cat "$P")" = "$before" ] && ok "old file intact after a crash" ||
	bad "file changed: $(cat "$P")"
learn >/dev/null; [ ! -s "$tmp/err" ] && ok "no complaint after a crash" ||
	bad "complaint: $(cat "$tmp/err")"

# kill -9 at random moments while saves happen: the file always parses
fresh
yes 'skip
back' | head -n 4000 > "$tmp/in"
for i in $(seq 1 20); do
	"$cfx" learn 1 <"$tmp/in" >/dev/null 2>&1 &
	pid=$!
	sleep 0.0$((RANDOM % 9 + 1))
	{ kill -9 $pid; wait $pid; } 2>/dev/null
	learn >/dev/null
	if [ -s "$tmp/err" ]; then bad "kill $i: $(cat "$tmp/err")"; break; fi
done
[ $i = 20 ] && [ ! -s "$tmp/err" ] && ok "20 kills mid-save, file always whole"

# corrupt: reported, set aside, restarted; the lesson still runs
fresh
mkdir -p "$(dirname "$P")"
printf 'this is not a progress file\n' > "$P"
out=$(printf 'cf 13/8\nquit\n' | learn 1)
grep -q 'set aside as .*progress.corrupt-' "$tmp/err" && ok "corrupt file reported" ||
	bad "corrupt: $(cat "$tmp/err")"
ls "$(dirname "$P")" | grep -q '^progress.corrupt-' && ok "corrupt file kept aside" ||
	bad "nothing set aside"
grep -qx 'mini 1 +..' "$P" && ok "fresh progress after corruption" || bad "after corruption"
echo "$out" | grep -q 'Step 1 done' && ok "lesson ran" || bad "lesson did not run"

# binary junk, a huge file, a directory in its place
for what in binary huge dir; do
	fresh; mkdir -p "$(dirname "$P")"
	case $what in
	binary) head -c 300 /dev/urandom > "$P" ;;
	huge) yes 'mini 0 ...' | head -c 2000000 > "$P" ;;
	dir) mkdir "$P" ;;
	esac
	learn >/dev/null; rc=$?
	[ $rc = 0 ] && grep -q 'could not be read' "$tmp/err" && ok "$what: reported, status 0" ||
		bad "$what: status $rc, $(cat "$tmp/err")"
done

# two lessons side by side, written by separate runs
fresh
printf 'cf 13/8\nquit\n' | learn 1 >/dev/null
printf 'quit\n' | learn 2 >/dev/null
grep -q '^mini 1 ' "$P" && grep -q '^second 0 ' "$P" && ok "two lessons kept" ||
	bad "two lessons: $(cat "$P")"

# without XDG_STATE_HOME: ~/.local/state/cfx/progress
fresh; unset XDG_STATE_HOME
printf 'cf 13/8\nquit\n' | learn 1 >/dev/null
[ -f "$HOME/.local/state/cfx/progress" ] && ok "HOME fallback" || bad "HOME fallback"

# a state directory that cannot hold the file: one warning naming where,
# the lesson works, and the script run ends with status 1
fresh; mkdir -p "$XDG_STATE_HOME"; : > "$XDG_STATE_HOME/cfx"
out=$(printf 'cf 13/8\nanswer 2\nquit\n' | learn 1); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q 'Step 2 done' && ok "unwritable: lesson works, status 1" ||
	bad "unwritable: status $rc"
D=$XDG_STATE_HOME/cfx
[ "$(grep -cF "progress cannot be saved: $D is not a directory; XDG_STATE_HOME must name a directory cfx can write ($D)" "$tmp/err")" = 1 ] &&
	[ "$(wc -l < "$tmp/err")" = 1 ] && ok "unwritable: warned once, naming the path" ||
	bad "unwritable warnings: $(cat "$tmp/err")"
out=$(printf 'learn 1\ncf 13/8\n' | "$cfx" 2>"$tmp/err"); rc=$?
[ $rc = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && ok "unwritable in a REPL script: status 1" ||
	bad "unwritable REPL script: status $rc, $(cat "$tmp/err")"

# one bad line loses only itself; the copy set aside keeps the whole file
fresh; mkdir -p "$(dirname "$P")"
printf 'mini 1 +..\nsecond 0 .\nthird 7 ..\nfourth 0 %s\n' "$(printf '%1001s' | tr ' ' .)" > "$P"
cp "$P" "$tmp/orig"
learn >/dev/null; rc=$?
[ $rc = 0 ] && grep -q 'could not be read (bad step number, line 3 and 1 more)' "$tmp/err" &&
	ok "bad lines reported" || bad "bad lines: status $rc, $(cat "$tmp/err")"
[ "$(grep -v '^#' "$P")" = "$(printf 'mini 1 +..\nsecond 0 .')" ] && ok "good lines kept" ||
	bad "good lines: $(cat "$P")"
cmp -s "$(ls "$P".corrupt-* | head -n 1)" "$tmp/orig" && ok "set-aside copy is the whole old file" ||
	bad "set-aside copy differs"

# set-aside copies are never overwritten, even within one second
fresh; mkdir -p "$(dirname "$P")"
for i in 1 2 3; do printf 'junk %s\n' $i > "$P"; learn >/dev/null; done
n=$(ls "$P".corrupt-* | wc -l)
[ "$n" = 3 ] && [ "$(cat "$P".corrupt-* | sort | tr '\n' ' ')" = "junk 1 junk 2 junk 3 " ] &&
	ok "three set-aside copies kept" || bad "set-aside copies: $n, $(cat "$P".corrupt-*)"

# the marks limit is one: a lesson of LESSON_STEPS_MAX (1000) steps saves
# and resumes; one of 1001 fails learn --check with status 2
mklesson() {   # mklesson N FILE
	{ echo "title: Long"; for i in $(seq 1 "$1"); do
		printf 'step: S%s\n  Prose.\ntry: cf 13/8\ncheck: result.cf.input == 13/8\nhint: h\nsolution: cf 13/8\n' "$i"
	done; } > "$2"
}
fresh; mkdir -p "$tmp/long"
mklesson 1000 "$tmp/long/01-long.lesson"
printf 'skip\nskip\nquit\n' | CFX_LESSONS=$tmp/long learn 1 >/dev/null
printf 'step\n' | CFX_LESSONS=$tmp/long learn 1 2>&1 | grep -q 'step 3 of 1000' &&
	[ ! -s "$tmp/err" ] && ok "1000 steps: saved and resumed" || bad "1000 steps: $(cat "$tmp/err")"
mklesson 1001 "$tmp/long/02-longer.lesson"
"$cfx" learn --check "$tmp/long/02-longer.lesson" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q 'too many steps (at most 1000)' "$tmp/err" && ok "1001 steps: --check refuses" ||
	bad "1001 steps: status $rc, $(cat "$tmp/err")"

# two cfx saving at once both keep their update (flock)
lost=0
for i in $(seq 1 8); do
	fresh
	printf 'cf 13/8\nskip\nquit\n' | "$cfx" learn 1 >/dev/null 2>&1 &
	printf 'answer 16\nquit\n' | "$cfx" learn 2 >/dev/null 2>&1 &
	printf 'cf 13/8\nquit\n' | "$cfx" learn 1 >/dev/null 2>&1 &
	wait
	grep -q '^second [01] +$' "$P" && grep -q '^mini [12] +' "$P" || lost=$((lost + 1))
done
[ $lost = 0 ] && ok "parallel saves: nothing lost in 8 rounds" || bad "parallel saves: lost $lost of 8"

# a FIFO or a device as the progress file never hangs: set aside
fresh; mkdir -p "$(dirname "$P")"; mkfifo "$P"
timeout 10 "$cfx" learn >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q 'not a regular file' "$tmp/err" && [ ! -p "$P" ] &&
	ok "FIFO: reported, set aside, no hang" || bad "FIFO: status $rc, $(cat "$tmp/err")"

# temporary files left by killed saves go at the next save
fresh; mkdir -p "$(dirname "$P")"
touch "$P.tmp.AAAAAA" "$P.tmp.BBBBBB"
printf 'cf 13/8\nquit\n' | learn 1 >/dev/null
[ -z "$(ls "$P".tmp.* 2>/dev/null)" ] && grep -q '^mini 1 ' "$P" && ok "stale temporaries removed" ||
	bad "stale: $(ls "$(dirname "$P")")"

# a read-only state directory: said once, with the reason (EACCES from
# making cfx/ in it, not the ENOENT of a file in a directory that is not
# there), status 1.  Root writes anywhere: then as nobody, with cfx and the
# lessons copied where nobody can read them.
fresh; mkdir -p "$XDG_STATE_HOME" "$tmp/ro"; chmod 555 "$XDG_STATE_HOME"
cp "$cfx" "$tmp/ro/cfx"; cp -r "$root/tests/lessons/fixtures" "$tmp/ro/fx"
chmod -R a+rX "$tmp" "$tmp/ro"
as=()
[ "$(id -u)" = 0 ] && as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
out=$(printf 'cf 13/8\nquit\n' | "${as[@]}" env CFX_LESSONS="$tmp/ro/fx" \
	"$tmp/ro/cfx" learn 1 2>"$tmp/err"); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q 'Step 1 done' &&
	[ "$(cat "$tmp/err")" = "cfx: learn: progress cannot be saved: the directory $XDG_STATE_HOME/cfx cannot be made in $XDG_STATE_HOME (Permission denied); XDG_STATE_HOME must name a directory cfx can write ($XDG_STATE_HOME/cfx)" ] &&
	ok "read-only XDG_STATE_HOME: said once, why, status 1" ||
	bad "read-only: status $rc, $(cat "$tmp/err")"
chmod 755 "$XDG_STATE_HOME"

echo "progress: $pass passed, $fail failed"
[ "$fail" = 0 ]
