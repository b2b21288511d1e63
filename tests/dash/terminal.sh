#!/bin/bash
# The dashboard and its terminal: errors before curses starts, ASCII and
# monochrome screens, SIGTERM, the latency log, key families and sizes,
# and input that stays live while a large workload is hashed.
. "$(dirname "$0")/lib.bash"

# ---- before curses: one line on stderr, status 2, nothing on stdout ----
out=$(./cfx dash 0x1g 2>"$TM_DIR/err" </dev/null); st=$?
check "bad EXPR: status 2" test "$st" = 2
check "bad EXPR: one line naming the token" \
	test "$(cat "$TM_DIR/err")" = "cfx: dash: bad hex digit in number (0x1g)"
check "bad EXPR: nothing on stdout" test -z "$out"
./cfx dash --bits 16 0x9e370001 2>"$TM_DIR/err" </dev/null; st=$?
check "EXPR wider than --bits: status 2" test "$st" = 2
check "and says so" grep -q 'does not fit in 16 bits' "$TM_DIR/err"
./cfx dash --frobnicate 2>"$TM_DIR/err" </dev/null; st=$?
check "unknown option: status 2" test "$st" = 2
./cfx dash 5 >/dev/null 2>"$TM_DIR/err" </dev/null; st=$?
check "not a terminal: status 2" test "$st" = 2
check "not a terminal: a clear message" grep -q 'needs a terminal' "$TM_DIR/err"
check "--help works anywhere" bash -o pipefail -c './cfx dash --help </dev/null | grep "^usage: cfx" >/dev/null'

# ---- ASCII: a non-UTF-8 locale, or --ascii ----
ascii_ok() {   # nothing but printable ASCII on the screen
	! tm_screen | LC_ALL=C grep -q '[^ -~]'
}
tm kill-server 2>/dev/null; sleep 0.2
tm_start 80 24 env LC_ALL=C ./cfx
check "C locale: the panels" tm_wait '^- Continued fraction of p/2\^32 -+\+'
check "C locale: runs written (x20)" tm_wait '^ \[0; 1 \(x20\), 4, 7, 7, 18'
check "C locale: chi^2 spelled out" tm_wait 'chi\^2 [0-9.]+ on 4095 dof'
check "C locale: only ASCII on the screen" ascii_ok
tm_type 'q'; tm_exited >/dev/null
dash_start 120 40 --ascii
check "--ascii in a UTF-8 locale: the panels" tm_wait 'Spectrum \{k p/2\^32\}'
check "--ascii: only ASCII on the screen" ascii_ok
tm_type 'q'
check "--ascii: q exits 0" test "$(tm_exited)" = 0

# ---- signals restore the terminal ----
cat > "$TM_DIR/run" <<EOS
#!/bin/sh
echo \$\$ > "$TM_DIR/pid"
exec env LC_ALL=C.UTF-8 ./cfx
EOS
chmod +x "$TM_DIR/run"
tm kill-server 2>/dev/null; sleep 0.2
tm_start 80 24 "$TM_DIR/run"
tm_wait 'golden prefix 20' >/dev/null
check "the dashboard uses the alternate screen" \
	test "$(tm display -p -t t '#{alternate_on}')" = 1
kill -TERM "$(cat "$TM_DIR/pid")"
check "SIGTERM ends it (status 143)" test "$(tm_exited)" = 143
check "SIGTERM leaves no alternate screen" \
	test "$(tm display -p -t t '#{alternate_on}')" = 0

# ---- the latency log ----
tm kill-server 2>/dev/null; sleep 0.2
tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG="$TM_DIR/lat" ./cfx
tm_wait 'golden prefix 20' >/dev/null
tm_type 'n'
tm_wait 'nextprime' >/dev/null
tm_type ']'
tm_wait 'K = 14' >/dev/null
tm_type 'q'; tm_exited >/dev/null
# a key whose score had not come by q logs score_us=-1 (a slow build:
# SANITIZE=1 scores after the frame, and q may come first)
check "CFX_LATENCY_LOG: a line per key before q" \
	test "$(grep -Ec '^key=.* frame_us=[0-9]+ score_us=(-1|[0-9]+)$' "$TM_DIR/lat")" = 2

# a FIFO nobody reads (open(2) would wait for a reader for ever), a
# directory and an unwritable path: one line before the screen is taken,
# status 2, never a hang
mkfifo "$TM_DIR/fifo"
tm kill-server 2>/dev/null; sleep 0.2
tm_start 200 10 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG="$TM_DIR/fifo" ./cfx
check "CFX_LATENCY_LOG a FIFO: refused at once, status 2" \
	test "$(tm_exited 5)" = 2
# (cfx alone: the face is not named, as the user did not type it)
check "    in one line naming it" \
	tm_wait "^cfx: CFX_LATENCY_LOG must be a regular file, not a FIFO \($TM_DIR/fifo\)$" 1
tm kill-server 2>/dev/null; sleep 0.2
tm_start 200 10 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG="$TM_DIR" ./cfx dash
check "CFX_LATENCY_LOG a directory: status 2" test "$(tm_exited 5)" = 2
why=$( (: >>"$TM_DIR") 2>&1 | sed 's/.*: //')   # the shell's open(2) says why
check "    said with the system's reason ($why)" \
	tm_wait "^cfx: dash: CFX_LATENCY_LOG cannot be opened: $why \($TM_DIR\)$" 1

# a path through another user's link (as root: a link of nobody's in
# /tmp to a directory of root's): refused, one line, nothing made there
# (issue 22, a trial: the file was made through the link)
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir -p "$TM_DIR/rootdir"; evl=/tmp/cfx-evl-$$
	rm -f "$evl"; runuser -u nobody -- ln -s "$TM_DIR/rootdir" "$evl"
	tm kill-server 2>/dev/null; sleep 0.2
	tm_start 200 10 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG="$evl/lat.log" ./cfx dash
	check "CFX_LATENCY_LOG through another user's link: status 2" test "$(tm_exited 5)" = 2
	check "    said in one line naming the directory" \
		tm_wait "^cfx: dash: CFX_LATENCY_LOG cannot be written there: .*($evl)" 1
	check "    and nothing made through the link" test ! -e "$TM_DIR/rootdir/lat.log"
	rm -f "$evl"
fi

# ---- settings keys move the scoring ----
dash_start 120 40
tm_wait 'golden prefix 20' >/dev/null
tm_type '>'
check "> doubles the table: 2^13 buckets, 4 keys a bucket" \
	tm_wait 'Buckets: 2\^15 seq keys into 2\^13 \(b = 13\)'
tm_type ')'
check ") doubles the keys" tm_wait 'Buckets: 2\^16 seq keys into 2\^13'
check "    and its score (2^16 seq keys: 65536 distinct)" tm_wait "keys +65536 distinct"
# k: stride:4096 keys i*4096 mod 2^32 for i < 2^16 (the count asked by ')'
# stays): 2^32/4096 = 2^20 multiples exist, so all 2^16 are distinct; the
# panel's figure is the new score's once the title has changed
distinct=$(( (1 << 16) < (1 << 32) / 4096 ? (1 << 16) : (1 << 32) / 4096 ))
tm_type 'k'
check "k: the next key family (stride:4096)" tm_wait 'Buckets: 2\^16 stride:4096 keys into 2\^13'
check "    and its score ($distinct distinct)" tm_wait "keys +$distinct distinct"
tm_type 'w'
check "w: n = 64" tm_wait '= 0x000000009e3779b1 = 2654435761 +n = 64'
check "    the CF follows (PARI/GP)" cf_is "$(gp_cf '2654435761/2^64')"
tm_type ':set keys stride:4096'; tm_keys Enter
tm_type ':set count 2^16'; tm_keys Enter
tm_type ':set table 12'; tm_keys Enter
want=$(set -o pipefail; ./cfx score 2654435761 --bits 64 --keys stride:4096 --count 2^16 --table-bits 12 --json |
	awk -F': *' '/"chi2"/ { sub(/,$/, "", $2); printf "%.6g\n", $2 }'); st=$?
check "cfx score for the reference: status 0, a figure" test "$st" = 0 -a -n "$want"
check ":set keys/count/table: the score of cfx score ($want)" \
	tm_wait "χ² +$(req "$want") on 4095 dof"
tm_type 'q'; tm_exited >/dev/null

# ---- ) ten times, then k: the limit named, never gigabytes ----
# b = 16: 4 keys a bucket is 2^18 seq keys, ) x10 makes 2^28 (KEYS_MAX).
# Those are a progression, hashed as made: no 2 GiB array.  k asks for
# 2^28 stride:4096 keys, which repeat (2^32/4096 = 2^20 distinct) and need
# an array and its sort: 2^28 * 8 * 2 bytes, over the 1 GiB cap.
dash_start 120 40 --table-bits 16
check "b = 16: 2^18 seq keys" tm_wait 'Buckets: 2\^18 seq keys into 2\^16'
for i in 1 2 3 4 5 6 7 8 9 10; do tm_type ')'; done
check ") x10: 2^28 seq keys" tm_wait 'Buckets: 2\^28 seq keys into 2\^16'
check "    all scored ($((1 << 28)) distinct)" \
	tm_wait "keys +$((1 << 28)) distinct \($((1 << 28)) made\)" 120
tm_type 'k'
mib=$(( (1 << 28) * 8 * 2 >> 20 ))
check "k: 2^28 stride:4096 keys refused, naming the count" \
	tm_wait "keys: the keys would take $mib MiB, over the 1024 MiB one request may take \(count $((1 << 28))\)" 30
pid=$(pgrep -P "$(tm display -p -t t '#{pane_pid}')" -x cfx)
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
check "    its peak memory stayed under 1 GiB (VmHWM ${hwm:-?} kB)" \
	test -n "$hwm" -a "${hwm:-0}" -lt $((1 << 20))
tm_type 'q'
check "    q exits 0" test "$(tm_exited)" = 0

# ---- a large workload never holds up input ----
# 2^25 random keys take a while to make and to hash; the key's frame must
# come before its score (the latency log says when each was drawn)
tm kill-server 2>/dev/null; sleep 0.2
rm -f "$TM_DIR/lat"
tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG="$TM_DIR/lat" ./cfx dash \
	--keys random --count 2^25
check "large workload: progress is shown" tm_wait 'making keys|hashing|computing'
tm_type 'n'
check "the key is shown" tm_wait 'const nextprime\(0x9e3779b1\)'
check "the score arrives" tm_wait 'χ² +[0-9.e+]+ on 4095 dof' 60
tm_type 'q'
check "q exits 0" test "$(tm_exited 20)" = 0
check "its frame came before its score" awk '
	/^key=n / { split($2, f, "="); split($3, s, "="); n++
	            ok = f[2] >= 0 && s[2] > f[2] }
	END { exit !(n == 1 && ok) }' "$TM_DIR/lat"
cat "$TM_DIR/lat"

# ---- the session's quit words leave from the ':' line: quit and exit are
# one row of the command table each, :q is vi's ----
for w in quit exit q; do
	tm kill-server 2>/dev/null; sleep 0.2
	tm_start 80 24 ./cfx dash
	tm_wait 'Buckets' >/dev/null
	tm_type ":$w"; tm_keys Enter
	check ":$w leaves the dashboard, status 0" test "$(tm_exited 20)" = 0
done

tm_summary
