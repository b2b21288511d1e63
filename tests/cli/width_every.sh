#!/bin/bash
# Every line cfx prints for a user fits 80 columns (issue 26: cf
# 2^64/phi's golden line was 95 wide, golden(1024)'s x line 898, naf's
# value line of a 128-bit constant 118, REPL show's variables 301, and
# shifts cut a constant wider than 77 characters in its label, printing a
# wrong one).  Over big constants, 2^64/phi, 128- to 1024-bit words and a
# 1-bit one, the text of cf (with its convergents), naf, shifts, spectrum,
# score, sweep and the REPL's show: every line of stdout within 80
# columns (widths by awk, tabs expanded), and nothing lost to the
# wrapping, each figure against Python's own arithmetic, never cfx's:
#  * the x, golden and value lines exactly as Python's textwrap fills the
#    same text (width 80, the label's 11 columns as the hanging indent, a
#    word wider than a line broken, as break_long_words does);
#  * with the blanks taken out, the value p/2^n = the reduced fraction
#    (fractions.Fraction), the hex on its word (the rule: the smallest of
#    32, 64, then multiples of 64), the decimal, the NAF power sum
#    (Python's NAF) after the hex, every convergent row k a_k p_k / q_k
#    (Python's Euclid), the first 30 quotients of 2^64/phi (an integer
#    square root of 5 * 4^4000).
# Errors on a terminal (script(1)) are filled too; elsewhere one line.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2

# wide FILE: the lines over 80 columns, with their widths
wide() { expand "$1" | awk 'length > 80 { print length ": " substr($0, 1, 100) }'; }

inputs=("2^64/phi" "golden(64)" "golden(128)" "golden(256)" "golden(1024)"
        "2^127-1" "2^64+1" "340282366920938463463374607431768211297"
        "nextprime(2^100)" "2^200/3" "sqrt(2)" "pi" "0x9e3779b9"
        "0x61C8864680B583EB" "2^128/phi")
n=0
for x in "${inputs[@]}"; do
	for cmd in "cf" "cf -C" "naf" "shifts"; do
		# shellcheck disable=SC2086
		./cfx $cmd -- "$x" >"$tmp/o$n" 2>"$tmp/e$n"
		echo "$?" >"$tmp/s$n"
		printf '%s\t%s\n' "$cmd" "$x" >"$tmp/c$n"
		w=$(wide "$tmp/o$n")
		if [ -z "$w" ] && [ -s "$tmp/o$n" ] || grep -q 'not an integer' "$tmp/e$n"; then
			ok "$cmd $x: $(wc -l <"$tmp/o$n") lines, none over 80 columns"
		else
			bad "$cmd $x: lines over 80 columns:"; echo "$w"
		fi
		n=$((n + 1))
	done
done
# the 1-bit word, the smallest the rule allows (cli_word.c: 1..64); a
# refusal (spectrum: 2 points, fewer than its default 10) is one line on
# a pipe, as every error is (filled on a terminal, below)
for cmd in cf naf shifts spectrum score sweep; do
	./cfx $cmd --bits 1 1 >"$tmp/o" 2>"$tmp/e"
	w=$(wide "$tmp/o")
	expect "$cmd --bits 1 1: none over 80 columns $w" \
		'[ -z "$w" ] && { [ -s "$tmp/o" ] || [ "$(wc -l <"$tmp/e")" = 1 ]; }'
done
# 64-bit words for the commands that hash machine words
for x in 0x61C8864680B583EB "golden(64)"; do
	for cmd in spectrum score sweep "spectrum --list 20"; do
		# shellcheck disable=SC2086
		./cfx $cmd -- "$x" >"$tmp/o" 2>&1
		w=$(wide "$tmp/o")
		expect "$cmd $x: none over 80 columns $w" '[ -z "$w" ] && [ -s "$tmp/o" ]'
	done
done
# the REPL's show: a 512-bit variable and constant
printf 'set const golden(512) + 2^500\nlet a = golden(512)\nlet b = 7\nshow\n' |
	./cfx >"$tmp/show" 2>&1
w=$(wide "$tmp/show")
expect "show with a 512-bit variable: none over 80 columns $w" '[ -z "$w" ]'

# the figures, by Python
if python3 - "$tmp" "$n" <<'PY'
import os, re, sys, textwrap
sys.path.insert(0, os.path.join(os.getcwd(), "tests", "lib"))
from checks import check, failed, word
from fractions import Fraction
from math import isqrt
tmp, n = sys.argv[1], int(sys.argv[2])
def golden(N):                      # round(2^N/phi), phi = (1+sqrt5)/2
    # 2^N/phi = 2^N (sqrt5 - 1)/2; round via 2^(N+1) more bits
    s = isqrt(5 << (2 * N + 4))     # sqrt(5) 2^(N+2)
    v = s - (1 << (N + 2))          # (sqrt5 - 1) 2^(N+2)
    return (v + 4) >> 3             # (sqrt5 - 1)/2 2^N, rounded
def naf_sum(k, w):
    # the NAF's terms on the w-bit word (a 2^w term wraps to 0), 2^1 as 2
    terms, e = [], 0
    while k:
        if k & 1:
            d = 2 - (k & 3)
            terms.append((e, d))
            k -= d
        k >>= 1; e += 1
    terms = [(e, d) for e, d in terms if e < w]
    out = ""
    for i, (e, d) in enumerate(reversed(terms)):
        t = "1" if e == 0 else "2" if e == 1 else "2^%d" % e
        out += (("- " if d < 0 else "") if i == 0 else (" - " if d < 0 else " + ")) + t
    return out
def ints():
    # the integer inputs: python's value of each
    return {"golden(64)": golden(64), "golden(128)": golden(128),
            "golden(256)": golden(256), "golden(1024)": golden(1024),
            "2^127-1": 2**127 - 1, "2^64+1": 2**64 + 1,
            "340282366920938463463374607431768211297":
                340282366920938463463374607431768211297,
            "nextprime(2^100)": 2**100 + 277, "0x9e3779b9": 0x9e3779b9,
            "0x61C8864680B583EB": 0x61C8864680B583EB}
V = ints()
# golden(N) as PARI/GP knows it (round(2^N/phi)), one sanity value
assert V["golden(64)"] == 0x9e3779b97f4a7c16, hex(V["golden(64)"])
assert V["golden(128)"] == 0x9e3779b97f4a7c15f39cc0605cedc834
def flat(s):
    return re.sub(r"\s+", "", s)
def label_block(lines, label):
    # the line that starts with label and the lines indented under it
    out = []
    for i, l in enumerate(lines):
        if l.startswith(label):
            out.append(l)
            for m in lines[i + 1:]:
                if m.startswith(" " * 11) and m.strip():
                    out.append(m)
                else:
                    break
            return out
    return out
def wrap(label, text):
    return textwrap.wrap(text, 80, initial_indent=label,
                         subsequent_indent=" " * 11, break_long_words=True,
                         break_on_hyphens=False)
for i in range(n):
    cmd, x = open(os.path.join(tmp, "c%d" % i)).read().rstrip("\n").split("\t")
    out = open(os.path.join(tmp, "o%d" % i)).read()
    lines = out.split("\n")
    if x in V:
        p = V[x]; w = word(p); hx = "0x%0*x" % (w // 4, p)
        if cmd.startswith("cf"):
            q = Fraction(p, 2 ** w)
            text = "%s / 2^%d = %s" % (hx, w, "%d/%d" % (q.numerator, q.denominator) if q.denominator != 1 else q.numerator)
            got = label_block(lines, "x          ")
            check(got == wrap("x          ", text),
                  "%s %s: the x line as textwrap fills it, p/2^%d = %s" % (cmd, x, w, q if len(str(q)) < 40 else "(%d digits)" % len(str(q))),
                  "got:\n%s\nwant:\n%s" % ("\n".join(got), "\n".join(wrap("x          ", text))))
            if cmd == "cf -C":
                # every convergent p_k/q_k of p/2^w, Euclid's
                a, b, qs = p, 2 ** w, []
                while b:
                    qs.append(a // b); a, b = b, a % b
                P0, P1, Q0, Q1 = 1, qs[0], 0, 1
                rows = ["%d%d%d/%d" % (0, qs[0], qs[0], 1)]
                for k in range(1, len(qs)):
                    P0, P1 = P1, qs[k] * P1 + P0
                    Q0, Q1 = Q1, qs[k] * Q1 + Q0
                    rows.append("%d%d%d/%d" % (k, qs[k], P1, Q1))
                body = out.split("p_k / q_k\n", 1)[1] if "p_k / q_k\n" in out else ""
                # rows: a row and the lines indented past column 20 under it
                got_rows, cur = [], None
                for l in body.split("\n"):
                    if re.match(r"^ *\d+  ", l):
                        if cur is not None: got_rows.append(cur)
                        cur = flat(l)
                    elif l.startswith(" " * 20) and cur is not None:
                        cur += flat(l)
                if cur is not None: got_rows.append(cur)
                check(got_rows == rows, "%s %s: all %d convergent rows whole (Euclid's)" % (cmd, x, len(rows)),
                      "first difference: %r" % (next(((g, r) for g, r in zip(got_rows, rows) if g != r), (len(got_rows), len(rows))),))
        elif cmd == "naf":
            text = "%s = %d (%d-bit, %s" % (hx, p, w, "odd" if p & 1 else "even")
            got = flat("".join(label_block(lines, "value      ")))
            check(got.startswith(flat("value" + text)),
                  "naf %s: the value line whole: %s = %s digits" % (x, hx[:12] + "...", len(str(p))), got[:200])
            # its layout: textwrap's fill of the same words
            check(label_block(lines, "value      ") ==
                  wrap("value      ", re.sub(r"\s+", " ", " ".join(label_block(lines, "value      "))[11:]).strip()),
                  "naf %s: the value line as textwrap fills it" % x)
        elif cmd == "shifts":
            head = out.split("x * ", 1)[0]
            check(flat(head) == flat("%s = %s" % (hx, naf_sum(p, w))),
                  "shifts %s: the constant whole and its NAF sum (Python's)" % x,
                  flat(head)[:200] + "\nwant " + flat("%s = %s" % (hx, naf_sum(p, w)))[:200])
    if x == "2^64/phi" and cmd == "cf":
        # a0 and the first 30 quotients from sqrt(5) to 4000 bits
        P = 4000
        X = Fraction((isqrt(5 << (2 * P)) - (1 << P)) << 63, 1 << P)
        qs, y = [], X
        for _ in range(30):
            a = y.numerator // y.denominator; qs.append(a); y = 1 / (y - a)
        a0 = qs[0]
        run = 0
        for a in qs[1:]:
            if a != 1: break
            run += 1
        got = label_block(lines, "golden     ")
        text = got and re.sub(r"\s+", " ", " ".join(got)[11:]).strip()
        check(got == wrap("golden     ", text) and
              text.startswith("prefix %d (of frac(x) = x - %d); largest quotient " % (run, a0)),
              "cf 2^64/phi: the golden line as textwrap fills it, a0 = %d and prefix %d (Python's)" % (a0, run),
              "\n".join(got))
        cfrow = flat("".join(label_block(lines, "cf         ")))
        # runs of 4 or more written "1 (x4)"
        parts, k = [], 1
        while k < len(qs):
            j = k
            while j < len(qs) and qs[j] == qs[k]: j += 1
            if j - k >= 4: parts.append("%d(x%d)" % (qs[k], j - k)); k = j
            else: parts.append(str(qs[k])); k += 1
        want = "cf[%d;%s,...]" % (a0, ",".join(parts))
        check(cfrow == want, "cf 2^64/phi: the first 30 quotients whole", cfrow + "\n" + want)
sh = open(os.path.join(tmp, "show")).read()
a = golden(512)
check(("a=%d(0x%x)" % (a, a)) in flat(sh), "show: a = golden(512) whole, decimal and hex (Python's)")
sys.exit(1 if failed() else 0)
PY
then ok "every figure as Python has it"; else bad "a figure lost or changed (above)"; fi

# errors: one line on a pipe (for grep and logs), filled on a terminal
for e in "spectrum 340282366920938463463374607431768211297" "score 2^127-1" \
         "cf 1 2"; do
	# shellcheck disable=SC2086
	./cfx $e >/dev/null 2>"$tmp/pipe"
	expect "cfx $e: the error one line on a pipe" '[ "$(wc -l <"$tmp/pipe")" = 1 ]'
	env COLUMNS=80 script -qec "stty cols 80 rows 24; ./cfx $e" /dev/null >"$tmp/tty" 2>&1
	tr -d '\r' <"$tmp/tty" >"$tmp/tty2"
	w=$(wide "$tmp/tty2")
	joined=$(tr '\n' ' ' <"$tmp/tty2" | tr -s ' ')
	one=$(tr -s ' ' <"$tmp/pipe" | tr -d '\n')
	expect "cfx $e: on a terminal within 80 columns, the same words $w" \
		'[ -z "$w" ] && [ "${joined% }" = "$one" ]'
done
# review's findings: one line each on a pipe (editors and grep read them
# so), filled on a terminal with the same words, the level still first
f=tests/review/fixtures/after_define.patch
./cfx review "$f" >"$tmp/pipe" 2>/dev/null
NO_COLOR=1 script -qec "stty cols 80 rows 24; ./cfx review $f" /dev/null 2>&1 |
	tr -d '\r' >"$tmp/tty"
w=$(wide "$tmp/tty")
expect "review on a terminal: findings within 80 columns $w" \
	'[ -z "$w" ] && [ "$(awk "length > 80" "$tmp/pipe" | wc -l)" -gt 0 ]'
expect "    the same findings as on a pipe, word for word" \
	'[ "$(awk "/^[^ ]/ && NR > 1 { print \"\" } { printf \"%s \", \$0 }" "$tmp/tty" |
	      tr -s " " | sed "s/ \$//")" = "$(tr -s " " <"$tmp/pipe")" ]'
done_suite width_every
