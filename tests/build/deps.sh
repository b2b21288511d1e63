#!/bin/bash
# scripts/deps.sh: when libraries are missing, the build names the Debian
# packages, and as root with apt-get installs them.  pkg-config is pointed
# at an empty directory so every library looks missing; apt-get and id are
# stand-ins on PATH that record what they were asked.
. "$(dirname "$0")/lib.sh"
mkdir -p "$tmp/bin" "$tmp/empty"
cat >"$tmp/bin/apt-get" <<EOF2
#!/bin/sh
echo "\$*" >> "$tmp/apt.log"
exit 0
EOF2
chmod +x "$tmp/bin/apt-get"
want="libgmp-dev libmpfr-dev libgsl-dev libncurses-dev libreadline-dev libjansson-dev"

# as a user: no install, the packages are named, status 1
printf '#!/bin/sh\necho 1000\n' >"$tmp/bin/id"; chmod +x "$tmp/bin/id"
out=$(PATH="$tmp/bin:$PATH" PKG_CONFIG_LIBDIR="$tmp/empty" "$root/scripts/deps.sh" build 2>&1 >/dev/null); st=$?
if [ $st = 1 ] && grep -q "sudo apt-get install" <<<"$out" && ! [ -e "$tmp/apt.log" ]; then
	ok "a user is told what to install"; else bad "user: status $st: $out"; fi
for p in $want; do
	grep -q "$p" <<<"$out" && ok "names $p" || bad "does not name $p"
done

# as root: apt-get install is run with those packages
printf '#!/bin/sh\necho 0\n' >"$tmp/bin/id"
PATH="$tmp/bin:$PATH" PKG_CONFIG_LIBDIR="$tmp/empty" "$root/scripts/deps.sh" build >/dev/null 2>&1
if [ -s "$tmp/apt.log" ] && grep -q "install" "$tmp/apt.log" &&
   grep -q "libjansson-dev" "$tmp/apt.log"; then ok "root runs apt-get install"
else bad "root: apt-get log: $(cat "$tmp/apt.log" 2>/dev/null)"; fi

# the test tools too, for make check
: >"$tmp/apt.log"
PATH="$tmp/bin:$PATH" PKG_CONFIG_LIBDIR="$tmp/empty" "$root/scripts/deps.sh" check >/dev/null 2>&1
grep -q "libcriterion-dev" "$tmp/apt.log" && ok "check installs Criterion" || bad "check: $(cat "$tmp/apt.log")"

# with everything present it prints the make variables and succeeds
vars=$("$root/scripts/deps.sh" build 2>/dev/null); st=$?
if [ $st = 0 ] && grep -q '^PKG_LIBS := .*-lgmp' <<<"$vars"; then ok "present: variables for make"
else bad "present: status $st"; fi
# a script that needs python3 for itself (json) runs the python3 on PATH,
# the one deps.sh checks for; /usr/bin/python3 is named only where Debian's
# python3-scipy or python3-numpy, which deps.sh installs there, are meant
for f in $(cd "$root" && grep -rl '/usr/bin/python3' tests bench scripts); do
	grep -Eq 'scipy|numpy' "$root/$f" ||
		bad "$f names /usr/bin/python3 without needing scipy or numpy"
done
[ "$fail" = 0 ] && ok "python3 from PATH unless Debian's scipy/numpy are meant"

# make check's tools include valgrind (tests/emit/leaks.sh)
grep -q 'valgrind:valgrind' "$root/scripts/deps.sh" && ok "check needs valgrind" ||
	bad "deps.sh check does not install valgrind"
done_suite deps
