#!/bin/bash
# Ctrl-C while an option's value is evaluated (issue 22, a hostile
# trial).  An option's value is an expression, and the evaluator polls
# Ctrl-C; its "interrupted" was then reworded as the option's own fault:
# "cfx: cf: --bits needs an integer (...)", or "bad stride: interrupted"
# for a key family's parameter.  Now it is said as it is, "interrupted",
# status 130.
#
# Each value is six nextprime()s near 2^1900 (about 2 s of work, within
# the budget), for --bits (the word table's parser), --count (the
# settings' integer parser) and stride:S (the key family's); the SIGINT
# is sent 0.3 s after cfx catches it (/proc/PID/status).
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
py_checks "$root/cfx" <<'EOF'
import signal, sys
from interrupt import run as run_cfx, say, when_caught

cfx = sys.argv[1]
n = "nextprime(nextprime(nextprime(2^1900)))"
costly = "%s-%s+32" % (n, n)      # 32, after about 2 s

def at_time(p, err):
    sent = when_caught(p, 0.3)
    p.send_signal(signal.SIGINT)
    return sent

for name, args in (("--bits", ["cf", "5", "--bits", costly]),
                   ("--count", ["score", "5", "--count", costly]),
                   ("-k stride:", ["score", "5", "-k", "stride:" + costly])):
    rc, out, msgs, sent = run_cfx([cfx] + args, after=0, at_time=at_time)
    cmd = args[0]
    name = "SIGINT while %s's value is evaluated%s" % (
        name, "" if sent else " (it ended first)")
    say(sent and rc == 130, "%s: status 130 (got %s)" % (name, rc))
    say(msgs == ["cfx: %s: interrupted" % cmd],
        "%s: said 'interrupted' (got %r)" % (name, msgs))
    say(out == "", "%s: nothing on stdout" % name)
EOF
done_suite harden/option_int
