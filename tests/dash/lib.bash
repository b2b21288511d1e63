# tests/dash/lib.bash - helpers for the dashboard tests (sourced, not run).
# Expected values come from PARI/GP and from the CLI, never from the
# dashboard itself; screens are read with capture-pane and every wait is a
# bounded retry on a screen condition (tests/lib/tmux.sh).
. "$(dirname "${BASH_SOURCE[0]}")/../lib/tmux.sh"

# Start the dashboard (any arguments) in a WxH window, UTF-8 locale.
dash_start() {
	local w=$1 h=$2 i=0; shift 2
	# a server still shutting down can take tm_start's new session with
	# it ("server exited unexpectedly"): let it go first
	tm kill-server 2>/dev/null
	while tm list-sessions >/dev/null 2>&1 && [ $i -lt 100 ]; do
		sleep 0.05; i=$((i + 1))
	done
	tm_start "$w" "$h" env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= ./cfx "$@"
}

# gp_cf EXPR [TIMES]: the continued fraction of EXPR by PARI/GP, written as
# the dashboard writes it: [a0; a1, ...], runs of 4 or more "1 (x20)".
gp_cf() {
	echo "contfrac($1)" | gp -q -f | tr -d '[] ' |
	awk -F, -v x="${2:-×}" '{
		s = "[" $1; sep = "; "
		for (i = 2; i <= NF; i = j) {
			for (j = i + 1; j <= NF && $j == $i; j++)
				;
			if (j - i >= 4) { s = s sep $i " (" x (j - i) ")" }
			else { j = i + 1; s = s sep $i }
			sep = ", "
		}
		print s "]"
	}'
}

# The continued fraction as shown: the CF panel's lines (left of the first
# separator) from its title to the "golden prefix" line, joined.
cf_shown() {
	tm_screen | awk -F'│' '
		/Continued fraction of/ { on = 1; next }
		on {
			t = $1; sub(/^ +/, "", t); sub(/ +$/, "", t)
			if (t ~ /^golden prefix/) exit
			s = s (s == "" ? "" : " ") t
		}
		END { print s }'
}

# The code panel's lines (between the first and second separators, one
# column of margin removed), without the count line and scroll marks.
# CODE_TITLE: the panel's title (the optimal code's is "Fewest adders").
code_shown() {
	tm_screen | awk -F'│' -v title="${CODE_TITLE:-Shift/add code}" '
		index($0, title) { on = 1; next }
		on && NF < 2 { exit }
		on {
			t = $2; sub(/^ /, "", t); sub(/ +[^ ]+ PgDn: .*$/, "", t)
			sub(/ +$/, "", t)
			if (n++ > 0) print t
		}'
}

# The text `cfx shifts --emit c P` prints (with CODE_FLAGS, e.g.
# --optimal), tabs as the dashboard's 4 columns.
emit_c() {
	./cfx shifts --emit c ${CODE_FLAGS:-} "$1" | sed 's/\t/    /g; s/ *$//'
}

# True if the code panel shows a contiguous block of emit_c P (4+ lines);
# a line the panel wrapped (its rest indented 8) is joined again, with a
# space unless it was cut after a parenthesis.
code_matches() {
	local shown emit
	shown=$(code_shown | awk 'NR > 1 && /^        [^ ]/ { sub(/^ +/, "")
	                                                      prev = prev (prev ~ /\($/ ? "" : " ") $0; next }
	                          NR > 1 { print prev } { prev = $0 }
	                          END { if (NR) print prev }')
	emit=$(emit_c "$1")
	[ "$(printf '%s\n' "$shown" | wc -l)" -ge 4 ] && [[ "$emit" == *"$shown"* ]] ||
		{ echo "--- code panel:"; printf '%s\n' "$shown"; echo "--- not in:"; printf '%s\n' "$emit"; return 1; }
}

# The same for the fewest-adder code (the s key), from the function on
# (the panel wraps the long comment lines above it).
opt_code_matches() {
	local shown emit
	shown=$(CODE_TITLE='Fewest adders' code_shown | sed -n '/^uint/,$p')
	emit=$(CODE_FLAGS=--optimal emit_c "$1")
	[ "$(printf '%s\n' "$shown" | wc -l)" -ge 4 ] && [[ "$emit" == *"$shown"* ]] ||
		{ echo "--- code panel:"; printf '%s\n' "$shown"; echo "--- not in:"; printf '%s\n' "$emit"; return 1; }
}

# "6 adders, depth 6 (NAF 10)" from cfx shifts --optimal --json P.
opt_counts() {
	./cfx shifts --optimal --json "$1" | awk -F': *' '
		{ gsub(/[ ",]/, "", $1); v = $2; sub(/,$/, "", v); f[$1] = v }
		END { printf "%s adder%s, depth %s (NAF %s)\n", f["adders"],
		      f["adders"] == 1 ? "" : "s", f["depth"], f["naf_adders"] }'
}

# chi^2 of the CLI's score at the dashboard's default workload, %.6g.
cli_chi2() {
	./cfx score "$1" --table-bits 12 --count 2^14 --json |
	awk -F': *' '/"chi2"/ { sub(/,$/, "", $2); printf "%.6g\n", $2 }'
}

# Regex-quote a string for tm_wait.
req() {
	printf '%s' "$1" | sed 's/[][\\.*^$+?(){}|]/\\&/g'
}

# Wait until the CF panel shows exactly $1.
cf_is() {
	local want=$1 i=0
	while [ $i -lt 100 ]; do
		[ "$(cf_shown)" = "$want" ] && return 0
		sleep 0.05; i=$((i + 1))
	done
	echo "--- CF shown: $(cf_shown)"; echo "--- expected: $want"
	return 1
}

# Wait (bounded) for a condition given as a command.
wait_for() {
	local i=0
	while [ $i -lt 100 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.05; i=$((i + 1))
	done
	"$@"
}

# read_checks PREFIX ARGS...: the screen now, read by the suite's read_py
# (its Python reader, given ARGS); each of its "ok"/"FAIL" lines a check
# of the suite, PREFIX before its name (the screen shown on a FAIL)
read_checks() {
	local prefix=$1 line out; shift
	tm_settle   # (a frame is drawn whole: the last one is read)
	tm_screen > "$TM_DIR/screen"
	out=$(read_py "$@" < "$TM_DIR/screen")
	while IFS= read -r line; do
		case $line in
		"ok   "*) ok "$prefix${line#ok   }" ;;
		"FAIL "*) bad "$prefix${line#FAIL }" ;;
		*) echo "$line" ;;
		esac
	done <<<"$out"
	case $out in *FAIL*) sed 's/^/| /' "$TM_DIR/screen" ;; esac
}

# The lesson pane's text (right of the panels' last separator) as one
# line: it wraps anywhere.
lesson_flat() {
	tm_screen | awk -F'│' 'NF > 1 { print $NF }' | tr '\n' ' ' | tr -s ' '
}

# Wait (5 s at most) until the lesson pane says $1; else show the screen.
lesson_pane_has() {
	local i=0
	while [ $i -lt 100 ]; do
		lesson_flat | grep -qF -- "$1" && return 0
		sleep 0.05; i=$((i + 1))
	done
	echo "--- no '$1' in:"; tm_screen | sed 's/^/| /'; return 1
}
