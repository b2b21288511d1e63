"""The same computation as cfx score, in numpy: hash 2^24 keys into 2^16
buckets with the multiply-shift hash and count the loads.  For seq the keys
are made in the timed region (np.arange), as cfx score makes them; for
random they are given, as cfx score gets them from its key set.  numpy gets
its fastest form: in-place shift, a view instead of a converting copy."""
import sys
import time

import numpy as np

P = np.uint64(0x9E3779B97F4A7C15)
n = 1 << 24
SHIFT = np.uint64(64 - 16)
rand = np.random.default_rng(1).integers(0, 2**64, n, dtype=np.uint64)


def hash_count(k):
    h = np.multiply(k, P)
    np.right_shift(h, SHIFT, out=h)
    return np.bincount(h.view(np.int64), minlength=1 << 16)


for name in ("seq", "random"):
    times = []
    for _ in range(7):
        t = time.perf_counter()
        loads = hash_count(np.arange(n, dtype=np.uint64) if name == "seq" else rand)
        times.append(time.perf_counter() - t)
    assert loads.sum() == n
    times.sort()
    print(f"numpy_{name} {n / times[len(times) // 2]:.0f} keys/s")
sys.stdout.flush()
