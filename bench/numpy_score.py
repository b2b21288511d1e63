"""The same multiply-shift-increment as cfx score, in numpy: median time to
hash 2^24 keys into 2^16 buckets (keys already in memory)."""
import sys
import time

import numpy as np

P = np.uint64(0x9E3779B97F4A7C15)
n = 1 << 24
keys = {"seq": np.arange(n, dtype=np.uint64),
        "random": np.random.default_rng(1).integers(0, 2**64, n, dtype=np.uint64)}
for name, k in keys.items():
    times = []
    for _ in range(5):
        t = time.perf_counter()
        h = (k * P) >> np.uint64(64 - 16)
        loads = np.bincount(h.astype(np.intp), minlength=1 << 16)
        times.append(time.perf_counter() - t)
    assert loads.sum() == n
    times.sort()
    print(f"numpy_{name} {n / times[len(times) // 2]:.0f} keys/s")
sys.stdout.flush()
