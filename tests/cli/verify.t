# cfx verify's report wording (new-user trial): the header of --against,
# the size row's name for the negation, and no developer-only notes.

# --against: one line per constant, the second "against: OLD ...", not
# "against cfx: OLD ..."
$ cfx verify --against 0x9e3779b9 0x9e370001 | sed -n 2p | cut -d' ' -f1-3
> against: 0x9e3779b9 (32-bit):

# the size row names the smaller of p and 2^n - p: for 0x9e370001 it is
# 2^32 - p = 1640562687 = 0.764 x 2^31 (Python: (2**32 - 0x9e370001)/2**31
# = 0.76395); for 0x61C88647 p itself (0x61C88647/2**31 = 0.764)
$ cfx verify 0x9e370001 | grep '^size'
> size                 PASS  2^32 - p = 0.764 x 2^31
$ cfx verify 0x61C88647 | grep '^size'
> size                 PASS  p = 0.764 x 2^31

# a word other than 32 and 64 bits: the note says what the ranking uses,
# not a make target
$ cfx verify --bits 8 0x9f | grep -c 'make calibrate' || true
> 0
$ cfx verify --bits 8 0x9f | tr '\n' ' ' | grep -o 'the reference built into cfx has 32 and 64 bits'
> the reference built into cfx has 32 and 64 bits
