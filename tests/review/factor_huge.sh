#!/bin/bash
# expr_factor (the factors review names when a comment calls a composite
# "prime") on huge input: a 4096-bit product of two 2048-bit primes,
# prime powers (rho finds no factor of p^k), a product of 60 primes, a
# 148-bit product of three primes past trial division, and a 64-bit
# product of two 32-bit primes: each within a hang guard (timeout, no
# speed assertion), and its factors PARI/GP's factor() (the products
# gp builds from BPSW primes, ispseudoprime, where factor() cannot finish),
# or "none" where the work budget runs out first.  And review of a patch
# whose comment holds 10 MB of digits: bounded, the claims still read
# (gp's isprime); on one line, refused in one line.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
read -r cc flags < build/flags
case " $flags " in
*-fsanitize=*) san=-fsanitize=address,undefined; guard=40 ;;
*) san=; guard=4 ;;
esac
libs=$(sed -n 's/^PKG_LIBS *:*= *//p' build/config.mk)
$cc -std=c11 -O1 -g -Iinclude $san -o "$tmp/drv" tests/review/factor_drv.c \
	build/libcfx.a $(printf '%s\n' $libs | grep -v '^-lflint$') \
	2> "$tmp/cc"
expect "factor_drv.c builds with libcfx.a" '[ -x "$tmp/drv" ]' ||
	cat "$tmp/cc"
# NAME N WANT OK_NONE per line; WANT as factor_drv writes it
cat > "$tmp/gen.gp" <<'GP'
{fs(f) = my(s = ""); for (i = 1, #f~, s = concat(s, concat(if (i > 1,
	" x ", ""), Str(f[i, 1]))); if (f[i, 2] > 1, s = concat(s,
	concat("^", Str(f[i, 2]))))); s}
{built(v) = my(w = vecsort(v)); for (i = 1, #w, if (!ispseudoprime(w[i]),
	error("not prime"))); fs(matrix(#w, 2, i, j, if (j == 1, w[i], 1)))}
setrand(23); p = nextprime(random(2^2048)); q = nextprime(random(2^2048));
print("semi4096 ", p * q, " ", built([p, q]), " 1");
r = nextprime(2^61 + 12345); print("pow5 ", r^5, " ", fs(factor(r^5)), " 0");
s = nextprime(2^1000 + 7); print("pow4_1000 ", s^4, " ", fs(factor(s^4)), " 0");
m = prod(i = 101, 160, prime(i)); print("small60 ", m, " ", fs(factor(m)), " 0");
n = 2^20 * 3^9 * 1000003^3 * nextprime(2^40)^2;
print("mixed ", n, " ", fs(factor(n)), " 0");
a = nextprime(2^40); b = nextprime(2^45); c = nextprime(2^50);
print("three148 ", a * b * c, " ", built([a, b, c]), " 1");
a = nextprime(2^31 + 11); b = nextprime(2^32 - 2^20);
print("semi64 ", a * b, " ", fs(factor(a * b)), " 0");
GP
gp -q -f --default parisize=64000000 "$tmp/gen.gp" | tr -d '"' | \
	sed 's/ x /_x_/g' > "$tmp/cases"
expect "gp: 7 cases" '[ "$(wc -l < "$tmp/cases")" = 7 ]'
cut60() { if [ ${#1} -gt 60 ]; then echo "${1:0:57}..."; else echo "$1"; fi; }
while read -r name n want none; do
	want=${want//_x_/ x }
	got=$(echo "$n" | timeout "$guard" "$tmp/drv" 2> "$tmp/err")
	rc=$?
	expect "$name (${#n} digits): within ${guard} s: $(cut60 "$got"),\
 gp's $(cut60 "$want")" \
		'[ $rc = 0 ] && [ ! -s "$tmp/err" ] &&
		 { [ "$got" = "$want" ] ||
		   { [ "$none" = 1 ] && [ "$got" = none ]; }; }'
done < "$tmp/cases"

# review: 10 MB of digits in a comment that claims prime and composite
python3 - "$tmp" <<'PY'
import random, sys
random.seed(5)
d = ''.join(random.choice('0123456789') for _ in range(10 << 20))
body = '\n'.join(' * ' + d[i:i + 70] for i in range(0, len(d), 70))
tail = ('#define HASH_MULT 0x9e370001UL\n'
        'u32 f(u32 x) { return (x * HASH_MULT) >> 22; }\n')
open(sys.argv[1] + '/lines.c', 'w').write(
    '#include <linux/types.h>\n/* HASH_MULT is prime, it is\n' + body +
    '\n * and composite */\n' + tail)
open(sys.argv[1] + '/oneline.c', 'w').write(
    '#include <linux/types.h>\n/* HASH_MULT = ' + d + ' is prime */\n' + tail)
PY
pr=$(echo 'print(isprime(0x9e370001))' | gp -q -f)
last=$(($(wc -l < "$tmp/lines.c") - 2))
timeout $((guard * 5)) $cfx review "$tmp/lines.c" > "$tmp/o" 2>&1
rc=$?
expect "10 MB comment: done within $((guard * 5)) s, exit 1; gp: 0x9e370001 \
prime ($pr)" '[ $rc = 1 ] && [ "$pr" = 1 ]'
expect "  its \"prime\" confirmed, its \"composite\" at line $last refuted" \
	'grep -q "lines.c:2: NOTE: prime: confirmed (proven)" "$tmp/o" &&
	 grep -q "lines.c:$last: WARNING: claimed not prime, but it is \
prime" "$tmp/o"'
timeout "$guard" $cfx review "$tmp/oneline.c" > "$tmp/o" 2> "$tmp/e"
rc=$?
expect "10 MB on one line: exit 2, one line naming the line" \
	'[ $rc = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l < "$tmp/e")" = 1 ] &&
	 grep -q "oneline.c:2: the line is longer than 65536 bytes" "$tmp/e"'
done_suite factor_huge
