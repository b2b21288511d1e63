#!/bin/bash
# cfx review: a mail whose hunk runs 2 lines short of what its header
# counts, then its footer: a "-- " signature, a reply's "-----Original
# Message-----" line, a blank line and prose.  The reader ran on into the
# footer and said a false "a '-' line past the lines the hunk header
# counts"; the hunk ends at the first line no hunk holds, and is said
# short, as a diff cut out is (issue 23).  The oracle is git apply
# --check: it takes the mail whose header counts the lines there are and
# refuses the one that counts 2 more as corrupt; python counts the hunk's
# lines for the line where it ends.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

# mail NEW FOOTER: a format-patch mail adding lib/foo.c whose hunk
# header says +1,NEW over its 4 lines, then the footer FOOTER
mail() {
	cat <<EOF
From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001
From: A Developer <dev@example.org>
Subject: [PATCH] foo: a hash multiplier

Hash foo's keys by a golden-ratio multiplier.

---
 lib/foo.c | 4 ++++
 1 file changed, 4 insertions(+)

diff --git a/lib/foo.c b/lib/foo.c
new file mode 100644
--- /dev/null
+++ b/lib/foo.c
@@ -0,0 +1,$1 @@
+#include <linux/types.h>
+/* a golden-ratio multiplier */
+#define FOO_HASH_MULT 0x61c88647u
+u32 foo(u32 v) { return (v * FOO_HASH_MULT) >> 22; }
$2
EOF
}
sig=$'-- \n2.30.0\n\n-----Original Message-----\nFrom: Someone\nSend a patch.'
out=$'-----Original Message-----\nFrom: Someone\n-- \nSomeone'
prose=$'\nThanks,\nA Developer\n-- \n2.30.0'
# git apply --check PATCH in an empty repository: "ok" or "corrupt"
gapply() {
	rm -rf "$tmp/g" && git init -q "$tmp/g" &&
		if (cd "$tmp/g" && git apply --check "$1" 2>/dev/null); then
			echo ok
		else
			echo corrupt
		fi
}
# the line of the hunk's last '+' line, by python
last=$(mail 6 "$sig" | python3 -c "import sys
print(max(i for i, l in enumerate(sys.stdin, 1) if l.startswith('+#')
          or l.startswith('+/') or l.startswith('+u')))")
hdr=$(mail 6 "$sig" | grep -n '^@@' | cut -d: -f1)
said='the hunk header "@@ -0,0 +1,6 @@" counts 0 old and 6 new lines,'
said="$said and its hunk has fewer: it ends at line"
for name in sig out prose; do
	mail 4 "${!name}" > "$tmp/ok.patch"
	mail 6 "${!name}" > "$tmp/short.patch"
	g_ok=$(gapply "$tmp/ok.patch")
	g_short=$(gapply "$tmp/short.patch")
	expect "$name: git apply takes the mail that counts 4 ($g_ok)" \
		'[ "$g_ok" = ok ]'
	expect "$name: git apply refuses the one that counts 6 ($g_short)" \
		'[ "$g_short" = corrupt ]'
	review "$tmp/ok.patch"
	expect "$name: counted right, no finding on the patch, exit 0" \
		'! grep -q "hunk\|past the lines" "$tmp/o" && [ "$(rc)" = 0 ]'
	review "$tmp/short.patch"
	expect "$name: short: no line past the hunk said" \
		'! grep -q "past the lines" "$tmp/o"'
	expect "$name: the hunk said short, ending at line $last (python)" \
		'grep -q "short.patch:$hdr: WARNING: $said $last, short" \
			"$tmp/o"'
	expect "$name: its multiplier judged as in the whole mail" \
		'grep -q "lib/foo.c:3: NOTE: 0x61c88647: PASS" "$tmp/o"'
	expect "$name: nothing of the footer read as code" \
		'! grep -q "lib/foo.c:[5-9]" "$tmp/o"'
done
done_suite mail_footer
