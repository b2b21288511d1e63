#!/bin/bash
# Issue 26, a newcomer's refusals at 80x24: every refusal says why and
# stays on the screen until the next key; nothing refused says "done";
# the dashboard's notices say what really works; its numbers are the
# brute force's.  Expected words come from the command line (cfx's own
# messages for the same input, the man page's word table) and numbers
# from Python, never from the dashboard.
#  1. ':set bits 200' failed with "an error (exit 2)" and no reason: the
#     status line names the value and what the dashboard takes (the
#     range as the man page's table gives it).
#  2. a refusal too wide for the status line (:set const 2^70+1) opens
#     the pane, where it is whole: it was behind o.
#  3. at 7 bits ':verify' was refused in the pane and "done" above it.
#     A ":" line of blanks said ": done" though nothing ran.
#  4. 'terminal too small' said "q quits" while a ':' or 'e' line took q
#     as a letter: it says Esc first there, and Esc then q quits.
#  5. "wider than 64 bits" names the dashboard's words (cfx dash EXPR,
#     the edit line, :set const), as the CLI's word rule does.
#  6. 0x5555555555555555: the histogram's tallest bar counted 4093
#     buckets beside "empty 4092": the bar spans loads, and its label
#     names them; the count of buckets in those loads is Python's.
#  7. 1 bit, stride:4096: "keys cover the word: even for any odd p" with
#     1 key in 2 buckets; the note is true of the loads Python counts.
. "$(dirname "$0")/lib.bash"

# the dashboard's words, from the man page's table ("the dashboard 1..64")
range=$(tr '\n' ' ' < man/cfx.1 | grep -oE 'the dashboard 1\\?\.\\?\.[0-9]+' |
	head -1 | sed 's/\\//g; s/the dashboard //')
check "the man page gives the dashboard's words ($range)" \
	test -n "$range"

# ---- 1, 2: the reason on the status line, the pane open for a wide one
dash_start 80 24 dash 0x61C88647
tm_wait 'R +[0-9]' 60 >/dev/null
tm_type ':set bits 200'; tm_keys Enter
takes="the dashboard takes $(req "$range")"
check ":set bits 200: the status line names 200 and $range" \
	tm_wait "^ *:set bits 200 failed: set bits 200: $takes" 10
check "    and it is no bare 'an error'" tm_gone 'failed: an error' 1
tm_keys o; tm_gone 'Output of' 5 >/dev/null
tm_type ':set const 2^70+1'; tm_keys Enter
check ":set const 2^70+1: wider than 64 bits, the dashboard's words" \
	tm_wait "multiplier wider than 64 bits: $takes" 10
check "    too wide for the status line: the pane is open, the whole" \
	tm_wait "^ *multiplier wider than 64 bits: $takes \(2\^70\+1\);" 5
tm_keys o; tm_gone 'Output of' 5 >/dev/null
# the edit line's error, typed
tm_keys e C-u; tm_type '2^70+1'
check "e 2^70+1: the edit line's error names the dashboard's words" \
	tm_wait "wider than 64 bits: $takes" 10
tm_keys Escape

# ---- 4: too small with a line open: Esc, then q
tm_keys :; tm_type 'set table 10'
tm resize-window -t t -x 60 -y 20
check "too small with ':' open: Esc first, not a bare 'q quits'" \
	tm_wait '^ *Esc ends the line, then q quits *$' 5
tm_keys q
check "    q went into the line (not quit)" tm_wait 'Esc ends the line' 2
tm_keys Escape
check "    after Esc the notice says q quits" tm_wait '^ *q quits *$' 5
tm_keys q
check "    and q quits, status 0" test "$(tm_exited 10)" = 0
# the same with the constant's line
dash_start 80 24 dash 0x61C88647
tm_wait 'R +[0-9]' 60 >/dev/null
tm_keys e
tm resize-window -t t -x 60 -y 20
check "too small with 'e' open: Esc first" \
	tm_wait '^ *Esc ends the line, then q quits *$' 5
tm_keys Escape q
check "    Esc then q quits, status 0" test "$(tm_exited 10)" = 0

# ---- 5: cfx dash EXPR wider than 64 bits
msg=$(./cfx dash 2^70+1 2>&1 </dev/null)
check "cfx dash 2^70+1: '$msg' names the dashboard's words" \
	test "$msg" = "cfx: dash: multiplier wider than 64 bits: the dashboard \
takes $range (2^70+1)"

# ---- 3: :verify at 7 bits is refused, never done
dash_start 80 24 dash --bits 7 0x65
tm_wait 'R +[0-9]' 60 >/dev/null
tm_type ':verify'; tm_keys Enter
check ":verify at 7 bits: refused on the status line" \
	tm_wait '^ *:verify refused: a 7-bit word is too small; verify' 10
check "    and not 'done'" tm_gone ':verify done' 1
# a ':' line of blanks is no command: nothing ran, so nothing is "done"
# (it said ":    done"), and it is no history entry
tm_keys :; tm_type '   '; tm_keys Enter
check "':' and blanks: no ': done' on the status line" \
	tm_gone '^ *: +(done|interrupted|failed)' 2
check "    and nothing ran" tm_gone 'running : ' 1
tm_type q; tm_exited >/dev/null

# ---- 6: the histogram's tallest bar against Python's loads
dash_start 80 24 dash 0x5555555555555555
tm_wait 'R +[0-9]' 60 >/dev/null
tm_wait 'peak [0-9]+' 30 >/dev/null
label=$(tm_screen | grep -oE '([0-9]+\.\.[0-9]+: )?peak [0-9]+' | head -1)
want=$(python3 - "$label" <<'PY'
import re, sys
from collections import Counter
p, n, b = 0x5555555555555555, 64, 12
loads = Counter(((k * p) % (1 << n)) >> (n - b) for k in range(4 << b))
per = [loads.get(i, 0) for i in range(1 << b)]
m = re.match(r"(?:(\d+)\.\.(\d+): )?peak (\d+)", sys.argv[1])
if not m:
    print("no label"); sys.exit()
a, z, N = m.group(1), m.group(2), int(m.group(3))
if a is None:       # one load a bar: the most buckets at one load
    c = Counter(per)
    got = max(c.values())
else:
    got = sum(1 for x in per if int(a) <= x <= int(z))
print("ok" if got == N else "python counts %d buckets there" % got)
PY
)
check "0x5555555555555555: '$label' is Python's count of its loads" \
	test "$want" = ok
tm_type q; tm_exited >/dev/null

# ---- 7: 1 bit, stride:4096: the note against Python's loads
dash_start 80 24 dash --bits 1 --keys stride:4096 1
tm_wait 'R +[0-9]' 60 >/dev/null
loads=$(python3 -c '
n, b, p = 1, 1, 1
keys = sorted({(k * 4096) % (1 << n) for k in range(1)})
loads = [0] * (1 << b)
for k in keys: loads[((k * p) % (1 << n)) >> (n - b)] += 1
print(" ".join(map(str, loads)))')
check "1 bit, stride:4096: Python's loads ($loads) are not even" \
	test "$loads" = "1 0"
check "    the panel does not say they are even" tm_gone 'even for any odd p' 2
check "    it says one key a bucket (true of $loads)" \
	tm_wait '1 a bucket' 5
tm_type q; tm_exited >/dev/null
tm_summary
