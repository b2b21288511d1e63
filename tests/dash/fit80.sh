#!/bin/bash
# 80x24 first: the dashboard at the size most terminals open at, read as a
# person reads it after each key the help documents.  Every screen is
# read by tests/dash/fit.py: no text touching a panel's edge (it was cut),
# no word cfx never prints (a cut one), the header's value and parity
# whole, the power sum term for term against the NAF computed in Python,
# the sweep and verify strips there or a line saying where they went.
# The help's own list of keys must be the one this test presses, so a new
# key is read too.  Then a command's output in the pane, read against
# what the CLI prints, and the help's pages scrolled through.
. "$(dirname "$0")/lib.bash"

vocab=$TM_DIR/vocab
cat src/*/*.c src/*/*.h include/cfx/*.h lessons/*.lesson man/cfx.1 |
	grep -oE '[A-Za-z]+' | tr A-Z a-z | sort -u > "$vocab"

# shot NAME P N MODE: keep the screen (one capture: a frame is drawn
# whole, so its header and panels agree) for fit.py, which reads them
# all at the end (P "-": the value the header shows, after a key moved
# it; the header check then holds its hex and decimal against each
# other, the sum against the NAF of that value).
shots=$TM_DIR/shots nshot=0
mkdir -p "$shots"
shot() {
	tm_settle
	nshot=$((nshot + 1))
	{ echo "$1"; echo "$2 $3 $4"; tm_screen; } > "$shots/$(printf %04d $nshot)"
}

# The constant's value by PARI/GP (golden(N) = round(2^N / phi); cfx's
# prevprime(x) is the largest prime below x).
dec_of() {
	local g
	case $1 in
	'prevprime(golden(32))') g='precprime(round(2^33/(1+sqrt(5)))-1)' ;;
	'golden(64)') g='round(2^65/(1+sqrt(5)))' ;;
	*) g=$1 ;;
	esac
	echo "default(realprecision, 60); $g" | gp -q -f | tail -1
}
# tmux keys for each key name the help lists under "On the dashboard"
# (a name's keys are pressed one after another; "-" : not pressed here,
# read in its own test below; F1 in tests/dash/edit_pane.sh).
declare -A press=(
	["e, Enter"]="e Escape" ["/"]="/ Escape" [":"]=": Escape"
	["?, F1"]="-" ["q, Ctrl-C"]="-" ["Left Right"]="Left Right Left"
	["+ 0 - Space"]="Right + - 0 Space" ["H L"]="H L"
	["n p"]="n p" ["w"]="w w w" ["< >"]="> > >"
	["( )"]="( )" ["k K"]="k k K" [", ."]=". ,"
	["[ ]"]="] [" ["{ }"]="} {" ["c"]="c" ["s"]="s"
	["PgUp PgDn Up Down"]="NPage PPage Down Up" ["o, Esc"]="o o"
	["Ctrl-L"]="C-l" ["Ctrl-Z"]="-"
)

# ---- the help lists the keys this test presses ----
dash_start 80 24
tm_wait 'golden prefix' >/dev/null
tm_type '?'
tm_wait '^─ Keys' >/dev/null
names=
for i in 1 2 3 4 5 6 7 8; do
	names+=$(tm_screen | cut -c1-26)$'\n'
	tm_press NPage || break   # the last page
done
listed=$(printf '%s' "$names" | awk '
	/^  On the dashboard/ { on = 1; next }
	/^  [A-Z]/ { on = 0 }
	on && /^    [^ ]/ { sub(/^    /, ""); sub(/ +$/, ""); print }' | sort -u)
missing=
while IFS= read -r k; do
	[ -n "$k" ] && [ -z "${press[$k]+x}" ] && missing+=" [$k]"
done <<<"$listed"
check "every key the help documents is pressed here (not:$missing)" \
	test -z "$missing" -a -n "$listed"
tm_type 'q'; tm_exited >/dev/null

# ---- each documented key, on constants that fill the panels ----
# prevprime(golden(32)) the default; golden(64) even, 64 bits; the seed
# 0x9e370001; 0xAAAAAAAAAAAAAAAB the longest NAF of 64 bits (4 rows of
# sum); 0xfffffff1 whose 2^32 digit wraps.
for expr in 'prevprime(golden(32))' 'golden(64)' 0x9e370001 \
            0xAAAAAAAAAAAAAAAB 0xfffffff1; do
	p=$(dec_of "$expr")
	dash_start 80 24 dash "'$expr'"
	tm_wait 'golden prefix' 30 >/dev/null
	# (the word as the header says it, once it is drawn)
	tm_wait '^  = 0x[0-9a-f]+ = [0-9]+ +n = [0-9]+' 30 >/dev/null
	n=$(tm_screen | sed -n '2s/.*n = \([0-9]*\).*/\1/p')
	shot "80x24 $expr: the panels" "$p" "$n" view
	case $expr in prevprime*|golden*) ;; *) tm_type q; continue ;; esac
	while IFS= read -r k; do
		[ "${press[$k]}" = - ] && continue
		# every key of the name, the screen read after each
		for key in ${press[$k]}; do
			tm_press "$key"
			mode=view
			tm_screen | grep -q '^─ Output of' && mode=out
			shot "80x24 $expr, $key ($k)" - 0 "$mode"
		done
	done <<<"$listed"
	tm_type q; tm_exited >/dev/null
done

# ---- a command's output: wrapped in the pane, not cut ----
# :verify --full's report, read row by row up the pane, its text joined
# and held against what the CLI prints (spaces aside).
dash_start 80 24 dash 0x9e370001
tm_wait 'golden prefix' >/dev/null
tm_type ':verify --full'; tm_keys Enter
# 0x9e370001 FAILs: the command ends with verify's status 1, which the
# status line calls a verdict, not a failure (it waited for "done", which
# a FAIL never prints, to its time limit); a check, so a report that
# never ends, or ends in an error (status 2), fails
check ":verify --full ends with verify's FAIL: a verdict (status 1)" \
	tm_wait ':verify --full ran: verdict FAIL \(exit 1, not an error\)' 60
cli=$(./cfx verify --full 0x9e370001 | tr -s ' \n' '  ')
pane_text() {
	tm_screen | awk '/^─ Output of/ { on = 1; next } on && NR < 24' |
		sed 's/^ *//' | tr -s ' \n' '  '
}
# the pane's title counts the rows above and below those shown (a report
# that went on below the pane's last row said nothing): at the newest,
# some above and none below; PgUp as many pages as that count needs
# reaches the command's own line, and then the title counts as many
# below; no fewer pages do
out_title() { tm_screen | grep '^─ Output of'; }
above=$(out_title | sed -n 's/.*▲[^0-9]*\([0-9][0-9]*\).*/\1/p')
check "at its newest the pane's title counts the rows above (▲$above), none below" \
	test -n "$above" -a "$(out_title | grep -c '▼')" = 0
vis=$(tm_screen | awk '/^─ Output of/ { on = 1; next } on' | sed '$d' | wc -l)
pages=0
while out_title | grep -q '▲' && [ $pages -lt 80 ]; do
	tm_press PPage; pages=$((pages + 1))
done
# (a page is the pane's rows less one, kept for context, as less does)
check "    PgUp $pages times (the count, $above, over $((vis - 1)) rows a page) reaches the top" \
	test "$pages" = $(( (${above:-0} + vis - 2) / (vis - 1) ))
check "    where the pane begins with the command, ▼$above counted below" \
	tm_wait "^─ Output of.*▼ ?(PgDn: )?$above .*" 2
check "    (its first row: :verify --full)" \
	test "$(tm_screen | awk '/^─ Output of/ { getline; print; exit }' | sed 's/ *$//')" = ' :verify --full'
for i in $(seq $pages); do tm_keys NPage; done
allok=1
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	t=$(pane_text | sed 's/^:verify --full //; s/ *$//')
	[[ "$cli" == *"$t"* ]] || { allok=0; echo "    not in the CLI's: $t"; }
	shot "80x24 :verify --full in the pane, page $i" 2654404609 32 out
	tm_press PPage
done
check "the pane's rows, joined, are the CLI's report" test $allok = 1
tm_type q; tm_exited >/dev/null

# ---- a short answer in the pane: all of it, or a count of the rest ----
# A bare :verify (the strip's verdict, 3 lines) wraps to 4 rows at 80
# columns: the pane grows to its rows (it grew to its lines, and hid the
# last row without a word); whatever PgDn would show, the title counts
dash_start 80 24
tm_wait 'PASS, not compiled' 60 >/dev/null
tm_type ':verify'; tm_keys Enter
tm_wait '^─ Output of' >/dev/null
pane_rows() { tm_screen | awk '/^─ Output of/ { on = 1 } on'; }
before=$(pane_rows)
tm_press NPage
if [ "$before" = "$(pane_rows)" ]; then
	ok "a bare :verify: PgDn shows nothing more (the pane holds it all)"
elif grep -q '^─ Output of.*▼' <<<"$before"; then
	ok "a bare :verify: PgDn shows more, and the title said so"
else
	bad "a bare :verify: PgDn showed rows the title never counted"
	sed 's/^/| /' <<<"$before"
fi
shot "80x24 a bare :verify in the pane" 2654435761 32 out
tm_type q; tm_exited >/dev/null

# ---- bars and their peak: apart ----
# stride keys into 2^15 buckets: a few wide bars, the peak's words beside
# them (they were drawn against the last bar: "▂▂▂▂▂buckets by load")
dash_start 80 24 dash -k stride:4096 -t 15
tm_wait 'worst s=' 30 >/dev/null
shot "80x24 stride:4096 keys into 2^15: the bars and the peak" 2654435761 32 view
tm_type q; tm_exited >/dev/null

# ---- a NAF digit set beside a non-zero one, at 64 bits ----
# golden(64)+1, digit 2^62 (a 0 between two +) set to -: the status line
# says the NAF was rewritten and its weight, whole at 80 columns (the
# value, 16 hex digits, is on the header's row above it); the weight by
# the textbook NAF here, not cfx's
dash_start 80 24 dash "'golden(64)+1'"
tm_wait 'golden prefix' >/dev/null
tm_keys Right; tm_type '-'
w62=$(python3 -c '
from decimal import Decimal, getcontext
getcontext().prec = 60
g = int((Decimal(2) ** 65 / (1 + Decimal(5).sqrt())).to_integral_value())
x, w = (g + 1 - 2 ** 62) % 2 ** 64, 0
while x:
    if x & 1:
        x -= 2 - (x & 3); w += 1
    x >>= 1
print(w)')
check "    - on 2^62 of golden(64)+1: rewritten, weight $w62 (Python's NAF), whole" \
	tm_wait "^  2\^62 -> -: NAF rewritten, weight $w62: no adjacent non-zeros\$" 5
shot "80x24 golden(64)+1, - on 2^62" - 0 view
tm_type q; tm_exited >/dev/null

# ---- the help's two pages, scrolled through ----
helptext=
dash_start 80 24
tm_wait 'golden prefix' >/dev/null
tm_type '?'
for page in Keys Panels; do
	tm_wait "^─ $page" >/dev/null
	for i in 1 2 3 4 5 6 7 8; do
		shot "80x24 ? $page, screen $i" 0 32 help
		helptext+=$(tm_screen | cut -c27-)$'\n'
		tm_press NPage || break
	done
	tm_type '?'
done
# every mark the panels draw is read there: the spectrum's ▲ beside its
# top K (rows of smaller K out of room) was in no help
check "the help says what the spectrum's ▲ before its top K is" \
	grep -q "▲ before the top row's K" <<<"$(tr -s ' \n' '  ' <<<"$helptext")"
tm_type q; tm_exited >/dev/null

# ---- typing: a long constant's error whole, and the word Enter keeps ----
dash_start 80 24
tm_wait 'golden prefix' >/dev/null
tm_type '/nextprime(2^70) + golden(64) * 3'
tm_wait 'wider than 64 bits' >/dev/null
shot "80x24 typing: an error after a long caret run" 0 32 view
check "    it is said whole, on a row of its own if need be" \
	tm_wait 'multiplier (is )?wider than 64 bits'
tm_keys C-u; tm_type '0x61C8'
check "typing 0x61C8: on 32 bits, the rule's word for it (no flip to 16)" \
	tm_wait '= 0x000061c8 = 25032 +n = 32 \(auto\)'
tm_type '86470'
check "typing on past 32 bits: on 64 as typed, the word Enter keeps" \
	tm_wait '= 0x000000061c886470 = 26248504432 +n = 64 \(auto\)'
shot "80x24 typing a constant of 64 bits" - 0 view
tm_keys Enter
check "Enter: n = 64 kept" \
	tm_wait 'constant 0x000000061c886470 \(n = 64\)'
tm_type q; tm_exited >/dev/null

# ---- a typing error on Enter: whole in the pane, no "o" promised ----
# While a constant is typed, o is a letter: the status line never says
# "(o: the rest)" there (a long "fix the constant first, or Esc to go back
# to ..." did, and its rest was in no pane it named).  Enter puts the
# typing error whole in the pane: the CLI's message for the same text.
# (C-e, not End: an escape sequence split under load is an Esc)
long="2654435761$(printf ' + 0%.0s' $(seq 24))"
dash_start 80 24 dash "'$long'"
tm_wait 'golden prefix' >/dev/null
tm_keys e C-e; tm_type ' + isprime(5)'
tm_wait 'unknown function' >/dev/null
tm_keys Enter
tm_wait 'fix the constant first' >/dev/null
check "a bad constant, Enter: no \"(o: the rest)\" while o types a letter" \
	tm_gone 'o: the rest' 1
cli_err=$(./cfx naf --bits 32 "$long + isprime(5)" 2>&1 | sed 's/^cfx: naf: //')
check "    the pane has the error whole, as the CLI says it ($cli_err)" \
	tm_wait "isprime\(5\): $(req "$cli_err")"
shot "80x24 Enter on a bad constant: the error in the pane" - 0 out
tm_keys Escape
tm_type q; tm_exited >/dev/null

# ---- every lesson's title whole beside the panels ----
# The pane's title bar had "Lesson 4: The spectrum {k…" at 80x24: the
# title (each lesson file's title: line) is whole, in the bar or in the
# pane's first rows under "Lesson N", and no title is cut with an ellipsis
for f in lessons/[0-9]*.lesson; do
	num=$((10#$(basename "$f" | cut -d- -f1)))
	title=$(sed -n 's/^title: //p' "$f" | head -1)
	dash_start 80 24 dash --learn "$num"
	tm_wait 'Step 1 of' >/dev/null
	# the pane: right of the separator at column 40, from its title row
	pane=$(tm_screen | awk -v n="$num" 'index($0, "Lesson " n) { on = 1 } on' |
		python3 -c 'import sys; [print(l.rstrip()[41:]) for l in sys.stdin]' |
		head -6 | tr '\n' ' ' | tr -s ' ')
	if [[ "$pane" == *"$title"* ]] && ! tm_screen | grep -q "Lesson $num[^─]*…"; then
		ok "--learn $num at 80x24: its title whole ($title)"
	else
		bad "--learn $num at 80x24: its title whole ($title)"; echo "    pane: $pane"
	fi
	tm_type q; tm_exited >/dev/null
done

# ---- a capped b is shown as capped ----
dash_start 80 24
tm_wait 'worst s=' >/dev/null
tm_type '>>'
check "> >: the bucket title says b = 14" tm_wait 'b = 14\)? ─'
check "    and the sweep, which stops at 12, says it is capped" \
	tm_wait 'sweep (k\*2\^s, )?b=12 (\(capped\)|max):'
tm_type '<<'
check "< <: at b = 12 the sweep's b is not capped" \
	tm_wait 'sweep (k\*2\^s, )?b=12: '
tm_type q; tm_exited >/dev/null

# ---- a lesson beside the panels ----
# Lesson 9's steps 1 and 2 are predictions: the bucket panel is hidden
# until they are answered, its title naming the strips it hides; step 3
# shows it beside the lesson, and the keys act on it.
dash_start 80 24 dash --learn 9
tm_wait 'Step 1 of' >/dev/null
shot "80x24 --learn 9: the lesson beside the panels" 2654435761 32 view
check "    step 1, a prediction: the bucket panel, strips and all, hidden and said" \
	tm_wait '─ (▶ )?Buckets, sweep and verify strips ─' 5
for i in 1 2; do
	tm_type ':skip'; tm_keys Enter
	tm_wait "Step $((i + 1)) of" >/dev/null
done
tm_wait '─ (▶ )?Buckets: ' >/dev/null
shot "80x24 --learn 9, step 3: the buckets beside the lesson" - 0 view
for key in w '>' k; do
	tm_keys "$key"
	shot "80x24 --learn 9, $key" - 0 view
done
# the bucket panel is half the width here: its title abbreviates, but
# keeps the keys' family (it kept "keys" and dropped "stride:4096"); k
# says which family it chose on the status line
fam=$(tm_screen | sed -n 's/^  keys: \([^ ]*\)$/\1/p' | head -1)
check "    beside the lesson, k: the bucket title names the family (${fam:-none said})" \
	tm_wait "─ (▶ )?Buckets: [^─]*$(req "${fam:-no family said}")" 5
tm_type q; tm_exited >/dev/null

# ---- every screen kept, read ----
python3 tests/dash/fit.py "$vocab" "$shots" > "$TM_DIR/fit.out"
cat "$TM_DIR/fit.out"
tm_pass=$((tm_pass + $(grep -c '^ok ' "$TM_DIR/fit.out")))
tm_fail=$((tm_fail + $(grep -c '^FAIL ' "$TM_DIR/fit.out")))
check "fit.py read every screen kept ($nshot)" \
	test "$(grep -Ec '^(ok|FAIL) ' "$TM_DIR/fit.out")" = "$nshot"

tm_summary
