#!/bin/bash
# cfx review: a constant's word by C's rules (issue 23).  The word a
# review states for a #define with neither type nor #if is the width C
# computes in: a literal's type (C11 6.4.4.1: int, long, long long for a
# decimal literal with no U; unsigned too for hex and octal; the suffix's
# list otherwise), the same function the index overflow check reads; and
# where a use keeps the product in a wider type, the multiply's own width
# (the usual arithmetic conversions: u32 times an unsuffixed int constant
# is computed in 32 bits, then widened).  The compiler is the oracle:
# each case is compiled -m64 (LP64) and -m32 (ILP32, when it can) with a
# probe that the compiler itself decides; cfx, which takes long as LP64's
# where the models differ, must say the -m64 word.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx

m32=1
echo 'int x;' > "$tmp/m.c"
cc -m32 -O2 -c -o "$tmp/m.o" "$tmp/m.c" 2>/dev/null || m32=0
[ $m32 = 1 ] || ok "cc -m32 cannot compile here: ILP32 not compared"

# cc_word M SOURCE-FILE: 64 when the file compiles with -DWIDE (the probe
# holds for 64 bits), 32 when with -DNARROW, else x
cc_word() {
	if cc -m"$1" -DWIDE -O2 -c -o "$tmp/p.o" "$2" 2>/dev/null; then echo 64
	elif cc -m"$1" -DNARROW -O2 -c -o "$tmp/p.o" "$2" 2>/dev/null; then echo 32
	else echo x; fi
}
# cfx_word: the word cfx review of $tmp/p.patch states for MY_HASH_MULT
cfx_word() {
	$cfx review "$tmp/p.patch" > "$tmp/out"
	sed -n 's/^.*: NOTE: MY_HASH_MULT = 0x[0-9a-f]*: \([0-9]*\)-bit multiplier.*/\1/p' "$tmp/out" | head -1
}
# compare DESC: the compiled words of $tmp/p.c against cfx's
compare() {
	local l i got
	l=$(cc_word 64 "$tmp/p.c")
	i=$( [ $m32 = 1 ] && cc_word 32 "$tmp/p.c" || echo "-")
	got=$(cfx_word)
	expect "$1: cc -m64 $l, -m32 $i; cfx $got" '[ "$l" != x ] && [ "$got" = "$l" ]'
}

# ---- a define's literal, no use: its type's width -----------------------
for lit in 2654435761 2147483648 4000000000 2147483647 0x9e3779b9 023615674671 \
	   0x9e3779b9U 2654435761U 0x9e3779b9UL 2654435761L 0x61c88647ULL \
	   0x9e3779b97f4a7c15; do
	printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,3 @@\n #include <linux/types.h>\n+#define MY_HASH_MULT %s\n+\n' \
		"$lit" > "$tmp/p.patch"
	{ echo "#define MY_HASH_MULT $lit"
	  echo '#ifdef WIDE'
	  echo 'extern char probe[sizeof(MY_HASH_MULT) == 8 ? 1 : -1];'
	  echo '#else'
	  echo 'extern char probe[sizeof(MY_HASH_MULT) == 4 ? 1 : -1];'
	  echo '#endif'; } > "$tmp/p.c"
	compare "the literal $lit"
done
printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,3 @@\n #include <linux/types.h>\n+#define MY_HASH_MULT 2654435761\n+\n' > "$tmp/p.patch"
$cfx review "$tmp/p.patch" > "$tmp/out"
expect "2654435761: its word note names C's types, and no 32-bit claim" \
	'grep -q "MY_HASH_MULT = 0x000000009e3779b1: 64-bit multiplier (no suffix and no type: a decimal literal beyond INT_MAX is long on LP64 and long long on ILP32, 64 bits)" "$tmp/out" &&
	 ! grep -q "taken as a 32-bit" "$tmp/out"'

# ---- a use that keeps the product: the multiply's own width --------------
# case PARAM DEFINE BODY: my_hash(PARAM val) returning u64, BODY's lines
# joined by "|"; the probe asks whether some result needs more than 32
# bits (the product was computed in 64) for a key of 32 bits
while IFS='~' read -r param def body; do
	[ -z "$param" ] && continue
	b=${body//|/$'\n'+}
	printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,8 @@\n #include <linux/types.h>\n+#define MY_HASH_MULT %s\n+\n+static inline u64 my_hash(%s val)\n+{\n+%s\n+}\n' \
		"$def" "$param" "$b" > "$tmp/p.patch"
	{ echo 'typedef unsigned int u32; typedef unsigned long long u64;'
	  sed -n '/^+++/d; s/^+//p' "$tmp/p.patch"
	  echo 'extern void wide(void) __attribute__((error("wide")));'
	  echo 'extern void narrow(void) __attribute__((error("narrow")));'
	  echo 'void probe(void) { u32 k; for (k = 0xfffffff0u; k; k++) {'
	  echo '#ifdef WIDE'
	  echo 'if (my_hash(k) == (u32)my_hash(k)) wide(); } }'
	  echo '#else'
	  echo 'if (my_hash(k) >> 32) narrow(); } }'
	  echo '#endif'; } > "$tmp/p.c"
	compare "$param val, MY_HASH_MULT $def: '$body'"
done <<'EOF'
u32~0x61c88647~	u64 h = val * MY_HASH_MULT;|	return h;
u32~0x61c88647~	u64 h;||	h = val * MY_HASH_MULT;|	return h;
u32~0x61c88647U~	return (u64)(val * MY_HASH_MULT);
u32~0x61c88647~	return val * MY_HASH_MULT;
u32~0x61c88647~	unsigned long long h = val * MY_HASH_MULT;|	return h;
u64~0x61c88647~	u64 h = val * MY_HASH_MULT;|	return h;
u32~0x61c88647~	u64 h = (u64)val * MY_HASH_MULT;|	return h;
u32~0x61c88647UL~	u64 h = val * MY_HASH_MULT;|	return h;
unsigned long~0x61c88647~	u64 h = val * MY_HASH_MULT;|	return h;
u32~2654435761~	u64 h = val * MY_HASH_MULT;|	return h;
EOF
expect "kept in u64 but computed in 32 bits: said, and no 64-bit word warning" \
	'printf -- "--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,7 @@\n #include <linux/types.h>\n+#define MY_HASH_MULT 0x9e3779b9\n+\n+static inline u64 my_hash(u32 val)\n+{\n+	return (u64)(val * MY_HASH_MULT);\n+}\n" > "$tmp/p.patch" &&
	 $cfx review "$tmp/p.patch" > "$tmp/out";
	 grep -q "MY_HASH_MULT = 0x9e3779b9: 32-bit multiplier (the product is cast to u64 at line 6 but computed in 32 bits (u32 times unsigned int) and widened only after the multiply" "$tmp/out" &&
	 ! grep -q "WARNING" "$tmp/out"'

# ---- a literal under #if BITS_PER_LONG == 32: C types it by ILP32 -------
# The #if gives the define its word, 32 bits, but not its type: C types
# the literal as ILP32 does (2654435761 is long long there, 0x61c88647ULL
# unsigned long long), and a product with a 64-bit literal is computed in
# 64 bits.  cc -m32 (the model the branch selects) is the oracle:
# sizeof(MY_HASH_MULT) > 4 there, and cfx must name the literal in a
# WARNING or ERROR on its line saying 64 bits; else nothing about it.
if [ $m32 = 1 ]; then
	for lit in 2654435761 2654435761L 2654435761LL 2654435761U 2654435761UL \
		   0x9e3779b9 0x9e3779b9L 023615674671 1640531527 0x61c88647ULL \
		   0x61c88647LL 0x61c88647 4294967297 0x9e3779b97f4a7c15; do
		printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,6 @@\n #include <linux/types.h>\n+#if BITS_PER_LONG == 32\n+#define MY_HASH_MULT %s\n+#else\n+#define MY_HASH_MULT 0x9e3779b97f4a7c15UL\n+#endif\n' \
			"$lit" > "$tmp/p.patch"
		{ echo '#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)'
		  sed -n '/^+++/d; /^@@/d; /#include/d; s/^+//p' "$tmp/p.patch"
		  echo 'extern char probe[sizeof(MY_HASH_MULT) > 4 ? 1 : -1];'; } > "$tmp/p.c"
		wide=0
		cc -m32 -O2 -c -o "$tmp/p.o" "$tmp/p.c" 2>/dev/null && wide=1
		$cfx review "$tmp/p.patch" > "$tmp/out"
		grep -E "^lib/my_hash.c:3: (WARNING|ERROR): (the literal $lit |$lit needs)" "$tmp/out" > "$tmp/named"
		if [ $wide = 1 ]; then
			expect "under BITS_PER_LONG == 32, $lit: cc -m32 types it 64 bits; cfx names it ($(cut -c1-100 "$tmp/named"))" \
				'[ "$(wc -l < "$tmp/named")" = 1 ] && grep -q " 64 bits, so a product with it is computed in 64 bits" "$tmp/named"'
		else
			expect "under BITS_PER_LONG == 32, $lit: cc -m32 types it 32 bits; cfx says nothing of it, a 32-bit multiplier" \
				'[ ! -s "$tmp/named" ] && grep -q "^lib/my_hash.c:3: NOTE: MY_HASH_MULT = 0x[0-9a-f]\{8\}: 32-bit multiplier (under #if BITS_PER_LONG == 32 (line 2)" "$tmp/out"'
		fi
		expect "under BITS_PER_LONG == 32, $lit: the #else's 0x9e3779b97f4a7c15UL untouched" \
			'! grep -q "^lib/my_hash.c:5: \(WARNING\|ERROR\)" "$tmp/out"'
	done
fi

done_suite words
