"""Run cfx, read its standard error as it comes, and interrupt it.

The suites that send Ctrl-C mid-command (harden/search_cost_int.sh,
harden/search_enum_int.sh, harden/option_int.sh) share this: the command's stderr is read by a
thread, and `poke(err, p)` is called on every chunk (it may send a
signal once what it waits for shows); `after` seconds past the start, if
given, the caller's `at_time(p, err)` runs instead.  Returns the status,
stdout, the "cfx:" lines of stderr (the progress bar's \\r-drawn lines
and escapes aside) and what poke or at_time returned last (true: sent).
"""
import re
import signal
import subprocess
import threading
import time


def catches_sigint(pid):
    """Whether process pid has a handler for SIGINT (/proc/PID/status)."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    bit = 1 << (signal.SIGINT - 1)
                    return bool(int(line.split()[1], 16) & bit)
    except OSError:
        pass
    return False


def when_caught(p, delay, tries=600):
    """Wait until p catches SIGINT (a sanitized build starts slowly),
    then delay seconds more; false if p ended first."""
    for _ in range(tries):
        if catches_sigint(p.pid) or p.poll() is not None:
            break
        time.sleep(0.05)
    time.sleep(delay)
    return p.poll() is None


def run(argv, poke=None, after=None, at_time=None, timeout=600):
    p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    err = bytearray()
    sent = [False]

    def reader():
        for chunk in iter(lambda: p.stderr.read1(4096), b""):
            err.extend(chunk)
            if poke and not sent[0]:
                sent[0] = bool(poke(err, p))
    t = threading.Thread(target=reader)
    t.start()
    if after is not None:
        time.sleep(after)
        sent[0] = bool(at_time(p, err))
    try:
        out = p.stdout.read()
        p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
    t.join()
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", err.decode())
    lines = [l.split("\r")[-1].strip() for l in text.split("\n")]
    return (p.returncode, out.decode(),
            [l for l in lines if l.startswith("cfx:")], sent[0])


def say(good, msg):
    """One case for py_checks (tests/build/lib.sh): ok or FAIL, one line."""
    print(("ok " if good else "FAIL ") + msg.replace("\n", " | "))
