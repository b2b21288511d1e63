# lib_ceval.py - an interpreter, in python, of the straight-line C
# functions of tests/review's fixtures (u32/u64 variables, =, +=, -=, <<=,
# >>=, ^=, +, -, <<, >>, ^ and parentheses): the oracle that cfx review's
# symbolic evaluator is compared with.  Used as:
#   python3 lib_ceval.py FILE FUNCTION linear|mult|eval X
# linear: "linear 0x..." when f(x) = f(1) x mod 2^n for every x tried,
#         else "nonlinear x" with the first x where it is not;
# mult:   f(1) in hex (the multiplier, when f is linear);
# eval X: f(X).
# The value is the variable the function returns (before a right shift
# of the return statement, which picks the table index).
import re
import sys


def function(src, name):
    m = re.search(r'\b(u32|u64)\s+' + name + r'\((u32|u64)\s+(\w+)\)\s*\{', src)
    bits = 32 if m.group(1) == 'u32' else 64
    body = src[m.end():src.index('\n}', m.end())]
    stmts = [s.strip() for s in body.split(';') if s.strip()]
    return bits, m.group(3), stmts


def run(bits, param, stmts, x):
    mask = (1 << bits) - 1
    env = {param: x}
    for st in stmts:
        if st.startswith('return'):
            v = re.match(r'return\s+(\w+)', st).group(1)
            return env[v]
        parts = [st]
        if re.match(r'(u32|u64)\s', st):
            parts = [p.strip() for p in st.split(None, 1)[1].split(',')]
        for p in parts:
            m = re.match(r'(\w+)\s*(<<=|>>=|\+=|-=|\^=|=)\s*(.*)$', p)
            if not m:
                env[p] = 0
                continue
            var, op, expr = m.groups()
            val = eval(expr, {}, dict(env)) & mask
            cur = env.get(var, 0)
            if op == '=':
                cur = val
            elif op == '+=':
                cur = cur + val
            elif op == '-=':
                cur = cur - val
            elif op == '<<=':
                cur = cur << val if val < bits else 0
            elif op == '>>=':
                cur = cur >> val
            elif op == '^=':
                cur = cur ^ val
            env[var] = cur & mask
    raise SystemExit('no return')


def main():
    path, name, what = sys.argv[1:4]
    bits, param, stmts = function(open(path).read(), name)
    f1 = run(bits, param, stmts, 1)
    if what == 'mult':
        print('0x%0*x' % (bits // 4, f1))
    elif what == 'eval':
        print(run(bits, param, stmts, int(sys.argv[4], 0)))
    else:
        mask = (1 << bits) - 1
        xs = list(range(2, 5000)) + [mask, mask >> 1, 0x12345678]
        for x in xs:
            if run(bits, param, stmts, x) != (f1 * x) & mask:
                print('nonlinear %d' % x)
                return
        print('linear 0x%0*x' % (bits // 4, f1))


main()
