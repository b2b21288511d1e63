#!/bin/bash
# The check language, end to end: claims that must hold and claims that
# must not (cfx learn --check runs them through the command table), and
# answers in any notation fed to a lesson in script mode.
. "$(dirname "$0")/lib.sh"

# a lesson of one step whose only claim is "$1" (its check on the next
# line, as a continuation)
lesson() {
	printf 'title: T\nstep: S\n  Prose.\ntry: cf 13/8\ncheck: result.cf\nhint: h\nsolution: cf 13/8\nclaim: %s ::\n  %s\n' "${1%% :: *}" "${1#* :: }" > "$tmp/t.lesson"
}
holds() {
	lesson "$1"
	if "$cfx" learn --check "$tmp/t.lesson" >/dev/null 2>"$tmp/err"; then ok "holds: $1"
	else bad "should hold: $1"; sed 's/^/    /' "$tmp/err"; fi
}
fails() {
	lesson "$1"
	"$cfx" learn --check "$tmp/t.lesson" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc = 1 ] && grep -q 'claim is false' "$tmp/err"; then ok "false: $1"
	else bad "should be false (status $rc): $1"; sed 's/^/    /' "$tmp/err"; fi
}
malformed() {
	lesson "$1"
	"$cfx" learn --check "$tmp/t.lesson" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc = 2 ] && grep -q "t.lesson:8: bad check: $2" "$tmp/err"; then ok "malformed: $1"
	else bad "should be malformed (status $rc): $1"; sed 's/^/    /' "$tmp/err"; fi
}

# numbers compare by value, in any notation
holds 'naf 16 :: value == 0x10 and value == 2^4 and value == 0b1_0000'
holds 'naf 16 :: value == 32/2 and value != 17 and value < 17 and value >= 16'
holds 'naf golden(64) :: value == 11400714819323198486'
holds 'naf golden(64) :: hex == 0x9e3779b97f4a7c16 and hex == "0x9e3779b97f4a7c16"'
holds 'cf 13/8 :: input == 26/16 and input == 1.625'
holds 'cf phi :: golden_endless == true and golden_prefix == null'
fails 'naf 16 :: value == 0x11'
fails 'naf 16 :: value > 16'
# expressions may hold spaces; lists compare element by element
holds 'naf 2^31 + 1 :: value == 2^31 + 1'
holds 'cf 13/8 :: quotients == [1, 1, 1, 1, 2] and quotients == [1,1,1,0x1,2]'
fails 'cf 13/8 :: quotients == [1, 1, 1, 2]'
holds 'cf 13/8 :: convergents[-1] == [13, 8] and convergents[4][0] == 13'
# approximately: to the precision the literal is written with
holds 'score 0x9e370001 -t 16 :: probe_ratio ~ 0.8333 and probe_ratio ~ 0.83'
fails 'score 0x9e370001 -t 16 :: probe_ratio ~ 0.8334'
holds 'score 0x9e370001 --keys random -t 16 :: probe_ratio ~ 1 and chi2 ~ 6.6e4'
# strings, booleans, functions, [*]
holds 'score 0x9e370001 :: verdict == "PASS" and verdict != "FAIL" and not even_multiplier'
holds 'score 0x9e370001 :: starts(family, "seq") and not starts(family, "random")'
holds 'cf 13/8 :: len(quotients) == 5 and max(quotients) == 2 and min(quotients) == 1'
holds 'cf 13/8 :: sum(quotients) == 6 and count(quotients, 1) == 4 and index(quotients, 2) == 4'
holds 'shifts 0x9e370001 :: max(steps[*].shift) == 16 and count(steps[*].op, "sub") == 3'
holds 'sweep 0x9e370001 -t 10 -c 1024 :: count(rows[*].verdict, "FAIL") == 11'
# and binds tighter than or; not applies to what follows
holds 'naf 16 :: value == 1 and value == 2 or value == 16'
holds 'naf 16 :: not value == 1 and not odd'
# a path that leads nowhere makes every comparison false, != included
fails 'naf 16 :: nosuchfield == 1'
fails 'naf 16 :: nosuchfield != 1'
fails 'cf 13/8 :: quotients[7] == 1'
fails 'naf 16 :: run(naf 17).value == 16'
holds 'naf 16 :: run(naf 17).value == 17 and run(cf 13/8).quotients[-1] == 2'
# malformed checks: line number and what is wrong, status 2
malformed 'naf 16 :: value = 16' '= compares as =='
malformed 'naf 16 :: value ==' 'a comparison needs a value on its right'
malformed 'naf 16 :: value == 16 16' 'not a number, string, list or path'
malformed 'naf 16 :: value == 16 == 16' 'a comparison goes on with and, or, or ends'
# the form of a numeral: literal(), decimals(), lowest(), contains()
holds 'cf 13/8 :: literal("0x61C88647") and literal("19.13") and literal("-7")'
holds 'cf 13/8 :: literal("1.5e6") and literal("0b1_0000") and literal("1_000")'
fails 'cf 13/8 :: literal("2^32 - 0x9e3779b9")'
fails 'cf 13/8 :: literal("golden(32)")'
fails 'cf 13/8 :: literal("13/8")'
fails 'cf 13/8 :: literal("0x")'
fails 'cf 13/8 :: literal("1e")'
holds 'cf 13/8 :: decimals("19.13") == 2 and decimals("0.8333") == 4'
holds 'cf 13/8 :: decimals("2e1") == -1 and decimals("19") == 0'
holds 'cf 13/8 :: decimals("1.913e1") == 2 and decimals("5e-3") == 3'
holds 'cf 13/8 :: decimals("0x10") == 0'
fails 'cf 13/8 :: decimals("1 + 1") == 0'
holds 'cf 13/8 :: lowest("44/27") and lowest("44") and lowest("-3/4")'
fails 'cf 13/8 :: lowest("88/54")'
fails 'cf 13/8 :: lowest("44/1")'
fails 'cf 13/8 :: lowest("1.5")'
holds 'cf 13/8 :: contains(input, "/") and not contains(input, "phi")'
malformed 'naf 16 :: literal(value, 1)' 'takes one argument'
malformed 'naf 16 :: value == [1, 2' 'unclosed bracket'
malformed 'naf 16 :: len(value, 2) == 1' 'takes one argument'
malformed 'naf 16 :: value[x] == 1' 'an index is'
malformed 'naf 16 :: value == result.nosuchcommand.x' 'unknown command'
malformed 'naf 16 :: value == state.nosuchsetting' 'unknown setting'
malformed 'naf 16 :: value == 0x1g' 'not a number, string, list or path'
lesson 'nosuchcommand 1 :: value == 1'
"$cfx" learn --check "$tmp/t.lesson" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q 'a claim runs a command' "$tmp/err" && ok "claim of an unknown command" ||
	bad "claim of an unknown command: status $rc"
# a session word (a row of the command table, not a command) runs nothing
for w in 'set bits 4' 'show' 'exit'; do
	lesson "$w :: value == 1"
	"$cfx" learn --check "$tmp/t.lesson" >/dev/null 2>"$tmp/err"; rc=$?
	[ $rc = 2 ] && grep -q 'a claim runs a command' "$tmp/err" && ok "claim of session word $w" ||
		bad "claim of session word $w: status $rc"
done

# answers: any notation, lists with commas, semicolons or spaces
mkdir -p "$tmp/l"
printf 'title: T\nstep: S\n  Prose.\nask: Q?\ncheck: answer == [0, 1, 1, 2]\nhint: h\nsolution: answer 0, 1, 1, 2\nstep: U\n  Prose.\nask: Sixteen?\ncheck: answer == 16\nhint: h\nsolution: answer 16\n' > "$tmp/l/01-t.lesson"
answer() {   # answer STEP-LINE... : does the last one pass its step?
	printf '%s\n' "$@" | CFX_LESSONS=$tmp/l "$cfx" learn 1 2>&1 | grep -c 'done\.'
}
for a in '[0; 1, 1, 2]' '0, 1, 1, 2' '0 1 1 2' 'answer 0,1,0x1,2'; do
	[ "$(answer 'reset' "$a")" = 1 ] && ok "answer list: $a" || bad "answer list: $a"
done
[ "$(answer 'reset' '0 1 2')" = 0 ] && ok "wrong list refused" || bad "wrong list accepted"
for a in 16 0x10 2^4 '2 ^ 4' 32/2 0b10000 '4*4' 16.0; do
	[ "$(answer 'reset' '0 1 1 2' "$a")" = 2 ] && ok "answer: $a" || bad "answer: $a"
done
for a in 15 0x11 sixteen '1 6'; do
	[ "$(answer 'reset' '0 1 1 2' "$a")" = 1 ] && ok "refused: $a" || bad "accepted: $a"
done

finish checks
