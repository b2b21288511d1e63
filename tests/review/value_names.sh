#!/bin/bash
# cfx review: a define whose name says a seed or a bound (SALT, SEED,
# INIT, MAX) is still a multiplier when the patch multiplies by it and
# shifts (issue 23's trials: "#define OBJ_SALT 0x9e370001u" with "v *= OBJ_SALT;
# return v >> 23;" gave "no multipliers found", exit 0); a unit's factor
# ((x * MULT_MAX) >> 10, MULT_MAX 1000) still is not.  Oracles: the C
# compiler (what the function computes) and python (the buckets of
# stride-2^16 keys under that multiply).
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
mk() {   # NAME VALUE: a patch defining NAME and hashing with it
	printf 'diff --git a/lib/s.c b/lib/s.c\n--- a/lib/s.c\n+++ b/lib/s.c\n@@ -1,2 +1,8 @@\n #include <linux/types.h>\n+#define %s %su\n+static u32 obj_hash(u32 v)\n+{\n+\tv *= %s;\n+\treturn v >> 23;\n+}\n \n' "$1" "$2" "$1"
}
# cc: obj_hash(v) is (v * C mod 2^32) >> 23, a table of 2^9
mk OBJ_SALT 0x9e370001 > "$tmp/salt.patch"
{ echo '#include <stdint.h>'; echo 'typedef uint32_t u32;'
  sed -n '/^@@/,$ s/^[+]//p' "$tmp/salt.patch" | grep -v '#include'
  printf 'int main(void)\n{\n\tfor (u32 k = 1; k < 1u << 30; k = k * 3 + 1)\n\t\tif (obj_hash(k) != (u32)(k * 0x9e370001u) >> 23)\n\t\t\treturn 1;\n\treturn 0;\n}\n'; } > "$tmp/s.c"
expect "cc: obj_hash(v) == (v * 0x9e370001) >> 23" 'cc -O2 -o "$tmp/s" "$tmp/s.c" && "$tmp/s"'
# python: 512 keys k * 2^16 fill few of the 512 buckets
nb=$(python3 -c "print(len({(k << 16) * 0x9e370001 % 2**32 >> 23 for k in range(512)}))")
for name in OBJ_SALT OBJ_SEED HASH_INIT OBJ_MAX; do
	mk $name 0x9e370001 > "$tmp/p.patch"
	./cfx review "$tmp/p.patch" > "$tmp/o" 2>&1; rc=$?
	expect "$name 0x9e370001, v *= $name; v >> 23: judged, a table of 2^9, FAIL (python: 512 keys k*2^16 in $nb of 512 buckets), exit 1" \
		'[ "$nb" -lt 64 ] && grep -q "$name = 0x9e370001: 32-bit multiplier" "$tmp/o" && grep -q "0x9e370001: FAIL.*a table of 2^9 from >> 23" "$tmp/o" && [ $rc = 1 ]'
done
# a unit's factor stays unjudged
printf 'diff --git a/lib/u.c b/lib/u.c\n--- a/lib/u.c\n+++ b/lib/u.c\n@@ -1,2 +1,7 @@\n #include <linux/types.h>\n+#define MULT_MAX 1000\n+static u32 to_kib(u32 x)\n+{\n+\treturn (x * MULT_MAX) >> 10;\n+}\n \n' > "$tmp/u.patch"
./cfx review "$tmp/u.patch" > "$tmp/o" 2>&1; rc=$?
expect "(x * MULT_MAX) >> 10 with MULT_MAX 1000: not judged, exit 0" \
	'! grep -q "FAIL\|PASS\|multiplier (" "$tmp/o" && [ $rc = 0 ]'
done_suite value_names
