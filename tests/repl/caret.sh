#!/bin/bash
# An evaluation error's caret, at a terminal, is under what is wrong in
# the line typed: the divisor that is 0 (`cf 1/0` pointed at the "/"),
# the negative argument of sqrt, the power too large, a name whose value
# is 0.  The expected caret line is made here from the line typed and the
# text the caret must cover (its offset found by bash), not from cfx.
# A refused option value: the caret under its word.
# (A name whose own text divides by 0 cannot be made: let refuses it;
# unit/test_expr.c holds that error to the name.)
. "$(dirname "$0")/../lib/tmux.sh"

# caret_for LINE TEXT [NTH]: the caret line the REPL prints under LINE
# (indented 2, as it echoes it) for the NTH (default last) TEXT in it
caret_for() {
	local line=$1 text=$2 pre
	pre=${line%"$text"*}
	printf '  %*s^' "${#pre}" ''
	printf '%*s' $((${#text} - 1)) '' | tr ' ' '~'
}

# lit TEXT: TEXT as an extended regex that matches it alone
lit() { printf '%s' "$1" | sed 's/[][\.^$*+?(){}|/]/\\&/g'; }

# try LINE TEXT MESSAGE: LINE typed shows the caret under TEXT and MESSAGE
try() {
	local line=$1 text=$2 msg=$3 caret
	caret=$(caret_for "$line" "$text")
	tm_keys C-l
	tm_type "$line"; tm_keys Enter
	check "$line: the line echoed" tm_wait "^  $(lit "$line")\$" 5
	check "    the caret under '$text'" tm_wait "^$(lit "$caret")\$" 5
	check "    $msg" tm_wait "^$(lit "$msg")\$" 5
}

tm_start 100 30 ./cfx repl
check "banner and prompt" tm_wait '^cfx>$'

try 'cf 1/0' '0' 'cf: division by zero: the divisor is 0 (0)'
try 'naf 5 + 1/(2-2)' '2-2' 'naf: division by zero: the divisor is 0 (2-2)'
try 'naf 7 % (3-3)' '3-3' 'naf: remainder by zero: the divisor is 0 (3-3)'
try 'naf 1 + 0^-1' '0^-1' 'naf: division by zero: a negative power of 0 (0^-1)'
try 'cf sqrt(2 - 7)' '2 - 7' 'cf: square root of a negative number (2 - 7)'
try 'naf 3 * 2^(2^21)' '2^(2^21)' \
	'naf: result too large (over 2^20 bits) (2^(2^21))'
tm_keys C-l
tm_type 'let z = 3 - 3'; tm_keys Enter
check "let z = 3 - 3" tm_wait '^cfx>$'
try 'cf 5/z' 'z' 'cf: division by zero: the divisor is 0 (z)'
# let evaluates its value: the same words, the caret in its line
try 'let w = 1/(2-2)' '2-2' 'let: division by zero: the divisor is 0 (2-2)'
# an option's value that is refused: the caret under its word (verify's
# own lists and any command's --keys given on the line)
try 'verify 0x9e370001 --stride 13,0' '13,0' \
	'verify: --stride takes numbers between 1 and 2^32-1 (0)'
try 'verify 0x9e370001 --keys stride:0' 'stride:0' \
	'verify: stride must not be zero (stride:0)'
try 'score 5 --keys stride:0 --count 8' 'stride:0' \
	'score: stride must not be zero (stride:0)'

tm_keys C-d
tm_exited >/dev/null
tm_summary
