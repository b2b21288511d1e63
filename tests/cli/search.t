# cfx search: bad input names its limit; the 2002 seed primes are found and
# dropped by the screen for a stride.
#
# The reasons, checked with PARI/GP: 0x9e370001 % 2^16 = 1 and
# contfrac(1/2^16) = [0, 65536]; 0x9e37fffffffc0001 % 2^51 = 2^51 - 2^18 + 1
# = 0x7fffffffc0001 and contfrac((2^51-2^18+1)/2^51) = [0, 1, 8589967359,
# ...].  The exact candidate sets are checked against brute force in
# tests/unit/test_search.c.

# ---- bad input: exit 2, one line naming the limit -------------------------
$ cfx search --terms 0
! cfx: search: --terms must be between 1 and 64 (0)
? 2
$ cfx search --terms 65
! cfx: search: --terms must be between 1 and 64 (65)
? 2
$ cfx search --adders 5
! cfx: search: --adders must be between 0 and 4 (5)
? 2
$ cfx search --adders 4
! cfx: search: --adders 4 needs --bits at most 24 (exact enumeration; 3 works up to 64 bits) (4)
? 2
$ cfx search --bits 65 --adders 2 --screen none
! cfx: search: --adders needs --bits at most 64 (use --terms above) (2)
? 2
$ cfx search --window 0
! cfx: search: --window must be between 1 and 32 (0)
? 2
$ cfx search --bits 64 --window 65
! cfx: search: --window must be between 1 and 64 (65)
? 2
$ cfx search --bits 0
! cfx: search: --bits 0: search takes 1..126
? 2
$ cfx search --bits 127
! cfx: search: --bits 127: search takes 1..126
? 2
$ cfx search --near 1
! cfx: search: --near must lie strictly between 0 and 1 (1)
? 2
$ cfx search --near 0
! cfx: search: --near must lie strictly between 0 and 1 (0)
? 2
$ cfx search --near 3/2
! cfx: search: --near must lie strictly between 0 and 1 (3/2)
? 2
$ cfx search --near -1/3
! cfx: search: --near must lie strictly between 0 and 1 (-1/3)
? 2
# --near takes a decimal fraction, exactly: 0.7 is 7/10.  By hand: 2817 =
# 0xb01 and 2815 = 0xaff over 2^12 are 0.68774 and 0.68726, within 2^-6 =
# 0.015625 of 0.7, with 3 signed digits mod 2^12 (2^12 - 2^10 - 2^8 +- 1),
# and no other odd p of at most 3 is; 7/10 gives the same rows
$ cfx search --bits 12 --near 0.7 --window 6 --terms 3 --screen none | sed -n '1p;6,9p'
> search 12-bit, at most 3 signed digits, |p/2^12 - 0.7| <= 2^-6
>    1  0xb01         2/2        2        15  -      -
>        -2^10 - 2^8 + 1
>    2  0xaff         2/2        2        15  -      -
>        -2^10 - 2^8 - 1
$ cfx search --bits 12 --near 7/10 --window 6 --terms 3 --screen none | sed -n '6,9p'
>    1  0xb01         2/2        2        15  -      -
>        -2^10 - 2^8 + 1
>    2  0xaff         2/2        2        15  -      -
>        -2^10 - 2^8 - 1
$ cfx search --near 0.
! cfx: search: a decimal point needs digits on both sides (0.5, not .5 or 5.) (.)
? 2
$ cfx search --near 1.0
! cfx: search: --near must lie strictly between 0 and 1 (1.0)
? 2
$ cfx search --near 1/0
! cfx: search: division by zero: the divisor is 0 (0)
? 2
$ cfx search --screen bogus
! cfx: search: --screen must be quick, full or none (bogus)
? 2
$ cfx search --bits 100 --screen quick
! cfx: search: --screen needs --bits from 8 to 64 (use --screen none) (quick)
? 2
$ cfx search --bits 1 --screen quick
! cfx: search: --screen needs --bits from 8 to 64 (use --screen none) (quick)
? 2
$ cfx search --bits 1 --adders 1 --screen full
! cfx: search: --screen needs --bits from 8 to 64 (use --screen none) (full)
? 2
$ cfx search --bits 7 --screen quick
! cfx: search: --screen needs --bits from 8 to 64 (use --screen none) (quick)
? 2
$ cfx search --bits 1 | sed -n 2,4p
> enumerated 1 form, 1 in the window; screen none: 1 kept, 0 dropped
> words below 8 bits are not screened: too few keys to judge (cfx verify takes 8
>   bits or more)

# the screen is verify's battery: a word gets one by default exactly when
# cfx verify judges it (verify refuses --bits 7 with status 2), and a word
# without one says why once, and offers no cfx verify to run
$ for n in 2 6 7 8 9; do cfx verify --bits $n 0x5 >/dev/null 2>&1; [ $? = 2 ] && v=refused || v=judged; cfx search --bits $n >out; echo "$n $v $(sed -n 2p out | grep -o 'screen [a-z]*') $(grep -c 'not screened' out) $(grep -c 'cfx verify --bits' out)"; done
> 2 refused screen none 1 0
> 6 refused screen none 1 0
> 7 refused screen none 1 0
> 8 judged screen quick 0 1
> 9 judged screen quick 0 1
$ cfx search --bits 6 --json | python3 -c 'import json,sys; j = json.load(sys.stdin); print(j["screen"], j["screen_note"].split(":")[0], [c["screen"] for c in j["candidates"]])'
> none words below 8 bits are not screened ['-']
$ cfx search --bits 6 --screen none | grep -c 'not screened'
> 0
? 1

# with --prime the second count is of primes: the odd p < 2^16 with at
# most 4 signed digits mod 2^16 within 2^-6 of 1/phi are 36 (python3: a
# scan of every odd p, the weight by a carry DP), 6 of them prime (trial
# division); it once said "6 in the window"
$ cfx search --bits 16 --terms 4 --window 6 --prime --screen none | grep '^enumerated'
> enumerated 36 forms, 6 primes in the window; screen none: 6 kept, 0 dropped
$ cfx search --terms 3 --adders 2
! cfx: search: --terms and --adders exclude each other (2)
? 2
$ cfx search --top 0
! cfx: search: --top must be between 1 and 10000 (0)
? 2
$ cfx search 0x9e370001
! cfx: search: search takes no constant; the target is --near EXPR (0x9e370001)
? 2

# ---- the seeds: found among the K = 7 primes, dropped for a stride --------
$ cfx search --bits 32 --prime --top 20 --terms 7 --window 8 | grep -A1 0x9e370001
>   0x9e370001  stride 2^16: R 51.4 at 2^6 x8; >99.9% of random odd multipliers do
>               better; a_1 = 65536 after q = 1: 1 in 4.5e+04 by Gauss-Kuzmin
$ cfx search --bits 64 --prime --top 20 --terms 7 --window 8 | grep -A2 0x9e37fffffffc0001
>   0x9e37fffffffc0001  stride map: keys k*4096 at 2^17 buckets x1 cost 1.46e+04
>                       times a random hash's lookups (predicted), beyond almost
>                       every random multiplier's worst stride

# without a screen the seed is the best-ranked 32-bit prime of its cost
# (golden prefix 12: [0; 1 (x12), 18, ...]); 5 adders, depth 3, not the
# NAF's 6, from cfx's shift/add search, the graph `cfx shifts --optimal`
# prints: t1 = 1 - 2^19, t2 = t1 + 2^29, t3 = 63, t4 = 63 * 513,
# t4 * 2^16 + t2 = 2654404609 = 0x9e370001 (python3); test_search.c runs
# the graph against the multiply; 5 is proven the fewest (no *): every
# graph of 4 adders mod 2^32 is tried, as shifts --optimal does, and
# tests/cost/scm_oracle.c, an exhaustive search of its own, finds none
# ("scm_oracle 32 4 0x9e370001": min >4; tests/cost/minimum.sh)
$ cfx search --bits 32 --window 16 --prime --screen none --top 1 --terms 7 | sed -n 7,8p
>    1  0x9e370001    5/3       12        18  yes    -
>        2^31 + 2^29 - 2^25 + 2^22 - 2^19 - 2^16 + 1

# the same command in the REPL (one command table)
$ cfx repl | grep -c '"hex":"0x9e370001"'
< search --bits 32 --window 16 --prime --screen none --top 1 --terms 7 --json
> 1

# the quick screen judges what it keeps at every table verify judges, so
# its count of WARN families is verify's: 0x9e37fe01 WARNs at strides
# 2^12, 2^13, 2^22, 2^23 and 2^24, 5, as cfx verify --json "warned"
# (PASS, 5 WARN, all five families).  Adders:
# 0x9e37fe01 needs 4 mod 2^32 (a graph that wraps; scm_oracle 32 4: min
# 4, where the heuristic alone found 5), 0x9e37fdff 5 (scm_oracle 32 4:
# min >4), both proven
$ cfx search --bits 32 --near '0x9e37fe01/2^32' --window 30 --terms 7 | sed -n '6p;8p'
>    1  0x9e37fe01    4/4       28         9  -      WARN    stride 2^13 (10.6)
>    2  0x9e37fdff    5/4       16        24  -      WARN    stride 2^13 (10.6)
$ cfx search --bits 32 --near '0x9e37fe01/2^32' --window 30 --terms 7 --json | grep -E 'warn_families' | head -1
>       "warn_families": 5,

# issue 25/26: 0x9e370001 and 0x9e3779ff need 5 adders mod 2^32, proven
# (scm_oracle 32 4: min >4; scm_oracle 32 5: min 5), so no *, as shifts
# --optimal says "proven minimal mod 2^32"; a count above 5 keeps its *
# and the footnote states the rule of shifts --help word for word
$ cfx search --near '0x9e3779ff/2^32' --window 32 --terms 9 --screen none | sed -n 6p
>    1  0x9e3779ff    5/4       30        37  -      -
$ cfx search --near '0x9e370001/2^32' --window 32 --terms 7 --screen none --json | grep -E '"adders(_exact)?"'
>   "adders": null,
>       "adders": 5,
>       "adders_exact": true,
$ cfx search --screen none | grep -A7 '^   \* '
>    * not proven the fewest, by the rule of shifts --optimal:
>      A count of at most 5 adders is proven the fewest: every sequence
>      of at most 4 adders is tried (by shifts --optimal on any word, by
>      search on words of up to 32 bits), which covers every word of up
>      to 19 bits (none needs more). A count above 5 is the fewest found:
>      shifts --optimal proves at least 5, search at least 4, unless
>      doc/mcm5.md proves more. The bound is on every sequence, whatever
>      --max-depth D asks (the sequence shown keeps to depth D).

# every line fits 80 columns, broken between words (--terms 10's rows ran
# to 81 and the reasons a candidate was dropped to 137): the worst
# family's last word goes under its column, a reason wraps under itself;
# the first reason's words are the JSON's, in order
$ cfx search --terms 10 > t && cfx search --terms 10 --json > j && awk 'length > 80' t | wc -l && r=$(python3 -c 'import json; print(json.load(open("j"))["dropped"][0]["reason"])') && tr -s ' \n' ' ' < t | grep -cF "$r"
> 0
> 1
