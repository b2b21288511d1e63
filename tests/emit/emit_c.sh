#!/bin/bash
# Compiled-code test of `cfx shifts --emit c` and of
# `cfx shifts --optimal --emit c`: for many multipliers p and word sizes n,
# the emitted translation unit must
#   * contain no `*` multiplication in code (comments aside),
#   * use the smallest of uint8/16/32/64_t that holds n bits, masking when
#     n is not the type's width,
#   * compile with cc -std=c11 -O2 -Wall -Wextra -Werror,
#   * have as many add/sub/set steps as the NAF of p mod 2^n has digits
#     (the harness computes the NAF itself), matching the counts in its
#     own header comment; an --optimal unit has as many additions and
#     subtractions as its header's adder count, and no more than the NAF's
#     weight - 1 (never worse than the NAF),
#   * compute x * p mod 2^n: for every x of the argument type when n <= 16,
#     else for 10^6 random x (2 * 10^5 for --optimal units, a graph being
#     linear in x; splitmix64, fixed seed) plus edge cases
#     (0, 1, 2^k, 2^k - 1, all ones, alternating bit patterns).
# The expected product comes from the compiler's own multiply
# ((unsigned __int128)x * p, masked), never from cfx.
# All units are #included into one harness, so there is one compile.
# usage: tests/emit/emit_c.sh      (last line: "emit_c: N passed, M failed")
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cfx=$root/cfx
CC=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0

[ -x "$cfx" ] || { echo "emit_c: $cfx not built (make cfx)"; echo "emit_c: 0 passed, 1 failed"; exit 1; }
# a private copy, so that a rebuild running meanwhile cannot get in the way
cp "$cfx" "$work/cfx" && cfx=$work/cfx

# Named constants (kept also when they fit only after reduction mod 2^n:
# p mod 2^n and the top n bits of the 64-bit ones are tried too).
named="0x9e370001 0x9e37fffffffc0001 0x9e3779b1 0x61C88647
0x61C8864680B583EB 0x517cc1b727220a95 0x9e3779b97f4a7c15
0x9e3779b97f4a7c16 0x9e3779b9 0x70001 0x0008000000040001"
# Random 64-bit values: python3 random.seed(2002), getrandbits(64) x 12,
# written out here so the test needs no generator of its own.
random="0x001b19e6ba3cdc0e 0x52d65a1b8012934e 0xa4112626c70a70ef
0x1d04bc6f90660e59 0x4046a6bce168ef40 0x4b80ebe4e2876adf 0xc096eb17992e8cdc
0x1ccce7b9006e6a9f 0xfbe8f3654468a80b 0x4ee323b083364dd5 0x136d1e64fe5b83ef
0x575466190d693ca8"
widths="1 3 5 7 8 12 16 24 31 32 33 48 63 64"

id=0
: >"$work/script"; : >"$work/scripted"; : >"$work/list"
declare -A seen

# add_unit N P [SPELLING] [OPTIMAL]: queue cfx's run for P on N bits, its
# text checked and its unit compiled below.  SPELLING is what cfx is given
# (default: P in hex); OPTIMAL 1 adds --optimal, a target name adds
# --optimal --target NAME.  A unit given a SPELLING runs as a command of
# its own (the command line's path, its words as a shell passes them);
# the others are the lines of one cfx script (cfx reads commands from a
# standard input that is no terminal), so that 1200 units cost one
# process's start, not 1200 (under SANITIZE=1 a start is most of a
# plain unit's time).  Each unit's text is checked by checks.py.
add_unit() {
	local n=$1 p=$2 arg=${3:-} opt=${4:-0} hex flags=
	printf -v hex '0x%x' "$p"
	[ -z "${seen[$n:$hex:$opt]:-}" ] || return 0
	seen[$n:$hex:$opt]=1
	[ "$opt" = 1 ] && flags=" --optimal"
	if [ "$opt" != 0 ] && [ "$opt" != 1 ]; then
		flags=" --optimal --target $opt"
		opt=1
	fi
	id=$((id + 1))
	printf '%d\t%d\t%s\t%d\t%s\n' "$id" "$n" "$hex" "$opt" "${arg:-$hex}" >>"$work/list"
	if [ -z "$arg" ]; then
		printf 'shifts --emit c%s --bits %d %s\n' "$flags" "$n" "$hex" >>"$work/script"
		printf '%d\n' "$id" >>"$work/scripted"
	else
		# shellcheck disable=SC2086
		"$cfx" shifts --emit c $flags --bits "$n" "$arg" >"$work/u$id.c" 2>"$work/u$id.err"
		echo $? >"$work/u$id.st"
	fi
}

for n in $widths; do
	if [ "$n" = 64 ]; then mask=-1; else mask=$(( (1 << n) - 1 )); fi
	cands=""
	for c in $named $random; do
		v=$((c))
		(( (v & ~mask) == 0 )) && cands+=" $v"          # fits as it is
		cands+=" $(( v & mask ))"                       # p mod 2^n
		cands+=" $(( (v >> (64 - n)) & mask ))"         # top n bits
		cands+=" $(( (v & mask) | 1 ))"                 # made odd
	done
	# structured ones: 1, 3, all ones, powers of two, 2^(n-1) + 1,
	# alternating bits (NAF of 0b1010...1011 is as long as it gets)
	cands+=" 1 3 5 $mask $(( 1 << (n - 1) )) $(( (1 << (n - 1)) + 1 ))"
	cands+=" $(( 1 << (n / 2) )) 2 $(( (mask >> 1) & (mask ^ (1 << (n - 1))) ))"
	cands+=" $(( 0x5555555555555555 & mask )) $(( 0xaaaaaaaaaaaaaaab & mask ))"
	cands+=" $(( 0x6db6db6db6db6db7 & mask )) $(( 0x0f0f0f0f0f0f0f0f & mask ))"
	for v in $cands; do
		# only multipliers in [1, 2^n): a wider one is an error (errors.t)
		(( v != 0 && (v & ~mask) == 0 )) || continue
		add_unit "$n" "$v"
		add_unit "$n" "$v" "" 1
	done
done
# spellings other than hex reach the same code
add_unit 32 2654435761 2654435761
add_unit 64 0x9e37fffffffc0001 '2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1'
add_unit 16 40503 golden\(16\)
add_unit 16 40503 golden\(16\) 1
# the --optimal sequences of tests/cli/shifts_optimal.t
add_unit 8 45 45 1
add_unit 8 45 45 x86-64
add_unit 32 0x61C88647 0x61C88647 arm64
add_unit 32 0x61C88647 0x61C88647 m68k
add_unit 8 3 3 1
add_unit 8 0x80 0x80 1
add_unit 8 0xff 0xff 1
add_unit 12 0x9e3 0x9e3 1
add_unit 32 0x61C88647 0x61C88647 1
add_unit 32 0x9E3779B9 0x9E3779B9 1
add_unit 64 0x61C8864680B583EB 0x61C8864680B583EB 1
add_unit 64 0x9e37fffffffc0001 '2^63 + 2^61 - 2^57 + 2^54 - 2^51 - 2^18 + 1' 1
add_unit 64 45 45 rv32i
add_unit 32 45 45 rv32i
add_unit 64 45 45 m68k
add_unit 64 0x10000000001 '2^40+1' m68k
# a shifted value several steps take (issue 11's report, arm64)
add_unit 48 0x523dcdaaac43 0x523dcdaaac43 arm64

# The script's units, in its order: each begins "/*" then " * x * ..."
# (a line cfx fails is named on stderr, "cfx: line N: ...", and makes
# no unit).  Then every unit's text, checked here (python3):
#   * no '*' in the code once comments are taken out;
#   * the type: one line "uintT_t cfx_mul_shift_add(uintT_t x)", T the
#     smallest of 8, 16, 32, 64 that holds n, and "return hash & " when n
#     is not T;
#   * a plain unit's header "S shifts, A additions, B subtractions." is the
#     code's count of "n <<= k;", "hash += n;" and "hash -= n;"; an
#     --optimal unit's "K adders (...)" is the count of its statements
#     with one + or - (t1 = ... + ...;, hash -= n;);
# and the units that pass into units.h and table.h for the harness.
"$cfx" repl --keep-going <"$work/script" >"$work/script.out" 2>"$work/script.err"
echo $? >"$work/script.st"
python3 - "$work" <<'PYEOF' >"$work/text.log"
import re, sys
work = sys.argv[1]
ids = open(work + "/scripted").read().split()
text, failed = {}, {}
err = open(work + "/script.err").read().splitlines()
for l in err:
    m = re.match(r"cfx: line ([0-9]+): ", l)
    if m and 0 < int(m.group(1)) <= len(ids):
        failed.setdefault(ids[int(m.group(1)) - 1], l)
out = open(work + "/script.out").read().split("\n")
starts = [i for i in range(len(out) - 1) if out[i] == "/*" and out[i + 1].startswith(" * x * ")]
made = [u for u in ids if u not in failed]
st = open(work + "/script.st").read().strip()
if len(starts) != len(made) or (st != "0") != bool(failed) or len(err) != len(failed):
    print("FAIL the script of %d units: exit status %s, %d units made, %d lines "
          "failed, stderr: %s" % (len(ids), st, len(starts), len(failed), err[:2]))
    failed.update((u, "not made") for u in ids if u not in failed)
else:
    for u, a, b in zip(made, starts, starts[1:] + [len(out)]):
        text[u] = "\n".join(out[a:b]).rstrip("\n") + "\n"
fails = 0
units = open(work + "/units.h", "w")
table = open(work + "/table.h", "w")
for line in open(work + "/list"):
    uid, n, hexp, opt, arg = line.rstrip("\n").split("\t")
    n, opt = int(n), int(opt)
    def fail(msg):
        global fails
        fails += 1
        print("FAIL n=%d p=%s%s: %s" % (n, arg, " --optimal" if opt else "", msg))
    if uid in ids:
        if uid in failed:
            fail("cfx: " + failed[uid])
            continue
        src = text[uid]
        open("%s/u%s.c" % (work, uid), "w").write(src)
    else:
        src = open("%s/u%s.c" % (work, uid)).read()
        st = open("%s/u%s.st" % (work, uid)).read().strip()
        e = open("%s/u%s.err" % (work, uid)).read().splitlines()
        if st != "0" or e:
            fail("cfx exit status %s: %s" % (st, e[:2]))
            continue
    lines = src.split("\n")
    def count(rx):
        return sum(1 for l in lines if re.search(rx, l))
    code = re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", src, flags=re.S))
    if "*" in code:
        fail("'*' in the code: %s" % [l for l in code.split("\n") if "*" in l][:3])
        continue
    want_t = 8 if n <= 8 else 16 if n <= 16 else 32 if n <= 32 else 64
    t = [m.groups() for m in (re.match(r"uint([0-9]*)_t cfx_mul_shift_add\(uint([0-9]*)_t x\)$", l)
                              for l in lines) if m]
    if t != [(str(want_t), str(want_t))]:
        fail("expected uint%d_t cfx_mul_shift_add(uint%d_t x), got %s" % (want_t, want_t, t))
        continue
    if n != want_t and "return hash & " not in src:
        fail("%d bits in a uint%d_t but no mask" % (n, want_t))
        continue
    sp = r"^[ \t\r\f\v]*"
    if opt:
        steps = count(sp + r"((t[0-9]+|hash) = .* [-+] .*|hash [-+]= n);$")
        hdr = [m.group(1) for m in (re.match(r" \* ([0-9]*) adders? \(", l) for l in lines) if m]
        if hdr != [str(steps)]:
            fail("header says %s adders, code has %d" % (hdr, steps))
            continue
    else:
        steps = count(sp + r"hash (=|\+=|-=) -?n;")
        hdr = [m.groups() for m in (re.match(r" \* ([0-9]*) shifts?, ([0-9]*) additions?, "
                                             r"([0-9]*) subtractions?\.$", l) for l in lines) if m]
        has = (str(count(sp + r"n <<= [0-9]+;")), str(count(sp + r"hash \+= n;")),
               str(count(sp + r"hash -= n;")))
        if hdr != [has]:
            fail("header says %s, code has %s shifts, %s additions, %s subtractions" % ((hdr,) + has))
            continue
    units.write('#define cfx_mul_shift_add f%s\n#include "u%s.c"\n#undef cfx_mul_shift_add\n'
                'static uint64_t w%s(uint64_t x) { return f%s((uint%d_t)x); }\n'
                % (uid, uid, uid, uid, want_t))
    table.write('\t{ %d, %d, %sull, %d, %d, w%s, "%s" },\n' % (n, want_t, hexp, steps, opt, uid, arg))
print("TEXT %d" % fails)
PYEOF
grep -v '^TEXT ' "$work/text.log"
read -r _ tf < <(grep '^TEXT ' "$work/text.log")
[ -n "${tf:-}" ] || { echo "FAIL: the text checks did not finish"; tf=$id; }
fail=$((fail + tf))

cat >"$work/harness.c" <<'EOF'
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "units.h"

typedef struct unit {
	int n, t;               /* word bits, argument type bits */
	uint64_t p;
	int steps;              /* hash =, +=, -= statements in the code;
	                         * optimal: additions and subtractions */
	int opt;                /* --optimal */
	uint64_t (*f)(uint64_t);
	const char *spelled;
} unit;

static const unit units[] = {
#include "table.h"
};

static uint64_t mask_of(int n)
{
	return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* Weight of the NAF of p taken mod 2^n: digits at 2^n and above wrap
 * to 0 and are not counted. */
static int naf_weight(uint64_t p, int n)
{
	unsigned __int128 x = p;
	int w = 0, i;

	for (i = 0; x; i++, x >>= 1)
		if (x & 1) {
			int d = (x & 2) ? -1 : 1;
			x = d > 0 ? x - 1 : x + 1;
			if (i < n)
				w++;
		}
	return w;
}

static uint64_t state = 0x2002021709010000ull;
static uint64_t splitmix64(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int bad;
static int check(const unit *u, uint64_t x)
{
	uint64_t want = (uint64_t)(((unsigned __int128)x * u->p) & mask_of(u->n));
	uint64_t got = u->f(x);

	if (got == want)
		return 0;
	if (bad++ < 20)
		printf("FAIL n=%d p=%s: x=0x%llx gives 0x%llx, expected 0x%llx\n",
		       u->n, u->spelled, (unsigned long long)x,
		       (unsigned long long)got, (unsigned long long)want);
	return 1;
}

int main(void)
{
	size_t i, nunits = sizeof units / sizeof units[0];
	long long inputs = 0;
	int passed = 0, failed = 0;

	for (i = 0; i < nunits; i++) {
		const unit *u = &units[i];
		uint64_t tm = mask_of(u->t), x;
		int wrong = 0, k, w = naf_weight(u->p, u->n);

		if (u->opt && u->steps > (w ? w - 1 : 0)) {
			printf("FAIL n=%d p=%s --optimal: %d adders, the NAF needs %d\n",
			       u->n, u->spelled, u->steps, w ? w - 1 : 0);
			wrong = 1;
		}
		if (!u->opt && u->steps != (w ? w : 1)) {
			printf("FAIL n=%d p=%s: %d steps, the NAF has %d digits\n",
			       u->n, u->spelled, u->steps, w);
			wrong = 1;
		}
		if (u->t <= 16) {
			for (x = 0; x <= tm; x++)
				wrong |= check(u, x);
			inputs += (long long)tm + 1;
		} else {
			static const uint64_t pat[] = {
				0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull,
				0x3333333333333333ull, 0xccccccccccccccccull,
				0x0f0f0f0f0f0f0f0full, 0xf0f0f0f0f0f0f0f0ull,
				0x00ff00ff00ff00ffull, 0x0000ffff0000ffffull,
				0x9e37fffffffc0001ull, 0x0000000000001000ull,
			};
			for (k = 0; k < 64; k++) {
				wrong |= check(u, ((uint64_t)1 << k) & tm);
				wrong |= check(u, (((uint64_t)1 << k) - 1) & tm);
				wrong |= check(u, (((uint64_t)1 << k) + 1) & tm);
				wrong |= check(u, ~((uint64_t)1 << k) & tm);
			}
			wrong |= check(u, tm);
			for (k = 0; k < (int)(sizeof pat / sizeof pat[0]); k++)
				wrong |= check(u, pat[k] & tm);
			/* a graph is linear in x: fewer inputs find a wrong one */
			int nr = u->opt ? 200000 : 1000000;
			for (k = 0; k < nr; k++)
				wrong |= check(u, splitmix64() & tm);
			inputs += nr + 4 * 64 + 1 + 10;
		}
		if (wrong)
			failed++;
		else
			passed++;
	}
	printf("HARNESS %d %d %lld\n", passed, failed, inputs);
	return 0;
}
EOF

if ! (cd "$work" && $CC -std=c11 -O2 -Wall -Wextra -Werror -o harness harness.c) \
	>"$work/cc.log" 2>&1; then
	echo "FAIL: the emitted code (or the harness) does not compile warning-free:"
	head -30 "$work/cc.log"
	fail=$((fail + id))
else
	"$work/harness" >"$work/run.log" 2>&1
	grep -v '^HARNESS ' "$work/run.log"
	read -r _ hp hf inputs < <(grep '^HARNESS ' "$work/run.log")
	if [ -z "${hp:-}" ]; then
		echo "FAIL: the harness crashed"
		fail=$((fail + 1))
	else
		pass=$((pass + hp)); fail=$((fail + hf))
		echo "emit_c: $((hp + hf)) units compiled, $inputs inputs checked"
	fi
fi
echo "emit_c: $pass passed, $fail failed"
[ "$fail" = 0 ]
