#!/bin/bash
# The multiply `cfx shifts --target rv32i` compares a sequence against
# (issue 25: the model charged a __mulsi3 call 100 cycles and __muldi3
# 400, where libgcc's loop runs 160 to 192 instructions for a 32-bit
# constant).  RV32I has no multiply instruction: x * p is a call of
# libgcc's __mulsi3 (libgcc/config/riscv/muldi3.S), whose loop shifts
# the constant right until it is 0.  The oracle runs that routine,
# instruction by instruction, in a small RV32I interpreter of its own
# (python, below: the nine instructions as libgcc writes them), counts
# what it executes and checks it multiplies; the call (jal, the constant
# moved into a1) adds 2.  A 64-bit product is libgcc2.c's __muldi3: four
# __mulsi3 runs on the 16-bit halves of the constant's low word, two on
# its words, and the code around them, counted where clang can compile
# for rv32i (the same C, its instructions less the calls); else the 71
# that clang 14 gives.  Where clang is there it also shows the constant
# goes in a1, the operand the loop shifts.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

cat >"$tmp/rv.py" <<'PY'
import re, sys
# libgcc/config/riscv/muldi3.S (__muldi3, which is __mulsi3 on RV32)
SRC = """
    mv   a2, a0
    li   a0, 0
L1: andi a3, a1, 1
    beqz a3, L2
    add  a0, a0, a2
L2: srli a1, a1, 1
    slli a2, a2, 1
    bnez a1, L1
    ret
"""
prog, labels = [], {}
for line in SRC.strip().splitlines():
    m = re.match(r"\s*(?:(\w+):)?\s*(\w+)\s*(.*)", line)
    if m.group(1):
        labels[m.group(1)] = len(prog)
    prog.append((m.group(2), [a.strip() for a in m.group(3).split(",") if a.strip()]))
M = 0xffffffff
def mulsi3(a, b):
    r = {"a0": a & M, "a1": b & M, "a2": 0, "a3": 0}
    pc = n = 0
    while True:
        op, x = prog[pc]; n += 1; pc += 1
        if op == "mv": r[x[0]] = r[x[1]]
        elif op == "li": r[x[0]] = int(x[1]) & M
        elif op == "andi": r[x[0]] = r[x[1]] & int(x[2])
        elif op == "add": r[x[0]] = (r[x[1]] + r[x[2]]) & M
        elif op == "srli": r[x[0]] = r[x[1]] >> int(x[2])
        elif op == "slli": r[x[0]] = (r[x[1]] << int(x[2])) & M
        elif op == "beqz":
            if r[x[0]] == 0: pc = labels[x[1]]
        elif op == "bnez":
            if r[x[0]] != 0: pc = labels[x[1]]
        elif op == "ret":
            assert r["a0"] == (a * b) & M, (a, b)
            return n
        else:
            raise SystemExit("unknown " + op)
p, bits, around = int(sys.argv[1], 0), int(sys.argv[2]), int(sys.argv[3])
x = 0x12345679
if bits <= 32:
    print(2 + mulsi3(x, p & M))
else:
    lo, hi = p & M, p >> 32
    print(3 + around + 2 * mulsi3(x & 0xffff, lo & 0xffff) +
          2 * mulsi3(x & 0xffff, lo >> 16) + mulsi3(x, hi) + mulsi3(x >> 32, lo))
PY

# the instructions around the six calls in __muldi3: libgcc2.c's code
# compiled by clang for rv32i, the calls and the carry's add left out
around=72
cat >"$tmp/md.c" <<'C'
typedef unsigned int UW; typedef unsigned short UH; typedef unsigned long long UD;
extern UW m32(UW a, UW b);
#define LO(t) ((UW)(t) & 0xffffu)
#define HI(t) ((UW)(t) >> 16)
UD md(UD u, UD v)
{
	UW ul = (UW)u, uh = (UW)(u >> 32), vl = (UW)v, vh = (UW)(v >> 32);
	UW x0, x1, x2, x3, w1, w0;
	UH a = LO(ul), b = HI(ul), c = LO(vl), d = HI(vl);
	x0 = m32(a, c); x1 = m32(a, d); x2 = m32(b, c); x3 = m32(b, d);
	x1 += HI(x0); x1 += x2; if (x1 < x2) x3 += 0x10000u;
	w1 = x3 + HI(x1); w0 = (LO(x1) << 16) + LO(x0);
	w1 += m32(ul, vh) + m32(uh, vl);
	return ((UD)w1 << 32) | w0;
}
unsigned h(unsigned x) { return x * 0x61C88647u; }
unsigned hl(const unsigned *a, int n)
{
	unsigned s = 0;
	for (int i = 0; i < n; i++) s ^= a[i] * 0x61C88647u;
	return s;
}
C
if clang --target=riscv32-unknown-elf -march=rv32i -O2 -S -o "$tmp/md.s" "$tmp/md.c" 2>/dev/null; then
	n=$(awk '/^md:/ { on = 1; next } on && /^[a-z_0-9]+:/ { on = 0 } on' "$tmp/md.s" |
	    grep -E '^\s+[a-z]' | grep -vcE '^\s+(\.|call)')
	around=$((n - 1 + 6))
	ok "clang for rv32i: __muldi3's code, the six calls and what is around them, $around instructions (less the carry's add)"
	if awk '/^h:/ { on = 1; next } on && /^[a-z_0-9]+:/ { on = 0 } on' "$tmp/md.s" |
	   tr -s ' \t' ' ' | tr '\n' ';' | grep -qE 'lui a1, 400520; ?addi a1, a1, 1607; ?call __mulsi3'; then
		ok "clang for rv32i: x * 0x61C88647u passes the constant in a1 (the operand the loop shifts)"
	else
		bad "clang for rv32i: the constant's register: $(grep -A8 '^h:' "$tmp/md.s" | tr '\n' ' ')"
	fi
	# in a loop the constant is loaded once (lui, addi) into a register
	# the calls keep, and each call copies it into a1 (mv): one
	# instruction a key, the model's; a lone multiply loads a1 itself
	# (lui, addi: one more).  The loop is from its label to the branch
	# back to it.
	loop=$(awk '/^hl:/ { on = 1; next } on && /^[a-z_0-9]+:/ { on = 0 }
		on && !/^\s+\./' "$tmp/md.s" | tr -s ' \t' ' ' | awk '
		/^\.L.*:$/ { sub(/:$/, ""); lab[$0] = NR; next }
		/^ lui .*, 400520$/ { lui = NR }
		{ line[NR] = $0 }
		/^ b[a-z]* .*\.L/ && lui && lab[$NF] > lui {
			for (i = lab[$NF] + 1; i < NR; i++) print line[i]; exit }')
	if grep -B1 'call __mulsi3' <<<"$loop" | grep -qE '^ mv a1, s[0-9]+$' &&
	   ! grep -qE '^ (lui|li) ' <<<"$loop"
	then
		ok "clang for rv32i: in a loop, lui and addi before it, mv a1 a call"
	else
		bad "clang for rv32i: the loop's constant: $(tr '\n' ';' <<<"$loop")"
	fi
else
	echo "skip clang: no rv32i target (the 72 of clang 14)"
fi

# the man page's range for the multipliers of hashing (odd, bit 31 set):
# the least and the most the routine runs over them are 0x80000001's and
# 0xffffffff's (the loop: 5 per bit up to the highest 1, one per 1), and
# the page must say they are odd (0x80000000, even, runs one fewer)
lo=$(python3 "$tmp/rv.py" 0x80000001 32 "$around") hi=$(python3 "$tmp/rv.py" 0xffffffff 32 "$around")
if tr '\n' ' ' <man/cfx.1 | grep -qF "$lo to $hi for an odd 32-bit constant with bit 31 set"; then
	ok "man: $lo to $hi for an odd 32-bit constant with bit 31 set, as the routine runs"
else
	bad "man: the __mulsi3 range for odd 32-bit constants with bit 31 set is not \"$lo to $hi\": $(grep -o '[0-9]* to [0-9]* for [a-z ]*32-bit constant' man/cfx.1)"
fi

# constants: the golden ratios, a few small ones, 1, all ones, the top
# bit alone, and random ones of 8 to 64 bits
cases="0x61C88647:32 0x9E3779B9:32 45:32 1:32 0xffffffff:32 0x80000000:32
0x5b:8 0x61C8864680B583EB:64 0x9E3779B97F4A7C15:64 45:64
0xffffffffffffffff:64 0x8000000000000000:64"
for i in $(seq 6); do
	b=$(( (RANDOM % 57) + 8 ))
	cases="$cases $(python3 -c "import random; print(hex(random.getrandbits($b) | 1))"):$b"
done
for c in $cases; do
	k=${c%:*} b=${c#*:}
	want=$(python3 "$tmp/rv.py" "$k" "$b" "$around") || { bad "$k on $b bits: the interpreter"; continue; }
	got=$(./cfx shifts "$k" --bits "$b" --target rv32i --json 2>&1 |
	      python3 -c 'import json, sys; print(json.load(sys.stdin)["multiply_cycles"])' 2>&1)
	if [ "$got" = "$want" ]; then
		ok "$k on $b bits: the multiply $got instructions, as libgcc's routine runs them"
	else
		bad "$k on $b bits: cfx $got, the routine $want"
	fi
done

# the sentence names the figure: 0x61C88647, 31 rounds with 13 adds
# (2 + 3 + 155 + 13 = 173), against its 12-cycle sequence
want=$(python3 "$tmp/rv.py" 0x61C88647 32 "$around")
./cfx shifts 0x61C88647 --target rv32i >"$tmp/o" 2>&1
if tr '\n' ' ' <"$tmp/o" | tr -s ' ' | grep -qF "on rv32i a single __mulsi3 call ($want cycles) loses to this 6-adder sequence"; then
	ok "shifts 0x61C88647 --target rv32i: the __mulsi3 call's $want cycles in the sentence"
else
	bad "shifts 0x61C88647 --target rv32i: $(tail -2 "$tmp/o")"
fi
# lesson 12 step 4 counts the loop's call as a hash loop makes it (mv
# from a kept register, as clang's hl above) and says what a lone
# multiply costs: the constant loaded as li does, lui and addi unless
# it fits addi's 12 bits or its low 12 bits are 0
lone=$(python3 - "$want" <<'PY'
import sys
p = 0x61C88647
s = p - (1 << 32) if p >> 31 else p
li = 1 if -2048 <= s < 2048 or p & 0xfff == 0 else 2
print(int(sys.argv[1]) - 1 + li)
PY
)
s=$(awk '/^step:/ { n++ } n == 4' lessons/12-faster.lesson | tr '\n' ' ' |
	tr -s ' ')
loop="from the register a hash loop keeps it in"
case $s in
*"one mv that copies the constant"*"$loop"*"$want cycles a key"*)
	ok "lesson 12 step 4: $want a key in a loop, the constant copied" ;;
*) bad "lesson 12 step 4 lacks the loop's mv and its $want a key" ;;
esac
case $s in
*"loads the constant itself with two, lui and addi: $lone."*)
	ok "lesson 12 step 4: a lone multiply's lui and addi, $lone" ;;
*) bad "lesson 12 step 4 lacks a lone multiply's lui and addi, $lone" ;;
esac
want=$(python3 "$tmp/rv.py" 45 64 "$around")
./cfx shifts 45 --bits 64 --target rv32i >"$tmp/o" 2>&1
if tr '\n' ' ' <"$tmp/o" | tr -s ' ' | grep -qF "on rv32i a single __muldi3 call ($want cycles) loses"; then
	ok "shifts 45 --bits 64 --target rv32i: the __muldi3 call's $want cycles"
else
	bad "shifts 45 --bits 64 --target rv32i: $(tail -2 "$tmp/o")"
fi
# no text still quotes the old figures
if grep -rnE '(about|charges the call) (100|400) cycles|__mulsi3 (call|loop),? (of )?about 100' \
	man/cfx.1 lessons src README.md doc >"$tmp/old" 2>/dev/null; then
	bad "the old figures quoted: $(cat "$tmp/old")"
else
	ok "no man page, lesson or source text quotes 100 or 400 cycles"
fi

done_suite rv32i_mul
