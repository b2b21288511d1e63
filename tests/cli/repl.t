# Script mode: commands on a non-terminal stdin or from -f FILE run with no
# prompt or banner; the first error stops the script with status 2.
# Quotients checked by hand with Euclid: 13/8 = [1; 1, 1, 1, 2],
# 21/13 = [1; 1, 1, 1, 1, 2], 7/3 = [2; 3]: no 1 after a0, so 7/3's golden
# prefix is 0 (1 - x, negative, is no mirror: that is for 0 < x < 1 only).
# The REPL is not a shell: a | in a line is an error, so output is piped
# through grep outside cfx.

$ cfx
< cf 13/8
< cf 7/3
> x          13/8
> cf         [1; 1, 1, 1, 2]
> terms      5 (complete)
> golden     prefix 3 (of frac(x) = x - 1); largest quotient 2 at a_4
> |x-1/phi|  1.01
> x          7/3
> cf         [2; 3]
> terms      2 (complete)
> golden     prefix 0 (of frac(x) = x - 2); largest quotient 3 at a_1
> |x-1/phi|  1.72

# the first error stops the script: line 3 never runs
$ cfx
< # a comment line, then a blank one
<
< cf 0x1g
< cf 7/3
! cfx: line 3: cf: bad hex digit in number (0x1g)
? 2

# --keep-going runs on, and still fails at the end
$ cfx --keep-going
< cf 0x1g
< cf 7/3 | grep -c quotients
< cf 7/3
> x          7/3
> cf         [2; 3]
> terms      2 (complete)
> golden     prefix 0 (of frac(x) = x - 2); largest quotient 3 at a_1
> |x-1/phi|  1.72
! cfx: line 1: cf: bad hex digit in number (0x1g)
! cfx: line 2: cf: cfx lines have no pipes or redirections (run cfx from a shell for those) (|)
? 2

# -f FILE names the file in errors
$ printf 'cf 21/13\ncf 1/0\n' > s.cfx && cfx -f s.cfx
> x          21/13
> cf         [1; 1 (x4), 2]
> terms      6 (complete)
> golden     prefix 4 (of frac(x) = x - 1); largest quotient 2 at a_5
> |x-1/phi|  0.997
! cfx: s.cfx:2: cf: division by zero: the divisor is 0 (0)
? 2

$ cfx -f /nonexistent/script
! cfx: repl: cannot read script: No such file or directory (/nonexistent/script)
? 2

# session state: a command without a constant uses the session's;
# 0x9e370001 = 2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1 (the seed)
# (a script's JSON is JSON Lines: one object a line)
$ cfx | grep -oE '"(power_sum|bits)":("[^"]*"|[0-9]+)'
< set const 0x9e370001
< naf --json
< set bits 64
< naf --json
> "bits":32
> "power_sum":"2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1"
> "bits":64
> "power_sum":"2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1"

# show prints the state; let names a value; ans is the last constant used
$ cfx
< let a = 2^31 + 1
< set table 8
< set keys stride:4096
< set count 2^12
< set format json
< naf a
< show
> {"value":"2147483649","hex":"0x80000001","bits":32,"odd":true,"prime":false,"binary_weight":2,"naf_weight":2,"wrapped":false,"terms":[{"exp":31,"sign":1},{"exp":0,"sign":1}],"power_sum":"2^31 + 1","add_sub_ops":1}
> const   (none)
> bits    auto
> table   8
> keys    stride:4096
> count   4096
> format  json
> vars    ans = 2147483649 (0x80000001)
>         a = 2147483649 (0x80000001)

# 2147483649 = 3 * 715827883, so not prime (gp: factor(2^31+1))
$ cfx | grep -o '"prime":[a-z]*'
< let b = 3 * 715827883
< naf --json b
> "prime":false

# help: the overview lists commands; ?CMD and help CMD give the full help;
# an unknown name gets a suggestion
$ cfx | head -1
< ?spectrum
< help cf
> usage: cfx spectrum [options] EXPR
$ cfx | grep -c usage:
< help spectrum
< ?cf
> 2
$ cfx
< help spectrumm
! cfx: line 1: help: no such command (spectrumm); did you mean spectrum?
? 2

$ cfx
< frob 5
! cfx: line 1: frob: unknown command
? 2

$ cfx
< sweeep 5
! cfx: line 1: sweeep: unknown command; did you mean sweep?
? 2

# session words check their values when set: a session's word goes to
# whichever command runs next, so set bits takes any word some command
# takes (1..65536, the man page's table) and refuses the rest at once; the
# commands that do not take the word are named at once, and refuse it when
# they run (the man page's table: verify takes 8..64; at 200 only cf, naf
# and shifts take it)
$ cfx
< set bits 0
! cfx: line 1: set: set bits 0: every command takes 8..64, or auto
? 2
$ cfx
< set bits 65537
! cfx: line 1: set: set bits 65537: every command takes 8..64, or auto
? 2
$ cfx
< set bits 200
! cfx: line 1: set: set bits 200: every command takes 8..64, or auto; cf, naf and shifts take it by their own --bits
? 2
$ cfx
< set bits 7
< verify 0x9e3779b9
! cfx: line 1: set: set bits 7: every command takes 8..64, or auto; all but verify take it by their own --bits
? 2
# a word only some commands take: the command's own --bits
$ cfx
< naf --bits 7 5
> value      0x05 = 5 (7-bit, odd, prime)
> binary         101
> NAF        0000+0+
> weight     binary 2, NAF 2 (1 addition or subtraction)
> power sum  2^2 + 1
# set alone lists the settings and their values, as show does
$ cfx
< set bits 64
< set
> set NAME VALUE (or auto) changes one; now:
> const   (none)
> bits    64
> table   auto (n/2, at most 12)
> keys    seq (default)
> count   auto (4 keys per bucket, at most half the family's keys)
> format  text
$ cfx
< set bits abc
! cfx: line 1: set: set bits needs an integer (abc)
? 2
$ cfx cf --bits abc 5
! cfx: cf: --bits needs an integer (abc)
? 2
$ cfx
< set table 29
! cfx: line 1: set: set table must be between 1 and 28, or auto (29)
? 2
$ cfx score --table-bits 29 5
! cfx: score: --table-bits must be between 1 and 28 (29)
? 2
$ cfx
< set count x
! cfx: line 1: set: set count needs an integer (x)
? 2
$ cfx score --count x 5
! cfx: score: --count needs an integer (x)
? 2
# a word one command takes is its own --bits, in a session too
$ cfx | head -2
< cf 3 --bits 200
> x          0x00000000000000000000000000000000000000000000000003 / 2^200 =
>            3/1606938044258990275541962092341162602522202993782792835301376
$ cfx
< set bits 2^6
< show
> const   (none)
> bits    64
> table   auto (n/2, at most 12)
> keys    seq (default)
> count   auto (4 keys per bucket, at most half the family's keys)
> format  text
$ cfx
< set keys bogus:1
! cfx: line 1: set: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (bogus:1)
? 2
$ cfx
< set format xml
! cfx: line 1: set: format is text or json (xml)
? 2
$ cfx
< let pi = 3
! cfx: line 1: let: that name is taken by cfx (pi)
? 2
$ cfx
< cf 'unclosed
! cfx: line 1: cfx: unclosed quote (')
? 2

# quit ends the script early with status 0
$ cfx
< quit
< cf 0x1g

# exit is quit: one session word of the command table, both end a script
$ cfx
< exit
< cf 0x1g

# the session words are rows of the command table: help lists them from
# it, help WORD gives one, and a misspelt one gets a suggestion
$ cfx | grep -A7 '^ session$'
< help
>  session
>   help [CMD]       this overview, or one command's help (?CMD too)
>   set NAME VALUE   change a setting of the session (show lists them)
>   show             the session's settings and named values
>   let NAME = EXPR  a named value; ans is the last constant used
>   quit             leave the session (Ctrl-D too), or the lesson
>   exit             the same as quit
$ cfx | head -1
< help exit
> usage: exit
$ cfx
< shwo
! cfx: line 1: shwo: unknown command; did you mean show?
? 2

# on the shell's command line a session word is no command
$ cfx set bits 4
! cfx: set: a word of a session: cfx repl, a script (cfx < FILE), the dashboard's : line
? 2
