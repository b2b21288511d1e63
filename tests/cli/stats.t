# cfx stats: input rules and bad input (the report itself is compared with
# ministat and scipy by tests/stats/*.sh).

# standard input, comments, blank lines and a field that starts with #
$ cfx stats -n
< # a comment
< 1
<
< 2 # the first field counts
< 3
< #4
> x <stdin>
>     N           Min           Max        Median           Avg        Stddev
> x   3             1             3             2             2             1

# ministat's median: the point at n/2 of the sorted sample (here 30, not 25)
$ cfx stats -n -q
< 40
< 10
< 30
< 20
> x   4            10            40            30            25     12.909944

# -C and -d: the second comma-separated field; lines without it skipped
$ cfx stats -q -n -C 2 -d ,
< a,1.5
< b,2.5
< c
< d,4.5
> x   3           1.5           4.5           2.5     2.8333333     1.5275252

# Mann-Whitney with 3 against 3 points cannot reach 95%: said on stderr
$ printf '1\n2\n3\n' > a; printf '7\n8\n9\n' > b; cfx stats -A --test mw a b
> x a
> + b
>     N           Min           Max        Median           Avg        Stddev
> x   3             1             3             2             2             1
> +   3             7             9             8             8             1
> No difference proven at 95.0% confidence
> 	shift 6 (Hodges-Lehmann: median of the differences)
> 	(Mann-Whitney U = 9, p = 0.1, exact)
! cfx: stats: warning: + b: with 3 and 3 points no outcome of the Mann-Whitney test can reach 95.0% confidence (smallest p = 0.1)

# 4 points against 3, tied within each sample: the normal approximation
# gives p = 0.0247, but of the C(7, 3) = 35 arrangements of the ranks the
# most extreme has p = 2/35 = 0.0571, so nothing is proven at 95%
$ printf '5\n5\n5\n5\n' > a; printf '7\n7\n7\n' > b; cfx stats -A --test mw a b
> x a
> + b
>     N           Min           Max        Median           Avg        Stddev
> x   4             5             5             5             5             0
> +   3             7             7             7             7             0
> No difference proven at 95.0% confidence
> 	shift 2 (Hodges-Lehmann: median of the differences)
> 	(Mann-Whitney U = 12, p = 0.0247447, normal approximation)
! cfx: stats: warning: + b: with 4 and 3 points no outcome of the Mann-Whitney test can reach 95.0% confidence (smallest p = 0.0571429)

# --ratio when the first sample's median is 0: no ratio, and said so.
# The median is the table's, ministat's x[n/2] of the sorted sample: for
# -3 -1 0 2 that is 0 (the mean of the middle two would be -0.5); for
# -1e308 1e308 x2 it is 1e308, and the ratio python's 2 / 1e308
$ printf -- '-1e308\n1e308\n-1e308\n1e308\n' > a; printf '1\n2\n3\n' > b; cfx stats -A --json --ratio a b 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["comparisons"][0]["ratio"]["estimate"] == 2 / 1e308)'
> True

# ---- bad input --------------------------------------------------------------
$ cfx stats
< 1
< 2
! cfx: stats: the sample ends at line 2 with 2 points; one needs at least 3 (<stdin>)
? 2
$ printf '1\n2\n3\n' > a; printf '# two\n5\n6\n' > b; cfx stats a b
! cfx: stats: the sample ends at line 3 with 2 points; one needs at least 3 (b)
? 2
$ cfx stats
< 1
< 2
< 3x
! cfx: stats: <stdin>:3: not a number (3x)
? 2
$ cfx stats
< 1
< inf
< 3
! cfx: stats: <stdin>:2: not a finite number (inf)
? 2
# numbers near 1e154 square past the doubles; the report is that of
# 1 2 3 against 4 5 6 scaled by 1e154 (scipy on the scaled-down samples:
# t = 3.674, df = 4, p = 0.0213; 2.776445 * sqrt(2/3) = 2.26696)
$ printf '1e154\n2e154\n3e154\n' > a; printf '4e154\n5e154\n6e154\n' > b; cfx stats -A --test welch a b 2>/dev/null
> x a
> + b
>     N           Min           Max        Median           Avg        Stddev
> x   3        1e+154        3e+154        2e+154        2e+154        1e+154
> +   3        4e+154        6e+154        5e+154        5e+154        1e+154
> Difference at 95.0% confidence
> 	3e+154 +/- 2.26696e+154
> 	150% +/- 113.348%
> 	(Welch's t, df = 4, p = 0.0213)
# beyond, a variance that overflows is no obstacle (the tests work in
# units of the standard deviations; tests/stats/huge.sh checks them
# against python); points that span more than the doubles are refused
$ cfx stats
< 1e300
< 2e300
< 3e300
> x <stdin>
> +--------------------------------------------------------------------------+
> |x                                   x                                    x|
> ||___________________________________A____________________________________||
> +--------------------------------------------------------------------------+
>     N           Min           Max        Median           Avg        Stddev
> x   3        1e+300        3e+300        2e+300        2e+300        1e+300
$ cfx stats
< -1.7e308
< 1.7e308
< -1.7e308
< 1.7e308
! cfx: stats: <stdin>:1: numbers too large: the standard deviation overflows a double (-1.7e+308)
? 2
$ cfx stats no-such-file
! cfx: stats: cannot read: No such file or directory (no-such-file)
? 2
$ cfx stats -c 97
! cfx: stats: -c takes 80, 90, 95, 98, 99 or 99.5 (97)
? 2
$ cfx stats -C 0
! cfx: stats: -C must be between 1 and 1000000 (0)
? 2
$ cfx stats -w 2
! cfx: stats: -w must be between 3 and 10000 (2)
? 2
$ cfx stats -d ''
! cfx: stats: -d needs at least one delimiter (-d)
? 2
$ cfx stats --test z
! cfx: stats: --test takes t, welch or mw (z)
? 2
$ cfx stats --resamples 5
! cfx: stats: --resamples must be between 100 and 10000000 (5)
? 2
$ cfx stats -x
! cfx: stats: unknown option (-x)
? 2
$ cfx stats -w
! cfx: stats: option needs a value (-w)
? 2
$ printf '1\n2\n3\n' > a; cfx stats a a a a a a a a
! cfx: stats: too many samples (at most 7) (a)
? 2
$ cfx stats .
! cfx: stats: cannot read: a directory (.)
? 2

# in the REPL (and a script) standard input holds the commands, not data
$ printf 'stats\n' | cfx
! cfx: line 1: stats: standard input holds the commands here; give files
? 2
$ printf '1\n2\n3\n' > s; printf 'stats -n -q s\n' | cfx
> x   3             1             3             2             2             1
# the REPL's `set format json` reaches stats too
$ printf '1\n2\n3\n' > s; printf 'set format json\nstats s\n' | cfx | grep -c '"median":2.0'
> 1
