#!/usr/bin/env python3
"""layers.py ROOT [OBJDIR] - the layers doc/ARCHITECTURE.md states, held
against the code (run by tests/build/layers.sh).

The layers are read from the table of ROOT/doc/ARCHITECTURE.md: its rows
name the folders (`src/dash/`, `src/core/`, ...) from the top down, and a
file may use only its own row and the rows below it.  A file's row is its
folder's; a header of include/cfx/ is its module's (include/cfx/pool.h is
src/sys/pool.c's).  Two graphs are checked:

* includes: every #include "..." of src/ and include/cfx/, resolved as the
  compiler does (the file's folder, then include/, then src/): none runs
  up a row, and no modules (a NAME.c with its NAME.h) include each other
  in a loop (a header with no .c of its own, such as cmds.h or dash_ui.h,
  declares functions of several files and is no module: its includers
  take over what it includes);
* calls: the code of each object of OBJDIR (ROOT/build by default; its
  folders are the rows: build/core/x.o is core's) refers to functions and
  data of other objects (relocations of .text, read with readelf; a
  command table's pointers are data, not calls): none runs up a row, and
  no objects refer to each other in a loop.

Prints one line per finding ("up: A -> B (what)", "circle: A -> B -> A",
"unplaced: FILE") and exits 1 if there is any, else prints a summary and
exits 0.  Exit 2 when the table cannot be read.
"""
import collections
import glob
import os
import re
import subprocess
import sys

# Circles that stand in the code now and are owed a fix, each with who
# owes it: a circle of exactly these files is said ("known circle") but
# fails nothing; one with any other file fails.  Take a row out when its
# circle is gone (the run says so).
KNOWN = {
}


def rows_of(root):
    """The folders of the layer table, top row first."""
    rows = []
    with open(os.path.join(root, "doc/ARCHITECTURE.md")) as f:
        for line in f:
            m = re.match(r"\|[^|]*\|\s*`(src/[^`]*)`", line)
            if m:
                rows.append(m.group(1).rstrip("/"))
    return rows


def row_of_path(rows, rel):
    """The rank (0 = bottom) of a path under src/, or None."""
    for i, r in enumerate(rows):
        if rel == r or rel.startswith(r + "/"):
            return len(rows) - 1 - i
    return None


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def sccs(graph):
    """The strongly connected components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(100000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def loop_in(graph, comp):
    """One loop through a component, as 'a -> b -> a'."""
    comp = set(comp)
    start = min(comp)
    path, seen = [start], {start}
    v = start
    while True:
        nxt = sorted(w for w in graph[v] if w in comp)
        back = [w for w in nxt if w in seen]
        if start in nxt:
            return " -> ".join(path + [start])
        if back:
            w = back[0]
            return " -> ".join(path[path.index(w):] + [w])
        v = nxt[0]
        path.append(v)
        seen.add(v)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    objdir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "build")
    rows = rows_of(root)
    if len(rows) < 3:
        print("layers.py: no layer table in doc/ARCHITECTURE.md")
        sys.exit(2)
    found = []
    names = {}   # module stem -> rank of its .c
    srcs = sorted(glob.glob(os.path.join(root, "src/**/*.[ch]"), recursive=True))
    for p in srcs:
        rel = os.path.relpath(p, root)
        r = row_of_path(rows, rel)
        if r is None:
            found.append("unplaced: %s (in no row of the table)" % rel)
        elif p.endswith(".c"):
            names[stem(p)] = r

    def rank(rel):
        if rel.startswith("include/"):
            return names.get(stem(rel))
        return row_of_path(rows, rel)

    # includes
    incs = collections.defaultdict(set)
    files = srcs + sorted(glob.glob(os.path.join(root, "include/cfx/*.h")))
    nincl = 0
    for p in files:
        rel = os.path.relpath(p, root)
        ra = rank(rel)
        if ra is None:
            if rel.startswith("include/"):
                found.append("unplaced: %s (no src/*/%s.c)" % (rel, stem(rel)))
            continue
        with open(p, errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = None
                for base in (os.path.dirname(p), os.path.join(root, "include"),
                             os.path.join(root, "src")):
                    t = os.path.normpath(os.path.join(base, m.group(1)))
                    if os.path.exists(t):
                        target = os.path.relpath(t, root)
                        break
                if target is None:
                    found.append("unresolved: %s:%d %s" % (rel, n, m.group(1)))
                    continue
                nincl += 1
                rb = rank(target)
                if rb is None:
                    found.append("unplaced: %s (included by %s)" % (target, rel))
                elif rb > ra:
                    found.append("up: %s:%d includes %s (%s is above %s)" %
                                 (rel, n, target, rows[len(rows) - 1 - rb],
                                  rows[len(rows) - 1 - ra]))
                if stem(target) != stem(rel):
                    incs[stem(rel)].add(stem(target))
    # a header with no .c of its own (cmds.h, dash_ui.h: declarations of
    # several files) is no module: what it includes, its includers include
    free = set(incs) | set(t for v in incs.values() for t in v)
    free = {m for m in free if m not in names}
    changed = True
    while changed:
        changed = False
        for m in sorted(free):
            for a in incs:
                if m in incs[a]:
                    incs[a].discard(m)
                    incs[a] |= incs.get(m, set()) - {a}
                    changed = True
    for m in free:
        incs.pop(m, None)
    for comp in sccs(incs):
        found.append("circle: includes %s" % loop_in(incs, comp))

    # calls (and references to data) from code, between objects
    objs = sorted(glob.glob(os.path.join(objdir, "**/*.o"), recursive=True))
    objs = [o for o in objs
            if row_of_path(rows, "src/" + os.path.relpath(o, objdir)[:-2] + ".c")
            is not None]
    if not objs:
        found.append("no objects under %s: build first (make)" % objdir)
    defs, refs = {}, collections.defaultdict(set)
    for o in objs:
        out = subprocess.run(["nm", "-P", "--defined-only", o],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) >= 2 and f[1] in "TDBRVWG":
                defs.setdefault(f[0], o)
        out = subprocess.run(["readelf", "-rW", o],
                             capture_output=True, text=True).stdout
        sec = None
        for line in out.splitlines():
            m = re.match(r"Relocation section '\.rela(\S+)'", line)
            if m:
                sec = m.group(1)
                continue
            f = line.split()
            if sec and sec.startswith(".text") and len(f) >= 5 and \
                    re.match(r"[0-9a-f]+$", f[0]):
                refs[o].add(f[4].split("@")[0])
    calls = collections.defaultdict(set)
    why = {}
    for o in objs:
        ra = row_of_path(rows, "src/" + os.path.relpath(o, objdir)[:-2] + ".c")
        for name in sorted(refs[o]):
            d = defs.get(name)
            if d is None or d == o:
                continue
            calls[o].add(d)
            why.setdefault((o, d), name)
            rb = row_of_path(rows, "src/" + os.path.relpath(d, objdir)[:-2] + ".c")
            if rb > ra:
                found.append("up: %s calls %s (%s)" % (
                    os.path.relpath(o, objdir), os.path.relpath(d, objdir), name))
    known = []
    for comp in sccs(calls):
        rel = frozenset(os.path.relpath(o, objdir) for o in comp)
        if rel in KNOWN:
            known.append("known circle: %s (%s)" % (" <-> ".join(sorted(rel)),
                                                   KNOWN[rel]))
            continue
        loop = loop_in(calls, comp).split(" -> ")
        steps = ["%s -(%s)-> " % (os.path.relpath(a, objdir), why[(a, b)])
                 for a, b in zip(loop, loop[1:])]
        found.append("circle: calls " + "".join(steps) +
                     os.path.relpath(loop[-1], objdir))

    for f in found + known:
        print(f)
    if found:
        sys.exit(1)
    print("layers: %d rows (%s), %d includes, %d objects with %d call arrows: "
          "none up, %s" % (len(rows), " > ".join(rows), nincl, len(objs),
                                  sum(len(v) for v in calls.values()),
                                  "no other circle" if known else "no circle"))


if __name__ == "__main__":
    main()
