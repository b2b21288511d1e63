#!/bin/bash
# cfx review: claims written as a mail and as other readers write them
# (issue 23): N/2^32 and N/2^64 with the power spelled out (4294967296,
# 0x100000000, 1ULL << 32, 2**32, ...), and the claims of a mail's body
# (the commit message) checked like a comment's, on the mail's own lines.
# Expansions from PARI/GP's contfrac, primality from its isprime.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. tests/review/lib.sh        # gpfactors
cfx=./cfx
command -v gp >/dev/null || { echo "claims: PARI/GP (gp) not found"; exit 2; }
gpcf() { echo "v = contfrac($1 / 2^$2); s = Str(v[1]);
for (i = 2, #v, s = concat(s, concat(\", \", Str(v[i])))); print(s)" | gp -q -f; }

# ---- N / 2^K with 2^K in any spelling --------------------------------------
# the comment expands N (not the multiplier) over the power: cfx must read
# N/2^K to confirm gp's expansion of N/2^K and to say it is not the
# multiplier's
onecf() { # $1 the define's value, $2 the comment: lib/h.c
	printf -- '--- a/lib/h.c\n+++ b/lib/h.c\n@@ -1,1 +1,5 @@\n #include <linux/types.h>\n+/*\n+ * %s\n+ */\n+#define MY_HASH_MULT %s\n' \
		"$2" "$1" > "$tmp/cf.patch"
	$cfx review "$tmp/cf.patch" > "$tmp/o"; true; }
n32=2654435761; e32=$(gpcf $n32 32)
expect "gp: $n32/2^32 has $(echo "$e32" | tr ',' '\n' | wc -l) terms, 0x9e370001 is not $n32" \
	'[ -n "$e32" ] && [ $((0x9e370001)) != $n32 ]'
for d in 4294967296 0x100000000 "(1ULL << 32)" "1UL<<32" "2**32" "2 ^ 32" "(2^32)"; do
	expect "the continued fraction of $n32 / $d: read as $n32/2^32, gp's expansion confirmed" \
		'onecf 0x9e370001U "the continued fraction of $n32 / $d is $e32" &&
		 grep -q "^lib/h.c:3: WARNING: the comment expands $n32/2^32, but the multiplier is 2654404609/2^32$" "$tmp/o" &&
		 grep -q "^lib/h.c:3: NOTE: continued fraction confirmed term by term" "$tmp/o"'
done
expect "$n32 / 4294967296 before the keyword: read as $n32/2^32" \
	'onecf 0x9e370001U "$n32 / 4294967296 has the continued fraction expansion $e32" &&
	 grep -q "WARNING: the comment expands $n32/2^32, but the multiplier is" "$tmp/o" &&
	 grep -q "NOTE: continued fraction confirmed term by term" "$tmp/o"'
n64=11400714819323198485; e64=$(gpcf $n64 64)
for d in 18446744073709551616 0x10000000000000000 "(1ULL << 64)" "2^64"; do
	expect "the continued fraction of $n64 / $d: read as $n64/2^64" \
		'onecf 0x9e3779b97f4a7c15ULL "the continued fraction of $n64 / $d is $e64" &&
		 ! grep -q "expands" "$tmp/o" &&
		 grep -q "NOTE: continued fraction confirmed term by term" "$tmp/o"'
done
expect "python: 0x9e3779b97f4a7c15 = $n64 (the expansion is the multiplier's: no 'expands' warning)" \
	'[ "$(python3 -c "print(0x9e3779b97f4a7c15)")" = $n64 ]'
for d in 65535 0x1000000001 "2^x" "(1ULL << BITS)"; do
	expect "'$n32 / $d' is no power of two: the multiplier's own expansion judged" \
		'onecf 0x9e370001U "the continued fraction of $n32 / $d is $e32"; ! grep -q "expands" "$tmp/o"'
done

# ---- a mail's body ---------------------------------------------------------
mail() { # $1 the body's lines (by "|"): a git format-patch mail
	local body=${1//|/$'\n'}
	printf 'From 019da4c61907144c6e55518219b4469258c9ea99 Mon Sep 17 00:00:00 2001\nFrom: A Developer <dev@example.org>\nDate: Wed, 2 Dec 2026 00:55:08 +0000\nSubject: [PATCH] lib/obj: a sparse multiplier for the object hash\n\n%s\n\nSigned-off-by: A Developer <dev@example.org>\n---\n lib/obj.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\ndiff --git a/lib/obj.c b/lib/obj.c\n--- a/lib/obj.c\n+++ b/lib/obj.c\n@@ -1,3 +1,3 @@\n #include <linux/types.h>\n-#define OBJ_HASH_MULT 0x9e3779b9U\n+#define OBJ_HASH_MULT 0x9e370001U\n \n-- \n2.39.5\n' \
		"$body" > "$tmp/mail.patch"; }
read -r isp ones < <(echo 'v = contfrac(0x9e370001 / 2^32); k = 0; while (v[k + 2] == 1, k++); print(isprime(0x9e370001), " ", k)' | gp -q -f)
expect "gp: 0x9e370001 is prime ($isp), its expansion starts with $ones 1s after a0" '[ "$isp" = 1 ] && [ "$ones" = 12 ]'
mail "The constant is prime and close to phi.|Its continued fraction starts with thirteen 1s, so gcc makes|shifts and adds of it on MIPS."
$cfx review "$tmp/mail.patch" > "$tmp/o"; rc=$?
expect "body: prime confirmed on the mail's line 6, naming the constant and where it is" \
	'grep -q "^$tmp/mail.patch:6: NOTE: 0x9e370001 (lib/obj.c:2): prime: confirmed" "$tmp/o"'
expect "body: close to phi confirmed on line 6 ($ones 1s, gp)" \
	'grep -q "^$tmp/mail.patch:6: NOTE: 0x9e370001 (lib/obj.c:2): close to phi: confirmed, the first $ones quotients" "$tmp/o"'
expect "body: thirteen 1s is wrong on line 7, gp's $ones given; exit 1" \
	'[ $rc = 1 ] && grep -q "^$tmp/mail.patch:7: WARNING: 0x9e370001 (lib/obj.c:2): wrong: 13 1s claimed, but the continued fraction of 0x9e370001/2^32 starts with $ones after a0" "$tmp/o"'
expect "body: the compiler claim listed not checked, once, on line 7" \
	'[ "$(grep -c "CHECK: not checked:" "$tmp/o")" = 1 ] && grep -q "^$tmp/mail.patch:7: CHECK: not checked: 0x9e370001 (lib/obj.c:2): \"so gcc makes shifts and adds of it on MIPS\": a compiler.s code" "$tmp/o"'
expect "body: the headers, Signed-off-by and the diffstat are no claims" \
	'! grep -q "mail.patch:\(1\|2\|3\|4\|9\|1[0-2]\):" "$tmp/o"'
mail "Tidy up the object hash.|Signed-off-by is all there is."
$cfx review "$tmp/mail.patch" > "$tmp/o"
expect "body: prose with no claim gives no finding" '! grep -q "^$tmp/mail.patch:" "$tmp/o"'
$cfx review - < "$tmp/mail.patch" > "$tmp/o"
mail "The constant is prime."
$cfx review - < "$tmp/mail.patch" > "$tmp/o"
expect "body on standard input: named <stdin>" \
	'grep -q "^<stdin>:6: NOTE: 0x9e370001 (lib/obj.c:2): prime: confirmed" "$tmp/o"'
{ echo "On Wed, 2 Dec 2026, A Developer wrote:"; sed 's/^/> /' "$tmp/mail.patch"; echo; echo "Looks fine."; } |
	$cfx review - > "$tmp/oq"
expect "body in a quoted reply: read at the patch's depth, on the reply's line 7" \
	'grep -q "^<stdin>:7: NOTE: 0x9e370001 (lib/obj.c:2): prime: confirmed" "$tmp/oq" && [ "$(grep -c "prime" "$tmp/oq")" = 1 ]'
# two constants: a body that names one speaks of that one only
printf 'Subject: two\n\nOBJ_B_HASH is prime.\n\n--- a/x.h\n+++ b/x.h\n@@ -1,0 +1,2 @@\n+#define OBJ_A_HASH 0x9e370001U\n+#define OBJ_B_HASH 0x61c88647U\n' > "$tmp/two.patch"
$cfx review "$tmp/two.patch" > "$tmp/o"
f=$(python3 -c "
n = 0x61c88647
print(next(d for d in range(2, 10**6) if n % d == 0))")
expect "body names OBJ_B_HASH: only it is judged (not prime: $f, python)" \
	'g=$(gpfactors 0x61c88647) && [ "${g%% *}" = "$f" ] &&
	 grep -q "two.patch:3: WARNING: 0x61c88647 (x.h:2): not prime: $g$" "$tmp/o" && ! grep -q "two.patch:3: .*0x9e370001" "$tmp/o"'

done_suite claims
