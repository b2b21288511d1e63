#!/bin/bash
# cfx review: claims as other readers write them (issue 23): N/2^32 and
# N/2^64 with the power spelled out (4294967296, 0x100000000, 1ULL << 32,
# 2**32, ...).  Expansions from PARI/GP's contfrac.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
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

done_suite claims
