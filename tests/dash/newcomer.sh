#!/bin/bash
# What a newcomer meets first on the dashboard (issue 10): stride keys that
# fail on the seed constant in one keystroke, keys that never wrap the word
# unless asked (and a panel that says when they do), : commands that move
# the panels, a second help page on the panels, a clean terminal after a
# resize, and titles, summaries and lengths that are never cut or zero.
# Expected figures come from cfx score (the CLI), python3 and arithmetic.
. "$(dirname "$0")/lib.bash"

# cfx score's field F for the given arguments, %.4g
cli() {
	local f=$1; shift
	./cfx score "$@" --json |
	awk -F': *' -v f="\"$f\"" '$1 ~ f { sub(/,$/, "", $2); gsub(/"/, "", $2)
	                                     printf "%.4g\n", $2 }'
}

# ---- stride keys on the seed constant: one keystroke to a bad verdict ----
dash_start 100 32 dash 0x9e370001
tm_wait 'const 0x9e370001' >/dev/null
tm_type 'k'
# 2^14 keys k * 4096 (4 a bucket) into 2^12 buckets; 2^14 * 2^12 = 2^26
# stays below 2^32: no wrap
check "k: stride keys, 4 a bucket, b = 12" \
	tm_wait 'Buckets: 2\^14 stride:4096 keys into 2\^12 \(b = 12\)'
want=$(cli probe_ratio 0x9e370001 --keys stride:4096 -t 12 -c 2^14)
check "and a bad verdict, R as cfx score says ($want)" \
	tm_wait "R $(req "$want") +max 16 +empty 3072 +bad"
check "no 'covers the word' note: the keys do not wrap" \
	tm_gone 'keys = all|keys cover'
# w from 64 skips 16, which cannot hold the constant: it says so (it was
# silent); python counts its bits
need=$(python3 -c 'print((0x9e370001).bit_length())')
tm_type 'w'
tm_wait 'n = 64' >/dev/null
tm_type 'w'
check "w past 16 says why ($need bits)" \
	tm_wait "n = 32 \(not 16: 0x9e370001 needs $need bits\)"
tm_type 'q'; tm_exited >/dev/null

# ---- a key at a limit says the option's message (cfx score's words) ----
# cli_msg ARGS: cfx score's one-line refusal, without "cfx: score: " and
# its token, as a regular expression
cli_msg() {
	./cfx score "$@" 2>&1 >/dev/null | sed 's/^cfx: score: //; s/ ([^()]*)$//' |
	sed 's/[][\.^$*+?(){}|]/\\&/g'
}
dash_start 120 40 dash 0x9e37 --bits 16 --table-bits 16 --count 2^28
tm_wait 'const 0x9e37' >/dev/null
tm_type '>'
check "> above the word: score's message, then b stays" \
	tm_wait "$(cli_msg --bits 16 --table-bits 17 0x9e37); b stays 16"
tm_type ')'
check ") above 2^28 keys: score's message, then the count stays" \
	tm_wait "$(cli_msg --count 2^29 0x9e37); the key count stays 268435456"
# ( at one key: the option parser's words for --count 0 (they said "at
# least 1" where cfx score says "between 1 and ...")
for i in $(seq 28); do tm_type '('; done
tm_wait '1 keys' >/dev/null
tm_type '('
check "( at one key: score's message, then the count stays" \
	tm_wait "$(cli_msg --count 0 0x9e37); the key count stays 1"
for i in $(seq 15); do tm_type '<'; done
tm_wait 'b = 1: 2\^1 buckets' >/dev/null
tm_type '<'
check "< below 1: score's message, then b stays" \
	tm_wait "$(cli_msg --table-bits 0 0x9e37); b stays 1"
# spectrum points: [ at K = 1 and } past the panel's 65536 say so (they
# stayed in silence); 13 * 2^13 = 106496 is past it
tm_type '{{{'
tm_wait 'K = 1 ' >/dev/null
tm_type '['
check "[ at K = 1: --count's limit, K stays" \
	tm_wait '--count must be between 1 and 65536; K stays 1'
tm_type ']]]]]]]]]]]]'
tm_wait 'K = 13$|K = 13 ' >/dev/null
for i in $(seq 14); do tm_type '}'; done
check "} past 65536 points: the panel's limit, K stays" \
	tm_wait 'at most 65536 points are drawn; K stays 65536'
# :set table above the word: refused with the REPL's reason, which names
# both ways out, and the table stays (the REPL checks set table against
# set bits since issue 26)
tm_type ':set table 20'; tm_keys Enter
check ":set table 20 on 16 bits: refused, naming set table 16 and set bits 20" \
	tm_wait 'set table 20 is above the word size 16.*set table 16 or less, or set bits 20 or more'
check "    and the status says it failed" \
	tm_wait ':set table 20 failed'
check "    and the bucket panel keeps its table (b = 1, set by < above)" \
	tm_wait 'into 2\^1 \(b = 1\)'
tm_type 'q'; tm_exited >/dev/null

# a digit or a prime key that makes a constant the options refuse: their
# message (cfx naf's), and the constant that stays; 0xfffffffb is the
# largest 32-bit prime (gp: precprime(2^32) = 4294967291)
naf_msg() {
	./cfx naf "$@" 2>&1 >/dev/null | sed 's/^cfx: naf: //; s/ (.*)$//' |
	sed 's/[][\.^$*+?(){}|]/\\&/g'
}
dash_start 120 40 dash 0x80000000
tm_wait 'digit 2\^31 = \+' >/dev/null
tm_type '0'
check "0 on the only digit: naf's message, the constant stays" \
	tm_wait "$(naf_msg 0); the constant stays 0x80000000"
tm_type ':set const 0xfffffffb'; tm_keys Enter
tm_wait 'const 0xfffffffb' >/dev/null
tm_type 'n'
check "n past the last 32-bit prime: naf's message, the constant stays" \
	tm_wait "$(naf_msg --bits 32 'nextprime(0xfffffffb)'); the constant stays 0xfffffffb"
tm_type 'q'; tm_exited >/dev/null
dash_start 120 40 dash 2 --bits 8
tm_wait 'const 2' >/dev/null
tm_type 'p'
check "p below 2: naf's message, the constant stays" \
	tm_wait "$(naf_msg --bits 8 'prevprime(2)'); the constant stays 0x02"
tm_type 'q'; tm_exited >/dev/null

# ---- asked for all 2^20 multiples of 4096, the panel says why it is even ----
dash_start 100 32 dash 0x9e370001 --keys stride:4096 --count 2^20
check "2^20 stride:4096 keys cover the 32-bit word: the panel says so" \
	tm_wait 'keys = all 2\^20 multiples of 2\^12: even for any odd p'
tm_type 'q'; tm_exited >/dev/null
dash_start 100 32 dash 0x9e370001 --keys stride:4096 --count 2^20 --ascii
tm_wait 'const 0x9e370001' >/dev/null
tm_type '('
check "half of them do not" tm_gone 'keys = all'
tm_type 'q'; tm_exited >/dev/null

# ---- a : command's constant and settings move the panels ----
# (a fixture lesson whose first step refuses no command: lesson 8's first
# step now refuses score and cf, its prediction's reveal)
CFX_LESSONS=$root/tests/lessons/fixtures dash_start 120 40 dash --learn 1
tm_wait 'Lesson 1' >/dev/null
tm_type ':score 0x61c88647 --keys stride:4096 --table-bits 10 --count 1024'
tm_keys Enter
check "a lesson's command moves the constant" tm_wait 'const 0x61c88647 '
check "and the key family, table and count" \
	tm_wait 'Buckets: 2\^10 stride:4096 keys.* b = 10'
want=$(cli chi2 0x61c88647 --keys stride:4096 -t 10 -c 1024)
check "the panel scores what the command did (chi^2 $want)" \
	tm_wait "χ² +$(req "$want") on 1023 dof"
# (21/13: the fixture's first step is solved by cf 13/8)
tm_type ':cf 21/13'; tm_keys Enter
check "a command on a fraction leaves the constant" \
	tm_wait ':cf 21/13 done'
check "    (still 0x61c88647)" tm_wait 'const 0x61c88647 '
tm_type ':q'; tm_keys Enter; tm_type 'q'; tm_exited >/dev/null

# ---- a : command and the panels share the dashboard's defaults ----
dash_start 120 40 dash 0x9e370001
tm_wait 'const 0x9e370001' >/dev/null
# a : command with no table hashes into the panels' table: the same R
tm_type ':score 0x9e370001 --keys stride:4096'; tm_keys Enter
want=$(cli probe_ratio 0x9e370001 --keys stride:4096 -t 12 -c 2^14)
check ":score without --table-bits scores the panels' 2^12 buckets (R $want)" \
	tm_wait "^ R +$(req "$want") \(lookup cost relative"
check "    and the panel agrees: its family and table" \
	tm_wait 'Buckets: 2\^14 stride:4096 keys into 2\^12 '
# (in full, or in the panel's two-row form when the pane leaves it fewer
# rows than the figures in full take)
check "    and its loads" tm_wait 'load +max 16, empty 3072, E = 4|max 16 +empty 3072 '

tm_type ':show'; tm_keys Enter
check ":show names the dashboard's table default" \
	tm_wait '^ table +auto \(n/2, at most 12\)'
tm_type 'q'; tm_exited >/dev/null

# ---- a command's own --bits is for that command, as on the command line:
# the next command's constant is read on its own word (lesson 1 in the pane:
# cf 5 --bits 3, then cf 0x9e370001); set bits stays for every command ----
dash_start 120 40 dash 0x9e370001
tm_wait 'const 0x9e370001' >/dev/null
tm_type ':cf 5 --bits 3'; tm_keys Enter
check ":cf 5 --bits 3 moves the panels to 3 bits" tm_wait ':cf 5 --bits 3 done'
tm_type ':cf 0x9e370001'; tm_keys Enter
check "    and :cf 0x9e370001 after it is read on 32 bits" \
	tm_wait ':cf 0x9e370001 done'
check "    (no 'does not fit')" tm_gone 'does not fit'
check "    the panels show it" tm_wait 'const 0x9e370001 '
tm_type ':set bits 64'; tm_keys Enter
tm_type ':cf 5'; tm_keys Enter
check ":set bits 64 then :cf 5: read on 64 bits" tm_wait ':cf 5 done'
check "    x = 5 / 2^64" tm_wait '0x0000000000000005 / 2\^64'
# set const after a command's own --bits is read on set bits' word, as
# in the REPL (which says 64 below); before set bits, on its own (auto)
repl_bits=$(printf 'set bits 64\ncf 5 --bits 3\nset const 0x9e370001\nshow\n' |
	./cfx repl | sed -n 's/^bits  *//p')
tm_type ':cf 5 --bits 3'; tm_keys Enter
tm_wait '= 0x5 = 5 +n = 3 ' >/dev/null
tm_type ':set const 0x9e370001'; tm_keys Enter
check ":set const after :cf 5 --bits 3 is read on set bits ($repl_bits)" \
	tm_wait "= 0x000000009e370001 = 2654404609 +n = $repl_bits "
tm_type 'q'; tm_exited >/dev/null
dash_start 120 40 dash 5
tm_wait 'const 5' >/dev/null
tm_type ':cf 5 --bits 3'; tm_keys Enter
tm_wait '= 0x5 = 5 +n = 3 ' >/dev/null
tm_type ':set const 0x9e370001'; tm_keys Enter
check "    and with no set bits, on its own word" \
	tm_wait '= 0x9e370001 = 2654404609 +n = 32 \(auto\)'
tm_type 'q'; tm_exited >/dev/null

# ---- ? twice: what each panel shows ----
# the help's text column, its lines joined (a phrase may wrap)
help_says() {
	tm_screen | cut -c27- | tr '\n' ' ' | tr -s ' ' | grep -Eq -- "$1"
}
dash_start 100 60 dash --ascii
tm_wait 'golden prefix' >/dev/null
tm_type '?'
check "? : the keys, and how to reach the panels page" \
	tm_wait '^- Keys -+ Up Down scroll, \? panels, other keys close -$'
tm_type '?'
check "? again: what the panels show" tm_wait 'What the panels show'
for what in 'golden prefix: how many 1s follow a0' \
            '\|x - 1/phi\|: how far x is from 1/phi' 'largest a_k: the biggest' \
            'R: the cost of looking every key up' 'Verdict: bad when R >= 2' \
            '\| is a point \(# several in one cell\)' \
            '\. short, - medium, = long' 'max/min is the longest gap' \
            'the smallest load at the left, the largest at the right, \^E the expected load' \
            '\. good, w weak, X bad, \? none \(fewer than 16 distinct keys\)'; do
	check "    it explains: $what" help_says "$what"
done
tm_type '?'
check "? once more: back to the keys" tm_wait '^- Keys -'
tm_type 'x'
check "another key closes it" tm_gone '^- Keys -'
tm_type 'q'; tm_exited >/dev/null

# ---- enlarged, then quit: the normal screen is as it was ----
tm kill-server 2>/dev/null; sleep 0.2
tm -f /dev/null new-session -d -s t -x 80 -y 24 "env PS1='$ ' bash --norc"
tm_keys "clear; echo before-cfx; env LC_ALL=C.UTF-8 TERM=xterm-256color ./cfx" Enter
tm_wait 'golden prefix 20' >/dev/null
tm resize-window -t t -x 200 -y 60
tm_wait 'Spectrum' >/dev/null
tm_settle
tm_type 'q'
check "after q the shell's screen is back" tm_wait '^before-cfx$'
check "with nothing of the dashboard on it" \
	tm_gone 'Buckets|Spectrum|hash|golden|│|─'
tm kill-server 2>/dev/null

# ---- small cuts ----
dash_start 120 40
tm_wait 'golden prefix 20' >/dev/null
check "120x40: the code panel opens at the function's signature" \
	tm_wait '│ uint32_t cfx_mul_shift_add\(uint32_t x\) '
tm_type '['
check "120x40, K = 12 (3 lengths): the summary whole" \
	tm_wait '│ 3 lengths; max/min 2\.618 *$'
check "    and the identity on a row of its own" \
	tm_wait '│ long = short \+ medium *$'
tm_type 'q'; tm_exited >/dev/null

dash_start 80 24 dash --keys stride:4096 --count 2^19
check "80x24: a long buckets title is shortened, not cut" \
	tm_wait '─ Buckets: 2\^19 stride:4096 keys, b = 12 ─'
check "80x24: the spectrum's first row says rows above are hidden" \
	tm_wait '^ ▲ +11 '
tm_type 'q'; tm_exited >/dev/null

# 64 bits: x = 2654435761/2^64, so 12 of 13 gaps have that length
short=$(python3 -c 'print("%.4g" % (2654435761 / 2**64))')
dash_start 120 40 dash 2654435761 --bits 64
check "64 bits: the short length shows its value ($short), not 0.000000" \
	tm_wait "^.* short +$(req "$short") +×12"
check "    and nowhere 0.000000" tm_gone ' 0\.000000 '
tm_type 'q'; tm_exited >/dev/null

# ---- a key file that cannot be read: one line and 2 before the screen ----
# (it opened the dashboard with a cut panel and exited 0); the message is
# cfx score's for the same family, as the dashboard's own -k foo is
for fam in file:/nonexistent inodes:/nonexistent; do
	want=$(./cfx score -k "$fam" 5 2>&1 | sed 's/^cfx: score: //')
	dash_start 100 20 dash -k "$fam"
	st=$(tm_exited)
	check "dash -k $fam: exit 2 ($st)" test "$st" = 2
	check "    and one line, score's words: $want" \
		tm_wait "^cfx: dash: $(printf '%s' "$want" | sed 's/[][\.^$*+?(){}|/]/\\&/g')\$"
	check "    and no dashboard drawn" tm_gone 'e edits the constant'
done

# inside, :set keys with such a file is refused as set is at the prompt,
# whole and naming the file (the panel took it and showed a cut message),
# and the panel keeps its keys
want=$(./cfx score -k file:/nonexistent 5 2>&1 | sed 's/^cfx: score: //')
dash_start 100 30 dash
tm_wait 'Buckets: 2\^14 seq keys' >/dev/null
tm_type ':set keys file:/nonexistent'; tm_keys Enter
check ":set keys file:/nonexistent: set's whole message" \
	tm_wait "^ set: $(printf '%s' "$want" | sed 's/[][\.^$*+?(){}|/]/\\&/g')\$"
check "    said failed on the status line" \
	tm_wait ':set keys file:/nonexistent failed'
check "    and the panel keeps seq keys" tm_wait 'Buckets: 2\^14 seq keys'
check "    and no cut key-file text in it" tm_gone 'keys: cannot read'
tm_type ':q'; tm_keys Enter; tm_type 'q'; tm_exited >/dev/null

tm_summary
