#!/bin/bash
# --fields as C writes the layout (issue 21 point 3): 'x<<20|y<<10|z'
# (spaces, parentheses, any field names, C's shift counts 0x14 and 20u)
# means what the offsets "20,10" mean.  Each form is compiled by the C
# compiler, which says where each field starts (each field set to 1, the
# others 0: the lowest set bit of the value), and the layout cfx judged
# (the JSON row's name) must be that one; the JSON of the C form must be
# the JSON of the offsets, byte for byte.  Bad forms: status 2, nothing
# on stdout, one line on stderr naming the bad token.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
cc=${CC:-cc}

# where C puts each field of EXPR (names NAMES): "s1,s2" from the top
# field down, the lowest (at bit 0) left out, as --fields lists them
c_offsets() {
	local expr=$1 names=$2 n
	{
		echo '#include <stdio.h>'
		echo '#include <stdint.h>'
		echo 'int main(void) {'
		for n in $names; do echo "uint64_t $n = 0;"; done
		for n in $names; do
			local m
			for m in $names; do echo "$m = $([ "$m" = "$n" ] && echo 1 || echo 0);"; done
			echo "printf(\"%d\\n\", __builtin_ctzll((uint64_t)($expr)));"
		done
		echo 'return 0; }'
	} >"$tmp/lay.c"
	$cc -std=c11 -w -o "$tmp/lay" "$tmp/lay.c" && "$tmp/lay" |
		sort -rn | grep -vx 0 | paste -sd,
}
# the offsets of the user's layout as the JSON names it: "fields
# x<<20|y<<10|z" -> 20,10
json_offsets() {
	python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
r = [c["name"] for c in d["checks"] if c.get("yours") and c["name"].startswith("fields ")]
print(",".join(re.findall(r"<<(\d+)", r[0])) if len(r) == 1 else "none")' "$1"
}

# p; bits; list; C form; its field names
while IFS=';' read -r p n list form names; do
	[ -n "$p" ] || continue
	./cfx verify "$p" --bits "$n" --fields "$list" --json >"$tmp/a" 2>"$tmp/ae"
	./cfx verify "$p" --bits "$n" --fields "$form" --json >"$tmp/b" 2>"$tmp/be"
	st=$?
	want=$(c_offsets "$form" "$names")
	got=$(json_offsets "$tmp/b")
	expect "$n-bit --fields '$form': accepted (status $st: $(head -c 120 "$tmp/be"))" \
		'[ $st = 0 ] || [ $st = 1 ]'
	expect "--fields '$form': the C compiler puts the fields at $want, cfx judged $got" \
		'[ -n "$want" ] && [ "$want" = "$got" ] && [ "$want" = "$list" ]'
	expect "--fields '$form' and --fields $list: the same JSON" \
		'[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"'
done <<'EOF'
0x61C88647;32;16;x<<16|y;x y
0x61C88647;32;16;x << 16 | y;x y
0x61C88647;32;12;(x << 12) | (y);x y
0x61C88647;32;20;key_hi<<0x14|key_lo;key_hi key_lo
0x61C88647;32;20;lo | hi << 20u;hi lo
0x9e3779b97f4a7c15;64;20;((major) << 20) | (minor);major minor
0x9e3779b97f4a7c15;64;24;id << 24 | index;id index
EOF

# three fields (their reference: 200 random multipliers, counted; at
# small tables to stay quick)
while IFS=';' read -r p n list form names; do
	[ -n "$p" ] || continue
	./cfx verify "$p" --bits "$n" --table-bits 4-10 --fields "$list" --json >"$tmp/a" 2>&1
	./cfx verify "$p" --bits "$n" --table-bits 4-10 --fields "$form" --json >"$tmp/b" 2>&1
	want=$(c_offsets "$form" "$names")
	got=$(json_offsets "$tmp/b")
	expect "--fields '$form': the C compiler puts the fields at $want, cfx judged $got" \
		'[ -n "$want" ] && [ "$want" = "$got" ] && [ "$want" = "$list" ]'
	expect "--fields '$form' and --fields $list: the same JSON" \
		'[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b"'
done <<'EOF'
0x61C88647;32;20,10;x<<20|y<<10|z;x y z
0x61C88647;32;20,10;y << 10 | x << 20 | z;x y z
0x61C88647;32;20,10;(x << 10 | y) << 10 | z;x y z
EOF

# bad forms: status 2, one line naming the token, nothing on stdout
refused() {
	local tok=$1 form=$2
	./cfx verify 0x61C88647 --fields "$form" >"$tmp/o" 2>"$tmp/e"
	local st=$?
	expect "--fields '$form': refused (status $st), one line naming '$tok': $(head -c 160 "$tmp/e")" \
		'[ $st = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" = 1 ] && grep -qF -- "($tok)" "$tmp/e"'
}
refused '&' 'x<<20&y'
refused 'y' 'x<<20 y'
refused 'x<<20|' 'x<<20|'
refused 'x<<20|y<<' 'x<<20|y<<'
refused 'x' 'x<<20|x'
refused 'y<<20' 'x<<20|y<<20'
refused 'y<<4' 'x<<20|y<<4'
refused 'x<<30' 'x<<30|y'
refused 'y<<18' 'x<<20|y<<18|z'
refused 'x' 'x'
refused '(x<<20|y' '(x<<20|y'
refused '64' 'x<<64|y'
refused '-' 'x<<-3|y'
refused '3' 'x<<20|3'
refused ')' 'x<<20|y)'
refused '+' 'x<<20+y'
refused 'w<<4' 'x<<20|y<<16|z<<8|w<<4|v'
done_suite verify/fields_c
