"""The steps of cfx shifts --optimal --json, run (tests/cost/minimum.sh,
tests/verify/optimal_cost.sh).  Not a test itself."""


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
