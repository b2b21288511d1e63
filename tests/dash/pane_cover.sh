#!/bin/bash
# Issue 26, a new user's trial: the output pane and the panels above
# it, and a constant typed on the word it will be judged on.
#  1. With a ':' command's output open, at 80x24, 100x32, 120x40 and
#     160x50, every panel's figures are on the screen or the pane's title
#     names the panel it is over (the pane hid the last rows of the
#     spectrum and of the buckets, R and the verdict among them, and said
#     nothing); the code panel's count of rows below is the rows of its
#     function not shown.
#  2. Typing 0x61C8864680B583EB (64 bits) with the word automatic: the
#     panels show it on 64 bits as typed, the word Enter keeps, with no
#     "held" word (they showed 0x61c88646 on 32 bits, "n = 32 (held)");
#     typed from a 64-bit constant, 0x61C8 is on 32 bits, Enter's word;
#     wider than 64 bits, refused as typed, with the reason.
#  3. The previews while typing (the power sum, the code's counts, its
#     type and its << lines) are of the typed constant on that word.
# Every figure by tests/dash/pane_cover.py: Python's NAF, continued fraction,
# three-distance gaps and bucket loads, never the dashboard's.
. "$(dirname "$0")/lib.bash"
read_py() { python3 "$(dirname "$0")/pane_cover.py" "$@"; }

# read_checks PREFIX MODE P N (lib.bash): the screen read by pane_cover.py

# settled: the score and the spectrum drawn for the constant shown (the
# figures are read once they are there)
settled() { tm_wait 'R +[0-9]' 60 >/dev/null && tm_wait 'lengths?;' 30 >/dev/null; }

p=0x9e3779b1     # prevprime(golden(32)), the dashboard's default
for size in "80 24" "100 32" "120 40" "160 50"; do
	set -- $size
	for cmd in ':naf' ':cf --convergents'; do
		dash_start "$1" "$2"
		settled
		tm_type "$cmd"; tm_keys Enter
		tm_wait "^─ Output.*" >/dev/null
		tm_wait "$(req "$cmd") done" 30 >/dev/null
		read_checks "$1x$2 $cmd: " pane $p 32
		tm_keys o
		check "$1x$2 $cmd, o: the pane closes, the panels whole again" \
			tm_wait '(^|│) verify ' 60
		tm_type q; tm_exited >/dev/null
	done
done

# typing: the panels on the word the constant will be judged on
wide=0x61C8864680B583EB short=0x61C8 part=0x61C8864680B
dash_start 100 32
settled
tm_type "/$wide"
tm_wait "edit> $wide" >/dev/null
tm_wait "= 0x61c8864680b583eb" 10 >/dev/null
read_checks "typing $wide from a 32-bit constant: " typing $wide 64
before=$(sed -n 2p "$TM_DIR/screen")
tm_keys Enter
tm_wait 'constant 0x61c8864680b583eb' >/dev/null
check "    Enter: the word and value it was shown on while typed, kept" \
	test "$(tm_screen | sed -n 2p)" = "$before"
tm_type q; tm_exited >/dev/null

# from a 64-bit constant: a short one typed is on 32 bits as it is typed
dash_start 100 32 dash "'golden(64)'"
settled
tm_type "/$short"
tm_wait "edit> $short" >/dev/null
tm_wait "= 0x000061c8 " 10 >/dev/null
read_checks "typing $short from golden(64): " typing $short 32
# typed on, past 32 bits: 64 at once, as Enter will have it
tm_type "${part#$short}"
tm_wait "= 0x0000061c8864680b" 10 >/dev/null
read_checks "    typed on to $part: " typing $part 64
# wider than the largest word (64 bits): refused as typed, one line
tm_keys C-u; tm_type "${wide}1"
check "    ${wide}1 (65 bits): refused as typed, the reason on one line" \
	tm_wait 'wider than 64 bits'
check "    and no value of it is shown (the panels keep $part's)" \
	wait_for eval "! tm_screen | grep -q '= 0x[0-9a-f]*1c8864680b583eb'"
tm_keys Enter
check "    Enter: refused (the pane says why)" \
	tm_wait "${wide}1: multiplier (is )?wider than 64 bits"
tm_keys Escape
g64=$(python3 -c "from decimal import Decimal as D, getcontext as g
g().prec = 60; x = (D(2) ** 65 / (1 + D(5).sqrt())).to_integral_value()
print('= 0x%016x = %d' % (int(x), int(x)))")
check "    Esc: golden(64) back, on 64 bits (${g64#= })" \
	tm_wait "$(req "$g64") +n = 64"
tm_type q; tm_exited >/dev/null

tm_summary
