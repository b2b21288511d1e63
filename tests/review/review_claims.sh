#!/bin/bash
# cfx review: the claims of comments (review.sh's fixtures and the 2002
# patch, lessons/2002.patch): a claim that names its number, the reply's
# levels, negated claims, every expansion of a comment, "cf", and the
# claims no check computes.  Expansions against PARI/GP's contfrac,
# primes and factors against gp, runs of 1s against python and gp.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
source tests/review/lib.sh

command -v gp >/dev/null || { echo "review_claims: PARI/GP (gp) not found"; exit 2; }

# the 2002 patch's review, which the sections below also read
$cfx review $p2002 > "$tmp/out"

# ---- a claim that names its number (one line and several) ------------------
$cfx review $fx/named_cf.patch > "$tmp/nc"; rc=$?
# python: the expansion of 0x9e370001/2^32, its run of 1s after a0 (and of
# 1 - x), against the fixture's claims; gp's contfrac for the printed list
IFS='|' read -r ncf ones < <(python3 -c "
n, d = 0x9e370001, 2**32
def cf(n, d):
    a = []
    while d: q = n // d; a.append(q); n, d = d, n - q * d
    return a
def run(a):
    k = 1
    while k < len(a) and a[k] == 1: k += 1
    return k - 1
a = cf(n, d); b = cf(d - n, d)
claim = [0] + [1] * 16 + [2]
i = next(i for i in range(len(a)) if a[i] != claim[i])
print('a_%d is %d, not %d|%d' % (i, a[i], claim[i], max(run(a), run(b))))")
want=$(gpcf 0x9e370001 32)
expect "named cf: exit 1" '[ $rc = 1 ]'
expect "named cf: one-line claim checked ($ncf)" \
	'grep -q "^lib/named.h:4: WARNING: continued fraction wrong: term $ncf; it is $want\$" "$tmp/nc"'
expect "named cf: golden prefix 16 is wrong (python: $ones)" \
	'[ "$ones" != 16 ] && grep -q "^lib/named.h:5: WARNING: golden prefix wrong: 16 claimed, but only the first $ones quotients" "$tmp/nc"'
claim2=$(sed -n '/named2.h/,$p' $fx/named_cf.patch | sed -n 's/^+ \* \[\(.*\)\]$/\1/p' |
	python3 -c "
import re, sys
out = []
for t in sys.stdin.read().replace(';', ',').split(','):
    m = re.match(r'\s*(\d+)\s*(?:\(x(\d+)\))?', t)
    out += [m.group(1)] * int(m.group(2) or 1)
print(', '.join(out))")
expect "named cf: multi-line claim (gp agrees) confirmed" \
	'[ "$claim2" = "$want" ] && grep -q "^lib/named2.h:3: NOTE: continued fraction confirmed term by term" "$tmp/nc"'
expect "named cf: golden prefix 12 confirmed" \
	'[ "$ones" = 12 ] && grep -q "^lib/named2.h:5: NOTE: golden prefix 12: confirmed" "$tmp/nc"'
expect "named cf: unsuffixed hex beyond INT_MAX is unsigned int" \
	'grep -q "NAMED_MULT = 0x9e370001: 32-bit multiplier (no suffix and no type: a hex literal beyond INT_MAX is unsigned int, 32 bits)" "$tmp/nc" &&
	 echo "int main(void){return !_Generic(0x9e370001, unsigned int: 1, default: 0);}" > "$tmp/ty.c" &&
	 cc -o "$tmp/ty" "$tmp/ty.c" && "$tmp/ty"'
$cfx review --emit reply $fx/named_cf.patch > "$tmp/ncr"
expect "named cf reply: wrong claims are not called confirmed" \
	'! grep -q "the claims confirmed" "$tmp/ncr" &&
	 grep -q "^\* Worst beside it: Warning: " "$tmp/ncr" &&
	 grep -q "^\* And 1 warning, " "$tmp/ncr" &&
	 grep -q "^lib/named.h:[0-9]*: WARNING: golden prefix wrong" "$tmp/nc" &&
	 [ "$(awk "length > 72" "$tmp/ncr" | wc -l)" = 0 ]'
# the reply names each finding by the report's level (ERROR Wrong:,
# WARNING Warning:, CHECK Not checked:): a WARNING once read "Check:",
# the name of the report's lowest level
# (each multiplier's verdict and worst other finding, and every finding
# of no multiplier: reply_want counts them from --json)
for f in $fx/*.patch; do
	$cfx review --json "$f" > "$tmp/lv" 2>/dev/null
	$cfx review --emit reply "$f" > "$tmp/lvr" 2>/dev/null
	want=$(reply_want "$tmp/lv"); got=$(reply_got "$tmp/lvr")
	expect "reply of $(basename "$f"): Wrong:, Warning:, Not checked: $got as --json's levels ($want)" \
		"[ '$want' = '$got' ] && ! grep -q '^\* Check:' '$tmp/lvr'"
done
expect "named cf reply: the verify command filled in, and it runs" \
	'grep -q "^\`cfx verify 0x9e370001 --bits 32 --full\`$" "$tmp/ncr" &&
	 [ "$(grep -c "^\`cfx verify" "$tmp/ncr")" = 1 ] &&
	 ! grep -q "HEX\|OLD" "$tmp/ncr"'
$cfx review --emit reply $p2002 > "$tmp/r2"
# the old constant in hex, as the rest of the reply: python's hex of the
# fixture's decimal 2654435761
oldhex=$(python3 -c 'print("0x%08x" % 2654435761)')
expect "2002 reply: --against the old constant, in hex ($oldhex)" \
	'grep -q "^\`cfx verify 0x9e370001 --bits 32 --against $oldhex --full\`$" "$tmp/r2" &&
	 ! grep -q "against 2654435761" "$tmp/r2" &&
	 $cfx verify 0x9e370001 --bits 32 --against $oldhex --full >/dev/null; [ $? = 1 ]'

# ---- negated claims: "not prime", "non-prime", "is not close to phi" -------
# a one-line patch: a comment line, then #define HASH_MULT value
onedef() { printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,2 +1,4 @@\n #include <linux/types.h>\n+%s\n+#define HASH_MULT %s\n int x;\n' "$1" "$2" > "$tmp/one.patch"; }
# gp's primality and smallest factor; gp's count of 1s after a0
gpprime() { echo "print(isprime($1))" | gp -q -f; }
gpfac() { echo "print(factor($1)[1,1])" | gp -q -f; }
gpones() { echo "v = contfrac($1 / 2^32); k = 0; while (k + 2 <= #v && v[k + 2] == 1, k++); print(k)" | gp -q -f; }
expect "negation: gp: 0x9e3779b9 is composite, smallest factor 3; 0x9e370001 prime" \
	'[ "$(gpprime 0x9e3779b9)" = 0 ] && [ "$(gpfac 0x9e3779b9)" = 3 ] && [ "$(gpprime 0x9e370001)" = 1 ]'
expect "negation: gp: 0x9e3779b9 has at least 20 1s after a0, 0x80000001 at most 3" \
	'[ "$(gpones 0x9e3779b9)" -ge 20 ] && [ "$(gpones 0x80000001)" -le 3 ]'
for c in "/* not prime */" "/* isn't prime */" "/* no longer prime */" "/* non-prime */" "/* nonprime */"; do
	onedef "$c" 0x9e3779b9U
	$cfx review "$tmp/one.patch" > "$tmp/ng"; rc=$?
	expect "negation: '$c' on composite 0x9e3779b9: confirmed, exit 0" \
		'[ $rc = 0 ] && grep -q "^lib/h.c:2: NOTE: not prime: confirmed, $(gpfactors 0x9e3779b9)$" "$tmp/ng" && ! grep -q WARNING "$tmp/ng"'
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/ng"
	expect "negation: '$c' on prime 0x9e370001: WARNING, never confirmed" \
		'grep -q "^lib/h.c:2: WARNING: claimed not prime, but it is prime (proven)$" "$tmp/ng" && ! grep -q "confirmed" "$tmp/ng"'
done
onedef "/* non-prime, but odd */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'non-prime, but odd' on a prime: WARNING" \
	'grep -q "WARNING: claimed not prime, but it is prime" "$tmp/ng" && ! grep -q "prime: confirmed" "$tmp/ng"'
onedef "/* prime, not even */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'prime, not even': the not is for even, prime confirmed" \
	'grep -q "NOTE: prime: confirmed (proven)" "$tmp/ng"'
onedef "/* is not close to phi */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/ng"; rc=$?
expect "negation: 'is not close to phi' on 0x9e3779b9: WARNING, exit 1" \
	'[ $rc = 1 ] && grep -q "^lib/h.c:2: WARNING: claimed not close to phi, but it is close" "$tmp/ng" && ! grep -q "confirmed" "$tmp/ng"'
onedef "/* is not close to phi */" 0x80000001U
$cfx review "$tmp/one.patch" > "$tmp/ng"
expect "negation: 'is not close to phi' on 0x80000001: confirmed" \
	'grep -q "^lib/h.c:2: NOTE: not close to phi: confirmed" "$tmp/ng" && ! grep -q "WARNING: .*phi" "$tmp/ng"'

# ---- negation for every kind of claim, by one rule --------------------------
# 0x9e370001: gp says prime; python its NAF (weight and sum); gp its first
# terms and convergents
read -r nafw nafsum < <(python3 -c '
n = 0x9e370001; d = []; i = 0
while n:
    z = (2 - n % 4) if n & 1 else 0
    n = (n - z) // 2; d.append(z)
t = [(i, z) for i, z in enumerate(d) if z][::-1]
s = " ".join(("+ " if z > 0 else "- ") + ("2^%d" % i if i else "1") for i, z in t)
print(len(t), s[2:])')
cf5=$(echo 'v = contfrac(0x9e370001 / 2^32); s = Str(v[1]); for (i = 2, 5, s = concat(s, concat(", ", Str(v[i])))); print(s)' | gp -q -f)
cv=$(echo 'v = contfrac(0x9e370001 / 2^32); m = contfracpnqn(v[1..5]); print(m[1,1], "/", m[2,1])' | gp -q -f)
expect "negation: gp/python: 0x9e370001 prime, NAF of $nafw terms, convergent $cv" \
	'[ "$(gpprime 0x9e370001)" = 1 ] && [ "$nafw" -ge 3 ] && [ -n "$cf5" ] && [ -n "$cv" ]'
# claim | its level and words on 0x9e370001
while IFS='|' read -r c want; do
	onedef "/* $c */" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/neg"
	expect "negation: '$c' -> $want" 'grep -q "^lib/h.c:2: $want" "$tmp/neg"'
done <<EOF2
prime|NOTE: prime: confirmed
not only prime|NOTE: prime: confirmed
not just prime|NOTE: prime: confirmed
nothing but prime|NOTE: prime: confirmed
it isn't merely prime|NOTE: prime: confirmed
not non-prime|NOTE: prime: confirmed
no longer prime|WARNING: claimed not prime, but it is prime
not only prime but close to phi|NOTE: close to phi: confirmed
neither prime nor close to phi|WARNING: claimed not close to phi, but it is close
cf = [$cf5, ...]|NOTE: continued fraction confirmed term by term
its continued fraction is not $cf5, ...|WARNING: denied ("its continued fraction is not"), but true: continued fraction confirmed
its continued fraction isn't merely $cf5, ...|NOTE: continued fraction confirmed
$nafsum|NOTE: power sum confirmed
it is not $nafsum|WARNING: denied ("it is not $nafsum"), but true: power sum confirmed
it is not 2^31 + 2^29 + 1|NOTE: denial confirmed ("it is not 2^31 + 2^29 + 1"): power sum wrong
it is nothing but $nafsum|NOTE: power sum confirmed
$nafw terms|NOTE: $nafw terms: confirmed
not $nafw terms|WARNING: denied ("not $nafw terms"), but true: $nafw terms: confirmed
not $((nafw + 1)) terms|NOTE: denial confirmed ("not $((nafw + 1)) terms"): $((nafw + 1)) terms claimed
not just $nafw terms|NOTE: $nafw terms: confirmed
golden prefix is not 3|NOTE: denial confirmed
the convergents include $cv|NOTE: $cv is convergent
the convergents include 1/1 but not $cv|WARNING: denied ("but not $cv"), but true: $cv is convergent
EOF2

# ---- every expansion of a comment, not only the first -----------------------
# gp's expansions: (sqrt(5)-1)/2, sqrt(2), 355/113, 0x9e370001/2^32
gpterms() { echo "v = contfrac($1); s = Str(v[1]); for (i = 2, min($2, #v), s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f; }
g5=$(gpterms "(sqrt(5)-1)/2" 4); s2=$(gpterms "sqrt(2)" 4); r355=$(gpterms 355/113 9)
c4=$(gpterms 0x9e370001/2^32 4)
s2a3=$(echo 'print(contfrac(sqrt(2))[4])' | gp -q -f)
c4a2=$(echo 'print(contfrac(0x9e370001/2^32)[3])' | gp -q -f)
expect "2002: the second expansion of the 64-bit comment, of (sqrt(5)-1)/2, checked against gp's ($g5)" \
	'[ "$g5" = "0, 1, 1, 1" ] && grep -q "^include/linux/mm_inline.h:31: NOTE: continued fraction of (sqrt(5)-1)/2 confirmed term by term (a prefix of 4 terms)" "$tmp/out"'
onedef "/* its continued fraction is $c4, ... and its continued fraction is 0, 1, $((c4a2 + 1)), ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: two after the keyword, the first right, the second wrong at a_2 (gp: $c4a2)" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction confirmed term by term (a prefix of 4 terms)" "$tmp/cfs" &&
	 grep -q "^lib/h.c:2: WARNING: continued fraction wrong: term a_2 is $c4a2, not $((c4a2 + 1))" "$tmp/cfs"'
onedef "/* prime, and sqrt(2) = 1, 2, 2, $((s2a3 + 1)), ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: 'sqrt(2) = ...' wrong at a_3, gp's a_3 = $s2a3" \
	'grep -q "^lib/h.c:2: WARNING: continued fraction of sqrt(2) wrong: term a_3 is $s2a3, not $((s2a3 + 1)); it is $s2, ..." "$tmp/cfs"'
onedef "/* close to 355/113 = $r355 */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: '355/113 = $r355' (gp's, finite) confirmed" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction of 355/113 confirmed term by term ($(echo "$r355" | tr -cd , | wc -c | xargs expr 1 +) terms)" "$tmp/cfs"'
onedef "/* close to phi = 0, 1, 1, 1, ... */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: 'phi = 0, 1, 1, 1, ...' read as 1/phi (gp: $g5)" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction of phi (read as 1/phi: the claim.s a0 is 0) confirmed" "$tmp/cfs"'
onedef "/* hash = x * 3, then 5, 7 */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cfs"
expect "expansions: '= x * 3, then 5, 7' is no expansion" '! grep -q "continued fraction" "$tmp/cfs"'

# ---- "cf" for continued fraction ------------------------------------------
# gp's a_13 of 0x9e370001/2^32 (contfrac's 14th entry), and its first 14 terms
a13=$(echo "print(contfrac(0x9e370001 / 2^32)[14])" | gp -q -f)
cf14=$(echo "v = contfrac(0x9e370001 / 2^32); s = Str(v[1]); for (i = 2, 14, s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f)
expect "cf: gp: a_13 of 0x9e370001/2^32 is not 1 ($a13)" '[ "$a13" != 1 ]'
for c in "/* cf [0; 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */" "/* CF = [0; 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */" "/* its cf: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] */"; do
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/cf"
	expect "cf: '$c' on 0x9e370001: a_13 is $a13, not 1" \
		'grep -q "^lib/h.c:2: WARNING: continued fraction wrong: term a_13 is $a13, not 1" "$tmp/cf"'
done
onedef "/* cf = [$cf14, ...] */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/cf"
expect "cf: gp's first 14 terms as a prefix: confirmed" \
	'grep -q "^lib/h.c:2: NOTE: continued fraction confirmed term by term (a prefix of 14 terms)" "$tmp/cf"'
for c in "/* cf. the paper by Knuth */" "/* cf. [Knuth 6.4] */" "/* see the cf of the paper */"; do
	onedef "$c" 0x9e370001U
	$cfx review "$tmp/one.patch" > "$tmp/cf"
	expect "cf: '$c' is no claim" '! grep -q "continued fraction" "$tmp/cf"'
done

# ---- claims no check computes: listed, named, with why ---------------------
expect "not checked: 2002's gcc on SPARC and MIPS, as a compiler claim" \
	'grep -q "^include/linux/mm_inline.h:23: CHECK: not checked: \"which gcc turns into shifts and adds on SPARC and MIPS\": a compiler.s code on a named target; " "$tmp/out"'
expect "not checked: 2002's 'suitable for shift/add', a judgement" \
	'grep -q "^include/linux/mm_inline.h:34: CHECK: not checked: \"which makes it suitable for shift/add implementations\": a judgement" "$tmp/out"'
# every sentence the patch adds to a comment (split here by python) has a
# finding on one of its lines, or one that names its line (a sequence's
# proof): none is skipped in silence
python3 - "$p2002" > "$tmp/sent" <<'PY'
import re, sys
# the added lines inside /* ... */, as (new line number, text)
new = 0; incom = False; words = []; f = ''
for line in open(sys.argv[1]):
    m = re.match(r'@@ -\d+(?:,\d+)? \+(\d+)', line)
    if m: new = int(m.group(1)) - 1; hunk = True; continue
    if line.startswith('+++ b/'): f = line[6:].split()[0]; continue
    if line.startswith(('---', '+++')) or line[:1] not in '+ ': continue
    new += 1
    t = line[1:].strip()
    if t.startswith('/*'): incom = True; t = t[2:]
    elif hunk and t.startswith('*'): incom = True    # a hunk begun in one
    hunk = False
    if not incom: continue
    end = '*/' in t
    t = t.replace('*/', '').lstrip('*').strip()
    if line[0] == '+':
        words += [((f, new), w) for w in t.split()]
    if end:
        incom = False; words.append(((f, new), None))
# a sentence ends at a word ending in '.' (not '...', but '....') or at
# the end of its comment
first = None
for n, w in words:
    if w is None:
        if first is not None: print(first[0], first[1], last[1])
        first = None; continue
    if first is None: first = n
    last = n
    if w.endswith('.') and (not w.endswith('...') or w.endswith('....')):
        print(first[0], first[1], last[1]); first = None
PY
nsent=0; miss=""
while read -r file a b; do
	nsent=$((nsent + 1))
	awk -F: -v f="$file" -v a="$a" -v b="$b" '$1 == f && $2 >= a && $2 <= b { ok = 1 }
		$1 == f { for (n = a; n <= b; n++) if (index($0, "comment, line " n ")")) ok = 1 }
		END { exit !ok }' "$tmp/out" ||
		miss="$miss $a-$b"
done < "$tmp/sent"
expect "not checked: each of the 2002 patch's $nsent comment sentences has a finding${miss:+ (none on lines$miss)}" \
	'[ "$nsent" -ge 6 ] && [ -z "$miss" ]'
expect "not checked: 0x9e3779b9 passes verify on its own (so exit 0 below is the CHECK's)" \
	'$cfx verify --bits 32 0x9e3779b9 >/dev/null'
onedef "/* faster on x86 than a multiply */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/nc"; rc=$?
expect "not checked: 'faster on x86' is one speed claim, a CHECK (exit 0)" \
	'[ $rc = 0 ] && grep -q "^lib/h.c:2: CHECK: not checked: \"faster on x86 than a multiply\": a speed claim on a named target; " "$tmp/nc" &&
	 [ "$(grep -c "not checked" "$tmp/nc")" = 1 ]'
onedef "/* Turned into shifts and adds on MIPS. */" 0x9e3779b9U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: 'on MIPS' alone is a claim about a compiler's code" \
	'grep -q "^lib/h.c:2: CHECK: not checked: \"Turned into shifts and adds on MIPS\": a compiler.s code on a named target; " "$tmp/nc"'
onedef "/* Prime; it gives a better distribution than the old one. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: 'better distribution' beside a confirmed prime: one CHECK for its clause, both kinds named" \
	'grep -q "^lib/h.c:2: NOTE: prime: confirmed" "$tmp/nc" &&
	 grep -q "^lib/h.c:2: CHECK: not checked: \"it gives a better distribution than the old one\": a distribution claim and a judgement; " "$tmp/nc" &&
	 [ "$(grep -c "not checked" "$tmp/nc")" = 1 ]'
onedef "/* Prime. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: a sentence a check read is not listed" \
	'! grep -q "not checked" "$tmp/nc"'
onedef "/* Chosen with care by the maintainers. */" 0x9e370001U
$cfx review "$tmp/one.patch" > "$tmp/nc"
expect "not checked: how it was chosen" \
	'grep -q "^lib/h.c:2: CHECK: not checked: \"Chosen with care by the maintainers\": how it was found or measured" "$tmp/nc"'

done_suite review_claims
