#!/bin/bash
# One progress line for every command that draws one (score's keys, sweep,
# bench, verify, search): on a terminal (script -q gives stderr a pty) each
# frame is "LABEL [BAR] DONE/TOTAL UNIT[, NOTE]" with a bar of 30 cells,
# filled to floor(30 DONE/TOTAL) where the bar counts the units (verify's
# counts keys, so there only its growth is checked), and the line is erased
# at the end with "\r\033[K"; on a pipe stderr gets no progress at all.
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2

# frames LABEL UNIT SHARE ARGS...: run cfx ARGS on a pty, check its frames
# (SHARE 1: the fill is the count's share; 0: only that it never shrinks)
frames() {
	local label=$1 unit=$2 share=$3; shift 3
	script -q -e -c "./cfx $* >/dev/null" /dev/null >"$tmp/tty" 2>&1
	LC_ALL=C awk -v label="$label" -v unit="$unit" -v share="$share" '
	BEGIN { RS = "\r" }
	{ sub(/\n+$/, "") }
	$0 == "" { next }
	$0 ~ "^" label " \\[" {
		re = "^" label " \\[[#.]+\\] [0-9]+/[0-9]+ " unit "(, [^\033]+)?$"
		if ($0 !~ re) { print "bad frame: " $0; bad = 1; next }
		bar = $0; sub(/^[^[]*\[/, "", bar); sub(/\].*/, "", bar)
		f = gsub(/#/, "#", bar)
		if (bar !~ /^#*\.*$/ || length(bar) != 30) {
			print "not a bar of 30 cells: " $0; bad = 1
		}
		n = $0; sub(/^[^]]*\] /, "", n); split(n, dt, /[\/ ]/)
		if (share && f != int(30 * dt[1] / dt[2])) {
			print "fill " f " for " dt[1] "/" dt[2]; bad = 1
		}
		if (f < last) { print "the fill shrinks: " $0; bad = 1 }
		last = f; k++; final = dt[1] "/" dt[2]; next
	}
	/^\033\[K/ { if (k) cleared = 1; next }
	/\033\[K/ || /^[a-z]+ [0-9]+\/[0-9]+/ || /round [0-9]/ {
		print "another progress format: " $0; bad = 1
	}
	END {
		if (!k) { print "no frame"; bad = 1 }
		split(final, dt, "/")
		if (k && (dt[1] != dt[2] || last != 30)) { print "last frame " final; bad = 1 }
		if (!cleared) { print "the line is not erased"; bad = 1 }
		exit bad
	}' "$tmp/tty" >"$tmp/why" && ok "$label: $*" ||
		bad "$label: $*: $(head -3 "$tmp/why")"
	# the same run on a pipe: no progress on stderr
	./cfx "$@" 2>"$tmp/err" >/dev/null
	# a bar's frame, not the word: bench's one outlier line says "rounds"
	grep -qE "\[[#.]+\] [0-9]+/[0-9]+ $unit" "$tmp/err" &&
		bad "$label: progress on a pipe: $*" ||
		ok "$label: none on a pipe"
}

if ! command -v script >/dev/null; then
	bad "script(1) (util-linux) is needed"
	done_suite progress; exit
fi
frames score keys 1 score --keys random --count 2^21 5
frames sweep strides 1 sweep 0x9e370001 --table-bits 8 --count 1024
frames bench rounds 1 bench 7 --runs 3 --table-bits 3
frames verify families 0 verify 0x61C88647 --table-bits 4-8
# search: one bar over the whole run (it restarted for each phase:
# enumerating, screening (quick), shift/add search, each its own label),
# its fill never shrinking; the phase and the seconds after the count
frames search '(subtrees|candidates)' 0 search --bits 16
script -q -e -c "./cfx search --bits 16 >/dev/null" /dev/null >"$tmp/tty" 2>&1
tr '\r' '\n' <"$tmp/tty" >"$tmp/frames"
expect "search: no frame of its own per phase" \
	'! grep -aqE "^(enumerating|screening|shift/add search) \[" "$tmp/frames"'
for phase in enumerating 'screening (quick)' 'shift/add search'; do
	expect "search: the phase $phase named" \
		'grep -a "^search \[" "$tmp/frames" | grep -qF ", $phase, "'
done
./cfx search --bits 16 2>"$tmp/err" >/dev/null
expect "search: nothing on stderr off a terminal" '[ ! -s "$tmp/err" ]'
# --progress and --no-progress, as git: the bar drawn whatever stderr is
# (a pipe here), or never (a terminal here); global, before or after the
# command, and in a script (cfx --progress -f FILE); never into the
# dashboard's screen (its : line writes no bar)
./cfx --progress sweep 0x9e370001 --table-bits 8 --count 1024 2>"$tmp/err" >/dev/null
expect "--progress: the bar on a pipe, erased at the end" \
	'grep -aq "^sweep \[#" <(tr "\r" "\n" <"$tmp/err") && tail -c 4 "$tmp/err" | grep -q "\[K"'
./cfx bench 7 --runs 3 --table-bits 3 --progress 2>"$tmp/err" >/dev/null
expect "--progress after the command" \
	'tr "\r" "\n" <"$tmp/err" | grep -aqE "^bench \[[#.]+\] [0-9]+/[0-9]+ rounds"'
printf 'sweep 0x9e370001 --table-bits 8 --count 1024\n' >"$tmp/s.cfx"
./cfx --progress -f "$tmp/s.cfx" 2>"$tmp/err" >/dev/null
expect "--progress before a script" 'grep -aq "strides" "$tmp/err"'
./cfx -f "$tmp/s.cfx" 2>"$tmp/err" >/dev/null
expect "a script without it: none" '[ ! -s "$tmp/err" ]'
script -q -e -c "./cfx --no-progress sweep 0x9e370001 --table-bits 8 --count 1024 >$tmp/o" /dev/null >"$tmp/tty" 2>&1
expect "--no-progress: none on a terminal (the sweep ran)" \
	'[ -s "$tmp/o" ] && ! grep -aq "strides" "$tmp/tty"'
script -q -e -c "./cfx sweep 0x9e370001 --table-bits 8 --count 1024 --no-progress >$tmp/o" /dev/null >"$tmp/tty" 2>&1
expect "--no-progress after the command" '[ -s "$tmp/o" ] && ! grep -aq "strides" "$tmp/tty"'
expect "cfx --help names them" './cfx --help | grep -q -- "--progress"'
done_suite progress
