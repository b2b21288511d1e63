#!/bin/bash
# The README is literally true from a fresh clone (issue 26): its first
# command runs as written in the source tree, where make run has put cfx
# (./cfx: nothing is on PATH before make install), and "Build and test"
# gives exactly two commands, one that builds and starts cfx and one
# that runs the whole suite.  Before, the quick start said `cfx dash
# 0x9e370001`, "command not found" after make run.  Read from README.md,
# the Makefile's run target and the script that takes the capture.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
py_checks <<'PY'
import re
readme = open("README.md").read()
# the commands it tells to run: a `cfx WORD ARG...` that starts a line
# (the prose names commands too: "`cfx verify`, a verdict")
starts = [(m.start(), m.group(1)) for m in
          re.finditer(r"^`((?:\./)?cfx \S+ [^`\n]+)`", readme, re.M)]
first = starts[0][1] if starts else ""
print(("ok" if first.startswith("./cfx ") else "FAIL") +
      " the first command runs in the tree: " + first)
# every bare one after the README has said that ./cfx is cfx there
said = readme.find("./cfx")
early = [c for p, c in starts if p < said and not c.startswith("./")]
print(("ok" if said >= 0 and not early else "FAIL") +
      " no bare cfx before ./cfx is said: %s" % early)
# Build and test: the indented commands of its first block, two
m = re.search(r"## Build and test\n(.*?)\n## ", readme, re.S)
block = re.search(r"((?:\n    \S[^\n]*)+)", m.group(1)) if m else None
lines = [l.split("#")[0].strip() for l in block.group(1).strip("\n").split("\n")] \
    if block else []
print(("ok" if lines == ["make run", "make check"] else "FAIL") +
      " Build and test gives two commands: %s" % lines)
# make run builds cfx in the tree and starts it
mk = open("Makefile").read()
r = re.search(r"^run:([^\n]*)\n((?:\t[^\n]*\n)+)", mk, re.M)
ok = r and "cfx" in r.group(1).split() and "./cfx" in r.group(2)
print(("ok" if ok else "FAIL") + " make run builds ./cfx and starts it")
# the capture is taken by the command the README gives
cap = open("scripts/readme-dash.sh").read()
print(("ok" if first and first in cap else "FAIL") +
      " the capture's command is the README's: " + first)
PY
done_suite build/readme_fresh
