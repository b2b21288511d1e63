# The bad-inputs table of man/cfx.1 (section BAD INPUT), one case a row:
# files that are not text, inputs without end, requests beyond the limits.
# Each gets one line on stderr, nothing on stdout and exit status 2, before
# any time or memory is spent.  Keep the rows in the order of the table.

# ---- scripts: -f FILE and stdin ---------------------------------------
$ cfx -f .
! cfx: repl: cannot read script: a directory (.)
? 2
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 -f .
! cfx: learn: cannot read script: a directory (.)
? 2
$ cfx -f /dev/zero
! cfx: repl: cannot read script: not a regular file or pipe (/dev/zero)
? 2
$ cfx < /dev/zero
! cfx: line 1: cfx: a NUL byte in the line (\x00)
? 2
$ printf 'cf 13/8\ncf 1\000junk\n' | cfx
> x          13/8
> cf         [1; 1, 1, 1, 2]
> terms      5 (complete)
> golden     prefix 3 (of frac(x) = x - 1); largest quotient 2 at a_4
> |x-1/phi|  1.01
! cfx: line 2: cfx: a NUL byte in the line (\x00)
? 2
$ head -c 70000 /dev/zero | tr '\0' x | cfx
! cfx: line 1: cfx: the line is longer than 65536 bytes (xxxxxxxxxxxxxxxx...)
? 2

# ---- key files ---------------------------------------------------------
$ cfx score --keys file:/dev/zero 5
! cfx: score: cannot read key file: not a regular file or pipe (/dev/zero)
? 2
$ cfx score --keys file:/dev/null 5
! cfx: score: no keys in the key file (/dev/null)
? 2
$ cfx score --keys file:. 5
! cfx: score: cannot read key file: a directory (.)
? 2
# no end: refused as the lines come (it grew to 1 GB before), and within
# 2^22 lines; 128 MiB of long comment lines likewise (that one ran for
# ever: timeout makes a regression fail, not hang)
$ yes 12345 | timeout 60 cfx score --keys file:/dev/stdin 5
! cfx: score: the key file has more than 2^22 lines (--count N takes the first N keys) (/dev/stdin)
? 2
$ yes "#$(head -c 1000 /dev/zero | tr '\0' x)" | timeout 60 cfx score --keys file:/dev/stdin 5
! cfx: score: the key file is larger than 128 MiB (--count N takes the first N keys) (/dev/stdin)
? 2
# a stats sample is a data file too (yes 1 | cfx stats grew without end)
$ seq 10 > s && yes 1 | timeout 60 cfx stats /dev/stdin s
! cfx: stats: the sample has more than 2^22 lines (/dev/stdin)
? 2
$ printf '1\n2\n3\n4\000\n' > s && cfx stats s s
! cfx: stats: s:4: a NUL byte in the line (\x00)
? 2
# inodes:/ walked the whole file system: a walk stops after 2^18 files
# (lowered here to 4 by the tests' variable); --count takes the first N
$ mkdir -p d/e && touch d/e/1 d/e/2 d/e/3 && CFX_TEST_INODES_MAX=4 cfx score --keys inodes:d 5
! cfx: score: more than 4 files under the directory, the most a walk takes (--count N takes the first N) (d)
? 2
$ mkdir -p d/e && touch d/e/1 d/e/2 d/e/3 && CFX_TEST_INODES_MAX=4 cfx score --json --keys inodes:d --count 4 5 | grep -c inode
> 1
$ : > empty && cfx score --keys file:empty 5
! cfx: score: no keys in the key file (empty)
? 2
$ printf '# only a comment\n' > k && cfx score --keys file:k 5
! cfx: score: no keys in the key file (k)
? 2
$ printf '1\n2\0003\n' > k && cfx score --keys file:k 5
! cfx: score: k:2: a NUL byte in the line (\x00)
? 2
$ head -c 70000 /dev/zero | tr '\0' 1 > k && cfx score --keys file:k 5
! cfx: score: k:1: the line is longer than 65536 bytes (1111111111111111...)
? 2

# ---- lesson and facts files -------------------------------------------
$ cfx learn --check /dev/zero
! cfx: learn: cannot read lesson: not a regular file (/dev/zero)
? 2
$ cfx learn --check .
! cfx: learn: cannot read lesson: a directory (.)
? 2
$ mkdir l && ln -s /dev/zero l/01-zero.lesson && CFX_LESSONS=l cfx learn 1
! cfx: learn: cannot read lesson: refused: a symbolic link, not followed (l/01-zero.lesson)
? 2
$ CFX_FACTS=/dev/zero cfx learn --check "$(dirname "$(command -v cfx)")/tests/lessons/fixtures/01-mini.lesson" 2>&1 >/dev/null
> cfx: learn: cannot read the facts file: not a regular file (/dev/zero)
? 1
$ printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nsolution: cf 1/2\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:2: step has no hint: (S)
? 2
$ printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\nfocus: cff\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:5: focus: names no panel (cf, naf, shifts, spectrum, score, sweep, verify) (cff)
? 2
$ awk 'BEGIN { print "title: Long"; for (i = 1; i <= 1001; i++) printf "step: S%d\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nhint: h\nsolution: cf 1/2\n", i }' > long.lesson && cfx learn --check long.lesson
! cfx: learn: long.lesson:6002: too many steps (at most 1000) (S1001)
? 2
$ printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.quotients[-9223372036854775808] == 1\nhint: h\nsolution: cf 1/2\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:5: bad check: an index is at most 10^9 either way ([...)
? 2

# ---- the progress file ------------------------------------------------
$ mkdir -p st/cfx && mkfifo st/cfx/progress && printf 'quit\n' | XDG_STATE_HOME=$PWD/st CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>err >/dev/null; st=$?; sed "s|$PWD/||; s/corrupt-[0-9-]*/corrupt-DATE/" err; exit $st
> cfx: learn: the progress file could not be read (not a regular file); it was set aside as st/cfx/progress.corrupt-DATE and progress starts afresh
$ mkdir -p st2/cfx && printf 'mini 1 +.\nno marks\n' > st2/cfx/progress && printf 'quit\n' | XDG_STATE_HOME=$PWD/st2 CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>err >/dev/null; st=$?; sed "s|$PWD/||; s/corrupt-[0-9-]*/corrupt-DATE/" err; exit $st
> cfx: learn: the progress file could not be read (a line is not NAME STEP MARKS, line 2); it was set aside as st2/cfx/progress.corrupt-DATE and the 1 lesson read is kept
$ : > stf && printf 'cf 13/8\nanswer 2\n' | XDG_STATE_HOME=$PWD/stf CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>err >/dev/null; st=$?; sed "s|$PWD/||g" err; exit $st
> cfx: learn: progress cannot be saved: stf is not a directory; XDG_STATE_HOME must name a directory cfx can write (stf)
? 1
# a state directory that cannot be made says which and why, in one line;
# the reason is what mkdir(2) says there (mkdir(1) asks it)
$ printf 'cf 13/8\nanswer 2\n' | XDG_STATE_HOME=/proc CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>err >/dev/null; st=$?; why=$(mkdir /proc/cfx 2>&1 | sed 's/.*: //'); sed "s|($why)|(WHY)|" err; exit $st
> cfx: learn: progress cannot be saved: the directory /proc/cfx cannot be made in /proc (WHY); XDG_STATE_HOME must name a directory cfx can write (/proc/cfx)
? 1
$ mkdir -p st3/cfx && mkfifo st3/cfx/progress.lock && printf 'cf 13/8\nanswer 2\n' | XDG_STATE_HOME=$PWD/st3 CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>err >/dev/null; st=$?; sed "s|$PWD/||g" err; exit $st
> cfx: learn: progress cannot be saved: its lock file st3/cfx/progress.lock is not a regular file (st3/cfx/progress)
? 1
# the list saves nothing, but says once that progress cannot be kept, and
# lists (the fixtures' one lesson)
$ : > stl && XDG_STATE_HOME=$PWD/stl CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn --list 2>err >out; st=$?; grep -c ' mini ' out; sed "s|$PWD/||g" err; exit $st
> 1
> cfx: learn: progress cannot be kept: stl is not a directory; XDG_STATE_HOME must name a directory cfx can write (stl)

# ---- a named pipe whose writer comes later is read, not taken as empty
# (it was: the script ran nothing, exit 0, and the writer hung)
$ mkfifo ff && { timeout 10 sh -c 'sleep 1; printf "cf 13/8\n" > ff' & } && cfx -f ff
> x          13/8
> cf         [1; 1, 1, 1, 2]
> terms      5 (complete)
> golden     prefix 3 (of frac(x) = x - 1); largest quotient 2 at a_4
> |x-1/phi|  1.01

# ---- messages: tokens are cut and escaped -----------------------------
$ cfx naf "$(printf '%0200d' 0 | tr 0 x)"
! cfx: naf: unknown name (xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...)
? 2
# a script is a user's file: its word by the rule of a bad line (16 bytes)
$ printf '%0200d\n' 0 | tr 0 x | cfx
! cfx: line 1: xxxxxxxxxxxxxxxx...: unknown command
? 2
$ cfx naf "$(printf 'x\377')"
! cfx: naf: unexpected character (\xff)
? 2
$ cfx naf "$(printf '\303\251')"
! cfx: naf: unexpected character (é)
? 2
# a bidi override (U+202E) or a zero-width space by its code, never raw
$ cfx cf "$(printf '5\342\200\256')"
! cfx: cf: unexpected character (\u{202e})
? 2
$ cfx naf "$(printf '\342\200\2135')"
! cfx: naf: unexpected character (\u{200b})
? 2
# ... also where a near name is offered (the option or command is raw)
$ cfx naf "$(printf -- '--bist\377')"
! cfx: naf: unknown option (--bist\xff); did you mean --bits?
? 2
$ cfx dash "$(printf -- '--bist\377')"
! cfx: dash: unknown option (--bist\xff); did you mean --bits?
? 2
$ cfx help "$(printf 'cf\377')"
! cfx: help: no such command (cf\xff); did you mean cf?
? 2
$ seq 200 | tr '\n' ' ' | sed 's/^/cf /' | cfx
! cfx: line 1: cfx: too many words on one line (128)
? 2

# ---- options -----------------------------------------------------------
$ cfx verify --against abc 5
! cfx: verify: unknown name (abc)
? 2
$ cfx verify 0x9e370001 --against 0x61C8864680B583EB
! cfx: verify: --against is a 64-bit multiplier and the candidate 32-bit; give --bits N to judge both at N (0x61C8864680B583EB)
? 2
$ cfx verify 0x61C8864680B583EB --against 0x9e370001
! cfx: verify: --against is a 32-bit multiplier and the candidate 64-bit; give --bits N to judge both at N (0x9e370001)
? 2
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2
! cfx: learn: unknown argument (2)
? 2
$ cfx learn --check
! cfx: learn: --check needs a lesson file (--check)
? 2
$ cfx stats < /dev/null
! cfx: stats: the sample ends at line 0 with 0 points; one needs at least 3 (<stdin>)
? 2
$ cfx shifts --json --emit c 0x9e370001
! cfx: shifts: --json and --emit do not go together (--emit)
? 2

# ---- limits: refused before the work, the number at fault named ------
$ cfx cf --terms 40 'sqrt(2^1000001)'
! cfx: cf: 40 terms of a quadratic number of 1000008 bits are too much work (at most 33) (sqrt(2^1000001))
? 2
$ cfx score --keys random --count 2^28 5
! cfx: score: the keys would take 4096 MiB, over the 1024 MiB one request may take (2^28)
? 2
$ cfx score --keys random --count 2^27 5
! cfx: score: the keys would take 2048 MiB, over the 1024 MiB one request may take (2^27)
? 2
$ cfx score --keys malloc:4096 --count 2^20 5
! cfx: score: the keys would take 4120 MiB, over the 1024 MiB one request may take (2^20)
? 2
$ cfx score --bits 8 --keys malloc:99999999999999 5
! cfx: score: the keys would take 6103515626 MiB, over the 1024 MiB one request may take (malloc:99999999999999)
? 2
$ cfx sweep --count 2^28 5
! cfx: sweep: the sweep would take 2049 MiB, over the 1024 MiB one request may take (2^28)
? 2
# search's candidates are capped at 2 * 10^6 (half a second to reach): the
# message says what to change, with values seen to run (issue 26: window
# 5 and 11 terms were refused again), not the value given
$ cfx search --bits 32 --terms 12 --window 1
! cfx: search: more than 2000000 candidates in the window; try --window 12 (now 1) or --terms 5
? 2
$ cfx spectrum 0x9e370001 --count 2^27
! cfx: spectrum: --count must be between 1 and 67108864 (2^27)
? 2
$ CFX_TEST_MEMAVAILABLE_MIB=100 cfx spectrum 0x9e370001 --count 2^24
! cfx: spectrum: the points would take 256 MiB, more than the 100 MiB available now (2^24)
? 2
$ CFX_TEST_MEMAVAILABLE_MIB=100 cfx score --keys random --count 2^24 5
! cfx: score: the keys would take 256 MiB, more than the 100 MiB available now (2^24)
? 2
$ cfx score --keys random --count 2^29 5
! cfx: score: --count must be between 1 and 268435456 (2^29)
? 2
$ cfx bench --count 4294967297 5
! cfx: bench: --count must be between 1 and 268435456 (4294967297)
? 2
# sweep's default count, 4 keys a bucket, over that range at 2^28 buckets
$ cfx sweep -t 28 5
! cfx: sweep: 1073741824 keys: --count must be between 1 and 268435456
? 2
# an expression past the parser's 4096 numbers, names and calls: the text
# from the first one past the limit is named (it was its lone token "(2)"),
# and a sum of 1500 terms is not called "over 4096 terms"
$ e=$(i=1000; s="nextprime(2^$i)"; while [ $i -lt 2499 ]; do i=$((i + 1)); s="$s+nextprime(2^$i)"; done; echo "$s"); cfx naf "$e"
! cfx: naf: expression too long (over 4096 numbers, names and calls), past the limit at (2^2365)+nextprime(2^2366)+nextprime(2^2367)+nextprime(2^2368...)
? 2
$ i=0; { echo 'let a0 = 1'; while [ $i -lt 12 ]; do echo "let a$((i + 1)) = a$i + a$i"; i=$((i + 1)); done; } > lets; cfx -f lets
! cfx: lets:13: let: expression too large once names are replaced (over 4096 nodes) (a11)
? 2
$ i=0; while [ $i -lt 300 ]; do echo "let v$i = $i"; i=$((i + 1)); done > lets; cfx -f lets
! cfx: lets:257: let: too many names (at most 256; let one of them again) (v256)
? 2
$ printf 'cf 13/8\nanswer 2\n' | env -u HOME -u XDG_STATE_HOME CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>&1 >/dev/null
> cfx: learn: progress cannot be saved: neither XDG_STATE_HOME nor HOME is set (HOME)
? 1
$ printf 'cf 13/8\nanswer 2\n' | env -u HOME XDG_STATE_HOME=rel CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 2>&1 >/dev/null
> cfx: learn: progress cannot be saved: XDG_STATE_HOME is not an absolute path and HOME is not set (rel)
? 1
$ awk 'BEGIN { s = "answer "; for (i = 0; i < 5000; i++) s = s "7"; print s }' | XDG_STATE_HOME=$PWD/sa CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 2 > out; st=$?; grep longer out; exit $st
> That answer is longer than 4096 characters; no step's answer is.
? 1

# ---- the environment, files cfx writes, compilers, output ---------------
# (tests/harden/*.sh has the rest: another user's directory, signals,
# noexec, SIGCHLD ignored, the dashboard)
# standard input closed (cfx <&-): said so, not "Bad file descriptor"
# (tests/harden/stdin_closed.sh has every face)
$ cfx <&-
! cfx: repl: standard input is closed
? 2
$ cfx review - <&-
! cfx: review: standard input is closed (-)
? 2
# a $TMPDIR others can write and not sticky: another user could swap
# cfx's private directory in it (tests/harden/tmpdir.sh has the rest)
$ mkdir w && chmod 777 w && TMPDIR=$PWD/w cfx bench 0x61C88647 --runs 3 2>err; st=$?; sed "s|$PWD/||" err >&2; exit $st
! cfx: bench: $TMPDIR is not safe for temporary files: writable by others (and not sticky) (w)
? 2
$ CFX_BENCH_BUDGET=1.5 cfx bench 5
! cfx: bench: $CFX_BENCH_BUDGET is not a number of seconds from 0 to 3600 (CFX_BENCH_BUDGET=1.5)
? 2
$ CFX_BENCH_COPIES=129 cfx bench 5
! cfx: bench: $CFX_BENCH_COPIES is not a number of copies from 1 to 128 (CFX_BENCH_COPIES=129)
? 2
$ cfx naf 'nextprime(nextprime(nextprime(nextprime(nextprime(nextprime(nextprime(2^2047)))))))'
! cfx: naf: too costly to evaluate (more than about 2 s of work) (nextprime(nextprime(nextprime(nextprime(nextprime(nextprime(...)
? 2
$ cfx cf 5 >/dev/full
! cfx: cf: cannot write output: No space left on device
? 2
$ echo 'cf 5' | cfx >/dev/full
! cfx: repl: cannot write output: No space left on device
? 2
$ cfx --help >/dev/full
! cfx: help: cannot write output: No space left on device
? 2
$ mkdir -m 777 ww && chmod 777 ww && cfx bench 5 --runs 3 --raw ww
! cfx: bench: refused: writable by others (and not sticky) (ww)
? 2
$ mkdir sticky && chmod 1777 sticky && ln -s /nonexistent sticky/0x05-mul.txt && cfx bench 5 --bits 8 --runs 3 --raw sticky 2>&1 >/dev/null | grep -v warning | sed "s|$PWD/||"; exit 2
> cfx: bench: exists, in a directory others can write: cfx makes only new files there (sticky/0x05-mul.txt)
? 2
$ CC=false cfx bench 5 --runs 3
! cfx: bench: the compiler failed (exit status 1) (false)
? 2
$ CC=g++ cfx bench 5 --runs 3
! cfx: bench: the compiled object has no function cfx_bench_0 (a C++ compiler? set CC to a C compiler) (g++)
? 2
$ CC='gcc "-O2' cfx bench 5 --runs 3
! cfx: bench: $CC leaves a quote open (gcc "-O2)
? 2
$ TMPDIR=/proc cfx bench 5 --runs 3
! cfx: bench: cannot make a temporary directory in $TMPDIR: No such file or directory (/proc)
? 2
$ cfx bench 5 --bits 64 --table-bits 24 --runs 3
! cfx: bench: the keys, their copies and the tables would take 1152 MiB, over the 1024 MiB one request may take (24)
? 2

# ---- limits: bounded work, said on the output -------------------------
$ cfx cf --convergents 'golden(65536)' | tail -n 1 | sed 's/first [0-9]* /first N /'
> (the first N convergents: the rest would pass 16 MiB)
$ cfx cf --json --terms 100000 phi | python3 -c 'import json, sys; o = json.load(sys.stdin); print(len(o["quotients"]), 0 < len(o["convergents"]) < 100000)'
> 100000 True
