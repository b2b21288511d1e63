#!/bin/bash
# FLINT is loaded only when a lattice is reduced (src/sys/modload.c opens
# build/cfx-lattice.so, made from src/core/lattice_lll.c): cfx itself does
# not link libflint, a command that reduces no lattice does not load it, one
# that does (verify's packed-field screen) loads the module and FLINT, and
# a cfx whose module is missing, is not a shared object or is from another
# build says so in one line with status 2, after the commands that need no
# module have worked.  (That the reductions are right is test_lattice_gp's
# check against PARI/GP, which runs through the module too; install.sh
# runs the installed cfx's.)
. "$(dirname "$0")/lib.sh"
cd "$root" || exit 2
cfx=$root/cfx
[ -x "$cfx" ] && [ -f build/cfx-lattice.so ] ||
	{ echo "lattice_module: cfx or build/cfx-lattice.so not built; 0 passed, 1 failed"; exit 1; }

# what the dynamic linker opens for a command (LD_DEBUG=files: one
# "file=NAME [0];  needed by ..." or "... dynamically loaded by ..." line
# for each object it loads)
opened() { LD_DEBUG=files "$@" 2>&1 >/dev/null | sed -n 's/.*file=\([^ ]*\) .*/\1/p' | sort -u; }
# a packed-field screen on 32 bits: one offset, LLL on every cell
needs_lll=(verify 0x61C88647 --bits 32 --fields 16)

expect "cfx does not link libflint (readelf -d)" \
	'! readelf -d "$cfx" | grep -q "NEEDED.*libflint"'
expect "build/cfx-lattice.so links libflint (readelf -d)" \
	'readelf -d build/cfx-lattice.so | grep -q "NEEDED.*libflint"'
got=$(opened "$cfx" cf 0x61C88647 | tr '\n' ' ')
expect "cfx cf 0x61C88647 loads neither FLINT, NTL, gf2x nor the module ($got)" \
	'! grep -qE "libflint|libntl|libgf2x|cfx-lattice" <<<"$got"'
got=$(opened "$cfx" "${needs_lll[@]}" | tr '\n' ' ')
expect "cfx ${needs_lll[*]} opens build/cfx-lattice.so and FLINT" \
	'grep -q "$root/build/cfx-lattice.so" <<<"$got" && grep -q libflint <<<"$got"'
"$cfx" "${needs_lll[@]}" >"$tmp/with" 2>&1
rc=$?
expect "and verifies (status $rc, 0 or 1: a verdict)" '[ $rc -le 1 ] && grep -q "fields" "$tmp/with"'

# a copy of cfx with no module anywhere it looks
mkdir -p "$tmp/alone/bin"
cp "$cfx" "$tmp/alone/bin/cfx"
out=$(cd "$tmp" && "$tmp/alone/bin/cfx" cf 13/8 2>&1 | sed -n 2p)
expect "without the module, cf works ($out)" '[ "$out" = "cf         [1; 1, 1, 1, 2]" ]'
# lone CASE: cfx in $tmp/alone must refuse the lattice with status 2 and
# one line on stderr matching the extended regular expression MSG
lone() {
	local name=$1 msg=$2 rc lines
	(cd "$tmp" && "$tmp/alone/bin/cfx" "${needs_lll[@]}" >"$tmp/out" 2>"$tmp/err")
	rc=$?
	lines=$(wc -l <"$tmp/err")
	if [ $rc = 2 ] && [ "$lines" = 1 ] && grep -qE "^cfx: cannot load the lattice module cfx-lattice.so: $msg" "$tmp/err"; then
		ok "$name: status 2, one line: $(cat "$tmp/err")"
	else
		bad "$name: status $rc, $lines lines on stderr: $(head -c 400 "$tmp/err")"
	fi
}
lone "no module" "not in $tmp/alone/bin/../lib/cfx nor beside the program"
mkdir -p "$tmp/alone/lib/cfx"
echo "not a shared object" >"$tmp/alone/lib/cfx/cfx-lattice.so"
lone "a module that is no shared object" ".*cfx-lattice.so: .*(invalid ELF header|too short|file too short)"
# a module of another build: the entry points, another layout number
cat >"$tmp/old.c" <<'EOF'
const unsigned cfx_lattice_abi = 1;
void cfx_lattice_lll(void *job) { (void)job; }
void cfx_lattice_thread_end(void) {}
EOF
${CC:-cc} -shared -fPIC -o "$tmp/alone/lib/cfx/cfx-lattice.so" "$tmp/old.c"
lone "a module of another build" ".*/lib/cfx/cfx-lattice.so is from another build of cfx"
# the right module beside it: the same report as from the tree
cp build/cfx-lattice.so "$tmp/alone/lib/cfx/cfx-lattice.so"
(cd "$tmp" && "$tmp/alone/bin/cfx" "${needs_lll[@]}" >"$tmp/moved" 2>&1)
expect "with the module in ../lib/cfx, the same report as from the tree" 'cmp -s "$tmp/with" "$tmp/moved"'

done_suite lattice_module
