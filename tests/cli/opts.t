# The one option parser (src/cli/opts.c): every face (the commands, the
# dashboard, cfx learn, cfx repl) reads its options by the same rules,
# and a message names the word at fault.

# ---- a bundle of short options: the letter at fault, in its word -------
# (it named the command, or the word before: "unknown option (cf)")
$ cfx cf -zq 5
! cfx: cf: unknown option -z (-zq)
? 2
$ cfx dash 5 -zq
! cfx: dash: unknown option -z (-zq)
? 2
# a known flag first: the unknown letter is the one named
$ cfx cf -jq 5
! cfx: cf: unknown option -q (-jq)
? 2
$ cfx cf -x 5
! cfx: cf: unknown option (-x)
? 2
# a key with a value ends the bundle: glued, or the next word
$ cfx cf -jb16 5 | grep '"bits"'
>   "bits": 16,
$ cfx cf -jb 16 5 | grep '"bits"'
>   "bits": 16,
$ cfx cf 5 -jb
! cfx: cf: option -b needs a value (-jb)
? 2
$ cfx naf --json=1 5
! cfx: naf: --json takes no value (--json=1)
? 2
# a prefix of two options is neither
$ cfx search --t 3
! cfx: search: ambiguous option (--t)
? 2

# ---- negative numbers: one rule for every face -------------------------
# -pi is the number -pi on the command line and in the dashboard alike
# (the dashboard refused it as an option): the same as 0 - pi
$ cfx cf -pi | sed 1d > a && cfx cf '0 - pi' | sed 1d > b && cmp a b && echo same
> same
$ cfx dash -pi
! cfx: dash: not an integer (irrational) (-pi)
? 2
$ cfx naf -pi
! cfx: naf: not an integer (irrational) (-pi)
? 2
$ cfx dash -7 --bits 8
! cfx: dash: multiplier must be positive (-7)
? 2
$ cfx naf -7 --bits 8
! cfx: naf: multiplier must be positive (-7)
? 2
# one letter stays the option (write (-e) for the number)
$ cfx cf -e
! cfx: cf: unknown option (-e)
? 2
$ cfx cf -- -e | head -1
> x          -e

# ---- --count's range: the command's own cap, said the same way ---------
# score and sweep hash at most 2^28 keys; spectrum draws 2^26 points
$ cfx score -c 0 5
! cfx: score: --count must be between 1 and 268435456 (0)
? 2
$ cfx sweep -c 0 5
! cfx: sweep: --count must be between 1 and 268435456 (0)
? 2
$ cfx spectrum -c 0 5
! cfx: spectrum: --count must be between 1 and 67108864 (0)
? 2
$ cfx dash -c 0 5
! cfx: dash: --count must be between 1 and 268435456 (0)
? 2

# ---- the face is named only when it was typed --------------------------
# cfx --bits on a terminal starts the dashboard; the user typed no "dash"
$ script -qec 'cfx --bits' /dev/null > o; s=$?; tr -d '\r' < o; exit $s
> cfx: option needs a value (--bits)
? 2
$ script -qec 'cfx --count 0' /dev/null > o; s=$?; tr -d '\r' < o; exit $s
> cfx: --count must be between 1 and 268435456 (0)
? 2
$ script -qec 'cfx dash --bits' /dev/null > o; s=$?; tr -d '\r' < o; exit $s
> cfx: dash: option needs a value (--bits)
? 2

# ---- cfx learn: -f FILE is an option, anywhere -------------------------
$ cfx learn -f
! cfx: learn: option needs a value (-f)
? 2
$ cfx learn -f answers.cfx
! cfx: learn: a lesson first: cfx learn N|NAME [-f FILE] (-f)
? 2
$ F=$(dirname "$(command -v cfx)")/tests/lessons/fixtures; printf 'cf 5\n' > s.cfx; CFX_LESSONS=$F cfx learn -f s.cfx 1 > a; CFX_LESSONS=$F cfx learn 1 -f s.cfx > b; cmp a b && grep -c 'mini lesson' a
> 1
$ cfx learn --selftest 3
! cfx: learn: --selftest takes nothing after it (3)
? 2
# -k is --keys in every face, a script's too (it was the REPL's
# --keep-going: cfx -k stride:4 -f FILE was "unknown argument (stride:4)")
$ printf 'score 0x9e370001\n' > s.cfx && cfx -k stride:4 -f s.cfx > a && cfx score --keys stride:4 0x9e370001 > b && cmp a b && sed -n 2p a
> keys       stride:4: 16384 distinct (16384 made)
$ printf 'score 0x9e370001\n' > s.cfx && cfx repl -f s.cfx -kstride:4 > a && cfx score -k stride:4 0x9e370001 > b && cmp a b && echo same
> same
$ echo 'score 0x9e370001' | cfx -jk stride:4 | grep -c '"stride:4"'
> 1
$ printf 'cf 0x1g\ncf 5\n' > s.cfx && cfx -k seq --keep-going -f s.cfx | head -1
> x          0x00000005 / 2^32 = 5/4294967296
! cfx: s.cfx:1: cf: bad hex digit in number (0x1g)
$ cfx repl -kf
! cfx: repl: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (f)
? 2
$ cfx repl -k -f s.cfx
! cfx: repl: -k is --keys, which needs a key family (--keep-going has no letter) (-f)
? 2

# ---- shared options before the command: the letters as the long forms --
# (main read only --NAME there: cfx -b 64 cf 5 was "unknown option (-b)")
$ cfx -b 64 cf 5 > a && cfx cf --bits 64 5 > b && cmp a b && head -1 a
> x          0x0000000000000005 / 2^64 = 5/18446744073709551616
$ cfx -j cf 5 | grep '"bits"'
>   "bits": 32,
$ cfx -jb16 cf 5 | grep '"bits"'
>   "bits": 16,
$ cfx -t 10 score 5 > a && cfx score --table-bits 10 5 > b && cmp a b && head -1 a
> hash       h(x) = (x * 0x00000005 mod 2^32) >> 22: 2^10 buckets
$ cfx -k stride:4096 score 0x9e370001 > a && cfx score --keys stride:4096 0x9e370001 > b && cmp a b && sed -n 2p a
> keys       stride:4096: 16384 distinct (16384 made)
$ cfx -c 100 --ascii score 5 > a && cfx score --count 100 5 > b && cmp a b && echo same
> same
$ cfx -z cf 5
! cfx: unknown option (-z); cfx --help lists the commands and their options
? 2
# --ascii is the dashboard's: before another command it goes; it has no
# letter, since -a is --against (verify, bench): a letter means one option
# in every face
$ cfx -ja cf 5
! cfx: unknown option (-ja); cfx --help lists the commands and their options
? 2
$ cfx -j --ascii -b16 cf 5 | grep '"bits"'
>   "bits": 16,
$ cfx dash -a
! cfx: dash: unknown option (-a); did you mean --ascii?
? 2
$ cfx verify 0x9e370001 --emit patch -f
! cfx: verify: unknown option (-f); did you mean --force?
? 2
$ cfx dash -l 3
! cfx: dash: unknown option (-l); did you mean --learn?
? 2
$ cfx verify -a 2^40 0x61C88647
! cfx: verify: --against is a 64-bit multiplier and the candidate 32-bit; give --bits N to judge both at N (2^40)
? 2
# "--" ends cfx's options, as everywhere (it was "unknown option (--)")
$ cfx -- cf 5 > a && cfx cf 5 > b && cmp a b && echo same
> same
$ cfx --bits 16 -- cf 5 | head -1
> x          0x0005 / 2^16 = 5/65536
# after "--" a word is an operand (POSIX): in the command's place it
# names a command, never an option; one line naming it, status 2 (-5 was
# sent to "cfx dash -5", which refuses it; --version got the same advice,
# and cfx dash '--version' said "unknown name (version)")
$ cfx -- -5
! cfx: -5: unknown command (after -- no word is an option)
? 2
$ cfx -- --version
! cfx: --version: unknown command (after -- no word is an option; did you mean cfx --version?)
? 2
$ cfx -- --help
! cfx: --help: unknown command (after -- no word is an option; did you mean cfx --help?)
? 2
$ cfx --version -- | wc -l
> 1
$ cfx -- '-(-5)'
! cfx: -(-5): unknown command; cfx dash -- '-(-5)' opens the dashboard on it (cfx --help lists the commands)
? 2
$ cfx --asc cf 5 | head -1
> x          0x00000005 / 2^32 = 5/4294967296
# a script after shared options, long or short (-f was "unknown option")
$ echo 'cf 5' > s && cfx --bits 16 -f s | head -1
> x          0x0005 / 2^16 = 5/65536
$ echo 'cf 5' > s && cfx -b 16 -f s | head -1
> x          0x0005 / 2^16 = 5/65536

# ---- a number or an expression in the command's place: the dashboard --
# (it said only "unknown command")
$ cfx 0x9e370001
! cfx: 0x9e370001: unknown command; cfx dash 0x9e370001 opens the dashboard on it (cfx --help lists the commands)
? 2
$ cfx 'golden(64)'
! cfx: golden(64): unknown command; cfx dash 'golden(64)' opens the dashboard on it (cfx --help lists the commands)
? 2
# letters alone stay a misspelt command
$ cfx pi
! cfx: pi: unknown command
? 2
# an expression the dashboard would refuse is not sent there: a name it
# does not know (Verify), a constant wider than its 64 bits
$ cfx Verify 5
! cfx: Verify: unknown command; did you mean verify?
? 2
$ cfx 2^64
! cfx: 2^64: unknown command
? 2
$ cfx 2^64-1
! cfx: 2^64-1: unknown command; cfx dash 2^64-1 opens the dashboard on it (cfx --help lists the commands)
? 2
# the faces that are no command are near too (lern said only "unknown
# command")
$ cfx lern
! cfx: lern: unknown command; did you mean learn?
? 2
$ cfx dahs 5
! cfx: dahs: unknown command; did you mean dash?
? 2
