#!/bin/bash
# make install honours PREFIX and DESTDIR, and the installed cfx finds its
# lessons and man page there.
. "$(dirname "$0")/lib.sh"

# -o cfx: the cfx the other suites run is installed as it is, never
# relinked under them (flags that differ from the build's, WERROR or CC
# unset in the test's environment, made make rebuild and relink it: "./cfx:
# Permission denied" in suites running beside this one)
[ -x "$root/cfx" ] || { echo "install: ./cfx not built; 0 passed, 1 failed"; exit 1; }
was=$(stat -c %Y.%i "$root/cfx")
make -s -C "$root" -o cfx install PREFIX=/opt/cfxtest DESTDIR="$tmp" >/dev/null 2>&1 &&
	ok "make install ran" || bad "make install failed"
[ "$(stat -c %Y.%i "$root/cfx")" = "$was" ] &&
	ok "./cfx left as it was (not relinked under the other suites)" ||
	bad "make install relinked ./cfx"
bin="$tmp/opt/cfxtest/bin/cfx"
[ -x "$bin" ] && ok "binary under DESTDIR/PREFIX/bin" || bad "no binary"
[ -f "$tmp/opt/cfxtest/share/man/man1/cfx.1" ] && ok "man page" || bad "no man page"
n=$(ls "$tmp/opt/cfxtest/share/cfx/lessons/"*.lesson 2>/dev/null | wc -l)
[ "$n" -ge 10 ] && ok "$n lessons installed" || bad "$n lessons installed"
# run from elsewhere, so the repository's lessons/ cannot be found instead
list=$(cd "$tmp" && env -u CFX_LESSONS XDG_STATE_HOME="$tmp/state" "$bin" learn 2>&1)
[ "$(grep -c '^ *[0-9]* \[' <<<"$list")" -ge 10 ] && ok "installed cfx lists its lessons" ||
	bad "installed cfx: $list"
out=$(cd "$tmp" && "$bin" cf 13/8 | sed -n 2p)
[ "$out" = "cf         [1; 1, 1, 1, 2]" ] && ok "installed cfx computes" || bad "cf: $out"
# the lattice module (FLINT, opened on first use) installed beside it:
# the installed cfx finds it there, not in the source tree
[ -f "$tmp/opt/cfxtest/lib/cfx/cfx-lattice.so" ] && ok "lattice module under DESTDIR/PREFIX/lib/cfx" ||
	bad "no lattice module"
out=$(cd "$tmp" && LD_DEBUG=files "$bin" verify 0x61C88647 --bits 32 --fields 16 2>&1 >/dev/null)
rc=$?
grep -q "file=$tmp/opt/cfxtest/bin/../lib/cfx/cfx-lattice.so" <<<"$out" && [ $rc -le 1 ] &&
	ok "installed cfx reduces lattices with the installed module" ||
	bad "installed cfx verify --fields: status $rc: $(grep -v '^ *[0-9]*:' <<<"$out" | head -3)"
done_suite install
