#!/usr/bin/env python3
"""Read a dashboard screen (tmux capture-pane) for tests/dash/pane_once.sh.

pane WIDTH CLI_OUTPUT_FILE ECHO [LEFT]
    The output pane's rows after the echoed ':' line, against the same
    text filled once at the pane's WIDTH by the rule stated here (never
    by cfx): cfx's report (CLI_OUTPUT_FILE, printed at 80 columns) is
    joined back into its logical lines (a labelled line and the lines
    indented 11 under it), and each is filled greedily at WIDTH with a
    hanging indent of 11: the cf row at its ", " pieces, the others at
    blanks, an operator word (+ - / = ...) never starting a line, a word
    wider than a line broken (Python's textwrap, break_long_words).
    LEFT: the pane is the left half (beside a lesson): the screen's
    columns before the lesson's separator.  The rows the pane shows must
    be the last rows of that filling, and as many as it has room for.

onebit
    The panels of `cfx dash --bits 1 1` at 80x24, each figure Python's.

spec2
    The spectrum panel at K = 2 on the 1-bit word: one gap length, 1/2,
    twice.
"""
import math
import re
import sys
import textwrap

OPS = re.compile(r"^[-+*/%^=<>&|~]{1,3}$")
GLUE = "\x01"


def fill_blanks(text, width, first, rest):
    words = text.split(" ")
    glued = []
    for w in words:
        if glued and OPS.match(w):
            glued[-1] += GLUE + w
        else:
            glued.append(w)
    lines = textwrap.wrap(" ".join(glued), width, initial_indent=first,
                          subsequent_indent=rest, break_long_words=True,
                          break_on_hyphens=False)
    return [l.replace(GLUE, " ") for l in lines]


def fill_pieces(text, width, first, rest):
    pieces = [p.strip() for p in re.split(r"(?<=, )", text) if p.strip()]
    lines, cur = [], first + pieces[0]
    for p in pieces[1:]:
        if len(cur) + 1 + len(p) > width:
            lines.append(cur)
            cur = rest + p
        else:
            cur += " " + p
    lines.append(cur)
    return lines


def logical(report):
    out = []
    for l in report.rstrip("\n").split("\n"):
        if out and l.startswith(" " * 11) and l.strip():
            out[-1] += " " + l.strip()
        else:
            out.append(l)
    return out


def expected(report, width):
    rows = []
    for l in logical(report):
        label, text = l[:11], l[11:].strip()
        if len(l) <= width:
            rows.append(l)
        elif label.startswith("cf "):
            rows += fill_pieces(text, width, label, " " * 11)
        else:
            rows += fill_blanks(text, width, label, " " * 11)
    return rows


def pane_rows(screen, left):
    lines = screen.rstrip("\n").split("\n")
    top = next(i for i, l in enumerate(lines) if "Output" in l and
               l.startswith("─"))
    rows = []
    for l in lines[top + 1:-1]:         # the footer is the last line
        if left:
            l = re.split("[│┤]", l)[0]
        rows.append(l[1:].rstrip())
    return rows


def pane(args, screen):
    width, cli, echo = int(args[0]), open(args[1]).read(), args[2]
    left = len(args) > 3
    want = expected(cli, width)
    rows = pane_rows(screen, left)
    if echo in rows:
        rows = rows[rows.index(echo) + 1:]
    # the status line's message when it ended, if it went to the pane
    # too (wider than the status line: dash_out_msg), is the pane's own
    for i, r in enumerate(rows):
        if r.startswith(echo + " ran") or r.startswith(echo + " done"):
            rows = rows[:i]
            break
    while rows and not rows[-1]:
        rows.pop()
    bad = 0
    if not rows:
        print("FAIL no rows under %s in the pane" % echo)
        return 1
    tail = want[-len(rows):]
    if rows == tail:
        print("ok   the %d rows shown are the last of the report filled "
              "once at %d columns" % (len(rows), width))
    else:
        bad += 1
        print("FAIL the pane's rows differ from the report filled once at "
              "%d columns" % width)
        for g, w in zip(rows, tail):
            print("   %s %r\n     %r" % ("  " if g == w else "!!", g, w))
    short = [r for r in rows if re.match(r"^  \S", r) and r not in want]
    if short:
        bad += 1
        print("FAIL rows the pane broke off (indented by its own 2): %r"
              % short)
    else:
        print("ok   no row broken off by the pane (indented by its own 2)")
    if any(len(r) > width for r in rows):
        bad += 1
        print("FAIL a row wider than %d" % width)
    return bad


def panel(lines, x0, x1, title_re):
    """The rows of the panel whose title matches, columns x0..x1."""
    top = next(i for i, l in enumerate(lines) if re.search(title_re, l))
    out = []
    for l in lines[top + 1:-1]:         # the footer is the last line
        seg = l[x0:x1]
        if seg.startswith("─") or l.startswith("─"):
            break
        out.append(seg.rstrip())
    return top, out


def onebit(screen):
    lines = screen.rstrip("\n").split("\n")
    bad = 0

    def check(ok, name, detail=""):
        nonlocal bad
        print(("ok   " if ok else "FAIL ") + name)
        if not ok:
            bad += 1
            if detail:
                print("     " + detail)
    p, n = 1, 1
    check(re.search(r"= 0x1 = 1 +n = 1 +odd", lines[1]) is not None,
          "header: 0x1 = 1 on n = 1, odd", lines[1])
    check("Decomposition of p on 1 bit " in lines[3] + " " and
          "1 bits" not in screen,
          "decomposition: 'on 1 bit', nowhere '1 bits'", lines[3])
    check(re.search(r"bits 1 +binary weight 1", lines[4]) is not None and
          re.search(r"NAF +\+ +NAF weight 1: 0 add/sub", lines[5]) and
          re.search(r"sum +1\s*$", lines[6]),
          "bits 1, NAF +, sum 1 (Python: 1 = 2^0)")
    # continued fraction of p/2^n = 1/2 = [0; 2]; |1/2 - 1/phi|
    phi = (1 + 5 ** 0.5) / 2
    d = abs(0.5 - 1 / phi)
    top, cf = panel(lines, 0, 40, r"Continued fraction of p/2\^1 ")
    text = " ".join(cf)
    check("[0; 2]" in text and "golden prefix 0" in text and
          ("%.3g" % d) in text,
          "cf panel: [0; 2], golden prefix 0, |x - 1/phi| = %.3g (Python)"
          % d, text)
    # the code: the multiply by 1 on a 1-bit word is x & 1
    code = "\n".join(l[41:] for l in lines[7:15])
    check("return hash & 0x1u;" in code and "hash = n;" in code,
          "code panel: hash = n, & 0x1 (x * 1 mod 2)")
    # spectrum: K = 13 > 2^1 points; the reason whole, wrapped, and
    # what to do, every row within the panel
    top, sp = panel(lines, 0, 33, r"Spectrum \{k p/2\^1\}, K = 13")
    joined = " ".join(r.strip() for r in sp if r.strip())
    want = ("only 2^1 distinct points exist for this multiplier; K = 13 is "
            "more: { or [ lowers K to 2 or less")
    rule = textwrap.wrap(want, 31, break_on_hyphens=False)
    check(joined == want and [r.strip() for r in sp if r.strip()] == rule,
          "spectrum panel: the reason whole, filled at 31 columns, and "
          "how to lower K (2 = 2^1 distinct points, Python)",
          "%r" % sp)
    # buckets: one key (half of the 2 the word has) into 2 buckets
    keys, m = [0], 2
    loads = [0] * m
    for k in keys:
        loads[(k * p) % (1 << n) >> (n - 1)] += 1
    K = len(keys)
    e = K / m
    chi2 = sum((c - e) ** 2 / e for c in loads)
    pv = math.erfc(math.sqrt(chi2 / 2))
    R = sum(c * (c + 1) / 2 for c in loads) / ((K * (1 - 1 / m) + K * K / m
                                                + K) / 2)
    bx = next(i for i, ch in enumerate(lines[15]) if ch == "┬") + 1
    top, bk = panel(lines, bx, 80, r"Buckets: 2\^0 seq keys into 2\^1 \(b = 1\)")
    text = "\n".join(bk)
    check(("χ² %g on 1 dof, p %.3g" % (chi2, pv)) in text and
          re.search(r"R %g  max %d  empty %d  none" % (R, max(loads),
                    loads.count(0)), text) is not None,
          "buckets: chi^2 %g, p %.3g, R %g, max %d, empty %d, none "
          "(Python)" % (chi2, pv, R, max(loads), loads.count(0)), text)
    # the sweep at s = 0: keys k*2^0 for k < 2 (the word's 2), 2 buckets
    sk = [0, 1]
    sl = [0, 0]
    for k in sk:
        sl[(k * p) % 2] += 1
    K = len(sk)
    Rs = sum(c * (c + 1) / 2 for c in sl) / ((K * (1 - 1 / m) + K * K / m
                                              + K) / 2)
    # (the label shortens so that the JSON word, INFO, fits)
    check(re.search(r"sweep (k\*2\^s, )?b=1: worst s=0 R %g none \(INFO\)"
                    % Rs, text)
          is not None and re.search(r"s=0 +\? 0", text) is not None,
          "sweep: s = 0 only, R %g of keys 0 and 1 (Python), none, its "
          "cell ?" % Rs, text)
    check("verify judges words of 8 bits or more (w)" in text,
          "verify strip: says why there is no verdict, and w")
    # no panel row cut: each row of text inside its panel
    return bad


def spec2(screen):
    lines = screen.rstrip("\n").split("\n")
    top, sp = panel(lines, 0, 33, r"Spectrum \{k p/2\^1\}, K = 2 ")
    text = "\n".join(sp)
    # points {k/2}, k = 1, 2: 1/2 and 0: two gaps of 1/2
    pts = sorted((k * 1 % 2) / 2 for k in (1, 2))
    gaps = [pts[1] - pts[0], 1 - pts[1] + pts[0]]
    ok = len(set(gaps)) == 1 and re.search(
        r"one +%.6f ×%d" % (gaps[0], len(gaps)), text) and \
        "1 length; max/min 1" in text
    print(("ok   " if ok else "FAIL ") +
          "spectrum at K = 2: one length %.6f twice (Python)" % gaps[0])
    if not ok:
        print(text)
    return 0 if ok else 1


def main():
    screen = sys.stdin.read()
    mode = sys.argv[1]
    if mode == "pane":
        return pane(sys.argv[2:], screen)
    if mode == "onebit":
        return onebit(screen)
    if mode == "spec2":
        return spec2(screen)
    return 2


if __name__ == "__main__":
    sys.exit(1 if main() else 0)
