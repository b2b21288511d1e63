# Shared by the tests/review suites (sourced after build/lib.sh and the cd
# to $root): the binary, the fixtures, and review ARGS, which keeps the
# reply in $tmp/o (stdout and stderr) and its status for rc.
cfx=./cfx
fx=tests/review/fixtures
p2002=lessons/2002.patch
# gpcf N K: the continued fraction of N/2^K, comma-separated, by PARI/GP's
# contfrac
gpcf() { echo "v = contfrac($1 / 2^$2); s = Str(v[1]);
for (i = 2, #v, s = concat(s, concat(\", \", Str(v[i])))); print(s)" |
	gp -q -f; }
review() { $cfx review "$@" > "$tmp/o" 2>&1; echo $? > "$tmp/rc"; }
rc() { cat "$tmp/rc"; }
# kernel_hash FILE: the kernel's generic hash_32() and hash_64()
# (include/linux/hash.h: both return a u32) into FILE, with the includes
# and types a test program beside them needs
kernel_hash() {
	cat > "$1" <<'C'
#include <stdint.h>
#include <stdio.h>
typedef uint32_t u32; typedef uint64_t u64;
static inline u32 hash_32(u32 val, unsigned int bits)
{
	return (u32)(val * 0x61C88647u) >> (32 - bits);
}
static inline u32 hash_64(u64 val, unsigned int bits)
{
	return val * 0x61C8864680B583EBull >> (64 - bits);
}
C
}
