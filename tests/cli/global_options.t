# The global options (--color, --progress, --no-progress; issue 26) are
# one table, read by main's parser and by "did you mean": a misspelt one
# is suggested wherever cfx's own arguments are read, before or after the
# command, as a command's own options are.  Before, cf --colr=never had
# no suggestion (main parsed --color outside the option parser).  At the
# REPL's prompt they are no options (a line is no argv of cfx's): none is
# suggested there.
$ cfx cf --colr=never 5
! cfx: cf: unknown option (--colr=never); did you mean --color?
? 2
$ cfx cf --colour=always 5
! cfx: cf: unknown option (--colour=always); did you mean --color?
? 2
$ cfx --colr=never cf 5
! cfx: unknown option (--colr=never); did you mean --color?
? 2
$ cfx verify --progres 5
! cfx: verify: unknown option (--progres); did you mean --progress?
? 2
$ cfx score --no-progres 5
! cfx: score: unknown option (--no-progres); did you mean --no-progress?
? 2
$ cfx stats --colr
! cfx: stats: unknown option (--colr); did you mean --color?
? 2
$ cfx repl --colr
! cfx: repl: unknown option (--colr); did you mean --color?
? 2
$ cfx learn --colr
! cfx: learn: unknown option (--colr); did you mean --color?
? 2
# the command's own options and the shared ones as before
$ cfx cf --jsno 5
! cfx: cf: unknown option (--jsno); did you mean --json?
? 2
$ cfx cf --hlep
! cfx: cf: unknown option (--hlep); did you mean --help?
? 2
$ cfx --jsno cf 5
! cfx: unknown option (--jsno); did you mean --json?
? 2
$ cfx --verison
! cfx: unknown option (--verison); did you mean --version?
? 2
# a bundle names its unknown letter
$ cfx cf -zq 5
! cfx: cf: unknown option -z (-zq)
? 2
# spelt right they are taken anywhere: 5/2^32 = [0; 858993459, 5]
$ cfx cf 5 --color=never --no-progress | grep '^cf'
> cf         [0; 858993459, 5]
# at the prompt: no --color to suggest
$ cfx
< cf --colr 5
! cfx: line 1: cf: unknown option (--colr)
? 2
# the version as other tools spell it (gcc -v, python -V, git version)
$ cfx -V
! cfx: unknown option (-V); did you mean --version?
? 2
$ cfx -v
! cfx: unknown option (-v); did you mean --version?
? 2
$ cfx version
! cfx: version: unknown command; did you mean cfx --version?
? 2
