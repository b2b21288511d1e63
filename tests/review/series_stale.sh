#!/bin/bash
# cfx review: a comment over a define that names another constant by
# value and not this one.  A git format-patch series (made here with
# git) whose patch 1/2 adds "/* 0x9e370001 is prime */" over
# QUX_HASH_MULT 0x9e370001U and whose 2/2 changes the define to
# 0x61c88647U, leaving the comment: the comment is about the constant
# replaced, said as left behind, not "not prime: 23801 x 68927" about
# the new one.  A comment naming some other number (no old value): a
# CHECK, its claims not applied.  A comment naming this constant too
# is still checked.  Oracles: PARI/GP's isprime and factor, git.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"
g="$tmp/g"
mkdir -p "$g/lib"
git() { command git -C "$g" -c user.name=T -c user.email=t@example.org "$@"; }
git init -q
printf '#include <linux/types.h>\nint unrelated;\n' > "$g/lib/qux.c"
git add lib/qux.c && git commit -qm base
use='static inline u32 qux_hash(u32 x) { return (x * QUX_HASH_MULT) >> 22; }'
printf '#include <linux/types.h>\n/* 0x9e370001 is prime */\n#define QUX_HASH_MULT 0x9e370001U\n%s\nint unrelated;\n' \
	"$use" > "$g/lib/qux.c"
git commit -qam "hash: a sparse multiplier"
sed -i 's/^#define QUX_HASH_MULT 0x9e370001U/#define QUX_HASH_MULT 0x61c88647U/' \
	"$g/lib/qux.c"
git commit -qam "hash: the golden ratio instead"
git format-patch -q --stdout HEAD~2 > "$tmp/series.mbox"
read -r p1 p2 < <(echo 'print(isprime(0x9e370001), " ", isprime(0x61c88647))' |
	gp -q -f)
f2=$(gpfactors $((0x61c88647)))
review "$tmp/series.mbox"
expect "git: a series of 2 mails; gp: 0x9e370001 prime ($p1), 0x61c88647 \
not ($f2)" '[ "$(grep -c "^From " "$tmp/series.mbox")" = 2 ] &&
	 [ "$p1 $p2" = "1 0" ]'
expect "2/2: the comment names the constant replaced: a WARNING" \
	'grep -q "qux.c:2: WARNING: the comment names 0x9e370001, the \
constant this one replaces, not 0x61c88647" "$tmp/o"'
expect "  no \"not prime\" about 0x61c88647 from it" \
	'! grep -q "not prime: $f2" "$tmp/o"'
expect "1/2: its \"prime\" confirmed about 0x9e370001" \
	'grep -q "qux.c:2: NOTE: prime: confirmed (proven)" "$tmp/o"'

# one file: another number, no old value
mk() {   # mk COMMENT: $tmp/one.c, COMMENT over QUX_HASH_MULT 0x61c88647U
	printf '#include <linux/types.h>\n/* %s */\n' "$1" > "$tmp/one.c"
	printf '#define QUX_HASH_MULT 0x61c88647U\n%s\n' "$use" >> "$tmp/one.c"
}
mk '0x9e370001 is prime'
review "$tmp/one.c"
expect "another number named: a CHECK, no \"not prime\", exit 0" \
	'grep -q "one.c:2: CHECK: the comment names 0x9e370001, not \
0x61c88647" "$tmp/o" && ! grep -q "not prime" "$tmp/o" && [ "$(rc)" = 0 ]'
mk '0x61c88647 replaces 0x9e370001 and is prime'
review "$tmp/one.c"
expect "this constant named too: its \"prime\" checked: not prime, $f2" \
	'grep -q "one.c:2: WARNING: not prime: $f2" "$tmp/o" &&
	 ! grep -q "the comment names" "$tmp/o"'
done_suite series_stale
