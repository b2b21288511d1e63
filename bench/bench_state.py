#!/usr/bin/env python3
"""bench_state.py RUN.json... - which of several `cfx bench --json` runs
of one constant ran while the machine was in a slow state.

On the shared 2-core machine of doc/bench.md the machine flips, for
seconds to minutes, into a state where every throughput loop is 25-40%
slower and the latency chains barely move, and not by one factor for all
forms, so a run that falls wholly in it has its throughput ratios about
10% off (NAF / multiply 3.8 against 4.0, optimal 2.47 against 2.84) and
make bench's five runs disagree.  No statistic within a run can see it
when it lasts the whole run; across runs it shows in one quotient: the
multiply's throughput p10 over its latency p10 (the dependent chain of
multiplies, which the slow state leaves alone).  It was 0.345-0.355 in
49 of 50 runs and 0.478 in the slow one (10 batches of five, doc/bench.md).

Prints the 1-based numbers of the runs whose quotient is more than
SLOW (1.10) times the smallest of them, one line, empty when none; says
why on standard error."""
import json
import sys

SLOW = 1.10


def state(path):
    """the multiply's throughput p10 over its latency p10"""
    base = json.load(open(path))['variants'][0]
    return base['throughput']['p10'] / base['latency']['p10']


def main(paths):
    q = [state(p) for p in paths]
    least = min(q)
    slow = [i for i, x in enumerate(q) if x > SLOW * least]
    for i in slow:
        sys.stderr.write('  run %d in a slow state: multiply throughput / '
                         'latency p10 %.3f, the least of the runs %.3f '
                         '(x%.2f); run again\n'
                         % (i + 1, q[i], least, q[i] / least))
    print(' '.join(str(i + 1) for i in slow))


if __name__ == '__main__':
    main(sys.argv[1:])
