#!/bin/bash
# cfx review on the fixtures of tests/review/fixtures (patches written for
# these tests in the form of the 2002 waitqueue patch).  Expansions are
# checked against python's exact Euclid, sequences against the C compiler
# (the fixture's own statements compiled and run), verdicts against verify.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
fx=tests/review/fixtures
cfx=./cfx

# the continued fraction of N/2^K, comma-separated, by python's integers
pycf() { python3 -c "
n, d = $1, 2**$2
r = []
while d:
    q = n // d; r.append(str(q)); n, d = d, n - q * d
print(','.join(r))"; }

# ---- the 2002 patch --------------------------------------------------------
$cfx review $fx/2002.patch > "$tmp/out"; rc=$?
expect "2002: exit 1 (errors)" '[ $rc = 1 ]'
expect "2002: 32-bit constant FAILs against 2654435761" \
	'grep -q "^include/linux/mm_inline.h:[0-9]*: ERROR: 0x9e370001 replaces 2654435761UL: FAIL where the old one passed" "$tmp/out"'
expect "2002: 64-bit constant FAILs against 11400714819323198549" \
	'grep -q "^include/linux/mm_inline.h:[0-9]*: ERROR: 0x9e37fffffffc0001 replaces 11400714819323198549UL: FAIL where the old one passed" "$tmp/out"'
expect "2002: the old constants pass verify on their own" \
	'$cfx verify --bits 32 2654435761 >/dev/null && $cfx verify --bits 64 11400714819323198549 >/dev/null'
expect "2002: the new ones FAIL verify on their own" \
	'! $cfx verify --bits 32 0x9e370001 >/dev/null && ! $cfx verify --bits 64 0x9e37fffffffc0001 >/dev/null'
expect "2002: sequence proved equal to 0x9e37fffffffc0001" \
	'grep -q "^mm/filemap.c:[0-9]*: NOTE: proved: .* hash = page \* 0x9e37fffffffc0001 mod 2^64" "$tmp/out"'
# the 32-bit expansion as printed, against python's
want32=$(pycf 2654404609 32)
expect "2002: 32-bit expansion: trailing 0 named, the rest equal to python's" \
	'grep -q "mm_inline.h:19: WARNING: continued fraction: the claimed expansion ends with a term 0 .* right: $want32\$" "$tmp/out"'
want64=$(pycf 11400862456688148481 64)
expect "2002: 64-bit expansion: trailing 0 named, the rest equal to python's" \
	'grep -q "mm_inline.h:28: WARNING: continued fraction: the claimed expansion ends with a term 0 .* right: $want64\$" "$tmp/out"'
# the claimed list minus its 0 is python's list: so only the 0 is wrong
claim32=$(sed -n 's/^+ \* \(0,1,1.*,2\),0$/\1/p' $fx/2002.patch | head -1)
expect "2002: the fixture's 32-bit claim is python's plus a 0" '[ "$claim32" = "$want32" ]'
expect "2002: words inferred from #if BITS_PER_LONG" \
	'grep -q "0x9e370001: 32-bit multiplier (under #if BITS_PER_LONG == 32" "$tmp/out" &&
	 grep -q "0x9e37fffffffc0001: 64-bit multiplier (under #elif BITS_PER_LONG == 64" "$tmp/out"'
expect "2002: not close to phi at 64 bits (a_16 = 1048579)" \
	'grep -q "WARNING: not close to phi as claimed: .*a_16 = 1048579" "$tmp/out"'
expect "2002: power sums confirmed" \
	'[ "$(grep -c "NOTE: power sum confirmed" "$tmp/out")" = 2 ]'
expect "2002: which top bits index the table" \
	'grep -q "mm/filemap.c:[0-9]*: NOTE: then hash >>= zone->wait_table_shift: the top 64 - zone->wait_table_shift bits" "$tmp/out"'
expect "2002: summary" 'tail -1 "$tmp/out" | grep -q "^total: 2 errors, 3 warnings, 0 checks, [0-9]* notes; 3 multipliers$"'

# the sequence compiled: the fixture's statements, run by the C compiler
sed -n '/^+	n = hash;/,/^+$/p' $fx/2002.patch | sed 's/^+//' > "$tmp/body"
{ echo '#include <stdio.h>'
  echo 'int main(void) { unsigned long long x, hash, n; int bad = 0;'
  echo 'for (x = 1; x < 100000; x += 7919) { hash = x * 0x9e3779b1ull;'
  echo 'unsigned long long h0 = hash;'
  cat "$tmp/body"
  echo 'if (hash != h0 * 0x9e37fffffffc0001ull) bad = 1; }'
  echo 'printf("%d\n", bad); return 0; }'; } > "$tmp/seq.c"
expect "2002: the C compiler agrees with the proof" \
	'cc -o "$tmp/seq" "$tmp/seq.c" && [ "$("$tmp/seq")" = 0 ]'

done_suite review
