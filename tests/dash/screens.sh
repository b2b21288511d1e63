#!/bin/bash
# The dashboard at 80x24 and 120x40: start-up, typing a constant, flipping a
# NAF digit, the ':' line, a parse error, help, resize, quit.  Numbers are
# checked against PARI/GP and against the CLI.
. "$(dirname "$0")/lib.bash"

# PARI/GP's continued fractions of the constants used below
cf_knuth=$(gp_cf '2654435761/2^32')
cf_seed=$(gp_cf '0x9e370001/2^32')
cf_golden=$(gp_cf '0x61C88647/2^32')
# the seed's power sum (FACTS.md), checked by arithmetic
sum_seed='2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1'
[ $((2**31 + 2**29 - 2**25 + 2**22 - 2**19 - 2**16 + 1)) = $((0x9e370001)) ] ||
	bad "the seed's power sum is 0x9e370001"

scenario() {
	local w=$1 h=$2 at="at $1x$2"

	dash_start "$w" "$h"
	check "$at: start-up shows the default constant" \
		tm_wait 'const prevprime\(golden\(32\)\)'
	check "$at: and its value" tm_wait '= 0x9e3779b1 = 2654435761 +n = 32'
	check "$at: its continued fraction (PARI/GP: $cf_knuth)" cf_is "$cf_knuth"
	check "$at: golden prefix 20" tm_wait '^ golden prefix 20 '
	check "$at: 30 terms, largest a_24 = 18" \
		tm_wait '^ 30 terms; largest a_24 = 18 '
	check "$at: the shift/add code of cfx shifts --emit c" \
		wait_for code_matches 2654435761
	check "$at: chi^2 as cfx score says" \
		tm_wait "χ² +$(req "$(cli_chi2 2654435761)") on 4095 dof"

	# typing a new constant updates CF, power sum, code and chi^2
	tm_type '/'
	check "$at: / opens an empty input line" tm_wait 'edit> +EDITING'
	tm_type '0x9e370001'; tm_keys Enter
	check "$at: typed constant taken" tm_wait 'const 0x9e370001 '
	check "$at: its CF (PARI/GP: $cf_seed)" cf_is "$cf_seed"
	check "$at: its power sum" tm_wait "sum  $(req "$sum_seed")\$"
	check "$at: its code" wait_for code_matches 0x9e370001
	check "$at: its chi^2 as cfx score says" \
		tm_wait "χ² +$(req "$(cli_chi2 0x9e370001)") on 4095 dof"

	# flip the NAF digit 2^8 from 0 to +
	tm_keys $(printf 'Right %.0s' $(seq 1 23))
	check "$at: digit 2^8 selected" tm_wait 'digit 2\^8 = 0'
	tm_type '+'
	check "$at: flipping it makes 0x9e370101" tm_wait '= 0x9e370101 = 2654404865'
	check "$at: the power sum gains 2^8" \
		tm_wait 'sum  2\^31 \+ 2\^29 - 2\^25 \+ 2\^22 - 2\^19 - 2\^16 \+ 2\^8 \+ 1'
	check "$at: the code changes with it" wait_for code_matches 0x9e370101
	check "$at: so does chi^2" \
		tm_wait "χ² +$(req "$(cli_chi2 0x9e370101)") on 4095 dof"
	check "$at: and the CF (PARI/GP)" cf_is "$(gp_cf '0x9e370101/2^32')"

	# the ':' line runs REPL commands on the dashboard's session
	tm_type ':set const 0x61C88647'; tm_keys Enter
	check "$at: :set const moves the dashboard" tm_wait '= 0x61c88647 = 1640531527'
	check "$at: its CF (PARI/GP: $cf_golden)" cf_is "$cf_golden"
	check "$at: golden prefix of 1 - x" tm_wait 'golden prefix 22 \(of 1 - x\)'
	# s: the code panel shows what cfx shifts --optimal --emit c prints
	tm_keys s
	check "$at: s shows the fewest-adder code" tm_wait 'Fewest adders'
	# (its brackets take "vs 1 multiply" in: one pair, never two)
	oc=$(opt_counts 0x61C88647)
	check "$at: with the counts of cfx shifts --optimal --json" \
		tm_wait "$(req "${oc%)}")(\)|; vs 1 mul)"
	check "$at:     in one pair of brackets" tm_gone '\) \(vs 1' 1
	[ "$h" -lt 40 ] ||
		check "$at: as cfx shifts --optimal --emit c prints it" \
			wait_for opt_code_matches 0x61C88647
	tm_keys s
	check "$at: s again: the NAF's code" wait_for code_matches 0x61C88647
	tm_type ':show'; tm_keys Enter
	check "$at: :show prints into the output pane" \
		tm_wait '^ const +0x61C88647'
	check "$at: with the dashboard's key count" tm_wait '^ count +auto'
	tm_keys Escape

	# a bad constant: caret under the token; the panels follow the input
	# while it is valid and keep the last good state when it is not
	tm_type 'e'; tm_keys C-u; tm_type '3 * 0x9e37zz'
	check "$at: parse error with a caret" \
		tm_wait '^ {16}\^~+ bad hex digit in number \(0x9e37zz\)'
	check "$at: the panels keep the last good value, 3 * 0x9e37" \
		tm_wait 'the panels keep 0x0001daa5 = 121509 '
	check "$at: and its CF (PARI/GP)" cf_is "$(gp_cf '121509/2^32')"
	tm_keys Enter
	check "$at: Enter refuses a bad constant" tm_wait 'fix the constant first'
	tm_keys Escape
	check "$at: Esc goes back to the constant" tm_wait 'const 0x61C88647 '

	tm_type '?'
	check "$at: ? shows the key table" tm_wait 'On the dashboard'
	check "$at: with q" tm_wait '^ +q, Ctrl-C +quit'
	tm_type 'x'
	check "$at: any key closes it" tm_gone 'On the dashboard'

	tm resize-window -t t -x 20 -y 5
	check "$at: 20x5 says the terminal is too small" tm_wait 'terminal too small'
	tm resize-window -t t -x 1 -y 1
	check "$at: 1x1 does not crash" tm_wait '^t'
	tm resize-window -t t -x "$w" -y "$h"
	check "$at: back to ${w}x$h: the panels return" cf_is "$cf_golden"

	tm_type 'q'
	check "$at: q exits with status 0" test "$(tm_exited)" = 0
	check "$at: no alternate screen left behind" \
		test "$(tm display -p -t t '#{alternate_on}')" = 0
}

scenario 80 24
scenario 120 40

# the larger screen has room for the convergents and the spectrum's history
dash_start 120 40
tm_wait 'golden prefix 20' >/dev/null
tm_type 'c'
check "c shows the convergents" tm_wait '0/1 1/1 1/2 2/3 3/5 5/8 8/13'
check "ending with p/2^n itself" tm_wait '2654435761/4294967296'
check "the spectrum has a row per K, 1..13" tm_wait '^.*│ +1 .* 1 *$'
tm_type ']]'
check "] adds points: K = 15" tm_wait 'Spectrum \{k p/2\^32\}, K = 15'
tm_type 'q'
tm_exited >/dev/null

tm_summary
