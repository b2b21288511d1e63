#!/bin/bash
# examples: every --help ends with two or three examples, and each runs.
#
# For each command of the table (cfx --help lists them), for the session
# words (help WORD in a script) and for cfx --help and cfx repl --help:
# the help's last block is "examples:" with 2 or 3 lines, nothing after
# it.  Each example of a command is then run as written (by bash, in a
# scratch directory with two samples for stats and a patch for review),
# its status 0 (1 allowed for verify and review, whose answer it may be);
# the session words' examples run
# as one script.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
[ -x ./cfx ] || { echo "examples: ./cfx not built"; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# the examples block of a help text on stdin: the lines after the last
# "examples:", which must end the text; prints them, status 1 if absent
examples_of() {
	awk '/^examples:$/ { n = 0; found = 1; delete ex; next }
	     found && /^  [^ ]/ { ex[++n] = substr($0, 3); next }
	     found && /^$/ { next }
	     found { found = 0 }
	     END { if (!found || n < 2 || n > 3) exit 1
	           for (i = 1; i <= n; i++) print ex[i] }'
}

# the command of an example line: up to two spaces before the comment
command_of() { sed 's/   *[^ ].*$//; s/ *$//' <<<"$1"; }

cp lessons/2002.patch "$tmp/0001-hash.patch"
# a work tree with a change, for git diff | cfx review -
(cd "$tmp" && git init -q && printf '#define GOLDEN_RATIO_PRIME_32 0x9e3779b9UL\n' >hash.h &&
 git add hash.h && git -c user.name=t -c user.email=t@t commit -qm t &&
 printf '#define GOLDEN_RATIO_PRIME_32 0x9e370001UL\n' >hash.h) || exit 2
seq 1 40 | awk '{ print 10 + $1 % 7 }' > "$tmp/old.txt"
seq 1 40 | awk '{ print 12 + $1 % 5 }' > "$tmp/new.txt"
cfx="$root/cfx"

cmds=$(./cfx --help | awk '/^commands:/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { on = 0 }')
[ "$(wc -w <<<"$cmds")" -ge 10 ] && ok || bad "cfx --help lists the commands: $cmds"
for c in $cmds; do
	ex=$(./cfx "$c" --help | examples_of) || { bad "cfx $c --help does not end with 2 or 3 examples"; continue; }
	ok
	while IFS= read -r line; do
		cmd=$(command_of "$line")
		case $cmd in *cfx*) ;; *) bad "$c: example is not a cfx command: $line"; continue ;; esac
		(cd "$tmp" && PATH="$root:$PATH" timeout 120 bash -c "$cmd" >/dev/null 2>"$tmp/err" </dev/null)
		st=$?
		if [ $st = 0 ] || { [ $st = 1 ] && case $c in verify|review) true ;; *) false ;; esac; }; then
			ok
		else
			bad "$c: '$cmd' exited $st: $(head -c 300 "$tmp/err")"
		fi
	done <<<"$ex"
done

# the faces' helps: cfx learn --help's examples run (no terminal: a
# lesson's script mode, its progress in the scratch directory); cfx dash
# --help's need a terminal, and are only there (neither had examples)
printf 'cf 5\n' > "$tmp/answers.cfx"
ex=$(./cfx learn --help | examples_of) && ok || bad "cfx learn --help does not end with 2 or 3 examples"
while IFS= read -r line; do
	[ -n "$line" ] || continue
	cmd=$(command_of "$line")
	(cd "$tmp" && PATH="$root:$PATH" XDG_STATE_HOME="$tmp/state" timeout 60 bash -c "$cmd" >/dev/null 2>"$tmp/err" </dev/null) &&
		ok || bad "learn: '$cmd' exited $?: $(head -c 300 "$tmp/err")"
done <<<"$ex"
./cfx dash --help | examples_of | grep -q '^cfx dash' && ok || bad "cfx dash --help does not end with 2 or 3 examples"

# the overview and the REPL's help
for h in "--help" "repl --help"; do
	# shellcheck disable=SC2086
	if ./cfx $h | examples_of >/dev/null; then ok; else bad "cfx $h does not end with examples"; fi
done

# the overview's examples start a command or a face that exists (the
# first word after cfx that is not an option): 'cfx 0x9e3779b9' said
# "unknown command" while the help called it the dashboard
ex=$(./cfx --help | examples_of)
while IFS= read -r line; do
	w=$(command_of "$line" | awk '{ for (i = 1; i <= NF; i++) if ($i == "cfx") {
		for (j = i + 1; j <= NF; j++) if ($j !~ /^-/) { print $j; exit } } }')
	[ -z "$w" ] && w=repl   # no word: a script on standard input
	case " $(echo $cmds) dash repl learn " in
	*" $w "*) ok ;;
	*) bad "cfx --help example names no command or face ($w): $line" ;;
	esac
done <<<"$ex"

# the session words: help WORD in a script, and their examples as one
script=""
for w in set let show help quit; do
	ex=$(printf 'help %s\n' "$w" | ./cfx | examples_of) || { bad "help $w does not end with 2 or 3 examples"; continue; }
	ok
	[ "$w" = quit ] && continue
	while IFS= read -r line; do
		script+="$(command_of "$line")"$'\n'
	done <<<"$ex"
done
if printf '%s' "$script" | ./cfx >/dev/null 2>"$tmp/err"; then ok; else bad "session examples: $(cat "$tmp/err")"; fi

echo "examples: $pass passed, $fail failed"
[ "$fail" = 0 ]
