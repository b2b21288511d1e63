# A newcomer's trips of issue 26 (the first hour), said in words that
# name what was typed and what works instead.  The expected values are
# arithmetic done by hand (7 - 5 = 2, the 32-bit hex of 2) and the key
# family names of the man page (seq, stride, random, ...).

# ---- a misspelt key family: the nearest name, as for a misspelt option
# or command, on the command line, before a script and in set keys
$ cfx score 5 -k strde:4096
! cfx: score: unknown key family (strde:4096); did you mean stride:4096?
? 2
$ cfx verify 5 --keys stide:4
! cfx: verify: unknown key family (stide:4); did you mean stride:4?
? 2
$ cfx
< set keys strde:
! cfx: line 1: set: unknown key family (strde:); did you mean stride:?
? 2
$ cfx -k rnadom
! cfx: unknown key family (rnadom); did you mean random?
? 2
$ cfx bench 5 --runs 3 -k strde:4
! cfx: bench: unknown key family (strde:4); did you mean stride:4?
? 2
$ cfx dash -k strde:4 5
! cfx: dash: unknown key family (strde:4); did you mean stride:4?
? 2
# nothing near: the list of families, as before
$ cfx score 5 -k bogus:1
! cfx: score: unknown key family: seq, stride, random, file, malloc, inodes, ptr, high or sparse (bogus:1)
? 2

# ---- cf 5 -5: one EXPR is taken (cfx cf --help); a word glued to its
# minus after a value is a second one, refused naming it, with the
# spaced form that subtracts
$ cfx cf 5 -5
! cfx: cf: a second EXPR after 5; cf takes one (to subtract, write 5 - 5) (-5)
? 2
$ cfx
< naf 7 -5
! cfx: line 1: naf: a second EXPR after 7; naf takes one (to subtract, write 7 - 5) (-5)
? 2
# spaced, or after an operator, it is one expression: 7 - 5 = 2
$ cfx cf 7 - 5 | head -1
> x          0x00000002 / 2^32 = 1/2147483648
$ cfx cf 7 + -5 | head -1
> x          0x00000002 / 2^32 = 1/2147483648
$ cfx cf 7 '*' -5 + 37 | head -1
> x          0x00000002 / 2^32 = 1/2147483648

# ---- a bare constant at a prompt or in a script: what takes it
$ cfx
< 0x61C88647
! cfx: line 1: 0x61C88647: a constant: try cf 0x61C88647, or set const 0x61C88647
? 2
$ cfx
< let a = 3
< a
! cfx: line 2: a: a constant: try cf a, or set const a
? 2
$ cfx
< 0x9e37 * 2^16 + 1
! cfx: line 1: 0x9e37: a constant: try cf EXPR, or set const EXPR
? 2
# a word that is no constant is still an unknown command
$ cfx
< frob 5
! cfx: line 1: frob: unknown command
? 2

# ---- short options: every letter accepted is in the help, and -j is
# --json, -h --help on every command, stats and review included (stats
# refused -j, review too; -h worked unlisted)
$ cfx stats -h | grep -E '^  -[jh], --'
>   -j, --json         one JSON object with every number, all three
>   -h, --help         show this help
$ cfx review -h | grep -E '^  -[jh], --'
>   -j, --json         one JSON object: multipliers and findings
>   -h, --help         show this help
$ printf '1\n2\n3\n4\n' > a; cfx stats -j a > j1; cfx stats --json a > j2; cmp j1 j2 && echo same
> same
$ printf '#define GOLDEN_RATIO_32 0x61C88647\n' > a.c; cfx review -j a.c > j1; cfx review --json a.c > j2; cmp j1 j2 && python3 -c 'import json; print(json.load(open("j1"))["files"][0]["multipliers"][0]["value"])'
> 1640531527

# ---- JSON verdicts in verify's words, upper case: score's and each
# sweep row's (good PASS, weak WARN, bad FAIL, none INFO), by the rule
# of the man page recomputed from the same JSON's R and p
$ cfx score 0x9e370001 -k stride:4096 -t 10 -c 1024 --json | python3 -c 'import json,sys; o=json.load(sys.stdin); print(o["verdict"], o["probe_ratio"] >= 2 and o["p_value"] < 0.001)'
> FAIL True
$ cfx score 0x9e3779b1 --json | python3 -c 'import json,sys; o=json.load(sys.stdin); print(o["verdict"], o["p_value"] >= 0.001)'
> PASS True
$ cfx sweep 0x9e370001 -t 10 -c 1024 --json | python3 -c 'import json,sys; r=json.load(sys.stdin)["rows"]; w=lambda x: "INFO" if x["keys"] < 16 else "FAIL" if x["probe_ratio"] >= 2 and x["p_value"] < 0.001 else "WARN" if x["p_value"] < 0.001 else "PASS"; print(sorted(set(x["verdict"] for x in r)), all(x["verdict"] == w(x) for x in r))'
> ['FAIL', 'INFO', 'PASS', 'WARN'] True
