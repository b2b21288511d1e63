#!/bin/bash
# cfx search's table on 80 columns: a row whose "worst family (its R)"
# cell does not fit goes on below that column, cut into the fewest lines
# that fit and as even as they can be (its head likewise, over the two
# header lines), so no continuation line is a lone
# short word when the words could share ("stride" over "2^17 (819)", not
# "stride 2^17" over "(819)", which the greedy cut gave: issue 26).
# Every split of the cell's words is tried here in Python, and the cell's
# text is the family and R of search's own --json, as "%s (%.3g)".
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 52 bits: the multiplier column is 15 wide, the family's 13 (0.3 s)
args=(--bits 52 --window 14 --all --top 3 --terms 7)
./cfx search "${args[@]}" > "$tmp/text" 2>/dev/null
./cfx search "${args[@]}" --json > "$tmp/json" 2>/dev/null
python3 - "$tmp/text" "$tmp/json" > "$tmp/out" <<'EOF'
import itertools, json, sys

lines = open(sys.argv[1]).read().split('\n')
cands = {c['hex']: c for c in json.load(open(sys.argv[2]))['candidates']}
h = next(i for i, l in enumerate(lines) if l.startswith('rank') or ' rank ' in l)
col = lines[h].index('screen') + 8
width = 80 - col

def splits(words):
    """Every way to cut words into lines, as lists of lines."""
    for cuts in itertools.product([0, 1], repeat=len(words) - 1):
        out, cur = [], words[0]
        for w, c in zip(words[1:], cuts):
            if c:
                out.append(cur); cur = w
            else:
                cur += ' ' + w
        yield out + [cur]

def over(ls):
    return sum(max(0, len(l) - width) for l in ls)

# the column's head, over the two header lines when one cannot hold it
head = [x[col:].strip() for x in lines[h - 1:h + 1] if x[col:].strip()]
best = min((s for s in splits('worst family (its R)'.split()) if len(s) <= 2),
           key=lambda s: (over(s), len(s), max(map(len, s))))
print('%s   the head: %s (the most even: %s)' % (
      'ok' if ' '.join(head) == 'worst family (its R)' and
      max(map(len, head)) == max(map(len, best)) and len(head) == len(best)
      else 'FAIL', ' / '.join(head), ' / '.join(best)))
rows = wrapped = 0
for i, l in enumerate(lines):
    parts = l.split()
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].startswith('0x'):
        continue
    rows += 1
    c = cands[parts[1]]
    want = '%s (%.3g)' % (c['worst_family'], c['quality'])
    cell = [l[col:]]
    for m in lines[i + 1:]:
        if m[:col].strip() == '' and len(m) > col and m[col] != ' ':
            cell.append(m[col:])
        else:
            break
    name = '%s %s' % (parts[1], ' / '.join(cell))
    if ' '.join(cell) != want:
        print('FAIL %s: the cell is not --json\'s "%s"' % (name, want)); continue
    words = want.split()
    best = min(splits(words), key=lambda s: (over(s), len(s), max(map(len, s))))
    if len(cell) > 1:
        wrapped += 1
    if (over(cell), len(cell), max(map(len, cell))) != \
       (over(best), len(best), max(map(len, best))):
        print('FAIL %s: the fewest, most even lines are %s' % (name, ' / '.join(best)))
    else:
        print('ok   %s' % name)
print('ok   rows read: %d, %d of them wrapped' % (rows, wrapped) if rows and wrapped
      else 'FAIL rows read: %d, %d wrapped (the test needs wrapped rows)' % (rows, wrapped))
EOF
while IFS= read -r l; do
	case $l in
	'ok   '*) ok "${l#ok   }" ;;
	*) bad "${l#FAIL }" ;;
	esac
done < "$tmp/out"
# and no line passes 80 columns (the head and the closing "set const
# HEX, then set bits 52" did)
long=$(awk 'length($0) > 80' "$tmp/text" | head -3)
if [ -z "$long" ]; then ok "no line wider than 80"; else bad "wider than 80: $long"; fi

echo "search_wrap: $pass passed, $fail failed"
[ "$fail" = 0 ]
