#!/bin/bash
# expr_bits: C's bit operators in cfx's expressions (~ << >> & | xor) against
# Python.
#
# Python parses the same text (xor written ^, cfx's ^ written **): its
# grammar has C's precedence for these operators (* / % over + - over the
# shifts over & over ^ over |, unary ~ and - binding tighter), so the
# parse is independent of cfx's.  A small evaluator over Python's syntax
# tree applies cfx's rule for words: on an n-bit word the operands and
# results of ~ << >> & | xor are taken mod 2^n (C on uintN_t); + - * % ^
# stay exact.  Without a word (no ~ or << then) Python's own eval is the
# oracle.  Each case runs `cf --value --json --bits N -- EXPR` in one cfx
# script; the value is the single quotient.  (Counts below 0 are refused,
# tests/cli/expr.t.)
. "$(dirname "$0")/lib.sh"
name=expr_bits
cd "$root" || exit 2
[ -x ./cfx ] || { echo "$name: ./cfx not built (make cfx)"; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

python3 - "$tmp" <<'PY' || { echo "$name: 0 passed, 1 failed"; exit 1; }
import ast, json, random, subprocess, sys
tmp = sys.argv[1]
rnd = random.Random(20261202)

def lit():
    v = rnd.choice([rnd.randrange(0, 16), rnd.randrange(0, 1 << 40),
                    rnd.getrandbits(70), 0xff, 0xffffffff, 0x9e370001])
    return rnd.choice([str(v), hex(v)])

def gen(d, word):
    """cfx text, Python text; no parentheses but at random depth."""
    if d == 0 or rnd.random() < 0.25:
        t = lit()
        return t, t
    r = rnd.random()
    if r < 0.12 and word:
        a, pa = gen(d - 1, word)
        return "~" + a, "~" + pa
    if r < 0.18:
        a, pa = gen(d - 1, word)
        return "-" + a, "-" + pa
    if r < 0.28:
        a, pa = gen(d - 1, word)
        return "(" + a + ")", "(" + pa + ")"
    ops = ["+", "-", "*", "&", "|", "xor", ">>", "%"] + (["<<"] if word else [])
    op = rnd.choice(ops)
    a, pa = gen(d - 1, word)
    if op in ("<<", ">>"):          # counts: literals, past the word too
        b = str(rnd.randrange(0, 80))
        pb = b
    elif op == "%":                 # positive divisors (cfx: mod |b|)
        b = str(rnd.randrange(1, 1 << 20))
        pb = b
    else:
        b, pb = gen(d - 1, word)
    py = {"xor": "^"}.get(op, op)
    return a + " " + op + " " + b, pa + " " + py + " " + pb

def ev(n, w):
    """cfx's word rule over Python's tree (w = 0: no word)."""
    m = (1 << w) - 1 if w else None
    red = (lambda x: x & m) if w else (lambda x: x)
    if isinstance(n, ast.Expression):
        return ev(n.body, w)
    if isinstance(n, ast.Constant):
        return n.value
    if isinstance(n, ast.UnaryOp):
        x = ev(n.operand, w)
        if isinstance(n.op, ast.USub):
            return -x
        if isinstance(n.op, ast.Invert):
            return red(~red(x))
        raise ValueError(n.op)
    a, b = ev(n.left, w), ev(n.right, w)
    o = n.op
    if isinstance(o, ast.Add): return a + b
    if isinstance(o, ast.Sub): return a - b
    if isinstance(o, ast.Mult): return a * b
    if isinstance(o, ast.Mod): return a % b
    if isinstance(o, ast.Pow): return a ** b
    if isinstance(o, (ast.LShift, ast.RShift)) and b < 0:
        raise ValueError("negative shift count")   # cfx refuses it too
    if isinstance(o, ast.LShift): return 0 if b >= w else red(red(a) << b)
    if isinstance(o, ast.RShift) and not w and a < 0:
        raise ValueError("needs a word")   # C's unsigned shift: cfx asks
    if isinstance(o, ast.RShift): return red(a) >> b
    if isinstance(o, ast.BitAnd): return red(a) & red(b)
    if isinstance(o, ast.BitOr): return red(a) | red(b)
    if isinstance(o, ast.BitXor): return red(a) ^ red(b)
    raise ValueError(o)

cases = []
for i in range(600):
    w = rnd.choice([0, 0, 8, 16, 32, 64, 128, 192])
    text, py = gen(rnd.randrange(1, 6), w)
    try:
        want = ev(ast.parse(py, mode="eval"), w)
    except ValueError:              # a count that came out negative, or
        continue                    # >> of a negative value with no word:
                                    # an error, which would end the script
    if w == 0:                      # no word: Python's own eval agrees
        assert want == eval(py), py
    cases.append((text, w, want))
# the precedence, spelled out (C: 1 + 2 << 3 is 24; & over xor over |)
fixed = [("1 + 2 << 3", 32, 24), ("1 | 2 xor 3 & 1", 0, 3),
         ("6 & 3 xor 1", 0, 3), ("2^3 xor 1", 0, 9), ("~0", 8, 255),
         ("~0 >> 1", 64, (1 << 63) - 1), ("-1 >> 4", 32, 0x0fffffff),
         ("1 << 32", 32, 0), ("1 << 31", 32, 1 << 31),
         ("(2*0x9e370001 % 2^32) >> 24", 0, 60), ("-~5", 16, -65530),
         ("0x1ff & -1", 8, 0xff), ("0x1ff & -1", 0, 0x1ff)]
cases += fixed
with open(tmp + "/script", "w") as f:
    for text, w, _ in cases:
        f.write("cf --value --json%s -- %s\n" % (" --bits %d" % w if w else "", text))
out = subprocess.run(["./cfx"], stdin=open(tmp + "/script"),
                     capture_output=True, text=True)
dec, s, pos, got = json.JSONDecoder(), out.stdout, 0, []
while pos < len(s):
    while pos < len(s) and s[pos].isspace():
        pos += 1
    if pos == len(s):
        break
    o, pos = dec.raw_decode(s, pos)
    got.append(o)
bad = 0
if out.returncode != 0 or len(got) != len(cases):
    print("cfx stopped (status %d) after %d of %d cases: %s" %
          (out.returncode, len(got), len(cases), out.stderr.strip()))
    bad += 1
for (text, w, want), o in zip(cases, got):
    q = o.get("quotients", [])
    if q != [str(want)]:
        bad += 1
        if bad < 10:
            print("FAIL bits %d: %s\n  cfx %s, want %d" % (w, text, q, want))
ok = len(cases) - bad if bad <= len(cases) else 0
print("%s: %d passed, %d failed" % ("expr_bits", max(ok, 0), bad))
sys.exit(1 if bad else 0)
PY
