#!/bin/bash
# Issue 26, a newcomer's trial at 80x24 (session 27):
#  1. F1 said "KEY_F(1) does nothing here: ? lists the keys": F1 opens
#     the key list, the same screen as ?.
#  2. Enter on a bad constant (2^70+1, wider than the dashboard's words)
#     opens the output pane to say why; after the line was fixed
#     (2^60+1) and kept, the pane still showed the old error and its "go
#     back to" advice over the spectrum until o.  The pane the refusal
#     opened closes with the edit (kept or cancelled); a pane the user
#     had open before stays open.
# The constant kept is checked against python's hex of 2^60+1.
. "$(dirname "$0")/lib.bash"

want=$(python3 -c 'print("0x%x" % (2**60 + 1))')
dash_start 80 24 dash 0x61C88647
tm_wait 'R +[0-9]' 60 >/dev/null

# ---- 1: F1 is ?
tm_press '?' >/dev/null
help=$(tm_screen)
check "? opens the key list" grep -q 'this help' <<<"$help"
tm_keys Escape; tm_gone 'this help' 5 >/dev/null
tm_press F1 >/dev/null
check "F1 opens the same key list as ?" \
	test "$(tm_screen)" = "$help"
check "    and does not say it does nothing" tm_gone 'does nothing here' 1
tm_keys Escape; tm_gone 'this help' 5 >/dev/null

# ---- 2: the refusal's pane goes with the edit
tm_keys /; tm_type '2^70+1'; tm_keys Enter
check "Enter on 2^70+1: the pane says why" \
	tm_wait '^ *2\^70\+1: multiplier wider than 64 bits' 10
tm_keys C-u; tm_type '2^60+1'; tm_keys Enter
check "2^60+1 kept: the constant is python's $want" \
	tm_wait "constant $want \(n = 64\)" 10
check "    and the pane with 2^70+1's error is closed" \
	tm_gone '2\^70\+1: multiplier wider' 5
check "    the output pane is not drawn" tm_gone 'Output of' 2
# Esc after a refusal: the pane goes too
tm_keys /; tm_type '2^70+1'; tm_keys Enter
tm_wait '^ *2\^70\+1: multiplier wider than 64 bits' 10 >/dev/null
tm_keys Escape
check "Esc after the refusal: the pane goes with the edit" \
	tm_gone '2\^70\+1: multiplier wider' 5
# a pane open before the edit stays open
tm_type ':cf 13/8'; tm_keys Enter
tm_wait 'Output of' 10 >/dev/null
tm_keys /; tm_type '2^70+1'; tm_keys Enter
tm_wait '^ *2\^70\+1: multiplier wider than 64 bits' 10 >/dev/null
tm_keys C-u; tm_type '2^60+3'; tm_keys Enter
tm_wait "constant 0x1000000000000003" 10 >/dev/null
check "a pane open before the edit stays open after it" \
	tm_wait 'Output of' 3
tm_summary
