#!/bin/bash
# Every line of every command's output fits 80 columns for constants of
# every width (issue 26: sweep '2^63+1' printed 25 rows of 81-87
# columns, its max column out of line, 8192 beside 16384; shifts --emit
# c and --emit kunit wrote comment lines of 116 and 163 characters).
# For 2^63+1, 2^127+1, golden(64), 3 and 0x80000001, each of cf, cf -C,
# naf, shifts (plain, --optimal, --emit c, --optimal --emit c), verify
# --emit kunit, spectrum (--list 20 too), score, sweep (on the command
# line and in a script), verify and bench: stdout, tabs expanded, no
# line over 80 columns (a command that refuses the word says so in one
# line on stderr: on a pipe errors and warnings are one line, for grep;
# narrow_tty.sh fills them on a terminal).  Emitted C: every comment line within 79
# columns, the comments closed (python strips them: no marker left),
# and the C compiled (cc -Wall -Werror) and run against python's
# x * p mod 2^n.  Sweep's table: each column's values end where its
# header word ends (verdict and a_k start where theirs start), and the
# max column holds python's own largest bucket load of the keys k*2^s.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

if python3 - "$root" "$tmp" <<'PY'
import os, re, subprocess, sys
sys.path.insert(0, os.path.join(os.getcwd(), "tests", "lib"))
from checks import check, failed, word
root, tmp = sys.argv[1], sys.argv[2]
cfx = os.path.join(root, "cfx")
def run(args, stdin=None):
    env = dict(os.environ, CFX_BENCH_BUDGET="0")
    p = subprocess.run([cfx] + args, input=stdin, capture_output=True,
                       text=True, env=env, timeout=600)
    return p.returncode, p.stdout, p.stderr
def wide(text, limit=80):
    return [l for l in text.expandtabs().split("\n") if len(l) > limit]
consts = {"2^63+1": 2**63 + 1, "2^127+1": 2**127 + 1,
          "golden(64)": 0x9e3779b97f4a7c16, "3": 3,
          "0x80000001": 0x80000001}
cmds = [["cf"], ["cf", "-C"], ["naf"], ["shifts"], ["shifts", "--optimal"],
        ["shifts", "--emit", "c"], ["shifts", "--optimal", "--emit", "c"],
        ["verify", "--emit", "kunit"], ["spectrum"],
        ["spectrum", "--list", "20"], ["score"], ["sweep"], ["verify"],
        ["bench", "--table-bits", "4"]]
for x, p in consts.items():
    for c in cmds:
        rc, out, err = run(c + ["--", x])
        name = "%s %s (status %d)" % (" ".join(c), x, rc)
        w = wide(out)
        check(not w and (out or rc == 2) and
              (rc != 2 or len(err.strip().split("\n")) == 1),
              name + ": %d lines, none over 80 columns" % len(out.split("\n")),
              "\n".join("%d: %s" % (len(l), l) for l in w[:5]) + err[:300])
        if "--emit" in c and rc == 0:
            cm = re.findall(r"/\*.*?\*/", out, re.S)
            over = [l for m in cm for l in m.split("\n") if len(l) > 79]
            rest = re.sub(r"/\*.*?\*/", "", out, flags=re.S)
            check(cm and not over and "/*" not in rest and "*/" not in rest,
                  "    %d comments, every line within 79 columns, closed"
                  % len(cm), "\n".join(over[:3]))
        if c[0] == "shifts" and "--emit" in c and rc == 0:
            n = word(p)
            src = os.path.join(tmp, "m.c")
            xs = [0, 1, 2, 3, 0x9e3779b9, (1 << n) - 1, 1 << (n - 1),
                  0x0123456789abcdef & ((1 << n) - 1)]
            with open(src, "w") as f:
                f.write(out + "\n#include <stdio.h>\nint main(void)\n{\n")
                for v in xs:
                    f.write('\tprintf("%%llu\\n", (unsigned long long)'
                            'cfx_mul_shift_add(%dull));\n' % v)
                f.write("\treturn 0;\n}\n")
            cc = subprocess.run(["cc", "-Wall", "-Wextra", "-Werror", "-o",
                                 os.path.join(tmp, "m"), src],
                                capture_output=True, text=True)
            got = subprocess.run([os.path.join(tmp, "m")], capture_output=True,
                                 text=True).stdout.split() if cc.returncode == 0 else []
            want = [str(v * p % (1 << n)) for v in xs]
            check(got == want, "    compiled (cc -Wall -Werror), x * p mod "
                  "2^%d as python has it for %d inputs" % (n, len(xs)),
                  cc.stderr[:500] + " got %s want %s" % (got, want))
# sweep's table, on the command line and in a script
def table(out, name, p):
    lines = out.split("\n")
    hi = next((i for i, l in enumerate(lines) if l.startswith(" s ")), None)
    if hi is None:
        check(False, name + ": a header"); return
    h = lines[hi]
    ends = {k: h.index(k) + len(k) for k in
            (" s", "keys", "chi^2", "p-value", "max", " R")}
    starts = {k: h.index(k) for k in ("verdict", "largest a_k")}
    rows, notes, off = [], 0, []
    i = hi + 1
    while i < len(lines) and re.match(r"^ ?\d+ ", lines[i]):
        r = lines[i]
        own = i + 1 < len(lines) and re.match(r"^ {5}a_\d+ [=~] ",
                                             lines[i + 1])
        for k, e in ends.items():
            if not (r[e - 1] != " " and (e == len(r) or r[e] == " ")):
                off.append("%s ends at %d: %r" % (k, e, r))
        for k, s in starts.items():
            if k == "largest a_k" and own:
                continue
            if not (r[s - 1] == " " and r[s] != " "):
                off.append("%s starts at %d: %r" % (k, s, r))
        rows.append(r)
        notes += bool(own)
        i += 2 if own else 1
    n = word(p)
    check(len(rows) == n and not off,
          name + ": %d rows (%d notes on their own line), every column "
          "where its header is" % (len(rows), notes), "\n".join(off[:5]))
    # python's largest load of keys k*2^s, k < count, 2^12 buckets
    m = re.search(r"2\^(\d+) buckets, keys k\*2\^s, k < (\d+)", out)
    b, count = int(m.group(1)), int(m.group(2))
    want = []
    for s in range(n):
        loads = {}
        for k in range(min(count, 1 << (n - s))):   # distinct keys
            h = (k << s) * p % (1 << n) >> (n - b)
            loads[h] = loads.get(h, 0) + 1
        want.append(max(loads.values()))
    got = [int(r[:ends["max"]].split()[-1]) for r in rows]
    check(got == want, name + ": the max column is python's largest load "
          "for every s (%s...)" % want[:3],
          "got %s\nwant %s" % (got, want))
for x, p in consts.items():
    if p.bit_length() > 64:
        continue
    rc, out, err = run(["sweep", x])
    table(out, "sweep %s" % x, p)
rc, out, err = run([], "sweep 2^63+1\n")
w = wide(out)
check(rc == 0 and not w, "a script's sweep 2^63+1: none over 80 columns")
table(out, "a script's sweep 2^63+1", 2**63 + 1)
sys.exit(1 if failed() else 0)
PY
then ok "every line and column as above"; else bad "a line or a column (above)"; fi
done_suite width_consts
