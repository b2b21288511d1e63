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
cat > "$tmp/counts.c" <<C
#include <linux/types.h>
#define P1_HASH_MULT 0x9e370001u
/* 0x61c88647 is very close to phi */
#define P2_HASH_MULT 0x61c88647u
/* Multiplying by 0x9e370001 takes $shifts shifts, $adds adds and $subs subtracts. */
#define P3_HASH_MULT 0x9e370001u
/* Multiplying by P4_HASH_MULT takes $((adds + 1)) adds and $((subs - 1)) subs. */
#define P4_HASH_MULT 0x9e370001u
u32 a(u32 v) { return (v * P1_HASH_MULT) >> 20; }
u32 b(u32 v) { return (v * P2_HASH_MULT) >> 20; }
u32 c(u32 v) { return (v * P3_HASH_MULT) >> 20; }
u32 d(u32 v) { return (v * P4_HASH_MULT) >> 20; }
C
review --json "$tmp/counts.c"
jfind 5 > "$tmp/l5"
jfind 7 > "$tmp/l7"
expect "\"$adds adds, $subs subtracts\" (python's NAF): confirmed, of P3" \
	'[ "$adds $subs" = "3 3" ] &&
	 grep -q "^NOTE 2 $adds additions claimed: the NAF sequence has $adds$" \
		"$tmp/l5" &&
	 grep -q "^NOTE 2 $subs subtractions claimed: the NAF sequence has $subs$" \
		"$tmp/l5" &&
	 grep -q "^NOTE 2 $shifts shifts claimed" "$tmp/l5" &&
	 ! grep -qv "^NOTE 2 " "$tmp/l5"'
expect "\"$((adds + 1)) adds, $((subs - 1)) subs\": each wrong, python's beside" \
	'grep -q "^WARNING 3 $((adds + 1)) additions claimed: the NAF sequence has $adds$" \
		"$tmp/l7" &&
	 grep -q "^WARNING 3 $((subs - 1)) subtractions claimed: the NAF sequence has $subs$" \
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
	expect "\"$w\" and gp's first 23 terms: a prefix, confirmed" \
		'grep -q ":2: NOTE: continued fraction confirmed term by term (a prefix of 23 terms)" "$tmp/o" &&
		 ! grep -q ":2: WARNING" "$tmp/o"'
	expect "\"$w\" and a prefix wrong at a_21 (gp: $a21): the term named" \
		'grep -q ":4: WARNING: continued fraction wrong: term a_21 is $a21, not 5;" "$tmp/o"'
done
done_suite trial7
