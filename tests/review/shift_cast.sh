#!/bin/bash
# cfx review: a shift is undefined when its count is not less than the
# width of the (promoted) type it shifts (C11 6.5.7), which is the type of
# the value shifted, not the function's word: `(u32)(s >> 32)` with s a
# u64 in a function returning u32 was called undefined (issue 23).  The
# oracle is the C compiler: each function of the fixture is run under
# -fsanitize=shift, and cfx's ERROR lines must be exactly the lines
# where UBSan reports a shift out of bounds.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
src=$fx/shift_cast_width.c
{
	echo '#include <stdint.h>'
	echo 'typedef uint32_t u32; typedef uint64_t u64;'
	echo '#line 1 "shift_cast_width.c"'
	cat "$src"
	echo 'int main(int argc, char **argv)'
	echo '{'
	echo '	volatile u64 v = 0x123456789abcdef1ull + (u64)argc;'
	echo '	volatile u32 r = 0;'
	echo '	switch (argv[1][0]) {'
	echo '	case 1+48: r = hash_64(v, 10); break;'
	echo '	case 2+48: r = top32(v); break;'
	echo '	case 3+48: r = hash_32((u32)v); break;'
	echo '	case 4+48: r = cast_first(v); break;'
	echo '	case 5+48: r = by_64(v); break;'
	echo '	}'
	echo '	return (int)(r & 0);'
	echo '}'
} > "$tmp/u.c"
ubsan_lines=
if cc -O0 -fsanitize=shift -fno-sanitize-recover=shift -w -o "$tmp/u" \
	"$tmp/u.c" 2>"$tmp/cc"; then
	for i in 1 2 3 4 5; do
		"$tmp/u" "$i" 2>"$tmp/e$i" >/dev/null
		l=$(sed -n 's/^shift_cast_width\.c:\([0-9]*\):.*shift exponent.*/\1/p' \
			"$tmp/e$i" | head -1)
		[ -n "$l" ] && ubsan_lines="$ubsan_lines $l"
	done
	expect "cc -fsanitize=shift: three functions shift out of bounds" \
		'[ "$(echo $ubsan_lines | wc -w)" = 3 ]'
else
	bad "cc -fsanitize=shift cannot build the fixture: $(head -1 "$tmp/cc")"
fi
review "$src"
cfx_lines=$(sed -n 's/^[^:]*:\([0-9]*\): ERROR: .*undefined behaviour.*/\1/p' \
	"$tmp/o" | sort -n | tr '\n' ' ')
want=$(echo $ubsan_lines | tr ' ' '\n' | sort -n | tr '\n' ' ')
expect "cfx's undefined shifts ($cfx_lines) are UBSan's ($want)" \
	'[ -n "$want" ] && [ "$cfx_lines" = "$want" ]'
expect "(u32)(s >> 32), s a u64: no ERROR at lines 5 and 12" \
	'! grep -q "^[^:]*:\(5\|12\): ERROR" "$tmp/o"'
done_suite shift_cast
