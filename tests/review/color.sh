#!/bin/bash
# cfx review's levels in colour on a terminal (issue 26: "colour for
# verdicts ... which verify and review use"): ERROR red and WARNING yellow,
# as checkpatch has them, in both formats; stripped of its escapes the
# text is --color=never's byte for byte; a pipe and NO_COLOR get none.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py=$(command -v python3) || { echo "color: python3 not found; 0 passed, 1 failed"; exit 1; }
patch=lessons/2002.patch

for fmt in "" "--format gcc"; do
	./cfx --color=never review $fmt "$patch" >"$tmp/never"
	./cfx --color=always review $fmt "$patch" >"$tmp/always"
	if $py - "$tmp/never" "$tmp/always" <<'PY'
import re, sys
never = open(sys.argv[1], encoding="utf-8").read()
always = open(sys.argv[2], encoding="utf-8").read()
esc = re.compile(r"\x1b\[[0-9;]*m")
assert "\x1b" not in never
assert esc.sub("", always) == never, "not the same text without escapes"
sgr = {"ERROR": "31", "WARNING": "33", "error": "31", "warning": "33"}
seen = set()
for n, a in zip(never.splitlines(), always.splitlines()):
    m = re.match(r"[^:]+:\d+:(?:\d+:)? (ERROR|WARNING|error|warning): ", n)
    if m:
        w = m.group(1)
        assert "\x1b[%sm%s\x1b[0m: " % (sgr[w], w) in a, a
        seen.add(w.upper())
    else:
        assert "\x1b" not in a, a      # NOTE, CHECK, totals: plain
assert seen == {"ERROR", "WARNING"}, seen
PY
	then ok "review $fmt: ERROR red, WARNING yellow, aligned text unchanged"
	else bad "review $fmt: levels not painted as expected"; fi
done
color_auto ERROR 31 "./cfx review $patch"

done_suite color
