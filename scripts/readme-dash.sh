#!/bin/bash
# scripts/readme-dash.sh - the dashboard capture in README.md, taken under
# tmux so it is what cfx really draws.
#   scripts/readme-dash.sh            print the capture
#   scripts/readme-dash.sh --update   put it in README.md, between the
#                                     "dashboard capture" markers
# tests/dash/readme.sh takes it again and fails when README.md differs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/tests/lib/tmux.sh"

# The seed constant on stride keys (k switches the key family), at 80x24:
# the size most terminals open at, and the one the README says.
W=80 H=24 KEYS="k"

# The screen once the work is done: nothing pending, and the same twice.
settled() {
	local a b i=0
	while [ $i -lt 600 ]; do
		a=$(tm_screen)
		if printf '%s\n' "$a" | grep -q 'worst s=' &&
		   ! printf '%s\n' "$a" | grep -Eq 'making keys|updating|running'; then
			sleep 0.5
			b=$(tm_screen)
			[ "$a" = "$b" ] && { printf '%s\n' "$a" | sed 's/ *$//'; return 0; }
		fi
		sleep 0.1; i=$((i + 1))
	done
	echo "readme-dash: the dashboard did not settle" >&2
	return 1
}

capture() {
	tm_start "$W" "$H" env LC_ALL=C.UTF-8 NO_COLOR=1 CFX_LATENCY_LOG= \
		./cfx dash 0x9e370001
	tm_wait 'const 0x9e370001' >/dev/null || return 1
	for k in $KEYS; do tm_keys "$k"; done
	settled
}

if [ "${1:-}" = --update ]; then
	shot=$(capture) || exit 1
	awk -v shot="$shot" '
		/^<!-- dashboard capture: start/ { print; print "```"; print shot
		                                  print "```"; skip = 1; next }
		/^<!-- dashboard capture: end/ { skip = 0 }
		!skip' "$root/README.md" > "$root/README.md.new" &&
		mv "$root/README.md.new" "$root/README.md"
else
	capture
fi
