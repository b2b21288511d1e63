"""The steps of cfx shifts --optimal --json, run (tests/cost/minimum.sh,
tests/verify/optimal_cost.sh), and tools/five_many.c's answers read
(tests/cost/five_top.sh, exact19.sh).  Not a test itself."""


def run_steps(steps, x, mask):
    """hash after the JSON steps on input x, mod mask + 1: each step is
    dst = (a << a_shift) +- (b << b_shift), or hash negated ("op": "neg"),
    or hash shifted left ("shift"); no steps: hash = x."""
    t = {"x": x, "hash": x}
    for st in steps:
        if st.get("op") == "neg":
            t["hash"] = -t["hash"]
        elif "shift" in st:
            t["hash"] = t["hash"] << st["shift"]
        else:
            a = t[st["a"]] << st["a_shift"]
            b = t[st["b"]] << st["b_shift"]
            t[st["dst"]] = a + b if st["op"] == "add" else a - b
    return t["hash"] & mask


def five_many(five, bits, values):
    """tools/five_many.c (built at five) on values mod 2^bits: a dict of
    each value's least adder count up to 5, None where there is no graph
    of five (six or more)."""
    import subprocess
    out = subprocess.run([five, "--bits", str(bits)],
                         input="".join("%#x\n" % v for v in values),
                         capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.split("\n"):
        f = line.split()
        if len(f) >= 4 and f[2] == "min":
            res[int(f[0], 0)] = None if f[3] == ">5" else int(f[3])
    return res
