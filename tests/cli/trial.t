# Findings of a new-user trial: each message names what is wrong and the
# token, and says it in the words of the face the user typed.

# ---- a global option without its value: no "repl" (it was not typed) --
# the options that take a value before a command (main.c, setting.c's
# shared rows: --bits N, --table-bits B, --keys F, --count K) and -f FILE
$ cfx --bits < /dev/null
! cfx: option needs a value (--bits)
? 2
$ cfx --table-bits < /dev/null
! cfx: option needs a value (--table-bits)
? 2
$ cfx --keys < /dev/null
! cfx: option needs a value (--keys)
? 2
$ cfx --json --count < /dev/null
! cfx: option needs a value (--count)
? 2
$ cfx -f
! cfx: option needs a value (-f)
? 2
# named, the face is said
$ cfx repl -f
! cfx: repl: option needs a value (-f)
? 2
$ cfx repl --bits
! cfx: repl: option needs a value (--bits)
? 2

# ---- let without a name; set bits with a word that is no integer ------
$ printf 'let = 3\n' | cfx
! cfx: line 1: let: a name is missing before = (let a = 5) (=)
? 2
# not an integer: the option's words (--bits needs an integer)
$ printf 'set bits banana\n' | cfx
! cfx: line 1: set: set bits needs an integer (banana)
? 2
$ printf 'set table banana\n' | cfx
! cfx: line 1: set: set table needs an integer (banana)
? 2

# ---- set count: the most keys any command takes is 2^28 (keys.h) ------
$ printf 'set count 2^29\n' | cfx
! cfx: line 1: set: set count must be between 1 and 268435456, or auto (2^29)
? 2
$ printf 'set count 2^28\nshow\n' | cfx | grep count
> count   268435456
# spectrum takes at most 2^26 points: its error names the setting
$ printf 'set count 2^27\nspectrum 0x9e3779b9\n' | cfx
! cfx: line 2: spectrum: count above the limit of 2^26 points (count 134217728)
? 2

# ---- the dashboard's key family is made at start-up, as score makes it:
# a file that cannot be read is one line and 2, before any screen (and
# so before the terminal check: these run with no terminal)
$ cfx dash -k file:/nonexistent
! cfx: dash: cannot read key file: No such file or directory (/nonexistent)
? 2
$ : > empty && cfx dash -k file:empty
! cfx: dash: no keys in the key file (empty)
? 2
$ cfx dash -k file:/dev/zero
! cfx: dash: cannot read key file: not a regular file or pipe (/dev/zero)
? 2
# set keys likewise, at the prompt and the dashboard's : line
$ printf 'set keys file:/nonexistent\n' | cfx
! cfx: line 1: set: cannot read key file: No such file or directory (/nonexistent)
? 2
$ printf '7\n9\n' > k && printf 'set keys file:k\nshow\n' | cfx | grep '^keys'
> keys    file:k
