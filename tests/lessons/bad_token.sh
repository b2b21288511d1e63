#!/bin/bash
# A bad token after a valid directive of a lesson file is shown by the
# rule of a bad line of a user's file, as a line that is no directive
# already was (issue 22): at most 16 bytes of letters, digits and _ . + -,
# "..." when the token goes on, never what follows a ':' or a '$' (a
# shadow file named by mistake: "root:$6$...").  It was shown up to 60
# bytes.  The shown form is worked out here in python from the rule, for
# a try: command, a focus: panel, tries:, a check's unknown name, a
# check's unknown command, a claim's command and a choice's word.
. "$(dirname "$0")/lib.sh"
secret='root:$6$saltsalt$hashhashhashhash'
long=$(printf 'x%.0s' $(seq 1 70))
shown() {   # the rule of a bad line (util/err.c, cfx_err_word), in python
	python3 -c '
import re, sys
t = sys.argv[1]
m = re.match(r"[A-Za-z0-9_.+-]{0,16}", t).group(0) or t[:1]
print(m + ("..." if len(m) < len(t) else ""))' "$1"
}
# DIRECTIVE-LINE TOKEN: the line in step 1 of a lesson; TOKEN is what the
# parser names
cases=(
	"try: cff$long|cff$long"
	"focus: $secret|$secret"
	"tries: 5$long|5$long"
	"check: answer == foo$long|foo$long"
	"check: result.cfff$long == 1|cfff$long"
	"claim: $secret :: 1|$secret"
	"focus: pane$long|pane$long"
)
for c in "${cases[@]}"; do
	line=${c%%|*} tok=${c#*|}
	want=$(shown "$tok")
	printf 'title: T\nstep: S\n  p\n%s\nask: q\ncheck: answer == 1\nhint: h\nsolution: answer 1\n' \
		"$line" >"$tmp/01-t.lesson"
	out=$("$cfx" learn --check "$tmp/01-t.lesson" 2>&1); rc=$?
	first=$(head -n 1 <<<"$out")
	if [ $rc = 2 ] && [[ $first == "cfx: learn: $tmp/01-t.lesson:4: "*" ($want)" ]] &&
	   ! grep -qF 'hashhash' <<<"$out" && ! grep -qF "${tok:0:20}" <<<"$out"; then
		ok "${line%% *} ... shows ($want)"
	else
		bad "${line%% *}: want ($want), status 2: ($rc) $first"
	fi
done
finish bad_token
