#!/bin/bash
# Golden tests: files of commands and the output they must give.
#
#   # a comment (also blank lines: ignored)
#   $ cfx cf 13/8            a case: run with sh, cfx on PATH, in a temp dir
#   > cf         [1; ...]    a line of expected stdout (the whole stdout)
#   ! cfx: cf: ...           a line of expected stderr (the whole stderr);
#                            an error case must also print nothing on stdout
#   ? 2                      expected exit status (default 0)
#   < text                   a line fed to the command's stdin
#
# Without > lines stdout is not compared (unless ! lines are given, when it
# must be empty); without ! lines stderr must be empty.  Any other line, a
# > ! ? < line before the first case, or a file without a case is a failure.
# usage: tests/golden.sh FILE...    (prints one line per failure, a summary)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$root:$PATH"
export NO_COLOR=1 LC_ALL=C.UTF-8
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"

run_case() {
	local file=$1 line=$2 cmd=$3 status=$4
	local got_out got_err got_status
	( cd "$work/cwd" && printf '%s' "$stdin" | sh -c "$cmd" \
		>"$work/out" 2>"$work/err" ); got_status=$?
	local ok=1 why=""
	if [ "$got_status" != "$status" ]; then ok=0; why="exit status $got_status, expected $status"; fi
	if [ $ok = 1 ] && [ "$has_out" = 1 ] && ! cmp -s "$work/out" "$work/exp_out"; then
		ok=0; why="stdout differs:"$'\n'"$(diff "$work/exp_out" "$work/out" | head -20)"
	fi
	if [ $ok = 1 ] && [ "$has_err" = 1 ]; then
		if ! cmp -s "$work/err" "$work/exp_err"; then
			ok=0; why="stderr differs:"$'\n'"$(diff "$work/exp_err" "$work/err" | head -10)"
		elif [ "$has_out" = 0 ] && [ -s "$work/out" ]; then
			ok=0; why="an error case printed on stdout: $(head -3 "$work/out")"
		fi
	fi
	if [ $ok = 1 ] && [ "$has_err" = 0 ] && [ -s "$work/err" ]; then
		ok=0; why="unexpected stderr: $(head -3 "$work/err")"
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $file:$line: $cmd"
		echo "$why" | sed 's/^/    /'
	fi
}

for file in "$@"; do
	mkdir -p "$work/cwd"
	n=0 cases=0 cmd="" status=0 has_out=0 has_err=0 stdin="" start=0
	: >"$work/exp_out"; : >"$work/exp_err"
	while IFS= read -r l || [ -n "$l" ]; do
		n=$((n + 1))
		case $l in
		'$ '*)
			[ -n "$cmd" ] && run_case "$file" "$start" "$cmd" "$status"
			cmd=${l#\$ } start=$n status=0 has_out=0 has_err=0 stdin=""
			: >"$work/exp_out"; : >"$work/exp_err" ;;
		'>'|'> '*) has_out=1; printf '%s\n' "${l#> }" | sed 's/^>$//' >>"$work/exp_out" ;;
		'!'|'! '*) has_err=1; printf '%s\n' "${l#! }" | sed 's/^!$//' >>"$work/exp_err" ;;
		'? '*) status=${l#\? } ;;
		'<') stdin+=$'\n' ;;
		'< '*) stdin+="${l#< }"$'\n' ;;
		'#'*|'') ;;
		*) fail=$((fail + 1)); echo "FAIL $file:$n: a line golden.sh does not know: $l" ;;
		esac
		case $l in
		'$ '*) cases=$((cases + 1)) ;;
		'>'*|'!'*|'?'*|'<'*) [ -z "$cmd" ] && { fail=$((fail + 1))
			echo "FAIL $file:$n: before the first case (\$ ...): $l"; } ;;
		esac
	done <"$file"
	[ -n "$cmd" ] && run_case "$file" "$start" "$cmd" "$status"
	[ "$cases" = 0 ] && { fail=$((fail + 1)); echo "FAIL $file: no cases (\$ lines)"; }
	rm -rf "$work/cwd"
done
echo "golden: $pass passed, $fail failed"
[ "$fail" = 0 ]
