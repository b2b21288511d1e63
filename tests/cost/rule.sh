#!/bin/bash
# What a count of adders proves (MCM_PROOF_RULE, include/cfx/mcm.h) is
# stated word for word by shifts --help, by search's footnote and by the
# man page, and says what the code does:
#   * the bound holds whatever --max-depth asks: 14709 on 16 bits, 4
#     adders at depth 4, gets "at least 4" at depth 3 (a graph of four
#     exists) and "proven minimal" without a bound; on 20 bits (no graph
#     of four) its 5 at depth 3 is proven minimal mod 2^20;
#   * above 5, shifts --optimal proves at least 5 (0xa1725103 on 32 bits:
#     6 found, "at least 5"; tools/five_many finds no graph of five);
#   * search proves a 5 on 32 bits (0x9e370001: no *), and the rule says
#     it proves no more above 5.
set -u
cd "$(dirname "$0")/../.." || exit 2
exec python3 - "$PWD/cfx" <<'PY'
import re, subprocess, sys
sys.path.insert(0, "tests/lib")
from tally import check, finish
CFX = sys.argv[1]

def cfx(*args):
    return subprocess.run([CFX, *args], capture_output=True, text=True).stdout

hdr = open("include/cfx/mcm.h").read()
m = re.search(r"#define MCM_PROOF_RULE \\\n((?:\t\".*\"(?: \\)?\n)+)", hdr)
rule = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))).replace("\\n", "\n")
lines = rule.split("\n")
check(len(lines) >= 3, "MCM_PROOF_RULE found in include/cfx/mcm.h")

help_ = cfx("shifts", "--help")
# --help refills its prose to 72 columns (76a97ae): word for word, the
# line breaks aside
check(" ".join(rule.split()) in " ".join(help_.split()),
      "shifts --help states the rule")

man = open("man/cfx.1").read().split("\n")
at = [i for i, l in enumerate(man) if "the rule below is MCM_PROOF_RULE" in l]
check(len(at) == 1, "the man page marks the rule once")
if at:
    text = man[at[0] + 1:at[0] + 1 + len(lines)]
    check([l.replace("\\-", "-") for l in text] == lines,
          "the man page states the rule word for word")

out = cfx("search", "--screen", "none")
foot = out[out.find("not proven the fewest"):]
check(all(("     " + l) in foot for l in lines),
      "search's footnote states the rule")

# what it says against what the code does
check("whatever\n--max-depth D" in rule,
      "the rule says the bound holds whatever --max-depth")
d3 = cfx("shifts", "--optimal", "--bits", "16", "--max-depth", "3", "14709")
d0 = cfx("shifts", "--optimal", "--bits", "16", "14709")
check("at least 4" in d3 and "proven minimal mod" not in d3.split("\n")[0],
      "14709 on 16 bits, --max-depth 3: at least 4, not proven mod 2^16")
check("proven minimal mod 2^16" in d0 and "\n4 adders" in d0,
      "14709 on 16 bits without a bound: 4 adders, proven")
d3_19 = cfx("shifts", "--optimal", "--bits", "20", "--max-depth", "3", "14709")
check("proven minimal mod 2^20" in d3_19.split("\n")[0] and "\n5 adders" in d3_19,
      "14709 on 20 bits, --max-depth 3: 5 adders, proven (at least 5)")
big = cfx("shifts", "--optimal", "--bits", "32", "0xa1725103")
check("heuristic; at least 5" in big and "shifts --optimal proves at least 5" in rule,
      "0xa1725103 on 32 bits: at least 5 proven")
check("search at least 4" in rule, "the rule says search proves 4 above 5")
s5 = cfx("search", "--near", "0x9e370001/2^32", "--window", "32", "--terms",
         "7", "--screen", "none", "--json")
check('"adders_exact": true' in s5, "search: 0x9e370001's 5 is proven")
finish()
PY
