"""verdicts(o, i): the levels of multiplier i's verdict findings in one
file's object of cfx review --json.  A shift/add sequence that "computes
the multiplier of NAME (FILE:LINE)" has that multiplier's verdict, as
the reply says it (the man page's rule)."""
import re


def verdicts(o, i):
    fs = [f for f in o['findings'] if f['multiplier'] == i and
          f['kind'] == 'verdict']
    for f in fs:
        m = re.match(r'computes the multiplier of .* \((.*):(\d+)\)',
                     f['message'])
        if m:
            return verdicts(o, [g['multiplier'] for g in o['findings']
                                if g['kind'] == 'verdict' and
                                g['multiplier'] != i and
                                (g['file'], str(g['line'])) ==
                                m.groups()][0])
    return [f['level'] for f in fs]
