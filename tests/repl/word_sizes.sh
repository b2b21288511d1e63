#!/bin/bash
# One word-size rule for every face (issue 26): the command line's
# --bits, the REPL's --bits and set bits (at a terminal, tmux's pty) and
# the dashboard's --bits and :set bits accept and refuse the same word
# sizes, each refusal one line in the same words: "--bits 70: score takes
# 1..64".  A session's word goes to whichever command runs next, so set
# bits takes any word some command takes and refuses the rest when set
# ("set bits 0: the session takes 1..65536, or auto"); a command that
# does not take the session's word refuses it when it runs, in its own
# words ("verify: set bits 7: verify takes 8..64, or auto"; tests/cli/
# word_table.sh walks every command and size).
#
# The oracle is the table of word sizes as the man page states it,
# written out here: a value is taken when lo <= n <= hi; what is shown
# for a word taken is checked against python's hex of the constant.
. "$(dirname "$0")/../lib/tmux.sh"
cd "$root" || exit 2

# the table: command lo hi (the man page's --bits)
table="cf 1 65536
naf 1 65536
shifts 1 65536
score 1 64
sweep 1 64
bench 1 64
spectrum 1 64
verify 8 64
search 1 126
dash 1 64
set 1 65536"
lo() { awk -v c="$1" '$1 == c { print $2 }' <<<"$table"; }
hi() { awk -v c="$1" '$1 == c { print $3 }' <<<"$table"; }
takes() { [ "$2" -ge "$(lo "$1")" ] && [ "$2" -le "$(hi "$1")" ]; }
says() {   # the refusal's words: how value who
	local who=$3 verb=takes
	[ "$who" = dash ] && who="the dashboard"
	[ "$who" = set ] && who="the session"
	printf '%s %s: %s %s %s..%s' "$1" "$2" "$who" "$verb" "$(lo "$3")" "$(hi "$3")"
}
values="0 1 7 8 64 65 126 127 200 65536 65537"
# a session's word outside its 8..64 that some commands take: the
# refusal names them, "; cf, naf and shifts take it by their own --bits"
# (in any order), the commands of the table above that take the value;
# when more take it than not, the others: "; all but verify take it by
# their own --bits".  In the dashboard the same names are ':'
# commands (:cf).  tail_ok PREFIX VALUE TAIL: TAIL (after "; ") is right.
tail_ok() {
	local pre=$1 v=$2 tail=$3 c take="" other="" k=0 m=0 list named want verb
	for c in cf naf shifts score spectrum sweep bench verify search; do
		if takes "$c" "$v"; then take="$take $c"; k=$((k + 1))
		else other="$other $c"; m=$((m + 1)); fi
	done
	[ $k = 0 ] && { [ -z "$tail" ]; return; }
	if [ $m -gt 0 ] && [ $m -lt $k ]; then
		verb="take it by their"
		case $tail in "all but "*" $verb own --bits") ;; *) return 1 ;; esac
		list=${tail#"all but "}; want=$other
	else
		verb="take it by their"; [ $k = 1 ] && verb="takes it by its"
		want=$take; list=$tail
	fi
	case $list in *" $verb own --bits") ;; *) return 1 ;; esac
	list=${list%" $verb own --bits"}
	named=$(sed 's/, / /g; s/ and / /' <<<"$list" | tr ' ' '\n')
	# each name carries the prefix (":cf" in the dashboard)
	[ -z "$pre" ] || ! grep -qv "^$pre" <<<"$named" || return 1
	named=$(sed "s/^$pre//" <<<"$named" | sort | paste -sd' ')
	[ "$named" = "$(tr ' ' '\n' <<<"${want# }" | sort | paste -sd' ')" ]
}
set_refused() {   # value line: LINE is the REPL's refusal of set bits VALUE
	local v=$1 line=$2 head
	head="set: $(says "set bits" "$v" set), or auto"
	[ "$line" = "$head" ] && { tail_ok "" "$v" ""; return; }
	case $line in "$head; "*) ;; *) return 1 ;; esac
	tail_ok "" "$v" "${line#"$head; "}"
}

# ---- the command line ----------------------------------------------------
for c in cf naf score spectrum verify search; do
	for v in $values; do
		# accepted words are run where it is cheap: refusals always
		if takes "$c" "$v"; then
			case $c:$v in cf:*|naf:*|score:[1-9]|score:64|spectrum:*|verify:8) ;;
			*) continue ;;
			esac
		fi
		arg=1; [ "$c" = search ] && arg=
		err=$(./cfx "$c" --bits "$v" $arg 2>&1 >/dev/null); st=$?
		if takes "$c" "$v"; then
			# taken: run, or refused for another reason (spectrum's 10
			# points on 1 bit), never for the word
			! grep -q -- '--bits' <<<"$err" && ok "cfx $c --bits $v: taken" ||
				bad "cfx $c --bits $v: refused ($err)"
		else
			want="cfx: $c: $(says --bits "$v" "$c")"
			[ $st = 2 ] && [ "$err" = "$want" ] &&
				ok "cfx $c --bits $v: '$want'" ||
				bad "cfx $c --bits $v: status $st, '$err' (want '$want')"
		fi
	done
done
# shifts writes C on machine words only: --emit narrows it to 1..64
err=$(./cfx shifts --emit c --bits 100 1 2>&1 >/dev/null); st=$?
[ $st = 2 ] && [ "$err" = "cfx: shifts: --bits 100: shifts --emit takes 1..64" ] &&
	ok "shifts --emit c --bits 100: shifts --emit takes 1..64" ||
	bad "shifts --emit c --bits 100: status $st, $err"
err=$(./cfx cf --bits abc 1 2>&1 >/dev/null); st=$?
[ $st = 2 ] && [ "$err" = "cfx: cf: --bits needs an integer (abc)" ] &&
	ok "cfx cf --bits abc: --bits needs an integer" ||
	bad "cfx cf --bits abc: status $st, $err"
# the dashboard's own --bits, before it needs a terminal
for v in 0 65 200; do
	err=$(./cfx dash --bits "$v" 1 2>&1 </dev/null); st=$?
	want="cfx: dash: $(says --bits "$v" dash)"
	[ $st = 2 ] && [ "$err" = "$want" ] && ok "cfx dash --bits $v: '$want'" ||
		bad "cfx dash --bits $v: status $st, '$err'"
done

# ---- the REPL at a terminal ------------------------------------------------
# each line on a cleared screen; its output is what follows the input.
# Every wait is for a state of the screen, never a time: under load a
# wait for a bare prompt alone was met by the prompt C-l redraws before
# the line was even typed, and the screen read half-written.  So: the
# screen cleared to its prompt first, then the line typed, then done
# when the line as typed has a fresh prompt on a row below it.
cleared() {
	[ "$(tm_screen | grep -c .)" = 1 ] && tm_screen | grep -q '^cfx> *$'
}
answered() {   # answered LINE: "cfx> LINE", and a bare prompt below it
	tm_screen | awk -v l="cfx> $1" '{ sub(/ +$/, "") }
		$0 == l { seen = 1; next } seen && /^cfx>$/ { done = 1 }
		END { exit !done }'
}
until_true() {   # until_true CMD...: poll CMD for up to 20 s
	local i=0
	while [ $i -lt 400 ]; do
		"$@" && return 0
		sleep 0.05; i=$((i + 1))
	done
	echo "--- waited 20s for $*; screen:"; tm_screen | sed 's/^/| /'
	return 1
}
repl_line() {
	tm_keys C-l; until_true cleared >/dev/null
	tm_type "$1"; tm_keys Enter
	until_true answered "$1" >/dev/null
}
shown() { tm_screen | grep -v '^cfx>' | grep -v '^ *[\^~]* *$'; }
tm_start 200 30 ./cfx repl
tm_wait '^cfx>$' 30 >/dev/null || bad "the REPL did not start"
for v in $values; do
	repl_line "set bits $v"
	out=$(shown)
	if takes set "$v"; then
		repl_line "show"
		shown | grep -Eq "^bits +$v\$" && ok "REPL set bits $v: taken" ||
			bad "REPL set bits $v: $out | $(shown)"
	else
		set_refused "$v" "$(grep '^set: ' <<<"$out")" &&
			ok "REPL set bits $v: refused in the table's words" ||
			bad "REPL set bits $v: $out"
	fi
done
for c in score verify spectrum; do
	for v in 7 65 200; do
		takes "$c" "$v" && continue
		repl_line "$c --bits $v 1"
		out=$(shown)
		grep -qxF "$c: $(says --bits "$v" "$c")" <<<"$out" &&
			ok "REPL $c --bits $v: the command line's words" ||
			bad "REPL $c --bits $v: $out"
	done
done
# a word refused by set leaves the session's as it was (8 here)
repl_line "set bits 8"
repl_line "set bits 0"
repl_line "show"
shown | grep -Eq '^bits +8$' &&
	ok "REPL set bits 8, set bits 0: refused, bits stays 8" ||
	bad "REPL set bits 8, set bits 0: $(shown)"
# a word some commands do not take: taken, those named at once, and
# each refuses it when it runs (verify below 8 bits, score above 64)
for v in 7 200; do
	repl_line "set bits $v"
	out=$(shown)
	case $v in
	7) c=verify; named="verify takes 8\.\.64, so it refuses it" ;;
	*) c=score; named="spectrum, score, sweep and bench take 1\.\.64" ;;
	esac
	tr -s ' \n' '  ' <<<"$out" | grep -q "bits $v: .*$named" &&
		ok "REPL set bits $v: taken, naming $c among those refusing it" ||
		bad "REPL set bits $v: $out"
	repl_line "$c 1"
	shown | grep -qxF "$c: $(says "set bits" "$v" "$c"), or auto" &&
		ok "REPL $c on set bits $v: refused in $c's words" ||
		bad "REPL $c on set bits $v: $(shown)"
done
# not an integer: --bits' words, named as set bits
repl_line "set bits abc"
shown | grep -qxF "set: set bits needs an integer (abc)" &&
	ok "REPL set bits abc: set bits needs an integer (as --bits abc)" ||
	bad "REPL set bits abc: $(shown)"
# a word only cf takes is that command's own: 200 bits, the constant's hex
repl_line "set bits auto"
repl_line "cf 3 --bits 200"
hex=$(python3 -c 'print("0x" + format(3, "050x"))')
shown | grep -qF "$hex / 2^200" && ok "REPL cf 3 --bits 200: 200 bits ($hex)" ||
	bad "REPL cf 3 --bits 200: $(shown)"
tm_type 'quit'; tm_keys Enter

# ---- the dashboard ----------------------------------------------------------
# (a refusal's whole sentence waited for, its rows joined: read as soon
# as its first words showed, its tail could be still unwritten)
re_of() { sed 's/[][\\.*^$+?(){}|]/\\&/g' <<<"$1"; }
joined_has() { tm_screen | tr -s ' \n' '  ' | grep -Eq -- "$1"; }
tm_start 120 40 env LC_ALL=C.UTF-8 ./cfx dash --bits 7 5
tm_wait 'n = 7' 30 >/dev/null && ok "dash --bits 7: taken, n = 7" ||
	bad "dash --bits 7 not shown"
for v in 0 65 200 65537; do
	tm_type ":set bits $v"; tm_keys Enter
	want="$(re_of "$(says "set bits" "$v" dash), or auto")"
	case $v in 0|65537) ;; *) want="$want; .* own --bits" ;; esac
	until_true joined_has "$want" >/dev/null &&
		tm_screen | grep -q 'n = 7' &&
		ok "dash :set bits $v: refused in the table's words, n stays 7" ||
		bad "dash :set bits $v: $(tm_screen | grep -i 'bits' | head -3)"
	# the ':' commands that take it by their own --bits, named
	said=$(tm_screen | tr -s ' \n' '  ' | grep -o "set bits $v: the dashboard takes 1\.\.64, or auto[^|]*by [a-z]* own --bits" | head -1)
	t=${said#*, or auto; }
	if [ "$v" = 0 ] || [ "$v" = 65537 ]; then
		[ -z "$said" ] && ok "dash :set bits $v: no command named (none takes it)" ||
			bad "dash :set bits $v: names '$said'"
	else
		[ -n "$said" ] && tail_ok : "$v" "$t" &&
			ok "dash :set bits $v: names the ':' commands that take it ($t)" ||
			bad "dash :set bits $v: '$said'"
	fi
done
tm_type ":set bits abc"; tm_keys Enter
tm_wait 'set bits needs an integer \(abc\)' 30 >/dev/null &&
	tm_screen | grep -q 'n = 7' &&
	ok "dash :set bits abc: set bits needs an integer, n stays 7" ||
	bad "dash :set bits abc: $(tm_screen | grep -i 'bits' | head -3)"
tm_type ":set bits 64"; tm_keys Enter
tm_wait 'n = 64' 30 >/dev/null && ok "dash :set bits 64: taken" ||
	bad "dash :set bits 64 not shown"
tm_type ":score --bits 70 5"; tm_keys Enter
tm_wait "$(re_of "$(says --bits 70 score)")" 30 >/dev/null &&
	ok "dash :score --bits 70: the command line's words" ||
	bad "dash :score --bits 70: $(tm_screen | grep -i 'bits' | head -3)"
tm_keys Escape
tm_type 'q'
tm_summary
