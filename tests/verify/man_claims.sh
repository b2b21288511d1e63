#!/bin/bash
# What the man page says cfx verify reports for the constants of its
# search examples is what cfx verify reports: the checks that FAIL (their
# names, the layout and R of their detail), how many WARN, and no
# "joint rule" where verify FAILs on checks of their own.  The expected
# words are made here from `cfx verify --json`, the man page is read as
# it is written (man/cfx.1, troff escapes removed).  (It said "the joint
# rule" for both 64-bit FAILs after the field checks FAILed them.)  Then
# the numbers the text states, recomputed independently (man_numbers.py).
cd "$(dirname "$0")/../.." || exit 2
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
man=$(sed 's/\\-/-/g; s/^\.B //; s/^\.[A-Z]*$//' man/cfx.1 | tr '\n' ' ' |
      tr -s ' ')

# words CONSTANT: what the man page must say of it, from verify's JSON
words() {
	./cfx verify --json "$1" | python3 -c '
import json, re, sys
j = json.load(sys.stdin)
fails = [c for c in j["checks"] if c["status"] == "FAIL"]
out = []
for c in fails:
    if "worst_probe_ratio" in c:      # a form check: its layout, its R
        lay = c["detail"].split(":")[0]
        r = c["worst_probe_ratio"]
    else:                             # a family: its name and R
        lay = ""
        r = float(re.match(r"R ([0-9.e+]+)", c["detail"]).group(1))
    out.append("%s|%s at R %s" % (c["name"], lay, ("%.2g" % r) if r < 100 else "%.0f" % r))
print(j["verdict"], j["warned"], *out, sep="\n")'
}

for c in 0x9e3fc007ff800fff 0x8080202004040101 0x8080201ffbfbfeff; do
	mapfile -t w < <(words $c)
	verdict=${w[0]} warned=${w[1]}
	# the sentence of the man page about c: from its name to "for the
	# second" or the next constant
	para=${man#*"$c"}
	para=${para:0:700}
	# the second constant is spoken of after the first's sentence
	[ $c = 0x8080201ffbfbfeff ] && para=${para#*"for the second"}
	if [ "$verdict" = FAIL ]; then
		for x in "${w[@]:2}"; do
			name=${x%%|*} rest=${x#*|}
			lay=${rest% at R *} r=${rest##* at R }
			case $para in
			*"$name"*"$lay"*"R $r"*) ok "$c: the man page names $name ($lay, R $r)" ;;
			*) bad "$c: the man page does not name $name ($lay at R $r): ${para:0:300}" ;;
			esac
		done
		case $para in
		*"$warned WARN besides"*) ok "$c: and $warned WARN besides" ;;
		*) bad "$c: the man page does not say $warned WARN besides" ;;
		esac
		case ${para%%PASS*} in
		*"joint rule"*) bad "$c: the man page says the joint rule FAILs it" ;;
		*) ok "$c: no joint rule said (verify FAILs it on checks)" ;;
		esac
	else
		case $para in
		*"PASS with $warned WARN"*) ok "$c: PASS with $warned WARN" ;;
		*) bad "$c: the man page does not say PASS with $warned WARN" ;;
		esac
	fi
done
# The numbers of the man page's verify text, recomputed by python alone
# (keys counted, continued fractions, Gauss-Kuzmin; man_numbers.py): the
# checks above read cfx's own output, these do not.
printf '%s\n' "$man" | sed 's/\\(en/-/g' >"${TMPDIR:-/tmp}/man_claims.$$"
# /usr/bin/python3 below: Debian's, for numpy (python3-numpy comes with the
# python3-scipy that scripts/deps.sh installs for make check)
/usr/bin/python3 tests/verify/man_numbers.py "${TMPDIR:-/tmp}/man_claims.$$" >"${TMPDIR:-/tmp}/man_claims.$$.out" 2>&1
sed 's/^/  /' "${TMPDIR:-/tmp}/man_claims.$$.out"
pass=$((pass + $(grep -c '^ok' "${TMPDIR:-/tmp}/man_claims.$$.out")))
fail=$((fail + $(grep -c '^FAIL' "${TMPDIR:-/tmp}/man_claims.$$.out")))
grep -q '^man_numbers: .* passed' "${TMPDIR:-/tmp}/man_claims.$$.out" || bad "man_numbers.py ran to its end"
rm -f "${TMPDIR:-/tmp}/man_claims.$$" "${TMPDIR:-/tmp}/man_claims.$$.out"
echo "man_claims: $pass passed, $fail failed"
[ "$fail" = 0 ]
