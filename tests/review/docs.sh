#!/bin/bash
# cfx review's help and the man page's review section (issue 23): both
# say what the last sessions added (hash_32/hash_64 with
# bits 0, over the word or below 0 one ERROR; the tables a function's
# calls give, --json's "tables"; identities with phi in the comment's
# convention; hash_64 over 32 bits and the whole word), and both end with
# the same examples, which tests/build/examples.sh runs from the help (so
# the man page's run too).  The old help said none of it, and the man
# page had no examples in its review section.  The help says, as the man
# page does, that review takes several FILEs, reads them all before it
# judges any, and what a bad one among them gets (it said FILE... in the
# usage line only).  The man page also says (issue 23) that a sequence's
# >> (64 - bits) takes its function's calls, also through a #define of
# its name, how a whole sequence's "prime" and a hedged "close to
# 2^32/phi" are judged, that a mail's repeated claim is said once, and
# the joint rule in verify's words.
source "$(dirname "$0")/../build/lib.sh"
cd "$root" || exit 2
. "$root/tests/review/lib.sh"

$cfx review --help > "$tmp/help"
# the help's examples: the commands, their comments cut (examples.sh's rule)
awk '/^examples:$/ { on = 1; next } on && /^  / { print substr($0, 3) }' "$tmp/help" |
	sed 's/   *[^ ].*$//; s/ *$//' > "$tmp/hex"
# the man page's review section: from its .TP line to the next .TP
awk '/^\.BR review / { on = 1; next } on && /^\.TP/ { exit } on' man/cfx.1 > "$tmp/man"
awk '/^Examples \(as$/ { ex = 1 } ex && /^\.nf/ { on = 1; next } on && /^\.fi/ { exit } on' "$tmp/man" |
	sed 's/\\-/-/g' > "$tmp/mex"
expect "the help ends with $(wc -l < "$tmp/hex") examples, the man page's review section has the same ones" \
	'[ "$(wc -l < "$tmp/hex")" -ge 2 ] && [ "$(wc -l < "$tmp/hex")" -le 3 ] && diff "$tmp/hex" "$tmp/mex" > /dev/null'
# unwrap both (prose is filled over lines) before looking for phrases
tr '\n' ' ' < "$tmp/help" | tr -s ' ' > "$tmp/help1"
sed 's/\\-/-/g; s/\\ / /g; /^\.[A-Z]/s/^\.[A-Z]* //; s/"//g' "$tmp/man" | tr '\n' ' ' | tr -s ' ' > "$tmp/man1"
for phrase in "the calls of a function whose bits parameter sets its shift" \
	"--json's \"tables\"" "identities and values with phi in the convention the comment defines" \
	"B of 0, over the word or below 0 shifts by W - B in unsigned int: an ERROR" \
	"hash_64(x, B) with B over 32 keeps 32 middle bits" "The patch's other files count, and so do the other FILEs" "The whole word (hash_32(x, 32), >> (64 - 64)) keeps every bit" \
	"One FILE or several (cfx review foo.h foo.c)" "Every FILE is read before any is judged" \
	"of several FILEs, each bad one is a line on stderr naming it, and the others are still reviewed"; do
	expect "help: '$phrase'" 'grep -qF -- "$phrase" "$tmp/help1"'
done
for phrase in "its calls in the file give the size" "tables 2^10 and 2^12 from the calls of my_hash()" \
	"in the convention the comment defines" "more than the word's bits or below 0" \
	"A table of the whole word" "the kernel's hash_64() returns a u32" "past the 2^24 verify counts" \
	"The calls, uses and *_BITS defines in the patch's other files count" "cfx review foo.h foo.c" \
	"A shift/add sequence's return hash >> (64 - bits); in such a function takes its sizes from the calls too" "#define hash_64 hash_64_generic" \
	"it claims a closeness, judged as closeness to phi is, not as that integer" \
	"is about the constant the comment names, else the product the code computes" \
	"is said once, at its first line" "FAIL, 97 checks, 14 WARN (12 families at once): the"; do
	expect "man: '$phrase'" 'grep -qF -- "$phrase" "$tmp/man1"'
done
done_suite docs
