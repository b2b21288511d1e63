#!/bin/bash
# One rule of word sizes per command (issue 26 point 3): every command x
# word size, on the command line and through a session's set bits, taken
# or refused as the man page's table says, each refusal naming the words
# of the command it is about; every --help saying the same words.
#
# The oracle is the table as the man page states it, written out below
# (not read from cfx): first this suite checks that the man page's
# paragraph still says exactly that, then that cfx --help's list (which
# the code makes from its own table) is the man page's, then it walks the
# commands and sizes.  A word is taken when lo <= n <= hi.  Taken or
# refused is seen without running the work: the constant is 0, which
# every command refuses after the word ("multiplier must not be zero"),
# search gets --near 2 (refused after the word too).
#
# A session's word goes to whichever command runs next: set bits takes
# the words every command takes (8..64) and refuses any other when set,
# naming the commands that take it by their own --bits (it took any word
# some command took, with a warning, and score p failed later: issue
# 26).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# who lo hi says: the man page's --bits table (who as cli_word's rows)
table="cf 1 65536 cf
naf 1 65536 naf
shifts 1 65536 shifts
shifts--emit 1 64 shifts --emit
shifts--optimal 1 64 shifts --optimal
spectrum 1 64 spectrum
score 1 64 score
sweep 1 64 sweep
bench 1 64 bench
verify 8 64 verify
search 1 126 search
dash 1 64 the dashboard"
lo() { awk -v c="$1" '$1 == c { print $2 }' <<<"$table"; }
hi() { awk -v c="$1" '$1 == c { print $3 }' <<<"$table"; }
rng() { echo "$(lo "$1")..$(hi "$1")"; }
says() {
	awk -v c="$1" '$1 == c { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }' \
		<<<"$table"
}
takes() { [ "$2" -ge "$(lo "$1")" ] && [ "$2" -le "$(hi "$1")" ]; }

# ---- the man page states this table ---------------------------------------
same() {   # NAME GOT WANT
	[ "$2" = "$3" ] && ok "$1" || bad "$1: '$2'"
}
man=$(sed -n '/^\.BI \\-\\-bits " N"$/,/^\.TP$/p' man/cfx.1 |
	sed 's/\\-/-/g' | tr '\n' ' ' | tr -s ' ')
t1='cf, naf and shifts 1..65536 (shifts --emit and --optimal 1..64); '
t1+='score, sweep, spectrum and bench 1..64; verify 8..64; '
t1+='search 1..126; the dashboard 1..64'
same "the man page's --bits states the table written here" \
	"$(grep -o 'the dashboard: cf, .*; the dashboard 1\.\.64' <<<"$man")" \
	"the dashboard: $t1"
t2='so it takes the words every command takes, 8..64'
same "the man page: set bits takes the words every command takes" \
	"$(grep -oF "$t2" <<<"$man")" "$t2"
# cfx --help's list, made from the code's table, is the man page's
help=$(./cfx --help | tr '\n' ' ' | tr -s ' ')
t3='The words each takes: cf, naf and shifts 1..65536; shifts --emit, '
t3+='shifts --optimal, spectrum, score, sweep and bench 1..64; '
t3+='verify 8..64; search 1..126; the dashboard 1..64'
same "cfx --help lists the same words" \
	"$(grep -o 'The words each takes: .*; the dashboard 1\.\.64' \
		<<<"$help")" \
	"$t3"
grep -q 'for every command and the dashboard alike' <<<"$help$man" &&
	bad "a text says one word rule for every command alike" ||
	ok "no text says every command takes every word"

# ---- every command x size on the command line ----------------------------
sizes="0 1 7 8 9 16 32 63 64 65 126 127 128 200 65536 65537"
run() {   # who n: cfx's stderr for it, the status after a tab
	local who=$1 n=$2 err st
	case $who in
	shifts--emit) set -- shifts --emit c --bits "$n" 0 ;;
	shifts--optimal) set -- shifts --optimal --bits "$n" 0 ;;
	search) set -- search --bits "$n" --near 2 ;;
	*) set -- "$who" --bits "$n" 0 ;;
	esac
	err=$(./cfx "$@" 2>&1 </dev/null >/dev/null)
	st=$?
	printf '%s\t%s' "$err" "$st"
}
bitsline() { grep -o -- '--bits N word size n[^(]*' <<<"$1"; }
for who in $(cut -d' ' -f1 <<<"$table"); do
	cmd=${who%%--*}
	bad0=0
	for n in $sizes; do
		r=$(run "$who" "$n"); err=${r%$'\t'*}; st=${r##*$'\t'}
		if takes "$who" "$n"; then
			# taken: refused for the zero constant (or search's
			# --near), never for the word
			[ "$st" = 2 ] && ! grep -q -- '--bits' <<<"$err" &&
				continue
			bad "cfx $who --bits $n: refused ($err)"; bad0=1
		else
			want="cfx: $cmd: --bits $n: $(says "$who") takes"
			want+=" $(rng "$who")"
			[ "$st" = 2 ] && [ "$err" = "$want" ] && continue
			m="cfx $who --bits $n: status $st, '$err'"
			bad "$m (want '$want')"
			bad0=1
		fi
	done
	[ $bad0 = 0 ] && ok "cfx $who: $(rng "$who") taken, the rest \
refused naming them ($(wc -w <<<"$sizes") sizes)"
	# its --help says the same words (the shifts rows in shifts' help)
	[ "$who" = dash ] || [ "$cmd" != "$who" ] && continue
	h=$(./cfx "$cmd" --help | tr '\n' ' ' | tr -s ' ')
	grep -qF -- "--bits N word size n, $(rng "$who")" <<<"$h" &&
		ok "cfx $cmd --help: --bits N, word size n, $(rng "$who")" ||
		bad "cfx $cmd --help's --bits line: $(bitsline "$h")"
done
h=$(./cfx dash --help | tr '\n' ' ' | tr -s ' ')
grep -qF -- "--bits N word size n, 1..64 " <<<"$h" &&
	ok "cfx dash --help: word size n, 1..64" ||
	bad "cfx dash --help: $(bitsline "$h")"
h=$(./cfx shifts --help | tr '\n' ' ' | tr -s ' ')
w='--bits N word size n, 1..65536, shifts --emit and shifts --optimal 1..64 '
grep -qF -- "$w" <<<"$h" &&
	ok "cfx shifts --help: 1..65536, --emit and --optimal 1..64" ||
	bad "cfx shifts --help: $(bitsline "$h")"
# a constant wider than the words: the same words
for who in score verify cf; do
	err=$(./cfx "$who" '2^70000' 2>&1 >/dev/null)
	w=$((70000 / 64 * 64 + 64))
	[ "$w" -gt "$(hi "$who")" ] && w=$(hi "$who")
	want="cfx: $who: multiplier wider than $w bits: $(says "$who") takes"
	want+=" $(rng "$who") (2^70000)"
	same "cfx $who 2^70000: '$want'" "$err" "$want"
done

# ---- the session: set bits, then every command on its word -----------------
# set bits takes the words every command takes (the rows but the
# dashboard's, lo the largest, hi the smallest) and refuses the rest
# when set, naming the commands (no narrowed row) that take it by their
# own --bits: "all but ..." when more take it than not
cmds=$(cut -d' ' -f1 <<<"$table" | grep -v -e -- -e '^dash$')
slo=0 shi=999999
for who in $cmds; do
	[ "$(lo "$who")" -gt $slo ] && slo=$(lo "$who")
	[ "$(hi "$who")" -lt $shi ] && shi=$(hi "$who")
done
same "set bits takes $slo..$shi (the words of every command)" \
	"$slo..$shi" "8..64"
join() {   # words: "a", "a and b", "a, b and c"
	local n=$# out="" i=0 w
	for w in "$@"; do
		i=$((i + 1))
		if [ $i = 1 ]; then out=$w
		elif [ $i = "$n" ]; then out="$out and $w"
		else out="$out, $w"; fi
	done
	printf '%s' "$out"
}
setmsg() {   # n: set's refusal of n, or "" when it is taken
	local n=$1 who t=() o=() tail=""
	[ "$n" -ge $slo ] && [ "$n" -le $shi ] && return
	for who in $cmds; do
		if takes "$who" "$n"; then t+=("$(says "$who")")
		else o+=("$(says "$who")"); fi
	done
	if [ ${#t[@]} -gt 0 ]; then
		if [ ${#o[@]} -lt ${#t[@]} ]; then
			tail="; all but $(join "${o[@]}")"
		else
			tail="; $(join "${t[@]}")"
		fi
		[ ${#t[@]} = 1 ] && tail+=" takes it by its own --bits" ||
			tail+=" take it by their own --bits"
	fi
	printf 'cfx: line 1: set: set bits %s: every command takes' "$n"
	printf ' %s..%s, or auto%s' $slo $shi "$tail"
}
for n in $sizes; do
	err=$(printf 'set bits %s\n' "$n" | ./cfx 2>&1 >/dev/null); st=$?
	want=$(setmsg "$n")
	if [ -n "$want" ]; then
		[ "$st" = 2 ] && [ "$err" = "$want" ] &&
			ok "set bits $n: refused, '$want'" ||
			bad "set bits $n: status $st, '$err' (want '$want')"
		continue
	fi
	[ "$st" = 0 ] && [ -z "$err" ] && ok "set bits $n: taken" ||
		bad "set bits $n: status $st, '$err' (want it taken)"
	# each command takes the session's word, one script each
	bad0=0
	for who in cf naf shifts spectrum score sweep bench verify search; do
		line="$who 0"
		[ "$who" = search ] && line="search --near 2"
		err=$(printf 'set bits %s\n%s\n' "$n" "$line" |
			./cfx 2>&1 >/dev/null)
		grep -q 'set bits' <<<"$err" || continue
		bad "set bits $n, $who: refused ($err)"; bad0=1
	done
	[ $bad0 = 0 ] && ok "set bits $n: every command takes it"
done
done_suite word_table
