#!/bin/bash
# cf's golden line outside (0, 1) says whose prefix it is: the terms after
# a0 are those of frac(x) = x - a0, and the line reads "golden     prefix
# N (of frac(x) = x - A)" (x + A below 0), as cf --help and the man page
# say since e597707; it said only "prefix N" (issue 26).  Each statement
# is checked with PARI/GP: A is floor(x), frac(x) = x - floor(x), and N is
# the run of 1s after the 0 of contfrac(frac(x)) ("endless" for phi).
# Inside (0, 1) the line says nothing of frac(x).
set -u
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# xs: gp's spelling and cfx's of each x (fixed ones, then random
# rationals on both sides of (0, 1) from a fixed seed)
xs=$(python3 - <<'EOF'
import random
r = random.Random(26)
fixed = [("13/8", "13/8"), ("23/10", "23/10"), ("21/13", "21/13"),
         ("-13/8", "-13/8"), ("7/3", "7/3"), ("5/8", "5/8"),
         ("sqrt(7)", "sqrt(7)"), ("sqrt(2)", "sqrt(2)"),
         ("(1+sqrt(5))/2", "phi"), ("-sqrt(7)", "-sqrt(7)"),
         ("2^40 + 3/7", "2^40 + 3/7")]
for g, c in fixed:
    print(g + "\t" + c)
for _ in range(30):
    q = r.randint(2, 10**6)
    p = r.randint(-50 * q, 50 * q)
    if p % q == 0:
        p += 1
    print("%d/%d\t%d/%d" % (p, q, p, q))
EOF
)
while IFS=$'\t' read -r g x; do
	line=$(./cfx cf -- "$x" 2>&1 | grep '^golden ')
	# gp: "A N", N the run of 1s of frac(x) after its 0 (50: endless),
	# and "inside" for 0 < x < 1
	want=$(echo "default(realprecision, 200); x = $g;
		if (x > 0 && x < 1, print(\"inside\"),
		    a = floor(x); f = x - a; if (f != frac(x), error(\"frac\"));
		    v = contfrac(f); r = 0;
		    for (k = 2, min(#v, 51), if (v[k] == 1, r++, break));
		    print(a, \" \", if (r >= 50, \"endless\", r)))" |
		tr '\n\t' '  ' | gp -q -f 2>&1)
	if [ "$want" = inside ]; then
		case $line in
		*frac*) bad "$x: inside (0, 1), yet: $line" ;;
		golden*) ok "$x: inside (0, 1), no frac(x): $line" ;;
		*) bad "$x: no golden line ($line)" ;;
		esac
		continue
	fi
	a=${want% *} n=${want#* }
	case $a in
	-*) exp="golden     prefix $n (of frac(x) = x + ${a#-})" ;;
	*) exp="golden     prefix $n (of frac(x) = x - $a)" ;;
	esac
	case $line in
	"$exp; "*|"$exp") ok "$x: gp's floor $a and run $n: $line" ;;
	*) bad "$x: gp says '$exp', cfx: $line" ;;
	esac
done <<<"$xs"
echo "cf_frac: $pass passed, $fail failed"
[ "$fail" = 0 ]
