# A session's settings are checked when set (issue 26): set bits takes
# the words every command takes, 8..64 (the man page's table: verify
# 8..64, score, sweep, spectrum and bench 1..64, the rest wider), and any
# other is refused on its own line naming the value and the range, the
# old word kept.  Before, set bits 200 and set bits 7 were taken with a
# warning and score p failed later, its caret under p.
$ cfx --keep-going
< set bits 16
< set bits 200
< set bits 7
< set bits 0
< set bits 65
! cfx: line 2: set: set bits 200: every command takes 8..64, or auto; cf, naf and shifts take it by their own --bits
! cfx: line 3: set: set bits 7: every command takes 8..64, or auto; all but verify take it by their own --bits
! cfx: line 4: set: set bits 0: every command takes 8..64, or auto
! cfx: line 5: set: set bits 65: every command takes 8..64, or auto; cf, naf, shifts and search take it by their own --bits
? 2
$ cfx --keep-going 2>/dev/null | grep -E '^(bits|x) '
< set bits 16
< set bits 200
< show
< cf 5
> bits    16
> x          0x0005 / 2^16 = 5/65536
? 0
# the ends are taken; a command's own --bits still takes its wider words
$ cfx | grep -E '^x '
< set bits 8
< cf 5
< set bits 64
< cf 5
< cf --bits 200 5
> x          0x05 / 2^8 = 5/256
> x          0x0000000000000005 / 2^64 = 5/18446744073709551616
> x          0x00000000000000000000000000000000000000000000000005 / 2^200 =
# the other settings: each bad value refused, naming it
$ cfx --keep-going
< set table 29
< set table 0
< set count 0
< set keys stride:0
< set keys nosuch
< set format xml
< set const 0x1g
< set nosuch 1
! cfx: line 1: set: set table must be between 1 and 28, or auto (29)
! cfx: line 2: set: set table must be between 1 and 28, or auto (0)
! cfx: line 3: set: set count must be between 1 and 268435456, or auto (0)
! cfx: line 4: set: stride must not be zero (stride:0)
! cfx: line 5: set: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (nosuch)
! cfx: line 6: set: format is text or json (xml)
! cfx: line 7: set: bad hex digit in number (0x1g)
! cfx: line 8: set: unknown setting (const, bits, table, keys, count, format) (nosuch)
? 2
