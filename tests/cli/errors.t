# Bad input, every kind: exit status 2, nothing on stdout, exactly one line
# on stderr of the form `cfx: COMMAND: what is wrong (the offending token)`
# (PRODUCT.md, "Conventions of the command line").  The token is what the
# user typed, so a message that only restates a value is not enough.
# golden.sh runs each case in an empty temporary directory.

# ---- bad literals ------------------------------------------------------
$ cfx naf 0x1g
! cfx: naf: bad hex digit in number (0x1g)
? 2
$ cfx score 0b102
! cfx: score: bad binary digit in number (0b102)
? 2
$ cfx shifts 12abc
! cfx: shifts: bad digit in number (12abc)
? 2
$ cfx sweep 1__2
! cfx: sweep: misplaced _ in number (1__2)
? 2
$ cfx spectrum 0x
! cfx: spectrum: number without digits (0x)
? 2
$ cfx naf 1.5
! cfx: naf: not an integer (1.5)
? 2
$ cfx naf 1.
! cfx: naf: a decimal point needs digits on both sides (0.5, not .5 or 5.) (.)
? 2
$ cfx cf 0x1.8
! cfx: cf: a fraction must be decimal (write it as P/Q) (0x1.8)
? 2
$ cfx naf 7/2
! cfx: naf: not an integer (7/2)
? 2
$ cfx naf '(1'
! cfx: naf: unclosed '(' (()
? 2
$ cfx naf 'foo(3)'
! cfx: naf: unknown function (foo)
? 2

# ---- division by zero ------------------------------------------------------
# the token is the divisor, what is 0 (it was the "/"); read off the input
$ cfx naf '1/(2-2)'
! cfx: naf: division by zero: the divisor is 0 (2-2)
? 2
$ cfx score '5/0'
! cfx: score: division by zero: the divisor is 0 (0)
? 2
$ cfx cf 1/0
! cfx: cf: division by zero: the divisor is 0 (0)
? 2
$ cfx naf '7 % (3-3)'
! cfx: naf: remainder by zero: the divisor is 0 (3-3)
? 2
$ cfx naf '1 + 0^-1'
! cfx: naf: division by zero: a negative power of 0 (0^-1)
? 2
$ cfx naf '1 + (1-1)^-(2)'
! cfx: naf: division by zero: a negative power of 0 ((1-1)^-(2))
? 2
$ cfx cf 'phi/(phi - phi)'
! cfx: cf: division by zero: the divisor is 0 (phi - phi)
? 2

# ---- the other evaluation errors name the operand at fault -----------------
# the argument of sqrt, not "sqrt"
$ cfx cf 'sqrt(2 - 7)'
! cfx: cf: square root of a negative number (2 - 7)
? 2
$ cfx cf '1 + sqrt(-pi)'
! cfx: cf: square root of a negative number (-pi)
? 2
# the power whose result is too large, whole (it was the "^")
$ cfx naf '3 * 2^(2^21)'
! cfx: naf: result too large (over 2^20 bits) (2^(2^21))
? 2
$ cfx naf '(2^(2^19) + 1) * (2^(2^19) + 1)'
! cfx: naf: result too large (over 2^20 bits) ((2^(2^19) + 1) * (2^(2^19) + 1))
? 2
# the exponent that is too large
$ cfx cf 'pi^(2^17)'
! cfx: cf: exponent too large (2^17)
? 2

# ---- word size -----------------------------------------------------------
$ cfx naf 5 --bits 0
! cfx: naf: --bits 0: naf takes 1..65536
? 2
$ cfx score 5 --bits=0
! cfx: score: --bits 0: score takes 1..64
? 2
$ cfx naf 5 --bits 70000
! cfx: naf: --bits 70000: naf takes 1..65536
? 2
$ cfx naf 5 --bits x
! cfx: naf: --bits needs an integer (x)
? 2
# the hashing commands stop at 64 bits: their --bits range says so, 0 or
# 65 alike (naf's above is 1..65536); the message must name the token
$ cfx score 5 --bits 65
! cfx: score: --bits 65: score takes 1..64
? 2
$ cfx spectrum 5 --bits 65
! cfx: spectrum: --bits 65: spectrum takes 1..64
? 2
$ cfx sweep 5 --bits 65
! cfx: sweep: --bits 65: sweep takes 1..64
? 2
$ cfx shifts --emit c --bits 65 5
! cfx: shifts: --bits 65: shifts --emit takes 1..64
? 2
# a multiplier wider than the word is an error, never reduced
$ cfx naf 0x100 --bits 8
! cfx: naf: multiplier does not fit in 8 bits (0x100)
? 2
$ cfx score '2^64'
! cfx: score: multiplier wider than 64 bits: score takes 1..64 (2^64)
? 2

# ---- table bits ------------------------------------------------------------
$ cfx score 5 --table-bits 0
! cfx: score: --table-bits must be between 1 and 28 (0)
? 2
$ cfx score 5 --table-bits 29
! cfx: score: --table-bits must be between 1 and 28 (29)
? 2
# the same words in the dashboard and the REPL, and the settings table's
# limits (the dashboard draws at most 2^24 buckets live: DASH_MAX_TABLE);
# the REPL's set also takes auto
$ cfx dash --table-bits 29
! cfx: dash: --table-bits must be between 1 and 24 (29)
? 2
$ cfx dash --table-bits 24 --count 0
! cfx: dash: --count must be between 1 and 268435456 (0)
? 2
# and at most 2^28 keys, as score takes (keys.h, KEYS_MAX)
$ cfx dash --count 2^29
! cfx: dash: --count must be between 1 and 268435456 (2^29)
? 2
$ cfx
< set table 29
! cfx: line 1: set: set table must be between 1 and 28, or auto (29)
? 2
# above the word size: must name the token
$ cfx score 5 --bits 8 --table-bits 9
! cfx: score: --table-bits 9 is above the word size 8 (9)
? 2
$ cfx spectrum 5 --bits 8 --table-bits 9
! cfx: spectrum: --table-bits 9 is above the word size 8 (9)
? 2
$ cfx sweep 5 --bits 8 --table-bits 9
! cfx: sweep: --table-bits 9 is above the word size 8 (9)
? 2

# ---- zero and negative multipliers -------------------------------------------
$ cfx naf 0
! cfx: naf: multiplier must not be zero (0)
? 2
$ cfx score '3-3'
! cfx: score: multiplier must not be zero (3-3)
? 2
$ cfx naf -3
! cfx: naf: multiplier must be positive (-3)
? 2
$ cfx sweep -3
! cfx: sweep: multiplier must be positive (-3)
? 2
$ cfx shifts -- -5
! cfx: shifts: multiplier must be positive (-5)
? 2

# ---- key files and families -------------------------------------------------
$ cfx score 5 --keys file:/nonexistent
! cfx: score: cannot read key file: No such file or directory (/nonexistent)
? 2
# line 7 of the file is garbage: the message names the file and line, the
# token is the line's text
$ printf '1\n2\n3\n4\n5\n6\nzz7\n8\n' >keys.txt; cfx score 5 --keys file:keys.txt
! cfx: score: keys.txt:7: not a decimal or 0x hex integer (zz7)
? 2
$ printf '1\n2\n3\n4\n5\n6\n0x1g # bad\n' >keys.txt; cfx score 5 --keys file:keys.txt
! cfx: score: keys.txt:7: not a decimal or 0x hex integer (0x1g)
? 2
$ cfx score 5 --keys file:.
! cfx: score: cannot read key file: a directory (.)
? 2
$ cfx score 5 --keys file:
! cfx: score: family needs a path (file:PATH) (file:)
? 2
$ cfx score 5 --keys bogus
! cfx: score: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (bogus)
? 2
$ cfx score 5 --keys stride:0
! cfx: score: stride must not be zero (stride:0)
? 2
$ cfx score 5 --keys random:1:2
! cfx: score: too many parameters (random:1:2)
? 2

# ---- counts that would exhaust memory ----------------------------------------
# each command's --count range is the one it takes, stated alike for 0 and
# for too many (score, sweep, bench: 2^28 keys; spectrum: 2^26 points),
# naming the token the user typed
$ cfx score 5 --count 2^40
! cfx: score: --count must be between 1 and 268435456 (2^40)
? 2
$ cfx sweep 5 --count 2^40
! cfx: sweep: --count must be between 1 and 268435456 (2^40)
? 2
$ cfx spectrum 5 --count 2^40
! cfx: spectrum: --count must be between 1 and 67108864 (2^40)
? 2
$ cfx score 5 --count 2^41
! cfx: score: --count must be between 1 and 268435456 (2^41)
? 2
$ cfx score 5 --count 0
! cfx: score: --count must be between 1 and 268435456 (0)
? 2
$ cfx sweep 5 --count 0
! cfx: sweep: --count must be between 1 and 268435456 (0)
? 2
$ cfx score 5 --count 268435457
! cfx: score: --count must be between 1 and 268435456 (268435457)
? 2
# more points than an even multiplier has: 12 = 4*3 gives 2^6 on 8 bits
$ cfx spectrum --bits 8 12 --count 65
! cfx: spectrum: only 2^6 distinct points exist for this multiplier; --count 64 or fewer runs (65)
? 2

# nextprime of a 70000-bit number can never be a multiplier (at most 65536
# bits) and would run for hours, deaf to Ctrl-C: it must be refused at once
# (the check is on status, silence on stdout and one line on stderr, not on
# the wording)
$ out=$(timeout 10 cfx naf 'nextprime(2^70000)' 2>err); echo "status $? stdout ${#out} stderr lines $(wc -l <err)"
> status 2 stdout 0 stderr lines 1

# ---- options and arguments -------------------------------------------------------
$ cfx naf 5 --bogus
! cfx: naf: unknown option (--bogus)
? 2
$ cfx naf 5 -z
! cfx: naf: unknown option (-z)
? 2
$ cfx naf 5 --emit c
! cfx: naf: unknown option (--emit)
? 2
$ cfx naf 5 --bits
! cfx: naf: option needs a value (--bits)
? 2
$ cfx score 5 --keys
! cfx: score: option needs a value (--keys)
? 2
# several words are one expression (cfx naf 2^31 + 1), so two numbers are a
# bad expression; more than 64 words are too many arguments
$ cfx naf 5 6
! cfx: naf: unexpected token (6)
? 2
$ cfx naf $(seq 65)
! cfx: naf: too many arguments (65)
? 2
$ cfx shifts 5 --emit rust
! cfx: shifts: --emit knows only c (rust)
? 2
$ cfx shifts 5 --emit
! cfx: shifts: option needs a value (--emit)
? 2
$ cfx naf
! cfx: naf: missing constant (cfx naf --help)
? 2

# ---- unknown commands ---------------------------------------------------------
$ cfx frobnicate 5
! cfx: frobnicate: unknown command
? 2
$ cfx sweeep 5
! cfx: sweeep: unknown command; did you mean sweep?
? 2

# ---- a token with a newline must not split the error line ---------------------
# (shown escaped as \n; what matters is one line)
$ cfx score 5 --keys "$(printf 'bo\ngus')"
! cfx: score: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (bo\ngus)
? 2
$ cfx naf 5 "$(printf '%s\n%s' --bo gus)"
! cfx: naf: unknown option (--bo\ngus)
? 2

# ---- even multipliers: accepted by score and sweep, but flagged -------------------
$ cfx score --bits 8 2 --count 64 | grep '^note'
> note       multiplier is even: not invertible mod 2^n, the low bit of every
$ cfx score --json --bits 8 2 --count 64 | grep even_multiplier
>   "even_multiplier": true,
$ cfx sweep --json --bits 8 0x9e | grep even_multiplier
>   "even_multiplier": true
$ cfx sweep --json --bits 8 0x9f | grep even_multiplier
>   "even_multiplier": false

# golden(N): the range N takes (EXPR_MAX_BITS = 2^20 = 1048576) and, in the
# same message, the narrower one of a multiplier (65536 bits; 64 for the
# hashing commands), which golden(100000) meets: 2^100000/phi has 100000 bits
$ cfx naf 'golden(2097152)'
! cfx: naf: golden(N) needs 0 <= N <= 1048576 (a multiplier: at most 65536 bits, 64 for the hashing commands) (2097152)
? 2
$ cfx naf 'golden(100000)'
! cfx: naf: multiplier wider than 65536 bits: naf takes 1..65536 (golden(100000))
? 2
