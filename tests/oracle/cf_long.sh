#!/bin/bash
# cf_long: `cfx cf --terms K` for a few thousand quotients of irrationals
# (the interval path's truncated-halves recursion, src/core/cf.c), against
# PARI/GP contfrac at enough digits: exactly K quotients, equal to gp's.
. "$(dirname "$0")/lib.sh"
oracle_start cf_long

# one case a line: cfx expression, K, gp's quotients (comma-separated)
oracle_gp <<'GP'
default(colors, "no"); default(debugmem, 0);
default(parisizemax, 10^9);
default(realprecision, 12000);
TAB = Strchr(9);
J(v) = strjoin(apply(t -> Str(t), v), ",");
c(s, x, K) = { my(a = contfrac(x)); if (#a < K + 50, error("gp precision too low for ", s));
	print(s, TAB, K, TAB, J(a[1 .. K])); }
c("e", exp(1), 4000);
c("pi", Pi, 3000);
c("-pi", -Pi, 3000);
c("pi/1000", Pi / 1000, 2500);
c("1/(pi-3)", 1 / (Pi - 3), 3000);
c("sqrt(2)+sqrt(3)", sqrt(2) + sqrt(3), 3000);
c("pi^2", Pi^2, 2500);
GP

pass=0 fail=0
while IFS=$'\t' read -r x k want; do
	# the text form, wrapped, with runs as "q (xN)": joined and unrolled
	got=$(./cfx cf --terms "$k" "$x" | awk '
		/^cf / { on = 1; sub(/^cf */, "") } /^[^ ]/ && !/^\[/ && on > 1 { on = 0 }
		on { s = s $0; on = 2 }
		END { gsub(/[][ ]|\.\.\./, "", s); sub(/;/, ",", s); sub(/,$/, "", s)
		      n = split(s, t, ","); out = ""
		      for (i = 1; i <= n; i++) {
		          r = 1; q = t[i]
		          if (match(q, /\(x[0-9]+\)$/)) { r = substr(q, RSTART + 2, RLENGTH - 3) + 0; q = substr(q, 1, RSTART - 1) }
		          for (j = 0; j < r; j++) out = out (out == "" ? "" : ",") q
		      }
		      print out }')
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL cf --terms $k $x: $(cmp <(tr , "\n" <<<"$got") <(tr , "\n" <<<"$want") 2>&1 | head -1)"
	fi
done <"$tmp/cases"
echo "$name: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
