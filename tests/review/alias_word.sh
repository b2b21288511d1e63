#!/bin/bash
# cfx review: a define of a long (a UL literal under no #if) that the code
# reads only through aliases under one #if BITS_PER_LONG word is judged
# on that word's long (issue 23: MULT_A below was judged at 64 bits, "a
# 32-bit constant in a 64-bit word", though only 32-bit longs see it).
# The oracle is the C preprocessor: under -DBITS_PER_LONG=N, which of
# MULT_A and MULT_B the code's HASH_MULT expands to (their own defines
# left out, so that it stops at the name); that name's word is
# N.  A define also read by its own name under no #if stays at LP64's
# 64 bits (the model cfx takes where the code shows none).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
f=$fx/alias_word.c
# the name HASH_MULT stands for when long is N bits, by cpp
stands() { printf '%s\nHASH_MULT\n' "$(grep '^#' "$f" | grep -v '^#define MULT_')" |
	cpp -P -DBITS_PER_LONG="$1" - | tr -d ' \n'; }
s32=$(stands 32) s64=$(stands 64)
expect "cpp: HASH_MULT is $s32 on 32-bit longs, $s64 on 64-bit" \
	'[ "$s32" = MULT_A ] && [ "$s64" = MULT_B ]'
review "$f"
word() { sed -n "s/^[^:]*:[0-9]*: NOTE: $1 = 0x[0-9a-f]*: \([0-9]*\)-bit multiplier.*/\1/p" "$tmp/o" | head -1; }
expect "$s32 is judged on 32-bit words ($(word "$s32"))" \
	'[ "$(word "$s32")" = 32 ]'
expect "$s64 is judged on 64-bit words ($(word "$s64"))" \
	'[ "$(word "$s64")" = 64 ]'
expect "no 'a 32-bit constant in a 64-bit word' for $s32" \
	'! grep -q "32-bit constant in a 64-bit word" "$tmp/o"'
expect "the note says why: the #if around the alias" \
	'grep -q "NOTE: MULT_A = 0x9e370001: 32-bit multiplier (under #if BITS_PER_LONG == 32 around HASH_MULT" "$tmp/o"'
# the same file, MULT_A also read by its own name under no #if
{ cat "$f"; printf 'static inline unsigned long hash_a(unsigned long val)\n'
  printf '{\n\treturn (val * MULT_A) >> 54;\n}\n'; } > "$tmp/direct.c"
review "$tmp/direct.c"
expect "MULT_A also read by its own name under no #if: LP64's 64 bits" \
	'[ "$(word MULT_A)" = 64 ]'
done_suite alias_word
