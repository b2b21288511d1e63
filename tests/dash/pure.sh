#!/bin/bash
# Drawing is a function of the state, and keys return what they ask
# (issue 27 item 3).  Held to the memory: pure_draw.c, linked with the
# dashboard's objects, builds a dashboard, lets keys change it through
# the update steps the loop runs, then copies every block the dashboard
# made and the program's static data, draws a frame and compares them
# byte for byte (K changed: the spectra above K were made while drawing;
# a lesson scrolled past its end: the pane clamped its scroll while
# drawing; both failed before).  Held to the sources: the drawing files
# keep no mutable variable of their own but the styles and glyphs
# dash_draw_init chooses once; the key handlers keep none (an action went
# out through a static `pending`); the lesson pane writes nothing through
# the const dashboard it is drawn from; each binding's handler returns its
# action.
. "$(dirname "$0")/lib.bash"
cd "$(dirname "$0")/../.." || exit 2

# statics FILE...: "FILE:NAME" of every static variable that is not const
statics() {
	python3 - "$@" <<'EOF'
import re, sys
for path in sys.argv[1:]:
    s = open(path).read()
    s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
    s = re.sub(r'"(\\.|[^"\\])*"', '""', s)
    for m in re.finditer(r'\bstatic\b', s):
        rest = s[m.end():]
        cut = min((rest.find(c) for c in ';(={' if rest.find(c) >= 0))
        head, stop = rest[:cut], rest[cut]
        if stop == '(':
            continue                    # a function
        if re.search(r'\bconst\b', head):
            continue
        if stop == '{':                 # static struct X { ... } name;
            depth, i = 0, cut
            while True:
                depth += rest[i] == '{'
                depth -= rest[i] == '}'
                i += 1
                if depth == 0:
                    break
            head = rest[i:rest.find(';', i)]
        names = re.findall(r'[A-Za-z_]\w*', re.sub(r'\[[^\]]*\]', '', head))
        print('%s:%s' % (path.split('/')[-1], names[-1] if names else '?'))
EOF
}

draw_files=$(ls src/dash/dash_draw.c src/dash/dash_paint.c src/dash/dash_panel_*.c \
	src/dash/dash_help.c src/dash/dash_hilite.c 2>/dev/null)
got=$(statics $draw_files | sort | tr '\n' ' ')
# the styles and glyphs, chosen once by dash_draw_init (in the primitives'
# file once the drawing is split, in dash_draw.c before)
case $got in
"dash_paint.c:g dash_paint.c:sty "|"dash_draw.c:g dash_draw.c:sty ") ok "drawing: only the styles and glyphs of dash_draw_init ($got)" ;;
*) bad "drawing keeps mutable statics: $got" ;;
esac
got=$(statics src/dash/dash_keys.c | tr '\n' ' ')
check "the key handlers keep no mutable static (${got:-none})" test -z "$got"
check "a binding's handler returns its action" \
	grep -q 'dash_action (\*fn)(dash \*d, int key)' src/dash/dash_ui.h
pane=$(awk '/^void dash_learn_pane\(const dash \*d/,/^}/' src/dash/dash_learn.c)
check "the lesson pane is drawn from a const dashboard" test -n "$pane"
check "    and writes nothing through it" \
	bash -c '! grep -qE "(dl|d->learn)->[a-z_]+ *(=[^=]|\+\+|--|\+=|-=)" <<<"$1"' _ "$pane"
check "    and reads its lesson through a const pointer" \
	grep -q 'const struct dlearn \*dl = d->learn;' <<<"$pane"

# ---- the memory ------------------------------------------------------------
# pure_draw is linked from the objects `make` built (every face's but
# main.o) and the library, with the build's own compiler and flags.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; tm_cleanup' EXIT
read -r cc flags < build/flags
ln -s "$PWD/build/cfx-lattice.so" "$tmp/"    # modload.h: beside the program
objs=$(ls build/lesson/*.o build/cli/*.o build/repl/*.o build/dash/*.o)
libs=$(sed -n 's/^PKG_LIBS *:*= *//p' build/config.mk)
incs=$(sed -n 's/^PKG_CFLAGS *:*= *//p' build/config.mk)
case " $flags " in
*-fsanitize=*) san=-fsanitize=address,undefined ;;   # the objects need it
*) san= ;;
esac
if ! $cc -std=c11 -O1 -g -Iinclude -Isrc -D_GNU_SOURCE $incs $san -rdynamic \
	-Wl,--wrap=keys_parse,--wrap=keys_family_set \
	-o "$tmp/pure_draw" tests/dash/pure_draw.c $objs build/libcfx.a \
	$(printf '%s\n' $libs | grep -v '^-lflint$') -ldl -lpthread 2>"$tmp/cc"; then
	cat "$tmp/cc"
	bad "pure_draw.c builds"
else
	# nm names a static written while drawing (its offset in the program)
	name_statics() {
		local line off
		while IFS= read -r line; do
			echo "$line"
			off=$(sed -n 's/.*static data at +0x\([0-9a-f]*\).*/\1/p' <<<"$line")
			[ -n "$off" ] && nm -n "$tmp/pure_draw" | python3 -c '
import sys
o, s = int(sys.argv[1], 16), "?"
for l in sys.stdin:
    f = l.split()
    if len(f) == 3 and int(f[0], 16) <= o:
        s = f[2]
print("    in " + s)' "$off"
		done
	}
	for what in plain spectrum lesson; do
		# pure_draw replaces malloc to see every block; AddressSanitizer
		# owns malloc (the replacement's blocks reach its free: "invalid
		# pointer"), so under SANITIZE=1 the byte comparison is the
		# release build's (CI's step 1), said, not run
		if [ -n "$san" ]; then
			echo "skip a frame changes no byte of the dashboard ($what): a sanitizer build owns malloc; the release build checks it"
			continue
		fi
		out=$(cd "$tmp" && HOME=$tmp XDG_STATE_HOME=$tmp/state \
		      CFX_LESSONS=$OLDPWD/lessons TERM=xterm-256color \
		      timeout 120 ./pure_draw $what </dev/null 2>&1)
		rc=$?
		printf '%s\n' "$out" | name_statics | sed 's/^/    /'
		check "a frame changes no byte of the dashboard ($what)" test $rc = 0
	done
	# (not drawing: the dashboard's --keys is parsed once, where the
	# option is read, and that value kept; it was parsed three times:
	# to check it, when the state began, and to make a key)
	for fam in stride:4096 file:/etc/hostname; do
		got=$(cd "$tmp" && ./pure_draw keys $fam </dev/null 2>/dev/null)
		check "cfx dash --keys $fam parses it once ($got)" test "$got" = "parsed 1"
	done
fi

tm_summary
