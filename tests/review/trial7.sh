#!/bin/bash
# cfx review: the faults of the seventh trial of issue 23, a case each,
# each held against an independent computation (python's integers and
# lib_naf.py's NAF by the textbook rule, PARI/GP's contfrac):
#  1. "takes 6 shifts, 3 adds and 3 subtracts" was read as 3 additions
#     standing for both (a false WARNING), and the comment over a define
#     that names it by value was credited to an earlier define of that
#     value
#  2. "a continued fraction that begins 0,1,...,4,7" was judged as the
#     whole expansion ("the claim has 23 terms, the expansion 30")
#  3. "n <<= 16; ... n >>= 1; n <<= 4;" was said to compute no multiply,
#     though it is x * 0x9e370001 for every input (the compiled C, all
#     2^32 of them): a right shift of a multiple of 2^k by k is exact
#  4. ">> (BITS_PER_LONG - 6)" set no table where ">> (BITS_PER_LONG -
#     R_HASH_BITS)" did: BITS_PER_LONG is the word's long (the compiled
#     code's largest index, LP64)
#  5. a PASS with a check that WARNs (field layouts) said nothing of it,
#     where cfx verify says "PASS, 61 checks, 1 WARN"
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# jfind LINE: "LEVEL MULT MESSAGE" of each finding at LINE of $tmp/o
# (review --json), one a line
jfind() {
	python3 -c '
import json, sys
for f in json.load(open(sys.argv[1]))["files"][0]["findings"]:
    if f["line"] == int(sys.argv[2]):
        print(f["level"], f.get("multiplier"), f["message"])' "$tmp/o" "$1"
}

# --- 1: the words of a count, and the define a comment sits over -------
# python: the NAF's additions (its + digits past the top one), its
# subtractions (its - digits) and its shifts (one per digit past the top)
read -r adds subs shifts < <(python3 -c '
import sys; sys.path.insert(0, "tests/review")
from lib_naf import naf
d = naf(0x9e370001)
print(sum(z > 0 for k, z in d) - 1, sum(z < 0 for k, z in d), len(d) - 1)')
# the two comments' counts, kept short of 80 columns here
n3="takes $shifts shifts, $adds adds and $subs subtracts"
n4="takes $((adds + 1)) adds and $((subs - 1)) subs"
cat > "$tmp/counts.c" <<C
#include <linux/types.h>
#define P1_HASH_MULT 0x9e370001u
/* 0x61c88647 is very close to phi */
#define P2_HASH_MULT 0x61c88647u
/* Multiplying by 0x9e370001 $n3. */
#define P3_HASH_MULT 0x9e370001u
/* Multiplying by P4_HASH_MULT $n4. */
#define P4_HASH_MULT 0x9e370001u
u32 a(u32 v) { return (v * P1_HASH_MULT) >> 20; }
u32 b(u32 v) { return (v * P2_HASH_MULT) >> 20; }
u32 c(u32 v) { return (v * P3_HASH_MULT) >> 20; }
u32 d(u32 v) { return (v * P4_HASH_MULT) >> 20; }
C
review --json "$tmp/counts.c"
jfind 5 > "$tmp/l5"
has="the NAF sequence has"
jfind 7 > "$tmp/l7"
expect "\"$adds adds, $subs subtracts\" (python's NAF): confirmed, of P3" \
	'[ "$adds $subs" = "3 3" ] &&
	 grep -q "^NOTE 2 $adds additions claimed: $has $adds$" "$tmp/l5" &&
	 grep -q "^NOTE 2 $subs subtractions claimed: $has $subs$" "$tmp/l5" &&
	 grep -q "^NOTE 2 $shifts shifts claimed" "$tmp/l5" &&
	 ! grep -qv "^NOTE 2 " "$tmp/l5"'
expect "\"$((adds + 1)) adds, $((subs - 1)) subs\": each wrong, python's" \
	'grep -q "^WARNING 3 $((adds + 1)) additions claimed: $has $adds$" \
		"$tmp/l7" &&
	 grep -q "^WARNING 3 $((subs - 1)) subtractions claimed: $has $subs$" \
		"$tmp/l7"'

# --- 2: "begins", "starts", "starting with": a prefix ------------------
full=$(gpcf 2654435761 32 | tr -d ' ')
pre=$(echo "$full" | cut -d, -f1-23)
bad=$(echo "$full" | cut -d, -f1-21),5,7
a21=$(echo "$full" | cut -d, -f22)
for w in "that begins" "that starts" "starting with"; do
	cat > "$tmp/cf.c" <<C
#include <linux/types.h>
/* 2654435761 / 2^32 has a continued fraction $w $pre */
static const unsigned int P6_MULT = 2654435761u;
/* its continued fraction $w $bad */
static const unsigned int P7_MULT = 2654435761u;
u32 f(u32 v) { return (v * P6_MULT) >> 22; }
u32 g(u32 v) { return (v * P7_MULT) >> 22; }
C
	review "$tmp/cf.c"
	confirmed="continued fraction confirmed term by term"
	wrong="continued fraction wrong: term"
	expect "\"$w\" and gp's first 23 terms: a prefix, confirmed" \
		'grep -q ":2: NOTE: $confirmed (a prefix of 23 terms)" \
			"$tmp/o" &&
		 ! grep -q ":2: WARNING" "$tmp/o"'
	expect "\"$w\" and a prefix wrong at a_21 (gp: $a21): the term named" \
		'grep -q ":4: WARNING: $wrong a_21 is $a21, not 5;" "$tmp/o"'
done

# --- 3: an exact right shift in a shift/add sequence --------------------
# lib.sh's x * 0x9e370001 with its first n <<= 3 as n >>= 1; n <<= 4
seq32 "$tmp/seq.c" "0x9e370001 = 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1"
awk '/n <<= 3;/ && !d { print "\tn >>= 1;"; print "\tn <<= 4;"; d = 1; next }
	{ print }' "$tmp/seq.c" > "$tmp/rs.c"
# the same with n >>= 1 where n may be odd: no multiply, not proved
sed 's/^\tn = x << 16;$/\tn = (x << 16) + x;/' "$tmp/rs.c" > "$tmp/odd.c"
# the compiled function on all 2^32 inputs, against x * 0x9e370001
# (before the final shift: the sequence's product, its bucket after)
{
	sed -e '/#include/d' -e 's/return h >> 22;/return h;/' "$tmp/rs.c"
	cat <<'C'
#include <stdio.h>
int main(void)
{
	uint64_t x;

	for (x = 0; x < 1ULL << 32; x++)
		if (f((u32)x) != (u32)((u32)x * 0x9e370001u)) {
			printf("differs at %llu\n", (unsigned long long)x);
			return 1;
		}
	puts("equal");
	return 0;
}
C
} > "$tmp/all.c"
eq=$(cc -O2 -include stdint.h -Du32=uint32_t -o "$tmp/all" "$tmp/all.c" &&
	"$tmp/all")
review "$tmp/rs.c"
h_is='h = x \* 0x9e370001'
expect "n >>= 1 of a multiple of 2 (C on all 2^32 inputs: $eq): proved" \
	'[ "$eq" = equal ] &&
	 grep -q ":6: NOTE: proved: .* computes $h_is mod 2^32, exactly" \
		"$tmp/o" &&
	 ! grep -q "WARNING" "$tmp/o"'
review "$tmp/odd.c"
expect "n >>= 1 of an odd multiple: not proved, never \"computes no\"" \
	'grep -q ":8: WARNING: not proved the multiply by" "$tmp/o" &&
	 ! grep -q "computes no" "$tmp/o"'

# --- 4: BITS_PER_LONG in a shift count -----------------------------------
cat > "$tmp/bpl.c" <<'C'
static unsigned long s_hash(unsigned long v)
{
	return (v * 0x9e3779b97f4a7c15UL) >> (BITS_PER_LONG - 6);
}
C
mb=$({ echo '#define BITS_PER_LONG 64'; cat "$tmp/bpl.c"; } | max_bits s_hash)
review "$tmp/bpl.c"
want="64-bit words, a table of 2^6 from >> (BITS_PER_LONG = 64 - 6) at line 3"
expect ">> (BITS_PER_LONG - 6), LP64: table 2^6 (compiled: $mb bits)" \
	'[ "$mb" = "6 " ] &&
	 grep -q ":3: NOTE: 0x9e3779b97f4a7c15: PASS, [0-9]* checks on $want" \
		"$tmp/o"'

# --- 5: a PASS with WARNs, in verify's words ----------------------------
# verify's own JSON (its checks and families, their status) is what
# review must say: every check that WARNs (0x9e370001 FAILs at 2^12 now,
# ranked there against random odd multipliers at 2^12)
vw=$($cfx verify 0x61c82001 --bits 32 --table-bits 12 --json |
	python3 -c '
import json, sys
d = json.load(sys.stdin)
w = [c["name"] for c in d["checks"] + d["battery"] if c["status"] == "WARN"]
w = list(dict.fromkeys(w))    # a family is in both lists
print(len(w), ", ".join(w))')
cat > "$tmp/warn.c" <<'C'
#include <linux/types.h>
static const u32 obj_mult = 0x61c82001;
static u32 obj_hash(u32 key)
{
	return (key * obj_mult) >> (32 - 12);
}
C
review "$tmp/warn.c"
want=":2: CHECK: 0x61c82001: PASS, 61 checks, ${vw%% *} WARN (${vw#* };"
want="$want cfx verify 0x61c82001 --bits 32 --table-bits 12 --full shows"
[ "${vw%% *}" = 1 ] || want="$want them"
expect "PASS with verify's WARNs ($vw): a CHECK says them" \
	'[ "${vw%% *}" -ge 1 ] && grep -q "$want" "$tmp/o"'
done_suite trial7
