#!/bin/bash
# $TMPDIR another user can write (issue 22, hostile retest A).  Before:
# proc_tmp_make took any absolute $TMPDIR, so another user who could
# rename entries there swapped cfx's cfx-jit-* / cfx-verify-* directory
# for their own while in use (their k.c compiled and dlopen'ed by bench,
# their test program run by verify).  Now $TMPDIR and every directory on
# its path, as given and as resolved, must be the user's or root's and,
# if others can write it, sticky (as --raw's directory); else bench exits
# 2 naming it and verify's compiled check is INFO with that reason.  A
# symbolic link is accepted when it is the user's or root's in a safe
# directory and leads to a safe one.  No fall back to /tmp.
. "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
chmod 755 "$tmp"
P=0x61C88647
bench() { TMPDIR=$1 ./cfx bench $P --runs 3 >"$tmp/out" 2>"$tmp/err"; }
verify() { TMPDIR=$1 ./cfx verify $P --bits 32 --json >"$tmp/vout" 2>"$tmp/verr"; }
# the verify check's status and detail, from the JSON
vcheck() {
	python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
c=[c for c in d["checks"] if c["name"]=="shift/add"][0]
print(c["status"], c["detail"])' "$tmp/vout"
}
refused() {   # DIR NAME REASON
	local d=$1 name=$2 why=$3 rc
	bench "$d"; rc=$?
	expect "$name: bench status 2 (got $rc)" '[ $rc = 2 ]'
	expect "$name: bench names it ($(head -1 "$tmp/err"))" \
		'[ $(wc -l <"$tmp/err") = 1 ] && grep -qF "is not safe for temporary files: $why" "$tmp/err"'
	expect "$name: nothing made in it" '[ -z "$(ls -A "$d" 2>/dev/null | grep ^cfx-)" ]'
	verify "$d"
	expect "$name: verify's compiled check INFO with the reason ($(vcheck))" \
		'vcheck | grep -q "^INFO .*not safe for temporary files: $why"'
}
accepted() {  # DIR NAME
	local d=$1 name=$2 rc
	bench "$d"; rc=$?
	expect "$name: bench runs (status $rc)" '[ $rc = 0 ] && grep -q multiply "$tmp/out"'
	verify "$d"
	expect "$name: verify compiles ($(vcheck | cut -c1-60))" \
		'vcheck | grep -q "^PASS"'
	expect "$name: nothing left in it" '[ -z "$(ls -A "$d" | grep ^cfx-)" ]'
}

if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1 &&
   setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups true 2>/dev/null; then
	mkdir -m 777 "$tmp/nob"; chmod 777 "$tmp/nob"; chown nobody "$tmp/nob"
	refused "$tmp/nob" "nobody's 777 dir" "owned by another user"
	mkdir -m 1777 "$tmp/nobst"; chown nobody "$tmp/nobst"
	refused "$tmp/nobst" "nobody's sticky dir" "owned by another user"
	# nobody's link, in a safe dir, to a safe dir: nobody may repoint it
	mkdir -m 700 "$tmp/safe0" "$tmp/links"
	ln -s "$tmp/safe0" "$tmp/links/nl"; chown -h nobody "$tmp/links/nl"
	refused "$tmp/links/nl" "nobody's symlink" \
		"a symbolic link owned by another user ($tmp/links/nl)"
else
	echo "skip another user's directories: not root, or no setpriv/nobody here"
fi

mkdir "$tmp/ww"; chmod 777 "$tmp/ww"
refused "$tmp/ww" "777 not sticky" "writable by others (and not sticky)"
mkdir -m 700 "$tmp/ww/mine"
refused "$tmp/ww/mine" "own dir below a 777 one" \
	"$tmp/ww, on its path, is writable by others (and not sticky)"
mkdir "$tmp/gw"; chmod 770 "$tmp/gw"
refused "$tmp/gw" "group-writable not sticky" "writable by others (and not sticky)"
# a link to an unsafe dir is judged by where it leads
ln -s "$tmp/ww" "$tmp/toww"
refused "$tmp/toww" "own symlink to a 777 dir" \
	"$tmp/ww, on its path, is writable by others (and not sticky) ($tmp/toww)"

mkdir "$tmp/sticky"; chmod 1777 "$tmp/sticky"
accepted "$tmp/sticky" "sticky 1777 dir"
mkdir -m 700 "$tmp/safe"
ln -s "$tmp/safe" "$tmp/tosafe"
accepted "$tmp/tosafe" "own symlink to a safe dir"
accepted "$tmp/safe/" "own dir, trailing slash"
done_suite harden/tmpdir
