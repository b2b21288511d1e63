#!/bin/bash
# cfx review: a table size that another file shows (issue 23).  A patch
# (or the FILE arguments of one review) whose header
# defines the multiplier and a function whose bits parameter sets the
# shift, or a *_BITS define, while a .c file calls it or shifts by (32 -
# FOO_BITS): review judged verify's default range ("the code does not
# show the size") when the .c came first in the diff (git lists
# drivers/x/x.c before drivers/x/x.h), when the calls were in another
# file than the function, and always across FILE arguments.  The oracle
# is the C compiler: the header and the .c are compiled together and run
# over 2^16 keys, and the largest index has exactly B bits; a call of 40
# runs under -fsanitize=undefined, whose shift exponent is the count the
# ERROR names.  The patches are git's own diffs of a scratch repository.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

g=$tmp/g
mkdir -p "$g/include" "$g/lib"
(cd "$g" && git init -q && printf '#ifndef FOO_H\n#define FOO_H\n#endif\n' > include/foo.h &&
 printf '#include "foo.h"\nint x;\n' > lib/foo.c && git add . &&
 git -c user.email=t@t -c user.name=t commit -qm base) || exit 2
# diff NAME: the work tree's diff, header first (NAME.diff) and .c first
# (NAME_c.diff); and the two files as C source (NAME.h, NAME.c)
diff_of() {
	(cd "$g" && git diff > "$tmp/$1.diff" &&
	 git diff -O<(printf 'lib/*\ninclude/*\n') > "$tmp/$1_c.diff")
	cp "$g/include/foo.h" "$tmp/$1.h"
	cp "$g/lib/foo.c" "$tmp/$1.c"
}
# bits FILE.h FILE.c FN: the bits of the largest index FN returns over
# 2^16 keys, the two files compiled together
bits() { cat "$1" "$2" | max_bits "$3" | tr -d ' '; echo; }

# ---- 1. the header's function, called in the .c -----------------------------
cat > "$g/include/foo.h" <<'C'
#ifndef FOO_H
#define FOO_H
#define FOO_HASH_MULT 0x9e3779b1u
static inline u32 foo_hash(u32 x, unsigned int bits)
{
	return (x * FOO_HASH_MULT) >> (32 - bits);
}
#endif
C
cat > "$g/lib/foo.c" <<'C'
#include "foo.h"
#define FOO_BITS 10
static u32 foo_index(u32 key)
{
	return foo_hash(key, FOO_BITS);
}
int x;
C
diff_of calls
b=$(bits "$tmp/calls.h" "$tmp/calls.c" foo_index)
for d in calls calls_c; do
	review "$tmp/$d.diff"
	expect "$d.diff: foo_hash() in the header, its call in lib/foo.c (cc: $b bits): a table of 2^10 from the call, named by its file" \
		'[ "$b" = 10 ] && grep -q "^include/foo.h:3: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, a table of 2^10 from foo_hash(..., FOO_BITS = 10) at lib/foo.c:5, its bits for >> (32 - bits) at line 6$" "$tmp/o" &&
		 ! grep -q "does not show" "$tmp/o"'
done
review "$tmp/calls.h" "$tmp/calls.c"
expect "two FILE arguments, calls.h calls.c: the same table, the multiplier once" \
	'grep -q "calls.h:3: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, a table of 2^10 from foo_hash(..., FOO_BITS = 10) at .*calls.c:5, its bits for >> (32 - bits) at line 6$" "$tmp/o" &&
	 grep -q "^total: .*; 1 multiplier$" "$tmp/o"'
review "$tmp/calls.c" "$tmp/calls.h"
expect "and in the other order" \
	'grep -q "calls.h:3: NOTE: 0x9e3779b1: PASS, .* a table of 2^10 from foo_hash(..., FOO_BITS = 10) at .*calls.c:5" "$tmp/o" && grep -q "^total: .*; 1 multiplier$" "$tmp/o"'
review "$tmp/calls.h"
expect "control: the header alone does not show the size" \
	'grep -q "the code does not show the size (>> (32 - bits) at line 6 takes bits, a parameter of foo_hash())" "$tmp/o"'

# ---- 2. a call of 40 in the .c: ubsan's count, the ERROR there ---------------
sed -i 's/foo_hash(key, FOO_BITS)/foo_hash(key, 40)/' "$g/lib/foo.c"
diff_of forty
e=$(cat "$tmp/forty.h" "$tmp/forty.c" | ubsan_shift foo_index)
review "$tmp/forty_c.diff"
expect "foo_hash(key, 40) in lib/foo.c: ubsan shifts by $e; the ERROR at lib/foo.c:5 names it and the header's shift; not judged; exit $(rc)" \
	'[ "$e" = "$(python3 -c "print((32 - 40) % 2**32)")" ] && [ "$(rc)" = 1 ] &&
	 grep -q "^lib/foo.c:5: ERROR: foo_hash(..., 40) at line 5 asks for a table of 2^40: foo_hash().s >> (32 - bits) at include/foo.h:6 then shifts its 32-bit product by $e (bits is unsigned" "$tmp/o" &&
	 grep -q "is not judged: foo_hash(..., 40) at lib/foo.c:5 makes the shift at line 6 undefined" "$tmp/o"'

# ---- 3. a *_BITS define in the header, the shift in the .c -------------------
cat > "$g/include/foo.h" <<'C'
#ifndef FOO_H
#define FOO_H
#define FOO_HASH_MULT 0x9e3779b1u
#define FOO_BITS 12
#endif
C
cat > "$g/lib/foo.c" <<'C'
#include "foo.h"
static u32 foo_index(u32 key)
{
	return (key * FOO_HASH_MULT) >> (32 - FOO_BITS);
}
int x;
C
diff_of shift
b=$(bits "$tmp/shift.h" "$tmp/shift.c" foo_index)
for d in shift shift_c; do
	review "$tmp/$d.diff"
	expect "$d.diff: >> (32 - FOO_BITS) in lib/foo.c, FOO_BITS 12 in the header (cc: $b bits): a table of 2^12 at lib/foo.c:4" \
		'[ "$b" = 12 ] && grep -q "^include/foo.h:3: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, a table of 2^12 from >> (32 - FOO_BITS = 12) at lib/foo.c:4$" "$tmp/o"'
done
review "$tmp/shift.c" "$tmp/shift.h"
expect "two FILE arguments, shift.c shift.h: a table of 2^12, the multiplier once" \
	'grep -q "shift.h:3: NOTE: 0x9e3779b1: PASS, [0-9]* checks on 32-bit words, a table of 2^12 from >> (32 - FOO_BITS = 12) at .*shift.c:4$" "$tmp/o" &&
	 grep -q "^total: .*; 1 multiplier$" "$tmp/o"'
review "$tmp/shift.c"
expect "control: the .c alone names no multiplier" 'grep -q "^no multipliers found$" "$tmp/o"'
done_suite cross_file
