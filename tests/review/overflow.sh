#!/bin/bash
# cfx review: the index overflow ERROR in general (issue 23).  A product
# that C computes in more than 32 bits and that reaches ">> (32 - bits)"
# unreduced gives an index of 32 + bits bits: outside the table.  Which
# products are wide is the C compiler's to say: each case's function is
# compiled for LP64 (-m64) and ILP32 (-m32), and a key whose index is
# outside the table kept as a call to a function marked
# __attribute__((error)) (the kernel's BUILD_BUG_ON trick: the optimiser
# folds the index; the call, and the error, remain only when it is out).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
cfx=./cfx

# case PARAM-TYPE DEFINE BODY: lib/my_hash.c with MY_HASH_MULT and
# my_hash(PARAM-TYPE val) { BODY } (lines joined by "|")
mkpatch() {
	local body=${3//|/$'\n'+}
	printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,10 @@\n #include <linux/types.h>\n+#define MY_HASH_BITS 10\n+#define MY_HASH_MULT %s\n+\n+static inline u32 my_hash(%s val)\n+{\n+%s\n+}\n+\n+/* end */\n' \
		"$2" "$1" "$body" > "$tmp/p.patch"
}
# compiled: "1" when some key's index is outside the table in model -mM
outside() {
	{ echo 'typedef unsigned int u32; typedef unsigned long long u64;'
	  sed -n '/^+++/d; s/^+//p' "$tmp/p.patch"
	  echo 'extern void index_outside(void) __attribute__((error("outside")));'
	  echo 'void probe(void) { u32 k;'
	  echo 'for (k = 1; k < 8; k++) if (my_hash(k * 2654435761u) >= (1u << MY_HASH_BITS)) index_outside(); }'
	} > "$tmp/p.c"
	if cc -m"$1" -O2 -c -o "$tmp/p.o" "$tmp/p.c" 2> "$tmp/cc.err"; then
		echo 0
	elif grep -q "outside" "$tmp/cc.err"; then
		echo 1
	else
		echo "cc -m$1 failed: $(head -1 "$tmp/cc.err")" >&2; echo x
	fi
}

# what cfx said in $tmp/out: "both" (no model named), "lp64" ("on 64-bit
# longs"), "other", "none"
said() {
	if grep -q "ERROR: the index overflows the table on 64-bit longs: " "$tmp/out"; then echo lp64
	elif grep -q "ERROR: the index overflows the table: " "$tmp/out"; then echo both
	elif grep -q "overflows" "$tmp/out"; then echo other
	else echo none; fi; }
# the compiled verdicts l (LP64) and i (ILP32) as said's words
verdict() { case "$1$2" in 11) echo both;; 10) echo lp64;; 00) echo none;; *) echo "?$1$2";; esac; }

m32=1
echo 'int x;' > "$tmp/m.c"
cc -m32 -O2 -c -o "$tmp/m.o" "$tmp/m.c" 2>/dev/null || m32=0
[ $m32 = 1 ] || ok "cc -m32 cannot compile here: ILP32 taken from the C rules only"

# what cfx says for each: "both" (no model named), "lp64" ("on 64-bit
# longs"), "none"
# compiled_vs_cfx DESC WANT L64 L32: the compiler's verdict (from whether
# an index fell outside the table on LP64 and ILP32) must be WANT, and
# cfx review of $tmp/p.patch must say the same
compiled_vs_cfx() {
	local cc got w=$2
	cc=$(verdict "$3" "$4")
	$cfx review "$tmp/p.patch" > "$tmp/out"
	got=$(said)
	expect "$1: compiled: $cc (expected $2); cfx: $got" \
		'[ "$cc" = "$w" ] && [ "$got" = "$cc" ]'
}
while IFS='~' read -r want param def body; do
	[ -z "$param" ] && continue
	mkpatch "$param" "$def" "$body"
	l=$(outside 64)
	i=$( [ $m32 = 1 ] && outside 32 || echo "$want" | sed 's/both/1/; s/lp64/0/; s/none/0/')
	compiled_vs_cfx "$param val, MY_HASH_MULT $def: '$body'" "$want" "$l" "$i"
done <<'EOF'
lp64~u32~0x61c88647~	return (val * 0x9e370001UL) >> (32 - MY_HASH_BITS);
both~u32~0x61c88647~	return (val * 0x9e370001ULL) >> (32 - MY_HASH_BITS);
both~u32~0x61c88647~	return (val * 2654435761) >> (32 - MY_HASH_BITS);
none~u32~0x61c88647~	return (val * 0x9e370001) >> (32 - MY_HASH_BITS);
none~u32~0x61c88647~	return (val * 2654435761U) >> (32 - MY_HASH_BITS);
both~u32~2654435761~	return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);
none~u32~0x9e370001~	return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);
both~u64~0x61c88647~	return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);
both~u64~0x61c88647~	return (MY_HASH_MULT * val) >> (32 - MY_HASH_BITS);
none~u64~0x61c88647~	return (u32)(val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);
lp64~u32~0x61c88647UL~	u64 h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
lp64~u32~0x61c88647UL~	unsigned long h;||	h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
none~u32~0x61c88647~	u64 h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
both~u32~0x61c88647~	u64 h = (u64)val * MY_HASH_MULT;|	h ^= h >> 7;|	return h >> (32 - MY_HASH_BITS);
both~u64~0x61c88647~	u64 h = val;|	h *= MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
none~u32~0x61c88647UL~	u32 h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
none~u64~0x61c88647~	u32 h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);
EOF

# the message names the type C computes in, and why
mkpatch u32 0x61c88647 '	return (val * 2654435761) >> (32 - MY_HASH_BITS);'
$cfx review "$tmp/p.patch" > "$tmp/out"
expect "a decimal literal: long on LP64 and long long on ILP32, named" \
	'grep -q "^lib/my_hash.c:7: ERROR: the index overflows the table: the product with 2654435761 is computed in long on LP64 and long long on ILP32 (2654435761 has no suffix and is beyond INT_MAX: a decimal literal.s type is signed), 64 bits, and not reduced mod 2^32, so >> (32 - ...) at line 7 leaves 32 bits more than the table has" "$tmp/out"'
mkpatch u64 0x61c88647 '	return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);'
$cfx review "$tmp/p.patch" > "$tmp/out"
expect "u64 * an unsuffixed define: computed in u64, the type of val" \
	'grep -q "^lib/my_hash.c:3: ERROR: the index overflows the table: the product with MY_HASH_MULT is computed in u64 (the type of val), 64 bits, and not reduced" "$tmp/out"'
mkpatch u32 0x61c88647UL '	u64 h = val * MY_HASH_MULT;|	return h >> (32 - MY_HASH_BITS);'
$cfx review "$tmp/p.patch" > "$tmp/out"; rc=$?
expect "kept in u64 h, shifted on the next line: both lines named, exit 1" \
	'[ $rc = 1 ] && grep -q "^lib/my_hash.c:3: ERROR: the index overflows the table on 64-bit longs: the product with MY_HASH_MULT is computed in unsigned long (the suffix UL), 64 bits on LP64, and not reduced mod 2^32, kept in u64 h at line 7, so >> (32 - ...) at line 8 " "$tmp/out"'

# ---- C-level conditions on the word, read as #if is ------------------------
# the functions compiled in both models with BITS_PER_LONG as the kernel
# has it: only the branch the model takes runs; cfx reads each branch's
# word from its condition
ctxcase() { # $1 the body of my_hash(unsigned long val), lines by "|"
	local body=${1//|/$'\n'+}
	printf -- '--- a/lib/my_hash.c\n+++ b/lib/my_hash.c\n@@ -1,1 +1,10 @@\n #include <linux/types.h>\n+#define MY_HASH_BITS 10\n+#define MY_HASH_MULT 0x9e370001UL\n+\n+static inline u32 my_hash(unsigned long val)\n+{\n+%s\n+}\n+\n+/* end */\n' \
		"$body" > "$tmp/p.patch"; }
ctx_outside() { # the compiled verdict for -m$1
	{ echo 'typedef unsigned int u32; typedef unsigned long long u64;'
	  echo '#define BITS_PER_LONG (8 * (int)sizeof(long))'
	  echo '#define IS_ENABLED(x) (x)'
	  echo '#define CONFIG_64BIT (BITS_PER_LONG == 64)'
	  echo 'static inline u32 hash_32(u32 v, unsigned b) { return (v * 0x61c88647u) >> (32 - b); }'
	  sed -n '/^+++/d; s/^+//p' "$tmp/p.patch"
	  echo 'extern void index_outside(void) __attribute__((error("outside")));'
	  echo 'void probe(void) { u32 k;'
	  echo 'for (k = 1; k < 8; k++) if (my_hash(k * 2654435761u) >= (1u << MY_HASH_BITS)) index_outside(); }'
	} > "$tmp/p.c"
	if cc -m"$1" -O2 -c -o "$tmp/p.o" "$tmp/p.c" 2> "$tmp/cc.err"; then echo 0
	elif grep -q "outside" "$tmp/cc.err"; then echo 1
	else echo "cc -m$1: $(head -1 "$tmp/cc.err")" >&2; echo x; fi; }
while IFS='~' read -r want body; do
	ctxcase "$body"
	l=$(ctx_outside 64); i=$( [ $m32 = 1 ] && ctx_outside 32 || echo 0)
	compiled_vs_cfx "C-level if: '$body'" "$want" "$l" "$i"
done <<'EOF'
none~	if (BITS_PER_LONG == 32)|		return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);|	return hash_32(val, MY_HASH_BITS);
none~	if (sizeof(long) == 4) {|		return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);|	}|	return hash_32(val, MY_HASH_BITS);
none~	if (BITS_PER_LONG == 64)|		return (val * 0x9e37fffffffc0001UL) >> (64 - MY_HASH_BITS);|	else|		return (val * 0x9e370001UL) >> (32 - MY_HASH_BITS);
none~	if (BITS_PER_LONG == 64) {|		return (val * 0x9e37fffffffc0001UL) >> (64 - MY_HASH_BITS);|	} else {|		return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);|	}
lp64~	if (sizeof(long) == 8)|		return (val * 0x9e370001UL) >> (32 - MY_HASH_BITS);|	return hash_32(val, MY_HASH_BITS);
lp64~	return (val * MY_HASH_MULT) >> (32 - MY_HASH_BITS);
EOF
ctxcase '	if (BITS_PER_LONG == 64)|		return (val * 0x9e37fffffffc0001UL) >> (64 - MY_HASH_BITS);|	else|		return (val * 0x9e370001UL) >> (32 - MY_HASH_BITS);'
$cfx review "$tmp/p.patch" > "$tmp/out"
expect "C-level if: each branch's word from its condition, with its line" \
	'grep -q "^lib/my_hash.c:8: NOTE: 0x9e37fffffffc0001: 64-bit multiplier (under if (BITS_PER_LONG == 64) (line 7), suffix UL: unsigned long)" "$tmp/out" &&
	 grep -q "^lib/my_hash.c:10: NOTE: 0x9e370001: 32-bit multiplier (under else of if (BITS_PER_LONG == 64) (line 9), suffix UL: unsigned long)" "$tmp/out" &&
	 ! grep -q "^lib/my_hash.c:1[0-9]: WARNING: .*32-bit constant in a 64-bit word" "$tmp/out"'
for c in "sizeof(unsigned long) == 8" "sizeof (long) > 4" "__SIZEOF_LONG__ == 8" "BITS_PER_LONG != 32" "IS_ENABLED(CONFIG_64BIT)"; do
	ctxcase "	if ($c)|		return (val * 0x9e370001UL) >> 22;|	return 0;"
	expect "C-level if ($c): a 64-bit word" \
		'$cfx review "$tmp/p.patch" | grep -q "0x000000009e370001: 64-bit multiplier (under if ("'
done
for c in "sizeof(long) == 4" "BITS_PER_LONG == 32" "!IS_ENABLED(CONFIG_64BIT)"; do
	ctxcase "	if ($c)|		return (val * 0x9e370001UL) >> 22;|	return 0;"
	expect "C-level if ($c): a 32-bit word" \
		'$cfx review "$tmp/p.patch" | grep -q " 0x9e370001: 32-bit multiplier (under if ("'
done

done_suite overflow
