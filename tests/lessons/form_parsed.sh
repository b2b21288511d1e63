#!/bin/bash
# A check of the answer's form alone is found from the parsed check, not
# by a regular expression over its text (issue 24): the regex took only
# a decimal digit string after the comparison, so decimals(answer) >= 2^2
# or items(answer) == 0x2 were judged as values, and an answer in the
# wrong form cost a try ("Not quite") instead of being refused
# uncounted.  A lesson written here; its answers (2.5/3 to four
# decimals, the quotients' pair of 13/8's first two) are python's.
. "$(dirname "$0")/lib.sh"
read -r r q0 q1 <<<"$(python3 -c '
from fractions import Fraction as F
x = F(5, 2) / 3
print("%.4f" % x, 13 // 8, 8 // 5)')"
mkdir -p "$tmp/l"
cat >"$tmp/l/01-form.lesson" <<EOF2
title: Forms

step: Four decimals
  A ratio.
ask: What is 2.5/3, to four decimals?
check: answer ~ $r
check: decimals(answer) >= 2^2
else: four decimals, as asked
hint: Divide.
solution: answer $r

step: A pair
  Two quotients.
ask: What are a_0 and a_1 of 13/8?
check: answer == [$q0, $q1]
check: items(answer) == 0x2 and literal(answer)
else: two whole numbers, a_0 and a_1
hint: Euclid.
solution: answer $q0, $q1
EOF2
export CFX_LESSONS=$tmp/l
out=$(printf '%s\n' 'answer 0.83' "answer $r" 'answer 1' "answer $q0, $q1" quit |
	"$cfx" learn 1 2>&1)
s1=$(sed -n '/step 1 of/,/step 2 of/p' <<<"$out")
s2=$(sed -n '/step 2 of/,$p' <<<"$out")
grep -q '^Not in the form this step asks for: four decimals, as asked' <<<"$s1" &&
	! grep -q '^Not quite' <<<"$s1" &&
	ok "decimals(answer) >= 2^2 is a form check: 0.83 refused uncounted" ||
	bad "0.83 at step 1: $(grep -v '^ ' <<<"$s1" | tail -n 6)"
grep -q '^Not in the form this step asks for: two whole numbers' <<<"$s2" &&
	! grep -q '^Not quite' <<<"$s2" &&
	ok "items(answer) == 0x2 is a form check: one item refused uncounted" ||
	bad "1 at step 2: $(grep -v '^ ' <<<"$s2" | tail -n 6)"
marks=$(awk '$1 == "form" { print $3 }' "$tmp/state/cfx/progress" 2>/dev/null)
[ "$marks" = "++" ] && ok "both then solved on the first counted answer (++)" ||
	bad "marks '$marks', want ++"
finish form_parsed
