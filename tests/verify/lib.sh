# tests/verify/lib.sh - what verify suites that read verify's table begin
# with (sourced, not run: tests/run.sh passes over lib*.sh).  Sources
# tests/build/lib.sh (root, tmp, ok, bad, expect, done_suite) and writes
# $tmp/vtable.py, which Python checks written to $tmp import:
# vtable.rows(PATH) is the table's rows (the lines after the "check "
# header up to the first blank line), each with its continuation lines
# joined (the table wraps at spaces only, continuing indented).
. "$(dirname "${BASH_SOURCE[0]}")/../build/lib.sh"
cat >"$tmp/vtable.py" <<'PYEOF'
def rows(path):
    out, on = [], False
    for l in open(path).read().splitlines():
        if l.startswith("check "):
            on = True; continue
        if on and not l.strip():
            break
        if on and l.startswith(" "):
            out[-1] += " " + l.strip()
        elif on:
            out.append(l)
    return out
PYEOF
