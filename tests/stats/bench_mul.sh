#!/bin/bash
# cfx bench's "multiply" is a multiply instruction (issue 25 point 5: GCC
# compiled x * 0x00010001 as shl; add, and bench timed it as the
# multiply).  Checked in the object cfx loads, disassembled here: an
# objdump placed first on PATH keeps a copy of the file cfx asks it to
# list and then runs the real one, and this suite reads the copy with the
# real objdump itself, not through cfx's report.  For constants a
# compiler turns into shifts and adds (0x00010001 = (x << 16) + x,
# 0x80000001, 9, 0x100000001 on 64 bits) and 0x61C88647: each multiply
# loop (cfx_bench_K and cfx_lat_K for the multiply, the variants named in
# --json) has a multiply instruction, and the NAF form's loops have none
# (so the test tells them apart); the report says so.  Skipped (counted
# as passed, said) without objdump or on a machine other than x86-64 and
# arm64.  No timing is judged.
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "bench_mul.sh: ./cfx not built (make cfx)"; exit 2; }
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
real=$(command -v objdump)
case $(uname -m) in
x86_64) mul='^(imul|mul|mulx)[a-z]*$' ;;
aarch64) mul='^(mul|madd|umull|smull|umulh|smulh)$' ;;
*) real= ;;
esac
if [ -z "$real" ]; then
	echo "bench_mul.sh: no objdump, or not x86-64 or arm64: skipped"
	echo "bench_mul.sh: 1 passed, 0 failed"
	exit 0
fi
mkdir -p "$tmp/bin"
# the wrapper: the last argument that is a file is the object
cat >"$tmp/bin/objdump" <<SH
#!/bin/sh
for a in "\$@"; do [ -f "\$a" ] && cp "\$a" "$tmp/obj.so"; done
exec "$real" "\$@"
SH
chmod +x "$tmp/bin/objdump"

# the mnemonics of function fn in the listing of file
insns() {   # FILE FN
	"$real" -d --no-show-raw-insn "$1" |
		awk -v fn="<$2>:" '$2 == fn { on = 1; next }
			on && NF == 0 { exit }
			on { sub(/^[^\t]*\t/, ""); split($0, w, /[ \t]/); print w[1] }'
}

for c in "0x00010001 32" "0x80000001 32" "9 32" "0x61C88647 32" \
         "0x100000001 64"; do
	set -- $c
	rm -f "$tmp/obj.so"
	PATH="$tmp/bin:$PATH" ./cfx bench "$1" --bits "$2" --runs 3 \
		--table-bits 4 --json >"$tmp/j" 2>"$tmp/err" ||
		{ bad "$1: cfx bench failed: $(head -2 "$tmp/err")"; continue; }
	[ -s "$tmp/obj.so" ] || { bad "$1: objdump was not asked"; continue; }
	python3 - "$tmp/j" >"$tmp/fns" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for v in j["variants"]:
    kind = v["name"].split()[0]
    print(kind, v["function"], v["function"].replace("bench", "lat"))
print("checked", j["multiply_checked"].replace(" ", "_"))
PY
	while read -r kind f1 f2; do
		[ "$kind" = checked ] && continue
		for f in "$f1" "$f2"; do
			insns "$tmp/obj.so" "$f" >"$tmp/ins"
			[ -s "$tmp/ins" ] || { bad "$1: no $f in the object"; continue; }
			n=$(grep -Ec "$mul" "$tmp/ins")
			case $kind in
			multiply) [ "$n" -ge 1 ] && ok ||
				bad "$1 on $2 bits: $f (multiply) has no multiply:" \
				    "$(paste -sd' ' "$tmp/ins")" ;;
			NAF) [ "$n" = 0 ] && ok ||
				bad "$1 on $2 bits: $f (NAF) has $n multiplies" ;;
			esac
		done
	done <"$tmp/fns"
	grep -q '^checked objdump_shows_a_multiply_instruction_in_every' \
		"$tmp/fns" && ok || bad "$1: the report: $(grep checked "$tmp/fns")"
done
echo "bench_mul.sh: $pass passed, $fail failed"
[ "$fail" = 0 ]
