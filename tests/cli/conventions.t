# Command-line conventions (issue 26): global options with script input,
# help at a prompt, short options in every help, colour, the manual's
# place, and search's defaults, columns and advice.

# global options work with script input: they are the session's first
# settings (--json is set format json; a script's results are JSON Lines)
$ echo 'cf 5' | cfx --json | cut -c 1-25
> {"input":"5","value":"5",
$ echo 'naf 5' | cfx --bits 64 | head -1
> value      0x0000000000000005 = 5 (64-bit, odd, prime)
# a bad one is said as the option (it was "cfx: set: ...")
$ echo 'naf 5' | cfx --bits 70000
! cfx: --bits 70000: every command takes 8..64, or auto
? 2

# a bare command at a prompt points at ?CMD, in a shell at --help
$ cfx
< naf
! cfx: line 1: naf: missing constant (set const EXPR, or see ?naf)
? 2
$ cfx naf
! cfx: naf: missing constant (cfx naf --help)
? 2

# short options are listed wherever they are taken (lesson 11 teaches
# -k -t -c), and they work: the same output as the long ones
$ cfx score --help | grep -E '^  -[ktc], '
>   -t, --table-bits B     table of 2^B buckets (default: n/2, at most 12)
>   -k, --keys FAMILY      key family: seq[:START], stride:S, random[:SEED],
>   -c, --count K          number of keys or points (default: 4 per bucket, but at
$ cfx score -k stride:16 -t 6 -c 512 0x9e3779b9 > a && cfx score --keys stride:16 --table-bits 6 --count 512 0x9e3779b9 > b && cmp a b && echo same
> same

# colour: --color=always|never|auto, anywhere; auto is off here (not a
# terminal, and the suite sets NO_COLOR); always overrides NO_COLOR
$ cfx --color=always score -k stride:4096 0x9e370001 | grep verdict | cat -v
> verdict    ^[[31mbad^[[0m ("FAIL" in JSON): one key family; cfx verify judges a battery
$ cfx score -k stride:4096 0x9e370001 --color never | grep verdict
> verdict    bad ("FAIL" in JSON): one key family; cfx verify judges a battery
$ cfx score -k stride:4096 0x9e370001 | grep -c "$(printf '\033')"
> 0
? 1
$ cfx --color=sometimes cf 5
! cfx: --color must be auto, always or never (sometimes)
? 2

# the manual from the source tree is the file, until make install
$ cd "$(dirname "$(command -v cfx)")" && cfx --help | grep -o 'man ./man/cfx.1'
> man ./man/cfx.1

# search from its help alone: PASS candidates and a front of several
# costs, on 32 bits by the word rule
$ cfx search --json | python3 -c 'import json,sys; j = json.load(sys.stdin); print(j["bits"], j["terms"], j["window"], sum(c["screen"] == "PASS" for c in j["candidates"]) >= 3, len(j["front"]) >= 2, j["front"][-1]["screen"])'
> 32 9 12 True True PASS
# its columns are named in words, over two lines
$ cfx search --terms 3 --screen none | sed -n 4,5p
>                  adders/  golden max early
> rank  multiplier   depth  prefix  quotient  prime  screen  worst family (its R)
# ranks of 5 digits keep the columns: every multiplier starts in one column
$ cfx search --screen none --top 1 | grep -E '^ *[0-9]+  0x' | awk '{ print index($0, "0x") }' | sort -u
> 8
# too many candidates: the advice names values that run
$ cfx search --terms 12 --window 1
! cfx: search: more than 2000000 candidates in the window; try --window 12 (now 1) or --terms 5
? 2
