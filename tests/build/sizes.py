#!/usr/bin/env python3
"""sizes.py ROOT - the size of the house, held against its limits (run by
tests/build/sizes.sh): no source file (src/**/*.c, *.h, include/cfx/*.h)
over MAX_FILE lines, and no function over MAX_FUNC lines, but for the
exceptions ALLOW lists, each with its own limit and the reason.

A function is found as the code's style writes one (doc/STYLE.md, the
kernel's): its signature starts at column 0 (parameters continued on
indented lines), its body opens with a '{' alone on a line and closes with
the first '}' alone on a line after it.  Its length is from the signature's
first line to that '}', both counted (as `ctags --fields=+ne` measures).

Prints one line per finding ("file: PATH N lines, over M", "function:
PATH:LINE NAME N lines, over M") and exits 1 if there is any; else a
summary with the largest file and function, and exits 0.
"""
import fnmatch
import os
import re
import sys

MAX_FILE = 1500     # lines of one source file
MAX_FUNC = 120      # lines of one function

# Exceptions: (glob over the path from ROOT, file limit, function limit,
# why).  Every other file is held to MAX_FILE and MAX_FUNC.  A row is for
# code being reworked now; lower its limits as the work lands, and take
# the row out when the files keep the common ones (review*.c's row went
# when walk_file, review_use_word_at and review_literal_products were
# split at their seams, issue 27).
ALLOW = [
    # (empty: the dashboard's row, 180 lines a function, went when
    # dash_main's teardown became curses_leave and release, issue 27)
]

SIG = re.compile(r"^[A-Za-z_]")
NAME = re.compile(r"([A-Za-z_]\w*)\s*\(")


def sources(root):
    for top in ("src", "include"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    p = os.path.join(d, f)
                    yield os.path.relpath(p, root), p


def limits(rel):
    for pat, fl, fn, _ in ALLOW:
        if fnmatch.fnmatch(rel, pat):
            return fl, fn
    return MAX_FILE, MAX_FUNC


def functions(lines):
    """(first line, name, length) of each function of a file's lines"""
    i = 0
    while i < len(lines):
        if lines[i].rstrip() != "{":
            i += 1
            continue
        j = i - 1
        while j > 0 and lines[j][:1] in (" ", "\t"):
            j -= 1
        k = i + 1
        while k < len(lines) and lines[k].rstrip() != "}":
            k += 1
        m = NAME.search(" ".join(lines[j:i]))
        if j >= 0 and SIG.match(lines[j]) and m:
            yield j + 1, m.group(1), k - j + 1
        i = k + 1


def main():
    root = sys.argv[1]
    found = []
    big_file = (0, "")
    big_func = (0, "")
    nfiles = nfuncs = 0
    for rel, path in sources(root):
        with open(path, errors="replace") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        nfiles += 1
        fl, fn = limits(rel)
        if len(lines) > fl:
            found.append("file: %s %d lines, over %d" % (rel, len(lines), fl))
        big_file = max(big_file, (len(lines), rel))
        for line, name, n in functions(lines):
            nfuncs += 1
            if n > fn:
                found.append("function: %s:%d %s %d lines, over %d"
                             % (rel, line, name, n, fn))
            big_func = max(big_func, (n, "%s %s" % (rel, name)))
    for x in found:
        print(x)
    if found:
        return 1
    if nfiles == 0 or nfuncs == 0:
        print("no sources or no functions found under %s" % root)
        return 2
    print("%d files, %d functions; largest file %s (%d lines, limit %d), "
          "longest function %s (%d lines, limit %d; the exceptions: %s)"
          % (nfiles, nfuncs, big_file[1], big_file[0], MAX_FILE,
             big_func[1], big_func[0], MAX_FUNC,
             ", ".join("%s %d" % (a[0], a[2]) for a in ALLOW) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
