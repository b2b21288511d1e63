"""Shared helpers for the PARI/GP oracle tests (tests/oracle/*.sh).

Not a test itself: the scripts import it.  It runs ./cfx (from the repo
root, the current directory), parses its JSON output, compares values and
keeps the pass/fail tally.  Expected values always come from PARI/GP; this
module computes nothing of its own.
"""
import json
import math
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import sample  # noqa: E402  (CHECK_SAMPLE: one case in K under SANITIZE=1)

MAXSHOW = 400   # characters of a value shown in a mismatch report
MAXOUT = 1 << 28  # bytes of cfx output read at most


def short(v):
    s = v if isinstance(v, str) else json.dumps(v)
    if len(s) > MAXSHOW:
        return s[:MAXSHOW] + "...(%d chars)" % len(s)
    return s


def gpnum(s):
    """A real printed by gp's %e ("1.25 e-3"), as a Python float."""
    s = s.replace(" ", "")
    if s in ("null", ""):
        return None
    return float(s)


def gplist(s):
    """A gp vector printed by strjoin(..., ","), as a list of strings."""
    return [] if s == "" else s.split(",")


def close(a, b, rel, absol=0.0):
    """True if the floats a and b agree to the relative tolerance rel (or
    the absolute tolerance absol)."""
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    if math.isnan(a) or math.isnan(b):
        return False
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= max(rel * max(abs(a), abs(b)), absol)


class Checker:
    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0
        self.cmd = None
        self.bad = []
        self.skip = False   # the run failed: compare nothing more

    # ---- running cfx ----------------------------------------------------
    def run(self, args, timeout=60):
        """Run ./cfx args; returns (returncode, stdout, stderr).  A run
        that outlives timeout seconds is killed (status 124), and output
        beyond MAXOUT bytes is not read (status 125)."""
        self.cmd = "./cfx " + " ".join(shlex.quote(a) for a in args)
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            try:
                r = subprocess.run(["./cfx"] + args, stdout=out, stderr=err,
                                   timeout=timeout)
            except subprocess.TimeoutExpired:
                return 124, "", ("killed: did not finish within %d s (%d "
                                 "bytes of output by then)" %
                                 (timeout, out.seek(0, 2)))
            except OSError as e:
                return 127, "", "could not run ./cfx: %s" % e
            size = out.seek(0, 2)
            if size > MAXOUT:
                return 125, "", "output of %d bytes, too much to read" % size
            out.seek(0)
            err.seek(0)
            return (r.returncode, out.read().decode(errors="replace"),
                    err.read().decode(errors="replace"))

    def json(self, args, timeout=60):
        """Run ./cfx args (which should include --json) and parse the
        output; None (and a recorded problem) if it failed."""
        rc, out, err = self.run(args, timeout)
        if rc != 0:
            self.bad.append("exit status %d: %s" % (rc, err.strip()[:300]))
            self.skip = True
            return None
        try:
            return json.loads(out)
        except ValueError as e:
            self.bad.append("output is not JSON (%s): %s" % (e, short(out)))
            self.skip = True
            return None

    # ---- comparing --------------------------------------------------------
    def eq(self, what, got, want):
        if self.skip:
            return False
        if got != want:
            if isinstance(got, list) and isinstance(want, list):
                i = 0
                while i < min(len(got), len(want)) and got[i] == want[i]:
                    i += 1
                self.bad.append("%s: lengths cfx %d, gp %d; first difference "
                                "at index %d: cfx %s, gp %s" % (
                                    what, len(got), len(want), i,
                                    short(got[i]) if i < len(got) else "(end)",
                                    short(want[i]) if i < len(want) else "(end)"))
            else:
                self.bad.append("%s: cfx %s, gp %s" % (what, short(got),
                                                       short(want)))
            return False
        return True

    def near(self, what, got, want, rel, absol=0.0, null_if_inf=False):
        """got (from JSON) must be within tolerance of want; with
        null_if_inf, an infinite want must be null (JSON has no inf)."""
        if self.skip:
            return False
        if null_if_inf and want is not None and math.isinf(want):
            return self.eq(what, got, None)
        if not isinstance(got, (int, float)) or isinstance(got, bool) or \
                not close(float(got), want, rel, absol):
            self.bad.append("%s: cfx %r, gp %r (tolerance rel %g, abs %g)" %
                            (what, got, want, rel, absol))
            return False
        return True

    def problem(self, msg):
        self.bad.append(msg)

    def field(self, obj, key):
        if obj is None:
            return None
        if key not in obj:
            self.bad.append("JSON has no field %r" % key)
            return None
        return obj[key]

    def done(self, label=None):
        """End one case: count it, and print its problems if any."""
        if self.bad:
            self.failed += 1
            print("MISMATCH%s: %s" % (" (" + label + ")" if label else "",
                                      self.cmd))
            for b in self.bad:
                print("    " + b)
        else:
            self.passed += 1
        self.bad = []
        self.skip = False

    def cases(self, path, minimum):
        """The lines gp wrote; fewer than minimum means gp went wrong."""
        lines = open(path).read().splitlines()
        if len(lines) < minimum:
            self.cmd = "(gp)"
            self.problem("gp made only %d cases" % len(lines))
            self.done()
        return lines

    def fact(self, what, ok, why):
        """One claim gp checked by itself (f[1] what, f[2] "ok" or not)."""
        self.cmd = "(gp) " + what
        if ok != "ok":
            self.problem(why)
        self.done()

    def each(self, lines, case):
        """Run case(line) for every line (one in CHECK_SAMPLE of them: see
        tests/lib/sample.py); a case that raises (malformed output the
        comparisons did not expect) counts as a failure."""
        for line in sample.pick(lines, name=self.name):
            self.cmd = None
            try:
                case(line)
            except Exception as e:
                self.bad.append("oracle error %s: %s" % (type(e).__name__, e))
                if self.cmd is None:
                    self.cmd = "(case) " + short(line)
                self.done()

    def finish(self):
        print("%s: %d passed, %d failed" % (self.name, self.passed,
                                            self.failed))
        sys.exit(1 if self.failed else 0)
