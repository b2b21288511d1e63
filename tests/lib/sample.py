"""CHECK_SAMPLE=K: a suite that walks a long list of like cases (every
oracle case gp wrote, every lesson played in a terminal) checks one in K
of them: the cases numbered 0, K, 2K, ... from its offset on.  make
check runs every case (K = 1); make check SANITIZE=1 sets K = 8 (the
Makefile), since under the sanitizers each run of cfx costs some twenty
times as much, and what they look for (a bad read, a leak) lies on a
path of the code, which an eighth of the cases still walk, not in one
value.  tests/run.sh refuses a K that is not a whole number from 1 up."""
import os
import sys


def every():
    """K, from the environment (1 when unset)."""
    v = os.environ.get("CHECK_SAMPLE", "") or "1"
    if not v.isdigit() or int(v) < 1:
        print("CHECK_SAMPLE: '%s' is not a whole number from 1 up" % v)
        sys.exit(2)
    return int(v)


def pick(items, offset=0, name=None):
    """The items numbered offset, offset + K, ... (all of them when K is
    1); with a name, a line saying how many of how many were kept."""
    items = list(items)
    k = every()
    kept = [x for i, x in enumerate(items) if (i - offset) % k == 0]
    if name and k > 1:
        print("%s: CHECK_SAMPLE=%d: %d of %d cases checked (one in %d)"
              % (name, k, len(kept), len(items), k), flush=True)
    return kept
