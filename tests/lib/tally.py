"""Pass/fail counting for the python parts of tests/*.sh: check(ok, what)
counts a result and prints "FAIL: what" when it is not ok; finish()
prints "N passed, M failed" (the line tests/run.sh reads) and exits 1 if
any failed, else 0."""
import sys

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def finish():
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
