#!/bin/bash
# cfx stats --json against scipy.stats (and plain numpy/statistics) on the
# committed samples: Student's and Welch's t (difference, interval, p,
# degrees of freedom), Mann-Whitney U (U, p exact or asymptotic as scipy
# chooses, the smallest attainable p, the Hodges-Lehmann shift), the MAD
# outliers, the points needed to prove a difference, and the bootstrap
# ratio of medians (estimate exactly; interval against numpy's own
# bootstrap within Monte-Carlo error; reproducible by seed).
set -u
cd "$(dirname "$0")/../.." || exit 2
[ -x ./cfx ] || { echo "scipy.sh: ./cfx not built (make cfx)"; exit 2; }
py=/usr/bin/python3
$py -c 'import scipy' 2>/dev/null || { echo "scipy.sh: python3-scipy not installed (scripts/deps.sh check)"; exit 2; }
exec $py - <<'PY'
import json, math, statistics, subprocess, sys
import numpy as np
from scipy import stats

D = 'tests/stats/'
passed = failed = 0

def check(what, ok, detail=''):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAIL:', what, detail)

def close(a, b, rel=1e-9, abs_=1e-12):
    if a is None or b is None:
        return a is b
    return abs(a - b) <= max(rel * max(abs(a), abs(b)), abs_)

def load(name):
    xs = []
    for line in open(D + name):
        t = line.split()
        if t and not t[0].startswith('#'):
            xs.append(float(t[0]))
    return xs

def cfx(*args):
    r = subprocess.run(['./cfx', 'stats', '--json', *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit('cfx stats failed: %s' % r.stderr)
    return json.loads(r.stdout)

def tq(conf, df):
    return stats.t.ppf(1 - (1 - conf / 100) / 2, df)

def needed(a, b, conf, diff, welch):
    va, vb = statistics.variance(a), statistics.variance(b)
    for n in range(2, 100000):
        if welch:
            se = math.sqrt((va + vb) / n)
            df = (n - 1) * (va + vb) ** 2 / (va * va + vb * vb)
            t = tq(conf, df)
        else:
            se = math.sqrt((va + vb) / 2) * math.sqrt(2 / n)
            t = round(tq(conf, 2 * n - 2), 3)
        if t * se < abs(diff):
            return n
    return None

pairs = [('ns_mul.txt', 'ns_naf.txt', 95), ('ns_mul.txt', 'ns_opt.txt', 95),
         ('skew_a.txt', 'skew_b.txt', 95), ('skew_a.txt', 'skew_b.txt', 80),
         ('tied_mw_a.txt', 'tied_mw_b.txt', 99), ('big_a.txt', 'big_b.txt', 95),
         ('uidinfo_lockfree.txt', 'uidinfo_waitfree.txt', 95),
         ('uidinfo_up_waitfree.txt', 'uidinfo_up_none.txt', 99),
         ('even_a.txt', 'even_b.txt', 90), ('ties_a.txt', 'ties_b.txt', 95),
         ('neg.txt', 'skew_a.txt', 98), ('offset_a.txt', 'offset_b.txt', 95)]
for fa, fb, conf in pairs:
    a, b = load(fa), load(fb)
    j = cfx('-c', str(conf), D + fa, D + fb)
    c = j['comparisons'][0]
    tag = '%s %s -c %g' % (fa, fb, conf)
    # summaries, including ministat's median and the ordinary one
    for s, xs in zip(j['samples'], (a, b)):
        sx = sorted(xs)
        check(tag + ' summary', s['n'] == len(xs) and close(s['mean'], statistics.fmean(xs))
              and close(s['stddev'], statistics.stdev(xs)) and s['median'] == sx[len(xs) // 2]
              and close(s['median_mid'], statistics.median(xs)) and s['min'] == sx[0]
              and s['max'] == sx[-1], s)
        med = statistics.median(xs)
        mad = statistics.median([abs(x - med) for x in xs])
        out = sorted(x for x in xs if mad > 0 and 0.6745 * abs(x - med) / mad > 3.5)
        check(tag + ' MAD outliers', close(s['mad'], mad) and
              sorted(o['value'] for o in s['outliers']) == out, (s['mad'], s['outliers'], mad, out))
    # Student's t: ministat's rounded quantile, scipy's p
    st = c['student']
    tt = stats.ttest_ind(b, a, equal_var=True)
    df = len(a) + len(b) - 2
    sp = math.sqrt(((len(a) - 1) * statistics.variance(a) + (len(b) - 1) * statistics.variance(b)) / df)
    se = sp * math.sqrt(1 / len(a) + 1 / len(b))
    t3 = round(tq(conf, df), 3)
    d = statistics.fmean(b) - statistics.fmean(a)
    check(tag + ' student', close(st['p'], tt.pvalue, 1e-7) and st['df'] == df and
          close(st['pooled_s'], sp) and close(st['error'], t3 * se) and close(st['difference'], d)
          and close(st['percent'], d * 100 / statistics.fmean(a))
          and st['significant'] == (abs(d) > t3 * se), (st, tt))
    if not st['significant']:
        check(tag + ' student points needed', st['points_needed'] == needed(a, b, conf, d, False),
              (st['points_needed'], needed(a, b, conf, d, False)))
    # Welch
    we = c['welch']
    tw = stats.ttest_ind(b, a, equal_var=False)
    qa, qb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    dfw = (qa + qb) ** 2 / (qa * qa / (len(a) - 1) + qb * qb / (len(b) - 1))
    check(tag + ' welch', close(we['p'], tw.pvalue, 1e-7) and close(we['df'], dfw) and
          close(we['error'], tq(conf, dfw) * math.sqrt(qa + qb), 1e-7)
          and we['significant'] == (abs(d) > tq(conf, dfw) * math.sqrt(qa + qb)), (we, tw, dfw))
    if not we['significant']:
        check(tag + ' welch points needed', we['points_needed'] == needed(a, b, conf, d, True),
              (we['points_needed'], needed(a, b, conf, d, True)))
    # Mann-Whitney as scipy chooses (exact: no ties and a sample of <= 8)
    mw = c['mann_whitney']
    m = stats.mannwhitneyu(b, a, alternative='two-sided', method='auto')
    ties = len(set(a + b)) < len(a + b)
    exact = not ties and min(len(a), len(b)) <= 8
    hl = float(np.median(np.subtract.outer(np.array(b), np.array(a))))
    check(tag + ' mann-whitney', mw['u'] == m.statistic and close(mw['p'], m.pvalue, 1e-9)
          and mw['exact'] == exact and close(mw['shift'], hl)
          and close(mw['p_min'], min(1.0, 2 / math.comb(len(a) + len(b), len(a))))
          and mw['significant'] == (m.pvalue < 1 - conf / 100 and
                                    2 / math.comb(len(a) + len(b), len(a)) < 1 - conf / 100),
          (mw, m, exact, hl))
    if exact:
        me = stats.mannwhitneyu(b, a, alternative='two-sided', method='exact')
        check(tag + ' mann-whitney exact', close(mw['p'], me.pvalue, 1e-12), (mw['p'], me.pvalue))

# the exact distribution beyond scipy's sizes: 8 against 40 points
a = [i * 1.0 for i in range(8)]
b = [3.6 + i * 0.25 for i in range(40)]   # no ties with a
import tempfile, os
with tempfile.TemporaryDirectory() as tmp:
    pa, pb = os.path.join(tmp, 'a'), os.path.join(tmp, 'b')
    open(pa, 'w').write('\n'.join(map(repr, a)) + '\n')
    open(pb, 'w').write('\n'.join(map(repr, b)) + '\n')
    r = subprocess.run(['./cfx', 'stats', '--json', pa, pb], capture_output=True, text=True)
    mw = json.loads(r.stdout)['comparisons'][0]['mann_whitney']
    me = stats.mannwhitneyu(b, a, alternative='two-sided', method='exact')
    check('mann-whitney exact 8 v 40', mw['exact'] and close(mw['p'], me.pvalue, 1e-12), (mw, me))

# bootstrap ratio of medians, each ministat's x[n/2] of the sorted sample
def xmed(xs):
    return sorted(xs)[len(xs) // 2]
def boot(a, b, conf, n, seed):
    rng = np.random.default_rng(seed)
    a, b = np.array(a), np.array(b)
    ra = np.sort(rng.choice(a, (n, len(a))), axis=1)[:, len(a) // 2]
    rb = np.sort(rng.choice(b, (n, len(b))), axis=1)[:, len(b) // 2]
    r = rb / ra
    lo, hi = np.quantile(r, [(1 - conf / 100) / 2, 1 - (1 - conf / 100) / 2])
    return lo, hi

for fa, fb, conf in [('ns_mul.txt', 'ns_naf.txt', 95), ('big_a.txt', 'big_b.txt', 90),
                     ('uidinfo_lockfree.txt', 'uidinfo_waitfree.txt', 95)]:
    a, b = load(fa), load(fb)
    tag = 'ratio %s %s' % (fa, fb)
    j1 = cfx('--ratio', '-c', str(conf), D + fa, D + fb)['comparisons'][0]['ratio']
    j2 = cfx('--ratio', '-c', str(conf), D + fa, D + fb)['comparisons'][0]['ratio']
    j3 = cfx('--ratio', '--seed', '7', '-c', str(conf), D + fa, D + fb)['comparisons'][0]['ratio']
    check(tag + ' estimate', close(j1['estimate'], xmed(b) / xmed(a)), j1)
    # (medians of 5 points take so few values that seeds agree there)
    check(tag + ' seeded', j1 == j2 and j3['seed'] == 7 and
          (len(a) < 10 or (j3['lo'], j3['hi']) != (j1['lo'], j1['hi'])), (j1, j2, j3))
    lo, hi = boot(a, b, conf, 40000, 5)
    w = hi - lo
    check(tag + ' interval', abs(j1['lo'] - lo) <= 0.1 * w and abs(j1['hi'] - hi) <= 0.1 * w
          and j1['lo'] <= j1['estimate'] <= j1['hi'], (j1, lo, hi))

print('scipy.sh: %d passed, %d failed' % (passed, failed))
print('%d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)
PY
