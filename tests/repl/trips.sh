#!/bin/bash
# The REPL at a terminal (tmux's pty), a newcomer's trips of issue 26:
# TAB completion leaves no space after a key family that wants its
# parameter (stride:) or a function's "(" (the match decides, not what was
# typed); a bare constant says what takes it; a misspelt family gets the
# nearest name.  A character typed after TAB shows whether a space came:
# capture-pane drops trailing spaces, so the line is read with the
# character glued or spaced.  Expected names are the man page's families
# and functions.
. "$(dirname "$0")/../lib/tmux.sh"
cd "$root" || exit 2

tm_start 100 30 ./cfx repl
check "the prompt" tm_wait '^cfx>$'

tm_type 'set keys str'; tm_keys Tab; tm_type '4096'
check "set keys str TAB: stride: with no space (stride:4096)" \
	tm_wait '^cfx> set keys stride:4096$'
tm_keys C-u
tm_type 'score 5 --keys spa'; tm_keys Tab; tm_type '8'
check "score --keys spa TAB: sparse: with no space" \
	tm_wait '^cfx> score 5 --keys sparse:8$'
tm_keys C-u
tm_type 'naf gold'; tm_keys Tab; tm_type '32)'
check "naf gold TAB: golden( with no space" tm_wait '^cfx> naf golden\(32\)$'
tm_keys C-u
# a whole word still gets its space: set fo TAB j
tm_type 'set fo'; tm_keys Tab; tm_type 'j'
check "set fo TAB: format and a space" tm_wait '^cfx> set format j$'
tm_keys C-u
tm_type 'set keys ran'; tm_keys Tab; tm_type 'x'
check "set keys ran TAB: random (works bare) and a space" \
	tm_wait '^cfx> set keys random x$'
tm_keys C-u

tm_keys C-l
tm_type '0x61C88647'; tm_keys Enter
check "a bare constant: what takes it" \
	tm_wait '^0x61C88647: a constant: try cf 0x61C88647, or set const 0x61C88647$'
tm_keys C-l
tm_type 'set keys strde:'; tm_keys Enter
check "set keys strde: the nearest family" \
	tm_wait '^set: unknown key family \(strde:\); did you mean stride:\?$'
tm_keys C-l
tm_type 'cf 5 -5'; tm_keys Enter
check "cf 5 -5: a second EXPR, named" \
	tm_wait '^cf: a second EXPR after 5; cf takes one \(to subtract, write 5 - 5\) \(-5\)$'
tm_type 'quit'; tm_keys Enter
tm_summary
