#!/usr/bin/env python3
"""tests/dash/pane_cover.py - read one dashboard screen (standard input) against
values computed here, never by cfx.  Used by tests/dash/pane_cover.sh.

    pane_cover.py pane P N      the panels under the output pane: each panel's
                          figures are on the screen, or the pane's title
                          names the panel ("over spectrum, buckets"); the
                          code panel's count of rows below is the rows
                          of the function not shown
    pane_cover.py typing P N    a constant being typed: the header's value and
                          word (n = N (auto), no "held"), the power sum,
                          the code's type, counts and shifts, all of P on
                          N bits

P is the constant, N the word; the dashboard's defaults (2^14 seq keys,
b = 12, K = 13).  Prints "ok WHAT" or "FAIL WHAT" and the reason, a line
each.
"""
import math
import re
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 80


def naf(p):
    """The non-adjacent form of p: (position, digit) from the lowest."""
    out, k = [], 0
    while p:
        if p & 1:
            d = 2 - (p & 3)
            p -= d
            out.append((k, d))
        p >>= 1
        k += 1
    return out


def naf_sum(p, n):
    terms = []
    for k, d in reversed([t for t in naf(p) if t[0] < n]):
        t = "1" if k == 0 else "2" if k == 1 else "2^%d" % k
        terms.append((("-" if d < 0 else "") + t) if not terms
                     else ("- " if d < 0 else "+ ") + t)
    return " ".join(terms)


def code_body(p, n):
    """The function's lines after "{", as cfx shifts --emit c writes the
    NAF's code (tabs as 4 spaces): shift to each digit, add or subtract."""
    lines = ["    uint%d_t hash = 0, n = x;" % n, ""]
    at, first = 0, True
    for k, d in naf(p % (1 << n)):
        if k >= n:
            continue
        if k > at:
            lines.append("    n <<= %d;" % (k - at))
            at = k
        if first:
            lines.append("    hash = %sn;" % ("-" if d < 0 else ""))
        else:
            lines.append("    hash %s= n;" % ("-" if d < 0 else "+"))
        first = False
    return lines + ["    return hash;", "}"]


def code_counts(p, n):
    ds = [t for t in naf(p % (1 << n)) if t[0] < n]
    shifts = sum(1 for k, _ in ds if k > 0)
    rest = ds[1:]
    s = "%d shifts, %d add, %d sub" % (shifts, sum(d > 0 for _, d in rest),
                                       sum(d < 0 for _, d in rest))
    return s + (", 1 neg" if ds and ds[0][1] < 0 else "")


def cf_text(p, n):
    """[a0; a1, ...] of p/2^n, runs of 4 or more equal terms "1 (x20)"."""
    x, a = Fraction(p, 1 << n), []
    while True:
        q = x.numerator // x.denominator
        a.append(q)
        x -= q
        if x == 0:
            break
        x = 1 / x
    items, i = [], 1
    while i < len(a):
        j = i
        while j < len(a) and a[j] == a[i]:
            j += 1
        if j - i >= 4:
            items.append("%d (\u00d7%d)" % (a[i], j - i))
        else:
            j = i + 1
            items.append(str(a[i]))
        i = j
    return "[%d; %s]" % (a[0], ", ".join(items)), a


def golden_lines(p, n):
    """golden prefix G; the distance |x - 1/phi| as the panel writes it."""
    _, a = cf_text(p, n)
    g = 0
    for t in a[1:]:
        if t != 1:
            break
        g += 1
    x = Decimal(p) / Decimal(1 << n)
    inv = (Decimal(5).sqrt() - 1) / 2
    dist = abs(x - inv)
    out = []
    if g >= 1:
        out.append("golden prefix %d" % g)
    out.append("|x - 1/\u03c6| = %s = 2^-%.1f"
               % ("%.3g" % float(dist), -math.log2(float(dist))))
    return out


def spectrum_lines(p, n, K=13):
    pts = sorted((k * p) % (1 << n) for k in range(K))
    gaps = [b - a for a, b in zip(pts, pts[1:])] + [(1 << n) - pts[-1] + pts[0]]
    lens = sorted(set(gaps))
    names = {1: ["one"], 2: ["short", "long"], 3: ["short", "medium", "long"]}
    out = ["%s %.6f \u00d7%d" % (nm, ln / (1 << n), gaps.count(ln))
           for nm, ln in zip(names[len(lens)], lens)]
    out.append("%d length%s; max/min %s" % (len(lens), "" if len(lens) == 1
                                             else "s",
                                             "%.4g" % (lens[-1] / lens[0])))
    return out


def bucket_lines(p, n, b=12, K=1 << 14):
    load = [0] * (1 << b)
    for k in range(K):
        load[((k * p) % (1 << n)) >> (n - b)] += 1
    M, E = 1 << b, K / (1 << b)
    sq = sum(c * c for c in load)
    chi2 = max(0.0, sq / E - K)
    r = (sq + K) / 2 / ((K * (1 - 1 / M) + K * K / M + K) / 2)
    return ["\u03c7\u00b2 %s on %d dof" % ("%.6g" % chi2, M - 1),
            "R %s" % ("%.4g" % r)]


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def region(rows, title, stop):
    """The rows of the panel whose title row holds title (above row stop),
    cut to its columns, right-stripped; None if the title is not there."""
    for y, r in enumerate(rows[:stop]):
        if r.startswith("\u2500") and title in r:
            at = r.index(title)
            left = max([i for i, c in enumerate(r[:at]) if c in "\u252c\u253c"],
                       default=-1) + 1
            right = min([i for i, c in enumerate(r) if i > at and c in
                         "\u252c\u253c"], default=len(r) + 400)
            out = [r[left:right].rstrip()]
            for row in rows[y + 1:stop]:
                if row.startswith("\u2500"):
                    break
                out.append(row[left:right].rstrip())
            return out
    return None


def pane(rows, p, n):
    res = []
    py = next((y for y, r in enumerate(rows) if r.startswith("\u2500 Output")),
              None)
    if py is None:
        return [(False, "the output pane is open", "no pane title")]
    title = rows[py].strip("\u2500 ").split(" \u2500", 1)[0]
    over = title.split(" over ", 1)[1] if " over " in title else ""
    over = set(w.strip(" ,)") for w in over.split(","))
    if "Output (over: o)" in rows[py]:
        over = {"cf", "code", "spectrum", "buckets"}

    def shown_or_named(name, title, want):
        reg = region(rows, title, py)
        text = norm(" ".join(reg[1:])) if reg else ""
        miss = [w for w in want if norm(w) not in text]
        if not miss:
            res.append((True, "%s: shown (%s)" % (name, "; ".join(want)), ""))
        elif name in over:
            res.append((True, "%s: not all shown, and the pane's title says "
                        "it is over it" % name, ""))
        else:
            res.append((False, "%s: shown or named" % name,
                        "missing %r; the pane's title: %r"
                        % (miss, rows[py].strip("\u2500 "))))

    cf, _ = cf_text(p, n)
    shown_or_named("cf", "Continued fraction of", [cf] + golden_lines(p, n))
    shown_or_named("spectrum", "Spectrum {", spectrum_lines(p, n))
    shown_or_named("buckets", "Buckets:", bucket_lines(p, n))
    res.append(code_check(rows, p, n, py, over))
    return res


def code_check(rows, p, n, stop, over=()):
    """The code panel's rows after "{" are the function's, in order; the
    title's count below (or none) is the rows of it not shown."""
    reg = region(rows, "Shift/add code", stop)
    if reg is None:
        return (False, "code panel", "not found")
    m = re.search("\u25bc *(?:PgDn: *)?(\\d+)", reg[0])
    below = int(m.group(1)) if m else 0
    body = [r[1:] if r.startswith(" ") else r for r in reg[1:]]
    if "{" in body:
        vis = body[body.index("{") + 1:]
        want = code_body(p, n)
        ok = vis == want[:len(vis)] and below == len(want) - len(vis)
        if ok or (len(vis) < len(want) and "code" in over):
            return (True, "code: %d of the function's %d rows after { shown, "
                    "the title counts %d below" % (len(vis), len(want), below),
                    "")
        return (False, "code: the rows after { and the count below",
                "shown %r, %d below; the function's %r" % (vis, below, want))
    # scrolled past "{": the rows shown are a run of the function's
    want, vis = code_body(p, n), body
    for i in range(len(want) - len(vis) + 1):
        if want[i:i + len(vis)] == vis and below == len(want) - i - len(vis):
            return (True, "code: a run of the function, %d below" % below, "")
    return (False, "code: a run of the function", "shown %r, %d below"
            % (vis, below))


def typing(rows, p, n):
    res = []
    screen = "\n".join(rows)
    hexw = "0x%0*x" % (n // 4, p)
    head = re.sub(r" +", " ", rows[1])
    want = "= %s = %d n = %d (auto)" % (hexw, p, n)
    res.append((want in head, "header: %r" % want, "shown %r" % rows[1].strip()))
    res.append(("held" not in screen, "no \"held\" word on the screen",
                [r for r in rows if "held" in r]))
    res.append(("Decomposition of p on %d bits" % n in screen,
                "the decomposition is of p on %d bits" % n, rows[3]))
    ys = [y for y, r in enumerate(rows) if r.startswith(" sum  ")]
    shown = ""
    if ys:
        y, text = ys[0], []
        while y < len(rows) and not rows[y].startswith("\u2500"):
            text.append(rows[y][6:].strip())
            y += 1
        shown = " ".join(text).replace(" (mod 2^n: the 2^n digit wraps to 0)", "")
    res.append((shown == naf_sum(p, n), "power sum %r" % naf_sum(p, n),
                "shown %r" % shown))
    reg = region(rows, "Shift/add code", len(rows)) or ["", ""]
    cnt = code_counts(p, n)
    res.append((norm(reg[1]).startswith(cnt), "code: %r" % cnt,
                "shown %r" % reg[1].strip()))
    sig = "uint%d_t cfx_mul_shift_add(" % n
    res.append((any(sig in r for r in reg), "code: %r" % sig,
                "not in %r" % reg[1:4]))
    res.append(code_check(rows, p, n, len(rows)))
    return res


def main():
    mode, p, n = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3])
    rows = sys.stdin.read().split("\n")
    if len(rows) < 8:
        print("FAIL a screen to read\n    %r" % rows)
        return 1
    bad = 0
    for ok, what, why in (pane if mode == "pane" else typing)(rows, p, n):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            print("    %s" % (why,))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
