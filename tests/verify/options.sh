#!/bin/bash
# cfx verify: what --help and the errors say about its inputs is what it
# does: two constants (--against), the word rule, the --fields offsets.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "options: python3 not found; 0 passed, 1 failed"; exit 1; }

# one line on stderr naming TOKEN, nothing on stdout, status 2
refused() {
	local tok=$1; shift
	./cfx verify "$@" >"$tmp/o" 2>"$tmp/e"; local st=$?
	[ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" = 1 ] &&
		grep -qF "($tok)" "$tmp/e"
}

# (a) two constants: the words are joined into one expression, which does
# not parse; the error names the second and suggests --against
if refused 0x61c88647 0x9e3779b1 0x61c88647 &&
   grep -qF 'cfx verify 0x9e3779b1 --against 0x61c88647' "$tmp/e"
then ok "verify A B: suggests --against"
else bad "verify A B: $(cat "$tmp/e")"; fi
if refused foo 0x9e3779b1 foo && ! grep -q -- --against "$tmp/e"
then ok "verify A foo: the bad word, no --against"
else bad "verify A foo: $(cat "$tmp/e")"; fi
./cfx verify 2^31 + 1 --json 2>"$tmp/e" | $py -c '
import json, sys; assert int(json.load(sys.stdin)["value"]) == 2**31 + 1' &&
	ok "verify 2^31 + 1: still one expression" || bad "verify 2^31 + 1: $(cat "$tmp/e")"

# (b) the word rule, as help says it: the smallest of 32, 64, then
# multiples of 64 that holds the constant (word_auto), and verify refuses
# a word wider than 64 bits
help=$(./cfx verify --help | tr '\n' ' ' | tr -s ' ')
if [[ $help == *"smallest of 32, 64, then multiples of 64 that holds the constant; one wider than 64 bits is refused"* ]] &&
   [[ $help == *"--bits N word size n, 8..64 (default: the word rule, the smallest of 32, 64, then multiples of 64 that holds the constant, and one wider than 64 bits is refused"* ]] &&
   [[ $help != *"smallest of 32 and 64"* ]]
then ok "verify --help states the word rule"
else bad "verify --help: the word rule is not stated"; fi
for e in 1 '2^32-1' '2^32' '2^64-1'; do
	v=$($py -c "print(eval('$e'.replace('^', '**')))")
	want=$($py -c "
v = $v; w = 32
while v >= 2**w: w = 64 if w == 32 else w + 64
print(w)")
	got=$(./cfx verify "$e" --json 2>/dev/null | $py -c 'import json, sys; print(json.load(sys.stdin)["bits"])')
	if [ "$got" = "$want" ]; then ok "verify $e: $got-bit word"
	else bad "verify $e: $got-bit word, the rule says $want"; fi
done
if refused '2^64' '2^64' && grep -q 'wider than 64 bits' "$tmp/e"
then ok "verify 2^64: refused (the rule's 128 bits)"
else bad "verify 2^64: $(cat "$tmp/e")"; fi

# (c) --fields: the rule help states (offsets from n-4 down to 4, each 4
# or more below the one before; words of 9 bits or more, one offset up to
# 12 bits, two up to 16), recomputed here, against what cfx accepts
cat >"$tmp/rule.py" <<'PYEOF'
import sys
def rule(n, hs):   # 1 when the help's rule accepts offsets hs on n bits
    most = 0 if n < 9 else 1 if n <= 12 else 2 if n <= 16 else 3
    return len(hs) <= most and all(4 <= h <= t - 4 for h, t in zip(hs, [n] + hs))
if sys.argv[1] == "refused":   # every layout of 1-2 offsets (and some of 3)
    for n in (8, 9, 12, 13, 16, 17, 32):
        ls = [[a] for a in range(n + 1)] + [[a, b] for a in range(n + 1)
              for b in range(a) if n < 32 or a > 24 or b < 8 or a - b < 6]
        ls += [[a, a - 4, a - c] for a in range(12, n - 3) for c in (8, 9)]
        for hs in ls:
            if not rule(n, hs):   # and the first offset that breaks it
                f = ",".join(map(str, hs))   # (the list, when none fits)
                bad = next(h for i, h in enumerate(hs) if not rule(n, hs[:i + 1])) if n >= 9 else f
                print("%d:%s:%s" % (n, f, bad))
else:
    for nf in sys.argv[2:]:
        n, f = nf.split(":")
        print(nf if rule(int(n), [int(h) for h in f.split(",")]) else nf + "(rule)")
PYEOF
if [[ $help == *"H from n-4 down to 4, each offset 4 or more below the one before (fields of 2^4 values or more; words of 9 bits or more, one offset up to 12 bits, two up to 16)"* ]]
then ok "--fields help states the rule"; else bad "--fields help"; fi
# every layout rule() refuses is refused, naming its first bad offset
# (one and two offsets on 8 to 17 bits, every one; on 32 bits the ends):
# one script, a line each, run with --keep-going (a process each took
# most of this suite's time); each line must be refused alone: one error
# line on stderr naming the script's line and the token, nothing on
# stdout, and status 2 at the end
nref=0 wrong=
: >"$tmp/refused.cfx"
: >"$tmp/tokens"
for nf in $($py "$tmp/rule.py" refused); do
	n=${nf%%:*} f=${nf#*:} tok=${nf##*:}; f=${f%:*}
	nref=$((nref + 1))
	echo "verify golden($n) --bits $n --fields $f" >>"$tmp/refused.cfx"
	echo "$nf $tok" >>"$tmp/tokens"
done
./cfx --keep-going -f "$tmp/refused.cfx" >"$tmp/o" 2>"$tmp/e"; st=$?
[ $st = 2 ] || wrong="$wrong [status $st]"
[ -s "$tmp/o" ] && wrong="$wrong [stdout: $(head -c 200 "$tmp/o")]"
[ "$(wc -l <"$tmp/e")" = "$nref" ] || wrong="$wrong [$(wc -l <"$tmp/e") error lines for $nref layouts]"
wrong="$wrong$($py -c '
import sys
script, toks, err = sys.argv[1:]
lines = open(err).read().splitlines()
for k, l in enumerate(open(toks).read().splitlines(), 1):
    nf, tok = l.split()
    mine = [e for e in lines if e.startswith("cfx: %s:%d: " % (script, k))]
    if len(mine) != 1 or not mine[0].endswith("(%s)" % tok):
        print(" " + nf, end="")' "$tmp/refused.cfx" "$tmp/tokens" "$tmp/e")"
if [ -z "$wrong" ] && [ $nref -gt 300 ]; then ok "--fields: the $nref layouts the rule refuses are refused"
else bad "--fields accepted (or refused badly):$wrong"; fi
# the layouts at the rule's edges are accepted and judged (a table cell,
# not INFO)
wrong=
for nf in $($py "$tmp/rule.py" accepted 9:5 9:4 12:8 13:9,5 16:12,8 17:13,9,5 32:28 32:28,24,20 32:12,8,4); do
	case $nf in *"(rule)") wrong="$wrong $nf"; continue ;; esac
	n=${nf%%:*} f=${nf#*:}
	./cfx verify "golden($n)" --bits "$n" --fields "$f" --table-bits 4 >"$tmp/o" 2>"$tmp/e"
	st=$?
	if [ $st = 2 ] || ! grep -q '^fields x<<.* \(PASS\|WARN\|FAIL\)  R ' "$tmp/o"; then
		wrong="$wrong $nf"
	fi
done
wrong=${wrong# }
if [ -z "$wrong" ]; then ok "--fields: the layouts at the rule's edges are judged"
else bad "--fields at the edges:$wrong"; fi
if refused 3 0x9e3779b1 --fields 3 && grep -q 'from 28 down to 4' "$tmp/e"
then ok "--fields 3: refused, the message states the range"
else bad "--fields 3: $(cat "$tmp/e")"; fi
if refused "''" 0x9e3779b1 --fields '' && refused "''" 0x9e3779b1 --stride ''
then ok "--fields '' and --stride '': refused"
else bad "empty --fields/--stride: $(cat "$tmp/e")"; fi

# (d) numbers begin with a digit: strtoull would skip a space or take a
# sign, and verify judged --stride ' 5' as stride 5 (issue 21); each
# such list is refused, naming its item.  (--bits takes an expression,
# like every command's: spaces are an expression's own.)
bad_nums=
for opt in "--stride ' 5'" "--stride '+5'" "--stride '5, 7'" "--stride '24,+104'" \
           "--fields ' 20'" "--fields '+20'" "--fields '20, 12'" \
           "--table-bits ' 8'" "--table-bits '+8'" "--table-bits '4- 8'"; do
	eval "set -- $opt"
	tok=$2
	case $2 in *,*) tok=${2#*,} ;; esac
	case $1$2 in --table-bits4-*) tok=$2 ;; esac
	refused "$tok" 0x9e3779b1 "$1" "$2" || bad_nums="$bad_nums [$opt: $(cat "$tmp/e")]"
done
if [ -z "$bad_nums" ]; then ok "numbers with a space or a sign: refused, naming the item"
else bad "numbers with a space or a sign:$bad_nums"; fi

done_suite options
