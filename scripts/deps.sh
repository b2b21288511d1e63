#!/bin/sh
# Check (and, as root with apt-get, install) what cfx needs from Debian.
#   scripts/deps.sh build   libraries for building cfx; prints make variables
#   scripts/deps.sh check   tools and libraries for `make check`
#   scripts/deps.sh fuzz    clang with libFuzzer and the sanitizers
#                           (`make fuzz`, `make check CC=clang`, .ci/run)
#   scripts/deps.sh bench   optional extras for `make bench` (never fails)
# Messages go to stderr; only the build mode writes to stdout.
set -u
mode=${1:-build}

# pkg-config module -> Debian package
build_mods="gmp:libgmp-dev mpfr:libmpfr-dev gsl:libgsl-dev ncursesw:libncurses-dev readline:libreadline-dev jansson:libjansson-dev"
check_mods="criterion:libcriterion-dev"
# command -> Debian package
build_cmds="pkg-config:pkg-config cc:gcc"
check_cmds="tmux:tmux gp:pari-gp python3:python3 ministat:ministat valgrind:valgrind"
fuzz_cmds="clang:clang"

missing=""
need_cmds() {
	for pair in $1; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair#*:}"
	done
}
need_mods() {
	for pair in $1; do
		if ! command -v pkg-config >/dev/null 2>&1 ||
		   ! pkg-config --exists "${pair%%:*}" 2>/dev/null; then
			missing="$missing ${pair#*:}"
		fi
	done
}

scan() {
	missing=""
	case $mode in
	build) need_cmds "$build_cmds"; need_mods "$build_mods"
		# FLINT (lattice reduction for verify's packed keys) has no
		# pkg-config module on Debian 12: its header, linked with -lflint
		[ -e /usr/include/flint/fmpz_lll.h ] || missing="$missing libflint-dev" ;;
	check) need_cmds "$build_cmds $check_cmds"; need_mods "$build_mods $check_mods"
		# cfx stats is checked against scipy.stats
		[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import scipy' 2>/dev/null ||
			missing="$missing python3-scipy" ;;
	fuzz) need_cmds "$fuzz_cmds"
		# libFuzzer's runtime: the package of the clang that is installed
		v=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p')
		[ -n "$v" ] && [ -z "$(clang -print-file-name=libclang_rt.fuzzer-$(uname -m).a 2>/dev/null |
			grep -v '^libclang_rt')" ] && missing="$missing libclang-rt-$v-dev"
		[ -z "$v" ] && missing="$missing libclang-rt-14-dev" ;;
	bench) [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import numpy' 2>/dev/null ||
		missing="python3-numpy" ;;
	esac
}

scan
if [ -n "$missing" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "cfx: installing Debian packages:$missing" >&2
		export DEBIAN_FRONTEND=noninteractive
		{ apt-get install -y -q --no-install-recommends $missing ||
		  { apt-get update -q && apt-get install -y -q --no-install-recommends $missing; }
		} >&2
		scan
	fi
fi
if [ -n "$missing" ]; then
	if [ "$mode" = bench ]; then
		echo "cfx: bench: numpy comparison skipped (install python3-numpy)" >&2
		exit 0
	fi
	echo "cfx: missing Debian packages:$missing" >&2
	echo "cfx: install them with: sudo apt-get install$missing" >&2
	exit 1
fi

if [ "$mode" = build ]; then
	mods="gmp mpfr gsl ncursesw readline jansson"
	echo "PKG_CFLAGS := $(pkg-config --cflags $mods)"
	echo "PKG_LIBS := $(pkg-config --libs $mods) -lflint -lm -lpthread"
fi
if [ "$mode" = check ]; then
	echo "CRIT_CFLAGS := $(pkg-config --cflags criterion)"
	echo "CRIT_LIBS := $(pkg-config --libs criterion)"
fi
exit 0
