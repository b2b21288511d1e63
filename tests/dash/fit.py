#!/usr/bin/env python3
"""tests/dash/fit.py - read dashboard screens as a person would and say
what is cut, covered or missing.  Used by tests/dash/fit80.sh.

    fit.py VOCAB DIR

DIR holds one screen a file: a name, then "P N MODE", then the screen.
VOCAB: a file of the words cfx can print (one a line, lower case), so a
word cut short ("invert", "rewri") is caught.  P: the constant (decimal;
"-": the one the header shows), N its word size, to read the header and
the power sum against values computed here (the NAF by the textbook
algorithm, not cfx's).  MODE says what the screen should hold: the
panels (view), the help (help) or the panels under the output pane (out).
"""
import os
import re
import sys

BOX = set("─│┬┴┼├┤┃═·▲▼ ")


def naf_sum(p, n):
    """The power sum of p's non-adjacent form mod 2^n, as cfx writes it."""
    digits, k, x = [], 0, p
    while x:
        if x & 1:
            d = 2 - (x & 3)
            x -= d
        else:
            d = 0
        if d and k < n:         # a 2^n digit wraps to 0
            digits.append((k, d))
        x >>= 1
        k += 1
    out = []
    for k, d in reversed(digits):
        t = "1" if k == 0 else "2" if k == 1 else "2^%d" % k
        if not out:
            out.append(("-" if d < 0 else "") + t)
        else:
            out.append(("- " if d < 0 else "+ ") + t)
    return " ".join(out)


def separators(rows):
    """For each row, the columns of the rules between panels: where the
    nearest title row above (a rule from column 0) has a tee down."""
    seps, tees = [], set()
    for r in rows:
        if r.startswith("─"):
            tees = {i for i, c in enumerate(r) if c in "┬┼"}
            seps.append(set())
        else:
            seps.append({c for c in tees if c < len(r) and r[c] == "│"})
    return seps


def faults(vocab, rows, p, n, mode):
    """What is wrong with one screen (rows), as lines; none: all whole."""
    rows = [r.ljust(80) for r in rows[:24]]
    bad = []
    if p is None:               # the value the header shows
        m = re.search(r"= (0x[0-9a-f]+) = ", rows[1])
        p = int(m.group(1), 16) if m else 0
        m = re.search(r"n = (\d+)", rows[1])
        n = int(m.group(1)) if m else 32
    # 1. nothing touches a panel's right edge: the last column of the
    # screen and the column before each rule between panels are blank
    # (text that reaches them was cut, or would have been)
    for y, (r, seps) in enumerate(zip(rows, separators(rows))):
        if r.startswith("─"):
            continue
        edges = [len(r.rstrip()) - 1] if len(r.rstrip()) >= 80 else []
        edges += [c - 1 for c in seps]
        for c in edges:
            if r[c] not in BOX:
                bad.append("row %d: text touches the edge at column %d: %r"
                           % (y, c, r.rstrip()))

    # 2. every word is a word cfx prints (a cut one is not)
    for y, r in enumerate(rows):
        for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"0x[0-9a-fA-F]+", " ", r)):
            if w.lower() not in vocab:
                bad.append("row %d: %r is no word cfx prints: %r"
                           % (y, w, r.rstrip()))

    # 2b. no text glued to the bars of the bucket histogram ("peak" right
    # after a bar reads as one word with it)
    for y, r in enumerate(rows):
        if re.search(r"[\u2581-\u2588][A-Za-z]", r):
            bad.append("row %d: text glued to the bars: %r" % (y, r.rstrip()))

    # 2c. a C type is never cut from the name it declares ("f(uint32_t"
    # at a row's end, "x)" below)
    for y, r in enumerate(rows):
        if re.search(r"\buint\d+_t *(│|$)", r.rstrip()):
            bad.append("row %d: a type cut from its name: %r"
                       % (y, r.rstrip()))

    # typing: the header's value row holds the typing error instead
    typing_error = "edit>" in rows[0] and "^" in rows[1]
    if mode != "help" and not typing_error:
        # 3. the header: the value, the word, the parity whole
        hexw = "0x%0*x" % (max(2, n // 4), p)
        want = "= %s = %d" % (hexw, p)
        if want not in rows[1]:
            bad.append("header: %r not in %r" % (want, rows[1].rstrip()))
        if not re.search(r"(odd, prime|odd, composite|even: not invertible "
                         r"mod 2\^n|even: no inverse)$", rows[1].rstrip()):
            bad.append("header: the parity is not whole: %r"
                       % rows[1].rstrip())
        # 4. the power sum: every term, as the NAF has it
        ys = [y for y, r in enumerate(rows) if r.startswith(" sum  ")]
        if not ys:
            bad.append("no power sum row")
        else:
            y, text = ys[0], []
            while y < len(rows) and not rows[y].startswith("─"):
                text.append(rows[y][6:].strip())
                y += 1
            shown = " ".join(text).replace(
                " (mod 2^n: the 2^n digit wraps to 0)", "")
            if shown != naf_sum(p, n):
                bad.append("power sum shown %r, the NAF's is %r"
                           % (shown, naf_sum(p, n)))

    if mode != "help":
        # 5. scroll counts only in titles, never over a panel's text
        for y, r in enumerate(rows[:-1]):
            # (the lesson pane's mark is a row of its own)
            r = re.sub(r"│ [▲▼] Ctrl-[DU]: \d+ more\s*$", "", r)
            if not r.startswith("─") and re.search(r"▼|PgDn|PgUp", r):
                bad.append("row %d: a scroll mark over the text: %r"
                           % (y, r.rstrip()))

    if mode != "help":
        # 6. the strips, or a line saying where they went: too short a
        # panel ("strips: ..."), the output pane over them, a lesson's
        # column or its hidden panel ("sweep, verify: ...", "Buckets,
        # sweep and verify strips")
        screen = "\n".join(rows)
        if not (re.search(r"sweep .*(b=|buckets)", screen) and
                re.search(r"(^|│) verify ", screen, re.M)) and \
                "strips:" not in screen and \
                not re.search(r"sweep(,| and) verify", screen):
            bad.append("the sweep and verify strips are missing, and "
                       "nothing says where they went")

    return bad


def main():
    """Each screen file of the directory: "name", "P N MODE" (P "-": the
    header's), then the screen; "ok NAME" or "FAIL NAME" and the faults."""
    vocab = set(open(sys.argv[1]).read().split())
    nbad = 0
    for f in sorted(os.listdir(sys.argv[2])):
        lines = open(os.path.join(sys.argv[2], f)).read().split("\n")
        name, head = lines[0], lines[1].split()
        if len(head) != 3:      # a value the test could not read
            print("FAIL " + name + "\n    no \"P N MODE\" line: %r" % lines[1])
            nbad += 1
            continue
        p, n, mode = head
        found = faults(vocab, lines[2:], None if p == "-" else int(p),
                       int(n), mode)
        print(("FAIL " if found else "ok   ") + name)
        for b in found[:8]:
            print("    " + b)
        if found:
            nbad += 1
            print("\n".join("  | " + r for r in lines[2:]))
    return 1 if nbad else 0


if __name__ == "__main__":
    sys.exit(main())
